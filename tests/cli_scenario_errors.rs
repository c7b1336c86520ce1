//! `arbiter check` / `run` / `test` on bad input: every error kind with its
//! file:line:col, what was expected and a "did you mean", and exit code 2.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env("NO_COLOR", "1").arg("--color").arg("never");
    c
}

/// A scenario file in a temporary folder (kept alive by the returned guard).
fn scenario(body: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.yaml");
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(body.as_bytes()).unwrap();
    (dir, path.display().to_string())
}

const GOOD: &str = "\
title: A Tank is assigned lethal damage first
mode: duel
cards:
  Shieldbearer: {type: unit, might: 3, keywords: [Tank]}
  Raider: {type: unit, might: 5}
  Squire: {type: unit, might: 2}
setup:
  turn: {player: A, phase: main}
  battlefields:
    - name: The Bridge
      controller: B
      units: [{card: Shieldbearer}, {card: Squire}]
  bases:
    A: [{card: Raider, id: raider}]
script:
  - move: {units: [raider], to: The Bridge}
expect:
  - {object: Shieldbearer, zone: trash}
";

#[test]
fn check_accepts_a_valid_scenario() {
    let (_d, p) = scenario(GOOD);
    arbiter()
        .args(["check", &p])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok").and(predicate::str::contains("3 objects")));
}

#[test]
fn check_json_has_stable_fields() {
    let (_d, p) = scenario(GOOD);
    let out = arbiter().args(["--json", "check", &p]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["objects"], 3);
    assert_eq!(v["players"], serde_json::json!(["A", "B"]));
    assert_eq!(v["battlefields"], serde_json::json!(["The Bridge"]));
}

#[test]
fn bad_yaml_reports_line_and_column() {
    let (_d, p) = scenario("title: x\nsetup:\n  turn: {player: A\n  bases: [\n");
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::is_match(r"s\.yaml:\d+:\d+: ").unwrap());
}

#[test]
fn unknown_field_is_located_with_a_suggestion() {
    let (_d, p) = scenario(&GOOD.replace("zone: trash", "zon: trash"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "s.yaml:18:28: unknown field \"zon\" — did you mean \"zone\"?",
        ))
        .stderr(predicate::str::contains("expected one of:"));
}

#[test]
fn unknown_keyword_suggests_the_nearest() {
    let (_d, p) = scenario(&GOOD.replace("keywords: [Tank]", "keywords: [Asault 2]"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "s.yaml:4:51: unknown keyword \"Asault\" — did you mean \"Assault\"?",
        ));
}

#[test]
fn ambiguous_name_lists_the_candidates() {
    let body = GOOD.replace(
        "units: [{card: Shieldbearer}, {card: Squire}]",
        "units: [{card: Shieldbearer}, {card: Squire}, {card: Squire, id: squire2}]",
    );
    let body = body.replace(
        "{object: Shieldbearer, zone: trash}",
        "{object: Squire, zone: trash}",
    );
    let (_d, p) = scenario(&body);
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "s.yaml:18:14: \"Squire\" is ambiguous",
        ))
        .stderr(predicate::str::contains("id \"squire2\" at The Bridge"))
        .stderr(predicate::str::contains("#1 at The Bridge (no id)"));
}

#[test]
fn unknown_object_suggests_and_lists() {
    let (_d, p) = scenario(&GOOD.replace("units: [raider]", "units: [raidr]"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown object \"raidr\" — did you mean \"raider\"?",
        ))
        .stderr(predicate::str::contains("objects: "));
}

#[test]
fn unknown_battlefield_and_card_are_errors() {
    let (_d, p) = scenario(&GOOD.replace("to: The Bridge", "to: The Brige"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown battlefield \"The Brige\" — did you mean \"The Bridge\"?",
        ));
    let (_d, p) =
        scenario(&GOOD.replace("{card: Raider, id: raider}", "{card: Rader, id: raider}"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown card \"Rader\" — did you mean \"Raider\"?",
        ));
}

#[test]
fn unknown_step_suggests_the_nearest() {
    let (_d, p) = scenario(&GOOD.replace("- move:", "- mvoe:"));
    arbiter()
        .args(["check", &p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean \"move\"?"));
}

#[test]
fn missing_file_is_exit_2() {
    arbiter()
        .args(["check", "/nonexistent/nope.yaml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read the scenario"));
    arbiter()
        .args(["run", "/nonexistent/nope.yaml"])
        .assert()
        .code(2);
    arbiter()
        .args(["test", "/nonexistent/folder"])
        .assert()
        .code(2);
}

#[test]
fn a_scenario_may_expect_its_load_error() {
    let body = GOOD.replace("keywords: [Tank]", "keywords: [Asault]")
        + "expect-error: {kind: unknown-keyword, contains: \"did you mean \\\"Assault\\\"\"}\n";
    let (_d, p) = scenario(&body);
    arbiter()
        .args(["check", &p])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "fails to load as expected (unknown-keyword)",
        ));
}

#[test]
fn check_json_reports_the_error_too() {
    let (_d, p) = scenario(&GOOD.replace("zone: trash", "zon: trash"));
    let out = arbiter().args(["--json", "check", &p]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["schema"], "error/1");
    assert_eq!(v["error"]["kind"], "input");
    assert_eq!(v["error"]["scenario_kind"], "unknown-field");
    assert!(v["error"]["file"].as_str().unwrap().ends_with(".yaml"));
    assert_eq!(v["error"]["line"], 18);
    assert_eq!(v["error"]["column"], 28);
}
