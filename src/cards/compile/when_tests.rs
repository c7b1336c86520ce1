//! Tests of when and whether abilities apply: triggers limited in a turn (383.1, 383.3.f),
//! more trigger events, and the conditions of triggers, "enter ready" and costs.

use super::tests::{card, modelled, refused};
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
    let c = modelled(
        "Unit",
        "Once each turn, when an enemy unit dies while I'm at a battlefield, draw 1.",
    );
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
    let c = modelled(
        "Unit",
        "I have +2 [Might] while I'm at a battlefield with exactly one other unit you control.",
    );
    let a = ability(&c, 0);
    assert_eq!(word(&a.while_), "exactly 1 other units at-battlefield");
    assert_eq!(a.might.map(|m| m.get()), Some(2));
    let c = modelled("Unit", "I have [Shield 3] while I'm buffed.");
    assert_eq!(word(&ability(&c, 0).while_), "buffed");
}

#[test]
fn use_this_ability_only_while() {
    // on the ability's own line (377.2.b)
    let c = modelled(
        "Unit",
        "[Fury], [Tap]: Deal 3 to a unit. Use this ability only while I'm at a battlefield.",
    );
    assert_eq!(word(&ability(&c, 0).while_), "at-battlefield");
    // on the next line, the card's one activated ability
    let c = modelled(
        "Unit",
        "[Tap]: Draw 1.\nUse this ability only while I'm at a battlefield.",
    );
    assert_eq!(word(&ability(&c, 0).while_), "at-battlefield");
    // "my abilities": each of them
    let c = modelled(
        "Unit",
        "[1]: Draw 1.\n[2], [Tap]: Score 1 point.\nUse my abilities only while I'm at a battlefield.",
    );
    assert!(
        c.def
            .abilities
            .iter()
            .all(|a| word(&a.value.while_) == "at-battlefield")
    );
    // "this ability" of two is not guessed
    let c = compile(&card(
        "Unit",
        "[1]: Draw 1.\n[2], [Tap]: Score 1 point.\nUse this ability only while I'm at a battlefield.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn cant_move_to_base() {
    for (kind, text, ban) in [
        ("Unit", "I can't move to base.", "me"),
        ("Unit", "Units can't move to base.", "units"),
        (
            "Battlefield",
            "Units can't move from here to base.",
            "units-here",
        ),
    ] {
        let c = compile(&card(kind, text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).cant_move_to_base), ban);
    }
    // "from here" on a unit is not a battlefield's
    let c = compile(&card("Unit", "Units can't move from here to base."));
    assert!(!c.fully_modelled());
}

#[test]
fn additional_costs_that_give_up_a_permanent() {
    for (kind, text, may, kill, ret) in [
        (
            "Unit",
            "As an additional cost to play me, kill a friendly unit.",
            false,
            "unit",
            "",
        ),
        (
            "Spell",
            "As an additional cost to play this, kill a friendly [Mighty] unit.",
            false,
            "mighty unit",
            "",
        ),
        (
            "Unit",
            "You may kill a friendly gear as an additional cost to play me.",
            true,
            "gear",
            "",
        ),
        (
            "Unit",
            "As an additional cost to play me, return a friendly gear to its owner's hand.",
            false,
            "",
            "gear",
        ),
    ] {
        let c = compile(&card(kind, text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0).additional_cost.as_ref().expect("a cost");
        assert_eq!(a.value.may, may, "{text}");
        assert_eq!(word(&a.value.kill), kill, "{text}");
        assert_eq!(word(&a.value.return_), ret, "{text}");
    }
    // an enemy's unit is no cost of the player's
    let c = compile(&card(
        "Unit",
        "As an additional cost to play me, kill an enemy unit.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn what_you_do_triggers() {
    for (text, when) in [
        ("When you buff me, ready me.", "you-buff-me"),
        ("When you stun an enemy unit, ready me.", "you-stun-enemy"),
        (
            "When you stun one or more enemy units, buff me.",
            "you-stun-enemies",
        ),
        (
            "When you discard one or more cards, ready me.",
            "you-discard",
        ),
        ("When you discard me, draw 1.", "you-discard-me"),
        (
            "When you play a token unit, buff me.",
            "you-play-token-unit",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).when), when, "{text}");
    }
}

#[test]
fn deathknell_conditions_are_what_the_unit_was_as_it_died() {
    // 383.3.e / 808.1.d.2: checked as the Deathknell triggers, the unit still on the board
    for (text, cond) in [
        (
            "[Deathknell] — If I died alone, buff a friendly unit.",
            "alone",
        ),
        (
            "[Deathknell] — If I didn't die alone, channel 1 rune exhausted.",
            "not-alone",
        ),
        ("[Deathknell] If I was [Mighty], draw 3.", "mighty"),
        (
            "[Deathknell] — If you control 2 or more gear, draw 1.",
            "control 2 gear",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert_eq!(word(&a.when), "die", "{text}");
        assert_eq!(word(&a.if_), cond, "{text}");
        assert!(a.effect.is_some());
    }
    // a condition the vocabulary has no words for keeps the whole effect unsupported
    let c = compile(&card("Unit", "[Deathknell] — If I died laughing, draw 1."));
    assert!(!c.fully_modelled());
}

#[test]
fn an_instead_sentence_replaces_the_ability_instruction_before() {
    // 370.1.a in a Deathknell's effect and in a triggered ability's further sentence
    let c = modelled(
        "Unit",
        "[Deathknell] Draw 1. If it's your Beginning Phase, draw 3 instead.",
    );
    let e = &ability(&c, 0).effect.as_ref().unwrap().value;
    assert_eq!(word(&e.instead_if), "your-phase beginning");
    assert_eq!(e.instead.len(), 1);
    let c = modelled(
        "Unit",
        "When you play me, channel 1 rune exhausted. If it's your Main Phase, draw 1 instead.",
    );
    let e = &ability(&c, 0).effect.as_ref().unwrap().value;
    assert_eq!(word(&e.instead_if), "your-phase main");
    // no instruction before it: nothing to replace
    let c = compile(&card(
        "Unit",
        "[Deathknell] If it's your Beginning Phase, draw 2 instead.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn what_happens_to_the_card_itself_in_the_passive_voice() {
    // one ability for each event of the list, the body after the list's last comma
    let c = modelled(
        "Gear",
        "When this is played, discarded, or killed, channel 1 rune exhausted.",
    );
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| word(&a.value.when))
        .collect();
    assert_eq!(whens, ["play", "you-discard-me", "die"]);
    assert!(c.def.abilities.iter().all(|a| a.value.effect.is_some()));
    let c = modelled("Unit", "When I'm played and when I conquer, ready me.");
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| word(&a.value.when))
        .collect();
    assert_eq!(whens, ["play", "conquer"]);
    // an event the list does not know keeps the phrase unsupported
    let c = compile(&card(
        "Gear",
        "When this is played, stolen, or killed, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn exhausting_the_source_as_a_trigger_cost() {
    // 403.1.b.1, 414.5: "you may exhaust me/this to …", alone or with a payment
    for (text, energy, power, exhaust) in [
        (
            "When you conquer, you may exhaust me to draw 1.",
            0,
            0,
            true,
        ),
        ("When you hold, you may exhaust this to draw 1.", 0, 0, true),
        (
            "When you play a gear, you may pay [2] and exhaust this to draw 1.",
            2,
            0,
            true,
        ),
        (
            "When you play a unit, you may exhaust me and pay [Rune] to draw 1.",
            0,
            1,
            true,
        ),
        ("When I attack, you may pay [1] to draw 1.", 1, 0, false),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let cost = &ability(&c, 0).cost.as_ref().expect(text).value;
        assert_eq!(cost.energy.get(), energy, "{text}");
        assert_eq!(cost.power.any.map_or(0, |a| a.get()), power, "{text}");
        assert_eq!(cost.exhaust, exhaust, "{text}");
    }
    // two payments, or a cost the vocabulary lacks, stay unsupported
    for text in [
        "When you play me, you may pay [1] and pay [2] to draw 1.",
        "When you play me, you may exhaust a friendly unit to draw 1.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn when_i_die_in_combat() {
    // 741.3: the unit in combat as it dies, checked as the death triggers (808.1.d.2)
    let c = modelled("Unit", "When I die in combat, draw 1.");
    let a = ability(&c, 0);
    assert_eq!(a.when.as_ref().unwrap().value, "die");
    assert_eq!(a.if_.as_ref().unwrap().value, "in-combat");
    let c = modelled(
        "Unit",
        "When I die in combat, choose an opponent. They score 1 point.",
    );
    assert_eq!(ability(&c, 0).if_.as_ref().unwrap().value, "in-combat");
    // only of the unit's own death
    refused("Unit", "When a friendly unit dies in combat, draw 1.");
}

#[test]
fn one_of_your_units() {
    // 484.8.c: "one of your (other) units" is a unit you control, chosen
    for (text, word) in [
        (
            "When I attack, give one of your other units here +2 [Might] this turn.",
            "choose-other-yours here",
        ),
        ("When I defend, ready one of your units.", "choose-yours"),
    ] {
        let c = modelled("Unit", text);
        let e = &ability(&c, 0).effect.as_ref().unwrap().value;
        let t = e.to.as_ref().or(e.ready.as_ref()).unwrap();
        assert_eq!(t.value, word, "{text}");
    }
}

#[test]
fn returning_me_to_hand_and_moving_a_unit_to_here() {
    let c = modelled("Unit", "When I conquer, return me to my owner's hand.");
    let e = &ability(&c, 0).effect.as_ref().unwrap().value;
    assert_eq!(e.return_.as_ref().unwrap().value, "me");
    // "to here": the source's location as the instruction executes
    let c = modelled(
        "Unit",
        "When you play me to a battlefield, you may move an enemy unit to here.",
    );
    let e = &ability(&c, 0).effect.as_ref().unwrap().value;
    assert!(e.may);
    assert_eq!(e.to.as_ref().unwrap().value, "here");
    assert_eq!(e.move_.as_ref().unwrap().value, "choose-enemy");
}

#[test]
fn a_triggered_ability_whose_instruction_is_choose_one() {
    // 355.3, 402.1: "When …, choose one —" and its bulleted modes: the ability's instruction
    let c = modelled(
        "Unit",
        "When I conquer, choose one —\n- Each player draws 1.\n- Deal 2 to an enemy unit here.",
    );
    let a = ability(&c, 0);
    assert_eq!(a.when.as_ref().unwrap().value, "conquer");
    let modes = &a.effect.as_ref().expect("choose one").value.choose_one;
    assert_eq!(modes.len(), 2);
    assert!(modes[0].value.draw.is_some() && modes[1].value.deal.is_some());
    assert!(c.def.effect.is_none());
    // two events, one ability each with the same modes
    let c = modelled(
        "Unit",
        "When I attack or defend, choose one —\n• Draw 1.\n• Gain 1 XP.",
    );
    assert_eq!(c.def.abilities.len(), 2);
    // a mode the vocabulary lacks, or a single mode, keeps the line unsupported
    refused(
        "Unit",
        "When I conquer, choose one —\n- Draw 1.\n- Swap two units.",
    );
    refused("Unit", "When I conquer, choose one —\n- Draw 1.");
    // a cost within the instructions before the modes is not read
    refused(
        "Unit",
        "When I conquer, you may pay [1] to choose one —\n- Draw 1.\n- Gain 1 XP.",
    );
}

#[test]
fn spending_xp_a_buff_or_killing_the_source_as_a_trigger_cost() {
    // 403.1.b.1: "you may spend 2 XP to …" (730.2), "you may spend a buff to …" (702.2.b),
    // "you may kill me to …" (428), alone or with other parts
    for (text, xp, buff, kill, energy) in [
        (
            "When I defend, you may spend 2 XP to deal 3 to an enemy unit here.",
            2,
            false,
            false,
            0,
        ),
        (
            "When I hold, you may spend a buff to channel 1 rune exhausted.",
            0,
            true,
            false,
            0,
        ),
        (
            "When I conquer, you may kill me to draw 2.",
            0,
            false,
            true,
            0,
        ),
        (
            "When you play me, you may pay [1] and spend a buff to ready me.",
            0,
            true,
            false,
            1,
        ),
        (
            "When I hold, you may kill this and spend 4 XP to score 1 point.",
            4,
            false,
            true,
            0,
        ),
    ] {
        let c = modelled("Unit", text);
        let cost = &ability(&c, 0).cost.as_ref().expect(text).value;
        assert_eq!(cost.xp.get(), xp, "{text}");
        assert_eq!(cost.buff, buff, "{text}");
        assert_eq!(cost.kill_this, kill, "{text}");
        assert_eq!(cost.energy.get(), energy, "{text}");
        assert!(!cost.exhaust, "{text}");
    }
    // the same part twice, another unit given up, or XP without a number stay unsupported
    for text in [
        "When I attack, you may spend a buff and spend a buff to draw 1.",
        "When I attack, you may kill a friendly unit to draw 1.",
        "When I attack, you may spend some XP to draw 1.",
        "When I attack, you may spend 1 XP and spend 2 XP to draw 1.",
    ] {
        refused("Unit", text);
    }
}

#[test]
fn triggers_only_on_an_opponents_turn_in_a_showdown_or_by_an_ally() {
    for (text, when, cond) in [
        (
            "When you play a spell on an opponent's turn, draw 1.",
            "play-spell",
            "opponents-turn",
        ),
        (
            "When you play a unit during a showdown, draw 1.",
            "you-play-unit",
            "showdown",
        ),
        ("When you or an ally hold, draw 1.", "you-or-ally-hold", ""),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert_eq!(word(&a.when), when, "{text}");
        assert_eq!(word(&a.if_), cond, "{text}");
    }
    // one condition of the event and one "if": not both
    let c = compile(&card(
        "Unit",
        "When you play a unit during a showdown, if you control 2 or more gear, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn readying_and_buffing_triggers_with_it_the_unit() {
    let c = modelled("Unit", "When I become ready, buff me.");
    assert_eq!(word(&ability(&c, 0).when), "become-ready");
    // "it" is the unit readied / buffed: the event's subject (`that-unit`)
    for (text, when) in [
        (
            "When you ready a friendly unit, give it +2 [Might] this turn.",
            "you-ready-friendly-unit",
        ),
        (
            "When you buff a friendly unit, you may exhaust this to ready it.",
            "you-buff-friendly-unit",
        ),
    ] {
        let c = compile(&card("Gear", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = ability(&c, 0);
        assert_eq!(word(&a.when), when, "{text}");
        let e = &a.effect.as_ref().unwrap().value;
        let target = e.to.as_ref().or(e.ready.as_ref()).unwrap();
        assert_eq!(target.value, "that-unit", "{text}");
    }
    // a trigger whose event has no unit of its own: "it" is nothing
    let c = compile(&card(
        "Unit",
        "When I become ready, give it +1 [Might] this turn.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn played_to_a_battlefield_and_an_enemy_unit_alone_here() {
    // the play effect with the unit at a battlefield as it triggers (383.4.a, 383.3.e)
    let c = modelled("Unit", "When you play me to a battlefield, buff me.");
    let a = ability(&c, 0);
    assert_eq!((word(&a.when), word(&a.if_)), ("play", "at-battlefield"));
    // 741.1 for an enemy unit
    let c = modelled(
        "Unit",
        "When I defend, if an enemy unit is alone here, ready me.",
    );
    let a = ability(&c, 0);
    assert_eq!(
        (word(&a.when), word(&a.if_)),
        ("defend", "enemy-alone-here")
    );
    // another trigger played "to" somewhere is not this one
    assert!(!compile(&card("Unit", "When you play me to your base, buff me.")).fully_modelled());
}

#[test]
fn played_units_by_tag_or_might_and_buffed_deaths() {
    let c = modelled("Unit", "When you play me or another Dragon, draw 1.");
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| word(&a.value.when))
        .collect();
    assert_eq!(whens, ["play", "you-play-tag Dragon"]);
    for (text, when) in [
        ("When you play a Poro, buff me.", "you-play-tag Poro"),
        (
            "When you play a [Mighty] unit, draw 1.",
            "you-play-mighty-unit",
        ),
        (
            "When a buffed friendly unit dies, channel 1 rune exhausted.",
            "buffed-friendly-unit-dies",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).when), when, "{text}");
    }
    // a lower-case word is no tag, and "a card" is not a tag (it is `you-play-card`)
    assert!(!compile(&card("Unit", "When you play a dragon, draw 1.")).fully_modelled());
    let c = compile(&card("Unit", "When you play a card, draw 1."));
    assert_eq!(word(&ability(&c, 0).when), "you-play-card");
}

#[test]
fn the_nth_card_drawn_each_turn() {
    let c = modelled(
        "Gear",
        "When you draw your second card each turn, buff a friendly unit.",
    );
    assert_eq!(word(&ability(&c, 0).when), "you-draw-nth 2");
    let c = compile(&card(
        "Gear",
        "When you draw your tenth card each turn, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn choosing_is_targeting_and_you_ready_me() {
    // 383.4.b: "When you choose a friendly unit", "it" being that unit
    let c = modelled(
        "Unit",
        "When you choose a friendly unit, you may exhaust me and pay [Rune] to ready it.",
    );
    let a = ability(&c, 0);
    assert_eq!(word(&a.when), "you-choose-friendly-unit");
    assert!(a.cost.as_ref().is_some_and(|c| c.value.exhaust));
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.ready.as_ref().unwrap().value, "that-unit");
    let c = modelled("Unit", "When you choose me with a spell, draw 1.");
    assert_eq!(word(&ability(&c, 0).when), "you-choose-me-with-spell");
    // "When you choose or ready me": the first verb shares the object, one ability each
    let c = modelled(
        "Unit",
        "When you choose or ready me, give me +1 [Might] this turn.",
    );
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| word(&a.value.when))
        .collect();
    assert_eq!(whens, ["you-choose-me", "you-ready-me"]);
    // a battlefield's "When a player chooses …" is not this
    let c = compile(&card(
        "Battlefield",
        "When you choose a friendly unit here, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn playing_a_card_hiding_a_card_and_the_nth_card() {
    for (text, when) in [
        ("When you play a card, draw 1.", "you-play-card"),
        (
            "When you play a card from [Hidden], give me +2 [Might] this turn.",
            "you-play-card-from-hidden",
        ),
        (
            "When you play a card from face down, draw 1.",
            "you-play-card-from-hidden",
        ),
        (
            "When you play a card with Power cost [Rune][Rune] or more, draw 1.",
            "you-play-card-power 2",
        ),
        (
            "When you play your second card in a turn, ready me.",
            "you-play-nth-card 2",
        ),
        ("When you hide a card, ready me.", "you-hide-card"),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).when), when, "{text}");
    }
    // 383.3.e: "on an opponent's turn" is the condition checked as it triggers
    let c = modelled(
        "Unit",
        "When you play a card on an opponent's turn, draw 1.",
    );
    assert_eq!(word(&ability(&c, 0).if_), "opponents-turn");
    // a Power cost written otherwise is kept as text
    let c = compile(&card(
        "Unit",
        "When you play a card with Power cost [Fury] or more, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn friendly_units_attacking_alone_moving_from_here_and_equipment_attached() {
    // "attacks or defends alone": one ability each, "it" being the unit
    let c = modelled(
        "Gear",
        "When a friendly unit attacks or defends alone, give it +1 [Might] this turn.",
    );
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| word(&a.value.when))
        .collect();
    assert_eq!(
        whens,
        ["friendly-unit-attacks-alone", "friendly-unit-defends-alone"]
    );
    for a in &c.def.abilities {
        let e = &a.value.effect.as_ref().unwrap().value;
        assert_eq!(e.to.as_ref().unwrap().value, "that-unit");
    }
    // a battlefield's "When a unit moves from here"
    let c = modelled(
        "Battlefield",
        "When a unit moves from here, give it +1 [Might] this turn.",
    );
    assert_eq!(word(&ability(&c, 0).when), "unit-moves-from-here");
    // … only on a battlefield
    let c = compile(&card(
        "Unit",
        "When a unit moves from here, give it +1 [Might] this turn.",
    ));
    assert!(!c.fully_modelled());
    let c = modelled(
        "Unit",
        "When you attach an Equipment to me, you may pay [1] to draw 1.",
    );
    assert_eq!(word(&ability(&c, 0).when), "you-attach-equipment-to-me");
}

#[test]
fn becoming_mighty_and_another_non_tag_unit_dying() {
    for (kind, text, when) in [
        (
            "Unit",
            "When a unit you control becomes [Mighty], you may pay [Order] to ready it.",
            "your-unit-becomes-mighty",
        ),
        (
            "Legend",
            "When one of your units becomes [Mighty], you may exhaust me to channel 1 rune exhausted.",
            "your-unit-becomes-mighty",
        ),
        ("Unit", "When I become [Mighty], draw 1.", "become-mighty"),
        (
            "Unit",
            "When another non–Recruit unit you control dies, draw 1.",
            "another-unit-you-control-dies-except Recruit",
        ),
        (
            "Unit",
            "When another unit you control dies, draw 1.",
            "another-unit-you-control-dies",
        ),
    ] {
        let c = compile(&card(kind, text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(word(&ability(&c, 0).when), when, "{text}");
    }
    let c = compile(&card(
        "Unit",
        "When a unit you control becomes [Mighty], you may pay [Order] to ready it.",
    ));
    let e = &ability(&c, 0).effect.as_ref().unwrap().value;
    assert_eq!(e.ready.as_ref().unwrap().value, "that-unit");
    // a lower-case word after "non" is no tag
    let c = compile(&card(
        "Unit",
        "When another non-token unit you control dies, draw 1.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn one_on_one_and_doubling_this_combat() {
    let c = modelled(
        "Unit",
        "When I attack or defend one on one, double my Might this combat.",
    );
    for (a, when) in c.def.abilities.iter().zip(["attack", "defend"]) {
        assert_eq!(word(&a.value.when), when);
        assert_eq!(word(&a.value.if_), "one-on-one");
        let e = &a.value.effect.as_ref().unwrap().value;
        assert_eq!(e.double.as_ref().unwrap().value, "me");
        assert_eq!(e.duration.as_ref().unwrap().value, "this-combat");
    }
    // "one on one" is about the unit itself
    let c = compile(&card("Unit", "When you conquer one on one, draw 1."));
    assert!(!c.fully_modelled());
}

#[test]
fn when_you_move_an_enemy_unit() {
    let c = modelled(
        "Gear",
        "When you move an enemy unit, you may exhaust this to [Stun] it.",
    );
    let a = ability(&c, 0);
    assert_eq!(word(&a.when), "you-move-enemy-unit");
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.stun.as_ref().unwrap().value, "that-unit");
}
