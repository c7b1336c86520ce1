//! Titles and text for the 286 ids whose text the source lost (NOTES.md §1.4), kept in
//! `Rule::recovered` with their provenance and never merged into `text`.
//!
//! Sources, most trusted first: (a) the top index (`318. Cleanups`), (b) the link text
//! of cross-references (`See rule 327. Chains`), the keyword names at 805–826 (from the
//! keyword's own rules: "Backline, and whether or not a unit has Backline, is a
//! characteristic…", "Accelerate is a Unit ability."), and (c) the A–Z index placed by
//! order ([`super::azindex::map`]). The 2025 edition, source (d), is aligned elsewhere.

use super::azindex::{Index, Mapped, Mapping};
use super::model::{Edition, Provenance, Recovered, RuleId};
use std::collections::{BTreeMap, HashSet};

/// Whether `id` is a keyword's heading: a 3-digit id after "Keyword Glossary" (804) in
/// the same top-index section.
pub fn is_keyword(ed: &Edition, id: &RuleId) -> bool {
    let Some(glossary) = ed
        .rules
        .iter()
        .find(|r| r.title.as_deref() == Some("Keyword Glossary"))
    else {
        return false;
    };
    id.depth() == 1
        && *id > glossary.id
        && ed
            .rules
            .iter()
            .find(|r| r.id == *id)
            .is_some_and(|r| r.section == glossary.section)
}

/// A keyword's name, when a word-capitalised name of one or two words.
fn name_like(s: &str) -> Option<&str> {
    let s = s.trim();
    let words: Vec<&str> = s.split([' ', '-']).collect();
    let ok = !s.is_empty()
        && words.len() <= 2
        && words.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase) && w.chars().all(char::is_alphabetic)
        });
    ok.then_some(s)
}

/// The keyword name of `k`, read from its own rules; `None` when they disagree.
fn keyword_name(ed: &Edition, k: &RuleId) -> Option<String> {
    let mut names: Vec<&str> = Vec::new();
    for r in ed.rules.iter().filter(|r| r.id.is_within(k) && r.id != *k) {
        let Some(t) = r.text.as_deref() else { continue };
        if let Some((n, _)) = t.split_once(", and whether or not")
            && let Some(n) = name_like(n)
        {
            names.push(n);
        }
        if r.id.depth() == 2
            && r.id.segs.get(1) == Some(&super::model::Seg::Num(1))
            && let Some((n, _)) = t.split_once(" is a").or_else(|| t.split_once(" is an"))
            && let Some(n) = name_like(n)
        {
            names.push(n);
        }
    }
    let first = *names.first()?;
    names.iter().all(|n| *n == first).then(|| first.to_string())
}

/// Whether a recovered string reads as a title (short, no final punctuation, no verb of
/// a sentence) for a rule that heads others or is 3-digit, rather than as a sentence
/// ("Keywords can be Dependent Keywords" is 727's opening sentence, its period lost).
fn reads_as_title(s: &str, heads: bool) -> bool {
    const VERBS: [&str; 8] = ["is", "are", "can", "may", "must", "will", "has", "have"];
    heads
        && s.chars().count() <= 40
        && !s.ends_with(['.', ':', '!', '?', '"', '”'])
        && !s.split(' ').any(|w| VERBS.contains(&w))
}

/// The sentence that opens a keyword's rules (`Backline is a Passive Ability keyword.`)
/// for the keywords whose `K.1` is empty: the one A–Z index line, not a rule text,
/// that reads `<Name> is a …` / `<Name> is an …`. Every texted `K.1` of the keyword
/// glossary has this form (805.1 "Accelerate is a Unit ability.").
fn keyword_openers(
    ed: &Edition,
    names: &BTreeMap<RuleId, String>,
    index: &Index,
    mapping: &Mapping,
) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    let texted_follow = ed
        .rules
        .iter()
        .filter(|r| r.id.depth() == 2 && r.id.segs[1] == super::model::Seg::Num(1))
        .filter_map(|r| {
            Some((
                names.get(&RuleId::top_level(r.id.top()))?,
                r.text.as_deref()?,
            ))
        })
        .all(|(n, t)| t.starts_with(&format!("{n} is a")));
    if !texted_follow {
        return out;
    }
    for (k, name) in names {
        let first = RuleId {
            segs: vec![k.segs[0], super::model::Seg::Num(1)],
            style: k.style,
        };
        let Some(pos) = ed.rules.iter().position(|r| r.id == first) else {
            continue;
        };
        if ed.rules[pos].text.is_some() {
            continue;
        }
        let mut lines: Vec<&str> = index
            .terms
            .iter()
            .zip(&mapping.terms)
            .flat_map(|(t, m)| t.passages.iter().zip(m))
            .filter(|(_, m)| matches!(m, Mapped::Unplaced))
            .map(|((p, _), _)| p.as_str())
            .filter(|p| {
                p.starts_with(&format!("{name} is a ")) || p.starts_with(&format!("{name} is an "))
            })
            .collect();
        lines.sort_unstable();
        lines.dedup();
        if let [one] = lines.as_slice() {
            out.insert(pos, one.to_string());
        }
    }
    out
}

/// Whether `word` is `base` or an inflection of it: draws, drawing, swapping, doubling,
/// buffed (never "player" for "play").
fn inflects(word: &str, base: &str) -> bool {
    let stem = base.strip_suffix('e').unwrap_or(base);
    let Some(rest) = word.strip_prefix(stem) else {
        return false;
    };
    let rest = match (rest.chars().next(), stem.chars().last()) {
        (Some(a), Some(b)) if a == b && rest.len() > 1 => &rest[1..],
        _ => rest,
    };
    matches!(rest, "" | "e" | "s" | "es" | "d" | "ed" | "ing")
}

/// Titles of empty headings from the index's own term names: when a term's entry opens
/// with the first rule beneath an empty heading, and that rule speaks of the term
/// ("Drawing a card takes a single card …" under the term "Draw"), the term names the
/// heading (413 "Draw"; 107.2 "Battlefield Zone"). Position of the heading → term; a
/// heading two terms claim differently gets neither, unless they are forms of one word.
fn opening_terms(ed: &Edition, index: &Index, mapping: &Mapping) -> BTreeMap<usize, String> {
    let mut claims: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (term, m) in index.terms.iter().zip(&mapping.terms) {
        for (k, first) in m.iter().enumerate().filter_map(|(k, p)| match p {
            Mapped::Rule(x) | Mapped::Placed(x) => Some((k, *x)),
            _ => None,
        }) {
            let Some(h) = first.checked_sub(1) else {
                continue;
            };
            if ed.rules[first].parent.as_ref() != Some(&ed.rules[h].id)
                || ed.rules[h].text.is_some()
                || ed.rules[h].title.is_some()
                || name_like(&term.heading).is_none()
            {
                continue;
            }
            let opening = match (&ed.rules[first].text, mapping.placed.get(&first)) {
                (Some(t), _) => t.to_lowercase(),
                // a placed sentence, not a placed title (a title names its own rule)
                (None, Some((t, _))) if t.ends_with('.') => t.to_lowercase(),
                _ => continue,
            };
            // the term is the subject: its words start within the first three words of
            // the rule, the last one perhaps inflected (draw → drawing, swap → swapping,
            // double → doubling)
            let words: Vec<&str> = opening
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let name = term.heading.to_lowercase();
            let name_words: Vec<&str> = name.split([' ', '-']).collect();
            let Some((last, init)) = name_words.split_last() else {
                continue;
            };
            // the entry's opening passage: the term is the subject; a later passage:
            // only a rule that opens by defining the term's action ("Buffing is …")
            let opens = k == 0;
            let speaks = if opens {
                (0..3).any(|i| {
                    words.len() >= i + name_words.len()
                        && init.iter().enumerate().all(|(j, w)| words[i + j] == *w)
                        && inflects(words[i + init.len()], last)
                })
            } else {
                name_words.len() == 1
                    && words.len() > 2
                    && words[0].ends_with("ing")
                    && inflects(words[0], last)
                    && words[1] == "is"
            };
            if speaks {
                claims.entry(h).or_default().push(term.heading.clone());
            }
        }
    }
    claims
        .into_iter()
        .filter_map(|(h, names)| {
            // terms that are forms of one word agree ("Buff", "Buffing", "Buffs" → 426
            // "Buff"; "Banish", "Banishing" → 427 "Banish"): the base form the others
            // inflect, as the document titles its actions (413 "Draw", 428 "Kill")
            let base = names.iter().min_by_key(|n| n.len())?.clone();
            names
                .iter()
                .all(|n| same_word(n, &base))
                .then_some((h, base))
        })
        .collect()
}

/// Whether a term is `base` or a form of it: the same words, the last perhaps inflected
/// ("Buffing" of "Buff", "Limited Actions" of "Limited Action").
fn same_word(term: &str, base: &str) -> bool {
    let (t, b) = (term.to_lowercase(), base.to_lowercase());
    let (tw, bw): (Vec<&str>, Vec<&str>) = (t.split(' ').collect(), b.split(' ').collect());
    match (tw.split_last(), bw.split_last()) {
        (Some((tl, ti)), Some((bl, bi))) => ti == bi && (tl == bl || inflects(tl, bl)),
        _ => false,
    }
}

/// A step of a numbered procedure as the A–Z index names it, `Step 2: The Combat
/// Damage Step` (a term whose one passage is its own heading, the way the index quotes
/// a title): the number and the name.
fn index_step(term: &super::azindex::IndexTerm) -> Option<(u32, String)> {
    // the passage keeps the document's own case ("Step 1: Finalize")
    let text = term
        .passages
        .iter()
        .map(|(p, _)| p.as_str())
        .find(|p| p.eq_ignore_ascii_case(&term.heading))
        .unwrap_or(&term.heading);
    let (n, name) = text.strip_prefix("Step ")?.split_once(": ")?;
    let n: u32 = n.parse().ok()?;
    let name = name.trim();
    (!name.is_empty() && reads_as_title(name, true)).then(|| (n, name.to_string()))
}

/// Titles of empty headings from the steps the A–Z index names (rule 458's steps are
/// "Step 1: The Combat Showdown Step", "Step 2: The Combat Damage Step", "Step 3: The
/// Resolution Step"). Where the document titles some steps of a procedure (460 and 461
/// by their links), the offset from step number to id places the steps it does not
/// title: step 1 is 459. A step goes where exactly one procedure puts it on an empty,
/// untitled heading (step 1 of Finalize, Execute, Pass, Resolve is 337, already
/// titled). `known` maps a folded title to the id that has it. Position → (name, the
/// step as the index gives it, the titled steps that place it).
fn index_steps(
    ed: &Edition,
    index: &Index,
    known: &BTreeMap<String, RuleId>,
) -> BTreeMap<usize, (String, String, Vec<RuleId>)> {
    use super::model::Seg;
    let steps: Vec<(u32, String, &str)> = index
        .terms
        .iter()
        .filter_map(|t| index_step(t).map(|(n, name)| (n, name, t.heading.as_str())))
        .collect();
    // procedures: (parent, offset) → the titled steps that set them
    let mut procedures: BTreeMap<(Option<RuleId>, i64), Vec<RuleId>> = BTreeMap::new();
    for (n, name, _) in &steps {
        if let Some(id) = known.get(&super::azindex::fold(name))
            && let Some(Seg::Num(m)) = id.segs.last()
        {
            procedures
                .entry((id.parent(), i64::from(*m) - i64::from(*n)))
                .or_default()
                .push(id.clone());
        }
    }
    let mut out = BTreeMap::new();
    for (n, name, heading) in &steps {
        if known.contains_key(&super::azindex::fold(name)) {
            continue;
        }
        let slots: Vec<(usize, &Vec<RuleId>)> = procedures
            .iter()
            .filter_map(|((parent, offset), by)| {
                let m = u32::try_from(i64::from(*n) + offset).ok()?;
                let mut segs = parent.as_ref().map_or(Vec::new(), |p| p.segs.clone());
                segs.push(Seg::Num(m));
                let pos = ed.rules.iter().position(|r| r.id.segs == segs)?;
                let r = &ed.rules[pos];
                let untitled =
                    r.text.is_none() && r.title.is_none() && !known.values().any(|id| *id == r.id);
                untitled.then_some((pos, by))
            })
            .collect();
        if let [(pos, by)] = slots[..] {
            out.insert(pos, (name.clone(), heading.to_string(), by.clone()));
        }
    }
    out
}

pub fn recover(ed: &mut Edition, index: &Index, mapping: &Mapping) {
    let parents: HashSet<RuleId> = ed.rules.iter().filter_map(|r| r.parent.clone()).collect();
    // (a) the top index
    let sections: BTreeMap<RuleId, String> = ed
        .sections
        .iter()
        .map(|s| (s.id.clone(), s.title.clone()))
        .collect();
    // (b) cross-reference link text: the most frequent title per target
    let mut link_titles: BTreeMap<RuleId, BTreeMap<String, usize>> = BTreeMap::new();
    for r in &ed.rules {
        for f in &r.refs {
            if matches!(f.kind, super::model::RefKind::SeeRule)
                && let Some(t) = &f.title
            {
                *link_titles
                    .entry(f.target.clone())
                    .or_default()
                    .entry(t.clone())
                    .or_default() += 1;
            }
        }
    }
    // (b) the named steps of a numbered procedure (`Proceed to Step 2: Execute`): the
    // step's name, most frequent first (339.2's misnumbered "Step 3: Execute" links
    // to 338 by name and agrees with it)
    let mut step_names: BTreeMap<RuleId, BTreeMap<String, usize>> = BTreeMap::new();
    for r in &ed.rules {
        for f in &r.refs {
            if matches!(f.kind, super::model::RefKind::Step)
                && f.target.depth() == 1
                && let Some(t) = &f.title
                && let Some((_, name)) = t.split_once(": ")
                && t.starts_with("Step ")
                && name_like(name).is_some()
            {
                *step_names
                    .entry(f.target.clone())
                    .or_default()
                    .entry(name.to_string())
                    .or_default() += 1;
            }
        }
    }
    let keywords: Vec<(RuleId, String)> = ed
        .rules
        .iter()
        .filter(|r| r.text.is_none() && is_keyword(ed, &r.id))
        .filter_map(|r| keyword_name(ed, &r.id).map(|n| (r.id.clone(), n)))
        .collect();
    // every keyword's name: its own, a link title, or read from its rules
    let mut names: BTreeMap<RuleId, String> = BTreeMap::new();
    for r in ed.rules.iter().filter(|r| is_keyword(ed, &r.id)) {
        let link = link_titles
            .get(&r.id)
            .and_then(|m| m.iter().max_by_key(|(_, n)| **n).map(|(t, _)| t.clone()));
        let own = keywords
            .iter()
            .find(|(id, _)| *id == r.id)
            .map(|(_, n)| n.clone());
        if let Some(n) = r.title.clone().or(link).or(own) {
            names.insert(r.id.clone(), n);
        }
    }
    let openers = keyword_openers(ed, &names, index, mapping);
    let opening = opening_terms(ed, index, mapping);
    // every title the document gives a heading, by any of the sources above
    let mut known: BTreeMap<String, RuleId> = BTreeMap::new();
    let own = ed
        .rules
        .iter()
        .filter_map(|r| Some((r.title.clone()?, r.id.clone())));
    let given = |m: &BTreeMap<RuleId, BTreeMap<String, usize>>| -> Vec<(String, RuleId)> {
        m.iter()
            .filter_map(|(id, names)| Some((most_named(names)?.0, id.clone())))
            .collect()
    };
    for (t, id) in own
        .chain(sections.iter().map(|(id, t)| (t.clone(), id.clone())))
        .chain(given(&link_titles))
        .chain(given(&step_names))
    {
        known.entry(super::azindex::fold(&t)).or_insert(id);
    }
    let steps = index_steps(ed, index, &known);
    for (k, r) in ed.rules.iter_mut().enumerate() {
        if r.text.is_some() {
            continue;
        }
        if let Some(t) = sections.get(&r.id) {
            r.recovered = Some(Recovered {
                title: Some(t.clone()),
                text: None,
                source: Provenance::TopIndex,
                detail: Some("top index".into()),
            });
        } else if let Some((t, n)) = link_titles.get(&r.id).and_then(most_named) {
            r.recovered = Some(Recovered {
                title: Some(t),
                text: None,
                source: Provenance::CrossReference,
                detail: Some(format!("link text of {n} reference(s)")),
            });
        } else if let Some((t, n)) = step_names.get(&r.id).and_then(most_named) {
            r.recovered = Some(Recovered {
                title: Some(t),
                text: None,
                source: Provenance::CrossReference,
                detail: Some(format!("the step named in {n} reference(s)")),
            });
        } else if let Some((_, n)) = keywords.iter().find(|(id, _)| *id == r.id) {
            r.recovered = Some(Recovered {
                title: Some(n.clone()),
                text: None,
                source: Provenance::KeywordTable,
                detail: Some("the keyword's own rules".into()),
            });
        } else if let Some(text) = openers.get(&k) {
            r.recovered = Some(Recovered {
                title: None,
                text: Some(text.clone()),
                source: Provenance::KeywordTable,
                detail: Some("the A–Z index line that opens the keyword".into()),
            });
        } else if let Some((text, term)) = mapping.placed.get(&k) {
            let heads = parents.contains(&r.id) || r.id.depth() == 1;
            let title = reads_as_title(text, heads) && !mapping.labelled.contains(&k);
            r.recovered = Some(Recovered {
                title: title.then(|| text.clone()),
                text: (!title).then(|| text.clone()),
                source: Provenance::ReferenceIndex,
                detail: Some(format!("A–Z index, term “{term}”")),
            });
        } else if let Some((name, step, by)) = steps.get(&k) {
            let by: Vec<String> = by.iter().map(ToString::to_string).collect();
            r.recovered = Some(Recovered {
                title: Some(name.clone()),
                text: None,
                source: Provenance::ReferenceIndex,
                detail: Some(format!(
                    "A–Z index, the term “{step}”, numbered as the steps {} are",
                    by.join(" and ")
                )),
            });
        } else if let Some(term) = opening.get(&k) {
            r.recovered = Some(Recovered {
                title: Some(term.clone()),
                text: None,
                source: Provenance::ReferenceIndex,
                detail: Some(format!(
                    "A–Z index, the term “{term}”, the subject of this heading's first rule"
                )),
            });
        }
    }
}

/// The name given most often (ties: the first in order) and how often it was given.
fn most_named(names: &BTreeMap<String, usize>) -> Option<(String, usize)> {
    names
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(t, n)| (t.clone(), *n))
}

#[cfg(test)]
mod tests {
    use super::super::hyperlinked::tests::{ed, rule};
    use super::*;

    fn rec(id: &str) -> Option<(Option<&'static str>, Option<&'static str>, Provenance)> {
        rule(id)
            .recovered
            .as_ref()
            .map(|r| (r.title.as_deref(), r.text.as_deref(), r.source))
    }

    fn count(p: Provenance) -> usize {
        ed().rules
            .iter()
            .filter(|r| r.recovered.as_ref().is_some_and(|x| x.source == p))
            .count()
    }

    #[test]
    fn top_index_and_cross_references() {
        assert_eq!(count(Provenance::TopIndex), 37);
        // 52 empty targets have link text; 18 of them are also in the top index; 3
        // more are the named steps of resolving the chain (338-340)
        assert_eq!(count(Provenance::CrossReference), 71 - 37 + 3);
        assert_eq!(
            rec("318"),
            Some((Some("Cleanups"), None, Provenance::TopIndex))
        );
        assert_eq!(
            rec("341"),
            Some((Some("Showdowns"), None, Provenance::CrossReference))
        );
        assert_eq!(
            rec("355.6"),
            Some((Some("Targeting"), None, Provenance::CrossReference))
        );
        assert_eq!(
            rec("337"),
            Some((Some("Finalize"), None, Provenance::CrossReference))
        );
        // the other steps of FEPR by the names the text gives them ("Proceed to Step 2:
        // Execute"); 339.2's misnumbered "Step 3: Execute" does not rename 339
        for (id, name) in [("338", "Execute"), ("339", "Pass"), ("340", "Resolve")] {
            assert_eq!(
                rec(id),
                Some((Some(name), None, Provenance::CrossReference)),
                "{id}"
            );
        }
        // 327 has its own text, so the link title is not "recovered"
        assert_eq!(rule("327").title.as_deref(), Some("Chains"));
        assert!(rule("327").recovered.is_none());
        // recovered text never enters `text`
        assert!(
            ed().rules
                .iter()
                .all(|r| r.recovered.is_none() || r.text.is_none())
        );
    }

    #[test]
    fn keyword_openers() {
        let text = |id| rec(id).and_then(|r| r.1);
        assert_eq!(
            text("826.1"),
            Some("Backline is a Passive Ability keyword.")
        );
        assert_eq!(text("812.1"), Some("Legion is a Dependent Keyword."));
        assert_eq!(
            text("818.1"),
            Some("Equip is an Activated Ability keyword.")
        );
        assert_eq!(
            text("821.1"),
            Some("Weaponmaster is a Triggered Ability keyword.")
        );
        assert_eq!(
            text("825.1"),
            Some("Unique is a Deck Constraint Permission.")
        );
    }

    #[test]
    fn keyword_names() {
        for (id, name) in [
            ("807", "Assault"),
            ("812", "Legion"),
            ("818", "Equip"),
            ("819", "Quick-Draw"),
            ("824", "Level"),
            ("825", "Unique"),
            ("826", "Backline"),
        ] {
            assert_eq!(
                rec(id),
                Some((Some(name), None, Provenance::KeywordTable)),
                "{id}"
            );
        }
        // names given by cross-references keep that provenance
        assert_eq!(
            rec("808"),
            Some((Some("Deathknell"), None, Provenance::CrossReference))
        );
        let n = (805..=826)
            .filter(|k| rule(&k.to_string()).recovered.is_some())
            .count();
        assert_eq!(n, 22);
    }

    #[test]
    fn titles_and_sentences_next_to_their_rules() {
        let title = |id| rec(id).and_then(|r| r.0);
        let text = |id| rec(id).and_then(|r| r.1);
        // a title the index quotes just before its rule's first sentence
        assert_eq!(title("107.1"), Some("Bases"));
        assert_eq!(title("108.1"), Some("The Chain"));
        assert_eq!(title("136"), Some("Effect Text"));
        // a lost sentence the index quotes just after its sibling
        assert_eq!(
            text("107.1.d"),
            Some("Permanents and Runes in Bases are Public Information.")
        );
        assert_eq!(
            text("107.2.c"),
            Some("Battlefields and permanents at Battlefields are Public Information.")
        );
        assert_eq!(text("420.3.b"), Some("The Effect is Moving those Unit."));
        // a title the index gives as the term its first rule is about ("Drawing a card
        // takes …"); never a term the rule only mentions
        for (id, name) in [
            ("107.2", "Battlefield Zone"),
            ("413", "Draw"),
            ("414", "Exhaust"),
            ("422", "Discard"),
            ("432", "Double"),
            ("433", "Swap"),
            ("436", "Predict"),
            ("437", "Prevent"),
            // the forms of one word agree on its base: "Buff", "Buffing", "Buffs"
            ("426", "Buff"),
            ("427", "Banish"),
        ] {
            assert_eq!(title(id), Some(name), "{id}");
            assert_eq!(rec(id).map(|r| r.2), Some(Provenance::ReferenceIndex));
        }
        // "A player Plays cards …" is not the term "Player"; 129.1 mentions Riftbound
        assert!(rec("129").is_none());
        // a title never follows a sibling's sentence (107.2 is not "Permanents")
        assert_ne!(title("356.2.b"), Some("Deflect"));
    }

    #[test]
    fn reference_index_placements() {
        // measured: 74 placed by order (10 of them labelled mode values), 24 more next to
        // a matched passage of their own rule, 8 headings titled by the term their first
        // rule is about (426 Buff and 427 Banish once the forms of one word agreed); 22
        // keyword names and openers; 37 + 37 from the top index, link text and named
        // steps: 202 of the 286 empty ids
        // then 10 more: 5 titles just before the first rule beneath their heading
        // (108.3, 108.4, 316, 410.2, 419) and 727's opening line the same way, 3 sentences
        // their terms bound to a single empty id (338.1.a, 368.1, 423.2), 459 by its step
        // number: 212
        assert_eq!(count(Provenance::ReferenceIndex), 116);
        assert_eq!(count(Provenance::KeywordTable), 22);
        let total = ed().rules.iter().filter(|r| r.recovered.is_some()).count();
        assert_eq!(total, 212);
        let text = |id| rec(id).and_then(|r| r.1);
        assert_eq!(
            text("144"),
            Some("Units have the Inherent Ability to perform a Standard Move.")
        );
        assert_eq!(text("169.4"), Some("Battlefields cannot be Moved."));
        assert_eq!(text("459.2.c"), Some("2. The Attacker gains Focus."));
        assert_eq!(
            text("466.2"),
            Some("Trigger Score abilities at the Battlefield that Scored.")
        );
        assert_eq!(text("420.2"), Some("Moving is a Limited Action."));
        assert_eq!(
            text("460.2.a"),
            Some("Sum the Might of all Attacking Units.")
        );
        assert_eq!(text("818.1.b.1"), Some("Equip’s choice is a Target."));
        // a sentence without its period is not a title ("Keywords can be …")
        assert_eq!(text("727"), Some("Keywords can be Dependent Keywords"));
        assert_eq!(rec("727").and_then(|r| r.0), None);
        // labelled mode values, placed by the schema of 478 (001 has the same values)
        for (mode, vs, bf) in [
            ("480", 8, 2),
            ("481", 8, 2),
            ("482", 8, 3),
            ("483", 8, 3),
            ("484", 11, 3),
        ] {
            let vs_id = format!("{mode}.3");
            let bf_id = format!("{mode}.4");
            let got = (rec(&vs_id).and_then(|r| r.1), rec(&bf_id).and_then(|r| r.1));
            let want = (
                format!("Victory Score: {vs}"),
                format!("Battlefield Count: {bf}"),
            );
            assert_eq!(
                got,
                (Some(want.0.as_str()), Some(want.1.as_str())),
                "{mode}"
            );
        }
    }

    #[test]
    fn titles_just_before_the_rules_beneath_them() {
        // a title the index quotes between two other rules' passages, right before the
        // first rule beneath its empty heading ("Play", then 419.1 "A player Plays cards
        // …", under the term "Play")
        for (id, name, term) in [
            ("419", "Play", "Play"),
            ("316", "Main Phase", "Main Phase"),
            ("410.2", "Limited Actions", "Limited Actions"),
            ("108.3", "Champion Zones", "Champion Zone"),
            ("108.4", "Main Deck Zones", "Main Deck"),
        ] {
            let r = rule(id).recovered.as_ref().expect(id);
            assert_eq!(r.title.as_deref(), Some(name), "{id}");
            assert_eq!(r.source, Provenance::ReferenceIndex, "{id}");
            assert_eq!(
                r.detail.as_deref(),
                Some(format!("A–Z index, term “{term}”").as_str()),
                "{id}"
            );
        }
        // "Rune is a Card Type." sits before 188.1 under "Cards" but before 160.1 under
        // "Runes": no place satisfies both, so it goes nowhere (not on 188)
        assert!(rec("188").is_none());
        // "Subject to Domain Identity." fits 103.2.c (the 2025 edition's own) or 103.3.a:
        // the index alone cannot tell, so neither gets it here (the 2025 edition's
        // heading then titles 103.3.a "12 Rune Cards", super::align)
        assert!(rec("103.3.a").is_none());
        assert!(rec("103.2.c").is_none());
    }

    #[test]
    fn sentences_their_terms_bound_to_one_empty_id() {
        // 338.1.a: after 335 under "Play", before 338.1.a.1 under "Cards"; between them
        // only 337 (Finalize) and 338 (Execute), both titled by their references
        let r = rule("338.1.a").recovered.as_ref().unwrap();
        assert_eq!(r.title, None);
        assert_eq!(
            r.text.as_deref(),
            Some("Play a Card that is legally timed.")
        );
        assert_eq!(r.source, Provenance::ReferenceIndex);
        assert_eq!(r.detail.as_deref(), Some("A–Z index, term “Cards”"));
        // its sibling, by the window of the term "Legally Timed"
        assert!(
            rec("338.1.b")
                .and_then(|r| r.1)
                .is_some_and(|t| t.starts_with("Activate Abilities of Game Objects"))
        );
        assert_eq!(
            rec("423.2"),
            Some((
                None,
                Some("Stunning is a Limited Action."),
                Provenance::ReferenceIndex
            ))
        );
        assert_eq!(
            rec("368.1").and_then(|r| r.1),
            Some("Passive Abilities can be Replacement Effects.")
        );
    }

    #[test]
    fn steps_the_index_numbers() {
        // "Step 1: The Combat Showdown Step" is an index term; steps 2 and 3 ("The Combat
        // Damage Step", "The Resolution Step") are 460 and 461 by their links, so step 1
        // is 459 (step 1 of Finalize, Execute, Pass, Resolve is 337, already titled)
        let r = rule("459").recovered.as_ref().unwrap();
        assert_eq!(r.title.as_deref(), Some("The Combat Showdown Step"));
        assert_eq!(r.text, None);
        assert_eq!(r.source, Provenance::ReferenceIndex);
        assert_eq!(
            r.detail.as_deref(),
            Some(
                "A–Z index, the term “Step 1: The Combat Showdown Step”, numbered as the \
                 steps 460 and 461 are"
            )
        );
        assert_eq!(rec("337").and_then(|r| r.0), Some("Finalize"));
        assert_eq!(rec("460").and_then(|r| r.0), Some("The Combat Damage Step"));
    }

    #[test]
    fn a_heading_no_source_titles_stays_blank() {
        // 411 heads the rules on responsibility for Game Actions (411.1 "Game Actions may
        // be the responsibility of up to one player"), but nothing names it: no top-index
        // entry, no link to it, no A–Z term quotes a title before 411.1 ("Game Actions"
        // there is 407's, the top index's), the 2025 copy stops at 183 and 512, and the
        // older web edition's "See rule 411. Reveal" is its own numbering (2026's 424)
        assert!(rec("411").is_none());
        assert!(rule("411").title.is_none());
        assert_eq!(rec("407").and_then(|r| r.0), Some("Game Actions"));
    }
}
