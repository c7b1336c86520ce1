//! Printing a run: the trace as a timeline (each line ending with its rule ids,
//! linked), the cited rules' text with `--explain`, expectation results with
//! expected/actual diffs, and the JSON form (trace + final state).

use super::expect::Checked;
use super::run::Outcome;
use super::verdict::{Status, Verdict};
use crate::engine::{Designation, Game, Zone};
use crate::render::{Out, text};
use crate::rulebook::Library;
use crate::rulebook::library::Rules;
use serde::Serialize;
use std::collections::BTreeSet;
use std::io;

const GAME: &str = "riftbound";
const EDITION: &str = "2026-03-30";

/// The text of a rule of the 2026-03-30 edition, if it has one.
pub fn rule_text(id: &str) -> Option<String> {
    let lib = Library::get();
    let bi = lib.resolve(Some(GAME), Some(EDITION)).ok()?;
    // one rule decoded, not the whole edition
    let book = lib.quick(bi);
    let i = book.index_of(id)?;
    let r = book.rule(i);
    r.text
        .as_deref()
        .map(|t| t.trim_end_matches('📎').trim().to_string())
        .or_else(|| {
            // lost in the source: recovered text, marked as such
            let rec = r.recovered.as_ref()?;
            let t = rec.text.as_deref().or(rec.title.as_deref())?;
            Some(format!("{t} [{}]", rec.source.describe()))
        })
        .or_else(|| book.title_of(&r))
}

/// The timeline: one line per trace event, indented by depth, ending with its rule ids.
/// With `explain`, each rule's text is printed beneath the first line that cites it.
pub fn timeline(out: &mut Out, g: &Game, explain: bool) -> io::Result<()> {
    let mut done = BTreeSet::new();
    for e in &g.trace().events {
        let indent = "  ".repeat(e.depth as usize + 1);
        let ids: Vec<String> = e
            .rules
            .iter()
            .map(|c| out.rule_link(GAME, EDITION, c.id(), c.id()))
            .collect();
        let cites = if ids.is_empty() {
            String::new()
        } else {
            format!("  {}", out.dim(&format!("[{}]", ids.join(", "))))
        };
        for l in trace_line(out.width, &indent, &e.text, &cites) {
            out.line(l)?;
        }
        if explain {
            for c in &e.rules {
                if !done.insert(c.id()) {
                    continue;
                }
                let pad = format!("{indent}    ");
                for l in explained(c.id(), out.width, pad.len()) {
                    out.line(format!("{pad}{}", out.dim(&l)))?;
                }
            }
        }
    }
    Ok(())
}

/// A cited rule's id and text as `--explain` prints them: wrapped to fit `width` after
/// `pad` columns of indent (at least 30 columns of text), without the indent.
pub fn explained(id: &str, width: usize, pad: usize) -> Vec<String> {
    let t = rule_text(id).unwrap_or_else(|| "(a heading without text in this edition)".into());
    let body = format!("{id} {}", text::plain(&t));
    text::wrap(&body, width.saturating_sub(pad).max(30), "")
}

/// One trace event as lines at most `width` display columns wide: `indent`, the text, then
/// its rule ids; a long event wraps with a hanging indent four columns deeper than its
/// own, so that a continuation never lines up with a child event (two deeper).
pub fn trace_line(width: usize, indent: &str, text: &str, cites: &str) -> Vec<String> {
    let hang = format!("{indent}    ");
    text::wrap_spaced(&format!("{text}{cites}"), width, indent, &hang)
}

/// Expectation results: ✓ lines, and for failures each attribute's expected/actual.
pub fn expectations(out: &mut Out, checked: &[Checked], verbose: bool) -> io::Result<()> {
    for c in checked {
        let when = match c.after_step {
            Some(n) => format!(" (checkpoint, step {n})"),
            None => String::new(),
        };
        match &c.failure {
            None if verbose => out.line(format!("  {} {}{when}", out.good("✓"), c.subject))?,
            None => {}
            Some(f) => {
                out.line(format!(
                    "  {} {}{when}  {}",
                    out.bad("✗"),
                    c.subject,
                    out.dim(&format!("line {}", c.line))
                ))?;
                for d in &f.diffs {
                    out.line(format!("      {}:", d.attribute))?;
                    out.line(format!("        {} {}", out.good("expected:"), d.expected))?;
                    out.line(format!("        {} {}", out.bad("actual:  "), d.actual))?;
                }
            }
        }
    }
    Ok(())
}

/// A block of text as paragraphs: single line breaks become spaces.
pub fn paragraphs(t: &str) -> Vec<String> {
    t.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

/// `arbiter run` text output.
pub fn run_text(out: &mut Out, v: &Verdict, explain: bool) -> io::Result<()> {
    if let Some(t) = &v.title {
        out.line(out.bold(t))?;
    }
    if let Some(r) = &v.ruling {
        for (i, para) in paragraphs(r).iter().enumerate() {
            if i > 0 {
                out.line("")?;
            }
            for l in text::wrap(para, out.width.saturating_sub(2), "") {
                out.line(format!("  {}", out.italic(&l)))?;
            }
        }
    }
    if let Some((db, cards)) = &v.database {
        out.line(out.dim(&format!(
            "  cards from the card database {db}: {}",
            cards.join(", ")
        )))?;
    }
    if let Some(o) = &v.outcome {
        out.line("")?;
        out.line(out.accent("Timeline"))?;
        timeline(out, &o.game, explain)?;
        if !o.checked.is_empty() {
            out.line("")?;
            out.line(out.accent("Expectations"))?;
            expectations(out, &o.checked, true)?;
        }
    }
    if let Some(e) = &v.expected_error {
        out.line("")?;
        out.line(format!(
            "{} stopped as expected ({}): {}",
            out.good("✓"),
            e.kind.name(),
            e.input
        ))?;
    }
    if let Status::Fail(reasons) = &v.status
        && v.outcome.as_ref().is_none_or(|o| o.failures().is_empty())
    {
        for r in reasons {
            out.line(format!("  {} {r}", out.bad("✗")))?;
        }
    }
    Ok(())
}

/// `arbiter run --json` (schema `run/1`): the verdict with its trace and final state.
/// `arbiter test --json` lists the same per scenario without `schema`, `trace` and `state`.
/// Field names are the README's.
#[derive(Serialize)]
pub struct VerdictJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<&'static str>,
    pub file: &'a str,
    pub title: Option<&'a str>,
    /// `pass`, `fail` or `invalid`.
    pub status: &'static str,
    pub reasons: Vec<String>,
    pub error: Option<ScenarioErrorJson<'a>>,
    pub expected_error: Option<ScenarioErrorJson<'a>>,
    /// The card database the scenario's cards came from (`null` when none was used).
    pub card_database: Option<CardDatabaseJson<'a>>,
    /// `null` when the scenario did not run (`invalid` before its first step).
    pub expectations: Option<&'a [Checked]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Option<&'a [crate::engine::trace::Event]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Option<StateJson<'a>>>,
}

/// A scenario's error: its kind (`unknown-field`, `illegal`, …), where, and why.
#[derive(Serialize)]
pub struct ScenarioErrorJson<'a> {
    pub kind: &'static str,
    pub file: &'a str,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: &'a str,
    pub hint: Option<&'a str>,
    pub rule: Option<&'a str>,
}

#[derive(Serialize)]
pub struct CardDatabaseJson<'a> {
    pub path: &'a str,
    pub cards: &'a [String],
}

/// The final state (`state` of `run --json`).
#[derive(Serialize)]
pub struct StateJson<'a> {
    pub turn: TurnJson<'a>,
    pub winner: Option<&'a str>,
    pub players: Vec<PlayerJson<'a>>,
    pub battlefields: Vec<BattlefieldJson<'a>>,
    pub objects: Vec<ObjectJson<'a>>,
}

#[derive(Serialize)]
pub struct TurnJson<'a> {
    pub player: &'a str,
    pub number: u32,
    pub phase: &'static str,
    pub state: &'static str,
    pub focus: Option<&'a str>,
    pub priority: Option<&'a str>,
    pub showdown: Option<ShowdownJson<'a>>,
    pub chain: Vec<&'a str>,
}

#[derive(Serialize)]
pub struct ShowdownJson<'a> {
    pub at: &'a str,
    pub combat: bool,
}

#[derive(Serialize)]
pub struct PlayerJson<'a> {
    pub name: &'a str,
    pub points: i32,
    pub xp: i32,
    pub hand_size: usize,
    pub energy: i32,
    pub power: &'a crate::engine::resources::Power,
    pub runes: usize,
    pub rune_deck: usize,
    pub winner: bool,
    pub lost: bool,
}

#[derive(Serialize)]
pub struct BattlefieldJson<'a> {
    pub name: &'a str,
    pub controller: Option<&'a str>,
    pub contested: bool,
    pub showdown_staged: bool,
    pub combat_staged: bool,
}

#[derive(Serialize)]
pub struct ObjectJson<'a> {
    #[serde(rename = "ref")]
    pub label: String,
    pub card: String,
    pub zone: ZoneJson<'a>,
    pub controller: &'a str,
    pub might: i32,
    pub damage: i32,
    pub buffs: i32,
    pub exhausted: bool,
    pub keywords: Vec<String>,
    pub tags: Vec<String>,
    pub breakdown: Vec<String>,
    pub designation: Option<&'static str>,
}

/// Where an object is: `{zone, of}` for a player's zone, `{zone, at}` at a battlefield.
#[derive(Serialize)]
pub struct ZoneJson<'a> {
    pub zone: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub of: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<&'a str>,
}

fn zone_json(g: &Game, z: Zone) -> ZoneJson<'_> {
    let (zone, of, at) = match z {
        Zone::Base(p) => ("base", Some(g.player_name(p)), None),
        Zone::Battlefield(b) => ("battlefield", None, Some(g.bf_name(b))),
        Zone::Facedown(b) => ("facedown", None, Some(g.bf_name(b))),
        _ => (z.kind_name(), z.player().map(|p| g.player_name(p)), None),
    };
    ZoneJson { zone, of, at }
}

/// The final state as JSON (stable field names, documented in the README).
pub fn state_json<'a>(o: &'a Outcome, labels: &[String], cards: &[String]) -> StateJson<'a> {
    let g = &o.game;
    let chars = g.derive_all();
    let players = g
        .players
        .iter()
        .map(|p| PlayerJson {
            name: &p.name,
            points: p.points,
            xp: p.xp,
            hand_size: g.objects_in(Zone::Hand(p.id)).len(),
            energy: p.energy,
            power: &p.power,
            runes: g.runes_of(p.id).len(),
            rune_deck: g.objects_in(Zone::RuneDeck(p.id)).len(),
            winner: g.winner() == Some(p.id),
            lost: p.lost,
        })
        .collect();
    let battlefields = g
        .battlefields
        .iter()
        .map(|b| BattlefieldJson {
            name: &b.name,
            controller: b.controller.map(|p| g.player_name(p)),
            contested: b.contested,
            showdown_staged: b.showdown_staged,
            combat_staged: b.combat_staged,
        })
        .collect();
    let objects = g
        .objects
        .iter()
        .enumerate()
        .map(|(i, ob)| {
            let c = &chars[i];
            let k = o.built.objects.iter().position(|x| x.0 == i);
            let label = k
                .and_then(|k| labels.get(k).cloned())
                .unwrap_or_else(|| ob.def.name.clone());
            let card = k
                .and_then(|k| cards.get(k).cloned())
                .unwrap_or_else(|| ob.def.name.clone());
            ObjectJson {
                label,
                card,
                zone: zone_json(g, ob.zone),
                controller: g.player_name(c.controller),
                might: c.might,
                damage: ob.damage,
                buffs: ob.buffs,
                exhausted: ob.exhausted,
                keywords: c.keywords.iter().map(|k| k.to_string()).collect(),
                tags: c.tags.clone(),
                breakdown: super::expect::breakdown_lines(c),
                designation: ob.designation.map(|d| match d {
                    Designation::Attacker => "attacker",
                    Designation::Defender => "defender",
                }),
            }
        })
        .collect();
    StateJson {
        turn: TurnJson {
            player: g.player_name(g.turn.player),
            number: g.turn.number,
            phase: g.turn.phase.name(),
            state: g.turn_state().name(),
            focus: g.focus().map(|p| g.player_name(p)),
            priority: g.priority().map(|p| g.player_name(p)),
            showdown: g.showdown.as_ref().map(|s| ShowdownJson {
                at: g.bf_name(s.battlefield),
                combat: s.combat,
            }),
            chain: g.chain().iter().map(|c| c.label.as_str()).collect(),
        },
        winner: g.winner().map(|p| g.player_name(p)),
        players,
        battlefields,
        objects,
    }
}

fn err_json(e: &super::load::ScenarioError) -> ScenarioErrorJson<'_> {
    ScenarioErrorJson {
        kind: e.kind.name(),
        file: &e.input.file,
        line: e.input.line,
        column: e.input.column,
        message: &e.input.message,
        hint: e.input.hint.as_deref(),
        rule: e.rule.as_deref(),
    }
}

/// The verdict as JSON: file, title, status, trace, final state, expectations, error.
pub fn verdict_json(v: &Verdict, with_trace: bool) -> VerdictJson<'_> {
    let (status, reasons, error) = match &v.status {
        Status::Pass => ("pass", vec![], None),
        Status::Fail(r) => ("fail", r.clone(), None),
        Status::Invalid(e) => ("invalid", vec![], Some(e)),
    };
    VerdictJson {
        schema: with_trace.then_some("run/1"),
        file: &v.path,
        title: v.title.as_deref(),
        status,
        reasons,
        error: error.map(err_json),
        expected_error: v.expected_error.as_ref().map(err_json),
        card_database: v
            .database
            .as_ref()
            .map(|(path, cards)| CardDatabaseJson { path, cards }),
        expectations: v.outcome.as_ref().map(|o| o.checked.as_slice()),
        trace: with_trace.then(|| v.outcome.as_ref().map(|o| o.game.trace().events.as_slice())),
        state: with_trace.then(|| {
            v.outcome
                .as_ref()
                .map(|o| state_json(o, &v.labels, &v.cards))
        }),
    }
}
