//! Sentence embeddings for arbiter's search: the sentence-transformers model
//! all-MiniLM-L6-v2 (Apache-2.0, see `model/README.md`), int8-quantised and compiled
//! into the binary, run by a plain-Rust BERT forward pass. [`embed`] gives the same
//! vector as sentence-transformers' `encode(text, normalize_embeddings=True)` to a
//! cosine of 0.995 or better (tests/parity.rs), offline, with nothing installed.
//!
//! The model is read on first use (a few milliseconds) and shared by every thread.
//! No input panics: any string is cleaned, tokenized and truncated to 256 tokens.

mod model;
mod tokenizer;

use std::sync::OnceLock;

use model::Model;
use tokenizer::Vocab;

/// The length of an embedding.
pub const DIM: usize = 384;

/// The most tokens the model reads, `[CLS]` and `[SEP]` included; the rest of a longer
/// text is ignored, as sentence-transformers does.
pub const MAX_TOKENS: usize = tokenizer::MAX_TOKENS;

static BLOB: &[u8] = include_bytes!("../model/minilm-l6-q8.bin");
static VOCAB: &str = include_str!("../model/vocab.txt");

struct Encoder {
    vocab: Vocab,
    model: Model,
}

fn encoder() -> &'static Encoder {
    static ENCODER: OnceLock<Encoder> = OnceLock::new();
    ENCODER.get_or_init(|| {
        // Both files are compiled in and checked by this crate's tests, so a failure
        // here is a build that shipped the wrong files, not something input can cause.
        let vocab = Vocab::parse(VOCAB).expect("model/vocab.txt is a BERT vocabulary");
        let model = Model::parse(BLOB)
            .expect("model/minilm-l6-q8.bin has the layout of scripts/minilm-export.py");
        assert!(
            vocab.len() == model.vocab_len() && model.max_positions() >= MAX_TOKENS,
            "vocab.txt and the model blob come from the same export"
        );
        Encoder { vocab, model }
    })
}

/// Loads the model now rather than on the first [`embed`] (for timing, or to take the
/// cost before a user waits).
pub fn init() {
    encoder();
}

/// The token ids the model reads for `text`: `[CLS]`, the WordPiece tokens of the
/// cleaned, lowercased, accent-stripped text (at most 254), `[SEP]`.
pub fn token_ids(text: &str) -> Vec<u32> {
    encoder().vocab.encode(text)
}

/// The L2-normalised sentence embedding of `text` (unit length; compare two with a dot
/// product, which is their cosine).
pub fn embed(text: &str) -> [f32; DIM] {
    let e = encoder();
    e.model.embed(&e.vocab.encode(text))
}

/// [`embed`] for each text, in order.
pub fn embed_batch<S: AsRef<str>>(texts: &[S]) -> Vec<[f32; DIM]> {
    texts.iter().map(|t| embed(t.as_ref())).collect()
}

/// The dot product of two embeddings: their cosine similarity, since both are unit length.
pub fn cosine(a: &[f32; DIM], b: &[f32; DIM]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
