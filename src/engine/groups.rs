//! Choices of a group (355.11, 355.13, 355.14, 715.3): one instruction that chooses several
//! objects at once — "kill any number of units at a battlefield with total Might 4 or less",
//! "deal 1 to up to three units at the same location", "deal 5 damage split among any number
//! of enemy units here". The group is chosen at step 2, as the spell or ability is finalized
//! (355.11.a, 355.14.b): each member must be a valid target (355.9) and the group as a whole
//! must fulfil its restrictions (355.11); "any number" or "up to" may choose none (355.13).
//! On resolution each member that is no longer legal is unaffected (359.3.e.5); when the
//! rest no longer fulfil the restrictions, the controller chooses a subset of them that does
//! (355.11.b). Damage split among a group is divided on resolution (355.14.e), at least 1 to
//! each target (355.14.f, 355.14.g), its Bonus Damage added to the amount split (715.3).
//!
//! Refuse rather than guess: a group with several legal choices is a decision (`group`, or
//! `split-damage` for the amounts) the script must answer; the run otherwise stops listing
//! the legal groups. A scripted group or split is checked against the rules and refused,
//! with the rule it breaks and the legal options, when it is not one of them.

use super::actions::{R, illegal};
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::objects::UnitFilter;
use super::state::{Game, ObjId, PlayerId, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;
use serde::Serialize;

/// How many objects a group may have (355.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupSize {
    /// "Any number of …": none or more (355.13).
    AnyNumber,
    /// "Up to N …": none to N (355.13).
    UpTo(u32),
    /// "Two units …": exactly N, different objects (355.5); a spell or ability with no such
    /// group cannot be put on the chain (355.8).
    Exactly(u32),
}

/// A restriction the group must fulfil as a whole (355.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupRule {
    /// "… at the same location": all at one location (a battlefield or a base).
    SameLocation,
    /// "… units at a battlefield" chosen together: all at one battlefield (355.11.b's
    /// example: the units chosen must all be located at the same battlefield).
    SameBattlefield,
    /// "… with the same controller".
    SameController,
    /// "… with total Might N or less": the members' Mights summed.
    TotalMightAtMost(i32),
}

/// 355.11: a group of targets one instruction chooses: each member allowed by `filter`
/// (355.9.b), as many as `size` allows, the whole fulfilling `rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    pub filter: UnitFilter,
    pub size: GroupSize,
    pub rules: Vec<GroupRule>,
}

/// What a scripted group breaks, if anything: the rule and why.
type GroupCheck = dyn Fn(&Game, &[ObjId]) -> Option<(Cite, String)>;

/// More candidates than this are not enumerated: the decision is refused as unsupported
/// (2^12 groups at most are checked).
const MAX_CANDIDATES: usize = 12;
/// Options listed in a decision; the others are counted in `more`.
const MAX_LISTED: usize = 20;

impl GroupRule {
    fn phrase(&self) -> String {
        match self {
            GroupRule::SameLocation => "at the same location".into(),
            GroupRule::SameBattlefield => "all at the same battlefield".into(),
            GroupRule::SameController => "with the same controller".into(),
            GroupRule::TotalMightAtMost(n) => format!("with total Might {n} or less"),
        }
    }
}

impl Group {
    /// "any number of enemy units here with total Might 4 or less".
    pub fn phrase(&self) -> String {
        let each = super::choices::each_phrase(&self.filter);
        let each = each.strip_prefix("each ").unwrap_or(&each);
        // "each enemy unit here" → "enemy units here"
        let mut plural = false;
        let plural: String = each
            .split(' ')
            .map(|w| {
                if w == "unit" && !plural {
                    plural = true;
                    "units"
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        let mut s = match self.size {
            GroupSize::AnyNumber => format!("any number of {plural}"),
            GroupSize::UpTo(n) => format!("up to {n} {plural}"),
            GroupSize::Exactly(n) => format!("{n} {plural}"),
        };
        for r in &self.rules {
            s.push_str(", ");
            s.push_str(&r.phrase());
        }
        s
    }

    fn cap(&self) -> Option<usize> {
        match self.size {
            GroupSize::AnyNumber => None,
            GroupSize::UpTo(n) | GroupSize::Exactly(n) => Some(n as usize),
        }
    }

    /// The fewest members it may have.
    fn min(&self) -> usize {
        match self.size {
            GroupSize::Exactly(n) => n as usize,
            _ => 0,
        }
    }
}

impl Game {
    /// 355.11: the first of `rules` that `members` do not fulfil as a whole, with why.
    pub(crate) fn group_breaks(&self, rules: &[GroupRule], members: &[ObjId]) -> Option<String> {
        for r in rules {
            let ok = match r {
                GroupRule::SameLocation => members
                    .windows(2)
                    .all(|w| self.objects[w[0].0].zone == self.objects[w[1].0].zone),
                GroupRule::SameBattlefield => {
                    members
                        .iter()
                        .all(|u| matches!(self.objects[u.0].zone, Zone::Battlefield(_)))
                        && members
                            .windows(2)
                            .all(|w| self.objects[w[0].0].zone == self.objects[w[1].0].zone)
                }
                GroupRule::SameController => members
                    .windows(2)
                    .all(|w| self.controller(w[0]) == self.controller(w[1])),
                GroupRule::TotalMightAtMost(n) => {
                    members
                        .iter()
                        .fold(0i32, |s, u| s.saturating_add(self.might(*u)))
                        <= *n
                }
            };
            if !ok {
                let why = match r {
                    GroupRule::TotalMightAtMost(n) => format!(
                        "their total Might is {} ({}), more than {n}",
                        members
                            .iter()
                            .fold(0i32, |s, u| s.saturating_add(self.might(*u))),
                        members
                            .iter()
                            .map(|u| format!("{} {}", self.obj_name(*u), self.might(*u)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    r => format!("they are not {}", r.phrase()),
                };
                return Some(why);
            }
        }
        None
    }

    /// The groups of `cands` of at most `cap` members that fulfil `rules`, largest first
    /// (then in the candidates' order); the empty group among them.
    fn legal_groups(
        &self,
        rules: &[GroupRule],
        cands: &[ObjId],
        cap: Option<usize>,
        min: usize,
    ) -> R<Vec<Vec<ObjId>>> {
        if cands.len() > MAX_CANDIDATES {
            return Err(super::actions::Halt::Err(super::EngineError::Unsupported(
                format!(
                    "a group chosen among {} objects (at most {MAX_CANDIDATES} are enumerated)",
                    cands.len()
                ),
            )));
        }
        let n = cands.len();
        let cap = cap.unwrap_or(n).min(n);
        let mut all: Vec<Vec<ObjId>> = (0u32..(1u32 << n))
            .filter(|m| (min..=cap).contains(&(m.count_ones() as usize)))
            .map(|m| {
                (0..n)
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| cands[i])
                    .collect::<Vec<_>>()
            })
            .filter(|g| self.group_breaks(rules, g).is_none())
            .collect();
        all.sort_by(|a, b| {
            b.len().cmp(&a.len()).then_with(|| {
                let pos = |g: &Vec<ObjId>| {
                    g.iter()
                        .map(|u| cands.iter().position(|c| c == u).unwrap_or(0))
                        .collect::<Vec<_>>()
                };
                pos(a).cmp(&pos(b))
            })
        });
        Ok(all)
    }

    /// The first [`MAX_LISTED`] of `groups` as a decision's options, each named by its members.
    fn group_options(&self, groups: &[Vec<ObjId>]) -> Vec<DecisionOption> {
        groups
            .iter()
            .take(MAX_LISTED)
            .map(|x| DecisionOption {
                label: self.group_label(x),
                answer: Answer::Group(x.clone()),
            })
            .collect()
    }

    /// "g1, g2" or "none".
    pub(crate) fn group_label(&self, g: &[ObjId]) -> String {
        if g.is_empty() {
            return "none".into();
        }
        g.iter()
            .map(|u| self.obj_name(*u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A player chooses one of the `legal` groups of `cands`: a scripted group (any legal
    /// one, checked by `check`: the rule it breaks and why) or a listed option; a single
    /// legal group is taken and traced.
    fn pick_group(
        &mut self,
        d: Decision,
        cands: &[ObjId],
        legal: &[Vec<ObjId>],
        check: &GroupCheck,
    ) -> R<Vec<ObjId>> {
        let asks = legal.len() > 1;
        if let Some(Answer::Group(given)) = self.answers.front().cloned().filter(|_| asks) {
            let listed = || {
                let mut s: Vec<String> =
                    legal.iter().take(5).map(|g| self.group_label(g)).collect();
                if legal.len() > 5 {
                    s.push("…".into());
                }
                s.join(" | ")
            };
            let name = self.player_name(d.player).to_string();
            if let Some(u) = given.iter().find(|u| !cands.contains(u)) {
                return illegal(
                    cite!("355.9"),
                    format!(
                        "{} is not a valid target ({}): the objects that may be chosen are {}; legal groups: {}",
                        self.obj_name(*u),
                        d.prompt,
                        self.group_label(cands),
                        listed()
                    ),
                );
            }
            if let Some((_, u)) = given
                .iter()
                .enumerate()
                .find(|(i, u)| given[..*i].contains(u))
            {
                return illegal(
                    cite!("355.11.a"),
                    format!(
                        "{} is named twice: a group has each object once; legal groups: {}",
                        self.obj_name(*u),
                        listed()
                    ),
                );
            }
            if let Some((rule, why)) = check(self, &given) {
                return illegal(
                    rule,
                    format!(
                        "{name} cannot choose {}: {why}; legal groups: {}",
                        self.group_label(&given),
                        listed()
                    ),
                );
            }
            // in the candidates' order
            let g: Vec<ObjId> = cands
                .iter()
                .copied()
                .filter(|u| given.contains(u))
                .collect();
            self.answers.pop_front();
            let t = format!("{}: {name} chooses {}", d.prompt, self.group_label(&g));
            self.event(
                EventKind::Decision,
                d.rules.clone(),
                t,
                g.iter().map(|u| u.0).collect(),
            );
            return Ok(g);
        }
        let i = self.decide(d)?;
        Ok(legal.get(i).cloned().unwrap_or_default())
    }

    /// 355.11.a, 355.13, 355.14.c: at step 2, `controller` chooses a group of `cands` for
    /// `g`, at most `cap` (a split's amount, 355.14.c, 715.3) when it is lower than the
    /// group's own; `why_cap` the rules and words of that cap. `rules` are cited on the
    /// choice. `None` when no group is legal (355.8: "two units" with fewer than two).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn choose_group(
        &mut self,
        g: &super::groups::Group,
        cands: Vec<ObjId>,
        cap: Option<usize>,
        why_cap: Option<(Cite, String)>,
        controller: PlayerId,
        label: &str,
        rules: &[Cite],
    ) -> R<Option<Vec<ObjId>>> {
        let own = g.cap();
        let cap = match (own, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let min = g.min();
        let legal = self.legal_groups(&g.rules, &cands, cap, min)?;
        if legal.is_empty() {
            return Ok(None);
        }
        let mut r = rules.to_vec();
        if min == 0 {
            r.push(cite!("355.13"));
        }
        if !g.rules.is_empty() {
            r.push(cite!("355.11"));
            r.push(cite!("355.11.a"));
        }
        let mut prompt = format!(
            "{} chooses {} as targets of {}",
            self.player_name(controller),
            g.phrase(),
            label
        );
        if let Some((c, words)) = &why_cap {
            r.push(*c);
            r.push(cite!("355.14.b"));
            r.push(cite!("355.14.c"));
            prompt.push_str(&format!(" ({words})"));
        }
        if self.restrict_choices.is_some() {
            r.push(cite!("811.1.d.2"));
        }
        let options = self.group_options(&legal);
        let d = Decision {
            kind: DecisionKind::Group,
            player: controller,
            prompt,
            more: legal.len().saturating_sub(options.len()),
            options,
            items: self.object_items(&cands),
            rules: r,
        };
        let group_rules = g.rules.clone();
        let size_phrase = g.phrase();
        let check = move |game: &Game, given: &[ObjId]| -> Option<(Cite, String)> {
            if given.len() < min {
                return Some((
                    cite!("355.8"),
                    format!("{} targets, but {size_phrase} are chosen", given.len()),
                ));
            }
            if let Some(c) = cap
                && given.len() > c
            {
                return Some(match &why_cap {
                    Some((_, words)) => (
                        cite!("355.14.c"),
                        format!(
                            "{} targets, more than the {c} allowed ({words})",
                            given.len()
                        ),
                    ),
                    None => (
                        cite!("355.13"),
                        format!("{} targets, more than {size_phrase} allows", given.len()),
                    ),
                });
            }
            game.group_breaks(&group_rules, given)
                .map(|why| (cite!("355.11.a"), why))
        };
        self.pick_group(d, &cands, &legal, &check).map(Some)
    }

    /// 433.1: swaps the Mights of two units — the difference added to the lower and taken
    /// from the higher (433.1.a, 433.1.b), for `duration`; equal Mights change nothing
    /// (433.1.c), and without two units there is nothing to swap.
    pub(crate) fn swap_might(
        &mut self,
        units: &[ObjId],
        source: Option<ObjId>,
        duration: super::objects::Duration,
    ) {
        let [a, b] = units else {
            let t = format!(
                "there are not two units to swap the Might of ({}): nothing is swapped",
                self.group_label(units)
            );
            self.event(
                EventKind::Effect,
                vec![cite!("433.1"), cite!("359.3.e.6")],
                t,
                units.iter().map(|u| u.0).collect(),
            );
            return;
        };
        let (ma, mb) = (self.might(*a), self.might(*b));
        if ma == mb {
            let t = format!(
                "{} and {} both have {ma} Might: swapping has no effect",
                self.obj_name(*a),
                self.obj_name(*b)
            );
            self.event(EventKind::Effect, vec![cite!("433.1.c")], t, vec![a.0, b.0]);
            return;
        }
        let (low, high) = if ma < mb { (*a, *b) } else { (*b, *a) };
        let d = ma.abs_diff(mb);
        let d = i32::try_from(d).unwrap_or(i32::MAX);
        let t = format!(
            "the Mights of {} ({}) and {} ({}) are swapped: {} gets +{d} and {} -{d}",
            self.obj_name(*a),
            ma,
            self.obj_name(*b),
            mb,
            self.obj_name(low),
            self.obj_name(high)
        );
        self.event(
            EventKind::Effect,
            vec![cite!("433.1"), cite!("433.1.a"), cite!("433.1.b")],
            t,
            vec![a.0, b.0],
        );
        self.add_continuous(
            low,
            source,
            super::objects::Modification::Might(d),
            duration,
            None,
        );
        self.add_continuous(
            high,
            source,
            super::objects::Modification::Might(-d),
            duration,
            None,
        );
    }

    /// 359.3.e.5, 355.11.b: the members of a group chosen at step 2 that the instruction
    /// affects as it executes: those still legal, and, when they no longer fulfil the group's
    /// restrictions, the subset of them that fulfils it which the controller chooses.
    pub(crate) fn group_on_resolution(
        &mut self,
        g: &Group,
        members: &[(ObjId, u64)],
        controller: PlayerId,
        here: Option<Zone>,
        source: Option<ObjId>,
    ) -> R<Vec<ObjId>> {
        let mut legal = Vec::new();
        for &(u, stamp) in members {
            if self.chosen_is_legal(u, &g.filter, stamp, controller, here, source) {
                legal.push(u);
            } else {
                let t = format!(
                    "{} is no longer a legal target: that instruction does not affect it",
                    self.obj_name(u)
                );
                self.event(
                    EventKind::Chain,
                    vec![cite!("359.3.e.5"), cite!("359.3.e.6")],
                    t,
                    vec![u.0],
                );
            }
        }
        let Some(why) = self.group_breaks(&g.rules, &legal) else {
            return Ok(legal);
        };
        let name = self.player_name(controller).to_string();
        let t = format!(
            "{} no longer fulfil the group's restriction ({why}): {name} chooses a subset of them that does",
            self.group_label(&legal)
        );
        self.event(
            EventKind::Chain,
            vec![cite!("355.11.b")],
            t,
            legal.iter().map(|u| u.0).collect(),
        );
        let subsets = self.legal_groups(&g.rules, &legal, None, 0)?;
        let options = self.group_options(&subsets);
        let d = Decision {
            kind: DecisionKind::Group,
            player: controller,
            prompt: format!(
                "{name} chooses which of {} to affect ({})",
                self.group_label(&legal),
                g.phrase()
            ),
            more: subsets.len().saturating_sub(options.len()),
            options,
            items: self.object_items(&legal),
            rules: vec![cite!("355.11.b")],
        };
        let group_rules = g.rules.clone();
        let check = move |game: &Game, given: &[ObjId]| -> Option<(Cite, String)> {
            game.group_breaks(&group_rules, given)
                .map(|why| (cite!("355.11.b"), why))
        };
        self.pick_group(d, &legal.clone(), &subsets, &check)
    }

    /// 715.3: the Bonus Damage of a Deal action that splits its damage, added to the amount
    /// split — the same for every unit it may be split among; `Err` (unsupported) when an
    /// instance applies to some of them only ("… to units here" with units elsewhere).
    pub(crate) fn split_bonus(
        &self,
        units: &[ObjId],
        controller: PlayerId,
        source: Option<ObjId>,
    ) -> R<Option<super::bonus_damage::Bonus>> {
        let mut it = units
            .iter()
            .map(|u| self.bonus_damage(*u, controller, source));
        let Some(first) = it.next() else {
            return Ok(None);
        };
        if it.any(|b| b != first) {
            return Err(super::actions::Halt::Err(super::EngineError::Unsupported(
                "damage split among units with different Bonus Damage (715.3 adds one amount to the damage split)".into(),
            )));
        }
        Ok(first)
    }

    /// 355.14.e–355.14.h, 715.3: `n` damage (with its Bonus Damage) split among `targets`
    /// as the instruction executes: its controller divides it, at least 1 to each target;
    /// with more targets than damage, they choose which cease being targets. Returns the
    /// units dealt damage.
    pub(crate) fn split_damage(
        &mut self,
        n: i32,
        targets: &[ObjId],
        controller: PlayerId,
        source: Option<ObjId>,
    ) -> R<Vec<ObjId>> {
        if targets.is_empty() || n <= 0 {
            return Ok(vec![]);
        }
        let bonus = self.split_bonus(targets, controller, source)?;
        let total = n.saturating_add(bonus.as_ref().map_or(0, |b| b.amount));
        let mut rules = vec![cite!("355.14.e")];
        let mut words = format!("{total} damage");
        if let Some(b) = &bonus {
            rules.push(cite!("715.3"));
            if b.from.len() > 1 {
                rules.push(cite!("714"));
            }
            words = format!("{total} damage ({n} + {})", b.describe());
        }
        let k = targets.len();
        let t_usize = usize::try_from(total).unwrap_or(0);
        let fewer = k > t_usize;
        if fewer {
            rules.push(cite!("355.14.h"));
        }
        rules.push(cite!("355.14.f"));
        rules.push(cite!("355.14.g"));
        let legal = split_assignments(k, total, MAX_LISTED);
        let count = split_count(k, total);
        let label = |g: &Game, a: &[i32]| -> String {
            targets
                .iter()
                .zip(a)
                .filter(|(_, x)| **x > 0)
                .map(|(u, x)| format!("{} {x}", g.obj_name(*u)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let name = self.player_name(controller).to_string();
        let d = Decision {
            kind: DecisionKind::SplitDamage,
            player: controller,
            prompt: format!(
                "{name} splits {words} among {} ({})",
                self.group_label(targets),
                if fewer {
                    format!(
                        "more targets than damage: {total} of them are dealt 1 each, the others cease being targets"
                    )
                } else {
                    "at least 1 to each".to_string()
                }
            ),
            options: legal
                .iter()
                .map(|a| DecisionOption {
                    label: label(self, a),
                    answer: Answer::Assignment(
                        targets
                            .iter()
                            .copied()
                            .zip(a.iter().copied())
                            .filter(|(_, x)| *x != 0)
                            .collect(),
                    ),
                })
                .collect(),
            more: count.saturating_sub(legal.len()),
            items: self.object_items(targets),
            rules: rules.clone(),
        };
        let asks = d.options.len() > 1 || d.more > 0;
        let assignment: Vec<i32> = if let Some(Answer::Assignment(given)) =
            self.answers.front().cloned().filter(|_| asks)
        {
            let a: Vec<i32> = super::decision::assigned_to(targets, &given);
            let examples = || {
                let mut s: Vec<String> = legal.iter().take(5).map(|a| label(self, a)).collect();
                if count > 5 {
                    s.push("…".into());
                }
                s.join(" | ")
            };
            let broken: Option<(Cite, String)> =
                if let Some((u, _)) = given.iter().find(|(o, _)| !targets.contains(o)) {
                    Some((
                        cite!("355.14.a"),
                        format!(
                            "{} is not a target: the damage is split among {} only",
                            self.obj_name(*u),
                            self.group_label(targets)
                        ),
                    ))
                } else if a.iter().any(|x| *x < 0) {
                    Some((cite!("355.14.g"), "an amount is negative".into()))
                } else if a.iter().fold(0i32, |s, x| s.saturating_add(*x)) != total {
                    Some((
                        cite!("355.14.e"),
                        format!(
                            "the amounts add up to {}, not the {total} to split",
                            a.iter().fold(0i32, |s, x| s.saturating_add(*x))
                        ),
                    ))
                } else if fewer && a.iter().any(|x| *x > 1) {
                    Some((
                        cite!("355.14.h"),
                        "with more targets than damage, each target left is dealt 1".into(),
                    ))
                } else if !fewer && a.contains(&0) {
                    Some((
                        cite!("355.14.f"),
                        "each target must be dealt at least 1 (355.14.g)".into(),
                    ))
                } else {
                    None
                };
            if let Some((rule, why)) = broken {
                return illegal(
                    rule,
                    format!(
                        "{name} cannot split {}: {why}; legal splits: {}",
                        label(self, &a),
                        examples()
                    ),
                );
            }
            self.answers.pop_front();
            let t = format!("{}: {name} chooses {}", d.prompt, label(self, &a));
            self.event(EventKind::Decision, rules.clone(), t, vec![]);
            a
        } else {
            let i = self.decide(d)?;
            legal.get(i).cloned().unwrap_or_default()
        };
        let mut damaged = Vec::new();
        for (u, x) in targets.iter().zip(&assignment) {
            if *x == 0 {
                let t = format!(
                    "{} ceases being a target: no damage is left for it",
                    self.obj_name(*u)
                );
                self.event(
                    EventKind::Chain,
                    vec![cite!("355.14.h"), cite!("355.14.i")],
                    t,
                    vec![u.0],
                );
                continue;
            }
            let before = self.objects[u.0].damage;
            self.deal_damage_with_bonus(*u, *x, None, vec![cite!("417.1.b"), cite!("355.14.e")])?;
            if self.objects[u.0].damage > before {
                damaged.push(*u);
            }
        }
        Ok(damaged)
    }
}

/// The ways to split `total` among `k` targets (355.14.f, 355.14.g: at least 1 each; with
/// more targets than damage, 355.14.h: `total` of them dealt 1 each), at most `max` of them,
/// in order (the first target's largest share first).
pub(crate) fn split_assignments(k: usize, total: i32, max: usize) -> Vec<Vec<i32>> {
    let mut out = Vec::new();
    if k == 0 || total <= 0 {
        return out;
    }
    let t = usize::try_from(total).unwrap_or(usize::MAX);
    if k > t {
        // choose which `total` targets get 1
        let mut pick = vec![0i32; k];
        fn rec(i: usize, left: usize, pick: &mut Vec<i32>, out: &mut Vec<Vec<i32>>, max: usize) {
            if out.len() >= max {
                return;
            }
            if left == 0 {
                out.push(pick.clone());
                return;
            }
            if i >= pick.len() || pick.len() - i < left {
                return;
            }
            pick[i] = 1;
            rec(i + 1, left - 1, pick, out, max);
            pick[i] = 0;
            rec(i + 1, left, pick, out, max);
        }
        rec(0, t, &mut pick, &mut out, max);
        return out;
    }
    let mut a = vec![0i32; k];
    fn comp(i: usize, left: i32, a: &mut Vec<i32>, out: &mut Vec<Vec<i32>>, max: usize) {
        if out.len() >= max {
            return;
        }
        let k = a.len();
        if i == k - 1 {
            a[i] = left;
            out.push(a.clone());
            return;
        }
        // leave at least 1 for each target after this one
        let rest = i32::try_from(k - i - 1).unwrap_or(i32::MAX);
        let mut x = left - rest;
        while x >= 1 {
            a[i] = x;
            comp(i + 1, left - x, a, out, max);
            if out.len() >= max {
                return;
            }
            x -= 1;
        }
    }
    comp(0, total, &mut a, &mut out, max);
    out
}

/// How many ways `split_assignments` has in all (saturating).
pub(crate) fn split_count(k: usize, total: i32) -> usize {
    let t = usize::try_from(total.max(0)).unwrap_or(0);
    if k == 0 || t == 0 {
        return 0;
    }
    // C(total - 1, k - 1) compositions, or C(k, total) picks
    let (n, r) = if k > t { (k, t) } else { (t - 1, k - 1) };
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        c = c.saturating_mul((n - i) as u128) / (i as u128 + 1);
    }
    usize::try_from(c).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_counted_and_listed_in_order() {
        // 5 among 2: 4+1, 3+2, 2+3, 1+4
        assert_eq!(
            split_assignments(2, 5, 20),
            vec![vec![4, 1], vec![3, 2], vec![2, 3], vec![1, 4]]
        );
        assert_eq!(split_count(2, 5), 4);
        // 355.14.h: 2 damage among 3 targets — which two are dealt 1
        assert_eq!(
            split_assignments(3, 2, 20),
            vec![vec![1, 1, 0], vec![1, 0, 1], vec![0, 1, 1]]
        );
        assert_eq!(split_count(3, 2), 3);
        // one target takes it all
        assert_eq!(split_assignments(1, 6, 20), vec![vec![6]]);
        assert_eq!(split_count(1, 6), 1);
        // listing is bounded, the count is not
        assert_eq!(split_assignments(4, 12, 20).len(), 20);
        assert_eq!(split_count(4, 12), 165);
    }
}
