//! Card text as the community list writes it, made regular: one case for each
//! bracket token (`[REACTION]`, `[reaction]` → `[Reaction]`), errata prefixes set
//! apart, reminder text recognised, symbols spelled out for the terminal.

/// The words that start an errata prefix line ("Card Errata Text – From … Card Errata:").
const ERRATA_PREFIX: &str = "card errata text";

/// Splits an errata prefix from the text: (`Some(source line)`, rest).
/// Placeholder texts (`.`, `-`) become empty.
pub fn split_errata(text: &str) -> (Option<String>, String) {
    let t = text.trim();
    if matches!(t, "." | "-" | "—") {
        return (None, String::new());
    }
    if t.to_lowercase().starts_with(ERRATA_PREFIX) {
        let (head, rest) = t.split_once('\n').unwrap_or((t, ""));
        let source = head
            .trim_start_matches(|c: char| c.is_alphabetic() || c == ' ')
            .trim_start_matches(['–', '-', '—', ' '])
            .trim_end_matches(':')
            .trim()
            .to_string();
        return (Some(source), rest.trim().to_string());
    }
    (None, t.to_string())
}

/// One case for every bracket token: each word capitalised (`[QUICK-DRAW]` →
/// `[Quick-Draw]`, `[assault 2]` → `[Assault 2]`); tabs become spaces; a full stop or comma
/// set apart from the word it ends ("[Temporary] .", "[Empowered] , give") closed up.
pub fn normalise(text: &str) -> String {
    close_punctuation(&tokens_cased(text))
}

/// "Give it [Temporary] ." → "Give it [Temporary].": spaces before a full stop or comma
/// that ends a word (the mark followed by a space or the end of the line) are dropped. A
/// mark alone at the start of a line (a placeholder text ".") is left as it is.
fn close_punctuation(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ' ' {
            let mut j = i;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            let ends_word = matches!(chars.get(j), Some('.' | ','))
                && chars.get(j + 1).is_none_or(|n| n.is_whitespace())
                && out.chars().last().is_some_and(|p| !p.is_whitespace());
            if ends_word {
                i = j;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Each bracket token in one case (see `normalise`).
fn tokens_cased(text: &str) -> String {
    let text = text.replace('\t', " ");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        // A token ends at the first ']' unless another '[' opens first (an unclosed token).
        match after.find([']', '[']) {
            Some(j) if after.as_bytes()[j] == b']' => {
                out.push('[');
                out.push_str(&title_case(after[..j].trim()));
                out.push(']');
                rest = &after[j + 1..];
            }
            _ => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn title_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut start = true;
    for c in s.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = c == ' ' || c == '-';
    }
    out
}

/// The text without reminder text (parenthesised explanations of keywords).
pub fn without_reminders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The bracket tokens of `text` with a legible form, in the words of 135.2.e
/// (`[Rune]` is power of any domain, a domain name is power of that domain).
pub fn spelled(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let Some(j) = after.find(']') else {
            out.push_str(&rest[i..]);
            return out;
        };
        let token = &after[..j];
        out.push_str(&spell(token));
        rest = &after[j + 1..];
    }
    out.push_str(rest);
    out
}

fn spell(token: &str) -> String {
    const DOMAINS: &[&str] = &["Fury", "Calm", "Mind", "Body", "Chaos", "Order"];
    if token.chars().all(|c| c.is_ascii_digit()) && !token.is_empty() {
        return format!("[{token} energy]");
    }
    match token {
        "Might" => "[Might]".into(),
        "Tap" => "[Tap: exhaust]".into(),
        "Rune" | "Power" | "A" => "[power of any domain]".into(),
        "Add" => "[Add]".into(),
        d if DOMAINS.contains(&d) => format!("[{d} power]"),
        other => format!("[{other}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_get_one_case() {
        assert_eq!(
            normalise("[REACTION] [assault 2] [Quick-draw] [tap] :"),
            "[Reaction] [Assault 2] [Quick-Draw] [Tap] :"
        );
        // An unclosed token is left as it is, the next one still normalised.
        assert_eq!(normalise("[Flow[1][RUNE]"), "[Flow[1][Rune]");
    }

    #[test]
    fn a_stop_set_apart_from_its_word_is_closed_up() {
        assert_eq!(
            normalise("Choose a unit without [temporary] .\nGive it [Tank]  , then draw 1 ."),
            "Choose a unit without [Temporary].\nGive it [Tank], then draw 1."
        );
        // a placeholder, a mark within a number or before a word, and reminders are kept
        assert_eq!(normalise("."), ".");
        assert_eq!(normalise(" . Draw 1"), " . Draw 1");
        assert_eq!(normalise("Deal 1 .5 to it"), "Deal 1 .5 to it");
        assert_eq!(normalise("[Vision] (Look.) ."), "[Vision] (Look.).");
    }

    #[test]
    fn errata_and_placeholders() {
        let (e, t) = split_errata("Card Errata Text - From Origins Card Errata:\nDraw 1.");
        assert_eq!(e.as_deref(), Some("From Origins Card Errata"));
        assert_eq!(t, "Draw 1.");
        assert_eq!(split_errata(".").1, "");
        assert_eq!(split_errata("Draw 1.").0, None);
    }

    #[test]
    fn reminders_and_symbols() {
        assert_eq!(
            without_reminders("[Tank] (I must be assigned combat damage first.)").trim(),
            "[Tank]"
        );
        assert_eq!(
            spelled("[1][Fury], [Tap]: +2 [Might]"),
            "[1 energy][Fury power], [Tap: exhaust]: +2 [Might]"
        );
    }
}
