//! Cross-references in the 2026 text (NOTES.md §1.6): the nine textual patterns.
//!
//! - `See rule 327. Chains for more information.` (1), with a suffix `… on <topic>` (2),
//!   `See rule 144.for more information …` (3: no title, `103.2.d.for` is 103.2.d),
//!   `See rule 808 Deathknell …` (4: no dot), `See rule 164. Rune Pools and rule 429. Add …`
//!   (5: two targets), glued `.See rule` — all [`RefKind::SeeRule`];
//! - inline `in rule 356.2` (6) — [`RefKind::Inline`];
//! - named steps `Step 2: Execute`, `step 5: check legality`, `Steps 2 through 5 of
//!   Playing Cards`, `the Resolution Step` (7) — [`RefKind::Step`], resolved by step
//!   tables read from the text itself;
//! - cleanup labels `Insert “3c. …”` (8) — [`RefKind::CleanupLabel`], resolved against
//!   the labels of the cleanup steps (323.x: `3a.`, `3b.`, …) when the step they extend
//!   has lettered sub-steps;
//! - `See the selected Mode of Play` (9) has no target and yields nothing.

use super::model::{Edition, Ref, RefField, RefKind, RuleId};
use std::collections::{BTreeMap, HashMap, HashSet};

use super::textutil::dotted_id_prefix as id_at;

const MORE: &str = "for more information";

/// One reference found in a field, before the edition-wide checks.
struct Found {
    target: RuleId,
    kind: RefKind,
    start: usize,
    end: usize,
    title: Option<String>,
}

/// The end of a `See rule` phrase that continues at `from` with `for more information`:
/// through an optional ` on …`/` about …` suffix, up to and including the sentence's
/// period, or up to a following `See rule` when no period separates them (334.1).
fn phrase_end(s: &str, from: usize) -> usize {
    let rest = &s[from..];
    let Some(m) = rest.find(MORE).filter(|&m| m <= 1) else {
        return from;
    };
    let mut end = from + m + MORE.len();
    let tail = &s[end..];
    let stop = [
        tail.find(". "),
        tail.find("See rule"),
        Some(tail.trim_end().len()),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or(0);
    if tail.starts_with('.') {
        return end + 1;
    }
    if tail.starts_with(" on ") || tail.starts_with(" about ") {
        end += stop;
        let body = s[..end].trim_end();
        end = body.len();
        if s[end..].starts_with('.') {
            end += 1;
        }
    }
    end
}

/// The `See rule`, `and rule` and `in rule` references of one field (patterns 1–6).
fn numbered(s: &str) -> Vec<Found> {
    let mut out = Vec::new();
    for (at, _) in s.match_indices("rule ") {
        let before = &s[..at];
        let (kind, start) = if before.ends_with("See ") {
            (RefKind::SeeRule, at - 4)
        } else if before.ends_with("and ")
            && out
                .last()
                .is_some_and(|f: &Found| f.kind == RefKind::SeeRule && f.end + 5 >= at)
        {
            (RefKind::SeeRule, at)
        } else if before.ends_with("in ") || before.ends_with("In ") {
            (RefKind::Inline, at)
        } else {
            continue;
        };
        let id_start = at + "rule ".len();
        let Some((target, len)) = id_at(&s[id_start..]) else {
            continue;
        };
        let after = id_start + len;
        if kind == RefKind::Inline {
            out.push(Found {
                target,
                kind,
                start,
                end: after,
                title: None,
            });
            continue;
        }
        let rest = &s[after..];
        let (title, end) = if let Some(r) = rest.strip_prefix(".for ") {
            let _ = r;
            (None, phrase_end(s, after + 1))
        } else {
            let t0 = if rest.starts_with(". ") {
                after + 2
            } else if rest.starts_with(' ') {
                after + 1
            } else {
                // `See rule 398.` at the end of a sentence, or nothing usable after it
                out.push(Found {
                    target,
                    kind,
                    start,
                    end: after + usize::from(rest.starts_with('.')),
                    title: None,
                });
                continue;
            };
            let tail = &s[t0..];
            let more = tail.find(&format!(" {MORE}"));
            let and = tail.find(" and rule ");
            match (more, and) {
                (Some(m), a) if a.is_none_or(|a| m < a) && m <= 60 => {
                    let title = tail[..m].trim();
                    (
                        (!title.is_empty()).then(|| title.to_string()),
                        phrase_end(s, t0 + m + 1),
                    )
                }
                (_, Some(a)) if a <= 60 => {
                    let title = tail[..a].trim();
                    ((!title.is_empty()).then(|| title.to_string()), t0 + a)
                }
                _ => (None, after),
            }
        };
        out.push(Found {
            target,
            kind,
            start,
            end,
            title,
        });
    }
    out
}

/// A numbered list of steps read from the text (`1. Remove the card …` at 354).
#[derive(Debug, Default)]
struct Steps {
    /// step number → (id, name in lowercase)
    by_number: BTreeMap<u32, (RuleId, String)>,
}

impl Steps {
    fn span(&self) -> Option<(u32, u32)> {
        let first = self.by_number.values().next()?.0.top();
        let last = self.by_number.values().last()?.0.top();
        Some((first, last))
    }
    fn contains_rule(&self, id: &RuleId) -> bool {
        self.span()
            .is_some_and(|(a, b)| (a..=b).contains(&id.top()))
    }
    fn by_name(&self, name: &str) -> Option<(u32, &RuleId)> {
        let name = name.trim().trim_end_matches('.').to_lowercase();
        self.by_number
            .iter()
            .find(|(_, (_, n))| *n == name)
            .map(|(k, (id, _))| (*k, id))
    }
}

/// The step tables: runs of consecutive 3-digit rules whose texts read `1. …`, `2. …`
/// (354–359 playing a card, 401–406 playing an ability), and FEPR (337–340), whose
/// headings are empty: its names come from the `Step N: Name` phrases and its first id
/// from the cross-reference that names step 1 (`See rule 337. Finalize`).
fn step_tables(ed: &Edition, phrases: &[(u32, String)]) -> Vec<Steps> {
    let mut tables = Vec::new();
    let mut cur = Steps::default();
    for r in ed.rules.iter().filter(|r| r.id.depth() == 1) {
        let label = r.text.as_deref().and_then(|t| {
            let (n, rest) = t.split_once(". ")?;
            Some((
                n.parse::<u32>().ok()?,
                rest.trim_end_matches('.').to_lowercase(),
            ))
        });
        match label {
            Some((n, name)) if n as usize == cur.by_number.len() + 1 => {
                cur.by_number.insert(n, (r.id.clone(), name));
            }
            other => {
                if cur.by_number.len() >= 3 {
                    tables.push(std::mem::take(&mut cur));
                }
                cur = Steps::default();
                if let Some((1, name)) = other {
                    cur.by_number.insert(1, (r.id.clone(), name));
                }
            }
        }
    }
    if cur.by_number.len() >= 3 {
        tables.push(cur);
    }
    // FEPR: the names of the `Step N: Name` phrases, most frequent pairs first; a
    // number and a name are each taken once (339.2's "Step 3: Execute" loses to the
    // three "Step 2: Execute").
    let mut votes: HashMap<(u32, String), usize> = HashMap::new();
    for (n, name) in phrases {
        let name = name.to_lowercase();
        if tables.iter().any(|t| t.by_name(&name).is_some()) {
            continue;
        }
        *votes.entry((*n, name)).or_default() += 1;
    }
    let mut votes: Vec<_> = votes.into_iter().collect();
    votes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    for ((n, name), _) in votes {
        if !names.contains_key(&n) && !names.values().any(|v| *v == name) {
            names.insert(n, name);
        }
    }
    if let Some(first) = names.get(&1) {
        let anchor = ed
            .rules
            .iter()
            .flat_map(|r| &r.refs)
            .find(|f| {
                f.title
                    .as_deref()
                    .is_some_and(|t| t.eq_ignore_ascii_case(first))
            })
            .map(|f| f.target.top());
        if let Some(a) = anchor {
            let ids: HashSet<&RuleId> = ed.rules.iter().map(|r| &r.id).collect();
            let mut t = Steps::default();
            for (n, name) in &names {
                let id = RuleId::top_level(a + n - 1);
                if *n as usize == t.by_number.len() + 1 && ids.contains(&id) {
                    t.by_number.insert(*n, (id, name.clone()));
                }
            }
            if t.by_number.len() >= 2 {
                tables.push(t);
            }
        }
    }
    tables
}

/// `Step N: Name` / `step N: name` phrases: (start, end, number, name).
fn step_phrases(s: &str) -> Vec<(usize, usize, u32, String)> {
    let mut out = Vec::new();
    for word in ["Step ", "step "] {
        for (at, _) in s.match_indices(word) {
            let rest = &s[at + word.len()..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits > 2 || !rest[digits..].starts_with(": ") {
                continue;
            }
            let Ok(n) = rest[..digits].parse::<u32>() else {
                continue;
            };
            let name_start = digits + 2;
            // a step name is one word (`Execute`), or two lower-case words (`check
            // legality`); the span is measured on the source
            let src = &rest[name_start..];
            let word_end = |from: usize| {
                src[from..]
                    .char_indices()
                    .find(|(_, c)| !c.is_alphabetic())
                    .map_or(src.len(), |(i, _)| from + i)
            };
            let first = word_end(0);
            if first == 0 {
                continue;
            }
            let lower = |w: &str| w.chars().all(char::is_lowercase);
            let mut name_end = first;
            if lower(&src[..first]) && src[first..].starts_with(' ') {
                let second = word_end(first + 1);
                if second > first + 1 && lower(&src[first + 1..second]) {
                    name_end = second;
                }
            }
            let name = src[..name_end].to_string();
            let end = at + word.len() + name_start + name_end;
            out.push((at, end, n, name));
        }
    }
    out.sort_by_key(|p| p.0);
    out
}

/// Bare `step N`, `Steps 2 through 5 of Playing Cards`, `steps 2 - 5`: (start, end,
/// first step, title).
fn bare_steps(s: &str) -> Vec<(usize, usize, u32, String)> {
    let mut out = Vec::new();
    for word in ["Step ", "step ", "Steps ", "steps "] {
        for (at, _) in s.match_indices(word) {
            let rest = &s[at + word.len()..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits > 2 || rest[digits..].starts_with(": ") {
                continue;
            }
            let Ok(n) = rest[..digits].parse::<u32>() else {
                continue;
            };
            let mut end = at + word.len() + digits;
            for sep in [" through ", " - ", "-", " to "] {
                let r = &s[end..];
                if let Some(r2) = r.strip_prefix(sep) {
                    let d2 = r2.bytes().take_while(u8::is_ascii_digit).count();
                    if d2 > 0 {
                        end += sep.len() + d2;
                    }
                    break;
                }
            }
            out.push((at, end, n, s[at..end].to_string()));
        }
    }
    out.sort_by_key(|p| p.0);
    out
}

/// The labels of the cleanup steps: `3a.` → 323.4, `3.` → 323.3 (texts of the form
/// `N. …` or `Na. …` among the children of one rule, at least five of them).
fn cleanup_labels(ed: &Edition) -> HashMap<String, RuleId> {
    let mut by_parent: BTreeMap<RuleId, HashMap<String, RuleId>> = BTreeMap::new();
    for r in &ed.rules {
        let (Some(p), Some(t)) = (&r.parent, r.text.as_deref()) else {
            continue;
        };
        let Some((label, _)) = t.split_once(". ") else {
            continue;
        };
        let digits = label.bytes().take_while(u8::is_ascii_digit).count();
        let ok = digits > 0
            && digits <= 2
            && (label.len() == digits
                || (label.len() == digits + 1 && label.as_bytes()[digits].is_ascii_lowercase()));
        if ok {
            by_parent
                .entry(p.clone())
                .or_default()
                .insert(label.to_string(), r.id.clone());
        }
    }
    by_parent
        .into_values()
        .filter(|m| {
            m.len() >= 5
                && m.keys()
                    .any(|k| k.ends_with(|c: char| c.is_ascii_lowercase()))
        })
        .max_by_key(|m| m.len())
        .unwrap_or_default()
}

/// `Insert “3c. …”`: (start, end, label).
fn insert_labels(s: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (at, _) in s.match_indices("Insert “") {
        let rest = &s[at + "Insert “".len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(letter) = rest[digits..].chars().next() else {
            continue;
        };
        if digits == 0
            || digits > 2
            || !letter.is_ascii_lowercase()
            || !rest[digits + 1..].starts_with('.')
        {
            continue;
        }
        let end = at + "Insert “".len() + digits + 2;
        out.push((at, end, rest[..digits + 1].to_string()));
    }
    out
}

/// The titles of steps: `the Resolution Step` → 461 (from titles ending in ` Step`).
fn named_step_titles(ed: &Edition) -> HashMap<String, RuleId> {
    let mut m: HashMap<String, RuleId> = HashMap::new();
    let mut add = |title: &str, id: &RuleId| {
        let t = title.trim();
        let t = t.strip_prefix("The ").unwrap_or(t);
        if t.ends_with(" Step") && t.len() < 40 {
            m.entry(t.to_string()).or_insert_with(|| id.clone());
        }
    };
    for r in &ed.rules {
        if let Some(t) = r.title.as_deref() {
            add(t, &r.id);
        }
        for f in &r.refs {
            if let Some(t) = f.title.as_deref() {
                add(t, &f.target);
            }
        }
    }
    m
}

fn fields(r: &super::model::Rule) -> Vec<(RefField, &str)> {
    let mut v = Vec::new();
    if let Some(t) = r.text.as_deref() {
        v.push((RefField::Text, t));
    }
    for (i, e) in r.examples.iter().enumerate() {
        v.push((RefField::Example(i as u32), e.as_str()));
    }
    v
}

fn overlaps(refs: &[Ref], field: RefField, start: usize, end: usize) -> bool {
    refs.iter()
        .any(|f| f.field == field && (f.start as usize) < end && start < f.end as usize)
}

/// Finds every reference of every rule, with spans, titles and dangling flags.
pub fn extract(ed: &mut Edition) {
    let ids: HashSet<RuleId> = ed.rules.iter().map(|r| r.id.clone()).collect();
    // Patterns 1–6.
    for r in ed.rules.iter_mut() {
        let mut refs = Vec::new();
        for (field, s) in fields(r) {
            for f in numbered(s) {
                refs.push(Ref {
                    dangling: !ids.contains(&f.target),
                    target: f.target,
                    kind: f.kind,
                    field,
                    start: f.start as u32,
                    end: f.end as u32,
                    dup: 0,
                    title: f.title,
                });
            }
        }
        r.refs = refs;
    }
    // Pattern 7: named and numbered steps.
    let phrases: Vec<(u32, String)> = ed
        .rules
        .iter()
        .flat_map(|r| {
            fields(r)
                .into_iter()
                .map(|(_, s)| s.to_string())
                .collect::<Vec<_>>()
        })
        .flat_map(|s| {
            step_phrases(&s)
                .into_iter()
                .map(|(_, _, n, name)| (n, name))
        })
        .collect();
    let tables = step_tables(ed, &phrases);
    let step_titles = named_step_titles(ed);
    let labels = cleanup_labels(ed);
    let sections = ed.sections.clone();
    let mut warnings = Vec::new();
    for r in ed.rules.iter_mut() {
        let mut new = Vec::new();
        for (field, s) in fields(r) {
            let mut taken: Vec<(usize, usize)> = Vec::new();
            for (start, end, n, name) in step_phrases(s) {
                let hit = tables
                    .iter()
                    .filter(|t| t.contains_rule(&r.id))
                    .chain(tables.iter())
                    .find_map(|t| t.by_name(&name));
                let Some((number, target)) = hit else {
                    continue;
                };
                if number != n {
                    warnings.push(format!(
                        "{}: “Step {n}: {name}” names step {number} ({target}); linked by name",
                        r.id
                    ));
                }
                taken.push((start, end));
                new.push((
                    field,
                    start,
                    end,
                    target.clone(),
                    format!("Step {number}: {name}"),
                ));
            }
            for (start, end, n, title) in bare_steps(s) {
                if taken.iter().any(|&(a, b)| a < end && start < b) {
                    continue;
                }
                let table = if s[end..].starts_with(" of Playing Cards") {
                    tables.iter().find(|t| {
                        t.by_number.get(&1).is_some_and(|(id, _)| {
                            sections
                                .iter()
                                .rfind(|sec| sec.id <= *id)
                                .is_some_and(|sec| sec.title == "Playing Cards")
                        })
                    })
                } else {
                    tables.iter().find(|t| t.contains_rule(&r.id))
                };
                let Some(target) = table.and_then(|t| t.by_number.get(&n)).map(|(id, _)| id) else {
                    continue;
                };
                let end = if s[end..].starts_with(" of Playing Cards") {
                    end + " of Playing Cards".len()
                } else {
                    end
                };
                let _ = title;
                new.push((field, start, end, target.clone(), s[start..end].to_string()));
            }
            for (name, target) in &step_titles {
                for (at, _) in s.match_indices(name.as_str()) {
                    let start = if s[..at].ends_with("the ") {
                        at - 4
                    } else {
                        at
                    };
                    if !s[..at].ends_with("the ") && !s[..at].ends_with("The ") {
                        continue;
                    }
                    let end = at + name.len();
                    if *target == r.id {
                        continue;
                    }
                    new.push((field, start, end, target.clone(), name.clone()));
                }
            }
        }
        for (field, start, end, target, title) in new {
            if overlaps(&r.refs, field, start, end) {
                continue;
            }
            r.refs.push(Ref {
                dangling: !ids.contains(&target),
                target,
                kind: RefKind::Step,
                field,
                start: start as u32,
                end: end as u32,
                dup: 0,
                title: Some(title),
            });
        }
        // Pattern 8: cleanup labels.
        let mut new = Vec::new();
        for (field, s) in fields(r) {
            for (start, end, label) in insert_labels(s) {
                let step = label.trim_end_matches(|c: char| c.is_ascii_lowercase());
                let extends = labels.contains_key(&format!("{step}a"));
                match labels.get(step) {
                    Some(target) if extends => new.push((field, start, end, target.clone(), label)),
                    _ => warnings.push(format!(
                        "{}: “Insert “{label}. …”” matches no lettered cleanup step",
                        r.id
                    )),
                }
            }
        }
        for (field, start, end, target, label) in new {
            r.refs.push(Ref {
                dangling: !ids.contains(&target),
                target,
                kind: RefKind::CleanupLabel,
                field,
                start: start as u32,
                end: end as u32,
                dup: 0,
                title: Some(label),
            });
        }
        r.refs
            .sort_by_key(|f| (f.field != RefField::Text, field_index(f.field), f.start));
    }
    for r in &ed.rules {
        for f in r.refs.iter().filter(|f| f.dangling) {
            warnings.push(format!(
                "{}: reference to {} which is not in this edition",
                r.id, f.target
            ));
        }
    }
    ed.warnings.extend(warnings);
}

fn field_index(f: RefField) -> u32 {
    match f {
        RefField::Text => 0,
        RefField::Example(i) => i + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::super::hyperlinked::tests::{ed, rule};
    use super::*;

    fn span<'a>(r: &'a super::super::model::Rule, f: &Ref) -> &'a str {
        let s = match f.field {
            RefField::Text => r.text.as_deref().unwrap_or(""),
            RefField::Example(i) => r.examples[i as usize].as_str(),
        };
        &s[f.start as usize..f.end as usize]
    }

    #[test]
    fn ids_stop_before_words() {
        assert_eq!(
            id_at("103.2.d.for more").map(|(i, n)| (i.to_string(), n)),
            Some(("103.2.d".into(), 7))
        );
        assert_eq!(
            id_at("144.for more").map(|(i, n)| (i.to_string(), n)),
            Some(("144".into(), 3))
        );
        assert_eq!(
            id_at("357.2.See rule").map(|(i, _)| i.to_string()),
            Some("357.2".into())
        );
        assert_eq!(
            id_at("808 Deathknell").map(|(i, _)| i.to_string()),
            Some("808".into())
        );
        assert!(id_at("12").is_none());
        assert!(id_at("1234").is_none());
    }

    #[test]
    fn numbered_references_match_the_measured_facts() {
        let ed = ed();
        let numbered: Vec<(&super::super::model::Rule, &Ref)> = ed
            .rules
            .iter()
            .flat_map(|r| r.refs.iter().map(move |f| (r, f)))
            .filter(|(_, f)| matches!(f.kind, RefKind::SeeRule | RefKind::Inline))
            .collect();
        assert_eq!(numbered.len(), 154);
        let rules: HashSet<_> = numbered.iter().map(|(r, _)| &r.id).collect();
        assert_eq!(rules.len(), 137);
        let targets: HashSet<_> = numbered.iter().map(|(_, f)| &f.target).collect();
        assert_eq!(targets.len(), 73);
        assert_eq!(numbered.iter().filter(|(_, f)| f.dangling).count(), 0);
        assert_eq!(
            numbered
                .iter()
                .filter(|(_, f)| f.kind == RefKind::Inline)
                .count(),
            4
        );
        for (r, f) in &numbered {
            let s = span(r, f);
            assert!(
                s.starts_with("See rule")
                    || s.starts_with("rule")
                    || s.starts_with("in rule")
                    || s.starts_with("In rule"),
                "{}: {s:?}",
                r.id
            );
        }
    }

    #[test]
    fn each_pattern() {
        let r = rule("108.1.a");
        let f = &r.refs[0];
        assert_eq!(
            (f.target.to_string().as_str(), f.title.as_deref()),
            ("327", Some("Chains"))
        );
        assert_eq!(span(r, f), "See rule 327. Chains for more information.");
        // pattern 3: `.for`
        let r = rule("133.7.b");
        assert_eq!(r.refs[0].target.to_string(), "103.2.d");
        assert_eq!(r.refs[0].title, None);
        assert_eq!(
            span(r, &r.refs[0]),
            "See rule 103.2.d.for more information about Signature cards."
        );
        let r = rule("420.2.b");
        assert_eq!(r.refs[0].target.to_string(), "144");
        // pattern 4: no dot
        let r = rule("323.4");
        assert_eq!(r.refs[0].target.to_string(), "808");
        assert_eq!(r.refs[0].title.as_deref(), Some("Deathknell"));
        // pattern 2: suffix, two references with no period between
        let r = rule("334.1");
        let t: Vec<_> = r
            .refs
            .iter()
            .map(|f| (f.target.to_string(), f.title.clone()))
            .collect();
        assert_eq!(t[0], ("318".into(), Some("Cleanups".into())));
        assert_eq!(t[1], ("315".into(), Some("Start of Turn".into())));
        assert_eq!(
            span(r, &r.refs[0]),
            "See rule 318. Cleanups for more information on Cleanups"
        );
        // pattern 5: two targets
        let r = rule("357.1.a");
        let t: Vec<_> = r
            .refs
            .iter()
            .map(|f| (f.target.to_string(), f.title.clone()))
            .collect();
        assert_eq!(
            t,
            vec![
                ("164".into(), Some("Rune Pools".into())),
                ("429".into(), Some("Add".into()))
            ]
        );
        // pattern 6: inline, and the glued `.See rule`
        let r = rule("356.2.b.1");
        let t: Vec<_> = r
            .refs
            .iter()
            .filter(|f| f.kind != RefKind::Step)
            .map(|f| (f.target.to_string(), f.kind))
            .collect();
        assert_eq!(
            t,
            vec![
                ("356.2".into(), RefKind::Inline),
                ("356.4".into(), RefKind::Inline),
                ("357.2".into(), RefKind::Inline),
                ("363".into(), RefKind::SeeRule)
            ]
        );
        let r = rule("377.3.b.1");
        assert_eq!(r.refs[0].target.to_string(), "398");
        assert_eq!(r.refs[0].kind, RefKind::Inline);
        // in an example
        let r = rule("324.1");
        assert!(
            r.refs
                .iter()
                .any(|f| f.field == RefField::Example(0) && f.target.to_string() == "461")
        );
        assert!(
            r.refs
                .iter()
                .any(|f| f.title.as_deref() == Some("The Ending Phase"))
        );
        // pattern 9 ("See the selected Mode of Play") has no target; 116.2's one link is 476
        let t: Vec<_> = rule("116.2")
            .refs
            .iter()
            .map(|f| f.target.to_string())
            .collect();
        assert_eq!(t, vec!["476".to_string()]);
    }

    #[test]
    fn step_references() {
        let step = |id: &str| -> Vec<(String, String)> {
            let r = rule(id);
            r.refs
                .iter()
                .filter(|f| f.kind == RefKind::Step)
                .map(|f| (f.target.to_string(), span(r, f).to_string()))
                .collect()
        };
        assert_eq!(
            step("337.1.c.3"),
            vec![("338".into(), "Step 2: Execute".into())]
        );
        assert_eq!(
            step("338.1.a.7"),
            vec![("337".into(), "Step 1: Finalize".into())]
        );
        assert_eq!(
            step("339.1"),
            vec![("340".into(), "Step 4: Resolve".into())]
        );
        assert_eq!(
            step("338.1.c.1"),
            vec![("339".into(), "Step 3: Pass".into())]
        );
        // 339.2 says "Step 3: Execute": linked by name, and flagged
        assert_eq!(
            step("339.2"),
            vec![("338".into(), "Step 3: Execute".into())]
        );
        assert!(ed().warnings.iter().any(|w| w.starts_with("339.2")));
        assert_eq!(step("337.1.c.2"), vec![("337".into(), "Step 1".into())]);
        assert_eq!(
            step("359.3.b"),
            vec![("355".into(), "Steps 2 through 5 of Playing Cards".into())]
        );
        assert_eq!(step("354.2"), vec![("355".into(), "steps 2 - 5".into())]);
        assert_eq!(
            step("806.4.b"),
            vec![("358".into(), "step 5: check legality".into())]
        );
        assert_eq!(step("357.2"), vec![("356".into(), "step 3".into())]);
        assert_eq!(
            step("460.3"),
            vec![("461".into(), "the Resolution Step".into())]
        );
        // measured: 25 step references in 23 rules
        let steps: Vec<_> = ed()
            .rules
            .iter()
            .filter(|r| r.refs.iter().any(|f| f.kind == RefKind::Step))
            .collect();
        let n: usize = steps
            .iter()
            .map(|r| r.refs.iter().filter(|f| f.kind == RefKind::Step).count())
            .sum();
        assert_eq!((n, steps.len()), (25, 23));
        assert!(ed().rules.iter().flat_map(|r| &r.refs).all(|f| !f.dangling));
    }

    #[test]
    fn cleanup_labels_resolve_where_the_step_has_letters() {
        let r = rule("461.1.a.1");
        let f: Vec<_> = r
            .refs
            .iter()
            .filter(|f| f.kind == RefKind::CleanupLabel)
            .collect();
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].target.to_string(), "323.3");
        assert_eq!(f[0].title.as_deref(), Some("3c"));
        assert_eq!(span(r, f[0]), "Insert “3c.");
        assert_eq!(
            rule("461.1.a.2")
                .refs
                .iter()
                .filter(|f| f.kind == RefKind::CleanupLabel)
                .count(),
            1
        );
        // 2c–2e do not match 323's step 2 (the designation step has no letters)
        assert!(rule("317.2.b").refs.is_empty());
        let n = ed()
            .rules
            .iter()
            .flat_map(|r| &r.refs)
            .filter(|f| f.kind == RefKind::CleanupLabel)
            .count();
        assert_eq!(n, 2);
    }
}
