//! Deflect (809): "Spells and abilities an opponent controls that choose me cost an amount
//! of Power equal to [Deflect Value] more to play as an additional cost for each time they
//! choose me" (809.1.c) — a mandatory additional cost (356.2.a.2, 809.1.d) of power of any
//! domain (809.1.c.1), the values of several instances summed (809.2).

use crate::cite;
use crate::engine::objects::{Effect, KeywordKind};
use crate::engine::resources::Power;
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;

impl Game {
    /// 809.1.c: the Deflect cost that `controller`'s chosen targets in `effects` add: the
    /// Deflect Value of each permanent an opponent controls, for each time it is chosen.
    /// Traced (356.2.a.2) when it is not zero; `what` names the spell or ability.
    pub(crate) fn deflect_cost(
        &mut self,
        effects: &mut [Effect],
        controller: PlayerId,
        what: &str,
    ) -> Power {
        let chosen: Vec<ObjId> = effects
            .iter_mut()
            .flat_map(crate::engine::choices::targets_mut)
            // 809.1.c: each time it is chosen; "it" is not a new choice; each member of a
            // group (355.14.d)
            .flat_map(|t| t.chosen_now())
            .collect();
        let mut total = 0i32;
        let mut parts = Vec::new();
        let mut summed = false;
        for o in chosen {
            if !self.opponents(controller, self.controller(o)) {
                continue;
            }
            let ch = self.characteristics(o);
            let v = ch.keyword_value(&KeywordKind::Deflect);
            if v > 0 {
                total = total.saturating_add(v);
                // 809.2: several instances are one summed value, shown with its sources
                let n = ch
                    .keywords
                    .iter()
                    .filter(|k| k.kind() == KeywordKind::Deflect)
                    .count();
                if n > 1 {
                    summed = true;
                    let b = ch.keyword_breakdown(
                        &KeywordKind::Deflect,
                        &self.objects[o.0]
                            .def
                            .keywords()
                            .cloned()
                            .collect::<Vec<_>>(),
                    );
                    parts.push(format!("{} has {b}", self.obj_name(o)));
                } else {
                    parts.push(format!("{} has Deflect {v}", self.obj_name(o)));
                }
            }
        }
        if total > 0 {
            let t = format!(
                "{what} chooses an opponent's permanent with Deflect: it costs {total} power of any domain more ({})",
                parts.join("; ")
            );
            let mut rules = vec![cite!("809.1.c"), cite!("809.1.c.1"), cite!("356.2.a.2")];
            if summed {
                rules.push(cite!("809.2"));
            }
            self.event(EventKind::Action, rules, t, vec![]);
        }
        Power::any(total)
    }
}
