use super::*;

/// `text` compiled as a card of `kind`, asserted fully modelled.
pub(super) fn modelled(kind: &str, text: &str) -> Compiled {
    let c = compile(&card(kind, text));
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    c
}

/// `text` compiled as a card of `kind`, asserted not fully modelled (a phrase refused).
pub(super) fn refused(kind: &str, text: &str) -> Compiled {
    let c = compile(&card(kind, text));
    assert!(!c.fully_modelled(), "{:?}", c.phrases);
    c
}

pub(super) fn card(kind: &str, text: &str) -> Card {
    Card {
        name: "Test".into(),
        kind: kind.into(),
        supertype: None,
        domains: vec!["Fury".into()],
        energy: Some(2),
        power: Some(0),
        might: Some(3),
        tags: vec![],
        text: text::normalise(text),
        errata: None,
        might_bonus: None,
        equip_text: None,
        banned_from: None,
        banned: false,
        aliases: vec![],
    }
}

/// Whom a compiled spell's first instruction affects (`to`).
pub(super) fn effect_to(c: &Compiled) -> &str {
    let e = &c.def.effect.as_ref().expect("a spell effect").value;
    &e.to.as_ref().expect("a `to`").value
}

#[test]
fn keywords_with_values_and_reminders() {
    let c = compile(&card(
        "Unit",
        "[TANK] (I must be assigned combat damage first.)\n[Assault 2] (+2 [Might] while I'm an attacker.)",
    ));
    let k: Vec<&str> = c.def.keywords.iter().map(|k| k.value.as_str()).collect();
    assert_eq!(k, ["Tank", "Assault 2"]);
    assert!(c.fully_modelled(), "{:?}", c.phrases);
}

#[test]
fn triggers_activated_and_deathknell() {
    let c = modelled(
        "Unit",
        "When I attack, deal 2 to an enemy unit here.\n[Tap]: [Reaction] — Buff me.\n[Deathknell] — Draw 1.",
    );
    let a = &c.def.abilities;
    assert_eq!(a[0].value.when.as_ref().unwrap().value, "attack");
    let act = a[1].value.activate.as_ref().unwrap();
    assert!(act.value.exhaust && act.value.reaction);
    assert_eq!(a[2].value.when.as_ref().unwrap().value, "die");
}

#[test]
fn what_is_not_translated_is_kept_with_its_exact_phrase() {
    let c = compile(&card(
        "Unit",
        "I don't ready during your Awaken Phase.\n[Flow] an enemy unit.\n[Legion]",
    ));
    assert!(!c.fully_modelled());
    let bad: Vec<(&str, &PhraseStatus)> = c
        .unsupported()
        .map(|p| (p.text.as_str(), &p.status))
        .collect();
    assert_eq!(
        bad[0],
        (
            "I don't ready during your Awaken Phase.",
            &PhraseStatus::Unsupported
        )
    );
    assert_eq!(bad[1].1, &PhraseStatus::UnknownKeyword);
    // a Legion without its dependent ability says nothing the engine can run
    assert_eq!(bad[2], ("[Legion]", &PhraseStatus::Unsupported));
    // The unsupported text travels in the definition for the loader to report.
    let texts: Vec<&str> = c
        .def
        .abilities
        .iter()
        .filter_map(|a| a.value.text.as_ref().map(|t| t.value.as_str()))
        .collect();
    assert_eq!(
        texts,
        [
            "I don't ready during your Awaken Phase.",
            "[Flow] an enemy unit.",
            "[Legion]"
        ]
    );
}

#[test]
fn spells_passives_and_costs() {
    let s = compile(&card("Spell", "[Action]\nDeal 3 to a unit."));
    assert!(s.fully_modelled(), "{:?}", s.phrases);
    assert_eq!(effect_to(&s), "choose-unit");
    // further instructions follow the first, in order (359.3.e)
    let two = compile(&card("Spell", "Deal 1 to a unit. Draw 1."));
    assert!(two.fully_modelled(), "{:?}", two.phrases);
    assert!(two.def.then[0].value.draw.is_some());
    let odd = compile(&card("Spell", "Deal 1 to a unit. Scry 2."));
    assert!(odd.partly_modelled());
    let p = compile(&card("Unit", "While I'm [Mighty], I have [Shield]."));
    assert!(p.fully_modelled(), "{:?}", p.phrases);
    let l = compile(&card("Unit", "[Level 6] I have +2 [Might]."));
    assert!(l.fully_modelled(), "{:?}", l.phrases);
    assert_eq!(
        l.def.abilities[0].value.while_.as_ref().unwrap().value,
        "level 6"
    );
    assert_eq!(l.def.keywords[0].value, "Level 6");
    let mut eq = card(
        "Gear",
        "[EQUIP][1][Body] ([1][Body]: Attach this to a unit you control.)",
    );
    eq.might_bonus = Some(2);
    eq.equip_text = Some("[Tank] (I must be assigned combat damage first.)".into());
    let eq = compile(&eq);
    assert!(eq.fully_modelled(), "{:?}", eq.phrases);
    let cost = eq.def.equip.as_ref().unwrap();
    let power = cost.value.power.to_power(crate::engine::Power::own);
    assert_eq!(
        (cost.value.energy.get(), power),
        (1, crate::engine::Power::of(crate::engine::Domain::Body, 1))
    );
    assert_eq!(eq.def.might_bonus.map(|b| b.get()), Some(2));
    assert_eq!(
        eq.def.effect_text.as_ref().unwrap().value.keywords[0].value,
        "Tank"
    );
    let odd = compile(&card("Gear", "[Equip] — [Order], Kill a friendly unit"));
    assert!(!odd.fully_modelled() && odd.def.keywords.is_empty());
    // 818.1.c.3: a cost with other parts after a dash, read as an activated ability's
    for (text, xp, recycle, power) in [
        (
            "[Equip] — Spend 2 XP (Pay the cost: Attach this to a unit you control.)",
            2,
            0,
            0,
        ),
        ("[Equip] — [Mind], Recycle 3 cards from your trash", 0, 3, 1),
    ] {
        let eq = modelled("Gear", text);
        let cost = &eq.def.equip.as_ref().expect(text).value;
        assert_eq!(cost.xp.get(), xp, "{text}");
        assert_eq!(cost.recycle.get(), recycle, "{text}");
        let p = cost.power.to_power(crate::engine::Power::own);
        assert_eq!(p.is_zero(), power == 0, "{text}");
        assert_eq!(eq.def.keywords[0].value, "Equip");
    }
    // 702.2.b: "Spend my buff" in an activated ability's cost
    let act = modelled("Unit", "Spend my buff: Give me +2 [Might] this turn.");
    let cost = &act.def.abilities[0].value.activate.as_ref().unwrap().value;
    assert!(cost.spend_my_buff && !cost.exhaust);
    let act = modelled("Unit", "Spend my buff, [Tap]: Draw 1.");
    let cost = &act.def.abilities[0].value.activate.as_ref().unwrap().value;
    assert!(cost.spend_my_buff && cost.exhaust);
    refused("Unit", "Spend my buff, Spend my buff: Draw 1.");
    // a dash and nothing after it, or a part no cost has, stays text
    refused("Gear", "[Equip] —");
    refused("Gear", "[Equip] — Discard a unit");
    let act = compile(&card(
        "Gear",
        "[2][Fury], [Tap]: Give a unit +1 [Might] this turn.",
    ));
    assert!(act.fully_modelled(), "{:?}", act.phrases);
    let cost = act.def.abilities[0].value.activate.as_ref().unwrap();
    let power = cost.value.power.to_power(crate::engine::Power::own);
    assert_eq!(
        (cost.value.energy.get(), power),
        (2, crate::engine::Power::of(crate::engine::Domain::Fury, 1))
    );
    assert!(!compile(&card("Gear", "[Add] [Fury].")).fully_modelled());
}

#[test]
fn legion_compiles_its_dependent_ability() {
    let c = modelled("Unit", "[Legion] — When you play me, draw 1.");
    assert!(
        c.def.abilities.iter().any(|a| a.value.legion),
        "{:?}",
        c.def.abilities
    );
    let c = modelled("Unit", "[Legion] — I have +2 [Might].");
    assert!(
        c.def.abilities.iter().any(|a| a
            .value
            .while_
            .as_ref()
            .is_some_and(|w| w.value == "legion"))
    );
}

#[test]
fn repeat_keeps_its_cost() {
    let mut sp = card(
        "Spell",
        "[Repeat][1][Mind] (You may pay the additional cost to repeat this spell's effect.)\nDraw 1.",
    );
    sp.domains = vec!["Mind".into()];
    let c = compile(&sp);
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    let r = &c.def.repeat[0].value;
    assert_eq!(r.energy.get(), 1);
    assert_eq!(
        r.power.to_power(crate::engine::Power::own),
        crate::engine::Power::of(crate::engine::Domain::Mind, 1)
    );
    let c = modelled(
        "Spell",
        "[Repeat 2] (You may pay the additional cost to repeat this spell's effect.)\nDraw 1.",
    );
    assert_eq!(c.def.repeat[0].value.energy.get(), 2);
    // a cost that is neither symbols nor discards stays unsupported text (820.1.c: "[Repeat]
    // - Discard 1" is read, repeat_with_a_discard_is_its_cost)
    let c = compile(&card(
        "Spell",
        "[Repeat] - Recycle 2 cards from your trash (You may pay.)\nDraw 1.",
    ));
    assert!(!c.fully_modelled() && c.def.repeat.is_empty());
}

/// The passive ability a one-line unit compiles to: (while, scope, might, for-each, grant).
fn passive_of(text: &str) -> (String, String, Option<i32>, Option<String>, Vec<String>) {
    let c = compile(&card("Unit", text));
    assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
    let a = &c.def.abilities[0].value;
    (
        a.while_
            .as_ref()
            .map(|w| w.value.clone())
            .unwrap_or_default(),
        a.scope
            .as_ref()
            .map(|w| w.value.clone())
            .unwrap_or_default(),
        a.might.map(|m| m.get()),
        a.for_each.as_ref().map(|f| f.value.clone()),
        a.grant.iter().map(|g| g.value.clone()).collect(),
    )
}

#[test]
fn might_for_each_counts_in_the_for_each_vocabulary() {
    for (text, per) in [
        ("I have +1 [Might] for each friendly gear.", "gear"),
        (
            "I have +1 [Might] for each token unit you control.",
            "token units",
        ),
        (
            "I have +1[Might] for each other exhausted unit you control.",
            "other exhausted units",
        ),
        (
            "I have +1 [Might] for each other unit you control here with my name.",
            "other units here same-name",
        ),
        (
            "I get +1 [Might] for each buffed friendly unit at my battlefield.",
            "buffed units here",
        ),
        (
            "My Might is increased by the number of cards in your trash.",
            "trash",
        ),
        ("My might is increased by your points.", "points"),
        ("I have +2 [Might] for each of your Mechs.", "Mech"),
    ] {
        let (w, scope, might, each, _) = passive_of(text);
        let expected = if text.contains("at my battlefield") {
            "at-battlefield"
        } else {
            "always"
        };
        assert_eq!((w.as_str(), scope.as_str()), (expected, "me"), "{text}");
        assert!(might.is_some_and(|m| m > 0), "{text}");
        assert_eq!(each.as_deref(), Some(per), "{text}");
        // the vocabulary the scenario loader reads
        assert!(crate::scenario::load::count(per).is_some(), "{per}");
    }
    // an unknown count is not guessed
    let c = compile(&card("Unit", "I have +1 [Might] for each time I've moved."));
    assert!(!c.fully_modelled());
}

#[test]
fn passives_of_your_units_tokens_and_the_side_of_the_board() {
    assert_eq!(
        passive_of("Your units have +1[Might]."),
        ("always".into(), "your-units".into(), Some(1), None, vec![])
    );
    assert_eq!(
        passive_of("Your token units have [Tank]"),
        (
            "token".into(),
            "your-units".into(),
            None,
            None,
            vec!["Tank".into()]
        )
    );
    assert_eq!(
        passive_of("Your Mechs each have [Assault]").0,
        "tag Mech".to_string()
    );
    assert_eq!(
        passive_of("[Level 6] Your units have +1 [Might].").0,
        "level 6".to_string()
    );
    assert_eq!(
        passive_of("While you have 8+ runes, I have +4 [Might]."),
        ("runes 8 or more".into(), "me".into(), Some(4), None, vec![])
    );
}

#[test]
fn units_that_enter_ready_with_their_scope_and_condition() {
    let of = |text: &str| {
        let c = compile(&card("Unit", text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert!(a.enter_ready, "{text}");
        (
            a.scope.as_ref().map(|s| s.value.clone()),
            a.if_.as_ref().map(|s| s.value.clone()),
        )
    };
    assert_eq!(of("I enter ready."), (None, None));
    assert_eq!(
        of("Other friendly units enter ready."),
        (Some("other-friendly-units".into()), None)
    );
    assert_eq!(
        of("Your tokens enter ready."),
        (Some("friendly-units".into()), Some("token".into()))
    );
    assert_eq!(
        of("[Level 11] Your units enter ready."),
        (Some("friendly-units".into()), Some("level 11".into()))
    );
    assert_eq!(
        of("[Level 3] I enter ready."),
        (None, Some("level 3".into()))
    );
    // an effect for this turn is not a passive
    assert!(!compile(&card("Unit", "Your units enter ready this turn.")).fully_modelled());
}

#[test]
fn bonus_damage_passives() {
    // 712–715: the two forms of the community list, with their reminder texts
    let c = modelled(
        "Unit",
        "Your spells and abilities deal 1 Bonus Damage. (Each instance of damage they deal is increased by 1.)",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.bonus_damage.map(|n| n.get()), Some(1));
    assert!(a.scope.is_none());
    let c = modelled(
        "Battlefield",
        "Spells and abilities deal 2 Bonus Damage to units here.",
    );
    let a = &c.def.abilities[0].value;
    assert_eq!(a.bonus_damage.map(|n| n.get()), Some(2));
    assert_eq!(
        a.scope.as_ref().map(|s| s.value.as_str()),
        Some("units-here")
    );
    // "the next spell you play this turn": a delayed passive, not modelled
    let c = compile(&card(
        "Gear",
        "The next spell you play this turn deals 1 Bonus Damage.",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn you_control_is_the_controllers_own_not_friendly() {
    // 484.8.c: control is not shared; 484.8.d: friendly includes a teammate's
    let scope = |kind: &str, text: &str| {
        let c = compile(&card(kind, text));
        assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
        c.def.abilities[0]
            .value
            .scope
            .as_ref()
            .map(|s| s.value.clone())
    };
    assert_eq!(
        scope("Unit", "Your units have +1 [Might]."),
        Some("your-units".into())
    );
    assert_eq!(
        scope("Unit", "Friendly units have +1 [Might]."),
        Some("friendly-units".into())
    );
    assert_eq!(
        scope("Unit", "Your other units here have +1 [Might]."),
        Some("your-other-units-here".into())
    );
    assert_eq!(
        scope(
            "Gear",
            "If a unit you control would die, kill this instead."
        ),
        Some("your-units".into())
    );
    assert_eq!(
        scope("Gear", "If a friendly unit would die, kill this instead."),
        Some("friendly-units".into())
    );
    assert_eq!(
        scope("Unit", "Your Mechs have [Shield]."),
        Some("your-units".into())
    );
}

#[test]
fn hard_wrapped_errata_and_wrapped_reminders_are_read_as_sentences() {
    // errata'd wording is copied hard-wrapped: a line that stops mid-sentence goes on
    let mut c = card(
        "Spell",
        "Move an enemy unit. Then do this: Choose another enemy\nunit at its destination. They deal damage equal to their\nMights to each other.",
    );
    c.errata = Some("From Origins Card Errata".into());
    let texts: Vec<String> = compile(&c).phrases.iter().map(|p| p.text.clone()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("They deal damage equal to their Mights to each other")),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t.starts_with("Mights")), "{texts:?}");
    // a reminder wrapped onto the next line is still a reminder, errata or not
    modelled(
        "Gear",
        "[Tap]: Draw 1.\n(Each card you draw is a card you\nkeep. It stays.)",
    );
    // without errata, a line that ends without a full stop is its own line
    let c = compile(&card("Spell", "Draw 1\nBuff a friendly unit."));
    assert_eq!(c.phrases.len(), 2, "{:?}", c.phrases);
    // in errata, a bullet starts its own line: the modes stay modes
    let mut c = card(
        "Spell",
        "Choose one —\n• Deal 2 to a unit at a battlefield.\n• Draw 1.",
    );
    c.errata = Some("From Origins Card Errata".into());
    let c = compile(&c);
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert_eq!(c.def.effect.as_ref().unwrap().value.choose_one.len(), 2);
}

#[test]
fn keywords_listed_with_commas_and_a_spells_level_instruction() {
    let c = modelled(
        "Unit",
        "[Assault 2], [Shield 2] (+2 [Might] while I'm an attacker or defender.)",
    );
    let k: Vec<&str> = c.def.keywords.iter().map(|k| k.value.as_str()).collect();
    assert_eq!(k, ["Assault 2", "Shield 2"]);
    // a comma before text that is not a keyword is not swallowed
    assert!(!compile(&card("Unit", "[Tank], I have a fish.")).fully_modelled());
    // 824.1.b: a spell's level-dependent instruction is conditional on the level
    let c = modelled("Spell", "Draw 1.\n[Level 6] [Stun] an enemy unit.");
    let stun = &c.def.then[0].value;
    assert_eq!(stun.if_.as_ref().map(|n| n.value.as_str()), Some("level 6"));
    assert!(c.def.effect.as_ref().unwrap().value.if_.is_none());
}

#[test]
fn a_trailing_if_about_a_ready_enemy_unit_here() {
    let c = modelled(
        "Unit",
        "When I attack, give me +2 [Might] this turn if there is a ready enemy unit here.",
    );
    let e = c.def.abilities[0].value.effect.as_ref().unwrap();
    assert_eq!(
        e.value.if_.as_ref().map(|n| n.value.as_str()),
        Some("ready-enemy-here")
    );
}

/// A card of two permanent types (133.4.a.2) is refused: the engine's objects have one
/// card type, and played as a gear it would have no Might and enter ready.
#[test]
fn a_card_of_two_types_is_refused() {
    let c = refused("Unit Gear", "When you play me, draw 1.");
    assert!(
        c.phrases
            .iter()
            .any(|p| p.text == "Unit Gear: a card of two types"
                && p.status == PhraseStatus::Unsupported),
        "{:?}",
        c.phrases
    );
    // Its text is still read: the trigger compiled.
    assert!(c.phrases.iter().any(|p| p.status == PhraseStatus::Compiled));
    modelled("Gear", "When you play this, draw 1.");
}

/// A token battlefield (Token supertype, 133.7.c) is a battlefield: its abilities are a
/// battlefield's, not those of a marker card.
#[test]
fn a_token_battlefield_is_a_battlefield() {
    let mut c = card(
        "Battlefield",
        "(You can't start the game with a token battlefield.)\nUnits can move here from anywhere.",
    );
    c.supertype = Some("Token".into());
    let k = compile(&c);
    assert!(k.fully_modelled(), "{:?}", k.phrases);
    assert_eq!(
        k.def.kind.as_ref().map(|t| t.value.as_str()),
        Some("battlefield")
    );
    c.kind = "Card".into();
    c.text = "A unit may have no more than one buff at a time.".into();
    assert_eq!(
        compile(&c).def.kind.as_ref().map(|t| t.value.as_str()),
        Some("token")
    );
}

#[test]
fn a_later_sets_word_within_a_phrase_is_reported_under_that_word() {
    assert_eq!(later_term("They [Scorch 1]."), Some("Scorch".into()));
    assert_eq!(later_term("[Flow][5][Rune][Rune]"), Some("Flow".into()));
    assert_eq!(
        later_term("When you empower something else, draw 1."),
        Some("Empower".into())
    );
    assert_eq!(
        later_term("If it's exhausted, disempower it."),
        Some("Empower".into())
    );
    // symbols, keywords of 805–826 and the game actions written in brackets are the rules'
    for known in [
        "Give me +2 [might] this turn.",
        "[Stun] an enemy unit. [Predict 2].",
        "Draw 1 for each of your [Mighty] units.",
        "[Tap]: [Add] [1][Order].",
        "Give a unit [Assault 2] this turn.",
        "Power up the engine.",
    ] {
        assert_eq!(later_term(known), None, "{known}");
    }
    let c = refused(
        "Unit",
        "When you play me, choose a player.\nThey [Scorch 1].",
    );
    let bad: Vec<(&str, &PhraseStatus)> = c
        .unsupported()
        .map(|p| (p.text.as_str(), &p.status))
        .collect();
    assert!(
        bad.contains(&("They [Scorch 1].", &PhraseStatus::UnknownKeyword)),
        "{bad:?}"
    );
    // text without a later word stays unsupported
    let c = refused("Unit", "I don't ready during your Awaken Phase.");
    assert_eq!(
        c.unsupported().next().unwrap().status,
        PhraseStatus::Unsupported
    );
}

#[test]
fn the_rules_of_2026_03_30_do_not_define_empower() {
    let rules = include_str!("../../../rules/000_d1f22d35fe5558d9.txt").to_ascii_lowercase();
    assert!(
        rules.contains("deathknell"),
        "the rules text is the one expected"
    );
    assert!(!rules.contains("empower"));
}

#[test]
fn a_deathknell_whose_effect_is_not_translated_is_one_phrase() {
    let c = refused("Unit", "[Deathknell] — Sing a song of woe.");
    let bad: Vec<(&str, &PhraseStatus)> = c
        .unsupported()
        .map(|p| (p.text.as_str(), &p.status))
        .collect();
    assert_eq!(
        bad,
        [(
            "[Deathknell] Sing a song of woe.",
            &PhraseStatus::Unsupported
        )]
    );
    // on its own line, the effect on the next
    let c = refused("Unit", "[Deathknell]\nSing a song of woe.");
    assert_eq!(c.phrases.len(), 1, "{:?}", c.phrases);
    assert_eq!(c.phrases[0].text, "[Deathknell] Sing a song of woe.");
    // an effect translated stays two phrases, both compiled
    let c = modelled("Unit", "[Deathknell] — Draw 1.");
    assert_eq!(c.phrases.len(), 2);
}

#[test]
fn a_spells_choice_ending_a_line_goes_on_to_the_next() {
    // 359.3.e: a spell's instructions are one sequence, whatever the lines
    let c = modelled(
        "Spell",
        "Choose a friendly unit without [Tank] .\nGive it [Tank] . Draw 1.",
    );
    let first = &c.def.effect.as_ref().unwrap().value;
    assert!(
        first
            .to
            .as_ref()
            .is_some_and(|t| t.value.contains("without")),
        "{first:?}"
    );
    assert_eq!(c.def.then.len(), 1, "then draw 1");
    // a keyword's line ends the choice: nothing refers to it
    let c = refused("Spell", "Choose a friendly unit.\n[Legion] Draw 1.");
    assert!(
        c.unsupported().any(|p| p.text == "Choose a friendly unit."),
        "{:?}",
        c.phrases
    );
    // a unit's triggered ability does not go on past its line
    refused(
        "Unit",
        "When you play me, choose a friendly unit.\nGive it [Tank].",
    );
}
