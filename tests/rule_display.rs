//! The display of rule text (issue 15, item 8): symbol glosses as 135.2.e defines them,
//! example labels without Markdown stars and with their space, no source bullets, an
//! example without its full stop set apart, and a breadcrumb that wraps between steps.

mod common;
use common::{arbiter, json};

fn text(args: &[&str]) -> String {
    let out = arbiter().arg("--no-pager").args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn power_symbols_are_glossed_as_135_2_e_defines_them() {
    // 135.2.e.5: [A] is power of any domain; 135.2.e.6: [C] power of the card's own domain
    let t = text(&["rule", "135.2.e", "--depth", "2"]);
    assert!(t.contains("[A: power of any domain]"), "{t}");
    assert!(t.contains("[C: power of this card's domain]"), "{t}");
    assert!(
        !t.contains("rune of any domain") && !t.contains("any rune]"),
        "{t}"
    );
}

#[test]
fn example_labels_show_plain_and_keep_their_space() {
    for id in ["105.1b", "404.2d", "404.2g"] {
        let t = text(&["rule", id, "--game", "legions-of-will"]);
        assert!(!t.contains("**"), "{id}: {t}");
        assert!(t.contains("│ Example: "), "{id}: {t}");
    }
    let t = text(&["rule", "738", "--depth", "1"]);
    assert!(!t.contains("Example:The"), "{t}");
    assert!(
        t.contains("Example: The First Player plays, through"),
        "{t}"
    );
}

#[test]
fn a_rule_shows_without_its_source_bullet() {
    let t = text(&["rule", "053", "--depth", "1"]);
    assert!(t.contains("053.1 Units and legends say"), "{t}");
    assert!(!t.contains("* "), "{t}");
}

#[test]
fn an_example_without_a_full_stop_before_it_is_set_apart() {
    let v = json(&["rule", "727.1.b.2"]);
    assert_eq!(
        v["text"],
        "The Dependent Ability is Active exactly as written while the Condition is true"
    );
    assert!(
        v["examples"][0]
            .as_str()
            .unwrap()
            .starts_with("Example: Gustwalker has"),
        "{v}"
    );
    let t = text(&["rule", "727.1.b.2"]);
    assert!(t.contains("│ Example: Gustwalker"), "{t}");
}

#[test]
fn a_long_breadcrumb_wraps_between_steps_with_an_indent() {
    let out = arbiter()
        .env("COLUMNS", "40")
        .args(["--no-pager", "rule", "135.2.e.6.b"])
        .output()
        .unwrap();
    let t = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = t.lines().collect();
    // the breadcrumb is every line before the rule's own
    let crumb: Vec<&str> = lines
        .iter()
        .take_while(|l| !l.starts_with("135.2.e.6.b"))
        .copied()
        .collect();
    assert!(crumb.len() > 1, "{t}");
    assert!(crumb[0].starts_with("100 Game Concepts"), "{t}");
    for l in &crumb[1..] {
        assert!(
            l.starts_with("  › "),
            "a continuation flush left: {l:?}\n{t}"
        );
    }
    // a title is not broken in the middle
    assert!(
        crumb.contains(&"  › 135.2 This section may contain:"),
        "{t}"
    );
    for l in &lines {
        assert!(l.chars().count() <= 40, "wider than 40: {l:?}");
    }
}
