//! The `--json` documents of the lookups (`rule`, `toc`, `define`, `editions`, `refs`):
//! typed structs whose field names are the README's, each document with its `schema`
//! version (`rule/1`, …). `tests/readme_json.rs` checks the README's field lists against
//! what these print.

use crate::rulebook::library::Rules;
use crate::rulebook::{Ref, RefField, RefKind};
use serde::Serialize;

/// `arbiter rule ID --json` (schema `rule/1`); with `--depth`, `children` in the same
/// shape (without `schema`).
#[derive(Serialize)]
pub struct RuleJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<&'static str>,
    pub game: &'static str,
    pub edition: &'static str,
    pub id: String,
    pub key: String,
    pub title: Option<String>,
    pub text: Option<String>,
    pub examples: Vec<String>,
    pub items: Vec<String>,
    pub recovered: Option<RecoveredJson>,
    pub refs: Vec<RefJson>,
    pub line: u32,
    pub note: Option<String>,
    pub breadcrumb: Vec<CrumbJson>,
    pub backlinks: Vec<String>,
    pub counterpart: Option<CounterpartJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<RuleJson>>,
}

/// Title or text a rule's source lost, recovered from elsewhere.
#[derive(Serialize)]
pub struct RecoveredJson {
    pub title: Option<String>,
    pub text: Option<String>,
    pub source: &'static str,
    pub description: &'static str,
    pub detail: Option<String>,
}

/// A reference from a rule's text or example to another rule.
#[derive(Serialize)]
pub struct RefJson {
    pub target: String,
    /// The lookup key of the rule it names (`702.3#2` for the second 702.3).
    pub target_key: String,
    pub target_title: Option<String>,
    pub kind: &'static str,
    /// `text` or `examples[N]`.
    pub field: String,
    /// Byte offsets into `field`.
    pub start: u32,
    pub end: u32,
    pub link_title: Option<String>,
    pub dangling: bool,
}

/// One step of a breadcrumb: the id, its lookup key (`id#n` for a duplicate) and title.
#[derive(Serialize)]
pub struct CrumbJson {
    pub id: String,
    pub key: String,
    pub title: Option<String>,
}

#[derive(Serialize)]
pub struct IdTitle {
    pub id: String,
    pub title: Option<String>,
}

/// Where the rule is in the other edition.
#[derive(Serialize)]
pub struct CounterpartJson {
    pub edition: String,
    pub id: String,
    pub relation: String,
    pub others: Vec<String>,
}

fn kind_key(k: RefKind) -> &'static str {
    match k {
        RefKind::SeeRule => "see_rule",
        RefKind::Inline => "inline",
        RefKind::Step => "step",
        RefKind::CleanupLabel => "cleanup_label",
    }
}

pub fn ref_json<R: Rules + ?Sized>(book: &R, rf: &Ref) -> RefJson {
    RefJson {
        target: rf.target.to_string(),
        target_key: rf.target_key(),
        target_title: book
            .index_of(&rf.target_key())
            .and_then(|t| book.title_of(&book.rule(t)))
            .or_else(|| rf.title.clone()),
        kind: kind_key(rf.kind),
        field: match rf.field {
            RefField::Text => "text".to_string(),
            RefField::Example(n) => format!("examples[{n}]"),
        },
        start: rf.start,
        end: rf.end,
        link_title: rf.title.clone(),
        dangling: rf.dangling,
    }
}

/// The JSON form of rule `i`, and of its descendants `depth` levels down (each child in
/// the same shape: breadcrumb, backlinks and counterpart included).
pub fn rule_json<R: Rules + ?Sized>(book: &R, i: usize, depth: usize, top: bool) -> RuleJson {
    let r = book.rule(i);
    let r = &*r;
    RuleJson {
        schema: top.then_some("rule/1"),
        game: book.meta().game,
        edition: book.meta().edition,
        id: r.id.to_string(),
        key: r.key(),
        title: book.title_of(r),
        text: r.text.clone(),
        examples: r.examples.clone(),
        items: r.items.clone(),
        recovered: r.recovered.as_ref().map(|rec| RecoveredJson {
            title: rec.title.clone(),
            text: rec.text.clone(),
            source: rec.source.key(),
            description: rec.source.describe(),
            detail: rec.detail.clone(),
        }),
        refs: r.refs.iter().map(|rf| ref_json(book, rf)).collect(),
        line: r.line,
        note: r.note.clone(),
        breadcrumb: book
            .breadcrumb(i)
            .into_iter()
            .map(|c| CrumbJson {
                id: c.id.to_string(),
                key: c.key,
                title: c.title,
            })
            .collect(),
        backlinks: book
            .backlinks_of(i)
            .iter()
            .map(|&j| book.rule(j as usize).key())
            .collect(),
        counterpart: book.counterpart(i).map(|c| CounterpartJson {
            edition: c.edition,
            id: c.id.to_string(),
            relation: c.relation,
            others: c.others.iter().map(ToString::to_string).collect(),
        }),
        children: (depth > 0).then(|| {
            book.children(i)
                .iter()
                .map(|&c| rule_json(book, c as usize, depth - 1, false))
                .collect()
        }),
    }
}

/// `arbiter toc --json` (schema `toc/1`).
#[derive(Serialize)]
pub struct TocJson {
    pub schema: &'static str,
    pub game: &'static str,
    pub edition: &'static str,
    pub entries: Vec<TocEntry>,
}

#[derive(Serialize)]
pub struct TocEntry {
    pub id: String,
    pub title: String,
    pub level: u8,
    pub rules: usize,
}

/// `arbiter define TERM --json` (schema `define/1`).
#[derive(Serialize)]
pub struct DefineJson {
    pub schema: &'static str,
    pub game: &'static str,
    pub edition: &'static str,
    pub query: String,
    pub term: String,
    pub corrected_from: Option<String>,
    pub sources: Vec<&'static str>,
    pub defined_by: Vec<DefinedBy>,
    pub used_in: Vec<UsedIn>,
}

#[derive(Serialize)]
pub struct DefinedBy {
    pub id: String,
    pub title: Option<String>,
    pub text: Option<String>,
    /// Where a title or text the source lacks was recovered from, as `rule` describes it
    /// ("recovered from a cross-reference"); null for the source's own.
    pub provenance: Option<&'static str>,
}

#[derive(Serialize)]
pub struct UsedIn {
    /// Every entry has its rule's id.
    pub id: String,
    pub text: Option<String>,
    pub recovered: bool,
    /// As [`DefinedBy::provenance`].
    pub provenance: Option<&'static str>,
}

/// `arbiter editions --json` (schema `editions/1`).
#[derive(Serialize)]
pub struct EditionsJson {
    pub schema: &'static str,
    pub editions: Vec<EditionJson>,
}

#[derive(Serialize)]
pub struct EditionJson {
    pub game: &'static str,
    pub edition: &'static str,
    pub effective: Option<&'static str>,
    pub title: &'static str,
    pub format: &'static str,
    pub file: &'static str,
    pub default: bool,
    pub rules: usize,
    pub with_text: usize,
    pub recovered: usize,
    pub glossary_terms: usize,
    pub warnings: usize,
}

/// `arbiter refs ID --json` (schema `refs/1`).
#[derive(Serialize)]
pub struct RefsJson {
    pub schema: &'static str,
    pub game: &'static str,
    pub edition: &'static str,
    pub id: String,
    pub title: Option<String>,
    pub links_to: Vec<RefJson>,
    pub linked_from: Vec<IdTitle>,
    pub linked_from_below: Vec<LinkedFromBelow>,
}

#[derive(Serialize)]
pub struct LinkedFromBelow {
    pub id: String,
    pub target: String,
}
