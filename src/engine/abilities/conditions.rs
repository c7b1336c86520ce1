//! Conditions that depend on the controller's side of the board rather than on the object
//! itself: "if you control 4 or fewer runes", "if you control another Mech", "if you paid
//! the additional cost". A triggered ability's conditional statement must be true for it to
//! be placed on the chain (383.3.e); a passive's condition is checked by the layer system.

use crate::engine::objects::{CardType, Condition};
use crate::engine::{Game, ObjId, PlayerId};

impl Game {
    /// Whether `c` holds for `obj` controlled by `ctl`, when `c` is one of the conditions
    /// about the controller's side of the board; `None` for the conditions about the object's
    /// own characteristics (the layer system's). `controller_of` gives the current
    /// controller of any object (the layer system passes the one it is deriving).
    pub(crate) fn side_condition(
        &self,
        c: &Condition,
        obj: Option<ObjId>,
        ctl: PlayerId,
        controller_of: impl Fn(ObjId) -> PlayerId,
    ) -> Option<bool> {
        let runes = || i32::try_from(self.runes_of(ctl).len()).unwrap_or(i32::MAX);
        Some(match c {
            Condition::AdditionalCostPaid => obj.is_some_and(|o| self.objects[o.0].additional_paid),
            Condition::RunesAtMost(n) => runes() <= *n,
            Condition::RunesAtLeast(n) => runes() >= *n,
            Condition::Controls {
                count,
                kind,
                tag,
                other,
            } => {
                let n = self
                    .objects
                    .iter()
                    .filter(|o| o.zone.on_board() && !(*other && Some(o.id) == obj))
                    .filter(|o| controller_of(o.id) == ctl)
                    .filter(|o| match kind {
                        Some(CardType::Unit) => o.is_unit(),
                        Some(CardType::Gear) => o.is_gear(),
                        Some(t) => o.def.card_type == *t,
                        None => true,
                    })
                    .filter(|o| {
                        tag.as_ref()
                            .is_none_or(|t| o.def.tags.iter().any(|x| x.eq_ignore_ascii_case(t)))
                    })
                    .count();
                i32::try_from(n).unwrap_or(i32::MAX) >= *count
            }
            _ => return None,
        })
    }

    /// Whether an ability's condition holds now, for its source `obj` (or, for a
    /// battlefield's ability, none) controlled by `ctl`: a triggered ability's conditional
    /// statement (383.3.e), "I enter ready if …" as the unit enters.
    pub(crate) fn ability_condition_holds(
        &self,
        c: &Condition,
        obj: Option<ObjId>,
        ctl: PlayerId,
    ) -> bool {
        if *c == Condition::Always {
            return true;
        }
        match (
            self.side_condition(c, obj, ctl, |x| self.controller(x)),
            obj,
        ) {
            (Some(b), _) => b,
            (None, Some(o)) => self.derived_condition(c, o),
            // a battlefield's own ability has no characteristics of its own to check
            (None, None) => false,
        }
    }
}

impl Condition {
    /// The condition in card words, for the trace ("you control 4 or fewer runes").
    pub fn describe(&self) -> String {
        match self {
            Condition::Always => "always".into(),
            Condition::Mighty => "I'm Mighty".into(),
            Condition::Attacking => "I'm attacking".into(),
            Condition::Defending => "I'm defending".into(),
            Condition::HasKeyword(k) => format!("I have {k:?}"),
            Condition::HasTag(t) => format!("I'm a {t}"),
            Condition::ControllerXp(n) => format!("you have {n} or more XP"),
            Condition::Buffed => "I'm buffed".into(),
            Condition::AtBattlefield => "I'm at a battlefield".into(),
            Condition::Token => "I'm a token".into(),
            Condition::Legion => "you've played another card this turn".into(),
            Condition::TargetsFriendly => "it chooses a friendly unit".into(),
            Condition::TargetsEnemy => "it chooses an enemy unit".into(),
            Condition::AdditionalCostPaid => "you paid the additional cost".into(),
            Condition::RunesAtMost(n) => format!("you control {n} or fewer runes"),
            Condition::RunesAtLeast(n) => format!("you control {n} or more runes"),
            Condition::Controls {
                count,
                kind,
                tag,
                other,
            } => {
                let what = match (tag, kind) {
                    (Some(t), _) => t.clone(),
                    (None, Some(CardType::Gear)) => "gear".into(),
                    (None, Some(CardType::Unit)) => "unit".into(),
                    (None, _) => "permanent".into(),
                };
                match (count, other) {
                    (1, true) => format!("you control another {what}"),
                    (1, false) => format!("you control a {what}"),
                    (n, true) => format!("you control {n} or more other {what}"),
                    (n, false) => format!("you control {n} or more {what}"),
                }
            }
        }
    }
}

impl Game {
    /// "For each [X]" seen from `player`'s side; `me` is the card that counts (its name for
    /// "cards with my name", its location for "here"). Counting the Mighty checks Might
    /// (707), derived once.
    pub(crate) fn count(&self, c: &crate::engine::Count, player: PlayerId, me: ObjId) -> i32 {
        let mighty = matches!(c, crate::engine::Count::Controlled { mighty: true, .. });
        let chars = mighty.then(|| self.derived());
        self.count_with(
            c,
            player,
            me,
            |o| self.controller(o),
            |o| chars.as_ref().map_or(0, |ch| ch[o.0].might),
        )
    }

    /// [`Game::count`] with the controllers and Mights given (the layer system counts with
    /// the characteristics it is deriving, 472.3).
    pub(crate) fn count_with(
        &self,
        c: &crate::engine::Count,
        player: PlayerId,
        me: ObjId,
        controller: impl Fn(ObjId) -> PlayerId,
        might: impl Fn(ObjId) -> i32,
    ) -> i32 {
        use crate::engine::{Count, Zone};
        let n = match c {
            Count::Controlled {
                kind,
                tag,
                mighty,
                filter: f,
            } => {
                let here = self.objects[me.0].zone;
                let my_name = &self.objects[me.0].def.name;
                self.objects
                    .iter()
                    .filter(|o| o.zone.on_board() && controller(o.id) == player)
                    .filter(|o| match kind {
                        Some(CardType::Unit) => o.is_unit(),
                        Some(CardType::Gear) => o.is_gear(),
                        _ => o.is_unit() || o.is_gear(),
                    })
                    .filter(|o| {
                        tag.as_ref()
                            .is_none_or(|t| o.def.tags.iter().any(|x| x.eq_ignore_ascii_case(t)))
                    })
                    .filter(|o| !*mighty || might(o.id) >= 5)
                    .filter(|o| !f.other || o.id != me)
                    .filter(|o| !f.token || o.token)
                    .filter(|o| !f.exhausted || o.exhausted)
                    .filter(|o| !f.buffed || o.buffs > 0)
                    .filter(|o| !f.here || o.zone == here)
                    .filter(|o| !f.same_name || &o.def.name == my_name)
                    .count()
            }
            Count::InTrash { same_name } => self
                .objects
                .iter()
                .filter(|o| o.zone == Zone::Trash(player))
                .filter(|o| !same_name || o.def.name == self.objects[me.0].def.name)
                .count(),
            Count::PlayedThisTurn => {
                let p = &self.players[player.0];
                p.played_this_turn.len() + p.played_before_setup as usize
            }
            Count::Points => usize::try_from(self.players[player.0].points).unwrap_or(0),
        };
        i32::try_from(n).unwrap_or(i32::MAX)
    }
}
