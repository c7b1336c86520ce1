//! Conceding (649–652): a player may concede at any time (650) and is removed from the game
//! (651) with their teammates (651.4, 484.6.a.1); with one player or one team left, it wins
//! (651.1); otherwise the Removal of a Player (652): their cards banished and removed, their
//! battlefield replaced by a token battlefield, their spells and abilities countered, and the
//! turn, focus and priority handed on.

use super::actions::{Action, EngineError, Halt, R, illegal};
use super::objects::Duration;
use super::state::{Game, PlayerId, Zone};
use super::trace::EventKind;
use crate::cite;

impl Game {
    /// 650, 651.3: `player` concedes while a decision is pending. When the decision is
    /// theirs and the action waiting on it is their own play of a card, activation of an
    /// ability or hiding, not yet finalized (steps 2–4: targets, modes, costs), they can no
    /// longer make that choice (651.3): the unfinished action is undone — nothing of it has
    /// taken effect, and what it would have put on the chain would be countered and removed
    /// with them anyway (652.3, 652.4) — and the concession proceeds from the state before
    /// it. When the decision is another player's, on such an unfinished action of theirs
    /// waiting on its first choice, the concession still happens at once (650): the action
    /// is set aside and returned, to be taken up again after the removal
    /// ([`Game::resume_after_concession`]). Any other pending decision still refuses the
    /// concession (the action waiting on it has partly happened).
    pub(crate) fn abandon_for_concession(
        &mut self,
        player: PlayerId,
    ) -> Result<Option<Resume>, EngineError> {
        let (Some(d), Some(s)) = (self.decision.as_ref(), self.suspended.as_deref()) else {
            return Ok(None);
        };
        let decider = d.player;
        use super::decision::DecisionKind as K;
        // step 2's choices (355.3, 355.5, 402.1) come before any cost is paid; a card's
        // payment (357.1.a) before anything is paid
        let choice = matches!(d.kind, K::Target | K::Mode);
        // nothing of the action has taken effect: the chain is as it was and the card has
        // not moved (the item goes on the chain after its choices, 355.5, 402.1)
        let untouched = self.chain.len() == s.before.chain.len();
        let (what, unfinished) = match &s.action {
            Action::Play {
                player: p, card, ..
            } if *p == decider => (
                format!("play of {}", self.obj_name(*card)),
                (choice || d.kind == K::Payment)
                    && untouched
                    && self.objects[card.0].zone == s.before.objects[card.0].zone,
            ),
            Action::Activate {
                player: p, source, ..
            } if *p == decider => (
                format!("activation of {}'s ability", self.obj_name(*source)),
                choice && untouched,
            ),
            Action::Hide {
                player: p, card, ..
            } if *p == decider => (
                format!("hiding of {}", self.obj_name(*card)),
                d.kind == K::Payment && self.objects[card.0].zone == s.before.objects[card.0].zone,
            ),
            _ => (String::new(), false),
        };
        // another's action is taken up again from the start: only while none of its choices
        // was made yet (an answer is an index among options the removal may change)
        let resumable = decider == player || s.answers.is_empty();
        if !unfinished || !resumable {
            return Err(EngineError::Unsupported(format!(
                "650: {} concedes while {} decision is pending ({}); only a concession during the player's own unfinished play, activation or hiding, or during another player's waiting on its first choice, is modelled",
                self.player_name(player),
                if d.player == player {
                    "their own".to_string()
                } else {
                    format!("{}'s", self.player_name(d.player))
                },
                d.prompt
            )));
        }
        let action = s.action.clone();
        let s = self.suspended.take().map(|s| s.before);
        let Some(before) = s else { return Ok(None) };
        let trace = std::mem::take(&mut self.trace);
        *self = *before;
        self.trace = trace;
        self.decision = None;
        self.suspended = None;
        if decider != player {
            let t = format!(
                "{} concedes while {}'s {what} waits on {}'s choice: the concession takes effect at once; the unfinished {what} is set aside and taken up again after it",
                self.player_name(player),
                self.player_name(decider),
                self.player_name(decider)
            );
            self.depth = 1;
            self.event(EventKind::Action, vec![cite!("650")], t, vec![]);
            self.depth = 0;
            return Ok(Some(Resume {
                player: decider,
                what,
                action,
            }));
        }
        let t = format!(
            "{} concedes before making the choice their {what} waits on: they can no longer make it, so the unfinished {what} is undone",
            self.player_name(player)
        );
        self.depth = 1;
        self.event(EventKind::Action, vec![cite!("651.3")], t, vec![]);
        self.depth = 0;
        Ok(None)
    }

    /// 650, 651.3, 358.4: after a concession made while another player's play, activation
    /// or hiding waited on its first choice, that action is taken up again from the state the
    /// removal left — only the removed player no longer makes choices (651.3), so the choice
    /// is offered among the options that remain (taken at once when one remains). When it
    /// can no longer be made (no legal option, a cost no longer payable), the actions taken
    /// are undone and it is cancelled (358.4). When the game ended with the concession, or
    /// the player was removed with it (a teammate, 651.4), it is not taken up again.
    pub(crate) fn resume_after_concession(&mut self, r: Resume) -> Result<(), EngineError> {
        let who = self.player_name(r.player).to_string();
        let gone = if self.winner.is_some() {
            Some((cite!("651.1"), "the game is over"))
        } else if self.players[r.player.0].lost {
            Some((cite!("651.4"), "they were removed from the game too"))
        } else {
            None
        };
        if let Some((rule, why)) = gone {
            let t = format!("{who}'s unfinished {} is not taken up again: {why}", r.what);
            self.depth = 1;
            self.event(EventKind::Action, vec![rule], t, vec![]);
            self.depth = 0;
            return Ok(());
        }
        let mark = self.trace.events.len();
        match self.apply(r.action) {
            Err(EngineError::Illegal { rule, message }) => {
                let t = format!(
                    "{who}'s {} can no longer be made after the concession ({message}, rule {rule}): the actions taken are undone and it is cancelled",
                    r.what
                );
                self.trace.events.truncate(mark);
                self.depth = 1;
                self.event(EventKind::Action, vec![cite!("358.4")], t, vec![]);
                self.depth = 0;
                Ok(())
            }
            other => other,
        }
    }

    /// 650, 651: `player` concedes.
    pub(crate) fn concede(&mut self, player: PlayerId) -> R<()> {
        if self.players[player.0].lost {
            return illegal(
                cite!("651.3"),
                format!(
                    "{} has already been removed from the game",
                    self.player_name(player)
                ),
            );
        }
        let t = format!(
            "{} concedes and is removed from the game",
            self.player_name(player)
        );
        self.event(
            EventKind::Action,
            vec![cite!("650"), cite!("651")],
            t,
            vec![],
        );
        self.depth = 1;
        let mut removed = vec![player];
        for i in 0..self.players.len() {
            let q = PlayerId(i);
            if self.teammates(player, q) && !self.players[i].lost {
                removed.push(q);
                let t = format!(
                    "{}, {}'s teammate, also loses and is removed from the game",
                    self.player_name(q),
                    self.player_name(player)
                );
                self.event(
                    EventKind::Score,
                    vec![cite!("651.4"), cite!("484.6.a.1")],
                    t,
                    vec![],
                );
            }
        }
        let remaining: Vec<PlayerId> = (0..self.players.len())
            .map(PlayerId)
            .filter(|q| !removed.contains(q) && !self.players[q.0].lost)
            .collect();
        // 651.1: one player (484.6.a: one team) remaining wins
        if let Some(&first) = remaining.first()
            && remaining
                .iter()
                .all(|&q| q == first || self.teammates(q, first))
        {
            for r in &removed {
                self.players[r.0].lost = true;
            }
            self.winner = Some(first);
            let names: Vec<&str> = remaining.iter().map(|q| self.player_name(*q)).collect();
            let (t, rules) = if remaining.len() == 1 {
                (
                    format!("{} is the only player remaining and wins", names[0]),
                    vec![cite!("651.1")],
                )
            } else {
                (
                    format!(
                        "{} are the only team remaining and win",
                        names.join(" and ")
                    ),
                    vec![cite!("651.1"), cite!("484.6.a.3")],
                )
            };
            self.event(EventKind::Score, rules, t, vec![]);
            return Ok(());
        }
        self.refuse_unmodelled_removal(&removed)?;
        // the players who passed in a row before the holder of priority or focus, counted
        // before anyone leaves (652.5.b.2, 652.5.c.2)
        let passed_before = |g: &Game, holder: Option<PlayerId>, passes: usize| -> Vec<PlayerId> {
            let mut v = Vec::new();
            let Some(h) = holder else { return v };
            let n = g.players.len();
            let mut i = h.0;
            while v.len() < passes {
                i = (i + n - 1) % n;
                if i == h.0 {
                    break;
                }
                if !g.players[i].lost {
                    v.push(PlayerId(i));
                }
            }
            v
        };
        let chain_passed = passed_before(self, self.priority, self.chain_passes);
        let focus_passed = passed_before(
            self,
            self.focus,
            self.showdown.as_ref().map_or(0, |s| s.passes),
        );
        for r in &removed {
            self.players[r.0].lost = true;
        }
        for &r in &removed {
            self.remove_player(r);
        }
        self.hand_on(&removed, &chain_passed, &focus_passed)
    }

    /// What the engine does not model of a removal is refused, not guessed: the turn player
    /// leaving mid-chain, mid-showdown or mid-combat (652.5.a.1 with an unfinished turn), a
    /// turn that would pass while something waits for its ending phase (what expires then,
    /// damage, stuns), a removed player in a combat, and battlefields whose contributor is
    /// not known (652.2).
    fn refuse_unmodelled_removal(&self, removed: &[PlayerId]) -> R<()> {
        let no = |m: String| Err(Halt::Err(EngineError::Unsupported(m)));
        let tp = self.turn.player;
        if removed.contains(&tp) {
            if !self.chain.is_empty() || self.showdown.is_some() || self.combat.is_some() {
                return no("652.5.a.1: the turn player leaving with a chain, showdown or combat in progress is not modelled".into());
            }
            let this_turn = self
                .effects
                .iter()
                .any(|e| e.duration != Duration::Permanent)
                || self
                    .created_replacements
                    .iter()
                    .any(|c| c.duration != Duration::Permanent)
                || self
                    .delayed
                    .iter()
                    .any(|d| d.duration != Duration::Permanent)
                || self
                    .objects
                    .iter()
                    .any(|o| o.zone.on_board() && (o.damage > 0 || o.stunned));
            if this_turn {
                return no("652.5.a.1: the turn passes to the next player without an ending phase; what would expire or be removed then (\"this turn\" effects, damage, stuns) is not modelled".into());
            }
        }
        if let Some(c) = &self.combat
            && (removed.contains(&c.attacker) || removed.contains(&c.defender))
        {
            return no(format!(
                "652: removing {}, who is in the combat at {}, is not modelled",
                self.player_name(if removed.contains(&c.attacker) {
                    c.attacker
                } else {
                    c.defender
                }),
                self.bf_name(c.battlefield)
            ));
        }
        if let Some(b) = self.battlefields.iter().find(|b| b.owner.is_none()) {
            return no(format!(
                "652.2: which player contributed {} is not known (give the battlefield an `owner`)",
                b.name
            ));
        }
        Ok(())
    }

    /// 652.1–652.4: the cards of a removed player leave the game.
    fn remove_player(&mut self, p: PlayerId) {
        let name = self.player_name(p).to_string();
        // 652.1: permanents, runes and facedown cards they control or own are banished
        let on_board: Vec<_> = self
            .objects
            .iter()
            .filter(|o| {
                (o.zone.on_board() || matches!(o.zone, Zone::Facedown(_)))
                    && (o.owner == p || self.controller(o.id) == p)
            })
            .map(|o| o.id)
            .collect();
        if !on_board.is_empty() {
            let names: Vec<String> = on_board
                .iter()
                .map(|o| self.obj_name(*o).to_string())
                .collect();
            for &o in &on_board {
                let owner = self.objects[o.0].owner;
                self.leave_board(o, Zone::Banishment(owner));
            }
            let t = format!(
                "the permanents, runes and facedown cards {name} controls or owns are banished: {}",
                names.join(", ")
            );
            self.event(
                EventKind::Zone,
                vec![cite!("652.1")],
                t,
                on_board.iter().map(|o| o.0).collect(),
            );
            self.make_outstanding(cite!("319.6"));
        }
        // 652.2: the battlefield they contributed becomes a token battlefield with no abilities
        for i in 0..self.battlefields.len() {
            if self.battlefields[i].owner == Some(p) {
                // 652.2.c: a continuous effect it applied (a passive ability) ceases
                let had = self.battlefields[i].def.as_ref().is_some_and(|d| {
                    d.abilities
                        .iter()
                        .any(|a| matches!(a, super::objects::Ability::Passive(_)))
                });
                self.battlefields[i].def = None;
                self.battlefields[i].owner = None;
                let t = format!(
                    "{}, the battlefield {name} contributed, is removed and replaced by a token battlefield with no abilities (it keeps the name here); units and hidden cards there stay{}",
                    self.battlefields[i].name,
                    if had {
                        "; the continuous effects it applied cease"
                    } else {
                        ""
                    }
                );
                let mut rules = vec![cite!("652.2"), cite!("652.2.a"), cite!("652.2.b")];
                if had {
                    rules.push(cite!("652.2.c"));
                }
                self.event(EventKind::Zone, rules, t, vec![]);
            }
        }
        // 652.3: every card they own is removed from the game (not those on the chain: 652.4)
        let owned: Vec<_> = self
            .objects
            .iter()
            .filter(|o| o.owner == p && !matches!(o.zone, Zone::Gone | Zone::Chain))
            .map(|o| o.id)
            .collect();
        if !owned.is_empty() {
            for &o in &owned {
                self.objects[o.0].zone = Zone::Gone;
            }
            let t = format!(
                "the {} card(s) {name} owns are removed from the game",
                owned.len()
            );
            self.event(
                EventKind::Zone,
                vec![cite!("652.3")],
                t,
                owned.iter().map(|o| o.0).collect(),
            );
        }
        // 652.4: their spells and abilities on the chain are countered
        let mut i = 0;
        while i < self.chain.len() {
            if self.chain[i].controller != p {
                i += 1;
                continue;
            }
            let item = self.chain.remove(i);
            let mut rules = vec![cite!("652.4")];
            let mut t = format!(
                "{} ({name}'s) is countered and cleared from the chain",
                item.label
            );
            if let Some(c) = item.card {
                let owner = self.objects[c.0].owner;
                if owner == p {
                    // 652.3: a card they own leaves the game
                    self.objects[c.0].zone = Zone::Gone;
                    t.push_str(&format!("; the card, {name}'s, is removed from the game"));
                    rules.push(cite!("652.3"));
                } else {
                    // 425.1: a countered spell goes to its owner's trash
                    self.objects[c.0].zone = Zone::Trash(owner);
                    t.push_str(&format!(
                        "; the card goes to {}'s trash",
                        self.player_name(owner)
                    ));
                    rules.push(cite!("425.1"));
                }
            }
            self.event(EventKind::Chain, rules, t, vec![]);
            self.make_outstanding(cite!("319.5"));
        }
        // 651.3: they take no more turns
        self.additional_turns.retain(|q| *q != p);
    }

    /// 652.5: play proceeds — priority (652.5.c), focus (652.5.b) and the turn (652.5.a)
    /// handed on to the next player in order; all remaining having passed, the newest chain
    /// item resolves or the showdown ends.
    fn hand_on(
        &mut self,
        removed: &[PlayerId],
        chain_passed: &[PlayerId],
        focus_passed: &[PlayerId],
    ) -> R<()> {
        let active = self.players.iter().filter(|p| !p.lost).count();
        // passes by removed players no longer count
        let gone = |v: &[PlayerId]| v.iter().filter(|q| removed.contains(q)).count();
        self.chain_passes = self.chain_passes.saturating_sub(gone(chain_passed));
        if let Some(s) = self.showdown.as_mut() {
            s.passes = s.passes.saturating_sub(gone(focus_passed));
        }
        if let Some(h) = self.focus
            && removed.contains(&h)
            && self.showdown.is_some()
        {
            let next = self.next_player(h);
            self.focus = Some(next);
            let t = format!("{} receives focus", self.player_name(next));
            self.event(EventKind::Priority, vec![cite!("652.5.b.1")], t, vec![]);
            if self.chain.is_empty() {
                self.priority = Some(next);
                if self.showdown.as_ref().is_some_and(|s| s.passes >= active) {
                    self.event(
                        EventKind::Priority,
                        vec![cite!("652.5.b.2")],
                        "every remaining player has passed focus: the showdown ends".into(),
                        vec![],
                    );
                    return self.close_showdown();
                }
            }
        }
        if let Some(h) = self.priority
            && removed.contains(&h)
        {
            if !self.chain.is_empty() && self.chain_passes >= active {
                self.event(
                    EventKind::Priority,
                    vec![cite!("652.5.c.2")],
                    "every remaining player has passed priority: the newest chain item resolves"
                        .into(),
                    vec![],
                );
                return self.resolve_newest();
            }
            let next = self.next_player(h);
            self.priority = Some(next);
            let t = format!("{} receives priority", self.player_name(next));
            self.event(EventKind::Priority, vec![cite!("652.5.c.1")], t, vec![]);
        }
        if removed.contains(&self.turn.player) {
            let (next, additional) = self.next_turn();
            let t = format!(
                "{} was the turn player: play proceeds in Turn Order to {}",
                self.player_name(self.turn.player),
                self.player_name(next)
            );
            self.event(EventKind::Turn, vec![cite!("652.5.a.1")], t, vec![]);
            self.begin_turn(next, additional, cite!("652.5.a.1"));
        }
        Ok(())
    }
}

/// Another player's unfinished play, activation or hiding set aside by a concession (650),
/// to be taken up again after the removal.
pub(crate) struct Resume {
    pub player: PlayerId,
    /// "play of Shock".
    pub what: String,
    pub action: Action,
}
