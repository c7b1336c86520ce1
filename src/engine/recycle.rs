//! Recycle (416): cards taken from a zone and put on the bottom of the corresponding deck —
//! Main Deck cards to their owner's Main Deck (416.1.a, 416.1.c), several at once in a
//! random order (416.5). Here: recycling as a cost, "Recycle N from your trash" / "Recycle a
//! unit from your trash" (416.3, 416.6), which must be possible to be paid. (Recycling the
//! rest of a look at the deck is in look.rs; a rune's own recycle in resources.rs.)

use super::actions::{R, illegal};
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::CardType;
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

impl Game {
    /// The cards of `player`'s trash that recycling `of` (any card with `None`) could take.
    pub(crate) fn recyclable_in_trash(&self, player: PlayerId, of: Option<CardType>) -> Vec<ObjId> {
        self.objects_in(Zone::Trash(player))
            .into_iter()
            .filter(|c| of.is_none_or(|t| self.objects[c.0].def.card_type == t))
            .collect()
    }

    /// 416.3: recycling in a cost must be able to be completed for the cost to be paid —
    /// `Err` (illegal) when `player`'s trash has fewer than `count` cards of `of`.
    pub(crate) fn check_recycle_cost(
        &self,
        player: PlayerId,
        count: i32,
        of: Option<CardType>,
        label: &str,
    ) -> R<()> {
        let have = self.recyclable_in_trash(player, of).len();
        if usize::try_from(count).unwrap_or(usize::MAX) > have {
            return illegal(
                cite!("416.3"),
                format!(
                    "{label} cannot be paid: it recycles {count} {} from {}'s trash, which has {have}",
                    kind_word(of, count),
                    self.player_name(player)
                ),
            );
        }
        Ok(())
    }

    /// 416.3, 416.6: pays "Recycle N from your trash": N cards of `player`'s choice (one
    /// decision each; none when the trash has exactly N), recycled together (416.5).
    pub(crate) fn recycle_from_trash_for_cost(
        &mut self,
        player: PlayerId,
        count: i32,
        of: Option<CardType>,
        label: &str,
    ) -> R<()> {
        let n = usize::try_from(count).unwrap_or(0);
        if n == 0 {
            return Ok(());
        }
        let mut left = self.recyclable_in_trash(player, of);
        let mut chosen = Vec::new();
        while chosen.len() < n && !left.is_empty() {
            if left.len() <= n - chosen.len() {
                chosen.append(&mut left);
                break;
            }
            let d = Decision {
                kind: DecisionKind::Target,
                player,
                prompt: format!(
                    "{} chooses a card of their trash to recycle for the cost of {label} ({} to go)",
                    self.player_name(player),
                    n - chosen.len()
                ),
                options: left
                    .iter()
                    .map(|&c| DecisionOption {
                        label: self.obj_name(c).to_string(),
                        answer: Answer::Object(c),
                    })
                    .collect(),
                more: 0,
                items: Vec::new(),
                rules: vec![cite!("416.6")],
            };
            let i = self.decide(d)?;
            chosen.push(left.remove(i));
        }
        let mut rules = vec![cite!("403.1.a"), cite!("416.3"), cite!("416.6")];
        self.recycle_cards(
            &mut chosen,
            player,
            &mut rules,
            &format!("to pay the cost of {label}"),
        );
        Ok(())
    }

    /// 416.1, 416.1.a, 416.1.c: `cards` recycled at once by `by` to the bottom of their
    /// owners' Main Decks — in a random order when there are several (416.5); traced with
    /// `rules` and `why`.
    pub(crate) fn recycle_cards(
        &mut self,
        cards: &mut [ObjId],
        by: PlayerId,
        rules: &mut Vec<Cite>,
        why: &str,
    ) {
        if cards.is_empty() {
            return;
        }
        for i in (1..cards.len()).rev() {
            let j = usize::try_from(self.random(i as u64 + 1)).unwrap_or(0);
            cards.swap(i, j);
        }
        rules.extend([cite!("416.1"), cite!("416.1.a")]);
        if cards.len() > 1 {
            rules.push(cite!("416.5"));
        }
        for &c in cards.iter() {
            let owner = self.objects[c.0].owner;
            self.put_on_bottom(c, Zone::MainDeck(owner));
        }
        let t = format!(
            "{} recycles {} to the bottom of the Main Deck{} {why}",
            self.player_name(by),
            cards
                .iter()
                .map(|c| self.obj_name(*c).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            if cards.len() > 1 {
                " in a random order"
            } else {
                ""
            }
        );
        self.event(
            EventKind::Zone,
            std::mem::take(rules),
            t,
            cards.iter().map(|c| c.0).collect(),
        );
        self.make_outstanding(cite!("319.7"));
    }
}

fn kind_word(of: Option<CardType>, count: i32) -> String {
    let w = match of {
        Some(CardType::Unit) => "unit",
        Some(CardType::Gear) => "gear",
        Some(CardType::Spell) => "spell",
        _ => "card",
    };
    if count == 1 || w == "gear" {
        w.to_string()
    } else {
        format!("{w}s")
    }
}
