//! The one error type every command returns, and its exit codes:
//! 0 ok, 1 a scenario's expectations failed or nothing was found (no such rule,
//! glossary term or card, a search without hits), 2 usage or input error (a malformed
//! id, a bad flag, a file that does not parse). A broken pipe is not an error.

use std::fmt;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad command-line usage or an unknown name; exit 2.
    #[error("{message}")]
    Usage {
        message: String,
        /// Near matches to offer ("did you mean …").
        suggestions: Vec<String>,
    },
    /// An input file is wrong: where, what was expected, and a hint; exit 2.
    #[error("{}", .0)]
    Input(InputError),
    /// The command ran, but the answer is "no" (expectations failed, nothing found).
    /// The details were already printed; exit 1.
    #[error("{0}")]
    Failed(String),
    /// The question was well formed but nothing answers it: no such rule, glossary term
    /// or card; exit 1, the same as a search without hits.
    #[error("{message}")]
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
        write!(f, ": {}", self.message)?;
        if let Some(h) = &self.hint {
            write!(f, "\n  hint: {h}")?;
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
            Error::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
            _ => 2,
        }
    }

    /// A broken pipe (`arbiter … | head`) ends quietly with exit 0.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
