//! The instructions of spells and triggered abilities: looks at the deck, players as
//! targets, several targets.

use super::tests::card;
use super::*;

fn spell_effect(c: &Compiled) -> &format::Effect {
    &c.def.effect.as_ref().expect("a spell effect").value
}

#[test]
fn look_at_the_top_take_one_and_recycle_the_rest() {
    // over sentences and lines: one instruction
    let c = compile(&card(
        "Spell",
        "Look at the top 3 cards of your Main Deck. You may reveal a spell with Energy cost [4] or more from among them and draw it.\nRecycle the rest.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let e = spell_effect(&c);
    assert_eq!(e.look.map(|n| n.get()), Some(3));
    assert_eq!(e.take.as_ref().unwrap().value, "spell with cost 4 or more");
    assert!(e.take_optional && !e.reveal);
    assert_eq!(e.rest.as_ref().unwrap().value, "recycle");
    assert!(c.def.then.is_empty());

    let c = compile(&card(
        "Spell",
        "Look at the top two cards of your Main Deck. Draw one and recycle the other.",
    ));
    let e = spell_effect(&c);
    assert_eq!(e.take.as_ref().unwrap().value, "card");
    assert!(!e.take_optional);
}

#[test]
fn reveal_the_top_if_its_a_type_otherwise_recycle_it() {
    let c = compile(&card(
        "Unit",
        "When I move, reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(e.reveal && !e.take_optional);
    assert_eq!(e.take.as_ref().unwrap().value, "gear");
    assert_eq!(e.rest.as_ref().unwrap().value, "recycle");
    // "otherwise" of a look at several cards, or something else done with the rest: not read
    for text in [
        "Look at the top 2 cards of your Main Deck. If it's a unit, draw it.",
        "Reveal the top card of your Main Deck. If it's a unit, draw it. Otherwise, put it in your trash.",
        "Look at the top 3 cards of your Main Deck. Put the rest into your trash.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}
