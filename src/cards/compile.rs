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
        open: None,
        open_replacement: None,
        chosen: None,
        deathknell_next: false,
        line_chose: false,
        modes: None,
    };
    for line in logical_lines(&card.text) {
        c.line(&line);
    }
    c.end_modes();
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
    // A spell's instructions: the first as `effect`, the rest in order as `then` (359.3.e).
    let mut effects = std::mem::take(&mut c.spell_effects).into_iter();
    if let Some(e) = effects.next() {
        def.effect = Some(spanned(e));
    }
    def.then = effects.map(spanned).collect();
    // "Choose …" that no later instruction refers to says nothing the engine can run.
    if let Some((phrase, _)) = c.chosen.take() {
        c.set_status(&phrase, PhraseStatus::Unsupported);
    }
    // A Deathknell whose effect never came.
    if c.deathknell_next {
        c.deathknell_next = false;
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
    /// A spell's instructions, in order.
    spell_effects: Vec<format::Effect>,
    /// The triggered or activated ability the sentences of this line continue.
    open: Option<usize>,
    /// The replacement ability this line began ("If a friendly unit would die, kill this
    /// instead."), whose further sentences say what else happens instead.
    open_replacement: Option<usize>,
    /// "Choose a friendly unit.": the sentence and the target word its "it" stands for,
    /// until an instruction refers to it.
    chosen: Option<(String, String)>,
    /// "[Deathknell]" alone on its line: its effect is the next line (808.1).
    deathknell_next: bool,
    /// A spell's "Choose one —" line and the modes read so far (`None`: one failed).
    modes: Option<(String, Vec<Option<format::Effect>>)>,
    /// An instruction of this line chose a unit (what a later "it" may refer to).
    line_chose: bool,
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
        // 355.3: "Choose one —" and its modes, one per bulleted line
        if self.modes.is_some() {
            if let Some(m) = rest.strip_prefix(['•', '-', '᛫', '·', '–']) {
                self.mode(m.trim());
                return;
            }
            self.end_modes();
        }
        if self.card.is("spell")
            && matches!(
                fold(rest.trim_end_matches(['—', '–', '-', ' ', ':'])).as_str(),
                "choose one"
            )
        {
            self.modes = Some((rest.clone(), Vec::new()));
            return;
        }
        self.open = None;
        self.open_replacement = None;
        self.line_chose = false;
        if let Some((c, _)) = self.chosen.take() {
            self.set_status(&c, PhraseStatus::Unsupported);
        }
        if std::mem::take(&mut self.deathknell_next) {
            self.deathknell_effect(&rest);
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
                    let level = format!("level {n}");
                    let dependent =
                        passive_when(body, &level).or_else(|| conditional_self_cost(body, &level));
                    match dependent {
                        Some(a) => {
                            self.abilities.extend(a);
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
                    let dependent = passive_when(body, "legion")
                        .or_else(|| conditional_self_cost(body, "legion"))
                        .or_else(|| {
                            triggered(body, false).map(|v| {
                                v.into_iter()
                                    .map(|mut a| {
                                        a.legion = true;
                                        a
                                    })
                                    .collect()
                            })
                        });
                    match dependent.filter(|_| !body.is_empty()) {
                        Some(a) => {
                            self.abilities.extend(a);
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
            } else if is_symbol(&token)
                || token.eq_ignore_ascii_case("stun")
                || token.eq_ignore_ascii_case("buff")
            {
                // a symbol, or "[Stun]" / "[Buff]": a game action written in brackets
                break;
            } else {
                // A keyword of a later set ("[Empower]", "[Flow]"), or a term used as one.
                self.push(&rest, PhraseStatus::UnknownKeyword);
                return;
            }
        }
        if let Some(effect_text) = dk_rest {
            let effect_text = effect_text
                .trim_start_matches(['—', '–', '-', ' ', ':'])
                .trim();
            if effect_text.is_empty() {
                self.deathknell_next = true;
            } else {
                self.deathknell_effect(effect_text);
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

    /// One mode of a "Choose one": a single instruction (the format's modes are one each).
    fn mode(&mut self, text: &str) {
        let e = instructions(text)
            .filter(|v| v.len() == 1)
            .and_then(|v| v.into_iter().next())
            .filter(|e| e.at.as_ref().is_none_or(|a| a.value != "here"));
        self.push(
            text,
            if e.is_some() {
                PhraseStatus::Compiled
            } else {
                PhraseStatus::Unsupported
            },
        );
        if let Some((_, v)) = self.modes.as_mut() {
            v.push(e);
        }
    }

    /// The end of a "Choose one": two modes or more, all read, make the spell's instruction
    /// (355.3: the mode is chosen as the spell is played).
    fn end_modes(&mut self) {
        let Some((line, modes)) = self.modes.take() else {
            return;
        };
        let all: Option<Vec<format::Effect>> = modes.into_iter().collect();
        match all.filter(|v| v.len() >= 2) {
            Some(v) => {
                self.spell_effects.push(format::Effect {
                    choose_one: v.into_iter().map(spanned).collect(),
                    ..Default::default()
                });
                self.push(&line, PhraseStatus::Compiled);
            }
            None => self.push(&line, PhraseStatus::Unsupported),
        }
    }

    /// 808.1: "[Deathknell] — [effect]" is "When I die, [effect]" (its sentences in order).
    fn deathknell_effect(&mut self, effect_text: &str) {
        match body_instructions(effect_text) {
            Some(all) => {
                let mut all = all.into_iter();
                self.abilities.push(AbilityDef {
                    when: Some(name("die")),
                    effect: all.next().map(spanned),
                    then: all.map(spanned).collect(),
                    ..Default::default()
                });
                self.push(effect_text, PhraseStatus::Compiled);
            }
            None => self.push(effect_text, PhraseStatus::Unsupported),
        }
    }

    fn sentence(&mut self, s: &str) {
        let s = strip_ci(s.trim(), "then, ")
            .or_else(|| strip_ci(s.trim(), "then "))
            .unwrap_or(s.trim());
        if let Some((a, t)) = trigger_that_chooses(s, self.card.is("battlefield")) {
            // "When you play me, choose an enemy unit." — its instructions follow, "it" being
            // the unit chosen (355.5: chosen as the ability goes on the chain)
            if let Some((old, _)) = self.chosen.take() {
                self.set_status(&old, PhraseStatus::Unsupported);
            }
            self.abilities.push(a);
            self.open = Some(self.abilities.len() - 1);
            self.chosen = Some((s.to_string(), t));
            self.push(s, PhraseStatus::Unsupported);
        } else if let Some(v) = triggered(s, self.card.is("battlefield")) {
            self.line_chose = v.iter().any(|a| {
                a.effect
                    .iter()
                    .chain(&a.then)
                    .any(|e| chooses(&mut e.value.clone()))
            });
            self.abilities.extend(v);
            self.open = Some(self.abilities.len() - 1);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = passive(s) {
            self.abilities.extend(a);
            self.open = None;
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(condition) = enters_ready(s) {
            // 364.2: a passive that changes how this unit enters (359.2.c), perhaps only "if …"
            self.abilities.push(AbilityDef {
                enter_ready: true,
                if_: condition.map(name),
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = self_cost(s) {
            // 356.4: "I cost [2] less for each gear you control."
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(r) = static_replacement(s) {
            // 367–370: "If a friendly unit would die, kill this instead."
            self.abilities.push(r);
            self.open_replacement = Some(self.abilities.len() - 1);
            self.open = None;
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(i) = self.open_replacement
            && let Some(v) = instead_instructions(s)
        {
            // "Heal that unit, exhaust it, and recall it.": more of what happens instead
            self.abilities[i].instead.extend(v.into_iter().map(spanned));
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(f) = match fold(s).as_str() {
            "this enters exhausted" => Some(0),
            "i cant be chosen by enemy spells and abilities" => Some(1),
            "i dont deal combat damage" => Some(2),
            _ => None,
        } {
            // passives that change how it enters (364.2), what may choose it (355.9.b), what
            // it adds to combat damage (460.2.c)
            self.abilities.push(AbilityDef {
                enter_exhausted: f == 0,
                not_chosen_by_enemies: f == 1,
                no_combat_damage: f == 2,
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(w) = match fold(s).as_str() {
            "you may play me to an open battlefield" => Some("open"),
            "you may play me to an occupied enemy battlefield" => Some("occupied-enemy"),
            _ => None,
        } {
            // 355.2.b: a location the unit may be played to besides the default ones
            self.abilities.push(AbilityDef {
                play_to: Some(name(w)),
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(c) = additional_cost(s) {
            // 356.2: a passive that adds to the cost of playing this card
            self.abilities.push(AbilityDef {
                additional_cost: Some(spanned(c)),
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some((a, b)) = strip_ci(s, "choose ").and_then(chosen_pair) {
            // "Choose a friendly unit and an enemy unit." — what "they" are in the next
            // instruction (the first and the second)
            if let Some((old, _)) = self.chosen.take() {
                self.set_status(&old, PhraseStatus::Unsupported);
            }
            self.chosen = Some((s.to_string(), format!("{a}\u{1f}{b}")));
            self.push(s, PhraseStatus::Unsupported);
        } else if let Some(t) = strip_ci(s, "choose ").and_then(target) {
            // "Choose a friendly unit." — what a later instruction calls "it"
            if let Some((old, _)) = self.chosen.take() {
                self.set_status(&old, PhraseStatus::Unsupported);
            }
            self.chosen = Some((s.to_string(), t));
            // compiled once an instruction refers to it
            self.push(s, PhraseStatus::Unsupported);
        } else if let Some((c, v)) = self_replacement(s)
            && let Some(last) = self.spell_effects.last_mut()
            && last.instead_if.is_none()
            && self.card.is("spell")
        {
            // 370.1.a: "If it's attacking, deal 4 to it instead." replaces the instruction before
            last.instead_if = Some(name(&c));
            last.instead = v.into_iter().map(spanned).collect();
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(mut v) = instructions(s) {
            let mut chosen = self.chosen.as_ref().map(|(_, t)| t.clone());
            let bound = bind_it(&mut v, &mut chosen, &mut self.line_chose);
            let used = self.chosen.is_some() && chosen.is_none();
            let open = self.open.filter(|_| bound);
            if let Some(i) = open {
                // a further sentence of the ability this line began (359.3.e)
                let mut v = v.into_iter();
                if self.abilities[i].effect.is_none() {
                    self.abilities[i].effect = v.next().map(spanned);
                }
                self.abilities[i].then.extend(v.map(spanned));
            } else if bound
                && self.card.is("spell")
                // a spell on the chain is nowhere "here"
                && !v.iter().any(|e| e.at.as_ref().is_some_and(|a| a.value == "here"))
            {
                self.spell_effects.extend(v);
            } else {
                self.push(s, PhraseStatus::Unsupported);
                return;
            }
            if used && let Some((c, _)) = self.chosen.take() {
                self.set_status(&c, PhraseStatus::Compiled);
            }
            self.push(s, PhraseStatus::Compiled);
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
        match body_instructions(body) {
            Some(v) => {
                let mut v = v.into_iter();
                self.abilities.push(AbilityDef {
                    activate: Some(spanned(cost)),
                    effect: v.next().map(spanned),
                    then: v.map(spanned).collect(),
                    ..Default::default()
                });
                self.push(line, PhraseStatus::Compiled);
            }
            None => self.push(line, PhraseStatus::Unsupported),
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
        // "Kill this, [Tap]: …": the source is killed as part of the cost (403.1.a)
        if let Some(r) = strip_ci(h, "kill this") {
            cost.kill_this = true;
            any = true;
            h = r.trim_start().trim_start_matches(',').trim();
            continue;
        }
        // "Spend 2 XP: …" (730.2)
        if let Some(r) = strip_ci(h, "spend ") {
            let (n, rest) = r.split_once(' ')?;
            let rest = strip_ci(rest.trim_start(), "xp")?;
            cost.xp = cost.xp.checked_add(n.parse().ok()?)?;
            any = true;
            h = rest.trim_start().trim_start_matches(',').trim();
            continue;
        }
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

/// "When I attack, …" and the other trigger conditions the vocabulary has (378–383);
/// "When I attack or defend, …" is one ability for each. "When you conquer/hold here" is
/// on a battlefield's card only.
fn triggered(s: &str, battlefield: bool) -> Option<Vec<AbilityDef>> {
    const WHEN: &[(&str, &[&str])] = &[
        ("when you play me", &["play"]),
        ("when you play this", &["play"]),
        ("when i attack or defend", &["attack", "defend"]),
        ("when i attack", &["attack"]),
        ("when i defend", &["defend"]),
        ("when i move to a battlefield", &["move-to-battlefield"]),
        ("when i win a combat", &["win-combat"]),
        ("when i move", &["move"]),
        ("when i conquer", &["conquer"]),
        ("when i hold", &["hold"]),
        ("when i die", &["die"]),
        ("when you play a spell", &["play-spell"]),
        ("at the end of your turn", &["end-of-turn"]),
        ("at the start of your beginning phase", &["beginning-phase"]),
        ("at start of your beginning phase", &["beginning-phase"]),
        ("when a friendly unit dies", &["friendly-unit-dies"]),
        (
            "when another friendly unit dies",
            &["another-friendly-unit-dies"],
        ),
        ("when you play a unit", &["you-play-unit"]),
        ("when you play another unit", &["you-play-unit"]),
        ("when you play a gear", &["you-play-gear"]),
        ("when you conquer", &["you-conquer"]),
        ("when you hold", &["you-hold"]),
    ];
    const HERE: &[(&str, &[&str])] = &[
        ("when you conquer here", &["conquer"]),
        ("when you hold here", &["hold"]),
    ];
    let f = fold(s);
    let table = if battlefield { HERE } else { WHEN };
    let lookup = |head: &str| -> Option<Vec<&'static str>> {
        table
            .iter()
            .find(|(p, _)| *p == head)
            .map(|(_, w)| w.to_vec())
    };
    let head = f.split(',').next()?;
    // "When you play me or at the start of your Beginning Phase, …", "When you play me or I
    // attack, …": one ability for each condition
    let whens: Vec<&'static str> = match lookup(head) {
        Some(w) => w,
        None => {
            let (a, b) = head.split_once(" or ")?;
            let b = if b.starts_with("when ") || b.starts_with("at ") {
                b.to_string()
            } else {
                format!("when {b}")
            };
            // "When you conquer or hold": the second shares the first's subject
            let shared = a
                .strip_prefix("when you ")
                .map(|_| b.replacen("when ", "when you ", 1));
            let mut v = lookup(a)?;
            v.extend(lookup(&b).or_else(|| lookup(shared.as_deref()?))?);
            v
        }
    };
    if !s.contains(',') {
        return None;
    }
    let (_, body) = s.split_at(s.find(',')? + 1);
    let mut body = body.trim();
    // 383.3.e: "When you play me, if you control a Poro, …": a conditional statement
    let mut condition = None;
    if let Some(r) = strip_ci(body, "if ") {
        let (c, rest) = r.split_once(',')?;
        condition = Some(if_condition(c)?);
        body = rest.trim();
    }
    // 403.1.b.1: "you may pay [cost] to [effect]" — a cost within the instructions
    let mut cost = None;
    if let Some(r) = strip_ci(body, "you may pay ") {
        let (c, rest) = r.split_once(" to ")?;
        let c = cost_of(c.trim()).filter(|c| !c.exhaust)?;
        cost = Some(format::TriggerCost {
            energy: c.energy,
            power: c.power,
        });
        body = rest;
    }
    let mut v = instructions(body)?;
    bind_it(&mut v, &mut None, &mut false).then_some(())?;
    Some(
        whens
            .iter()
            .map(|w| {
                let mut v = v.clone().into_iter();
                AbilityDef {
                    when: Some(name(*w)),
                    effect: v.next().map(spanned),
                    then: v.map(spanned).collect(),
                    cost: cost.clone().map(spanned),
                    if_: condition.clone().map(name),
                    ..Default::default()
                }
            })
            .collect(),
    )
}

/// "I enter ready." (`Some(None)`), "I enter ready if you control another Mech." (with its
/// condition).
fn enters_ready(s: &str) -> Option<Option<String>> {
    let t = s.trim().trim_end_matches('.').trim();
    if fold(t) == "i enter ready" {
        return Some(None);
    }
    let c = strip_ci(t, "i enter ready if ")?;
    Some(Some(if_condition(c)?))
}

/// 356.3–356.4: the card's own cost, "I cost [2] less for each gear you control, to a
/// minimum of [1].", "This costs [2] less if you control a Mech.", "If you control a Mech,
/// this costs [2] less." — energy only.
fn self_cost(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    // "If …, this costs …": the condition first
    let (cond, t) = match strip_ci(t, "if ") {
        Some(r) => {
            let (c, rest) = r.split_once(", ")?;
            (Some(if_condition(c)?), rest.trim())
        }
        None => (None, t),
    };
    let r = strip_ci(t, "i cost ").or_else(|| strip_ci(t, "this costs "))?;
    let (amount, r) = r.split_once(' ')?;
    let n: i64 = amount.strip_prefix('[')?.strip_suffix(']')?.parse().ok()?;
    let (sign, r) = match r.split_once(' ').map_or((r, ""), |(a, b)| (a, b)) {
        ("less", r) => (-1, r),
        ("more", r) => (1, r),
        _ => return None,
    };
    // ", to a minimum of [1]"
    let (r, min) = match r.split_once(", to a minimum of ") {
        Some((a, m)) => (
            a,
            Some(
                m.trim()
                    .strip_prefix('[')?
                    .strip_suffix(']')?
                    .parse::<i64>()
                    .ok()?,
            ),
        ),
        None => (r, None),
    };
    let r = r.trim();
    let (for_each, cond) = if r.is_empty() {
        (None, cond)
    } else if let Some(x) = strip_ci(r, "for each ") {
        let f = fold(x);
        let count = match f.as_str() {
            "gear you control" => "gear".to_string(),
            "unit you control" => "units".to_string(),
            "card in your trash" => "trash".to_string(),
            "card with my name in your trash" => "trash same-name".to_string(),
            "card youve played this turn" => "played-this-turn".to_string(),
            "of your mighty units" => "mighty units".to_string(),
            _ => return None,
        };
        (Some(count), cond)
    } else if let Some(c) = strip_ci(r, "if ").filter(|_| cond.is_none()) {
        (None, Some(if_condition(c)?))
    } else {
        return None;
    };
    Some(AbilityDef {
        play_cost: Some(spanned(format::PlayCostDef {
            energy: Signed::new(sign * n)?,
            of: Some(name("me")),
            player: None,
            min: min.and_then(Amt::new),
            for_each: for_each.map(name),
        })),
        if_: cond.map(name),
        ..Default::default()
    })
}

/// "[Legion] I cost [2] less.", "[Level 6] This costs [2] less.": the card's own cost, with
/// the keyword's condition (812.1.b.1, 824.1.b.1).
fn conditional_self_cost(s: &str, condition: &str) -> Option<Vec<AbilityDef>> {
    let mut a = self_cost(s).filter(|a| a.if_.is_none())?;
    a.if_ = Some(name(condition));
    Some(vec![a])
}

/// 370.1.a: "If it's attacking, deal 4 to it instead." / "If you control 7 or more runes,
/// deal 7 to it instead." — a condition ("it" being the unit the instruction before chose)
/// and the instructions that replace that one when it holds.
fn self_replacement(s: &str) -> Option<(String, Vec<format::Effect>)> {
    let t = strip_ci(s.trim().trim_end_matches('.'), "if ")?;
    let (c, body) = t.split_once(", ")?;
    let c = match fold(c).as_str() {
        "its attacking" => "attacking".to_string(),
        "its defending" => "defending".to_string(),
        "its buffed" => "buffed".to_string(),
        "its mighty" => "mighty".to_string(),
        _ => if_condition(c)?,
    };
    let body = strip_suffix_ci(body.trim(), " instead")?;
    Some((c, instructions(body)?))
}

/// The condition of "if …" in the vocabulary's words: "you paid the additional cost",
/// "you control 4 or fewer runes", "you control another Mech", "you control two or more
/// gear", "you control 3 or more other gear", "you control a Poro", "I'm at a battlefield".
fn if_condition(c: &str) -> Option<String> {
    let f = fold(c);
    if f == "you paid the additional cost" {
        return Some("additional-cost-paid".into());
    }
    if f == "im at a battlefield" {
        return Some("at-battlefield".into());
    }
    let w: Vec<&str> = f.strip_prefix("you control ")?.split(' ').collect();
    // the name of what is counted: gear, units, or a tag ("Mech"), as the text writes it
    let thing = |x: &str| -> Option<String> {
        match x {
            "gear" => Some("gear".into()),
            "unit" | "units" => Some("units".into()),
            _ => {
                let t = c
                    .split_whitespace()
                    .find(|o| o.eq_ignore_ascii_case(x))?
                    .trim_end_matches(['.', ',']);
                t.chars()
                    .next()
                    .is_some_and(char::is_uppercase)
                    .then(|| t.to_string())
            }
        }
    };
    Some(match w.as_slice() {
        [n, "or", "fewer", "runes"] => format!("runes {} or fewer", count_word(n)?),
        [n, "or", "more", "runes"] => format!("runes {} or more", count_word(n)?),
        ["another", x] => format!("control another {}", thing(x)?),
        ["a" | "an", x] => format!("control a {}", thing(x)?),
        [n, "or", "more", "other", x] => format!("control {} other {}", count_word(n)?, thing(x)?),
        [n, "or", "more", x] => format!("control {} {}", count_word(n)?, thing(x)?),
        _ => return None,
    })
}

/// 390–392: "When any unit takes damage this turn, kill it." — a delayed ability the spell
/// or ability creates; in what it does, "it" is the unit that made it trigger.
fn delayed(t: &str) -> Option<format::Effect> {
    let rest = strip_ci(t, "when any unit takes damage ")?;
    let (duration, rest) = if let Some(r) = strip_ci(rest, "this turn, ") {
        ("this-turn", r)
    } else {
        ("this-combat", strip_ci(rest, "this combat, ")?)
    };
    Some(format::Effect {
        delayed: Some(Box::new(format::DelayedDef {
            when: name("unit-takes-damage"),
            duration: Some(name(duration)),
            effects: instead_instructions(rest)?
                .into_iter()
                .map(spanned)
                .collect(),
        })),
        ..Default::default()
    })
}

/// 367–370: "If a friendly unit would die, kill this instead." — a replacement effect of a
/// permanent, applied each time (`always`); whose death it replaces is its scope.
fn static_replacement(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.').trim();
    if let Some(a) = token_replacement(t) {
        return Some(a);
    }
    let rest = strip_ci(t, "if ")?;
    let (who, rest) = rest.split_once(" would die, ")?;
    let scope = match fold(who).as_str() {
        "a friendly unit" | "a unit you control" => "friendly-units",
        "another friendly unit" | "another unit you control" => "other-friendly-units",
        "i" => "me",
        _ => return None,
    };
    let body = strip_suffix_ci(rest.trim(), " instead")?;
    Some(AbilityDef {
        would: Some(name("die")),
        scope: Some(name(scope)),
        instead: instead_instructions(body)?
            .into_iter()
            .map(spanned)
            .collect(),
        ..Default::default()
    })
}

/// 371, 375: "[Once each turn, ]if you would play a token unit[ while I'm at a
/// battlefield], [you may ]play that token and an additional copy of it instead" — a
/// replacement of its controller playing a token; "you may" goes with "once each turn"
/// (371.1: its controller chooses to apply it).
fn token_replacement(t: &str) -> Option<AbilityDef> {
    let (once, rest) = match strip_ci(t, "once each turn, ") {
        Some(r) => (true, r),
        None => (false, t),
    };
    let rest = strip_ci(rest, "if you would play ")?;
    let (what, rest) = rest.split_once(',')?;
    let (what, condition) = match strip_suffix_ci(what.trim(), " while i'm at a battlefield") {
        Some(w) => (w, Some("at-battlefield")),
        None => (what.trim(), None),
    };
    let event = match fold(what).as_str() {
        "a token" => "play-token",
        "a token unit" | "a unit token" => "play-unit-token",
        "a token gear" | "a gear token" => "play-gear-token",
        _ => return None,
    };
    let rest = rest.trim();
    let (may, rest) = match strip_ci(rest, "you may ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    // "you may" only as the choice "once each turn" gives (371.1)
    if may != once {
        return None;
    }
    let body = strip_suffix_ci(rest, " instead")?;
    let and = if fold(body) == "play that token and an additional copy of it" {
        format::Effect {
            play_that_token_and: Some(name("copy")),
            ..Default::default()
        }
    } else {
        // another instruction in its place ("draw 1 instead")
        let mut v = instructions(body)?;
        if v.len() != 1 || fold(body).contains("that token") {
            return None;
        }
        v.remove(0)
    };
    Some(AbilityDef {
        would: Some(name(event)),
        uses: once.then(|| name("once-each-turn")),
        if_: condition.map(name),
        instead: vec![spanned(and)],
        ..Default::default()
    })
}

/// What a replacement does instead, "that unit" and "it" being the unit whose event it
/// replaces; a new choice then is not in the vocabulary.
fn instead_instructions(s: &str) -> Option<Vec<format::Effect>> {
    let text = s.replace("that unit", "it").replace("That unit", "It");
    let mut v = instructions(&text)?;
    for x in v.iter_mut() {
        for t in target_fields(x) {
            if t.value == "it" {
                t.value = "that-unit".into();
            } else if t.value.starts_with("choose-") {
                return None;
            }
        }
    }
    Some(v)
}

/// "a unit", "a unit or gear", "a Bird, Cat, Dog, or Poro", "a card": what is chosen in
/// the trash, as the format's `choose-in-trash …` word.
fn trash_choice(what: &str) -> Option<String> {
    let w = strip_ci(what.trim(), "a ")
        .or_else(|| strip_ci(what.trim(), "an "))?
        .replace(", or ", " or ")
        .replace(" or ", ", ");
    let mut out = Vec::new();
    for x in w.split(", ").map(str::trim) {
        out.push(match x.to_ascii_lowercase().as_str() {
            "unit" | "spell" | "gear" | "card" => x.to_ascii_lowercase(),
            _ if !x.is_empty()
                && !x.contains(' ')
                && x.chars().next().is_some_and(char::is_uppercase) =>
            {
                x.to_string()
            }
            _ => return None,
        });
    }
    Some(format!("choose-in-trash {}", out.join(" or ")))
}

/// 356.2: "You may pay [Calm] as an additional cost to play me.", "As you play this, you may
/// spend a buff …", "As an additional cost to play me, discard 1.": the cost, optional with
/// "may" (356.2.b.1), mandatory without (356.2.a.1). Costs of energy and power, XP and
/// discards only.
fn additional_cost(s: &str) -> Option<format::AdditionalCostDef> {
    let t = s.trim().trim_end_matches('.').trim();
    let what = strip_ci(t, "you may ")
        .and_then(|r| {
            strip_suffix_ci(r, " as an additional cost to play me")
                .or_else(|| strip_suffix_ci(r, " as an additional cost to play this"))
        })
        .map(|w| (true, w))
        .or_else(|| {
            let r =
                strip_ci(t, "as you play me, ").or_else(|| strip_ci(t, "as you play this, "))?;
            let r = strip_ci(r, "you may ")?;
            strip_suffix_ci(r, " as an additional cost").map(|w| (true, w))
        })
        .or_else(|| {
            let r = strip_ci(t, "as an additional cost to play me, ")
                .or_else(|| strip_ci(t, "as an additional cost to play this, "))?;
            Some(match strip_ci(r, "you may ") {
                Some(w) => (true, w),
                None => (false, r),
            })
        })?;
    let (may, w) = what;
    let mut c = format::AdditionalCostDef {
        may,
        energy: Amt::default(),
        power: format::PowerSpec::default(),
        xp: Amt::default(),
        discard: Amt::default(),
    };
    if let Some(cost) = strip_ci(w, "pay ") {
        let k = cost_of(cost.trim()).filter(|k| !k.exhaust && !k.kill_this && k.xp.get() == 0)?;
        c.energy = k.energy;
        c.power = k.power;
    } else if let Some(n) = strip_ci(w, "spend ").and_then(|r| strip_suffix_ci(r.trim(), " xp")) {
        c.xp = n.trim().parse().ok()?;
    } else if let Some(n) = strip_ci(w, "discard ") {
        c.discard = Amt::new(count_word(n.trim())?)?;
    } else {
        return None;
    }
    Some(c)
}

/// Passives the vocabulary has: "While I'm [Mighty], I have [Shield].",
/// "Other friendly units here have +1 [Might]." (361–366).
fn passive(s: &str) -> Option<Vec<AbilityDef>> {
    passive_when(s, "always")
}

/// A passive; `given` is its condition unless the text states one ("While I'm …").
/// "I have +1 [Might] and [Ganking]" is one passive for each thing it gives.
fn passive_when(s: &str, given: &str) -> Option<Vec<AbilityDef>> {
    let t = s.trim().trim_end_matches('.');
    let about_me = strip_ci(t, "while i'm ").is_some();
    let (condition, rest) = if let Some(r) = strip_ci(t, "while i'm ") {
        let (cond, rest) = r.split_once(',')?;
        let cond = match fold(cond).as_str() {
            "mighty" => "mighty",
            "buffed" => "buffed",
            "at a battlefield" => "at-battlefield",
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
    } else if let Some(w) = strip_ci(rest, "other friendly units here have ")
        .or_else(|| strip_ci(rest, "your other units here have "))
    {
        ("other-friendly-units-here", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units have ")
        .and_then(|w| strip_suffix_ci(w.trim(), " here"))
    {
        // "Other friendly units have +1 [Might] here."
        ("other-friendly-units-here", w)
    } else if let Some(w) = strip_ci(rest, "other friendly units have ") {
        ("other-friendly-units", w)
    } else if let Some(w) = strip_ci(rest, "friendly units have ") {
        ("friendly-units", w)
    } else if let Some((tag, w)) = strip_ci(rest, "your ")
        .and_then(|r| r.split_once(" have "))
        .filter(|(tag, _)| {
            condition == "always"
                && tag.ends_with('s')
                && tag.chars().next().is_some_and(char::is_uppercase)
                && !tag.contains(' ')
        })
    {
        // "Your Mechs have [Shield]": the friendly units with that tag (a tag condition
        // checked on each of them)
        let mut v = passive_when(&format!("friendly units have {w}"), "always")?;
        for a in v.iter_mut() {
            a.while_ = Some(name(format!("tag {}", tag.trim_end_matches('s'))));
        }
        return Some(v);
    } else {
        return None;
    };
    // a condition about me ("While I'm …") is checked on each unit a wider passive affects:
    // only where that is the same thing (I'm at a battlefield, they are there with me)
    if about_me && scope != "me" && !(condition == "at-battlefield" && scope.ends_with("-here")) {
        return None;
    }
    what.split(" and ")
        .flat_map(|p| p.split(", "))
        .map(|part| {
            let mut a = AbilityDef {
                while_: Some(name(condition.to_string())),
                scope: Some(name(scope)),
                ..Default::default()
            };
            if let Some(n) = might_bonus(part) {
                a.might = Some(n);
            } else {
                a.grant = vec![name(granted_keyword(part)?)];
            }
            Some(a)
        })
        .collect()
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
    // "an additional +1 [Might]" adds like "+1 [Might]"
    let t = strip_ci(t, "an additional ").unwrap_or(t);
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

/// A target phrase in the vocabulary's words, with "with N [Might] or less" on a unit choice
/// or group ("a unit at a battlefield with 3 [Might] or less").
fn target(s: &str) -> Option<String> {
    let t = s.trim().trim_end_matches('.');
    let lower = t.to_ascii_lowercase();
    if let Some(i) = lower.find(" with ") {
        let bound = fold(&t[i + " with ".len()..]);
        let n: i32 = bound.strip_suffix(" might or less")?.trim().parse().ok()?;
        let word = target_word(&t[..i])?;
        let unitish =
            word.starts_with("choose-") && !word.ends_with("gear") && !word.ends_with("spell")
                || word.ends_with("units")
                || word.contains("units-");
        return unitish.then(|| format!("{word} with might {n} or less"));
    }
    // a tag in place of "unit": "your Mechs", "a friendly Mech", "another friendly Dragon"
    let tagged = |rest: &str| {
        let w = rest.trim();
        (w.chars().next().is_some_and(char::is_uppercase) && !w.contains(' ') && !w.contains('['))
            .then(|| w.to_string())
    };
    for (prefix, word, plural) in [
        ("your ", "friendly-units", true),
        ("a friendly ", "choose-friendly", false),
        ("another friendly ", "choose-other-friendly", false),
    ] {
        if let Some(tag) = strip_ci(t, prefix).and_then(tagged) {
            let tag = if plural {
                tag.strip_suffix('s')?.to_string()
            } else {
                tag
            };
            return Some(format!("{word} with tag {tag}"));
        }
    }
    target_word(t).map(str::to_string)
}

/// A target phrase without qualifier in the vocabulary's words.
fn target_word(s: &str) -> Option<&'static str> {
    Some(match fold(s.trim().trim_end_matches('.')).as_str() {
        "me" | "this" => "me",
        "a unit" | "any unit" => "choose-unit",
        "an enemy unit" => "choose-enemy",
        "a friendly unit" | "a unit you control" => "choose-friendly",
        "an enemy unit here" => "choose-enemy-here",
        "a friendly unit here" => "choose-friendly-here",
        "a unit at a battlefield" => "choose-unit-at-battlefield",
        "an enemy unit at a battlefield" => "choose-enemy-at-battlefield",
        "a friendly unit at a battlefield" => "choose-friendly-at-battlefield",
        "another friendly unit" | "another unit you control" => "choose-other-friendly",
        "another unit" => "choose-other-unit",
        "it" => "it",
        "all units" | "each unit" => "all-units",
        "a gear" => "choose-gear",
        "an enemy gear" => "choose-enemy-gear",
        "all gear" => "all-gear",
        "all enemy units" | "each enemy unit" | "enemy units" => "enemy-units",
        "all friendly units" | "each friendly unit" | "friendly units" | "your units" => {
            "friendly-units"
        }
        "other friendly units" | "your other units" | "each other friendly unit" => {
            "other-friendly-units"
        }
        "all units at battlefields" | "each unit at a battlefield" | "units at battlefields" => {
            "units-at-battlefields"
        }
        "all enemy units at battlefields" | "enemy units at battlefields" => {
            "enemy-units-at-battlefields"
        }
        "all enemy units here" | "each enemy unit here" | "enemy units here" => "enemy-units-here",
        "all units here" | "each unit here" | "units here" | "all units at my battlefield" => {
            "all-units-here"
        }
        "all enemy units at my battlefield" | "enemy units at my battlefield" => "enemy-units-here",
        "other friendly units here"
        | "each other friendly unit here"
        | "your other units here"
        | "other units you control here" => "other-friendly-units-here",
        _ => return None,
    })
}

/// The target words of an instruction (whom it affects), to bind "it".
fn target_fields(e: &mut format::Effect) -> Vec<&mut format::Name> {
    [
        &mut e.to,
        &mut e.kill,
        &mut e.fight,
        &mut e.with,
        &mut e.buff,
        &mut e.ready,
        &mut e.exhaust,
        &mut e.recall,
        &mut e.heal,
        &mut e.counter,
        &mut e.replace,
        &mut e.move_,
        &mut e.return_,
        &mut e.stun,
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// "When you play me, choose an enemy unit.": the triggered ability (its instructions to
/// follow) and the target word of what it chooses.
fn trigger_that_chooses(s: &str, battlefield: bool) -> Option<(AbilityDef, String)> {
    let t = s.trim().trim_end_matches('.');
    let (head, body) = t.split_once(", ")?;
    let chosen = strip_ci(body.trim(), "choose ")
        .and_then(|b| target(b).or_else(|| chosen_pair(b).map(|(a, b)| format!("{a}\u{1f}{b}"))))?;
    let mut v = triggered(&format!("{head}, draw 1."), battlefield)?;
    if v.len() != 1 {
        return None;
    }
    let mut a = v.pop()?;
    a.effect = None;
    a.then.clear();
    Some((a, chosen))
}

/// "a friendly unit and an enemy unit": two targets chosen by one sentence.
fn chosen_pair(s: &str) -> Option<(String, String)> {
    let t = s.trim().trim_end_matches('.');
    let (a, b) = t.split_once(" and ")?;
    Some((target(a)?, target(b)?))
}

/// Binds "it" in instructions: to the unit a "Choose …" sentence chose (`chosen`, used up),
/// else to the unit an earlier instruction chose (`before`; the engine binds it at step 2,
/// 355.5). False when an "it" refers to nothing chosen.
fn bind_it(v: &mut [format::Effect], chosen: &mut Option<String>, before: &mut bool) -> bool {
    for e in v.iter_mut() {
        // "they": the two units of a "Choose A and B" (and nothing else)
        if e.fight.as_ref().is_some_and(|f| f.value == "they") {
            let Some((a, b)) = chosen.as_deref().and_then(|c| c.split_once('\u{1f}')) else {
                return false;
            };
            e.fight = Some(name(a));
            e.with = Some(name(b));
            *chosen = None;
            *before = true;
            continue;
        }
        for t in target_fields(e) {
            if t.value == "it" {
                if chosen.as_deref().is_some_and(|c| c.contains('\u{1f}')) {
                    // two units were chosen: "it" is neither
                    return false;
                }
                if let Some(c) = chosen.take() {
                    t.value = c;
                    *before = true;
                } else if !*before {
                    return false;
                }
            } else if t.value.starts_with("choose-") {
                *before = true;
            }
        }
    }
    true
}

/// The sentences of an ability's effect, in order, "it" bound across them.
fn body_instructions(body: &str) -> Option<Vec<format::Effect>> {
    let mut all = Vec::new();
    let (mut chosen, mut before) = (None, false);
    for p in sentences(body) {
        let p = strip_ci(p.trim(), "then, ")
            .or_else(|| strip_ci(p.trim(), "then "))
            .unwrap_or(p.trim());
        if let Some(t) = strip_ci(p, "choose ").and_then(target) {
            chosen = Some(t);
            continue;
        }
        if let Some((a, b)) = strip_ci(p, "choose ").and_then(chosen_pair) {
            chosen = Some(format!("{a}\u{1f}{b}"));
            continue;
        }
        let mut v = instructions(p)?;
        if !bind_it(&mut v, &mut chosen, &mut before) {
            return None;
        }
        all.extend(v);
    }
    (!all.is_empty() && chosen.is_none()).then_some(all)
}

/// One sentence of instructions, executed in order (359.3.e): "A", "A, then B", "A and B",
/// "A, B, and C".
fn instructions(s: &str) -> Option<Vec<format::Effect>> {
    let t = s.trim().trim_end_matches('.').trim();
    if let Some(v) = clause(t) {
        return Some(v);
    }
    // "You may A and B": whether the "may" covers B too is not for us to guess
    if strip_ci(t, "you may ").is_some() {
        return None;
    }
    for sep in [", then ", " then "] {
        if let Some(i) = t.to_ascii_lowercase().find(sep) {
            let mut v = instructions(&t[..i])?;
            v.extend(instructions(&t[i + sep.len()..])?);
            return Some(v);
        }
    }
    // "heal it, exhaust it, and recall it": each part an instruction of its own
    let parts: Vec<&str> = t
        .split(", ")
        .map(|p| strip_ci(p, "and ").unwrap_or(p))
        .collect();
    if parts.len() > 1
        && let Some(v) = parts.iter().map(|p| clause(p)).collect::<Option<Vec<_>>>()
    {
        return Some(v.into_iter().flatten().collect());
    }
    let f = t.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = f[from..].find(" and ").map(|i| i + from) {
        if let (Some(mut a), Some(b)) = (clause(&t[..i]), instructions(&t[i + 5..])) {
            a.extend(b);
            return Some(a);
        }
        from = i + 5;
    }
    None
}

/// An instruction chooses a unit (355.5).
fn chooses(e: &mut format::Effect) -> bool {
    target_fields(e)
        .iter()
        .any(|t| t.value.starts_with("choose-"))
}

/// Small numbers as card text writes them.
fn count_word(w: &str) -> Option<i64> {
    Some(match w.to_ascii_lowercase().as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        n => n.parse().ok()?,
    })
}

/// One instruction in the vocabulary of 407–439 — deal, kill, buff, ready, exhaust, recall,
/// heal, draw, gain XP, channel, counter, play a token, give Might or keywords this turn —
/// as one or more effects ("give a unit [Assault 2] and [Ganking] this turn" is two);
/// "you may" makes it optional.
fn clause(s: &str) -> Option<Vec<format::Effect>> {
    let mut t = s.trim().trim_end_matches('.').trim();
    let mut e = format::Effect::default();
    let may = strip_ci(t, "you may ").is_some();
    if let Some(r) = strip_ci(t, "you may ") {
        t = r;
    }
    // "you score 1 point": the controller is the one who scores
    if let Some(r) = strip_ci(t, "you score ") {
        t = &t[t.len() - r.len() - "score ".len()..];
    }
    // 417.6.b.3: "They deal damage equal to their Mights to each other" — the two units a
    // "Choose A and B" chose; "We … our Mights" — me and the unit chosen ("it")
    match fold(t).as_str() {
        "they deal damage equal to their mights to each other" => {
            e.fight = Some(name("they"));
            e.with = Some(name("they"));
            return Some(vec![e]);
        }
        "we deal damage equal to our mights to each other" => {
            e.fight = Some(name("me"));
            e.with = Some(name("it"));
            return Some(vec![e]);
        }
        _ => {}
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let verb = words.first()?.to_ascii_lowercase();
    let rest = t[words.first()?.len()..].trim();
    match verb.as_str() {
        "deal" => {
            // "Deal 3 to an enemy unit"
            let (n, to) = rest.split_once(" to ")?;
            let n = n.trim();
            let n = strip_suffix_ci(n, " damage").unwrap_or(n);
            // "Deal damage equal to my Might to an enemy unit here"
            e.deal = Some(
                if let Some(to) = strip_ci(rest, "damage equal to my might to ") {
                    e.to = Some(name(target(to)?));
                    Amount::Word("my-might".into())
                } else {
                    e.to = Some(name(target(to)?));
                    Amount::Fixed(n.trim().parse().ok()?)
                },
            );
        }
        "kill" => e.kill = Some(name(target(rest)?)),
        // 423: "Stun an enemy unit here" / "[Stun] a unit"
        "stun" | "[stun]" => e.stun = Some(name(target(rest)?)),
        "buff" | "[buff]" => e.buff = Some(name(target(rest)?)),
        "ready" => e.ready = Some(name(target(rest)?)),
        "exhaust" => e.exhaust = Some(name(target(rest)?)),
        "recall" => e.recall = Some(name(target(rest)?)),
        "heal" => e.heal = Some(name(target(rest)?)),
        "draw" => {
            e.draw = Some(name("you"));
            e.count = Some(rest.parse().ok()?);
        }
        "score" => {
            // "Score 1 point": points gained from a source other than a conquer or a hold
            // (466.1.a.1)
            let (n, w) = rest.split_once(' ')?;
            if !matches!(fold(w).as_str(), "point" | "points") {
                return None;
            }
            e.gain_points = Some(Signed::new(count_word(n)?)?);
        }
        "discard" => {
            // 422: "Discard 2"
            e.discard = Some(name("you"));
            e.count = Some(rest.parse().ok()?);
        }
        "gain" => {
            // "Gain 2 XP"
            let n = rest
                .strip_suffix("XP")
                .or_else(|| rest.strip_suffix("xp"))?;
            e.gain_xp = Some(n.trim().parse().ok()?);
        }
        "channel" => {
            // 430: "Channel 2 runes exhausted"
            let (n, what) = rest.split_once(' ')?;
            let what = fold(what);
            e.exhausted = match what.as_str() {
                "rune" | "runes" => false,
                "rune exhausted" | "runes exhausted" => true,
                _ => return None,
            };
            e.channel = Some(n.parse().ok()?);
        }
        "counter" => {
            // 425: "Counter a spell"
            e.counter = Some(name(match fold(rest).as_str() {
                "a spell" => "choose-spell",
                "an enemy spell" => "choose-enemy-spell",
                _ => return None,
            }));
        }
        "[add]" => {
            // 429: "[Add] [1]", "[Add] [Fury]", "[Add] [Rune]" (power of any domain)
            let c = cost_of(rest.trim())?;
            if c.exhaust {
                return None;
            }
            let mut power = c.power;
            if let Some(n) = power.any.take() {
                power.number = Some(n);
            }
            e.add = Some(format::AddDef {
                energy: c.energy,
                power,
            });
        }
        "return" => {
            // 355.10.a: "Return a unit from your trash to your hand" — a card chosen there
            if let Some(what) = strip_suffix_ci(rest, " from your trash to your hand") {
                e.return_ = Some(name(trash_choice(what)?));
            } else {
                // "Return a unit at a battlefield to its owner's hand"
                let lower = rest.to_ascii_lowercase();
                let who = [
                    " to its owner's hand",
                    " to their owner's hand",
                    " to their owners' hands",
                    " to their owners hands",
                ]
                .iter()
                .find_map(|p| lower.strip_suffix(p).map(|w| &rest[..w.len()]))?;
                e.return_ = Some(name(target(who)?));
            }
        }
        "move" => {
            // 440: a move by an effect — "Move a unit at a battlefield to its base"
            let lower = rest.to_ascii_lowercase();
            let (who, to) = [
                " to its base",
                " to their base",
                " to base",
                " to its owner's base",
                " to your base",
            ]
            .iter()
            .find_map(|p| lower.strip_suffix(p).map(|w| (&rest[..w.len()], "base")))?;
            let who = match fold(who).as_str() {
                // "from a battlefield": a unit at a battlefield
                "a unit from a battlefield" => "choose-unit-at-battlefield".to_string(),
                "an enemy unit from a battlefield" => "choose-enemy-at-battlefield".to_string(),
                _ => target(who)?,
            };
            e.move_ = Some(name(who));
            e.to = Some(name(to));
        }
        "play" => token(rest, &mut e)?,
        "give" => return give(rest, may),
        "the" if !may => return next_time(t).map(|e| vec![e]),
        "prevent" if !may => return prevent_next(rest).map(|e| vec![e]),
        "when" if !may => return delayed(t).map(|e| vec![e]),
        _ => return None,
    }
    // gear are chosen to be killed or returned only (the other instructions are about units)
    if verb != "kill"
        && verb != "return"
        && target_fields(&mut e)
            .iter()
            .any(|t| t.value.ends_with("gear"))
    {
        return None;
    }
    e.may = may;
    Some(vec![e])
}

/// 369, 370: "The next time it would die this turn, heal it, exhaust it, and recall it
/// instead" / "The next time that unit would be dealt damage this turn, prevent it": a
/// replacement effect about the unit chosen before, created for the duration (369.2:
/// preventing is a replacement); in what happens instead, "it" is that unit.
fn next_time(t: &str) -> Option<format::Effect> {
    let rest = strip_ci(t, "the next time ")?;
    let rest = strip_ci(rest, "it ").or_else(|| strip_ci(rest, "that unit "))?;
    let (would, rest) = [
        ("would die", "die"),
        ("dies", "die"),
        ("would be killed", "be-killed"),
        ("would be dealt damage", "be-dealt-damage"),
    ]
    .iter()
    .find_map(|(p, w)| strip_ci(rest, p).map(|r| (*w, r)))?;
    let (duration, rest) = match strip_ci(rest, " this turn") {
        Some(r) => ("this-turn", r),
        None => ("permanent", rest),
    };
    let rest = rest.strip_prefix(", ")?;
    let mut e = format::Effect {
        replace: Some(name("it")),
        would: Some(name(would)),
        uses: Some(name("next")),
        duration: Some(name(duration)),
        ..Default::default()
    };
    if fold(rest) == "prevent it" {
        e.prevent = true;
    } else {
        let body = strip_suffix_ci(rest.trim(), " instead")?;
        e.instead = instead_instructions(body)?
            .into_iter()
            .map(spanned)
            .collect();
    }
    Some(e)
}

/// 437: "Prevent the next 7 damage that would be dealt to it this turn": a prevention of an
/// amount about the unit chosen before (437.1.b.1), created for the duration.
fn prevent_next(rest: &str) -> Option<format::Effect> {
    let rest = strip_ci(rest, "the next ")?;
    let (n, rest) = rest.split_once(' ')?;
    let rest = strip_ci(rest, "damage that would be dealt to ")?;
    let rest = strip_ci(rest, "it").or_else(|| strip_ci(rest, "that unit"))?;
    let duration = match fold(rest).as_str() {
        " this turn" | "this turn" => "this-turn",
        "" => "permanent",
        _ => return None,
    };
    Some(format::Effect {
        replace: Some(name("it")),
        would: Some(name("be-dealt-damage")),
        prevent_next: Some(n.parse().ok()?),
        duration: Some(name(duration)),
        ..Default::default()
    })
}

/// 176–182, 439: "play a ready 3 [Might] Sprite unit token with [Temporary]", "play two 1
/// [Might] Recruit unit tokens to your base": tokens for the controller, in their base
/// (where tokens are played unless the text names a place), described inline.
fn token(rest: &str, e: &mut format::Effect) -> Option<()> {
    let mut words = rest.split_whitespace().peekable();
    let count = count_word(words.next()?)?;
    // "a Gold gear token exhausted": a gear token defined by its own card (under `cards:`
    // or in the card database), played exhausted if so (gear enter ready, 149.1)
    let lower = rest.to_ascii_lowercase();
    if let Some(i) = lower.find(" gear token") {
        let head: Vec<&str> = rest[..i].split_whitespace().skip(1).collect();
        let after = rest[i + " gear token".len()..]
            .trim_start_matches('s')
            .trim();
        if head.is_empty() || head.iter().any(|w| w.contains('[')) {
            return None;
        }
        e.exhausted = match fold(after).as_str() {
            "exhausted" => true,
            "" => false,
            _ => return None,
        };
        e.create = Some(name(head.join(" ")));
        e.count = Some(format::Count::new(count)?);
        return Some(());
    }
    let ready = words.next_if(|w| w.eq_ignore_ascii_case("ready")).is_some();
    let rest: Vec<&str> = words.collect();
    let rest = rest.join(" ");
    // "3 [Might] Sprite unit token …" (or "3[Might]")
    let (might, rest) = rest.split_once('[')?;
    let might: i64 = might.trim().parse().ok()?;
    let rest = strip_ci(rest, "might]")?.trim();
    let lower = rest.to_ascii_lowercase();
    let i = lower.find(" unit token")?;
    let token_name = rest[..i].trim();
    let mut after = rest[i + " unit token".len()..]
        .trim_start_matches('s')
        .trim();
    if token_name.is_empty() || token_name.contains('[') {
        return None;
    }
    // the base is where tokens are played anyway ("into your base" is not "… in" + "to your
    // base": the place is matched as whole words)
    for place in ["into your base", "to your base", "in your base"] {
        if let Some(a) = strip_suffix_ci(after, place).filter(|a| a.is_empty() || a.ends_with(' '))
        {
            after = a.trim();
            break;
        }
    }
    // "here": where the ability's source is (its battlefield, or its base)
    if let Some(a) = strip_suffix_ci(after, "here") {
        after = a.trim();
        e.at = Some(name("here"));
    }
    let mut keywords = Vec::new();
    if let Some(with) = strip_ci(after, "with ") {
        for k in with.split(" and ") {
            keywords.push(name(granted_keyword(k.trim())?));
        }
    } else if !after.is_empty() {
        return None;
    }
    e.create = Some(name(token_name));
    e.count = Some(format::Count::new(count)?);
    e.ready_token = ready;
    e.token = Some(Box::new(spanned(format::CardDef {
        kind: Some(name("unit")),
        might: Signed::new(might),
        supertype: Some(name("Token")),
        tags: vec![name(token_name)],
        keywords,
        ..Default::default()
    })));
    Some(())
}

/// "Give a friendly unit +2 [Might] this turn", "Give me [Assault 2] and [Ganking] this
/// turn", "Give a unit -1 [Might] this turn, to a minimum of 1 [Might]" (472.3.b): one effect
/// for each thing given, the later ones to the same unit ("it").
fn give(rest: &str, may: bool) -> Option<Vec<format::Effect>> {
    let (rest, min) = match rest.to_ascii_lowercase().find(", to a minimum of ") {
        Some(i) => {
            let m = rest[i + ", to a minimum of ".len()..].trim();
            let (n, unit) = m.split_once(' ').unwrap_or((m, ""));
            if fold(unit) != "might" {
                return None;
            }
            (&rest[..i], Some(n.parse::<Signed>().ok()?))
        }
        None => (rest, None),
    };
    let body = strip_suffix_ci(rest, " this turn")?;
    let (who, what) = split_target_and_rest(body)?;
    if who.ends_with("gear") {
        return None;
    }
    let mut out = Vec::new();
    for (i, part) in what.split(" and ").flat_map(|p| p.split(", ")).enumerate() {
        let mut e = format::Effect {
            to: Some(name(if i > 0 && who.starts_with("choose-") {
                "it"
            } else {
                who.as_str()
            })),
            may: may && i == 0,
            ..Default::default()
        };
        if let Some(n) = might_bonus(part) {
            e.might = Some(n);
            e.min = min;
        } else {
            e.grant = Some(name(granted_keyword(part)?));
        }
        out.push(e);
    }
    // "you may" over several things given is one decision the vocabulary cannot express
    if min.is_some() && !out.iter().any(|e| e.might.is_some()) || may && out.len() > 1 {
        return None;
    }
    Some(out)
}

fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let n = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(n) && s[n..].eq_ignore_ascii_case(suffix)).then(|| &s[..n])
}

/// "a friendly unit +2 [Might]" → ("choose-friendly", "+2 [Might]").
fn split_target_and_rest(s: &str) -> Option<(String, &str)> {
    let cut = s.find(['+', '-', '['])?;
    Some((target(&s[..cut])?, &s[cut..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn card(kind: &str, text: &str) -> Card {
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

    /// Whom a compiled spell's first instruction affects (`to`).
    pub(super) fn effect_to(c: &Compiled) -> &str {
        let e = &c.def.effect.as_ref().expect("a spell effect").value;
        &e.to.as_ref().expect("a `to`").value
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
            "I can't move to base.\n[Flow] an enemy unit.\n[Legion]",
        ));
        assert!(!c.fully_modelled());
        let bad: Vec<(&str, &PhraseStatus)> = c
            .unsupported()
            .map(|p| (p.text.as_str(), &p.status))
            .collect();
        assert_eq!(
            bad[0],
            ("I can't move to base.", &PhraseStatus::Unsupported)
        );
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
            ["I can't move to base.", "[Flow] an enemy unit.", "[Legion]"]
        );
    }

    #[test]
    fn spells_passives_and_costs() {
        let s = compile(&card("Spell", "[Action]\nDeal 3 to a unit."));
        assert!(s.fully_modelled(), "{:?}", s.phrases);
        assert_eq!(effect_to(&s), "choose-unit");
        // further instructions follow the first, in order (359.3.e)
        let two = compile(&card("Spell", "Deal 1 to a unit. Draw 1."));
        assert!(two.fully_modelled(), "{:?}", two.phrases);
        assert!(two.def.then[0].value.draw.is_some());
        let odd = compile(&card("Spell", "Deal 1 to a unit. Scry 2."));
        assert!(odd.partly_modelled());
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

#[cfg(test)]
mod sequence_tests {
    use super::tests::{card, effect_to};
    use super::*;

    fn targets(e: &format::Effect) -> Vec<String> {
        let mut e = e.clone();
        target_fields(&mut e)
            .iter()
            .map(|t| t.value.clone())
            .collect()
    }

    #[test]
    fn chosen_units_are_referred_to_as_it() {
        // "Choose …" gives the next "it" its requirement; later "it"s are that same unit
        let c = compile(&card(
            "Spell",
            "Choose a friendly unit. Give it +2 [Might] this turn. Ready it.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.effect.as_ref().unwrap().value;
        assert_eq!(targets(e), ["choose-friendly"]);
        assert_eq!(targets(&c.def.then[0].value), ["it"]);
        // two keywords given to one chosen unit: the second to "it"
        let c = compile(&card(
            "Spell",
            "Give a unit [Assault 2] and [Ganking] this turn.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(targets(&c.def.then[0].value), ["it"]);
        // "it" with nothing chosen before refers to nothing: not compiled
        let c = compile(&card("Spell", "Ready it."));
        assert!(!c.fully_modelled());
        // a "Choose" nothing refers to stays unsupported
        let c = compile(&card("Spell", "Choose a unit."));
        assert!(!c.fully_modelled());
    }

    #[test]
    fn sequences_groups_tokens_and_limits() {
        let c = compile(&card(
            "Unit",
            "When you play me, buff another friendly unit, then draw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(
            targets(&a.effect.as_ref().unwrap().value),
            ["choose-other-friendly"]
        );
        assert!(a.then[0].value.draw.is_some());
        let c = compile(&card("Spell", "Deal 1 to all units at battlefields."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(
            targets(&c.def.effect.as_ref().unwrap().value),
            ["units-at-battlefields"]
        );
        let c = compile(&card(
            "Spell",
            "Play two ready 3 [Might] Sprite unit tokens with [Temporary].",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.effect.as_ref().unwrap().value;
        assert_eq!(e.create.as_ref().unwrap().value, "Sprite");
        assert_eq!(e.count.map(|n| n.get()), Some(2));
        assert!(e.ready_token);
        let t = &e.token.as_ref().unwrap().value;
        assert_eq!(t.might.map(|m| m.get()), Some(3));
        assert_eq!(t.keywords[0].value, "Temporary");
        // "here": the source's location; a place the vocabulary cannot say stays unsupported
        let c = compile(&card(
            "Unit",
            "When I hold, play a 1 [Might] Recruit unit token here.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let c = compile(&card(
            "Spell",
            "Play a 1 [Might] Recruit unit token at the Rift.",
        ));
        assert!(!c.fully_modelled());
        let c = compile(&card(
            "Spell",
            "Give a unit -4 [Might] this turn, to a minimum of 1 [Might].",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.effect.as_ref().unwrap().value;
        assert_eq!(
            (e.might.map(|m| m.get()), e.min.map(|m| m.get())),
            (Some(-4), Some(1))
        );
        let c = compile(&card("Unit", "I enter ready."));
        assert!(c.fully_modelled() && c.def.abilities[0].value.enter_ready);
        let c = compile(&card("Unit", "[Deathknell]\nChannel 1 rune exhausted."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.when.as_ref().unwrap().value, "die");
        assert!(a.effect.as_ref().unwrap().value.exhausted);
        let c = compile(&card(
            "Unit",
            "When I attack or defend, deal 2 to an enemy unit here.",
        ));
        let whens: Vec<&str> = c
            .def
            .abilities
            .iter()
            .map(|a| a.value.when.as_ref().unwrap().value.as_str())
            .collect();
        assert_eq!(whens, ["attack", "defend"]);
        // "and" in a passive: one passive for each thing it gives
        let c = compile(&card("Unit", "[Level 3] I have +1 [Might] and [Ganking]."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(c.def.abilities.len(), 2);
        assert!(
            c.def
                .abilities
                .iter()
                .all(|a| a.value.while_.as_ref().unwrap().value == "level 3")
        );
        let c = compile(&card(
            "Unit",
            "When I attack, deal damage equal to my Might to an enemy unit here.\nOther friendly units have +1 [Might] here.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert!(matches!(
            c.def.abilities[0].value.effect.as_ref().unwrap().value.deal,
            Some(Amount::Word(_))
        ));
        assert_eq!(
            c.def.abilities[1].value.scope.as_ref().unwrap().value,
            "other-friendly-units-here"
        );
        let c = compile(&card("Spell", "Deal 2 damage to an enemy unit."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let c = compile(&card(
            "Gear",
            "When you play this, you may pay [1] to draw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(
            c.def.abilities[0]
                .value
                .cost
                .as_ref()
                .unwrap()
                .value
                .energy
                .get(),
            1
        );
        // "Your Mechs have [Shield]": friendly units, with a tag condition
        let c = compile(&card("Unit", "Your Mechs have [Shield]."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.while_.as_ref().unwrap().value, "tag Mech");
        assert_eq!(a.scope.as_ref().unwrap().value, "friendly-units");
        // a tag in place of "unit" in instructions
        let c = compile(&card("Spell", "Give your Mechs +1 [Might] this turn."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(effect_to(&c), "friendly-units with tag Mech");
        // 355.3: "Choose one —" and its bulleted modes
        let c = compile(&card(
            "Spell",
            "Choose one —\n• Deal 2 to a unit at a battlefield.\n• Draw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert_eq!(c.def.effect.as_ref().unwrap().value.choose_one.len(), 2);
        let c = compile(&card("Spell", "Choose one —\n• Draw 1.\n• Scry 2."));
        assert!(!c.fully_modelled());
        let c = compile(&card("Battlefield", "When you hold here, draw 1."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        // "here" triggers of a battlefield are not a unit's
        assert!(!compile(&card("Unit", "When you hold here, draw 1.")).fully_modelled());
    }
}

#[cfg(test)]
mod replacement_tests {
    use super::tests::card;
    use super::*;

    #[test]
    fn the_next_time_it_would_die_is_a_created_replacement() {
        let c = card(
            "Spell",
            "[Reaction]\nChoose a friendly unit. The next time it would die this turn, heal it, exhaust it, and recall it instead.",
        );
        let k = compile(&c);
        assert!(k.fully_modelled(), "{:?}", k.phrases);
        let e = &k.def.effect.as_ref().unwrap().value;
        assert_eq!(e.replace.as_ref().unwrap().value, "choose-friendly");
        assert_eq!(e.would.as_ref().unwrap().value, "die");
        assert_eq!(e.duration.as_ref().unwrap().value, "this-turn");
        let instead: Vec<&str> = e
            .instead
            .iter()
            .map(|x| {
                x.value
                    .heal
                    .as_ref()
                    .or(x.value.exhaust.as_ref())
                    .or(x.value.recall.as_ref())
                    .unwrap()
                    .value
                    .as_str()
            })
            .collect();
        assert_eq!(instead, ["that-unit"; 3]);
        let p = card(
            "Spell",
            "Choose a unit. The next time that unit would be dealt damage this turn, prevent it. Draw 1",
        );
        let k = compile(&p);
        assert!(k.fully_modelled(), "{:?}", k.phrases);
        let e = &k.def.effect.as_ref().unwrap().value;
        assert!(e.prevent && e.instead.is_empty());
        assert!(k.def.then[0].value.draw.is_some());
        // 437: a prevention of an amount
        let k = compile(&card(
            "Spell",
            "[Reaction]\nChoose a unit. Prevent the next 7 damage that would be dealt to it this turn. (Opponents can assign it extra combat damage to kill it.)",
        ));
        assert!(k.fully_modelled(), "{:?}", k.phrases);
        let e = &k.def.effect.as_ref().unwrap().value;
        assert_eq!(e.replace.as_ref().unwrap().value, "choose-unit");
        assert_eq!(e.would.as_ref().unwrap().value, "be-dealt-damage");
        assert_eq!(e.prevent_next.map(|n| n.get()), Some(7));
        assert_eq!(e.duration.as_ref().unwrap().value, "this-turn");
        assert!(!e.prevent && e.instead.is_empty());
    }

    #[test]
    fn self_replacement_replaces_the_instruction_before() {
        // 370.1.a: the card's own "instead", on the unit it chose or on its controller
        let k = compile(&card(
            "Spell",
            "Deal 2 to a unit at a battlefield. If it's attacking, deal 4 to it instead.",
        ));
        assert!(k.fully_modelled(), "{:?}", k.phrases);
        let e = &k.def.effect.as_ref().unwrap().value;
        assert_eq!(e.instead_if.as_ref().unwrap().value, "attacking");
        assert_eq!(e.instead.len(), 1);
        assert_eq!(e.instead[0].value.to.as_ref().unwrap().value, "it");
        let k = compile(&card(
            "Spell",
            "Deal 4 to a unit at a battlefield. If you control 7 or more runes, deal 7 to it instead.",
        ));
        let e = &k.def.effect.as_ref().unwrap().value;
        assert_eq!(e.instead_if.as_ref().unwrap().value, "runes 7 or more");
        // a condition the vocabulary has no words for stays unsupported
        let k = compile(&card(
            "Spell",
            "Deal 2 to a unit. If you control a facedown card, deal 4 to it instead.",
        ));
        assert!(!k.fully_modelled());
        assert!(k.def.effect.as_ref().unwrap().value.instead_if.is_none());
    }

    #[test]
    fn additional_costs_and_conditions() {
        // 356.2.b.1 optional, 356.2.a.1 mandatory; energy and power, XP, discards
        let cases = [
            (
                "You may pay [1][Fury] as an additional cost to play me.",
                true,
                1,
                0,
                0,
            ),
            (
                "As you play this, you may pay [Body] as an additional cost.",
                true,
                0,
                0,
                0,
            ),
            (
                "You may spend 3 XP as an additional cost to play me.",
                true,
                0,
                3,
                0,
            ),
            (
                "As an additional cost to play this, you may discard 1.",
                true,
                0,
                0,
                1,
            ),
            (
                "As you play me, you may discard 1 as an additional cost.",
                true,
                0,
                0,
                1,
            ),
            (
                "As an additional cost to play me, discard one.",
                false,
                0,
                0,
                1,
            ),
        ];
        for (text, may, energy, xp, discard) in cases {
            let c = compile(&card("Unit", text));
            assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
            let a = c.def.abilities[0].value.additional_cost.as_ref().unwrap();
            assert_eq!(
                (
                    a.value.may,
                    a.value.energy.get(),
                    a.value.xp.get(),
                    a.value.discard.get()
                ),
                (may, energy, xp, discard),
                "{text}"
            );
        }
        // what the engine cannot pay yet stays unsupported
        for text in [
            "You may kill a friendly gear as an additional cost to play me.",
            "As you play me, you may spend any number of buffs as an additional cost.",
        ] {
            assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
        }
        // 383.3.e: a conditional statement after the trigger condition
        let cases = [
            (
                "When you play me, if you paid the additional cost, buff me.",
                "additional-cost-paid",
            ),
            (
                "When I attack, if you control 4 or fewer runes, draw 1.",
                "runes 4 or fewer",
            ),
            (
                "When you play me, if you control 7 or more runes, draw 1.",
                "runes 7 or more",
            ),
            (
                "When you play me, if you control two or more gear, ready me.",
                "control 2 gear",
            ),
            (
                "When you play me, if you control 3 or more other gear, draw 1.",
                "control 3 other gear",
            ),
            (
                "When you play me, if you control a Poro, buff me and draw 1.",
                "control a Poro",
            ),
        ];
        for (text, cond) in cases {
            let c = compile(&card("Unit", text));
            assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
            assert_eq!(
                c.def.abilities[0].value.if_.as_ref().unwrap().value,
                cond,
                "{text}"
            );
        }
        // a condition the vocabulary has no words for is not dropped
        let c = compile(&card(
            "Unit",
            "At the start of your Beginning Phase, if you control a facedown card at a battlefield, draw 1.",
        ));
        assert!(!c.fully_modelled());
        let c = compile(&card(
            "Unit",
            "I enter ready if you control another Dragon.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert!(a.enter_ready);
        assert_eq!(a.if_.as_ref().unwrap().value, "control another Dragon");
    }

    #[test]
    fn trash_play_locations_replacements_and_delayed() {
        // 355.10.a: a card chosen in the trash
        for (text, word) in [
            (
                "When you play me, return a unit from your trash to your hand.",
                "choose-in-trash unit",
            ),
            (
                "Return a spell from your trash to your hand.",
                "choose-in-trash spell",
            ),
            (
                "When I hold, you may return a unit or gear from your trash to your hand.",
                "choose-in-trash unit or gear",
            ),
            (
                "When you play me, return a Bird, Cat, Dog, or Poro from your trash to your hand.",
                "choose-in-trash Bird or Cat or Dog or Poro",
            ),
        ] {
            let kind = if text.starts_with("Return") {
                "Spell"
            } else {
                "Unit"
            };
            let c = compile(&card(kind, text));
            assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
            let e = match &c.def.effect {
                Some(e) => &e.value,
                None => &c.def.abilities[0].value.effect.as_ref().unwrap().value,
            };
            assert_eq!(e.return_.as_ref().unwrap().value, word, "{text}");
        }
        assert!(
            !compile(&card(
                "Spell",
                "Return up to two cards with [Hidden] from your trash to your hand."
            ))
            .fully_modelled()
        );
        // 355.2.b
        let c = compile(&card("Unit", "You may play me to an open battlefield."));
        assert_eq!(
            c.def.abilities[0].value.play_to.as_ref().unwrap().value,
            "open"
        );
        let c = compile(&card(
            "Unit",
            "You may play me to an occupied enemy battlefield.",
        ));
        assert_eq!(
            c.def.abilities[0].value.play_to.as_ref().unwrap().value,
            "occupied-enemy"
        );
        // 367–370: a permanent's replacement effect, its second sentence part of "instead"
        let c = compile(&card(
            "Gear",
            "If a friendly unit would die, kill this instead. Heal that unit,\nexhaust it, and recall it.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.would.as_ref().unwrap().value, "die");
        assert_eq!(a.scope.as_ref().unwrap().value, "friendly-units");
        assert_eq!(a.instead.len(), 4);
        assert_eq!(a.instead[0].value.kill.as_ref().unwrap().value, "me");
        assert!(a.instead[1..].iter().all(|e| {
            target_fields(&mut e.value.clone())
                .iter()
                .all(|t| t.value == "that-unit")
        }));
        // an instruction after the line ends is not part of it
        let c = compile(&card("Gear", "If I would die, recall me instead.\nDraw 1."));
        assert!(!c.fully_modelled(), "{:?}", c.phrases);
        // 390: a delayed ability a spell creates
        let c = compile(&card(
            "Spell",
            "When any unit takes damage this turn, kill it.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let d = c
            .def
            .effect
            .as_ref()
            .unwrap()
            .value
            .delayed
            .as_ref()
            .unwrap();
        assert_eq!(d.when.value, "unit-takes-damage");
        assert_eq!(d.effects[0].value.kill.as_ref().unwrap().value, "that-unit");
    }

    #[test]
    fn entering_choosing_combat_damage_scores_and_two_triggers() {
        let c = compile(&card("Gear", "This enters exhausted."));
        assert!(c.fully_modelled() && c.def.abilities[0].value.enter_exhausted);
        let c = compile(&card(
            "Unit",
            "I can't be chosen by enemy spells and abilities.",
        ));
        assert!(c.fully_modelled() && c.def.abilities[0].value.not_chosen_by_enemies);
        let c = compile(&card("Unit", "I don't deal combat damage."));
        assert!(c.fully_modelled() && c.def.abilities[0].value.no_combat_damage);
        // a condition after it is not dropped
        let c = compile(&card(
            "Unit",
            "I can't be chosen by enemy spells and abilities unless I'm in combat.",
        ));
        assert!(!c.fully_modelled());
        // "you score 1 point" (466.1.a.1: not a score from a conquer or a hold)
        let c = compile(&card("Unit", "When I hold, you score 1 point."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
        assert_eq!(e.gain_points.map(|n| n.get()), Some(1));
        // "When you play me or at the start of your Beginning Phase, …": one ability each
        let c = compile(&card(
            "Unit",
            "When you play me or at the start of your Beginning Phase, draw 1.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let whens: Vec<&str> = c
            .def
            .abilities
            .iter()
            .map(|a| a.value.when.as_ref().unwrap().value.as_str())
            .collect();
        assert_eq!(whens, ["play", "beginning-phase"]);
        // "into your base" is the base (not "… in" and "to your base")
        let c = compile(&card(
            "Spell",
            "Play three 1 [Might] Recruit unit tokens into your base.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let c = compile(&card(
            "Unit",
            "[Deathknell] – Deal 4 to all units at my battlefield.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
    }

    #[test]
    fn token_replacements() {
        let c = compile(&card(
            "Unit",
            "Once each turn, if you would play a token unit while I'm at a battlefield, you may play that token and an additional copy of it instead.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let a = &c.def.abilities[0].value;
        assert_eq!(a.would.as_ref().unwrap().value, "play-unit-token");
        assert_eq!(a.uses.as_ref().unwrap().value, "once-each-turn");
        assert_eq!(a.if_.as_ref().unwrap().value, "at-battlefield");
        assert_eq!(
            a.instead[0]
                .value
                .play_that_token_and
                .as_ref()
                .unwrap()
                .value,
            "copy"
        );
        let c = compile(&card("Gear", "If you would play a token, draw 1 instead."));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        assert!(c.def.abilities[0].value.instead[0].value.draw.is_some());
        // "you may" without "once each turn" is not a choice the vocabulary has here
        let c = compile(&card(
            "Gear",
            "If you would play a token gear, you may play that token and an additional copy of it instead.",
        ));
        assert!(!c.fully_modelled());
    }

    #[test]
    fn triggers_that_watch_others() {
        let when = |text: &str| -> Vec<String> {
            let c = compile(&card("Unit", text));
            assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
            c.def
                .abilities
                .iter()
                .map(|a| a.value.when.as_ref().unwrap().value.clone())
                .collect()
        };
        assert_eq!(
            when("When another friendly unit dies, gain 1 XP."),
            ["another-friendly-unit-dies"]
        );
        assert_eq!(
            when("When a friendly unit dies, draw 1."),
            ["friendly-unit-dies"]
        );
        assert_eq!(
            when("When you play another unit, buff me."),
            ["you-play-unit"]
        );
        assert_eq!(when("When you play a gear, ready me."), ["you-play-gear"]);
        // the second condition shares the first's subject
        assert_eq!(
            when("When you conquer or hold, draw 1."),
            ["you-conquer", "you-hold"]
        );
        // "When you play a spell" is its own condition, not "a unit"
        assert_eq!(when("When you play a spell, draw 1."), ["play-spell"]);
    }

    #[test]
    fn own_costs() {
        let cost = |text: &str| {
            let c = compile(&card("Unit", text));
            assert!(c.fully_modelled(), "{text}: {:?}", c.phrases);
            let a = c.def.abilities.last().unwrap().value.clone();
            let p = a.play_cost.unwrap().value;
            (
                p.energy.get(),
                p.of.unwrap().value,
                p.for_each.map(|f| f.value),
                p.min.map(|m| m.get()),
                a.if_.map(|c| c.value),
            )
        };
        assert_eq!(
            cost("I cost [1] less for each gear you control, to a minimum of [2]."),
            (-1, "me".into(), Some("gear".into()), Some(2), None)
        );
        assert_eq!(
            cost("I cost [2] less for each card with my name in your trash."),
            (-2, "me".into(), Some("trash same-name".into()), None, None)
        );
        assert_eq!(
            cost("This costs [2] less if you control a Mech."),
            (-2, "me".into(), None, None, Some("control a Mech".into()))
        );
        assert_eq!(
            cost("[Legion] I cost [2] less."),
            (-2, "me".into(), None, None, Some("legion".into()))
        );
        // power in the discount, or a count the vocabulary lacks: kept as text
        for text in [
            "I cost [2][Order] less if you control a battlefield with exactly two units there.",
            "I cost [2] less to play from anywhere other than your hand.",
            "I cost [2][Calm] less for each point you scored from holding this turn.",
        ] {
            assert!(!compile(&card("Unit", text)).fully_modelled(), "{text}");
        }
    }

    #[test]
    fn units_that_deal_damage_to_each_other() {
        let c = compile(&card(
            "Spell",
            "Choose a friendly unit and an enemy unit. They deal damage equal to their Mights to each other.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.effect.as_ref().unwrap().value;
        assert_eq!(e.fight.as_ref().unwrap().value, "choose-friendly");
        assert_eq!(e.with.as_ref().unwrap().value, "choose-enemy");
        let c = compile(&card(
            "Unit",
            "When you play me, choose an enemy unit. We deal damage equal to our Mights to each other.",
        ));
        assert!(c.fully_modelled(), "{:?}", c.phrases);
        let e = &c.def.abilities[0].value.effect.as_ref().unwrap().value;
        assert_eq!(e.fight.as_ref().unwrap().value, "me");
        assert_eq!(e.with.as_ref().unwrap().value, "choose-enemy");
        // "they" with one unit chosen refers to nothing
        let c = compile(&card(
            "Spell",
            "Choose an enemy unit. They deal damage equal to their Mights to each other.",
        ));
        assert!(!c.fully_modelled());
    }
}
