//! Computes the table of rule embeddings that search's meaning ranking reads
//! (src/search/rule-vectors.bin; see src/search/meaning.rs):
//!
//! ```sh
//! cargo run --release --example rule_vectors            # embed every rule and example, write the table
//! cargo run --release --example rule_vectors passages   # print the passages (JSON lines)
//! cargo run --release --example rule_vectors glossary   # print the glossary terms (JSON lines)
//! cargo run --release --example rule_vectors embed < queries.txt   # each line's embedding (JSON lines)
//! ```
//!
//! The printing modes feed scripts/minilm-finetune.py (which adapts the model to the
//! rulebook's own structure and scores rankings with the shipped model's vectors).
//!
//! Run it when an edition's rules or `meaning::passage` change (a test says so);
//! it takes about a minute of CPU.
use arbiter::rulebook::{Library, Passage};
use arbiter::search::meaning::{self, EditionVectors};

fn main() {
    let lib = Library::get();
    let mode = std::env::args().nth(1);
    let print = mode.as_deref() == Some("passages");
    if mode.as_deref() == Some("glossary") {
        print_glossary(lib);
        return;
    }
    if mode.as_deref() == Some("embed") {
        print_embeddings();
        return;
    }
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
                    serde_json::json!({"game": book.meta.game, "edition": book.meta.edition, "i": i, "id": book.ed.rules[i].key(), "passage": p})
                );
            }
            for (i, e) in &examples {
                println!(
                    "{}",
                    serde_json::json!({"game": book.meta.game, "edition": book.meta.edition, "i": i, "id": book.ed.rules[*i as usize].key(), "example": e})
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

/// Prints each line of standard input's embedding as the search embeds a query
/// (`meaning::query_text` of the line), one JSON array per line.
fn print_embeddings() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("read standard input");
        let v = meaning::embed(&meaning::query_text(&line));
        println!("{}", serde_json::json!(v.to_vec()));
    }
}

/// Prints every edition's glossary: a term, where it came from, the rules that
/// define it and the rules its passages are placed on.
fn print_glossary(lib: &Library) {
    for bi in 0..lib.metas().len() {
        let book = lib.book(bi);
        for t in &book.ed.glossary {
            let placed: Vec<String> = t
                .passages
                .iter()
                .filter_map(|p| match p {
                    Passage::Rule(id) | Passage::Recovered(id, _) => Some(id.to_string()),
                    Passage::Unplaced(_) => None,
                })
                .collect();
            println!(
                "{}",
                serde_json::json!({
                    "game": book.meta.game,
                    "edition": book.meta.edition,
                    "term": t.term,
                    "source": format!("{:?}", t.source),
                    "defined_by": t.defined_by.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
                    "passages": placed,
                })
            );
        }
    }
}
