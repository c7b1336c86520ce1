//! Tests of when and whether abilities apply: triggers limited in a turn (383.1, 383.3.f),
//! more trigger events, and the conditions of triggers, "enter ready" and costs.

use super::tests::card;
use super::*;

fn ability(c: &Compiled, i: usize) -> &AbilityDef {
    &c.def.abilities[i].value
}

fn word(n: &Option<Spanned<String>>) -> &str {
    n.as_ref().map_or("", |n| n.value.as_str())
}

#[test]
fn the_nth_time_each_turn_is_the_trigger_with_its_count() {
    for (text, when, n) in [
        (
            "The first time I conquer each turn, ready me.",
            "conquer",
            1,
        ),
        (
            "The third time I move in a turn, you score 1 point.",
            "move",
            3,
        ),
        (
            "The first time another friendly unit dies each turn, draw 1",
            "another-friendly-unit-dies",
            1,
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert_eq!(word(&a.when), when, "{text}");
        assert_eq!(a.nth_time.map(|n| n.get()), Some(n), "{text}");
        assert!(a.uses.is_none());
    }
    // a battlefield counts nothing: kept as text
    let c = compile(&card(
        "Battlefield",
        "The first time you conquer here each turn, draw 1.",
    ));
    assert!(!c.fully_modelled());
    // "the first time" somewhere else is not a limit
    let (s, l) = triggers::turn_limited("The first time we met, draw 1.");
    assert_eq!((s.as_str(), l), ("The first time we met, draw 1.", None));
}

#[test]
fn once_each_turn_and_while_im_at_a_battlefield() {
    let c = compile(&card(
        "Unit",
        "Once each turn, when an enemy unit dies while I'm at a battlefield, draw 1.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let a = ability(&c, 0);
    assert_eq!(word(&a.when), "enemy-unit-dies");
    assert_eq!(word(&a.uses), "once-each-turn");
    assert_eq!(word(&a.if_), "at-battlefield");
    let c = compile(&card(
        "Unit",
        "Once each turn, when an enemy unit here dies, draw 1.",
    ));
    assert_eq!(word(&ability(&c, 0).when), "enemy-unit-dies-here");
    // a "while" and an "if" both: not one condition
    let c = compile(&card(
        "Unit",
        "When an enemy unit dies while I'm at a battlefield, if you control a Poro, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn more_trigger_events() {
    for (text, when) in [
        (
            "When I move from a battlefield, give me +2 [Might] this turn.",
            "move-from-battlefield",
        ),
        ("When an opponent scores, draw 1.", "opponent-scores"),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).when), when);
    }
}

#[test]
fn conditions_of_this_turn_the_hand_the_base_the_trash_and_the_scores() {
    for (text, cond) in [
        (
            "If a unit died this turn, I enter ready.",
            "unit-died-this-turn",
        ),
        (
            "If you have two or fewer cards in your hand, I enter ready.",
            "hand 2 or fewer",
        ),
        (
            "I enter ready if you have two or more other units in your base.",
            "base 2 or more other units",
        ),
        (
            "I enter ready if you have a card with my name in your trash.",
            "trash same-name",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert!(a.enter_ready);
        assert_eq!(word(&a.if_), cond, "{text}");
    }
    for (text, cond) in [
        (
            "If an enemy unit has died this turn, this costs [2] less.",
            "enemy-unit-died-this-turn",
        ),
        (
            "If an opponent's score is within 3 points of the Victory Score, this costs [2] less.",
            "opponent-within 3",
        ),
    ] {
        let c = compile(&card("Spell", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert_eq!(a.play_cost.as_ref().map(|p| p.value.energy.get()), Some(-2));
        assert_eq!(word(&a.if_), cond, "{text}");
    }
    let c = compile(&card(
        "Unit",
        "When I hold, if there is exactly one other unit you control here, draw 1.",
    ));
    assert_eq!(word(&ability(&c, 0).if_), "exactly 1 other units here");
    // "If you have …" that is none of these is kept as text
    let c = compile(&card(
        "Unit",
        "If you have seven cards in your graveyard, I enter ready.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn a_condition_written_after_what_i_have() {
    let c = compile(&card(
        "Unit",
        "I have +2 [Might] while I'm at a battlefield with exactly one other unit you control.",
    ));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let a = ability(&c, 0);
    assert_eq!(word(&a.while_), "exactly 1 other units at-battlefield");
    assert_eq!(a.might.map(|m| m.get()), Some(2));
    let c = compile(&card("Unit", "I have [Shield 3] while I'm buffed."));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert_eq!(word(&ability(&c, 0).while_), "buffed");
}
