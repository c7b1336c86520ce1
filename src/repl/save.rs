//! `save FILE`: a scenario that starts from the current state — the set-up written from
//! the game (zones, marked state, tokens, points, XP, pool, turn, an open showdown or
//! combat, the chain's spells with priority and passes, lasting effects, used replacement
//! effects, the random state), the file's own cards and expectations, and the script steps
//! not yet taken. Every text is checked by loading it and comparing engine states
//! (`Game::fingerprint`); a state the set-up cannot express is saved as an earlier one plus
//! the script steps that lead to it, or refused, naming what, rather than written wrong.

use super::Session;
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

fn quote(s: &str) -> String {
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

/// A saved scenario: its text, and how many of its script steps re-create the state it was
/// saved from (0: its set-up is that state).
#[derive(Debug)]
pub struct Saving {
    pub text: String,
    pub replay: usize,
}

/// The scenario for the session's state: its set-up is the state, or — for a state the
/// set-up cannot express (a pending decision: the format has no half-given answers; an
/// ability on the chain; …) — the latest earlier state the script's steps since lead from,
/// with those steps first in its script: taking them reaches the state again. Either way
/// the text is checked by loading it (see `verify`).
pub fn scenario_text(s: &Session) -> Result<Saving, String> {
    let direct = match s.game.pending_decision() {
        Some(_) => Err("a decision is pending (the set-up has no half-given answers)".to_string()),
        None => text_of(s, &s.game, s.next).and_then(|text| {
            let saving = Saving { text, replay: 0 };
            verify(s, &saving).map(|()| saving)
        }),
    };
    let why = match direct {
        Ok(saving) => return Ok(saving),
        Err(why) => why,
    };
    let mut nearest: Option<String> = None;
    // loading and replaying is the costly part: a bounded number of earlier states are tried
    let mut tries = 0;
    for (back, (saved, next, by_step)) in s.history.iter().rev().enumerate() {
        if !by_step {
            return Err(format!(
                "{why}; and a typed step (`do`), an answer (`choose`) or `run` led here, which the script cannot replay (go `back` to before them)"
            ));
        }
        let replay = back + 1;
        let g = saved.game();
        if g.pending_decision().is_some() {
            continue;
        }
        if tries == MAX_TRIES {
            break;
        }
        let attempt = text_of(s, g, *next).and_then(|text| {
            tries += 1;
            let pending = s
                .game
                .pending_decision()
                .map(|d| {
                    d.describe()
                        .trim_end()
                        .lines()
                        .map(|l| format!("#   {l}\n"))
                        .collect::<String>()
                })
                .unwrap_or_default();
            let head = format!(
                "# Saved from a state the set-up cannot express ({why}):\n# taking the first {replay} script step(s) reaches it.\n{pending}"
            );
            let saving = Saving {
                text: format!("{head}{text}"),
                replay,
            };
            verify(s, &saving).map(|()| saving)
        });
        match attempt {
            Ok(saving) => return Ok(saving),
            Err(e) => {
                nearest.get_or_insert(e);
            }
        }
    }
    Err(match nearest {
        Some(e) => format!("{why}; nor can the states before it: {e}"),
        None => why,
    })
}

/// How many earlier states `save` loads and replays, at most, looking for one the set-up
/// can express.
const MAX_TRIES: usize = 16;

/// Loads the saved text (as if beside the session's file), takes its replayed steps, and
/// compares the state reached with the session's: a state the text does not reproduce
/// exactly is refused, naming the first difference, rather than written wrong.
fn verify(s: &Session, saving: &Saving) -> Result<(), String> {
    let mut loaded = Session::from_source(
        s.path.clone(),
        saving.text.clone(),
        s.database.clone(),
        s.color,
    )
    .map_err(|e| format!("the saved scenario would not load: {e}"))?;
    for i in 0..saving.replay {
        let step = loaded
            .steps()
            .get(i)
            .ok_or("the saved scenario lacks the steps that lead to the state")?;
        let mut g = loaded.game.clone();
        crate::scenario::run::stepwise::step(&loaded.scenario, &loaded.built, &mut g, i, step)
            .map_err(|e| format!("the saved scenario's step {} fails: {}", i + 1, e.input))?;
        loaded.game = g;
        loaded.next += 1;
    }
    let (want, got) = (fingerprint(s), fingerprint(&loaded));
    match want.lines().zip(got.lines()).find(|(a, b)| a != b) {
        None if want.lines().count() == got.lines().count() => Ok(()),
        None => Err("the saved scenario would not reproduce this state exactly".into()),
        Some((a, b)) => {
            // the part of the state's line where the loaded one first differs
            let at = a
                .char_indices()
                .zip(b.chars())
                .find(|((_, x), y)| x != y)
                .map_or(a.len(), |((i, _), _)| i);
            let head: String = a.chars().take_while(|c| *c != ':').collect();
            let from = a[..at].char_indices().rev().nth(60).map_or(0, |(i, _)| i);
            let part: String = a[from..].chars().take(120).collect();
            Err(format!(
                "the saved scenario would not reproduce this state exactly (the set-up cannot say, of {head}: …{part}…)"
            ))
        }
    }
}

/// The saved text for the file `target`: a `card-database:` path (relative to the
/// scenario) written again for a file saved in another folder.
pub fn relocate(text: &str, s: &Session, target: &std::path::Path) -> String {
    let Some(n) = &s.scenario.file.card_database else {
        return text.to_string();
    };
    let dir = |p: &std::path::Path| {
        let d = p.parent().unwrap_or(std::path::Path::new(""));
        let d = if d.as_os_str().is_empty() {
            std::path::Path::new(".")
        } else {
            d
        };
        d.canonicalize().ok()
    };
    let from = std::path::Path::new(&s.path);
    let (Some(src), to) = (dir(from), dir(target)) else {
        return text.to_string();
    };
    if to.as_ref() == Some(&src) {
        return text.to_string();
    }
    let db = src.join(&n.value);
    text.lines()
        .map(|l| {
            if l.starts_with("card-database:") {
                format!("card-database: {}", quote(&db.display().to_string()))
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Each object's name in the saved scenario, by engine object number: a set-up object's
/// label; an object created during the run (a token) its name, numbered when the name is
/// taken ("Recruit 2"). Objects that ceased to exist (a token that left the board) have none.
pub fn labels(s: &Session, g: &Game) -> BTreeMap<usize, String> {
    let mut label: BTreeMap<usize, String> = BTreeMap::new();
    for (info, id) in s.scenario.objects.iter().zip(&s.built.objects) {
        label.insert(id.0, info.label().to_string());
    }
    let mut used: std::collections::BTreeSet<String> = label.values().cloned().collect();
    used.extend(s.scenario.players.iter().cloned());
    used.extend(s.scenario.battlefields.iter().cloned());
    for o in g.objects.iter() {
        if label.contains_key(&o.id.0) {
            continue;
        }
        let mut l = o.def.name.clone();
        let mut k = 2;
        while used.contains(&l) {
            l = format!("{} {k}", o.def.name);
            k += 1;
        }
        used.insert(l.clone());
        label.insert(o.id.0, l);
    }
    label.retain(|&id, _| g.objects.get(id).is_some_and(|o| o.zone != Zone::Gone));
    label
}

/// The session's game state, objects named by their labels (see `Game::fingerprint`): a
/// saved scenario, loaded, has the fingerprint of the state it was saved from.
pub fn fingerprint(s: &Session) -> String {
    let l = labels(s, &s.game);
    s.game.fingerprint(&|id| l.get(&id.0).cloned())
}

/// The scenario text for the state `g` of the session with `next` script steps taken, or
/// what it cannot express.
fn text_of(s: &Session, g: &Game, next: usize) -> Result<String, String> {
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
    y.push_str(&format!(
        "  turn: {{player: {}, phase: {}, number: {}}}\n",
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
        y.push_str(&format!(
            "    {}: {{points: {}, xp: {}, energy: {}, power: {}, played-this-turn: {}, hand: [{}], deck: [{}], trash: [{}], rune-deck: [{}]}}\n",
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
            if !b.scored_this_turn.is_empty() {
                let p: Vec<String> = b
                    .scored_this_turn
                    .iter()
                    .map(|&p| quote(g.player_name(p)))
                    .collect();
                y.push_str(&format!("      scored-this-turn: [{}]\n", p.join(", ")));
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
        y.push_str(&format!(
            "    - {{by: {}, controller: {}, turn: {}}}\n",
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
fn spell_choices(g: &Game, item: &crate::engine::ChainItem) -> Result<(usize, Vec<usize>), String> {
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
enum Source {
    Object(ObjId),
    /// A battlefield's card's ("when you hold here").
    Battlefield(crate::engine::BfId),
}

/// Which ability of its source a chain item is.
enum Which {
    /// Its place among the source's keywords and abilities, from 1.
    Ability(usize),
    /// A keyword's triggered ability ("Vision", "Hunt 2").
    Keyword(String),
}

fn chain_ability(g: &Game, item: &crate::engine::ChainItem) -> Result<(Source, Which), String> {
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

/// The line (from 0) of the "- " dash that starts the item located at `line` (from 1).
fn dash_line(lines: &[&str], line: usize) -> usize {
    let mut i = line.saturating_sub(1).min(lines.len().saturating_sub(1));
    while i > 0 && !lines[i].trim_start().starts_with('-') {
        i -= 1;
    }
    i
}

/// The line (from 0) after the script block.
fn script_end(lines: &[&str]) -> usize {
    let start = lines
        .iter()
        .position(|l| l.starts_with("script:"))
        .unwrap_or(0);
    lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| !l.is_empty() && !l.starts_with([' ', '\t', '#', '-']))
        .map_or(lines.len(), |(i, _)| i)
}

/// Expectation items as written, less those about the trace: the saved scenario's trace
/// starts at the save, so what was cited before it cannot be checked again. `end` is the
/// line after the last item.
fn kept_items(
    lines: &[&str],
    items: &[serde_saphyr::Spanned<crate::scenario::format::Expect>],
    end: usize,
) -> String {
    let mut y = String::new();
    for (i, e) in items.iter().enumerate() {
        let x = &e.value;
        let about_trace = !x.cited.is_empty()
            || !x.not_cited.is_empty()
            || x.trace_contains.is_some()
            || x.trace_not_contains.is_some()
            || !x.trace_order.is_empty();
        if about_trace {
            continue;
        }
        let from = dash_line(lines, e.referenced.line() as usize);
        let to = items
            .get(i + 1)
            .map(|n| dash_line(lines, n.referenced.line() as usize))
            .unwrap_or(end)
            .min(lines.len());
        for l in lines.get(from..to).unwrap_or(&[]) {
            y.push_str(l);
            y.push('\n');
        }
    }
    y
}

/// The final expectations, less those about the trace (see `kept_items`).
fn final_expectations(s: &Session) -> String {
    let list = &s.scenario.file.expect;
    let lines: Vec<&str> = s.source.lines().collect();
    let Some(start) = lines.iter().position(|l| l.starts_with("expect:")) else {
        return String::new();
    };
    let end = lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| !l.is_empty() && !l.starts_with([' ', '\t', '#', '-']))
        .map_or(lines.len(), |(i, _)| i);
    let kept = kept_items(&lines, list, end);
    if kept.is_empty() {
        String::new()
    } else {
        format!("expect:\n{kept}")
    }
}
