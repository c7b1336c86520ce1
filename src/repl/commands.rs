//! The REPL's commands: each takes the session and a line, prints what it did, and says
//! whether it failed. Nothing typed can panic or lose the session: a failing command
//! leaves the state as it was.

use super::Session;
use super::look::{board, object, show, why};
use crate::engine::Game;
use crate::scenario::format::Step;
use crate::scenario::run::stepwise;
use serde_saphyr::Spanned;
use std::io::{self, Write};

/// What a command came to.
pub enum Outcome {
    Ok,
    /// The command could not be carried out (the message says why, or is empty when the
    /// command already printed why); nothing changed.
    Failed(String),
    Quit,
}

/// (name, arguments, what it does) — for `help` and completion.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "step",
        "[N]",
        "take the next N script steps (default 1), with their part of the trace",
    ),
    (
        "run",
        "",
        "take the rest of the script, the final passes, and check the expectations",
    ),
    (
        "back",
        "[N]",
        "undo N changes (default 1): the state and trace before them",
    ),
    ("goto", "N", "the state after script step N (0: the start)"),
    (
        "board",
        "",
        "the board: turn, battlefields, bases, units with Might, chain, decision",
    ),
    (
        "show",
        "OBJ",
        "one object: zone, controller, Might, damage, keywords, attachments",
    ),
    (
        "why",
        "[OBJ [ASPECT]]",
        "an object's characteristics with the layer breakdown (ASPECT: might, keywords, controller or tags: that one, with the layer that changes it); alone: the pending or last decision, its options and rules",
    ),
    (
        "trace",
        "[N] [--explain]",
        "the last N trace lines (default all), with rule text on request",
    ),
    (
        "do",
        "STEP",
        "any script step, as in the YAML script: do move: {units: [raider], to: The Bridge}",
    ),
    (
        "choose",
        "N|ANSWER",
        "answer the pending decision by option number, or as a choose step (target: Squire)",
    ),
    ("rule", "ID", "look a rule up (as `arbiter rule`)"),
    ("search", "WORDS", "search the rules (as `arbiter search`)"),
    ("define", "TERM", "the glossary (as `arbiter define`)"),
    ("refs", "ID", "references of a rule (as `arbiter refs`)"),
    ("load", "FILE", "load another scenario"),
    (
        "save",
        "FILE",
        "write a scenario that starts from the current state (checked by loading it), or from the latest earlier one it can express plus the script steps since",
    ),
    ("help", "[CMD]", "this list, or one command"),
    ("quit", "", "leave (also Ctrl-D)"),
];

/// Runs one line. I/O errors on `out` are the only `Err`.
pub fn execute(s: &mut Session, line: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Outcome::Ok);
    }
    let (cmd, rest) = match line.split_once(char::is_whitespace) {
        Some((c, r)) => (c, r.trim()),
        None => (line, ""),
    };
    let r = match cmd {
        "quit" | "exit" => return Ok(Outcome::Quit),
        "help" => help(s, rest, out),
        "step" => match count(rest, 1) {
            Ok(n) => step(s, n, out),
            Err(e) => Ok(Outcome::Failed(e)),
        },
        "run" => run(s, out),
        "back" => match count(rest, 1) {
            Ok(n) => back(s, n, out),
            Err(e) => Ok(Outcome::Failed(e)),
        },
        "goto" => match rest.parse::<usize>() {
            Ok(n) => goto(s, n, out),
            Err(_) => Ok(Outcome::Failed(
                "goto needs a step number, e.g. goto 2".into(),
            )),
        },
        "board" => board(&s.game, out).map(|_| Outcome::Ok),
        "show" => match object(s, rest) {
            Ok(id) => show(&s.game, id, out).map(|_| Outcome::Ok),
            Err(e) => Ok(Outcome::Failed(e)),
        },
        "why" => why(s, rest, out),
        "trace" => trace(s, rest, out),
        "do" => do_step(s, rest, out),
        "choose" => choose(s, rest, out),
        "rule" | "search" | "define" | "refs" => lookup(s, cmd, rest, out),
        "load" => load(s, rest, out),
        "save" => save(s, rest, out),
        other => {
            let names = COMMANDS.iter().map(|c| c.0);
            let near = crate::fuzzy::suggest(other, names, 2);
            Ok(Outcome::Failed(if near.is_empty() {
                format!("unknown command \"{other}\"; `help` lists the commands")
            } else {
                format!(
                    "unknown command \"{other}\" — did you mean \"{}\"?",
                    near.join("\" or \"")
                )
            }))
        }
    }?;
    out.flush()?;
    Ok(r)
}

fn count(arg: &str, default: usize) -> Result<usize, String> {
    if arg.is_empty() {
        return Ok(default);
    }
    match arg.parse::<usize>() {
        Ok(n) if (1..=super::MAX_COUNT_ARG).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number from 1 to {}, found \"{arg}\"",
            super::MAX_COUNT_ARG
        )),
    }
}

fn help(s: &Session, arg: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    use crate::render::text::wrap_spaced;
    let width = crate::render::Out::styler(s.color).width;
    if arg.is_empty() {
        // the descriptions in a column, wrapped beneath it
        let w = COMMANDS
            .iter()
            .map(|(n, a, _)| n.len() + 1 + a.len())
            .max()
            .unwrap_or(0);
        let hang = " ".repeat(w + 4);
        for (n, a, what) in COMMANDS {
            let name = format!("  {:<w$}  ", format!("{n} {a}"));
            for l in wrap_spaced(what, width, &name, &hang) {
                writeln!(out, "{l}")?;
            }
        }
        return Ok(Outcome::Ok);
    }
    match COMMANDS.iter().find(|c| c.0 == arg) {
        Some((n, a, what)) => {
            writeln!(out, "{n} {a}")?;
            for l in wrap_spaced(what, width, "  ", "  ") {
                writeln!(out, "{l}")?;
            }
            Ok(Outcome::Ok)
        }
        None => Ok(Outcome::Failed(format!("no command \"{arg}\""))),
    }
}

/// Prints the trace events from `from` on, the rule ids dimmed and linked as `run` prints
/// them when stdout is a terminal (the colour and hyperlink policy of the other commands).
fn print_trace(
    g: &Game,
    from: usize,
    out: &mut dyn Write,
    explain: bool,
    style: &crate::render::Out,
) -> io::Result<()> {
    let mut explained = std::collections::HashSet::new();
    for e in g.trace.events.iter().skip(from) {
        let ids: Vec<&str> = e.rules.iter().map(|c| c.id()).collect();
        let rules = if ids.is_empty() {
            String::new()
        } else {
            let linked: Vec<String> = ids
                .iter()
                .map(|id| style.rule_link("riftbound", "2026-03-30", id, id))
                .collect();
            format!("  {}", style.dim(&format!("[{}]", linked.join(", "))))
        };
        let indent = "  ".repeat(e.depth as usize);
        for l in crate::scenario::output::trace_line(style.width, &indent, &e.text, &rules) {
            writeln!(out, "{l}")?;
        }
        if explain {
            let pad = format!("{indent}    ");
            for id in ids {
                if explained.insert(id) {
                    for l in crate::scenario::output::explained(id, style.width, pad.len()) {
                        writeln!(out, "{pad}{}", style.dim(&l))?;
                    }
                }
            }
        }
    }
    Ok(())
}

fn step(s: &mut Session, n: usize, out: &mut dyn Write) -> io::Result<Outcome> {
    for _ in 0..n {
        if s.next >= s.steps().len() {
            writeln!(
                out,
                "the script has no more steps ({} taken); `run` finishes it",
                s.next
            )?;
            return Ok(Outcome::Ok);
        }
        let i = s.next;
        let from = s.game.trace.events.len();
        let step = &s.scenario.file.script[i];
        let saved = s.game.save();
        match stepwise::step(&s.scenario, &s.built, &mut s.game, i, step) {
            Ok(checked) => {
                s.keep(saved, true);
                s.next += 1;
                writeln!(out, "step {} of {}:", i + 1, s.steps().len())?;
                print_trace(
                    &s.game,
                    from,
                    out,
                    false,
                    &crate::render::Out::styler(s.color),
                )?;
                report_checked(&checked, out, &crate::render::Out::styler(s.color))?;
                pending(&s.game, out)?;
            }
            Err(e) => {
                s.game.restore(saved);
                return Ok(Outcome::Failed(format!("step {}: {}", i + 1, e.input)));
            }
        }
    }
    Ok(Outcome::Ok)
}

fn report_checked(
    checked: &[crate::scenario::expect::Checked],
    out: &mut dyn Write,
    style: &crate::render::Out,
) -> io::Result<()> {
    for c in checked {
        match &c.failure {
            None => writeln!(out, "  {} {}", style.good("✓"), c.subject)?,
            Some(f) => {
                writeln!(out, "  {} {}", style.bad("✗"), c.subject)?;
                for d in &f.diffs {
                    writeln!(
                        out,
                        "      {}: expected {}, actual {}",
                        d.attribute, d.expected, d.actual
                    )?;
                }
            }
        }
    }
    Ok(())
}

pub(super) fn pending(g: &Game, out: &mut dyn Write) -> io::Result<()> {
    if let Some(d) = g.pending_decision() {
        writeln!(out, "decision pending — {}", d.describe().trim_end())?;
        writeln!(out, "answer with `choose N`")?;
    }
    Ok(())
}

fn run(s: &mut Session, out: &mut dyn Write) -> io::Result<Outcome> {
    if s.game.pending_decision().is_some() {
        pending(&s.game, out)?;
        return Ok(Outcome::Failed(
            "a decision is pending: `choose N` first".into(),
        ));
    }
    let left = s.steps().len() - s.next;
    if left > 0 {
        if let Outcome::Failed(e) = step(s, left, out)? {
            return Ok(Outcome::Failed(e));
        }
        if s.game.pending_decision().is_some() {
            return Ok(Outcome::Ok);
        }
    }
    let from = s.game.trace.events.len();
    let saved = s.game.save();
    match stepwise::finish(&s.scenario, &s.built, &mut s.game) {
        Ok(checked) => {
            s.keep(saved, false);
            s.finished = true;
            print_trace(
                &s.game,
                from,
                out,
                false,
                &crate::render::Out::styler(s.color),
            )?;
            writeln!(out, "end of the script")?;
            report_checked(&checked, out, &crate::render::Out::styler(s.color))?;
            Ok(Outcome::Ok)
        }
        Err(e) => {
            s.game.restore(saved);
            Ok(Outcome::Failed(e.input.to_string()))
        }
    }
}

fn back(s: &mut Session, n: usize, out: &mut dyn Write) -> io::Result<Outcome> {
    if s.history.is_empty() {
        return Ok(Outcome::Failed(
            "nothing to go back to: this is the start".into(),
        ));
    }
    let n = n.min(s.history.len());
    let keep = s.history.len() - n;
    let (g, next, _) = s.history.swap_remove(keep);
    s.history.truncate(keep);
    s.game.restore(g);
    s.next = next;
    s.finished = false;
    writeln!(
        out,
        "back {n}: before script step {} ({} trace lines)",
        s.next + 1,
        s.game.trace.events.len()
    )?;
    Ok(Outcome::Ok)
}

fn goto(s: &mut Session, n: usize, out: &mut dyn Write) -> io::Result<Outcome> {
    if n > s.steps().len() {
        return Ok(Outcome::Failed(format!(
            "the script has {} steps",
            s.steps().len()
        )));
    }
    // the state at the start is the first remembered, or the current one
    if !s.history.is_empty() {
        let (g, next, _) = s.history.swap_remove(0);
        s.history.clear();
        s.game.restore(g);
        s.next = next;
    }
    s.finished = false;
    let mut sink = io::sink();
    if n > 0
        && let Outcome::Failed(e) = step(s, n, &mut sink)?
    {
        return Ok(Outcome::Failed(e));
    }
    writeln!(out, "at script step {} of {}", s.next, s.steps().len())?;
    Ok(Outcome::Ok)
}

fn trace(s: &Session, arg: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    let explain = arg.contains("--explain");
    let n = arg.replace("--explain", "");
    let n = n.trim();
    let total = s.game.trace.events.len();
    let from = if n.is_empty() {
        0
    } else {
        match n.parse::<usize>() {
            Ok(k) => total.saturating_sub(k),
            Err(_) => {
                return Ok(Outcome::Failed(format!(
                    "trace takes a number, found \"{n}\""
                )));
            }
        }
    };
    print_trace(
        &s.game,
        from,
        out,
        explain,
        &crate::render::Out::styler(s.color),
    )?;
    Ok(Outcome::Ok)
}

/// A step written as in the YAML script ("move: {units: [raider], to: The Bridge}").
fn parse_step(text: &str) -> Result<Spanned<Step>, String> {
    let yaml = format!("- {text}\n");
    let mut steps: Vec<Spanned<Step>> = serde_saphyr::from_str(&yaml)
        .map_err(|e| crate::scenario::load::yaml_message(&yaml, &e))?;
    steps.pop().ok_or_else(|| "not a script step".to_string())
}

fn do_step(s: &mut Session, text: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    if text.is_empty() {
        return Ok(Outcome::Failed(
            "do needs a step, e.g. do move: {units: [raider], to: The Bridge}".into(),
        ));
    }
    let step = match parse_step(text) {
        Ok(st) => st,
        Err(e) => return Ok(Outcome::Failed(format!("not a script step: {e}"))),
    };
    let from = s.game.trace.events.len();
    let saved = s.game.save();
    match stepwise::step(&s.scenario, &s.built, &mut s.game, s.next, &step) {
        Ok(checked) => {
            s.keep(saved, false);
            print_trace(
                &s.game,
                from,
                out,
                false,
                &crate::render::Out::styler(s.color),
            )?;
            report_checked(&checked, out, &crate::render::Out::styler(s.color))?;
            pending(&s.game, out)?;
            Ok(Outcome::Ok)
        }
        Err(e) => {
            s.game.restore(saved);
            Ok(Outcome::Failed(typed_error(&e.input, text, 2)))
        }
    }
}

/// The error of a typed step, placed in what was typed: the step is read as the YAML
/// `- STEP` (`offset` columns before what was typed), so its line 1 is the typed line, not
/// the scenario file's; an error placed elsewhere keeps its place.
fn typed_error(e: &crate::error::InputError, typed: &str, offset: usize) -> String {
    match (e.line, e.column) {
        (Some(1), Some(c)) | (None, Some(c)) => {
            let mut m = e.message.clone();
            let col = c.saturating_sub(offset);
            if (1..=typed.chars().count()).contains(&col) {
                m.push_str(&format!(" (column {col} of `{typed}`)"));
            }
            if let Some(h) = &e.hint {
                m.push_str(&format!("\n  hint: {h}"));
            }
            m
        }
        (None, None) => {
            let mut m = e.message.clone();
            if let Some(h) = &e.hint {
                m.push_str(&format!("\n  hint: {h}"));
            }
            m
        }
        _ => e.to_string(),
    }
}

fn choose(s: &mut Session, arg: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    let Some(d) = s.game.pending_decision().cloned() else {
        return Ok(Outcome::Failed("no decision is pending".into()));
    };
    if arg.is_empty() {
        writeln!(out, "{}", d.describe().trim_end())?;
        return Ok(Outcome::Ok);
    }
    let from = s.game.trace.events.len();
    let saved = s.game.save();
    let g = &mut s.game;
    let r = match arg.parse::<usize>() {
        Ok(n) if (1..=d.options.len()).contains(&n) => {
            stepwise::choose(g, n).map_err(|e| e.to_string())
        }
        Ok(n) => Err(format!(
            "option {n} does not exist; the options are 1 to {}",
            d.options.len()
        )),
        Err(_) => match parse_step(&format!("choose: {{{arg}}}")) {
            Ok(step) => stepwise::step(&s.scenario, &s.built, g, s.next, &step)
                .map(|_| ())
                .map_err(|e| typed_error(&e.input, arg, "- choose: {".len())),
            Err(e) => Err(format!("not a choice: {e}")),
        },
    };
    match r {
        Ok(()) => {
            s.keep(saved, false);
            // a scripted choose step that this answers is taken with it
            if let Some(Step::Choose(_)) = s.steps().get(s.next).map(|st| &st.value) {
                s.next += 1;
            }
            print_trace(
                &s.game,
                from,
                out,
                false,
                &crate::render::Out::styler(s.color),
            )?;
            pending(&s.game, out)?;
            Ok(Outcome::Ok)
        }
        Err(e) => {
            s.game.restore(saved);
            Ok(Outcome::Failed(e))
        }
    }
}

fn lookup(s: &Session, cmd: &str, rest: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    use clap::Parser;
    let color = match s.color {
        crate::render::ColorChoice::Always => "always",
        crate::render::ColorChoice::Never => "never",
        crate::render::ColorChoice::Auto => "auto",
    };
    let mut args = vec![
        "arbiter".to_string(),
        "--color".into(),
        color.into(),
        cmd.into(),
    ];
    args.extend(rest.split_whitespace().map(String::from));
    out.flush()?;
    let cli = match crate::cli::Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            return Ok(Outcome::Failed(crate::usage_message(
                &e.render().to_string(),
            )));
        }
    };
    match crate::cli::run(cli) {
        Ok(()) => Ok(Outcome::Ok),
        // a search without hits said so itself: the failure is counted, not said again
        Err(crate::Error::Quiet) => Ok(Outcome::Failed(String::new())),
        Err(e) => Ok(Outcome::Failed(e.to_string())),
    }
}

fn load(s: &mut Session, file: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    if file.is_empty() {
        return Ok(Outcome::Failed("load needs a scenario file".into()));
    }
    match Session::open(
        Some(std::path::Path::new(file)),
        s.database.clone(),
        s.color,
    ) {
        Ok(new) => {
            *s = new;
            writeln!(out, "loaded {} ({} steps)", s.path, s.steps().len())?;
            Ok(Outcome::Ok)
        }
        Err(e) => Ok(Outcome::Failed(e.to_string())),
    }
}

fn save(s: &Session, file: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    if file.is_empty() {
        return Ok(Outcome::Failed("save needs a file name".into()));
    }
    match super::save::scenario_text(s) {
        Ok(saved) => match std::fs::write(
            file,
            super::save::relocate(&saved.text, s, std::path::Path::new(file)),
        ) {
            Ok(()) => {
                if saved.replay == 0 {
                    writeln!(
                        out,
                        "saved {file}: `arbiter run {file}` starts from this state"
                    )?;
                } else {
                    writeln!(
                        out,
                        "saved {file}: the set-up cannot express this state, so the file starts {} script step(s) before it (its first lines say why); `arbiter repl {file}` and `step {}` reach it",
                        saved.replay, saved.replay
                    )?;
                }
                Ok(Outcome::Ok)
            }
            Err(e) => Ok(Outcome::Failed(format!("cannot write {file}: {e}"))),
        },
        Err(e) => Ok(Outcome::Failed(format!("cannot save this state: {e}"))),
    }
}
