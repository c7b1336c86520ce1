//! What kind of answer a question asks for, read from its question words, and the
//! rules' own words for that kind of answer. A question that asks whether something
//! may be done ("can I move a unit during combat", "may a unit have two buffs")
//! is answered by a rule that permits or forbids ("… cannot be performed during a
//! Showdown or Combat", "Only one Chain can exist at a time"); one that asks how many
//! by a rule that gives a number. Among the rules that match the question's words,
//! those that speak that way rank a little higher; the kind never adds a rule that
//! does not match.

use super::schema::{self, Fields};
use tantivy::Term;
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, RegexQuery, TermQuery};
use tantivy::schema::IndexRecordOption;

/// The kind of answer a question asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asks {
    /// Whether something may be done: a permission or a restriction.
    Permission,
    /// How many or how much: a number.
    Count,
    /// What a term is: its definition ("what is a limited action", "what does
    /// contested mean", "define focus").
    Definition,
}

/// The words that open a question about what may be done.
const PERMISSION: &[&str] = &["can", "could", "may", "might"];

/// The rules' words for permitting and forbidding.
const MODAL: &[&str] = &["cannot", "only", "not", "may", "must", "never", "t"];

/// Number words the rules use for counts.
const NUMBERS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "single", "twice",
];

/// The bonus a rule that speaks the way the question asks gets, on top of its score.
pub const BONUS: f32 = 3.0;

/// What the question asks for, if its words say.
pub fn asks(q: &str) -> Option<Asks> {
    let words: Vec<String> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let first = words.first()?;
    let second = words.get(1).map(String::as_str);
    if matches!(
        first.as_str(),
        "define" | "definition" | "meaning" | "whats"
    ) || (first == "what" && matches!(second, Some("is" | "are" | "s")) && words.len() <= 6)
        || (first == "what" && second == Some("does") && words.last().is_some_and(|w| w == "mean"))
    {
        return Some(Asks::Definition);
    }
    if words
        .windows(2)
        .any(|w| w[0] == "how" && (w[1] == "many" || w[1] == "much"))
    {
        return Some(Asks::Count);
    }
    PERMISSION
        .contains(&first.as_str())
        .then_some(Asks::Permission)
}

/// The bonus of a rule whose own sentence defines a term the question asks about,
/// when the question asks what a term is.
pub const DEFINITION_BONUS: f32 = 10.0;

/// A query matching the rules whose own sentence defines one of `terms` (as the
/// `defines` field holds them), scoring [`DEFINITION_BONUS`].
pub fn definition_prior(f: &Fields, terms: &[String]) -> Box<dyn Query> {
    let any: Vec<(Occur, Box<dyn Query>)> = terms
        .iter()
        .map(|t| -> (Occur, Box<dyn Query>) {
            (
                Occur::Should,
                Box::new(TermQuery::new(
                    Term::from_field_text(f.defines, &schema::term_key(t)),
                    IndexRecordOption::Basic,
                )),
            )
        })
        .collect();
    Box::new(ConstScoreQuery::new(
        Box::new(BooleanQuery::new(any)),
        DEFINITION_BONUS,
    ))
}

/// A query matching the rules that speak the way `asks` needs, scoring [`BONUS`].
pub fn prior(f: &Fields, asks: Asks) -> Box<dyn Query> {
    let words: &[&str] = match asks {
        Asks::Permission => MODAL,
        Asks::Count => NUMBERS,
        Asks::Definition => &[],
    };
    let mut any: Vec<(Occur, Box<dyn Query>)> = words
        .iter()
        .flat_map(|w| schema::stems(w))
        .map(|s| -> (Occur, Box<dyn Query>) {
            (
                Occur::Should,
                Box::new(TermQuery::new(
                    Term::from_field_text(f.text, &s),
                    IndexRecordOption::Basic,
                )),
            )
        })
        .collect();
    if asks == Asks::Count
        && let Ok(q) = RegexQuery::from_pattern("[0-9]+", f.text)
    {
        any.push((Occur::Should, Box::new(q)));
    }
    Box::new(ConstScoreQuery::new(
        Box::new(BooleanQuery::new(any)),
        BONUS,
    ))
}

/// `main`, with a bonus for the rules among its matches that speak the way the
/// question asks (`terms`: what the question names, for a definition).
pub fn with_prior(f: &Fields, q: &str, terms: &[String], main: Box<dyn Query>) -> Box<dyn Query> {
    match asks(q) {
        Some(Asks::Definition) if !terms.is_empty() => Box::new(BooleanQuery::new(vec![
            (Occur::Must, main),
            (Occur::Should, definition_prior(f, terms)),
        ])),
        Some(Asks::Definition) => main,
        Some(a) => Box::new(BooleanQuery::new(vec![
            (Occur::Must, main),
            (Occur::Should, prior(f, a)),
        ])),
        None => main,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn question_words_say_what_is_asked() {
        assert_eq!(
            asks("can I move my unit during combat"),
            Some(Asks::Permission)
        );
        assert_eq!(asks("May a unit have two buffs?"), Some(Asks::Permission));
        assert_eq!(asks("how many cards in a main deck"), Some(Asks::Count));
        assert_eq!(asks("what happens when a token dies"), None);
        assert_eq!(asks("what is a limited action"), Some(Asks::Definition));
        assert_eq!(asks("what does contested mean"), Some(Asks::Definition));
        assert_eq!(
            asks("what is the difference between a spell and a unit"),
            None
        );
        assert_eq!(asks("tank"), None);
        assert_eq!(asks(""), None);
    }
}
