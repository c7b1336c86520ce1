//! Lookups across editions and games, recovered text, the glossary and references,
//! driven through the binary.

mod common;

use common::{arbiter, json};
use predicates::prelude::*;

#[test]
fn an_older_edition_by_name() {
    arbiter()
        .args(["rule", "508", "--edition", "2025-06-02"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "the turn is in either a Neutral State or a Showdown",
        ))
        .stdout(predicate::str::contains("riftbound 2025-06-02"));
    let v = json(&["rule", "508", "--edition", "2025-06-02"]);
    assert_eq!(v["edition"], "2025-06-02");
    assert_eq!(v["counterpart"]["id"], "308");
}

#[test]
fn an_id_from_another_edition_says_where_it_went() {
    arbiter()
        .args(["rule", "508"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "508 is not in riftbound 2026-03-30",
        ))
        .stderr(predicate::str::contains("in 2025-06-02 it is"))
        .stderr(predicate::str::contains("Neutral State"))
        .stderr(predicate::str::contains("(now 308)"));
}

#[test]
fn editions_report_their_imported_facts() {
    let v = json(&["editions"]);
    let eds = v["editions"].as_array().unwrap();
    let by = |e: &str| eds.iter().find(|x| x["edition"] == e).unwrap();
    assert_eq!(by("2026-03-30")["rules"], 2089);
    assert_eq!(by("2026-03-30")["with_text"], 1803);
    assert!(by("2026-03-30")["recovered"].as_u64().unwrap() >= 180);
    assert_eq!(by("2025-06-02")["rules"], 452);
    assert_eq!(by("web-older")["rules"], 296);
    assert!(by("2026-03-30")["glossary_terms"].as_u64().unwrap() > 300);
}

#[test]
fn recovered_text_is_marked_never_source_text() {
    arbiter()
        .args(["rule", "318"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Cleanups [recovered from the top index]",
        ));
    let v = json(&["rule", "318"]);
    assert!(v["text"].is_null());
    assert_eq!(v["recovered"]["source"], "top_index");
    assert_eq!(v["recovered"]["title"], "Cleanups");
    // dimmed when colour is on
    let out = arbiter()
        .args(["rule", "318", "--color", "always"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\x1b[2m"));
}

#[test]
fn references_are_listed_with_spans() {
    arbiter()
        .args(["rule", "323.4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("→ see 808 Deathknell"));
    let v = json(&["rule", "323.4"]);
    let r = &v["refs"][0];
    assert_eq!(r["target"], "808");
    let text = v["text"].as_str().unwrap();
    let span = &text[r["start"].as_u64().unwrap() as usize..r["end"].as_u64().unwrap() as usize];
    assert!(span.contains("808"), "{span}");
}

#[test]
fn refs_lists_backlinks() {
    arbiter()
        .args(["refs", "327"])
        .assert()
        .success()
        .stdout(predicate::str::contains("linked from"))
        .stdout(predicate::str::contains("108.1.a"));
    let v = json(&["refs", "327"]);
    let from: Vec<&str> = v["linked_from"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap())
        .collect();
    assert!(from.contains(&"108.1.a"));
    let v = json(&["refs", "357.1.a"]);
    let to: Vec<&str> = v["links_to"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["target"].as_str().unwrap())
        .collect();
    assert!(to.contains(&"164") && to.contains(&"429"), "{to:?}");
}

#[test]
fn define_is_forgiving() {
    arbiter()
        .args(["define", "mighty"])
        .assert()
        .success()
        .stdout(predicate::str::contains("defined by 706"))
        .stdout(predicate::str::contains("defined by 708"));
    arbiter()
        .args(["define", "MIGHTY"])
        .assert()
        .success()
        .stdout(predicate::str::contains("706"));
    arbiter()
        .args(["define", "mihgty"])
        .assert()
        .success()
        .stdout(predicate::str::contains("showing \"Mighty\""));
    arbiter()
        .args(["define", "hot", "fepr"])
        .assert()
        .success()
        .stdout(predicate::str::contains("HOT FEPR"));
    arbiter()
        .args(["define", "deathknell"])
        .assert()
        .success()
        .stdout(predicate::str::contains("808"));
    let v = json(&["define", "mighty"]);
    assert_eq!(v["term"], "Mighty");
    // the rules whose sentences define it first (707 "Mighty is a description …", 708
    // 'A Unit "is Mighty" as long as …'), then the heading the index names
    let ids: Vec<&str> = v["defined_by"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids[0], "707", "{ids:?}");
    assert!(ids.contains(&"708") && ids.contains(&"706"), "{ids:?}");
    assert!(v["used_in"].as_array().unwrap().len() >= 3);
    // other games' words (issue 12): "stack" is the Chain, defined by 328
    let v = json(&["define", "stack"]);
    assert_eq!(v["term"], "Chain");
    assert_eq!(v["defined_by"][0]["id"], "328");
    // every entry carries an id
    for t in ["chain", "showdown", "mighty", "focus"] {
        let v = json(&["define", t]);
        for u in v["used_in"].as_array().unwrap() {
            assert!(
                u["id"].is_string(),
                "define {t}: an entry without an id: {u}"
            );
        }
        assert!(
            !v["defined_by"].as_array().unwrap().is_empty(),
            "define {t}"
        );
    }
    arbiter()
        .args(["define", "qqqzzzxx"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no glossary term"));
}

#[test]
fn another_game_with_its_own_id_style() {
    arbiter()
        .args(["rule", "603.3b", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains("603.3b"))
        .stdout(predicate::str::contains("two-part process"))
        .stdout(predicate::str::contains("603 Handling Triggered Abilities"));
    let v = json(&["rule", "100.1", "--game", "legions-of-will"]);
    let crumbs: Vec<&str> = v["breadcrumb"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["title"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(crumbs, ["Game Concepts", "General"]);
}

#[test]
fn duplicated_ids_are_kept_in_order_and_reachable() {
    let first = json(&["rule", "111.1a", "--game", "legions-of-will"]);
    let second = json(&["rule", "111.1a#2", "--game", "legions-of-will"]);
    assert_eq!(first["key"], "111.1a");
    assert_eq!(second["key"], "111.1a#2");
    assert_ne!(first["text"], second["text"]);
    assert!(second["line"].as_u64() > first["line"].as_u64());
    assert!(second["note"].as_str().unwrap().contains("duplicate"));
    arbiter()
        .args(["rule", "111.1a#9", "--game", "legions-of-will"])
        .assert()
        .code(1);
}

#[test]
fn toc_of_other_editions() {
    let v = json(&["toc", "--game", "legions-of-will"]);
    let entries = v["entries"].as_array().unwrap();
    assert!(entries.len() >= 90, "{}", entries.len());
    assert!(entries.iter().any(|e| e["title"] == "Timing and Priority"));
    let v = json(&["toc", "--edition", "2025-06-02"]);
    assert_eq!(v["entries"].as_array().unwrap().len(), 18);
}

#[test]
fn a_duplicate_number_that_does_not_exist_says_how_many_there_are() {
    arbiter()
        .args(["rule", "111.1a#3", "--game", "legions-of-will"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("111.1a is used by 2 rules"));
    arbiter()
        .args(["rule", "323.5#0"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("323.5 is used by 1 rule "));
}
