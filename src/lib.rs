//! arbiter: Riftbound rules as data, a search over them, and a rules engine that
//! explains its rulings with citations. See the README for the commands.

pub mod cards;
pub mod cli;
pub mod engine;
pub mod error;
pub mod fuzzy;
pub mod limits;
pub mod paths;
pub mod render;
pub mod repl;
pub mod rulebook;
pub mod scenario;
pub mod search;

pub use error::{Error, Result};

/// Runs the command line; returns the process exit code. Errors are reported here,
/// once: colour-aware, on stderr.
pub fn main_with_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    use clap::FromArgMatches;
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    // clap's own help, usage errors and version obey --color / NO_COLOR (issue 15)
    let parsed = cli::command(cli::color_arg(&args))
        .try_get_matches_from(&args)
        .and_then(|m| cli::Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            // help or version on a full device is an output error (exit 2), not a success;
            // a closed pipe (`arbiter --help | head`) is not an error
            return match e.print() {
                Err(w) if w.kind() != std::io::ErrorKind::BrokenPipe => 2,
                _ => code,
            };
        }
    };
    let color = cli.color;
    match cli::run(cli) {
        Ok(()) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(Error::Quiet) => 1,
        Err(e) => {
            report(&e, color);
            e.exit_code()
        }
    }
}

fn report(e: &Error, color: render::ColorChoice) {
    use owo_colors::OwoColorize;
    use std::io::IsTerminal;
    let on = match color {
        render::ColorChoice::Always => true,
        render::ColorChoice::Never => false,
        render::ColorChoice::Auto => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").as_deref() != Ok("dumb")
        }
    };
    let label = match e {
        Error::Failed(_) => "failed",
        Error::NotFound { .. } => "not found",
        _ => "error",
    };
    let label = if on {
        label.red().bold().to_string()
    } else {
        label.to_string()
    };
    let mut text = format!("{label}: {e}\n");
    if let Error::Usage { suggestions, .. } | Error::NotFound { suggestions, .. } = e
        && !suggestions.is_empty()
    {
        text.push_str(&format!("  did you mean: {}\n", suggestions.join(", ")));
    }
    to_stderr(&text);
}

/// Writes to stderr without panicking: when stderr itself is a full device or a closed
/// pipe there is nowhere left to report to, and the exit code carries the outcome
/// (`eprintln!` would panic with exit 101 instead).
pub fn to_stderr(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
