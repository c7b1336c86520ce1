//! Issue 10, through the binary: output errors never panic, every size from the user is
//! bounded with an error naming the limit.

use std::fs::OpenOptions;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    c.env(
        "ARBITER_CACHE_DIR",
        std::env::temp_dir().join("arbiter-reliability-unused"),
    )
    .env_remove("NO_COLOR")
    .stdin(Stdio::null());
    c
}

fn full() -> Stdio {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
        .into()
}

#[test]
fn a_full_device_on_stderr_or_both_streams_is_not_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        return; // not Linux: nothing to test against
    }
    // the error message cannot be written: its exit code still (1, nothing found), never 101
    let s = bin()
        .args(["rule", "999.9"])
        .stdout(Stdio::null())
        .stderr(full())
        .status();
    assert_eq!(s.unwrap().code(), Some(1));
    // output cannot be written either: an input/output error, exit 2
    for args in [
        &["rule", "323.5"][..],
        &["toc"],
        &["define", "tank"],
        &["editions"],
    ] {
        let s = bin()
            .args(args)
            .stdout(full())
            .stderr(full())
            .status()
            .unwrap();
        assert_eq!(s.code(), Some(2), "{args:?}");
        let o = bin().args(args).stdout(full()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("No space left"), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
}

#[test]
fn help_and_version_on_a_full_device_are_output_errors() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [&["--help"][..], &["--version"], &["rule", "--help"]] {
        let s = bin()
            .args(args)
            .stdout(full())
            .stderr(full())
            .status()
            .unwrap();
        assert_eq!(s.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_closed_stderr_pipe_is_not_a_panic() {
    let mut child = bin()
        .args(["rule", "999.9"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    // nothing found: exit 1, never a panic's 101
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn a_closed_stdout_pipe_ends_quietly() {
    let mut child = bin()
        .args(["toc"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn refused(args: &[&str], needle: &str) {
    let t = Instant::now();
    let o = bin().args(args).output().unwrap();
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains(needle), "{e}");
}

#[test]
fn search_limit_is_bounded() {
    // was a capacity-overflow panic, and a 64 GB allocation for 4294967295
    refused(
        &["search", "--limit", "18446744073709551615", "tank"],
        "accepted 1 to 10000",
    );
    refused(
        &["search", "--limit", "4294967295", "tank"],
        "accepted 1 to 10000",
    );
    refused(&["search", "--limit", "0", "tank"], "accepted 1 to 10000");
}

#[test]
fn huge_queries_and_terms_are_refused_quickly() {
    // a 30,000-character term took 4.3 s; 3,000 unknown words 8.2 s and 4.7 GB
    let long = "x".repeat(30_000);
    refused(&["define", &long], "the limit is 1000");
    let words: Vec<String> = (0..3000).map(|i| format!("zq{i}w")).collect();
    let mut args = vec!["search"];
    args.extend(words.iter().map(String::as_str));
    refused(&args, "the limit is 1000");
    let words: Vec<String> = (0..33).map(|i| format!("w{i}")).collect();
    let mut args = vec!["search"];
    args.extend(words.iter().map(String::as_str));
    refused(&args, "33 words; the limit is 32");
}

#[test]
fn a_device_as_the_card_database_or_deck_list_is_refused_not_read_forever() {
    // /dev/zero has no length: it was read until memory ran out
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    refused(
        &["--cards", "/dev/zero", "cards"],
        "/dev/zero: the card database is larger than 16777216 bytes, the most read",
    );
    refused(
        &[
            "--cards",
            "scenarios/cards/database.json",
            "deck",
            "check",
            "/dev/zero",
        ],
        "/dev/zero: the deck list is larger than 1048576 bytes, the most read",
    );
}

#[test]
fn a_card_database_with_a_byte_order_mark_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bom.json");
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend(std::fs::read("scenarios/cards/database.json").unwrap());
    std::fs::write(&p, bytes).unwrap();
    let o = bin()
        .args(["--cards", p.to_str().unwrap(), "cards"])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("50 cards"));
}

#[test]
fn card_names_rule_ids_and_empty_terms_are_bounded() {
    // a 100,000-character card name took 80 s against a 945-card database
    let long = "x".repeat(100_000);
    refused(
        &["--cards", "scenarios/cards/database.json", "card", &long],
        "the card name is 100000 characters long; the limit is 1000",
    );
    // a 100,000-character rule id was echoed back three times (300 kB of error)
    for cmd in ["rule", "refs", "toc"] {
        let o = bin().args([cmd, &long]).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            e.trim_end(),
            "error: the rule id is 100000 characters long; the limit is 100",
            "{cmd}"
        );
    }
    // an empty term showed the first glossary entry with exit 0
    refused(&["define", ""], "give a term to look up");
}

/// `arbiter --cards DB card NAME` on a database of one spell with this text: its exit code,
/// stdout and stderr, or `None` if it ran past `secs` seconds (then it is killed).
fn card_with_text(text: &str, secs: u64) -> Option<(Option<i32>, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("db.json");
    let db = serde_json::json!({"cards": [{"name": "Probe", "type": "Spell", "text": text}]});
    std::fs::write(&p, db.to_string()).unwrap();
    let mut child = bin()
        .args([
            "--no-pager",
            "--cards",
            p.to_str().unwrap(),
            "card",
            "Probe",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    Some((
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    ))
}

#[test]
fn a_card_text_with_two_conditions_written_after_is_read_not_a_stack_overflow() {
    // " while I'm " after the start was rewritten to the front, and the rewritten text,
    // which still held the second one, again and again: a stack overflow (SIGSEGV)
    let text = "While I'm a showdown, your spells have [Repeat] \
                While I'm a showdown, your spells have [Repeat]";
    let (code, out, err) = card_with_text(text, 20).expect("finished");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Probe"), "{out}");
}

#[test]
fn a_card_text_with_many_ands_is_read_in_time() {
    // each " and " re-read everything after it once per earlier " and ": 18 of them took
    // 3.4 s, 25 over a minute
    let text = "Return all ] units and gear to their owners ".repeat(25);
    let t = Instant::now();
    let (code, _, err) = card_with_text(&text, 20).expect("finished within 20 s");
    assert_eq!(code, Some(0), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn a_card_text_past_the_limit_is_skipped_by_name() {
    // a 400,000-character text took minutes to compile (the work grows faster than the text)
    let text = "Move a friendly unit, then move an enemy unit. ".repeat(8_000);
    let (code, _, err) = card_with_text(&text, 20).expect("finished within 20 s");
    assert_eq!(code, Some(1), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("db.json");
    let db = serde_json::json!({"cards": [
        {"name": "Probe", "type": "Spell", "text": text},
        {"name": "Other", "type": "Spell", "effect": "x".repeat(2_001)},
        {"name": "Fine", "type": "Spell", "text": "x".repeat(2_000)},
    ]});
    std::fs::write(&p, db.to_string()).unwrap();
    let o = bin()
        .args(["--no-pager", "--cards", p.to_str().unwrap(), "cards"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("card \"Probe\": its text is 376000 characters long; the limit is 2000"),
        "{out}"
    );
    // (the line is wrapped at the terminal's width)
    assert!(
        out.contains("card \"Other\": its effect text is 2001 characters long"),
        "{out}"
    );
    assert!(out.contains(": 1 cards, 2 skipped"), "{out}");
}
