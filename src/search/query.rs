//! What a judge types, turned into what to search for: quoted phrases, `-word`
//! exclusions, stop words and question words dropped, other games' words mapped
//! to Riftbound's (the thesaurus, [`super::thesaurus`]). Everyday words reach the
//! rules' words through [`super::lexical`]; misspellings are corrected against the
//! rules' own vocabulary by [`super::spelling`].

use super::schema::stems;
use super::thesaurus::{Synonym, key_matches, synonyms};
use crate::error::Error;

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

pub use super::text::words;

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
            for k in s.keys {
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
            let mut alts: Vec<(String, f32)> = s.to.iter().map(|t| (t.to_string(), 1.0)).collect();
            // The typed words are searched too, at a lower weight (unless they are
            // only stop words); `search` drops them when the rules never use them.
            let meaningful: Vec<&String> = words[i..i + n].iter().filter(|w| !is_stop(w)).collect();
            if !meaningful.is_empty() && !s.to.iter().any(|t| t.eq_ignore_ascii_case(&typed)) {
                alts.push((typed.clone(), 0.5));
            }
            p.synonyms
                .push((typed.clone(), s.to.iter().map(|t| t.to_string()).collect()));
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

#[cfg(test)]
mod tests {
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
                super::super::text::push_word(&mut general, part);
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
}
