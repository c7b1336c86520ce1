//! Legion (812): "[Legion] — [Text]" is "If you have played another card this turn, this card
//! gains [Text]" (812.1.b.1): the dependent ability is active as long as a card other than
//! this one has been finalized by its controller this turn (812.1.c); one card played
//! satisfies every Legion of that player (812.2). A passive's dependent text is the
//! condition `Condition::Legion`; a triggered one is `Ability::Legion`, which triggers only
//! while active.

use crate::cite;
use crate::engine::objects::Ability;
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::Cite;

impl Game {
    /// 812.1.c: `controller` has played a card other than `obj` this turn.
    pub(crate) fn legion_active(&self, obj: ObjId, controller: PlayerId) -> bool {
        let p = &self.players[controller.0];
        p.played_before_setup > 0 || p.played_this_turn.iter().any(|c| *c != obj)
    }

    /// The abilities of `obj` (from `abilities`) with its Legion abilities' (and Level
    /// abilities', 824.1.c) dependent abilities when active (and without them when not), by
    /// reference, each with the rule that makes it active when it is a dependent one.
    pub(crate) fn with_legion<'a>(
        &self,
        obj: ObjId,
        abilities: &'a [Ability],
    ) -> impl Iterator<Item = (Option<Cite>, &'a Ability)> + use<'a> {
        // asked only of a card that has a Legion ability
        let active = abilities.iter().any(|a| matches!(a, Ability::Legion(_)))
            && self.legion_active(obj, self.controller(obj));
        // 824.1.c, 824.1.d: a Level ability's dependent ability, by its controller's XP
        let xp = self.players[self.controller(obj).0].xp;
        abilities.iter().filter_map(move |a| match a {
            Ability::Legion(inner) => active.then_some((Some(cite!("812.1.c")), &**inner)),
            Ability::Level(n, inner) => (xp >= *n).then_some((Some(cite!("824.1.c")), &**inner)),
            other => Some((None, other)),
        })
    }
}
