//! Accelerate (805): "As you play me, you may pay [1] and 1 Power as an additional cost. If
//! you do, I enter ready" (805.1.a) — the power of the unit's domain, or [A] with none or
//! several (805.1.a.1–2); an optional additional cost paid only while playing the unit
//! (805.2, 805.2.a), without function on the board (805.3). Multiple instances are redundant
//! (805.4). The unit enters ready; it does not enter exhausted and then ready (805.6).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::Decision;
use crate::engine::objects::CardDef;
use crate::engine::resources::{Power, describe_amount};
use crate::engine::state::{Game, PlayerId};

/// 805.1.a, 805.1.a.1–2: the Accelerate cost of `def`: [1] and one power of its domain.
pub(crate) fn accelerate_cost(def: &CardDef) -> (i32, Power) {
    (1, Power::own(1).resolve(&def.domains))
}

impl Game {
    /// 356.2.b.1, 805.2: as `def` (which has Accelerate) is played, at step 2, `player`
    /// declares whether they pay Accelerate; true if so (the unit will enter ready).
    pub(crate) fn declare_accelerate(&mut self, player: PlayerId, def: &CardDef) -> R<bool> {
        let (energy, power) = accelerate_cost(def);
        let d = Decision::yes_no(
            player,
            format!(
                "{} may pay Accelerate ({}) so {} enters ready",
                self.player_name(player),
                describe_amount(energy, &power),
                def.name
            ),
            vec![cite!("805.1.a"), cite!("805.2")],
        );
        Ok(self.decide(d)? == 0)
    }
}
