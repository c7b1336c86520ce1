//! `arbiter run`, `arbiter test`, `arbiter check`.

use crate::error::{Error, Result};
use crate::render::Out;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The scenario file (YAML).
    pub file: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Scenario files or folders.
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The scenario file (YAML).
    pub file: PathBuf,
}

pub fn run(_out: &mut Out, _args: RunArgs) -> Result<()> {
    Err(Error::usage("the scenario engine is not available yet"))
}

pub fn test(_out: &mut Out, _args: TestArgs) -> Result<()> {
    Err(Error::usage("the scenario engine is not available yet"))
}

pub fn check(_out: &mut Out, _args: CheckArgs) -> Result<()> {
    Err(Error::usage("the scenario engine is not available yet"))
}
