//! Shield (814): a passive ability keyword of units (814.1.a), "Shield [X]" (814.1.b), X the
//! Shield Value, 1 when omitted (814.1.b.3). It is short for "While I am a defender, I have
//! +X Might" (814.1.c), in effect as long as the unit keeps the Defender designation
//! (814.1.d.1). Every instance's value is summed (814.2); Shield is a characteristic other
//! effects may check (814.3). The layer system applies it in the arithmetic layer (472.3,
//! layers.rs) through [`might_while_defending`]; its summed value with its sources is
//! `Characteristics::keyword_breakdown`.

use crate::cite;
use crate::engine::objects::{Designation, Keyword, KeywordKind};
use crate::engine::trace::Cite;

/// 814.1.c, 814.2: the Might a unit with `designation` and `keywords` gets from Shield: the
/// summed Shield Value while it is a defender (814.1.d.1), else 0.
pub(crate) fn might_while_defending(designation: Option<Designation>, keywords: &[Keyword]) -> i32 {
    if designation == Some(Designation::Defender) {
        super::summed(keywords, &KeywordKind::Shield)
    } else {
        0
    }
}

/// The rule a layer step that applies Shield cites.
pub(crate) fn rule() -> Cite {
    cite!("814.1.c")
}
