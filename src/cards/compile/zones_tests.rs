//! Level abilities that are not passives (824.1.b.1), recycling (416), banishing and playing
//! cards from zones other than the hand.

use super::tests::card;
use super::*;

#[test]
fn level_trigger_is_active_only_at_its_xp() {
    let c = compile(&card("Unit", "[Level 4] When I conquer, buff me."));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "conquer");
    assert_eq!(a.level.map(|n| n.get()), Some(4));
    assert!(c.keywords.iter().any(|(k, _)| k == "Level 4"));
}

#[test]
fn level_activated_ability_is_usable_only_at_its_xp() {
    let c = compile(&card("Gear", "[Level 3] [Reaction] [Tap]: [Add] [2]."));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let a = &c.def.abilities[0].value;
    let act = a.activate.as_ref().unwrap();
    assert!(act.value.exhaust && act.value.reaction);
    assert_eq!(a.while_.as_ref().unwrap().value, "level 3");
    assert!(a.effect.as_ref().unwrap().value.add.is_some());
}

#[test]
fn level_instead_replaces_the_spell_instruction_before() {
    let c = compile(&card(
        "Spell",
        "Deal 2 to an enemy unit.\n[Level 11] Deal 5 to it instead.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.instead_if.as_ref().unwrap().value, "level 11");
    assert_eq!(e.instead[0].value.to.as_ref().unwrap().value, "it");
    // with no instruction before it there is nothing to replace
    assert!(!compile(&card("Spell", "[Level 6] Deal 5 to it instead.")).fully_modelled());
    // a unit's "instead" has no spell instruction to replace either
    assert!(!compile(&card("Unit", "[Level 6] Draw 2 instead.")).fully_modelled());
}

#[test]
fn a_keyword_alone_on_its_line_without_brackets() {
    let c = compile(&card(
        "Unit",
        "Hidden (Hide now, play later.)\nWhen you play me, draw 1.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert!(c.def.keywords.iter().any(|k| k.value == "Hidden"));
    // a word that is not a keyword stays unsupported
    assert!(!compile(&card("Unit", "Sneaky")).fully_modelled());
}
