//! Turn flow (314–317): the phases of the start of turn (awaken, beginning with its scoring
//! step, channel, draw), the main phase, and the ending phase with its expiration step.

use super::actions::{R, illegal};
use super::cleanup::Special;
use super::objects::Trigger;
use super::state::{Game, Phase, PlayerId};
use super::trace::{Cite, EventKind};
use crate::cite;

impl Game {
    /// 316.6: the turn player, with no more discretionary actions, ends the main phase;
    /// play proceeds to the ending phase.
    pub(crate) fn end_turn(&mut self, player: PlayerId) -> R<()> {
        if player != self.turn.player {
            return illegal(
                cite!("316.6"),
                format!(
                    "only the turn player ({}) can end the turn",
                    self.player_name(self.turn.player)
                ),
            );
        }
        if self.turn.phase != Phase::Main {
            return illegal(
                cite!("316.6"),
                "the turn can be ended only from the main phase",
            );
        }
        if !self.chain.is_empty() || self.showdown.is_some() || self.combat.is_some() {
            return illegal(
                cite!("305"),
                "the turn cannot end while the chain exists or a showdown or combat is in progress",
            );
        }
        let t = format!("{} ends their main phase", self.player_name(player));
        self.event(
            EventKind::Action,
            vec![cite!("316.6"), cite!("316.6.b")],
            t,
            vec![],
        );
        self.depth = 1;
        self.enter_phase(Phase::Ending, cite!("317"));
        Ok(())
    }

    fn enter_phase(&mut self, phase: Phase, rule: Cite) {
        self.turn.phase = phase;
        self.turn.step = 0;
        let t = format!(
            "{} phase of {}'s turn {}",
            phase.name(),
            self.player_name(self.turn.player),
            self.turn.number
        );
        self.event(EventKind::Turn, vec![rule], t, vec![]);
        self.make_outstanding(cite!("319.2"));
    }

    /// 335.3, 306: with no tasks and no chain outside the main phase, proceed to the next
    /// step or phase.
    pub(crate) fn next_step(&mut self) -> R<()> {
        let tp = self.turn.player;
        match (self.turn.phase, self.turn.step) {
            (Phase::Awaken, 0) => {
                // 315.1.b: the turn player readies all their game objects — on the board,
                // their legend in its Legend Zone included (107.4: a board zone; a legend
                // exhausts to pay "[Tap]" costs, 173.8)
                self.turn.step = 1;
                let ids: Vec<_> = self
                    .objects
                    .iter()
                    .filter(|o| {
                        o.zone.abilities_function() && o.exhausted && self.controller(o.id) == tp
                    })
                    .map(|o| o.id)
                    .collect();
                for u in &ids {
                    self.objects[u.0].exhausted = false;
                }
                if !ids.is_empty() {
                    let names: Vec<&str> = ids.iter().map(|u| self.obj_name(*u)).collect();
                    let t = format!("{} readies {}", self.player_name(tp), names.join(", "));
                    self.event(
                        EventKind::Turn,
                        vec![cite!("315.1.b"), cite!("415.1")],
                        t,
                        ids.iter().map(|u| u.0).collect(),
                    );
                    // 383.1: "when I become ready" / "when you ready a friendly unit"
                    let batch = self.ready_triggers(&ids, tp);
                    self.place_triggers(batch, vec![cite!("315.1.b")], false)?;
                }
            }
            // 335.2: what the phase's task made pending is played and resolved before the
            // next phase begins
            (Phase::Awaken, _) => self.enter_phase(Phase::Beginning, cite!("315.2")),
            (Phase::Beginning, 0) => {
                // 315.2.a.1: start-of-beginning-phase effects (Temporary 816.1.b: before scoring)
                self.turn.step = 1;
                self.disqualify_teammates_battlefields();
                let mut batch = Vec::new();
                let ids: Vec<_> = self
                    .objects
                    .iter()
                    .filter(|o| o.zone.abilities_function() && self.controller(o.id) == tp)
                    .map(|o| o.id)
                    .collect();
                for u in ids {
                    batch.extend(self.collect_triggers(u, &Trigger::StartOfBeginningPhase, None));
                }
                // battlefields' "at the start of each player's Beginning Phase" (187.6)
                for b in 0..self.battlefields.len() {
                    batch.extend(self.collect_bf_triggers(
                        super::state::BfId(b),
                        &Trigger::EachBeginningPhase,
                        tp,
                    ));
                }
                self.place_triggers(batch, vec![cite!("315.2.a.1")], false)?;
            }
            (Phase::Beginning, 1) => {
                // 315.2.b: scoring step
                self.turn.step = 2;
                let t = format!(
                    "scoring step: {} holds the battlefields they control",
                    self.player_name(tp)
                );
                self.event(
                    EventKind::Turn,
                    vec![cite!("315.2.b"), cite!("315.2.b.2")],
                    t,
                    vec![],
                );
                self.hold_all()?;
            }
            // 335.2: a hold ability (383.4.d) is played and resolves in the beginning phase,
            // before the channel phase begins
            (Phase::Beginning, _) => self.enter_phase(Phase::Channel, cite!("315.3")),
            (Phase::Channel, 0) => {
                self.turn.step = 1;
                // 315.3.b: channel 2 runes (as many as possible, 315.3.b.1); 478.7: one
                // more in the first Channel Phase of the player the First Turn Process names
                let (n, first_turn) = self.runes_to_channel(tp);
                // 002: "players only channel 1 rune" of a unit at a battlefield
                let n = match self.channel_limited_by() {
                    Some(by) if n > 1 => {
                        let t = format!(
                            "{by}: {} only channels 1 rune this Channel Phase",
                            self.player_name(tp)
                        );
                        self.event(
                            EventKind::Turn,
                            vec![cite!("002"), cite!("315.3.b"), cite!("430.1")],
                            t,
                            vec![],
                        );
                        1
                    }
                    _ => n,
                };
                if let Some(rule) = first_turn {
                    let t = format!(
                        "First Turn Process: {} is to channel an extra rune in their first Channel Phase",
                        self.player_name(tp)
                    );
                    self.event(EventKind::Turn, vec![rule], t, vec![]);
                }
                self.channel(tp, n, false, vec![cite!("315.3.b"), cite!("430.1")]);
            }
            (Phase::Channel, _) => self.enter_phase(Phase::Draw, cite!("315.4")),
            (Phase::Draw, 0) => {
                self.turn.step = 1;
                // 315.4.b: draw 1 (478.7: not in the First Player's first Draw Phase where
                // the First Turn Process says so); 315.4.d: rune pools empty
                if let Some(rule) = self.skips_first_draw(tp) {
                    let t = format!(
                        "First Turn Process: {} goes first and does not draw in their first Draw Phase",
                        self.player_name(tp)
                    );
                    self.event(EventKind::Turn, vec![rule], t, vec![]);
                } else {
                    self.draw(tp)?;
                }
                for i in 0..self.players.len() {
                    if self.players[i].energy != 0
                        || !self.players[i].power.is_zero()
                        || !self.players[i].restricted.is_empty()
                    {
                        self.players[i].energy = 0;
                        self.players[i].power = Default::default();
                        self.players[i].restricted.clear();
                        let t = format!("{}'s rune pool empties", self.players[i].name);
                        self.event(EventKind::Turn, vec![cite!("315.4.d")], t, vec![]);
                    }
                }
            }
            (Phase::Draw, _) => self.enter_phase(Phase::Main, cite!("316.1")),
            (Phase::Main, _) => {}
            (Phase::Ending, 0) => {
                // 317.1: ending step: "at the end of your turn" effects (317.1.a)
                self.turn.step = 1;
                self.event(
                    EventKind::Turn,
                    vec![cite!("317.1")],
                    "ending step".into(),
                    vec![],
                );
                let ids: Vec<_> = self
                    .objects
                    .iter()
                    .filter(|o| o.zone.abilities_function() && self.controller(o.id) == tp)
                    .map(|o| o.id)
                    .collect();
                let mut batch = Vec::new();
                for u in ids {
                    batch.extend(self.collect_triggers(u, &Trigger::EndOfTurn, None));
                }
                // 390.2: delayed abilities created "at the end of this turn"
                batch.extend(self.delayed_at_end_of_turn());
                self.place_triggers(batch, vec![cite!("317.1.a")], false)?;
            }
            (Phase::Ending, 1) => {
                // 317.2: expiration step with its special cleanup
                self.turn.step = 2;
                self.fepr_happened = false;
                self.event(
                    EventKind::Turn,
                    vec![cite!("317.2")],
                    "expiration step".into(),
                    vec![],
                );
                self.cleanup(vec![cite!("317.2.a")], Special::Ending)?;
            }
            (Phase::Ending, _) => {
                if self.fepr_happened {
                    // 317.2.f: items underwent FEPR: return to the start of the expiration step
                    self.turn.step = 1;
                    self.event(
                        EventKind::Turn,
                        vec![cite!("317.2.f")],
                        "items underwent FEPR: back to the start of the expiration step".into(),
                        vec![],
                    );
                    return Ok(());
                }
                // 317.3: the next player becomes the turn player (736–737: a queued
                // Additional Turn first, then the Turn Order)
                let (next, additional) = self.next_turn();
                self.begin_turn(next, additional, cite!("317.3"));
            }
        }
        Ok(())
    }

    /// 317.3 (or 652.5.a.1, the turn player removed): `next` becomes the turn player, on an
    /// Additional Turn if `additional` (737); what counts "this turn" starts again, and the
    /// new turn begins with its awaken phase (315.1).
    pub(crate) fn begin_turn(&mut self, next: PlayerId, additional: bool, rule: Cite) {
        let was_additional = self.turn.additional;
        self.turn.player = next;
        self.turn.number = self.turn.number.saturating_add(1);
        self.turn.additional = additional;
        self.turn.step = 0;
        if !additional {
            self.turn.order = next;
        }
        // 478.7: the player's own turns are counted ("their third turn")
        let begun = &mut self.players[next.0].turns_begun;
        *begun = begun.saturating_add(1);
        for p in self.players.iter_mut() {
            p.played_this_turn.clear();
            p.played_before_setup = 0;
            p.units_enter_ready_this_turn = false;
            p.units_died_this_turn = 0;
            p.units_died_beginning_phase = 0;
            p.discarded_this_turn = 0;
            p.drawn_this_turn = 0;
            p.cards_played_this_turn = 0;
            p.xp_gained_this_turn = 0;
            p.cost_changes_this_turn.clear();
            p.cant_play_this_turn.clear();
            p.power_spent_this_turn = 0;
            p.most_energy_for_a_spell_this_turn = 0;
        }
        for b in self.battlefields.iter_mut() {
            b.scored_this_turn.clear();
            b.disqualified_this_turn = false;
        }
        // only the objects that moved or triggered are changed (and so journaled)
        for i in 0..self.objects.len() {
            let o = &self.objects[i];
            if o.moves_this_turn != 0 || !o.triggers_this_turn.is_empty() {
                let o = &mut self.objects[i];
                o.moves_this_turn = 0;
                o.triggers_this_turn.clear();
            }
        }
        let number = self.turn.number;
        let name = self.player_name(next).to_string();
        if additional {
            let t = format!("{name} takes their Additional Turn (turn {number})");
            self.event(EventKind::Turn, vec![rule, cite!("737")], t, vec![]);
        } else if was_additional {
            let t = format!(
                "the queued turns are taken; the Turn Order proceeds: {name} becomes the turn player (turn {number})"
            );
            self.event(EventKind::Turn, vec![rule, cite!("737")], t, vec![]);
        } else {
            let t = format!("{name} becomes the turn player (turn {number})");
            self.event(EventKind::Turn, vec![rule], t, vec![]);
        }
        self.enter_phase(Phase::Awaken, cite!("315.1"));
    }
}
