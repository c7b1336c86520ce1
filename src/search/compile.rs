//! Compiling a planned query into tantivy queries: the scope and section filter,
//! one alternative in every weighted field, near spellings for the fuzzy pass, and
//! the concepts combined so that matching more of them counts for more.

use super::query::{Concept, Plan};
use super::schema::{self, Fields};
use super::{Options, Scope, Section, tantivy_err};
use crate::error::Error;
use std::ops::Bound;
use tantivy::collector::Count;
use tantivy::query::{
    BooleanQuery, BooleanWeight, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, EnableScoring,
    FuzzyTermQuery, Occur, PhraseQuery, Query, RangeQuery, ScoreCombiner, Scorer, TermQuery,
    Weight,
};
use tantivy::schema::{Facet, IndexRecordOption};
use tantivy::{Score, Searcher, Term};

pub(super) fn fuzzy_distance(word: &str) -> usize {
    if word.chars().count() <= 5 { 1 } else { 2 }
}

pub(super) fn count(
    searcher: &Searcher,
    q: &dyn Query,
    filter: Option<&dyn Query>,
) -> Result<usize, Error> {
    let q = with_filter(q.box_clone(), filter.map(|f| f.box_clone()));
    searcher.search(&q, &Count).map_err(tantivy_err)
}

/// The scope (`--game`, `--edition`) and `--section` restrictions, scoring nothing.
pub(super) fn filter_query(f: &Fields, opts: &Options) -> Option<Box<dyn Query>> {
    let mut parts: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let facet = match &opts.scope {
        Scope::All => None,
        Scope::Game(g) => Some(Facet::from_path([g.as_str()])),
        Scope::Edition { game, edition } => Some(Facet::from_path([game.as_str(), edition])),
    };
    if let Some(facet) = facet {
        parts.push((
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_facet(f.scope, &facet),
                IndexRecordOption::Basic,
            )),
        ));
    }
    match &opts.section {
        None => {}
        Some(Section::Range(a, b)) => parts.push((
            Occur::Must,
            Box::new(RangeQuery::new(
                Bound::Included(Term::from_field_u64(f.top, u64::from(*a))),
                Bound::Included(Term::from_field_u64(f.top, u64::from(*b))),
            )),
        )),
        Some(Section::Within(id)) => {
            let dotted = id
                .clone()
                .with_style(crate::rulebook::IdStyle::Dotted)
                .to_string();
            parts.push((
                Occur::Must,
                Box::new(TermQuery::new(
                    Term::from_field_text(f.within, &dotted),
                    IndexRecordOption::Basic,
                )),
            ));
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(Box::new(ConstScoreQuery::new(
        Box::new(BooleanQuery::new(parts)),
        0.0,
    )))
}

pub(super) fn with_filter(q: Box<dyn Query>, filter: Option<Box<dyn Query>>) -> Box<dyn Query> {
    match filter {
        None => q,
        Some(f) => Box::new(BooleanQuery::new(vec![(Occur::Must, q), (Occur::Must, f)])),
    }
}

/// One alternative (a word or a phrase) in every weighted field; the best field counts.
pub(super) fn alt_query(f: &Fields, alt: &str, weight: f32) -> Box<dyn Query> {
    let stems = schema::stems(alt);
    let mut per_field: Vec<Box<dyn Query>> = Vec::new();
    for (field, w) in schema::weighted(f) {
        let q: Box<dyn Query> = match stems.as_slice() {
            [] => continue,
            [one] => Box::new(TermQuery::new(
                Term::from_field_text(field, one),
                IndexRecordOption::WithFreqs,
            )),
            many => Box::new(PhraseQuery::new(
                many.iter()
                    .map(|s| Term::from_field_text(field, s))
                    .collect(),
            )),
        };
        per_field.push(Box::new(BoostQuery::new(q, w * weight)));
    }
    let fields: Box<dyn Query> = Box::new(DisjunctionMaxQuery::with_tie_breaker(per_field, 0.2));
    if stems.is_empty() {
        return fields;
    }
    // A rule whose sentence defines exactly this term scores on top of its words
    // (a constant: the field is too sparse for its length norm to mean anything).
    let defines = ConstScoreQuery::new(
        Box::new(TermQuery::new(
            Term::from_field_text(f.defines, &stems.join(" ")),
            IndexRecordOption::Basic,
        )),
        schema::DEFINES_WEIGHT * weight,
    );
    Box::new(BooleanQuery::new(vec![
        (Occur::Should, fields),
        (Occur::Should, Box::new(defines)),
    ]))
}

/// Near spellings of one word, in the text and title fields.
fn fuzzy_query(f: &Fields, word: &str, weight: f32) -> Option<Box<dyn Query>> {
    let stem = schema::stems(word).into_iter().next()?;
    if stem.chars().count() < 4 {
        return None;
    }
    let d = fuzzy_distance(&stem) as u8;
    let qs: Vec<Box<dyn Query>> = [(f.title, 3.0), (f.text, 1.0), (f.keywords, 4.0)]
        .into_iter()
        .map(|(field, w)| -> Box<dyn Query> {
            Box::new(BoostQuery::new(
                Box::new(FuzzyTermQuery::new(
                    Term::from_field_text(field, &stem),
                    d,
                    true,
                )),
                w * weight,
            ))
        })
        .collect();
    Some(Box::new(DisjunctionMaxQuery::with_tie_breaker(qs, 0.2)))
}

/// One concept: the best of its alternatives (and, in the fuzzy pass, of their
/// near spellings).
fn concept_query(f: &Fields, c: &Concept, fuzzy: bool) -> Box<dyn Query> {
    let mut alts: Vec<Box<dyn Query>> = c.alts.iter().map(|(a, w)| alt_query(f, a, *w)).collect();
    if !c.phrase {
        for (a, _) in &c.alts {
            if a.contains(' ') {
                continue;
            }
            if fuzzy && let Some(q) = fuzzy_query(f, a, 0.4) {
                alts.push(q);
            }
        }
    }
    if alts.len() == 1 {
        alts.remove(0)
    } else {
        Box::new(DisjunctionMaxQuery::with_tie_breaker(alts, 0.1))
    }
}

/// Up to this many concepts, every pair of them found together in a rule adds a
/// bonus (45 pairs at most); a longer query has one bonus for matching them all.
/// Chosen on the tuning halves: 6 → 10 raised them (recall@5 0.877 → 0.894); 10, 12
/// and no cap tie there, and the pairs cost time, so the smallest.
const PAIR_CAP: usize = 10;

/// What a pair of concepts found together adds: half the sum of their scores.
const PAIR_BONUS: f32 = 0.5;

/// Every concept may match, and matching more of them counts for more: each
/// pair of concepts found together in a rule adds a bonus (so a rule with three of
/// the words outranks one whose short title has one); quoted phrases must match;
/// exclusions must not.
pub(super) fn build_query(f: &Fields, plan: &Plan, fuzzy: bool) -> Box<dyn Query> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let mut optional: Vec<Box<dyn Query>> = Vec::new();
    for c in &plan.concepts {
        let q = concept_query(f, c, fuzzy);
        if c.required {
            clauses.push((Occur::Must, q));
        } else {
            optional.push(q);
        }
    }
    if !optional.is_empty() {
        clauses.push((Occur::Should, Box::new(Together { concepts: optional })));
    }
    for x in &plan.excluded {
        clauses.push((Occur::MustNot, alt_query(f, x, 1.0)));
    }
    if clauses.iter().all(|(o, _)| *o == Occur::MustNot) {
        // Only exclusions: nothing can match.
        return Box::new(tantivy::query::EmptyQuery);
    }
    Box::new(BooleanQuery::new(clauses))
}

/// The optional concepts of a query, scored together: a rule matching `m` of them
/// scores the sum `s` of their scores, plus [`PAIR_BONUS`] times the two scores of
/// each of the m(m − 1)/2 pairs found together, which comes to
/// `s · (1 + PAIR_BONUS · (m − 1))`; past [`PAIR_CAP`] concepts, `s` once more
/// when all of them match. The same scores as a Boolean query with a clause for
/// each pair, computed once per rule from the concepts' own scores rather than by
/// matching each concept again in every pair it is part of (with ten concepts,
/// 45 pairs: most of a question's search time).
#[derive(Debug)]
struct Together {
    concepts: Vec<Box<dyn Query>>,
}

impl Clone for Together {
    fn clone(&self) -> Together {
        Together {
            concepts: self.concepts.iter().map(|q| q.box_clone()).collect(),
        }
    }
}

impl Query for Together {
    fn weight(&self, scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let weights = self
            .concepts
            .iter()
            .map(|q| Ok((Occur::Should, q.weight(scoring)?)))
            .collect::<tantivy::Result<Vec<_>>>()?;
        let concepts = self.concepts.len();
        Ok(Box::new(BooleanWeight::with_minimum_number_should_match(
            weights,
            0,
            scoring.is_scoring_enabled(),
            Box::new(move || Matched {
                concepts,
                ..Matched::default()
            }),
        )))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        for q in &self.concepts {
            q.query_terms(visitor);
        }
    }
}

/// The scores of the concepts a rule matches, and how many of them it matches, for
/// [`Together`] (a union calls `update` once for each concept found in the rule).
#[derive(Default, Clone, Copy)]
struct Matched {
    concepts: usize,
    matched: usize,
    sum: Score,
}

impl ScoreCombiner for Matched {
    fn update<S: Scorer>(&mut self, scorer: &mut S) {
        self.matched += 1;
        self.sum += scorer.score();
    }

    fn clear(&mut self) {
        self.matched = 0;
        self.sum = 0.0;
    }

    fn score(&self) -> Score {
        together(self.sum, self.matched, self.concepts)
    }
}

/// The score of a rule matching `matched` of `concepts` optional concepts whose
/// scores sum to `sum` (see [`Together`]).
fn together(sum: Score, matched: usize, concepts: usize) -> Score {
    if concepts <= PAIR_CAP {
        sum * (1.0 + PAIR_BONUS * matched.saturating_sub(1) as f32)
    } else if matched == concepts {
        sum * 2.0
    } else {
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::collector::TopDocs;
    use tantivy::schema::{Schema, TEXT};
    use tantivy::{DocAddress, Index, doc};

    /// The scores of every match of `q`, by address.
    fn scores(index: &Index, q: &dyn Query) -> Vec<(DocAddress, f32)> {
        let searcher = index.reader().unwrap().searcher();
        let mut v: Vec<(DocAddress, f32)> = searcher
            .search(q, &TopDocs::with_limit(100).order_by_score())
            .unwrap()
            .into_iter()
            .map(|(s, a)| (a, s))
            .collect();
        v.sort_by_key(|(a, _)| *a);
        v
    }

    /// [`Together`] scores each rule as the Boolean query with a clause for each
    /// concept and one for each pair (or, past [`PAIR_CAP`], one for all of them)
    /// that it replaces, and matches the same rules.
    #[test]
    fn concepts_together_score_as_their_pairs_would() {
        let mut schema = Schema::builder();
        let text = schema.add_text_field("text", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut w = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let words: Vec<String> = (0..12).map(|i| format!("w{i}")).collect();
        for d in 0..60usize {
            // each document has a different subset of the words, some twice
            let body: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|(i, _)| (d * 7 + i * 3) % 5 < 2 || d == 59)
                .flat_map(|(i, w)| std::iter::repeat_n(w.as_str(), 1 + (d + i) % 2))
                .chain(["filler"])
                .collect();
            w.add_document(doc!(text => body.join(" "))).unwrap();
        }
        w.commit().unwrap();
        for n in [1, 2, 3, PAIR_CAP, 12] {
            let concepts: Vec<Box<dyn Query>> = words[..n]
                .iter()
                .map(|w| -> Box<dyn Query> {
                    Box::new(TermQuery::new(
                        Term::from_field_text(text, w),
                        IndexRecordOption::WithFreqs,
                    ))
                })
                .collect();
            let mut clauses: Vec<(Occur, Box<dyn Query>)> = concepts
                .iter()
                .map(|q| (Occur::Should, q.box_clone()))
                .collect();
            if n <= PAIR_CAP {
                for i in 0..n {
                    for j in i + 1..n {
                        let pair = BooleanQuery::new(vec![
                            (Occur::Must, concepts[i].box_clone()),
                            (Occur::Must, concepts[j].box_clone()),
                        ]);
                        clauses.push((
                            Occur::Should,
                            Box::new(BoostQuery::new(Box::new(pair), PAIR_BONUS)),
                        ));
                    }
                }
            } else {
                let all = concepts
                    .iter()
                    .map(|q| (Occur::Must, q.box_clone()))
                    .collect();
                clauses.push((Occur::Should, Box::new(BooleanQuery::new(all))));
            }
            let pairs = scores(&index, &BooleanQuery::new(clauses));
            let together = scores(&index, &Together { concepts });
            assert!(!pairs.is_empty(), "{n} concepts match something");
            assert_eq!(
                pairs.len(),
                together.len(),
                "{n} concepts: the same matches"
            );
            for ((a, s), (b, t)) in pairs.iter().zip(&together) {
                assert_eq!(a, b);
                assert!(
                    (s - t).abs() <= 1e-5 * s.abs().max(1.0),
                    "{n} concepts, {a:?}: {s} vs {t}"
                );
            }
        }
    }

    #[test]
    fn more_concepts_found_together_count_for_more() {
        assert_eq!(together(2.0, 1, 3), 2.0);
        assert_eq!(together(2.0, 2, 3), 3.0);
        assert_eq!(together(3.0, 3, 3), 6.0);
        // past the cap, one bonus for all of them
        assert_eq!(together(5.0, 11, 11), 10.0);
        assert_eq!(together(5.0, 10, 11), 5.0);
    }
}
