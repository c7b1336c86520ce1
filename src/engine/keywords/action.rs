//! Action (806): a permissive keyword (806.1) that lets a card be played, or an ability be
//! activated, during showdowns on any player's turn (806.1.b, 806.1.c.1–.2), on top of every
//! other timing it has (806.2); it changes nothing of what the card does (806.3). A passive
//! may grant Action under a condition about the play; the card may then be played at that
//! timing if the condition could be fulfilled, and the condition is checked at step 5 of
//! playing it (806.4, 806.4.a–b). Reaction grants every permission of Action (813.1.b).
//!
//! The timing checks themselves are play's (358.3, play.rs) and activation's (381): they ask
//! [`card_has_action`] and the `action`/`reaction` flags of an activated ability.

use crate::cite;
use crate::engine::actions::{R, illegal};
use crate::engine::objects::{
    Ability, CardDef, Condition, Effect, KeywordKind, Modification, Scope, Target,
};
use crate::engine::state::{Game, ObjId, PlayerId};
use crate::engine::trace::{Cite, EventKind};

/// 806.1.c.1, 813.1.b: whether a card being played may be played during a showdown: it has
/// Action, or Reaction (`reaction`, which grants every permission of Action).
pub(crate) fn card_has_action(keywords: &[KeywordKind], reaction: bool) -> bool {
    keywords.contains(&KeywordKind::Action) || reaction
}

/// 806.4, 813.4: the condition about the play (what it targets) under which a passive of
/// `def` grants it keyword `k` (Action or Reaction); the card does not have the keyword
/// until the condition holds.
pub(crate) fn conditional_grant(def: &CardDef, k: KeywordKind) -> Option<Condition> {
    def.abilities.iter().find_map(|a| match a {
        Ability::Passive(p)
            if p.scope == Scope::Me
                && matches!(&p.modification, Modification::AddKeyword(x) if x.kind() == k)
                && matches!(
                    p.condition,
                    Condition::TargetsFriendly | Condition::TargetsEnemy
                ) =>
        {
            Some(p.condition.clone())
        }
        _ => None,
    })
}

impl Game {
    /// 358 step 5, 806.4.b, 813.4.b: a card played at a timing only its conditional Action or
    /// Reaction allowed must now fulfil the condition (`rule` says which keyword); if it does
    /// not, the play is undone and the card returns where it was.
    pub(crate) fn check_conditional_permission(
        &mut self,
        player: PlayerId,
        card: ObjId,
        name: &str,
        effects: &[Effect],
        c: Condition,
        rule: Cite,
    ) -> R<()> {
        let mut probe = effects.to_vec();
        let chosen: Vec<ObjId> = probe
            .iter_mut()
            .flat_map(crate::engine::choices::targets_mut)
            .flat_map(|t| match t {
                Target::Chosen { object, .. } => vec![*object],
                t => t.chosen_now(),
            })
            .collect();
        let met = chosen.iter().any(|o| match c {
            Condition::TargetsFriendly => self.friendly(player, self.controller(*o)),
            _ => self.opponents(player, self.controller(*o)),
        });
        let kw = if rule == cite!("813.4.b") {
            "Reaction"
        } else {
            "Action"
        };
        let what = if c == Condition::TargetsFriendly {
            "a friendly unit (its controller's or a teammate's)"
        } else {
            "an enemy unit"
        };
        if !met {
            return illegal(
                rule,
                format!(
                    "{name} has {kw} only if it targets {what}, and it does not: the play is undone and it returns to where it was"
                ),
            );
        }
        let t = format!("{name} targets {what}, so it has {kw}: its play at this timing is legal");
        let mut rules = vec![cite!("358"), rule];
        if c == Condition::TargetsFriendly {
            rules.push(cite!("740.1"));
        }
        self.event(EventKind::Action, rules, t, vec![card.0]);
        Ok(())
    }
}
