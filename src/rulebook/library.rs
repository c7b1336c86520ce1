//! The embedded editions: the manifest, the verbatim documents and their
//! pre-imported form.
//!
//! Two views of an edition share one interface, [`Rules`]: a [`Book`] decodes the
//! whole edition once (for commands that walk it: search, diff, export, the engine),
//! and a [`Quick`] decodes single rules on demand (for the lookups `rule`, `toc`,
//! `define` and `refs`, whose start-up must stay close to a grep). What the lookups
//! need of the whole edition (rule counts, subtree sizes, first sentences, titles,
//! glossary keys) `build.rs` tables ahead of time as static fields of
//! [`EmbeddedEdition`].

use super::import::model::{
    Counterpart, Edition, Rule, RuleId, RuleRecord, Section, Term, display_title, occurrence_key,
    placement,
};
#[cfg(doc)]
use super::import::model::{definition_head, term_key};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

/// One embedded edition: its facts, its pre-imported blobs and its verbatim source.
pub struct EmbeddedEdition {
    pub game: &'static str,
    pub edition: &'static str,
    pub effective: Option<&'static str>,
    pub title: &'static str,
    pub format: &'static str,
    pub file: &'static str,
    pub default: bool,
    /// How the edition writes its ids, as its importer decided.
    pub id_style: super::IdStyle,
    pub rule_count: usize,
    /// The whole [`Edition`], postcard-encoded.
    blob: &'static [u8],
    /// The top index, postcard-encoded `Vec<Section>`.
    sections: &'static [u8],
    /// One [`RuleRecord`] per rule, back to back, in document order.
    records: &'static [u8],
    /// Where each record starts, plus the end: `rule_count + 1` entries.
    offsets: &'static [usize],
    /// Lookup keys (`323.5`, `111.1a#2`) sorted as strings, with the document index.
    keys: &'static [(&'static str, usize)],
    /// The glossary: one postcard-encoded [`Term`] per entry, back to back.
    glossary: &'static [u8],
    /// Where each term starts, plus the end.
    term_offsets: &'static [usize],
    /// Each term as `define` compares it ([`term_key`]), in glossary order.
    pub term_keys: &'static [&'static str],
    /// Each term as written, in glossary order.
    pub term_names: &'static [&'static str],
    /// How many rules each top-index entry holds ([`Edition::section_sizes`]).
    pub section_sizes: &'static [u32],
    /// Per rule: top-level number, id depth, rules at or beneath it ([`Edition::outline`]).
    pub outline: &'static [(u32, u8, u32)],
    /// Per rule with text: its index, whether it points to another rule, its first
    /// sentence lowercased ([`definition_head`]) and what follows a quoted "is " in it.
    #[allow(clippy::type_complexity)]
    pub heads: &'static [(u32, bool, &'static str, &'static [&'static str])],
    /// Per rule with a display title: its index and the title ([`display_title`]).
    pub titles: &'static [(u32, &'static str)],
    /// The source document, verbatim.
    pub source: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The manifest (rules/manifest.json) as embedded.
pub fn manifest_text() -> &'static str {
    MANIFEST
}

impl EmbeddedEdition {
    /// The pre-imported edition as embedded (e.g. to key a cache on its content).
    pub fn blob(&self) -> &'static [u8] {
        self.blob
    }

    /// The document index of the rule with this lookup key.
    fn find_key(&self, key: &str) -> Option<usize> {
        self.keys
            .binary_search_by(|(k, _)| (*k).cmp(key))
            .ok()
            .map(|p| self.keys[p].1)
    }

    /// Rule `i` with its children, backlinks and counterpart, decoded on its own.
    pub fn record(&self, i: usize) -> RuleRecord {
        let bytes = &self.records[self.offsets[i]..self.offsets[i + 1]];
        postcard::from_bytes(bytes).expect("embedded rule record decodes")
    }

    /// Glossary term `k`, decoded on its own.
    pub fn term(&self, k: usize) -> Term {
        let bytes = &self.glossary[self.term_offsets[k]..self.term_offsets[k + 1]];
        postcard::from_bytes(bytes).expect("embedded glossary term decodes")
    }
}

/// What the lookup commands need of an edition, whichever way it is decoded.
pub trait Rules {
    fn meta(&self) -> &'static EmbeddedEdition;
    fn sections(&self) -> &[Section];
    /// The document index of the rule with this key (`323.5`, or `111.1a#2`).
    fn index_of(&self, key: &str) -> Option<usize>;
    fn rule(&self, i: usize) -> Cow<'_, Rule>;
    fn children(&self, i: usize) -> Cow<'_, [u32]>;
    /// The rules whose references target rule `i`.
    fn backlinks_of(&self, i: usize) -> Cow<'_, [u32]>;
    fn counterpart(&self, i: usize) -> Option<Counterpart>;
    fn id_style(&self) -> super::IdStyle;

    fn get(&self, id: &RuleId) -> Option<Cow<'_, Rule>> {
        self.index_of(&id.to_string()).map(|i| self.rule(i))
    }

    /// Parses an id in this edition's style.
    fn parse_id(&self, s: &str) -> Option<RuleId> {
        RuleId::parse_styled(s, self.id_style())
    }

    /// A rule's display title: its own, a recovered one, a section title, or its
    /// text if that is short.
    fn title_of(&self, r: &Rule) -> Option<String> {
        display_title(r, self.sections())
    }

    /// The ancestors from the top: part and section from the top index, then the
    /// parents, each the rule of that number the rule follows (`parent_dup`).
    fn breadcrumb(&self, i: usize) -> Vec<Crumb> {
        let r = self.rule(i);
        let mut chain: Vec<Crumb> = Vec::new();
        let mut cur = r.parent.clone().map(|p| (p, r.parent_dup));
        while let Some((p, dup)) = cur {
            let key = occurrence_key(&p, dup);
            let rule = self.index_of(&key).map(|j| self.rule(j));
            chain.push(Crumb {
                id: p.clone(),
                title: rule.as_ref().and_then(|x| self.title_of(x)),
                key,
            });
            cur = match rule {
                Some(x) => x.parent.clone().map(|q| (q, x.parent_dup)),
                None => p.parent().map(|q| (q, 0)),
            };
        }
        chain.reverse();
        let sections = self.sections();
        let (part, sect) = placement(sections, r.id.top());
        let mut head: Vec<Crumb> = Vec::new();
        for (k, is_part) in [(part, true), (sect, false)] {
            let Some(s) = k.map(|k| &sections[k]) else {
                continue;
            };
            let is_self = s.id == r.id;
            let listed = chain
                .iter()
                .any(|c| c.id == s.id && (!is_part || c.title.as_deref() == Some(&s.title)));
            if !is_self && !listed {
                let id = s.id.clone().with_style(r.id.style);
                head.push(Crumb {
                    key: id.to_string(),
                    id,
                    title: Some(s.title.clone()),
                });
            }
        }
        head.extend(chain);
        head
    }
}

/// One step of a breadcrumb: the id, the lookup key of the rule it names (`702.3#2`
/// for the second 702.3), and its title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crumb {
    pub id: RuleId,
    pub key: String,
    pub title: Option<String>,
}

/// A whole edition, decoded, with its lookup tables.
pub struct Book {
    pub meta: &'static EmbeddedEdition,
    pub ed: Edition,
    by_key: HashMap<String, usize>,
    children: Vec<Vec<u32>>,
    backlinks: OnceLock<Vec<Vec<u32>>>,
    by_target: OnceLock<HashMap<RuleId, Vec<usize>>>,
}

impl Book {
    fn new(meta: &'static EmbeddedEdition) -> Book {
        let ed: Edition = postcard::from_bytes(meta.blob).expect("embedded edition decodes");
        let by_key = ed
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.key(), i))
            .collect();
        let children = ed.children_table();
        Book {
            meta,
            ed,
            by_key,
            children,
            backlinks: OnceLock::new(),
            by_target: OnceLock::new(),
        }
    }

    /// The rule with this key (`323.5`, or `111.1a#2` for a duplicate).
    pub fn index_of(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).copied()
    }

    pub fn get(&self, id: &RuleId) -> Option<&Rule> {
        self.index_of(&id.to_string()).map(|i| &self.ed.rules[i])
    }

    /// Document-order indices of rule `i`'s children.
    pub fn children(&self, i: usize) -> &[u32] {
        &self.children[i]
    }

    pub fn parse_id(&self, s: &str) -> Option<RuleId> {
        Rules::parse_id(self, s)
    }

    pub fn title_of(&self, r: &Rule) -> Option<String> {
        Rules::title_of(self, r)
    }

    pub fn breadcrumb(&self, i: usize) -> Vec<Crumb> {
        Rules::breadcrumb(self, i)
    }

    /// Every rule with this id, duplicates included, in document order.
    pub fn all_with_id(&self, id: &RuleId) -> Vec<usize> {
        self.ed
            .rules
            .iter()
            .enumerate()
            .filter(|(_, r)| &r.id == id)
            .map(|(i, _)| i)
            .collect()
    }

    /// Every rule that references `target`, whether or not `target` exists.
    pub fn backlinks(&self, target: &RuleId) -> &[usize] {
        let map = self.by_target.get_or_init(|| {
            let mut m: HashMap<RuleId, Vec<usize>> = HashMap::new();
            for (i, r) in self.ed.rules.iter().enumerate() {
                for rf in &r.refs {
                    let v = m.entry(rf.target.clone()).or_default();
                    if v.last() != Some(&i) {
                        v.push(i);
                    }
                }
            }
            m
        });
        map.get(target).map(Vec::as_slice).unwrap_or(&[])
    }
}

impl Rules for Book {
    fn meta(&self) -> &'static EmbeddedEdition {
        self.meta
    }
    fn sections(&self) -> &[Section] {
        &self.ed.sections
    }
    fn index_of(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).copied()
    }
    fn rule(&self, i: usize) -> Cow<'_, Rule> {
        Cow::Borrowed(&self.ed.rules[i])
    }
    fn children(&self, i: usize) -> Cow<'_, [u32]> {
        Cow::Borrowed(&self.children[i])
    }
    fn backlinks_of(&self, i: usize) -> Cow<'_, [u32]> {
        let t = self.backlinks.get_or_init(|| self.ed.backlinks_table());
        Cow::Borrowed(&t[i])
    }
    fn counterpart(&self, i: usize) -> Option<Counterpart> {
        self.ed.counterparts.get(i).cloned().flatten()
    }
    fn id_style(&self) -> super::IdStyle {
        self.ed.id_style
    }
}

/// An edition read rule by rule: nothing is decoded until it is asked for.
pub struct Quick {
    meta: &'static EmbeddedEdition,
    sections: Vec<Section>,
}

impl Quick {
    pub fn new(meta: &'static EmbeddedEdition) -> Quick {
        let sections: Vec<Section> =
            postcard::from_bytes(meta.sections).expect("embedded sections decode");
        Quick { meta, sections }
    }
}

impl Rules for Quick {
    fn meta(&self) -> &'static EmbeddedEdition {
        self.meta
    }
    fn sections(&self) -> &[Section] {
        &self.sections
    }
    fn index_of(&self, key: &str) -> Option<usize> {
        self.meta.find_key(key)
    }
    fn rule(&self, i: usize) -> Cow<'_, Rule> {
        Cow::Owned(self.meta.record(i).rule)
    }
    fn children(&self, i: usize) -> Cow<'_, [u32]> {
        Cow::Owned(self.meta.record(i).children)
    }
    fn backlinks_of(&self, i: usize) -> Cow<'_, [u32]> {
        Cow::Owned(self.meta.record(i).backlinks)
    }
    fn counterpart(&self, i: usize) -> Option<Counterpart> {
        self.meta.record(i).counterpart
    }
    fn id_style(&self) -> super::IdStyle {
        self.meta.id_style
    }
}

/// All embedded editions, decoded on first use.
pub struct Library {
    books: Vec<OnceLock<Book>>,
}

impl Library {
    /// The process-wide library of embedded editions.
    pub fn get() -> &'static Library {
        static LIB: OnceLock<Library> = OnceLock::new();
        LIB.get_or_init(|| Library {
            books: EMBEDDED.iter().map(|_| OnceLock::new()).collect(),
        })
    }

    pub fn metas(&self) -> &'static [EmbeddedEdition] {
        EMBEDDED
    }

    /// Edition `i`, wholly decoded.
    pub fn book(&self, i: usize) -> &Book {
        self.books[i].get_or_init(|| Book::new(&EMBEDDED[i]))
    }

    /// Edition `i`, decoded rule by rule on demand.
    pub fn quick(&self, i: usize) -> Quick {
        Quick::new(&EMBEDDED[i])
    }

    /// The index of an edition by game and edition names (either may be omitted;
    /// aliases accepted). The default is the newest Riftbound edition.
    pub fn resolve(&self, game: Option<&str>, edition: Option<&str>) -> Result<usize, String> {
        let game = game.map(normalize_game).unwrap_or("riftbound");
        let in_game: Vec<usize> = (0..EMBEDDED.len())
            .filter(|&i| EMBEDDED[i].game == game)
            .collect();
        if in_game.is_empty() {
            let games: Vec<&str> = dedup(EMBEDDED.iter().map(|e| e.game));
            return Err(format!(
                "unknown game; the embedded games are {}",
                games.join(", ")
            ));
        }
        match edition {
            None | Some("latest") | Some("default") => Ok(*in_game
                .iter()
                .find(|&&i| EMBEDDED[i].default)
                .unwrap_or(&in_game[0])),
            Some(e) => {
                let e = e.trim();
                if let Some(&i) = in_game
                    .iter()
                    .find(|&&i| EMBEDDED[i].edition == e || EMBEDDED[i].file == e)
                {
                    return Ok(i);
                }
                let prefixed: Vec<usize> = in_game
                    .iter()
                    .copied()
                    .filter(|&i| !e.is_empty() && EMBEDDED[i].edition.starts_with(e))
                    .collect();
                if prefixed.len() == 1 {
                    return Ok(prefixed[0]);
                }
                let names: Vec<&str> = in_game.iter().map(|&i| EMBEDDED[i].edition).collect();
                Err(format!(
                    "{game} has no edition {e:?}; its editions are {}",
                    names.join(", ")
                ))
            }
        }
    }
}

/// Accepts `riftbound`, `rb`, `legions-of-will`, `legions`, `low`, any case.
pub fn normalize_game(g: &str) -> &'static str {
    match g
        .trim()
        .to_ascii_lowercase()
        .replace([' ', '_'], "-")
        .as_str()
    {
        "rb" | "riftbound" => "riftbound",
        "low" | "legions" | "legions-of-will" | "lw" => "legions-of-will",
        _ => "unknown",
    }
}

fn dedup<'a>(it: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = Vec::new();
    for x in it {
        if !v.contains(&x) {
            v.push(x);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::import::model::{definition_head, quoted_is, term_key};

    #[test]
    fn quick_and_book_agree() {
        let lib = Library::get();
        let i = lib.resolve(None, None).unwrap();
        let (book, quick) = (lib.book(i), lib.quick(i));
        for key in ["323.5", "001", "169.10", "359.3.f.3.a.1"] {
            let a = book.index_of(key).unwrap();
            assert_eq!(quick.index_of(key), Some(a));
            assert_eq!(Rules::rule(book, a), quick.rule(a));
            assert_eq!(book.children(a), &*quick.children(a));
            assert_eq!(book.backlinks_of(a), quick.backlinks_of(a));
            assert_eq!(book.breadcrumb(a), quick.breadcrumb(a));
        }
        assert!(quick.index_of("323.15").is_none());
    }

    /// The tables build.rs embeds for toc, refs and define hold what the decoded edition
    /// gives when computed from scratch, the way those commands computed it before.
    #[test]
    fn embedded_lookup_tables_agree_with_the_edition() {
        let lib = Library::get();
        for e in 0..lib.metas().len() {
            let book = lib.book(e);
            let (meta, ed) = (book.meta, &book.ed);
            let name = meta.edition;
            // each top-index entry's rule count
            // (a part holds the rules of every entry it lists, itself included)
            for (k, s) in ed.sections.iter().enumerate() {
                let held = if s.level == 1 {
                    crate::rulebook::import::model::part_entries(&ed.sections, k)
                } else {
                    k..k + 1
                };
                let n = ed
                    .rules
                    .iter()
                    .filter(|r| {
                        crate::rulebook::import::model::owner_of(&ed.sections, r.id.top())
                            .is_some_and(|o| held.contains(&o))
                    })
                    .count();
                assert_eq!(meta.section_sizes[k] as usize, n, "{name} {}", s.id);
            }
            assert_eq!(meta.outline.len(), ed.rules.len());
            let mut heads = Vec::new();
            let mut titles = Vec::new();
            for (i, r) in ed.rules.iter().enumerate() {
                if let Some(t) = &r.text {
                    let (head, pointer) = definition_head(t);
                    heads.push((i as u32, pointer, head));
                }
                if let Some(t) = book.title_of(r) {
                    titles.push((i as u32, t));
                }
                // a sample of the subtree counts and of the links to rules beneath
                if i % 5 != 0 {
                    continue;
                }
                let within = ed.rules.iter().filter(|x| x.id.is_within(&r.id)).count();
                assert_eq!(
                    meta.outline[i],
                    (r.id.top(), r.id.depth() as u8, within as u32),
                    "{name} {}",
                    r.key()
                );
                let mut below: Vec<(u32, RuleId)> = Vec::new();
                for (j, other) in ed.rules.iter().enumerate() {
                    for rf in &other.refs {
                        if rf.target != r.id
                            && rf.target.is_within(&r.id)
                            && !below.iter().any(|(k, _)| *k == j as u32)
                        {
                            below.push((j as u32, rf.target.clone()));
                        }
                    }
                }
                assert_eq!(meta.record(i).below, below, "{name} {}", r.key());
            }
            let heads_embedded: Vec<(u32, bool, String)> = meta
                .heads
                .iter()
                .map(|&(i, p, h, quoted)| {
                    assert_eq!(quoted, quoted_is(h), "{name}: {h}");
                    (i, p, h.to_string())
                })
                .collect();
            assert_eq!(heads_embedded, heads, "{name}");
            let titles_embedded: Vec<(u32, String)> = meta
                .titles
                .iter()
                .map(|&(i, t)| (i, t.to_string()))
                .collect();
            assert_eq!(titles_embedded, titles, "{name}");
            assert_eq!(meta.term_keys.len(), ed.glossary.len());
            for (k, t) in ed.glossary.iter().enumerate() {
                assert_eq!(&meta.term(k), t);
                assert_eq!(meta.term_names[k], t.term);
                assert_eq!(meta.term_keys[k], term_key(&t.term));
            }
        }
        // the 2026 rules have what the commands read
        let d = lib.book(lib.resolve(None, None).unwrap());
        assert!(d.meta.heads.len() > 1000 && !d.meta.term_keys.is_empty());
        assert_eq!(d.meta.record(d.index_of("103").unwrap()).below.len(), 3);
    }

    #[test]
    fn editions_resolve_by_name_and_alias() {
        let lib = Library::get();
        let d = lib.resolve(None, None).unwrap();
        assert_eq!(lib.metas()[d].edition, "2026-03-30");
        let old = lib.resolve(Some("riftbound"), Some("2025")).unwrap();
        assert_eq!(lib.metas()[old].edition, "2025-06-02");
        let low = lib.resolve(Some("LoW"), None).unwrap();
        assert_eq!(lib.metas()[low].game, "legions-of-will");
        assert!(lib.resolve(Some("chess"), None).is_err());
        assert!(lib.resolve(None, Some("1999")).is_err());
        assert!(lib.resolve(None, Some("")).is_err());
    }
}
