//! The judge's lookups, driven through the binary: text, --json, colour policy,
//! errors and exit codes.

mod common;

use common::{arbiter, json};
use predicates::prelude::*;

#[test]
fn rule_shows_breadcrumb_and_text() {
    arbiter()
        .args(["rule", "323.5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("318 Cleanups"))
        .stdout(predicate::str::contains("323.5"))
        .stdout(predicate::str::contains(
            "are killed and placed in their owners'",
        ))
        .stdout(predicate::str::contains("riftbound 2026-03-30"));
}

#[test]
fn rule_text_fits_80_columns() {
    let out = arbiter()
        .args(["rule", "300", "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() > 20);
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
}

#[test]
fn rule_json_has_stable_fields() {
    let v = json(&["rule", "323.5"]);
    assert_eq!(v["id"], "323.5");
    assert_eq!(v["game"], "riftbound");
    assert_eq!(v["edition"], "2026-03-30");
    assert!(v["text"].as_str().unwrap().starts_with("3b."));
    let crumbs: Vec<&str> = v["breadcrumb"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(crumbs, ["300", "318", "323"]);
    for field in [
        "examples",
        "refs",
        "backlinks",
        "line",
        "recovered",
        "title",
        "key",
    ] {
        assert!(v.get(field).is_some(), "missing field {field}");
    }
}

#[test]
fn depth_shows_the_subtree() {
    let shallow = arbiter().args(["rule", "323"]).output().unwrap();
    let shallow = String::from_utf8(shallow.stdout).unwrap();
    assert!(!shallow.contains("323.14"));
    arbiter()
        .args(["rule", "323", "--depth", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("323.14"))
        .stdout(predicate::str::contains("323.1 "));
    let v = json(&["rule", "323", "--depth", "1"]);
    assert_eq!(v["children"].as_array().unwrap().len(), 14);
}

#[test]
fn ids_order_by_segments_in_a_subtree() {
    let v = json(&["rule", "169", "--depth", "1"]);
    let ids: Vec<&str> = v["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let nine = ids.iter().position(|i| *i == "169.9").unwrap();
    let ten = ids.iter().position(|i| *i == "169.10").unwrap();
    assert!(nine < ten);
}

#[test]
fn unknown_id_suggests_near_ids_and_exits_1() {
    arbiter()
        .args(["rule", "323.15"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "323.15 is not in riftbound 2026-03-30",
        ))
        .stderr(predicate::str::contains("did you mean"))
        .stderr(predicate::str::contains("323.1"));
}

#[test]
fn malformed_ids_and_names_are_usage_errors() {
    for args in [
        vec!["rule", "abc"],
        vec!["rule", "323..5"],
        vec!["rule", ""],
        vec!["rule", "99999999999999999999"],
        vec!["rule", "323.5", "--edition", "1999"],
        vec!["rule", "323.5", "--game", "chess"],
        vec!["rule"],
        vec!["toc", "zzz"],
    ] {
        let out = arbiter().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.is_empty());
    }
}

#[test]
fn colour_policy() {
    // not a terminal: auto means no colour
    let plain = arbiter().args(["rule", "323.5"]).output().unwrap();
    assert!(!plain.stdout.contains(&0x1b));
    let always = arbiter()
        .args(["rule", "323.5", "--color", "always"])
        .output()
        .unwrap();
    assert!(always.stdout.contains(&0x1b));
    let never = arbiter()
        .args(["rule", "323.5", "--color", "never"])
        .env("ARBITER_HYPERLINKS", "1")
        .output()
        .unwrap();
    assert!(!never.stdout.contains(&0x1b));
    // the same words with and without colour
    let strip = |b: &[u8]| {
        let s = String::from_utf8_lossy(b).to_string();
        let mut out = String::new();
        let mut esc = false;
        for c in s.chars() {
            match (esc, c) {
                (false, '\x1b') => esc = true,
                (true, 'm') => esc = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    };
    assert_eq!(strip(&always.stdout), strip(&plain.stdout));
}

#[test]
fn hyperlinks_only_with_colour() {
    let linked = arbiter()
        .args(["rule", "323", "--depth", "1", "--color", "always"])
        .env("ARBITER_HYPERLINKS", "1")
        .env("ARBITER_LINK_BASE", "https://example.test/{edition}#{id}")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&linked.stdout);
    assert!(
        s.contains("\x1b]8;;https://example.test/2026-03-30#323.5\x1b\\"),
        "{s}"
    );
    let json_out = arbiter()
        .args(["rule", "323", "--json", "--color", "always"])
        .env("ARBITER_HYPERLINKS", "1")
        .output()
        .unwrap();
    assert!(!json_out.stdout.contains(&0x1b));
}

#[test]
fn toc_lists_the_sections() {
    arbiter()
        .args(["toc"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Cleanups"))
        .stdout(predicate::str::contains("Keywords"));
    let v = json(&["toc"]);
    assert_eq!(v["entries"].as_array().unwrap().len(), 41);
    let part = json(&["toc", "300"]);
    let ids: Vec<&str> = part["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.first(), Some(&"300"));
    assert!(ids.contains(&"318") && ids.contains(&"462"));
    assert!(!ids.contains(&"800"));
    let sect = json(&["toc", "318"]);
    assert_eq!(sect["entries"].as_array().unwrap().len(), 7);
}

#[test]
fn editions_lists_all_four() {
    arbiter()
        .args(["editions"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2026-03-30"))
        .stdout(predicate::str::contains("legions-of-will"));
    let v = json(&["editions"]);
    let eds = v["editions"].as_array().unwrap();
    assert_eq!(eds.len(), 4);
    assert_eq!(eds[0]["rules"], 2089);
    assert_eq!(eds[0]["default"], true);
    assert_eq!(eds[0]["file"], "000_d1f22d35fe5558d9.txt");
}

#[test]
fn broken_pipe_is_not_an_error() {
    use std::process::{Command as Std, Stdio};
    let bin = assert_cmd::cargo::cargo_bin("arbiter");
    let mut child = Std::new(bin)
        .args(["rule", "300", "--depth", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn ids_as_search_prints_them_paste_back_and_words_point_to_search() {
    arbiter()
        .args(["rule", "2026-03-30/808.1.d.1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("808.1.d.1 If the Permanent"));
    arbiter()
        .args(["rule", "2025-06-02/508"])
        .assert()
        .success()
        .stdout(predicates::str::contains("riftbound 2025-06-02"));
    arbiter()
        .args(["refs", "2026-03-30/327"])
        .assert()
        .success();
    arbiter()
        .args(["rule", "2026-03-30/323.5", "--edition", "2025-06-02"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("but --edition says 2025-06-02"));
    arbiter()
        .args(["rule", "tank"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("`arbiter search tank`"))
        .stderr(predicates::str::contains("`arbiter define tank`"));
}

/// `define` labels a recovered title with the same provenance as `rule` does
/// (808 "Deathknell" came from a cross-reference, not the reference index).
#[test]
fn define_and_rule_agree_on_provenance() {
    let out = arbiter().args(["rule", "808"]).output().unwrap();
    let rule = String::from_utf8(out.stdout).unwrap();
    let label = rule
        .lines()
        .find(|l| l.starts_with("808 Deathknell"))
        .and_then(|l| {
            l.split_once('[')
                .map(|(_, r)| r.trim_end_matches(']').to_string())
        })
        .expect("rule 808 names where its title came from");
    let out = arbiter()
        .args(["define", "deathknell"])
        .env("COLUMNS", "200")
        .output()
        .unwrap();
    let define = String::from_utf8(out.stdout).unwrap();
    let line = define
        .lines()
        .find(|l| l.trim_start().starts_with("808 Deathknell"))
        .expect("define deathknell lists 808");
    assert!(
        line.contains(&format!("[{label}]")),
        "{line:?} vs rule's [{label}]"
    );
}

/// Titles and sentences the source lost, recovered from where the document still
/// has them, each with its provenance (issue 12, item 6).
#[test]
fn recovered_titles_carry_their_provenance() {
    for (id, title, text, source) in [
        // the named steps of resolving the chain ("Proceed to Step 2: Execute")
        ("338", Some("Execute"), None, "xref"),
        ("339", Some("Pass"), None, "xref"),
        ("340", Some("Resolve"), None, "xref"),
        // quoted by the A–Z index next to their rules
        ("107.1", Some("Bases"), None, "az_index"),
        ("108.1", Some("The Chain"), None, "az_index"),
        (
            "107.1.d",
            None,
            Some("Permanents and Runes in Bases are Public Information."),
            "az_index",
        ),
        (
            "107.2.c",
            None,
            Some("Battlefields and permanents at Battlefields are Public Information."),
            "az_index",
        ),
        (
            "420.3.b",
            None,
            Some("The Effect is Moving those Unit."),
            "az_index",
        ),
        // game actions titled by the index term their first rule defines
        ("413", Some("Draw"), None, "az_index"),
        ("414", Some("Exhaust"), None, "az_index"),
        ("422", Some("Discard"), None, "az_index"),
        ("433", Some("Swap"), None, "az_index"),
        ("436", Some("Predict"), None, "az_index"),
        ("437", Some("Prevent"), None, "az_index"),
        // the 2026 index's wording, not the older web edition's list
        (
            "806.1.a",
            None,
            Some(
                "It can be present on Cards, Rune Abilities, Legend Abilities or Permanent Abilities.",
            ),
            "az_index",
        ),
        (
            "813.1.a",
            None,
            Some(
                "It can be present on Cards, Rune Abilities, Legend Abilities and Permanent Abilities.",
            ),
            "az_index",
        ),
    ] {
        let v = json(&["rule", id]);
        let rec = &v["recovered"];
        assert_eq!(rec["title"].as_str(), title, "{id}");
        assert_eq!(rec["text"].as_str(), text, "{id}");
        assert_eq!(rec["source"], source, "{id}");
        assert!(
            rec["detail"].as_str().is_some_and(|d| !d.is_empty()),
            "{id}"
        );
    }
    // the text view labels it
    arbiter()
        .args(["rule", "413"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "413 Draw [recovered from the reference index]",
        ));
}

/// On Linux/glibc the binary is linked statically (build.rs, `link_statically`), so no
/// dynamic loader runs before a lookup: its program headers name no interpreter
/// (`PT_INTERP`) and it has no dynamic section (`PT_DYNAMIC`) that would need libraries.
#[test]
fn the_binary_starts_without_a_dynamic_loader() {
    use std::io::Read;
    let Some(link) = option_env!("ARBITER_LINK") else {
        eprintln!("skipped: build.rs links statically only on Linux/glibc");
        return;
    };
    if link != "static" {
        eprintln!("skipped: build.rs linked the binary {link}");
        return;
    }
    let mut head = vec![0u8; 64 * 1024];
    let mut file = std::fs::File::open(env!("CARGO_BIN_EXE_arbiter")).unwrap();
    let n = file.read(&mut head).unwrap();
    head.truncate(n);
    assert_eq!(&head[..5], b"\x7fELF\x02", "a 64-bit ELF file");
    let u16_at = |o: usize| u16::from_le_bytes([head[o], head[o + 1]]) as usize;
    let phoff = u64::from_le_bytes(head[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(0x36), u16_at(0x38));
    assert!(count > 0 && phoff + size * count <= head.len());
    let types: Vec<u32> = (0..count)
        .map(|i| u32::from_le_bytes(head[phoff + i * size..][..4].try_into().unwrap()))
        .collect();
    assert!(types.contains(&1), "a loadable segment: {types:?}");
    assert!(!types.contains(&3), "no PT_INTERP: {types:?}");
    assert!(!types.contains(&2), "no PT_DYNAMIC: {types:?}");
}
