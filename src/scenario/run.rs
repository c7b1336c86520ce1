//! Running a scenario: build the game, start it, execute the script steps, answer
//! decisions from `choose` steps, and check expectations (mid-script checkpoints
//! and the final ones).
//!
//! Strict decisions: the engine takes a decision with a single legal option itself
//! (and traces it); a decision with several options must be answered by the next
//! script step being a `choose`, otherwise the run stops with an `undecided` error
//! naming the decision and listing its options (exit 2: the scenario is incomplete).
//!
//! Default passing: players pass priority and focus when the script has nothing for
//! them. Before a `move`, `end-turn` or `advance`, before a `choose` that has no
//! decision to answer yet, and at the end of the script, every player passes in turn
//! until the turn is neutral and open again (or a decision comes up). `effect`, `pass`
//! and `expect` steps act at the current moment without passing.

use super::build::{self, Built, Names};
use super::expect::{self, Failure};
use super::format::{self, Step};
use super::load::{ErrorKind, Scenario, ScenarioError};
use crate::engine::{Action, Answer, EngineError, Game, Status};
use serde_saphyr::{Location as Loc, Spanned};

/// What a run produced.
pub struct Outcome {
    /// The game as it ended (or stopped).
    pub game: Game,
    pub built: Built,
    /// Expectations checked, with their results.
    pub checked: Vec<expect::Checked>,
    /// The error that stopped the run, if any.
    pub error: Option<ScenarioError>,
}

impl Outcome {
    pub fn failures(&self) -> Vec<&Failure> {
        self.checked
            .iter()
            .filter_map(|c| c.failure.as_ref())
            .collect()
    }
}

/// Loads nothing: runs an already loaded scenario. A build error (unsupported ability,
/// …) is returned as `Err`; errors during the run stop it and are in `Outcome::error`.
pub fn run(s: &Scenario) -> Result<Outcome, ScenarioError> {
    let built = build::build(s)?;
    let mut r = Runner {
        s,
        game: built.game.clone(),
        built: &built,
        checked: Vec::new(),
    };
    let error = r.go().err();
    let Runner { game, checked, .. } = r;
    Ok(Outcome {
        game,
        built: built.clone(),
        checked,
        error,
    })
}

/// Stepwise running, for the REPL: the same rules as `run`, one step at a time, on a
/// game the caller keeps (and clones to go back).
pub mod stepwise {
    use super::*;

    /// Runs `f` on a runner that owns `game` for the time (moved in and back, never copied
    /// with its trace: a copy per REPL command was quadratic in a session's length); on an
    /// error `game` is restored as it was. Returns what `f` returns and the expectations
    /// checked.
    fn with_runner<T>(
        s: &Scenario,
        built: &Built,
        game: &mut Game,
        f: impl FnOnce(&mut Runner) -> Result<T, ScenarioError>,
    ) -> Result<(T, Vec<expect::Checked>), ScenarioError> {
        let saved = game.save();
        let owned = std::mem::replace(game, Game::new(saved.game().mode, &[], 0));
        let mut r = Runner {
            s,
            game: owned,
            built,
            checked: Vec::new(),
        };
        let out = f(&mut r);
        *game = r.game;
        match out {
            Ok(v) => Ok((v, r.checked)),
            Err(e) => {
                game.restore(saved);
                Err(e)
            }
        }
    }

    /// Starts the game (as `run` does before the first step).
    pub fn start(s: &Scenario, built: &Built, game: &mut Game) -> Result<(), ScenarioError> {
        with_runner(s, built, game, |r| {
            r.game.start().map_err(|e| r.engine_err(e, Loc::UNKNOWN))
        })
        .map(|_| ())
    }

    /// Runs `step` (the script's step number `i`, from 0, for messages) on `game`; on an
    /// error `game` is unchanged. Returns the expectations it checked.
    pub fn step(
        s: &Scenario,
        built: &Built,
        game: &mut Game,
        i: usize,
        step: &Spanned<Step>,
    ) -> Result<Vec<expect::Checked>, ScenarioError> {
        with_runner(s, built, game, |r| r.step(i, step)).map(|(_, checked)| checked)
    }

    /// The end of the script: every player passes, then the final expectations.
    pub fn finish(
        s: &Scenario,
        built: &Built,
        game: &mut Game,
    ) -> Result<Vec<expect::Checked>, ScenarioError> {
        with_runner(s, built, game, |r| {
            if r.game.pending_decision().is_none()
                && !matches!(r.game.status(), Status::Over { .. })
            {
                r.pass_all(Loc::UNKNOWN)?;
            }
            Ok(expect::check_all(s, built, &r.game, &s.file.expect, None))
        })
        .map(|(checked, _)| checked)
    }

    /// Answers the pending decision with option `n` (from 1).
    pub fn choose(game: &mut Game, n: usize) -> Result<(), EngineError> {
        let Some(d) = game.pending_decision().cloned() else {
            return Err(EngineError::NoDecision);
        };
        game.apply(Action::Choose {
            player: d.player,
            answer: Answer::Index(n.saturating_sub(1)),
        })
    }
}

struct Runner<'a> {
    s: &'a Scenario,
    game: Game,
    built: &'a Built,
    checked: Vec<expect::Checked>,
}

impl Runner<'_> {
    fn names(&self) -> Names<'_> {
        Names {
            scenario: self.s,
            built: Some(self.built),
            live: Some(&self.game),
            depth: 0,
        }
    }

    fn err(&self, kind: ErrorKind, loc: Loc, msg: impl Into<String>) -> ScenarioError {
        ScenarioError::at(kind, &self.s.path, loc, msg)
    }

    /// An engine error as a scenario error at the step that caused it.
    fn engine_err(&self, e: EngineError, loc: Loc) -> ScenarioError {
        match e {
            EngineError::Illegal { rule, message } => self
                .err(
                    ErrorKind::Illegal,
                    loc,
                    format!("illegal: {message} (rule {rule})"),
                )
                .with_rule(rule.id()),
            EngineError::Unsupported(m) => self.err(
                ErrorKind::Unsupported,
                loc,
                format!("not modeled by the engine: {m}"),
            ),
            EngineError::DecisionPending(d) => self.undecided(&d, loc),
            EngineError::BadAnswer { message, decision } => self
                .err(
                    ErrorKind::Illegal,
                    loc,
                    format!("{message}: {}", decision.prompt),
                )
                .hint(options_hint(&decision)),
            EngineError::NoDecision => self.err(
                ErrorKind::UnusedChoice,
                loc,
                "this choose step answers nothing: no decision is pending",
            ),
            EngineError::Limit(m) => self.err(ErrorKind::Unsupported, loc, m),
            EngineError::GameOver => self.err(
                ErrorKind::Illegal,
                loc,
                "the game is over (323.1): no further steps can be taken",
            ),
        }
    }

    fn undecided(&self, d: &crate::engine::Decision, loc: Loc) -> ScenarioError {
        self.err(
            ErrorKind::Undecided,
            loc,
            format!(
                "{} must decide: {} ({}); the script does not say — add a {} step",
                self.game.player_name(d.player),
                d.prompt,
                d.kind.name(),
                if d.kind == crate::engine::DecisionKind::Payment {
                    "pay"
                } else {
                    "choose"
                }
            ),
        )
        .hint(options_hint(d))
    }

    fn apply(&mut self, a: Action, loc: Loc) -> Result<(), ScenarioError> {
        self.game.apply(a).map_err(|e| self.engine_err(e, loc))
    }

    /// Every player passes until the turn is neutral and open (or a decision comes up).
    fn pass_all(&mut self, loc: Loc) -> Result<(), ScenarioError> {
        if matches!(self.game.status(), Status::Priority { .. }) {
            self.apply(Action::PassAll, loc)?;
        }
        Ok(())
    }

    /// A decision is pending and the next step that acts (after any `expect`
    /// checkpoints) is not a `choose`: stop.
    fn no_open_decision(&self, rest: &[Spanned<Step>], loc: Loc) -> Result<(), ScenarioError> {
        // looked for only with a decision pending: a scan per step of a long script of
        // checkpoints was quadratic (20,000 `expect` steps took 10 s)
        let Some(d) = self.game.pending_decision() else {
            return Ok(());
        };
        let next = rest.iter().find(|s| !matches!(s.value, Step::Expect(_)));
        if !matches!(
            next.map(|s| &s.value),
            Some(Step::Choose(_) | Step::Pay(_) | Step::Concede(_))
        ) {
            return Err(self.undecided(&d.clone(), loc));
        }
        Ok(())
    }

    fn go(&mut self) -> Result<(), ScenarioError> {
        let start = Loc::UNKNOWN;
        self.game.start().map_err(|e| self.engine_err(e, start))?;
        let steps = &self.s.file.script;
        self.no_open_decision(steps, start)?;
        for (i, step) in steps.iter().enumerate() {
            let loc = step.referenced;
            self.step(i, step)?;
            self.no_open_decision(&steps[i + 1..], loc)?;
        }
        // the end of the script is placed at its last step, or (no steps) at the first final
        // expectation, which is what the passing leads to
        let end = steps
            .last()
            .map(|s| s.referenced)
            .or_else(|| self.s.file.expect.first().map(|e| e.referenced))
            .unwrap_or(Loc::UNKNOWN);
        let at_end = |mut e: ScenarioError| {
            e.input
                .message
                .push_str(" (raised while every player passes at the end of the script)");
            e
        };
        if self.game.pending_decision().is_none()
            && !matches!(self.game.status(), Status::Over { .. })
        {
            self.pass_all(end).map_err(at_end)?;
        }
        if let Some(d) = self.game.pending_decision() {
            return Err(at_end(self.undecided(&d.clone(), end)));
        }
        let checked = expect::check_all(self.s, self.built, &self.game, &self.s.file.expect, None);
        self.checked.extend(checked);
        Ok(())
    }

    fn step(&mut self, i: usize, step: &Spanned<Step>) -> Result<(), ScenarioError> {
        let loc = step.referenced;
        let over = matches!(self.game.status(), Status::Over { .. });
        if over && !matches!(step.value, Step::Expect(_)) {
            return Err(self.engine_err(EngineError::GameOver, loc));
        }
        match &step.value {
            Step::Move(m) => {
                self.pass_all(loc)?;
                let names = self.names();
                let units = m
                    .units
                    .iter()
                    .map(|u| names.object(u))
                    .collect::<Result<Vec<_>, _>>()?;
                let to = names.location(&m.to)?;
                let player = match &m.player {
                    Some(p) => names.player_id(p)?,
                    None => expect::controller(&self.game, units[0]),
                };
                self.apply(Action::Move { player, units, to }, loc)?;
            }
            Step::Play(p) => {
                let names = self.names();
                let card = names.object(&p.card)?;
                let to = match &p.to {
                    Some(t) => Some(names.location(t)?),
                    None => None,
                };
                let player = match &p.player {
                    Some(pl) => names.player_id(pl)?,
                    None => self.game.object(card).owner,
                };
                self.apply(
                    Action::Play {
                        player,
                        card,
                        to,
                        payment: self.payment(p.pay.as_ref())?,
                    },
                    loc,
                )?;
                self.answer_targets(&p.targets, loc)?;
            }
            Step::Pass(p) => {
                let player = self.names().player_id(p)?;
                self.apply(Action::Pass { player }, loc)?;
            }
            Step::Hide(h) => {
                self.pass_all(loc)?;
                let names = self.names();
                let card = names.object(&h.card)?;
                let at = self.built.battlefields[names.battlefield(&h.at)?.0];
                let player = match &h.player {
                    Some(p) => names.player_id(p)?,
                    None => self.game.object(card).owner,
                };
                self.apply(
                    Action::Hide {
                        player,
                        card,
                        at,
                        payment: self.payment(h.pay.as_ref())?,
                    },
                    loc,
                )?;
            }
            Step::Activate(a) => {
                let names = self.names();
                let source = names.object(&a.source)?;
                let player = match &a.player {
                    Some(p) => names.player_id(p)?,
                    None => expect::controller(&self.game, source),
                };
                let ability = a.ability.unwrap_or(1).saturating_sub(1);
                self.apply(
                    Action::Activate {
                        player,
                        source,
                        ability,
                        payment: self.payment(a.pay.as_ref())?,
                    },
                    loc,
                )?;
                self.answer_targets(&a.targets, loc)?;
            }
            Step::Choose(c) => {
                if self.game.pending_decision().is_none() {
                    self.pass_all(loc)?;
                }
                let Some(d) = self.game.pending_decision().cloned() else {
                    return Err(self.err(
                        ErrorKind::UnusedChoice,
                        loc,
                        format!(
                            "step {}: this choose step answers nothing: no decision is pending",
                            i + 1
                        ),
                    ));
                };
                let answer = self.answer(c, &d, loc)?;
                let player = match &c.player {
                    Some(p) => self.names().player_id(p)?,
                    None => d.player,
                };
                self.apply(Action::Choose { player, answer }, loc)?;
            }
            Step::Pay(pay) => {
                let pending = self
                    .game
                    .pending_decision()
                    .filter(|d| d.kind == crate::engine::DecisionKind::Payment)
                    .map(|d| d.player);
                let Some(player) = pending else {
                    return Err(self.err(
                        ErrorKind::UnusedChoice,
                        loc,
                        format!(
                            "step {}: this pay step answers nothing: no payment is pending (name the runes in the play, activate or hide step with `pay:` to choose them)",
                            i + 1
                        ),
                    ));
                };
                let payment = self.payment(Some(pay))?.unwrap_or_default();
                self.apply(
                    Action::Choose {
                        player,
                        answer: Answer::Payment(payment),
                    },
                    loc,
                )?;
            }
            Step::Effect(e) => {
                let names = self.names();
                let effect = names.effect(e, loc)?;
                let source = match &e.source {
                    Some(n) => Some(names.object(n)?),
                    None => None,
                };
                let controller = match (&e.player, source) {
                    (Some(p), _) if e.gain_points.is_none() && e.gain_xp.is_none() => {
                        names.player_id(p)?
                    }
                    (_, Some(o)) => expect::controller(&self.game, o),
                    _ => self.game.turn.player,
                };
                self.apply(
                    Action::Effect {
                        controller,
                        source,
                        effect,
                    },
                    loc,
                )?;
            }
            Step::EndTurn => {
                self.pass_all(loc)?;
                let player = self.game.turn.player;
                self.apply(Action::EndTurn { player }, loc)?;
            }
            Step::Advance => {
                self.pass_all(loc)?;
            }
            Step::Concede(p) => {
                // 650: at any time — no one passes first
                let player = self.names().player_id(p)?;
                self.apply(Action::Concede { player }, loc)?;
            }
            Step::Expect(es) => {
                let checked = expect::check_all(self.s, self.built, &self.game, es, Some(i + 1));
                self.checked.extend(checked);
            }
        }
        Ok(())
    }

    /// The runes a `pay:` names (357.1.a).
    fn payment(
        &self,
        pay: Option<&format::PayStep>,
    ) -> Result<Option<crate::engine::Payment>, ScenarioError> {
        let Some(pay) = pay else {
            return Ok(None);
        };
        let names = self.names();
        let ids = |v: &[format::Name]| {
            v.iter()
                .map(|n| names.object(n))
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Some(crate::engine::Payment {
            exhaust: ids(&pay.exhaust)?,
            recycle: ids(&pay.recycle)?,
        }))
    }

    /// The `targets:` of a play or activate step answer, in order, the choices of targets it
    /// asks for at step 2 (355.5, 402.1).
    fn answer_targets(&mut self, targets: &[format::Name], loc: Loc) -> Result<(), ScenarioError> {
        for t in targets {
            let object = self.names().object(t)?;
            let pending = self
                .game
                .pending_decision()
                .filter(|d| d.kind == crate::engine::DecisionKind::Target)
                .map(|d| d.player);
            let Some(player) = pending else {
                return Err(self.err(
                    ErrorKind::UnusedChoice,
                    loc,
                    format!(
                        "the target {} answers nothing: no choice of a target is pending (the engine chose the only legal one, or there is nothing more to choose)",
                        t.value
                    ),
                ));
            };
            self.apply(
                Action::Choose {
                    player,
                    answer: Answer::Object(object),
                },
                loc,
            )?;
        }
        Ok(())
    }

    /// A `choose` step as the answer to the pending decision.
    fn answer(
        &self,
        c: &format::ChooseStep,
        d: &crate::engine::Decision,
        loc: Loc,
    ) -> Result<Answer, ScenarioError> {
        let names = self.names();
        if let Some(ad) = &c.assign_damage {
            let mut v = Vec::new();
            for (k, n) in &ad.value {
                let name = Spanned {
                    value: k.clone(),
                    referenced: ad.referenced,
                    defined: ad.defined,
                };
                v.push((names.object(&name)?, n.get()));
            }
            return Ok(Answer::Assignment(v));
        }
        if !c.order.is_empty() {
            let mut idx = Vec::new();
            for n in &c.order {
                let by_obj = names.object(n).ok();
                let pos = d.items.iter().enumerate().position(|(j, it)| {
                    !idx.contains(&j)
                        && (by_obj.is_some() && it.object == by_obj || it.label == n.value)
                });
                match pos {
                    Some(j) => idx.push(j),
                    None => {
                        return Err(self
                            .err(
                                ErrorKind::Illegal,
                                n.referenced,
                                format!(
                                    "\"{}\" is not one of the items to order: {}",
                                    n.value, d.prompt
                                ),
                            )
                            .hint(format!(
                                "items: {}",
                                d.items
                                    .iter()
                                    .map(|i| i.label.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )));
                    }
                }
            }
            return Ok(Answer::Order(idx));
        }
        if let Some(b) = &c.battlefield {
            return Ok(Answer::Battlefield(
                self.built.battlefields[names.battlefield(b)?.0],
            ));
        }
        if let Some(t) = &c.target {
            return Ok(Answer::Object(names.object(t)?));
        }
        if let Some(v) = &c.targets {
            return Ok(Answer::Group(
                v.iter()
                    .map(|t| names.object(t))
                    .collect::<Result<Vec<_>, _>>()?,
            ));
        }
        if let Some(m) = c.may {
            // yes or no answers a "you may" decision only: as the first option of a choice of
            // targets it would pick one the script never named
            if d.kind != crate::engine::DecisionKind::May {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc,
                        format!(
                            "may: {m} answers a \"you may\" decision, and the pending one is not: {}",
                            d.prompt
                        ),
                    )
                    .hint(options_hint(d)));
            }
            return Ok(Answer::Index(if m { 0 } else { 1 }));
        }
        if let Some(n) = c.option {
            if n == 0 || n > d.options.len() {
                return Err(self
                    .err(
                        ErrorKind::Illegal,
                        loc,
                        format!("option {n} does not exist: {}", d.prompt),
                    )
                    .hint(options_hint(d)));
            }
            return Ok(Answer::Index(n - 1));
        }
        Err(self.err(ErrorKind::InvalidValue, loc, "a choose step needs a choice"))
    }
}

/// "options: 1. …; 2. …" for an error's hint.
pub fn options_hint(d: &crate::engine::Decision) -> String {
    let mut s = String::from("legal options:");
    for (i, o) in d.options.iter().enumerate() {
        s.push_str(&format!("\n    {}. {}", i + 1, o.label));
    }
    if d.more > 0 {
        s.push_str(&format!("\n    … and {} more", d.more));
    }
    s
}
