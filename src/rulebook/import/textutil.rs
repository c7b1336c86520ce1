//! Small text helpers shared by the table (003), web (001) and comprehensive (002)
//! importers: reference extraction with spans, inline example splitting and the
//! short-heading heuristic (NOTES.md §1.4–§1.6). `std` only (see `model.rs`).

use super::model::{IdStyle, Ref, RefField, RefKind, RuleId, Seg};

/// Whether a text reads like a heading: at most 40 characters and no final
/// punctuation `.:!?"”` (NOTES.md §1.4). Only meaningful together with structure
/// (children, or followed by siblings).
pub fn looks_like_title(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty()
        && s.chars().count() <= 40
        && !s.ends_with(['.', ':', '!', '?', '"', '”', ';', ','])
}

/// Parses a dotted Riftbound id at the start of `s`:
/// `\d{3}(?:\.(?:\d+|[a-z](?![a-z])))*`. Returns the id and the byte length used
/// (without a trailing dot). `103.2.d.for` gives `103.2.d`.
pub fn dotted_id_prefix(s: &str) -> Option<(RuleId, usize)> {
    let b = s.as_bytes();
    if b.len() < 3 || !b[..3].iter().all(u8::is_ascii_digit) {
        return None;
    }
    if b.get(3).is_some_and(u8::is_ascii_digit) {
        return None; // four digits is not an id
    }
    let mut end = 3;
    loop {
        if b.get(end) != Some(&b'.') {
            break;
        }
        let seg_start = end + 1;
        let mut k = seg_start;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        if k > seg_start {
            if k - seg_start > 4 {
                break; // no rule has a five-digit segment
            }
            end = k;
            continue;
        }
        if b.get(k).is_some_and(u8::is_ascii_lowercase)
            && !b.get(k + 1).is_some_and(u8::is_ascii_alphabetic)
        {
            end = k + 1;
            continue;
        }
        break;
    }
    RuleId::parse(&s[..end]).map(|id| (id, end))
}

/// Sets every rule's `refs` to its `See rule` references (text and examples), marking
/// the targets the edition lacks as dangling (003 and 001 cite older numbers).
pub fn link_see_rule_refs(ed: &mut super::model::Edition) {
    let ids: std::collections::HashSet<RuleId> = ed.rules.iter().map(|r| r.id.clone()).collect();
    for r in &mut ed.rules {
        let mut refs = r
            .text
            .as_deref()
            .map(|t| see_rule_refs(t, RefField::Text))
            .unwrap_or_default();
        for (k, e) in r.examples.iter().enumerate() {
            refs.extend(see_rule_refs(e, RefField::Example(k as u32)));
        }
        for rf in &mut refs {
            rf.dangling = !ids.contains(&rf.target);
        }
        r.refs = refs;
    }
}

/// Finds `See rule <id>. <Title> for more information.` references (and the
/// variants without a title, without a dot, or with `.for`) in `text`.
/// Spans cover the whole phrase, up to and including the closing period when the
/// phrase ends with `for more information.`.
pub fn see_rule_refs(text: &str, field: RefField) -> Vec<Ref> {
    let mut out = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(pos) = lower[from..].find("see rule ") {
        let start = from + pos;
        let id_at = start + "see rule ".len();
        from = id_at;
        let Some((target, len)) = dotted_id_prefix(&text[id_at..]) else {
            continue;
        };
        let mut end = id_at + len;
        let rest = &text[end..];
        let rest = rest.strip_prefix('.').unwrap_or(rest);
        let after_dot = text.len() - rest.len();
        end = end.max(after_dot.min(text.len()));
        let mut title = None;
        let title_src = rest.trim_start();
        let title_at = text.len() - title_src.len();
        let lower_rest = &lower[title_at..];
        if !lower_rest.starts_with("for ") && !title_src.is_empty() {
            // a title runs to " for more information", " and rule", or the sentence end
            let stop = [" for more information", " and rule ", ". ", "."]
                .iter()
                .filter_map(|p| lower_rest.find(p))
                .min()
                .unwrap_or(title_src.len());
            let t = title_src[..stop].trim();
            if !t.is_empty() && t.chars().next().is_some_and(|c| c.is_uppercase()) {
                title = Some(t.to_string());
                end = title_at + stop;
            }
        }
        let tail = &lower[end..];
        let tail_t = tail.trim_start();
        if tail_t.starts_with("for more information") {
            let skip = tail.len() - tail_t.len();
            // up to the sentence end
            let stop = tail_t.find('.').map(|p| p + 1).unwrap_or(tail_t.len());
            // do not swallow a following "See rule"
            let stop = tail_t[..stop]
                .find("see rule")
                .map(|p| p.saturating_sub(1))
                .unwrap_or(stop);
            end += skip + stop;
        }
        let end = end.min(text.len());
        out.push(Ref {
            target,
            kind: RefKind::SeeRule,
            field,
            start: start as u32,
            end: end as u32,
            title,
            dangling: false,
            dup: 0,
        });
        from = end.max(from);
    }
    out
}

/// Comprehensive-style id at the start of `s`: `\d{3}(?:\.\d+[a-z]?)?`.
fn comp_id_prefix(s: &str) -> Option<(RuleId, usize)> {
    let b = s.as_bytes();
    if b.len() < 3
        || !b[..3].iter().all(u8::is_ascii_digit)
        || b.get(3).is_some_and(u8::is_ascii_digit)
    {
        return None;
    }
    let mut end = 3;
    if b.get(3) == Some(&b'.') && b.get(4).is_some_and(u8::is_ascii_digit) {
        end = 4;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        if b.get(end).is_some_and(u8::is_ascii_lowercase)
            && !b.get(end + 1).is_some_and(u8::is_ascii_alphabetic)
        {
            end += 1;
        }
    }
    RuleId::parse_styled(&s[..end], IdStyle::Comprehensive).map(|id| (id, end))
}

/// The next subrule letter (comprehensive rules skip `l` and `o`).
fn next_letter(c: char) -> Option<char> {
    let mut n = (c as u8).checked_add(1)? as char;
    while n == 'l' || n == 'o' {
        n = (n as u8 + 1) as char;
    }
    n.is_ascii_lowercase().then_some(n)
}

/// References in comprehensive-rules text: `rule 601.2`, `see rule 704, "…"`,
/// `rules 112.7 and 112.8`, `rules 605.3a and b` (the letter alone links 605.3b),
/// ranges `601.1f–g`, `601.1b—i`, `509.1–3`. One `Ref` per
/// target; a range expands to every id in it (letters skip l and o); each span
/// covers the id as written (a range's ids share the range's span).
pub fn comprehensive_refs(text: &str, field: RefField) -> Vec<Ref> {
    let mut out = Vec::new();
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(pos) = lower[from..].find("rule") {
        let kw = from + pos;
        from = kw + 4;
        // word boundary before "rule"
        if kw > 0 && lower.as_bytes()[kw - 1].is_ascii_alphabetic() {
            continue;
        }
        let mut i = kw + 4;
        if lower.as_bytes().get(i) == Some(&b's') {
            i += 1;
        }
        if lower.as_bytes().get(i) != Some(&b' ') {
            continue;
        }
        i += 1;
        let see = lower[..kw].trim_end().ends_with("see");
        let kind = if see {
            RefKind::SeeRule
        } else {
            RefKind::Inline
        };
        // a list of ids joined by ", ", " and ", " or ", with ranges
        while let Some((id, len)) = comp_id_prefix(&text[i..]) {
            let mut end = i + len;
            let base = id.clone();
            let mut targets = vec![id.clone()];
            // range: –, —, - followed by a letter or a number
            let rest = &text[end..];
            if let Some(dash) = ['–', '—', '-'].iter().find(|d| rest.starts_with(**d)) {
                let after = &rest[dash.len_utf8()..];
                let ab = after.as_bytes();
                let last = id.segs.last().copied();
                if let (Some(Seg::Letter(a)), Some(&b)) = (last, ab.first())
                    && b.is_ascii_lowercase()
                    && !ab.get(1).is_some_and(u8::is_ascii_alphabetic)
                {
                    let mut c = a;
                    while let Some(n) = next_letter(c) {
                        if n > b as char {
                            break;
                        }
                        let mut t = id.clone();
                        if let Some(s) = t.segs.last_mut() {
                            *s = Seg::Letter(n);
                        }
                        targets.push(t);
                        c = n;
                    }
                    end += dash.len_utf8() + 1;
                } else if let (Some(Seg::Num(a)), true) = (last, id.depth() == 2) {
                    let digits = ab.iter().take_while(|c| c.is_ascii_digit()).count();
                    if digits > 0
                        && digits < 3
                        && !ab.get(digits).is_some_and(u8::is_ascii_alphabetic)
                    {
                        let b: u32 = after[..digits].parse().unwrap_or(a);
                        for n in a.saturating_add(1)..=b.min(a.saturating_add(50)) {
                            let mut t = id.clone();
                            if let Some(s) = t.segs.last_mut() {
                                *s = Seg::Num(n);
                            }
                            targets.push(t);
                        }
                        end += dash.len_utf8() + digits;
                    }
                } else if let Some((id2, len2)) = comp_id_prefix(after) {
                    // a full second id: keep both ends
                    targets.push(id2);
                    end += dash.len_utf8() + len2;
                }
            }
            for t in targets {
                out.push(Ref {
                    target: t,
                    kind,
                    field,
                    start: i as u32,
                    end: end as u32,
                    title: None,
                    dangling: false,
                    dup: 0,
                });
            }
            i = end;
            // "rules 605.3a and b": a later sibling by its letter alone
            if let Some(Seg::Letter(a)) = base.segs.last().copied()
                && let Some(s) = [", and ", " and ", " or "]
                    .iter()
                    .find(|s| lower[i..].starts_with(**s))
            {
                let j = i + s.len();
                let b = lower.as_bytes();
                if let Some(&c) = b.get(j)
                    && c.is_ascii_lowercase()
                    && (c as char) > a
                    && !b.get(j + 1).is_some_and(u8::is_ascii_alphanumeric)
                {
                    let mut t = base.clone();
                    if let Some(x) = t.segs.last_mut() {
                        *x = Seg::Letter(c as char);
                    }
                    out.push(Ref {
                        target: t,
                        kind,
                        field,
                        start: j as u32,
                        end: j as u32 + 1,
                        title: None,
                        dangling: false,
                        dup: 0,
                    });
                    i = j + 1;
                    break;
                }
            }
            let rest = &lower[i..];
            let sep = [", and ", " and ", " or ", ", "]
                .iter()
                .find(|s| rest.starts_with(**s) && comp_id_prefix(&text[i + s.len()..]).is_some());
            match sep {
                Some(s) => i += s.len(),
                None => break,
            }
        }
        from = from.max(i);
    }
    out
}

/// Splits inline example passages off a rule text: a marker `Example:`,
/// `Examples:`, `EXAMPLE:` or `**Example**:` after sentence punctuation (or at the
/// start) begins an example that runs to the next marker.
pub fn split_inline_examples(text: &str) -> (String, Vec<String>) {
    const MARKERS: [&str; 4] = ["**Example**:", "Examples:", "Example:", "EXAMPLE:"];
    let mut cuts = Vec::new();
    for m in MARKERS {
        let mut from = 0;
        while let Some(p) = text[from..].find(m) {
            let at = from + p;
            from = at + m.len();
            let before = text[..at].trim_end();
            let ok = before.is_empty()
                || (before.len() < at && before.ends_with(['.', '!', '?', '"', '”', ')']));
            if ok && !cuts.contains(&at) {
                cuts.push(at);
            }
        }
    }
    cuts.sort_unstable();
    // "**Example**:" contains no other marker, but "Examples:" contains "Example"
    // only as a prefix of a different marker string, so positions are distinct.
    if cuts.is_empty() {
        return (text.to_string(), Vec::new());
    }
    let head = text[..cuts[0]].trim().to_string();
    let mut ex = Vec::new();
    for (k, &c) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).copied().unwrap_or(text.len());
        let e = text[c..end].trim();
        if !e.is_empty() {
            ex.push(e.to_string());
        }
    }
    (head, ex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_ids_stop_before_words() {
        let (id, n) = dotted_id_prefix("103.2.d.for more").unwrap();
        assert_eq!(id.to_string(), "103.2.d");
        assert_eq!(n, 7);
        assert!(dotted_id_prefix("1234.5").is_none());
        assert!(dotted_id_prefix("12").is_none());
    }

    #[test]
    fn see_rule_with_title_and_span() {
        let t = "Units can be Killed. See rule 604. Kill for more information.";
        let r = see_rule_refs(t, RefField::Text);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].target.to_string(), "604");
        assert_eq!(r[0].title.as_deref(), Some("Kill"));
        assert_eq!(
            &t[r[0].start as usize..r[0].end as usize],
            "See rule 604. Kill for more information."
        );
        let t = "See rule 144.for more information on the Standard Move";
        let r = see_rule_refs(t, RefField::Text);
        assert_eq!(r[0].target.to_string(), "144");
        assert_eq!(r[0].title, None);
        let t = "See rule 808 Deathknell for more information.";
        assert_eq!(
            see_rule_refs(t, RefField::Text)[0].title.as_deref(),
            Some("Deathknell")
        );
    }

    #[test]
    fn comprehensive_ranges_skip_l_and_o() {
        let r = comprehensive_refs(
            "proposal (rules 601.1a–d) and (see rule 710, \"Handling\")",
            RefField::Text,
        );
        let ids: Vec<String> = r.iter().map(|r| r.target.to_string()).collect();
        assert_eq!(ids, ["601.1a", "601.1b", "601.1c", "601.1d", "710"]);
        assert_eq!(r[4].kind, RefKind::SeeRule);
        let r = comprehensive_refs("rules 609.6k–m", RefField::Text);
        let ids: Vec<String> = r.iter().map(|r| r.target.to_string()).collect();
        assert_eq!(ids, ["609.6k", "609.6m"]);
        let r = comprehensive_refs("rules 112.7 and 112.8, and rules 509.1–3", RefField::Text);
        let ids: Vec<String> = r.iter().map(|r| r.target.to_string()).collect();
        assert_eq!(ids, ["112.7", "112.8", "509.1", "509.2", "509.3"]);
        assert!(comprehensive_refs("the rules text", RefField::Text).is_empty());
        // a later sibling by its letter alone (Legions of Will 605.3)
        let r = comprehensive_refs("The instructions in rules 605.3a and b are", RefField::Text);
        let t: Vec<String> = r.iter().map(|x| x.target.to_string()).collect();
        assert_eq!(t, ["605.3a", "605.3b"]);
        assert_eq!((r[1].start, r[1].end), (37, 38));
        let r = comprehensive_refs("see rule 601.2a and a player may", RefField::Text);
        assert_eq!(r.len(), 1);
    }

    #[test]
    fn examples_split_after_punctuation_only() {
        let (t, ex) = split_inline_examples("A rule. Example: one. Example: two.");
        assert_eq!(t, "A rule.");
        assert_eq!(ex, ["Example: one.", "Example: two."]);
        let (t, ex) = split_inline_examples("No marker here");
        assert_eq!(t, "No marker here");
        assert!(ex.is_empty());
        let (_, ex) = split_inline_examples("the word Example: inside");
        assert!(ex.is_empty());
    }

    /// No importer panics on damaged input: every prefix cut (at char boundaries)
    /// and every document with a line dropped or duplicated returns Ok or an error.
    #[test]
    fn damaged_documents_never_panic() {
        use super::super::model::{Edition, ManifestEntry};
        use super::super::{align, comprehensive, table, web};
        let entry = |format: &str| ManifestEntry {
            game: "g".into(),
            edition: "e".into(),
            effective: None,
            title: "t".into(),
            format: format.into(),
            file: "f".into(),
            default: false,
            notes: None,
        };
        let docs: [(&str, &str); 3] = [
            (
                "html-table",
                include_str!("../../../rules/003_61fea7b0ae5e66e4.txt"),
            ),
            (
                "web-bullets",
                include_str!("../../../rules/001_4e0a7af633b404bf.txt"),
            ),
            (
                "comprehensive",
                include_str!("../../../rules/002_daf3698cfa8e2aba.txt"),
            ),
        ];
        let run = |format: &str, text: &str| -> Option<Edition> {
            let e = entry(format);
            match format {
                "html-table" => table::import(&e, text).ok(),
                "web-bullets" => web::import(&e, text).ok(),
                _ => comprehensive::import(&e, text).ok(),
            }
        };
        for (format, doc) in docs {
            let mut cut = 0;
            while cut < doc.len() {
                while !doc.is_char_boundary(cut) {
                    cut += 1;
                }
                let _ = run(format, &doc[..cut]);
                let _ = run(format, &doc[cut..]);
                cut += 4999;
            }
            let lines: Vec<&str> = doc.lines().collect();
            for k in (0..lines.len()).step_by(53) {
                let mut v = lines.clone();
                v.remove(k);
                let _ = run(format, &v.join("\n"));
                let mut v = lines.clone();
                v.insert(k, lines[k]);
                let _ = run(format, &v.join("\n"));
            }
        }
        // the alignment copes with empty and unrelated editions
        let t = run("html-table", docs[0].1).unwrap();
        let mut empty = Edition::default();
        let mut a = t.clone();
        align::align(&mut a, &mut empty);
        assert!(a.counterparts.iter().all(Option::is_none));
        let mut w = run("web-bullets", docs[1].1).unwrap();
        let mut b = t.clone();
        align::align_web(&mut w, &mut b);
        // no section of one lines up with the other: only a few rules that read
        // alike are found, as moves
        let found = w.counterparts.iter().filter(|c| c.is_some()).count();
        assert!(found * 10 < w.rules.len(), "{found}");
    }
}
