//! The rules as data: every embedded edition, looked up by game, edition and id.

pub mod defining;
pub mod diff;
pub mod import;
pub mod library;

pub use import::model::{
    Counterpart, Edition, IdStyle, Passage, Provenance, Recovered, Ref, RefField, RefKind, Rule,
    RuleId, Section, Seg, Term, TermSource,
};
pub use library::Library;
