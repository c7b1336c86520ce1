//! Triggered abilities limited in a turn: "The first time I conquer each turn, …", "The third
//! time I move in a turn, …" (383.1, 383.1.b) and "Once each turn, when …" (383.3.f). Each
//! source counts, ability by ability, what happened this turn (reset as a turn begins, 317.3).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::chain::Triggered;
use crate::engine::decision::{Answer, Decision, DecisionItem, DecisionKind, DecisionOption};
use crate::engine::objects::{Object, TurnLimit};
use crate::engine::state::Game;
use crate::engine::trace::EventKind;

impl Object {
    /// How many times the limited ability `key` of this object counted this turn.
    pub(crate) fn turn_count(&self, key: usize) -> u32 {
        self.triggers_this_turn
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(0, |(_, n)| *n)
    }

    fn set_turn_count(&mut self, key: usize, n: u32) {
        match self.triggers_this_turn.iter_mut().find(|(k, _)| *k == key) {
            Some(e) => e.1 = n,
            None => self.triggers_this_turn.push((key, n)),
        }
    }
}

/// "1st", "2nd", "3rd", "4th".
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Game {
    /// 383.1: "the [Nth] time [event] each turn": each instance of the event counts, and the
    /// ability triggers only on the Nth of the turn. When simultaneous instances make the
    /// Nth, the ability triggers once, for the instance its controller picks (383.1.b). The
    /// other abilities of `batch` pass through.
    pub(crate) fn nth_time_triggers(&mut self, batch: Vec<Triggered>) -> R<Vec<Triggered>> {
        let mut out = Vec::new();
        // the instances of each limited ability, in the order they came
        let mut groups: Vec<((usize, usize), u32, Vec<Triggered>)> = Vec::new();
        for t in batch {
            match (t.limit, t.source) {
                (Some((TurnLimit::Nth(n), key)), Some(src)) => {
                    match groups.iter_mut().find(|g| g.0 == (src.0, key)) {
                        Some(g) => g.2.push(t),
                        None => groups.push(((src.0, key), n, vec![t])),
                    }
                }
                _ => out.push(t),
            }
        }
        for ((src, key), n, mut instances) in groups {
            let before = self.objects[src].turn_count(key);
            let count = u32::try_from(instances.len()).unwrap_or(u32::MAX);
            let after = before.saturating_add(count);
            self.objects[src].set_turn_count(key, after);
            let label = instances[0].label.clone();
            if !(before < n && n <= after) {
                let t = format!(
                    "{label}: the {} time this turn; it triggers only the {} time",
                    ordinal(after),
                    ordinal(n)
                );
                self.event(EventKind::Trigger, vec![cite!("383.1")], t, vec![src]);
                continue;
            }
            // 383.1.b: one instance serves as the trigger condition; alike, any one does
            let alike = instances.iter().all(|t| t.effects == instances[0].effects);
            let i = if alike {
                0
            } else {
                let d = Decision {
                    kind: DecisionKind::TriggerInstance,
                    player: instances[0].controller,
                    prompt: format!(
                        "{} picks the event that triggers {} (the {} time this turn happened {count} times at once)",
                        self.player_name(instances[0].controller),
                        self.objects[src].def.name,
                        ordinal(n)
                    ),
                    options: instances
                        .iter()
                        .enumerate()
                        .map(|(i, t)| DecisionOption {
                            label: t.label.clone(),
                            answer: Answer::Index(i),
                        })
                        .collect(),
                    more: 0,
                    items: instances
                        .iter()
                        .map(|t| DecisionItem {
                            label: t.label.clone(),
                            object: t.source,
                        })
                        .collect(),
                    rules: vec![cite!("383.1.b")],
                };
                self.decide(d)?
            };
            if count > 1 {
                let t = format!(
                    "{label}: its condition is met {count} times at once; it triggers once, for one of them"
                );
                self.event(EventKind::Trigger, vec![cite!("383.1.b")], t, vec![src]);
            }
            let mut t = instances.swap_remove(i);
            t.label = format!("{} (the {} time this turn)", t.label, ordinal(n));
            out.push(t);
        }
        Ok(out)
    }

    /// 383.3.f: a once-each-turn ability that was already placed on the chain this turn does
    /// not trigger again; the trace says so.
    pub(crate) fn once_each_turn_spent(&mut self, t: &Triggered) -> bool {
        let (Some((TurnLimit::OnceEachTurn, key)), Some(src)) = (t.limit, t.source) else {
            return false;
        };
        if self.objects[src.0].turn_count(key) == 0 {
            return false;
        }
        let text = format!(
            "{}: it triggers once each turn and has already triggered this turn",
            t.label
        );
        self.event(
            EventKind::Trigger,
            vec![cite!("383.3.f")],
            text,
            vec![src.0],
        );
        true
    }

    /// 383.3.f.1–2: a once-each-turn ability placed on the chain has triggered this turn (one
    /// declined or with a false condition has not).
    pub(crate) fn note_once_each_turn(&mut self, t: &Triggered) {
        if let (Some((TurnLimit::OnceEachTurn, key)), Some(src)) = (t.limit, t.source) {
            self.objects[src.0].set_turn_count(key, 1);
        }
    }
}
