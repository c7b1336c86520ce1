//! Triggered abilities: "When …", "At …", Deathknell's "— [effect]" (378–383, 808.1), and the triggers that choose.

use super::*;

/// "When I attack, …" and the other trigger conditions the vocabulary has (378–383);
/// "When I attack or defend, …" is one ability for each. "When you conquer/hold here" is
/// on a battlefield's card only.
pub(super) fn triggered(s: &str, battlefield: bool) -> Option<Vec<AbilityDef>> {
    const WHEN: &[(&str, &[&str])] = &[
        ("when you play me", &["play"]),
        ("when you play this", &["play"]),
        ("when i attack or defend", &["attack", "defend"]),
        ("when i attack", &["attack"]),
        ("when i defend", &["defend"]),
        ("when i move to a battlefield", &["move-to-battlefield"]),
        ("when i win a combat", &["win-combat"]),
        ("when i move", &["move"]),
        ("when i conquer", &["conquer"]),
        ("when i hold", &["hold"]),
        ("when i die", &["die"]),
        ("when you play a spell", &["play-spell"]),
        ("at the end of your turn", &["end-of-turn"]),
        ("at the start of your beginning phase", &["beginning-phase"]),
        ("at start of your beginning phase", &["beginning-phase"]),
        ("when a friendly unit dies", &["friendly-unit-dies"]),
        (
            "when another friendly unit dies",
            &["another-friendly-unit-dies"],
        ),
        ("when you play a unit", &["you-play-unit"]),
        ("when you play another unit", &["you-play-unit"]),
        ("when you play a gear", &["you-play-gear"]),
        ("when you conquer", &["you-conquer"]),
        ("when you hold", &["you-hold"]),
        ("when you win a combat", &["you-win-combat"]),
    ];
    const HERE: &[(&str, &[&str])] = &[
        ("when you conquer here", &["conquer"]),
        ("when you hold here", &["hold"]),
        ("when you defend here", &["defend"]),
        (
            "at the start of each players beginning phase",
            &["each-beginning-phase"],
        ),
    ];
    let f = fold(s);
    let table = if battlefield { HERE } else { WHEN };
    let lookup = |head: &str| -> Option<Vec<&'static str>> {
        table
            .iter()
            .find(|(p, _)| *p == head)
            .map(|(_, w)| w.to_vec())
    };
    let head = f.split(',').next()?;
    // "When you play me or at the start of your Beginning Phase, …", "When you play me or I
    // attack, …": one ability for each condition
    let whens: Vec<&'static str> = match lookup(head) {
        Some(w) => w,
        None => {
            let (a, b) = head.split_once(" or ")?;
            let b = if b.starts_with("when ") || b.starts_with("at ") {
                b.to_string()
            } else {
                format!("when {b}")
            };
            // "When you conquer or hold": the second shares the first's subject
            let shared = a
                .strip_prefix("when you ")
                .map(|_| b.replacen("when ", "when you ", 1));
            let mut v = lookup(a)?;
            v.extend(lookup(&b).or_else(|| lookup(shared.as_deref()?))?);
            v
        }
    };
    if !s.contains(',') {
        return None;
    }
    let (_, body) = s.split_at(s.find(',')? + 1);
    let mut body = body.trim();
    // 383.3.e: "When you play me, if you control a Poro, …": a conditional statement
    let mut condition = None;
    if let Some(r) = strip_ci(body, "if ") {
        let (c, rest) = r.split_once(',')?;
        condition = Some(if_condition(c)?);
        body = rest.trim();
    }
    // 403.1.b.1: "you may pay [cost] to [effect]" — a cost within the instructions
    let mut cost = None;
    if let Some(r) = strip_ci(body, "you may pay ") {
        let (c, rest) = r.split_once(" to ")?;
        let c = cost_of(c.trim()).filter(|c| !c.exhaust)?;
        cost = Some(format::TriggerCost {
            energy: c.energy,
            power: c.power,
        });
        body = rest;
    }
    let mut v = instructions(body)?;
    bind_it(&mut v, &mut None, &mut false).then_some(())?;
    Some(
        whens
            .iter()
            .map(|w| {
                let mut v = v.clone().into_iter();
                AbilityDef {
                    when: Some(name(*w)),
                    effect: v.next().map(spanned),
                    then: v.map(spanned).collect(),
                    cost: cost.clone().map(spanned),
                    if_: condition.clone().map(name),
                    ..Default::default()
                }
            })
            .collect(),
    )
}

/// 364.2: a passive that changes how units enter (359.2.c) — "I enter ready [if …]",
/// "Other friendly units enter ready", "Your units enter ready", "Your tokens enter ready";
/// `given` is the condition of a dependent keyword ("[Level 11] Your units enter ready").
pub(super) fn enters_ready(s: &str, given: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let f = fold(t);
    let (scope, cond) = match f.as_str() {
        "i enter ready" => (None, None),
        "other friendly units enter ready" | "your other units enter ready" => {
            (Some("other-friendly-units"), None)
        }
        "your units enter ready" | "friendly units enter ready" => (Some("friendly-units"), None),
        "your tokens enter ready" | "your token units enter ready" => {
            (Some("friendly-units"), Some("token".to_string()))
        }
        _ => {
            let c = strip_ci(t, "i enter ready if ")?;
            (None, Some(if_condition(c)?))
        }
    };
    let cond = match (cond, given) {
        (c, "always") => c,
        (None, g) => Some(g.to_string()),
        (Some(_), _) => return None,
    };
    Some(AbilityDef {
        enter_ready: true,
        scope: scope.map(name),
        if_: cond.map(name),
        ..Default::default()
    })
}

/// "When you play me, choose an enemy unit.": the triggered ability (its instructions to
/// follow) and the target word of what it chooses.
pub(super) fn trigger_that_chooses(s: &str, battlefield: bool) -> Option<(AbilityDef, String)> {
    let t = s.trim().trim_end_matches('.');
    let (head, body) = t.split_once(", ")?;
    let chosen = strip_ci(body.trim(), "choose ")
        .and_then(|b| target(b).or_else(|| chosen_pair(b).map(|(a, b)| format!("{a}\u{1f}{b}"))))?;
    let mut v = triggered(&format!("{head}, draw 1."), battlefield)?;
    if v.len() != 1 {
        return None;
    }
    let mut a = v.pop()?;
    a.effect = None;
    a.then.clear();
    Some((a, chosen))
}

/// "a friendly unit and an enemy unit": two targets chosen by one sentence.
pub(super) fn chosen_pair(s: &str) -> Option<(String, String)> {
    let t = s.trim().trim_end_matches('.');
    let (a, b) = t.split_once(" and ")?;
    Some((target(a)?, target(b)?))
}

/// Binds "it" in instructions: to the unit a "Choose …" sentence chose (`chosen`, used up),
/// else to the unit an earlier instruction chose (`before`; the engine binds it at step 2,
/// 355.5). False when an "it" refers to nothing chosen.
pub(super) fn bind_it(
    v: &mut [format::Effect],
    chosen: &mut Option<String>,
    before: &mut bool,
) -> bool {
    for e in v.iter_mut() {
        // "they": the two units of a "Choose A and B" (and nothing else)
        if e.fight.as_ref().is_some_and(|f| f.value == "they") {
            let Some((a, b)) = chosen.as_deref().and_then(|c| c.split_once('\u{1f}')) else {
                return false;
            };
            e.fight = Some(name(a));
            e.with = Some(name(b));
            *chosen = None;
            *before = true;
            continue;
        }
        for t in target_fields(e) {
            if t.value == "it" {
                if chosen.as_deref().is_some_and(|c| c.contains('\u{1f}')) {
                    // two units were chosen: "it" is neither
                    return false;
                }
                if let Some(c) = chosen.take() {
                    t.value = c;
                    *before = true;
                } else if !*before {
                    return false;
                }
            } else if t.value.starts_with("choose-") {
                *before = true;
            }
        }
    }
    true
}
