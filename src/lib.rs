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

/// Runs the command line; returns the process exit code. Errors are reported here, once:
/// as text on stderr (colour-aware), or with `--json` as a JSON document on stdout
/// ([`error::ErrorDocument`]) when the command printed none of its own — with the same exit
/// code either way.
pub fn main_with_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    use clap::FromArgMatches;
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    // clap's own help, usage errors and version obey --color / NO_COLOR (issue 15)
    // `-V` prints the short version; only `--version` needs the long one
    let version = args.iter().skip(1).any(|a| a == "--version");
    let parsed = cli::command(cli::color_arg(&args), version)
        .try_get_matches_from(&args)
        .and_then(|m| cli::Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) if e.use_stderr() && args.iter().skip(1).any(|a| a == "--json") => {
            // a usage error exits 2 whether or not stdout takes the document
            let _ = write_document(&error::ErrorDocument::of(&usage_error(&e)));
            return 2;
        }
        Err(e) if e.use_stderr() && echoes_too_much(&e) => {
            // a usage error that would echo a huge value (`--color` with 100,000
            // characters): the same text, with the value bounded, without colour
            to_stderr(&error::bound_echoes(&e.render().to_string()));
            return 2;
        }
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
    let (color, json) = (cli.color, cli.json);
    let mut out = cli::output(&cli);
    let res = cli::execute(&mut out, cli);
    let res = match res {
        Err(e)
            if json && !e.is_broken_pipe() && !matches!(e, Error::Quiet) && !out.wrote_json() =>
        {
            // the error is the document
            match out.document(&error::ErrorDocument::of(&e)) {
                Ok(()) => Err(Error::Reported(e.exit_code())),
                Err(w) => Err(Error::Io(w)),
            }
        }
        other => other,
    };
    let res = match (res, out.finish()) {
        (Ok(()), Err(w)) => Err(Error::Io(w)),
        (res, _) => res,
    };
    match res {
        Ok(()) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e @ (Error::Quiet | Error::Reported(_))) => e.exit_code(),
        Err(e) => {
            report(&e, color);
            e.exit_code()
        }
    }
}

/// Whether clap's usage error would print back a value past what an error echoes.
fn echoes_too_much(e: &clap::Error) -> bool {
    let text = e.render().to_string();
    error::bound_echoes(&text) != text
}

/// clap's usage error as ours: its message, and the argument, value or command it
/// suggests.
pub fn usage_error(e: &clap::Error) -> Error {
    use clap::error::{ContextKind, ContextValue};
    let message = usage_message(&e.render().to_string());
    let mut suggestions = Vec::new();
    for kind in [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
        ContextKind::SuggestedSubcommand,
    ] {
        match e.get(kind) {
            Some(ContextValue::String(s)) => suggestions.push(s.clone()),
            Some(ContextValue::Strings(v)) => suggestions.extend(v.iter().cloned()),
            _ => {}
        }
    }
    Error::Usage {
        message,
        suggestions,
    }
}

/// The message of clap's rendered usage error, on one line: its first line without the
/// `error: ` label, and when that line ends with a colon, the indented lines it introduces
/// ("the following required arguments were not provided: <ID>"), not the usage or tips
/// after them.
pub fn usage_message(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("").trim();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    if message.ends_with(':') {
        let listed: Vec<&str> = lines
            .take_while(|l| l.starts_with("  ") && !l.trim().is_empty())
            .map(str::trim)
            .collect();
        if !listed.is_empty() {
            message.push(' ');
            message.push_str(&listed.join(", "));
        }
    }
    message
}

/// A JSON document on stdout, written directly (no pager: clap failed before there was one).
fn write_document<T: serde::Serialize>(doc: &T) -> std::io::Result<()> {
    use std::io::Write;
    let mut w = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut w, doc)?;
    w.write_all(b"\n")?;
    w.flush()
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
        let names: Vec<String> = suggestions.iter().map(|s| error::bounded(s)).collect();
        text.push_str(&format!("  did you mean: {}\n", names.join(", ")));
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
