//! The one dispatch: every change to the game goes through `Game::apply`, which records
//! trace events. Also the game actions of 407–439 that effects perform (kill, deal damage,
//! buff, heal, ready, exhaust, draw, gain XP, ...).

use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::{
    Amount, CardType, Designation, Duration, Effect, Location, Modification, PlayerRef, Target,
};
use super::state::{ContinuousEffect, Game, ObjId, PlayerId, Suspended, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

/// A scripted action.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Begin from the set-up position: perform outstanding tasks and run the set-up phase
    /// from its start (done by `Game::start`).
    Start,
    /// 144: the standard move of one or more units to one destination.
    Move {
        player: PlayerId,
        units: Vec<ObjId>,
        to: Location,
    },
    /// 349–359: play a card from the hand (a unit to `to`, default its base; gear; a spell).
    Play {
        player: PlayerId,
        card: ObjId,
        to: Option<Location>,
        /// The runes that pay (357.1.a); `None`: the engine finds the payment.
        payment: Option<super::resources::Payment>,
    },
    /// 377, 398–403: activate the `ability`-th activated ability (counting only activated
    /// abilities, from 0) of `source`.
    Activate {
        player: PlayerId,
        source: ObjId,
        ability: usize,
        /// The runes that pay (357.1.a); `None`: the engine finds the payment.
        payment: Option<super::resources::Payment>,
    },
    /// 421, 811: hide a card with Hidden facedown at a battlefield the player controls.
    Hide {
        player: PlayerId,
        card: ObjId,
        at: super::state::BfId,
        /// The runes that pay (357.1.a); `None`: the engine finds the payment.
        payment: Option<super::resources::Payment>,
    },
    /// Pass priority (338.1.c) or focus (347.3).
    Pass { player: PlayerId },
    /// Every player passes in turn until the turn is neutral and open (or a decision is needed).
    PassAll,
    /// Answer the pending decision.
    Choose { player: PlayerId, answer: Answer },
    /// Inject a game effect (it happens now, as if resolving, then a cleanup follows: 321.1).
    Effect {
        controller: PlayerId,
        source: Option<ObjId>,
        effect: Effect,
    },
    /// 316.6: the turn player ends their main phase; play proceeds to the ending phase and the
    /// next turn, up to that turn's main phase.
    EndTurn { player: PlayerId },
    /// 650–652: the player concedes and is removed from the game.
    Concede { player: PlayerId },
}

/// Why an action could not be applied.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EngineError {
    /// The rules forbid this action.
    #[error("{message} (rule {rule})")]
    Illegal { rule: Cite, message: String },
    /// A decision is pending; it must be answered first.
    #[error("a decision is pending: {}", .0.describe())]
    DecisionPending(Box<Decision>),
    /// `Choose` without a pending decision.
    #[error("no decision is pending")]
    NoDecision,
    /// The answer is not one of the legal options.
    #[error("{message}\n{}", .decision.describe())]
    BadAnswer {
        message: String,
        decision: Box<Decision>,
    },
    /// Something the engine does not model.
    #[error("not modeled by the engine: {0}")]
    Unsupported(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A bound of `crate::limits` was passed (an endless loop, a runaway game).
    #[error("{0}")]
    Limit(String),
}

/// Internal interruption: a decision to ask for, or an error.
#[derive(Debug)]
pub(crate) enum Halt {
    Decide(Decision),
    Err(EngineError),
}

impl From<EngineError> for Halt {
    fn from(e: EngineError) -> Halt {
        Halt::Err(e)
    }
}

pub(crate) type R<T> = Result<T, Halt>;

/// An action the rules forbid: `rule` is the rule that forbids it.
pub(crate) fn illegal<T>(rule: Cite, message: impl Into<String>) -> R<T> {
    Err(Halt::Err(EngineError::Illegal {
        rule,
        message: message.into(),
    }))
}

impl Game {
    /// Begins play from the set-up position (performs outstanding tasks; runs a non-main
    /// set-up phase from its start). Call once after setup.
    pub fn start(&mut self) -> Result<(), EngineError> {
        self.apply(Action::Start)
    }

    /// The one dispatch. Applies `action` and runs the game until it rests: a player holds
    /// priority in a closed or showdown state, the turn player is idle in a neutral open main
    /// phase, the game is over, or a decision with several options is pending.
    /// On an error the state is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), EngineError> {
        self.check_ids(&action)?;
        if let Action::Choose { player, answer } = &action {
            let Some(decision) = self.decision.clone() else {
                return Err(EngineError::NoDecision);
            };
            if *player != decision.player {
                return Err(EngineError::BadAnswer {
                    message: format!(
                        "the decision is {}'s, not {}'s",
                        self.player_name(decision.player),
                        self.player_name(*player)
                    ),
                    decision: Box::new(decision),
                });
            }
            // a payment names its runes and a damage assignment its amounts: any legal one is
            // accepted, checked as it is made (an illegal one is refused with its rule)
            let direct = (decision.kind == DecisionKind::Payment
                && matches!(answer, Answer::Payment(_)))
                || (matches!(
                    decision.kind,
                    DecisionKind::AssignDamage | DecisionKind::SplitDamage
                ) && matches!(answer, Answer::Assignment(_)))
                || (decision.kind == DecisionKind::Group && matches!(answer, Answer::Group(_)));
            let Some(index) = decision.match_answer(answer).or(direct.then_some(0)) else {
                return Err(EngineError::BadAnswer {
                    message: "that is not one of the legal options".into(),
                    decision: Box::new(decision),
                });
            };
            let Some(s) = self.suspended.as_deref() else {
                return Err(EngineError::NoDecision);
            };
            let (mark, action) = (s.mark, s.action.clone());
            let mut answers = s.answers.clone();
            answers.push(if direct {
                answer.clone()
            } else {
                Answer::Index(index)
            });
            // replay the action from the state before it (kept without its trace) with the
            // answers so far, on the trace as it was then: the partial run's lines are set
            // aside, to be put back if this answer is refused
            let mut g: Game = s.before.clone_without_trace();
            let mut trace = std::mem::take(&mut self.trace);
            let partial = trace.events.split_off(mark.min(trace.events.len()));
            g.trace = trace;
            g.answers = answers.iter().cloned().collect();
            let result = g.run_action(&action);
            return match result {
                Err(Halt::Err(e)) => {
                    self.trace = std::mem::take(&mut g.trace);
                    self.trace.events.truncate(mark);
                    self.trace.events.extend(partial);
                    Err(e)
                }
                Ok(()) | Err(Halt::Decide(_)) => {
                    let before = self.suspended.take().map(|s| s.before);
                    *self = g;
                    self.settle(result, before, mark, action, answers);
                    Ok(())
                }
            };
        }
        // 650: a player may concede at any time — here while a play waits on a choice
        // (conceding.rs); the game as it was is kept, restored if the concession is refused
        let mut resume = None;
        let mut pending = None;
        if let Action::Concede { player } = &action
            && self.decision.is_some()
        {
            pending = Some(Box::new(self.clone()));
            resume = self.abandon_for_concession(*player)?;
        }
        if let Some(d) = &self.decision {
            return Err(EngineError::DecisionPending(Box::new(d.clone())));
        }
        if self.winner.is_some() {
            return Err(EngineError::GameOver);
        }
        // the state before the action without its trace (rolled back by truncation) and
        // without its objects (rolled back by their journal, which saves an object the
        // first time the action changes it): restored if the action is refused; with the
        // objects as they were, kept if a decision suspends it
        let mark = self.trace.events.len();
        let mut before = self.clone_without_trace_or_objects();
        self.objects.open();
        self.answers.clear();
        let result = self.run_action(&action);
        if let Err(Halt::Err(e)) = result {
            let mut trace = std::mem::take(&mut self.trace);
            trace.events.truncate(mark);
            let mut objects = std::mem::take(&mut self.objects);
            objects.roll_back();
            *self = before;
            self.objects = objects;
            self.trace = trace;
            if let Some(p) = pending {
                *self = *p;
            }
            return Err(e);
        }
        let before = matches!(result, Err(Halt::Decide(_))).then(|| {
            before.objects = self.objects.before();
            Box::new(before)
        });
        self.objects.close();
        self.settle(result, before, mark, action, Vec::new());
        if let Some(r) = resume
            && let Err(e) = self.resume_after_concession(r)
        {
            if let Some(p) = pending {
                *self = *p;
            }
            return Err(e);
        }
        Ok(())
    }

    /// Every id an action names must exist (a clear error, never a panic).
    fn check_ids(&self, action: &Action) -> Result<(), EngineError> {
        let obj = |o: &ObjId| -> Result<(), EngineError> {
            if o.0 < self.objects.len() {
                Ok(())
            } else {
                Err(EngineError::Unsupported(format!(
                    "no game object has id {}",
                    o.0
                )))
            }
        };
        let pay = |p: &Option<super::resources::Payment>| -> Result<(), EngineError> {
            p.iter()
                .flat_map(|p| p.exhaust.iter().chain(&p.recycle))
                .try_for_each(obj)
        };
        let player = |p: &PlayerId| -> Result<(), EngineError> {
            if p.0 < self.players.len() {
                Ok(())
            } else {
                Err(EngineError::Unsupported(format!(
                    "no player has id {}",
                    p.0
                )))
            }
        };
        let bf = |b: &super::state::BfId| -> Result<(), EngineError> {
            if b.0 < self.battlefields.len() {
                Ok(())
            } else {
                Err(EngineError::Unsupported(format!(
                    "no battlefield has id {}",
                    b.0
                )))
            }
        };
        let loc = |l: &Location| match l {
            Location::Base
            | Location::Here
            | Location::Chosen
            | Location::ToOrFromBase
            | Location::Place(_) => Ok(()),
            Location::Battlefield(b) => bf(b),
        };
        fn effect(
            e: &Effect,
            obj: &dyn Fn(&ObjId) -> Result<(), EngineError>,
            player: &dyn Fn(&PlayerId) -> Result<(), EngineError>,
            bf: &dyn Fn(&super::state::BfId) -> Result<(), EngineError>,
        ) -> Result<(), EngineError> {
            let t = |t: &Target| match t {
                Target::Object(o) | Target::Chosen { object: o, .. } => obj(o),
                Target::ChosenGroup { members, .. } => members.iter().try_for_each(|(o, _)| obj(o)),
                _ => Ok(()),
            };
            let p = |r: &PlayerRef| match r {
                PlayerRef::Player(x) => player(x),
                _ => Ok(()),
            };
            match e {
                Effect::DealDamage { target, .. }
                | Effect::Kill { target }
                | Effect::Buff { target }
                | Effect::MightThisTurn { target, .. }
                | Effect::GiveMight { target, .. }
                | Effect::Double { target, .. }
                | Effect::SwapMight { target, .. }
                | Effect::SetMight { target, .. }
                | Effect::GrantKeyword { target, .. }
                | Effect::RemoveKeyword { target, .. }
                | Effect::CantBeDealtDamage { target, .. }
                | Effect::GrantTag { target, .. }
                | Effect::Recall { target }
                | Effect::Heal { target }
                | Effect::Ready { target }
                | Effect::Exhaust { target }
                | Effect::Attach { target }
                | Effect::ReturnToHand { target }
                | Effect::Banish { target }
                | Effect::PlayCard { target, .. }
                | Effect::Stun { target }
                | Effect::Counter { target } => t(target),
                Effect::Fight { first, second } => {
                    t(first)?;
                    t(second)
                }
                Effect::UnitDeals { by, to } => {
                    t(by)?;
                    t(to)
                }
                Effect::ForEach { effect: e, .. } | Effect::Unless { effect: e, .. } => {
                    effect(e, obj, player, bf)
                }
                Effect::ThenItsPlayer {
                    effect: first,
                    then,
                    ..
                } => {
                    effect(first, obj, player, bf)?;
                    effect(then, obj, player, bf)
                }
                Effect::Move { target, to } => {
                    t(target)?;
                    match to {
                        Location::Battlefield(b) => bf(b),
                        Location::Base
                        | Location::Here
                        | Location::Chosen
                        | Location::ToOrFromBase
                        | Location::Place(_) => Ok(()),
                    }
                }
                Effect::GainControl { target, player, .. } => {
                    t(target)?;
                    p(player)
                }
                Effect::GainPoints { player, .. }
                | Effect::Draw { player, .. }
                | Effect::Discard { player, .. }
                | Effect::DiscardHand { player }
                | Effect::RecycleFromTrash { player, .. }
                | Effect::RecycleRune { player }
                | Effect::TopToTrash { player, .. }
                | Effect::GainXp { player, .. }
                | Effect::Add { player, .. }
                | Effect::Channel { player, .. }
                | Effect::Predict { player, .. }
                | Effect::LookAtTop { player, .. }
                | Effect::KillOneOfTheir { player, .. }
                | Effect::UnitsEnterReadyThisTurn { player }
                | Effect::CostThisTurn { player, .. }
                | Effect::CantPlayThisTurn { player, .. }
                | Effect::AdditionalTurn { player }
                | Effect::RevealHandPick { player, .. } => p(player),
                Effect::Weaponmaster | Effect::PayCost(_) | Effect::PlayThatToken { .. } => Ok(()),
                Effect::CreateDelayed { effects, .. } => {
                    effects.iter().try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::CreateReplacement {
                    target,
                    replacement,
                    ..
                } => {
                    t(target)?;
                    replacement
                        .instead
                        .iter()
                        .try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::ChooseOne { modes } | Effect::OneOf { options: modes } => {
                    modes.iter().try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::Linked { effect: e } => effect(e, obj, player, bf),
                Effect::SelfReplaced {
                    effect: e, instead, ..
                } => {
                    effect(e, obj, player, bf)?;
                    instead.iter().try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::IfDone {
                    effect: e,
                    then,
                    otherwise,
                } => {
                    effect(e, obj, player, bf)?;
                    then.iter()
                        .chain(otherwise)
                        .try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::If {
                    effect: e,
                    otherwise,
                    ..
                } => {
                    effect(e, obj, player, bf)?;
                    otherwise
                        .iter()
                        .try_for_each(|e| effect(e, obj, player, bf))
                }
                Effect::Reflexive {
                    condition, effects, ..
                } => condition
                    .iter()
                    .map(|c| c.as_ref())
                    .chain(effects.iter())
                    .try_for_each(|e| effect(e, obj, player, bf)),
                Effect::Score {
                    player,
                    battlefield,
                    ..
                } => {
                    p(player)?;
                    bf(battlefield)
                }
                Effect::May { effect: inner } => effect(inner, obj, player, bf),
                Effect::CreateToken { at, .. } => match at {
                    Location::Battlefield(b) => bf(b),
                    Location::Base
                    | Location::Here
                    | Location::Chosen
                    | Location::ToOrFromBase
                    | Location::Place(_) => Ok(()),
                },
            }
        }
        match action {
            Action::Start | Action::PassAll => Ok(()),
            Action::Move {
                player: p,
                units,
                to,
            } => {
                player(p)?;
                units.iter().try_for_each(obj)?;
                loc(to)
            }
            Action::Choose {
                player: p,
                answer: Answer::Payment(pm),
            } => {
                player(p)?;
                pay(&Some(pm.clone()))
            }
            Action::Pass { player: p }
            | Action::EndTurn { player: p }
            | Action::Concede { player: p }
            | Action::Choose { player: p, .. } => player(p),
            Action::Activate {
                player: p,
                source,
                payment,
                ..
            } => {
                player(p)?;
                pay(payment)?;
                obj(source)
            }
            Action::Hide {
                player: p,
                card,
                at,
                payment,
            } => {
                player(p)?;
                obj(card)?;
                pay(payment)?;
                bf(at)
            }
            Action::Play {
                player: p,
                card,
                to,
                payment,
            } => {
                player(p)?;
                obj(card)?;
                pay(payment)?;
                to.as_ref().map_or(Ok(()), loc)
            }
            Action::Effect {
                controller,
                source,
                effect: e,
            } => {
                player(controller)?;
                source.as_ref().map_or(Ok(()), obj)?;
                effect(e, &obj, &player, &bf)
            }
        }
    }

    /// After an action ran (or ran again with more answers) without error: done, or
    /// suspended on a decision with the state before it (trace-less) and the answers so far.
    fn settle(
        &mut self,
        result: R<()>,
        before: Option<Box<Game>>,
        mark: usize,
        action: Action,
        answers: Vec<Answer>,
    ) {
        self.answers.clear();
        match (result, before) {
            (Err(Halt::Decide(d)), Some(before)) => {
                self.decision = Some(d);
                self.suspended = Some(Box::new(Suspended {
                    before,
                    mark,
                    action,
                    answers,
                }));
            }
            _ => {
                self.decision = None;
                self.suspended = None;
            }
        }
    }

    fn run_action(&mut self, action: &Action) -> R<()> {
        self.depth = 0;
        match action {
            Action::Start => {
                self.mighty = self.mighty_units(&self.derived());
                self.mighty_look = self.clock;
                self.event(
                    EventKind::Turn,
                    vec![cite!("314")],
                    format!(
                        "start: turn {} of {}, {} phase, {}",
                        self.turn.number,
                        self.player_name(self.turn.player),
                        self.turn.phase.name(),
                        self.turn_state().name()
                    ),
                    vec![],
                );
                // the scenario begins as the game enters the set-up phase (319.2), and, with a
                // chain or showdown set up, in that state (319.1)
                self.make_outstanding(cite!("319.2"));
                if !self.chain.is_empty() || self.showdown.is_some() {
                    self.make_outstanding(cite!("319.1"));
                }
            }
            Action::Move { player, units, to } => {
                self.standard_move(*player, units, *to)?;
            }
            Action::Pass { player } => {
                self.pass(*player)?;
            }
            Action::Play {
                player,
                card,
                to,
                payment,
            } => {
                self.play_card(*player, *card, *to, payment.as_ref(), None)?;
            }
            Action::Hide {
                player,
                card,
                at,
                payment,
            } => {
                self.hide(*player, *card, *at, payment.as_ref())?;
            }
            Action::Activate {
                player,
                source,
                ability,
                payment,
            } => {
                self.activate(*player, *source, *ability, payment.as_ref())?;
            }
            Action::PassAll => {
                let mut guard = 0;
                while self.priority.is_some()
                    && (self.showdown.is_some() || !self.chain.is_empty())
                    && self.winner.is_none()
                {
                    guard += 1;
                    if guard > crate::limits::MAX_PASSES {
                        return Err(Halt::Err(EngineError::Limit(format!(
                            "the players passed {} times and the chain or showdown never \
                             ended: an endless loop of effects (the limit is {} passes)",
                            crate::limits::MAX_PASSES,
                            crate::limits::MAX_PASSES
                        ))));
                    }
                    let p = self.priority.unwrap_or(self.turn.player);
                    self.pass(p)?;
                    self.advance()?;
                }
            }
            Action::Choose { .. } => return Err(Halt::Err(EngineError::NoDecision)),
            Action::Effect {
                controller,
                source,
                effect,
            } => {
                // the scenario's supposition, not a game action: no rule mandates it, so the
                // line cites none (the lines of what it does cite theirs)
                let text = format!("effect: {}", self.describe_effect(effect, *source));
                let depth = self.depth;
                self.trace.push(
                    depth,
                    EventKind::Action,
                    vec![],
                    text,
                    source.iter().map(|o| o.0).collect(),
                );
                self.depth = 1;
                self.resolving = true;
                let r = self.execute_effect(effect, *controller, *source, None);
                self.resolving = false;
                r?;
                // an injected effect stands for a chain item that resolved: its leaving the
                // chain makes a cleanup outstanding (319.5, 321.1)
                self.make_outstanding(cite!("319.5"));
                self.depth = 0;
            }
            Action::EndTurn { player } => {
                self.end_turn(*player)?;
            }
            Action::Concede { player } => {
                self.concede(*player)?;
                self.depth = 0;
            }
        }
        self.advance()
    }

    /// Records a trace event at the current depth. Every event cites the rules that
    /// mandate it: the trace is the explanation (checked in debug builds, so every
    /// test and scenario run enforces it).
    pub(crate) fn event(
        &mut self,
        kind: EventKind,
        rules: Vec<Cite>,
        text: String,
        objects: Vec<usize>,
    ) {
        debug_assert!(!rules.is_empty(), "trace event without a rule: {text}");
        let depth = self.depth;
        self.trace.push(depth, kind, rules, text, objects);
    }

    /// Asks for a decision: a single option is taken and traced; several need a scripted
    /// answer (taken from the queue when replaying), otherwise the action halts.
    pub(crate) fn decide(&mut self, d: Decision) -> R<usize> {
        if d.options.is_empty() {
            return Err(Halt::Err(EngineError::Unsupported(format!(
                "decision with no legal option: {}",
                d.prompt
            ))));
        }
        if d.options.len() == 1 && d.more == 0 {
            let rules = d.rules.clone();
            self.event(
                EventKind::Decision,
                rules,
                format!(
                    "{}: {} (the only legal option)",
                    d.prompt, d.options[0].label
                ),
                vec![],
            );
            return Ok(0);
        }
        match self.answers.pop_front() {
            Some(a) => match d.match_answer(&a) {
                Some(i) => {
                    let text = format!(
                        "{}: {} chooses {}",
                        d.prompt,
                        self.player_name(d.player),
                        d.options[i].label
                    );
                    self.event(EventKind::Decision, d.rules.clone(), text, vec![]);
                    Ok(i)
                }
                None => Err(Halt::Err(EngineError::BadAnswer {
                    message: "that is not one of the legal options".into(),
                    decision: Box::new(d),
                })),
            },
            None => Err(Halt::Decide(d)),
        }
    }

    /// Makes a cleanup outstanding (319): `why` is the 319.x time.
    pub(crate) fn make_outstanding(&mut self, why: Cite) {
        // 321.1: an event during a resolution that qualifies for a cleanup makes it
        // outstanding (it waits for the resolution to end)
        let during = self.resolving || self.outstanding_cleanup.contains(&cite!("321.1"));
        self.outstanding_cleanup.retain(|c| *c != cite!("321.1"));
        if !self.outstanding_cleanup.contains(&why) {
            self.outstanding_cleanup.push(why);
        }
        if during {
            self.outstanding_cleanup.push(cite!("321.1"));
        }
    }

    /// Resolves the player an effect refers to.
    pub(crate) fn players_of(&self, r: &PlayerRef, controller: PlayerId) -> Vec<PlayerId> {
        match r {
            PlayerRef::Player(p) => vec![*p],
            PlayerRef::You => vec![controller],
            // a removed player is no longer in the game (651.3)
            PlayerRef::EachOpponent => self
                .players
                .iter()
                .filter(|p| !p.lost && self.opponents(controller, p.id))
                .map(|p| p.id)
                .collect(),
            // 303.2.a: one at a time, in turn order
            // bound as the instruction executes (hand_pick.rs); unbound, no player
            PlayerRef::Chosen { .. } => vec![],
            PlayerRef::TurnPlayer => vec![self.turn.player],
            PlayerRef::EachPlayer => {
                let n = self.players.len();
                let first = self.turn.player.0;
                (0..n)
                    .map(|i| PlayerId((first + i) % n))
                    .filter(|p| !self.players[p.0].lost)
                    .collect()
            }
        }
    }

    /// "Here" made concrete: the battlefield of the effect's source, or a base (its
    /// controller's, for a source in a base). Other locations are returned as they are.
    pub(crate) fn here(
        &self,
        to: Location,
        source: Option<ObjId>,
        snap: Option<&super::state::Snapshot>,
    ) -> R<Location> {
        if to != Location::Here {
            return Ok(to);
        }
        match self.source_location(source, snap) {
            Some(Zone::Battlefield(b)) => Ok(Location::Battlefield(b)),
            Some(z) if z.on_board() => Ok(Location::Base),
            _ => Err(Halt::Err(EngineError::Unsupported(
                "an effect refers to \"here\" but its source is not on the board (give the effect a source)".into(),
            ))),
        }
    }

    /// The location of an effect's source (for "here"): its zone, or its snapshot's.
    pub(crate) fn source_location(
        &self,
        source: Option<ObjId>,
        snap: Option<&super::state::Snapshot>,
    ) -> Option<Zone> {
        if let Some(s) = snap {
            return Some(s.location);
        }
        source.map(|s| self.objects[s.0].zone)
    }

    /// Resolves an effect's target to objects; `ChooseUnit` asks the controller.
    pub(crate) fn targets_of(
        &mut self,
        t: &Target,
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&super::state::Snapshot>,
    ) -> R<Vec<ObjId>> {
        let here = self.source_location(source, snap);
        let needs_here = matches!(
            t,
            Target::EnemyUnitsHere
                | Target::OtherFriendlyUnitsHere
                | Target::YourOtherUnitsHere
                | Target::AllUnitsHere
        ) || matches!(t, Target::ChooseUnit(f) | Target::Each(f) if f.needs_here());
        if needs_here && !here.is_some_and(|z| z.on_board()) {
            return Err(Halt::Err(EngineError::Unsupported(
                "an effect refers to \"here\" but its source is not on the board (give the effect a source)".into(),
            )));
        }
        let here_units = |g: &Game| -> Vec<ObjId> {
            match here {
                Some(z) if z.on_board() => g.units_at(z),
                _ => vec![],
            }
        };
        Ok(match t {
            Target::Object(o) => vec![*o],
            Target::Me => match source {
                Some(s) if self.objects[s.0].zone.on_board() => vec![s],
                _ => vec![],
            },
            Target::EnemyUnitsHere => here_units(self)
                .into_iter()
                .filter(|u| self.opponents(controller, self.controller(*u)))
                .collect(),
            Target::OtherFriendlyUnitsHere => here_units(self)
                .into_iter()
                .filter(|u| Some(*u) != source && self.friendly(controller, self.controller(*u)))
                .collect(),
            // 484.8.c: control is not shared
            Target::YourOtherUnitsHere => here_units(self)
                .into_iter()
                .filter(|u| Some(*u) != source && self.controller(*u) == controller)
                .collect(),
            Target::AllUnitsHere => here_units(self),
            // bound before execution (abilities/replacement.rs); unbound, it is no unit
            Target::Affected => vec![],
            // bound at step 2 to the choice before it (choices.rs); with none, no unit
            Target::It => vec![],
            Target::NoneChosen => vec![],
            Target::Each(filter) => self.each_unit(filter, controller, here, source),
            // 359.3.e.5, 355.11.b: the members still legal, a subset when they no longer
            // fulfil the group's restrictions
            Target::ChosenGroup { group, members } => {
                self.group_on_resolution(group, members, controller, here, source)?
            }
            // chosen at step 2 (choices.rs); not chosen, it affects nothing
            Target::ChooseGroup(_) => vec![],
            // 397: what the linked instruction of the same source affected, still the same
            // objects (the timestamps they had after it)
            Target::Linked => {
                let Some(s) = source else { return Ok(vec![]) };
                let v: Vec<ObjId> = self.objects[s.0]
                    .linked
                    .iter()
                    .filter(|(o, ts)| self.objects[o.0].timestamp == *ts)
                    .map(|(o, _)| *o)
                    .collect();
                let names: Vec<&str> = v.iter().map(|o| self.obj_name(*o)).collect();
                let t = format!(
                    "{}'s linked ability refers to what its other ability affected: {}",
                    self.obj_name(s),
                    if names.is_empty() {
                        "nothing (no longer that object)".to_string()
                    } else {
                        names.join(", ")
                    }
                );
                self.event(
                    EventKind::Effect,
                    vec![cite!("394"), cite!("397")],
                    t,
                    vec![],
                );
                v
            }
            Target::Chosen {
                object,
                filter,
                stamp,
                ..
            } => {
                // 359.3.e.5: a target that is no longer legal is unaffected (405.1 for abilities)
                if self.chosen_is_legal(*object, filter, *stamp, controller, here, source) {
                    vec![*object]
                } else {
                    let t = format!(
                        "{} is no longer a legal target: that instruction does not affect it",
                        self.obj_name(*object)
                    );
                    self.event(
                        EventKind::Chain,
                        vec![cite!("359.3.e.5"), cite!("359.3.e.6")],
                        t,
                        vec![object.0],
                    );
                    vec![]
                }
            }
            Target::ChooseUnit(filter) => {
                let cands = self.unit_candidates(filter, controller, here, source);
                // 355.13: "up to one" may choose none
                let options = cands
                    .iter()
                    .map(|u| super::decision::DecisionOption {
                        label: self.obj_name(*u).to_string(),
                        answer: Answer::Object(*u),
                    })
                    .chain(filter.up_to().then(|| super::decision::DecisionOption {
                        label: "none".into(),
                        answer: Answer::Index(cands.len()),
                    }))
                    .collect();
                let d = Decision {
                    kind: super::decision::DecisionKind::Target,
                    player: controller,
                    prompt: format!("{} chooses a unit", self.player_name(controller)),
                    options,
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("355.5")],
                };
                if cands.is_empty() {
                    return Ok(vec![]);
                }
                let i = self.decide(d)?;
                cands.get(i).map(|u| vec![*u]).unwrap_or_default()
            }
        })
    }

    /// 425.1.a, 425.1.b: a countered spell does nothing and is cleared from the chain (to its
    /// owner's trash); it was not played, so nothing that triggers on playing it triggers
    /// (419.4.b), and its costs are not refunded (425.1.c).
    pub(crate) fn counter(&mut self, card: ObjId) {
        let Some(i) = self.chain.iter().position(|it| it.card == Some(card)) else {
            return;
        };
        let item = self.chain.remove(i);
        let owner = self.objects[card.0].owner;
        self.objects[card.0].zone = Zone::Trash(owner);
        let t = format!(
            "{} is countered: it does nothing and is cleared from the chain into {}'s trash; it was not played, and what was paid for it is not refunded",
            item.label,
            self.player_name(owner)
        );
        self.event(
            EventKind::Chain,
            vec![
                cite!("425.1.a"),
                cite!("425.1.b"),
                cite!("419.4.b"),
                cite!("425.1.c"),
            ],
            t,
            vec![card.0],
        );
        self.make_outstanding(cite!("319.5"));
    }

    /// Short text of an effect for the trace.
    pub(crate) fn describe_effect(&self, e: &Effect, source: Option<ObjId>) -> String {
        let t = |t: &Target| -> String {
            match t {
                Target::Object(o) => self.obj_name(*o).to_string(),
                Target::Me => source
                    .map(|s| self.obj_name(s).to_string())
                    .unwrap_or("me".into()),
                Target::EnemyUnitsHere => "each enemy unit here".into(),
                Target::OtherFriendlyUnitsHere => "each other friendly unit here".into(),
                Target::YourOtherUnitsHere => "each other unit you control here".into(),
                Target::AllUnitsHere => "each unit here".into(),
                Target::ChooseUnit(f) => super::choices::filter_phrase(f),
                Target::It => "it".into(),
                Target::NoneChosen => "nothing (none chosen)".into(),
                Target::Each(f) => super::choices::each_phrase(f),
                Target::Chosen { object, .. } => self.obj_name(*object).to_string(),
                Target::ChooseGroup(g) => g.phrase(),
                Target::ChosenGroup { members, .. } => {
                    let v: Vec<ObjId> = members.iter().map(|(o, _)| *o).collect();
                    self.group_label(&v)
                }
                Target::Affected => "that unit".into(),
                Target::Linked => "the unit its linked ability affected".into(),
            }
        };
        let p = |r: &PlayerRef| -> String {
            match r {
                PlayerRef::Player(p) => self.player_name(*p).to_string(),
                // "you" is the controller of the effect's source, named when it is known
                PlayerRef::You => match source {
                    Some(s) => self.player_name(self.controller(s)).to_string(),
                    None => "you".into(),
                },
                PlayerRef::EachOpponent => "each opponent".into(),
                PlayerRef::EachPlayer => "each player".into(),
                PlayerRef::TurnPlayer => self.player_name(self.turn.player).to_string(),
                PlayerRef::Chosen { opponent: true } => "the opponent chosen".into(),
                PlayerRef::Chosen { opponent: false } => "the player chosen".into(),
            }
        };
        let dur = |d: &Duration| match d {
            Duration::Permanent => "",
            Duration::ThisTurn => " this turn",
            Duration::ThisCombat => " this combat",
        };
        match e {
            Effect::DealDamage {
                target,
                amount: Amount::Split(n),
            } => format!("deal {n} damage split among {}", t(target)),
            Effect::DealDamage { target, amount } => format!(
                "deal {} to {}",
                match amount {
                    Amount::Fixed(n) => n.to_string(),
                    Amount::MyMight => "damage equal to my Might".into(),
                    Amount::MyAssault => "damage equal to my Assault".into(),
                    Amount::ItsDamage => "damage equal to the damage marked on it".into(),
                    Amount::Split(n) => n.to_string(),
                },
                t(target)
            ),
            Effect::Kill { target } => format!("kill {}", t(target)),
            Effect::Fight { first, second } => format!(
                "{} and {} deal damage equal to their Mights to each other",
                t(first),
                t(second)
            ),
            Effect::UnitDeals { by, to } => format!(
                "{} deals damage equal to its Might to {}",
                t(by),
                t(to)
            ),
            Effect::Counter { target } => format!("counter {}", t(target)),
            Effect::Buff { target } => format!("buff {}", t(target)),
            Effect::MightThisTurn {
                target,
                amount,
                limit,
            } => format!(
                "give {} {:+} Might this turn{}",
                t(target),
                amount,
                limit.map(|l| format!(" (limit {l})")).unwrap_or_default()
            ),
            Effect::Double { target, duration } => {
                format!("double {}'s Might{}", t(target), dur(duration))
            }
            Effect::SwapMight { target, duration } => {
                format!("swap the Might of {}{}", t(target), dur(duration))
            }
            Effect::GiveMight {
                target,
                amount,
                limit,
                duration,
            } => format!(
                "give {} {:+} Might{}{}",
                t(target),
                amount,
                dur(duration),
                limit.map(|l| format!(" (limit {l})")).unwrap_or_default()
            ),
            Effect::SetMight {
                target,
                value,
                duration,
            } => {
                format!("{}'s Might becomes {}{}", t(target), value, dur(duration))
            }
            Effect::GrantKeyword {
                target,
                keyword,
                duration,
            } => {
                format!("give {} {}{}", t(target), keyword, dur(duration))
            }
            Effect::RemoveKeyword {
                target,
                keyword,
                duration,
            } => {
                format!("{} loses {:?}{}", t(target), keyword, dur(duration))
            }
            Effect::GrantTag {
                target,
                tag,
                duration,
            } => {
                format!("{} becomes {}{}", t(target), tag, dur(duration))
            }
            Effect::GainControl {
                target,
                player,
                duration,
            } => format!(
                "{} gains control of {}{}",
                p(player),
                t(target),
                dur(duration)
            ),
            Effect::CantBeDealtDamage { target, duration } => {
                format!("{} doesn't take damage{}", t(target), dur(duration))
            }
            Effect::Recall { target } => format!("recall {}", t(target)),
            Effect::Move { target, to } => format!(
                "move {} to {}",
                t(target),
                match to {
                    Location::Base => "its base".to_string(),
                    Location::Battlefield(b) => self.bf_name(*b).to_string(),
                    Location::Here => "here".to_string(),
                    Location::Chosen => "a location of its controller's choice".to_string(),
                    Location::ToOrFromBase => "or from its base".to_string(),
                    Location::Place(p) => match p {
                        super::objects::Place::Battlefield(b, _) => self.bf_name(*b).to_string(),
                        super::objects::Place::LocationOf(o) => {
                            format!("the location of {}", self.obj_name(*o))
                        }
                        p => super::choices::place_phrase(p).replacen("at ", "", 1),
                    },
                }
            ),
            Effect::Heal { target } => format!("heal {}", t(target)),
            Effect::Ready { target } => format!("ready {}", t(target)),
            Effect::Exhaust { target } => format!("exhaust {}", t(target)),
            Effect::GainPoints { player, amount } => {
                format!("{} gains {} point(s)", p(player), amount)
            }
            Effect::Score {
                player,
                battlefield,
                how,
            } => {
                format!(
                    "{} scores {} by {:?}",
                    p(player),
                    self.bf_name(*battlefield),
                    how
                )
            }
            Effect::Draw { player, amount } => format!("{} draws {}", p(player), amount),
            Effect::Discard { player, amount } => format!("{} discards {}", p(player), amount),
            Effect::DiscardHand { player } => format!("{} discards their hand", p(player)),
            Effect::ReturnToHand { target } => {
                format!("return {} to its owner's hand", t(target))
            }
            Effect::Banish { target } => format!("banish {}", t(target)),
            Effect::RecycleFromTrash { player, count, of } => format!(
                "{} recycles {count} {} from their trash",
                p(player),
                super::recycle::kind_word(*of, *count)
            ),
            Effect::RecycleRune { player } => format!("{} recycles one of their runes", p(player)),
            Effect::TopToTrash { player, count } => format!(
                "{} puts the top {count} card(s) of their Main Deck into their trash",
                p(player)
            ),
            Effect::PlayCard { target, base, to } => {
                format!("play {}{}{}", t(target), to.describe(), base.describe())
            }
            Effect::Stun { target } => format!("stun {}", t(target)),
            Effect::CreateToken {
                card,
                count,
                at,
                ready,
                exhausted,
                player,
                ..
            } => format!(
                "{}create {} {} token(s) at {}{}",
                match player {
                    PlayerRef::You => String::new(),
                    other => format!("{} plays them: ", p(other)),
                },
                count,
                card.name,
                match at {
                    Location::Base | Location::Chosen | Location::ToOrFromBase | Location::Place(_)
                        if *player != PlayerRef::You =>
                    {
                        "their base".to_string()
                    }
                    Location::Base | Location::Chosen | Location::ToOrFromBase | Location::Place(_) => {
                        "your base".to_string()
                    }
                    Location::Battlefield(b) => self.bf_name(*b).to_string(),
                    Location::Here => "here".to_string(),
                },
                match (card.card_type == super::objects::CardType::Gear, ready, exhausted) {
                    (false, true, _) => ", ready",
                    (true, _, true) => ", exhausted",
                    _ => "",
                }
            ),
            Effect::May { effect } => format!("you may {}", self.describe_effect(effect, source)),
            Effect::Linked { effect } => self.describe_effect(effect, source),
            Effect::SelfReplaced {
                effect,
                condition,
                instead,
            } => format!(
                "{}; if {}, {} instead",
                self.describe_effect(effect, source),
                condition.describe(),
                instead
                    .iter()
                    .map(|e| self.describe_effect(e, source))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Effect::IfDone {
                effect,
                then,
                otherwise,
            } => {
                let all = |v: &[Effect]| {
                    v.iter()
                        .map(|e| self.describe_effect(e, source))
                        .collect::<Vec<_>>()
                        .join("; ")
                };
                let mut s = self.describe_effect(effect, source);
                if !then.is_empty() {
                    s.push_str(&format!("; if done, {}", all(then)));
                }
                if !otherwise.is_empty() {
                    s.push_str(&format!("; if not, {}", all(otherwise)));
                }
                s
            }
            Effect::If {
                condition,
                effect,
                otherwise,
            } => {
                let mut s = format!(
                    "if {}, {}",
                    condition.describe(),
                    self.describe_effect(effect, source)
                );
                for e in otherwise {
                    s.push_str(&format!("; otherwise, {}", self.describe_effect(e, source)));
                }
                s
            }
            Effect::Attach { target } => format!(
                "attach {} to {}",
                source.map(|s| self.obj_name(s)).unwrap_or("this"),
                t(target)
            ),
            Effect::GainXp { player, amount } => format!("{} gains {} XP", p(player), amount),
            Effect::Add {
                player,
                energy,
                power,
                only,
            } => format!(
                "{} adds {}{}",
                p(player),
                super::resources::describe_amount(*energy, power),
                only.map(|o| format!(" (spend {})", o.describe()))
                    .unwrap_or_default()
            ),
            Effect::PayCost(super::objects::CostWithin {
                energy,
                power,
                exhaust,
                xp,
                buff,
                kill_self,
                discard,
            }) => {
                let mut parts = Vec::new();
                if *energy != 0 || !power.is_zero() {
                    parts.push(format!(
                        "pay {}",
                        super::resources::describe_amount(*energy, power)
                    ));
                }
                if *xp > 0 {
                    parts.push(format!("spend {xp} XP"));
                }
                if *buff {
                    parts.push("spend a buff".to_string());
                }
                if *exhaust {
                    parts.push("exhaust this".to_string());
                }
                if *kill_self {
                    parts.push("kill this".to_string());
                }
                if *discard > 0 {
                    parts.push(format!("discard {discard}"));
                }
                format!("{} to", parts.join(" and "))
            }
            Effect::Channel {
                player,
                count,
                exhausted,
            } => format!(
                "{} channels {count} rune(s){}",
                p(player),
                if *exhausted { " exhausted" } else { "" }
            ),
            Effect::Reflexive {
                condition, effects, ..
            } => format!(
                "{}do this: {}",
                condition
                    .as_ref()
                    .map(|c| format!("{}; when you do, ", self.describe_effect(c, source)))
                    .unwrap_or_default(),
                effects
                    .iter()
                    .map(|x| self.describe_effect(x, source))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Effect::ChooseOne { modes } => format!(
                "choose one: {}",
                modes
                    .iter()
                    .map(|m| self.describe_effect(m, source))
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
            Effect::OneOf { options } => options
                .iter()
                .map(|m| self.describe_effect(m, source))
                .collect::<Vec<_>>()
                .join(" or "),
            Effect::CreateReplacement {
                target,
                replacement,
                duration,
            } => format!(
                "create a replacement effect: {}",
                self.describe_created_replacement(&t(target), replacement, *duration)
            ),
            Effect::CreateDelayed {
                trigger, target, effects, ..
            } => format!(
                "create a delayed ability: {}, {}",
                trigger.describe(&target.as_ref().map_or("it".to_string(), t)),
                effects
                    .iter()
                    .map(|x| self.describe_effect(x, source))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Effect::Weaponmaster => {
                "choose an Equipment you control and pay its Equip cost, reduced by [A], to attach it to me".into()
            }
            Effect::PlayThatToken { and } => match and {
                None => "play that token and an additional copy of it".into(),
                Some(d) => format!("play that token and a {} token", d.name),
            },
            Effect::Predict { player, count: 1 } => format!(
                "{} looks at the top card of their Main Deck and may recycle it",
                p(player)
            ),
            Effect::Predict { player, count } => format!(
                "{} looks at the top {count} cards of their Main Deck and recycles any of them",
                p(player)
            ),
            Effect::AdditionalTurn { player } => {
                format!("{} takes a turn after this one", p(player))
            }
            Effect::RevealHandPick {
                player,
                pick,
                recycle,
                ..
            } => format!(
                "{} reveals their hand; {} chooses {} from it, which they {}",
                p(player),
                p(&PlayerRef::You),
                pick.describe(),
                if *recycle { "recycle" } else { "discard" }
            ),
            Effect::Unless {
                effect,
                energy,
                power,
                alternative,
            } => format!(
                "{} unless its controller {}",
                self.describe_effect(effect, source),
                if alternative.is_empty() {
                    format!(
                        "pays {}",
                        super::resources::describe_amount(*energy, power)
                    )
                } else {
                    format!(
                        "has you {}",
                        alternative
                            .iter()
                            .map(|e| self.describe_effect(e, source))
                            .collect::<Vec<_>>()
                            .join("; ")
                    )
                }
            ),
            Effect::ThenItsPlayer {
                effect,
                owner,
                then,
            } => format!(
                "{}; then its {}: {}",
                self.describe_effect(effect, source),
                if *owner { "owner" } else { "controller" },
                self.describe_effect(then, source)
            ),
            Effect::ForEach { count, effect } => format!(
                "{}, for each {}",
                self.describe_effect(effect, source),
                count.describe()
            ),
            Effect::UnitsEnterReadyThisTurn { player } => {
                format!("the units {} plays this turn enter ready", p(player))
            }
            Effect::CostThisTurn {
                player,
                of,
                energy,
                next,
            } => cost_change_text(&p(player), *of, *energy, *next),
            Effect::CantPlayThisTurn { player, of } => {
                format!("{} can't play {} this turn", p(player), cards_of(*of))
            }
            Effect::KillOneOfTheir { player, gear } => format!(
                "{} kills one of their {}",
                p(player),
                if *gear { "gear" } else { "units" }
            ),
            Effect::LookAtTop {
                player,
                count,
                reveal,
                take,
                optional,
                rest,
                play,
            } => {
                let mut s = format!(
                    "{} {} the top {count} card(s) of their Main Deck",
                    p(player),
                    if *reveal { "reveals" } else { "looks at" }
                );
                if let Some(t) = take {
                    s.push_str(&format!(
                        ", {} {} from among them {}",
                        match (optional, play) {
                            (true, Some(_)) => "may banish",
                            (false, Some(_)) => "banishes",
                            (true, None) => "may put",
                            (false, None) => "puts",
                        },
                        t.describe(),
                        match play {
                            Some(0) => "and plays it".to_string(),
                            Some(n) => format!("and plays it, reducing its cost by {n}"),
                            None => "into their hand".to_string(),
                        }
                    ));
                }
                match rest {
                    super::look::DeckRest::Recycle => s.push_str(" and recycles the rest"),
                    super::look::DeckRest::Draw => s.push_str(" and draws the rest"),
                    super::look::DeckRest::Stay => {}
                }
                s
            }
        }
    }

    /// Executes one game effect (407–439). `snap` is the Deathknell snapshot of a dead source.
    pub(crate) fn execute_effect(
        &mut self,
        e: &Effect,
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&super::state::Snapshot>,
    ) -> R<()> {
        // "Choose an opponent. They …": the player is chosen as the instruction executes
        if let Some(bound) = self.bind_chosen_player(e, controller)? {
            return match bound {
                Some(e) => self.execute_effect(&e, controller, source, snap),
                None => Ok(()),
            };
        }
        match e {
            // 355.14: damage split among the group chosen
            Effect::DealDamage {
                target,
                amount: Amount::Split(n),
            } => {
                let targets = self.targets_of(target, controller, source, snap)?;
                let damaged = self.split_damage(*n, &targets, controller, source)?;
                self.delayed_on_damage(&damaged)?;
            }
            Effect::DealDamage { target, amount } => {
                let n = match amount {
                    Amount::Fixed(n) | Amount::Split(n) => *n,
                    Amount::MyMight => match (snap, source) {
                        (Some(s), _) => s.might,
                        (None, Some(s)) => self.might(s),
                        _ => 0,
                    },
                    // 807.3: the Assault Value is a characteristic effects may check
                    Amount::MyAssault => match (snap, source) {
                        (Some(s), _) => super::keywords::summed(
                            &s.keywords,
                            &super::objects::KeywordKind::Assault,
                        ),
                        (None, Some(s)) => {
                            self.derived()[s.0].keyword_value(&super::objects::KeywordKind::Assault)
                        }
                        _ => 0,
                    },
                    // per unit, below
                    Amount::ItsDamage => 0,
                };
                let mut damaged = Vec::new();
                let targets = self.targets_of(target, controller, source, snap)?;
                let several = targets.len() > 1;
                for u in targets {
                    let before = self.objects[u.0].damage;
                    // "equal to the damage marked on it": that unit's, as it executes
                    let n = if *amount == Amount::ItsDamage {
                        before
                    } else {
                        n
                    };
                    // 713: a spell's or ability's Deal action may be granted Bonus Damage
                    let bonus = self.bonus_damage(u, controller, source);
                    self.deal_damage_with_bonus(
                        u,
                        n,
                        bonus.as_ref().map(|b| (b, several)),
                        vec![cite!("417.1.b")],
                    )?;
                    if self.objects[u.0].damage > before {
                        damaged.push(u);
                    }
                }
                self.delayed_on_damage(&damaged)?;
            }
            Effect::Fight { first, second } => {
                let a = self.targets_of(first, controller, source, snap)?;
                let b = self.targets_of(second, controller, source, snap)?;
                self.fight(a.first().copied(), b.first().copied())?;
            }
            Effect::UnitDeals { by, to } => {
                let by = self.targets_of(by, controller, source, snap)?;
                let to = self.targets_of(to, controller, source, snap)?;
                self.unit_deals(by.first().copied(), &to)?;
            }
            Effect::Kill { target } => {
                let units = self.targets_of(target, controller, source, snap)?;
                self.kill(&units, cite!("428.1.a.1"))?;
            }
            Effect::Counter { target } => {
                for card in self.targets_of(target, controller, source, snap)? {
                    // 054.1: "This can't be countered" beats the instruction that would
                    if self.objects[card.0]
                        .def
                        .abilities
                        .contains(&super::objects::Ability::CantBeCountered)
                    {
                        let t = format!(
                            "{} can't be countered: it stays on the chain",
                            self.obj_name(card)
                        );
                        self.event(
                            EventKind::Chain,
                            vec![cite!("054.1"), cite!("425.1")],
                            t,
                            vec![card.0],
                        );
                        continue;
                    }
                    self.counter(card);
                }
            }
            Effect::Buff { target } => {
                let mut batch = Vec::new();
                for u in self.targets_of(target, controller, source, snap)? {
                    // 383.1: "When you buff me"
                    let buffed = self.buff(u);
                    if buffed && self.controller(u) == controller {
                        batch.extend(self.collect_triggers(
                            u,
                            &super::objects::Trigger::YouBuffMe,
                            None,
                        ));
                    }
                    // 383.1: "When you buff a friendly unit" of the buffing player's permanents
                    if buffed && self.friendly(controller, self.controller(u)) {
                        batch.extend(self.observer_triggers(
                            &super::objects::Trigger::YouBuffFriendlyUnit,
                            controller,
                            Some(u),
                            None,
                        ));
                    }
                }
                self.place_triggers(batch, vec![cite!("426.1.b")], false)?;
            }
            Effect::MightThisTurn {
                target,
                amount,
                limit,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(
                        u,
                        source,
                        Modification::Might(*amount),
                        Duration::ThisTurn,
                        *limit,
                    );
                }
            }
            Effect::SwapMight { target, duration } => {
                let units = self.targets_of(target, controller, source, snap)?;
                self.swap_might(&units, source, *duration);
            }
            Effect::Double { target, duration } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    // 432.1.a: an effect of that specific amount, its current Might
                    let n = self.might(u);
                    let t = format!(
                        "{}'s Might is doubled: it gets +{n}, its current Might",
                        self.obj_name(u)
                    );
                    self.event(
                        EventKind::Effect,
                        vec![cite!("432.1"), cite!("432.1.a")],
                        t,
                        vec![u.0],
                    );
                    self.add_continuous(u, source, Modification::Might(n), *duration, None);
                }
            }
            Effect::GiveMight {
                target,
                amount,
                limit,
                duration,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(u, source, Modification::Might(*amount), *duration, *limit);
                }
            }
            Effect::SetMight {
                target,
                value,
                duration,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(u, source, Modification::SetMight(*value), *duration, None);
                }
            }
            Effect::GrantKeyword {
                target,
                keyword,
                duration,
            } => {
                // Refuse rather than guess: a granted keyword whose function is not
                // modeled would otherwise be silently ignored.
                if !keyword.is_modeled() {
                    return Err(Halt::Err(EngineError::Unsupported(format!(
                        "{}: the keyword {keyword} is granted, but its function is not modeled",
                        self.describe_effect(e, source)
                    ))));
                }
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(
                        u,
                        source,
                        Modification::AddKeyword(keyword.clone()),
                        *duration,
                        None,
                    );
                }
            }
            Effect::RemoveKeyword {
                target,
                keyword,
                duration,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(
                        u,
                        source,
                        Modification::RemoveKeyword(keyword.clone()),
                        *duration,
                        None,
                    );
                }
            }
            Effect::GrantTag {
                target,
                tag,
                duration,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(
                        u,
                        source,
                        Modification::AddTag(tag.clone()),
                        *duration,
                        None,
                    );
                }
            }
            Effect::GainControl {
                target,
                player,
                duration,
            } => {
                let new = self.players_of(player, controller);
                let Some(&new) = new.first() else {
                    return Ok(());
                };
                for u in self.targets_of(target, controller, source, snap)? {
                    let old = self.controller(u);
                    if old == new {
                        continue;
                    }
                    self.add_continuous(
                        u,
                        source,
                        Modification::SetController(new),
                        *duration,
                        None,
                    );
                    self.recheck_levels_on_control(u, old, new);
                    // 187.3.a: a unit that becomes present (under a new controller) where its
                    // controller does not control the battlefield applies Contested
                    if let Zone::Battlefield(b) = self.objects[u.0].zone {
                        self.apply_contested(b, new, cite!("187.3.a"));
                    }
                }
            }
            Effect::CantBeDealtDamage { target, duration } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.add_continuous(u, source, Modification::NoDamage, *duration, None);
                }
            }
            Effect::Recall { target } => {
                let units = self.targets_of(target, controller, source, snap)?;
                self.recall_units(&units, cite!("450"))?;
            }
            Effect::Move { target, to } => {
                let units = self.targets_of(target, controller, source, snap)?;
                if matches!(to, Location::Chosen | Location::ToOrFromBase) {
                    let to_or_from_base = *to == Location::ToOrFromBase;
                    for u in units {
                        let Some(to) = self.choose_destination(u, controller, to_or_from_base)?
                        else {
                            continue;
                        };
                        self.effect_move(&[u], to, Some(controller))?;
                    }
                } else if let Location::Place(p) = to {
                    // 355.4: the battlefield fixed as it was put on the chain ("to that
                    // battlefield"), or the battlefield the unit it names is at now ("to that
                    // enemy unit's battlefield"); none, and the move can't be followed
                    match self.place_zone(p, controller) {
                        Some(Zone::Battlefield(b)) => {
                            self.effect_move(&units, Location::Battlefield(b), Some(controller))?
                        }
                        _ if units.is_empty() => {}
                        _ => {
                            let t = format!(
                                "{} does not move: the battlefield it would move to is not one now",
                                units
                                    .iter()
                                    .map(|u| self.obj_name(*u))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            );
                            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
                        }
                    }
                } else {
                    let to = self.here(*to, source, snap)?;
                    self.effect_move(&units, to, Some(controller))?;
                }
            }
            Effect::Heal { target } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    if self.objects[u.0].damage > 0 {
                        self.objects[u.0].damage = 0;
                        let t = format!("{} is healed", self.obj_name(u));
                        self.event(EventKind::Effect, vec![cite!("418.1")], t, vec![u.0]);
                        self.make_outstanding(cite!("319.7"));
                    }
                }
            }
            Effect::Ready { target } => {
                let units = self.targets_of(target, controller, source, snap)?;
                let readied: Vec<ObjId> = units
                    .into_iter()
                    .filter(|&u| {
                        let was = self.objects[u.0].exhausted;
                        if !was && self.objects[u.0].is_unit() {
                            let t =
                                format!("{} is already ready; nothing happens", self.obj_name(u));
                            self.event(EventKind::Effect, vec![cite!("415.1.c")], t, vec![u.0]);
                        }
                        self.set_exhausted(u, false);
                        was && !self.objects[u.0].exhausted
                    })
                    .collect();
                let batch = self.ready_triggers(&readied, controller);
                self.place_triggers(batch, vec![cite!("415.1")], false)?;
            }
            Effect::Exhaust { target } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    if self.objects[u.0].exhausted && self.objects[u.0].is_unit() {
                        let t =
                            format!("{} is already exhausted; nothing happens", self.obj_name(u));
                        self.event(EventKind::Effect, vec![cite!("414.1.c")], t, vec![u.0]);
                    }
                    self.set_exhausted(u, true);
                }
            }
            Effect::GainPoints { player, amount } => {
                for p in self.players_of(player, controller) {
                    // saturating (issue 10): no rule caps points, but a wrapped total would
                    // turn a winner into a loser; i32::MAX is past any victory score
                    let p_ = &mut self.players[p.0];
                    p_.points = p_.points.saturating_add(*amount);
                    let t = format!(
                        "{} gains {} point(s) (now {})",
                        self.player_name(p),
                        amount,
                        self.players[p.0].points
                    );
                    self.event(EventKind::Score, vec![cite!("466.1.a.1")], t, vec![]);
                }
            }
            Effect::Score {
                player,
                battlefield,
                how,
            } => {
                for p in self.players_of(player, controller) {
                    self.score(p, *battlefield, *how)?;
                }
            }
            Effect::Draw { player, amount } => {
                for p in self.players_of(player, controller) {
                    for _ in 0..*amount {
                        self.draw(p)?;
                    }
                }
            }
            Effect::Discard { player, amount } => {
                for p in self.players_of(player, controller) {
                    self.discard(p, *amount)?;
                }
            }
            // 303.2.a: each in turn order; the whole hand, so no card is chosen
            Effect::DiscardHand { player } => {
                for p in self.players_of(player, controller) {
                    let n = i32::try_from(self.objects_in(Zone::Hand(p)).len()).unwrap_or(i32::MAX);
                    if n == 0 {
                        let t = format!("{} has no card in hand to discard", self.player_name(p));
                        self.event(EventKind::Zone, vec![cite!("422.4")], t, vec![]);
                    }
                    self.discard(p, n)?;
                }
            }
            Effect::ReturnToHand { target } => {
                // "return this from your trash to your hand" of an ability active there
                // (383.2.c.1): the source in the trash
                let cards = match (target, source) {
                    (Target::Me, Some(s)) if matches!(self.objects[s.0].zone, Zone::Trash(_)) => {
                        vec![s]
                    }
                    _ => self.targets_of(target, controller, source, snap)?,
                };
                for u in cards {
                    self.return_to_hand(u);
                }
            }
            Effect::RecycleFromTrash { player, count, of } => {
                for p in self.players_of(player, controller) {
                    self.recycle_from_trash(p, *count, *of)?;
                }
            }
            Effect::RecycleRune { player } => {
                for p in self.players_of(player, controller) {
                    self.recycle_a_rune(p)?;
                }
            }
            Effect::TopToTrash { player, count } => {
                for p in self.players_of(player, controller) {
                    self.top_to_trash(p, *count);
                }
            }
            Effect::PlayCard { target, base, to } => {
                // "play me from your trash": the source itself, where it is (383.2.c.1; not
                // in the trash any more, it is not played, 419.3.c)
                let cards = match (target, source) {
                    (Target::Me, Some(s)) if !self.objects[s.0].zone.on_board() => vec![s],
                    _ => self.targets_of(target, controller, source, snap)?,
                };
                for c in cards {
                    self.limited_play(controller, c, base, to, 0)?;
                }
            }
            Effect::Banish { target } => {
                let mut v = self.targets_of(target, controller, source, snap)?;
                // "Banish this" of a spell as it resolves: the card on the chain; "banish me
                // from your trash" of an ability active there (370.3): the card in the trash
                if *target == Target::Me
                    && let Some(s) = source
                        .filter(|s| matches!(self.objects[s.0].zone, Zone::Chain | Zone::Trash(_)))
                {
                    v.push(s);
                }
                for u in v {
                    self.banish(u);
                }
            }
            Effect::Stun { target } => {
                let mut batch = Vec::new();
                let mut enemies = false;
                for u in self.targets_of(target, controller, source, snap)? {
                    // 383.1: "When you stun an enemy unit" of the stunning player's permanents
                    if self.stun(u) && self.opponents(controller, self.controller(u)) {
                        enemies = true;
                        batch.extend(self.observer_triggers(
                            &super::objects::Trigger::YouStunEnemy { one_or_more: false },
                            controller,
                            Some(u),
                            None,
                        ));
                    }
                }
                if enemies {
                    batch.extend(self.observer_triggers(
                        &super::objects::Trigger::YouStunEnemy { one_or_more: true },
                        controller,
                        None,
                        None,
                    ));
                }
                self.place_triggers(batch, vec![cite!("423.1")], false)?;
            }
            Effect::CreateToken {
                player:
                    who @ (PlayerRef::Player(_) | PlayerRef::EachOpponent | PlayerRef::EachPlayer),
                ..
            } => {
                // 182.1.a, 439.1: the player the instruction names plays the tokens, and
                // controls them (in turn order for each player, 303.2.a)
                let mut own = e.clone();
                if let Effect::CreateToken { player, .. } = &mut own {
                    *player = PlayerRef::You;
                }
                for p in self.players_of(who, controller) {
                    self.execute_effect(&own, p, source, snap)?;
                }
            }
            Effect::CreateToken {
                card,
                count,
                at: Location::Chosen,
                ready,
                exhausted,
                names,
                ..
            } if *count > 1 && card.card_type != super::objects::CardType::Gear => {
                // 182.1.a, 355.2.a: each unit token is played like a unit card, so each is
                // played where its player chooses — "Play three Recruit unit tokens" may
                // put them in different places
                for k in 0..*count {
                    let one = Effect::CreateToken {
                        card: card.clone(),
                        count: 1,
                        at: Location::Chosen,
                        ready: *ready,
                        exhausted: *exhausted,
                        names: names.get(k as usize).cloned().into_iter().collect(),
                        player: PlayerRef::You,
                    };
                    self.execute_effect(&one, controller, source, snap)?;
                }
            }
            Effect::CreateToken {
                card,
                count,
                at,
                ready,
                exhausted,
                names,
                ..
            } => {
                // 369, 370, 375: a replacement effect of the token being played; its place
                // resolved first, so that what replaces it plays there too
                let place = self.here(*at, source, snap)?;
                // "there" (355.4, 359.3.f.3): the battlefield fixed as the spell or ability was
                // put on the chain; a battlefield no more, the instruction can't be followed
                let place = match place {
                    Location::Place(p) => match self.place_zone(&p, controller) {
                        Some(Zone::Battlefield(b)) => Location::Battlefield(b),
                        Some(z) if z.on_board() => Location::Base,
                        _ => {
                            let t = format!(
                                "{} token(s) can't be played: the place it names is not one now",
                                card.name
                            );
                            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
                            return Ok(());
                        }
                    },
                    // 182.1.a, 439.2.b: a token whose instruction names no place is played
                    // like a card of its type — a unit to its player's base or a battlefield
                    // they control (355.2.a), their choice
                    Location::Chosen => self.token_place(card, *count, controller)?,
                    other => other,
                };
                // 054.1, 055: "Units can't be played here": a unit token can't be played
                // there, and the instruction does what it can — nothing
                if let Location::Battlefield(b) = place
                    && card.card_type != super::objects::CardType::Gear
                    && self.no_units_played_at(b)
                {
                    let t = format!(
                        "{} token(s) can't be played to {}: units can't be played there",
                        card.name,
                        self.bf_name(b)
                    );
                    self.event(
                        EventKind::Effect,
                        vec![cite!("054.1"), cite!("055")],
                        t,
                        vec![],
                    );
                    return Ok(());
                }
                let event = Effect::CreateToken {
                    card: card.clone(),
                    count: *count,
                    at: match place {
                        Location::Here
                        | Location::Chosen
                        | Location::ToOrFromBase
                        | Location::Place(_) => Location::Base,
                        other => other,
                    },
                    ready: *ready,
                    exhausted: *exhausted,
                    names: names.clone(),
                    player: PlayerRef::You,
                };
                if self.replace_token_play(&event, controller)? {
                    return Ok(());
                }
                let def = std::sync::Arc::new((**card).clone());
                let zone = match place {
                    Location::Battlefield(b) => Zone::Battlefield(b),
                    Location::Base
                    | Location::Here
                    | Location::Chosen
                    | Location::ToOrFromBase
                    | Location::Place(_) => Zone::Base(controller),
                };
                let mut played = Vec::new();
                for k in 0..*count {
                    self.check_limits()?;
                    // a token named by the scenario goes by that name (as set-up objects do)
                    let def = match names.get(k as usize) {
                        Some(n) => {
                            let mut d = (*def).clone();
                            d.name = n.clone();
                            std::sync::Arc::new(d)
                        }
                        None => def.clone(),
                    };
                    let id = self.create(def.clone(), controller, zone);
                    played.push(id);
                    let unit = self.objects[id.0].is_unit();
                    self.objects[id.0].token = true;
                    // 182.1.a, 364.2: a token unit is played, so "your tokens / units enter
                    // ready" changes how it enters
                    let ready_by = (unit && !*ready)
                        .then(|| self.enters_ready_by(id, controller))
                        .flatten();
                    // "units you play this turn enter ready" (002): tokens are played (182.1.a)
                    let by_effect = unit
                        && !*ready
                        && ready_by.is_none()
                        && self.players[controller.0].units_enter_ready_this_turn;
                    let ready = *ready || ready_by.is_some() || by_effect;
                    let o = &mut self.objects[id.0];
                    o.exhausted = if unit { !ready } else { *exhausted };
                    let t = format!(
                        "a {} token{} is created at {}{}",
                        card.name,
                        names
                            .get(k as usize)
                            .map(|n| format!(" ({n})"))
                            .unwrap_or_default(),
                        self.zone_name(zone),
                        if unit && !ready || !unit && *exhausted {
                            ", exhausted".to_string()
                        } else if let Some(src) = ready_by {
                            format!(
                                ", ready ({}'s ability: its units enter ready)",
                                self.obj_name(src)
                            )
                        } else if by_effect {
                            ", ready (units played this turn enter ready)".to_string()
                        } else {
                            String::new()
                        }
                    );
                    let mut rules = vec![
                        cite!("439.1"),
                        cite!("439.2"),
                        cite!("177"),
                        cite!("182.1.d"),
                    ];
                    if ready_by.is_some() {
                        rules.extend([cite!("182.1.a"), cite!("364.2")]);
                    } else if by_effect {
                        rules.extend([cite!("182.1.a"), cite!("002")]);
                    }
                    self.event(EventKind::Zone, rules, t, vec![id.0]);
                    self.make_outstanding(cite!("319.6"));
                    if let Location::Battlefield(b) = at {
                        self.apply_contested(*b, controller, cite!("187.3.a"));
                    }
                }
                // 182.1.a: a token is played like a card of its type, so it triggers "when
                // you play a unit / a gear" (383.4.a.4)
                let mut batch = Vec::new();
                for id in played {
                    batch.extend(self.play_observers(id, controller));
                    // 390.2: "when a friendly unit is played this turn" (182.1.a)
                    batch.extend(self.delayed_on_play(id, controller));
                }
                for t in batch.iter_mut() {
                    t.watching = false;
                }
                self.place_triggers(batch, vec![cite!("182.1.a")], false)?;
            }
            Effect::Attach { target } => {
                // 818.1.c.2: "attach this gear to a unit you control"
                let Some(gear) = source else {
                    return Err(Halt::Err(EngineError::Unsupported(
                        "an attach effect needs its source (the card to attach)".into(),
                    )));
                };
                if let Some(&unit) = self.targets_of(target, controller, source, snap)?.first() {
                    self.attach(gear, unit)?;
                    self.note_equipped(gear, unit);
                }
            }
            Effect::Linked { effect } => {
                // 394–397: the objects this instruction affects are remembered on its source
                // for the abilities linked with it (each with its timestamp after the
                // instruction: a later zone change makes it a new object)
                let mut inner = (**effect).clone();
                let mut objs = Vec::new();
                let first = crate::engine::choices::targets_mut(&mut inner)
                    .into_iter()
                    .next()
                    .cloned();
                match first {
                    Some(t) => {
                        for o in self.targets_of(&t, controller, source, snap)? {
                            let mut e = inner.clone();
                            if let Some(slot) = crate::engine::choices::targets_mut(&mut e)
                                .into_iter()
                                .next()
                            {
                                *slot = Target::Object(o);
                            }
                            objs.push(o);
                            self.execute_effect(&e, controller, source, snap)?;
                        }
                    }
                    None => self.execute_effect(&inner, controller, source, snap)?,
                }
                if let Some(s) = source {
                    let linked: Vec<(ObjId, u64)> = objs
                        .iter()
                        .map(|o| (*o, self.objects[o.0].timestamp))
                        .collect();
                    if !linked.is_empty() {
                        let names: Vec<&str> = objs.iter().map(|o| self.obj_name(*o)).collect();
                        let t = format!(
                            "{} remembers {} for its linked ability",
                            self.obj_name(s),
                            names.join(", ")
                        );
                        self.event(
                            EventKind::Effect,
                            vec![cite!("394"), cite!("395")],
                            t,
                            vec![],
                        );
                    }
                    self.objects[s.0].linked = linked;
                }
            }
            Effect::May { effect } => {
                let what = self.describe_effect(effect, source);
                let d = super::decision::Decision::yes_no(
                    controller,
                    format!("{} may: {}", self.player_name(controller), what),
                    vec![cite!("355.17")],
                );
                if self.decide(d)? == 0 {
                    self.execute_effect(effect, controller, source, snap)?;
                }
            }
            Effect::RevealHandPick {
                player,
                pick,
                recycle,
                then,
            } => {
                for p in self.players_of(player, controller) {
                    self.reveal_hand_pick(p, controller, pick, *recycle)?;
                    // the player who revealed, chosen once (355.17), does the rest
                    for e in then {
                        self.execute_effect(e, p, source, snap)?;
                    }
                }
            }
            Effect::Predict { player, count } => {
                for p in self.players_of(player, controller) {
                    self.predict(p, *count)?;
                }
            }
            Effect::LookAtTop {
                player,
                count,
                reveal,
                take,
                optional,
                rest,
                play,
            } => {
                for p in self.players_of(player, controller) {
                    let take = take.as_ref().map(|t| (t, *optional, *play));
                    self.look_at_top(p, *count, *reveal, take, *rest)?;
                }
            }
            Effect::Unless {
                effect,
                energy,
                power,
                alternative,
            } => self.unless(
                effect,
                *energy,
                power,
                alternative,
                controller,
                source,
                snap,
            )?,
            Effect::ThenItsPlayer {
                effect,
                owner,
                then,
            } => {
                // the player is found before the instruction moves the unit (359.3.e.13)
                let here = self.source_location(source, snap);
                let mut first = (**effect).clone();
                let chosen: Option<Target> = super::choices::targets_mut(&mut first)
                    .first()
                    .map(|t| (**t).clone());
                let units: Vec<ObjId> = match &chosen {
                    Some(Target::Chosen {
                        object,
                        filter,
                        stamp,
                        ..
                    }) => {
                        if self.chosen_is_legal(*object, filter, *stamp, controller, here, source) {
                            vec![*object]
                        } else {
                            vec![]
                        }
                    }
                    Some(Target::Object(o)) => vec![*o],
                    _ => vec![],
                };
                let players: Vec<(PlayerId, ObjId, Zone)> = units
                    .iter()
                    .map(|u| {
                        let p = if *owner {
                            self.objects[u.0].owner
                        } else {
                            self.controller(*u)
                        };
                        (p, *u, self.objects[u.0].zone)
                    })
                    .collect();
                self.execute_effect(effect, controller, source, snap)?;
                if players.is_empty() {
                    let t = format!(
                        "the unit it chose is no longer that object: its {} is null, so what that player would do is not done",
                        if *owner { "owner" } else { "controller" },
                    );
                    self.event(EventKind::Chain, vec![cite!("359.3.e.12")], t, vec![]);
                }
                let banished = matches!(**effect, Effect::Banish { .. });
                for (p, u, was) in players {
                    let mut then = (**then).clone();
                    // 427.3: "Banish a unit, then its owner plays it": "it" is the card this
                    // object banished, in its Banishment ("to the same location": where it
                    // was, 355.2.b)
                    if banished {
                        bind_banished(&mut then, u, was);
                    }
                    self.execute_effect(&then, p, source, snap)?;
                }
            }
            Effect::ForEach { count, effect } => {
                // counted as it executes, from the controller's side; a battlefield's "each
                // other battlefield" is other than the one it is (its ability has no source)
                let n = match (count, source) {
                    (super::objects::Count::Battlefields { other }, _) => self
                        .battlefields_controlled(
                            controller,
                            other.then(|| self.source_location(source, snap)).flatten(),
                        ),
                    (_, source) => match source {
                        Some(s) => self.count(count, controller, s),
                        None if !matches!(
                            count,
                            super::objects::Count::InTrash { same_name: true }
                        ) =>
                        {
                            self.count(count, controller, ObjId(0))
                        }
                        None => 0,
                    },
                };
                let scaled = match (**effect).clone() {
                    Effect::Draw { player, amount } => Some(Effect::Draw {
                        player,
                        amount: amount.saturating_mul(n),
                    }),
                    Effect::GainXp { player, amount } => Some(Effect::GainXp {
                        player,
                        amount: amount.saturating_mul(n),
                    }),
                    Effect::GainPoints { player, amount } => Some(Effect::GainPoints {
                        player,
                        amount: amount.saturating_mul(n),
                    }),
                    Effect::Channel {
                        player,
                        count,
                        exhausted,
                    } => Some(Effect::Channel {
                        player,
                        count: count.saturating_mul(n),
                        exhausted,
                    }),
                    // "+2 Might this turn for each …": one +2N
                    Effect::MightThisTurn {
                        target,
                        amount,
                        limit,
                    } => Some(Effect::MightThisTurn {
                        target,
                        amount: amount.saturating_mul(n),
                        limit,
                    }),
                    _ => None,
                };
                match scaled {
                    Some(e) if n > 0 => self.execute_effect(&e, controller, source, snap)?,
                    Some(_) => {}
                    None => {
                        for _ in 0..n.min(crate::limits::MAX_COUNT as i32) {
                            self.execute_effect(effect, controller, source, snap)?;
                        }
                    }
                }
            }
            Effect::CantPlayThisTurn { player, of } => {
                for p in self.players_of(player, controller) {
                    if !self.players[p.0].cant_play_this_turn.contains(of) {
                        self.players[p.0].cant_play_this_turn.push(*of);
                    }
                    let t = format!(
                        "{} can't play {} this turn",
                        self.player_name(p),
                        cards_of(*of)
                    );
                    self.event(EventKind::Effect, vec![cite!("054.1")], t, vec![]);
                }
            }
            Effect::CostThisTurn {
                player,
                of,
                energy,
                next,
            } => {
                let source_name = source.map_or_else(
                    || "an ability".to_string(),
                    |s| self.obj_name(s).to_string(),
                );
                for p in self.players_of(player, controller) {
                    self.players[p.0]
                        .cost_changes_this_turn
                        .push(super::objects::TurnCostChange {
                            of: *of,
                            energy: *energy,
                            next: *next,
                            source: source_name.clone(),
                        });
                    let t = cost_change_text(self.player_name(p), *of, *energy, *next);
                    let rule = if *energy < 0 {
                        cite!("356.4")
                    } else {
                        cite!("356.3")
                    };
                    self.event(EventKind::Effect, vec![rule], t, vec![]);
                }
            }
            Effect::UnitsEnterReadyThisTurn { player } => {
                for p in self.players_of(player, controller) {
                    self.players[p.0].units_enter_ready_this_turn = true;
                    let t = format!(
                        "the units {} plays this turn enter ready",
                        self.player_name(p)
                    );
                    self.event(EventKind::Effect, vec![cite!("002")], t, vec![]);
                }
            }
            Effect::KillOneOfTheir { player, gear } => {
                let players = self.players_of(player, controller);
                let several = players.len() > 1;
                for p in players {
                    self.kill_one_of_their(p, *gear, several)?;
                }
            }
            Effect::Reflexive {
                condition,
                effects,
                times,
            } => {
                self.reflexive(controller, source, condition.as_deref(), effects, *times)?;
            }
            Effect::CreateDelayed {
                trigger,
                target,
                effects,
                duration,
            } => match target {
                // 390.2: "When it dies this turn, …" watches the unit chosen before; none
                // (an illegal target, 359.3.e.5) creates nothing to watch
                Some(t) => {
                    for u in self.targets_of(t, controller, source, snap)? {
                        self.create_delayed(
                            controller,
                            source,
                            trigger,
                            Some(u),
                            effects,
                            *duration,
                        );
                    }
                }
                None => self.create_delayed(controller, source, trigger, None, effects, *duration),
            },
            Effect::CreateReplacement {
                target,
                replacement,
                duration,
            } => {
                for u in self.targets_of(target, controller, source, snap)? {
                    self.create_replacement(controller, source, u, replacement, *duration);
                }
            }
            Effect::Weaponmaster => {
                if let Some(unit) = source {
                    self.weaponmaster(controller, unit)?;
                }
            }
            Effect::AdditionalTurn { player } => {
                for p in self.players_of(player, controller) {
                    self.queue_additional_turn(p);
                }
            }
            // bound to the replaced event by the replacement that says it (375); alone it
            // refers to no token
            Effect::PlayThatToken { .. } => {
                return Err(Halt::Err(EngineError::Unsupported(
                    "\"play that token\" is what a replacement of a token being played does instead; it has no token here".into(),
                )));
            }
            Effect::GainXp { player, amount } => {
                for p in self.players_of(player, controller) {
                    // saturating, like points: a wrapped total would be silently wrong
                    let p_ = &mut self.players[p.0];
                    let before = p_.xp;
                    p_.xp = p_.xp.saturating_add(*amount);
                    p_.xp_gained_this_turn = p_.xp_gained_this_turn.saturating_add(*amount);
                    let t = format!(
                        "{} gains {} XP (now {})",
                        self.player_name(p),
                        amount,
                        self.players[p.0].xp
                    );
                    self.event(EventKind::Effect, vec![cite!("730.1")], t, vec![]);
                    self.recheck_levels(p, before);
                }
            }
            Effect::SelfReplaced {
                effect,
                condition,
                instead,
            } => {
                self.self_replaced(effect, condition, instead, controller, source, snap)?;
            }
            Effect::IfDone {
                effect,
                then,
                otherwise,
            } => {
                self.if_done(effect, then, otherwise, controller, source, snap)?;
            }
            Effect::If {
                condition,
                effect,
                otherwise,
            } => {
                self.if_condition(condition, effect, otherwise, controller, source, snap)?;
            }
            Effect::OneOf { options } => {
                // 355.17: chosen as it executes, by the controller
                let d = Decision {
                    kind: super::decision::DecisionKind::Mode,
                    player: controller,
                    prompt: format!(
                        "{} chooses one: {}",
                        self.player_name(controller),
                        self.describe_effect(e, source)
                    ),
                    options: options
                        .iter()
                        .enumerate()
                        .map(|(i, o)| super::decision::DecisionOption {
                            label: self.describe_effect(o, source),
                            answer: Answer::Index(i),
                        })
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("355.17")],
                };
                let i = self.decide(d)?;
                if let Some(o) = options.get(i) {
                    self.execute_effect(o, controller, source, snap)?;
                }
            }
            Effect::ChooseOne { .. } => {
                // chosen at step 2 (355.3, 402.1): never left to resolve
                return Err(Halt::Err(EngineError::Unsupported(
                    "a \"choose one\" whose mode was not chosen when it went on the chain".into(),
                )));
            }
            Effect::PayCost(_) => {
                // paid as the triggered ability goes on the chain (404.1), never resolved
                return Err(Halt::Err(EngineError::Unsupported(
                    "a cost within instructions outside a triggered ability".into(),
                )));
            }
            Effect::Add {
                player,
                energy,
                power,
                only,
            } => {
                for p in self.players_of(player, controller) {
                    match only {
                        Some(o) => self.add_restricted(p, *energy, power, *o),
                        None => self.add_to_pool(
                            p,
                            *energy,
                            power,
                            vec![cite!("429.1"), cite!("165.1")],
                        ),
                    }
                }
            }
            Effect::Channel {
                player,
                count,
                exhausted,
            } => {
                for p in self.players_of(player, controller) {
                    let n = usize::try_from(*count).unwrap_or(0);
                    let mut rules = vec![cite!("430.1")];
                    if *exhausted {
                        rules.push(cite!("430.2"));
                    }
                    self.channel(p, n, *exhausted, rules);
                }
            }
        }
        Ok(())
    }

    /// A continuous effect begins applying, with its timestamp (475.1); a limited arithmetic
    /// effect snapshots its limited value now (472.3.b).
    pub(crate) fn add_continuous(
        &mut self,
        target: ObjId,
        source: Option<ObjId>,
        modification: Modification,
        duration: Duration,
        limit: Option<i32>,
    ) {
        let id = self.fresh_id();
        let timestamp = self.tick();
        let mut snapshot = None;
        let mut rules = vec![cite!("475.1")];
        if let (Modification::Might(n), Some(l)) = (&modification, limit) {
            let cur = self.might(target);
            let after = if *n < 0 {
                cur.saturating_add(*n).max(l.min(cur))
            } else {
                cur.saturating_add(*n).min(l.max(cur))
            };
            snapshot = Some(after.saturating_sub(cur));
            rules.insert(0, cite!("472.3.b"));
        }
        // 801.3.a.2, 801.3.b.1: a keyword granted or removed for the duration the effect says
        if duration != Duration::Permanent {
            match &modification {
                Modification::AddKeyword(_) => rules.push(cite!("801.3.a.2")),
                Modification::RemoveKeyword(_) => rules.push(cite!("801.3.b.1")),
                _ => {}
            }
        }
        let src = source
            .map(|s| self.obj_name(s).to_string())
            .unwrap_or_else(|| "effect".into());
        let text = format!(
            "{} gets {} (layer {}, timestamp {}){}",
            self.obj_name(target),
            match &modification {
                Modification::SetMight(v) => format!("Might becomes {v}"),
                Modification::SetController(p) => format!("controller {}", self.player_name(*p)),
                Modification::AddTag(t) => format!("tag {t}"),
                Modification::AddKeyword(k) => format!("{k}"),
                Modification::RemoveKeyword(k) => format!("loses {k:?}"),
                Modification::NoDamage => "\"I don't take damage\"".to_string(),
                Modification::Might(n) => format!("{n:+} Might"),
                Modification::MightPer { each, per } => {
                    format!("{each:+} Might for each {}", per.describe())
                }
                Modification::AssaultPer(per) => {
                    format!("Assault equal to the number of {}", per.describe())
                }
            },
            modification.layer(),
            timestamp,
            snapshot
                .map(|s| format!(", limited and snapshotted at {s:+}"))
                .unwrap_or_default()
        );
        self.effects.push(ContinuousEffect {
            id,
            target,
            source: src,
            modification,
            duration,
            timestamp,
            limit,
            snapshot,
        });
        self.event(EventKind::Effect, rules, text, vec![target.0]);
        self.make_outstanding(cite!("319.7"));
    }

    /// 417.1.b (deal damage): marks damage on a unit.
    pub(crate) fn deal_damage(&mut self, u: ObjId, n: i32, rules: Vec<Cite>) -> R<()> {
        self.deal_damage_with_bonus(u, n, None, rules)
    }

    /// 417.1.b with the Bonus Damage granted to the Deal action (712–715, with whether it
    /// has several targets): added once the damage is known to be dealt — none when it was
    /// replaced or prevented to nothing (715.4, 417.1.e.1).
    pub(crate) fn deal_damage_with_bonus(
        &mut self,
        u: ObjId,
        n: i32,
        bonus: Option<(&super::bonus_damage::Bonus, bool)>,
        mut rules: Vec<Cite>,
    ) -> R<()> {
        if n <= 0 || !self.objects[u.0].zone.on_board() {
            return Ok(());
        }
        // 369: a replacement of its being dealt damage intercedes first
        let left = self.replace_damage(
            &[(u, n, "would be dealt {n} damage".to_string())],
            cite!("417.1.b"),
        )?;
        let not_dealt = |g: &mut Game| {
            // 715.4: no damage dealt, no Bonus Damage
            if let Some((b, _)) = bonus {
                let t = format!(
                    "no damage is dealt to {}: the {} does not apply",
                    g.obj_name(u),
                    b.describe()
                );
                g.event(EventKind::Damage, vec![cite!("715.4")], t, vec![u.0]);
            }
        };
        let Some(&(_, n)) = left.first().filter(|(_, n)| *n > 0) else {
            not_dealt(self);
            return Ok(());
        };
        if self.characteristics(u).no_damage {
            let t = format!(
                "{} doesn't take damage: {} damage is not dealt",
                self.obj_name(u),
                n
            );
            self.event(EventKind::Damage, vec![cite!("437.1")], t, vec![u.0]);
            not_dealt(self);
            return Ok(());
        }
        // 715.1, 715.2: the damage to this unit increased by the Bonus Damage (714: summed)
        let (n, plus) = match bonus {
            Some((b, several)) => {
                rules.extend(b.rules(several));
                (
                    n.saturating_add(b.amount),
                    format!(": {n} + {}", b.describe()),
                )
            }
            None => (n, String::new()),
        };
        // saturating (issue 10): marked damage past i32::MAX is lethal all the same
        self.objects[u.0].damage = self.objects[u.0].damage.saturating_add(n);
        // 428.5.c: a kill in the cleanup after this resolution is attributed to it
        if self.resolving
            && let Some(k) = self.kill_by.as_mut()
            && !k.damaged.contains(&u)
        {
            k.damaged.push(u);
        }
        let t = format!(
            "{} is dealt {} damage{plus} (now {} marked, Might {})",
            self.obj_name(u),
            n,
            self.objects[u.0].damage,
            self.might(u)
        );
        rules.dedup();
        self.event(EventKind::Damage, rules, t, vec![u.0]);
        self.make_outstanding(cite!("319.7"));
        Ok(())
    }

    /// 417.1.d, 417.6.b.3: two units deal damage equal to their Mights to each other, at the
    /// same time (both Mights read before either is dealt damage), each the source of the
    /// damage it deals. When one of them is no longer there to deal or be dealt damage (a
    /// target no longer legal, 359.3.e.5), whether the other still deals or is dealt its
    /// damage is not something the rules say: the run stops as unsupported rather than guess.
    pub(crate) fn fight(&mut self, a: Option<ObjId>, b: Option<ObjId>) -> R<()> {
        let (Some(a), Some(b)) = (a, b) else {
            if a.is_none() && b.is_none() {
                let t = "neither unit is there to deal damage: nothing happens".to_string();
                self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
                return Ok(());
            }
            return Err(Halt::Err(EngineError::Unsupported(
                "one of the two units that would deal damage to each other is no longer a legal target; whether the other still deals or is dealt its damage is not modelled".into(),
            )));
        };
        if a == b {
            return Err(Halt::Err(EngineError::Unsupported(
                "a unit dealing damage to itself as \"each other\" is not modelled".into(),
            )));
        }
        let (ma, mb) = (self.might(a).max(0), self.might(b).max(0));
        let t = format!(
            "{} (Might {ma}) and {} (Might {mb}) deal damage to each other at the same time",
            self.obj_name(a),
            self.obj_name(b)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("417.1.d"), cite!("417.6.b.3")],
            t,
            vec![a.0, b.0],
        );
        let mut damaged = Vec::new();
        for (to, n) in [(b, ma), (a, mb)] {
            let before = self.objects[to.0].damage;
            self.deal_damage(to, n, vec![cite!("417.1.b")])?;
            if self.objects[to.0].damage > before {
                damaged.push(to);
            }
        }
        self.delayed_on_damage(&damaged)
    }

    /// 417.6.b, 417.6.b.3: unit `by` deals damage equal to its Might (as it executes) to each
    /// of `to`, as the source of that damage. A dealer no longer there (a target no longer
    /// legal, 359.3.e.5) deals nothing: the instruction can't be followed (359.3.e.6).
    pub(crate) fn unit_deals(&mut self, by: Option<ObjId>, to: &[ObjId]) -> R<()> {
        let Some(by) = by else {
            let t = "the unit that would deal the damage is not there: it deals none".to_string();
            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
            return Ok(());
        };
        if to.is_empty() {
            let t = format!("{} has nothing to deal damage to", self.obj_name(by));
            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![by.0]);
            return Ok(());
        }
        let n = self.might(by).max(0);
        let names: Vec<&str> = to.iter().map(|u| self.obj_name(*u)).collect();
        let t = format!(
            "{} (Might {n}) deals damage equal to its Might to {}: it is the source of the damage",
            self.obj_name(by),
            names.join(", ")
        );
        self.event(
            EventKind::Effect,
            vec![cite!("417.6.b"), cite!("417.6.b.3")],
            t,
            std::iter::once(by.0)
                .chain(to.iter().map(|u| u.0))
                .collect(),
        );
        let mut damaged = Vec::new();
        for &u in to {
            let before = self.objects[u.0].damage;
            self.deal_damage(u, n, vec![cite!("417.1.b")])?;
            if self.objects[u.0].damage > before {
                damaged.push(u);
            }
        }
        self.delayed_on_damage(&damaged)
    }

    /// 426.1.b, 702.3: a unit without a buff gets one (+1 Might); whether it did.
    pub(crate) fn buff(&mut self, u: ObjId) -> bool {
        // "I can have any number of buffs": the exception to 702.3 (its text active)
        let any_number = !self.rules_text_inactive(u)
            && self.objects[u.0]
                .def
                .abilities
                .contains(&super::objects::Ability::AnyNumberOfBuffs);
        if self.objects[u.0].buffs > 0 && !any_number {
            let t = format!("{} already has a buff; nothing happens", self.obj_name(u));
            self.event(EventKind::Effect, vec![cite!("702.3.a")], t, vec![u.0]);
            return false;
        }
        let o = &mut self.objects[u.0];
        o.buffs = o.buffs.saturating_add(1);
        let t = format!(
            "{} is buffed (+1 Might, now {})",
            self.obj_name(u),
            self.might(u)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("426.1.b"), cite!("703")],
            t,
            vec![u.0],
        );
        self.make_outstanding(cite!("319.7"));
        true
    }

    pub(crate) fn set_exhausted(&mut self, u: ObjId, exhausted: bool) {
        if self.objects[u.0].exhausted != exhausted {
            self.objects[u.0].exhausted = exhausted;
            let (t, c) = if exhausted {
                (format!("{} is exhausted", self.obj_name(u)), cite!("414.1"))
            } else {
                (format!("{} is readied", self.obj_name(u)), cite!("415.1"))
            };
            self.event(EventKind::Effect, vec![c], t, vec![u.0]);
            self.make_outstanding(cite!("319.7"));
        }
    }

    /// 413.1: draws the top card of the main deck; from an empty deck the player burns out
    /// first (431.1.a): recycles their trash into the main deck in a random order (431.2.b),
    /// an opponent they choose gains 1 point (431.2.c), then the draw completes (431.2.d).
    pub(crate) fn draw(&mut self, p: PlayerId) -> R<()> {
        // 369: a replacement of the draw intercedes first
        if self.replace_draw(p)? {
            return Ok(());
        }
        let vs = self.victory_score();
        let mut burned_out = false;
        loop {
            let deck = self.objects_in(Zone::MainDeck(p));
            if let Some(&c) = deck.first() {
                self.objects[c.0].zone = Zone::Hand(p);
                let t = format!("{} draws {}", self.player_name(p), self.obj_name(c));
                // 431.2.d: after burning out, the player completes the draw
                let mut rules = vec![cite!("413.1")];
                if burned_out {
                    rules.push(cite!("431.2.d"));
                }
                self.event(EventKind::Zone, rules, t, vec![c.0]);
                self.make_outstanding(cite!("319.7"));
                // 383.1: "When you draw your [Nth] card each turn"
                let n = self.players[p.0].drawn_this_turn.saturating_add(1);
                self.players[p.0].drawn_this_turn = n;
                let batch =
                    self.observer_triggers(&super::objects::Trigger::YouDrawNth(n), p, None, None);
                return self.place_triggers(batch, vec![cite!("413.1")], false);
            }
            // burn out
            burned_out = true;
            let mut trash = self.objects_in(Zone::Trash(p));
            let n = trash.len();
            for i in (1..n).rev() {
                let j = self.random(i as u64 + 1) as usize;
                trash.swap(i, j);
            }
            for (k, c) in trash.iter().enumerate() {
                self.objects[c.0].zone = Zone::MainDeck(p);
                self.objects[c.0].position = k as u64;
            }
            let t = format!(
                "{} must draw from an empty main deck and burns out: {} card(s) of their trash are recycled into it in a random order",
                self.player_name(p),
                n
            );
            self.event(
                EventKind::Zone,
                vec![cite!("431.1.a"), cite!("431.2.b")],
                t,
                vec![],
            );
            let opps: Vec<PlayerId> = self
                .players
                .iter()
                .filter(|q| self.opponents(p, q.id) && !q.lost)
                .map(|q| q.id)
                .collect();
            if opps.is_empty() {
                return Ok(());
            }
            let options = opps
                .iter()
                .enumerate()
                .map(|(i, q)| DecisionOption {
                    label: self.player_name(*q).to_string(),
                    answer: Answer::Index(i),
                })
                .collect();
            let d = Decision {
                kind: super::decision::DecisionKind::Target,
                player: p,
                prompt: format!(
                    "{} chooses an opponent to gain 1 point",
                    self.player_name(p)
                ),
                options,
                more: 0,
                items: vec![],
                rules: vec![cite!("431.2.c")],
            };
            let i = self.decide(d)?;
            let q = opps[i];
            self.players[q.0].points += 1;
            let t = format!(
                "{} gains 1 point (now {})",
                self.player_name(q),
                self.players[q.0].points
            );
            self.event(EventKind::Score, vec![cite!("431.2.c")], t, vec![]);
            if n == 0 && self.players[q.0].points >= vs {
                // 431.3.a: repeated burn outs only feed points until the game ends
                return Ok(());
            }
        }
    }

    /// 428 (kill): permanents go to their owner's trash; Deathknell triggers first, with a
    /// snapshot (808.1.d.2–3). Leaving the board removes buffs (705) and designations.
    pub(crate) fn kill(&mut self, units: &[ObjId], why: Cite) -> R<()> {
        let units: Vec<ObjId> = units
            .iter()
            .copied()
            .filter(|u| self.objects[u.0].zone.on_board())
            .collect();
        // 369: replacement effects intercede first — of being killed, then of dying; a
        // replaced death is not a death
        let killed: Vec<(ObjId, String)> = units
            .iter()
            .map(|u| (*u, "would be killed".to_string()))
            .collect();
        let units = self.replace_events(super::objects::ReplacedEvent::Killed, &killed, why)?;
        let units = self.replace_deaths(&units, why)?;
        // killed simultaneously: their Deathknells trigger together (ordered by controller)
        self.trigger_deathknells(&units)?;
        for &u in &units {
            self.leave_board_to_trash(u, why);
        }
        // 428.5.b: a Kill instruction of the resolving spell or ability kills them
        if self.resolving {
            self.killed_by(&units, cite!("428.5.b"))?;
        }
        Ok(())
    }

    /// 428.5, 383.2.c.1: `units` were killed by the chain item `kill_by` names (`why`: its
    /// Kill instruction, 428.5.b, or the damage it dealt, 428.5.c); when it is a spell (or
    /// an ability originating from one, 428.5.d), "When you kill a unit with a spell" of its
    /// controller's permanents and of the cards in their trash — the killed cards that just
    /// went there included (383.2.c.1) — triggers for each unit.
    pub(crate) fn killed_by(&mut self, units: &[ObjId], why: Cite) -> R<()> {
        let Some(k) = self.kill_by.as_ref().filter(|k| k.spell) else {
            return Ok(());
        };
        let (player, label, ability) = (k.player, k.label.clone(), k.ability);
        let mut batch = Vec::new();
        let mut killed = Vec::new();
        for &u in units.iter().filter(|u| self.objects[u.0].is_unit()) {
            let found = self.observer_triggers(
                &super::objects::Trigger::YouKillUnitWithSpell,
                player,
                Some(u),
                None,
            );
            if !found.is_empty() {
                killed.push(u);
            }
            batch.extend(found);
        }
        if batch.is_empty() {
            return Ok(());
        }
        // said only where a trigger condition asks who killed them
        let mut rules = vec![why, cite!("428.5.a")];
        let what = if ability {
            rules.push(cite!("428.5.d"));
            "an ability originating from a spell"
        } else {
            "a spell"
        };
        let names: Vec<&str> = killed.iter().map(|u| self.obj_name(*u)).collect();
        let t = format!(
            "{} killed by {label}, {what} {} controls: {} killed a unit with a spell",
            names.join(", "),
            self.player_name(player),
            self.player_name(player)
        );
        let t = if names.len() == 1 {
            t.replacen(" killed by", " is killed by", 1)
        } else {
            t.replacen(" killed by", " are killed by", 1)
        };
        self.event(
            EventKind::Effect,
            rules,
            t,
            killed.iter().map(|u| u.0).collect(),
        );
        self.place_triggers(batch, vec![cite!("383.1")], false)
    }

    /// 428.2: a killed permanent goes from the board to its owner's trash (a token ceases to
    /// exist, 183.1); it loses its buffs (705), damage, designation and effects on it.
    pub(crate) fn leave_board_to_trash(&mut self, u: ObjId, why: Cite) {
        let owner = self.objects[u.0].owner;
        let (from, is_token, had_buffs) = self.leave_board(u, Zone::Trash(owner));
        let (t, mut rules) = if is_token {
            (
                format!(
                    "{} is killed (from {}); a token, it ceases to exist",
                    self.obj_name(u),
                    self.zone_name(from)
                ),
                vec![why, cite!("428.2"), cite!("183.1")],
            )
        } else {
            (
                format!(
                    "{} is killed and put into {}'s trash (from {})",
                    self.obj_name(u),
                    self.player_name(owner),
                    self.zone_name(from)
                ),
                vec![why, cite!("428.2")],
            )
        };
        // 705: only when there was a buff to remove
        let t = if had_buffs {
            rules.push(cite!("705"));
            format!("{t}; its buff is removed")
        } else {
            t
        };
        self.event(EventKind::Zone, rules, t, vec![u.0]);
        self.make_outstanding(cite!("319.6"));
    }

    /// A permanent leaves the board for `to` — or ceases to exist, a token (183.1): a new
    /// object there, its marked state (damage, buffs, 705; designation; exhausted, stunned)
    /// and the effects on it gone. Returns where it was, whether it was a token and whether
    /// it had a buff, for the caller's trace line.
    pub(crate) fn leave_board(&mut self, u: ObjId, to: Zone) -> (Zone, bool, bool) {
        let from = self.objects[u.0].zone;
        let is_token = self.objects[u.0].is_token();
        let had_buffs = self.objects[u.0].buffs > 0;
        let o = &mut self.objects[u.0];
        o.zone = if is_token { Zone::Gone } else { to };
        o.damage = 0;
        o.buffs = 0;
        o.designation = None;
        o.exhausted = false;
        o.stunned = false;
        o.additional_paid = false;
        let ts = self.tick();
        self.objects[u.0].timestamp = ts;
        self.effects.retain(|e| e.target != u);
        (from, is_token, had_buffs)
    }

    /// A zone's name for the trace.
    pub fn zone_name(&self, z: Zone) -> String {
        match z {
            Zone::Base(p) => format!("{}'s base", self.player_name(p)),
            Zone::Battlefield(b) => self.bf_name(b).to_string(),
            Zone::Facedown(b) => format!("the facedown zone of {}", self.bf_name(b)),
            other => format!(
                "{} of {}",
                other.kind_name(),
                other
                    .player()
                    .map(|p| self.player_name(p).to_string())
                    .unwrap_or_default()
            ),
        }
    }

    /// True when `u` has the given designation.
    pub(crate) fn has_designation(&self, u: ObjId, d: Designation) -> bool {
        self.objects[u.0].designation == Some(d)
    }
}

/// 427.3: in what the player of a unit does after an instruction banished it ("then its owner
/// plays it"), "it" is the card that instruction banished and "the same location" where it
/// was.
fn bind_banished(e: &mut Effect, card: ObjId, was: Zone) {
    if let Effect::PlayCard { to, .. } = e
        && *to == super::play::PlayTo::SameLocation
    {
        *to = super::play::PlayTo::At(was);
    }
    for t in super::choices::targets_mut(e) {
        if *t == Target::It {
            *t = Target::Object(card);
        }
    }
}

/// "spells", "units", "cards": what a "can't play … this turn" names.
pub(crate) fn cards_of(of: Option<CardType>) -> &'static str {
    match of {
        Some(CardType::Spell) => "spells",
        Some(CardType::Unit) => "units",
        Some(CardType::Gear) => "gear",
        _ => "cards",
    }
}

/// "the next spell A plays this turn costs 5 energy less", "the units A plays this turn
/// cost 1 energy more".
fn cost_change_text(who: &str, of: Option<CardType>, energy: i32, next: bool) -> String {
    let what = match of {
        Some(CardType::Spell) => "spell",
        Some(CardType::Unit) => "unit",
        Some(CardType::Gear) => "gear",
        _ => "card",
    };
    let dir = if energy < 0 { "less" } else { "more" };
    let n = energy.saturating_abs();
    if next {
        format!("the next {what} {who} plays this turn costs {n} energy {dir}")
    } else {
        let what = if what == "gear" {
            "gear".to_string()
        } else {
            format!("{what}s")
        };
        format!("the {what} {who} plays this turn cost {n} energy {dir}")
    }
}
