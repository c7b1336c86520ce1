//! Deathknell (808): "When I die, [effect]". The trigger goes pending before the unit is
//! moved to the trash (808.1.d.2), noting its location and attributes (808.1.d.3).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::layers::Derived;
use crate::engine::objects::Trigger;
use crate::engine::state::{Game, ObjId, Snapshot};
use crate::engine::trace::{Cite, EventKind};

impl Game {
    /// 808.1.d.2–3, 428.1.a.1.b: Deathknells of units about to be killed by an instruction.
    pub(crate) fn trigger_deathknells(&mut self, units: &[ObjId]) -> R<()> {
        let chars = self.derived();
        self.trigger_deathknells_with(units, &chars, cite!("428.1.a.1.b"))
    }

    /// 323.4 / 808: each dying unit's Deathknell abilities trigger with a snapshot of the unit
    /// (location, Might, controller, keywords); each instance separately (808.2), the
    /// controller ordering them (808.2.a) with the "when a friendly unit dies" abilities the
    /// same deaths trigger (383.3.d).
    pub(crate) fn trigger_deathknells_with(
        &mut self,
        units: &[ObjId],
        chars: &Derived,
        why: Cite,
    ) -> R<()> {
        let mut batch = Vec::new();
        let mut dying = Vec::new();
        for &u in units {
            let o = &self.objects[u.0];
            let snap = Snapshot {
                location: o.zone,
                might: chars[u.0].might,
                controller: self.controller(u),
                keywords: chars[u.0].keywords.clone(),
                designation: o.designation,
            };
            dying.push((u, snap.controller));
            batch.extend(self.collect_triggers(u, &Trigger::Dies, Some(snap)));
        }
        // what "a unit died this turn" counts
        for &(u, controller) in &dying {
            if !self.objects[u.0].is_unit() {
                continue;
            }
            let beginning = self.turn.phase == crate::engine::state::Phase::Beginning;
            let p = &mut self.players[controller.0];
            p.units_died_this_turn = p.units_died_this_turn.saturating_add(1);
            // 315.2: died during the turn's Beginning Phase
            if beginning {
                p.units_died_beginning_phase = p.units_died_beginning_phase.saturating_add(1);
            }
        }
        // 383.1: "when a friendly / an enemy unit dies" of the other permanents, in the same
        // batch
        let mut watchers = self.friendly_death_triggers(&dying);
        watchers.extend(self.enemy_death_triggers(&dying));
        // 383.2.c.2: a watcher dying in this same action cannot evaluate its condition
        let (stand, dying_watchers) = Game::split_dying_watchers(watchers, &dying);
        for t in dying_watchers {
            let who = t
                .source
                .map(|s| self.obj_name(s).to_string())
                .unwrap_or_default();
            self.event(
                EventKind::Trigger,
                vec![cite!("383.2.c.2")],
                format!(
                    "{} does not trigger: {who} leaves the board in the same game action",
                    t.label
                ),
                t.source.iter().map(|o| o.0).collect(),
            );
        }
        batch.extend(stand);
        // 390.2: delayed abilities waiting for one of these deaths ("when it dies this turn")
        for &(u, controller) in &dying {
            batch.extend(self.delayed_triggers(
                &crate::engine::abilities::delayed::DelayedTrigger::UnitDies,
                u,
                controller,
            ));
        }
        self.place_triggers(
            batch,
            vec![why, cite!("808.1.d.2"), cite!("808.1.d.3")],
            false,
        )
    }
}
