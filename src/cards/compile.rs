//! The card-text compiler: a card's text, as the database writes it, translated into
//! the scenario format's card vocabulary (`format::CardDef`) — the same structures a
//! scenario's `cards:` builds, so there is one vocabulary, not two. What it cannot
//! translate is kept as unsupported text with the exact phrase, which the scenario
//! loader reports before a run, never ignores.
//!
//! The translation follows the card-text forms of the rules: keywords with values
//! (804–826), "[cost]: [effect]" activated abilities (377, 403), "When …"/"At …"
//! triggered abilities (378–383), Deathknell's "— [effect]" (808.1), passives with a
//! condition (361–366), and a spell's instructions (359.3).

use super::text;
use super::{Card, fold};
use crate::scenario::format::{self, AbilityDef, ActivateCost, Amount, Amt, Signed};
use crate::scenario::keywords::KEYWORDS;
use serde_saphyr::{Location, Spanned};

/// How one phrase of a card's text fared.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhraseStatus {
    /// Translated into the vocabulary the engine runs.
    Compiled,
    /// A keyword the engine keeps only as a characteristic (its function is not modelled).
    KeywordNotModelled,
    /// A bracketed keyword that is not one of 805–826 (maybe of a later set).
    UnknownKeyword,
    /// Text the compiler does not translate.
    Unsupported,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct Phrase {
    pub text: String,
    pub status: PhraseStatus,
}

/// A card compiled: its definition in the scenario vocabulary and the fate of each phrase.
#[derive(Debug)]
pub struct Compiled {
    pub def: format::CardDef,
    pub phrases: Vec<Phrase>,
    /// The keywords of 805–826 it has, with values, canonical names and rules.
    pub keywords: Vec<(String, &'static str)>,
}

impl Compiled {
    /// Every phrase compiled and every keyword modelled.
    pub fn fully_modelled(&self) -> bool {
        self.phrases
            .iter()
            .all(|p| p.status == PhraseStatus::Compiled)
    }
    /// Some phrase compiled, some not.
    pub fn partly_modelled(&self) -> bool {
        !self.fully_modelled()
            && self
                .phrases
                .iter()
                .any(|p| p.status == PhraseStatus::Compiled)
    }
    pub fn unsupported(&self) -> impl Iterator<Item = &Phrase> {
        self.phrases
            .iter()
            .filter(|p| p.status != PhraseStatus::Compiled)
    }
}

fn name(s: impl Into<String>) -> Spanned<String> {
    Spanned::new(s.into(), Location::UNKNOWN, Location::UNKNOWN)
}
fn spanned<T>(v: T) -> Spanned<T> {
    Spanned::new(v, Location::UNKNOWN, Location::UNKNOWN)
}

/// Bracket tokens that are symbols (costs, Might), not keywords.
fn is_symbol(token: &str) -> bool {
    const SYMBOLS: &[&str] = &[
        "Might", "Rune", "Power", "Tap", "Add", ">", "Fury", "Calm", "Mind", "Body", "Chaos",
        "Order",
    ];
    SYMBOLS.contains(&token) || (!token.is_empty() && token.chars().all(|c| c.is_ascii_digit()))
}

/// A bracketed keyword of 805–826 with its value: (canonical "Assault 2", rule).
fn keyword_of(token: &str) -> Option<(String, &'static str)> {
    let (word, value) = match token.rsplit_once(' ') {
        Some((w, v)) if v.chars().all(|c| c.is_ascii_digit()) => (w, Some(v)),
        _ => (token, None),
    };
    let &(n, rule, valued) = KEYWORDS.iter().find(|k| k.0.eq_ignore_ascii_case(word))?;
    Some(match value {
        Some(v) if valued => (format!("{n} {v}"), rule),
        _ => (n.to_string(), rule),
    })
}

/// Whether the engine models a keyword's function (the engine's own answer).
fn keyword_modelled(canonical: &str) -> bool {
    crate::engine::Keyword::parse(canonical).is_modeled()
}

/// Compiles one card. Never fails: what cannot be translated is kept as unsupported text.
pub fn compile(card: &Card) -> Compiled {
    let mut def = format::CardDef {
        kind: Some(name(card_type(card))),
        might: card
            .might
            .filter(|_| card.is("unit"))
            .and_then(|v| Signed::new(i64::from(v))),
        cost: card.energy.and_then(|v| Signed::new(i64::from(v))),
        power: card
            .power
            .and_then(|v| Amt::new(i64::from(v)))
            .map(format::PowerSpec::number),
        domains: card.domains.iter().map(name).collect(),
        tags: card.tags.iter().map(name).collect(),
        supertype: card.supertype.as_ref().map(name),
        ..Default::default()
    };
    let mut c = Compiler {
        card,
        phrases: Vec::new(),
        keywords: Vec::new(),
        abilities: Vec::new(),
        spell_effects: Vec::new(),
        equip: None,
        repeat: Vec::new(),
    };
    for line in logical_lines(&card.text) {
        c.line(&line);
    }
    def.equip = c.equip.take().map(spanned);
    def.repeat = std::mem::take(&mut c.repeat)
        .into_iter()
        .map(spanned)
        .collect();
    // 718.4: the Might Bonus of an attachable card.
    def.might_bonus = card
        .might_bonus
        .and_then(|v| format::Signed::new(i64::from(v)));
    // 718.3: the Effect Text, compiled like a unit's text; what it gives is appended to
    // the unit the card is attached to.
    if let Some(t) = card.equip_text.as_deref().filter(|t| !t.trim().is_empty()) {
        let unit = Card {
            kind: "Unit".into(),
            text: t.to_string(),
            equip_text: None,
            might_bonus: None,
            ..card.clone()
        };
        let inner = compile(&unit);
        def.effect_text = Some(spanned(format::EffectText {
            keywords: inner.def.keywords,
            abilities: inner.def.abilities,
        }));
        c.phrases.extend(inner.phrases.into_iter().map(|p| Phrase {
            text: format!("effect text: {}", p.text),
            status: p.status,
        }));
    }
    for (k, _) in &c.keywords {
        def.keywords.push(name(k.clone()));
    }
    // A spell's instructions: the format holds one effect; more are kept unsupported.
    let mut effects = std::mem::take(&mut c.spell_effects).into_iter();
    if let Some((_, e)) = effects.next() {
        def.effect = Some(spanned(e));
    }
    for (phrase, _) in effects {
        c.set_status(&phrase, PhraseStatus::Unsupported);
    }
    def.abilities = c.abilities.into_iter().map(spanned).collect();
    // Deathknell without its effect cannot be run: the keyword alone is unsupported.
    let has_dk = c.keywords.iter().any(|(k, _)| k == "Deathknell");
    let has_die = def
        .abilities
        .iter()
        .any(|a| a.value.when.as_ref().is_some_and(|w| w.value == "die"));
    if has_dk && !has_die {
        def.keywords.retain(|k| k.value != "Deathknell");
        if let Some(p) = c.phrases.iter_mut().find(|p| p.text.contains("Deathknell")) {
            p.status = PhraseStatus::Unsupported;
        }
    }
    // Unsupported phrases travel with the definition, so the loader reports them.
    for p in &c.phrases {
        if matches!(
            p.status,
            PhraseStatus::Unsupported | PhraseStatus::UnknownKeyword
        ) {
            def.abilities.push(spanned(AbilityDef {
                text: Some(name(p.text.clone())),
                ..Default::default()
            }));
        }
    }
    Compiled {
        def,
        phrases: c.phrases,
        keywords: c.keywords,
    }
}

fn card_type(card: &Card) -> &'static str {
    let k = card.kind.to_ascii_lowercase();
    if card.supertype_is("token") && k != "unit" && k != "gear" {
        return "token";
    }
    match k.as_str() {
        "unit" => "unit",
        "spell" => "spell",
        "gear" | "unit gear" => "gear",
        "battlefield" => "battlefield",
        "legend" => "legend",
        "rune" => "rune",
        _ => "token",
    }
}

struct Compiler<'a> {
    card: &'a Card,
    phrases: Vec<Phrase>,
    keywords: Vec<(String, &'static str)>,
    abilities: Vec<AbilityDef>,
    spell_effects: Vec<(String, format::Effect)>,
    /// Equip's cost (818.1.c), when the text has "[Equip] [cost]".
    equip: Option<ActivateCost>,
    /// Repeat's costs (820.1.c), one per "[Repeat] [cost]".
    repeat: Vec<format::TriggerCost>,
}

impl Compiler<'_> {
    fn push(&mut self, text: &str, status: PhraseStatus) {
        let text = text.trim().trim_start_matches(['—', '–', '-', ' ']).trim();
        if !text.is_empty() {
            self.phrases.push(Phrase {
                text: text.to_string(),
                status,
            });
        }
    }

    fn set_status(&mut self, phrase: &str, status: PhraseStatus) {
        if let Some(p) = self.phrases.iter_mut().rev().find(|p| p.text == phrase) {
            p.status = status;
        }
    }

    /// One line of card text: leading keywords, then an ability or instructions.
    fn line(&mut self, raw: &str) {
        let mut rest = text::without_reminders(raw).trim().to_string();
        if rest.is_empty() || rest == "." || rest == "-" {
            return;
        }
        // "[Tap]: …", "[1][Fury], [Tap]: …": an activated ability (377).
        if let Some((cost, effect)) = split_cost(&rest) {
            self.activated(&rest.clone(), cost, &effect);
            return;
        }
        // Leading keywords (`[Tank] [Assault 2]`, `[Deathknell] — …`, `[Action]`).
        let mut dk_rest: Option<String> = None;
        while let Some(token) = leading_token(&rest) {
            let after = rest[token.len() + 2..].trim_start().to_string();
            if let Some((k, rule)) = keyword_of(&token) {
                let status = if keyword_modelled(&k) {
                    PhraseStatus::Compiled
                } else {
                    PhraseStatus::KeywordNotModelled
                };
                let shown = format!("[{token}]");
                if k == "Deathknell" {
                    dk_rest = Some(after.clone());
                    self.push(&shown, status);
                    self.keywords.push((k, rule));
                    rest = String::new();
                    break;
                }
                // "[Level 6] I have …" (824.1.b.1): "while you have 6 or more XP, this card
                // gains …" — the dependent ability is a passive with that condition.
                if let Some(n) = k.strip_prefix("Level ").filter(|_| !after.is_empty()) {
                    let phrase = format!("{shown} {after}");
                    let body = after.trim_start_matches(['—', '–', '-', ' ', ':']).trim();
                    match passive_when(body, &format!("level {n}")) {
                        Some(a) => {
                            self.abilities.push(a);
                            self.keywords.push((k, rule));
                            self.push(&phrase, PhraseStatus::Compiled);
                        }
                        None => self.push(&phrase, PhraseStatus::Unsupported),
                    }
                    return;
                }
                // 812.1.b.1: "[Legion] — [Text]": the text is a dependent ability, active once
                // another card was played this turn — a passive (`while: legion`) or a
                // triggered ability (`legion: true`); without text it says nothing.
                if k == "Legion" {
                    let body = after.trim_start_matches(['—', '–', '-', ' ', ':']).trim();
                    let phrase = format!("{shown} {after}");
                    let dependent = passive_when(body, "legion").or_else(|| {
                        triggered(body).map(|mut a| {
                            a.legion = true;
                            a
                        })
                    });
                    match dependent.filter(|_| !body.is_empty()) {
                        Some(a) => {
                            self.abilities.push(a);
                            self.keywords.push((k, rule));
                            self.push(phrase.trim(), PhraseStatus::Compiled);
                        }
                        None => self.push(phrase.trim(), PhraseStatus::Unsupported),
                    }
                    return;
                }
                // A keyword's own cost ("[Equip] [1][Body]") belongs to its phrase.
                let cost = cost_after_keyword(&after);
                let shown = if cost > 0 {
                    format!("{shown} {}", after[..cost].trim())
                } else {
                    shown
                };
                // 818.1.c: "Equip [Cost]" — a cost of energy and power only.
                let status = if k == "Equip" {
                    match cost_of(after[..cost].trim()).filter(|_| cost > 0) {
                        Some(c) => {
                            self.equip = Some(c);
                            status
                        }
                        None => PhraseStatus::Unsupported,
                    }
                } else if k == "Repeat" || k.starts_with("Repeat ") {
                    // 820.1.c: "Repeat [Cost]" ("[Repeat][1][Mind]"; "[Repeat 2]" is [2])
                    let c = match k.strip_prefix("Repeat ") {
                        Some(n) => n.trim().parse::<Amt>().ok().map(|n| format::TriggerCost {
                            energy: n,
                            power: format::PowerSpec::default(),
                        }),
                        None => cost_of(after[..cost].trim())
                            .filter(|c| cost > 0 && !c.exhaust)
                            .map(|c| format::TriggerCost {
                                energy: c.energy,
                                power: c.power,
                            }),
                    };
                    match c {
                        Some(c) => {
                            self.repeat.push(c);
                            status
                        }
                        None => PhraseStatus::Unsupported,
                    }
                } else {
                    status
                };
                // An Equip or Repeat without a cost of symbols only is kept as text, not as
                // the keyword (the scenario builder adds Repeat with its cost).
                if !(k.starts_with("Repeat") || k == "Equip" && status == PhraseStatus::Unsupported)
                {
                    self.keywords.push((k, rule));
                }
                self.push(&shown, status);
                rest = after[cost..].to_string();
            } else if is_symbol(&token) {
                break;
            } else {
                // A keyword of a later set ("[Stun]", "[Empower]"), or a term used as one.
                self.push(&rest, PhraseStatus::UnknownKeyword);
                return;
            }
        }
        if let Some(effect_text) = dk_rest {
            // 808.1: "[Deathknell] — [effect]" is "When I die, [effect]".
            let effect_text = effect_text
                .trim_start_matches(['—', '–', '-', ' ', ':'])
                .trim();
            match effect(effect_text) {
                Some(e) => {
                    self.abilities.push(AbilityDef {
                        when: Some(name("die")),
                        effect: Some(spanned(e)),
                        ..Default::default()
                    });
                    self.push(effect_text, PhraseStatus::Compiled);
                }
                None => self.push(effect_text, PhraseStatus::Unsupported),
            }
            return;
        }
        let rest = rest.trim_start_matches(['—', '–', '-', ' ', ':']).trim();
        if rest.is_empty() {
            return;
        }
        for sentence in sentences(rest) {
            self.sentence(&sentence);
        }
    }

    fn sentence(&mut self, s: &str) {
        if let Some(a) = triggered(s) {
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = passive(s) {
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if self.card.is("spell") {
            match effect(s) {
                Some(e) => {
                    self.spell_effects.push((s.trim().to_string(), e));
                    self.push(s, PhraseStatus::Compiled);
                }
                None => self.push(s, PhraseStatus::Unsupported),
            }
        } else {
            self.push(s, PhraseStatus::Unsupported);
        }
    }

    fn activated(&mut self, line: &str, cost: ActivateCost, effect_text: &str) {
        let mut cost = cost;
        let mut body = effect_text.trim();
        // Timing keywords after the colon: "[Tap]: [Reaction] — …" (806, 813).
        while let Some(token) = leading_token(body) {
            match keyword_of(&token).map(|k| k.0) {
                Some(k) if k == "Reaction" => cost.reaction = true,
                Some(k) if k == "Action" => cost.action = true,
                _ => break,
            }
            body = body[token.len() + 2..]
                .trim_start()
                .trim_start_matches(['—', '–', '-', ' '])
                .trim();
        }
        let parts = sentences(body);
        match (parts.as_slice(), parts.first().and_then(|p| effect(p))) {
            ([_], Some(e)) => {
                self.abilities.push(AbilityDef {
                    activate: Some(spanned(cost)),
                    effect: Some(spanned(e)),
                    ..Default::default()
                });
                self.push(line, PhraseStatus::Compiled);
            }
            _ => self.push(line, PhraseStatus::Unsupported),
        }
    }
}

/// The text's lines, with a line that continues a sentence (it starts in lower case)
/// joined to the one before.
fn logical_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        match out.last_mut() {
            Some(prev) if t.chars().next().is_some_and(char::is_lowercase) => {
                prev.push(' ');
                prev.push_str(t);
            }
            _ => out.push(t.to_string()),
        }
    }
    out
}

/// Cost symbols right after a keyword ("[Equip] [1][Body]", "[Repeat] [2]"): their length.
fn cost_after_keyword(s: &str) -> usize {
    let mut used = 0;
    let mut rest = s;
    while let Some(t) = leading_token(rest) {
        if !is_symbol(&t) || t == "Might" {
            break;
        }
        let n = t.len() + 2;
        used += n + (rest[n..].len() - rest[n..].trim_start().len());
        rest = rest[n..].trim_start();
    }
    used
}

/// The bracket token at the start of `s` ("[Assault 2] …" → "Assault 2").
fn leading_token(s: &str) -> Option<String> {
    let s = s.strip_prefix('[')?;
    let end = s.find(']')?;
    let t = &s[..end];
    (!t.contains('[')).then(|| t.to_string())
}

/// A cost of symbols only ("[1][Body]"): energy and power.
fn cost_of(s: &str) -> Option<ActivateCost> {
    split_cost(&format!("{s}:")).map(|(c, _)| c)
}

/// "[cost]: [effect]" where the cost is only cost symbols: exhaust ([Tap]), energy
/// ([N]) and power ([Rune] or a domain). `[Add]` effects and other costs are not split.
fn split_cost(line: &str) -> Option<(ActivateCost, String)> {
    let (head, tail) = line.split_once(':')?;
    let mut cost = ActivateCost::default();
    let mut any = false;
    let mut h = head.trim();
    while !h.is_empty() {
        let token = leading_token(h)?;
        match token.as_str() {
            "Tap" => cost.exhaust = true,
            // [Rune] is the symbol of power of any domain ([A], 135.2.e.5)
            "Rune" | "Power" => cost.power.add("any", 1)?,
            d @ ("Fury" | "Calm" | "Mind" | "Body" | "Chaos" | "Order") => {
                cost.power.add(&d.to_ascii_lowercase(), 1)?
            }
            n if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                cost.energy = cost.energy.checked_add(n.parse().ok()?)?
            }
            _ => return None,
        }
        any = true;
        h = h[token.len() + 2..]
            .trim_start()
            .trim_start_matches(',')
            .trim();
    }
    any.then(|| (cost, tail.trim().to_string()))
}

/// Sentences of a line ("Draw 1. Buff me." → two).
fn sentences(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        if c == '.' && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) {
            let t = cur.trim().to_string();
            if !t.is_empty() && t != "." {
                out.push(t);
            }
            cur.clear();
        }
    }
    let t = cur.trim().to_string();
    if !t.is_empty() {
        out.push(t);
    }
    out
}

/// "When I attack, …" and the other trigger conditions the vocabulary has (378–383).
fn triggered(s: &str) -> Option<AbilityDef> {
    const WHEN: &[(&str, &str)] = &[
        ("when you play me", "play"),
        ("when i attack", "attack"),
        ("when i defend", "defend"),
        ("when i move", "move"),
        ("when i conquer", "conquer"),
        ("when i hold", "hold"),
        ("when i die", "die"),
        ("at the end of your turn", "end-of-turn"),
        ("at the start of your beginning phase", "beginning-phase"),
    ];
    let f = fold(s);
    let (phrase, when) = WHEN
        .iter()
        .find(|(p, _)| f.strip_prefix(p).is_some_and(|rest| rest.starts_with(',')))?;
    let (_, body) = s.split_at(s.find(',')? + 1);
    debug_assert!(fold(&s[..s.find(',')?]) == *phrase);
    let e = effect(body.trim())?;
    Some(AbilityDef {
        when: Some(name(*when)),
        effect: Some(spanned(e)),
        ..Default::default()
    })
}

/// Passives the vocabulary has: "While I'm [Mighty], I have [Shield].",
/// "Other friendly units here have +1 [Might]." (361–366).
fn passive(s: &str) -> Option<AbilityDef> {
    passive_when(s, "always")
}

/// A passive; `given` is its condition unless the text states one ("While I'm …").
fn passive_when(s: &str, given: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.');
    let (condition, rest) = if let Some(r) = strip_ci(t, "while i'm ") {
        let (cond, rest) = r.split_once(',')?;
        let cond = match fold(cond).as_str() {
            "mighty" => "mighty",
            "an attacker" | "attacking" => "attacking",
            "a defender" | "defending" => "defending",
            _ => return None,
        };
        if given != "always" {
            return None;
        }
        (cond, rest.trim())
    } else {
        (given, t)
    };
    let (scope, what) = if let Some(w) = strip_ci(rest, "i have ") {
        ("me", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units here have ") {
        ("other-friendly-units-here", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units have ") {
        ("other-friendly-units", w)
    } else if let Some(w) = strip_ci(rest, "friendly units have ") {
        ("friendly-units", w)
    } else {
        return None;
    };
    let mut a = AbilityDef {
        while_: Some(name(condition.to_string())),
        scope: Some(name(scope)),
        ..Default::default()
    };
    if let Some(n) = might_bonus(what) {
        a.might = Some(n);
    } else {
        a.grant = vec![name(granted_keyword(what)?)];
    }
    Some(a)
}

/// "[Shield]", "[Assault 2]": exactly one keyword the engine models, as it is granted.
fn granted_keyword(what: &str) -> Option<String> {
    let token = leading_token(what.trim())?;
    if what.trim().len() != token.len() + 2 {
        return None;
    }
    let (k, _) = keyword_of(&token)?;
    keyword_modelled(&k).then_some(k)
}

/// "+2 [Might]" / "-1 [Might]" → 2 / -1.
fn might_bonus(s: &str) -> Option<Signed> {
    let t = s.trim();
    let (num, rest) = t.split_at(t.find(|c: char| !(c == '+' || c == '-' || c.is_ascii_digit()))?);
    if fold(rest) != "might" {
        return None;
    }
    num.parse().ok()
}

fn strip_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    (s.len() >= prefix.len()
        && s.is_char_boundary(prefix.len())
        && s[..prefix.len()].eq_ignore_ascii_case(prefix))
    .then(|| &s[prefix.len()..])
}

/// A target phrase in the vocabulary's words.
fn target(s: &str) -> Option<&'static str> {
    Some(match fold(s.trim().trim_end_matches('.')).as_str() {
        "me" | "this" => "me",
        "a unit" | "any unit" => "choose-unit",
        "an enemy unit" => "choose-enemy",
        "a friendly unit" | "a unit you control" => "choose-friendly",
        "an enemy unit here" => "choose-enemy-here",
        "a friendly unit here" => "choose-friendly-here",
        "all enemy units here" | "each enemy unit here" => "enemy-units-here",
        "all units here" | "each unit here" => "all-units-here",
        "other friendly units here" | "each other friendly unit here" => {
            "other-friendly-units-here"
        }
        _ => return None,
    })
}

/// One instruction in the vocabulary of 407–439: deal, kill, buff, ready, exhaust,
/// recall, heal, draw, gain XP, give Might this turn, give a keyword this turn;
/// "you may" makes it optional.
fn effect(s: &str) -> Option<format::Effect> {
    let mut t = s.trim().trim_end_matches('.').trim();
    let mut e = format::Effect::default();
    if let Some(r) = strip_ci(t, "you may ") {
        e.may = true;
        t = r;
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let verb = words.first()?.to_ascii_lowercase();
    let rest = t[words.first()?.len()..].trim();
    match verb.as_str() {
        "deal" => {
            // "Deal 3 to an enemy unit"
            let (n, to) = rest.split_once(" to ")?;
            e.deal = Some(Amount::Fixed(n.trim().parse().ok()?));
            e.to = Some(name(target(to)?));
        }
        "kill" => e.kill = Some(name(target(rest)?)),
        "buff" => e.buff = Some(name(target(rest)?)),
        "ready" => e.ready = Some(name(target(rest)?)),
        "exhaust" => e.exhaust = Some(name(target(rest)?)),
        "recall" => e.recall = Some(name(target(rest)?)),
        "heal" => e.heal = Some(name(target(rest)?)),
        "draw" => {
            e.draw = Some(name("you"));
            e.count = Some(rest.parse().ok()?);
        }
        "gain" => {
            // "Gain 2 XP"
            let n = rest
                .strip_suffix("XP")
                .or_else(|| rest.strip_suffix("xp"))?;
            e.gain_xp = Some(n.trim().parse().ok()?);
        }
        "give" => {
            // "Give a friendly unit +2 [Might] this turn" / "Give me [Assault 2] this turn"
            let body = strip_suffix_ci(rest, " this turn")?;
            let (who, what) = split_target_and_rest(body)?;
            e.to = Some(name(who));
            if let Some(n) = might_bonus(what) {
                e.might = Some(n);
            } else {
                e.grant = Some(name(granted_keyword(what)?));
            }
        }
        _ => return None,
    }
    Some(e)
}

fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let n = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(n) && s[n..].eq_ignore_ascii_case(suffix)).then(|| &s[..n])
}

/// "a friendly unit +2 [Might]" → ("choose-friendly", "+2 [Might]").
fn split_target_and_rest(s: &str) -> Option<(&'static str, &str)> {
    let cut = s.find(['+', '-', '['])?;
    Some((target(&s[..cut])?, &s[cut..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(kind: &str, text: &str) -> Card {
        Card {
            name: "Test".into(),
            kind: kind.into(),
            supertype: None,
            domains: vec!["Fury".into()],
            energy: Some(2),
            power: Some(0),
            might: Some(3),
            tags: vec![],
            text: text::normalise(text),
            errata: None,
            might_bonus: None,
            equip_text: None,
            banned_from: None,
            banned: false,
            aliases: vec![],
        }
    }

    #[test]
    fn keywords_with_values_and_reminders() {
        let c = compile(&card(
            "Unit",
            "[TANK] (I must be assigned combat damage first.)\n[Assault 2] (+2 [Might] while I'm an attacker.)",
        ));
        let k: Vec<&str> = c.def.keywords.iter().map(|k| k.value.as_str()).collect();
        assert_eq!(k, ["Tank", "Assault 2"]);
        assert!(c.fully_modelled(), "{:?}", c.phrases);
    }

    #[test]
    fn triggers_activated_and_deathknell() {
        let c = compile(&card(
            "Unit",
            "When I attack, deal 2 to an enemy unit here.\n[Tap]: [Reaction] — Buff me.\n[Deathknell] — Draw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities;
        assert_eq!(a[0].value.when.as_ref().unwrap().value, "attack");
        let act = a[1].value.activate.as_ref().unwrap();
        assert!(act.value.exhaust && act.value.reaction);
        assert_eq!(a[2].value.when.as_ref().unwrap().value, "die");
    }

    #[test]
    fn what_is_not_translated_is_kept_with_its_exact_phrase() {
        let c = compile(&card(
            "Unit",
            "I enter ready.\n[Stun] an enemy unit.\n[Legion]",
        ));
        assert!(!c.fully_modelled());
        let bad: Vec<(&str, &PhraseStatus)> = c
            .unsupported()
            .map(|p| (p.text.as_str(), &p.status))
            .collect();
        assert_eq!(bad[0], ("I enter ready.", &PhraseStatus::Unsupported));
        assert_eq!(bad[1].1, &PhraseStatus::UnknownKeyword);
        // a Legion without its dependent ability says nothing the engine can run
        assert_eq!(bad[2], ("[Legion]", &PhraseStatus::Unsupported));
        // The unsupported text travels in the definition for the loader to report.
        let texts: Vec<&str> = c
            .def
            .abilities
            .iter()
            .filter_map(|a| a.value.text.as_ref().map(|t| t.value.as_str()))
            .collect();
        assert_eq!(
            texts,
            ["I enter ready.", "[Stun] an enemy unit.", "[Legion]"]
        );
    }

    #[test]
    fn spells_passives_and_costs() {
        let s = compile(&card("Spell", "[Action]\nDeal 3 to a unit."));
        assert!(s.fully_modelled(), "{:?}", s.phrases);
        assert_eq!(
            s.def
                .effect
                .as_ref()
                .unwrap()
                .value
                .to
                .as_ref()
                .unwrap()
                .value,
            "choose-unit"
        );
        let two = compile(&card("Spell", "Deal 1 to a unit. Draw 1."));
        assert!(two.partly_modelled());
        let p = compile(&card("Unit", "While I'm [Mighty], I have [Shield]."));
        assert!(p.fully_modelled(), "{:?}", p.phrases);
        let l = compile(&card("Unit", "[Level 6] I have +2 [Might]."));
        assert!(l.fully_modelled(), "{:?}", l.phrases);
        assert_eq!(
            l.def.abilities[0].value.while_.as_ref().unwrap().value,
            "level 6"
        );
        assert_eq!(l.def.keywords[0].value, "Level 6");
        let mut eq = card(
            "Gear",
            "[EQUIP][1][Body] ([1][Body]: Attach this to a unit you control.)",
        );
        eq.might_bonus = Some(2);
        eq.equip_text = Some("[Tank] (I must be assigned combat damage first.)".into());
        let eq = compile(&eq);
        assert!(eq.fully_modelled(), "{:?}", eq.phrases);
        let cost = eq.def.equip.as_ref().unwrap();
        let power = cost.value.power.to_power(crate::engine::Power::own);
        assert_eq!(
            (cost.value.energy.get(), power),
            (1, crate::engine::Power::of(crate::engine::Domain::Body, 1))
        );
        assert_eq!(eq.def.might_bonus.map(|b| b.get()), Some(2));
        assert_eq!(
            eq.def.effect_text.as_ref().unwrap().value.keywords[0].value,
            "Tank"
        );
        let odd = compile(&card("Gear", "[Equip] — [Order], Kill a friendly unit"));
        assert!(!odd.fully_modelled() && odd.def.keywords.is_empty());
        let act = compile(&card(
            "Gear",
            "[2][Fury], [Tap]: Give a unit +1 [Might] this turn.",
        ));
        assert!(act.fully_modelled(), "{:?}", act.phrases);
        let cost = act.def.abilities[0].value.activate.as_ref().unwrap();
        let power = cost.value.power.to_power(crate::engine::Power::own);
        assert_eq!(
            (cost.value.energy.get(), power),
            (2, crate::engine::Power::of(crate::engine::Domain::Fury, 1))
        );
        assert!(!compile(&card("Gear", "[Add] [Fury].")).fully_modelled());
    }

    #[test]
    fn legion_compiles_its_dependent_ability() {
        let c = compile(&card("Unit", "[Legion] — When you play me, draw 1."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert!(
            c.def.abilities.iter().any(|a| a.value.legion),
            "{:?}",
            c.def.abilities
        );
        let c = compile(&card("Unit", "[Legion] — I have +2 [Might]."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert!(
            c.def.abilities.iter().any(|a| a
                .value
                .while_
                .as_ref()
                .is_some_and(|w| w.value == "legion"))
        );
    }

    #[test]
    fn repeat_keeps_its_cost() {
        let mut sp = card(
            "Spell",
            "[Repeat][1][Mind] (You may pay the additional cost to repeat this spell's effect.)\nDraw 1.",
        );
        sp.domains = vec!["Mind".into()];
        let c = compile(&sp);
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let r = &c.def.repeat[0].value;
        assert_eq!(r.energy.get(), 1);
        assert_eq!(
            r.power.to_power(crate::engine::Power::own),
            crate::engine::Power::of(crate::engine::Domain::Mind, 1)
        );
        let c = compile(&card(
            "Spell",
            "[Repeat 2] (You may pay the additional cost to repeat this spell's effect.)\nDraw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(c.def.repeat[0].value.energy.get(), 2);
        // a cost that is not symbols only stays unsupported text
        let c = compile(&card(
            "Spell",
            "[Repeat] - Discard 1 (You may pay.)\nDraw 1.",
        ));
        assert!(!c.fully_modelled() && c.def.repeat.is_empty());
    }
}
