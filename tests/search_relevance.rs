//! The relevance floor: recall@5 and MRR over the committed evaluation set
//! (tests/search_eval.txt). Fails below recall@5 = 0.85.

use arbiter::rulebook::RuleId;
use arbiter::search::{self, Options, Scope, cache};

struct Case {
    kind: String,
    query: String,
    answers: Vec<RuleId>,
}

fn cases() -> Vec<Case> {
    include_str!("search_eval.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(parts.len(), 3, "malformed line: {l}");
            Case {
                kind: parts[0].to_string(),
                query: parts[1].to_string(),
                answers: parts[2]
                    .split_whitespace()
                    .map(|a| RuleId::parse(a).unwrap_or_else(|| panic!("bad id {a} in: {l}")))
                    .collect(),
            }
        })
        .collect()
}

/// A hit answers when it is an answer or lies beneath one.
fn answers(hit: &str, case: &Case) -> bool {
    RuleId::parse(hit).is_some_and(|h| case.answers.iter().any(|a| h.is_within(a)))
}

#[test]
fn relevance_floor_recall_at_5_and_mrr() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let opened = cache::open_at(Some(tmp.path().to_path_buf()), false).expect("index");
    let opts = Options {
        limit: 10,
        scope: Scope::Edition {
            game: "riftbound".into(),
            edition: "2026-03-30".into(),
        },
        section: None,
    };
    let cases = cases();
    assert!(cases.len() >= 50, "the set needs at least 50 queries");
    let (mut found5, mut rr_sum) = (0usize, 0f64);
    let mut by_kind: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut misses = Vec::new();
    for c in &cases {
        // Every answer id must exist: the set is written from the rules.
        let res = search::run(&opened, &c.query, &opts).expect("query runs");
        let rank = res
            .hits
            .iter()
            .position(|h| answers(&h.id, c))
            .map(|p| p + 1);
        let e = by_kind.entry(c.kind.clone()).or_default();
        e.1 += 1;
        if let Some(r) = rank {
            rr_sum += 1.0 / r as f64;
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
    let n = cases.len() as f64;
    let recall = found5 as f64 / n;
    let mrr = rr_sum / n;
    println!(
        "search relevance over {} queries: recall@5 = {recall:.3}, MRR@10 = {mrr:.3}",
        cases.len()
    );
    for (k, (f, t)) in &by_kind {
        println!("  {k}: {f}/{t} in the top 5");
    }
    if !misses.is_empty() {
        println!("not in the top 5:\n{}", misses.join("\n"));
    }
    assert!(
        recall >= 0.85,
        "recall@5 {recall:.3} is below the 0.85 floor"
    );
}
