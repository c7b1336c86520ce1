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
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur,
    PhraseQuery, Query, RangeQuery, TermQuery,
};
use tantivy::schema::{Facet, IndexRecordOption};
use tantivy::{Searcher, Term};

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

/// Every concept may match, and matching more of them counts for more: each
/// pair of concepts found together in a rule adds a bonus (so a rule with three of
/// the words outranks one whose short title has one); quoted phrases must match;
/// exclusions must not.
pub(super) fn build_query(f: &Fields, plan: &Plan, fuzzy: bool) -> Box<dyn Query> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let mut optional: Vec<Box<dyn Query>> = Vec::new();
    for c in &plan.concepts {
        let q = concept_query(f, c, fuzzy);
        if !c.required {
            optional.push(q.box_clone());
        }
        clauses.push((
            if c.required {
                Occur::Must
            } else {
                Occur::Should
            },
            q,
        ));
    }
    if optional.len() <= PAIR_CAP {
        for i in 0..optional.len() {
            for j in i + 1..optional.len() {
                let pair = BooleanQuery::new(vec![
                    (Occur::Must, optional[i].box_clone()),
                    (Occur::Must, optional[j].box_clone()),
                ]);
                clauses.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(pair), 0.5)),
                ));
            }
        }
    } else {
        let all = optional
            .iter()
            .map(|q| (Occur::Must, q.box_clone()))
            .collect();
        clauses.push((Occur::Should, Box::new(BooleanQuery::new(all))));
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
