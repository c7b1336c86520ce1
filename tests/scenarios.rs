//! The scenario library as the engine's regression suite: `arbiter test scenarios/`
//! must pass, each file must pass on its own, runs are deterministic, and together
//! the scenarios cite every rule the "Done means" asks them to cover.

use assert_cmd::Command;
use predicates::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env("NO_COLOR", "1").arg("--color").arg("never");
    c
}

fn scenario_files() -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        for p in v {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "yaml") {
                out.push(p);
            }
        }
    }
    let mut v = Vec::new();
    walk(Path::new("scenarios"), &mut v);
    v
}

#[test]
fn the_whole_library_passes() {
    let n = scenario_files().len();
    assert!(n >= 40, "the library has {n} scenarios, fewer than 40");
    arbiter()
        .args(["test", "scenarios"])
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(format!("{n} passed, 0 failed\n")));
}

#[test]
fn every_scenario_states_its_ruling_and_checks_something() {
    for f in scenario_files() {
        let s = std::fs::read_to_string(&f).unwrap();
        assert!(s.contains("\nruling:"), "{} has no ruling", f.display());
        assert!(
            s.contains("\nexpect:") || s.contains("\nexpect-error:") || s.contains("- expect:"),
            "{} has no expectations",
            f.display()
        );
    }
}

#[test]
fn each_scenario_passes_alone() {
    for f in scenario_files() {
        arbiter().arg("run").arg(&f).assert().code(0);
    }
}

#[test]
fn runs_are_deterministic_in_text_and_json() {
    for f in [
        "scenarios/combat/tank-first.yaml",
        "scenarios/chain/trigger-order.yaml",
    ] {
        let a = arbiter().args(["run", f, "--explain"]).output().unwrap();
        let b = arbiter().args(["run", f, "--explain"]).output().unwrap();
        assert_eq!(a.stdout, b.stdout, "{f}: text differs between runs");
        let a = arbiter().args(["--json", "run", f]).output().unwrap();
        let b = arbiter().args(["--json", "run", f]).output().unwrap();
        assert_eq!(a.stdout, b.stdout, "{f}: JSON differs between runs");
    }
    let a = arbiter().args(["test", "scenarios"]).output().unwrap();
    let b = arbiter().args(["test", "scenarios"]).output().unwrap();
    assert_eq!(a.stdout, b.stdout);
}

/// Every rule the issue asks the library to cover is cited by some scenario.
#[test]
fn the_library_covers_the_required_rules() {
    let mut cited = BTreeSet::new();
    for f in scenario_files() {
        let out = arbiter().arg("--json").arg("run").arg(&f).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for e in v["trace"].as_array().into_iter().flatten() {
            for r in e["rules"].as_array().into_iter().flatten() {
                cited.insert(r.as_str().unwrap().to_string());
            }
        }
        // Layer rules are cited by the breakdowns of characteristics ("... [472.1, 475.3]").
        for o in v["state"]["objects"].as_array().into_iter().flatten() {
            for step in o["breakdown"].as_array().into_iter().flatten() {
                let step = step.as_str().unwrap();
                if let Some(i) = step.rfind(" [") {
                    for r in step[i + 2..].trim_end_matches(']').split(", ") {
                        cited.insert(r.to_string());
                    }
                }
            }
        }
    }
    let required = [
        // step 2 of playing and of abilities: choices when put on the chain (355.5, 402.1), a
        // trigger without legal choices removed (402.3), "you may" asked at the condition
        // (383.3.a), an illegal target unaffected on resolution (359.3.e.5)
        "355.5",
        "402.1",
        "402.3",
        "402.3.a",
        "383.3.a",
        "359.3.e.5",
        // priority after a resolution, awarded once the cleanup is done (340.4)
        "340.4",
        // resources and costs: the total cost (356.1, Accelerate 356.2.b.1), its payment by a
        // card (357.1), the runes' two abilities during it (163.2.a/b, 357.1.a), [A] the
        // player's choice (135.2.e.5.a), Add abilities at once (400.2, 429.2), channelling
        // (430.1, 430.2, 315.3.b), hiding's cost (811.1.b), the pool emptying (317.2.d)
        "356.1",
        "356.2.b.1",
        "357.1",
        "357.1.a",
        "163.2.a",
        "163.2.b.1",
        "135.2.e.5.a",
        "400.2",
        "429.2",
        "430.1",
        "430.2",
        "315.3.b",
        "811.1.b",
        "317.2.d",
        // a cost within a triggered ability: paid, declined or unpayable (403.1.b.1, 404)
        "403.1.b.1",
        "404.1",
        "404.2",
        "404.2.a",
        // the normal cleanup that follows a special one at once (322, 324.2)
        "322",
        "324.2",
        // a damage assignment refused with its rule
        "460.2.c.3",
        // counter (425): not played (419.4.b); a spell is played when it resolves (419.4.a)
        "425.1.a",
        "425.1.b",
        "419.4.a",
        "419.4.b",
        // modes chosen at step 2
        "355.3",
        // hidden cards (811): choices restricted to their battlefield, base cost ignored,
        // permanents (gear too) entering there
        "811.1.d.2",
        // a conditional Reaction fulfilled at step 5 (813.4.b)
        "813.4.b",
        // cost increases and discounts (356.3, 356.4, 356.4.e)
        "356.3",
        "356.4",
        "356.4.e",
        // Ambush's location and Reaction (822.1.b)
        "822.1.b",
        // linked abilities (394, 397)
        "394",
        "397",
        // Repeat's optional additional cost (820.1.d, 820.1.c.1)
        "820.1.d",
        "820.1.c.1",
        // Deflect's mandatory additional cost (809.1.c, 356.2.a.2)
        "809.1.c",
        "356.2.a.2",
        "811.1.d.1.a",
        "356.1.b.1",
        "811.6",
        // replacement effects (367–375): a death replaced, its controller, one use, once each
        // turn, the order of several on one event and of simultaneous events, no Deathknell
        "369",
        "370.1.a",
        "370.2",
        "371.1",
        "372",
        "373",
        "374",
        "808.1.d.1",
        // delayed abilities (389–392): created, triggered, independent of their source,
        // expiring; in combat they wait while FEPR is skipped (460.3)
        "387.2",
        "387.1.a",
        "388.1",
        "388.2",
        "390.2",
        "391",
        "392",
        "460.3",
        // attachment (716–725, 434): attach, Might Bonus, Effect Text, moving with the unit,
        // detaching when it leaves (721.2, an inactive ability refused, is checked by the
        // expect-error of attachment/inactive-ability-cannot-be-activated.yaml)
        "434.1",
        "718.3",
        "718.4",
        "719.3.a",
        "719.5",
        // keywords: Vision's trigger and Predict (817, 436), Quick-Draw (819), Weaponmaster (821)
        "817.1.c",
        "436.1",
        "819.1.d",
        "821.1.c",
        "821.1.c.5",
        // every task of a cleanup (323)
        "323.1",
        "323.2.a",
        "323.2.b",
        "323.2.c",
        "323.4",
        "323.5",
        "323.6",
        "323.7",
        "323.8",
        "323.9",
        "323.10",
        "323.11",
        "323.12",
        "323.13",
        "323.14",
        // combat: staging, opening, designations and focus, the initial chain, damage,
        // skipping FEPR, the combat cleanup, the result, control and conquer, the end
        "456",
        "459.2",
        "459.2.b.1",
        "459.2.b.3",
        "459.2.b.4",
        "459.2.d",
        "459.2.e",
        "459.2.g",
        "460.2",
        "460.2.c",
        "460.2.d",
        "460.3",
        "461.1",
        "461.1.a.1",
        "461.1.a.2",
        "461.3.a",
        "461.3.d",
        "461.5",
        "461.5.b",
        "461.7",
        // damage assignment (460.2.c.1–9)
        "460.2.c.1.a",
        "460.2.c.3",
        "460.2.c.4",
        "460.2.c.5",
        "460.2.c.6",
        "460.2.c.7",
        "460.2.c.9",
        // scoring: conquer, hold, both branches of the winning point, once per turn
        "464.1",
        "464.2",
        "466.1.b.1",
        "466.1.b.2",
        "465",
        // a non-combat showdown, its control and conquer
        "316.5.b.1",
        "348.2",
        // trigger ordering, Deathknell
        "383.3.d",
        // layers: timestamps, snapshot
        "475.3",
        "472.3.b",
    ];
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|r| !cited.contains(*r))
        .collect();
    assert!(
        missing.is_empty(),
        "no scenario cites: {}",
        missing.join(", ")
    );
    // Every rule of playing a card (349–359), of replacement, delayed, reflexive and linked
    // abilities (366–397) and of playing an ability (398–406) that the engine cites is shown
    // at work by a scenario: cited by a run, or the rule of an error
    // a scenario expects (an illegal step).
    for f in scenario_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        if let Some(line) = text.lines().find(|l| l.starts_with("expect-error:"))
            && let Some(i) = line.find("rule: ")
        {
            let r = line[i + 6..].trim_start_matches('"');
            let end = r.find(['"', ',', '}']).unwrap_or(r.len());
            cited.insert(r[..end].trim().to_string());
        }
    }
    let in_range = |r: &str| {
        let n: u32 = r.split('.').next().unwrap().parse().unwrap_or(0);
        (349..=359).contains(&n) || (366..=406).contains(&n)
    };
    let mut engine = BTreeSet::new();
    let mut stack = vec![std::path::PathBuf::from("src/engine")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("tests.rs") {
                let src = std::fs::read_to_string(&p).unwrap();
                for part in src.split("cite!(\"").skip(1) {
                    let id = &part[..part.find('"').unwrap()];
                    if in_range(id) {
                        engine.insert(id.to_string());
                    }
                }
            }
        }
    }
    assert!(engine.len() > 20, "the engine cites the rules of playing");
    let unshown: Vec<&String> = engine.iter().filter(|r| !cited.contains(*r)).collect();
    assert!(
        unshown.is_empty(),
        "rules of 349–359 / 366–406 the engine applies but no scenario shows: {unshown:?}"
    );
}

#[test]
fn every_error_kind_has_a_scenario() {
    let mut kinds = BTreeSet::new();
    for f in scenario_files() {
        let s = std::fs::read_to_string(&f).unwrap();
        if let Some(i) = s.find("expect-error: {kind: ") {
            let rest = &s[i + "expect-error: {kind: ".len()..];
            let k: String = rest
                .chars()
                .take_while(|c| *c != ',' && *c != '}')
                .collect();
            kinds.insert(k.trim().to_string());
        }
    }
    for k in [
        "unknown-field",
        "invalid-value",
        "unknown-name",
        "ambiguous-name",
        "unknown-keyword",
        "unsupported",
        "illegal",
        "undecided",
        "unused-choice",
    ] {
        assert!(
            kinds.contains(k),
            "no scenario expects an error of kind {k}"
        );
    }
}

/// A trace line cites the rule that mandates what it says (issue 7, item 8): checked
/// mechanically over the whole library for the lines whose wording names a game action.
#[test]
fn trace_lines_cite_the_rule_of_what_they_say() {
    // (words in the line, the rule prefix one of its citations must have)
    let checks: [(&str, &str); 9] = [
        (" is killed", "428"),
        (" draws ", "413"),
        (" XP (now ", "730.1"),
        (" token is created", "439.1"),
        ("no longer a legal target", "359.3.e.5"),
        (": adds 1 energy", "163.2.a"),
        ("to the bottom of their rune deck: adds", "163.2.b"),
        (" channels ", "430.1"),
        ("total cost of ", "356"),
    ];
    let mut problems = Vec::new();
    let mut seen = [0usize; 9];
    for f in scenario_files() {
        let out = arbiter().arg("--json").arg("run").arg(&f).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for e in v["trace"].as_array().into_iter().flatten() {
            let text = e["text"].as_str().unwrap_or_default();
            if text.starts_with("effect: ") || e["kind"] == "decision" {
                // a scenario's injected effect: its own lines follow, with their rules; a
                // decision names what is chosen (a mode that draws), it does not do it
                continue;
            }
            let rules: Vec<&str> = e["rules"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r.as_str())
                .collect();
            // a replacement line names what happens instead; the lines that do it follow,
            // each with its own rule, so only the words before "applies instead:" are its own
            // (a self-replacement's line, 370.1.a, likewise: "so the instruction is replaced: …")
            let own = text.split(" applies instead: ").next().unwrap_or(text);
            let own = own
                .split(" the instruction is replaced: ")
                .next()
                .unwrap_or(own);
            // a delayed ability created quotes what it will do (390.2), which is not done now
            let own = own
                .split(" creates a delayed ability ")
                .next()
                .unwrap_or(own);
            for (i, (words, prefix)) in checks.iter().enumerate() {
                if own.contains(words) {
                    seen[i] += 1;
                    if !rules.iter().any(|r| r.starts_with(prefix)) {
                        problems.push(format!(
                            "{}: {text:?} {rules:?} lacks {prefix}",
                            f.display()
                        ));
                    }
                }
            }
            // a payment cites the step that pays: 357.1 (a card), 404.1 (an ability), 742.1
            // (a cost within an optional replacement's instruction), 355.17 (a payment an
            // instruction offers on resolution, "unless its controller pays [2]"), or the
            // keyword whose cost it is (811.1.b hiding, 821.1.c Weaponmaster)
            if text.contains(" pays ")
                && text.contains(" for ")
                && !rules.iter().any(|r| {
                    ["355.17", "357.1", "404.1", "742.1", "811.1.b", "821.1.c"]
                        .iter()
                        .any(|p| r.starts_with(p))
                })
            {
                problems.push(format!(
                    "{}: {text:?} {rules:?}: a payment without its rule",
                    f.display()
                ));
            }
            // 705 (buffs removed on leaving play) only on a line that removes a buff
            if rules.contains(&"705") != text.contains("buff is removed") {
                problems.push(format!(
                    "{}: {text:?} {rules:?}: 705 and its wording disagree",
                    f.display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for (i, (words, _)) in checks.iter().enumerate() {
        assert!(
            seen[i] > 0,
            "no trace line of the library contains {words:?}: the check tests nothing"
        );
    }
}
