//! Importer for the hyperlinked text edition (000, Riftbound 2026-03-30; NOTES.md
//! Part A §1.1–§1.9).
//!
//! The document is: a header with the top index (`318. Cleanups`), the rules (an id
//! alone on its line, its text on the next line ending in 📎), and the A–Z reference
//! index (see [`super::azindex`]). This module parses the header and the rules, splits
//! examples out of the text, marks texted short headings as titled, and then hands
//! over to the reference extractor ([`super::xref`]), the recovery of lost titles
//! ([`super::recover`]) and the A–Z index ([`super::azindex`]).

use super::ImportError;
use super::model::{Edition, IdStyle, ManifestEntry, Rule, RuleId, Section};

/// The paperclip that ends every text line.
pub const CLIP: char = '📎';

/// Whether a line is an id line: `^\d{3}\.(?:(?:\d+|[a-z])\.)*$` (NOTES §1.2).
/// Text lines that start like ids (`3a. All Units…`) never match: the id is alone.
pub fn id_line(line: &str) -> Option<RuleId> {
    let b = line.as_bytes();
    if b.len() < 4 || !b[..3].iter().all(u8::is_ascii_digit) || b[3] != b'.' {
        return None;
    }
    if !line.ends_with('.') {
        return None;
    }
    if !line[4..].split_terminator('.').all(|s| {
        (!s.is_empty() && s.len() <= 4 && s.bytes().all(|c| c.is_ascii_digit()))
            || (s.len() == 1 && s.bytes().all(|c| c.is_ascii_lowercase()))
    }) {
        return None;
    }
    RuleId::parse(line)
}

/// The document cut into its parts, with 0-based line indices.
pub(crate) struct Layout<'a> {
    pub lines: Vec<&'a str>,
    /// The `Rules` line.
    pub rules_at: usize,
    /// The `References` line (end of the rules), or `lines.len()` when absent.
    pub references_at: usize,
}

impl<'a> Layout<'a> {
    pub fn new(file: &str, text: &'a str) -> Result<Layout<'a>, ImportError> {
        let lines: Vec<&str> = text.lines().collect();
        let rules_at = lines
            .iter()
            .position(|l| l.trim() == "Rules")
            .ok_or_else(|| {
                err(
                    file,
                    0,
                    "no \"Rules\" line: expected the line `Rules` before the first rule id",
                )
            })?;
        let references_at = lines[rules_at..]
            .iter()
            .position(|l| l.trim() == "References")
            .map_or(lines.len(), |p| p + rules_at);
        Ok(Layout {
            lines,
            rules_at,
            references_at,
        })
    }
}

pub(crate) fn err(file: &str, line: usize, message: impl Into<String>) -> ImportError {
    ImportError {
        file: file.to_string(),
        line: line as u32,
        message: message.into(),
    }
}

/// Parses the top index (`NNN. Title` lines between `Rule Index` and `Rules`).
/// 5 part headers end in 00 (level 1); the others are sections (level 2).
fn top_index(file: &str, layout: &Layout) -> Result<Vec<Section>, ImportError> {
    let start = layout.lines[..layout.rules_at]
        .iter()
        .position(|l| l.trim() == "Rule Index")
        .map_or(0, |p| p + 1);
    let mut sections: Vec<Section> = Vec::new();
    for (i, l) in layout.lines[start..layout.rules_at].iter().enumerate() {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let Some((num, title)) = l.split_once(". ") else {
            if start == 0 {
                continue; // no `Rule Index` marker: only pick entries out of the header
            }
            return Err(err(
                file,
                start + i + 1,
                format!("expected a top-index entry like `318. Cleanups`, found {l:?}"),
            ));
        };
        let Some(id) = (num.len() == 3 && num.bytes().all(|b| b.is_ascii_digit()))
            .then(|| RuleId::parse(num))
            .flatten()
        else {
            if start == 0 {
                continue;
            }
            return Err(err(
                file,
                start + i + 1,
                format!("expected a 3-digit section number before `. `, found {num:?}"),
            ));
        };
        if let Some(prev) = sections.last()
            && prev.id >= id
        {
            return Err(err(
                file,
                start + i + 1,
                format!("top-index entry {id} is not after {}", prev.id),
            ));
        }
        let level = if num.ends_with("00") { 1 } else { 2 };
        sections.push(Section {
            id,
            title: title.trim().to_string(),
            level,
        });
    }
    Ok(sections)
}

/// Strips the paperclip (with or without the space before it; NOTES §1.2) and trims.
pub fn strip_clip(line: &str) -> Option<&str> {
    line.trim_end().strip_suffix(CLIP).map(|t| t.trim())
}

/// The rules: each id line, and at most one text line after it (NOTES §1.9).
/// Returns the rules and, parallel to them, the full text before examples were split.
fn body(file: &str, layout: &Layout) -> Result<(Vec<Rule>, Vec<Option<String>>), ImportError> {
    let mut rules: Vec<Rule> = Vec::new();
    let mut raw: Vec<Option<String>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let end = layout.references_at;
    let mut i = layout.rules_at + 1;
    while i < end {
        let l = layout.lines[i];
        if l.trim().is_empty() {
            i += 1;
            continue;
        }
        let Some(id) = id_line(l.trim_end()) else {
            let what = if strip_clip(l).is_some() {
                "a rule text with no id line before it"
            } else {
                "a line that is neither an id (`323.5.`) nor a rule text ending in 📎"
            };
            return Err(err(
                file,
                i + 1,
                format!("found {what}: {:?}", clip_for_message(l)),
            ));
        };
        if let Some(prev) = rules.last()
            && prev.id >= id
        {
            return Err(err(
                file,
                i + 1,
                format!(
                    "rule {id} is out of order: it comes after {} (ids must increase)",
                    prev.id
                ),
            ));
        }
        if let Some(p) = id.parent()
            && !seen.contains(&p)
        {
            return Err(err(
                file,
                i + 1,
                format!("rule {id} has no parent: {p} does not precede it"),
            ));
        }
        seen.insert(id.clone());
        let r = Rule::new(id, (i + 1) as u32);
        let mut full = None;
        if let Some(next) = layout.lines.get(i + 1).filter(|_| i + 1 < end)
            && !next.trim().is_empty()
            && id_line(next.trim_end()).is_none()
        {
            let Some(t) = strip_clip(next) else {
                return Err(err(
                    file,
                    i + 2,
                    format!(
                        "the text of rule {} does not end in 📎: {:?}",
                        r.id,
                        clip_for_message(next)
                    ),
                ));
            };
            if t.contains(CLIP) {
                return Err(err(
                    file,
                    i + 2,
                    "two 📎 on one line: expected one rule text per line",
                ));
            }
            full = Some(t.to_string());
            i += 1;
        }
        rules.push(r);
        raw.push(full);
        i += 1;
    }
    if rules.is_empty() {
        return Err(err(
            file,
            layout.rules_at + 1,
            "no rules after the `Rules` line",
        ));
    }
    Ok((rules, raw))
}

fn clip_for_message(s: &str) -> String {
    let s = s.trim();
    match s.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// Splits example passages out of a text (NOTES §1.5): at `Example:`, `Examples:` or
/// `EXAMPLE:` preceded by whitespace after `.`, `!`, `?`, `"` or `”`, or after a word when
/// a capital letter follows the marker (727.1.b.2 lacks its full stop: "…is true Example:
/// Gustwalker has …"). `e.g.,` and `Reminder:` stay inline. Each example keeps its marker
/// (`Example: …`).
pub fn split_examples(text: &str) -> (String, Vec<String>) {
    let mut cuts = Vec::new();
    for marker in ["Example:", "Examples:", "EXAMPLE:"] {
        for (at, _) in text.match_indices(marker) {
            let before = &text[..at];
            let trimmed = before.trim_end();
            if trimmed.len() == before.len() || trimmed.is_empty() {
                continue;
            }
            let sentence_ended = trimmed.ends_with(['.', '!', '?', '"', '”']);
            let capital_follows = text[at + marker.len()..]
                .trim_start()
                .starts_with(|c: char| c.is_uppercase());
            if sentence_ended || (trimmed.ends_with(char::is_alphanumeric) && capital_follows) {
                cuts.push(at);
            }
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    if cuts.is_empty() {
        return (text.to_string(), Vec::new());
    }
    let head = text[..cuts[0]].trim().to_string();
    let mut examples = Vec::new();
    for (k, &c) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).copied().unwrap_or(text.len());
        examples.push(text[c..end].trim().to_string());
    }
    (head, examples)
}

/// The short-heading heuristic (NOTES §1.4): a text of at most 40 characters with no
/// final `.:!?"”` is a title when the rule has children, or, for a 3-digit id, when the
/// next rule is its sibling (a section heading whose content is the next 3-digit ids).
fn mark_titles(rules: &mut [Rule]) {
    let has_children: std::collections::HashSet<RuleId> =
        rules.iter().filter_map(|r| r.parent.clone()).collect();
    for k in 0..rules.len() {
        let Some(t) = rules[k].text.as_deref() else {
            continue;
        };
        if t.chars().count() > 40 || t.is_empty() || t.ends_with(['.', ':', '!', '?', '"', '”']) {
            continue;
        }
        let kids = has_children.contains(&rules[k].id);
        let sibling_next =
            rules[k].id.depth() == 1 && rules.get(k + 1).is_some_and(|n| n.id.depth() == 1);
        if kids || sibling_next {
            rules[k].title = Some(t.to_string());
        }
    }
}

pub fn import(
    entry: &ManifestEntry,
    text: &str,
    _earlier: Option<&Edition>,
) -> Result<Edition, ImportError> {
    let file = entry.file.as_str();
    let mut ed = Edition::from_manifest(entry, IdStyle::Dotted);
    let layout = Layout::new(file, text)?;
    ed.sections = top_index(file, &layout)?;
    let (mut rules, raw) = body(file, &layout)?;
    for r in rules.iter_mut() {
        if r.id.depth() == 1 {
            r.section = ed
                .sections
                .iter()
                .rfind(|s| s.id <= r.id)
                .map(|s| s.id.clone());
        }
    }
    for (r, full) in rules.iter_mut().zip(&raw) {
        if let Some(full) = full {
            let (t, ex) = split_examples(full);
            r.text = Some(t);
            r.examples = ex;
        }
    }
    mark_titles(&mut rules);
    ed.rules = rules;
    super::xref::extract(&mut ed);
    let index = super::azindex::parse(file, &layout, &raw)?;
    let mapping = super::azindex::map(&ed, &raw, &index);
    super::recover::recover(&mut ed, &index, &mapping);
    super::azindex::glossary(&mut ed, &index, &mapping);
    Ok(ed)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::OnceLock;

    pub const DOC: &str = include_str!("../../../rules/000_d1f22d35fe5558d9.txt");

    pub fn entry() -> ManifestEntry {
        ManifestEntry {
            game: "riftbound".into(),
            edition: "2026-03-30".into(),
            effective: Some("2026-03-30".into()),
            title: "Riftbound Core Rules".into(),
            format: "hyperlinked-text".into(),
            file: "000_d1f22d35fe5558d9.txt".into(),
            default: true,
            notes: None,
        }
    }

    /// The edition imported once for all tests.
    pub fn ed() -> &'static Edition {
        static ED: OnceLock<Edition> = OnceLock::new();
        ED.get_or_init(|| import(&entry(), DOC, None).expect("000 imports"))
    }

    pub fn rule(id: &str) -> &'static Rule {
        let id = RuleId::parse(id).expect("valid id");
        ed().rules
            .iter()
            .find(|r| r.id == id)
            .unwrap_or_else(|| panic!("rule {id} exists"))
    }

    #[test]
    fn all_ids_in_order_with_parents() {
        let ed = ed();
        assert_eq!(ed.rules.len(), 2089);
        assert_eq!(ed.rules.iter().filter(|r| r.text.is_some()).count(), 1803);
        assert_eq!(ed.rules.iter().filter(|r| r.text.is_none()).count(), 286);
        let mut depth: HashMap<usize, usize> = HashMap::new();
        for r in &ed.rules {
            *depth.entry(r.id.depth()).or_default() += 1;
        }
        let d = |n| depth.get(&n).copied().unwrap_or(0);
        assert_eq!(
            (d(1), d(2), d(3), d(4), d(5), d(6), d(7)),
            (359, 715, 663, 313, 38, 1, 0)
        );
        for w in ed.rules.windows(2) {
            assert!(w[0].id < w[1].id, "{} before {}", w[0].id, w[1].id);
        }
        let ids: std::collections::HashSet<_> = ed.rules.iter().map(|r| &r.id).collect();
        assert_eq!(ids.len(), 2089, "no duplicates");
        for r in &ed.rules {
            match &r.parent {
                Some(p) => assert!(ids.contains(p), "parent of {}", r.id),
                None => assert_eq!(r.id.depth(), 1),
            }
            assert_eq!(r.dup, 0);
        }
        assert_eq!(rule("000").line, 57);
        assert_eq!(rule("103.1").line, 98);
        assert_eq!(rule("144.3.c").line, 623);
        assert_eq!(rule("169.4").line, 799);
        assert_eq!(ed.rules.last().map(|r| r.line), Some(3947));
    }

    #[test]
    fn sections_from_the_top_index() {
        let ed = ed();
        assert_eq!(ed.sections.len(), 41);
        assert_eq!(ed.sections.iter().filter(|s| s.level == 1).count(), 5);
        let s318 = ed.sections.iter().find(|s| s.id.to_string() == "318");
        assert_eq!(s318.map(|s| s.title.as_str()), Some("Cleanups"));
        for (id, sec) in [
            ("101", "101"),
            ("103", "101"),
            ("318", "318"),
            ("324", "318"),
            ("341", "325"),
            ("826", "800"),
            ("002", "001"),
        ] {
            assert_eq!(
                rule(id).section.as_ref().map(|s| s.to_string()).as_deref(),
                Some(sec),
                "section of {id}"
            );
        }
        assert!(
            ed.rules
                .iter()
                .all(|r| (r.id.depth() == 1) == r.section.is_some())
        );
    }

    #[test]
    fn text_without_clips() {
        let ed = ed();
        assert!(ed.rules.iter().all(|r| {
            r.text
                .as_deref()
                .is_none_or(|t| !t.contains(CLIP) && t == t.trim())
                && r.examples.iter().all(|e| !e.contains(CLIP))
        }));
        // the 11 lines with no space before the clip
        for id in [
            "144.4.c",
            "146.1",
            "188.1",
            "188.3",
            "188.3.a",
            "188.3.b",
            "359.3.f.2",
            "439.3",
            "439.4",
            "461.1.a.1",
            "818.1.c.4",
        ] {
            let t = rule(id).text.as_deref().unwrap_or("");
            assert!(!t.is_empty() && !t.ends_with(CLIP), "{id}: {t:?}");
        }
        assert_eq!(
            rule("461.1.a.1").text.as_deref(),
            Some("Insert “3c. Heal all Units.")
        );
        assert_eq!(
            rule("053.1").text.as_deref(),
            Some("* Units and legends say \"I,\" \"me,\" etc.")
        );
    }

    #[test]
    fn examples_are_split_out() {
        let ed = ed();
        let with = ed.rules.iter().filter(|r| !r.examples.is_empty()).count();
        // 130 rules have a marker; 727.1.b.2's follows no punctuation ("… is true Example:
        // Gustwalker"), but a capital after it shows it is one
        assert_eq!(with, 130);
        let marked = ed
            .rules
            .iter()
            .filter(|r| {
                let has = |s: &str| {
                    s.contains("Example:") || s.contains("Examples:") || s.contains("EXAMPLE:")
                };
                r.text.as_deref().is_some_and(has) || r.examples.iter().any(|e| has(e))
            })
            .count();
        assert_eq!(marked, 130);
        let r = rule("727.1.b.2");
        assert_eq!(
            r.text.as_deref(),
            Some("The Dependent Ability is Active exactly as written while the Condition is true")
        );
        assert!(r.examples[0].starts_with("Example: Gustwalker"));
        let total: usize = ed.rules.iter().map(|r| r.examples.len()).sum();
        assert_eq!(total, 150); // 150 markers
        let r = rule("103.2.a.2");
        assert_eq!(r.examples.len(), 2);
        assert_eq!(
            r.text.as_deref(),
            Some(
                "Must be a champion unit with a champion tag that matches the tag on your Champion Legend."
            )
        );
        assert!(r.examples[0].starts_with("Example: Loose Cannon"));
        assert!(rule("109.2").examples[0].starts_with("Examples: If a Unit is Buffed"));
        assert!(
            rule("727.1")
                .examples
                .iter()
                .any(|e| e.starts_with("EXAMPLE:"))
        );
        // after a closing quote
        assert!(rule("364.1").examples[0].starts_with("Example: "));
        // e.g., and Reminder: stay inline
        assert!(
            rule("426.3")
                .text
                .as_deref()
                .is_some_and(|t| t.contains("e.g.,"))
        );
        assert!(
            rule("315.2.b.3")
                .text
                .as_deref()
                .is_some_and(|t| t.contains("Reminder:"))
        );
        assert!(
            ed.rules
                .iter()
                .all(|r| r.text.as_deref().is_none_or(|t| !t.contains(". Example:")))
        );
    }

    #[test]
    fn texted_short_headings_get_titles() {
        let t = |id| rule(id).title.as_deref();
        assert_eq!(t("105"), Some("Spaces"));
        assert_eq!(t("327"), Some("Chains"));
        assert_eq!(t("315.2.a"), Some("Beginning Step"));
        assert_eq!(t("359.3.f"), Some("Referents"));
        assert_eq!(t("480"), Some("1v1 (Duel)"));
        assert_eq!(t("804"), Some("Keyword Glossary"));
        assert_eq!(t("652.5.a"), Some("Turn"));
        // short lines that are not headings
        assert_eq!(t("480.1"), None);
        assert_eq!(t("319.8"), None);
        assert_eq!(t("002"), None);
        let n = ed().rules.iter().filter(|r| r.title.is_some()).count();
        assert!((45..=65).contains(&n), "{n} titled");
    }

    fn import_str(s: &str) -> Result<Edition, ImportError> {
        import(&entry(), s, None)
    }

    #[test]
    fn malformed_input_is_an_error_with_a_line() {
        let e = import_str("Title\n\nnothing here\n").unwrap_err();
        assert!(e.message.contains("Rules"), "{e}");
        let e = import_str("Rules\n\n100.\nGame Concepts 📎\nstray line\n").unwrap_err();
        assert_eq!(e.line, 5, "{e}");
        let e = import_str("Rules\n100.\nGame Concepts\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("📎"));
        let e = import_str("Rules\n101.\n100.\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("out of order"));
        let e = import_str("Rules\n100.\n100.1.a.\n").unwrap_err();
        assert!(e.message.contains("parent"), "{e}");
        let e = import_str("Rules\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = import_str("Rule Index\n\n100 Game\nRules\n100.\n").unwrap_err();
        assert_eq!(e.line, 3);
        // a tiny but valid document
        let ed = import_str("Rules\n100.\nGame Concepts 📎\n100.1.\nSee rule 100. Game Concepts for more information. 📎\n\nReferences\n\nG\nGame Concepts\nGame Concepts\n").unwrap();
        assert_eq!(ed.rules.len(), 2);
        assert_eq!(ed.rules[1].refs.len(), 1);
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let samples = [
            "",
            "\n",
            "Rules",
            "Rules\n📎",
            "Rules\n000.\n📎\n",
            "Rules\n999.\n999.9999999999.\n",
            "Rules\n000.\nSee rule 103.2.d.for x 📎\n",
            "Rules\n000.\nSee rule 📎\nReferences\nA\nB\n\u{feff}",
            "Rules\n000.\nInsert “ 📎\nReferences\nZ\nZz\nZz\nQ",
        ];
        for s in samples {
            let _ = import_str(s);
        }
        // odd rule texts reach the reference extractor and the index
        let odd = [
            "See rule 1",
            "See rule 123.",
            "See rule 123.a.b.c.d.for",
            "See rule 100. for more information",
            "Step 1: é  é",
            "step 1: ",
            "Step 99999999999: X",
            "Insert “1",
            "Insert “1a",
            "Insert “1é.",
            "steps 2 - ",
            "Steps 2 through",
            "in rule 999.9",
            "See rule 100.1 and rule 100",
            "the  Step",
            "1. X",
            "2. Y",
            "3. Z",
            "3a. Q",
            "Example:",
            ". Example: x",
            "”Examples: y",
            "Victory Score: 1",
            "X: ",
            "é",
            "See rule 100. Ä for more information on ü",
        ];
        let mut doc = String::from("Rule Index\n\n100. Game\n101. Ä\n\nRules\n\n100.\n");
        for (k, t) in odd.iter().enumerate() {
            doc.push_str(&format!("100.{}.\n{t} 📎\n", k + 1));
        }
        doc.push_str("\nReferences\n\nA\n");
        for t in odd
            .iter()
            .chain(["Ä", "Ä", "Game", "Victory Score: 2", "Step 1: X"].iter())
        {
            doc.push_str(t);
            doc.push('\n');
        }
        let ed = import_str(&doc).expect("odd but well-formed");
        assert_eq!(ed.rules.len(), odd.len() + 1);
        // every prefix of the real document
        for cut in [100, 2000, 50_000, 200_000, DOC.len() - 5000] {
            let mut c = cut.min(DOC.len());
            while !DOC.is_char_boundary(c) {
                c -= 1;
            }
            let _ = import_str(&DOC[..c]);
        }
    }
}
