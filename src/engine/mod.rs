//! The Riftbound rules engine, one module per section of the Core Rules (2026-03-30).
//!
//! Build a [`Game`] (players, mode, battlefields, objects from [`CardDef`]s, marked state,
//! the turn, optionally a showdown/combat/chain mid-state), call [`Game::start`], then
//! [`Game::apply`] scripted [`Action`]s. Every change records [`Event`]s in the trace,
//! each citing the rules that mandate it. A decision with several legal options pauses
//! the engine ([`Game::pending_decision`]) until an `Action::Choose` answers it.
//! See docs/engine-api.md for the contract.

pub mod abilities;
pub mod actions;
pub mod additional_turns;
pub mod attach;
pub mod banish;
pub mod bonus_damage;
pub mod chain;
pub mod choices;
pub mod cleanup;
pub mod combat;
pub mod conceding;
pub mod costs;
pub mod decision;
pub mod discard;
mod fingerprint;
pub mod groups;
pub mod hand_pick;
pub mod instructions;
pub mod keywords;
pub mod layers;
pub mod look;
pub mod modes;
pub mod movement;
pub mod objects;
pub mod own_choices;
pub mod play;
pub mod recycle;
pub mod resources;
pub mod scoring;
pub mod showdown;
pub mod state;
pub mod stun;
pub mod trace;
pub mod tracked;
pub mod turn;
pub mod workload;

#[cfg(test)]
mod random_play;
#[cfg(test)]
mod tests;

pub use actions::{Action, EngineError};
pub use decision::{Answer, Decision, DecisionItem, DecisionKind, DecisionOption};
pub use layers::{BreakdownStep, Characteristics, Derived};
pub use objects::{
    Ability, Amount, BfNeed, CardDef, CardType, Condition, CostWithin, Count, CountFilter,
    DeckPick, Designation, Duration, Effect, GiveUp, HandPick, Keyword, KeywordKind, Lack,
    Location, Modification, MoveBan, Object, Passive, Place as TargetPlace, PlayableBattlefield,
    PlayerRef, ReplacedEvent, Replacement, ReplacementUses, Scope, ScoreKind, Target, Trigger,
    TurnLimit, UnitFilter,
};
pub use resources::{Domain, Payment, Power};
pub use state::{
    Battlefield, BfId, ChainItem, Combat, CombatStep, Game, Mode, ObjId, Phase, Player, PlayerId,
    Saved, Showdown, Snapshot, Status, Turn, TurnState, Zone,
};
pub use trace::{Cite, Event, EventKind, Trace};
