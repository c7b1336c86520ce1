//! Replacement effects in card text: "instead" (367–375), "the next time …" (371), prevention (437), and delayed abilities (376).

use super::*;

/// 370.1.a: "If it's attacking, deal 4 to it instead." / "If you control 7 or more runes,
/// deal 7 to it instead." — a condition ("it" being the unit the instruction before chose)
/// and the instructions that replace that one when it holds.
pub(super) fn self_replacement(s: &str) -> Option<(String, Vec<format::Effect>)> {
    let t = strip_ci(s.trim().trim_end_matches('.'), "if ")?;
    let (c, body) = t.split_once(", ")?;
    let c = match fold(c).as_str() {
        "its attacking" => "attacking".to_string(),
        "its defending" => "defending".to_string(),
        "its buffed" => "buffed".to_string(),
        "its mighty" => "mighty".to_string(),
        // "If it's already stunned, return it … instead": stunned before the stun (423.1)
        "its stunned" | "its already stunned" => "stunned".to_string(),
        _ => if_condition(c)?,
    };
    let body = strip_suffix_ci(body.trim(), " instead")?;
    Some((c, instructions(body)?))
}

/// 390–392: "When any unit takes damage this turn, kill it." — a delayed ability the spell
/// or ability creates; in what it does, "it" is the unit that made it trigger. 390.2: "When
/// it dies this turn, …" / "When it wins a combat this turn, …" watch the unit chosen
/// before (`unit: it`); "When a friendly unit is played this turn, buff it." any unit
/// friendly to its controller; "The next time you play a unit this turn, ready it." the next
/// one its controller plays.
pub(super) fn delayed(t: &str) -> Option<format::Effect> {
    const WHEN: &[(&str, &str, bool)] = &[
        ("when any unit takes damage ", "unit-takes-damage", false),
        ("when it dies ", "unit-dies", true),
        ("when it wins a combat ", "unit-wins-combat", true),
        (
            "when a friendly unit is played ",
            "friendly-unit-played",
            false,
        ),
        (
            "the next time you play a unit ",
            "next-unit-you-play",
            false,
        ),
    ];
    let (rest, when, watches) = WHEN
        .iter()
        .find_map(|(p, w, u)| strip_ci(t, p).map(|r| (r, *w, *u)))?;
    let (duration, rest) = if let Some(r) = strip_ci(rest, "this turn, ") {
        ("this-turn", r)
    } else if when == "unit-takes-damage" {
        ("this-combat", strip_ci(rest, "this combat, ")?)
    } else {
        return None;
    };
    Some(format::Effect {
        delayed: Some(Box::new(format::DelayedDef {
            when: name(when),
            unit: watches.then(|| name("it")),
            duration: Some(name(duration)),
            effects: instead_instructions(rest)?
                .into_iter()
                .map(spanned)
                .collect(),
        })),
        ..Default::default()
    })
}

/// 390.2: "Kill it the next time it takes damage this turn." — a delayed ability watching
/// the unit chosen before (`unit: it`), used up once that unit is dealt damage; in what it
/// does, "it" is that unit.
pub(super) fn next_time_it_takes_damage(t: &str) -> Option<format::Effect> {
    let body = strip_suffix_ci(
        t.trim().trim_end_matches('.'),
        " the next time it takes damage this turn",
    )?;
    Some(format::Effect {
        delayed: Some(Box::new(format::DelayedDef {
            when: name("it-takes-damage"),
            unit: Some(name("it")),
            duration: Some(name("this-turn")),
            effects: instead_instructions(body)?
                .into_iter()
                .map(spanned)
                .collect(),
        })),
        ..Default::default()
    })
}

/// 390.2: "ready up to 2 runes at the end of this turn" — instructions for a specific time
/// of the turn, the Ending Step (317.1.a): a delayed ability that does them then. An "it" in
/// them would refer to nothing then, so is not read.
pub(super) fn at_end_of_turn(t: &str) -> Option<format::Effect> {
    let body = strip_suffix_ci(t.trim().trim_end_matches('.'), " at the end of this turn")?;
    let mut v = instructions(body)?;
    if v.iter_mut()
        .any(|e| e.may || target_fields(e).iter().any(|t| t.value == "it"))
    {
        return None;
    }
    Some(format::Effect {
        delayed: Some(Box::new(format::DelayedDef {
            when: name("end-of-turn"),
            unit: None,
            duration: Some(name("this-turn")),
            effects: v.into_iter().map(spanned).collect(),
        })),
        ..Default::default()
    })
}

/// 367–370: "If a friendly unit would die, kill this instead." — a replacement effect of a
/// permanent, applied each time (`always`); whose death it replaces is its scope.
pub(super) fn static_replacement(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    if let Some(a) = token_replacement(t) {
        return Some(a);
    }
    let rest = strip_ci(t, "if ")?;
    let (who, rest) = rest.split_once(" would die")?;
    // 308.1: "… would die during combat": while a combat is in progress
    let (during, rest) = match strip_ci(rest, " during combat") {
        Some(r) => (Some("during-combat"), r),
        None => (None, rest),
    };
    let rest = rest.strip_prefix(", ")?;
    // 370.1: "a buffed unit you control": a circumstance about the unit
    let (unit_if, who) = match strip_ci(who, "a buffed ") {
        Some(w) => (Some("buffed"), format!("a {w}")),
        None => (None, who.to_string()),
    };
    let scope = match fold(&who).as_str() {
        "a friendly unit" => "friendly-units",
        "another friendly unit" => "other-friendly-units",
        // 484.8.c: control is not shared
        "a unit you control" => "your-units",
        "another unit you control" => "your-other-units",
        // a battlefield's or a permanent's location
        "a unit here" => "units-here",
        "another unit you control here" => "your-other-units-here",
        "i" if unit_if.is_none() => "me",
        _ => return None,
    };
    // 370.1: "…, if it has less Might than me, instead heal it …": a circumstance about the
    // unit, "instead" written first
    let (unit_if, body) = match strip_ci(rest.trim(), "if it has less might than me, instead ") {
        Some(b) if unit_if.is_none() => (Some("less-might-than-me"), b),
        Some(_) => return None,
        None => (unit_if, strip_suffix_ci(rest.trim(), " instead")?),
    };
    let (may, cost, body) = optional_replacement(body)?;
    Some(AbilityDef {
        would: Some(name("die")),
        scope: Some(name(scope)),
        if_: during.map(name),
        unit_if: unit_if.map(name),
        may: may.map(name),
        cost: cost.map(spanned),
        instead: instead_instructions(body)?
            .into_iter()
            .map(spanned)
            .collect(),
        ..Default::default()
    })
}

/// 742.1: what a replacement does instead, when the text makes it optional — "you may pay
/// [cost] to [do Y]", "its controller may pay [cost] to [do Y]", "you may [do Y]": who
/// chooses (`you`, `its-controller`), the cost within the instruction ("pay [Rune], exhaust
/// me, and spend its buff": `buff` is that unit's buff) and the rest. Not optional: no one,
/// no cost, the text as it is. `None`: an optional form not read.
#[allow(clippy::type_complexity)]
pub(super) fn optional_replacement(
    body: &str,
) -> Option<(Option<&'static str>, Option<format::TriggerCost>, &str)> {
    let (who, rest) = if let Some(r) = strip_ci(body, "you may ") {
        ("you", r)
    } else if let Some(r) = strip_ci(body, "its controller may ") {
        ("its-controller", r)
    } else {
        return Some((None, None, body));
    };
    // "you may heal it … instead": optional, nothing paid; the instruction itself may
    // contain " to " ("move it to base"), so a cost is read only after "pay" or a part of one
    let costly = ["pay ", "exhaust me", "exhaust this", "spend ", "discard "]
        .iter()
        .any(|p| strip_ci(rest, p).is_some());
    if !costly {
        return Some((Some(who), None, rest));
    }
    let (c, rest) = rest.split_once(" to ")?;
    let f = fold(c);
    // "spend a buff" would be any unit's; here only "its buff" is read
    if f.contains("spend a buff") {
        return None;
    }
    let c = c
        .replace(", and ", " and ")
        .replace(", ", " and ")
        .replace("spend its buff", "spend a buff");
    let whole = format!("you may {c} to x");
    let (cost, tail) = trigger_cost(&whole)?;
    if tail != "x" || cost.kill_this {
        return None;
    }
    Some((Some(who), Some(cost), rest))
}

/// 371, 375: "[Once each turn, ]if you would play a token unit[ while I'm at a
/// battlefield], [you may ]play that token and an additional copy of it instead" — a
/// replacement of its controller playing a token; "you may" goes with "once each turn"
/// (371.1: its controller chooses to apply it).
pub(super) fn token_replacement(t: &str) -> Option<AbilityDef> {
    let (once, rest) = match strip_ci(t, "once each turn, ") {
        Some(r) => (true, r),
        None => (false, t),
    };
    let rest = strip_ci(rest, "if you would play ")?;
    let (what, rest) = rest.split_once(',')?;
    let (what, condition) = match strip_suffix_ci(what.trim(), " while i'm at a battlefield") {
        Some(w) => (w, Some("at-battlefield")),
        None => (what.trim(), None),
    };
    let event = match fold(what).as_str() {
        "a token" => "play-token",
        "a token unit" | "a unit token" => "play-unit-token",
        "a token gear" | "a gear token" => "play-gear-token",
        _ => return None,
    };
    let rest = rest.trim();
    let (may, rest) = match strip_ci(rest, "you may ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    // "you may" only as the choice "once each turn" gives (371.1)
    if may != once {
        return None;
    }
    let body = strip_suffix_ci(rest, " instead")?;
    let and = if fold(body) == "play that token and an additional copy of it" {
        format::Effect {
            play_that_token_and: Some(name("copy")),
            ..Default::default()
        }
    } else {
        // another instruction in its place ("draw 1 instead")
        let mut v = instructions(body)?;
        if v.len() != 1 || fold(body).contains("that token") {
            return None;
        }
        v.remove(0)
    };
    Some(AbilityDef {
        would: Some(name(event)),
        uses: once.then(|| name("once-each-turn")),
        if_: condition.map(name),
        instead: vec![spanned(and)],
        ..Default::default()
    })
}

/// What a replacement does instead, "that unit" and "it" being the unit whose event it
/// replaces; a new choice then is not in the vocabulary.
pub(super) fn instead_instructions(s: &str) -> Option<Vec<format::Effect>> {
    let text = s.replace("that unit", "it").replace("That unit", "It");
    let mut v = instructions(&text)?;
    for x in v.iter_mut() {
        for t in target_fields(x) {
            if t.value == "it" {
                t.value = "that-unit".into();
            } else if t.value.starts_with("choose-") {
                return None;
            }
        }
    }
    Some(v)
}

/// 369, 370: "The next time it would die this turn, heal it, exhaust it, and recall it
/// instead" / "The next time that unit would be dealt damage this turn, prevent it": a
/// replacement effect about the unit chosen before, created for the duration (369.2:
/// preventing is a replacement); in what happens instead, "it" is that unit. "If it would
/// die this turn, banish it instead": the same, applied each time (`uses: always`) for the
/// turn.
pub(super) fn next_time(t: &str) -> Option<format::Effect> {
    let (uses, rest) = match strip_ci(t, "the next time ") {
        Some(r) => ("next", r),
        None => ("always", strip_ci(t, "if ")?),
    };
    let rest = strip_ci(rest, "it ").or_else(|| strip_ci(rest, "that unit "))?;
    // "If it dies …" is a condition, not a replacement
    if uses == "always" && strip_ci(rest, "would ").is_none() {
        return None;
    }
    let (would, rest) = [
        ("would die", "die"),
        ("dies", "die"),
        ("would be killed", "be-killed"),
        ("would be dealt damage", "be-dealt-damage"),
    ]
    .iter()
    .find_map(|(p, w)| strip_ci(rest, p).map(|r| (*w, r)))?;
    let (duration, rest) = match strip_ci(rest, " this turn") {
        Some(r) => ("this-turn", r),
        None if uses == "next" => ("permanent", rest),
        None => return None,
    };
    let rest = rest.strip_prefix(", ")?;
    let mut e = format::Effect {
        replace: Some(name("it")),
        would: Some(name(would)),
        uses: Some(name(uses)),
        duration: Some(name(duration)),
        ..Default::default()
    };
    if fold(rest) == "prevent it" {
        e.prevent = true;
    } else {
        let body = strip_suffix_ci(rest.trim(), " instead")?;
        // 742.1: "you may pay [Fury] to heal it … instead" — its controller's choice
        let (may, cost, body) = optional_replacement(body)?;
        match may {
            None => {}
            Some("you") => {
                e.may = true;
                e.cost = cost.map(spanned);
            }
            Some(_) => return None,
        }
        e.instead = instead_instructions(body)?
            .into_iter()
            .map(spanned)
            .collect();
    }
    Some(e)
}

/// 369, 432.1: "Double all damage that would be dealt to it this turn": a replacement effect
/// about the unit chosen before, for the duration, applied each time it would be dealt
/// damage — the amount increased by itself.
pub(super) fn double_damage(rest: &str) -> Option<format::Effect> {
    let rest = strip_ci(rest, "it").or_else(|| strip_ci(rest, "that unit"))?;
    let duration = match fold(rest.trim_end_matches('.')).as_str() {
        " this turn" | "this turn" => "this-turn",
        _ => return None,
    };
    Some(format::Effect {
        replace: Some(name("it")),
        would: Some(name("be-dealt-damage")),
        uses: Some(name("always")),
        duration: Some(name(duration)),
        doubled: true,
        ..Default::default()
    })
}

/// 437: "Prevent the next 7 damage that would be dealt to it this turn": a prevention of an
/// amount about the unit chosen before (437.1.b.1), created for the duration.
pub(super) fn prevent_next(rest: &str) -> Option<format::Effect> {
    let rest = strip_ci(rest, "the next ")?;
    let (n, rest) = rest.split_once(' ')?;
    let rest = strip_ci(rest, "damage that would be dealt to ")?;
    let rest = strip_ci(rest, "it").or_else(|| strip_ci(rest, "that unit"))?;
    let duration = match fold(rest).as_str() {
        " this turn" | "this turn" => "this-turn",
        "" => "permanent",
        _ => return None,
    };
    Some(format::Effect {
        replace: Some(name("it")),
        would: Some(name("be-dealt-damage")),
        prevent_next: Some(n.parse().ok()?),
        duration: Some(name(duration)),
        ..Default::default()
    })
}
