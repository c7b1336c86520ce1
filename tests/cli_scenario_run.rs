//! `arbiter run` and `arbiter test`: the timeline, --explain, --json, diffs on
//! failure, strict decisions, exit codes.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env("NO_COLOR", "1")
        .env_remove("ARBITER_HYPERLINKS")
        .arg("--color")
        .arg("never");
    c
}

fn write(dir: &std::path::Path, name: &str, body: &str) -> String {
    let p = dir.join(name);
    std::fs::File::create(&p)
        .unwrap()
        .write_all(body.as_bytes())
        .unwrap();
    p.display().to_string()
}

const TANK: &str = "scenarios/combat/tank-first.yaml";

#[test]
fn run_prints_the_timeline_with_rule_ids_and_the_expectations() {
    arbiter()
        .args(["run", TANK])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Timeline"))
        .stdout(predicate::str::contains(
            "A makes a standard move: Raider to The Bridge  [144, 443]",
        ))
        .stdout(predicate::str::contains(
            "460.2.c.3, 460.2.c.4, 460.2.c.5, 815.1.b]",
        ))
        .stdout(predicate::str::contains("✓ cited 460.2.c.5"));
}

#[test]
fn explain_prints_each_cited_rule_once() {
    let out = arbiter().args(["run", TANK, "--explain"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("323.5 3b. All Units that have non-zero Damage"),
        "{text}"
    );
    assert_eq!(text.matches("323.5 3b. All Units").count(), 1, "{text}");
}

#[test]
fn links_are_osc8_when_enabled() {
    let out = Command::cargo_bin("arbiter")
        .unwrap()
        .env("ARBITER_HYPERLINKS", "1")
        .env(
            "ARBITER_LINK_BASE",
            "file:///site/{game}-{edition}.html#{id}",
        )
        .args(["--color", "always", "run", TANK])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\x1b]8;;file:///site/riftbound-2026-03-30.html#460.2.c.5\x1b\\460.2.c.5")
    );
}

#[test]
fn run_json_has_trace_state_and_expectations() {
    let out = arbiter().args(["--json", "run", TANK]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "pass");
    assert_eq!(v["file"], TANK);
    let trace = v["trace"].as_array().unwrap();
    assert!(trace.len() > 10);
    assert_eq!(trace[0]["seq"], 0);
    assert!(trace.iter().any(|e| {
        e["kind"] == "decision"
            && e["rules"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r == "815.1.b")
    }));
    let objects = v["state"]["objects"].as_array().unwrap();
    let tank = objects
        .iter()
        .find(|o| o["card"] == "Shieldbearer")
        .unwrap();
    assert_eq!(tank["zone"]["zone"], "trash");
    assert_eq!(v["state"]["battlefields"][0]["controller"], "B");
    assert_eq!(v["state"]["turn"]["state"], "neutral-open");
    assert!(
        v["expectations"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["failure"].is_null())
    );
}

#[test]
fn a_failed_expectation_shows_expected_and_actual_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let body = std::fs::read_to_string(TANK).unwrap().replace(
        "{object: Shieldbearer, zone: trash}",
        "{object: Shieldbearer, zone: base}",
    );
    let p = write(dir.path(), "bad.yaml", &body);
    arbiter()
        .args(["run", &p])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("✗ Shieldbearer"))
        .stdout(predicate::str::contains("expected: base"))
        .stdout(predicate::str::contains("actual:   trash"));
}

#[test]
fn an_unscripted_decision_stops_the_run_listing_the_options() {
    let dir = tempfile::tempdir().unwrap();
    let body = std::fs::read_to_string("scenarios/combat/lethal-before-next.yaml")
        .unwrap()
        .replace(
            "  - choose: {player: A, assign-damage: {guard1: 3, guard2: 2}}\n",
            "",
        );
    let p = write(dir.path(), "undecided.yaml", &body);
    arbiter()
        .args(["run", &p])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("Timeline"))
        .stderr(predicate::str::contains(
            "A must decide: A assigns 5 combat damage",
        ))
        .stderr(predicate::str::contains("(assign-damage)"))
        .stderr(predicate::str::contains("1. guard1 3, guard2 2"));
}

#[test]
fn test_reports_each_scenario_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a-good.yaml",
        &std::fs::read_to_string(TANK).unwrap(),
    );
    let bad = std::fs::read_to_string(TANK).unwrap().replace(
        "{battlefield: The Bridge, controller: B}",
        "{battlefield: The Bridge, controller: A}",
    );
    write(dir.path(), "b-bad.yaml", &bad);
    let d = dir.path().display().to_string();
    arbiter()
        .args(["test", &d])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("pass "))
        .stdout(predicate::str::contains("FAIL "))
        .stdout(predicate::str::contains("expected: A"))
        .stdout(predicate::str::ends_with("1 passed, 1 failed\n"));
    let out = arbiter().args(["--json", "test", &d]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["passed"], 1);
    assert_eq!(v["failed"], 1);
    assert_eq!(v["scenarios"][1]["status"], "fail");
    assert_eq!(
        v["scenarios"][1]["expectations"][3]["failure"]["diffs"][0]["attribute"],
        "controller"
    );
}

#[test]
fn test_counts_an_invalid_scenario_as_failed() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "broken.yaml",
        "title: x\nsetup: {bases: {A: [{card: Nope}]}}\n",
    );
    arbiter()
        .args(["test", &dir.path().display().to_string()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid scenario (unknown-name)"))
        .stdout(predicate::str::ends_with("0 passed, 1 failed\n"));
}

#[test]
fn expecting_an_error_that_does_not_happen_fails() {
    let dir = tempfile::tempdir().unwrap();
    let body = std::fs::read_to_string(TANK).unwrap() + "expect-error: {kind: illegal}\n";
    let p = write(dir.path(), "no-error.yaml", &body);
    arbiter()
        .args(["run", &p])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "expected an error of kind illegal, but the run completed",
        ));
}

/// The README's rune example shows the trace this build prints, exactly.
#[test]
fn readme_rune_example_is_current() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme
        .find("<!-- rune-example-trace -->\n```text\n")
        .expect("the README has the rune example")
        + "<!-- rune-example-trace -->\n```text\n".len();
    let end = start
        + readme[start..]
            .find("```\n<!-- /rune-example-trace -->")
            .unwrap();
    let shown = &readme[start..end];
    let out = arbiter()
        .args(["run", "scenarios/resources/runes-pay-a-spell.yaml"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let from = text.find("Timeline\n").expect("a timeline");
    let trace = &text[from..from + text[from..].find("\n\n").unwrap() + 1];
    assert_eq!(
        shown, trace,
        "the README's rune example trace is stale; it is now:\n{trace}"
    );
}

/// The timeline wraps to the width with a hanging indent (issue 15, item 1): each trace line
/// starts at its depth's indent and its continuation lines 4 columns further in; joined
/// again, the lines are exactly the event's text and rule ids (as `--json` gives them).
#[test]
fn the_timeline_wraps_with_a_hanging_indent() {
    let json = arbiter().args(["--json", "run", TANK]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let out = arbiter()
        .env("COLUMNS", "50")
        .args(["--no-pager", "run", TANK])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text
        .lines()
        .skip_while(|l| *l != "Timeline")
        .skip(1)
        .peekable();
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut wrapped = 0;
    for e in v["trace"].as_array().unwrap() {
        let depth = e["depth"].as_u64().unwrap() as usize;
        let rules: Vec<&str> = e["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let want = norm(&format!(
            "{}  [{}]",
            e["text"].as_str().unwrap(),
            rules.join(", ")
        ));
        let indent = 2 + 2 * depth;
        let first = lines.next().expect("a line for each event");
        assert_eq!(first.len() - first.trim_start().len(), indent, "{first:?}");
        let mut got = first.trim().to_string();
        while norm(&got) != want {
            let l = lines.next().unwrap_or_else(|| panic!("{want:?}\n{text}"));
            assert!(
                norm(&format!("{got} {}", l.trim())).len() <= want.len(),
                "{want:?} is followed by {l:?}"
            );
            assert_eq!(l.len() - l.trim_start().len(), indent + 4, "{l:?}\n{text}");
            got = format!("{got} {}", l.trim());
            wrapped += 1;
        }
    }
    assert!(
        wrapped > 10,
        "only {wrapped} continuation lines at 50 columns"
    );
    for l in text.lines() {
        assert!(arbiter::render::text::visible_len(l) <= 50, "{l:?}");
    }
}
