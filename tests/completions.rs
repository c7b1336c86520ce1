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
