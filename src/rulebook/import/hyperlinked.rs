//! Importer for the hyperlinked text edition (000, Riftbound 2026-03-30).
//! (Minimal version: ids, text, top index. References, examples, recovery and the
//! A–Z index come next.)

use super::ImportError;
use super::model::{Edition, IdStyle, ManifestEntry, Rule, RuleId, Section};

/// Whether a line is an id line: `^\d{3}\.(?:(?:\d+|[a-z])\.)*$`.
pub fn id_line(line: &str) -> Option<RuleId> {
    let b = line.as_bytes();
    if b.len() < 4 || !b[..3].iter().all(u8::is_ascii_digit) || b[3] != b'.' {
        return None;
    }
    if !line.ends_with('.') {
        return None;
    }
    if !line[4..].split_terminator('.').all(|s| {
        s.chars().all(|c| c.is_ascii_digit())
            || (s.len() == 1 && s.chars().all(|c| c.is_ascii_lowercase()))
    }) {
        return None;
    }
    RuleId::parse(line)
}

pub fn import(
    entry: &ManifestEntry,
    text: &str,
    _earlier: Option<&Edition>,
) -> Result<Edition, ImportError> {
    let mut ed = Edition::from_manifest(entry, IdStyle::Dotted);
    let lines: Vec<&str> = text.lines().collect();
    let rules_at = lines
        .iter()
        .position(|l| *l == "Rules")
        .ok_or(ImportError {
            file: entry.file.clone(),
            line: 0,
            message: "no \"Rules\" line".into(),
        })?;
    for l in &lines[..rules_at] {
        if let Some((num, title)) = l.split_once(". ")
            && num.len() == 3
            && num.bytes().all(|b| b.is_ascii_digit())
        {
            let id = RuleId::parse(num).expect("3 digits");
            let level = if num.ends_with("00") { 1 } else { 2 };
            ed.sections.push(Section {
                id,
                title: title.trim().to_string(),
                level,
            });
        }
    }
    let mut i = rules_at + 1;
    while i < lines.len() {
        let l = lines[i];
        if l == "References" {
            break;
        }
        if let Some(id) = id_line(l) {
            let mut r = Rule::new(id, (i + 1) as u32);
            if let Some(next) = lines.get(i + 1)
                && id_line(next).is_none()
                && next.ends_with('📎')
            {
                let t = next.trim_end_matches('📎').trim();
                r.text = Some(t.to_string());
                i += 1;
            }
            if r.id.depth() == 1 {
                r.section = ed
                    .sections
                    .iter()
                    .rfind(|s| s.id <= r.id)
                    .map(|s| s.id.clone());
            }
            ed.rules.push(r);
        }
        i += 1;
    }
    Ok(ed)
}
