//! The card database through the binary: `card`, `cards`, `cards coverage`,
//! `deck check`, and scenarios that take cards from a database. The databases here
//! are invented for the tests (the real card list is a user's file, never shipped);
//! when the community list is present beside the project, its coverage is checked
//! against the figure the README records.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

const FIXTURE: &str = "scenarios/cards/database.json";

/// `arbiter` with no database from the caller's environment.
fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env_remove("ARBITER_CARDS")
        .env("XDG_DATA_HOME", "/nonexistent-arbiter-test")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80");
    c
}

fn json(args: &[&str]) -> (i32, Value) {
    let out = arbiter().arg("--json").args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), v)
}

#[test]
fn card_shows_text_keywords_rules_and_model_status() {
    arbiter()
        .args(["--cards", FIXTURE, "card", "brass", "warden"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Brass Warden"))
        .stdout(predicate::str::contains("Unit · Body · 3 energy · Might 3"))
        .stdout(predicate::str::contains("Tank           815  modelled"))
        .stdout(predicate::str::contains("modelled: fully"))
        .stdout(predicate::str::contains(FIXTURE));
    // Unsupported phrases are named; a later set's keyword is not guessed.
    arbiter()
        .args(["--cards", FIXTURE, "card", "Dune Sentinel"])
        .assert()
        .success()
        .stdout(predicate::str::contains("not in riftbound 2026-03-30"))
        .stdout(predicate::str::contains(
            "not modelled: [Empowered] I have +1 [Might].",
        ));
}

#[test]
fn card_json_and_aliases() {
    let (code, v) = json(&["--cards", FIXTURE, "card", "Glas Oracle"]);
    assert_eq!(code, 0);
    assert_eq!(v["schema"], "card/1");
    assert_eq!(v["card"]["name"], "Glass Oracle");
    assert_eq!(v["modelled"], "no");
    assert_eq!(v["phrases"][0]["status"], "unsupported");
    let (_, v) = json(&["--cards", FIXTURE, "card", "Static Bolt"]);
    assert_eq!(v["modelled"], "fully");
    assert_eq!(v["keywords"][0]["rule"], "806");
    assert!(v["rules"].as_array().unwrap().contains(&Value::from("359")));
}

#[test]
fn an_unknown_card_suggests_and_exits_1() {
    arbiter()
        .args(["--cards", FIXTURE, "card", "Brass Wardne"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("did you mean: \"Brass Warden\""));
    arbiter()
        .args(["--cards", FIXTURE, "card", "zzzzzz"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no card matches"));
}

#[test]
fn the_database_is_found_from_flag_env_or_data_directory() {
    arbiter()
        .arg("cards")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no card database"));
    arbiter()
        .env("ARBITER_CARDS", FIXTURE)
        .arg("cards")
        .assert()
        .success()
        .stdout(predicate::str::contains("database.json: 50 cards"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("arbiter")).unwrap();
    std::fs::copy(FIXTURE, dir.path().join("arbiter/cards.json")).unwrap();
    arbiter()
        .env("XDG_DATA_HOME", dir.path())
        .arg("cards")
        .assert()
        .success()
        .stdout(predicate::str::contains("cards.json: 50 cards"));
}

#[test]
fn a_malformed_database_is_an_error_and_a_bad_card_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"cards\": [\n {\"name\": }\n]}").unwrap();
    arbiter()
        .args(["--cards", bad.to_str().unwrap(), "cards"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad.json:2:"));
    let partly = dir.path().join("partly.json");
    std::fs::write(
        &partly,
        r#"{"cards": [{"name": "Good", "type": "Unit", "might": 2}, {"name": "Bad", "type": "Unit", "might": -1}]}"#,
    )
    .unwrap();
    let (code, v) = json(&["--cards", partly.to_str().unwrap(), "cards"]);
    assert_eq!(code, 0);
    assert_eq!(v["cards"], 1);
    assert!(v["skipped"][0].as_str().unwrap().contains("\"Bad\""));
}

#[test]
fn coverage_counts_modelled_cards_and_names_what_is_not() {
    let (code, v) = json(&["--cards", FIXTURE, "cards", "coverage"]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 50);
    // All but Glass Oracle ("I don't ready during your Awaken Phase.") and Dune Sentinel ([Empowered], a later set's word) compile.
    assert_eq!(v["modelled"], 48);
    assert_eq!(v["unknown_keywords"][0]["keyword"], "Empowered");
    assert_eq!(v["unknown_keywords"][0]["in_rules"], false);
    assert_eq!(
        v["unsupported_phrases"][0]["phrase"],
        "I don't ready during your Awaken Phase."
    );
    arbiter()
        .args(["--cards", FIXTURE, "cards", "coverage"])
        .assert()
        .success()
        .stdout(predicate::str::contains("50 cards in"))
        .stdout(predicate::str::contains("48 fully modelled (96.0%)"))
        .stdout(predicate::str::contains(
            "[Empowered]  not in riftbound 2026-03-30",
        ));
}

/// A database with what deck construction needs (invented cards).
fn deck_database(dir: &Path) -> PathBuf {
    let mut cards = vec![
        r#"{"name":"Vela, Star Caller","type":"Legend","domains":["Fury","Mind"],"tags":["Vela"]}"#.to_string(),
        r#"{"name":"Vela, Comet","type":"Unit","supertype":"Champion","domains":["Fury"],"might":4,"tags":["Vela"]}"#.into(),
        r#"{"name":"Quiet Monk","type":"Unit","domains":["Calm"],"might":2}"#.into(),
        r#"{"name":"Fury Rune","type":"Rune","domains":["Fury"]}"#.into(),
        r#"{"name":"Mind Rune","type":"Rune","domains":["Mind"]}"#.into(),
        r#"{"name":"Swarmling","type":"Unit","domains":["Mind"],"might":1,"text":"Your deck can have any number of cards named Swarmling."}"#.into(),
    ];
    for i in 0..13 {
        cards.push(format!(
            r#"{{"name":"Spark {i}","type":"Unit","domains":["Mind"],"might":1}}"#
        ));
    }
    for i in 0..3 {
        cards.push(format!(
            r#"{{"name":"Field {i}","type":"Battlefield","domains":["Colorless"]}}"#
        ));
    }
    let p = dir.join("deck-db.json");
    std::fs::write(&p, format!("{{\"cards\": [{}]}}", cards.join(","))).unwrap();
    p
}

fn legal_deck() -> String {
    let mut s = String::from(
        "# a legal deck\nLegend:\n1 Vela, Star Caller\nChampion:\n1 Vela, Comet\nBattlefields:\nField 0\nField 1\nField 2\nMain deck:\n",
    );
    for i in 0..13 {
        s.push_str(&format!("3 Spark {i}\n"));
    }
    s.push_str("Rune deck:\n6 Fury Rune\n6 Mind Rune\n");
    s
}

/// A temporary directory with the deck database and a deck list of `text`: (the directory,
/// kept alive by the caller; the database's path; the deck's path).
fn deck_files(text: &str) -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let db = deck_database(dir.path()).to_str().unwrap().to_string();
    let deck = dir.path().join("deck.txt");
    std::fs::write(&deck, text).unwrap();
    let deck = deck.to_str().unwrap().to_string();
    (dir, db, deck)
}

#[test]
fn deck_check_legal_not_legal_and_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let db = deck_database(dir.path());
    let db = db.to_str().unwrap();
    let deck = dir.path().join("deck.txt");
    std::fs::write(&deck, legal_deck()).unwrap();
    let deck_s = deck.to_str().unwrap();
    arbiter()
        .args(["--cards", db, "deck", "check", deck_s])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("legal (56 cards)"));

    std::fs::write(
        &deck,
        legal_deck().replace("3 Spark 0\n", "4 Spark 0\n2 Quiet Monk\n"),
    )
    .unwrap();
    arbiter()
        .args(["--cards", db, "deck", "check", deck_s])
        .assert()
        .code(1)
        // a long problem line may wrap at the width: compare with the whitespace folded
        .stdout(predicate::function(|out: &str| {
            out.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains("4 copies of Spark 0: at most 3 of the same name [103.2.b]")
        }))
        .stdout(predicate::str::contains("outside the Domain Identity"));
    let (code, v) = json(&["--cards", db, "deck", "check", deck_s]);
    assert_eq!(code, 1);
    assert_eq!(v["schema"], "deck-check/1");
    assert_eq!(v["legal"], false);
    let rules: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["rule"].as_str())
        .collect();
    assert!(
        rules.contains(&"103.2.b") && rules.contains(&"103.1.b.1"),
        "{rules:?}"
    );

    std::fs::write(&deck, "Main deck:\n3 Sprak 1\n").unwrap();
    arbiter()
        .args(["--cards", db, "deck", "check", deck_s])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("deck.txt:2:3"))
        .stderr(predicate::str::contains("did you mean \"Spark 1\""));
}

#[test]
fn a_card_can_lift_the_copy_limit_for_its_name() {
    // 002 over 103.2.b: "Your deck can have any number of cards named Swarmling."
    let (_dir, db, deck) =
        deck_files(&legal_deck().replace("3 Spark 12\n", "7 Swarmling\n4 Spark 12\n"));
    let db = db.as_str();
    let (code, v) = json(&["--cards", db, "deck", "check", &deck]);
    assert_eq!(code, 1, "{v}");
    let problems: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["message"].as_str())
        .collect();
    assert_eq!(
        problems,
        ["4 copies of Spark 12: at most 3 of the same name"],
        "{v}"
    );
    let out = arbiter()
        .args(["--cards", db, "card", "Swarmling", "--json"])
        .output()
        .unwrap();
    let card: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["modelled"], "fully");
}

#[test]
fn scenarios_take_cards_from_the_database_and_say_so() {
    let out = arbiter()
        .args(["run", "scenarios/cards/tank-from-the-database.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cards from the card database scenarios/cards/database.json: Brass Warden")
    );
    // The --cards database supplies a scenario that names none of its own.
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s.yaml");
    std::fs::write(
        &s,
        "title: t\nruling: r\nsetup:\n  bases:\n    A: [{card: Tin Squire}]\nexpect:\n  - {object: Tin Squire, zone: base}\n",
    )
    .unwrap();
    arbiter().arg("run").arg(&s).assert().code(2).stderr(
        predicate::str::contains("unknown card \"Tin Squire\"")
            .and(predicate::str::contains("--cards")),
    );
    let (code, v) = json(&["--cards", FIXTURE, "run", s.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(v["card_database"]["cards"][0], "Tin Squire");
}

/// The README records the coverage of the community card list; when that list is
/// present beside the project, coverage must not fall below it.
#[test]
fn coverage_of_the_community_list_has_not_fallen() {
    let real = Path::new("../shared/data/cards.json");
    if !real.is_file() {
        eprintln!("skipped: ../shared/data/cards.json is not present");
        return;
    }
    let readme = std::fs::read_to_string("README.md").unwrap();
    let recorded: u64 = readme
        .lines()
        .find_map(|l| l.strip_prefix("<!-- coverage-floor: "))
        .and_then(|l| l.trim_end_matches(" -->").trim().parse().ok())
        .expect("the README records <!-- coverage-floor: N -->");
    let (code, v) = json(&["--cards", real.to_str().unwrap(), "cards", "coverage"]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 945);
    let modelled = v["modelled"].as_u64().unwrap();
    assert!(
        modelled >= recorded,
        "coverage fell: {modelled} cards fully modelled, the README records {recorded}"
    );
}

#[test]
fn the_chosen_champion_counts_toward_the_three_copies() {
    // 103.2.b.1: the Chosen Champion is one of the three copies of its name
    for (main, code) in [("2 Vela, Comet\n1 Spark 12\n", 0), ("3 Vela, Comet\n", 1)] {
        let (_dir, db, deck) = deck_files(&legal_deck().replace("3 Spark 12\n", main));
        let a = arbiter()
            .args(["--cards", &db, "deck", "check", &deck])
            .assert()
            .code(code);
        if code == 1 {
            a.stdout(predicate::str::contains(
                "4 copies of Vela, Comet: at most 3",
            ))
            .stderr(predicate::str::contains("not legal (1 problem)"));
        }
    }
}
