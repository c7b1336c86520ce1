//! The script steps not yet taken and the expectations, copied as written from the
//! session's file (less what is about the trace before the save).

use crate::repl::Session;

/// The line (from 0) of the "- " dash that starts the item located at `line` (from 1).
pub(super) fn dash_line(lines: &[&str], line: usize) -> usize {
    let mut i = line.saturating_sub(1).min(lines.len().saturating_sub(1));
    while i > 0 && !lines[i].trim_start().starts_with('-') {
        i -= 1;
    }
    i
}

/// The line (from 0) after the script block.
pub(super) fn script_end(lines: &[&str]) -> usize {
    let start = lines
        .iter()
        .position(|l| l.starts_with("script:"))
        .unwrap_or(0);
    lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| !l.is_empty() && !l.starts_with([' ', '\t', '#', '-']))
        .map_or(lines.len(), |(i, _)| i)
}

/// Expectation items as written, less those about the trace: the saved scenario's trace
/// starts at the save, so what was cited before it cannot be checked again. `end` is the
/// line after the last item.
pub(super) fn kept_items(
    lines: &[&str],
    items: &[serde_saphyr::Spanned<crate::scenario::format::Expect>],
    end: usize,
) -> String {
    let mut y = String::new();
    for (i, e) in items.iter().enumerate() {
        let x = &e.value;
        let about_trace = !x.cited.is_empty()
            || !x.not_cited.is_empty()
            || x.trace_contains.is_some()
            || x.trace_not_contains.is_some()
            || !x.trace_order.is_empty();
        if about_trace {
            continue;
        }
        let from = dash_line(lines, e.referenced.line() as usize);
        let to = items
            .get(i + 1)
            .map(|n| dash_line(lines, n.referenced.line() as usize))
            .unwrap_or(end)
            .min(lines.len());
        for l in lines.get(from..to).unwrap_or(&[]) {
            y.push_str(l);
            y.push('\n');
        }
    }
    y
}

/// The final expectations, less those about the trace (see `kept_items`).
pub(super) fn final_expectations(s: &Session) -> String {
    let list = &s.scenario.file.expect;
    let lines: Vec<&str> = s.source.lines().collect();
    let Some(start) = lines.iter().position(|l| l.starts_with("expect:")) else {
        return String::new();
    };
    let end = lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| !l.is_empty() && !l.starts_with([' ', '\t', '#', '-']))
        .map_or(lines.len(), |(i, _)| i);
    let kept = kept_items(&lines, list, end);
    if kept.is_empty() {
        String::new()
    } else {
        format!("expect:\n{kept}")
    }
}
