//! Scoring and victory (462–467): conquer and hold, once per battlefield per turn (465),
//! the winning point's restrictions (466.1.b); victory itself is checked at each cleanup
//! (323.1, 467, cleanup.rs).

use super::actions::R;
use super::objects::{Ability, ScoreKind, Trigger};
use super::state::{BfId, Game, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

impl Game {
    /// 187.4, 464.1.b: `p` establishes control of `b`, which stops being contested (187.3.b);
    /// a conquer follows if `p` has not scored `b` this turn (461.5.d, 348.2.a.1, 464.1).
    pub(crate) fn establish_control(
        &mut self,
        b: BfId,
        p: PlayerId,
        mut rules: Vec<Cite>,
    ) -> R<()> {
        self.battlefields[b.0].controller = Some(p);
        self.battlefields[b.0].contested = false;
        self.battlefields[b.0].contested_by = None;
        rules.push(cite!("187.3.b"));
        let t = format!(
            "{} establishes control of {}",
            self.player_name(p),
            self.bf_name(b)
        );
        self.event(EventKind::Control, rules, t, vec![]);
        self.make_outstanding(cite!("319.7"));
        if self.battlefields[b.0].scored_this_turn.contains(&p) {
            let t = format!(
                "{} already scored {} this turn: no conquer",
                self.player_name(p),
                self.bf_name(b)
            );
            self.event(
                EventKind::Score,
                vec![cite!("465"), cite!("464.1")],
                t,
                vec![],
            );
            return Ok(());
        }
        self.score(p, b, ScoreKind::Conquer)
    }

    /// 463–466: `p` scores `b` by conquer or hold: at most once per battlefield per turn
    /// (465); one point (466.1), except the winning point (466.1.b): a hold gains it
    /// (466.1.b.1); a conquer gains it only if `p` scored every battlefield this turn,
    /// otherwise `p` draws a card instead (466.1.b.2). Conquer and hold abilities trigger
    /// (383.4.c–d).
    pub(crate) fn score(&mut self, p: PlayerId, b: BfId, how: ScoreKind) -> R<()> {
        let (verb, rule) = match how {
            ScoreKind::Conquer => ("conquers", cite!("464.1")),
            ScoreKind::Hold => ("holds", cite!("464.2")),
        };
        if self.battlefields[b.0].scored_this_turn.contains(&p) {
            let t = format!(
                "{} already scored {} this turn and cannot score it again",
                self.player_name(p),
                self.bf_name(b)
            );
            self.event(EventKind::Score, vec![cite!("465")], t, vec![]);
            return Ok(());
        }
        // 484.8.b: a battlefield the turn player's teammate controlled as the Beginning
        // Phase started cannot be scored by their team this turn
        let ours = p == self.turn.player || self.teammates(p, self.turn.player);
        if self.battlefields[b.0].disqualified_this_turn && ours {
            let t = format!(
                "{} {} {}, but their teammate controlled it as the turn's Beginning Phase started: their team cannot score it this turn",
                self.player_name(p),
                verb,
                self.bf_name(b)
            );
            self.event(EventKind::Score, vec![rule, cite!("484.8.b")], t, vec![]);
            return Ok(());
        }
        // 054.1, 478.7: "Players can't score here until their third turn" forbids the point;
        // the conquer or hold effects still trigger (383.4.c.2.c, 383.4.d.2.c)
        let before = self.battlefields[b.0].def.as_ref().and_then(|d| {
            d.abilities.iter().find_map(|a| match a {
                Ability::NoScoreBeforeTurn(n) if self.players[p.0].turns_begun < *n => Some(*n),
                _ => None,
            })
        });
        if let Some(n) = before {
            let still = match how {
                ScoreKind::Conquer => cite!("383.4.c.2.c"),
                ScoreKind::Hold => cite!("383.4.d.2.c"),
            };
            let t = format!(
                "{} {} {}, but players can't score there until their turn {n} ({} has begun {}): no point is gained",
                self.player_name(p),
                verb,
                self.bf_name(b),
                self.player_name(p),
                self.players[p.0].turns_begun
            );
            self.event(
                EventKind::Score,
                vec![rule, cite!("054.1"), still],
                t,
                vec![],
            );
        } else {
            self.gain_score_point(p, b, how, verb, rule)?;
        }
        self.score_triggers(p, b, how)
    }

    /// 466.1: the point of a score (the winning point as 466.1.b says).
    fn gain_score_point(
        &mut self,
        p: PlayerId,
        b: BfId,
        how: ScoreKind,
        verb: &str,
        rule: Cite,
    ) -> R<()> {
        let ours = p == self.turn.player || self.teammates(p, self.turn.player);
        self.battlefields[b.0].scored_this_turn.push(p);
        let vs = self.victory_score();
        // 484.6: in a mode with teams, the team's points
        let pts = self.team_points(p);
        if pts >= vs - 1 {
            // 484.8.f.1: except those their ally controlled as the Beginning Phase started
            let all = self
                .battlefields
                .iter()
                .all(|bf| bf.scored_this_turn.contains(&p) || (ours && bf.disqualified_this_turn));
            let excepted = ours && self.battlefields.iter().any(|bf| bf.disqualified_this_turn);
            match how {
                ScoreKind::Hold => {
                    self.players[p.0].points += 1;
                    let t = format!(
                        "{} {} {} and gains the winning point ({})",
                        self.player_name(p),
                        verb,
                        self.bf_name(b),
                        self.points_now(p)
                    );
                    self.event(
                        EventKind::Score,
                        vec![rule, cite!("466.1.b"), cite!("466.1.b.1")],
                        t,
                        vec![],
                    );
                }
                ScoreKind::Conquer if all => {
                    self.players[p.0].points += 1;
                    let t = format!(
                        "{} {} {} having scored every battlefield this turn{}, and gains the winning point ({})",
                        self.player_name(p),
                        verb,
                        self.bf_name(b),
                        if excepted {
                            " but the one their teammate controlled as the Beginning Phase started"
                        } else {
                            ""
                        },
                        self.points_now(p)
                    );
                    let mut rules = vec![rule, cite!("466.1.b"), cite!("466.1.b.2")];
                    if excepted {
                        rules.push(cite!("484.8.f.1"));
                    }
                    self.event(EventKind::Score, rules, t, vec![]);
                }
                ScoreKind::Conquer => {
                    let t = format!(
                        "{} {} {} at {} points but has not scored every battlefield this turn: no winning point, a card is drawn instead",
                        self.player_name(p),
                        verb,
                        self.bf_name(b),
                        pts
                    );
                    self.event(
                        EventKind::Score,
                        vec![rule, cite!("466.1.b"), cite!("466.1.b.2")],
                        t,
                        vec![],
                    );
                    self.draw(p)?;
                }
            }
        } else {
            self.players[p.0].points += 1;
            let t = format!(
                "{} {} {} and gains 1 point ({})",
                self.player_name(p),
                verb,
                self.bf_name(b),
                self.points_now(p)
            );
            self.event(
                EventKind::Score,
                vec![rule, cite!("463"), cite!("466.1")],
                t,
                vec![],
            );
        }
        self.make_outstanding(cite!("319.7"));
        Ok(())
    }

    /// 383.4.c–d: the conquer or hold effects of a score by `p` at `b`.
    fn score_triggers(&mut self, p: PlayerId, b: BfId, how: ScoreKind) -> R<()> {
        // 383.4.c–d: conquer / hold effects of units present and of the battlefield
        let (unit_trigger, bf_trigger, you_trigger, why) = match how {
            ScoreKind::Conquer => (
                Trigger::Conquers,
                Trigger::ConquerHere,
                Trigger::YouConquer,
                cite!("383.4.c.2.a"),
            ),
            ScoreKind::Hold => (
                Trigger::Holds,
                Trigger::HoldHere,
                Trigger::YouHold,
                cite!("383.4.d.2.a"),
            ),
        };
        let mut batch = Vec::new();
        for u in self.units_at(Zone::Battlefield(b)) {
            if self.controller(u) == p {
                batch.extend(self.collect_triggers(u, &unit_trigger, None));
            }
        }
        batch.extend(self.collect_bf_triggers(b, &bf_trigger, p));
        // 383.4.c.2.b, 383.4.d.2.b: "when you conquer / hold" of the scorer's permanents,
        // wherever they are; they trigger even when the point is not gained (383.4.c.2.c)
        batch.extend(self.observer_triggers(&you_trigger, p, None, None));
        // "when you or an ally hold" of the permanents of the holder and their teammates
        // (484.8.d)
        if how == ScoreKind::Hold {
            let friends: Vec<PlayerId> = self
                .players
                .iter()
                .map(|q| q.id)
                .filter(|&q| self.friendly(p, q))
                .collect();
            for q in friends {
                batch.extend(self.observer_triggers(&Trigger::YouOrAllyHold, q, None, None));
            }
        }
        // 383.1, 464: "when an opponent scores" of the scorer's opponents' permanents
        batch.extend(self.opponent_scores_triggers(p));
        self.place_triggers(batch, vec![why], false)
    }

    /// "now 5", or with teammates (484.6) "now 5; their team 9".
    fn points_now(&self, p: PlayerId) -> String {
        let own = self.players[p.0].points;
        let team = self.team_points(p);
        if self.players.iter().any(|q| self.teammates(p, q.id)) {
            format!("now {own}; their team {team}")
        } else {
            format!("now {own}")
        }
    }

    /// 315.2.b.2: the turn player holds every battlefield they control (464.2).
    pub(crate) fn hold_all(&mut self) -> R<()> {
        let p = self.turn.player;
        let held: Vec<BfId> = self
            .battlefields
            .iter()
            .filter(|b| b.controller == Some(p))
            .map(|b| b.id)
            .collect();
        if held.is_empty() {
            let t = format!(
                "{} controls no battlefield: nothing to hold",
                self.player_name(p)
            );
            self.event(EventKind::Score, vec![cite!("315.2.b.2")], t, vec![]);
        }
        for b in held {
            self.score(p, b, ScoreKind::Hold)?;
        }
        Ok(())
    }
}
