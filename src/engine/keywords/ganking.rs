//! Ganking (810): "I may move to a battlefield from another battlefield with a standard
//! move" (810.1.b) — a passive ability that adds that option to the unit's standard move,
//! taking none away and costing nothing more (810.1.c). Multiple instances are redundant
//! (810.2). The standard move itself is movement's (144, 440–453).

use crate::engine::layers::Characteristics;
use crate::engine::objects::KeywordKind;

/// 810.1.b, 144.4.c.1: the unit's standard move may go from one battlefield to another.
pub(crate) fn may_move_between_battlefields(c: &Characteristics) -> bool {
    c.has(&KeywordKind::Ganking)
}
