//! Aligns the 2025-06-02 edition with 2026-03-30 (NOTES.md §3): which old rule is
//! which new one, so that an old number can say where it went ("now 308").

use super::model::Edition;

/// Sets `counterparts` on both editions. (Placeholder: no pairs yet.)
pub fn align(old: &mut Edition, new: &mut Edition) {
    old.counterparts = vec![None; old.rules.len()];
    new.counterparts = vec![None; new.rules.len()];
}
