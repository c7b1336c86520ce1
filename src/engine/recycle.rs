//! Recycle (416): cards taken from a zone and put on the bottom of the corresponding deck —
//! Main Deck cards to their owner's Main Deck (416.1.a, 416.1.c), several at once in a
//! random order (416.5). Here: recycling as a cost, "Recycle N from your trash" / "Recycle a
//! unit from your trash" (416.3, 416.6), which must be possible to be paid. (Recycling the
//! rest of a look at the deck is in look.rs; a rune's own recycle in resources.rs.)

use super::actions::{R, illegal};
use super::decision::{Decision, DecisionKind};
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

    /// 416.6: `count` cards of `player`'s trash of `of`, of their choice (one decision
    /// each; none when the trash has no more than are left to choose): as many as there are
    /// (416.4).
    fn choose_in_trash(
        &mut self,
        player: PlayerId,
        count: i32,
        of: Option<CardType>,
        why: &str,
    ) -> R<Vec<ObjId>> {
        let n = usize::try_from(count).unwrap_or(0);
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
                    "{} chooses a card of their trash to recycle{why} ({} to go)",
                    self.player_name(player),
                    n - chosen.len()
                ),
                options: self.object_options(&left),
                more: 0,
                items: Vec::new(),
                rules: vec![cite!("416.6")],
            };
            let i = self.decide(d)?;
            chosen.push(left.remove(i));
        }
        Ok(chosen)
    }

    /// 416.3, 416.6: pays "Recycle N from your trash": N cards of `player`'s choice,
    /// recycled together (416.5).
    pub(crate) fn recycle_from_trash_for_cost(
        &mut self,
        player: PlayerId,
        count: i32,
        of: Option<CardType>,
        label: &str,
    ) -> R<()> {
        if count <= 0 {
            return Ok(());
        }
        let why = format!(" to pay the cost of {label}");
        let mut chosen = self.choose_in_trash(player, count, of, &why)?;
        let mut rules = vec![cite!("403.1.a"), cite!("416.3"), cite!("416.6")];
        self.recycle_cards(&mut chosen, player, &mut rules, why.trim_start());
        Ok(())
    }

    /// 416.4, 416.6: the instruction "Recycle N from your trash": `player` recycles N cards
    /// of their choice, as many as they can (traced when fewer).
    pub(crate) fn recycle_from_trash(
        &mut self,
        player: PlayerId,
        count: i32,
        of: Option<CardType>,
    ) -> R<()> {
        let mut chosen = self.choose_in_trash(player, count, of, "")?;
        if chosen.is_empty() {
            let t = format!(
                "{} has no {} in their trash to recycle",
                self.player_name(player),
                kind_word(of, 1)
            );
            self.event(EventKind::Effect, vec![cite!("416.4")], t, vec![]);
            return Ok(());
        }
        let mut rules = vec![cite!("416.6")];
        if usize::try_from(count).unwrap_or(usize::MAX) > chosen.len() {
            rules.push(cite!("416.4"));
        }
        self.recycle_cards(&mut chosen, player, &mut rules, "from their trash");
        Ok(())
    }

    /// 108.2.b: "Put the top N cards of your Main Deck into your trash": the top `count`
    /// cards of `player`'s Main Deck, as many as it has, moved to their trash.
    pub(crate) fn top_to_trash(&mut self, player: PlayerId, count: i32) {
        let n = usize::try_from(count).unwrap_or(0);
        let top: Vec<ObjId> = self
            .objects_in(Zone::MainDeck(player))
            .into_iter()
            .take(n)
            .collect();
        for &c in &top {
            self.objects[c.0].zone = Zone::Trash(player);
        }
        let t = format!(
            "{} puts the top {} of their Main Deck into their trash: {}{}",
            self.player_name(player),
            if top.len() == 1 {
                "card".to_string()
            } else {
                format!("{} cards", top.len())
            },
            if top.is_empty() {
                "none (the deck is empty)".to_string()
            } else {
                top.iter()
                    .map(|c| self.obj_name(*c).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            if top.len() < n && !top.is_empty() {
                " (all the deck had)"
            } else {
                ""
            }
        );
        self.event(
            EventKind::Zone,
            vec![cite!("108.2.b")],
            t,
            top.iter().map(|c| c.0).collect(),
        );
        if !top.is_empty() {
            self.make_outstanding(cite!("319.7"));
        }
    }

    /// 416.1.b, 160.2.b: "You must recycle one of your runes": a rune `player` controls, of
    /// their choice as it executes, to the bottom of its owner's rune deck (ready; nothing
    /// is added to the pool — that is the rune's own ability, 163.2.b).
    pub(crate) fn recycle_a_rune(&mut self, player: PlayerId) -> R<()> {
        let runes = self.runes_of(player);
        if runes.is_empty() {
            let t = format!("{} controls no rune to recycle", self.player_name(player));
            self.event(EventKind::Effect, vec![cite!("416.2.a")], t, vec![]);
            return Ok(());
        }
        let d = Decision {
            kind: DecisionKind::Target,
            player,
            prompt: format!(
                "{} chooses one of their runes to recycle",
                self.player_name(player)
            ),
            options: self.object_options(&runes),
            more: 0,
            items: Vec::new(),
            rules: vec![cite!("416.2.a")],
        };
        let r = runes[self.decide(d)?];
        let owner = self.objects[r.0].owner;
        self.put_on_bottom(r, Zone::RuneDeck(owner));
        self.objects[r.0].exhausted = false;
        let t = format!(
            "{} recycles {} to the bottom of {}'s rune deck",
            self.player_name(player),
            self.obj_name(r),
            self.player_name(owner)
        );
        self.event(
            EventKind::Zone,
            vec![cite!("416.1"), cite!("416.1.b"), cite!("160.2.b")],
            t,
            vec![r.0],
        );
        self.make_outstanding(cite!("319.6"));
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

/// "unit", "units", "card", "gear" … for a trace.
pub(crate) fn kind_word(of: Option<CardType>, count: i32) -> String {
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
