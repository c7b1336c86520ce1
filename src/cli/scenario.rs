//! `arbiter run`, `arbiter test`, `arbiter check`.

use crate::error::{Error, Result};
use crate::render::Out;
use crate::scenario;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The scenario file (YAML).
    pub file: PathBuf,
    /// Print each cited rule's text beneath the line that cites it.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Scenario files or folders (searched recursively for *.yaml / *.yml).
    #[arg(required = true)]
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

/// `arbiter check FILE`: loads and validates a scenario without running it.
/// A scenario that expects a load error passes when exactly that error occurs.
pub fn check(out: &mut Out, args: CheckArgs) -> Result<()> {
    let path = args.file.display().to_string();
    let source = scenario::load::read(&args.file)?;
    let expected = scenario::load::expected_error(&source);
    match scenario::load(&path, &source) {
        Ok(s) => {
            if out.json {
                out.json_value(&serde_json::json!({
                    "file": path,
                    "ok": true,
                    "title": s.file.title,
                    "players": s.players,
                    "battlefields": s.battlefields,
                    "objects": s.objects.len(),
                    "steps": s.file.script.len(),
                    "expectations": s.file.expect.len(),
                }))?;
            } else {
                out.line(format!(
                    "{} {path}: {} ({} objects, {} steps, {} expectations)",
                    out.good("ok"),
                    s.file.title,
                    s.objects.len(),
                    s.file.script.len(),
                    s.file.expect.len()
                ))?;
            }
            Ok(())
        }
        Err(e)
            if expected
                .as_ref()
                .is_some_and(|x| x.kind.value == e.kind.name()) =>
        {
            if out.json {
                out.json_value(&serde_json::json!({
                    "file": path, "ok": true, "expected_error": e.kind.name(),
                    "error": e.input.to_string(),
                }))?;
            } else {
                out.line(format!(
                    "{} {path}: fails to load as expected ({}): {}",
                    out.good("ok"),
                    e.kind.name(),
                    e.input.message
                ))?;
            }
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}
