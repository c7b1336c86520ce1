//! Loading a scenario: YAML through serde-saphyr, then every name resolved.
//! Every error carries file:line:col, what was expected, and a "did you mean"
//! where a near name exists.

use super::format::{self, File, Name};
use super::keywords;
use super::suggest::did_you_mean;
use crate::error::InputError;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};
use std::collections::BTreeMap;
use std::path::Path;

/// What went wrong, as a scenario may expect it with `expect-error: {kind: ...}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file is not YAML (cannot be expected: the file cannot be read).
    Yaml,
    UnknownField,
    InvalidValue,
    UnknownName,
    AmbiguousName,
    UnknownKeyword,
    /// An ability or step the engine does not model.
    Unsupported,
    /// The engine refused a step (with the rule that forbids it).
    Illegal,
    /// A decision with several legal options that the script did not make.
    Undecided,
    /// A `choose` step that no decision used.
    UnusedChoice,
}

impl ErrorKind {
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::Yaml,
        ErrorKind::UnknownField,
        ErrorKind::InvalidValue,
        ErrorKind::UnknownName,
        ErrorKind::AmbiguousName,
        ErrorKind::UnknownKeyword,
        ErrorKind::Unsupported,
        ErrorKind::Illegal,
        ErrorKind::Undecided,
        ErrorKind::UnusedChoice,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Yaml => "yaml",
            ErrorKind::UnknownField => "unknown-field",
            ErrorKind::InvalidValue => "invalid-value",
            ErrorKind::UnknownName => "unknown-name",
            ErrorKind::AmbiguousName => "ambiguous-name",
            ErrorKind::UnknownKeyword => "unknown-keyword",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Illegal => "illegal",
            ErrorKind::Undecided => "undecided",
            ErrorKind::UnusedChoice => "unused-choice",
        }
    }
}

/// A scenario error: its kind, where, what, and (for `illegal`) the rule.
#[derive(Debug, Clone)]
pub struct ScenarioError {
    pub kind: ErrorKind,
    pub input: Box<InputError>,
    pub rule: Option<String>,
}

impl ScenarioError {
    pub fn at(kind: ErrorKind, file: &str, loc: Location, message: impl Into<String>) -> Self {
        let (line, column) = if loc == Location::UNKNOWN {
            (None, None)
        } else {
            (Some(loc.line() as usize), Some(loc.column() as usize))
        };
        ScenarioError {
            kind,
            input: Box::new(InputError {
                file: file.to_string(),
                line,
                column,
                message: crate::error::bound_echoes(&message.into()),
                hint: None,
            }),
            rule: None,
        }
    }

    pub fn hint(mut self, h: impl Into<String>) -> Self {
        self.input.hint = Some(crate::error::bound_echoes(&h.into()));
        self
    }

    pub fn with_rule(mut self, r: impl Into<String>) -> Self {
        self.rule = Some(r.into());
        self
    }
}

impl From<ScenarioError> for crate::error::Error {
    fn from(e: ScenarioError) -> Self {
        crate::error::Error::Scenario {
            kind: e.kind.name(),
            rule: e.rule,
            input: e.input,
        }
    }
}

/// Where an object starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Base(usize),
    Battlefield(usize),
    Hand(usize),
    Deck(usize),
    Trash(usize),
    RuneDeck(usize),
    /// Facedown at the battlefield (811).
    Facedown(usize),
    /// On the chain at set-up (the index of `setup.chain`).
    Chain(usize),
    /// The player's Legend Zone (172–175).
    LegendZone(usize),
}

/// One object of the setup, with the name it goes by.
#[derive(Debug, Clone)]
pub struct ObjectInfo {
    /// Its `id:` if given.
    pub id: Option<String>,
    pub card: String,
    pub place: Place,
    /// Where it is, in words ("at The Bridge", "in A's base").
    pub where_: String,
}

impl ObjectInfo {
    /// The name it is shown with: its id, or its card name.
    pub fn label(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.card)
    }
}

/// A loaded, validated scenario: the parsed file and its names resolved.
pub struct Scenario {
    pub path: String,
    pub file: File,
    pub players: Vec<String>,
    pub battlefields: Vec<String>,
    pub objects: Vec<ObjectInfo>,
    /// Names given with `ids` to tokens created during the run.
    pub created: Vec<String>,
    /// Victory score of the mode (466, 480–484).
    pub victory_score: u32,
    pub mode: String,
}

/// Only `expect-error`, read before the rest so that a scenario about a load
/// error can still say which error it expects.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    title: Option<String>,
    #[serde(rename = "expect-error", default)]
    expect_error: Option<format::ExpectError>,
}

/// How a scenario file is named in messages: its path, or `<stdin>` for `-`.
pub fn label(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// Reads the file — standard input for `-` — (a missing file is a usage error, exit 2).
/// Text that is not UTF-8 is reported with the line, column and byte offset of the first
/// invalid byte.
pub fn read(path: &Path) -> Result<String, crate::error::Error> {
    let input = |line, column, message: String| {
        crate::error::Error::Input(InputError {
            file: label(path),
            line,
            column,
            message,
            hint: None,
        })
    };
    let cant = |e: std::io::Error| input(None, None, format!("cannot read the scenario: {e}"));
    let max = crate::limits::MAX_SCENARIO_BYTES;
    let mut bytes = Vec::new();
    let source: Box<dyn std::io::Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(cant)?)
    };
    std::io::Read::read_to_end(&mut std::io::Read::take(source, max + 1), &mut bytes)
        .map_err(cant)?;
    if bytes.len() as u64 > max {
        return Err(input(
            None,
            None,
            format!("the file is larger than the limit for a scenario ({max} bytes)"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        input(
            Some(line),
            Some(column),
            format!(
                "the file is not valid UTF-8: byte {at} (0x{:02x}) is not part of a UTF-8 character",
                e.as_bytes()[at]
            ),
        )
    })
}

/// The `expect-error` block, if the file is YAML and has one.
pub fn expected_error(source: &str) -> Option<format::ExpectError> {
    serde_saphyr::from_str::<Header>(source)
        .ok()
        .and_then(|h| h.expect_error)
}

/// The title, read leniently (for reporting a scenario that fails to load).
pub fn title(source: &str) -> Option<String> {
    header(source).0
}

/// The title and the `expect-error` block, read leniently in one pass (for a scenario
/// that fails to load).
pub fn header(source: &str) -> (Option<String>, Option<format::ExpectError>) {
    serde_saphyr::from_str::<Header>(source)
        .map(|h| (h.title, h.expect_error))
        .unwrap_or_default()
}

/// Parses and validates a scenario.
pub fn load(path: &str, source: &str) -> Result<Scenario, ScenarioError> {
    load_with(path, source, None).map(|(s, _)| s)
}

/// The card database that supplied cards to a scenario, and the cards it supplied.
pub type Supplied = Option<(String, Vec<String>)>;

/// Loads a scenario; cards it names without defining come from its own
/// `card-database:`, else from `cards` (the user's card database) when given.
/// Returns the scenario and, when a database supplied cards, which and from where.
pub fn load_with(
    path: &str,
    source: &str,
    cards: Option<&crate::cards::Database>,
) -> Result<(Scenario, Supplied), ScenarioError> {
    let mut file: File =
        serde_saphyr::from_str(source).map_err(|e| yaml_error(path, source, &e))?;
    basic_runes(&mut file);
    let own = match &file.card_database {
        Some(n) => Some(super::database::open(path, n)?),
        None => None,
    };
    let supplied = match own.as_ref().or(cards) {
        Some(db) => {
            let names = super::database::supply(&mut file, db);
            (!names.is_empty()).then(|| (db.path.display().to_string(), names))
        }
        None => None,
    };
    let s = Resolver::new(path)
        .build(file)
        .map_err(|e| locate_player_key(e, source))?;
    Ok((s, supplied))
}

/// The `ids` an effect gives the tokens it creates, nested effects included.
fn created_ids<'f>(e: &'f format::Effect, out: &mut Vec<&'f Name>) {
    out.extend(e.ids.iter());
    for x in e.choose_one.iter().chain(&e.one_of) {
        created_ids(&x.value, out);
    }
    if let Some(r) = &e.reflexive {
        for x in r.if_you.iter().chain(&r.do_this) {
            created_ids(&x.value, out);
        }
    }
    if let Some(d) = &e.delayed {
        for x in &d.effects {
            created_ids(&x.value, out);
        }
    }
}

/// The names of the tokens an effect creates without `ids`, nested effects included (a
/// mode, what a delayed or reflexive ability does, what is done if it was done, instead or
/// otherwise, what its controller or owner does next).
fn described_tokens<'f>(e: &'f format::Effect, out: &mut Vec<&'f Name>) {
    if let (Some(n), true) = (&e.create, e.ids.is_empty()) {
        out.push(n);
    }
    let nested = e
        .choose_one
        .iter()
        .chain(&e.one_of)
        .chain(&e.instead)
        .chain(&e.if_you_do)
        .chain(&e.if_not)
        .chain(&e.otherwise)
        .chain(e.its_controller.as_deref())
        .chain(e.its_owner.as_deref());
    for x in nested {
        described_tokens(&x.value, out);
    }
    if let Some(r) = &e.reflexive {
        for x in r.if_you.iter().chain(&r.do_this) {
            described_tokens(&x.value, out);
        }
    }
    if let Some(d) = &e.delayed {
        for x in &d.effects {
            described_tokens(&x.value, out);
        }
    }
}

/// 163.1: the six basic runes need no definition — a rune deck, the runes on the board or
/// a base naming "Fury Rune" (…) and not defining it gets the basic rune of that domain
/// (its two abilities, 163.2, are the engine's).
fn basic_runes(file: &mut File) {
    let mut named: Vec<Name> = Vec::new();
    for p in file.setup.players.values() {
        named.extend(p.value.rune_deck.iter().map(|c| c.card.clone()));
        named.extend(p.value.runes.iter().map(|o| o.value.card.clone()));
    }
    for objs in file.setup.bases.values() {
        named.extend(objs.iter().map(|o| o.value.card.clone()));
    }
    for n in named {
        let Some(d) = n
            .value
            .strip_suffix(" Rune")
            .and_then(crate::engine::Domain::parse)
        else {
            continue;
        };
        if file.cards.contains_key(&n.value) {
            continue;
        }
        let name = |v: &str| Spanned::new(v.to_string(), n.referenced, n.defined);
        let def = format::CardDef {
            kind: Some(name("rune")),
            domains: vec![name(d.name())],
            ..Default::default()
        };
        file.cards
            .insert(n.value.clone(), Spanned::new(def, n.referenced, n.defined));
    }
}

/// A player named as a key under `bases:` has no span of its own: the error is placed at
/// the key, found in the text.
fn locate_player_key(mut e: ScenarioError, source: &str) -> ScenarioError {
    let Some(name) = e
        .input
        .message
        .strip_prefix("unknown player \"")
        .and_then(|r| r.split('"').next())
    else {
        return e;
    };
    if e.input.line.is_some() {
        return e;
    }
    let mut in_bases = false;
    for (i, l) in source.lines().enumerate() {
        let t = l.trim_start();
        if t.starts_with("bases:") {
            in_bases = true;
            continue;
        }
        let indent = l.len() - t.len();
        if in_bases && indent <= 2 && !t.is_empty() && !t.starts_with('#') {
            in_bases = false;
        }
        if in_bases && t.strip_prefix(name).is_some_and(|r| r.starts_with(':')) {
            e.input.line = Some(i + 1);
            e.input.column = Some(l[..indent].chars().count() + 1);
            break;
        }
    }
    e
}

/// A serde-saphyr error on `source` in the format's words, without its place (for text that
/// is not a file: a step typed in the REPL).
pub fn yaml_message(source: &str, e: &serde_saphyr::Error) -> String {
    let e = yaml_error("", source, e).input;
    match e.hint {
        Some(h) => format!("{} ({h})", e.message),
        None => e.message,
    }
}

/// Maps a serde-saphyr error to a located error with a suggestion.
fn yaml_error(path: &str, source: &str, e: &serde_saphyr::Error) -> ScenarioError {
    use serde_saphyr::Error as E;
    let inner = e.without_snippet();
    let loc = inner.location().unwrap_or(Location::UNKNOWN);
    match inner {
        E::SerdeUnknownField {
            field, expected, ..
        } => {
            let mut msg = format!("unknown field \"{field}\"");
            msg.push_str(&did_you_mean(field, expected.iter().copied()));
            ScenarioError::at(ErrorKind::UnknownField, path, loc, msg)
                .hint(format!("expected one of: {}", expected.join(", ")))
        }
        E::SerdeUnknownVariant {
            variant, expected, ..
        } => {
            let mut msg = format!("unknown step or value \"{variant}\"");
            msg.push_str(&did_you_mean(variant, expected.iter().copied()));
            ScenarioError::at(ErrorKind::UnknownField, path, loc, msg)
                .hint(format!("expected one of: {}", expected.join(", ")))
        }
        E::DuplicateMappingKey { key, .. } => {
            let name = key.clone().unwrap_or_else(|| "a key".into());
            let first = key
                .as_deref()
                .and_then(|k| first_key_line(source, k, loc))
                .map(|l| format!(" (first written on line {l})"))
                .unwrap_or_default();
            ScenarioError::at(
                ErrorKind::InvalidValue,
                path,
                loc,
                format!("the key \"{name}\" is given twice in the same mapping{first}"),
            )
            .hint("keep one of them")
        }
        E::NullIntoString { .. } => {
            let key = key_at(source, loc)
                .map(|k| format!("\"{k}\" "))
                .unwrap_or_default();
            ScenarioError::at(
                ErrorKind::InvalidValue,
                path,
                loc,
                format!("{key}has no value (null or ~); it needs text here"),
            )
        }
        E::Budget { breach, .. } => {
            ScenarioError::at(ErrorKind::Yaml, path, loc, budget_text(breach))
                .hint("a scenario is a small file; split it or shorten it")
        }
        E::SerdeMissingField { field, .. } => ScenarioError::at(
            ErrorKind::InvalidValue,
            path,
            loc,
            format!("missing field \"{field}\""),
        ),
        _ => {
            let mut text = match inner {
                // serde's "invalid type: sequence, expected …", in the format's words
                E::SerdeInvalidType {
                    unexpected,
                    expected,
                    ..
                } => format!("expected {expected}, found {}", found_words(unexpected)),
                E::InvalidScalar { ty: "boolean", .. } => format!(
                    "expected true or false{}",
                    scalar_at(source, loc)
                        .map(|v| format!(", found \"{}\"", crate::error::bounded(&v)))
                        .unwrap_or_default()
                ),
                E::Unexpected { expected, .. } if *expected == "string scalar" => format!(
                    "expected a single value here (text, a number or true/false){}",
                    shape_at(source, loc)
                        .map(|f| format!(", found {f}"))
                        .unwrap_or_default()
                ),
                _ => {
                    let text = inner.render_with_options(serde_saphyr::render_options! {
                        snippets: serde_saphyr::SnippetMode::Off,
                    });
                    friendlier(&strip_location(&text))
                }
            };
            if text.contains(" out of range")
                || text.contains("whole number")
                || text.starts_with("expected true or false")
            {
                // a number's or a yes/no's error names its field, read from the line the
                // value is on (or the key, where the reader places the error at the key)
                // (not for a mapping found: the reader places that error at its first key)
                let at_key = || {
                    (!text.ends_with("found a mapping"))
                        .then(|| key_written_at(source, loc))
                        .flatten()
                };
                if let Some(key) = key_at(source, loc).or_else(at_key) {
                    text = format!("{key}: {text}");
                }
            }
            let kind = if matches!(
                inner,
                E::SerdeInvalidType { .. }
                    | E::SerdeInvalidValue { .. }
                    | E::Message { .. }
                    | E::InvalidScalar { .. }
            ) {
                ErrorKind::InvalidValue
            } else {
                ErrorKind::Yaml
            };
            ScenarioError::at(kind, path, loc, text)
        }
    }
}

/// The YAML reader's safety limits (a bomb or a huge file), in words.
fn budget_text(b: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    let what = match b {
        B::Events { events } => format!("more than {events} YAML events"),
        B::Aliases { aliases } => format!("{aliases} aliases (*name)"),
        B::Anchors { anchors } => format!("{anchors} anchors (&name)"),
        B::Depth { depth } => format!("nesting {depth} levels deep"),
        B::Nodes { nodes } => format!("{nodes} values"),
        B::ScalarBytes { total_scalar_bytes } => {
            format!("{total_scalar_bytes} bytes of text")
        }
        B::Documents { documents } => format!("{documents} documents"),
        other => format!("{other:?}"),
    };
    format!("the file is past the YAML reader's safety limit: {what}")
}

/// What serde calls the value it found ("sequence", "unit value", "integer `7`"), in the
/// words of a YAML file.
fn found_words(unexpected: &str) -> String {
    let quoted = |prefix: &str| {
        unexpected
            .strip_prefix(prefix)
            .and_then(|r| r.strip_prefix('`'))
            .and_then(|r| r.strip_suffix('`'))
            .map(str::to_string)
    };
    match unexpected {
        "sequence" => "a list".into(),
        "map" => "a mapping".into(),
        "unit value" | "unit" => "nothing (null or ~)".into(),
        "Option value" => "a value".into(),
        _ => {
            if let Some(n) = quoted("integer ").or_else(|| quoted("floating point ")) {
                format!("the number {}", format::long_number(&n))
            } else if let Some(b) = quoted("boolean ") {
                b
            } else if let Some(t) = unexpected.strip_prefix("string ") {
                let t = t.trim_matches('"');
                format!("the text \"{}\"", crate::error::bounded(t))
            } else {
                crate::error::bounded(unexpected)
            }
        }
    }
}

/// The plain value written at `loc` (up to a `,`, `]`, `}`, ` #` or the end of the line).
fn scalar_at(source: &str, loc: Location) -> Option<String> {
    let line = source.lines().nth((loc.line() as usize).checked_sub(1)?)?;
    let col = (loc.column() as usize).checked_sub(1)?;
    let rest: String = line.chars().skip(col).collect();
    let end = rest.find([',', ']', '}']).unwrap_or(rest.len());
    let end = rest[..end].find(" #").unwrap_or(end);
    let v = rest[..end].trim().trim_matches(['"', '\'']);
    (!v.is_empty()).then(|| v.to_string())
}

/// Whether a list or a mapping starts at `loc`, in words.
fn shape_at(source: &str, loc: Location) -> Option<&'static str> {
    let line = source.lines().nth((loc.line() as usize).checked_sub(1)?)?;
    let col = (loc.column() as usize).checked_sub(1)?;
    let rest: String = line.chars().skip(col).collect();
    let rest = rest.trim_start();
    if rest.starts_with('[') || rest.starts_with("- ") || rest == "-" {
        Some("a list")
    } else if rest.starts_with('{') || rest.contains(": ") || rest.ends_with(':') {
        Some("a mapping")
    } else {
        None
    }
}

/// The line where `key` is first written at the same column as the duplicate at `dup`.
fn first_key_line(source: &str, key: &str, dup: Location) -> Option<usize> {
    let col = (dup.column() as usize).checked_sub(1)?;
    source
        .lines()
        .take((dup.line() as usize).saturating_sub(1))
        .position(|l| {
            let rest: String = l.chars().skip(col).collect();
            let head: String = l.chars().take(col).collect();
            rest.strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with(':'))
                && head.trim_start_matches([' ', '-']).is_empty()
        })
        .map(|i| i + 1)
}

/// The mapping key whose value starts at `loc` (`might` in `{type: unit, might: 9}`).
fn key_at(source: &str, loc: Location) -> Option<String> {
    let line = source.lines().nth((loc.line() as usize).checked_sub(1)?)?;
    let col = (loc.column() as usize).checked_sub(1)?;
    let before: String = line.chars().take(col).collect();
    let colon = before.trim_end().strip_suffix(':')?;
    let key: String = colon
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    (!key.is_empty()).then_some(key)
}

/// The mapping key written at `loc` (`might` in `{might: [2]}` when `loc` is at `might`).
fn key_written_at(source: &str, loc: Location) -> Option<String> {
    let line = source.lines().nth((loc.line() as usize).checked_sub(1)?)?;
    let col = (loc.column() as usize).checked_sub(1)?;
    let rest: String = line.chars().skip(col).collect();
    let key: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let after = rest[key.len()..].strip_prefix(':')?;
    (!key.is_empty() && (after.is_empty() || after.starts_with(' '))).then_some(key)
}

/// The parser's words for YAML shapes, in the words of the format.
fn friendlier(s: &str) -> String {
    // the reader's words for a number past f64 (`1e999`, a 400-digit number) and for
    // `.inf`/`.nan`; then its words for a second document and for a seed out of range
    if let Some(rest) = s.strip_prefix("non-finite float `")
        && let Some((v, _)) = rest.split_once('`')
    {
        let digits = v.trim_start_matches(['-', '+']);
        return if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!(
                "the number {} is out of range for any field",
                super::format::long_number(v)
            )
        } else {
            format!("{} is not a whole number", super::format::long_number(v))
        };
    }
    if s.starts_with("multiple YAML documents detected") {
        return "the file holds more than one YAML document (a `---` line after the first); \
                a scenario is one document"
            .into();
    }
    if s == "invalid u64" {
        return format!("expected a whole number from 0 to {}", u64::MAX);
    }
    let t = s
        .replace(
            "expected sequence start",
            "expected a list here, e.g. [a, b]",
        )
        .replace(
            "expected mapping start",
            "expected a mapping here, e.g. {key: value}",
        )
        .replace("expected string scalar", "expected a text value here");
    if t.contains("unclosed bracket") {
        format!("{t} (it opens here and is never closed)")
    } else {
        t
    }
}

/// serde-saphyr appends " at line X, column Y"; the location is reported in front instead.
fn strip_location(s: &str) -> String {
    let s = s.lines().next().unwrap_or("").trim();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s.to_string(),
    }
}

fn loc_of<T>(s: &Spanned<T>) -> Location {
    s.referenced
}

/// Resolves names while building the [`Scenario`].
struct Resolver<'a> {
    path: &'a str,
    /// Card names defined under `cards:`.
    cards: Vec<String>,
    players: Vec<String>,
    battlefields: Vec<String>,
    objects: Vec<ObjectInfo>,
    /// Names the script gives tokens it creates (`ids`).
    created: Vec<String>,
}

impl<'a> Resolver<'a> {
    fn new(path: &'a str) -> Self {
        Resolver {
            path,
            cards: Vec::new(),
            players: Vec::new(),
            battlefields: Vec::new(),
            objects: Vec::new(),
            created: Vec::new(),
        }
    }

    fn err(&self, kind: ErrorKind, loc: Location, msg: impl Into<String>) -> ScenarioError {
        ScenarioError::at(kind, self.path, loc, msg)
    }

    /// Adds an object of the setup, refusing one past [`crate::limits::MAX_OBJECTS`]
    /// (at the card that is one too many).
    fn push_object(&mut self, o: ObjectInfo, at: Location) -> Result<(), ScenarioError> {
        let max = crate::limits::MAX_OBJECTS;
        if self.objects.len() >= max {
            return Err(self.err(
                ErrorKind::InvalidValue,
                at,
                format!(
                    "the setup has more than {max} objects (cards in every zone, runes, \
                     units, gear); the limit is {max}"
                ),
            ));
        }
        self.objects.push(o);
        Ok(())
    }

    /// 484.2, 484.5.c.1: the teams of a mode with teams name each player once, two of two,
    /// and the turn order alternates them.
    fn check_teams(&self, file: &File, mode: &str) -> Result<(), ScenarioError> {
        let teams = &file.setup.teams;
        let Some(first) = teams.iter().flatten().next() else {
            return Ok(());
        };
        let has_teams = crate::engine::Mode::parse(mode).is_some_and(|m| m.has_teams());
        if !has_teams {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(first),
                    format!("the mode {mode} has no teams (478.2.a)"),
                )
                .hint("mode: magma-chamber is the 2v2 mode (484)"));
        }
        let mut named: Vec<&str> = Vec::new();
        for n in teams.iter().flatten() {
            self.player(n)?;
            if named.contains(&n.value.as_str()) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(n),
                    format!("{} is on two teams", n.value),
                ));
            }
            named.push(&n.value);
        }
        if teams.len() != 2 || teams.iter().any(|t| t.len() != 2) {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(first),
                "2v2 has two teams of two (484.2)",
            ));
        }
        let team_of = |p: &str| teams.iter().position(|t| t.iter().any(|n| n.value == p));
        let n = self.players.len();
        for i in 0..n {
            let (a, b) = (&self.players[i], &self.players[(i + 1) % n]);
            if team_of(a) == team_of(b) {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(first),
                        format!(
                            "turn order alternates teams (484.5.c.1), but {a} is followed by their teammate {b} (turn order: {})",
                            self.players.join(", ")
                        ),
                    )
                    .hint("give `seats` in an order that alternates the teams"));
            }
        }
        Ok(())
    }

    fn build(mut self, file: File) -> Result<Scenario, ScenarioError> {
        // Mode: players and victory score.
        use crate::engine::Mode;
        let (mode, n_players, victory) = match &file.mode {
            None => ("duel", 2, 8),
            Some(m) => match Mode::parse(&m.value) {
                Some(md) => (md_name(md), md.players(), md.victory_score() as u32),
                None => {
                    return Err(self
                        .err(
                            ErrorKind::InvalidValue,
                            loc_of(m),
                            format!(
                                "unknown mode \"{}\"{}",
                                m.value,
                                did_you_mean(&m.value, Mode::NAMES.iter().copied())
                            ),
                        )
                        .hint(format!("expected one of: {}", Mode::NAMES.join(", "))));
                }
            },
        };
        if let Some(r) = &file.rules {
            let mut it = r.value.split_whitespace();
            let game = it.next().unwrap_or("");
            let ed = it.next();
            let lib = crate::rulebook::Library::get();
            match lib.resolve(Some(game), ed) {
                Err(e) => return Err(self.err(ErrorKind::InvalidValue, loc_of(r), e)),
                Ok(i) => {
                    let m = &lib.metas()[i];
                    if m.game != "riftbound" || m.edition != "2026-03-30" {
                        return Err(self
                            .err(
                                ErrorKind::Unsupported,
                                loc_of(r),
                                format!(
                                    "the engine follows the Riftbound Core Rules 2026-03-30, not {} {}",
                                    m.game, m.edition
                                ),
                            )
                            .hint("write `rules: riftbound 2026-03-30`, or leave `rules` out"));
                    }
                }
            }
        }
        // Players: those named in setup, in order; then A, B, … up to the mode's count.
        self.players = file.setup.players.keys().cloned().collect();
        if self.players.is_empty() {
            self.players = (0..n_players)
                .map(|i| char::from(b'A' + i as u8).to_string())
                .collect();
        } else if self.players.len() != n_players {
            let first = file
                .setup
                .players
                .values()
                .next()
                .map(loc_of)
                .unwrap_or(Location::UNKNOWN);
            return Err(self.err(
                ErrorKind::InvalidValue,
                first,
                format!(
                    "the mode {mode} has {n_players} players, the setup names {} ({})",
                    self.players.len(),
                    self.players.join(", ")
                ),
            ));
        }
        // Seats: the turn order, when given, is a reordering of exactly those players.
        if !file.setup.seats.is_empty() {
            let mut named: Vec<String> = file.setup.seats.iter().map(|n| n.value.clone()).collect();
            let mut want = self.players.clone();
            named.sort();
            want.sort();
            if named != want {
                let at = loc_of(&file.setup.seats[0]);
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        at,
                        format!(
                            "seats must list each player once: {}",
                            self.players.join(", ")
                        ),
                    )
                    .hint("seats: [B, A] makes B the first player in turn order"));
            }
            self.players = file.setup.seats.iter().map(|n| n.value.clone()).collect();
        }
        self.check_teams(&file, mode)?;
        self.cards = file.cards.keys().cloned().collect();
        // Cards: check keywords and ability shapes.
        for (name, card) in &file.cards {
            self.check_card(name, card)?;
        }
        // Battlefields: at most the mode's Battlefield Count (478.4).
        let count = Mode::parse(mode).map_or(2, |m| m.battlefield_count());
        if let Some(extra) = file.setup.battlefields.get(count) {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(&extra.value.name),
                    format!(
                        "the mode {mode} has {count} battlefields in play (478.4), the setup names {}",
                        file.setup.battlefields.len()
                    ),
                )
                .hint("a mode with more players has more: skirmish, war and magma-chamber have 3"));
        }
        for bf in &file.setup.battlefields {
            if self.battlefields.contains(&bf.value.name.value) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(&bf.value.name),
                    format!(
                        "the battlefield \"{}\" is set up twice",
                        bf.value.name.value
                    ),
                ));
            }
            self.battlefields.push(bf.value.name.value.clone());
        }
        // Objects, in setup order: battlefields, then bases, then hands/decks/trash.
        for (bi, bf) in file.setup.battlefields.iter().enumerate() {
            let bf = &bf.value;
            if let Some(c) = &bf.controller {
                self.player(c)?;
            }
            for p in bf.scored_this_turn.iter().chain(&bf.owner) {
                self.player(p)?;
            }
            if let Some(p) = &bf.contested_by {
                self.player(p)?;
            }
            if let Some(st) = &bf.staged
                && !["showdown", "combat"].contains(&st.value.as_str())
            {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(st),
                    format!(
                        "unknown staging \"{}\" (accepted: showdown, combat){}",
                        st.value,
                        did_you_mean(&st.value, ["showdown", "combat"])
                    ),
                ));
            }
            for u in bf.units.iter().chain(bf.gear.iter()) {
                self.add_object(&file, u, Place::Battlefield(bi))?;
            }
            if let Some(fd) = &bf.facedown {
                let f = &fd.value;
                self.card(&file, &f.card)?;
                if let Some(c) = &f.controller {
                    self.player(c)?;
                } else if bf.controller.is_none() {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(&f.card),
                        format!(
                            "who hid {}? {} has no controller: give the facedown card a \"controller\"",
                            f.card.value, bf.name.value
                        ),
                    ));
                }
                if let Some(id) = &f.id
                    && self
                        .objects
                        .iter()
                        .any(|x| x.id.as_deref() == Some(&id.value))
                {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(id),
                        format!("the id \"{}\" is used twice", id.value),
                    ));
                }
                self.push_object(
                    ObjectInfo {
                        id: f.id.as_ref().map(|i| i.value.clone()),
                        card: f.card.value.clone(),
                        place: Place::Facedown(bi),
                        where_: format!("facedown at {}", bf.name.value),
                    },
                    loc_of(&f.card),
                )?;
            }
            for a in &bf.abilities {
                self.check_ability(&bf.name.value, a)?;
            }
        }
        for (p, objs) in &file.setup.bases {
            let pi = self.player_str(p, Location::UNKNOWN)?;
            for o in objs {
                self.add_object(&file, o, Place::Base(pi))?;
            }
        }
        for (p, ps) in &file.setup.players {
            let pi = self.player_str(p, loc_of(ps))?;
            // a copy may carry an id (`{card, id}`)
            for (cards, place) in [
                (&ps.value.hand, Place::Hand(pi)),
                (&ps.value.deck, Place::Deck(pi)),
                (&ps.value.trash, Place::Trash(pi)),
            ] {
                for entry in cards {
                    let (c, id) = (&entry.card, entry.id.as_ref());
                    self.card(&file, c)?;
                    if let Some(id) = id
                        && (self
                            .objects
                            .iter()
                            .any(|x| x.id.as_deref() == Some(&id.value))
                            || self.players.contains(&id.value)
                            || self.battlefields.contains(&id.value))
                    {
                        return Err(self.err(
                            ErrorKind::InvalidValue,
                            loc_of(id),
                            format!("the id \"{}\" is used twice", id.value),
                        ));
                    }
                    let where_ = match place {
                        Place::Hand(_) => format!("in {p}'s hand"),
                        Place::Deck(_) => format!("in {p}'s deck"),
                        _ => format!("in {p}'s trash"),
                    };
                    self.push_object(
                        ObjectInfo {
                            id: id.map(|i| i.value.clone()),
                            card: c.value.clone(),
                            place: place.clone(),
                            where_,
                        },
                        loc_of(c),
                    )?;
                }
            }
            // 160: runes, in the rune deck and on the board (in the base, 107)
            for entry in &ps.value.rune_deck {
                let c = &entry.card;
                self.rune(&file, c)?;
                if let Some(id) = &entry.id
                    && (self
                        .objects
                        .iter()
                        .any(|x| x.id.as_deref() == Some(&id.value))
                        || self.players.contains(&id.value)
                        || self.battlefields.contains(&id.value))
                {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(id),
                        format!("the id \"{}\" is used twice", id.value),
                    ));
                }
                self.push_object(
                    ObjectInfo {
                        id: entry.id.as_ref().map(|i| i.value.clone()),
                        card: c.value.clone(),
                        place: Place::RuneDeck(pi),
                        where_: format!("in {p}'s rune deck"),
                    },
                    loc_of(c),
                )?;
            }
            for o in &ps.value.runes {
                self.rune(&file, &o.value.card)?;
                self.add_object(&file, o, Place::Base(pi))?;
            }
            if let Some(o) = &ps.value.legend {
                let c = self.card(&file, &o.value.card)?;
                if c.kind.as_ref().map(|k| k.value.as_str()) != Some("legend") {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(&o.value.card),
                        format!(
                            "{} is not a legend (172: a player's Legend Zone holds their legend)",
                            o.value.card.value
                        ),
                    ));
                }
                self.add_object(&file, o, Place::LegendZone(pi))?;
            }
        }
        // Spells on the chain at set-up (after every other object: their targets are those).
        for (ci, c) in file.setup.chain.iter().enumerate() {
            let cv = &c.value;
            self.player(&cv.controller)?;
            let Some(card) = &cv.card else {
                // an ability of an object set up above
                if let Some(k) = &cv.keyword {
                    keyword(self.path, k)?;
                }
                let ability_of = match (&cv.of, &cv.battlefield) {
                    (Some(of), None) => {
                        resolve_object(self.path, &self.objects, of)?;
                        cv.ability.is_some() != cv.keyword.is_some()
                    }
                    (None, Some(b)) => {
                        self.battlefield(b)?;
                        cv.ability.is_some() && cv.keyword.is_none()
                    }
                    _ => false,
                };
                match ability_of {
                    true => {
                        if let Some(b) = &cv.hidden_at {
                            self.battlefield(b)?;
                        }
                        if let Some(sn) = &cv.snapshot {
                            self.player(&sn.controller)?;
                            if parse_base(&sn.at.value, &self.players).is_none() {
                                self.battlefield(&sn.at)?;
                            }
                            for k in &sn.keywords {
                                keyword(self.path, k)?;
                            }
                            if let Some(d) = &sn.designation
                                && !["attacker", "defender"].contains(&d.value.as_str())
                            {
                                return Err(self.err(
                                    ErrorKind::InvalidValue,
                                    loc_of(d),
                                    format!(
                                        "unknown designation \"{}\"{}",
                                        d.value,
                                        did_you_mean(&d.value, ["attacker", "defender"])
                                    ),
                                ));
                            }
                        }
                    }
                    false => {
                        return Err(self
                            .err(
                                ErrorKind::InvalidValue,
                                c.referenced,
                                "a chain item is a spell (`card`) or an ability (`of`, and `ability` or `keyword`; or `battlefield` and `ability`)",
                            )
                            .hint("{card: Firestorm, controller: A, targets: [Scout]}"));
                    }
                }
                continue;
            };
            if cv.of.is_some() || cv.ability.is_some() || cv.battlefield.is_some() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(card),
                    "a chain item is a spell (`card`) or an ability (`of` and `ability`), not both",
                ));
            }
            let cv_card = card;
            if let Some(b) = &cv.hidden_at {
                self.battlefield(b)?;
            }
            let def = self.card(&file, cv_card)?;
            if def.kind.as_ref().map(|k| k.value.as_str()) != Some("spell") {
                return Err(self
                    .err(
                        ErrorKind::Unsupported,
                        loc_of(cv_card),
                        format!(
                            "{} is not a spell: only spells can be set up on the chain",
                            cv_card.value
                        ),
                    )
                    .hint("a unit or gear on the chain resolves as it is finalized (337.1.c)"));
            }
            if let Some(id) = &cv.id
                && (self
                    .objects
                    .iter()
                    .any(|x| x.id.as_deref() == Some(&id.value))
                    || self.players.contains(&id.value)
                    || self.battlefields.contains(&id.value))
            {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(id),
                    format!("the id \"{}\" is used twice", id.value),
                ));
            }
            self.push_object(
                ObjectInfo {
                    id: cv.id.as_ref().map(|i| i.value.clone()),
                    card: cv_card.value.clone(),
                    place: Place::Chain(ci),
                    where_: "on the chain".into(),
                },
                loc_of(cv_card),
            )?;
        }
        for c in &file.setup.chain {
            for t in &c.value.targets {
                self.object(t)?;
            }
            for t in &c.value.moved_since_chosen {
                if !c.value.targets.iter().any(|x| x.value == t.value) {
                    return Err(self
                        .err(
                            ErrorKind::InvalidValue,
                            loc_of(t),
                            format!("\"{}\" is not one of the spell's targets", t.value),
                        )
                        .hint("moved-since-chosen lists some of `targets`"));
                }
            }
        }
        // Turn.
        if let Some(t) = &file.setup.turn {
            if let Some(p) = &t.player {
                self.player(p)?;
            }
            if let Some(ph) = &t.phase {
                phase(self.path, ph)?;
            }
            for p in t.after.iter().chain(&t.queued) {
                self.player(p)?;
            }
        }
        if let Some(c) = &file.setup.combat {
            self.battlefield(&c.at)?;
            self.player(&c.attacker)?;
            if let Some(f) = &c.focus {
                self.player(f)?;
            }
        }
        if let Some(sd) = &file.setup.showdown {
            self.battlefield(&sd.at)?;
            self.player(&sd.focus)?;
            if file.setup.combat.is_some() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(&sd.at),
                    "set up either a combat (a combat showdown) or a non-combat showdown, not both",
                ));
            }
        }
        if let Some(p) = &file.setup.priority {
            self.player(&p.value.player)?;
            if file.setup.chain.is_empty() {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(&p.value.player),
                        "priority is set up with no chain: set up `chain:` too",
                    )
                    .hint("in a showdown without a chain, `focus` says who holds priority"));
            }
        }
        if let Some(r) = &file.setup.random_state
            && r.value == 0
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                r.referenced,
                "the random state cannot be 0: accepted 1 to 18446744073709551615",
            ));
        }
        for e in &file.setup.effects {
            self.effect_setup(e)?;
        }
        for r in &file.setup.created_replacements {
            resolve_object(self.path, &self.objects, &r.value.by)?;
            resolve_object(self.path, &self.objects, &r.value.about)?;
            self.player(&r.value.controller)?;
        }
        for d in &file.setup.delayed {
            resolve_object(self.path, &self.objects, &d.value.by)?;
            if let Some(w) = &d.value.watching {
                resolve_object(self.path, &self.objects, w)?;
            }
            self.player(&d.value.controller)?;
        }
        for u in &file.setup.replacements_used {
            resolve_object(self.path, &self.objects, &u.value.of)?;
        }
        // Tokens the script names (`ids` on a `create`): known names for steps and expectations.
        let mut ids: Vec<&Name> = Vec::new();
        for step in &file.script {
            if let format::Step::Effect(e) = &step.value {
                created_ids(e, &mut ids);
            }
        }
        for c in file.cards.values() {
            for e in c.value.effect.iter().chain(&c.value.then) {
                created_ids(&e.value, &mut ids);
            }
            for a in &c.value.abilities {
                for e in a
                    .value
                    .effect
                    .iter()
                    .chain(&a.value.then)
                    .chain(&a.value.instead)
                {
                    created_ids(&e.value, &mut ids);
                }
            }
        }
        // A token a card's ability makes ("play a 3 [Might] Sprite unit token") and that no
        // `ids` names goes by its name, the latest one made, unless a setup object does.
        let mut described: Vec<&Name> = Vec::new();
        for c in file.cards.values() {
            let c = &c.value;
            let effect_text = c.effect_text.iter().flat_map(|t| &t.value.abilities);
            let effects = c.effect.iter().chain(&c.then).chain(
                c.abilities
                    .iter()
                    .chain(effect_text)
                    .flat_map(|a| a.value.effect.iter().chain(&a.value.then)),
            );
            for e in effects {
                described_tokens(&e.value, &mut described);
            }
        }
        for n in described {
            let taken = self.created.contains(&n.value)
                || self
                    .objects
                    .iter()
                    .any(|o| o.id.as_deref() == Some(&n.value) || o.card == n.value);
            if !taken {
                self.created.push(n.value.clone());
            }
        }
        // a token set up with a name the `ids` give (a saved game's) is that token
        let set_up_tokens: Vec<&str> = file
            .setup
            .battlefields
            .iter()
            .flat_map(|b| b.value.units.iter().chain(&b.value.gear))
            .chain(file.setup.bases.values().flatten())
            .filter(|o| o.value.token)
            .filter_map(|o| o.value.id.as_ref().map(|i| i.value.as_str()))
            .collect();
        for id in ids {
            if set_up_tokens.contains(&id.value.as_str()) {
                self.created.push(id.value.clone());
                continue;
            }
            if self.created.contains(&id.value)
                || self
                    .objects
                    .iter()
                    .any(|o| o.id.as_deref() == Some(&id.value))
                || self.players.contains(&id.value)
                || self.battlefields.contains(&id.value)
            {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(id),
                    format!("the id \"{}\" is used twice", id.value),
                ));
            }
            self.created.push(id.value.clone());
        }
        // Script and expectations: every name must resolve.
        for step in &file.script {
            self.check_step(step)?;
        }
        for e in &file.expect {
            self.check_expect(e)?;
        }
        if let Some(ee) = &file.expect_error
            && !ErrorKind::ALL.iter().any(|k| k.name() == ee.kind.value)
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(&ee.kind),
                    format!(
                        "unknown error kind \"{}\"{}",
                        ee.kind.value,
                        did_you_mean(&ee.kind.value, ErrorKind::ALL.iter().map(|k| k.name()))
                    ),
                )
                .hint(format!(
                    "expected one of: {}",
                    ErrorKind::ALL
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
        }
        Ok(Scenario {
            path: self.path.to_string(),
            file,
            players: self.players,
            battlefields: self.battlefields,
            objects: self.objects,
            created: self.created,
            victory_score: victory,
            mode: mode.to_string(),
        })
    }

    fn check_card(&self, name: &str, card: &Spanned<format::CardDef>) -> Result<(), ScenarioError> {
        let c = &card.value;
        if let Some(k) = &c.kind {
            const TYPES: &[&str] = &[
                "unit",
                "gear",
                "spell",
                "rune",
                "battlefield",
                "legend",
                "token",
            ];
            if !TYPES.contains(&k.value.as_str()) {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(k),
                        format!(
                            "unknown card type \"{}\"{}",
                            k.value,
                            did_you_mean(&k.value, TYPES.iter().copied())
                        ),
                    )
                    .hint(format!("expected one of: {}", TYPES.join(", "))));
            }
        }
        for kw in &c.keywords {
            keyword(self.path, kw)?;
        }
        if let Some(e) = &c.effect {
            self.check_effect(&e.value, loc_of(e), true)?;
        }
        for e in &c.then {
            if c.effect.is_none() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(e),
                    "\"then\" continues a spell's \"effect\"; give the first instruction as \"effect\"",
                ));
            }
            self.check_effect(&e.value, loc_of(e), true)?;
        }
        for a in &c.abilities {
            self.check_ability(name, a)?;
        }
        if let Some(t) = &c.effect_text {
            for kw in &t.value.keywords {
                keyword(self.path, kw)?;
            }
            for a in &t.value.abilities {
                self.check_ability(name, a)?;
            }
        }
        let has_equip = c
            .keywords
            .iter()
            .find(|k| k.value.trim().eq_ignore_ascii_case("equip"));
        if let (Some(k), None) = (has_equip, &c.equip) {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(k),
                    "Equip (818) needs its cost: add equip: {energy: N, power: N}",
                )
                .hint("Equip is \"[Cost]: attach this gear to a unit you control\" (818.1.c.2)"));
        }
        let has_legion = c
            .keywords
            .iter()
            .find(|k| k.value.trim().eq_ignore_ascii_case("legion"));
        // 157.2, 370.1.a: or an instruction of the spell replaced when it holds ("[Legion] –
        // Kill it now instead")
        let dependent = c.abilities.iter().any(|a| {
            a.value.legion
                || a.value.while_.as_ref().is_some_and(|w| w.value == "legion")
                || a.value.if_.as_ref().is_some_and(|w| w.value == "legion")
        }) || c.effect.iter().chain(&c.then).any(|e| {
            e.value
                .instead_if
                .as_ref()
                .is_some_and(|w| w.value == "legion")
        });
        if let (Some(k), false) = (has_legion, dependent) {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(k),
                    "Legion (812) needs its dependent ability: a triggered ability with \"legion: true\", a passive with \"while: legion\", a play-cost with \"if: legion\" or a spell's instruction with \"instead-if: legion\"",
                )
                .hint("Legion is \"if you have played another card this turn, this card gains [Text]\" (812.1.b.1)"));
        }
        let has_repeat = c
            .keywords
            .iter()
            .find(|k| k.value.trim().eq_ignore_ascii_case("repeat"));
        if let (Some(k), true) = (has_repeat, c.repeat.is_empty()) {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(k),
                    "Repeat (820) needs its cost: add repeat: [{energy: N, power: N}]",
                )
                .hint("Repeat [Cost] is an optional additional cost (820.1.c.1)"));
        }
        // 820.1.c: energy, power and discards ("[Repeat] - Discard 1")
        if let Some(r) = c.repeat.iter().find(|r| {
            let mut x = r.value.clone();
            x.discard = format::Amt::default();
            !x.resources_only()
        }) {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(r),
                "Repeat's cost is energy, power and discards (820.1.c): \"exhaust\", \"xp\", \"buff\" and \"kill-this\" are for a triggered ability's cost",
            ));
        }
        if let Some(r) = c.repeat.first()
            && c.kind.as_ref().map(|k| k.value.as_str()) != Some("spell")
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(r),
                "Repeat is present on spells (820.1.a)",
            ));
        }
        Ok(())
    }

    fn check_ability(
        &self,
        _owner: &str,
        a: &Spanned<format::AbilityDef>,
    ) -> Result<(), ScenarioError> {
        let ab = &a.value;
        for g in ab.grant.iter().chain(ab.remove.iter()) {
            keyword(self.path, g)?;
        }
        for e in &ab.instead {
            self.check_effect(&e.value, loc_of(e), true)?;
        }
        if let Some(sc) = &ab.scope
            && !SCOPES.contains(&sc.value.as_str())
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(sc),
                    format!(
                        "unknown scope \"{}\"{}",
                        sc.value,
                        did_you_mean(&sc.value, SCOPES.iter().copied())
                    ),
                )
                .hint(format!("expected one of: {}", SCOPES.join(", "))));
        }
        if let Some(e) = &ab.effect {
            self.check_effect(&e.value, loc_of(e), true)?;
        }
        for e in &ab.then {
            if ab.effect.is_none() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(e),
                    "\"then\" continues an ability's \"effect\"; give the first instruction as \"effect\"",
                ));
            }
            self.check_effect(&e.value, loc_of(e), true)?;
        }
        if let Some(c) = &ab.cost
            && ab.when.is_none()
            && ab.would.is_none()
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    "\"cost\" is the cost within a triggered ability's or an optional replacement's instructions (403.1.b.1, 742.1): it needs \"when\" or \"would\"",
                )
                .hint("an activated ability's cost goes under \"activate\""));
        }
        if let Some(c) = &ab.if_ {
            if ab.when.is_none()
                && !ab.enter_ready
                && ab.would.is_none()
                && ab.play_cost.is_none()
                && !ab.ignore_cost
            {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(c),
                        "\"if\" is the condition of a triggered ability (383.3.e), of \"enter-ready\", of a replacement (\"would\"), of a \"play-cost\" or of \"ignore-cost\"",
                    )
                    .hint("a passive's condition goes under \"while\""));
            }
            if !condition_ok(&c.value) {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(c),
                        format!(
                            "unknown condition \"{}\"{}",
                            c.value,
                            did_you_mean(&c.value, CONDITIONS.iter().copied())
                        ),
                    )
                    .hint("e.g. additional-cost-paid, runes 4 or fewer, runes 7 or more, control another Mech, control 2 gear, or a \"while\" condition"));
            }
        }
        if let Some(c) = &ab.activate {
            if ab.when.is_some() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    "an ability is activated (\"activate\"), triggered (\"when\") or passive (\"while\"), one of them",
                ));
            }
            // 377.2.b: an activated ability's `while` is its condition on using it
            if let Some(w) = ab.while_.as_ref().filter(|w| !condition_ok(&w.value)) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(w),
                    format!("unknown condition \"{}\"", w.value),
                ));
            }
            if ab.effect.is_none() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    "an activated ability needs an \"effect\"",
                ));
            }
            return Ok(());
        }
        // 356.1.a, 419.1.a: a permission to play the card from its trash; `while` its condition
        if let Some(c) = ab
            .play_from_trash
            .as_ref()
            .filter(|c| !c.value.resources_only())
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(c),
                "a cost to play a card from its trash is energy and power (356.1.a)",
            ));
        }
        if (ab.play_from_trash.is_some() || ab.own_bonus_damage.is_some()) && ab.when.is_none() {
            if let Some(w) = ab.while_.as_ref().filter(|w| !condition_ok(&w.value)) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(w),
                    format!("unknown condition \"{}\"", w.value),
                ));
            }
            return Ok(());
        }
        match (&ab.when, &ab.while_) {
            (Some(_), Some(_)) => Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(a),
                "an ability has either \"when\" (triggered) or \"while\" (conditional passive), not both",
            )),
            (None, None) if ab.text.is_none() && ab.would.is_none() && ab.play_cost.is_none() && !ab.enter_ready && ab.additional_cost.is_none() && !ab.ignore_cost && ab.play_to.is_none() && !ab.enter_exhausted && !ab.not_chosen_by_enemies && !ab.no_combat_damage && !ab.assigned_last && !ab.any_number_of_buffs && !ab.channel_only_one && ab.lesser_here.is_none() && !ab.no_units_played_here && !ab.move_here_from_anywhere && ab.victory_score.is_none() && ab.no_score_before_turn.is_none() && ab.cant_be_played.is_none() && !ab.cant_be_countered && !ab.ignore_deflect && ab.bonus_damage.is_none() && ab.cant_move_to_base.is_none() => Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(a),
                "an ability needs \"when\" (a trigger), \"while\" (a condition), \"activate\" (a cost), \"would\" (a replacement), \"enter-ready\", \"enter-exhausted\", \"additional-cost\", \"play-to\", \"not-chosen-by-enemies\", \"no-combat-damage\", \"bonus-damage\", \"cant-move-to-base\" or \"text\"",
            )),
            (Some(w), None) => {
                if !TRIGGERS.contains(&w.value.as_str())
                    && w
                        .value
                        .strip_prefix("play-spell-costing ")
                        .is_none_or(|n| n.trim().parse::<u16>().is_err())
                    && w
                        .value
                        .strip_prefix("you-play-tag ")
                        .is_none_or(|t| t.trim().is_empty())
                    && w
                        .value
                        .strip_prefix("you-draw-nth ")
                        .is_none_or(|n| !matches!(n.trim().parse::<u32>(), Ok(1..=99)))
                    && w
                        .value
                        .strip_prefix("another-unit-you-control-dies-except ")
                        .is_none_or(|t| t.trim().is_empty())
                    && w
                        .value
                        .strip_prefix("you-play-nth-card ")
                        .is_none_or(|n| !matches!(n.trim().parse::<u32>(), Ok(1..=99)))
                    && w
                        .value
                        .strip_prefix("you-play-card-power ")
                        .is_none_or(|n| !matches!(n.trim().parse::<i32>(), Ok(0..=99)))
                {
                    return Err(self
                        .err(
                            ErrorKind::InvalidValue,
                            loc_of(w),
                            format!(
                                "unknown trigger \"{}\"{}",
                                w.value,
                                did_you_mean(&w.value, TRIGGERS.iter().copied())
                            ),
                        )
                        .hint(format!("expected one of: {}", TRIGGERS.join(", "))));
                }
                if ab.effect.is_none() {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(w),
                        format!("the triggered ability \"when {}\" has no effect", w.value),
                    ));
                }
                Ok(())
            }
            (None, Some(c)) => {
                let mods = usize::from(!ab.grant.is_empty())
                    + usize::from(ab.remove.is_some())
                    + usize::from(ab.might.is_some())
                    + usize::from(ab.set_might.is_some())
                    + usize::from(ab.tag.is_some())
                    + usize::from(ab.no_damage == Some(true));
                if mods != 1 || ab.grant.len() > 1 {
                    return Err(self
                        .err(
                            ErrorKind::InvalidValue,
                            loc_of(c),
                            "a passive ability makes one change: grant (one keyword), remove, might, set-might, tag or no-damage",
                        )
                        .hint("write two abilities for two changes"));
                }
                if ab.effect.is_some() {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(c),
                        "a passive ability (\"while\") has no \"effect\"; effects belong to triggered abilities (\"when\")",
                    ));
                }
                if !condition_ok(&c.value) {
                    return Err(self
                        .err(
                            ErrorKind::InvalidValue,
                            loc_of(c),
                            format!(
                                "unknown condition \"{}\"{}",
                                c.value,
                                did_you_mean(&c.value, CONDITIONS.iter().copied())
                            ),
                        )
                        .hint(format!(
                            "expected one of: {}, has KEYWORD, tag TAG, level N, runes N or fewer, runes N or more, control another TAG, control N [other] gear|units|TAG; \"C and C\", \"not C\"",
                            CONDITIONS.join(", ")
                        )));
                }
                Ok(())
            }
            (None, None) => Ok(()),
        }
    }

    fn card<'f>(&self, file: &'f File, name: &Name) -> Result<&'f format::CardDef, ScenarioError> {
        match file.cards.get(&name.value) {
            Some(c) => Ok(&c.value),
            None => Err(self
                .err(
                    ErrorKind::UnknownName,
                    loc_of(name),
                    format!(
                        "unknown card \"{}\"{}",
                        name.value,
                        did_you_mean(&name.value, file.cards.keys().map(String::as_str))
                    ),
                )
                .hint(
                    "cards used in a scenario are defined under \"cards:\", or come from a card \
                     database (--cards FILE or ARBITER_CARDS)",
                )),
        }
    }

    /// A card in a rune deck or among the runes must be a rune (160).
    fn rune(&self, file: &File, name: &Name) -> Result<(), ScenarioError> {
        let c = self.card(file, name)?;
        if c.kind.as_ref().map(|k| k.value.as_str()) != Some("rune") {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(name),
                    format!("{} is not a rune (160.2: the rune deck holds runes)", name.value),
                )
                .hint("the six basic runes are Fury Rune, Calm Rune, Mind Rune, Body Rune, Chaos Rune and Order Rune (163.1)"));
        }
        Ok(())
    }

    fn add_object(
        &mut self,
        file: &File,
        o: &Spanned<format::ObjectSetup>,
        place: Place,
    ) -> Result<(), ScenarioError> {
        let ob = &o.value;
        self.card(file, &ob.card)?;
        if let Some(c) = &ob.controller {
            self.player(c)?;
        }
        if let Some(c) = &ob.owner {
            self.player(c)?;
        }
        for k in &ob.keywords_this_turn {
            keyword(self.path, k)?;
        }
        for c in ob.checked.iter().flatten() {
            if !["attack", "defend"].contains(&c.value.as_str()) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    format!(
                        "unknown trigger checked \"{}\" (accepted: attack, defend){}",
                        c.value,
                        did_you_mean(&c.value, ["attack", "defend"])
                    ),
                ));
            }
        }
        if let Some(d) = &ob.designation
            && !["attacker", "defender", "none"].contains(&d.value.as_str())
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(d),
                format!(
                    "unknown designation \"{}\"{}",
                    d.value,
                    did_you_mean(&d.value, ["attacker", "defender", "none"])
                ),
            ));
        }
        if let Some(id) = &ob.id {
            if self
                .objects
                .iter()
                .any(|x| x.id.as_deref() == Some(&id.value))
            {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(id),
                    format!("the id \"{}\" is used twice", id.value),
                ));
            }
            if self.players.contains(&id.value) || self.battlefields.contains(&id.value) {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(id),
                    format!(
                        "the id \"{}\" is already the name of a player or battlefield",
                        id.value
                    ),
                ));
            }
        }
        let where_ = match &place {
            Place::Battlefield(b) => format!("at {}", self.battlefields[*b]),
            Place::Base(p) => format!("in {}'s base", self.players[*p]),
            Place::LegendZone(p) => format!("in {}'s Legend Zone", self.players[*p]),
            _ => String::new(),
        };
        self.push_object(
            ObjectInfo {
                id: ob.id.as_ref().map(|i| i.value.clone()),
                card: ob.card.value.clone(),
                place,
                where_,
            },
            loc_of(&ob.card),
        )?;
        Ok(())
    }

    /// A set-up continuous effect: its object, exactly one modification, its duration.
    fn effect_setup(&self, e: &Spanned<format::EffectSetup>) -> Result<(), ScenarioError> {
        let x = &e.value;
        resolve_object(self.path, &self.objects, &x.on)?;
        let given = [
            x.might.is_some(),
            x.set_might.is_some(),
            x.grant.is_some(),
            x.remove.is_some(),
            x.tag.is_some(),
            x.controller.is_some(),
            x.no_damage,
        ]
        .iter()
        .filter(|b| **b)
        .count();
        if given != 1 {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(&x.on),
                    format!(
                        "an effect set up on {} needs exactly one change ({} given)",
                        x.on.value, given
                    ),
                )
                .hint("one of: might, set-might, double, swap, grant, remove, tag, controller, no-damage"));
        }
        for k in x.grant.iter().chain(&x.remove) {
            keyword(self.path, k)?;
        }
        if let Some(c) = &x.controller {
            self.player(c)?;
        }
        if let Some(d) = &x.duration
            && !DURATIONS.contains(&d.value.as_str())
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(d),
                format!(
                    "unknown duration \"{}\"{}",
                    d.value,
                    did_you_mean(&d.value, DURATIONS.iter().copied())
                ),
            ));
        }
        Ok(())
    }

    fn player(&self, n: &Name) -> Result<usize, ScenarioError> {
        self.player_str(&n.value, loc_of(n))
    }

    fn player_str(&self, n: &str, loc: Location) -> Result<usize, ScenarioError> {
        self.players.iter().position(|p| p == n).ok_or_else(|| {
            self.err(
                ErrorKind::UnknownName,
                loc,
                format!(
                    "unknown player \"{n}\"{}",
                    did_you_mean(n, self.players.iter().map(String::as_str))
                ),
            )
            .hint(format!("the players are: {}", self.players.join(", ")))
        })
    }

    fn battlefield(&self, n: &Name) -> Result<usize, ScenarioError> {
        resolve_battlefield(self.path, &self.battlefields, n)
    }

    /// An object of the set-up by id or card name, or a token the script names with `ids`
    /// (`None`: resolved when the step runs).
    fn object(&self, n: &Name) -> Result<Option<usize>, ScenarioError> {
        if self.created.contains(&n.value) {
            return Ok(None);
        }
        resolve_object(self.path, &self.objects, n).map(Some)
    }

    /// A location: a battlefield by name, or `base` / `A's base` / `base A`.
    fn location(&self, n: &Name) -> Result<(), ScenarioError> {
        if parse_base(&n.value, &self.players).is_some() || n.value == "base" {
            return Ok(());
        }
        self.battlefield(n).map(|_| ())
    }

    /// Checks an effect; `in_ability` allows the words of abilities (`me`, `enemy-units-here`, …).
    fn check_effect(
        &self,
        e: &format::Effect,
        loc: Location,
        in_ability: bool,
    ) -> Result<(), ScenarioError> {
        let obj = |n: &Name| -> Result<(), ScenarioError> {
            if in_ability {
                if target_word_ok(&n.value) {
                    return Ok(());
                }
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(n),
                        format!(
                            "an ability's effect names what it affects with a word, not \"{}\"{}",
                            n.value,
                            did_you_mean(&n.value, TARGET_WORDS.iter().copied())
                        ),
                    )
                    .hint(format!("expected one of: {}", TARGET_WORDS.join(", "))));
            }
            if target_word_ok(&n.value) && n.value.starts_with("choose-") {
                return Ok(());
            }
            self.object(n).map(|_| ())
        };
        let player = |n: &Name| -> Result<(), ScenarioError> {
            if PLAYER_WORDS.contains(&n.value.as_str()) {
                return Ok(());
            }
            self.player(n).map(|_| ())
        };
        let verbs = effect_verbs(e);
        if verbs.len() != 1 {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc,
                    if verbs.is_empty() {
                        "an effect needs one action".to_string()
                    } else {
                        format!("an effect has one action, found {}", verbs.join(" and "))
                    },
                )
                .hint(
                    "one of: deal, kill, fight, counter, choose-one, one-of, buff, might, set-might, double, swap, grant, remove, tag, no-damage, gain-control, create, recall, move, heal, exhaust, ready, score, draw, discard, discard-hand, return, banish, recycle-from-trash, recycle-rune, trash-top, play-card, stun, gain-points, gain-xp, additional-turn, delayed, reflexive, replace, play-that-token-and, look, kill-own, units-enter-ready, cant-play, cost-this-turn",
                ));
        }
        if e.with.is_some() != e.fight.is_some() {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    e.with.as_ref().or(e.fight.as_ref()).map_or(loc, loc_of),
                    "\"fight\" and \"with\" go together: the two units that deal damage to each other",
                )
                .hint("e.g. {fight: choose-friendly, with: choose-enemy}"));
        }
        for o in [
            &e.kill,
            &e.fight,
            &e.with,
            &e.counter,
            &e.buff,
            &e.recall,
            &e.move_,
            &e.heal,
            &e.exhaust,
            &e.ready,
            &e.no_damage,
            &e.gain_control,
            &e.replace,
            &e.return_,
            &e.banish,
            &e.play_card,
            &e.stun,
            &e.swap,
        ]
        .into_iter()
        .flatten()
        {
            obj(o)?;
            // a card in a trash is only returned to its owner's hand, played or banished
            if trash_choice(&o.value).is_some()
                && e.return_.as_ref() != Some(o)
                && e.play_card.as_ref() != Some(o)
                && e.banish.as_ref() != Some(o)
            {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(o),
                        format!("\"{}\" chooses a card in a trash: only \"return\" (to its owner's hand), \"play-card\" or \"banish\" can take it", o.value),
                    )
                    .hint("e.g. {return: choose-in-trash unit}"));
            }
        }
        for k in [&e.grant, &e.remove].into_iter().flatten() {
            keyword(self.path, k)?;
        }
        if let Some(p) = &e.additional_turn {
            player(p)?;
        }
        // 424, 416: what may be taken from among the cards looked at, and the rest
        if let Some(t) = &e.take
            && deck_pick(&t.value).is_none()
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(t),
                    format!(
                        "\"{}\" is not a card to take from the top of a deck",
                        t.value
                    ),
                )
                .hint("card, unit, gear, spell, or e.g. \"spell with cost 4 or more\""));
        }
        if let Some(k) = &e.kill_own
            && !matches!(k.value.as_str(), "unit" | "gear")
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(k),
                    format!("\"{}\" is not what a player kills of their own", k.value),
                )
                .hint("unit or gear"));
        }
        if let Some(r) = &e.rest
            && !matches!(r.value.as_str(), "recycle" | "stay" | "draw")
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(r),
                    format!("\"{}\" is not what becomes of the other cards", r.value),
                )
                .hint("recycle, stay or draw"));
        }
        if (e.banish_play && e.take.is_none()) || (e.reducing.is_some() && !e.banish_play) {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"banish-play\" goes with \"take\" (the card taken is banished and played), \"reducing\" with \"banish-play\"",
            ));
        }
        if e.look.is_none() && (e.take.is_some() || e.rest.is_some() || e.reveal || e.take_optional)
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"take\", \"take-optional\", \"reveal\" and \"rest\" go with \"look\"",
            ));
        }
        for m in e.choose_one.iter().chain(&e.one_of) {
            self.check_effect(&m.value, loc_of(m), in_ability)?;
        }
        for t in [&e.its_controller, &e.its_owner].into_iter().flatten() {
            self.check_effect(&t.value, loc_of(t), in_ability)?;
        }
        // 424.1: what may be chosen from a revealed hand
        match (&e.reveal_hand, &e.pick) {
            (Some(_), Some(w)) if hand_pick(&w.value).is_none() => {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(w),
                        format!("\"{}\" is not a card that may be chosen", w.value),
                    )
                    .hint("card, unit, spell, gear, non-unit card, Mind card"));
            }
            (Some(r), None) => {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(r),
                        "\"reveal-hand\" needs what card may be chosen from it (\"pick\")",
                    )
                    .hint("pick: card"));
            }
            (None, _) if e.pick.is_some() || e.recycle => {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc,
                    "\"pick\" and \"recycle\" go with \"reveal-hand\"",
                ));
            }
            _ => {}
        }
        // 359.3.e.14, 359.3.f.2: linked and conditional instructions
        for x in e.if_you_do.iter().chain(&e.if_not).chain(&e.otherwise) {
            self.check_effect(&x.value, loc_of(x), in_ability)?;
        }
        if let Some(c) = &e.if_
            && !condition_ok(&c.value)
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(c),
                format!("unknown condition \"{}\"", c.value),
            ));
        }
        if e.if_.is_none()
            && let Some(x) = e.otherwise.first()
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(x),
                    "\"otherwise\" says what executes when an \"if\" condition does not hold",
                )
                .hint("if: CONDITION"));
        }
        if !e.ids.is_empty() {
            let count = e.count.map_or(1, |c| c.get()) as usize;
            if e.create.is_none() || e.ids.len() != count {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(&e.ids[0]),
                    format!(
                        "\"ids\" names the tokens a \"create\" makes, one each: {} for {count}",
                        e.ids.len()
                    ),
                ));
            }
        }
        if e.choose_one.len() == 1 {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"choose-one\" needs at least two modes",
            ));
        }
        if e.one_of.len() == 1 {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"one-of\" needs at least two instructions",
            ));
        }
        if let Some(r) = &e.reflexive {
            for x in r.if_you.iter().chain(&r.do_this) {
                self.check_effect(&x.value, loc_of(x), in_ability)?;
            }
            if r.do_this.is_empty() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc,
                    "a reflexive trigger needs what to do (\"do-this\")",
                ));
            }
        }
        if let Some(r) = &e.replace {
            let at = loc_of(r);
            if let Some(c) = &e.instead_if {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    "\"instead-if\" replaces an instruction by its own \"instead\" (370.1.a); a \"replace\" effect's \"instead\" is what replaces the event",
                ));
            }
            // a prevention, or the doubling of the damage (432.1), in place of "instead"
            let prevents = e.prevent || e.prevent_next.is_some() || e.doubled;
            if e.prevent && e.prevent_next.is_some() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    at,
                    "\"replace\" has either \"prevent: true\" (the whole next event) or \"prevent-next: N\" (the next N damage), not both",
                ));
            }
            if (e.prevent_next.is_some() || e.doubled)
                && e.would
                    .as_ref()
                    .is_some_and(|w| w.value != "be-dealt-damage")
            {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        at,
                        "\"prevent-next\" (437) and \"doubled\" (432.1) are about damage: they go with \"would: be-dealt-damage\"",
                    )
                    .hint("would: be-dealt-damage"));
            }
            match (e.would.as_ref(), e.instead.is_empty(), prevents) {
                (None, _, _) => {
                    return Err(self
                        .err(ErrorKind::InvalidValue, at, "\"replace\" needs \"would\"")
                        .hint("would: die, be-killed or be-dealt-damage"));
                }
                (Some(_), true, false) => {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        at,
                        "\"replace\" needs what happens \"instead\", or \"prevent: true\", \"prevent-next: N\" or \"doubled: true\"",
                    ));
                }
                (Some(_), false, true) => {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        at,
                        "\"replace\" has either \"instead\" or a prevention or doubling, not both",
                    ));
                }
                _ => {}
            }
            for x in &e.instead {
                self.check_effect(&x.value, loc_of(x), true)?;
            }
        } else if let Some(w) = e.would.as_ref().or(e.uses.as_ref()) {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(w),
                "\"would\" and \"uses\" belong to a \"replace\" effect",
            ));
        } else if let Some(c) = &e.instead_if {
            // 370.1.a: a self-replacement — the instruction and what replaces it
            if e.instead.is_empty() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(c),
                    "\"instead-if\" needs the instructions that replace this one (\"instead\")",
                ));
            }
            for x in &e.instead {
                self.check_effect(&x.value, loc_of(x), in_ability)?;
            }
        } else if let Some(x) = e.instead.first() {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(x),
                    "\"instead\" belongs to a \"replace\" effect or follows an \"instead-if\" condition",
                )
                .hint("instead-if: CONDITION (a self-replacement, 370.1.a)"));
        } else if e.prevent || e.prevent_next.is_some() || e.doubled {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"prevent\", \"prevent-next\" and \"doubled\" belong to a \"replace\" effect",
            ));
        }
        if let Some(d) = &e.delayed {
            let Some(w) = crate::engine::abilities::delayed::DelayedTrigger::parse(&d.when.value)
            else {
                return Err(self
                    .err(
                        ErrorKind::Unsupported,
                        loc_of(&d.when),
                        format!("a delayed ability \"when {}\" is not modeled", d.when.value),
                    )
                    .hint("modeled: unit-takes-damage, it-takes-damage, unit-dies, unit-wins-combat, friendly-unit-played, next-unit-you-play, end-of-turn"));
            };
            if d.unit.is_some() != w.watches_a_unit() {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(&d.when),
                    format!(
                        "a delayed ability \"when {}\" {} the unit it watches (unit: it)",
                        d.when.value,
                        if w.watches_a_unit() {
                            "needs"
                        } else {
                            "has no"
                        }
                    ),
                ));
            }
            for x in &d.effects {
                self.check_effect(&x.value, loc_of(x), true)?;
            }
        }
        for p in [
            &e.score,
            &e.draw,
            &e.discard,
            &e.discard_hand,
            &e.player,
            &e.units_enter_ready,
            &e.cant_play,
            &e.reveal_hand,
            &e.recycle_from_trash,
            &e.recycle_rune,
            &e.trash_top,
        ]
        .into_iter()
        .flatten()
        {
            player(p)?;
        }
        if let Some(format::Amount::Word(w)) = &e.deal
            && !matches!(w.as_str(), "my-might" | "my-assault" | "its-damage")
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                format!("\"deal\" is a number, my-might, my-assault or its-damage, found \"{w}\""),
            ));
        }
        if e.score.is_some() && (e.at.is_none() || e.how.is_none()) {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"score\" needs \"at\" (a battlefield, or here) and \"how\" (conquer or hold)",
            ));
        }
        let place = |t: &Name| -> Result<(), ScenarioError> {
            // "chosen": a destination the effect's controller chooses (444.1; "to-or-from-base"
            // limits it: a battlefield from its base, its base from a battlefield); in an ability,
            // a battlefield fixed at step 2 (355.4): `a-battlefield`, `there`, `its-battlefield`
            if in_ability && (PLACE_WORDS.contains(&t.value.as_str()) || t.value == "here")
                || t.value == "chosen"
                || t.value == "to-or-from-base"
            {
                Ok(())
            } else {
                self.location(t)
            }
        };
        if e.move_.is_some() {
            match &e.to {
                Some(t) => place(t)?,
                None => return Err(self.err(ErrorKind::InvalidValue, loc, "move needs \"to\"")),
            }
        } else if let (Some(_), Some(t)) = (&e.play_card, &e.to) {
            // 355.2: where a unit an instruction plays goes
            if !PLAY_TO.contains(&t.value.as_str()) {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(t),
                        format!(
                            "unknown \"to: {}\" for play-card{}",
                            t.value,
                            did_you_mean(&t.value, PLAY_TO.iter().copied())
                        ),
                    )
                    .hint("one of: base, any-battlefield, same-location (355.2)"));
            }
        } else if let Some(t) = &e.to {
            obj(t)?;
        }
        if let Some(f) = &e.from {
            obj(f)?;
        }
        if let Some(s) = &e.source {
            self.object(s)?;
        }
        if let Some(t) = &e.token {
            let Some(c) = &e.create else {
                return Err(self.err(
                    ErrorKind::InvalidValue,
                    loc_of(t),
                    "\"token\" describes the token a \"create\" makes: add create: NAME",
                ));
            };
            self.check_card(&c.value, t)?;
        }
        if let Some(c) = &e.create {
            if e.token.is_none() && !self.cards.contains(&c.value) {
                return Err(self
                    .err(
                        ErrorKind::UnknownName,
                        loc_of(c),
                        format!(
                            "unknown card \"{}\" to create{}",
                            c.value,
                            did_you_mean(&c.value, self.cards.iter().map(String::as_str))
                        ),
                    )
                    .hint("a token's card is defined under \"cards:\" like any other"));
            }
            if let Some(a) = &e.at {
                place(a)?;
            }
        } else if let Some(a) = &e.at
            && a.value != "here"
        {
            self.battlefield(a)?;
        }
        let needs_to =
            e.deal.is_some() || e.might.is_some() || e.set_might.is_some() || e.grant.is_some();
        if needs_to && e.to.is_none() {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                format!("\"{}\" needs \"to\": the unit it applies to", verbs[0]),
            ));
        }
        if e.remove.is_some() && e.from.is_none() {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc,
                "\"remove\" needs \"from\": the unit that loses the keyword",
            ));
        }
        if let Some(h) = &e.how
            && !["conquer", "hold"].contains(&h.value.as_str())
        {
            return Err(self.err(
                ErrorKind::InvalidValue,
                loc_of(h),
                format!(
                    "unknown way to score \"{}\"{}",
                    h.value,
                    did_you_mean(&h.value, ["conquer", "hold"])
                ),
            ));
        }
        if let Some(d) = &e.duration
            && !DURATIONS.contains(&d.value.as_str())
        {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(d),
                    format!(
                        "unknown duration \"{}\"{}",
                        d.value,
                        did_you_mean(&d.value, DURATIONS.iter().copied())
                    ),
                )
                .hint(format!("expected one of: {}", DURATIONS.join(", "))));
        }
        Ok(())
    }

    /// The runes a `pay:` names must be objects of the setup.
    fn check_pay(&self, pay: Option<&format::PayStep>) -> Result<(), ScenarioError> {
        for n in pay.iter().flat_map(|p| p.exhaust.iter().chain(&p.recycle)) {
            self.object(n)?;
        }
        Ok(())
    }

    fn check_step(&self, step: &Spanned<format::Step>) -> Result<(), ScenarioError> {
        use format::Step;
        match &step.value {
            Step::Move(m) => {
                if m.units.is_empty() {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(&m.to),
                        "a move needs at least one unit in \"units\"",
                    ));
                }
                for u in &m.units {
                    self.object(u)?;
                }
                self.location(&m.to)?;
                if let Some(p) = &m.player {
                    self.player(p)?;
                }
            }
            Step::Play(p) => {
                self.object(&p.card)?;
                if let Some(pl) = &p.player {
                    self.player(pl)?;
                }
                if let Some(t) = &p.to {
                    self.location(t)?;
                }
                for t in &p.targets {
                    self.object(t)?;
                }
                self.check_pay(p.pay.as_ref())?;
            }
            Step::Pay(pay) => {
                self.check_pay(Some(pay))?;
            }
            Step::Pass(p) => {
                self.player(p)?;
            }
            Step::Hide(h) => {
                self.object(&h.card)?;
                self.battlefield(&h.at)?;
                if let Some(p) = &h.player {
                    self.player(p)?;
                }
                self.check_pay(h.pay.as_ref())?;
            }
            Step::Activate(a) => {
                self.object(&a.source)?;
                self.check_pay(a.pay.as_ref())?;
                for t in &a.targets {
                    self.object(t)?;
                }
                if let Some(p) = &a.player {
                    self.player(p)?;
                }
                if a.ability == Some(0) {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(step),
                        "abilities are numbered from 1",
                    ));
                }
            }
            Step::Choose(c) => {
                if let Some(p) = &c.player {
                    self.player(p)?;
                }
                let mut n = 0;
                if let Some(ad) = &c.assign_damage {
                    n += 1;
                    for k in ad.value.keys() {
                        let name = Spanned {
                            value: k.clone(),
                            referenced: ad.referenced,
                            defined: ad.defined,
                        };
                        self.object(&name)?;
                    }
                }
                if !c.order.is_empty() {
                    n += 1;
                    for o in &c.order {
                        self.object(o)?;
                    }
                }
                if let Some(b) = &c.battlefield {
                    n += 1;
                    self.battlefield(b)?;
                }
                if let Some(t) = &c.target {
                    n += 1;
                    self.object(t)?;
                }
                if let Some(v) = &c.targets {
                    n += 1;
                    for t in v {
                        self.object(t)?;
                    }
                }
                if c.option.is_some() {
                    n += 1;
                }
                if c.may.is_some() {
                    n += 1;
                }
                if n != 1 {
                    return Err(self.err(
                        ErrorKind::InvalidValue,
                        loc_of(step),
                        "a choose step makes one choice: assign-damage, order, battlefield, target, targets, option or may",
                    ));
                }
            }
            Step::Effect(e) => self.check_effect(e, loc_of(step), false)?,
            Step::EndTurn | Step::Advance => {}
            Step::Concede(p) => {
                self.player(p)?;
            }
            Step::Expect(es) => {
                for e in es {
                    self.check_expect(e)?;
                }
            }
        }
        Ok(())
    }

    fn check_expect(&self, e: &Spanned<format::Expect>) -> Result<(), ScenarioError> {
        let x = &e.value;
        let subjects = [
            x.object.is_some(),
            x.player.is_some(),
            x.battlefield.is_some(),
            x.turn.is_some(),
            !x.cited.is_empty(),
            !x.not_cited.is_empty(),
            x.trace_contains.is_some(),
            x.trace_not_contains.is_some(),
            !x.trace_order.is_empty(),
        ]
        .iter()
        .filter(|b| **b)
        .count();
        if subjects != 1 {
            return Err(self
                .err(
                    ErrorKind::InvalidValue,
                    loc_of(e),
                    format!("an expectation has exactly one subject, found {subjects}"),
                )
                .hint("object, player, battlefield, turn, cited, not-cited, trace-contains, trace-not-contains or trace-order"));
        }
        if let Some(o) = &x.object {
            self.object(o)?;
            if let Some(z) = &x.zone
                && !ZONES.contains(&z.value.as_str())
            {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(z),
                        format!(
                            "unknown zone \"{}\"{}",
                            z.value,
                            did_you_mean(&z.value, ZONES.iter().copied())
                        ),
                    )
                    .hint(format!("expected one of: {}", ZONES.join(", "))));
            }
            if let Some(l) = &x.location {
                self.location(l)?;
            }
            for k in x.keywords.iter().flatten() {
                keyword(self.path, k)?;
            }
        }
        if let Some(p) = &x.player {
            self.player(p)?;
        }
        if let Some(b) = &x.battlefield {
            self.battlefield(b)?;
        }
        for p in [&x.controller, &x.turn_player, &x.focus, &x.priority]
            .into_iter()
            .flatten()
            .chain(x.queued.iter().flatten())
        {
            if p.value != "none" {
                self.player(p)?;
            }
        }
        for id in x.cited.iter().chain(x.not_cited.iter()) {
            let lib = crate::rulebook::Library::get();
            let ok = lib
                .resolve(None, None)
                .ok()
                .map(|i| {
                    crate::rulebook::library::Rules::index_of(&lib.quick(i), &id.value).is_some()
                })
                .unwrap_or(false);
            if !ok {
                return Err(self.err(
                    ErrorKind::UnknownName,
                    loc_of(id),
                    format!(
                        "no rule \"{}\" in the Riftbound Core Rules 2026-03-30",
                        id.value
                    ),
                ));
            }
        }
        for (v, allowed) in [
            (&x.showdown, STATUSES),
            (&x.combat, STATUSES),
            (&x.state, STATES),
            (&x.designation, &["attacker", "defender", "none"][..]),
        ] {
            if let Some(v) = v
                && !allowed.contains(&v.value.as_str())
            {
                return Err(self
                    .err(
                        ErrorKind::InvalidValue,
                        loc_of(v),
                        format!(
                            "unknown value \"{}\"{}",
                            v.value,
                            did_you_mean(&v.value, allowed.iter().copied())
                        ),
                    )
                    .hint(format!("expected one of: {}", allowed.join(", "))));
            }
        }
        if let Some(ph) = &x.phase {
            phase(self.path, ph)?;
        }
        Ok(())
    }
}

pub const TRIGGERS: &[&str] = &[
    "move",
    "move-to-battlefield",
    "win-combat",
    "attack",
    "defend",
    "conquer",
    "hold",
    "die",
    "play",
    "play-spell",
    "beginning-phase",
    "end-of-turn",
    "friendly-unit-dies",
    "another-friendly-unit-dies",
    "you-play-unit",
    "you-play-gear",
    "you-conquer",
    "you-hold",
    "you-win-combat",
    "each-beginning-phase",
    "move-from-battlefield",
    "enemy-unit-dies",
    "enemy-unit-dies-here",
    "opponent-scores",
    "you-buff-me",
    "you-stun-enemy",
    "you-stun-enemies",
    "you-discard",
    "you-discard-me",
    "you-play-token-unit",
    "you-or-ally-hold",
    "become-ready",
    "you-ready-friendly-unit",
    "you-buff-friendly-unit",
    "you-play-mighty-unit",
    "buffed-friendly-unit-dies",
    "you-choose-me",
    "you-choose-me-with-spell",
    "you-choose-friendly-unit",
    "you-ready-me",
    "you-play-card",
    "you-play-card-from-hidden",
    "you-hide-card",
    "friendly-unit-attacks",
    "friendly-unit-attacks-alone",
    "friendly-unit-defends",
    "friendly-unit-defends-alone",
    "unit-moves-from-here",
    "you-attach-equipment-to-me",
    "your-unit-becomes-mighty",
    "become-mighty",
    "another-unit-you-control-dies",
    "you-move-enemy-unit",
    "you-kill-unit-with-spell",
];
/// Conditions of passives; also `has KEYWORD`, `tag TAG` and `level N`.
/// The conditions about the controller's side of the board: `runes 4 or fewer`, `runes 7 or
/// more`, `control another Mech`, `control a Poro`, `control 2 gear`, `control 3 other gear`
/// (a count is "N or more"; `unit`/`units`, `gear` or a tag); `unit-died-this-turn`,
/// `enemy-unit-died-this-turn`, `hand 2 or fewer`, `base 2 or more [other] units`, `trash
/// same-name`, `opponent-within 3` (points of the Victory Score), `exactly 1 other units here`,
/// `exactly 1 other units at-battlefield` (the card at a battlefield), `1 or more other units
/// here`, `discarded-this-turn`, `gained-xp-this-turn`, `stunned-enemy-here`, `ready-enemy-here`,
/// `opponent-controls-stunned`, `opponent-controls-battlefield` (187.1), `attacking-with-another`, `not-from-hand` (a card's own cost:
/// played from anywhere other than its player's hand), `alone` / `not-alone` (741.1),
/// `your-phase beginning` (the controller's turn, in that phase), `opponents-turn`,
/// `turn-players-first-turns 1` (the turn player has begun 1 or fewer turns, 478.7),
/// `your-first-turns 3` (the controller's turn, one of their first 3), `showdown`,
/// `enemy-alone-here` (741.1), `in-combat` (741.3), `fewer-runes-than-opponent`,
/// `controls-facedown` (a facedown card at a battlefield, 421.1), `other-units-might 5` (the
/// Might of the controller's other units, summed, 5 or more),
/// `friendly-died-your-beginning-phase` (the controller's turn; a friendly unit died in its
/// Beginning Phase).
pub fn side_condition(c: &str) -> Option<crate::engine::Condition> {
    use crate::engine::{CardType, Condition};
    let w: Vec<&str> = c.split_whitespace().collect();
    let n = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=99).contains(n));
    match w.as_slice() {
        ["additional-cost-paid"] => Some(Condition::AdditionalCostPaid),
        ["unit-died-this-turn"] => Some(Condition::UnitDiedThisTurn { enemy: false }),
        ["enemy-unit-died-this-turn"] => Some(Condition::UnitDiedThisTurn { enemy: true }),
        ["trash", "same-name"] => Some(Condition::SameNameInTrash),
        ["hand", k, "or", "fewer"] => n(k).map(Condition::HandAtMost),
        ["base", k, "or", "more", "units"] => n(k).map(|count| Condition::UnitsInBase {
            count,
            other: false,
        }),
        ["base", k, "or", "more", "other", "units"] => {
            n(k).map(|count| Condition::UnitsInBase { count, other: true })
        }
        ["opponent-within", k] => n(k).map(Condition::OpponentWithin),
        ["alone"] => Some(Condition::Alone { negated: false }),
        ["opponents-turn"] => Some(Condition::OpponentsTurn),
        ["turn-players-first-turns", k] => n(k).filter(|k| *k > 0).map(|k| Condition::FirstTurns {
            turns: k.unsigned_abs(),
            yours: false,
        }),
        ["your-first-turns", k] => n(k).filter(|k| *k > 0).map(|k| Condition::FirstTurns {
            turns: k.unsigned_abs(),
            yours: true,
        }),
        ["showdown"] => Some(Condition::InShowdown),
        ["enemy-alone-here"] => Some(Condition::EnemyAloneHere),
        ["one-on-one"] => Some(Condition::OneOnOne),
        ["not-alone"] => Some(Condition::Alone { negated: true }),
        ["your-phase", p] => crate::engine::state::Phase::parse(p).map(Condition::YourPhase),
        ["exactly", k, "other", "units", "here"] => {
            n(k).map(|count| Condition::ExactlyOtherUnitsHere {
                count,
                battlefield: false,
            })
        }
        ["exactly", k, "other", "units", "at-battlefield"] => {
            n(k).map(|count| Condition::ExactlyOtherUnitsHere {
                count,
                battlefield: true,
            })
        }
        [k, "or", "more", "other", "units", "here"] => {
            n(k).filter(|k| *k > 0).map(Condition::OtherUnitsHere)
        }
        ["discarded-this-turn"] => Some(Condition::DiscardedThisTurn),
        ["gained-xp-this-turn"] => Some(Condition::GainedXpThisTurn),
        ["stunned-enemy-here"] => Some(Condition::StunnedEnemyHere),
        ["ready-enemy-here"] => Some(Condition::ReadyEnemyHere),
        ["opponent-controls-stunned"] => Some(Condition::OpponentControlsStunned),
        ["opponent-controls-battlefield"] => Some(Condition::OpponentControlsBattlefield),
        ["attacking-with-another"] => Some(Condition::AttackingWithAnother),
        ["not-from-hand"] => Some(Condition::NotFromHand),
        ["in-combat"] => Some(Condition::InCombat),
        ["during-combat"] => Some(Condition::DuringCombat),
        ["less-might-than-me"] => Some(Condition::LessMightThanMe),
        ["spent-power", k] => n(k).filter(|k| *k > 0).map(Condition::SpentPowerThisTurn),
        ["spent-on-a-spell", k] => n(k)
            .filter(|k| *k > 0)
            .map(Condition::SpentOnASpellThisTurn),
        ["fewer-runes-than-opponent"] => Some(Condition::FewerRunesThanOpponent),
        ["controls-facedown"] => Some(Condition::ControlsFacedown),
        ["other-units-might", k] => n(k).map(Condition::OtherUnitsMightAtLeast),
        ["friendly-died-your-beginning-phase"] => Some(Condition::FriendlyDiedYourBeginningPhase),
        ["runes", n, "or", "fewer"] => n.parse().ok().map(Condition::RunesAtMost),
        ["runes", n, "or", "more"] => n.parse().ok().map(Condition::RunesAtLeast),
        ["control", rest @ ..] => {
            let (count, other, rest) = match rest {
                ["another", r @ ..] => (1, true, r),
                ["a" | "an", r @ ..] => (1, false, r),
                [n, "other", r @ ..] => (n.parse().ok()?, true, r),
                [n, r @ ..] => (n.parse().ok()?, false, r),
                _ => return None,
            };
            let (kind, tag) = match rest {
                ["unit" | "units"] => (Some(CardType::Unit), None),
                ["gear"] => (Some(CardType::Gear), None),
                [t] => (None, Some(t.to_string())),
                _ => return None,
            };
            (1..=99).contains(&count).then_some(Condition::Controls {
                count,
                kind,
                tag,
                other,
            })
        }
        _ => None,
    }
}

/// What "for each" counts (a `play-cost`'s or a passive's `for-each`): `trash`,
/// `trash same-name`, `played-this-turn`, `points`, or permanents you control — `units`,
/// `gear` or a tag (`Mech`), after any of the words `mighty`, `other`, `token`,
/// `exhausted`, `buffed`, `here` (at the card's location) and `same-name` (with its name).
pub fn count(c: &str) -> Option<crate::engine::Count> {
    use crate::engine::{CardType, Count, CountFilter};
    let w: Vec<&str> = c.split_whitespace().collect();
    Some(match w.as_slice() {
        ["trash"] => Count::InTrash { same_name: false },
        ["trash", "same-name"] => Count::InTrash { same_name: true },
        ["played-this-turn"] => Count::PlayedThisTurn,
        ["points"] => Count::Points,
        ["highest-might"] => Count::HighestMight,
        ["battlefields"] => Count::Battlefields { other: false },
        ["other", "battlefields"] => Count::Battlefields { other: true },
        ["enemy", "units", "at-its-location"] => {
            Count::EnemyUnitsAt(crate::engine::TargetPlace::ItsLocation)
        }
        words => {
            let mut filter = CountFilter::default();
            let mut mighty = false;
            let mut noun = None;
            let mut keyword = None;
            let mut it = words.iter();
            while let Some(x) = it.next() {
                // "with Temporary": a keyword the counted permanents have
                if *x == "with" {
                    let k = crate::engine::Keyword::parse(it.next()?).kind();
                    if keyword.replace(k).is_some() {
                        return None;
                    }
                    continue;
                }
                let flag = match *x {
                    "mighty" => &mut mighty,
                    "enemy" => &mut filter.enemy,
                    "other" => &mut filter.other,
                    "token" | "tokens" => &mut filter.token,
                    "exhausted" => &mut filter.exhausted,
                    "buffed" => &mut filter.buffed,
                    "here" => &mut filter.here,
                    "same-name" => &mut filter.same_name,
                    n if noun.is_none() => {
                        noun = Some(n);
                        continue;
                    }
                    _ => return None,
                };
                if *flag {
                    return None;
                }
                *flag = true;
            }
            let (kind, tag) = match noun? {
                "unit" | "units" => (Some(CardType::Unit), None),
                "gear" => (Some(CardType::Gear), None),
                t if t.chars().next().is_some_and(char::is_uppercase) => {
                    (None, Some(t.to_string()))
                }
                _ => return None,
            };
            Count::Controlled {
                kind,
                tag,
                mighty,
                filter,
                keyword,
            }
        }
    })
}

/// The words `count` knows, for error messages.
pub const COUNT_WORDS: &str = "gear, units or a tag (Mech) after any of mighty, other, enemy, token, exhausted, buffed, here, same-name, with KEYWORD; or trash, trash same-name, played-this-turn, points, highest-might, battlefields, other battlefields, enemy units at-its-location";

pub const CONDITIONS: &[&str] = &[
    "always",
    "mighty",
    "attacking",
    "defending",
    "targets-friendly",
    "targets-enemy",
    "legion",
    "buffed",
    "stunned",
    "only-yours-there",
    "at-battlefield",
    "token",
    "additional-cost-paid",
    "defending-alone",
    "attacking-or-defending-alone",
];
pub const SCOPES: &[&str] = &[
    "me",
    "other-friendly-units",
    "friendly-units",
    "enemy-units",
    "other-friendly-units-here",
    "units-here",
    "your-units",
    "your-other-units",
    "your-other-units-here",
];
/// Targets an ability's effect may name instead of an object.
pub const TARGET_WORDS: &[&str] = &[
    "me",
    "enemy-units-here",
    "other-friendly-units-here",
    "your-other-units-here",
    "all-units-here",
    "choose-unit",
    "choose-friendly",
    "choose-enemy",
    "choose-enemy-here",
    "choose-friendly-here",
    "choose-unit-at-battlefield",
    "choose-enemy-at-battlefield",
    "choose-friendly-at-battlefield",
    "choose-other-friendly",
    "choose-yours",
    "choose-other-yours",
    "choose-other-unit",
    "it",
    "all-units",
    "enemy-units",
    "friendly-units",
    "other-friendly-units",
    "your-units",
    "your-other-units",
    "units-at-battlefields",
    "enemy-units-at-battlefields",
    "friendly-units-at-battlefields",
    "choose-gear",
    "choose-enemy-gear",
    "all-gear",
    "all-units-and-gear",
    "choose-rune",
    "choose-unit-here",
    "choose-friendly-rune",
    "choose-spell",
    "choose-enemy-spell",
    "that-unit",
    "linked",
];
/// "choose-enemy with might 3 or less": a target word with a bound on the unit's Might.
pub fn might_bound(s: &str) -> Option<(&str, i32)> {
    let (word, bound) = s.split_once(" with might ")?;
    let n = bound.strip_suffix(" or less")?.trim().parse().ok()?;
    Some((word.trim(), n))
}

/// "choose-in-trash unit or gear", "choose-in-trash Bird or Cat", "choose-in-trash card": a
/// card its chooser picks in their trash (355.10.a) — of these types (`unit`, `spell`,
/// `gear`) or with these tags; `card` is any. After them, `energy-at-most 3` and
/// `power-at-most 1` bound its printed costs ("with cost no more than [3] and no more than
/// [Rune]").
pub fn trash_choice(s: &str) -> Option<TrashChoice> {
    use crate::engine::CardType;
    let (rest, cost) = cost_words(s.strip_prefix("choose-in-trash ")?)?;
    let (mut types, mut tags) = (Vec::new(), Vec::new());
    for w in rest.split(" or ").map(str::trim) {
        match w {
            "card" => {}
            "unit" => types.push(CardType::Unit),
            "spell" => types.push(CardType::Spell),
            "gear" => types.push(CardType::Gear),
            t if !t.is_empty() && !t.contains(' ') => tags.push(t.to_string()),
            _ => return None,
        }
    }
    Some((types, tags, cost))
}

/// The most Energy and the most Power a card's printed costs may be (`None`: any).
pub type CostBounds = (Option<i32>, Option<i32>);

/// A word's trailing bounds of printed costs, `… energy-at-most 3 power-at-most 1` (either
/// or both): the word before them and the bounds (`None`: any).
fn cost_words(s: &str) -> Option<(&str, CostBounds)> {
    let (mut rest, mut cost) = (s, (None, None));
    if let Some((r, n)) = rest.rsplit_once(" power-at-most ") {
        cost.1 = Some(
            n.trim()
                .parse()
                .ok()
                .filter(|n: &i32| (0..=99).contains(n))?,
        );
        rest = r;
    }
    if let Some((r, n)) = rest.rsplit_once(" energy-at-most ") {
        cost.0 = Some(
            n.trim()
                .parse()
                .ok()
                .filter(|n: &i32| (0..=99).contains(n))?,
        );
        rest = r;
    }
    Some((rest, cost))
}

/// `choose-gear energy-at-most 1`, `choose-spell energy-at-most 4 power-at-most 1`: a choice
/// on the board or the chain narrowed to objects whose printed costs are within the bounds
/// (138.2.b) — the choice's word and the bounds.
pub fn cost_bounded(s: &str) -> Option<(&str, CostBounds)> {
    if s.starts_with("choose-in-trash ") {
        return None;
    }
    let (w, cost) = cost_words(s)?;
    (cost != (None, None) && w.starts_with("choose-")).then_some((w, cost))
}

/// A card chosen in a trash: its types, its tags, and the bounds of its Energy and Power
/// costs ([`trash_choice`]).
pub type TrashChoice = (
    Vec<crate::engine::CardType>,
    Vec<String>,
    (Option<i32>, Option<i32>),
);

/// "friendly-units with tag Mech": a target word restricted to units with a tag.
/// "choose-gear with keyword Temporary": a choice or group narrowed to the objects with a
/// keyword (722.2).
pub fn keyword_bound(s: &str) -> Option<(&str, &str)> {
    let (word, k) = s.split_once(" with keyword ")?;
    let k = k.trim();
    (!k.is_empty()).then_some((word.trim(), k))
}

/// "choose-unit without tag Dragon", "choose-friendly without keyword Temporary": a unit
/// choice or group narrowed to the units without a tag or keyword — the word, whether it is
/// a keyword, and the tag or keyword.
pub fn lack_bound(s: &str) -> Option<(&str, bool, &str)> {
    if let Some((w, k)) = s.split_once(" without keyword ") {
        return (!k.trim().is_empty()).then_some((w.trim(), true, k.trim()));
    }
    let (w, t) = s.split_once(" without tag ")?;
    (!t.trim().is_empty() && !t.trim().contains(' ')).then_some((w.trim(), false, t.trim()))
}

/// The six Domains (134.2).
pub const DOMAINS: [&str; 6] = ["Fury", "Calm", "Mind", "Body", "Chaos", "Order"];

/// "choose-enemy with domain Calm", "any-number enemy-units with domain Order with total might
/// 5 or less": a unit choice or group narrowed to the cards of a Domain (134.1).
pub fn domain_bound(s: &str) -> Option<(&str, &str)> {
    let (word, d) = s.split_once(" with domain ")?;
    let d = d.trim();
    DOMAINS
        .iter()
        .find(|x| x.eq_ignore_ascii_case(d))
        .map(|x| (word.trim(), *x))
}

pub fn tag_bound(s: &str) -> Option<(&str, &str)> {
    let (word, tag) = s.split_once(" with tag ")?;
    let tag = tag.trim();
    (!tag.is_empty()).then_some((word.trim(), tag))
}

/// 355.11, 355.13: a group chosen at once — `any-number enemy-units-here`, `up-to-3 all-units
/// same-location`, `any-number units-at-battlefields same-battlefield with total might 4 or
/// less`: (the most it may have, `None` for any number; the group word of its members;
/// the restrictions on the whole, last first).
pub fn group_word(
    s: &str,
) -> Option<(
    crate::engine::groups::GroupSize,
    &str,
    Vec<crate::engine::groups::GroupRule>,
)> {
    use crate::engine::groups::{GroupRule, GroupSize};
    let (cap, mut rest) = if let Some(r) = s.strip_prefix("any-number ") {
        (GroupSize::AnyNumber, r)
    } else {
        // "up-to-3 …" (355.13), "exactly-2 …" ("two units at the same battlefield")
        let (exact, r) = match s.strip_prefix("up-to-") {
            Some(r) => (false, r),
            None => (true, s.strip_prefix("exactly-")?),
        };
        let (n, r) = r.split_once(' ')?;
        let n: u32 = n.parse().ok().filter(|n| (1..=20).contains(n))?;
        (
            if exact {
                GroupSize::Exactly(n)
            } else {
                GroupSize::UpTo(n)
            },
            r,
        )
    };
    let mut rules = Vec::new();
    loop {
        rest = rest.trim();
        if let Some((w, bound)) = rest.split_once(" with total might ") {
            let n: i32 = bound.strip_suffix(" or less")?.trim().parse().ok()?;
            rules.push(GroupRule::TotalMightAtMost(n));
            rest = w;
            continue;
        }
        let q = [
            (" same-location", GroupRule::SameLocation),
            (" same-battlefield", GroupRule::SameBattlefield),
            (" same-controller", GroupRule::SameController),
        ]
        .into_iter()
        .find_map(|(q, r)| rest.strip_suffix(q).map(|w| (w, r)));
        match q {
            Some((w, r)) => {
                rules.push(r);
                rest = w;
            }
            None => break,
        }
    }
    (!rest.starts_with("choose-") && rest.contains("units")).then_some((cap, rest, rules))
}

/// A target word of abilities, possibly with a Might bound or a tag on a unit choice or
/// group.
fn target_word_ok(s: &str) -> bool {
    if let Some((_, w, _)) = group_word(s) {
        return target_word_ok(w);
    }
    // how a choice is chosen: "distinct", "up-to-one" (355.13)
    for q in [" distinct", " up-to-one"] {
        if let Some(w) = s.strip_suffix(q) {
            return w.starts_with("choose-") && target_word_ok(w);
        }
    }
    // what a choice or group of units narrows to: "attacking", "in-combat" (741.3),
    // "exhausted", "damaged", "other" (than the source), "here" (at the source's location)
    for q in [
        " attacking",
        " in-combat",
        " exhausted",
        " token",
        " damaged",
        " other",
        " here",
        " in-base",
        // a place fixed at step 2 (355.10.b): a battlefield chosen, the one chosen before,
        // the location of the unit chosen before; "other-than-it": not that unit
        " at-a-battlefield",
        " at-a-battlefield-where-you-have-units",
        " at-a-battlefield-you-control",
        " there",
        " at-its-location",
        " other-than-it",
        // "an enemy unit or gear": the choice of a unit, or of a gear
        " or-gear",
    ] {
        if let Some(w) = s.strip_suffix(q) {
            return !w.contains("gear")
                && !w.contains("spell")
                && !w.contains("rune")
                && (w.starts_with("choose-") || w.contains("units"))
                && target_word_ok(w);
        }
    }
    // "a non-Dragon unit", "a friendly unit without [Temporary]"
    if let Some((w, keyword, k)) = lack_bound(s) {
        return (!keyword || keywords::parse(k).is_ok())
            && !w.contains("gear")
            && !w.contains("spell")
            && !w.contains("rune")
            && target_word_ok(w);
    }
    // "an enemy Calm unit": a choice or group of units narrowed to a Domain (134.1)
    if let Some((w, _)) = domain_bound(s) {
        return !w.contains("spell")
            && !w.contains("rune")
            && (!w.ends_with("gear") || w.ends_with(" or-gear"))
            && target_word_ok(w);
    }
    // "a gear with Energy cost no more than [1]": a choice narrowed by its printed costs
    if let Some((w, _)) = cost_bounded(s) {
        return !w.contains("rune") && target_word_ok(w);
    }
    if let Some((w, k)) = keyword_bound(s) {
        return keywords::parse(k).is_ok()
            && TARGET_WORDS.contains(&w)
            && (w.starts_with("choose-") || w.contains("units") || w.ends_with("gear"))
            && !w.ends_with("spell");
    }
    match might_bound(s)
        .map(|(w, _)| w)
        .or(tag_bound(s).map(|(w, _)| w))
    {
        Some(w) => {
            TARGET_WORDS.contains(&w)
                && !w.ends_with("gear")
                && !w.ends_with("spell")
                && (w.starts_with("choose-") || w.ends_with("units") || w.contains("units-"))
        }
        None => TARGET_WORDS.contains(&s) || trash_choice(s).is_some(),
    }
}

/// A move's destinations fixed as its spell or ability is put on the chain (355.4): a
/// battlefield chosen then (with what it must be), the battlefield an earlier instruction
/// chose, the battlefield of the unit the instruction before chose.
pub const PLACE_WORDS: &[&str] = &[
    "a-battlefield",
    "a-battlefield-where-you-have-units",
    "a-battlefield-you-control",
    "there",
    "its-battlefield",
];

/// Players an effect may name instead of a player.
pub const PLAYER_WORDS: &[&str] = &[
    "you",
    "each-opponent",
    "each-player",
    "choose-opponent",
    "choose-player",
    "turn-player",
];

/// `might 3 or less`: a unit's Might at most 3 ("If it has 3 [Might] or less").
pub fn might_condition(c: &str) -> Option<i32> {
    let n = c.strip_prefix("might ")?.strip_suffix(" or less")?;
    n.trim().parse().ok().filter(|n: &i32| (0..=99).contains(n))
}

/// `always`, `mighty`, …, `has Tank`, `tag Poro`, `level 3`, `runes 4 or fewer`,
/// `control another Mech`.
pub fn condition_ok(c: &str) -> bool {
    // "buffed and at-battlefield": each part a condition; "not has Deflect": its negation
    if c.contains(" and ") {
        return c.split(" and ").all(|x| condition_ok(x.trim()));
    }
    if let Some(x) = c.strip_prefix("not ") {
        return condition_ok(x.trim());
    }
    CONDITIONS.contains(&c)
        || side_condition(c).is_some()
        || might_condition(c).is_some()
        || c.strip_prefix("has ")
            .is_some_and(|k| keywords::parse(k).is_ok())
        || c.strip_prefix("tag ").is_some_and(|t| !t.trim().is_empty())
        || c.strip_prefix("level ")
            .is_some_and(|n| n.trim().parse::<u32>().is_ok())
}
/// 355.2: where a unit an instruction plays goes (`to` of `play-card`).
const PLAY_TO: &[&str] = &["base", "any-battlefield", "same-location"];

pub const DURATIONS: &[&str] = &["this-turn", "this-combat", "permanent"];
pub const ZONES: &[&str] = &[
    "base",
    "battlefield",
    "facedown",
    "trash",
    "hand",
    "main-deck",
    "rune-deck",
    "champion-zone",
    "legend-zone",
    "banishment",
    "chain",
    "gone",
];
pub const STATUSES: &[&str] = &["none", "staged", "open"];
pub const STATES: &[&str] = &[
    "neutral-open",
    "neutral-closed",
    "showdown-open",
    "showdown-closed",
];
pub const PHASES: &[&str] = &["awaken", "beginning", "channel", "draw", "main", "ending"];

/// What a `take` of a `look` allows: "card", "unit", "gear", "spell", "TYPE with cost N or
/// more".
pub fn deck_pick(w: &str) -> Option<crate::engine::DeckPick> {
    let (kind, min) = match w.split_once(" with cost ") {
        Some((k, n)) => (
            k,
            Some(n.strip_suffix(" or more")?.trim().parse::<i32>().ok()?),
        ),
        None => (w, None),
    };
    let types = match kind.trim() {
        "card" => vec![],
        k => vec![crate::engine::look::card_type_word(k)?],
    };
    Some(crate::engine::DeckPick {
        types,
        min_energy: min,
    })
}

/// What a `pick` of a `reveal-hand` allows: "card", "unit", "non-unit card", "Mind card",
/// "Mind spell" (a domain, then `non-` a type, then a type or `card`).
pub fn hand_pick(w: &str) -> Option<crate::engine::HandPick> {
    let mut words: Vec<&str> = w.split_whitespace().collect();
    let last = words.pop()?;
    let mut pick = crate::engine::HandPick {
        types: match last {
            "card" => vec![],
            t => vec![crate::engine::look::card_type_word(t)?],
        },
        not_types: vec![],
        domain: None,
    };
    for x in words {
        if let Some(t) = x.strip_prefix("non-") {
            pick.not_types.push(crate::engine::look::card_type_word(t)?);
        } else if ["Fury", "Calm", "Mind", "Body", "Chaos", "Order"]
            .iter()
            .any(|d| d.eq_ignore_ascii_case(x))
            && pick.domain.is_none()
        {
            pick.domain = Some(x.to_string());
        } else {
            return None;
        }
    }
    Some(pick)
}

/// The names of an effect's actions (exactly one is valid).
pub fn effect_verbs(e: &format::Effect) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (set, name) in [
        (e.deal.is_some(), "deal"),
        (e.kill.is_some(), "kill"),
        (e.fight.is_some(), "fight"),
        (e.deals.is_some(), "deals"),
        (e.counter.is_some(), "counter"),
        (!e.choose_one.is_empty(), "choose-one"),
        (!e.one_of.is_empty(), "one-of"),
        (e.buff.is_some(), "buff"),
        (e.might.is_some(), "might"),
        (e.set_might.is_some(), "set-might"),
        (e.double.is_some(), "double"),
        (e.swap.is_some(), "swap"),
        (e.grant.is_some(), "grant"),
        (e.remove.is_some(), "remove"),
        (e.recall.is_some(), "recall"),
        (e.move_.is_some(), "move"),
        (e.heal.is_some(), "heal"),
        (e.exhaust.is_some(), "exhaust"),
        (e.ready.is_some(), "ready"),
        (e.score.is_some(), "score"),
        (e.draw.is_some(), "draw"),
        (e.cant_play.is_some(), "cant-play"),
        (e.cost_this_turn.is_some(), "cost-this-turn"),
        (e.discard.is_some(), "discard"),
        (e.discard_hand.is_some(), "discard-hand"),
        (e.return_.is_some(), "return"),
        (e.banish.is_some(), "banish"),
        (e.recycle_from_trash.is_some(), "recycle-from-trash"),
        (e.recycle_rune.is_some(), "recycle-rune"),
        (e.trash_top.is_some(), "trash-top"),
        (e.play_card.is_some(), "play-card"),
        (e.stun.is_some(), "stun"),
        (e.gain_points.is_some(), "gain-points"),
        (e.gain_xp.is_some(), "gain-xp"),
        (e.additional_turn.is_some(), "additional-turn"),
        (e.add.is_some(), "add"),
        (e.channel.is_some(), "channel"),
        (e.predict.is_some(), "predict"),
        (e.reveal_hand.is_some(), "reveal-hand"),
        (e.tag.is_some(), "tag"),
        (e.no_damage.is_some(), "no-damage"),
        (e.gain_control.is_some(), "gain-control"),
        (e.create.is_some(), "create"),
        (e.delayed.is_some(), "delayed"),
        (e.reflexive.is_some(), "reflexive"),
        (e.replace.is_some(), "replace"),
        (e.play_that_token_and.is_some(), "play-that-token-and"),
        (e.look.is_some(), "look"),
        (e.kill_own.is_some(), "kill-own"),
        (e.units_enter_ready.is_some(), "units-enter-ready"),
    ] {
        if set {
            v.push(name);
        }
    }
    v
}

/// A keyword as written, checked against the glossary (805–826).
pub fn keyword(path: &str, n: &Name) -> Result<keywords::KeywordRef, ScenarioError> {
    keywords::parse(&n.value).map_err(|m| {
        let kind = if m.starts_with("unknown keyword") {
            ErrorKind::UnknownKeyword
        } else {
            ErrorKind::InvalidValue
        };
        ScenarioError::at(kind, path, loc_of(n), m)
    })
}

/// A phase name (314–317).
pub fn phase(path: &str, n: &Name) -> Result<usize, ScenarioError> {
    PHASES.iter().position(|p| *p == n.value).ok_or_else(|| {
        ScenarioError::at(
            ErrorKind::InvalidValue,
            path,
            loc_of(n),
            format!(
                "unknown phase \"{}\"{}",
                n.value,
                did_you_mean(&n.value, PHASES.iter().copied())
            ),
        )
        .hint(format!("expected one of: {}", PHASES.join(", ")))
    })
}

/// `base` of a player: `A's base`, `base A`, `base of A` → player index.
pub fn parse_base(s: &str, players: &[String]) -> Option<usize> {
    let p = s
        .strip_suffix("'s base")
        .or_else(|| s.strip_prefix("base of "))
        .or_else(|| s.strip_prefix("base "))?;
    players.iter().position(|x| x == p.trim())
}

pub fn resolve_battlefield(path: &str, bfs: &[String], n: &Name) -> Result<usize, ScenarioError> {
    bfs.iter().position(|b| *b == n.value).ok_or_else(|| {
        ScenarioError::at(
            ErrorKind::UnknownName,
            path,
            loc_of(n),
            format!(
                "unknown battlefield \"{}\"{}",
                n.value,
                did_you_mean(&n.value, bfs.iter().map(String::as_str))
            ),
        )
        .hint(if bfs.is_empty() {
            "the setup has no battlefields".to_string()
        } else {
            format!("the battlefields are: {}", bfs.join(", "))
        })
    })
}

/// An object by `id`, or by card name when exactly one object has that card.
pub fn resolve_object(
    path: &str,
    objects: &[ObjectInfo],
    n: &Name,
) -> Result<usize, ScenarioError> {
    if let Some(i) = objects
        .iter()
        .position(|o| o.id.as_deref() == Some(&n.value))
    {
        return Ok(i);
    }
    let same: Vec<usize> = (0..objects.len())
        .filter(|&i| objects[i].card == n.value)
        .collect();
    match same.len() {
        1 => Ok(same[0]),
        0 => {
            let mut names: Vec<&str> = objects.iter().filter_map(|o| o.id.as_deref()).collect();
            names.extend(objects.iter().map(|o| o.card.as_str()));
            names.sort();
            names.dedup();
            let msg = format!(
                "unknown object \"{}\"{}",
                n.value,
                did_you_mean(&n.value, names.iter().copied())
            );
            Err(
                ScenarioError::at(ErrorKind::UnknownName, path, loc_of(n), msg).hint(
                    if names.is_empty() {
                        "the setup has no objects".to_string()
                    } else {
                        format!("objects: {}", names.join(", "))
                    },
                ),
            )
        }
        _ => {
            let cands: Vec<String> = same
                .iter()
                .enumerate()
                .map(|(k, &i)| match &objects[i].id {
                    Some(id) => format!("id \"{id}\" {}", objects[i].where_),
                    None => format!("#{} {} (no id)", k + 1, objects[i].where_),
                })
                .collect();
            Err(ScenarioError::at(
                ErrorKind::AmbiguousName,
                path,
                loc_of(n),
                format!(
                    "\"{}\" is ambiguous: {} objects are {} — candidates: {}",
                    n.value,
                    same.len(),
                    n.value,
                    cands.join(", ")
                ),
            )
            .hint("give each an `id:` in the setup and refer to it by id"))
        }
    }
}

/// Rough validation for the `check` command's summary.
pub fn summary(s: &Scenario) -> BTreeMap<&'static str, usize> {
    let mut m = BTreeMap::new();
    m.insert("players", s.players.len());
    m.insert("battlefields", s.battlefields.len());
    m.insert("objects", s.objects.len());
    m.insert("steps", s.file.script.len());
    m.insert("expectations", s.file.expect.len());
    m
}

/// The canonical name of a mode.
fn md_name(m: crate::engine::Mode) -> &'static str {
    use crate::engine::Mode;
    Mode::NAMES
        .iter()
        .copied()
        .find(|n| Mode::parse(n) == Some(m))
        .unwrap_or("duel")
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "title: t\ncards:\n  Squire: {type: unit, might: 2}\nsetup:\n  bases:\n    A: [{card: Squire, id: s1}, {card: Squire, id: s2}]\n";

    fn err(src: &str) -> ScenarioError {
        match load("t.yaml", src) {
            Ok(_) => panic!("expected an error for:\n{src}"),
            Err(e) => e,
        }
    }

    #[test]
    fn ids_resolve_and_shared_card_names_are_ambiguous() {
        let s = load(
            "t.yaml",
            &format!("{BASE}expect:\n  - {{object: s2, zone: base}}\n"),
        )
        .unwrap();
        assert_eq!(s.objects.len(), 2);
        assert_eq!(s.players, vec!["A", "B"]);
        let e = err(&format!(
            "{BASE}expect:\n  - {{object: Squire, zone: base}}\n"
        ));
        assert_eq!(e.kind, ErrorKind::AmbiguousName);
        assert!(
            e.input.message.contains("id \"s1\" in A's base"),
            "{}",
            e.input.message
        );
        assert_eq!((e.input.line, e.input.column), (Some(8), Some(14)));
    }

    #[test]
    fn an_effect_has_exactly_one_action() {
        let e = err(&format!(
            "{BASE}script:\n  - effect: {{kill: s1, buff: s2}}\n"
        ));
        assert_eq!(e.kind, ErrorKind::InvalidValue);
        assert!(
            e.input.message.contains("kill and buff"),
            "{}",
            e.input.message
        );
        let e = err(&format!("{BASE}script:\n  - effect: {{deal: 2}}\n"));
        assert!(
            e.input.message.contains("needs \"to\""),
            "{}",
            e.input.message
        );
    }

    #[test]
    fn an_expectation_has_exactly_one_subject() {
        let e = err(&format!("{BASE}expect:\n  - {{object: s1, player: A}}\n"));
        assert!(e.input.message.contains("exactly one subject"));
        let e = err(&format!("{BASE}expect:\n  - {{cited: [999.9]}}\n"));
        assert_eq!(e.kind, ErrorKind::UnknownName);
        assert!(e.input.message.contains("no rule \"999.9\""));
    }

    #[test]
    fn ids_are_unique_and_players_must_match_the_mode() {
        let e = err(&BASE.replace("id: s2", "id: s1"));
        assert!(e.input.message.contains("used twice"));
        let e = err(&format!(
            "mode: war\n{BASE}  players:\n    A: {{}}\n    B: {{}}\n"
        ));
        assert!(
            e.input.message.contains("has 4 players"),
            "{}",
            e.input.message
        );
    }

    #[test]
    fn only_the_2026_03_30_rules_are_followed() {
        assert!(load("t.yaml", &format!("rules: riftbound 2026-03-30\n{BASE}")).is_ok());
        let e = err(&format!("rules: riftbound 2025-06-02\n{BASE}"));
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert_eq!((e.input.line, e.input.column), (Some(1), Some(8)));
    }

    #[test]
    fn a_wrong_step_or_value_suggests_the_nearest() {
        let e = err(&format!("{BASE}script:\n  - end-trun\n"));
        assert_eq!(e.kind, ErrorKind::UnknownField);
        assert!(
            e.input.message.contains("did you mean \"end-turn\""),
            "{}",
            e.input.message
        );
        let e = err(&format!("mode: dual\n{BASE}"));
        assert!(
            e.input.message.contains("did you mean \"duel\""),
            "{}",
            e.input.message
        );
    }
}
