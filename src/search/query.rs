//! What a judge types, turned into what to search for: quoted phrases, `-word`
//! exclusions, stop words and question words dropped, other games' words mapped
//! to Riftbound's (synonyms.txt), misspellings corrected against the rules'
//! own vocabulary.

use super::schema::stems;
use crate::error::Error;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One lexical piece of a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Word(String),
    /// `"lethal damage"`: must appear, words in order.
    Phrase(String),
    /// `-word` or `-"a phrase"`: must not appear.
    Not(String),
}

/// Splits a query into words, quoted phrases and exclusions.
/// An unclosed quote or an empty phrase is a usage error (exit 2).
pub fn lex(q: &str) -> Result<Vec<Piece>, Error> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = q.char_indices().collect();
    let mut i = 0;
    let is_quote = |c: char| matches!(c, '"' | '“' | '”');
    while i < chars.len() {
        let c = chars[i].1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let negated = c == '-'
            && chars
                .get(i + 1)
                .is_some_and(|&(_, n)| !n.is_whitespace() && n != '-');
        let start = if negated { i + 1 } else { i };
        if is_quote(chars[start].1) {
            let open = chars[start].0;
            let mut j = start + 1;
            while j < chars.len() && !is_quote(chars[j].1) {
                j += 1;
            }
            if j >= chars.len() {
                return Err(Error::Usage {
                    message: format!(
                        "the quote at column {} is never closed: {q}",
                        q[..open].chars().count() + 1
                    ),
                    suggestions: vec![format!("{q}\"")],
                });
            }
            let inner: String = chars[start + 1..j].iter().map(|&(_, c)| c).collect();
            if stems(&inner).is_empty() {
                return Err(Error::usage(format!(
                    "the phrase at column {} has no words in it",
                    q[..open].chars().count() + 1
                )));
            }
            out.push(if negated {
                Piece::Not(inner)
            } else {
                Piece::Phrase(inner)
            });
            i = j + 1;
            continue;
        }
        let mut j = start;
        while j < chars.len() && !chars[j].1.is_whitespace() && !is_quote(chars[j].1) {
            j += 1;
        }
        let word: String = chars[start..j].iter().map(|&(_, c)| c).collect();
        if negated {
            out.push(Piece::Not(word));
        } else {
            out.push(Piece::Word(word));
        }
        i = j;
    }
    Ok(out)
}

/// Words that carry no meaning in a rules question: English function words and
/// question words ("what happens when …"). Dropped from bare words only; a
/// quoted phrase keeps them.
const STOP: &[&str] = &[
    "a",
    "about",
    "after",
    "again",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "between",
    "both",
    "but",
    "by",
    "can",
    "cannot",
    "could",
    "d",
    "did",
    "do",
    "does",
    "doing",
    "during",
    "each",
    "either",
    "else",
    "even",
    "ever",
    "exactly",
    "for",
    "from",
    "get",
    "gets",
    "getting",
    "go",
    "goes",
    "going",
    "got",
    "had",
    "happen",
    "happened",
    "happening",
    "happens",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "him",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "ll",
    "m",
    "many",
    "me",
    "mean",
    "means",
    "more",
    "most",
    "much",
    "must",
    "my",
    "need",
    "needs",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "on",
    "only",
    "or",
    "other",
    "our",
    "please",
    "re",
    "rule",
    "rules",
    "s",
    "same",
    "say",
    "says",
    "she",
    "should",
    "so",
    "some",
    "such",
    "t",
    "tell",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "thing",
    "things",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "us",
    "use",
    "used",
    "ve",
    "very",
    "want",
    "was",
    "way",
    "we",
    "were",
    "what",
    "whats",
    "when",
    "whenever",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "work",
    "works",
    "would",
    "yes",
    "you",
    "your",
];

pub fn is_stop(word: &str) -> bool {
    STOP.binary_search(&word).is_ok()
}

/// A phrase as lowercased words, split like the index splits them (`state-based`
/// is two words, `player's` is `player`).
pub fn words(s: &str) -> Vec<String> {
    if s.is_ascii() {
        return ascii_words(s);
    }
    let mut out = Vec::new();
    for part in s.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’') {
        push_word(&mut out, part);
    }
    out
}

/// [`words`] of ASCII text, split byte by byte: the same words (in ASCII a separator is
/// any byte but a letter, a digit or `'`), without decoding characters. The thesaurus
/// is parsed through here on every search, and the character-wise split of its 13 KB
/// cost 2M instructions, a fifth of a warm search.
fn ascii_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = s.as_bytes();
    for end in 0..=bytes.len() {
        let boundary = bytes
            .get(end)
            .is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'\'');
        if !boundary {
            continue;
        }
        if end > start {
            let part = s.get(start..end).unwrap_or("");
            if part.bytes().all(|b| b.is_ascii_alphanumeric()) {
                out.push(part.to_ascii_lowercase());
            } else {
                push_word(&mut out, part);
            }
        }
        start = end + 1;
    }
    out
}

/// One part of [`words`]: lowercased, without its quotes and a possessive `'s`.
fn push_word(out: &mut Vec<String>, part: &str) {
    let part = part.trim_matches(['\'', '’']).to_lowercase();
    let part = part
        .strip_suffix("'s")
        .or_else(|| part.strip_suffix("’s"))
        .unwrap_or(&part)
        .replace(['\'', '’'], "");
    if !part.is_empty() {
        out.push(part);
    }
}

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

/// A concept of the query: one thing the judge asked about, and the ways the
/// rules may say it (the typed word, its Riftbound synonyms, a correction).
#[derive(Clone, Debug, PartialEq)]
pub struct Concept {
    /// What the judge typed for it.
    pub typed: String,
    /// Alternatives, each a word or a phrase, with a weight.
    pub alts: Vec<(String, f32)>,
    /// A quoted phrase must match.
    pub required: bool,
    /// The typed words are searched as a phrase (quoted).
    pub phrase: bool,
    /// The alternatives came from the synonym table.
    pub synonym: bool,
}

/// The query as planned, before it meets the index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub concepts: Vec<Concept>,
    pub excluded: Vec<String>,
    /// (typed, Riftbound words) for each synonym applied.
    pub synonyms: Vec<(String, Vec<String>)>,
    /// Stop words that were dropped.
    pub dropped: Vec<String>,
}

/// Plans a query: phrases stay phrases; bare words are matched against the synonym
/// table (longest first, by stem), then stop words are dropped.
pub fn plan(pieces: &[Piece]) -> Plan {
    let mut p = Plan::default();
    let mut words: Vec<String> = Vec::new();
    let flush = |words: &mut Vec<String>, p: &mut Plan| {
        plan_words(words, p);
        words.clear();
    };
    for piece in pieces {
        match piece {
            Piece::Word(w) => words.extend(self::words(w)),
            Piece::Phrase(ph) => {
                flush(&mut words, &mut p);
                p.concepts.push(Concept {
                    typed: ph.clone(),
                    alts: vec![(ph.clone(), 1.0)],
                    required: true,
                    phrase: true,
                    synonym: false,
                });
            }
            Piece::Not(w) => p.excluded.push(w.clone()),
        }
    }
    flush(&mut words, &mut p);
    p
}

fn plan_words(words: &[String], p: &mut Plan) {
    let stemmed: Vec<String> = words
        .iter()
        .map(|w| stems(w).into_iter().next().unwrap_or_default())
        .collect();
    let table = synonyms();
    let mut i = 0;
    while i < words.len() {
        // The longest synonym key starting here (exact words: the table lists
        // the forms it means, so "counters" maps to buffs but "counter" does not).
        let mut best: Option<(usize, &Synonym)> = None;
        for s in table {
            for k in &s.keys {
                let n = k.len();
                if i + n <= words.len()
                    && key_matches(&words[i..i + n], k)
                    && best.is_none_or(|(m, _)| n > m)
                {
                    best = Some((n, s));
                }
            }
        }
        if let Some((n, s)) = best {
            let typed = words[i..i + n].join(" ");
            let mut alts: Vec<(String, f32)> = s.to.iter().map(|t| (t.clone(), 1.0)).collect();
            // The typed words are searched too, at a lower weight (unless they are
            // only stop words); `search` drops them when the rules never use them.
            let meaningful: Vec<&String> = words[i..i + n].iter().filter(|w| !is_stop(w)).collect();
            if !meaningful.is_empty() && !s.to.iter().any(|t| t.eq_ignore_ascii_case(&typed)) {
                alts.push((typed.clone(), 0.5));
            }
            p.synonyms.push((typed.clone(), s.to.clone()));
            p.concepts.push(Concept {
                typed,
                alts,
                required: false,
                phrase: false,
                synonym: true,
            });
            i += n;
            continue;
        }
        let w = &words[i];
        if is_stop(w) || stemmed[i].is_empty() {
            p.dropped.push(w.clone());
        } else if !p.concepts.iter().any(|c| !c.phrase && c.typed == *w) {
            p.concepts.push(Concept {
                typed: w.clone(),
                alts: vec![(w.clone(), 1.0)],
                required: false,
                phrase: false,
                synonym: false,
            });
        }
        i += 1;
    }
}

/// Whether typed words say a synonym key: the same words, the last one perhaps
/// inflected ("blocks" for block, "taps" for tap, "died" for die). Only endings
/// added to a listed form count, so "counter" (a Riftbound action) never matches
/// the key "counters".
fn key_matches(typed: &[String], key: &[String]) -> bool {
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

/// The closest word of the vocabulary to `word`: edit distance (with
/// transpositions) at most 1 for words of 4–5 letters, 2 for longer ones; ties go
/// to the more frequent word. Words of 3 letters or fewer are not corrected.
pub fn correct(word: &str, vocab: &BTreeMap<String, u32>) -> Option<String> {
    candidates(word, vocab).into_iter().next()
}

/// Every plausible correction of `word` in `vocab`, best first (fewest edits,
/// then most frequent); the caller keeps the first the rules in scope use.
pub fn candidates(word: &str, vocab: &BTreeMap<String, u32>) -> Vec<String> {
    let n = word.chars().count();
    let max = match n {
        0..=3 => return Vec::new(),
        4..=5 => 1,
        _ => 2,
    };
    let w: Vec<char> = word.chars().collect();
    let mut found: Vec<(usize, std::cmp::Reverse<u32>, &str)> = Vec::new();
    for (cand, &freq) in vocab {
        let cn = cand.chars().count();
        if cn.abs_diff(n) > max || cand == word {
            continue;
        }
        let c: Vec<char> = cand.chars().collect();
        let d = damerau(&w, &c);
        // Two edits must keep the first letter (typos rarely change it): without
        // this rule "weapon" would become "reason".
        if d > max || (d == 2 && c.first() != w.first()) {
            continue;
        }
        // In a short word, a changed letter must be a neighbouring key: "tsnk" is
        // "tank", but "size" is not a typo of "side".
        if n <= 5 && !plausible_substitution(&w, &c) {
            continue;
        }
        found.push((d, std::cmp::Reverse(freq), cand));
    }
    found.sort();
    found.into_iter().map(|(_, _, c)| c.to_string()).collect()
}

/// Whether `a` and `b` (one edit apart) differ by something a finger slips into:
/// an inserted, dropped or swapped letter, or a key next to the intended one.
fn plausible_substitution(a: &[char], b: &[char]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    match diff.as_slice() {
        [i] => neighbours(a[*i], b[*i]),
        _ => true, // a transposition
    }
}

/// Whether two letters are adjacent on a QWERTY keyboard.
fn neighbours(x: char, y: char) -> bool {
    const ROWS: [(&str, f32); 3] = [("qwertyuiop", 0.0), ("asdfghjkl", 0.25), ("zxcvbnm", 0.75)];
    let pos = |c: char| {
        ROWS.iter().enumerate().find_map(|(r, (keys, off))| {
            keys.find(c.to_ascii_lowercase())
                .map(|i| (r as f32, i as f32 + off))
        })
    };
    match (pos(x), pos(y)) {
        (Some((r1, c1)), Some((r2, c2))) => (r1 - r2).abs() <= 1.0 && (c1 - c2).abs() <= 1.0,
        _ => false,
    }
}

/// Near words for a "did you mean" line: up to `n` vocabulary words within
/// distance 2, closest and most frequent first.
pub fn near_words(word: &str, vocab: &BTreeMap<String, u32>, n: usize) -> Vec<String> {
    let w: Vec<char> = word.chars().collect();
    if w.len() < 3 {
        return Vec::new();
    }
    let mut v: Vec<(usize, std::cmp::Reverse<u32>, &str)> = vocab
        .iter()
        .filter(|(c, _)| c.chars().count().abs_diff(w.len()) <= 2 && c.as_str() != word)
        .filter_map(|(c, &f)| {
            let d = damerau(&w, &c.chars().collect::<Vec<_>>());
            (d <= 2).then_some((d, std::cmp::Reverse(f), c.as_str()))
        })
        .collect();
    v.sort();
    v.into_iter()
        .take(n)
        .map(|(_, _, c)| c.to_string())
        .collect()
}

/// Optimal-string-alignment distance over characters (see [`crate::fuzzy`]).
pub fn damerau(a: &[char], b: &[char]) -> usize {
    crate::fuzzy::distance_chars(a, b)
}

#[cfg(test)]
mod tests {

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

    use super::*;

    #[test]
    fn ascii_text_splits_into_the_same_words_as_any_text() {
        for s in [
            "State-based actions, +1/+1 counters => cleanup",
            "player's 'Quoted' rock'n'roll ''  x's '",
            "  Tap,tapped;;TAPPING\tdown 2v2 ",
            "",
            "'s",
        ] {
            let mut general = Vec::new();
            for part in s.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’') {
                push_word(&mut general, part);
            }
            assert_eq!(words(s), general, "{s:?}");
        }
        assert_eq!(
            words("Player's STATE-based"),
            ["player", "state", "based"].map(String::from)
        );
        // non-ASCII text takes the general path
        assert_eq!(words("Ætherium’s"), ["ætherium"].map(String::from));
    }

    #[test]
    fn stop_list_is_sorted_for_binary_search() {
        let mut s = STOP.to_vec();
        s.sort();
        assert_eq!(s, STOP);
    }

    #[test]
    fn lexes_phrases_words_and_exclusions() {
        let p = lex(r#"tank "lethal damage" -recall"#).unwrap();
        assert_eq!(
            p,
            vec![
                Piece::Word("tank".into()),
                Piece::Phrase("lethal damage".into()),
                Piece::Not("recall".into())
            ]
        );
        assert!(lex(r#""lethal damage"#).is_err());
        assert!(lex(r#""  ""#).is_err());
        assert_eq!(lex("-").unwrap(), vec![Piece::Word("-".into())]);
    }

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

    #[test]
    fn every_synonym_line_parses() {
        let text = include_str!("synonyms.txt");
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        assert_eq!(parse_synonyms(text).len(), lines);
    }

    #[test]
    fn corrects_typos_against_the_vocabulary() {
        let vocab: BTreeMap<String, u32> = [("deathknell", 12), ("death", 40), ("shield", 9)]
            .into_iter()
            .map(|(w, n)| (w.to_string(), n))
            .collect();
        assert_eq!(correct("deathnell", &vocab).as_deref(), Some("deathknell"));
        assert_eq!(correct("shiled", &vocab).as_deref(), Some("shield"));
        assert_eq!(correct("xyzzy", &vocab), None);
        // Two edits that change the first letter are not a typo.
        let vocab2: BTreeMap<String, u32> = [("reason".to_string(), 50)].into_iter().collect();
        assert_eq!(correct("weapon", &vocab2), None);
        let vocab3: BTreeMap<String, u32> = [("side", 50), ("tank", 9)]
            .into_iter()
            .map(|(w, n)| (w.to_string(), n))
            .collect();
        assert_eq!(correct("size", &vocab3), None);
        assert_eq!(correct("tsnk", &vocab3).as_deref(), Some("tank"));
        assert_eq!(correct("tnak", &vocab3).as_deref(), Some("tank"));
        assert_eq!(correct("tan", &vocab3), None);
        assert_eq!(damerau(&['a', 'b'], &['b', 'a']), 1);
    }
}
