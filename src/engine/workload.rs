//! Workloads that drive the engine with seeded random actions: the random-play mix of the
//! engine's invariant test (`random_play_keeps_the_invariants` in tests.rs), and a long
//! game with 40-card decks. The invariant test and `examples/engine_bench.rs`
//! (`benches/engine.sh`) share them, so the benchmark measures exactly what the test
//! checks.
//!
//! Both are deterministic: the game's own seed drives the engine's randomness, and a
//! second, separately seeded [`Game`] serves only as the action generator's RNG
//! ([`Game::random`]).

use super::*;
use std::sync::Arc;

/// The unit with Assault 2 and "Deathknell: deal my Might to enemy units here" (808).
pub fn deathknell_burst() -> CardDef {
    CardDef::unit("Doomed", 1)
        .with_keyword(Keyword::Assault(2))
        .with_deathknell(vec![Effect::DealDamage {
            target: Target::EnemyUnitsHere,
            amount: Amount::MyMight,
        }])
}

/// The invariant test's board for `seed`: two players, two battlefields (the second
/// controlled by B), six kinds of unit on each side (Tank, Backline, Assault and Ganking,
/// Shield, Deathknell, Hunt), six cards in each main deck, 3 energy each. Not started.
pub fn invariant_board(seed: u64) -> (Game, [BfId; 2]) {
    let mut g = Game::new(Mode::Duel, &["A", "B"], seed);
    let (a, b) = (PlayerId(0), PlayerId(1));
    let b1 = g.add_battlefield("North", None);
    let b2 = g.add_battlefield("South", None);
    g.battlefield_mut(b2).controller = Some(b);
    let defs = [
        CardDef::unit("Tank", 3).with_keyword(Keyword::Tank),
        CardDef::unit("Archer", 2).with_keyword(Keyword::Backline),
        CardDef::unit("Raider", 2)
            .with_keyword(Keyword::Assault(2))
            .with_keyword(Keyword::Ganking),
        CardDef::unit("Wall", 1).with_keyword(Keyword::Shield(3)),
        deathknell_burst(),
        CardDef::unit("Hunter", 2).with_keyword(Keyword::Hunt(1)),
    ];
    for (i, d) in defs.iter().enumerate() {
        g.create(Arc::new(d.clone()), a, Zone::Base(a));
        let z = if i % 2 == 0 {
            Zone::Battlefield(b2)
        } else {
            Zone::Base(b)
        };
        g.create(Arc::new(d.clone()), b, z);
    }
    for p in [a, b] {
        for _ in 0..6 {
            g.create(Arc::new(CardDef::unit("Card", 1)), p, Zone::MainDeck(p));
        }
        g.player_mut(p).energy = 3;
    }
    (g, [b1, b2])
}

/// The invariant test's action generator for `seed` (its own RNG, independent of the game's).
pub fn invariant_rng(seed: u64) -> Game {
    Game::new(Mode::Duel, &["x", "y"], seed + 1000)
}

/// The invariant test's next action: a random answer to a pending decision; otherwise
/// passes, ending the turn, injected effects (damage, kill, buff, control, move, Might,
/// recall) on random objects, playing the first card of the hand, or moving a ready unit.
/// Some are illegal by design (an effect on a card that is not on the board, say).
pub fn invariant_action(g: &Game, rng: &mut Game, bfs: [BfId; 2]) -> Action {
    let [b1, b2] = bfs;
    if let Some(d) = g.pending_decision() {
        let i = rng.random(d.options.len() as u64) as usize;
        return Action::Choose {
            player: d.player,
            answer: Answer::Index(i),
        };
    }
    match (g.status(), rng.random(6)) {
        (Status::Priority { player }, 0..=2) => Action::Pass { player },
        (Status::Priority { .. }, _) => Action::PassAll,
        (_, 0) => Action::EndTurn {
            player: g.turn.player,
        },
        (_, 1) => {
            let n = g.objects.len() as u64;
            let u = ObjId(rng.random(n) as usize);
            let v = ObjId(rng.random(n) as usize);
            let effect = match rng.random(7) {
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
                3 => Effect::GainControl {
                    target: Target::Object(u),
                    player: PlayerRef::EachOpponent,
                    duration: Duration::ThisTurn,
                },
                4 => Effect::Move {
                    target: Target::Object(u),
                    to: Location::Battlefield(b1),
                },
                5 => Effect::MightThisTurn {
                    target: Target::Object(u),
                    amount: -2,
                    limit: Some(1),
                },
                _ => Effect::Recall {
                    target: Target::Object(v),
                },
            };
            Action::Effect {
                controller: g.turn.player,
                source: Some(u),
                effect,
            }
        }
        (Status::Idle { player }, 2) => {
            let hand = g.objects_in(Zone::Hand(player));
            match hand.first() {
                Some(&c) => Action::Play {
                    payment: None,
                    player,
                    card: c,
                    to: None,
                },
                None => Action::PassAll,
            }
        }
        _ => {
            let tp = g.turn.player;
            let mine: Vec<ObjId> = g
                .objects
                .iter()
                .filter(|o| {
                    o.zone.on_board() && o.is_unit() && g.controller(o.id) == tp && !o.exhausted
                })
                .map(|o| o.id)
                .collect();
            if mine.is_empty() {
                Action::EndTurn { player: tp }
            } else {
                let u = mine[rng.random(mine.len() as u64) as usize];
                let to = match rng.random(3) {
                    0 => Location::Base,
                    1 => Location::Battlefield(b1),
                    _ => Location::Battlefield(b2),
                };
                Action::Move {
                    player: tp,
                    units: vec![u],
                    to,
                }
            }
        }
    }
}

/// The cards of a 40-card main deck: the six units of the invariant board, a unit with
/// an activated ability, and two spells, costed 1–3 energy.
fn deck_cards() -> Vec<CardDef> {
    let costed = |mut d: CardDef, cost: i32| {
        d.energy_cost = Some(cost);
        d
    };
    let mut spell =
        CardDef::unit("Firebolt", 0).with_ability(Ability::Spell(vec![Effect::DealDamage {
            target: Target::ChooseUnit(UnitFilter::Enemy),
            amount: Amount::Fixed(2),
        }]));
    spell.card_type = CardType::Spell;
    spell.might = None;
    let mut insight = CardDef::unit("Insight", 0)
        .with_ability(Ability::Spell(vec![Effect::GainXp {
            player: PlayerRef::You,
            amount: 1,
        }]))
        .with_keyword(Keyword::Action);
    insight.card_type = CardType::Spell;
    insight.might = None;
    vec![
        costed(CardDef::unit("Tank", 3).with_keyword(Keyword::Tank), 3),
        costed(
            CardDef::unit("Archer", 2).with_keyword(Keyword::Backline),
            2,
        ),
        costed(
            CardDef::unit("Raider", 2)
                .with_keyword(Keyword::Assault(2))
                .with_keyword(Keyword::Ganking),
            2,
        ),
        costed(CardDef::unit("Wall", 1).with_keyword(Keyword::Shield(3)), 1),
        costed(deathknell_burst(), 1),
        costed(CardDef::unit("Hunter", 2).with_keyword(Keyword::Hunt(1)), 2),
        costed(
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
            2,
        ),
        costed(spell, 1),
        costed(insight, 1),
    ]
}

/// A long game for `seed`: each player has a 40-card main deck (four cards of it already
/// in hand) and 12 runes; no battlefields, so nobody scores and the board and the trace
/// keep growing as long as the game is played. Started at player A's awaken phase.
pub fn long_game(seed: u64) -> Game {
    let mut g = Game::new(Mode::Duel, &["A", "B"], seed);
    let cards = deck_cards();
    let mut rune = CardDef::unit("Rune", 0);
    rune.card_type = CardType::Rune;
    rune.might = None;
    rune.domains = vec!["Fury".into()];
    let rune = Arc::new(rune);
    let cards: Vec<Arc<CardDef>> = cards.into_iter().map(Arc::new).collect();
    for p in [PlayerId(0), PlayerId(1)] {
        for i in 0..40 {
            let z = if i < 4 {
                Zone::Hand(p)
            } else {
                Zone::MainDeck(p)
            };
            g.create(cards[(i * 7 + p.0) % cards.len()].clone(), p, z);
        }
        for _ in 0..12 {
            g.create(rune.clone(), p, Zone::RuneDeck(p));
        }
    }
    g.set_turn(PlayerId(0), Phase::Awaken, 1);
    g
}

/// The next action of a long game: a random answer to a pending decision, passing
/// priority, and in the open main phase mostly playing a card from hand that its player
/// can pay for, activating an
/// ability, or an injected effect (damage, buff, Might this turn, recall, kill) on a unit
/// on the board; one in twenty ends the turn.
pub fn long_action(g: &Game, rng: &mut Game) -> Action {
    if let Some(d) = g.pending_decision() {
        let i = rng.random(d.options.len() as u64) as usize;
        return Action::Choose {
            player: d.player,
            answer: Answer::Index(i),
        };
    }
    let player = match g.status() {
        Status::Priority { player } => {
            return if rng.random(2) == 0 {
                Action::Pass { player }
            } else {
                Action::PassAll
            };
        }
        Status::Idle { player } => player,
        _ => return Action::PassAll,
    };
    let on_board: Vec<ObjId> = g
        .objects
        .iter()
        .filter(|o| o.zone.on_board() && o.is_unit())
        .map(|o| o.id)
        .collect();
    match rng.random(20) {
        0 => Action::EndTurn { player },
        1..=8 => {
            // only cards the player can pay for: the engine asks for a spell's targets
            // before its cost (355 before 357), and a decision cannot be abandoned
            let hand: Vec<ObjId> = g
                .objects_in(Zone::Hand(player))
                .into_iter()
                .filter(|&c| {
                    let cost = g.object(c).def.energy_cost.unwrap_or(0);
                    g.payment_ways(player, cost, &Power::default()).is_ok()
                })
                .collect();
            if hand.is_empty() {
                return Action::EndTurn { player };
            }
            Action::Play {
                payment: None,
                player,
                card: hand[rng.random(hand.len() as u64) as usize],
                to: None,
            }
        }
        9 => {
            let slingers: Vec<ObjId> = on_board
                .iter()
                .copied()
                .filter(|&u| g.object(u).def.name == "Slinger" && g.controller(u) == player)
                .collect();
            match slingers.first() {
                Some(&source) => Action::Activate {
                    payment: None,
                    player,
                    source,
                    ability: 0,
                },
                None => Action::PassAll,
            }
        }
        _ if on_board.is_empty() => Action::PassAll,
        _ => {
            let u = on_board[rng.random(on_board.len() as u64) as usize];
            let effect = match rng.random(10) {
                0..=2 => Effect::DealDamage {
                    target: Target::Object(u),
                    amount: Amount::Fixed(1),
                },
                3..=5 => Effect::Buff {
                    target: Target::Object(u),
                },
                6 | 7 => Effect::MightThisTurn {
                    target: Target::Object(u),
                    amount: 1,
                    limit: None,
                },
                8 => Effect::Recall {
                    target: Target::Object(u),
                },
                _ => Effect::Kill {
                    target: Target::Object(u),
                },
            };
            Action::Effect {
                controller: player,
                source: Some(u),
                effect,
            }
        }
    }
}
