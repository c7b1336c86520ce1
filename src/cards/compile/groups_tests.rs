//! Choices of a group (355.11, 355.13, 355.14): "any number of", "up to N … at the same
//! location", damage split among a group.

use super::tests::{card, modelled, refused};
use super::*;
use crate::engine::groups::GroupSize;

fn spell_effect(c: &Compiled) -> &format::Effect {
    &c.def.effect.as_ref().expect("a spell effect").value
}

/// The word parses as a group in the scenario vocabulary, with these restrictions.
fn group(word: &str) -> (crate::engine::groups::GroupSize, String, usize) {
    let (cap, w, rules) = crate::scenario::load::group_word(word).expect(word);
    (cap, w.to_string(), rules.len())
}

#[test]
fn damage_split_among_any_number_of_enemy_units_here() {
    let c = modelled(
        "Unit",
        "When I attack, deal 4 damage split among any number of enemy units here.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(e.split);
    assert!(matches!(e.deal, Some(format::Amount::Fixed(n)) if n.get() == 4));
    let to = &e.to.as_ref().unwrap().value;
    assert_eq!(to, "any-number enemy-units-here");
    assert_eq!(
        group(to),
        (GroupSize::AnyNumber, "enemy-units-here".into(), 0)
    );
    // split among up to N: a group of at most N (355.14.c)
    let c = modelled("Spell", "Deal 3 damage split among up to two enemy units.");
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "up-to-2 enemy-units"
    );
    // split among one chosen unit, or among units not chosen: not read
    for text in [
        "Deal 3 damage split among an enemy unit.",
        "Deal 3 damage split among all enemy units.",
        "Deal 3 damage split among any number of gear.",
    ] {
        refused("Spell", text);
    }
}

#[test]
fn any_number_with_total_might_at_a_battlefield() {
    let c = modelled(
        "Spell",
        "Kill any number of units at a battlefield with total Might 3 or less.",
    );
    let w = &spell_effect(&c).kill.as_ref().unwrap().value;
    assert_eq!(
        w,
        "any-number units-at-battlefields same-battlefield with total might 3 or less"
    );
    assert_eq!(
        group(w),
        (GroupSize::AnyNumber, "units-at-battlefields".into(), 2)
    );
    // the whole group, at one battlefield, moved or returned
    let c = modelled(
        "Spell",
        "Move any number of enemy units at a battlefield to their base.",
    );
    let e = spell_effect(&c);
    assert_eq!(
        e.move_.as_ref().unwrap().value,
        "any-number enemy-units-at-battlefields same-battlefield"
    );
    assert_eq!(e.to.as_ref().unwrap().value, "base");
    let c = modelled(
        "Spell",
        "Return any number of friendly units with total Might 6 or less to their owners' hands.",
    );
    let w = &spell_effect(&c).return_.as_ref().unwrap().value;
    assert_eq!(w, "any-number friendly-units with total might 6 or less");
    assert_eq!(group(w), (GroupSize::AnyNumber, "friendly-units".into(), 1));
}

#[test]
fn up_to_n_at_the_same_location_is_one_group() {
    let c = modelled("Spell", "Deal 2 to up to two units at the same location.");
    let e = spell_effect(&c);
    let w = &e.to.as_ref().unwrap().value;
    assert_eq!(w, "up-to-2 all-units same-location");
    assert_eq!(group(w), (GroupSize::UpTo(2), "all-units".into(), 1));
    assert!(c.def.then.is_empty());
    // without a restriction on the whole, "up to N" stays N choices of one (355.13)
    let c = modelled("Spell", "Stun up to two enemy units.");
    assert_eq!(
        spell_effect(&c).stun.as_ref().unwrap().value,
        "choose-enemy up-to-one"
    );
    assert_eq!(c.def.then.len(), 1);
    // a restriction the engine does not know is not read
    refused("Spell", "Kill any number of units with the same name.");
    assert!(
        !compile(&card("Spell", "Kill any number of units with total Might.")).fully_modelled()
    );
}

#[test]
fn two_units_chosen_in_one_instruction_to_swap_their_might() {
    let c = modelled(
        "Spell",
        "Swap the Might of two friendly units at the same battlefield this turn.",
    );
    let w = &spell_effect(&c).swap.as_ref().unwrap().value;
    assert_eq!(
        w,
        "exactly-2 friendly-units-at-battlefields same-battlefield"
    );
    assert_eq!(
        group(w),
        (
            GroupSize::Exactly(2),
            "friendly-units-at-battlefields".into(),
            1
        )
    );
    // a swap of other than two units' Might is not read
    for text in [
        "Swap the Might of up to two units this turn.",
        "Swap the Might of any number of units this turn.",
        "Swap the Might of two units.",
    ] {
        refused("Spell", text);
    }
}

#[test]
fn your_token_units_moved_to_this_battlefield() {
    let c = modelled(
        "Unit",
        "When I attack, you may move any number of your token units to this battlefield.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(e.may);
    let w = &e.move_.as_ref().unwrap().value;
    assert_eq!(w, "any-number your-units token");
    assert_eq!(
        group(w),
        (GroupSize::AnyNumber, "your-units token".into(), 0)
    );
    assert_eq!(e.to.as_ref().unwrap().value, "here");
}
