//! Level abilities that are not passives (824.1.b.1), recycling (416), banishing and playing
//! cards from zones other than the hand.

use super::tests::{card, modelled};
use super::*;

#[test]
fn level_trigger_is_active_only_at_its_xp() {
    let c = modelled("Unit", "[Level 4] When I conquer, buff me.");
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "conquer");
    assert_eq!(a.level.map(|n| n.get()), Some(4));
    assert!(c.keywords.iter().any(|(k, _)| k == "Level 4"));
}

#[test]
fn level_activated_ability_is_usable_only_at_its_xp() {
    let c = modelled("Gear", "[Level 3] [Reaction] [Tap]: [Add] [2].");
    let a = &c.def.abilities[0].value;
    let act = a.activate.as_ref().unwrap();
    assert!(act.value.exhaust && act.value.reaction);
    assert_eq!(a.while_.as_ref().unwrap().value, "level 3");
    assert!(a.effect.as_ref().unwrap().value.add.is_some());
}

#[test]
fn level_instead_replaces_the_spell_instruction_before() {
    let c = modelled(
        "Spell",
        "Deal 2 to an enemy unit.\n[Level 11] Deal 5 to it instead.",
    );
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
    let c = modelled(
        "Unit",
        "Hidden (Hide now, play later.)\nWhen you play me, draw 1.",
    );
    assert!(c.def.keywords.iter().any(|k| k.value == "Hidden"));
    // a word that is not a keyword stays unsupported
    assert!(!compile(&card("Unit", "Sneaky")).fully_modelled());
}

#[test]
fn recycling_from_the_trash_in_a_cost() {
    let c = modelled(
        "Gear",
        "Recycle 2 from your trash, [Tap]: Buff a friendly unit.",
    );
    let cost = &c.def.abilities[0].value.activate.as_ref().unwrap().value;
    assert_eq!(cost.recycle.get(), 2);
    assert!(cost.recycle_of.is_none() && cost.exhaust);
    let c = modelled("Gear", "[2], Recycle a gear from your trash: Draw 1.");
    let cost = &c.def.abilities[0].value.activate.as_ref().unwrap().value;
    assert_eq!(
        (
            cost.recycle.get(),
            cost.recycle_of.as_ref().map(|n| n.value.as_str()),
            cost.energy.get()
        ),
        (1, Some("gear"), 2)
    );
    assert!(compile(&card("Unit", "Recycle 3 cards from your trash: Draw 1.")).fully_modelled());
    // from somewhere else than the trash, or of something that is not a card type
    assert!(!compile(&card("Unit", "Recycle 2 from your hand: Draw 1.")).fully_modelled());
    assert!(!compile(&card("Unit", "Recycle a rune from your trash: Draw 1.")).fully_modelled());
}

#[test]
fn banishing_and_taking_a_turn_after_this_one() {
    let c = modelled("Spell", "Take a turn after this one. Banish this.");
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.additional_turn.as_ref().unwrap().value, "you");
    assert_eq!(c.def.then[0].value.banish.as_ref().unwrap().value, "me");
    let c = modelled("Spell", "Deal 1 to an enemy unit. Banish it.");
    assert_eq!(c.def.then[0].value.banish.as_ref().unwrap().value, "it");
}

#[test]
fn if_it_would_die_this_turn_banish_it_instead() {
    let c = modelled(
        "Spell",
        "Deal 4 to an enemy unit. If it would die this turn, banish it instead.",
    );
    let r = &c.def.then[0].value;
    assert_eq!(r.replace.as_ref().unwrap().value, "it");
    assert_eq!(r.uses.as_ref().unwrap().value, "always");
    assert_eq!(r.duration.as_ref().unwrap().value, "this-turn");
    assert_eq!(
        r.instead[0].value.banish.as_ref().unwrap().value,
        "that-unit"
    );
    // without "this turn" it would last as long as the unit: not what the words say
    assert!(
        !compile(&card(
            "Spell",
            "Deal 4 to an enemy unit. If it would die, banish it instead.",
        ))
        .fully_modelled()
    );
    // "If it dies" is a condition, not a replacement
    assert!(
        !compile(&card(
            "Spell",
            "Deal 4 to an enemy unit. If it dies this turn, draw 1 instead.",
        ))
        .fully_modelled()
    );
}

#[test]
fn playing_a_card_from_the_trash() {
    let c = modelled(
        "Spell",
        "Play a unit from your trash, ignoring its Energy cost.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.play_card.as_ref().unwrap().value, "choose-in-trash unit");
    assert_eq!(e.ignoring.as_ref().unwrap().value, "energy");
    let c = modelled(
        "Unit",
        "When you play me, you may play a gear from your trash, ignoring its cost.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert!(e.may);
    assert_eq!(e.ignoring.as_ref().unwrap().value, "cost");
    // a cost the words do not name exactly is not guessed
    assert!(
        !compile(&card(
            "Spell",
            "Play a unit from your trash, ignoring half its cost.",
        ))
        .fully_modelled()
    );
    // tokens are still played as before
    let c = compile(&card("Spell", "Play a 2 [Might] Golem unit token."));
    assert!(c.def.effect.as_ref().unwrap().value.create.is_some());
}

#[test]
fn recycling_as_an_instruction() {
    let c = modelled("Unit", "When I attack, recycle 3 from your trash.");
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.recycle_from_trash.as_ref().unwrap().value, "you");
    assert_eq!(e.count.map(|n| n.get()), Some(3));
    let c = modelled(
        "Battlefield",
        "When you hold here, you must recycle one of your runes.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.recycle_rune.as_ref().unwrap().value, "you");
    assert!(!compile(&card("Spell", "Recycle 3 from your hand.")).fully_modelled());
}

#[test]
fn a_permission_to_play_me_from_the_trash() {
    let c = modelled(
        "Unit",
        "[Legion] You may play me from your trash for [2] [Fury].",
    );
    let a = &c.def.abilities[0].value;
    let cost = &a.play_from_trash.as_ref().unwrap().value;
    assert_eq!(cost.energy.get(), 2);
    assert_eq!(a.while_.as_ref().unwrap().value, "legion");
    let c = modelled("Unit", "You may play me from your trash for [Rune].");
    assert!(c.def.abilities[0].value.while_.is_none());
    // a cost that is not energy and power is not a base cost
    assert!(!compile(&card("Unit", "You may play me from your trash for [Tap].")).fully_modelled());
}

#[test]
fn a_spells_own_bonus_damage_for_each() {
    let c = modelled(
        "Spell",
        "Deal 2 to an enemy unit. This deals 2 Bonus Damage for each card with this name in your trash.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.own_bonus_damage.map(|n| n.get()), Some(2));
    assert_eq!(a.for_each.as_ref().unwrap().value, "trash same-name");
    // a unit's "This deals …" is not a spell's Deal action
    assert!(
        !compile(&card(
            "Unit",
            "This deals 1 Bonus Damage for each card in your trash.",
        ))
        .fully_modelled()
    );
}

#[test]
fn putting_the_top_of_the_deck_into_the_trash() {
    let c = modelled(
        "Unit",
        "When I attack, put the top 3 cards of your Main Deck into your trash.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.trash_top.as_ref().unwrap().value, "you");
    assert_eq!(e.count.map(|n| n.get()), Some(3));
    modelled(
        "Spell",
        "Put the top card of your Main Deck into your trash.",
    );
    assert!(
        !compile(&card(
            "Spell",
            "Put the top 2 cards of your Main Deck into your hand.",
        ))
        .fully_modelled()
    );
}

#[test]
fn banish_then_its_owner_plays_it() {
    for (text, to) in [
        (
            "Banish a friendly unit, then its owner plays it, ignoring its cost.",
            None,
        ),
        (
            "Banish a friendly unit, then its owner plays it to their base, ignoring its cost.",
            Some("base"),
        ),
        (
            "Banish a friendly unit, then its owner plays it to any battlefield, ignoring its cost.",
            Some("any-battlefield"),
        ),
        (
            "Banish a unit, then its owner plays it to the same location, ignoring its cost.",
            Some("same-location"),
        ),
    ] {
        let c = compile(&card("Spell", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let e = &c.def.effect.as_ref().unwrap().value;
        assert!(e.banish.as_ref().unwrap().value.starts_with("choose-"));
        let then = &e.its_owner.as_ref().unwrap().value;
        assert_eq!(then.play_card.as_ref().unwrap().value, "it");
        assert_eq!(then.ignoring.as_ref().unwrap().value, "cost");
        assert_eq!(then.to.as_ref().map(|n| n.value.as_str()), to, "{text}");
    }
    // a place the vocabulary has no word for, and a gear, stay unsupported
    for text in [
        "Banish a friendly unit, then its owner plays it to an enemy base, ignoring its cost.",
        "Banish a gear, then its owner plays it, ignoring its cost.",
        "Banish a friendly unit, then its owner plays it for [Rune].",
    ] {
        assert!(!compile(&card("Spell", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn moves_to_or_from_base_and_from_a_battlefield() {
    let c = modelled(
        "Legend",
        "[2], [Tap]: Move a friendly unit to or from its base.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.move_.as_ref().unwrap().value, "choose-friendly");
    assert_eq!(e.to.as_ref().unwrap().value, "to-or-from-base");
    let c = modelled(
        "Gear",
        "[Tap]: Move an exhausted friendly unit from a battlefield to its base.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(
        e.move_.as_ref().unwrap().value,
        "choose-friendly-at-battlefield exhausted"
    );
    assert_eq!(e.to.as_ref().unwrap().value, "base");
}

#[test]
fn that_battlefield_of_a_move_to_a_battlefield() {
    for text in [
        "When I move to a battlefield, you may move an enemy unit to that battlefield.",
        "When I move to a battlefield, you may pay [Chaos] to move a unit you control to the same battlefield.",
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.when.as_ref().unwrap().value, "move-to-battlefield");
        assert_eq!(
            a.effect.as_ref().unwrap().value.to.as_ref().unwrap().value,
            "there"
        );
    }
    // another trigger names no battlefield "that battlefield" could be
    assert!(
        !compile(&card(
            "Unit",
            "When I attack, you may move an enemy unit to that battlefield."
        ))
        .fully_modelled()
    );
}

#[test]
fn banish_one_from_the_top_then_play_it() {
    let c = modelled(
        "Spell",
        "Reveal the top 2 cards of your Main Deck. You may banish one, then play it, reducing its cost by [2]. Draw any you didn't banish.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(e.reveal && e.banish_play && e.take_optional);
    assert_eq!(e.take.as_ref().unwrap().value, "card");
    assert_eq!(e.reducing.map(|n| n.get()), Some(2));
    assert_eq!(e.rest.as_ref().unwrap().value, "draw");
    let c = modelled(
        "Spell",
        "Look at the top 5 cards of your Main Deck. You may banish a unit from among them, then play it. Recycle the remaining cards.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(e.banish_play && e.reducing.is_none());
    assert_eq!(e.take.as_ref().unwrap().value, "unit");
    assert_eq!(e.rest.as_ref().unwrap().value, "recycle");
    // "draw any you didn't banish" with nothing banished says nothing
    assert!(
        !compile(&card(
            "Spell",
            "Look at the top 2 cards of your Main Deck. Draw any you didn't banish."
        ))
        .fully_modelled()
    );
}

#[test]
fn pay_to_play_me_from_the_trash_is_active_in_the_trash() {
    // 383.2.c.1, 742.1.b: the cost within the instructions is the price of the play
    let c = modelled(
        "Unit",
        "When you kill a unit with a spell, you may pay [2] [Chaos] to play me from your trash.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "you-kill-unit-with-spell");
    assert_eq!(a.active_in.as_ref().unwrap().value, "trash");
    let cost = &a.cost.as_ref().unwrap().value;
    assert_eq!(cost.energy.get(), 2);
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.play_card.as_ref().unwrap().value, "me");
    assert_eq!(e.ignoring.as_ref().unwrap().value, "cost");
    // on the board: a trigger that plays nothing from the trash is not active there
    let c = modelled("Unit", "When you kill a unit with a spell, draw 1.");
    assert!(c.def.abilities[0].value.active_in.is_none());
    // playing me from the trash is the whole instruction, or not modelled
    super::tests::refused(
        "Unit",
        "When you kill a unit with a spell, you may pay [1] to play me from your trash and draw 1.",
    );
}

#[test]
fn play_from_the_trash_with_bounded_costs() {
    // "with cost no more than [N] and no more than [Rune]": bounds of the printed costs
    for text in [
        "When you play me, you may play a unit costing no more than [2] and no more than [Rune] from your trash, ignoring its cost.",
        "[Deathknell] — You may play a unit with cost no more than [2] and no more than [Rune] from your trash, ignoring its cost.",
    ] {
        let c = modelled("Unit", text);
        let a = c
            .def
            .abilities
            .iter()
            .find(|a| a.value.when.is_some())
            .unwrap();
        let e = &a.value.effect.as_ref().unwrap().value;
        assert_eq!(
            e.play_card.as_ref().unwrap().value,
            "choose-in-trash unit energy-at-most 2 power-at-most 1",
            "{text}"
        );
    }
    let c = modelled(
        "Spell",
        "Return a spell with Energy cost no more than [4] from your trash to your hand.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(
        e.return_.as_ref().unwrap().value,
        "choose-in-trash spell energy-at-most 4"
    );
    // a bound the vocabulary does not read keeps the phrase unsupported
    super::tests::refused(
        "Spell",
        "Return a unit with cost no more than [2] and no more than [Rune] and [Tap] from your trash to your hand.",
    );
}
