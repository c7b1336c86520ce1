//! The pager (issue 15): output longer than the terminal goes through `$ARBITER_PAGER`, else
//! `$PAGER`, else `less -FRX`, as git and bat do it. Output that fits, and output that is not
//! to a terminal, is printed as it is; a pager that cannot start or fails loses nothing: what
//! it was given is printed directly.

use std::io::{self, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

/// The pager command from the environment: `ARBITER_PAGER`, else `PAGER`, else `less -FRX`;
/// split on white space (no shell). `None` when the variable chosen is empty (paging off).
pub fn command_from_env() -> Option<Vec<String>> {
    let chosen = std::env::var("ARBITER_PAGER")
        .or_else(|_| std::env::var("PAGER"))
        .unwrap_or_else(|_| "less -FRX".to_string());
    let words: Vec<String> = chosen.split_whitespace().map(String::from).collect();
    (!words.is_empty()).then_some(words)
}

/// Standard output that may go through a pager: what is written is held back until it has
/// as many lines as the terminal has rows (it would not fit with the prompt's line); then the
/// pager starts and gets it, and everything after. At [`Paged::finish`] output still held is
/// printed directly.
pub struct Paged {
    command: Vec<String>,
    rows: usize,
    lines: usize,
    /// Everything written: while holding, what is not printed yet; while paging, a copy for
    /// printing directly should the pager fail.
    held: Vec<u8>,
    state: State,
}

enum State {
    Holding,
    Paging {
        child: Child,
        stdin: ChildStdin,
    },
    Direct,
    /// The pager was quit (as `q` in less): the rest of the output is not wanted.
    Closed,
}

impl Paged {
    /// Output to a terminal of `rows` rows, paged with `command` when it is longer.
    pub fn new(command: Vec<String>, rows: usize) -> Paged {
        Paged {
            command,
            rows: rows.max(1),
            lines: 0,
            held: Vec::new(),
            state: State::Holding,
        }
    }

    /// Whether the output went to a pager (so far).
    pub fn paging(&self) -> bool {
        matches!(self.state, State::Paging { .. } | State::Closed)
    }

    /// Starts the pager and hands it what was held; prints directly when it cannot start.
    fn start(&mut self) -> io::Result<()> {
        let mut cmd = Command::new(&self.command[0]);
        cmd.args(&self.command[1..]).stdin(Stdio::piped());
        // git's defaults for a pager: less and lv keep colours and quit when all fits
        if std::env::var_os("LESS").is_none() {
            cmd.env("LESS", "FRX");
        }
        if std::env::var_os("LV").is_none() {
            cmd.env("LV", "-c");
        }
        match cmd.spawn() {
            Ok(mut child) => {
                let stdin = child.stdin.take().expect("stdin was piped");
                self.state = State::Paging { child, stdin };
                let held = self.held.clone();
                self.send_to_pager(&held)
            }
            Err(_) => self.direct(),
        }
    }

    /// Gives `buf` to the pager; when the pager is gone, either it was quit (the output ends
    /// as a closed pipe does) or it failed (what it was given is printed directly).
    fn send_to_pager(&mut self, buf: &[u8]) -> io::Result<()> {
        let State::Paging { stdin, .. } = &mut self.state else {
            return Ok(());
        };
        match stdin.write_all(buf) {
            Ok(()) => Ok(()),
            Err(e) => match self.end_pager() {
                Some(true) | None => {
                    self.state = State::Closed;
                    Err(e)
                }
                Some(false) => self.direct(),
            },
        }
    }

    /// Closes the pager's input and waits for it: `Some(true)` when it succeeded.
    fn end_pager(&mut self) -> Option<bool> {
        match std::mem::replace(&mut self.state, State::Closed) {
            State::Paging { mut child, stdin } => {
                drop(stdin);
                Some(child.wait().is_ok_and(|s| s.success()))
            }
            other => {
                self.state = other;
                None
            }
        }
    }

    /// From now on, straight to standard output, starting with what is held.
    fn direct(&mut self) -> io::Result<()> {
        self.state = State::Direct;
        let held = std::mem::take(&mut self.held);
        io::stdout().lock().write_all(&held)
    }

    /// Ends the output: prints what is still held, or waits for the pager (printing what
    /// it was given directly if it failed).
    pub fn finish(&mut self) -> io::Result<()> {
        match self.state {
            State::Holding => self.direct()?,
            State::Paging { .. } => {
                if self.end_pager() == Some(false) {
                    self.direct()?;
                }
            }
            State::Direct | State::Closed => {}
        }
        if matches!(self.state, State::Direct) {
            io::stdout().flush()?;
        }
        Ok(())
    }
}

impl Write for Paged {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.state {
            State::Holding => {
                self.held.extend_from_slice(buf);
                self.lines += buf.iter().filter(|&&b| b == b'\n').count();
                if self.lines >= self.rows {
                    self.start()?;
                }
            }
            State::Paging { .. } => {
                self.held.extend_from_slice(buf);
                self.send_to_pager(buf)?;
            }
            State::Direct => io::stdout().lock().write_all(buf)?,
            State::Closed => return Err(io::ErrorKind::BrokenPipe.into()),
        }
        Ok(buf.len())
    }

    /// Flushes what has gone out; output still held stays held (it may yet need the pager).
    fn flush(&mut self) -> io::Result<()> {
        match &mut self.state {
            State::Paging { stdin, .. } => stdin.flush(),
            State::Direct => io::stdout().flush(),
            State::Holding | State::Closed => Ok(()),
        }
    }
}

impl Drop for Paged {
    /// Never leaves output unprinted or a pager running behind the shell's prompt.
    fn drop(&mut self) {
        let _ = self.finish();
    }
}
