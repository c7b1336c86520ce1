//! The committed completion scripts are what the clap definition generates now.

use assert_cmd::Command;

const SHELLS: &[(&str, &str)] = &[
    ("bash", "completions/arbiter.bash"),
    ("zsh", "completions/_arbiter"),
    ("fish", "completions/arbiter.fish"),
    ("powershell", "completions/_arbiter.ps1"),
    ("elvish", "completions/arbiter.elv"),
];

#[test]
fn committed_completions_are_current() {
    for (shell, path) in SHELLS {
        let out = Command::cargo_bin("arbiter")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success(), "completions {shell} failed");
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == String::from_utf8_lossy(&out.stdout),
            "{path} is stale: run scripts/gen-completions.sh and commit the result"
        );
        for cmd in ["rule", "search", "define", "toc", "refs", "editions"] {
            assert!(committed.contains(cmd), "{path} lacks the {cmd} command");
        }
    }
}

#[test]
fn unknown_shell_is_a_usage_error() {
    Command::cargo_bin("arbiter")
        .unwrap()
        .args(["completions", "tcsh"])
        .assert()
        .code(2);
}

/// The committed man pages are what the clap definition generates now: arbiter(1) and one
/// arbiter-COMMAND(1) per command.
#[test]
fn committed_man_pages_are_current() {
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("arbiter")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?} failed");
        String::from_utf8(out.stdout).unwrap()
    };
    let commands = run(&["man", "--list"]);
    let commands: Vec<&str> = commands.lines().collect();
    assert!(commands.contains(&"rule") && commands.contains(&"run"));
    let mut pages = vec![("man/arbiter.1".to_string(), run(&["man"]))];
    for c in &commands {
        pages.push((format!("man/arbiter-{c}.1"), run(&["man", c])));
    }
    for (path, now) in &pages {
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == *now,
            "{path} is stale: run scripts/gen-completions.sh and commit the result"
        );
        assert!(now.starts_with(".ie \\n(.g .ds Aq"), "{path} is not roff");
    }
    let main = &pages[0].1;
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH ENVIRONMENT",
        ".SH EXIT STATUS",
    ] {
        assert!(main.contains(section), "arbiter(1) lacks {section}");
    }
    assert!(main.contains("ARBITER_CARDS"));
    let on_disk = std::fs::read_dir("man").unwrap().count();
    assert_eq!(
        on_disk,
        pages.len(),
        "man/ holds pages of commands that are gone"
    );
}

#[test]
fn man_of_an_unknown_command_is_a_usage_error() {
    Command::cargo_bin("arbiter")
        .unwrap()
        .args(["man", "rules"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("rule, toc"));
}
