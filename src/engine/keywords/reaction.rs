//! Reaction (813): a permissive keyword (813.1) with every permission of Action (813.1.b,
//! keywords/action.rs) that also lets a card be played, or an ability be activated, in
//! closed states on any player's turn (813.1.c.1–.2), on top of its other timings (813.2);
//! it changes nothing of what the card does (813.3, 813.3.a). A passive may grant Reaction
//! under a condition about the play (813.4, checked at step 5: 813.4.b, keywords/action.rs).
//! A card also has Reaction from Quick-Draw (819.1.b), from being played from hidden
//! (811.6) and from Ambush where its controller controls units (822.1.b).
//!
//! The timing checks themselves are play's (338.1.a.1, 358.3, play.rs) and activation's
//! (381): they ask [`card_has_reaction`] and an activated ability's `reaction` flag.

use crate::cite;
use crate::engine::objects::KeywordKind;
use crate::engine::trace::Cite;

/// 813.1.c.1: whether a card being played has Reaction: printed, inherent to Quick-Draw
/// (819.1.b), given to a hidden card played from facedown (811.6) or by Ambush (822.1.b).
pub(crate) fn card_has_reaction(keywords: &[KeywordKind], from_hidden: bool, ambush: bool) -> bool {
    keywords.contains(&KeywordKind::Reaction)
        || keywords.iter().any(super::quick_draw::is_quick_draw)
        || from_hidden
        || ambush
}

/// The rules of the keyword whose permission makes a play legal, cited on the play: Action
/// in a showdown (806.1.b), Reaction in a closed state or outside its controller's main phase
/// (813.1.c.1), and where a Reaction not printed comes from (822.1.b Ambush, 811.6 hidden,
/// 819.1.b Quick-Draw). Empty when the play needs no permission.
pub(crate) fn permission_rules(
    closed: bool,
    showdown: bool,
    own_main: bool,
    keywords: &[KeywordKind],
    from_hidden: bool,
    ambush: bool,
) -> Vec<Cite> {
    let mut permission = Vec::new();
    if closed || (!showdown && !own_main) {
        permission.push(cite!("813.1.c.1"));
    } else if showdown {
        permission.push(cite!("806.1.b"));
    }
    if !permission.is_empty() && !keywords.contains(&KeywordKind::Reaction) {
        if ambush {
            permission.push(cite!("822.1.b"));
        } else if from_hidden {
            permission.push(cite!("811.6"));
        } else if keywords.iter().any(super::quick_draw::is_quick_draw) {
            permission.push(cite!("819.1.b"));
        }
    }
    permission
}
