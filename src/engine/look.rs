//! Looking at and revealing the top of a Main Deck: "Look at the top 3 cards of your Main
//! Deck. You may reveal a unit from among them and draw it. Recycle the rest." and "Reveal
//! the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it." The
//! cards stay in the deck while they are looked at or revealed (424.1.a.2); one of them may
//! be manipulated — put into the hand (413.1: drawing takes a card from a zone into the
//! hand) — and the rest recycled (416.1), several at once in a random order (416.5), or
//! left on top in their order (424.3).
//!
//! Which card is taken is the looking player's choice, made on resolution (355.17) among
//! cards only they know: an unscripted choice stops with the legal options.

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::{Answer, Decision, DecisionKind, DecisionOption};
use crate::engine::objects::{CardType, DeckPick};
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::trace::EventKind;

impl DeckPick {
    /// In the card's words: "a unit", "a spell with Energy cost 4 or more", "a card".
    pub fn describe(&self) -> String {
        let what = if self.types.is_empty() {
            "card".to_string()
        } else {
            self.types
                .iter()
                .map(|t| format!("{t:?}").to_ascii_lowercase())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        // unit, gear, spell, card: all take "a"
        let article = "a";
        match self.min_energy {
            Some(n) => format!("{article} {what} with Energy cost {n} or more"),
            None => format!("{article} {what}"),
        }
    }

    fn allows(&self, g: &Game, c: ObjId) -> bool {
        let def = &g.objects[c.0].def;
        let kind = def.card_type;
        (self.types.is_empty() || self.types.contains(&kind))
            && self
                .min_energy
                .is_none_or(|n| def.energy_cost.unwrap_or(0) >= n)
    }
}

/// What becomes of the cards looked at that are not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckRest {
    /// They stay on top, in their order (424.3).
    Stay,
    /// They are recycled (416.1), in a random order (416.5).
    Recycle,
    /// They are drawn, put into the hand (413.1) — "Draw any you didn't banish".
    Draw,
}

impl Game {
    /// `p` looks at (or reveals, 424.1) the top `count` cards of their Main Deck, may
    /// (`take.1`) or must put one that `take.0` allows into their hand (413.1) — or, with
    /// `take.2`, banish it and play it (427.3, 419.3), its Energy cost reduced by that much
    /// (356.4.b) — then does `rest` with the others.
    pub(crate) fn look_at_top(
        &mut self,
        p: PlayerId,
        count: i32,
        reveal: bool,
        take: Option<(&DeckPick, bool, Option<i32>)>,
        rest: DeckRest,
    ) -> R<()> {
        let deck = self.objects_in(Zone::MainDeck(p));
        let seen: Vec<ObjId> = deck.into_iter().take(count.max(0) as usize).collect();
        let who = self.player_name(p).to_string();
        let (verb, rule) = if reveal {
            ("reveals", cite!("424.1"))
        } else {
            ("looks at", cite!("424.4.a"))
        };
        if seen.is_empty() {
            let t = format!("{who}'s Main Deck is empty: there is no card to look at");
            self.event(EventKind::Effect, vec![rule], t, vec![]);
            return Ok(());
        }
        let names: Vec<String> = seen.iter().map(|c| self.obj_name(*c).to_string()).collect();
        let t = format!(
            "{who} {verb} the top {} of their Main Deck: {} (they stay in the deck meanwhile)",
            if seen.len() == 1 {
                "card".to_string()
            } else {
                format!("{} cards", seen.len())
            },
            names.join(", ")
        );
        self.event(
            EventKind::Effect,
            vec![rule, cite!("424.1.a.2")],
            t,
            seen.iter().map(|c| c.0).collect(),
        );
        let mut left = seen.clone();
        if let Some((pick, optional, play)) = take {
            let into = if play.is_some() {
                "to banish and play"
            } else {
                "to put into their hand"
            };
            let fits: Vec<ObjId> = seen
                .iter()
                .copied()
                .filter(|c| pick.allows(self, *c))
                .collect();
            let mut options: Vec<DecisionOption> = self.object_options(&fits);
            if optional && !fits.is_empty() {
                options.push(DecisionOption {
                    label: "none".into(),
                    answer: Answer::Index(options.len()),
                });
            }
            if fits.is_empty() {
                let t = format!("none of them is {}: {who} takes none", pick.describe());
                self.event(EventKind::Effect, vec![cite!("424.4.a")], t, vec![]);
            } else {
                let d = Decision {
                    kind: DecisionKind::Target,
                    player: p,
                    prompt: format!("{who} chooses {} from among them {into}", pick.describe()),
                    options,
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("424.4.a"), cite!("355.17")],
                };
                let i = self.decide(d)?;
                if let (Some(&c), Some(reduce)) = (fits.get(i), play) {
                    // 427.3: the card this instruction banished, played as it resolves
                    // (419.3); a card whose cost cannot be paid stays banished (419.3.c)
                    left.retain(|x| *x != c);
                    self.banish(c);
                    self.limited_play(
                        p,
                        c,
                        &super::play::BaseCost::Normal,
                        &super::play::PlayTo::Default,
                        reduce,
                    )?;
                } else if let Some(&c) = fits.get(i) {
                    self.objects[c.0].zone = Zone::Hand(p);
                    let ts = self.tick();
                    self.objects[c.0].timestamp = ts;
                    let t = format!("{who} puts {} into their hand", self.obj_name(c));
                    self.event(
                        EventKind::Zone,
                        vec![cite!("424.4.a"), cite!("413.1")],
                        t,
                        vec![c.0],
                    );
                    self.make_outstanding(cite!("319.7"));
                    left.retain(|x| *x != c);
                }
            }
        }
        if rest == DeckRest::Draw && !left.is_empty() {
            for c in &left {
                self.objects[c.0].zone = Zone::Hand(p);
                let ts = self.tick();
                self.objects[c.0].timestamp = ts;
            }
            let t = format!(
                "{who} puts {} into their hand",
                left.iter()
                    .map(|c| self.obj_name(*c).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            self.event(
                EventKind::Zone,
                vec![cite!("424.4.a"), cite!("413.1")],
                t,
                left.iter().map(|c| c.0).collect(),
            );
            self.make_outstanding(cite!("319.7"));
        }
        if rest == DeckRest::Recycle && !left.is_empty() {
            // 416.5: several recycled at once go to the bottom in a random order
            for i in (1..left.len()).rev() {
                let j = self.random(i as u64 + 1) as usize;
                left.swap(i, j);
            }
            let rules = if left.len() > 1 {
                vec![cite!("416.1"), cite!("416.5")]
            } else {
                vec![cite!("416.1")]
            };
            for c in &left {
                let owner = self.objects[c.0].owner;
                self.put_on_bottom(*c, Zone::MainDeck(owner));
            }
            let t = format!(
                "{who} recycles {} to the bottom of their Main Deck{}",
                left.iter()
                    .map(|c| self.obj_name(*c).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                if left.len() > 1 {
                    " in a random order"
                } else {
                    ""
                }
            );
            self.event(
                EventKind::Zone,
                rules,
                t,
                left.iter().map(|c| c.0).collect(),
            );
        }
        Ok(())
    }

    /// A card put at the bottom of `deck` (its owner's Main Deck or rune deck, 416.1.c):
    /// below every card there.
    pub(crate) fn put_on_bottom(&mut self, card: ObjId, deck: Zone) {
        let bottom = self
            .objects
            .iter()
            .filter(|o| o.zone == deck)
            .map(|o| o.position)
            .max()
            .map_or(0, |m| m.saturating_add(1));
        let o = &mut self.objects[card.0];
        o.zone = deck;
        o.position = bottom;
    }
}

/// The card types a deck pick may name.
pub fn card_type_word(w: &str) -> Option<CardType> {
    Some(match w {
        "unit" => CardType::Unit,
        "gear" => CardType::Gear,
        "spell" => CardType::Spell,
        _ => return None,
    })
}
