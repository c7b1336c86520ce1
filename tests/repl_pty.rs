//! The REPL on a real pseudo-terminal (rexpect): the prompt, Tab completion, Ctrl-C
//! cancelling the line, and a whole session ended with Ctrl-D. On a terminal the REPL is
//! interactive (rustyline); piped input is covered by tests/repl.rs.

#![cfg(unix)]

use rexpect::session::{PtySession, spawn_command};
use std::process::Command;

fn repl(file: &str, data: &std::path::Path) -> PtySession {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    c.args(["--color", "never", "repl", file])
        .env("XDG_DATA_HOME", data)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env_remove("ARBITER_CARDS");
    spawn_command(c, Some(10_000)).expect("the REPL starts on a pseudo-terminal")
}

/// Waits for an empty "tank-first › " prompt to be drawn (13 columns: rustyline moves the
/// cursor there), so what is typed next is not typeahead racing the line editor.
fn prompt(p: &mut PtySession) {
    p.exp_string("\r\u{1b}[13C").unwrap();
}

#[test]
fn tab_completes_commands_and_names() {
    let data = tempfile::tempdir().unwrap();
    let mut p = repl("scenarios/combat/tank-first.yaml", data.path());
    // (rexpect reads bytes one by one, so only ASCII parts of the output are matched)
    p.exp_string("scenarios/combat/tank-first.yaml (1 steps)")
        .unwrap();
    p.exp_string("Ctrl-D quits.").unwrap();
    prompt(&mut p);
    // "boa" + Tab completes to "board"
    p.send("boa\t").unwrap();
    p.flush().unwrap();
    p.exp_string("board").unwrap();
    p.send_line("").unwrap();
    p.exp_string("turn 1 of A, main phase, neutral-open")
        .unwrap();
    prompt(&mut p);
    // an object name after a command: "why Shield" + Tab completes to "Shieldbearer"
    p.send("why Shield\t").unwrap();
    p.flush().unwrap();
    p.exp_string("Shieldbearer").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Shieldbearer: Might 3 = printed 3; keywords: Tank")
        .unwrap();
    prompt(&mut p);
    // a rule id after `rule`: Tab puts in the first id that begins with what is typed
    p.send("rule 819.1.\t").unwrap();
    p.flush().unwrap();
    p.exp_string("819.1.a").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Quick-Draw is present on Gear").unwrap();
    prompt(&mut p);
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn ctrl_c_cancels_the_line_and_a_session_runs_to_its_end() {
    let data = tempfile::tempdir().unwrap();
    let mut p = repl("scenarios/combat/tank-first.yaml", data.path());
    p.exp_string("Ctrl-D quits.").unwrap();
    prompt(&mut p);
    // a half-typed line is thrown away by Ctrl-C; the session goes on
    p.send("quit-not-really").unwrap();
    p.flush().unwrap();
    p.exp_string("-not-really").unwrap();
    p.send_control('c').unwrap();
    prompt(&mut p);
    // each line is sent only once the prompt is drawn again: a key typed while the line
    // editor is between lines (terminal back in cooked mode) can be lost, Ctrl-D above all
    for (line, answer) in [
        ("step", "step 1 of 1:"),
        ("why Raider", "Raider: Might 5 = printed 5"),
        ("back", "back 1: before script step 1"),
        ("run", "Shieldbearer: zone trash"),
        ("stpe", "did you mean \"step\"?"),
    ] {
        p.send_line(line).unwrap();
        p.exp_string(answer).unwrap();
        prompt(&mut p);
    }
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    // history is kept in the data directory
    let h = data.path().join("arbiter/repl_history");
    let text = std::fs::read_to_string(&h).expect("history was saved");
    assert!(text.contains("why Raider"), "{text}");
}

/// While a decision is pending the prompt says who must decide; `choose` answers it and the
/// prompt is the plain one again.
#[test]
fn the_prompt_says_when_a_decision_is_pending() {
    let data = tempfile::tempdir().unwrap();
    let mut p = repl("scenarios/chain/spell-with-target.yaml", data.path());
    p.exp_string("Ctrl-D quits.").unwrap();
    // (ASCII only: "spell-with-target › " is 20 columns, where the cursor is put)
    p.exp_string("spell-with-target ").unwrap();
    p.exp_string("\r\u{1b}[20C").unwrap();
    p.send_line("step").unwrap();
    p.exp_string("decision pending").unwrap();
    p.exp_string("spell-with-target (A must decide: `choose N`) ")
        .unwrap();
    p.send_line("choose 2").unwrap();
    p.exp_string("A chooses Page").unwrap();
    p.exp_string("\r\u{1b}[20C").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
