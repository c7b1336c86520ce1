//! Resources (159–167, 429–431, 135.2.e): runes, the rune pool of energy and power by
//! domain, adding and channelling; and paying a total cost (357.1, 404.1) from the pool
//! and the player's runes, whose two abilities (163.2) add what the pool lacks during the
//! payment (357.1.a, 429.3).
//!
//! How a payment is found when the script names none: what the pool already holds is
//! spent first. What it lacks is added by the player's runes: power of a domain only by
//! recycling runes of that domain (163.2.b.1), exhausted ones first (a ready rune can
//! still add energy); energy by exhausting ready runes (163.2.a), first those being
//! recycled anyway. Which ready rune is exhausted makes no difference to what the player
//! can still add (a rune is recycled ready or exhausted alike), so that is no decision;
//! which domains pay power of any domain ([A], 135.2.e.5.a) is one, asked of the player
//! when runes of more than one domain could.

use super::actions::{Halt, R, illegal};
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::CardType;
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;
use serde::Serialize;
use std::collections::BTreeMap;

/// What energy and power added with a restriction may pay for: "Use only to play spells",
/// "Spend this Energy only during showdowns", "Use only to play gear or use gear
/// abilities", "Spend this Energy only to play units or activated abilities of units".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpendOnly {
    Spells,
    Showdowns,
    Gear,
    Units,
}

impl SpendOnly {
    pub fn parse(s: &str) -> Option<SpendOnly> {
        Some(match s {
            "spells" => SpendOnly::Spells,
            "showdowns" => SpendOnly::Showdowns,
            "gear" => SpendOnly::Gear,
            "units" => SpendOnly::Units,
            _ => return None,
        })
    }

    pub fn word(self) -> &'static str {
        match self {
            SpendOnly::Spells => "spells",
            SpendOnly::Showdowns => "showdowns",
            SpendOnly::Gear => "gear",
            SpendOnly::Units => "units",
        }
    }

    /// In card words ("only to play spells").
    pub fn describe(self) -> &'static str {
        match self {
            SpendOnly::Spells => "only to play spells",
            SpendOnly::Showdowns => "only during showdowns",
            SpendOnly::Gear => "only to play gear or use gear abilities",
            SpendOnly::Units => "only to play units or activated abilities of units",
        }
    }
}

/// What a payment pays for (what a restriction on spending checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paying {
    /// Playing a card of this type.
    Play(CardType),
    /// An activated ability of a source of this type.
    Ability(CardType),
    /// Anything else (a cost within a triggered ability's instructions, hiding, Equip by
    /// Weaponmaster).
    Other,
}

/// Energy and power in a player's rune pool that may be spent only as `only` says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Restricted {
    pub only: SpendOnly,
    pub energy: i32,
    pub power: Power,
}

/// 134, 163.1: the six domains (each basic rune has the domain of its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Domain {
    Fury,
    Calm,
    Mind,
    Body,
    Chaos,
    Order,
}

impl Domain {
    pub const ALL: [Domain; 6] = [
        Domain::Fury,
        Domain::Calm,
        Domain::Mind,
        Domain::Body,
        Domain::Chaos,
        Domain::Order,
    ];

    /// A domain by name, any case ("fury", "Fury").
    pub fn parse(s: &str) -> Option<Domain> {
        Domain::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
    }

    pub fn name(self) -> &'static str {
        match self {
            Domain::Fury => "Fury",
            Domain::Calm => "Calm",
            Domain::Mind => "Mind",
            Domain::Body => "Body",
            Domain::Chaos => "Chaos",
            Domain::Order => "Order",
        }
    }

    /// 135.2.e.6.a/b: the one domain of a card, if it has exactly one.
    pub fn of_card(domains: &[String]) -> Option<Domain> {
        match domains {
            [d] => Domain::parse(d),
            _ => None,
        }
    }
}

/// An amount of power (162.2): by domain; of any domain (`[A]`, 135.2.e.5: in a cost it
/// is paid by power of any domain, in the pool it pays a cost of any domain, 162.2.b); and,
/// in a cost only, of the card's own domain (`[C]`, 135.2.e.6), resolved against the card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Power {
    pub domains: BTreeMap<Domain, i32>,
    pub any: i32,
    /// `[C]` (costs only; see [`Power::resolve`]).
    pub own: i32,
}

impl Power {
    pub fn any(n: i32) -> Power {
        Power {
            any: n,
            ..Power::default()
        }
    }

    pub fn own(n: i32) -> Power {
        Power {
            own: n,
            ..Power::default()
        }
    }

    pub fn of(d: Domain, n: i32) -> Power {
        Power {
            domains: BTreeMap::from([(d, n)]),
            ..Power::default()
        }
    }

    pub fn total(&self) -> i32 {
        self.domains
            .values()
            .fold(self.any.saturating_add(self.own), |a, b| {
                a.saturating_add(*b)
            })
    }

    pub fn is_zero(&self) -> bool {
        self.total() == 0
    }

    /// 135.2.e.6.a/b: `[C]` becomes power of the card's domain, or `[A]` for a card with no
    /// domain or several.
    pub fn resolve(&self, card_domains: &[String]) -> Power {
        let mut p = Power {
            domains: self.domains.clone(),
            any: self.any,
            own: 0,
        };
        if self.own > 0 {
            match Domain::of_card(card_domains) {
                Some(d) => p.add_domain(d, self.own),
                None => p.any = p.any.saturating_add(self.own),
            }
        }
        p.domains.retain(|_, n| *n > 0);
        p
    }

    pub fn add_domain(&mut self, d: Domain, n: i32) {
        let e = self.domains.entry(d).or_insert(0);
        *e = e.saturating_add(n);
    }

    pub fn add(&mut self, other: &Power) {
        for (d, n) in &other.domains {
            self.add_domain(*d, *n);
        }
        self.any = self.any.saturating_add(other.any);
        self.own = self.own.saturating_add(other.own);
        self.domains.retain(|_, n| *n > 0);
    }

    /// "2 Fury power and 1 power of any domain"; "no power".
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .domains
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(d, n)| format!("{n} {} power", d.name()))
            .collect();
        if self.own > 0 {
            parts.push(format!("{} power of its own domain", self.own));
        }
        if self.any > 0 {
            parts.push(format!("{} power of any domain", self.any));
        }
        if parts.is_empty() {
            "no power".into()
        } else {
            parts.join(" and ")
        }
    }
}

/// "3 energy and 1 Fury power", "nothing".
pub fn describe_amount(energy: i32, power: &Power) -> String {
    match (energy, power.is_zero()) {
        (0, true) => "nothing".into(),
        (e, true) => format!("{e} energy"),
        (0, false) => power.describe(),
        (e, false) => format!("{e} energy and {}", power.describe()),
    }
}

/// The runes a player uses to pay (357.1.a): those exhausted with "[E]: Add [1]" and those
/// recycled with "Recycle this: Add [C]" (163.2). A rune in both lists is exhausted first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Payment {
    pub exhaust: Vec<ObjId>,
    pub recycle: Vec<ObjId>,
}

/// What the pool lacks after spending it on a cost: energy and power (domains and [A]).
fn shortfall(pool_energy: i32, pool: &Power, energy: i32, power: &Power) -> (i32, Power) {
    let e = (energy - pool_energy).max(0);
    let mut have = pool.domains.clone();
    let mut universal = pool.any;
    let mut need = Power::default();
    for (d, n) in &power.domains {
        let h = have.entry(*d).or_insert(0);
        let from_domain = (*h).min(*n);
        *h -= from_domain;
        let rest = n - from_domain;
        let from_universal = universal.min(rest);
        universal -= from_universal;
        if rest - from_universal > 0 {
            need.add_domain(*d, rest - from_universal);
        }
    }
    let spare: i32 = have.values().sum::<i32>() + universal;
    need.any = (power.any - spare).max(0);
    (e, need)
}

impl Game {
    /// 160.1: the runes a player controls on the board.
    pub fn runes_of(&self, p: PlayerId) -> Vec<ObjId> {
        self.objects
            .iter()
            .filter(|o| {
                o.def.card_type == CardType::Rune && o.zone.on_board() && self.controller(o.id) == p
            })
            .map(|o| o.id)
            .collect()
    }

    /// 163.2.b.1: the domain of the power a rune adds when recycled.
    pub fn rune_domain(&self, r: ObjId) -> Option<Domain> {
        Domain::of_card(&self.objects[r.0].def.domains)
    }

    /// 429.1, 165.1: `p` adds energy and power to their rune pool.
    pub(crate) fn add_to_pool(
        &mut self,
        p: PlayerId,
        energy: i32,
        power: &Power,
        rules: Vec<Cite>,
    ) {
        let pl = &mut self.players[p.0];
        pl.energy = pl.energy.saturating_add(energy);
        pl.power.add(power);
        let t = format!(
            "{} adds {} to their rune pool",
            self.player_name(p),
            describe_amount(energy, power)
        );
        self.event(EventKind::Effect, rules, t, vec![]);
    }

    /// 429.1, 165.1: energy and power added to the pool with a restriction on what it may
    /// pay for, kept apart from the rest of the pool.
    pub(crate) fn add_restricted(
        &mut self,
        p: PlayerId,
        energy: i32,
        power: &Power,
        only: SpendOnly,
    ) {
        self.players[p.0].restricted.push(Restricted {
            only,
            energy,
            power: power.clone(),
        });
        let t = format!(
            "{} adds {} to their rune pool, to spend {}",
            self.player_name(p),
            describe_amount(energy, power),
            only.describe()
        );
        self.event(
            EventKind::Effect,
            vec![cite!("429.1"), cite!("165.1")],
            t,
            vec![],
        );
    }

    /// Whether restricted energy and power may pay for `paying` now.
    fn restriction_allows(&self, only: SpendOnly, paying: Paying) -> bool {
        match only {
            SpendOnly::Spells => paying == Paying::Play(CardType::Spell),
            SpendOnly::Showdowns => self.showdown.is_some() || self.combat.is_some(),
            SpendOnly::Gear => {
                matches!(
                    paying,
                    Paying::Play(CardType::Gear) | Paying::Ability(CardType::Gear)
                )
            }
            SpendOnly::Units => matches!(
                paying,
                Paying::Play(CardType::Unit | CardType::Token) | Paying::Ability(CardType::Unit)
            ),
        }
    }

    /// The restricted energy and power that may pay for `paying` are spent first: they can
    /// pay for less than the rest of the pool, so spending them first leaves the player
    /// every option the other order would. Two restrictions that both allow this payment
    /// and are not both used up make an order that matters: refused, not guessed. Returns
    /// the cost left for the rest of the pool and the runes.
    fn spend_restricted(
        &mut self,
        p: PlayerId,
        energy: i32,
        power: &Power,
        paying: Paying,
        what: &str,
    ) -> R<(i32, Power)> {
        let usable: Vec<usize> = (0..self.players[p.0].restricted.len())
            .filter(|&i| {
                let r = &self.players[p.0].restricted[i];
                (r.energy > 0 || !r.power.is_zero()) && self.restriction_allows(r.only, paying)
            })
            .collect();
        if usable.is_empty() {
            return Ok((energy, power.clone()));
        }
        let mut e = energy;
        let mut need = power.clone();
        let mut spent: Vec<(SpendOnly, i32, Power)> = Vec::new();
        for &i in &usable {
            let r = &mut self.players[p.0].restricted[i];
            let use_e = r.energy.min(e);
            r.energy -= use_e;
            e -= use_e;
            let mut used = Power::default();
            // power of a domain: that domain's, then universal (162.2.b)
            for (d, n) in need.domains.iter_mut() {
                let have = r.power.domains.entry(*d).or_insert(0);
                let a = (*have).min(*n);
                *have -= a;
                *n -= a;
                used.add_domain(*d, a);
                let b = r.power.any.min(*n);
                r.power.any -= b;
                *n -= b;
                used.any += b;
            }
            need.domains.retain(|_, n| *n > 0);
            // power of any domain ([A]): universal, then any domain's
            let b = r.power.any.min(need.any);
            r.power.any -= b;
            need.any -= b;
            used.any += b;
            for (d, have) in r.power.domains.iter_mut() {
                let a = (*have).min(need.any);
                *have -= a;
                need.any -= a;
                used.add_domain(*d, a);
            }
            r.power.domains.retain(|_, n| *n > 0);
            if use_e > 0 || !used.is_zero() {
                spent.push((r.only, use_e, used));
            }
        }
        let kinds = {
            let mut k: Vec<SpendOnly> = usable
                .iter()
                .map(|&i| self.players[p.0].restricted[i].only)
                .collect();
            k.dedup();
            k.len()
        };
        let left_over = usable.iter().any(|&i| {
            let r = &self.players[p.0].restricted[i];
            r.energy > 0 || !r.power.is_zero()
        });
        if kinds > 1 && left_over && !spent.is_empty() {
            return Err(Halt::Err(super::actions::EngineError::Unsupported(
                format!(
                    "{} has energy or power under different restrictions that could pay for {what}; which to spend first is a choice arbiter does not ask yet",
                    self.player_name(p)
                ),
            )));
        }
        self.players[p.0]
            .restricted
            .retain(|r| r.energy > 0 || !r.power.is_zero());
        for (only, n, used) in spent {
            let t = format!(
                "{} spends {} added to spend {} for {what}",
                self.player_name(p),
                describe_amount(n, &used),
                only.describe()
            );
            self.event(EventKind::Action, vec![cite!("357.1")], t, vec![]);
        }
        Ok((e, need))
    }

    /// 163.2.a: "[E]: [Reaction] — Add [1]": the rune is exhausted and its controller adds
    /// 1 energy; an [Add] ability resolves at once (400.2, 429.3.a).
    pub(crate) fn exhaust_rune(&mut self, p: PlayerId, r: ObjId) -> R<()> {
        self.check_rune(p, r)?;
        if self.objects[r.0].exhausted {
            return illegal(
                cite!("414.4"),
                format!(
                    "{} is exhausted: it cannot be exhausted to add energy",
                    self.obj_name(r)
                ),
            );
        }
        self.objects[r.0].exhausted = true;
        let t = format!(
            "{} exhausts {}: adds 1 energy",
            self.player_name(p),
            self.obj_name(r)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("163.2.a"), cite!("429.1")],
            t,
            vec![r.0],
        );
        self.players[p.0].energy = self.players[p.0].energy.saturating_add(1);
        Ok(())
    }

    /// 163.2.b: "Recycle this: [Reaction] — Add [C]": the rune goes to the bottom of its
    /// owner's rune deck (160.2.b, 416.1) and its controller adds 1 power of its domain
    /// (163.2.b.1).
    pub(crate) fn recycle_rune(&mut self, p: PlayerId, r: ObjId) -> R<()> {
        self.check_rune(p, r)?;
        let Some(d) = self.rune_domain(r) else {
            return Err(Halt::Err(super::actions::EngineError::Unsupported(
                format!(
                    "{} has no single domain: the power it adds is not modeled",
                    self.obj_name(r)
                ),
            )));
        };
        let owner = self.objects[r.0].owner;
        self.put_on_bottom(r, Zone::RuneDeck(owner));
        self.objects[r.0].exhausted = false;
        let t = format!(
            "{} recycles {} to the bottom of their rune deck: adds 1 {} power",
            self.player_name(p),
            self.obj_name(r),
            d.name()
        );
        self.event(
            EventKind::Effect,
            vec![cite!("163.2.b"), cite!("163.2.b.1"), cite!("160.2.b")],
            t,
            vec![r.0],
        );
        self.players[p.0].power.add_domain(d, 1);
        Ok(())
    }

    fn check_rune(&self, p: PlayerId, r: ObjId) -> R<()> {
        if !self.runes_of(p).contains(&r) {
            return illegal(
                cite!("160.1"),
                format!(
                    "{} is not a rune {} controls on the board",
                    self.obj_name(r),
                    self.player_name(p)
                ),
            );
        }
        Ok(())
    }

    /// 430.1, 430.2: `p` channels `n` runes from the top of their rune deck (as many as
    /// there are), ready or, if the effect says so, exhausted.
    pub(crate) fn channel(&mut self, p: PlayerId, n: usize, exhausted: bool, rules: Vec<Cite>) {
        let runes = self.objects_in(Zone::RuneDeck(p));
        for r in runes.into_iter().take(n) {
            let ts = self.tick();
            let o = &mut self.objects[r.0];
            o.zone = Zone::Base(p);
            o.exhausted = exhausted;
            o.timestamp = ts;
            o.base_controller = p;
            let t = format!(
                "{} channels {}{}",
                self.player_name(p),
                self.obj_name(r),
                if exhausted { " exhausted" } else { "" }
            );
            self.event(EventKind::Zone, rules.clone(), t, vec![r.0]);
        }
    }

    /// 357.1 (a card) / 404.1 (an ability): `p` pays `energy` and `power` (already resolved
    /// against the card: no `[C]` left) for `what`. With `given`, the runes it names add
    /// their resources first (357.1.a); without, the engine finds the payment (module doc),
    /// asking the player when several differ. Fails, listing what is missing, when the pool
    /// and the runes cannot pay. Energy and power added "to spend only …" are spent first
    /// where they may pay for `paying`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn pay(
        &mut self,
        p: PlayerId,
        energy: i32,
        power: &Power,
        what: &str,
        rule: Cite,
        given: Option<&Payment>,
        paying: Paying,
    ) -> R<()> {
        // what is spent, from the pool or from what was added "to spend only …" (165.2), for
        // "if you've spent …" this turn
        let (all_energy, all_power) = (energy, power.total());
        // energy and power added "to spend only …" first, where they may pay for this
        let (energy, power) = self.spend_restricted(p, energy, power, paying, what)?;
        let power = &power;
        if energy == 0 && power.is_zero() && given.is_none() {
            return Ok(());
        }
        let plan = match given {
            Some(g) => g.clone(),
            None => self.find_payment(p, energy, power, what, rule)?,
        };
        // for an error about the runes named: the ways that pay, from the state before
        let ways = |g: &Game| match g.payment_ways(p, energy, power) {
            Ok(w) => format!(
                "; ways that pay: {}",
                w.iter()
                    .map(|x| g.describe_payment(x))
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
            Err(lacking) => format!("; no way pays: {lacking}"),
        };
        let before = given.map(|_| ways(self));
        for list in [&plan.exhaust, &plan.recycle] {
            if let Some(r) = list
                .iter()
                .find(|r| list.iter().filter(|x| x == r).count() > 1)
            {
                return illegal(
                    rule,
                    format!("{} is named twice in the payment", self.obj_name(*r)),
                );
            }
        }
        let with_ways = |e: Halt| match e {
            Halt::Err(super::actions::EngineError::Illegal { rule, message }) => {
                Halt::Err(super::actions::EngineError::Illegal {
                    rule,
                    message: format!("{message}{}", before.clone().unwrap_or_default()),
                })
            }
            other => other,
        };
        for r in &plan.exhaust {
            self.exhaust_rune(p, *r).map_err(with_ways)?;
        }
        for r in &plan.recycle {
            self.recycle_rune(p, *r).map_err(with_ways)?;
        }
        let pl = &self.players[p.0];
        let (e, missing) = shortfall(pl.energy, &pl.power, energy, power);
        if e > 0 || !missing.is_zero() {
            return illegal(
                rule,
                format!(
                    "{} costs {}; {} lacks {} after the runes named pay{}",
                    what,
                    describe_amount(energy, power),
                    self.player_name(p),
                    describe_amount(e, &missing),
                    before.unwrap_or_default()
                ),
            );
        }
        let spent = self.spend(p, energy, power);
        self.note_spent(p, all_energy, all_power, paying);
        let t = format!(
            "{} pays {} for {}",
            self.player_name(p),
            describe_amount(energy, &spent),
            what
        );
        self.event(EventKind::Action, vec![rule], t, vec![]);
        Ok(())
    }

    /// 357.1, 165.2: `p` spent `energy` and `power` paying a cost — what "if you've spent at
    /// least [A][A] this turn" and "if you've spent [4] or more to play a spell this turn"
    /// read (the energy of one spell's cost, not a sum over spells).
    fn note_spent(&mut self, p: PlayerId, energy: i32, power: i32, paying: Paying) {
        let pl = &mut self.players[p.0];
        if power > 0 {
            pl.power_spent_this_turn = pl.power_spent_this_turn.saturating_add(power);
        }
        if paying == Paying::Play(CardType::Spell) && energy > pl.most_energy_for_a_spell_this_turn
        {
            pl.most_energy_for_a_spell_this_turn = energy;
        }
    }

    /// Takes a cost from the pool (which covers it): power of a domain from that domain
    /// first, then universal power; [A] from the domain with the most power, then
    /// universal. Returns the power spent, by domain.
    fn spend(&mut self, p: PlayerId, energy: i32, power: &Power) -> Power {
        let pl = &mut self.players[p.0];
        pl.energy -= energy;
        let mut spent = Power::default();
        for (d, n) in &power.domains {
            let h = pl.power.domains.entry(*d).or_insert(0);
            let a = (*h).min(*n);
            *h -= a;
            pl.power.any -= n - a;
            spent.add_domain(*d, a);
            spent.any += n - a;
        }
        for _ in 0..power.any {
            let best = pl
                .power
                .domains
                .iter()
                .filter(|(_, n)| **n > 0)
                .max_by_key(|(d, n)| (**n, std::cmp::Reverse(**d)))
                .map(|(d, _)| *d);
            match best {
                Some(d) => {
                    *pl.power.domains.entry(d).or_insert(0) -= 1;
                    spent.add_domain(d, 1);
                }
                None => {
                    pl.power.any -= 1;
                    spent.any += 1;
                }
            }
        }
        pl.power.domains.retain(|_, n| *n > 0);
        spent
    }

    /// The runes to use when the script names none (module doc); a decision when the
    /// domains that pay [A] could differ.
    fn find_payment(
        &mut self,
        p: PlayerId,
        energy: i32,
        power: &Power,
        what: &str,
        rule: Cite,
    ) -> R<Payment> {
        let mut options = match self.payment_ways(p, energy, power) {
            Ok(w) => w,
            Err(lacking) => {
                return illegal(
                    rule,
                    format!("{what} costs {}; {lacking}", describe_amount(energy, power)),
                );
            }
        };
        if options.len() == 1 {
            return Ok(options.remove(0));
        }
        let d = Decision {
            kind: DecisionKind::Payment,
            player: p,
            prompt: format!(
                "{} pays {} for {}: which runes are recycled for the power of any domain",
                self.player_name(p),
                describe_amount(energy, power),
                what
            ),
            options: options
                .iter()
                .map(|o| DecisionOption {
                    label: self.describe_payment(o),
                    answer: Answer::Payment(o.clone()),
                })
                .collect(),
            more: 0,
            items: vec![],
            rules: vec![cite!("357.1.a"), cite!("135.2.e.5.a")],
        };
        match self.answers.front() {
            Some(Answer::Payment(given)) => {
                let given = given.clone();
                self.answers.pop_front();
                let t = format!(
                    "{}: {} chooses to {}",
                    d.prompt,
                    self.player_name(p),
                    self.describe_payment(&given)
                );
                self.event(EventKind::Decision, d.rules.clone(), t, vec![]);
                Ok(given)
            }
            _ => {
                let i = self.decide(d)?;
                Ok(options.swap_remove(i))
            }
        }
    }

    /// The ways the pool and `p`'s runes pay `energy` and `power` (module doc: one, or one
    /// per choice of domains for [A]); or, when they cannot, what is lacking, in words.
    pub fn payment_ways(
        &self,
        p: PlayerId,
        energy: i32,
        power: &Power,
    ) -> Result<Vec<Payment>, String> {
        let pl = &self.players[p.0];
        let (mut need_e, need) = shortfall(pl.energy, &pl.power, energy, power);
        if need_e == 0 && need.is_zero() {
            return Ok(vec![Payment::default()]);
        }
        let runes = self.runes_of(p);
        // exhausted runes first, then ready ones, each by the order they were channelled
        let mut by_domain: BTreeMap<Domain, Vec<ObjId>> = BTreeMap::new();
        let mut order: Vec<ObjId> = runes.clone();
        order.sort_by_key(|r| {
            (
                !self.objects[r.0].exhausted,
                self.objects[r.0].timestamp,
                r.0,
            )
        });
        for r in &order {
            if let Some(d) = self.rune_domain(*r) {
                by_domain.entry(d).or_default().push(*r);
            }
        }
        let mut recycle: Vec<ObjId> = Vec::new();
        let mut lacking = Power::default();
        for (d, n) in &need.domains {
            let have = by_domain.entry(*d).or_default();
            let k = (*n as usize).min(have.len());
            recycle.extend(have.drain(..k));
            if (*n as usize) > k {
                lacking.add_domain(*d, *n - k as i32);
            }
        }
        // [A]: which domains recycle — a decision when more than one could
        let mut any_choice: Vec<Vec<ObjId>> = vec![Vec::new()];
        if need.any > 0 {
            let left: Vec<(Domain, usize)> = by_domain
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(d, v)| (*d, v.len()))
                .collect();
            let total: usize = left.iter().map(|(_, n)| n).sum();
            if total < need.any as usize {
                lacking.any = need.any - total as i32;
            } else {
                let combos = domain_combinations(&left, need.any as usize);
                any_choice = combos
                    .into_iter()
                    .map(|c| {
                        c.iter()
                            .flat_map(|(d, k)| by_domain[d].iter().take(*k).copied())
                            .collect()
                    })
                    .collect();
            }
        }
        // energy: ready runes, those being recycled first
        let ready = |g: &Game, r: &ObjId| !g.objects[r.0].exhausted;
        let ready_total = runes.iter().filter(|r| ready(self, r)).count() as i32;
        if need_e > ready_total || !lacking.is_zero() {
            need_e = (need_e - ready_total).max(0);
            let pl = &self.players[p.0];
            return Err(format!(
                "{} has {} in their rune pool and their runes cannot add {} more",
                self.player_name(p),
                describe_amount(pl.energy, &pl.power),
                describe_amount(need_e, &lacking)
            ));
        }
        let mut options = Vec::new();
        for extra in &any_choice {
            let mut rec = recycle.clone();
            rec.extend(extra.iter().copied());
            let mut exhaust: Vec<ObjId> = rec
                .iter()
                .copied()
                .filter(|r| ready(self, r))
                .take(need_e as usize)
                .collect();
            let mut rest = order
                .iter()
                .rev() // ready runes come last in `order`: the earliest channelled first
                .filter(|r| ready(self, r) && !rec.contains(r))
                .copied()
                .collect::<Vec<_>>();
            rest.sort_by_key(|r| (self.objects[r.0].timestamp, r.0));
            exhaust.extend(rest.into_iter().take(need_e as usize - exhaust.len()));
            options.push(Payment {
                exhaust,
                recycle: rec,
            });
        }
        Ok(options)
    }

    /// "exhaust Fury Rune, Calm Rune; recycle Calm Rune".
    pub fn describe_payment(&self, pay: &Payment) -> String {
        let names = |v: &[ObjId]| {
            v.iter()
                .map(|r| self.obj_name(*r).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !pay.exhaust.is_empty() {
            parts.push(format!("exhaust {}", names(&pay.exhaust)));
        }
        if !pay.recycle.is_empty() {
            parts.push(format!("recycle {}", names(&pay.recycle)));
        }
        if parts.is_empty() {
            "from the rune pool".into()
        } else {
            parts.join("; ")
        }
    }
}

/// The ways of taking `n` runes from domains with the counts in `left` (each way a count
/// per domain), capped at a few dozen.
fn domain_combinations(left: &[(Domain, usize)], n: usize) -> Vec<Vec<(Domain, usize)>> {
    fn go(
        left: &[(Domain, usize)],
        n: usize,
        cur: &mut Vec<(Domain, usize)>,
        out: &mut Vec<Vec<(Domain, usize)>>,
    ) {
        if out.len() >= 40 {
            return;
        }
        if n == 0 {
            out.push(cur.clone());
            return;
        }
        let Some(((d, have), rest)) = left.split_first() else {
            return;
        };
        let rest_total: usize = rest.iter().map(|(_, k)| k).sum();
        for k in (0..=(*have).min(n)).rev() {
            if n - k > rest_total {
                continue;
            }
            if k > 0 {
                cur.push((*d, k));
            }
            go(rest, n - k, cur, out);
            if k > 0 {
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(left, n, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Use only to play spells / gear or gear abilities / units or abilities of units",
    /// "Spend this Energy only during showdowns": what each may pay for; restricted power
    /// pays a domain's cost as universal power, and what is left stays restricted.
    #[test]
    fn restricted_energy_pays_only_for_what_it_says() {
        let (mut g, a, _) = crate::engine::tests::duel();
        g.start().expect("start");
        use CardType::{Gear, Legend, Spell, Unit};
        for (only, yes, no) in [
            (
                SpendOnly::Spells,
                vec![Paying::Play(Spell)],
                vec![Paying::Play(Unit), Paying::Ability(Legend)],
            ),
            (
                SpendOnly::Gear,
                vec![Paying::Play(Gear), Paying::Ability(Gear)],
                vec![Paying::Play(Spell), Paying::Ability(Unit)],
            ),
            (
                SpendOnly::Units,
                vec![Paying::Play(Unit), Paying::Ability(Unit)],
                vec![Paying::Play(Gear), Paying::Other],
            ),
            // no showdown now
            (
                SpendOnly::Showdowns,
                vec![],
                vec![Paying::Play(Spell), Paying::Other],
            ),
        ] {
            for p in yes {
                assert!(g.restriction_allows(only, p), "{only:?} {p:?}");
            }
            for p in no {
                assert!(!g.restriction_allows(only, p), "{only:?} {p:?}");
            }
        }
        g.players[a.0].restricted.push(Restricted {
            only: SpendOnly::Spells,
            energy: 1,
            power: Power::any(2),
        });
        // a unit: nothing of it is spent
        let (e, p) = g
            .spend_restricted(
                a,
                3,
                &Power::of(Domain::Fury, 1),
                Paying::Play(Unit),
                "Squire",
            )
            .expect("no refusal");
        assert_eq!((e, p.total()), (3, 1));
        // a spell costing 3 and [Fury]: 1 energy and 1 universal power for the Fury
        let (e, p) = g
            .spend_restricted(
                a,
                3,
                &Power::of(Domain::Fury, 1),
                Paying::Play(Spell),
                "Spark",
            )
            .expect("no refusal");
        assert_eq!((e, p.total()), (2, 0));
        let left = &g.players[a.0].restricted;
        assert_eq!(left.len(), 1);
        assert_eq!((left[0].energy, left[0].power.any), (0, 1));
    }

    #[test]
    fn shortfall_spends_domain_power_then_universal() {
        let pool = Power {
            domains: BTreeMap::from([(Domain::Fury, 1)]),
            any: 1,
            own: 0,
        };
        // cost: 2 Fury: 1 from Fury, 1 from universal
        let (e, need) = shortfall(0, &pool, 0, &Power::of(Domain::Fury, 2));
        assert_eq!((e, need.total()), (0, 0));
        // cost: 1 Calm + [A]: Calm from universal, [A] from the Fury
        let mut c = Power::of(Domain::Calm, 1);
        c.any = 1;
        let (_, need) = shortfall(0, &pool, 0, &c);
        assert!(need.is_zero());
        // cost: 2 Calm + [A]: 1 Calm lacking
        let mut c = Power::of(Domain::Calm, 2);
        c.any = 1;
        let (_, need) = shortfall(3, &pool, 5, &c);
        assert_eq!(need, Power::of(Domain::Calm, 1));
    }

    #[test]
    fn own_domain_power_resolves_per_135_2_e_6() {
        let c = Power::own(2);
        assert_eq!(c.resolve(&["Fury".into()]), Power::of(Domain::Fury, 2));
        assert_eq!(c.resolve(&[]), Power::any(2));
        assert_eq!(c.resolve(&["Fury".into(), "Chaos".into()]), Power::any(2));
    }

    #[test]
    fn combinations_of_domains() {
        let left = [(Domain::Fury, 2), (Domain::Calm, 1)];
        let c = domain_combinations(&left, 2);
        assert_eq!(
            c,
            vec![
                vec![(Domain::Fury, 2)],
                vec![(Domain::Fury, 1), (Domain::Calm, 1)]
            ]
        );
        assert!(domain_combinations(&left, 4).is_empty());
    }
}
