//! Attachment (434 Attach, 435 Detach, 716–719) and Inactive text (720–725): an attached
//! card's printed rules text is inactive (718.2, 721.2); its Effect Text is appended to the
//! Top-Most Card's rules text (718.3, 719.1) and its Might Bonus modulates that card's
//! Might (718.4); attached cards are at the Top-Most Card's location and move with it
//! (719.3); when the Top-Most Card leaves the board they detach and stay where they are
//! (719.5). The layer system reads the appended text and Might Bonus (layers.rs); the
//! chain reads appended triggered abilities (chain.rs).

use super::actions::{R, illegal};
use super::objects::Ability;
use super::state::{Game, ObjId};
use super::trace::EventKind;
use crate::cite;

impl Game {
    /// 718.2, 724: whether `id`'s printed rules text is inactive — it is attached to a
    /// Top-Most Card on the board. Inactive abilities do not trigger, apply or activate
    /// (721.2); its keywords are still present for effects that look for them (722.1).
    pub fn rules_text_inactive(&self, id: ObjId) -> bool {
        self.objects[id.0]
            .attached_to
            .is_some_and(|top| self.objects[top.0].zone.on_board())
    }

    /// 719: the cards attached to `top`, in the order they were created.
    pub fn attached_to_me(&self, top: ObjId) -> Vec<ObjId> {
        self.objects
            .iter()
            .filter(|o| o.attached_to == Some(top) && o.zone.on_board())
            .map(|o| o.id)
            .collect()
    }

    /// The abilities `top` has from the Effect Text of the cards attached to it (718.3),
    /// each with the card it comes from.
    pub(crate) fn appended_abilities(&self, top: ObjId) -> Vec<(ObjId, Ability)> {
        let mut v = Vec::new();
        for g in self.attached_to_me(top) {
            for a in &self.objects[g.0].def.abilities {
                if let Ability::EffectText(list) = a {
                    v.extend(list.iter().map(|x| (g, x.clone())));
                }
            }
        }
        v
    }

    /// 434: attach `gear` to the unit `top`. A card is attached to one Top-Most Card at a
    /// time (718.5.d), so it first detaches from another; it goes to `top`'s location
    /// (719.3). Attaching to a unit that is not on the board does nothing.
    pub(crate) fn attach(&mut self, gear: ObjId, top: ObjId) -> R<()> {
        if gear == top {
            return illegal(cite!("434.1.a"), "a card cannot be attached to itself");
        }
        if !self.objects[top.0].zone.on_board() || !self.objects[gear.0].zone.on_board() {
            return Ok(());
        }
        if let Some(old) = self.objects[gear.0].attached_to
            && old != top
        {
            self.detach(gear, vec![cite!("718.5.d")]);
        }
        self.objects[gear.0].attached_to = Some(top);
        let here = self.objects[top.0].zone;
        let from = self.objects[gear.0].zone;
        let mut rules = vec![cite!("434.1"), cite!("434.1.e")];
        let mut t = format!(
            "{} is attached to {}: its rules text is inactive, {} is the Top-Most Card",
            self.obj_name(gear),
            self.obj_name(top),
            self.obj_name(top)
        );
        // What the Top-Most Card gains while this stays attached (718.3, 718.4).
        for a in &self.objects[gear.0].def.abilities {
            match a {
                Ability::MightBonus(n) => {
                    rules.push(cite!("718.4"));
                    t.push_str(&format!(
                        "; its Might Bonus gives {} {n:+} Might",
                        self.obj_name(top)
                    ));
                }
                Ability::EffectText(list) if !list.is_empty() => {
                    rules.push(cite!("718.3"));
                    let kws: Vec<String> = list
                        .iter()
                        .map(|x| match x {
                            Ability::Keyword(k) => k.to_string(),
                            _ => "an ability".to_string(),
                        })
                        .collect();
                    t.push_str(&format!(
                        "; its Effect Text gives {} {}",
                        self.obj_name(top),
                        kws.join(", ")
                    ));
                }
                _ => {}
            }
        }
        if from != here {
            self.objects[gear.0].zone = here;
            rules.push(cite!("719.3"));
            t.push_str(&format!(
                " ({} goes from {} to {})",
                self.obj_name(gear),
                self.zone_name(from),
                self.zone_name(here)
            ));
        }
        self.event(EventKind::Effect, rules, t, vec![gear.0, top.0]);
        self.make_outstanding(cite!("319.7"));
        // 383.1: "When you attach an Equipment to me" of the Top-Most Card, when the card
        // attached is an Equipment (718) its controller controls
        let equipment = self.objects[gear.0]
            .def
            .tags
            .iter()
            .any(|t| t.eq_ignore_ascii_case("Equipment"));
        if equipment && self.controller(gear) == self.controller(top) {
            let batch =
                self.collect_triggers(top, &super::objects::Trigger::YouAttachEquipmentToMe, None);
            self.place_triggers(batch, vec![cite!("434.1")], false)?;
        }
        Ok(())
    }

    /// 435: detach `gear`: it stops being attached, its rules text is active again
    /// (435.1.c); it stays where it is.
    pub(crate) fn detach(&mut self, gear: ObjId, mut rules: Vec<super::trace::Cite>) {
        let Some(top) = self.objects[gear.0].attached_to.take() else {
            return; // 435.1.a.1: detaching an unattached card does nothing
        };
        rules.push(cite!("435.1.b"));
        let t = format!(
            "{} is detached from {} and stays in {}",
            self.obj_name(gear),
            self.obj_name(top),
            self.zone_name(self.objects[gear.0].zone)
        );
        self.event(EventKind::Effect, rules, t, vec![gear.0, top.0]);
        self.make_outstanding(cite!("319.7"));
    }

    /// 719.3.a: when a Top-Most Card moves (or is recalled), its attached cards go with it.
    pub(crate) fn move_attached_with(&mut self, top: ObjId) {
        let here = self.objects[top.0].zone;
        for g in self.attached_to_me(top) {
            if self.objects[g.0].zone != here {
                self.objects[g.0].zone = here;
                let t = format!(
                    "{} goes with {} to {}",
                    self.obj_name(g),
                    self.obj_name(top),
                    self.zone_name(here)
                );
                self.event(EventKind::Zone, vec![cite!("719.3.a")], t, vec![g.0, top.0]);
            }
        }
    }

    /// 719.5: cards attached to a Top-Most Card that left the board detach and remain in
    /// their current zones (run first in each cleanup, right after the change).
    pub(crate) fn detach_from_departed(&mut self) {
        let orphans: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| {
                o.attached_to
                    .is_some_and(|top| !self.objects[top.0].zone.on_board())
            })
            .map(|o| o.id)
            .collect();
        for g in orphans {
            self.detach(g, vec![cite!("719.5")]);
        }
    }
}
