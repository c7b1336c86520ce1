//! Stun (423): rendering units on the board Stunned. A stunned unit cannot be stunned again
//! (423.1.a.1), contributes no Might to combat damage (423.1.b) though it still dies only of
//! damage equal to its full Might (423.1.c), and loses the status when the next ending phase
//! begins (423.1.a.2).

use crate::cite;
use crate::engine::state::{Game, ObjId};
use crate::engine::trace::EventKind;

impl Game {
    /// 423.1: `u` becomes Stunned, unless it already is (423.1.a.1); whether it did.
    pub(crate) fn stun(&mut self, u: ObjId) -> bool {
        if !self.objects[u.0].zone.on_board() || !self.objects[u.0].is_unit() {
            return false;
        }
        if self.objects[u.0].stunned {
            let t = format!(
                "{} is already stunned and cannot be stunned again",
                self.obj_name(u)
            );
            self.event(EventKind::Effect, vec![cite!("423.1.a.1")], t, vec![u.0]);
            return false;
        }
        self.objects[u.0].stunned = true;
        let t = format!(
            "{} is stunned: it contributes no Might to combat damage until the next ending phase",
            self.obj_name(u)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("423.1"), cite!("423.1.b")],
            t,
            vec![u.0],
        );
        self.make_outstanding(cite!("319.7"));
        true
    }

    /// 423.1.a.2: the stunned units lose the status as the ending phase begins.
    pub(crate) fn end_stuns(&mut self) {
        let stunned: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.stunned)
            .map(|o| o.id)
            .collect();
        if stunned.is_empty() {
            return;
        }
        for u in &stunned {
            self.objects[u.0].stunned = false;
        }
        let names: Vec<&str> = stunned.iter().map(|u| self.obj_name(*u)).collect();
        let t = format!("{} lose(s) the Stunned status", names.join(", "));
        self.event(EventKind::CleanupTask, vec![cite!("423.1.a.2")], t, vec![]);
    }

    /// 423.1.b: the Might a unit contributes to combat damage — none when stunned, nor for
    /// a unit that says "I don't deal combat damage".
    pub(crate) fn combat_might(&self, u: ObjId, might: i32) -> i32 {
        if self.objects[u.0].stunned || self.deals_no_combat_damage(u) || self.lesser_enemy_here(u)
        {
            0
        } else {
            might
        }
    }

    /// "While I'm at a battlefield, players only channel 1 rune …": the unit that says so.
    pub(crate) fn channel_limited_by(&self) -> Option<String> {
        self.objects
            .iter()
            .find(|o| {
                matches!(o.zone, crate::engine::Zone::Battlefield(_))
                    && o.is_unit()
                    && !self.rules_text_inactive(o.id)
                    && o.def
                        .abilities
                        .contains(&crate::engine::Ability::ChannelOnlyOne)
            })
            .map(|o| o.def.name.clone())
    }

    /// "Enemy units here with less Might than me don't deal combat damage": whether an
    /// opponent's unit at `u`'s location says so and has more Might than `u`.
    pub(crate) fn lesser_enemy_here(&self, u: ObjId) -> bool {
        self.lesser_here_under(
            u,
            &crate::engine::Ability::LesserEnemiesHereNoCombatDamage,
            false,
        )
    }

    /// A unit at `u`'s location with `ability` ("… here with less Might than me"), whose
    /// controller is `u`'s (`friendly`) or an opponent of `u`'s, with more Might than `u`.
    pub(crate) fn lesser_here_under(
        &self,
        u: ObjId,
        ability: &crate::engine::Ability,
        friendly: bool,
    ) -> bool {
        let at = self.objects[u.0].zone;
        if !at.on_board() {
            return false;
        }
        let mut sources = self.objects.iter().filter(|o| {
            o.id != u
                && o.zone == at
                && o.is_unit()
                && !self.rules_text_inactive(o.id)
                && o.def.abilities.contains(ability)
        });
        let Some(first) = sources.next() else {
            return false;
        };
        let d = self.derived();
        let ctl = self.controller(u);
        std::iter::once(first).chain(sources).any(|o| {
            let theirs = self.controller(o.id);
            (if friendly {
                theirs == ctl
            } else {
                self.opponents(theirs, ctl)
            }) && d[u.0].might < d[o.id.0].might
        })
    }

    /// "I don't deal combat damage" (its rules text active).
    pub(crate) fn deals_no_combat_damage(&self, u: ObjId) -> bool {
        !self.rules_text_inactive(u)
            && self.objects[u.0].def.abilities.iter().any(|a| match a {
                crate::engine::Ability::NoCombatDamage => true,
                // "… unless I'm at a battlefield with exactly one other unit you control"
                crate::engine::Ability::NoCombatDamageUnless(c) => {
                    !self.ability_condition_holds(c, Some(u), self.controller(u))
                }
                _ => false,
            })
    }
}
