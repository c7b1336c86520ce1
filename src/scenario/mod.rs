//! Scenarios: the YAML format users write (format), loading it with precise
//! errors (load), building the engine's game from it (build), running the script
//! (run), checking expectations (expect), the verdict (verdict) and printing it
//! (output).

pub mod build;
pub mod database;
pub mod expect;
pub mod format;
pub mod keywords;
pub mod load;
pub mod output;
pub mod run;
pub mod suggest;
pub mod verdict;

pub use load::{ErrorKind, Scenario, ScenarioError, load};
pub use verdict::{Status, Verdict, evaluate, evaluate_with};

use std::path::{Path, PathBuf};

/// Scenario files under `paths` (folders searched recursively for .yaml/.yml),
/// sorted so that output is deterministic.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, crate::error::Error> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(crate::error::Error::usage(format!(
                "{}: no such file or folder",
                p.display()
            )));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), crate::error::Error> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(p);
        }
    }
    Ok(())
}
