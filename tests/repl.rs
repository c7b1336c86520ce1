//! The REPL: piped sessions through the binary (every command), `back` exact on every
//! scenario of the library, and `save` round-trips (the saved scenario reaches the same
//! final state).

use arbiter::repl::{Session, commands, save};
use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env("NO_COLOR", "1")
        .env_remove("ARBITER_CARDS")
        .env("XDG_DATA_HOME", "/nonexistent-arbiter-test")
        // the widest output (lines longer are wrapped, as on a terminal)
        .env("COLUMNS", "100")
        .args(["--color", "never"]);
    c
}

fn scenario_files() -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let mut es: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        es.sort();
        for p in es {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
    }
    let mut v = Vec::new();
    walk(Path::new("scenarios"), &mut v);
    v
}

#[test]
fn a_piped_session_steps_looks_goes_back_and_finishes() {
    arbiter()
        .args(["repl", "scenarios/combat/tank-first.yaml"])
        .write_stdin("help\nstep\nboard\nshow Raider\nwhy Shieldbearer\nwhy Shieldbearer keywords\nback\nboard\nrun\nwhy\ntrace 2 --explain\nrule 815.1\ndefine tank\nquit\nstep\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("step 1 of 1:"))
        .stdout(predicate::str::contains("Raider (A)  Might 5  exhausted  attacker"))
        .stdout(predicate::str::contains("Shieldbearer: Might 3 = printed 3; keywords: Tank"))
        .stdout(predicate::str::contains("Shieldbearer: keywords Tank"))
        .stdout(predicate::str::contains("back 1: before script step 1"))
        .stdout(predicate::str::contains("✓ Shieldbearer: zone trash"))
        .stdout(predicate::str::contains("last decision: B assigns 6 combat damage"))
        .stdout(predicate::str::contains("815.1 Tank is a Passive Ability keyword."))
        .stdout(predicate::str::contains("zone: The Bridge"))
        // `quit` ends the session: the step after it is not taken
        .stdout(predicate::str::contains("step 1 of 1:").count(2));
}

#[test]
fn a_failed_command_is_reported_and_the_session_exits_2() {
    arbiter()
        .args(["repl", "scenarios/combat/tank-first.yaml"])
        .write_stdin("stpe\nshow Nobody\ngoto x\nback\nchoose 1\ndo move: {units: [Squire], to: nowhere}\nrule\nsearch zzzz\nboard\n")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("unknown command \"stpe\" — did you mean \"step\"?"))
        .stdout(predicate::str::contains("no object \"Nobody\""))
        .stdout(predicate::str::contains("goto needs a step number"))
        .stdout(predicate::str::contains("nothing to go back to"))
        .stdout(predicate::str::contains("no decision is pending"))
        // placed in what was typed, not in the scenario file
        .stdout(predicate::str::contains(
            "error (line 6): unknown battlefield \"nowhere\" (column 29 of `move: {units: [Squire], to: nowhere}`)\n  hint: the battlefields are: The Bridge",
        ))
        .stdout(predicate::str::contains("tank-first.yaml:").not())
        // a lookup's usage error: clap's whole sentence, once labelled
        .stdout(predicate::str::contains(
            "error (line 7): the following required arguments were not provided: <ID>\n",
        ))
        // a search without hits says so once (its own message), and counts as failed
        .stdout(predicate::str::contains("no rules match \"zzzz\""))
        .stdout(predicate::str::contains("error (line 8)").not())
        .stdout(predicate::str::contains("nothing found").not())
        // the state survived every failure
        .stdout(predicate::str::contains("Raider (A)  Might 5"))
        .stderr(predicate::str::contains("8 commands failed"));
}

#[test]
fn choose_answers_a_pending_decision_by_number() {
    // Firebolt with two enemy units: the target decision is answered by number, and the
    // script's own choose step is taken with it.
    arbiter()
        .args(["repl", "scenarios/chain/spell-with-target.yaml"])
        .write_stdin("step\nwhy\nchoose 1\nboard\nstep\ndo pass: A\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("decision pending"))
        .stdout(predicate::str::contains("pending: A chooses"))
        .stdout(predicate::str::contains("A chooses Squire"))
        .stdout(predicate::str::contains(
            "chain (last resolves first):\n  Firebolt (A)",
        ))
        .stdout(predicate::str::contains("step 3 of 3:"))
        .stdout(predicate::str::contains("A passes priority"));
}

#[test]
fn without_a_file_it_starts_from_an_empty_duel() {
    arbiter()
        .arg("repl")
        .write_stdin("board\nstep\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "turn 1 of A, main phase, neutral-open",
        ))
        .stdout(predicate::str::contains("the script has no more steps"));
}

/// The commands the sessions above do not use, piped: `help CMD`, `step N`, `back N`,
/// `goto N`, `why OBJ might|controller|tags`, `search`, `refs`, `trace N`, `load`,
/// `choose ANSWER` and `save` (which writes a file `run` accepts).
#[test]
fn the_other_commands_piped() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("after-choice.yaml");
    let cmds = format!(
        "help step\nstep 1\nback 1\ngoto 1\ngoto 0\nwhy Raider might\nwhy Raider controller\n\
         why Raider tags\nsearch lethal damage --limit 1\nrefs 327\ntrace 1\n\
         load scenarios/chain/spell-with-target.yaml\nstep\nchoose target: Page\nboard\n\
         save {}\nquit\n",
        saved.display()
    );
    let out = arbiter()
        .args(["repl", "scenarios/combat/tank-first.yaml"])
        .write_stdin(cmds)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    for want in [
        "step [N]\n  take the next N script steps (default 1)",
        "step 1 of 1:",
        "back 1: before script step 1 (3 trace lines)",
        "at script step 1 of 1",
        "at script step 0 of 1",
        "Raider: Might 5\n  printed Might 5 [469]\n  no effect changes it (it would in layer 3, arithmetic) [472.3]",
        "Raider: controlled by A",
        "Raider: tags none",
        // search: the hit and the count, as `arbiter search` prints them
        "2026-03-30/460.2.c.2",
        "12 rules match; showing 1",
        // refs: what links to 327
        "327  Chains\n  links to (0):",
        "359.3.b If there are other Pending Items",
        // trace 1: only the last line (the game's start, after goto 0)
        "\n  A gains priority  [312.2.a, 312.3]\nloaded scenarios/chain/spell-with-target.yaml (3 steps)",
        "A chooses an enemy unit as a target of Firebolt: A chooses Page  [355.5]",
        "chain (last resolves first):\n  Firebolt (A)",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    assert!(text.contains("saved "), "{text}");
    // the saved state has the chosen target: running it, Firebolt kills Page, not Squire
    let saved_text = std::fs::read_to_string(&saved).unwrap();
    assert!(saved_text.contains("Firebolt"), "{saved_text}");
    let run = arbiter()
        .arg("--json")
        .arg("run")
        .arg(&saved)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let zone = |name: &str| {
        v["state"]["objects"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["card"] == name)
            .map(|o| o["zone"]["zone"].clone())
    };
    assert_eq!(
        zone("Page"),
        Some(serde_json::json!("trash")),
        "{saved_text}"
    );
    assert_ne!(
        zone("Squire"),
        Some(serde_json::json!("trash")),
        "{saved_text}"
    );
}

/// The recorded session in the README ("Stepping through a ruling: the REPL") is what the
/// REPL prints: its commands are piped in and every line it shows is compared, a line `…`
/// standing for lines left out.
#[test]
fn the_readme_session_is_what_the_repl_prints() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme
        .find("```text\n$ arbiter repl scenarios/combat/tank-first.yaml\n")
        .expect("the README's recorded session");
    let block = &readme[start + "```text\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let mut lines = block.lines();
    let first = lines.next().unwrap();
    let file = first.strip_prefix("$ arbiter repl ").unwrap();
    let mut commands = String::new();
    let mut shown: Vec<&str> = Vec::new();
    for l in lines {
        match l.strip_prefix("tank-first › ") {
            Some(c) => {
                commands.push_str(c);
                commands.push('\n');
            }
            None => shown.push(l),
        }
    }
    assert!(commands.lines().count() >= 5 && shown.len() > 10, "{block}");
    // run in a scratch folder: `save what-if.yaml` writes there
    let dir = tempfile::tempdir().unwrap();
    let out = arbiter()
        .current_dir(dir.path())
        .args(["repl"])
        .arg(std::fs::canonicalize(file).unwrap())
        .write_stdin(commands)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let actual: Vec<&str> = text.lines().map(str::trim_end).collect();
    // each run of shown lines between `…` lines appears in order; without a `…` before
    // it, right where the previous one ended
    let mut at = 0;
    let mut gap = false;
    for part in shown.split(|l| l.trim() == "…") {
        if part.is_empty() {
            gap = true;
            continue;
        }
        let found = (at..=actual.len().saturating_sub(part.len()))
            .take(if gap { usize::MAX } else { 1 })
            .find(|&i| {
                actual[i..i + part.len()]
                    .iter()
                    .zip(part)
                    .all(|(a, b)| a == b)
            });
        let Some(i) = found else {
            panic!(
                "the README shows:\n{}\nbut the REPL printed (from line {at}):\n{}",
                part.join("\n"),
                actual[at..].join("\n")
            );
        };
        at = i + part.len();
        gap = true; // runs are separated by `…` lines
    }
    assert_eq!(at, actual.len(), "the REPL printed more:\n{text}");
    assert!(dir.path().join("what-if.yaml").is_file());
}

fn state_of(s: &Session) -> String {
    format!("{:?}", s.game)
}

/// Stepping every scenario to its end (the script step by step, then `run`: the final passes)
/// and back to its start restores the state exactly
/// (state and trace, compared through the game's full debug form).
#[test]
fn back_is_exact_on_every_scenario() {
    let mut checked = 0;
    let mut finished = 0;
    for f in scenario_files() {
        let Ok(mut s) = Session::open(Some(&f), None, arbiter::render::ColorChoice::Never) else {
            continue; // scenarios about load errors
        };
        let start = state_of(&s);
        let mut states = vec![start.clone()];
        let mut sink = Vec::new();
        loop {
            let before = s.history.len();
            let _ = commands::execute(&mut s, "step", &mut sink).unwrap();
            if s.history.len() == before {
                break; // the end, or a step that failed (the state is unchanged)
            }
            states.push(state_of(&s));
        }
        // the end of the script: the final passes and expectations (`run`), when it got there
        let before = s.history.len();
        let _ = commands::execute(&mut s, "run", &mut sink).unwrap();
        if s.history.len() > before {
            states.push(state_of(&s));
            finished += 1;
        }
        while !s.history.is_empty() {
            states.pop();
            let _ = commands::execute(&mut s, "back", &mut sink).unwrap();
            assert_eq!(
                &state_of(&s),
                states.last().unwrap(),
                "{}: back is not exact",
                f.display()
            );
        }
        assert_eq!(state_of(&s), start, "{}", f.display());
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} scenarios were stepped");
    assert!(
        finished >= 150,
        "only {finished} scenarios were run to their end"
    );
}

/// A summary of a game's final state that does not depend on object numbering (tokens
/// that ceased to exist left out).
fn summary(g: &arbiter::engine::Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .objects
        .iter()
        .filter(|o| o.zone != arbiter::engine::Zone::Gone)
        .map(|o| {
            format!(
                "{} in {} damage {} exhausted {}",
                o.def.name,
                g.zone_name(o.zone),
                o.damage,
                o.exhausted
            )
        })
        .collect();
    v.extend(
        g.players
            .iter()
            .map(|p| format!("{}: {} points {} xp", p.name, p.points, p.xp)),
    );
    v.extend(
        g.battlefields
            .iter()
            .map(|b| format!("{} controlled by {:?}", b.name, b.controller)),
    );
    v.sort();
    v
}

/// `save` after each step of a scenario writes a file that, loaded (and its first steps
/// taken when a decision was pending), has the engine state it was saved from — compared
/// through the game's fingerprint, objects by name — and whose run ends in the same state
/// as the original's (where the state can be saved at all).
#[test]
fn save_round_trips() {
    let mut saved = 0;
    let mut replayed = 0;
    let mut refused = 0;
    for f in scenario_files() {
        let Ok(mut s) = Session::open(Some(&f), None, arbiter::render::ColorChoice::Never) else {
            continue;
        };
        let source = std::fs::read_to_string(&f).unwrap();
        let original = arbiter::scenario::evaluate(&f.display().to_string(), &source);
        let (Some(o), arbiter::scenario::Status::Pass) = (&original.outcome, &original.status)
        else {
            continue;
        };
        if original.expected_error.is_some() {
            continue;
        }
        let want = summary(&o.game);
        let mut sink = Vec::new();
        for k in 0..=s.steps().len() {
            if k > 0 {
                let _ = commands::execute(&mut s, "step", &mut sink).unwrap();
            }
            let Ok(out) = save::scenario_text(&s) else {
                refused += 1;
                continue;
            };
            let text = out.text;
            // the saved file lives beside the original, so a card-database path still resolves
            let p = f.with_file_name(format!(".saved-{}-{k}.yaml", std::process::id()));
            std::fs::write(&p, &text).unwrap();
            let loaded = Session::open(Some(&p), None, arbiter::render::ColorChoice::Never);
            let v = arbiter::scenario::evaluate(&p.display().to_string(), &text);
            let _ = std::fs::remove_file(&p);
            let mut loaded = loaded.unwrap_or_else(|e| {
                panic!(
                    "{} saved after step {k} does not load: {e}\n{text}",
                    f.display()
                )
            });
            for _ in 0..out.replay {
                let _ = commands::execute(&mut loaded, "step", &mut sink).unwrap();
            }
            let (a, b) = (save::fingerprint(&s), save::fingerprint(&loaded));
            if a != b {
                let diff: Vec<String> = a
                    .lines()
                    .zip(b.lines())
                    .filter(|(x, y)| x != y)
                    .map(|(x, y)| format!("saved from: {x}\nloaded:     {y}"))
                    .collect();
                panic!(
                    "{} saved after step {k}: the loaded state differs:\n{}\n{text}",
                    f.display(),
                    diff.join("\n")
                );
            }
            let got = v.outcome.as_ref().map(|o| summary(&o.game));
            assert!(
                matches!(v.status, arbiter::scenario::Status::Pass),
                "{} saved after step {k} does not pass:\n{text}\n{:?}",
                f.display(),
                match &v.status {
                    arbiter::scenario::Status::Fail(r) => r.join("; "),
                    arbiter::scenario::Status::Invalid(e) => e.input.to_string(),
                    _ => String::new(),
                }
            );
            assert_eq!(
                got.as_ref(),
                Some(&want),
                "{} saved after step {k}",
                f.display()
            );
            saved += 1;
            replayed += usize::from(out.replay > 0);
        }
    }
    // the figures in the README ("Stepping through a ruling: the REPL")
    eprintln!("{saved} states saved ({replayed} as an earlier state and steps), {refused} refused");
    assert!(
        saved - replayed >= 550,
        "only {saved} states were saved and re-run"
    );
    assert!(
        replayed >= 50,
        "only {replayed} states were saved as an earlier one"
    );
}

/// Mid-combat is saved as a `combat:` set-up with the units' designations (the state the
/// round trip above compares); what the format cannot say is refused, naming it.
#[test]
fn save_writes_a_combat_and_refuses_what_the_format_cannot_say() {
    let mut s = Session::open(
        Some(Path::new("scenarios/combat/tank-first.yaml")),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    let mut out = Vec::new();
    commands::execute(&mut s, "step", &mut out).unwrap();
    let t = save::scenario_text(&s).unwrap().text;
    assert!(
        t.contains("combat: {at: \"The Bridge\", attacker: \"A\", focus: \"A\"}"),
        "{t}"
    );
    assert!(t.contains("designation: attacker"), "{t}");
    // the game is over: the set-up cannot say so, and a typed step (`do`) led there, which
    // the saved script cannot replay
    let mut s = Session::open(
        Some(Path::new("scenarios/cleanup/victory-at-cleanup.yaml")),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    assert!(matches!(
        commands::execute(&mut s, "do effect: {gain-points: 1, player: A}", &mut out).unwrap(),
        commands::Outcome::Ok
    ));
    let e = save::scenario_text(&s).unwrap_err();
    assert!(e.contains("the game is over"), "{e}");
    assert!(e.contains("a typed step (`do`)"), "{e}");
    // the same state reached by the script's steps is saved as the state before them
    let mut s = Session::open(
        Some(Path::new("scenarios/cleanup/victory-at-cleanup.yaml")),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    commands::execute(&mut s, "step", &mut out).unwrap();
    let saved = save::scenario_text(&s).unwrap();
    assert_eq!(saved.replay, 1, "{}", saved.text);
    assert!(
        saved
            .text
            .starts_with("# Saved from a state the set-up cannot express (the game is over)"),
        "{}",
        saved.text
    );
    // a keyword's triggered ability on the chain is written by its keyword
    let mut s = Session::open(
        Some(Path::new(
            "scenarios/keywords/vision-keeps-the-top-card.yaml",
        )),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    commands::execute(&mut s, "step", &mut out).unwrap();
    let saved = save::scenario_text(&s).unwrap();
    assert_eq!(saved.replay, 0, "{}", saved.text);
    assert!(
        saved.text.contains(
            "    - {of: \"Lookout\", keyword: \"Vision\", label: \"Vision of Lookout\", triggered: true, controller: \"A\"}\n"
        ),
        "{}",
        saved.text
    );
    // a spell with its mode chosen is written with the mode
    let mut s = Session::open(
        Some(Path::new("scenarios/play/choose-one-mode-at-step-2.yaml")),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    commands::execute(&mut s, "step 2", &mut out).unwrap();
    let saved = save::scenario_text(&s).unwrap();
    assert_eq!(saved.replay, 0, "{}", saved.text);
    assert!(
        saved
            .text
            .contains("    - {card: \"Twin Edge\", modes: [2], controller: \"A\"}\n"),
        "{}",
        saved.text
    );
    // a replacement effect a spell created is written as the instruction that made it
    let mut s = Session::open(
        Some(Path::new(
            "scenarios/replacement/retreat-saves-the-chosen-unit.yaml",
        )),
        None,
        arbiter::render::ColorChoice::Never,
    )
    .unwrap();
    commands::execute(&mut s, "step 3", &mut out).unwrap();
    let saved = save::scenario_text(&s).unwrap();
    assert_eq!(saved.replay, 0, "{}", saved.text);
    assert!(
        saved.text.contains(
            "  created-replacements:\n    - {by: \"Tactical Retreat\", about: \"Squire\", controller: \"A\"}\n"
        ),
        "{}",
        saved.text
    );
}

/// A pending decision is saved as the state before the step that raised it: the file says
/// so, and `step` in it raises the same decision.
#[test]
fn save_with_a_decision_pending_starts_before_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("pending.yaml");
    let out = arbiter()
        .args([
            "repl",
            "scenarios/resources/any-domain-is-the-players-choice.yaml",
        ])
        .write_stdin(format!("step\nsave {}\n", saved.display()))
        .output()
        .unwrap();
    assert!(out.status.success());
    // (the message is wrapped at the width: compared with its line breaks as spaces)
    let said = String::from_utf8(out.stdout).unwrap();
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("the file starts 1 script step(s) before it"),
        "{said}"
    );
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        text.starts_with("# Saved from a state the set-up cannot express (a decision is pending"),
        "{text}"
    );
    assert!(text.contains("  - play: {card: Wild Surge}"), "{text}");
    arbiter()
        .arg("repl")
        .arg(&saved)
        .write_stdin("step\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("decision pending"));
}

/// Colour and OSC 8 follow the other commands' policy: `--color always` colours the rule ids
/// of the trace and the ✓ marks (and links them when hyperlinks are asked for); `never`
/// leaves plain text.
#[test]
fn colour_and_links_follow_the_policy() {
    let run = |color: &str, links: bool| -> String {
        let mut c = Command::cargo_bin("arbiter").unwrap();
        c.env_remove("NO_COLOR")
            .env_remove("ARBITER_CARDS")
            .env("XDG_DATA_HOME", "/nonexistent-arbiter-test")
            .args(["--color", color, "repl", "scenarios/combat/tank-first.yaml"])
            .write_stdin("step\n");
        if links {
            c.env("ARBITER_HYPERLINKS", "1").env(
                "ARBITER_LINK_BASE",
                "https://rules.invalid/{game}/{edition}#{id}",
            );
        } else {
            c.env_remove("ARBITER_HYPERLINKS");
        }
        String::from_utf8(c.output().unwrap().stdout).unwrap()
    };
    let plain = run("never", false);
    assert!(
        plain.contains("[144, 443]") && !plain.contains('\x1b'),
        "{plain}"
    );
    let coloured = run("always", false);
    assert!(coloured.contains("\x1b["), "{coloured}");
    assert!(!coloured.contains("\x1b]8;;"), "{coloured}");
    let linked = run("always", true);
    assert!(linked.contains("\x1b]8;;"), "{linked}");
}

/// A scenario saved in another folder names its card database by a path that still finds it.
#[test]
fn save_elsewhere_keeps_the_card_database() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("elsewhere.yaml");
    arbiter()
        .args(["repl", "scenarios/cards/deathknell-on-its-own-line.yaml"])
        .write_stdin(format!("step\nsave {}\n", saved.display()))
        .assert()
        .success();
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("scenarios/cards/database.json\"\n"), "{text}");
    arbiter().arg("run").arg(&saved).assert().success();
}

/// A `choose` answer that names nothing is refused, placed in what was typed, and the
/// decision stays pending for a right answer.
#[test]
fn a_wrong_answer_is_placed_in_what_was_typed() {
    arbiter()
        .args(["repl", "scenarios/chain/spell-with-target.yaml"])
        .write_stdin("step\nchoose target: Nobody\nchoose target: Page\n")
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "error (line 2): unknown object \"Nobody\" (column 9 of `target: Nobody`)",
        ))
        .stdout(predicate::str::contains("A chooses Page"))
        .stdout(predicate::str::contains("spell-with-target.yaml:").not());
}

/// `why OBJ ASPECT` shows what the card says and only the effects that change that
/// characteristic, each with its layer (472.1 traits, 472.2 abilities, 472.3 arithmetic):
/// a set Might applies in layer 1 before a buff in layer 3; a granted keyword is layer 2
/// and is not part of the Might's story.
#[test]
fn why_an_aspect_shows_its_layers() {
    let out = arbiter()
        .args(["repl", "scenarios/layers/trait-before-arithmetic.yaml"])
        .write_stdin("run\nwhy Squire might\nwhy Squire keywords\nwhy Squire controller\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "Squire: Might 5\n  printed Might 2 [469]\n  \
             layer 1 (trait-altering): effect, this turn: Might becomes 4 → 4 (timestamp 2) [472.1, 475.3]\n  \
             layer 3 (arithmetic): buff: +1 Might → 5 [472.3, 703]\n\
             Squire: keywords none\n  printed keywords: none [469]\n  \
             no effect changes it (it would in layer 2, ability-altering) [472.2]\n\
             Squire: controlled by A\n  \
             no effect changes it (it would in layer 1, trait-altering) [472.1]\n"
        ),
        "{text}"
    );
    let out = arbiter()
        .args(["repl", "scenarios/layers/mighty-grants-shield.yaml"])
        .write_stdin("run\nwhy Duelist might\nwhy Duelist keywords\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "Duelist: Might 5\n  printed Might 4 [469]\n  \
             layer 3 (arithmetic): buff: +1 Might → 5 [472.3, 703]\n\
             Duelist: keywords Shield 1\n  printed keywords: none [469]\n  \
             layer 2 (ability-altering): Duelist's passive ability: gains Shield 1 (timestamp 1) [472.2, 475.3]\n"
        ),
        "{text}"
    );
}

/// `why` after a decision was answered lists the options it had (the chosen one marked)
/// and its rules with their text.
#[test]
fn why_lists_the_options_of_the_last_decision() {
    let out = arbiter()
        .args(["repl", "scenarios/chain/spell-with-target.yaml"])
        .env("COLUMNS", "80")
        .write_stdin("step\nchoose 2\nwhy\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.ends_with(
            "last decision: A chooses an enemy unit as a target of Firebolt: A chooses Page\n  \
             the options were:\n    1. Squire\n    2. Page  ← chosen\n  rules: 355.5\n    \
             355.5 If a card requires you to specifically choose one or more Game\n    \
             Objects, that choice is made now.\n"
        ),
        "{text}"
    );
}

/// `trace --explain` prints each rule's text beneath the first line citing it, wrapped to
/// the width as `run --explain` does (here 60 columns), indented beneath its line.
#[test]
fn trace_explain_wraps_rule_text_to_the_width() {
    let out = arbiter()
        .args(["repl", "scenarios/combat/tank-first.yaml"])
        .env("COLUMNS", "60")
        .write_stdin("run\ntrace 1 --explain\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.ends_with(
            "  A gains priority  [312.2.a, 312.3]\n      \
             312.2.a When the turn is in a Neutral Open State\n      \
             during their Main Phase.\n      \
             312.3 When a player is granted Priority, it is either\n      \
             created if no player has it or taken from the player\n      \
             with Priority.\n"
        ),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
}

#[test]
fn goto_starts_from_the_start_after_more_changes_than_are_remembered() {
    // the oldest state was dropped first, the start with it: past the bound, `goto 0`
    // restored a later state (Raider exhausted here) and called it step 0
    let path = PathBuf::from("scenarios/combat/tank-first.yaml");
    let mut s = Session::open(Some(&path), None, arbiter::render::ColorChoice::Never).unwrap();
    let mut sink = std::io::sink();
    let run = |s: &mut Session, line: &str| {
        let mut out = Vec::new();
        let _ = commands::execute(s, line, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    assert!(!run(&mut s, "show Raider").contains("exhausted"));
    for _ in 0..arbiter::repl::MAX_HISTORY + 5 {
        let _ = commands::execute(&mut s, "do effect: {exhaust: Raider}", &mut sink).unwrap();
    }
    assert_eq!(s.history.len(), arbiter::repl::MAX_HISTORY);
    assert!(run(&mut s, "show Raider").contains("exhausted"));
    assert!(run(&mut s, "goto 0").contains("at script step 0 of 1"));
    let shown = run(&mut s, "show Raider");
    assert!(!shown.contains("exhausted"), "{shown}");
}

#[test]
fn a_refused_command_leaves_the_game_as_it_was() {
    // commands change the game in place and restore it when refused (a copy per command
    // copied the whole trace)
    let path = PathBuf::from("scenarios/combat/tank-first.yaml");
    let mut s = Session::open(Some(&path), None, arbiter::render::ColorChoice::Never).unwrap();
    let mut sink = std::io::sink();
    let _ = commands::execute(&mut s, "step", &mut sink).unwrap();
    let before = (
        s.game.trace.events.len(),
        format!("{:?}", s.game.save().game()),
    );
    let history = s.history.len();
    for line in [
        "do move: {units: [Shieldbearer], to: The Bridge}",
        "do effect: {kill: Nobody}",
        "choose 99",
        "choose target: Nobody",
    ] {
        let r = commands::execute(&mut s, line, &mut sink).unwrap();
        assert!(matches!(r, commands::Outcome::Failed(_)), "{line}");
        let after = (
            s.game.trace.events.len(),
            format!("{:?}", s.game.save().game()),
        );
        assert!(before == after, "{line} changed the game");
        assert_eq!(s.history.len(), history, "{line}");
    }
}
