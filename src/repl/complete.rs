//! Tab completion for the REPL: command names, then object, battlefield and card names of
//! the loaded scenario, rule ids after `rule`/`refs`, and file paths after `load`/`save`.

use super::Session;
use rustyline::Context;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;

pub struct Helper {
    /// Names of objects, battlefields and cards in the session.
    names: Vec<String>,
    files: FilenameCompleter,
    /// Rule ids of the default edition, read on the first completion that needs them.
    rule_ids: std::sync::OnceLock<Vec<String>>,
}

/// Every rule id of the default edition, in order.
fn default_rule_ids() -> Vec<String> {
    let lib = crate::rulebook::library::Library::get();
    match lib.resolve(None, None) {
        Ok(i) => lib
            .book(i)
            .ed
            .rules
            .iter()
            .map(|r| r.id.to_string())
            .collect(),
        Err(_) => Vec::new(),
    }
}

impl Helper {
    pub fn new(s: &Session) -> Helper {
        let mut h = Helper {
            names: Vec::new(),
            files: FilenameCompleter::new(),
            rule_ids: std::sync::OnceLock::new(),
        };
        h.refresh(s);
        h
    }

    /// Names after a `load`.
    pub fn refresh(&mut self, s: &Session) {
        let mut names: Vec<String> = s
            .scenario
            .objects
            .iter()
            .map(|o| o.label().to_string())
            .collect();
        names.extend(s.scenario.battlefields.iter().cloned());
        names.extend(s.scenario.file.cards.keys().cloned());
        names.sort();
        names.dedup();
        self.names = names;
    }
}

/// Candidates from `words` that start with `prefix` (case-insensitive).
fn matching<'a>(words: impl Iterator<Item = &'a str>, prefix: &str) -> Vec<Pair> {
    let p = prefix.to_lowercase();
    words
        .filter(|w| w.to_lowercase().starts_with(&p))
        .map(|w| Pair {
            display: w.to_string(),
            replacement: w.to_string(),
        })
        .collect()
}

impl Completer for Helper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let Some((cmd, _)) = head.split_once(' ') else {
            let words = super::commands::COMMANDS.iter().map(|c| c.0);
            return Ok((0, matching(words, head)));
        };
        if cmd == "load" || cmd == "save" {
            return self.files.complete(line, pos, ctx);
        }
        if cmd == "rule" || cmd == "refs" {
            let start = head.rfind(' ').map_or(0, |i| i + 1);
            let word = &head[start..];
            if word.is_empty() {
                return Ok((pos, Vec::new()));
            }
            let ids = self.rule_ids.get_or_init(default_rule_ids);
            let mut found = matching(ids.iter().map(String::as_str), word);
            found.truncate(200);
            return Ok((start, found));
        }
        // the word being typed: after the last space, comma or bracket
        let start = head.rfind([' ', ',', '[', '{', ':']).map_or(0, |i| i + 1);
        let word = &head[start..];
        Ok((start, matching(self.names.iter().map(String::as_str), word)))
    }
}

impl Hinter for Helper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.contains(' ') || line.is_empty() {
            return None;
        }
        let c = super::commands::COMMANDS
            .iter()
            .find(|c| c.0.starts_with(line) && c.0 != line)?;
        Some(c.0[line.len()..].to_string())
    }
}

impl Highlighter for Helper {}
impl Validator for Helper {}
impl rustyline::Helper for Helper {}
