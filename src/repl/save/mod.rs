//! `save FILE`: a scenario that starts from the current state — the set-up written from
//! the game (zones, marked state, tokens, points, XP, pool, turn, an open showdown or
//! combat, the chain's spells with priority and passes, lasting effects, used replacement
//! effects, the random state), the file's own cards and expectations, and the script steps
//! not yet taken. Every text is checked by loading it and comparing engine states
//! (`Game::fingerprint`); a state the set-up cannot express is saved as an earlier one plus
//! the script steps that lead to it, or refused, naming what, rather than written wrong.

mod chain;
mod script;
mod setup;

use super::Session;
use crate::engine::{Game, Zone};
use setup::{quote, text_of};
use std::collections::BTreeMap;

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
