//! Linked and conditional instructions (359.3.e.14, 359.3.f.2): "If you do, …", "If you
//! can't, …", "If you couldn't channel 2 runes this way, …", "Otherwise, …" after the
//! instruction they depend on, and "If it is stunned, kill it." — an instruction that executes
//! only when its condition holds.

use super::*;

/// How a sentence depends on the one before.
#[derive(Debug, PartialEq)]
pub(super) enum Link {
    /// "If you do, …": only if the instruction before was done (359.3.e.14.a).
    IfDo,
    /// "If you can't, …", "If you couldn't [instruction] this way, …": only if it was not;
    /// with the instruction the sentence repeats.
    IfNot(Option<String>),
    /// "Otherwise, …": the other branch of the sentence before.
    Otherwise,
    /// "If [condition], …": a conditional instruction, the condition in the vocabulary's
    /// words; `true` when it is about the unit the instruction affects ("it").
    If(String, bool),
}

/// A sentence that depends on the one before, or on a condition: how, and its instructions.
pub(super) fn linked(s: &str) -> Option<(Link, &str)> {
    let t = s.trim().trim_end_matches('.').trim();
    for (p, link) in [
        ("if you do, ", Link::IfDo),
        ("if you can't, ", Link::IfNot(None)),
        ("if you can’t, ", Link::IfNot(None)),
        ("if you cannot, ", Link::IfNot(None)),
        ("otherwise, ", Link::Otherwise),
    ] {
        if let Some(r) = strip_ci(t, p) {
            return Some((link, r));
        }
    }
    // "If you couldn't channel 2 runes this way, draw 1." (430.4)
    let r = strip_ci(t, "if you couldn't ").or_else(|| strip_ci(t, "if you couldn’t "));
    if let Some(r) = r {
        let i = r.to_ascii_lowercase().find(" this way, ")?;
        return Some((
            Link::IfNot(Some(r[..i].to_string())),
            &r[i + " this way, ".len()..],
        ));
    }
    // "If it is stunned, kill it." — a condition about the unit, or about the controller
    let r = strip_ci(t, "if ")?;
    let (c, body) = r.split_once(", ")?;
    let unit = match fold(c).as_str() {
        "it is stunned" | "its stunned" => Some("stunned"),
        "it is buffed" | "its buffed" => Some("buffed"),
        "it is attacking" | "its attacking" => Some("attacking"),
        "it is defending" | "its defending" => Some("defending"),
        "it is mighty" | "its mighty" => Some("mighty"),
        _ => None,
    }
    .map(str::to_string)
    // "If it has 3 [Might] or less, banish it."
    .or_else(|| {
        let n = fold(c)
            .strip_prefix("it has ")?
            .strip_suffix(" might or less")?
            .trim()
            .parse::<i32>()
            .ok()?;
        Some(format!("might {n} or less"))
    });
    match unit {
        Some(u) => Some((Link::If(u, true), body)),
        None => Some((Link::If(if_condition(c)?, false), body)),
    }
}

/// Whether the engine can tell that an instruction was done (359.3.e.14): a channel or a
/// discard of the controller's, or an instruction on units it chose (or on its source).
fn done_is_known(e: &mut format::Effect) -> bool {
    if e.for_each.is_some()
        || e.instead_if.is_some()
        || e.its_controller.is_some()
        || e.its_owner.is_some()
        || e.if_.is_some()
        || !e.if_you_do.is_empty()
        || !e.if_not.is_empty()
        || e.replace.is_some()
        || e.delayed.is_some()
        || e.reflexive.is_some()
        || e.link
    {
        return false;
    }
    let mine = e.player.is_none();
    if e.channel.is_some() {
        return mine;
    }
    if e.discard.as_ref().is_some_and(|p| p.value == "you") {
        return true;
    }
    let fields = target_fields(e);
    !fields.is_empty()
        && fields.iter().all(|t| {
            !t.value.contains("up-to")
                && (t.value == "me" || t.value == "it" || t.value.starts_with("choose-"))
        })
}

impl Compiler<'_> {
    /// Attaches a linked or conditional sentence's instructions to what it depends on; false
    /// when it depends on nothing the vocabulary can name.
    pub(super) fn link(&mut self, link: Link, v: Vec<format::Effect>, after_cost: bool) -> bool {
        let prev_one = self.prev_one;
        match link {
            // 356.4.f.1: after "As an additional cost to play this, you may …", a spell's
            // "If you do, draw 2." is an instruction that executes if the cost was paid
            Link::IfDo if after_cost && self.card.is("spell") && self.open.is_none() => {
                let Ok([mut e]) = <[format::Effect; 1]>::try_from(v) else {
                    return false;
                };
                if e.may || e.if_.is_some() {
                    return false;
                }
                e.if_ = Some(name("additional-cost-paid"));
                self.spell_effects.push(e);
                true
            }
            Link::IfDo | Link::IfNot(_) if prev_one => {
                let Some(prev) = self.last_instruction() else {
                    return false;
                };
                if !done_is_known(prev) {
                    return false;
                }
                if let Link::IfNot(again) = link {
                    // "If you can't" is about an instruction that is not optional
                    if prev.may {
                        return false;
                    }
                    // "If you couldn't channel 2 runes this way": the same instruction
                    if let Some(a) = again {
                        let same = clause(&a)
                            .and_then(|w| <[format::Effect; 1]>::try_from(w).ok())
                            .is_some_and(|[w]| {
                                w.channel.is_some()
                                    && w.channel.map(|c| c.get()) == prev.channel.map(|c| c.get())
                            });
                        if !same {
                            return false;
                        }
                    }
                    prev.if_not = v.into_iter().map(spanned).collect();
                } else {
                    prev.if_you_do = v.into_iter().map(spanned).collect();
                }
                true
            }
            Link::Otherwise if prev_one => {
                let Some(prev) = self.last_instruction() else {
                    return false;
                };
                if prev.if_.is_some() && prev.otherwise.is_empty() {
                    prev.otherwise = v.into_iter().map(spanned).collect();
                } else if !prev.if_you_do.is_empty() && prev.if_not.is_empty() {
                    prev.if_not = v.into_iter().map(spanned).collect();
                } else {
                    return false;
                }
                true
            }
            Link::If(c, _) => {
                let Ok([mut e]) = <[format::Effect; 1]>::try_from(v) else {
                    return false;
                };
                if e.may || e.instead_if.is_some() || e.if_.is_some() {
                    return false;
                }
                e.if_ = Some(name(c));
                match self.open {
                    Some(i) => {
                        let a = &mut self.abilities[i];
                        if a.effect.is_none() {
                            a.effect = Some(spanned(e));
                        } else {
                            a.then.push(spanned(e));
                        }
                    }
                    None if self.card.is("spell") => self.spell_effects.push(e),
                    None => return false,
                }
                true
            }
            _ => false,
        }
    }
}
