//! Conditions that depend on the controller's side of the board rather than on the object
//! itself: "if you control 4 or fewer runes", "if you control another Mech", "if you paid
//! the additional cost". A triggered ability's conditional statement must be true for it to
//! be placed on the chain (383.3.e); a passive's condition is checked by the layer system.

use crate::cite;
use crate::engine::objects::{CardType, Condition, Designation};
use crate::engine::{Game, ObjId, PlayerId, Zone};

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
            // 741.1: "alone" — no other friendly unit (740.1) at the same location
            Condition::DefendingAlone | Condition::AttackingOrDefendingAlone => {
                let Some(o) = obj else { return Some(false) };
                let unit = &self.objects[o.0];
                let role = match c {
                    Condition::DefendingAlone => unit.designation == Some(Designation::Defender),
                    _ => unit.designation.is_some(),
                };
                role && unit.is_unit()
                    && !self.objects.iter().any(|x| {
                        x.id != o
                            && x.is_unit()
                            && x.zone == unit.zone
                            && self.friendly(controller_of(x.id), ctl)
                    })
            }
            // 824.1.b.1: "while you have N or more XP" is about the controller, whatever the
            // instruction affects (a Level self-replacement giving an enemy unit Might)
            Condition::ControllerXp(n) => self.level_reached(ctl, *n),
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
            Condition::UnitDiedThisTurn { enemy } => self
                .players
                .iter()
                .filter(|p| !*enemy || self.opponents(ctl, p.id))
                .any(|p| p.units_died_this_turn > 0),
            Condition::HandAtMost(n) => {
                let hand = self.objects_in(Zone::Hand(ctl)).len();
                i32::try_from(hand).unwrap_or(i32::MAX) <= *n
            }
            Condition::UnitsInBase { count, other } => {
                let n = self
                    .objects
                    .iter()
                    .filter(|o| o.zone == Zone::Base(ctl) && o.is_unit())
                    .filter(|o| controller_of(o.id) == ctl && !(*other && Some(o.id) == obj))
                    .count();
                i32::try_from(n).unwrap_or(i32::MAX) >= *count
            }
            Condition::SameNameInTrash => {
                let Some(o) = obj else { return Some(false) };
                let name = self.objects[o.0].def.card_name();
                self.objects
                    .iter()
                    .any(|x| x.zone == Zone::Trash(ctl) && x.id != o && x.def.card_name() == name)
            }
            // 467: the Victory Score of the mode (484.6: a team's points in team modes)
            Condition::OpponentWithin(n) => {
                let vs = self.victory_score();
                self.players
                    .iter()
                    .filter(|p| self.opponents(ctl, p.id) && !p.lost)
                    .any(|p| self.team_points(p.id) >= vs.saturating_sub(*n))
            }
            Condition::ExactlyOtherUnitsHere { count, battlefield } => {
                let Some(o) = obj else { return Some(false) };
                let here = self.objects[o.0].zone;
                if *battlefield && !matches!(here, Zone::Battlefield(_)) || !here.on_board() {
                    return Some(false);
                }
                let n = self
                    .objects
                    .iter()
                    .filter(|x| x.id != o && x.zone == here && x.is_unit())
                    .filter(|x| controller_of(x.id) == ctl)
                    .count();
                i32::try_from(n).unwrap_or(i32::MAX) == *count
            }
            // 741.1: no other friendly unit (740.1) at the same location
            Condition::Alone { negated } => {
                let Some(o) = obj else { return Some(false) };
                let unit = &self.objects[o.0];
                if !unit.zone.on_board() || !unit.is_unit() {
                    return Some(false);
                }
                let alone = !self.objects.iter().any(|x| {
                    x.id != o
                        && x.is_unit()
                        && x.zone == unit.zone
                        && self.friendly(controller_of(x.id), ctl)
                });
                alone != *negated
            }
            Condition::YourPhase(p) => self.turn.player == ctl && self.turn.phase == *p,
            Condition::OpponentsTurn => self.opponents(ctl, self.turn.player),
            // 478.7: the turns the turn player has begun, this one included
            Condition::FirstTurns { turns, yours } => {
                let tp = self.turn.player;
                (!*yours || tp == ctl) && self.players[tp.0].turns_begun <= *turns
            }
            // 308.1: the turn state is a showdown
            Condition::InShowdown => self.showdown.is_some(),
            // 308.1, 455: a combat is in progress
            Condition::DuringCombat => self.combat.is_some(),
            // 741.1: an enemy unit with no other unit friendly to it at the same location
            // 741.2: it and the enemy unit at its location both alone: no other unit friendly
            // to either, so the two are the only units there
            Condition::OneOnOne => {
                let Some(o) = obj else { return Some(false) };
                let here = self.objects[o.0].zone;
                let others: Vec<ObjId> = self
                    .objects
                    .iter()
                    .filter(|x| here.on_board() && x.zone == here && x.is_unit() && x.id != o)
                    .map(|x| x.id)
                    .collect();
                self.objects[o.0].is_unit()
                    && matches!(others[..], [e] if self.opponents(ctl, controller_of(e)))
            }
            Condition::EnemyAloneHere => {
                let Some(o) = obj else { return Some(false) };
                let here = self.objects[o.0].zone;
                let units: Vec<ObjId> = self
                    .objects
                    .iter()
                    .filter(|x| here.on_board() && x.zone == here && x.is_unit())
                    .map(|x| x.id)
                    .collect();
                units.iter().any(|&e| {
                    let theirs = controller_of(e);
                    self.opponents(ctl, theirs)
                        && !units
                            .iter()
                            .any(|&x| x != e && self.friendly(controller_of(x), theirs))
                })
            }
            Condition::OtherUnitsHere(count) => {
                let Some(o) = obj else { return Some(false) };
                let here = self.objects[o.0].zone;
                if !here.on_board() {
                    return Some(false);
                }
                let n = self
                    .objects
                    .iter()
                    .filter(|x| x.id != o && x.zone == here && x.is_unit())
                    .filter(|x| controller_of(x.id) == ctl)
                    .count();
                i32::try_from(n).unwrap_or(i32::MAX) >= *count
            }
            Condition::DiscardedThisTurn => self.players[ctl.0].discarded_this_turn > 0,
            Condition::GainedXpThisTurn => self.players[ctl.0].xp_gained_this_turn > 0,
            Condition::SpentPowerThisTurn(n) => self.players[ctl.0].power_spent_this_turn >= *n,
            Condition::SpentOnASpellThisTurn(n) => {
                self.players[ctl.0].most_energy_for_a_spell_this_turn >= *n
            }
            Condition::StunnedEnemyHere | Condition::ReadyEnemyHere => {
                let Some(o) = obj else { return Some(false) };
                let here = self.objects[o.0].zone;
                let stunned = matches!(c, Condition::StunnedEnemyHere);
                here.on_board()
                    && self.objects.iter().any(|x| {
                        x.zone == here
                            && x.is_unit()
                            && if stunned { x.stunned } else { !x.exhausted }
                            && self.opponents(ctl, controller_of(x.id))
                    })
            }
            // 187.1: a battlefield is controlled by the player who established control of it
            Condition::OpponentControlsBattlefield => self
                .battlefields
                .iter()
                .any(|b| b.controller.is_some_and(|p| self.opponents(ctl, p))),
            Condition::OpponentControlsStunned => self.objects.iter().any(|x| {
                x.zone.on_board()
                    && x.is_unit()
                    && x.stunned
                    && self.opponents(ctl, controller_of(x.id))
            }),
            // 454.2: the attackers are the units of the attacking side at the battlefield
            Condition::AttackingWithAnother => {
                let Some(o) = obj else { return Some(false) };
                let me = &self.objects[o.0];
                me.designation == Some(Designation::Attacker)
                    && self.objects.iter().any(|x| {
                        x.id != o
                            && x.zone == me.zone
                            && x.is_unit()
                            && x.designation == Some(Designation::Attacker)
                    })
            }
            Condition::NotFromHand => obj.is_some_and(|o| {
                let z = self.objects[o.0].zone;
                !z.on_board() && z != Zone::Hand(ctl)
            }),
            // 741.3: at the battlefield of the combat, with a combat designation
            Condition::FriendlyDiedYourBeginningPhase => {
                self.turn.player == ctl
                    && self
                        .players
                        .iter()
                        .any(|p| self.friendly(ctl, p.id) && p.units_died_beginning_phase > 0)
            }
            Condition::FewerRunesThanOpponent => {
                let mine = runes();
                self.players.iter().any(|p| {
                    self.opponents(ctl, p.id)
                        && i32::try_from(self.runes_of(p.id).len()).unwrap_or(i32::MAX) > mine
                })
            }
            // 107.3.c: a card in a Facedown Zone
            Condition::ControlsFacedown => self
                .objects
                .iter()
                .any(|x| matches!(x.zone, Zone::Facedown(_)) && controller_of(x.id) == ctl),
            Condition::InCombat => obj.is_some_and(|o| {
                let u = &self.objects[o.0];
                u.designation.is_some()
                    && self
                        .combat
                        .as_ref()
                        .is_some_and(|c| u.zone == Zone::Battlefield(c.battlefield))
            }),
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
    /// The dependent keyword's rule when this is the condition of a dependent ability
    /// (727.1.c.2): a Legion ability is active once its controller has played another card
    /// this turn (812.1.c), a Level ability while they have the XP (824.1.c). A trace line
    /// about something the dependent ability does cites it beside its own rule.
    pub(crate) fn dependent_rule(&self) -> Option<crate::engine::trace::Cite> {
        match self {
            Condition::Legion => Some(cite!("812.1.c")),
            Condition::ControllerXp(_) => Some(cite!("824.1.c")),
            _ => None,
        }
    }

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
            Condition::Stunned => "it is stunned".into(),
            Condition::MightAtMost(n) => format!("it has {n} Might or less"),
            Condition::OnlyOneOfItsControllersThere => {
                "it is the only unit its controller controls there".into()
            }
            Condition::AtBattlefield => "I'm at a battlefield".into(),
            Condition::Token => "I'm a token".into(),
            Condition::Legion => "you've played another card this turn".into(),
            Condition::TargetsFriendly => "it chooses a friendly unit".into(),
            Condition::TargetsEnemy => "it chooses an enemy unit".into(),
            Condition::AdditionalCostPaid => "you paid the additional cost".into(),
            Condition::DefendingAlone => "it's defending alone".into(),
            Condition::AttackingOrDefendingAlone => "it's attacking or defending alone".into(),
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
            Condition::UnitDiedThisTurn { enemy: false } => "a unit died this turn".into(),
            Condition::UnitDiedThisTurn { enemy: true } => {
                "an enemy unit has died this turn".into()
            }
            Condition::HandAtMost(n) => format!("you have {n} or fewer cards in your hand"),
            Condition::UnitsInBase { count, other } => format!(
                "you have {count} or more {}units in your base",
                if *other { "other " } else { "" }
            ),
            Condition::SameNameInTrash => "you have a card with my name in your trash".into(),
            Condition::OpponentWithin(n) => {
                format!("an opponent's score is within {n} points of the Victory Score")
            }
            Condition::Alone { negated: false } => "I'm alone".into(),
            Condition::Alone { negated: true } => "I'm not alone".into(),
            Condition::YourPhase(p) => format!("it's your {p:?} Phase"),
            Condition::OpponentsTurn => "it's an opponent's turn".into(),
            Condition::InShowdown => "a showdown is in progress".into(),
            Condition::DuringCombat => "a combat is in progress".into(),
            Condition::EnemyAloneHere => "an enemy unit is alone here".into(),
            Condition::OneOnOne => "I'm one on one".into(),
            Condition::OtherUnitsHere(1) => "you have another unit here".into(),
            Condition::OtherUnitsHere(n) => format!("you have {n} or more other units here"),
            Condition::DiscardedThisTurn => "you've discarded a card this turn".into(),
            Condition::GainedXpThisTurn => "you've gained XP this turn".into(),
            Condition::StunnedEnemyHere => "there's a stunned enemy unit here".into(),
            Condition::ReadyEnemyHere => "there's a ready enemy unit here".into(),
            Condition::OpponentControlsStunned => "an opponent controls a stunned unit".into(),
            Condition::OpponentControlsBattlefield => "an opponent controls a battlefield".into(),
            Condition::AttackingWithAnother => "I'm attacking with another unit".into(),
            Condition::NotFromHand => "I'm played from anywhere other than your hand".into(),
            Condition::InCombat => "I'm in combat".into(),
            Condition::SpentPowerThisTurn(n) => {
                format!("you've spent at least {n} power this turn")
            }
            Condition::SpentOnASpellThisTurn(n) => {
                format!("you've spent {n} or more energy to play a spell this turn")
            }
            Condition::All(v) => v
                .iter()
                .map(Condition::describe)
                .collect::<Vec<_>>()
                .join(" and "),
            Condition::Not(x) => match x.as_ref() {
                Condition::HasKeyword(k) => format!("I don't have {k:?}"),
                x => format!("not ({})", x.describe()),
            },
            Condition::FewerRunesThanOpponent => "you control fewer runes than an opponent".into(),
            Condition::FirstTurns { turns, yours } => format!(
                "it is {} first {}",
                if *yours { "your" } else { "the turn player's" },
                match turns {
                    1 => "turn".to_string(),
                    n => format!("{n} turns"),
                }
            ),
            Condition::ControlsFacedown => "you control a facedown card at a battlefield".into(),
            Condition::OtherUnitsMightAtLeast(n) => {
                format!("your other units have total Might {n} or more")
            }
            Condition::LessMightThanMe => "it has less Might than me".into(),
            Condition::FriendlyDiedYourBeginningPhase => {
                "a friendly unit died during your Beginning Phase this turn".into()
            }
            Condition::ExactlyOtherUnitsHere { count, battlefield } => format!(
                "{}exactly {count} other unit(s) you control {}",
                if *battlefield {
                    "I'm at a battlefield with "
                } else {
                    "there is "
                },
                if *battlefield { "there" } else { "here" }
            ),
        }
    }
}

impl Game {
    /// "For each [X]" seen from `player`'s side; `me` is the card that counts (its name for
    /// "cards with my name", its location for "here"). Counting the Mighty checks Might
    /// (707), derived once.
    pub(crate) fn count(&self, c: &crate::engine::Count, player: PlayerId, me: ObjId) -> i32 {
        let derive = matches!(
            c,
            crate::engine::Count::Controlled { mighty: true, .. }
                | crate::engine::Count::HighestMight
        ) || matches!(
            c,
            crate::engine::Count::Controlled {
                keyword: Some(_),
                ..
            }
        );
        let chars = derive.then(|| self.derived());
        self.count_with(
            c,
            player,
            me,
            |o| self.controller(o),
            |o| chars.as_ref().map_or(0, |ch| ch[o.0].might),
            |o, k| {
                chars
                    .as_ref()
                    .is_some_and(|ch| ch[o.0].keywords.iter().any(|x| x.is_kind(k)))
            },
        )
    }

    /// 187.1, 484.8.d: how many battlefields `player` or a teammate controls, other than the
    /// one in `except`.
    pub(crate) fn battlefields_controlled(&self, player: PlayerId, except: Option<Zone>) -> i32 {
        let n = self
            .battlefields
            .iter()
            .filter(|b| b.controller.is_some_and(|c| self.friendly(player, c)))
            .filter(|b| except != Some(Zone::Battlefield(b.id)))
            .count();
        i32::try_from(n).unwrap_or(i32::MAX)
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
        has_keyword: impl Fn(ObjId, &crate::engine::objects::KeywordKind) -> bool,
    ) -> i32 {
        use crate::engine::{Count, Zone};
        let n = match c {
            Count::Controlled {
                kind,
                tag,
                mighty,
                filter: f,
                keyword,
            } => {
                let here = self.objects[me.0].zone;
                let my_name = self.objects[me.0].def.card_name();
                // 740.2: "enemy" is controlled by an opponent of the counting player
                let side = |o: ObjId| {
                    if f.enemy {
                        self.opponents(player, controller(o))
                    } else {
                        controller(o) == player
                    }
                };
                self.objects
                    .iter()
                    .filter(|o| o.zone.on_board() && side(o.id))
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
                    .filter(|o| !f.same_name || o.def.card_name() == my_name)
                    .filter(|o| keyword.as_ref().is_none_or(|k| has_keyword(o.id, k)))
                    .count()
            }
            Count::InTrash { same_name } => self
                .objects
                .iter()
                .filter(|o| o.zone == Zone::Trash(player))
                .filter(|o| !same_name || o.def.card_name() == self.objects[me.0].def.card_name())
                .count(),
            Count::PlayedThisTurn => {
                let p = &self.players[player.0];
                p.played_this_turn.len() + p.played_before_setup as usize
            }
            Count::Points => usize::try_from(self.players[player.0].points).unwrap_or(0),
            // 707: Might, as derived; a unit with negative Might counts as none
            Count::HighestMight => {
                return self
                    .objects
                    .iter()
                    .filter(|o| o.zone.on_board() && o.is_unit() && controller(o.id) == player)
                    .map(|o| might(o.id))
                    .max()
                    .unwrap_or(0)
                    .max(0);
            }
            Count::EnemyUnitsAt(p) => {
                let z = self.place_zone(p, player);
                self.objects
                    .iter()
                    .filter(|o| o.is_unit() && z.is_some_and(|z| o.zone == z))
                    .filter(|o| self.opponents(player, controller(o.id)))
                    .count()
            }
            Count::Battlefields { other } => {
                let here = self.objects[me.0].zone;
                return self.battlefields_controlled(player, other.then_some(here));
            }
        };
        i32::try_from(n).unwrap_or(i32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::tests::{duel, unit};
    use crate::engine::{Ability, Action, CardDef, Condition, Zone};

    /// "I enter ready if you have a card with my name in your trash" (364.2): the same name,
    /// not the same object; another player's trash does not count.
    #[test]
    fn a_card_with_my_name_in_your_trash() {
        let (mut g, a, b) = duel();
        let twin = || {
            let mut d = CardDef::unit("Twin", 2)
                .with_ability(Ability::EntersReady(Condition::SameNameInTrash));
            d.energy_cost = Some(0);
            d
        };
        let first = unit(&mut g, twin(), a, Zone::Hand(a));
        let second = unit(&mut g, twin(), a, Zone::Hand(a));
        unit(&mut g, twin(), b, Zone::Trash(b));
        g.start().expect("start");
        let play = |card| Action::Play {
            payment: None,
            player: a,
            card,
            to: None,
        };
        g.apply(play(first)).expect("play");
        assert!(g.object(first).exhausted, "only B's trash has a Twin");
        unit(&mut g, twin(), a, Zone::Trash(a));
        g.apply(play(second)).expect("play");
        let tr = g.trace.render_plain();
        assert!(!g.object(second).exhausted, "{tr}");
        assert!(
            tr.contains("ready (its ability: \"I enter ready\")"),
            "{tr}"
        );
    }
}
