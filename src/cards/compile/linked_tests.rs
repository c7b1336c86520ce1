use super::tests::{card, modelled};
use super::*;

fn first(c: &Compiled) -> &format::Effect {
    match &c.def.effect {
        Some(e) => &e.value,
        None => {
            let a = c.def.abilities.iter().find(|a| a.value.effect.is_some());
            &a.expect("an effect").value.effect.as_ref().unwrap().value
        }
    }
}

#[test]
fn if_you_do_links_to_the_optional_instruction_before() {
    // 359.3.e.14.a: the buff executes only if the kill did
    let c = modelled(
        "Unit",
        "When you hold, you may kill a gear. If you do, buff me.",
    );
    let e = first(&c);
    assert!(e.may);
    assert_eq!(e.kill.as_ref().unwrap().value, "choose-gear");
    assert_eq!(e.if_you_do[0].value.buff.as_ref().unwrap().value, "me");
    // "If you do" on a spell's instruction, and "Otherwise" after it
    let c = modelled(
        "Spell",
        "You may exhaust a friendly unit. If you do, draw 2. Otherwise, draw 1.",
    );
    let e = first(&c);
    assert_eq!(e.if_you_do.len(), 1);
    assert_eq!(e.if_not[0].value.count.map(|n| n.get()), Some(1));
    // nothing before it: "If you do" depends on nothing
    assert!(!compile(&card("Spell", "If you do, draw 1.")).fully_modelled());
    // whether a group instruction was done is not something the engine tells
    assert!(
        !compile(&card(
            "Spell",
            "Deal 1 to all enemy units here. If you do, draw 1."
        ))
        .fully_modelled()
    );
    // a sentence of two instructions before it: which one "you do" is not guessed
    assert!(
        !compile(&card(
            "Spell",
            "Ready a unit and exhaust a unit. If you do, draw 1."
        ))
        .fully_modelled()
    );
}

#[test]
fn if_you_cant_links_to_an_instruction_not_done() {
    let c = modelled("Spell", "Channel 1 rune exhausted. If you can't, draw 1.");
    let e = first(&c);
    assert_eq!(e.channel.map(|n| n.get()), Some(1));
    assert_eq!(e.if_not[0].value.draw.as_ref().unwrap().value, "you");
    // 430.4: "If you couldn't channel 2 runes this way" repeats the instruction
    let c = modelled(
        "Spell",
        "Channel 2 runes exhausted. If you couldn't channel 2 runes this way, draw 1.",
    );
    assert_eq!(first(&c).if_not.len(), 1);
    // …and it must be the same instruction
    assert!(
        !compile(&card(
            "Spell",
            "Channel 2 runes exhausted. If you couldn't channel 3 runes this way, draw 1.",
        ))
        .fully_modelled()
    );
    // "If you can't" after an optional instruction is not what the card means
    assert!(
        !compile(&card("Spell", "You may kill a gear. If you can't, draw 1.")).fully_modelled()
    );
}

#[test]
fn if_a_condition_otherwise() {
    // 359.3.f.2: a condition about the unit chosen, checked as the instruction executes
    let c = modelled(
        "Unit",
        "When you play me, choose an enemy unit. If it is stunned, kill it. Otherwise, stun it.",
    );
    let e = first(&c);
    assert_eq!(e.if_.as_ref().unwrap().value, "stunned");
    assert_eq!(e.kill.as_ref().unwrap().value, "choose-enemy");
    assert_eq!(e.otherwise[0].value.stun.as_ref().unwrap().value, "it");
    // a condition about "it" on an instruction that is not about it
    assert!(
        !compile(&card(
            "Unit",
            "When you play me, choose an enemy unit. Stun it. If it is stunned, draw 1.",
        ))
        .fully_modelled()
    );
    // "Otherwise" with nothing to be the other branch of
    assert!(!compile(&card("Spell", "Draw 1. Otherwise, draw 2.")).fully_modelled());
}

#[test]
fn if_you_do_after_an_optional_additional_cost() {
    // 356.4.f.1: the cost was paid if the player decided to pay it
    let c = modelled(
        "Spell",
        "As an additional cost to play this, you may discard 1. If you do, draw 2. Otherwise, draw 1.",
    );
    let e = first(&c);
    assert_eq!(e.if_.as_ref().unwrap().value, "additional-cost-paid");
    assert_eq!(e.count.map(|n| n.get()), Some(2));
    assert_eq!(e.otherwise.len(), 1);
}

#[test]
fn they_are_two_units_chosen_or_the_unit_before_and_the_one_chosen() {
    // "Choose two units": two different units (355.5)
    let c = modelled(
        "Spell",
        "Choose two units. They deal damage equal to their Mights to each other.",
    );
    let e = first(&c);
    assert_eq!(e.fight.as_ref().unwrap().value, "choose-unit");
    assert_eq!(e.with.as_ref().unwrap().value, "choose-unit distinct");
    // "anywhere" is no restriction on the friendly unit's location
    let c = modelled(
        "Spell",
        "Choose a friendly unit anywhere and an enemy unit at a battlefield. They deal damage equal to their Mights to each other.",
    );
    assert_eq!(first(&c).fight.as_ref().unwrap().value, "choose-friendly");
    assert_eq!(
        first(&c).with.as_ref().unwrap().value,
        "choose-enemy-at-battlefield"
    );
    // the unit an instruction chose before, and the one chosen after it
    let c = modelled(
        "Spell",
        "Give a friendly unit +1 [Might] this turn. Then, choose an enemy unit. They deal damage equal to their Mights to each other.",
    );
    let f = &c.def.then[0].value;
    assert_eq!(f.fight.as_ref().unwrap().value, "it");
    assert_eq!(f.with.as_ref().unwrap().value, "choose-enemy");
    let c = compile(&card(
        "Spell",
        "Choose two enemy units. They deal damage equal to their Mights to each other.",
    ));
    assert_eq!(
        first(&c).with.as_ref().unwrap().value,
        "choose-enemy distinct"
    );
    // gear do not deal damage equal to their Might
    assert!(
        !compile(&card(
            "Spell",
            "Choose two gear. They deal damage equal to their Mights to each other.",
        ))
        .fully_modelled()
    );
}

#[test]
fn predict_is_an_instruction() {
    // 436.3: "Predict X", X being 1 when omitted (436.3.a)
    let c = modelled("Spell", "[Predict 3]. Draw 1.");
    assert_eq!(first(&c).predict.map(|n| n.get()), Some(3));
    let c = modelled("Spell", "Give a unit -1 [Might] this turn.\n[Predict].");
    assert_eq!(c.def.then[0].value.predict.map(|n| n.get()), Some(1));
    modelled("Gear", "[1], [Tap]: [Predict 2], then draw 1.");
    // a word that only starts like it is not Predict
    assert!(!compile(&card("Spell", "[Predictor 2].")).fully_modelled());
}

#[test]
fn a_chosen_player_plays_a_token() {
    // 182.1.a, 439.1: "They play a … token": the player chosen plays it, and controls it
    let c = modelled(
        "Unit",
        "When you play me, choose an opponent. They play a 2 [Might] Sprout unit token.",
    );
    let e = first(&c);
    assert_eq!(e.create.as_ref().unwrap().value, "Sprout");
    assert_eq!(e.player.as_ref().unwrap().value, "choose-opponent");
    let c = modelled(
        "Spell",
        "Choose a player. They play a Gold gear token exhausted.",
    );
    assert_eq!(first(&c).player.as_ref().unwrap().value, "choose-player");
    // a place for their token is not read (whose "here"?)
    assert!(
        !compile(&card(
            "Unit",
            "When you play me, choose an opponent. They play a 1 [Might] Sprout unit token here."
        ))
        .fully_modelled()
    );
}

#[test]
fn a_chosen_player_and_a_card_chosen_from_their_hand() {
    // 355.17: "Choose an opponent. They …" — the player chosen as the instruction executes
    let c = modelled(
        "Unit",
        "When you play me, choose an opponent. They reveal their hand. Choose a card from it, and they discard that card.",
    );
    let e = first(&c);
    assert_eq!(e.reveal_hand.as_ref().unwrap().value, "choose-opponent");
    assert_eq!(e.pick.as_ref().unwrap().value, "card");
    assert!(!e.recycle);
    let c = modelled(
        "Spell",
        "Choose an opponent. They reveal their hand. Choose a non–unit card from it, and recycle that card.",
    );
    assert_eq!(first(&c).pick.as_ref().unwrap().value, "non-unit card");
    assert!(first(&c).recycle);
    let c = modelled(
        "Spell",
        "Choose an opponent. They reveal their hand and you choose a Calm card from it. They recycle that card.",
    );
    assert_eq!(first(&c).pick.as_ref().unwrap().value, "Calm card");
    let c = modelled("Unit", "When you play me, choose a player. They draw 2.");
    assert_eq!(first(&c).draw.as_ref().unwrap().value, "choose-player");
    // a reveal whose card nothing is done with, or a "they" with no player chosen
    for text in [
        "Choose an opponent. They reveal their hand.",
        "Choose an opponent. They reveal their hand. Choose a card from it.",
        "They discard 1.",
        "Choose an opponent. Draw 1.",
        "Choose an opponent. They kill a unit.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn a_paid_pick_from_a_revealed_hand_is_the_triggers_cost() {
    // 742.1.b: "You may pay 2 XP to choose a card from their hand" in a triggered ability —
    // paid as it goes on the chain; "they … and draw 1" is the same player's
    let c = modelled(
        "Unit",
        "When you play me, choose an opponent. They reveal their hand. You may pay 2 XP to choose a card from their hand. If you do, they discard that card and draw 1.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.cost.as_ref().unwrap().value.xp.get(), 2);
    let e = first(&c);
    assert_eq!(e.reveal_hand.as_ref().unwrap().value, "choose-opponent");
    assert_eq!(e.pick.as_ref().unwrap().value, "card");
    assert_eq!(e.they.len(), 1);
    assert_eq!(e.they[0].value.draw.as_ref().unwrap().value, "you");
    // a spell's cost within its instructions is paid as it resolves (742.1.a): not read
    assert!(
        !compile(&card(
            "Spell",
            "Choose an opponent. They reveal their hand. You may pay [1] to choose a card from their hand. If you do, they discard that card.",
        ))
        .fully_modelled()
    );
}

#[test]
fn doubling_might() {
    // 432: "Double … Might this turn", of a unit chosen or of the source
    let c = modelled(
        "Spell",
        "Double a friendly unit's Might this turn. Give it [Temporary].",
    );
    assert_eq!(first(&c).double.as_ref().unwrap().value, "choose-friendly");
    assert_eq!(c.def.then[0].value.to.as_ref().unwrap().value, "it");
    let c = modelled("Unit", "[1]: Double my Might this turn.");
    assert_eq!(first(&c).double.as_ref().unwrap().value, "me");
    // for no duration, or of something else than Might: not this instruction
    assert!(!compile(&card("Spell", "Double a unit's Might.")).fully_modelled());
    assert!(!compile(&card("Spell", "Double your points this turn.")).fully_modelled());
}
