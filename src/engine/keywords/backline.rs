//! Backline (826): "I must be assigned lethal damage after any other unit with the same
//! controller as me that does not have [Backline] during the Combat Damage step" (826.3).
//! It alters how combat damage may be assigned (826.4): among several units with Backline
//! any order is legal (826.4.b). Multiple instances are redundant (826.5). The assignment
//! itself is combat's (460.2.c).

use crate::engine::layers::Characteristics;
use crate::engine::objects::KeywordKind;

/// 826.3, 460.2.c.5: the unit is assigned lethal damage after its side's units without
/// Backline (one instance or many alike, 826.5).
pub(crate) fn assigned_last(c: &Characteristics) -> bool {
    c.has(&KeywordKind::Backline)
}
