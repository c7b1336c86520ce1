//! Scenarios: the YAML format users write (format), loading it with precise
//! errors (load), running it through the engine (run), and checking its
//! expectations (expect).

pub mod format;
pub mod keywords;
pub mod load;
pub mod suggest;

pub use load::{ErrorKind, Scenario, ScenarioError, load};
