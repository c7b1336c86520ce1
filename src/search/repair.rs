//! Repairing the words typed before a query is planned: a quoted phrase no rule
//! says is searched as loose words, a misspelt word is corrected against the
//! rules' vocabulary, a keyword typed as two words is joined and two words run
//! together are split, and runs of words the rules define as one term are found.

use super::cache::Opened;
use super::compile::{alt_query, count};
use super::schema::{self, Fields};
use super::{Results, query, spelling, thesaurus};
use crate::error::Error;
use std::collections::BTreeMap;
use tantivy::query::{PhraseQuery, Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::{Searcher, Term};

/// A question that quotes words no rule in scope says (a card's text pasted into a
/// question: `does accelerate trigger "when a unit becomes ready"`) searches those
/// words anywhere instead, as if unquoted, and says so; the question's other words
/// still rank the hits. A query of quoted phrases only keeps them as typed.
pub(super) fn unquote_unsaid(
    searcher: &Searcher,
    f: &Fields,
    filter: Option<&dyn Query>,
    pieces: Vec<query::Piece>,
    res: &mut Results,
) -> Result<Vec<query::Piece>, Error> {
    use query::Piece;
    if !pieces.iter().any(|p| matches!(p, Piece::Word(_))) {
        return Ok(pieces);
    }
    let mut out = Vec::with_capacity(pieces.len());
    for p in pieces {
        match p {
            Piece::Phrase(ph) if count(searcher, &*alt_query(f, &ph, 1.0), filter)? == 0 => {
                out.extend(ph.split_whitespace().map(|w| Piece::Word(w.to_string())));
                res.unquoted.push(ph);
            }
            p => out.push(p),
        }
    }
    Ok(out)
}

/// Corrects the bare words no rule in scope uses, before synonyms are applied,
/// against the rules' vocabulary and the synonym table's own words (so
/// "sumoning sickness" becomes "summoning sickness", then "enters exhausted").
pub(super) fn correct_words(
    opened: &Opened,
    searcher: &Searcher,
    filter: Option<&dyn Query>,
    pieces: Vec<query::Piece>,
    vocab: &mut Option<BTreeMap<String, u32>>,
    res: &mut Results,
) -> Result<Vec<query::Piece>, Error> {
    let synonym_words = thesaurus::key_words();
    let is_key_word = |w: &str| synonym_words.binary_search(&w).is_ok();
    // Bare words one by one (quoted phrases and exclusions stay as they are).
    let mut toks: Vec<Result<String, query::Piece>> = Vec::new();
    for p in pieces {
        match p {
            query::Piece::Word(w) => toks.extend(query::words(&w).into_iter().map(Ok)),
            other => toks.push(Err(other)),
        }
    }
    let known = |w: &str| -> Result<bool, Error> {
        Ok(count(searcher, alt_query(&opened.fields, w, 1.0).as_ref(), filter)? > 0)
    };
    let mut out: Vec<query::Piece> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let word = match &toks[i] {
            Ok(w) => w.clone(),
            Err(p) => {
                out.push(p.clone());
                i += 1;
                continue;
            }
        };
        i += 1;
        let plain = word.chars().count() < 4
            || query::is_stop(&word)
            || is_key_word(&word)
            || known(&word)?;
        if plain {
            out.push(query::Piece::Word(word));
            continue;
        }
        // A keyword typed as two words: "death knell", "weapon master".
        if let Some(query::Piece::Word(prev)) = out.last()
            && known(&format!("{prev}{word}"))?
        {
            let joined = format!("{prev}{word}");
            res.corrections
                .push((format!("{prev} {word}"), joined.clone()));
            out.pop();
            out.push(query::Piece::Word(joined));
            continue;
        }
        if let Some(Ok(next)) = toks.get(i)
            && known(&format!("{word}{next}"))?
        {
            let joined = format!("{word}{next}");
            res.corrections
                .push((format!("{word} {next}"), joined.clone()));
            out.push(query::Piece::Word(joined));
            i += 1;
            continue;
        }
        // Two words typed as one: "quickdraws" (Quick-Draw), "hiddencards".
        if let Some((a, b)) = split_compound(&word, &known)? {
            res.corrections.push((word.clone(), format!("{a} {b}")));
            out.push(query::Piece::Word(a));
            out.push(query::Piece::Word(b));
            continue;
        }
        let v = vocab.get_or_insert_with(|| opened.vocab());
        // The rules' words, and the synonym table's not among them (counted once).
        let candidates = v.iter().map(|(w, &n)| (w.as_str(), n)).chain(
            synonym_words
                .iter()
                .filter(|s| !v.contains_key(**s))
                .map(|s| (*s, 1)),
        );
        // The best candidate the rules in scope use (the vocabulary spans every
        // edition).
        let mut chosen = None;
        for c in spelling::candidates(&word, candidates).into_iter().take(8) {
            if is_key_word(&c) || known(&c)? {
                chosen = Some(c);
                break;
            }
        }
        match chosen {
            Some(c) => {
                res.corrections.push((word, c.clone()));
                out.push(query::Piece::Word(c));
            }
            None => out.push(query::Piece::Word(word)),
        }
    }
    Ok(out)
}

/// An unknown word that is two words of the rules run together, which the rules
/// in scope also say together ("quickdraws" → quick draws, as in Quick-Draw): the
/// split with the longest first part, each part at least three letters and not a
/// common word. `known` says whether the rules in scope use a word or a phrase.
fn split_compound(
    word: &str,
    known: &dyn Fn(&str) -> Result<bool, Error>,
) -> Result<Option<(String, String)>, Error> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() < 6 || !chars.iter().all(|c| c.is_alphabetic()) {
        return Ok(None);
    }
    for i in (3..=chars.len() - 3).rev() {
        let a: String = chars[..i].iter().collect();
        let b: String = chars[i..].iter().collect();
        if query::is_stop(&a) || query::is_stop(&b) {
            continue;
        }
        if known(&a)? && known(&b)? && known(&format!("{a} {b}"))? {
            return Ok(Some((a, b)));
        }
    }
    Ok(None)
}

/// The runs of two or three typed words that the rules in scope define as one
/// term (a sentence's defined term, or a keyword or glossary name).
pub(super) fn glossary_terms(
    searcher: &Searcher,
    f: &Fields,
    filter: Option<&dyn Query>,
    words: &[String],
) -> Result<Vec<String>, Error> {
    let mut out: Vec<String> = Vec::new();
    for n in [3, 2] {
        for w in words.windows(n) {
            // a run with a common word at an edge counts only as a defined term
            // ("in combat": 741.3 "A unit is in combat if …")
            let edged = query::is_stop(&w[0]) || query::is_stop(&w[n - 1]);
            if w.iter().all(|x| query::is_stop(x)) {
                continue;
            }
            let term = w.join(" ");
            if out.iter().any(|o| o.contains(&term)) {
                continue;
            }
            let stems = schema::stems(&term);
            if stems.len() < 2 {
                continue;
            }
            // cheap checks first: every stem must be in the keyword names, or the
            // whole term among the defined terms
            let key = Term::from_field_text(f.defines, &stems.join(" "));
            let in_names = stems.iter().all(|s| {
                searcher
                    .doc_freq(&Term::from_field_text(f.keywords, s))
                    .unwrap_or(0)
                    > 0
            });
            let is_defined = searcher.doc_freq(&key).unwrap_or(0) > 0;
            if (edged || !in_names) && !is_defined {
                continue;
            }
            let defined = TermQuery::new(
                Term::from_field_text(f.defines, &stems.join(" ")),
                IndexRecordOption::Basic,
            );
            let named = PhraseQuery::new(
                stems
                    .iter()
                    .map(|s| Term::from_field_text(f.keywords, s))
                    .collect(),
            );
            if count(searcher, &defined, filter)? > 0
                || (!edged && count(searcher, &named, filter)? > 0)
            {
                out.push(term);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_run_together_splits_where_the_rules_say_both() {
        let said = [
            "quick",
            "draw",
            "draws",
            "quick draw",
            "quick draws",
            "hidden",
            "card",
        ];
        let known = |w: &str| -> Result<bool, Error> { Ok(said.contains(&w)) };
        assert_eq!(
            split_compound("quickdraws", &known).unwrap(),
            Some(("quick".to_string(), "draws".to_string()))
        );
        // both words are the rules', but never said together
        assert_eq!(split_compound("hiddencard", &known).unwrap(), None);
        assert_eq!(split_compound("xyzzyplugh", &known).unwrap(), None);
        assert_eq!(split_compound("draw", &known).unwrap(), None);
    }
}
