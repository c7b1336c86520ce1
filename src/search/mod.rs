//! Full-text search over every embedded edition: a tantivy index cached on disk
//! (see [`cache`]), forgiving queries (see [`query`]: synonyms from other games
//! ([`thesaurus`], [`lexical`]), stop words, typo correction ([`spelling`]), fuzzy
//! fallback), ranking that favours titles and keyword names, and snippets with the
//! matched words marked.
//!
//! Only `arbiter search` opens the index; rule lookups never touch tantivy.

pub mod cache;
mod compile;
pub mod docs;
pub mod hash;
pub mod intent;
pub mod lexical;
pub mod meaning;
pub mod query;
mod repair;
mod rerank;
pub mod schema;
pub mod snippet;
pub mod spelling;
mod text;
pub mod thesaurus;

use crate::error::Error;
use crate::rulebook::RuleId;
use cache::Opened;
use compile::{alt_query, build_query, count, filter_query, fuzzy_distance, with_filter};
use query::{Concept, Plan};
use repair::{correct_words, glossary_terms, unquote_unsaid};
use schema::Fields;
use std::collections::{BTreeMap, HashSet};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Searcher, TantivyDocument, Term};

/// Which editions to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    All,
    Game(String),
    Edition { game: String, edition: String },
}

/// `--section`: top-level numbers `a..=b`, or one rule and everything beneath it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Section {
    Range(u32, u32),
    Within(RuleId),
}

impl Section {
    /// Parses `454-461`, `454` or `454.2` (a usage error otherwise).
    pub fn parse(s: &str) -> Result<Section, Error> {
        let bad = || Error::Usage {
            message: format!(
                "--section {s:?} is not a section: expected a number like 454, a range like 454-461, or a rule like 454.2"
            ),
            suggestions: Vec::new(),
        };
        let s = s.trim();
        if let Some((a, b)) = s.split_once(['-', '–']) {
            let a = RuleId::parse(a)
                .filter(|x| x.depth() == 1)
                .ok_or_else(bad)?;
            let b = RuleId::parse(b)
                .filter(|x| x.depth() == 1)
                .ok_or_else(bad)?;
            let (a, b) = (a.top(), b.top());
            if a > b {
                return Err(Error::usage(format!(
                    "--section {s}: the range runs backwards (did you mean {b}-{a}?)"
                )));
            }
            return Ok(Section::Range(a, b));
        }
        let id = RuleId::parse(s).ok_or_else(bad)?;
        Ok(if id.depth() == 1 {
            Section::Range(id.top(), id.top())
        } else {
            Section::Within(id)
        })
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub limit: usize,
    pub scope: Scope,
    pub section: Option<Section>,
    /// Re-rank a question by meaning (see [`meaning`]); `--words-only` turns it off.
    pub meaning: bool,
}

/// A marked part of a snippet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    /// `text`, `recovered_text` or `example`.
    pub field: &'static str,
    pub text: String,
    /// Byte ranges of matched words in `text`.
    pub highlights: Vec<(usize, usize)>,
    pub leading_ellipsis: bool,
    pub trailing_ellipsis: bool,
    /// For a `subrule` snippet: the sub-rule it quotes.
    pub from: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Hit {
    pub game: String,
    pub edition: String,
    /// The id as the edition prints it.
    pub id: String,
    /// The lookup key (`111.1a#2` for a duplicated id).
    pub key: String,
    pub score: f32,
    /// The query was this rule's id.
    pub exact: bool,
    /// Found by meaning alone: a question's words do not match this rule, one of the
    /// rules nearest the question in meaning (see [`meaning`]).
    pub meaning_only: bool,
    pub title: Option<String>,
    /// Provenance key when the title was recovered (not the source's own).
    pub title_recovered: Option<String>,
    /// Ancestors from the top: (id, title).
    pub breadcrumb: Vec<(String, Option<String>)>,
    pub snippets: Vec<Snippet>,
}

impl Hit {
    /// `2026-03-30/323.5`: the id with its edition.
    pub fn qualified(&self) -> String {
        format!("{}/{}", self.edition, self.key)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Results {
    /// The query as typed.
    pub query: String,
    /// The words searched for after corrections (what "searched for" reports).
    pub searched_for: String,
    pub corrections: Vec<(String, String)>,
    pub synonyms: Vec<(String, Vec<String>)>,
    /// Stop and question words left out.
    pub dropped: Vec<String>,
    /// Words the index has nothing close to.
    pub unknown: Vec<String>,
    /// Near spellings were searched because exact words found little.
    pub fuzzy: bool,
    /// Quoted phrases no rule in scope says, searched as bare words instead (only
    /// in a query that has other words too).
    pub unquoted: Vec<String>,
    /// The query was a rule id.
    pub id_query: bool,
    /// The hits were re-ranked by meaning (a question; see [`meaning`]).
    pub meaning: bool,
    /// Matching rules in scope (before `limit`).
    pub total: usize,
    pub hits: Vec<Hit>,
    /// Hints when nothing was found.
    pub suggestions: Vec<String>,
}

/// Whether the whole query is a rule id: `323.5`, `808`, `100.1a`, `R.805`,
/// `rule 808`. A bare number must have three digits (`808`, not `8`), and the
/// first segment is digits only, so `2v2` stays a word.
pub fn as_rule_id(q: &str) -> Option<RuleId> {
    let q = q.trim();
    let (q, prefixed) = match q
        .strip_prefix("rule ")
        .or_else(|| q.strip_prefix("Rule "))
        .or_else(|| q.strip_prefix("R."))
        .or_else(|| q.strip_prefix("r."))
    {
        Some(rest) => (rest.trim(), true),
        None => (q, false),
    };
    let body = q.strip_suffix('.').unwrap_or(q);
    let first = body.split('.').next().unwrap_or("");
    if first.is_empty() || first.len() > 3 || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !prefixed && !body.contains('.') && first.len() != 3 {
        return None;
    }
    RuleId::parse(body)
}

/// Searches the opened index (a question's embedding is computed when its hits are
/// re-ranked: see [`run_with`] to start it sooner).
pub fn run(opened: &Opened, q: &str, opts: &Options) -> Result<Results, Error> {
    run_with(opened, q, opts, &meaning::QueryVector::later(q))
}

/// [`run`], taking a question's embedding from `vector` (for `q`; it may have been
/// started on another thread before the index was opened).
pub fn run_with(
    opened: &Opened,
    q: &str,
    opts: &Options,
    vector: &meaning::QueryVector,
) -> Result<Results, Error> {
    let searcher = opened.reader.searcher();
    let f = &opened.fields;
    let mut res = Results {
        query: q.to_string(),
        ..Results::default()
    };
    let filter = filter_query(f, opts);

    if let Some(id) = as_rule_id(q) {
        return id_lookup(&searcher, f, filter.as_deref(), &id, opts, res);
    }

    let pieces = query::lex(q)?;
    let pieces = unquote_unsaid(&searcher, f, filter.as_deref(), pieces, &mut res)?;
    let mut vocab: Option<BTreeMap<String, u32>> = None;
    let pieces = correct_words(
        opened,
        &searcher,
        filter.as_deref(),
        pieces,
        &mut vocab,
        &mut res,
    )?;
    let mut plan = query::plan(&pieces);
    res.dropped = plan.dropped.clone();
    if plan.concepts.is_empty() {
        let msg = if plan.excluded.is_empty() && !plan.dropped.is_empty() {
            format!(
                "{q:?} has only common words ({}); add a word the rules use",
                plan.dropped.join(", ")
            )
        } else if !plan.excluded.is_empty() {
            "a search needs at least one word to look for besides exclusions".to_string()
        } else {
            "nothing to search for: give some words, a \"quoted phrase\" or a rule id".to_string()
        };
        return Err(Error::usage(msg));
    }

    // Glossary terms of several words typed in the question ("limited action",
    // "top-most card") are also searched as one concept.
    let bare: Vec<String> = pieces
        .iter()
        .filter_map(|p| match p {
            query::Piece::Word(w) => Some(query::words(w)),
            _ => None,
        })
        .flatten()
        .collect();
    for term in glossary_terms(&searcher, f, filter.as_deref(), &bare)? {
        if !plan.concepts.iter().any(|c| c.typed == term) {
            plan.concepts.push(Concept {
                typed: term.clone(),
                alts: vec![(term, GLOSSARY_WEIGHT)],
                required: false,
                phrase: false,
                synonym: false,
            });
        }
    }
    // Other forms of each typed word the rules use ("owns" → owner, "move" →
    // movement), as weaker alternatives of the same concept.
    for c in plan.concepts.iter_mut().filter(|c| !c.phrase && !c.synonym) {
        if c.typed.contains(' ') || c.typed.chars().count() < 3 {
            continue;
        }
        let docs = |stem: &str| {
            searcher
                .doc_freq(&Term::from_field_text(f.text, stem))
                .unwrap_or(0)
        };
        for form in lexical::derived_forms(&c.typed, &docs) {
            if !c.alts.iter().any(|(a, _)| *a == form) {
                c.alts.push((form, DERIVED_WEIGHT));
            }
        }
    }
    // Everyday words the rules say otherwise ("credit" → attributes), from the
    // lexical table: weak alternatives behind the hand-written thesaurus.
    let lexical = lexical::add_lexical(&mut plan);
    // Keep the alternatives the rules in scope actually use.
    for c in plan.concepts.iter_mut().filter(|c| !c.phrase) {
        let mut kept: Vec<(String, f32)> = Vec::new();
        for (alt, w) in &c.alts {
            if count(&searcher, &alt_query(f, alt, *w), filter.as_deref())? > 0 {
                kept.push((alt.clone(), *w));
            }
        }
        if !kept.is_empty() {
            c.alts = kept;
            continue;
        }
        // Nothing in scope says it (typos were corrected before planning): keep
        // the typed words, for the fuzzy pass, and name the unknown ones.
        for w in c.typed.split(' ') {
            let known = count(&searcher, &alt_query(f, w, 1.0), filter.as_deref())? > 0;
            if !known && !query::is_stop(w) && !res.unknown.iter().any(|u| u == w) {
                res.unknown.push(w.to_string());
            }
        }
        c.alts = vec![(c.typed.clone(), 1.0)];
    }
    // Report the synonyms the rules in scope actually use.
    // A word the rules never use, searched as the lexical table's words for it,
    // is reported like a thesaurus mapping (its other forms, like "attached" →
    // attachment, are not, as the derived forms are not).
    let said_otherwise = |i: usize, c: &Concept| {
        !c.synonym
            && !c.alts.iter().any(|(a, _)| *a == c.typed)
            && lexical.iter().any(|(j, _)| *j == i)
    };
    res.synonyms = plan
        .concepts
        .iter()
        .enumerate()
        .filter(|&(i, c)| c.synonym || said_otherwise(i, c))
        .map(|(_, c)| {
            let used: Vec<String> = c
                .alts
                .iter()
                .filter(|(a, _)| *a != c.typed)
                .map(|(a, _)| a.clone())
                .collect();
            (c.typed.clone(), used)
        })
        .filter(|(_, used)| !used.is_empty())
        .collect();
    res.searched_for = plan
        .concepts
        .iter()
        .map(|c| {
            if c.phrase {
                format!("\"{}\"", c.typed)
            } else {
                c.alts
                    .iter()
                    .map(|(a, _)| a.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            }
        })
        .collect::<Vec<_>>()
        .join(" ");

    // What the question names (each concept's ways of saying it), for a question
    // that asks what a term is.
    let named: Vec<String> = plan
        .concepts
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.phrase || c.typed.contains(' '))
        .flat_map(|(i, c)| {
            let lexical = &lexical;
            c.alts
                .iter()
                .filter(move |(a, _)| !lexical.iter().any(|(j, l)| *j == i && l == a))
                .map(|(a, _)| a.clone())
        })
        .collect();
    let main = intent::with_prior(f, q, &named, build_query(f, &plan, false));
    let full = with_filter(main, filter.as_ref().map(|x| x.box_clone()));
    // A question is re-ranked by meaning: the word ranking's best hits, then the
    // limit (see `meaning`).
    let question = opts.meaning && meaning::is_question(q);
    let wanted = if question {
        opts.limit.max(meaning::CANDIDATES)
    } else {
        opts.limit
    };
    let (mut top, mut total, mut words) = searcher
        .search(
            &full,
            &(
                TopDocs::with_limit(wanted).order_by_score(),
                Count,
                rerank::AllScores { keep: question },
            ),
        )
        .map_err(tantivy_err)?;

    // Few exact matches: add near spellings of every word.
    if total < 3 && plan.concepts.iter().any(|c| !c.phrase) {
        let fz = intent::with_prior(f, q, &named, build_query(f, &plan, true));
        let fz = with_filter(fz, filter.as_ref().map(|x| x.box_clone()));
        let (t2, n2, w2) = searcher
            .search(
                &fz,
                &(
                    TopDocs::with_limit(wanted).order_by_score(),
                    Count,
                    rerank::AllScores { keep: question },
                ),
            )
            .map_err(tantivy_err)?;
        if n2 > total {
            top = t2;
            total = n2;
            words = w2;
            res.fuzzy = true;
        }
    }
    let mut meaning_only = Vec::new();
    if question {
        let alone = rerank::rerank_by_meaning(
            &searcher,
            &words,
            filter.as_deref(),
            vector,
            &mut top,
            &mut total,
        )?;
        res.meaning = alone.is_some();
        meaning_only = alone.unwrap_or_default();
    }
    res.total = total;
    top.truncate(opts.limit);

    // What to mark in snippets: the stems of every alternative searched.
    let mut marks: HashSet<String> = HashSet::new();
    let mut near: Vec<(Vec<char>, usize)> = Vec::new();
    for c in &plan.concepts {
        for (a, _) in &c.alts {
            for s in schema::stems(a) {
                if !query::is_stop(&s) {
                    if res.fuzzy && s.chars().count() >= 4 {
                        near.push((s.chars().collect(), fuzzy_distance(&s)));
                    }
                    marks.insert(s);
                }
            }
        }
    }
    let is_match = |stem: &str| {
        if marks.contains(stem) {
            return true;
        }
        let b: Vec<char> = stem.chars().collect();
        near.iter()
            .any(|(a, max)| a.len().abs_diff(b.len()) <= 2 && spelling::damerau(a, &b) <= *max)
    };
    for (score, addr) in top {
        let mut hit = load_hit(&searcher, f, addr, score, &is_match)?;
        hit.meaning_only = meaning_only.contains(&addr);
        res.hits.push(hit);
    }
    if res.hits.is_empty() {
        res.suggestions = suggestions(&plan, &res, opened, opts, &mut vocab);
    }
    Ok(res)
}

/// A query that is a rule id: that rule (in every edition in scope), shown
/// whole; or, when it does not exist, its nearest existing ancestor.
fn id_lookup(
    searcher: &Searcher,
    f: &Fields,
    filter: Option<&dyn Query>,
    id: &RuleId,
    opts: &Options,
    mut res: Results,
) -> Result<Results, Error> {
    let dotted = id
        .clone()
        .with_style(crate::rulebook::IdStyle::Dotted)
        .to_string();
    let tq: Box<dyn Query> = Box::new(TermQuery::new(
        Term::from_field_text(f.dotted, &dotted),
        IndexRecordOption::Basic,
    ));
    let exact = with_filter(tq, filter.map(|x| x.box_clone()));
    let top = searcher
        .search(
            &exact,
            &TopDocs::with_limit(opts.limit.max(1)).order_by_score(),
        )
        .map_err(tantivy_err)?;
    if !top.is_empty() {
        res.id_query = true;
        res.searched_for = dotted;
        res.total = top.len();
        let mut addrs: Vec<DocAddress> = top.into_iter().map(|(_, a)| a).collect();
        addrs.sort();
        for a in addrs {
            let mut h = load_hit(searcher, f, a, 0.0, &|_| false)?;
            h.exact = true;
            // The rule asked for by id is shown whole, not as a snippet.
            let doc: TantivyDocument = searcher.doc(a).map_err(tantivy_err)?;
            if let Some(t) = stored(&doc, f.text)
                .filter(|t| stored(&doc, f.rtext) != Some(*t))
                .or_else(|| stored(&doc, f.minor))
                && let Some(s) = h.snippets.iter_mut().find(|s| s.field == "text")
            {
                *s = snippet::whole(t, "text");
            }
            if !h.snippets.iter().any(|s| s.field == "example")
                && let Some(e) = doc.get_first(f.examples).and_then(|v| v.as_str())
            {
                h.snippets.push(snippet::whole(e, "example"));
            }
            res.hits.push(h);
        }
        return Ok(res);
    }
    // An id that is not in scope: say so, and offer the nearest ancestor that is.
    res.id_query = true;
    res.searched_for = dotted.clone();
    let mut up = id.parent();
    while let Some(p) = up {
        let pd = p
            .clone()
            .with_style(crate::rulebook::IdStyle::Dotted)
            .to_string();
        let tq: Box<dyn Query> = Box::new(TermQuery::new(
            Term::from_field_text(f.dotted, &pd),
            IndexRecordOption::Basic,
        ));
        if count(searcher, tq.as_ref(), filter)? > 0 {
            res.suggestions.push(format!(
                "no rule {dotted} here; its nearest ancestor is {pd}: arbiter search {pd}"
            ));
            break;
        }
        up = p.parent();
    }
    if res.suggestions.is_empty() {
        res.suggestions.push(format!("no rule {dotted} here"));
    }
    if opts.scope != Scope::All {
        res.suggestions
            .push("search every edition with --all-editions".to_string());
    }
    Ok(res)
}

/// The weight of a glossary term of several words, searched besides its words.
const GLOSSARY_WEIGHT: f32 = 0.6;

/// The weight of another form of a typed word (see [`lexical::derived_forms`]).
const DERIVED_WEIGHT: f32 = 0.6;

const INDEX_FAILED: &str = "the search index failed";

fn tantivy_err(e: tantivy::TantivyError) -> Error {
    Error::Failed(format!(
        "{INDEX_FAILED} ({e}); run `arbiter search --rebuild`"
    ))
}

/// Whether an error came from the index itself (worth one rebuild and retry).
pub fn is_index_failure(e: &Error) -> bool {
    matches!(e, Error::Failed(m) if m.starts_with(INDEX_FAILED))
}

/// Whether a text says no more than a title (`While in the Trash:` and `While in
/// the Trash`).
pub(crate) fn same_words(text: &str, title: &str) -> bool {
    let t = |s: &str| s.trim().trim_end_matches([':', '.']).trim().to_lowercase();
    t(text) == t(title)
}

fn stored(doc: &TantivyDocument, field: tantivy::schema::Field) -> Option<&str> {
    doc.get_first(field).and_then(|v| v.as_str())
}

fn load_hit(
    searcher: &Searcher,
    f: &Fields,
    addr: DocAddress,
    score: f32,
    is_match: &dyn Fn(&str) -> bool,
) -> Result<Hit, Error> {
    let doc: TantivyDocument = searcher.doc(addr).map_err(tantivy_err)?;
    let s = |field| stored(&doc, field).unwrap_or("").to_string();
    let opt = |field| {
        stored(&doc, field)
            .filter(|x| !x.is_empty())
            .map(str::to_string)
    };
    let breadcrumb: Vec<(String, Option<String>)> =
        serde_json::from_str(stored(&doc, f.crumb).unwrap_or("[]")).unwrap_or_default();
    let mut snippets = Vec::new();
    // the title of a heading this rule represents is searched, not shown as its own
    let title = opt(f.title)
        .filter(|t| stored(&doc, f.represents) != Some(t.as_str()))
        .or_else(|| opt(f.shown_title));
    // A heading whose text is its title says nothing more in a snippet.
    // recovered text is indexed as text too; it is shown as recovered
    let rtext = opt(f.rtext);
    let text = opt(f.text)
        .filter(|t| rtext.as_deref() != Some(t.as_str()))
        .or_else(|| opt(f.minor))
        .filter(|t| title.as_deref().is_none_or(|ti| !same_words(t, ti)));
    if let Some(t) = &text {
        snippets.push(snippet::make(t, "text", is_match));
    } else if let Some(t) = &rtext {
        snippets.push(snippet::make(t, "recovered_text", is_match));
    }
    let examples: Vec<String> = doc
        .get_all(f.examples)
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    if let Some(ex) = examples.iter().find(|e| snippet::has_match(e, is_match)) {
        snippets.push(snippet::make(ex, "example", is_match));
    } else if text.is_none()
        && rtext.is_none()
        && let Some(ex) = examples.first()
    {
        snippets.push(snippet::make(ex, "example", is_match));
    }
    if snippets.is_empty()
        && let Some((from, t)) = stored(&doc, f.lead).and_then(|l| l.split_once('\t'))
    {
        let mut sn = snippet::make(t, "subrule", is_match);
        sn.from = Some(from.to_string());
        snippets.push(sn);
    }
    Ok(Hit {
        game: s(f.game),
        edition: s(f.edition),
        id: s(f.id),
        key: s(f.key),
        score,
        exact: false,
        meaning_only: false,
        title,
        title_recovered: opt(f.title_recovered),
        breadcrumb,
        snippets,
    })
}

fn suggestions(
    plan: &Plan,
    res: &Results,
    opened: &Opened,
    opts: &Options,
    vocab: &mut Option<BTreeMap<String, u32>>,
) -> Vec<String> {
    let mut out = Vec::new();
    let v = vocab.get_or_insert_with(|| opened.vocab());
    for w in &res.unknown {
        let near = spelling::near_words(w, v, 3);
        if !near.is_empty() {
            out.push(format!("did you mean {}?", near.join(", ")));
        }
    }
    if plan.concepts.iter().any(|c| c.phrase) {
        out.push("drop the quotes to match the words anywhere in a rule".to_string());
    }
    if !plan.excluded.is_empty() {
        out.push("remove a -exclusion".to_string());
    }
    if opts.section.is_some() {
        out.push("search without --section".to_string());
    }
    if opts.scope != Scope::All {
        out.push("search every edition with --all-editions".to_string());
    }
    if plan.concepts.len() > 1 {
        out.push("try fewer words".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_recognised_and_words_are_not() {
        for (q, id) in [
            ("323.5", "323.5"),
            ("808", "808"),
            ("808.", "808"),
            ("R.805", "805"),
            ("rule 808", "808"),
            ("100.1a", "100.1.a"),
            ("466.1.b.2", "466.1.b.2"),
        ] {
            assert_eq!(
                as_rule_id(q).map(|x| x.to_string()).as_deref(),
                Some(id),
                "{q}"
            );
        }
        for q in ["2v2", "8", "1v1 duel", "tank", "3a", "4 players", "1234"] {
            assert!(as_rule_id(q).is_none(), "{q}");
        }
    }

    #[test]
    fn sections_parse_ranges_numbers_and_rules() {
        assert_eq!(Section::parse("454-461").unwrap(), Section::Range(454, 461));
        assert_eq!(Section::parse("454").unwrap(), Section::Range(454, 454));
        assert!(matches!(
            Section::parse("454.2").unwrap(),
            Section::Within(_)
        ));
        assert!(Section::parse("461-454").is_err());
        assert!(Section::parse("abc").is_err());
        assert!(Section::parse("454-").is_err());
    }
}
