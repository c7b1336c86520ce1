//! Combat (454–461): opening as a combat showdown with attacker and defender designations
//! and the initial chain of attack/defend triggers (459), combat damage assigned under
//! 460.2.c.1–9 and dealt simultaneously (460.2.d), the combat cleanup (461.1), the result
//! (461.3), control and conquer (461.5) and the end of combat (461.7).

use super::actions::R;
use super::decision::{Answer, Decision, DecisionKind, DecisionOption};
use super::layers::Characteristics;
use super::objects::{Designation, Duration, Trigger};
use super::state::{BfId, Combat, CombatStep, Game, ObjId, PlayerId, Showdown, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

/// Most options listed in an assignment decision.
const MAX_LISTED: usize = 60;
/// Most candidate assignments generated (the rest are counted, not listed).
const MAX_GENERATED: usize = 20_000;

/// The assignment priority of a unit (460.2.c.5): Tank first (815), Backline last (826);
/// a unit that can't be dealt damage is exempt (460.2.c.9: class 3, no lethal amount).
fn classes(c: &Characteristics, last: bool) -> Vec<u8> {
    if c.no_damage {
        return vec![3];
    }
    let tank = super::keywords::tank::assigned_first(c);
    // "I must be assigned combat damage last" (460.2.c.5) is Backline's priority
    let back = super::keywords::backline::assigned_last(c) || last;
    match (tank, back) {
        // 460.2.c.7: exclusionary requirements: the assigning player applies one of them
        (true, true) => vec![0, 2],
        (true, false) => vec![0],
        (false, true) => vec![2],
        (false, false) => vec![1],
    }
}

/// Every legal damage assignment of `total` among `units` (460.2.c.3–460.2.c.8): units in an
/// order obeying Tank-first/Backline-last, each assigned lethal damage (`need`) in full before
/// the next and no more than lethal until every unit has lethal; any excess may then go to any
/// of them. Returns distinct assignments (in generation order) and whether generation was cut.
///
/// Bounded (issue 10): orders are never enumerated. Within a class the order only decides
/// *which* units receive lethal before the damage runs out, so the class where it runs out is
/// enumerated as subsets (units with lethal) plus the one unit taking the remainder, pruned by
/// the damage left; at most [`MAX_GENERATED`] assignments and [`MAX_WORK`] steps are spent,
/// whatever the number of units or the amount of damage.
pub(crate) fn legal_assignments(
    units: &[ObjId],
    need: &[i32],
    class_opts: &[Vec<u8>],
    total: i32,
) -> (Vec<Vec<i32>>, bool) {
    let n = units.len();
    let mut g = Gen {
        out: Vec::new(),
        seen: std::collections::HashSet::new(),
        work: 0,
        cut: false,
    };
    if n == 0 {
        return (g.out, false);
    }
    // every combination of class choices (460.2.c.8: each unit individually)
    let mut choice = vec![0usize; n];
    loop {
        // the order must be sorted by class (460.2.c.5); within a class any order (460.2.c.6)
        let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
        for c in 0..=3u8 {
            let members: Vec<usize> = (0..n).filter(|&i| class_opts[i][choice[i]] == c).collect();
            if !members.is_empty() {
                groups.push((c, members));
            }
        }
        let mut a = vec![0i32; n];
        let mut left = total;
        let mut done = false;
        for (_, members) in &groups {
            let sum = members.iter().fold(0i32, |s, &i| s.saturating_add(need[i]));
            if sum <= left {
                for &i in members {
                    a[i] = need[i];
                }
                left -= sum;
                continue;
            }
            // the damage runs out inside this class
            g.subsets(&a, need, members, 0, left);
            done = true;
            break;
        }
        if !done {
            if left == 0 {
                g.push(&a);
            } else {
                // 460.2.c.4: every unit has lethal; the excess may go to any of them
                g.distribute(&a, left, 0);
            }
        }
        if g.cut {
            return (g.out, true);
        }
        // next class choice
        let mut k = 0;
        loop {
            if k == n {
                return (g.out, g.cut);
            }
            choice[k] += 1;
            if choice[k] < class_opts[k].len() {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}

/// Why assignment `a` (per unit, in the order of `names`) is not legal: the rule it breaks
/// (460.2.c: all the damage; 460.2.c.3: lethal in full before the next unit; 460.2.c.4: no
/// more than lethal while a unit lacks it; 460.2.c.5 with 815.1.b / 826.4.b: Tank first,
/// Backline last).
fn why_illegal(
    names: &[&str],
    need: &[i32],
    class_opts: &[Vec<u8>],
    total: i32,
    a: &[i32],
) -> (Cite, String) {
    let sum = a.iter().fold(0i32, |s, n| s.saturating_add(*n));
    if sum != total || a.iter().any(|n| *n < 0) {
        return (
            cite!("460.2.c"),
            format!("all {total} damage must be assigned, no more, no less (this assigns {sum})"),
        );
    }
    let exempt = |i: usize| class_opts[i] == vec![3];
    let lacking: Vec<usize> = (0..a.len())
        .filter(|&i| !exempt(i) && a[i] < need[i])
        .collect();
    let partial: Vec<usize> = lacking.iter().copied().filter(|&i| a[i] > 0).collect();
    if partial.len() > 1 {
        return (
            cite!("460.2.c.3"),
            format!(
                "{} and {} both have damage short of lethal; a unit must have lethal damage in full before damage goes to another",
                names[partial[0]], names[partial[1]]
            ),
        );
    }
    if let (Some(&j), Some(i)) = (
        lacking.first(),
        (0..a.len()).find(|&i| !exempt(i) && a[i] > need[i]),
    ) {
        return (
            cite!("460.2.c.4"),
            format!(
                "{} is assigned more than lethal ({} of {}) while {} lacks lethal",
                names[i], a[i], need[i], names[j]
            ),
        );
    }
    // the order of priority: a unit damaged while a unit that must come first lacks lethal
    for &j in &lacking {
        for i in (0..a.len()).filter(|&i| i != j && a[i] > 0 && !exempt(i)) {
            let first = class_opts[j].iter().min().copied().unwrap_or(1);
            let later = class_opts[i].iter().max().copied().unwrap_or(1);
            if first == 0 && later > 0 && class_opts[j].len() == 1 {
                return (
                    cite!("460.2.c.5"),
                    format!(
                        "{} has Tank and must be assigned lethal damage first (815.1.b), before {}",
                        names[j], names[i]
                    ),
                );
            }
            if later == 2 && first < 2 && class_opts[i].len() == 1 {
                return (
                    cite!("826.4.b"),
                    format!(
                        "{} has Backline: it cannot be assigned damage until {} has lethal",
                        names[i], names[j]
                    ),
                );
            }
        }
    }
    (
        cite!("460.2.c.5"),
        "it does not follow the order the units' abilities require".into(),
    )
}

/// Most steps spent generating assignments (each step is one partial assignment looked at).
const MAX_WORK: usize = 1_000_000;

/// The generator's state: distinct assignments so far and the work spent.
struct Gen {
    out: Vec<Vec<i32>>,
    seen: std::collections::HashSet<Vec<i32>>,
    work: usize,
    cut: bool,
}

impl Gen {
    /// Counts one step; false (and `cut`) once a bound is reached.
    fn step(&mut self) -> bool {
        self.work += 1;
        if self.out.len() >= MAX_GENERATED || self.work >= MAX_WORK {
            self.cut = true;
        }
        !self.cut
    }

    fn push(&mut self, a: &[i32]) {
        if self.step() && self.seen.insert(a.to_vec()) {
            self.out.push(a.to_vec());
        }
    }

    /// 460.2.c.3: in the class where the damage runs out, the units placed first take lethal
    /// (any subset of the class whose needs fit in `left`, chosen from `members[from..]`),
    /// then the next unit takes the rest, which is less than its lethal.
    fn subsets(&mut self, base: &[i32], need: &[i32], members: &[usize], from: usize, left: i32) {
        if !self.step() {
            return;
        }
        if left == 0 {
            self.push(base);
            return;
        }
        if from == members.len() {
            // every unit not given lethal may be the one that takes the remainder
            for &u in members {
                if base[u] == 0 && need[u] > left {
                    let mut b = base.to_vec();
                    b[u] = left;
                    self.push(&b);
                }
            }
            return;
        }
        let i = members[from];
        if need[i] <= left {
            let mut b = base.to_vec();
            b[i] = need[i];
            self.subsets(&b, need, members, from + 1, left - need[i]);
        }
        self.subsets(base, need, members, from + 1, left);
    }

    /// 460.2.c.4: once every unit has lethal damage assigned, the excess may go to any of them:
    /// every way to spread `left` over the units from `from` on (stops at the bounds, so a huge
    /// amount costs no more than a small one).
    fn distribute(&mut self, base: &[i32], left: i32, from: usize) {
        if !self.step() {
            return;
        }
        if left == 0 {
            self.push(base);
            return;
        }
        if from == base.len() {
            return;
        }
        if from == base.len() - 1 {
            let mut b = base.to_vec();
            b[from] = b[from].saturating_add(left);
            self.push(&b);
            return;
        }
        for k in 0..=left {
            if self.cut {
                return;
            }
            let mut b = base.to_vec();
            b[from] = b[from].saturating_add(k);
            self.distribute(&b, left - k, from + 1);
        }
    }
}

impl Game {
    /// A unit's own "I must be assigned combat damage last" (460.2.c.5), while its text is
    /// active.
    fn assigned_last_by_ability(&self, u: ObjId) -> bool {
        !self.rules_text_inactive(u)
            && self.objects[u.0]
                .def
                .abilities
                .contains(&super::objects::Ability::AssignedLast)
    }

    /// 459: combat opens at `b` (as a combat showdown, or the current showdown becomes one,
    /// 459.2): the player who applied Contested is the attacker (459.2.b.1) and gains focus
    /// (459.2.b.1.a); units gain designations (459.2.b.3–4); attack and defend triggers form
    /// the initial chain, the attacker's first (459.2.d).
    pub(crate) fn begin_combat(&mut self, b: BfId, why: Cite) -> R<()> {
        let units = self.units_at(Zone::Battlefield(b));
        let attacker = self.battlefields[b.0]
            .contested_by
            .or(self.focus)
            .unwrap_or(self.turn.player);
        let defender = units
            .iter()
            .map(|u| self.controller(*u))
            .find(|c| self.opponents(attacker, *c))
            .unwrap_or_else(|| self.next_player(attacker));
        let was_showdown = self.showdown.is_some();
        self.combat = Some(Combat {
            battlefield: b,
            attacker,
            defender,
            step: CombatStep::Showdown,
        });
        self.showdown = Some(Showdown {
            battlefield: b,
            combat: true,
            passes: 0,
        });
        let t = format!(
            "combat opens at {}{}: {} is the attacker (applied Contested), {} the defender",
            self.bf_name(b),
            if was_showdown {
                " (the showdown becomes a combat showdown)"
            } else {
                " with a combat showdown"
            },
            self.player_name(attacker),
            self.player_name(defender)
        );
        self.event(
            EventKind::Combat,
            vec![why, cite!("459.2"), cite!("459.2.b.1"), cite!("459.2.b.2")],
            t,
            vec![],
        );
        self.depth = self.depth.saturating_add(1);
        let mut batch = Vec::new();
        let mut designated = Vec::new();
        for u in units {
            let ctl = self.controller(u);
            let (d, rule) = if ctl == attacker {
                (Designation::Attacker, cite!("459.2.b.3"))
            } else if ctl == defender {
                (Designation::Defender, cite!("459.2.b.4"))
            } else {
                continue;
            };
            self.objects[u.0].designation = Some(d);
            let t = format!(
                "{} becomes {}",
                self.obj_name(u),
                if d == Designation::Attacker {
                    "an attacker"
                } else {
                    "a defender"
                }
            );
            self.event(EventKind::Combat, vec![rule], t, vec![u.0]);
            if d == Designation::Attacker && !self.objects[u.0].attack_checked {
                self.objects[u.0].attack_checked = true;
                batch.extend(self.collect_triggers(u, &Trigger::Attacks, None));
                designated.push((u, true));
            }
            if d == Designation::Defender && !self.objects[u.0].defend_checked {
                self.objects[u.0].defend_checked = true;
                batch.extend(self.collect_triggers(u, &Trigger::Defends, None));
                designated.push((u, false));
            }
        }
        // "When a friendly unit attacks / defends [alone]": alone among the units now
        // designated (383.4.e.2.b)
        for (u, attacker) in designated {
            batch.extend(self.designation_observers(u, attacker));
        }
        // 383.4.f: the battlefield's "when you defend here", "you" being its controller
        // (187.6.c): it triggers when that player is the defender
        if self.battlefields[b.0].controller == Some(defender) {
            batch.extend(self.collect_bf_triggers(b, &Trigger::DefendHere, defender));
        }
        self.focus = Some(attacker);
        self.priority = Some(attacker);
        let t = format!("{} gains focus and priority", self.player_name(attacker));
        self.event(
            EventKind::Priority,
            vec![cite!("459.2.b.1.a"), cite!("313.2")],
            t,
            vec![],
        );
        let had_chain = !self.chain.is_empty();
        self.place_triggers(batch, vec![cite!("459.2.d")], true)?;
        if !had_chain && !self.chain.is_empty() {
            self.event(
                EventKind::Combat,
                vec![cite!("459.2.e")],
                "the combat chain was created: the state closes".into(),
                vec![],
            );
            self.combat_chain = true;
        }
        self.depth = self.depth.saturating_sub(1);
        Ok(())
    }

    /// 460–461: the combat steps after the combat showdown closes.
    pub(crate) fn combat_steps(&mut self) -> R<()> {
        let Some(c) = self.combat.clone() else {
            return Ok(());
        };
        match c.step {
            CombatStep::Showdown => Ok(()),
            CombatStep::Damage => self.combat_damage(&c),
            CombatStep::Resolution => self.combat_resolution(&c),
        }
    }

    /// 460: if attackers and defenders both remain (460.1), the attacker then the defender
    /// assigns damage equal to their summed Might among the other's units (460.2.c), then all
    /// of it is dealt simultaneously (460.2.d); FEPR is skipped (460.3).
    fn combat_damage(&mut self, c: &Combat) -> R<()> {
        let here = self.units_at(Zone::Battlefield(c.battlefield));
        let attackers: Vec<ObjId> = here
            .iter()
            .copied()
            .filter(|u| self.has_designation(*u, Designation::Attacker))
            .collect();
        let defenders: Vec<ObjId> = here
            .iter()
            .copied()
            .filter(|u| self.has_designation(*u, Designation::Defender))
            .collect();
        if attackers.is_empty() || defenders.is_empty() {
            self.event(
                EventKind::Combat,
                vec![cite!("460.1")],
                "attackers and defenders do not both remain: no combat damage".into(),
                vec![],
            );
        } else {
            self.event(
                EventKind::Combat,
                vec![cite!("460.1"), cite!("460.2")],
                format!("combat damage at {}", self.bf_name(c.battlefield)),
                vec![],
            );
            self.depth = self.depth.saturating_add(1);
            let chars = self.derived();
            let a = self.assign_damage(c.attacker, &attackers, &defenders, &chars)?;
            let d = self.assign_damage(c.defender, &defenders, &attackers, &chars)?;
            // 369: replacements of being dealt damage intercede, for the units about to be
            // dealt combat damage together (373: simultaneous events)
            let events: Vec<(ObjId, i32, String)> = a
                .iter()
                .chain(&d)
                .filter(|(u, n)| *n > 0 && !chars[u.0].no_damage)
                .map(|(u, n)| (*u, *n, "would be dealt {n} combat damage".to_string()))
                .collect();
            let kept = self.replace_damage(&events, cite!("460.2.d"))?;
            // 460.2.c.1.a / 460.2.d: dealt simultaneously — what the replacements left of it
            let mut dealt = Vec::new();
            let mut damaged = Vec::new();
            for (u, n) in a.into_iter().chain(d) {
                let n = if events.iter().any(|(x, _, _)| *x == u) {
                    match kept.iter().find(|(x, _)| *x == u) {
                        Some(&(_, left)) => left,
                        None => continue,
                    }
                } else {
                    n
                };
                if n > 0 && chars[u.0].no_damage {
                    let t = format!(
                        "{} doesn't take damage: {} is not dealt",
                        self.obj_name(u),
                        n
                    );
                    self.event(EventKind::Damage, vec![cite!("460.2.c.9")], t, vec![u.0]);
                } else if n > 0 {
                    self.objects[u.0].damage = self.objects[u.0].damage.saturating_add(n);
                    dealt.push(format!("{} {}", self.obj_name(u), n));
                    damaged.push(u);
                }
            }
            if !dealt.is_empty() {
                let t = format!(
                    "combat damage is dealt simultaneously: {}",
                    dealt.join(", ")
                );
                let objs = here.iter().map(|u| u.0).collect();
                self.event(
                    EventKind::Damage,
                    vec![cite!("460.2.d"), cite!("460.2.c.1.a"), cite!("417.6.c")],
                    t,
                    objs,
                );
            }
            // 390.2: delayed abilities waiting for damage trigger now and wait on the
            // chain; FEPR is skipped (460.3), so they resolve after the combat
            self.delayed_on_damage(&damaged)?;
            self.depth = self.depth.saturating_sub(1);
        }
        self.event(
            EventKind::Combat,
            vec![cite!("460.3")],
            "FEPR is skipped; the resolution step follows".into(),
            vec![],
        );
        if let Some(cm) = self.combat.as_mut() {
            cm.step = CombatStep::Resolution;
        }
        Ok(())
    }

    /// 460.2.c: `player` assigns the summed Might of `own` among `foes`, obeying
    /// 460.2.c.3–460.2.c.9; several legal assignments make it the player's decision.
    fn assign_damage(
        &mut self,
        player: PlayerId,
        own: &[ObjId],
        foes: &[ObjId],
        chars: &crate::engine::layers::Derived,
    ) -> R<Vec<(ObjId, i32)>> {
        // the summed Might of the units (a total below 0 assigns nothing)
        // 423.1.b: a stunned unit contributes no Might
        let total: i32 = own
            .iter()
            .map(|u| self.combat_might(*u, chars[u.0].might))
            .sum::<i32>()
            .max(0);
        let parts: Vec<String> = own
            .iter()
            .map(|u| {
                if self.objects[u.0].stunned {
                    format!("{} stunned, contributes 0", self.obj_name(*u))
                } else if self.deals_no_combat_damage(*u) {
                    format!(
                        "{} contributes 0 (its ability: \"I don't deal combat damage\")",
                        self.obj_name(*u)
                    )
                } else if self.lesser_enemy_here(*u) {
                    format!(
                        "{} contributes 0 (an enemy unit here with more Might: \"Enemy units here with less Might than me don't deal combat damage\")",
                        self.obj_name(*u)
                    )
                } else {
                    format!("{} {}", self.obj_name(*u), chars[u.0].might_text())
                }
            })
            .collect();
        let t = format!(
            "{} has {} combat damage to assign (summed Might: {})",
            self.player_name(player),
            total,
            parts.join("; ")
        );
        let mut rules = vec![cite!("460.2.c"), cite!("460.2")];
        if own.iter().any(|u| self.objects[u.0].stunned) {
            rules.push(cite!("423.1.b"));
        }
        // the rules behind a unit's Might only where its Might counts: a stunned unit
        // (423.1.b) or one that deals no combat damage adds nothing, so its Shield (814.1.c)
        // or other modifiers are no part of this sum
        for u in own {
            if self.objects[u.0].stunned
                || self.deals_no_combat_damage(*u)
                || self.lesser_enemy_here(*u)
            {
                continue;
            }
            for r in chars[u.0].rules() {
                if !rules.contains(&r) {
                    rules.push(r);
                }
            }
        }
        self.event(
            EventKind::Layer,
            rules,
            t,
            own.iter().map(|u| u.0).collect(),
        );
        if total == 0 {
            return Ok(vec![]);
        }
        // 460.2.c.2 reminder: lethal is non-zero damage at least the unit's Might
        let need: Vec<i32> = foes
            .iter()
            .map(|u| {
                if chars[u.0].no_damage {
                    0
                } else {
                    // 437.5.a: lethal counting the Prevent Value tracked on the unit
                    (chars[u.0].might - self.objects[u.0].damage)
                        .max(1)
                        .saturating_add(self.prevent_value(*u))
                }
            })
            .collect();
        let class_opts: Vec<Vec<u8>> = foes
            .iter()
            .map(|u| classes(&chars[u.0], self.assigned_last_by_ability(*u)))
            .collect();
        let mut rules = vec![cite!("460.2.c.3"), cite!("460.2.c.4")];
        if class_opts.iter().any(|c| c != &vec![1]) {
            // abilities influence the order (460.2.c.2) and must be obeyed (460.2.c.5)
            rules.push(cite!("460.2.c.2"));
            rules.push(cite!("460.2.c.5"));
        }
        for (u, opts) in foes.iter().zip(&class_opts) {
            if opts.contains(&0) {
                rules.push(cite!("815.1.b"));
            }
            if opts.contains(&2) && super::keywords::backline::assigned_last(&chars[u.0]) {
                rules.push(cite!("826.3"));
            }
            if opts.len() > 1 {
                rules.push(cite!("460.2.c.7"));
            }
        }
        if class_opts.iter().filter(|c| c.len() > 1).count() > 1 {
            // several units with exclusionary requirements: each is dealt with individually
            rules.push(cite!("460.2.c.8"));
        }
        if class_opts.iter().any(|c| c == &vec![3]) {
            rules.push(cite!("460.2.c.9"));
        }
        if foes.iter().any(|u| self.prevent_value(*u) > 0) {
            // lethal counts the Prevent Value tracked on the unit
            rules.push(cite!("437.5.a"));
        }
        let tanks = class_opts.iter().filter(|c| c.contains(&0)).count();
        let backs = class_opts.iter().filter(|c| c.contains(&2)).count();
        if tanks > 1 || backs > 1 {
            rules.push(cite!("460.2.c.6"));
        }
        rules.sort();
        rules.dedup();
        let (all, cut) = legal_assignments(foes, &need, &class_opts, total);
        let label = |a: &[i32]| -> String {
            foes.iter()
                .zip(a)
                .map(|(u, n)| format!("{} {}", self.obj_name(*u), n))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let options: Vec<DecisionOption> = all
            .iter()
            .take(MAX_LISTED)
            .map(|a| DecisionOption {
                label: label(a),
                answer: Answer::Assignment(
                    foes.iter()
                        .copied()
                        .zip(a.iter().copied())
                        .filter(|(_, n)| *n != 0)
                        .collect(),
                ),
            })
            .collect();
        let more = all.len().saturating_sub(MAX_LISTED) + usize::from(cut);
        let needs: Vec<String> = foes
            .iter()
            .zip(&need)
            .map(|(u, n)| {
                if chars[u.0].no_damage {
                    format!("{} can't be dealt damage: exempt", self.obj_name(*u))
                } else {
                    let prevent = match self.prevent_value(*u) {
                        0 => String::new(),
                        v => format!(", Prevent Value {v}"),
                    };
                    format!(
                        "{} needs {} for lethal (Might {}{prevent})",
                        self.obj_name(*u),
                        n,
                        chars[u.0].might
                    )
                }
            })
            .collect();
        let d = Decision {
            kind: DecisionKind::AssignDamage,
            player,
            prompt: format!(
                "{} assigns {} combat damage among {} ({})",
                self.player_name(player),
                total,
                foes.iter()
                    .map(|u| self.obj_name(*u))
                    .collect::<Vec<_>>()
                    .join(", "),
                needs.join("; ")
            ),
            options,
            more,
            items: self.object_items(foes),
            rules,
        };
        // an assignment the script writes out is checked against every legal assignment (not
        // only the listed ones); one that is not legal is refused with the rule it breaks
        // (a decision with one option takes it without an answer, like `decide`)
        let asks = d.options.len() > 1 || d.more > 0;
        if let Some(Answer::Assignment(given)) = self.answers.front().cloned().filter(|_| asks) {
            let a: Vec<i32> = super::decision::assigned_to(foes, &given);
            let names: Vec<&str> = foes.iter().map(|u| self.obj_name(*u)).collect();
            if given.iter().any(|(o, _)| !foes.contains(o)) {
                return super::actions::illegal(
                    cite!("460.2.c"),
                    format!(
                        "damage can be assigned only among {} (the units of the other player)",
                        names.join(", ")
                    ),
                );
            }
            if !all.contains(&a) {
                let (rule, why) = why_illegal(&names, &need, &class_opts, total, &a);
                let legal: Vec<String> = all.iter().take(5).map(|x| label(x)).collect();
                return super::actions::illegal(
                    rule,
                    format!(
                        "{} cannot assign {}: {why}; legal assignments: {}{}",
                        self.player_name(player),
                        label(&a),
                        legal.join(" | "),
                        if all.len() > 5 { " | …" } else { "" }
                    ),
                );
            }
            let t = format!(
                "{}: {} chooses {}",
                d.prompt,
                self.player_name(player),
                label(&a)
            );
            self.answers.pop_front();
            self.event(EventKind::Decision, d.rules.clone(), t, vec![]);
            return Ok(foes
                .iter()
                .copied()
                .zip(a)
                .filter(|(_, n)| *n != 0)
                .collect());
        }
        let i = self.decide(d.clone())?;
        match &d.options[i].answer {
            Answer::Assignment(v) => Ok(v.clone()),
            _ => Ok(vec![]),
        }
    }

    /// 461: the resolution step: combat cleanup (461.1), result (461.3), control and conquer
    /// (461.5), end of combat (461.7).
    fn combat_resolution(&mut self, c: &Combat) -> R<()> {
        self.cleanup(vec![cite!("461.1")], super::cleanup::Special::Combat)?;
        if self.winner.is_some() {
            return Ok(());
        }
        let b = c.battlefield;
        let here = self.units_at(Zone::Battlefield(b));
        let a_present = here.iter().any(|u| self.controller(*u) == c.attacker);
        let d_present = here.iter().any(|u| self.controller(*u) == c.defender);
        let (text, rule) = match (a_present, d_present) {
            (true, false) => (
                format!(
                    "{} wins the combat; {} loses it",
                    self.player_name(c.attacker),
                    self.player_name(c.defender)
                ),
                cite!("461.3.a"),
            ),
            (false, true) => (
                format!(
                    "{} wins the combat; {} loses it",
                    self.player_name(c.defender),
                    self.player_name(c.attacker)
                ),
                cite!("461.3.a"),
            ),
            _ => (
                "No Result: both or neither player has units remaining".to_string(),
                cite!("461.3.d"),
            ),
        };
        let mut rules = vec![cite!("461.3"), rule];
        if rule == cite!("461.3.a") {
            rules.push(cite!("461.3.b"));
            rules.push(cite!("461.3.c"));
        }
        self.event(EventKind::Combat, rules, text, vec![]);
        // 461.3.c: the winner's units there inherit the result — "when I win a combat"
        if a_present != d_present {
            let winner = if a_present { c.attacker } else { c.defender };
            let mut batch = Vec::new();
            let winners: Vec<ObjId> = here
                .iter()
                .copied()
                .filter(|u| self.controller(*u) == winner)
                .collect();
            for u in winners.iter() {
                batch.extend(self.collect_triggers(*u, &Trigger::WinsCombat, None));
                // 390.2: "when it wins a combat this turn"
                batch.extend(self.delayed_triggers(
                    &crate::engine::abilities::delayed::DelayedTrigger::UnitWinsCombat,
                    *u,
                    winner,
                ));
            }
            // 461.3.a: "when you win a combat" of the winner's permanents and legend,
            // wherever they are
            batch.extend(self.observer_triggers(&Trigger::YouWinCombat, winner, None, None));
            self.place_triggers(batch, vec![cite!("461.3.c")], false)?;
        }
        if a_present && d_present {
            self.battlefields[b.0].combat_staged = true;
            let t = format!(
                "both players have units remaining: a combat is staged again at {}",
                self.bf_name(b)
            );
            self.event(EventKind::Combat, vec![cite!("461.3.d.1")], t, vec![]);
        }
        // 461.5: control
        let staged = self.battlefields[b.0].combat_staged || self.battlefields[b.0].showdown_staged;
        if !staged {
            let mut ctls: Vec<PlayerId> = here.iter().map(|u| self.controller(*u)).collect();
            ctls.sort();
            ctls.dedup();
            if ctls.len() == 1 {
                let p = ctls[0];
                if self.battlefields[b.0].controller == Some(p) {
                    self.battlefields[b.0].contested = false;
                    self.battlefields[b.0].contested_by = None;
                    let t = format!(
                        "{} keeps control of {}",
                        self.player_name(p),
                        self.bf_name(b)
                    );
                    self.event(
                        EventKind::Control,
                        vec![cite!("461.5"), cite!("461.5.e")],
                        t,
                        vec![],
                    );
                } else {
                    self.establish_control(b, p, vec![cite!("461.5"), cite!("461.5.d")])?;
                }
            } else if ctls.is_empty() {
                self.battlefields[b.0].controller = None;
                self.battlefields[b.0].contested = false;
                self.battlefields[b.0].contested_by = None;
                let t = format!(
                    "no units remain at {}: it becomes uncontrolled",
                    self.bf_name(b)
                );
                self.event(EventKind::Control, vec![cite!("461.5.b")], t, vec![]);
            }
            // 461.5.c: hidden cards not sharing the battlefield's controller
            let ctl = self.battlefields[b.0].controller;
            for i in 0..self.objects.len() {
                if self.objects[i].zone == Zone::Facedown(b)
                    && Some(self.objects[i].base_controller) != ctl
                {
                    let owner = self.objects[i].owner;
                    self.objects[i].zone = Zone::Trash(owner);
                    let t = format!(
                        "hidden {} is removed from {}",
                        self.objects[i].def.name,
                        self.bf_name(b)
                    );
                    self.event(EventKind::Zone, vec![cite!("461.5.c")], t, vec![i]);
                }
            }
        }
        // 461.7: combat ends
        for i in 0..self.objects.len() {
            let o = &self.objects[i];
            if o.designation.is_some() || o.attack_checked || o.defend_checked {
                let o = &mut self.objects[i];
                o.designation = None;
                o.attack_checked = false;
                o.defend_checked = false;
            }
        }
        let n = self.effects.len();
        self.effects.retain(|e| e.duration != Duration::ThisCombat);
        let expired = n - self.effects.len();
        self.combat = None;
        self.showdown = None;
        self.focus = None;
        self.priority = None;
        let t = format!(
            "combat at {} ends: designations are removed{}",
            self.bf_name(b),
            if expired > 0 {
                format!(", {expired} \"this combat\" effect(s) expire")
            } else {
                String::new()
            }
        );
        self.event(
            EventKind::Combat,
            vec![cite!("461.7"), cite!("461.7.a"), cite!("461.7.b")],
            t,
            vec![],
        );
        self.expire_created(Duration::ThisCombat);
        self.make_outstanding(cite!("319.7"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<ObjId> {
        (0..n).map(ObjId).collect()
    }

    #[test]
    fn lethal_in_full_before_the_next_unit() {
        // 460.2.c.3 example: 5 damage among four 3-Might units
        let (all, cut) = legal_assignments(&ids(4), &[3, 3, 3, 3], &vec![vec![1]; 4], 5);
        assert!(!cut);
        assert!(
            all.iter()
                .all(|a| a.iter().filter(|&&n| n == 3).count() == 1)
        );
        assert!(
            all.iter()
                .all(|a| a.iter().filter(|&&n| n == 2).count() == 1)
        );
        assert_eq!(all.len(), 12);
    }

    #[test]
    fn tank_first_backline_last_and_excess_anywhere() {
        // Tank (class 0), plain (1), Backline (2): one order; 7 damage on needs 2,2,2 → 1 excess
        let (all, _) = legal_assignments(&ids(3), &[2, 2, 2], &[vec![2], vec![1], vec![0]], 4);
        assert_eq!(all, vec![vec![0, 2, 2]]);
        let (all, _) = legal_assignments(&ids(3), &[2, 2, 2], &[vec![2], vec![1], vec![0]], 7);
        assert_eq!(
            all.len(),
            3,
            "the excess 1 may go to any unit once all have lethal"
        );
    }

    #[test]
    fn two_units_with_exclusive_requirements_are_dealt_with_individually() {
        // 460.2.c.8: each Tank+Backline unit first or last, independently
        let (all, _) =
            legal_assignments(&ids(3), &[2, 2, 2], &[vec![0, 2], vec![0, 2], vec![1]], 3);
        assert!(
            all.contains(&vec![2, 1, 0]) && all.contains(&vec![1, 2, 0]),
            "{all:?}"
        );
        assert!(
            all.contains(&vec![0, 1, 2]) || all.contains(&vec![1, 0, 2]),
            "{all:?}"
        );
    }

    #[test]
    fn exclusive_requirements_give_a_choice() {
        // 460.2.c.7: a Tank+Backline unit may come first or last
        let (all, _) = legal_assignments(&ids(2), &[2, 2], &[vec![0, 2], vec![1]], 2);
        assert_eq!(all, vec![vec![2, 0], vec![0, 2]]);
    }

    /// The brute-force definition: every class-sorted order, lethal in full in order.
    fn by_orders(need: &[i32], cls: &[u8], total: i32) -> Vec<Vec<i32>> {
        let n = need.len();
        let (perms, _) = crate::engine::chain::permutations(n, usize::MAX);
        let mut out: Vec<Vec<i32>> = Vec::new();
        for perm in perms {
            if perm.windows(2).any(|w| cls[w[0]] > cls[w[1]]) {
                continue;
            }
            let mut a = vec![0i32; n];
            let mut left = total;
            for &i in &perm {
                let x = left.min(need[i]);
                a[i] = x;
                left -= x;
            }
            if left == 0 && !out.contains(&a) {
                out.push(a);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn subsets_give_the_same_assignments_as_every_order() {
        // the lazy generator agrees with walking every order (no excess, one class choice)
        let cases: &[(&[i32], &[u8], i32)] = &[
            (&[3, 3, 3, 3], &[1, 1, 1, 1], 5),
            (&[1, 2, 3, 4], &[1, 1, 1, 1], 6),
            (&[2, 5, 1, 4, 3], &[0, 0, 1, 1, 2], 7),
            (&[4, 1, 1, 2], &[1, 1, 2, 2], 3),
            (&[2, 2, 3], &[0, 1, 1], 1),
        ];
        for (need, cls, total) in cases {
            let opts: Vec<Vec<u8>> = cls.iter().map(|&c| vec![c]).collect();
            let (mut got, cut) = legal_assignments(&ids(need.len()), need, &opts, *total);
            got.sort();
            assert!(!cut);
            assert_eq!(
                got,
                by_orders(need, cls, *total),
                "{need:?} {cls:?} {total}"
            );
        }
    }

    #[test]
    fn many_defenders_and_huge_damage_stay_bounded() {
        // issue 10: 10 defenders took 432 MB, 11 exhausted memory; Might 10⁹ looped for 20 s
        let t = std::time::Instant::now();
        let (all, cut) = legal_assignments(&ids(12), &[3; 12], &vec![vec![1]; 12], 20);
        // six of twelve take lethal (C(12,6) = 924 ways), one of the other six takes 2
        assert_eq!((all.len(), cut), (924 * 6, false));
        assert!(all.iter().all(|a| a.iter().sum::<i32>() == 20));
        let (all, cut) = legal_assignments(&ids(3), &[2, 2, 2], &vec![vec![1]; 3], 1_000_000_000);
        assert!(cut && !all.is_empty());
        assert!(all.iter().all(|a| a.iter().sum::<i32>() == 1_000_000_000));
        let (all, _) = legal_assignments(&ids(20), &[1; 20], &vec![vec![0, 2]; 20], 7);
        assert!(!all.is_empty());
        assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
    }
}
