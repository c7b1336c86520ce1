//! Engine tests: the citation check, determinism, clone/restore, and rulings end to end.

use super::*;
use std::sync::Arc;

/// Every `cite!("...")` in src/engine.
fn all_cites() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("src/engine is readable") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).expect("source is readable");
                let needle = "cite!(\"";
                let mut rest = text.as_str();
                while let Some(i) = rest.find(needle) {
                    rest = &rest[i + needle.len()..];
                    if let Some(j) = rest.find('"') {
                        out.push(rest[..j].to_string());
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_cited_rule_exists_in_the_2026_03_30_rules() {
    let lib = crate::rulebook::Library::get();
    let i = lib
        .resolve(None, None)
        .expect("the newest edition resolves");
    let book = lib.book(i);
    let cites = all_cites();
    // the macro's own doc example and this test's needle are not citations
    let cites: Vec<String> = cites
        .into_iter()
        .filter(|c| !c.is_empty() && c != "...")
        .collect();
    assert!(
        cites.len() > 100,
        "expected many citations, found {}",
        cites.len()
    );
    let missing: Vec<&String> = cites
        .iter()
        .filter(|c| book.index_of(c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "cited rules missing from the rules: {missing:?}"
    );
}

pub(crate) fn duel() -> (Game, PlayerId, PlayerId) {
    let g = Game::new(Mode::Duel, &["A", "B"], 7);
    (g, PlayerId(0), PlayerId(1))
}

pub(crate) fn unit(g: &mut Game, def: CardDef, p: PlayerId, z: Zone) -> ObjId {
    g.create(Arc::new(def), p, z)
}

/// A 6-Might attacker meets a 3-Might Tank and a 2-Might unit.
fn tank_first() -> (Game, ObjId, ObjId, ObjId, BfId) {
    let (mut g, a, b) = duel();
    let bridge = g.add_battlefield("The Bridge", None);
    g.battlefield_mut(bridge).controller = Some(b);
    g.player_mut(a).points = 2;
    g.player_mut(b).points = 3;
    let shield = unit(
        &mut g,
        CardDef::unit("Shieldbearer", 3).with_keyword(Keyword::Tank),
        b,
        Zone::Battlefield(bridge),
    );
    let squire = unit(
        &mut g,
        CardDef::unit("Squire", 2),
        b,
        Zone::Battlefield(bridge),
    );
    let raider = unit(&mut g, CardDef::unit("Raider", 6), a, Zone::Base(a));
    g.start().expect("starts");
    (g, raider, shield, squire, bridge)
}

#[test]
fn tank_first_combat_conquers() {
    let (mut g, raider, shield, squire, bridge) = tank_first();
    let a = PlayerId(0);
    g.apply(Action::Move {
        player: a,
        units: vec![raider],
        to: Location::Battlefield(bridge),
    })
    .expect("legal move");
    assert!(
        g.turn_state().showdown,
        "combat showdown open: {}",
        g.trace.render_plain()
    );
    assert_eq!(g.focus(), Some(a));
    g.apply(Action::PassAll).expect("passes");
    // 6 damage: lethal to the Tank first (3), then the Squire (2); the excess 1 is A's choice
    let d = g
        .pending_decision()
        .expect("several legal assignments")
        .clone();
    assert_eq!(d.kind, DecisionKind::AssignDamage);
    let labels: Vec<&str> = d.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        vec!["Shieldbearer 3, Squire 3", "Shieldbearer 4, Squire 2"]
    );
    // a non-choose action while the decision is pending is refused
    assert!(matches!(
        g.apply(Action::PassAll),
        Err(EngineError::DecisionPending(_))
    ));
    g.apply(Action::Choose {
        player: a,
        answer: Answer::Assignment(vec![(squire, 3), (shield, 3)]),
    })
    .expect("legal answer");
    let tr = g.trace.render_plain();
    assert!(g.pending_decision().is_none(), "{tr}");
    assert_eq!(g.object(shield).zone, Zone::Trash(PlayerId(1)), "{tr}");
    assert_eq!(g.object(squire).zone, Zone::Trash(PlayerId(1)), "{tr}");
    assert_eq!(g.battlefield(bridge).controller, Some(a), "{tr}");
    assert_eq!(g.player(a).points, 3, "{tr}");
    assert!(g.trace.cites("815.1.b"), "{tr}");
    assert!(g.trace.cites("461.5.d"), "{tr}");
    // the raider took 5 (3 + 2) and survives, healed by the combat cleanup (461.1.a.1)
    assert_eq!(g.object(raider).zone, Zone::Battlefield(bridge), "{tr}");
    assert_eq!(g.object(raider).damage, 0, "{tr}");
}

#[test]
fn same_setup_twice_gives_identical_traces() {
    let run = || {
        let (mut g, raider, _, _, bridge) = tank_first();
        g.apply(Action::Move {
            player: PlayerId(0),
            units: vec![raider],
            to: Location::Battlefield(bridge),
        })
        .expect("move");
        g.apply(Action::PassAll).expect("pass");
        g.apply(Action::Choose {
            player: PlayerId(0),
            answer: Answer::Index(1),
        })
        .expect("choose");
        serde_json::to_string(&g.trace).expect("json")
    };
    assert_eq!(run(), run());
}

#[test]
fn a_clone_continues_identically() {
    let (mut g, raider, _, _, bridge) = tank_first();
    g.apply(Action::Move {
        player: PlayerId(0),
        units: vec![raider],
        to: Location::Battlefield(bridge),
    })
    .expect("move");
    let mut h = g.clone();
    g.apply(Action::PassAll).expect("pass");
    h.apply(Action::PassAll).expect("pass");
    g.apply(Action::Choose {
        player: PlayerId(0),
        answer: Answer::Index(0),
    })
    .expect("choose");
    h.apply(Action::Choose {
        player: PlayerId(0),
        answer: Answer::Index(0),
    })
    .expect("choose");
    assert_eq!(g.trace, h.trace);
    assert!(g.trace.events.len() > 10);
}

#[test]
fn an_illegal_action_leaves_the_state_unchanged() {
    let (mut g, raider, _, _, bridge) = tank_first();
    let before = g.trace.clone();
    let err = g
        .apply(Action::Move {
            player: PlayerId(1),
            units: vec![raider],
            to: Location::Battlefield(bridge),
        })
        .expect_err("B cannot move on A's turn");
    assert!(matches!(err, EngineError::Illegal { rule, .. } if rule.0 == "144.1.a"));
    assert_eq!(g.trace, before);
}
