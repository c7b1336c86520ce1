//! Quick-Draw (819): on gear with Equip, "[Reaction]" and "When you play this, attach it to
//! a unit you control" (819.1.d) — the card has Reaction inherently (819.1.b), so it can be
//! played and attached at Reaction timing (819.1.c). Instances beyond the first do nothing
//! (819.2).

use crate::engine::objects::{Effect, Keyword, KeywordKind, Target, UnitFilter};

/// Whether `k` is Quick-Draw (kept by name: it is not one of the keywords with a variant).
pub(crate) fn is_quick_draw(k: &KeywordKind) -> bool {
    matches!(k, KeywordKind::Other(n) if n.eq_ignore_ascii_case("quick-draw"))
}

/// 819.2: any number of instances trigger once.
pub(crate) fn has_quick_draw(keywords: &[Keyword]) -> bool {
    keywords.iter().any(|k| is_quick_draw(&k.kind()))
}

/// 819.1.d: "When you play this, attach it to a unit you control."
pub(crate) fn quick_draw_effect() -> Effect {
    Effect::Attach {
        target: Target::ChooseUnit(UnitFilter::Yours),
    }
}
