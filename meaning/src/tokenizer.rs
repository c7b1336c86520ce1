//! The BERT uncased WordPiece tokenizer, as Hugging Face `tokenizers` runs it for
//! all-MiniLM-L6-v2 (`BertNormalizer` with clean text, CJK spacing, accent stripping
//! and lowercasing; `BertPreTokenizer`; `WordPiece` with `##` continuations and
//! `[UNK]` for words over 100 characters; `[CLS] … [SEP]`, truncated at 256 tokens).
//!
//! The whole pipeline streams: characters are normalised, split into words and
//! word-pieced one at a time, and it stops as soon as the token budget is full, so a
//! 100 kB question costs no more than its first 254 tokens (a word longer than 100
//! characters is one `[UNK]` however long it is, and is never buffered whole).
//! The Unicode classes are the ones `tokenizers` itself uses: `unicode_categories`
//! for punctuation, "other" and non-spacing marks, `unicode-normalization` for NFD.

use unicode_categories::UnicodeCategories;
use unicode_normalization::UnicodeNormalization;

/// The most tokens a sequence may have, `[CLS]` and `[SEP]` included (sentence-transformers'
/// `max_seq_length` for this model).
pub const MAX_TOKENS: usize = 256;
/// A word with more characters than this becomes `[UNK]` (WordPiece's `max_input_chars_per_word`).
const MAX_WORD_CHARS: usize = 100;

/// The vocabulary index `build.rs` writes from `model/vocab.txt`: `VOCAB_LEN`, the
/// ids `UNK`, `CLS` and `SEP`, each token's byte span (`SPANS`) and the ids in the
/// byte order of their tokens (`SORTED`).
mod index {
    include!(concat!(env!("OUT_DIR"), "/vocab_index.rs"));
}

pub(crate) use index::VOCAB_LEN;
use index::{CLS, SEP, SORTED, SPANS, UNK};

/// The BERT vocabulary, one token per line; a token's id is its line number. It is
/// looked up by a binary search over the index `build.rs` made of this same file, so
/// using it costs nothing up front, however many tokens it has.
static VOCAB: &str = include_str!("../model/vocab.txt");

/// The token with id `id` (below [`VOCAB_LEN`]).
fn token(id: u32) -> &'static [u8] {
    let [start, end] = SPANS[id as usize];
    &VOCAB.as_bytes()[start as usize..end as usize]
}

/// The id of `piece`, if the vocabulary has it.
fn id(piece: &str) -> Option<u32> {
    SORTED
        .binary_search_by(|&id| token(id).cmp(piece.as_bytes()))
        .ok()
        .map(|i| SORTED[i])
}

/// The token ids of `text`: `[CLS]`, at most 254 word pieces, `[SEP]`.
pub(crate) fn encode(text: &str) -> Vec<u32> {
    let budget = MAX_TOKENS - 2;
    let mut out = Vec::with_capacity(32);
    out.push(CLS);
    let mut word = String::new();
    let mut word_chars = 0usize;
    let mut piece = String::new();
    let mut flush = |word: &mut String, word_chars: &mut usize, out: &mut Vec<u32>| {
        if *word_chars > 0 && out.len() <= budget {
            word_pieces(word, *word_chars, &mut piece, out);
        }
        word.clear();
        *word_chars = 0;
    };
    for c in normalise(text) {
        if out.len() > budget {
            break;
        }
        if c.is_whitespace() {
            flush(&mut word, &mut word_chars, &mut out);
        } else if is_bert_punctuation(c) {
            flush(&mut word, &mut word_chars, &mut out);
            word.push(c);
            word_chars = 1;
            flush(&mut word, &mut word_chars, &mut out);
        } else {
            // Past the limit the word is `[UNK]` whatever follows: count, don't keep.
            if word_chars <= MAX_WORD_CHARS {
                word.push(c);
            }
            word_chars = word_chars.saturating_add(1);
        }
    }
    flush(&mut word, &mut word_chars, &mut out);
    out.truncate(budget + 1);
    out.push(SEP);
    out
}

/// Greedy longest-match-first WordPiece of one word (whole: whether it is `[UNK]`
/// depends on its last piece, so truncation waits for the caller).
fn word_pieces(word: &str, chars: usize, piece: &mut String, out: &mut Vec<u32>) {
    if chars > MAX_WORD_CHARS {
        out.push(UNK);
        return;
    }
    let first = out.len();
    let mut start = 0;
    while start < word.len() {
        let mut end = word.len();
        let mut found = None;
        while start < end {
            piece.clear();
            if start > 0 {
                piece.push_str("##");
            }
            piece.push_str(&word[start..end]);
            if let Some(id) = id(piece) {
                found = Some(id);
                break;
            }
            // Back off one character.
            end = word[..end]
                .char_indices()
                .next_back()
                .map_or(start, |(i, _)| i);
        }
        match found {
            Some(id) => {
                out.push(id);
                start = end;
            }
            None => {
                // A word with any part outside the vocabulary is one `[UNK]`.
                out.truncate(first);
                out.push(UNK);
                return;
            }
        }
    }
}

/// `BertNormalizer`: drop NUL, U+FFFD and control characters and map whitespace to a
/// space; put spaces around CJK ideographs; strip accents (NFD, then drop non-spacing
/// marks); lowercase. Each step is the one `tokenizers` runs, in its order.
fn normalise(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(|&c| !(c == '\0' || c == '\u{fffd}' || is_control(c)))
        .map(|c| if is_whitespace(c) { ' ' } else { c })
        .flat_map(|c| {
            if is_chinese_char(c) {
                [Some(' '), Some(c), Some(' ')]
            } else {
                [Some(c), None, None]
            }
        })
        .flatten()
        .nfd()
        .filter(|c| !c.is_mark_nonspacing())
        .flat_map(char::to_lowercase)
}

fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || c.is_whitespace()
}

fn is_control(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r') && c.is_other()
}

fn is_bert_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || c.is_punctuation()
}

/// The CJK Unified Ideographs blocks BERT spaces out (as `tokenizers` lists them).
fn is_chinese_char(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B920..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::{CLS, SEP, UNK, VOCAB, VOCAB_LEN, id};

    #[test]
    fn the_built_index_finds_every_token_at_its_line() {
        let lines: Vec<&str> = VOCAB.lines().collect();
        assert_eq!(lines.len(), VOCAB_LEN);
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(id(line), Some(i as u32), "{line:?} is line {i}");
        }
        assert_eq!(
            [
                lines[UNK as usize],
                lines[CLS as usize],
                lines[SEP as usize]
            ],
            ["[UNK]", "[CLS]", "[SEP]"]
        );
        for absent in ["", "##", "arbiterr", "[unk]", "deathknellz"] {
            assert_eq!(id(absent), None, "{absent:?}");
        }
    }
}
