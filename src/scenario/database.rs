//! Cards a scenario names without defining them come from the user's card database,
//! compiled into the same vocabulary as `cards:` (an inline definition overrides the
//! database). Unsupported phrases of a database card travel with its definition and
//! are reported by the loader before the run, like any unmodelled text.

use super::format::{CardDef, Effect, File, Name};
use super::load::{ErrorKind, ScenarioError};
use crate::cards::{Database, compile};
use std::path::Path;

/// The database a scenario names with `card-database:`, relative to the scenario.
pub fn open(scenario: &str, n: &Name) -> Result<Database, ScenarioError> {
    let dir = Path::new(scenario).parent().unwrap_or(Path::new(""));
    let p = dir.join(&n.value);
    Database::load(&p).map_err(|e| {
        ScenarioError::at(
            ErrorKind::InvalidValue,
            scenario,
            n.referenced,
            format!("card-database: {e}"),
        )
    })
}

/// Adds to `file.cards` every card the scenario names that it does not define and
/// the database has. Returns the names supplied, in order.
pub fn supply(file: &mut File, db: &Database) -> Vec<String> {
    // Each name with where the scenario first names it (errors about the card point there).
    let mut named: Vec<(String, serde_saphyr::Location)> = Vec::new();
    let mut add = |n: &Name| {
        if !named.iter().any(|(v, _)| *v == n.value) {
            named.push((n.value.clone(), n.referenced));
        }
    };
    let s = &file.setup;
    for p in s.players.values() {
        let p = &p.value;
        p.hand
            .iter()
            .chain(&p.deck)
            .chain(&p.trash)
            .map(|c| &c.card)
            .for_each(&mut add);
        // the player's legend (172), in their Legend Zone
        if let Some(l) = &p.legend {
            add(&l.value.card);
        }
    }
    for b in &s.battlefields {
        if b.value.abilities.is_empty() {
            add(&b.value.name);
        }
        if let Some(f) = &b.value.facedown {
            add(&f.value.card);
        }
        for o in b.value.units.iter().chain(&b.value.gear) {
            add(&o.value.card);
        }
        for a in &b.value.abilities {
            if let Some(e) = &a.value.effect {
                created(&e.value, &mut add);
            }
        }
    }
    for c in &s.chain {
        if let Some(card) = &c.value.card {
            add(card);
        }
    }
    for objs in s.bases.values() {
        for o in objs {
            add(&o.value.card);
        }
    }
    for c in file.cards.values() {
        card_creates(&c.value, &mut add);
    }
    for step in &file.script {
        if let super::format::Step::Effect(e) = &step.value {
            created(e, &mut add);
        }
    }
    let mut supplied = Vec::new();
    // A supplied card may create tokens the database also has ("play a 1 [Might] Recruit
    // unit token"): those are supplied in turn (each name once, so this ends).
    let mut i = 0;
    while i < named.len() {
        let (n, at) = named[i].clone();
        i += 1;
        if file.cards.contains_key(&n) {
            continue;
        }
        if let Some(card) = db.exact(&n) {
            let def = compile::compile(card).def;
            card_creates(&def, &mut |c: &Name| {
                if !named.iter().any(|(v, _)| *v == c.value) {
                    named.push((c.value.clone(), at));
                }
            });
            file.cards
                .insert(n.clone(), serde_saphyr::Spanned::new(def, at, at));
            supplied.push(n);
        }
    }
    supplied
}

/// The token cards a card's instructions create.
fn card_creates(c: &CardDef, add: &mut impl FnMut(&Name)) {
    for e in c.effect.iter().chain(&c.then) {
        created(&e.value, add);
    }
    let effect_text = c.effect_text.iter().flat_map(|t| &t.value.abilities);
    for a in c.abilities.iter().chain(effect_text) {
        let a = &a.value;
        for e in a.effect.iter().chain(&a.then).chain(&a.instead) {
            created(&e.value, add);
        }
    }
}

/// A token card named by a "create" effect, in it or in the instructions it holds.
fn created(e: &Effect, add: &mut impl FnMut(&Name)) {
    if let Some(c) = &e.create
        && e.token.is_none()
    {
        add(c);
    }
    for m in e.choose_one.iter().chain(&e.one_of) {
        created(&m.value, add);
    }
    if let Some(r) = &e.reflexive {
        for x in r.if_you.iter().chain(&r.do_this) {
            created(&x.value, add);
        }
    }
    if let Some(d) = &e.delayed {
        for x in &d.effects {
            created(&x.value, add);
        }
    }
}
