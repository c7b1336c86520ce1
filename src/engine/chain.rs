//! The chain (325–340, 382–388): triggered abilities going pending, the order players place
//! simultaneous triggers, finalizing pending items, priority passing and resolving — the
//! HOT FEPR process (334–340) that drives the engine until it rests.

use super::actions::{EngineError, Halt, R, illegal};
use super::costs::BuffFrom;
use super::decision::{Answer, Decision, DecisionItem, DecisionKind, DecisionOption};
use super::objects::{Ability, Condition, CostWithin, Effect, Keyword, Trigger, TurnLimit};
use super::state::{BfId, ChainItem, Game, ObjId, Phase, PlayerId, Snapshot, Zone};
use super::trace::{Cite, EventKind};
use crate::cite;

/// A triggered ability that met its condition and is about to go pending.
#[derive(Clone, Debug)]
pub(crate) struct Triggered {
    pub controller: PlayerId,
    pub source: Option<ObjId>,
    pub label: String,
    pub effects: Vec<Effect>,
    pub snapshot: Option<Snapshot>,
    /// The rule that makes this kind of trigger go pending.
    pub rule: Cite,
    /// The dependent keyword's rule (812.1.c, 824.1.c) when the ability is a Legion's or a
    /// Level's dependent ability, active now.
    pub dependent: Option<Cite>,
    /// 383.3.e: its conditional statement, true for it to be placed on the chain.
    pub condition: Condition,
    /// It watches another object's event (abilities/observers.rs): its line cites its own
    /// rule only, not the rules of the event that made the batch trigger (a death's 808.1.d).
    pub watching: bool,
    /// "The first time …" / "Once each turn, …" (383.1, 383.3.f), and the ability's position
    /// among its source's abilities (what the source counts this turn by).
    pub limit: Option<(TurnLimit, usize)>,
}

/// Priority or focus awarded by a step of the chain, given only after the outstanding
/// cleanups (335, 320.1: no priority or focus is awarded during a cleanup).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PriorityDue {
    /// The controller of the newest chain item gains priority, by this rule (337.1.c.3, 340.4).
    Newest(Cite),
    /// The chain became empty during a showdown after pending items were finalized
    /// (337.1.c.1.a): the next player gains focus.
    FinalizedEmpty,
    /// The chain closed during a showdown after a resolution (340.2.a, 346, 346.1); `by_trigger`
    /// when a triggered ability opened it, `combat_chain` when it was the combat chain (459.2.g).
    Closed {
        by_trigger: bool,
        combat_chain: bool,
    },
}

/// The rule by which a trigger of this kind goes pending.
fn trigger_rule(t: &Trigger, deathknell: bool) -> Cite {
    match t {
        Trigger::Moves | Trigger::MovesToBattlefield => cite!("383.1"),
        Trigger::WinsCombat => cite!("461.3.c"),
        Trigger::Attacks => cite!("383.4.e.2"),
        Trigger::Defends => cite!("383.4.f.2"),
        Trigger::Conquers | Trigger::ConquerHere => cite!("383.4.c.2.a"),
        Trigger::Holds | Trigger::HoldHere => cite!("383.4.d.2.a"),
        Trigger::Dies if deathknell => cite!("808.1.c"),
        Trigger::Dies => cite!("383.1"),
        Trigger::StartOfBeginningPhase => cite!("315.2.a.1"),
        Trigger::Played => cite!("383.4.a.2"),
        Trigger::YouPlaySpell => cite!("419.4.a"),
        Trigger::EndOfTurn => cite!("317.1.a"),
        Trigger::FriendlyUnitDies { .. } => cite!("383.1"),
        Trigger::YouPlay(_) => cite!("383.4.a.4"),
        Trigger::YouConquer => cite!("383.4.c.2.b"),
        Trigger::YouHold | Trigger::YouOrAllyHold => cite!("383.4.d.2.b"),
        Trigger::BecomesReady
        | Trigger::YouReadyFriendlyUnit
        | Trigger::YouBuffFriendlyUnit
        | Trigger::BuffedFriendlyUnitDies => cite!("383.1"),
        Trigger::YouPlayMightyUnit | Trigger::YouPlayTag(_) => cite!("383.4.a.4"),
        Trigger::YouDrawNth(_) => cite!("383.1"),
        Trigger::YouWinCombat => cite!("461.3.a"),
        Trigger::YouPlaySpellCosting(_) => cite!("419.4.a"),
        Trigger::DefendHere => cite!("383.4.f.2"),
        Trigger::EachBeginningPhase => cite!("315.2.a.1"),
        Trigger::MovesFromBattlefield
        | Trigger::EnemyUnitDies { .. }
        | Trigger::OpponentScores
        | Trigger::YouBuffMe
        | Trigger::YouStunEnemy { .. }
        | Trigger::YouDiscard
        | Trigger::YouDiscardMe => cite!("383.1"),
        Trigger::YouPlayTokenUnit => cite!("383.4.a.4"),
        Trigger::YouChooseMe { .. } | Trigger::YouChooseFriendlyUnit => cite!("383.4.b.2"),
        Trigger::YouReadyMe => cite!("383.1"),
        Trigger::YouPlayCard { .. } | Trigger::YouPlayNthCard(_) => cite!("419.4.a"),
        Trigger::YouHideCard => cite!("383.1"),
        Trigger::FriendlyUnitAttacks { .. } => cite!("383.4.e.2"),
        Trigger::FriendlyUnitDefends { .. } => cite!("383.4.f.2"),
        Trigger::UnitMovesFromHere | Trigger::YouAttachEquipmentToMe => cite!("383.1"),
        Trigger::YourUnitBecomesMighty | Trigger::BecomesMighty => cite!("709"),
        Trigger::YouMoveEnemyUnit => cite!("383.1"),
        Trigger::YouKillUnitWithSpell => cite!("428.5.a"),
        Trigger::InTrash(_) => cite!("383.2.c.1"),
        Trigger::AnotherUnitYouControlDies { .. } | Trigger::UnitYouControlDied { .. } => {
            cite!("383.1")
        }
    }
}

/// What a source counts a limited trigger of its (`a`, the `index`th it lists) by this turn:
/// its position among the card's abilities (a Legion's dependent ability at its Legion's), so
/// that it stays the same when a Legion ability comes and goes; an ability appended to it
/// (718.3) by its place after them.
fn ability_key(own: &[Ability], a: &Ability, index: usize) -> usize {
    own.iter()
        .position(|x| {
            std::ptr::eq(x, a)
                || matches!(x, Ability::Legion(inner) | Ability::Level(_, inner)
                    if std::ptr::eq(&**inner, a))
        })
        .unwrap_or(own.len() + index)
}

/// The first `cap` permutations of 0..n in lexicographic order, and how many more there are.
/// Lazy: only the listed ones are generated; the rest are counted as n! − listed, saturating
/// at `usize::MAX` (20! already exceeds anything a player could read), so 20 simultaneous
/// triggers cost as much as 5.
pub(crate) fn permutations(n: usize, cap: usize) -> (Vec<Vec<usize>>, usize) {
    let mut out = Vec::new();
    let mut p: Vec<usize> = (0..n).collect();
    while out.len() < cap {
        out.push(p.clone());
        // next permutation
        let Some(i) = (1..n).rev().find(|&i| p[i - 1] < p[i]) else {
            break;
        };
        let j = (i..n).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
        p.swap(i - 1, j);
        p[i..].reverse();
    }
    let total = (1..=n).try_fold(1usize, |acc, k| acc.checked_mul(k));
    let more = total.map_or(usize::MAX, |t| t - out.len());
    (out, more)
}

impl Game {
    /// 383.2–383.4: the triggered abilities of object `u` whose condition `when` is met,
    /// including those its keywords are short for (Deathknell 808.1.c, Hunt 823.1.c.1,
    /// Temporary 816.1.b). `snapshot` is recorded for Deathknell (808.1.d.3).
    pub(crate) fn collect_triggers(
        &self,
        u: ObjId,
        when: &Trigger,
        snapshot: Option<Snapshot>,
    ) -> Vec<Triggered> {
        let o = &self.objects[u.0];
        // nothing to collect — no triggered ability of its own (a Legion's or Level's
        // included) that `when` answers, no card attached to it whose Effect Text could
        // (718.3), and `when` is not an event a keyword triggers on (Hunt 823.1.b, Vision
        // 817.1.b, Weaponmaster 821.1.c, Quick-Draw 819.1.d, Temporary 816.1.b): the common
        // case for an observer, answered without deriving characteristics
        if snapshot.is_none()
            && !matches!(
                when,
                Trigger::Conquers
                    | Trigger::Holds
                    | Trigger::Played
                    | Trigger::StartOfBeginningPhase
            )
            && !o.def.abilities.iter().any(|a| {
                let a = match a {
                    Ability::Legion(inner) | Ability::Level(_, inner) => &**inner,
                    a => a,
                };
                matches!(a, Ability::Triggered { when: w, .. } if w.answers(when))
            })
            && !self.objects.iter().any(|g| g.attached_to == Some(u))
        {
            return Vec::new();
        }
        let controller = snapshot
            .as_ref()
            .map(|s| s.controller)
            .unwrap_or(self.controller(u));
        let mut v = Vec::new();
        // 721.2: an attached card's own rules text does not trigger; the Effect Text of
        // the cards attached to it is part of its rules text (718.3).
        let own: &[Ability] = if snapshot.is_none() && self.rules_text_inactive(u) {
            &[]
        } else {
            &o.def.abilities
        };
        // 812, 824.1.c: a Legion or Level ability triggers only while it is active
        let own = self.with_legion(u, own);
        let appended = self.appended_abilities(u);
        let mut deathknells = Vec::new();
        for (index, (dependent, a)) in own
            .chain(appended.iter().map(|(_, a)| (None, a)))
            .enumerate()
        {
            if let Ability::Triggered {
                when: w,
                effects,
                deathknell,
                condition,
                limit,
            } = a
                && w.answers(when)
            {
                let label = if *deathknell {
                    deathknells.push(v.len());
                    format!("Deathknell of {}", o.def.name)
                } else if let Trigger::YouPlaySpellCosting(n) = w {
                    format!(
                        "{} (when you play a spell that costs [{n}] or more)",
                        o.def.name
                    )
                } else {
                    format!("{} ({})", o.def.name, trigger_phrase(when))
                };
                v.push(Triggered {
                    controller,
                    source: Some(u),
                    label,
                    effects: effects.clone(),
                    snapshot: snapshot.clone(),
                    rule: trigger_rule(when, *deathknell),
                    dependent,
                    watching: false,
                    limit: limit.map(|l| (l, ability_key(&o.def.abilities, a, index))),
                    condition: condition.clone(),
                });
            }
        }
        // 808.2: each instance of Deathknell triggers separately
        if deathknells.len() > 1 {
            for &i in &deathknells {
                v[i].rule = cite!("808.2");
            }
        }
        let derived;
        let chars: &[Keyword] = match &snapshot {
            Some(s) => &s.keywords,
            None => {
                derived = self.derived();
                &derived[u.0].keywords
            }
        };
        // 823.1.b: Hunt is both a Conquer and a Hold effect
        if matches!(when, Trigger::Conquers | Trigger::Holds) {
            v.extend(super::keywords::hunt::hunt_trigger(
                chars,
                controller,
                u,
                &o.def.name,
            ));
        }
        // 817.1.b–c: Vision triggers when the permanent enters the board (is played); each
        // instance separately (817.2)
        if *when == Trigger::Played && !self.rules_text_inactive(u) {
            let n = super::keywords::vision::vision_instances(chars);
            for _ in 0..n {
                v.push(Triggered {
                    controller,
                    source: Some(u),
                    label: format!("Vision of {}", o.def.name),
                    effects: vec![Game::vision_effect()],
                    snapshot: None,
                    rule: if n > 1 {
                        cite!("817.2")
                    } else {
                        cite!("817.1.c")
                    },
                    dependent: None,
                    watching: false,
                    limit: None,
                    condition: Condition::Always,
                });
            }
        }
        // 821.1.c, 821.1.c.7: each Weaponmaster triggers when the unit is played
        if *when == Trigger::Played && !self.rules_text_inactive(u) {
            let n = super::keywords::weaponmaster::instances(chars);
            for _ in 0..n {
                v.push(Triggered {
                    controller,
                    source: Some(u),
                    label: format!("Weaponmaster of {}", o.def.name),
                    effects: vec![Effect::Weaponmaster],
                    snapshot: None,
                    // several instances trigger separately (821.1.c.7)
                    rule: if n > 1 {
                        cite!("821.1.c.7")
                    } else {
                        cite!("821.1.c")
                    },
                    dependent: None,
                    watching: false,
                    limit: None,
                    condition: Condition::Always,
                });
            }
        }
        // 819.1.d, 819.2: Quick-Draw attaches the gear as it is played, once
        if *when == Trigger::Played
            && !self.rules_text_inactive(u)
            && super::keywords::quick_draw::has_quick_draw(chars)
        {
            v.push(Triggered {
                controller,
                source: Some(u),
                label: format!("Quick-Draw of {}", o.def.name),
                effects: vec![super::keywords::quick_draw::quick_draw_effect()],
                snapshot: None,
                rule: cite!("819.1.d"),
                dependent: None,
                watching: false,
                limit: None,
                condition: Condition::Always,
            });
        }
        // 722.1: an inactive card still has its keywords, but they do not function (721.2)
        if *when == Trigger::StartOfBeginningPhase && !self.rules_text_inactive(u) {
            v.extend(super::keywords::temporary::temporary_trigger(
                chars,
                controller,
                u,
                &o.def.name,
            ));
        }
        v
    }

    /// Triggered abilities of a battlefield's card ("when you conquer here"): controlled by
    /// the battlefield's controller (187.6.a), or the turn player when uncontrolled (187.6.b).
    pub(crate) fn collect_bf_triggers(
        &self,
        b: BfId,
        when: &Trigger,
        player: PlayerId,
    ) -> Vec<Triggered> {
        let bf = &self.battlefields[b.0];
        let Some(def) = &bf.def else { return vec![] };
        let mut v = Vec::new();
        for a in &def.abilities {
            if let Ability::Triggered {
                when: w,
                effects,
                condition,
                ..
            } = a
                && w == when
            {
                v.push(Triggered {
                    controller: bf.controller.unwrap_or(player),
                    source: None,
                    label: format!("{} ({})", bf.name, trigger_phrase(when)),
                    effects: effects.clone(),
                    // "here" for a battlefield's own ability is that battlefield
                    snapshot: Some(Snapshot {
                        location: super::state::Zone::Battlefield(b),
                        might: 0,
                        controller: bf.controller.unwrap_or(player),
                        keywords: Vec::new(),
                        designation: None,
                    }),
                    rule: trigger_rule(when, false),
                    dependent: None,
                    watching: false,
                    limit: None,
                    condition: condition.clone(),
                });
            }
        }
        v
    }

    /// 383.3: triggered abilities go on the chain as pending items. Simultaneous ones are
    /// placed player by player — the turn player first, then in turn order (383.3.d.1), or
    /// for a combat's initial chain the attacker first and the defender last (459.2.d.1) —
    /// each player choosing the order of their own (383.3.d, 808.2.a).
    pub(crate) fn place_triggers(
        &mut self,
        batch: Vec<Triggered>,
        rules: Vec<Cite>,
        combat_initial: bool,
    ) -> R<()> {
        // 383.1: "the [Nth] time" abilities trigger only on the Nth event of the turn
        let batch = self.nth_time_triggers(batch)?;
        // 383.3.e: a conditional statement after the trigger condition must be true for the
        // ability to be placed on the chain
        let (batch, unmet): (Vec<Triggered>, Vec<Triggered>) = batch
            .into_iter()
            .partition(|t| self.ability_condition_holds(&t.condition, t.source, t.controller));
        for t in unmet {
            let text = format!(
                "{}: its condition \"if {}\" is false, so it is not placed on the chain",
                t.label,
                t.condition.describe()
            );
            self.event(
                EventKind::Trigger,
                vec![cite!("383.3.e")],
                text,
                t.source.iter().map(|o| o.0).collect(),
            );
        }
        if batch.is_empty() {
            return Ok(());
        }
        let mut order: Vec<PlayerId> = Vec::new();
        let mut p = self.turn.player;
        for _ in 0..self.players.len() {
            order.push(p);
            p = PlayerId((p.0 + 1) % self.players.len());
        }
        let mut order_rule = cite!("383.3.d.1");
        if combat_initial && let Some(c) = &self.combat {
            let (a, d) = (c.attacker, c.defender);
            order.retain(|x| *x != a && *x != d);
            order.insert(0, a);
            order.push(d);
            order_rule = cite!("459.2.d.1");
        }
        let players_with: Vec<PlayerId> = order
            .iter()
            .copied()
            .filter(|p| batch.iter().any(|t| t.controller == *p))
            .collect();
        let several_players = players_with.len() > 1;
        for p in players_with {
            let mine: Vec<Triggered> = batch
                .iter()
                .filter(|t| t.controller == p)
                .cloned()
                .collect();
            let seq: Vec<usize> = if mine.len() > 1 {
                let (perms, more) = permutations(mine.len(), 120);
                let options = perms
                    .iter()
                    .map(|perm| DecisionOption {
                        label: perm
                            .iter()
                            .map(|&i| mine[i].label.clone())
                            .collect::<Vec<_>>()
                            .join(", then "),
                        answer: Answer::Order(perm.clone()),
                    })
                    .collect();
                let d = Decision {
                    kind: DecisionKind::TriggerOrder,
                    player: p,
                    prompt: format!(
                        "{} orders their simultaneous triggers on the chain (first placed resolves last)",
                        self.player_name(p)
                    ),
                    options,
                    more,
                    items: mine
                        .iter()
                        .map(|t| DecisionItem {
                            label: t.label.clone(),
                            object: t.source,
                        })
                        .collect(),
                    rules: vec![cite!("383.3.d"), order_rule],
                };
                let i = self.decide(d)?;
                perms[i].clone()
            } else {
                vec![0]
            };
            for i in seq {
                let mut t = mine[i].clone();
                // 383.3.f: once each turn
                if self.once_each_turn_spent(&t) {
                    continue;
                }
                // 383.3.a: "you may" as the first part of the effect: its controller chooses
                // now, as the condition is met, whether to put the ability on the chain
                // (also when later instructions are linked to it: "you may kill a gear. If you
                // do, buff me.", 359.3.e.14)
                let first_may = match t.effects.first() {
                    Some(Effect::May { effect }) => Some(effect.clone()),
                    Some(Effect::IfDone { effect, .. }) => match effect.as_ref() {
                        Effect::May { effect } => Some(effect.clone()),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(effect) = first_may {
                    let d = super::decision::Decision::yes_no(
                        t.controller,
                        format!(
                            "{} may put {} on the chain",
                            self.player_name(t.controller),
                            t.label
                        ),
                        vec![cite!("383.3.a")],
                    );
                    if self.decide(d)? != 0 {
                        continue;
                    }
                    match &mut t.effects[0] {
                        Effect::IfDone { effect: first, .. } => *first = effect,
                        first => *first = *effect,
                    }
                }
                let t = &mut t;
                self.note_once_each_turn(t);
                if self.chain.is_empty() {
                    // 346.1: a chain opened by a triggered ability does not pass focus.
                    self.chain_by_trigger = true;
                    self.combat_chain = false;
                    self.chain_passes = 0;
                }
                let id = self.fresh_id();
                self.chain.push(ChainItem {
                    id,
                    controller: t.controller,
                    source: t.source,
                    label: t.label.clone(),
                    effects: t.effects.clone(),
                    pending: true,
                    triggered: true,
                    snapshot: t.snapshot.clone(),
                    card: None,
                    destination: None,
                    enters_ready: false,
                    restrict_choices: None,
                });
                let mut r = if t.watching {
                    Vec::new()
                } else {
                    rules.clone()
                };
                if !r.contains(&t.rule) {
                    r.push(t.rule);
                }
                r.extend(t.dependent);
                if several_players && !r.contains(&order_rule) {
                    // players place their simultaneous triggers in order (383.3.d.1, 459.2.d.1)
                    r.push(order_rule);
                }
                // 173.7: a legend's triggered ability, from its Legend Zone
                if t.source.is_some_and(|s| {
                    matches!(self.objects[s.0].zone, super::state::Zone::LegendZone(_))
                }) {
                    r.push(cite!("173.7"));
                }
                r.push(cite!("329.2"));
                let condition = if t.condition == Condition::Always {
                    String::new()
                } else {
                    r.push(cite!("383.3.e"));
                    format!("; its condition \"if {}\" is true", t.condition.describe())
                };
                let text = format!(
                    "{} triggers and goes pending on the chain (controlled by {}){condition}{}",
                    t.label,
                    self.player_name(t.controller),
                    t.snapshot
                        .as_ref()
                        .filter(|_| t.label.starts_with("Deathknell"))
                        .map(|s| format!(
                            "; noted as it died: at {}, Might {}",
                            self.zone_name(s.location),
                            s.might
                        ))
                        .unwrap_or_default()
                );
                self.event(
                    EventKind::Trigger,
                    r,
                    text,
                    t.source.iter().map(|o| o.0).collect(),
                );
                self.make_outstanding(cite!("319.3"));
                // 429.2: a triggered ability that adds resources finalizes at once; any other
                // waits, pending, until the outstanding tasks are done (335.1), and makes its
                // choices and pays its costs as it is finalized (335.2, 337.1)
                if adds_resources(&t.effects) {
                    let at = self.chain.len() - 1;
                    self.trigger_steps(at, cite!("429.2"))?;
                }
            }
        }
        Ok(())
    }

    /// 398–404, steps 2–4 of playing a triggered ability, for the pending item at `at`: make
    /// its choices (402.1), then determine and pay a cost within its instructions (403,
    /// 404); an ability that adds resources then resolves at once (429.2). `now` is the rule
    /// that has these steps played now (337.1 as pending items are finalized; 429.2 at
    /// once). Returns whether the item is still on the chain, to be finalized (405, 329.3).
    pub(crate) fn trigger_steps(&mut self, at: usize, now: Cite) -> R<bool> {
        struct Pending {
            controller: PlayerId,
            source: Option<ObjId>,
            label: String,
            effects: Vec<Effect>,
            snapshot: Option<Snapshot>,
        }
        let item = &mut self.chain[at];
        let t = &mut Pending {
            controller: item.controller,
            source: item.source,
            label: item.label.clone(),
            effects: std::mem::take(&mut item.effects),
            snapshot: item.snapshot.clone(),
        };
        // 355.5.b, 402.1: a triggered ability makes its choices as it is played; it must
        // choose when it can (402.3.b); without legal choices it is removed (402.3),
        // which is not a counter (402.3.a)
        let mut effects = std::mem::take(&mut t.effects);
        // 811.1.d.2: the play effect of a permanent played from hidden chooses at its
        // battlefield
        let outer = self.restrict_choices;
        if let Some(z) = self.chain[at].restrict_choices {
            self.restrict_choices = Some(z);
        }
        let missing = self.choose_targets(
            &mut effects,
            t.controller,
            t.source,
            t.snapshot.as_ref(),
            &t.label,
            &[cite!("402.1"), now],
        );
        self.restrict_choices = outer;
        let missing = missing?;
        if let Some(missing) = missing {
            let item = self.chain.remove(at);
            // 811.1.d.2: for a hidden permanent's play effect, none at its battlefield
            let (there, mut rules) = match item.restrict_choices {
                Some(z) => (
                    format!(" at {}", self.zone_name(z)),
                    vec![cite!("811.1.d.2")],
                ),
                None => (String::new(), Vec::new()),
            };
            rules.splice(0..0, [cite!("402.3"), cite!("402.3.a")]);
            let text = format!(
                "{} must choose {} and there is none{there}: it is removed from the chain without becoming a chain item (not countered)",
                t.label, missing
            );
            self.event(
                EventKind::Chain,
                rules,
                text,
                t.source.iter().map(|o| o.0).collect(),
            );
            if self.chain.is_empty() {
                self.chain_by_trigger = false;
                self.combat_chain = false;
            }
            return Ok(false);
        } else {
            // 403.1.b.1, 404: a cost within the instructions ("[do X] to [do Y]") is
            // its cost, paid now; its controller may decline, and the ability is then
            // removed without becoming a chain item (404.2, not a counter 404.2.a)
            let mut effects = effects;
            // 809.1.c: choosing an opponent's permanent with Deflect adds to the cost;
            // for a triggered ability it is paid now or the ability is removed (404.2)
            let deflect = self.deflect_cost(&mut effects, t.controller, &t.label);
            if !deflect.is_zero() {
                match effects.first_mut() {
                    Some(Effect::PayCost(cost)) => cost.power.add(&deflect),
                    _ => effects.insert(
                        0,
                        Effect::PayCost(CostWithin {
                            energy: 0,
                            power: deflect,
                            exhaust: false,
                            discard: 0,
                            xp: 0,
                            buff: false,
                            kill_self: false,
                        }),
                    ),
                }
            }
            if let Some(Effect::PayCost(CostWithin {
                energy,
                power,
                exhaust,
                discard,
                xp,
                buff,
                kill_self,
            })) = effects.first().cloned()
            {
                effects.remove(0);
                // [C]: the power of the source's domain (135.2.e.6)
                let power = match t.source {
                    Some(o) => power.resolve(&self.objects[o.0].def.domains),
                    None => power.resolve(&[]),
                };
                let src = t.source;
                let resources = energy != 0 || !power.is_zero();
                let me = src.map_or("its source", |o| self.obj_name(o));
                let mut parts = Vec::new();
                if resources {
                    parts.push(super::resources::describe_amount(energy, &power));
                }
                if xp > 0 {
                    parts.push(format!("{xp} XP"));
                }
                if buff {
                    parts.push("a buff".to_string());
                }
                // the source given up, as an instruction and after "by"
                let sacrifice = match (exhaust, kill_self) {
                    (true, true) => Some(("exhaust and kill", "exhausting and killing")),
                    (true, false) => Some(("exhaust", "exhausting")),
                    (false, true) => Some(("kill", "killing")),
                    (false, false) => None,
                };
                let cost = match (parts.is_empty(), sacrifice) {
                    (_, None) => parts.join(" and "),
                    (true, Some((_, by))) => format!("by {by} {me}"),
                    (false, Some((verb, _))) => format!("{} and {verb} {me}", parts.join(" and ")),
                };
                // 422: "you may discard 1 to …" — cards of the hand
                let cost = match (discard, cost.is_empty()) {
                    (0, _) => cost,
                    (n, true) => format!("discard {n}"),
                    (n, false) => format!("{cost} and discard {n}"),
                };
                // 414.5: "exhaust me" is paid by a ready source, "kill me" by a source on
                // the board (428): which, if it can be paid (see `lacking_within`)
                let on_board = src.filter(|o| self.objects[o.0].zone.on_board());
                let exhaustable = src.filter(|o| {
                    self.objects[o.0].zone.abilities_function() && !self.objects[o.0].exhausted
                });
                let within = CostWithin {
                    energy,
                    power: power.clone(),
                    exhaust,
                    kill_self,
                    discard,
                    xp,
                    buff,
                };
                // 702.2.b.1–2: a buff is spent from a unit its controller controls that has one
                let can = self.lacking_within(t.controller, &within, src, me, BuffFrom::Controlled);
                let buffed: Vec<ObjId> = can.clone().unwrap_or_default();
                let pays = match &can {
                    Ok(_) => {
                        let d = super::decision::Decision::yes_no(
                            t.controller,
                            format!(
                                "{} may {}{cost} for {}",
                                self.player_name(t.controller),
                                if cost.starts_with("discard ") {
                                    ""
                                } else {
                                    "pay "
                                },
                                t.label
                            ),
                            vec![cite!("403.1.b.1"), cite!("404.2"), cite!("742.1.b")],
                        );
                        self.decide(d)? == 0
                    }
                    Err(_) => false,
                };
                if pays {
                    if resources {
                        self.pay(
                            t.controller,
                            energy,
                            &power,
                            &t.label,
                            cite!("404.1"),
                            None,
                            super::resources::Paying::Other,
                        )?;
                    }
                    if let Some(o) = exhaustable.filter(|_| exhaust) {
                        let text = format!(
                            "{} exhausts {} to pay for {}",
                            self.player_name(t.controller),
                            self.obj_name(o),
                            t.label
                        );
                        self.objects[o.0].exhausted = true;
                        self.event(
                            EventKind::Effect,
                            vec![cite!("404.1"), cite!("414.5")],
                            text,
                            vec![o.0],
                        );
                        self.make_outstanding(cite!("319.7"));
                    }
                    self.pay_trigger_extras(t.controller, xp, &buffed, &t.label)?;
                    if let Some(o) = on_board.filter(|_| kill_self) {
                        let text = format!(
                            "{} kills {} to pay for {}",
                            self.player_name(t.controller),
                            self.obj_name(o),
                            t.label
                        );
                        self.event(
                            EventKind::Effect,
                            vec![cite!("404.1"), cite!("403.1.b.1")],
                            text,
                            vec![o.0],
                        );
                        self.kill(&[o], cite!("428"))?;
                    }
                    // 404.1, 422: the discards of the cost, of the player's choice
                    if discard > 0 {
                        self.discard(t.controller, discard)?;
                    }
                } else {
                    self.chain.remove(at);
                    let discards = cost.starts_with("discard ");
                    let (why, detail) = match (&can, discards) {
                        (Ok(_), false) => ("declines to pay", String::new()),
                        (Ok(_), true) => ("declines to", String::new()),
                        (Err(lacking), false) => ("cannot pay", format!(" ({lacking})")),
                        (Err(lacking), true) => ("cannot", format!(" ({lacking})")),
                    };
                    let text = format!(
                        "{} {why} {cost} for {}{detail}: it is removed from the chain without becoming a chain item (not countered)",
                        self.player_name(t.controller),
                        t.label
                    );
                    self.event(
                        EventKind::Chain,
                        vec![cite!("404.2"), cite!("404.2.a")],
                        text,
                        src.iter().map(|o| o.0).collect(),
                    );
                    if self.chain.is_empty() {
                        self.chain_by_trigger = false;
                        self.combat_chain = false;
                    }
                    return Ok(false);
                }
            }
            // 429.2, 429.2.a: a triggered ability that adds resources resolves at
            // once, before anything else is finalized, without passing priority
            if !effects.is_empty() && effects.iter().all(|e| matches!(e, Effect::Add { .. })) {
                self.chain.remove(at);
                if self.chain.is_empty() {
                    self.chain_by_trigger = false;
                    self.combat_chain = false;
                }
                let text = format!("{} adds resources: it resolves at once", t.label);
                self.event(
                    EventKind::Chain,
                    vec![cite!("429.2"), cite!("429.2.a")],
                    text,
                    t.source.iter().map(|o| o.0).collect(),
                );
                let was = self.resolving;
                self.resolving = true;
                let mut r = Ok(());
                for e in &effects {
                    r = self.execute_effect(e, t.controller, t.source, t.snapshot.as_ref());
                    if r.is_err() {
                        break;
                    }
                }
                self.resolving = was;
                r?;
                return Ok(false);
            }
            self.chain[at].effects = effects;
        }
        Ok(true)
    }

    /// 337.1: pending items are finalized in the order they were appended (337.1.b), without
    /// passing priority (337.1.a); then the controller of the newest item gains priority
    /// (337.1.c.3).
    pub(crate) fn finalize_pending(&mut self) -> R<()> {
        let mut i = 0;
        while i < self.chain.len() {
            if !self.chain[i].pending {
                i += 1;
                continue;
            }
            // 812.1.c: a card finalized is a card its controller played this turn
            if let Some(c) = self.chain[i].card {
                let p = self.chain[i].controller;
                self.players[p.0].played_this_turn.push(c);
            }
            if self.chain[i].destination.is_some() {
                // 337.1.c: units and gear resolve immediately when finalized
                let item = self.chain.remove(i);
                self.make_outstanding(cite!("319.5"));
                self.permanent_enters(item)?;
                continue;
            }
            // 335.2, 337.1: a triggered ability plays its steps now, the tasks that were
            // outstanding as it triggered done (402–404)
            if self.chain[i].triggered && !self.trigger_steps(i, cite!("337.1"))? {
                continue;
            }
            self.chain[i].pending = false;
            let t = format!("{} is finalized on the chain", self.chain[i].label);
            self.event(
                EventKind::Chain,
                vec![cite!("337.1.b"), cite!("329.3")],
                t,
                vec![],
            );
            self.make_outstanding(cite!("319.4"));
            // 383.4.b.2: "When you choose …" abilities go pending once a spell or ability
            // that targets (383.4.b.3, 355.7) is finalized — after it, finalized in turn
            let batch = self.choose_triggers(&self.chain[i]);
            self.place_triggers(batch, vec![cite!("383.4.b.3")], false)?;
            i += 1;
        }
        self.fepr_happened = true;
        self.chain_passes = 0;
        if !self.chain.is_empty() {
            self.priority_due = Some(PriorityDue::Newest(cite!("337.1.c.3")));
        } else {
            // 337.1.c.1: the chain is empty: play proceeds in an open state
            self.priority = None;
            self.make_outstanding(cite!("319.1"));
            if self.showdown.is_some() && !self.chain_by_trigger {
                self.priority_due = Some(PriorityDue::FinalizedEmpty);
            }
            self.chain_by_trigger = false;
            self.combat_chain = false;
        }
        Ok(())
    }

    /// 335, 320.1: hands out the priority or focus a step of the chain awarded, now that no
    /// cleanup is outstanding.
    pub(crate) fn award_priority(&mut self, due: PriorityDue) {
        match due {
            PriorityDue::Newest(why) => {
                if let Some(top) = self.chain.last() {
                    let p = top.controller;
                    self.give_priority(p, why);
                }
            }
            PriorityDue::FinalizedEmpty => {
                if !self.chain.is_empty() || self.showdown.is_none() {
                    return;
                }
                // 337.1.c.1.a: during a showdown, the next player gains focus
                let focus = self.focus.unwrap_or(self.turn.player);
                let next = self.next_player(focus);
                self.focus = Some(next);
                self.priority = Some(next);
                let t = format!(
                    "the chain is empty; {} gains focus and priority",
                    self.player_name(next)
                );
                self.event(EventKind::Priority, vec![cite!("337.1.c.1.a")], t, vec![]);
                if let Some(s) = self.showdown.as_mut() {
                    s.passes = 0;
                }
            }
            PriorityDue::Closed {
                by_trigger,
                combat_chain,
            } => {
                if !self.chain.is_empty() || self.showdown.is_none() {
                    return;
                }
                let focus = self.focus.unwrap_or(self.turn.player);
                if by_trigger {
                    let t = format!(
                        "the chain closes; focus does not pass because the chain was opened by a triggered ability; {} keeps focus and gains priority",
                        self.player_name(focus)
                    );
                    // 459.2.g only for the combat chain; a later chain opened by a trigger is 346.1's
                    let r = if combat_chain {
                        vec![cite!("346.1"), cite!("459.2.g")]
                    } else {
                        vec![cite!("346.1")]
                    };
                    self.event(EventKind::Priority, r, t, vec![]);
                    self.priority = Some(focus);
                } else {
                    let next = self.next_player(focus);
                    self.focus = Some(next);
                    self.priority = Some(next);
                    let t = format!(
                        "the chain closes; focus passes to {}, who gains priority",
                        self.player_name(next)
                    );
                    self.event(
                        EventKind::Priority,
                        vec![cite!("340.2.a"), cite!("346")],
                        t,
                        vec![],
                    );
                }
                if let Some(s) = self.showdown.as_mut() {
                    s.passes = 0;
                }
            }
        }
    }
    pub(crate) fn give_priority(&mut self, p: PlayerId, why: Cite) {
        if self.priority != Some(p) {
            self.priority = Some(p);
            let t = format!("{} gains priority", self.player_name(p));
            self.event(EventKind::Priority, vec![why, cite!("312.3")], t, vec![]);
        }
    }

    /// 338.1.c / 339 / 347: the player with priority passes. On a chain, when every player has
    /// passed in sequence the newest item resolves (339.1, 340); in an open showdown the
    /// player with focus passes focus (347.3), and when all have passed the showdown closes
    /// (347.3, 348).
    pub(crate) fn pass(&mut self, player: PlayerId) -> R<()> {
        if self.priority != Some(player) {
            return illegal(
                cite!("312.1"),
                format!(
                    "{} does not have priority{}",
                    self.player_name(player),
                    self.priority
                        .map(|p| format!(" ({} has it)", self.player_name(p)))
                        .unwrap_or_default()
                ),
            );
        }
        let active = self.players.iter().filter(|p| !p.lost).count();
        if !self.chain.is_empty() {
            self.chain_passes += 1;
            let t = format!("{} passes priority", self.player_name(player));
            self.event(EventKind::Action, vec![cite!("338.1.c.1")], t, vec![]);
            self.depth = 1;
            if self.chain_passes >= active {
                self.resolve_newest()?;
            } else {
                let next = self.next_player(player);
                self.give_priority(next, cite!("339.2"));
            }
            return Ok(());
        }
        if self.showdown.is_some() {
            let t = format!("{} passes focus", self.player_name(player));
            self.event(EventKind::Action, vec![cite!("347.3")], t, vec![]);
            self.depth = 1;
            let passes = {
                let s = self
                    .showdown
                    .as_mut()
                    .ok_or(Halt::Err(EngineError::NoDecision))?;
                s.passes += 1;
                s.passes
            };
            if passes >= active {
                self.close_showdown()?;
            } else {
                let next = self.next_player(player);
                self.focus = Some(next);
                self.priority = Some(next);
                let t = format!(
                    "focus passes to {}, who gains priority",
                    self.player_name(next)
                );
                self.event(
                    EventKind::Priority,
                    vec![cite!("347.4"), cite!("313.2")],
                    t,
                    vec![],
                );
            }
            return Ok(());
        }
        illegal(
            cite!("316.6"),
            "there is nothing to pass in a neutral open state; end the turn instead",
        )
    }

    /// 340: the newest chain item resolves, executing its effects in their entirety (340.1);
    /// no cleanup happens during resolution (321), one becomes outstanding (321.1, 319.5).
    pub(crate) fn resolve_newest(&mut self) -> R<()> {
        // 320: no chain item resolves during a cleanup
        debug_assert!(!self.in_cleanup, "320: resolution during a cleanup");
        let Some(item) = self.chain.pop() else {
            return Ok(());
        };
        let t = format!("{} resolves", item.label);
        self.event(
            EventKind::Chain,
            vec![cite!("340.1"), cite!("339.1")],
            t,
            item.source.iter().map(|o| o.0).collect(),
        );
        self.depth = self.depth.saturating_add(1);
        self.resolving = true;
        // 428.5.b–d: what this item kills is attributed to it — a spell, or an ability
        // originating from one (the card type counts in every zone, 138.2.b)
        let is_spell = |o: Option<ObjId>| {
            o.is_some_and(|o| self.objects[o.0].def.card_type == crate::engine::CardType::Spell)
        };
        self.kill_by = Some(crate::engine::state::KillBy {
            player: item.controller,
            spell: is_spell(item.card) || is_spell(item.source),
            label: item.label.clone(),
            ability: item.card.is_none(),
            damaged: Vec::new(),
        });
        // 359.3.e.2, 405.1: its targets' legality, checked as it begins to resolve
        let legal = self.legal_as_resolving(
            &item.effects,
            item.controller,
            item.source,
            item.snapshot.as_ref(),
        );
        let outer = std::mem::replace(&mut self.legal_as_resolving, legal);
        let mut result = Ok(());
        for e in &item.effects {
            result = self.execute_effect(e, item.controller, item.source, item.snapshot.as_ref());
            if result.is_err() {
                break;
            }
        }
        self.legal_as_resolving = outer;
        self.resolving = false;
        self.depth = self.depth.saturating_sub(1);
        result?;
        if let Some(card) = item.card {
            // 351.2: a spell's effects are executed, then the card is placed in the trash —
            // unless they put it elsewhere ("Banish this", 427.2)
            if self.objects[card.0].zone == Zone::Chain {
                let owner = self.objects[card.0].owner;
                self.objects[card.0].zone = Zone::Trash(owner);
                let t = format!(
                    "{} is put into {}'s trash",
                    item.label,
                    self.player_name(owner)
                );
                self.event(EventKind::Zone, vec![cite!("351.2")], t, vec![card.0]);
            }
            // 419.4.a: playing the spell is complete now: "when you play a spell" triggers
            let mut batch = Vec::new();
            let ids: Vec<ObjId> = self
                .objects
                .iter()
                .filter(|o| o.zone.abilities_function() && self.controller(o.id) == item.controller)
                .map(|o| o.id)
                .collect();
            // a token spell's cost is 0 (182.2.a.1)
            let cost = self.objects[card.0].def.energy_cost.unwrap_or(0);
            for u in ids {
                batch.extend(self.collect_triggers(u, &Trigger::YouPlaySpell, None));
                batch.extend(self.collect_triggers(u, &Trigger::YouPlaySpellCosting(cost), None));
            }
            // "when you play a card": the spell is a card played (not a token, 182)
            batch.extend(self.card_play_triggers(card, item.controller, item.snapshot.is_some()));
            self.place_triggers(batch, vec![cite!("419.4.a")], false)?;
        }
        self.fepr_happened = true;
        self.make_outstanding(cite!("319.5"));
        self.chain_passes = 0;
        self.priority = None;
        if self.chain.is_empty() {
            self.make_outstanding(cite!("319.1"));
            if self.showdown.is_some() {
                self.priority_due = Some(PriorityDue::Closed {
                    by_trigger: self.chain_by_trigger,
                    combat_chain: self.combat_chain,
                });
            }
            self.chain_by_trigger = false;
            self.combat_chain = false;
        } else if !self.chain.iter().any(|i| i.pending) {
            self.priority_due = Some(PriorityDue::Newest(cite!("340.4")));
        }
        Ok(())
    }

    /// The bounds of `crate::limits` on what a game holds: objects (a loop that creates
    /// tokens) and continuous effects, delayed abilities and created replacements (a loop
    /// that creates effects). Not a rule: arbiter's own bound, checked as the engine works.
    pub(crate) fn check_limits(&self) -> R<()> {
        use crate::limits::{MAX_EFFECTS, MAX_OBJECTS};
        if self.objects.len() > MAX_OBJECTS {
            return Err(Halt::Err(EngineError::Limit(format!(
                "the game has more than {MAX_OBJECTS} objects (cards and tokens, in every \
                 zone); the limit is {MAX_OBJECTS}"
            ))));
        }
        let effects = self.effects.len() + self.delayed.len() + self.created_replacements.len();
        if effects > MAX_EFFECTS {
            return Err(Halt::Err(EngineError::Limit(format!(
                "the game has more than {MAX_EFFECTS} continuous effects, delayed abilities \
                 and created replacement effects in play; the limit is {MAX_EFFECTS}"
            ))));
        }
        Ok(())
    }

    /// 335 (HOT FEPR): handle outstanding tasks (cleanups, combat steps), then finalize pending
    /// items, then wait for the player with priority; with nothing left, the main phase gives
    /// the turn player priority and other phases proceed (335.3).
    pub(crate) fn advance(&mut self) -> R<()> {
        let mut guard = 0usize;
        loop {
            guard += 1;
            if guard > crate::limits::MAX_ROUNDS {
                return Err(Halt::Err(EngineError::Limit(format!(
                    "the game did not come to rest after {} rounds of cleanups, combat steps \
                     and triggers: an endless loop of effects (the limit is {} rounds)",
                    crate::limits::MAX_ROUNDS,
                    crate::limits::MAX_ROUNDS
                ))));
            }
            self.check_limits()?;
            self.depth = 1;
            if self.winner.is_some() {
                self.priority = None;
                return Ok(());
            }
            // 460.3: after combat damage FEPR is skipped and the resolution step follows at
            // once: its combat cleanup (461.1, a special cleanup, 324.1) performs what is
            // outstanding, and items that went pending during the damage step wait
            if let Some(c) = &self.combat
                && c.step == super::state::CombatStep::Resolution
            {
                self.outstanding_cleanup.clear();
                self.combat_steps()?;
                continue;
            }
            if !self.outstanding_cleanup.is_empty() {
                let why = std::mem::take(&mut self.outstanding_cleanup);
                self.cleanup(why, super::cleanup::Special::None)?;
                continue;
            }
            // 335, 320.1: priority and focus are awarded once no cleanup is outstanding
            if let Some(due) = self.priority_due.take() {
                self.award_priority(due);
                continue;
            }
            if self.chain.is_empty()
                && let Some(c) = &self.combat
                && c.step != super::state::CombatStep::Showdown
            {
                self.combat_steps()?;
                continue;
            }
            if self.chain.iter().any(|i| i.pending) {
                self.finalize_pending()?;
                continue;
            }
            if let Some(top) = self.chain.last() {
                if self.priority.is_none() {
                    let p = top.controller;
                    self.give_priority(p, cite!("337.1.c.3"));
                }
                return Ok(());
            }
            if self.showdown.is_some() {
                if self.priority.is_none() {
                    let f = self.focus.unwrap_or(self.turn.player);
                    self.focus = Some(f);
                    self.give_priority(f, cite!("312.2.b"));
                }
                return Ok(());
            }
            if self.turn.phase == Phase::Main {
                self.focus = None;
                if self.priority != Some(self.turn.player) {
                    let p = self.turn.player;
                    self.give_priority(p, cite!("312.2.a"));
                }
                return Ok(());
            }
            self.priority = None;
            self.next_step()?;
        }
    }
}

/// The usual wording of a trigger condition (383.4), for trace labels.
pub(crate) fn trigger_phrase(t: &Trigger) -> &'static str {
    match t {
        Trigger::Moves => "when I move",
        Trigger::MovesToBattlefield => "when I move to a battlefield",
        Trigger::WinsCombat => "when I win a combat",
        Trigger::Attacks => "when I attack",
        Trigger::Defends => "when I defend",
        Trigger::Conquers => "when I conquer",
        Trigger::Holds => "when I hold",
        Trigger::ConquerHere => "when you conquer here",
        Trigger::HoldHere => "when you hold here",
        Trigger::Dies => "when I die",
        Trigger::StartOfBeginningPhase => "at the start of your beginning phase",
        Trigger::Played => "when you play me",
        Trigger::YouPlaySpell => "when you play a spell",
        Trigger::EndOfTurn => "at the end of your turn",
        Trigger::FriendlyUnitDies { other: false } => "when a friendly unit dies",
        Trigger::FriendlyUnitDies { other: true } => "when another friendly unit dies",
        Trigger::YouPlay(crate::engine::CardType::Gear) => "when you play a gear",
        Trigger::YouPlay(_) => "when you play a unit",
        Trigger::YouConquer => "when you conquer",
        Trigger::YouHold => "when you hold",
        Trigger::YouWinCombat => "when you win a combat",
        Trigger::YouPlaySpellCosting(_) => "when you play a spell that costs enough",
        Trigger::DefendHere => "when you defend here",
        Trigger::EachBeginningPhase => "at the start of each player's beginning phase",
        Trigger::MovesFromBattlefield => "when I move from a battlefield",
        Trigger::EnemyUnitDies { here: false } => "when an enemy unit dies",
        Trigger::EnemyUnitDies { here: true } => "when an enemy unit here dies",
        Trigger::OpponentScores => "when an opponent scores",
        Trigger::YouBuffMe => "when you buff me",
        Trigger::YouStunEnemy { one_or_more: false } => "when you stun an enemy unit",
        Trigger::YouStunEnemy { one_or_more: true } => "when you stun one or more enemy units",
        Trigger::YouDiscard => "when you discard one or more cards",
        Trigger::YouDiscardMe => "when you discard me",
        Trigger::YouPlayTokenUnit => "when you play a token unit",
        Trigger::YouOrAllyHold => "when you or an ally hold",
        Trigger::BecomesReady => "when I become ready",
        Trigger::YouReadyFriendlyUnit => "when you ready a friendly unit",
        Trigger::YouBuffFriendlyUnit => "when you buff a friendly unit",
        Trigger::YouPlayMightyUnit => "when you play a Mighty unit",
        Trigger::YouPlayTag(_) => "when you play another unit with a tag",
        Trigger::BuffedFriendlyUnitDies => "when a buffed friendly unit dies",
        Trigger::YouDrawNth(_) => "when you draw your Nth card each turn",
        Trigger::YouChooseMe { with_spell: false } => "when you choose me",
        Trigger::YouChooseMe { with_spell: true } => "when you choose me with a spell",
        Trigger::YouChooseFriendlyUnit => "when you choose a friendly unit",
        Trigger::YouReadyMe => "when you ready me",
        Trigger::YouPlayCard {
            from_hidden: false, ..
        } => "when you play a card",
        Trigger::YouPlayCard {
            from_hidden: true, ..
        } => "when you play a card from hidden",
        Trigger::YouPlayNthCard(_) => "when you play your Nth card in a turn",
        Trigger::YouHideCard => "when you hide a card",
        Trigger::FriendlyUnitAttacks { alone: false } => "when a friendly unit attacks",
        Trigger::FriendlyUnitAttacks { alone: true } => "when a friendly unit attacks alone",
        Trigger::FriendlyUnitDefends { alone: false } => "when a friendly unit defends",
        Trigger::FriendlyUnitDefends { alone: true } => "when a friendly unit defends alone",
        Trigger::UnitMovesFromHere => "when a unit moves from here",
        Trigger::YouAttachEquipmentToMe => "when you attach an Equipment to me",
        Trigger::YourUnitBecomesMighty => "when a unit you control becomes Mighty",
        Trigger::BecomesMighty => "when I become Mighty",
        Trigger::YouMoveEnemyUnit => "when you move an enemy unit",
        Trigger::YouKillUnitWithSpell => "when you kill a unit with a spell",
        Trigger::InTrash(t) => trigger_phrase(t),
        Trigger::AnotherUnitYouControlDies { .. } | Trigger::UnitYouControlDied { .. } => {
            "when another unit you control dies"
        }
    }
}

/// 429.2: the effects of an ability that adds resources (after a cost within its instructions,
/// 403.1.b.1): it finalizes at once rather than waiting for the outstanding tasks.
fn adds_resources(effects: &[Effect]) -> bool {
    let rest = match effects.first() {
        Some(Effect::PayCost(_)) => &effects[1..],
        _ => effects,
    };
    !rest.is_empty() && rest.iter().all(|e| matches!(e, Effect::Add { .. }))
}

#[cfg(test)]
mod tests {
    use super::permutations;

    #[test]
    fn permutations_are_lexicographic_and_capped() {
        let (p, more) = permutations(3, 10);
        assert_eq!(p.len(), 6);
        assert_eq!(more, 0);
        assert_eq!(p[0], vec![0, 1, 2]);
        assert_eq!(p[5], vec![2, 1, 0]);
        let (p, more) = permutations(4, 5);
        assert_eq!((p.len(), more), (5, 19));
        assert_eq!(permutations(1, 5).0, vec![vec![0]]);
        // issue 10: 20 triggers (20! orders) are listed up to the cap, never walked
        let t = std::time::Instant::now();
        let (p, more) = permutations(20, 120);
        assert_eq!(p.len(), 120);
        assert_eq!(more, 2_432_902_008_176_640_000 - 120);
        let (p, more) = permutations(30, 120);
        assert_eq!((p.len(), more), (120, usize::MAX));
        assert!(t.elapsed().as_secs() < 1);
    }
}
