//! The meaning re-rank of a question's candidates (see [`super::meaning`]): the word
//! ranking's best hits and the rules nearest the question in meaning, each scored by its
//! word score as a share of the best one's plus the weighted similarity.

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::query::{EnableScoring, Query};
use tantivy::{DocAddress, DocId, DocSet, Score, Searcher, SegmentReader, TERMINATED};

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
    words: &WordScores,
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
    // each segment's column of table rows, opened once for the candidates and the
    // nearest rules alike
    let columns = searcher
        .segment_readers()
        .iter()
        .map(|seg| seg.fast_fields().u64("meaning_row"))
        .collect::<Result<Vec<Column<u64>>, _>>()
        .map_err(tantivy_err)?;
    for (score, addr) in top.iter_mut() {
        let sim = columns
            .get(addr.segment_ord as usize)
            .and_then(|rows| similarity(rows, addr.doc_id, table, query))
            .unwrap_or(0.0);
        *score = meaning::fuse(*score, best, sim);
    }
    let nearest = nearest_by_meaning(searcher, &columns, filter, table, query, meaning::NEAREST)?;
    let fresh: Vec<(f32, DocAddress)> = nearest
        .into_iter()
        .filter(|(_, addr)| !top.iter().any(|(_, a)| a == addr))
        .collect();
    for (sim, addr) in fresh {
        let word = words.of(addr).unwrap_or_else(|| {
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

/// Every rule's word score from a search, kept as the search scores it: beside the
/// top hits a search counts every match (`Count`), so every match is scored anyway,
/// and the re-rank looks up the score of a rule found by meaning instead of building
/// the words' query again (its weight is a term lookup for each field of each
/// alternative of each concept and pair, which took longer than the search itself).
/// Kept only when `keep` (a question, which is re-ranked); otherwise nothing is kept.
pub(super) struct AllScores {
    pub keep: bool,
}

/// The matches of one segment with their scores, in index order.
pub(super) struct SegmentScores {
    segment: u32,
    keep: bool,
    scores: Vec<(DocId, Score)>,
}

/// The word scores of a search's matches, segment by segment.
#[derive(Default)]
pub(super) struct WordScores(Vec<Vec<(DocId, Score)>>);

impl WordScores {
    /// The word score of the rule at `addr`, `None` if the words do not match it.
    pub(super) fn of(&self, addr: DocAddress) -> Option<Score> {
        let seg = self.0.get(addr.segment_ord as usize)?;
        seg.binary_search_by_key(&addr.doc_id, |&(d, _)| d)
            .ok()
            .map(|i| seg[i].1)
    }
}

impl Collector for AllScores {
    type Fruit = WordScores;
    type Child = SegmentScores;

    fn for_segment(&self, segment: u32, _: &SegmentReader) -> tantivy::Result<SegmentScores> {
        Ok(SegmentScores {
            segment,
            keep: self.keep,
            scores: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<(u32, Vec<(DocId, Score)>)>) -> tantivy::Result<WordScores> {
        let mut all = WordScores::default();
        for (segment, mut scores) in fruits {
            // a segment's documents arrive in index order; sorted all the same, as
            // the look-up relies on it
            scores.sort_unstable_by_key(|&(d, _)| d);
            let at = segment as usize;
            if all.0.len() <= at {
                all.0.resize_with(at + 1, Vec::new);
            }
            all.0[at] = scores;
        }
        Ok(all)
    }
}

impl SegmentCollector for SegmentScores {
    type Fruit = (u32, Vec<(DocId, Score)>);

    fn collect(&mut self, doc: DocId, score: Score) {
        if self.keep {
            self.scores.push((doc, score));
        }
    }

    fn harvest(self) -> Self::Fruit {
        (self.segment, self.scores)
    }
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
/// question's, as (similarity, address), nearest first; `columns` holds each
/// segment's column of table rows.
fn nearest_by_meaning(
    searcher: &Searcher,
    columns: &[Column<u64>],
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
    for ((ord, seg), rows) in searcher.segment_readers().iter().enumerate().zip(columns) {
        let mut consider = |doc: DocId| {
            if seg.is_deleted(doc) {
                return;
            }
            let Some(sim) = similarity(rows, doc, table, query) else {
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
