//! Importer for the web format: document 001, an older web edition of the
//! Riftbound rules (an excerpt, 457–733; NOTES.md Part B §1).
//!
//! One rule per line: `^( *)(?:• )?(\d{3}\.(?:[0-9a-z]+\.)*) (.*)$`, indented by
//! 2 × (depth − 1) spaces, with a bullet `•` below the top level. Blank lines carry no
//! meaning. A top-level line followed directly by the next integer is a heading
//! (`649. Conceding` before `650. A player may concede…`), and so is a short line
//! that has children (`458. 1v1 (Duel)`, `652.5.a. Turn`). Examples are inline.
//! The older numbers are kept as they are (001's 458 is 2026's 480); the victory
//! scores and battlefield counts stay ordinary rule text.

use super::ImportError;
use super::model::{Edition, IdStyle, ManifestEntry, Rule, RuleId, Section};
use super::textutil::{
    dotted_id_prefix, link_see_rule_refs, looks_like_title, split_inline_examples,
};
use std::collections::HashSet;

/// A numbered line: indentation, bullet, id, text.
struct Line<'a> {
    indent: usize,
    bullet: bool,
    id: RuleId,
    text: &'a str,
}

fn parse_line(l: &str) -> Option<Line<'_>> {
    let body = l.trim_start_matches(' ');
    let indent = l.len() - body.len();
    let (bullet, body) = match body.strip_prefix("• ") {
        Some(b) => (true, b),
        None => (false, body),
    };
    let (id, n) = dotted_id_prefix(body)?;
    let rest = body[n..].strip_prefix('.')?;
    let text = rest
        .strip_prefix(' ')
        .or_else(|| rest.is_empty().then_some(""))?;
    Some(Line {
        indent,
        bullet,
        id,
        text: text.trim(),
    })
}

pub fn import(entry: &ManifestEntry, text: &str) -> Result<Edition, ImportError> {
    let mut ed = Edition::from_manifest(entry, IdStyle::Dotted);
    let err = |line: usize, message: String| ImportError {
        file: entry.file.clone(),
        line: line as u32,
        message,
    };
    let mut seen = HashSet::new();
    for (k, l) in text.lines().enumerate() {
        let lineno = k + 1;
        if l.trim().is_empty() {
            continue;
        }
        let Some(p) = parse_line(l) else {
            if ed.rules.is_empty() {
                continue; // the page title and blurb before the first rule
            }
            return Err(err(
                lineno,
                format!(
                    "expected a numbered rule line like `  • 458.1. text`, found {:?}",
                    l.trim().chars().take(40).collect::<String>()
                ),
            ));
        };
        let depth = p.id.depth();
        if p.indent != 2 * (depth - 1) || p.bullet != (depth > 1) {
            return Err(err(
                lineno,
                format!(
                    "rule {} should be indented by {} spaces{}",
                    p.id,
                    2 * (depth - 1),
                    if depth > 1 {
                        " with a bullet `• `"
                    } else {
                        " without a bullet"
                    }
                ),
            ));
        }
        if p.text.is_empty() {
            return Err(err(lineno, format!("rule {} has no text", p.id)));
        }
        if !seen.insert(p.id.clone()) {
            return Err(err(lineno, format!("rule {} appears twice", p.id)));
        }
        let mut r = Rule::new(p.id, lineno as u32);
        let (t, ex) = split_inline_examples(p.text);
        r.text = Some(t);
        r.examples = ex;
        ed.rules.push(r);
    }
    if ed.rules.is_empty() {
        return Err(err(1, "no numbered rule lines".into()));
    }
    // references (older numbers: most targets lie outside the excerpt)
    link_see_rule_refs(&mut ed);
    // headings
    let mut groups = Vec::new();
    for i in 0..ed.rules.len() {
        let next = ed
            .rules
            .get(i + 1)
            .map(|n| (n.id.clone(), n.parent.clone()));
        let r = &ed.rules[i];
        let t = r.text.as_deref().unwrap_or("");
        let next_integer = r.id.depth() == 1
            && next
                .as_ref()
                .is_some_and(|(n, _)| n.depth() == 1 && n.top() == r.id.top() + 1);
        let has_children = next
            .as_ref()
            .is_some_and(|(_, p)| p.as_ref() == Some(&r.id));
        if looks_like_title(t) && r.examples.is_empty() && (next_integer || has_children) {
            let t = t.to_string();
            if next_integer {
                // a heading over the flat top-level rules that follow it
                groups.push(Section {
                    id: r.id.clone(),
                    title: t.clone(),
                    level: if r.id.top().is_multiple_of(100) { 1 } else { 2 },
                });
            }
            ed.rules[i].title = Some(t);
        }
    }
    ed.sections = groups;
    super::table::assign_sections(&mut ed);
    let dangling: Vec<String> = ed
        .rules
        .iter()
        .flat_map(|r| {
            r.refs
                .iter()
                .filter(|x| x.dangling)
                .map(|x| x.target.to_string())
        })
        .collect();
    if !dangling.is_empty() {
        ed.warnings.push(format!(
            "{} references use older numbers outside this excerpt: {}",
            dangling.len(),
            dangling.join(", ")
        ));
    }
    Ok(ed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = include_str!("../../../rules/001_4e0a7af633b404bf.txt");

    fn entry() -> ManifestEntry {
        ManifestEntry {
            game: "riftbound".into(),
            edition: "web-older".into(),
            effective: None,
            title: "t".into(),
            format: "web-bullets".into(),
            file: "001.txt".into(),
            default: false,
            notes: None,
        }
    }

    fn rule<'a>(ed: &'a Edition, id: &str) -> &'a Rule {
        let id = RuleId::parse(id).unwrap();
        ed.rules.iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn counts_296_lines_by_depth() {
        let ed = import(&entry(), DOC).unwrap();
        assert_eq!(ed.rules.len(), 296);
        let depth = |d| ed.rules.iter().filter(|r| r.id.depth() == d).count();
        assert_eq!(
            [depth(1), depth(2), depth(3), depth(4), depth(5)],
            [44, 104, 86, 60, 2]
        );
        assert_eq!(ed.rules[0].id.to_string(), "457");
        assert_eq!(ed.rules[0].line, 5);
        let last = ed.rules.last().unwrap();
        assert_eq!(last.id.to_string(), "733.3");
        assert_eq!(last.line, 580);
        assert!(
            last.text
                .as_deref()
                .unwrap()
                .ends_with("other Game Effects")
        );
    }

    #[test]
    fn headings_and_values() {
        let ed = import(&entry(), DOC).unwrap();
        for (id, t) in [
            ("457", "Sanctioned Modes"),
            ("458", "1v1 (Duel)"),
            ("649", "Conceding"),
            ("701", "Buffs"),
            ("716", "Keywords"),
            ("721", "Accelerate"),
            ("733", "Vision"),
            ("652.5.a", "Turn"),
            ("462.8", "Unique Rules"),
        ] {
            assert_eq!(rule(&ed, id).title.as_deref(), Some(t), "{id}");
        }
        assert_eq!(rule(&ed, "650").title, None);
        assert_eq!(rule(&ed, "458.1").title, None); // "2 Players" has no children
        assert_eq!(rule(&ed, "458.3").text.as_deref(), Some("Victory Score: 8"));
        assert_eq!(
            rule(&ed, "462.3").text.as_deref(),
            Some("Victory Score: 11")
        );
        assert_eq!(
            rule(&ed, "462.4").text.as_deref(),
            Some("Battlefield Count: 3")
        );
        assert!(
            ed.sections
                .iter()
                .any(|s| s.id.to_string() == "649" && s.title == "Conceding")
        );
        assert_eq!(
            rule(&ed, "650").section.as_ref().unwrap().to_string(),
            "649"
        );
    }

    #[test]
    fn examples_split_inline() {
        let ed = import(&entry(), DOC).unwrap();
        let r = rule(&ed, "652.2.c");
        assert!(
            r.text
                .as_deref()
                .unwrap()
                .ends_with("units or hidden cards there.")
        );
        assert_eq!(r.examples.len(), 1);
        assert!(r.examples[0].starts_with("Example: A battlefield reads"));
        // "E.G." stays inline
        assert!(
            rule(&ed, "652.5.b.2")
                .text
                .as_deref()
                .unwrap()
                .contains("E.G. Combat")
        );
        assert!(ed.rules.iter().filter(|r| !r.examples.is_empty()).count() >= 10);
    }

    #[test]
    fn older_references_dangle() {
        let ed = import(&entry(), DOC).unwrap();
        let refs: Vec<_> = ed.rules.iter().flat_map(|r| r.refs.iter()).collect();
        assert_eq!(refs.len(), 5);
        assert!(refs.iter().all(|r| r.dangling));
        let r = rule(&ed, "727.1.d");
        assert_eq!(r.refs[0].target.to_string(), "352.5");
        assert_eq!(r.refs[0].title.as_deref(), Some("Targeting"));
        let t = r.text.as_deref().unwrap();
        assert_eq!(
            &t[r.refs[0].start as usize..r.refs[0].end as usize],
            "See rule 352.5. Targeting for more information."
        );
    }

    #[test]
    fn malformed_lines_are_errors() {
        let e = import(&entry(), "Title\n\n457. A\n\n  • 457.1. ok\nstray text\n").unwrap_err();
        assert_eq!(e.line, 6);
        let e = import(&entry(), "457. A\n    • 457.1. wrong indent\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("indented by 2"));
        let e = import(&entry(), "457. A\n457. A again\n").unwrap_err();
        assert!(e.message.contains("twice"));
        assert!(import(&entry(), "").is_err());
        assert!(import(&entry(), "457.\n").is_err());
        assert!(import(&entry(), "• 457.1.x\u{1F4CE}").is_err());
    }
}
