//! The set-up written from a game: zones, marked state, showdown or combat, the chain,
//! lasting and created effects, used replacements, the random state; then the cards, the
//! steps not yet taken and the expectations copied from the session's file.

use super::chain::{Source, Which, chain_ability, spell_choices};
use super::script::{dash_line, final_expectations, kept_items, script_end};
use super::{Session, labels};
use crate::engine::{Game, ObjId, Zone};
use std::collections::BTreeMap;

/// The source's top-level block starting with `key:` (its lines up to the next top-level
/// key), if present.
fn block(source: &str, key: &str) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(&format!("{key}:")))?;
    let mut out = vec![lines[start]];
    for l in &lines[start + 1..] {
        let top = !l.is_empty() && !l.starts_with([' ', '\t', '#', '-']);
        if top {
            break;
        }
        out.push(l);
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    Some(out.join("\n"))
}

/// A rune pool's power as the format writes it: `{fury: 1, any: 2}`.
fn power(p: &crate::engine::Power) -> String {
    let mut parts: Vec<String> = p
        .domains
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(d, n)| format!("{}: {n}", d.name().to_ascii_lowercase()))
        .collect();
    if p.any > 0 {
        parts.push(format!("any: {}", p.any));
    }
    format!("{{{}}}", parts.join(", "))
}

pub(super) fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn object(g: &Game, id: ObjId, label: &str, card: &str, name: &dyn Fn(ObjId) -> String) -> String {
    let o = g.object(id);
    let mut f = vec![format!("card: {}", quote(card))];
    if label != card {
        f.push(format!("id: {}", quote(label)));
    }
    f.push(format!(
        "controller: {}",
        quote(g.player_name(o.base_controller))
    ));
    f.push(format!("owner: {}", quote(g.player_name(o.owner))));
    if o.damage > 0 {
        f.push(format!("damage: {}", o.damage));
    }
    if o.buffs > 0 {
        f.push(format!("buffs: {}", o.buffs));
    }
    if o.exhausted {
        f.push("exhausted: true".into());
    }
    if o.stunned {
        f.push("stunned: true".into());
    }
    if let Some(t) = o.attached_to {
        f.push(format!("attached-to: {}", quote(&name(t))));
    }
    match o.designation {
        Some(crate::engine::Designation::Attacker) => f.push("designation: attacker".into()),
        Some(crate::engine::Designation::Defender) => f.push("designation: defender".into()),
        // a unit at the combat's battlefield without one (the set-up designates by controller)
        None if o.is_unit()
            && g.combat
                .as_ref()
                .is_some_and(|c| o.zone == Zone::Battlefield(c.battlefield)) =>
        {
            f.push("designation: none".into())
        }
        None => {}
    }
    if o.token {
        f.push("token: true".into());
    }
    if !o.linked.is_empty() {
        let l: Vec<String> = o.linked.iter().map(|(l, _)| quote(&name(*l))).collect();
        f.push(format!("linked: [{}]", l.join(", ")));
    }
    // the triggers checked this combat, when they are not the designation's (383.4.e.2.a)
    let by_designation = (
        o.designation == Some(crate::engine::Designation::Attacker),
        o.designation == Some(crate::engine::Designation::Defender),
    );
    let set_up_by_showdown = g
        .combat
        .as_ref()
        .is_some_and(|c| o.is_unit() && o.zone == Zone::Battlefield(c.battlefield));
    if (o.attack_checked, o.defend_checked) != by_designation
        || (o.designation.is_none() && set_up_by_showdown && (o.attack_checked || o.defend_checked))
    {
        let mut c = Vec::new();
        if o.attack_checked {
            c.push("attack");
        }
        if o.defend_checked {
            c.push("defend");
        }
        f.push(format!("checked: [{}]", c.join(", ")));
    }
    format!("{{{}}}", f.join(", "))
}

/// The scenario text for the state `g` of the session with `next` script steps taken, or
/// what it cannot express.
pub(super) fn text_of(s: &Session, g: &Game, next: usize) -> Result<String, String> {
    if g.pending_decision().is_some() {
        return Err("a decision is pending (answer it first)".into());
    }
    // a chain of spells can be set up (`chain:`), with who holds priority and how many
    // have passed (`priority:`)
    if !g.chain().is_empty() {
        if let Some(item) = g.chain().iter().find(|i| {
            i.card
                .is_some_and(|c| g.object(c).def.card_type != crate::engine::CardType::Spell)
        }) {
            return Err(format!(
                "{} is on the chain being played, and only spells and abilities can be set up there (pass until it resolves)",
                item.label
            ));
        }
        for item in g.chain().iter().filter(|i| i.card.is_none()) {
            chain_ability(g, item)?;
        }
        // a spell's Repeats and modes must be read back from its instructions
        for item in g.chain() {
            if item.card.is_some() {
                spell_choices(g, item)?;
            }
        }
    }
    if g.priority_due.is_some() || !g.outstanding_cleanup.is_empty() {
        return Err("priority or a cleanup is due (pass once more to settle it)".into());
    }
    if let Some(c) = &g.combat
        && c.step != crate::engine::CombatStep::Showdown
    {
        return Err(format!(
            "the combat is in its {:?} step (the set-up can open a combat at its showdown)",
            c.step
        ));
    }
    if g.winner.is_some() {
        return Err("the game is over".into());
    }
    // 383.1, 383.3.f: what a limited trigger counted this turn
    if let Some(o) = g.objects.iter().find(|o| !o.triggers_this_turn.is_empty()) {
        return Err(format!(
            "{} has a trigger limited in a turn that already counted this turn (the set-up does not say how often)",
            g.obj_name(o.id)
        ));
    }
    // the set-up counts the cards played this turn, not which: a lone card with Legion
    // played this turn would then count for its own Legion (812.1.c)
    for p in &g.players {
        if p.played_before_setup == 0
            && let [only] = p.played_this_turn[..]
            && g.object(only).def.abilities.iter().any(
                |a| matches!(a, crate::engine::Ability::Keyword(k) if k.to_string() == "Legion"),
            )
        {
            return Err(format!(
                "{} is the only card {} played this turn and has Legion (the set-up counts the cards played, not which)",
                g.obj_name(only),
                p.name
            ));
        }
    }
    // 393–397: a linked ability's memory is written on a board object, of objects as they
    // are now
    if let Some(o) = g.objects.iter().find(|o| {
        !o.linked.is_empty()
            && (!o.zone.on_board()
                || o.linked.iter().any(|(l, stamp)| {
                    g.object(*l).timestamp != *stamp || g.object(*l).zone == Zone::Gone
                }))
    }) {
        return Err(format!(
            "{}'s linked ability remembers what its other ability affected, off the board or as it was before it moved (the set-up cannot say so)",
            o.def.name
        ));
    }
    // labels: each engine object's name in the scenario, and the card it is
    let label = labels(s, g);
    let mut card: BTreeMap<usize, String> = BTreeMap::new();
    for (info, id) in s.scenario.objects.iter().zip(&s.built.objects) {
        card.insert(id.0, info.card.clone());
    }
    for o in &g.objects {
        if o.zone == Zone::Gone {
            continue;
        }
        if let std::collections::btree_map::Entry::Vacant(v) = card.entry(o.id.0) {
            // a token created during the run: the card under `cards:` it was made from
            let Some(c) = crate::scenario::build::token_card(&s.scenario, &o.def) else {
                return Err(format!(
                    "{} was created during the run from a definition the set-up cannot name (only cards under `cards:` or in the card database)",
                    o.def.name
                ));
            };
            v.insert(c);
        }
        match o.zone {
            Zone::Base(_)
            | Zone::Battlefield(_)
            | Zone::Hand(_)
            | Zone::MainDeck(_)
            | Zone::RuneDeck(_)
            | Zone::Facedown(_)
            | Zone::Chain
            | Zone::LegendZone(_)
            | Zone::Trash(_) => {}
            other => {
                return Err(format!(
                    "{} is in {}, which the set-up cannot place",
                    o.def.name,
                    g.zone_name(other)
                ));
            }
        }
    }
    // 383.4.e.2.a: a card that left the board in this combat keeps its triggers checked
    if let Some(o) = g.objects.iter().find(|o| {
        !o.zone.on_board() && o.zone != Zone::Gone && (o.attack_checked || o.defend_checked)
    }) {
        return Err(format!(
            "{}'s attack or defend trigger was checked in this combat before it left the board (the set-up says so only of cards on the board)",
            o.def.name
        ));
    }
    let name = |id: ObjId| label.get(&id.0).cloned().unwrap_or_default();
    let card_of = |id: ObjId| card.get(&id.0).cloned().unwrap_or_default();
    let obj = |id: ObjId| object(g, id, &name(id), &card_of(id), &name);
    let mut y = String::new();
    y.push_str(&format!(
        "title: {}\n",
        quote(&format!(
            "{} (saved after step {})",
            s.scenario.file.title, next
        ))
    ));
    y.push_str(&format!(
        "ruling: |\n  Saved by `arbiter repl` from {} after {} of its {} script steps.\n",
        s.path,
        next,
        s.steps().len()
    ));
    if let Some(r) = &s.scenario.file.ruling {
        for l in r.lines() {
            y.push_str(&format!("  {l}\n"));
        }
    }
    for key in ["rules", "mode", "seed", "card-database"] {
        if let Some(b) = block(&s.source, key) {
            y.push_str(&b);
            y.push('\n');
        }
    }
    if let Some(b) = block(&s.source, "cards") {
        y.push_str(&b);
        y.push('\n');
    }
    y.push_str("setup:\n");
    // 735–738: an Additional Turn in progress, and those queued
    let mut extra = String::new();
    if g.turn.additional {
        extra.push_str(&format!(
            ", additional: true, after: {}",
            quote(g.player_name(g.turn.order))
        ));
    }
    if !g.additional_turns.is_empty() {
        extra.push_str(&format!(
            ", queued: [{}]",
            g.additional_turns
                .iter()
                .map(|p| quote(g.player_name(*p)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    y.push_str(&format!(
        "  turn: {{player: {}, phase: {}, number: {}{extra}}}\n",
        quote(g.player_name(g.turn.player)),
        format!("{:?}", g.turn.phase).to_lowercase(),
        g.turn.number
    ));
    // the turn order, as it is (the players below are listed by name)
    y.push_str(&format!(
        "  seats: [{}]\n",
        g.players
            .iter()
            .map(|p| quote(&p.name))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    // 484.2: the teams, as they are
    let mut teams: Vec<(usize, Vec<String>)> = Vec::new();
    for p in g.players.iter() {
        if let Some(t) = p.team {
            match teams.iter_mut().find(|(x, _)| *x == t) {
                Some((_, v)) => v.push(quote(&p.name)),
                None => teams.push((t, vec![quote(&p.name)])),
            }
        }
    }
    teams.sort_by_key(|(t, _)| *t);
    if !teams.is_empty() {
        y.push_str(&format!(
            "  teams: [{}]\n",
            teams
                .iter()
                .map(|(_, v)| format!("[{}]", v.join(", ")))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    y.push_str("  players:\n");
    for p in &g.players {
        // a copy with an id is written `{card, id}`
        let names = |z: Zone| -> String {
            g.objects_in(z)
                .iter()
                .map(|&o| {
                    if name(o) != card_of(o) {
                        format!("{{card: {}, id: {}}}", quote(&card_of(o)), quote(&name(o)))
                    } else {
                        quote(&card_of(o))
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        // the legend in the Legend Zone (172)
        let legend = match g.objects_in(Zone::LegendZone(p.id)).as_slice() {
            [] => String::new(),
            [l] => format!(", legend: {}", obj(*l)),
            _ => {
                return Err(format!(
                    "{} has more than one legend in their Legend Zone",
                    p.name
                ));
            }
        };
        // "units you play this turn enter ready" (an effect of this turn)
        let ready = if p.units_enter_ready_this_turn {
            ", units-enter-ready: true"
        } else {
            ""
        };
        // 481.6: Game Wins of a match
        let gw = if p.game_wins > 0 {
            format!(", game-wins: {}", p.game_wins)
        } else {
            String::new()
        };
        // "if a unit died this turn"
        let gw = if p.units_died_this_turn > 0 {
            format!("{gw}, units-died-this-turn: {}", p.units_died_this_turn)
        } else {
            gw
        };
        // "if a friendly unit died during your Beginning Phase this turn"
        let gw = if p.units_died_beginning_phase > 0 {
            format!(
                "{gw}, units-died-beginning-phase: {}",
                p.units_died_beginning_phase
            )
        } else {
            gw
        };
        // energy and power "to spend only …"
        let gw = if p.restricted.is_empty() {
            gw
        } else {
            format!(
                "{gw}, restricted: [{}]",
                p.restricted
                    .iter()
                    .map(|r| format!(
                        "{{energy: {}, power: {}, only: {}}}",
                        r.energy,
                        power(&r.power),
                        r.only.word()
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        // "if you've discarded a card / gained XP this turn"
        let gw = if p.discarded_this_turn > 0 {
            format!("{gw}, discarded-this-turn: {}", p.discarded_this_turn)
        } else {
            gw
        };
        let gw = if p.xp_gained_this_turn > 0 {
            format!("{gw}, xp-gained-this-turn: {}", p.xp_gained_this_turn)
        } else {
            gw
        };
        // "if you've spent …" this turn (357.1)
        let gw = if p.power_spent_this_turn > 0 {
            format!("{gw}, power-spent-this-turn: {}", p.power_spent_this_turn)
        } else {
            gw
        };
        let gw = if p.most_energy_for_a_spell_this_turn > 0 {
            format!(
                "{gw}, energy-for-a-spell-this-turn: {}",
                p.most_energy_for_a_spell_this_turn
            )
        } else {
            gw
        };
        y.push_str(&format!(
            "    {}: {{points: {}, xp: {}, energy: {}, power: {}, played-this-turn: {}, hand: [{}], deck: [{}], trash: [{}], rune-deck: [{}]{legend}{ready}{gw}}}\n",
            quote(&p.name),
            p.points.max(0),
            p.xp.max(0),
            p.energy.max(0),
            power(&p.power),
            p.played_before_setup as usize + p.played_this_turn.len(),
            names(Zone::Hand(p.id)),
            names(Zone::MainDeck(p.id)),
            names(Zone::Trash(p.id)),
            names(Zone::RuneDeck(p.id)),
        ));
    }
    if !g.battlefields.is_empty() {
        y.push_str("  battlefields:\n");
        for b in &g.battlefields {
            y.push_str(&format!("    - name: {}\n", quote(&b.name)));
            // a showdown or combat staged here (323.9, 455)
            match (b.showdown_staged, b.combat_staged) {
                (false, false) => {}
                (false, true) => y.push_str("      staged: combat\n"),
                (true, false) => y.push_str("      staged: showdown\n"),
                (true, true) => {
                    return Err(format!(
                        "both a showdown and a combat are staged at {}",
                        b.name
                    ));
                }
            }
            if let Some(c) = b.controller {
                y.push_str(&format!("      controller: {}\n", quote(g.player_name(c))));
            }
            // contested (187.3), and by whom (the player a combat there is for)
            match (b.contested, b.contested_by) {
                (true, Some(p)) => y.push_str(&format!(
                    "      contested-by: {}\n",
                    quote(g.player_name(p))
                )),
                // a showdown set up there would say by whom
                (true, None) if g.showdown.as_ref().is_some_and(|sd| sd.battlefield == b.id) => {
                    return Err(format!(
                        "{} is contested by no one player (as set up), which a showdown set up there cannot say",
                        b.name
                    ));
                }
                (true, None) => y.push_str("      contested: true\n"),
                (false, Some(_)) => {
                    return Err(format!(
                        "{} has a player it was contested by but is not contested",
                        b.name
                    ));
                }
                (false, None) => {}
            }
            // the battlefield's abilities, as written (one flow mapping a line)
            if let Some(setup) = s
                .scenario
                .file
                .setup
                .battlefields
                .iter()
                .find(|x| x.value.name.value == b.name)
                && !setup.value.abilities.is_empty()
            {
                let lines: Vec<&str> = s.source.lines().collect();
                y.push_str("      abilities:\n");
                for a in &setup.value.abilities {
                    let l = lines
                        .get((a.referenced.line() as usize).saturating_sub(1))
                        .map(|l| l.trim().trim_start_matches('-').trim())
                        .unwrap_or("");
                    if !l.starts_with('{') || !l.ends_with('}') {
                        return Err(format!(
                            "{}'s abilities are not written one to a line",
                            b.name
                        ));
                    }
                    y.push_str(&format!("        - {l}\n"));
                }
            }
            if let Some(o) = b.owner {
                y.push_str(&format!("      owner: {}\n", quote(g.player_name(o))));
            }
            if !b.scored_this_turn.is_empty() {
                let p: Vec<String> = b
                    .scored_this_turn
                    .iter()
                    .map(|&p| quote(g.player_name(p)))
                    .collect();
                y.push_str(&format!("      scored-this-turn: [{}]\n", p.join(", ")));
            }
            if b.disqualified_this_turn {
                y.push_str("      disqualified-this-turn: true\n");
            }
            let here = g.objects_in(Zone::Battlefield(b.id));
            let units: Vec<String> = here
                .iter()
                .filter(|&&o| g.object(o).is_unit())
                .map(|&o| obj(o))
                .collect();
            let gear: Vec<String> = here
                .iter()
                .filter(|&&o| !g.object(o).is_unit())
                .map(|&o| obj(o))
                .collect();
            if !units.is_empty() {
                y.push_str(&format!("      units: [{}]\n", units.join(", ")));
            }
            if !gear.is_empty() {
                y.push_str(&format!("      gear: [{}]\n", gear.join(", ")));
            }
            // a card hidden here (811), and whether it was hidden this turn (811.1.b)
            if let Some(&fd) = g.objects_in(Zone::Facedown(b.id)).first() {
                let o = g.object(fd);
                let mut f = vec![format!("card: {}", quote(&card_of(fd)))];
                if name(fd) != card_of(fd) {
                    f.push(format!("id: {}", quote(&name(fd))));
                }
                f.push(format!(
                    "controller: {}",
                    quote(g.player_name(o.base_controller))
                ));
                if o.hidden_on_turn == Some(g.turn.number) {
                    f.push("hidden-this-turn: true".into());
                }
                y.push_str(&format!("      facedown: {{{}}}\n", f.join(", ")));
            }
        }
    }
    let bases: Vec<(String, Vec<String>)> = g
        .players
        .iter()
        .map(|p| {
            let objs = g
                .objects_in(Zone::Base(p.id))
                .iter()
                .map(|&o| obj(o))
                .collect();
            (p.name.clone(), objs)
        })
        .filter(|(_, v): &(String, Vec<String>)| !v.is_empty())
        .collect();
    if !bases.is_empty() {
        y.push_str("  bases:\n");
        for (p, objs) in bases {
            y.push_str(&format!("    {}: [{}]\n", quote(&p), objs.join(", ")));
        }
    }
    // a showdown or combat open (its battlefield and designations are written above)
    if let Some(sd) = &g.showdown {
        let focus = g
            .focus
            .ok_or("a showdown is open with nobody holding focus")?;
        let at = quote(g.bf_name(sd.battlefield));
        let passes = if sd.passes > 0 {
            format!(", passes: {}", sd.passes)
        } else {
            String::new()
        };
        match &g.combat {
            Some(c) if sd.combat && c.battlefield == sd.battlefield => {
                let defender = g
                    .players
                    .iter()
                    .find(|p| p.id != c.attacker && g.opponents(c.attacker, p.id))
                    .map(|p| p.id);
                if defender != Some(c.defender) {
                    return Err(format!(
                        "{} defends the combat, not the attacker's first opponent (the set-up's)",
                        g.player_name(c.defender)
                    ));
                }
                y.push_str(&format!(
                    "  combat: {{at: {at}, attacker: {}, focus: {}{passes}}}\n",
                    quote(g.player_name(c.attacker)),
                    quote(g.player_name(focus))
                ));
            }
            None if !sd.combat => y.push_str(&format!(
                "  showdown: {{at: {at}, focus: {}{passes}}}\n",
                quote(g.player_name(focus))
            )),
            _ => return Err("the combat and its showdown are at different places".into()),
        }
        // the set-up gives focus holder priority; a chain changes it below
        if g.chain().is_empty() && g.priority != Some(focus) {
            return Err("a player other than the focus holder has priority in the showdown".into());
        }
    } else if g.combat.is_some() {
        return Err("a combat is open without its showdown".into());
    } else if g.focus.is_some() {
        return Err("a player holds focus outside a showdown".into());
    }
    // spells on the chain, first added first, with the targets they chose
    if !g.chain().is_empty() {
        y.push_str("  chain:\n");
        for item in g.chain() {
            let mut effects = item.effects.clone();
            let mut moved = Vec::new();
            let targets: Vec<String> = effects
                .iter_mut()
                .flat_map(crate::engine::choices::targets_mut)
                .filter_map(|t| match t {
                    // "it" repeats the choice before it: the loader binds it again
                    crate::engine::Target::Chosen {
                        object,
                        again: false,
                        stamp,
                        ..
                    } => {
                        if *stamp != g.object(*object).timestamp {
                            moved.push(quote(&name(*object)));
                        }
                        Some(quote(&name(*object)))
                    }
                    _ => None,
                })
                .collect();
            let mut f = Vec::new();
            match item.card {
                Some(c) => {
                    f.push(format!("card: {}", quote(&card_of(c))));
                    if name(c) != card_of(c) {
                        f.push(format!("id: {}", quote(&name(c))));
                    }
                    let (repeats, modes) = spell_choices(g, item)?;
                    if repeats > 0 {
                        f.push(format!("repeats: {repeats}"));
                    }
                    if !modes.is_empty() {
                        let m: Vec<String> = modes.iter().map(|m| m.to_string()).collect();
                        f.push(format!("modes: [{}]", m.join(", ")));
                    }
                    // 811.1.d.2: played from hidden, its choices made at its battlefield
                    if let Some(sn) = &item.snapshot {
                        let Zone::Battlefield(b) = sn.location else {
                            return Err(format!(
                                "{} on the chain remembers a place the set-up cannot say",
                                item.label
                            ));
                        };
                        f.push(format!("hidden-at: {}", quote(g.bf_name(b))));
                    }
                }
                None => {
                    let (source, k) = chain_ability(g, item)?;
                    match source {
                        Source::Object(o) => f.push(format!("of: {}", quote(&name(o)))),
                        Source::Battlefield(b) => {
                            f.push(format!("battlefield: {}", quote(g.bf_name(b))))
                        }
                    }
                    match k {
                        Which::Ability(k) => f.push(format!("ability: {k}")),
                        Which::Keyword(k) => f.push(format!("keyword: {}", quote(&k))),
                    }
                    f.push(format!("label: {}", quote(&item.label)));
                    if item.triggered {
                        f.push("triggered: true".into());
                    }
                    // 811.1.d.2: a hidden permanent's play effect chooses at its battlefield
                    if let Some(Zone::Battlefield(b)) = item.restrict_choices {
                        f.push(format!("hidden-at: {}", quote(g.bf_name(b))));
                    }
                    // the unit as it died (808.1.d.3)
                    if let Some(sn) = &item.snapshot {
                        let at = match sn.location {
                            Zone::Base(p) => format!("{}'s base", g.player_name(p)),
                            Zone::Battlefield(b) => g.bf_name(b).to_string(),
                            other => {
                                return Err(format!(
                                    "{} on the chain remembers its unit in {}, which the set-up cannot say",
                                    item.label,
                                    g.zone_name(other)
                                ));
                            }
                        };
                        let mut x = vec![
                            format!("at: {}", quote(&at)),
                            format!("might: {}", sn.might),
                            format!("controller: {}", quote(g.player_name(sn.controller))),
                        ];
                        if !sn.keywords.is_empty() {
                            let k: Vec<String> =
                                sn.keywords.iter().map(|k| quote(&k.to_string())).collect();
                            x.push(format!("keywords: [{}]", k.join(", ")));
                        }
                        match sn.designation {
                            Some(crate::engine::Designation::Attacker) => {
                                x.push("designation: attacker".into())
                            }
                            Some(crate::engine::Designation::Defender) => {
                                x.push("designation: defender".into())
                            }
                            None => {}
                        }
                        f.push(format!("snapshot: {{{}}}", x.join(", ")));
                    }
                }
            }
            f.push(format!(
                "controller: {}",
                quote(g.player_name(item.controller))
            ));
            if !targets.is_empty() {
                f.push(format!("targets: [{}]", targets.join(", ")));
            }
            if !moved.is_empty() {
                f.push(format!("moved-since-chosen: [{}]", moved.join(", ")));
            }
            if item.pending {
                f.push("pending: true".into());
            }
            y.push_str(&format!("    - {{{}}}\n", f.join(", ")));
        }
        let p = g
            .priority
            .ok_or("a chain is open with nobody holding priority")?;
        y.push_str(&format!(
            "  priority: {{player: {}, passes: {}{}}}\n",
            quote(g.player_name(p)),
            g.chain_passes,
            if g.chain_by_trigger {
                ", by-trigger: true"
            } else {
                ""
            }
        ));
    }
    // continuous effects of what resolved, oldest first (475.1)
    let mut effects: Vec<_> = g.effects.iter().collect();
    effects.sort_by_key(|e| e.timestamp);
    if !effects.is_empty() {
        y.push_str("  effects:\n");
    }
    for e in effects {
        use crate::engine::{Duration, Modification};
        if !label.contains_key(&e.target.0) {
            return Err(format!(
                "an effect of {} applies to an object that is gone",
                e.source
            ));
        }
        let mut f = vec![format!("on: {}", quote(&name(e.target)))];
        if e.source != "setup" {
            f.push(format!("source: {}", quote(&e.source)));
        }
        f.push(match &e.modification {
            Modification::Might(n) => format!("might: {n}"),
            Modification::SetMight(n) => format!("set-might: {n}"),
            Modification::AddKeyword(k) => format!("grant: {}", quote(&k.to_string())),
            Modification::RemoveKeyword(k) => format!(
                "remove: {}",
                quote(&match k {
                    crate::engine::KeywordKind::Other(n) => n.clone(),
                    k => format!("{k:?}"),
                })
            ),
            Modification::AddTag(t) => format!("tag: {}", quote(t)),
            Modification::SetController(p) => format!("controller: {}", quote(g.player_name(*p))),
            Modification::NoDamage => "no-damage: true".into(),
            Modification::MightPer { .. } | Modification::AssaultPer(_) => {
                return Err(format!(
                    "an effect of {} gives Might or Assault for each of something, which a set-up effect cannot say",
                    e.source
                ));
            }
        });
        f.push(
            match e.duration {
                Duration::ThisTurn => "duration: this-turn",
                Duration::ThisCombat => "duration: this-combat",
                Duration::Permanent => "duration: permanent",
            }
            .into(),
        );
        if let Some(l) = e.limit {
            f.push(format!("limit: {l}"));
        }
        if let Some(v) = e.snapshot {
            f.push(format!("snapshot: {v}"));
        }
        y.push_str(&format!("    - {{{}}}\n", f.join(", ")));
    }
    // replacement effects a spell or ability created (369, 370), as its instruction says
    if !g.created_replacements.is_empty() {
        y.push_str("  created-replacements:\n");
    }
    for r in &g.created_replacements {
        use crate::engine::Effect;
        let cannot = || {
            format!(
                "{}'s replacement effect about {} lasts, and is not as its instruction describes it (the set-up cannot create it)",
                g.obj_name(r.created_by),
                g.obj_name(r.unit)
            )
        };
        // the set-up takes the first such instruction of the card
        let first = crate::scenario::build::instructions(&g.object(r.created_by).def).find_map(
            |e| match e {
                Effect::CreateReplacement {
                    replacement,
                    duration,
                    ..
                } => Some((replacement, duration)),
                _ => None,
            },
        );
        if first != Some((&r.rep, &r.duration))
            || !label.contains_key(&r.created_by.0)
            || !label.contains_key(&r.unit.0)
        {
            return Err(cannot());
        }
        let mut f = vec![
            format!("by: {}", quote(&name(r.created_by))),
            format!("about: {}", quote(&name(r.unit))),
            format!("controller: {}", quote(g.player_name(r.controller))),
        ];
        if r.spent {
            f.push("spent: true".into());
        }
        if r.stamp != g.object(r.unit).timestamp {
            f.push("moved-since: true".into());
        }
        if let Some(n) = r.prevent_left
            && r.prevent_left != r.rep.prevent
        {
            f.push(format!("prevent-left: {n}"));
        }
        y.push_str(&format!("    - {{{}}}\n", f.join(", ")));
    }
    // delayed abilities waiting (389–392), as the instruction that created them says
    if !g.delayed.is_empty() {
        y.push_str("  delayed:\n");
    }
    for d in &g.delayed {
        use crate::engine::Effect;
        // an object of that name whose first such instruction is this one
        let by = g.objects.iter().find(|o| {
            o.def.name == d.created_by
                && label.contains_key(&o.id.0)
                && crate::scenario::build::instructions(&o.def).find_map(|e| match e {
                    Effect::CreateDelayed {
                        trigger,
                        effects,
                        duration,
                        ..
                    } => Some((trigger, effects, duration)),
                    _ => None,
                }) == Some((&d.trigger, &d.effects, &d.duration))
        });
        let Some(by) = by else {
            return Err(format!(
                "{}'s delayed ability is waiting, and is not as an instruction of a card here describes it (the set-up cannot create it)",
                d.created_by
            ));
        };
        // the unit it watches, still that object (a zone change makes a new one)
        let watching = match d.watching {
            Some((u, ts)) if label.contains_key(&u.0) && g.objects[u.0].timestamp == ts => {
                format!(", watching: {}", quote(&name(u)))
            }
            Some(_) => {
                return Err(format!(
                    "{}'s delayed ability watches a unit that is no longer that object (the set-up cannot name it)",
                    d.created_by
                ));
            }
            None => String::new(),
        };
        y.push_str(&format!(
            "    - {{by: {}, controller: {}, turn: {}{watching}}}\n",
            quote(&name(by.id)),
            quote(g.player_name(d.controller)),
            d.turn
        ));
    }
    // replacement effects used up (371)
    if !g.replacements_spent.is_empty() {
        y.push_str("  replacements-used:\n");
        for (o, k, turn) in &g.replacements_spent {
            if !label.contains_key(&o.0) {
                return Err("a replacement effect of an object that is gone was used".into());
            }
            y.push_str(&format!(
                "    - {{of: {}, ability: {}, turn: {turn}}}\n",
                quote(&name(*o)),
                k + 1
            ));
        }
    }
    // the random generator as it is now, when it has been used since the seed's start
    let start = crate::engine::Game::new(g.mode, &[], s.scenario.file.seed.unwrap_or(0)).rng;
    if g.rng != start {
        y.push_str(&format!("  random-state: {}\n", g.rng));
    }
    // the steps not yet taken, as written (checkpoints less their trace expectations)
    if next < s.steps().len() {
        let lines: Vec<&str> = s.source.lines().collect();
        let script_end = script_end(&lines);
        let mut body = String::new();
        let steps = s.steps();
        for (i, step) in steps.iter().enumerate().skip(next) {
            let from = dash_line(&lines, step.referenced.line() as usize);
            let to = steps
                .get(i + 1)
                .map(|n| dash_line(&lines, n.referenced.line() as usize))
                .unwrap_or(script_end);
            if let crate::scenario::format::Step::Expect(items) = &step.value {
                let kept = kept_items(&lines, items, to);
                // an empty checkpoint keeps the steps numbered as in the original
                if kept.is_empty() {
                    body.push_str("  - expect: []\n");
                } else {
                    body.push_str("  - expect:\n");
                    body.push_str(&kept);
                }
                continue;
            }
            for l in lines.get(from..to).unwrap_or(&[]) {
                body.push_str(l);
                body.push('\n');
            }
        }
        if !body.is_empty() {
            y.push_str("script:\n");
            y.push_str(&body);
        }
    }
    if let Some(b) = block(&s.source, "expect-error") {
        y.push_str(&b);
        y.push('\n');
    }
    y.push_str(&final_expectations(s));
    Ok(y)
}
