//! Bonus Damage (712–715, 417.4–417.5): an intrinsic property granted to a Deal action
//! that increases the damage it distributes. Granted here by passive abilities: "Your
//! spells and abilities deal 1 Bonus Damage" (the Deal actions of the spells and abilities
//! its controller controls) and "Spells and abilities deal 1 Bonus Damage to units here"
//! (any player's, to the units at its location — for a battlefield, that battlefield).
//! Combat damage (417.6.c) and the damage units deal each other at a spell's instruction
//! (417.6.b.3) are dealt by units, not by a spell or ability: no Bonus Damage applies.
//! A card's own "This deals 1 Bonus Damage for each card with this name in your trash" grants
//! its own Deal actions, counted as it deals. A Deal action that splits its damage gets its
//! Bonus Damage once, added to the amount split (715.3, groups.rs). Not modelled (the card
//! compiler reports such text unsupported): "The next spell you play this turn deals 1
//! Bonus Damage" (a delayed passive).

use super::objects::Ability;
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::Cite;
use crate::cite;

/// The Bonus Damage granted to one Deal action for one unit it deals damage to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bonus {
    /// 714: every instance summed, applied once; never negative (714.1, 714.2).
    pub amount: i32,
    /// What granted it, by name (one entry per instance).
    pub from: Vec<String>,
}

impl Bonus {
    /// The rules that increase the damage: 715.1 (a single target) or 715.2 (each of
    /// several, individually), and 714 when several instances are summed.
    pub(crate) fn rules(&self, several_targets: bool) -> Vec<Cite> {
        let mut v = vec![if several_targets {
            cite!("715.2")
        } else {
            cite!("715.1")
        }];
        if self.from.len() > 1 {
            v.push(cite!("714"));
        }
        v
    }

    /// "1 Bonus Damage from Annie, Fiery".
    pub(crate) fn describe(&self) -> String {
        format!(
            "{} Bonus Damage from {}",
            self.amount,
            self.from.join(" and ")
        )
    }
}

impl Game {
    /// 713–714: the Bonus Damage granted to a Deal action of a spell or ability controlled
    /// by `controller` for the unit `unit`: every instance that applies, summed (714); none
    /// when no instance applies or the sum is not positive (714.1, 714.2).
    pub(crate) fn bonus_damage(
        &self,
        unit: ObjId,
        controller: PlayerId,
        source: Option<ObjId>,
    ) -> Option<Bonus> {
        let at = self.objects[unit.0].zone;
        let mut amount: i32 = 0;
        let mut from = Vec::new();
        let mut grant =
            |a: &Ability, holder_controller: Option<PlayerId>, here: Option<Zone>, name: &str| {
                if let Ability::BonusDamage {
                    amount: n,
                    to_units_here,
                } = a
                {
                    let applies = if *to_units_here {
                        here.is_some_and(|z| z == at)
                    } else {
                        holder_controller == Some(controller)
                    };
                    if applies {
                        amount = amount.saturating_add(*n);
                        from.push(name.to_string());
                    }
                }
            };
        for o in self.objects.iter() {
            if !o.zone.abilities_function() || self.rules_text_inactive(o.id) {
                continue;
            }
            let ctl = Some(self.controller(o.id));
            let here = o.zone.on_board().then_some(o.zone);
            for a in &o.def.abilities {
                grant(a, ctl, here, &o.def.name);
            }
            // 718.3: abilities a card attached to it appends
            if o.zone.on_board() {
                for (_, a) in self.appended_abilities(o.id) {
                    grant(&a, ctl, here, &o.def.name);
                }
            }
        }
        // 169.2.b: a battlefield's passives apply from the start of the game; "here" is that
        // battlefield (053.3)
        for b in &self.battlefields {
            let Some(def) = &b.def else { continue };
            for a in &def.abilities {
                grant(a, b.controller, Some(Zone::Battlefield(b.id)), &b.name);
            }
        }
        // "This deals N Bonus Damage for each [X]": the Deal action's own card
        if let Some(s) = source {
            let def = &self.objects[s.0].def;
            for a in &def.abilities {
                if let Ability::OwnBonusDamage { each, per } = a {
                    let n = each.saturating_mul(self.count(per, controller, s));
                    if n > 0 {
                        amount = amount.saturating_add(n);
                        from.push(format!("{} itself", def.name));
                    }
                }
            }
        }
        (amount > 0).then_some(Bonus { amount, from })
    }
}
