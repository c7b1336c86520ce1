//! The instructions of spells and triggered abilities: looks at the deck, players as
//! targets, several targets.

use super::tests::{card, modelled, refused};
use super::*;

fn spell_effect(c: &Compiled) -> &format::Effect {
    &c.def.effect.as_ref().expect("a spell effect").value
}

#[test]
fn look_at_the_top_take_one_and_recycle_the_rest() {
    // over sentences and lines: one instruction
    let c = modelled(
        "Spell",
        "Look at the top 3 cards of your Main Deck. You may reveal a spell with Energy cost [4] or more from among them and draw it.\nRecycle the rest.",
    );
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
    let c = modelled(
        "Unit",
        "When I move, reveal the top card of your Main Deck. If it's a gear, draw it. Otherwise, recycle it.",
    );
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

#[test]
fn two_units_one_instruction_each() {
    // "two friendly units each": the second choice is a different unit
    let c = modelled(
        "Spell",
        "Give two friendly units each +1 [Might] this turn.",
    );
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "choose-friendly"
    );
    let second = &c.def.then[0].value;
    assert_eq!(
        second.to.as_ref().unwrap().value,
        "choose-friendly distinct"
    );
    assert_eq!(second.might.map(|m| m.get()), Some(1));
    // a friendly and an enemy unit can never be the same unit
    let c = modelled(
        "Unit",
        "When you play me, return another friendly unit and an enemy unit to their owners' hands.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(
        a.effect
            .as_ref()
            .unwrap()
            .value
            .return_
            .as_ref()
            .unwrap()
            .value,
        "choose-other-friendly"
    );
    assert_eq!(
        a.then[0].value.return_.as_ref().unwrap().value,
        "choose-enemy"
    );
    // two choices that may be the same unit are not split
    for text in [
        "Kill a unit and an enemy unit.",
        "Return a unit and a friendly unit to their owners' hands.",
        "You may give two friendly units each +1 [Might] this turn.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn each_player_kills_one_of_their_own() {
    let c = modelled("Spell", "Each player kills one of their gear.");
    let e = spell_effect(&c);
    assert_eq!(e.kill_own.as_ref().unwrap().value, "gear");
    assert_eq!(e.player.as_ref().unwrap().value, "each-player");
    let c = modelled(
        "Unit",
        "When you play me, each opponent must kill one of their units.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.player.as_ref().unwrap().value, "each-opponent");
    assert!(!compile(&card("Spell", "Each player kills two of their units.")).fully_modelled());
}

#[test]
fn its_controller_or_owner_after_an_instruction_that_chose() {
    let c = modelled("Spell", "Kill a gear. Its controller draws 2.");
    let e = spell_effect(&c);
    assert_eq!(e.kill.as_ref().unwrap().value, "choose-gear");
    let then = &e.its_controller.as_ref().unwrap().value;
    assert_eq!(then.draw.as_ref().unwrap().value, "you");
    assert_eq!(then.count.map(|n| n.get()), Some(2));
    assert!(c.def.then.is_empty());
    let c = modelled(
        "Unit",
        "When you play me, return a friendly unit to its owner's hand. Its owner channels 1 rune exhausted.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    let then = &e.its_owner.as_ref().unwrap().value;
    assert!(then.channel.is_some() && then.exhausted);
    // no unit chosen before it, or an instruction about units: not read
    for text in [
        "Draw 1. Its controller draws 2.",
        "Kill all gear. Its controller draws 2.",
        "Kill a gear. Its controller kills a unit.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn units_enter_ready_this_turn() {
    for text in [
        "Units you play this turn enter ready.",
        "Friendly units enter ready this turn.",
    ] {
        let c = modelled("Spell", text);
        assert_eq!(
            spell_effect(&c).units_enter_ready.as_ref().unwrap().value,
            "you"
        );
    }
    assert!(!compile(&card("Spell", "Enemy units enter ready this turn.")).fully_modelled());
}

#[test]
fn each_player_draws_or_discards_in_turn() {
    for (text, draw, discard) in [
        ("Each player draws 1.", Some("each-player"), None),
        ("Each opponent discards 2.", None, Some("each-opponent")),
    ] {
        let c = compile(&card("Spell", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let e = spell_effect(&c);
        assert_eq!(e.draw.as_ref().map(|n| n.value.as_str()), draw, "{text}");
        assert_eq!(
            e.discard.as_ref().map(|n| n.value.as_str()),
            discard,
            "{text}"
        );
        assert!(e.count.is_some(), "{text}");
    }
    // "may" is each one's choice, which the vocabulary does not say: not compiled
    assert!(!compile(&card("Spell", "Each player may draw 1.")).fully_modelled());
}

#[test]
fn a_number_for_each() {
    let c = modelled(
        "Unit",
        "When you play me, draw 1 for each of your [Mighty] units.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.for_each.as_ref().unwrap().value, "mighty units");
    assert!(e.draw.is_some());
    let c = modelled("Spell", "Gain 1 XP for each friendly unit.");
    assert_eq!(spell_effect(&c).for_each.as_ref().unwrap().value, "units");
    // what it counts or what it multiplies not read: not compiled
    for text in [
        "Draw 1 for each battlefield you control.",
        "Buff a friendly unit for each friendly unit.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn another_unit_after_a_first_is_a_different_one() {
    let c = modelled(
        "Spell",
        "Give a unit +2 [Might] this turn and another unit -2 [Might] this turn.",
    );
    assert_eq!(spell_effect(&c).to.as_ref().unwrap().value, "choose-unit");
    let second = &c.def.then[0].value;
    assert_eq!(second.to.as_ref().unwrap().value, "choose-unit distinct");
    assert_eq!(second.might.map(|m| m.get()), Some(-2));
}

#[test]
fn up_to_n_is_n_choices_each_of_which_may_be_none() {
    // 355.13: one choice per object, the later ones distinct from the earlier
    let c = modelled("Spell", "Deal 6 to each of up to two units.");
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "choose-unit up-to-one"
    );
    assert_eq!(
        c.def.then[0].value.to.as_ref().unwrap().value,
        "choose-unit distinct up-to-one"
    );
    let c = modelled("Spell", "Move up to 2 friendly units to base.");
    assert_eq!(
        c.def.then[0].value.move_.as_ref().unwrap().value,
        "choose-friendly distinct up-to-one"
    );
    // "other" after a first choice: a different unit
    let c = modelled(
        "Spell",
        "Deal 2 to a unit at a battlefield, then deal 2 to up to one other unit.",
    );
    assert_eq!(
        c.def.then[0].value.to.as_ref().unwrap().value,
        "choose-other-unit distinct up-to-one"
    );
    // runes are targets to ready (355.10.f)
    let c = modelled("Spell", "Ready up to 2 runes.");
    assert_eq!(
        spell_effect(&c).ready.as_ref().unwrap().value,
        "choose-rune up-to-one"
    );
    let c = modelled("Spell", "You may kill up to one gear.");
    assert!(spell_effect(&c).may);
    assert!(c.def.then.is_empty());
    // a rune is not dealt damage; "may" over two choices is one decision not expressed
    for text in [
        "Deal 3 to up to one rune.",
        "You may buff up to two friendly units.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn units_in_combat_and_attacking_units() {
    // 741.3
    let c = modelled("Spell", "Deal 2 to all enemy units in combat.");
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "enemy-units in-combat"
    );
    for (text, word) in [
        ("Stun an attacking unit.", "choose-unit attacking"),
        ("Stun an attacking enemy unit.", "choose-enemy attacking"),
    ] {
        let c = compile(&card("Spell", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(spell_effect(&c).stun.as_ref().unwrap().value, word);
    }
    assert!(!compile(&card("Spell", "Kill a gear in combat.")).fully_modelled());
}

#[test]
fn a_timing_keyword_before_the_cost() {
    // "[Action] [Tap]: …" is "[Tap]: [Action] …" (806)
    let c = modelled(
        "Legend",
        "[Action] [Tap]: Give a friendly unit [Tank] this turn.",
    );
    let a = c.def.abilities[0].value.activate.as_ref().unwrap();
    assert!(a.value.action && a.value.exhaust);
    // a keyword is no cost: ": …" after it alone is not an activated ability
    assert!(!compile(&card("Legend", "[Action]: Draw 1.")).fully_modelled());
}

#[test]
fn a_move_without_destination_is_the_players_choice() {
    // 444.1
    let c = modelled("Spell", "Move an enemy unit.");
    let e = spell_effect(&c);
    assert_eq!(e.move_.as_ref().unwrap().value, "choose-enemy");
    assert_eq!(e.to.as_ref().unwrap().value, "chosen");
    let c = modelled("Spell", "Move a friendly unit and ready it.");
    assert_eq!(c.def.then[0].value.ready.as_ref().unwrap().value, "it");
    let c = modelled("Spell", "Move a friendly unit, then move an enemy unit.");
    assert_eq!(c.def.then[0].value.to.as_ref().unwrap().value, "chosen");
    // a destination the vocabulary does not read is not "chosen"
    for text in [
        "Move an enemy unit to a location where there's a unit with the same controller.",
        "Move me to its location.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn keywords_given_without_a_duration_last() {
    let c = modelled("Spell", "Give a gear [Temporary].");
    let e = spell_effect(&c);
    assert_eq!(e.to.as_ref().unwrap().value, "choose-gear");
    assert_eq!(e.duration.as_ref().unwrap().value, "permanent");
    modelled("Spell", "Choose a friendly unit. Give it [Temporary].");
    // Might is given for a time only, and never to a gear
    for text in [
        "Give a friendly unit +2 [Might].",
        "Give a gear +2 [Might] this turn.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn exhausted_units_and_units_here() {
    let c = modelled("Gear", "[Tap]: Buff an exhausted friendly unit.");
    let a = &c.def.abilities[0].value;
    assert_eq!(
        a.effect
            .as_ref()
            .unwrap()
            .value
            .buff
            .as_ref()
            .unwrap()
            .value,
        "choose-friendly exhausted"
    );
    let c = modelled("Battlefield", "When you hold here, buff a unit here.");
    let a = &c.def.abilities[0].value;
    assert_eq!(
        a.effect
            .as_ref()
            .unwrap()
            .value
            .buff
            .as_ref()
            .unwrap()
            .value,
        "choose-unit-here"
    );
    assert!(!compile(&card("Spell", "Buff an exhausted gear.")).fully_modelled());
}

#[test]
fn status_location_and_other_narrow_a_choice_or_group() {
    for (text, word) in [
        (
            "When you play me, return another unit at a battlefield to its owner's hand.",
            "choose-unit-at-battlefield other",
        ),
        (
            "When I attack, kill all damaged enemy units here.",
            "enemy-units damaged here",
        ),
        ("When I attack, buff your units here.", "your-units here"),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let mut e = c.def.abilities[0]
            .value
            .effect
            .as_ref()
            .unwrap()
            .value
            .clone();
        let t = target_fields(&mut e);
        assert_eq!(t[0].value, word, "{text}");
    }
    // "another" before what is not a unit choice, a status of a gear: not read
    for text in [
        "When you play me, kill another gear.",
        "When you play me, kill a damaged gear.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn a_unit_in_a_base() {
    let c = modelled("Spell", "Deal 4 to a unit in a base.");
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "choose-unit in-base"
    );
    assert!(!compile(&card("Spell", "Deal 4 to a gear in a base.")).fully_modelled());
}

#[test]
fn each_player_channels_or_gains_xp() {
    let c = modelled("Spell", "Each player channels 1 rune exhausted.");
    let e = spell_effect(&c);
    assert_eq!(e.channel.map(|n| n.get()), Some(1));
    assert!(e.exhausted);
    assert_eq!(e.player.as_ref().unwrap().value, "each-player");
    let c = modelled("Spell", "Each opponent gains 2 XP.");
    assert_eq!(
        spell_effect(&c).player.as_ref().unwrap().value,
        "each-opponent"
    );
    assert!(!compile(&card("Spell", "Each player gains 1 point.")).fully_modelled());
}

/// 356.3, 356.4: a change to the cost of the cards played this turn, of the next one only
/// or of all.
#[test]
fn costs_changed_this_turn() {
    for (text, energy, of, next) in [
        (
            "The next spell you play this turn costs [5] less.",
            -5,
            Some("spell"),
            true,
        ),
        (
            "Your non-token units cost [1] more to play this turn.",
            1,
            Some("unit"),
            false,
        ),
        (
            "Spells you play this turn cost [2] less.",
            -2,
            Some("spell"),
            false,
        ),
    ] {
        let c = compile(&card("Spell", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let e = spell_effect(&c).cost_this_turn.as_ref().expect(text);
        assert_eq!(e.energy.get(), energy, "{text}");
        assert_eq!(e.of.as_ref().map(|n| n.value.as_str()), of, "{text}");
        assert_eq!(e.next, next, "{text}");
    }
    for text in [
        "The next Mech you play this turn costs [2] less.",
        "Your units cost [1][Rune] more to play this turn.",
        "The next spell you play costs [5] less.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

/// 054.1: "can't play … this turn", of the players named or of the chosen spell's controller.
#[test]
fn cant_play_this_turn() {
    let c = modelled(
        "Spell",
        "Counter a spell. Its controller can't play spells this turn.",
    );
    let e = spell_effect(&c);
    assert!(e.counter.is_some());
    let then = &e.its_controller.as_ref().unwrap().value;
    assert_eq!(then.cant_play.as_ref().unwrap().value, "you");
    assert_eq!(then.cant_play_of.as_ref().unwrap().value, "spell");
    let c = modelled(
        "Unit",
        "When you play me, opponents can't play cards this turn.",
    );
    let e = c.def.abilities[0].value.effect.as_ref().unwrap();
    assert_eq!(e.value.cant_play.as_ref().unwrap().value, "each-opponent");
    assert!(e.value.cant_play_of.is_none());
    // a type the vocabulary lacks, a time other than this turn, a "may": kept as text
    for text in [
        "Opponents can't play Mechs this turn.",
        "Opponents can't play spells next turn.",
        "You may have opponents can't play cards this turn.",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn a_choice_on_the_board_or_the_chain_bounded_by_its_printed_costs() {
    // 138.2.b: a card's costs are characteristics; the bound narrows the choice (355.9)
    let c = modelled(
        "Spell",
        "Kill an enemy gear with Energy cost no more than [2].",
    );
    assert_eq!(
        spell_effect(&c).kill.as_ref().unwrap().value,
        "choose-enemy-gear energy-at-most 2"
    );
    let c = modelled(
        "Spell",
        "Counter a spell that costs no more than [3] and no more than [Rune].",
    );
    assert_eq!(
        spell_effect(&c).counter.as_ref().unwrap().value,
        "choose-spell energy-at-most 3 power-at-most 1"
    );
    let c = modelled(
        "Unit",
        "When you play me, you may kill a gear with Energy cost no more than [1]. If you do, draw 1.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    // "If you do": the kill, then what follows it (359.3.e.14.a)
    assert!(
        format!("{e:?}").contains("\"choose-gear energy-at-most 1\""),
        "{e:?}"
    );
    assert_eq!(e.if_you_do.len(), 1, "{e:?}");
    // a bound the compiler cannot read ("my Might", a cost with [Tap]), a group, or a card in a
    // trash written otherwise, stays text
    for text in [
        "Kill a gear with Energy cost no more than my Might.",
        "Kill a gear with Energy cost no more than [2] and no more than [Rune].",
        "Kill all gear with Energy cost no more than [2].",
        "Counter a spell that costs no more than [X].",
    ] {
        refused("Spell", text);
    }
}

#[test]
fn unless_its_controller_pays_or_has_you_do_something() {
    // 355.17, 359.3.f.2: the controller of what the instruction chose may pay or let the
    // caster do something else, and then it is not done
    let c = modelled("Spell", "Counter a spell unless its controller pays [2].");
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.counter.as_ref().unwrap().value, "choose-spell");
    assert_eq!(e.unless_pays.as_ref().unwrap().value.energy.get(), 2);
    let c = modelled(
        "Spell",
        "Choose an enemy unit. Deal 6 to it unless its controller has you draw 2.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(e.deal.is_some());
    assert_eq!(e.unless_has_you.len(), 1);
    assert!(e.unless_has_you[0].value.draw.is_some());
    // about nothing chosen ("me"), or paid in XP: not read
    refused(
        "Unit",
        "When you play me, ready me unless its controller pays [2].",
    );
    refused("Spell", "Counter a spell unless its controller pays 2 XP.");
}

#[test]
fn repeat_with_a_discard_is_its_cost() {
    // 820.1.c: "[Repeat] - Discard 1" — the cost after the dash, not an instruction
    let c = modelled(
        "Spell",
        "[Repeat] - Discard 1 (You may pay the additional cost to repeat this spell's effect.)\nDraw 1.",
    );
    assert_eq!(c.def.repeat.len(), 1);
    assert_eq!(c.def.repeat[0].value.discard.get(), 1);
    assert!(c.def.effect.as_ref().unwrap().value.discard.is_none());
    refused("Spell", "[Repeat] - Exhaust a unit\nDraw 1.");
}

#[test]
fn units_of_a_domain_and_a_unit_or_gear() {
    // 134.1: a Domain's name, capitalised, before "unit"; the reminder text removed leaves
    // two spaces
    let c = modelled("Spell", "Deal 4 to an enemy Calm  unit.");
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "choose-enemy with domain Calm"
    );
    let c = modelled("Spell", "Kill an enemy Chaos unit or gear.");
    assert_eq!(
        spell_effect(&c).kill.as_ref().unwrap().value,
        "choose-enemy or-gear with domain Chaos"
    );
    let c = modelled("Spell", "Kill a friendly unit or gear.");
    assert_eq!(
        spell_effect(&c).kill.as_ref().unwrap().value,
        "choose-friendly or-gear"
    );
    // a group: its members are of the Domain
    let c = modelled(
        "Spell",
        "Return any number of enemy Mind units with total Might 4 or less to their owners' hands.",
    );
    assert_eq!(
        spell_effect(&c).return_.as_ref().unwrap().value,
        "any-number enemy-units with domain Mind with total might 4 or less"
    );
    // not a Domain, not capitalised, or not before "unit": kept as text
    for text in [
        "Deal 2 to an enemy Purple unit.",
        "Deal 2 to an enemy calm unit.",
        "Kill a Chaos gear.",
        "Kill a unit here or gear.",
    ] {
        refused("Spell", text);
    }
}

#[test]
fn a_spells_own_rules_about_countering_and_deflect() {
    let c = modelled(
        "Spell",
        "This can't be countered.\nDeal 4 to an enemy unit.",
    );
    assert!(c.def.abilities[0].value.cant_be_countered);
    let c = modelled(
        "Spell",
        "Ignore [Deflect] while paying this spell's cost.\nGive an enemy unit -3 [Might] this turn.",
    );
    assert!(c.def.abilities[0].value.ignore_deflect);
    // not said of this spell: another rule
    refused("Spell", "Spells can't be countered.");
}

#[test]
fn a_unit_with_or_without_a_keyword_and_a_non_tag_unit() {
    // 722.1: a keyword it has or lacks narrows the choice
    let c = modelled(
        "Spell",
        "Choose a friendly unit without [Temporary] . Give it [Temporary] . Draw 2.",
    );
    assert_eq!(
        spell_effect(&c).to.as_ref().unwrap().value,
        "choose-friendly without keyword Temporary"
    );
    let c = modelled("Spell", "Kill an enemy unit with [Deflect].");
    assert_eq!(
        spell_effect(&c).kill.as_ref().unwrap().value,
        "choose-enemy with keyword Deflect"
    );
    // a tag it lacks, written capitalised after "non-"
    let c = modelled(
        "Unit",
        "When you play me, you may return a non-Mech unit to its owner's hand.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(
        e.return_.as_ref().unwrap().value,
        "choose-unit without tag Mech"
    );
    // not a keyword, a gear, or "non-token" (no tag): kept as text
    for text in [
        "Kill an enemy unit without [Sparkle].",
        "Kill a gear without [Temporary].",
        "Return a non-token unit to its owner's hand.",
    ] {
        refused("Spell", text);
    }
}

#[test]
fn take_control_of_a_unit_and_then_of_it() {
    // 472.1.a: "Take control of …" — the controller's for good
    let c = modelled("Spell", "Take control of an enemy unit at a battlefield.");
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(
        e.gain_control
            .as_ref()
            .is_some_and(|t| t.value.starts_with("choose-enemy")),
        "{e:?}"
    );
    assert!(e.duration.is_none() && e.player.is_none());
    // "it" after a choice: the unit chosen, then the instructions that follow
    let c = modelled(
        "Spell",
        "Choose an enemy unit at a battlefield. Take control of it, ready it, and recall it.",
    );
    let first = &c.def.effect.as_ref().unwrap().value;
    assert!(
        first
            .gain_control
            .as_ref()
            .is_some_and(|t| t.value.starts_with("choose-")),
        "{first:?}"
    );
    assert_eq!(c.def.then.len(), 2);
    assert_eq!(c.def.then[1].value.recall.as_ref().unwrap().value, "it");
    // a spell on the chain is not a permanent whose control the engine changes
    refused("Spell", "Take control of a spell.");
}

#[test]
fn it_deals_damage_equal_to_its_might() {
    // 417.6.b: the unit an instruction chose before is the source of the damage
    let c = modelled(
        "Spell",
        "Ready a friendly unit. It deals damage equal to its Might to an enemy at a battlefield.",
    );
    let second = &c.def.then[0].value;
    assert_eq!(second.deals.as_ref().unwrap().value, "it");
    assert_eq!(
        second.to.as_ref().unwrap().value,
        "choose-enemy-at-battlefield"
    );
    // after "Choose a friendly unit.": that unit
    let c = modelled(
        "Spell",
        "Choose a friendly unit. It deals damage equal to its Might to an enemy unit.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(
        e.deals
            .as_ref()
            .is_some_and(|d| d.value.starts_with("choose-friendly")),
        "{e:?}"
    );
    // with nothing chosen before, "it" is no unit
    refused(
        "Spell",
        "It deals damage equal to its Might to an enemy unit.",
    );
}
