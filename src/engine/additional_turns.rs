//! Additional Turns (734–738): "take a turn after this one" inserts a turn owned by that
//! player into the turn queue right after the current turn; the Turn Order itself does not
//! change, and once the queued turns are taken play returns to it.

use super::state::{Game, PlayerId};
use super::trace::EventKind;
use crate::cite;

impl Game {
    /// 735, 737, 738: `player` gets an Additional Turn. It is the next queued turn (737: its
    /// owner "just has the next queued turn"); one queued later goes before those queued
    /// earlier (738's second example: D's Time Warp resolves, then B's, and the queue reads
    /// A > B* > D* > B).
    pub(crate) fn queue_additional_turn(&mut self, player: PlayerId) {
        self.additional_turns.insert(0, player);
        let queue: Vec<String> = self
            .additional_turns
            .iter()
            .map(|p| format!("{}*", self.player_name(*p)))
            .collect();
        let t = format!(
            "{} will take an Additional Turn after this one (queued: {}; then {} in turn order)",
            self.player_name(player),
            queue.join(" > "),
            self.player_name(self.next_player(self.turn.order))
        );
        let mut rules = vec![cite!("735"), cite!("737")];
        if self.additional_turns.len() > 1 {
            rules.push(cite!("738"));
        }
        self.event(EventKind::Turn, rules, t, vec![]);
    }

    /// 317.3 with 736–737: who takes the next turn, and whether it is an Additional Turn.
    /// A queued Additional Turn comes first (737); otherwise the Turn Order proceeds from the
    /// player whose regular turn came last (736), skipping removed players (652.5.a.1).
    pub(crate) fn next_turn(&mut self) -> (PlayerId, bool) {
        while let Some(p) = self.additional_turns.first().copied() {
            self.additional_turns.remove(0);
            if !self.players[p.0].lost {
                return (p, true);
            }
        }
        (self.next_player(self.turn.order), false)
    }
}
