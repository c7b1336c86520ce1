//! A spell's or ability's instructions (359.3): clauses, targets (444–447), tokens, "give".

use super::*;

pub(super) fn strip_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    (s.len() >= prefix.len()
        && s.is_char_boundary(prefix.len())
        && s[..prefix.len()].eq_ignore_ascii_case(prefix))
    .then(|| &s[prefix.len()..])
}

/// A target phrase in the vocabulary's words, with "with N [Might] or less" on a unit choice
/// or group ("a unit at a battlefield with 3 [Might] or less").
pub(super) fn target(s: &str) -> Option<String> {
    let t = s.trim().trim_end_matches('.');
    let lower = t.to_ascii_lowercase();
    let unitish = |word: &str| {
        !word.contains("gear") && !word.contains("spell") && !word.contains("rune") && {
            word.starts_with("choose-") || word.contains("units")
        }
    };
    if let Some(w) = target_word(t) {
        return Some(w.to_string());
    }
    // 134.1: "an enemy Calm unit", "any number of enemy Order units with total Might 5 or
    // less": the units of a Domain (its name capitalised, before "unit")
    if let Some((rest, domain)) = without_domain(t) {
        let word = target(&rest)?;
        let domain = format!(" with domain {domain}");
        if ["any-number ", "up-to-", "exactly-"]
            .iter()
            .any(|p| word.starts_with(p))
        {
            // a group: its members are of the Domain
            let mut parts = word.splitn(3, ' ');
            let (size, member, rules) = (parts.next()?, parts.next()?, parts.next());
            return Some(match rules {
                Some(r) => format!("{size} {member}{domain} {r}"),
                None => format!("{size} {member}{domain}"),
            });
        }
        let unitish = (word.starts_with("choose-") || word.contains("units"))
            && !word.contains("spell")
            && !word.contains("rune")
            && (!word.ends_with("gear") || word.ends_with(" or-gear"));
        return unitish.then(|| format!("{word}{domain}"));
    }
    // "a friendly unit with / without [Temporary]": a unit choice narrowed by a keyword it has
    // or lacks (722.1); "a non-Dragon unit": by a tag it lacks (a tag, capitalised)
    for (sep, lacks) in [(" with [", false), (" without [", true)] {
        if let Some(i) = lower.rfind(sep) {
            let k = t[i + sep.len()..].trim().strip_suffix(']')?;
            let word = target(&t[..i])?;
            crate::scenario::keywords::parse(k).ok()?;
            let unit_choice = word.starts_with("choose-")
                && !word.contains(' ')
                && !word.contains("gear")
                && !word.contains("spell")
                && !word.contains("rune");
            let how = if lacks { "without" } else { "with" };
            return unit_choice.then(|| format!("{word} {how} keyword {k}"));
        }
    }
    if let Some(i) = lower.find(" non-")
        && let Some((tag, after)) = t[i + " non-".len()..].split_once(' ')
        && tag.chars().next().is_some_and(char::is_uppercase)
        && !tag.contains('[')
    {
        let word = target(&format!("{} {after}", &t[..i]))?;
        let unit = (word.starts_with("choose-") || word.contains("units"))
            && !word.contains(' ')
            && !word.contains("gear")
            && !word.contains("spell")
            && !word.contains("rune");
        return unit.then(|| format!("{word} without tag {tag}"));
    }
    // "an enemy unit or gear": the choice of a unit, or of a gear
    if let Some(w) = strip_suffix_ci(t, " or gear")
        && let Some(word) = target(w)
    {
        return (word.starts_with("choose-")
            && !word.contains(' ')
            && !word.contains("gear")
            && !word.contains("spell")
            && !word.contains("rune")
            && !word.contains("here")
            && !word.contains("battlefield"))
        .then(|| format!("{word} or-gear"));
    }
    // "a gear with Energy cost no more than [1]": a choice on the board narrowed by its
    // printed costs (138.2.b); a card in a trash is read where the trash is named
    let (head, bound) = cost_bound(t);
    if head.len() < t.len() {
        let word = target(head)?;
        return (word.starts_with("choose-")
            && !word.contains(' ')
            && !word.contains("rune")
            && !lower.contains(" from "))
        .then(|| Some(format!("{word}{}", bound?)))
        .flatten();
    }
    // 355.11, 355.13: "any number of enemy units here", "up to three units at the same
    // location": a group chosen at once
    if let Some(w) = group_target(t) {
        return Some(w);
    }
    // 355.10.b: "all enemy units at a battlefield" — the battlefield is the target, chosen as
    // the spell is played (a unit choice "at a battlefield" is a restriction of the unit's,
    // `choose-unit-at-battlefield`); "enemy units there": at the battlefield chosen before;
    // "an enemy unit at its location": where the unit chosen before is
    if let Some(w) = strip_suffix_ci(t, " at a battlefield")
        && let Some(word) = target(w)
        && unitish(&word)
        && !word.starts_with("choose-")
        && !word.contains(' ')
    {
        return Some(format!("{word} at-a-battlefield"));
    }
    // "each other enemy unit there": other than the unit chosen before
    if let Some(w) = strip_ci(t, "each other ").and_then(|w| strip_suffix_ci(w, " there")) {
        let word = target(&format!("each {w}"))?;
        return (unitish(&word) && !word.starts_with("choose-") && !word.contains(' '))
            .then(|| format!("{word} there other-than-it"));
    }
    for (suffix, qualifier) in [(" there", "there"), (" at its location", "at-its-location")] {
        if let Some(w) = strip_suffix_ci(t, suffix) {
            let word = target(w)?;
            let choice = word.starts_with("choose-");
            return (unitish(&word)
                && !word.contains(' ')
                && !word.contains("here")
                && !word.contains("battlefield")
                && (choice || qualifier == "there"))
                .then(|| format!("{word} {qualifier}"));
        }
    }
    // "a friendly unit in your base": yours (484.8.c: a base's units are its player's) in a base
    if let Some(w) = strip_suffix_ci(t, " in your base")
        && let Some(word) = target(w)
    {
        return match word.as_str() {
            "choose-friendly" | "choose-yours" => Some("choose-yours in-base".into()),
            "friendly-units" | "your-units" => Some("your-units in-base".into()),
            _ => None,
        };
    }
    // 741.3: "all enemy units in combat" — a unit choice or group narrowed to units in
    // combat; "your units here": a group narrowed to the source's location
    for (suffix, qualifier) in [
        (" in combat", "in-combat"),
        (" here", "here"),
        (" in a base", "in-base"),
    ] {
        if let Some(w) = strip_suffix_ci(t, suffix) {
            let word = target(w)?;
            return (unitish(&word) && !word.contains("here"))
                .then(|| format!("{word} {qualifier}"));
        }
    }
    // "an attacking unit" (454), "an exhausted friendly unit", "all damaged enemy units
    // here": the choice or group without the word, narrowed to units with that status
    let words: Vec<&str> = t.split_whitespace().collect();
    if let Some(i) = words.iter().position(|w| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "attacking" | "exhausted" | "damaged"
        )
    }) && i + 1 < words.len()
    {
        let qualifier = words[i].to_ascii_lowercase();
        let mut rest: Vec<&str> = words.clone();
        rest.remove(i);
        // "an exhausted unit" → "a unit", "an attacking enemy unit" → "an enemy unit"
        if i > 0 && matches!(rest[i - 1].to_ascii_lowercase().as_str(), "a" | "an") {
            rest[i - 1] = if rest[i].starts_with(['a', 'e', 'i', 'o', 'A', 'E', 'I', 'O']) {
                "an"
            } else {
                "a"
            };
        }
        let word = target(&rest.join(" "))?;
        return unitish(&word).then(|| format!("{word} {qualifier}"));
    }
    // "another unit at a battlefield": that choice, other than the source
    if let Some(w) = strip_ci(t, "another ") {
        let word = target(&format!("a {w}"))?;
        return (unitish(&word) && word.starts_with("choose-")).then(|| format!("{word} other"));
    }
    if let Some(i) = lower.find(" with ") {
        let bound = fold(&t[i + " with ".len()..]);
        let n: i32 = bound.strip_suffix(" might or less")?.trim().parse().ok()?;
        let word = target_word(&t[..i])?;
        let unitish =
            word.starts_with("choose-") && !word.ends_with("gear") && !word.ends_with("spell")
                || word.ends_with("units")
                || word.contains("units-");
        return unitish.then(|| format!("{word} with might {n} or less"));
    }
    // a tag in place of "unit": "your Mechs", "a friendly Mech", "another friendly Dragon"
    let tagged = |rest: &str| {
        let w = rest.trim();
        (w.chars().next().is_some_and(char::is_uppercase) && !w.contains(' ') && !w.contains('['))
            .then(|| w.to_string())
    };
    for (prefix, word, plural) in [
        // 484.8.c: "your Mechs" are the controller's own
        ("your ", "your-units", true),
        ("a friendly ", "choose-friendly", false),
        ("another friendly ", "choose-other-friendly", false),
    ] {
        if let Some(tag) = strip_ci(t, prefix).and_then(tagged) {
            let tag = if plural {
                tag.strip_suffix('s')?.to_string()
            } else {
                tag
            };
            return Some(format!("{word} with tag {tag}"));
        }
    }
    target_word(t).map(str::to_string)
}

/// A target phrase without qualifier in the vocabulary's words.
pub(super) fn target_word(s: &str) -> Option<&'static str> {
    Some(match fold(s.trim().trim_end_matches('.')).as_str() {
        "me" | "this" => "me",
        "a unit" | "any unit" => "choose-unit",
        "an enemy unit" => "choose-enemy",
        // "anywhere": at any location, its base included
        "a friendly unit" | "a friendly unit anywhere" => "choose-friendly",
        // 484.8.c: control is not shared; friendly includes a teammate's (484.8.d)
        "a unit you control" => "choose-yours",
        "an enemy unit here" => "choose-enemy-here",
        "a unit here" => "choose-unit-here",
        "a friendly unit here" => "choose-friendly-here",
        "a unit at a battlefield" => "choose-unit-at-battlefield",
        "an enemy unit at a battlefield" => "choose-enemy-at-battlefield",
        "a friendly unit at a battlefield" => "choose-friendly-at-battlefield",
        "another friendly unit" => "choose-other-friendly",
        "another unit you control" => "choose-other-yours",
        // "one of your units": a unit you control, chosen (484.8.c)
        "one of your units" => "choose-yours",
        "one of your other units" => "choose-other-yours",
        "another unit" => "choose-other-unit",
        "it" => "it",
        "all units" | "each unit" => "all-units",
        "a gear" => "choose-gear",
        // 355.10.f: a rune named as such is a target
        "a rune" => "choose-rune",
        "a friendly rune" | "a rune you control" => "choose-friendly-rune",
        "an enemy gear" => "choose-enemy-gear",
        "all gear" => "all-gear",
        "all units and gear" => "all-units-and-gear",
        "all enemy units" | "each enemy unit" | "enemy units" => "enemy-units",
        "all friendly units" | "each friendly unit" | "friendly units" => "friendly-units",
        "your units" | "units you control" => "your-units",
        "other friendly units" | "each other friendly unit" => "other-friendly-units",
        "your other units" | "other units you control" => "your-other-units",
        "all units at battlefields" | "each unit at a battlefield" | "units at battlefields" => {
            "units-at-battlefields"
        }
        "all enemy units at battlefields" | "enemy units at battlefields" => {
            "enemy-units-at-battlefields"
        }
        "all enemy units here" | "each enemy unit here" | "enemy units here" => "enemy-units-here",
        "all units here" | "each unit here" | "units here" | "all units at my battlefield" => {
            "all-units-here"
        }
        "all enemy units at my battlefield" | "enemy units at my battlefield" => "enemy-units-here",
        "other friendly units here"
        | "each other friendly unit here"
        | "all other friendly units here" => "other-friendly-units-here",
        // 484.8.c: control is not shared
        "your other units here" | "other units you control here" => "your-other-units-here",
        _ => return None,
    })
}

/// 355.11, 355.13: a group of units one instruction chooses at once — "any number of enemy
/// units here", "any number of units at a battlefield with total Might 4 or less" (all at
/// one battlefield, 355.11.b's example), "up to three units at the same location" — as a
/// group word (`any-number units-at-battlefields same-battlefield with total might 4 or
/// less`). "Up to N" without a restriction on the whole is N choices of one (`up_to`).
pub(super) fn group_target(s: &str) -> Option<String> {
    group_target_of(s, false)
}

/// `group_target`; `plain_up_to`: "up to N" without a restriction on the whole is a group
/// too (damage split among up to N units, 355.14), and "two units …" is a group of exactly
/// two (a swap of their Mights, 433).
fn group_target_of(s: &str, plain_up_to: bool) -> Option<String> {
    let f = fold(s);
    let (size, mut rest) = if let Some(r) = f.strip_prefix("any number of ") {
        ("any-number".to_string(), r)
    } else if let Some(r) = f.strip_prefix("up to ") {
        let (n, r) = r.split_once(' ')?;
        (format!("up-to-{}", count_word(n)?), r)
    } else {
        let (n, r) = f.split_once(' ')?;
        let n = count_word(n).filter(|n| *n >= 2 && plain_up_to)?;
        (format!("exactly-{n}"), r)
    };
    let mut rules: Vec<String> = Vec::new();
    let mut at_battlefield = false;
    loop {
        if let Some((w, bound)) = rest
            .rsplit_once(" with total might ")
            .or_else(|| rest.rsplit_once(" with a total might of "))
            .or_else(|| rest.rsplit_once(" and a total might of "))
        {
            let n: i32 = bound.strip_suffix(" or less")?.trim().parse().ok()?;
            rules.push(format!("with total might {n} or less"));
            rest = w;
            continue;
        }
        if let Some(w) = rest
            .strip_suffix(" with the same controller")
            .or_else(|| rest.strip_suffix(" with the same controller and"))
        {
            rules.push("same-controller".into());
            rest = w;
            continue;
        }
        if let Some(w) = rest.strip_suffix(" at the same location") {
            rules.push("same-location".into());
            rest = w;
            continue;
        }
        if let Some(w) = rest
            .strip_suffix(" at a battlefield")
            .or_else(|| rest.strip_suffix(" at the same battlefield"))
        {
            rules.push("same-battlefield".into());
            at_battlefield = true;
            rest = w;
            continue;
        }
        break;
    }
    // "up to N" with no restriction on the whole is N separate choices
    if size != "any-number" && rules.is_empty() && !plain_up_to {
        return None;
    }
    // 176: "your token units" — the group of tokens among them
    let token = rest.contains(" token units");
    let rest = rest.replacen(" token units", " units", 1);
    let rest = rest.as_str();
    let word = target_word(rest).or_else(|| target_word(&format!("all {rest}")))?;
    let word = if at_battlefield {
        match word {
            "all-units" => "units-at-battlefields",
            "enemy-units" => "enemy-units-at-battlefields",
            "friendly-units" => "friendly-units-at-battlefields",
            _ => return None,
        }
    } else {
        word
    };
    if word.starts_with("choose-") || !word.contains("units") {
        return None;
    }
    // the restrictions in the order the text states them
    rules.reverse();
    let mut out = format!("{size} {word}");
    if token {
        out.push_str(" token");
    }
    for r in rules {
        out.push(' ');
        out.push_str(&r);
    }
    Some(out)
}

/// The target words of an instruction (whom it affects), to bind "it".
pub(super) fn target_fields(e: &mut format::Effect) -> Vec<&mut format::Name> {
    [
        // the unit that deals the damage first: its "it" is what was chosen before, its `to`
        // a choice after it (the engine's order of choosing, 355.5)
        &mut e.deals,
        &mut e.to,
        &mut e.kill,
        &mut e.fight,
        &mut e.with,
        &mut e.buff,
        &mut e.ready,
        &mut e.exhaust,
        &mut e.recall,
        &mut e.heal,
        &mut e.counter,
        &mut e.replace,
        &mut e.move_,
        &mut e.return_,
        &mut e.stun,
        &mut e.banish,
        &mut e.double,
        &mut e.swap,
        &mut e.gain_control,
    ]
    .into_iter()
    .flatten()
    // 390.2: the unit a delayed ability watches ("when it dies this turn")
    .chain(e.delayed.as_deref_mut().and_then(|d| d.unit.as_mut()))
    .collect()
}

/// The sentences of an ability's effect, in order, "it" bound across them.
pub(super) fn body_instructions(body: &str) -> Option<Vec<format::Effect>> {
    let mut all: Vec<format::Effect> = Vec::new();
    let (mut chosen, mut before) = (None, false);
    for p in sentences(body) {
        let p = strip_ci(p.trim(), "then, ")
            .or_else(|| strip_ci(p.trim(), "then "))
            .unwrap_or(p.trim());
        if let Some(t) = strip_ci(p, "choose ").and_then(target) {
            chosen = Some(t);
            continue;
        }
        if let Some((a, b)) = strip_ci(p, "choose ").and_then(chosen_pair) {
            chosen = Some(format!("{a}\u{1f}{b}"));
            continue;
        }
        // 370.1.a: "Draw 1. If it's your Beginning Phase, draw 2 instead." replaces the
        // instruction before when the condition holds
        if let Some((c, v)) = self_replacement(p)
            && let Some(last) = all.last_mut()
            && last.instead_if.is_none()
        {
            last.instead_if = Some(name(&c));
            last.instead = v.into_iter().map(spanned).collect();
            continue;
        }
        let mut v = instructions(p)?;
        if !bind_it(&mut v, &mut chosen, &mut before) {
            return None;
        }
        all.extend(v);
    }
    (!all.is_empty() && chosen.is_none() && places_bound(&all)).then_some(all)
}

/// Whether each "there" of these instructions, in order, follows a battlefield chosen, and
/// each "at its location" / "its battlefield" a unit chosen — what the engine fixes them to
/// at step 2 (355.10.b); "When I move to a battlefield, move an enemy unit to that
/// battlefield" names the battlefield of the trigger, which is not one of these.
pub(super) fn places_bound<'a>(effects: impl IntoIterator<Item = &'a format::Effect>) -> bool {
    places_bound_given(effects, false)
}

/// `places_bound`, with `bf` when the trigger's event names the battlefield "there" and
/// "that battlefield" refer to ("When I move to a battlefield, … to that battlefield").
pub(super) fn places_bound_given<'a>(
    effects: impl IntoIterator<Item = &'a format::Effect>,
    bf: bool,
) -> bool {
    fn walk(e: &format::Effect, bf: &mut bool, unit: &mut bool) -> bool {
        let mut c = e.clone();
        for t in target_fields(&mut c) {
            let v = t.value.as_str();
            if (v == "there" || v.contains(" there")) && !*bf
                || (v == "its-battlefield" || v.contains("at-its-location")) && !*unit
            {
                return false;
            }
            *bf |= v.contains("a-battlefield");
            *unit |= v.starts_with("choose-");
        }
        e.if_you_do
            .iter()
            .chain(&e.if_not)
            .chain(&e.otherwise)
            .chain(&e.instead)
            .chain(&e.choose_one)
            .all(|x| walk(&x.value, bf, unit))
    }
    let (mut bf, mut unit) = (bf, false);
    effects.into_iter().all(|e| walk(e, &mut bf, &mut unit))
}

/// One sentence of instructions, executed in order (359.3.e): "A", "A, then B", "A and B",
/// "A, B, and C".
pub(super) fn instructions(s: &str) -> Option<Vec<format::Effect>> {
    let t = s.trim().trim_end_matches('.').trim();
    if let Some(e) = unless(t) {
        return Some(vec![e]);
    }
    if let Some(v) = clause(t) {
        return Some(v);
    }
    if let Some(e) = at_end_of_turn(t).or_else(|| next_time_it_takes_damage(t)) {
        return Some(vec![e]);
    }
    if let Some(e) = one_of(t) {
        return Some(vec![e]);
    }
    // "You may A and B": whether the "may" covers B too is not for us to guess
    if strip_ci(t, "you may ").is_some() {
        return None;
    }
    // "Each player discards their hand, then draws 4": the second part is each player's too
    for who in ["each player ", "each opponent "] {
        if let Some(r) = strip_ci(t, who)
            && let Some(i) = r.to_ascii_lowercase().find(", then ")
        {
            let mut v = instructions(&format!("{who}{}", &r[..i]))?;
            v.extend(instructions(&format!(
                "{who}{}",
                &r[i + ", then ".len()..]
            ))?);
            return Some(v);
        }
    }
    for sep in [", then ", " then "] {
        if let Some(i) = t.to_ascii_lowercase().find(sep) {
            let mut v = instructions(&t[..i])?;
            v.extend(instructions(&t[i + sep.len()..])?);
            return Some(v);
        }
    }
    // "heal it, exhaust it, and recall it": each part an instruction of its own
    let parts: Vec<&str> = t
        .split(", ")
        .map(|p| strip_ci(p, "and ").unwrap_or(p))
        .collect();
    if parts.len() > 1
        && let Some(v) = parts.iter().map(|p| clause(p)).collect::<Option<Vec<_>>>()
    {
        return Some(v.into_iter().flatten().collect());
    }
    let f = t.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = f[from..].find(" and ").map(|i| i + from) {
        // the rest is read only after the part before the "and" is a clause: reading it for
        // every "and" re-read each later part once per earlier "and", 2^n times for n of them
        if let Some(mut a) = clause(&t[..i])
            && let Some(b) = instructions(&t[i + 5..])
        {
            a.extend(b);
            return Some(a);
        }
        from = i + 5;
    }
    None
}

/// 355.17, 359.3.f.2: "Counter a spell unless its controller pays [2]", "Deal 6 to it unless
/// its controller has you draw 2": one instruction that chooses (not "me"), and what the
/// controller of what it chose may do, as it executes, so that it is not done.
fn unless(t: &str) -> Option<format::Effect> {
    let i = t.to_ascii_lowercase().find(" unless its controller ")?;
    let rest = &t[i + " unless its controller ".len()..];
    let [mut e] = <[format::Effect; 1]>::try_from(clause(&t[..i])?).ok()?;
    if e.may
        || target_fields(&mut e)
            .first()
            .is_none_or(|t| t.value == "me")
    {
        return None;
    }
    if let Some(c) = strip_ci(rest, "pays ") {
        let c = cost_of(c.trim()).filter(|c| !c.exhaust && !c.kill_this)?;
        if c.recycle.get() > 0 || c.xp.get() > 0 || c.spend_my_buff {
            return None;
        }
        e.unless_pays = Some(spanned(format::TriggerCost {
            energy: c.energy,
            power: c.power,
            ..Default::default()
        }));
    } else {
        let v = clause(strip_ci(rest, "has you ")?)?;
        if v.iter().any(|x| x.may) {
            return None;
        }
        e.unless_has_you = v.into_iter().map(spanned).collect();
    }
    Some(e)
}

/// "Draw 1 or channel 1 rune exhausted", "You may draw 1 or buff me": two instructions, one
/// of which the controller chooses as it executes (355.17) — instructions that choose no
/// object (what one of them would choose at step 2 is not for us to guess).
fn one_of(t: &str) -> Option<format::Effect> {
    let (may, r) = match strip_ci(t, "you may ") {
        Some(r) => (true, r),
        None => (false, t),
    };
    let i = r.to_ascii_lowercase().find(" or ")?;
    let mut options = Vec::new();
    for part in [&r[..i], &r[i + " or ".len()..]] {
        let [mut e] = <[format::Effect; 1]>::try_from(clause(part)?).ok()?;
        if e.may || target_fields(&mut e).iter().any(|t| t.value != "me") {
            return None;
        }
        options.push(spanned(e));
    }
    Some(format::Effect {
        one_of: options,
        may,
        ..Default::default()
    })
}

/// An instruction chooses a unit (355.5).
pub(super) fn chooses(e: &mut format::Effect) -> bool {
    target_fields(e)
        .iter()
        .any(|t| t.value.starts_with("choose-"))
}

/// Small numbers as card text writes them.
pub(super) fn count_word(w: &str) -> Option<i64> {
    Some(match w.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        n => n.parse().ok()?,
    })
}

/// One instruction in the vocabulary of 407–439 — deal, kill, buff, ready, exhaust, recall,
/// heal, draw, gain XP, channel, counter, play a token, give Might or keywords this turn —
/// as one or more effects ("give a unit [Assault 2] and [Ganking] this turn" is two);
/// "you may" makes it optional.
pub(super) fn clause(s: &str) -> Option<Vec<format::Effect>> {
    let mut t = s.trim().trim_end_matches('.').trim();
    let mut e = format::Effect::default();
    let may = strip_ci(t, "you may ").is_some();
    if let Some(r) = strip_ci(t, "you may ") {
        t = r;
    }
    // "you score 1 point": the controller is the one who scores
    if let Some(r) = strip_ci(t, "you score ") {
        t = &t[t.len() - r.len() - "score ".len()..];
    }
    // 417.6.b.3: "They deal damage equal to their Mights to each other" — the two units a
    // "Choose A and B" chose; "We … our Mights" — me and the unit chosen ("it")
    match fold(t).as_str() {
        // 416.1.b: "You must recycle one of your runes" (nothing is chosen before it executes)
        "you must recycle one of your runes" | "recycle one of your runes" => {
            e.recycle_rune = Some(name("you"));
            return Some(vec![e]);
        }
        // 108.2.b: "Put the top 2 cards of your Main Deck into your trash"
        f if !may
            && f.starts_with("put the top ")
            && f.ends_with(" of your main deck into your trash") =>
        {
            let n = f
                .strip_prefix("put the top ")?
                .strip_suffix(" of your main deck into your trash")?;
            let n = match n.split_once(' ') {
                None if n == "card" => 1,
                Some((n, "cards")) => count_word(n)?,
                _ => return None,
            };
            e.trash_top = Some(name("you"));
            e.count = Some(format::Count::new(n)?);
            return Some(vec![e]);
        }
        // 735: "Take a turn after this one" — an Additional Turn for the controller
        "take a turn after this one" | "take a turn after this" if !may => {
            e.additional_turn = Some(name("you"));
            return Some(vec![e]);
        }
        "they deal damage equal to their mights to each other" => {
            e.fight = Some(name("they"));
            e.with = Some(name("they"));
            return Some(vec![e]);
        }
        "we deal damage equal to our mights to each other" => {
            e.fight = Some(name("me"));
            e.with = Some(name("it"));
            return Some(vec![e]);
        }
        _ => {}
    }
    // "Draw 1 for each of your [Mighty] units", "Gain 1 XP for each friendly unit"
    if let Some(i) = t.to_ascii_lowercase().find(" for each ") {
        let per = match fold(&t[i + " for each ".len()..]).as_str() {
            "of your mighty units" | "mighty unit you control" | "friendly mighty unit" => {
                "mighty units"
            }
            "friendly unit" | "unit you control" | "of your units" => "units",
            "gear you control" | "friendly gear" | "of your gear" => "gear",
            "card in your trash" => "trash",
            // 187.1, 484.8.d: allies are teammates
            "battlefield you or allies control" => "battlefields",
            "other battlefield you or allies control" => "other battlefields",
            // where the unit the instruction chooses is
            "enemy unit there" => "enemy units at-its-location",
            _ => return None,
        };
        let v = clause(&t[..i])?;
        let [mut e] = <[format::Effect; 1]>::try_from(v).ok()?;
        let numbered = e.draw.is_some() || e.gain_xp.is_some() || e.channel.is_some();
        // "Give a friendly unit at a battlefield +2 [Might] this turn for each enemy unit there"
        let given = e.might.is_some()
            && e.duration.is_none()
            && e.to
                .as_ref()
                .is_some_and(|t| t.value.starts_with("choose-"));
        if per.contains("at-its-location") != given || !numbered && !given || e.for_each.is_some() {
            return None;
        }
        e.for_each = Some(name(per));
        e.may = e.may || may;
        return Some(vec![e]);
    }
    // 436.3: "[Predict 2]", "[Predict]" (436.3.a: 1 when omitted)
    if let Some(n) = predict_count(t) {
        e.predict = Some(format::Count::new(n)?);
        e.may = may;
        return (!may).then_some(vec![e]);
    }
    // "The next spell you play this turn costs [5] less", "Your non-token units cost [1]
    // more to play this turn" (356.3, 356.4)
    if let Some(c) = cost_this_turn(t).filter(|_| !may) {
        e.cost_this_turn = Some(c);
        return Some(vec![e]);
    }
    // "Opponents can't play cards this turn", "You can't play spells this turn" (054.1)
    if let Some((who, of)) = cant_play(t).filter(|_| !may) {
        e.cant_play = Some(name(who));
        e.cant_play_of = of.map(name);
        return Some(vec![e]);
    }
    // "Units you play this turn enter ready", "Friendly units enter ready this turn"
    if matches!(
        fold(t).as_str(),
        "units you play this turn enter ready" | "friendly units enter ready this turn"
    ) && !may
    {
        e.units_enter_ready = Some(name("you"));
        return Some(vec![e]);
    }
    // 355.10.f: "Each player kills one of their units", "each opponent must kill one of
    // their gear": chosen by each as it executes
    for (prefix, who) in [
        ("each player ", "each-player"),
        ("each opponent ", "each-opponent"),
    ] {
        if let Some(r) = fold(t).strip_prefix(prefix) {
            let r = r.strip_prefix("must ").unwrap_or(r);
            // "Each player draws 1", "Each opponent discards 2": each of them in turn
            // order from the turn player (303.2.a); a discard is each one's own choice (422)
            // 422.1: "Each player discards their hand"
            if !may && matches!(r, "discards their hand" | "discard their hand") {
                e.discard_hand = Some(name(who));
                return Some(vec![e]);
            }
            if !may && let Some((verb, n)) = r.split_once(' ') {
                let field = match verb {
                    "draws" | "draw" => Some(&mut e.draw),
                    "discards" | "discard" => Some(&mut e.discard),
                    _ => None,
                };
                if let Some(field) = field {
                    *field = Some(name(who));
                    e.count = Some(n.parse().ok()?);
                    return Some(vec![e]);
                }
                // "Each player channels 1 rune exhausted", "each opponent gains 1 XP": the
                // instruction of a player, done by each of them
                let own = match verb {
                    "channels" => Some(format!("channel {n}")),
                    "gains" => Some(format!("gain {n}")),
                    _ => None,
                };
                if let Some(own) = own
                    && let Some(v) = clause(&own)
                    && let Ok([mut one]) = <[format::Effect; 1]>::try_from(v)
                    && (one.channel.is_some() || one.gain_xp.is_some())
                {
                    one.player = Some(name(who));
                    return Some(vec![one]);
                }
            }
            let r = r
                .strip_prefix("kills ")
                .or_else(|| r.strip_prefix("kill "))?;
            e.kill_own = Some(name(match r {
                "one of their units" => "unit",
                "one of their gear" => "gear",
                _ => return None,
            }));
            e.player = Some(name(who));
            e.may = may;
            return Some(vec![e]);
        }
    }
    // "then an additional +1 [Might] this turn if it is the only unit you control there": more
    // of the same to the unit chosen before, when the condition holds of it (359.3.f.2)
    if !may
        && let Some(r) = strip_ci(t, "an additional ")
        && let Some(i) = r.to_ascii_lowercase().find(" this turn if ")
    {
        let cond = match fold(&r[i + " this turn if ".len()..]).as_str() {
            "it is the only unit you control there" | "its the only unit you control there" => {
                "only-yours-there"
            }
            _ => return None,
        };
        let [mut e] =
            <[format::Effect; 1]>::try_from(give(&format!("it {} this turn", &r[..i]), false)?)
                .ok()?;
        e.might?;
        e.if_ = Some(name(cond));
        return Some(vec![e]);
    }
    // "It gains [Shield 2] this combat": what "give it …" says
    if let Some(i) = t.to_ascii_lowercase().find(" gains ")
        && target(&t[..i]).is_some()
    {
        return give(&format!("{} {}", &t[..i], &t[i + " gains ".len()..]), may);
    }
    // 355.13: "Buff up to two other friendly units", "Deal 6 to each of up to two units"
    if let Some(v) = up_to(t, may) {
        return Some(v);
    }
    // 417.6.b: "It deals damage equal to its Might to an enemy unit" — the unit chosen
    // before is the source of the damage; "an enemy at a battlefield" is an enemy unit
    // there (only units are dealt damage, 417.1)
    if !may && let Some(r) = strip_ci(t, "it deals damage equal to its might to ") {
        let to = match fold(r).as_str() {
            "an enemy at a battlefield" => "choose-enemy-at-battlefield".to_string(),
            _ => target(r)?,
        };
        e.deals = Some(name("it"));
        e.to = Some(name(to));
        return Some(vec![e]);
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let verb = words.first()?.to_ascii_lowercase();
    let rest = t[words.first()?.len()..].trim();
    // "Return a friendly unit and an enemy unit to their owners' hands", "Kill a friendly
    // unit and an enemy unit": one instruction for each of two units chosen (355.5)
    if !may && let Some(v) = two_units(words[0], &verb, rest) {
        return Some(v);
    }
    match verb.as_str() {
        "deal" => {
            // "Deal 4 to that unit and 1 to each other enemy unit there": two instructions,
            // the first to the unit chosen before
            let lower = rest.to_ascii_lowercase();
            if !may
                && let Some(i) = lower.find(" to that unit and ")
                && let Some((n2, to2)) = rest[i + " to that unit and ".len()..].split_once(" to ")
            {
                let mut first = clause(&format!("deal {} to it", &rest[..i]))?;
                first.extend(clause(&format!("deal {n2} to {to2}"))?);
                return Some(first);
            }
            // 355.14: "Deal 5 damage split among any number of enemy units here"
            if let Some((n, group)) = lower.split_once(" damage split among ") {
                let to = group_target_of(&rest[rest.len() - group.len()..], true)?;
                e.deal = Some(Amount::Fixed(n.trim().parse().ok()?));
                e.split = true;
                e.to = Some(name(to));
                e.may = may;
                return Some(vec![e]);
            }
            // "Deal 3 to an enemy unit"
            let (n, to) = rest.split_once(" to ")?;
            let n = n.trim();
            let n = strip_suffix_ci(n, " damage").unwrap_or(n);
            // "Deal damage equal to my Might to an enemy unit here"
            e.deal = Some(
                if let Some(to) = strip_ci(rest, "damage equal to my might to ") {
                    e.to = Some(name(target(to)?));
                    Amount::Word("my-might".into())
                } else if let Some(to) = strip_ci(rest, "damage equal to my [assault] to ") {
                    // 807.3: the Assault Value, a characteristic
                    e.to = Some(name(target(to)?));
                    Amount::Word("my-assault".into())
                } else if let Some(to) = strip_ci(rest, "damage to ")
                    .and_then(|r| strip_suffix_ci(r, " equal to the damage marked on it"))
                {
                    e.to = Some(name(target(to)?));
                    Amount::Word("its-damage".into())
                } else {
                    e.to = Some(name(target(to)?));
                    Amount::Fixed(n.trim().parse().ok()?)
                },
            );
        }
        "kill" => e.kill = Some(name(target(rest)?)),
        // 433: "Swap the Might of two units at the same battlefield this turn"
        "swap" => {
            let who = strip_ci(rest, "the might of ")?;
            let who = strip_suffix_ci(who, " this turn")?;
            let w = group_target_of(who, true)?;
            if !w.starts_with("exactly-2 ") {
                return None;
            }
            e.swap = Some(name(w));
        }
        // 432: "Double a friendly unit's Might this turn", "Double my Might this turn"
        "double" => {
            // 432.1, 369: "Double all damage that would be dealt to it this turn"
            if let Some(r) = strip_ci(rest, "all damage that would be dealt to ") {
                return double_damage(r).map(|e| vec![e]);
            }
            // "… this combat": until the combat ends (461.7.b)
            let r = match strip_suffix_ci(rest, " this combat") {
                Some(r) => {
                    e.duration = Some(name("this-combat"));
                    r
                }
                None => strip_suffix_ci(rest, " this turn")?,
            };
            let who = match fold(r).as_str() {
                "my might" => "me".to_string(),
                _ => {
                    let r = r.replace('’', "'");
                    target(strip_suffix_ci(&r, "'s might")?)?
                }
            };
            e.double = Some(name(who));
        }
        // 423: "Stun an enemy unit here" / "[Stun] a unit"; "an enemy at a battlefield":
        // only units are stunned (423.1)
        "stun" | "[stun]" => {
            e.stun = Some(name(match fold(rest).as_str() {
                "an enemy at a battlefield" => "choose-enemy-at-battlefield".to_string(),
                _ => target(rest)?,
            }))
        }
        "buff" | "[buff]" => e.buff = Some(name(target(rest)?)),
        "ready" => e.ready = Some(name(target(rest)?)),
        "exhaust" => e.exhaust = Some(name(target(rest)?)),
        "recall" => e.recall = Some(name(target(rest)?)),
        // 472.1.a: "Take control of it", "take control of an enemy unit at a battlefield": its
        // controller becomes the instruction's (a layer-1 effect, for good); what the chain
        // holds is not a permanent of the board (a spell's control is not modelled)
        "take" => {
            let who = target(strip_ci(rest, "control of ")?)?;
            if who.contains("spell") {
                return None;
            }
            e.gain_control = Some(name(who));
        }
        "heal" => e.heal = Some(name(target(rest)?)),
        "draw" => {
            e.draw = Some(name("you"));
            e.count = Some(rest.parse().ok()?);
        }
        "score" => {
            // "Score 1 point": points gained from a source other than a conquer or a hold
            // (466.1.a.1)
            let (n, w) = rest.split_once(' ')?;
            if !matches!(fold(w).as_str(), "point" | "points") {
                return None;
            }
            e.gain_points = Some(Signed::new(count_word(n)?)?);
        }
        "discard" => {
            // 422: "Discard 2"
            e.discard = Some(name("you"));
            e.count = Some(rest.parse().ok()?);
        }
        "gain" => {
            // "Gain 2 XP"; "Gain 1 point": a point gained from a source other than a conquer
            // or a hold (466.1, 466.1.a.1), as "score 1 point"
            if let Some((n, w)) = rest.split_once(' ')
                && matches!(fold(w).as_str(), "point" | "points")
            {
                e.gain_points = Some(Signed::new(count_word(n)?)?);
            } else {
                let n = rest
                    .strip_suffix("XP")
                    .or_else(|| rest.strip_suffix("xp"))?;
                e.gain_xp = Some(n.trim().parse().ok()?);
            }
        }
        "channel" => {
            // 430: "Channel 2 runes exhausted"
            let (n, what) = rest.split_once(' ')?;
            let what = fold(what);
            e.exhausted = match what.as_str() {
                "rune" | "runes" => false,
                "rune exhausted" | "runes exhausted" => true,
                _ => return None,
            };
            e.channel = Some(n.parse().ok()?);
        }
        "counter" => {
            // 425: "Counter a spell"; "a spell that costs no more than [4] and no more than
            // [Rune]": bounds of its printed costs (138.2.b)
            let (spell, bound) = cost_bound(rest);
            let word = match fold(spell).as_str() {
                "a spell" => "choose-spell",
                "an enemy spell" => "choose-enemy-spell",
                _ => return None,
            };
            e.counter = Some(name(format!("{word}{}", bound?)));
        }
        "[add]" => {
            // 429: "[Add] [1]", "[Add] [Fury]", "[Add] [Rune]" (power of any domain)
            let c = cost_of(rest.trim())?;
            if c.exhaust {
                return None;
            }
            let mut power = c.power;
            if let Some(n) = power.any.take() {
                power.number = Some(n);
            }
            e.add = Some(format::AddDef {
                energy: c.energy,
                power,
                only: None,
            });
        }
        "return" => {
            // 355.10.a: "Return a unit from your trash to your hand" — a card chosen there
            if let Some(what) = strip_suffix_ci(rest, " from your trash to your hand") {
                e.return_ = Some(name(trash_choice(what)?));
            } else {
                // "Return a unit at a battlefield to its owner's hand"
                let lower = rest.to_ascii_lowercase();
                let who = [
                    " to its owner's hand",
                    " to my owner's hand",
                    " to their owner's hand",
                    " to their owners' hands",
                    " to their owners hands",
                ]
                .iter()
                .find_map(|p| lower.strip_suffix(p).map(|w| &rest[..w.len()]))?;
                e.return_ = Some(name(target(who)?));
            }
        }
        "move" => {
            // 440: a move by an effect — "Move a unit at a battlefield to its base"
            let lower = rest.to_ascii_lowercase();
            let (who, to) = [
                " to its base",
                " to their base",
                " to base",
                " to its owner's base",
                " to your base",
            ]
            .iter()
            .find_map(|p| lower.strip_suffix(p).map(|w| (&rest[..w.len()], "base")))
            // 355.4: a battlefield fixed as the spell or ability is put on the chain — one
            // chosen then, the one an earlier instruction chose, the one of the unit the
            // instruction before chose
            .or_else(|| {
                [
                    (" to a battlefield", "a-battlefield"),
                    (" to that battlefield", "there"),
                    (" to the same battlefield", "there"),
                    // the battlefield the source is at
                    (" to this battlefield", "here"),
                    // 444.1: "Move a friendly unit to or from its base"
                    (" to or from its base", "to-or-from-base"),
                    (" there", "there"),
                    (" to that enemy unit's battlefield", "its-battlefield"),
                    // "When you play me to a battlefield, you may move an enemy unit to here"
                    (" to here", "here"),
                    (" to that enemy unit’s battlefield", "its-battlefield"),
                ]
                .iter()
                .find_map(|(p, w)| lower.strip_suffix(p).map(|r| (&rest[..r.len()], *w)))
            })
            // 444.1: "Move an enemy unit" — no destination named: the player chooses one
            .unwrap_or((rest, "chosen"));
            let who = match fold(who).as_str() {
                // "from a battlefield": a unit at a battlefield
                "a unit from a battlefield" => "choose-unit-at-battlefield".to_string(),
                "an enemy unit from a battlefield" => "choose-enemy-at-battlefield".to_string(),
                "an enemy unit from here" => "choose-enemy-here".to_string(),
                // "an exhausted friendly unit from a battlefield": that unit at a battlefield
                w => match w.strip_suffix(" from a battlefield") {
                    Some(_) => {
                        let head = strip_suffix_ci(who.trim(), " from a battlefield")?;
                        target(&format!("{head} at a battlefield"))?
                    }
                    None => target(who)?,
                },
            };
            e.move_ = Some(name(who));
            e.to = Some(name(to));
        }
        "play" => match play_from_trash(rest) {
            // 419.3: "Play a unit from your trash, ignoring its Energy cost"
            Some((what, ignoring)) => {
                e.play_card = Some(name(what));
                e.ignoring = ignoring.map(name);
            }
            None => token(rest, &mut e)?,
        },
        // 416.4, 416.6: "recycle 3 from your trash"
        "recycle" => {
            let (n, of) = recycle_from_trash(rest)?;
            e.recycle_from_trash = Some(name("you"));
            e.count = Some(format::Count::new(i64::from(n.get()))?);
            e.recycle_of = of.map(name);
        }
        "look" | "reveal" if !may => return deck_look(t).map(|e| vec![e]),
        "give" => return give(rest, may),
        "the" | "if" if !may => {
            return next_time(t).or_else(|| delayed(t)).map(|e| vec![e]);
        }
        // 427: "Banish this" (a spell banishes itself as it resolves), "banish it"; "Banish a
        // friendly unit, then its owner plays it, ignoring its cost" (427.3, 419.3)
        "banish" => match banish_then_play(rest) {
            Some((who, play)) => {
                e.banish = Some(name(who));
                e.its_owner = Some(Box::new(spanned(play)));
            }
            // "banish a unit from your trash": a card chosen there (355.10.a, 427.2)
            None => {
                e.banish = Some(name(
                    match strip_suffix_ci(rest.trim(), " from your trash") {
                        Some(what) => trash_choice(what)?,
                        None => target(rest)?,
                    },
                ))
            }
        },
        "prevent" if !may => return prevent_next(rest).map(|e| vec![e]),
        "when" if !may => return delayed(t).map(|e| vec![e]),
        _ => return None,
    }
    // gear are chosen to be killed or returned only, runes to be readied or exhausted (the
    // other instructions are about units)
    if verb != "kill"
        && verb != "return"
        && target_fields(&mut e)
            .iter()
            .any(|t| t.value.ends_with("gear"))
        || verb != "ready"
            && verb != "exhaust"
            && target_fields(&mut e)
                .iter()
                .any(|t| t.value.ends_with("rune"))
    {
        return None;
    }
    e.may = may;
    Some(vec![e])
}

/// "an enemy Calm  unit" → ("an enemy unit", "Calm"): a Domain's name (134.2) before "unit" /
/// "units", capitalised as card text writes it.
fn without_domain(t: &str) -> Option<(String, &'static str)> {
    let words: Vec<&str> = t.split_whitespace().collect();
    let i = words
        .iter()
        .position(|w| crate::scenario::load::DOMAINS.contains(w))?;
    let next = words.get(i + 1)?.to_ascii_lowercase();
    if !next.starts_with("unit") {
        return None;
    }
    let domain = crate::scenario::load::DOMAINS
        .iter()
        .find(|d| **d == words[i])?;
    let mut rest = words.clone();
    rest.remove(i);
    Some((rest.join(" "), domain))
}

/// 355.13: "up to N [objects]" — N choices of one object each, any of which may choose
/// none; the second and later (and any "other" one) differ from those chosen before. The
/// instruction is read with "a [object]" in place of the phrase ("Move up to 2 friendly
/// units to base" is "Move a friendly unit to base", twice).
fn up_to(t: &str, may: bool) -> Option<Vec<format::Effect>> {
    let lower = t.to_ascii_lowercase();
    let i = lower.find("up to ")?;
    let before = &t[..i];
    let before = strip_suffix_ci(before, "each of ").unwrap_or(before);
    let (n, rest) = t[i + "up to ".len()..].split_once(' ')?;
    let n = count_word(n).filter(|n| (1..=5).contains(n))?;
    let (other, rest) = match strip_ci(rest, "other ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    // the plural noun made singular: "units" → "unit", "runes" → "rune" (gear is both)
    let mut words: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
    let noun = words
        .iter_mut()
        .find(|w| matches!(w.to_ascii_lowercase().as_str(), "units" | "runes"))
        .filter(|_| n > 1);
    if let Some(w) = noun {
        w.pop();
    }
    let rest = words.join(" ");
    let article = if other {
        "another"
    } else if rest.starts_with(['a', 'e', 'i', 'o', 'A', 'E', 'I', 'O']) {
        "an"
    } else {
        "a"
    };
    let v = clause(&format!("{before}{article} {rest}"))?;
    let [mut one] = <[format::Effect; 1]>::try_from(v).ok()?;
    if may && n > 1 || one.may {
        return None;
    }
    let mut chosen: Vec<&mut format::Name> = target_fields(&mut one)
        .into_iter()
        .filter(|t| t.value.starts_with("choose-"))
        .collect();
    let [word] = chosen.as_mut_slice() else {
        return None;
    };
    let base = word.value.clone();
    let mut out = Vec::new();
    for k in 0..n {
        let mut e = one.clone();
        let [w] = target_fields(&mut e)
            .into_iter()
            .filter(|t| t.value == base)
            .collect::<Vec<_>>()
            .try_into()
            .ok()?;
        w.value = format!(
            "{base}{} up-to-one",
            if k > 0 || other { " distinct" } else { "" }
        );
        e.may = may;
        out.push(e);
    }
    Some(out)
}

/// 176–182, 439: "play a ready 3 [Might] Sprite unit token with [Temporary]", "play two 1
/// [Might] Recruit unit tokens to your base": tokens for the controller, described inline;
/// a unit token whose text names no place is played where its player chooses, as a unit card
/// is (`at: chosen`: their base or a battlefield they control, 182.1.a, 439.2.b, 355.2.a).
pub(super) fn token(rest: &str, e: &mut format::Effect) -> Option<()> {
    let mut words = rest.split_whitespace().peekable();
    let count = count_word(words.next()?)?;
    // "a Gold gear token exhausted": a gear token defined by its own card (under `cards:`
    // or in the card database), played exhausted if so (gear enter ready, 149.1)
    let lower = rest.to_ascii_lowercase();
    if let Some(i) = lower.find(" gear token") {
        let head: Vec<&str> = rest[..i].split_whitespace().skip(1).collect();
        let after = rest[i + " gear token".len()..]
            .trim_start_matches('s')
            .trim();
        if head.is_empty() || head.iter().any(|w| w.contains('[')) {
            return None;
        }
        e.exhausted = match fold(after).as_str() {
            "exhausted" => true,
            "" => false,
            _ => return None,
        };
        e.create = Some(name(head.join(" ")));
        e.count = Some(format::Count::new(count)?);
        return Some(());
    }
    let ready = words.next_if(|w| w.eq_ignore_ascii_case("ready")).is_some();
    let rest: Vec<&str> = words.collect();
    let rest = rest.join(" ");
    // "3 [Might] Sprite unit token …" (or "3[Might]")
    let (might, rest) = rest.split_once('[')?;
    let might: i64 = might.trim().parse().ok()?;
    let rest = strip_ci(rest, "might]")?.trim();
    let lower = rest.to_ascii_lowercase();
    let i = lower.find(" unit token")?;
    let token_name = rest[..i].trim();
    let mut after = rest[i + " unit token".len()..]
        .trim_start_matches('s')
        .trim();
    if token_name.is_empty() || token_name.contains('[') {
        return None;
    }
    // the base: the place a `create` goes by default ("into your base" is not "… in" + "to
    // your base": the place is matched as whole words); no place named, the player chooses
    e.at = Some(name("chosen"));
    for place in ["into your base", "to your base", "in your base"] {
        if let Some(a) = strip_suffix_ci(after, place).filter(|a| a.is_empty() || a.ends_with(' '))
        {
            after = a.trim();
            e.at = None;
            break;
        }
    }
    // "here": where the ability's source is (its battlefield, or its base)
    if let Some(a) = strip_suffix_ci(after, "here") {
        after = a.trim();
        e.at = Some(name("here"));
    }
    let mut keywords = Vec::new();
    if let Some(with) = strip_ci(after, "with ") {
        for k in with.split(" and ") {
            keywords.push(name(granted_keyword(k.trim())?));
        }
    } else if !after.is_empty() {
        return None;
    }
    e.create = Some(name(token_name));
    e.count = Some(format::Count::new(count)?);
    e.ready_token = ready;
    e.token = Some(Box::new(spanned(format::CardDef {
        kind: Some(name("unit")),
        might: Signed::new(might),
        supertype: Some(name("Token")),
        tags: vec![name(token_name)],
        keywords,
        ..Default::default()
    })));
    Some(())
}

/// 419.3, 356.1.b: "a unit from your trash, ignoring its Energy cost" → (the card chosen in
/// the trash, `energy` / `cost` / none).
fn play_from_trash(rest: &str) -> Option<(String, Option<&'static str>)> {
    let lower = rest.to_ascii_lowercase();
    let (what, ignoring) = match lower.find(", ignoring its ") {
        Some(i) => (
            &rest[..i],
            Some(match fold(&rest[i + ", ignoring its ".len()..]).as_str() {
                "energy cost" => "energy",
                "cost" => "cost",
                _ => return None,
            }),
        ),
        None => (rest, None),
    };
    let what = strip_suffix_ci(what.trim(), " from your trash")?;
    Some((trash_choice(what)?, ignoring))
}

/// 427.3, 419.3: "a friendly unit, then its owner plays it to their base, ignoring its cost"
/// (what follows "Banish") → (the unit chosen, what its owner does: play the card banished,
/// `it`, where the sentence says — 355.2.a by default, `base`, `any-battlefield`,
/// `same-location` — with the base cost it says, 356.1.b).
fn banish_then_play(rest: &str) -> Option<(String, format::Effect)> {
    let lower = rest.to_ascii_lowercase();
    let i = lower.find(", then its owner plays it")?;
    let who = target(&rest[..i])?;
    if !who.starts_with("choose-") || who.contains("gear") || who.contains("rune") {
        return None;
    }
    let tail = &rest[i + ", then its owner plays it".len()..];
    let (place, ignoring) = match tail.to_ascii_lowercase().find(", ignoring its ") {
        Some(j) => (
            &tail[..j],
            Some(match fold(&tail[j + ", ignoring its ".len()..]).as_str() {
                "energy cost" => "energy",
                "cost" => "cost",
                _ => return None,
            }),
        ),
        None => (tail, None),
    };
    let to = match fold(place).as_str() {
        "" => None,
        "to their base" | "to its base" | "to your base" => Some("base"),
        "to any battlefield" => Some("any-battlefield"),
        "to the same location" => Some("same-location"),
        _ => return None,
    };
    Some((
        who,
        format::Effect {
            play_card: Some(name("it")),
            ignoring: ignoring.map(name),
            to: to.map(name),
            ..Default::default()
        },
    ))
}

/// "Give a friendly unit +2 [Might] this turn", "Give me [Assault 2] and [Ganking] this
/// turn", "Give a unit -1 [Might] this turn, to a minimum of 1 [Might]" (472.3.b): one effect
/// for each thing given, the later ones to the same unit ("it").
pub(super) fn give(rest: &str, may: bool) -> Option<Vec<format::Effect>> {
    // "Give a unit +2 [Might] this turn and another unit -2 [Might] this turn": a second
    // unit, different from the first
    if let Some(i) = rest.to_ascii_lowercase().find(" this turn and another ") {
        let first = give(&rest[..i + " this turn".len()], may)?;
        let second = give(
            &format!("a {}", &rest[i + " this turn and another ".len()..]),
            false,
        )?;
        let ([first], [mut second]) = (
            <[format::Effect; 1]>::try_from(first).ok()?,
            <[format::Effect; 1]>::try_from(second).ok()?,
        );
        let to = second.to.as_mut()?;
        if may || !to.value.starts_with("choose-") {
            return None;
        }
        to.value = format!("{} distinct", to.value);
        return Some(vec![first, second]);
    }
    // "Give friendly units there +1 [Might] this turn and enemy units there -1 [Might] this
    // turn, to a minimum of 1 [Might]": to two groups, the minimum the decrease's
    if let Some(i) = rest.to_ascii_lowercase().find(" this turn and ")
        && !may
        && let Some(mut first) = give(&rest[..i + " this turn".len()], false)
        && let Some(second) = give(&rest[i + " this turn and ".len()..], false)
    {
        first.extend(second);
        let groups = first.iter().all(|e| {
            e.to.as_ref()
                .is_some_and(|t| !t.value.starts_with("choose-") && t.value != "it")
        });
        if groups {
            return Some(first);
        }
    }
    // "Give two friendly units each +2 [Might] this turn": the same to two different units
    if let Some(r) = strip_ci(rest, "two ") {
        let i = r.to_ascii_lowercase().find(" each ")?;
        let noun = r[..i].strip_suffix('s')?;
        let one = give(&format!("a {noun} {}", &r[i + " each ".len()..]), may)?;
        let [first] = <[format::Effect; 1]>::try_from(one).ok()?;
        let mut second = first.clone();
        let to = second.to.as_mut()?;
        if may || !to.value.starts_with("choose-") {
            return None;
        }
        to.value = format!("{} distinct", to.value);
        return Some(vec![first, second]);
    }
    let (rest, min) = match rest.to_ascii_lowercase().find(", to a minimum of ") {
        Some(i) => {
            let m = rest[i + ", to a minimum of ".len()..].trim();
            let (n, unit) = m.split_once(' ').unwrap_or((m, ""));
            if fold(unit) != "might" {
                return None;
            }
            (&rest[..i], Some(n.parse::<Signed>().ok()?))
        }
        None => (rest, None),
    };
    // "… this combat": until the combat ends (a continuous effect's duration); no duration
    // ("Give it [Temporary]"): for as long as the permanent is on the board
    let (body, duration) = match strip_suffix_ci(rest, " this turn") {
        Some(b) => (b, None),
        None => match strip_suffix_ci(rest, " this combat") {
            Some(b) => (b, Some("this-combat")),
            None => (rest, Some("permanent")),
        },
    };
    let (who, what) = split_target_and_rest(body)?;
    // Might is given for a time; gear are given keywords only ("Give a gear [Temporary]")
    let keywords_only = what
        .split(" and ")
        .flat_map(|p| p.split(", "))
        .all(|p| might_bonus(p).is_none());
    if (who.ends_with("gear") || duration == Some("permanent")) && !keywords_only {
        return None;
    }
    let mut out = Vec::new();
    for (i, part) in what.split(" and ").flat_map(|p| p.split(", ")).enumerate() {
        let mut e = format::Effect {
            to: Some(name(if i > 0 && who.starts_with("choose-") {
                "it"
            } else {
                who.as_str()
            })),
            may: may && i == 0,
            duration: duration.map(name),
            ..Default::default()
        };
        if let Some(n) = might_bonus(part) {
            e.might = Some(n);
            e.min = min;
        } else {
            e.grant = Some(name(granted_keyword(part)?));
        }
        out.push(e);
    }
    // "you may" over several things given is one decision the vocabulary cannot express
    if min.is_some() && !out.iter().any(|e| e.might.is_some()) || may && out.len() > 1 {
        return None;
    }
    Some(out)
}

pub(super) fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let n = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(n) && s[n..].eq_ignore_ascii_case(suffix)).then(|| &s[..n])
}

/// "a friendly unit +2 [Might]" → ("choose-friendly", "+2 [Might]").
pub(super) fn split_target_and_rest(s: &str) -> Option<(String, &str)> {
    let cut = s.find(['+', '-', '['])?;
    Some((target(&s[..cut])?, &s[cut..]))
}

/// A sentence that looks at or reveals the top of the Main Deck (its continuations follow).
pub(super) fn deck_look_start(s: &str) -> bool {
    let f = fold(s);
    f.contains("of your main deck")
        && (f.contains("look at the top") || f.contains("reveal the top"))
}

/// A sentence that says what becomes of the cards a look or reveal showed.
pub(super) fn deck_look_continues(s: &str) -> bool {
    let f = fold(s);
    let f = f.strip_prefix("then ").unwrap_or(&f);
    [
        "you may reveal ",
        "you may choose a card from among them",
        "recycle the rest",
        "recycle the remaining cards",
        "if its a ",
        "if its an ",
        "otherwise, recycle it",
        "otherwise recycle it",
        "draw one and recycle the other",
        "put 1 into your hand",
        "put one into your hand",
        "you may banish ",
        "draw any you didnt banish",
    ]
    .iter()
    .any(|p| f.starts_with(p))
}

/// 424, 416: "Look at the top 3 cards of your Main Deck. You may reveal a unit from among
/// them and draw it. Recycle the rest.", "Reveal the top card of your Main Deck. If it's a
/// gear, draw it. Otherwise, recycle it.", "Look at the top 2 cards of your Main Deck. Draw
/// one and recycle the other." — one effect: how many, what may or must be taken into the
/// hand, what becomes of the rest.
pub(super) fn deck_look(t: &str) -> Option<format::Effect> {
    let parts = raw_sentences(t);
    let first = fold(parts.first()?);
    let (reveal, rest) = if let Some(r) = first.strip_prefix("look at the top ") {
        (false, r)
    } else {
        (true, first.strip_prefix("reveal the top ")?)
    };
    let (n, rest) = match rest.strip_prefix("card ") {
        Some(r) => (1, r),
        None => {
            let (n, r) = rest.split_once(' ')?;
            (count_word(n)?, r.strip_prefix("cards ")?)
        }
    };
    if rest != "of your main deck" {
        return None;
    }
    let mut e = format::Effect {
        look: Some(format::Count::new(n)?),
        reveal,
        ..Default::default()
    };
    let take = |w: &str, optional: bool, e: &mut format::Effect| -> Option<()> {
        if e.take.is_some() {
            return None;
        }
        e.take = Some(name(w));
        e.take_optional = optional;
        Some(())
    };
    let recycle = |e: &mut format::Effect| -> Option<()> {
        if e.rest.is_some() {
            return None;
        }
        e.rest = Some(name("recycle"));
        Some(())
    };
    for p in &parts[1..] {
        let f = fold(p);
        let f = f.strip_prefix("then ").unwrap_or(&f);
        match f {
            "recycle the rest" | "recycle the remaining cards" => recycle(&mut e)?,
            "otherwise, recycle it" | "otherwise recycle it" if n == 1 => recycle(&mut e)?,
            "draw one and recycle the other" if n == 2 => {
                take("card", false, &mut e)?;
                recycle(&mut e)?;
            }
            "put 1 into your hand and recycle the rest"
            | "put one into your hand and recycle the rest" => {
                take("card", false, &mut e)?;
                recycle(&mut e)?;
            }
            "you may choose a card from among them and draw it" => take("card", true, &mut e)?,
            // "Draw any you didn't banish" (413.1)
            "draw any you didnt banish" if e.banish_play => {
                if e.rest.is_some() {
                    return None;
                }
                e.rest = Some(name("draw"));
            }
            _ if f.starts_with("you may banish ") => {
                // 427.3, 419.3: "You may banish one, then play it[, reducing its cost by
                // [2]]", "You may banish a unit from among them, then play it"
                let r = f.strip_prefix("you may banish ")?;
                let (w, how) = r.split_once(", then play it")?;
                let w = match w.strip_suffix(" from among them") {
                    Some(w) => w,
                    None if w == "one" => "a card",
                    None => return None,
                };
                take(&deck_pick_word(w)?, true, &mut e)?;
                e.banish_play = true;
                if let Some(n) = how.strip_prefix(", reducing its cost by ") {
                    e.reducing = Some(format::Amt::new(n.trim().parse().ok()?)?);
                } else if !how.is_empty() {
                    return None;
                }
            }
            _ => {
                // "You may reveal a unit from among them and draw it"
                if let Some(w) = f
                    .strip_prefix("you may reveal ")
                    .and_then(|r| r.strip_suffix(" from among them and draw it"))
                {
                    take(&deck_pick_word(w)?, true, &mut e)?;
                } else if let Some(r) = f.strip_prefix("if its ").filter(|_| n == 1) {
                    // "If it's a gear, draw it" / "…, put it in your hand"
                    let (w, what) = r.split_once(", ")?;
                    if !matches!(
                        what,
                        "draw it" | "put it in your hand" | "put it into your hand"
                    ) {
                        return None;
                    }
                    take(&deck_pick_word(w)?, false, &mut e)?;
                } else {
                    return None;
                }
            }
        }
    }
    Some(e)
}

/// "a unit", "a spell with energy cost 4 or more" (folded) → the `take` word.
fn deck_pick_word(w: &str) -> Option<String> {
    let (kind, min) = match w.split_once(" with energy cost ") {
        Some((k, m)) => (
            k,
            Some(m.strip_suffix(" or more")?.trim().parse::<i32>().ok()?),
        ),
        None => (w, None),
    };
    let kind = kind
        .strip_prefix("a ")
        .or_else(|| kind.strip_prefix("an "))?;
    if !matches!(kind, "unit" | "gear" | "spell" | "card") {
        return None;
    }
    Some(match min {
        Some(n) => format!("{kind} with cost {n} or more"),
        None => kind.to_string(),
    })
}

/// "Kill a friendly unit and an enemy unit", "Return another friendly unit and an enemy unit
/// to their owners' hands": the instruction once for each, when the two choices can never
/// be the same unit (one friendly, the other enemy).
fn two_units(verb_word: &str, verb: &str, rest: &str) -> Option<Vec<format::Effect>> {
    const ONE_UNIT: &[&str] = &[
        "kill", "stun", "[stun]", "buff", "[buff]", "ready", "exhaust", "recall", "heal", "return",
    ];
    if !ONE_UNIT.contains(&verb) {
        return None;
    }
    let lower = rest.to_ascii_lowercase();
    let (who, to) = if verb == "return" {
        let suffix = [" to their owners' hands", " to their owners hands"]
            .iter()
            .find(|p| lower.ends_with(*p))?;
        (&rest[..rest.len() - suffix.len()], " to its owner's hand")
    } else {
        (rest, "")
    };
    let (a, b) = who.split_once(" and ")?;
    let (ta, tb) = (target(a)?, target(b)?);
    let side = |t: &str| {
        if t.contains("enemy") {
            Some(false)
        } else if t.contains("friendly") {
            Some(true)
        } else {
            None
        }
    };
    if !ta.starts_with("choose-") || !tb.starts_with("choose-") || side(&ta)? == side(&tb)? {
        return None;
    }
    let mut v = clause(&format!("{verb_word} {a}{to}"))?;
    v.extend(clause(&format!("{verb_word} {b}{to}"))?);
    Some(v)
}

/// "Its controller draws 2", "Its owner channels 1 rune exhausted": (owner?, the
/// instruction for that player, `you` in it being them) — an instruction about a player
/// only.
pub(super) fn its_player(s: &str) -> Option<(bool, format::Effect)> {
    let t = s.trim().trim_end_matches('.').trim();
    let (owner, rest) = match strip_ci(t, "its controller ") {
        Some(r) => (false, r),
        None => (true, strip_ci(t, "its owner ")?),
    };
    // "Its controller can't play spells this turn": `you` being them (054.1)
    if let Some((_, of)) = cant_play(&format!("you {rest}")) {
        let e = format::Effect {
            cant_play: Some(name("you")),
            cant_play_of: of.map(name),
            ..Default::default()
        };
        return Some((owner, e));
    }
    // "draws 2" → "draw 2"
    let (verb, tail) = rest.split_once(' ')?;
    let verb = verb.strip_suffix('s')?;
    let v = clause(&format!("{verb} {tail}"))?;
    let [mut e] = <[format::Effect; 1]>::try_from(v).ok()?;
    let about_a_player =
        e.draw.is_some() || e.channel.is_some() || e.discard.is_some() || e.gain_xp.is_some();
    (about_a_player && target_fields(&mut e).is_empty() && !e.may).then_some((owner, e))
}

/// 436.3: "Predict X" ("[Predict 2]", "Predict"; X is 1 when omitted, 436.3.a): X.
pub(super) fn predict_count(s: &str) -> Option<i64> {
    let f = fold(s);
    let rest = f.strip_prefix("predict")?;
    if rest.is_empty() {
        return Some(1);
    }
    let n: i64 = rest.strip_prefix(' ')?.parse().ok()?;
    (1..=20).contains(&n).then_some(n)
}

/// "opponents can't play cards this turn", "you can't play spells this turn": the players
/// (a player word) and the type (`None`: any card) forbidden until the turn ends (054.1).
pub(super) fn cant_play(s: &str) -> Option<(&'static str, Option<&'static str>)> {
    let f = fold(s.trim().trim_end_matches('.'));
    let (who, rest) = [
        ("opponents ", "each-opponent"),
        ("your opponents ", "each-opponent"),
        ("each opponent ", "each-opponent"),
        ("you ", "you"),
    ]
    .into_iter()
    .find_map(|(p, w)| f.strip_prefix(p).map(|r| (w, r.to_string())))?;
    let what = rest
        .strip_prefix("cant play ")?
        .strip_suffix(" this turn")?;
    let of = match what {
        "cards" => None,
        "spells" => Some("spell"),
        "units" => Some("unit"),
        "gear" => Some("gear"),
        _ => return None,
    };
    Some((who, of))
}

/// "the next spell you play this turn costs [5] less", "your non-token units cost [1] more
/// to play this turn", "spells you play this turn cost [1] less": a change to the Energy
/// cost of the cards the player plays this turn (356.3, 356.4). A token is never played
/// with a cost, so "non-token" cards are all the cards played.
pub(super) fn cost_this_turn(s: &str) -> Option<format::CostThisTurnDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let lower = t.to_ascii_lowercase();
    let (next, what, rest) = if let Some(r) = lower.strip_prefix("the next ") {
        let (what, r) = r.split_once(" you play this turn costs ")?;
        (true, what.to_string(), r.to_string())
    } else if let Some(r) = lower.strip_prefix("your ") {
        let (what, r) = r.split_once(" cost ")?;
        let r = r.strip_suffix(" to play this turn")?;
        (false, what.to_string(), r.to_string())
    } else {
        let (what, r) = lower.split_once(" you play this turn cost ")?;
        (false, what.to_string(), r.to_string())
    };
    let of = match (next, what.as_str()) {
        (true, "spell") | (false, "spells") => Some("spell"),
        (true, "unit") | (false, "units" | "non-token units") => Some("unit"),
        (_, "gear") => Some("gear"),
        (true, "card") | (false, "cards") => None,
        _ => return None,
    };
    let (amount, dir) = rest.split_once(' ')?;
    let n: i64 = amount.strip_prefix('[')?.strip_suffix(']')?.parse().ok()?;
    let energy = match dir {
        "less" => -n,
        "more" => n,
        _ => return None,
    };
    Some(format::CostThisTurnDef {
        energy: format::Signed::new(energy)?,
        of: of.map(name),
        next,
        player: None,
    })
}
