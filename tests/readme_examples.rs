//! The README's `console` blocks run (issue 15, item 8): each `$ …` line is run by `sh` with
//! the built `arbiter` first on the PATH, at 80 columns without colour, and what the README
//! shows under it must be what it prints (stdout and stderr together), line by line; a line
//! `…` stands for any number of lines, and a line ending in ` …` or `…` for any line that
//! starts the same. The exit code must be 0, or 1 when the shown output says `not found:`
//! or `failed:`, or 2 when it says `error:`; a `# exit N` comment on the `$` line says it
//! outright.

use std::path::Path;

/// One `$ command` and the output shown under it.
#[derive(Debug)]
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut indent: Option<usize> = None;
    for (n, raw) in readme.lines().enumerate() {
        let t = raw.trim_start();
        match indent {
            None => {
                if t == "```console" {
                    indent = Some(raw.len() - t.len());
                }
            }
            Some(_) if t == "```" => indent = None,
            Some(k) => {
                let l = raw.get(k..).unwrap_or("").trim_end();
                if let Some(cmd) = l.strip_prefix("$ ") {
                    out.push(Example {
                        line: n + 1,
                        command: cmd.to_string(),
                        shown: Vec::new(),
                    });
                } else if let Some(e) = out.last_mut() {
                    e.shown.push(l.to_string());
                }
            }
        }
    }
    for e in &mut out {
        while e.shown.last().is_some_and(|l| l.is_empty()) {
            e.shown.pop();
        }
    }
    out
}

/// Whether `actual` (lines) is what `shown` shows.
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((s, rest)) if s.trim() == "…" => {
            (0..=actual.len()).any(|k| matches(rest, &actual[k..]))
        }
        Some((s, rest)) => match actual.split_first() {
            None => false,
            Some((a, more)) => line_matches(s, a) && matches(rest, more),
        },
    }
}

fn line_matches(shown: &str, actual: &str) -> bool {
    let actual = actual.trim_end();
    if shown == actual {
        return true;
    }
    match shown.strip_suffix('…') {
        Some(prefix) => actual.starts_with(prefix.trim_end()),
        None => false,
    }
}

fn expected_code(e: &Example) -> i32 {
    if let Some(at) = e.command.find("# exit ") {
        return e.command[at + 7..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse().ok())
            .expect("# exit N");
    }
    let says = |p: &str| e.shown.iter().any(|l| l.starts_with(p));
    if says("error:") {
        2
    } else if says("not found:") || says("failed:") {
        1
    } else {
        0
    }
}

#[test]
fn the_readme_console_examples_print_what_they_show() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 20, "{} examples", examples.len());
    let bin = assert_cmd::cargo::cargo_bin("arbiter");
    let dir = bin.parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let cache = tempfile::tempdir().unwrap();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = examples
            .chunks(examples.len().div_ceil(4))
            .map(|chunk| {
                let (path, cache) = (&path, cache.path());
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|e| check(e, path, cache))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} README examples differ from what arbiter prints:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Runs one example; what is wrong with it, if anything.
fn check(e: &Example, path: &std::ffi::OsStr, cache: &Path) -> Option<String> {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1; {}", e.command))
        .env("PATH", path)
        .env("COLUMNS", "80")
        .env("ARBITER_CACHE_DIR", cache)
        .env_remove("NO_COLOR")
        .env_remove("ARBITER_HYPERLINKS")
        .env_remove("ARBITER_LINK_BASE")
        .env_remove("ARBITER_CARDS")
        .env_remove("ARBITER_PAGER")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let actual: Vec<&str> = text.lines().collect();
    let code = out.status.code().unwrap_or(-1);
    let want = expected_code(e);
    let mut why = Vec::new();
    if code != want {
        why.push(format!("exit {code}, expected {want}"));
    }
    if e.shown.is_empty() {
        if actual.is_empty() {
            why.push("printed nothing".to_string());
        }
    } else {
        let mut trimmed = actual.clone();
        while trimmed.last().is_some_and(|l| l.trim().is_empty()) {
            trimmed.pop();
        }
        if !matches(&e.shown, &trimmed) {
            why.push(format!(
                "shown:\n{}\nprinted:\n{}",
                e.shown.join("\n"),
                trimmed.join("\n")
            ));
        }
    }
    (!why.is_empty()).then(|| format!("README.md:{}: $ {}\n{}", e.line, e.command, why.join("\n")))
}

#[test]
fn the_matching_rules_are_read_as_meant() {
    let s = |v: &[&str]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&s(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&s(&["a", "…"]), &["a"]));
    assert!(matches(&s(&["ab …"]), &["ab cd"]));
    assert!(!matches(&s(&["a", "d"]), &["a", "b", "d"]));
    assert!(!matches(&s(&["a"]), &["a", "b"]));
    assert!(!matches(&s(&["ab …"]), &["ac"]));
    let e = |cmd: &str, shown: &[&str]| Example {
        line: 1,
        command: cmd.to_string(),
        shown: s(shown),
    };
    assert_eq!(expected_code(&e("arbiter x", &["not found: x"])), 1);
    assert_eq!(expected_code(&e("arbiter x", &["error: x"])), 2);
    assert_eq!(expected_code(&e("arbiter x  # exit 1", &["{"])), 1);
    assert_eq!(expected_code(&e("arbiter x", &["ok"])), 0);
    let found =
        examples("x\n```console\n$ a\nout\n\n$ b  # c\n```\n  ```console\n  $ d\n  e\n  ```\n");
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].shown, ["out"]);
    assert_eq!(found[2].command, "d");
    assert_eq!(found[2].shown, ["e"]);
}

/// The README's `sh` blocks show commands without their output; each `arbiter …` line of
/// them (after `VAR=value` settings, its `# comment` left off) still runs: exit 0 and some
/// output. It runs in a scratch folder with scratch data and cache directories, so an
/// export writes nothing outside; a line that redirects into the user's files is left out.
#[test]
fn the_readme_sh_examples_run() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut commands = Vec::new();
    let mut in_sh = false;
    for (n, raw) in readme.lines().enumerate() {
        let t = raw.trim();
        if t.starts_with("```") {
            in_sh = t == "```sh";
            continue;
        }
        let cmd = t.split("  #").next().unwrap().trim();
        let runs = cmd.split_whitespace().find(|w| !w.contains('=')) == Some("arbiter");
        if in_sh && runs && !cmd.contains('>') {
            commands.push((n + 1, cmd.to_string()));
        }
    }
    assert!(commands.len() >= 12, "{commands:?}");
    let bin = assert_cmd::cargo::cargo_bin("arbiter");
    let path = std::env::join_paths(
        std::iter::once(bin.parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let failures: Vec<String> = commands
        .iter()
        .filter_map(|(line, cmd)| {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(cmd)
                .current_dir(scratch.path())
                .env("PATH", &path)
                .env("XDG_DATA_HOME", scratch.path().join("data"))
                .env("ARBITER_CACHE_DIR", scratch.path().join("cache"))
                .env_remove("ARBITER_CARDS")
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let ok = out.status.success() && !out.stdout.is_empty();
            (!ok).then(|| {
                format!(
                    "README.md:{line}: $ {cmd}\nexit {:?}\n{}{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
