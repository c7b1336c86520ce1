//! Output on a real pseudo-terminal (rexpect; issue 15): the width comes from the terminal
//! (`stty cols N` sets it), `COLUMNS` overrides it, and every line — rules, search hits,
//! traces, tables — fits, counted in display columns.

#![cfg(unix)]

use rexpect::session::spawn_command;
use std::process::Command;

/// Runs `arbiter ARGS` on a pseudo-terminal `cols` columns wide and returns what it printed
/// (with `\r\n` made `\n`).
pub fn on_terminal(cols: usize, env: &[(&str, &str)], args: &str) -> String {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "stty cols {cols} rows 40 && exec {} --color never {args}",
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
