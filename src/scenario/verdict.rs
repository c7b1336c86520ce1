//! A scenario's verdict: load it, run it, and compare what happened with what it
//! expects (its expectations, or the error it expects with `expect-error`).

use super::format::ExpectError;
use super::load::{self, ScenarioError};
use super::run::{self, Outcome};

/// How a scenario ended.
pub enum Status {
    /// Every expectation holds (or the expected error occurred).
    Pass,
    /// Expectations failed, or the expected error did not occur: exit 1.
    Fail(Vec<String>),
    /// The scenario is invalid (a load error, an unscripted decision, …): exit 2.
    Invalid(ScenarioError),
}

pub struct Verdict {
    pub path: String,
    pub title: Option<String>,
    pub ruling: Option<String>,
    /// How each setup object is referred to (its id or card name), in setup order.
    pub labels: Vec<String>,
    /// The card of each setup object, in setup order.
    pub cards: Vec<String>,
    pub outcome: Option<Outcome>,
    /// The card database that supplied cards the scenario did not define, and those cards.
    pub database: Option<(String, Vec<String>)>,
    /// The error that occurred, when it was the one expected.
    pub expected_error: Option<ScenarioError>,
    pub status: Status,
}

/// Whether `e` is the error the scenario expects.
pub fn matches(x: &ExpectError, e: &ScenarioError) -> bool {
    x.kind.value == e.kind.name()
        && x.contains.as_ref().is_none_or(|c| {
            e.input.message.contains(c.as_str())
                || e.input
                    .hint
                    .as_ref()
                    .is_some_and(|h| h.contains(c.as_str()))
        })
        && x.rule
            .as_ref()
            .is_none_or(|r| e.rule.as_deref() == Some(r.value.as_str()))
}

fn describe_expected(x: &ExpectError) -> String {
    let mut s = format!("an error of kind {}", x.kind.value);
    if let Some(c) = &x.contains {
        s.push_str(&format!(" containing \"{c}\""));
    }
    if let Some(r) = &x.rule {
        s.push_str(&format!(" citing {}", r.value));
    }
    s
}

/// Loads and runs one scenario file.
pub fn evaluate(path: &str, source: &str) -> Verdict {
    evaluate_with(path, source, None)
}

/// Loads and runs one scenario file, taking cards it does not define from `cards`.
pub fn evaluate_with(path: &str, source: &str, cards: Option<&crate::cards::Database>) -> Verdict {
    let mut loaded = load::load_with(path, source, cards);
    // the title and the expected error come with the loaded file; a file that does not
    // load is read again leniently for them (a scenario about a load error still says
    // which error it expects). Parsing the YAML is most of a scenario's cost, so a file
    // that loads is parsed once.
    let (title, expected) = match &mut loaded {
        Ok((s, _)) => (Some(s.file.title.clone()), s.file.expect_error.take()),
        Err(_) => load::header(source),
    };
    let mut v = Verdict {
        path: path.to_string(),
        title,
        ruling: None,
        labels: Vec::new(),
        cards: Vec::new(),
        outcome: None,
        database: None,
        expected_error: None,
        status: Status::Pass,
    };
    let stopped = |v: &mut Verdict, e: ScenarioError| match &expected {
        Some(x) if matches(x, &e) => {
            v.expected_error = Some(e);
            v.status = Status::Pass;
        }
        Some(x) => {
            v.status = Status::Fail(vec![format!(
                "expected {}, but the run stopped with {}: {}",
                describe_expected(x),
                e.kind.name(),
                e.input
            )]);
        }
        None => v.status = Status::Invalid(e),
    };
    let s = match loaded {
        Ok((s, supplied)) => {
            v.database = supplied;
            s
        }
        Err(e) => {
            stopped(&mut v, e);
            return v;
        }
    };
    v.title = Some(s.file.title.clone());
    v.ruling = s.file.ruling.clone();
    v.labels = s.objects.iter().map(|o| o.label().to_string()).collect();
    v.cards = s.objects.iter().map(|o| o.card.clone()).collect();
    let outcome = match run::run(&s) {
        Ok(o) => o,
        Err(e) => {
            stopped(&mut v, e);
            return v;
        }
    };
    let error = outcome.error.clone();
    let failures: Vec<String> = outcome
        .checked
        .iter()
        .filter(|c| c.failure.is_some())
        .map(|c| c.subject.clone())
        .collect();
    v.outcome = Some(outcome);
    match error {
        Some(e) => {
            stopped(&mut v, e);
            // issue 10: the expected error is not a pass when a checkpoint before it failed;
            // a test that cannot fail is worse than none
            if !failures.is_empty() {
                match &mut v.status {
                    Status::Pass => v.status = Status::Fail(failures),
                    Status::Fail(f) => f.extend(failures),
                    Status::Invalid(_) => {}
                }
            }
        }
        None => {
            if let Some(x) = &expected {
                v.status = Status::Fail(vec![format!(
                    "expected {}, but the run completed",
                    describe_expected(x)
                )]);
            } else if !failures.is_empty() {
                v.status = Status::Fail(failures);
            }
        }
    }
    v
}
