//! Banish (427): a card put in its owner's Banishment (108.6) directly from where it is
//! (427.2) — not a kill (427.2.a) nor a discard (427.2.b), so no Deathknell and no "when
//! you discard". A banished token ceases to exist (183.1).

use super::state::{Game, ObjId, Zone};
use super::trace::EventKind;
use crate::cite;

impl Game {
    /// 427.1, 427.2: `card` is banished from its zone (a permanent leaves the board, a
    /// resolving spell the chain); traced. A card already in a Banishment stays.
    pub(crate) fn banish(&mut self, card: ObjId) {
        let from = self.objects[card.0].zone;
        if matches!(from, Zone::Banishment(_) | Zone::Gone) {
            return;
        }
        let owner = self.objects[card.0].owner;
        let mut rules = vec![cite!("427.1"), cite!("427.2")];
        let from_name = match from {
            Zone::Chain => "the chain".to_string(),
            z => self.zone_name(z),
        };
        let mut t = format!(
            "{} is banished from {from_name} to {}'s Banishment",
            self.obj_name(card),
            self.player_name(owner)
        );
        if from.on_board() {
            let (_, is_token, had_buffs) = self.leave_board(card, Zone::Banishment(owner));
            if is_token {
                t.push_str("; a token, it ceases to exist");
                rules.push(cite!("183.1"));
            }
            if had_buffs {
                t.push_str("; its buff is removed");
                rules.push(cite!("705"));
            }
            self.make_outstanding(cite!("319.6"));
        } else {
            self.objects[card.0].zone = Zone::Banishment(owner);
            self.make_outstanding(cite!("319.7"));
        }
        self.event(EventKind::Zone, rules, t, vec![card.0]);
    }
}
