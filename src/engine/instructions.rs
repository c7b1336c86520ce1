//! Instructions that depend on one another as a spell or ability resolves (359.3.e): linked
//! instructions — "You may kill a gear. If you do, buff me.", "Channel 1 rune exhausted. If
//! you can't, draw 1." — execute only if the earlier one did (359.3.e.14.a); conditional
//! instructions — "If it is stunned, kill it. Otherwise, stun it." — check their condition as
//! they execute (359.3.f.2).

use crate::cite;
use crate::engine::EngineError;
use crate::engine::actions::{Halt, R};
use crate::engine::objects::{Condition, Effect, Target};
use crate::engine::state::{Game, ObjId, PlayerId, Snapshot, Zone};
use crate::engine::trace::EventKind;

impl Game {
    /// "Counter a spell unless its controller pays [2]", "Deal 6 to it unless its controller
    /// has you draw 2": the controller of what `effect` chose, as it executes (359.3.f.1–2),
    /// makes the choice the instruction gives them (355.17: a choice not made at step 2 is
    /// made on resolution) — pay `energy` and `power`, or let `alternative` be done by the
    /// effect's controller — and then `effect` is not done. One who cannot pay, or declines,
    /// gets `effect`; with nothing chosen still legal, `effect` is done as it can be.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn unless(
        &mut self,
        effect: &Effect,
        energy: i32,
        power: &crate::engine::resources::Power,
        alternative: &[Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
    ) -> R<()> {
        let here = self.source_location(source, snap);
        let mut first = effect.clone();
        let chosen: Option<Target> = crate::engine::choices::targets_mut(&mut first)
            .first()
            .map(|t| (**t).clone());
        let object = match &chosen {
            Some(Target::Chosen {
                object,
                filter,
                stamp,
                ..
            }) if self.chosen_is_legal(*object, filter, *stamp, controller, here, source) => {
                Some(*object)
            }
            Some(Target::Object(o)) => Some(*o),
            _ => None,
        };
        let Some(o) = object else {
            return self.execute_effect(effect, controller, source, snap);
        };
        let p = self.controller(o);
        let what = self.describe_effect(effect, source);
        let src = source
            .map_or("the effect", |s| self.obj_name(s))
            .to_string();
        let rules = vec![cite!("355.17"), cite!("359.3.f.2")];
        let yes = if alternative.is_empty() {
            let amount = crate::engine::resources::describe_amount(energy, power);
            match self.payment_ways(p, energy, power) {
                Err(lacking) => {
                    let t = format!(
                        "{} is {}'s: {} cannot pay {amount} ({lacking}), so \"{what}\" is done",
                        self.obj_name(o),
                        self.player_name(p),
                        self.player_name(p)
                    );
                    self.event(EventKind::Effect, rules.clone(), t, vec![o.0]);
                    false
                }
                Ok(_) => {
                    let d = super::decision::Decision::yes_no(
                        p,
                        format!(
                            "{} may pay {amount} so that {src} does not {what}",
                            self.player_name(p)
                        ),
                        rules.clone(),
                    );
                    let yes = self.decide(d)? == 0;
                    if yes {
                        self.pay(
                            p,
                            energy,
                            power,
                            &src,
                            cite!("355.17"),
                            None,
                            crate::engine::resources::Paying::Other,
                        )?;
                    }
                    yes
                }
            }
        } else {
            let instead = alternative
                .iter()
                .map(|e| self.describe_effect(e, source))
                .collect::<Vec<_>>()
                .join("; ");
            let d = super::decision::Decision::yes_no(
                p,
                format!(
                    "{} may choose this instead of {src}'s \"{what}\": {instead}",
                    self.player_name(p),
                ),
                rules.clone(),
            );
            self.decide(d)? == 0
        };
        if !yes {
            return self.execute_effect(effect, controller, source, snap);
        }
        let t = if alternative.is_empty() {
            format!(
                "{} paid, as {}'s controller, so \"{what}\" is not done",
                self.player_name(p),
                self.obj_name(o)
            )
        } else {
            format!(
                "{}, as {}'s controller, has {} do that instead, so \"{what}\" is not done",
                self.player_name(p),
                self.obj_name(o),
                self.player_name(controller)
            )
        };
        self.event(EventKind::Effect, rules, t, vec![o.0]);
        for e in alternative {
            self.execute_effect(e, controller, source, snap)?;
        }
        Ok(())
    }

    /// 359.3.e.14.a: `effect`, then `then` if it was done, `otherwise` if it was not.
    pub(crate) fn if_done(
        &mut self,
        effect: &Effect,
        then: &[Effect],
        otherwise: &[Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
    ) -> R<()> {
        let done = self.execute_done(effect, controller, source, snap)?;
        let name = source
            .map(|s| self.obj_name(s).to_string())
            .unwrap_or_else(|| "the effect".into());
        let branch = if done { then } else { otherwise };
        let (t, rule) = match (done, then.is_empty(), otherwise.is_empty()) {
            (true, false, _) => (
                "so the instructions linked to it execute",
                cite!("359.3.e.14"),
            ),
            (true, true, _) => (
                "so what the card says to do if it is not does not execute",
                cite!("359.3.e.14"),
            ),
            (false, _, false) => (
                "so what the card says to do if it is not executes",
                cite!("359.3.e.14"),
            ),
            (false, _, true) => (
                "so the instructions linked to it are ignored",
                cite!("359.3.e.14.a"),
            ),
        };
        // the instruction is not repeated: its own lines, with their rules, are above
        let t = format!(
            "{name}: the instruction before was {}done, {t}",
            if done { "" } else { "not " }
        );
        self.event(EventKind::Effect, vec![rule], t, vec![]);
        for e in branch {
            self.execute_effect(e, controller, source, snap)?;
        }
        Ok(())
    }

    /// Executes `e` and says whether it was done: a "you may" the controller accepted, an
    /// instruction whose targets were all still legal (359.3.e.6), a channel or discard that
    /// moved every card it names (an instruction followed only in part, 359.3.e.11, was not).
    fn execute_done(
        &mut self,
        e: &Effect,
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
    ) -> R<bool> {
        match e {
            Effect::May { effect } => {
                let what = self.describe_effect(effect, source);
                let d = super::decision::Decision::yes_no(
                    controller,
                    format!("{} may: {}", self.player_name(controller), what),
                    vec![cite!("355.17")],
                );
                if self.decide(d)? != 0 {
                    return Ok(false);
                }
                self.execute_done(effect, controller, source, snap)
            }
            Effect::Channel { player, count, .. }
            | Effect::Discard {
                player,
                amount: count,
            } => {
                let zone = |p: PlayerId| match e {
                    Effect::Channel { .. } => Zone::RuneDeck(p),
                    _ => Zone::Hand(p),
                };
                let players = self.players_of(player, controller);
                let before: Vec<usize> = players
                    .iter()
                    .map(|p| self.objects_in(zone(*p)).len())
                    .collect();
                self.execute_effect(e, controller, source, snap)?;
                let want = usize::try_from(*count).unwrap_or(0);
                Ok(players
                    .iter()
                    .zip(before)
                    .all(|(p, b)| b.saturating_sub(self.objects_in(zone(*p)).len()) >= want))
            }
            _ => {
                let mut c = e.clone();
                let targets: Vec<Target> = super::choices::targets_mut(&mut c)
                    .into_iter()
                    .map(|t| t.clone())
                    .collect();
                let here = self.source_location(source, snap);
                let mut done = !targets.is_empty();
                for t in &targets {
                    done &= match t {
                        Target::Me => source.is_some_and(|s| self.objects[s.0].zone.on_board()),
                        Target::Chosen {
                            object,
                            filter,
                            stamp,
                            ..
                        } => {
                            self.chosen_is_legal(*object, filter, *stamp, controller, here, source)
                        }
                        _ => {
                            return Err(Halt::Err(EngineError::Unsupported(format!(
                                "whether \"{}\" was done (an instruction of linked instructions, 359.3.e.14)",
                                self.describe_effect(e, source)
                            ))));
                        }
                    };
                }
                // 426.1.c, 423.1.a.1: buffing a unit that has a buff, or stunning one that is
                // stunned, changes nothing, and the instruction was not done (likewise
                // exhausting an exhausted unit or readying a ready one, 414, 415); the linked
                // instructions after it are ignored (359.3.e.14.a)
                let changes = matches!(
                    e,
                    Effect::Buff { .. }
                        | Effect::Stun { .. }
                        | Effect::Exhaust { .. }
                        | Effect::Ready { .. }
                );
                let affected: Vec<ObjId> = targets
                    .iter()
                    .filter_map(|t| match t {
                        Target::Me => source,
                        Target::Chosen { object, .. } => Some(*object),
                        _ => None,
                    })
                    .collect();
                let status = |g: &Self| -> Vec<(i32, bool, bool)> {
                    affected
                        .iter()
                        .map(|o| {
                            let x = &g.objects[o.0];
                            (x.buffs, x.stunned, x.exhausted)
                        })
                        .collect()
                };
                let before = status(self);
                self.execute_effect(e, controller, source, snap)?;
                if changes {
                    done &= before.iter().zip(status(self)).all(|(b, a)| *b != a);
                }
                Ok(done)
            }
        }
    }

    /// A conditional instruction: `effect` when `condition` holds as it executes (359.3.f.2),
    /// `otherwise` when it does not. A condition about a unit is checked for the unit `effect`
    /// affects; one about the controller or the card ("you paid the additional cost",
    /// 356.4.f.1) for them.
    pub(crate) fn if_condition(
        &mut self,
        condition: &Condition,
        effect: &Effect,
        otherwise: &[Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
    ) -> R<()> {
        let (holds, whose) =
            self.condition_as_it_executes(condition, effect, controller, source, snap)?;
        let mut rules = vec![cite!("359.3.f.2")];
        if *condition == Condition::AdditionalCostPaid {
            rules.push(cite!("356.4.f.1"));
        }
        let t = format!(
            "\"{}\" {} for {whose} as the instruction executes{}",
            condition.describe(),
            if holds { "holds" } else { "does not hold" },
            match (holds, otherwise.is_empty()) {
                (true, _) => String::new(),
                (false, true) => ": it does nothing".to_string(),
                (false, false) => ": what it says otherwise executes".to_string(),
            }
        );
        self.event(EventKind::Effect, rules, t, vec![]);
        if holds {
            self.execute_effect(effect, controller, source, snap)
        } else {
            for e in otherwise {
                self.execute_effect(e, controller, source, snap)?;
            }
            Ok(())
        }
    }
}
