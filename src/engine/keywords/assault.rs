//! Assault (807): a passive ability keyword of units (807.1.a), "Assault [X]" (807.1.b), X
//! the Assault Value, 1 when omitted (807.1.b.3). It is short for "While I am an attacker, I
//! have +X Might" (807.1.c), in effect as long as the unit keeps the Attacker designation
//! (807.1.d.1). Every instance's value is summed (807.2); Assault is a characteristic other
//! effects may check (807.3). The layer system applies it in the arithmetic layer (472.3,
//! layers.rs) through [`might_while_attacking`]; its summed value with its sources is
//! `Characteristics::keyword_breakdown`.

use crate::cite;
use crate::engine::objects::{Designation, Keyword, KeywordKind};
use crate::engine::trace::Cite;

/// 807.1.c, 807.2: the Might a unit with `designation` and `keywords` gets from Assault:
/// the summed Assault Value while it is an attacker (807.1.d.1), else 0.
pub(crate) fn might_while_attacking(designation: Option<Designation>, keywords: &[Keyword]) -> i32 {
    if designation == Some(Designation::Attacker) {
        super::summed(keywords, &KeywordKind::Assault)
    } else {
        0
    }
}

/// The rule a layer step that applies Assault cites.
pub(crate) fn rule() -> Cite {
    cite!("807.1.c")
}
