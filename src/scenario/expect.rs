//! Expectations: what must be true of objects, players, battlefields, the turn and
//! the trace. Each is checked into an expected/actual pair per attribute.

use super::build::Built;
use super::format::{Expect, Name};
use super::load::{self, Scenario};
use crate::engine::{Designation, Game, Keyword, ObjId, PlayerId, Zone};
use serde::Serialize;
use serde_saphyr::Spanned;

/// One attribute that differed.
#[derive(Debug, Clone, Serialize)]
pub struct Diff {
    pub attribute: String,
    pub expected: String,
    pub actual: String,
}

/// A failed expectation.
#[derive(Debug, Clone, Serialize)]
pub struct Failure {
    pub diffs: Vec<Diff>,
}

/// An expectation and its result.
#[derive(Debug, Clone, Serialize)]
pub struct Checked {
    /// Line of the expectation in the file.
    pub line: usize,
    /// The script step of a mid-script checkpoint (from 1), or None for the final ones.
    pub after_step: Option<usize>,
    /// "Shieldbearer", "player A", "cited 460.2.c.5", …
    pub subject: String,
    pub failure: Option<Failure>,
}

/// The controller of an object (188.3).
pub fn controller(g: &Game, o: ObjId) -> PlayerId {
    g.controller(o)
}

fn zone_location(g: &Game, z: Zone) -> String {
    match z {
        Zone::Base(p) => format!("{}'s base", g.player_name(p)),
        Zone::Battlefield(b) | Zone::Facedown(b) => g.bf_name(b).to_string(),
        other => other.kind_name().to_string(),
    }
}

fn kw_list(ks: &[Keyword]) -> String {
    let mut v: Vec<String> = ks.iter().map(|k| k.to_string()).collect();
    v.sort();
    v.dedup();
    if v.is_empty() {
        "(none)".into()
    } else {
        v.join(", ")
    }
}

fn player_opt(g: &Game, p: Option<PlayerId>) -> String {
    p.map(|p| g.player_name(p).to_string())
        .unwrap_or_else(|| "none".into())
}

/// Checks a list of expectations against the game.
pub fn check_all(
    s: &Scenario,
    b: &Built,
    g: &Game,
    list: &[Spanned<Expect>],
    after_step: Option<usize>,
) -> Vec<Checked> {
    list.iter()
        .map(|e| {
            let (subject, diffs) = check(s, b, g, &e.value);
            Checked {
                line: e.referenced.line() as usize,
                after_step,
                subject,
                failure: (!diffs.is_empty()).then_some(Failure { diffs }),
            }
        })
        .collect()
}

struct D(Vec<Diff>, Vec<String>);

impl D {
    fn cmp(&mut self, attr: &str, expected: impl ToString, actual: impl ToString) {
        let (e, a) = (expected.to_string(), actual.to_string());
        self.1.push(format!("{attr} {e}"));
        if e != a {
            self.0.push(Diff {
                attribute: attr.to_string(),
                expected: e,
                actual: a,
            });
        }
    }
}

fn check(s: &Scenario, b: &Built, g: &Game, x: &Expect) -> (String, Vec<Diff>) {
    let mut d = D(Vec::new(), Vec::new());
    let subject;
    if let Some(o) = &x.object {
        subject = o.value.clone();
        let id = if s.created.contains(&o.value) {
            // a token the script named with `ids`: it must have been created by now
            let Some(id) = super::build::created(g, &o.value) else {
                d.0.push(Diff {
                    attribute: "exists".into(),
                    expected: "created".into(),
                    actual: "not created".into(),
                });
                return (subject, d.0);
            };
            id
        } else {
            let Ok(i) = load::resolve_object(&s.path, &s.objects, o) else {
                return (subject, vec![]);
            };
            b.objects[i]
        };
        let obj = g.object(id);
        let ch = g.characteristics(id);
        if let Some(z) = &x.zone {
            d.cmp("zone", &z.value, obj.zone.kind_name());
        }
        if let Some(l) = &x.location {
            let want = match load::parse_base(&l.value, &s.players) {
                Some(p) => format!("{}'s base", s.players[p]),
                None if l.value == "base" => format!("{}'s base", g.player_name(ch.controller)),
                None => l.value.clone(),
            };
            d.cmp("location", want, zone_location(g, obj.zone));
        }
        if let Some(c) = &x.controller {
            d.cmp("controller", &c.value, g.player_name(ch.controller));
        }
        if let Some(m) = x.might {
            d.1.push(format!("might {m}"));
        }
        if let Some(m) = x.might
            && m.get() != ch.might
        {
            d.0.push(Diff {
                attribute: "might".into(),
                expected: m.to_string(),
                actual: ch.might_text(),
            });
        }
        if let Some(n) = x.damage {
            d.cmp("damage", n, obj.damage);
        }
        if let Some(e) = x.exhausted {
            d.cmp("exhausted", e, obj.exhausted);
        }
        if let Some(n) = x.buffs {
            d.cmp("buffs", n, obj.buffs);
        }
        if let Some(ks) = &x.keywords {
            let want: Vec<Keyword> = ks
                .iter()
                .filter_map(|k| super::build::keyword(s, k).ok())
                .collect();
            d.cmp("keywords", kw_list(&want), kw_list(&ch.keywords));
        }
        if let Some(ts) = &x.tags {
            let mut want: Vec<String> = ts.iter().map(|t| t.value.clone()).collect();
            want.sort();
            let mut have = ch.tags.clone();
            have.sort();
            have.dedup();
            d.cmp("tags", want.join(", "), have.join(", "));
        }
        if let Some(want) = &x.breakdown_contains {
            d.1.push(format!("breakdown has \"{want}\""));
            let lines = breakdown_lines(&ch);
            if !lines.iter().any(|l| l.contains(want.as_str())) {
                d.0.push(Diff {
                    attribute: "breakdown".into(),
                    expected: format!("a step containing \"{want}\""),
                    actual: lines.join(" | "),
                });
            }
        }
        if let Some(k) = &x.keyword {
            let kind = super::build::keyword(s, k)
                .map(|k| k.kind())
                .unwrap_or(crate::engine::KeywordKind::Other(k.value.clone()));
            let want = x.value.map_or(1, |v| v.get());
            let have = ch.keyword_value(&kind);
            let attr = format!("keyword {}", k.value);
            d.1.push(format!("{attr} value {want}"));
            if have != want {
                let printed: Vec<Keyword> = obj.def.keywords().cloned().collect();
                d.0.push(Diff {
                    attribute: attr,
                    expected: want.to_string(),
                    actual: ch.keyword_breakdown(&kind, &printed),
                });
            }
        }
        if let Some(a) = &x.attached_to {
            let have = obj
                .attached_to
                .map(|t| g.obj_name(t).to_string())
                .unwrap_or_else(|| "none".into());
            let want = if a.value == "none" {
                "none".to_string()
            } else {
                match super::load::resolve_object(&s.path, &s.objects, a) {
                    Ok(i) => g.obj_name(b.objects[i]).to_string(),
                    Err(_) => a.value.clone(),
                }
            };
            d.cmp("attached-to", want, have);
        }
        if let Some(des) = &x.designation {
            let have = match obj.designation {
                Some(Designation::Attacker) => "attacker",
                Some(Designation::Defender) => "defender",
                None => "none",
            };
            d.cmp("designation", &des.value, have);
        }
    } else if let Some(p) = &x.player {
        subject = format!("player {}", p.value);
        let Some(pi) = s.players.iter().position(|n| *n == p.value) else {
            return (subject, vec![]);
        };
        let pl = g.player(PlayerId(pi));
        if let Some(n) = x.points {
            d.cmp("points", n, pl.points);
        }
        if let Some(n) = x.xp {
            d.cmp("xp", n, pl.xp);
        }
        if let Some(n) = x.hand_size {
            d.cmp("hand-size", n, g.objects_in(Zone::Hand(PlayerId(pi))).len());
        }
        if let Some(n) = x.energy {
            d.cmp("energy", n, pl.energy);
        }
        if let Some(p) = &x.power {
            match p.number {
                // a number: the pool's total power
                Some(n) if p.domains.is_empty() && p.any.is_none() => {
                    d.cmp("power", n, pl.power.total())
                }
                _ => d.cmp(
                    "power",
                    p.to_power(crate::engine::Power::any).describe(),
                    pl.power.describe(),
                ),
            }
        }
        if let Some(n) = x.runes {
            d.cmp("runes", n, g.runes_of(PlayerId(pi)).len());
        }
        if let Some(n) = x.rune_deck {
            d.cmp(
                "rune-deck",
                n,
                g.objects_in(Zone::RuneDeck(PlayerId(pi))).len(),
            );
        }
        if let Some(w) = x.winner {
            // 484.6.a.3: teammates win together
            d.cmp("winner", w, g.winners().contains(&PlayerId(pi)));
        }
        if let Some(l) = x.lost {
            d.cmp("lost", l, pl.lost);
        }
    } else if let Some(bn) = &x.battlefield {
        subject = format!("battlefield {}", bn.value);
        let Some(bi) = s.battlefields.iter().position(|n| *n == bn.value) else {
            return (subject, vec![]);
        };
        let bid = b.battlefields[bi];
        let bf = g.battlefield(bid);
        if let Some(c) = &x.controller {
            d.cmp("controller", &c.value, player_opt(g, bf.controller));
        }
        if let Some(c) = x.contested {
            d.cmp("contested", c, bf.contested);
        }
        if let Some(sd) = &x.showdown {
            let open = g.showdown.as_ref().is_some_and(|s| s.battlefield == bid);
            let have = if open {
                "open"
            } else if bf.showdown_staged {
                "staged"
            } else {
                "none"
            };
            d.cmp("showdown", &sd.value, have);
        }
        if let Some(c) = &x.combat {
            let open = g.combat.as_ref().is_some_and(|c| c.battlefield == bid);
            let have = if open {
                "open"
            } else if bf.combat_staged {
                "staged"
            } else {
                "none"
            };
            d.cmp("combat", &c.value, have);
        }
    } else if x.turn.is_some() {
        subject = "turn".into();
        if let Some(p) = &x.phase {
            d.cmp("phase", &p.value, g.turn.phase.name());
        }
        if let Some(st) = &x.state {
            d.cmp("state", &st.value, g.turn_state().name());
        }
        if let Some(p) = &x.turn_player {
            d.cmp("turn-player", &p.value, g.player_name(g.turn.player));
        }
        if let Some(n) = x.number {
            d.cmp("number", n, g.turn.number);
        }
        if let Some(a) = x.additional {
            d.cmp("additional", a, g.turn.additional);
        }
        if let Some(q) = &x.queued {
            let want: Vec<&str> = q.iter().map(|n| n.value.as_str()).collect();
            let have: Vec<&str> = g
                .additional_turns
                .iter()
                .map(|p| g.player_name(*p))
                .collect();
            d.cmp("queued", want.join(" > "), have.join(" > "));
        }
        if let Some(p) = &x.focus {
            d.cmp("focus", &p.value, player_opt(g, g.focus()));
        }
        if let Some(p) = &x.priority {
            d.cmp("priority", &p.value, player_opt(g, g.priority()));
        }
        if let Some(n) = x.chain_size {
            d.cmp("chain-size", n, g.chain().len());
        }
        if let Some(items) = &x.chain {
            let have: Vec<String> = g.chain().iter().map(|c| c.label.clone()).collect();
            d.cmp("chain", items.join(" | "), have.join(" | "));
        }
    } else if !x.cited.is_empty() {
        subject = format!("cited {}", ids(&x.cited));
        let missing: Vec<&str> = x
            .cited
            .iter()
            .filter(|c| !g.trace().cites(&c.value))
            .map(|c| c.value.as_str())
            .collect();
        if !missing.is_empty() {
            d.0.push(Diff {
                attribute: "cited".into(),
                expected: format!("the trace cites {}", missing.join(", ")),
                actual: format!("not cited; the trace cites {}", cited_list(g)),
            });
        }
    } else if !x.not_cited.is_empty() {
        subject = format!("not cited {}", ids(&x.not_cited));
        let present: Vec<&str> = x
            .not_cited
            .iter()
            .filter(|c| g.trace().cites(&c.value))
            .map(|c| c.value.as_str())
            .collect();
        if !present.is_empty() {
            d.0.push(Diff {
                attribute: "not-cited".into(),
                expected: format!("the trace does not cite {}", present.join(", ")),
                actual: "cited".into(),
            });
        }
    } else if let Some(t) = &x.trace_contains {
        subject = format!("trace contains \"{t}\"");
        if !trace_has(g, t) {
            d.0.push(Diff {
                attribute: "trace".into(),
                expected: format!("a line containing \"{t}\""),
                actual: "no such line".into(),
            });
        }
    } else if let Some(t) = &x.trace_not_contains {
        subject = format!("trace does not contain \"{t}\"");
        if trace_has(g, t) {
            d.0.push(Diff {
                attribute: "trace".into(),
                expected: format!("no line containing \"{t}\""),
                actual: "such a line exists".into(),
            });
        }
    } else if !x.trace_order.is_empty() {
        subject = format!("trace order: {}", x.trace_order.join(" → "));
        let mut from = 0;
        for t in &x.trace_order {
            match g.trace().events[from..]
                .iter()
                .position(|e| e.text.contains(t.as_str()))
            {
                Some(i) => from += i + 1,
                None => {
                    d.0.push(Diff {
                        attribute: "trace order".into(),
                        expected: format!("a line containing \"{t}\" after the previous ones"),
                        actual: if trace_has(g, t) {
                            "it comes earlier".into()
                        } else {
                            "no such line".into()
                        },
                    });
                    break;
                }
            }
        }
    } else {
        subject = "(nothing)".into();
    }
    let subject = if d.1.is_empty() {
        subject
    } else {
        format!("{subject}: {}", d.1.join(", "))
    };
    (subject, d.0)
}

/// The breakdown of an object's characteristics, one line per step:
/// "layer 3: buff: +1 Might → 4 (timestamp 3) (depends on X) [rules]".
pub fn breakdown_lines(c: &crate::engine::Characteristics) -> Vec<String> {
    c.breakdown
        .iter()
        .map(|s| {
            let mut l = if s.layer == 0 {
                s.change.clone()
            } else {
                format!(
                    "layer {}: {}: {} → {}",
                    s.layer, s.source, s.change, s.might
                )
            };
            if let Some(t) = s.timestamp {
                l.push_str(&format!(" (timestamp {t})"));
            }
            if let Some(dep) = &s.depends_on {
                l.push_str(&format!(" (depends on {dep})"));
            }
            if !s.rules.is_empty() {
                let ids: Vec<&str> = s.rules.iter().map(|r| r.id()).collect();
                l.push_str(&format!(" [{}]", ids.join(", ")));
            }
            l
        })
        .collect()
}

fn ids(v: &[Name]) -> String {
    v.iter()
        .map(|c| c.value.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn cited_list(g: &Game) -> String {
    let v: Vec<&str> = g.trace().cited().iter().map(|c| c.id()).collect();
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

/// A trace line contains `t` (its text or its rule ids).
fn trace_has(g: &Game, t: &str) -> bool {
    g.trace().events.iter().any(|e| e.text.contains(t))
}
