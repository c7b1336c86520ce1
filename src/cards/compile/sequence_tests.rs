use super::tests::{card, effect_to, modelled};
use super::*;

fn targets(e: &format::Effect) -> Vec<String> {
    let mut e = e.clone();
    target_fields(&mut e)
        .iter()
        .map(|t| t.value.clone())
        .collect()
}

#[test]
fn chosen_units_are_referred_to_as_it() {
    // "Choose …" gives the next "it" its requirement; later "it"s are that same unit
    let c = modelled(
        "Spell",
        "Choose a friendly unit. Give it +2 [Might] this turn. Ready it.",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(targets(e), ["choose-friendly"]);
    assert_eq!(targets(&c.def.then[0].value), ["it"]);
    // two keywords given to one chosen unit: the second to "it"
    let c = modelled("Spell", "Give a unit [Assault 2] and [Ganking] this turn.");
    assert_eq!(targets(&c.def.then[0].value), ["it"]);
    // "it" with nothing chosen before refers to nothing: not compiled
    let c = compile(&card("Spell", "Ready it."));
    assert!(!c.fully_modelled());
    // a "Choose" nothing refers to stays unsupported
    let c = compile(&card("Spell", "Choose a unit."));
    assert!(!c.fully_modelled());
}

#[test]
fn sequences_groups_tokens_and_limits() {
    let c = modelled(
        "Unit",
        "When you play me, buff another friendly unit, then draw 1.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(
        targets(&a.effect.as_ref().unwrap().value),
        ["choose-other-friendly"]
    );
    assert!(a.then[0].value.draw.is_some());
    let c = modelled("Spell", "Deal 1 to all units at battlefields.");
    assert_eq!(
        targets(&c.def.effect.as_ref().unwrap().value),
        ["units-at-battlefields"]
    );
    let c = modelled(
        "Spell",
        "Play two ready 3 [Might] Sprite unit tokens with [Temporary].",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(e.create.as_ref().unwrap().value, "Sprite");
    assert_eq!(e.count.map(|n| n.get()), Some(2));
    assert!(e.ready_token);
    let t = &e.token.as_ref().unwrap().value;
    assert_eq!(t.might.map(|m| m.get()), Some(3));
    assert_eq!(t.keywords[0].value, "Temporary");
    // "here": the source's location; a place the vocabulary cannot say stays unsupported
    modelled(
        "Unit",
        "When I hold, play a 1 [Might] Recruit unit token here.",
    );
    let c = compile(&card(
        "Spell",
        "Play a 1 [Might] Recruit unit token at the Rift.",
    ));
    assert!(!c.fully_modelled());
    let c = modelled(
        "Spell",
        "Give a unit -4 [Might] this turn, to a minimum of 1 [Might].",
    );
    let e = &c.def.effect.as_ref().unwrap().value;
    assert_eq!(
        (e.might.map(|m| m.get()), e.min.map(|m| m.get())),
        (Some(-4), Some(1))
    );
    let c = compile(&card("Unit", "I enter ready."));
    assert!(c.fully_modelled() && c.def.abilities[0].value.enter_ready);
    let c = modelled("Unit", "[Deathknell]\nChannel 1 rune exhausted.");
    let a = &c.def.abilities[0].value;
    assert_eq!(a.when.as_ref().unwrap().value, "die");
    assert!(a.effect.as_ref().unwrap().value.exhausted);
    let c = compile(&card(
        "Unit",
        "When I attack or defend, deal 2 to an enemy unit here.",
    ));
    let whens: Vec<&str> = c
        .def
        .abilities
        .iter()
        .map(|a| a.value.when.as_ref().unwrap().value.as_str())
        .collect();
    assert_eq!(whens, ["attack", "defend"]);
    // "and" in a passive: one passive for each thing it gives
    let c = modelled("Unit", "[Level 3] I have +1 [Might] and [Ganking].");
    assert_eq!(c.def.abilities.len(), 2);
    assert!(
        c.def
            .abilities
            .iter()
            .all(|a| a.value.while_.as_ref().unwrap().value == "level 3")
    );
    let c = modelled(
        "Unit",
        "When I attack, deal damage equal to my Might to an enemy unit here.\nOther friendly units have +1 [Might] here.",
    );
    assert!(matches!(
        c.def.abilities[0].value.effect.as_ref().unwrap().value.deal,
        Some(Amount::Word(_))
    ));
    assert_eq!(
        c.def.abilities[1].value.scope.as_ref().unwrap().value,
        "other-friendly-units-here"
    );
    modelled("Spell", "Deal 2 damage to an enemy unit.");
    let c = modelled("Gear", "When you play this, you may pay [1] to draw 1.");
    assert_eq!(
        c.def.abilities[0]
            .value
            .cost
            .as_ref()
            .unwrap()
            .value
            .energy
            .get(),
        1
    );
    // "Your Mechs have [Shield]": the controller's own units (484.8.c), with a tag condition
    let c = modelled("Unit", "Your Mechs have [Shield].");
    let a = &c.def.abilities[0].value;
    assert_eq!(a.while_.as_ref().unwrap().value, "tag Mech");
    assert_eq!(a.scope.as_ref().unwrap().value, "your-units");
    // a tag in place of "unit" in instructions
    let c = modelled("Spell", "Give your Mechs +1 [Might] this turn.");
    assert_eq!(effect_to(&c), "your-units with tag Mech");
    // 355.3: "Choose one —" and its bulleted modes
    let c = modelled(
        "Spell",
        "Choose one —\n• Deal 2 to a unit at a battlefield.\n• Draw 1.",
    );
    assert_eq!(c.def.effect.as_ref().unwrap().value.choose_one.len(), 2);
    let c = compile(&card("Spell", "Choose one —\n• Draw 1.\n• Scry 2."));
    assert!(!c.fully_modelled());
    modelled("Battlefield", "When you hold here, draw 1.");
    // "here" triggers of a battlefield are not a unit's
    assert!(!compile(&card("Unit", "When you hold here, draw 1.")).fully_modelled());
}

#[test]
fn a_unit_token_without_a_place_is_played_where_its_player_chooses() {
    // 182.1.a, 439.2.b: a token is played like a card of its type (355.2.a: base or a
    // battlefield its player controls); a place written fixes it
    let at = |text: &str| {
        let c = modelled("Spell", text);
        let e = &c.def.effect.as_ref().unwrap().value;
        e.at.as_ref().map(|a| a.value.clone())
    };
    assert_eq!(
        at("Play three 2 [Might] Squire unit tokens.").as_deref(),
        Some("chosen")
    );
    assert_eq!(
        at("Play a ready 2 [Might] Squire unit token with [Shield].").as_deref(),
        Some("chosen")
    );
    assert_eq!(
        at("Play three 2 [Might] Squire unit tokens to your base."),
        None
    );
    assert_eq!(
        at("Play a 2 [Might] Squire unit token into your base."),
        None
    );
    assert_eq!(at("Play a Copper gear token exhausted."), None);
    let c = modelled(
        "Unit",
        "When I hold, play a 2 [Might] Squire unit token here.",
    );
    let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
    assert_eq!(e.at.as_ref().unwrap().value, "here");
}
