//! Vision (817): "When this is played, look at the top card of your Main Deck. You may
//! recycle it." (817.1.b) — a triggered ability of permanents whose trigger is entering the
//! board (817.1.c); each instance triggers separately (817.2). What it does is the game
//! action Predict (436.1): look at the top card of the Main Deck and choose whether to
//! recycle it (416: put it on the bottom).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::Decision;
use crate::engine::objects::{Effect, Keyword, PlayerRef};
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::trace::EventKind;

/// 817.2: one "look and you may recycle" per instance of Vision among `keywords`.
pub(crate) fn vision_instances(keywords: &[Keyword]) -> usize {
    keywords.iter().filter(|k| **k == Keyword::Vision).count()
}

impl Game {
    /// The effect Vision is short for (817.1.b): Predict for its controller (436.1).
    pub(crate) fn vision_effect() -> Effect {
        Effect::Predict {
            player: PlayerRef::You,
            count: 1,
        }
    }

    /// 436.1: `p` looks at the top card of their Main Deck and chooses whether to recycle
    /// it (416.1.a: to the bottom of the Main Deck). Nothing happens with an empty deck.
    pub(crate) fn predict(&mut self, p: PlayerId, count: i32) -> R<()> {
        if count > 1 {
            return self.predict_several(p, count);
        }
        let deck = self.objects_in(Zone::MainDeck(p));
        let Some(&top) = deck.first() else {
            let t = format!(
                "{}'s Main Deck is empty: there is no card to look at",
                self.player_name(p)
            );
            self.event(EventKind::Effect, vec![cite!("436.1")], t, vec![]);
            return Ok(());
        };
        let t = format!(
            "{} looks at the top card of their Main Deck: {}",
            self.player_name(p),
            self.obj_name(top)
        );
        self.event(EventKind::Effect, vec![cite!("436.1")], t, vec![top.0]);
        let d = Decision::yes_no(
            p,
            format!(
                "{} may recycle {} (to the bottom of their Main Deck)",
                self.player_name(p),
                self.obj_name(top)
            ),
            vec![cite!("436.1")],
        );
        if self.decide(d)? == 0 {
            self.recycle_to_main_deck(p, top);
        } else {
            let t = format!(
                "{} keeps {} on top",
                self.player_name(p),
                self.obj_name(top)
            );
            self.event(EventKind::Effect, vec![cite!("436.1")], t, vec![top.0]);
        }
        Ok(())
    }

    /// 416.1, 416.1.a: a card is recycled to the bottom of its owner's Main Deck (416.1.c).
    pub(crate) fn recycle_to_main_deck(&mut self, _by: PlayerId, card: ObjId) {
        let owner = self.objects[card.0].owner;
        self.put_on_bottom(card, Zone::MainDeck(owner));
        let t = format!(
            "{} is recycled to the bottom of {}'s Main Deck",
            self.obj_name(card),
            self.player_name(owner)
        );
        self.event(
            EventKind::Zone,
            vec![cite!("416.1"), cite!("416.1.a")],
            t,
            vec![card.0],
        );
    }

    /// 436.1.a, 436.1.b: `p` looks at the top `count` cards of their Main Deck (as many as
    /// there are, 436.4), chooses for each whether to recycle it, and puts the others back
    /// in the order they choose, one card at a time from the top.
    fn predict_several(&mut self, p: PlayerId, count: i32) -> R<()> {
        let n = usize::try_from(count).unwrap_or(1);
        let cards: Vec<ObjId> = self
            .objects_in(Zone::MainDeck(p))
            .into_iter()
            .take(n)
            .collect();
        let mut rules = vec![cite!("436.1.a")];
        if cards.len() < n {
            rules.push(cite!("436.4"));
        }
        let names: Vec<&str> = cards.iter().map(|c| self.obj_name(*c)).collect();
        let t = format!(
            "{} looks at the top {} card(s) of their Main Deck: {}",
            self.player_name(p),
            cards.len(),
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        );
        self.event(
            EventKind::Effect,
            rules,
            t,
            cards.iter().map(|c| c.0).collect(),
        );
        // the slots at the top of the deck the kept cards go back to
        let mut slots: Vec<u64> = cards.iter().map(|c| self.objects[c.0].position).collect();
        let (mut kept, mut recycled) = (Vec::new(), Vec::new());
        for c in cards {
            let d = Decision::yes_no(
                p,
                format!(
                    "{} may recycle {} (to the bottom of their Main Deck)",
                    self.player_name(p),
                    self.obj_name(c)
                ),
                vec![cite!("436.1.a")],
            );
            if self.decide(d)? == 0 {
                recycled.push(c);
            } else {
                kept.push(c);
            }
        }
        // 416.5: several recycled at once go to the bottom in a random order
        for i in (1..recycled.len()).rev() {
            let j = self.random(i as u64 + 1) as usize;
            recycled.swap(i, j);
        }
        for c in &recycled {
            let owner = self.objects[c.0].owner;
            self.put_on_bottom(*c, Zone::MainDeck(owner));
            let mut rules = vec![cite!("416.1"), cite!("416.1.a")];
            if recycled.len() > 1 {
                rules.push(cite!("416.5"));
            }
            let t = format!(
                "{} is recycled to the bottom of {}'s Main Deck",
                self.obj_name(*c),
                self.player_name(owner)
            );
            self.event(EventKind::Zone, rules, t, vec![c.0]);
        }
        if kept.len() < 2 {
            return Ok(());
        }
        // 436.1.b: the player may rearrange the cards kept
        slots.sort_unstable();
        let mut order = Vec::new();
        while kept.len() > 1 {
            let d = Decision {
                kind: crate::engine::decision::DecisionKind::DeckOrder,
                player: p,
                prompt: format!(
                    "{} chooses the card to put {} of their Main Deck",
                    self.player_name(p),
                    if order.is_empty() { "on top" } else { "next" }
                ),
                options: kept
                    .iter()
                    .enumerate()
                    .map(|(i, c)| crate::engine::decision::DecisionOption {
                        label: self.obj_name(*c).to_string(),
                        answer: crate::engine::decision::Answer::Index(i),
                    })
                    .collect(),
                more: 0,
                items: vec![],
                rules: vec![cite!("436.1.b")],
            };
            let i = self.decide(d)?;
            order.push(kept.remove(i.min(kept.len() - 1)));
        }
        order.extend(kept);
        for (c, slot) in order.iter().zip(slots) {
            self.objects[c.0].position = slot;
        }
        let names: Vec<&str> = order.iter().map(|c| self.obj_name(*c)).collect();
        let t = format!(
            "{} puts {} back on top of their Main Deck, in that order from the top",
            self.player_name(p),
            names.join(", ")
        );
        self.event(
            EventKind::Effect,
            vec![cite!("436.1.b")],
            t,
            order.iter().map(|c| c.0).collect(),
        );
        Ok(())
    }
}
