//! Replacement effects (367–375): "If/The next time [a unit] would die / be killed / be dealt
//! damage, [do this] instead." A replacement intercedes in the execution of the event (369):
//! a death (by any means), a kill action (428), damage from an effect (417) or combat
//! (460.2.d) — and replaces it with its instructions (370.1.a); a replaced death is not a
//! death — the unit is not put in the trash and its Deathknell does not trigger (808.1.d.1). Each replacement applies
//! once to an event and to the events that replace it (370.2); "the next time" is used up
//! once applied, "once each turn" may be applied by its controller's choice once a turn (371);
//! several replacements for one event are ordered by the affected object's owner (372);
//! several simultaneous deaths are treated one by one, the replacement's controller choosing
//! which comes first (373). The replacement's controller controls its source (374). A
//! replacement of a token being played ("if you would play a token unit, play that token and
//! an additional copy of it instead") hands the event's modifications on to what replaces it
//! (375).

use crate::cite;
use crate::engine::actions::R;
use crate::engine::costs::BuffFrom;
use crate::engine::decision::{Answer, Decision, DecisionKind, DecisionOption};
use crate::engine::objects::{
    Ability, CostWithin, Duration, Effect, ReplacedEvent, Replacement, ReplacementUses, Scope,
    Target,
};
use crate::engine::state::{Game, ObjId, PlayerId, Zone};
use crate::engine::trace::{Cite, EventKind};
use serde::Serialize;

/// Which replacement effect: an ability of an object on the board (its source and the
/// ability's index), or one a spell or ability created (`CreatedReplacement::id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RepKey {
    Ability(ObjId, usize),
    Created(u64),
}

/// A replacement effect a spell or ability created for a duration, about one unit ("Choose
/// a friendly unit. The next time it would die this turn, … instead"): it applies to that
/// object only while it is the same object (a zone change makes a new one) and expires with
/// its duration (317.2.c, 461.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CreatedReplacement {
    pub id: u64,
    /// Who controls it: the controller of what created it (374).
    pub controller: PlayerId,
    /// What created it (the spell's card, for its name; "me" in its instructions).
    pub created_by: ObjId,
    pub unit: ObjId,
    /// The unit's timestamp when the effect was created.
    pub stamp: u64,
    pub rep: Replacement,
    pub duration: Duration,
    /// "The next time": used up once applied (kept until it expires, for 370.2).
    pub spent: bool,
    /// "Prevent the next N damage": the Prevent Value still tracked on the unit (437.3.b).
    pub prevent_left: Option<i32>,
}

/// A replacement that could apply: which one, the object it comes from, its controller
/// and the replacement.
#[derive(Clone)]
struct Candidate {
    key: RepKey,
    source: ObjId,
    controller: PlayerId,
    rep: Replacement,
}

/// An event replacement effects may apply to (369): whose event it is, its words ("would be
/// dealt {n} damage", `{n}` standing for the amount) and, for damage, the amount — which a
/// prevention reduces (437.2).
#[derive(Clone)]
struct Pending {
    unit: ObjId,
    amount: i32,
    words: String,
}

impl Pending {
    fn said(&self) -> String {
        self.words.replace("{n}", &self.amount.to_string())
    }
}

/// Replaces "that unit" (`Target::Affected`) in `e` by the unit whose event is replaced
/// (or that made a delayed ability trigger).
pub(crate) fn bind_affected(e: &Effect, unit: ObjId) -> Effect {
    let mut e = e.clone();
    for t in crate::engine::choices::targets_mut(&mut e) {
        if *t == Target::Affected {
            *t = Target::Object(unit);
        }
    }
    e
}

impl Game {
    /// Whether the candidate is about `unit`'s event `ev`: an ability by its scope, seen
    /// from its source; a created replacement about its one unit, still the same object.
    fn applies_to(&self, c: &Candidate, unit: ObjId, ev: ReplacedEvent) -> bool {
        match c.key {
            RepKey::Ability(..) => self.replaces(c.source, &c.rep, unit, ev),
            RepKey::Created(id) => {
                c.rep.event == ev
                    && self.created_replacements.iter().any(|r| {
                        r.id == id
                            && r.unit == unit
                            && self.objects[unit.0].timestamp == r.stamp
                            && self.objects[unit.0].zone.on_board()
                    })
            }
        }
    }

    /// Whether `rep` (on `source`) is about `unit`'s event `ev` (its scope, seen from the
    /// source).
    fn replaces(&self, source: ObjId, rep: &Replacement, unit: ObjId, ev: ReplacedEvent) -> bool {
        if rep.event != ev {
            return false;
        }
        // 370.1: the circumstances it specifies about the unit ("a buffed unit you control",
        // "if it has less Might than me" — against its source's Might as the event happens)
        let affected = match &rep.affected {
            crate::engine::objects::Condition::Always => true,
            crate::engine::objects::Condition::LessMightThanMe => {
                self.might(unit) < self.might(source)
            }
            c => self.derived_condition(c, unit),
        };
        if !affected {
            return false;
        }
        let ctl = self.controller(source);
        let same_place = self.objects[source.0].zone == self.objects[unit.0].zone;
        // "a friendly unit", "another unit": every scope but "me" is about units
        if rep.scope != Scope::Me && !self.objects[unit.0].is_unit() {
            return false;
        }
        match rep.scope {
            Scope::Me => unit == source,
            // 740.1, 484.8.d: friendly includes a teammate's
            Scope::FriendlyUnits => self.friendly(ctl, self.controller(unit)),
            Scope::OtherFriendlyUnits => {
                unit != source && self.friendly(ctl, self.controller(unit))
            }
            Scope::OtherFriendlyUnitsHere => {
                unit != source && self.friendly(ctl, self.controller(unit)) && same_place
            }
            Scope::UnitsHere => same_place,
            Scope::EnemyUnits => self.opponents(ctl, self.controller(unit)),
            // 484.8.c: control is not shared
            Scope::YourUnits => self.controller(unit) == ctl,
            Scope::YourOtherUnits => unit != source && self.controller(unit) == ctl,
            Scope::YourOtherUnitsHere => {
                unit != source && self.controller(unit) == ctl && same_place
            }
        }
    }

    /// 370.3: a replacement effect active in the trash whose card is among `events` (it
    /// dies with them, entering the trash at the same time) does not replace the others —
    /// said for each event it would otherwise fit.
    fn note_entering_with(&mut self, ev: ReplacedEvent, events: &[Pending]) {
        if !matches!(ev, ReplacedEvent::Die | ReplacedEvent::Killed) {
            return;
        }
        for src in events.iter().map(|p| p.unit) {
            let reps: Vec<Replacement> = self.objects[src.0]
                .def
                .abilities
                .iter()
                .filter_map(|a| match a {
                    Ability::Replacement(r) if r.in_trash => Some(r.clone()),
                    _ => None,
                })
                .collect();
            for rep in &reps {
                for p in events.iter().filter(|p| p.unit != src) {
                    if self.replaces(src, rep, p.unit, ev) {
                        let t = format!(
                            "{}'s replacement effect, active in the trash, does not apply: {} {}, and {} is not in the trash before that",
                            self.obj_name(src),
                            self.obj_name(p.unit),
                            p.said(),
                            self.obj_name(src)
                        );
                        self.event(
                            EventKind::Effect,
                            vec![cite!("370.3")],
                            t,
                            vec![p.unit.0, src.0],
                        );
                    }
                }
            }
        }
    }

    /// The replacement effects on the board, and those active in the trash of the cards in
    /// a trash (370.3), that are not used up. Looked at before the events happen, so a card
    /// that enters the trash with them is not among them (370.3).
    fn replacements(&self) -> Vec<Candidate> {
        let mut v = Vec::new();
        for o in &self.objects {
            let in_trash = matches!(o.zone, Zone::Trash(_));
            // 173.6–173.8: a legend's abilities function from its Legend Zone too
            if !(o.zone.abilities_function() || in_trash) || self.rules_text_inactive(o.id) {
                continue;
            }
            for (index, a) in o.def.abilities.iter().enumerate() {
                if let Ability::Replacement(rep) = a
                    && rep.in_trash == in_trash
                    && self.ability_condition_holds(
                        &rep.condition,
                        Some(o.id),
                        self.controller(o.id),
                    )
                {
                    let spent = match rep.uses {
                        ReplacementUses::Always => false,
                        ReplacementUses::Next => {
                            self.replacements_spent.contains(&(o.id, index, 0))
                        }
                        ReplacementUses::OnceEachTurn => {
                            self.replacements_spent
                                .contains(&(o.id, index, self.turn.number))
                        }
                    };
                    if !spent {
                        v.push(Candidate {
                            key: RepKey::Ability(o.id, index),
                            source: o.id,
                            controller: self.controller(o.id),
                            rep: rep.clone(),
                        });
                    }
                }
            }
        }
        for r in &self.created_replacements {
            if !r.spent {
                v.push(Candidate {
                    key: RepKey::Created(r.id),
                    source: r.created_by,
                    controller: r.controller,
                    rep: r.rep.clone(),
                });
            }
        }
        v
    }

    /// The candidate a key names, spent or not (for 370.2).
    fn candidate(&self, key: RepKey) -> Option<Candidate> {
        match key {
            RepKey::Ability(src, index) => match self.objects[src.0].def.abilities.get(index) {
                Some(Ability::Replacement(rep)) => Some(Candidate {
                    key,
                    source: src,
                    controller: self.controller(src),
                    rep: rep.clone(),
                }),
                _ => None,
            },
            RepKey::Created(id) => self
                .created_replacements
                .iter()
                .find(|r| r.id == id)
                .map(|r| Candidate {
                    key,
                    source: r.created_by,
                    controller: r.controller,
                    rep: r.rep.clone(),
                }),
        }
    }

    /// "would die", "would be dealt damage" … and what happens instead, for the trace.
    pub(crate) fn describe_created_replacement(
        &self,
        unit: &str,
        rep: &Replacement,
        duration: Duration,
    ) -> String {
        let what: Vec<String> = rep
            .instead
            .iter()
            .map(|e| self.describe_effect(e, None))
            .collect();
        let when = match duration {
            Duration::ThisTurn => " this turn",
            Duration::ThisCombat => " this combat",
            Duration::Permanent => "",
        };
        let first = match rep.uses {
            ReplacementUses::Next => "the next time",
            _ => "each time",
        };
        // 742.1: an optional one is applied only if chosen (and paid for)
        let may = if rep.choice.is_some() {
            " (optional: applied only if its controller chooses to and pays its cost)"
        } else {
            ""
        };
        if rep.double {
            format!("all damage that would be dealt to {unit}{when} is doubled")
        } else if let Some(n) = rep.prevent {
            format!("prevent the next {n} damage that would be dealt to {unit}{when}")
        } else if what.is_empty() {
            format!(
                "{first} {unit} would {}{when}, prevent it",
                rep.event.verb()
            )
        } else {
            format!(
                "{first} {unit} would {}{when}, {} instead{may}",
                rep.event.verb(),
                what.join("; ")
            )
        }
    }

    /// 369, 370.1: a spell or ability creates a replacement effect about `unit` for
    /// `duration`, controlled by its controller (374).
    pub(crate) fn create_replacement(
        &mut self,
        controller: PlayerId,
        source: Option<ObjId>,
        unit: ObjId,
        rep: &Replacement,
        duration: Duration,
    ) {
        let Some(created_by) = source else { return };
        let id = self.fresh_id();
        let t = format!(
            "{} creates a replacement effect controlled by {}: {}",
            self.obj_name(created_by),
            self.player_name(controller),
            self.describe_created_replacement(self.obj_name(unit), rep, duration)
        );
        let mut rules = vec![cite!("369"), cite!("370.1")];
        if rep.instead.is_empty() {
            rules.push(cite!("369.2"));
        }
        if rep.prevent.is_some() {
            // 437.1.b.1: the next N damage; N is the Prevent Value
            rules.push(cite!("437.1.b.1"));
            rules.push(cite!("437.1.b.1.a"));
        }
        self.event(EventKind::Effect, rules, t, vec![unit.0]);
        self.created_replacements.push(CreatedReplacement {
            id,
            controller,
            created_by,
            unit,
            stamp: self.objects[unit.0].timestamp,
            rep: rep.clone(),
            duration,
            spent: false,
            prevent_left: rep.prevent,
        });
    }

    /// 369–373: applies replacement effects to the deaths of `units` (about to be killed
    /// simultaneously, `why`). Returns the units that still die; the others' deaths were
    /// replaced (and their replacements executed).
    pub(crate) fn replace_deaths(&mut self, units: &[ObjId], why: Cite) -> R<Vec<ObjId>> {
        let events: Vec<(ObjId, String)> = units
            .iter()
            .map(|u| (*u, "would die".to_string()))
            .collect();
        self.replace_events(ReplacedEvent::Die, &events, why)
    }

    /// 369–373: applies replacement effects of kind `ev` to the events of `units` (each with
    /// its words, "would be killed"), simultaneous, for the reason `why`. Returns the units
    /// whose event still happens.
    pub(crate) fn replace_events(
        &mut self,
        ev: ReplacedEvent,
        units: &[(ObjId, String)],
        why: Cite,
    ) -> R<Vec<ObjId>> {
        let events = units
            .iter()
            .map(|(unit, words)| Pending {
                unit: *unit,
                amount: 0,
                words: words.clone(),
            })
            .collect();
        Ok(self
            .replace_all(ev, events, why)?
            .into_iter()
            .map(|p| p.unit)
            .collect())
    }

    /// 369–373, 437: applies replacement effects of being dealt damage to `events` (a unit,
    /// the damage it would be dealt, and the words around the amount: "would be dealt {n}
    /// combat damage"), simultaneous, for the reason `why`. Returns the damage still dealt,
    /// unit by unit — less than it would have been where a prevention reduced it (437.2);
    /// a unit whose damage was replaced or all prevented is not in it (437.4).
    pub(crate) fn replace_damage(
        &mut self,
        events: &[(ObjId, i32, String)],
        why: Cite,
    ) -> R<Vec<(ObjId, i32)>> {
        let events = events
            .iter()
            .map(|(unit, amount, words)| Pending {
                unit: *unit,
                amount: *amount,
                words: words.clone(),
            })
            .collect();
        Ok(self
            .replace_all(ReplacedEvent::DealtDamage, events, why)?
            .into_iter()
            .map(|p| (p.unit, p.amount))
            .collect())
    }

    fn replace_all(
        &mut self,
        ev: ReplacedEvent,
        events: Vec<Pending>,
        why: Cite,
    ) -> R<Vec<Pending>> {
        // 370.2 / 373.2: a replacement applies once to an event and to the events that
        // replace it — the events its own instructions cause included, so the list of the
        // replacements applied is shared with the nested events and dropped at the end
        let mark = self.replacements_applied.len();
        let r = self.replace_in(ev, events, why);
        self.replacements_applied.truncate(mark);
        r
    }

    fn replace_in(
        &mut self,
        ev: ReplacedEvent,
        events: Vec<Pending>,
        why: Cite,
    ) -> R<Vec<Pending>> {
        let mut dying = events;
        // 370.2: in a kill caused by a replacement's own instructions, the replacements
        // already applied do not apply again — said once for each death they would fit
        for key in self.replacements_applied.clone() {
            if let Some(c) = self.candidate(key) {
                let src = c.source;
                for p in &dying {
                    if self.applies_to(&c, p.unit, ev) {
                        let t = format!(
                            "{}'s replacement effect does not apply: {} {}, but it was already applied to the event this one replaces",
                            self.obj_name(src),
                            self.obj_name(p.unit),
                            p.said()
                        );
                        self.event(
                            EventKind::Effect,
                            vec![cite!("370.2")],
                            t,
                            vec![p.unit.0, src.0],
                        );
                    }
                }
            }
        }
        self.note_entering_with(ev, &dying);
        loop {
            let applied = self.replacements_applied.clone();
            let cands: Vec<Candidate> = self
                .replacements()
                .into_iter()
                .filter(|c| !applied.contains(&c.key))
                .collect();
            let mut pairs: Vec<(usize, Candidate)> = Vec::new();
            for (k, p) in dying.iter().enumerate() {
                for c in &cands {
                    if self.applies_to(c, p.unit, ev) {
                        pairs.push((k, c.clone()));
                    }
                }
            }
            if pairs.is_empty() {
                break;
            }
            // 372: several replacements of one event — the owner of the object acted on
            // orders them, whoever controls them; 373: several simultaneous events — each
            // controller orders its own replacements, different controllers in turn order
            // (373.1)
            let one_event = pairs.iter().all(|(k, _)| *k == pairs[0].0);
            let (chooser, mine): (PlayerId, Vec<&(usize, Candidate)>) = if one_event {
                (
                    self.objects[dying[pairs[0].0].unit.0].owner,
                    pairs.iter().collect(),
                )
            } else {
                let first =
                    self.first_in_turn_order(pairs.iter().map(|(_, c)| c.controller).collect());
                (
                    first,
                    pairs
                        .iter()
                        .filter(|(_, c)| c.controller == first)
                        .collect(),
                )
            };
            // 373.2: one that replaces every event it qualifies for at once is one option,
            // named with all of them
            let mut mine = mine;
            let mut seen: Vec<RepKey> = Vec::new();
            mine.retain(|(_, c)| {
                if c.rep.uses != ReplacementUses::Always {
                    return true;
                }
                let first = !seen.contains(&c.key);
                seen.push(c.key);
                first
            });
            let options: Vec<DecisionOption> = mine
                .iter()
                .enumerate()
                .map(|(i, (k, c))| DecisionOption {
                    label: format!(
                        "{}'s replacement effect replaces: {}",
                        self.obj_name(c.source),
                        pairs
                            .iter()
                            .filter(|(j, d)| d.key == c.key
                                && (*j == *k || c.rep.uses == ReplacementUses::Always))
                            .map(|(j, _)| format!(
                                "{} {}",
                                self.obj_name(dying[*j].unit),
                                dying[*j].said()
                            ))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    answer: Answer::Index(i),
                })
                .collect();
            let asks = options.len() > 1;
            // the order was decided: by the chooser among several, or by turn order (373.1)
            let in_turn_order = !one_event && pairs.iter().any(|(_, c)| c.controller != chooser);
            let several = asks || in_turn_order;
            let mut rules = if one_event {
                vec![cite!("372")]
            } else {
                vec![cite!("373")]
            };
            if in_turn_order {
                rules.push(cite!("373.1"));
            }
            let i = if !asks {
                0
            } else {
                self.decide(Decision {
                    kind: DecisionKind::ReplacementOrder,
                    player: chooser,
                    prompt: format!(
                        "{} chooses which replacement effect applies first",
                        self.player_name(chooser)
                    ),
                    options,
                    more: 0,
                    items: vec![],
                    rules: rules.clone(),
                })?
            };
            let (k, cand) = mine[i].clone();
            let unit = dying[k].unit;
            let what = format!("{} {}", self.obj_name(unit), dying[k].said());
            // 371.1: a once-each-turn replacement is applied by its controller's choice; 742.1:
            // an optional one by the choice of the player it names, who pays its cost
            if !self.take(&cand, cand.controller, &what, Some(unit))? {
                continue;
            }
            if cand.rep.double {
                // 432.1: the damage increased by its own amount; the event stays pending for
                // the other replacements (not this one, 370.2)
                let before = dying[k].said();
                dying[k].amount = dying[k].amount.saturating_mul(2);
                let mut r = vec![
                    why,
                    cite!("369"),
                    cite!("370.1.a"),
                    cite!("374"),
                    cite!("432.1"),
                ];
                if several {
                    r.extend(rules.iter().copied());
                }
                let t = format!(
                    "{} {before}; {}'s replacement effect (controlled by {}) doubles it: {} damage instead",
                    self.obj_name(dying[k].unit),
                    self.obj_name(cand.source),
                    self.player_name(cand.controller),
                    dying[k].amount
                );
                self.event(
                    EventKind::Effect,
                    r,
                    t,
                    vec![dying[k].unit.0, cand.source.0],
                );
                continue;
            }
            if let (Some(_), RepKey::Created(id)) = (cand.rep.prevent, cand.key) {
                // 437.2: a prevention of an amount replaces the damage with less of it; what
                // is left stays pending for the other replacements (not this one, 370.2)
                let mut r = vec![why];
                if several {
                    r.extend(rules);
                }
                self.prevent_amount(id, &mut dying[k], &cand, r);
                if dying[k].amount == 0 {
                    dying.remove(k);
                }
                continue;
            }
            // 373.2: a replacement is applied in one sequence to any number of the
            // simultaneous events it qualifies to replace — "if a unit here would die" saves
            // every one of them at once; one used up by its first use ("the next time", once
            // each turn) replaces only the event chosen
            let mut units = vec![unit];
            if cand.rep.uses == ReplacementUses::Always {
                for p in &dying {
                    if p.unit != unit && self.applies_to(&cand, p.unit, ev) {
                        units.push(p.unit);
                    }
                }
            }
            let together = units.len() > 1;
            for (n, unit) in units.into_iter().enumerate() {
                let Some(k) = dying.iter().position(|p| p.unit == unit) else {
                    continue;
                };
                // 742.1: an optional one is chosen (and paid for) event by event; the first
                // was in `take`
                if n > 0 && cand.rep.choice.is_some() {
                    let what = format!("{} {}", self.obj_name(unit), dying[k].said());
                    if !self.accepts(&cand, Some(unit), &what)? {
                        continue;
                    }
                }
                self.replace_one(ev, dying.remove(k), &cand, why, several, &rules, together)?;
            }
        }
        Ok(dying)
    }

    /// 369, 370.1.a, 374: `cand` replaces the event `p` — traced, then what it does
    /// instead is executed by its controller; `together` when it replaces other
    /// simultaneous events in the same sequence (373.2).
    #[allow(clippy::too_many_arguments)]
    fn replace_one(
        &mut self,
        ev: ReplacedEvent,
        p: Pending,
        cand: &Candidate,
        why: Cite,
        several: bool,
        rules: &[Cite],
        together: bool,
    ) -> R<()> {
        let unit = p.unit;
        {
            let said = p.said();
            let what: Vec<String> = cand
                .rep
                .instead
                .iter()
                .map(|e| self.describe_effect(&bind_affected(e, unit), Some(cand.source)))
                .collect();
            let mut r = vec![why, cite!("369"), cite!("370.1.a"), cite!("374")];
            if several {
                r.extend(rules.iter().copied());
            }
            if together {
                r.push(cite!("373.2"));
            }
            if cand.rep.uses == ReplacementUses::Next {
                r.push(cite!("370.2"));
            }
            // 370.3: one active in the trash applies from there
            if cand.rep.in_trash {
                r.push(cite!("370.3"));
            }
            let mut t = if what.is_empty() {
                // 369.2: preventing is a replacement effect; nothing happens instead
                r.push(cite!("369.2"));
                format!(
                    "{} {said}; {}'s replacement effect (controlled by {}) prevents it",
                    self.obj_name(unit),
                    self.obj_name(cand.source),
                    self.player_name(cand.controller),
                )
            } else {
                format!(
                    "{} {said}; {}'s replacement effect (controlled by {}) applies instead: {}",
                    self.obj_name(unit),
                    self.obj_name(cand.source),
                    self.player_name(cand.controller),
                    what.join("; ")
                )
            };
            // 370.1: the circumstances it specified about the unit, which held
            use crate::engine::objects::Condition;
            let about = match &cand.rep.affected {
                Condition::Always => None,
                Condition::LessMightThanMe => Some(format!(
                    "{} has less Might than {}",
                    self.obj_name(unit),
                    self.obj_name(cand.source)
                )),
                Condition::Buffed => Some(format!("{} was buffed", self.obj_name(unit))),
                c => Some(format!("{}: {}", self.obj_name(unit), c.describe())),
            };
            if let Some(a) = about {
                t.push_str(&format!(" ({a})"));
                r.push(cite!("370.1"));
            }
            // 808.1.d.1: a replaced death is not a death — no Deathknell
            if matches!(ev, ReplacedEvent::Die | ReplacedEvent::Killed)
                && self.has_keyword(unit, crate::engine::KeywordKind::Deathknell)
            {
                t.push_str(&format!(
                    "; {} did not die, so its Deathknell does not trigger",
                    self.obj_name(unit)
                ));
                r.push(cite!("808.1.d.1"));
            }
            self.event(EventKind::Effect, r, t, vec![unit.0, cand.source.0]);
            let ctl = cand.controller;
            let depth = self.depth;
            self.depth += 1;
            let stamp = self.objects[unit.0].timestamp;
            for e in &cand.rep.instead {
                // 110, 359.3.e.6: "heal it, exhaust it, and recall it" — once an earlier
                // instruction (or a replacement nested in it) has taken the unit off the board
                // it is a new object, and the instructions about it are ignored
                let gone = !self.objects[unit.0].zone.on_board()
                    || self.objects[unit.0].timestamp != stamp;
                if gone
                    && crate::engine::choices::targets_mut(&mut e.clone())
                        .iter()
                        .any(|t| **t == Target::Affected)
                {
                    let t = format!(
                        "{} is no longer on the board: \"{}\" is ignored",
                        self.obj_name(unit),
                        self.describe_effect(&bind_affected(e, unit), Some(cand.source))
                    );
                    self.event(
                        EventKind::Effect,
                        vec![cite!("110"), cite!("359.3.e.6")],
                        t,
                        vec![unit.0],
                    );
                    continue;
                }
                self.execute_effect(&bind_affected(e, unit), ctl, Some(cand.source), None)?;
            }
            self.depth = depth;
        }
        Ok(())
    }

    /// 437.2–437.4: the prevention `id` (candidate `cand`) applies to the damage `p`: the
    /// damage is replaced by that much reduced by the Prevent Value (never below 0, 437.2.a),
    /// and the Prevent Value by what it prevented (437.3) — at 0 the effect expires
    /// (437.3.a). `rules` are the event's reason and the ordering rule, if any.
    fn prevent_amount(&mut self, id: u64, p: &mut Pending, cand: &Candidate, mut rules: Vec<Cite>) {
        let Some(r) = self.created_replacements.iter_mut().find(|r| r.id == id) else {
            return;
        };
        let left = r.prevent_left.unwrap_or(0).max(0);
        let prevented = left.min(p.amount);
        let value = left - prevented;
        r.prevent_left = Some(value);
        if value == 0 {
            r.spent = true;
        }
        let before = p.said();
        p.amount -= prevented;
        rules.extend([
            cite!("369"),
            cite!("369.2"),
            cite!("374"),
            cite!("437.2"),
            cite!("437.3"),
        ]);
        let dealt = if p.amount == 0 {
            rules.push(cite!("437.4"));
            "no damage is dealt, and it is not considered dealt at all".to_string()
        } else {
            format!("{} damage is dealt instead", p.amount)
        };
        let expires = if value == 0 {
            rules.push(cite!("437.3.a"));
            "the Prevent Value is 0, so the effect expires".to_string()
        } else {
            rules.push(cite!("437.3.b"));
            format!("the Prevent Value is now {value}")
        };
        let t = format!(
            "{} {before}; {}'s replacement effect (controlled by {}) prevents {prevented} of it: {dealt}; {expires}",
            self.obj_name(p.unit),
            self.obj_name(cand.source),
            self.player_name(cand.controller),
        );
        self.event(EventKind::Effect, rules, t, vec![p.unit.0, cand.source.0]);
    }

    /// The Prevent Value tracked on `u` (437.5.a: combat damage may be assigned up to what
    /// is lethal counting it): the sum of the amount preventions about it still in effect.
    pub(crate) fn prevent_value(&self, u: ObjId) -> i32 {
        self.created_replacements
            .iter()
            .filter(|r| {
                !r.spent
                    && r.unit == u
                    && r.rep.event == ReplacedEvent::DealtDamage
                    && self.objects[u.0].timestamp == r.stamp
            })
            .filter_map(|r| r.prevent_left)
            .fold(0i32, |a, b| a.saturating_add(b.max(0)))
    }

    /// 742.1: an optional replacement `c` ("you may pay [cost] to … instead", "its controller
    /// may …") about `unit`'s event `what`: the player it names — the replacement's
    /// controller (374) or the unit's controller — chooses whether to apply it, and pays the
    /// cost within it ("[do X] to [do Y]": to get Y, X must be paid). A cost that cannot be
    /// paid, or a player who declines, leaves the event to happen (true: applied, paid).
    fn accepts(&mut self, c: &Candidate, unit: Option<ObjId>, what: &str) -> R<bool> {
        let Some(choice) = c.rep.choice.clone() else {
            return Ok(true);
        };
        let chooser = match (choice.its_controller, unit) {
            (true, Some(u)) => self.controller(u),
            _ => c.controller,
        };
        let src = self.obj_name(c.source).to_string();
        let label = format!("{src}'s replacement effect");
        let cost = choice.cost.as_deref();
        let (cost_words, lacking) = match cost {
            Some(Effect::PayCost(cost)) => {
                let CostWithin {
                    energy,
                    exhaust,
                    discard,
                    xp,
                    buff,
                    ..
                } = cost;
                let power = cost.power.resolve(&self.objects[c.source.0].def.domains);
                let mut parts = Vec::new();
                if *energy != 0 || !power.is_zero() {
                    parts.push(format!(
                        "pay {}",
                        super::super::resources::describe_amount(*energy, &power)
                    ));
                }
                if *exhaust {
                    parts.push(format!("exhaust {src}"));
                }
                if *buff {
                    parts.push(match unit {
                        Some(u) => format!("spend {}'s buff", self.obj_name(u)),
                        None => "spend its buff".into(),
                    });
                }
                if *xp > 0 {
                    parts.push(format!("spend {xp} XP"));
                }
                if *discard > 0 {
                    parts.push(format!("discard {discard}"));
                }
                // "kill me" is refused when the scenario is loaded
                let within = CostWithin {
                    power: power.clone(),
                    kill_self: false,
                    ..cost.clone()
                };
                // "spend its buff": the buff of the unit whose event it replaces
                let lacking = self
                    .lacking_within(chooser, &within, Some(c.source), &src, BuffFrom::Unit(unit))
                    .err();
                let words = match parts.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => parts.join(""),
                };
                (
                    Some((words, *energy, power, *exhaust, *buff, *xp, *discard)),
                    lacking,
                )
            }
            _ => (None, None),
        };
        let who = self.player_name(chooser).to_string();
        if let Some(l) = lacking {
            let t = format!(
                "{what}; {who} cannot {} for {label} ({l}): it is not applied",
                cost_words.as_ref().map_or("", |c| c.0.as_str())
            );
            self.event(
                EventKind::Effect,
                vec![cite!("742.1")],
                t,
                unit.map(|u| vec![u.0, c.source.0]).unwrap_or_default(),
            );
            return Ok(false);
        }
        let prompt = match &cost_words {
            Some((w, ..)) => format!("{who} may {w} to apply {label}: {what}"),
            None => format!("{who} may apply {label}: {what}"),
        };
        let yes = self.decide(Decision::yes_no(chooser, prompt, vec![cite!("742.1")]))? == 0;
        if !yes {
            let t = format!("{what}; {who} declines {label}: it is not applied");
            self.event(EventKind::Effect, vec![cite!("742.1")], t, vec![c.source.0]);
            return Ok(false);
        }
        let Some((_, energy, power, exhaust, buff, xp, discard)) = cost_words else {
            return Ok(true);
        };
        if energy != 0 || !power.is_zero() {
            self.pay(
                chooser,
                energy,
                &power,
                &label,
                cite!("742.1"),
                None,
                super::super::resources::Paying::Other,
            )?;
        }
        // the parts that are not resources: the source exhausted (414.5), the unit's buff
        // spent (702.2.b)
        let mut done = Vec::new();
        let mut rules = vec![cite!("742.1")];
        if exhaust {
            self.objects[c.source.0].exhausted = true;
            done.push(format!("exhausts {src}"));
            rules.push(cite!("414.5"));
        }
        if let Some(u) = unit.filter(|_| buff) {
            self.objects[u.0].buffs -= 1;
            done.push(format!("spends a buff from {}", self.obj_name(u)));
            rules.push(cite!("702.2.b"));
        }
        if !done.is_empty() {
            let t = format!("{who} {} to pay for {label}", done.join(" and "));
            self.event(EventKind::Effect, rules, t, vec![c.source.0]);
        }
        if exhaust {
            self.make_outstanding(cite!("319.7"));
        }
        if xp > 0 {
            self.pay_trigger_extras(chooser, xp, &[], &label)?;
        }
        if discard > 0 {
            self.discard(chooser, discard)?;
        }
        Ok(true)
    }

    /// 370.2, 371: `c` is applied to this event (and so not to those replacing it), and used
    /// up if "the next time" or "once each turn" — which its controller `chooser` may also
    /// decline (371.1; then it is not used this turn, 371.2, and false is returned). `what`
    /// is the event in words.
    fn take(
        &mut self,
        c: &Candidate,
        chooser: PlayerId,
        what: &str,
        unit: Option<ObjId>,
    ) -> R<bool> {
        self.replacements_applied.push(c.key);
        if c.rep.uses == ReplacementUses::OnceEachTurn {
            let yes = self.decide(Decision::yes_no(
                chooser,
                format!(
                    "{} may apply {}'s once-each-turn replacement effect: {what}",
                    self.player_name(chooser),
                    self.obj_name(c.source),
                ),
                vec![cite!("371.1")],
            ))? == 0;
            if !yes {
                return Ok(false);
            }
        }
        // 742.1: not applied unless chosen and paid for — and then not used up either
        if c.rep.choice.is_some() && !self.accepts(c, unit, what)? {
            return Ok(false);
        }
        match (c.key, c.rep.uses) {
            (RepKey::Ability(src, index), ReplacementUses::Next) => {
                self.replacements_spent.push((src, index, 0))
            }
            (RepKey::Ability(src, index), ReplacementUses::OnceEachTurn) => {
                self.replacements_spent.push((src, index, self.turn.number))
            }
            // an amount prevention is used up by amount (437.3.a), not by one use
            (RepKey::Created(id), ReplacementUses::Next) if c.rep.prevent.is_none() => {
                if let Some(r) = self.created_replacements.iter_mut().find(|r| r.id == id) {
                    r.spent = true;
                }
            }
            _ => {}
        }
        Ok(true)
    }

    /// 369, 370, 375: the replacement effects of `player` playing the tokens of `event` (a
    /// `CreateToken` whose place is resolved). When one applies, what it does instead is
    /// executed — "play that token and an additional copy of it" plays the event as it was
    /// and the other token with the same modifications (375: they are inherited; a
    /// replacement that does something else simply does it) — and true is returned.
    pub(crate) fn replace_token_play(&mut self, event: &Effect, player: PlayerId) -> R<bool> {
        let Effect::CreateToken {
            card,
            count,
            ready,
            exhausted,
            ..
        } = event
        else {
            return Ok(false);
        };
        let gear = card.card_type == crate::engine::CardType::Gear;
        let fits = |ev: ReplacedEvent| match ev {
            ReplacedEvent::PlayToken => true,
            ReplacedEvent::PlayUnitToken => !gear,
            ReplacedEvent::PlayGearToken => gear,
            _ => false,
        };
        let modifications = match (gear, *ready, *exhausted) {
            (false, true, _) => " ready",
            (true, _, true) => " exhausted",
            _ => "",
        };
        let what = format!(
            "{} would play {} {} token{}{modifications}",
            self.player_name(player),
            count,
            card.name,
            if *count == 1 { "" } else { "s" }
        );
        let mark = self.replacements_applied.len();
        let r = self.replace_token_play_in(event, player, &fits, modifications, &what);
        self.replacements_applied.truncate(mark);
        r
    }

    /// The replacement effects of an event of `player` (playing a token, drawing a card) of
    /// a kind that `fits`: the one that applies — chosen by `player` when several do (372.1:
    /// the player acted on orders them), a once-each-turn one only if its controller
    /// applies it (371.1) — and whether there were several; `None` if none applies. The one
    /// applied is set aside for the events that replace this one (370.2): the caller drops
    /// `replacements_applied` back to its mark when they are done.
    fn player_replacement(
        &mut self,
        player: PlayerId,
        fits: &dyn Fn(ReplacedEvent) -> bool,
        what: &str,
    ) -> R<Option<(Candidate, bool)>> {
        // 370.2: an event that replaces another (a draw in what a replacement of a draw
        // does instead) does not meet the replacements already applied — said for each
        for key in self.replacements_applied.clone() {
            if let Some(c) = self.candidate(key)
                && c.controller == player
                && fits(c.rep.event)
            {
                let t = format!(
                    "{}'s replacement effect does not apply: {what}, but it was already applied to the event this one replaces",
                    self.obj_name(c.source)
                );
                self.event(EventKind::Effect, vec![cite!("370.2")], t, vec![c.source.0]);
            }
        }
        loop {
            let applied = self.replacements_applied.clone();
            let cands: Vec<Candidate> = self
                .replacements()
                .into_iter()
                .filter(|c| {
                    matches!(c.key, RepKey::Ability(..))
                        && !applied.contains(&c.key)
                        && c.controller == player
                        && fits(c.rep.event)
                })
                .collect();
            if cands.is_empty() {
                return Ok(None);
            }
            let i = if cands.len() == 1 {
                0
            } else {
                self.decide(Decision {
                    kind: DecisionKind::ReplacementOrder,
                    player,
                    prompt: format!(
                        "{} chooses which replacement effect applies first",
                        self.player_name(player)
                    ),
                    options: cands
                        .iter()
                        .enumerate()
                        .map(|(i, c)| DecisionOption {
                            label: format!(
                                "{}'s replacement effect replaces: {what}",
                                self.obj_name(c.source)
                            ),
                            answer: Answer::Index(i),
                        })
                        .collect(),
                    more: 0,
                    items: vec![],
                    rules: vec![cite!("372"), cite!("372.1")],
                })?
            };
            let cand = cands[i].clone();
            // declined (371.1): the event may still meet the others, this one set aside
            if self.take(&cand, player, what, None)? {
                return Ok(Some((cand, cands.len() > 1)));
            }
        }
    }

    fn replace_token_play_in(
        &mut self,
        event: &Effect,
        player: PlayerId,
        fits: &dyn Fn(ReplacedEvent) -> bool,
        modifications: &str,
        what: &str,
    ) -> R<bool> {
        let Some((cand, several)) = self.player_replacement(player, fits, what)? else {
            return Ok(false);
        };
        // 375: "that token" is the event as it was; the other token inherits its place and
        // whether it is ready or exhausted
        let mut instead = Vec::new();
        let mut inherited = false;
        for e in &cand.rep.instead {
            match e {
                Effect::PlayThatToken { and } => {
                    inherited = true;
                    instead.push(event.clone());
                    let mut other = event.clone();
                    if let (
                        Effect::CreateToken {
                            card: c, names: n, ..
                        },
                        Some(d),
                    ) = (&mut other, and)
                    {
                        *c = d.clone();
                        n.clear();
                    } else if let Effect::CreateToken { names: n, .. } = &mut other {
                        n.clear();
                    }
                    instead.push(other);
                }
                other => instead.push(other.clone()),
            }
        }
        let described: Vec<String> = instead
            .iter()
            .map(|e| self.describe_effect(e, Some(cand.source)))
            .collect();
        let mut r = vec![cite!("369"), cite!("370.1.a"), cite!("374")];
        if several {
            r.push(cite!("372"));
            r.push(cite!("372.1"));
        }
        let inherits = if inherited && !modifications.is_empty() {
            r.push(cite!("375"));
            format!(
                " — the other token inherits the modification ({})",
                modifications.trim()
            )
        } else {
            String::new()
        };
        let t = format!(
            "{what}; {}'s replacement effect (controlled by {}) applies instead: {}{inherits}",
            self.obj_name(cand.source),
            self.player_name(cand.controller),
            described.join("; ")
        );
        self.event(EventKind::Effect, r, t, vec![cand.source.0]);
        self.execute_instead(&instead, &cand)?;
        Ok(true)
    }

    /// What a replacement `cand` does instead, one level deeper in the trace.
    fn execute_instead(&mut self, instead: &[Effect], cand: &Candidate) -> R<()> {
        let depth = self.depth;
        self.depth += 1;
        let mut result = Ok(());
        for e in instead {
            result = self.execute_effect(e, cand.controller, Some(cand.source), None);
            if result.is_err() {
                break;
            }
        }
        self.depth = depth;
        result
    }

    /// 369, 370.1.a: "If you would draw a card, … instead" — the replacement effects of
    /// `player` drawing a card (one draw: "draw 2" is two). When one applies, what it does
    /// instead is executed, and true is returned: the card is not drawn (and no burn out
    /// happens for it, 431.1.a). A draw in what it does instead meets the other
    /// replacements, not this one again (370.2).
    pub(crate) fn replace_draw(&mut self, player: PlayerId) -> R<bool> {
        let what = format!("{} would draw a card", self.player_name(player));
        let mark = self.replacements_applied.len();
        let r = self.replace_draw_in(player, &what);
        self.replacements_applied.truncate(mark);
        r
    }

    fn replace_draw_in(&mut self, player: PlayerId, what: &str) -> R<bool> {
        let fits = |ev: ReplacedEvent| ev == ReplacedEvent::Draw;
        let Some((cand, several)) = self.player_replacement(player, &fits, what)? else {
            return Ok(false);
        };
        let described: Vec<String> = cand
            .rep
            .instead
            .iter()
            .map(|e| self.describe_effect(e, Some(cand.source)))
            .collect();
        let mut r = vec![cite!("413.1"), cite!("369"), cite!("370.1.a"), cite!("374")];
        if several {
            r.push(cite!("372"));
            r.push(cite!("372.1"));
        }
        let t = format!(
            "{what}; {}'s replacement effect (controlled by {}) applies instead: {}",
            self.obj_name(cand.source),
            self.player_name(cand.controller),
            described.join("; ")
        );
        self.event(EventKind::Effect, r, t, vec![cand.source.0]);
        let instead = cand.rep.instead.clone();
        self.execute_instead(&instead, &cand)?;
        Ok(true)
    }

    /// Whether `condition` holds as an instruction executes (370.1.a, 359.3.f.2), and for
    /// whom it was checked: a condition about the controller's side of the board or about the
    /// card ("you control 7 or more runes", "you paid the additional cost", Legion) for the
    /// source and its controller; one about a unit ("it's attacking") for the unit `effect`
    /// affects — none left (an illegal target, 359.3.e.5), it does not hold ("no unit").
    pub(crate) fn condition_as_it_executes(
        &mut self,
        condition: &crate::engine::objects::Condition,
        effect: &Effect,
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&crate::engine::state::Snapshot>,
    ) -> R<(bool, String)> {
        use crate::engine::objects::Condition;
        if let Some(b) = self.side_condition(condition, source, controller, |x| self.controller(x))
        {
            return Ok((b, self.player_name(controller).to_string()));
        }
        // about the card and its controller's other units, not about a unit it affects
        if matches!(
            condition,
            Condition::Legion | Condition::OtherUnitsMightAtLeast(_)
        ) {
            return Ok((
                source.is_some_and(|o| self.derived_condition(condition, o)),
                self.player_name(controller).to_string(),
            ));
        }
        let mut e = effect.clone();
        let first = crate::engine::choices::targets_mut(&mut e)
            .first()
            .map(|t| (**t).clone());
        let unit = match first {
            Some(t) => self
                .targets_of(&t, controller, source, snap)?
                .into_iter()
                .next(),
            None => None,
        };
        Ok(match unit {
            Some(u) => (
                self.derived_condition(condition, u),
                self.obj_name(u).to_string(),
            ),
            None => (false, "no unit".to_string()),
        })
    }

    /// 370.1.a: a self-replacement — `effect`, or `instead` in its place when `condition`
    /// holds as it executes ("Deal 2 to a unit at a battlefield. If it's attacking, deal 4 to
    /// it instead"). A condition about the controller's side of the board or about the card
    /// ("you control 7 or more runes", "you paid the additional cost", Legion) is checked for
    /// the source and its controller; one about a unit ("it's attacking") for the unit the
    /// instruction affects — none left (an illegal target, 359.3.e.5), it does not hold.
    pub(crate) fn self_replaced(
        &mut self,
        effect: &Effect,
        condition: &crate::engine::objects::Condition,
        instead: &[Effect],
        controller: PlayerId,
        source: Option<ObjId>,
        snap: Option<&crate::engine::state::Snapshot>,
    ) -> R<()> {
        let (holds, whose) =
            self.condition_as_it_executes(condition, effect, controller, source, snap)?;
        if !holds {
            return self.execute_effect(effect, controller, source, snap);
        }
        let t = format!(
            "\"{}\" holds for {whose}, so the instruction is replaced: {} instead of {}",
            condition.describe(),
            instead
                .iter()
                .map(|e| self.describe_effect(e, source))
                .collect::<Vec<_>>()
                .join("; "),
            self.describe_effect(effect, source)
        );
        let mut rules = vec![cite!("370.1.a")];
        // "[Level N] … instead": the Level ability is active (824.1.c)
        if matches!(
            condition,
            crate::engine::objects::Condition::ControllerXp(_)
        ) {
            rules.push(cite!("824.1.c"));
        }
        self.event(EventKind::Effect, rules, t, vec![]);
        for e in instead {
            self.execute_effect(e, controller, source, snap)?;
        }
        Ok(())
    }

    /// A source on the board whose replacement effect is used up (for now or this turn).
    pub fn replacement_used_on_board(&self) -> Option<ObjId> {
        self.replacements_spent
            .iter()
            .map(|(o, _, _)| *o)
            .find(|o| self.objects[o.0].zone.on_board())
    }

    /// The first of `players` in turn order from the turn player (373.1).
    fn first_in_turn_order(&self, players: Vec<PlayerId>) -> PlayerId {
        let n = self.players.len();
        (0..n)
            .map(|k| PlayerId((self.turn.player.0 + k) % n))
            .find(|p| players.contains(p))
            .unwrap_or(self.turn.player)
    }
}
