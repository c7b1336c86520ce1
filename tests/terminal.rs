//! Output on a real pseudo-terminal (rexpect; issue 15): the width comes from the terminal
//! (`stty cols N` sets it), `COLUMNS` overrides it, and every line — rules, search hits,
//! traces, tables — fits, counted in display columns. Output longer than the terminal goes
//! through the pager; output that fits, and `--no-pager`, do not.

#![cfg(unix)]

use rexpect::session::spawn_command;
use std::process::Command;

/// Runs `arbiter ARGS` on a pseudo-terminal `cols` columns wide and returns what it printed
/// (with `\r\n` made `\n`).
pub fn on_terminal(cols: usize, env: &[(&str, &str)], args: &str) -> String {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "stty cols {cols} rows 40 && exec {} --color never --no-pager {args}",
            env!("CARGO_BIN_EXE_arbiter")
        ))
        .env_remove("COLUMNS")
        .env_remove("ARBITER_CARDS")
        .env_remove("ARBITER_PAGER")
        .env_remove("PAGER")
        .env("TERM", "xterm");
    for (k, v) in env {
        c.env(k, v);
    }
    let mut p = spawn_command(c, Some(20_000)).expect("arbiter starts on a pseudo-terminal");
    let raw = p.exp_eof().expect("arbiter ends");
    // rexpect reads byte by byte, one char per byte: put the UTF-8 back together
    let bytes: Vec<u8> = raw.chars().map(|c| c as u32 as u8).collect();
    String::from_utf8_lossy(&bytes).replace("\r\n", "\n")
}

fn widest(text: &str) -> usize {
    text.lines()
        .map(arbiter::render::text::visible_len)
        .max()
        .unwrap_or(0)
}

#[test]
fn width_follows_the_terminal_and_columns_overrides_it() {
    for (args, what) in [
        ("rule 460.2 --depth 2", "rule"),
        ("run scenarios/combat/tank-first.yaml", "trace"),
        ("search lethal damage tank", "search hits"),
        ("editions", "table"),
    ] {
        let narrow = on_terminal(50, &[], args);
        assert!(narrow.lines().count() > 3, "{what}: {narrow}");
        let w = widest(&narrow);
        assert!(
            (40..=50).contains(&w),
            "{what} at 50 columns is {w} wide:\n{narrow}"
        );
        let wide = on_terminal(50, &[("COLUMNS", "72")], args);
        let w = widest(&wide);
        assert!(
            (60..=72).contains(&w),
            "{what} with COLUMNS=72 is {w} wide:\n{wide}"
        );
    }
    // a very wide terminal still gets readable lines (at most 100 columns)
    let huge = on_terminal(220, &[], "rule 460.2 --depth 2");
    let w = widest(&huge);
    assert!((90..=100).contains(&w), "{w}:\n{huge}");
}

/// Runs `arbiter ARGS` on a pseudo-terminal `rows` rows high with `ARBITER_PAGER` set to a
/// pager that marks every line it shows with `PAGED:`; returns what the terminal got.
fn paged(rows: usize, pager: &str, args: &str) -> String {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "stty cols 80 rows {rows} && exec {} --color never {args}",
            env!("CARGO_BIN_EXE_arbiter")
        ))
        .env_remove("COLUMNS")
        .env_remove("ARBITER_CARDS")
        .env_remove("PAGER")
        .env("ARBITER_PAGER", pager)
        .env("TERM", "xterm");
    let mut p = spawn_command(c, Some(20_000)).expect("arbiter starts on a pseudo-terminal");
    p.exp_eof().expect("arbiter ends").replace("\r\n", "\n")
}

const MARKING_PAGER: &str = "sed -e s/^/PAGED:/";

#[test]
fn long_output_goes_through_the_pager_and_short_output_does_not() {
    // 3,265 lines on a 30-row terminal: every line through the pager, none lost
    let long = paged(30, MARKING_PAGER, "rule 300 --depth 9");
    let lines: Vec<&str> = long.lines().collect();
    assert!(lines.len() > 3000, "{} lines", lines.len());
    assert!(
        lines.iter().all(|l| l.starts_with("PAGED:")),
        "a line missed the pager: {:?}",
        lines.iter().find(|l| !l.starts_with("PAGED:"))
    );
    assert!(lines[0].contains("300"), "{}", lines[0]);
    // 23 lines fit in 30 rows: printed as they are
    let short = paged(30, MARKING_PAGER, "editions");
    assert!(short.lines().count() > 10, "{short}");
    assert!(!short.contains("PAGED:"), "{short}");
    // but not in 10 rows
    let tall = paged(10, MARKING_PAGER, "editions");
    assert!(tall.lines().all(|l| l.starts_with("PAGED:")), "{tall}");
    // --no-pager: long output straight to the terminal
    let direct = paged(30, MARKING_PAGER, "--no-pager rule 300 --depth 9");
    assert_eq!(direct.lines().count(), lines.len());
    assert!(!direct.contains("PAGED:"));
    // an empty ARBITER_PAGER turns paging off
    let off = paged(10, "", "editions");
    assert!(off.lines().count() > 10 && !off.contains("PAGED:"), "{off}");
}

#[test]
fn a_pager_that_fails_loses_no_output() {
    let direct = paged(30, MARKING_PAGER, "--no-pager rule 300 --depth 9");
    // a pager that does not exist, and one that exits at once with a failure (three times:
    // whether it is gone before the first screen reaches it or after is a race)
    for pager in ["/nonexistent/pager", "false", "false", "false"] {
        let got = paged(30, pager, "rule 300 --depth 9");
        assert_eq!(
            got.lines().count(),
            direct.lines().count(),
            "with ARBITER_PAGER={pager}"
        );
        assert_eq!(got, direct, "with ARBITER_PAGER={pager}");
    }
}

#[test]
fn the_default_pager_is_less_and_quits_on_q() {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "stty cols 80 rows 20 && exec {} --color never rule 300 --depth 9",
            env!("CARGO_BIN_EXE_arbiter")
        ))
        .env_remove("COLUMNS")
        .env_remove("ARBITER_CARDS")
        .env_remove("ARBITER_PAGER")
        .env_remove("PAGER")
        .env_remove("LESS")
        .env("TERM", "xterm");
    let mut p = spawn_command(c, Some(20_000)).expect("arbiter starts on a pseudo-terminal");
    // less shows the first screen and waits (the output does not end by itself) ...
    p.exp_string("303.1 Game Actions")
        .expect("the first screen");
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send("q").unwrap();
    p.flush().unwrap();
    // ... and quitting it ends arbiter quietly, long before all 3,265 lines were shown
    let rest = p.exp_eof().expect("arbiter ends after q");
    assert!(
        rest.lines().count() < 200,
        "{} lines after q",
        rest.lines().count()
    );
}
