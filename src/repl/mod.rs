//! `arbiter repl [FILE]`: step through a scenario, look at the board, ask why, go back, try
//! another step, look rules up — on one cloneable game (back restores a saved state, trace
//! included). Interactive on a terminal (rustyline: history, completion, Ctrl-C cancels the
//! line, Ctrl-D quits); with piped input it runs the commands with no prompt and exits 2 if
//! one failed, so sessions can be scripted and tested.

pub mod commands;
mod complete;
mod look;
pub mod save;

use crate::engine::Game;
use crate::error::{Error, Result};
use crate::scenario::build::{self, Built};
use crate::scenario::format::Step;
use crate::scenario::load::{self, Scenario};
use crate::scenario::run::stepwise;
use serde_saphyr::Spanned;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The most commands one session runs, and the longest line read (bounds on user input).
pub const MAX_LINE: usize = 64 * 1024;
/// How many states `back` can return to: the start and the latest changes. Each is a copy
/// of the game (up to `limits::MAX_OBJECTS` objects and `MAX_EFFECTS` effects): 10,000 of
/// a 490-unit board held 811 MB.
pub const MAX_HISTORY: usize = 1_000;
/// The largest count a command takes (`step N`, `back N`).
pub const MAX_COUNT_ARG: usize = 10_000;

/// A scenario loaded for stepping: its file, the game now, where the script is, and the
/// states before each step taken (for `back`).
pub struct Session {
    pub path: String,
    pub source: String,
    pub scenario: Scenario,
    pub built: Built,
    pub game: Game,
    /// The next script step (from 0).
    pub next: usize,
    /// States before each change, newest last: (saved game, next, whether the change was
    /// the script's step `next` taken as written). A saved game holds no copy of the trace;
    /// restoring truncates the current one.
    pub history: Vec<(crate::engine::Saved, usize, bool)>,
    /// The script has been run to its end and the final expectations checked.
    pub finished: bool,
    /// The card database the session was started with (kept for `load`).
    pub database: Option<std::sync::Arc<crate::cards::Database>>,
    /// --color as given, for the lookups.
    pub color: crate::render::ColorChoice,
}

/// The scenario `arbiter repl` starts from without a file: an empty duel.
const EMPTY: &str = "title: An empty duel\nsetup:\n  turn: {player: A, phase: main}\n  players:\n    A: {}\n    B: {}\n";

impl Session {
    /// Loads `path` (or the empty duel) and starts its game.
    pub fn open(
        path: Option<&Path>,
        database: Option<std::sync::Arc<crate::cards::Database>>,
        color: crate::render::ColorChoice,
    ) -> Result<Session> {
        let (shown, source) = match path {
            Some(p) => (p.display().to_string(), load::read(p)?),
            None => ("(empty duel)".to_string(), EMPTY.to_string()),
        };
        Session::from_source(shown, source, database, color)
    }

    /// A session on scenario text, as if read from `shown` (a card database path in it is
    /// relative to that file's folder).
    pub fn from_source(
        shown: String,
        source: String,
        database: Option<std::sync::Arc<crate::cards::Database>>,
        color: crate::render::ColorChoice,
    ) -> Result<Session> {
        let (scenario, _) = load::load_with(&shown, &source, database.as_deref())?;
        let built = build::build(&scenario)?;
        let mut game = built.game.clone();
        stepwise::start(&scenario, &built, &mut game)?;
        Ok(Session {
            path: shown,
            source,
            scenario,
            built,
            game,
            next: 0,
            history: Vec::new(),
            finished: false,
            database,
            color,
        })
    }

    /// The short name in the prompt: the file's stem.
    pub fn name(&self) -> String {
        Path::new(&self.path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "arbiter".into())
    }

    pub fn steps(&self) -> &[Spanned<Step>] {
        &self.scenario.file.script
    }

    /// Saves the state before a change (bounded: the oldest go first, except the first,
    /// which `goto` starts from); `by_step`: the change is the script's next step taken as
    /// written (`save` replays such steps to re-create a pending decision).
    pub fn remember(&mut self, by_step: bool) {
        let saved = self.game.save();
        self.keep(saved, by_step);
    }

    /// Remembers `saved`, the state before a change made since (see [`Session::remember`]).
    /// A command saves the state, changes the game in place, and keeps the save or restores
    /// it: a copy of the game per command copied its whole trace, quadratic in a session
    /// (10,000 `do` took 30 s).
    pub fn keep(&mut self, saved: crate::engine::Saved, by_step: bool) {
        if self.history.len() >= MAX_HISTORY {
            self.history.remove(1);
        }
        self.history.push((saved, self.next, by_step));
    }
}

/// Runs the REPL on stdin/stdout.
pub fn run(
    file: Option<PathBuf>,
    database: Option<std::sync::Arc<crate::cards::Database>>,
    color: crate::render::ColorChoice,
) -> Result<()> {
    use std::io::IsTerminal;
    let mut session = Session::open(file.as_deref(), database, color)?;
    let width = crate::render::Out::styler(color).width;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        interactive(&mut session, &mut Wrapped::new(std::io::stdout(), width))
    } else {
        scripted(
            &mut session,
            std::io::stdin().lock(),
            &mut Wrapped::new(std::io::stdout().lock(), width),
        )
    }
}

/// The REPL's output at the width of the other commands: a line wider than `width`
/// display columns that its command did not wrap itself (a `why` breakdown step, a long
/// expectation) is wrapped as `Out::line` wraps it, with a hanging indent two columns
/// deeper than its own. Whole lines are written as they end; `flush` writes a partial one.
pub struct Wrapped<W: Write> {
    inner: W,
    width: usize,
    line: Vec<u8>,
}

impl<W: Write> Wrapped<W> {
    pub fn new(inner: W, width: usize) -> Wrapped<W> {
        Wrapped {
            inner,
            width,
            line: Vec::new(),
        }
    }

    fn emit(&mut self, line: &[u8]) -> std::io::Result<()> {
        use crate::render::text;
        let s = String::from_utf8_lossy(line);
        if s.len() <= self.width || text::visible_len(&s) <= self.width {
            return self.inner.write_all(line);
        }
        let lead = &s[..s.len() - s.trim_start_matches(' ').len()];
        let hang = format!("{lead}  ");
        let lines = text::wrap_spaced(&s[lead.len()..], self.width, lead, &hang);
        self.inner.write_all(lines.join("\n").as_bytes())
    }
}

impl<W: Write> Write for Wrapped<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.line.extend_from_slice(&rest[..i]);
            let line = std::mem::take(&mut self.line);
            self.emit(&line)?;
            self.inner.write_all(b"\n")?;
            rest = &rest[i + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            self.inner.write_all(&line)?;
        }
        self.inner.flush()
    }
}

/// Piped input: each line a command, no prompt; exit 2 (an input error) if one failed.
pub fn scripted(
    session: &mut Session,
    input: impl std::io::BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut failed = 0usize;
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(Error::Io)?;
        if line.len() > MAX_LINE {
            writeln!(out, "line {}: longer than {MAX_LINE} bytes; skipped", n + 1)?;
            failed += 1;
            continue;
        }
        match commands::execute(session, &line, out)? {
            commands::Outcome::Quit => break,
            commands::Outcome::Failed(msg) => {
                failed += 1;
                if !msg.is_empty() {
                    writeln!(out, "error (line {}): {msg}", n + 1)?;
                }
            }
            commands::Outcome::Ok => {}
        }
    }
    out.flush()?;
    if failed > 0 {
        return Err(Error::usage(format!(
            "{failed} command{} failed",
            if failed == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

/// A terminal: rustyline with history in the data directory and completion.
fn interactive(session: &mut Session, out: &mut dyn Write) -> Result<()> {
    use rustyline::error::ReadlineError;
    let config = rustyline::Config::builder()
        .auto_add_history(true)
        .max_history_size(1000)
        .map_err(|e| Error::usage(e.to_string()))?
        .build();
    let mut rl: rustyline::Editor<complete::Helper, rustyline::history::DefaultHistory> =
        rustyline::Editor::with_config(config).map_err(|e| Error::usage(e.to_string()))?;
    rl.set_helper(Some(complete::Helper::new(session)));
    let history = history_path();
    if let Some(h) = &history {
        let _ = rl.load_history(h);
    }
    writeln!(
        out,
        "arbiter repl — {} ({} steps). `help` lists the commands; Ctrl-D quits.",
        session.path,
        session.steps().len()
    )?;
    out.flush()?;
    loop {
        let prompt = prompt(session);
        match rl.readline(&prompt) {
            Ok(line) => {
                let r = commands::execute(session, &line, out)?;
                if let Some(h) = rl.helper_mut() {
                    h.refresh(session);
                }
                match r {
                    commands::Outcome::Quit => break,
                    commands::Outcome::Failed(msg) if msg.is_empty() => {}
                    commands::Outcome::Failed(msg) => {
                        writeln!(out, "error: {}", crate::error::bound_echoes(&msg))?;
                        out.flush()?;
                    }
                    commands::Outcome::Ok => {}
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(Error::usage(e.to_string())),
        }
    }
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = rl.save_history(h);
    }
    Ok(())
}

/// `name › `, or `name (A must decide) › ` while a decision is pending.
pub fn prompt(s: &Session) -> String {
    match s.game.pending_decision() {
        Some(d) => format!(
            "{} ({} must decide: `choose N`) › ",
            s.name(),
            s.game.player_name(d.player)
        ),
        None => format!("{} › ", s.name()),
    }
}

/// `repl_history` in the user's data directory (beside a card database's default place).
fn history_path() -> Option<PathBuf> {
    crate::cards::default_path().map(|p| p.with_file_name("repl_history"))
}
