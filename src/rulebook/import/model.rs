//! The rules as data: ids, rules, references, recovered text, editions.
//!
//! This module is compiled twice: into the library, and into `build.rs`, which runs
//! the importers ahead of time and embeds the result (so a lookup does no parsing).
//! It may therefore use only `std` and `serde`, and refer to its siblings with
//! `super::` paths.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// One segment of a rule id: a number (`323`, `5`) or a letter (`b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seg {
    Num(u32),
    Letter(char),
}

impl Ord for Seg {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Seg::Num(a), Seg::Num(b)) => a.cmp(b),
            (Seg::Letter(a), Seg::Letter(b)) => a.cmp(b),
            (Seg::Num(_), Seg::Letter(_)) => Ordering::Less,
            (Seg::Letter(_), Seg::Num(_)) => Ordering::Greater,
        }
    }
}
impl PartialOrd for Seg {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// How an edition writes its ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IdStyle {
    /// Riftbound: every segment separated by a dot, `466.1.b.2`.
    #[default]
    Dotted,
    /// Comprehensive-rules style (Legions of Will): `100.1a`, a letter glued to its number.
    Comprehensive,
}

/// A rule id, ordered by segments (`169.10` after `169.9`).
///
/// An id alone is ambiguous across editions; it travels with its edition
/// (see [`QualifiedId`] in the library).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleId {
    pub segs: Vec<Seg>,
    pub style: IdStyle,
}

impl Ord for RuleId {
    fn cmp(&self, other: &Self) -> Ordering {
        self.segs.cmp(&other.segs)
    }
}
impl PartialOrd for RuleId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl RuleId {
    /// Parses `323.5`, `323.5.`, `466.1.b.2`, `100.1a`, `100.1a.` and `R.805`.
    /// The first segment must be a number; numbers and letters may alternate freely
    /// (a letter glued to a number, `1a`, is two segments).
    pub fn parse(s: &str) -> Option<RuleId> {
        Self::parse_styled(s, IdStyle::Dotted)
    }

    pub fn parse_styled(s: &str, style: IdStyle) -> Option<RuleId> {
        let s = s.trim();
        let s = s
            .strip_prefix("R.")
            .or_else(|| s.strip_prefix("r."))
            .unwrap_or(s);
        let s = s.strip_suffix('.').unwrap_or(s);
        if s.is_empty() || s.len() > 40 {
            return None;
        }
        let mut segs = Vec::new();
        for part in s.split('.') {
            if part.is_empty() {
                return None;
            }
            let mut chars = part.chars().peekable();
            while let Some(&c) = chars.peek() {
                if c.is_ascii_digit() {
                    let mut n: u32 = 0;
                    while let Some(&d) = chars.peek() {
                        if let Some(v) = d.to_digit(10) {
                            n = n.checked_mul(10)?.checked_add(v)?;
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    segs.push(Seg::Num(n));
                } else if c.is_ascii_alphabetic() {
                    chars.next();
                    // a letter segment is a single letter
                    if chars.peek().is_some_and(|n| n.is_ascii_alphabetic()) {
                        return None;
                    }
                    segs.push(Seg::Letter(c.to_ascii_lowercase()));
                } else {
                    return None;
                }
            }
        }
        if !matches!(segs.first(), Some(Seg::Num(_))) {
            return None;
        }
        Some(RuleId { segs, style })
    }

    pub fn with_style(mut self, style: IdStyle) -> RuleId {
        self.style = style;
        self
    }

    /// The id with its last segment dropped; `None` for a top-level (3-digit) id.
    pub fn parent(&self) -> Option<RuleId> {
        if self.segs.len() <= 1 {
            return None;
        }
        Some(RuleId {
            segs: self.segs[..self.segs.len() - 1].to_vec(),
            style: self.style,
        })
    }

    pub fn depth(&self) -> usize {
        self.segs.len()
    }

    /// The top-level number: `323` for `323.5.a`.
    pub fn top(&self) -> u32 {
        match self.segs.first() {
            Some(Seg::Num(n)) => *n,
            _ => 0,
        }
    }

    /// Whether `self` is `other` or lies beneath it.
    pub fn is_within(&self, other: &RuleId) -> bool {
        self.segs.len() >= other.segs.len() && self.segs[..other.segs.len()] == other.segs[..]
    }

    pub fn top_level(n: u32) -> RuleId {
        RuleId {
            segs: vec![Seg::Num(n)],
            style: IdStyle::Dotted,
        }
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.segs.iter().enumerate() {
            match (seg, self.style) {
                // Riftbound pads its top level (`001`); a comprehensive-rules chapter is
                // written as the source writes it (`1`), its sections have three digits
                (Seg::Num(n), IdStyle::Comprehensive) if i == 0 => write!(f, "{n}")?,
                (Seg::Num(n), _) if i == 0 => write!(f, "{n:03}")?,
                (Seg::Num(n), _) => write!(f, ".{n}")?,
                (Seg::Letter(c), IdStyle::Comprehensive) => write!(f, "{c}")?,
                (Seg::Letter(c), IdStyle::Dotted) => write!(f, ".{c}")?,
            }
        }
        Ok(())
    }
}

/// What kind of link a reference is (NOTES.md §1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefKind {
    /// `See rule 327. Chains for more information.` and its variants (patterns 1–5).
    SeeRule,
    /// Inline `in rule 356.2` (pattern 6).
    Inline,
    /// A named step without a number, `Step 2: Execute` (pattern 7), resolved by a table.
    Step,
    /// A cleanup sub-step label, `Insert “3c. …”` (pattern 8), resolved by a table.
    CleanupLabel,
}

/// Where in a rule the reference sits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefField {
    #[default]
    Text,
    /// In `examples[i]`.
    Example(u32),
}

/// A cross-reference with its character span (byte offsets into the field's text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ref {
    pub target: RuleId,
    pub kind: RefKind,
    pub field: RefField,
    /// Byte range `[start, end)` of the whole reference phrase in its field.
    pub start: u32,
    pub end: u32,
    /// The title the link text gives its target, if any (`Chains` in `See rule 327. Chains`).
    pub title: Option<String>,
    /// Whether the target exists in the same edition.
    pub dangling: bool,
    /// Which rule numbered `target` it names (0: the first), where the source numbers
    /// several alike and the link's title names a later one (Legions of Will's
    /// `See rule 702.3, "Redeem."`: the second 702.3).
    pub dup: u16,
}

impl Ref {
    /// The lookup key of the rule it names: `702.3#2` for the second 702.3.
    pub fn target_key(&self) -> String {
        occurrence_key(&self.target, self.dup)
    }
}

/// Where recovered text came from (it is never source text of the rule itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Provenance {
    /// The document's top index (`318. Cleanups`).
    TopIndex,
    /// The link text of a cross-reference (`See rule 428. Kill for more information`).
    CrossReference,
    /// The A–Z reference index, placed by document order.
    ReferenceIndex,
    /// The 2025-06-02 edition, aligned by structure.
    Edition2025,
    /// The keyword table (names of the keywords at 805–826).
    KeywordTable,
    /// The older web edition.
    WebEdition,
}

impl Provenance {
    pub fn describe(self) -> &'static str {
        match self {
            Provenance::TopIndex => "recovered from the top index",
            Provenance::CrossReference => "recovered from a cross-reference",
            Provenance::ReferenceIndex => "recovered from the reference index",
            Provenance::Edition2025 => "recovered from the 2025-06-02 edition",
            Provenance::KeywordTable => "recovered from the keyword table",
            Provenance::WebEdition => "recovered from the older web edition",
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Provenance::TopIndex => "top_index",
            Provenance::CrossReference => "xref",
            Provenance::ReferenceIndex => "az_index",
            Provenance::Edition2025 => "v2025",
            Provenance::KeywordTable => "keyword_table",
            Provenance::WebEdition => "web_edition",
        }
    }
}

/// Text or a title recovered for an id whose source text was lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovered {
    pub title: Option<String>,
    pub text: Option<String>,
    pub source: Provenance,
    /// Free-form detail: which 2025 id, which index term, …
    pub detail: Option<String>,
}

/// One rule of one edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    pub id: RuleId,
    /// 0 for the first rule with this id; 1, 2, … for later duplicates (kept in order,
    /// never renumbered). The lookup key of a duplicate is `id#n` with n = dup + 1.
    pub dup: u16,
    /// The id with its last segment dropped (`None` for a 3-digit id; see `section`).
    pub parent: Option<RuleId>,
    /// Which rule numbered `parent` this one sits under, as a `dup` (0: the first): the
    /// last one before it in the document, so that the sub-rules of a duplicated rule
    /// sit under the occurrence they follow (Legions of Will's second 702.3, Redeem).
    pub parent_dup: u16,
    /// For a 3-digit id: the top-index section that owns it (318 owns 318–324).
    pub section: Option<RuleId>,
    /// A heading's title as the source gives it (a texted short heading, or 003's title cell).
    pub title: Option<String>,
    /// The source text with examples split out; `None` when the source has none.
    pub text: Option<String>,
    /// Example passages split from the text, in order.
    pub examples: Vec<String>,
    /// Items of a list that the source kept on separate lines (003 cells).
    pub items: Vec<String>,
    pub refs: Vec<Ref>,
    /// Title or text recovered from elsewhere (never merged into `text`).
    pub recovered: Option<Recovered>,
    /// 1-based line in the source file.
    pub line: u32,
    /// An importer's remark: a misnumbered id's likely intended id, a duplicate, …
    pub note: Option<String>,
}

impl Rule {
    pub fn new(id: RuleId, line: u32) -> Rule {
        Rule {
            parent: id.parent(),
            parent_dup: 0,
            id,
            dup: 0,
            section: None,
            title: None,
            text: None,
            examples: Vec::new(),
            items: Vec::new(),
            refs: Vec::new(),
            recovered: None,
            line,
            note: None,
        }
    }

    /// The best title known: the source's own, else a recovered one.
    pub fn any_title(&self) -> Option<&str> {
        self.title
            .as_deref()
            .or_else(|| self.recovered.as_ref().and_then(|r| r.title.as_deref()))
    }

    /// The lookup key: `323.5`, or `111.1a#2` for the second rule numbered 111.1a.
    pub fn key(&self) -> String {
        occurrence_key(&self.id, self.dup)
    }

    /// The lookup key of the rule this one sits under (`702.3#2` for 702.3a#2).
    pub fn parent_key(&self) -> Option<String> {
        self.parent
            .as_ref()
            .map(|p| occurrence_key(p, self.parent_dup))
    }
}

/// The lookup key of occurrence `dup` of `id`: `323.5`, or `111.1a#2` for dup 1.
pub fn occurrence_key(id: &RuleId, dup: u16) -> String {
    if dup == 0 {
        id.to_string()
    } else {
        format!("{id}#{}", u32::from(dup) + 1)
    }
}

/// A top-index entry (`318. Cleanups`) or a chapter heading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub id: RuleId,
    pub title: String,
    /// Part headers (000, 100, 300, … in Riftbound; the chapters 1–9 of a comprehensive
    /// rules document) are 1; sections are 2.
    pub level: u8,
}

/// The contents entry that owns top-level number `top`: the one with the greatest number
/// at or below it (a section over a part of the same number). Riftbound's 318 "Cleanups"
/// owns 318–324; Legions of Will's chapter 4 owns only the number 4, its sections 400–407
/// their own numbers.
pub fn owner_of(sections: &[Section], top: u32) -> Option<usize> {
    sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.id.top() <= top)
        .max_by_key(|(_, s)| (s.id.top(), s.level))
        .map(|(k, _)| k)
}

/// The part (level 1) that entry `k` sits in: itself if it is one, else the nearest part
/// before it in the contents' order (the order, not the numbers: Legions of Will's
/// chapter 4 holds the sections 400–407).
pub fn part_of(sections: &[Section], k: usize) -> Option<usize> {
    sections[..=k.min(sections.len().saturating_sub(1))]
        .iter()
        .rposition(|s| s.level == 1)
}

/// The part and the section (level 2 or deeper) a top-level number lies in.
pub fn placement(sections: &[Section], top: u32) -> (Option<usize>, Option<usize>) {
    match owner_of(sections, top) {
        None => (None, None),
        Some(k) if sections[k].level == 1 => (Some(k), None),
        Some(k) => (part_of(sections, k), Some(k)),
    }
}

/// The entries a part holds, itself first: up to the next part in the contents' order.
pub fn part_entries(sections: &[Section], part: usize) -> std::ops::Range<usize> {
    let end = sections[part + 1..]
        .iter()
        .position(|s| s.level <= sections[part].level)
        .map_or(sections.len(), |p| part + 1 + p);
    part..end
}

/// Where a glossary term came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TermSource {
    /// The A–Z reference index.
    ReferenceIndex,
    /// A keyword's name (805–826).
    Keyword,
    /// A section or heading title.
    Heading,
}

/// A passage quoted under a glossary term: mapped to its rule, or left unplaced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Passage {
    Rule(RuleId),
    /// Placed on an empty id by document order: recovered text.
    Recovered(RuleId, String),
    Unplaced(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    pub term: String,
    pub source: TermSource,
    /// The rule(s) that define the term (a keyword's or heading's own id), if known.
    pub defined_by: Vec<RuleId>,
    pub passages: Vec<Passage>,
}

/// A rule's counterpart in another edition, from the alignment of the two
/// (`import::diff`; set on both sides for 2025-06-02 ↔ 2026-03-30, on the older
/// side for the web edition → 2026-03-30).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterpart {
    /// The other edition (e.g. `2026-03-30`).
    pub edition: String,
    /// The counterpart's id there (the first, when there are several).
    pub id: RuleId,
    /// same | reworded | renumbered | renumbered+reworded | split | merged
    pub relation: String,
    /// Further counterparts: the other parts of a split, or the other rules merged.
    pub others: Vec<RuleId>,
}

/// One edition of one game's rules, as imported.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edition {
    pub game: String,
    pub edition: String,
    pub effective: Option<String>,
    pub title: String,
    pub format: String,
    pub file: String,
    pub default: bool,
    pub id_style: IdStyle,
    /// Rules in document order.
    pub rules: Vec<Rule>,
    /// Top index / table of contents, in order.
    pub sections: Vec<Section>,
    pub glossary: Vec<Term>,
    /// Counterparts in another edition, parallel to `rules` (empty when not aligned).
    pub counterparts: Vec<Option<Counterpart>>,
    /// Importer findings: duplicated ids, misnumbered lines, dangling references.
    pub warnings: Vec<String>,
}

/// The manifest entry the importers are given (rules/manifest.json).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManifestEntry {
    pub game: String,
    pub edition: String,
    pub effective: Option<String>,
    pub title: String,
    pub format: String,
    pub file: String,
    #[serde(default)]
    pub default: bool,
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    #[serde(default)]
    pub about: Option<String>,
    pub editions: Vec<ManifestEntry>,
}

impl Edition {
    pub fn from_manifest(m: &ManifestEntry, id_style: IdStyle) -> Edition {
        Edition {
            game: m.game.clone(),
            edition: m.edition.clone(),
            effective: m.effective.clone(),
            title: m.title.clone(),
            format: m.format.clone(),
            file: m.file.clone(),
            default: m.default,
            id_style,
            ..Edition::default()
        }
    }
}

/// One rule with what a lookup of it needs, stored on its own so that `arbiter rule`
/// decodes only the handful of rules it prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleRecord {
    pub rule: Rule,
    /// Document-order indices of its children (see [`Edition::children_table`]).
    pub children: Vec<u32>,
    /// Document-order indices of the rules that reference it.
    pub backlinks: Vec<u32>,
    /// The rules that reference a rule beneath it (not it), each once, in document order,
    /// with the first such target (see [`Edition::below_table`]).
    pub below: Vec<(u32, RuleId)>,
    pub counterpart: Option<Counterpart>,
}

/// A rule's display title: its own, a recovered one, the title of the top-index entry
/// with its id, or its text if that is short (at most 48 characters).
pub fn display_title(r: &Rule, sections: &[Section]) -> Option<String> {
    if let Some(t) = r.any_title() {
        return Some(t.to_string());
    }
    if let Some(s) = sections.iter().find(|s| s.id == r.id) {
        return Some(s.title.clone());
    }
    match &r.text {
        Some(t) if t.chars().count() <= 48 => Some(t.clone()),
        _ => None,
    }
}

/// What a definition is read from in a rule's text: its first sentence (up to the first
/// full stop or line break) and, on a line of its own, the sentence after it (which may
/// name what the first describes: "Some cards have a separate section of text below the
/// Rules Text. This is referred to as the Effect Text."; or remind what a term is:
/// "Reminder: Lethal Damage is …"), lowercased and trimmed; and whether the text sends
/// the reader to another rule ("See rule 341").
pub fn definition_head(text: &str) -> (String, bool) {
    let mut sentences = text.split(['.', '\n']);
    let mut head = sentences.next().unwrap_or(text).trim().to_lowercase();
    if let Some(next) = sentences.next().map(|s| s.trim().to_lowercase())
        && !next.is_empty()
    {
        head = format!("{head}\n{next}");
    }
    (head, text.to_lowercase().contains("see rule"))
}

/// A glossary term as `define` compares it: lowercased, trimmed, without a trailing
/// colon, its words separated by single spaces.
pub fn term_key(s: &str) -> String {
    s.to_lowercase()
        .trim()
        .trim_end_matches(':')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// What follows each quoted "is " in a rule's [`definition_head`] ('"is mighty" as long
/// as …'): a definition by description names the term there.
pub fn quoted_is(first: &str) -> Vec<&str> {
    let mut v = Vec::new();
    for q in ['"', '“'] {
        for (at, _) in first.match_indices(q) {
            if let Some(rest) = first[at + q.len_utf8()..].strip_prefix("is ") {
                v.push(rest);
            }
        }
    }
    v
}

/// The rules of `rules` grouped by the segments of their id (duplicates together).
fn by_segs(rules: &[Rule]) -> std::collections::HashMap<&[Seg], Vec<usize>> {
    let mut m: std::collections::HashMap<&[Seg], Vec<usize>> = Default::default();
    for (i, r) in rules.iter().enumerate() {
        m.entry(r.id.segs.as_slice()).or_default().push(i);
    }
    m
}

impl Edition {
    /// Each rule's children, by document-order index. A dotted id's parent is the rule
    /// numbered as its prefix that it follows (`parent_dup`); a 3-digit id belongs to the
    /// top-index section that owns it, and a section heading to its part (000, 100, …;
    /// a chapter 1–9). A duplicated heading is listed beside its namesake.
    pub fn children_table(&self) -> Vec<Vec<u32>> {
        let mut at: std::collections::HashMap<String, usize> = Default::default();
        for (i, r) in self.rules.iter().enumerate() {
            at.entry(r.key()).or_insert(i);
        }
        let mut children = vec![Vec::new(); self.rules.len()];
        for (i, r) in self.rules.iter().enumerate() {
            let parent = match r.parent_key() {
                Some(p) => Some(p),
                None if r.dup != 0 => None,
                None => {
                    let (part, sect) = placement(&self.sections, r.id.top());
                    match (part, sect) {
                        (_, Some(s)) if self.sections[s].id != r.id => Some(s),
                        (Some(p), _) if self.sections[p].id != r.id => Some(p),
                        _ => None,
                    }
                    .map(|k| self.sections[k].id.to_string())
                }
            };
            if let Some(&p) = parent.as_ref().and_then(|p| at.get(p))
                && p != i
            {
                children[p].push(i as u32);
            }
        }
        children
    }

    /// How many rules each entry of the top index holds: those whose top-level number it
    /// or a section in it owns ([`placement`]).
    pub fn section_sizes(&self) -> Vec<u32> {
        let mut sizes = vec![0u32; self.sections.len()];
        for r in &self.rules {
            let (part, sect) = placement(&self.sections, r.id.top());
            for k in part.into_iter().chain(sect) {
                sizes[k] += 1;
            }
        }
        sizes
    }

    /// For each rule: its top-level number, the depth of its id, and how many rules are
    /// numbered at or beneath its id (duplicates included), the table of contents' count.
    pub fn outline(&self) -> Vec<(u32, u8, u32)> {
        let groups = by_segs(&self.rules);
        let mut within = vec![0u32; self.rules.len()];
        for r in &self.rules {
            for k in 1..=r.id.segs.len() {
                for &i in groups
                    .get(&r.id.segs[..k])
                    .map(Vec::as_slice)
                    .unwrap_or(&[])
                {
                    within[i] += 1;
                }
            }
        }
        self.rules
            .iter()
            .zip(within)
            .map(|(r, n)| (r.id.top(), r.id.depth().min(255) as u8, n))
            .collect()
    }

    /// For each rule, the rules with a reference to a rule beneath it (a target within its
    /// id but not its id), each once with its first such target, in document order:
    /// `refs` lists them apart from the backlinks.
    pub fn below_table(&self) -> Vec<Vec<(u32, RuleId)>> {
        let groups = by_segs(&self.rules);
        let mut below: Vec<Vec<(u32, RuleId)>> = vec![Vec::new(); self.rules.len()];
        for (j, r) in self.rules.iter().enumerate() {
            for rf in &r.refs {
                for k in 1..=rf.target.segs.len() {
                    for &i in groups
                        .get(&rf.target.segs[..k])
                        .map(Vec::as_slice)
                        .unwrap_or(&[])
                    {
                        if rf.target != self.rules[i].id
                            && below[i].last().is_none_or(|(l, _)| *l != j as u32)
                        {
                            below[i].push((j as u32, rf.target.clone()));
                        }
                    }
                }
            }
        }
        below
    }

    /// For each rule, the rules whose references name it (its id, and for a duplicate
    /// the occurrence the link names), in document order.
    pub fn backlinks_table(&self) -> Vec<Vec<u32>> {
        let at: std::collections::HashMap<String, usize> = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.key(), i))
            .collect();
        let mut back = vec![Vec::<u32>::new(); self.rules.len()];
        for (i, r) in self.rules.iter().enumerate() {
            for rf in &r.refs {
                if let Some(&t) = at.get(&rf.target_key())
                    && back[t].last() != Some(&(i as u32))
                {
                    back[t].push(i as u32);
                }
            }
        }
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_order_by_segments() {
        let a = RuleId::parse("169.9").unwrap();
        let b = RuleId::parse("169.10").unwrap();
        assert!(a < b);
        assert!(RuleId::parse("323.5.b").unwrap() > RuleId::parse("323.5").unwrap());
    }

    #[test]
    fn ids_parse_both_styles() {
        let d = RuleId::parse("466.1.b.2.").unwrap();
        assert_eq!(d.to_string(), "466.1.b.2");
        let c = RuleId::parse_styled("100.1a", IdStyle::Comprehensive).unwrap();
        assert_eq!(c.to_string(), "100.1a");
        assert_eq!(c.segs, RuleId::parse("100.1.a").unwrap().segs);
        assert_eq!(RuleId::parse("1").unwrap().to_string(), "001");
        assert_eq!(RuleId::parse("R.805").unwrap().to_string(), "805");
        assert!(RuleId::parse("abc").is_none());
        assert!(RuleId::parse("323..5").is_none());
        assert!(RuleId::parse("103.2.d.for").is_none());
        assert!(RuleId::parse("").is_none());
        assert!(RuleId::parse("99999999999999").is_none());
    }

    #[test]
    fn parents_drop_the_last_segment() {
        let id = RuleId::parse("359.3.f.3.a.1").unwrap();
        assert_eq!(id.parent().unwrap().to_string(), "359.3.f.3.a");
        assert!(RuleId::parse("318").unwrap().parent().is_none());
        assert!(id.is_within(&RuleId::parse("359.3").unwrap()));
    }
}
