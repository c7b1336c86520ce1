//! Legion (812): "[Legion] — [Text]" is "If you have played another card this turn, this card
//! gains [Text]" (812.1.b.1): the dependent ability is active as long as a card other than
//! this one has been finalized by its controller this turn (812.1.c); one card played
//! satisfies every Legion of that player (812.2). A passive's dependent text is the
//! condition `Condition::Legion`; a triggered one is `Ability::Legion`, which triggers only
//! while active.

use crate::engine::objects::Ability;
use crate::engine::state::{Game, ObjId, PlayerId};

impl Game {
    /// 812.1.c: `controller` has played a card other than `obj` this turn.
    pub(crate) fn legion_active(&self, obj: ObjId, controller: PlayerId) -> bool {
        let p = &self.players[controller.0];
        p.played_before_setup > 0 || p.played_this_turn.iter().any(|c| *c != obj)
    }

    /// The abilities of `obj` with its Legion abilities' dependent abilities when active
    /// (and without them when not).
    pub(crate) fn with_legion(&self, obj: ObjId, abilities: Vec<Ability>) -> Vec<Ability> {
        let active = self.legion_active(obj, self.controller(obj));
        abilities
            .into_iter()
            .filter_map(|a| match a {
                Ability::Legion(inner) => active.then_some(*inner),
                other => Some(other),
            })
            .collect()
    }
}
