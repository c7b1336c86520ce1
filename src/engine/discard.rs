//! Discard (422): moving cards from a player's hand directly into their trash, the player
//! choosing which (422.1.a); an instruction to discard more cards than the hand holds
//! discards what there is and the rest is ignored (422.4). And the way back: a permanent
//! returned from the board to its owner's hand.

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::{Decision, DecisionKind};
use crate::engine::objects::Trigger;
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::trace::EventKind;

impl Game {
    /// 422.1, 422.4: `player` discards `amount` cards of their choice (422.1.a) — all of a
    /// hand no larger than what remains to discard, without a choice.
    pub(crate) fn discard(&mut self, player: PlayerId, amount: i32) -> R<()> {
        self.discard_except(player, amount, None)
    }

    /// `discard`, or with `for_cost_of`, discards that pay the additional cost of that card
    /// being played (357.2) — the card itself, still in hand, is not among the choices.
    pub(crate) fn discard_except(
        &mut self,
        player: PlayerId,
        amount: i32,
        for_cost_of: Option<ObjId>,
    ) -> R<()> {
        let except = for_cost_of;
        let mut discarded = Vec::new();
        for k in 0..amount.max(0) {
            let mut hand = self.objects_in(Zone::Hand(player));
            hand.retain(|c| Some(*c) != except);
            let left = (amount - k) as usize;
            let Some(&first) = hand.first() else {
                let t = format!(
                    "{} has no card left to discard: the rest of the instruction ({left}) is ignored",
                    self.player_name(player)
                );
                self.event(EventKind::Zone, vec![cite!("422.4")], t, vec![]);
                break;
            };
            let card = if hand.len() <= left {
                first
            } else {
                let d = Decision {
                    kind: DecisionKind::Discard,
                    player,
                    prompt: format!(
                        "{} chooses a card to discard ({left} to go)",
                        self.player_name(player)
                    ),
                    options: self.object_options(&hand),
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("422.1.a")],
                };
                hand[self.decide(d)?]
            };
            self.objects[card.0].zone = Zone::Trash(player);
            let p = &mut self.players[player.0];
            p.discarded_this_turn = p.discarded_this_turn.saturating_add(1);
            let (t, rules) = match for_cost_of {
                Some(c) => (
                    format!(
                        "{} discards {} to pay the additional cost of {}",
                        self.player_name(player),
                        self.obj_name(card),
                        self.obj_name(c)
                    ),
                    vec![cite!("357.2"), cite!("422.1")],
                ),
                None => (
                    format!(
                        "{} discards {}",
                        self.player_name(player),
                        self.obj_name(card)
                    ),
                    vec![cite!("422.1")],
                ),
            };
            self.event(EventKind::Zone, rules, t, vec![card.0]);
            self.make_outstanding(cite!("319.7"));
            discarded.push(card);
        }
        // 383.1: "When you discard one or more cards" once; "When you discard me" of each card
        // discarded, from the trash it went to (383.2.c.1)
        if discarded.is_empty() {
            return Ok(());
        }
        let mut batch = self.observer_triggers(&Trigger::YouDiscard, player, None, None);
        for c in discarded {
            batch.extend(self.collect_triggers(c, &Trigger::YouDiscardMe, None));
        }
        self.place_triggers(batch, vec![cite!("422.1")], false)
    }
}

impl Game {
    /// "Return [a permanent] to its owner's hand": it leaves the board for its owner's hand
    /// (108.7.a) — a new object there, its damage, buffs (705) and designation gone, the
    /// effects on it ended; a token ceases to exist (183.1).
    pub(crate) fn return_to_hand(&mut self, u: crate::engine::state::ObjId) {
        // a card chosen in a trash (355.10.a): to its owner's hand, a new object there
        if let Zone::Trash(_) = self.objects[u.0].zone {
            let owner = self.objects[u.0].owner;
            self.objects[u.0].zone = Zone::Hand(owner);
            let ts = self.tick();
            self.objects[u.0].timestamp = ts;
            let t = format!(
                "{} is returned from {}'s trash to {}'s hand",
                self.obj_name(u),
                self.player_name(owner),
                self.player_name(owner)
            );
            self.event(
                EventKind::Zone,
                vec![cite!("355.10.a"), cite!("108.7.a")],
                t,
                vec![u.0],
            );
            self.make_outstanding(cite!("319.7"));
            return;
        }
        if !self.objects[u.0].zone.on_board() {
            return;
        }
        let owner = self.objects[u.0].owner;
        let (from, is_token, had_buffs) = self.leave_board(u, Zone::Hand(owner));
        let mut rules = vec![cite!("108.7.a")];
        let mut t = format!(
            "{} is returned from {} to {}'s hand",
            self.obj_name(u),
            self.zone_name(from),
            self.player_name(owner)
        );
        if is_token {
            t.push_str("; a token, it ceases to exist");
            rules.push(cite!("183.1"));
        }
        if had_buffs {
            t.push_str("; its buff is removed");
            rules.push(cite!("705"));
        }
        self.event(EventKind::Zone, rules, t, vec![u.0]);
        self.make_outstanding(cite!("319.6"));
    }
}

impl Game {
    /// 422.1: `player` discards `card`, a card of their hand that an effect chose ("Choose a
    /// card from it, and they discard that card").
    pub(crate) fn discard_card(&mut self, player: PlayerId, card: ObjId) -> R<()> {
        if self.objects[card.0].zone != Zone::Hand(player) {
            return Ok(());
        }
        self.objects[card.0].zone = Zone::Trash(player);
        let p = &mut self.players[player.0];
        p.discarded_this_turn = p.discarded_this_turn.saturating_add(1);
        let t = format!(
            "{} discards {}",
            self.player_name(player),
            self.obj_name(card)
        );
        self.event(EventKind::Zone, vec![cite!("422.1")], t, vec![card.0]);
        self.make_outstanding(cite!("319.7"));
        // 383.1, 383.2.c.1: as for any discard
        let mut batch = self.observer_triggers(&Trigger::YouDiscard, player, None, None);
        batch.extend(self.collect_triggers(card, &Trigger::YouDiscardMe, None));
        self.place_triggers(batch, vec![cite!("422.1")], false)
    }
}
