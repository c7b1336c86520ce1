//! Additional costs (356.2, 357.2): the costs a card's own passive abilities add to playing
//! it — "You may pay [Calm] as an additional cost to play me" (optional, 356.2.b.1),
//! "As an additional cost to play me, discard 1" (mandatory, 356.2.a.1). Energy and power
//! join the total cost of step 3; spending XP and discarding are paid in 357.2. A card whose
//! optional cost was paid remembers it ("if you paid the additional cost").

use super::actions::{R, illegal};
use super::objects::{Ability, CardDef};
use super::resources::{Power, describe_amount};
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::EventKind;
use crate::cite;

/// The additional costs a player will pay to play a card.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extra {
    pub energy: i32,
    pub power: Power,
    pub xp: i32,
    pub discard: i32,
    /// An optional additional cost was chosen (356.2.b.1).
    pub optional_paid: bool,
}

impl Extra {
    pub fn any(&self) -> bool {
        self.energy > 0 || !self.power.is_zero() || self.xp > 0 || self.discard > 0
    }
}

/// "[1][Calm], 3 XP and discard 1" — an additional cost in words.
fn describe(energy: i32, power: &Power, xp: i32, discard: i32) -> String {
    let mut parts = Vec::new();
    if energy > 0 || !power.is_zero() {
        parts.push(describe_amount(energy, power));
    }
    if xp > 0 {
        parts.push(format!("spend {xp} XP"));
    }
    if discard > 0 {
        parts.push(format!("discard {discard}"));
    }
    parts.join(" and ")
}

impl Game {
    /// 356.2: the additional costs of `card` (definition `def`) that `player` will pay: each
    /// optional one if they choose to in step 2 (356.2.b.1; offered only when they could pay
    /// it), each mandatory one always (356.2.a.1; a play that cannot pay one is illegal).
    pub(crate) fn additional_costs(
        &mut self,
        player: PlayerId,
        card: ObjId,
        def: &CardDef,
    ) -> R<Extra> {
        let mut extra = Extra::default();
        for a in &def.abilities {
            let Ability::AdditionalCost {
                optional,
                energy,
                power,
                xp,
                discard,
            } = a
            else {
                continue;
            };
            let power = power.resolve(&def.domains);
            let what = describe(*energy, &power, *xp, *discard);
            // what the player could give: XP and other cards in hand (energy and power are
            // checked with the rest of the cost when it is paid, 357.1)
            let hand = self
                .objects_in(Zone::Hand(player))
                .into_iter()
                .filter(|c| *c != card)
                .count();
            let can = self.players[player.0].xp >= extra.xp.saturating_add(*xp)
                && i32::try_from(hand).unwrap_or(i32::MAX)
                    >= extra.discard.saturating_add(*discard);
            let pay = if *optional {
                if !can {
                    continue;
                }
                let d = super::decision::Decision::yes_no(
                    player,
                    format!(
                        "{} may pay the additional cost of {} ({what})",
                        self.player_name(player),
                        def.name
                    ),
                    vec![cite!("356.2.b.1")],
                );
                self.decide(d)? == 0
            } else if !can {
                return illegal(
                    cite!("356.2.a.1"),
                    format!(
                        "{} must pay its additional cost ({what}) to be played, and {} cannot",
                        def.name,
                        self.player_name(player)
                    ),
                );
            } else {
                true
            };
            if pay {
                extra.energy = extra.energy.saturating_add(*energy);
                extra.power.add(&power);
                extra.xp = extra.xp.saturating_add(*xp);
                extra.discard = extra.discard.saturating_add(*discard);
                extra.optional_paid |= *optional;
            }
        }
        Ok(extra)
    }

    /// 357.2: the non-standard parts of the additional costs — XP spent (730.2), cards
    /// discarded (422) — and the card remembers that its optional cost was paid.
    pub(crate) fn pay_additional(&mut self, player: PlayerId, card: ObjId, extra: &Extra) -> R<()> {
        if extra.xp > 0 {
            let p = &mut self.players[player.0];
            p.xp = p.xp.saturating_sub(extra.xp);
            let t = format!(
                "{} spends {} XP to pay the additional cost of {} (now {})",
                self.player_name(player),
                extra.xp,
                self.obj_name(card),
                self.players[player.0].xp
            );
            self.event(
                EventKind::Effect,
                vec![cite!("357.2"), cite!("730.2")],
                t,
                vec![card.0],
            );
            self.recheck_levels(player, self.players[player.0].xp.saturating_add(extra.xp));
        }
        if extra.discard > 0 {
            self.discard_except(player, extra.discard, Some(card))?;
        }
        if extra.optional_paid {
            self.objects[card.0].additional_paid = true;
        }
        Ok(())
    }
}
