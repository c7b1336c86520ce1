//! The YAML shape users write (see the README, "Scenarios"): serde types with
//! `deny_unknown_fields` everywhere, and spans on every name that is resolved
//! later, so that a wrong name is reported at its line and column.

use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;

/// A name as written, with where it was written.
pub type Name = Spanned<String>;

/// A whole number accepted only within `LO..=HI` (issue 10: numbers never wrap). Out of
/// range, a fraction or text is a load error that names the accepted range; the value is
/// then small enough for the engine's `i32` arithmetic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Int<const LO: i64, const HI: i64>(i32);

/// A signed number in a scenario (Might, modifiers, points gained).
pub type Signed = Int<{ -crate::limits::MAX_AMOUNT }, { crate::limits::MAX_AMOUNT }>;
/// A non-negative number in a scenario (damage, points, energy, a turn number).
pub type Amt = Int<0, { crate::limits::MAX_AMOUNT }>;
/// How many objects one step creates or draws.
pub type Count = Int<0, { crate::limits::MAX_COUNT }>;

impl<const LO: i64, const HI: i64> Int<LO, HI> {
    pub fn get(self) -> i32 {
        self.0
    }

    /// `v` if it is within the range.
    pub fn new(v: i64) -> Option<Self> {
        (LO..=HI).contains(&v).then_some(Int(v as i32))
    }

    /// `self + n` if the sum is within the range.
    pub fn checked_add(self, n: i64) -> Option<Self> {
        Self::new(i64::from(self.0).checked_add(n)?)
    }

    /// The error text for a value outside the range (tested in load.rs).
    pub fn range_text() -> String {
        format!("accepted {LO} to {HI}")
    }

    fn check<E: serde::de::Error>(v: i128) -> Result<Self, E> {
        if (LO as i128..=HI as i128).contains(&v) {
            Ok(Int(v as i32))
        } else {
            Err(E::custom(format!(
                "the number {v} is out of range: {}",
                Self::range_text()
            )))
        }
    }
}

impl<const LO: i64, const HI: i64> std::fmt::Display for Int<LO, HI> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<const LO: i64, const HI: i64> std::str::FromStr for Int<LO, HI> {
    type Err = String;
    /// A decimal whole number within the range (card text read by the card compiler).
    fn from_str(s: &str) -> Result<Self, String> {
        s.parse::<i64>()
            .ok()
            .and_then(Self::new)
            .ok_or_else(|| format!("\"{s}\" is not a whole number: {}", Self::range_text()))
    }
}

/// A number as an error message quotes it: in full up to 30 characters, else its first
/// digits and how many there are (a 5,000-digit number is not echoed back).
pub fn long_number(v: &str) -> String {
    let n = v.chars().count();
    if n <= 30 {
        v.to_string()
    } else {
        let head: String = v.chars().take(12).collect();
        format!("{head}… ({n} characters)")
    }
}

/// Parses a whole number for [`Int`] and [`Amount`]: any integer width, refusing fractions.
struct IntVisitor<const LO: i64, const HI: i64>;

impl<'de, const LO: i64, const HI: i64> serde::de::Visitor<'de> for IntVisitor<LO, HI> {
    type Value = Int<LO, HI>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a whole number from {LO} to {HI}")
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Int::check(v as i128)
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Int::check(v as i128)
    }
    fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Int::check(v)
    }
    fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Int::check(i128::try_from(v).unwrap_or(i128::MAX))
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Self::Value, E> {
        if v.fract() == 0.0 && v.abs() < 1e30 {
            Int::check(v as i128)
        } else if v.is_finite() && v.fract() == 0.0 {
            // 1e30 and more: a whole number, far out of range (not printed in full)
            Err(E::custom(format!(
                "the number {v:e} is out of range: {}",
                Int::<LO, HI>::range_text()
            )))
        } else {
            Err(E::custom(format!(
                "{v} is not a whole number: {}",
                Int::<LO, HI>::range_text()
            )))
        }
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
        // a number too long for any integer type arrives as text
        let digits = v.strip_prefix('-').unwrap_or(v);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(E::custom(format!(
                "the number {} is out of range: {}",
                long_number(v),
                Int::<LO, HI>::range_text()
            )));
        }
        Err(E::custom(format!(
            "expected a whole number from {LO} to {HI}, found \"{v}\""
        )))
    }
}

impl<'de, const LO: i64, const HI: i64> Deserialize<'de> for Int<LO, HI> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(IntVisitor::<LO, HI>)
    }
}

impl<'de> Deserialize<'de> for Amount {
    /// A number (range-checked like [`Signed`]) or a word; anything else is refused with the
    /// accepted forms (not serde's "did not match any variant of untagged enum").
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Amount;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(
                    f,
                    "a number ({}) or a word such as my-might",
                    Signed::range_text()
                )
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Amount, E> {
                Signed::check(v as i128).map(Amount::Fixed)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Amount, E> {
                Signed::check(v as i128).map(Amount::Fixed)
            }
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Amount, E> {
                Signed::check(v).map(Amount::Fixed)
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Amount, E> {
                Signed::check(i128::try_from(v).unwrap_or(i128::MAX)).map(Amount::Fixed)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Amount, E> {
                IntVisitor.visit_f64(v).map(Amount::Fixed)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Amount, E> {
                let digits = v.strip_prefix('-').unwrap_or(v);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    return IntVisitor.visit_str(v).map(Amount::Fixed);
                }
                Ok(Amount::Word(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// A card in a hand, deck, trash or rune deck: its name, or `{card: Squire, id: s2}` when a
/// later step or expectation names this copy.
#[derive(Debug, Clone)]
pub struct CardEntry {
    pub card: Name,
    pub id: Option<Name>,
}

impl<'de> Deserialize<'de> for CardEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// A card name, or a map with `card` and `id` (anything else is refused saying so).
        struct Raw(String, Option<String>);
        impl<'de> Deserialize<'de> for Raw {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = Raw;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        write!(f, "a card name, or {{card: NAME, id: ID}}")
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Raw, E> {
                        Ok(Raw(v.to_string(), None))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut m: A,
                    ) -> Result<Raw, A::Error> {
                        let (mut card, mut id) = (None, None);
                        while let Some(k) = m.next_key::<String>()? {
                            match k.as_str() {
                                "card" => card = Some(m.next_value::<String>()?),
                                "id" => id = Some(m.next_value::<String>()?),
                                other => {
                                    return Err(serde::de::Error::unknown_field(
                                        other,
                                        &["card", "id"],
                                    ));
                                }
                            }
                        }
                        let card = card.ok_or_else(|| serde::de::Error::missing_field("card"))?;
                        Ok(Raw(card, id))
                    }
                }
                d.deserialize_any(V)
            }
        }
        let s = Spanned::<Raw>::deserialize(d)?;
        let at = |v: String| Spanned::new(v, s.referenced, s.defined);
        let Raw(card, id) = s.value;
        Ok(CardEntry {
            card: at(card),
            id: id.map(at),
        })
    }
}

/// Power as written (162.2): a number, or a map of domains and `any` to numbers
/// (`{fury: 1, any: 2}`). On a card or in a cost a number is power of the card's own
/// domain (`[C]`, 135.2.e.6); in a rune pool, universal power (162.2.b); in an
/// expectation, the pool's total.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PowerSpec {
    pub number: Option<Amt>,
    /// Lower-case domain names (validated) with their amounts.
    pub domains: Vec<(String, Amt)>,
    pub any: Option<Amt>,
}

/// The domains a [`PowerSpec`] map accepts, and `any`.
pub const POWER_KEYS: &[&str] = &["fury", "calm", "mind", "body", "chaos", "order", "any"];

impl<'de> Deserialize<'de> for PowerSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = PowerSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(
                    f,
                    "a number of power, or a map such as {{fury: 1, any: 1}} (keys: {})",
                    POWER_KEYS.join(", ")
                )
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PowerSpec, E> {
                IntVisitor.visit_i64(v).map(PowerSpec::number)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<PowerSpec, E> {
                IntVisitor.visit_u64(v).map(PowerSpec::number)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<PowerSpec, E> {
                IntVisitor.visit_f64(v).map(PowerSpec::number)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PowerSpec, E> {
                IntVisitor.visit_str(v).map(PowerSpec::number)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<PowerSpec, A::Error> {
                let mut p = PowerSpec::default();
                while let Some(k) = m.next_key::<String>()? {
                    let key = k.to_ascii_lowercase();
                    if !POWER_KEYS.contains(&key.as_str()) {
                        return Err(serde::de::Error::custom(format!(
                            "unknown domain \"{k}\" in power: expected one of {}",
                            POWER_KEYS.join(", ")
                        )));
                    }
                    let n: Amt = m.next_value()?;
                    if key == "any" {
                        p.any = Some(n);
                    } else if p.domains.iter().any(|(d, _)| *d == key) {
                        return Err(serde::de::Error::custom(format!(
                            "the domain {k} is given twice"
                        )));
                    } else {
                        p.domains.push((key, n));
                    }
                }
                Ok(p)
            }
        }
        d.deserialize_any(V)
    }
}

impl PowerSpec {
    /// The engine's power: a number means `number(n)` ([C] on a card, universal in a pool).
    pub fn to_power(&self, number: fn(i32) -> crate::engine::Power) -> crate::engine::Power {
        let mut p = self.number.map(|n| number(n.get())).unwrap_or_default();
        for (d, n) in &self.domains {
            if let Some(d) = crate::engine::Domain::parse(d) {
                p.add_domain(d, n.get());
            }
        }
        p.any = p.any.saturating_add(self.any.map_or(0, |n| n.get()));
        p
    }

    /// A map with one domain (or `any`) and its amount.
    pub fn add(&mut self, key: &str, by: i64) -> Option<()> {
        if key == "any" {
            self.any = Some(self.any.unwrap_or_default().checked_add(by)?);
            return Some(());
        }
        match self.domains.iter_mut().find(|(d, _)| d == key) {
            Some((_, n)) => *n = n.checked_add(by)?,
            None => self.domains.push((key.to_string(), Amt::new(by)?)),
        }
        Some(())
    }

    pub fn number(n: Amt) -> PowerSpec {
        PowerSpec {
            number: Some(n),
            ..PowerSpec::default()
        }
    }
}

/// A whole scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct File {
    pub title: String,
    /// The question and its answer, in words.
    #[serde(default)]
    pub ruling: Option<String>,
    /// `riftbound 2026-03-30` (game and edition the citations refer to).
    #[serde(default)]
    pub rules: Option<Name>,
    /// duel | match | skirmish | war | magma-chamber.
    #[serde(default)]
    pub mode: Option<Name>,
    /// Seed for the game's random number generator (default 0).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The card database this ruling was written against (a path relative to the
    /// scenario); cards named but not defined under `cards:` come from it. Without it,
    /// the database of `--cards` / `ARBITER_CARDS` / the data directory is used.
    #[serde(default)]
    pub card_database: Option<Name>,
    /// Cards used here, by name. A map keeps the file's order for error messages.
    #[serde(default)]
    pub cards: BTreeMap<String, Spanned<CardDef>>,
    pub setup: Setup,
    #[serde(default)]
    pub script: Vec<Spanned<Step>>,
    #[serde(default)]
    pub expect: Vec<Spanned<Expect>>,
    /// The run must stop with this error (for scenarios about illegal input).
    #[serde(default)]
    pub expect_error: Option<ExpectError>,
}

/// A card's printed characteristics and abilities.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CardDef {
    #[serde(rename = "type", default)]
    pub kind: Option<Name>,
    #[serde(default)]
    pub might: Option<Signed>,
    #[serde(default)]
    pub cost: Option<Signed>,
    /// Its power cost: a number of its own domain (`[C]`), or by domain and `any` (`[A]`).
    #[serde(default)]
    pub power: Option<PowerSpec>,
    #[serde(default)]
    pub domains: Vec<Name>,
    #[serde(default)]
    pub tags: Vec<Name>,
    #[serde(default)]
    pub supertype: Option<Name>,
    /// `Tank`, `Assault 2`, `Deflect 1`, …
    #[serde(default)]
    pub keywords: Vec<Name>,
    #[serde(default)]
    pub abilities: Vec<Spanned<AbilityDef>>,
    /// A spell's effect (what it does when it resolves).
    #[serde(default)]
    pub effect: Option<Spanned<Effect>>,
    /// Equip [Cost] (818): "[Cost]: attach this gear to a unit you control".
    #[serde(default)]
    pub equip: Option<Spanned<ActivateCost>>,
    /// Repeat [Cost] (820), one entry per instance: optional additional costs, each paid
    /// executing the spell's instructions once more.
    #[serde(default)]
    pub repeat: Vec<Spanned<TriggerCost>>,
    /// An attachable card's Might Bonus (718.4).
    #[serde(default)]
    pub might_bonus: Option<Signed>,
    /// An attachable card's Effect Text (718.3): what the unit it is attached to gains.
    #[serde(default)]
    pub effect_text: Option<Spanned<EffectText>>,
    /// A spell's further instructions, executed in order after `effect` (359.3.e).
    #[serde(default)]
    pub then: Vec<Spanned<Effect>>,
}

/// The Effect Text of an attachable card: keywords and abilities appended to the
/// Top-Most Card's rules text while attached (718.3, 724).
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EffectText {
    #[serde(default)]
    pub keywords: Vec<Name>,
    #[serde(default)]
    pub abilities: Vec<Spanned<AbilityDef>>,
}

/// One ability of a card: a trigger with an effect, or a conditional passive.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AbilityDef {
    /// Triggered: `move`, `attack`, `defend`, `conquer`, `hold`, `die`, …
    #[serde(default)]
    pub when: Option<Name>,
    /// 383.2.c.1: `trash` — the triggered ability is active in its owner's trash, not on
    /// the board ("When you kill a unit with a spell, … play me from your trash").
    #[serde(default)]
    pub active_in: Option<Name>,
    /// Conditional passive: `mighty`, `attacking`, `defending`, …
    #[serde(rename = "while", default)]
    pub while_: Option<Name>,
    /// A triggered ability's conditional statement (383.3.e), or the condition of
    /// `enter-ready`: `additional-cost-paid`, `runes 4 or fewer`, `runes 7 or more`,
    /// `control another Mech`, `control 2 gear`, `control a Poro`, or any `while` condition.
    #[serde(rename = "if", default)]
    pub if_: Option<Name>,
    /// "This enters exhausted" (364.2): played, this gear enters the board exhausted.
    #[serde(default)]
    pub enter_exhausted: bool,
    /// "I can't be chosen by enemy spells and abilities" (355.9.b).
    #[serde(default)]
    pub not_chosen_by_enemies: bool,
    /// "I don't deal combat damage" (460.2.c: it adds no Might to its side's damage).
    #[serde(default)]
    pub no_combat_damage: bool,
    /// "I must be assigned combat damage last" (460.2.c.5).
    #[serde(default)]
    pub assigned_last: bool,
    /// With `not-chosen-by-enemies` or `no-combat-damage`: the restriction does not apply
    /// while this condition holds ("… unless I'm in combat": `in-combat`).
    #[serde(default)]
    pub unless: Option<Name>,
    /// "I can have any number of buffs" (the exception to 702.3).
    #[serde(default)]
    pub any_number_of_buffs: bool,
    /// "While I'm at a battlefield, players only channel 1 rune at the start of their Channel
    /// Phase" (002 over 315.3.b).
    #[serde(default)]
    pub channel_only_one: bool,
    /// What the units here with less Might than this one undergo: `unchosen-by-enemies`
    /// ("Your units here with less Might than me can't be chosen by enemy spells and
    /// abilities"), `no-combat-damage` ("Enemy units here with less Might than me don't deal
    /// combat damage").
    #[serde(default)]
    pub lesser_here: Option<Name>,
    /// A battlefield's "Units can't be played here" (054.1).
    #[serde(default)]
    pub no_units_played_here: bool,
    /// A battlefield's "Units can move here from anywhere" (a standard move from another
    /// battlefield too, 144.4).
    #[serde(default)]
    pub move_here_from_anywhere: bool,
    /// A battlefield's "Increase the points needed to win the game by N" (478.3).
    #[serde(default)]
    pub victory_score: Option<Amt>,
    /// A battlefield's "Players can't score here until their third turn": no point is gained
    /// here by a player who has begun fewer than N turns (054.1, 478.7).
    #[serde(default)]
    pub no_score_before_turn: Option<Amt>,
    /// "I can't be played on your first, second or third turns": the condition (a side
    /// condition, `your-first-turns 3`) under which the card can't be played (054.1).
    #[serde(default)]
    pub cant_be_played: Option<Name>,
    /// A spell's "This can't be countered" (054.1).
    #[serde(default)]
    pub cant_be_countered: bool,
    /// A spell's "Ignore [Deflect] while paying this spell's cost" (002 over 809.1.c).
    #[serde(default)]
    pub ignore_deflect: bool,
    /// "I can't move to base" (`me`), "Units can't move to base" (`units`), a battlefield's
    /// "Units can't move from here to base" (`units-here`): a restriction on moves (054.1).
    #[serde(default)]
    pub cant_move_to_base: Option<Name>,
    /// 712–715: "Your spells and abilities deal N Bonus Damage"; with `scope: units-here`,
    /// "Spells and abilities deal N Bonus Damage to units here" (anyone's, to the units at
    /// the card's location — a battlefield's own units on a battlefield).
    #[serde(default)]
    pub bonus_damage: Option<Amt>,
    /// 355.2.b: "You may play me to an open battlefield" (`open`, 169.10.c) / "… an occupied
    /// enemy battlefield" (`occupied-enemy`, 169.10.a).
    #[serde(default)]
    pub play_to: Option<Name>,
    /// 356.2: an additional cost to play this card — `{energy: 1, power: {fury: 1}}`, `{xp:
    /// 3}`, `{discard: 1}`; optional ("you may", 356.2.b.1) unless `may: false` (356.2.a.1).
    #[serde(default)]
    pub additional_cost: Option<Spanned<AdditionalCostDef>>,
    /// 356.1.b.1: "If you do, ignore this spell's cost": the base costs are zero when `if`
    /// holds (`additional-cost-paid`).
    #[serde(default)]
    pub ignore_cost: bool,
    /// For a passive: whom it affects (me, other-friendly-units, friendly-units,
    /// enemy-units, other-friendly-units-here); default me.
    #[serde(default)]
    pub scope: Option<Name>,
    /// For a passive: the keywords it grants while the condition holds.
    #[serde(default)]
    pub grant: Vec<Name>,
    /// For a passive: a keyword it removes.
    #[serde(default)]
    pub remove: Option<Name>,
    /// For a passive: Might it adds (or subtracts) while the condition holds.
    #[serde(default)]
    pub might: Option<Signed>,
    /// For a passive's `might`: "for each [X]", counted from the card's side as the layer
    /// applies (`gear`, `other exhausted units`, `units here same-name`, `trash`, `points`,
    /// … as a `play-cost`'s `for-each`).
    #[serde(default)]
    pub for_each: Option<Name>,
    /// For a passive: Might becomes this value (a trait effect, 472.1).
    #[serde(default)]
    pub set_might: Option<Signed>,
    /// For a passive: a tag it gives.
    #[serde(default)]
    pub tag: Option<Name>,
    /// For a passive: "I don't take damage" while the condition holds.
    #[serde(default)]
    pub no_damage: Option<bool>,
    /// For a triggered ability: what it does.
    #[serde(default)]
    pub effect: Option<Spanned<Effect>>,
    /// For a triggered or activated ability: further instructions, executed in order after
    /// `effect` (359.3.e); `it` in them is the unit an earlier instruction chose.
    #[serde(default)]
    pub then: Vec<Spanned<Effect>>,
    /// "I enter ready" (364.2): played, this unit enters the board ready.
    #[serde(default)]
    pub enter_ready: bool,
    /// Activated: its cost and timing ("[cost]: [effect]", 377).
    #[serde(default)]
    pub activate: Option<Spanned<ActivateCost>>,
    /// "[Cards] you play cost [N] more / less" (356.3, 356.4): `{energy: -1, of: spell,
    /// min: 1}` (`of`: unit, gear, spell, or `me` for the card's own cost; default every
    /// card; `min`: the discount's minimum; `for-each`: what it is counted by; with `if`,
    /// it applies only while that holds).
    #[serde(default)]
    pub play_cost: Option<Spanned<PlayCostDef>>,
    /// 812: "[Legion] — …": this triggered ability is active only while its controller has
    /// played another card this turn (for a passive, use `while: legion`).
    #[serde(default)]
    pub legion: bool,
    /// 356.1.a, 419.1.a: "You may play me from your trash for [3][Fury]": the card may be
    /// played from its owner's trash, its base cost replaced by this one (with `while`,
    /// only while that holds: `while: legion`).
    #[serde(default)]
    pub play_from_trash: Option<Spanned<TriggerCost>>,
    /// 713: "This deals N Bonus Damage for each [X]" — the Deal actions of this card itself
    /// (a spell as it resolves) are granted N for each `for-each` (`trash same-name`, …),
    /// counted as it deals.
    #[serde(default)]
    pub own_bonus_damage: Option<Amt>,
    /// 824: "[Level N] — …": this triggered ability is active only while its controller has N
    /// or more XP (for a passive or an activated ability, use `while: level N`).
    #[serde(default)]
    pub level: Option<Amt>,
    /// Triggered, with a cost within its instructions ("you may pay [cost] to [effect]",
    /// 403.1.b.1): paid as it goes on the chain, or declined (404.2).
    #[serde(default)]
    pub cost: Option<Spanned<TriggerCost>>,
    /// A replacement effect (367–375): the event it replaces, `die` ("… would die").
    #[serde(default)]
    pub would: Option<Name>,
    /// A replacement effect: what happens instead (`that-unit` is the unit that would die,
    /// `me` the ability's source).
    #[serde(default)]
    pub instead: Vec<Spanned<Effect>>,
    /// A replacement effect: the circumstances it specifies about the unit whose event it
    /// replaces (370.1: `buffed` — "If a buffed unit you control would die").
    #[serde(default)]
    pub unit_if: Option<Name>,
    /// An optional replacement effect (742.1): `you` ("you may … instead": its controller
    /// chooses, 374) or `its-controller` ("its controller may pay … to … instead": the
    /// controller of the unit whose event it replaces); with `cost`, the cost within the
    /// instruction that player pays to apply it (`buff`: a buff of that unit, "spend its
    /// buff"; `exhaust`: "exhaust me").
    #[serde(default)]
    pub may: Option<Name>,
    /// A replacement effect: `always` (default, "if … would"), `next` ("the next time …
    /// would", used up once applied), `once-each-turn` (371). A triggered ability:
    /// `once-each-turn` ("Once each turn, when …", 383.3.f).
    #[serde(default)]
    pub uses: Option<Name>,
    /// A triggered ability: "the [Nth] time [event] each turn" (383.1) — it triggers only on
    /// the Nth time its event happens in a turn (`1`: the first time).
    #[serde(default)]
    pub nth_time: Option<Amt>,
    /// Free text describing an ability arbiter cannot model (reported as unsupported).
    #[serde(default)]
    pub text: Option<Name>,
}

/// An additional cost to play a card (356.2).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AdditionalCostDef {
    /// Optional ("you may … as an additional cost", 356.2.b.1); `false`: mandatory (356.2.a.1).
    #[serde(default = "yes")]
    pub may: bool,
    #[serde(default)]
    pub energy: Amt,
    #[serde(default)]
    pub power: PowerSpec,
    /// XP spent (730.2).
    #[serde(default)]
    pub xp: Amt,
    /// Cards discarded from hand (357.2).
    #[serde(default)]
    pub discard: Amt,
    /// A permanent of the player's killed to pay it (357.2): `unit`, `gear`, `mighty unit`.
    #[serde(default)]
    pub kill: Option<Name>,
    /// A permanent of the player's returned to its owner's hand to pay it: `unit`, `gear`.
    #[serde(default, rename = "return")]
    pub return_: Option<Name>,
    /// Buffs spent (702.2.b) from units the player controls.
    #[serde(default)]
    pub buffs: Amt,
}

fn yes() -> bool {
    true
}

/// A cost increase or discount on the cards a player plays (356.3, 356.4).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayCostDef {
    pub energy: Signed,
    #[serde(default)]
    pub of: Option<Name>,
    /// Whose cards: `you` (default) or `opponents`.
    #[serde(default)]
    pub player: Option<Name>,
    #[serde(default)]
    pub min: Option<Amt>,
    /// "… for each [X]" (`energy` once for each): `gear`, `units`, `mighty units`, a tag
    /// (`Mech`), `trash`, `trash same-name`, `played-this-turn`.
    #[serde(default)]
    pub for_each: Option<Name>,
}

/// A cost within a triggered ability's instructions: energy and power (a number of power is
/// of the card's own domain, `[C]`), and what else "you may [cost] to …" gives up (403.1.b.1).
/// Repeat's and a play from the trash's costs are the same energy and power alone.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TriggerCost {
    #[serde(default)]
    pub energy: Amt,
    #[serde(default)]
    pub power: PowerSpec,
    /// "You may exhaust me to …": exhausting the source is (part of) the cost (414.5).
    #[serde(default)]
    pub exhaust: bool,
    /// "You may discard 1 to …": cards discarded from the hand as (part of) the cost (422).
    #[serde(default)]
    pub discard: Amt,
    /// "You may spend 3 XP to …" (730.2).
    #[serde(default)]
    pub xp: Amt,
    /// "You may spend a buff to …": from a unit its controller controls (702.2.b).
    #[serde(default)]
    pub buff: bool,
    /// "You may kill me to …": the source is killed as it is paid (428).
    #[serde(default)]
    pub kill_this: bool,
}

impl TriggerCost {
    /// Energy and power only (Repeat's cost, 820.1.c; a cost to play from the trash).
    pub fn resources_only(&self) -> bool {
        !self.exhaust
            && self.xp.get() == 0
            && !self.buff
            && !self.kill_this
            && self.discard.get() == 0
    }
}

/// The cost and timing of an activated ability.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActivateCost {
    /// Exhaust the source as part of the cost.
    #[serde(default)]
    pub exhaust: bool,
    /// "Recycle N from your trash" as part of the cost (416.3, 416.6): this many cards of
    /// the controller's trash, of their choice, recycled to pay it.
    #[serde(default)]
    pub recycle: Amt,
    /// With `recycle`: the kind of card recycled — `unit`, `gear`, `spell` (default any card:
    /// "Recycle a unit from your trash").
    #[serde(default)]
    pub recycle_of: Option<Name>,
    /// "Kill this": the source is killed as part of the cost (403.1.a).
    #[serde(default)]
    pub kill_this: bool,
    /// "Spend my buff": a buff counter removed from the source as part of the cost (702.2.b).
    #[serde(default)]
    pub spend_my_buff: bool,
    /// "Discard 1, [Tap]: …": cards of the player's choice discarded from their hand as part
    /// of the cost (422).
    #[serde(default)]
    pub discard: Amt,
    /// "Spend N XP" as part of the cost (730.2).
    #[serde(default)]
    pub xp: Amt,
    #[serde(default)]
    pub energy: Amt,
    /// A number of the card's own domain (`[C]`), or by domain and `any` (`[A]`).
    #[serde(default)]
    pub power: PowerSpec,
    /// [Action]: may be activated in showdowns (806).
    #[serde(default)]
    pub action: bool,
    /// [Reaction]: may be activated in closed states too (813).
    #[serde(default)]
    pub reaction: bool,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Setup {
    #[serde(default)]
    pub turn: Option<TurnSetup>,
    /// The players in turn order (default: alphabetical).
    #[serde(default)]
    pub seats: Vec<Name>,
    /// 484.2: the teams of a mode with teams (`[[A, C], [B, D]]`; default: alternate seats,
    /// 484.5.c.1).
    #[serde(default)]
    pub teams: Vec<Vec<Name>>,
    #[serde(default)]
    pub players: BTreeMap<String, Spanned<PlayerSetup>>,
    #[serde(default)]
    pub battlefields: Vec<Spanned<BattlefieldSetup>>,
    #[serde(default)]
    pub bases: BTreeMap<String, Vec<Spanned<ObjectSetup>>>,
    /// Set up mid-combat: a combat showdown open at a battlefield.
    #[serde(default)]
    pub combat: Option<CombatSetup>,
    /// Set up mid-showdown: a non-combat showdown open at a battlefield.
    #[serde(default)]
    pub showdown: Option<ShowdownSetup>,
    /// Spells already on the chain, first added first (329).
    #[serde(default)]
    pub chain: Vec<Spanned<ChainSetup>>,
    /// Who holds priority on a chain set up, and how many players have passed in a row
    /// (339; default: the newest item's controller, nobody).
    #[serde(default)]
    pub priority: Option<Spanned<PrioritySetup>>,
    /// Continuous effects of spells and abilities that resolved before the set-up ("+2
    /// Might this turn"), oldest first (their order is their timestamps', 475.1).
    #[serde(default)]
    pub effects: Vec<Spanned<EffectSetup>>,
    /// Replacement effects already used (371): "the next time" ones for good (`turn: 0`),
    /// "once each turn" ones on that turn.
    #[serde(default)]
    pub replacements_used: Vec<Spanned<UsedSetup>>,
    /// Replacement effects a spell or ability created about one unit, lasting (369, 370).
    #[serde(default)]
    pub created_replacements: Vec<Spanned<CreatedReplacementSetup>>,
    /// Delayed abilities waiting for their condition (389–392).
    #[serde(default)]
    pub delayed: Vec<Spanned<DelayedSetup>>,
    /// The random number generator's state (written by `save`; default: from `seed`).
    #[serde(default)]
    pub random_state: Option<Spanned<u64>>,
}

/// A replacement effect used (371): the object's ability (from 1, its keywords counted
/// first, then its abilities in order), and the turn (0: for good).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct UsedSetup {
    pub of: Name,
    pub ability: Spanned<Count>,
    #[serde(default)]
    pub turn: Amt,
}

/// A replacement effect created by the instruction of `by` (a card whose spell or ability
/// creates one) about the unit `about`, controlled by `controller` (374); its event,
/// instructions and duration are that instruction's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CreatedReplacementSetup {
    pub by: Name,
    pub about: Name,
    pub controller: Name,
    /// "The next time": used up already (kept until it expires, 370.2).
    #[serde(default)]
    pub spent: bool,
    /// The unit changed zones since: it no longer applies to it.
    #[serde(default)]
    pub moved_since: bool,
    /// "Prevent the next N damage": the Prevent Value left (437.3.b), if some was used.
    #[serde(default)]
    pub prevent_left: Option<Amt>,
}

/// A delayed ability created by the instruction of `by` (a card whose spell or ability
/// creates one), controlled by `controller` (391), on turn `turn` (default this one); its
/// condition, instructions and duration are that instruction's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DelayedSetup {
    pub by: Name,
    pub controller: Name,
    /// The unit it watches, for one created "when it dies / wins a combat".
    #[serde(default)]
    pub watching: Option<Name>,
    #[serde(default)]
    pub turn: Option<Amt>,
}

/// A unit as it died (808.1.d.3): where (a battlefield or `A's base`), its Might, its
/// controller, its keywords and its designation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SnapshotSetup {
    pub at: Name,
    pub might: Signed,
    pub controller: Name,
    #[serde(default)]
    pub keywords: Vec<Name>,
    #[serde(default)]
    pub designation: Option<Name>,
}

/// Priority on a chain at set-up (339).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PrioritySetup {
    pub player: Name,
    /// Consecutive passes so far (339: when every player has passed, the newest item
    /// resolves).
    #[serde(default)]
    pub passes: Option<Count>,
    /// The chain was opened by a triggered ability (346.1: when it closes, focus does not
    /// pass) or is a combat's first chain (459.2.g).
    #[serde(default)]
    pub by_trigger: bool,
}

/// A continuous effect at set-up, on one object: exactly one of `might`, `set-might`,
/// `grant`, `remove`, `tag`, `controller`, `no-damage`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EffectSetup {
    /// The object it applies to.
    pub on: Name,
    /// What created it, as the trace names it (default "setup").
    #[serde(default)]
    pub source: Option<String>,
    /// +N or -N Might (472.3).
    #[serde(default)]
    pub might: Option<Signed>,
    /// Might becomes N (472.1.a.1).
    #[serde(default)]
    pub set_might: Option<Signed>,
    /// Gains a keyword (472.2).
    #[serde(default)]
    pub grant: Option<Name>,
    /// Loses a keyword.
    #[serde(default)]
    pub remove: Option<Name>,
    /// Gains a tag (472.1).
    #[serde(default)]
    pub tag: Option<Name>,
    /// Its controller becomes this player (472.1.a).
    #[serde(default)]
    pub controller: Option<Name>,
    /// "I don't take damage" (460.2.c.9).
    #[serde(default)]
    pub no_damage: bool,
    /// this-turn (default), this-combat or permanent (until it leaves the board).
    #[serde(default)]
    pub duration: Option<Name>,
    /// With `might`: the Might limit and the value snapshotted when it was applied (472.3.b).
    #[serde(default)]
    pub limit: Option<Signed>,
    #[serde(default)]
    pub snapshot: Option<Signed>,
}

/// A spell on the chain at set-up: its controller, its targets (chosen when it was put on
/// the chain, 355.5), and whether it is still pending (329.2) or a finalized item.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChainSetup {
    /// A spell on the chain (its card, put there at set-up)…
    #[serde(default)]
    pub card: Option<Name>,
    /// …or an ability of an object: `of` the object, `ability` its place (from 1, its
    /// keywords counted first), `label` as the trace names the item, `triggered` for a
    /// triggered ability (an activated one otherwise).
    #[serde(default)]
    pub of: Option<Name>,
    #[serde(default)]
    pub ability: Option<Spanned<Count>>,
    /// …or a battlefield's triggered ability (`battlefield` and `ability`)…
    #[serde(default)]
    pub battlefield: Option<Name>,
    /// …or a keyword's triggered ability of `of` (`Vision`, `Weaponmaster`, `Quick-Draw`,
    /// `Temporary`, `Hunt 2`), instead of `ability`.
    #[serde(default)]
    pub keyword: Option<Name>,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub triggered: bool,
    /// A spell: its Repeat costs paid (820: its instructions executed that many more times).
    #[serde(default)]
    pub repeats: Option<Count>,
    /// A spell: the mode chosen (from 1) of each "choose one" in its instructions, in order
    /// (355.3).
    #[serde(default)]
    pub modes: Vec<Spanned<Count>>,
    /// A spell played from hidden at this battlefield, or the play effect of a permanent
    /// played from hidden there (811.1.d.2: its choices are made there).
    #[serde(default)]
    pub hidden_at: Option<Name>,
    /// A "when I die" or Deathknell ability: its unit as it died (808.1.d.3, 323.4).
    #[serde(default)]
    pub snapshot: Option<SnapshotSetup>,
    #[serde(default)]
    pub id: Option<Name>,
    pub controller: Name,
    #[serde(default)]
    pub targets: Vec<Name>,
    /// Targets that changed zones after they were chosen: no longer the object chosen
    /// (359.3.e.5).
    #[serde(default)]
    pub moved_since_chosen: Vec<Name>,
    #[serde(default)]
    pub pending: bool,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TurnSetup {
    #[serde(default)]
    pub player: Option<Name>,
    #[serde(default)]
    pub phase: Option<Name>,
    #[serde(default)]
    pub number: Option<Amt>,
    /// 735: this turn is an Additional Turn, taken after `after`'s regular turn (default:
    /// the turn player's own).
    #[serde(default)]
    pub additional: bool,
    #[serde(default)]
    pub after: Option<Name>,
    /// 737–738: Additional Turns queued after this one, the next first.
    #[serde(default)]
    pub queued: Vec<Name>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatSetup {
    pub at: Name,
    pub attacker: Name,
    /// Who holds focus (default: the attacker, 459.2.c).
    #[serde(default)]
    pub focus: Option<Name>,
    /// Consecutive focus passes so far (347.3; default none).
    #[serde(default)]
    pub passes: Option<Count>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ShowdownSetup {
    pub at: Name,
    /// Who holds focus.
    pub focus: Name,
    /// Consecutive focus passes so far (347.3; default none).
    #[serde(default)]
    pub passes: Option<Count>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayerSetup {
    #[serde(default)]
    pub points: Option<Amt>,
    /// Energy and power in the rune pool (164–166); a number of power is universal power
    /// (162.2.b), a map gives it by domain (`{fury: 2, any: 1}`).
    #[serde(default)]
    pub energy: Option<Amt>,
    #[serde(default)]
    pub power: Option<PowerSpec>,
    /// Energy and power in the pool that may be spent only as `only` says, each as an `add`
    /// writes it: `[{energy: 1, only: spells}]`.
    #[serde(default)]
    pub restricted: Vec<Spanned<AddDef>>,
    /// How many cards the player played earlier this turn, before the set-up (812.1.c).
    #[serde(default)]
    pub played_this_turn: Option<Amt>,
    /// How many units this player controlled died earlier this turn, before the set-up ("if a
    /// unit died this turn").
    #[serde(default)]
    pub units_died_this_turn: Option<Amt>,
    /// Of those, how many died during this turn's Beginning Phase ("if a friendly unit died
    /// during your Beginning Phase this turn").
    #[serde(default)]
    pub units_died_beginning_phase: Option<Amt>,
    /// How many cards this player discarded earlier this turn, before the set-up ("if you've
    /// discarded a card this turn").
    #[serde(default)]
    pub discarded_this_turn: Option<Amt>,
    /// How much XP this player gained earlier this turn, before the set-up ("if you've gained
    /// XP this turn").
    #[serde(default)]
    pub xp_gained_this_turn: Option<Amt>,
    /// How much power this player spent earlier this turn, and the most energy they spent on
    /// one spell's cost (357.1), before the set-up ("if you've spent …").
    #[serde(default)]
    pub power_spent_this_turn: Option<Amt>,
    #[serde(default)]
    pub energy_for_a_spell_this_turn: Option<Amt>,
    /// "Units you play this turn enter ready" applies to this player for the rest of the turn.
    #[serde(default)]
    pub units_enter_ready: bool,
    /// Runes on the board, in the player's base (160): `{card: Fury Rune, exhausted: true}`.
    #[serde(default)]
    pub runes: Vec<Spanned<ObjectSetup>>,
    /// The player's legend, in their Legend Zone (172–175): `{card: Poppy, exhausted: true}`.
    #[serde(default)]
    pub legend: Option<Spanned<ObjectSetup>>,
    /// The rune deck, top first (160.2); `{card, id}` names one rune.
    #[serde(default)]
    pub rune_deck: Vec<CardEntry>,
    #[serde(default)]
    pub xp: Option<Amt>,
    /// 481.6: Game Wins already earned in a best-of-three match (mode `match`; 0 or 1).
    #[serde(default)]
    pub game_wins: Option<Amt>,
    /// Cards in hand, by card name, or `{card, id}` to name one copy.
    #[serde(default)]
    pub hand: Vec<CardEntry>,
    /// Main deck, top first; `{card, id}` names one copy, as in the hand.
    #[serde(default)]
    pub deck: Vec<CardEntry>,
    #[serde(default)]
    pub trash: Vec<CardEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BattlefieldSetup {
    pub name: Name,
    #[serde(default)]
    pub controller: Option<Name>,
    #[serde(default)]
    pub contested: Option<bool>,
    /// Contested (187.3), by this player (the one a showdown or combat there is for).
    #[serde(default)]
    pub contested_by: Option<Name>,
    /// A showdown or combat staged here, to open when the chain is done (`showdown` or
    /// `combat`; 323.9, 455).
    #[serde(default)]
    pub staged: Option<Name>,
    /// Players who already scored this battlefield this turn (465).
    #[serde(default)]
    pub scored_this_turn: Vec<Name>,
    /// 484.8.b: the turn player's teammate controlled it as this turn's Beginning Phase
    /// started, so their team cannot score it this turn.
    #[serde(default)]
    pub disqualified_this_turn: bool,
    /// The player who contributed it (478.4; removed with them, 652.2).
    #[serde(default)]
    pub owner: Option<Name>,
    #[serde(default)]
    pub units: Vec<Spanned<ObjectSetup>>,
    #[serde(default)]
    pub gear: Vec<Spanned<ObjectSetup>>,
    /// Abilities of the battlefield itself ("when you conquer here", "when you hold here").
    #[serde(default)]
    pub abilities: Vec<Spanned<AbilityDef>>,
    /// A card hidden facedown here (421, 811), by its controller (default: the battlefield's).
    #[serde(default)]
    pub facedown: Option<Spanned<FacedownSetup>>,
}

/// A facedown card at a battlefield (811.1.b): hidden on an earlier turn (playable now)
/// unless `hidden-this-turn`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FacedownSetup {
    pub card: Name,
    #[serde(default)]
    pub id: Option<Name>,
    #[serde(default)]
    pub controller: Option<Name>,
    #[serde(default)]
    pub hidden_this_turn: bool,
}

/// A game object on the board with its marked state.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ObjectSetup {
    pub card: Name,
    /// A name to refer to this object in the script and expectations.
    #[serde(default)]
    pub id: Option<Name>,
    /// Default: the player whose base it is, or the battlefield's controller.
    #[serde(default)]
    pub controller: Option<Name>,
    #[serde(default)]
    pub owner: Option<Name>,
    #[serde(default)]
    pub damage: Option<Amt>,
    #[serde(default)]
    pub buffs: Option<Amt>,
    #[serde(default)]
    pub exhausted: Option<bool>,
    /// Stunned (423.1) until the next ending phase.
    #[serde(default)]
    pub stunned: bool,
    /// Might added "this turn" (e.g. from a spell already resolved).
    #[serde(default)]
    pub might_this_turn: Option<Signed>,
    /// Keywords granted "this turn".
    #[serde(default)]
    pub keywords_this_turn: Vec<Name>,
    /// attacker | defender (mid-combat setups).
    #[serde(default)]
    pub designation: Option<Name>,
    /// The unit this card is attached to at set-up (434, 716–719): it is placed there.
    #[serde(default)]
    pub attached_to: Option<Name>,
    /// A token (176) made earlier from this card: it ceases to exist when it leaves the
    /// board; it goes by its card's name, or by its `id` when that is a name the script's
    /// `ids` give tokens.
    #[serde(default)]
    pub token: bool,
    /// What an instruction of its abilities affected, remembered for the abilities linked
    /// with it (393–397): objects as they are now.
    #[serde(default)]
    pub linked: Vec<Name>,
    /// In a combat, its attack and defend triggers already checked (383.4.e.2.a): `attack`,
    /// `defend` (default: as its designation).
    #[serde(default)]
    pub checked: Option<Vec<Name>>,
}

/// One script step: a mapping with one key, the step's kind (`- play: {card: Shatter}`), or
/// for a step without a value its kind alone (`- end-turn`). Read by hand (see the
/// `Deserialize` impl below), not derived, so that a step of the wrong shape is refused in
/// the format's words instead of serde's ("externally tagged enum …").
#[allow(clippy::large_enum_variant)] // a parse tree, built once
#[derive(Debug)]
pub enum Step {
    /// A standard move of one or more units (144, 440–453).
    Move(MoveStep),
    /// Play a card from hand.
    Play(PlayStep),
    /// The player passes priority or focus.
    Pass(Name),
    /// Activate an object's activated ability.
    Activate(ActivateStep),
    /// Hide a card with Hidden facedown at a battlefield you control (421, 811).
    Hide(HideStep),
    /// Answers for the next decision(s) of the game.
    Choose(ChooseStep),
    /// The runes that pay the cost a pending payment decision asks for (357.1.a).
    Pay(PayStep),
    /// Inject a game effect directly ("suppose this happens").
    Effect(Effect),
    /// The turn player ends their turn: the ending phase and its cleanups, then the
    /// next turn up to its main phase.
    EndTurn,
    /// Every player passes until the turn is neutral and open.
    Advance,
    /// 650–652: the player concedes and is removed from the game.
    Concede(Name),
    /// A checkpoint in the middle of the script.
    Expect(Vec<Spanned<Expect>>),
}

/// The kinds of step, as written: the keys of a step's mapping.
pub const STEP_KINDS: &[&str] = &[
    "move", "play", "pass", "activate", "hide", "choose", "pay", "effect", "end-turn", "advance",
    "concede", "expect",
];

/// The kinds of step written alone, without a value (`- end-turn`).
const PLAIN_STEPS: &[&str] = &["end-turn", "advance"];

/// What a step looks like, for an error about one of the wrong shape.
fn step_shape() -> String {
    format!(
        "a step: a mapping with one key such as `- play: {{card: NAME}}` or `- pass: A`, \
         or a plain word such as `- end-turn` (steps: {})",
        STEP_KINDS.join(", ")
    )
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Step;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(&step_shape())
            }
            fn visit_str<E: Error>(self, v: &str) -> Result<Step, E> {
                match v {
                    "end-turn" => Ok(Step::EndTurn),
                    "advance" => Ok(Step::Advance),
                    k if STEP_KINDS.contains(&k) => Err(E::custom(format!(
                        "the step \"{k}\" needs a value: write `- {k}: …` (only {} stand alone)",
                        PLAIN_STEPS.join(" and ")
                    ))),
                    _ => Err(E::unknown_variant(v, STEP_KINDS)),
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Step, A::Error> {
                let Some(kind) = m.next_key::<String>()? else {
                    return Err(A::Error::custom(format!(
                        "expected {}, found an empty mapping",
                        step_shape()
                    )));
                };
                let step = match kind.as_str() {
                    "move" => Step::Move(m.next_value()?),
                    "play" => Step::Play(m.next_value()?),
                    "pass" => Step::Pass(m.next_value()?),
                    "activate" => Step::Activate(m.next_value()?),
                    "hide" => Step::Hide(m.next_value()?),
                    "choose" => Step::Choose(m.next_value()?),
                    "pay" => Step::Pay(m.next_value()?),
                    "effect" => Step::Effect(m.next_value()?),
                    "concede" => Step::Concede(m.next_value()?),
                    "expect" => Step::Expect(m.next_value()?),
                    "end-turn" | "advance" => {
                        m.next_value::<NoValue>().map_err(|_| {
                            A::Error::custom(format!(
                                "the step \"{kind}\" takes no value: write `- {kind}` alone"
                            ))
                        })?;
                        if kind == "end-turn" {
                            Step::EndTurn
                        } else {
                            Step::Advance
                        }
                    }
                    _ => return Err(A::Error::unknown_variant(&kind, STEP_KINDS)),
                };
                if let Some(second) = m.next_key::<String>()? {
                    return Err(A::Error::custom(format!(
                        "one step has one kind, but this one has two (\"{kind}\" and \"{second}\"): \
                         write each as its own step, `- {kind}: …` then `- {second}: …`"
                    )));
                }
                Ok(step)
            }
        }
        d.deserialize_any(V)
    }
}

/// Nothing (a null or `~`): the value of a plain step written as a key (`- end-turn:`).
struct NoValue;

impl<'de> Deserialize<'de> for NoValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = NoValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("no value")
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<NoValue, E> {
                Ok(NoValue)
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<NoValue, E> {
                Ok(NoValue)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MoveStep {
    pub units: Vec<Name>,
    pub to: Name,
    #[serde(default)]
    pub player: Option<Name>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlayStep {
    pub card: Name,
    #[serde(default)]
    pub player: Option<Name>,
    /// Where a unit is played (default: its base).
    #[serde(default)]
    pub to: Option<Name>,
    /// The units chosen as its targets at step 2 (355.5), in the order it asks for them.
    #[serde(default)]
    pub targets: Vec<Name>,
    /// The runes that pay its cost (357.1.a); without, the engine finds the payment.
    #[serde(default)]
    pub pay: Option<PayStep>,
}

/// Runes that pay a cost (357.1.a): exhausted for energy (163.2.a), recycled for power of
/// their domain (163.2.b). A rune in both lists is exhausted, then recycled.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PayStep {
    #[serde(default)]
    pub exhaust: Vec<Name>,
    #[serde(default)]
    pub recycle: Vec<Name>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HideStep {
    pub card: Name,
    pub at: Name,
    #[serde(default)]
    pub player: Option<Name>,
    /// The runes that pay [A] (811.1.b).
    #[serde(default)]
    pub pay: Option<PayStep>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ActivateStep {
    /// The object whose ability is activated.
    pub source: Name,
    /// Which of its activated abilities (1 = the first; default 1).
    #[serde(default)]
    pub ability: Option<usize>,
    #[serde(default)]
    pub player: Option<Name>,
    /// The units chosen as its targets at step 2 (402.1), in the order it asks for them.
    #[serde(default)]
    pub targets: Vec<Name>,
    /// The runes that pay its cost (357.1.a).
    #[serde(default)]
    pub pay: Option<PayStep>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChooseStep {
    #[serde(default)]
    pub player: Option<Name>,
    /// Damage assignment: unit → amount (460.2.c).
    #[serde(default)]
    pub assign_damage: Option<Spanned<BTreeMap<String, Amt>>>,
    /// An order: triggers in the order to place them on the chain.
    #[serde(default)]
    pub order: Vec<Name>,
    /// A battlefield (which staged showdown or combat to open, 323.11/323.13).
    #[serde(default)]
    pub battlefield: Option<Name>,
    /// A target, by object name or id.
    #[serde(default)]
    pub target: Option<Name>,
    /// A group of targets chosen at once (355.11): the objects by name or id, `[]` for none
    /// (355.13).
    #[serde(default)]
    pub targets: Option<Vec<Name>>,
    /// An option by its number in the list the run prints (1 = first).
    #[serde(default)]
    pub option: Option<usize>,
    /// The answer to a "you may" decision.
    #[serde(default)]
    pub may: Option<bool>,
}

/// A reflexive trigger (386–388): "Do this: [do-this]" (`times` chain items), or "You may
/// [if-you]. When you do, [do-this]".
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ReflexiveDef {
    /// The condition: what the controller may do first ("when you do").
    #[serde(default)]
    pub if_you: Option<Spanned<Effect>>,
    /// What each new chain item does.
    pub do_this: Vec<Spanned<Effect>>,
    /// "Do this N times" (387.1.a); default 1.
    #[serde(default)]
    pub times: Option<Count>,
}

/// A delayed ability created by an effect (390–392).
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DelayedDef {
    /// Its trigger: `unit-takes-damage` ("when any unit takes damage"), `unit-dies` ("when
    /// it dies"), `unit-wins-combat` ("when it wins a combat") — these two with the `unit`
    /// they watch — `friendly-unit-played` ("when a friendly unit is played"),
    /// `next-unit-you-play` ("the next time you play a unit") or `end-of-turn` ("… at the end
    /// of this turn").
    pub when: Name,
    /// The unit a `unit-dies` / `unit-wins-combat` ability watches: `it` (the unit an
    /// instruction before chose) or another target word.
    #[serde(default)]
    pub unit: Option<Name>,
    /// `this-turn` (default), `this-combat` or `permanent`.
    #[serde(default)]
    pub duration: Option<Name>,
    /// What it does; `that-unit` is the unit that made it trigger.
    pub effects: Vec<Spanned<Effect>>,
}

/// A game effect, as injected by a script or produced by an ability.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Effect {
    /// Deal this much damage `to` a unit: a number, or `my-might` (the source's Might).
    #[serde(default)]
    pub deal: Option<Amount>,
    /// 355.14: `deal` is split among the group `to` chooses (`any-number enemy-units-here`),
    /// divided as it resolves.
    #[serde(default)]
    pub split: bool,
    #[serde(default)]
    pub kill: Option<Name>,
    /// "They deal damage equal to their Mights to each other" (417.1.d): `{fight:
    /// choose-friendly, with: choose-enemy}`.
    #[serde(default)]
    pub fight: Option<Name>,
    /// The other unit of `fight`.
    #[serde(default)]
    pub with: Option<Name>,
    /// "It deals damage equal to its Might to an enemy unit" (417.6.b): the unit that deals
    /// the damage, as its source, `to` the units it deals it to: `{deals: it, to:
    /// choose-enemy}`.
    #[serde(default)]
    pub deals: Option<Name>,
    /// "Choose one" (355.3): the modes, one instruction each; the mode is chosen as the card
    /// or ability goes on the chain.
    #[serde(default)]
    pub choose_one: Vec<Spanned<Effect>>,
    /// "Draw 1 or channel 1 rune exhausted": the controller chooses one of these as the
    /// instruction executes (355.17: not a bulleted list of modes, so not chosen at step 2).
    #[serde(default)]
    pub one_of: Vec<Spanned<Effect>>,
    /// Counter a spell on the chain (425): `choose-spell`, `choose-enemy-spell`.
    #[serde(default)]
    pub counter: Option<Name>,
    /// Buff a unit (+1 Might counter, 133.4).
    #[serde(default)]
    pub buff: Option<Name>,
    /// Give `to` this much Might (negative to subtract), with `duration`.
    #[serde(default)]
    pub might: Option<Signed>,
    /// 432: double this unit's Might (+its current Might) for `duration` (default this turn).
    #[serde(default)]
    pub double: Option<Name>,
    /// 433: swap the Mights of the two units a group chooses (`exactly-2 …`) for `duration`
    /// (default this turn).
    #[serde(default)]
    pub swap: Option<Name>,
    /// Set `to`'s Might to this value (a trait effect, layer 1).
    #[serde(default)]
    pub set_might: Option<Signed>,
    /// With `might` or `set_might`: the lowest Might the change may leave (472.3.b).
    #[serde(default)]
    pub min: Option<Signed>,
    /// Grant a keyword `to` a unit.
    #[serde(default)]
    pub grant: Option<Name>,
    /// Remove a keyword `from` a unit.
    #[serde(default)]
    pub remove: Option<Name>,
    #[serde(default)]
    pub recall: Option<Name>,
    /// Move a unit `to` a location (a move by an effect, 440).
    #[serde(rename = "move", default)]
    pub move_: Option<Name>,
    #[serde(default)]
    pub heal: Option<Name>,
    #[serde(default)]
    pub exhaust: Option<Name>,
    #[serde(default)]
    pub ready: Option<Name>,
    /// A player scores a point (`at` a battlefield, with `how`: conquer | hold).
    #[serde(default)]
    pub score: Option<Name>,
    /// A player draws `count` cards (default 1).
    #[serde(default)]
    pub draw: Option<Name>,
    /// Stun this unit (423): it contributes no Might to combat damage until the next ending
    /// phase.
    #[serde(default)]
    pub stun: Option<Name>,
    /// Return this permanent to its owner's hand.
    #[serde(rename = "return", default)]
    pub return_: Option<Name>,
    /// 427: banish this (`me`: a permanent, or a spell as it resolves) or a unit (`it`,
    /// `that-unit`, a choice): put in its owner's Banishment from where it is (427.2).
    #[serde(default)]
    pub banish: Option<Name>,
    /// 416.4, 416.6: `recycle-from-trash: you` — the player recycles `count` cards of their
    /// choice from their trash (`recycle-of`: only units, gear or spells), as many as they can.
    #[serde(default)]
    pub recycle_from_trash: Option<Name>,
    /// With `recycle-from-trash`: the kind of card (`unit`, `gear`, `spell`; default any card).
    #[serde(default)]
    pub recycle_of: Option<Name>,
    /// 416.1.b, 160.2.b: "You must recycle one of your runes" — `recycle-rune: you`: the
    /// player recycles a rune they control of their choice, chosen as it executes.
    #[serde(default)]
    pub recycle_rune: Option<Name>,
    /// 108.2.b: "Put the top 2 cards of your Main Deck into your trash" — `trash-top: you`
    /// with `count`: as many as the deck has.
    #[serde(default)]
    pub trash_top: Option<Name>,
    /// 419.3: play the card chosen (`choose-in-trash unit`, …) as part of the resolution (a
    /// Limited Play), with `ignoring` its `energy` cost or its whole `cost` (356.1.b).
    #[serde(default)]
    pub play_card: Option<Name>,
    /// With `play-card`: `energy` ("ignoring its Energy cost", 356.1.b.2) or `cost`
    /// ("ignoring its cost", 356.1.b.1).
    #[serde(default)]
    pub ignoring: Option<Name>,
    /// A player discards `count` cards of their choice (default 1; 422).
    #[serde(default)]
    pub discard: Option<Name>,
    /// A player discards their whole hand ("Each player discards their hand", 422.1).
    #[serde(default)]
    pub discard_hand: Option<Name>,
    /// `player` gains this many points (not a score, 466.1.a.1).
    #[serde(default)]
    pub gain_points: Option<Signed>,
    /// `player` gains this much XP.
    #[serde(default)]
    pub gain_xp: Option<Signed>,
    /// 735: this player (`you`, a player's name) takes a turn after this one — an Additional
    /// Turn, next in the turn queue (737, 738).
    #[serde(default)]
    pub additional_turn: Option<Name>,
    /// `player` (default: you) adds energy and power to their rune pool (429): `{energy: 1,
    /// power: {fury: 1}}`; a number of power is universal power.
    #[serde(default)]
    pub add: Option<AddDef>,
    /// `player` (default: you) channels this many runes (430), `exhausted` if so (430.2).
    #[serde(default)]
    pub channel: Option<Count>,
    /// 424.1: this player (`choose-opponent`: one the controller chooses as it executes)
    /// reveals their hand; the controller chooses a card `pick` allows from it — `card`,
    /// `non-unit card`, `Mind card`, `spell` … — which that player discards, or recycles
    /// with `recycle: true`.
    #[serde(default)]
    pub reveal_hand: Option<Name>,
    #[serde(default)]
    pub pick: Option<Name>,
    #[serde(default)]
    pub recycle: bool,
    /// With `reveal-hand`: what the player who revealed does after ("… they discard that card
    /// and draw 1": `[{draw: you, count: 1}]`, `you` being them).
    #[serde(default)]
    pub they: Vec<Spanned<Effect>>,
    /// 436: `player` (default: you) predicts this many cards — looks at the top N of their
    /// Main Deck, recycles any of them, may rearrange the rest (a decision `deck-order`).
    #[serde(default)]
    pub predict: Option<Count>,
    #[serde(default)]
    pub exhausted: bool,
    /// Give `to` a tag.
    #[serde(default)]
    pub tag: Option<Name>,
    /// This unit can't be dealt damage (for `duration`).
    #[serde(default)]
    pub no_damage: Option<Name>,
    /// Create `count` tokens of this card (defined under `cards:`) `at` a location
    /// (default: the controller's base).
    #[serde(default)]
    pub create: Option<Name>,
    /// With `create`: the token described here rather than under `cards:` (`{kind: unit,
    /// might: 3, keywords: [Temporary]}`), as a card's text describes the tokens it makes.
    #[serde(default)]
    pub token: Option<Box<Spanned<CardDef>>>,
    /// With `create`: the names the tokens go by, one per token, for later steps and
    /// expectations.
    #[serde(default)]
    pub ids: Vec<Name>,
    /// With `create` (as `enter-ready`): the tokens enter ready.
    #[serde(default, rename = "enter-ready")]
    pub ready_token: bool,
    /// `player` gains control of this unit (for `duration`).
    #[serde(default)]
    pub gain_control: Option<Name>,
    /// The player concerned by gain-points / gain-xp (default: you), or, for an
    /// injected effect, its controller (default: the turn player).
    #[serde(default)]
    pub player: Option<Name>,
    #[serde(default)]
    pub count: Option<Count>,
    #[serde(default)]
    pub to: Option<Name>,
    #[serde(default)]
    pub from: Option<Name>,
    #[serde(default)]
    pub at: Option<Name>,
    #[serde(default)]
    pub how: Option<Name>,
    /// this-turn | this-combat | permanent (default for `might`: this-turn).
    #[serde(default)]
    pub duration: Option<Name>,
    /// The object the effect comes from (for its timestamp and dependency).
    #[serde(default)]
    pub source: Option<Name>,
    /// 394–397: the objects this instruction affects are remembered for the abilities of
    /// the same card that name them as `linked`.
    #[serde(default)]
    pub link: bool,
    /// "You may …": the controller decides on resolution.
    /// Create a delayed ability (389–392): `{when: unit-takes-damage, duration: this-turn,
    /// effects: [{kill: that-unit}]}`.
    #[serde(default)]
    pub delayed: Option<Box<DelayedDef>>,
    /// A reflexive trigger (386–388).
    #[serde(default)]
    pub reflexive: Option<Box<ReflexiveDef>>,
    /// 375: in what a replacement of a token being played does instead (`would:
    /// play-token`): `copy` — "play that token and an additional copy of it" — or a card —
    /// "play that token and a Recruit token": the event as it was, and the other token with
    /// its modifications.
    #[serde(default)]
    pub play_that_token_and: Option<Name>,
    /// Create a replacement effect about this unit (369, 370) for `duration` (default this
    /// turn): `{replace: it, would: die, uses: next, instead: [{heal: that-unit}, …]}`, or
    /// `prevent: true` instead of `instead` ("… would be dealt damage, prevent it", 369.2).
    #[serde(default)]
    pub replace: Option<Name>,
    /// With `replace`: the event — die, be-killed, be-dealt-damage.
    #[serde(default)]
    pub would: Option<Name>,
    /// With `replace`: next (default, "the next time") or always.
    #[serde(default)]
    pub uses: Option<Name>,
    /// With `replace` and `may: true`: the cost within the instruction (742.1, "The next time
    /// it would die this turn, you may pay [Fury] to … instead"), paid by the effect's
    /// controller as it applies, or the replacement is not applied.
    #[serde(default)]
    pub cost: Option<Spanned<TriggerCost>>,
    /// With `replace`: what happens instead (`that-unit` is the unit). With `instead-if`:
    /// what this instruction is replaced by (`it` is the unit it chose).
    #[serde(default)]
    pub instead: Vec<Spanned<Effect>>,
    /// A self-replacement (370.1.a): "Deal 2 to a unit at a battlefield. If it's attacking,
    /// deal 4 to it instead" is `{deal: 2, to: choose-unit-at-battlefield, instead-if:
    /// attacking, instead: [{deal: 4, to: it}]}`. A condition about a unit (attacking,
    /// mighty, buffed, `has KEYWORD` …) is checked for the unit the instruction affects; one
    /// about the controller or the card (runes-at-least N, additional-cost-paid, legion …)
    /// for them.
    #[serde(default)]
    pub instead_if: Option<Name>,
    /// With `replace`: the event is prevented — nothing happens instead.
    #[serde(default)]
    pub prevent: bool,
    /// 359.3.e.14: instructions linked to this one, executed only if it was done ("You may
    /// kill a gear. If you do, buff me." is `{kill: choose-gear, may: true, if-you-do: [{buff:
    /// me}]}`): a "you may" accepted, its targets still legal, a channel or discard done in
    /// full.
    #[serde(default)]
    pub if_you_do: Vec<Spanned<Effect>>,
    /// Instructions executed only if this one was not done ("Channel 1 rune exhausted. If you
    /// can't, draw 1.").
    #[serde(default)]
    pub if_not: Vec<Spanned<Effect>>,
    /// A conditional instruction ("If it is stunned, kill it."): it executes only if this
    /// condition holds as it executes — about the unit it affects (`stunned`, `buffed`, …) or
    /// about the controller or the card (`additional-cost-paid`, …).
    #[serde(default, rename = "if")]
    pub if_: Option<Name>,
    /// With `if`: what executes when the condition does not hold ("Otherwise, stun it.").
    #[serde(default)]
    pub otherwise: Vec<Spanned<Effect>>,
    /// With `replace` and `would: be-dealt-damage`: "Prevent the next N damage that would be
    /// dealt to it" (437): N is the Prevent Value, reduced by each damage it prevents, the
    /// effect used up at 0 (437.3).
    #[serde(default)]
    pub prevent_next: Option<Amt>,
    /// With `replace` and `would: be-dealt-damage`: "Double all damage that would be dealt
    /// to it this turn" (432.1) — each time, the damage is increased by its own amount.
    #[serde(default)]
    pub doubled: bool,
    #[serde(default)]
    pub may: bool,
    /// 424, 416: `player` (default: you) looks at the top this many cards of their Main
    /// Deck (`reveal`: reveals them), may (`take-optional`) or must put one `take` allows
    /// into their hand — `card`, `unit`, `gear`, `spell`, `spell with cost 4 or more` —
    /// and does `rest` with the others: `recycle`, or `stay` (default) on top.
    #[serde(default)]
    pub look: Option<Count>,
    /// "Units you play this turn enter ready": this player's (`you`, …) units played this
    /// turn, cards and tokens, enter ready.
    #[serde(default)]
    pub units_enter_ready: Option<Name>,
    /// "The next spell you play this turn costs [5] less", "your units cost [1] more to play
    /// this turn" (356.3, 356.4): a change to the Energy cost of the cards `player` (default
    /// `you`) plays until the turn ends.
    #[serde(default)]
    pub cost_this_turn: Option<CostThisTurnDef>,
    /// "Its controller can't play spells this turn", "opponents can't play cards this turn":
    /// these players (`you`, `each-opponent`, …) can't play cards until the turn ends (054.1);
    /// of the type `cant-play-of` (`spell`, `unit`, `gear`; default any card).
    #[serde(default)]
    pub cant_play: Option<Name>,
    #[serde(default)]
    pub cant_play_of: Option<Name>,
    /// "Kill a gear. Its controller draws 2.": what the controller of the unit this
    /// instruction chose does after it (as it was just before, 359.3.e.13), `you` being them;
    /// `its-owner` for its owner.
    #[serde(default)]
    pub its_controller: Option<Box<Spanned<Effect>>>,
    #[serde(default)]
    pub its_owner: Option<Box<Spanned<Effect>>>,
    /// "Counter a spell unless its controller pays [2]": the controller of what this
    /// instruction chose may pay this (energy and power) as it executes, and then it is not
    /// done (355.17).
    #[serde(default)]
    pub unless_pays: Option<Spanned<TriggerCost>>,
    /// "Deal 6 to it unless its controller has you draw 2": the controller of what this
    /// instruction chose may have this instruction's controller do these instead.
    #[serde(default)]
    pub unless_has_you: Vec<Spanned<Effect>>,
    /// "Draw 1 for each of your Mighty units": the instruction's number multiplied by this
    /// count as it executes (`mighty units`, `units`, `gear`, a tag, `trash`, …).
    #[serde(default)]
    pub for_each: Option<Name>,
    /// 355.10.f: `player` (default: you; `each-player`) kills one of their `unit`s or
    /// `gear`, chosen as it executes.
    #[serde(default)]
    pub kill_own: Option<Name>,
    #[serde(default)]
    pub reveal: bool,
    #[serde(default)]
    pub take: Option<Name>,
    #[serde(default)]
    pub take_optional: bool,
    #[serde(default)]
    pub rest: Option<Name>,
    /// With `look` and `take`: the card taken is banished, then its player plays it as the
    /// instruction resolves (427.3, 419.3) — "You may banish one, then play it" — instead of
    /// putting it into their hand.
    #[serde(default)]
    pub banish_play: bool,
    /// With `banish-play`: its Energy cost reduced by this much ("reducing its cost by [2]",
    /// a discount, 356.4.b).
    #[serde(default)]
    pub reducing: Option<Amt>,
}

/// What an `add` effect adds (429.5).
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AddDef {
    #[serde(default)]
    pub energy: Amt,
    #[serde(default)]
    pub power: PowerSpec,
    /// What it may pay for: `spells` ("Use only to play spells"), `showdowns` ("Spend this
    /// Energy only during showdowns"), `gear` (gear and gear abilities), `units` (units and
    /// activated abilities of units); default anything.
    #[serde(default)]
    pub only: Option<Name>,
}

/// A number, or a word standing for one (`my-might`).
#[derive(Debug, Clone)]
pub enum Amount {
    Fixed(Signed),
    Word(String),
}

/// One expectation. Exactly one subject key: `object`, `player`, `battlefield`,
/// `turn`, `cited`, `not-cited`, `trace-contains`, `trace-not-contains`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Expect {
    #[serde(default)]
    pub object: Option<Name>,
    #[serde(default)]
    pub player: Option<Name>,
    #[serde(default)]
    pub battlefield: Option<Name>,
    #[serde(default)]
    pub turn: Option<bool>,
    #[serde(default)]
    pub cited: Vec<Name>,
    #[serde(default)]
    pub not_cited: Vec<Name>,
    #[serde(default)]
    pub trace_contains: Option<String>,
    #[serde(default)]
    pub trace_not_contains: Option<String>,
    /// Lines containing these pieces of text appear in the trace in this order.
    #[serde(default)]
    pub trace_order: Vec<String>,
    // objects
    #[serde(default)]
    pub zone: Option<Name>,
    #[serde(default)]
    pub location: Option<Name>,
    #[serde(default)]
    pub controller: Option<Name>,
    #[serde(default)]
    pub might: Option<Signed>,
    #[serde(default)]
    pub damage: Option<Amt>,
    #[serde(default)]
    pub exhausted: Option<bool>,
    #[serde(default)]
    pub keywords: Option<Vec<Name>>,
    #[serde(default)]
    pub tags: Option<Vec<Name>>,
    #[serde(default)]
    pub buffs: Option<Amt>,
    #[serde(default)]
    pub designation: Option<Name>,
    /// The unit the object is attached to, or `none` (718, 719).
    #[serde(default)]
    pub attached_to: Option<Name>,
    /// A keyword whose summed value is checked with `value` (807.2, 809.2, 814.2, 823.2).
    #[serde(default)]
    pub keyword: Option<Name>,
    /// The keyword's value: the sum of its instances (a keyword without a value counts 1).
    #[serde(default)]
    pub value: Option<Amt>,
    /// A piece of the object's characteristics breakdown (468–475), e.g.
    /// "layer 2: Banner: gains Shield (depends on Warlord)".
    #[serde(default)]
    pub breakdown_contains: Option<String>,
    // players
    #[serde(default)]
    pub points: Option<Amt>,
    #[serde(default)]
    pub xp: Option<Amt>,
    #[serde(default)]
    pub hand_size: Option<Amt>,
    /// The rune pool: energy, and power (a number: the total; a map: by domain and `any`).
    #[serde(default)]
    pub energy: Option<Amt>,
    #[serde(default)]
    pub power: Option<PowerSpec>,
    /// How many runes the player controls on the board, and how many are in their rune deck.
    #[serde(default)]
    pub runes: Option<Amt>,
    #[serde(default)]
    pub rune_deck: Option<Amt>,
    #[serde(default)]
    pub winner: Option<bool>,
    #[serde(default)]
    pub lost: Option<bool>,
    // battlefields (controller above)
    #[serde(default)]
    pub contested: Option<bool>,
    /// none | staged | open
    #[serde(default)]
    pub showdown: Option<Name>,
    /// none | staged | open
    #[serde(default)]
    pub combat: Option<Name>,
    // turn
    #[serde(default)]
    pub phase: Option<Name>,
    /// neutral-open | neutral-closed | showdown-open | showdown-closed
    #[serde(default)]
    pub state: Option<Name>,
    #[serde(default)]
    pub turn_player: Option<Name>,
    /// The turn's number (turn 1 is the First Player's first turn).
    #[serde(default)]
    pub number: Option<Amt>,
    /// 735: the turn is an Additional Turn.
    #[serde(default)]
    pub additional: Option<bool>,
    /// 737–738: the Additional Turns queued after this one, the next first.
    #[serde(default)]
    pub queued: Option<Vec<Name>>,
    #[serde(default)]
    pub focus: Option<Name>,
    #[serde(default)]
    pub priority: Option<Name>,
    #[serde(default)]
    pub chain_size: Option<Amt>,
    /// The chain's items, first added first (their labels, e.g. "Herald (when I attack)").
    #[serde(default)]
    pub chain: Option<Vec<String>>,
}

/// The error a scenario expects its run to stop with.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ExpectError {
    /// unknown-field | invalid-value | unknown-name | ambiguous-name | unknown-keyword |
    /// unsupported | illegal | undecided | unused-choice
    pub kind: Name,
    /// A piece of the message that must appear.
    #[serde(default)]
    pub contains: Option<String>,
    /// The rule the error must cite (for `illegal`).
    #[serde(default)]
    pub rule: Option<Name>,
}

/// `cost-this-turn: {energy: -5, of: spell, next: true}`: the Energy cost of the cards of
/// type `of` (`spell`, `unit`, `gear`; default any card) the player plays this turn changes
/// by `energy`; with `next`, of the next such card only.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CostThisTurnDef {
    pub energy: Signed,
    #[serde(default)]
    pub of: Option<Name>,
    #[serde(default)]
    pub next: bool,
    #[serde(default)]
    pub player: Option<Name>,
}
