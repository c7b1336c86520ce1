//! Indexes `model/vocab.txt` at build time, so that a process which embeds one question
//! does no work proportional to the vocabulary: `$OUT_DIR/vocab_index.rs` holds each
//! token's byte span in the file (by id, a token's id being its line number), the ids
//! in the byte order of their tokens (for a binary search) and the ids of `[UNK]`,
//! `[CLS]` and `[SEP]`. The tokenizer reads the tokens from the file itself
//! (`include_str!`), so the index holds numbers only.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let vocab_path = Path::new(&manifest).join("model/vocab.txt");
    println!("cargo:rerun-if-changed=model/vocab.txt");
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&vocab_path)
        .unwrap_or_else(|e| panic!("{}: {e}", vocab_path.display()));

    // Each line's byte span, as `str::lines` splits them (a `\r` before the `\n` is
    // not part of the token).
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for line in text.lines() {
        let at = line.as_ptr() as usize - text.as_ptr() as usize;
        assert!(at >= start, "lines come in order");
        spans.push((at, at + line.len()));
        start = at + line.len();
    }
    let token = |id: usize| &text[spans[id].0..spans[id].1];
    assert!(
        u32::try_from(text.len()).is_ok() && u32::try_from(spans.len()).is_ok(),
        "vocab.txt fits u32 offsets"
    );

    let mut sorted: Vec<usize> = (0..spans.len()).collect();
    sorted.sort_by(|&a, &b| token(a).as_bytes().cmp(token(b).as_bytes()));
    if let Some(w) = sorted.windows(2).find(|w| token(w[0]) == token(w[1])) {
        panic!(
            "vocab.txt has the token {:?} twice (lines {} and {}): which id it means is ambiguous",
            token(w[0]),
            w[0] + 1,
            w[1] + 1
        );
    }
    let id_of = |name: &str| {
        sorted
            .iter()
            .copied()
            .find(|&id| token(id) == name)
            .unwrap_or_else(|| panic!("vocab.txt has no {name} token"))
    };

    let mut out = String::new();
    let n = spans.len();
    writeln!(out, "/// Tokens in `vocab.txt`.").unwrap();
    writeln!(out, "pub(crate) const VOCAB_LEN: usize = {n};").unwrap();
    for (name, token) in [("UNK", "[UNK]"), ("CLS", "[CLS]"), ("SEP", "[SEP]")] {
        writeln!(out, "pub(crate) const {name}: u32 = {};", id_of(token)).unwrap();
    }
    writeln!(
        out,
        "/// Token id → its byte span (start, end) in `vocab.txt`."
    )
    .unwrap();
    write!(out, "pub(crate) static SPANS: [[u32; 2]; {n}] = [").unwrap();
    for (a, b) in &spans {
        write!(out, "[{a},{b}],").unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "/// Token ids in the byte order of their tokens.").unwrap();
    write!(out, "pub(crate) static SORTED: [u32; {n}] = [").unwrap();
    for id in &sorted {
        write!(out, "{id},").unwrap();
    }
    writeln!(out, "];").unwrap();

    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("vocab_index.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
