//! Computes the table of rule embeddings that search's meaning ranking reads
//! (src/search/rule-vectors.bin; see src/search/meaning.rs):
//!
//! ```sh
//! cargo run --release --example rule_vectors            # embed every rule and example, write the table
//! cargo run --release --example rule_vectors passages   # print the passages (JSON lines)
//! ```
//!
//! Run it when an edition's rules or `meaning::passage` change (a test says so);
//! it takes about a minute of CPU.
use arbiter::rulebook::Library;
use arbiter::search::meaning::{self, EditionVectors};

fn main() {
    let lib = Library::get();
    let print = std::env::args().nth(1).as_deref() == Some("passages");
    let mut editions = Vec::new();
    for bi in 0..lib.metas().len() {
        let book = lib.book(bi);
        let n = book.ed.rules.len();
        let passages: Vec<String> = (0..n).map(|i| meaning::passage(book, i)).collect();
        let examples: Vec<(u32, String)> = (0..n)
            .flat_map(|i| {
                meaning::example_passages(book, i)
                    .into_iter()
                    .map(move |e| (i as u32, e))
            })
            .collect();
        if print {
            for (i, p) in passages.iter().enumerate() {
                println!(
                    "{}",
                    serde_json::json!({"game": book.meta.game, "edition": book.meta.edition, "i": i, "passage": p})
                );
            }
            for (i, e) in &examples {
                println!(
                    "{}",
                    serde_json::json!({"game": book.meta.game, "edition": book.meta.edition, "i": i, "example": e})
                );
            }
            continue;
        }
        let rules = arbiter_meaning::embed_batch(&passages)
            .into_iter()
            .map(|v| v.to_vec())
            .collect();
        let texts: Vec<&str> = examples.iter().map(|(_, e)| e.as_str()).collect();
        let examples = examples
            .iter()
            .zip(arbiter_meaning::embed_batch(&texts))
            .map(|((i, _), v)| (*i, v.to_vec()))
            .collect::<Vec<_>>();
        eprintln!(
            "{} {}: {} rules, {} examples",
            book.meta.game,
            book.meta.edition,
            n,
            examples.len()
        );
        editions.push(EditionVectors {
            game: book.meta.game.to_string(),
            edition: book.meta.edition.to_string(),
            hash: meaning::passages_hash(book),
            rules,
            examples,
        });
    }
    if !print {
        std::fs::write(
            "src/search/rule-vectors.bin",
            meaning::write_table(&editions),
        )
        .expect("write src/search/rule-vectors.bin");
    }
}
