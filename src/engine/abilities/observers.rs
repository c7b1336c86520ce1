//! Triggered abilities that watch other objects and their controller (383.1, 383.4): "When
//! a friendly unit dies", "When you play a unit", "When you conquer", "When you hold".
//! Their source is not what the event happened to; in what they do, "it" is the object
//! that made them trigger (the unit that died, the permanent played).

use super::replacement::bind_affected;
use crate::engine::chain::Triggered;
use crate::engine::objects::{CardType, Trigger};
use crate::engine::state::{ChainItem, Game, ObjId, PlayerId, Zone};

impl Game {
    /// The abilities with condition `when` of every permanent on the board and legend that
    /// `player` controls (173.7), and those active in the trash (383.2.c.1) of the cards in
    /// `player`'s trash, other than `exclude`; "it" in what they do is `subject`.
    pub(crate) fn observer_triggers(
        &self,
        when: &Trigger,
        player: PlayerId,
        subject: Option<ObjId>,
        exclude: Option<ObjId>,
    ) -> Vec<Triggered> {
        let watchers: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| o.zone.abilities_function() && Some(o.id) != exclude)
            .map(|o| o.id)
            .filter(|&o| self.controller(o) == player)
            .collect();
        // 383.2.c.1: a card's ability active in its owner's trash watches from there
        let in_trash: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| {
                o.zone == Zone::Trash(player) && Some(o.id) != exclude && o.def.active_in_trash()
            })
            .map(|o| o.id)
            .collect();
        let trash_when = (!in_trash.is_empty()).then(|| Trigger::InTrash(Box::new(when.clone())));
        let found = watchers.into_iter().map(|o| (o, when)).chain(
            in_trash
                .into_iter()
                .filter_map(|o| Some((o, trash_when.as_ref()?))),
        );
        let mut v = Vec::new();
        for (o, when) in found {
            for mut t in self.collect_triggers(o, when, None) {
                t.watching = true;
                if let Some(s) = subject {
                    // the label names what it watched: "Witness (when a friendly unit dies: Page)"
                    if let Some(l) = t.label.strip_suffix(')') {
                        t.label = format!("{l}: {})", self.obj_name(s));
                    }
                    t.effects = t.effects.iter().map(|e| bind_affected(e, s)).collect();
                }
                v.push(t);
            }
        }
        v
    }

    /// 383.2.c.2: a watcher that leaves the board in the same game action as the deaths it
    /// watches cannot evaluate its trigger condition (Viktor and another unit killed in the
    /// same cleanup: Viktor's "when another … unit you control dies" does not trigger). Only
    /// Deathknell looks back at its own death (808.1.d.2). Splits `v` into the triggers
    /// that stand and those whose source is among the dying.
    pub(crate) fn split_dying_watchers(
        v: Vec<Triggered>,
        dying: &[(ObjId, PlayerId)],
    ) -> (Vec<Triggered>, Vec<Triggered>) {
        v.into_iter()
            .partition(|t| !t.source.is_some_and(|s| dying.iter().any(|&(u, _)| u == s)))
    }

    /// 383.1: "When a friendly unit dies" and "When another friendly unit dies" of the
    /// permanents of each dying unit's controller and their teammates (740.1, 484.8.d) —
    /// those dying in the same game action included; the caller sets them aside
    /// (`split_dying_watchers`, 383.2.c.2). `dying` pairs each unit with the controller it had.
    pub(crate) fn friendly_death_triggers(&self, dying: &[(ObjId, PlayerId)]) -> Vec<Triggered> {
        let mut v = Vec::new();
        for &(u, controller) in dying {
            if !self.objects[u.0].is_unit() {
                continue;
            }
            // 740.1, 484.8.d: the unit is friendly to its controller's permanents and to
            // their teammates'
            let watchers = std::iter::once(controller).chain(
                self.players
                    .iter()
                    .map(|p| p.id)
                    .filter(|&p| self.teammates(controller, p)),
            );
            for w in watchers.collect::<Vec<_>>() {
                v.extend(self.observer_triggers(
                    &Trigger::FriendlyUnitDies { other: false },
                    w,
                    Some(u),
                    None,
                ));
                v.extend(self.observer_triggers(
                    &Trigger::FriendlyUnitDies { other: true },
                    w,
                    Some(u),
                    Some(u),
                ));
                // "When another [non-X] unit you control dies": its controller's only
                if w == controller {
                    let tags = self.derived()[u.0].tags.clone();
                    v.extend(self.observer_triggers(
                        &Trigger::UnitYouControlDied { tags },
                        w,
                        Some(u),
                        Some(u),
                    ));
                }
                if self.objects[u.0].buffs > 0 {
                    v.extend(self.observer_triggers(
                        &Trigger::BuffedFriendlyUnitDies,
                        w,
                        Some(u),
                        None,
                    ));
                }
            }
        }
        v
    }

    /// 383.1: "When an enemy unit dies" of the permanents of each player who is an opponent
    /// of a dying unit's controller (its enemies, 740.1); "When an enemy unit here dies" only
    /// of those at the unit's location (it is still on the board, 808.1.d.2). "It" is the unit.
    /// A watcher dying in the same game action is set aside by the caller (383.2.c.2).
    pub(crate) fn enemy_death_triggers(&self, dying: &[(ObjId, PlayerId)]) -> Vec<Triggered> {
        let mut v = Vec::new();
        for &(u, controller) in dying {
            if !self.objects[u.0].is_unit() {
                continue;
            }
            let at = self.objects[u.0].zone;
            let enemies: Vec<PlayerId> = self
                .players
                .iter()
                .map(|p| p.id)
                .filter(|&p| self.opponents(controller, p))
                .collect();
            for w in enemies {
                v.extend(self.observer_triggers(
                    &Trigger::EnemyUnitDies { here: false },
                    w,
                    Some(u),
                    Some(u),
                ));
                v.extend(
                    self.observer_triggers(
                        &Trigger::EnemyUnitDies { here: true },
                        w,
                        Some(u),
                        Some(u),
                    )
                    .into_iter()
                    .filter(|t| t.source.is_some_and(|s| self.objects[s.0].zone == at)),
                );
            }
        }
        v
    }

    /// 383.1, 464: "When an opponent scores" of the permanents of `scorer`'s opponents.
    pub(crate) fn opponent_scores_triggers(&self, scorer: PlayerId) -> Vec<Triggered> {
        let opponents: Vec<PlayerId> = self
            .players
            .iter()
            .map(|p| p.id)
            .filter(|&p| self.opponents(scorer, p))
            .collect();
        opponents
            .into_iter()
            .flat_map(|p| self.observer_triggers(&Trigger::OpponentScores, p, None, None))
            .collect()
    }

    /// 383.1, 415.1: what readying `readied` (each went from exhausted to ready) triggers when
    /// `player` readies them: each one's "When I become ready", and "When you ready a
    /// friendly unit" of `player`'s permanents for each friendly unit (740.1), "it" being it.
    pub(crate) fn ready_triggers(&self, readied: &[ObjId], player: PlayerId) -> Vec<Triggered> {
        let mut v = Vec::new();
        for &u in readied {
            v.extend(self.collect_triggers(u, &Trigger::BecomesReady, None));
            // "When you ready me"
            if self.controller(u) == player {
                v.extend(self.collect_triggers(u, &Trigger::YouReadyMe, None));
            }
            if self.objects[u.0].is_unit() && self.friendly(player, self.controller(u)) {
                v.extend(self.observer_triggers(
                    &Trigger::YouReadyFriendlyUnit,
                    player,
                    Some(u),
                    None,
                ));
            }
        }
        v
    }

    /// 383.4.a.4: "When you play a unit / a gear" of `player`'s other permanents, as `card`
    /// (a unit or a gear) enters the board played; "it" is `card`.
    pub(crate) fn play_observers(&self, card: ObjId, player: PlayerId) -> Vec<Triggered> {
        let o = &self.objects[card.0];
        let kind = if o.is_unit() {
            CardType::Unit
        } else if o.is_gear() {
            CardType::Gear
        } else {
            return Vec::new();
        };
        let mut v = self.observer_triggers(&Trigger::YouPlay(kind), player, Some(card), Some(card));
        if kind == CardType::Unit {
            // "When you play a [Mighty] unit" (707: Might 5 or more as it enters)
            if self.derived()[card.0].might >= 5 {
                v.extend(self.observer_triggers(
                    &Trigger::YouPlayMightyUnit,
                    player,
                    Some(card),
                    Some(card),
                ));
            }
        }
        // "When you play another Dragon": each of its tags (a unit's or a gear's)
        for t in self.derived()[card.0].tags.clone() {
            v.extend(self.observer_triggers(
                &Trigger::YouPlayTag(t),
                player,
                Some(card),
                Some(card),
            ));
        }
        // "When you play a token unit" (182.1.a: tokens are played)
        if kind == CardType::Unit && o.is_token() {
            v.extend(self.observer_triggers(
                &Trigger::YouPlayTokenUnit,
                player,
                Some(card),
                Some(card),
            ));
        }
        v
    }

    /// 383.4.b: what the finalized chain item `item` triggers by what it targets (383.4.b.3:
    /// "choose" in a trigger condition means targeted, 355.7): "When you choose me" (and
    /// "… with a spell", for a spell) of each object its controller targets that they
    /// control, and "When you choose a friendly unit" of their permanents for each friendly
    /// unit it targets (740.1), "it" being that unit. An object targeted by several of its
    /// instructions is chosen once; "it" bound to an earlier choice is not a new one.
    pub(crate) fn choose_triggers(&self, item: &ChainItem) -> Vec<Triggered> {
        let player = item.controller;
        let spell = item
            .card
            .is_some_and(|c| self.objects[c.0].def.card_type == CardType::Spell);
        let mut chosen: Vec<ObjId> = Vec::new();
        let mut effects = item.effects.clone();
        for e in effects.iter_mut() {
            // 355.14.d: each member of a group contributes to "chosen" triggers individually
            for t in crate::engine::choices::targets_mut(e) {
                for object in t.chosen_now() {
                    if !chosen.contains(&object) {
                        chosen.push(object);
                    }
                }
            }
        }
        let mut v = Vec::new();
        for u in chosen {
            if !self.objects[u.0].zone.on_board() {
                continue;
            }
            if self.controller(u) == player {
                v.extend(self.collect_triggers(
                    u,
                    &Trigger::YouChooseMe { with_spell: false },
                    None,
                ));
                if spell {
                    v.extend(self.collect_triggers(
                        u,
                        &Trigger::YouChooseMe { with_spell: true },
                        None,
                    ));
                }
            }
            if self.objects[u.0].is_unit() && self.friendly(player, self.controller(u)) {
                v.extend(self.observer_triggers(
                    &Trigger::YouChooseFriendlyUnit,
                    player,
                    Some(u),
                    None,
                ));
            }
        }
        v
    }

    /// 419.4.a: what `card` triggers as `player` completes playing it — a permanent as it
    /// enters the board, a spell as it resolves: "When you play a card" (tokens are not
    /// cards, 182: nothing), "… from [Hidden]" when `from_hidden` (811.1.c.3), "… with Power
    /// cost [N] or more", and "When you play your [Nth] card in a turn" (383.1: the player's
    /// cards counted this turn). The card's own abilities are not among the watchers
    /// (383.4.a.4, as "When you play a unit"); "it" is the card.
    pub(crate) fn card_play_triggers(
        &mut self,
        card: ObjId,
        player: PlayerId,
        from_hidden: bool,
    ) -> Vec<Triggered> {
        let o = &self.objects[card.0];
        if o.is_token() {
            return Vec::new();
        }
        let power = o.def.power_cost.as_ref().map_or(0, |p| p.total());
        let n = self.players[player.0]
            .cards_played_this_turn
            .saturating_add(1);
        self.players[player.0].cards_played_this_turn = n;
        let mut v = self.observer_triggers(
            &Trigger::YouPlayCard { from_hidden, power },
            player,
            Some(card),
            Some(card),
        );
        v.extend(self.observer_triggers(
            &Trigger::YouPlayNthCard(n),
            player,
            Some(card),
            Some(card),
        ));
        v
    }

    /// 383.4.e, 383.4.f: "When a friendly unit attacks / defends" — and "… alone", when `u`
    /// is alone (741.1) as it gains the designation (383.4.e.2.b) — of the permanents of
    /// `u`'s controller and their teammates (740.1), as `u` gains the Attacker designation
    /// (`attacker`) or the Defender designation for the first time in a combat. "It" is `u`.
    pub(crate) fn designation_observers(&self, u: ObjId, attacker: bool) -> Vec<Triggered> {
        use crate::engine::objects::Condition;
        let controller = self.controller(u);
        let alone = self
            .side_condition(
                &Condition::AttackingOrDefendingAlone,
                Some(u),
                controller,
                |x| self.controller(x),
            )
            .unwrap_or(false);
        let watchers: Vec<PlayerId> = std::iter::once(controller)
            .chain(
                self.players
                    .iter()
                    .map(|p| p.id)
                    .filter(|&p| self.teammates(controller, p)),
            )
            .collect();
        let mut v = Vec::new();
        for w in watchers {
            for a in [false, true].into_iter().filter(|&a| !a || alone) {
                let when = if attacker {
                    Trigger::FriendlyUnitAttacks { alone: a }
                } else {
                    Trigger::FriendlyUnitDefends { alone: a }
                };
                v.extend(self.observer_triggers(&when, w, Some(u), None));
            }
        }
        v
    }
}
