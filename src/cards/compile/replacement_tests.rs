use super::tests::{card, modelled, refused};
use super::*;

#[test]
fn the_next_time_it_would_die_is_a_created_replacement() {
    let c = card(
        "Spell",
        "[Reaction]\nChoose a friendly unit. The next time it would die this turn, heal it, exhaust it, and recall it instead.",
    );
    let k = compile(&c);
    assert!(k.fully_modelled(), "{:?}", k.phrases);
    let e = &k.def.effect.as_ref().unwrap().value;
    assert_eq!(e.replace.as_ref().unwrap().value, "choose-friendly");
    assert_eq!(e.would.as_ref().unwrap().value, "die");
    assert_eq!(e.duration.as_ref().unwrap().value, "this-turn");
    let instead: Vec<&str> = e
        .instead
        .iter()
        .map(|x| {
            x.value
                .heal
                .as_ref()
                .or(x.value.exhaust.as_ref())
                .or(x.value.recall.as_ref())
                .unwrap()
                .value
                .as_str()
        })
        .collect();
    assert_eq!(instead, ["that-unit"; 3]);
    let p = card(
        "Spell",
        "Choose a unit. The next time that unit would be dealt damage this turn, prevent it. Draw 1",
    );
    let k = compile(&p);
    assert!(k.fully_modelled(), "{:?}", k.phrases);
    let e = &k.def.effect.as_ref().unwrap().value;
    assert!(e.prevent && e.instead.is_empty());
    assert!(k.def.then[0].value.draw.is_some());
    // 437: a prevention of an amount
    let k = compile(&card(
        "Spell",
        "[Reaction]\nChoose a unit. Prevent the next 7 damage that would be dealt to it this turn. (Opponents can assign it extra combat damage to kill it.)",
    ));
    assert!(k.fully_modelled(), "{:?}", k.phrases);
    let e = &k.def.effect.as_ref().unwrap().value;
    assert_eq!(e.replace.as_ref().unwrap().value, "choose-unit");
    assert_eq!(e.would.as_ref().unwrap().value, "be-dealt-damage");
    assert_eq!(e.prevent_next.map(|n| n.get()), Some(7));
    assert_eq!(e.duration.as_ref().unwrap().value, "this-turn");
    assert!(!e.prevent && e.instead.is_empty());
}

#[test]
fn self_replacement_replaces_the_instruction_before() {
    // 370.1.a: the card's own "instead", on the unit it chose or on its controller
    let k = compile(&card(
        "Spell",
        "Deal 2 to a unit at a battlefield. If it's attacking, deal 4 to it instead.",
    ));
    assert!(k.fully_modelled(), "{:?}", k.phrases);
    let e = &k.def.effect.as_ref().unwrap().value;
    assert_eq!(e.instead_if.as_ref().unwrap().value, "attacking");
    assert_eq!(e.instead.len(), 1);
    assert_eq!(e.instead[0].value.to.as_ref().unwrap().value, "it");
    let k = compile(&card(
        "Spell",
        "Deal 4 to a unit at a battlefield. If you control 7 or more runes, deal 7 to it instead.",
    ));
    let e = &k.def.effect.as_ref().unwrap().value;
    assert_eq!(e.instead_if.as_ref().unwrap().value, "runes 7 or more");
    // a condition the vocabulary has no words for stays unsupported
    let k = compile(&card(
        "Spell",
        "Deal 2 to a unit. If you control a facedown card in your hand, deal 4 to it instead.",
    ));
    assert!(!k.fully_modelled());
    assert!(k.def.effect.as_ref().unwrap().value.instead_if.is_none());
}

#[test]
fn additional_costs_and_conditions() {
    // 356.2.b.1 optional, 356.2.a.1 mandatory; energy and power, XP, discards
    let cases = [
        (
            "You may pay [1][Fury] as an additional cost to play me.",
            true,
            1,
            0,
            0,
        ),
        (
            "As you play this, you may pay [Body] as an additional cost.",
            true,
            0,
            0,
            0,
        ),
        (
            "You may spend 3 XP as an additional cost to play me.",
            true,
            0,
            3,
            0,
        ),
        (
            "As an additional cost to play this, you may discard 1.",
            true,
            0,
            0,
            1,
        ),
        (
            "As you play me, you may discard 1 as an additional cost.",
            true,
            0,
            0,
            1,
        ),
        (
            "As an additional cost to play me, discard one.",
            false,
            0,
            0,
            1,
        ),
    ];
    for (text, may, energy, xp, discard) in cases {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = c.def.abilities[0].value.additional_cost.as_ref().unwrap();
        assert_eq!(
            (
                a.value.may,
                a.value.energy.get(),
                a.value.xp.get(),
                a.value.discard.get()
            ),
            (may, energy, xp, discard),
            "{text}"
        );
    }
    // what the engine cannot pay yet stays unsupported
    for text in [
        "You may kill an enemy gear as an additional cost to play me.",
        "As you play me, you may spend any number of buffs as an additional cost.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
    // 383.3.e: a conditional statement after the trigger condition
    let cases = [
        (
            "When you play me, if you paid the additional cost, buff me.",
            "additional-cost-paid",
        ),
        (
            "When I attack, if you control 4 or fewer runes, draw 1.",
            "runes 4 or fewer",
        ),
        (
            "When you play me, if you control 7 or more runes, draw 1.",
            "runes 7 or more",
        ),
        (
            "When you play me, if you control two or more gear, ready me.",
            "control 2 gear",
        ),
        (
            "When you play me, if you control 3 or more other gear, draw 1.",
            "control 3 other gear",
        ),
        (
            "When you play me, if you control a Poro, buff me and draw 1.",
            "control a Poro",
        ),
    ];
    for (text, cond) in cases {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        assert_eq!(
            c.def.abilities[0].value.if_.as_ref().unwrap().value,
            cond,
            "{text}"
        );
    }
    // a condition the vocabulary has no words for is not dropped
    let c = compile(&card(
        "Unit",
        "At the start of your Beginning Phase, if you control a facedown card in your hand, draw 1.",
    ));
    assert!(!c.fully_modelled());
    let c = modelled("Unit", "I enter ready if you control another Dragon.");
    let a = &c.def.abilities[0].value;
    assert!(a.enter_ready);
    assert_eq!(a.if_.as_ref().unwrap().value, "control another Dragon");
}

#[test]
fn trash_play_locations_replacements_and_delayed() {
    // 355.10.a: a card chosen in the trash
    for (text, word) in [
        (
            "When you play me, return a unit from your trash to your hand.",
            "choose-in-trash unit",
        ),
        (
            "Return a spell from your trash to your hand.",
            "choose-in-trash spell",
        ),
        (
            "When I hold, you may return a unit or gear from your trash to your hand.",
            "choose-in-trash unit or gear",
        ),
        (
            "When you play me, return a Bird, Cat, Dog, or Poro from your trash to your hand.",
            "choose-in-trash Bird or Cat or Dog or Poro",
        ),
    ] {
        let kind = if text.starts_with("Return") {
            "Spell"
        } else {
            "Unit"
        };
        let c = compile(&card(kind, text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let e = match &c.def.effect {
            Some(e) => &e.value,
            None => &c.def.abilities[0].value.effect.as_ref().unwrap().value,
        };
        assert_eq!(e.return_.as_ref().unwrap().value, word, "{text}");
    }
    assert!(
        !compile(&card(
            "Spell",
            "Return up to two cards with [Hidden] from your trash to your hand."
        ))
        .fully_modelled()
    );
    // 355.2.b
    let c = compile(&card("Unit", "You may play me to an open battlefield."));
    assert_eq!(
        c.def.abilities[0].value.play_to.as_ref().unwrap().value,
        "open"
    );
    let c = compile(&card(
        "Unit",
        "You may play me to an occupied enemy battlefield.",
    ));
    assert_eq!(
        c.def.abilities[0].value.play_to.as_ref().unwrap().value,
        "occupied-enemy"
    );
    // 367–370: a permanent's replacement effect, its second sentence part of "instead"
    let c = modelled(
        "Gear",
        "If a friendly unit would die, kill this instead. Heal that unit,\nexhaust it, and recall it.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.would.as_ref().unwrap().value, "die");
    assert_eq!(a.scope.as_ref().unwrap().value, "friendly-units");
    assert_eq!(a.instead.len(), 4);
    assert_eq!(a.instead[0].value.kill.as_ref().unwrap().value, "me");
    assert!(a.instead[1..].iter().all(|e| {
        target_fields(&mut e.value.clone())
            .iter()
            .all(|t| t.value == "that-unit")
    }));
    // an instruction after the line ends is not part of it
    refused("Gear", "If I would die, recall me instead.\nDraw 1.");
    // 390: a delayed ability a spell creates
    let c = modelled("Spell", "When any unit takes damage this turn, kill it.");
    let d = c
        .def
        .effect
        .as_ref()
        .unwrap()
        .value
        .delayed
        .as_ref()
        .unwrap();
    assert_eq!(d.when.value, "unit-takes-damage");
    assert_eq!(d.effects[0].value.kill.as_ref().unwrap().value, "that-unit");
}

#[test]
fn entering_choosing_combat_damage_scores_and_two_triggers() {
    let c = compile(&card("Gear", "This enters exhausted."));
    assert!(c.fully_modelled() && c.def.abilities[0].value.enter_exhausted);
    let c = compile(&card(
        "Unit",
        "I can't be chosen by enemy spells and abilities.",
    ));
    assert!(c.fully_modelled() && c.def.abilities[0].value.not_chosen_by_enemies);
    let c = compile(&card("Unit", "I don't deal combat damage."));
    assert!(c.fully_modelled() && c.def.abilities[0].value.no_combat_damage);
    // a condition after it is not dropped: it lifts the restriction (static_tests)
    let c = compile(&card(
        "Unit",
        "I can't be chosen by enemy spells and abilities unless I'm in combat.",
    ));
    let a = &c.def.abilities[0].value;
    assert!(a.not_chosen_by_enemies);
    assert_eq!(
        a.unless.as_ref().map(|n| n.value.as_str()),
        Some("in-combat")
    );
    // "you score 1 point" (466.1.a.1: not a score from a conquer or a hold)
    let c = modelled("Unit", "When I hold, you score 1 point.");
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.gain_points.map(|n| n.get()), Some(1));
    // "When you play me or at the start of your Beginning Phase, …": one ability each
    let c = modelled(
        "Unit",
        "When you play me or at the start of your Beginning Phase, draw 1.",
    );
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| a.value.when.as_ref().unwrap().value.as_str())
        .collect();
    assert_eq!(whens, ["play", "beginning-phase"]);
    // "into your base" is the base (not "… in" and "to your base")
    modelled(
        "Spell",
        "Play three 1 [Might] Recruit unit tokens into your base.",
    );
    modelled(
        "Unit",
        "[Deathknell] – Deal 4 to all units at my battlefield.",
    );
}

#[test]
fn token_replacements() {
    let c = modelled(
        "Unit",
        "Once each turn, if you would play a token unit while I'm at a battlefield, you may play that token and an additional copy of it instead.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.would.as_ref().unwrap().value, "play-unit-token");
    assert_eq!(a.uses.as_ref().unwrap().value, "once-each-turn");
    assert_eq!(a.if_.as_ref().unwrap().value, "at-battlefield");
    assert_eq!(
        a.instead[0]
            .value
            .play_that_token_and
            .as_ref()
            .unwrap()
            .value,
        "copy"
    );
    let c = modelled("Gear", "If you would play a token, draw 1 instead.");
    assert!(c.def.abilities[0].value.instead[0].value.draw.is_some());
    // "you may" without "once each turn" is not a choice the vocabulary has here
    let c = compile(&card(
        "Gear",
        "If you would play a token gear, you may play that token and an additional copy of it instead.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn triggers_that_watch_others() {
    let when = |text: &str| -> Vec<String> {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        c.def
            .abilities
            .iter()
            .map(|a| a.value.when.as_ref().unwrap().value.clone())
            .collect()
    };
    assert_eq!(
        when("When another friendly unit dies, gain 1 XP."),
        ["another-friendly-unit-dies"]
    );
    assert_eq!(
        when("When a friendly unit dies, draw 1."),
        ["friendly-unit-dies"]
    );
    assert_eq!(
        when("When you play another unit, buff me."),
        ["you-play-unit"]
    );
    assert_eq!(when("When you play a gear, ready me."), ["you-play-gear"]);
    // the second condition shares the first's subject
    assert_eq!(
        when("When you conquer or hold, draw 1."),
        ["you-conquer", "you-hold"]
    );
    // "When you play a spell" is its own condition, not "a unit"
    assert_eq!(when("When you play a spell, draw 1."), ["play-spell"]);
}

#[test]
fn own_costs() {
    let cost = |text: &str| {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = c.def.abilities.last().unwrap().value.clone();
        let p = a.play_cost.unwrap().value;
        (
            p.energy.get(),
            p.of.unwrap().value,
            p.for_each.map(|f| f.value),
            p.min.map(|m| m.get()),
            a.if_.map(|c| c.value),
        )
    };
    assert_eq!(
        cost("I cost [1] less for each gear you control, to a minimum of [2]."),
        (-1, "me".into(), Some("gear".into()), Some(2), None)
    );
    assert_eq!(
        cost("I cost [2] less for each card with my name in your trash."),
        (-2, "me".into(), Some("trash same-name".into()), None, None)
    );
    assert_eq!(
        cost("This costs [2] less if you control a Mech."),
        (-2, "me".into(), None, None, Some("control a Mech".into()))
    );
    assert_eq!(
        cost("[Legion] I cost [2] less."),
        (-2, "me".into(), None, None, Some("legion".into()))
    );
    // power in the discount, or a count the vocabulary lacks: kept as text
    for text in [
        "I cost [2][Order] less if you control a battlefield with exactly two units there.",
        "I cost [2][Calm] less for each point you scored from holding this turn.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}

#[test]
fn units_that_deal_damage_to_each_other() {
    let c = modelled(
        "Spell",
        "Choose a friendly unit and an enemy unit. They deal damage equal to their Mights to each other.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.fight.as_ref().unwrap().value, "choose-friendly");
    assert_eq!(e.with.as_ref().unwrap().value, "choose-enemy");
    let c = modelled(
        "Unit",
        "When you play me, choose an enemy unit. We deal damage equal to our Mights to each other.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.fight.as_ref().unwrap().value, "me");
    assert_eq!(e.with.as_ref().unwrap().value, "choose-enemy");
    // "they" with one unit chosen refers to nothing
    let c = compile(&card(
        "Spell",
        "Choose an enemy unit. They deal damage equal to their Mights to each other.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn delayed_triggers_about_the_unit_chosen_before() {
    // 390.2: "When it dies this turn, …" watches the unit the instruction before chose
    let c = modelled(
        "Spell",
        "Deal 3 to a unit at a battlefield. When it dies this turn, channel 1 rune exhausted.",
    );
    let then = &c.def.then;
    assert_eq!(then.len(), 1, "{:?}", c.def);
    let d = then[0].value.delayed.as_ref().unwrap();
    assert_eq!(d.when.value, "unit-dies");
    assert_eq!(d.unit.as_ref().unwrap().value, "it");
    assert_eq!(d.duration.as_ref().unwrap().value, "this-turn");
    // "Choose a unit. When it wins a combat this turn, …": the chosen unit
    let c = modelled(
        "Spell",
        "Choose a friendly unit. When it wins a combat this turn, gain 2 XP.",
    );
    let d = c
        .def
        .effect
        .as_ref()
        .unwrap()
        .value
        .delayed
        .as_ref()
        .unwrap();
    assert_eq!(d.when.value, "unit-wins-combat");
    assert_eq!(d.unit.as_ref().unwrap().value, "choose-friendly");
    // nothing chosen before: "it" refers to nothing
    refused("Spell", "When it dies this turn, draw 1.");
    // no timeframe: not a delayed ability this compiler knows
    refused(
        "Spell",
        "Deal 3 to a unit at a battlefield. When it dies, draw 1.",
    );
    // "When a friendly unit is played this turn, buff it.": "it" is the unit played
    let c = modelled(
        "Spell",
        "When a friendly unit is played this turn, buff it.\nDraw 1.",
    );
    let d = c
        .def
        .effect
        .as_ref()
        .unwrap()
        .value
        .delayed
        .as_ref()
        .unwrap();
    assert_eq!(d.when.value, "friendly-unit-played");
    assert!(d.unit.is_none());
    assert_eq!(d.effects[0].value.buff.as_ref().unwrap().value, "that-unit");
}

#[test]
fn beginning_phase_conditions_before_and_after() {
    // 383.3.e: the conditional statement written before the trigger condition
    let c = modelled(
        "Unit",
        "If you control fewer runes than an opponent at the start of your Beginning phase, give me +1 [Might] this turn.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "beginning-phase");
    assert_eq!(a.if_.as_ref().unwrap().value, "fewer-runes-than-opponent");
    assert!(a.effect.as_ref().unwrap().value.might.is_some());
    // … only with a condition the vocabulary has, and only before that trigger condition
    for text in [
        "If you feel lucky at the start of your Beginning Phase, draw 1.",
        "If you control fewer runes than an opponent at the start of your turn, draw 1.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
    // a facedown card at a battlefield (421.1)
    let c = modelled(
        "Gear",
        "At the start of your Beginning Phase, if you control a facedown card at a battlefield, draw 1.",
    );
    assert_eq!(
        c.def.abilities[0].value.if_.as_ref().unwrap().value,
        "controls-facedown"
    );
    // the condition after the instruction is the instruction's (359.3.f.2)
    let c = modelled(
        "Gear",
        "At start of your Beginning Phase, draw 1 if you have one or fewer cards in your hand.",
    );
    let a = &c.def.abilities[0].value;
    assert!(a.if_.is_none());
    let e = &a.effect.as_ref().unwrap().value;
    assert!(e.draw.is_some());
    assert_eq!(e.if_.as_ref().unwrap().value, "hand 1 or fewer");
    // a tail that is no condition the vocabulary has is not dropped
    refused(
        "Gear",
        "At the start of your Beginning Phase, draw 1 if you feel lucky.",
    );
    // nor is a condition after two instructions (which one it is about is not said)
    refused(
        "Gear",
        "At the start of your Beginning Phase, draw 1 and channel 1 rune exhausted if you have one or fewer cards in your hand.",
    );
}

#[test]
fn self_replacements_if_already_stunned_and_if_you_control_a_facedown_card() {
    // 370.1.a: the instruction before replaced when its unit is already stunned
    let c = modelled(
        "Spell",
        "[Stun] an attacking enemy unit. If it's already stunned, return it to its owner's hand instead.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(e.stun.is_some());
    assert_eq!(e.instead_if.as_ref().unwrap().value, "stunned");
    assert!(e.instead[0].value.return_.is_some());
    // … or when its controller controls a facedown card (107.3.c)
    let c = modelled(
        "Spell",
        "Deal 2 to a unit at a battlefield. If you control a facedown card, deal 4 to it instead.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.instead_if.as_ref().unwrap().value, "controls-facedown");
    // "already" about anything else is not read
    refused(
        "Spell",
        "[Stun] an attacking enemy unit. If it's already exhausted, return it to its owner's hand instead.",
    );
}

#[test]
fn delayed_for_the_next_unit_played_and_the_end_of_this_turn() {
    // 390.2: "the next time you play a unit this turn": "it" is the unit played
    let c = modelled(
        "Unit",
        "When I hold, the next time you play a unit this turn, ready it and [Buff] it.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "hold");
    let d = a.effect.as_ref().unwrap().value.delayed.as_ref().unwrap();
    assert_eq!(d.when.value, "next-unit-you-play");
    assert_eq!(d.effects.len(), 2);
    assert_eq!(
        d.effects[0].value.ready.as_ref().unwrap().value,
        "that-unit"
    );
    assert_eq!(d.effects[1].value.buff.as_ref().unwrap().value, "that-unit");
    // 390.2, 317.1.a: instructions "at the end of this turn"
    let c = modelled(
        "Battlefield",
        "When you conquer here, ready up to 2 runes at the end of this turn.",
    );
    let d = c.def.abilities[0]
        .value
        .effect
        .as_ref()
        .unwrap()
        .value
        .delayed
        .as_ref()
        .unwrap();
    assert_eq!(d.when.value, "end-of-turn");
    assert!(d.effects[0].value.ready.is_some());
    // an "it" at the end of the turn refers to nothing the compiler can name then
    refused(
        "Spell",
        "Stun an enemy unit. Ready it at the end of this turn.",
    );
    // "the next time" of anything else is not this
    refused(
        "Unit",
        "When I hold, the next time you play a spell this turn, draw 1.",
    );
}

#[test]
fn draw_if_your_other_units_have_total_might() {
    // a total of the other units' Might, the instruction's condition (359.3.f.2)
    let c = modelled(
        "Unit",
        "When you play me, draw 1 if your other units have total Might 5 or more.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "play");
    assert_eq!(
        a.effect.as_ref().unwrap().value.if_.as_ref().unwrap().value,
        "other-units-might 5"
    );
    // a total of something else is not read
    refused(
        "Unit",
        "When you play me, draw 1 if your other units have total Might 5 or less.",
    );
}

#[test]
fn enter_ready_if_a_friendly_unit_died_during_your_beginning_phase() {
    let c = modelled(
        "Unit",
        "If a friendly unit died during your Beginning Phase this turn, I enter ready.",
    );
    let a = &c.def.abilities[0].value;
    assert!(a.enter_ready);
    assert_eq!(
        a.if_.as_ref().unwrap().value,
        "friendly-died-your-beginning-phase"
    );
    // another phase is not this condition
    refused(
        "Unit",
        "If a friendly unit died during your Main Phase this turn, I enter ready.",
    );
}

#[test]
fn the_next_time_it_takes_damage_and_a_legion_instead() {
    // 390.2: "Kill it the next time it takes damage this turn." watches the unit chosen
    // before; 157.2, 370.1.a: "[Legion] – Kill it now instead." replaces that instruction
    let c = modelled(
        "Spell",
        "Choose a unit. Kill it the next time it takes damage this turn.\n[Legion] – Kill it now instead. (Get the effect if you've played another card this turn.)",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    let d = e.delayed.as_ref().unwrap();
    assert_eq!(d.when.value, "it-takes-damage");
    assert_eq!(d.unit.as_ref().unwrap().value, "choose-unit");
    assert_eq!(d.duration.as_ref().unwrap().value, "this-turn");
    assert_eq!(d.effects[0].value.kill.as_ref().unwrap().value, "that-unit");
    assert_eq!(e.instead_if.as_ref().unwrap().value, "legion");
    assert_eq!(e.instead[0].value.kill.as_ref().unwrap().value, "it");
    // without a unit chosen before, "it" refers to nothing
    refused("Spell", "Kill it the next time it takes damage this turn.");
    // a Legion line with nothing before it to replace is not read as a replacement
    refused("Spell", "[Legion] – Draw 1 instead.");
}

#[test]
fn optional_paid_replacements_name_who_chooses_and_the_cost() {
    // 742.1: "its controller may pay [cost] to … instead", "during combat"; a battlefield's
    // replacement effects are not modelled (refused, not ignored)
    let text = "If a unit here would die during combat, its controller may pay [Rune] [Rune] to heal it, exhaust it, and recall it instead.";
    refused("Battlefield", text);
    let c = modelled("Unit", text);
    let a = &c.def.abilities[0].value;
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.if_.as_ref().unwrap().value, "during-combat");
    assert_eq!(a.may.as_ref().unwrap().value, "its-controller");
    assert_eq!(
        a.cost.as_ref().unwrap().value.power.any.map(|n| n.get()),
        Some(2)
    );
    assert_eq!(a.instead.len(), 3);
    // "you may pay [Rune], exhaust me, and spend its buff to …": a buffed unit, three costs
    let c = modelled(
        "Legend",
        "If a buffed unit you control would die, you may pay [Rune], exhaust me, and spend its buff to heal it, exhaust it, and recall it instead.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.scope.as_ref().unwrap().value, "your-units");
    assert_eq!(a.unit_if.as_ref().unwrap().value, "buffed");
    assert_eq!(a.may.as_ref().unwrap().value, "you");
    let cost = &a.cost.as_ref().unwrap().value;
    assert!(cost.exhaust && cost.buff && cost.power.any.map(|n| n.get()) == Some(1));
    // "you may recall it instead": optional, nothing paid
    let c = modelled(
        "Gear",
        "If a friendly unit would die, you may recall it instead.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.may.as_ref().unwrap().value, "you");
    assert!(a.cost.is_none());
    // a created one: "The next time it would die this turn, you may pay [Fury] to …"
    let c = modelled(
        "Spell",
        "Choose a friendly unit. The next time it would die this turn, you may pay [Fury] to heal it and recall it instead.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert!(e.may && e.replace.is_some());
    assert_eq!(e.cost.as_ref().unwrap().value.power.domains.len(), 1);
    // "spend a buff" would be any unit's buff: not read in a replacement
    refused(
        "Gear",
        "If a friendly unit would die, you may spend a buff to recall it instead.",
    );
    // "kill me" as a replacement's cost is not modelled
    refused(
        "Gear",
        "If a friendly unit would die, you may kill me to recall it instead.",
    );
}

#[test]
fn double_all_damage_dealt_to_it_is_a_created_replacement() {
    // 432.1, 369: each damage to the unit chosen before is increased by itself
    let c = modelled(
        "Spell",
        "[Reaction]\nChoose a unit. Double all damage that would be dealt to it this turn.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.replace.as_ref().unwrap().value, "choose-unit");
    assert_eq!(e.would.as_ref().unwrap().value, "be-dealt-damage");
    assert_eq!(e.uses.as_ref().unwrap().value, "always");
    assert!(e.doubled && e.instead.is_empty());
    // a doubling for a duration the text does not give is not guessed
    refused(
        "Spell",
        "Choose a unit. Double all damage that would be dealt to it this combat.",
    );
}

#[test]
fn a_replacement_about_units_with_less_might_than_its_source() {
    // 370.1: "if it has less Might than me, instead …" — a circumstance about the unit,
    // "instead" written first
    let c = modelled(
        "Unit",
        "If another unit you control here would die, if it has less Might than me, instead heal it, exhaust it, and recall it.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.scope.as_ref().unwrap().value, "your-other-units-here");
    assert_eq!(a.unit_if.as_ref().unwrap().value, "less-might-than-me");
    assert_eq!(a.instead.len(), 3);
    // two circumstances about the unit are not joined
    refused(
        "Unit",
        "If a buffed unit you control would die, if it has less Might than me, instead recall it.",
    );
}

#[test]
fn a_discard_ahead_of_an_activated_abilitys_cost() {
    // 422, 403.1.a: "Discard 1, [Tap]: …" — the discard is part of the cost
    let c = modelled(
        "Gear",
        "Discard 1, [Tap]: Choose a friendly unit. The next time it would die this turn, you may pay [Fury] to heal it and recall it instead.",
    );
    let a = &c.def.abilities[0].value;
    let cost = &a.activate.as_ref().unwrap().value;
    assert_eq!(cost.discard.get(), 1);
    assert!(cost.exhaust);
    // a discard alone, with no cost of symbols after it, is not this form
    refused("Gear", "Discard a gear, [Tap]: Draw 1.");
}
