//! Everyday English words and other forms of a typed word: the lexical table
//! (wordnet.txt, derived from WordNet) gives the words the rules use for an
//! everyday word; derivational suffixes give the forms the stemmer does not fold
//! ("owns" → owner).

use super::query::Plan;
use super::schema::stems;

/// The lexical table (src/search/wordnet.txt, derived from WordNet by
/// scripts/wordnet-table.py): an everyday English word and the words the rules use
/// for it, best first.
const LEXICAL: &str = include_str!("wordnet.txt");

/// The row of the lexical table for `key` (its words, `a, b, c`), found by a
/// binary search over the embedded text itself: its rows are sorted by key, so
/// nothing is parsed or allocated before a lookup.
fn lexical_row(key: &str) -> Option<&'static str> {
    let bytes = LEXICAL.as_bytes();
    let line_at = |start: usize| {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| start + i);
        (&LEXICAL[start..end], end)
    };
    // the rows begin after the comment lines of the header
    let mut lo = 0;
    while lo < bytes.len() && bytes[lo] == b'#' {
        lo = line_at(lo).1 + 1;
    }
    let mut hi = bytes.len();
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes[lo..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(lo, |i| lo + i + 1);
        let (line, end) = line_at(start);
        let (k, v) = line.split_once(" => ")?;
        match k.cmp(key) {
            std::cmp::Ordering::Equal => return Some(v),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// The base forms an English word may be an inflection of (WordNet's own
/// detachment rules: "runs" → run, "credited" → credit, "bounces" → bounce),
/// the word itself first.
fn base_forms(word: &str) -> Vec<String> {
    const RULES: &[(&str, &str)] = &[
        ("ies", "y"),
        ("ied", "y"),
        ("ses", "s"),
        ("xes", "x"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("es", "e"),
        ("es", ""),
        ("s", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
        ("er", ""),
        ("est", ""),
    ];
    let mut out = vec![word.to_string()];
    for (suf, rep) in RULES {
        if let Some(b) = word.strip_suffix(suf) {
            let cand = format!("{b}{rep}");
            if cand.chars().count() >= 3 && !out.contains(&cand) {
                out.push(cand);
            }
            // a doubled final consonant: "tapped" → tap
            let ch: Vec<char> = b.chars().collect();
            if rep.is_empty() && ch.len() >= 4 && ch[ch.len() - 1] == ch[ch.len() - 2] {
                let single: String = ch[..ch.len() - 1].iter().collect();
                if !out.contains(&single) {
                    out.push(single);
                }
            }
        }
    }
    out
}

/// The weight of a word from the lexical table: below a typed word's other forms
/// (0.6) and the typed word behind a thesaurus mapping (0.5).
pub const LEXICAL_WEIGHT: f32 = 0.3;

/// At most this many words from the lexical table per typed word, so a question
/// stays a small query.
pub const LEXICAL_CAP: usize = 3;

/// Adds to each typed word that the hand-written thesaurus does not map the words
/// the rules use for it in the lexical table, as weak alternatives of the same
/// concept (the search later drops those the rules in scope never use). Returns
/// each addition as (concept index, word).
pub fn add_lexical(plan: &mut Plan) -> Vec<(usize, String)> {
    let mut added = Vec::new();
    for (i, c) in plan.concepts.iter_mut().enumerate() {
        if c.phrase || c.synonym || c.typed.contains(' ') || c.typed.chars().count() < 3 {
            continue;
        }
        for alt in lexical_alternatives(&c.typed, LEXICAL_CAP) {
            if !c.alts.iter().any(|(a, _)| a == alt) {
                c.alts.push((alt.to_string(), LEXICAL_WEIGHT));
                added.push((i, alt.to_string()));
            }
        }
    }
    added
}

/// The words the rules use for an everyday word, from the lexical table: those
/// of the first base form of `word` the table knows, best first, at most `cap`.
pub fn lexical_alternatives(word: &str, cap: usize) -> Vec<&'static str> {
    for base in base_forms(&word.to_lowercase()) {
        if let Some(row) = lexical_row(&base) {
            return row.split(", ").take(cap).collect();
        }
    }
    Vec::new()
}

/// Suffixes that make another form of the same word (a noun of a verb, a verb of
/// a noun), beyond what the stemmer already folds.
const DERIVATIONS: &[&str] = &[
    "er", "ers", "ership", "ment", "ments", "ion", "ions", "ation", "ations", "ed", "ing", "s",
    "es", "e",
];

/// Words in more rules than this are too common to add as another form ("player"
/// for "play"): they would say little about the question.
pub const COMMON_DOCS: u64 = 250;

/// Other forms of `word` that the rules use and the stemmer does not fold into it:
/// its base plus a derivational suffix ("owns" → owner, "move" → movement,
/// "owner" → owns). `docs` gives how many rules hold a stem. At most four, the
/// most widely used first.
pub fn derived_forms(word: &str, docs: &dyn Fn(&str) -> u64) -> Vec<String> {
    let w = word.to_lowercase();
    let own_stem = stems(&w).into_iter().next().unwrap_or_default();
    let mut bases: Vec<String> = vec![own_stem.clone()];
    for suf in DERIVATIONS {
        if let Some(b) = w.strip_suffix(suf)
            && b.chars().count() >= 3
            && !bases.iter().any(|x| x == b)
        {
            bases.push(b.to_string());
        }
    }
    let mut found: Vec<(u64, String, String)> = Vec::new();
    for base in &bases {
        for suf in std::iter::once(&"").chain(DERIVATIONS) {
            let cand = format!("{base}{suf}");
            let Some(st) = stems(&cand).into_iter().next() else {
                continue;
            };
            if st == own_stem || found.iter().any(|(_, s, _)| *s == st) {
                continue;
            }
            let n = docs(&st);
            if (1..=COMMON_DOCS).contains(&n) {
                found.push((n, st, cand));
            }
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.2.cmp(&b.2)));
    found.into_iter().take(4).map(|(_, _, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::query::{lex, plan};

    #[test]
    fn derived_forms_reach_other_parts_of_speech() {
        let docs = |stem: &str| -> u64 {
            match stem {
                "owner" => 40,
                "own" => 60,
                "movement" => 12,
                "move" => 90,
                "player" => 900,
                "play" => 300,
                _ => 0,
            }
        };
        let v = &docs;
        assert!(derived_forms("owns", v).contains(&"owner".to_string()));
        assert!(derived_forms("move", v).contains(&"movement".to_string()));
        // too common to say anything
        assert!(derived_forms("play", v).is_empty());
        // only forms the stemmer does not already fold
        assert!(!derived_forms("owns", v).contains(&"own".to_string()));
    }

    #[test]
    fn the_lexical_table_is_sorted_bounded_and_parses() {
        let text = LEXICAL;
        assert!(text.is_ascii());
        let lines = text.lines().filter(|l| !l.starts_with('#')).count();
        let table: Vec<(&str, &str)> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(" => "))
            .collect();
        assert_eq!(table.len(), lines, "every line is `key => targets`");
        assert!(
            table.len() > 1000,
            "the table lost its rows: {}",
            table.len()
        );
        // sorted and unique, for the binary search
        assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
        for &(key, targets) in &table {
            // the binary search finds every row, and nothing between rows
            assert_eq!(lexical_row(key), Some(targets));
            assert_eq!(lexical_row(&format!("{key}q")), None);
            let t: Vec<&str> = targets.split(", ").collect();
            assert!((1..=LEXICAL_CAP).contains(&t.len()), "{key}: {targets}");
            assert!(t.iter().all(|x| x.chars().count() >= 3 && *x != key));
        }
        // the licence notice travels with the data
        assert!(text.contains("Copyright 2006 by Princeton University"));
    }

    #[test]
    fn base_forms_undo_inflections() {
        for (typed, base) in [
            ("runs", "run"),
            ("credited", "credit"),
            ("tapped", "tap"),
            ("bounces", "bounce"),
            ("copies", "copy"),
            ("choosing", "choose"),
        ] {
            assert!(
                base_forms(typed).contains(&base.to_string()),
                "{typed} → {base}"
            );
        }
        assert_eq!(base_forms("unit")[0], "unit");
    }

    #[test]
    fn everyday_words_reach_the_rules_words_through_the_lexical_table() {
        // a word the rules never use: its synonyms that they do
        assert!(lexical_alternatives("prohibited", 3).contains(&"forbid"));
        assert!(lexical_alternatives("preconditions", 3).contains(&"condition"));
        // a word the rules use: only another form of it ("attach" → attachment)
        assert_eq!(lexical_alternatives("attach", 3), vec!["attachment"]);
        assert!(lexical_alternatives("xyzzy", 3).is_empty());
        assert!(lexical_alternatives("precondition", 1).len() <= 1);
    }

    #[test]
    fn the_thesaurus_wins_over_the_lexical_table() {
        // "creature" is mapped by hand (→ unit); the table's "created" is not added
        let mut p = plan(&lex("creature prohibited \"precondition\"").unwrap());
        let added = add_lexical(&mut p);
        let creature = &p.concepts[0];
        assert!(creature.synonym);
        assert!(!creature.alts.iter().any(|(a, _)| a == "created"));
        // a plain word gets weak alternatives; a quoted phrase none
        assert!(added.iter().any(|(i, a)| *i == 1 && a == "forbid"));
        assert!(
            p.concepts[1]
                .alts
                .iter()
                .any(|(a, w)| a == "forbid" && *w == LEXICAL_WEIGHT)
        );
        assert!(!added.iter().any(|(i, _)| *i == 2));
        assert_eq!(p.concepts[1].alts[0], ("prohibited".to_string(), 1.0));
    }
}
