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
    // 1,090 numbered lines, 9 chapters, 7 section headings made from the contents
    assert_eq!(by("2023-09-11")["rules"], 1106);
    assert_eq!(by("2023-09-11")["recovered"], 7);
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
    // each of a word's Riftbound terms in turn, singular or plural, and a word
    // split like the thesaurus splits it: "graveyard" is the Trashes (108.2),
    // "state-based actions" the Cleanup
    let v = json(&["define", "graveyard"]);
    assert_eq!(v["term"], "Trashes");
    assert_eq!(v["defined_by"][0]["id"], "108.2");
    let v = json(&["define", "state-based", "actions"]);
    assert_eq!(v["term"], "Cleanup");
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

/// A term the A–Z index lacks but the rules define in their own sentences or headings
/// (a state, a phase) is shown from the rules text; a near-miss points to search, with
/// its best hits once the search index exists, and `define` never builds that index.
#[test]
fn define_reads_terms_the_index_lacks_from_the_rules() {
    for (term, want) in [
        ("showdown state", "343.1"),
        ("awaken phase", "315.1"),
        ("draw phase", "315.4"),
    ] {
        let v = json(&["define", term]);
        assert_eq!(v["defined_by"][0]["id"], want, "{term}");
        assert!(
            v["sources"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == "rules text"),
            "{term}: {}",
            v["sources"]
        );
    }
    // a glossary term with no defining sentence names the passage the index lists first
    let v = json(&["define", "board"]);
    assert_eq!(v["defined_by"][0]["id"], "106");
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("c");
    arbiter()
        .env("ARBITER_CACHE_DIR", &dir)
        .args(["define", "flurble zones"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "try `arbiter search \"flurble zones\"`",
        ));
    assert!(!dir.exists(), "define built the search index");
    arbiter()
        .env("ARBITER_CACHE_DIR", &dir)
        .args(["search", "zones"])
        .assert()
        .success();
    arbiter()
        .env("ARBITER_CACHE_DIR", &dir)
        .args(["define", "flurble zones"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the best search hits: 107"));
}

/// `define` names the defining rule first for every core term (issue 12): every keyword
/// (805–826), zone, phase and step of the turn, state and designation — a term the A–Z
/// index lists, one only the rules' own sentences define, and one whose words begin a
/// longer index term ("facedown" is not "Facedown Zones", "champion" not "Champion Tags").
#[test]
fn define_names_the_defining_rule_of_every_core_term() {
    let keywords = [
        "accelerate",
        "action",
        "assault",
        "deathknell",
        "deflect",
        "ganking",
        "hidden",
        "legion",
        "reaction",
        "shield",
        "tank",
        "temporary",
        "vision",
        "equip",
        "quick-draw",
        "repeat",
        "weaponmaster",
        "ambush",
        "hunt",
        "level",
        "unique",
        "backline",
    ];
    for (n, term) in (805..).zip(keywords) {
        let v = json(&["define", term]);
        let first = v["defined_by"][0]["id"].as_str().unwrap_or("").to_string();
        assert!(
            first.starts_with(&format!("{n}.")),
            "define {term}: {first} (want a rule beneath {n})"
        );
    }
    for (term, want) in [
        // zones (106–108)
        ("board", "106"),
        ("non-board zone", "106"),
        ("base", "107.1"),
        ("battlefield zone", "107.2"),
        ("facedown zone", "107.3.a"),
        ("legend zone", "107.4"),
        ("chain", "328"),
        ("trash", "108.2"),
        ("champion zone", "108.3"),
        ("main deck zone", "108.4"),
        ("rune deck zone", "108.5"),
        ("banishment", "108.6"),
        ("hand", "108.7"),
        // phases and steps of the turn (315–317) and of combat (460–461)
        ("awaken phase", "315.1"),
        ("beginning phase", "315.2"),
        ("beginning step", "315.2.a"),
        ("scoring step", "315.2.b"),
        ("channel phase", "315.3"),
        ("draw phase", "315.4"),
        ("main phase", "316.2"),
        ("ending phase", "317"),
        ("ending step", "317.1"),
        ("expiration step", "317.2"),
        ("combat damage step", "460"),
        ("resolution step", "461"),
        // states of the turn (308–310, 331, 343)
        ("neutral state", "343.2"),
        ("showdown state", "343.1"),
        ("open state", "331.2"),
        ("closed state", "331.1"),
        ("neutral open", "310.1"),
        ("neutral closed", "310.2"),
        ("showdown open", "310.3"),
        ("showdown closed", "310.4"),
        // states of objects, battlefields and chain items
        ("ready", "415.2"),
        ("exhausted", "414.2"),
        ("stunned", "423.1.a"),
        // the state (by its condition), before the action that produces it (426.1
        // "Buffing is the action …"), as for exhausted and stunned
        ("buffed", "702.2.a"),
        ("mighty", "707"),
        ("contested", "187.3.a"),
        ("occupied", "169.10.a"),
        ("uncontrolled", "169.10.b"),
        ("attached", "718"),
        ("top-most card", "719"),
        ("equipped", "818.3"),
        // "… This state is referred to as Inactive." names it (the heading 720 after)
        ("inactive", "721"),
        ("facedown", "129.4"),
        ("face up", "130.5"),
        ("revealed", "424.1.a"),
        ("staged", "456"),
        ("pending", "329.2"),
        ("alone", "741.1"),
        ("one on one", "741.2"),
        ("in combat", "741.3"),
        // designations
        ("attacker", "459.2.b.1"),
        ("defender", "459.2.b.2"),
        ("turn player", "304"),
        ("first player", "116.1.b.1"),
        ("chosen champion", "103.2.a"),
        ("champion", "133.7.a"),
        ("signature", "133.7.b"),
        ("token", "177"),
        ("permanent", "133.4.a"),
        ("owner", "127.1"),
        ("friendly", "740.1"),
        ("enemy", "740.2"),
        ("focus", "313.1"),
        ("priority", "312.1"),
    ] {
        let v = json(&["define", term]);
        assert_eq!(
            v["defined_by"][0]["id"], want,
            "define {term}: {}",
            v["defined_by"]
        );
    }
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

/// Legions of Will's structure is the source's own: chapters numbered 1–9 (not 100–900,
/// which are sections), each holding the sections the contents list under it.
#[test]
fn legions_chapters_are_numbered_as_the_source_numbers_them() {
    let v = json(&["toc", "--game", "legions-of-will"]);
    let entries = v["entries"].as_array().unwrap();
    let chapters: Vec<(&str, &str)> = entries
        .iter()
        .filter(|e| e["level"] == 1)
        .map(|e| (e["id"].as_str().unwrap(), e["title"].as_str().unwrap()))
        .collect();
    let ids: Vec<&str> = chapters.iter().map(|c| c.0).collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert_eq!(chapters[0].1, "Game Concepts");
    assert_eq!(chapters[5].1, "Actions, Abilities, Effects");
    // 100 is section "General" of chapter 1, listed once, as a section
    let hundred: Vec<&serde_json::Value> = entries.iter().filter(|e| e["id"] == "100").collect();
    assert_eq!(hundred.len(), 1);
    assert_eq!(
        (hundred[0]["level"].as_u64(), hundred[0]["title"].as_str()),
        (Some(2), Some("General"))
    );
    // a chapter is a rule of its own, at its line, holding its sections
    let ch = json(&["rule", "4", "--game", "legions-of-will", "--depth", "1"]);
    assert_eq!(
        (ch["title"].as_str(), ch["line"].as_u64()),
        (Some("Zones"), Some(756))
    );
    let kids: Vec<&str> = ch["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        kids,
        ["400", "401", "402", "403", "404", "405", "406", "407"]
    );
    let v = json(&["toc", "--game", "legions-of-will", "4"]);
    let ids: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        ["4", "400", "401", "402", "403", "404", "405", "406", "407"]
    );
    let crumbs = json(&["rule", "100.1", "--game", "legions-of-will"]);
    let ids: Vec<&str> = crumbs["breadcrumb"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["1", "100"]);
    arbiter()
        .args(["rule", "603.3b", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "6 Actions, Abilities, Effects › 603 Handling Triggered Abilities",
        ));
}

/// The seven sections whose heading only the contents has are there, titled from the
/// contents (marked as recovered), holding their rules.
#[test]
fn legions_sections_only_in_the_contents_are_used() {
    for (id, title, chapter) in [
        ("404", "Base", "4"),
        ("511", "End of Battle Step", "5"),
        ("602", "Activating Activated Abilities", "6"),
        ("606", "Effects", "6"),
        ("700", "General", "7"),
        ("705", "Flipping a Coin", "7"),
        ("801", "Attacking Multiple Players", "8"),
    ] {
        let v = json(&["rule", id, "--game", "legions-of-will"]);
        assert_eq!(v["title"], title, "{id}");
        assert!(v["text"].is_null(), "{id}");
        assert_eq!(v["recovered"]["source"], "top_index", "{id}");
        assert_eq!(v["recovered"]["title"], title, "{id}");
        let crumbs = v["breadcrumb"].as_array().unwrap();
        assert_eq!(crumbs.len(), 1, "{id}");
        assert_eq!(crumbs[0]["id"], chapter, "{id}");
        // its first rule sits under it
        let first = json(&["rule", &format!("{id}.1"), "--game", "legions-of-will"]);
        let last = first["breadcrumb"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(
            (last["id"].as_str(), last["title"].as_str()),
            (Some(id), Some(title))
        );
        // the table of contents counts its rules
        let toc = json(&["toc", "--game", "legions-of-will", id]);
        assert!(
            toc["entries"][0]["rules"].as_u64().unwrap() > 1,
            "{id}: {}",
            toc["entries"]
        );
    }
    arbiter()
        .args(["rule", "404", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "404 Base [recovered from the top index]",
        ));
}

/// The source numbers two rules 702.3 (Merge, then Redeem): Redeem's 702.3a and 702.3b
/// sit under Redeem, Merge keeps its own.
#[test]
fn legions_second_702_3_holds_its_own_sub_rules() {
    for k in ["702.3a#2", "702.3b#2"] {
        let v = json(&["rule", k, "--game", "legions-of-will"]);
        let last = v["breadcrumb"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["id"], "702.3", "{k}");
        assert_eq!(last["key"], "702.3#2", "{k}");
        assert_eq!(last["title"], "Redeem", "{k}");
    }
    let redeem = json(&[
        "rule",
        "702.3#2",
        "--game",
        "legions-of-will",
        "--depth",
        "1",
    ]);
    let kids: Vec<&str> = redeem["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(kids, ["702.3a#2", "702.3b#2"]);
    let merge = json(&["rule", "702.3", "--game", "legions-of-will", "--depth", "1"]);
    let kids: Vec<&str> = merge["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        kids,
        [
            "702.3a", "702.3b", "702.3c", "702.3d", "702.3e", "702.3f", "702.3g"
        ]
    );
    let merge_a = json(&["rule", "702.3a", "--game", "legions-of-will"]);
    let last = merge_a["breadcrumb"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (last["key"].as_str(), last["title"].as_str()),
        (Some("702.3"), Some("Merge"))
    );
    arbiter()
        .args(["rule", "702.3b#2", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "702 Keyword Abilities › 702.3#2 Redeem",
        ));
}

/// "rules 605.3a and b" links both rules: the letter alone is a reference to 605.3b.
#[test]
fn legions_a_sibling_letter_alone_is_a_link() {
    let v = json(&["rule", "605.3", "--game", "legions-of-will"]);
    let text = v["text"].as_str().unwrap();
    let refs = v["refs"].as_array().unwrap();
    let find = |t: &str| refs.iter().find(|r| r["target"] == t).unwrap().clone();
    for (t, span) in [("605.3a", "605.3a"), ("605.3b", "b")] {
        let r = find(t);
        assert_eq!(r["dangling"], false, "{t}");
        let (s, e) = (
            r["start"].as_u64().unwrap() as usize,
            r["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&text[s..e], span, "{t}");
    }
    assert!(text.contains("rules 605.3a and b"));
    arbiter()
        .args(["rule", "605.3", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains("see 605.3a, 605.3b,"));
    let back = json(&["rule", "605.3b", "--game", "legions-of-will"]);
    assert!(
        back["backlinks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b == "605.3")
    );
}

/// A link's quoted title picks which of a duplicated id it names: 115.2b's
/// `See rule 702.3, "Redeem."` is the second 702.3, and is its backlink, not Merge's.
#[test]
fn legions_a_link_names_the_duplicate_its_title_names() {
    let v = json(&["rule", "115.2b", "--game", "legions-of-will"]);
    let r = &v["refs"][0];
    assert_eq!(r["target"], "702.3");
    assert_eq!(r["target_key"], "702.3#2");
    assert_eq!(r["target_title"], "Redeem");
    arbiter()
        .args(["rule", "115.2b", "--game", "legions-of-will"])
        .assert()
        .success()
        .stdout(predicate::str::contains("→ see 702.3#2 Redeem"));
    let redeem = json(&["rule", "702.3#2", "--game", "legions-of-will"]);
    assert_eq!(redeem["backlinks"], serde_json::json!(["115.2b"]));
    let merge = json(&["rule", "702.3", "--game", "legions-of-will"]);
    assert!(
        !merge["backlinks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b == "115.2b")
    );
    let refs = json(&["refs", "702.3#2", "--game", "legions-of-will"]);
    assert_eq!(refs["linked_from"][0]["id"], "115.2b");
    // a Riftbound reference names its only rule
    let v = json(&["rule", "108.1.a"]);
    assert_eq!(v["refs"][0]["target_key"], v["refs"][0]["target"]);
}
