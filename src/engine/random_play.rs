//! Engine invariants over random play (issue 10): a busy board with units, spells, gear,
//! hidden cards and activated abilities, driven by random legal and illegal actions. After
//! every action: cards are conserved across zones; no unit with lethal damage survives a
//! cleanup; a rejected action leaves the whole state unchanged (compared as its full debug
//! form, not only the trace); the same seed gives the same trace; restoring an earlier
//! state and replaying gives identical state and trace.
//!
//! CI runs a short version; `scripts/random-play-long.sh` sets `ARBITER_RANDOM_PLAY_SEEDS`
//! and `ARBITER_RANDOM_PLAY_ACTIONS` for a long one.

use super::tests::unit;
use super::*;

fn duel_names() -> [&'static str; 2] {
    ["A", "B"]
}

fn env(k: &str, default: u64) -> u64 {
    std::env::var(k)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn spell(name: &str, cost: i32, effects: Vec<Effect>) -> CardDef {
    let mut d = CardDef::unit(name, 0).with_ability(Ability::Spell(effects));
    d.card_type = CardType::Spell;
    d.might = None;
    d.energy_cost = Some(cost);
    d
}

fn gear(name: &str) -> CardDef {
    let mut d = CardDef::unit(name, 0).with_ability(Ability::Activated {
        exhaust: true,
        kill_self: false,
        spend_buff: false,
        recycle: (0, None),
        xp: 0,
        discard: 0,
        energy: 1,
        power: Default::default(),
        action: true,
        reaction: false,
        effects: vec![Effect::DealDamage {
            target: Target::ChooseUnit(UnitFilter::Enemy),
            amount: Amount::Fixed(1),
        }],
        only_while: Condition::Always,
    });
    d.card_type = CardType::Gear;
    d.might = None;
    d.energy_cost = Some(1);
    d
}

/// The board: both players with units on the board, spells, gear and hidden cards in
/// hand, an activated ability on a unit, and decks to draw from.
fn board(seed: u64) -> (Game, [BfId; 2]) {
    let mut g = Game::new(Mode::Duel, &duel_names(), seed);
    let (a, b) = (PlayerId(0), PlayerId(1));
    let b1 = g.add_battlefield("North", None);
    let b2 = g.add_battlefield("South", None);
    g.battlefield_mut(b2).controller = Some(b);
    let units = [
        CardDef::unit("Tank", 3).with_keyword(Keyword::Tank),
        CardDef::unit("Archer", 2).with_keyword(Keyword::Backline),
        CardDef::unit("Raider", 2)
            .with_keyword(Keyword::Assault(2))
            .with_keyword(Keyword::Ganking),
        CardDef::unit("Wall", 1).with_keyword(Keyword::Shield(3)),
        CardDef::unit("Hunter", 2).with_keyword(Keyword::Hunt(1)),
        CardDef::unit("Slinger", 2).with_ability(Ability::Activated {
            exhaust: true,
            kill_self: false,
            spend_buff: false,
            recycle: (0, None),
            xp: 0,
            discard: 0,
            energy: 0,
            power: Default::default(),
            action: false,
            reaction: false,
            effects: vec![Effect::GainXp {
                player: PlayerRef::You,
                amount: 1,
            }],
            only_while: Condition::Always,
        }),
    ];
    for (i, d) in units.iter().enumerate() {
        unit(&mut g, d.clone(), a, Zone::Base(a));
        let z = if i % 2 == 0 {
            Zone::Battlefield(b2)
        } else {
            Zone::Base(b)
        };
        unit(&mut g, d.clone(), b, z);
    }
    for p in [a, b] {
        let hand = [
            spell(
                "Firebolt",
                1,
                vec![Effect::DealDamage {
                    target: Target::ChooseUnit(UnitFilter::Enemy),
                    amount: Amount::Fixed(2),
                }],
            ),
            spell(
                "Insight",
                0,
                vec![Effect::GainXp {
                    player: PlayerRef::You,
                    amount: 1,
                }],
            )
            .with_keyword(Keyword::Action),
            spell(
                "Ambush",
                0,
                vec![Effect::DealDamage {
                    target: Target::EnemyUnitsHere,
                    amount: Amount::Fixed(1),
                }],
            )
            .with_keyword(Keyword::Hidden),
            gear("Torch"),
            CardDef::unit("Recruit", 1),
        ];
        for d in hand {
            unit(&mut g, d, p, Zone::Hand(p));
        }
        for _ in 0..8 {
            unit(&mut g, CardDef::unit("Card", 1), p, Zone::MainDeck(p));
        }
        g.player_mut(p).energy = 4;
        g.player_mut(p).power = crate::engine::Power::any(2);
    }
    (g, [b1, b2])
}

/// A random action, legal or not (illegal ones must be rejected without a trace).
fn random_action(g: &Game, rng: &mut Game, bfs: [BfId; 2]) -> Action {
    let n = g.objects.len() as u64;
    let any_obj = |rng: &mut Game| ObjId(rng.random(n) as usize);
    let any_player = |rng: &mut Game| PlayerId(rng.random(2) as usize);
    let any_bf = |rng: &mut Game| bfs[rng.random(2) as usize];
    if let Some(d) = g.pending_decision() {
        // mostly a legal answer; sometimes out of range or by the wrong player
        return match rng.random(10) {
            0 => Action::Choose {
                player: any_player(rng),
                answer: Answer::Index(rng.random(d.options.len() as u64 + 2) as usize),
            },
            _ => Action::Choose {
                player: d.player,
                answer: Answer::Index(rng.random(d.options.len() as u64) as usize),
            },
        };
    }
    let actor = match g.status() {
        Status::Priority { player } | Status::Idle { player } => player,
        _ => g.turn.player,
    };
    let p = if rng.random(8) == 0 {
        any_player(rng)
    } else {
        actor
    };
    match rng.random(12) {
        0 | 1 => match g.status() {
            Status::Priority { player } => Action::Pass { player },
            _ => Action::PassAll,
        },
        2 => Action::PassAll,
        3 => Action::EndTurn {
            player: g.turn.player,
        },
        4 | 5 => {
            let hand = g.objects_in(Zone::Hand(p));
            let facedown: Vec<ObjId> = bfs
                .iter()
                .flat_map(|b| g.objects_in(Zone::Facedown(*b)))
                .collect();
            let pool: Vec<ObjId> = hand.into_iter().chain(facedown).collect();
            let card = if pool.is_empty() || rng.random(6) == 0 {
                any_obj(rng)
            } else {
                pool[rng.random(pool.len() as u64) as usize]
            };
            let to = match rng.random(4) {
                0 => Some(Location::Battlefield(any_bf(rng))),
                1 => Some(Location::Base),
                _ => None,
            };
            Action::Play {
                payment: None,
                player: p,
                card,
                to,
            }
        }
        6 => {
            let hand = g.objects_in(Zone::Hand(p));
            let card = match hand.iter().find(|&&c| g.object(c).def.name == "Ambush") {
                Some(&c) if rng.random(3) > 0 => c,
                _ => any_obj(rng),
            };
            Action::Hide {
                payment: None,
                player: p,
                card,
                at: any_bf(rng),
            }
        }
        7 => {
            let sources: Vec<ObjId> = g
                .objects
                .iter()
                .filter(|o| o.zone.on_board() && matches!(o.def.name.as_str(), "Torch" | "Slinger"))
                .map(|o| o.id)
                .collect();
            let source = if sources.is_empty() || rng.random(6) == 0 {
                any_obj(rng)
            } else {
                sources[rng.random(sources.len() as u64) as usize]
            };
            Action::Activate {
                payment: None,
                player: p,
                source,
                ability: rng.random(2) as usize,
            }
        }
        8 => {
            let u = any_obj(rng);
            let effect = match rng.random(5) {
                0 => Effect::DealDamage {
                    target: Target::Object(u),
                    amount: Amount::Fixed(1),
                },
                1 => Effect::Kill {
                    target: Target::Object(u),
                },
                2 => Effect::Buff {
                    target: Target::Object(u),
                },
                3 => Effect::Move {
                    target: Target::Object(u),
                    to: Location::Battlefield(any_bf(rng)),
                },
                _ => Effect::Recall {
                    target: Target::Object(u),
                },
            };
            Action::Effect {
                controller: g.turn.player,
                source: Some(u),
                effect,
            }
        }
        _ => {
            let mine: Vec<ObjId> = g
                .objects
                .iter()
                .filter(|o| {
                    o.zone.on_board() && o.is_unit() && g.controller(o.id) == p && !o.exhausted
                })
                .map(|o| o.id)
                .collect();
            let units = if mine.is_empty() || rng.random(8) == 0 {
                vec![any_obj(rng)]
            } else {
                let k = 1 + rng.random(mine.len().min(3) as u64) as usize;
                mine[..k].to_vec()
            };
            let to = match rng.random(3) {
                0 => Location::Base,
                _ => Location::Battlefield(any_bf(rng)),
            };
            Action::Move {
                player: p,
                units,
                to,
            }
        }
    }
}

/// Objects per owner and the zones they are in: every zone is a real one.
fn census(g: &Game) -> Vec<usize> {
    let mut per_owner = vec![0; g.players.len()];
    for o in &g.objects {
        per_owner[o.owner.0] += 1;
        let ok = match o.zone {
            Zone::Battlefield(b) | Zone::Facedown(b) => b.0 < g.battlefields.len(),
            Zone::Base(p)
            | Zone::Trash(p)
            | Zone::Hand(p)
            | Zone::MainDeck(p)
            | Zone::RuneDeck(p)
            | Zone::ChampionZone(p)
            | Zone::LegendZone(p)
            | Zone::Banishment(p) => p.0 < g.players.len(),
            Zone::Chain => true,
            Zone::Gone => o.token,
        };
        assert!(
            ok,
            "{} is in a zone that does not exist: {:?}",
            o.def.name, o.zone
        );
    }
    per_owner
}

/// The invariants that hold whenever the game rests idle after a cleanup.
fn idle_invariants(g: &Game, seed: u64) {
    let chars = g.derive_all();
    for o in g
        .objects
        .iter()
        .filter(|o| o.zone.on_board() && o.is_unit())
    {
        assert!(
            !(o.damage > 0 && o.damage >= chars[o.id.0].might),
            "seed {seed}: {} survived a cleanup with lethal damage\n{}",
            o.def.name,
            g.trace.render_plain()
        );
        assert!(
            o.designation.is_none(),
            "seed {seed}: designation outside combat"
        );
    }
    assert!(g.chain().is_empty() && g.combat.is_none() && g.showdown.is_none());
}

/// Plays one random game of `actions` actions, checking the invariants after each.
/// Returns the trace and the number of actions applied and rejected.
fn play(seed: u64, actions: u64) -> (String, u64, u64) {
    let (mut g, bfs) = board(seed);
    g.start().expect("start");
    let mut rng = Game::new(Mode::Duel, &duel_names(), seed ^ 0x5eed);
    let start = census(&g);
    let total = g.objects.len();
    // restore-and-replay: a snapshot taken partway, and the actions applied since
    let snap_at = actions / 3;
    let mut snapshot: Option<Game> = None;
    let mut since: Vec<Action> = Vec::new();
    let (mut applied, mut rejected) = (0, 0);
    // every query of the characteristics during play checks the cache against a fresh
    // derivation (issue 11: the cached and the from-scratch values agree)
    super::layers::VERIFY_CACHE.with(|c| c.set(true));
    for k in 0..actions {
        if g.winner().is_some() {
            break;
        }
        if k == snap_at {
            snapshot = Some(g.clone());
        }
        let action = random_action(&g, &mut rng, bfs);
        let before = format!("{g:?}");
        match g.apply(action.clone()) {
            Ok(()) => applied += 1,
            Err(e) => {
                rejected += 1;
                let after = format!("{g:?}");
                assert!(
                    before == after,
                    "seed {seed}: the rejected {action:?} ({e}) changed the state"
                );
            }
        }
        if snapshot.is_some() {
            since.push(action);
        }
        // cards are conserved: no object appears or vanishes (tokens aside), and each
        // owner keeps as many
        let now = census(&g);
        if !g.objects.iter().any(|o| o.token) {
            assert_eq!(g.objects.len(), total, "seed {seed}: objects appeared");
            assert_eq!(now, start, "seed {seed}: cards changed owners");
        }
        if matches!(g.status(), Status::Idle { .. }) && g.pending_decision().is_none() {
            idle_invariants(&g, seed);
        }
    }
    if let Some(mut r) = snapshot {
        for a in since {
            let _ = r.apply(a);
        }
        assert_eq!(
            format!("{r:?}"),
            format!("{g:?}"),
            "seed {seed}: restoring and replaying gave another state"
        );
        assert_eq!(r.trace.render_plain(), g.trace.render_plain());
    }
    (g.trace.render_plain(), applied, rejected)
}

#[test]
fn random_play_with_spells_gear_hidden_cards_and_abilities_keeps_the_invariants() {
    let seeds = env("ARBITER_RANDOM_PLAY_SEEDS", 12);
    let actions = env("ARBITER_RANDOM_PLAY_ACTIONS", 120);
    let (mut applied, mut rejected) = (0, 0);
    let mut cited = std::collections::BTreeSet::new();
    let t = std::time::Instant::now();
    for seed in 0..seeds {
        let (trace, a, r) = play(seed, actions);
        applied += a;
        rejected += r;
        // the same seed gives the same trace
        if seed < 3 {
            assert_eq!(
                play(seed, actions).0,
                trace,
                "seed {seed}: not deterministic"
            );
        }
        for l in trace.lines() {
            for id in ["355.", "357.", "377.", "403.", "811.", "460.2", "323.5"] {
                if l.contains(id) {
                    cited.insert(id);
                }
            }
        }
    }
    eprintln!(
        "random play: {seeds} games, {applied} actions applied, {rejected} rejected, {:?}",
        t.elapsed()
    );
    // games end early when someone wins, and most random actions are illegal by design;
    // at least one in six must still be applied for the run to exercise play
    assert!(
        applied * 6 > applied + rejected,
        "too few actions applied: {applied} of {}",
        applied + rejected
    );
    assert!(
        rejected > 0,
        "no action was rejected: illegal actions are not exercised"
    );
    // the games reached plays, activated abilities, hidden cards and combat damage
    if seeds >= 12 {
        for id in ["403.", "811.", "460.2", "323.5"] {
            assert!(
                cited.contains(id),
                "random play never reached {id}: {cited:?}"
            );
        }
    }
}

/// Issue 11: in a long game whose effects are all local (buffs, effects on a target,
/// Assault, Shield), the characteristics are re-derived for the changed objects only, and
/// after every action those values equal a derivation from scratch.
#[test]
fn long_games_derive_only_what_changed_and_agree_with_fresh_derivations() {
    super::layers::VERIFY_CACHE.with(|c| c.set(true));
    let start = super::layers::INCREMENTAL.with(|c| c.get());
    let mut applied = 0u64;
    for seed in 0..2u64 {
        let mut g = super::workload::long_game(seed);
        let mut rng = Game::new(Mode::Duel, &duel_names(), seed ^ 0x1046);
        g.start().expect("the long game starts");
        for _ in 0..500 {
            let action = super::workload::long_action(&g, &mut rng);
            if g.apply(action).is_ok() {
                applied += 1;
            }
            // the cache is checked at every query; check it here too, between actions
            assert!(*g.derived() == g.derive_all(), "seed {seed}: stale cache");
        }
    }
    super::layers::VERIFY_CACHE.with(|c| c.set(false));
    let incremental = super::layers::INCREMENTAL.with(|c| c.get()) - start;
    assert!(
        applied > 300,
        "the long games applied only {applied} actions"
    );
    assert!(
        incremental > applied,
        "only {incremental} incremental derivations in {applied} actions"
    );
}
