//! Cleanups (318–324): made outstanding at the times of 319.1–319.8, they perform the tasks
//! of 323.1–323.14 in order and repeat until a cleanup changes nothing in the game's state
//! (322; [`State`] is what is weighed). No chain item resolves during a cleanup (320), and
//! none happens during resolution (321). Special cleanups insert steps: combat (461.1: 3c,
//! 3d) and end of turn (317.2: 2c, 2d, 2e); a repeat is a normal cleanup (324.2).

use super::actions::{EngineError, Halt, R};
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::{CardType, Designation, Duration, Trigger};
use super::state::{BfId, Game, ObjId, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

/// Which special cleanup (324) is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// 461.1: the combat cleanup.
    Combat,
    /// 317.2: the end-of-turn (expiration step) cleanup.
    Ending,
}

/// What happened at a time of 319 that made a cleanup outstanding, in words.
fn reason_text(why: Cite) -> &'static str {
    match why.0 {
        "319.1" => "the turn changed between open and closed",
        "319.2" => "the game moved to another phase",
        "319.3" => "a pending item was added to the chain",
        "319.4" => "a pending item became a legal item",
        "319.5" => "a chain item left the chain",
        "319.6" => "game objects entered or left the board",
        "319.7" => "the status of game objects changed",
        "319.8" => "a move was completed",
        "321.1" => "it waited for the resolution to end",
        "322" => "the previous cleanup changed the game",
        "461.1" => "combat cleanup",
        "347.3.a.1" => "the showdown ended",
        "317.2.a" => "end-of-turn cleanup",
        _ => "outstanding",
    }
}

impl Game {
    /// 318–324: performs a cleanup and its repeats.
    pub(crate) fn cleanup(&mut self, why: Vec<Cite>, special: Special) -> R<()> {
        let mut why = why;
        let mut special = special;
        let mut first = true;
        let mut after_special = false;
        // 321: no cleanup happens while a chain item resolves
        debug_assert!(!self.resolving, "321: a cleanup during resolution");
        let saved_depth = self.depth;
        self.in_cleanup = true;
        let mut rounds = 0usize;
        loop {
            // 322 repeats a cleanup that changed the game's state; a replacement that keeps a
            // unit from dying by changing something else each time (dealing it more damage)
            // changes it every time: bounded as the engine's other rounds are
            rounds += 1;
            if rounds > crate::limits::MAX_ROUNDS {
                self.in_cleanup = false;
                return Err(Halt::Err(EngineError::Limit(format!(
                    "the game did not come to rest after {} cleanups in a row: an endless \
                     loop of effects (the limit is {} rounds)",
                    crate::limits::MAX_ROUNDS,
                    crate::limits::MAX_ROUNDS
                ))));
            }
            self.depth = saved_depth;
            self.outstanding_cleanup.clear();
            let mark = self.trace.events.len();
            let mut rules = why.clone();
            if why.contains(&cite!("319.8")) {
                rules.push(cite!("448"));
            }
            rules.push(cite!("323"));
            match special {
                Special::Combat => rules.push(cite!("324.1")),
                Special::Ending => rules.push(cite!("324.1")),
                Special::None if !first => rules.push(cite!("324.2")),
                Special::None => {}
            }
            let title = match special {
                Special::Combat => "combat cleanup".to_string(),
                Special::Ending => "end-of-turn cleanup".to_string(),
                Special::None => format!(
                    "cleanup ({})",
                    why.iter()
                        .map(|c| reason_text(*c))
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
            };
            self.event(EventKind::Cleanup, rules, title, vec![]);
            self.depth = saved_depth + 1;
            if let Err(e) = self.note_mighty() {
                self.in_cleanup = false;
                return Err(e);
            }
            // 322: what changed is weighed in the game's state, not in what the tasks said:
            // a replaced death that changes nothing (414.1.c: exhausting an exhausted unit)
            // is said, and is no change
            let before = self.state();
            let r = self.cleanup_tasks(special);
            let changed = self.changed_since(before);
            if let Err(e) = r {
                self.in_cleanup = false;
                return Err(e);
            }
            // a repeat that changed nothing is not shown — except the normal cleanup that
            // follows a special one (324.2), shown so that it is seen to come before the
            // combat or the turn goes on
            if !changed && !first && !after_special {
                self.trace.events.truncate(mark);
            }
            if self.winner.is_some() || !changed {
                break;
            }
            // 322: a cleanup that changed the game is followed by another, a normal one (324.2)
            why = vec![cite!("322")];
            after_special = special != Special::None;
            special = Special::None;
            first = false;
        }
        self.depth = saved_depth;
        self.in_cleanup = false;
        self.outstanding_cleanup.clear();
        // 428.5.c: only the cleanup right after a resolution attributes its kills to it
        if !self.resolving {
            self.kill_by = None;
        }
        Ok(())
    }

    /// Units on the board that are Mighty (708: Might 5 or greater).
    pub(crate) fn mighty_units(&self, chars: &super::layers::Derived) -> Vec<super::state::ObjId> {
        self.objects
            .iter()
            .filter(|o| o.is_unit() && o.zone.on_board() && chars[o.id.0].might >= 5)
            .map(|o| o.id)
            .collect()
    }

    /// 709: traces units that became Mighty (or stopped being Mighty) since the last look,
    /// with the breakdown of their Might — Mighty decides conditional abilities. A unit that
    /// was on the board below 5 at the last look "becomes Mighty" (709): "When I become
    /// [Mighty]" and "When a unit you control becomes [Mighty]" trigger; one that entered
    /// the board Mighty since did not become Mighty.
    fn note_mighty(&mut self) -> R<()> {
        let chars = self.derived();
        let now = self.mighty_units(&chars);
        let new: Vec<_> = now
            .iter()
            .copied()
            .filter(|u| !self.mighty.contains(u))
            .collect();
        for u in new.iter() {
            // 709 is a change of Might from below 5: a unit that entered the board Mighty
            // since the last look is Mighty (708) without having become so
            let entered = self.objects[u.0].timestamp > self.mighty_look;
            let t = format!(
                "{} {}: {}",
                self.obj_name(*u),
                if entered {
                    "is Mighty as it enters the board"
                } else {
                    "becomes Mighty"
                },
                chars[u.0].describe()
            );
            let cites = if entered {
                vec![cite!("708")]
            } else {
                vec![cite!("709"), cite!("708")]
            };
            self.event(
                EventKind::Layer,
                [cites, chars[u.0].rules()].concat(),
                t,
                vec![u.0],
            );
        }
        let gone: Vec<_> = self
            .mighty
            .iter()
            .copied()
            .filter(|u| !now.contains(u) && self.objects[u.0].zone.on_board())
            .collect();
        for u in gone {
            let t = format!(
                "{} is no longer Mighty: {}",
                self.obj_name(u),
                chars[u.0].describe()
            );
            let rules = [vec![cite!("708")], chars[u.0].rules()].concat();
            self.event(EventKind::Layer, rules, t, vec![u.0]);
        }
        self.mighty = now;
        let mut batch = Vec::new();
        for u in new {
            if self.objects[u.0].timestamp > self.mighty_look {
                continue;
            }
            batch.extend(self.collect_triggers(u, &Trigger::BecomesMighty, None));
            let controller = self.controller(u);
            batch.extend(self.observer_triggers(
                &Trigger::YourUnitBecomesMighty,
                controller,
                Some(u),
                None,
            ));
        }
        self.mighty_look = self.clock;
        self.place_triggers(batch, vec![cite!("709")], false)
    }

    /// 323: the tasks of a cleanup, in order, with the special steps inserted.
    fn cleanup_tasks(&mut self, special: Special) -> R<()> {
        // 719.5: cards attached to a Top-Most Card that left the board have detached
        self.detach_from_departed();
        // 1. (323.1) victory
        if self.check_victory() {
            return Ok(());
        }
        // 2. (323.2) designations
        self.task_designations()?;
        if special == Special::Ending {
            // 317.2.b: 2c. Heal all units.
            self.heal_all(cite!("317.2.b"));
            // 423.1.a.2: stuns end as the ending phase begins
            self.end_stuns();
            // 317.2.c: 2d. All "this turn" effects expire simultaneously.
            let before = self.effects.len();
            self.effects.retain(|e| e.duration != Duration::ThisTurn);
            let n = before - self.effects.len();
            if n > 0 {
                let t = format!("{n} \"this turn\" effect(s) expire");
                self.event(EventKind::CleanupTask, vec![cite!("317.2.c")], t, vec![]);
            }
            self.expire_created(Duration::ThisTurn);
            // 317.2.d: 2e. Rune pools empty.
            for i in 0..self.players.len() {
                if self.players[i].energy != 0
                    || !self.players[i].power.is_zero()
                    || !self.players[i].restricted.is_empty()
                {
                    self.players[i].energy = 0;
                    self.players[i].power = Default::default();
                    self.players[i].restricted.clear();
                    let t = format!("{}'s rune pool empties", self.players[i].name);
                    self.event(EventKind::CleanupTask, vec![cite!("317.2.d")], t, vec![]);
                }
            }
        }
        // 3. (323.3) handle outstanding board state: 3a (323.4) Deathknell, 3b (323.5) kill
        self.task_lethal()?;
        if special == Special::Combat {
            // 461.1.a.1: 3c. Heal all units.
            self.heal_all(cite!("461.1.a.1"));
            // 461.1.a.2: 3d. Recall attackers present at the battlefield if defenders remain.
            if let Some(c) = self.combat.clone() {
                let here = self.units_at(Zone::Battlefield(c.battlefield));
                let defenders = here
                    .iter()
                    .any(|u| self.has_designation(*u, Designation::Defender));
                if defenders {
                    let attackers: Vec<super::state::ObjId> = here
                        .into_iter()
                        .filter(|u| self.has_designation(*u, Designation::Attacker))
                        .collect();
                    self.recall_units(&attackers, cite!("461.1.a.2"))?;
                }
            }
        }
        // 4. (323.6) empty battlefields become uncontrolled in an open state
        if self.chain.is_empty() {
            for b in 0..self.battlefields.len() {
                let bid = BfId(b);
                let busy = self.showdown.as_ref().is_some_and(|s| s.battlefield == bid)
                    || self.combat.as_ref().is_some_and(|c| c.battlefield == bid);
                if self.battlefields[b].controller.is_some()
                    && !busy
                    && self.units_at(Zone::Battlefield(bid)).is_empty()
                {
                    self.battlefields[b].controller = None;
                    let t = format!(
                        "{} has no units and becomes uncontrolled",
                        self.bf_name(bid)
                    );
                    self.event(
                        EventKind::CleanupTask,
                        vec![cite!("323.6"), cite!("187.4.c")],
                        t,
                        vec![],
                    );
                }
            }
        }
        // 5. (323.7) recall stray gear and permanents in other bases; remove hidden cards
        self.task_recall_strays();
        // 6–7. (323.8–323.10) stage showdowns and combats
        self.task_stage();
        // 8–9. (323.11–323.14) begin a showdown or combat
        self.task_begin()?;
        Ok(())
    }

    /// 323.1, 467: a player with points at least the victory score and more than any
    /// opponent wins; in a mode with teams, their team's points (484.6).
    fn check_victory(&mut self) -> bool {
        let vs = self.victory_score();
        for i in 0..self.players.len() {
            let p = &self.players[i];
            let pts = self.team_points(p.id);
            if p.lost || pts < vs {
                continue;
            }
            // a removed player (651.3) is no longer an opponent
            let more = self
                .players
                .iter()
                .filter(|q| !q.lost && self.opponents(p.id, q.id))
                .all(|q| self.team_points(q.id) < pts);
            if more {
                self.winner = Some(p.id);
                let id = p.id;
                let mut t = format!(
                    "{} has {} points (victory score {}) and more than any opponent: {} wins {}",
                    self.scorer_name(id),
                    pts,
                    vs,
                    p.name,
                    self.mode.victory_wins()
                );
                // 481.6: the winner of a game of a match earns one Game Win; the first to two
                // wins the match (the next game, with the game state reset, is not played here)
                if self.mode == super::modes::Mode::Match {
                    let p = &mut self.players[id.0];
                    p.game_wins = p.game_wins.saturating_add(1);
                    let n = p.game_wins;
                    let name = p.name.clone();
                    if n >= super::modes::Mode::GAME_WINS_FOR_THE_MATCH {
                        t.push_str(&format!(
                            "; it is {name}'s second Game Win: {name} wins the match"
                        ));
                    } else {
                        t.push_str(&format!(
                            "; {name} has {n} Game Win of the two that win the match: the players reset the game state and play again"
                        ));
                    }
                }
                let mut rules = vec![cite!("323.1"), cite!("467"), self.mode.format_rule()];
                // 484.6.a.3: teammates win together
                let mates: Vec<&str> = (0..self.players.len())
                    .filter(|&j| self.teammates(id, super::state::PlayerId(j)))
                    .map(|j| self.players[j].name.as_str())
                    .collect();
                if !mates.is_empty() {
                    t.push_str(&format!(", with their teammate {}", mates.join(", ")));
                    rules.push(cite!("484.6.a.3"));
                }
                self.event(EventKind::Score, rules, t, vec![]);
                return true;
            }
        }
        false
    }

    /// 323.2: designations follow controllers while a combat is in progress (323.2.a–c);
    /// a unit gaining a designation for the first time this combat triggers its attack or
    /// defend abilities (383.4.e–f, 459.2.b.3.a, 459.2.b.4.a).
    fn task_designations(&mut self) -> R<()> {
        let Some(c) = self.combat.clone() else {
            // no combat: no unit keeps a designation
            for i in 0..self.objects.len() {
                if self.objects[i].designation.is_some() {
                    self.objects[i].designation = None;
                    let t = format!(
                        "{} loses its designation (no combat)",
                        self.objects[i].def.name
                    );
                    self.event(EventKind::CleanupTask, vec![cite!("323.2.c")], t, vec![i]);
                }
            }
            return Ok(());
        };
        let mut batch = Vec::new();
        for i in 0..self.objects.len() {
            let o = &self.objects[i];
            if !o.is_unit() {
                continue;
            }
            let id = o.id;
            let at = o.zone == Zone::Battlefield(c.battlefield);
            let ctl = self.controller(id);
            let want = if !at {
                None
            } else if ctl == c.attacker {
                Some(Designation::Attacker)
            } else if ctl == c.defender {
                Some(Designation::Defender)
            } else {
                None
            };
            let cur = self.objects[i].designation;
            if cur == want {
                continue;
            }
            let rule = match (cur, want) {
                (_, None) => cite!("323.2.c"),
                (None, Some(_)) => cite!("323.2.a"),
                (Some(_), Some(_)) => cite!("323.2.b"),
            };
            self.objects[i].designation = want;
            let t = match want {
                Some(d) => format!(
                    "{} becomes {}",
                    self.obj_name(id),
                    if d == Designation::Attacker {
                        "an attacker"
                    } else {
                        "a defender"
                    }
                ),
                None => format!("{} loses its designation", self.obj_name(id)),
            };
            self.event(EventKind::CleanupTask, vec![rule], t, vec![i]);
            match want {
                Some(Designation::Attacker) if !self.objects[i].attack_checked => {
                    self.objects[i].attack_checked = true;
                    batch.extend(self.collect_triggers(id, &Trigger::Attacks, None));
                    batch.extend(self.designation_observers(id, true));
                }
                Some(Designation::Defender) if !self.objects[i].defend_checked => {
                    self.objects[i].defend_checked = true;
                    batch.extend(self.collect_triggers(id, &Trigger::Defends, None));
                    batch.extend(self.designation_observers(id, false));
                }
                _ => {}
            }
        }
        self.place_triggers(batch, vec![cite!("323.2")], false)
    }

    /// 323.3–323.5: units with non-zero damage at least their Might: those with Deathknell
    /// trigger first, noting their state (323.4, 808.1.d.3); then all are killed (323.5).
    fn task_lethal(&mut self) -> R<()> {
        let chars = self.derived();
        let lethal: Vec<_> = self
            .objects
            .iter()
            .filter(|o| {
                o.is_unit() && o.zone.on_board() && o.damage > 0 && o.damage >= chars[o.id.0].might
            })
            .map(|o| o.id)
            .collect();
        if lethal.is_empty() {
            return Ok(());
        }
        for &u in &lethal {
            let t = format!(
                "{} has lethal damage: {} damage, Might {}",
                self.obj_name(u),
                self.objects[u.0].damage,
                chars[u.0].might_text()
            );
            let mut rules = vec![cite!("323.5")];
            rules.extend(chars[u.0].rules());
            self.event(EventKind::Layer, rules, t, vec![u.0]);
        }
        // 369: replacement effects intercede; a replaced death is not a death (808.1.d.1)
        let lethal = self.replace_deaths(&lethal, cite!("323.5"))?;
        self.trigger_deathknells_with(&lethal, &chars, cite!("323.4"))?;
        for &u in &lethal {
            self.leave_board_to_trash(u, cite!("323.5"));
        }
        // 428.5.c: those the chain item that resolved just before dealt damage to are
        // killed by it
        let by: Vec<super::state::ObjId> = match &self.kill_by {
            Some(k) => lethal
                .into_iter()
                .filter(|u| k.damaged.contains(u))
                .collect(),
            None => Vec::new(),
        };
        if !by.is_empty() {
            self.killed_by(&by, cite!("428.5.c"))?;
        }
        Ok(())
    }

    /// 418: heal all units (special cleanup steps).
    fn heal_all(&mut self, why: Cite) {
        let hurt: Vec<usize> = (0..self.objects.len())
            .filter(|&i| self.objects[i].zone.on_board() && self.objects[i].damage > 0)
            .collect();
        for &i in &hurt {
            self.objects[i].damage = 0;
        }
        if !hurt.is_empty() {
            let names: Vec<&str> = hurt
                .iter()
                .map(|&i| self.objects[i].def.name.as_str())
                .collect();
            let t = format!("all units are healed ({})", names.join(", "));
            self.event(EventKind::CleanupTask, vec![why, cite!("418.1")], t, hurt);
        }
    }

    /// 323.7: recall unattached gear at battlefields (452.1) and permanents in bases other than
    /// their controller's; hidden cards at battlefields their controller does not control go
    /// to their owner's trash.
    fn task_recall_strays(&mut self) {
        for i in 0..self.objects.len() {
            let o = &self.objects[i];
            let id = o.id;
            match o.zone {
                Zone::Battlefield(_)
                    if o.def.card_type == CardType::Gear && o.attached_to.is_none() =>
                {
                    self.recall(id, vec![cite!("323.7"), cite!("452.1")]);
                }
                Zone::Base(p) if p != self.controller(id) => {
                    self.recall(id, vec![cite!("323.7")]);
                }
                Zone::Facedown(b)
                    if self.battlefields[b.0].controller != Some(self.controller(id)) =>
                {
                    let owner = o.owner;
                    self.objects[i].zone = Zone::Trash(owner);
                    let t = format!(
                        "hidden {} is removed from {} to its owner's trash",
                        self.obj_name(id),
                        self.bf_name(b)
                    );
                    self.event(EventKind::CleanupTask, vec![cite!("323.7")], t, vec![i]);
                }
                _ => {}
            }
        }
    }

    /// 323.8–323.10: showdowns are staged at contested battlefields (remaining staged while
    /// the contesting player has units there, 323.8.a); combats where units of two opposing
    /// players are present (323.9), unstaged when that stops before they open (323.10).
    fn task_stage(&mut self) {
        for b in 0..self.battlefields.len() {
            let bid = BfId(b);
            let open_here = self.showdown.as_ref().is_some_and(|s| s.battlefield == bid)
                || self.combat.as_ref().is_some_and(|c| c.battlefield == bid);
            let units = self.units_at(Zone::Battlefield(bid));
            let mut ctls: Vec<_> = units.iter().map(|u| self.controller(*u)).collect();
            ctls.sort();
            ctls.dedup();
            let opposing = ctls
                .iter()
                .any(|a| ctls.iter().any(|c| self.opponents(*a, *c)));
            let bf = &self.battlefields[b];
            let contester_present = bf.contested_by.is_some_and(|p| ctls.contains(&p));
            // showdown
            if bf.contested && !open_here && !bf.showdown_staged && contester_present {
                self.battlefields[b].showdown_staged = true;
                let t = format!("a showdown is staged at {}", self.bf_name(bid));
                self.event(EventKind::CleanupTask, vec![cite!("323.8")], t, vec![]);
            } else if bf.showdown_staged && !contester_present {
                self.battlefields[b].showdown_staged = false;
                let t = format!("the showdown at {} is no longer staged", self.bf_name(bid));
                self.event(EventKind::CleanupTask, vec![cite!("323.8.a")], t, vec![]);
            }
            let bf = &self.battlefields[b];
            let combat_here = self.combat.as_ref().is_some_and(|c| c.battlefield == bid);
            if bf.contested && opposing && !bf.combat_staged && !combat_here {
                self.battlefields[b].combat_staged = true;
                let t = format!("a combat is staged at {}", self.bf_name(bid));
                self.event(
                    EventKind::CleanupTask,
                    vec![cite!("323.9"), cite!("456")],
                    t,
                    vec![],
                );
            } else if bf.combat_staged && !opposing {
                self.battlefields[b].combat_staged = false;
                let t = format!(
                    "units of two opposing players are no longer at {}: the combat is no longer staged",
                    self.bf_name(bid)
                );
                self.event(
                    EventKind::CleanupTask,
                    vec![cite!("323.10"), cite!("456.2")],
                    t,
                    vec![],
                );
            }
        }
    }

    /// 323.11–323.14: in a neutral open state the turn player chooses a staged showdown to
    /// begin (323.11; as a combat showdown if a combat is staged there too, 323.12), else a
    /// staged combat (323.13, 456.1); in a showdown open state, a combat staged where a
    /// non-combat showdown is ongoing turns it into a combat showdown (323.14).
    fn task_begin(&mut self) -> R<()> {
        let neutral_open =
            self.showdown.is_none() && self.combat.is_none() && self.chain.is_empty();
        if neutral_open {
            let staged: Vec<BfId> = self
                .battlefields
                .iter()
                .filter(|b| b.showdown_staged)
                .map(|b| b.id)
                .collect();
            if !staged.is_empty() {
                let b = self.choose_bf(&staged, DecisionKind::ChooseShowdown, cite!("323.11"))?;
                return self.begin_showdown(b);
            }
            let staged: Vec<BfId> = self
                .battlefields
                .iter()
                .filter(|b| b.combat_staged)
                .map(|b| b.id)
                .collect();
            if !staged.is_empty() {
                let b = self.choose_bf(&staged, DecisionKind::ChooseCombat, cite!("323.13"))?;
                self.battlefields[b.0].combat_staged = false;
                return self.begin_combat(b, cite!("323.13"));
            }
            return Ok(());
        }
        if self.chain.is_empty()
            && let Some(s) = &self.showdown
            && !s.combat
            && self.battlefields[s.battlefield.0].combat_staged
        {
            let b = s.battlefield;
            self.battlefields[b.0].combat_staged = false;
            return self.begin_combat(b, cite!("323.14"));
        }
        Ok(())
    }

    fn choose_bf(&mut self, staged: &[BfId], kind: DecisionKind, why: Cite) -> R<BfId> {
        let tp = self.turn.player;
        let options = staged
            .iter()
            .map(|b| DecisionOption {
                label: self.bf_name(*b).to_string(),
                answer: Answer::Battlefield(*b),
            })
            .collect();
        let what = if kind == DecisionKind::ChooseShowdown {
            "showdown"
        } else {
            "combat"
        };
        let d = Decision {
            kind,
            player: tp,
            prompt: format!(
                "{} chooses where a staged {} begins",
                self.player_name(tp),
                what
            ),
            options,
            more: 0,
            items: vec![],
            rules: vec![why, cite!("456.1")],
        };
        let i = self.decide(d)?;
        Ok(staged[i])
    }
}

/// The game's state as 322 weighs it ("repeating until a Cleanup occurs with no new change
/// in the game's state"): everything the rules and the later steps read, as values. Left
/// out: the trace (what happened, not what is), the clock and fresh ids (they count what
/// happened), the 319 times noted outstanding (the changes that noted them are compared
/// themselves), the answers queued for the action's decisions (the players' input), an
/// action suspended at a decision (a decision without an answer ends the cleanup before it
/// is weighed) and the engine's own bookkeeping (trace depth, caches). The objects, players,
/// battlefields, chain and continuous effects are not copied here but watched (see
/// [`Game::state`]).
pub(crate) struct State {
    mode: super::modes::Mode,
    turn: super::state::Turn,
    showdown: Option<super::state::Showdown>,
    combat: Option<super::state::Combat>,
    priority: Option<PlayerId>,
    focus: Option<PlayerId>,
    winner: Option<PlayerId>,
    additional_turns: Vec<PlayerId>,
    rng: u64,
    chain_passes: usize,
    chain_by_trigger: bool,
    combat_chain: bool,
    decision: Option<Decision>,
    in_cleanup: bool,
    resolving: bool,
    legal_as_resolving: Vec<(ObjId, u64, bool)>,
    /// 428.5: set and extended only while a chain item resolves, never during a cleanup
    /// (320, 321), so not copied for the weighing; debug builds check that it holds.
    #[cfg(debug_assertions)]
    kill_by: Option<super::state::KillBy>,
    replacements_spent: Vec<(ObjId, usize, u32)>,
    replacements_applied: Vec<super::abilities::replacement::RepKey>,
    created_replacements: Vec<super::abilities::replacement::CreatedReplacement>,
    delayed: Vec<super::abilities::delayed::Delayed>,
    /// 709: looked at as the cleanup begins, before its tasks, never by them: likewise.
    #[cfg(debug_assertions)]
    mighty: Vec<ObjId>,
    priority_due: Option<super::chain::PriorityDue>,
    restrict_choices: Option<Zone>,
}

impl Game {
    /// The game's state as 322 weighs it, to be compared by
    /// [`changed_since`](Self::changed_since): a copy of the small fields; the objects,
    /// players, battlefields, chain and continuous effects (the bulk of it, and what
    /// allocates) are watched instead — the first change to an object, or to one of the
    /// others, from now on saves its old value ([`Journaled::watch`], [`Tracked::watch`]),
    /// so that a cleanup that changes nothing copies nothing of them. The destructuring
    /// makes a new field of [`Game`] a compile error here until it is weighed or said to be
    /// left out.
    ///
    /// [`Journaled::watch`]: super::tracked::Journaled::watch
    /// [`Tracked::watch`]: super::tracked::Tracked::watch
    pub(crate) fn state(&mut self) -> State {
        self.objects.watch();
        self.players.watch();
        self.battlefields.watch();
        self.chain.watch();
        self.effects.watch();
        let Game {
            mode,
            // watched above
            players: _,
            objects: _,
            battlefields: _,
            turn,
            chain: _,
            showdown,
            combat,
            priority,
            focus,
            winner,
            effects: _,
            additional_turns,
            trace: _,
            rng,
            clock: _,
            next_id: _,
            outstanding_cleanup: _,
            chain_passes,
            chain_by_trigger,
            combat_chain,
            answers: _,
            decision,
            suspended: _,
            in_cleanup,
            resolving,
            legal_as_resolving,
            kill_by,
            depth: _,
            // written (337.1, 317.2) but read by nothing
            fepr_happened: _,
            replacements_spent,
            replacements_applied,
            created_replacements,
            delayed,
            mighty,
            // a point of the clock, written before the cleanup's tasks
            mighty_look: _,
            priority_due,
            restrict_choices,
            derived: _,
        } = self;
        // not weighed in a release build (see [`State`])
        #[cfg(not(debug_assertions))]
        let _ = (kill_by, mighty);
        State {
            mode: *mode,
            turn: turn.clone(),
            showdown: showdown.clone(),
            combat: combat.clone(),
            priority: *priority,
            focus: *focus,
            winner: *winner,
            additional_turns: additional_turns.clone(),
            rng: *rng,
            chain_passes: *chain_passes,
            chain_by_trigger: *chain_by_trigger,
            combat_chain: *combat_chain,
            decision: decision.clone(),
            in_cleanup: *in_cleanup,
            resolving: *resolving,
            legal_as_resolving: legal_as_resolving.clone(),
            #[cfg(debug_assertions)]
            kill_by: kill_by.clone(),
            replacements_spent: replacements_spent.clone(),
            replacements_applied: replacements_applied.clone(),
            created_replacements: created_replacements.clone(),
            delayed: delayed.clone(),
            #[cfg(debug_assertions)]
            mighty: mighty.clone(),
            priority_due: priority_due.clone(),
            restrict_choices: *restrict_choices,
        }
    }

    /// Whether the game's state changed since `s` was taken (322: a cleanup "with no new
    /// change in the game's state" is the last), compared where it is, without a second
    /// copy; ends the objects' watch. The destructuring makes a field of [`State`] left
    /// uncompared a compile error.
    pub(crate) fn changed_since(&mut self, s: State) -> bool {
        // every watch ends, whatever the others say
        let watched = [
            self.objects.unchanged_since_watch(),
            self.players.unchanged_since_watch(),
            self.battlefields.unchanged_since_watch(),
            self.chain.unchanged_since_watch(),
            self.effects.unchanged_since_watch(),
        ];
        let State {
            mode,
            turn,
            showdown,
            combat,
            priority,
            focus,
            winner,
            additional_turns,
            rng,
            chain_passes,
            chain_by_trigger,
            combat_chain,
            decision,
            in_cleanup,
            resolving,
            legal_as_resolving,
            #[cfg(debug_assertions)]
            kill_by,
            replacements_spent,
            replacements_applied,
            created_replacements,
            delayed,
            #[cfg(debug_assertions)]
            mighty,
            priority_due,
            restrict_choices,
        } = s;
        // the cheap and the likely to change first
        #[cfg(debug_assertions)]
        {
            debug_assert!(
                self.kill_by == kill_by,
                "428.5: kills attributed during a cleanup"
            );
            debug_assert!(
                self.mighty == mighty,
                "709: Mighty looked at by a cleanup's tasks"
            );
        }
        let same = watched.iter().all(|same| *same)
            && self.rng == rng
            && self.winner == winner
            && self.chain_passes == chain_passes
            && self.mode == mode
            && self.turn == turn
            && self.showdown == showdown
            && self.combat == combat
            && self.priority == priority
            && self.focus == focus
            && self.additional_turns == additional_turns
            && self.chain_by_trigger == chain_by_trigger
            && self.combat_chain == combat_chain
            && self.decision == decision
            && self.in_cleanup == in_cleanup
            && self.resolving == resolving
            && self.legal_as_resolving == legal_as_resolving
            && self.replacements_spent == replacements_spent
            && self.replacements_applied == replacements_applied
            && self.created_replacements == created_replacements
            && self.delayed == delayed
            && self.priority_due == priority_due
            && self.restrict_choices == restrict_choices;
        !same
    }
}
