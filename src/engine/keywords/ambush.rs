//! Ambush (822): on units, "I may be played to a battlefield where you control units" and
//! "I have [Reaction] as long as I'm being played to a battlefield where you control units"
//! (822.1.b) — it adds a valid location at step 2 (822.1.c). Instances beyond the first are
//! redundant (822.2).

use crate::engine::objects::{KeywordKind, Location};
use crate::engine::state::{Game, PlayerId, Zone};

/// Whether `k` is Ambush (kept by name: it is not one of the keywords with a variant).
pub(crate) fn is_ambush(k: &KeywordKind) -> bool {
    matches!(k, KeywordKind::Other(n) if n.eq_ignore_ascii_case("ambush"))
}

impl Game {
    /// 822.1.b: `to` is a battlefield where `player` controls units (what Ambush needs).
    pub(crate) fn ambush_location(&self, player: PlayerId, to: Option<Location>) -> bool {
        match to {
            Some(Location::Battlefield(b)) => self
                .units_at(Zone::Battlefield(b))
                .iter()
                .any(|u| self.controller(*u) == player),
            _ => false,
        }
    }
}
