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
    let helper = std::thread::spawn(move || help_until(|| flag.load(Ordering::Acquire)));
    for _ in 0..20 {
        for (t, v) in texts.iter().zip(&alone) {
            assert_eq!(&embed(t), v, "{t:?} with a helper");
        }
    }
    stop.store(true, Ordering::Release);
    let taken = helper.join().expect("the helper ends");
    assert!(taken > 0, "the helper took no chunk in 100 embeddings");
}
