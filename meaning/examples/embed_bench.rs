//! Times the encoder as a search uses it, in one process: the model load (`init`), the
//! first question (which also pays for first touching the weights' pages), then the same
//! question again, warm, ROUNDS times. Run by benches/embed.sh in release.
//!
//!     cargo run --release -p arbiter-meaning --example embed_bench [-- ROUNDS]

use std::time::Instant;

/// A judge's question of 25 tokens ([CLS] and [SEP] included).
const QUESTION: &str = "If my unit with Tank is at a battlefield and my opponent attacks it, who must they assign damage to first?";

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let start = Instant::now();
    arbiter_meaning::init();
    let init = ms(start);
    let start = Instant::now();
    let first = arbiter_meaning::embed(QUESTION);
    let first_ms = ms(start);
    let mut warm = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        let v = arbiter_meaning::embed(QUESTION);
        warm.push(ms(start));
        assert_eq!(v, first, "the same question gives the same vector");
    }
    warm.sort_by(f64::total_cmp);
    let tokens = arbiter_meaning::token_ids(QUESTION).len();
    print!("tokens {tokens} init_ms {init:.3} first_ms {first_ms:.3}");
    if let (Some(min), Some(median)) = (warm.first(), warm.get(warm.len() / 2)) {
        print!(" warm_median_ms {median:.3} warm_min_ms {min:.3}");
    }
    println!();
}
