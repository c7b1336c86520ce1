//! Weaponmaster (821): "When you play me, you may choose a card you control with the
//! Equipment tag. … Pay the cost of its Equip ability, reduced by [A], to attach it to this
//! unit." (821.1.c) — a play effect that attaches regardless of the Equip ability's usual
//! timing (821.1.b), without activating it (821.1.c.6). Each instance triggers separately
//! (821.1.c.7). The cost is paid from the rune pool; [A] (power of any domain) is one power.

use crate::cite;
use crate::engine::actions::{EngineError, Halt, R};
use crate::engine::decision::{Answer, Decision, DecisionKind, DecisionOption};
use crate::engine::objects::{Keyword, KeywordKind};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;

/// Whether `k` is Weaponmaster (kept by name: it has no variant of its own).
pub(crate) fn is_weaponmaster(k: &Keyword) -> bool {
    matches!(k.kind(), KeywordKind::Other(n) if n.eq_ignore_ascii_case("weaponmaster"))
}

/// 821.1.c.7: one trigger per instance.
pub(crate) fn instances(keywords: &[Keyword]) -> usize {
    keywords.iter().filter(|k| is_weaponmaster(k)).count()
}

impl Game {
    /// 821.1.c: `player` may choose an Equipment they control; its Equip cost, reduced by
    /// [A] (821.1.c.3), is paid from the pool to attach it to `unit`. If it has no Equip
    /// cost (821.1.c.4) or the cost cannot be paid, it stays where it is (821.1.c.5).
    pub(crate) fn weaponmaster(&mut self, player: PlayerId, unit: ObjId) -> R<()> {
        if !self.objects[unit.0].zone.on_board() {
            return Ok(());
        }
        let chars = self.derived();
        let candidates: Vec<ObjId> = self
            .objects
            .iter()
            .filter(|o| {
                o.id != unit
                    && o.zone.on_board()
                    && chars[o.id.0].controller == player
                    && chars[o.id.0]
                        .tags
                        .iter()
                        .any(|t| t.eq_ignore_ascii_case("equipment"))
            })
            .map(|o| o.id)
            .collect();
        if candidates.is_empty() {
            let t = format!(
                "{} controls no Equipment for {}'s Weaponmaster to choose",
                self.player_name(player),
                self.obj_name(unit)
            );
            self.event(EventKind::Effect, vec![cite!("821.1.c")], t, vec![unit.0]);
            return Ok(());
        }
        let mut options: Vec<DecisionOption> = self.object_options(&candidates);
        options.push(DecisionOption {
            label: "no Equipment".into(),
            answer: Answer::Index(candidates.len()),
        });
        let d = Decision {
            kind: DecisionKind::Target,
            player,
            prompt: format!(
                "{} may choose an Equipment to attach to {} (Weaponmaster)",
                self.player_name(player),
                self.obj_name(unit)
            ),
            options,
            more: 0,
            items: vec![],
            rules: vec![cite!("821.1.c")],
        };
        let i = self.decide(d)?;
        let Some(&gear) = candidates.get(i) else {
            return Ok(());
        };
        let Some((energy, power, other_parts)) = super::equip::equip_cost(self, gear) else {
            let t = format!(
                "{} has no Equip cost, so it cannot be paid: it stays where it is",
                self.obj_name(gear)
            );
            self.event(
                EventKind::Effect,
                vec![cite!("821.1.c.4"), cite!("821.1.c.5")],
                t,
                vec![gear.0],
            );
            return Ok(());
        };
        // 818.1.c.3: an Equip cost with parts other than resources ("Spend 1 XP") paid by
        // Weaponmaster's equip is not modelled: refused rather than paid in part
        if other_parts {
            return Err(crate::engine::actions::Halt::Err(
                crate::engine::actions::EngineError::Unsupported(format!(
                    "{}'s Equip cost has parts other than energy and power: paying it through Weaponmaster is not modelled",
                    self.obj_name(gear)
                )),
            ));
        }
        // the cost is reduced by [A] — only a cost that contains [A] is (821.1.c.3)
        let mut power = power;
        power.any = (power.any - 1).max(0);
        let what = format!("{}'s Equip cost reduced by [A]", self.obj_name(gear));
        match self.pay(
            player,
            energy,
            &power,
            &what,
            cite!("821.1.c.3"),
            None,
            crate::engine::resources::Paying::Other,
        ) {
            Err(Halt::Err(EngineError::Illegal { message, .. })) => {
                let t = format!(
                    "{} cannot pay {what}: it stays where it is ({message})",
                    self.player_name(player),
                );
                self.event(EventKind::Effect, vec![cite!("821.1.c.5")], t, vec![gear.0]);
                return Ok(());
            }
            other => other?,
        }
        let t = format!(
            "{} attaches by paying {}'s Equip cost, not by activating the Equip ability",
            self.player_name(player),
            self.obj_name(gear)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("821.1.c.3"), cite!("821.1.c.6")],
            t,
            vec![gear.0],
        );
        self.attach(gear, unit)
    }
}
