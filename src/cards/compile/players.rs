//! "Choose an opponent. They …" (a player chosen as the instruction executes, 355.17) and
//! "They reveal their hand. Choose a card from it, and they discard that card." (424.1).

use super::*;

/// "choose an opponent" / "choose a player": the player word of the vocabulary.
pub(super) fn choose_player(s: &str) -> Option<&'static str> {
    match fold(s.trim().trim_end_matches('.')).as_str() {
        "choose an opponent" => Some("choose-opponent"),
        "choose a player" => Some("choose-player"),
        _ => None,
    }
}

/// "When you play me, choose an opponent.": the trigger, and the player word.
pub(super) fn trigger_choosing_player(
    s: &str,
    battlefield: bool,
) -> Option<(AbilityDef, &'static str)> {
    let t = s.trim().trim_end_matches('.');
    let (head, body) = t.split_once(", ")?;
    let who = choose_player(body)?;
    let mut v = triggered(&format!("{head}, draw 1."), battlefield)?;
    if v.len() != 1 {
        return None;
    }
    let mut a = v.pop()?;
    a.effect = None;
    a.then.clear();
    Some((a, who))
}

/// "a non–unit card", "a Mind card", "a card" → the `pick` word ("non-unit card").
fn pick_word(s: &str) -> Option<String> {
    let t = s.trim().replace(['–', '—'], "-");
    let t = t
        .strip_prefix("a ")
        .or_else(|| t.strip_prefix("an "))?
        .trim()
        .to_string();
    crate::scenario::load::hand_pick(&t)?;
    Some(t)
}

/// "choose a Mind card from it" → "Mind card".
fn choose_from_it(s: &str) -> Option<String> {
    let r = strip_ci(s.trim(), "choose ")?;
    pick_word(strip_suffix_ci(r.trim(), " from it")?)
}

/// What a sentence about the chosen player says.
pub(super) enum They {
    /// "They reveal their hand." — the pick follows.
    Reveal,
    /// "They reveal their hand and you choose a Mind card from it." — what becomes of it
    /// follows.
    RevealPick(String),
    /// Instructions complete in themselves.
    Done(Vec<format::Effect>),
}

/// A sentence whose subject is the chosen player `who`.
pub(super) fn they(s: &str, who: &str) -> Option<They> {
    let t = s.trim().trim_end_matches('.').trim();
    let rest = strip_ci(t, "they ")?;
    if fold(rest) == "reveal their hand" {
        return Some(They::Reveal);
    }
    if let Some(r) = strip_ci(rest, "reveal their hand and you ") {
        return Some(They::RevealPick(choose_from_it(r)?));
    }
    // "They discard 1", "They draw 2", "They score 1 point", "They channel 1 rune exhausted"
    let v = clause(rest)?;
    let [mut e] = <[format::Effect; 1]>::try_from(v).ok()?;
    if e.may || !target_fields(&mut e).is_empty() || e.player.is_some() {
        return None;
    }
    if e.discard.is_some() {
        e.discard = Some(name(who));
    } else if e.draw.is_some() {
        e.draw = Some(name(who));
    } else if e.gain_points.is_some()
        || e.gain_xp.is_some()
        || e.channel.is_some()
        || e.create.is_some() && e.at.as_ref().is_none_or(|a| a.value == "chosen")
    {
        e.player = Some(name(who));
    } else {
        return None;
    }
    Some(They::Done(vec![e]))
}

/// "That player channels 1 rune", "that player gains 1 point": a sentence about the player
/// an event names (`who`), its verb in the singular — as "They channel 1 rune".
pub(super) fn that_player(s: &str, who: &str) -> Option<Vec<format::Effect>> {
    let t = s.trim().trim_end_matches('.').trim();
    let rest = strip_ci(t, "that player ")?;
    let (verb, tail) = rest.split_once(' ')?;
    // "draws", "channels", "gains", "scores", "discards"
    let verb = verb.strip_suffix('s')?;
    match they(&format!("they {verb} {tail}"), who)? {
        They::Done(v) => Some(v),
        _ => None,
    }
}

/// After "They reveal their hand": "Choose a card from it, and they discard that card.",
/// "Choose a non-unit card from it, and recycle that card." — the pick and its fate.
pub(super) fn pick_and_fate(s: &str) -> Option<(String, bool)> {
    let t = s.trim().trim_end_matches('.').trim();
    let (choose, fate) = t.split_once(", and ")?;
    Some((choose_from_it(choose)?, fate_of(fate)?))
}

/// "they discard that card" (false) / "(they) recycle that card" (true).
pub(super) fn fate_of(s: &str) -> Option<bool> {
    match fold(s).as_str() {
        "they discard that card" | "discard that card" => Some(false),
        "they recycle that card" | "recycle that card" => Some(true),
        _ => None,
    }
}

/// 742.1: "You may pay 2 XP to choose a card from their hand" — the cost (XP, or energy and
/// power) and the pick.
pub(super) fn paid_pick(s: &str) -> Option<(format::TriggerCost, String)> {
    let t = s.trim().trim_end_matches('.').trim();
    let r = strip_ci(t, "you may pay ")?;
    let (c, rest) = r.split_once(" to ")?;
    let cost = match strip_suffix_ci(c.trim(), " xp") {
        Some(n) => format::TriggerCost {
            xp: Amt::new(n.trim().parse().ok()?)?,
            ..Default::default()
        },
        None => {
            let c = cost_of(c.trim()).filter(|c| !c.exhaust && !c.kill_this)?;
            if c.recycle.get() > 0 || c.xp.get() > 0 || c.spend_my_buff {
                return None;
            }
            format::TriggerCost {
                energy: c.energy,
                power: c.power,
                ..Default::default()
            }
        }
    };
    let r = strip_ci(rest.trim(), "choose ")?;
    Some((
        cost,
        pick_word(strip_suffix_ci(r.trim(), " from their hand")?)?,
    ))
}

/// After a paid pick: "If you do, they discard that card and draw 1." — what becomes of the
/// card, and what they do then (`who` being the chosen player).
pub(super) fn if_you_do_fate(s: &str, who: &str) -> Option<(bool, Vec<format::Effect>)> {
    let t = s.trim().trim_end_matches('.').trim();
    let r = strip_ci(t, "if you do, they ")?;
    let (fate, then) = match r.to_ascii_lowercase().find(" and ") {
        Some(i) => (&r[..i], Some(&r[i + " and ".len()..])),
        None => (r, None),
    };
    let recycle = fate_of(fate)?;
    let mut v = Vec::new();
    if let Some(then) = then {
        match they(&format!("they {then}"), who)? {
            They::Done(d) => v = d,
            _ => return None,
        }
    }
    Some((recycle, v))
}

/// The instruction of a revealed hand.
pub(super) fn reveal_effect(who: &str, pick: String, recycle: bool) -> format::Effect {
    format::Effect {
        reveal_hand: Some(name(who)),
        pick: Some(name(pick)),
        recycle,
        ..Default::default()
    }
}

impl Compiler<'_> {
    /// An instruction appended to the ability the line began, or to the spell.
    pub(super) fn append(&mut self, e: format::Effect) -> bool {
        match self.open {
            Some(i) => {
                let a = &mut self.abilities[i];
                if a.effect.is_none() {
                    a.effect = Some(spanned(e));
                } else {
                    a.then.push(spanned(e));
                }
                true
            }
            None if self.card.is("spell") => {
                self.spell_effects.push(e);
                true
            }
            None => false,
        }
    }

    /// A sentence about choosing a player or what the chosen player does; false when it is
    /// none of these.
    pub(super) fn player_sentence(&mut self, s: &str) -> bool {
        if let Some((a, who)) = trigger_choosing_player(s, self.card.is("battlefield")) {
            self.abilities.push(a);
            self.open = Some(self.abilities.len() - 1);
            self.chosen_player = Some((s.to_string(), who));
            self.push(s, PhraseStatus::Unsupported);
            return true;
        }
        if let Some(who) = choose_player(s) {
            self.chosen_player = Some((s.to_string(), who));
            self.push(s, PhraseStatus::Unsupported);
            return true;
        }
        // after "They reveal their hand (and you choose a … card from it)."
        if let Some((mut phrases, who, pick)) = self.revealed.take() {
            // 742.1.b: "You may pay 2 XP to choose a card from their hand." — a cost within a
            // triggered ability's instructions: paid as it goes on the chain, or it is not
            // placed there (the sentence after says what becomes of the card)
            if pick.is_none()
                && let Some((cost, p)) = paid_pick(s)
            {
                phrases.push(s.to_string());
                self.revealed = Some((phrases, who, Some(p)));
                self.paid_pick = Some(cost);
                self.push(s, PhraseStatus::Unsupported);
                return true;
            }
            if let Some(cost) = self.paid_pick.take() {
                // only a triggered ability without a cost of its own pays it as it goes on
                // the chain (742.1.b); a spell's, paid as it resolves (742.1.a), is not read
                let Some(i) = self.open.filter(|i| {
                    self.abilities[*i].when.is_some() && self.abilities[*i].cost.is_none()
                }) else {
                    return false;
                };
                let Some((recycle, then)) = if_you_do_fate(s, who) else {
                    return false;
                };
                self.abilities[i].cost = Some(spanned(cost));
                let mut e = reveal_effect(who, pick.unwrap_or_default(), recycle);
                // what "they" do then is the same player's: `you` in it is them
                e.they = then
                    .into_iter()
                    .map(|mut x| {
                        for f in [&mut x.draw, &mut x.discard, &mut x.player] {
                            if f.as_ref().is_some_and(|n| n.value == who) {
                                *f = Some(name("you"));
                            }
                        }
                        spanned(x)
                    })
                    .collect();
                if !self.append(e) {
                    return false;
                }
                for p in phrases {
                    self.set_status(&p, PhraseStatus::Compiled);
                }
                self.push(s, PhraseStatus::Compiled);
                return true;
            }
            let done = match pick {
                None => pick_and_fate(s),
                Some(p) => strip_ci(s.trim(), "they ")
                    .and_then(|r| fate_of(r.trim_end_matches('.')))
                    .map(|f| (p, f)),
            };
            let ok = done.is_some_and(|(p, recycle)| self.append(reveal_effect(who, p, recycle)));
            if !ok {
                return false;
            }
            for p in phrases {
                self.set_status(&p, PhraseStatus::Compiled);
            }
            self.push(s, PhraseStatus::Compiled);
            return true;
        }
        let Some((phrase, who)) = self.chosen_player.clone() else {
            return false;
        };
        let Some(t) = they(s, who) else {
            return false;
        };
        self.chosen_player = None;
        match t {
            They::Reveal | They::RevealPick(_) => {
                let pick = match t {
                    They::RevealPick(p) => Some(p),
                    _ => None,
                };
                // compiled with the sentence that says what becomes of the card chosen
                self.revealed = Some((vec![phrase, s.to_string()], who, pick));
                self.push(s, PhraseStatus::Unsupported);
            }
            They::Done(v) => {
                let mut ok = true;
                for e in v {
                    ok &= self.append(e);
                }
                if ok {
                    self.set_status(&phrase, PhraseStatus::Compiled);
                    self.push(s, PhraseStatus::Compiled);
                } else {
                    self.push(s, PhraseStatus::Unsupported);
                }
            }
        }
        true
    }
}
