//! The meaning re-rank of a question's candidates (see [`super::meaning`]): the word
//! ranking's best hits and the rules nearest the question in meaning, each scored by its
//! word score as a share of the best one's plus the weighted similarity.

use tantivy::columnar::Column;
use tantivy::query::{EnableScoring, Query, Scorer};
use tantivy::{DocAddress, DocId, DocSet, Searcher, TERMINATED};

use super::{Error, meaning, tantivy_err};

/// Re-ranks a question's candidates by adding each one's similarity to the question
/// to its word score (see [`meaning`]): the word ranking's best hits, and the
/// [`meaning::NEAREST`] rules in scope nearest the question in meaning (a rule the
/// words rank lower or not at all, "what counts as a play" → 350.1 "To play a card
/// …", keeps the word score it has, or none). A rule the words did not match is
/// counted in `total`. Returns the rules found by meaning alone, or `None` when it
/// could not re-rank (the model and the rules' embeddings are built in, so only a
/// rule missing from the table keeps its word score).
pub(super) fn rerank_by_meaning(
    searcher: &Searcher,
    words: &dyn Query,
    filter: Option<&dyn Query>,
    vector: &meaning::QueryVector,
    top: &mut Vec<(f32, DocAddress)>,
    total: &mut usize,
) -> Result<Option<Vec<DocAddress>>, Error> {
    let Some(table) = meaning::Table::get() else {
        return Ok(None);
    };
    let Some(best) = top.first().map(|(s, _)| *s) else {
        return Ok(None);
    };
    let mut alone = Vec::new();
    let query = vector.get();
    for (score, addr) in top.iter_mut() {
        let rows = searcher
            .segment_reader(addr.segment_ord)
            .fast_fields()
            .u64("meaning_row")
            .map_err(tantivy_err)?;
        let sim = similarity(&rows, addr.doc_id, table, query).unwrap_or(0.0);
        *score = meaning::fuse(*score, best, sim);
    }
    let nearest = nearest_by_meaning(searcher, filter, table, query, meaning::NEAREST)?;
    let fresh: Vec<(f32, DocAddress)> = nearest
        .into_iter()
        .filter(|(_, addr)| !top.iter().any(|(_, a)| a == addr))
        .collect();
    let word_of = word_scores(searcher, words, &fresh)?;
    for ((sim, addr), word) in fresh.into_iter().zip(word_of) {
        let word = word.unwrap_or_else(|| {
            *total += 1;
            alone.push(addr);
            0.0
        });
        top.push((meaning::fuse(word, best, sim), addr));
    }
    // stable: equal scores keep the word order
    top.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(Some(alone))
}

/// The word score of each rule of `docs` (in their order), `None` for a rule the words
/// do not match. A scorer starts on its first match and seeks only forward, and is
/// costly to build (a term's postings, a union's buffers): so the rules are visited in
/// index order, with one scorer per segment.
fn word_scores(
    searcher: &Searcher,
    words: &dyn Query,
    docs: &[(f32, DocAddress)],
) -> Result<Vec<Option<f32>>, Error> {
    let scoring = words
        .weight(EnableScoring::enabled_from_searcher(searcher))
        .map_err(tantivy_err)?;
    let mut order: Vec<usize> = (0..docs.len()).collect();
    order.sort_by_key(|&i| (docs[i].1.segment_ord, docs[i].1.doc_id));
    let mut scores = vec![None; docs.len()];
    let mut scorer: Option<(u32, Box<dyn Scorer>)> = None;
    for i in order {
        let addr = docs[i].1;
        let s = match &mut scorer {
            Some((seg, s)) if *seg == addr.segment_ord => s,
            _ => {
                let s = scoring
                    .scorer(searcher.segment_reader(addr.segment_ord), 1.0)
                    .map_err(tantivy_err)?;
                &mut scorer.insert((addr.segment_ord, s)).1
            }
        };
        let at = match s.doc() {
            d if d < addr.doc_id => s.seek(addr.doc_id),
            d => d,
        };
        if at == addr.doc_id {
            scores[i] = Some(s.score());
        }
    }
    Ok(scores)
}

/// A rule's similarity to the question: its row of the embeddings table (the
/// `meaning_row` fast field) looked up in `table`; `None` for a rule the table lacks.
fn similarity(
    rows: &Column<u64>,
    doc: DocId,
    table: &meaning::Table,
    query: &[f32],
) -> Option<f32> {
    rows.first(doc)
        .and_then(|r| u32::try_from(r).ok())
        .and_then(|r| table.similarity(query, r))
}

/// The `k` rules in scope (those `filter` keeps) whose embeddings are nearest the
/// question's, as (similarity, address), nearest first.
fn nearest_by_meaning(
    searcher: &Searcher,
    filter: Option<&dyn Query>,
    table: &meaning::Table,
    query: &[f32],
    k: usize,
) -> Result<Vec<(f32, DocAddress)>, Error> {
    let scope = filter
        .map(|q| q.weight(EnableScoring::disabled_from_searcher(searcher)))
        .transpose()
        .map_err(tantivy_err)?;
    let mut nearest: Vec<(f32, DocAddress)> = Vec::with_capacity(k + 1);
    for (ord, seg) in searcher.segment_readers().iter().enumerate() {
        let rows = seg.fast_fields().u64("meaning_row").map_err(tantivy_err)?;
        let mut consider = |doc: DocId| {
            if seg.is_deleted(doc) {
                return;
            }
            let Some(sim) = similarity(&rows, doc, table, query) else {
                return;
            };
            if nearest.len() < k || nearest.last().is_some_and(|(s, _)| sim > *s) {
                let at = nearest.partition_point(|(s, _)| *s >= sim);
                nearest.insert(at, (sim, DocAddress::new(ord as u32, doc)));
                nearest.truncate(k);
            }
        };
        match &scope {
            Some(w) => {
                let mut docs = w.scorer(seg, 1.0).map_err(tantivy_err)?;
                let mut doc = docs.doc();
                while doc != TERMINATED {
                    consider(doc);
                    doc = docs.advance();
                }
            }
            None => (0..seg.max_doc()).for_each(consider),
        }
    }
    Ok(nearest)
}
