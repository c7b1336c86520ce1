//! The one renderer for rule text: inline Markdown emphasis (002) through
//! pulldown-cmark, bracket symbols (`[M]`, `[E]`, `[Might]`) made legible, and
//! word wrapping that counts visible characters only.

use super::Out;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// Bracket symbols of the rules (135.2.e) and their legible forms.
const SYMBOLS: &[(&str, &str)] = &[
    ("[M]", "[M: Might]"),
    ("[S]", "[S: Might]"),
    ("[E]", "[E: Exhaust]"),
    ("[T]", "[T: Exhaust]"),
    // 135.2.e.5: power of any domain; 135.2.e.6: power of the card's own domain
    ("[A]", "[A: power of any domain]"),
    ("[C]", "[C: power of this card's domain]"),
    ("[>]", "[>: keyword applies]"),
    ("[R]", "[R: Fury]"),
    ("[G]", "[G: Calm]"),
    ("[B]", "[B: Mind]"),
    ("[O]", "[O: Body]"),
    ("[P]", "[P: Chaos]"),
    ("[Y]", "[Y: Order]"),
];

/// Renders rule text to styled, unwrapped text.
pub fn inline(out: &Out, text: &str) -> String {
    if !text.contains(['*', '_', '<', '`', '\\']) {
        return symbols(text);
    }
    let escaped = escape_block_markers(text);
    let mut s = String::new();
    let mut emph = 0usize;
    let mut strong = 0usize;
    for ev in Parser::new(&escaped) {
        match ev {
            Event::Start(Tag::Emphasis) => emph += 1,
            Event::End(TagEnd::Emphasis) => emph = emph.saturating_sub(1),
            Event::Start(Tag::Strong) => strong += 1,
            Event::End(TagEnd::Strong) => strong = strong.saturating_sub(1),
            Event::Text(t) | Event::Code(t) => {
                let t = symbols(&t);
                s.push_str(&if strong > 0 {
                    out.bold(&t)
                } else if emph > 0 {
                    out.italic(&t)
                } else {
                    t
                });
            }
            Event::SoftBreak | Event::HardBreak => s.push(' '),
            Event::Html(h) | Event::InlineHtml(h) => s.push_str(&strip_tags(&h)),
            Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph)
                if !s.is_empty() && !s.ends_with(' ') =>
            {
                s.push(' ');
            }
            _ => {}
        }
    }
    s.trim_end().to_string()
}

/// Plain text of rule text: Markdown emphasis and tags removed (for search and JSON).
pub fn plain(text: &str) -> String {
    let out = Out::to_writer(Box::new(std::io::sink()), false, false, false);
    inline(&out, text)
}

/// Rule text is inline text: a leading `1.`, `- `, `* ` or `#` is not a Markdown block.
/// A rule whose whole text is one `* ` bullet (053.1–053.4) shows without it.
fn escape_block_markers(text: &str) -> String {
    let t = text.trim_start();
    let t = t.strip_prefix("* ").map_or(t, str::trim_start);
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && t[digits..].starts_with(['.', ')']) {
        format!("{}\\{}", &t[..digits], &t[digits..])
    } else if ["- ", "* ", "+ ", "#", "> "]
        .iter()
        .any(|m| t.starts_with(m))
    {
        format!("\\{t}")
    } else {
        t.to_string()
    }
}

fn symbols(t: &str) -> String {
    let mut s = t.to_string();
    for (from, to) in SYMBOLS {
        if s.contains(from) {
            s = s.replace(from, to);
        }
    }
    s
}

fn strip_tags(h: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in h.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The display width in terminal columns (escape sequences and OSC 8 link targets
/// excluded; a wide character such as 漢 or an emoji counts 2, a combining mark 0).
pub fn visible_len(s: &str) -> usize {
    use unicode_width::UnicodeWidthChar;
    let mut n = 0;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            match chars.next() {
                Some('[') => {
                    for d in chars.by_ref() {
                        if d.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                Some(']') => {
                    // OSC: until ST (ESC \) or BEL
                    while let Some(d) = chars.next() {
                        if d == '\x07' {
                            break;
                        }
                        if d == '\x1b' && chars.peek() == Some(&'\\') {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {}
            }
        } else {
            n += c.width().unwrap_or(0);
        }
    }
    n
}

/// Wraps styled text at `width` visible columns: the first line prefixed by
/// `indent`, the others by `hang` (a hanging indent).
pub fn wrap_hanging(s: &str, width: usize, indent: &str, hang: &str) -> Vec<String> {
    let narrower = width.saturating_sub(visible_len(hang).saturating_sub(visible_len(indent)));
    let mut lines = wrap(s, narrower, indent);
    for l in lines.iter_mut().skip(1) {
        *l = format!("{hang}{}", l.trim_start());
    }
    lines
}

/// Wraps styled text at `width` visible columns, each line prefixed by `indent`.
pub fn wrap(s: &str, width: usize, indent: &str) -> Vec<String> {
    let avail = width.saturating_sub(visible_len(indent)).max(20);
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for word in s.split(' ').filter(|w| !w.is_empty()) {
        let wl = visible_len(word);
        if cur_len > 0 && cur_len + 1 + wl > avail {
            lines.push(format!("{indent}{cur}"));
            cur.clear();
            cur_len = 0;
        }
        if cur_len > 0 {
            cur.push(' ');
            cur_len += 1;
        }
        cur.push_str(word);
        cur_len += wl;
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(format!("{indent}{cur}"));
    }
    lines
}

/// Wraps styled text at `width` display columns like [`wrap_hanging`], but keeps the runs
/// of spaces between words that stay on one line (a trace line's `text  [rule ids]`).
pub fn wrap_spaced(s: &str, width: usize, indent: &str, hang: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::from(indent);
    let mut cur_len = 0;
    let mut avail = width.saturating_sub(visible_len(indent)).max(20);
    let mut gap = "";
    let mut rest = s;
    while !rest.is_empty() {
        let word_end = rest.find(' ').unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_end);
        let spaces = after.len() - after.trim_start_matches(' ').len();
        rest = &after[spaces..];
        if word.is_empty() {
            gap = &after[..spaces];
            continue;
        }
        let wl = visible_len(word);
        if cur_len > 0 && cur_len + gap.len() + wl > avail {
            lines.push(std::mem::replace(&mut cur, hang.to_string()));
            cur_len = 0;
            avail = width.saturating_sub(visible_len(hang)).max(20);
        }
        if cur_len > 0 {
            cur.push_str(gap);
            cur_len += gap.len();
        }
        cur.push_str(word);
        cur_len += wl;
        gap = &after[..spaces];
    }
    lines.push(cur);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_visible_width() {
        let text = "word ".repeat(40);
        for l in wrap(&text, 80, "  ") {
            assert!(visible_len(&l) <= 80, "{l}");
        }
        let styled = format!("\x1b[2m{}\x1b[0m", "x".repeat(10));
        assert_eq!(visible_len(&styled), 10);
        let link = "\x1b]8;;http://a\x1b\\323.5\x1b]8;;\x1b\\";
        assert_eq!(visible_len(link), 5);
        // display columns, not characters
        assert_eq!(visible_len("漢字 ok"), 7);
        assert_eq!(visible_len("e\u{301}"), 1);
        let wide = "漢字 ".repeat(30);
        for l in wrap(&wide, 40, "") {
            assert!(visible_len(&l) <= 40, "{l}");
        }
    }

    #[test]
    fn spaced_wrap_keeps_the_gap_and_hangs() {
        let line = "a short event  [1.2]";
        assert_eq!(
            wrap_spaced(line, 80, "  ", "      "),
            vec!["  a short event  [1.2]"]
        );
        let long = format!("{}  [460.2.c.2, 460.2.c.3]", "word ".repeat(20).trim_end());
        let lines = wrap_spaced(&long, 40, "  ", "      ");
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines[0].starts_with("  word"));
        for l in &lines {
            assert!(visible_len(l) <= 40, "{l:?}");
        }
        for l in &lines[1..] {
            assert!(
                l.starts_with("      ") && !l.starts_with("       "),
                "{l:?}"
            );
        }
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(&long));
    }

    #[test]
    fn markdown_emphasis_and_symbols() {
        assert_eq!(
            plain("the *Legions of Will* game"),
            "the Legions of Will game"
        );
        assert_eq!(plain("**Example**: x"), "Example: x");
        assert!(plain("+1 [M]").contains("[M: Might]"));
        assert_eq!(plain("a <u>b</u> c"), "a b c");
        assert_eq!(plain("1. The *Turn* Player"), "1. The Turn Player");
        // a rule that is one source bullet shows without it (053.1)
        assert_eq!(plain("* a *b*"), "a b");
    }
}
