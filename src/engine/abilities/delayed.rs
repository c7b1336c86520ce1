//! Delayed abilities (389–392): created by a spell or ability with their own trigger
//! condition and duration ("When any unit takes damage this turn, kill it"); they are not
//! associated with units or gear and still trigger after their source has left (392).

use crate::engine::objects::{Duration, Effect};
use crate::engine::state::PlayerId;
use serde::Serialize;

/// What a delayed ability waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DelayedTrigger {
    /// "When any unit takes damage": once per unit dealt damage.
    UnitTakesDamage,
}

/// A delayed ability in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Delayed {
    /// Who controls it: the controller of what created it (391).
    pub controller: PlayerId,
    /// What created it (its name, for the trace: it is not associated with it, 392).
    pub created_by: String,
    /// The turn it was created.
    pub turn: u32,
    pub trigger: DelayedTrigger,
    /// Its instructions; `Target::Affected` is the object that made it trigger.
    pub effects: Vec<Effect>,
    /// How long it waits (`ThisTurn` ends in the ending phase's expiration, 317.2.c).
    pub duration: Duration,
}
