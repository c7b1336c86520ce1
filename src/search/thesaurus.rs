//! The thesaurus: other games' words (and everyday words a hand-written mapping
//! serves better than the lexical table) mapped to Riftbound's, one mapping a line
//! in the embedded synonyms.txt. [`super::query::plan`] applies it.

/// One synonym mapping from synonyms.txt: key phrases (as words) → replacement phrases.
#[derive(Debug)]
pub struct Synonym {
    pub keys: &'static [&'static [&'static str]],
    pub to: &'static [&'static str],
}

// `TABLE` and `KEY_WORDS`: synonyms.txt read by build.rs (with
// [`super::text::parse_synonyms`]).
include!(concat!(env!("OUT_DIR"), "/synonyms.rs"));

/// The synonym table, compiled in: a search reads it without parsing anything.
pub fn synonyms() -> &'static [Synonym] {
    TABLE
}

/// Every word of every key of the table, sorted, each once (`KEY_WORDS`, compiled in
/// with it): a typed word among them is not misspelt.
pub fn key_words() -> &'static [&'static str] {
    KEY_WORDS
}

pub use super::text::parse_synonyms;

/// Whether typed words say a synonym key: the same words, the last one perhaps
/// inflected ("blocks" for block, "taps" for tap, "died" for die). Only endings
/// added to a listed form count, so "counter" (a Riftbound action) never matches
/// the key "counters".
pub fn key_matches(typed: &[String], key: &[&str]) -> bool {
    let (Some((last, head)), Some((klast, khead))) = (typed.split_last(), key.split_last()) else {
        return false;
    };
    head == khead
        && (last == klast
            || (klast.chars().count() >= 3
                && ["s", "es", "d", "ed"]
                    .iter()
                    .any(|suf| last.strip_suffix(suf) == Some(*klast))))
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

    /// The table compiled in by build.rs is synonyms.txt as it reads today, and its
    /// key words are every word of its keys, sorted, each once.
    #[test]
    fn the_compiled_table_is_the_thesaurus_text() {
        let parsed = parse_synonyms(include_str!("synonyms.txt"));
        assert_eq!(parsed.len(), synonyms().len());
        for (p, s) in parsed.iter().zip(synonyms()) {
            assert!(p.keys.len() == s.keys.len() && p.keys.iter().zip(s.keys).all(|(a, b)| a == b));
            assert_eq!(p.to, s.to, "{:?}", p.keys);
        }
        let mut words: Vec<&str> = parsed
            .iter()
            .flat_map(|p| p.keys.iter().flatten())
            .map(String::as_str)
            .collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words, key_words());
        assert!(key_words().contains(&"graveyard") && !key_words().contains(&"trash"));
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

    /// The games whose glossaries the thesaurus goes through one by one, as its
    /// comments name them (README: "Words from other games").
    const GAMES: [&str; 10] = [
        "Legends of Runeterra",
        "League of Legends",
        "Disney Lorcana",
        "Magic: The Gathering",
        "Hearthstone",
        "Pokémon TCG",
        "Yu-Gi-Oh!",
        "Flesh and Blood",
        "One Piece Card Game",
        "Star Wars: Unlimited",
    ];

    /// The mapping lines under the comment that names `game`, up to the next comment.
    fn group<'a>(text: &'a str, game: &str) -> Vec<&'a str> {
        let mut lines = text.lines().map(str::trim);
        let header = format!("# {game}");
        assert!(
            lines.any(|l| l.starts_with(&header)),
            "no group for {game} in synonyms.txt"
        );
        lines
            .take_while(|l| !l.starts_with('#'))
            .filter(|l| !l.is_empty())
            .collect()
    }

    #[test]
    fn each_games_group_parses() {
        let text = include_str!("synonyms.txt");
        for game in GAMES {
            let lines = group(text, game);
            assert!(lines.len() >= 4, "{game}: only {} lines", lines.len());
            let parsed = parse_synonyms(&lines.join("\n"));
            assert_eq!(parsed.len(), lines.len(), "{game}: a line does not parse");
            for s in &parsed {
                assert!(s.keys.iter().all(|k| !k.is_empty()) && !s.to.is_empty());
            }
        }
    }

    #[test]
    fn no_key_is_listed_on_two_lines() {
        // The first line with a key wins (longest match, then table order), so a key
        // listed again further down would be dead text.
        let mut seen: std::collections::HashMap<&[&str], usize> = Default::default();
        for (i, s) in synonyms().iter().enumerate() {
            for k in s.keys {
                if let Some(j) = seen.insert(k, i) {
                    assert_eq!(j, i, "{k:?} is a key of mapping {j} and of mapping {i}");
                }
            }
        }
    }

    /// The Riftbound words a typed phrase is searched as (empty when unmapped).
    fn mapped(typed: &str) -> Vec<String> {
        let p = plan(&lex(typed).unwrap());
        p.concepts
            .iter()
            .filter(|c| c.synonym)
            .flat_map(|c| c.alts.iter().map(|(a, _)| a.clone()))
            .collect()
    }

    #[test]
    fn other_games_glossaries_map_to_the_rules_words() {
        for (typed, riftbound) in [
            // Legends of Runeterra
            ("nexus strike", "conquer"),
            ("obliterated", "banish"),
            ("quick attack", "dealt simultaneously"),
            ("nightfall", "legion"),
            ("floating mana", "rune pool"),
            // League of Legends
            ("turrets", "battlefield"),
            ("surrender", "concede"),
            // Disney Lorcana
            ("questing", "score"),
            ("lore", "points"),
            ("challenger", "assault"),
            ("willpower", "might"),
            // Magic: The Gathering
            ("basic lands", "basic rune"),
            ("apnap order", "turn order"),
            ("two-headed giant", "2v2"),
            // Hearthstone
            ("divine shield", "prevent"),
            ("fatigue", "burn out"),
            // Pokémon TCG
            ("knocked out", "kill"),
            ("damage counters", "damage marked"),
            ("hp", "might"),
            // Yu-Gi-Oh!
            ("chain links", "chain item"),
            ("hopt", "once each turn"),
            // Flesh and Blood
            ("defense reaction", "reaction"),
            ("specialization", "signature"),
            // One Piece Card Game
            ("cost area", "rune pool"),
            ("set active", "ready"),
            // Star Wars: Unlimited
            ("sentinel", "tank"),
            ("raid", "assault"),
            ("upgrades", "equipment"),
        ] {
            let got = mapped(typed);
            assert!(
                got.iter().any(|a| a == riftbound),
                "{typed} → {riftbound}: {got:?}"
            );
        }
    }

    #[test]
    fn false_friends_are_left_as_typed() {
        // Words the rules use in their own sense are not mapped to another game's:
        // Runeterra's recall returns a unit to hand, Riftbound's sends it to base;
        // Lorcana's banish is a kill.
        for typed in [
            "recall",
            "banish",
            "focus",
            "challenge",
            "power",
            "shield",
            "ambush",
            "base",
        ] {
            assert!(
                mapped(typed).is_empty(),
                "{typed} is mapped: {:?}",
                mapped(typed)
            );
        }
        // the other game's phrase maps, the Riftbound word inside it alone does not
        assert!(mapped("divine shield").contains(&"prevent".to_string()));
        assert!(mapped("shield token").contains(&"prevent".to_string()));
        // and the Pokémon knock-out is a kill, not a player's elimination
        assert!(!mapped("knocked out").contains(&"removed from the game".to_string()));
    }
}
