//! A game's state as text that does not depend on how it was reached: objects named by
//! labels instead of their numbers, timestamps and fresh ids reduced to their order. Two
//! games with equal fingerprints behave alike from here on; the REPL's `save` is tested
//! with it (a saved scenario, loaded, has the state it was saved from).

use super::state::{Game, ObjId};
use std::collections::BTreeMap;
use std::fmt::Write;

impl Game {
    /// The state without the trace, objects named by `label` (`None`: an object left out,
    /// such as a token that ceased to exist). The destructuring makes a new field of
    /// [`Game`] a compile error here until it is described too.
    pub fn fingerprint(&self, label: &dyn Fn(ObjId) -> Option<String>) -> String {
        let Game {
            mode,
            players,
            objects,
            battlefields,
            turn,
            chain,
            showdown,
            combat,
            priority,
            focus,
            winner,
            effects,
            additional_turns,
            trace: _,
            rng,
            // the clock and fresh ids count what happened: only their order matters, kept below
            clock: _,
            next_id: _,
            outstanding_cleanup,
            chain_passes,
            chain_by_trigger,
            combat_chain,
            answers,
            decision,
            suspended,
            in_cleanup,
            resolving,
            legal_as_resolving,
            kill_by,
            depth,
            // written (337.1, 317.2) but read by nothing
            fepr_happened: _,
            replacements_spent,
            replacements_applied,
            created_replacements,
            delayed,
            mighty,
            // a point of the clock, which counts only order (as `clock`): at a settled state
            // it is the clock, as a set-up starts it
            mighty_look: _,
            priority_due,
            restrict_choices,
            // derived from the others (the layer system's cache)
            derived: _,
        } = self;
        let stamps: BTreeMap<usize, u64> = objects.iter().map(|o| (o.id.0, o.timestamp)).collect();
        let map = |text: String| relabel(&text, label, &stamps);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "mode {mode:?}; rng {rng}; turn {turn:?}; additional turns {additional_turns:?}"
        );
        let _ = writeln!(
            out,
            "priority {priority:?}; focus {focus:?}; winner {winner:?}; status {:?}",
            self.status()
        );
        let _ = writeln!(
            out,
            "showdown {showdown:?}; combat {combat:?}; chain passes {chain_passes}; by trigger {chain_by_trigger}; combat chain {combat_chain}"
        );
        let _ = writeln!(
            out,
            "cleanup {outstanding_cleanup:?}; in cleanup {in_cleanup}; resolving {resolving} {legal_as_resolving:?}; kill by {kill_by:?}; depth {depth}; due {priority_due:?}; restrict {restrict_choices:?}"
        );
        let _ = writeln!(out, "answers {answers:?}");
        for p in players.iter() {
            let mut p = p.clone();
            let played = p.played_before_setup as usize + p.played_this_turn.len();
            p.played_this_turn.clear();
            p.played_before_setup = 0;
            let _ = writeln!(out, "{p:?}; played this turn {played}");
        }
        for b in battlefields {
            let _ = writeln!(out, "{b:?}");
        }
        // zone contents in their order (a deck's top first), then each object
        // (the chain's order is its items', below)
        let zones: BTreeMap<String, _> = objects
            .iter()
            .filter(|o| o.zone != super::state::Zone::Chain)
            .map(|o| (format!("{:?}", o.zone), o.zone))
            .collect();
        for (name, z) in zones {
            let names: Vec<String> = self.objects_in(z).into_iter().filter_map(label).collect();
            if !names.is_empty() {
                let _ = writeln!(out, "zone {name}: {}", names.join(", "));
            }
        }
        let mut objs: Vec<(String, String)> = Vec::new();
        for o in objects.iter() {
            let Some(l) = label(o.id) else { continue };
            let mut o = o.clone();
            // never read by the rules (reset each turn); the set-up does not say it
            o.moves_this_turn = 0;
            // a linked object's timestamp then, as whether it is still its timestamp (1 or 0)
            for (l, stamp) in o.linked.iter_mut() {
                *stamp = u64::from(stamps.get(&l.0) == Some(stamp));
            }
            // read only of a facedown card, as "hidden this turn or not" (811.1.b): 1 or 0
            let facedown = matches!(o.zone, super::state::Zone::Facedown(_));
            o.hidden_on_turn = o
                .hidden_on_turn
                .filter(|_| facedown)
                .map(|t| u32::from(t >= turn.number));
            let c = self.characteristics(o.id);
            let text = format!(
                "object {l}: {o:?}; might {}; keywords {:?}; tags {:?}; controller {:?}; no damage {}",
                c.might, c.keywords, c.tags, c.controller, c.no_damage
            );
            objs.push((l, map(text)));
        }
        objs.sort();
        for (_, t) in objs {
            let _ = writeln!(out, "{t}");
        }
        for item in chain {
            let _ = writeln!(out, "{}", map(format!("chain {item:?}")));
        }
        let mut es: Vec<_> = effects.iter().collect();
        es.sort_by_key(|e| e.timestamp);
        for e in es {
            let _ = writeln!(out, "{}", map(format!("effect {e:?}")));
        }
        for d in delayed {
            let _ = writeln!(out, "{}", map(format!("delayed {d:?}")));
        }
        for r in created_replacements {
            let _ = writeln!(out, "{}", map(format!("created replacement {r:?}")));
        }
        let _ = writeln!(
            out,
            "{}",
            map(format!(
                "replacements spent {replacements_spent:?} applied {replacements_applied:?}"
            ))
        );
        let mut mighty: Vec<String> = mighty.iter().filter_map(|&m| label(m)).collect();
        mighty.sort();
        let _ = writeln!(out, "mighty {mighty:?}");
        let _ = writeln!(out, "{}", map(format!("decision {decision:?}")));
        let _ = writeln!(
            out,
            "{}",
            map(format!(
                "suspended {:?}",
                suspended.as_ref().map(|s| (&s.action, &s.answers))
            ))
        );
        out
    }
}

/// `text` (a debug form) with `ObjId(n)` written as the object's label, a `stamp`
/// (an object's timestamp when it was chosen) as whether it is still the object's
/// timestamp, and `id:` / `timestamp:` / `position:` numbers left out.
fn relabel(
    text: &str,
    label: &dyn Fn(ObjId) -> Option<String>,
    stamps: &BTreeMap<usize, u64>,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last: Option<usize> = None;
    let mut rest = text;
    let number = |s: &str| -> (Option<u64>, usize) {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        (s[..n].parse().ok(), n)
    };
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("ObjId(")
            && let (Some(n), len) = number(r)
        {
            let n = n as usize;
            last = Some(n);
            let l = label(ObjId(n)).unwrap_or_else(|| "(gone)".into());
            let _ = write!(out, "ObjId({l}");
            rest = &r[len..];
            continue;
        }
        if let Some(r) = rest.strip_prefix("stamp: ")
            && let (Some(n), len) = number(r)
        {
            let current = last.and_then(|o| stamps.get(&o)) == Some(&n);
            out.push_str(if current {
                "stamp: current"
            } else {
                "stamp: earlier"
            });
            rest = &r[len..];
            continue;
        }
        let mut skipped = false;
        for key in ["id: ", "timestamp: ", "position: "] {
            if let Some(r) = rest.strip_prefix(key)
                && let (Some(_), len) = number(r)
                && !out.ends_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                out.push_str(key);
                out.push('_');
                rest = &r[len..];
                skipped = true;
                break;
            }
        }
        if skipped {
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabel_names_objects_and_drops_numbers() {
        let stamps = BTreeMap::from([(3, 17)]);
        let label = |o: ObjId| (o.0 == 3).then(|| "Squire".to_string());
        let t = relabel(
            "Chosen { object: ObjId(3), stamp: 17, id: 9, timestamp: 4, unit_id: 5 }",
            &label,
            &stamps,
        );
        assert_eq!(
            t,
            "Chosen { object: ObjId(Squire), stamp: current, id: _, timestamp: _, unit_id: 5 }"
        );
        assert!(relabel("ObjId(3), stamp: 2", &label, &stamps).contains("stamp: earlier"));
        assert!(relabel("ObjId(4)", &label, &stamps).contains("ObjId((gone))"));
    }
}
