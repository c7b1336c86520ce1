//! Property tests (issue 10): the scenario loader, the rule-id parser and the search query
//! parser never panic on any input and keep their stated contracts. CI runs proptest's
//! default 256 cases per property; `scripts/fuzz-long.sh` runs a million
//! (`PROPTEST_CASES=1000000`).

use arbiter::rulebook::RuleId;
use arbiter::scenario::{Status, evaluate, load};
use arbiter::search::query::{Piece, lex, plan, words};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The scenario library's sources, the seeds of the mutations.
fn library() -> &'static [(String, String)] {
    static L: OnceLock<Vec<(String, String)>> = OnceLock::new();
    L.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut v = Vec::new();
        for p in arbiter::scenario::collect(&[root]).unwrap() {
            let text = std::fs::read_to_string(&p).unwrap();
            v.push((p.display().to_string(), text));
        }
        assert!(v.len() > 20, "the library is missing");
        v
    })
}

/// The raw library texts that must never reach a user (issue 10).
const RAW: &[&str] = &[
    "DuplicateKeyPolicy",
    "Option<String>",
    "untagged enum",
    "invalid u32",
    "invalid i64",
    "BudgetBreach",
    "ScalarBytes",
];

fn no_raw_text(msg: &str) -> Result<(), TestCaseError> {
    for r in RAW {
        prop_assert!(!msg.contains(r), "raw library text {r:?} in: {msg}");
    }
    Ok(())
}

/// One edit of a scenario's text.
#[derive(Debug, Clone)]
enum Edit {
    /// Replace a byte range by this text.
    Replace(usize, usize, String),
    /// Replace the n-th number in the file by this value.
    Number(usize, i128),
    /// Duplicate a line.
    DupLine(usize),
    /// Delete a line.
    DelLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0usize..8, "[ -~\n]{0,6}").prop_map(|(a, n, s)| Edit::Replace(a, n, s)),
        (any::<usize>(), any::<i128>()).prop_map(|(i, v)| Edit::Number(i, v)),
        (any::<usize>(), -3i128..12).prop_map(|(i, v)| Edit::Number(i, v)),
        any::<usize>().prop_map(Edit::DupLine),
        any::<usize>().prop_map(Edit::DelLine),
    ]
}

fn apply(src: &str, e: &Edit) -> String {
    match e {
        Edit::Replace(a, n, s) => {
            let mut b: Vec<char> = src.chars().collect();
            let a = a % (b.len() + 1);
            let end = (a + n).min(b.len());
            b.splice(a..end, s.chars());
            b.into_iter().collect()
        }
        Edit::Number(i, v) => {
            let spans: Vec<(usize, usize)> = {
                let bytes = src.as_bytes();
                let mut out = Vec::new();
                let mut k = 0;
                while k < bytes.len() {
                    if bytes[k].is_ascii_digit() {
                        let s = k;
                        while k < bytes.len() && bytes[k].is_ascii_digit() {
                            k += 1;
                        }
                        out.push((s, k));
                    } else {
                        k += 1;
                    }
                }
                out
            };
            if spans.is_empty() {
                return src.to_string();
            }
            let (s, t) = spans[i % spans.len()];
            format!("{}{}{}", &src[..s], v, &src[t..])
        }
        Edit::DupLine(i) | Edit::DelLine(i) => {
            let mut lines: Vec<&str> = src.lines().collect();
            if lines.is_empty() {
                return src.to_string();
            }
            let i = i % lines.len();
            if matches!(e, Edit::DupLine(_)) {
                lines.insert(i, lines[i]);
            } else {
                lines.remove(i);
            }
            lines.join("\n") + "\n"
        }
    }
}

proptest! {
    /// Any text: the loader answers Ok or a located sentence, never panics.
    #[test]
    fn the_loader_never_panics_on_any_text(s in "\\PC{0,200}") {
        if let Err(e) = load("t.yaml", &s) {
            prop_assert_eq!(&e.input.file, "t.yaml");
            no_raw_text(&e.input.message)?;
        }
    }

    /// Mutated library scenarios, loaded and run: never a panic; an error is a sentence;
    /// a number out of range is refused with the accepted range.
    #[test]
    fn mutated_scenarios_load_and_run_without_panic(
        pick in any::<usize>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let lib = library();
        let (path, src) = &lib[pick % lib.len()];
        let mut text = src.clone();
        for e in &edits {
            text = apply(&text, e);
        }
        let v = evaluate(path, &text);
        match &v.status {
            Status::Invalid(e) => no_raw_text(&e.input.message)?,
            Status::Fail(f) => {
                for m in f {
                    no_raw_text(m)?;
                }
            }
            Status::Pass => {}
        }
        if let Err(e) = load(path, &text)
            && e.input.message.contains("out of range")
        {
            prop_assert!(e.input.message.contains("accepted"), "{}", e.input.message);
            prop_assert!(e.input.line.is_some(), "{}", e.input);
        }
    }

    /// Any integer as a Might: accepted exactly within the documented range.
    #[test]
    fn numbers_load_exactly_within_their_range(v in prop_oneof![any::<i128>(), -2_000_000i128..2_000_000]) {
        let src = format!(
            "title: t\ncards:\n  Golem: {{type: unit, might: {v}}}\nsetup:\n  bases:\n    A: [{{card: Golem}}]\nexpect:\n  - {{object: Golem, zone: base}}\n"
        );
        let max = arbiter::limits::MAX_AMOUNT as i128;
        match load("t.yaml", &src) {
            Ok(_) => prop_assert!((-max..=max).contains(&v)),
            Err(e) => {
                prop_assert!(!(-max..=max).contains(&v), "{}", e.input);
                prop_assert!(e.input.message.starts_with("might: "), "{}", e.input);
                prop_assert_eq!((e.input.line, e.input.column), (Some(3), Some(30)));
            }
        }
    }

    /// Any text: the rule-id parser never panics, and what it parses prints back to an
    /// id that parses to the same segments.
    #[test]
    fn rule_ids_round_trip(s in "\\PC{0,30}|[0-9a-zR.]{0,24}") {
        if let Some(id) = RuleId::parse(&s) {
            let again = RuleId::parse(&id.to_string());
            prop_assert_eq!(again.map(|a| a.segs), Some(id.segs));
        }
    }

    /// Ids built from segments parse to those segments.
    #[test]
    fn built_rule_ids_parse(first in 0u32..1000, rest in proptest::collection::vec(prop_oneof![
        (0u32..100).prop_map(|n| n.to_string()),
        "[a-z]".prop_map(|c| c.to_string()),
    ], 0..5)) {
        let mut s = first.to_string();
        for r in &rest {
            s.push('.');
            s.push_str(r);
        }
        let id = RuleId::parse(&s);
        prop_assert!(id.is_some(), "{s}");
        prop_assert_eq!(id.unwrap().segs.len(), 1 + rest.len());
    }

    /// Any text: the query lexer and planner never panic; pieces are never empty.
    #[test]
    fn queries_lex_and_plan_without_panic(s in "\\PC{0,120}|[a-z \"“”-]{0,60}") {
        let _ = words(&s);
        if let Ok(pieces) = lex(&s) {
            for p in &pieces {
                let t = match p {
                    Piece::Word(w) | Piece::Phrase(w) | Piece::Not(w) => w,
                };
                prop_assert!(!t.trim().is_empty(), "{pieces:?}");
            }
            let _ = plan(&pieces);
        }
    }

    /// Plain words lex to themselves, in order.
    #[test]
    fn plain_words_lex_to_words(ws in proptest::collection::vec("[a-z]{1,10}", 0..12)) {
        let q = ws.join(" ");
        let pieces = lex(&q).unwrap();
        let got: Vec<String> = pieces
            .into_iter()
            .map(|p| match p {
                Piece::Word(w) => w,
                other => panic!("{other:?}"),
            })
            .collect();
        prop_assert_eq!(got, ws);
    }
}

proptest! {
    /// The REPL's line parser: any command with any argument, several in a row on one
    /// session, never panics and only fails on output errors. (`save`, `load` and `search`
    /// touch files and the cache, and are left out.)
    #[test]
    fn repl_lines_never_panic(lines in proptest::collection::vec((
        prop_oneof![
            Just("step"), Just("run"), Just("back"), Just("goto"), Just("board"),
            Just("show"), Just("why"), Just("trace"), Just("do"), Just("choose"),
            Just("rule"), Just("define"), Just("refs"), Just("help"), Just(""),
        ],
        "\\PC{0,40}|[0-9 ]{0,25}|[a-z:{}\\[\\], -]{0,40}",
    ), 1..6)) {
        use arbiter::repl::{Session, commands::execute};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/combat/lethal-before-next.yaml");
        let mut s = Session::open(Some(&path), None, arbiter::render::ColorChoice::Never)
            .expect("the library scenario opens");
        for (cmd, arg) in lines {
            if arg.trim_start().starts_with(['s', 'l']) && cmd.is_empty() {
                continue; // a bare `save …`/`load …`/`search …` typed as the argument
            }
            let mut out = Vec::new();
            let r = execute(&mut s, &format!("{cmd} {arg}"), &mut out);
            prop_assert!(r.is_ok(), "{cmd} {arg}: {:?}", r.err());
        }
    }
}

/// The three-pass `fold` the one-pass one replaced (the card compiler's hot spot).
fn fold_reference(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace() || *c == ',')
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    /// Folding a name or a sentence is unchanged by its faster form, for any text (accents,
    /// capitals that lower to two characters, punctuation, runs of any whitespace).
    #[test]
    fn fold_is_the_three_pass_fold(s in "(\\PC|[ \t\n\u{a0},.'’İẞΣ-])*") {
        prop_assert_eq!(arbiter::cards::fold(&s), fold_reference(&s));
    }
}

#[test]
fn fold_examples() {
    for s in [
        "Zhonya's  Hourglass",
        "  Deal 3 , then\tDRAW 1. ",
        "İstanbul ẞ Σ",
        "a - b",
        "",
        " , ",
    ] {
        assert_eq!(arbiter::cards::fold(s), fold_reference(s), "{s:?}");
    }
    assert_eq!(
        arbiter::cards::fold("Zhonya's  Hourglass"),
        "zhonyas hourglass"
    );
}
