//! Hidden (811): a card with Hidden may be hidden facedown at a battlefield its player
//! controls, on their turn in an open state, for [A] (811.1.b; the Hide action, 421), without
//! opening a chain (811.1.c.2); from a later turn on it may be played from there, ignoring its
//! base cost, with Reaction, at that battlefield (811.1.d, 811.6 — part of playing a card,
//! play.rs). A hidden card with no battlefield to be at is removed by the cleanup (323.7).

use crate::cite;
use crate::engine::actions::{R, illegal};
use crate::engine::objects::{KeywordKind, Trigger};
use crate::engine::state::{BfId, Game, ObjId, PlayerId, Zone};
use crate::engine::trace::EventKind;

impl Game {
    /// 421, 811.1.b: `player` hides a card with Hidden from their hand facedown at a battlefield
    /// they control that has no facedown card, on their turn in an open state, paying 1 power
    /// of any domain ([A]). Hiding does not open a chain (811.1.c.2); what it triggers goes
    /// pending (383.3.c).
    pub(crate) fn hide(
        &mut self,
        player: PlayerId,
        card: ObjId,
        at: BfId,
        payment: Option<&crate::engine::resources::Payment>,
    ) -> R<()> {
        if self.priority != Some(player) || self.turn.player != player {
            return illegal(
                cite!("811.1.b"),
                format!(
                    "{} can hide only on their turn with priority",
                    self.player_name(player)
                ),
            );
        }
        if !self.chain.is_empty() {
            return illegal(
                cite!("811.1.b"),
                "a card can be hidden only in an open state",
            );
        }
        let o = &self.objects[card.0];
        if !matches!(o.zone, Zone::Hand(p) | Zone::ChampionZone(p) if p == player) {
            return illegal(
                cite!("421.2.a"),
                format!(
                    "{} is not in {}'s hand or champion zone",
                    o.def.name,
                    self.player_name(player)
                ),
            );
        }
        if !o.def.keywords().any(|k| k.kind() == KeywordKind::Hidden) {
            return illegal(
                cite!("811.1.c"),
                format!("{} does not have Hidden", o.def.name),
            );
        }
        if self.battlefields[at.0].controller != Some(player) {
            return illegal(
                cite!("421.1"),
                format!(
                    "{} does not control {}",
                    self.player_name(player),
                    self.bf_name(at)
                ),
            );
        }
        if !self.objects_in(Zone::Facedown(at)).is_empty() {
            return illegal(
                cite!("811.1.b"),
                format!("{} already has a facedown card", self.bf_name(at)),
            );
        }
        // 811.1.b: hiding costs [A], the runes adding it if the pool lacks it
        self.pay(
            player,
            0,
            &crate::engine::resources::Power::any(1),
            "hiding a card",
            cite!("811.1.b"),
            payment,
            crate::engine::resources::Paying::Other,
        )?;
        let turn = self.turn.number;
        let o = &mut self.objects[card.0];
        o.zone = Zone::Facedown(at);
        o.base_controller = player;
        o.hidden_on_turn = Some(turn);
        let t = format!(
            "{} hides a card facedown at {}",
            self.player_name(player),
            self.bf_name(at)
        );
        self.event(
            EventKind::Action,
            vec![cite!("421.1"), cite!("811.1.b"), cite!("811.1.c.2")],
            t,
            vec![card.0],
        );
        self.depth = 1;
        self.make_outstanding(cite!("319.6"));
        // 383.1: "When you hide a card" of the player's permanents (the card stays secret)
        let batch = self.observer_triggers(&Trigger::YouHideCard, player, None, None);
        self.place_triggers(batch, vec![cite!("421.1")], false)
    }
}
