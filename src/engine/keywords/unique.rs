//! Unique (825): not short for any rules text (825.2); a restriction on deck construction —
//! a deck holds only one card of a given name with Unique (825.2.a; Signature cards,
//! 825.2.b). Cards with Unique have no additional effect during gameplay (825.3), so the
//! engine gives it no function: it is a characteristic that other effects may check
//! (825.4), like any keyword (`Condition::HasKeyword`, `Keyword::is_modeled` says it is
//! modelled in full).
//!
//! Where it is referenced: the deck check of 825.2.a is the card database's
//! (`src/cards/deck.rs`); the scenario `keywords/unique-has-no-effect-in-play.yaml` shows
//! it doing nothing in play while an effect still sees it.

use crate::engine::objects::{Keyword, KeywordKind};

/// Whether `k` is Unique (kept by name: it has no variant of its own; 825.4).
pub fn is_unique(k: &Keyword) -> bool {
    matches!(k.kind(), KeywordKind::Other(n) if n.eq_ignore_ascii_case("unique"))
}
