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
        }
    }

    /// 436.1: `p` looks at the top card of their Main Deck and chooses whether to recycle
    /// it (416.1.a: to the bottom of the Main Deck). Nothing happens with an empty deck.
    pub(crate) fn predict(&mut self, p: PlayerId) -> R<()> {
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
}
