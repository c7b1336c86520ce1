//! Importer for the comprehensive format: document 002, the Legions of Will
//! Comprehensive Rules (effective 2023-09-11; NOTES.md Part B §2).
//!
//! MTG-style ids: section headings `100. General`, rules `100.1.` and subrules
//! `100.1a` (letters l and o skipped, so never assume contiguity). Lines may carry a
//! meaningless `- ` or ` - ` prefix. PDF page breaks split 18 paragraphs: a line that
//! is neither an id, a chapter nor an example continues the previous rule. `Example:`
//! and `- **Example**:` paragraphs attach to the rule before them.
//!
//! The structure is the source's own. The table of contents lists 9 chapters,
//! numbered 1–9 (`1. Game Concepts`), each followed by its sections (`- 100. General`);
//! the body repeats the chapter lines, and each becomes a heading rule numbered as the
//! source numbers it (`1`, not 100: section 100 is "General"). 7 sections of the
//! contents have no heading line in the body (404 Base, 511, 602, 606, 700, 705, 801):
//! their heading rule is made from the contents, its title marked as recovered from the
//! top index, and placed before the section's first rule, so their rules sit under it.
//!
//! The source has duplicated and misnumbered ids: every rule is kept in order,
//! duplicates get `dup` = 1, 2, … (lookup key `111.1a#2`), and a misnumbered line
//! keeps its id with a `note` naming the likely intended id. Nothing is renumbered. A
//! rule sits under the last rule before it that is numbered as its parent
//! (`parent_dup`): the second 702.3 (Redeem) holds the 702.3a and 702.3b that follow it.

use super::ImportError;
use super::model::{
    Edition, IdStyle, ManifestEntry, Provenance, Recovered, RefField, Rule, RuleId, Section,
};
use super::textutil::{comprehensive_refs, split_inline_examples};
use std::collections::{HashMap, HashSet};

/// A numbered line: section `NNN`, rule number, subrule letter, trailing dot, text.
#[derive(Debug, PartialEq)]
struct IdLine<'a> {
    sec: u32,
    num: Option<u32>,
    letter: Option<char>,
    dot: bool,
    text: &'a str,
}

/// `^(\d{3})(?:\.(\d+)([a-z])?)?(\.?)\s+(.*)$` on a line whose prefix is stripped.
fn id_line(s: &str) -> Option<IdLine<'_>> {
    let b = s.as_bytes();
    if b.len() < 4 || !b[..3].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let sec: u32 = s[..3].parse().ok()?;
    let mut i = 3;
    let mut num = None;
    let mut letter = None;
    if b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        let start = i + 1;
        i = start;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        num = Some(s[start..i].parse().ok()?);
        if b.get(i).is_some_and(u8::is_ascii_lowercase) {
            letter = Some(b[i] as char);
            i += 1;
        }
    }
    let dot = b.get(i) == Some(&b'.');
    if dot {
        i += 1;
    }
    // a section heading needs its dot; every id is followed by whitespace
    if (num.is_none() && !dot) || !b.get(i).is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    let text = s[i..].trim();
    if text.is_empty() {
        return None;
    }
    Some(IdLine {
        sec,
        num,
        letter,
        dot,
        text,
    })
}

/// `1. Game Concepts` → (1, "Game Concepts").
fn chapter_line(s: &str) -> Option<(u32, &str)> {
    let (n, title) = s.split_once(". ")?;
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((n.parse().ok()?, title.trim()))
}

/// Strips the meaningless list prefix: `^\s*(?:- )?`.
fn strip_prefix(l: &str) -> &str {
    let t = l.trim();
    t.strip_prefix("- ").map(str::trim_start).unwrap_or(t)
}

fn next_letter(c: char) -> char {
    let mut n = (c as u8).saturating_add(1) as char;
    while n == 'l' || n == 'o' {
        n = (n as u8 + 1) as char;
    }
    n
}

fn rid(sec: u32, num: Option<u32>, letter: Option<char>) -> String {
    let mut s = format!("{sec:03}");
    if let Some(n) = num {
        s.push_str(&format!(".{n}"));
    }
    if let Some(c) = letter {
        s.push(c);
    }
    s
}

/// Where continuation lines go: the text or the last example (never a chapter line).
#[derive(Clone, Copy, PartialEq)]
enum Last {
    Chapter,
    Text,
    Example,
}

/// The numbering checker: tracks the current rule and subrule letter, and names the
/// likely intended id of a line that does not fit (NOTES.md Part B §2).
#[derive(Default)]
struct Numbering {
    /// The current rule (section, number), as intended.
    rule: Option<(u32, u32)>,
    /// The last subrule letter under it, as intended.
    letter: Option<char>,
    /// A run of subrules written under the wrong parent: (written, intended).
    remap: Option<((u32, u32), (u32, u32))>,
    /// Rules seen so far (as written), with whether they have had subrules.
    rules_seen: HashSet<(u32, u32)>,
    /// The current section heading's number (headings reset the rule counter).
    heading: Option<u32>,
}

impl Numbering {
    fn heading(&mut self, sec: u32) {
        self.heading = Some(sec);
    }

    /// Checks a rule line; returns a note.
    fn rule(&mut self, sec: u32, num: u32, dup: bool) -> Option<String> {
        let prev = self.rule;
        self.remap = None;
        self.letter = None;
        self.rules_seen.insert((sec, num));
        let mut note = None;
        let mut intended = (sec, num);
        if !dup {
            match prev {
                Some((ps, pn)) if sec < ps => {
                    intended = (ps, pn.saturating_add(1));
                }
                Some((ps, _)) if sec > ps && num != 1 => {
                    intended = (sec, 1);
                }
                None if num != 1 => intended = (sec, 1),
                _ => {}
            }
            if intended != (sec, num) {
                note = Some(format!(
                    "misnumbered: by its position this is likely rule {}",
                    rid(intended.0, Some(intended.1), None)
                ));
            }
        }
        self.rule = Some(intended);
        note
    }

    /// Checks a subrule line; returns a note.
    fn subrule(&mut self, sec: u32, num: u32, letter: char, dup: bool) -> Option<String> {
        let written = (sec, num);
        let written_id = rid(sec, Some(num), Some(letter));
        let Some(cur) = self.rule else {
            self.rule = Some(written);
            self.letter = Some(letter);
            return (!self.rules_seen.contains(&written))
                .then(|| format!("its parent rule {} is missing", rid(sec, Some(num), None)));
        };
        let expected = self.letter.map(next_letter).unwrap_or('a');
        if let Some((w, to)) = self.remap
            && w == written
        {
            self.letter = Some(expected);
            return Some(format!(
                "misnumbered: under rule {}, this is likely {}",
                rid(to.0, Some(to.1), None),
                rid(to.0, Some(to.1), Some(expected))
            ));
        }
        if written == cur {
            self.letter = Some(letter);
            if letter != expected {
                // a repeated letter is reported as a duplicate and does not shift the
                // letters after it; a skipped letter is misnumbered
                if dup {
                    return Some(format!(
                        "by its position it may be {}",
                        rid(sec, Some(num), Some(expected))
                    ));
                }
                self.letter = Some(expected);
                return Some(format!(
                    "misnumbered: by its position this is likely {}",
                    rid(sec, Some(num), Some(expected))
                ));
            }
            return None;
        }
        if written == (cur.0, cur.1.saturating_add(1))
            && letter == 'a'
            && !self.rules_seen.contains(&written)
        {
            // a rule whose own line is missing (203.4, 701.15)
            self.rule = Some(written);
            self.letter = Some(letter);
            return Some(format!(
                "its parent rule {} is missing from the source",
                rid(sec, Some(num), None)
            ));
        }
        if dup || !self.rules_seen.contains(&written) || written == (cur.0, cur.1.saturating_add(1))
        {
            // written under the wrong parent: a run remapped to the current rule
            self.remap = Some((written, cur));
            self.letter = Some(expected);
            return Some(format!(
                "misnumbered: under rule {}, this is likely {}",
                rid(cur.0, Some(cur.1), None),
                rid(cur.0, Some(cur.1), Some(expected))
            ));
        }
        Some(format!(
            "misplaced: {written_id} is placed after rule {}, away from its parent {}",
            rid(cur.0, Some(cur.1), None),
            rid(sec, Some(num), None)
        ))
    }
}

pub fn import(entry: &ManifestEntry, text: &str) -> Result<Edition, ImportError> {
    let mut ed = Edition::from_manifest(entry, IdStyle::Comprehensive);
    let err = |line: usize, message: String| ImportError {
        file: entry.file.clone(),
        line: line as u32,
        message,
    };
    let lines: Vec<&str> = text.lines().collect();
    let contents = lines
        .iter()
        .position(|l| l.trim() == "Contents")
        .ok_or_else(|| err(1, "no \"Contents\" line (the table of contents)".into()))?;
    // the table of contents: chapters and their sections, in its order, with the line of
    // each section's entry
    let mut chapters: Vec<(u32, String)> = Vec::new();
    let mut toc: Vec<(RuleId, String, u32)> = Vec::new();
    let mut body_at = None;
    for (k, l) in lines.iter().enumerate().skip(contents + 1) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if let Some((n, title)) = chapter_line(t) {
            if chapters.last().is_some_and(|c| n <= c.0) {
                body_at = Some(k);
                break;
            }
            chapters.push((n, title.to_string()));
            ed.sections.push(Section {
                id: RuleId::top_level(n).with_style(IdStyle::Comprehensive),
                title: title.to_string(),
                level: 1,
            });
            continue;
        }
        match id_line(strip_prefix(t)) {
            Some(IdLine {
                sec,
                num: None,
                text,
                ..
            }) if !chapters.is_empty() => {
                let id = RuleId::top_level(sec).with_style(IdStyle::Comprehensive);
                ed.sections.push(Section {
                    id: id.clone(),
                    title: text.to_string(),
                    level: 2,
                });
                toc.push((id, text.to_string(), (k + 1) as u32));
            }
            _ => {
                return Err(err(
                    k + 1,
                    format!(
                        "expected a chapter like `1. Game Concepts` or a contents entry like `- 100. General` under it, found {:?}",
                        short(t)
                    ),
                ));
            }
        }
    }
    let body_at = body_at.ok_or_else(|| {
        err(
            lines.len(),
            "the table of contents never ends (the body should start with chapter 1 again)".into(),
        )
    })?;
    let end = lines
        .iter()
        .skip(body_at)
        .position(|l| l.trim() == "Credits")
        .map_or(lines.len(), |p| body_at + p);

    let mut seen: HashMap<String, (u16, u32)> = HashMap::new();
    // each id's latest occurrence so far (its dup), for `parent_dup`
    let mut latest: HashMap<String, u16> = HashMap::new();
    let mut numbering = Numbering::default();
    let mut last = Last::Text;
    let mut body_headings = HashSet::new();
    let mut no_dot = Vec::new();
    for (k, l) in lines.iter().enumerate().take(end).skip(body_at) {
        let lineno = (k + 1) as u32;
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if let Some((n, title)) = chapters
            .iter()
            .find(|(n, title)| t.ends_with(&format!("{n}. {title}")))
        {
            // a chapter: a heading rule numbered as the source numbers it
            let id = RuleId::top_level(*n).with_style(IdStyle::Comprehensive);
            let mut r = Rule::new(id, lineno);
            r.title = Some(title.clone());
            if t != format!("{n}. {title}") {
                ed.warnings.push(format!(
                    "line {lineno}: chapter heading {t:?} is garbled; read as \"{n}. {title}\""
                ));
                r.note = Some(format!(
                    "the source's line is garbled ({t:?}); read as chapter {n} of the contents"
                ));
            }
            last = Last::Chapter;
            ed.rules.push(r);
            continue;
        }
        let s = strip_prefix(l);
        if s.starts_with("Example:") || s.starts_with("**Example**:") {
            let Some(r) = ed.rules.last_mut().filter(|_| last != Last::Chapter) else {
                return Err(err(k + 1, "an example before any rule".into()));
            };
            r.examples.push(s.to_string());
            last = Last::Example;
            continue;
        }
        let Some(p) = id_line(s) else {
            // a paragraph split by a page break: it continues the previous rule
            let Some(r) = ed.rules.last_mut().filter(|_| last != Last::Chapter) else {
                return Err(err(
                    k + 1,
                    format!(
                        "expected a chapter, a section heading like `100. General` or a rule like `100.1. …`, found {:?}",
                        short(t)
                    ),
                ));
            };
            let target = match (last, r.examples.last_mut()) {
                (Last::Example, Some(e)) => e,
                _ => r.text.get_or_insert_with(String::new),
            };
            if !target.is_empty() {
                target.push(' ');
            }
            target.push_str(s);
            ed.warnings.push(format!(
                "line {lineno}: a continuation line, joined to rule {}",
                r.key()
            ));
            continue;
        };
        let key = rid(p.sec, p.num, p.letter);
        let id = RuleId::parse_styled(&key, IdStyle::Comprehensive)
            .ok_or_else(|| err(k + 1, format!("cannot read the id {key:?}")))?;
        let mut r = Rule::new(id, lineno);
        let entry_seen = seen.entry(key.clone()).or_insert((0, lineno));
        let dup = entry_seen.0;
        entry_seen.0 = entry_seen.0.saturating_add(1).min(u16::MAX - 1);
        r.dup = dup;
        r.parent_dup = r
            .parent
            .as_ref()
            .and_then(|p| latest.get(&p.to_string()).copied())
            .unwrap_or(0);
        latest.insert(key.clone(), dup);
        let first_line = entry_seen.1;
        let mut notes = Vec::new();
        if dup > 0 {
            notes.push(format!(
                "duplicate: rule {key} also appears at line {first_line} (this is occurrence {})",
                u32::from(dup) + 1
            ));
            ed.warnings.push(format!(
                "rule {key} is duplicated: lines {first_line} and {lineno} (kept both; this one is {key}#{})",
                u32::from(dup) + 1
            ));
        }
        match (p.num, p.letter) {
            (None, _) => {
                numbering.heading(p.sec);
                body_headings.insert(p.sec);
                r.title = Some(p.text.to_string());
            }
            (Some(n), None) => {
                if !p.dot {
                    no_dot.push(format!("{key} (line {lineno})"));
                }
                notes.extend(numbering.rule(p.sec, n, dup > 0));
                r.text = Some(p.text.to_string());
            }
            (Some(n), Some(c)) => {
                notes.extend(numbering.subrule(p.sec, n, c, dup > 0));
                r.text = Some(p.text.to_string());
            }
        }
        if let Some(n) = notes.iter().find(|n| !n.starts_with("duplicate")) {
            ed.warnings.push(format!("line {lineno}: {key}: {n}"));
        }
        if !notes.is_empty() {
            r.note = Some(notes.join("; "));
        }
        last = Last::Text;
        ed.rules.push(r);
    }
    if seen.is_empty() {
        return Err(err(
            body_at + 1,
            "no rules after the table of contents".into(),
        ));
    }
    if !no_dot.is_empty() {
        ed.warnings.push(format!(
            "rule numbers without their trailing period: {}",
            no_dot.join(", ")
        ));
    }
    // inline examples (after the continuation lines are joined)
    for r in &mut ed.rules {
        let mut examples = Vec::new();
        if let Some(t) = r.text.take() {
            let (head, ex) = split_inline_examples(&t);
            examples.extend(ex);
            r.text = (!head.is_empty()).then_some(head);
        }
        // an example paragraph may hold a second one (`Example: … **Example**: …`)
        for e in std::mem::take(&mut r.examples) {
            let (head, ex) = split_inline_examples(&e);
            examples.extend((!head.is_empty()).then_some(head));
            examples.extend(ex);
        }
        r.examples = examples;
    }
    // references
    // a section listed in the contents exists even where its heading line is missing
    let ids: HashSet<RuleId> = ed
        .rules
        .iter()
        .map(|r| r.id.clone())
        .chain(toc.iter().map(|(id, _, _)| id.clone()))
        .collect();
    // what each occurrence of an id reads as (its title, or its text): a link's quoted
    // title picks the one it names where the source numbers several alike
    let mut named: HashMap<RuleId, Vec<(u16, String)>> = HashMap::new();
    for r in &ed.rules {
        if let Some(t) = r.title.as_deref().or(r.text.as_deref()) {
            named
                .entry(r.id.clone())
                .or_default()
                .push((r.dup, link_words(t)));
        }
    }
    let mut dangling = Vec::new();
    for r in &mut ed.rules {
        let mut refs = r
            .text
            .as_deref()
            .map(|t| comprehensive_refs(t, RefField::Text))
            .unwrap_or_default();
        for (k, e) in r.examples.iter().enumerate() {
            refs.extend(comprehensive_refs(e, RefField::Example(k as u32)));
        }
        for x in &mut refs {
            x.dangling = !ids.contains(&x.target);
            if x.dangling {
                dangling.push(format!("{} (in {})", x.target, r.key()));
            }
            let field = match x.field {
                RefField::Text => r.text.as_deref(),
                RefField::Example(k) => r.examples.get(k as usize).map(String::as_str),
            };
            if let Some(title) = field.and_then(|f| quoted_title_after(f, x.end as usize)) {
                x.dup = named
                    .get(&x.target)
                    .filter(|occ| occ.len() > 1)
                    .and_then(|occ| occ.iter().find(|(_, t)| *t == link_words(title)))
                    .map_or(0, |(d, _)| *d);
                x.title.get_or_insert_with(|| title.to_string());
            }
        }
        r.refs = refs;
    }
    if !dangling.is_empty() {
        ed.warnings.push(format!(
            "references to rules that do not exist: {}",
            dangling.join(", ")
        ));
    }
    // the sections of the contents with no heading line in the body: their heading is
    // made from the contents (the title marked as recovered), before the section's first
    // rule (or where its number would fall), so that their rules sit under it
    let mut missing = Vec::new();
    for (id, title, toc_line) in &toc {
        if body_headings.contains(&id.top()) {
            continue;
        }
        missing.push(format!("{id} {title}"));
        let sec = id.top();
        let at = ed
            .rules
            .iter()
            .position(|r| r.id.top() == sec)
            .or_else(|| ed.rules.iter().position(|r| r.id.top() > sec))
            .unwrap_or(ed.rules.len());
        let mut r = Rule::new(id.clone(), *toc_line);
        r.recovered = Some(Recovered {
            title: Some(title.clone()),
            text: None,
            source: Provenance::TopIndex,
            detail: Some(format!(
                "the table of contents, line {toc_line}; the body has no heading line for section {id}"
            )),
        });
        ed.rules.insert(at, r);
    }
    if !missing.is_empty() {
        ed.warnings.push(format!(
            "{} sections of the contents have no heading in the body (their rules are there; \
             their headings are made from the contents): {}",
            missing.len(),
            missing.join(", ")
        ));
    }
    super::table::assign_sections(&mut ed);
    Ok(ed)
}

/// The title a reference gives its target right after the id: `See rule 702.3,
/// "Redeem."` → `Redeem`; `(See rule 111, "Timing and Priority.")` → `Timing and
/// Priority`.
fn quoted_title_after(text: &str, end: usize) -> Option<&str> {
    let rest = text.get(end..)?;
    let rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix('"').or_else(|| rest.strip_prefix('“'))?;
    let close = rest.find(['"', '”'])?;
    let t = rest[..close].trim().trim_end_matches(['.', ',']).trim();
    (!t.is_empty() && t.len() <= 80).then_some(t)
}

/// A title as a link and a heading are compared: lowercased words, no punctuation.
fn link_words(s: &str) -> String {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

fn short(s: &str) -> String {
    s.chars().take(50).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = include_str!("../../../rules/002_daf3698cfa8e2aba.txt");

    fn entry() -> ManifestEntry {
        ManifestEntry {
            game: "legions-of-will".into(),
            edition: "2023-09-11".into(),
            effective: None,
            title: "t".into(),
            format: "comprehensive".into(),
            file: "002.txt".into(),
            default: true,
            notes: None,
        }
    }

    fn ed() -> Edition {
        import(&entry(), DOC).unwrap()
    }

    fn rule<'a>(ed: &'a Edition, key: &str) -> &'a Rule {
        ed.rules
            .iter()
            .find(|r| r.key() == key)
            .unwrap_or_else(|| panic!("{key}"))
    }

    #[test]
    fn counts() {
        let ed = ed();
        // 1,090 numbered lines, 9 chapter lines, 7 headings made from the contents
        assert_eq!(ed.rules.len(), 1090 + 9 + 7);
        let chapters = ed.rules.iter().filter(|r| r.id.top() < 10).count();
        let made = ed.rules.iter().filter(|r| r.recovered.is_some()).count();
        assert_eq!((chapters, made), (9, 7));
        let heads = ed.rules.iter().filter(|r| r.id.depth() == 1).count();
        let rules = ed.rules.iter().filter(|r| r.id.depth() == 2).count();
        let subs = ed.rules.iter().filter(|r| r.id.depth() == 3).count();
        assert_eq!((heads - chapters - made, rules, subs), (83, 433, 574));
        let distinct: HashSet<&RuleId> = ed.rules.iter().map(|r| &r.id).collect();
        assert_eq!(distinct.len(), 1071 + 9 + 7);
        assert_eq!(ed.rules.iter().filter(|r| r.dup > 0).count(), 19);
        assert!(
            ed.rules
                .iter()
                .all(|r| r.id.style == IdStyle::Comprehensive)
        );
        assert_eq!(rule(&ed, "100.1a").line, 137);
        // letters l and o never occur, and m follows k
        assert!(ed.rules.iter().all(|r| !matches!(
            r.id.segs.last(),
            Some(super::super::model::Seg::Letter('l' | 'o'))
        )));
        assert!(ed.rules.iter().any(|r| r.key() == "800.3m"));
    }

    #[test]
    fn duplicates_are_kept_in_order() {
        let ed = ed();
        let a = rule(&ed, "111.1a");
        let b = rule(&ed, "111.1a#2");
        assert_eq!((a.line, b.line), (437, 442));
        assert_eq!(b.dup, 1);
        assert!(b.note.as_deref().unwrap().contains("duplicate"));
        assert!(b.note.as_deref().unwrap().contains("111.2a"));
        assert_eq!(rule(&ed, "702.3#2").line, 1711);
        assert!(
            rule(&ed, "702.3#2")
                .text
                .as_deref()
                .unwrap()
                .starts_with("Redeem")
                || rule(&ed, "702.3#2").title.is_none()
        );
        assert_eq!(
            ed.warnings
                .iter()
                .filter(|w| w.contains("is duplicated"))
                .count(),
            19
        );
        let dups: Vec<String> = ed
            .rules
            .iter()
            .filter(|r| r.dup > 0)
            .map(|r| r.id.to_string())
            .collect();
        assert_eq!(
            dups,
            [
                "111.1a", "111.1b", "111.1c", "111.1d", "400.9b", "407.4", "508.2", "508.5a",
                "509.1c", "509.4a", "511.2", "603.4", "608.3c", "608.3d", "610.1b", "702.3",
                "702.3a", "702.3b", "709.2"
            ]
        );
    }

    #[test]
    fn misnumbered_lines_name_the_likely_id() {
        let ed = ed();
        let likely = |key: &str, want: &str| {
            let n = rule(&ed, key).note.clone().unwrap_or_default();
            assert!(n.contains(want), "{key}: {n:?} should mention {want}");
        };
        likely("111.1d#2", "111.2e");
        likely("402.4", "404.4");
        likely("406.7", "407.7");
        likely("501.10", "501.1");
        likely("508.5a#2", "508.7a");
        likely("508.5d", "508.7d");
        likely("509.4g", "509.5g");
        likely("608.3c", "605.3c");
        likely("608.3d", "605.3d");
        likely("610.3d", "607.3d");
        likely("609.6m", "609.6g");
        likely("609.8c", "609.7c");
        likely("706.7a", "707.6a");
        likely("706.7e", "707.6e");
        likely("709.1a", "placed after rule 709.2");
        likely("203.4a", "203.4 is missing");
        likely("701.15a", "701.15 is missing");
        likely("509.1c#2", "509.1d");
        assert_eq!(rule(&ed, "509.1d").note, None);
        assert_eq!(rule(&ed, "509.1g").note, None);
        let noted = ed.rules.iter().filter(|r| r.note.is_some()).count();
        // and the garbled chapter line `. yeo6. Actions, Abilities, Effects`
        assert_eq!(noted, 47 + 1);
        assert!(rule(&ed, "6").note.as_deref().unwrap().contains("garbled"));
        // well-numbered lines carry no note
        assert_eq!(rule(&ed, "100.1a").note, None);
        assert_eq!(rule(&ed, "800.3k").note, None);
        assert_eq!(rule(&ed, "800.3m").note, None);
    }

    #[test]
    fn continuations_examples_prefixes() {
        let ed = ed();
        assert_eq!(
            ed.warnings
                .iter()
                .filter(|w| w.contains("continuation line"))
                .count(),
            18
        );
        let r = rule(&ed, "105.3d");
        assert!(
            r.text
                .as_deref()
                .unwrap()
                .contains("the controller of the card or ability chooses the value of X")
        );
        let r = rule(&ed, "111.5");
        assert!(
            r.text
                .as_deref()
                .unwrap()
                .contains("\"Handling Triggered Abilities\"). These steps")
        );
        // standalone example paragraphs: 26 `Example:` + 2 `- **Example**:`
        let standalone = DOC
            .lines()
            .filter(|l| {
                strip_prefix(l).starts_with("Example:")
                    || strip_prefix(l).starts_with("**Example**:")
            })
            .count();
        assert_eq!(standalone, 28);
        let r = rule(&ed, "404.2d");
        assert!(r.examples[0].starts_with("**Example**: Kuraka"));
        assert!(rule(&ed, "404.2g").examples[0].starts_with("**Example**: Omnipresence"));
        // inline examples split
        assert!(
            rule(&ed, "203.3b")
                .examples
                .iter()
                .any(|e| e.starts_with("Example:"))
        );
        assert!(
            rule(&ed, "305.4")
                .examples
                .iter()
                .any(|e| e.starts_with("Example:"))
        );
        let total: usize = ed.rules.iter().map(|r| r.examples.len()).sum();
        assert_eq!(total, 31);
        let r = rule(&ed, "105.1b");
        assert_eq!(r.examples.len(), 3);
        assert!(r.examples[2].starts_with("**Example**: A unit has -3 will."));
        // prefixes stripped, emphasis kept
        let r = rule(&ed, "106.2");
        assert!(r.text.as_deref().unwrap().starts_with("When a rule"));
        assert!(r.text.as_deref().unwrap().contains("*Legions of Will*"));
        assert!(
            rule(&ed, "300.1")
                .text
                .as_deref()
                .unwrap()
                .starts_with("The card types")
        );
        // rules without a trailing period
        for k in ["106.3", "303.5", "303.6", "702.1"] {
            assert!(rule(&ed, k).text.as_deref().unwrap().len() > 10, "{k}");
        }
        assert!(
            ed.warnings
                .iter()
                .any(|w| w.contains("106.3 (line 275)") && w.contains("702.1 (line 1669)"))
        );
    }

    #[test]
    fn chapters_and_sections() {
        let ed = ed();
        let chapters: Vec<&str> = ed
            .sections
            .iter()
            .filter(|s| s.level == 1)
            .map(|s| s.title.as_str())
            .collect();
        assert_eq!(chapters.len(), 9);
        assert_eq!(chapters[5], "Actions, Abilities, Effects");
        assert!(ed.warnings.iter().any(|w| w.contains("garbled")));
        assert_eq!(ed.sections.iter().filter(|s| s.level == 2).count(), 90);
        let missing = ed
            .warnings
            .iter()
            .find(|w| w.contains("no heading in the body"))
            .unwrap();
        for s in [
            "404 Base",
            "511 End of Battle Step",
            "602 Activating Activated Abilities",
            "606 Effects",
            "700 General",
            "705 Flipping a Coin",
            "801 Attacking Multiple Players",
        ] {
            assert!(missing.contains(s), "{s}");
        }
        assert!(missing.starts_with("7 sections"));
        assert_eq!(rule(&ed, "100").title.as_deref(), Some("General"));
        assert_eq!(
            rule(&ed, "100").section.as_ref().unwrap().to_string(),
            "100"
        );
    }

    /// The source's own structure: chapters 1–9, their sections in the contents' order,
    /// the 7 headings only the contents has, and a duplicated rule's own sub-rules.
    #[test]
    fn structure_from_the_source() {
        let ed = ed();
        let parts: Vec<String> = ed
            .sections
            .iter()
            .filter(|s| s.level == 1)
            .map(|s| format!("{} {}", s.id, s.title))
            .collect();
        assert_eq!(parts[0], "1 Game Concepts");
        assert_eq!(parts[5], "6 Actions, Abilities, Effects");
        assert_eq!(parts[8], "9 Casual Variants");
        // every chapter is a heading rule at its body line, before its first section
        let ch = rule(&ed, "1");
        assert_eq!((ch.line, ch.title.as_deref()), (131, Some("Game Concepts")));
        assert_eq!(rule(&ed, "6").line, 1156);
        let pos = |k: &str| ed.rules.iter().position(|r| r.key() == k).unwrap();
        assert!(pos("1") < pos("100") && pos("5") < pos("500") && pos("9") < pos("900"));
        // the headings only the contents has: recovered, placed before their first rule
        for (id, title) in [
            ("404", "Base"),
            ("511", "End of Battle Step"),
            ("602", "Activating Activated Abilities"),
            ("606", "Effects"),
            ("700", "General"),
            ("705", "Flipping a Coin"),
            ("801", "Attacking Multiple Players"),
        ] {
            let r = rule(&ed, id);
            let rec = r.recovered.as_ref().unwrap();
            assert_eq!(rec.title.as_deref(), Some(title), "{id}");
            assert_eq!(rec.source, Provenance::TopIndex);
            assert!(r.text.is_none() && r.title.is_none(), "{id}");
            assert!(pos(id) < pos(&format!("{id}.1")), "{id}");
            assert!(pos(id) > pos(&format!("{}", id.parse::<u32>().unwrap() / 100)));
        }
        // a heading the body has is not recovered
        assert!(rule(&ed, "403").recovered.is_none());
        // the children: a chapter holds its sections, 404 its rules, the second 702.3
        // (Redeem) its own 702.3a and 702.3b
        let children = ed.children_table();
        let kids = |k: &str| -> Vec<String> {
            children[pos(k)]
                .iter()
                .map(|&c| ed.rules[c as usize].key())
                .collect()
        };
        assert_eq!(
            kids("4"),
            ["400", "401", "402", "403", "404", "405", "406", "407"]
        );
        assert_eq!(kids("404")[0], "404.1");
        assert_eq!(kids("702.3#2"), ["702.3a#2", "702.3b#2"]);
        assert!(!kids("702.3").iter().any(|k| k.contains('#')));
        assert!(kids("702").contains(&"702.3#2".to_string()));
        assert_eq!(rule(&ed, "702.3a#2").parent_dup, 1);
        assert_eq!(rule(&ed, "702.3a").parent_dup, 0);
        // a section's number is its own: 100 belongs to chapter 1, not to a chapter 100
        assert_eq!(
            rule(&ed, "100").section.as_ref().unwrap().to_string(),
            "100"
        );
        assert_eq!(rule(&ed, "1").section.as_ref().unwrap().to_string(), "1");
    }

    #[test]
    fn a_link_title_names_one_of_a_duplicated_id() {
        let ed = ed();
        let r = rule(&ed, "115.2b");
        let x = r
            .refs
            .iter()
            .find(|x| x.target.to_string() == "702.3")
            .unwrap();
        assert_eq!(
            (x.title.as_deref(), x.target_key().as_str()),
            (Some("Redeem"), "702.3#2")
        );
        // without a title, or with one that is not a duplicate's, the first (or only) one
        let r = rule(&ed, "702.2d");
        assert!(r.refs.iter().all(|x| x.dup == 0));
        let r = rule(&ed, "511.1");
        let x = &r.refs[0];
        assert_eq!(
            (x.title.as_deref(), x.dup),
            (Some("Timing and Priority"), 0)
        );
        assert_eq!(
            quoted_title_after("rule 111, “Timing.”)", 8),
            Some("Timing")
        );
        assert_eq!(quoted_title_after("rule 111 (x)", 8), None);
        assert_eq!(quoted_title_after("rule 111", 99), None);
    }

    #[test]
    fn references() {
        let ed = ed();
        let r = rule(&ed, "601.1");
        let t: Vec<String> = r.refs.iter().map(|x| x.target.to_string()).collect();
        assert!(
            t.contains(&"601.1a".to_string())
                && t.contains(&"601.2".to_string())
                && t.contains(&"710".to_string())
        );
        // 605.3 refers to "605.3c–d", which exist only as the misnumbered 608.3c/d
        let r = rule(&ed, "605.3");
        assert!(
            r.refs
                .iter()
                .any(|x| x.target.to_string() == "605.3c" && x.dangling)
        );
        let dangling: HashSet<String> = ed
            .rules
            .iter()
            .flat_map(|r| r.refs.iter())
            .filter(|x| x.dangling)
            .map(|x| x.target.to_string())
            .collect();
        for d in ["109.9b", "609.11", "601.1i", "605.3c", "605.3d"] {
            assert!(dangling.contains(d), "{d}");
        }
        assert_eq!(dangling.len(), 5);
        // sections whose heading line is missing still resolve
        assert!(!dangling.contains("606") && !dangling.contains("801"));
        for r in &ed.rules {
            for x in &r.refs {
                let src = match x.field {
                    RefField::Text => r.text.as_deref().unwrap(),
                    RefField::Example(i) => &r.examples[i as usize],
                };
                // an id, or a sibling's letter alone ("rules 605.3a and b")
                let span = &src[x.start as usize..x.end as usize];
                assert!(
                    span.starts_with(|c: char| c.is_ascii_digit())
                        || (span.len() == 1 && span.as_bytes()[0].is_ascii_lowercase()),
                    "{span}"
                );
            }
        }
    }

    #[test]
    fn malformed_input_is_an_error_with_a_line() {
        assert_eq!(import(&entry(), "no contents").unwrap_err().line, 1);
        let e = import(&entry(), "Contents\n\n1. A\n\n- 100. G\n").unwrap_err();
        assert!(e.message.contains("never ends"));
        let e = import(&entry(), "Contents\n\n1. A\n\nwhat\n").unwrap_err();
        assert_eq!(e.line, 5);
        let e = import(
            &entry(),
            "Contents\n\n1. A\n- 100. G\n\n1. A\n\nstray text\n",
        )
        .unwrap_err();
        assert_eq!(e.line, 8);
        let e = import(&entry(), "Contents\n1. A\n1. A\nExample: x\n").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(import(&entry(), "Contents\n1. A\n1. A\n\nCredits\n").is_err());
        let ok = import(
            &entry(),
            "Contents\n1. A\n- 100. G\n1. A\n100. G\n100.1. Rule\n100.1a Sub\n100.1c Sub\n",
        )
        .unwrap();
        // the chapter, the heading, the rule, two subrules
        assert_eq!(ok.rules.len(), 5);
        assert_eq!(ok.rules[0].key(), "1");
        assert!(ok.rules[4].note.as_deref().unwrap().contains("100.1b"));
        // a line after a chapter line continues nothing
        let e = import(
            &entry(),
            "Contents
1. A
1. A
stray
",
        )
        .unwrap_err();
        assert_eq!(e.line, 4);
        // odd lines never panic
        for s in [
            "Contents\n1. A\n1. A\n100.\n",
            "Contents\n1. A\n1. A\n999.99999999999999 x\n",
            "Contents\n1.\n",
        ] {
            let _ = import(&entry(), s);
        }
    }
}
