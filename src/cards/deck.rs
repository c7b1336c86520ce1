//! Deck lists and deck construction (101–103, 825 Unique, Signature cards, banned cards).
//!
//! A deck list is plain text, one `COUNT Card Name` per line (`3x Name` and a bare
//! `Name` = 1 also read), in sections headed `Legend:`, `Champion:`, `Battlefields:`,
//! `Main deck:` (or `Main:`) and `Rune deck:` (or `Runes:`); `#` starts a comment.

use super::{Card, Database};

/// The sections of a deck list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Section {
    Legend,
    Champion,
    Battlefields,
    Main,
    Runes,
}

impl Section {
    fn parse(s: &str) -> Option<Section> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "legend" | "champion legend" => Section::Legend,
            "champion" | "chosen champion" => Section::Champion,
            "battlefields" | "battlefield" => Section::Battlefields,
            "main deck" | "main" | "deck" => Section::Main,
            "rune deck" | "runes" | "rune" => Section::Runes,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Section::Legend => "Legend",
            Section::Champion => "Champion",
            Section::Battlefields => "Battlefields",
            Section::Main => "Main deck",
            Section::Runes => "Rune deck",
        }
    }
    const ALL: &[&'static str] = &[
        "Legend",
        "Champion",
        "Battlefields",
        "Main deck",
        "Rune deck",
    ];
}

/// One line of a deck list.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Entry {
    pub section: Section,
    pub count: u32,
    /// The name as the database has it.
    pub card: String,
    pub line: usize,
}

/// A problem with a deck: the rule it breaks (when a rule says so) and the line.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Problem {
    pub rule: Option<&'static str>,
    pub message: String,
    pub line: Option<usize>,
}

/// The most copies one line may name, and the most lines a list may have.
pub const MAX_COUNT: u32 = 999;
pub const MAX_LINES: usize = 10_000;

/// A list that cannot be read: the line, what was wrong, names to suggest.
#[derive(Debug)]
pub struct ListError {
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub suggestions: Vec<String>,
}

/// Reads a deck list, resolving each name against the database.
pub fn parse(db: &Database, text: &str) -> Result<Vec<Entry>, ListError> {
    let mut section = Section::Main;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if n > MAX_LINES {
            return Err(ListError {
                line: n,
                column: 1,
                message: format!("a deck list has at most {MAX_LINES} lines"),
                suggestions: vec![],
            });
        }
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(head) = line.strip_suffix(':') {
            section = Section::parse(head).ok_or_else(|| ListError {
                line: n,
                column: 1,
                message: format!(
                    "unknown section \"{head}\"; expected one of: {}",
                    Section::ALL.join(", ")
                ),
                suggestions: crate::fuzzy::suggest(head, Section::ALL.iter().copied(), 2)
                    .into_iter()
                    .map(String::from)
                    .collect(),
            })?;
            continue;
        }
        let (count, name) = match line.split_once(char::is_whitespace) {
            Some((c, rest)) if c.trim_end_matches(['x', 'X']).parse::<u64>().is_ok() => (
                c.trim_end_matches(['x', 'X']).parse::<u64>().unwrap_or(0),
                rest.trim(),
            ),
            _ => (1, line),
        };
        if count == 0 || count > u64::from(MAX_COUNT) {
            return Err(ListError {
                line: n,
                column: 1,
                message: format!("a count from 1 to {MAX_COUNT} was expected, found {count}"),
                suggestions: vec![],
            });
        }
        let column = raw.find(name).map_or(1, |c| c + 1);
        let card = match db.exact(name) {
            Some(c) => c,
            None => {
                return Err(ListError {
                    line: n,
                    column,
                    message: format!("no card named \"{name}\" in the card database"),
                    suggestions: db
                        .find(name)
                        .map(|c| vec![c.name.clone()])
                        .unwrap_or_else(|near| near.into_iter().map(String::from).collect()),
                });
            }
        };
        out.push(Entry {
            section,
            count: count as u32,
            card: card.name.clone(),
            line: n,
        });
    }
    Ok(out)
}

/// Checks a deck against deck construction. An empty list means legal.
pub fn check(db: &Database, entries: &[Entry]) -> Vec<Problem> {
    let mut p = Vec::new();
    let card = |e: &Entry| db.exact(&e.card);
    let in_section = |s: Section| entries.iter().filter(move |e| e.section == s);
    let total = |s: Section| in_section(s).map(|e| u64::from(e.count)).sum::<u64>();
    let mut problem = |rule: Option<&'static str>, line: Option<usize>, message: String| {
        p.push(Problem {
            rule,
            message,
            line,
        })
    };

    // 103.1: one Champion Legend; it gives the Domain Identity (103.1.b).
    let legends: Vec<&Entry> = in_section(Section::Legend).collect();
    let legend = match (legends.as_slice(), total(Section::Legend)) {
        ([e], 1) => card(e),
        (_, 0) => {
            problem(
                Some("103.1"),
                None,
                "no Champion Legend: a deck needs exactly one".into(),
            );
            None
        }
        (es, n) => {
            problem(
                Some("103.1"),
                es.first().map(|e| e.line),
                format!("{n} Champion Legends: a deck needs exactly one"),
            );
            None
        }
    };
    if let (Some(l), Some(e)) = (legend, legends.first())
        && !l.is("legend")
    {
        problem(
            Some("103.1"),
            Some(e.line),
            format!("{} is a {}, not a Champion Legend", l.name, l.kind),
        );
    }
    let identity: Option<Vec<String>> =
        legend.map(|l| l.identity_domains().iter().map(|d| d.to_string()).collect());
    let champion_tags: Vec<String> = legend.map(|l| l.tags.clone()).unwrap_or_default();
    let fits_identity = |c: &Card| match &identity {
        // 103.1.b.3/103.1.b.4: every domain of the card must be in the identity.
        Some(id) => c
            .identity_domains()
            .iter()
            .all(|d| id.iter().any(|i| i.eq_ignore_ascii_case(d))),
        None => true,
    };

    // 103.2.a: one Chosen Champion, a champion unit with the legend's champion tag.
    let champs: Vec<&Entry> = in_section(Section::Champion).collect();
    match total(Section::Champion) {
        1 => {
            if let Some(c) = card(champs[0]) {
                if !(c.is("unit") && c.supertype_is("champion")) {
                    problem(
                        Some("103.2.a.2"),
                        Some(champs[0].line),
                        format!(
                            "{} is not a champion unit, so it cannot be the Chosen Champion",
                            c.name
                        ),
                    );
                } else if legend.is_some()
                    && !c
                        .tags
                        .iter()
                        .any(|t| champion_tags.iter().any(|l| l.eq_ignore_ascii_case(t)))
                {
                    problem(
                        Some("103.2.a.2"),
                        Some(champs[0].line),
                        format!(
                            "{} has no champion tag of the legend ({})",
                            c.name,
                            champion_tags.join(", ")
                        ),
                    );
                }
            }
        }
        0 => problem(Some("103.2.a"), None, "no Chosen Champion".into()),
        n => problem(
            Some("103.2.a"),
            champs.first().map(|e| e.line),
            format!("{n} Chosen Champions: a deck has exactly one"),
        ),
    }

    // 103.2: at least 40 cards in the Main Deck, counting the Chosen Champion (103.2.b.1).
    let main_total = total(Section::Main) + total(Section::Champion);
    if main_total < 40 {
        problem(
            Some("103.2"),
            None,
            format!(
                "the Main Deck has {main_total} cards (with the Chosen Champion); at least 40 are needed"
            ),
        );
    }
    // 103.2.b: at most 3 copies of a name (the Chosen Champion included).
    let mut copies: std::collections::BTreeMap<&str, (u64, usize)> = Default::default();
    for e in entries
        .iter()
        .filter(|e| matches!(e.section, Section::Main | Section::Champion))
    {
        let c = copies.entry(e.card.as_str()).or_insert((0, e.line));
        c.0 += u64::from(e.count);
    }
    // 002: a card in the deck that says "Your deck can have any number of cards named X"
    // lifts 103.2.b's limit for X
    let any_number: Vec<String> = entries
        .iter()
        .filter_map(|e| db.exact(&e.card))
        .flat_map(|c| crate::cards::compile::compile(c).deck_any_number)
        .map(|n| n.to_lowercase())
        .collect();
    let mut signature = 0u64;
    for (name, (n, line)) in &copies {
        let Some(c) = db.exact(name) else { continue };
        if *n > 3 && !any_number.contains(&c.name.to_lowercase()) {
            problem(
                Some("103.2.b"),
                Some(*line),
                format!("{n} copies of {name}: at most 3 of the same name"),
            );
        }
        // 825.2.a: only one of a name with Unique.
        if *n > 1 && c.text.contains("[Unique]") {
            problem(
                Some("825.2.a"),
                Some(*line),
                format!("{n} copies of {name}, which has Unique: at most one"),
            );
        }
        if !(c.is("unit") || c.is("gear") || c.is("spell") || c.is("unit gear")) {
            problem(
                Some("103.2"),
                Some(*line),
                format!(
                    "{name} is a {}: the Main Deck holds units, gear and spells",
                    c.kind
                ),
            );
        }
        if !fits_identity(c) {
            problem(
                Some("103.1.b.1"),
                Some(*line),
                format!(
                    "{name} ({}) is outside the Domain Identity ({})",
                    c.domains.join(", "),
                    identity.as_ref().map(|i| i.join(", ")).unwrap_or_default()
                ),
            );
        }
        if c.supertype_is("signature") {
            signature += n;
            if legend.is_some()
                && !c
                    .tags
                    .iter()
                    .any(|t| champion_tags.iter().any(|l| l.eq_ignore_ascii_case(t)))
            {
                problem(
                    Some("103.2.d.2"),
                    Some(*line),
                    format!("{name} is a Signature card of another champion"),
                );
            }
        }
    }
    // 103.2.d.1: at most 3 Signature cards in all.
    if signature > 3 {
        problem(
            Some("103.2.d.1"),
            None,
            format!("{signature} Signature cards: at most 3 in all"),
        );
    }

    // 103.3.a: 12 runes of the Domain Identity (103.3.a.1).
    let runes = total(Section::Runes);
    if runes != 12 {
        problem(
            Some("103.3.a"),
            None,
            format!("the Rune Deck has {runes} cards; it needs 12"),
        );
    }
    for e in in_section(Section::Runes) {
        if let Some(c) = card(e) {
            if !c.is("rune") {
                problem(
                    Some("103.3.a"),
                    Some(e.line),
                    format!("{} is not a rune", c.name),
                );
            } else if !fits_identity(c) {
                problem(
                    Some("103.3.a.1"),
                    Some(e.line),
                    format!("{} is outside the Domain Identity", c.name),
                );
            }
        }
    }

    // 103.4: three battlefields in every mode (480.4.a–484.4.a), no two of a name (103.4.c).
    let bfs = total(Section::Battlefields);
    if bfs != 3 {
        problem(
            Some("103.4.a"),
            None,
            format!("{bfs} battlefields; every mode of play has each player provide 3 (480.4.a)"),
        );
    }
    for e in in_section(Section::Battlefields) {
        if let Some(c) = card(e) {
            if !c.is("battlefield") {
                problem(
                    Some("103.4"),
                    Some(e.line),
                    format!("{} is not a battlefield", c.name),
                );
            }
            if e.count > 1
                || in_section(Section::Battlefields)
                    .filter(|o| o.card == e.card)
                    .count()
                    > 1
            {
                problem(
                    Some("103.4.c"),
                    Some(e.line),
                    format!("more than one {}", c.name),
                );
            }
        }
    }
    // Banned cards: the database's own list (no rule number; the ban list is not in the rules).
    for e in entries {
        if let Some(c) = card(e).filter(|c| c.banned) {
            problem(
                None,
                Some(e.line),
                format!(
                    "{} is banned{} (card database)",
                    c.name,
                    c.banned_from
                        .as_deref()
                        .map(|d| format!(" from {d}"))
                        .unwrap_or_default()
                ),
            );
        }
    }
    p.dedup_by(|a, b| a.message == b.message);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> Database {
        let mut cards = vec![
            r#"{"name":"Mira, Storm Seer","type":"Legend","domains":["Fury","Mind"],"tags":["Mira"]}"#.to_string(),
            r#"{"name":"Mira, Tempest","type":"Unit","supertype":"Champion","domains":["Fury"],"might":4,"tags":["Mira"]}"#.into(),
            r#"{"name":"Mira's Charm","type":"Gear","supertype":"Signature","domains":["Mind"],"tags":["Mira"]}"#.into(),
            r#"{"name":"Lone Titan","type":"Unit","domains":["Fury"],"might":6,"text":"[Unique]"}"#.into(),
            r#"{"name":"Calm Acolyte","type":"Unit","domains":["Calm"],"might":2}"#.into(),
            r#"{"name":"Old Relic","type":"Gear","domains":["Mind"],"maxCopies":0,"bannedFrom":"2026-03-31"}"#.into(),
            r#"{"name":"Fury Rune","type":"Rune","domains":["Fury"]}"#.into(),
            r#"{"name":"Mind Rune","type":"Rune","domains":["Mind"]}"#.into(),
        ];
        for i in 0..14 {
            cards.push(format!(
                r#"{{"name":"Filler {i}","type":"Unit","domains":["Fury"],"might":1}}"#
            ));
        }
        for i in 0..3 {
            cards.push(format!(
                r#"{{"name":"Field {i}","type":"Battlefield","domains":["Colorless"]}}"#
            ));
        }
        let json = format!("{{\"cards\": [{}]}}", cards.join(","));
        Database::from_json("t.json", &json).unwrap()
    }

    fn legal_list() -> String {
        let mut s = String::from(
            "Legend:\n1 Mira, Storm Seer\nChampion:\n1 Mira, Tempest\nBattlefields:\n1 Field 0\n1 Field 1\n1 Field 2\nMain deck:\n2 Mira, Tempest\n3 Mira's Charm\n",
        );
        for i in 0..12 {
            s.push_str(&format!("3 Filler {i}\n"));
        }
        s.push_str("Rune deck:\n6 Fury Rune\n6 Mind Rune\n");
        s
    }

    #[test]
    fn a_legal_deck_has_no_problems() {
        let db = db();
        let e = parse(&db, &legal_list()).unwrap();
        assert_eq!(check(&db, &e).len(), 0, "{:?}", check(&db, &e));
    }

    #[test]
    fn each_problem_names_its_rule() {
        let db = db();
        let list = legal_list()
            .replace(
                "2 Mira, Tempest\n",
                "3 Mira, Tempest\n2 Lone Titan\n1 Calm Acolyte\n1 Old Relic\n",
            )
            .replace("6 Mind Rune", "5 Mind Rune");
        let e = parse(&db, &list).unwrap();
        let rules: Vec<Option<&str>> = check(&db, &e).iter().map(|p| p.rule).collect();
        for r in ["103.2.b", "825.2.a", "103.1.b.1", "103.3.a"] {
            assert!(rules.contains(&Some(r)), "{r} missing from {rules:?}");
        }
        assert!(rules.contains(&None), "the banned card: {rules:?}");
    }

    #[test]
    fn unknown_names_and_sections_are_located() {
        let db = db();
        let err = parse(&db, "Main deck:\n3 Filer 1\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 3));
        assert_eq!(err.suggestions, ["Filler 1"]);
        let err = parse(&db, "Mian deck:\n").unwrap_err();
        assert_eq!(err.suggestions, ["Main deck"]);
        assert!(parse(&db, "1000 Filler 1\n").is_err());
    }
}
