//! Layers (468–475): the current characteristics of game objects, derived from the printed
//! ones by applying effects in layers (trait, ability, arithmetic), in sequences that recur
//! until nothing new applies (471.2), ordering effects within a layer by dependency
//! (473–474) and otherwise by timestamp (475). Every query returns its breakdown.
//!
//! Arithmetic saturates (issue 10): the rules set no maximum Might, and scenario numbers
//! are bounded at load (±10⁶), so only thousands of stacked modifiers could reach `i32`'s
//! ends; there a saturated value still compares right (lethal, "higher Might") where a
//! wrapped one would flip sign.

use super::keywords;
use super::objects::{
    CardDef, Condition, Designation, Keyword, KeywordKind, Modification, Object, Scope,
};
use super::state::{BfId, Game, ObjId, PlayerId, Zone};
use super::trace::Cite;
use crate::cite;
use serde::Serialize;
use std::borrow::Cow;
use std::sync::Arc;

/// One step of a characteristic's derivation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BreakdownStep {
    /// 0 for printed values, else the layer of 472 (1 trait, 2 ability, 3 arithmetic).
    pub layer: u8,
    /// What applied it ("printed", "buff", "Assault 2 (attacking)", a card name, ...).
    pub source: String,
    /// What it did ("+1 Might", "gains Tank", "Might becomes 4").
    pub change: String,
    /// The Might after this step.
    pub might: i32,
    /// The effect's timestamp (475.1), when it has one.
    pub timestamp: Option<u64>,
    /// The effect this one was ordered after because it depends on it (474.1).
    pub depends_on: Option<String>,
    pub rules: Vec<Cite>,
}

/// An object's current characteristics with their breakdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Characteristics {
    pub might: i32,
    pub keywords: Vec<Keyword>,
    pub tags: Vec<String>,
    pub controller: PlayerId,
    /// The object has "I don't take damage" (460.2.c.9).
    pub no_damage: bool,
    pub breakdown: Vec<BreakdownStep>,
}

impl Characteristics {
    pub fn has(&self, k: &KeywordKind) -> bool {
        self.keywords.iter().any(|x| x.is_kind(k))
    }

    /// The summed value of a keyword (807.2 Assault, 814.2 Shield, 823.2 Hunt); 0 if absent.
    pub fn keyword_value(&self, k: &KeywordKind) -> i32 {
        keywords::summed(&self.keywords, k)
    }

    /// A summed keyword as one value with its sources (807.2, 809.2, 814.2, 823.2):
    /// "Assault 4 = Assault 1 (printed) + Assault 3 (Cleave)". `printed` are the object's
    /// printed keywords; the other instances come from the layer steps that granted them.
    pub fn keyword_breakdown(&self, k: &KeywordKind, printed: &[Keyword]) -> String {
        let name = |kw: &Keyword| kw.to_string();
        let mut parts: Vec<String> = printed
            .iter()
            .filter(|x| &x.kind() == k)
            .map(|x| format!("{} (printed)", name(x)))
            .collect();
        for s in &self.breakdown {
            if let Some(g) = s.change.strip_prefix("gains ")
                && Keyword::parse(g).kind() == *k
            {
                parts.push(format!("{g} ({})", s.source));
            }
        }
        let total = self.keyword_value(k);
        let kname = match k {
            KeywordKind::Other(n) => n.clone(),
            other => format!("{other:?}"),
        };
        let head = match self.keywords.iter().find(|x| &x.kind() == k) {
            Some(x) if x.value().is_some() => format!("{kname} {total}"),
            Some(x) => name(x),
            None => format!("no {kname}"),
        };
        if parts.is_empty() {
            head
        } else {
            format!("{head} = {}", parts.join(" + "))
        }
    }

    /// The rules of every layer step of the breakdown (what a value that decided something
    /// was made of: 472.x, 703 buffs, 807.1.c Assault, 814.1.c Shield, 475.3, 474.1, ...).
    pub fn rules(&self) -> Vec<Cite> {
        let mut v: Vec<Cite> = self
            .breakdown
            .iter()
            .filter(|s| s.layer > 0)
            .flat_map(|s| s.rules.iter().copied())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// "5 = printed 3, +1 buff (layer 3), +1 Shield 1 (defending, layer 3)".
    pub fn might_text(&self) -> String {
        let mut parts = Vec::new();
        for s in &self.breakdown {
            if s.layer == 0 {
                parts.push(format!("printed {}", s.might));
            } else if s.change.contains("Might") {
                parts.push(format!(
                    "{} from {} (layer {})",
                    s.change, s.source, s.layer
                ));
            }
        }
        format!("{} = {}", self.might, parts.join(", "))
    }

    /// "Might 5 = ...; keywords: Tank, Shield 1".
    pub fn describe(&self) -> String {
        let kws: Vec<String> = self.keywords.iter().map(|k| k.to_string()).collect();
        format!(
            "Might {}; keywords: {}",
            self.might_text(),
            if kws.is_empty() {
                "none".into()
            } else {
                kws.join(", ")
            }
        )
    }
}

#[derive(Clone, Debug)]
enum Kind {
    /// A continuous effect from a resolved effect: one target.
    Targeted(ObjId),
    /// A passive ability of an object on the board.
    Passive {
        src: ObjId,
        scope: Scope,
        condition: Condition,
    },
    /// 703: each buff gives +1 Might.
    Buff(ObjId),
    /// 807.1.c: while attacking, +X (X summed, 807.2; keywords/assault.rs).
    Assault(ObjId),
    /// 814.1.c: while defending, +X (X summed, 814.2; keywords/shield.rs).
    Shield(ObjId),
    /// A passive ability of a battlefield's card ("Units here have +1 [Might]"): it applies
    /// from the start of the game, the battlefield being established at setup (169.2.b).
    BattlefieldPassive {
        bf: BfId,
        scope: Scope,
        condition: Condition,
    },
    /// 718.3 / 718.4: Effect Text or a Might Bonus of a card attached to `top`, applied as
    /// the Top-Most Card's own passive (`rule` says which).
    Attached {
        top: ObjId,
        scope: Scope,
        condition: Condition,
        rule: Cite,
    },
}

impl Inst {
    /// Applied to its own object alone, whatever the rest of the game: a buff, an effect on
    /// a target, Assault, Shield, or an unconditional passive of the object itself, with a
    /// modification that reads nothing else (not a count, not a controller change).
    fn is_local(&self) -> bool {
        let reads_nothing_else = matches!(
            self.modification,
            Modification::Might(_)
                | Modification::SetMight(_)
                | Modification::AddTag(_)
                | Modification::AddKeyword(_)
                | Modification::RemoveKeyword(_)
                | Modification::NoDamage
        );
        let own = match &self.kind {
            Kind::Targeted(_) | Kind::Buff(_) | Kind::Assault(_) | Kind::Shield(_) => true,
            Kind::Passive {
                scope, condition, ..
            } => matches!(scope, Scope::Me) && matches!(condition, Condition::Always),
            Kind::Attached { .. } | Kind::BattlefieldPassive { .. } => false,
        };
        reads_nothing_else && own
    }
}

#[derive(Clone, Debug)]
struct Inst {
    /// Borrowed for the instances every unit has (buff, Assault, Shield): no allocation.
    label: std::borrow::Cow<'static, str>,
    layer: u8,
    modification: Modification,
    timestamp: u64,
    kind: Kind,
    snapshot: Option<i32>,
}

/// The characteristics being derived. Keywords and tags are borrowed from the printed
/// characteristics until an effect changes them; `steps` are the breakdown's steps after the
/// printed one (none: the object has its printed characteristics).
#[derive(Clone)]
struct Work<'a> {
    might: Vec<i32>,
    kw: Vec<Cow<'a, [Keyword]>>,
    tags: Vec<Cow<'a, [String]>>,
    controller: Vec<PlayerId>,
    no_damage: Vec<bool>,
    steps: Vec<Vec<BreakdownStep>>,
}

/// Every object's current characteristics (index = `ObjId.0`), each shared: an object whose
/// characteristics are its printed ones keeps the same value from one derivation to the
/// next, so a derivation builds only those that effects change.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    chars: Vec<Arc<Characteristics>>,
    /// Each object's definition and controller before layer 1, and whether its
    /// characteristics are the printed ones (what the next derivation checks before
    /// reusing them). Holding every definition also keeps its address from being reused
    /// while [`Inputs`] compare definitions by address.
    printed: Vec<(Arc<CardDef>, PlayerId, bool)>,
    /// What each object's own instances were derived from (see [`Inputs`]).
    inputs: Vec<Inputs>,
    /// Every instance applied to its own object alone, whatever the rest of the board: the
    /// next derivation re-derives only the objects whose inputs changed (`derive_from`).
    local: bool,
    /// The generations (players, objects, effects, battlefields) it was derived at.
    key: [u64; 4],
}

/// The fields of an object that its own effect instances and printed characteristics are
/// made from when every instance is local: definition (by identity), controller before
/// layer 1, zone (on the board or not), buffs (703), attack or defence designation (Assault,
/// Shield), attachment and timestamp (475.2).
/// The definition is compared by address: the derivation that holds these inputs also
/// holds every definition (`Derived::printed`), so an address cannot come back as another
/// definition's while they are compared.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Inputs {
    def: usize,
    base_controller: PlayerId,
    zone: Zone,
    buffs: i32,
    designation: Option<Designation>,
    attached_to: Option<ObjId>,
    timestamp: u64,
}

impl Inputs {
    fn of(o: &Object) -> Inputs {
        Inputs {
            def: Arc::as_ptr(&o.def) as usize,
            base_controller: o.base_controller,
            zone: o.zone,
            buffs: o.buffs,
            designation: o.designation,
            attached_to: o.attached_to,
            timestamp: o.timestamp,
        }
    }
}

impl Derived {
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Characteristics> {
        self.chars.iter().map(|c| &**c)
    }
}

impl std::ops::Index<usize> for Derived {
    type Output = Characteristics;
    fn index(&self, i: usize) -> &Characteristics {
        &self.chars[i]
    }
}

/// Equal when every object's characteristics are (however they were shared).
impl PartialEq for Derived {
    fn eq(&self, other: &Derived) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// 469: an object's printed characteristics, before any layer applies.
fn printed(o: &Object) -> Characteristics {
    let m = o.def.might.unwrap_or(0);
    Characteristics {
        might: m,
        keywords: o.def.keywords().cloned().collect(),
        tags: o.def.tags.clone(),
        controller: o.base_controller,
        no_damage: false,
        breakdown: vec![BreakdownStep {
            layer: 0,
            source: "printed".into(),
            change: format!("printed Might {m}"),
            might: m,
            timestamp: None,
            depends_on: None,
            rules: vec![cite!("469")],
        }],
    }
}

#[cfg(test)]
thread_local! {
    /// Tests set this to compare every cached derivation with a fresh one.
    pub(crate) static VERIFY_CACHE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// How many derivations re-derived only the changed objects (`derive_from`).
    pub(crate) static INCREMENTAL: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

impl Game {
    /// 468–475: the current characteristics of every object (index = `ObjId.0`), derived
    /// once per change of their inputs — the players, the objects and the continuous
    /// effects, each [`Tracked`](super::tracked::Tracked) — and shared until the next.
    /// Anything else `derive_all` reads must be tracked too (a test compares the cached
    /// values with fresh ones after every action of random play).
    pub fn derived(&self) -> Arc<Derived> {
        let key = self.layer_key();
        let v = self.derived.get_or(key, |prev| self.derive_from(prev, key));
        #[cfg(test)]
        if VERIFY_CACHE.with(|c| c.get()) {
            assert!(
                *v == self.derive_all(),
                "the cached characteristics differ from fresh ones"
            );
        }
        v
    }

    /// 468–475: the current characteristics of every object (index = `ObjId.0`), derived
    /// from scratch (`derived` is the cached form).
    pub fn derive_all(&self) -> Derived {
        self.derive_from(None, self.layer_key())
    }

    /// What the layer system reads, as generations: players, objects and continuous
    /// effects (each [`Tracked`](super::tracked::Tracked)), and of the battlefields only
    /// their cards' passives, i.e. their definitions (taken by address: one goes only when
    /// its player leaves the game, 652.2). Contested and staged flags, which change often,
    /// do not invalidate the characteristics.
    fn layer_key(&self) -> [u64; 4] {
        let battlefields = self.battlefields.iter().fold(0u64, |h, b| {
            let def = b.def.as_ref().map_or(0, |d| Arc::as_ptr(d) as usize as u64);
            h.rotate_left(7) ^ def
        });
        [
            self.players.generation(),
            self.objects.generation(),
            self.effects.generation(),
            battlefields,
        ]
    }

    /// 468–475: derives every object's characteristics, reusing from `prev` (an earlier
    /// derivation) the printed characteristics of objects whose definition and controller
    /// are unchanged; equal to a derivation from scratch.
    ///
    /// When every instance of `prev` applied to its own object alone (a buff, an effect on
    /// a target, Assault, Shield, an unconditional passive of the object itself, none
    /// reading another object, a player or a count) and the continuous effects and the
    /// battlefields are unchanged, only the objects whose [`Inputs`] changed are derived
    /// again — provided their instances are local too; the others keep their
    /// characteristics. A long game then costs per change what changed, not the board.
    fn derive_from(&self, prev: Option<&Derived>, key: [u64; 4]) -> Derived {
        let n = self.objects.len();
        let all_inputs = || -> Vec<Inputs> { self.objects.iter().map(Inputs::of).collect() };
        let incremental =
            prev.filter(|p| p.local && p.key[2] == key[2] && p.key[3] == key[3] && p.len() <= n);
        let inputs = incremental.map(|_| all_inputs());
        let mut dirty: Option<Vec<bool>> = incremental
            .zip(inputs.as_ref())
            .map(|(p, now)| (0..n).map(|i| p.inputs.get(i) != Some(&now[i])).collect());
        if let (Some(d), Some(now)) = (&dirty, &inputs)
            && (0..n).any(|i| d[i] && now[i].attached_to.is_some())
        {
            dirty = None;
        }
        let mut insts = self.instances(dirty.as_deref());
        if dirty.is_some() && !insts.iter().all(Inst::is_local) {
            dirty = None;
            insts = self.instances(None);
        }
        // the inputs are kept only for a local derivation (the only kind the next one
        // compares with)
        let local = insts.iter().all(Inst::is_local)
            && self.objects.iter().all(|o| o.attached_to.is_none());
        let inputs = if local {
            inputs.unwrap_or_else(all_inputs)
        } else {
            Vec::new()
        };
        #[cfg(test)]
        if dirty.is_some() {
            INCREMENTAL.with(|c| c.set(c.get() + 1));
        }
        let keep = |i: usize| dirty.as_ref().is_some_and(|d| !d[i]);
        let printed: Vec<Option<Arc<Characteristics>>> = self
            .objects
            .iter()
            .enumerate()
            .map(|(i, o)| {
                if keep(i) {
                    return None;
                }
                Some(
                    match prev.and_then(|p| Some((p.chars.get(i)?, p.printed.get(i)?))) {
                        Some((c, (def, ctl, true)))
                            if Arc::ptr_eq(def, &o.def) && *ctl == o.base_controller =>
                        {
                            c.clone()
                        }
                        _ => Arc::new(printed(o)),
                    },
                )
            })
            .collect();
        let mut w = Work {
            might: printed
                .iter()
                .map(|c| c.as_ref().map_or(0, |c| c.might))
                .collect(),
            kw: printed
                .iter()
                .map(|c| Cow::Borrowed(c.as_ref().map_or(&[][..], |c| &c.keywords[..])))
                .collect(),
            tags: printed
                .iter()
                .map(|c| Cow::Borrowed(c.as_ref().map_or(&[][..], |c| &c.tags[..])))
                .collect(),
            controller: self
                .objects
                .iter()
                .zip(&printed)
                .map(|(o, c)| c.as_ref().map_or(o.base_controller, |c| c.controller))
                .collect(),
            no_damage: vec![false; n],
            steps: vec![Vec::new(); n],
        };
        let mut applied = vec![false; insts.len()];
        let mut dep_of: Vec<Option<usize>> = vec![None; insts.len()];
        // 471.1–471.2: apply layers in sequence; recur until a sequence applies nothing.
        loop {
            let mut any = false;
            for layer in 1..=3u8 {
                // the instances of this layer still to apply (fewer each round)
                let mut todo: Vec<usize> = (0..insts.len())
                    .filter(|&i| !applied[i] && insts[i].layer == layer)
                    .collect();
                loop {
                    let cands: Vec<usize> = todo
                        .iter()
                        .copied()
                        .filter(|&i| self.affects_any(&insts[i], &w))
                        .collect();
                    if cands.is_empty() {
                        break;
                    }
                    let (pick, postponed) = self.pick(&insts, &cands, &w, layer);
                    if let Some((c, d)) = postponed {
                        dep_of[c] = Some(d);
                    }
                    applied[pick] = true;
                    todo.retain(|&i| i != pick);
                    any = true;
                    let dep_label = dep_of[pick].map(|d| insts[d].label.to_string());
                    // 473.1: effects of this layer still to apply whose objects (or existence)
                    // change by applying this one depend on it
                    let watch: Vec<(usize, Vec<ObjId>)> = if layer < 3 {
                        (0..insts.len())
                            .filter(|&i| {
                                !applied[i] && insts[i].layer == layer && dep_of[i].is_none()
                            })
                            .map(|i| (i, self.affected(&insts[i], &w)))
                            .collect()
                    } else {
                        Vec::new()
                    };
                    self.apply_inst(&insts[pick], &mut w, dep_label);
                    for (i, before) in watch {
                        if self.affected(&insts[i], &w) != before {
                            dep_of[i] = Some(pick);
                        }
                    }
                }
            }
            if !any {
                break;
            }
        }
        // an object no effect changed keeps its printed characteristics (shared); the
        // others are built from the work state, whose vectors are moved, not copied
        let Work {
            might,
            kw,
            tags,
            controller,
            no_damage,
            steps,
        } = w;
        let mut out = Derived {
            chars: Vec::with_capacity(n),
            printed: Vec::with_capacity(n),
            inputs,
            local,
            key,
        };
        for (i, (((((might, kw), tags), controller), no_damage), steps)) in might
            .into_iter()
            .zip(kw)
            .zip(tags)
            .zip(controller)
            .zip(no_damage)
            .zip(steps)
            .enumerate()
        {
            let Some(p) = &printed[i] else {
                // not derived again: an unchanged object of a local derivation
                let prev = prev.expect("only a derivation from an earlier one keeps objects");
                out.chars.push(prev.chars[i].clone());
                out.printed.push(prev.printed[i].clone());
                continue;
            };
            if steps.is_empty() {
                out.chars.push(p.clone());
                let o = &self.objects[i];
                out.printed.push((o.def.clone(), o.base_controller, true));
                continue;
            }
            let mut breakdown = Vec::with_capacity(steps.len() + 1);
            breakdown.extend(p.breakdown.first().cloned());
            breakdown.extend(steps);
            out.chars.push(Arc::new(Characteristics {
                might,
                keywords: kw.into_owned(),
                tags: tags.into_owned(),
                controller,
                no_damage,
                breakdown,
            }));
            let o = &self.objects[i];
            out.printed.push((o.def.clone(), o.base_controller, false));
        }
        out
    }

    /// One object's characteristics with breakdown.
    pub fn characteristics(&self, id: ObjId) -> Characteristics {
        self.derived()[id.0].clone()
    }

    /// Current Might (472).
    pub fn might(&self, id: ObjId) -> i32 {
        self.derived()[id.0].might
    }

    /// Current keywords (472.2).
    pub fn keywords(&self, id: ObjId) -> Vec<Keyword> {
        self.derived()[id.0].keywords.clone()
    }

    pub fn has_keyword(&self, id: ObjId, k: KeywordKind) -> bool {
        self.derived()[id.0].has(&k)
    }

    /// The controller: assigned as the object entered the board (188.3), changed by
    /// control-changing effects in layer 1 (472.1.a).
    pub fn controller(&self, id: ObjId) -> PlayerId {
        if self
            .effects
            .iter()
            .any(|e| matches!(e.modification, Modification::SetController(_)))
        {
            return self.derived()[id.0].controller;
        }
        self.objects[id.0].base_controller
    }

    /// 707–708: a unit is Mighty while its Might is 5 or greater.
    pub fn is_mighty(&self, id: ObjId) -> bool {
        self.might(id) >= 5
    }

    /// All effect instances that may apply: continuous effects, passives of objects on the
    /// board, buffs, and the Assault/Shield keywords.
    ///
    /// With `only`, the instances on the objects it marks (and every battlefield's): those
    /// that can change them when every instance is local.
    fn instances(&self, only: Option<&[bool]>) -> Vec<Inst> {
        let skip = |id: ObjId| only.is_some_and(|m| !m[id.0]);
        let mut v = Vec::new();
        for e in &self.effects {
            if !self.objects[e.target.0].zone.on_board() || skip(e.target) {
                continue;
            }
            // the breakdown names what applied it and for how long (807.2's "Assault 3
            // (Cleave, this turn)")
            let label = match e.duration {
                super::objects::Duration::Permanent => e.source.clone(),
                super::objects::Duration::ThisTurn => format!("{}, this turn", e.source),
                super::objects::Duration::ThisCombat => format!("{}, this combat", e.source),
            };
            v.push(Inst {
                label: label.into(),
                layer: e.modification.layer(),
                modification: e.modification.clone(),
                timestamp: e.timestamp,
                kind: Kind::Targeted(e.target),
                snapshot: e.snapshot,
            });
        }
        // 169.2.b: a battlefield is established at setup and stays: its passives apply
        // from the start of the game (timestamp 0, 475.1)
        for b in &self.battlefields {
            let Some(def) = &b.def else { continue };
            for a in &def.abilities {
                if let super::objects::Ability::Passive(p) = a {
                    v.push(Inst {
                        label: format!("{}'s passive ability", b.name).into(),
                        layer: p.modification.layer(),
                        modification: p.modification.clone(),
                        timestamp: 0,
                        kind: Kind::BattlefieldPassive {
                            bf: b.id,
                            scope: p.scope.clone(),
                            condition: p.condition.clone(),
                        },
                        snapshot: None,
                    });
                }
            }
        }
        // passives of objects on the board, and of a legend in its Legend Zone (173.6)
        for o in &self.objects {
            if !o.zone.abilities_function() || skip(o.id) {
                continue;
            }
            // 718.2, 721.2: an attached card's rules text does not apply; what it gives the
            // Top-Most Card does (718.3, 718.4).
            if let Some(top) = o.attached_to.filter(|_| self.rules_text_inactive(o.id)) {
                self.attachment_instances(o, top, &mut v);
                continue;
            }
            for a in &o.def.abilities {
                if let super::objects::Ability::Passive(p) = a {
                    v.push(Inst {
                        label: format!("{}'s passive ability", o.def.name).into(),
                        layer: p.modification.layer(),
                        modification: p.modification.clone(),
                        timestamp: o.timestamp,
                        kind: Kind::Passive {
                            src: o.id,
                            scope: p.scope.clone(),
                            condition: p.condition.clone(),
                        },
                        snapshot: None,
                    });
                }
            }
            if o.is_unit() {
                if o.buffs > 0 {
                    v.push(Inst {
                        label: "buff".into(),
                        layer: 3,
                        modification: Modification::Might(o.buffs),
                        timestamp: o.timestamp,
                        kind: Kind::Buff(o.id),
                        snapshot: None,
                    });
                }
                // Assault applies only while attacking, Shield while defending (807.1.c,
                // 814.1.c): a designation no layer changes, so a unit without one has neither
                match o.designation {
                    Some(Designation::Attacker) => v.push(Inst {
                        label: "Assault".into(),
                        layer: 3,
                        modification: Modification::Might(0),
                        timestamp: o.timestamp,
                        kind: Kind::Assault(o.id),
                        snapshot: None,
                    }),
                    Some(Designation::Defender) => v.push(Inst {
                        label: "Shield".into(),
                        layer: 3,
                        modification: Modification::Might(0),
                        timestamp: o.timestamp,
                        kind: Kind::Shield(o.id),
                        snapshot: None,
                    }),
                    _ => {}
                }
            }
        }
        v
    }

    /// 718.3, 718.4: what the attached card `o` gives the Top-Most Card `top`: its Might
    /// Bonus (layer 3) and its Effect Text's keywords (layer 2) and passives.
    fn attachment_instances(&self, o: &super::objects::Object, top: ObjId, v: &mut Vec<Inst>) {
        use super::objects::Ability;
        let me = |modification: Modification, condition: Condition, rule: Cite, what: &str| Inst {
            label: format!("{}'s {what}", o.def.name).into(),
            layer: modification.layer(),
            modification,
            timestamp: o.timestamp,
            kind: Kind::Attached {
                top,
                scope: Scope::Me,
                condition,
                rule,
            },
            snapshot: None,
        };
        for a in &o.def.abilities {
            match a {
                Ability::MightBonus(n) => v.push(me(
                    Modification::Might(*n),
                    Condition::Always,
                    cite!("718.4"),
                    "Might Bonus",
                )),
                Ability::EffectText(list) => {
                    for x in list {
                        match x {
                            Ability::Keyword(k) => v.push(me(
                                Modification::AddKeyword(k.clone()),
                                Condition::Always,
                                cite!("718.3"),
                                "Effect Text",
                            )),
                            Ability::Passive(p) => {
                                let mut i = me(
                                    p.modification.clone(),
                                    p.condition.clone(),
                                    cite!("718.3"),
                                    "Effect Text",
                                );
                                if let Kind::Attached { scope, .. } = &mut i.kind {
                                    *scope = p.scope.clone();
                                }
                                v.push(i);
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn cond_holds(&self, c: &Condition, obj: ObjId, w: &Work) -> bool {
        match c {
            Condition::All(v) => return v.iter().all(|x| self.cond_holds(x, obj, w)),
            Condition::Not(x) => return !self.cond_holds(x, obj, w),
            _ => {}
        }
        let ctl = w.controller[obj.0];
        if let Condition::OtherUnitsMightAtLeast(n) = c {
            return self.other_units_might(obj, ctl, |x| w.controller[x.0], |x| w.might[x.0]) >= *n;
        }
        if let Some(b) = self.side_condition(c, Some(obj), ctl, |x| w.controller[x.0]) {
            return b;
        }
        self.object_condition(c, obj, w.might[obj.0], &w.kw[obj.0], &w.tags[obj.0], ctl)
    }

    /// A condition about the object itself, from characteristics `might`, `kw`, `tags` and
    /// controller `ctl` (those being derived, or the current ones).
    fn object_condition(
        &self,
        c: &Condition,
        obj: ObjId,
        might: i32,
        kw: &[Keyword],
        tags: &[String],
        ctl: PlayerId,
    ) -> bool {
        match c {
            Condition::Always => true,
            Condition::Mighty => might >= 5,
            Condition::Attacking => self.objects[obj.0].designation == Some(Designation::Attacker),
            Condition::Defending => self.objects[obj.0].designation == Some(Designation::Defender),
            Condition::HasKeyword(k) => kw.iter().any(|x| x.is_kind(k)),
            Condition::HasTag(t) => tags.iter().any(|x| x.eq_ignore_ascii_case(t)),
            Condition::ControllerXp(n) => self.level_reached(ctl, *n),
            Condition::Buffed => self.objects[obj.0].buffs > 0,
            Condition::Stunned => self.objects[obj.0].stunned,
            Condition::MightAtMost(n) => might <= *n,
            Condition::OnlyOneOfItsControllersThere => {
                let z = self.objects[obj.0].zone;
                z.on_board()
                    && !self.objects.iter().any(|o| {
                        o.id != obj && o.zone == z && o.is_unit() && self.controller(o.id) == ctl
                    })
            }
            Condition::AtBattlefield => {
                matches!(self.objects[obj.0].zone, super::state::Zone::Battlefield(_))
            }
            Condition::Legion => self.legion_active(obj, ctl),
            Condition::Token => self.objects[obj.0].token,
            Condition::All(v) => v
                .iter()
                .all(|x| self.object_condition(x, obj, might, kw, tags, ctl)),
            Condition::Not(x) => !self.object_condition(x, obj, might, kw, tags, ctl),
            // conditions of a card being played (806.4, 813.4): none holds on the board
            Condition::TargetsFriendly | Condition::TargetsEnemy => false,
            // counted over the other units (`cond_holds`, `derived_condition`)
            Condition::OtherUnitsMightAtLeast(_) => false,
            // compared with a replacement's source (abilities/replacement.rs)
            Condition::LessMightThanMe => false,
            // the controller's side of the board (abilities/conditions.rs)
            Condition::AdditionalCostPaid
            | Condition::DefendingAlone
            | Condition::AttackingOrDefendingAlone
            | Condition::RunesAtMost(_)
            | Condition::RunesAtLeast(_)
            | Condition::Controls { .. }
            | Condition::UnitDiedThisTurn { .. }
            | Condition::HandAtMost(_)
            | Condition::UnitsInBase { .. }
            | Condition::SameNameInTrash
            | Condition::OpponentWithin(_)
            | Condition::ExactlyOtherUnitsHere { .. }
            | Condition::Alone { .. }
            | Condition::YourPhase(_)
            | Condition::OpponentsTurn
            | Condition::FirstTurns { .. }
            | Condition::InShowdown
            | Condition::DuringCombat
            | Condition::EnemyAloneHere
            | Condition::OneOnOne
            | Condition::OtherUnitsHere(_)
            | Condition::DiscardedThisTurn
            | Condition::GainedXpThisTurn
            | Condition::StunnedEnemyHere
            | Condition::ReadyEnemyHere
            | Condition::OpponentControlsStunned
            | Condition::OpponentControlsBattlefield
            | Condition::AttackingWithAnother
            | Condition::NotFromHand
            | Condition::InCombat
            | Condition::SpentPowerThisTurn(_)
            | Condition::SpentOnASpellThisTurn(_)
            | Condition::FewerRunesThanOpponent
            | Condition::ControlsFacedown
            | Condition::FriendlyDiedYourBeginningPhase => self
                .side_condition(c, Some(obj), ctl, |x| self.controller(x))
                .unwrap_or(false),
        }
    }

    /// The Might of the units `ctl` controls on the board other than `obj`, summed (saturating).
    fn other_units_might(
        &self,
        obj: ObjId,
        ctl: PlayerId,
        controller_of: impl Fn(ObjId) -> PlayerId,
        might_of: impl Fn(ObjId) -> i32,
    ) -> i32 {
        self.objects
            .iter()
            .filter(|o| o.id != obj && o.zone.on_board() && o.is_unit())
            .filter(|o| controller_of(o.id) == ctl)
            .fold(0i32, |acc, o| acc.saturating_add(might_of(o.id)))
    }

    /// A condition about object `obj` with its current characteristics.
    pub(crate) fn derived_condition(&self, c: &Condition, obj: ObjId) -> bool {
        let d = self.derived();
        let ch = &d[obj.0];
        if let Condition::OtherUnitsMightAtLeast(n) = c {
            return self.other_units_might(
                obj,
                ch.controller,
                |x| d[x.0].controller,
                |x| d[x.0].might,
            ) >= *n;
        }
        self.object_condition(c, obj, ch.might, &ch.keywords, &ch.tags, ch.controller)
    }

    /// Whether an instance is able to apply now: `!affected(..).is_empty()` without
    /// collecting the objects.
    fn affects_any(&self, inst: &Inst, w: &Work) -> bool {
        match &inst.kind {
            Kind::Targeted(_) | Kind::Buff(_) => true,
            Kind::Assault(_) | Kind::Shield(_) => keyword_might(self, inst, w) != 0,
            Kind::Passive { .. } | Kind::Attached { .. } | Kind::BattlefieldPassive { .. } => {
                !self.affected(inst, w).is_empty()
            }
        }
    }

    /// The objects an instance would apply to now (empty: it is not able to apply).
    fn affected(&self, inst: &Inst, w: &Work) -> Vec<ObjId> {
        match &inst.kind {
            Kind::Targeted(t) => vec![*t],
            Kind::Buff(t) => vec![*t],
            Kind::Assault(t) | Kind::Shield(t) => {
                if keyword_might(self, inst, w) != 0 {
                    vec![*t]
                } else {
                    vec![]
                }
            }
            Kind::Passive {
                src,
                scope,
                condition,
            }
            | Kind::Attached {
                top: src,
                scope,
                condition,
                ..
            } => {
                let me = *src;
                let ctl = w.controller[me.0];
                let here = self.objects[me.0].zone;
                let pool: Vec<ObjId> = match scope {
                    Scope::Me => vec![me],
                    _ => self
                        .objects
                        .iter()
                        .filter(|o| o.zone.on_board() && o.is_unit())
                        .map(|o| o.id)
                        .filter(|&u| match scope {
                            Scope::Me => false,
                            // 740.1, 484.8.d: friendly includes a teammate's
                            Scope::OtherFriendlyUnits => {
                                u != me && self.friendly(ctl, w.controller[u.0])
                            }
                            Scope::FriendlyUnits => self.friendly(ctl, w.controller[u.0]),
                            Scope::EnemyUnits => self.opponents(ctl, w.controller[u.0]),
                            Scope::OtherFriendlyUnitsHere => {
                                u != me
                                    && self.friendly(ctl, w.controller[u.0])
                                    && self.objects[u.0].zone == here
                            }
                            Scope::UnitsHere => self.objects[u.0].zone == here,
                            // 484.8.c: control is not shared
                            Scope::YourUnits => w.controller[u.0] == ctl,
                            Scope::YourOtherUnits => u != me && w.controller[u.0] == ctl,
                            Scope::YourOtherUnitsHere => {
                                u != me
                                    && w.controller[u.0] == ctl
                                    && self.objects[u.0].zone == here
                            }
                        })
                        .collect(),
                };
                pool.into_iter()
                    .filter(|&u| self.cond_holds(condition, u, w))
                    .collect()
            }
            // 053.3: "here" on a battlefield's card is that battlefield; its passives are
            // about the units there (the builder admits no other scope on a battlefield)
            Kind::BattlefieldPassive {
                bf,
                scope,
                condition,
            } => match scope {
                Scope::UnitsHere => self
                    .objects
                    .iter()
                    .filter(|o| o.zone == Zone::Battlefield(*bf) && o.is_unit())
                    .map(|o| o.id)
                    .filter(|&u| self.cond_holds(condition, u, w))
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// Chooses the next instance to apply among candidates of one layer: arithmetic applies
    /// increases before decreases (472.3.d); dependencies order effects (474.1); otherwise
    /// the earliest timestamp (475.3). Returns the pick and what it was found to depend on.
    fn pick(
        &self,
        insts: &[Inst],
        cands: &[usize],
        w: &Work,
        layer: u8,
    ) -> (usize, Option<(usize, usize)>) {
        if layer == 3 {
            let inc = |i: &usize| match insts[*i].modification {
                Modification::Might(n) => n >= 0 && insts[*i].snapshot.unwrap_or(0) >= 0,
                Modification::MightPer { each, .. } => each >= 0,
                _ => true,
            };
            let pool: Vec<usize> = if cands.iter().any(inc) {
                cands.iter().copied().filter(inc).collect()
            } else {
                cands.to_vec()
            };
            let best = pool
                .iter()
                .copied()
                .min_by_key(|&i| (insts[i].timestamp, i))
                .unwrap_or(cands[0]);
            return (best, None);
        }
        // 473.1: c depends on d when applying d changes the objects c applies to.
        let mut order: Vec<usize> = cands.to_vec();
        order.sort_by_key(|&i| (insts[i].timestamp, i));
        // Bounded work (issue 10): an effect aimed at fixed objects (a target, a buff)
        // depends on nothing, and the trial application copies the characteristics but
        // not the breakdowns, which only grow with the number of effects.
        let depends = |c: usize, d: usize| -> bool {
            if matches!(insts[c].kind, Kind::Targeted(_) | Kind::Buff(_)) {
                return false;
            }
            let before = self.affected(&insts[c], w);
            let mut w2 = Work {
                might: w.might.clone(),
                kw: w.kw.clone(),
                tags: w.tags.clone(),
                controller: w.controller.clone(),
                no_damage: w.no_damage.clone(),
                steps: Vec::new(),
            };
            self.apply_inst_silent(&insts[d], &mut w2);
            self.affected(&insts[c], &w2) != before
        };
        let mut postponed = None;
        for &c in &order {
            match order.iter().copied().find(|&d| d != c && depends(c, d)) {
                // c depends on nothing still to apply: apply it now (474.1 step 2).
                None => return (c, postponed),
                // c waits for what it depends on (474.1 step 3 applies it right after).
                Some(d) => {
                    if postponed.is_none() {
                        postponed = Some((c, d));
                    }
                }
            }
        }
        // a dependency loop: timestamp order (475.3)
        (order[0], None)
    }

    fn apply_inst_silent(&self, inst: &Inst, w: &mut Work) {
        let targets = self.affected(inst, w);
        for t in targets {
            modify(w, t, inst, self);
        }
    }

    fn apply_inst(&self, inst: &Inst, w: &mut Work, dep: Option<String>) {
        let targets = self.affected(inst, w);
        for t in targets {
            let change = modify(w, t, inst, self);
            let mut rules = match inst.layer {
                1 => vec![cite!("472.1")],
                2 => vec![cite!("472.2")],
                _ => vec![cite!("472.3")],
            };
            let (source, timestamp) = match &inst.kind {
                Kind::Buff(_) => {
                    rules.push(cite!("703"));
                    ("buff".to_string(), None)
                }
                Kind::Assault(_) => {
                    rules.push(keywords::assault::rule());
                    // 807.2: several instances give one summed value
                    if several(&w.kw[t.0], KeywordKind::Assault) {
                        rules.push(cite!("807.2"));
                    }
                    ("Assault (attacking)".to_string(), None)
                }
                Kind::Shield(_) => {
                    rules.push(keywords::shield::rule());
                    // 814.2: several instances give one summed value
                    if several(&w.kw[t.0], KeywordKind::Shield) {
                        rules.push(cite!("814.2"));
                    }
                    ("Shield (defending)".to_string(), None)
                }
                Kind::Attached { rule, .. } => {
                    rules.push(*rule);
                    rules.push(cite!("475.3"));
                    (inst.label.to_string(), Some(inst.timestamp))
                }
                _ => {
                    // a dependent keyword's passive applies while its condition holds
                    // (727.1.c.2): Legion (812.1.c), Level (824.1.c)
                    if let Kind::Passive { condition, .. } = &inst.kind {
                        rules.extend(condition.dependent_rule());
                    }
                    rules.push(cite!("475.3"));
                    (inst.label.to_string(), Some(inst.timestamp))
                }
            };
            if inst.snapshot.is_some() {
                rules.push(cite!("472.3.b"));
            }
            if dep.is_some() {
                rules.push(cite!("474.1"));
            }
            w.steps[t.0].push(BreakdownStep {
                layer: inst.layer,
                source,
                change,
                might: w.might[t.0],
                timestamp,
                depends_on: dep.clone(),
                rules,
            });
        }
    }
}

/// The Might an Assault (807.1.c) or Shield (814.1.c) instance gives its unit now, from the
/// keywords derived so far (keywords/assault.rs, keywords/shield.rs); 0 for other instances.
fn keyword_might(g: &Game, inst: &Inst, w: &Work) -> i32 {
    match inst.kind {
        Kind::Assault(t) => {
            keywords::assault::might_while_attacking(g.objects[t.0].designation, &w.kw[t.0])
        }
        Kind::Shield(t) => {
            keywords::shield::might_while_defending(g.objects[t.0].designation, &w.kw[t.0])
        }
        _ => 0,
    }
}

/// 472.2–472.3: a count of an effect instance on `t`, taken now from its source's side with
/// the controllers, Mights and keywords derived so far; a battlefield has no side of its
/// own, so a battlefield's passive counts from the unit's (`t`).
fn count_now(g: &Game, w: &Work, inst: &Inst, t: ObjId, per: &super::objects::Count) -> i32 {
    let src = match &inst.kind {
        Kind::Passive { src, .. } | Kind::Attached { top: src, .. } => *src,
        Kind::Targeted(x) | Kind::Buff(x) | Kind::Assault(x) | Kind::Shield(x) => *x,
        Kind::BattlefieldPassive { .. } => t,
    };
    g.count_with(
        per,
        w.controller[src.0],
        src,
        |o| w.controller[o.0],
        |o| w.might[o.0],
        |o, k| w.kw[o.0].iter().any(|x| x.is_kind(k)),
    )
}

/// Applies one modification to one object of the work state; returns the change's text.
fn modify(w: &mut Work, t: ObjId, inst: &Inst, g: &Game) -> String {
    if let Kind::Assault(_) | Kind::Shield(_) = inst.kind {
        let x = keyword_might(g, inst, w);
        w.might[t.0] = w.might[t.0].saturating_add(x);
        return format!("{x:+} Might");
    }
    match &inst.modification {
        Modification::SetController(p) => {
            w.controller[t.0] = *p;
            format!("controller becomes {}", g.player_name(*p))
        }
        Modification::SetMight(v) => {
            w.might[t.0] = *v;
            format!("Might becomes {v}")
        }
        Modification::AddTag(tag) => {
            if !w.tags[t.0].iter().any(|x| x == tag) {
                w.tags[t.0].to_mut().push(tag.clone());
            }
            format!("gains tag {tag}")
        }
        Modification::AddKeyword(k) => {
            w.kw[t.0].to_mut().push(k.clone());
            format!("gains {k}")
        }
        Modification::RemoveKeyword(k) => {
            w.kw[t.0].to_mut().retain(|x| !x.is_kind(k));
            format!("loses {k:?}")
        }
        Modification::NoDamage => {
            w.no_damage[t.0] = true;
            "gains \"I don't take damage\"".to_string()
        }
        Modification::AssaultPer(per) => {
            // 472.2: the keyword's value counted now, from the source's side
            let n = count_now(g, w, inst, t, per);
            if n > 0 {
                w.kw[t.0].to_mut().push(super::objects::Keyword::Assault(n));
                format!("gains Assault {n} (one for each {}: {n})", per.describe())
            } else {
                format!("gains no Assault (each {}: 0)", per.describe())
            }
        }
        Modification::MightPer { each, per } => {
            // 472.3: counted now, from the source's side, with the controllers and Mights
            // derived so far
            let n = count_now(g, w, inst, t, per);
            let d = each.saturating_mul(n);
            w.might[t.0] = w.might[t.0].saturating_add(d);
            format!("{d:+} Might ({each:+} for each {}: {n})", per.describe())
        }
        Modification::Might(n) => {
            let d = inst.snapshot.unwrap_or(*n);
            w.might[t.0] = w.might[t.0].saturating_add(d);
            if inst.snapshot.is_some() && d != *n {
                format!("{d:+} Might (limited from {n:+}, snapshotted)")
            } else {
                format!("{d:+} Might")
            }
        }
    }
}

/// Whether `kw` holds more than one instance of the keyword `k` (their values summed: 807.2,
/// 814.2).
fn several(kw: &[Keyword], k: KeywordKind) -> bool {
    kw.iter().filter(|x| x.kind() == k).nth(1).is_some()
}
