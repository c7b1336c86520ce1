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
    if f == "im at a battlefield" {
        return Some("at-battlefield".into());
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
    let about_me = strip_ci(t, "while i'm ").is_some();
    let (condition, rest) = if let Some(r) = strip_ci(t, "while i'm ") {
        let (cond, rest) = r.split_once(',')?;
        let cond = match fold(cond).as_str() {
            "mighty" => "mighty",
            "buffed" => "buffed",
            "at a battlefield" => "at-battlefield",
            "an attacker" | "attacking" => "attacking",
            "a defender" | "defending" => "defending",
            _ => return None,
        };
        if given != "always" {
            return None;
        }
        (cond, rest.trim())
    } else {
        (given, t)
    };
    let (scope, what) = if let Some(w) = strip_ci(rest, "i have ") {
        ("me", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units here have ")
        .or_else(|| strip_ci(rest, "your other units here have "))
    {
        ("other-friendly-units-here", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units have ")
        .and_then(|w| strip_suffix_ci(w.trim(), " here"))
    {
        // "Other friendly units have +1 [Might] here."
        ("other-friendly-units-here", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units have ") {
        ("other-friendly-units", w)
    } else if let Some(w) =
        strip_ci(rest, "friendly units have ").or_else(|| strip_ci(rest, "your units have "))
    {
        ("friendly-units", w)
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
    } else if let Some((tag, w)) = strip_ci(rest, "your ")
        .and_then(|r| r.split_once(" have "))
        .filter(|(tag, _)| {
            condition == "always"
                && tag.ends_with('s')
                && tag.chars().next().is_some_and(char::is_uppercase)
                && !tag.contains(' ')
        })
    {
        // "Your Mechs have [Shield]": the friendly units with that tag (a tag condition
        // checked on each of them)
        let mut v = passive_when(&format!("friendly units have {w}"), "always")?;
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
    what.split(" and ")
        .flat_map(|p| p.split(", "))
        .map(|part| {
            let mut a = AbilityDef {
                while_: Some(name(condition.to_string())),
                scope: Some(name(scope)),
                ..Default::default()
            };
            if let Some(n) = might_bonus(part) {
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
