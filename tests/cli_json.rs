//! `--json` everywhere (issue 15, item 3): every error is a JSON document on stdout with
//! the same exit code as the text form, and nothing on stderr.

mod common;
use common::{arbiter, json};
use serde_json::Value;

/// Runs `arbiter --json ARGS`: exit code, parsed stdout, stderr.
fn run(args: &[&str]) -> (i32, Value, String) {
    let out = arbiter().arg("--json").args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: stdout is not one JSON document ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (
        out.status.code().unwrap(),
        v,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The error document's fixed shape, whatever the error.
fn assert_error_shape(v: &Value) {
    assert_eq!(v["schema"], "error/1", "{v}");
    let e = v["error"].as_object().expect("an error object");
    let keys: Vec<&str> = e.keys().map(String::as_str).collect();
    for k in [
        "kind",
        "message",
        "suggestions",
        "file",
        "line",
        "column",
        "hint",
        "scenario_kind",
        "rule",
    ] {
        assert!(keys.contains(&k), "{k} missing from {v}");
    }
    assert!(e["suggestions"].is_array());
    assert!(!e["message"].as_str().unwrap().is_empty());
}

#[test]
fn not_found_is_a_json_error_with_exit_1() {
    for args in [
        &["rule", "999.9"][..],
        &["define", "zzzz"],
        &["toc", "9999"],
        &["refs", "999.9"],
        &["--cards", "scenarios/cards/database.json", "card", "zzzz"],
    ] {
        let (code, v, err) = run(args);
        assert_eq!(code, 1, "{args:?}");
        assert_error_shape(&v);
        assert_eq!(v["error"]["kind"], "not-found", "{args:?}");
        assert!(err.is_empty(), "{args:?} also wrote to stderr: {err}");
    }
    // a near id is offered, as in the text form
    let (_, v, _) = run(&["rule", "323.55"]);
    assert!(
        !v["error"]["suggestions"].as_array().unwrap().is_empty(),
        "{v}"
    );
}

#[test]
fn usage_errors_are_json_with_exit_2() {
    let (code, v, err) = run(&["rule", "300", "--edition", "1999"]);
    assert_eq!(code, 2);
    assert_error_shape(&v);
    assert_eq!(v["error"]["kind"], "usage");
    assert!(err.is_empty());
    // clap's own usage errors too, with its suggestion
    let (code, v, _) = run(&["rul", "300"]);
    assert_eq!(code, 2);
    assert_error_shape(&v);
    assert_eq!(v["error"]["kind"], "usage");
    assert!(
        v["error"]["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s == "rule"),
        "{v}"
    );
    let (code, v, _) = run(&["search"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "usage");
}

#[test]
fn input_errors_say_where() {
    let (code, v, _) = run(&["run", "no/such/file.yaml"]);
    assert_eq!(code, 2);
    assert_error_shape(&v);
    assert_eq!(v["error"]["kind"], "input");
    assert_eq!(v["error"]["file"], "no/such/file.yaml");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.yaml");
    std::fs::write(&p, "title: x\nsetup: {}\nbogus: 1\n").unwrap();
    let (code, v, _) = run(&["check", p.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_error_shape(&v);
    assert_eq!(v["error"]["scenario_kind"], "unknown-field");
    assert_eq!(v["error"]["line"], 3);
}

#[test]
fn a_command_that_printed_its_document_adds_no_second_one() {
    // a search without hits: its document carries the hints; exit 1, one document
    let (code, v, err) = run(&["search", "zzzzqqqx"]);
    assert_eq!(code, 1);
    assert_eq!(v["total"], 0);
    assert!(err.is_empty(), "{err}");
    // a failing scenario: the verdict is the document, the failure exits 1
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("fail.yaml");
    std::fs::write(
        &p,
        "title: fails\nsetup: {}\nexpect:\n  - {player: A, points: 5}\n",
    )
    .unwrap();
    let (code, v, _) = run(&["run", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["status"], "fail");
}

#[test]
fn a_success_is_not_an_error_document() {
    let v = json(&["editions"]);
    assert!(v.get("error").is_none(), "{v}");
    assert!(v["editions"].as_array().is_some_and(|e| !e.is_empty()));
}

/// A usage error's message is clap's whole sentence, the missing argument included, not
/// only its first line (which ends "were not provided:").
#[test]
fn usage_errors_name_what_is_missing() {
    let (code, v, _) = run(&["rule"]);
    assert_eq!(code, 2);
    assert_eq!(
        v["error"]["message"], "the following required arguments were not provided: <ID>",
        "{v}"
    );
}
