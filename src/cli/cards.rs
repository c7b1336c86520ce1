//! `arbiter card NAME`, `arbiter cards [coverage]` and `arbiter deck check FILE`:
//! a user's card database looked up, measured against the engine, and used to
//! check decks. Exit codes: 0 ok / legal, 1 nothing found / not legal, 2 unreadable.

use crate::cards::compile::{self, Compiled, PhraseStatus};
use crate::cards::{Card, Database, deck, text};
use crate::error::{Error, InputError, Result};
use crate::render::Out;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The edition keywords link to and coverage is measured against.
const GAME: &str = "riftbound";
const EDITION: &str = "2026-03-30";

#[derive(Debug, clap::Args)]
pub struct CardArgs {
    /// The card's name (fuzzy: case, punctuation and typos are forgiven; aliases count).
    #[arg(required = true, num_args = 1.., value_name = "NAME")]
    pub name: Vec<String>,
}

#[derive(Debug, clap::Args)]
pub struct CardsArgs {
    #[command(subcommand)]
    pub what: Option<CardsCommand>,
}

#[derive(Debug, clap::Subcommand)]
pub enum CardsCommand {
    /// How many cards the engine models fully, and the phrases and keywords it does not.
    Coverage,
}

#[derive(Debug, clap::Args)]
pub struct DeckArgs {
    #[command(subcommand)]
    pub what: DeckCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum DeckCommand {
    /// Check a deck list against deck construction (101–103, 825, Signature cards, bans).
    Check {
        /// The deck list: `3 Card Name` per line, in sections Legend:, Champion:,
        /// Battlefields:, Main deck:, Rune deck:.
        file: PathBuf,
    },
}

/// Loads the database named by `--cards`, `$ARBITER_CARDS` or the data directory.
pub fn database(flag: Option<&Path>) -> Result<Database> {
    match Database::locate(flag) {
        Some(p) => Database::load(&p),
        None => Err(Error::Usage {
            message: format!(
                "no card database: give one with --cards FILE or ARBITER_CARDS, or put it at {}",
                crate::cards::default_path()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| "the data directory".into())
            ),
            suggestions: Vec::new(),
        }),
    }
}

#[derive(Serialize)]
struct DatabaseJson<'a> {
    schema: &'static str,
    path: String,
    cards: usize,
    skipped: &'a [String],
}

/// `arbiter cards`: which file was read, how many cards, which were skipped.
pub fn cards(out: &mut Out, db_flag: Option<&Path>, args: CardsArgs) -> Result<()> {
    let db = database(db_flag)?;
    if let Some(CardsCommand::Coverage) = args.what {
        return coverage(out, &db);
    }
    if out.json {
        return Ok(out.document(&DatabaseJson {
            schema: "cards/1",
            path: db.path.display().to_string(),
            cards: db.cards.len(),
            skipped: &db.skipped,
        })?);
    }
    out.line(format!(
        "{}: {} cards{}",
        db.path.display(),
        db.cards.len(),
        if db.skipped.is_empty() {
            String::new()
        } else {
            format!(", {} skipped", db.skipped.len())
        }
    ))?;
    for s in &db.skipped {
        out.line(format!("  skipped {s}"))?;
    }
    Ok(())
}

#[derive(Serialize)]
struct KeywordJson {
    keyword: String,
    rule: Option<&'static str>,
    modelled: bool,
}

#[derive(Serialize)]
struct CardJson<'a> {
    schema: &'static str,
    database: String,
    card: &'a Card,
    keywords: Vec<KeywordJson>,
    /// Rules that govern its abilities (2026-03-30).
    rules: Vec<&'static str>,
    modelled: &'static str,
    phrases: &'a [compile::Phrase],
}

/// `arbiter card NAME`.
pub fn card(out: &mut Out, db_flag: Option<&Path>, args: CardArgs) -> Result<()> {
    let db = database(db_flag)?;
    let query = args.name.join(" ");
    crate::limits::query("card name", &query)?;
    let c = match db.find(&query) {
        Ok(c) => c,
        Err(near) => {
            // nothing found: exit 1 like a search without hits, said once on stderr
            let message = if near.is_empty() {
                format!("no card matches \"{query}\" in {}", db.path.display())
            } else {
                format!("no card is named \"{query}\"")
            };
            return Err(Error::NotFound {
                message,
                suggestions: near.iter().map(|n| format!("\"{n}\"")).collect(),
            });
        }
    };
    let compiled = compile::compile(c);
    let rules = governing_rules(&compiled);
    let modelled = if compiled.fully_modelled() {
        "fully"
    } else if compiled.partly_modelled() {
        "partly"
    } else {
        "no"
    };
    let mut keywords: Vec<KeywordJson> = compiled
        .phrases
        .iter()
        .filter(|p| p.text.starts_with('[') || p.status == PhraseStatus::UnknownKeyword)
        .filter_map(|p| {
            // "They [Burn 1].": a later set's word within the phrase
            let later = (p.status == PhraseStatus::UnknownKeyword)
                .then(|| compile::later_term(&p.text))
                .flatten();
            let token = match &later {
                Some(w) => w.as_str(),
                None => p.text.trim_start_matches('[').split(']').next()?,
            };
            let kw = compiled
                .keywords
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(token));
            match (kw, &p.status) {
                (Some((k, rule)), s) => Some(KeywordJson {
                    keyword: k.clone(),
                    rule: Some(rule),
                    modelled: *s == PhraseStatus::Compiled,
                }),
                (None, PhraseStatus::UnknownKeyword) => Some(KeywordJson {
                    keyword: token.to_string(),
                    rule: None,
                    modelled: false,
                }),
                _ => None,
            }
        })
        .collect();
    // a later set's word used by several phrases is listed once
    let mut seen = std::collections::HashSet::new();
    keywords.retain(|k| k.rule.is_some() || seen.insert(k.keyword.to_ascii_lowercase()));
    if out.json {
        return Ok(out.document(&CardJson {
            schema: "card/1",
            database: db.path.display().to_string(),
            card: c,
            keywords,
            rules,
            modelled,
            phrases: &compiled.phrases,
        })?);
    }
    let mut head = vec![c.kind.clone()];
    if let Some(s) = &c.supertype {
        head.push(s.clone());
    }
    if !c.domains.is_empty() {
        head.push(c.domains.join("/"));
    }
    if let Some(e) = c.energy {
        head.push(format!("{e} energy"));
    }
    if let Some(p) = c.power.filter(|p| *p > 0) {
        head.push(format!("{p} power"));
    }
    if let Some(m) = c.might.filter(|_| c.is("unit")) {
        head.push(format!("Might {m}"));
    }
    out.line(format!(
        "{}  {}",
        out.bold(&c.name),
        out.dim(&head.join(" · "))
    ))?;
    if !c.tags.is_empty() {
        out.line(format!("  tags: {}", c.tags.join(", ")))?;
    }
    for line in c.text.lines() {
        out.line(format!("  {}", text::spelled(line)))?;
    }
    if let Some(e) = &c.errata {
        out.line(format!("  {}", out.dim(&format!("(errata: {e})"))))?;
    }
    if let Some(b) = c.might_bonus {
        out.line(format!("  equipment: +{b} Might"))?;
    }
    if let Some(t) = &c.equip_text {
        out.line(format!("  grants: {}", text::spelled(t)))?;
    }
    if c.banned {
        out.line(format!(
            "  {}",
            out.bad(&format!(
                "banned{}",
                c.banned_from
                    .as_deref()
                    .map(|d| format!(" from {d}"))
                    .unwrap_or_default()
            ))
        ))?;
    }
    if !keywords.is_empty() {
        out.line("keywords:")?;
        for k in &keywords {
            let rule = match k.rule {
                Some(r) => out.rule_link(GAME, EDITION, r, r),
                None => format!("not in {GAME} {EDITION}"),
            };
            out.line(format!(
                "  {:<14} {}  {}",
                k.keyword,
                rule,
                if k.modelled {
                    out.good("modelled")
                } else {
                    out.warn("not modelled")
                }
            ))?;
        }
    }
    if !rules.is_empty() {
        let linked: Vec<String> = rules
            .iter()
            .map(|r| out.rule_link(GAME, EDITION, r, r))
            .collect();
        out.line(format!("governed by: {}", linked.join(", ")))?;
    }
    let verdict = match modelled {
        "fully" => out.good("modelled: fully — scenarios can use it by name"),
        "partly" => out.warn("modelled: partly"),
        _ => out.warn("modelled: no"),
    };
    out.line(verdict)?;
    for p in compiled.unsupported() {
        out.line(format!("  not modelled: {}", p.text))?;
    }
    out.line(out.dim(&format!("— card database {}", db.path.display())))?;
    Ok(())
}

/// The rules that govern a compiled card's abilities: each keyword's, 364 (passive),
/// 377 (activated), 383 (triggered), 359 (a spell's resolution).
fn governing_rules(c: &Compiled) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = c.keywords.iter().map(|(_, r)| *r).collect();
    for a in &c.def.abilities {
        let a = &a.value;
        if a.activate.is_some() {
            v.push("377");
        } else if a.when.is_some() {
            v.push("383");
        } else if a.while_.is_some() {
            v.push("364");
        }
    }
    if c.def.effect.is_some() {
        v.push("359");
    }
    let mut seen = std::collections::BTreeSet::new();
    v.retain(|r| seen.insert(*r));
    v
}

#[derive(Serialize, Default)]
struct TypeCount {
    total: usize,
    modelled: usize,
    partly: usize,
}

#[derive(Serialize)]
struct PhraseCount {
    phrase: String,
    count: usize,
}

#[derive(Serialize)]
struct UnknownKeyword {
    keyword: String,
    cards: usize,
    /// `false`: the 2026-03-30 rules do not define it (a later set's word).
    in_rules: bool,
}

#[derive(Serialize)]
struct CoverageJson {
    schema: &'static str,
    database: String,
    rules: String,
    total: usize,
    modelled: usize,
    partly: usize,
    unmodelled: usize,
    by_type: BTreeMap<String, TypeCount>,
    unsupported_phrases: Vec<PhraseCount>,
    unknown_keywords: Vec<UnknownKeyword>,
}

/// Phrases grouped with their numbers as N, so "Deal 2 to …" and "Deal 3 to …" count together.
fn phrase_key(p: &str) -> String {
    let mut s = String::with_capacity(p.len());
    let mut in_num = false;
    for ch in p.chars() {
        if ch.is_ascii_digit() {
            if !in_num {
                s.push('N');
            }
            in_num = true;
        } else {
            in_num = false;
            s.push(ch);
        }
    }
    s
}

/// `arbiter cards coverage`.
fn coverage(out: &mut Out, db: &Database) -> Result<()> {
    let mut by_type: BTreeMap<String, TypeCount> = BTreeMap::new();
    let mut phrases: BTreeMap<String, usize> = BTreeMap::new();
    let mut unknown: BTreeMap<String, usize> = BTreeMap::new();
    let (mut modelled, mut partly) = (0, 0);
    for c in &db.cards {
        let k = compile::compile(c);
        let t = by_type.entry(c.kind.clone()).or_default();
        t.total += 1;
        if k.fully_modelled() {
            modelled += 1;
            t.modelled += 1;
        } else if k.partly_modelled() {
            partly += 1;
            t.partly += 1;
        }
        // a later set's word is counted once per card that uses it
        let mut words = std::collections::BTreeSet::new();
        for p in k.unsupported() {
            if p.status == PhraseStatus::UnknownKeyword {
                let token = compile::later_term(&p.text).unwrap_or_else(|| {
                    p.text
                        .trim_start_matches('[')
                        .split([']', ' '])
                        .next()
                        .unwrap_or("")
                        .to_string()
                });
                words.insert(token);
            } else {
                *phrases.entry(phrase_key(&p.text)).or_default() += 1;
            }
        }
        for w in words {
            *unknown.entry(w).or_default() += 1;
        }
    }
    let mut top: Vec<PhraseCount> = phrases
        .into_iter()
        .map(|(phrase, count)| PhraseCount { phrase, count })
        .collect();
    top.sort_by(|a, b| b.count.cmp(&a.count).then(a.phrase.cmp(&b.phrase)));
    top.truncate(30);
    let glossary = glossary_terms();
    let mut unknown: Vec<UnknownKeyword> = unknown
        .into_iter()
        .map(|(keyword, cards)| UnknownKeyword {
            in_rules: glossary.contains(&keyword.to_lowercase()),
            keyword,
            cards,
        })
        .collect();
    unknown.sort_by(|a, b| b.cards.cmp(&a.cards).then(a.keyword.cmp(&b.keyword)));
    let total = db.cards.len();
    let report = CoverageJson {
        schema: "cards-coverage/1",
        database: db.path.display().to_string(),
        rules: format!("{GAME} {EDITION}"),
        total,
        modelled,
        partly,
        unmodelled: total - modelled - partly,
        by_type,
        unsupported_phrases: top,
        unknown_keywords: unknown,
    };
    if out.json {
        return Ok(out.document(&report)?);
    }
    let pct = |n: usize| {
        if total == 0 {
            0.0
        } else {
            n as f64 * 100.0 / total as f64
        }
    };
    out.line(format!(
        "{} cards in {}: {} fully modelled ({:.1}%), {} partly ({:.1}%), {} not at all",
        total,
        db.path.display(),
        modelled,
        pct(modelled),
        partly,
        pct(partly),
        report.unmodelled
    ))?;
    out.line("by type:")?;
    for (t, c) in &report.by_type {
        out.line(format!(
            "  {:<12} {:>4} cards, {:>4} fully, {:>4} partly",
            t, c.total, c.modelled, c.partly
        ))?;
    }
    out.line("most frequent phrases not modelled:")?;
    for p in &report.unsupported_phrases {
        out.line(format!("  {:>4}  {}", p.count, p.phrase))?;
    }
    if !report.unknown_keywords.is_empty() {
        out.line("bracketed words that are not keywords of 805–826:")?;
        for k in &report.unknown_keywords {
            out.line(format!(
                "  {:>4}  [{}]  {}",
                k.cards,
                k.keyword,
                if k.in_rules {
                    format!("a term of {GAME} {EDITION}, not a keyword")
                } else {
                    format!("not in {GAME} {EDITION}")
                }
            ))?;
        }
    }
    Ok(())
}

/// The 2026-03-30 glossary's terms, lower-case (to tell a later set's word from a rules term).
fn glossary_terms() -> std::collections::HashSet<String> {
    let lib = crate::rulebook::library::Library::get();
    let Ok(i) = lib.resolve(Some(GAME), Some(EDITION)) else {
        return Default::default();
    };
    lib.book(i)
        .ed
        .glossary
        .iter()
        .map(|t| t.term.trim().trim_end_matches(':').to_lowercase())
        .collect()
}

#[derive(Serialize)]
struct DeckJson<'a> {
    schema: &'static str,
    database: String,
    file: String,
    legal: bool,
    cards: u64,
    problems: &'a [deck::Problem],
}

/// `arbiter deck check FILE`.
pub fn deck(out: &mut Out, db_flag: Option<&Path>, args: DeckArgs) -> Result<()> {
    let DeckCommand::Check { file } = args.what;
    let db = database(db_flag)?;
    let shown = file.display().to_string();
    let cant = |message: String| {
        Error::Input(InputError {
            file: shown.clone(),
            line: None,
            column: None,
            message,
            hint: None,
        })
    };
    let max = crate::limits::MAX_DECK_BYTES;
    let bytes = crate::limits::read_at_most(&file, max)
        .map_err(|e| cant(format!("cannot read the deck list: {e}")))?
        .ok_or_else(|| {
            cant(format!(
                "the deck list is larger than {max} bytes, the most read"
            ))
        })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        cant(format!(
            "the deck list is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let entries = deck::parse(&db, &text).map_err(|e| {
        Error::Input(InputError {
            file: shown.clone(),
            line: Some(e.line),
            column: Some(e.column),
            message: e.message,
            hint: (!e.suggestions.is_empty()).then(|| {
                format!(
                    "did you mean {}?",
                    e.suggestions
                        .iter()
                        .map(|s| format!("\"{s}\""))
                        .collect::<Vec<_>>()
                        .join(" or ")
                )
            }),
        })
    })?;
    let problems = deck::check(&db, &entries);
    let count: u64 = entries.iter().map(|e| u64::from(e.count)).sum();
    if out.json {
        out.document(&DeckJson {
            schema: "deck-check/1",
            database: db.path.display().to_string(),
            file: shown.clone(),
            legal: problems.is_empty(),
            cards: count,
            problems: &problems,
        })?;
    } else if problems.is_empty() {
        out.line(out.good(&format!("{shown}: legal ({count} cards)")))?;
    } else {
        out.line(out.bad(&format!(
            "{shown}: not legal — {} problem{}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        )))?;
        for p in &problems {
            let at = p.line.map(|l| format!("{shown}:{l}: ")).unwrap_or_default();
            let rule = p
                .rule
                .map(|r| format!("  [{}]", out.rule_link(GAME, EDITION, r, r)))
                .unwrap_or_default();
            out.line(format!("  {at}{}{rule}", p.message))?;
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "{shown}: not legal ({} problem{})",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        )))
    }
}
