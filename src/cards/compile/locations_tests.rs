//! Places an instruction names (355.10.b, 355.4): a battlefield chosen as the spell is
//! played ("all enemy units at a battlefield", "Choose a battlefield. … there"), the place of
//! the unit chosen before ("at its location", "that enemy unit's battlefield").

use super::tests::{card, modelled};
use super::*;

/// A spell's instructions in order: (what each affects or moves, where to), as words.
fn words(c: &Compiled) -> Vec<(String, String)> {
    c.def
        .effect
        .iter()
        .chain(c.def.then.iter())
        .map(|e| {
            let e = &e.value;
            let who = e
                .deal
                .as_ref()
                .and(e.to.as_ref())
                .or(e.move_.as_ref())
                .or(e.stun.as_ref())
                .or(e.buff.as_ref())
                .or(e.to.as_ref())
                .map(|n| n.value.clone())
                .unwrap_or_default();
            let to = if e.move_.is_some() {
                e.to.as_ref().map(|n| n.value.clone()).unwrap_or_default()
            } else {
                String::new()
            };
            (who, to)
        })
        .collect()
}

fn w(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

#[test]
fn all_units_at_a_battlefield_targets_the_battlefield() {
    let c = modelled("Spell", "Deal 2 to all enemy units at a battlefield.");
    assert_eq!(words(&c), vec![w("enemy-units at-a-battlefield", "")]);
    // a unit "at a battlefield" is a restriction of the unit's (355.10.b), as before
    let c = compile(&card("Spell", "Deal 2 to an enemy unit at a battlefield."));
    assert_eq!(words(&c), vec![w("choose-enemy-at-battlefield", "")]);
}

#[test]
fn choose_a_battlefield_then_there() {
    let c = modelled(
        "Spell",
        "Choose a battlefield. Give friendly units there +2 [Might] this turn and enemy units there -2 [Might] this turn, to a minimum of 1 [Might].",
    );
    assert_eq!(
        words(&c),
        vec![
            w("friendly-units at-a-battlefield", ""),
            w("enemy-units there", "")
        ]
    );
    let all: Vec<&format::Effect> = c
        .def
        .effect
        .iter()
        .chain(c.def.then.iter())
        .map(|e| &e.value)
        .collect();
    // the minimum is the decrease's only
    assert!(all[0].min.is_none());
    assert_eq!(all[1].min.map(|m| m.get()), Some(1));
    // a battlefield where you have units, the move to it
    let c = modelled(
        "Spell",
        "Choose a battlefield where you have units. You may move up to one enemy unit to that battlefield. Then give enemy units there -1 [Might] this turn.",
    );
    assert_eq!(
        words(&c),
        vec![
            w(
                "choose-enemy up-to-one",
                "a-battlefield-where-you-have-units"
            ),
            w("enemy-units there", "")
        ]
    );
    // a battlefield chosen that nothing refers to says nothing
    let c = compile(&card("Spell", "Choose a battlefield. Draw 1."));
    assert!(!c.fully_modelled());
}

#[test]
fn a_battlefield_and_a_unit_there() {
    let c = modelled(
        "Spell",
        "Choose a battlefield and an enemy unit there. Deal 3 to that unit and 1 to each other enemy unit there.",
    );
    assert_eq!(
        words(&c),
        vec![
            w("choose-enemy at-a-battlefield", ""),
            w("enemy-units there other-than-it", "")
        ]
    );
}

#[test]
fn at_its_location_and_that_units_battlefield() {
    let c = modelled(
        "Spell",
        "Give a friendly unit +1 [Might] this turn and [Stun] an enemy unit at its location.",
    );
    assert_eq!(
        words(&c),
        vec![
            w("choose-friendly", ""),
            w("choose-enemy at-its-location", "")
        ]
    );
    let c = modelled(
        "Spell",
        "Stun an enemy at a battlefield. You may move a friendly unit to that enemy unit's battlefield.",
    );
    assert_eq!(
        words(&c),
        vec![
            w("choose-enemy-at-battlefield", ""),
            w("choose-friendly", "its-battlefield")
        ]
    );
    // "at its location" with no unit chosen before it is not a choice of its own
    assert!(!compile(&card("Spell", "Deal 2 to all units at its location.")).fully_modelled());
}

#[test]
fn if_im_at_a_battlefield_there_is_here() {
    let c = modelled(
        "Unit",
        "When you play me, buff me. Then, if I am at a battlefield, buff all other friendly units there.",
    );
    let a = &c.def.abilities[0].value;
    let last = &a.then.last().unwrap().value;
    assert_eq!(
        last.buff.as_ref().unwrap().value,
        "other-friendly-units-here"
    );
    assert_eq!(last.if_.as_ref().unwrap().value, "at-battlefield");
}

#[test]
fn for_each_battlefield_you_or_allies_control() {
    let c = modelled(
        "Spell",
        "Draw 1, then draw 1 for each battlefield you or allies control",
    );
    let then = &c.def.then[0].value;
    assert_eq!(then.for_each.as_ref().unwrap().value, "battlefields");
    let c = modelled(
        "Battlefield",
        "When you conquer here, draw 1 for each other battlefield you or allies control.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.for_each.as_ref().unwrap().value, "other battlefields");
}

#[test]
fn one_or_the_other_is_chosen_on_resolution() {
    let c = modelled(
        "Unit",
        "When I conquer, draw 1 or channel 1 rune exhausted.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.one_of.len(), 2);
    assert!(e.one_of[1].value.exhausted && !e.may);
    let c = compile(&card(
        "Unit",
        "When you play me, you may draw 1 or buff me.",
    ));
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(e.may && e.one_of.len() == 2);
    // what either would choose at step 2 is not for us to guess; nor "a unit or gear"
    for text in [
        "When you play me, draw 1 or buff a friendly unit.",
        "Kill a unit or gear.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}
