//! Reflexive triggers (386–388): "Do this: [effects]" creates chain items of its own when
//! its condition is met (387), "Do this N times" N of them (387.1.a); "You may [X]. When
//! you do, [Y]" has the condition "you did X" (387.2, 387.3). The new items go on the chain
//! as pending items, in order, and go no further than that first step (388.1, 388.2).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::chain::Triggered;
use crate::engine::decision::Decision;
use crate::engine::objects::{Condition, Effect};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::EventKind;

/// The most chain items one reflexive trigger may add (a bound on "N times").
pub const MAX_TIMES: i32 = 100;

impl Game {
    pub(crate) fn reflexive(
        &mut self,
        controller: PlayerId,
        source: Option<ObjId>,
        condition: Option<&Effect>,
        effects: &[Effect],
        times: i32,
    ) -> R<()> {
        if let Some(c) = condition {
            // "You may [X]": the controller decides; "when you do" needs it done (387.2)
            let what = self.describe_effect(c, source);
            let yes = self.decide(Decision::yes_no(
                controller,
                format!("{} may: {}", self.player_name(controller), what),
                vec![cite!("387.2")],
            ))? == 0;
            if !yes {
                let t = format!(
                    "{} does not {what}, so the reflexive trigger is not added",
                    self.player_name(controller)
                );
                self.event(EventKind::Trigger, vec![cite!("387.2")], t, vec![]);
                return Ok(());
            }
            self.execute_effect(c, controller, source, None)?;
        }
        let name = source
            .map(|s| self.obj_name(s).to_string())
            .unwrap_or_else(|| "an effect".into());
        let n = times.clamp(1, MAX_TIMES);
        let batch: Vec<Triggered> = (0..n)
            .map(|_| Triggered {
                controller,
                source,
                label: format!("reflexive trigger of {name}"),
                effects: effects.to_vec(),
                snapshot: None,
                rule: cite!("388.1"),
                dependent: None,
                watching: false,
                limit: None,
                condition: Condition::Always,
            })
            .collect();
        let rules = if n > 1 {
            vec![cite!("387.1.a"), cite!("388.2")]
        } else {
            vec![cite!("387")]
        };
        // the items are added in order, as one controller's ordered batch (388.2)
        for t in batch {
            self.place_triggers(vec![t], rules.clone(), false)?;
        }
        Ok(())
    }
}
