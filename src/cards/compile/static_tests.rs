//! Tests of static abilities and cost modifications: passives whose condition is what
//! happened this turn or what is here (364), discounts on a tag or a type of card and on
//! the card's own cost by where it is played from (356.4), "… and enter ready" (364.2).

use super::tests::{card, modelled, refused};
use super::*;

fn word(n: &Option<Spanned<String>>) -> &str {
    n.as_ref().map_or("", |n| n.value.as_str())
}

/// The passives of a compiled card: (condition, scope, might, keywords granted).
fn passives(c: &Compiled) -> Vec<(String, String, Option<i32>, Vec<String>)> {
    c.def
        .abilities
        .iter()
        .map(|a| &a.value)
        .filter(|a| a.while_.is_some())
        .map(|a| {
            (
                word(&a.while_).to_string(),
                word(&a.scope).to_string(),
                a.might.map(|m| m.get()),
                a.grant.iter().map(|g| g.value.clone()).collect(),
            )
        })
        .collect()
}

#[test]
fn passives_with_a_condition_of_this_turn_or_of_here() {
    for (text, cond, might, grant) in [
        (
            "If you've gained XP this turn, I have [Tank].",
            "gained-xp-this-turn",
            None,
            vec!["Tank"],
        ),
        (
            "If you've discarded a card this turn, I have +2 [Might].",
            "discarded-this-turn",
            Some(2),
            vec![],
        ),
        (
            "While there's a stunned enemy unit here, I have [Assault].",
            "stunned-enemy-here",
            None,
            vec!["Assault"],
        ),
        (
            "While you have another unit here, I have [Shield].",
            "1 or more other units here",
            None,
            vec!["Shield"],
        ),
        (
            "I have +3 [Might] while I'm attacking with another unit.",
            "attacking-with-another",
            Some(3),
            vec![],
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let p = passives(&c);
        assert_eq!(p.len(), 1, "{text}: {p:?}");
        assert_eq!(p[0].0, cond, "{text}");
        assert_eq!(p[0].1, "me", "{text}");
        assert_eq!(p[0].2, might, "{text}");
        assert_eq!(p[0].3, grant, "{text}");
    }
    // "I have [Assault] and [Ganking]": one passive each, under the same condition
    let c = compile(&card(
        "Unit",
        "If you've gained XP this turn, I have +1 [Might] and [Ganking].",
    ));
    let p = passives(&c);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p.iter().all(|x| x.0 == "gained-xp-this-turn"));
    // the condition is checked on the card itself: what it gives others is kept as text
    for text in [
        "While you have another unit here, your units have +1 [Might].",
        "If you've discarded a card this turn, friendly units have [Assault].",
        // a condition the vocabulary does not have
        "If you've played a gear this turn, I have [Tank].",
    ] {
        let c = compile(&card("Unit", text));
        assert!(!c.fully_modelled(), "{text}");
    }
}

#[test]
fn my_cost_from_anywhere_other_than_the_hand() {
    let c = modelled(
        "Unit",
        "I cost [3] less to play from anywhere other than your hand.",
    );
    let a = &c.def.abilities[0].value;
    let p = a.play_cost.as_ref().expect("a play-cost").value.clone();
    assert_eq!((p.energy.get(), word(&p.of)), (-3, "me"));
    assert_eq!(word(&a.if_), "not-from-hand");
    // with a condition of its own already, the second one is not read
    let c = compile(&card(
        "Unit",
        "If you control a Mech, I cost [3] less to play from anywhere other than your hand.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn enters_ready_if_an_opponent_controls_a_battlefield() {
    // 187.1: a battlefield is controlled by the player who established control of it
    for text in [
        "If an opponent controls a battlefield, I enter ready.",
        "I enter ready if an opponent controls a battlefield.",
    ] {
        let c = modelled("Unit", text);
        let a = &c.def.abilities[0].value;
        assert!(a.enter_ready, "{text}");
        assert_eq!(word(&a.if_), "opponent-controls-battlefield", "{text}");
    }
    refused(
        "Unit",
        "If an opponent controls two battlefields, I enter ready.",
    );
}

#[test]
fn a_cost_or_a_passive_and_enter_ready_under_one_condition() {
    let c = modelled(
        "Unit",
        "If an opponent controls a stunned unit, I cost [1] less and enter ready.",
    );
    let [cost, ready] = &c.def.abilities[..] else {
        panic!("two abilities: {:?}", c.def.abilities);
    };
    assert_eq!(
        cost.value.play_cost.as_ref().map(|p| p.value.energy.get()),
        Some(-1)
    );
    assert_eq!(word(&cost.value.if_), "opponent-controls-stunned");
    assert!(ready.value.enter_ready);
    assert_eq!(word(&ready.value.if_), "opponent-controls-stunned");
    // [Level N]: the passive and entering ready, both from N XP (824.1.b.1)
    let c = modelled(
        "Unit",
        "[Level 4] I have +2 [Might] and enter ready. (While you have 4+ XP, get the effect.)",
    );
    let p = passives(&c);
    assert_eq!(p, [("level 4".into(), "me".into(), Some(2), vec![])]);
    let ready = c
        .def
        .abilities
        .iter()
        .find(|a| a.value.enter_ready)
        .expect("enter ready");
    assert_eq!(word(&ready.value.if_), "level 4");
    // a passive of its own condition does not say when it enters ready
    let c = compile(&card(
        "Unit",
        "While I'm buffed, I have +1 [Might] and enter ready.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn discounts_on_a_tag_and_on_a_type_of_card() {
    let c = modelled(
        "Unit",
        "Your Birds' Energy costs are reduced by [1], to a minimum of [2].",
    );
    let a = &c.def.abilities[0].value;
    let p = a.play_cost.as_ref().expect("a play-cost").value.clone();
    assert_eq!(
        (p.energy.get(), word(&p.of), p.min.map(|m| m.get())),
        (-1, "Bird", Some(2))
    );
    assert!(a.if_.is_none());
    let c = modelled(
        "Unit",
        "While I'm at a battlefield, the Energy costs for units you play are reduced by [2].",
    );
    let a = &c.def.abilities[0].value;
    let p = a.play_cost.as_ref().expect("a play-cost").value.clone();
    assert_eq!(
        (p.energy.get(), word(&p.of), p.min.map(|m| m.get())),
        (-2, "unit", None)
    );
    assert_eq!(word(&a.if_), "at-battlefield");
    for text in [
        // not a tag: lower case
        "Your birds' Energy costs are reduced by [1].",
        // power is not discounted this way
        "Your Birds' Energy costs are reduced by [Rune].",
        "The Energy costs for runes you play are reduced by [1].",
    ] {
        let c = compile(&card("Unit", text));
        assert!(!c.fully_modelled(), "{text}");
    }
}

#[test]
fn if_you_paid_the_optional_cost_the_card_costs_less_or_nothing() {
    let c = modelled(
        "Spell",
        "As you play this, you may spend a buff as an additional cost. If you do, ignore this spell's cost.\nDraw 2.",
    );
    let a = &c.def.abilities;
    let cost = a[0]
        .value
        .additional_cost
        .as_ref()
        .expect("a cost")
        .value
        .clone();
    assert!(cost.may);
    assert_eq!(cost.buffs.get(), 1);
    assert!(a[1].value.ignore_cost);
    assert_eq!(word(&a[1].value.if_), "additional-cost-paid");
    for text in [
        "As you play me, you may discard 1 as an additional cost. If you do, reduce my cost by [3].",
        "You may spend 2 XP as an additional cost to play me. If you do, I cost [3] less.",
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[1].value;
        let p = a.play_cost.as_ref().expect("a play-cost").value.clone();
        assert_eq!((p.energy.get(), word(&p.of)), (-3, "me"), "{text}");
        assert_eq!(word(&a.if_), "additional-cost-paid", "{text}");
    }
    // "if you do" with no optional cost before it, or a cost that goes up: kept as text
    for text in [
        "If you do, I cost [2] less.",
        "As an additional cost to play me, discard 1. If you do, I cost [2] less.",
        "As you play me, you may discard 1 as an additional cost. If you do, I cost [2] more.",
    ] {
        let c = compile(&card("Unit", text));
        assert!(!c.fully_modelled(), "{text}");
    }
}

#[test]
fn battlefield_rules_and_the_last_to_be_assigned_damage() {
    let bf = |text: &str| compile(&card("Battlefield", text));
    let c = bf("Units can't be played here.");
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert!(c.def.abilities[0].value.no_units_played_here);
    let c = bf("Units can move here from anywhere.");
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert!(c.def.abilities[0].value.move_here_from_anywhere);
    let c = bf("Increase the points needed to win the game by 2.");
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert_eq!(
        c.def.abilities[0].value.victory_score.map(|n| n.get()),
        Some(2)
    );
    let c = modelled("Unit", "I must be assigned combat damage last.");
    assert!(c.def.abilities[0].value.assigned_last);
    // a battlefield's rules on a unit (or the other way round) are kept as text, as is an
    // increase of nothing
    for (kind, text) in [
        ("Unit", "Units can't be played here."),
        ("Unit", "Increase the points needed to win the game by 1."),
        ("Battlefield", "I must be assigned combat damage last."),
        (
            "Battlefield",
            "Increase the points needed to win the game by 0.",
        ),
        ("Battlefield", "Units can move here from their base."),
    ] {
        assert!(
            !compile(&card(kind, text)).fully_modelled(),
            "{kind}: {text}"
        );
    }
}

#[test]
fn restrictions_unless_and_any_number_of_buffs() {
    for (text, unless, chosen) in [
        (
            "I can't be chosen by enemy spells and abilities unless I'm in combat.",
            "in-combat",
            true,
        ),
        (
            "I don't deal combat damage unless I'm at a battlefield with exactly one other unit you control.",
            "exactly 1 other units at-battlefield",
            false,
        ),
        (
            "I don't deal combat damage unless you control 7 or more runes.",
            "runes 7 or more",
            false,
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(word(&a.unless), unless, "{text}");
        assert_eq!(a.not_chosen_by_enemies, chosen, "{text}");
        assert_eq!(a.no_combat_damage, !chosen, "{text}");
    }
    let c = modelled("Unit", "I can have any number of buffs.");
    assert!(c.def.abilities[0].value.any_number_of_buffs);
    for text in [
        "I can't be chosen by enemy spells and abilities unless I'm exhausted.",
        "I can't move to base unless I'm in combat.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn energy_added_to_spend_only_on_some_things() {
    for (text, only) in [
        (
            "[Tap]: [Reaction] — [Add] [Rune]. Use only to play spells.",
            "spells",
        ),
        (
            "[Tap]: [Reaction] — [Add] [2] Use only to play spells.",
            "spells",
        ),
        (
            "[Reaction] [Tap]: [Add] [1] . Spend this Energy only during showdowns.",
            "showdowns",
        ),
        (
            "[Tap]: [Reaction] — [Add] [Rune]. Use only to play gear or use gear abilities.",
            "gear",
        ),
        (
            "[Reaction] [1], [Tap]: [Add] [3]. Spend this Energy only to play units or activated abilities of units.",
            "units",
        ),
    ] {
        let c = compile(&card("Legend", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert!(a.activate.is_some(), "{text}");
        let add = a
            .effect
            .as_ref()
            .and_then(|e| e.value.add.as_ref())
            .expect("an add");
        assert_eq!(word(&add.only), only, "{text}");
        assert!(a.then.is_empty(), "{text}");
    }
    for text in [
        // a restriction the vocabulary lacks, or on something that adds nothing
        "[Tap]: [Add] [1]. Use only to play Dragons.",
        "[Tap]: Draw 1. Use only to play spells.",
    ] {
        assert!(!compile(&card("Legend", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn channel_only_one_and_units_here_with_less_might() {
    for (text, channel, lesser) in [
        (
            "While I'm at a battlefield, players only channel 1 rune at the start of their Channel Phase.",
            true,
            "",
        ),
        (
            "Your units here with less Might than me can't be chosen by enemy spells and abilities.",
            false,
            "unchosen-by-enemies",
        ),
        (
            "Enemy units here with less Might than me don't deal combat damage.",
            false,
            "no-combat-damage",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.channel_only_one, channel, "{text}");
        assert_eq!(word(&a.lesser_here), lesser, "{text}");
        // a battlefield's "here" is not a unit's: kept as text
        assert!(
            !compile(&card("Battlefield", text)).fully_modelled(),
            "{text}"
        );
    }
    let c = compile(&card(
        "Unit",
        "Enemy units here with more Might than me don't deal combat damage.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn assault_equal_to_a_count() {
    let c = modelled(
        "Unit",
        "I have [Assault] equal to the number of gear you control.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(
        a.grant.iter().map(|g| g.value.as_str()).collect::<Vec<_>>(),
        ["Assault"]
    );
    assert_eq!(word(&a.for_each), "gear");
    assert_eq!(word(&a.while_), "always");
    // a count the vocabulary lacks, or another keyword: kept as text
    for text in [
        "I have [Assault] equal to the number of enemy and friendly units here.",
        "I have [Tank] equal to the number of gear you control.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

/// 740.2: "enemy units here" counts an opponent's; "with [Temporary]" a keyword on each
/// counted permanent (472.3: read as the layers derive it).
#[test]
fn counts_of_enemies_and_of_units_with_a_keyword() {
    for (text, count, cond) in [
        (
            "I have [Assault] equal to the number of enemy units here.",
            "enemy units here",
            "always",
        ),
        (
            "I have +1 [Might] for each of your units with [Temporary] at my battlefield.",
            "units with Temporary here",
            "at-battlefield",
        ),
        (
            "I have +1 [Might] for each enemy unit.",
            "enemy units",
            "always",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(word(&a.for_each), count, "{text}");
        assert_eq!(word(&a.while_), cond, "{text}");
    }
    // friendly and enemy at once, a keyword the engine does not model, or two words of it
    for text in [
        "I have +1 [Might] for each friendly enemy unit.",
        "I have +1 [Might] for each of your units with [Brand New Keyword].",
        "I have +1 [Might] for each of your units with Temporary.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

/// Conditions on each unit of a group, joined: "buffed" (702.2.a), "at my battlefield" as
/// here while at a battlefield, "if they didn't already" as not having the keyword.
#[test]
fn buffed_groups_at_my_battlefield_and_if_they_didnt_already() {
    for (text, cond, scope) in [
        (
            "Other buffed friendly units at my battlefield have +2 [Might].",
            "buffed and at-battlefield",
            "other-friendly-units-here",
        ),
        (
            "Friendly buffed units have [Deflect] if they didn't already.",
            "buffed and not has Deflect",
            "friendly-units",
        ),
        (
            "Buffed friendly units have [Tank].",
            "buffed",
            "friendly-units",
        ),
        (
            "Other friendly units at my battlefield have [Ganking].",
            "at-battlefield",
            "other-friendly-units-here",
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let p = passives(&c);
        assert_eq!(p.len(), 1, "{text}");
        assert_eq!((p[0].0.as_str(), p[0].1.as_str()), (cond, scope), "{text}");
    }
    // "if they didn't already" with more than one keyword, a group "at my battlefield"
    // without a scope there, a qualifier on myself: kept as text
    for text in [
        "Friendly buffed units have [Deflect] and [Tank] if they didn't already.",
        "Your units at my battlefield have +1 [Might].",
        "While I'm mighty, other buffed friendly units have +1 [Might].",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

/// 357.1: what was spent this turn — power on any cost, energy on one spell's cost.
#[test]
fn conditions_of_what_was_spent_this_turn() {
    for (text, cond, might, grant) in [
        (
            "If you've spent [4] or more to play a spell this turn, I have +4 [Might] .",
            "spent-on-a-spell 4",
            Some(4),
            vec![],
        ),
        (
            "If you've spent at least [Rune][Rune] this turn, I have +2 [Might] and [Ganking].",
            "spent-power 2",
            Some(2),
            vec!["Ganking"],
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let p = passives(&c);
        assert!(
            p.iter().all(|x| x.0 == cond && x.1 == "me"),
            "{text}: {p:?}"
        );
        assert_eq!(p.iter().find_map(|x| x.2), might, "{text}");
        let g: Vec<String> = p.iter().flat_map(|x| x.3.clone()).collect();
        assert_eq!(g, grant, "{text}");
    }
    for text in [
        "If you've spent at least [Rune][1] this turn, I have +2 [Might].",
        "If you've spent [4] or more to play a unit this turn, I have +2 [Might].",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

/// 356.4.e's example: a spell's own cost reduced by the highest Might among your units.
#[test]
fn cost_reduced_by_the_highest_might() {
    let c = modelled(
        "Spell",
        "This spell's Energy cost is reduced by the highest Might among units you control.\nDeal 5 to a unit at a battlefield.",
    );
    let a = c
        .def
        .abilities
        .iter()
        .find_map(|a| a.value.play_cost.as_ref())
        .unwrap();
    assert_eq!(a.value.energy.get(), -1);
    assert_eq!(a.value.for_each.as_ref().unwrap().value, "highest-might");
    assert!(
        !compile(&card(
            "Spell",
            "This spell's Energy cost is reduced by the highest Might among enemy units."
        ))
        .fully_modelled()
    );
}
