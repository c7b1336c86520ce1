//! From a loaded scenario to the engine's `Game`: card definitions with their
//! abilities, players, battlefields, objects with their marked state, the turn,
//! and a showdown or combat in progress. Anything the engine cannot model is
//! reported here, before the run starts (never ignored).

use super::format::{self, Name};
use super::load::{self, ErrorKind, Place, Scenario, ScenarioError};
use crate::engine::{
    Ability, Amount, BfId, BfNeed, CardDef, CardType, Condition, CostWithin, Designation, Duration,
    Effect, Game, Keyword, Location, Mode, Modification, ObjId, Passive, Phase,
    PlayableBattlefield, PlayerId, PlayerRef, Power, Replacement, ReplacementUses, Scope,
    ScoreKind, Target, TargetPlace, Trigger, UnitFilter, Zone,
};
use serde_saphyr::Location as Loc;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The game built from a scenario, and how its names map to engine ids.
#[derive(Clone)]
pub struct Built {
    pub game: Game,
    /// Engine object of each `Scenario::objects` entry, in order.
    pub objects: Vec<ObjId>,
    pub players: Vec<PlayerId>,
    pub battlefields: Vec<BfId>,
}

fn err(s: &Scenario, kind: ErrorKind, loc: Loc, msg: impl Into<String>) -> ScenarioError {
    ScenarioError::at(kind, &s.path, loc, msg)
}

/// The engine's keyword for a keyword as written (validated by the loader).
pub fn keyword(s: &Scenario, n: &Name) -> Result<Keyword, ScenarioError> {
    let k = load::keyword(&s.path, n)?;
    Ok(Keyword::parse(&match k.value {
        Some(v) => format!("{} {v}", k.name),
        None => k.name.to_string(),
    }))
}

fn duration(s: &Scenario, d: Option<&Name>, default: Duration) -> Result<Duration, ScenarioError> {
    Ok(match d.map(|d| d.value.as_str()) {
        None => default,
        Some("this-turn") => Duration::ThisTurn,
        Some("this-combat") => Duration::ThisCombat,
        Some("permanent") => Duration::Permanent,
        Some(other) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                d.map(|d| d.referenced).unwrap_or(Loc::UNKNOWN),
                format!("unknown duration \"{other}\""),
            ));
        }
    })
}

/// The token a scenario's `ids` named `name`, if it has been created (the newest of that
/// name).
pub fn created(g: &Game, name: &str) -> Option<ObjId> {
    g.objects
        .iter()
        .rev()
        .find(|o| o.token && o.def.name == name)
        .map(|o| o.id)
}

/// A restriction on a unit choice or group: a Might bound or a tag.
enum Restrict {
    Might(i32),
    Tag(String),
    Domain(String),
}

/// Names in an effect: resolved against the built game (script effects) or not at all
/// (abilities, which use words such as `me`).
pub struct Names<'a> {
    pub scenario: &'a Scenario,
    pub built: Option<&'a Built>,
    /// The game as it is now (a script step naming a token created earlier by an `ids`).
    pub live: Option<&'a Game>,
    /// How deep in token definitions this is (a token whose ability creates tokens, …).
    pub depth: u8,
}

/// The same name at the same place in the file, read as `word` (a group word, a
/// cost or keyword bound, … with its qualifier taken off).
fn renamed(n: &Name, word: &str) -> Name {
    Name {
        value: word.to_string(),
        referenced: n.referenced,
        defined: n.defined,
    }
}

impl Names<'_> {
    fn target(&self, n: &Name) -> Result<Target, ScenarioError> {
        // 355.11, 355.13: "any number of …", "up to 3 … at the same location": a group chosen
        // at once, its members those the group word names
        if let Some((cap, word, mut rules)) = load::group_word(&n.value) {
            let inner = renamed(n, word);
            let filter = match self.target(&inner)? {
                Target::Each(f) if !f.is_gear() && !f.is_rune() => f,
                Target::EnemyUnitsHere => UnitFilter::EnemyHere,
                Target::AllUnitsHere => UnitFilter::Here,
                Target::OtherFriendlyUnitsHere => {
                    UnitFilter::AtSource(Box::new(UnitFilter::OtherFriendly))
                }
                _ => {
                    return Err(err(
                        self.scenario,
                        ErrorKind::InvalidValue,
                        n.referenced,
                        format!(
                            "\"{word}\" is not a group of units: a group choice names its members with a group word (enemy-units-here, units-at-battlefields, …)"
                        ),
                    ));
                }
            };
            rules.reverse();
            return Ok(Target::ChooseGroup(crate::engine::groups::Group {
                filter,
                size: cap,
                rules,
            }));
        }
        // "choose-unit without tag Dragon", "choose-friendly without keyword Temporary"
        if let Some((word, keyword, k)) = load::lack_bound(&n.value) {
            let inner = renamed(n, word);
            let lack = if keyword {
                crate::engine::Lack::Keyword(Keyword::parse(k))
            } else {
                crate::engine::Lack::Tag(k.to_string())
            };
            return match self.target(&inner)? {
                Target::ChooseUnit(f)
                    if !f.is_spell() && !f.is_gear() && !f.is_trash() && !f.is_rune() =>
                {
                    Ok(Target::ChooseUnit(UnitFilter::Lacking(Box::new(f), lack)))
                }
                Target::Each(f) if !f.is_gear() && !f.is_rune() => {
                    Ok(Target::Each(UnitFilter::Lacking(Box::new(f), lack)))
                }
                _ => Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "\"{word}\" cannot be narrowed by a tag or keyword it lacks: only a choice or group of units"
                    ),
                )),
            };
        }
        // "choose-gear energy-at-most 1": narrowed by printed costs (138.2.b)
        if let Some((word, cost)) = load::cost_bounded(&n.value) {
            let inner = renamed(n, word);
            return match self.target(&inner)? {
                Target::ChooseUnit(f) if !f.is_trash() && !f.is_rune() => Ok(Target::ChooseUnit(
                    UnitFilter::CostAtMost(Box::new(f), cost),
                )),
                _ => Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "\"{word}\" cannot be narrowed by its costs: only a choice of a unit, gear or spell"
                    ),
                )),
            };
        }
        // "choose-gear with keyword Temporary": narrowed to those with the keyword, inactive
        // text included (722.1, 722.2)
        if let Some((word, k)) = load::keyword_bound(&n.value) {
            let inner = renamed(n, word);
            let kw = Keyword::parse(k);
            return Ok(match self.target(&inner)? {
                Target::ChooseUnit(f) if !f.is_spell() && !f.is_trash() && !f.is_rune() => {
                    Target::ChooseUnit(UnitFilter::WithKeyword(Box::new(f), kw))
                }
                Target::Each(f) if !f.is_rune() => {
                    Target::Each(UnitFilter::WithKeyword(Box::new(f), kw))
                }
                _ => {
                    return Err(err(
                        self.scenario,
                        ErrorKind::InvalidValue,
                        n.referenced,
                        format!(
                            "\"{word}\" cannot be narrowed by a keyword: only a choice or group of units or gear"
                        ),
                    ));
                }
            });
        }
        // "choose-unit distinct up-to-one", "enemy-units in-combat", "choose-unit attacking":
        // a choice or group with how it is chosen or what it narrows to
        for (suffix, choice_only) in [
            (" up-to-one", true),
            (" distinct", true),
            (" attacking", false),
            (" in-combat", false),
            (" exhausted", false),
            (" token", false),
            (" damaged", false),
            (" other", false),
            (" here", false),
            (" in-base", false),
            (" at-a-battlefield", false),
            (" at-a-battlefield-where-you-have-units", false),
            (" at-a-battlefield-you-control", false),
            (" there", false),
            (" at-its-location", false),
            (" other-than-it", false),
            (" or-gear", true),
        ] {
            let Some(word) = n.value.strip_suffix(suffix) else {
                continue;
            };
            let inner = renamed(n, word);
            let wrap = |f: UnitFilter| match suffix {
                " up-to-one" => UnitFilter::UpToOne(Box::new(f)),
                " distinct" => UnitFilter::Distinct(Box::new(f)),
                " attacking" => UnitFilter::Attacking(Box::new(f)),
                " exhausted" => UnitFilter::Exhausted(Box::new(f)),
                " token" => UnitFilter::Token(Box::new(f)),
                " damaged" => UnitFilter::Damaged(Box::new(f)),
                " other" => UnitFilter::NotSource(Box::new(f)),
                " here" => UnitFilter::AtSource(Box::new(f)),
                " in-base" => UnitFilter::InBase(Box::new(f)),
                " at-a-battlefield" => {
                    UnitFilter::At(Box::new(f), TargetPlace::ChooseBattlefield(BfNeed::Any))
                }
                " at-a-battlefield-where-you-have-units" => UnitFilter::At(
                    Box::new(f),
                    TargetPlace::ChooseBattlefield(BfNeed::YouHaveUnits),
                ),
                " at-a-battlefield-you-control" => UnitFilter::At(
                    Box::new(f),
                    TargetPlace::ChooseBattlefield(BfNeed::YouControl),
                ),
                " there" => UnitFilter::At(Box::new(f), TargetPlace::There),
                " at-its-location" => UnitFilter::At(Box::new(f), TargetPlace::ItsLocation),
                " other-than-it" => UnitFilter::OtherThanIt(Box::new(f), None),
                " or-gear" => UnitFilter::OrGear(Box::new(f)),
                _ => UnitFilter::InCombat(Box::new(f)),
            };
            // the groups "here" as the group of units that filter allows
            let group = |t: Target| match t {
                Target::EnemyUnitsHere => Target::Each(UnitFilter::EnemyHere),
                Target::AllUnitsHere => Target::Each(UnitFilter::Here),
                Target::OtherFriendlyUnitsHere => {
                    Target::Each(UnitFilter::AtSource(Box::new(UnitFilter::OtherFriendly)))
                }
                t => t,
            };
            return match group(self.target(&inner)?) {
                Target::ChooseUnit(f) => Ok(Target::ChooseUnit(wrap(f))),
                Target::Each(f) if !choice_only => Ok(Target::Each(wrap(f))),
                _ => Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "\"{word}\" is not a choice{}: \"{}\" applies to {}",
                        if choice_only { "" } else { " or group" },
                        suffix.trim(),
                        if choice_only {
                            "a choice only"
                        } else {
                            "a choice or group of units"
                        }
                    ),
                )),
            };
        }
        // "choose-enemy with might 3 or less", "friendly-units with tag Mech": the same
        // choice or group, restricted
        let restricted = load::might_bound(&n.value)
            .map(|(w, max)| (w, Restrict::Might(max)))
            .or(load::tag_bound(&n.value).map(|(w, t)| (w, Restrict::Tag(t.to_string()))))
            .or(load::domain_bound(&n.value).map(|(w, d)| (w, Restrict::Domain(d.to_string()))));
        if let Some((word, r)) = restricted {
            let inner = renamed(n, word);
            let bound = |f: UnitFilter| match &r {
                Restrict::Might(max) => UnitFilter::MightAtMost(Box::new(f), *max),
                Restrict::Tag(t) => UnitFilter::WithTag(Box::new(f), t.clone()),
                Restrict::Domain(d) => UnitFilter::WithDomain(Box::new(f), d.clone()),
            };
            return Ok(match self.target(&inner)? {
                Target::ChooseUnit(f) if !f.is_spell() && !f.is_gear() => {
                    Target::ChooseUnit(bound(f))
                }
                Target::Each(f) if !f.is_gear() => Target::Each(bound(f)),
                _ => {
                    return Err(err(
                        self.scenario,
                        ErrorKind::InvalidValue,
                        n.referenced,
                        format!(
                            "\"{word}\" cannot be restricted by Might or tag: only a choice or group of units"
                        ),
                    ));
                }
            });
        }
        if let Some((types, tags, cost)) = load::trash_choice(&n.value) {
            return Ok(Target::ChooseUnit(UnitFilter::InTrash {
                types,
                tags,
                cost,
            }));
        }
        Ok(match n.value.as_str() {
            "me" => Target::Me,
            "that-unit" => Target::Affected,
            "linked" => Target::Linked,
            "enemy-units-here" => Target::EnemyUnitsHere,
            "other-friendly-units-here" => Target::OtherFriendlyUnitsHere,
            "your-other-units-here" => Target::YourOtherUnitsHere,
            "all-units-here" => Target::AllUnitsHere,
            "choose-unit" => Target::ChooseUnit(UnitFilter::Any),
            "choose-friendly" => Target::ChooseUnit(UnitFilter::Friendly),
            "choose-enemy" => Target::ChooseUnit(UnitFilter::Enemy),
            "choose-enemy-here" => Target::ChooseUnit(UnitFilter::EnemyHere),
            "choose-friendly-here" => Target::ChooseUnit(UnitFilter::FriendlyHere),
            "choose-unit-here" => Target::ChooseUnit(UnitFilter::Here),
            "choose-unit-at-battlefield" => Target::ChooseUnit(UnitFilter::AtBattlefield),
            "choose-enemy-at-battlefield" => Target::ChooseUnit(UnitFilter::EnemyAtBattlefield),
            "choose-friendly-at-battlefield" => {
                Target::ChooseUnit(UnitFilter::FriendlyAtBattlefield)
            }
            "choose-other-friendly" => Target::ChooseUnit(UnitFilter::OtherFriendly),
            "choose-yours" => Target::ChooseUnit(UnitFilter::Yours),
            "choose-other-yours" => Target::ChooseUnit(UnitFilter::OtherYours),
            "choose-other-unit" => Target::ChooseUnit(UnitFilter::Other),
            "it" => Target::It,
            "all-units" => Target::Each(UnitFilter::Any),
            "enemy-units" => Target::Each(UnitFilter::Enemy),
            "friendly-units" => Target::Each(UnitFilter::Friendly),
            "other-friendly-units" => Target::Each(UnitFilter::OtherFriendly),
            "your-units" => Target::Each(UnitFilter::Yours),
            "your-other-units" => Target::Each(UnitFilter::OtherYours),
            "units-at-battlefields" => Target::Each(UnitFilter::AtBattlefield),
            "enemy-units-at-battlefields" => Target::Each(UnitFilter::EnemyAtBattlefield),
            "friendly-units-at-battlefields" => Target::Each(UnitFilter::FriendlyAtBattlefield),
            "choose-gear" => Target::ChooseUnit(UnitFilter::Gear),
            "choose-rune" => Target::ChooseUnit(UnitFilter::Rune { friendly: false }),
            "choose-friendly-rune" => Target::ChooseUnit(UnitFilter::Rune { friendly: true }),
            "choose-enemy-gear" => Target::ChooseUnit(UnitFilter::EnemyGear),
            "all-gear" => Target::Each(UnitFilter::Gear),
            "all-units-and-gear" => Target::Each(UnitFilter::UnitsAndGear),
            "choose-spell" => Target::ChooseUnit(UnitFilter::Spell),
            "choose-enemy-spell" => Target::ChooseUnit(UnitFilter::EnemySpell),
            _ => Target::Object(self.object(n)?),
        })
    }

    pub fn object(&self, n: &Name) -> Result<ObjId, ScenarioError> {
        let s = self.scenario;
        if s.created.contains(&n.value) {
            return match self.live.and_then(|g| created(g, &n.value)) {
                Some(o) => Ok(o),
                None => Err(err(
                    s,
                    ErrorKind::UnknownName,
                    n.referenced,
                    format!("\"{}\" has not been created yet", n.value),
                )),
            };
        }
        let i = load::resolve_object(&s.path, &s.objects, n)?;
        match self.built {
            Some(b) => Ok(b.objects[i]),
            None => Err(err(
                s,
                ErrorKind::InvalidValue,
                n.referenced,
                format!("an ability cannot name the object \"{}\"", n.value),
            )),
        }
    }

    pub fn player(&self, n: &Name) -> Result<PlayerRef, ScenarioError> {
        Ok(match n.value.as_str() {
            "you" => PlayerRef::You,
            "each-opponent" => PlayerRef::EachOpponent,
            "each-player" => PlayerRef::EachPlayer,
            // "that player" of "at the start of each player's Beginning Phase"
            "turn-player" => PlayerRef::TurnPlayer,
            // 355.17: chosen as the instruction executes
            "choose-opponent" => PlayerRef::Chosen { opponent: true },
            "choose-player" => PlayerRef::Chosen { opponent: false },
            _ => PlayerRef::Player(self.player_id(n)?),
        })
    }

    pub fn player_id(&self, n: &Name) -> Result<PlayerId, ScenarioError> {
        let s = self.scenario;
        match s.players.iter().position(|p| *p == n.value) {
            Some(i) => Ok(PlayerId(i)),
            None => Err(err(
                s,
                ErrorKind::UnknownName,
                n.referenced,
                format!("unknown player \"{}\"", n.value),
            )),
        }
    }

    pub fn battlefield(&self, n: &Name) -> Result<BfId, ScenarioError> {
        let s = self.scenario;
        load::resolve_battlefield(&s.path, &s.battlefields, n).map(BfId)
    }

    /// `unit`, `gear`, `spell` (none or `card`: any card).
    fn card_type_word(&self, n: Option<&Name>) -> Result<Option<CardType>, ScenarioError> {
        let Some(n) = n.filter(|n| n.value != "card") else {
            return Ok(None);
        };
        crate::engine::look::card_type_word(&n.value)
            .map(Some)
            .ok_or_else(|| {
                err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "unknown card type \"{}\": card, unit, gear or spell",
                        n.value
                    ),
                )
            })
    }

    pub fn location(&self, n: &Name) -> Result<Location, ScenarioError> {
        if n.value == "base" || load::parse_base(&n.value, &self.scenario.players).is_some() {
            return Ok(Location::Base);
        }
        // "here": the location of the ability's source, when it executes
        if n.value == "here" && self.built.is_none() {
            return Ok(Location::Here);
        }
        // 355.4: a battlefield the ability fixes as it is put on the chain
        if self.built.is_none() {
            let p = match n.value.as_str() {
                "a-battlefield" => Some(TargetPlace::ChooseBattlefield(BfNeed::Any)),
                "a-battlefield-where-you-have-units" => {
                    Some(TargetPlace::ChooseBattlefield(BfNeed::YouHaveUnits))
                }
                "a-battlefield-you-control" => {
                    Some(TargetPlace::ChooseBattlefield(BfNeed::YouControl))
                }
                "there" => Some(TargetPlace::There),
                "its-battlefield" => Some(TargetPlace::ItsLocation),
                _ => None,
            };
            if let Some(p) = p {
                return Ok(Location::Place(p));
            }
        }
        self.battlefield(n).map(Location::Battlefield)
    }

    /// An effect as the engine models it.
    pub fn effect(&self, e: &format::Effect, loc: Loc) -> Result<Effect, ScenarioError> {
        let mut eff = self.effect_only(e, loc)?;
        if let Some(c) = &e.instead_if {
            // 370.1.a: the instruction, or what replaces it when the condition holds
            eff = Effect::SelfReplaced {
                effect: Box::new(eff),
                condition: condition(self.scenario, c)?,
                instead: e
                    .instead
                    .iter()
                    .map(|x| self.effect(&x.value, x.referenced))
                    .collect::<Result<Vec<_>, _>>()?,
            };
        }
        // 359.3.f.2: a conditional instruction, and what it says otherwise
        if let Some(c) = &e.if_ {
            eff = Effect::If {
                condition: condition(self.scenario, c)?,
                effect: Box::new(eff),
                otherwise: self.effects(&e.otherwise)?,
            };
        }
        if e.link {
            eff = Effect::Linked {
                effect: Box::new(eff),
            };
        }
        // "Draw 1 for each of your Mighty units"
        if let Some(f) = &e.for_each {
            let Some(count) = load::count(&f.value) else {
                return Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    f.referenced,
                    format!(
                        "unknown count \"{}\" for for-each: gear, units, mighty units, a tag (Mech), trash, trash same-name or played-this-turn",
                        f.value
                    ),
                ));
            };
            eff = Effect::ForEach {
                count,
                effect: Box::new(eff),
            };
        }
        // "… unless its controller pays [2]" / "… has you draw 2" (355.17)
        if let Some(c) = &e.unless_pays {
            if !c.value.resources_only() {
                return Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    c.referenced,
                    "unless-pays is energy and power",
                ));
            }
            eff = Effect::Unless {
                effect: Box::new(eff),
                energy: c.value.energy.get(),
                power: c.value.power.to_power(Power::own),
                alternative: Vec::new(),
            };
        } else if !e.unless_has_you.is_empty() {
            eff = Effect::Unless {
                effect: Box::new(eff),
                energy: 0,
                power: Power::default(),
                alternative: self.effects(&e.unless_has_you)?,
            };
        }
        // "Its controller draws 2": the player of the unit it chose does the next part
        for (then, owner) in [(&e.its_controller, false), (&e.its_owner, true)] {
            if let Some(t) = then {
                eff = Effect::ThenItsPlayer {
                    effect: Box::new(eff),
                    owner,
                    then: Box::new(self.effect(&t.value, t.referenced)?),
                };
            }
        }
        // a spell on the chain is chosen only by `counter` (with what its controller does
        // after it); other instructions affect units
        let inner = match &eff {
            Effect::ThenItsPlayer { effect, .. } | Effect::Unless { effect, .. } => effect.as_ref(),
            e => e,
        };
        if !matches!(inner, Effect::Counter { .. })
            && crate::engine::choices::targets_mut(&mut eff)
                .iter()
                .any(|t| matches!(t, Target::ChooseUnit(f) if f.is_spell()))
        {
            return Err(err(
                self.scenario,
                ErrorKind::InvalidValue,
                loc,
                "choose-spell and choose-enemy-spell choose a spell on the chain: only counter takes one",
            ));
        }
        // a replacement's "you may" is its own choice (742.1), made as it applies
        let eff = if e.may && e.replace.is_none() {
            Effect::May {
                effect: Box::new(eff),
            }
        } else {
            eff
        };
        // 359.3.e.14: the instructions linked to this one (a "you may" included)
        Ok(if e.if_you_do.is_empty() && e.if_not.is_empty() {
            eff
        } else {
            Effect::IfDone {
                effect: Box::new(eff),
                then: self.effects(&e.if_you_do)?,
                otherwise: self.effects(&e.if_not)?,
            }
        })
    }

    fn effects(
        &self,
        v: &[serde_saphyr::Spanned<format::Effect>],
    ) -> Result<Vec<Effect>, ScenarioError> {
        v.iter()
            .map(|x| self.effect(&x.value, x.referenced))
            .collect()
    }

    fn effect_only(&self, e: &format::Effect, loc: Loc) -> Result<Effect, ScenarioError> {
        let s = self.scenario;
        let need = |o: &Option<Name>, what: &str| -> Result<Target, ScenarioError> {
            match o {
                Some(n) => self.target(n),
                None => Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    loc,
                    format!("\"{what}\" needs the unit it applies to"),
                )),
            }
        };
        let limit = e.min;
        let you = |p: &Option<Name>| -> Result<PlayerRef, ScenarioError> {
            match p {
                Some(n) => self.player(n),
                None => Ok(PlayerRef::You),
            }
        };
        if e.split && e.deal.is_none() {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                loc,
                "split goes with deal: the damage split among a group (355.14)",
            ));
        }
        Ok(if let Some(a) = &e.deal {
            let target = need(&e.to, "deal")?;
            // 355.14: damage split among a group chosen at once
            if e.split {
                return match (a, &target) {
                    (format::Amount::Fixed(n), Target::ChooseGroup(_)) => Ok(Effect::DealDamage {
                        target,
                        amount: Amount::Split(n.get()),
                    }),
                    _ => Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        loc,
                        "split damage is a number dealt to a group chosen at once (to: any-number …)",
                    )),
                };
            }
            Effect::DealDamage {
                target,
                amount: match a {
                    format::Amount::Fixed(n) => Amount::Fixed(n.get()),
                    format::Amount::Word(w) if w == "my-assault" => Amount::MyAssault,
                    format::Amount::Word(w) if w == "its-damage" => Amount::ItsDamage,
                    format::Amount::Word(_) => Amount::MyMight,
                },
            }
        } else if !e.one_of.is_empty() {
            Effect::OneOf {
                options: e
                    .one_of
                    .iter()
                    .map(|m| self.effect(&m.value, m.referenced))
                    .collect::<Result<Vec<_>, _>>()?,
            }
        } else if !e.choose_one.is_empty() {
            Effect::ChooseOne {
                modes: e
                    .choose_one
                    .iter()
                    .map(|m| self.effect(&m.value, m.referenced))
                    .collect::<Result<Vec<_>, _>>()?,
            }
        } else if let Some(t) = &e.counter {
            let target = self.target(t)?;
            if !matches!(&target, Target::ChooseUnit(f) if f.is_spell()) {
                return Err(err(
                    self.scenario,
                    ErrorKind::InvalidValue,
                    t.referenced,
                    "counter chooses a spell on the chain: choose-spell or choose-enemy-spell",
                ));
            }
            Effect::Counter { target }
        } else if let Some(t) = &e.deals {
            Effect::UnitDeals {
                by: self.target(t)?,
                to: need(&e.to, "deals")?,
            }
        } else if let Some(t) = &e.fight {
            Effect::Fight {
                first: self.target(t)?,
                second: need(&e.with, "fight")?,
            }
        } else if let Some(t) = &e.kill {
            Effect::Kill {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.buff {
            Effect::Buff {
                target: self.target(t)?,
            }
        } else if let Some(n) = e.might {
            Effect::GiveMight {
                target: need(&e.to, "might")?,
                amount: n.get(),
                limit: limit.map(|l| l.get()),
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(t) = &e.no_damage {
            Effect::CantBeDealtDamage {
                target: self.target(t)?,
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(t) = &e.gain_control {
            Effect::GainControl {
                target: self.target(t)?,
                player: you(&e.player)?,
                duration: duration(s, e.duration.as_ref(), Duration::Permanent)?,
            }
        } else if let Some(t) = &e.swap {
            let target = self.target(t)?;
            if !matches!(&target, Target::ChooseGroup(g) if g.size == crate::engine::groups::GroupSize::Exactly(2))
            {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    t.referenced,
                    "swap takes the two units one instruction chooses: exactly-2 GROUP (433)",
                ));
            }
            Effect::SwapMight {
                target,
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(t) = &e.double {
            Effect::Double {
                target: self.target(t)?,
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(v) = e.set_might {
            Effect::SetMight {
                target: need(&e.to, "set-might")?,
                value: v.get(),
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(k) = &e.grant {
            Effect::GrantKeyword {
                target: need(&e.to, "grant")?,
                keyword: keyword(s, k)?,
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(k) = &e.remove {
            Effect::RemoveKeyword {
                target: need(&e.from, "remove")?,
                keyword: keyword(s, k)?.kind(),
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(t) = &e.tag {
            Effect::GrantTag {
                target: need(&e.to, "tag")?,
                tag: t.value.clone(),
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(t) = &e.recall {
            Effect::Recall {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.move_ {
            let to = match &e.to {
                // 444.1: "Move an enemy unit" — where to is the controller's choice
                Some(n) if n.value == "chosen" => Location::Chosen,
                Some(n) if n.value == "to-or-from-base" => Location::ToOrFromBase,
                Some(n) => self.location(n)?,
                None => return Err(err(s, ErrorKind::InvalidValue, loc, "move needs \"to\"")),
            };
            Effect::Move {
                target: self.target(t)?,
                to,
            }
        } else if let Some(t) = &e.heal {
            Effect::Heal {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.ready {
            Effect::Ready {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.exhaust {
            Effect::Exhaust {
                target: self.target(t)?,
            }
        } else if let Some(p) = &e.score {
            let at = e.at.as_ref();
            let battlefield = match at {
                Some(a) if a.value == "here" => {
                    return Err(err(
                        s,
                        ErrorKind::Unsupported,
                        a.referenced,
                        "scoring \"here\" from an ability is not modeled; name the battlefield",
                    ));
                }
                Some(a) => self.battlefield(a)?,
                None => {
                    return Err(err(s, ErrorKind::InvalidValue, loc, "score needs \"at\""));
                }
            };
            let how = match e.how.as_ref().map(|h| h.value.as_str()) {
                Some("hold") => ScoreKind::Hold,
                _ => ScoreKind::Conquer,
            };
            Effect::Score {
                player: self.player(p)?,
                battlefield,
                how,
            }
        } else if let Some(p) = &e.draw {
            Effect::Draw {
                player: self.player(p)?,
                amount: e.count.map_or(1, |v| v.get()),
            }
        } else if let Some(t) = &e.stun {
            Effect::Stun {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.return_ {
            Effect::ReturnToHand {
                target: self.target(t)?,
            }
        } else if let Some(t) = &e.banish {
            Effect::Banish {
                target: self.target(t)?,
            }
        } else if let Some(p) = &e.recycle_from_trash {
            Effect::RecycleFromTrash {
                player: self.player(p)?,
                count: e.count.map_or(1, |v| v.get()),
                of: self.card_type_word(e.recycle_of.as_ref())?,
            }
        } else if let Some(p) = &e.recycle_rune {
            Effect::RecycleRune {
                player: self.player(p)?,
            }
        } else if let Some(p) = &e.trash_top {
            Effect::TopToTrash {
                player: self.player(p)?,
                count: e.count.map_or(1, |v| v.get()),
            }
        } else if let Some(t) = &e.play_card {
            use crate::engine::play::{BaseCost, PlayTo};
            Effect::PlayCard {
                target: self.target(t)?,
                base: match e.ignoring.as_ref().map(|n| n.value.as_str()) {
                    None => BaseCost::Normal,
                    Some("energy") => BaseCost::IgnoreEnergy,
                    Some("cost") => BaseCost::Ignore,
                    Some(other) => {
                        return Err(err(
                            self.scenario,
                            ErrorKind::InvalidValue,
                            e.ignoring.as_ref().map_or(loc, |n| n.referenced),
                            format!("unknown \"ignoring: {other}\": energy or cost (356.1.b)"),
                        ));
                    }
                },
                // 355.2: where a unit goes
                to: match e.to.as_ref().map(|n| n.value.as_str()) {
                    None => PlayTo::Default,
                    Some("base") => PlayTo::Base,
                    Some("any-battlefield") => PlayTo::AnyBattlefield,
                    Some("same-location") => PlayTo::SameLocation,
                    Some(other) => {
                        return Err(err(
                            self.scenario,
                            ErrorKind::InvalidValue,
                            e.to.as_ref().map_or(loc, |n| n.referenced),
                            format!(
                                "unknown \"to: {other}\" for play-card: base, any-battlefield or same-location (355.2)"
                            ),
                        ));
                    }
                },
            }
        } else if let Some(p) = &e.discard_hand {
            Effect::DiscardHand {
                player: self.player(p)?,
            }
        } else if let Some(p) = &e.discard {
            Effect::Discard {
                player: self.player(p)?,
                amount: e.count.map_or(1, |v| v.get()),
            }
        } else if let Some(n) = e.gain_points {
            Effect::GainPoints {
                player: you(&e.player)?,
                amount: n.get(),
            }
        } else if let Some(w) = &e.play_that_token_and {
            // 375: only in a replacement of a token being played (checked by the ability)
            Effect::PlayThatToken {
                and: match w.value.as_str() {
                    "copy" => None,
                    name => Some(Box::new(match &e.token {
                        Some(t) => card_def_of(s, name, &t.value, t.referenced, self.depth + 1)?,
                        None => card_def(s, name, self.depth + 1)?,
                    })),
                },
            }
        } else if let Some(c) = &e.create {
            let def = match &e.token {
                // 176–182: a token the effect describes ("a 3 [Might] Sprite unit token")
                Some(t) => card_def_of(s, &c.value, &t.value, t.referenced, self.depth + 1)?,
                None => card_def(s, &c.value, self.depth + 1)?,
            };
            let at = match &e.at {
                // 182.1.a, 439.2.b: no place named — the player chooses where, as for a card
                Some(a) if a.value == "chosen" => Location::Chosen,
                Some(a) => self.location(a)?,
                None => Location::Base,
            };
            Effect::CreateToken {
                card: Box::new(def),
                count: e.count.map_or(1, |v| v.get()),
                at,
                ready: e.ready_token,
                exhausted: e.exhausted,
                names: e.ids.iter().map(|n| n.value.clone()).collect(),
                player: you(&e.player)?,
            }
        } else if let Some(r) = &e.reflexive {
            Effect::Reflexive {
                condition: match &r.if_you {
                    Some(c) => Some(Box::new(self.effect(&c.value, c.referenced)?)),
                    None => None,
                },
                effects: r
                    .do_this
                    .iter()
                    .map(|x| self.effect(&x.value, x.referenced))
                    .collect::<Result<Vec<_>, _>>()?,
                times: r.times.map_or(1, |t| t.get()),
            }
        } else if let Some(t) = &e.replace {
            let Some(w) = &e.would else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    loc,
                    "replace needs \"would\"",
                ));
            };
            let instead = e
                .instead
                .iter()
                .map(|x| self.effect(&x.value, x.referenced))
                .collect::<Result<Vec<_>, _>>()?;
            let event = replaced_event(s, w)?;
            if w.value.starts_with("play-") || w.value == "draw" {
                return Err(err(
                    s,
                    ErrorKind::Unsupported,
                    w.referenced,
                    "a replacement a spell creates about a unit replaces its death, its being killed, its being dealt damage, its move or its recall; one of a token being played or of a draw is a permanent's ability",
                ));
            }
            Effect::CreateReplacement {
                target: self.target(t)?,
                replacement: Replacement {
                    event,
                    scope: Scope::Me,
                    instead,
                    uses: replacement_uses(s, e.uses.as_ref(), ReplacementUses::Next, loc)?,
                    condition: Condition::Always,
                    prevent: e.prevent_next.map(|n| n.get()),
                    in_trash: false,
                    affected: Condition::Always,
                    double: e.doubled,
                    // "you may [pay …] … instead": the effect's controller (374)
                    choice: replacement_choice(s, e.may.then_some(("you", loc)), e.cost.as_ref())?,
                },
                duration: duration(s, e.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(d) = &e.delayed {
            Effect::CreateDelayed {
                trigger: crate::engine::abilities::delayed::DelayedTrigger::parse(&d.when.value)
                    .ok_or_else(|| {
                        err(
                            s,
                            ErrorKind::Unsupported,
                            d.when.referenced,
                            format!("a delayed ability \"when {}\" is not modeled", d.when.value),
                        )
                    })?,
                target: match &d.unit {
                    Some(u) => Some(self.target(u)?),
                    None => None,
                },
                effects: d
                    .effects
                    .iter()
                    .map(|x| self.effect(&x.value, x.referenced))
                    .collect::<Result<Vec<_>, _>>()?,
                duration: duration(s, d.duration.as_ref(), Duration::ThisTurn)?,
            }
        } else if let Some(a) = &e.add {
            Effect::Add {
                player: you(&e.player)?,
                energy: a.energy.get(),
                power: a.power.to_power(Power::any),
                only: match &a.only {
                    None => None,
                    Some(n) => Some(
                        crate::engine::resources::SpendOnly::parse(&n.value).ok_or_else(|| {
                            err(
                                s,
                                ErrorKind::InvalidValue,
                                n.referenced,
                                format!(
                                    "add's only is spells, showdowns, gear or units, not \"{}\"",
                                    n.value
                                ),
                            )
                        })?,
                    ),
                },
            }
        } else if let Some(r) = &e.reveal_hand {
            Effect::RevealHandPick {
                player: self.player(r)?,
                pick: e
                    .pick
                    .as_ref()
                    .and_then(|w| load::hand_pick(&w.value))
                    .ok_or_else(|| {
                        err(
                            s,
                            ErrorKind::InvalidValue,
                            e.pick.as_ref().map_or(loc, |w| w.referenced),
                            "\"reveal-hand\" needs what card may be chosen (\"pick\": card, non-unit card, Mind card, spell …)",
                        )
                    })?,
                recycle: e.recycle,
                then: self.effects(&e.they)?,
            }
        } else if let Some(n) = e.predict {
            Effect::Predict {
                player: you(&e.player)?,
                count: n.get(),
            }
        } else if let Some(n) = e.channel {
            Effect::Channel {
                player: you(&e.player)?,
                count: n.get(),
                exhausted: e.exhausted,
            }
        } else if let Some(n) = e.gain_xp {
            Effect::GainXp {
                player: you(&e.player)?,
                amount: n.get(),
            }
        } else if let Some(p) = &e.additional_turn {
            Effect::AdditionalTurn {
                player: self.player(p)?,
            }
        } else if let Some(c) = &e.cost_this_turn {
            Effect::CostThisTurn {
                player: match &c.player {
                    Some(p) => self.player(p)?,
                    None => PlayerRef::You,
                },
                of: self.card_type_word(c.of.as_ref())?,
                energy: c.energy.get(),
                next: c.next,
            }
        } else if let Some(p) = &e.cant_play {
            Effect::CantPlayThisTurn {
                player: self.player(p)?,
                of: self.card_type_word(e.cant_play_of.as_ref())?,
            }
        } else if let Some(p) = &e.units_enter_ready {
            Effect::UnitsEnterReadyThisTurn {
                player: self.player(p)?,
            }
        } else if let Some(k) = &e.kill_own {
            Effect::KillOneOfTheir {
                player: you(&e.player)?,
                gear: k.value == "gear",
            }
        } else if let Some(n) = e.look {
            Effect::LookAtTop {
                player: you(&e.player)?,
                count: n.get(),
                reveal: e.reveal,
                take: e.take.as_ref().and_then(|t| load::deck_pick(&t.value)),
                optional: e.take_optional,
                rest: match e.rest.as_ref().map(|r| r.value.as_str()) {
                    Some("recycle") => crate::engine::look::DeckRest::Recycle,
                    Some("draw") => crate::engine::look::DeckRest::Draw,
                    _ => crate::engine::look::DeckRest::Stay,
                },
                // 427.3, 419.3: the card taken is banished and played, reduced (356.4.b)
                play: e.banish_play.then(|| e.reducing.map_or(0, |n| n.get())),
            }
        } else {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                loc,
                "an effect needs one action",
            ));
        })
    }
}

/// The event a replacement effect replaces (367): "would die / be killed / be dealt damage".
fn replaced_event(s: &Scenario, w: &Name) -> Result<crate::engine::ReplacedEvent, ScenarioError> {
    Ok(match w.value.as_str() {
        "die" => crate::engine::ReplacedEvent::Die,
        "be-killed" => crate::engine::ReplacedEvent::Killed,
        "be-dealt-damage" => crate::engine::ReplacedEvent::DealtDamage,
        "play-token" => crate::engine::ReplacedEvent::PlayToken,
        "play-unit-token" => crate::engine::ReplacedEvent::PlayUnitToken,
        "play-gear-token" => crate::engine::ReplacedEvent::PlayGearToken,
        "move" => crate::engine::ReplacedEvent::Move,
        "be-recalled" => crate::engine::ReplacedEvent::Recalled,
        "draw" => crate::engine::ReplacedEvent::Draw,
        other => {
            return Err(err(
                s,
                ErrorKind::Unsupported,
                w.referenced,
                format!(
                    "a replacement of \"would {other}\" is not modeled (die, be-killed, be-dealt-damage, move, be-recalled, play-token, play-unit-token, play-gear-token, draw)"
                ),
            ));
        }
    })
}

/// How often a replacement effect applies: always, next, once-each-turn (371).
fn replacement_uses(
    s: &Scenario,
    u: Option<&Name>,
    default: ReplacementUses,
    at: Loc,
) -> Result<ReplacementUses, ScenarioError> {
    Ok(match u.map(|u| u.value.as_str()) {
        None => default,
        Some("always") => ReplacementUses::Always,
        Some("next") => ReplacementUses::Next,
        Some("once-each-turn") => ReplacementUses::OnceEachTurn,
        Some(o) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                u.map_or(at, |u| u.referenced),
                format!("unknown uses \"{o}\"; expected always, next or once-each-turn"),
            ));
        }
    })
}

/// A cost within an instruction ("[do X] to [do Y]", 403.1.b.1) as the effect that pays it:
/// energy and power, exhausting (414.5) or killing (428) the source, discarding (422), XP
/// (730.2) and a buff (702.2.b).
fn pay_cost(c: &format::TriggerCost) -> Effect {
    Effect::PayCost(CostWithin {
        energy: c.energy.get(),
        power: c.power.to_power(Power::own),
        exhaust: c.exhaust,
        discard: c.discard.get(),
        xp: c.xp.get(),
        buff: c.buff,
        kill_self: c.kill_this,
    })
}

/// 742.1: an optional replacement's choice — who makes it (`you` or `its-controller`) and
/// the cost within the instruction; "kill me" is not a cost a replacement pays here.
fn replacement_choice(
    s: &Scenario,
    may: Option<(&str, Loc)>,
    cost: Option<&serde_saphyr::Spanned<format::TriggerCost>>,
) -> Result<Option<crate::engine::objects::ReplacementChoice>, ScenarioError> {
    let its_controller = match may {
        None => {
            if let Some(c) = cost {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    c.referenced,
                    "a replacement's cost is paid by the player who may apply it: add `may` (you or its-controller)",
                ));
            }
            return Ok(None);
        }
        Some(("you", _)) => false,
        Some(("its-controller", _)) => true,
        Some((o, at)) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                at,
                format!("unknown may \"{o}\"; expected you or its-controller"),
            ));
        }
    };
    let cost = match cost {
        None => None,
        Some(c) if c.value.kill_this => {
            return Err(err(
                s,
                ErrorKind::Unsupported,
                c.referenced,
                "a replacement's cost that kills its source is not modelled",
            ));
        }
        Some(c) => Some(Box::new(pay_cost(&c.value))),
    };
    Ok(Some(crate::engine::objects::ReplacementChoice {
        its_controller,
        cost,
    }))
}

/// 357.2: the permanent an additional cost gives up — `kill: unit | gear | mighty unit` or
/// `return: unit | gear`.
fn give_up(
    s: &Scenario,
    c: &format::AdditionalCostDef,
) -> Result<Option<crate::engine::GiveUp>, ScenarioError> {
    let (kill, n) = match (&c.kill, &c.return_) {
        (None, None) => return Ok(None),
        (Some(n), None) => (true, n),
        (None, Some(n)) => (false, n),
        (Some(_), Some(n)) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                n.referenced,
                "an additional cost kills or returns one permanent, not both",
            ));
        }
    };
    let (kind, mighty) = match n.value.as_str() {
        "unit" => (CardType::Unit, false),
        "mighty unit" => (CardType::Unit, true),
        "gear" => (CardType::Gear, false),
        other => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                n.referenced,
                format!(
                    "the permanent an additional cost gives up is unit, mighty unit or gear, not \"{other}\""
                ),
            ));
        }
    };
    Ok(Some(crate::engine::GiveUp { kill, kind, mighty }))
}

/// "The [Nth] time … each turn" (`nth-time`, 383.1) or "Once each turn, when …" (`uses:
/// once-each-turn`, 383.3.f): on a card's triggered ability (a battlefield counts nothing).
fn turn_limit(
    s: &Scenario,
    ab: &format::AbilityDef,
    on_battlefield: bool,
    at: Loc,
) -> Result<Option<crate::engine::TurnLimit>, ScenarioError> {
    use crate::engine::TurnLimit;
    let limit = match (ab.nth_time, ab.uses.as_ref().map(|u| u.value.as_str())) {
        (None, None) => return Ok(None),
        (Some(n), None) if n.get() >= 1 => TurnLimit::Nth(n.get().unsigned_abs()),
        (None, Some("once-each-turn")) => TurnLimit::OnceEachTurn,
        _ => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                at,
                "a triggered ability is limited by nth-time: N (1 or more, 383.1) or uses: once-each-turn (383.3.f), one of them",
            ));
        }
    };
    if on_battlefield {
        return Err(err(
            s,
            ErrorKind::Unsupported,
            at,
            "a battlefield's triggered ability limited in a turn is not modeled",
        ));
    }
    Ok(Some(limit))
}

fn trigger(w: &str, on_battlefield: bool) -> Option<Trigger> {
    // "play-spell-costing 5": "When you play a spell that costs [5] or more"
    if let Some(n) = w.strip_prefix("play-spell-costing ") {
        return (!on_battlefield)
            .then(|| n.trim().parse().ok().map(Trigger::YouPlaySpellCosting))
            .flatten();
    }
    // "you-draw-nth 2": "When you draw your second card each turn"
    if let Some(n) = w.strip_prefix("you-draw-nth ") {
        return (!on_battlefield)
            .then(|| n.trim().parse().ok().filter(|n| (1..=99).contains(n)))
            .flatten()
            .map(Trigger::YouDrawNth);
    }
    // "you-play-card-power 2": "When you play a card with Power cost [Rune][Rune] or more"
    if let Some(n) = w.strip_prefix("you-play-card-power ") {
        return (!on_battlefield)
            .then(|| n.trim().parse().ok().filter(|n| (0..=99).contains(n)))
            .flatten()
            .map(|power| Trigger::YouPlayCard {
                from_hidden: false,
                power,
            });
    }
    // "you-play-nth-card 2": "When you play your second card in a turn"
    if let Some(n) = w.strip_prefix("you-play-nth-card ") {
        return (!on_battlefield)
            .then(|| n.trim().parse().ok().filter(|n| (1..=99).contains(n)))
            .flatten()
            .map(Trigger::YouPlayNthCard);
    }
    // "another-unit-you-control-dies-except Recruit": "When another non-Recruit unit you
    // control dies"
    if let Some(t) = w.strip_prefix("another-unit-you-control-dies-except ") {
        return (!on_battlefield && !t.trim().is_empty()).then(|| {
            Trigger::AnotherUnitYouControlDies {
                except: Some(t.trim().to_string()),
            }
        });
    }
    // "you-play-tag Dragon": "When you play another Dragon"
    if let Some(t) = w.strip_prefix("you-play-tag ") {
        return (!on_battlefield && !t.trim().is_empty())
            .then(|| Trigger::YouPlayTag(t.trim().to_string()));
    }
    Some(match (w, on_battlefield) {
        ("move", false) => Trigger::Moves,
        ("move-to-battlefield", false) => Trigger::MovesToBattlefield,
        ("win-combat", false) => Trigger::WinsCombat,
        ("attack", false) => Trigger::Attacks,
        ("defend", false) => Trigger::Defends,
        ("conquer", false) => Trigger::Conquers,
        ("hold", false) => Trigger::Holds,
        ("conquer", true) => Trigger::ConquerHere,
        ("hold", true) => Trigger::HoldHere,
        ("defend", true) => Trigger::DefendHere,
        ("each-beginning-phase", true) => Trigger::EachBeginningPhase,
        ("you-win-combat", false) => Trigger::YouWinCombat,
        ("die", false) => Trigger::Dies,
        ("play", false) => Trigger::Played,
        ("play-spell", false) => Trigger::YouPlaySpell,
        ("beginning-phase", _) => Trigger::StartOfBeginningPhase,
        ("end-of-turn", _) => Trigger::EndOfTurn,
        ("friendly-unit-dies", false) => Trigger::FriendlyUnitDies { other: false },
        ("another-friendly-unit-dies", false) => Trigger::FriendlyUnitDies { other: true },
        ("you-play-unit", false) => Trigger::YouPlay(CardType::Unit),
        ("you-play-gear", false) => Trigger::YouPlay(CardType::Gear),
        ("you-conquer", false) => Trigger::YouConquer,
        ("you-hold", false) => Trigger::YouHold,
        ("move-from-battlefield", false) => Trigger::MovesFromBattlefield,
        ("enemy-unit-dies", false) => Trigger::EnemyUnitDies { here: false },
        ("enemy-unit-dies-here", false) => Trigger::EnemyUnitDies { here: true },
        ("opponent-scores", false) => Trigger::OpponentScores,
        ("you-buff-me", false) => Trigger::YouBuffMe,
        ("you-stun-enemy", false) => Trigger::YouStunEnemy { one_or_more: false },
        ("you-stun-enemies", false) => Trigger::YouStunEnemy { one_or_more: true },
        ("you-discard", false) => Trigger::YouDiscard,
        ("you-discard-me", false) => Trigger::YouDiscardMe,
        ("you-play-token-unit", false) => Trigger::YouPlayTokenUnit,
        ("you-or-ally-hold", false) => Trigger::YouOrAllyHold,
        ("become-ready", false) => Trigger::BecomesReady,
        ("you-ready-friendly-unit", false) => Trigger::YouReadyFriendlyUnit,
        ("you-buff-friendly-unit", false) => Trigger::YouBuffFriendlyUnit,
        ("you-play-mighty-unit", false) => Trigger::YouPlayMightyUnit,
        ("buffed-friendly-unit-dies", false) => Trigger::BuffedFriendlyUnitDies,
        ("you-choose-me", false) => Trigger::YouChooseMe { with_spell: false },
        ("you-choose-me-with-spell", false) => Trigger::YouChooseMe { with_spell: true },
        ("you-choose-friendly-unit", false) => Trigger::YouChooseFriendlyUnit,
        ("you-ready-me", false) => Trigger::YouReadyMe,
        ("you-hide-card", false) => Trigger::YouHideCard,
        ("friendly-unit-attacks", false) => Trigger::FriendlyUnitAttacks { alone: false },
        ("friendly-unit-attacks-alone", false) => Trigger::FriendlyUnitAttacks { alone: true },
        ("friendly-unit-defends", false) => Trigger::FriendlyUnitDefends { alone: false },
        ("friendly-unit-defends-alone", false) => Trigger::FriendlyUnitDefends { alone: true },
        ("unit-moves-from-here", true) => Trigger::UnitMovesFromHere,
        ("you-attach-equipment-to-me", false) => Trigger::YouAttachEquipmentToMe,
        ("your-unit-becomes-mighty", false) => Trigger::YourUnitBecomesMighty,
        ("become-mighty", false) => Trigger::BecomesMighty,
        ("you-move-enemy-unit", false) => Trigger::YouMoveEnemyUnit,
        ("you-kill-unit-with-spell", false) => Trigger::YouKillUnitWithSpell,
        ("another-unit-you-control-dies", false) => {
            Trigger::AnotherUnitYouControlDies { except: None }
        }
        ("you-play-card", false) => Trigger::YouPlayCard {
            from_hidden: false,
            power: 0,
        },
        ("you-play-card-from-hidden", false) => Trigger::YouPlayCard {
            from_hidden: true,
            power: 0,
        },
        _ => return None,
    })
}

/// 416.3, 416.6: "Recycle N [units] from your trash" in an activated ability's cost.
fn recycle_cost(
    s: &Scenario,
    c: &format::ActivateCost,
) -> Result<(i32, Option<CardType>), ScenarioError> {
    let of = match &c.recycle_of {
        None => None,
        Some(n) => Some(
            crate::engine::look::card_type_word(&n.value).ok_or_else(|| {
                err(
                    s,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "unknown card type \"{}\" for recycle-of: unit, gear or spell",
                        n.value
                    ),
                )
            })?,
        ),
    };
    Ok((c.recycle.get(), of))
}

fn condition(s: &Scenario, c: &Name) -> Result<Condition, ScenarioError> {
    let v = c.value.as_str();
    let part = |x: &str| Name {
        value: x.trim().to_string(),
        referenced: c.referenced,
        defined: c.defined,
    };
    // "buffed and at-battlefield": each holds; "not has Deflect": it does not
    if v.contains(" and ") {
        let all = v
            .split(" and ")
            .map(|x| condition(s, &part(x)))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Condition::All(all));
    }
    if let Some(x) = v.strip_prefix("not ") {
        return Ok(Condition::Not(Box::new(condition(s, &part(x))?)));
    }
    Ok(match v {
        "always" => Condition::Always,
        "mighty" => Condition::Mighty,
        "attacking" => Condition::Attacking,
        "defending" => Condition::Defending,
        "targets-friendly" => Condition::TargetsFriendly,
        "legion" => Condition::Legion,
        "targets-enemy" => Condition::TargetsEnemy,
        "buffed" => Condition::Buffed,
        "stunned" => Condition::Stunned,
        "only-yours-there" => Condition::OnlyOneOfItsControllersThere,
        "at-battlefield" => Condition::AtBattlefield,
        "defending-alone" => Condition::DefendingAlone,
        "attacking-or-defending-alone" => Condition::AttackingOrDefendingAlone,
        "token" => Condition::Token,
        _ => {
            if let Some(c) = load::side_condition(v) {
                c
            } else if let Some(k) = v.strip_prefix("has ") {
                let n = Name {
                    value: k.to_string(),
                    referenced: c.referenced,
                    defined: c.defined,
                };
                Condition::HasKeyword(keyword(s, &n)?.kind())
            } else if let Some(t) = v.strip_prefix("tag ") {
                Condition::HasTag(t.trim().to_string())
            } else if let Some(n) = load::might_condition(v) {
                Condition::MightAtMost(n)
            } else if let Some(n) = v.strip_prefix("level ").and_then(|n| n.trim().parse().ok()) {
                Condition::ControllerXp(n)
            } else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    c.referenced,
                    format!("unknown condition \"{v}\""),
                ));
            }
        }
    })
}

/// The engine's abilities for a card's (or battlefield's) abilities as written.
fn abilities(
    s: &Scenario,
    keywords: &[Name],
    defs: &[serde_saphyr::Spanned<format::AbilityDef>],
    on_battlefield: bool,
    depth: u8,
) -> Result<Vec<Ability>, ScenarioError> {
    let names = Names {
        scenario: s,
        built: None,
        live: None,
        depth,
    };
    let mut out = Vec::new();
    let has_deathknell = keywords
        .iter()
        .any(|k| k.value.trim().eq_ignore_ascii_case("deathknell"));
    for k in keywords {
        out.push(Ability::Keyword(keyword(s, k)?));
    }
    let mut deathknell_effect = false;
    for a in defs {
        let ab = &a.value;
        // 383.2.c.1, 370.3: only triggered abilities and replacement effects are active in a
        // zone other than the board here
        if let Some(z) = ab
            .active_in
            .as_ref()
            .filter(|_| ab.when.is_none() && ab.would.is_none())
        {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                z.referenced,
                "active-in is for a triggered ability (when, 383.2.c.1) or a replacement effect (would, 370.3)",
            ));
        }
        if let Some(f) = ab.for_each.as_ref().filter(|_| {
            let assault = ab.grant.len() == 1 && ab.grant[0].value.eq_ignore_ascii_case("assault");
            ((ab.might.is_none() && !assault) || ab.while_.is_none())
                && ab.own_bonus_damage.is_none()
        }) {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                f.referenced,
                "for-each counts a passive's Might or Assault: it goes with `while:` and `might:` or `grant: [Assault]`",
            ));
        }
        // 713: "This deals N Bonus Damage for each [X]"
        if let Some(n) = ab.own_bonus_damage {
            let Some(per) = ab.for_each.as_ref().and_then(|f| load::count(&f.value)) else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    a.referenced,
                    format!("own-bonus-damage goes with for-each: {}", load::COUNT_WORDS),
                ));
            };
            out.push(Ability::OwnBonusDamage { each: n.get(), per });
            continue;
        }
        // 356.1.a, 419.1.a: "You may play me from your trash for [cost]"
        if let Some(c) = &ab.play_from_trash {
            out.push(Ability::PlayFromTrash {
                energy: c.value.energy.get(),
                power: c.value.power.to_power(Power::own),
                condition: match &ab.while_ {
                    Some(w) => condition(s, w)?,
                    None => Condition::Always,
                },
            });
            continue;
        }
        if let Some(c) = &ab.play_cost {
            let own = c.value.of.as_ref().is_some_and(|n| n.value == "me");
            let mut tag = None;
            let of = match c.value.of.as_ref().map(|n| n.value.as_str()) {
                None | Some("any") | Some("me") => None,
                Some("unit") => Some(CardType::Unit),
                Some("gear") => Some(CardType::Gear),
                Some("spell") => Some(CardType::Spell),
                // a tag ("Dragon"): the cards with it, of any type
                Some(t)
                    if !own
                        && t.chars().next().is_some_and(char::is_uppercase)
                        && t.chars().all(char::is_alphanumeric) =>
                {
                    tag = Some(t.to_string());
                    None
                }
                Some(other) => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        c.value.of.as_ref().map_or(c.referenced, |n| n.referenced),
                        format!(
                            "unknown card type \"{other}\" for play-cost: unit, gear, spell, any, me or a tag (Dragon)"
                        ),
                    ));
                }
            };
            let per = match &c.value.for_each {
                None => None,
                Some(n) => Some(load::count(&n.value).ok_or_else(|| {
                    err(
                        s,
                        ErrorKind::InvalidValue,
                        n.referenced,
                        format!(
                            "unknown count \"{}\" for for-each: {}",
                            n.value,
                            load::COUNT_WORDS
                        ),
                    )
                })?),
            };
            out.push(Ability::CostModifier {
                own,
                tag,
                per,
                condition: match &ab.if_ {
                    Some(c) => condition(s, c)?,
                    None => Condition::Always,
                },
                of,
                energy: c.value.energy.get(),
                min_energy: c.value.min.map(|m| m.get()),
                opponents: match c.value.player.as_ref().map(|n| n.value.as_str()) {
                    None | Some("you") => false,
                    Some("opponents") => true,
                    Some(other) => {
                        return Err(err(
                            s,
                            ErrorKind::InvalidValue,
                            c.referenced,
                            format!("play-cost applies to the cards of \"you\" or \"opponents\", not \"{other}\""),
                        ));
                    }
                },
            });
            continue;
        }
        if let Some(b) = &ab.cant_move_to_base {
            out.push(Ability::CantMoveToBase(match b.value.as_str() {
                "me" if !on_battlefield => crate::engine::MoveBan::Me,
                "units" => crate::engine::MoveBan::Units,
                "units-here" => crate::engine::MoveBan::UnitsHere,
                other => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        b.referenced,
                        format!(
                            "cant-move-to-base is me, units or units-here (a battlefield's: units or units-here), not \"{other}\""
                        ),
                    ));
                }
            }));
            continue;
        }
        if let Some(c) = &ab.activate {
            let Some(e) = &ab.effect else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    c.referenced,
                    "an activated ability needs an effect",
                ));
            };
            let mut effects = vec![names.effect(&e.value, e.referenced)?];
            for t in &ab.then {
                effects.push(names.effect(&t.value, t.referenced)?);
            }
            out.push(Ability::Activated {
                exhaust: c.value.exhaust,
                kill_self: c.value.kill_this,
                spend_buff: c.value.spend_my_buff,
                recycle: recycle_cost(s, &c.value)?,
                xp: c.value.xp.get(),
                discard: c.value.discard.get(),
                energy: c.value.energy.get(),
                power: c.value.power.to_power(Power::own),
                action: c.value.action,
                reaction: c.value.reaction,
                effects,
                // 377.2.b: "Use this ability only while I'm at a battlefield"
                only_while: match &ab.while_ {
                    Some(c) => condition(s, c)?,
                    None => Condition::Always,
                },
            });
        } else if let Some(w) = &ab.when {
            let Some(t) = trigger(&w.value, on_battlefield) else {
                return Err(err(
                    s,
                    ErrorKind::Unsupported,
                    w.referenced,
                    format!(
                        "the trigger \"when {}\" is not modeled on a {}",
                        w.value,
                        if on_battlefield {
                            "battlefield"
                        } else {
                            "card"
                        }
                    ),
                ));
            };
            let Some(e) = &ab.effect else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    w.referenced,
                    "a trigger needs an effect",
                ));
            };
            let deathknell = t == Trigger::Dies && has_deathknell;
            deathknell_effect |= deathknell;
            let mut effects = vec![names.effect(&e.value, e.referenced)?];
            for t in &ab.then {
                effects.push(names.effect(&t.value, t.referenced)?);
            }
            if let Some(c) = &ab.cost {
                effects.insert(0, pay_cost(&c.value));
            }
            // 383.2.c.1: an ability active in its owner's trash
            let t = match ab.active_in.as_ref().map(|n| n.value.as_str()) {
                None => t,
                Some("trash") => Trigger::InTrash(Box::new(t)),
                Some(other) => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        ab.active_in.as_ref().map_or(w.referenced, |n| n.referenced),
                        format!(
                            "a triggered ability is active on the board or in the trash (383.2.c.1): active-in: trash, not \"{other}\""
                        ),
                    ));
                }
            };
            let trig = Ability::Triggered {
                when: t,
                effects,
                deathknell,
                condition: match &ab.if_ {
                    Some(c) => condition(s, c)?,
                    None => Condition::Always,
                },
                limit: turn_limit(s, ab, on_battlefield, w.referenced)?,
            };
            out.push(match (ab.legion, ab.level) {
                (true, _) => Ability::Legion(Box::new(trig)),
                (false, Some(n)) => Ability::Level(n.get(), Box::new(trig)),
                (false, None) => trig,
            });
        } else if let Some(c) = &ab.while_ {
            let scope = scope_of(s, ab.scope.as_ref(), a.referenced)?;
            // 053.3: a battlefield says "here"; its passives are about the units there
            if on_battlefield && scope != Scope::UnitsHere {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    a.referenced,
                    "a battlefield's passive is about the units there: scope: units-here (053.3)",
                ));
            }
            let modification = if let (Some(k), Some(per)) = (
                ab.grant
                    .first()
                    .filter(|k| k.value.eq_ignore_ascii_case("assault") && ab.might.is_none()),
                &ab.for_each,
            ) {
                // "I have [Assault] equal to the number of …"
                let _ = k;
                Modification::AssaultPer(load::count(&per.value).ok_or_else(|| {
                    err(
                        s,
                        ErrorKind::InvalidValue,
                        per.referenced,
                        format!(
                            "unknown count \"{}\" for for-each: {}",
                            per.value,
                            load::COUNT_WORDS
                        ),
                    )
                })?)
            } else if let Some(k) = ab.grant.first() {
                Modification::AddKeyword(keyword(s, k)?)
            } else if let Some(k) = &ab.remove {
                Modification::RemoveKeyword(keyword(s, k)?.kind())
            } else if let (Some(n), Some(per)) = (ab.might, &ab.for_each) {
                Modification::MightPer {
                    each: n.get(),
                    per: load::count(&per.value).ok_or_else(|| {
                        err(
                            s,
                            ErrorKind::InvalidValue,
                            per.referenced,
                            format!(
                                "unknown count \"{}\" for for-each: {}",
                                per.value,
                                load::COUNT_WORDS
                            ),
                        )
                    })?,
                }
            } else if let Some(n) = ab.might {
                Modification::Might(n.get())
            } else if let Some(n) = ab.set_might {
                Modification::SetMight(n.get())
            } else if let Some(t) = &ab.tag {
                Modification::AddTag(t.value.clone())
            } else if ab.no_damage == Some(true) {
                Modification::NoDamage
            } else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    a.referenced,
                    "a passive needs a change",
                ));
            };
            out.push(Ability::Passive(Passive {
                scope,
                condition: condition(s, c)?,
                modification,
            }));
        } else if let Some(w) = &ab.would {
            // 367–375: "If/The next time [scope] would die / be killed / be dealt damage,
            // [instead]"
            if on_battlefield {
                return Err(err(
                    s,
                    ErrorKind::Unsupported,
                    w.referenced,
                    "a battlefield's replacement effect is not modelled (only its triggered abilities, passives and rules)",
                ));
            }
            let event = replaced_event(s, w)?;
            if let Some(sc) = ab.scope.as_ref().filter(|sc| sc.value != "me")
                && event == crate::engine::ReplacedEvent::Draw
            {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    sc.referenced,
                    "a replacement of a draw is about its controller's draws (\"If you would draw a card\"): it has no scope",
                ));
            }
            let scope = scope_of(s, ab.scope.as_ref(), a.referenced)?;
            let uses =
                replacement_uses(s, ab.uses.as_ref(), ReplacementUses::Always, a.referenced)?;
            if ab.instead.is_empty() {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    w.referenced,
                    "a replacement effect needs what happens \"instead\"",
                ));
            }
            let instead = ab
                .instead
                .iter()
                .map(|e| names.effect(&e.value, e.referenced))
                .collect::<Result<Vec<_>, _>>()?;
            out.push(Ability::Replacement(Replacement {
                event,
                scope,
                instead,
                uses,
                condition: match &ab.if_ {
                    Some(c) => condition(s, c)?,
                    None => Condition::Always,
                },
                prevent: None,
                double: false,
                affected: match &ab.unit_if {
                    Some(c) => condition(s, c)?,
                    None => Condition::Always,
                },
                choice: replacement_choice(
                    s,
                    ab.may.as_ref().map(|m| (m.value.as_str(), m.referenced)),
                    ab.cost.as_ref(),
                )?,
                // 370.3: `active-in: trash`
                in_trash: match ab.active_in.as_ref().map(|n| n.value.as_str()) {
                    None => false,
                    Some("trash") => true,
                    Some(other) => {
                        return Err(err(
                            s,
                            ErrorKind::InvalidValue,
                            ab.active_in.as_ref().map_or(w.referenced, |n| n.referenced),
                            format!("a replacement effect is active on the board or in the trash (370.3): active-in: trash, not \"{other}\""),
                        ));
                    }
                },
            }));
        } else if ab.enter_ready {
            let cond = match &ab.if_ {
                Some(c) => condition(s, c)?,
                None => Condition::Always,
            };
            // "Other friendly units / your tokens enter ready" (364.2): a scope other than me
            match ab.scope.as_ref().filter(|sc| sc.value != "me") {
                None => out.push(Ability::EntersReady(cond)),
                Some(sc) => {
                    let scope = scope_of(s, Some(sc), a.referenced)?;
                    if !matches!(scope, Scope::FriendlyUnits | Scope::OtherFriendlyUnits) {
                        return Err(err(
                            s,
                            ErrorKind::InvalidValue,
                            sc.referenced,
                            "units that enter ready are the controller's: scope friendly-units or other-friendly-units",
                        ));
                    }
                    out.push(Ability::UnitsEnterReady {
                        scope,
                        condition: cond,
                    });
                }
            }
        } else if ab.enter_exhausted {
            out.push(Ability::EntersExhausted);
        } else if ab.not_chosen_by_enemies {
            out.push(match &ab.unless {
                Some(c) => Ability::NotChosenByEnemiesUnless(condition(s, c)?),
                None => Ability::NotChosenByEnemies,
            });
        } else if ab.no_combat_damage {
            out.push(match &ab.unless {
                Some(c) => Ability::NoCombatDamageUnless(condition(s, c)?),
                None => Ability::NoCombatDamage,
            });
        } else if ab.any_number_of_buffs {
            out.push(Ability::AnyNumberOfBuffs);
        } else if ab.channel_only_one {
            out.push(Ability::ChannelOnlyOne);
        } else if let Some(l) = &ab.lesser_here {
            out.push(match l.value.as_str() {
                "unchosen-by-enemies" => Ability::LesserAlliesHereUnchosen,
                "no-combat-damage" => Ability::LesserEnemiesHereNoCombatDamage,
                other => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        l.referenced,
                        format!(
                            "lesser-here is unchosen-by-enemies or no-combat-damage, not \"{other}\""
                        ),
                    ));
                }
            });
        } else if ab.assigned_last {
            out.push(Ability::AssignedLast);
        } else if let Some(c) = &ab.cant_be_played {
            // 054.1: "I can't be played on your first, second or third turns"
            out.push(Ability::CantBePlayed(condition(s, c)?));
        } else if ab.cant_be_countered || ab.ignore_deflect {
            // a spell's own rules: "This can't be countered" (054.1), "Ignore [Deflect] while
            // paying this spell's cost" (002)
            if ab.cant_be_countered {
                out.push(Ability::CantBeCountered);
            }
            if ab.ignore_deflect {
                out.push(Ability::IgnoreDeflect);
            }
        } else if ab.no_units_played_here
            || ab.move_here_from_anywhere
            || ab.victory_score.is_some()
            || ab.no_score_before_turn.is_some()
        {
            // a battlefield's rules about playing, moving and winning
            if !on_battlefield {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    Loc::UNKNOWN,
                    "no-units-played-here, move-here-from-anywhere, victory-score and no-score-before-turn are abilities of a battlefield",
                ));
            }
            if ab.no_units_played_here {
                out.push(Ability::NoUnitsPlayedHere);
            }
            if ab.move_here_from_anywhere {
                out.push(Ability::MoveHereFromAnywhere);
            }
            if let Some(n) = ab.victory_score {
                out.push(Ability::VictoryScoreIncrease(n.get()));
            }
            if let Some(n) = ab.no_score_before_turn {
                out.push(Ability::NoScoreBeforeTurn(
                    u32::try_from(n.get()).unwrap_or(u32::MAX),
                ));
            }
        } else if let Some(n) = ab.bonus_damage {
            // 712–715: the spells and abilities of its controller, or any to the units here
            let to_units_here = match ab.scope.as_ref() {
                None => false,
                Some(sc) if sc.value == "units-here" => true,
                Some(sc) => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        sc.referenced,
                        format!(
                            "bonus-damage is its controller's spells and abilities' (no scope) or anyone's to the units here (scope: units-here), not scope \"{}\"",
                            sc.value
                        ),
                    ));
                }
            };
            out.push(Ability::BonusDamage {
                amount: n.get(),
                to_units_here,
            });
        } else if let Some(w) = &ab.play_to {
            out.push(Ability::PlayTo(match w.value.as_str() {
                "open" => PlayableBattlefield::Open,
                "occupied-enemy" => PlayableBattlefield::OccupiedEnemy,
                other => {
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        w.referenced,
                        format!("play-to names \"open\" or \"occupied-enemy\" battlefields, not \"{other}\""),
                    ));
                }
            }));
        } else if ab.ignore_cost {
            out.push(Ability::IgnoreCost(match &ab.if_ {
                Some(c) => condition(s, c)?,
                None => Condition::Always,
            }));
        } else if let Some(c) = &ab.additional_cost {
            out.push(Ability::AdditionalCost {
                optional: c.value.may,
                energy: c.value.energy.get(),
                power: c.value.power.to_power(Power::own),
                xp: c.value.xp.get(),
                discard: c.value.discard.get(),
                give_up: give_up(s, &c.value)?,
                buffs: c.value.buffs.get(),
            });
        } else if let Some(t) = &ab.text {
            out.push(Ability::Unsupported(t.value.clone()));
        }
    }
    if has_deathknell && !deathknell_effect {
        let k = keywords
            .iter()
            .find(|k| k.value.trim().eq_ignore_ascii_case("deathknell"))
            .map(|k| k.referenced)
            .unwrap_or(Loc::UNKNOWN);
        return Err(err(
            s,
            ErrorKind::InvalidValue,
            k,
            "Deathknell (808) needs its effect: add an ability {when: die, effect: ...}",
        ));
    }
    Ok(out)
}

/// Whom a passive or replacement ability is about (`scope:`, default me).
fn scope_of(s: &Scenario, n: Option<&Name>, at: Loc) -> Result<Scope, ScenarioError> {
    Ok(match n.map(|x| x.value.as_str()) {
        None | Some("me") => Scope::Me,
        Some("other-friendly-units") => Scope::OtherFriendlyUnits,
        Some("friendly-units") => Scope::FriendlyUnits,
        Some("enemy-units") => Scope::EnemyUnits,
        Some("other-friendly-units-here") => Scope::OtherFriendlyUnitsHere,
        Some("units-here") => Scope::UnitsHere,
        Some("your-units") => Scope::YourUnits,
        Some("your-other-units") => Scope::YourOtherUnits,
        Some("your-other-units-here") => Scope::YourOtherUnitsHere,
        Some(o) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                at,
                format!("unknown scope \"{o}\""),
            ));
        }
    })
}

fn card_type(s: &Scenario, k: Option<&Name>) -> Result<CardType, ScenarioError> {
    Ok(match k.map(|k| k.value.as_str()) {
        None | Some("unit") => CardType::Unit,
        Some("gear") => CardType::Gear,
        Some("spell") => CardType::Spell,
        Some("rune") => CardType::Rune,
        Some("battlefield") => CardType::Battlefield,
        Some("legend") => CardType::Legend,
        Some("token") => CardType::Token,
        Some(o) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                k.map(|k| k.referenced).unwrap_or(Loc::UNKNOWN),
                format!("unknown card type \"{o}\""),
            ));
        }
    })
}

/// A card's definition as the engine models it; `depth` counts token definitions
/// reached through "create" effects (a token that creates tokens, …).
fn card_def(s: &Scenario, name: &str, depth: u8) -> Result<CardDef, ScenarioError> {
    let Some(card) = s.file.cards.get(name) else {
        return Err(err(
            s,
            ErrorKind::UnknownName,
            Loc::UNKNOWN,
            format!("unknown card \"{name}\""),
        ));
    };
    card_def_of(s, name, &card.value, card.referenced, depth)
}

/// The instructions of a card's spell effect and of its triggered and activated abilities
/// ("you may" ones included), in order: where a created effect is described.
pub fn instructions(def: &CardDef) -> impl Iterator<Item = &Effect> {
    def.abilities
        .iter()
        .flat_map(|a| match a {
            crate::engine::Ability::Spell(e)
            | crate::engine::Ability::Triggered { effects: e, .. }
            | crate::engine::Ability::Activated { effects: e, .. } => &e[..],
            _ => &[],
        })
        .flat_map(|e| match e {
            Effect::May { effect } => vec![e, &**effect],
            _ => vec![e],
        })
}

/// The instructions and name of an ability set up on the chain (`of`, `ability`): a
/// triggered or activated ability's effects, targets still to bind. A "you may" first
/// instruction was answered as the ability went on the chain (383.3.a): it is its effect.
fn chain_ability(
    s: &Scenario,
    g: &Game,
    objects: &[ObjId],
    c: &format::ChainSetup,
    at: Loc,
) -> Result<(Vec<Effect>, String), ScenarioError> {
    // a keyword's triggered ability: its instructions as the keyword gives them
    if let (Some(of), Some(kw)) = (&c.of, &c.keyword) {
        let o = objects[load::resolve_object(&s.path, &s.objects, of)?];
        let name = g.object(o).def.name.clone();
        let k = keyword(s, kw)?;
        let (effects, label) = match k {
            Keyword::Other(ref n, _) if n == "Weaponmaster" => (
                vec![Effect::Weaponmaster],
                format!("Weaponmaster of {name}"),
            ),
            Keyword::Other(ref n, _) if n == "Quick-Draw" => (
                vec![crate::engine::keywords::quick_draw::quick_draw_effect()],
                format!("Quick-Draw of {name}"),
            ),
            Keyword::Vision => (vec![Game::vision_effect()], format!("Vision of {name}")),
            Keyword::Temporary => (
                vec![Effect::Kill { target: Target::Me }],
                format!("Temporary of {name}"),
            ),
            Keyword::Hunt(n) => (
                vec![Effect::GainXp {
                    player: PlayerRef::You,
                    amount: n,
                }],
                format!("Hunt {n} of {name}"),
            ),
            _ => {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    kw.referenced,
                    format!(
                        "{} has no triggered ability on the chain: accepted Vision, Weaponmaster, Quick-Draw, Temporary, Hunt",
                        kw.value
                    ),
                ));
            }
        };
        return Ok((effects, label));
    }
    // the object's, or the battlefield's card's (its abilities "when you hold here", …)
    let (def, of) = match (&c.of, &c.battlefield) {
        (Some(of), _) => (
            g.object(objects[load::resolve_object(&s.path, &s.objects, of)?])
                .def
                .clone(),
            of,
        ),
        (None, Some(b)) => {
            let i = load::resolve_battlefield(&s.path, &s.battlefields, b)?;
            let Some(def) = g.battlefields.get(i).and_then(|x| x.def.clone()) else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    b.referenced,
                    format!("{} has no abilities", b.value),
                ));
            };
            (def, b)
        }
        (None, None) => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                at,
                "a chain item is a spell (`card`) or an ability (`of` or `battlefield`, and `ability`)",
            ));
        }
    };
    let Some(k) = &c.ability else {
        return Err(err(
            s,
            ErrorKind::InvalidValue,
            at,
            "a chain item is a spell (`card`) or an ability (`of` or `battlefield`, and `ability`)",
        ));
    };
    let n = k.value.get().unsigned_abs() as usize;
    let mut effects = match n.checked_sub(1).and_then(|i| def.abilities.get(i)) {
        Some(crate::engine::Ability::Triggered { effects, .. })
        | Some(crate::engine::Ability::Activated { effects, .. }) => effects.clone(),
        _ => {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                k.referenced,
                format!(
                    "{}'s ability {n} is not a triggered or activated ability with instructions (it has {} abilities, its keywords first)",
                    of.value,
                    def.abilities.len()
                ),
            ));
        }
    };
    if let Some(Effect::May { effect }) = effects.first().cloned() {
        effects[0] = *effect;
    }
    Ok((effects, format!("{}'s ability", def.name)))
}

/// The card under `cards:` (or from the card database) a token was made from: the one whose
/// definition is the token's, but for its name (a token named by `ids` goes by that name).
pub fn token_card(s: &Scenario, def: &CardDef) -> Option<String> {
    let same = |name: &String| {
        card_def(s, name, 0).is_ok_and(|mut d| {
            d.name = def.name.clone();
            d == *def
        })
    };
    if s.file.cards.contains_key(&def.name) && same(&def.name) {
        return Some(def.name.clone());
    }
    s.file.cards.keys().find(|n| same(n)).cloned()
}

/// The engine's definition of `c`, the card `name` (defined under `cards:`, or inline in a
/// `create` effect's `token`).
fn card_def_of(
    s: &Scenario,
    name: &str,
    c: &format::CardDef,
    at: Loc,
    depth: u8,
) -> Result<CardDef, ScenarioError> {
    if depth > 4 {
        return Err(err(
            s,
            ErrorKind::Unsupported,
            at,
            format!("{name}: tokens that create tokens nest too deep"),
        ));
    }
    Ok(CardDef {
        name: name.to_string(),
        card_name: None,
        card_type: card_type(s, c.kind.as_ref())?,
        might: c.might.map(|m| m.get()),
        tags: c.tags.iter().map(|t| t.value.clone()).collect(),
        domains: c.domains.iter().map(|t| t.value.clone()).collect(),
        energy_cost: c.cost.map(|m| m.get()),
        power_cost: c.power.as_ref().map(|m| m.to_power(Power::own)),
        abilities: {
            // a battlefield's card says "here" for itself (053.3) wherever it is defined
            let battlefield = c.kind.as_ref().is_some_and(|k| k.value == "battlefield");
            let mut a = abilities(s, &c.keywords, &c.abilities, battlefield, depth)?;
            if let Some(e) = &c.effect {
                let names = Names {
                    scenario: s,
                    built: None,
                    live: None,
                    depth,
                };
                let mut v = vec![names.effect(&e.value, e.referenced)?];
                for t in &c.then {
                    v.push(names.effect(&t.value, t.referenced)?);
                }
                a.push(Ability::Spell(v));
            }
            // 818.1.c.2: Equip [Cost] is "[Cost]: attach this gear to a unit you control".
            if let Some(e) = &c.equip {
                let k = Keyword::parse("Equip");
                if !a.contains(&Ability::Keyword(k.clone())) {
                    a.push(Ability::Keyword(k));
                }
                a.push(Ability::Activated {
                    exhaust: e.value.exhaust,
                    kill_self: e.value.kill_this,
                    spend_buff: e.value.spend_my_buff,
                    recycle: recycle_cost(s, &e.value)?,
                    xp: e.value.xp.get(),
                    discard: e.value.discard.get(),
                    energy: e.value.energy.get(),
                    power: e.value.power.to_power(Power::own),
                    action: e.value.action,
                    reaction: e.value.reaction,
                    effects: crate::engine::keywords::equip::effects(),
                    only_while: Condition::Always,
                });
            }
            // 820: Repeat [Cost], one ability per instance
            for r in &c.repeat {
                let k = Keyword::parse("Repeat");
                if !a.contains(&Ability::Keyword(k.clone())) {
                    a.push(Ability::Keyword(k));
                }
                a.push(Ability::RepeatCost {
                    energy: r.value.energy.get(),
                    power: r.value.power.to_power(Power::own),
                    discard: r.value.discard.get(),
                });
            }
            if let Some(n) = c.might_bonus {
                a.push(Ability::MightBonus(n.get()));
            }
            if let Some(t) = &c.effect_text {
                let t = &t.value;
                a.push(Ability::EffectText(abilities(
                    s,
                    &t.keywords,
                    &t.abilities,
                    false,
                    depth,
                )?));
            }
            a
        },
    })
}

/// Builds the game of a loaded scenario.
pub fn build(s: &Scenario) -> Result<Built, ScenarioError> {
    let f = &s.file;
    let mode = Mode::parse(&s.mode).unwrap_or(Mode::Duel);
    let names: Vec<&str> = s.players.iter().map(String::as_str).collect();
    let mut g = Game::new(mode, &names, f.seed.unwrap_or(0));
    let players: Vec<PlayerId> = (0..s.players.len()).map(PlayerId).collect();
    // 484.2: the teams the set-up names (checked on load: they alternate in turn order)
    for (t, team) in f.setup.teams.iter().enumerate() {
        for n in team {
            if let Some(i) = s.players.iter().position(|p| *p == n.value) {
                g.player_mut(PlayerId(i)).team = Some(t);
            }
        }
    }

    // Card definitions.
    let mut defs: BTreeMap<&str, Arc<CardDef>> = BTreeMap::new();
    for (name, card) in &f.cards {
        let def = card_def(s, name, 0)?;
        // Refuse rather than guess: anything not modeled stops the run before it starts.
        if let Some(u) = def.unsupported().into_iter().next() {
            return Err(err(
                s,
                ErrorKind::Unsupported,
                card.referenced,
                format!("{name}: {u} — not modeled by the engine"),
            )
            .hint("remove it from the card, or describe the ruling without it"));
        }
        defs.insert(name.as_str(), Arc::new(def));
    }

    // Battlefields.
    let mut bfs = Vec::new();
    for b in &f.setup.battlefields {
        let bv = &b.value;
        // A battlefield without abilities of its own in the scenario has its card's, when
        // `cards:` or the card database has a battlefield card of that name.
        let printed = s
            .file
            .cards
            .get(&bv.name.value)
            .filter(|_| bv.abilities.is_empty())
            .filter(|c| {
                c.value
                    .kind
                    .as_ref()
                    .is_some_and(|k| k.value == "battlefield")
            });
        let def = if let Some(c) = printed {
            let c = &c.value;
            Some(Arc::new(CardDef {
                name: bv.name.value.clone(),
                card_name: None,
                card_type: CardType::Battlefield,
                might: None,
                tags: Vec::new(),
                domains: Vec::new(),
                energy_cost: None,
                power_cost: None,
                abilities: abilities(s, &c.keywords, &c.abilities, true, 0)?,
            }))
        } else if bv.abilities.is_empty() {
            None
        } else {
            Some(Arc::new(CardDef {
                name: bv.name.value.clone(),
                card_name: None,
                card_type: CardType::Battlefield,
                might: None,
                tags: Vec::new(),
                domains: Vec::new(),
                energy_cost: None,
                power_cost: None,
                abilities: abilities(s, &[], &bv.abilities, true, 0)?,
            }))
        };
        if let Some(d) = &def
            && let Some(u) = d.unsupported().into_iter().next()
        {
            return Err(err(
                s,
                ErrorKind::Unsupported,
                b.referenced,
                format!("{}: {u} — not modeled by the engine", bv.name.value),
            ));
        }
        let id = g.add_battlefield(&bv.name.value, def);
        let names = Names {
            scenario: s,
            built: None,
            live: None,
            depth: 0,
        };
        if let Some(c) = &bv.controller {
            g.battlefield_mut(id).controller = Some(names.player_id(c)?);
        }
        if bv.contested == Some(true) {
            g.battlefield_mut(id).contested = true;
        }
        match bv.staged.as_ref().map(|st| st.value.as_str()) {
            Some("combat") => g.battlefield_mut(id).combat_staged = true,
            Some("showdown") => g.battlefield_mut(id).showdown_staged = true,
            _ => {}
        }
        if let Some(p) = &bv.contested_by {
            let p = names.player_id(p)?;
            let b = g.battlefield_mut(id);
            b.contested = true;
            b.contested_by = Some(p);
        }
        bfs.push(id);
    }

    // Objects, in the loader's order.
    let mut setups: Vec<Option<&format::ObjectSetup>> = Vec::new();
    for b in &f.setup.battlefields {
        for u in b.value.units.iter().chain(b.value.gear.iter()) {
            setups.push(Some(&u.value));
        }
        if b.value.facedown.is_some() {
            setups.push(None);
        }
    }
    for objs in f.setup.bases.values() {
        for o in objs {
            setups.push(Some(&o.value));
        }
    }
    for ps in f.setup.players.values() {
        for _ in ps
            .value
            .hand
            .iter()
            .chain(&ps.value.deck)
            .chain(&ps.value.trash)
            .chain(&ps.value.rune_deck)
        {
            setups.push(None);
        }
        for o in &ps.value.runes {
            setups.push(Some(&o.value));
        }
        if let Some(o) = &ps.value.legend {
            setups.push(Some(&o.value));
        }
    }
    for _ in f.setup.chain.iter().filter(|c| c.value.card.is_some()) {
        setups.push(None);
    }
    let pnames = Names {
        scenario: s,
        built: None,
        live: None,
        depth: 0,
    };
    // Designations as written (applied after a combat set-up, which designates by controller).
    let setups_designation: Vec<Option<Option<Designation>>> = setups
        .iter()
        .map(|o| {
            o.and_then(|o| o.designation.as_ref())
                .map(|d| match d.value.as_str() {
                    "attacker" => Some(Designation::Attacker),
                    "defender" => Some(Designation::Defender),
                    _ => None,
                })
        })
        .collect();
    let setups_checked: Vec<Option<&Vec<format::Name>>> = setups
        .iter()
        .map(|o| o.and_then(|o| o.checked.as_ref()))
        .collect();
    let setups_linked: Vec<&[format::Name]> = setups
        .iter()
        .map(|o| o.map_or(&[][..], |o| &o.linked[..]))
        .collect();
    let setups_attached: Vec<Option<&format::Name>> = setups
        .iter()
        .map(|o| o.and_then(|o| o.attached_to.as_ref()))
        .collect();
    let mut objects = Vec::new();
    for (info, setup) in s.objects.iter().zip(setups) {
        let def = defs.get(info.card.as_str()).cloned().ok_or_else(|| {
            err(
                s,
                ErrorKind::UnknownName,
                Loc::UNKNOWN,
                format!("unknown card \"{}\"", info.card),
            )
        })?;
        let (zone, default_controller) = match info.place {
            Place::Base(p) => (Zone::Base(PlayerId(p)), Some(PlayerId(p))),
            Place::Battlefield(b) => (Zone::Battlefield(bfs[b]), g.battlefield(bfs[b]).controller),
            Place::Hand(p) => (Zone::Hand(PlayerId(p)), Some(PlayerId(p))),
            Place::Deck(p) => (Zone::MainDeck(PlayerId(p)), Some(PlayerId(p))),
            Place::Trash(p) => (Zone::Trash(PlayerId(p)), Some(PlayerId(p))),
            Place::RuneDeck(p) => (Zone::RuneDeck(PlayerId(p)), Some(PlayerId(p))),
            Place::LegendZone(p) => (Zone::LegendZone(PlayerId(p)), Some(PlayerId(p))),
            Place::Chain(i) => (
                Zone::Chain,
                Some(pnames.player_id(&f.setup.chain[i].value.controller)?),
            ),
            Place::Facedown(b) => {
                let fd = f.setup.battlefields[b].value.facedown.as_ref();
                let c = match fd.and_then(|x| x.value.controller.as_ref()) {
                    Some(c) => Some(pnames.player_id(c)?),
                    None => g.battlefield(bfs[b]).controller,
                };
                (Zone::Facedown(bfs[b]), c)
            }
        };
        let controller = match setup.and_then(|o| o.controller.as_ref()) {
            Some(c) => Some(pnames.player_id(c)?),
            None => default_controller,
        };
        let Some(controller) = controller else {
            let loc = setup.map(|o| o.card.referenced).unwrap_or(Loc::UNKNOWN);
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                loc,
                format!(
                    "who controls {}? The battlefield has no controller: give the unit a \"controller\"",
                    info.label()
                ),
            ));
        };
        let owner = match setup.and_then(|o| o.owner.as_ref()) {
            Some(o) => pnames.player_id(o)?,
            None => controller,
        };
        // Several objects of one card: the trace names each by its id, so that
        // "west-wall 3, east-wall 1" says which is which.
        let shared = s.objects.iter().filter(|o| o.card == info.card).count() > 1;
        let token = setup.is_some_and(|o| o.token);
        let def = match &info.id {
            // a token goes by its card's name, or by the name an `ids` gave it
            Some(label) if token && !s.created.contains(label) => def,
            Some(label) if shared || token => {
                let mut d = (*def).clone();
                d.card_name = Some(d.card_name().to_string());
                d.name = label.clone();
                Arc::new(d)
            }
            _ => def,
        };
        let id = g.create(def, owner, zone);
        g.object_mut(id).base_controller = controller;
        if let Some(o) = setup {
            let m = g.object_mut(id);
            m.damage = o.damage.map_or(0, |v| v.get());
            m.buffs = o.buffs.map_or(0, |v| v.get());
            m.exhausted = o.exhausted.unwrap_or(false);
            m.stunned = o.stunned;
            m.token = o.token;
            if let Some(n) = o.might_this_turn {
                g.setup_effect(
                    id,
                    "setup",
                    Modification::Might(n.get()),
                    Duration::ThisTurn,
                );
            }
            for k in &o.keywords_this_turn {
                let n = k;
                let k = keyword(s, k)?;
                if !k.is_modeled() {
                    return Err(err(
                        s,
                        ErrorKind::Unsupported,
                        n.referenced,
                        format!(
                            "the keyword {k} is granted this turn, but its function is not modeled by the engine"
                        ),
                    ));
                }
                g.setup_effect(id, "setup", Modification::AddKeyword(k), Duration::ThisTurn);
            }
        }
        objects.push(id);
    }
    let designations: Vec<(ObjId, Option<Designation>)> = objects
        .iter()
        .zip(&setups_designation)
        .filter_map(|(id, d)| d.map(|d| (*id, d)))
        .collect();

    // Players.
    for (name, ps) in &f.setup.players {
        let i = s.players.iter().position(|p| p == name).unwrap_or(0);
        let p = g.player_mut(PlayerId(i));
        p.points = ps.value.points.map_or(0, |v| v.get());
        p.xp = ps.value.xp.map_or(0, |v| v.get());
        if let Some(w) = ps.value.game_wins {
            // 481.6: a match is won at two Game Wins; only a match counts them
            if f.mode.as_ref().is_none_or(|m| m.value != "match") {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    ps.referenced,
                    "game-wins counts the games of a best-of-three match: it needs mode: match (481.6)",
                ));
            }
            if !(0..=1).contains(&w.get()) {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    ps.referenced,
                    format!(
                        "game-wins is 0 or 1: at two Game Wins the match is over (481.6), found {}",
                        w.get()
                    ),
                ));
            }
        }
        let p = g.player_mut(PlayerId(i));
        p.game_wins = ps.value.game_wins.map_or(0, |v| v.get().unsigned_abs());
        p.played_before_setup = ps
            .value
            .played_this_turn
            .map_or(0, |v| v.get().unsigned_abs());
        p.units_enter_ready_this_turn = ps.value.units_enter_ready;
        p.units_died_this_turn = ps
            .value
            .units_died_this_turn
            .map_or(0, |v| v.get().unsigned_abs());
        p.units_died_beginning_phase = ps
            .value
            .units_died_beginning_phase
            .map_or(0, |v| v.get().unsigned_abs());
        p.discarded_this_turn = ps
            .value
            .discarded_this_turn
            .map_or(0, |v| v.get().unsigned_abs());
        p.xp_gained_this_turn = ps.value.xp_gained_this_turn.map_or(0, |v| v.get());
        p.power_spent_this_turn = ps.value.power_spent_this_turn.map_or(0, |v| v.get());
        p.most_energy_for_a_spell_this_turn =
            ps.value.energy_for_a_spell_this_turn.map_or(0, |v| v.get());
        p.energy = ps.value.energy.map_or(0, |v| v.get());
        // a number of power in a pool is universal power (162.2.b)
        p.power = ps
            .value
            .power
            .as_ref()
            .map_or_else(Power::default, |v| v.to_power(Power::any));
        let mut restricted = Vec::new();
        for r in &ps.value.restricted {
            let only = r
                .value
                .only
                .as_ref()
                .and_then(|n| crate::engine::resources::SpendOnly::parse(&n.value))
                .ok_or_else(|| {
                    err(
                        s,
                        ErrorKind::InvalidValue,
                        r.referenced,
                        "restricted energy needs only: spells, showdowns, gear or units",
                    )
                })?;
            restricted.push(crate::engine::resources::Restricted {
                only,
                energy: r.value.energy.get(),
                power: r.value.power.to_power(Power::any),
            });
        }
        g.player_mut(PlayerId(i)).restricted = restricted;
    }

    // The turn.
    if let Some(t) = &f.setup.turn {
        let player = match &t.player {
            Some(p) => pnames.player_id(p)?,
            None => PlayerId(0),
        };
        let phase = t
            .phase
            .as_ref()
            .and_then(|p| Phase::parse(&p.value))
            .unwrap_or(Phase::Main);
        g.set_turn(
            player,
            phase,
            t.number.map_or(1, |n| n.get().unsigned_abs()),
        );
        // 735–738: an Additional Turn in progress, and those queued after it
        if t.additional {
            g.turn.additional = true;
            if let Some(a) = &t.after {
                g.turn.order = pnames.player_id(a)?;
            }
        } else if let Some(a) = &t.after {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                a.referenced,
                "\"after\" names the regular turn an Additional Turn follows (736–737)",
            )
            .hint("add `additional: true`, or leave `after` out"));
        }
        for q in &t.queued {
            g.additional_turns.push(pnames.player_id(q)?);
        }
    }

    // 329: spells and abilities on the chain, first added first, with the targets they
    // chose (355.5).
    for (i, c) in f.setup.chain.iter().enumerate() {
        let controller = pnames.player_id(&c.value.controller)?;
        let spell = s
            .objects
            .iter()
            .zip(&objects)
            .find(|(info, _)| info.place == Place::Chain(i))
            .map(|(_, &id)| id);
        let (mut effects, what) = match spell {
            Some(id) => (
                g.object(id)
                    .def
                    .abilities
                    .iter()
                    .filter_map(|a| match a {
                        crate::engine::Ability::Spell(e) => Some(e.clone()),
                        _ => None,
                    })
                    .flatten()
                    .collect::<Vec<Effect>>(),
                g.object(id).def.name.clone(),
            ),
            None => chain_ability(s, &g, &objects, &c.value, c.referenced)?,
        };
        // 820: each Repeat paid executes the instructions once more; 355.3: each "choose
        // one" is the mode chosen
        let once = effects.clone();
        for _ in 0..c.value.repeats.map_or(0, |n| n.get()) {
            effects.extend(once.iter().cloned());
        }
        let mut modes = c.value.modes.iter();
        for e in effects.iter_mut() {
            let Effect::ChooseOne { modes: options } = e else {
                continue;
            };
            let Some(m) = modes.next() else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    c.referenced,
                    format!(
                        "{what} chooses a mode as it goes on the chain (355.3): name it in \"modes\""
                    ),
                ));
            };
            let k = m.value.get().unsigned_abs() as usize;
            let Some(chosen) = k.checked_sub(1).and_then(|k| options.get(k)).cloned() else {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    m.referenced,
                    format!(
                        "{what} has {} modes: accepted 1 to {}",
                        options.len(),
                        options.len()
                    ),
                ));
            };
            *e = chosen;
        }
        if let Some(extra) = modes.next() {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                extra.referenced,
                format!("{what} has no further \"choose one\""),
            ));
        }
        let mut named = c.value.targets.iter();
        let mut last: Option<(ObjId, UnitFilter, u64)> = None;
        for e in effects.iter_mut() {
            for t in crate::engine::choices::targets_mut(e) {
                // "it": the unit the instruction before chose (355.5)
                if matches!(t, Target::It) {
                    if let Some((object, filter, stamp)) = &last {
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
                let Some(n) = named.next() else {
                    // an ability's targets not chosen yet stay to be chosen
                    if spell.is_none() {
                        continue;
                    }
                    return Err(err(
                        s,
                        ErrorKind::InvalidValue,
                        c.referenced,
                        format!(
                            "{what} chooses targets as it goes on the chain (355.5): name them in \"targets\""
                        ),
                    ));
                };
                let object = objects[load::resolve_object(&s.path, &s.objects, n)?];
                // 0 is no timestamp: a target that moved since is not the object chosen
                let stamp = if c
                    .value
                    .moved_since_chosen
                    .iter()
                    .any(|m| m.value == n.value)
                {
                    0
                } else {
                    g.object(object).timestamp
                };
                last = Some((object, filter.clone(), stamp));
                *t = Target::Chosen {
                    object,
                    filter: filter.clone(),
                    stamp,
                    again: false,
                };
            }
        }
        if let Some(extra) = named.next() {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                extra.referenced,
                format!("{what} has no further target to choose"),
            ));
        }
        match spell {
            Some(id) => {
                g.setup_chain_card(controller, id, effects, c.value.pending);
                // 811.1.d.2: "here" for a card played from hidden is its battlefield
                if let Some(b) = &c.value.hidden_at {
                    let b = bfs[load::resolve_battlefield(&s.path, &s.battlefields, b)?];
                    if let Some(item) = g.chain.last_mut() {
                        item.snapshot = Some(crate::engine::Snapshot {
                            location: Zone::Battlefield(b),
                            might: 0,
                            controller,
                            keywords: Vec::new(),
                            designation: None,
                        });
                    }
                }
            }
            None => {
                let source = c
                    .value
                    .of
                    .as_ref()
                    .map(|n| load::resolve_object(&s.path, &s.objects, n))
                    .transpose()?
                    .map(|k| objects[k]);
                let label = c.value.label.clone().unwrap_or(what);
                g.setup_chain_item(controller, source, &label, effects, c.value.pending);
                let snapshot = match &c.value.snapshot {
                    Some(sn) => Some(crate::engine::Snapshot {
                        location: match load::parse_base(&sn.at.value, &s.players) {
                            Some(p) => Zone::Base(PlayerId(p)),
                            None => Zone::Battlefield(
                                bfs[load::resolve_battlefield(&s.path, &s.battlefields, &sn.at)?],
                            ),
                        },
                        might: sn.might.get(),
                        controller: pnames.player_id(&sn.controller)?,
                        keywords: sn
                            .keywords
                            .iter()
                            .map(|k| keyword(s, k))
                            .collect::<Result<_, _>>()?,
                        designation: match sn.designation.as_ref().map(|d| d.value.as_str()) {
                            Some("attacker") => Some(Designation::Attacker),
                            Some("defender") => Some(Designation::Defender),
                            _ => None,
                        },
                    }),
                    None => None,
                };
                // 811.1.d.2: the play effect of a permanent played from hidden there
                let hidden_at = match &c.value.hidden_at {
                    Some(b) => Some(Zone::Battlefield(
                        bfs[load::resolve_battlefield(&s.path, &s.battlefields, b)?],
                    )),
                    None => None,
                };
                if let Some(item) = g.chain.last_mut() {
                    item.triggered = c.value.triggered;
                    item.snapshot = snapshot;
                    item.restrict_choices = hidden_at;
                }
            }
        }
    }

    // 419.4.a: the cards played this turn whose play is complete count for "When you play
    // your second card"; a spell still on the chain is among those played (812.1.c) but
    // completes as it resolves
    for i in 0..g.players.len() {
        let on_chain = g
            .chain
            .iter()
            .filter(|c| c.card.is_some() && c.controller == PlayerId(i))
            .count();
        let p = g.player_mut(PlayerId(i));
        p.cards_played_this_turn = p
            .played_before_setup
            .saturating_sub(u32::try_from(on_chain).unwrap_or(u32::MAX));
    }

    // 811.1.b: a facedown card was hidden on an earlier turn (playable now) unless it was
    // hidden this turn.
    for (info, &id) in s.objects.iter().zip(&objects) {
        if let Place::Facedown(b) = info.place {
            let this_turn = f.setup.battlefields[b]
                .value
                .facedown
                .as_ref()
                .is_some_and(|x| x.value.hidden_this_turn);
            let now = g.turn.number;
            g.object_mut(id).hidden_on_turn = Some(if this_turn {
                now
            } else {
                now.saturating_sub(1)
            });
        }
    }

    // A showdown or combat in progress.
    if let Some(c) = &f.setup.combat {
        let bf = BfId(load::resolve_battlefield(&s.path, &s.battlefields, &c.at)?);
        let attacker = pnames.player_id(&c.attacker)?;
        let defender = players
            .iter()
            .copied()
            .find(|&p| p != attacker && g.opponents(attacker, p))
            .unwrap_or(attacker);
        let focus = match &c.focus {
            Some(f) => pnames.player_id(f)?,
            None => attacker,
        };
        g.setup_showdown(bfs[bf.0], focus, Some((attacker, defender)));
    }
    if let Some(sd) = &f.setup.showdown {
        let bf = BfId(load::resolve_battlefield(&s.path, &s.battlefields, &sd.at)?);
        let focus = pnames.player_id(&sd.focus)?;
        g.setup_showdown(bfs[bf.0], focus, None);
    }
    for (id, d) in designations {
        let o = g.object_mut(id);
        o.designation = d;
        // 383.4.e.2.a: a unit designated at set-up has had its attack or defend checked
        o.attack_checked = d == Some(Designation::Attacker);
        o.defend_checked = d == Some(Designation::Defender);
    }
    for (&id, checked) in objects.iter().zip(&setups_checked) {
        if let Some(c) = checked {
            let o = g.object_mut(id);
            o.attack_checked = c.iter().any(|n| n.value == "attack");
            o.defend_checked = c.iter().any(|n| n.value == "defend");
        }
    }
    // 393–397: what a linked instruction affected, remembered as the object is now
    for (&id, linked) in objects.iter().zip(&setups_linked) {
        for n in linked.iter() {
            let o = objects[load::resolve_object(&s.path, &s.objects, n)?];
            let stamp = g.object(o).timestamp;
            g.object_mut(id).linked.push((o, stamp));
        }
    }
    // consecutive focus passes in the showdown (347.3)
    let passes = f.setup.combat.as_ref().and_then(|c| c.passes).or(f
        .setup
        .showdown
        .as_ref()
        .and_then(|s| s.passes));
    if let (Some(sd), Some(n)) = (g.showdown.as_mut(), passes) {
        sd.passes = n.get().unsigned_abs() as usize;
    }
    // 339: who holds priority on the chain, and how many have passed in a row
    if let Some(p) = &f.setup.priority {
        g.priority = Some(pnames.player_id(&p.value.player)?);
        g.chain_passes = p
            .value
            .passes
            .map_or(0, |n| n.get().unsigned_abs() as usize);
        g.chain_by_trigger = p.value.by_trigger;
    }
    // continuous effects of what resolved before the set-up, oldest first (475.1)
    for e in &f.setup.effects {
        let x = &e.value;
        let target = objects[load::resolve_object(&s.path, &s.objects, &x.on)?];
        let modification = if let Some(n) = x.might {
            Modification::Might(n.get())
        } else if let Some(n) = x.set_might {
            Modification::SetMight(n.get())
        } else if let Some(k) = &x.grant {
            Modification::AddKeyword(keyword(s, k)?)
        } else if let Some(k) = &x.remove {
            Modification::RemoveKeyword(keyword(s, k)?.kind())
        } else if let Some(t) = &x.tag {
            Modification::AddTag(t.value.clone())
        } else if let Some(c) = &x.controller {
            Modification::SetController(pnames.player_id(c)?)
        } else {
            Modification::NoDamage
        };
        let d = duration(s, x.duration.as_ref(), Duration::ThisTurn)?;
        g.setup_effect(
            target,
            x.source.as_deref().unwrap_or("setup"),
            modification,
            d,
        );
        if let Some(last) = g.effects.last_mut() {
            last.limit = x.limit.map(|v| v.get());
            last.snapshot = x.snapshot.map(|v| v.get());
        }
    }
    // 371: replacement effects used up, for good or on a turn
    for u in &f.setup.replacements_used {
        let o = objects[load::resolve_object(&s.path, &s.objects, &u.value.of)?];
        let k = u.value.ability.value.get().unsigned_abs() as usize;
        let n = g.object(o).def.abilities.len();
        if k < 1 || k > n {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                u.value.ability.referenced,
                if n == 0 {
                    format!("{} has no abilities", u.value.of.value)
                } else {
                    format!(
                        "{} has {n} abilities (its keywords first): accepted 1 to {n}",
                        u.value.of.value
                    )
                },
            ));
        }
        g.replacements_spent
            .push((o, k.saturating_sub(1), u.value.turn.get().unsigned_abs()));
    }
    // 369, 370: replacement effects a spell or ability created, as its instruction says
    for r in &f.setup.created_replacements {
        let x = &r.value;
        let by = objects[load::resolve_object(&s.path, &s.objects, &x.by)?];
        let unit = objects[load::resolve_object(&s.path, &s.objects, &x.about)?];
        let Some((rep, duration)) = instructions(&g.object(by).def).find_map(|e| match e {
            Effect::CreateReplacement {
                replacement,
                duration,
                ..
            } => Some((replacement.clone(), *duration)),
            _ => None,
        }) else {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                x.by.referenced,
                format!(
                    "{} has no instruction that creates a replacement effect",
                    x.by.value
                ),
            ));
        };
        let id = g.fresh_id();
        let stamp = if x.moved_since {
            0
        } else {
            g.object(unit).timestamp
        };
        g.created_replacements
            .push(crate::engine::abilities::replacement::CreatedReplacement {
                id,
                controller: pnames.player_id(&x.controller)?,
                created_by: by,
                unit,
                stamp,
                prevent_left: match x.prevent_left {
                    Some(n) if rep.prevent.is_some() => Some(n.get()),
                    Some(_) => {
                        return Err(err(
                            s,
                            ErrorKind::InvalidValue,
                            x.by.referenced,
                            format!(
                                "{}'s replacement effect prevents no amount of damage: \"prevent-left\" goes with \"prevent-next\"",
                                x.by.value
                            ),
                        ));
                    }
                    None => rep.prevent,
                },
                rep,
                duration,
                spent: x.spent,
            });
    }
    // 389–392: delayed abilities waiting, as the instruction that created them says
    for d in &f.setup.delayed {
        let x = &d.value;
        let by = objects[load::resolve_object(&s.path, &s.objects, &x.by)?];
        let def = g.object(by).def.clone();
        let Some((trigger, effects, duration)) = instructions(&def).find_map(|e| match e {
            Effect::CreateDelayed {
                trigger,
                effects,
                duration,
                ..
            } => Some((trigger.clone(), effects.clone(), *duration)),
            _ => None,
        }) else {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                x.by.referenced,
                format!(
                    "{} has no instruction that creates a delayed ability",
                    x.by.value
                ),
            ));
        };
        let turn = x.turn.map_or(g.turn.number, |t| t.get().unsigned_abs());
        let watching = match &x.watching {
            Some(w) => {
                let u = objects[load::resolve_object(&s.path, &s.objects, w)?];
                Some((u, g.object(u).timestamp))
            }
            None => None,
        };
        if watching.is_some() != trigger.watches_a_unit() {
            return Err(err(
                s,
                ErrorKind::InvalidValue,
                x.by.referenced,
                format!(
                    "a delayed ability \"when {}\" {} the unit it watches (watching:)",
                    trigger.word(),
                    if trigger.watches_a_unit() {
                        "needs"
                    } else {
                        "has no"
                    }
                ),
            ));
        }
        g.delayed.push(crate::engine::abilities::delayed::Delayed {
            watching,
            controller: pnames.player_id(&x.controller)?,
            created_by: def.name.clone(),
            turn,
            trigger,
            effects,
            duration,
        });
    }
    if let Some(r) = &f.setup.random_state {
        g.rng = r.value;
    }
    // 718–719: a card attached at set-up is at its Top-Most Card's location (719.3).
    for (&id, at) in objects.iter().zip(&setups_attached) {
        if let Some(n) = at {
            let top = objects[load::resolve_object(&s.path, &s.objects, n)?];
            if top == id || !g.object(top).is_unit() || !g.object(top).zone.on_board() {
                return Err(err(
                    s,
                    ErrorKind::InvalidValue,
                    n.referenced,
                    format!(
                        "\"{}\" is not a unit on the board, so nothing can be attached to it (434.1)",
                        n.value
                    ),
                ));
            }
            let zone = g.object(top).zone;
            let o = g.object_mut(id);
            o.attached_to = Some(top);
            o.zone = zone;
        }
    }
    for (b, bf) in f.setup.battlefields.iter().zip(&bfs) {
        if let Some(o) = &b.value.owner {
            g.battlefield_mut(*bf).owner = Some(pnames.player_id(o)?);
        }
        for p in &b.value.scored_this_turn {
            let p = pnames.player_id(p)?;
            g.battlefield_mut(*bf).scored_this_turn.push(p);
        }
        g.battlefield_mut(*bf).disqualified_this_turn = b.value.disqualified_this_turn;
    }

    Ok(Built {
        game: g,
        objects,
        players,
        battlefields: bfs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build_src(src: &str) -> Result<Built, ScenarioError> {
        let s = load::load("t.yaml", src).expect("loads");
        build(&s)
    }

    #[test]
    fn deathknell_needs_its_effect() {
        let e = build_src(
            "title: t\ncards:\n  M: {type: unit, might: 1, keywords: [Deathknell]}\nsetup:\n  bases:\n    A: [{card: M}]\n",
        )
        .err()
        .expect("an error");
        assert_eq!(e.kind, ErrorKind::InvalidValue);
        assert!(
            e.input
                .message
                .contains("Deathknell (808) needs its effect")
        );
    }

    #[test]
    fn unmodeled_abilities_are_refused_before_the_run() {
        let e = build_src(
            "title: t\ncards:\n  M: {type: unit, might: 1, abilities: [{text: \"Copy a spell\"}]}\nsetup:\n  bases:\n    A: [{card: M}]\n",
        )
        .err()
        .expect("an error");
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert!(e.input.message.contains("Copy a spell"));
        assert_eq!(e.input.line, Some(3));
    }

    #[test]
    fn setup_state_reaches_the_engine() {
        let b = build_src(
            "title: t\ncards:\n  M: {type: unit, might: 3, keywords: [Tank]}\nsetup:\n  turn: {player: B, phase: main, number: 4}\n  players:\n    A: {points: 5}\n    B: {xp: 2}\n  battlefields:\n    - name: Ford\n      controller: B\n      units: [{card: M, damage: 1, exhausted: true}]\n",
        )
        .expect("builds");
        let g = &b.game;
        let m = b.objects[0];
        assert_eq!(g.object(m).damage, 1);
        assert!(g.object(m).exhausted);
        assert_eq!(g.controller(m), PlayerId(1));
        assert_eq!(g.player(PlayerId(0)).points, 5);
        assert_eq!(g.player(PlayerId(1)).xp, 2);
        assert_eq!(g.turn.number, 4);
        assert_eq!(g.turn.player, PlayerId(1));
        assert!(g.has_keyword(m, crate::engine::KeywordKind::Tank));
    }
}
