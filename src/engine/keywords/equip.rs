//! Equip (818): "Equip [Cost]" (818.1.c), normally on gear with the Equipment tag (818.1.a),
//! is short for "[Cost]: Attach this gear to a unit you control" (818.1.c.2) — an activated
//! ability that chooses the unit that becomes the Top-Most Card (818.1.b, 818.1.b.2); its
//! cost may have resource and other parts (818.1.c.3). Each instance is a separate activated
//! ability (818.4). Equip is a characteristic, referenceable even while the gear's rules text
//! is inactive (818.5, 818.5.a; Weaponmaster reads its cost, 725.3, keywords/weaponmaster.rs).
//!
//! Where the rest lives: the ability is activated like any other (377, 398–403, play.rs);
//! attaching, the Might Bonus and Effect Text given to the equipped unit, and detaching are
//! attachment's (434–435, 716–719, attach.rs); the layer system applies what the equipped
//! unit gains (718.3, 718.4, layers.rs). A scenario card's `equip: {energy, power}` and the
//! card compiler's "[Equip] [cost]" are built into the ability [`effects`] describes.

use crate::cite;
use crate::engine::objects::{Ability, Effect, Target, UnitFilter};
use crate::engine::resources::Power;
use crate::engine::state::{Game, ObjId};
use crate::engine::trace::EventKind;

/// 818.1.c.2: what an Equip ability does: attach this gear to a unit you control, chosen as
/// the ability is activated (818.1.b).
pub fn effects() -> Vec<Effect> {
    vec![Effect::Attach {
        target: Target::ChooseUnit(UnitFilter::Yours),
    }]
}

/// 818.1.c.2: the cost (energy, power) of a card's Equip ability — the activated ability
/// that attaches it — if it has one (read even while its rules text is inactive, 725.3),
/// and whether it has parts other than resources too (818.1.c.3: spending XP, recycling,
/// exhausting or killing something).
pub(crate) fn equip_cost(g: &Game, card: ObjId) -> Option<(i32, Power, bool)> {
    g.objects[card.0]
        .def
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Activated {
                energy,
                power,
                effects,
                exhaust,
                kill_self,
                spend_buff,
                xp,
                recycle,
                discard,
                ..
            } if effects.iter().any(|e| matches!(e, Effect::Attach { .. })) => Some((
                *energy,
                power.resolve(&g.objects[card.0].def.domains),
                *exhaust || *kill_self || *spend_buff || *xp > 0 || recycle.0 > 0 || *discard > 0,
            )),
            _ => None,
        })
}

impl Game {
    /// 818.2, 818.3: once `gear`, an Equipment, is attached to `unit`, the unit is Equipped
    /// (an event other effects may reference, 818.2.a), as long as it stays attached
    /// (818.3.a). Traced; nothing else to do while no effect refers to it.
    pub(crate) fn note_equipped(&mut self, gear: ObjId, unit: ObjId) {
        let equipment = self.objects[gear.0]
            .def
            .tags
            .iter()
            .any(|t| t.eq_ignore_ascii_case("equipment"));
        if !equipment || self.objects[gear.0].attached_to != Some(unit) {
            return;
        }
        let t = format!(
            "{} is equipped by {}",
            self.obj_name(unit),
            self.obj_name(gear)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("818.2"), cite!("818.3")],
            t,
            vec![unit.0, gear.0],
        );
    }
}
