//! A player chosen by an instruction ("Choose an opponent. They …") and a card chosen from a
//! revealed hand ("They reveal their hand. Choose a card from it, and they discard that
//! card."). A player is not a game object: the choice is made as the instruction executes
//! (355.17), like the choice of a card among those a player reveals (424.1, 424.4.a).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::decision::{Answer, Decision, DecisionKind, DecisionOption};
use crate::engine::objects::{CardType, Effect, HandPick, PlayerRef};
use crate::engine::state::{Game, PlayerId, Zone};
use crate::engine::trace::EventKind;

/// The player an instruction names, when it is one to be chosen.
fn chosen_ref(e: &mut Effect) -> Option<&mut PlayerRef> {
    let r = match e {
        Effect::Draw { player, .. }
        | Effect::Discard { player, .. }
        | Effect::DiscardHand { player }
        | Effect::GainXp { player, .. }
        | Effect::GainPoints { player, .. }
        | Effect::Channel { player, .. }
        | Effect::Predict { player, .. }
        | Effect::CreateToken { player, .. }
        | Effect::RevealHandPick { player, .. } => player,
        _ => return None,
    };
    matches!(r, PlayerRef::Chosen { .. }).then_some(r)
}

impl HandPick {
    /// "a card", "a non-unit card", "a Mind card".
    pub fn describe(&self) -> String {
        let mut w = String::from("a ");
        if let Some(d) = &self.domain {
            w.push_str(&format!("{d} "));
        }
        for t in &self.not_types {
            w.push_str(&format!("non-{} ", t.name()));
        }
        match self.types.as_slice() {
            [] => w.push_str("card"),
            ts => w.push_str(
                &ts.iter()
                    .map(|t| t.name().to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
            ),
        }
        w
    }

    fn allows(&self, g: &Game, c: crate::engine::state::ObjId) -> bool {
        let def = &g.objects[c.0].def;
        (self.types.is_empty() || self.types.contains(&def.card_type))
            && !self.not_types.contains(&def.card_type)
            && self
                .domain
                .as_ref()
                .is_none_or(|d| def.domains.iter().any(|x| x.eq_ignore_ascii_case(d)))
    }
}

impl CardType {
    fn name(&self) -> &'static str {
        match self {
            CardType::Unit => "unit",
            CardType::Gear => "gear",
            CardType::Spell => "spell",
            CardType::Rune => "rune",
            CardType::Battlefield => "battlefield",
            CardType::Legend => "legend",
            _ => "card",
        }
    }
}

impl Game {
    /// 355.17: the instruction with the player it names chosen now by `controller` — among
    /// the opponents (or all players) still in the game; `None` when it names none to
    /// choose, `Some(None)` when there is no one to choose (the instruction is ignored).
    pub(crate) fn bind_chosen_player(
        &mut self,
        e: &Effect,
        controller: PlayerId,
    ) -> R<Option<Option<Effect>>> {
        let mut bound = e.clone();
        let Some(r) = chosen_ref(&mut bound) else {
            return Ok(None);
        };
        let opponent = matches!(r, PlayerRef::Chosen { opponent: true });
        let players: Vec<PlayerId> = self
            .players
            .iter()
            .filter(|p| !p.lost && (!opponent || self.opponents(controller, p.id)))
            .map(|p| p.id)
            .collect();
        let d = Decision {
            kind: DecisionKind::Target,
            player: controller,
            prompt: format!(
                "{} chooses {}",
                self.player_name(controller),
                if opponent { "an opponent" } else { "a player" }
            ),
            options: players
                .iter()
                .enumerate()
                .map(|(i, p)| DecisionOption {
                    label: self.player_name(*p).to_string(),
                    answer: Answer::Index(i),
                })
                .collect(),
            more: 0,
            items: vec![],
            rules: vec![cite!("355.17")],
        };
        let Some(&first) = players.first() else {
            let t = format!(
                "there is no {} to choose: the instruction is ignored",
                if opponent { "opponent" } else { "player" }
            );
            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
            return Ok(Some(None));
        };
        let p = if players.len() == 1 {
            let t = format!(
                "{} chooses {} (the only {})",
                self.player_name(controller),
                self.player_name(first),
                if opponent { "opponent" } else { "player" }
            );
            self.event(EventKind::Effect, vec![cite!("355.17")], t, vec![]);
            first
        } else {
            players[self.decide(d)?.min(players.len() - 1)]
        };
        let r = chosen_ref(&mut bound).expect("checked above");
        *r = PlayerRef::Player(p);
        Ok(Some(Some(bound)))
    }

    /// 424.1: `p` reveals their hand; `chooser` chooses a card `pick` allows from it (355.17,
    /// 424.4.a), which `p` discards (422.1) or recycles (416.1).
    pub(crate) fn reveal_hand_pick(
        &mut self,
        p: PlayerId,
        chooser: PlayerId,
        pick: &HandPick,
        recycle: bool,
    ) -> R<()> {
        let hand = self.objects_in(Zone::Hand(p));
        let names: Vec<&str> = hand.iter().map(|c| self.obj_name(*c)).collect();
        let t = format!(
            "{} reveals their hand: {}",
            self.player_name(p),
            if names.is_empty() {
                "no card".to_string()
            } else {
                names.join(", ")
            }
        );
        self.event(
            EventKind::Effect,
            vec![cite!("424.1")],
            t,
            hand.iter().map(|c| c.0).collect(),
        );
        let fits: Vec<_> = hand
            .iter()
            .copied()
            .filter(|c| pick.allows(self, *c))
            .collect();
        if fits.is_empty() {
            let t = format!(
                "there is no {} in it to choose: the rest of the instruction is ignored",
                pick.describe().trim_start_matches("a ")
            );
            self.event(EventKind::Effect, vec![cite!("359.3.e.6")], t, vec![]);
            return Ok(());
        }
        let d = Decision {
            kind: DecisionKind::Target,
            player: chooser,
            prompt: format!(
                "{} chooses {} from {}'s hand",
                self.player_name(chooser),
                pick.describe(),
                self.player_name(p)
            ),
            options: self.object_options(&fits),
            more: 0,
            items: vec![],
            rules: vec![cite!("424.4.a"), cite!("355.17")],
        };
        let card = fits[self.decide(d)?.min(fits.len() - 1)];
        if recycle {
            self.recycle_to_main_deck(p, card);
            Ok(())
        } else {
            self.discard_card(p, card)
        }
    }
}
