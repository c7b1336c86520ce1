//! The thesaurus: other games' words (and everyday words a hand-written mapping
//! serves better than the lexical table) mapped to Riftbound's, one mapping a line
//! in the embedded synonyms.txt. [`super::query::plan`] applies it.

use super::query::words;
use std::sync::OnceLock;

/// One synonym mapping from synonyms.txt: key phrases (as words) → replacement phrases.
#[derive(Debug)]
pub struct Synonym {
    pub keys: Vec<Vec<String>>,
    pub to: Vec<String>,
}

/// The synonym table, parsed once from the embedded synonyms.txt.
pub fn synonyms() -> &'static [Synonym] {
    static TABLE: OnceLock<Vec<Synonym>> = OnceLock::new();
    TABLE.get_or_init(|| parse_synonyms(include_str!("synonyms.txt")))
}

pub fn parse_synonyms(text: &str) -> Vec<Synonym> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (from, to) = l.split_once("=>")?;
            let keys: Vec<Vec<String>> = from
                .split(',')
                .map(words)
                .filter(|k| !k.is_empty())
                .collect();
            let to: Vec<String> = to
                .split(',')
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect();
            (!keys.is_empty() && !to.is_empty()).then_some(Synonym { keys, to })
        })
        .collect()
}

/// Whether typed words say a synonym key: the same words, the last one perhaps
/// inflected ("blocks" for block, "taps" for tap, "died" for die). Only endings
/// added to a listed form count, so "counter" (a Riftbound action) never matches
/// the key "counters".
pub fn key_matches(typed: &[String], key: &[String]) -> bool {
    let (Some((last, head)), Some((klast, khead))) = (typed.split_last(), key.split_last()) else {
        return false;
    };
    head == khead
        && (last == klast
            || (klast.chars().count() >= 3
                && ["s", "es", "d", "ed"]
                    .iter()
                    .any(|suf| last.strip_suffix(suf) == Some(klast.as_str()))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::query::{lex, plan};

    #[test]
    fn synonyms_map_other_games_words() {
        let p = plan(&lex("what happens on the stack first").unwrap());
        let typed: Vec<&str> = p.concepts.iter().map(|c| c.typed.as_str()).collect();
        assert_eq!(typed, vec!["stack", "first"]);
        assert!(p.concepts[0].alts.iter().any(|(a, _)| a == "chain"));
        let p = plan(&lex("state-based actions").unwrap());
        assert_eq!(p.synonyms[0].1, vec!["cleanup".to_string()]);
        let p = plan(&lex("Tapped units").unwrap());
        assert!(p.concepts[0].alts.iter().any(|(a, _)| a == "exhausted"));
        // an inflection of a listed form maps too; a listed plural's singular does not
        let p = plan(&lex("a unit with taunt blocks").unwrap());
        assert!(
            p.concepts
                .iter()
                .any(|c| c.typed == "blocks" && c.alts.iter().any(|(a, _)| a == "defender"))
        );
        // other games' keywords for the same mechanics
        for (typed, riftbound) in [
            ("ephemeral", "temporary"),
            ("combo", "legion"),
            ("frozen", "stunned"),
            ("rush", "accelerate"),
            ("exerted", "exhausted"),
            ("fizzles", "mistargeting"),
            ("legendary", "unique"),
            ("bo3", "match"),
            ("inkwell", "rune"),
            ("planeswalker", "legend"),
            ("magnetic", "attach"),
        ] {
            let p = plan(&lex(typed).unwrap());
            assert!(
                p.concepts[0].alts.iter().any(|(a, _)| a == riftbound),
                "{typed} → {riftbound}: {:?}",
                p.concepts[0].alts
            );
        }
        let p = plan(&lex("counter a spell").unwrap());
        assert!(
            !p.concepts
                .iter()
                .any(|c| c.alts.iter().any(|(a, _)| a == "buff"))
        );
    }

    #[test]
    fn every_synonym_line_parses() {
        let text = include_str!("synonyms.txt");
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        assert_eq!(parse_synonyms(text).len(), lines);
    }
}
