//! Computes the table of rule embeddings that search's meaning ranking reads
//! (src/search/rule-vectors.bin; see src/search/meaning.rs):
//!
//! ```sh
//! cargo run --release --example rule_vectors            # embed every rule, write the table
//! cargo run --release --example rule_vectors passages   # print the passages (JSON lines)
//! ```
//!
//! Run it when an edition's rules or `meaning::passage` change (a test says so).
use arbiter::rulebook::Library;
use arbiter::search::meaning;

fn main() {
    let lib = Library::get();
    let mode = std::env::args().nth(1);
    let mut editions = Vec::new();
    for bi in 0..lib.metas().len() {
        let book = lib.book(bi);
        let passages: Vec<String> = (0..book.ed.rules.len())
            .map(|i| meaning::passage(book, i))
            .collect();
        if mode.as_deref() == Some("passages") {
            for (i, p) in passages.iter().enumerate() {
                println!(
                    "{}",
                    serde_json::json!({"game": book.meta.game, "edition": book.meta.edition, "i": i, "passage": p})
                );
            }
            continue;
        }
        let rows: Vec<Vec<f32>> = match mode.as_deref() {
            // rows computed elsewhere: raw little-endian f32, DIM per rule, every
            // edition in library order, in one file
            Some(file) => {
                static RAW: std::sync::OnceLock<Vec<f32>> = std::sync::OnceLock::new();
                let raw = RAW.get_or_init(|| {
                    std::fs::read(file)
                        .expect("raw rows")
                        .chunks_exact(4)
                        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                        .collect()
                });
                let start: usize = editions
                    .iter()
                    .map(|e: &(String, String, u64, Vec<Vec<f32>>)| e.3.len())
                    .sum();
                (0..passages.len())
                    .map(|i| {
                        raw[(start + i) * meaning::DIM..(start + i + 1) * meaning::DIM].to_vec()
                    })
                    .collect()
            }
            None => arbiter_meaning::embed_batch(&passages)
                .into_iter()
                .map(|v| v.to_vec())
                .collect(),
        };
        eprintln!(
            "{} {}: {} rules",
            book.meta.game,
            book.meta.edition,
            rows.len()
        );
        editions.push((
            book.meta.game.to_string(),
            book.meta.edition.to_string(),
            meaning::passages_hash(book),
            rows,
        ));
    }
    if mode.as_deref() != Some("passages") {
        std::fs::write(
            "src/search/rule-vectors.bin",
            meaning::write_table(&editions),
        )
        .expect("write src/search/rule-vectors.bin");
    }
}
