//! Sentence embeddings for arbiter's search: the sentence-transformers model
//! all-MiniLM-L6-v2 (Apache-2.0, see `model/README.md`), int8-quantised and compiled
//! into the binary, run by a plain-Rust BERT forward pass whose matrix products are
//! done in integers (int8 inputs and weights). [`embed`] gives the same vector as
//! sentence-transformers' `encode(text, normalize_embeddings=True)` to a cosine of
//! 0.995 or better (0.998 on 48 of the 50 test texts; tests/parity.rs), offline, with
//! nothing installed, and the same vector, bit for bit, on every x86-64 CPU, whichever
//! integer path it takes (the float arithmetic, softmax's `exp` included, is plain
//! multiplies and adds in a fixed order, never a fused multiply-add).
//!
//! The model is read in place from the compiled-in bytes (its layout checked on first
//! use, nothing copied) and the vocabulary is indexed at build time (`build.rs`), so
//! loading it costs next to nothing.
//! No input panics: any string is cleaned, tokenized and truncated to 256 tokens.

mod crew;
mod int8;
mod model;
mod tokenizer;

use std::sync::OnceLock;

use model::Model;

/// The length of an embedding.
pub const DIM: usize = 384;

/// The most tokens the model reads, `[CLS]` and `[SEP]` included; the rest of a longer
/// text is ignored, as sentence-transformers does.
pub const MAX_TOKENS: usize = tokenizer::MAX_TOKENS;

static BLOB: &[u8] = include_bytes!("../model/minilm-l6-q8.bin");

fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        // The blob is compiled in and checked by this crate's tests, so a failure here
        // is a build that shipped the wrong file, not something input can cause.
        let model = Model::parse(BLOB)
            .expect("model/minilm-l6-q8.bin has the layout of scripts/minilm-export.py");
        assert!(
            tokenizer::VOCAB_LEN == model.vocab_len() && model.max_positions() >= MAX_TOKENS,
            "vocab.txt and the model blob come from the same export"
        );
        model
    })
}

/// Loads the model now rather than on the first [`embed`] (for timing, or to take the
/// cost before a user waits).
pub fn init() {
    model();
}

/// The token ids the model reads for `text`: `[CLS]`, the WordPiece tokens of the
/// cleaned, lowercased, accent-stripped text (at most 254), `[SEP]`.
pub fn token_ids(text: &str) -> Vec<u32> {
    tokenizer::encode(text)
}

/// The L2-normalised sentence embedding of `text` (unit length; compare two with a dot
/// product, which is their cosine).
pub fn embed(text: &str) -> [f32; DIM] {
    model().embed(&tokenizer::encode(text))
}

/// [`embed`] for each text, in order.
pub fn embed_batch<S: AsRef<str>>(texts: &[S]) -> Vec<[f32; DIM]> {
    texts.iter().map(|t| embed(t.as_ref())).collect()
}

pub use crew::help_until;

/// The distance between the bytes [`touch_next`] reads: the kernel maps a file's pages
/// 64 KiB at a time around a fault (Linux's default `fault_around_bytes`), so one read
/// per 64 KiB maps them all; with a smaller fault-around, the pages between are mapped
/// when first read, as without this.
pub const TOUCH_STEP: usize = 1 << 16;

/// Reads the byte of `bytes` at `*at` and moves `*at` on by [`TOUCH_STEP`]; false,
/// reading nothing, once `*at` is past the end. The read makes the kernel map that part
/// of the compiled-in bytes now, in this thread, rather than in whichever thread reads
/// them first: a process reads the model and the rule vectors once, each page at the
/// cost of a page fault.
pub fn touch_next(bytes: &'static [u8], at: &mut usize) -> bool {
    let Some(b) = bytes.get(*at) else {
        return false;
    };
    *at = at.saturating_add(TOUCH_STEP);
    // SAFETY: `b` is a reference to a byte of a static slice; the volatile read only
    // keeps the compiler from dropping a read whose value is unused.
    unsafe { std::ptr::read_volatile(b) };
    true
}

/// Maps the model's layer weights (10 MB) into the process with [`touch_next`]: a
/// thread with time to spare calls this while another thread embeds, which then
/// finds the weights mapped instead of taking some 170 page faults as it reaches each
/// layer (a search's thread does, before it searches the words: measured in
/// benches/search.sh's questions, about 0.4 ms less on the VNNI path). Once per
/// process: the pages stay mapped.
pub fn warm() {
    static WARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if WARMED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let (bytes, mut at) = (model().layer_bytes(), 0);
    while touch_next(bytes, &mut at) {}
}

/// The dot product of two embeddings: their cosine similarity, since both are unit length.
pub fn cosine(a: &[f32; DIM], b: &[f32; DIM]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
