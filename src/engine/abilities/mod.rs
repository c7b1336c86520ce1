//! Abilities of 360–406 that change other events: replacement effects (367–375) and
//! delayed abilities (389–392); and the conditions abilities state (383.3.e).

pub mod conditions;
pub mod delayed;
pub mod limits;
pub mod observers;
pub mod reflexive;
pub mod replacement;
