//! Battlefields' and legends' text (053.3: battlefields say "here"; 187.6: their abilities'
//! controller): passives about the units there, player-level triggers.

use super::tests::card;
use super::*;

fn only(c: &Compiled) -> &AbilityDef {
    assert!(c.fully_modelled(), "{:?}", c.phrases);
    assert_eq!(c.def.abilities.len(), 1, "{:?}", c.def.abilities);
    &c.def.abilities[0].value
}

#[test]
fn units_here_have_might_or_a_keyword() {
    let c = compile(&card("Battlefield", "Units here have +1 [Might]."));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.while_.as_ref().unwrap().value, "always");
    assert_eq!(a.might.map(|m| m.get()), Some(1));
    let c = compile(&card("Battlefield", "Units here have [Ganking]."));
    assert_eq!(only(&c).grant[0].value, "Ganking");
}

#[test]
fn units_here_with_a_keyword_is_a_condition_on_each() {
    let c = compile(&card(
        "Battlefield",
        "Units here with [Temporary] have [Shield] .",
    ));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.while_.as_ref().unwrap().value, "has Temporary");
    assert_eq!(a.grant[0].value, "Shield");
    // a keyword the engine does not model is no condition it can check
    let c = compile(&card(
        "Battlefield",
        "Units here with [Flow] have +1 [Might].",
    ));
    assert!(!c.fully_modelled());
}

#[test]
fn your_units_have_at_a_level() {
    let c = compile(&card("Legend", "[Level 6] Your units have +1 [Might]."));
    let a = only(&c);
    // 484.8.c: "your" is the controller's own
    assert_eq!(a.scope.as_ref().unwrap().value, "your-units");
    assert_eq!(a.while_.as_ref().unwrap().value, "level 6");
}

fn when(c: &Compiled) -> &str {
    &only(c).when.as_ref().expect("a trigger").value
}

#[test]
fn battlefield_triggers_defend_here_and_each_players_beginning_phase() {
    let c = compile(&card(
        "Battlefield",
        "When you defend here, you may move a friendly unit here to base.",
    ));
    assert_eq!(when(&c), "defend");
    let c = compile(&card(
        "Battlefield",
        "At the start of each player's Beginning Phase, deal 1 to each unit here.",
    ));
    assert_eq!(when(&c), "each-beginning-phase");
    assert_eq!(
        only(&c)
            .effect
            .as_ref()
            .unwrap()
            .value
            .to
            .as_ref()
            .unwrap()
            .value,
        "all-units-here"
    );
    // on a unit, "when you defend here" is no trigger the vocabulary has
    assert!(!compile(&card("Unit", "When you defend here, draw 1.")).fully_modelled());
}

#[test]
fn when_you_win_a_combat_is_about_the_player() {
    let c = compile(&card("Legend", "When you win a combat, draw 1."));
    assert_eq!(when(&c), "you-win-combat");
}

#[test]
fn defending_alone_is_a_condition_on_each_unit() {
    let c = compile(&card(
        "Battlefield",
        "While a unit here is defending alone, it has -2 [Might] .",
    ));
    let a = only(&c);
    assert_eq!(a.scope.as_ref().unwrap().value, "units-here");
    assert_eq!(a.while_.as_ref().unwrap().value, "defending-alone");
    assert_eq!(a.might.map(|m| m.get()), Some(-2));
    let c = compile(&card(
        "Legend",
        "While a friendly unit defends alone, it gets +2 [Might].",
    ));
    assert_eq!(only(&c).scope.as_ref().unwrap().value, "friendly-units");
    let c = compile(&card(
        "Unit",
        "While I'm attacking or defending alone, I have +2 [Might].",
    ));
    assert_eq!(
        only(&c).while_.as_ref().unwrap().value,
        "attacking-or-defending-alone"
    );
}

#[test]
fn it_gains_a_keyword_this_combat() {
    let c = compile(&card(
        "Battlefield",
        "When you defend here, choose a unit. It gains [Shield 2] this combat.",
    ));
    let a = only(&c);
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.grant.as_ref().unwrap().value, "Shield 2");
    assert_eq!(e.duration.as_ref().unwrap().value, "this-combat");
    assert_eq!(e.to.as_ref().unwrap().value, "choose-unit");
}

#[test]
fn a_spell_that_costs_n_or_more() {
    let c = compile(&card(
        "Legend",
        "When you play a spell that costs [5] or more, draw 1.",
    ));
    assert_eq!(when(&c), "play-spell-costing 5");
    // "or more" is not two trigger conditions
    assert!(
        !compile(&card(
            "Legend",
            "When you play a spell that costs [5] or less, draw 1."
        ))
        .fully_modelled()
    );
}

#[test]
fn each_players_first_beginning_phase_is_the_turn_players_first_turn() {
    // 478.7: the turn player's first turn, checked as it triggers; "that player" is the turn
    // player, whoever controls the battlefield (187.6)
    let c = compile(&card(
        "Battlefield",
        "At the start of each Player's first Beginning Phase, that player draws 2.",
    ));
    let a = only(&c);
    assert_eq!(a.when.as_ref().unwrap().value, "each-beginning-phase");
    assert_eq!(a.if_.as_ref().unwrap().value, "turn-players-first-turns 1");
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.draw.as_ref().unwrap().value, "turn-player");
    assert_eq!(e.count.map(|n| n.get()), Some(2));
    let c = compile(&card(
        "Battlefield",
        "At the start of each player's first Beginning Phase, that player gains 2 points.",
    ));
    let e = &only(&c).effect.as_ref().unwrap().value;
    assert_eq!(e.gain_points.map(|n| n.get()), Some(2));
    assert_eq!(e.player.as_ref().unwrap().value, "turn-player");
    // every Beginning Phase: no condition; "that player" names the turn player still
    let c = compile(&card(
        "Battlefield",
        "At the start of each player's Beginning Phase, that player channels 1 rune exhausted.",
    ));
    let a = only(&c);
    assert!(a.if_.is_none());
    let e = &a.effect.as_ref().unwrap().value;
    assert_eq!(e.player.as_ref().unwrap().value, "turn-player");
    assert!(e.exhausted);
    // "that player" with an instruction that is not about a player is kept as text
    assert!(
        !compile(&card(
            "Battlefield",
            "At the start of each player's first Beginning Phase, that player kills a unit.",
        ))
        .fully_modelled()
    );
    // a unit's first Beginning Phase is no trigger the vocabulary has
    assert!(
        !compile(&card(
            "Unit",
            "At the start of each player's first Beginning Phase, that player draws 1.",
        ))
        .fully_modelled()
    );
}

#[test]
fn players_cant_score_here_until_their_nth_turn() {
    let c = compile(&card(
        "Battlefield",
        "Players can't score here until their second turn.",
    ));
    assert_eq!(only(&c).no_score_before_turn.map(|n| n.get()), Some(2));
    for text in [
        "Players can't score here until their tenth turn.",
        "Players can't score here until their next turn.",
    ] {
        assert!(
            !compile(&card("Battlefield", text)).fully_modelled(),
            "{text}"
        );
    }
    // on a unit "here" is no battlefield's rule
    assert!(
        !compile(&card(
            "Unit",
            "Players can't score here until their third turn."
        ))
        .fully_modelled()
    );
}

#[test]
fn cant_be_played_on_your_first_turns() {
    for (text, n) in [
        ("I can't be played on your first turn.", 1),
        ("I can't be played on your first or second turns.", 2),
        (
            "I can't be played on your first, second, or third turns.",
            3,
        ),
    ] {
        let c = compile(&card("Unit", text));
        assert_eq!(
            only(&c).cant_be_played.as_ref().unwrap().value,
            format!("your-first-turns {n}"),
            "{text}"
        );
    }
    // the turns must run from the first: "your second turn" alone is another restriction
    for text in [
        "I can't be played on your second turn.",
        "I can't be played on your first or third turns.",
        "I can't be played on your opponents' first turn.",
    ] {
        assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
    }
}
