//! Importer for the table format: document 003, the Riftbound Core Rules last
//! updated 2025-06-02 (partial copy, 000–183 and 500–512), NOTES.md §1.8–§1.9.
//!
//! The document is a Markdown title and one HTML table of `<tr><td>id</td><td>text</td></tr>`
//! rows whose cells contain raw newlines, so the whole file is parsed as one string.
//! Within a cell, `Example:` lines are examples, `See rule` lines are references
//! (kept in the text, with spans), sentence lines continue the text and the other
//! lines are list items. A row with an empty id cell continues the previous rule.

use super::ImportError;
use super::model::{Edition, IdStyle, ManifestEntry, Rule, Section};
use super::textutil::{dotted_id_prefix, link_see_rule_refs, looks_like_title};
use std::collections::HashSet;

/// One `<tr>` row: its two cells and the 1-based line where it starts.
struct Row<'a> {
    id: &'a str,
    text: &'a str,
    line: u32,
}

/// The 1-based line of a byte offset, from the offsets of the newlines.
fn line_at(newlines: &[usize], byte: usize) -> u32 {
    newlines.partition_point(|&p| p < byte) as u32 + 1
}

/// Splits the table into rows: `<tr><td>(.*?)</td><td>(.*?)</td></tr>` with
/// dot-matches-newline, checking that each row has exactly those two cells.
fn rows<'a>(file: &str, text: &'a str) -> Result<Vec<Row<'a>>, ImportError> {
    let newlines: Vec<usize> = text
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'\n')
        .map(|(i, _)| i)
        .collect();
    let err = |at: usize, message: String| ImportError {
        file: file.to_string(),
        line: line_at(&newlines, at),
        message,
    };
    let Some(table_at) = text.find("<table>") else {
        return Err(err(text.len(), "no <table> in the document".into()));
    };
    let end_at = text[table_at..]
        .find("</table>")
        .map(|p| table_at + p)
        .ok_or_else(|| err(table_at, "the <table> is never closed (no </table>)".into()))?;
    let mut out = Vec::new();
    let mut pos = table_at + "<table>".len();
    while pos < end_at {
        let rest = &text[pos..end_at];
        let Some(tr) = rest.find("<tr>") else {
            if rest.trim().is_empty() {
                break;
            }
            return Err(err(
                pos,
                format!("unexpected text between rows: {:?}", short(rest)),
            ));
        };
        if !rest[..tr].trim().is_empty() {
            return Err(err(
                pos,
                format!("unexpected text between rows: {:?}", short(&rest[..tr])),
            ));
        }
        let row_at = pos + tr;
        let body_at = row_at + "<tr>".len();
        let close = text[body_at..end_at]
            .find("</tr>")
            .map(|p| body_at + p)
            .ok_or_else(|| err(row_at, "a <tr> row is never closed (expected </tr>)".into()))?;
        let body = &text[body_at..close];
        let cells = cells(body).ok_or_else(|| {
            err(
                row_at,
                "a row must be <td>id</td><td>text</td> (two cells)".into(),
            )
        })?;
        out.push(Row {
            id: cells.0,
            text: cells.1,
            line: line_at(&newlines, row_at),
        });
        pos = close + "</tr>".len();
    }
    Ok(out)
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `<td>a</td><td>b</td>` → (a, b).
fn cells(body: &str) -> Option<(&str, &str)> {
    let a = body.strip_prefix("<td>")?;
    let (first, rest) = a.split_once("</td>")?;
    let b = rest.strip_prefix("<td>")?;
    let second = b.strip_suffix("</td>")?;
    if first.contains("<td>") || second.contains("<td>") || second.contains("</td>") {
        return None;
    }
    Some((first, second))
}

/// Adds the lines of a cell to a rule: the first line (or, for a continuation row,
/// every line) by the rules of NOTES.md §1.9 step 3.
fn add_lines(rule: &mut Rule, lines: &[&str]) {
    for raw in lines {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let text = rule.text.get_or_insert_with(String::new);
        if text.is_empty() {
            text.push_str(line);
        } else if line.starts_with("Example:") || line.starts_with("Examples:") {
            rule.examples.push(line.to_string());
        } else if line.starts_with("See rule") {
            text.push(' ');
            text.push_str(line);
        } else if rule.items.is_empty()
            && rule.examples.is_empty()
            && text.ends_with(['.', '!', '?', '"'])
            && line.ends_with(['.', '!', '?', '"'])
        {
            // a second sentence of the same rule (126.1, 135.1)
            text.push(' ');
            text.push_str(line);
        } else {
            rule.items.push(line.to_string());
        }
    }
}

pub fn import(entry: &ManifestEntry, text: &str) -> Result<Edition, ImportError> {
    let mut ed = Edition::from_manifest(entry, IdStyle::Dotted);
    let mut seen = HashSet::new();
    for row in rows(&entry.file, text)? {
        let lines: Vec<&str> = row.text.split('\n').collect();
        let id_cell = row.id.trim();
        if id_cell.is_empty() {
            let Some(prev) = ed.rules.last_mut() else {
                return Err(ImportError {
                    file: entry.file.clone(),
                    line: row.line,
                    message: "the first row has an empty id cell (a continuation of nothing)"
                        .into(),
                });
            };
            // a continuation row: its lines are extra lines of the previous rule
            add_lines(prev, &lines);
            continue;
        }
        let id = dotted_id_prefix(id_cell)
            .filter(|(_, n)| id_cell.len() == n + 1 && id_cell.ends_with('.'))
            .map(|(id, _)| id)
            .ok_or_else(|| ImportError {
                file: entry.file.clone(),
                line: row.line,
                message: format!(
                    "expected a rule id like `103.2.a.` in the first cell, found {:?}",
                    short(id_cell)
                ),
            })?;
        if !seen.insert(id.clone()) {
            return Err(ImportError {
                file: entry.file.clone(),
                line: row.line,
                message: format!("rule {id} appears twice"),
            });
        }
        let mut r = Rule::new(id, row.line);
        add_lines(&mut r, &lines);
        if r.text.as_deref().is_some_and(str::is_empty) {
            r.text = None;
        }
        ed.rules.push(r);
    }
    if ed.rules.is_empty() {
        return Err(ImportError {
            file: entry.file.clone(),
            line: 1,
            message: "the table has no rule rows".into(),
        });
    }
    // references: in the text and in the examples; 2025 numbers, mostly outside the copy
    link_see_rule_refs(&mut ed);
    let mut dangling: Vec<String> = ed
        .rules
        .iter()
        .flat_map(|r| {
            r.refs
                .iter()
                .filter(|x| x.dangling)
                .map(|x| x.target.to_string())
        })
        .collect();
    dangling.sort();
    dangling.dedup();
    if !dangling.is_empty() {
        ed.warnings.push(format!(
            "{} reference targets lie outside this partial copy: {}",
            dangling.len(),
            dangling.join(", ")
        ));
    }
    set_titles(&mut ed);
    set_sections(&mut ed);
    Ok(ed)
}

/// Titles: a short text with no final punctuation, no list, example or reference,
/// that has children, or is a 3-digit id followed by another (a section heading whose
/// content is the next 3-digit ids), as the 2026 importer does (NOTES.md §1.4).
fn set_titles(ed: &mut Edition) {
    let n = ed.rules.len();
    for i in 0..n {
        let next = ed
            .rules
            .get(i + 1)
            .map(|r| (r.id.clone(), r.parent.clone()));
        let r = &ed.rules[i];
        let Some(t) = r.text.as_deref() else { continue };
        if !looks_like_title(t)
            || !r.items.is_empty()
            || !r.examples.is_empty()
            || !r.refs.is_empty()
        {
            continue;
        }
        let structural = match &next {
            Some((nid, nparent)) => {
                nparent.as_ref() == Some(&r.id) || (r.id.depth() == 1 && nid.depth() == 1)
            }
            None => false,
        };
        if structural {
            let t = t.to_string();
            ed.rules[i].title = Some(t);
        }
    }
}

/// Sections by analogy with the 2026 top index: titled 3-digit ids ending in 00
/// are parts; a titled 3-digit id followed directly by another 3-digit id heads a
/// section. (The alignment with 2026 refines this list: see `align::align`.)
fn set_sections(ed: &mut Edition) {
    let mut sections = Vec::new();
    for (i, r) in ed.rules.iter().enumerate() {
        let (Some(t), true) = (r.title.as_deref(), r.id.depth() == 1) else {
            continue;
        };
        let level = if r.id.top().is_multiple_of(100) { 1 } else { 2 };
        let next_top = ed.rules.get(i + 1).is_some_and(|n| n.id.depth() == 1);
        if level == 1 || next_top {
            sections.push(Section {
                id: r.id.clone(),
                title: t.to_string(),
                level,
            });
        }
    }
    ed.sections = sections;
    assign_sections(ed);
}

/// Each 3-digit rule belongs to the last section at or before it.
pub fn assign_sections(ed: &mut Edition) {
    for r in &mut ed.rules {
        r.section = if r.id.depth() == 1 {
            super::model::owner_of(&ed.sections, r.id.top()).map(|k| ed.sections[k].id.clone())
        } else {
            None
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::import::model::RuleId;

    const DOC: &str = include_str!("../../../rules/003_61fea7b0ae5e66e4.txt");

    fn entry() -> ManifestEntry {
        ManifestEntry {
            game: "riftbound".into(),
            edition: "2025-06-02".into(),
            effective: None,
            title: "t".into(),
            format: "html-table".into(),
            file: "003.txt".into(),
            default: false,
            notes: None,
        }
    }

    fn ed() -> Edition {
        import(&entry(), DOC).unwrap()
    }

    fn rule<'a>(ed: &'a Edition, id: &str) -> &'a Rule {
        let id = RuleId::parse(id).unwrap();
        ed.rules.iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn counts_452_ids_from_454_rows() {
        let ed = ed();
        assert_eq!(rows("f", DOC).unwrap().len(), 454);
        assert_eq!(ed.rules.len(), 452);
        assert_eq!(ed.rules.iter().filter(|r| r.id.depth() == 1).count(), 104);
        // strict order, parents exist
        for w in ed.rules.windows(2) {
            assert!(w[0].id < w[1].id, "{} !< {}", w[0].id, w[1].id);
        }
        let ids: HashSet<_> = ed.rules.iter().map(|r| r.id.clone()).collect();
        assert!(
            ed.rules
                .iter()
                .all(|r| r.parent.as_ref().is_none_or(|p| ids.contains(p)))
        );
        assert_eq!(
            rule(&ed, "512").text.as_deref(),
            Some("At any given time, up to one player has Priority.")
        );
        assert_eq!(rule(&ed, "000").line, 5);
    }

    #[test]
    fn continuation_rows_join_the_previous_rule() {
        let ed = ed();
        let r = rule(&ed, "106.5.c");
        assert!(
            r.text
                .as_deref()
                .unwrap()
                .ends_with("See rule 119. Game Objects for more information.")
        );
        assert_eq!(r.refs.len(), 1);
        assert_eq!(r.refs[0].target.to_string(), "119");
        assert!(!r.refs[0].dangling);
        let r = rule(&ed, "176.1.a");
        assert!(
            r.refs
                .iter()
                .any(|x| x.target.to_string() == "554" && x.dangling)
        );
    }

    #[test]
    fn references_35_to_21_targets_16_outside() {
        let ed = ed();
        let refs: Vec<_> = ed.rules.iter().flat_map(|r| r.refs.iter()).collect();
        assert_eq!(refs.len(), 35);
        let mut t: Vec<String> = refs.iter().map(|r| r.target.to_string()).collect();
        t.sort();
        t.dedup();
        assert_eq!(t.len(), 21);
        let mut d: Vec<String> = refs
            .iter()
            .filter(|r| r.dangling)
            .map(|r| r.target.to_string())
            .collect();
        d.sort();
        d.dedup();
        assert_eq!(
            d,
            [
                "518", "554", "564", "567", "576", "582", "594", "597", "604", "605", "616", "640",
                "712", "717", "722", "728"
            ]
        );
        // spans cover the phrase in the text
        for r in &ed.rules {
            for x in &r.refs {
                let t = r.text.as_deref().unwrap();
                assert!(t[x.start as usize..x.end as usize].starts_with("See rule"));
                assert!(x.title.is_some());
            }
        }
        let r = rule(&ed, "106.4.d");
        assert_eq!(r.refs[0].title.as_deref(), Some("Cleanups"));
        assert_eq!(r.refs[1].title.as_deref(), Some("Hide"));
    }

    #[test]
    fn examples_items_and_sentences() {
        let ed = ed();
        let r = rule(&ed, "103.2");
        assert_eq!(r.text.as_deref(), Some("A Main Deck of at least 40 cards"));
        assert_eq!(
            r.items,
            ["1 Chosen Champion Unit", "Units", "Gear", "Spells"]
        );
        assert_eq!(r.title, None);
        let r = rule(&ed, "103.2.a.2");
        assert_eq!(r.examples.len(), 2);
        assert!(r.examples[1].starts_with("Example: Tibbers"));
        let r = rule(&ed, "126.1");
        assert!(
            r.text
                .as_deref()
                .unwrap()
                .ends_with("The legal owner of a card doesn't matter during gameplay.")
        );
        assert_eq!(r.examples.len(), 1);
        let r = rule(&ed, "109");
        assert!(r.text.as_deref().unwrap().ends_with("Examples:"));
        assert_eq!(r.items.len(), 3);
        let cells_with_examples = ed.rules.iter().filter(|r| !r.examples.is_empty()).count();
        assert_eq!(cells_with_examples, 11);
        assert_eq!(ed.rules.iter().map(|r| r.examples.len()).sum::<usize>(), 14);
    }

    #[test]
    fn titles_for_headings() {
        let ed = ed();
        for (id, t) in [
            ("001", "Golden Rule"),
            ("101", "Deck Construction"),
            ("126", "Ownership"),
            ("103.1", "1 Champion Legend"),
        ] {
            assert_eq!(rule(&ed, id).title.as_deref(), Some(t), "{id}");
        }
        assert_eq!(rule(&ed, "002").title, None);
        assert_eq!(rule(&ed, "140").title, None);
    }

    #[test]
    fn heuristic_sections_include_the_18() {
        let ed = ed();
        let ids: Vec<String> = ed.sections.iter().map(|s| s.id.to_string()).collect();
        for want in [
            "000", "100", "500", "001", "050", "101", "104", "119", "124", "137", "142", "146",
            "153", "162", "166", "170", "179", "501",
        ] {
            assert!(ids.iter().any(|i| i == want), "{want}");
        }
        assert_eq!(ed.sections.iter().filter(|s| s.level == 1).count(), 3);
        assert_eq!(
            rule(&ed, "102").section.as_ref().unwrap().to_string(),
            "101"
        );
    }

    #[test]
    fn malformed_tables_are_errors_with_lines() {
        let e = import(&entry(), "# t\n\nno table").unwrap_err();
        assert!(e.message.contains("<table>"));
        let e = import(
            &entry(),
            "<table><tr><td>001.</td><td>x</td></tr>\n<tr><td>002.</td></table>",
        )
        .unwrap_err();
        assert_eq!(e.line, 2);
        let e = import(
            &entry(),
            "<table><tr><td>001.</td><td>x</td></tr>\n<tr><td>0x1.</td><td>y</td></tr></table>",
        )
        .unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("rule id"));
        let e = import(&entry(), "<table><tr><td></td><td>y</td></tr></table>").unwrap_err();
        assert_eq!(e.line, 1);
        let e = import(&entry(), "<table><tr><td>001.</td><td>x</td></tr>").unwrap_err();
        assert!(e.message.contains("</table>"));
        let e = import(
            &entry(),
            "<table>\n<tr><td>001.</td><td>x</td></tr><tr><td>001.</td><td>x</td></tr></table>",
        )
        .unwrap_err();
        assert!(e.message.contains("twice"));
        assert!(import(&entry(), "<table></table>").is_err());
    }
}
