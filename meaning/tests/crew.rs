//! A thread waiting for an embedding takes part in its integer products
//! (`help_until`): every embedding is the same, bit for bit, with help or without.

use arbiter_meaning::{embed, help_until};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[test]
fn a_helping_thread_changes_no_embedding_and_takes_part() {
    let texts = [
        "who gets credit for a kill",
        "can I respond to a spell during a showdown",
        "what happens when two units with deathknell die at the same time",
        "does a hidden card keep its abilities while face down on a battlefield",
        "tank",
    ];
    // computed with no helper: every product on this thread, unsplit
    let alone: Vec<_> = texts.iter().map(|t| embed(t)).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let helper = std::thread::spawn(move || help_until(|| flag.load(Ordering::Acquire), || false));
    for _ in 0..20 {
        for (t, v) in texts.iter().zip(&alone) {
            assert_eq!(&embed(t), v, "{t:?} with a helper");
        }
    }
    stop.store(true, Ordering::Release);
    let taken = helper.join().expect("the helper ends");
    assert!(taken > 0, "the helper took no chunk in 100 embeddings");
}

/// Between products the helper does its idle work (a search maps the rule vectors),
/// a step at a time until the work says there is none left, and stops at `done`.
#[test]
fn a_helping_thread_does_its_idle_work_between_products() {
    use std::sync::atomic::AtomicU32;
    let stop = Arc::new(AtomicBool::new(false));
    let steps = Arc::new(AtomicU32::new(0));
    let (flag, count) = (Arc::clone(&stop), Arc::clone(&steps));
    let helper = std::thread::spawn(move || {
        help_until(
            || flag.load(Ordering::Acquire),
            || count.fetch_add(1, Ordering::AcqRel) + 1 < 1_000,
        )
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while steps.load(Ordering::Acquire) < 1_000 && std::time::Instant::now() < deadline {
        std::thread::yield_now();
    }
    let done = steps.load(Ordering::Acquire);
    // the helper still ends at `done`, and an embedding beside it is unchanged
    let v = embed("tank");
    stop.store(true, Ordering::Release);
    helper.join().expect("the helper ends");
    assert!(done >= 1_000, "only {done} steps of idle work in 30 s");
    assert_eq!(v, embed("tank"));
}

/// `touch_next` reads one byte in every 64 KiB, from the start to the last such byte,
/// then says there is nothing left; `warm` goes through the model's weights with it.
#[test]
fn touching_visits_every_64_kib_then_stops() {
    static BYTES: [u8; 200_000] = [7; 200_000];
    let mut at = 0;
    let mut visited = vec![];
    while {
        let before = at;
        let more = arbiter_meaning::touch_next(&BYTES, &mut at);
        if more {
            visited.push(before);
        }
        more
    } {}
    assert_eq!(visited, [0, 65_536, 131_072, 196_608]);
    assert!(!arbiter_meaning::touch_next(&BYTES, &mut at));
    assert_eq!(arbiter_meaning::TOUCH_STEP, 65_536);
    arbiter_meaning::warm();
}
