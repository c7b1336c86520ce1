//! Chain items read back as the set-up says them: a spell's Repeats and modes, and which
//! ability of which object (or battlefield) an ability is.

use crate::engine::{Game, ObjId};

/// Instructions with their target choices undone (to compare with the printed ones):
/// `Chosen` as `ChooseUnit`, a repeated choice as "it".
fn unbound(effects: &[crate::engine::Effect]) -> Vec<crate::engine::Effect> {
    use crate::engine::Target;
    let mut unbound = effects.to_vec();
    for e in unbound.iter_mut() {
        for t in crate::engine::choices::targets_mut(e) {
            if let Target::Chosen { filter, again, .. } = t {
                *t = if *again {
                    Target::It
                } else {
                    Target::ChooseUnit(filter.clone())
                };
            }
        }
    }
    unbound
}

/// A spell on the chain's Repeats paid (820) and the modes chosen (355.3, from 1), read
/// from its instructions: its printed ones executed 1 + Repeats times, each "choose one"
/// the mode chosen.
pub(super) fn spell_choices(
    g: &Game,
    item: &crate::engine::ChainItem,
) -> Result<(usize, Vec<usize>), String> {
    use crate::engine::{Ability, Effect};
    let cannot = || {
        format!(
            "{} is on the chain with instructions other than its card's, which the set-up cannot say",
            item.label
        )
    };
    let card = item.card.ok_or_else(cannot)?;
    let printed: Vec<&Effect> = g
        .object(card)
        .def
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Spell(e) => Some(e),
            _ => None,
        })
        .flatten()
        .collect();
    let have = unbound(&item.effects);
    if printed.is_empty() || !have.len().is_multiple_of(printed.len()) {
        return Err(cannot());
    }
    let mut modes = Vec::new();
    for (k, e) in have.iter().enumerate() {
        match printed[k % printed.len()] {
            Effect::ChooseOne { modes: options } => {
                let m = options.iter().position(|o| o == e).ok_or_else(cannot)?;
                modes.push(m + 1);
            }
            p if p == e => {}
            _ => return Err(cannot()),
        }
    }
    Ok((have.len() / printed.len() - 1, modes))
}

/// The object and ability (from 1, its keywords counted first) of an ability on the
/// chain, when its instructions are that ability's, targets aside (a "you may" first
/// instruction answered as it went on the chain, 383.3.a).
/// Whose ability a chain item is.
pub(super) enum Source {
    Object(ObjId),
    /// A battlefield's card's ("when you hold here").
    Battlefield(crate::engine::BfId),
}

/// Which ability of its source a chain item is.
pub(super) enum Which {
    /// Its place among the source's keywords and abilities, from 1.
    Ability(usize),
    /// A keyword's triggered ability ("Vision", "Hunt 2").
    Keyword(String),
}

pub(super) fn chain_ability(
    g: &Game,
    item: &crate::engine::ChainItem,
) -> Result<(Source, Which), String> {
    use crate::engine::{Ability, Effect};
    let cannot = || {
        format!(
            "{} is on the chain with instructions the set-up cannot say (pass until it resolves)",
            item.label
        )
    };
    // the instructions of an ability, a "you may" first one answered (383.3.a)
    let instructions = |a: &Ability| match a {
        Ability::Triggered { effects, .. } | Ability::Activated { effects, .. } => {
            let mut effects = effects.clone();
            if let Some(Effect::May { effect }) = effects.first().cloned() {
                effects[0] = *effect;
            }
            Some(effects)
        }
        _ => None,
    };
    let unbound = unbound(&item.effects);
    let Some(source) = item.source else {
        // a battlefield's triggered ability: named after it (its snapshot says where "here" is)
        for b in &g.battlefields {
            let Some(def) = &b.def else { continue };
            if !item.label.starts_with(&format!("{} (", b.name)) {
                continue;
            }
            for (i, a) in def.abilities.iter().enumerate() {
                if matches!(a, Ability::Triggered { .. })
                    && instructions(a).as_ref() == Some(&unbound)
                {
                    return Ok((Source::Battlefield(b.id), Which::Ability(i + 1)));
                }
            }
        }
        return Err(cannot());
    };
    // a keyword's triggered ability, by its instructions and the name the engine gives it
    let of = &g.object(source).def.name;
    let keyword = match &item.effects[..] {
        [Effect::Weaponmaster] => Some("Weaponmaster".to_string()),
        [e] if *e == crate::engine::keywords::quick_draw::quick_draw_effect() => {
            Some("Quick-Draw".to_string())
        }
        [e] if *e == Game::vision_effect() => Some("Vision".to_string()),
        [
            Effect::Kill {
                target: crate::engine::Target::Me,
            },
        ] => Some("Temporary".to_string()),
        [Effect::GainXp { amount, .. }] => Some(format!("Hunt {amount}")),
        _ => None,
    };
    if let Some(k) = keyword
        && item.label == format!("{k} of {of}")
    {
        return Ok((Source::Object(source), Which::Keyword(k)));
    }
    // an ability of the object whose instructions, targets unchosen, are these
    for (i, a) in g.object(source).def.abilities.iter().enumerate() {
        if instructions(a).as_ref() == Some(&unbound) {
            return Ok((Source::Object(source), Which::Ability(i + 1)));
        }
    }
    Err(cannot())
}
