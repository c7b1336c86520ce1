//! Game objects (106–189): card definitions with their printed characteristics and
//! abilities, and the objects on the board or in other zones with their marked state.

use super::state::{BfId, ObjId, PlayerId, Zone};
use serde::Serialize;
use std::sync::Arc;

/// Card types (see 130–183).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    Unit,
    Gear,
    Spell,
    Rune,
    Battlefield,
    Legend,
    Token,
}

/// Keywords of 805–826, with their values where they have one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    /// 805
    Accelerate,
    /// 806
    Action,
    /// 807: "While I am an attacker, I have +X might."
    Assault(i32),
    /// 808: the keyword itself; its effect is the `Triggered { when: Trigger::Dies }` ability
    /// marked `deathknell: true`.
    Deathknell,
    /// 809
    Deflect(i32),
    /// 810: may standard-move battlefield to battlefield.
    Ganking,
    /// 811
    Hidden,
    /// 813
    Reaction,
    /// 814: "While I am a defender, I have +X might."
    Shield(i32),
    /// 815: must be assigned lethal damage first.
    Tank,
    /// 816: killed at the start of its controller's beginning phase.
    Temporary,
    /// 817
    Vision,
    /// 823: "When I conquer or hold, my controller gains X XP."
    Hunt(i32),
    /// 826: must be assigned lethal damage last.
    Backline,
    /// Any other keyword, by name with its value; modeled only as a characteristic.
    Other(String, Option<i32>),
}

/// A keyword's identity without its value (for "has Tank?" questions and removal).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum KeywordKind {
    Accelerate,
    Action,
    Assault,
    Deathknell,
    Deflect,
    Ganking,
    Hidden,
    Reaction,
    Shield,
    Tank,
    Temporary,
    Vision,
    Hunt,
    Backline,
    Other(String),
}

impl Keyword {
    pub fn kind(&self) -> KeywordKind {
        match self {
            Keyword::Accelerate => KeywordKind::Accelerate,
            Keyword::Action => KeywordKind::Action,
            Keyword::Assault(_) => KeywordKind::Assault,
            Keyword::Deathknell => KeywordKind::Deathknell,
            Keyword::Deflect(_) => KeywordKind::Deflect,
            Keyword::Ganking => KeywordKind::Ganking,
            Keyword::Hidden => KeywordKind::Hidden,
            Keyword::Reaction => KeywordKind::Reaction,
            Keyword::Shield(_) => KeywordKind::Shield,
            Keyword::Tank => KeywordKind::Tank,
            Keyword::Temporary => KeywordKind::Temporary,
            Keyword::Vision => KeywordKind::Vision,
            Keyword::Hunt(_) => KeywordKind::Hunt,
            Keyword::Backline => KeywordKind::Backline,
            Keyword::Other(n, _) => KeywordKind::Other(n.clone()),
        }
    }

    /// Whether this keyword is of kind `k` (`kind() == *k` without building the kind, which
    /// copies an `Other` keyword's name).
    pub fn is_kind(&self, k: &KeywordKind) -> bool {
        match (self, k) {
            (Keyword::Other(n, _), KeywordKind::Other(m)) => n == m,
            (Keyword::Other(..), _) | (_, KeywordKind::Other(_)) => false,
            _ => self.kind() == *k,
        }
    }

    /// The keyword's value (Assault 2 → 2); valueless keywords give None.
    pub fn value(&self) -> Option<i32> {
        match self {
            Keyword::Assault(v) | Keyword::Deflect(v) | Keyword::Shield(v) | Keyword::Hunt(v) => {
                Some(*v)
            }
            Keyword::Other(_, v) => *v,
            _ => None,
        }
    }

    /// Parses "Tank", "Assault 2", "shield" (value presumed 1, 807.1.b.3 / 814.1.b.3).
    /// Unknown names become `Other`.
    pub fn parse(s: &str) -> Keyword {
        let s = s.trim();
        let (name, val) = match s.rsplit_once(' ') {
            Some((n, v)) if v.parse::<i32>().is_ok() => (n.trim(), v.parse::<i32>().ok()),
            _ => (s, None),
        };
        let v1 = val.unwrap_or(1);
        match name.to_ascii_lowercase().as_str() {
            "accelerate" => Keyword::Accelerate,
            "action" => Keyword::Action,
            "assault" => Keyword::Assault(v1),
            "deathknell" => Keyword::Deathknell,
            "deflect" => Keyword::Deflect(v1),
            "ganking" => Keyword::Ganking,
            "hidden" => Keyword::Hidden,
            "reaction" => Keyword::Reaction,
            "shield" => Keyword::Shield(v1),
            "tank" => Keyword::Tank,
            "temporary" => Keyword::Temporary,
            "vision" => Keyword::Vision,
            "hunt" => Keyword::Hunt(v1),
            "backline" => Keyword::Backline,
            _ => Keyword::Other(name.to_string(), val),
        }
    }

    /// Whether the engine gives this keyword its rules function (others are characteristics only).
    pub fn is_modeled(&self) -> bool {
        match self {
            // 825.3: Unique has no effect during gameplay; kept as a characteristic that
            // effects may check (825.4), it is modeled in full (keywords/unique.rs).
            Keyword::Other(..) if super::keywords::unique::is_unique(self) => true,
            // 818.1.c.2: Equip is "[Cost]: attach this gear to a unit you control", an
            // activated ability the card carries with the keyword (keywords/equip.rs).
            Keyword::Other(name, _) if name.eq_ignore_ascii_case("equip") => true,
            // 819: Quick-Draw — Reaction timing and "when you play this, attach it"
            // (keywords/quick_draw.rs).
            Keyword::Other(name, _) if name.eq_ignore_ascii_case("quick-draw") => true,
            // 821: Weaponmaster's play effect (keywords/weaponmaster.rs).
            Keyword::Other(name, _) if name.eq_ignore_ascii_case("weaponmaster") => true,
            // 824: Level's function is its dependent ability, a passive with the condition
            // "while you have N or more XP" (`Condition::ControllerXp`, keywords/level.rs);
            // the keyword itself is a characteristic (824.2).
            // 820: Repeat's optional additional cost (keywords/repeat.rs); the cost is the card's
            // `Ability::RepeatCost`
            // 822: Ambush adds a location and Reaction timing (keywords/ambush.rs); 812:
            // Legion's dependent ability (keywords/legion.rs)
            Keyword::Other(name, _) => {
                name.eq_ignore_ascii_case("legion")
                    || name.eq_ignore_ascii_case("level")
                    || name.eq_ignore_ascii_case("repeat")
                    || name.eq_ignore_ascii_case("ambush")
            }
            // 809: Deflect's mandatory additional cost (keywords/deflect.rs)
            _ => true,
        }
    }
}

impl std::fmt::Display for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (name, v) = match self {
            Keyword::Other(n, v) => (n.clone(), *v),
            k => (format!("{:?}", k.kind()), k.value()),
        };
        match v {
            Some(v) => write!(f, "{name} {v}"),
            None => f.write_str(&name),
        }
    }
}

/// When a triggered ability triggers (383.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// "When I move" (moves only, not recalls: 451.1).
    Moves,
    /// "When I move to a battlefield": a move whose destination is a battlefield.
    MovesToBattlefield,
    /// "When I win a combat": my controller won a combat I am at (461.3.c: units inherit
    /// their controller's combat result).
    WinsCombat,
    /// "When I attack" (383.4.e).
    Attacks,
    /// "When I defend" (383.4.f).
    Defends,
    /// "When I conquer" (383.4.c): a unit present when its controller conquers.
    Conquers,
    /// "When I hold" (383.4.d).
    Holds,
    /// "When you conquer here": on a battlefield's card.
    ConquerHere,
    /// "When you hold here": on a battlefield's card.
    HoldHere,
    /// "When I die" / Deathknell (808).
    Dies,
    /// "At the start of your beginning phase" (315.2.a).
    StartOfBeginningPhase,
    /// "When you play me" (383.4.a): a play effect, pending after the permanent enters.
    Played,
    /// "When you play a spell": once the spell's play is completed by its resolution
    /// (419.4.a); a countered spell was not played (419.4.b).
    YouPlaySpell,
    /// "At the end of your turn" (317.1.a).
    EndOfTurn,
    /// "When a friendly unit dies" / "When another friendly unit dies" (383.1): a unit its
    /// controller controls dies; `other` excludes the source itself.
    FriendlyUnitDies {
        other: bool,
    },
    /// "When you play a unit" / "When you play another unit" / "When you play a gear":
    /// another permanent of this type its controller plays enters the board (383.4.a.4:
    /// not a play effect — the permanent's own play does not trigger it).
    YouPlay(CardType),
    /// "When you conquer" (383.4.c.2.b): its controller conquers, wherever the source is.
    YouConquer,
    /// "When you hold" (383.4.d.2.b).
    YouHold,
    /// "When you play a spell that costs [N] or more": as `YouPlaySpell` (419.4.a), for a
    /// spell whose Energy cost is N or more. The event carries the spell's cost.
    YouPlaySpellCosting(i32),
    /// "When you win a combat" (461.3.a): its controller won a combat, wherever the source is.
    YouWinCombat,
    /// "When you defend here": on a battlefield's card, when its controller becomes the
    /// defender of a combat there (459.2.b.4, 383.4.f; "you" is its controller, 187.6.c).
    DefendHere,
    /// "At the start of each player's Beginning Phase": on a battlefield's card, at the start
    /// of every player's Beginning Phase (315.2.a.1), controlled by the battlefield's
    /// controller or, uncontrolled, the turn player (187.6.a–b).
    EachBeginningPhase,
    /// "When I move from a battlefield": a move (not a recall, 451.1) whose origin is a
    /// battlefield (383.1).
    MovesFromBattlefield,
    /// "When an enemy unit dies" / "When an enemy unit here dies" (383.1): a unit an opponent
    /// of its controller controls dies — `here`, at the source's location.
    EnemyUnitDies {
        here: bool,
    },
    /// "When an opponent scores" (383.1): an opponent of its controller gains points by
    /// scoring (462–465).
    OpponentScores,
    /// "When you buff me" (383.1): an instruction its controller controls buffs it (426.1.b).
    YouBuffMe,
    /// "When you stun an enemy unit" (each one, "it" being the unit) / "When you stun one or
    /// more enemy units" (`one_or_more`: once for an instruction that stuns any, 423.1).
    YouStunEnemy {
        one_or_more: bool,
    },
    /// "When you discard one or more cards" (383.1): once for an instruction (or cost) that
    /// makes its controller discard (422.1).
    YouDiscard,
    /// "When you discard me": the card itself, discarded, triggers from the trash (383.2.c.1).
    YouDiscardMe,
    /// "When you play a token unit": a token unit its controller plays (182.1.a, 383.4.a.4).
    YouPlayTokenUnit,
    /// "When you or an ally hold" (383.4.d.2.b): its controller or a teammate (484.8.d) holds.
    YouOrAllyHold,
    /// "When I become ready" (383.1): the object goes from exhausted to ready (415.1) — by an
    /// instruction or in its controller's Awaken Phase (315.1.b).
    BecomesReady,
    /// "When you ready a friendly unit" (383.1): its controller readies a friendly unit
    /// (740.1) — by an instruction they control, or in their Awaken Phase (315.1.b); "it"
    /// is that unit.
    YouReadyFriendlyUnit,
    /// "When you buff a friendly unit" (383.1): an instruction its controller controls buffs
    /// a friendly unit (426.1.b); "it" is that unit.
    YouBuffFriendlyUnit,
    /// "When you play a [Mighty] unit" (383.4.a.4, 707): another unit its controller plays
    /// is Mighty as it enters the board.
    YouPlayMightyUnit,
    /// "When you play another Dragon" (383.4.a.4): another unit or gear its controller plays
    /// has this tag (compared without case).
    YouPlayTag(String),
    /// "When you draw your second card each turn" (383.1, 413.1): its controller draws their
    /// Nth card of the turn.
    YouDrawNth(u32),
    /// "When a buffed friendly unit dies" (383.1): a friendly unit with a buff dies (its buff
    /// still on it as the death triggers, 808.1.d.2).
    BuffedFriendlyUnitDies,
    /// "When you choose me" / "When you choose me with a spell" (383.4.b): a spell or ability
    /// its controller controls targets it (383.4.b.3, 355.7), pending once that spell or
    /// ability is finalized (383.4.b.2); `with_spell`: only a spell's.
    YouChooseMe {
        with_spell: bool,
    },
    /// "When you choose a friendly unit" (383.4.b): a spell or ability its controller
    /// controls targets a friendly unit (740.1); "it" is that unit.
    YouChooseFriendlyUnit,
    /// "When you ready me" (383.1): its controller readies it (415.1) — by an instruction
    /// they control, or in their Awaken Phase (315.1.b), as "When you ready a friendly unit".
    YouReadyMe,
    /// "When you play a card" (419.4.a): a card — not a token, 182 — its controller plays
    /// completes being played: a permanent as it enters the board, a spell as it resolves.
    /// The ability's `from_hidden` and `power` ask "… from [Hidden]" / "from face down"
    /// (811.1.c.3) and "… with Power cost [N] or more"; the event carries the card's.
    YouPlayCard {
        from_hidden: bool,
        power: i32,
    },
    /// "When you play your [Nth] card in a turn" (383.1, 419.4.a): its controller completes
    /// playing their Nth card of the turn (tokens are not cards, 182).
    YouPlayNthCard(u32),
    /// "When you hide a card" (383.1, 421.1): its controller hides a card (811.1.b).
    YouHideCard,
    /// "When a friendly unit attacks / defends [alone]" (383.4.e, 383.4.f): a unit its
    /// controller or a teammate controls (740.1) gains the Attacker / Defender designation
    /// for the first time in a combat; "alone" (741.1) is checked then (383.4.e.2.b). "It"
    /// is that unit.
    FriendlyUnitAttacks {
        alone: bool,
    },
    FriendlyUnitDefends {
        alone: bool,
    },
    /// "When a unit moves from here" (383.1): on a battlefield's card, a unit moves (441.1,
    /// not a recall) from that battlefield; "it" is that unit.
    UnitMovesFromHere,
    /// "When you attach an Equipment to me" (383.1, 434.1): a card with the Equipment tag its
    /// controller controls is attached to it (718, 434.1.g: not when it is already).
    YouAttachEquipmentToMe,
    /// "When a unit you control becomes [Mighty]" / "When one of your units becomes
    /// [Mighty]" (709: its Might goes from less than 5 to 5 or more — not a unit entering
    /// the board Mighty); "it" is that unit.
    YourUnitBecomesMighty,
    /// "When I become [Mighty]" (709).
    BecomesMighty,
    /// "When another unit you control dies" / "When another non-[tag] unit you control dies"
    /// (383.1): the ability's side; a unit its controller controls (not a teammate's) dies,
    /// other than the source, without the tag `except`. It answers `UnitYouControlDied`.
    AnotherUnitYouControlDies {
        except: Option<String>,
    },
    /// The event of `AnotherUnitYouControlDies`: a unit died with these tags.
    UnitYouControlDied {
        tags: Vec<String>,
    },
    /// "When you move an enemy unit" (383.1): an instruction its controller controls moves
    /// a unit of an opponent (420.2.a, 441.1); "it" is that unit.
    YouMoveEnemyUnit,
    /// "When you kill a unit with a spell" (383.1, 428.5): a unit dies killed by a spell its
    /// controller controls — by its Kill instruction (428.5.b), or in the cleanup after it
    /// resolved, of damage it dealt (428.5.c); an ability originating from a spell counts as
    /// the spell (428.5.d). "It" is the unit.
    YouKillUnitWithSpell,
    /// 383.2.c.1: the trigger condition of an ability active in its owner's trash, not on the
    /// board ("When you kill a unit with a spell, you may pay … to play me from your trash"):
    /// evaluated after the event, so a card that enters the trash at the same time the
    /// condition is met triggers.
    InTrash(Box<Trigger>),
}

/// A permanent a player gives up to pay an additional cost (356.2.a.1, 357.2): one they
/// control of `kind` (Mighty, 707, when `mighty`), killed or returned to its owner's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GiveUp {
    /// Killed (428); otherwise returned to its owner's hand.
    pub kill: bool,
    pub kind: CardType,
    pub mighty: bool,
}

/// Which units a "can't move to base" restriction binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveBan {
    /// "I can't …": the source.
    Me,
    /// "Units can't …": every unit, while the source is on the board.
    Units,
    /// "Units can't move from here …": the units at the source's location (a battlefield's).
    UnitsHere,
}

/// How often in a turn a triggered ability triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnLimit {
    /// 383.1, 383.1.b: "The [Nth] time [event] each turn": only the Nth time its event
    /// happens in a turn (counted from the turn's start while the source has the ability).
    Nth(u32),
    /// 383.3.f: "Once each turn, when …": not again in a turn once it has been placed on the
    /// chain; declined or with its condition false, it has not triggered (383.3.f.2).
    OnceEachTurn,
}

impl Trigger {
    /// Whether an ability with this trigger condition triggers on `event`: the same
    /// condition, or a spell played whose cost reaches the ability's threshold.
    pub fn answers(&self, event: &Trigger) -> bool {
        match (self, event) {
            (Trigger::YouPlaySpellCosting(n), Trigger::YouPlaySpellCosting(cost)) => cost >= n,
            (Trigger::YouPlayTag(a), Trigger::YouPlayTag(b)) => a.eq_ignore_ascii_case(b),
            (
                Trigger::AnotherUnitYouControlDies { except },
                Trigger::UnitYouControlDied { tags },
            ) => except
                .as_ref()
                .is_none_or(|e| !tags.iter().any(|t| t.eq_ignore_ascii_case(e))),
            (
                Trigger::YouPlayCard {
                    from_hidden: a,
                    power: n,
                },
                Trigger::YouPlayCard {
                    from_hidden: b,
                    power,
                },
            ) => (!a || *b) && power >= n,
            (Trigger::InTrash(a), Trigger::InTrash(b)) => a.answers(b),
            _ => self == event,
        }
    }
}

/// Who or what an effect affects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A specific object.
    /// "That unit": the object whose event a replacement effect replaces, or that made a
    /// delayed ability trigger (bound when the replacement applies or the ability triggers).
    Affected,
    Object(ObjId),
    /// The source of the ability ("me"); for a dead source, its Deathknell snapshot (808.1.d.3).
    Me,
    /// 355.13: an "up to" choice for which no object was chosen: it affects nothing.
    NoneChosen,
    /// Each enemy unit at the source's location ("here").
    EnemyUnitsHere,
    /// Each friendly unit at the source's location, other than the source.
    OtherFriendlyUnitsHere,
    /// Each unit its controller controls at the source's location, other than the source
    /// ("your other units here": control is not shared, 484.8.c).
    YourOtherUnitsHere,
    /// Each unit at the source's location.
    AllUnitsHere,
    /// A unit the controller chooses among those matching (a decision when several).
    ChooseUnit(UnitFilter),
    /// "All/each [units]": every unit on the board matching the filter when the instruction
    /// executes — not a choice (355.5 concerns what is chosen), so nothing is chosen at step 2.
    Each(UnitFilter),
    /// "It": the unit an earlier instruction of the same card or ability chose (355.5), the
    /// same object with the same requirement — bound at step 2 to that `Chosen` target, so a
    /// unit that became an illegal target is unaffected by both (359.3.e.5).
    It,
    /// 397: the objects a linked instruction of the same source affected (and that are still
    /// those objects: a zone change since makes a new object).
    Linked,
    /// 355.11, 355.13, 355.14: a group of objects chosen at once by one instruction ("any
    /// number of enemy units here", "up to three units at the same location"), as a whole
    /// (groups.rs).
    ChooseGroup(super::groups::Group),
    /// The group chosen at step 2 (355.11.a): each member with the timestamp it had then
    /// (359.3.e.4), checked again as the instruction executes (359.3.e.5, 355.11.b).
    ChosenGroup {
        group: super::groups::Group,
        members: Vec<(ObjId, u64)>,
    },
    /// A unit chosen at step 2 of playing or activating (355.5, 402.1): `object`, which had
    /// to match `filter`, with the timestamp it had then, so that a zone change to or from a
    /// non-board zone makes it a new object and an illegal target (359.3.e.4).
    Chosen {
        object: ObjId,
        filter: UnitFilter,
        stamp: u64,
        /// Bound from `It`: the same choice as an earlier instruction's, not a choice of its
        /// own (Deflect's cost counts each time a unit is chosen, 809.1.c).
        again: bool,
    },
}

impl Target {
    /// The objects this target chose at step 2 as a choice of its own — a unit chosen, or
    /// each member of a group (355.14.d: each individually); "it" bound to an earlier
    /// choice is not a new one (809.1.c).
    pub fn chosen_now(&self) -> Vec<ObjId> {
        match self {
            Target::Chosen {
                object,
                again: false,
                ..
            } => vec![*object],
            Target::ChosenGroup { members, .. } => members.iter().map(|(o, _)| *o).collect(),
            _ => vec![],
        }
    }
}

/// Which units a choice or a passive ability may concern.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitFilter {
    Any,
    /// A friendly unit: its controller's or a teammate's (740.1, 484.8.d).
    Friendly,
    /// "A unit you control": the controller's only — control is not shared with a teammate
    /// (484.8.c); in a mode without teams the same units as `Friendly`.
    Yours,
    /// "Another unit you control".
    OtherYours,
    Enemy,
    EnemyHere,
    FriendlyHere,
    /// A unit at a battlefield (not in a base).
    AtBattlefield,
    /// An enemy unit at a battlefield.
    EnemyAtBattlefield,
    /// A friendly unit at a battlefield.
    FriendlyAtBattlefield,
    /// "Another friendly unit": friendly, not the source.
    OtherFriendly,
    /// "Another unit": any unit but the source.
    Other,
    /// A unit `filter` allows, with this Might or less ("a unit with 3 [Might] or less").
    MightAtMost(Box<UnitFilter>, i32),
    /// A unit `filter` allows, with this tag ("your Mechs", "another friendly Mech").
    WithTag(Box<UnitFilter>, String),
    /// A unit or gear `filter` allows that has this keyword ("a gear with [Temporary]"),
    /// inactive text included: a card with inactive text still has its keywords for effects
    /// that look for them (722.1), and eligibility may parse inactive text (722.2).
    WithKeyword(Box<UnitFilter>, Keyword),
    /// "Two friendly units": a unit `filter` allows other than those chosen before it for
    /// the same spell or ability (two units are two different units, 355.5).
    Distinct(Box<UnitFilter>),
    /// A gear on the board.
    Gear,
    /// A gear on the board controlled by an opponent.
    EnemyGear,
    /// A card in its chooser's trash (a public zone, so a target: 355.10.a) of one of these
    /// types or with one of these tags ("a unit or gear", "a Bird, Cat, Dog, or Poro"); any
    /// card when both are empty. `cost` bounds its printed costs: "with cost no more than [3]
    /// and no more than [Rune]" (Energy at most 3, Power at most 1; `None` for either: any).
    InTrash {
        types: Vec<CardType>,
        tags: Vec<String>,
        cost: (Option<i32>, Option<i32>),
    },
    /// A spell on the chain (355.9.a.2), not the one choosing (355.9.c).
    Spell,
    /// A spell on the chain controlled by an opponent.
    EnemySpell,
    /// A rune on the board (355.10.f: "a rune you control" is a target); friendly runes
    /// only when `friendly` ("ready up to 4 friendly runes").
    Rune {
        friendly: bool,
    },
    /// 355.13: "up to one …", "up to two …" (one such choice for each): the controller may
    /// choose no object, and the choice is legal with none to choose from.
    UpToOne(Box<UnitFilter>),
    /// A unit `filter` allows that is attacking (an attacker's designation, 454).
    Attacking(Box<UnitFilter>),
    /// 741.3: a unit `filter` allows that is in combat — at the battlefield where combat is
    /// ongoing, with a combat designation.
    InCombat(Box<UnitFilter>),
    /// A unit `filter` allows that is exhausted ("an exhausted friendly unit").
    Exhausted(Box<UnitFilter>),
    /// A unit `filter` allows that is a token (176: "your token units").
    Token(Box<UnitFilter>),
    /// A unit `filter` allows with damage marked on it ("all damaged enemy units here").
    Damaged(Box<UnitFilter>),
    /// A unit `filter` allows other than the source ("another unit at a battlefield").
    NotSource(Box<UnitFilter>),
    /// A unit `filter` allows at the source's location ("your units here").
    AtSource(Box<UnitFilter>),
    /// A unit `filter` allows in a base, any player's ("a unit in a base").
    InBase(Box<UnitFilter>),
    /// A unit at the source's location ("a unit here").
    Here,
    /// Every unit and every gear on the board ("Return all units and gear to their owners'
    /// hands"): one group, affected by one instruction.
    UnitsAndGear,
    /// A unit `filter` allows at a place the spell or ability fixes at step 2 (choices.rs):
    /// "all enemy units at a battlefield" (the battlefield is the target, 355.10.b), "enemy
    /// units there", "an enemy unit at its location".
    At(Box<UnitFilter>, Place),
    /// A unit `filter` allows other than the unit the instruction before chose ("each other
    /// enemy unit there"), bound at step 2 (`None` until then).
    OtherThanIt(Box<UnitFilter>, Option<ObjId>),
    /// An object `filter` allows whose printed costs are within bounds ("a gear with Energy
    /// cost no more than [1]", "a spell that costs no more than [4] and no more than
    /// [Rune]"): Energy at most `.0`, Power at most `.1` (`None`: any) — a card's costs are
    /// characteristics (138.2.b).
    CostAtMost(Box<UnitFilter>, (Option<i32>, Option<i32>)),
    /// An object `filter` allows that belongs to this Domain (134.1: "an enemy Calm unit").
    WithDomain(Box<UnitFilter>, String),
    /// "An enemy unit or gear": a unit or a gear on the board `filter` allows (its
    /// requirements of control and place apply to either).
    OrGear(Box<UnitFilter>),
    /// A unit `filter` allows that does not have this tag or keyword ("a non-Dragon unit", "a
    /// friendly unit without [Temporary]"; a keyword of inactive text counts, 722.1).
    Lacking(Box<UnitFilter>, Lack),
}

/// What a unit chosen must not have (`UnitFilter::Lacking`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lack {
    /// A tag ("non-Dragon", 139).
    Tag(String),
    /// A keyword ("without [Temporary]").
    Keyword(Keyword),
}

/// A place an instruction refers to, fixed as the spell or ability is put on the chain
/// (355.5, 355.10.b): a battlefield to choose, "there" (the battlefield an earlier
/// instruction chose), or "its location" (where the unit the instruction before chose is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// "At a battlefield" said of a group, "to a battlefield" said of a move: a battlefield
    /// meeting `BfNeed`, chosen at step 2 — a target (355.10.b, 355.4).
    ChooseBattlefield(BfNeed),
    /// "There", "that battlefield": the battlefield an earlier instruction chose.
    There,
    /// "At its location", "that unit's battlefield": where the unit the instruction before
    /// chose is.
    ItsLocation,
    /// Bound: this battlefield, as long as it meets its requirement (359.3.e.2).
    Battlefield(BfId, BfNeed),
    /// Bound: wherever this object is on the board as the instruction executes.
    LocationOf(ObjId),
}

/// What a battlefield to be chosen must be (355.9.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BfNeed {
    Any,
    /// "A battlefield where you have units": the controller has a unit there.
    YouHaveUnits,
    /// "A battlefield you control" (187.1).
    YouControl,
}

impl UnitFilter {
    /// The filter this one narrows, if it is a wrapper.
    fn inner_mut(&mut self) -> Option<&mut UnitFilter> {
        match self {
            UnitFilter::MightAtMost(f, _)
            | UnitFilter::WithTag(f, _)
            | UnitFilter::WithKeyword(f, _)
            | UnitFilter::Distinct(f)
            | UnitFilter::UpToOne(f)
            | UnitFilter::Attacking(f)
            | UnitFilter::InCombat(f)
            | UnitFilter::Exhausted(f)
            | UnitFilter::Token(f)
            | UnitFilter::Damaged(f)
            | UnitFilter::NotSource(f)
            | UnitFilter::AtSource(f)
            | UnitFilter::InBase(f)
            | UnitFilter::At(f, _)
            | UnitFilter::OtherThanIt(f, _)
            | UnitFilter::CostAtMost(f, _)
            | UnitFilter::WithDomain(f, _)
            | UnitFilter::Lacking(f, _)
            | UnitFilter::OrGear(f) => Some(f),
            _ => None,
        }
    }
    /// The place this filter names ("at a battlefield", "there", "at its location"), to fix
    /// at step 2.
    pub fn place_mut(&mut self) -> Option<&mut Place> {
        if let UnitFilter::At(_, p) = self {
            return Some(p);
        }
        self.inner_mut()?.place_mut()
    }
    /// The unit "other than it" refers to, to bind at step 2.
    pub fn other_than_mut(&mut self) -> Option<&mut Option<ObjId>> {
        if let UnitFilter::OtherThanIt(_, o) = self {
            return Some(o);
        }
        self.inner_mut()?.other_than_mut()
    }
    /// The filter under the wrappers that say how it is chosen (distinct, up to one) or
    /// narrow it without changing what kind of object it chooses.
    pub fn kind(&self) -> &UnitFilter {
        match self {
            UnitFilter::Distinct(f)
            | UnitFilter::UpToOne(f)
            | UnitFilter::Attacking(f)
            | UnitFilter::InCombat(f)
            | UnitFilter::Exhausted(f)
            | UnitFilter::Token(f)
            | UnitFilter::Damaged(f)
            | UnitFilter::NotSource(f)
            | UnitFilter::AtSource(f)
            | UnitFilter::InBase(f)
            | UnitFilter::At(f, _)
            | UnitFilter::OtherThanIt(f, _)
            | UnitFilter::WithKeyword(f, _)
            | UnitFilter::CostAtMost(f, _)
            | UnitFilter::WithDomain(f, _)
            | UnitFilter::Lacking(f, _) => f.kind(),
            f => f,
        }
    }
    /// It chooses a spell on the chain, not a unit on the board.
    pub fn is_spell(&self) -> bool {
        matches!(self.kind(), UnitFilter::Spell | UnitFilter::EnemySpell)
    }
    /// It chooses a card in a trash, not a unit on the board.
    pub fn is_trash(&self) -> bool {
        matches!(self.kind(), UnitFilter::InTrash { .. })
    }
    /// It chooses a gear on the board, not a unit.
    pub fn is_gear(&self) -> bool {
        matches!(self.kind(), UnitFilter::Gear | UnitFilter::EnemyGear)
    }
    /// It chooses a unit or a gear on the board ("an enemy unit or gear").
    pub fn or_gear(&self) -> bool {
        matches!(
            self.kind(),
            UnitFilter::OrGear(_) | UnitFilter::UnitsAndGear
        )
    }
    /// It chooses a rune on the board, not a unit.
    pub fn is_rune(&self) -> bool {
        matches!(self.kind(), UnitFilter::Rune { .. })
    }
    /// 355.13: choosing no object is allowed.
    pub fn up_to(&self) -> bool {
        match self {
            UnitFilter::UpToOne(_) => true,
            UnitFilter::Distinct(f)
            | UnitFilter::Attacking(f)
            | UnitFilter::InCombat(f)
            | UnitFilter::Exhausted(f)
            | UnitFilter::Token(f)
            | UnitFilter::Damaged(f)
            | UnitFilter::NotSource(f)
            | UnitFilter::InBase(f)
            | UnitFilter::At(f, _)
            | UnitFilter::OtherThanIt(f, _)
            | UnitFilter::CostAtMost(f, _)
            | UnitFilter::WithDomain(f, _)
            | UnitFilter::Lacking(f, _)
            | UnitFilter::OrGear(f)
            | UnitFilter::AtSource(f) => f.up_to(),
            _ => false,
        }
    }
    /// It is about the source's location ("here").
    pub fn needs_here(&self) -> bool {
        match self {
            UnitFilter::EnemyHere
            | UnitFilter::FriendlyHere
            | UnitFilter::Here
            | UnitFilter::AtSource(_) => true,
            UnitFilter::MightAtMost(f, _)
            | UnitFilter::WithTag(f, _)
            | UnitFilter::WithKeyword(f, _)
            | UnitFilter::Distinct(f)
            | UnitFilter::UpToOne(f)
            | UnitFilter::Attacking(f)
            | UnitFilter::InCombat(f)
            | UnitFilter::Exhausted(f)
            | UnitFilter::Token(f)
            | UnitFilter::Damaged(f)
            | UnitFilter::InBase(f)
            | UnitFilter::At(f, _)
            | UnitFilter::OtherThanIt(f, _)
            | UnitFilter::CostAtMost(f, _)
            | UnitFilter::WithDomain(f, _)
            | UnitFilter::Lacking(f, _)
            | UnitFilter::OrGear(f)
            | UnitFilter::NotSource(f) => f.needs_here(),
            _ => false,
        }
    }
}

/// Which player an effect concerns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerRef {
    Player(PlayerId),
    /// The controller of the effect's source ("you").
    You,
    /// Each opponent of the controller.
    EachOpponent,
    /// Each player, in turn order from the turn player (303.2.a).
    EachPlayer,
    /// "At the start of each player's Beginning Phase, that player …": the turn player.
    TurnPlayer,
    /// "Choose an opponent / a player. They …": a player the controller chooses — not a game
    /// object, so as the instruction executes (355.17) — among the opponents, or all players.
    Chosen {
        opponent: bool,
    },
}

/// A number in an effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    Fixed(i32),
    /// The source's Might (for a dead source, as snapshotted: 808.1.d.3).
    MyMight,
    /// "Damage equal to my [Assault]": the source's summed Assault Value, a characteristic
    /// effects may check (807.3, 807.2); for a dead source, as snapshotted (808.1.d.3).
    MyAssault,
    /// "Deal damage to a unit equal to the damage marked on it": each unit's damage as the
    /// instruction executes (415: damage stays marked until healed or the turn ends).
    ItsDamage,
    /// 355.14: "deal N damage split among …" — N (with its Bonus Damage, 715.3) divided
    /// among the group chosen as its controller decides on resolution (355.14.e).
    Split(i32),
}

/// What "for each [X]" counts, from a player's side of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Permanents the player controls: of a type (units or gear) and/or with a tag, narrowed
    /// by the filters of [`CountFilter`].
    Controlled {
        kind: Option<CardType>,
        tag: Option<String>,
        mighty: bool,
        #[serde(skip_serializing_if = "CountFilter::is_none")]
        filter: CountFilter,
        /// "with [Temporary]": only those with this keyword, as their characteristics have
        /// it now (a count of the layer system reads the keywords derived so far, 472.3).
        #[serde(skip_serializing_if = "Option::is_none")]
        keyword: Option<KeywordKind>,
    },
    /// Cards in the player's trash; only those with the counting card's name when
    /// `same_name`.
    InTrash { same_name: bool },
    /// Cards the player has played this turn.
    PlayedThisTurn,
    /// The player's points (my Might "is increased by your points").
    Points,
    /// The highest Might among the units the player controls, 0 with none: "This spell's
    /// Energy cost is reduced by the highest Might among units you control" (356.4.e's
    /// example).
    HighestMight,
    /// "Each battlefield you or allies control": the battlefields the player or a teammate
    /// (an ally, 484.8.d) controls (187.1); with `other`, not the one the counting card is at
    /// ("each other battlefield", said by a battlefield of itself).
    Battlefields { other: bool },
    /// "For each enemy unit there": the units of the player's opponents at a place fixed at
    /// step 2 ("there": where the unit the instruction chose is).
    EnemyUnitsAt(Place),
}

/// The further words of a count of permanents: "other", "token", "exhausted", "buffed",
/// "here" (at the counting card's location), "with my name", "enemy" (controlled by an
/// opponent of the counting side's player instead of by that player).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CountFilter {
    pub other: bool,
    pub enemy: bool,
    pub token: bool,
    pub exhausted: bool,
    pub buffed: bool,
    pub here: bool,
    pub same_name: bool,
}

impl CountFilter {
    pub fn is_none(&self) -> bool {
        *self == CountFilter::default()
    }
}

impl Count {
    /// In the card's words: "gear you control", "card in your trash".
    pub fn describe(&self) -> String {
        match self {
            Count::Controlled {
                kind,
                tag,
                mighty,
                filter: f,
                keyword,
            } => {
                let what = match (kind, tag) {
                    (_, Some(t)) => t.clone(),
                    (Some(CardType::Gear), None) => "gear".into(),
                    (Some(CardType::Unit), None) => "unit".into(),
                    _ => "permanent".into(),
                };
                let mut words: Vec<&str> = Vec::new();
                for (on, w) in [
                    (f.other, "other"),
                    (*mighty, "Mighty"),
                    (f.exhausted, "exhausted"),
                    (f.buffed, "buffed"),
                    (f.token, "token"),
                ] {
                    if on {
                        words.push(w);
                    }
                }
                if f.enemy {
                    words.push("enemy");
                }
                words.push(&what);
                if !f.enemy {
                    words.push("you control");
                }
                let with = keyword.as_ref().map(|k| format!("with {k:?}"));
                if let Some(w) = &with {
                    words.push(w);
                }
                if f.here {
                    words.push("here");
                }
                if f.same_name {
                    words.push("with its name");
                }
                words.join(" ")
            }
            Count::InTrash { same_name: false } => "card in your trash".into(),
            Count::InTrash { same_name: true } => "card with its name in your trash".into(),
            Count::PlayedThisTurn => "card you've played this turn".into(),
            Count::Points => "point you have".into(),
            Count::HighestMight => "point of the highest Might among units you control".into(),
            Count::Battlefields { other: false } => "battlefield you or allies control".into(),
            Count::Battlefields { other: true } => "other battlefield you or allies control".into(),
            Count::EnemyUnitsAt(_) => "enemy unit there".into(),
        }
    }
}

/// A change to the Energy cost of the cards a player plays for the rest of the turn (356.3
/// an increase, 356.4 a discount): of a type (`None`: any card), by `energy`, on the next
/// such card only when `next`; `source` names what made it, for the trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnCostChange {
    pub of: Option<CardType>,
    pub energy: i32,
    pub next: bool,
    pub source: String,
}

/// How long a continuous effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the object leaves the board.
    Permanent,
    /// Expires in the expiration step (317.2.c).
    ThisTurn,
    /// Expires when combat ends (461.7.b).
    ThisCombat,
}

/// A cost within instructions ("[do X] to [do Y]", 742.1), the parts of
/// [`Effect::PayCost`]; its power is resolved for its source as it is paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CostWithin {
    pub energy: i32,
    pub power: super::resources::Power,
    /// "You may exhaust me to …": the source is exhausted as part of the cost (414.5).
    pub exhaust: bool,
    /// "You may discard 1 to …": cards of the controller's choice discarded from their
    /// hand as part of the cost (422; payable only with that many cards in hand).
    pub discard: i32,
    /// "You may spend 3 XP to …": the controller's XP reduced as it is paid (730.2).
    pub xp: i32,
    /// "You may spend a buff to …": a buff spent from a unit its controller controls,
    /// chosen as it is paid (702.2.b, 702.2.b.1–2).
    pub buff: bool,
    /// "You may kill me to …": the source is killed as it is paid (428, 403.1.b.1).
    pub kill_self: bool,
}

/// Game effects (407–439): what abilities do and what scripts may inject.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    DealDamage {
        target: Target,
        amount: Amount,
    },
    Kill {
        target: Target,
    },
    /// "It deals damage equal to its Might to an enemy unit" (417.6.b, 417.6.b.3): the unit
    /// `by` is the source of the damage it deals to each of `to`, equal to its Might as the
    /// instruction executes — not the spell or ability that says so (so no Bonus Damage of
    /// a spell's or ability's Deal action, 713).
    UnitDeals {
        by: Target,
        to: Target,
    },
    /// "They deal damage equal to their Mights to each other" (417.1.d, 417.6.b.3): each unit
    /// deals damage equal to its Might to the other, at the same time, as the source of its
    /// own damage.
    Fight {
        first: Target,
        second: Target,
    },
    /// 426.1.b: a buff (+1 Might, 703) if the unit has none (702.3).
    Buff {
        target: Target,
    },
    /// "+N Might this turn" (negative for decreases), with an optional limit that is
    /// snapshotted at application (472.3.b): a minimum for decreases, a maximum for increases.
    MightThisTurn {
        target: Target,
        amount: i32,
        limit: Option<i32>,
    },
    /// "+N Might" (negative for decreases) for a duration: this turn, this combat, or for as
    /// long as the unit stays on the board; `limit` as for `MightThisTurn`.
    GiveMight {
        target: Target,
        amount: i32,
        limit: Option<i32>,
        duration: Duration,
    },
    /// 432.1, 432.1.a: "Double a unit's Might this turn": +its current Might, the amount
    /// fixed as the instruction executes, for `duration`.
    Double {
        target: Target,
        duration: Duration,
    },
    /// 433: "Swap the Might of two units this turn": the difference of their Mights added to
    /// the lower and taken from the higher (433.1.b), fixed as the instruction executes, for
    /// `duration`; nothing when they are equal (433.1.c).
    SwapMight {
        target: Target,
        duration: Duration,
    },
    /// "Might becomes N" (472.1.a.1).
    SetMight {
        target: Target,
        value: i32,
        duration: Duration,
    },
    GrantKeyword {
        target: Target,
        keyword: Keyword,
        duration: Duration,
    },
    RemoveKeyword {
        target: Target,
        keyword: KeywordKind,
        duration: Duration,
    },
    /// "[target] doesn't take damage [duration]" (a layer-2 ability, see `Modification::NoDamage`).
    CantBeDealtDamage {
        target: Target,
        duration: Duration,
    },
    /// "Gain control of [target] [duration]": its controller becomes `player` (layer 1).
    GainControl {
        target: Target,
        player: PlayerRef,
        duration: Duration,
    },
    GrantTag {
        target: Target,
        tag: String,
        duration: Duration,
    },
    Recall {
        target: Target,
    },
    Move {
        target: Target,
        to: Location,
    },
    Heal {
        target: Target,
    },
    Ready {
        target: Target,
    },
    Exhaust {
        target: Target,
    },
    /// Gain points that are not a score (466.1.a.1).
    GainPoints {
        player: PlayerRef,
        amount: i32,
    },
    /// A score: conquer or hold of a battlefield (464), with its restrictions.
    Score {
        player: PlayerRef,
        battlefield: BfId,
        how: ScoreKind,
    },
    Draw {
        player: PlayerRef,
        amount: i32,
    },
    /// 423: stun the target units (a stunned unit cannot be stunned again, 423.1.a.1).
    Stun {
        target: Target,
    },
    /// "Return [target] to its owner's hand" (108.7.a; a token ceases to exist, 183.1) — a
    /// permanent from the board, or a card chosen in a trash ("return a unit from your
    /// trash to your hand", 355.10.a).
    ReturnToHand {
        target: Target,
    },
    /// 427: "Banish [target]" — put in its owner's Banishment from where it is (427.2): a
    /// permanent from the board (a token ceases to exist, 183.1), or, with `Me`, the spell
    /// that is resolving, from the chain ("Banish this", so it is not put in the trash).
    Banish {
        target: Target,
    },
    /// 416.4, 416.6: "Recycle N from your trash": each player of `player` recycles `count`
    /// cards of their choice from their trash (of `of`, any with `None`), as many as they
    /// can, together (416.5).
    RecycleFromTrash {
        player: PlayerRef,
        count: i32,
        of: Option<CardType>,
    },
    /// 416.1.b, 160.2.b: "You must recycle one of your runes": a rune the player controls,
    /// of their choice as it executes (nothing is chosen as it goes on the chain), to the
    /// bottom of its owner's rune deck.
    RecycleRune {
        player: PlayerRef,
    },
    /// 108.2.b: "Put the top N cards of your Main Deck into your trash": each player of
    /// `player` moves the top `count` cards of their Main Deck (as many as it has) to their
    /// trash.
    TopToTrash {
        player: PlayerRef,
        count: i32,
    },
    /// 419.3: "Play a unit from your trash, ignoring its Energy cost": the card chosen is
    /// played as part of the resolution (a Limited Play, 419.3.a), all steps as normal
    /// (419.3.b) but for its base cost (356.1.b).
    PlayCard {
        target: Target,
        base: super::play::BaseCost,
        /// Where a unit goes (355.2).
        to: super::play::PlayTo,
    },
    /// 422: the player discards `amount` cards of their choice from their hand.
    Discard {
        player: PlayerRef,
        amount: i32,
    },
    /// "Each player discards their hand": each player of `player` discards every card in
    /// their hand as it executes (422.1; nothing left to choose, 422.1.a).
    DiscardHand {
        player: PlayerRef,
    },
    GainXp {
        player: PlayerRef,
        amount: i32,
    },
    /// 429: add energy and power to the player's rune pool.
    Add {
        player: PlayerRef,
        energy: i32,
        power: super::resources::Power,
        /// "Use only to play spells": what it may pay for (`None`: anything).
        only: Option<super::resources::SpendOnly>,
    },
    /// 403.1.b.1, 742.1: a cost within a triggered ability's instructions ("you may pay [cost]
    /// to [do the rest]"); only as the first effect of a triggered ability, paid — or
    /// declined, removing the ability (404.2) — as it goes on the chain.
    PayCost(CostWithin),
    /// 355.3: "choose one": the controller picks one of the modes at step 2; it becomes the
    /// instruction.
    ChooseOne {
        modes: Vec<Effect>,
    },
    /// "Draw 1 or channel 1 rune exhausted": the controller chooses one of the instructions
    /// as this executes (355.17: a choice 355 does not outline — not a bulleted list of
    /// modes, 355.3 — is made on resolution) and it executes.
    OneOf {
        options: Vec<Effect>,
    },
    /// 394–397: an instruction whose affected objects the linked abilities of the same
    /// object refer to (`Target::Linked`).
    Linked {
        effect: Box<Effect>,
    },
    /// 425: counter a spell on the chain: it does nothing, is cleared from the chain and was
    /// not played (425.1.a, 425.1.b).
    Counter {
        target: Target,
    },
    /// 430: channel `count` runes from the top of the rune deck, exhausted if so (430.2).
    Channel {
        player: PlayerRef,
        count: i32,
        exhausted: bool,
    },
    /// 439, 176–182: create `count` tokens of `card` for the effect's controller at `at`
    /// (its base or a battlefield); units enter exhausted unless `ready` (181.1, 182.1.d).
    CreateToken {
        card: Box<CardDef>,
        count: i32,
        at: Location,
        ready: bool,
        /// A gear token played exhausted ("play a Gold gear token exhausted"; gear enter
        /// ready otherwise, 149.1).
        exhausted: bool,
        /// Names the tokens go by (a scenario's `ids`), in order; the rest keep the card's.
        names: Vec<String>,
        /// Who plays them, and so controls them (182.1.a, 439.1): "you" by default; "Choose
        /// an opponent. They play a … token" the player chosen (355.17).
        player: PlayerRef,
    },
    /// "You may [effect]": the controller decides (a `may` decision).
    May {
        effect: Box<Effect>,
    },
    /// 434, 818.1.c.2: attach the effect's source (a gear) to the target unit.
    Attach {
        target: Target,
    },
    /// 436.1: the player looks at the top `count` cards of their Main Deck (436.3.a: 1 when
    /// the text omits it), recycles any number of them and may rearrange the rest (436.1.a,
    /// 436.1.b).
    Predict {
        player: PlayerRef,
        count: i32,
    },
    /// 424, 413.1, 416: `player` looks at (or reveals) the top `count` cards of their Main
    /// Deck, may (`optional`) or must put one `take` allows into their hand, and does `rest`
    /// with the others ("Look at the top 3 cards of your Main Deck. You may reveal a unit
    /// from among them and draw it. Recycle the rest.").
    LookAtTop {
        player: PlayerRef,
        count: i32,
        reveal: bool,
        take: Option<DeckPick>,
        optional: bool,
        rest: super::look::DeckRest,
        /// The card taken is banished, then played by the player as the instruction resolves
        /// (427.3, 419.3), its Energy cost reduced by this much (356.4.b) — "You may banish
        /// one, then play it" — instead of put into the hand.
        play: Option<i32>,
    },
    /// 355.10.f: "Each player kills one of their units" — each `player`, one at a time in
    /// turn order (303.2.a), chooses one of the units (`gear`: gear) they control as the
    /// instruction executes (not a target) and kills it.
    KillOneOfTheir {
        player: PlayerRef,
        gear: bool,
    },
    /// "Kill a gear. Its controller draws 2.", "Return a friendly unit to its owner's hand. Its
    /// owner channels 1 rune exhausted.": `effect`, then `then` done by the controller (or
    /// `owner`) of the unit `effect` chose — as it was just before `effect` changed its zone
    /// (359.3.e.13); a target no longer legal has no controller, and `then` is not done
    /// (359.3.e.12). In `then`, `PlayerRef::You` is that player.
    ThenItsPlayer {
        effect: Box<Effect>,
        owner: bool,
        then: Box<Effect>,
    },
    /// "Counter a spell unless its controller pays [2]", "Deal 6 to it unless its controller
    /// has you draw 2": as it executes, the controller of what `effect` chose (359.3.f.2)
    /// chooses (355.17) to pay `energy` and `power` — or, with `alternative`, to have the
    /// effect's controller do that instead — and then `effect` is not done; one who cannot
    /// pay, or declines, gets `effect`.
    Unless {
        effect: Box<Effect>,
        energy: i32,
        power: super::resources::Power,
        alternative: Vec<Effect>,
    },
    /// "Units you play this turn enter ready", "Friendly units enter ready this turn": until
    /// the turn ends, the units `player` plays — cards (359.2.c) and tokens (182.1.a) —
    /// enter ready; the card's text supersedes the rule that they enter exhausted (002).
    /// "Its controller can't play spells this turn", "opponents can't play cards this turn":
    /// the players can't play cards of that type (`None`: any card) until the turn ends
    /// (054.1: a forbidding beats a permission).
    CantPlayThisTurn {
        player: PlayerRef,
        of: Option<CardType>,
    },
    /// "The next spell you play this turn costs [5] less", "your units cost [1] more to play
    /// this turn": a [`TurnCostChange`] for these players until the turn ends.
    CostThisTurn {
        player: PlayerRef,
        of: Option<CardType>,
        energy: i32,
        next: bool,
    },
    UnitsEnterReadyThisTurn {
        player: PlayerRef,
    },
    /// "Draw 1 for each of your Mighty units", "Gain 1 XP for each friendly unit": `effect`
    /// with its number multiplied by `count` as it executes (draw, XP, channel, points), or
    /// done that many times.
    ForEach {
        count: Count,
        effect: Box<Effect>,
    },
    /// 386–388: a reflexive trigger — "Do this: [effects]" (`times` chain items), or with
    /// `condition`, "You may [condition]. When you do, [effects]": the condition is asked and
    /// performed first, and only if it was done are the items added (387.2). Each item goes
    /// on the chain as a pending item of its own (388.1, 388.2).
    Reflexive {
        condition: Option<Box<Effect>>,
        effects: Vec<Effect>,
        times: i32,
    },
    /// 390–392: create a delayed ability ("when any unit takes damage this turn, kill it");
    /// in its `effects`, `Target::Affected` is the unit that made it trigger.
    CreateDelayed {
        trigger: super::abilities::delayed::DelayedTrigger,
        /// The unit it watches ("when it dies this turn"), for a trigger about one unit.
        target: Option<Target>,
        effects: Vec<Effect>,
        duration: Duration,
    },
    /// 369, 370: create a replacement effect about `target` for `duration` ("Choose a friendly
    /// unit. The next time it would die this turn, heal it, exhaust it, and recall it
    /// instead"); in its instructions, `Target::Affected` is that unit. An empty `instead`
    /// prevents the event (369.2: preventing damage is a replacement effect).
    CreateReplacement {
        target: Target,
        replacement: Replacement,
        duration: Duration,
    },
    /// A self-replacement (370.1.a: an instruction replaced by another instruction): "Deal 2 to
    /// a unit at a battlefield. If it's attacking, deal 4 to it instead." When `condition`
    /// holds as the instruction executes — of the unit `effect` affects, for a condition about
    /// a unit ("it's attacking"); of the source and its controller otherwise ("you control 7
    /// or more runes", "you paid the additional cost") — `instead` executes in its place.
    SelfReplaced {
        effect: Box<Effect>,
        condition: Condition,
        instead: Vec<Effect>,
    },
    /// 359.3.e.14: linked instructions — "You may kill a gear. If you do, buff me.", "Channel 1
    /// rune exhausted. If you can't, draw 1.": `then` executes only if `effect` was done
    /// (359.3.e.14.a), `otherwise` only if it was not: declined, ignored for want of a legal
    /// target (359.3.e.6), or followed only in part (359.3.e.11, 430.4). A replaced action
    /// was still done (359.3.e.14.b).
    IfDone {
        effect: Box<Effect>,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// A conditional instruction: "If it is stunned, kill it. Otherwise, stun it.", or after an
    /// optional additional cost "If you do, draw 2. Otherwise, draw 1." (356.4.f.1). `effect`
    /// executes when `condition` holds as it executes — of the unit `effect` affects, for a
    /// condition about a unit; of the source and its controller otherwise — else `otherwise`.
    If {
        condition: Condition,
        effect: Box<Effect>,
        otherwise: Vec<Effect>,
    },
    /// 375: in what a replacement of a token being played does instead, "play that token and
    /// an additional copy of it" (`and: None`) or "… and a 1 [Might] Recruit unit token"
    /// (`and`: that token): the replaced event as it was — its place, ready or exhausted —
    /// and the other token with the same modifications, inherited.
    PlayThatToken {
        and: Option<Box<CardDef>>,
    },
    /// "They reveal their hand. Choose a card from it, and they discard that card.": `player`
    /// reveals their hand (424.1), the effect's controller chooses a card `pick` allows from
    /// it (355.17), and `player` discards it (422) or recycles it (416).
    RevealHandPick {
        player: PlayerRef,
        pick: HandPick,
        recycle: bool,
        /// "… they discard that card and draw 1": what that same player does then, `You`
        /// being them.
        then: Vec<Effect>,
    },
    /// 821.1.c: the controller may choose an Equipment they control and pay its Equip cost,
    /// reduced by [A], to attach it to the source.
    Weaponmaster,
    /// 735: "take a turn after this one": `player` gets an Additional Turn, inserted into the
    /// turn queue right after the current turn (737, 738).
    AdditionalTurn {
        player: PlayerRef,
    },
}

/// Which card of a revealed hand may be chosen: of one of `types` (any when empty), of
/// none of `not_types` ("a non-unit card"), of `domain` ("a Mind card").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandPick {
    pub types: Vec<CardType>,
    pub not_types: Vec<CardType>,
    pub domain: Option<String>,
}

/// Which card of those looked at may be taken ("a unit", "a spell with Energy cost [4] or
/// more"): any card when `types` is empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeckPick {
    pub types: Vec<CardType>,
    pub min_energy: Option<i32>,
}

/// The two ways to score (464).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreKind {
    Conquer,
    Hold,
}

/// A destination for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// The controller's base.
    Base,
    Battlefield(BfId),
    /// "Here": where the effect's source is — its battlefield, or its controller's base
    /// (resolved when the instruction executes; only in abilities' instructions).
    Here,
    /// 444.1: "Move an enemy unit" names no destination: the effect's controller chooses
    /// one as the move executes, among the unit's base and the battlefields it is not at
    /// (units move between locations on the board, 441.1; only a move's destination).
    Chosen,
    /// "Move a friendly unit to or from its base": from its base, to a battlefield the
    /// effect's controller chooses as the move executes; from a battlefield, to its base (444.1:
    /// the source restricts the destination; only a move's destination).
    ToOrFromBase,
    /// A battlefield the move's spell or ability fixes at step 2 (355.4): "to a
    /// battlefield", "to that battlefield", "to that enemy unit's battlefield".
    Place(Place),
}

/// A condition of a conditional passive ability ("while I'm Mighty").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Always,
    /// 707–708: Might 5 or greater.
    Mighty,
    Attacking,
    Defending,
    /// The object has this keyword.
    HasKeyword(KeywordKind),
    /// The object has this tag.
    HasTag(String),
    /// Level N (824): the controller has N or more XP.
    ControllerXp(i32),
    /// "While I'm buffed" (701): the object has a buff.
    Buffed,
    /// "If it is stunned" (423.1): the unit is Stunned.
    Stunned,
    /// "If it has 3 [Might] or less": the unit's Might is at most N.
    MightAtMost(i32),
    /// "If it is the only unit you control there": no other unit its controller controls
    /// is at its location (484.8.c: control is not shared).
    OnlyOneOfItsControllersThere,
    /// "While I'm at a battlefield": the object is at a battlefield, not in a base.
    AtBattlefield,
    /// The object is a token (182): "Your token units have …".
    Token,
    /// 812.1.b.1, 812.1.c: Legion — its controller has played a card other than this one this
    /// turn.
    Legion,
    /// While being played, it chooses a unit its controller controls / an enemy unit as a
    /// target (a condition of Action or Reaction, 806.4, 813.4; false on the board).
    TargetsFriendly,
    TargetsEnemy,
    /// "If you paid the additional cost" (356.2.b.1): this card was played with its optional
    /// additional cost paid (a fact of this object, lost when it changes zones).
    AdditionalCostPaid,
    /// "While … defends alone" (741.1): a defender with no other friendly unit at its
    /// location.
    DefendingAlone,
    /// "While I'm attacking or defending alone" (741.1): an attacker or a defender with no
    /// other friendly unit at its location.
    AttackingOrDefendingAlone,
    /// "If you control N or fewer runes": the controller's runes on the board.
    RunesAtMost(i32),
    /// "If you control N or more runes".
    RunesAtLeast(i32),
    /// "If you control [another] Mech / two or more gear": at least `count` permanents the
    /// controller controls, of type `kind` (units or gear) or with `tag`, other than this one
    /// when `other`.
    Controls {
        count: i32,
        kind: Option<CardType>,
        tag: Option<String>,
        other: bool,
    },
    /// "If a unit died this turn" / "If an enemy unit has died this turn" (`enemy`: one an
    /// opponent of the controller controlled).
    UnitDiedThisTurn {
        enemy: bool,
    },
    /// "If you have two or fewer cards in your hand".
    HandAtMost(i32),
    /// "If you have two or more other units in your base": `count` or more units the
    /// controller controls in their base, other than this one when `other`.
    UnitsInBase {
        count: i32,
        other: bool,
    },
    /// "If you have a card with my name in your trash".
    SameNameInTrash,
    /// "If an opponent's score is within 3 points of the Victory Score" (467): an opponent
    /// (their team, 484.6) has at least the Victory Score minus N points.
    OpponentWithin(i32),
    /// "If there is exactly one other unit you control here", "while I'm at a battlefield
    /// with exactly one other unit you control": exactly `count` other units of the
    /// controller at the object's location (a battlefield, when `battlefield`).
    ExactlyOtherUnitsHere {
        count: i32,
        battlefield: bool,
    },
    /// 741.1: "If I'm alone" / a Deathknell's "If I died alone" (checked as it triggers,
    /// 383.3.e, the unit still at its location, 808.1.d.2): no other friendly unit at the
    /// object's location; `negated` for "If I didn't die alone".
    Alone {
        negated: bool,
    },
    /// "If it's your Beginning Phase": the controller is the turn player and the turn is in
    /// that phase (314–317).
    YourPhase(crate::engine::state::Phase),
    /// "… on an opponent's turn": the turn player is an opponent of the controller.
    OpponentsTurn,
    /// A player's first turns (478.7: "each player's first turn"): the turn player has begun
    /// `turns` or fewer turns of their own — "at the start of each player's first Beginning
    /// Phase" (`yours: false`); with `yours`, the turn is the controller's — "on your first,
    /// second or third turns".
    FirstTurns {
        turns: u32,
        yours: bool,
    },
    /// "… during a showdown" (308.1): a showdown is in progress.
    InShowdown,
    /// "… during combat" (308.1, 455): a combat is in progress (its steps begun, not merely
    /// staged, 456).
    DuringCombat,
    /// "… if it has less Might than me" (370.1): the unit a replacement is about has less
    /// Might than the replacement's source (checked where both are known: a replacement's
    /// `affected`; elsewhere it does not hold).
    LessMightThanMe,
    /// "If an enemy unit is alone here" (741.1): at the object's location, a unit of an
    /// opponent of the controller with no other unit friendly to it there.
    EnemyAloneHere,
    /// "When I attack or defend one on one" (741.2): the object and the enemy unit at its
    /// location are both alone — the only two units there.
    OneOnOne,
    /// "While you have another unit here": `count` or more other units of the controller at
    /// the object's location.
    OtherUnitsHere(i32),
    /// "If you've discarded a card this turn" (422): the controller discarded one or more.
    DiscardedThisTurn,
    /// "If you've gained XP this turn" (730.1): the controller gained XP.
    GainedXpThisTurn,
    /// "While there's a stunned enemy unit here" (423): a stunned unit an opponent of the
    /// controller controls at the object's location.
    StunnedEnemyHere,
    /// "If there is a ready enemy unit here" (414: a unit not exhausted is ready): a ready
    /// unit an opponent of the controller controls at the object's location.
    ReadyEnemyHere,
    /// "If an opponent controls a stunned unit" (423).
    OpponentControlsStunned,
    /// "If an opponent controls a battlefield" (187.1: the player who established control
    /// of it, 187.3.b).
    OpponentControlsBattlefield,
    /// "While I'm attacking with another unit": the object is an attacker and another unit
    /// is an attacker at its battlefield (the attacking side, 454.2).
    AttackingWithAnother,
    /// "I cost … less to play from anywhere other than your hand": the card, being played,
    /// is not in its player's hand (false on the board).
    NotFromHand,
    /// "I'm in combat" (741.3): at the battlefield where combat is ongoing, with a combat
    /// designation.
    InCombat,
    /// "If you've spent at least [A][A] this turn" (357.1): the controller spent N or more
    /// power this turn.
    SpentPowerThisTurn(i32),
    /// "If you've spent [4] or more to play a spell this turn" (357.1): the controller spent
    /// N or more energy on one spell's cost this turn.
    SpentOnASpellThisTurn(i32),
    /// Every one of them holds: "other buffed friendly units at my battlefield" (buffed, and
    /// at a battlefield), each checked on the same object.
    All(Vec<Condition>),
    /// It does not hold: "… have [Deflect] if they didn't already" (not having Deflect).
    Not(Box<Condition>),
    /// "If you control fewer runes than an opponent": an opponent of the controller controls
    /// more runes on the board than they do.
    FewerRunesThanOpponent,
    /// "If you control a facedown card at a battlefield" (421.1, 107.3.c: a card hidden in a
    /// battlefield's Facedown Zone, controlled by its controller).
    ControlsFacedown,
    /// "If your other units have total Might 5 or more": the Might of the units the
    /// controller controls on the board other than this object, summed (484.8.c: "your" is
    /// control).
    OtherUnitsMightAtLeast(i32),
    /// "If a friendly unit died during your Beginning Phase this turn": it is the controller's
    /// turn, and a unit of theirs or a teammate's (740.1) died during its Beginning Phase
    /// (315.2).
    FriendlyDiedYourBeginningPhase,
}

/// Whom a passive ability affects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    Me,
    OtherFriendlyUnits,
    FriendlyUnits,
    EnemyUnits,
    /// Other friendly units at my location.
    OtherFriendlyUnitsHere,
    /// "Units here": every unit at my location, whoever controls it — on a battlefield's
    /// card, the units at that battlefield (053.3: battlefields say "here").
    UnitsHere,
    /// "Your units" / "units you control": its controller's only — control is not shared
    /// with a teammate (484.8.c); in a mode without teams the same units as `FriendlyUnits`.
    YourUnits,
    /// "Your other units" / "another unit you control".
    YourOtherUnits,
    /// "Your other units here" / "other units you control here".
    YourOtherUnitsHere,
}

/// What a passive ability or a continuous effect changes, which fixes its layer (472).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Modification {
    /// Layer 1: Might becomes N (472.1.a.1).
    SetMight(i32),
    /// Layer 1: gains a tag (472.1).
    AddTag(String),
    /// Layer 1: its controller becomes this player (472.1.a: Controller is a trait).
    SetController(PlayerId),
    /// Layer 2: gains a keyword (472.2).
    AddKeyword(Keyword),
    /// Layer 2: loses a keyword.
    RemoveKeyword(KeywordKind),
    /// Layer 3: +N or -N Might (472.3); `limit` snapshotted at application (472.3.b).
    Might(i32),
    /// Layer 3: +N Might for each [X] (472.3), counted from the source's side as the layer
    /// applies.
    MightPer { each: i32, per: Count },
    /// Layer 2: "I have [Assault] equal to the number of [X]": Assault with that value,
    /// counted from the source's side as the layer applies (none while it is 0).
    AssaultPer(Count),
    /// Layer 2: "I don't take damage" (an ability; 460.2.c.9 exempts the unit from lethal
    /// assignment, and damage is not dealt to it).
    NoDamage,
}

impl Modification {
    /// The layer of 472 this modification applies in (1, 2 or 3).
    pub fn layer(&self) -> u8 {
        match self {
            Modification::SetMight(_)
            | Modification::AddTag(_)
            | Modification::SetController(_) => 1,
            Modification::AddKeyword(_)
            | Modification::AssaultPer(_)
            | Modification::RemoveKeyword(_)
            | Modification::NoDamage => 2,
            Modification::Might(_) | Modification::MightPer { .. } => 3,
        }
    }
}

/// 367–375: "If/The next time [scope] would die, [instead]" — `instead` may refer to the
/// unit whose death is replaced as `Target::Affected` ("that unit") and to its source as
/// `Target::Me`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replacement {
    /// The event it replaces.
    pub event: ReplacedEvent,
    /// Whose event it replaces, seen from its source.
    pub scope: Scope,
    pub instead: Vec<Effect>,
    pub uses: ReplacementUses,
    /// "… while I'm at a battlefield": true of its source for it to apply.
    pub condition: Condition,
    /// "Prevent the next N damage that would be dealt to it" (437.1.b.1): the Prevent Value
    /// N, reduced by what it prevents and used up at 0 (437.3); `None` for a replacement that
    /// replaces the whole event.
    pub prevent: Option<i32>,
    /// 370.3: active in its owner's trash, not on the board ("If a unit you control would
    /// die, banish me from your trash instead"): it applies to an event only when its card
    /// was in the trash before the event — not one it enters the trash with.
    pub in_trash: bool,
    /// 370.1: the circumstances it specifies about the unit whose event it replaces ("If a
    /// buffed unit you control would die"), checked on that unit as the event would happen.
    pub affected: Condition,
    /// 370.1, 742.1: "… you may [pay a cost to] … instead" — applied only if the player the
    /// text names chooses to, paying the cost within it; `None`: it always applies.
    pub choice: Option<ReplacementChoice>,
    /// 432.1: "Double all damage that would be dealt to it": the damage is not replaced
    /// but increased by its own amount, and stays pending for the other replacements.
    pub double: bool,
}

/// 742.1: an optional replacement ("you may … instead", "its controller may pay [cost] to …
/// instead"): who chooses — and pays — and the cost within the instruction ("[do X] to [do
/// Y]": X is paid to get Y).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplacementChoice {
    /// "its controller may …": the controller of the unit whose event it replaces; else
    /// "you", the replacement's controller (374).
    pub its_controller: bool,
    /// The cost within the instruction: an `Effect::PayCost`, whose `buff` is "spend its
    /// buff" (a buff of the unit whose event it replaces, 702.2.b) and whose `exhaust` is
    /// "exhaust me" (the replacement's source, 414.5).
    pub cost: Option<Box<Effect>>,
}

/// The events a replacement effect can replace (367): a unit's death (by any means), its
/// being killed (by a kill action, 428), its being dealt damage (417), its move (441) or
/// recall (450); its controller playing a token (439) or drawing a card (413).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReplacedEvent {
    Die,
    Killed,
    DealtDamage,
    /// Its controller playing a token (439): any token, a unit token, a gear token.
    PlayToken,
    PlayUnitToken,
    PlayGearToken,
    /// A unit's move (441): by a standard move or an effect.
    Move,
    /// A permanent's being recalled (450).
    Recalled,
    /// Its controller drawing a card (413).
    Draw,
}

impl ReplacedEvent {
    /// "die", "be killed", "be dealt damage" (after "would").
    pub fn verb(self) -> &'static str {
        match self {
            ReplacedEvent::Die => "die",
            ReplacedEvent::Killed => "be killed",
            ReplacedEvent::DealtDamage => "be dealt damage",
            ReplacedEvent::PlayToken => "play a token",
            ReplacedEvent::PlayUnitToken => "play a unit token",
            ReplacedEvent::PlayGearToken => "play a gear token",
            ReplacedEvent::Move => "move",
            ReplacedEvent::Recalled => "be recalled",
            ReplacedEvent::Draw => "draw a card",
        }
    }
}

/// How often a replacement effect applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReplacementUses {
    /// "If … would …": every time.
    Always,
    /// "The next time … would …": once, then it is used up.
    Next,
    /// "Once each turn" (371): its controller may apply it, once a turn.
    OnceEachTurn,
}

/// A passive ability: "[scope] [condition] have/get [modification]".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Passive {
    pub scope: Scope,
    /// Checked on each affected object (for `Scope::Me`, on the source).
    pub condition: Condition,
    pub modification: Modification,
}

/// Abilities on a card definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Keyword(Keyword),
    Triggered {
        when: Trigger,
        effects: Vec<Effect>,
        /// This is the effect of the Deathknell keyword (808.1.c).
        deathknell: bool,
        /// 383.3.e: a conditional statement after the trigger condition ("When you play me,
        /// if you control a Poro, …"), true for the ability to be placed on the chain.
        condition: Condition,
        /// "The first time …" / "Once each turn, …" (383.1, 383.3.f); `None`: every time.
        limit: Option<TurnLimit>,
    },
    Passive(Passive),
    /// A spell's effect, executed when it resolves (351.2).
    Spell(Vec<Effect>),
    /// 367–375: a replacement effect on deaths (abilities/replacement.rs).
    Replacement(Replacement),
    /// An activated ability (377): "[cost]: [effects]". The cost may exhaust the source and
    /// take energy and power from the rune pool; `action` / `reaction` give its timing
    /// permissions (806, 813); by default only on its controller's turn in an open state (381).
    Activated {
        exhaust: bool,
        /// "Kill this" in the cost (403.1.a): the source is killed as the cost is paid.
        kill_self: bool,
        /// "Spend my buff" in the cost (702.2.b): a buff counter is removed from the source;
        /// a source without one cannot pay it (702.2.b.1).
        spend_buff: bool,
        /// "Spend N XP" in the cost (730.2): the controller's XP is reduced as it is paid.
        xp: i32,
        /// "Discard 1" in the cost (422): cards of the controller's choice discarded from
        /// their hand as it is paid; not payable with fewer cards in hand.
        discard: i32,
        /// "Recycle N [units] from your trash" in the cost (416.3, 416.6; recycle.rs): how
        /// many cards, and of which type (any with `None`).
        recycle: (i32, Option<CardType>),
        energy: i32,
        /// Power by domain, `[A]` and `[C]` (resolved against the card when paid).
        power: super::resources::Power,
        action: bool,
        reaction: bool,
        effects: Vec<Effect>,
        /// 377.2.b: "Use this ability only while I'm at a battlefield": true to activate it.
        only_while: Condition,
    },
    /// 356.3, 356.4: "[cards] you play cost [N] more / less": an increase (positive) or a
    /// discount (negative) of the energy cost of the cards of `of` (all with `None`) its
    /// controller plays; a discount may keep a minimum (356.4.e).
    CostModifier {
        of: Option<CardType>,
        /// "Your Dragons' Energy costs are reduced …": only the cards with this tag.
        tag: Option<String>,
        energy: i32,
        min_energy: Option<i32>,
        /// It applies to the cards its controller's opponents play, not theirs.
        opponents: bool,
        /// "I cost [N] less": the card's own cost as it is played (from its hand or
        /// wherever it is played from), not the cards its controller plays.
        own: bool,
        /// "… for each [X]": `energy` once for each of these, counted as the cost is
        /// determined.
        per: Option<Count>,
        /// "… if [X]": it applies only while this holds (checked on the card, for its player).
        condition: Condition,
    },
    /// "I can't move to base", "Units can't move to base", a battlefield's "Units can't move
    /// from here to base": a restriction on moves (054.1: it supersedes what allows them).
    CantMoveToBase(MoveBan),
    /// A battlefield's "Units can't be played here" (054.1: it supersedes what allows a unit
    /// to be played there, 355.2).
    NoUnitsPlayedHere,
    /// A battlefield's "Units can move here from anywhere": a standard move may come here
    /// from another battlefield too (144.4, without Ganking).
    MoveHereFromAnywhere,
    /// "Increase the points needed to win the game by N": the Victory Score (478.3) is N
    /// higher while this is in play.
    VictoryScoreIncrease(i32),
    /// A battlefield's "Players can't score here until their third turn" (054.1: it forbids
    /// the point of a conquer or hold here, 464, while the scorer has begun fewer than N
    /// turns, 478.7).
    NoScoreBeforeTurn(u32),
    /// "I can't be played on your first, second or third turns": this card can't be played
    /// while the condition holds for the player playing it (054.1).
    CantBePlayed(Condition),
    /// A spell's "This can't be countered": an instruction to counter it does nothing (054.1
    /// over 425).
    CantBeCountered,
    /// A spell's "Ignore [Deflect] while paying this spell's cost": the Deflect of what it
    /// chooses adds nothing to its cost (002 over 809.1.c).
    IgnoreDeflect,
    /// "I must be assigned combat damage last" (460.2.c.5): this unit is assigned lethal
    /// damage after its side's other units, like a unit with Backline (460.2.c.6).
    AssignedLast,
    /// "I can't be chosen by enemy spells and abilities unless I'm in combat" (355.9.b): the
    /// restriction of `NotChosenByEnemies`, except while the condition holds.
    NotChosenByEnemiesUnless(Condition),
    /// "I don't deal combat damage unless I'm at a battlefield with exactly one other unit
    /// you control" (460.2.c): `NoCombatDamage`, except while the condition holds.
    NoCombatDamageUnless(Condition),
    /// "I can have any number of buffs": the exception to one buff at a time (702.3).
    AnyNumberOfBuffs,
    /// "While I'm at a battlefield, players only channel 1 rune at the start of their Channel
    /// Phase": card text over 315.3.b's two (002).
    ChannelOnlyOne,
    /// "Your units here with less Might than me can't be chosen by enemy spells and
    /// abilities" (355.9.b).
    LesserAlliesHereUnchosen,
    /// "Enemy units here with less Might than me don't deal combat damage" (460.2.c).
    LesserEnemiesHereNoCombatDamage,
    /// 812: "[Legion] — [ability]": the ability, active only while its controller has played
    /// another card this turn (keywords/legion.rs).
    Legion(Box<Ability>),
    /// 824: "[Level N] — [triggered ability]": the ability, active only while its controller
    /// has N or more XP (824.1.c, 824.1.d; keywords/level.rs).
    Level(i32, Box<Ability>),
    /// 356.1.a, 419.1.a: "You may play me from your trash for [cost]": its owner may play it
    /// from their trash, at the usual timing, its base cost replaced by `energy` and `power`;
    /// only while `condition` holds ("[Legion] …": `Condition::Legion`).
    PlayFromTrash {
        energy: i32,
        power: super::resources::Power,
        condition: Condition,
    },
    /// 713: "This deals N Bonus Damage for each [X]": the card's own Deal actions are granted
    /// `each` for each `per`, counted from its controller's side as it deals (bonus_damage.rs).
    OwnBonusDamage {
        each: i32,
        per: Count,
    },
    /// 820: one instance of Repeat and its cost: "you may pay [cost] as an additional cost
    /// as you play this spell; if you do, execute its instructions one additional time".
    RepeatCost {
        energy: i32,
        power: super::resources::Power,
        /// "[Repeat] - Discard 1" (820.1.c: "Repeat [Cost]", any cost): cards of the player's
        /// choice discarded from their hand as the cost is paid (357.2, 422).
        discard: i32,
    },
    /// "I enter ready [if …]": a unit with it enters the board ready instead of exhausted
    /// when it is played (359.2.c states the default it changes), if the condition holds as
    /// it enters.
    EntersReady(Condition),
    /// 364.2, 364.3.a: "Other friendly units enter ready", "Your tokens enter ready",
    /// "[Level 11] Your units enter ready": a passive of a permanent that changes how the
    /// units its controller plays enter (359.2.c), for those in `scope` (friendly units, or
    /// other friendly units) for which `condition` holds as they enter.
    UnitsEnterReady {
        scope: Scope,
        condition: Condition,
    },
    /// 356.2: "[You may pay / spend / discard …] as an additional cost to play me": added to
    /// the cost in step 3 — optional ones (356.2.b.1, "may") only if its controller chose to
    /// pay them in step 2, mandatory ones (356.2.a.1) always.
    AdditionalCost {
        optional: bool,
        energy: i32,
        power: super::resources::Power,
        /// XP spent (730.2).
        xp: i32,
        /// Cards discarded from hand (357.2: paid with the rest of the cost).
        discard: i32,
        /// A permanent of its controller's given up (357.2): "kill a friendly unit", "return a
        /// friendly gear to its owner's hand".
        give_up: Option<GiveUp>,
        /// Buffs spent (702.2.b) from units its controller controls: "spend a buff".
        buffs: i32,
    },
    /// 356.1.b.1: "If you do, ignore this spell's cost": the card's base energy and power
    /// costs are set to zero as it is played, when the condition holds (its optional
    /// additional cost paid).
    IgnoreCost(Condition),
    /// "This enters exhausted": a gear with it enters the board exhausted when it is played
    /// (359.2.d states the default it changes).
    EntersExhausted,
    /// "I can't be chosen by enemy spells and abilities": a targeting restriction (355.9.b)
    /// on the choices of its controller's opponents.
    NotChosenByEnemies,
    /// "I don't deal combat damage": it contributes no Might to its side's combat damage
    /// (460.2.c).
    NoCombatDamage,
    /// 355.2.b: "You may play me to an open / occupied enemy battlefield": a location a unit
    /// may be played to besides its controller's base and the battlefields they control.
    PlayTo(PlayableBattlefield),
    /// 712–715: "Your spells and abilities deal N Bonus Damage" (the Deal actions of the
    /// spells and abilities its controller controls) or, `to_units_here`, "Spells and
    /// abilities deal N Bonus Damage to units here" (anyone's, to the units at its location)
    /// (bonus_damage.rs).
    BonusDamage {
        amount: i32,
        to_units_here: bool,
    },
    /// Text the engine cannot model; reported before running, never ignored.
    Unsupported(String),
    /// 718.4: an attachable card's Might Bonus, added to the Might of the Top-Most Card
    /// it is attached to.
    MightBonus(i32),
    /// 718.3, 724: abilities in the card's Effect Text — inactive unless the card is
    /// attached, then appended to the Top-Most Card's rules text (keywords, passives with
    /// `Scope::Me` meaning the Top-Most Card, triggered abilities).
    EffectText(Vec<Ability>),
}

/// The battlefields a permission to play a unit there names (169.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayableBattlefield {
    /// Unoccupied and uncontrolled (169.10.c).
    Open,
    /// Occupied — a unit is present (169.10.a) — and controlled by an opponent.
    OccupiedEnemy,
}

/// A card (or token, or battlefield) definition: printed characteristics and abilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardDef {
    /// The name the trace shows: the card's name, or a scenario's id for one of several
    /// objects of one card ("west-wall", "east-wall").
    pub name: String,
    /// The card's own name when `name` is such a label: what "same name" compares (a label
    /// is not a name); `card_name()` reads either.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_name: Option<String>,
    pub card_type: CardType,
    pub might: Option<i32>,
    pub tags: Vec<String>,
    pub domains: Vec<String>,
    pub energy_cost: Option<i32>,
    /// The power cost: by domain, `[A]`, and `[C]` (the card's own domain, 135.2.e.6).
    pub power_cost: Option<super::resources::Power>,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    /// The card's name, whatever label a scenario gave the object: what the rules compare
    /// when they speak of a card's name.
    pub fn card_name(&self) -> &str {
        self.card_name.as_deref().unwrap_or(&self.name)
    }

    /// A unit with printed Might and no abilities.
    pub fn unit(name: &str, might: i32) -> CardDef {
        CardDef {
            name: name.to_string(),
            card_name: None,
            card_type: CardType::Unit,
            might: Some(might),
            tags: Vec::new(),
            domains: Vec::new(),
            energy_cost: None,
            power_cost: None,
            abilities: Vec::new(),
        }
    }

    /// Builder: adds a keyword (`Keyword::Deathknell` is added automatically by `with_deathknell`).
    pub fn with_keyword(mut self, k: Keyword) -> CardDef {
        self.abilities.push(Ability::Keyword(k));
        self
    }

    /// Builder: adds an ability.
    pub fn with_ability(mut self, a: Ability) -> CardDef {
        self.abilities.push(a);
        self
    }

    /// Builder: adds "[Deathknell] effects" (808): the keyword and its triggered ability.
    pub fn with_deathknell(mut self, effects: Vec<Effect>) -> CardDef {
        self.abilities.push(Ability::Keyword(Keyword::Deathknell));
        self.abilities.push(Ability::Triggered {
            when: Trigger::Dies,
            effects,
            deathknell: true,
            condition: Condition::Always,
            limit: None,
        });
        self
    }

    /// 383.2.c.1: it has a triggered ability active in its owner's trash.
    pub fn active_in_trash(&self) -> bool {
        self.abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Triggered {
                    when: Trigger::InTrash(_),
                    ..
                }
            )
        })
    }

    /// Printed keywords.
    pub fn keywords(&self) -> impl Iterator<Item = &Keyword> {
        self.abilities.iter().filter_map(|a| match a {
            Ability::Keyword(k) => Some(k),
            _ => None,
        })
    }

    /// Everything on this card the engine does not model: unsupported ability texts and
    /// keywords that are characteristics only. Empty means fully modeled.
    pub fn unsupported(&self) -> Vec<String> {
        unsupported_in(&self.abilities)
    }
}

/// What in `abilities` the engine does not model (see `CardDef::unsupported`).
fn unsupported_in(abilities: &[Ability]) -> Vec<String> {
    {
        let mut v = Vec::new();
        for a in abilities {
            match a {
                Ability::EffectText(list) => v.extend(unsupported_in(list)),
                Ability::Legion(inner) | Ability::Level(_, inner) => {
                    v.extend(unsupported_in(std::slice::from_ref(inner)))
                }
                Ability::Unsupported(t) => v.push(t.clone()),
                Ability::Keyword(k) if !k.is_modeled() => v.push(format!(
                    "keyword {k} (kept as a characteristic; its function is not modeled)"
                )),
                Ability::Passive(Passive {
                    modification: Modification::AddKeyword(k),
                    ..
                }) if !k.is_modeled() => v.push(granted(k)),
                Ability::Triggered { effects, .. }
                | Ability::Spell(effects)
                | Ability::Activated { effects, .. } => {
                    v.extend(effects.iter().flat_map(Effect::unsupported))
                }
                _ => {}
            }
        }
        v
    }
}

/// A keyword an ability would grant whose function the engine does not model: refused
/// like a printed one, never silently ignored once granted.
fn granted(k: &Keyword) -> String {
    format!("grants keyword {k} (its function is not modeled)")
}

impl Effect {
    /// What this effect would bring into the game that the engine does not model: a
    /// keyword it grants, or a token with unmodelled text.
    pub fn unsupported(&self) -> Vec<String> {
        match self {
            Effect::GrantKeyword { keyword, .. } if !keyword.is_modeled() => vec![granted(keyword)],
            Effect::May { effect } | Effect::Linked { effect } => effect.unsupported(),
            Effect::IfDone {
                effect,
                then,
                otherwise,
            } => effect
                .unsupported()
                .into_iter()
                .chain(then.iter().chain(otherwise).flat_map(Effect::unsupported))
                .collect(),
            Effect::If {
                effect, otherwise, ..
            } => effect
                .unsupported()
                .into_iter()
                .chain(otherwise.iter().flat_map(Effect::unsupported))
                .collect(),
            Effect::SelfReplaced {
                effect, instead, ..
            } => effect
                .unsupported()
                .into_iter()
                .chain(instead.iter().flat_map(Effect::unsupported))
                .collect(),
            Effect::CreateToken { card, .. } => card.unsupported(),
            Effect::ChooseOne { modes: effects }
            | Effect::OneOf { options: effects }
            | Effect::CreateDelayed { effects, .. }
            | Effect::Reflexive { effects, .. } => {
                effects.iter().flat_map(Effect::unsupported).collect()
            }
            Effect::CreateReplacement { replacement, .. } => replacement
                .instead
                .iter()
                .flat_map(Effect::unsupported)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Attacker or defender (459.2.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Designation {
    Attacker,
    Defender,
}

/// A game object: a card or token in some zone with its marked state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Object {
    pub id: ObjId,
    #[serde(serialize_with = "ser_arc")]
    pub def: Arc<CardDef>,
    pub owner: PlayerId,
    /// The controller before layer 1 (188.3); query `Game::controller` for the current one.
    pub base_controller: PlayerId,
    pub zone: Zone,
    /// Marked damage (cleared by heal, 323.5 checks it against Might).
    pub damage: i32,
    /// Number of buffs (704: at most one; each gives +1 Might).
    pub buffs: i32,
    pub exhausted: bool,
    /// Stunned (423.1): it contributes no Might to combat damage (423.1.b) until the next
    /// ending phase begins (423.1.a.2).
    pub stunned: bool,
    pub designation: Option<Designation>,
    pub attached_to: Option<ObjId>,
    /// Timestamp of entering its zone (475.2); passives take it.
    pub timestamp: u64,
    /// Position within ordered zones (decks: lower is nearer the top).
    pub position: u64,
    /// Whether its attack/defend trigger was already checked this combat (383.4.e.2.a).
    pub attack_checked: bool,
    pub defend_checked: bool,
    pub moves_this_turn: u32,
    /// 383.1, 383.3.f: for its triggered abilities limited in a turn (by their position
    /// among its abilities), how many times their event happened / they triggered this turn.
    pub triggers_this_turn: Vec<(usize, u32)>,
    /// The turn it was hidden facedown on (811.1.b: playable from the next turn on).
    pub hidden_on_turn: Option<u32>,
    /// A token (176): it ceases to exist when it leaves the board.
    pub token: bool,
    /// 393–397: the objects (with their timestamps then) that a `Linked` instruction of this
    /// object's abilities affected, for the abilities linked with it.
    pub linked: Vec<(ObjId, u64)>,
    /// 356.2.b.1: it was played with its optional additional cost paid ("if you paid the
    /// additional cost"); a new object after a zone change has not.
    pub additional_paid: bool,
}

impl Object {
    pub fn name(&self) -> &str {
        &self.def.name
    }

    /// A token (176), created by an effect or set up with the token card type.
    pub fn is_token(&self) -> bool {
        self.token || self.def.card_type == CardType::Token
    }

    pub fn is_unit(&self) -> bool {
        matches!(self.def.card_type, CardType::Unit)
            || (matches!(self.def.card_type, CardType::Token) && self.def.might.is_some())
    }

    pub fn is_gear(&self) -> bool {
        matches!(self.def.card_type, CardType::Gear)
    }
}

/// Serializes a shared card definition as the definition itself.
pub fn ser_arc<S: serde::Serializer>(d: &Arc<CardDef>, s: S) -> Result<S::Ok, S::Error> {
    d.as_ref().serialize(s)
}

/// Serializes an optional shared card definition.
pub fn ser_opt_arc<S: serde::Serializer>(
    d: &Option<Arc<CardDef>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    d.as_deref().serialize(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_parse_with_values_presumed_one() {
        assert_eq!(Keyword::parse("Assault 2"), Keyword::Assault(2));
        assert_eq!(Keyword::parse("shield"), Keyword::Shield(1));
        assert_eq!(Keyword::parse("Tank"), Keyword::Tank);
        assert_eq!(
            Keyword::parse("Level 3"),
            Keyword::Other("Level".into(), Some(3))
        );
        assert_eq!(Keyword::Assault(2).to_string(), "Assault 2");
        assert_eq!(Keyword::Backline.to_string(), "Backline");
    }

    #[test]
    fn unmodeled_text_and_keywords_are_reported() {
        let d = CardDef::unit("Odd", 2)
            .with_keyword(Keyword::Tank)
            // every keyword of 805–826 is modelled; one a later set adds would not be
            .with_keyword(Keyword::parse("Mystery"))
            .with_ability(Ability::Unsupported("When you recycle, draw 1".into()));
        let u = d.unsupported();
        assert_eq!(u.len(), 2, "{u:?}");
        assert!(u[0].contains("Mystery"));
        assert!(
            CardDef::unit("Plain", 1)
                .with_keyword(Keyword::Tank)
                .unsupported()
                .is_empty()
        );
    }

    #[test]
    fn modifications_know_their_layer() {
        assert_eq!(Modification::SetMight(3).layer(), 1);
        assert_eq!(Modification::AddKeyword(Keyword::Tank).layer(), 2);
        assert_eq!(Modification::Might(-1).layer(), 3);
    }
}
