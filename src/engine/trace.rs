//! The trace: the explanation of everything the engine did. Every event carries the
//! rule ids that mandate it, created through the one typed constructor [`cite!`].

use serde::Serialize;
use std::fmt;

/// A citation of a rule of the Riftbound Core Rules 2026-03-30. Construct it only with
/// [`cite!`](crate::cite) so that the citation test can collect every rule the engine cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cite(pub &'static str);

impl Cite {
    /// The rule id as written in the rules ("323.5").
    pub fn id(&self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Cite {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// The one constructor of rule citations: `cite!("323.5")`.
#[macro_export]
macro_rules! cite {
    ($id:literal) => {
        $crate::engine::trace::Cite($id)
    };
}

/// What kind of thing an event records; stable names in JSON (`snake_case`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A scripted action was taken (a move, a pass, an injected effect, ...).
    Action,
    /// A cleanup began (the text says which of 319.x made it outstanding).
    Cleanup,
    /// A task of a cleanup changed something.
    CleanupTask,
    /// A triggered ability triggered and went pending on the chain.
    Trigger,
    /// A chain item changed state (finalized, resolved, removed).
    Chain,
    /// Priority or focus moved.
    Priority,
    /// A layer application that mattered (the breakdown of a value that decided something).
    Layer,
    /// A decision was made (by script, or because it had a single option).
    Decision,
    /// Damage was assigned or dealt.
    Damage,
    /// A game object changed zone or location (kill, move, recall, ...).
    Zone,
    /// Control, contested status, staging.
    Control,
    /// Steps of a showdown or combat.
    Combat,
    /// Points, scoring, victory.
    Score,
    /// Turn structure: phases and steps.
    Turn,
    /// A game effect was applied (buff, might this turn, keyword granted, ...).
    Effect,
}

/// One line of the explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// Position in the trace, from 0.
    pub seq: usize,
    /// Nesting: 0 for actions, 1 for what they cause, 2 for the tasks of a cleanup, ...
    pub depth: u8,
    pub kind: EventKind,
    /// The rules that mandate this event, most specific first.
    pub rules: Vec<Cite>,
    /// Human-readable text, naming objects by name.
    pub text: String,
    /// Ids of the game objects concerned.
    pub objects: Vec<usize>,
}

/// The trace: an append-only list of events.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub events: Vec<Event>,
}

impl Trace {
    pub fn push(
        &mut self,
        depth: u8,
        kind: EventKind,
        rules: Vec<Cite>,
        text: String,
        objects: Vec<usize>,
    ) {
        let seq = self.events.len();
        self.events.push(Event {
            seq,
            depth,
            kind,
            rules,
            text,
            objects,
        });
    }

    /// Every rule cited anywhere in the trace.
    pub fn cited(&self) -> Vec<Cite> {
        let mut v: Vec<Cite> = self
            .events
            .iter()
            .flat_map(|e| e.rules.iter().copied())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Whether any event cites `id`.
    pub fn cites(&self, id: &str) -> bool {
        self.events
            .iter()
            .any(|e| e.rules.iter().any(|c| c.0 == id))
    }

    /// Plain text, one line per event, ending with the rule ids; used by tests and as a fallback.
    pub fn render_plain(&self) -> String {
        let mut s = String::new();
        for e in &self.events {
            for _ in 0..e.depth {
                s.push_str("  ");
            }
            s.push_str(&e.text);
            if !e.rules.is_empty() {
                s.push_str("  [");
                let ids: Vec<&str> = e.rules.iter().map(|c| c.0).collect();
                s.push_str(&ids.join(", "));
                s.push(']');
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_renders_with_its_rule_ids() {
        let mut t = Trace::default();
        t.push(
            0,
            EventKind::Action,
            vec![crate::cite!("144")],
            "A moves".into(),
            vec![],
        );
        t.push(
            1,
            EventKind::Cleanup,
            vec![crate::cite!("319.8"), crate::cite!("323")],
            "cleanup".into(),
            vec![],
        );
        assert_eq!(
            t.render_plain(),
            "A moves  [144]\n  cleanup  [319.8, 323]\n"
        );
        assert!(t.cites("323") && !t.cites("324"));
        assert_eq!(t.cited().len(), 3);
        let json = serde_json::to_string(&t.events[1]).expect("json");
        assert!(
            json.contains("\"rules\":[\"319.8\",\"323\"]") && json.contains("\"kind\":\"cleanup\""),
            "{json}"
        );
    }
}
