//! Tab completion for the REPL: command names, then object, battlefield and card names (of
//! the loaded scenario, of what play made, and of the card database), rule ids after
//! `rule`/`refs`, and file paths after `load`/`save`.

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
        // what play made (tokens, copies), and the cards a `do create:` can name
        names.extend(s.game.objects.iter().map(|o| o.def.name.clone()));
        if let Some(db) = &s.database {
            names.extend(db.cards.iter().map(|c| c.name.clone()));
        }
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
        Ok(self.complete_name(head))
    }
}

impl Helper {
    /// A name being typed at the end of `head`, after the command: the longest tail that
    /// begins a word and begins a known name, so a name of several words ("The Br" → "The
    /// Bridge") completes as well as one word does. A name starts after the command, a
    /// comma, a bracket or a colon; the words of the tail are tried from the longest.
    fn complete_name(&self, head: &str) -> (usize, Vec<Pair>) {
        let cmd_end = head.find(' ').map_or(0, |i| i + 1);
        let from = head[cmd_end..]
            .rfind([',', '[', '{', ':'])
            .map_or(cmd_end, |i| cmd_end + i + 1);
        let names = || self.names.iter().map(String::as_str);
        let starts = (from..head.len())
            .filter(|&i| i == from || head.as_bytes()[i - 1] == b' ')
            .filter(|&i| head.as_bytes()[i] != b' ');
        for start in starts {
            let found = matching(names(), &head[start..]);
            if !found.is_empty() {
                return (start, found);
            }
        }
        // nothing typed yet: every name
        if head.ends_with([' ', ',', '[', '{', ':']) {
            return (head.len(), matching(names(), ""));
        }
        (head.len(), Vec::new())
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

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    fn helper() -> Helper {
        let s = Session::open(
            Some(std::path::Path::new("scenarios/combat/tank-first.yaml")),
            None,
            crate::render::ColorChoice::Never,
        )
        .unwrap();
        Helper::new(&s)
    }

    /// What Tab offers at the end of `line`: the start of the replaced part and the names.
    fn complete(h: &Helper, line: &str) -> (usize, Vec<String>) {
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (start, found) = h.complete(line, line.len(), &ctx).unwrap();
        (start, found.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn commands_objects_battlefields_and_rule_ids_complete() {
        let h = helper();
        assert_eq!(complete(&h, "boa"), (0, vec!["board".to_string()]));
        assert_eq!(
            complete(&h, "why shi"),
            (4, vec!["Shieldbearer".to_string()])
        );
        // a battlefield's name of two words, as the last value of a typed step
        let line = "do move: {units: [raider], to: The Br";
        assert_eq!(
            complete(&h, line),
            (line.len() - 6, vec!["The Bridge".to_string()])
        );
        assert_eq!(complete(&h, "show The B").1, vec!["The Bridge".to_string()]);
        // a card name in a list, after a bracket and a comma
        assert_eq!(
            complete(&h, "do move: {units: [Squ").1,
            vec!["Squire".to_string()]
        );
        assert_eq!(
            complete(&h, "do move: {units: [raider, Squ").1,
            vec!["Squire".to_string()]
        );
        assert!(complete(&h, "why zzz").1.is_empty());
        let (start, ids) = complete(&h, "rule 460.2.c.");
        assert_eq!(start, 5);
        assert!(ids.contains(&"460.2.c.5".to_string()), "{ids:?}");
        assert!(ids.iter().all(|i| i.starts_with("460.2.c.")), "{ids:?}");
    }

    /// A token made during play is offered once it exists, and the card database's names
    /// are offered too (a card to create).
    #[test]
    fn names_made_in_play_and_database_cards_complete() {
        let mut s = Session::open(
            Some(std::path::Path::new("scenarios/movement/tokens.yaml")),
            None,
            crate::render::ColorChoice::Never,
        )
        .unwrap();
        let mut sink = Vec::new();
        super::super::commands::execute(
            &mut s,
            "do effect: {create: Sprite, token: {type: unit, might: 1}, player: A}",
            &mut sink,
        )
        .unwrap();
        assert!(
            s.game.objects.iter().any(|o| o.def.name == "Sprite"),
            "not created"
        );
        let h = Helper::new(&s);
        assert_eq!(complete(&h, "show Spr").1, vec!["Sprite".to_string()]);
        let db =
            crate::cards::Database::load(std::path::Path::new("scenarios/cards/database.json"))
                .unwrap();
        let s = Session::open(
            Some(std::path::Path::new("scenarios/combat/tank-first.yaml")),
            Some(std::sync::Arc::new(db)),
            crate::render::ColorChoice::Never,
        )
        .unwrap();
        let h = Helper::new(&s);
        assert_eq!(
            complete(&h, "do effect: {create: Coi").1,
            vec!["Coin".to_string(), "Coin Minter".to_string()]
        );
    }

    #[test]
    fn file_paths_complete_after_load_and_save() {
        let h = helper();
        let (start, found) = complete(&h, "load scenarios/combat/tank-fi");
        assert_eq!(start, 5);
        assert_eq!(found, vec!["scenarios/combat/tank-first.yaml".to_string()]);
    }

    #[test]
    fn a_hint_finishes_the_command_being_typed() {
        let h = helper();
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        assert_eq!(h.hint("sav", 3, &ctx), Some("e".to_string()));
        assert_eq!(h.hint("save", 4, &ctx), None);
        assert_eq!(h.hint("why R", 5, &ctx), None);
    }
}
