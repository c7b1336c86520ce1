//! Modes of Play (476–484): each mode's variables (478: number and formation of players,
//! Victory Score, Battlefield Count, set-up, format, First Turn Process) and the 2v2 team
//! rules (484.5.c, 484.6, 484.8). The 2026-03-30 rules leave the Victory Scores and
//! Battlefield Counts blank (480.3, 480.4, …); the values are the older web edition's
//! (001's 458.3–462.4: 8, or 11 for 2v2; 2 battlefields in 1v1, 3 otherwise).

use super::state::{Game, PlayerId};
use super::trace::{Cite, EventKind};
use crate::cite;
use serde::Serialize;

/// Modes of play (479–484): players, teams, victory score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Duel,
    Match,
    Skirmish,
    War,
    MagmaChamber,
}

impl Mode {
    /// 478.3: the victory score: 8 for the 1v1 and free-for-all modes, 11 for 2v2 Magma
    /// Chamber.
    pub fn victory_score(&self) -> i32 {
        match self {
            Mode::MagmaChamber => 11,
            _ => 8,
        }
    }

    /// Parses "duel", "match", "skirmish", "war", "magma-chamber".
    pub fn parse(s: &str) -> Option<Mode> {
        Some(match s {
            "duel" => Mode::Duel,
            "match" => Mode::Match,
            "skirmish" => Mode::Skirmish,
            "war" => Mode::War,
            "magma-chamber" => Mode::MagmaChamber,
            _ => return None,
        })
    }

    pub const NAMES: &'static [&'static str] =
        &["duel", "match", "skirmish", "war", "magma-chamber"];

    /// 478.1: number of players the mode sets (match is a best-of duel; 2v2 has four).
    pub fn players(&self) -> usize {
        match self {
            Mode::Duel | Mode::Match => 2,
            Mode::Skirmish => 3,
            Mode::War | Mode::MagmaChamber => 4,
        }
    }

    /// 478.4: the Battlefield Count — 2 in 1v1, 3 in the others (483.4.b, 484.5.b: the first
    /// player's are not used).
    pub fn battlefield_count(&self) -> usize {
        match self {
            Mode::Duel | Mode::Match => 2,
            _ => 3,
        }
    }

    /// 478.2.a: players are on teams (484.2: 2v2, one teammate each).
    pub fn has_teams(&self) -> bool {
        matches!(self, Mode::MagmaChamber)
    }

    /// The mode's section (480–484).
    pub fn rule(&self) -> Cite {
        match self {
            Mode::Duel => cite!("480"),
            Mode::Match => cite!("481"),
            Mode::Skirmish => cite!("482"),
            Mode::War => cite!("483"),
            Mode::MagmaChamber => cite!("484"),
        }
    }

    /// 478.6: the mode's format — who wins, and what the win is worth.
    pub fn format_rule(&self) -> Cite {
        match self {
            Mode::Duel => cite!("480.6"),
            Mode::Match => cite!("481.6"),
            Mode::Skirmish => cite!("482.6"),
            Mode::War => cite!("483.6"),
            Mode::MagmaChamber => cite!("484.6"),
        }
    }

    /// What a victory wins in this mode (478.6): the match, or one game of a best of three.
    pub fn victory_wins(&self) -> &'static str {
        match self {
            Mode::Match => "the game (one Game Win of the best-of-three match)",
            _ => "the match (best of 1)",
        }
    }

    /// 481.6: the Game Wins that win a best-of-three match.
    pub const GAME_WINS_FOR_THE_MATCH: u32 = 2;

    /// 478.7: the First Turn Process's rule.
    pub fn first_turn_rule(&self) -> Cite {
        match self {
            Mode::Duel => cite!("480.7"),
            Mode::Match => cite!("481.7"),
            Mode::Skirmish => cite!("482.7"),
            Mode::War => cite!("483.7"),
            Mode::MagmaChamber => cite!("484.7"),
        }
    }

    /// 480.7, 481.7 / 482.7, 483.7, 484.7: the seat (0 = the First Player) that channels an
    /// extra rune in their first Channel Phase: the player going second in 1v1, the player
    /// going last otherwise.
    pub fn extra_rune_seat(&self) -> usize {
        match self {
            Mode::Duel | Mode::Match => 1,
            m => m.players() - 1,
        }
    }

    /// 482.7, 483.7, 484.7: the First Player does not draw in their first Draw Phase (not so
    /// in 1v1, 480.7, 481.7).
    pub fn first_player_skips_draw(&self) -> bool {
        !matches!(self, Mode::Duel | Mode::Match)
    }
}

impl Game {
    /// 478.7: which players have had their first Channel and Draw Phases, from the turn a game
    /// is set up at: those seated before the turn player, those whose seat's first turn
    /// (turn = seat + 1) is past, and the turn player once the phase is past; and how many
    /// turns each player has begun.
    pub(crate) fn settle_first_turns(&mut self) {
        use super::state::Phase;
        let (tp, number, phase) = (
            self.turn.player.0,
            self.turn.number as usize,
            self.turn.phase,
        );
        let past = |i: usize, ph: Phase| {
            let order = |p: Phase| Phase::NAMES.iter().position(|n| *n == p.name());
            i + 1 < number || i < tp || (i == tp && order(phase) > order(ph))
        };
        // the turns each seat has begun, the turn player's included: seat i's k-th turn is
        // turn k·n + i + 1 of the game (in seat order, 303.2.a)
        let n = self.players.len().max(1);
        let round = number.saturating_sub(1) / n + 1;
        for i in 0..self.players.len() {
            let begun = if number == 0 {
                0
            } else if i <= tp {
                round
            } else {
                round - 1
            };
            self.players[i].turns_begun = u32::try_from(begun).unwrap_or(u32::MAX);
        }
        for i in 0..self.players.len() {
            let (c, d) = (past(i, Phase::Channel), past(i, Phase::Draw));
            if self.players[i].first_channel_done != c || self.players[i].first_draw_done != d {
                let p = &mut self.players[i];
                p.first_channel_done = c;
                p.first_draw_done = d;
            }
        }
    }

    /// 478.7: the runes `p` channels in this Channel Phase: 2 (315.3.b), plus one in their
    /// first Channel Phase of the game if the mode's First Turn Process gives it to them.
    pub(crate) fn runes_to_channel(&mut self, p: PlayerId) -> (usize, Option<Cite>) {
        let first = !self.players[p.0].first_channel_done;
        if first {
            self.players[p.0].first_channel_done = true;
        }
        if first && p.0 == self.mode.extra_rune_seat() {
            (3, Some(self.mode.first_turn_rule()))
        } else {
            (2, None)
        }
    }

    /// 478.7: `p` skips the draw of this Draw Phase (their first of the game, as the First
    /// Player in a mode whose First Turn Process says so).
    pub(crate) fn skips_first_draw(&mut self, p: PlayerId) -> Option<Cite> {
        let first = !self.players[p.0].first_draw_done;
        if first {
            self.players[p.0].first_draw_done = true;
        }
        (first && p.0 == 0 && self.mode.first_player_skips_draw())
            .then(|| self.mode.first_turn_rule())
    }

    /// 484.6, 484.8.b: the points that count toward `p`'s victory: in a mode with teams their
    /// team's — the team scores, and the first team to reach the Victory Score wins — else
    /// their own.
    pub fn team_points(&self, p: PlayerId) -> i32 {
        self.players
            .iter()
            .filter(|q| q.id == p || self.teammates(p, q.id))
            .map(|q| q.points)
            .fold(0i32, i32::saturating_add)
    }

    /// The name a score is told under: "A" or, with teammates, "A's team (A and C)".
    pub(crate) fn scorer_name(&self, p: PlayerId) -> String {
        let mates: Vec<&str> = self
            .players
            .iter()
            .filter(|q| self.teammates(p, q.id))
            .map(|q| q.name.as_str())
            .collect();
        if mates.is_empty() {
            self.player_name(p).to_string()
        } else {
            format!(
                "{}'s team ({} and {})",
                self.player_name(p),
                self.player_name(p),
                mates.join(" and ")
            )
        }
    }

    /// 484.8.b: at the start of the turn's Beginning Phase, the battlefields the turn
    /// player's teammate controls are disqualified from being scored by their team this
    /// turn (and excepted from "every battlefield" for the Final Point, 484.8.f.1).
    pub(crate) fn disqualify_teammates_battlefields(&mut self) {
        let tp = self.turn.player;
        for i in 0..self.battlefields.len() {
            let Some(c) = self.battlefields[i].controller else {
                continue;
            };
            if !self.teammates(tp, c) {
                continue;
            }
            self.battlefields[i].disqualified_this_turn = true;
            let t = format!(
                "{} controls {} as {}'s Beginning Phase starts: their team cannot score it this turn",
                self.player_name(c),
                self.battlefields[i].name,
                self.player_name(tp)
            );
            self.event(EventKind::Score, vec![cite!("484.8.b")], t, vec![]);
        }
    }

    /// 740.1, 484.8.d: objects controlled by `a` and by `b` are friendly: one player, or
    /// teammates.
    pub fn friendly(&self, a: PlayerId, b: PlayerId) -> bool {
        a == b || self.teammates(a, b)
    }

    /// 484.2, 484.6.a: `a` and `b` are teammates (never in a mode without teams).
    pub fn teammates(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b
            && matches!(
                (self.players[a.0].team, self.players[b.0].team),
                (Some(x), Some(y)) if x == y
            )
    }
}
