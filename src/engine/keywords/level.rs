//! Level (824): "[Level N][>] [Text]" (824.1.a), from the keyword to the end of its clause
//! the Level Ability (824.1.b), short for "While you have N or more XP, this card gains
//! [Text]" (824.1.b.1) — a dependent keyword (726–727) whose dependent ability is [Text]
//! (824.1.b.2). The dependent ability is active while the controller has N XP (824.1.c),
//! follows a new controller's XP when control changes (824.1.c.1), and is inactive as soon as
//! the controller has less (824.1.d). Level is a characteristic (824.2).
//!
//! A Level ability is a passive with the condition "while you have N or more XP"
//! (`Condition::ControllerXp`), applied by the layer system (layers.rs) through
//! [`Game::level_reached`]; XP itself is gained and spent elsewhere (728–733: actions.rs,
//! play.rs, costs.rs), each change re-checking the thresholds here at once.

use crate::cite;
use crate::engine::objects::{Ability, Condition};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;

impl Game {
    /// 824.1.c, 824.1.d: `controller` has `n` or more XP, so a Level `n` ability of a card
    /// they control is active.
    pub(crate) fn level_reached(&self, controller: PlayerId, n: i32) -> bool {
        self.players[controller.0].xp >= n
    }

    /// The N of each Level ability of `obj` (its passives "while you have N or more XP", its
    /// activated abilities usable only then, its `Ability::Level` triggered abilities).
    fn levels(&self, obj: ObjId) -> Vec<i32> {
        self.objects[obj.0]
            .def
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Passive(p) => match p.condition {
                    Condition::ControllerXp(n) => Some(n),
                    _ => None,
                },
                // a Level activated ability (usable only while active) or triggered one
                Ability::Activated {
                    only_while: Condition::ControllerXp(n),
                    ..
                }
                | Ability::Level(n, _) => Some(*n),
                _ => None,
            })
            .collect()
    }

    /// 824.1.c, 824.1.d, 727.1.c.2: `p`'s XP changed from `before`: the Level abilities of the
    /// cards `p` controls on the board whose threshold was crossed become active or inactive
    /// at once (their passives apply, or stop applying, from now on); traced.
    pub(crate) fn recheck_levels(&mut self, p: PlayerId, before: i32) {
        let now = self.players[p.0].xp;
        if now == before {
            return;
        }
        let mine: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.zone.on_board() && !self.rules_text_inactive(o.id))
            .map(|o| o.id)
            .filter(|&o| self.controller(o) == p)
            .collect();
        for o in mine {
            for n in self.levels(o) {
                let (was, is) = (before >= n, now >= n);
                if was == is {
                    continue;
                }
                let t = format!(
                    "{} has {now} XP: {}'s Level {n} ability becomes {}",
                    self.player_name(p),
                    self.obj_name(o),
                    if is { "active" } else { "inactive" }
                );
                let rule = if is {
                    cite!("824.1.c")
                } else {
                    cite!("824.1.d")
                };
                self.event(
                    EventKind::Effect,
                    vec![rule, cite!("727.1.c.2")],
                    t,
                    vec![o.0],
                );
            }
        }
    }

    /// 824.1.c.1: `obj`'s controller changed from `old` to `new`: its Level abilities are
    /// active or inactive by the new controller's XP; traced where that changes.
    pub(crate) fn recheck_levels_on_control(&mut self, obj: ObjId, old: PlayerId, new: PlayerId) {
        if old == new || self.rules_text_inactive(obj) {
            return;
        }
        for n in self.levels(obj) {
            let (was, is) = (self.level_reached(old, n), self.level_reached(new, n));
            if was == is {
                continue;
            }
            let t = format!(
                "{} now controls {} and has {} XP: its Level {n} ability becomes {}",
                self.player_name(new),
                self.obj_name(obj),
                self.players[new.0].xp,
                if is { "active" } else { "inactive" }
            );
            self.event(EventKind::Effect, vec![cite!("824.1.c.1")], t, vec![obj.0]);
        }
    }
}
