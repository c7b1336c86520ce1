//! Shared by the lookup tests: the binary with a predictable environment.

use assert_cmd::Command;
use serde_json::Value;

/// `arbiter` at 80 columns, with no colour or hyperlink overrides from the caller's
/// environment.
pub fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env_remove("NO_COLOR")
        .env_remove("ARBITER_HYPERLINKS")
        .env_remove("ARBITER_LINK_BASE")
        .env("COLUMNS", "80");
    c
}

/// Runs `arbiter ARGS --json`, which must succeed, and parses its output.
pub fn json(args: &[&str]) -> Value {
    let out = arbiter().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}
