//! Instructions a player carries out on their own things, choosing as the instruction
//! executes rather than as the spell is played: "Each player kills one of their units"
//! chooses nothing (355.10.f) — each player picks one of their own when it is their part.

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::{Decision, DecisionKind};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;

impl Game {
    /// 355.10.f, 428: `p` chooses one of the units (`gear`: gear) they control and kills it;
    /// with none, this part of the instruction can't be followed (359.3.e.6). `in_turn_order`:
    /// one of several players doing so, one at a time (303.2.a).
    pub(crate) fn kill_one_of_their(
        &mut self,
        p: PlayerId,
        gear: bool,
        in_turn_order: bool,
    ) -> R<()> {
        let what = if gear { "gear" } else { "units" };
        let own: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| {
                o.zone.on_board()
                    && if gear { o.is_gear() } else { o.is_unit() }
                    && self.controller(o.id) == p
            })
            .map(|o| o.id)
            .collect();
        if own.is_empty() {
            let t = format!(
                "{} controls no {what}: they kill nothing",
                self.player_name(p)
            );
            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
            return Ok(());
        }
        let d = Decision {
            kind: DecisionKind::Target,
            player: p,
            prompt: format!(
                "{} chooses one of their {what} to kill",
                self.player_name(p)
            ),
            options: self.object_options(&own),
            more: 0,
            items: vec![],
            rules: if in_turn_order {
                vec![cite!("355.10.f"), cite!("303.2.a")]
            } else {
                vec![cite!("355.10.f")]
            },
        };
        let u = own[self.decide(d)?];
        self.kill(&[u], cite!("355.10.f"))
    }
}
