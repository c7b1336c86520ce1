//! `arbiter run`, `arbiter test`, `arbiter check`.
//!
//! Exit codes: 0 every expectation holds (or the expected error occurred);
//! 1 an expectation failed; 2 the scenario is invalid (a load error, an
//! unsupported ability, an unscripted decision with several options) or usage.

use crate::error::{Error, Result};
use crate::render::Out;
use crate::scenario::{self, Status, output};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The card database (set from `--cards`/`ARBITER_CARDS`; not an argument here).
    #[arg(skip)]
    pub database: Option<std::sync::Arc<crate::cards::Database>>,
    /// The scenario file (YAML).
    pub file: PathBuf,
    /// Print each cited rule's text beneath the first line that cites it.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// The card database (set from `--cards`/`ARBITER_CARDS`; not an argument here).
    #[arg(skip)]
    pub database: Option<std::sync::Arc<crate::cards::Database>>,
    /// Scenario files or folders (searched recursively for *.yaml / *.yml).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The card database (set from `--cards`/`ARBITER_CARDS`; not an argument here).
    #[arg(skip)]
    pub database: Option<std::sync::Arc<crate::cards::Database>>,
    /// The scenario file (YAML).
    pub file: PathBuf,
}

/// `arbiter test --json` (schema `test/1`): each scenario's verdict (as `run --json`,
/// without trace and state) and the counts.
#[derive(serde::Serialize)]
struct TestJson {
    schema: &'static str,
    scenarios: Vec<serde_json::Value>,
    passed: usize,
    failed: usize,
}

/// `arbiter check --json` (schema `check/1`): what a valid scenario holds, or for one
/// that fails to load as it expects, that error (`expected_error`, its kind, and `error`,
/// its message); what does not apply is `null`.
#[derive(serde::Serialize)]
struct CheckJson<'a> {
    schema: &'static str,
    file: &'a str,
    ok: bool,
    title: Option<&'a str>,
    players: Option<&'a [String]>,
    battlefields: Option<&'a [String]>,
    objects: Option<usize>,
    steps: Option<usize>,
    expectations: Option<usize>,
    expected_error: Option<&'static str>,
    error: Option<String>,
}

/// `arbiter run FILE`: the timeline with rule citations, then the expectations.
pub fn run(out: &mut Out, args: RunArgs) -> Result<()> {
    let path = scenario::load::label(&args.file);
    let source = scenario::load::read(&args.file)?;
    let v = scenario::evaluate_with(&path, &source, args.database.as_deref());
    if out.json {
        out.document(&output::verdict_json(&v, true))?;
    } else {
        output::run_text(out, &v, args.explain)?;
    }
    match v.status {
        Status::Pass => Ok(()),
        Status::Fail(reasons) => Err(Error::Failed(format!(
            "{path}: {} failed",
            reasons.join("; ")
        ))),
        Status::Invalid(e) => {
            out.flush()?;
            Err(e.into())
        }
    }
}

/// `arbiter test PATHS...`: one line per scenario, diffs on failure, and a final
/// line `N passed, N failed`.
pub fn test(out: &mut Out, args: TestArgs) -> Result<()> {
    let files = scenario::collect(&args.paths)?;
    if files.is_empty() {
        return Err(Error::usage("no scenario files (*.yaml, *.yml) found"));
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut results = Vec::new();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    evaluate_all(&files, args.database.as_deref(), threads, |v| {
        let path = v.path.clone();
        let ok = matches!(v.status, Status::Pass);
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
        if out.json {
            // kept as the value its typed form serializes to: the verdicts themselves hold
            // whole games
            results.push(
                serde_json::to_value(output::verdict_json(&v, false))
                    .map_err(std::io::Error::other)?,
            );
            return Ok(());
        }
        let title = v.title.as_deref().unwrap_or("");
        match &v.status {
            Status::Pass => out.line(format!("{} {path}  {}", out.good("pass"), out.dim(title)))?,
            Status::Fail(reasons) => {
                out.line(format!("{} {path}  {}", out.bad("FAIL"), out.dim(title)))?;
                match v.outcome.as_ref().filter(|o| !o.failures().is_empty()) {
                    Some(o) => output::expectations(out, &o.checked, false)?,
                    None => {
                        for r in reasons {
                            out.line(format!("  {} {r}", out.bad("✗")))?;
                        }
                    }
                }
            }
            Status::Invalid(e) => {
                out.line(format!("{} {path}  {}", out.bad("FAIL"), out.dim(title)))?;
                out.line(format!(
                    "  {} invalid scenario ({}): {}",
                    out.bad("✗"),
                    e.kind.name(),
                    e.input
                ))?;
            }
        }
        Ok(())
    })?;
    if out.json {
        out.document(&TestJson {
            schema: "test/1",
            scenarios: results,
            passed,
            failed,
        })?;
    } else {
        out.line(format!("{passed} passed, {failed} failed"))?;
    }
    if failed > 0 {
        Err(Error::Failed(format!(
            "{failed} of {} scenarios failed",
            passed + failed
        )))
    } else {
        Ok(())
    }
}

/// The verdict on one scenario file; a file that cannot be read is an invalid scenario.
fn verdict_of(f: &std::path::Path, database: Option<&crate::cards::Database>) -> scenario::Verdict {
    let path = f.display().to_string();
    match scenario::load::read(f) {
        Ok(source) => scenario::evaluate_with(&path, &source, database),
        Err(e) => {
            let input = match e {
                Error::Input(i) => i,
                Error::Scenario { input, .. } => *input,
                other => crate::error::InputError {
                    file: path.clone(),
                    line: None,
                    column: None,
                    message: other.to_string(),
                    hint: None,
                },
            };
            scenario::Verdict {
                path,
                title: None,
                ruling: None,
                labels: Vec::new(),
                cards: Vec::new(),
                outcome: None,
                database: None,
                expected_error: None,
                status: Status::Invalid(scenario::ScenarioError {
                    kind: scenario::ErrorKind::Yaml,
                    input: Box::new(input),
                    rule: None,
                }),
            }
        }
    }
}

/// Evaluates `files` on up to `threads` threads and hands each verdict to `each` in the
/// order of `files`, as soon as it and every verdict before it are ready, so the output
/// is the sequential run's whatever the scheduling. Each scenario builds its own game,
/// so nothing is shared between threads but the read-only card database. An error from
/// `each` (a closed pipe) stops the workers at their next scenario.
fn evaluate_all(
    files: &[PathBuf],
    database: Option<&crate::cards::Database>,
    threads: usize,
    mut each: impl FnMut(scenario::Verdict) -> Result<()>,
) -> Result<()> {
    let threads = threads.clamp(1, files.len().max(1));
    if threads == 1 {
        for f in files {
            each(verdict_of(f, database))?;
        }
        return Ok(());
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, scenario::Verdict)>();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (tx, next) = (tx.clone(), &next);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(f) = files.get(i) else { break };
                    if tx.send((i, verdict_of(f, database))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // verdicts that arrived before an earlier one, by index
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, v) in rx {
            waiting.insert(i, v);
            while let Some(v) = waiting.remove(&due) {
                each(v)?;
                due += 1;
            }
        }
        Ok(())
    })
}

/// `arbiter check FILE`: loads and validates a scenario (and builds its game, so that
/// unsupported abilities are reported) without running it. A scenario that expects a
/// load error passes when exactly that error occurs.
pub fn check(out: &mut Out, args: CheckArgs) -> Result<()> {
    let path = scenario::load::label(&args.file);
    let source = scenario::load::read(&args.file)?;
    let expected = scenario::load::expected_error(&source);
    let loaded = scenario::load::load_with(&path, &source, args.database.as_deref())
        .and_then(|(s, _)| scenario::build::build(&s).map(|_| s));
    match loaded {
        Ok(s) => {
            if out.json {
                out.document(&CheckJson {
                    schema: "check/1",
                    file: &path,
                    ok: true,
                    title: Some(&s.file.title),
                    players: Some(&s.players),
                    battlefields: Some(&s.battlefields),
                    objects: Some(s.objects.len()),
                    steps: Some(s.file.script.len()),
                    expectations: Some(s.file.expect.len()),
                    expected_error: None,
                    error: None,
                })?;
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
                .is_some_and(|x| scenario::verdict::matches(x, &e)) =>
        {
            if out.json {
                out.document(&CheckJson {
                    schema: "check/1",
                    file: &path,
                    ok: true,
                    title: None,
                    players: None,
                    battlefields: None,
                    objects: None,
                    steps: None,
                    expectations: None,
                    expected_error: Some(e.kind.name()),
                    error: Some(e.input.to_string()),
                })?;
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
        // with --json, reported as the error document (`scenario_kind`, `line`, `column`, …)
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each scenario's path and how it ended, as `evaluate_all` hands them over.
    fn verdicts(files: &[PathBuf], threads: usize) -> Vec<(String, &'static str)> {
        let mut seen = Vec::new();
        evaluate_all(files, None, threads, |v| {
            let status = match v.status {
                Status::Pass => "pass",
                Status::Fail(_) => "fail",
                Status::Invalid(_) => "invalid",
            };
            seen.push((v.path, status));
            Ok(())
        })
        .expect("no error from the sink");
        seen
    }

    #[test]
    fn parallel_verdicts_come_in_the_sequential_order() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let files = scenario::collect(&[root.join("combat"), root.join("errors")]).unwrap();
        let sequential = verdicts(&files, 1);
        let paths: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        assert_eq!(
            sequential
                .iter()
                .map(|(p, _)| p.clone())
                .collect::<Vec<_>>(),
            paths
        );
        // more threads than cores, so that verdicts arrive out of order
        assert_eq!(verdicts(&files, 4), sequential);
        assert_eq!(verdicts(&files, 3), sequential);
    }

    #[test]
    fn an_error_from_the_sink_stops_the_run() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let files = scenario::collect(&[root.join("combat")]).unwrap();
        assert!(files.len() > 3);
        let mut handed = 0;
        let r = evaluate_all(&files, None, 2, |_| {
            handed += 1;
            if handed == 3 {
                Err(Error::usage("closed"))
            } else {
                Ok(())
            }
        });
        assert!(r.is_err());
        assert_eq!(handed, 3, "nothing is handed over after the error");
    }
}
