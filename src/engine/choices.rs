//! Step 2 of playing a card or an ability: relevant choices (355, 402). The objects a card
//! or ability specifically chooses are chosen when it is put on the chain, by its controller
//! (355.5, 402.1), not on resolution; a triggered ability makes its choices when it triggers
//! (355.5.b). Without legal choices a spell cannot be played (355.8), an activated ability
//! cannot be activated (402.2) and a triggered ability is removed from the chain (402.3).
//! On resolution a chosen target that is no longer legal is unaffected (359.3.e.5).

use super::actions::R;
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::{BfNeed, Effect, Location, Place, Target, UnitFilter};
use super::state::{BfId, Game, ObjId, PlayerId, Snapshot, Zone};
use super::trace::Cite;

/// The targets of one instruction (the game objects it may affect), for choosing them.
pub fn targets_mut(e: &mut Effect) -> Vec<&mut Target> {
    match e {
        Effect::DealDamage { target, .. }
        | Effect::Kill { target }
        | Effect::Buff { target }
        | Effect::MightThisTurn { target, .. }
        | Effect::GiveMight { target, .. }
        | Effect::Double { target, .. }
        | Effect::SwapMight { target, .. }
        | Effect::SetMight { target, .. }
        | Effect::GrantKeyword { target, .. }
        | Effect::RemoveKeyword { target, .. }
        | Effect::CantBeDealtDamage { target, .. }
        | Effect::GrantTag { target, .. }
        | Effect::Recall { target }
        | Effect::Heal { target }
        | Effect::Ready { target }
        | Effect::Exhaust { target }
        | Effect::Move { target, .. }
        | Effect::GainControl { target, .. }
        | Effect::Attach { target }
        | Effect::CreateReplacement { target, .. }
        | Effect::ReturnToHand { target }
        | Effect::Banish { target }
        | Effect::PlayCard { target, .. }
        | Effect::Stun { target }
        | Effect::Counter { target } => vec![target],
        // 390.2: the unit a delayed ability watches ("when it dies this turn")
        Effect::CreateDelayed {
            target: Some(target),
            ..
        } => vec![target],
        Effect::Fight { first, second } => vec![first, second],
        // "it" (the dealer) is the unit chosen before; what it deals damage to is chosen after
        Effect::UnitDeals { by, to } => vec![by, to],
        Effect::May { effect } | Effect::Linked { effect } => targets_mut(effect),
        // the unit is the one the first instruction chose; the player's instruction has none
        Effect::ThenItsPlayer { effect, .. }
        | Effect::ForEach { effect, .. }
        | Effect::Unless { effect, .. } => targets_mut(effect),
        // "it" in the linked or conditional instructions is the unit the first one chose
        Effect::IfDone {
            effect,
            then,
            otherwise,
        } => {
            let mut v = targets_mut(effect);
            for e in then.iter_mut().chain(otherwise.iter_mut()) {
                v.extend(targets_mut(e));
            }
            v
        }
        Effect::If {
            effect, otherwise, ..
        } => {
            let mut v = targets_mut(effect);
            for e in otherwise.iter_mut() {
                v.extend(targets_mut(e));
            }
            v
        }
        // "it" in what replaces the instruction is the unit the instruction chose
        Effect::SelfReplaced {
            effect, instead, ..
        } => {
            let mut v = targets_mut(effect);
            for e in instead.iter_mut() {
                v.extend(targets_mut(e));
            }
            v
        }
        Effect::GainPoints { .. }
        | Effect::Score { .. }
        | Effect::Draw { .. }
        | Effect::Discard { .. }
        | Effect::DiscardHand { .. }
        | Effect::RecycleFromTrash { .. }
        | Effect::RecycleRune { .. }
        | Effect::TopToTrash { .. }
        | Effect::CreateToken { .. }
        | Effect::GainXp { .. }
        | Effect::Add { .. }
        | Effect::PayCost(_)
        | Effect::ChooseOne { .. }
        | Effect::OneOf { .. }
        | Effect::Channel { .. }
        | Effect::Predict { .. }
        | Effect::RevealHandPick { .. }
        | Effect::LookAtTop { .. }
        | Effect::KillOneOfTheir { .. }
        | Effect::UnitsEnterReadyThisTurn { .. }
        | Effect::CostThisTurn { .. }
        | Effect::CantPlayThisTurn { .. }
        | Effect::CreateDelayed { .. }
        | Effect::Reflexive { .. }
        | Effect::Weaponmaster
        | Effect::AdditionalTurn { .. }
        | Effect::PlayThatToken { .. } => vec![],
    }
}

/// " with Energy cost 3 or less and Power cost 1 or less": bounds of printed costs.
fn cost_phrase(cost: (Option<i32>, Option<i32>)) -> String {
    match cost {
        (None, None) => String::new(),
        (Some(e), None) => format!(" with Energy cost {e} or less"),
        (None, Some(p)) => format!(" with Power cost {p} or less"),
        (Some(e), Some(p)) => format!(" with Energy cost {e} or less and Power cost {p} or less"),
    }
}

/// How a choice of a unit is worded in a prompt.
pub(crate) fn filter_phrase(f: &UnitFilter) -> String {
    match f {
        UnitFilter::MightAtMost(inner, n) => {
            return format!("{} with {n} Might or less", filter_phrase(inner));
        }
        UnitFilter::WithTag(inner, tag) => {
            return format!("{} with the tag {tag}", filter_phrase(inner));
        }
        UnitFilter::WithKeyword(inner, k) => {
            return format!("{} with [{k}]", filter_phrase(inner));
        }
        UnitFilter::CostAtMost(inner, cost) => {
            return format!("{}{}", filter_phrase(inner), cost_phrase(*cost));
        }
        UnitFilter::WithDomain(inner, d) => {
            return format!("{} of the {d} Domain", filter_phrase(inner));
        }
        UnitFilter::OrGear(inner) => return format!("{} (or a gear)", filter_phrase(inner)),
        UnitFilter::Lacking(inner, lack) => {
            return match lack {
                super::objects::Lack::Tag(t) => {
                    format!("{} without the tag {t}", filter_phrase(inner))
                }
                super::objects::Lack::Keyword(k) => {
                    format!("{} without [{k}]", filter_phrase(inner))
                }
            };
        }
        UnitFilter::Distinct(inner) => {
            return format!("{} not chosen yet", filter_phrase(inner));
        }
        UnitFilter::UpToOne(inner) => return format!("up to one: {}", filter_phrase(inner)),
        UnitFilter::Attacking(inner) => {
            return format!("{} that is attacking", filter_phrase(inner));
        }
        UnitFilter::InCombat(inner) => return format!("{} in combat", filter_phrase(inner)),
        UnitFilter::Exhausted(inner) => {
            return format!("{} that is exhausted", filter_phrase(inner));
        }
        UnitFilter::Token(inner) => return format!("{} that is a token", filter_phrase(inner)),
        UnitFilter::Here => "a unit here",
        UnitFilter::UnitsAndGear => "a unit or gear",
        UnitFilter::Damaged(inner) => return format!("{} that is damaged", filter_phrase(inner)),
        UnitFilter::NotSource(inner) => return format!("{} other than me", filter_phrase(inner)),
        UnitFilter::AtSource(inner) => return format!("{} here", filter_phrase(inner)),
        UnitFilter::InBase(inner) => return format!("{} in a base", filter_phrase(inner)),
        UnitFilter::At(inner, p) => {
            return format!("{} {}", filter_phrase(inner), place_phrase(p));
        }
        UnitFilter::OtherThanIt(inner, _) => {
            return format!("{} other than it", filter_phrase(inner));
        }
        UnitFilter::Rune { friendly: false } => "a rune",
        UnitFilter::Rune { friendly: true } => "a friendly rune",
        UnitFilter::Any => "a unit",
        UnitFilter::Friendly => "a friendly unit",
        UnitFilter::Yours => "a unit you control",
        UnitFilter::OtherYours => "another unit you control",
        UnitFilter::Enemy => "an enemy unit",
        UnitFilter::EnemyHere => "an enemy unit here",
        UnitFilter::FriendlyHere => "a friendly unit here",
        UnitFilter::AtBattlefield => "a unit at a battlefield",
        UnitFilter::EnemyAtBattlefield => "an enemy unit at a battlefield",
        UnitFilter::FriendlyAtBattlefield => "a friendly unit at a battlefield",
        UnitFilter::OtherFriendly => "another friendly unit",
        UnitFilter::Other => "another unit",
        UnitFilter::Gear => "a gear",
        UnitFilter::EnemyGear => "an enemy gear",
        UnitFilter::InTrash { types, tags, cost } => {
            let mut words: Vec<String> = types
                .iter()
                .map(|t| format!("{t:?}").to_ascii_lowercase())
                .chain(tags.iter().cloned())
                .collect();
            if words.is_empty() {
                words.push("card".into());
            }
            return format!(
                "a {}{} in your trash",
                words.join(" or "),
                cost_phrase(*cost)
            );
        }
        UnitFilter::Spell => "a spell on the chain",
        UnitFilter::EnemySpell => "an enemy spell on the chain",
    }
    .to_string()
}

/// How a place is worded in a prompt ("at a battlefield", "there").
pub(crate) fn place_phrase(p: &super::objects::Place) -> String {
    use super::objects::{BfNeed, Place};
    let need = |n: &BfNeed| match n {
        BfNeed::Any => "",
        BfNeed::YouHaveUnits => " where its controller has units",
        BfNeed::YouControl => " its controller controls",
    };
    match p {
        Place::ChooseBattlefield(n) => format!("at a battlefield{}", need(n)),
        Place::There | Place::Battlefield(..) => "there".into(),
        Place::ItsLocation | Place::LocationOf(_) => "at its location".into(),
    }
}

/// How "all/each [units]" is worded: "each enemy unit at a battlefield", "each other unit".
pub(crate) fn each_phrase(f: &UnitFilter) -> String {
    let p = filter_phrase(f);
    let p = p.as_str();
    match p.strip_prefix("another ") {
        Some(rest) => format!("each other {rest}"),
        None => format!(
            "each {}",
            p.strip_prefix("an ")
                .or_else(|| p.strip_prefix("a "))
                .unwrap_or(p)
        ),
    }
}

impl Game {
    /// 355.9: the units on the board that `filter` allows `controller` to choose, "here"
    /// being `here` and "another" meaning other than `source`.
    pub(crate) fn unit_candidates(
        &self,
        filter: &UnitFilter,
        controller: PlayerId,
        here: Option<Zone>,
        source: Option<ObjId>,
    ) -> Vec<ObjId> {
        let mut v = if filter.is_trash() {
            self.objects_in(Zone::Trash(controller))
                .into_iter()
                .filter(|u| self.matches_filter(*u, filter, controller, here, source))
                .collect()
        } else if filter.is_spell() {
            self.objects
                .iter()
                .filter(|o| {
                    o.zone == Zone::Chain && o.def.card_type == super::objects::CardType::Spell
                })
                .map(|o| o.id)
                .filter(|u| self.matches_filter(*u, filter, controller, here, source))
                .collect()
        } else {
            self.each_unit(filter, controller, here, source)
        };
        // 355.9.b: "I can't be chosen by enemy spells and abilities" restricts the choices
        // of its controller's opponents
        v.retain(|u| {
            !(self.opponents(controller, self.controller(*u))
                && self.objects[u.0].zone.on_board()
                && !self.rules_text_inactive(*u)
                && self.objects[u.0].def.abilities.iter().any(|a| match a {
                    super::objects::Ability::NotChosenByEnemies => true,
                    // "… unless I'm in combat"
                    super::objects::Ability::NotChosenByEnemiesUnless(c) => {
                        !self.ability_condition_holds(c, Some(*u), self.controller(*u))
                    }
                    _ => false,
                }))
        });
        // "Your units here with less Might than me can't be chosen by enemy spells and
        // abilities" (355.9.b)
        v.retain(|u| {
            !(self.opponents(controller, self.controller(*u))
                && self.lesser_here_under(
                    *u,
                    &super::objects::Ability::LesserAlliesHereUnchosen,
                    true,
                ))
        });
        // 811.1.d.2: a card played from hidden chooses among options at its battlefield
        v.retain(|u| {
            self.restrict_choices
                .is_none_or(|z| self.objects[u.0].zone == z)
        });
        v
    }

    /// The units (or gear) on the board `filter` describes ("all/each …"), seen from
    /// `controller`.
    pub(crate) fn each_unit(
        &self,
        filter: &UnitFilter,
        controller: PlayerId,
        here: Option<Zone>,
        source: Option<ObjId>,
    ) -> Vec<ObjId> {
        self.objects
            .iter()
            .filter(|o| {
                o.zone.on_board()
                    && if filter.is_gear() {
                        o.is_gear()
                    } else if filter.or_gear() {
                        o.is_unit() || o.is_gear()
                    } else if filter.is_rune() {
                        o.def.card_type == super::objects::CardType::Rune
                    } else {
                        o.is_unit()
                    }
            })
            .map(|o| o.id)
            .filter(|u| self.matches_filter(*u, filter, controller, here, source))
            .collect()
    }

    fn matches_filter(
        &self,
        u: ObjId,
        filter: &UnitFilter,
        controller: PlayerId,
        here: Option<Zone>,
        source: Option<ObjId>,
    ) -> bool {
        let c = self.controller(u);
        let z = self.objects[u.0].zone;
        let at_battlefield = matches!(z, Zone::Battlefield(_));
        match filter {
            UnitFilter::AtBattlefield => at_battlefield,
            UnitFilter::EnemyAtBattlefield => at_battlefield && self.opponents(controller, c),
            // 740.1, 484.8.d: friendly is the controller's or a teammate's
            UnitFilter::FriendlyAtBattlefield => at_battlefield && self.friendly(controller, c),
            UnitFilter::OtherFriendly => self.friendly(controller, c) && Some(u) != source,
            // 484.8.c: control is not shared
            UnitFilter::Yours => c == controller,
            UnitFilter::OtherYours => c == controller && Some(u) != source,
            UnitFilter::Other => Some(u) != source,
            UnitFilter::MightAtMost(f, n) => {
                self.might(u) <= *n && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::WithTag(f, tag) => {
                self.derived()[u.0]
                    .tags
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(tag))
                    && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::Distinct(f) | UnitFilter::UpToOne(f) => {
                self.matches_filter(u, f, controller, here, source)
            }
            // 722.1: inactive text still has its keywords
            UnitFilter::WithKeyword(f, k) => {
                self.derived()[u.0]
                    .keywords
                    .iter()
                    .any(|x| x.kind() == k.kind())
                    && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::Attacking(f) => {
                self.has_designation(u, super::objects::Designation::Attacker)
                    && self.matches_filter(u, f, controller, here, source)
            }
            // 741.3: at the battlefield where combat is ongoing, with a combat designation
            UnitFilter::InCombat(f) => {
                self.combat
                    .as_ref()
                    .is_some_and(|c| z == Zone::Battlefield(c.battlefield))
                    && self.objects[u.0].designation.is_some()
                    && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::Rune { friendly } => !friendly || self.friendly(controller, c),
            UnitFilter::Exhausted(f) => {
                self.objects[u.0].exhausted && self.matches_filter(u, f, controller, here, source)
            }
            // 176: a token
            UnitFilter::Token(f) => {
                self.objects[u.0].token && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::Here => Some(z) == here,
            UnitFilter::Damaged(f) => {
                self.objects[u.0].damage > 0 && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::NotSource(f) => {
                Some(u) != source && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::AtSource(f) => {
                Some(z) == here && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::InBase(f) => {
                matches!(z, Zone::Base(_)) && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::At(f, p) => {
                self.place_zone(p, controller) == Some(z)
                    && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::OtherThanIt(f, it) => {
                Some(u) != *it && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::Gear | UnitFilter::UnitsAndGear => true,
            UnitFilter::EnemyGear => self.opponents(controller, c),
            UnitFilter::Any => true,
            UnitFilter::Friendly => self.friendly(controller, c),
            UnitFilter::Enemy => self.opponents(controller, c),
            UnitFilter::EnemyHere => Some(z) == here && self.opponents(controller, c),
            UnitFilter::FriendlyHere => Some(z) == here && self.friendly(controller, c),
            UnitFilter::Spell => true,
            UnitFilter::EnemySpell => self.opponents(controller, c),
            UnitFilter::InTrash { types, tags, cost } => {
                let d = &self.objects[u.0].def;
                ((types.is_empty() && tags.is_empty())
                    || types.contains(&d.card_type)
                    || d.tags
                        .iter()
                        .any(|t| tags.iter().any(|x| x.eq_ignore_ascii_case(t))))
                    && self.costs_within(u, *cost)
            }
            UnitFilter::CostAtMost(f, cost) => {
                self.costs_within(u, *cost) && self.matches_filter(u, f, controller, here, source)
            }
            // 134.1: the Domains a card belongs to
            UnitFilter::WithDomain(f, d) => {
                self.objects[u.0]
                    .def
                    .domains
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(d))
                    && self.matches_filter(u, f, controller, here, source)
            }
            UnitFilter::OrGear(f) => self.matches_filter(u, f, controller, here, source),
            // "a non-Dragon unit", "without [Temporary]" (722.1: inactive text still has its
            // keywords)
            UnitFilter::Lacking(f, lack) => {
                let d = &self.derived()[u.0];
                let has = match lack {
                    super::objects::Lack::Tag(t) => {
                        d.tags.iter().any(|x| x.eq_ignore_ascii_case(t))
                    }
                    super::objects::Lack::Keyword(k) => {
                        d.keywords.iter().any(|x| x.kind() == k.kind())
                    }
                };
                !has && self.matches_filter(u, f, controller, here, source)
            }
        }
    }

    /// "With cost no more than [3] and no more than [Rune]": `u`'s printed Energy and Power
    /// costs within the bounds (`None`: any) — a card's costs are characteristics in every
    /// zone (138.2.b).
    fn costs_within(&self, u: ObjId, (energy, power): (Option<i32>, Option<i32>)) -> bool {
        let d = &self.objects[u.0].def;
        energy.is_none_or(|n| d.energy_cost.unwrap_or(0) <= n)
            && power.is_none_or(|n| d.power_cost.as_ref().map_or(0, |p| p.total()) <= n)
    }

    /// 359.3.e.2–359.3.e.4: a chosen target is legal on resolution when it is still a unit on
    /// the board meeting the requirements, and the same object (no zone change to or from a
    /// non-board zone since it was chosen, which renews its timestamp).
    pub(crate) fn chosen_is_legal(
        &self,
        u: ObjId,
        filter: &UnitFilter,
        stamp: u64,
        controller: PlayerId,
        here: Option<Zone>,
        source: Option<ObjId>,
    ) -> bool {
        let o = &self.objects[u.0];
        let present = if filter.is_trash() {
            o.zone == Zone::Trash(controller)
        } else if filter.is_spell() {
            o.zone == Zone::Chain
        } else if filter.is_gear() {
            o.is_gear() && o.zone.on_board()
        } else if filter.or_gear() {
            (o.is_unit() || o.is_gear()) && o.zone.on_board()
        } else if filter.is_rune() {
            o.def.card_type == super::objects::CardType::Rune && o.zone.on_board()
        } else {
            o.is_unit() && o.zone.on_board()
        };
        if !present || o.timestamp != stamp {
            return false;
        }
        // 359.3.e.2: as a chain item resolves, a target is the one that was legal as it began
        // to resolve, and still the same object: an instruction before ("take control of it")
        // does not make the next ("recall it") lose it
        if let Some(&(_, _, legal)) = self
            .legal_as_resolving
            .iter()
            .find(|(o, s, _)| *o == u && *s == stamp)
        {
            return legal;
        }
        self.matches_filter(u, filter, controller, here, source)
    }

    /// 359.3.e.2, 405.1: whether each target the instructions `effects` chose is still legal
    /// as the chain item that holds them begins to resolve — checked once, then kept for
    /// its instructions (see `chosen_is_legal`).
    pub(crate) fn legal_as_resolving(
        &self,
        effects: &[Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
    ) -> Vec<(ObjId, u64, bool)> {
        let here = self.source_location(source, snap);
        let mut out: Vec<(ObjId, u64, bool)> = Vec::new();
        for e in effects {
            let mut e = e.clone();
            for t in targets_mut(&mut e) {
                if let Target::Chosen {
                    object,
                    filter,
                    stamp,
                    again: false,
                } = t
                    && !out.iter().any(|(o, s, _)| o == object && s == stamp)
                {
                    let legal =
                        self.chosen_is_legal(*object, filter, *stamp, controller, here, source);
                    out.push((*object, *stamp, legal));
                }
            }
        }
        out
    }

    /// 355.5, 402.1: the controller chooses each unit the instructions specifically choose,
    /// in order; each choice becomes a `Target::Chosen`. `rules` are cited on each choice.
    /// Returns the first instruction's requirement that no unit meets (355.8, 402.2, 402.3),
    /// leaving the effects as they were chosen so far.
    pub(crate) fn choose_targets(
        &mut self,
        effects: &mut [Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&Snapshot>,
        label: &str,
        rules: &[Cite],
    ) -> R<Option<String>> {
        let here = self.source_location(source, snap);
        // 355.3, 402.1: modes first — a "choose one" becomes the mode chosen; a mode whose
        // targets have no legal choice is not offered
        for e in effects.iter_mut() {
            let Effect::ChooseOne { modes } = e else {
                continue;
            };
            let legal: Vec<usize> = (0..modes.len())
                .filter(|&i| {
                    let mut m = modes[i].clone();
                    targets_mut(&mut m).iter().all(|t| match t {
                        Target::ChooseUnit(f) => {
                            f.up_to()
                                || !self.unit_candidates(f, controller, here, source).is_empty()
                        }
                        _ => true,
                    })
                })
                .collect();
            if legal.is_empty() {
                return Ok(Some("a mode".to_string()));
            }
            let rule = if rules.contains(&crate::cite!("355.5")) {
                crate::cite!("355.3")
            } else {
                crate::cite!("402.1")
            };
            let d = Decision {
                kind: DecisionKind::Mode,
                player: controller,
                prompt: format!(
                    "{} chooses a mode of {}",
                    self.player_name(controller),
                    label
                ),
                options: legal
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| DecisionOption {
                        label: format!(
                            "mode {}: {}",
                            i + 1,
                            self.describe_effect(&modes[i], source)
                        ),
                        answer: Answer::Index(k),
                    })
                    .collect(),
                more: 0,
                items: vec![],
                rules: vec![rule],
            };
            let k = self.decide(d)?;
            *e = modes[legal[k]].clone();
        }
        // "it": the unit the instruction before chose, bound to that same choice
        let mut last: Option<Target> = None;
        let mut chosen_now: Vec<ObjId> = Vec::new();
        // the places an instruction names (355.10.b) and "other than it", fixed as they come
        let mut last_bf: Option<BfId> = None;
        let mut last_obj: Option<ObjId> = None;
        // every target in order, to look at the choice after this one (355.16)
        let plan: Vec<Target> = effects
            .iter()
            .flat_map(|e| {
                let mut e = e.clone();
                targets_mut(&mut e)
                    .into_iter()
                    .map(|t| t.clone())
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut k = 0usize;
        for e in effects.iter_mut() {
            // 824.1.b.1: "[Level N] [instruction]" is the card's only while its controller
            // has N or more XP; below that the instruction is not there to choose for
            let level = match e {
                Effect::If {
                    condition: super::objects::Condition::ControllerXp(n),
                    ..
                } => Some(*n),
                _ => None,
            };
            if let Some(n) = level
                && !self.level_reached(controller, n)
            {
                let skipped = targets_mut(e).len();
                if skipped > 0 {
                    k += skipped;
                    let t = format!(
                        "{label}: its Level {n} instruction chooses nothing — {} has {} XP, so the card does not have it",
                        self.player_name(controller),
                        self.players[controller.0].xp
                    );
                    self.event(
                        super::trace::EventKind::Chain,
                        vec![crate::cite!("824.1.b.1"), crate::cite!("824.1.d")],
                        t,
                        vec![],
                    );
                }
                continue;
            }
            // 355.4: a move's destination the instruction fixes now ("to that battlefield")
            if let Some(p) = move_place_mut(e)
                && let Some(miss) = self.bind_place(
                    p,
                    None,
                    (&mut last_bf, last_obj),
                    (controller, here, source),
                    label,
                    rules,
                )?
            {
                return Ok(Some(miss));
            }
            let split = split_amount(e);
            for t in targets_mut(e) {
                k += 1;
                // 355.11.a, 355.13, 355.14.b: a group chosen at once
                if let Target::ChooseGroup(g) = t {
                    let g = g.clone();
                    let cands = self.unit_candidates(&g.filter, controller, here, source);
                    // 355.14.c, 715.3: at most as many targets as the damage to split, its
                    // Bonus Damage included
                    let (cap, why) = match split {
                        Some(n) => {
                            let bonus = self.split_bonus(&cands, controller, source)?;
                            let total = n.saturating_add(bonus.as_ref().map_or(0, |b| b.amount));
                            let cap = usize::try_from(total.max(0)).unwrap_or(0);
                            match bonus {
                                Some(b) => (
                                    Some(cap),
                                    Some((
                                        crate::cite!("715.3"),
                                        format!(
                                            "at most {total}: {n} damage to split + {}",
                                            b.describe()
                                        ),
                                    )),
                                ),
                                None => (
                                    Some(cap),
                                    Some((
                                        crate::cite!("355.14.a"),
                                        format!("at most {total}: {n} damage to split"),
                                    )),
                                ),
                            }
                        }
                        None => (None, None),
                    };
                    // 355.8: "two units" with no two to choose
                    let Some(members) =
                        self.choose_group(&g, cands, cap, why, controller, label, rules)?
                    else {
                        return Ok(Some(g.phrase()));
                    };
                    chosen_now.extend(members.iter().copied());
                    *t = Target::ChosenGroup {
                        members: members
                            .iter()
                            .map(|u| (*u, self.objects[u.0].timestamp))
                            .collect(),
                        group: g,
                    };
                    last = None;
                    continue;
                }
                if let Target::ChooseUnit(f) | Target::Each(f) = t
                    && let Some(o) = f.other_than_mut()
                {
                    *o = last_obj;
                }
                let choice = match t {
                    Target::ChooseUnit(f) => Some(f.clone()),
                    _ => None,
                };
                if let Target::ChooseUnit(f) | Target::Each(f) = t
                    && let Some(p) = f.place_mut()
                    && let Some(miss) = self.bind_place(
                        p,
                        choice.as_ref(),
                        (&mut last_bf, last_obj),
                        (controller, here, source),
                        label,
                        rules,
                    )?
                {
                    return Ok(Some(miss));
                }
                if matches!(t, Target::It) {
                    if let Some(Target::Chosen {
                        object,
                        filter,
                        stamp,
                        ..
                    }) = &last
                    {
                        *t = Target::Chosen {
                            object: *object,
                            filter: filter.clone(),
                            stamp: *stamp,
                            again: true,
                        };
                    }
                    continue;
                }
                let Target::ChooseUnit(filter) = t else {
                    continue;
                };
                let filter = filter.clone();
                let mut cands = self.unit_candidates(&filter, controller, here, source);
                if distinct(&filter) {
                    cands.retain(|u| !chosen_now.contains(u));
                }
                // 355.16: not a unit the next choice, "at its location", could not follow
                let offered = cands.len();
                if let Some(Target::ChooseUnit(next)) = plan.get(k)
                    && !next.up_to()
                    && matches!(next.clone().place_mut(), Some(Place::ItsLocation))
                {
                    cands.retain(|&u| {
                        let mut n = next.clone();
                        if let Some(p) = n.place_mut() {
                            *p = Place::LocationOf(u);
                        }
                        !self
                            .unit_candidates(&n, controller, here, source)
                            .is_empty()
                    });
                }
                // 355.13: an "up to" choice may choose nothing, and is legal with nothing
                // to choose
                let up_to = filter.up_to();
                if cands.is_empty() && up_to {
                    *t = Target::NoneChosen;
                    last = Some(Target::NoneChosen);
                    continue;
                }
                if cands.is_empty() {
                    return Ok(Some(filter_phrase(&filter)));
                }
                let d = Decision {
                    kind: DecisionKind::Target,
                    player: controller,
                    prompt: format!(
                        "{} chooses {} as a target of {}",
                        self.player_name(controller),
                        filter_phrase(&filter),
                        label
                    ),
                    options: cands
                        .iter()
                        .map(|u| DecisionOption {
                            label: self.obj_name(*u).to_string(),
                            answer: Answer::Object(*u),
                        })
                        .chain(up_to.then(|| DecisionOption {
                            label: "none".into(),
                            answer: Answer::Index(cands.len()),
                        }))
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: {
                        let mut r = rules.to_vec();
                        if up_to {
                            r.push(crate::cite!("355.13"));
                        }
                        if self.restrict_choices.is_some() {
                            r.push(crate::cite!("811.1.d.2"));
                        }
                        if cands.len() < offered {
                            r.push(crate::cite!("355.16"));
                        }
                        // 722.2: eligibility by a keyword sees inactive text
                        if keyword_bound(&filter)
                            && cands.iter().any(|u| self.rules_text_inactive(*u))
                        {
                            r.push(crate::cite!("722.2"));
                        }
                        r
                    },
                };
                let i = self.decide(d)?;
                let Some(&object) = cands.get(i) else {
                    *t = Target::NoneChosen;
                    last = Some(Target::NoneChosen);
                    continue;
                };
                chosen_now.push(object);
                last_obj = Some(object);
                *t = Target::Chosen {
                    object,
                    filter,
                    stamp: self.objects[object.0].timestamp,
                    again: false,
                };
                last = Some(t.clone());
            }
            // "for each enemy unit there": where the unit it chose is
            if let Some(p) = count_place_mut(e)
                && let Some(miss) = self.bind_place(
                    p,
                    None,
                    (&mut last_bf, last_obj),
                    (controller, here, source),
                    label,
                    rules,
                )?
            {
                return Ok(Some(miss));
            }
        }
        Ok(None)
    }
}

impl Game {
    /// The zone a place stands for as an instruction executes: a battlefield chosen that
    /// still meets its requirement (359.3.e.2), or where the unit is on the board; `None` for
    /// a place not fixed, or a unit no longer on the board.
    pub(crate) fn place_zone(&self, p: &Place, controller: PlayerId) -> Option<Zone> {
        match p {
            Place::Battlefield(b, need) => self
                .bf_meets(*b, *need, controller)
                .then_some(Zone::Battlefield(*b)),
            Place::LocationOf(o) => {
                let z = self.objects[o.0].zone;
                (z.on_board() && self.objects[o.0].is_unit()).then_some(z)
            }
            Place::ChooseBattlefield(_) | Place::There | Place::ItsLocation => None,
        }
    }

    /// 355.9.b: whether battlefield `b` meets what a choice of a battlefield requires.
    pub(crate) fn bf_meets(&self, b: BfId, need: BfNeed, controller: PlayerId) -> bool {
        match need {
            BfNeed::Any => true,
            BfNeed::YouHaveUnits => self
                .units_at(Zone::Battlefield(b))
                .iter()
                .any(|u| self.controller(*u) == controller),
            // 187.1: the battlefield's controller
            BfNeed::YouControl => self.battlefields[b.0].controller == Some(controller),
        }
    }

    /// Fixes a place at step 2: "at a battlefield" — the battlefield is a target, chosen now
    /// (355.5, 355.10.b; a move's destination, 355.4) — "there" (the battlefield chosen
    /// before), "at its location" (the unit chosen before). With `choice`, the unit choice
    /// the place narrows: only a battlefield where it has a unit to choose may be chosen
    /// (355.16). Returns what has no legal choice (355.8).
    #[allow(clippy::too_many_arguments)]
    fn bind_place(
        &mut self,
        p: &mut Place,
        choice: Option<&UnitFilter>,
        (last_bf, last_obj): (&mut Option<BfId>, Option<ObjId>),
        (controller, here, source): (PlayerId, Option<Zone>, Option<ObjId>),
        label: &str,
        rules: &[Cite],
    ) -> R<Option<String>> {
        match *p {
            Place::ChooseBattlefield(need) => {
                let meet: Vec<BfId> = (0..self.battlefields.len())
                    .map(BfId)
                    .filter(|&b| self.bf_meets(b, need, controller))
                    .collect();
                let cands: Vec<BfId> = meet
                    .iter()
                    .copied()
                    .filter(|&b| {
                        choice.is_none_or(|f| {
                            let mut f = f.clone();
                            if let Some(q) = f.place_mut() {
                                *q = Place::Battlefield(b, need);
                            }
                            f.up_to()
                                || !self
                                    .unit_candidates(&f, controller, here, source)
                                    .is_empty()
                        })
                    })
                    .collect();
                if cands.is_empty() {
                    return Ok(Some(place_phrase(p).replacen("at ", "", 1)));
                }
                let mut r = rules.to_vec();
                r.push(crate::cite!("355.10.b"));
                if cands.len() < meet.len() {
                    r.push(crate::cite!("355.16"));
                }
                let d = Decision {
                    kind: DecisionKind::Target,
                    player: controller,
                    prompt: format!(
                        "{} chooses {} as a target of {}",
                        self.player_name(controller),
                        place_phrase(p).replacen("at ", "", 1),
                        label
                    ),
                    options: cands
                        .iter()
                        .map(|&b| DecisionOption {
                            label: self.bf_name(b).to_string(),
                            answer: Answer::Battlefield(b),
                        })
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: r,
                };
                let i = self.decide(d)?;
                let b = cands[i.min(cands.len() - 1)];
                *last_bf = Some(b);
                *p = Place::Battlefield(b, need);
            }
            Place::There => match *last_bf {
                Some(b) => *p = Place::Battlefield(b, BfNeed::Any),
                None => {
                    return Err(super::actions::Halt::Err(super::EngineError::Unsupported(
                        "\"there\" refers to a battlefield no earlier instruction chose".into(),
                    )));
                }
            },
            Place::ItsLocation => match last_obj {
                Some(o) => *p = Place::LocationOf(o),
                None => {
                    return Err(super::actions::Halt::Err(super::EngineError::Unsupported(
                        "\"its location\" refers to a unit no earlier instruction chose".into(),
                    )));
                }
            },
            Place::Battlefield(b, _) => *last_bf = Some(b),
            Place::LocationOf(_) => {}
        }
        Ok(None)
    }
}

/// 355.14: the damage an instruction splits among the group it chooses.
fn split_amount(e: &Effect) -> Option<i32> {
    match e {
        Effect::DealDamage {
            amount: super::objects::Amount::Split(n),
            ..
        } => Some(*n),
        Effect::May { effect } | Effect::Linked { effect } => split_amount(effect),
        _ => None,
    }
}

/// The place a count of "for each enemy unit there" fixes at step 2.
fn count_place_mut(e: &mut Effect) -> Option<&mut Place> {
    match e {
        Effect::ForEach {
            count: super::objects::Count::EnemyUnitsAt(p),
            ..
        } => Some(p),
        Effect::May { effect } | Effect::Linked { effect } => count_place_mut(effect),
        _ => None,
    }
}

/// The destination a move fixes at step 2 (355.4), or the place a token is played to, under
/// the wrappers of an instruction.
pub(crate) fn move_place_mut(e: &mut Effect) -> Option<&mut Place> {
    match e {
        Effect::Move {
            to: Location::Place(p),
            ..
        }
        // "play a Sprite token there" (439.1): where the token is played, fixed alike
        | Effect::CreateToken {
            at: Location::Place(p),
            ..
        } => Some(p),
        Effect::May { effect }
        | Effect::Linked { effect }
        | Effect::ThenItsPlayer { effect, .. }
        | Effect::Unless { effect, .. }
        | Effect::ForEach { effect, .. }
        | Effect::IfDone { effect, .. }
        | Effect::If { effect, .. }
        | Effect::SelfReplaced { effect, .. } => move_place_mut(effect),
        _ => None,
    }
}

/// Whether a choice is of an object not chosen yet by the same instruction ("up to 2 runes":
/// the second, up to one, is another rune), under "up to".
fn distinct(f: &UnitFilter) -> bool {
    match f {
        UnitFilter::Distinct(_) => true,
        UnitFilter::UpToOne(f) => distinct(f),
        _ => false,
    }
}

/// Whether a choice is narrowed by a keyword (722.2), under the wrappers of how it is chosen.
fn keyword_bound(f: &UnitFilter) -> bool {
    match f {
        UnitFilter::WithKeyword(..) => true,
        UnitFilter::Distinct(f)
        | UnitFilter::UpToOne(f)
        | UnitFilter::Attacking(f)
        | UnitFilter::InCombat(f)
        | UnitFilter::MightAtMost(f, _)
        | UnitFilter::WithTag(f, _) => keyword_bound(f),
        _ => false,
    }
}
