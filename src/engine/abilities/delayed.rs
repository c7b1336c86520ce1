//! Delayed abilities (389–392): created by a spell or ability with their own trigger
//! condition and duration ("When any unit takes damage this turn, kill it"); they are not
//! associated with units or gear and still trigger after their source has left (392).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::chain::Triggered;
use crate::engine::objects::{Condition, Duration, Effect};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;
use serde::Serialize;

/// What a delayed ability waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DelayedTrigger {
    /// "When any unit takes damage": once per unit dealt damage.
    UnitTakesDamage,
    /// 390.2: "[Do X] the next time it takes damage this turn": the watched unit is dealt
    /// damage (417.1.b; prevented damage is not dealt, 437.2). Used up once it triggers.
    ItTakesDamage,
    /// 390.2: "When it dies this turn": the unit the instruction before chose (`watching`)
    /// dies — an event in a timeframe. It dies once: what leaves the board is a new object.
    UnitDies,
    /// 390.2: "When it wins a combat this turn": the watched unit is among the winner's
    /// units when a combat's result is decided (461.3.c).
    UnitWinsCombat,
    /// 390.2: "When a friendly unit is played this turn": a unit friendly to the controller
    /// (740.1) is played (383.4.a.4; a token too, 182.1.a); "it" is that unit.
    FriendlyUnitPlayed,
    /// 390.2: "The next time you play a unit this turn, …": the next unit its controller
    /// plays (a token too, 182.1.a); "it" is that unit. Used up once it triggers.
    NextUnitYouPlay,
    /// 390.2: "… at the end of this turn": a specific time of the turn, the Ending Step
    /// (317.1.a). Used up once it triggers.
    EndOfTurn,
}

impl DelayedTrigger {
    /// The scenario-format word.
    pub fn word(&self) -> &'static str {
        match self {
            DelayedTrigger::UnitTakesDamage => "unit-takes-damage",
            DelayedTrigger::ItTakesDamage => "it-takes-damage",
            DelayedTrigger::UnitDies => "unit-dies",
            DelayedTrigger::UnitWinsCombat => "unit-wins-combat",
            DelayedTrigger::FriendlyUnitPlayed => "friendly-unit-played",
            DelayedTrigger::NextUnitYouPlay => "next-unit-you-play",
            DelayedTrigger::EndOfTurn => "end-of-turn",
        }
    }
    pub fn parse(s: &str) -> Option<DelayedTrigger> {
        [
            DelayedTrigger::UnitTakesDamage,
            DelayedTrigger::ItTakesDamage,
            DelayedTrigger::UnitDies,
            DelayedTrigger::UnitWinsCombat,
            DelayedTrigger::FriendlyUnitPlayed,
            DelayedTrigger::NextUnitYouPlay,
            DelayedTrigger::EndOfTurn,
        ]
        .into_iter()
        .find(|t| t.word() == s)
    }
    /// Whether it watches one unit ("it"), which the creating instruction names.
    pub fn watches_a_unit(&self) -> bool {
        matches!(
            self,
            DelayedTrigger::UnitDies
                | DelayedTrigger::UnitWinsCombat
                | DelayedTrigger::ItTakesDamage
        )
    }
    /// Its trigger condition, for the trace.
    pub(crate) fn describe(&self, watched: &str) -> String {
        match self {
            DelayedTrigger::UnitTakesDamage => "when any unit takes damage".into(),
            DelayedTrigger::ItTakesDamage => format!("the next time {watched} takes damage"),
            DelayedTrigger::UnitDies => format!("when {watched} dies"),
            DelayedTrigger::UnitWinsCombat => format!("when {watched} wins a combat"),
            DelayedTrigger::FriendlyUnitPlayed => "when a friendly unit is played".into(),
            DelayedTrigger::NextUnitYouPlay => "the next time you play a unit".into(),
            DelayedTrigger::EndOfTurn => "at the end of this turn".into(),
        }
    }
}

/// A delayed ability in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Delayed {
    /// Who controls it: the controller of what created it (391).
    pub controller: PlayerId,
    /// What created it (its name, for the trace: it is not associated with it, 392).
    pub created_by: String,
    /// The turn it was created.
    pub turn: u32,
    pub trigger: DelayedTrigger,
    /// The unit it watches ("when it dies"), with the timestamp it had then: after a zone
    /// change it is a new object, which the ability does not watch.
    pub watching: Option<(ObjId, u64)>,
    /// Its instructions; `Target::Affected` is the object that made it trigger.
    pub effects: Vec<Effect>,
    /// How long it waits (`ThisTurn` ends in the ending phase's expiration, 317.2.c).
    pub duration: Duration,
}

impl Game {
    /// 390, 391: a spell or ability creates a delayed ability; it waits for its condition,
    /// independent of its source (392).
    pub(crate) fn create_delayed(
        &mut self,
        controller: PlayerId,
        source: Option<ObjId>,
        trigger: &DelayedTrigger,
        watching: Option<ObjId>,
        effects: &[Effect],
        duration: Duration,
    ) {
        let created_by = source
            .map(|s| self.obj_name(s).to_string())
            .unwrap_or_else(|| "an effect".into());
        let what: Vec<String> = effects
            .iter()
            .map(|e| self.describe_effect(e, source))
            .collect();
        let until = match duration {
            Duration::ThisTurn => "until the end of this turn",
            Duration::ThisCombat => "until the end of this combat",
            Duration::Permanent => "for the rest of the game",
        };
        let t = format!(
            "{created_by} creates a delayed ability controlled by {}: \"{}, {}\" ({until})",
            self.player_name(controller),
            trigger.describe(watching.map_or("it", |u| self.obj_name(u))),
            what.join("; ")
        );
        self.event(
            EventKind::Effect,
            vec![cite!("390.2"), cite!("391")],
            t,
            vec![],
        );
        self.delayed.push(Delayed {
            controller,
            created_by,
            turn: self.turn.number,
            trigger: trigger.clone(),
            watching: watching.map(|u| (u, self.objects[u.0].timestamp)),
            effects: effects.to_vec(),
            duration,
        });
    }

    /// 390.2, 392: units were dealt damage; each waiting "when any unit takes damage"
    /// ability triggers once per unit, "it" being that unit, whether or not what created
    /// it is still on the board; one waiting for "the next time it takes damage" triggers
    /// for the unit it watches, and is used up.
    pub(crate) fn delayed_on_damage(&mut self, units: &[ObjId]) -> R<()> {
        let mut batch = Vec::new();
        for &u in units {
            let controller = self.controller(u);
            batch.extend(self.delayed_triggers(&DelayedTrigger::ItTakesDamage, u, controller));
        }
        for d in self.delayed.clone() {
            if d.trigger != DelayedTrigger::UnitTakesDamage {
                continue;
            }
            for &u in units {
                batch.push(Triggered {
                    controller: d.controller,
                    source: None,
                    label: format!("{}'s delayed ability ({})", d.created_by, self.obj_name(u)),
                    effects: d
                        .effects
                        .iter()
                        .map(|e| super::replacement::bind_affected(e, u))
                        .collect(),
                    snapshot: None,
                    rule: cite!("390.2"),
                    dependent: None,
                    watching: false,
                    limit: None,
                    condition: Condition::Always,
                });
            }
        }
        self.place_triggers(batch, vec![cite!("392")], false)
    }

    /// 390.2, 392: the waiting delayed abilities with trigger `when` that `unit`'s event
    /// triggers — those watching it (still the same object), or, for "a friendly unit is
    /// played", those of a player the unit is friendly to (740.1, `player` its controller);
    /// "it" in what they do is `unit`. One that watched a unit's death is used up: the unit
    /// is a new object once it has left the board.
    pub(crate) fn delayed_triggers(
        &mut self,
        when: &DelayedTrigger,
        unit: ObjId,
        player: PlayerId,
    ) -> Vec<Triggered> {
        let ts = self.objects[unit.0].timestamp;
        let mut v = Vec::new();
        let mut used = Vec::new();
        for (i, d) in self.delayed.iter().enumerate() {
            if d.trigger != *when {
                continue;
            }
            let fires = match d.watching {
                Some(w) => w == (unit, ts),
                None => match when {
                    DelayedTrigger::FriendlyUnitPlayed => self.friendly(d.controller, player),
                    DelayedTrigger::NextUnitYouPlay => d.controller == player,
                    _ => false,
                },
            };
            if !fires {
                continue;
            }
            if matches!(
                when,
                DelayedTrigger::UnitDies
                    | DelayedTrigger::NextUnitYouPlay
                    | DelayedTrigger::ItTakesDamage
            ) {
                used.push(i);
            }
            v.push(Triggered {
                controller: d.controller,
                source: None,
                label: format!(
                    "{}'s delayed ability ({}: {})",
                    d.created_by,
                    when.describe("it"),
                    self.obj_name(unit)
                ),
                effects: d
                    .effects
                    .iter()
                    .map(|e| super::replacement::bind_affected(e, unit))
                    .collect(),
                snapshot: None,
                rule: cite!("390.2"),
                dependent: None,
                watching: true,
                limit: None,
                condition: Condition::Always,
            });
        }
        for i in used.into_iter().rev() {
            self.delayed.remove(i);
        }
        v
    }

    /// 390.2: a unit is played by `player` (383.4.a.4; a token too, 182.1.a): the delayed
    /// abilities waiting for a friendly unit played, and for the next unit their controller
    /// plays.
    pub(crate) fn delayed_on_play(&mut self, unit: ObjId, player: PlayerId) -> Vec<Triggered> {
        if !self.objects[unit.0].is_unit() {
            return Vec::new();
        }
        let mut v = self.delayed_triggers(&DelayedTrigger::FriendlyUnitPlayed, unit, player);
        v.extend(self.delayed_triggers(&DelayedTrigger::NextUnitYouPlay, unit, player));
        v
    }

    /// 390.2, 317.1.a: the Ending Step: the delayed abilities waiting for "the end of this
    /// turn" trigger, and are used up.
    pub(crate) fn delayed_at_end_of_turn(&mut self) -> Vec<Triggered> {
        let (due, rest): (Vec<Delayed>, Vec<Delayed>) = std::mem::take(&mut self.delayed)
            .into_iter()
            .partition(|d| d.trigger == DelayedTrigger::EndOfTurn);
        self.delayed = rest;
        due.into_iter()
            .map(|d| Triggered {
                controller: d.controller,
                source: None,
                label: format!(
                    "{}'s delayed ability (at the end of this turn)",
                    d.created_by
                ),
                effects: d.effects,
                snapshot: None,
                rule: cite!("390.2"),
                dependent: None,
                watching: true,
                limit: None,
                condition: Condition::Always,
            })
            .collect()
    }

    /// 317.2.c: what a spell or ability created "this turn" — delayed abilities (390) and
    /// replacement effects about a unit — expires with the other "this turn" effects;
    /// 461.7: "this combat" ones when the combat ends. One trace line for each kind.
    pub(crate) fn expire_created(&mut self, duration: Duration) {
        let delayed = self.delayed.len();
        self.delayed.retain(|d| d.duration != duration);
        let delayed = delayed - self.delayed.len();
        let replacements = self.created_replacements.len();
        self.created_replacements.retain(|r| r.duration != duration);
        let replacements = replacements - self.created_replacements.len();
        let (when, rule) = match duration {
            Duration::ThisCombat => ("this combat", cite!("461.7")),
            _ => ("this turn", cite!("317.2.c")),
        };
        for (n, what) in [
            (delayed, "delayed abilit(ies)"),
            (replacements, "replacement effect(s)"),
        ] {
            if n > 0 {
                let t = format!("{n} \"{when}\" {what} expire");
                self.event(EventKind::CleanupTask, vec![rule], t, vec![]);
            }
        }
    }
}
