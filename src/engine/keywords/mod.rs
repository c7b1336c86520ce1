//! Keywords (800–826), one file per keyword, each opening with its rule range and saying
//! where the rest of that keyword's rules are applied — "where is X handled?" has one answer:
//! its file. Action (806) and Reaction (813) say what a card or ability may be played or
//! activated with, and check a conditional grant at step 5; Assault (807) and Shield (814)
//! give the Might the layer system applies (layers.rs asks them); Tank (815), Backline (826)
//! and Ganking (810) say what they permit or require (combat's damage assignment and the
//! standard move ask them); Hunt (823), Temporary (816) and Deathknell (808) make the
//! triggered abilities they are short for; Accelerate (805) and Repeat (820) declare, as a
//! card is played, the optional additional costs they are; Deflect (809) its mandatory one;
//! Hidden (811) hides a card; Vision (817), Quick-Draw (819), Weaponmaster (821) and Ambush
//! (822) do what they do as a card is played; Equip (818) is the activated ability that
//! attaches (attach.rs attaches); Legion (812) and Level (824) say when their dependent
//! abilities are active (726–727); Unique (825) has no effect in play.

pub mod accelerate;
pub mod action;
pub mod ambush;
pub mod assault;
pub mod backline;
pub mod deathknell;
pub mod deflect;
pub mod equip;
pub mod ganking;
pub mod hidden;
pub mod hunt;
pub mod legion;
pub mod level;
pub mod quick_draw;
pub mod reaction;
pub mod repeat;
pub mod shield;
pub mod tank;
pub mod temporary;
pub mod unique;
pub mod vision;
pub mod weaponmaster;

use crate::engine::objects::{Keyword, KeywordKind};

/// The summed value of a keyword's instances, 1 for an instance without a value (807.2
/// Assault, 809.2 Deflect, 814.2 Shield, 823.2 Hunt).
pub(crate) fn summed(keywords: &[Keyword], k: &KeywordKind) -> i32 {
    keywords
        .iter()
        .filter(|x| x.is_kind(k))
        .map(|x| x.value().unwrap_or(1))
        .fold(0i32, i32::saturating_add)
}
