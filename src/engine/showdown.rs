//! Showdowns (341–348): beginning one where control is contested (344), focus (345–347),
//! closing when every player has passed in sequence (347.3, 348), and the non-combat
//! showdown's control and conquer (348.2).

use super::actions::R;
use super::state::{BfId, CombatStep, Game, Showdown, Zone};
use super::trace::EventKind;
use crate::cite;

impl Game {
    /// 323.11, 344, 345: a showdown begins at `b`; the player who applied Contested gains
    /// focus (345) and with it priority (313.2). If a combat is also staged there it opens as
    /// a combat showdown (323.12, 456.3).
    pub(crate) fn begin_showdown(&mut self, b: BfId) -> R<()> {
        self.battlefields[b.0].showdown_staged = false;
        if self.battlefields[b.0].combat_staged {
            self.battlefields[b.0].combat_staged = false;
            let t = format!(
                "a showdown and a combat are staged at {}: the showdown opens as a combat showdown",
                self.bf_name(b)
            );
            self.event(
                EventKind::Combat,
                vec![cite!("323.12"), cite!("456.3")],
                t,
                vec![],
            );
            return self.begin_combat(b, cite!("323.12"));
        }
        let focus = self.battlefields[b.0]
            .contested_by
            .unwrap_or(self.turn.player);
        self.showdown = Some(Showdown {
            battlefield: b,
            combat: false,
            passes: 0,
        });
        self.focus = Some(focus);
        self.priority = Some(focus);
        let t = format!(
            "a non-combat showdown begins at {}; {} applied Contested and gains focus and priority",
            self.bf_name(b),
            self.player_name(focus)
        );
        self.event(
            EventKind::Combat,
            vec![
                cite!("323.11"),
                cite!("344.2"),
                cite!("316.5.b.1"),
                cite!("345"),
                cite!("313.2"),
            ],
            t,
            vec![],
        );
        Ok(())
    }

    /// 347.3, 348: every player passed focus in sequence: the showdown closes. A combat
    /// showdown proceeds to the damage step (348.1); a non-combat showdown gives control to
    /// the only player with units there, a conquer if not yet scored this turn (348.2).
    pub(crate) fn close_showdown(&mut self) -> R<()> {
        let Some(s) = self.showdown.take() else {
            return Ok(());
        };
        self.focus = None;
        self.priority = None;
        let b = s.battlefield;
        if s.combat || self.combat.is_some() {
            let t = format!(
                "all players passed: the combat showdown at {} closes",
                self.bf_name(b)
            );
            self.event(
                EventKind::Combat,
                vec![cite!("347.3.a"), cite!("348.1")],
                t,
                vec![],
            );
            if let Some(c) = self.combat.as_mut() {
                c.step = CombatStep::Damage;
            }
            return Ok(());
        }
        let t = format!(
            "all players passed: the non-combat showdown at {} ends",
            self.bf_name(b)
        );
        self.event(
            EventKind::Combat,
            vec![cite!("347.3.a"), cite!("348.2")],
            t,
            vec![],
        );
        let mut ctls: Vec<_> = self
            .units_at(Zone::Battlefield(b))
            .into_iter()
            .map(|u| self.controller(u))
            .collect();
        ctls.sort();
        ctls.dedup();
        if ctls.len() == 1 {
            let p = ctls[0];
            if self.battlefields[b.0].controller != Some(p) {
                self.establish_control(b, p, vec![cite!("348.2.a"), cite!("348.2.a.1")])?;
            } else {
                self.battlefields[b.0].contested = false;
                self.battlefields[b.0].contested_by = None;
            }
        } else {
            self.battlefields[b.0].contested = false;
            self.battlefields[b.0].contested_by = None;
        }
        // 347.3.a.1: perform a cleanup
        self.make_outstanding(cite!("347.3.a.1"));
        Ok(())
    }
}
