//! Passive abilities and their conditions (361–366): "While …", "I have …", granted keywords and Might bonuses.

use super::*;

/// The condition of "if …" in the vocabulary's words: "you paid the additional cost",
/// "you control 4 or fewer runes", "you control another Mech", "you control two or more
/// gear", "you control 3 or more other gear", "you control a Poro", "I'm at a battlefield".
pub(super) fn if_condition(c: &str) -> Option<String> {
    let f = fold(c);
    if f == "you paid the additional cost" {
        return Some("additional-cost-paid".into());
    }
    if f == "im at a battlefield" || f == "i am at a battlefield" {
        return Some("at-battlefield".into());
    }
    if f == "an enemy unit is alone here" {
        return Some("enemy-alone-here".into());
    }
    // "If it's your Beginning Phase"
    if let Some(p) = f
        .strip_prefix("its your ")
        .and_then(|r| r.strip_suffix(" phase"))
        .filter(|p| crate::engine::state::Phase::parse(p).is_some())
    {
        return Some(format!("your-phase {p}"));
    }
    // what happened this turn, the hand, the base, the trash, the scores, the units here
    match f.as_str() {
        "a unit died this turn" | "a unit has died this turn" => {
            return Some("unit-died-this-turn".into());
        }
        "an enemy unit died this turn" | "an enemy unit has died this turn" => {
            return Some("enemy-unit-died-this-turn".into());
        }
        "you have a card with my name in your trash" => return Some("trash same-name".into()),
        "there is exactly one other unit you control here" => {
            return Some("exactly 1 other units here".into());
        }
        "you have another unit here" => return Some("1 or more other units here".into()),
        "youve discarded a card this turn" => return Some("discarded-this-turn".into()),
        "youve gained xp this turn" => return Some("gained-xp-this-turn".into()),
        "theres a stunned enemy unit here" | "there is a stunned enemy unit here" => {
            return Some("stunned-enemy-here".into());
        }
        "theres a ready enemy unit here" | "there is a ready enemy unit here" => {
            return Some("ready-enemy-here".into());
        }
        "an opponent controls a stunned unit" => return Some("opponent-controls-stunned".into()),
        "an opponent controls a battlefield" => {
            return Some("opponent-controls-battlefield".into());
        }
        "you control fewer runes than an opponent" => {
            return Some("fewer-runes-than-opponent".into());
        }
        // 107.3.c: a facedown card is in a battlefield's Facedown Zone
        "a friendly unit died during your beginning phase this turn" => {
            return Some("friendly-died-your-beginning-phase".into());
        }
        "you control a facedown card at a battlefield" | "you control a facedown card" => {
            return Some("controls-facedown".into());
        }
        _ => {}
    }
    // "you've spent at least [A][A] this turn", "you've spent [4] or more to play a spell
    // this turn" (357.1: what the player paid)
    let lower = c.trim().to_ascii_lowercase();
    if let Some(r) = lower
        .strip_prefix("you've spent at least ")
        .and_then(|r| r.strip_suffix(" this turn"))
        .filter(|r| {
            !r.is_empty() && r.len() % 6 == 0 && r.as_bytes().chunks(6).all(|x| x == b"[rune]")
        })
    {
        return Some(format!("spent-power {}", r.len() / 6));
    }
    if let Some(n) = lower
        .strip_prefix("you've spent [")
        .and_then(|r| r.strip_suffix("] or more to play a spell this turn"))
        .and_then(|n| n.parse::<i64>().ok())
        .filter(|n| (1..=99).contains(n))
    {
        return Some(format!("spent-on-a-spell {n}"));
    }
    if let Some(r) = f
        .strip_prefix("an opponents score is within ")
        .and_then(|r| r.strip_suffix(" points of the victory score"))
    {
        return Some(format!("opponent-within {}", count_word(r)?));
    }
    if let Some(r) = f.strip_prefix("you have ") {
        let w: Vec<&str> = r.split(' ').collect();
        return match w.as_slice() {
            [n, "or", "fewer", "cards", "in", "your", "hand"] => {
                Some(format!("hand {} or fewer", count_word(n)?))
            }
            [n, "or", "more", "other", "units", "in", "your", "base"] => {
                Some(format!("base {} or more other units", count_word(n)?))
            }
            [n, "or", "more", "units", "in", "your", "base"] => {
                Some(format!("base {} or more units", count_word(n)?))
            }
            _ => None,
        };
    }
    let w: Vec<&str> = f.strip_prefix("you control ")?.split(' ').collect();
    // the name of what is counted: gear, units, or a tag ("Mech"), as the text writes it
    let thing = |x: &str| -> Option<String> {
        match x {
            "gear" => Some("gear".into()),
            "unit" | "units" => Some("units".into()),
            _ => {
                let t = c
                    .split_whitespace()
                    .find(|o| o.eq_ignore_ascii_case(x))?
                    .trim_end_matches(['.', ',']);
                t.chars()
                    .next()
                    .is_some_and(char::is_uppercase)
                    .then(|| t.to_string())
            }
        }
    };
    Some(match w.as_slice() {
        [n, "or", "fewer", "runes"] => format!("runes {} or fewer", count_word(n)?),
        [n, "or", "more", "runes"] => format!("runes {} or more", count_word(n)?),
        ["another", x] => format!("control another {}", thing(x)?),
        ["a" | "an", x] => format!("control a {}", thing(x)?),
        [n, "or", "more", "other", x] => format!("control {} other {}", count_word(n)?, thing(x)?),
        [n, "or", "more", x] => format!("control {} {}", count_word(n)?, thing(x)?),
        _ => return None,
    })
}

/// Passives the vocabulary has: "While I'm [Mighty], I have [Shield].",
/// "Other friendly units here have +1 [Might]." (361–366).
pub(super) fn passive(s: &str) -> Option<Vec<AbilityDef>> {
    passive_when(s, "always")
}

/// A passive; `given` is its condition unless the text states one ("While I'm …").
/// "I have +1 [Might] and [Ganking]" is one passive for each thing it gives.
pub(super) fn passive_when(s: &str, given: &str) -> Option<Vec<AbilityDef>> {
    let t = s.trim().trim_end_matches('.');
    // 741.1: "While a friendly unit defends alone, it gets +2 [Might]." — a condition checked
    // on each unit of a group
    if given == "always"
        && let Some(r) = strip_ci(t, "while ")
        && let Some((subject, rest)) = r.split_once(", ")
        && let Some((group, cond)) = match fold(subject).as_str() {
            "a friendly unit defends alone" | "a friendly unit is defending alone" => {
                Some(("friendly units", "defending-alone"))
            }
            "a unit here defends alone" | "a unit here is defending alone" => {
                Some(("units here", "defending-alone"))
            }
            _ => None,
        }
    {
        let what =
            strip_ci(rest.trim(), "it gets ").or_else(|| strip_ci(rest.trim(), "it has "))?;
        let mut v = passive_when(&format!("{group} have {what}"), "always")?;
        for a in v.iter_mut() {
            a.while_ = Some(name(cond));
        }
        return Some(v);
    }
    // "I have +2 [Might] while I'm at a battlefield.": the condition written after
    // (not when the text starts with its own condition: the rewritten text starts with one,
    // and a text with a second " while I'm " was rewritten again and again, without end)
    if given == "always"
        && strip_ci(t, "while i'm ").is_none()
        && let Some(p) = t.to_ascii_lowercase().find(" while i'm ")
        && p > 0
    {
        let (what, cond) = (&t[..p], &t[p + " while i'm ".len()..]);
        return passive_when(&format!("While I'm {cond}, {what}"), given);
    }
    let about_me = strip_ci(t, "while i'm ").is_some();
    // "While you control 7 or more runes, …", "While you have 8+ runes, …": a condition of
    // the controller's side, checked on each affected object's controller
    if let Some(r) = strip_ci(t, "while you control ").or_else(|| strip_ci(t, "while you have "))
        && let Some((cond, rest)) = r.split_once(", ")
        && let Some(c) = if_condition(&format!("you control {}", cond.replace("+ ", " or more ")))
    {
        if given != "always" {
            return None;
        }
        return passive_when(rest, &c);
    }
    // "While there's a stunned enemy unit here, I have +2 [Might].", "If you've discarded a
    // card this turn, I have [Assault] and [Ganking].": a condition of the text's own (a
    // static ability's "if" is its condition, 364), about the card's side or location —
    // checked on the card itself, so only for what it gives itself
    if given == "always"
        && strip_ci(t, "while i'm ").is_none()
        && let Some(r) = strip_ci(t, "while ").or_else(|| strip_ci(t, "if "))
        && let Some((cond, rest)) = r.split_once(", ")
        && let Some(c) = if_condition(cond)
    {
        return passive_when(rest, &c).filter(|v| {
            v.iter()
                .all(|a| a.scope.as_ref().is_some_and(|s| s.value == "me"))
        });
    }
    let (condition, rest) = if let Some(r) = strip_ci(t, "while i'm ") {
        let (cond, rest) = r.split_once(',')?;
        let cond = match fold(cond).as_str() {
            "mighty" => "mighty",
            "buffed" => "buffed",
            "at a battlefield" => "at-battlefield",
            "an attacker" | "attacking" => "attacking",
            "attacking with another unit" => "attacking-with-another",
            "a defender" | "defending" => "defending",
            "attacking or defending alone" => "attacking-or-defending-alone",
            "defending alone" => "defending-alone",
            "at a battlefield with exactly one other unit you control" => {
                "exactly 1 other units at-battlefield"
            }
            _ => return None,
        };
        if given != "always" {
            return None;
        }
        (cond, rest.trim())
    } else {
        (given, t)
    };
    if let Some(per) = strip_ci(rest, "my might is increased by ") {
        // "My Might is increased by the number of cards in your trash / by your points"
        let per = strip_ci(per, "the number of ").unwrap_or(per);
        return Some(vec![AbilityDef {
            while_: Some(name(condition.to_string())),
            scope: Some(name("me")),
            might: Signed::new(1),
            for_each: Some(name(count_phrase(per)?)),
            ..Default::default()
        }]);
    }
    // "Other buffed friendly units at my battlefield have …", "Friendly buffed units have
    // [Deflect] if they didn't already": a buff (702.2.a) checked on each of them, "at my
    // battlefield" as "here" while I'm at one, and "if they didn't already" as their not
    // having the keyword granted — further conditions on each unit, joined with `and`
    let mut each: Vec<String> = Vec::new();
    let qualified;
    let rest = match split_ci(rest, " have ").filter(|_| condition == "always") {
        Some((subject, w)) => {
            let f = fold(subject);
            let mut words: Vec<&str> = f.split(' ').collect();
            let plural = words.last() == Some(&"units")
                || words.ends_with(&["units", "at", "my", "battlefield"]);
            if plural && words.contains(&"buffed") {
                words.retain(|x| *x != "buffed");
                each.push("buffed".into());
            }
            if words.ends_with(&["units", "at", "my", "battlefield"]) {
                words.truncate(words.len() - 3);
                words.push("here");
                each.push("at-battlefield".into());
            }
            let mut w = w.trim();
            if let Some(x) = strip_suffix_ci(w, " if they didn't already") {
                each.push(format!("not has {}", granted_keyword(x)?));
                w = x;
            }
            if each.is_empty() {
                rest
            } else {
                qualified = format!("{} have {w}", words.join(" "));
                &qualified
            }
        }
        None => rest,
    };
    let (scope, what) =
        if let Some(w) = strip_ci(rest, "i have ").or_else(|| strip_ci(rest, "i get ")) {
            ("me", w)
        } else if let Some(w) = strip_ci(rest, "other friendly units here have ") {
            ("other-friendly-units-here", w)
        } else if let Some(w) = strip_ci(rest, "your other units here have ") {
            // 484.8.c: "your" is the controller's own, not a teammate's
            ("your-other-units-here", w)
        } else if let Some(w) = strip_ci(rest, "other friendly units have ")
            .and_then(|w| strip_suffix_ci(w.trim(), " here"))
        {
            // "Other friendly units have +1 [Might] here."
            ("other-friendly-units-here", w)
        } else if let Some(w) = strip_ci(rest, "other friendly units have ") {
            ("other-friendly-units", w)
        } else if let Some(w) = strip_ci(rest, "friendly units have ") {
            ("friendly-units", w)
        } else if let Some(w) = strip_ci(rest, "your units have ") {
            // 484.8.c: "your" is the controller's own, not a teammate's
            ("your-units", w)
        } else if let Some(w) = strip_ci(rest, "units here have ") {
            // "Units here have +1 [Might]": every unit at the source's location, a
            // battlefield's own units when the card is a battlefield (053.3)
            ("units-here", w)
        } else if let Some((k, w)) = strip_ci(rest, "units here with ")
            .and_then(|r| r.split_once(" have "))
            .filter(|_| condition == "always")
        {
            // "Units here with [Tank] have +1 [Might]": a keyword checked on each unit there
            let k = granted_keyword(k)?;
            let mut v = passive_when(&format!("units here have {w}"), "always")?;
            for a in v.iter_mut() {
                a.while_ = Some(name(format!("has {k}")));
            }
            return Some(v);
        } else if let Some((group, w)) = strip_ci(rest, "your token units have ")
            .map(|w| ("your", w))
            .or_else(|| strip_ci(rest, "friendly token units have ").map(|w| ("friendly", w)))
        {
            // "Your token units have [Tank]": a token condition checked on each of them (182)
            if condition != "always" {
                return None;
            }
            let mut v = passive_when(&format!("{group} units have {w}"), "always")?;
            for a in v.iter_mut() {
                a.while_ = Some(name("token"));
            }
            return Some(v);
        } else if let Some((tag, w)) = strip_ci(rest, "your ")
            .and_then(|r| {
                r.split_once(" each have ")
                    .or_else(|| r.split_once(" have "))
            })
            .filter(|(tag, _)| {
                condition == "always"
                    && tag.ends_with('s')
                    && tag.chars().next().is_some_and(char::is_uppercase)
                    && !tag.contains(' ')
            })
        {
            // "Your Mechs have [Shield]": the units with that tag its controller controls (a
            // tag condition checked on each of them; "your" is not a teammate's, 484.8.c)
            let mut v = passive_when(&format!("your units have {w}"), "always")?;
            for a in v.iter_mut() {
                a.while_ = Some(name(format!("tag {}", tag.trim_end_matches('s'))));
            }
            return Some(v);
        } else {
            return None;
        };
    // a condition about me ("While I'm …") is checked on each unit a wider passive affects:
    // only where that is the same thing (I'm at a battlefield, they are there with me)
    if about_me && scope != "me" && !(condition == "at-battlefield" && scope.ends_with("-here")) {
        return None;
    }
    if !each.is_empty() && (scope == "me" || condition != "always") {
        return None;
    }
    let condition = if each.is_empty() {
        condition.to_string()
    } else {
        each.join(" and ")
    };
    let condition = condition.as_str();
    what.split(" and ")
        .flat_map(|p| p.split(", "))
        .map(|part| {
            let mut a = AbilityDef {
                while_: Some(name(condition.to_string())),
                scope: Some(name(scope)),
                ..Default::default()
            };
            if let Some((bonus, per)) = split_ci(part, " for each ") {
                // "+1 [Might] for each other exhausted unit you control" (472.3)
                a.might = Some(might_bonus(bonus)?);
                a.for_each = Some(name(count_phrase(per)?));
                // "at my battlefield" counts nothing while I'm in a base: the passive
                // applies while I'm at a battlefield, counting "here"
                if fold(per).contains("at my battlefield") {
                    if condition != "always" {
                        return None;
                    }
                    a.while_ = Some(name("at-battlefield"));
                }
            } else if let Some((k, per)) =
                split_ci(part, " equal to the number of ").filter(|(k, _)| fold(k) == "assault")
            {
                // "[Assault] equal to the number of gear you control" (807, 472.2)
                let _ = k;
                a.grant = vec![name("Assault")];
                a.for_each = Some(name(count_phrase(per)?));
            } else if let Some(n) = might_bonus(part) {
                a.might = Some(n);
            } else {
                a.grant = vec![name(granted_keyword(part)?)];
            }
            Some(a)
        })
        .collect()
}

/// "[Shield]", "[Assault 2]": exactly one keyword the engine models, as it is granted.
pub(super) fn granted_keyword(what: &str) -> Option<String> {
    let token = leading_token(what.trim())?;
    if what.trim().len() != token.len() + 2 {
        return None;
    }
    let (k, _) = keyword_of(&token)?;
    keyword_modelled(&k).then_some(k)
}

/// "+2 [Might]" / "-1 [Might]" → 2 / -1.
pub(super) fn might_bonus(s: &str) -> Option<Signed> {
    let t = s.trim();
    // "an additional +1 [Might]" adds like "+1 [Might]"
    let t = strip_ci(t, "an additional ").unwrap_or(t);
    let (num, rest) = t.split_at(t.find(|c: char| !(c == '+' || c == '-' || c.is_ascii_digit()))?);
    if fold(rest) != "might" {
        return None;
    }
    num.parse().ok()
}

/// `s` split at the first `sep`, ignoring case.
fn split_ci<'a>(s: &'a str, sep: &str) -> Option<(&'a str, &'a str)> {
    let i = s.to_ascii_lowercase().find(&sep.to_ascii_lowercase())?;
    Some((&s[..i], &s[i + sep.len()..]))
}

/// What "for each [X]" / "increased by [X]" counts, in the vocabulary of `for-each`:
/// "friendly gear" → `gear`, "token unit you control" → `token units`, "other exhausted
/// unit you control" → `other exhausted units`, "other unit you control here with my
/// name" → `other units here same-name`, "buffed friendly unit at my battlefield" →
/// `buffed units here`, "enemy units here" → `enemy units here`, "of your units with
/// [Temporary] at my battlefield" → `units with Temporary here`, "cards in your trash" →
/// `trash`, "your points" → `points`.
pub(super) fn count_phrase(x: &str) -> Option<String> {
    let f = fold(x);
    let simple = match f.as_str() {
        "card in your trash" | "cards in your trash" => Some("trash"),
        "card with my name in your trash" => Some("trash same-name"),
        "card youve played this turn" => Some("played-this-turn"),
        "your points" | "point you have" => Some("points"),
        _ => None,
    };
    if let Some(v) = simple {
        return Some(v.into());
    }
    let mut words: Vec<String> = Vec::new();
    // "here", "same-name" read after the noun, as the text has them
    let mut after: Vec<String> = Vec::new();
    let mut noun: Option<String> = None;
    let mut friendly = false;
    let mut enemy = false;
    let original: Vec<&str> = x.split_whitespace().collect();
    let folded: Vec<String> = original.iter().map(|w| fold(w)).collect();
    let mut i = 0;
    let at = |i: usize, w: &str| folded.get(i).is_some_and(|x| x == w);
    if at(0, "of") && at(1, "your") {
        friendly = true;
        i = 2;
    }
    while i < folded.len() {
        let w = folded[i].as_str();
        match w {
            "other" | "exhausted" | "buffed" | "mighty" => words.push(w.into()),
            "token" => words.push("token".into()),
            "friendly" => friendly = true,
            // 740.2: "enemy units here" — an opponent's
            "enemy" => enemy = true,
            // "with [Temporary]": a keyword the engine models, on each counted permanent
            "with" if original.get(i + 1).is_some_and(|k| k.starts_with('[')) => {
                let k = granted_keyword(original[i + 1])?;
                if k.contains(' ') {
                    return None;
                }
                after.push(format!("with {k}"));
                i += 1;
            }
            "unit" | "units" if noun.is_none() => noun = Some("units".into()),
            "gear" if noun.is_none() => noun = Some("gear".into()),
            "you" if at(i + 1, "control") => {
                friendly = true;
                i += 1;
            }
            "here" => after.push("here".into()),
            "at" if at(i + 1, "my") && (at(i + 2, "battlefield") || at(i + 2, "location")) => {
                after.push("here".into());
                i += 2;
            }
            "with" if at(i + 1, "my") && at(i + 2, "name") => {
                after.push("same-name".into());
                i += 2;
            }
            _ if noun.is_none()
                && original[i].chars().next().is_some_and(char::is_uppercase)
                && original[i].chars().all(char::is_alphabetic) =>
            {
                // a tag: "Mech", "Mechs" (the tag is written in the singular)
                let t = original[i];
                noun = Some(
                    t.strip_suffix('s')
                        .filter(|_| t.len() > 3)
                        .unwrap_or(t)
                        .into(),
                );
            }
            _ => return None,
        }
        i += 1;
    }
    if friendly == enemy {
        return None;
    }
    if enemy {
        words.push("enemy".into());
    }
    words.push(noun?);
    words.extend(after);
    Some(words.join(" "))
}
