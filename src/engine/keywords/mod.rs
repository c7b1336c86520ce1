//! Keywords (800–826). Passive keywords live where they act: Assault (807) and Shield (814)
//! in the arithmetic layer (layers.rs), Tank (815) and Backline (826) in damage assignment
//! (combat.rs), Ganking (810) in the standard move (movement.rs), Hunt (823) and Temporary
//! (816) as the triggered abilities they are short for (chain.rs). Deathknell (808),
//! Deflect (809), Legion (812), Vision (817), Quick-Draw (819), Weaponmaster (821) and
//! Ambush (822) are here.

pub mod ambush;
pub mod deathknell;
pub mod deflect;
pub mod legion;
pub mod quick_draw;
pub mod vision;
pub mod weaponmaster;
