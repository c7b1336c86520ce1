//! Tank (815): "I must be assigned lethal damage before any other unit with the same
//! controller as me that does not have [Tank] during the Combat Damage step" (815.1.b). It
//! alters how combat damage may be assigned (815.1.c): lethal damage still goes to one unit
//! before the next (815.1.c.1), and among several Tanks any order is legal (815.1.c.2).
//! Multiple instances are redundant (815.2). The assignment itself is combat's (460.2.c).

use crate::engine::layers::Characteristics;
use crate::engine::objects::KeywordKind;

/// 815.1.b, 460.2.c.5: the unit is assigned lethal damage before its side's units without
/// Tank (one instance or many alike, 815.2).
pub(crate) fn assigned_first(c: &Characteristics) -> bool {
    c.has(&KeywordKind::Tank)
}
