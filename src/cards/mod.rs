//! A user's card database, read at run time (the community JSON format, or the
//! scenario format's own `cards:` map), compiled into the engine's ability
//! vocabulary by [`compile`], looked up by name, and used to check decks ([`deck`]).
//!
//! arbiter ships no card list: the database is found from `--cards FILE`, else
//! `$ARBITER_CARDS`, else `cards.json` in the user's data directory.

pub mod compile;
pub mod deck;
pub mod text;

use crate::error::{Error, InputError};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The largest card database read (bytes): the real list is about 0.5 MB. `cards coverage`
/// compiles every card, about 0.9 s of CPU per 4 MiB of long (2,000-character) texts, so
/// 16 MiB keeps it to a few seconds (at 64 MiB it took 14.6 s, 26.8 s before `fold` was one
/// pass).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most cards one database may hold.
pub const MAX_CARDS: usize = 100_000;
/// The longest text (or `effect` text) of one card, in characters: the longest printed
/// card has about 340. The text compiler tries its readings of a sentence in turn, in time
/// that grows faster than the text; a longer card is skipped by name.
pub const MAX_TEXT_CHARS: usize = 2_000;

/// One card as the database gives it, normalised.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Card {
    pub name: String,
    /// Unit, Spell, Gear, Battlefield, Legend, Rune, Token, or what the file says.
    #[serde(rename = "type")]
    pub kind: String,
    pub supertype: Option<String>,
    pub domains: Vec<String>,
    pub energy: Option<u32>,
    pub power: Option<u32>,
    pub might: Option<u32>,
    pub tags: Vec<String>,
    /// Rules text with bracket tokens normalised (`[REACTION]` → `[Reaction]`),
    /// without an errata prefix; empty for placeholders (`.`, `-`).
    pub text: String,
    /// The errata source when the text is errata'd wording.
    pub errata: Option<String>,
    /// Equipment: the Might bonus and the text granted to the equipped unit.
    pub might_bonus: Option<u32>,
    pub equip_text: Option<String>,
    /// `maxCopies: 0`: banned, from this date when the file says.
    pub banned_from: Option<String>,
    pub banned: bool,
    pub aliases: Vec<String>,
}

impl Card {
    pub fn is(&self, kind: &str) -> bool {
        self.kind.eq_ignore_ascii_case(kind)
    }
    pub fn supertype_is(&self, s: &str) -> bool {
        self.supertype
            .as_deref()
            .is_some_and(|t| t.eq_ignore_ascii_case(s))
    }
    /// Domains that count for Domain Identity (103.1.b): "Colorless" is none.
    pub fn identity_domains(&self) -> Vec<&str> {
        self.domains
            .iter()
            .map(String::as_str)
            .filter(|d| !d.eq_ignore_ascii_case("colorless"))
            .collect()
    }
}

/// A card database: where it came from, the cards read, and the cards skipped.
#[derive(Debug, Clone)]
pub struct Database {
    pub path: PathBuf,
    pub cards: Vec<Card>,
    /// Cards that could not be read (each names the card and the field); the rest loaded.
    pub skipped: Vec<String>,
}

/// The community format's card record; every field optional so that one bad card
/// is reported and skipped rather than failing the file.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawCard {
    name: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    supertype: Option<String>,
    #[serde(default)]
    domains: Vec<String>,
    energy: Option<u32>,
    power: Option<u32>,
    might: Option<u32>,
    #[serde(default)]
    tags: Vec<String>,
    text: Option<String>,
    might_bonus: Option<u32>,
    effect: Option<serde_json::Value>,
    max_copies: Option<u32>,
    banned_from: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
}

impl Database {
    /// Where the database is: `--cards`, else `$ARBITER_CARDS`, else the data directory.
    /// `None` when none is given and the default file does not exist.
    pub fn locate(flag: Option<&Path>) -> Option<PathBuf> {
        if let Some(p) = flag {
            return Some(p.to_path_buf());
        }
        if let Some(p) = std::env::var_os("ARBITER_CARDS").filter(|p| !p.is_empty()) {
            return Some(PathBuf::from(p));
        }
        let p = default_path()?;
        p.is_file().then_some(p)
    }

    /// Reads the database `path` names (community JSON, or a YAML map in the
    /// scenario's `cards:` format when the file ends in .yaml/.yml).
    pub fn load(path: &Path) -> Result<Database, Error> {
        let shown = path.display().to_string();
        let meta = std::fs::metadata(path).map_err(|e| {
            Error::Input(InputError {
                file: shown.clone(),
                line: None,
                column: None,
                message: format!("cannot read the card database: {e}"),
                hint: Some(
                    "give one with --cards FILE or ARBITER_CARDS, or put cards.json in the data \
                     directory (see `arbiter cards`)"
                        .into(),
                ),
            })
        })?;
        if meta.len() > MAX_FILE_BYTES {
            return Err(input(
                &shown,
                None,
                format!(
                    "the card database is {} bytes; at most {MAX_FILE_BYTES} are read",
                    meta.len()
                ),
            ));
        }
        let too_big = || {
            input(
                &shown,
                None,
                format!("the card database is larger than {MAX_FILE_BYTES} bytes, the most read"),
            )
        };
        let bytes = crate::limits::read_at_most(path, MAX_FILE_BYTES)
            .map_err(|e| input(&shown, None, e.to_string()))?
            .ok_or_else(too_big)?;
        let source = String::from_utf8(bytes).map_err(|e| {
            input(
                &shown,
                None,
                format!(
                    "not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            )
        })?;
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let mut db = if ext == "yaml" || ext == "yml" {
            Self::from_yaml(&shown, &source)?
        } else {
            Self::from_json(&shown, &source)?
        };
        db.path = path.to_path_buf();
        Ok(db)
    }

    /// Parses the community JSON format (see the README, "Card database").
    pub fn from_json(file: &str, source: &str) -> Result<Database, Error> {
        // a byte-order mark, as some editors on Windows write it, is not JSON's
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        let v: serde_json::Value = serde_json::from_str(source).map_err(|e| {
            Error::Input(InputError {
                file: file.to_string(),
                line: Some(e.line()),
                column: Some(e.column()),
                message: format!("not valid JSON: {e}"),
                hint: None,
            })
        })?;
        let list = match &v {
            serde_json::Value::Object(m) => m.get("cards").and_then(|c| c.as_array()),
            serde_json::Value::Array(a) => Some(a),
            _ => None,
        };
        let Some(list) = list else {
            return Err(input(
                file,
                Some("expected an object with a \"cards\" list (or a list of cards)".into()),
                "no \"cards\" list".into(),
            ));
        };
        if list.len() > MAX_CARDS {
            return Err(input(
                file,
                None,
                format!(
                    "{} cards; at most {MAX_CARDS} are read from one database",
                    list.len()
                ),
            ));
        }
        let mut cards = Vec::with_capacity(list.len());
        let mut skipped = Vec::new();
        for (i, raw) in list.iter().enumerate() {
            let label = raw
                .get("name")
                .and_then(|n| n.as_str())
                .filter(|n| !n.trim().is_empty())
                .map(|n| format!("\"{n}\""))
                .unwrap_or_else(|| format!("#{}", i + 1));
            match serde_json::from_value::<RawCard>(raw.clone()) {
                Ok(r) => match card_of(r) {
                    Ok(c) => cards.push(c),
                    Err(why) => skipped.push(format!("card {label}: {why}")),
                },
                Err(e) => skipped.push(format!("card {label}: {e}")),
            }
        }
        Ok(Database {
            path: PathBuf::from(file),
            cards,
            skipped,
        })
    }

    /// Parses a YAML map of cards in the scenario format (`Name: {type: unit, might: 3}`),
    /// for users who keep their own list. Abilities are read by the scenario loader;
    /// here the characteristics and keywords matter.
    pub fn from_yaml(file: &str, source: &str) -> Result<Database, Error> {
        use std::collections::BTreeMap;
        let map: BTreeMap<String, crate::scenario::format::CardDef> =
            serde_saphyr::from_str(source).map_err(|e| {
                let inner = e.without_snippet();
                let loc = inner.location();
                Error::Input(InputError {
                    file: file.to_string(),
                    line: loc.map(|l| l.line() as usize),
                    column: loc.map(|l| l.column() as usize),
                    message: inner
                        .render_with_options(serde_saphyr::render_options! {
                            snippets: serde_saphyr::SnippetMode::Off,
                        })
                        .lines()
                        .next()
                        .unwrap_or("invalid YAML")
                        .to_string(),
                    hint: Some(
                        "a YAML card list maps names to cards as a scenario's cards: does".into(),
                    ),
                })
            })?;
        let cards = map
            .into_iter()
            .map(|(name, c)| Card {
                kind: c
                    .kind
                    .as_ref()
                    .map(|k| capitalise(&k.value))
                    .unwrap_or_else(|| "Unit".into()),
                supertype: c.supertype.as_ref().map(|s| s.value.clone()),
                domains: c.domains.iter().map(|d| d.value.clone()).collect(),
                energy: c.cost.and_then(|v| u32::try_from(v.get()).ok()),
                power: c.power.as_ref().and_then(|v| {
                    u32::try_from(v.to_power(crate::engine::Power::own).total()).ok()
                }),
                might: c.might.and_then(|v| u32::try_from(v.get()).ok()),
                tags: c.tags.iter().map(|t| t.value.clone()).collect(),
                text: c
                    .keywords
                    .iter()
                    .map(|k| format!("[{}]", k.value))
                    .collect::<Vec<_>>()
                    .join(" "),
                errata: None,
                might_bonus: None,
                equip_text: None,
                banned_from: None,
                banned: false,
                aliases: Vec::new(),
                name,
            })
            .collect();
        Ok(Database {
            path: PathBuf::from(file),
            cards,
            skipped: Vec::new(),
        })
    }

    /// The card named `query`: exact (case-insensitive), an alias, a unique prefix or
    /// substring, or the nearest names ("did you mean").
    pub fn find(&self, query: &str) -> Result<&Card, Vec<&str>> {
        let q = fold(query);
        if q.is_empty() {
            return Err(Vec::new());
        }
        if let Some(c) = self.cards.iter().find(|c| fold(&c.name) == q) {
            return Ok(c);
        }
        if let Some(c) = self
            .cards
            .iter()
            .find(|c| c.aliases.iter().any(|a| fold(a) == q))
        {
            return Ok(c);
        }
        let partial: Vec<&Card> = self
            .cards
            .iter()
            .filter(|c| fold(&c.name).contains(&q))
            .collect();
        if partial.len() == 1 {
            return Ok(partial[0]);
        }
        if partial.len() > 1 {
            return Err(partial.iter().take(8).map(|c| c.name.as_str()).collect());
        }
        // Typos: compare with whole names and with the part before the comma.
        let mut scored: Vec<(usize, &str)> = self
            .cards
            .iter()
            .flat_map(|c| {
                let head = c.name.split(',').next().unwrap_or(&c.name);
                let d = crate::fuzzy::distance(&q, &fold(&c.name))
                    .min(crate::fuzzy::distance(&q, &fold(head)));
                std::iter::once((d, c.name.as_str()))
            })
            .filter(|(d, _)| *d <= (q.chars().count() / 4).clamp(1, 3))
            .collect();
        scored.sort();
        Err(scored.into_iter().take(5).map(|(_, n)| n).collect())
    }

    /// The card named exactly `name` (case-insensitive, aliases too), for scenarios.
    pub fn exact(&self, name: &str) -> Option<&Card> {
        let q = fold(name);
        self.cards.iter().find(|c| fold(&c.name) == q).or_else(|| {
            self.cards
                .iter()
                .find(|c| c.aliases.iter().any(|a| fold(a) == q))
        })
    }
}

/// Case- and punctuation-insensitive form of a name ("Zhonya's" = "zhonyas").
///
/// One pass and one allocation: the card compiler folds each sentence and clause as it tries
/// its readings, so this is most of the time `cards coverage` takes on a large database
/// (it was three passes and three allocations, half the time of compiling a long card).
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if c.is_alphanumeric() || c == ',' {
            if space {
                out.push(' ');
                space = false;
            }
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            } else {
                out.extend(c.to_lowercase());
            }
        }
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn input(file: &str, hint: Option<String>, message: String) -> Error {
    Error::Input(InputError {
        file: file.to_string(),
        line: None,
        column: None,
        message,
        hint,
    })
}

fn card_of(r: RawCard) -> Result<Card, String> {
    let name = r
        .name
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .ok_or("field \"name\" is missing or empty")?;
    let kind = r
        .kind
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .ok_or("field \"type\" is missing or empty")?;
    let long = |t: &str| t.chars().count() > MAX_TEXT_CHARS;
    if r.text.as_deref().is_some_and(long) {
        return Err(format!(
            "its text is {} characters long; the limit is {MAX_TEXT_CHARS}",
            r.text.as_deref().unwrap_or("").chars().count()
        ));
    }
    if let Some(serde_json::Value::String(e)) = &r.effect
        && long(e)
    {
        return Err(format!(
            "its effect text is {} characters long; the limit is {MAX_TEXT_CHARS}",
            e.chars().count()
        ));
    }
    let (errata, body) = text::split_errata(r.text.as_deref().unwrap_or(""));
    let equip_text = match r.effect {
        Some(serde_json::Value::String(s)) => Some(text::normalise(&s)),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(serde_json::Value::Null) | None => None,
        Some(_) => return Err("field \"effect\" is not text".into()),
    };
    Ok(Card {
        name,
        kind,
        supertype: r.supertype.filter(|s| !s.is_empty()),
        domains: r.domains,
        energy: r.energy,
        power: r.power,
        might: r.might,
        tags: r.tags,
        text: text::normalise(&body),
        errata,
        might_bonus: r.might_bonus,
        equip_text,
        banned: r.max_copies == Some(0),
        banned_from: r.banned_from,
        aliases: r.aliases,
    })
}

/// `cards.json` in the user's data directory: `$XDG_DATA_HOME/arbiter`, else
/// `~/.local/share/arbiter` (Linux), `~/Library/Application Support/arbiter`
/// (macOS), `%APPDATA%\arbiter\data` (Windows), by `crate::paths::data_dir`.
pub fn default_path() -> Option<PathBuf> {
    crate::paths::data_dir().map(|d| d.join("cards.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{"cards": [
      {"name": "Stone Sentry", "type": "Unit", "domains": ["Body"], "energy": 3, "power": 0,
       "might": 4, "text": "[TANK] (I must be assigned combat damage first.)"},
      {"name": "Quiet Spark", "type": "Spell", "domains": ["Fury"], "energy": 1, "power": 0,
       "might": 0, "text": "Card Errata Text – From Test Card Errata:\n[ACTION] (Play on any turn.)\nDeal 2 to a unit.",
       "aliases": ["Quite Spark"]},
      {"type": "Unit", "name": ""},
      {"name": "Broken", "type": "Unit", "might": "tall"},
      {"name": "Old Relic", "type": "Gear", "maxCopies": 0, "bannedFrom": "2026-03-31"}
    ]}"#;

    #[test]
    fn reads_the_community_format_and_skips_bad_cards_by_name() {
        let db = Database::from_json("t.json", SAMPLE).unwrap();
        assert_eq!(db.cards.len(), 3);
        assert_eq!(db.skipped.len(), 2);
        assert!(db.skipped[0].contains("#3") && db.skipped[0].contains("name"));
        assert!(db.skipped[1].contains("\"Broken\""), "{:?}", db.skipped);
        let spark = db.exact("quiet spark").unwrap();
        assert_eq!(
            spark.text,
            "[Action] (Play on any turn.)\nDeal 2 to a unit."
        );
        assert!(
            spark
                .errata
                .as_deref()
                .unwrap()
                .contains("Test Card Errata")
        );
        assert!(db.exact("Old Relic").unwrap().banned);
    }

    #[test]
    fn finds_by_alias_prefix_and_typo() {
        let db = Database::from_json("t.json", SAMPLE).unwrap();
        assert_eq!(db.find("Quite Spark").unwrap().name, "Quiet Spark");
        assert_eq!(db.find("sentry").unwrap().name, "Stone Sentry");
        assert_eq!(db.find("Stone Sentyr").unwrap_err(), vec!["Stone Sentry"]);
        assert!(db.find("zzzz").unwrap_err().is_empty());
    }

    #[test]
    fn malformed_json_names_line_and_column() {
        let Err(Error::Input(e)) = Database::from_json("t.json", "{\"cards\": [\n  {,}]}") else {
            panic!("expected an input error");
        };
        assert_eq!(e.line, Some(2));
        assert!(e.column.is_some());
        assert!(Database::from_json("t.json", "{\"x\": 1}").is_err());
    }

    #[test]
    fn yaml_lists_use_the_scenario_card_format() {
        let db = Database::from_yaml(
            "my.yaml",
            "Wall: {type: unit, might: 5, keywords: [Tank]}\n",
        )
        .unwrap();
        assert_eq!(db.cards[0].kind, "Unit");
        assert_eq!(db.cards[0].text, "[Tank]");
        assert!(Database::from_yaml("my.yaml", "Wall: {type: unit, mihgt: 5}\n").is_err());
    }
}
