//! Keywords (800–826), one file per keyword, each opening with its rule range. Assault (807)
//! and Shield (814) still live in the arithmetic layer (layers.rs). Tank (815), Backline
//! (826) and Ganking (810) say here what they permit or require; combat's damage assignment
//! and the standard move ask them. Hunt (823) and Temporary (816) make here the triggered
//! abilities they are short for; Accelerate (805) and Repeat (820) declare here, as a card is
//! played, the optional additional costs they are; Hidden (811) hides a card there.

pub mod accelerate;
pub mod ambush;
pub mod backline;
pub mod deathknell;
pub mod deflect;
pub mod ganking;
pub mod hidden;
pub mod hunt;
pub mod legion;
pub mod quick_draw;
pub mod repeat;
pub mod tank;
pub mod temporary;
pub mod vision;
pub mod weaponmaster;
