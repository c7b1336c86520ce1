//! `arbiter diff` and the was/now lines of `rule`, driven through the binary.

mod common;

use common::{arbiter, json};
use predicates::prelude::*;

#[test]
fn diff_text_summarises_then_shows_each_change_with_a_word_diff() {
    arbiter()
        .args(["diff", "2025-06-02", "2026-03-30", "--section", "500-512"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "riftbound 2025-06-02 → 2026-03-30 (rules 500–512)\n",
        ))
        .stdout(predicate::str::contains("501 The Turn: renumbered"))
        .stdout(predicate::str::contains("~ 508 → 308  renumbered\n"))
        .stdout(predicate::str::contains(
            "~ 508.1 → 308.1  renumbered+reworded",
        ))
        // without colour, insertions read as in git's word diff
        .stdout(predicate::str::contains(
            "If a Showdown {+or Combat+} is in progress",
        ))
        // same rules are counted, not listed
        .stdout(predicate::str::contains("same").not());
}

#[test]
fn diff_colours_insertions_and_deletions() {
    arbiter()
        .args([
            "diff",
            "2025-06-02",
            "2026-03-30",
            "--section",
            "139",
            "--color",
            "always",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\x1b[9m").or(predicate::str::contains(";9m")))
        .stdout(predicate::str::contains("{+").not());
}

#[test]
fn diff_json_has_counts_sections_and_spans() {
    let v = json(&["diff", "2025-06-02", "2026-03-30", "--section", "500-512"]);
    assert_eq!(v["schema"], "diff/1");
    assert_eq!(v["old_edition"], "2025-06-02");
    assert_eq!(v["new_edition"], "2026-03-30");
    assert_eq!(v["section"], "500-512");
    let rel = |name: &str| {
        v["summary"]["relations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["relation"] == name)
            .unwrap()["rules"]
            .as_u64()
            .unwrap()
    };
    // 2025's 500–512 has 27 rules; all went to 300–312
    let total: u64 = [
        "same",
        "reworded",
        "renumbered",
        "renumbered+reworded",
        "removed",
    ]
    .iter()
    .map(|r| rel(r))
    .sum();
    assert_eq!(total, 27);
    assert_eq!(rel("removed"), 0);
    assert_eq!(rel("added"), 0, "312.1… lie beyond the partial copy");
    let changes = v["changes"].as_array().unwrap();
    let c = changes
        .iter()
        .find(|c| c["old"][0]["id"] == "508.1")
        .unwrap();
    assert_eq!(c["new"][0]["id"], "308.1");
    assert_eq!(c["relation"], "renumbered+reworded");
    let spans = c["diff"].as_array().unwrap();
    assert!(
        spans
            .iter()
            .any(|s| s["op"] == "inserted" && s["text"] == "or Combat")
    );
    let renumbered = changes.iter().find(|c| c["old"][0]["id"] == "508").unwrap();
    assert!(renumbered["diff"].is_null());
}

#[test]
fn diff_only_filters_relations_and_finds_merges_and_removals() {
    let v = json(&[
        "diff",
        "2025-06-02",
        "2026-03-30",
        "--only",
        "merged,removed",
    ]);
    let changes = v["changes"].as_array().unwrap();
    assert!(
        changes
            .iter()
            .all(|c| c["relation"] == "merged" || c["relation"] == "removed")
    );
    let merged = changes
        .iter()
        .find(|c| c["new"][0]["id"] == "056")
        .expect("the two zone-ownership rules are merged into 056");
    let olds: Vec<&str> = merged["old"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(olds, ["107.1.d", "107.5.d"]);
    assert!(changes.iter().any(|c| c["old"][0]["id"] == "107.5.g"));
    // the web edition too
    let w = json(&["diff", "web-older", "2026-03-30", "--section", "458"]);
    assert!(
        w["changes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["old"][0]["id"] == "458" && c["new"][0]["id"] == "480")
    );
}

#[test]
fn diff_refuses_bad_arguments() {
    for args in [
        &["diff", "2025-06-02", "2026-03-30", "--only", "moved"][..],
        &["diff", "2025-06-02", "2026-03-30", "--section", "512-500"],
        &["diff", "2025-06-02", "2026-03-30", "--section", "abc"],
        &["diff", "2026-03-30", "2025-06-02"],
        &["diff", "1999", "2026-03-30"],
    ] {
        arbiter()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error: "));
    }
}

/// A section neither edition has a rule in is "nothing found" (exit 1, said once on
/// stderr), as for `rule` and `define`; a section with rules but no changes is not.
#[test]
fn a_diff_section_with_no_rules_is_not_found() {
    arbiter()
        .args(["diff", "2025-06-02", "2026-03-30", "--section", "990-999"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("not found: neither riftbound 2025-06-02 nor 2026-03-30 has a rule in 990-999\n");
    arbiter()
        .args(["diff", "2025-06-02", "2026-03-30", "--section", "300"])
        .assert()
        .success();
}

#[test]
fn rule_says_what_a_rule_was_and_is_now() {
    arbiter()
        .args(["rule", "308"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "was 508 in 2025-06-02 (renumbered)",
        ));
    arbiter()
        .args(["rule", "139.2.b", "--edition", "2025-06-02"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "now 143.2.b in 2026-03-30 (renumbered+reworded)",
        ));
    arbiter()
        .args(["rule", "056"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "was 107.1.d + 107.5.d in 2025-06-02 (merged)",
        ));
    let v = json(&["rule", "056"]);
    assert_eq!(v["counterpart"]["id"], "107.1.d");
    assert_eq!(v["counterpart"]["others"][0], "107.5.d");
    assert_eq!(v["counterpart"]["relation"], "merged");
    // a 2026 rule the web edition covers says what it was there
    arbiter()
        .args(["rule", "480"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "was 458 in web-older (renumbered)",
        ));
    let v = json(&["rule", "480"]);
    assert_eq!(v["counterpart"]["edition"], "web-older");
    assert_eq!(v["counterpart"]["id"], "458");
    arbiter()
        .args(["rule", "480", "--edition", "web-older"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(was 458)"));
    // asked of 2025 for a 2026 number: where it is in 2025
    arbiter()
        .args(["rule", "308", "--edition", "2025-06-02"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(was 508)"));
}
