//! The one error type every command returns, and its exit codes:
//! 0 ok, 1 a scenario's expectations failed or nothing was found (no such rule,
//! glossary term or card, a search without hits), 2 usage or input error (a malformed
//! id, a bad flag, a file that does not parse). A broken pipe is not an error.

use std::fmt;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad command-line usage or an unknown name; exit 2.
    #[error("{}", bound_echoes(.message))]
    Usage {
        message: String,
        /// Near matches to offer ("did you mean …").
        suggestions: Vec<String>,
    },
    /// An input file is wrong: where, what was expected, and a hint; exit 2.
    #[error("{}", .0)]
    Input(InputError),
    /// A scenario that does not load or cannot run: an input error with the scenario's own
    /// error kind (`unknown-field`, `illegal`, …) and, where one forbids it, the rule; exit 2.
    #[error("{input}")]
    Scenario {
        kind: &'static str,
        rule: Option<String>,
        input: Box<InputError>,
    },
    /// The command ran, but the answer is "no" (expectations failed, nothing found).
    /// The details were already printed; exit 1.
    #[error("{0}")]
    Failed(String),
    /// The question was well formed but nothing answers it: no such rule, glossary term
    /// or card; exit 1, the same as a search without hits.
    #[error("{}", bound_echoes(.message))]
    NotFound {
        message: String,
        /// Near matches to offer ("did you mean …").
        suggestions: Vec<String>,
    },
    /// Exit 1 with nothing more to say: the command already printed why on stdout
    /// (a search without hits prints its hints there), so the message is not repeated.
    #[error("nothing found")]
    Quiet,
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Already reported (as a `--json` error document); exit with this code.
    #[error("exit {0}")]
    Reported(i32),
}

/// An error located in an input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    pub hint: Option<String>,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ": {}", bound_echoes(&self.message))?;
        if let Some(h) = &self.hint {
            write!(f, "\n  hint: {}", bound_echoes(h))?;
        }
        Ok(())
    }
}

impl Error {
    pub fn usage(message: impl Into<String>) -> Error {
        Error::Usage {
            message: message.into(),
            suggestions: Vec::new(),
        }
    }

    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Failed(_) | Error::NotFound { .. } | Error::Quiet => 1,
            Error::Reported(code) => *code,
            Error::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
            _ => 2,
        }
    }

    /// The class of the error as `--json` names it: `usage`, `input`, `not-found`,
    /// `failed` (exit 1) or `io`.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Usage { .. } => "usage",
            Error::Input(_) | Error::Scenario { .. } => "input",
            Error::NotFound { .. } | Error::Quiet => "not-found",
            Error::Failed(_) => "failed",
            Error::Io(_) | Error::Reported(_) => "io",
        }
    }

    /// A broken pipe (`arbiter … | head`) ends quietly with exit 0.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What `--json` prints on stdout instead of the text on stderr when a command fails
/// before printing its own document (schema `error/1`):
/// `{"schema": "error/1", "error": {"kind", "message", "suggestions", …}}`.
#[derive(Debug, serde::Serialize)]
pub struct ErrorDocument {
    pub schema: &'static str,
    pub error: ErrorJson,
}

/// The `error` object of an [`ErrorDocument`]. `kind` says which exit code goes with it:
/// `not-found` and `failed` exit 1; `usage`, `input` and `io` exit 2. An input error says
/// where (`file`, `line`, `column`, each `null` when unknown) and may give a `hint`; a
/// scenario's error also its own kind (`scenario_kind`, e.g. `unknown-field`) and the rule
/// that forbids a step (`rule`). Fields that do not apply are `null`.
#[derive(Debug, serde::Serialize)]
pub struct ErrorJson {
    pub kind: &'static str,
    pub message: String,
    pub suggestions: Vec<String>,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub hint: Option<String>,
    pub scenario_kind: Option<&'static str>,
    pub rule: Option<String>,
}

impl ErrorDocument {
    pub fn of(e: &Error) -> ErrorDocument {
        let mut j = ErrorJson {
            kind: e.kind(),
            message: e.to_string(),
            suggestions: Vec::new(),
            file: None,
            line: None,
            column: None,
            hint: None,
            scenario_kind: None,
            rule: None,
        };
        let input = match e {
            Error::Usage { suggestions, .. } | Error::NotFound { suggestions, .. } => {
                j.suggestions = suggestions.iter().map(|s| bounded(s)).collect();
                None
            }
            Error::Input(i) => Some(i),
            Error::Scenario { kind, rule, input } => {
                j.scenario_kind = Some(kind);
                j.rule = rule.clone();
                Some(&**input)
            }
            _ => None,
        };
        if let Some(i) = input {
            j.message = bound_echoes(&i.message);
            j.file = Some(i.file.clone());
            j.line = i.line;
            j.column = i.column;
            j.hint = i.hint.as_deref().map(bound_echoes);
        }
        ErrorDocument {
            schema: "error/1",
            error: j,
        }
    }
}

/// How many characters of a name or value an error message echoes.
pub const ECHO_CHARS: usize = 80;

/// An unquoted word of a message (a path, a value) is echoed whole up to this length.
pub const ECHO_WORD_CHARS: usize = 200;

/// A name or value as an error message echoes it: whole up to [`ECHO_CHARS`] characters,
/// else its first ones and how long it is (`Squire Squire … (100000 characters)`).
pub fn bounded(s: &str) -> String {
    let n = s.chars().count();
    if n <= ECHO_CHARS || is_bounded(s) {
        s.to_string()
    } else {
        let head: String = s.chars().take(ECHO_CHARS).collect();
        format!("{}… ({n} characters)", head.trim_end())
    }
}

/// Whether `s` is already what [`bounded`] makes of a long value (so that bounding a
/// message twice keeps the first count).
fn is_bounded(s: &str) -> bool {
    s.strip_suffix(" characters)")
        .and_then(|r| r.rsplit_once("… ("))
        .is_some_and(|(head, n)| {
            head.chars().count() <= ECHO_CHARS
                && !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
        })
}

/// An error message with what it echoes of the user's input bounded, in one place for every
/// message (a 100,000-character card name or rule id is not printed back whole): a quoted
/// name or value (`"…"`, or `'…'` as clap quotes one) longer than [`ECHO_CHARS`], and an
/// unquoted word longer than [`ECHO_WORD_CHARS`], become their first [`ECHO_CHARS`]
/// characters and their length ([`bounded`]). Shorter ones are left exactly as they are.
pub fn bound_echoes(text: &str) -> String {
    if text.len() <= ECHO_CHARS {
        return text.to_string();
    }
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len().min(4096));
    let mut i = 0;
    while i < c.len() {
        let at_start = i == 0 || !c[i - 1].is_alphanumeric();
        // a quoted segment: "…", or '…' opened and closed outside a word (not "A's")
        let close = match c[i] {
            '"' => c[i + 1..].iter().position(|&x| x == '"').map(|p| i + 1 + p),
            '\'' if at_start => (i + 1..c.len())
                .find(|&j| c[j] == '\'' && c.get(j + 1).is_none_or(|n| !n.is_alphanumeric())),
            _ => None,
        };
        if let Some(j) = close {
            let inner: String = c[i + 1..j].iter().collect();
            out.push(c[i]);
            out.push_str(&bounded(&inner));
            out.push(c[j]);
            i = j + 1;
            continue;
        }
        if c[i].is_whitespace() {
            out.push(c[i]);
            i += 1;
            continue;
        }
        let j = (i..c.len())
            .find(|&j| c[j].is_whitespace())
            .unwrap_or(c.len());
        let word: String = c[i..j].iter().collect();
        if j - i > ECHO_WORD_CHARS {
            out.push_str(&bounded(&word));
        } else {
            out.push_str(&word);
        }
        i = j;
    }
    out
}
