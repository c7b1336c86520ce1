//! Snippets: the part of a rule's text where the matched words cluster, cut at
//! word boundaries, with the byte ranges of the matched words.

use super::Snippet;
use super::schema::stems_with_offsets;

/// Longest snippet, in bytes (about two lines at 80 columns).
const MAX: usize = 200;
/// Context kept before the first match of a window.
const LEAD: usize = 50;

pub fn has_match(text: &str, is_match: &dyn Fn(&str) -> bool) -> bool {
    stems_with_offsets(text).iter().any(|(s, _, _)| is_match(s))
}

/// All of `text`, nothing marked.
pub fn whole(text: &str, field: &'static str) -> Snippet {
    Snippet {
        field,
        text: text.to_string(),
        highlights: Vec::new(),
        leading_ellipsis: false,
        trailing_ellipsis: false,
        from: None,
    }
}

/// The best window of `text` (whole when short), with its matches marked.
pub fn make(text: &str, field: &'static str, is_match: &dyn Fn(&str) -> bool) -> Snippet {
    let tokens = stems_with_offsets(text);
    let matches: Vec<(usize, usize)> = tokens
        .iter()
        .filter(|(s, _, _)| is_match(s))
        .map(|&(_, a, b)| (a, b))
        .collect();
    if text.len() <= MAX {
        return Snippet {
            field,
            text: text.to_string(),
            highlights: matches,
            leading_ellipsis: false,
            trailing_ellipsis: false,
            from: None,
        };
    }
    // The window start (a match) that covers the most matches within MAX bytes.
    let mut best = (0usize, 0usize); // (count, index into matches)
    for (i, &(a, _)) in matches.iter().enumerate() {
        let n = matches[i..]
            .iter()
            .take_while(|&&(_, e)| e <= a + MAX - LEAD)
            .count();
        if n > best.0 {
            best = (n, i);
        }
    }
    let anchor = matches.get(best.1).map(|m| m.0).unwrap_or(0);
    // Start at a word boundary up to LEAD bytes before the anchor (or a sentence start).
    let mut start = anchor.saturating_sub(LEAD);
    if start > 0 {
        start = tokens
            .iter()
            .map(|&(_, a, _)| a)
            .find(|&a| a >= start)
            .unwrap_or(anchor);
        if let Some(dot) = text[start..anchor].rfind(". ") {
            start += dot + 2;
        }
        start += text[start..].len() - text[start..].trim_start().len();
    }
    let mut end = (start + MAX).min(text.len());
    if end < text.len() {
        end = tokens
            .iter()
            .map(|&(_, _, b)| b)
            .rfind(|&b| b <= end)
            .unwrap_or_else(|| floor_boundary(text, end));
        // Extend to include closing punctuation.
        while end < text.len() && text[end..].starts_with(['.', ',', ')', '"', '”', '’']) {
            end += text[end..].chars().next().map_or(1, char::len_utf8);
        }
    }
    let highlights = matches
        .into_iter()
        .filter(|&(a, b)| a >= start && b <= end)
        .map(|(a, b)| (a - start, b - start))
        .collect();
    Snippet {
        field,
        text: text[start..end].to_string(),
        highlights,
        leading_ellipsis: start > 0,
        trailing_ellipsis: end < text.len(),
        from: None,
    }
}

/// The largest char boundary of `s` at or before `i`.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_whole_with_stemmed_matches() {
        let s = make("Units with lethal damage are killed.", "text", &|w| {
            w == "kill"
        });
        assert_eq!(s.text, "Units with lethal damage are killed.");
        assert_eq!(&s.text[s.highlights[0].0..s.highlights[0].1], "killed");
        assert!(!s.leading_ellipsis && !s.trailing_ellipsis);
    }

    #[test]
    fn texts_without_words_are_cut_at_char_boundaries() {
        let text = "📎".repeat(100);
        let s = make(&text, "text", &|_| false);
        assert!(s.text.len() <= MAX && s.trailing_ellipsis);
    }

    #[test]
    fn long_texts_are_cut_around_the_matches() {
        let text = format!(
            "{} The deathknell triggers here. {}",
            "Word. ".repeat(80),
            "tail ".repeat(80)
        );
        let s = make(&text, "text", &|w| w == "deathknel");
        assert!(s.text.len() <= MAX + 4, "{}", s.text.len());
        assert!(s.leading_ellipsis && s.trailing_ellipsis);
        let (a, b) = s.highlights[0];
        assert_eq!(&s.text[a..b], "deathknell");
        assert!(s.text.starts_with("The deathknell"), "{}", s.text);
    }
}
