//! Playing cards from zones other than the hand (419.1.a, 419.3) and their base costs (356.1).

use super::*;

/// 356.1.a, 419.1.a: "You may play me from your trash for [3][Fury]." — the card's permission
/// to be played from its owner's trash, its base cost replaced; `given` the condition of a
/// dependent ability (`legion`).
pub(super) fn play_me_from_trash(s: &str, given: Option<&str>) -> Option<Vec<AbilityDef>> {
    let t = s.trim().trim_end_matches('.').trim();
    let rest = strip_ci(t, "you may play me from your trash for ")
        .or_else(|| strip_ci(t, "you may play this from your trash for "))?;
    let c = cost_of(rest.trim())?;
    if c.exhaust || c.kill_this || c.spend_my_buff || c.xp.get() > 0 || c.recycle.get() > 0 {
        return None;
    }
    Some(vec![AbilityDef {
        play_from_trash: Some(spanned(format::TriggerCost {
            energy: c.energy,
            power: c.power,
            ..Default::default()
        })),
        while_: given.map(name),
        ..Default::default()
    }])
}

/// 713: a spell's "This deals 1 Bonus Damage for each card with this name in your trash" —
/// its own Deal actions granted Bonus Damage, counted as it deals.
pub(super) fn own_bonus_damage(s: &str) -> Option<AbilityDef> {
    let f = fold(s);
    let rest = f.strip_prefix("this deals ")?;
    let (n, per) = rest.split_once(" bonus damage for each ")?;
    let per = match per {
        "card with this name in your trash" | "card with the same name in your trash" => {
            "trash same-name"
        }
        "card in your trash" => "trash",
        _ => return None,
    };
    Some(AbilityDef {
        own_bonus_damage: Some(Amt::new(effects::count_word(n)?)?),
        for_each: Some(name(per)),
        ..Default::default()
    })
}
