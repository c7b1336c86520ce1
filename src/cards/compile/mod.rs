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

mod costs;
mod effects;
mod linked;
mod passive;
mod players;
mod replacement;
mod triggers;
mod zones;
use costs::*;
use effects::*;
use linked::*;
use passive::*;
use replacement::*;
use triggers::*;
use zones::*;
#[cfg(test)]
mod effects_tests;
#[cfg(test)]
mod groups_tests;
#[cfg(test)]
mod linked_tests;
#[cfg(test)]
mod locations_tests;
#[cfg(test)]
mod places_tests;
#[cfg(test)]
mod replacement_tests;
#[cfg(test)]
mod resolution_tests;
#[cfg(test)]
mod sequence_tests;
#[cfg(test)]
mod static_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod when_tests;
#[cfg(test)]
mod zones_tests;

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
    /// "Your deck can have any number of cards named X": the names whose copies deck
    /// construction does not limit to 3 (103.2.b), because card text supersedes rules
    /// text (002). Nothing of it happens in a game.
    pub deck_any_number: Vec<String>,
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

/// The words of a later set the 2026-03-30 rules do not define, written without brackets:
/// "Empower me.", "disempower it" (the rules' text has no "empower" at all; a test checks
/// it), with the keyword the report lists them under.
const LATER_WORDS: &[(&str, &str)] = &[("disempower", "Empower"), ("empower", "Empower")];

/// The first term of `text` that is not a word of the 2026-03-30 rules: a bracketed word
/// that is neither a symbol, a keyword of 805–826, nor a game action the rules write in
/// brackets ("[Stun]", "[Buff]", "[Predict 2]", "[Mighty]") — "They [Burn 1]." gives
/// "Burn" —, or a later set's word of `LATER_WORDS` ("When you empower something else, …"
/// gives "Empower"). A phrase that uses one cannot be run from the rules (the reminder
/// text that explains it has no effect on game function, 135.2.d.3), so it is reported under
/// that word, not as text the compiler missed.
pub fn later_term(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(i) = rest.find('[') {
        rest = &rest[i + 1..];
        let end = rest.find([']', '[']).unwrap_or(rest.len());
        let token = rest[..end].trim();
        let word = match token.rsplit_once(' ') {
            Some((w, v)) if v.chars().all(|c| c.is_ascii_digit()) => w,
            _ => token,
        };
        let known = word.is_empty()
            || SYMBOLS_AND_ACTIONS
                .iter()
                .any(|s| s.eq_ignore_ascii_case(word))
            || word.chars().all(|c| c.is_ascii_digit())
            || keyword_of(word).is_some()
            || predict_count(token).is_some();
        if !known {
            return Some(word.to_string());
        }
    }
    text.split(|c: char| !c.is_alphanumeric()).find_map(|w| {
        let w = w.to_ascii_lowercase();
        LATER_WORDS
            .iter()
            .find(|(stem, _)| w.starts_with(stem))
            .map(|(_, k)| k.to_string())
    })
}

/// Bracketed words that are symbols or game actions of the 2026-03-30 rules, any case.
const SYMBOLS_AND_ACTIONS: &[&str] = &[
    "Might", "Rune", "Power", "Tap", "Add", ">", "Fury", "Calm", "Mind", "Body", "Chaos", "Order",
    "Stun", "Buff", "Mighty",
];

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
        modes_of: Vec::new(),
        prev_one: false,
        after_cost: false,
        chosen_player: None,
        revealed: None,
        paid_pick: None,
        deck_any_number: Vec::new(),
    };
    for line in logical_lines(&card.text, card.errata.is_some()) {
        c.line(&line);
    }
    // A card of two permanent types ("Unit Gear"): Unit and Gear are each a permanent
    // type (133.4.a.2), and such an object is a unit for what looks at units and a gear
    // for what looks at gear (323.7 names "non-Unit Gear"). The engine's objects have
    // one card type, so the card is refused rather than played as only one of them.
    if card.kind.split_whitespace().count() > 1 {
        c.phrases.push(Phrase {
            text: format!("{}: a card of two types", card.kind),
            status: PhraseStatus::Unsupported,
        });
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
    // A phrase that uses a later set's word is reported under that word (see `later_term`).
    for p in &mut c.phrases {
        if p.status == PhraseStatus::Unsupported && later_term(&p.text).is_some() {
            p.status = PhraseStatus::UnknownKeyword;
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
        deck_any_number: c.deck_any_number,
    }
}

fn card_type(card: &Card) -> &'static str {
    let k = card.kind.to_ascii_lowercase();
    // a token unit, gear or battlefield (Baron Pit) is of its type; other "token" cards of
    // the list (a buff, an XP tracker) are markers, not game objects of a type
    if card.supertype_is("token") && k != "unit" && k != "gear" && k != "battlefield" {
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
    /// The triggered abilities whose instruction those modes are ("When I move to a
    /// battlefield, choose one —"), one per event; none for a spell's.
    modes_of: Vec<AbilityDef>,
    /// An instruction of this line chose a unit (what a later "it" may refer to).
    line_chose: bool,
    /// Equip's cost (818.1.c), when the text has "[Equip] [cost]".
    equip: Option<ActivateCost>,
    /// Repeat's costs (820.1.c), one per "[Repeat] [cost]".
    repeat: Vec<format::TriggerCost>,
    /// The sentence before gave one instruction (what "If you do" may depend on).
    prev_one: bool,
    /// The sentence before was an optional additional cost (356.2.b.1).
    after_cost: bool,
    /// "Choose an opponent.": the sentence and the player word, until "They …" uses it.
    chosen_player: Option<(String, &'static str)>,
    /// "They reveal their hand.": the sentences so far, the player word, and the card the
    /// controller may choose if the sentence said it, until what becomes of it is said.
    revealed: Option<(Vec<String>, &'static str, Option<String>)>,
    /// 742.1.b: "You may pay 2 XP to choose a card from their hand." after a revealed hand —
    /// the cost within the triggered ability's instructions, until the sentence that says
    /// what becomes of the card ("If you do, they discard that card and draw 1.").
    paid_pick: Option<format::TriggerCost>,
    /// Names a deck may hold any number of (a deck-construction permission, 002).
    deck_any_number: Vec<String>,
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
        // 002 over 103.2.b: "Your deck can have any number of cards named X." — a rule of
        // deck construction the card changes; the deck check reads it
        if let Some(n) = strip_ci(
            rest.trim_end_matches('.'),
            "your deck can have any number of cards named ",
        )
        .map(str::trim)
        .filter(|n| !n.is_empty())
        {
            self.deck_any_number.push(n.to_string());
            self.push(&rest, PhraseStatus::Compiled);
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
        // 355.3, 402.1: "When I move to a battlefield, choose one —": a triggered ability whose
        // instruction is the modes that follow, the mode chosen as it goes on the chain
        if let Some(v) = trigger_choosing_one(&rest, self.card.is("battlefield")) {
            self.modes = Some((rest.clone(), Vec::new()));
            self.modes_of = v;
            return;
        }
        // "Hidden (Hide now …)": a keyword alone on its line written without brackets
        if !rest.contains('[') && keyword_of(rest.trim_end_matches('.')).is_some() {
            rest = format!("[{}]", rest.trim_end_matches('.'));
        }
        // A spell's "Choose a friendly unit." ending a line, its instructions on the next
        // ("Give it [Temporary]."): a spell's instructions are one sequence, whatever the
        // lines (359.3.e), so the choice carries on to them; a keyword's line ends it
        let spell_goes_on = self.card.is("spell")
            && self.open.is_none()
            && self.open_replacement.is_none()
            && !rest.starts_with('[');
        self.open = None;
        self.open_replacement = None;
        self.line_chose = false;
        self.prev_one = false;
        self.after_cost = false;
        self.chosen_player = None;
        self.revealed = None;
        if !spell_goes_on && let Some((c, _)) = self.chosen.take() {
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
        // "Discard 1, [Tap]: …": a discard (422) ahead of a cost of symbols
        if let Some((n, after)) = strip_ci(&rest, "discard ").and_then(|r| r.split_once(", "))
            && let Some(n) = count_word(n).and_then(Amt::new)
            && let Some((mut cost, effect)) = split_cost(after)
        {
            cost.discard = n;
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
                    let dependent = passive_when(body, &level)
                        .or_else(|| conditional_self_cost(body, &level))
                        .or_else(|| and_enter_ready(body, &level))
                        .or_else(|| enters_ready(body, &level).map(|a| vec![a]));
                    let compiled = match dependent {
                        Some(a) => {
                            self.abilities.extend(a);
                            true
                        }
                        None => self.level_dependent(body, &level, n),
                    };
                    if compiled {
                        self.keywords.push((k, rule));
                    }
                    self.push(
                        &phrase,
                        if compiled {
                            PhraseStatus::Compiled
                        } else {
                            PhraseStatus::Unsupported
                        },
                    );
                    return;
                }
                // 812.1.b.1: "[Legion] — [Text]": the text is a dependent ability, active once
                // another card was played this turn — a passive (`while: legion`) or a
                // triggered ability (`legion: true`); without text it says nothing.
                if k == "Legion" {
                    let body = after.trim_start_matches(['—', '–', '-', ' ', ':']).trim();
                    let phrase = format!("{shown} {after}");
                    // 157.2, 370.1.a: "[Legion] – Kill it now instead." replaces the spell's
                    // instruction before when the Legion condition holds
                    if let Some(v) = strip_suffix_ci(body.trim_end_matches('.'), " instead")
                        .map(|b| strip_suffix_ci(b, " now").unwrap_or(b))
                        .and_then(instructions)
                        && let Some(last) = self.last_instruction()
                        && last.instead_if.is_none()
                    {
                        last.instead_if = Some(name("legion"));
                        last.instead = v.into_iter().map(spanned).collect();
                        self.keywords.push((k, rule));
                        self.push(phrase.trim(), PhraseStatus::Compiled);
                        return;
                    }
                    let dependent = passive_when(body, "legion")
                        .or_else(|| play_me_from_trash(body, Some("legion")))
                        .or_else(|| conditional_self_cost(body, "legion"))
                        .or_else(|| enters_ready(body, "legion").map(|a| vec![a]))
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
                // A keyword's own cost ("[Equip] [1][Body]") belongs to its phrase; 818.1.c.3:
                // an Equip cost with other parts is written after a dash, to the end of the
                // line ("[Equip] — [Chaos], Recycle 2 cards from your trash", "… — Spend 1 XP")
                let dashed = (k == "Equip")
                    .then(|| after.trim_start().strip_prefix(['—', '–']))
                    .or_else(|| {
                        // 820.1.c: "[Repeat] - Discard 1", a cost of other parts after a dash
                        (k == "Repeat").then(|| after.trim_start().strip_prefix(['—', '–', '-']))
                    })
                    .flatten()
                    .is_some_and(|c| !c.trim().is_empty());
                let cost = if dashed {
                    after.len()
                } else {
                    cost_after_keyword(&after)
                };
                let shown = if cost > 0 {
                    format!("{shown} {}", after[..cost].trim())
                } else {
                    shown
                };
                // 818.1.c: "Equip [Cost]" — the cost of an activated ability (403.1.a)
                let status = if k == "Equip" {
                    let c = after[..cost].trim().trim_start_matches(['—', '–']).trim();
                    match cost_of(c).filter(|_| cost > 0) {
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
                            ..Default::default()
                        }),
                        None if dashed => {
                            let c = after[..cost].trim().trim_start_matches(['—', '–', '-']);
                            repeat_discard(c.trim())
                        }
                        None => cost_of(after[..cost].trim())
                            .filter(|c| cost > 0 && !c.exhaust)
                            .map(|c| format::TriggerCost {
                                energy: c.energy,
                                power: c.power,
                                ..Default::default()
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
                // "[Assault 2], [Shield 2]": keywords listed with commas
                let next = after[cost..].trim_start();
                rest = match next.strip_prefix(',') {
                    Some(r) if r.trim_start().starts_with('[') => r.trim_start().to_string(),
                    _ => after[cost..].to_string(),
                };
            } else if is_symbol(&token)
                || token.eq_ignore_ascii_case("stun")
                || token.eq_ignore_ascii_case("buff")
                || predict_count(&token).is_some()
            {
                // a symbol, or "[Stun]" / "[Buff]" / "[Predict 2]": a game action written in
                // brackets
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

    /// 824.1.b.1: a Level ability's dependent ability other than a passive — "[Level 6]
    /// [Tap]: …" (an activated ability usable only while the controller has N XP), "[Level
    /// 6] When you play me, …" (a triggered ability that triggers only while active), or a
    /// spell's "[Level 6] Give it +3 [Might] this turn instead." (the instruction before
    /// replaced while the controller has N XP as it resolves, 370.1.a). Whether it compiled.
    fn level_dependent(&mut self, body: &str, level: &str, n: &str) -> bool {
        if let Some((cost, effect)) = split_cost(body) {
            let before = self.abilities.len();
            let mut cost = cost;
            let mut effect = effect.as_str();
            // "[Level 6] [Reaction] [Tap]: …": the timing keyword before the cost
            while let Some(token) = leading_token(effect) {
                match token.as_str() {
                    "Reaction" => cost.reaction = true,
                    "Action" => cost.action = true,
                    _ => break,
                }
                effect = effect[token.len() + 2..].trim_start();
            }
            let Some(v) = body_instructions(effect) else {
                return false;
            };
            let mut v = v.into_iter();
            self.abilities.push(AbilityDef {
                activate: Some(spanned(cost)),
                effect: v.next().map(spanned),
                then: v.map(spanned).collect(),
                while_: Some(name(level)),
                ..Default::default()
            });
            return self.abilities.len() > before;
        }
        if let Some(v) = triggered(body, self.card.is("battlefield")) {
            let Ok(n) = n.trim().parse::<Amt>() else {
                return false;
            };
            // a trigger that chooses and names "it" later is not one ability on its own
            if v.iter().any(|a| a.effect.is_none()) {
                return false;
            }
            self.abilities.extend(v.into_iter().map(|mut a| {
                a.level = Some(n);
                a
            }));
            return true;
        }
        if self.card.is("spell")
            && let Some(body) = strip_suffix_ci(body.trim().trim_end_matches('.'), " instead")
            && let Some(v) = instructions(body)
            && let Some(last) = self.spell_effects.last_mut()
            && last.instead_if.is_none()
            && !v.iter().any(|e| e.may)
        {
            last.instead_if = Some(name(level));
            last.instead = v.into_iter().map(spanned).collect();
            return true;
        }
        // 824.1.b: a spell's "[Level 6] [Stun] an enemy unit." — instructions that execute
        // only while the controller has the XP, checked as each executes (359.3.f.2)
        if self.card.is("spell")
            && let Some(v) = body_instructions(body)
            && v.iter().all(|e| e.if_.is_none() && e.otherwise.is_empty())
        {
            self.spell_effects.extend(v.into_iter().map(|mut e| {
                e.if_ = Some(name(level));
                e
            }));
            return true;
        }
        false
    }

    /// One mode of a "Choose one": a single instruction (the format's modes are one each).
    fn mode(&mut self, text: &str) {
        let e = instructions(text)
            .filter(|v| v.len() == 1 && places_bound(v))
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
        let of = std::mem::take(&mut self.modes_of);
        match all.filter(|v| v.len() >= 2) {
            Some(v) => {
                let e = format::Effect {
                    choose_one: v.into_iter().map(spanned).collect(),
                    ..Default::default()
                };
                if of.is_empty() {
                    self.spell_effects.push(e);
                } else {
                    for mut a in of {
                        a.effect = Some(spanned(e.clone()));
                        self.abilities.push(a);
                    }
                }
                self.push(&line, PhraseStatus::Compiled);
            }
            None => self.push(&line, PhraseStatus::Unsupported),
        }
    }

    /// 808.1: "[Deathknell] — [effect]" is "When I die, [effect]" (its sentences in order);
    /// "If I died alone, draw 1." is its conditional statement, checked as it triggers
    /// (383.3.e) — the unit still where it died (808.1.d.2–3).
    fn deathknell_effect(&mut self, effect_text: &str) {
        let (condition, body) = match deathknell_condition(effect_text) {
            Some((c, b)) => (Some(c), b),
            None => (None, effect_text),
        };
        match body_instructions(body) {
            Some(all) => {
                let mut all = all.into_iter();
                self.abilities.push(AbilityDef {
                    when: Some(name("die")),
                    effect: all.next().map(spanned),
                    then: all.map(spanned).collect(),
                    if_: condition.map(name),
                    ..Default::default()
                });
                self.push(effect_text, PhraseStatus::Compiled);
            }
            // The keyword is nothing without its effect (808.1): the two are one phrase not
            // modelled, reported as what the effect says, not as the keyword alone.
            None => match self
                .phrases
                .iter_mut()
                .rev()
                .find(|p| p.text.eq_ignore_ascii_case("[Deathknell]"))
            {
                Some(p) => {
                    p.text = format!("{} {}", p.text, effect_text.trim());
                    p.status = PhraseStatus::Unsupported;
                }
                None => self.push(effect_text, PhraseStatus::Unsupported),
            },
        }
    }

    fn sentence(&mut self, s: &str) {
        let s = strip_ci(s.trim(), "then, ")
            .or_else(|| strip_ci(s.trim(), "then "))
            .unwrap_or(s.trim());
        // what the sentence before was, for a sentence linked to it (linked.rs)
        let after_cost = std::mem::take(&mut self.after_cost);
        let prev_one = std::mem::take(&mut self.prev_one);
        // "Choose an opponent. They …" (players.rs)
        if self.player_sentence(s) {
            return;
        }
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
            let last = &self.abilities[self.abilities.len() - 1];
            self.prev_one = last.effect.is_some() && last.then.is_empty();
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = passive(s) {
            self.abilities.extend(a);
            self.open = None;
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = enters_ready(s, "always") {
            // 364.2: a passive that changes how units enter (359.2.c), perhaps only "if …"
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = if_you_paid(s).filter(|_| {
            self.abilities
                .last()
                .is_some_and(|a| a.additional_cost.as_ref().is_some_and(|c| c.value.may))
        }) {
            // 356.2.b.1: "If you do, I cost [2] less." after the optional additional cost
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = self_cost(s) {
            // 356.4: "I cost [2] less for each gear you control."
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(v) = and_enter_ready(s, "always") {
            // "If an opponent controls a stunned unit, I cost [2] less and enter ready."
            self.abilities.extend(v);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = play_cost_modifier(s) {
            // 356.4: "Your Dragons' Energy costs are reduced by [2], to a minimum of [1]."
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(r) = static_replacement(s).filter(|_| !self.card.is("battlefield")) {
            // 367–370: "If a friendly unit would die, kill this instead." (a battlefield's
            // replacement effects are not modelled: the engine looks for them on objects)
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
        } else if let Some(c) = use_only_while(s, true)
            .filter(|_| {
                !self
                    .abilities
                    .iter()
                    .any(|a| a.activate.is_some() && a.while_.is_some())
            })
            .filter(|_| self.abilities.iter().any(|a| a.activate.is_some()))
        {
            // 377.2.b: "Use this ability only while I'm at a battlefield." after the card's
            // activated ability (on its own line), or "Use my abilities only …": a condition on
            // using each of them
            let all = fold(s).starts_with("use my abilities");
            let n = self
                .abilities
                .iter()
                .filter(|a| a.activate.is_some())
                .count();
            if all || n == 1 {
                for a in self.abilities.iter_mut().filter(|a| a.activate.is_some()) {
                    a.while_ = Some(name(c.clone()));
                }
                self.push(s, PhraseStatus::Compiled);
            } else {
                self.push(s, PhraseStatus::Unsupported);
            }
        } else if let Some(ban) = match (fold(s).as_str(), self.card.is("battlefield")) {
            ("i cant move to base", false) => Some("me"),
            ("units cant move to base", _) => Some("units"),
            ("units cant move from here to base", true) => Some("units-here"),
            _ => None,
        } {
            // a restriction on moves (054.1)
            self.abilities.push(AbilityDef {
                cant_move_to_base: Some(name(ban)),
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = battlefield_rule(s, self.card.is("battlefield")) {
            // a battlefield's rules about playing, moving and winning (054.1, 144.4, 478.3),
            // a unit's place in the order of combat damage (460.2.c.5)
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = restriction_unless(s) {
            // "I can't be chosen by enemy spells and abilities unless I'm in combat" (355.9.b),
            // "I don't deal combat damage unless …" (460.2.c)
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(f) = match (fold(s).as_str(), self.card.is("unit")) {
            (
                "while im at a battlefield, players only channel 1 rune at the start of their channel phase",
                true,
            ) => Some(0),
            (
                "your units here with less might than me cant be chosen by enemy spells and abilities",
                true,
            ) => Some(1),
            ("enemy units here with less might than me dont deal combat damage", true) => Some(2),
            _ => None,
        } {
            // a unit's text over the Channel Phase (002, 315.3.b); what the units here with
            // less Might than it undergo (355.9.b, 460.2.c)
            self.abilities.push(AbilityDef {
                channel_only_one: f == 0,
                lesser_here: match f {
                    1 => Some(name("unchosen-by-enemies")),
                    2 => Some(name("no-combat-damage")),
                    _ => None,
                },
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if fold(s) == "i can have any number of buffs" {
            // the exception to one buff at a time (702.3)
            self.abilities.push(AbilityDef {
                any_number_of_buffs: true,
                ..Default::default()
            });
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
        } else if let Some(a) = own_bonus_damage(s).filter(|_| self.card.is("spell")) {
            // 713: a spell's own Bonus Damage
            self.abilities.push(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = play_me_from_trash(s, None) {
            // 356.1.a, 419.1.a: a permission to play the card from the trash
            self.abilities.extend(a);
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(a) = bonus_damage(s) {
            // 712–715: a passive granting Bonus Damage to Deal actions
            self.abilities.push(a);
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
            self.after_cost = c.may;
            self.abilities.push(AbilityDef {
                additional_cost: Some(spanned(c)),
                ..Default::default()
            });
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(w) = strip_ci(s, "choose ")
            .and_then(battlefield_choice)
            .map(|n| format!("\u{1e}{n}"))
            .or_else(|| strip_ci(s, "choose ").and_then(battlefield_and_unit))
        {
            // "Choose a battlefield." (355.10.b: a target): where the next instruction's
            // "there" is; "Choose a battlefield and an enemy unit there.": the unit, "it"
            if let Some((old, _)) = self.chosen.take() {
                self.set_status(&old, PhraseStatus::Unsupported);
            }
            self.chosen = Some((s.to_string(), w));
            self.push(s, PhraseStatus::Unsupported);
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
            && let Some(last) = self.last_instruction()
            && last.instead_if.is_none()
        {
            // 370.1.a: "If it's attacking, deal 4 to it instead." replaces the instruction before
            // (a spell's, or the ability's this line began)
            last.instead_if = Some(name(&c));
            last.instead = v.into_iter().map(spanned).collect();
            self.push(s, PhraseStatus::Compiled);
        } else if let Some((link, body)) = linked(s)
            && let Some(mut v) = instructions(&there_is_here(&link, body))
        {
            // "If you do, buff me.", "Otherwise, stun it." (359.3.e.14, 359.3.f.2)
            let about_it = matches!(link, Link::If(_, true));
            let first_is_it = v
                .first_mut()
                .and_then(|e| target_fields(e).first().map(|t| t.value == "it"))
                .unwrap_or(false);
            let mut chosen = self.chosen.as_ref().map(|(_, t)| t.clone());
            let bound = bind_it(&mut v, &mut chosen, &mut self.line_chose) && self.places_ok(&v);
            let used = self.chosen.is_some() && chosen.is_none();
            self.prev_one = prev_one;
            if bound && (!about_it || first_is_it) && self.link(link, v, after_cost) {
                if used && let Some((c, _)) = self.chosen.take() {
                    self.set_status(&c, PhraseStatus::Compiled);
                }
                // "Otherwise" may follow it
                self.prev_one = true;
                self.push(s, PhraseStatus::Compiled);
            } else {
                self.prev_one = false;
                self.push(s, PhraseStatus::Unsupported);
            }
        } else if let Some((owner, then)) = its_player(s)
            && let Some(prev) = self.last_instruction()
            && prev.its_controller.is_none()
            && prev.its_owner.is_none()
            && chooses(prev)
        {
            // "Kill a gear. Its controller draws 2.": the player of the unit it chose
            let then = Some(Box::new(spanned(then)));
            if owner {
                prev.its_owner = then;
            } else {
                prev.its_controller = then;
            }
            self.push(s, PhraseStatus::Compiled);
        } else if let Some(mut v) = instructions(s) {
            let mut chosen = self.chosen.as_ref().map(|(_, t)| t.clone());
            let bound = bind_it(&mut v, &mut chosen, &mut self.line_chose) && self.places_ok(&v);
            let used = self.chosen.is_some() && chosen.is_none();
            let one = v.len() == 1;
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
            self.prev_one = one;
            self.push(s, PhraseStatus::Compiled);
        } else {
            self.push(s, PhraseStatus::Unsupported);
        }
    }

    /// Whether the "there" and "at its location" of instructions `v` refer to what the
    /// instructions before them (of the open ability, or the spell) chose (355.10.b).
    fn places_ok(&self, v: &[format::Effect]) -> bool {
        let prior: Vec<format::Effect> = match self.open {
            Some(i) => self.abilities[i]
                .effect
                .iter()
                .chain(&self.abilities[i].then)
                .map(|e| e.value.clone())
                .collect(),
            None => self.spell_effects.clone(),
        };
        places_bound(prior.iter().chain(v))
    }

    /// The instruction the sentence before gave: the last of the open ability, or of a spell.
    fn last_instruction(&mut self) -> Option<&mut format::Effect> {
        match self.open {
            Some(i) => {
                let a = &mut self.abilities[i];
                match a.then.last_mut() {
                    Some(e) => Some(&mut e.value),
                    None => a.effect.as_mut().map(|e| &mut e.value),
                }
            }
            None if self.card.is("spell") => self.spell_effects.last_mut(),
            None => None,
        }
    }

    fn activated(&mut self, line: &str, cost: ActivateCost, effect_text: &str) {
        let mut cost = cost;
        let mut body = effect_text.trim();
        // 377.2.b: "… Use this ability only while I'm at a battlefield." ends the line
        let mut only_while = None;
        if let Some((rest, last)) = body.trim_end_matches('.').rsplit_once(". ")
            && let Some(c) = use_only_while(last, false)
        {
            only_while = Some(c);
            body = rest;
        }
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
        // "[Add] [Rune]. Use only to play spells.": what the energy and power added may pay for
        let (body, only) = match add_restriction(body) {
            Some((b, o)) => (b, Some(o)),
            None => (body, None),
        };
        let compiled = body_instructions(body).and_then(|mut v| {
            if let Some(o) = only {
                // the restriction is the Add's, the ability's only instruction
                match v.as_mut_slice() {
                    [e] if e.add.is_some() => {
                        e.add.as_mut()?.only = Some(name(o));
                    }
                    _ => return None,
                }
            }
            Some(v)
        });
        match compiled {
            Some(v) => {
                let mut v = v.into_iter();
                self.abilities.push(AbilityDef {
                    activate: Some(spanned(cost)),
                    effect: v.next().map(spanned),
                    then: v.map(spanned).collect(),
                    while_: only_while.map(name),
                    ..Default::default()
                });
                self.push(line, PhraseStatus::Compiled);
            }
            None => self.push(line, PhraseStatus::Unsupported),
        }
    }
}

/// "If I'm at a battlefield, buff all other friendly units there.": "there" is the battlefield
/// the source is at — "here".
fn there_is_here(link: &Link, body: &str) -> String {
    match link {
        Link::If(c, false) if c == "at-battlefield" => match strip_suffix_ci(body.trim(), " there")
        {
            Some(b) => format!("{b} here"),
            None => body.to_string(),
        },
        _ => body.to_string(),
    }
}

/// A Deathknell's leading "If [condition], …": the condition's word and the rest. What the
/// unit was as it died — "I died alone", "I didn't die alone" (741.1), "I was [Mighty]" — is
/// what it is as the ability triggers (808.1.d.2), else any condition of 383.3.e.
fn deathknell_condition(text: &str) -> Option<(String, &str)> {
    let r = strip_ci(text.trim(), "if ")?;
    let (c, body) = r.split_once(',')?;
    let word = match fold(c).as_str() {
        "i died alone" => "alone".to_string(),
        "i didnt die alone" | "i did not die alone" => "not-alone".to_string(),
        "i was mighty" => "mighty".to_string(),
        _ => if_condition(c)?,
    };
    Some((word, body.trim()))
}

/// "[Add] [Rune]. Use only to play spells.", "[Add] [2] Use only to play spells.", "[Add] [1] .
/// Spend this Energy only during showdowns.": the instruction and the restriction on what
/// the energy and power added may pay for (`spells`, `showdowns`, `gear`, `units`).
fn add_restriction(body: &str) -> Option<(&str, &'static str)> {
    let lower = body.to_ascii_lowercase();
    let at = lower
        .find("use only to ")
        .or_else(|| lower.find("spend this energy only "))?;
    let (head, tail) = body.split_at(at);
    let only = match fold(tail).as_str() {
        "use only to play spells" => "spells",
        "spend this energy only during showdowns" => "showdowns",
        "use only to play gear or use gear abilities" => "gear",
        "spend this energy only to play units or activated abilities of units" => "units",
        _ => return None,
    };
    let head = head.trim().trim_end_matches('.').trim();
    (fold(head).starts_with("add ") || head.to_ascii_lowercase().starts_with("[add]"))
        .then_some((head, only))
}

/// 377.2.b: "Use this ability only while I'm at a battlefield" ("Use my abilities only while
/// …" with `mine`): the condition on using it, in the format's words.
fn use_only_while(s: &str, mine: bool) -> Option<String> {
    let f = fold(s.trim().trim_end_matches('.'));
    let r = f
        .strip_prefix("use this ability only while im ")
        .or_else(|| {
            f.strip_prefix("use my abilities only while im ")
                .filter(|_| mine)
        })?;
    if_condition(&format!("I'm {r}"))
}

/// The text's lines, with a line that continues a sentence joined to the one before: it
/// starts in lower case, or the line before left a parenthesis (reminder text) open, or —
/// in errata'd wording, which the community list copies hard-wrapped ("… increase its
/// Might to the\nMight of another friendly unit.") — the line before stopped mid-sentence.
fn logical_lines(text: &str, hard_wrapped: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        match out.last_mut() {
            // "…look at the top 4 cards of your Main Deck. …" / "Recycle the rest."
            Some(prev)
                if !t.is_empty()
                    && (t.chars().next().is_some_and(char::is_lowercase)
                        || open_parenthesis(prev)
                        || hard_wrapped && mid_sentence(prev) && !starts_item(t)
                        || deck_look_start(prev) && deck_look_continues(t)) =>
            {
                prev.push(' ');
                prev.push_str(t);
            }
            _ => out.push(t.to_string()),
        }
    }
    out
}

/// The line leaves a parenthesis open (reminder text wrapped onto the next line).
fn open_parenthesis(line: &str) -> bool {
    line.matches('(').count() > line.matches(')').count()
}

/// The line stops where no sentence, keyword or cost ends: on a word, a number or a comma.
fn mid_sentence(line: &str) -> bool {
    line.chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || c == ',')
}

/// The line starts an item of its own: a bullet, a mode or a bracket token.
fn starts_item(line: &str) -> bool {
    line.starts_with(['•', '-', '᛫', '·', '–', '—', '*', '['])
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

/// 820.1.c, 422: "[Repeat] - Discard 1": a Repeat cost of discards alone.
fn repeat_discard(c: &str) -> Option<format::TriggerCost> {
    let n = strip_ci(c.trim_end_matches('.'), "discard ").and_then(count_word)?;
    Some(format::TriggerCost {
        discard: Amt::new(n)?,
        ..Default::default()
    })
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
        // "Recycle 3 from your trash, …", "Recycle a unit from your trash, …" (416.3, 416.6)
        if let Some(r) = strip_ci(h, "recycle ") {
            let (part, rest) = r.split_once(',').unwrap_or((r, ""));
            let (n, of) = recycle_from_trash(part)?;
            if cost.recycle.get() > 0 {
                return None;
            }
            cost.recycle = n;
            cost.recycle_of = of.map(name);
            any = true;
            h = rest.trim();
            continue;
        }
        // "Spend my buff: …" (702.2.b)
        if let Some(r) = strip_ci(h, "spend my buff").filter(|_| !cost.spend_my_buff) {
            cost.spend_my_buff = true;
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
        // "[Action] [Tap]: …": the timing keyword of the ability written before its cost
        // (806, 813), as after the colon
        if matches!(token.as_str(), "Action" | "Reaction") && !any {
            if token == "Action" {
                cost.action = true;
            } else {
                cost.reaction = true;
            }
            h = h[token.len() + 2..].trim_start();
            continue;
        }
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

/// 416.6: "3 from your trash", "a unit from your trash", "2 cards from your trash" — how
/// many cards, and of which type (any card with `None`).
fn recycle_from_trash(s: &str) -> Option<(Amt, Option<&'static str>)> {
    let f = fold(s);
    let f = f.strip_suffix(" from your trash")?;
    let (n, kind) = f.split_once(' ').unwrap_or((f, ""));
    let n = Amt::new(effects::count_word(n)?)?;
    let of = match kind {
        "" | "card" | "cards" => None,
        "unit" | "units" => Some("unit"),
        "gear" => Some("gear"),
        "spell" | "spells" => Some("spell"),
        _ => return None,
    };
    (n.get() > 0).then_some((n, of))
}

/// Sentences of a line ("Draw 1. Buff me." → two).
fn raw_sentences(s: &str) -> Vec<String> {
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

/// Sentences of a line, those that continue a look at the top of the Main Deck joined to it.
fn sentences(s: &str) -> Vec<String> {
    let out = raw_sentences(s);
    // "Look at the top 3 cards of your Main Deck. You may reveal a unit from among them and
    // draw it. Recycle the rest.": one instruction over several sentences
    let mut merged: Vec<String> = Vec::new();
    for s in out {
        match merged.last_mut() {
            Some(prev) if deck_look_start(prev) && deck_look_continues(&s) => {
                prev.push(' ');
                prev.push_str(&s);
            }
            _ => merged.push(s),
        }
    }
    merged
}

/// Ordinals as card text writes them ("their third turn").
const ORDINALS: [&str; 5] = ["first", "second", "third", "fourth", "fifth"];

/// A battlefield's "Units can't be played here." (054.1), "Units can move here from
/// anywhere." (144.4), "Increase the points needed to win the game by 1." (478.3), "Players
/// can't score here until their third turn." (054.1, 478.7); a unit's "I must be assigned
/// combat damage last." (460.2.c.5), "I can't be played on your first, second or third
/// turns." (054.1).
fn battlefield_rule(s: &str, battlefield: bool) -> Option<AbilityDef> {
    let f = fold(s);
    let mut a = AbilityDef::default();
    match (f.as_str(), battlefield) {
        ("units cant be played here", true) => a.no_units_played_here = true,
        ("units can move here from anywhere", true) => a.move_here_from_anywhere = true,
        ("i must be assigned combat damage last", false) => a.assigned_last = true,
        // a spell's own rules: "This can't be countered." (054.1), "Ignore [Deflect] while
        // paying this spell's cost." (002 over 809.1.c)
        ("this cant be countered", false) => a.cant_be_countered = true,
        ("ignore deflect while paying this spells cost", false) => a.ignore_deflect = true,
        // "Players can't score here until their third turn" (054.1, 478.7)
        (x, true) if x.starts_with("players cant score here until their ") => {
            let n = x
                .strip_prefix("players cant score here until their ")?
                .strip_suffix(" turn")?;
            let n = ORDINALS.iter().position(|o| *o == n)? + 1;
            a.no_score_before_turn = Some(Amt::new(i64::try_from(n).ok()?)?);
        }
        (x, true) => {
            let n = x.strip_prefix("increase the points needed to win the game by ")?;
            a.victory_score = Some(Amt::new(count_word(n)?).filter(|n| n.get() > 0)?);
        }
        // "I can't be played on your first, second or third turns" (054.1, 478.7): the
        // ordinals from the first on, each once
        (x, false) => {
            let list = x
                .strip_prefix("i cant be played on your ")?
                .strip_suffix(" turns")
                .or_else(|| {
                    x.strip_prefix("i cant be played on your ")?
                        .strip_suffix(" turn")
                })?;
            let words: Vec<&str> = list
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "or" && *w != "and")
                .collect();
            let n = words.len();
            if n == 0 || words.iter().zip(ORDINALS).any(|(w, o)| *w != o) {
                return None;
            }
            a.cant_be_played = Some(name(format!("your-first-turns {n}")));
        }
    }
    Some(a)
}

/// "I can't be chosen by enemy spells and abilities unless I'm in combat.", "I don't deal
/// combat damage unless I'm at a battlefield with exactly one other unit you control.": the
/// restriction and the condition that lifts it.
fn restriction_unless(s: &str) -> Option<AbilityDef> {
    let t = s.trim().trim_end_matches('.');
    let (head, cond) = t.split_once(" unless ")?;
    let unless = match fold(cond).as_str() {
        "im in combat" => "in-combat".to_string(),
        "im at a battlefield with exactly one other unit you control" => {
            "exactly 1 other units at-battlefield".to_string()
        }
        _ => if_condition(cond)?,
    };
    let mut a = AbilityDef {
        unless: Some(name(unless)),
        ..Default::default()
    };
    match fold(head).as_str() {
        "i cant be chosen by enemy spells and abilities" => a.not_chosen_by_enemies = true,
        "i dont deal combat damage" => a.no_combat_damage = true,
        _ => return None,
    }
    Some(a)
}

/// 712–715: "Your spells and abilities deal 1 Bonus Damage." and "Spells and abilities deal
/// 1 Bonus Damage to units here." — `bonus-damage`, the second with `scope: units-here`.
fn bonus_damage(s: &str) -> Option<AbilityDef> {
    let f = fold(s);
    let (rest, here) = match f.strip_prefix("your spells and abilities deal ") {
        Some(r) => (r, false),
        None => (f.strip_prefix("spells and abilities deal ")?, true),
    };
    let n = if here {
        rest.strip_suffix(" bonus damage to units here")?
    } else {
        rest.strip_suffix(" bonus damage")?
    };
    Some(AbilityDef {
        bonus_damage: Some(format::Amt::new(effects::count_word(n)?)?),
        scope: here.then(|| name("units-here")),
        ..Default::default()
    })
}
