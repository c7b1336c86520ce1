//! Repeat (820): "You may pay [Cost] as an additional cost as you play this spell. If you
//! do, execute the instructions of this spell one additional time" (820.1.d). Each instance's
//! cost is paid or not individually, once (820.1.c.2–3, 820.3); the choices of every
//! execution are made in the Make Relevant Choices step (820.2, 820.2.a); the spell is
//! played once however often it executes (820.3.a).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::Decision;
use crate::engine::objects::{Ability, CardDef, Effect};
use crate::engine::resources::{Power, describe_amount};
use crate::engine::state::{Game, ObjId, PlayerId, Zone};

impl Game {
    /// 820.1.d, 356.2.b.1: as `def` is played (step 2), `player` declares for each Repeat
    /// cost whether they will pay it; each one paid appends one more execution of the
    /// instructions `once` to `effects` (820.1.d.1), whose choices are then made with the
    /// rest (820.2). Returns the Repeat costs to add to the total cost (820.1.c.1): energy,
    /// power and the cards to discard from the hand (820.1.c: "[Repeat] - Discard 1"; payable
    /// only with that many other cards in hand, 422).
    pub(crate) fn declare_repeats(
        &mut self,
        player: PlayerId,
        card: ObjId,
        def: &CardDef,
        once: &[Effect],
        effects: &mut Vec<Effect>,
    ) -> R<(i32, Power, i32)> {
        let repeats: Vec<(i32, Power, i32)> = def
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::RepeatCost {
                    energy,
                    power,
                    discard,
                } => Some((*energy, power.resolve(&def.domains), *discard)),
                _ => None,
            })
            .collect();
        let mut repeat_cost = (0i32, Power::default(), 0i32);
        let mut paid = 0usize;
        for (e, p, n) in &repeats {
            let mut parts = Vec::new();
            if *e != 0 || !p.is_zero() || *n == 0 {
                parts.push(describe_amount(*e, p));
            }
            if *n > 0 {
                parts.push(format!("discard {n}"));
            }
            let cost = parts.join(", ");
            // 422: the cards discarded come from the hand, the card played not among them
            let others = self
                .objects_in(Zone::Hand(player))
                .into_iter()
                .filter(|c| *c != card)
                .count();
            let wanted = repeat_cost.2.saturating_add(*n);
            if *n > 0 && usize::try_from(wanted).unwrap_or(usize::MAX) > others {
                let t = format!(
                    "{} cannot pay Repeat ({cost}) for {}: {others} other card(s) in hand",
                    self.player_name(player),
                    def.name
                );
                self.event(
                    crate::engine::trace::EventKind::Action,
                    vec![cite!("820.1.c.1"), cite!("422")],
                    t,
                    vec![card.0],
                );
                continue;
            }
            let d = Decision::yes_no(
                player,
                format!(
                    "{} may pay Repeat ({cost}) to execute {}'s instructions one additional time",
                    self.player_name(player),
                    def.name
                ),
                vec![cite!("820.1.d"), cite!("356.2.b.1")],
            );
            if self.decide(d)? == 0 {
                repeat_cost.0 = repeat_cost.0.saturating_add(*e);
                repeat_cost.1.add(p);
                repeat_cost.2 = wanted;
                effects.extend(once.iter().cloned());
                paid += 1;
            }
        }
        if paid > 0 {
            // 820.2: the choices of the additional executions are made now, with the
            // others; 820.3: one more execution for each instance paid for
            let mut rules = vec![cite!("820.2"), cite!("820.2.a")];
            if repeats.len() > 1 {
                rules.push(cite!("820.3"));
            }
            let t = format!(
                "{}'s instructions will be executed {} time(s): the choices of every execution are made now, and need not be the same",
                def.name,
                paid + 1
            );
            self.event(crate::engine::trace::EventKind::Action, rules, t, vec![]);
        }
        Ok(repeat_cost)
    }
}
