//! Additional costs (356.2, 357.2): the costs a card's own passive abilities add to playing
//! it — "You may pay [Calm] as an additional cost to play me" (optional, 356.2.b.1),
//! "As an additional cost to play me, discard 1" (mandatory, 356.2.a.1). Energy and power
//! join the total cost of step 3; spending XP and discarding are paid in 357.2. A card whose
//! optional cost was paid remembers it ("if you paid the additional cost").

use super::actions::{R, illegal};
use super::objects::{Ability, CardDef, CardType, CostWithin, GiveUp};
use super::resources::{Power, describe_amount};
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::EventKind;
use crate::cite;

/// The additional costs a player will pay to play a card.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extra {
    pub energy: i32,
    pub power: Power,
    pub xp: i32,
    pub discard: i32,
    /// An optional additional cost was chosen (356.2.b.1).
    pub optional_paid: bool,
    /// The permanents chosen in step 3 to be killed or returned to hand (357.2).
    pub give_up: Vec<(ObjId, GiveUp)>,
    /// The units chosen in step 3 to spend a buff from (702.2.b, 357.2), one per buff.
    pub buffs_from: Vec<ObjId>,
}

/// Whose buff a cost within instructions spends (702.2.b): a triggered ability's "you may
/// spend a buff to …" spends one from a unit its payer controls, chosen as it is paid
/// (702.2.b.1–2); a replacement's "spend its buff" the buff of the unit whose event it
/// replaces.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BuffFrom {
    Controlled,
    Unit(Option<ObjId>),
}

impl Extra {
    pub fn any(&self) -> bool {
        self.energy > 0
            || !self.power.is_zero()
            || self.xp > 0
            || self.discard > 0
            || !self.give_up.is_empty()
            || !self.buffs_from.is_empty()
    }
}

/// "a friendly Mighty unit", "a friendly gear".
fn describe_give_up(g: &GiveUp) -> String {
    format!(
        "{} a friendly {}{}{}",
        if g.kill { "kill" } else { "return" },
        if g.mighty { "Mighty " } else { "" },
        if g.kind == CardType::Gear {
            "gear"
        } else {
            "unit"
        },
        if g.kill { "" } else { " to its owner's hand" }
    )
}

/// "[1][Calm], 3 XP and discard 1" — an additional cost in words.
fn describe(
    energy: i32,
    power: &Power,
    xp: i32,
    discard: i32,
    give_up: Option<&GiveUp>,
    buffs: i32,
) -> String {
    let mut parts = Vec::new();
    if energy > 0 || !power.is_zero() {
        parts.push(describe_amount(energy, power));
    }
    if xp > 0 {
        parts.push(format!("spend {xp} XP"));
    }
    if discard > 0 {
        parts.push(format!("discard {discard}"));
    }
    if let Some(g) = give_up {
        parts.push(describe_give_up(g));
    }
    match buffs {
        0 => {}
        1 => parts.push("spend a buff".into()),
        n => parts.push(format!("spend {n} buffs")),
    }
    parts.join(" and ")
}

impl Game {
    /// 356.2: the additional costs of `card` (definition `def`) that `player` will pay: each
    /// optional one if they choose to in step 2 (356.2.b.1; offered only when they could pay
    /// it), each mandatory one always (356.2.a.1; a play that cannot pay one is illegal).
    /// `targeted`: the objects the card chose as targets, which a cost may give up only when
    /// nothing else can pay it (357.3).
    pub(crate) fn additional_costs(
        &mut self,
        player: PlayerId,
        card: ObjId,
        def: &CardDef,
        targeted: &[ObjId],
    ) -> R<Extra> {
        let mut extra = Extra::default();
        for a in &def.abilities {
            let Ability::AdditionalCost {
                optional,
                energy,
                power,
                xp,
                discard,
                give_up,
                buffs,
            } = a
            else {
                continue;
            };
            let power = power.resolve(&def.domains);
            let what = describe(*energy, &power, *xp, *discard, give_up.as_ref(), *buffs);
            // the permanents that could be given up: the player's, of the kind, not chosen yet
            let mut candidates: Vec<ObjId> = match give_up {
                Some(g) => self.give_up_candidates(player, card, g, &extra),
                None => Vec::new(),
            };
            // 357.3: a cost may not be paid so that a choice made in step 2 becomes illegal —
            // giving up a unit the card targets — unless there is no other way to pay it
            let spared = candidates.iter().any(|c| targeted.contains(c))
                && candidates.iter().any(|c| !targeted.contains(c));
            if spared {
                candidates.retain(|c| !targeted.contains(c));
            }
            // what the player could give: XP and other cards in hand (energy and power are
            // checked with the rest of the cost when it is paid, 357.1)
            let hand = self
                .objects_in(Zone::Hand(player))
                .into_iter()
                .filter(|c| *c != card)
                .count();
            let can = self.players[player.0].xp >= extra.xp.saturating_add(*xp)
                && i32::try_from(hand).unwrap_or(i32::MAX)
                    >= extra.discard.saturating_add(*discard)
                && (give_up.is_none() || !candidates.is_empty())
                && self.buffs_spendable(player, &extra) >= *buffs;
            let pay = if *optional {
                if !can {
                    continue;
                }
                let d = super::decision::Decision::yes_no(
                    player,
                    format!(
                        "{} may pay the additional cost of {} ({what})",
                        self.player_name(player),
                        def.name
                    ),
                    vec![cite!("356.2.b.1")],
                );
                self.decide(d)? == 0
            } else if !can {
                return illegal(
                    cite!("356.2.a.1"),
                    format!(
                        "{} must pay its additional cost ({what}) to be played, and {} cannot",
                        def.name,
                        self.player_name(player)
                    ),
                );
            } else {
                true
            };
            if pay {
                extra.energy = extra.energy.saturating_add(*energy);
                extra.power.add(&power);
                extra.xp = extra.xp.saturating_add(*xp);
                extra.discard = extra.discard.saturating_add(*discard);
                extra.optional_paid |= *optional;
                // 702.2.b, 357.2: the unit each buff is spent from, chosen now
                for _ in 0..*buffs {
                    let options = self.buff_candidates(player, &extra);
                    let d = super::decision::Decision {
                        kind: super::decision::DecisionKind::Target,
                        player,
                        prompt: format!(
                            "{} chooses a unit to spend a buff from for the additional cost of {}",
                            self.player_name(player),
                            def.name
                        ),
                        options: self.object_options(&options),
                        more: 0,
                        items: Vec::new(),
                        rules: vec![cite!("702.2.b.2"), cite!("357.2")],
                    };
                    let i = self.decide(d)?;
                    extra.buffs_from.push(options[i]);
                }
                if let Some(g) = give_up {
                    // 356.2.a.1, 357.2: which one is chosen now and given up as the cost is paid
                    let d = super::decision::Decision {
                        kind: super::decision::DecisionKind::Target,
                        player,
                        prompt: format!(
                            "{} chooses which one to {} for the additional cost of {} ({})",
                            self.player_name(player),
                            if g.kill { "kill" } else { "return" },
                            def.name,
                            describe_give_up(g)
                        ),
                        options: self.object_options(&candidates),
                        more: 0,
                        items: Vec::new(),
                        rules: if spared {
                            vec![cite!("356.2.a.1"), cite!("357.2"), cite!("357.3")]
                        } else {
                            vec![cite!("356.2.a.1"), cite!("357.2")]
                        },
                    };
                    let i = self.decide(d)?;
                    extra.give_up.push((candidates[i], g.clone()));
                }
            }
        }
        Ok(extra)
    }

    /// The permanents `player` could give up for `g` while playing `card`: theirs on the
    /// board, of its kind (Mighty, 707, when it says so), not already chosen for a cost.
    fn give_up_candidates(
        &self,
        player: PlayerId,
        card: ObjId,
        g: &GiveUp,
        extra: &Extra,
    ) -> Vec<ObjId> {
        let chars = g.mighty.then(|| self.derived());
        self.objects
            .iter()
            .filter(|o| o.zone.on_board() && o.id != card && self.controller(o.id) == player)
            .filter(|o| match g.kind {
                CardType::Gear => o.is_gear(),
                _ => o.is_unit(),
            })
            .filter(|o| chars.as_ref().is_none_or(|c| c[o.id.0].might >= 5))
            .filter(|o| !extra.give_up.iter().any(|(x, _)| *x == o.id))
            .map(|o| o.id)
            .collect()
    }

    /// 702.2.b.1–2: the units `player` could spend a buff from — those they control with a
    /// buff not already chosen to be spent.
    fn buff_candidates(&self, player: PlayerId, extra: &Extra) -> Vec<ObjId> {
        self.objects
            .iter()
            .filter(|o| o.zone.on_board() && o.is_unit() && self.controller(o.id) == player)
            .filter(|o| {
                let chosen = extra.buffs_from.iter().filter(|x| **x == o.id).count();
                i32::try_from(chosen).is_ok_and(|c| o.buffs > c)
            })
            .map(|o| o.id)
            .collect()
    }

    /// How many buffs `player` could still spend.
    fn buffs_spendable(&self, player: PlayerId, extra: &Extra) -> i32 {
        let total: i32 = self
            .objects
            .iter()
            .filter(|o| o.zone.on_board() && o.is_unit() && self.controller(o.id) == player)
            .map(|o| o.buffs.max(0))
            .fold(0, i32::saturating_add);
        total.saturating_sub(i32::try_from(extra.buffs_from.len()).unwrap_or(i32::MAX))
    }

    /// 742.1: whether `payer` can pay a cost within instructions — of a triggered ability
    /// (403.1.b.1, 742.1.b) or an optional replacement ("its controller may pay [cost] to
    /// … instead") — whose source is `src`, named `me`: the units a buff may be spent from
    /// (none unless it spends one), or what is lacking, in words. "exhaust me" needs a ready
    /// source whose abilities function — a legend in its Legend Zone too (414.5; 107.4,
    /// 173.7); "kill me" a source on the board (428); then the payer's XP (730.2), a buff
    /// from `buff` (702.2.b), cards in hand to discard (422), and energy and power (357.1).
    pub(crate) fn lacking_within(
        &self,
        payer: PlayerId,
        cost: &CostWithin,
        src: Option<ObjId>,
        me: &str,
        buff: BuffFrom,
    ) -> Result<Vec<ObjId>, String> {
        let ready = src.is_some_and(|o| {
            self.objects[o.0].zone.abilities_function() && !self.objects[o.0].exhausted
        });
        let on_board = src.is_some_and(|o| self.objects[o.0].zone.on_board());
        let buffed: Vec<ObjId> = match (cost.buff, buff) {
            (false, _) => Vec::new(),
            (true, BuffFrom::Controlled) => self
                .objects
                .iter()
                .filter(|o| o.zone.on_board() && o.is_unit() && o.buffs > 0)
                .filter(|o| self.controller(o.id) == payer)
                .map(|o| o.id)
                .collect(),
            (true, BuffFrom::Unit(u)) => u
                .filter(|u| self.objects[u.0].zone.on_board() && self.objects[u.0].buffs > 0)
                .into_iter()
                .collect(),
        };
        let in_hand = self.objects_in(Zone::Hand(payer)).len();
        let who = self.player_name(payer);
        if cost.exhaust && !ready {
            Err(format!("{me} is not a ready permanent"))
        } else if cost.kill_self && !on_board {
            Err(format!("{me} is not on the board"))
        } else if cost.xp > self.players[payer.0].xp {
            Err(format!("{who} has {} XP", self.players[payer.0].xp))
        } else if cost.buff && buffed.is_empty() {
            Err(match buff {
                BuffFrom::Controlled => format!("{who} controls no unit with a buff"),
                BuffFrom::Unit(_) => "the unit has no buff".to_string(),
            })
        } else if usize::try_from(cost.discard).unwrap_or(usize::MAX) > in_hand {
            Err(format!("{who} has {in_hand} card(s) in hand"))
        } else {
            self.payment_ways(payer, cost.energy, &cost.power)
                .map(|_| buffed)
        }
    }

    /// 403.1.b.1, 404.1: the parts of a cost within a triggered ability's instructions that
    /// are not resources — "you may spend 3 XP to …" (730.2), "you may spend a buff to …"
    /// (702.2.b: from one of `buffed`, the units with a buff its controller controls,
    /// 702.2.b.1–2, chosen now when there are several). Checked payable before.
    pub(crate) fn pay_trigger_extras(
        &mut self,
        player: PlayerId,
        xp: i32,
        buffed: &[ObjId],
        label: &str,
    ) -> R<()> {
        if xp > 0 {
            let before = self.players[player.0].xp;
            self.players[player.0].xp = before.saturating_sub(xp);
            let t = format!(
                "{} spends {xp} XP to pay for {label} (now {})",
                self.player_name(player),
                self.players[player.0].xp
            );
            self.event(
                EventKind::Effect,
                vec![cite!("404.1"), cite!("730.2")],
                t,
                vec![],
            );
            self.recheck_levels(player, before);
        }
        if buffed.is_empty() {
            return Ok(());
        }
        let o = if let [only] = buffed {
            *only
        } else {
            let d = super::decision::Decision {
                kind: super::decision::DecisionKind::Target,
                player,
                prompt: format!(
                    "{} chooses a unit to spend a buff from to pay for {label}",
                    self.player_name(player)
                ),
                options: self.object_options(buffed),
                more: 0,
                items: Vec::new(),
                rules: vec![cite!("702.2.b.2"), cite!("404.1")],
            };
            let i = self.decide(d)?;
            buffed[i]
        };
        self.objects[o.0].buffs -= 1;
        let t = format!(
            "{} spends a buff from {} to pay for {label}",
            self.player_name(player),
            self.obj_name(o)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("404.1"), cite!("702.2.b")],
            t,
            vec![o.0],
        );
        Ok(())
    }

    /// 357.2: the non-standard parts of the additional costs — XP spent (730.2), cards
    /// discarded (422) — and the card remembers that its optional cost was paid.
    pub(crate) fn pay_additional(&mut self, player: PlayerId, card: ObjId, extra: &Extra) -> R<()> {
        if extra.xp > 0 {
            let p = &mut self.players[player.0];
            p.xp = p.xp.saturating_sub(extra.xp);
            let t = format!(
                "{} spends {} XP to pay the additional cost of {} (now {})",
                self.player_name(player),
                extra.xp,
                self.obj_name(card),
                self.players[player.0].xp
            );
            self.event(
                EventKind::Effect,
                vec![cite!("357.2"), cite!("730.2")],
                t,
                vec![card.0],
            );
            self.recheck_levels(player, self.players[player.0].xp.saturating_add(extra.xp));
        }
        if extra.discard > 0 {
            self.discard_except(player, extra.discard, Some(card))?;
        }
        // the permanents chosen in step 3; a replaced death still pays the cost (357.2.a)
        for (o, g) in &extra.give_up {
            if !self.objects[o.0].zone.on_board() {
                continue;
            }
            let t = format!(
                "{} gives up {} to pay the additional cost of {}",
                self.player_name(player),
                self.obj_name(*o),
                self.obj_name(card)
            );
            self.event(
                EventKind::Effect,
                vec![cite!("357.2")],
                t,
                vec![o.0, card.0],
            );
            if g.kill {
                self.kill(&[*o], cite!("357.2"))?;
                if self.objects[o.0].zone.on_board() {
                    let t = format!(
                        "{}'s death was replaced: the additional cost of {} is still paid",
                        self.obj_name(*o),
                        self.obj_name(card)
                    );
                    self.event(
                        EventKind::Effect,
                        vec![cite!("357.2.a")],
                        t,
                        vec![o.0, card.0],
                    );
                }
            } else {
                self.return_to_hand(*o);
            }
        }
        // 702.2.b: each buff spent removes a buff counter from its unit
        for o in &extra.buffs_from {
            if !self.objects[o.0].zone.on_board() || self.objects[o.0].buffs <= 0 {
                continue;
            }
            self.objects[o.0].buffs -= 1;
            let t = format!(
                "{} spends a buff from {} to pay the additional cost of {}",
                self.player_name(player),
                self.obj_name(*o),
                self.obj_name(card)
            );
            self.event(
                EventKind::Effect,
                vec![cite!("357.2"), cite!("702.2.b")],
                t,
                vec![o.0, card.0],
            );
        }
        if extra.optional_paid {
            self.objects[card.0].additional_paid = true;
        }
        Ok(())
    }
}
