//! Looking at the state in the REPL: `board`, `show OBJ`, and `why` — an object's
//! characteristics with their layer breakdown (468–475), one characteristic with the layer
//! that changes it, or the pending or last decision with its options and rules.

use super::Session;
use super::commands::{Outcome, pending};
use crate::engine::{Game, ObjId, Status, Zone};
use serde_saphyr::{Location, Spanned};
use std::io::{self, Write};

/// An object by its id or card name (setup objects), or by name on the board.
pub(super) fn object(s: &Session, name: &str) -> Result<ObjId, String> {
    if name.is_empty() {
        return Err("which object? e.g. `show Squire`".into());
    }
    let n = Spanned::new(name.to_string(), Location::UNKNOWN, Location::UNKNOWN);
    if let Ok(i) = crate::scenario::load::resolve_object(&s.path, &s.scenario.objects, &n) {
        return Ok(s.built.objects[i]);
    }
    match s.game.find_object(name) {
        Ok(id) => Ok(id),
        Err(list) if list.is_empty() => {
            let names: Vec<&str> = s.game.objects.iter().map(|o| o.def.name.as_str()).collect();
            let near = crate::fuzzy::suggest(name, names, 3);
            Err(if near.is_empty() {
                format!("no object \"{name}\"")
            } else {
                format!(
                    "no object \"{name}\" — did you mean \"{}\"?",
                    near.join("\" or \"")
                )
            })
        }
        Err(list) => Err(format!(
            "\"{name}\" is ambiguous: {} objects; use an id from the scenario",
            list.len()
        )),
    }
}

fn unit_line(g: &Game, id: ObjId) -> String {
    let o = g.object(id);
    let ch = g.characteristics(id);
    let mut parts = vec![format!(
        "{} ({})",
        g.obj_name(id),
        g.player_name(ch.controller)
    )];
    if o.is_unit() {
        parts.push(format!("Might {}", ch.might));
        if o.damage > 0 {
            parts.push(format!("damage {}", o.damage));
        }
    }
    if o.exhausted {
        parts.push("exhausted".into());
    }
    if !ch.keywords.is_empty() {
        let k: Vec<String> = ch.keywords.iter().map(|k| k.to_string()).collect();
        parts.push(format!("[{}]", k.join(", ")));
    }
    if let Some(d) = o.designation {
        parts.push(format!("{d:?}").to_lowercase());
    }
    if let Some(t) = o.attached_to {
        parts.push(format!("attached to {}", g.obj_name(t)));
    }
    parts.join("  ")
}

/// The board as text: turn and state, each battlefield with its units and gear, each base,
/// the chain, and a pending decision.
pub fn board(g: &Game, out: &mut dyn Write) -> io::Result<()> {
    let st = g.turn_state();
    writeln!(
        out,
        "turn {} of {}, {} phase, {}{}{}",
        g.turn.number,
        g.player_name(g.turn.player),
        format!("{:?}", g.turn.phase).to_lowercase(),
        st.name(),
        g.priority()
            .map(|p| format!("; priority: {}", g.player_name(p)))
            .unwrap_or_default(),
        g.focus()
            .map(|p| format!("; focus: {}", g.player_name(p)))
            .unwrap_or_default()
    )?;
    let pts: Vec<String> = g
        .players
        .iter()
        .map(|p| format!("{} {} points, {} XP", p.name, p.points, p.xp))
        .collect();
    writeln!(out, "players: {}", pts.join("; "))?;
    for b in &g.battlefields {
        writeln!(
            out,
            "{}{}{}",
            b.name,
            b.controller
                .map(|p| format!(" (controlled by {})", g.player_name(p)))
                .unwrap_or_else(|| " (uncontrolled)".into()),
            if b.contested { ", contested" } else { "" }
        )?;
        for o in g.objects_in(Zone::Battlefield(b.id)) {
            writeln!(out, "  {}", unit_line(g, o))?;
        }
        for o in g.objects_in(Zone::Facedown(b.id)) {
            writeln!(out, "  facedown: {}", g.obj_name(o))?;
        }
    }
    for p in &g.players {
        let here = g.objects_in(Zone::Base(p.id));
        if !here.is_empty() {
            writeln!(out, "{}'s base", p.name)?;
            for o in here {
                writeln!(out, "  {}", unit_line(g, o))?;
            }
        }
        let hand = g.objects_in(Zone::Hand(p.id));
        if !hand.is_empty() {
            let names: Vec<&str> = hand.iter().map(|&o| g.obj_name(o)).collect();
            writeln!(out, "{}'s hand: {}", p.name, names.join(", "))?;
        }
    }
    if !g.chain().is_empty() {
        writeln!(out, "chain (last resolves first):")?;
        for c in g.chain() {
            writeln!(
                out,
                "  {} ({}){}",
                c.label,
                g.player_name(c.controller),
                if c.pending { ", pending" } else { "" }
            )?;
        }
    }
    if let Status::Over { winner } = g.status() {
        writeln!(
            out,
            "the game is over{}",
            winner
                .map(|w| format!(": {} wins", g.player_name(w)))
                .unwrap_or_default()
        )?;
    }
    pending(g, out)
}

pub(super) fn show(g: &Game, id: ObjId, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", unit_line(g, id))?;
    let o = g.object(id);
    writeln!(out, "  zone: {}", g.zone_name(o.zone))?;
    let ch = g.characteristics(id);
    if !ch.tags.is_empty() {
        writeln!(out, "  tags: {}", ch.tags.join(", "))?;
    }
    let attached = g.attached_to_me(id);
    if !attached.is_empty() {
        let names: Vec<&str> = attached.iter().map(|&a| g.obj_name(a)).collect();
        writeln!(out, "  attached: {}", names.join(", "))?;
    }
    Ok(())
}

pub(super) fn why(s: &Session, arg: &str, out: &mut dyn Write) -> io::Result<Outcome> {
    let g = &s.game;
    if arg.is_empty() {
        return why_decision(s, out);
    }
    let (name, what) = match arg.rsplit_once(' ') {
        Some((n, w)) if ["might", "keywords", "controller", "tags"].contains(&w) => (n, Some(w)),
        _ => (arg, None),
    };
    let id = match object(s, name.trim()) {
        Ok(id) => id,
        Err(e) => return Ok(Outcome::Failed(e)),
    };
    let ch = g.characteristics(id);
    let Some(what) = what else {
        writeln!(out, "{}: {}", g.obj_name(id), ch.describe())?;
        for l in crate::scenario::expect::breakdown_lines(&ch) {
            writeln!(out, "  {l}")?;
        }
        return Ok(Outcome::Ok);
    };
    why_aspect(g, id, &ch, what, out)?;
    Ok(Outcome::Ok)
}

/// `why` alone: the pending decision (its options and rules), or else the last decision
/// made — what was decided and by whom (the trace line), the options it had when the REPL
/// saw it pending (from the state before the change that answered it), and its rules with
/// their text.
fn why_decision(s: &Session, out: &mut dyn Write) -> io::Result<Outcome> {
    let g = &s.game;
    let style = crate::render::Out::styler(s.color);
    let rules = |out: &mut dyn Write, ids: &[&str]| -> io::Result<()> {
        writeln!(out, "  rules: {}", ids.join(", "))?;
        for id in ids {
            for l in crate::scenario::output::explained(id, style.width, 4) {
                writeln!(out, "    {}", style.dim(&l))?;
            }
        }
        Ok(())
    };
    if let Some(d) = g.pending_decision() {
        writeln!(out, "pending: {}", d.describe().trim_end())?;
        let ids: Vec<&str> = d.rules.iter().map(|c| c.id()).collect();
        rules(out, &ids)?;
        return Ok(Outcome::Ok);
    }
    let Some(e) = g
        .trace
        .events
        .iter()
        .rev()
        .find(|e| e.kind == crate::engine::EventKind::Decision)
    else {
        return Ok(Outcome::Failed("no decision has been made yet".into()));
    };
    writeln!(out, "last decision: {}", e.text)?;
    match asked(s, &e.text) {
        Some(d) => {
            writeln!(out, "  the options were:")?;
            for (i, o) in d.options.iter().enumerate() {
                let chosen = e.text.ends_with(&format!(" {}", o.label));
                writeln!(
                    out,
                    "    {}. {}{}",
                    i + 1,
                    o.label,
                    if chosen { "  ← chosen" } else { "" }
                )?;
            }
            if d.more > 0 {
                writeln!(out, "    ... and {} more", d.more)?;
            }
        }
        None if e.text.ends_with("(the only legal option)") => {}
        None => writeln!(
            out,
            "  (answered within a script step: the REPL did not see its options pending)"
        )?,
    }
    let ids: Vec<&str> = e.rules.iter().map(|c| c.id()).collect();
    rules(out, &ids)?;
    Ok(Outcome::Ok)
}

/// The decision that the trace line `text` answers, as it was pending in a state the
/// session went through: the newest remembered state with a pending decision whose prompt
/// begins the line, answered by the change after it.
fn asked<'a>(s: &'a Session, text: &str) -> Option<&'a crate::engine::Decision> {
    let pending = |g: &'a Game| g.pending_decision();
    let states: Vec<&Game> = s
        .history
        .iter()
        .map(|(saved, _, _)| saved.game())
        .chain(std::iter::once(&s.game))
        .collect();
    (0..states.len().saturating_sub(1)).rev().find_map(|i| {
        let d = pending(states[i])?;
        let answered = pending(states[i + 1]).is_none_or(|n| n.prompt != d.prompt);
        (answered && text.starts_with(&format!("{}: ", d.prompt))).then_some(d)
    })
}

/// `why OBJ might|keywords|controller|tags`: the value, what was printed on the card, and
/// only the effects that change that characteristic, each with the layer it applies in
/// (472: layer 1 traits — a set Might, controller, tags, 472.1.a; layer 2 abilities —
/// keywords, 472.2.a; layer 3 arithmetic — Might, 472.3.a).
fn why_aspect(
    g: &Game,
    id: ObjId,
    ch: &crate::engine::Characteristics,
    what: &str,
    out: &mut dyn Write,
) -> io::Result<()> {
    let name = g.obj_name(id);
    let def = &g.object(id).def;
    // the value now, what the card says, the layer that usually changes it, and which
    // breakdown steps are about it (by what they did)
    type About = fn(&str) -> bool;
    let (printed, layer, about): (Option<String>, u8, About) = match what {
        "might" => {
            writeln!(out, "{name}: Might {}", ch.might)?;
            (None, 3, |c| c.contains("Might"))
        }
        "keywords" => {
            let now: Vec<String> = ch.keywords.iter().map(|k| k.to_string()).collect();
            writeln!(out, "{name}: keywords {}", none_if_empty(&now))?;
            let printed: Vec<String> = def.keywords().map(|k| k.to_string()).collect();
            (
                Some(format!("printed keywords: {}", none_if_empty(&printed))),
                2,
                |c| {
                    (c.starts_with("gains ") && !c.starts_with("gains tag"))
                        || c.starts_with("loses ")
                },
            )
        }
        "controller" => {
            writeln!(
                out,
                "{name}: controlled by {}",
                g.player_name(ch.controller)
            )?;
            (None, 1, |c| c.starts_with("controller"))
        }
        _ => {
            writeln!(out, "{name}: tags {}", none_if_empty(&ch.tags))?;
            (
                Some(format!("printed tags: {}", none_if_empty(&def.tags))),
                1,
                |c| c.starts_with("gains tag"),
            )
        }
    };
    let layer_name = |l: u8| match l {
        1 => "trait-altering",
        2 => "ability-altering",
        _ => "arithmetic",
    };
    if let Some(p) = printed {
        writeln!(out, "  {p} [469]")?;
    }
    let mut changed = false;
    for s in ch.breakdown.iter().filter(|s| about(&s.change)) {
        let mut l = if s.layer == 0 {
            s.change.clone()
        } else {
            changed = true;
            let mut l = format!(
                "layer {} ({}): {}: {}",
                s.layer,
                layer_name(s.layer),
                s.source,
                s.change
            );
            if what == "might" {
                l.push_str(&format!(" → {}", s.might));
            }
            l
        };
        if let Some(t) = s.timestamp {
            l.push_str(&format!(" (timestamp {t})"));
        }
        if let Some(dep) = &s.depends_on {
            l.push_str(&format!(" (depends on {dep})"));
        }
        let ids: Vec<&str> = s.rules.iter().map(|r| r.id()).collect();
        if !ids.is_empty() {
            l.push_str(&format!(" [{}]", ids.join(", ")));
        }
        writeln!(out, "  {l}")?;
    }
    if !changed {
        writeln!(
            out,
            "  no effect changes it (it would in layer {layer}, {}) [472.{layer}]",
            layer_name(layer)
        )?;
    }
    Ok(())
}

/// A list for `why`, or "none".
fn none_if_empty(v: &[String]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}
