//! Decisions the engine needs (refuse rather than guess): a decision with one legal option
//! is taken and traced; one with several must be answered by the script with
//! `Action::Choose`, otherwise the run stops listing the options.

use super::state::{BfId, ObjId, PlayerId};
use super::trace::Cite;
use serde::Serialize;

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionKind {
    /// 323.11: the turn player chooses which staged showdown begins.
    ChooseShowdown,
    /// 323.13 / 456.1: the turn player chooses which staged combat begins.
    ChooseCombat,
    /// 383.3.d / 808.2.a: a player orders their simultaneous triggers on the chain.
    TriggerOrder,
    /// 460.2.c: a player assigns combat damage.
    AssignDamage,
    /// A target for an effect ("choose a unit").
    Target,
    /// "You may ...": yes (option 1) or no (option 2).
    May,
    /// 372, 373: which replacement effect applies first (to which of simultaneous events).
    ReplacementOrder,
    /// 357.1.a, 135.2.e.5.a: which runes pay a cost (which domains pay power of any domain).
    Payment,
    /// 355.3, 402.1: which mode of a "choose one".
    Mode,
    /// 356.4.d.1, 356.4.e: the order of discounts whose minimums make it matter.
    DiscountOrder,
    /// 422.1.a: which card of their hand a player discards.
    Discard,
    /// 383.1.b: which of simultaneous events triggers a "the [Nth] time" ability.
    TriggerInstance,
    /// 444.1: where a unit an effect moves goes, when the effect names no destination.
    Destination,
    /// 436.1.b: which card a player puts next from the top of their Main Deck, as they
    /// rearrange the cards they predicted and kept.
    DeckOrder,
    /// 355.11.a, 355.13, 355.11.b: which group of objects one instruction chooses (or
    /// which subset of its group it affects on resolution).
    Group,
    /// 355.14.e: how damage split among a group is divided on resolution.
    SplitDamage,
}

impl Decision {
    /// A "you may" decision: option 1 "yes" (`Answer::Index(0)`), option 2 "no".
    pub fn yes_no(player: PlayerId, prompt: String, rules: Vec<Cite>) -> Decision {
        Decision {
            kind: DecisionKind::May,
            player,
            prompt,
            options: vec![
                DecisionOption {
                    label: "yes".into(),
                    answer: Answer::Index(0),
                },
                DecisionOption {
                    label: "no".into(),
                    answer: Answer::Index(1),
                },
            ],
            more: 0,
            items: vec![],
            rules,
        }
    }
}

impl DecisionKind {
    pub fn name(&self) -> &'static str {
        match self {
            DecisionKind::ChooseShowdown => "choose-showdown",
            DecisionKind::ReplacementOrder => "replacement-order",
            DecisionKind::ChooseCombat => "choose-combat",
            DecisionKind::TriggerOrder => "trigger-order",
            DecisionKind::AssignDamage => "assign-damage",
            DecisionKind::Target => "target",
            DecisionKind::May => "may",
            DecisionKind::Payment => "payment",
            DecisionKind::Mode => "mode",
            DecisionKind::DiscountOrder => "discount-order",
            DecisionKind::Discard => "discard",
            DecisionKind::TriggerInstance => "trigger-instance",
            DecisionKind::Destination => "destination",
            DecisionKind::DeckOrder => "deck-order",
            DecisionKind::Group => "group",
            DecisionKind::SplitDamage => "split-damage",
        }
    }
}

/// An answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The option at this index of `Decision::options`.
    Index(usize),
    /// A battlefield (choose-showdown, choose-combat).
    Battlefield(BfId),
    /// An object (target).
    Object(ObjId),
    /// Trigger order: indices into `Decision::items`, first placed first (so it resolves last).
    Order(Vec<usize>),
    /// Damage assignment: amount per unit (units not listed get 0).
    Assignment(Vec<(ObjId, i32)>),
    /// A group of objects (355.11): any legal group, not only a listed option.
    Group(Vec<ObjId>),
    /// The runes that pay a cost (any legal payment, not only a listed option).
    Payment(super::resources::Payment),
}

/// One legal option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionOption {
    pub label: String,
    pub answer: Answer,
}

/// Something a trigger-order decision orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionItem {
    pub label: String,
    pub object: Option<ObjId>,
}

/// How much of an assignment `given` (object, amount pairs, an object named more than once
/// adding up) falls on each of `targets`, in their order; amounts never wrap.
pub(crate) fn assigned_to(targets: &[ObjId], given: &[(ObjId, i32)]) -> Vec<i32> {
    targets
        .iter()
        .map(|u| {
            given
                .iter()
                .filter(|(o, _)| o == u)
                .fold(0i32, |s, (_, x)| s.saturating_add(*x))
        })
        .collect()
}

/// A decision a player must make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub kind: DecisionKind,
    pub player: PlayerId,
    /// "A assigns 5 combat damage among Shieldbearer, Squire".
    pub prompt: String,
    /// The legal options (possibly capped: see `more`).
    pub options: Vec<DecisionOption>,
    /// Legal options not listed because there are too many.
    pub more: usize,
    /// What is being ordered (trigger-order) or assigned to (assign-damage).
    pub items: Vec<DecisionItem>,
    pub rules: Vec<Cite>,
}

impl Decision {
    /// Normalizes `answer` to the index of the matching option, if it is one of them.
    pub fn match_answer(&self, answer: &Answer) -> Option<usize> {
        if let Answer::Index(i) = answer {
            return (*i < self.options.len()).then_some(*i);
        }
        let norm = |a: &Answer| match a {
            Answer::Assignment(v) => {
                let mut v: Vec<(ObjId, i32)> = v.iter().copied().filter(|(_, n)| *n != 0).collect();
                v.sort();
                Answer::Assignment(v)
            }
            Answer::Group(v) => {
                let mut v = v.clone();
                v.sort();
                Answer::Group(v)
            }
            other => other.clone(),
        };
        let a = norm(answer);
        self.options.iter().position(|o| norm(&o.answer) == a)
    }

    /// Text listing the options, one per line ("  1. ...").
    pub fn describe(&self) -> String {
        let mut s = format!("{} ({})\n", self.prompt, self.kind.name());
        for (i, o) in self.options.iter().enumerate() {
            s.push_str(&format!("  {}. {}\n", i + 1, o.label));
        }
        if self.more > 0 {
            s.push_str(&format!("  ... and {} more\n", self.more));
        }
        s
    }
}

impl super::state::Game {
    /// `objects` as a decision's items, each named as the trace names it.
    pub(crate) fn object_items(&self, objects: &[ObjId]) -> Vec<DecisionItem> {
        objects
            .iter()
            .map(|u| DecisionItem {
                label: self.obj_name(*u).to_string(),
                object: Some(*u),
            })
            .collect()
    }

    /// The options of a choice among objects (355, 402): each labelled with its name, in the
    /// order given.
    pub(crate) fn object_options(&self, objects: &[ObjId]) -> Vec<DecisionOption> {
        objects
            .iter()
            .map(|&o| DecisionOption {
                label: self.obj_name(o).to_string(),
                answer: Answer::Object(o),
            })
            .collect()
    }
}
