//! What an instruction reads as it executes: amounts ("equal to my [Assault]", "the damage
//! marked on it"), conditions about the unit chosen ("if it has 3 [Might] or less"), whole
//! hands ("Each player discards their hand").

use super::tests::{card, modelled};
use super::*;

fn all(c: &Compiled) -> Vec<&format::Effect> {
    c.def
        .effect
        .iter()
        .chain(c.def.then.iter())
        .map(|e| &e.value)
        .collect()
}

#[test]
fn damage_equal_to_my_assault_or_its_damage() {
    let c = modelled(
        "Unit",
        "When I attack, deal damage equal to my [Assault] to an enemy unit here.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(matches!(&e.deal, Some(format::Amount::Word(w)) if w == "my-assault"));
    let c = modelled(
        "Unit",
        "When you play me, deal damage to a unit equal to the damage marked on it.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(matches!(&e.deal, Some(format::Amount::Word(w)) if w == "its-damage"));
    assert_eq!(e.to.as_ref().unwrap().value, "choose-unit");
}

#[test]
fn in_your_base_then_to_a_battlefield() {
    let c = modelled(
        "Spell",
        "Buff a friendly unit in your base, then move it to a battlefield.",
    );
    let v = all(&c);
    assert_eq!(v[0].buff.as_ref().unwrap().value, "choose-yours in-base");
    assert_eq!(v[1].move_.as_ref().unwrap().value, "it");
    assert_eq!(v[1].to.as_ref().unwrap().value, "a-battlefield");
}

#[test]
fn each_player_discards_their_hand_then_draws() {
    let c = modelled("Spell", "Each player discards their hand, then draws 4.");
    let v = all(&c);
    assert_eq!(v[0].discard_hand.as_ref().unwrap().value, "each-player");
    assert_eq!(v[1].draw.as_ref().unwrap().value, "each-player");
    assert_eq!(v[1].count.map(|n| n.get()), Some(4));
}

#[test]
fn conditions_about_the_unit_chosen() {
    let c = modelled(
        "Spell",
        "Choose a unit at a battlefield. If it has 3 [Might] or less, banish it. Otherwise, return it to its owner's hand.",
    );
    let e = all(&c)[0];
    assert_eq!(e.if_.as_ref().unwrap().value, "might 3 or less");
    assert_eq!(
        e.banish.as_ref().unwrap().value,
        "choose-unit-at-battlefield"
    );
    assert_eq!(e.otherwise.len(), 1);
    let c = modelled(
        "Spell",
        "Give a friendly unit +1 [Might] this turn, then an additional +1 [Might] this turn if it is the only unit you control there.",
    );
    let v = all(&c);
    assert_eq!(v[1].to.as_ref().unwrap().value, "it");
    assert_eq!(v[1].if_.as_ref().unwrap().value, "only-yours-there");
    // another condition there is not read
    assert!(
        !compile(&card(
            "Spell",
            "Give a friendly unit +1 [Might] this turn, then an additional +1 [Might] this turn if it is attacking alone."
        ))
        .fully_modelled()
    );
}

#[test]
fn all_units_and_gear_is_one_group() {
    let c = modelled("Spell", "Return all units and gear to their owners' hands.");
    assert_eq!(
        all(&c)[0].return_.as_ref().unwrap().value,
        "all-units-and-gear"
    );
    // given Might, a group with gear in it is not read
    assert!(
        !compile(&card(
            "Spell",
            "Give all units and gear +1 [Might] this turn."
        ))
        .fully_modelled()
    );
}
