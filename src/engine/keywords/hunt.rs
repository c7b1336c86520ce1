//! Hunt (823): "When I Conquer or Hold, my controller gains X XP" (823.1.c.1), X the Hunt
//! Value (823.1.c.3), 1 when omitted (823.1.c.2); a Conquer and a Hold effect (823.1.b).
//! Every instance's value is summed (823.2) into one triggered ability.

use crate::cite;
use crate::engine::chain::Triggered;
use crate::engine::objects::{Condition, Effect, Keyword, KeywordKind, PlayerRef};
use crate::engine::state::{ObjId, PlayerId};

/// 823.2: the Hunt Value — the sum of every instance's (823.1.c.2: 1 when omitted).
pub(crate) fn hunt_value(keywords: &[Keyword]) -> i32 {
    keywords
        .iter()
        .filter(|k| k.kind() == KeywordKind::Hunt)
        .map(|k| k.value().unwrap_or(1))
        .fold(0i32, |s, v| s.saturating_add(v))
}

/// 823.1.c.1: the triggered ability Hunt is short for, when `unit` (named `name`, with
/// `keywords`) conquers or holds; none without Hunt.
pub(crate) fn hunt_trigger(
    keywords: &[Keyword],
    controller: PlayerId,
    unit: ObjId,
    name: &str,
) -> Option<Triggered> {
    let hunt = hunt_value(keywords);
    let values: Vec<String> = keywords
        .iter()
        .filter(|k| k.kind() == KeywordKind::Hunt)
        .map(|k| format!("Hunt {}", k.value().unwrap_or(1)))
        .collect();
    // 823.2: several instances are one summed value, one trigger
    let (label, rule) = if values.len() > 1 {
        (
            format!("Hunt {hunt} ({}) of {name}", values.join(" + ")),
            cite!("823.2"),
        )
    } else {
        (format!("Hunt {hunt} of {name}"), cite!("823.1.c.1"))
    };
    (hunt > 0).then(|| Triggered {
        controller,
        source: Some(unit),
        label,
        effects: vec![Effect::GainXp {
            player: PlayerRef::You,
            amount: hunt,
        }],
        snapshot: None,
        rule,
        dependent: None,
        watching: false,
        limit: None,
        condition: Condition::Always,
    })
}
