//! Conventions of the command line (issue 15): clap's own output obeys --color and NO_COLOR,
//! --version says which rule editions are built in, --help lists the environment
//! variables, and completions offer the games and editions.

use assert_cmd::Command;

fn arbiter() -> Command {
    let mut c = Command::cargo_bin("arbiter").unwrap();
    c.env_remove("NO_COLOR").env_remove("ARBITER_CARDS");
    c
}

#[test]
fn clap_output_obeys_color_and_no_color() {
    // a usage error: coloured with --color always, plain with never or NO_COLOR
    let err = |args: &[&str], no_color: bool| -> String {
        let mut c = arbiter();
        if no_color {
            c.env("NO_COLOR", "1");
        }
        let out = c.args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(err(&["--color", "always", "rulez"], false).contains("\x1b["));
    assert!(err(&["--color=always", "rulez"], false).contains("\x1b["));
    assert!(!err(&["--color", "never", "rulez"], false).contains('\x1b'));
    assert!(!err(&["rulez"], true).contains('\x1b'));
    // help: the same policy
    let out = arbiter()
        .args(["--color", "always", "--help"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\x1b["));
    let out = arbiter()
        .args(["--color", "never", "--help"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\x1b'));
}

#[test]
fn version_lists_the_embedded_editions() {
    let out = arbiter().arg("--version").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for m in arbiter::rulebook::Library::get().metas() {
        assert!(
            text.contains(&format!("{} {}", m.game, m.edition)),
            "--version lacks {} {}: {text}",
            m.game,
            m.edition
        );
    }
    // -V stays one line
    let out = arbiter().arg("-V").output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
}

#[test]
fn help_lists_the_environment_variables() {
    let out = arbiter().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for v in [
        "NO_COLOR",
        "COLUMNS",
        "ARBITER_CARDS",
        "ARBITER_HYPERLINKS",
        "ARBITER_LINK_BASE",
        "ARBITER_PAGER",
        "PAGER",
        "ARBITER_CACHE_DIR",
        "XDG_DATA_HOME",
    ] {
        assert!(text.contains(v), "--help lacks {v}");
    }
}

#[test]
fn completion_values_are_the_built_in_games_and_editions() {
    let metas = arbiter::rulebook::Library::get().metas();
    let mut games: Vec<&str> = metas.iter().map(|m| m.game).collect();
    games.dedup();
    for g in &games {
        assert!(arbiter::cli::GAMES.contains(g), "GAMES lacks {g}");
    }
    for m in metas {
        assert!(
            arbiter::cli::EDITIONS.contains(&m.edition),
            "EDITIONS lacks {}",
            m.edition
        );
    }
    let fish = std::fs::read_to_string("completions/arbiter.fish").unwrap();
    assert!(fish.contains("2026-03-30") && fish.contains("legions-of-will"));
    // any edition text is still accepted and checked by the lookup itself
    arbiter()
        .args(["rule", "100", "--edition", "1999-01-01"])
        .assert()
        .code(2);
}

#[test]
fn run_and_check_read_standard_input() {
    let yaml = std::fs::read_to_string("scenarios/combat/tank-first.yaml").unwrap();
    arbiter()
        .args(["--color", "never", "run", "-"])
        .write_stdin(yaml.clone())
        .assert()
        .success()
        .stdout(predicates::str::contains("B wins the combat"));
    arbiter()
        .args(["check", "-"])
        .write_stdin(yaml)
        .assert()
        .success();
    // errors name <stdin> with the line and column
    arbiter()
        .args(["--color", "never", "check", "-"])
        .write_stdin("title: x\nsetup:\n  zzz: 1\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "<stdin>:3:3: unknown field \"zzz\"",
        ));
}

/// One policy for "nothing found" (issue 15, item 4): every command exits 1, and its message
/// is said once — on stderr for a lookup, on stdout (with its hints) for a search, never both.
#[test]
fn nothing_found_exits_1_and_says_it_once() {
    let cache = tempfile::tempdir().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["rule", "999.9"], "999.9 is not in"),
        (&["define", "zzzz"], "no glossary term \"zzzz\""),
        (&["search", "zzzz"], "no rules match \"zzzz\""),
        (&["toc", "999"], "999 is not in"),
        (&["refs", "999.9"], "999.9 is not in"),
        (
            &["--cards", "scenarios/cards/database.json", "card", "zzzz"],
            "no card matches \"zzzz\"",
        ),
    ];
    for (args, message) in cases {
        let out = arbiter()
            .env("ARBITER_CACHE_DIR", cache.path())
            .args(*args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(all.matches(message).count(), 1, "{args:?} said: {all}");
    }
    // a near miss names what exists, still exit 1
    let out = arbiter()
        .args([
            "--cards",
            "scenarios/cards/database.json",
            "card",
            "Brass Wardne",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not found: no card is named"));
}

#[test]
fn output_not_to_a_terminal_is_never_paged() {
    // a pager that marks its lines; stdout is a pipe here, so it must not run
    let out = arbiter()
        .env("ARBITER_PAGER", "sed -e s/^/PAGED:/")
        .args(["--color", "never", "rule", "300", "--depth", "9"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() > 3000);
    assert!(!text.contains("PAGED:"));
    // --no-pager is a global flag, accepted after the command too
    let out = arbiter()
        .args(["rule", "100", "--no-pager"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

/// A name or value an error echoes back is bounded: a 100,000-character value prints as its
/// first 80 characters and its length, in our errors, clap's and the `--json` document.
#[test]
fn errors_do_not_echo_a_huge_value_whole() {
    let long = "x".repeat(100_000);
    let bounded = format!("{}… (100000 characters)", "x".repeat(80));
    let run = |args: &[&str]| {
        let out = arbiter().env("NO_COLOR", "1").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
        assert!(
            text.len() < 1_000,
            "{} bytes for {:?}",
            text.len(),
            &args[..1]
        );
        assert!(text.contains(&bounded), "{text}");
        text
    };
    let e = run(&["toc", "--edition", &long]);
    assert!(
        e.starts_with(&format!("error: riftbound has no edition \"{bounded}\"")),
        "{e}"
    );
    let e = run(&["--color", &long, "rule", "100"]);
    assert!(
        e.starts_with(&format!(
            "error: invalid value '{bounded}' for '--color <WHEN>'"
        )),
        "{e}"
    );
    run(&[&long]);
    let e = run(&["--json", "toc", "--edition", &long]);
    assert!(
        e.contains("\"kind\": \"input\"") || e.contains("\"kind\": \"usage\""),
        "{e}"
    );
    // a short wrong value is echoed exactly
    let out = arbiter()
        .args(["toc", "--edition", "1999"])
        .output()
        .unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("no edition \"1999\";"), "{e}");
}

#[test]
fn bounding_an_echo_keeps_short_text_and_counts_once() {
    use arbiter::error::{bound_echoes, bounded};
    let short = "unknown card \"Reavr\" — did you mean \"Reaver\"? A's base, 'quoted'";
    assert_eq!(bound_echoes(short), short);
    let name = "Squire ".repeat(20) + "X";
    let once = bound_echoes(&format!("unknown card \"{name}\" in A's base"));
    assert_eq!(
        once,
        format!(
            "unknown card \"{}… (141 characters)\" in A's base",
            "Squire ".repeat(11) + "Squ"
        )
    );
    assert_eq!(bound_echoes(&once), once);
    assert_eq!(bounded(&bounded(&name)), bounded(&name));
    // an unquoted path is kept whole up to 200 characters
    let path = format!("/{}/s.yaml", "d".repeat(150));
    assert_eq!(
        bound_echoes(&format!("cannot read {path}")),
        format!("cannot read {path}")
    );
}
