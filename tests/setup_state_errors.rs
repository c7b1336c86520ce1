//! The set-up fields `save` writes (effects, priority, passes, tokens, checked triggers,
//! contested-by, moved-since-chosen, replacements-used, random-state) refuse bad input like
//! the others: file:line:column, what was expected, a suggestion, exit code 2.

use assert_cmd::Command;
use predicates::prelude::*;

const BASE: &str = "\
title: t
cards:
  Squire: {type: unit, might: 2}
  Bolt: {type: spell, cost: 0, effect: {deal: 1, to: choose-enemy}}
setup:
  turn: {player: A, phase: main}
  players:
    A: {}
    B: {}
  battlefields:
    - name: The Bridge
      controller: B
      units: [{card: Squire, id: sq}]
";

/// Runs the base scenario with `tail` appended to its set-up; stderr must have `want`.
fn refused(tail: &str, want: &str) {
    refused_src(&format!("{BASE}{tail}\n"), want);
}

/// Runs the scenario `src`; stderr must have `want`.
fn refused_src(src: &str, want: &str) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("s.yaml");
    std::fs::write(&p, src).unwrap();
    Command::cargo_bin("arbiter")
        .unwrap()
        .env("NO_COLOR", "1")
        .args(["--color", "never", "run"])
        .arg(&p)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(want));
}

#[test]
fn set_up_effects_are_checked() {
    refused(
        "  effects:\n    - {on: nobody, might: 1}",
        "s.yaml:15:12: unknown object \"nobody\"",
    );
    refused(
        "  effects:\n    - {on: sq, might: 1, grant: Tank}",
        "s.yaml:15:12: an effect set up on sq needs exactly one change (2 given)",
    );
    refused(
        "  effects:\n    - {on: sq, might: 1, duration: forever}",
        "s.yaml:15:36: unknown duration \"forever\"",
    );
    refused(
        "  effects:\n    - {on: sq, grant: Tanky}",
        "s.yaml:15:23: unknown keyword \"Tanky\" — did you mean \"Tank\"?",
    );
}

#[test]
fn set_up_priority_passes_and_random_state_are_checked() {
    refused(
        "  random-state: 0",
        "s.yaml:14:17: the random state cannot be 0",
    );
    refused(
        "  priority: {player: A}",
        "s.yaml:14:22: priority is set up with no chain",
    );
    refused(
        "  priority: {player: C, passes: 1}\n  chain: [{card: Bolt, controller: A, targets: [sq]}]",
        "s.yaml:14:22: unknown player \"C\"",
    );
    refused(
        "  combat: {at: The Bridge, attacker: A, passes: -1}",
        "s.yaml:14:49: passes: the number -1 is out of range: accepted 0 to 1000",
    );
}

#[test]
fn set_up_objects_chain_and_used_replacements_are_checked() {
    refused(
        "  replacements-used: [{of: sq, ability: 3}]",
        "s.yaml:14:41: sq has no abilities",
    );
    refused(
        "  chain: [{card: Bolt, controller: A, targets: [sq], modes: [1]}]",
        "s.yaml:14:62: Bolt has no further \"choose one\"",
    );
    refused(
        "  chain: [{card: Bolt, controller: A, targets: [sq], hidden-at: Nowhere}]",
        "unknown battlefield \"Nowhere\"",
    );
    refused(
        "  chain: [{card: Bolt, controller: A, targets: [sq], repeats: 2000}]",
        "repeats: the number 2000 is out of range: accepted 0 to 1000",
    );
    refused(
        "  chain: [{card: Bolt, controller: A, targets: [sq], moved-since-chosen: [Bolt]}]",
        "s.yaml:14:75: \"Bolt\" is not one of the spell's targets",
    );
    refused(
        "  bases:\n    A: [{card: Squire, checked: [attak]}]",
        "s.yaml:15:34: unknown trigger checked \"attak\" (accepted: attack, defend) — did you mean \"attack\"?",
    );
    refused(
        "  bases:\n    A: [{card: Squire, designation: nobody}]",
        "s.yaml:15:37: unknown designation \"nobody\"",
    );
}

#[test]
fn set_up_abilities_on_the_chain_and_staging_are_checked() {
    refused(
        "  chain: [{controller: A}]",
        "s.yaml:14:11: a chain item is a spell (`card`) or an ability (`of`, and `ability` or `keyword`; or `battlefield` and `ability`)",
    );
    refused(
        "  chain: [{card: Bolt, of: sq, ability: 1, controller: A}]",
        "s.yaml:14:18: a chain item is a spell (`card`) or an ability (`of` and `ability`), not both",
    );
    refused(
        "  chain: [{of: sq, ability: 1, controller: A}]",
        "s.yaml:14:29: sq's ability 1 is not a triggered or activated ability with instructions (it has 0 abilities",
    );
    refused(
        "  chain: [{of: sq, ability: 1, controller: A, snapshot: {at: Nowhere, might: 1, controller: A}}]",
        "s.yaml:14:62: unknown battlefield \"Nowhere\"",
    );
    refused(
        "  chain: [{of: sq, ability: 1, controller: A, snapshot: {at: The Bridge, might: 1, controller: A, keywords: [Tankk]}}]",
        "s.yaml:14:110: unknown keyword \"Tankk\"",
    );
    refused(
        "  chain: [{of: sq, keyword: Tank, controller: A}]",
        "s.yaml:14:29: Tank has no triggered ability on the chain: accepted Vision, Weaponmaster, Quick-Draw, Temporary, Hunt",
    );
    refused(
        "  chain: [{of: sq, keyword: Visionn, controller: A}]",
        "s.yaml:14:29: unknown keyword \"Visionn\"",
    );
    refused(
        "  chain: [{battlefield: The Bridge, ability: 1, controller: A}]",
        "s.yaml:14:25: The Bridge has no abilities",
    );
    refused(
        "  chain: [{battlefield: The Brige, ability: 1, controller: A}]",
        "s.yaml:14:25: unknown battlefield \"The Brige\" — did you mean \"The Bridge\"?",
    );
    refused(
        "  chain: [{of: nobody, ability: 1, controller: A}]",
        "s.yaml:14:16: unknown object \"nobody\"",
    );
    refused_src(
        &BASE.replace("controller: B\n", "controller: B\n      staged: combatt\n"),
        "s.yaml:13:15: unknown staging \"combatt\" (accepted: showdown, combat) — did you mean \"combat\"?",
    );
}

#[test]
fn set_up_created_replacements_and_delayed_abilities_are_checked() {
    refused(
        "  created-replacements: [{by: sq, about: sq, controller: A}]",
        "s.yaml:14:31: sq has no instruction that creates a replacement effect",
    );
    refused(
        "  created-replacements: [{by: sq, about: nobody, controller: A}]",
        "s.yaml:14:42: unknown object \"nobody\"",
    );
    refused(
        "  delayed: [{by: sq, controller: A}]",
        "s.yaml:14:18: sq has no instruction that creates a delayed ability",
    );
    refused(
        "  delayed: [{by: sq, controller: Z}]",
        "s.yaml:14:34: unknown player \"Z\"",
    );
}

#[test]
fn set_up_contested_by_tokens_and_linked_objects_are_checked() {
    refused_src(
        &BASE.replace("controller: B\n", "controller: B\n      contested-by: Q\n"),
        "s.yaml:13:21: unknown player \"Q\"",
    );
    refused(
        "  bases:\n    A: [{card: Squire, linked: [nobody]}]",
        "s.yaml:15:33: unknown object \"nobody\"",
    );
    refused(
        "  bases:\n    A: [{card: Squire, token: maybe}]",
        "s.yaml:15:31: token: expected true or false, found \"maybe\"",
    );
}
