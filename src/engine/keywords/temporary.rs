//! Temporary (816): "At the start of this permanent's controller's Beginning Phase, before
//! scoring, kill this" (816.1.b) — a triggered ability of permanents (816.1.a) whose trigger
//! is the controller's Beginning Phase starting (816.1.c). Multiple instances are redundant:
//! it triggers once (816.2, 816.2.a). An inactive permanent (an attached gear) keeps the
//! keyword, which does not function (722.1, 721.2).

use crate::cite;
use crate::engine::chain::Triggered;
use crate::engine::objects::{Condition, Effect, Keyword, Target};
use crate::engine::state::{ObjId, PlayerId};

/// 816.1.b, 816.2.a: the one "kill this" of a permanent with Temporary (any number of
/// instances) as its controller's Beginning Phase starts; none without it.
pub(crate) fn temporary_trigger(
    keywords: &[Keyword],
    controller: PlayerId,
    permanent: ObjId,
    name: &str,
) -> Option<Triggered> {
    let n = keywords
        .iter()
        .filter(|k| **k == Keyword::Temporary)
        .count();
    (n > 0).then(|| Triggered {
        controller,
        source: Some(permanent),
        label: format!("Temporary of {name}"),
        effects: vec![Effect::Kill { target: Target::Me }],
        snapshot: None,
        // 816.2.a: however many instances, it triggers once
        rule: if n > 1 {
            cite!("816.2.a")
        } else {
            cite!("816.1.b")
        },
        dependent: None,
        watching: false,
        limit: None,
        condition: Condition::Always,
    })
}
