//! Text as the search reads it, shared with build.rs: a phrase split into words the
//! way the index splits them, and the thesaurus's lines (synonyms.txt) read into
//! mappings. build.rs reads the thesaurus with these same functions and compiles it
//! into the binary as a table ([`super::thesaurus::synonyms`]), so no search parses it.

/// One line of synonyms.txt: `key, key… => replacement, replacement…`, the keys
/// as words, the replacements as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub keys: Vec<Vec<String>>,
    pub to: Vec<String>,
}

/// The mappings of a thesaurus text, one per line that is not blank or a `#` comment.
pub fn parse_synonyms(text: &str) -> Vec<Mapping> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (from, to) = l.split_once("=>")?;
            let keys: Vec<Vec<String>> = from
                .split(',')
                .map(words)
                .filter(|k| !k.is_empty())
                .collect();
            let to: Vec<String> = to
                .split(',')
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect();
            (!keys.is_empty() && !to.is_empty()).then_some(Mapping { keys, to })
        })
        .collect()
}

/// A phrase as lowercased words, split like the index splits them (`state-based`
/// is two words, `player's` is `player`).
pub fn words(s: &str) -> Vec<String> {
    if s.is_ascii() {
        return ascii_words(s);
    }
    let mut out = Vec::new();
    for part in s.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’') {
        push_word(&mut out, part);
    }
    out
}

/// [`words`] of ASCII text, split byte by byte: the same words (in ASCII a separator is
/// any byte but a letter, a digit or `'`), without decoding characters. The thesaurus
/// was once parsed through here on every search, and the character-wise split of its
/// 13 KB cost 2M instructions, a fifth of a warm search (it is now parsed at build time).
fn ascii_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = s.as_bytes();
    for end in 0..=bytes.len() {
        let boundary = bytes
            .get(end)
            .is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'\'');
        if !boundary {
            continue;
        }
        if end > start {
            let part = s.get(start..end).unwrap_or("");
            if part.bytes().all(|b| b.is_ascii_alphanumeric()) {
                out.push(part.to_ascii_lowercase());
            } else {
                push_word(&mut out, part);
            }
        }
        start = end + 1;
    }
    out
}

/// One part of [`words`]: lowercased, without its quotes and a possessive `'s`.
pub(crate) fn push_word(out: &mut Vec<String>, part: &str) {
    let part = part.trim_matches(['\'', '’']).to_lowercase();
    let part = part
        .strip_suffix("'s")
        .or_else(|| part.strip_suffix("’s"))
        .unwrap_or(&part)
        .replace(['\'', '’'], "");
    if !part.is_empty() {
        out.push(part);
    }
}
