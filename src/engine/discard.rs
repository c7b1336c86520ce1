//! Discard (422): moving cards from a player's hand directly into their trash, the player
//! choosing which (422.1.a); an instruction to discard more cards than the hand holds
//! discards what there is and the rest is ignored (422.4).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::{Answer, Decision, DecisionKind, DecisionOption};
use crate::engine::state::{Game, PlayerId, Zone};
use crate::engine::trace::EventKind;

impl Game {
    /// 422.1, 422.4: `player` discards `amount` cards of their choice (422.1.a) — all of a
    /// hand no larger than what remains to discard, without a choice.
    pub(crate) fn discard(&mut self, player: PlayerId, amount: i32) -> R<()> {
        for k in 0..amount.max(0) {
            let hand = self.objects_in(Zone::Hand(player));
            let left = (amount - k) as usize;
            let Some(&first) = hand.first() else {
                let t = format!(
                    "{} has no card left to discard: the rest of the instruction ({left}) is ignored",
                    self.player_name(player)
                );
                self.event(EventKind::Zone, vec![cite!("422.4")], t, vec![]);
                return Ok(());
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
                    options: hand
                        .iter()
                        .map(|c| DecisionOption {
                            label: self.obj_name(*c).to_string(),
                            answer: Answer::Object(*c),
                        })
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("422.1.a")],
                };
                hand[self.decide(d)?]
            };
            self.objects[card.0].zone = Zone::Trash(player);
            let t = format!(
                "{} discards {}",
                self.player_name(player),
                self.obj_name(card)
            );
            self.event(EventKind::Zone, vec![cite!("422.1")], t, vec![card.0]);
            self.make_outstanding(cite!("319.7"));
        }
        Ok(())
    }
}
