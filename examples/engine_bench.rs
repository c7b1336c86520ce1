//! The engine benchmark run by `benches/engine.sh` (release build):
//!
//! 1. the random-play mix of the engine's invariant test (25 seeds, up to 150 actions
//!    each, `arbiter::engine::workload`), played ROUNDS times (best round kept):
//!    `engine: N actions/s, M µs/turn, K events/s`, counting applied actions (rejected
//!    ones are timed but not counted), game turns begun, and trace events recorded;
//! 2. long 40-card games (`workload::long_game`, 3 seeds): the mean cost of an applied
//!    action over the 50 actions from the 100th and from the 1,000th.
//!
//! Usage: `cargo run --release --example engine_bench [ROUNDS]`.

use arbiter::engine::workload;
use arbiter::engine::{Game, Status};
use std::time::{Duration, Instant};

/// One pass over the mix: (time, applied actions, turns, events, cleanups).
fn mix() -> (Duration, u64, u64, u64, u64) {
    let (mut time, mut applied, mut turns, mut events, mut cleanups) = (Duration::ZERO, 0, 0, 0, 0);
    for seed in 0..25u64 {
        let (mut g, bfs) = workload::invariant_board(seed);
        let mut rng = workload::invariant_rng(seed);
        let t = Instant::now();
        g.start().expect("the invariant board starts");
        for _ in 0..150 {
            if g.winner().is_some() {
                break;
            }
            let action = workload::invariant_action(&g, &mut rng, bfs);
            if g.apply(action).is_ok() {
                applied += 1;
            }
        }
        time += t.elapsed();
        turns += u64::from(g.turn.number);
        events += g.trace.events.len() as u64;
        cleanups += g
            .trace
            .events
            .iter()
            .filter(|e| e.kind == arbiter::engine::EventKind::Cleanup)
            .count() as u64;
    }
    (time, applied, turns, events, cleanups)
}

/// µs per applied action over actions [100, 150) and [1000, 1050) of one long game.
fn long(seed: u64) -> (f64, f64) {
    let mut g = workload::long_game(seed);
    let mut rng = Game::new(arbiter::engine::Mode::Duel, &["x", "y"], seed ^ 0x1046);
    g.start().expect("the long game starts");
    let mut applied = 0u64;
    let mut marks = [Instant::now(); 4];
    let wanted = [100, 150, 1000, 1050];
    let mut k = 0;
    let mut attempts = 0u64;
    while k < wanted.len() {
        attempts += 1;
        if attempts >= 100_000 || matches!(g.status(), Status::Over { .. }) {
            let trace = g.trace.render_plain();
            let tail: Vec<&str> = trace.lines().rev().take(20).collect();
            panic!(
                "seed {seed}: the long game stopped after {applied} actions ({:?}); the trace ends:\n{}",
                g.status(),
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            );
        }
        let action = workload::long_action(&g, &mut rng);
        if g.apply(action).is_ok() {
            applied += 1;
            if applied == wanted[k] {
                marks[k] = Instant::now();
                k += 1;
            }
        }
    }
    let per = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e6 / 50.0;
    (per(marks[0], marks[1]), per(marks[2], marks[3]))
}

fn main() {
    let rounds: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut best = mix();
    for _ in 1..rounds {
        let r = mix();
        if r.0 < best.0 {
            best = r;
        }
    }
    let (time, applied, turns, events, cleanups) = best;
    let secs = time.as_secs_f64();
    println!(
        "engine: {:.0} actions/s, {:.0} µs/turn, {:.0} events/s",
        applied as f64 / secs,
        secs * 1e6 / turns as f64,
        events as f64 / secs
    );
    eprintln!(
        "  (random-play mix, best of {rounds}: 25 games, {applied} actions applied, {turns} turns, {events} events, {cleanups} cleanups in {:.1} ms; {:.1} µs/action)",
        secs * 1e3,
        secs * 1e6 / applied as f64
    );
    let (mut at100, mut at1000) = (0.0, 0.0);
    let seeds = 3;
    for seed in 0..seeds {
        let (a, b) = long(seed);
        at100 += a;
        at1000 += b;
    }
    at100 /= seeds as f64;
    at1000 /= seeds as f64;
    println!(
        "long 40-card games: {at100:.0} µs/action at 100 actions, {at1000:.0} µs/action at 1,000 actions ({:.1}×)",
        at1000 / at100
    );
}
