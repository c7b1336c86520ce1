//! Costs of playing the card itself: "I cost … less" (own cost modifiers, 357.2), and additional costs (358).

use super::*;

/// 356.3–356.4: the card's own cost, "I cost [2] less for each gear you control, to a
/// minimum of [1].", "This costs [2] less if you control a Mech.", "If you control a Mech,
/// this costs [2] less." — energy only.
pub(super) fn self_cost(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    // "This spell's Energy cost is reduced by the highest Might among units you control"
    // (356.4.e's example): [1] less for each point of it
    if matches!(
        fold(t).as_str(),
        "this spells energy cost is reduced by the highest might among units you control"
            | "my energy cost is reduced by the highest might among units you control"
    ) {
        return Some(AbilityDef {
            play_cost: Some(spanned(format::PlayCostDef {
                energy: Signed::new(-1)?,
                of: Some(name("me")),
                player: None,
                min: None,
                for_each: Some(name("highest-might")),
            })),
            ..Default::default()
        });
    }
    // "If …, this costs …": the condition first
    let (cond, t) = match strip_ci(t, "if ") {
        Some(r) => {
            let (c, rest) = r.split_once(", ")?;
            (Some(if_condition(c)?), rest.trim())
        }
        None => (None, t),
    };
    let r = strip_ci(t, "i cost ").or_else(|| strip_ci(t, "this costs "))?;
    let (amount, r) = r.split_once(' ')?;
    let n: i64 = amount.strip_prefix('[')?.strip_suffix(']')?.parse().ok()?;
    let (sign, r) = match r.split_once(' ').map_or((r, ""), |(a, b)| (a, b)) {
        ("less", r) => (-1, r),
        ("more", r) => (1, r),
        _ => return None,
    };
    // ", to a minimum of [1]"
    let (r, min) = match r.split_once(", to a minimum of ") {
        Some((a, m)) => (
            a,
            Some(
                m.trim()
                    .strip_prefix('[')?
                    .strip_suffix(']')?
                    .parse::<i64>()
                    .ok()?,
            ),
        ),
        None => (r, None),
    };
    let r = r.trim();
    // "… to play from anywhere other than your hand": a condition on where it is played from
    let (r, cond) = match strip_ci(r, "to play from anywhere other than your hand") {
        Some(rest) if cond.is_none() => (rest.trim(), Some("not-from-hand".to_string())),
        _ => (r, cond),
    };
    let (for_each, cond) = if r.is_empty() {
        (None, cond)
    } else if let Some(x) = strip_ci(r, "for each ") {
        let f = fold(x);
        let count = match f.as_str() {
            "gear you control" => "gear".to_string(),
            "unit you control" => "units".to_string(),
            "card in your trash" => "trash".to_string(),
            "card with my name in your trash" => "trash same-name".to_string(),
            "card youve played this turn" => "played-this-turn".to_string(),
            "of your mighty units" => "mighty units".to_string(),
            _ => return None,
        };
        (Some(count), cond)
    } else if let Some(c) = strip_ci(r, "if ").filter(|_| cond.is_none()) {
        (None, Some(if_condition(c)?))
    } else {
        return None;
    };
    Some(AbilityDef {
        play_cost: Some(spanned(format::PlayCostDef {
            energy: Signed::new(sign * n)?,
            of: Some(name("me")),
            player: None,
            min: min.and_then(Amt::new),
            for_each: for_each.map(name),
        })),
        if_: cond.map(name),
        ..Default::default()
    })
}

/// "… I cost [2] less and enter ready.", "[Level 3] I have +1 [Might] and enter ready.": the
/// own cost or the passive (with the condition `given` unless the text states one), and "I
/// enter ready" under the same condition (364.2).
pub(super) fn and_enter_ready(s: &str, given: &str) -> Option<Vec<AbilityDef>> {
    let t = s.trim().trim_end_matches('.').trim();
    let first = strip_suffix_ci(t, " and enter ready")?;
    let (mut v, cond) = match self_cost(first) {
        Some(a) if given == "always" => {
            let c = a.if_.as_ref().map(|c| c.value.clone());
            (vec![a], c)
        }
        Some(_) => return None,
        None => {
            let v = passive_when(first, given)?;
            // the passive's condition must be the one given ("While I'm …, I have … and enter
            // ready" would not say when it enters ready)
            if !v
                .iter()
                .all(|a| a.while_.as_ref().is_some_and(|w| w.value == given))
            {
                return None;
            }
            (v, (given != "always").then(|| given.to_string()))
        }
    };
    v.push(AbilityDef {
        enter_ready: true,
        if_: cond.map(name),
        ..Default::default()
    });
    Some(v)
}

/// 356.2.b.1: "If you do, I cost [2] less." / "If you do, reduce my cost by [2]." / "If you
/// do, ignore this spell's cost." after an optional additional cost: the card's own discount
/// (356.4) or its base costs ignored (356.1.b.1) when that cost was paid.
pub(super) fn if_you_paid(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let r = strip_ci(t, "if you do, ")?;
    let paid = Some(name("additional-cost-paid"));
    match fold(r).as_str() {
        "ignore this spells cost" | "ignore my cost" | "ignore its cost" => {
            return Some(AbilityDef {
                ignore_cost: true,
                if_: paid,
                ..Default::default()
            });
        }
        _ => {}
    }
    let r = match strip_ci(r, "reduce my cost by ") {
        Some(n) => format!("I cost {} less", n.trim()),
        None => r.to_string(),
    };
    let mut a = self_cost(&r).filter(|a| a.if_.is_none())?;
    if a.play_cost.as_ref()?.value.energy.get() >= 0 {
        return None;
    }
    a.if_ = paid;
    Some(a)
}

/// "Your Dragons' Energy costs are reduced by [2], to a minimum of [1].", "While I'm at a
/// battlefield, the Energy costs for spells you play is reduced by [1], to a minimum of
/// [1].": a discount on the cards its controller plays (356.4), of a type or with a tag,
/// perhaps with a minimum (356.4.e) and a condition of the source's.
pub(super) fn play_cost_modifier(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let (cond, t) = match strip_ci(t, "while i'm ") {
        Some(r) => {
            let (c, rest) = r.split_once(", ")?;
            (Some(if_condition(&format!("I'm {c}"))?), rest.trim())
        }
        None => (None, t),
    };
    let (what, r) = if let Some(r) = strip_ci(t, "the energy costs for ")
        .or_else(|| strip_ci(t, "the energy cost of "))
        .or_else(|| strip_ci(t, "energy costs of "))
    {
        let (kind, r) = r.split_once(" you play ")?;
        let kind = match fold(kind).as_str() {
            "spells" => "spell",
            "units" => "unit",
            "gear" => "gear",
            "cards" => "any",
            _ => return None,
        };
        (kind.to_string(), r)
    } else {
        // "Your Dragons' Energy costs": a tag, the cards with it
        let r = strip_ci(t, "your ")?;
        let (tag, r) = r.split_once("s' ")?;
        let r = strip_ci(r, "energy costs ")?;
        if tag.is_empty()
            || !tag.chars().next().is_some_and(char::is_uppercase)
            || !tag.chars().all(char::is_alphanumeric)
        {
            return None;
        }
        (tag.to_string(), r)
    };
    let r = strip_ci(r.trim(), "is ")
        .or_else(|| strip_ci(r.trim(), "are "))
        .unwrap_or(r.trim());
    let r = strip_ci(r, "reduced by ")?;
    let (amount, min) = match r.split_once(", to a minimum of ") {
        Some((a, m)) => (a, Some(bracket_number(m)?)),
        None => (r, None),
    };
    let n = bracket_number(amount)?;
    Some(AbilityDef {
        play_cost: Some(spanned(format::PlayCostDef {
            energy: Signed::new(-n)?,
            of: Some(name(what)),
            player: None,
            min: min.and_then(Amt::new),
            for_each: None,
        })),
        if_: cond.map(name),
        ..Default::default()
    })
}

/// "[2]" → 2.
fn bracket_number(s: &str) -> Option<i64> {
    s.trim().strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

/// "[Legion] I cost [2] less.", "[Level 6] This costs [2] less.": the card's own cost, with
/// the keyword's condition (812.1.b.1, 824.1.b.1).
pub(super) fn conditional_self_cost(s: &str, condition: &str) -> Option<Vec<AbilityDef>> {
    let mut a = self_cost(s).filter(|a| a.if_.is_none())?;
    a.if_ = Some(name(condition));
    Some(vec![a])
}

/// "a unit", "a unit or gear", "a Bird, Cat, Dog, or Poro", "a card": what is chosen in
/// the trash, as the format's `choose-in-trash …` word.
pub(super) fn trash_choice(what: &str) -> Option<String> {
    // "a unit costing / with cost no more than [3] and no more than [Rune]", "a spell with
    // Energy cost no more than [3]": bounds of its printed costs
    let (what, bound) = cost_bound(what.trim());
    let w = strip_ci(what.trim(), "a ")
        .or_else(|| strip_ci(what.trim(), "an "))?
        .replace(", or ", " or ")
        .replace(" or ", ", ");
    let mut out = Vec::new();
    for x in w.split(", ").map(str::trim) {
        out.push(match x.to_ascii_lowercase().as_str() {
            "unit" | "spell" | "gear" | "card" => x.to_ascii_lowercase(),
            _ if !x.is_empty()
                && !x.contains(' ')
                && x.chars().next().is_some_and(char::is_uppercase) =>
            {
                x.to_string()
            }
            _ => return None,
        });
    }
    Some(format!("choose-in-trash {}{}", out.join(" or "), bound?))
}

/// "… costing no more than [3] and no more than [Rune]", "… with cost no more than [3] and no
/// more than [Rune]", "… that costs no more than [4]", "… with Energy cost no more than [3]"
/// at the end of a card chosen (in a trash, on the board, on the chain): the rest, and the words bounding its Energy and Power costs (`None` when the
/// bound is not read; empty when there is none).
pub(super) fn cost_bound(what: &str) -> (&str, Option<String>) {
    let lower = what.to_ascii_lowercase();
    let Some((i, head)) = [
        " costing no more than ",
        " with cost no more than ",
        " that costs no more than ",
        " with energy cost no more than ",
    ]
    .iter()
    .find_map(|h| lower.find(h).map(|i| (i, *h))) else {
        return (what, Some(String::new()));
    };
    let rest = &what[i + head.len()..];
    let energy_only = head.contains("energy");
    let mut words = String::new();
    let mut parts = rest.split(" and no more than ");
    let (Some(e), p, None) = (parts.next(), parts.next(), parts.next()) else {
        return (&what[..i], None);
    };
    let amount = |s: &str| -> Option<(i32, i32)> {
        let c = cost_of(s.trim())?;
        let p = c.power.to_power(crate::engine::resources::Power::own);
        (!c.exhaust).then(|| (c.energy.get(), p.total()))
    };
    let bound = (|| {
        let (e, pe) = amount(e)?;
        if pe != 0 {
            return None;
        }
        words.push_str(&format!(" energy-at-most {e}"));
        if let Some(p) = p {
            let (pe, pp) = amount(p)?;
            if pe != 0 || energy_only {
                return None;
            }
            words.push_str(&format!(" power-at-most {pp}"));
        }
        Some(words)
    })();
    (&what[..i], bound)
}

/// 356.2: "You may pay [Calm] as an additional cost to play me.", "As you play this, you may
/// spend a buff …", "As an additional cost to play me, discard 1.": the cost, optional with
/// "may" (356.2.b.1), mandatory without (356.2.a.1). Costs of energy and power, XP and
/// discards only.
pub(super) fn additional_cost(s: &str) -> Option<format::AdditionalCostDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let what = strip_ci(t, "you may ")
        .and_then(|r| {
            strip_suffix_ci(r, " as an additional cost to play me")
                .or_else(|| strip_suffix_ci(r, " as an additional cost to play this"))
        })
        .map(|w| (true, w))
        .or_else(|| {
            let r =
                strip_ci(t, "as you play me, ").or_else(|| strip_ci(t, "as you play this, "))?;
            let r = strip_ci(r, "you may ")?;
            strip_suffix_ci(r, " as an additional cost").map(|w| (true, w))
        })
        .or_else(|| {
            let r = strip_ci(t, "as an additional cost to play me, ")
                .or_else(|| strip_ci(t, "as an additional cost to play this, "))?;
            Some(match strip_ci(r, "you may ") {
                Some(w) => (true, w),
                None => (false, r),
            })
        })?;
    let (may, w) = what;
    let mut c = format::AdditionalCostDef {
        may,
        energy: Amt::default(),
        power: format::PowerSpec::default(),
        xp: Amt::default(),
        discard: Amt::default(),
        kill: None,
        return_: None,
        buffs: Amt::default(),
    };
    // "kill a friendly unit", "kill a friendly [Mighty] unit", "return a friendly gear to its
    // owner's hand": a permanent given up (357.2)
    let permanent = |what: &str| -> Option<String> {
        Some(
            match fold(strip_ci(what.trim(), "a friendly ")?).as_str() {
                "unit" => "unit",
                "mighty unit" => "mighty unit",
                "gear" => "gear",
                _ => return None,
            }
            .to_string(),
        )
    };
    if let Some(what) = strip_ci(w, "kill ") {
        c.kill = Some(name(permanent(what)?));
        return Some(c);
    }
    if let Some(what) =
        strip_ci(w, "return ").and_then(|r| strip_suffix_ci(r, " to its owner's hand"))
    {
        c.return_ = Some(name(permanent(what)?));
        return Some(c);
    }
    if let Some(n) = match fold(w).as_str() {
        // 702.2.b: "spend a buff" from a unit the player controls
        "spend a buff" => Some(1),
        _ => None,
    } {
        c.buffs = Amt::new(n)?;
    } else if let Some(cost) = strip_ci(w, "pay ") {
        let k = cost_of(cost.trim())
            .filter(|k| !k.exhaust && !k.kill_this && !k.spend_my_buff && k.xp.get() == 0)?;
        c.energy = k.energy;
        c.power = k.power;
    } else if let Some(n) = strip_ci(w, "spend ").and_then(|r| strip_suffix_ci(r.trim(), " xp")) {
        c.xp = n.trim().parse().ok()?;
    } else if let Some(n) = strip_ci(w, "discard ") {
        c.discard = Amt::new(count_word(n.trim())?)?;
    } else {
        return None;
    }
    Some(c)
}
