//! Battlefields' and legends' text (053.3: battlefields say "here"; 187.6: their abilities'
//! controller): passives about the units there, player-level triggers.

use super::tests::card;
use super::*;

fn only(c: &Compiled) -> &AbilityDef {
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert_eq!(c.def.abilities.len(), 1, "{:?}", c.def.abilities);
    &c.def.abilities[0].value
}

#[test]
fn units_here_have_might_or_a_keyword() {
    let c = compile(&card("Battlefield", "Units here have +1 [Might]."));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.while_.as_ref().unwrap().value, "always");
    assert_eq!(a.might.map(|m| m.get()), Some(1));
    let c = compile(&card("Battlefield", "Units here have [Ganking]."));
    assert_eq!(only(&c).grant[0].value, "Ganking");
}

#[test]
fn units_here_with_a_keyword_is_a_condition_on_each() {
    let c = compile(&card(
        "Battlefield",
        "Units here with [Temporary] have [Shield] .",
    ));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.while_.as_ref().unwrap().value, "has Temporary");
    assert_eq!(a.grant[0].value, "Shield");
    // a keyword the engine does not model is no condition it can check
    let c = compile(&card(
        "Battlefield",
        "Units here with [Flow] have +1 [Might].",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn your_units_have_at_a_level() {
    let c = compile(&card("Legend", "[Level 6] Your units have +1 [Might]."));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "friendly-units");
    assert_eq!(a.while_.as_ref().unwrap().value, "level 6");
}
