//! `arbiter search`, driven through the binary: every form of the issue, the JSON
//! schema, exit codes, and that rule lookups never open the index.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::path::Path;

fn arbiter(cache: &Path) -> Command {
    let mut c = Command::cargo_bin("arbiter").expect("binary");
    c.env("ARBITER_CACHE_DIR", cache)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .env_remove("ARBITER_HYPERLINKS");
    c
}

fn json(cache: &Path, args: &[&str]) -> Value {
    let out = arbiter(cache)
        .arg("search")
        .args(args)
        .arg("--json")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn ids(v: &Value) -> Vec<String> {
    v["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["id"].as_str().expect("id").to_string())
        .collect()
}

fn top_number(id: &str) -> u32 {
    id.split('.')
        .next()
        .and_then(|t| t.parse().ok())
        .expect("numeric id")
}

#[test]
fn words_find_ranked_hits_with_breadcrumbs_and_snippets() {
    let tmp = tempfile::tempdir().unwrap();
    let out = arbiter(tmp.path())
        .args(["search", "deathknell replaced death"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("2026-03-30/808"), "{first}");
    assert!(first.contains("Keywords"), "breadcrumb: {first}");
    assert!(text.contains("replaced"), "{text}");
    for l in text.lines() {
        assert!(l.chars().count() <= 80, "wider than 80 columns: {l}");
    }
}

#[test]
fn a_typo_still_finds_the_keyword_and_says_what_it_searched() {
    let tmp = tempfile::tempdir().unwrap();
    arbiter(tmp.path())
        .args(["search", "deathnell"])
        .assert()
        .success()
        .stdout(predicate::str::contains("searched for \"deathknell\""))
        .stdout(predicate::str::contains("2026-03-30/808"));
    let v = json(tmp.path(), &["deathnell"]);
    assert_eq!(v["corrections"][0]["typed"], "deathnell");
    assert_eq!(v["corrections"][0]["searched"], "deathknell");
    assert!(ids(&v).iter().take(3).any(|i| i.starts_with("808")));
}

#[test]
fn other_games_words_find_riftbound_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["what happens on the stack first"]);
    assert_eq!(v["synonyms"][0]["typed"], "stack");
    assert_eq!(v["synonyms"][0]["searched"][0], "chain");
    let first = top_number(&ids(&v)[0]);
    assert!(
        (325..=340).contains(&first),
        "first hit {first} is not a Chain rule"
    );
    let ignored: Vec<&str> = v["ignored_words"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(ignored.contains(&"what") && ignored.contains(&"happens"));
}

#[test]
fn quoted_phrases_match_in_order_and_limit_caps_hits() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["\"lethal damage\"", "--limit", "5"]);
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty() && hits.len() <= 5);
    for h in hits {
        let all: String = h["snippets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["text"].as_str().unwrap().to_lowercase())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(all.contains("lethal damage"), "{h}");
    }
}

#[test]
fn section_restricts_to_a_range_or_a_rule() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["tank", "--section", "454-461"]);
    let found = ids(&v);
    assert!(!found.is_empty());
    for id in &found {
        assert!(
            (454..=461).contains(&top_number(id)),
            "{id} outside 454-461"
        );
    }
    assert_eq!(v["scope"]["section"], "454-461");
    let v = json(tmp.path(), &["damage", "--section", "460.2"]);
    for id in ids(&v) {
        assert!(id.starts_with("460.2"), "{id} outside 460.2");
    }
    arbiter(tmp.path())
        .args(["search", "tank", "--section", "abc"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--section"));
    arbiter(tmp.path())
        .args(["search", "tank", "--section", "461-454"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("454-461"));
}

#[test]
fn an_id_typed_as_a_query_jumps_to_the_rule() {
    let tmp = tempfile::tempdir().unwrap();
    arbiter(tmp.path())
        .args(["search", "323.5"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("2026-03-30/323.5"))
        .stdout(predicate::str::contains("exact id match"));
    let v = json(tmp.path(), &["323.5"]);
    assert_eq!(v["hits"][0]["id"], "323.5");
    assert_eq!(v["hits"][0]["exact_id_match"], true);
    assert_eq!(v["id_query"], true);
}

#[test]
fn json_has_scores_ids_editions_and_snippet_spans() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["recall"]);
    for key in [
        "query",
        "searched_for",
        "corrections",
        "synonyms",
        "fuzzy",
        "scope",
        "total",
        "limit",
        "hits",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty());
    let mut last = f64::INFINITY;
    let mut spans_checked = 0;
    for h in hits {
        let score = h["score"].as_f64().unwrap();
        assert!(score <= last, "scores not descending");
        last = score;
        assert_eq!(h["edition"], "2026-03-30");
        assert_eq!(h["game"], "riftbound");
        assert_eq!(
            h["qualified_id"].as_str().unwrap(),
            format!("2026-03-30/{}", h["key"].as_str().unwrap())
        );
        for s in h["snippets"].as_array().unwrap() {
            let text: Vec<char> = s["text"].as_str().unwrap().chars().collect();
            for span in s["spans"].as_array().unwrap() {
                let (a, b) = (
                    span[0].as_u64().unwrap() as usize,
                    span[1].as_u64().unwrap() as usize,
                );
                let word: String = text[a..b].iter().collect();
                assert!(word.to_lowercase().starts_with("recall"), "span {word:?}");
                spans_checked += 1;
            }
        }
    }
    assert!(spans_checked > 0);
}

#[test]
fn nothing_found_exits_1_with_suggestions() {
    let tmp = tempfile::tempdir().unwrap();
    arbiter(tmp.path())
        .args(["search", "qqqzzzxx", "--section", "454-461"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("no rules match"))
        .stdout(predicate::str::contains("without --section"))
        // said once: nothing repeated on stderr
        .stderr(predicate::str::is_empty());
    let out = arbiter(tmp.path())
        .args(["search", "qqqzzzxx", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hits"].as_array().unwrap().len(), 0);
    assert!(!v["suggestions"].as_array().unwrap().is_empty());
}

#[test]
fn bad_query_syntax_is_a_clear_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    for (q, says) in [
        ("\"lethal damage", "never closed"),
        ("\"  \"", "no words"),
        ("what is the", "only common words"),
        ("-tank", "besides exclusions"),
    ] {
        arbiter(tmp.path())
            .args(["search", "--", q])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says))
            .stderr(predicate::str::contains("panicked").not());
    }
    arbiter(tmp.path()).args(["search"]).assert().code(2);
    arbiter(tmp.path())
        .args(["search", "tank", "--limit", "0"])
        .assert()
        .code(2);
}

#[test]
fn exclusions_remove_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["tank -combat", "--limit", "50"]);
    for h in v["hits"].as_array().unwrap() {
        let text = h["snippets"].to_string().to_lowercase();
        assert!(!text.contains("combat"), "{h}");
    }
}

#[test]
fn colour_highlights_matches_and_ids_are_links() {
    let tmp = tempfile::tempdir().unwrap();
    let out = arbiter(tmp.path())
        .env("ARBITER_HYPERLINKS", "1")
        .env(
            "ARBITER_LINK_BASE",
            "file:///site/{game}-{edition}.html#{id}",
        )
        .args(["--color", "always", "search", "tank", "--limit", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\x1b]8;;"), "no OSC 8 link: {text:?}");
    assert!(
        text.contains("\x1b[33m\x1b[1mTank"),
        "no highlight: {text:?}"
    );
    let plain = arbiter(tmp.path())
        .args(["search", "tank", "--limit", "2"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(plain.stdout).unwrap().contains('\x1b'));
}

#[test]
fn editions_can_be_chosen_or_all_searched() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["mulligan", "--edition", "2025-06-02"]);
    for h in v["hits"].as_array().unwrap() {
        assert_eq!(h["edition"], "2025-06-02");
    }
    let v = json(
        tmp.path(),
        &["deathknell", "--all-editions", "--limit", "50"],
    );
    let editions: std::collections::BTreeSet<&str> = v["hits"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["edition"].as_str())
        .collect();
    assert!(editions.contains("2026-03-30"), "{editions:?}");
    assert!(v["scope"]["edition"].is_null());
    arbiter(tmp.path())
        .args(["search", "tank", "--edition", "1999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no edition"));
    arbiter(tmp.path())
        .args([
            "search",
            "tank",
            "--all-editions",
            "--edition",
            "2025-06-02",
        ])
        .assert()
        .code(2);
}

#[test]
fn rule_lookups_never_open_the_index() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    arbiter(&cache).args(["rule", "323.5"]).assert().success();
    assert!(!cache.exists(), "arbiter rule created the search cache");
    arbiter(&cache).args(["search", "tank"]).assert().success();
    assert!(cache.exists());
}

#[test]
fn a_missing_id_exits_1_and_offers_its_nearest_ancestor() {
    let tmp = tempfile::tempdir().unwrap();
    arbiter(tmp.path())
        .args(["search", "323.99"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("nearest ancestor is 323"));
}

#[test]
fn the_other_game_is_searched_with_game() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["priority", "--game", "legions-of-will"]);
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty());
    assert_eq!(v["scope"]["game"], "legions-of-will");
    for h in hits {
        assert_eq!(h["game"], "legions-of-will");
        assert_eq!(h["edition"], "2023-09-11");
    }
    // Comprehensive-style ids are found as typed.
    let v = json(tmp.path(), &["100.1a", "--game", "legions-of-will"]);
    assert_eq!(v["hits"][0]["id"], "100.1a");
}

#[test]
fn a_misspelt_other_game_word_is_corrected_then_mapped() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["sumoning sickness"]);
    assert_eq!(v["corrections"][0]["typed"], "sumoning");
    assert_eq!(v["corrections"][0]["searched"], "summoning");
    assert_eq!(v["synonyms"][0]["typed"], "summoning sickness");
    assert!(
        ids(&v)
            .iter()
            .take(5)
            .any(|i| i.starts_with("805") || i == "359.2.c"),
        "{:?}",
        ids(&v)
    );
}

#[test]
fn a_keyword_typed_as_two_words_is_joined() {
    let tmp = tempfile::tempdir().unwrap();
    arbiter(tmp.path())
        .args(["search", "death knell", "--limit", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("searched for \"deathknell\""))
        .stdout(predicate::str::contains("2026-03-30/808"));
    let v = json(tmp.path(), &["weapon", "master"]);
    assert_eq!(v["corrections"][0]["searched"], "weaponmaster");
    assert!(ids(&v)[0].starts_with("821"), "{:?}", ids(&v));
}

/// Two words run together ("quickdraws" for Quick-Draw) are split where the
/// rules say both together; a recovered sentence ranks on its merits (484.3 is
/// only "Victory Score: 11", recovered from the reference index, and answers
/// what the 2v2 victory score is) and is still shown as recovered.
#[test]
fn run_together_words_split_and_recovered_text_ranks_as_text() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["quickdraws"]);
    assert_eq!(v["corrections"][0]["searched"], "quick draws");
    assert!(ids(&v)[0].starts_with("819"), "{:?}", ids(&v));
    let v = json(tmp.path(), &["victory score 2v2", "--limit", "3"]);
    assert!(ids(&v).contains(&"484.3".to_string()), "{:?}", ids(&v));
    let hit = v["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["id"] == "484.3")
        .unwrap();
    assert_eq!(hit["snippets"][0]["field"], "recovered_text");
}

#[test]
fn an_ordinary_word_the_rules_lack_is_not_forced_into_another() {
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["unit size"]);
    assert!(
        v["corrections"].as_array().unwrap().is_empty(),
        "{}",
        v["corrections"]
    );
    assert_eq!(v["unknown_words"][0], "size");
    arbiter(tmp.path())
        .args(["search", "unit size", "--limit", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no rule here says \"size\""));
}

#[test]
fn an_everyday_word_the_rules_never_use_searches_the_rules_word_for_it() {
    // "prohibited" is nowhere in the rules; the lexical table (WordNet) gives
    // "forbid", which the Silver Rule uses (054.1 "Cards that forbid actions …").
    let tmp = tempfile::tempdir().unwrap();
    let v = json(tmp.path(), &["prohibited"]);
    assert!(
        v["searched_for"].as_str().unwrap().contains("forbid"),
        "{}",
        v["searched_for"]
    );
    assert_eq!(v["unknown_words"], serde_json::json!([]));
    // and says so, as it says a thesaurus mapping
    assert_eq!(
        v["synonyms"],
        serde_json::json!([{"typed": "prohibited", "searched": ["forbid"]}])
    );
    let first = &v["hits"][0];
    let text = first["snippets"][0]["text"]
        .as_str()
        .unwrap()
        .to_lowercase();
    assert!(text.contains("forbid"), "{}: {text}", first["id"]);
}

#[test]
fn card_text_quoted_in_a_question_is_searched_as_words_when_no_rule_says_it() {
    // A judge pastes a card's words into a question; card text is not rules text
    // (051), so no rule says the phrase: its words are searched anywhere instead.
    let tmp = tempfile::tempdir().unwrap();
    let v = json(
        tmp.path(),
        &["does accelerate trigger \"when a unit becomes ready\""],
    );
    assert_eq!(
        v["unquoted_phrases"],
        serde_json::json!(["when a unit becomes ready"])
    );
    assert!(!v["hits"].as_array().unwrap().is_empty());
    assert!(v["hits"][0]["id"].as_str().unwrap().starts_with("805"));
    arbiter(tmp.path())
        .args(["search", "accelerate \"when a unit becomes ready\""])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no rule here says \"when a unit becomes ready\"",
        ));
    // a phrase the rules say stays a phrase; a quoted phrase alone stays as typed
    let v = json(tmp.path(), &["unit \"lethal damage\""]);
    assert_eq!(v["unquoted_phrases"], serde_json::json!([]));
    arbiter(tmp.path())
        .args(["search", "\"when a unit becomes ready\""])
        .assert()
        .code(1);
}

#[test]
fn a_question_is_re_ranked_by_meaning_among_the_words_best_hits() {
    let tmp = tempfile::tempdir().unwrap();
    let q = "who gets credit for a kill";
    let meant = json(tmp.path(), &[q]);
    let words = json(tmp.path(), &["--words-only", "--limit", "60", q]);
    assert_eq!(meant["meaning"], true);
    assert_eq!(words["meaning"], false);
    let pool = ids(&words);
    let mine = ids(&meant);
    assert_eq!(mine.len(), 10);
    // the words' best hits, re-ordered: 428.5.c ("attributed") is not the words' first
    assert_ne!(mine, pool[..10].to_vec());
    let scores: Vec<f64> = meant["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // a share of the best word score (at most 1) plus WEIGHT x a similarity (at most 1)
    let most = 1.0 + f64::from(arbiter::search::meaning::WEIGHT);
    assert!(scores[0] <= most && scores[0] > 1.0, "{scores:?}");
}

/// Rules nearest a question in meaning join the candidates even when its words do
/// not match them; they are counted among the matches.
#[test]
fn a_question_s_nearest_rules_join_the_words_hits() {
    let tmp = tempfile::tempdir().unwrap();
    let q = r#"card says "up to two units", can I choose no targets at all"#;
    let meant = json(tmp.path(), &[q]);
    let words = json(tmp.path(), &["--words-only", "--limit", "60", q]);
    let pool = ids(&words);
    let mine = ids(&meant);
    let extra = mine.iter().filter(|id| !pool.contains(id)).count();
    assert!(extra > 0, "{mine:?} all among the words' {pool:?}");
    let (t, w) = (
        meant["total"].as_u64().unwrap(),
        words["total"].as_u64().unwrap(),
    );
    let nearest = arbiter::search::meaning::NEAREST as u64;
    assert!(t >= w + extra as u64 && t <= w + nearest, "{t} vs {w}");
    // 355.13: "… 'up to' some number … including zero", which the words miss
    assert_eq!(mine[0], "355.13");
    assert!(!pool.contains(&mine[0]));
}

/// A hit the words do not match is marked as found by meaning alone: in JSON
/// (`meaning_only`) and, discreetly, in the text.
#[test]
fn a_rule_found_by_meaning_alone_is_marked() {
    let tmp = tempfile::tempdir().unwrap();
    let q = r#"card says "up to two units", can I choose no targets at all"#;
    // every rule either ranking holds: all the words match, and the nearest in meaning
    let meant = json(tmp.path(), &["--limit", "5000", q]);
    let words = json(tmp.path(), &["--words-only", "--limit", "5000", q]);
    let matched = ids(&words);
    let hits = meant["hits"].as_array().unwrap();
    assert_eq!(hits.len() as u64, meant["total"].as_u64().unwrap());
    let alone: Vec<&str> = hits
        .iter()
        .filter(|h| h["meaning_only"] == true)
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    // exactly the rules the words do not match
    for h in hits {
        let id = h["id"].as_str().unwrap().to_string();
        assert_eq!(h["meaning_only"], !matched.contains(&id), "{id}");
    }
    assert_eq!(alone.len(), hits.len() - matched.len());
    assert!(alone.contains(&"355.13"), "{alone:?}");
    assert!(
        words["hits"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h["meaning_only"] == false)
    );
    // the text marks it after its title, and no other hit
    let out = arbiter(tmp.path())
        .args(["search", "--limit", "3", q])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let marked: Vec<&str> = text
        .lines()
        .filter(|l| l.ends_with("(by meaning alone)"))
        .collect();
    assert!(
        marked
            .first()
            .is_some_and(|l| l.starts_with("2026-03-30/355.13 ")),
        "{text}"
    );
    let shown = json(tmp.path(), &["--limit", "3", q]);
    let n = shown["hits"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["meaning_only"] == true)
        .count();
    assert_eq!(marked.len(), n, "{text}");
}

#[test]
fn a_keyword_search_is_ranked_by_its_words_alone() {
    let tmp = tempfile::tempdir().unwrap();
    for q in ["tank", "deathknell replaced death"] {
        let a = json(tmp.path(), &[q]);
        let b = json(tmp.path(), &["--words-only", q]);
        assert_eq!(a["meaning"], false, "{q}");
        assert_eq!(a["hits"], b["hits"], "{q}");
        assert!(
            a["hits"]
                .as_array()
                .unwrap()
                .iter()
                .all(|h| h["meaning_only"] == false)
        );
    }
}
