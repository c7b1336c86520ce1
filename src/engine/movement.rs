//! Movement (440–453): the standard move (144) and its legality, moves by effects,
//! contested status (445, 187.3), and recalls (449–453).

use super::actions::{R, illegal};
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::{Ability, Location, MoveBan, ReplacedEvent, Trigger};
use super::state::{BfId, Game, ObjId, Phase, PlayerId, Zone};
use super::trace::EventKind;
use crate::cite;

impl Game {
    fn destination_zone(&self, u: ObjId, to: Location) -> Zone {
        match to {
            Location::Base => Zone::Base(self.controller(u)),
            Location::Battlefield(b) => Zone::Battlefield(b),
            // an instruction makes "here" and a chosen destination concrete before it moves
            // anything (Game::here, Game::choose_destination)
            Location::Here | Location::Chosen | Location::ToOrFromBase | Location::Place(_) => {
                self.objects[u.0].zone
            }
        }
    }

    /// 054.1: the permanent (or battlefield) whose "can't move to base" forbids unit `u` to move
    /// to its base, if any — "I can't move to base", "Units can't move to base", a battlefield's
    /// "Units can't move from here to base".
    /// A battlefield's "Units can move here from anywhere".
    pub(crate) fn move_here_from_anywhere(&self, b: super::state::BfId) -> bool {
        self.battlefields[b.0]
            .def
            .as_ref()
            .is_some_and(|d| d.abilities.contains(&Ability::MoveHereFromAnywhere))
    }

    /// A battlefield's "Units can't be played here".
    pub(crate) fn no_units_played_at(&self, b: super::state::BfId) -> bool {
        self.battlefields[b.0]
            .def
            .as_ref()
            .is_some_and(|d| d.abilities.contains(&Ability::NoUnitsPlayedHere))
    }

    pub(crate) fn move_to_base_banned_by(&self, u: ObjId) -> Option<String> {
        let at = self.objects[u.0].zone;
        for o in &self.objects {
            if !o.zone.abilities_function() || self.rules_text_inactive(o.id) {
                continue;
            }
            for a in &o.def.abilities {
                if let Ability::CantMoveToBase(ban) = a {
                    let binds = match ban {
                        MoveBan::Me => o.id == u,
                        MoveBan::Units => true,
                        MoveBan::UnitsHere => o.zone == at,
                    };
                    if binds {
                        return Some(o.def.name.clone());
                    }
                }
            }
        }
        for b in &self.battlefields {
            let here = Zone::Battlefield(b.id) == at;
            if let Some(d) = &b.def
                && d.abilities.iter().any(|a| {
                    matches!(a, Ability::CantMoveToBase(MoveBan::Units))
                        || here && matches!(a, Ability::CantMoveToBase(MoveBan::UnitsHere))
                })
            {
                return Some(b.name.clone());
            }
        }
        None
    }

    /// 444.2 / 144.4.a.1: units cannot move to a battlefield that already has units of two
    /// other players; 442.2.b: nor to one a teammate controls.
    fn battlefield_closed_to(&self, p: PlayerId, b: BfId) -> Option<super::trace::Cite> {
        let mut others: Vec<PlayerId> = self
            .units_at(Zone::Battlefield(b))
            .into_iter()
            .map(|u| self.controller(u))
            .filter(|c| *c != p)
            .collect();
        others.sort();
        others.dedup();
        if others.len() >= 2 {
            return Some(cite!("444.2"));
        }
        // 442.2.a / 457.1: with more than two players, a battlefield with a staged combat or
        // a combat in progress is closed to players not in it who have no permanents there
        if self.players.len() > 2 {
            let present = self
                .objects
                .iter()
                .any(|o| o.zone == Zone::Battlefield(b) && self.controller(o.id) == p);
            let in_combat = self
                .combat
                .as_ref()
                .is_some_and(|c| c.battlefield == b && c.attacker != p && c.defender != p);
            let staged = self.battlefields[b.0].combat_staged;
            if (in_combat || staged) && !present {
                return Some(cite!("442.2.a"));
            }
        }
        if let Some(c) = self.battlefields[b.0].controller
            && c != p
            && !self.opponents(p, c)
        {
            return Some(cite!("442.2.b"));
        }
        None
    }

    /// 144: the standard move. Legal in the mover's main phase (144.1.a), not in a closed
    /// state (144.1.b) nor during a showdown or combat (144.1.c); its cost is exhausting the
    /// units (144.2); several units may move together to one destination (144.3); base to
    /// battlefield (144.4.a), battlefield to base (144.4.b), battlefield to battlefield only
    /// with Ganking (144.4.c.1, 810.1.b).
    pub(crate) fn standard_move(
        &mut self,
        player: PlayerId,
        units: &[ObjId],
        to: Location,
    ) -> R<()> {
        if self.turn.phase != Phase::Main || self.turn.player != player {
            return illegal(
                cite!("144.1.a"),
                format!(
                    "{} can make a standard move only during their own main phase",
                    self.player_name(player)
                ),
            );
        }
        if !self.chain.is_empty() {
            return illegal(
                cite!("144.1.b"),
                "a standard move cannot be made in a closed state (the chain exists)",
            );
        }
        if self.showdown.is_some() || self.combat.is_some() {
            return illegal(
                cite!("144.1.c"),
                "a standard move cannot be made during a showdown or combat",
            );
        }
        if units.is_empty() {
            return illegal(cite!("144.3"), "a move needs at least one unit");
        }
        let chars = self.derived();
        for &u in units {
            let o = &self.objects[u.0];
            if !o.is_unit() || !o.zone.on_board() {
                return illegal(
                    cite!("442.3"),
                    format!("{} is not a unit on the board", o.def.name),
                );
            }
            if self.controller(u) != player {
                return illegal(
                    cite!("144.2"),
                    format!(
                        "{} is not controlled by {}",
                        o.def.name,
                        self.player_name(player)
                    ),
                );
            }
            if o.exhausted {
                return illegal(
                    cite!("144.2"),
                    format!(
                        "{} is exhausted and cannot pay the standard move's cost (exhausting it)",
                        o.def.name
                    ),
                );
            }
            let dest = self.destination_zone(u, to);
            if let (Zone::Base(_), Some(by)) = (dest, self.move_to_base_banned_by(u)) {
                return illegal(
                    cite!("054.1"),
                    format!("{} can't move to base ({by}'s ability)", o.def.name),
                );
            }
            match (o.zone, dest) {
                (a, b) if a == b => {
                    return illegal(cite!("355.4.a"), format!("{} is already there", o.def.name));
                }
                (Zone::Base(_), Zone::Battlefield(_)) => {}
                (Zone::Battlefield(_), Zone::Base(_)) => {}
                (Zone::Battlefield(_), Zone::Battlefield(b)) => {
                    if !super::keywords::ganking::may_move_between_battlefields(&chars[u.0])
                        && !self.move_here_from_anywhere(b)
                    {
                        return illegal(
                            cite!("144.4.c.1"),
                            format!(
                                "{} has no Ganking, so its standard move cannot go from battlefield to battlefield",
                                o.def.name
                            ),
                        );
                    }
                }
                _ => {
                    return illegal(
                        cite!("144.4"),
                        format!(
                            "{} cannot standard-move from {} to {}",
                            o.def.name,
                            self.zone_name(o.zone),
                            self.zone_name(dest)
                        ),
                    );
                }
            }
        }
        if let Location::Battlefield(b) = to
            && let Some(rule) = self.battlefield_closed_to(player, b)
        {
            return illegal(
                rule,
                format!(
                    "{} cannot move units to {}",
                    self.player_name(player),
                    self.bf_name(b)
                ),
            );
        }
        let names: Vec<&str> = units.iter().map(|u| self.obj_name(*u)).collect();
        let text = format!(
            "{} makes a standard move: {} to {}",
            self.player_name(player),
            names.join(", "),
            match to {
                Location::Base => "base".to_string(),
                Location::Battlefield(b) => self.bf_name(b).to_string(),
                Location::Here | Location::Chosen | Location::ToOrFromBase | Location::Place(_) =>
                    "here".to_string(),
            }
        );
        let mut rules = vec![cite!("144"), cite!("443")];
        if let Location::Battlefield(b) = to
            && units
                .iter()
                .any(|u| matches!(self.objects[u.0].zone, Zone::Battlefield(_)))
        {
            // battlefield to battlefield: allowed by Ganking, or by the destination's
            // "Units can move here from anywhere"
            rules.push(cite!("144.4.c.1"));
            if units.iter().any(|u| {
                matches!(self.objects[u.0].zone, Zone::Battlefield(_))
                    && super::keywords::ganking::may_move_between_battlefields(&chars[u.0])
            }) {
                rules.push(cite!("810.1.b"));
            }
            if self.move_here_from_anywhere(b) {
                let t = format!("{}: units can move there from anywhere", self.bf_name(b));
                self.event(EventKind::Action, vec![cite!("144.4")], t, vec![]);
            }
        }
        self.event(
            EventKind::Action,
            rules,
            text,
            units.iter().map(|u| u.0).collect(),
        );
        self.depth = 1;
        for &u in units {
            if !self.objects[u.0].exhausted {
                self.objects[u.0].exhausted = true;
                let t = format!("{} is exhausted to pay for its move", self.obj_name(u));
                self.event(EventKind::Effect, vec![cite!("144.2")], t, vec![u.0]);
            }
        }
        self.do_move(units, to, None)
    }

    /// 444.1: the destination of "Move an enemy unit", which names none: `chooser` picks
    /// the unit's base or a battlefield it is not at that it may move to (444.2, 442.2);
    /// `None` when the unit is no longer on the board or has nowhere to go.
    pub(crate) fn choose_destination(
        &mut self,
        u: ObjId,
        chooser: PlayerId,
        to_or_from_base: bool,
    ) -> R<Option<Location>> {
        let here = self.objects[u.0].zone;
        if !here.on_board() || !self.objects[u.0].is_unit() {
            return Ok(None);
        }
        let owner = self.controller(u);
        // "to or from its base" (444.1): a unit at a battlefield goes to its base
        if to_or_from_base && here != Zone::Base(owner) {
            return Ok(Some(Location::Base));
        }
        let mut places: Vec<(Location, String, Answer)> = Vec::new();
        if here != Zone::Base(owner) {
            places.push((
                Location::Base,
                format!("{}'s base", self.player_name(owner)),
                Answer::Index(0),
            ));
        }
        for b in 0..self.battlefields.len() {
            let b = BfId(b);
            if here != Zone::Battlefield(b) && self.battlefield_closed_to(owner, b).is_none() {
                places.push((
                    Location::Battlefield(b),
                    self.bf_name(b).to_string(),
                    Answer::Battlefield(b),
                ));
            }
        }
        if places.is_empty() {
            return Ok(None);
        }
        let d = Decision {
            kind: DecisionKind::Destination,
            player: chooser,
            prompt: format!(
                "{} chooses where {} moves",
                self.player_name(chooser),
                self.obj_name(u)
            ),
            options: places
                .iter()
                .enumerate()
                .map(|(i, (_, label, a))| DecisionOption {
                    label: label.clone(),
                    answer: match a {
                        Answer::Index(_) => Answer::Index(i),
                        a => a.clone(),
                    },
                })
                .collect(),
            more: 0,
            items: vec![],
            rules: vec![cite!("444.1"), cite!("441.1")],
        };
        let i = self.decide(d)?;
        Ok(Some(places[i].0))
    }

    /// 182.1.a, 439.2.b: where tokens are played when their instruction names no place: a
    /// unit token, like a unit card, to its player's base or a battlefield they control where
    /// units can be played (355.2.a, 054.1) — their choice when there is more than the base;
    /// a gear token to the base (151.2). Several unit tokens of one instruction are each
    /// played on their own, so this is asked for each (`count` is then 1).
    pub(crate) fn token_place(
        &mut self,
        card: &super::objects::CardDef,
        count: i32,
        player: PlayerId,
    ) -> R<Location> {
        if card.card_type == super::objects::CardType::Gear {
            return Ok(Location::Base);
        }
        let mine: Vec<BfId> = (0..self.battlefields.len())
            .map(BfId)
            .filter(|b| {
                self.battlefields[b.0].controller == Some(player) && !self.no_units_played_at(*b)
            })
            .collect();
        if mine.is_empty() {
            return Ok(Location::Base);
        }
        let mut options = vec![DecisionOption {
            label: format!("{}'s base", self.player_name(player)),
            answer: Answer::Index(0),
        }];
        options.extend(mine.iter().map(|b| DecisionOption {
            label: self.bf_name(*b).to_string(),
            answer: Answer::Battlefield(*b),
        }));
        let d = Decision {
            kind: DecisionKind::Target,
            player,
            prompt: format!(
                "{} chooses where to play {} {} token{}",
                self.player_name(player),
                count,
                card.name,
                if count == 1 { "" } else { "s" }
            ),
            options,
            more: 0,
            items: vec![],
            rules: vec![cite!("182.1.a"), cite!("439.2.b"), cite!("355.2.a")],
        };
        Ok(match self.decide(d)? {
            0 => Location::Base,
            i => Location::Battlefield(mine[i - 1]),
        })
    }

    /// 444: a move caused by an effect; its destination must be valid, or the unit is
    /// recalled instead (442.2.c).
    pub(crate) fn effect_move(
        &mut self,
        units: &[ObjId],
        to: Location,
        by: Option<PlayerId>,
    ) -> R<()> {
        let mut movers = Vec::new();
        for &u in units {
            if !self.objects[u.0].zone.on_board() || !self.objects[u.0].is_unit() {
                continue;
            }
            if let Location::Battlefield(b) = to
                && let Some(rule) = self.battlefield_closed_to(self.controller(u), b)
            {
                let t = format!(
                    "{} cannot move to {}, so it is recalled instead",
                    self.obj_name(u),
                    self.bf_name(b)
                );
                self.event(EventKind::Zone, vec![cite!("442.2.c"), rule], t, vec![u.0]);
                self.recall_units(&[u], cite!("442.2.c"))?;
                continue;
            }
            let dest = self.destination_zone(u, to);
            if let (Zone::Base(_), true) = (dest, self.objects[u.0].zone != dest)
                && let Some(by) = self.move_to_base_banned_by(u)
            {
                // 054.1: it can't move there; 442.2.c: the move is a recall instead
                let t = format!(
                    "{} can't move to base ({by}'s ability), so it is recalled instead",
                    self.obj_name(u)
                );
                self.event(
                    EventKind::Zone,
                    vec![cite!("054.1"), cite!("442.2.c")],
                    t,
                    vec![u.0],
                );
                self.recall_units(&[u], cite!("442.2.c"))?;
                continue;
            }
            if self.objects[u.0].zone != dest {
                movers.push(u);
            }
        }
        if movers.is_empty() {
            return Ok(());
        }
        self.do_move(&movers, to, by)
    }

    /// 441: the move itself (instantaneous, 441.3); the destination becomes contested if it
    /// is a battlefield its controller does not control (445, 187.3.a.1); "when I move"
    /// triggers go pending; a cleanup follows (448, 319.8). `by`: the player whose
    /// instruction moves them (420.2.a), for "When you move an enemy unit".
    fn do_move(&mut self, units: &[ObjId], to: Location, by: Option<PlayerId>) -> R<()> {
        // 369: replacements of the move intercede first; units moving together are
        // simultaneous events (373)
        let events: Vec<(ObjId, String)> = units
            .iter()
            .map(|&u| {
                let dest = self.destination_zone(u, to);
                (u, format!("would move to {}", self.zone_name(dest)))
            })
            .collect();
        let units = self.replace_events(ReplacedEvent::Move, &events, cite!("441.1"))?;
        // what a replacement did instead may have taken a unit off the board or moved it
        let units: Vec<ObjId> = units
            .into_iter()
            .filter(|&u| {
                self.objects[u.0].zone.on_board()
                    && self.objects[u.0].zone != self.destination_zone(u, to)
            })
            .collect();
        if units.is_empty() {
            return Ok(());
        }
        let units = &units[..];
        let mut triggered = Vec::new();
        for &u in units {
            let from = self.objects[u.0].zone;
            let dest = self.destination_zone(u, to);
            self.objects[u.0].zone = dest;
            self.objects[u.0].moves_this_turn += 1;
            let t = format!(
                "{} moves from {} to {}",
                self.obj_name(u),
                self.zone_name(from),
                self.zone_name(dest)
            );
            self.event(
                EventKind::Zone,
                vec![cite!("441.1"), cite!("441.3")],
                t,
                vec![u.0],
            );
            self.move_attached_with(u);
            triggered.push((u, from));
        }
        // 448: when the move is complete, a cleanup (319.8)
        self.make_outstanding(cite!("319.8"));
        if let Location::Battlefield(b) = to {
            let mover = self.controller(units[0]);
            self.apply_contested(b, mover, cite!("445"));
        }
        let mut batch = Vec::new();
        for (u, from) in triggered {
            batch.extend(self.collect_triggers(u, &Trigger::Moves, None));
            // "When you move an enemy unit" (383.1, 420.2.a): of the moving player's
            // permanents, "it" being the unit
            if let Some(p) = by
                && self.opponents(p, self.controller(u))
            {
                batch.extend(self.observer_triggers(&Trigger::YouMoveEnemyUnit, p, Some(u), None));
            }
            if let Location::Battlefield(b) = to {
                let mut v = self.collect_triggers(u, &Trigger::MovesToBattlefield, None);
                let _ = bind_event_battlefield(&mut v, b);
                batch.extend(v);
            }
            if let Zone::Battlefield(b) = from {
                // 359.3.f.3: "there" is the battlefield it moved from, noted as it triggers
                let mut v = self.collect_triggers(u, &Trigger::MovesFromBattlefield, None);
                for label in bind_event_battlefield(&mut v, b) {
                    let t = format!(
                        "{label}: \"there\" is {}, the battlefield it moved from, noted as it triggers",
                        self.bf_name(b)
                    );
                    self.event(EventKind::Effect, vec![cite!("359.3.f.3")], t, vec![u.0]);
                }
                batch.extend(v);
                // "When a unit moves from here" of the battlefield left, controlled by its
                // controller or, uncontrolled, the turn player (187.6.a–b); "it" is the unit
                for mut t in
                    self.collect_bf_triggers(b, &Trigger::UnitMovesFromHere, self.turn.player)
                {
                    if let Some(l) = t.label.strip_suffix(')') {
                        t.label = format!("{l}: {})", self.obj_name(u));
                    }
                    t.effects = t
                        .effects
                        .iter()
                        .map(|e| super::abilities::replacement::bind_affected(e, u))
                        .collect();
                    batch.push(t);
                }
            }
        }
        self.place_triggers(batch, vec![cite!("383.3")], false)
    }

    /// 187.3.a.1: a unit that becomes present at a battlefield its controller does not
    /// control applies Contested, if it is not already contested.
    pub(crate) fn apply_contested(&mut self, b: BfId, p: PlayerId, why: super::trace::Cite) {
        let bf = &self.battlefields[b.0];
        if bf.controller == Some(p) || bf.contested {
            return;
        }
        self.battlefields[b.0].contested = true;
        self.battlefields[b.0].contested_by = Some(p);
        let t = format!(
            "{} becomes contested by {}",
            self.bf_name(b),
            self.player_name(p)
        );
        let mut rules = vec![why];
        if why != cite!("187.3.a.1") {
            rules.push(cite!("187.3.a.1"));
        }
        self.event(EventKind::Control, rules, t, vec![]);
        self.make_outstanding(cite!("319.7"));
    }

    /// 450: recalls `units` together, for the reason `why`: replacement effects of their
    /// being recalled intercede first (369; simultaneous events, 373).
    pub(crate) fn recall_units(&mut self, units: &[ObjId], why: super::trace::Cite) -> R<()> {
        let events: Vec<(ObjId, String)> = units
            .iter()
            .filter(|&&u| {
                let z = self.objects[u.0].zone;
                z.on_board() && z != Zone::Base(self.controller(u))
            })
            .map(|&u| (u, "would be recalled".to_string()))
            .collect();
        for u in self.replace_events(ReplacedEvent::Recalled, &events, why)? {
            self.recall(u, vec![why]);
        }
        Ok(())
    }

    /// 450: a recall relocates a permanent to its controller's base without it being a move
    /// (451.1: no move triggers); its damage, exhausted status, buffs and layer alterations
    /// remain (453.1).
    pub(crate) fn recall(&mut self, u: ObjId, mut rules: Vec<super::trace::Cite>) {
        let from = self.objects[u.0].zone;
        let base = Zone::Base(self.controller(u));
        if !from.on_board() || from == base {
            return;
        }
        self.objects[u.0].zone = base;
        if !rules.contains(&cite!("450")) {
            rules.push(cite!("450"));
        }
        rules.push(cite!("453.1"));
        let t = format!(
            "{} is recalled from {} to {}",
            self.obj_name(u),
            self.zone_name(from),
            self.zone_name(base)
        );
        self.event(EventKind::Zone, rules, t, vec![u.0]);
        self.move_attached_with(u);
        self.make_outstanding(cite!("319.7"));
    }
}

/// 383.1: "When I move to a battlefield, you may move an enemy unit to that battlefield" —
/// "that battlefield" ("there", "the same battlefield") in the abilities that trigger on the
/// move is the battlefield it moved to, fixed as they trigger; unless an earlier instruction
/// of the ability chooses a battlefield, which "there" then refers to (355.4). 359.3.f.3:
/// "When I move from a location, play a Sprite token there" — information from the trigger
/// condition is checked as it is fulfilled: "there" is the battlefield it moved from, noted
/// as the ability triggers, wherever the unit goes while the ability is on the chain.
/// Returns the labels of the abilities whose "there" it fixed.
fn bind_event_battlefield(batch: &mut [super::chain::Triggered], b: BfId) -> Vec<String> {
    use super::objects::{BfNeed, Place, Target};
    fn bind(p: &mut Place, chosen: &mut bool, b: BfId) -> bool {
        match p {
            Place::ChooseBattlefield(_) => *chosen = true,
            Place::There if !*chosen => {
                *p = Place::Battlefield(b, BfNeed::Any);
                return true;
            }
            _ => {}
        }
        false
    }
    let mut bound = Vec::new();
    for t in batch {
        let mut chosen = false;
        let mut any = false;
        for e in t.effects.iter_mut() {
            for tg in super::choices::targets_mut(e) {
                if let Target::ChooseUnit(f) | Target::Each(f) = tg
                    && let Some(p) = f.place_mut()
                {
                    any |= bind(p, &mut chosen, b);
                }
            }
            if let Some(p) = super::choices::move_place_mut(e) {
                any |= bind(p, &mut chosen, b);
            }
        }
        if any {
            bound.push(t.label.clone());
        }
    }
    bound
}
