//! The embedded editions: the manifest, the verbatim documents and their
//! pre-imported form (decoded lazily, one edition at a time).

use super::import::model::{Edition, Rule, RuleId};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One embedded edition: its facts, its pre-imported blob and its verbatim source.
pub struct EmbeddedEdition {
    pub game: &'static str,
    pub edition: &'static str,
    pub effective: Option<&'static str>,
    pub title: &'static str,
    pub format: &'static str,
    pub file: &'static str,
    pub default: bool,
    pub rule_count: usize,
    blob: &'static [u8],
    pub source: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The manifest (rules/manifest.json) as embedded.
pub fn manifest_text() -> &'static str {
    MANIFEST
}

/// An edition with its lookup tables.
pub struct Book {
    pub meta: &'static EmbeddedEdition,
    pub ed: Edition,
    by_key: HashMap<String, usize>,
    children: Vec<Vec<usize>>,
    /// Rules per top-level number, for section ownership.
    backlinks: OnceLock<HashMap<RuleId, Vec<usize>>>,
}

impl Book {
    fn new(meta: &'static EmbeddedEdition) -> Book {
        let ed: Edition = postcard::from_bytes(meta.blob).expect("embedded edition decodes");
        let mut by_key = HashMap::with_capacity(ed.rules.len() * 2);
        let mut children = vec![Vec::new(); ed.rules.len()];
        for (i, r) in ed.rules.iter().enumerate() {
            by_key.insert(r.key(), i);
        }
        for (i, r) in ed.rules.iter().enumerate() {
            if r.dup != 0 {
                continue;
            }
            // A dotted id's parent is its prefix. A 3-digit id belongs to the top-index
            // section that owns it, and a section heading to its part (000, 100, …).
            let parent = match &r.parent {
                Some(p) => Some(p.clone()),
                None => match &r.section {
                    Some(s) if s != &r.id => Some(s.clone()),
                    _ if ed.sections.iter().any(|s| s.id == r.id && s.level > 1) => ed
                        .sections
                        .iter()
                        .rfind(|s| s.level == 1 && s.id < r.id)
                        .map(|s| s.id.clone()),
                    _ => None,
                },
            };
            if let Some(p) = parent.and_then(|p| by_key.get(&p.to_string())) {
                children[*p].push(i);
            }
        }
        Book {
            meta,
            ed,
            by_key,
            children,
            backlinks: OnceLock::new(),
        }
    }

    /// The rule with this key (`323.5`, or `111.1a#2` for a duplicate).
    pub fn index_of(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).copied()
    }

    pub fn get(&self, id: &RuleId) -> Option<&Rule> {
        self.index_of(&id.to_string()).map(|i| &self.ed.rules[i])
    }

    /// Every rule with this id, duplicates included, in document order.
    pub fn all_with_id(&self, id: &RuleId) -> Vec<usize> {
        self.ed
            .rules
            .iter()
            .enumerate()
            .filter(|(_, r)| &r.id == id)
            .map(|(i, _)| i)
            .collect()
    }

    pub fn children(&self, i: usize) -> &[usize] {
        &self.children[i]
    }

    /// Parses an id in this edition's style.
    pub fn parse_id(&self, s: &str) -> Option<RuleId> {
        RuleId::parse_styled(s, self.ed.id_style)
    }

    /// The chain of ancestors from the top: part, section, then dotted parents.
    pub fn breadcrumb(&self, i: usize) -> Vec<(RuleId, Option<String>)> {
        let r = &self.ed.rules[i];
        let mut chain = Vec::new();
        let mut cur = r.parent.clone();
        while let Some(p) = cur {
            let rule = self.get(&p);
            chain.push((p.clone(), rule.and_then(|x| self.title_of(x))));
            cur = rule.and_then(|x| x.parent.clone()).or_else(|| p.parent());
        }
        chain.reverse();
        let top = RuleId::top_level(r.id.top()).with_style(r.id.style);
        // part and section from the top index
        let mut head = Vec::new();
        let part = self
            .ed
            .sections
            .iter()
            .rfind(|s| s.level == 1 && s.id.top() <= top.top());
        let sect = self
            .ed
            .sections
            .iter()
            .rfind(|s| s.level >= 2 && s.id.top() <= top.top());
        for s in [part, sect].into_iter().flatten() {
            if s.id != r.id && !chain.iter().any(|(c, _)| c == &s.id) {
                if head
                    .iter()
                    .any(|(h, _): &(RuleId, Option<String>)| h == &s.id)
                {
                    continue;
                }
                head.push((s.id.clone().with_style(r.id.style), Some(s.title.clone())));
            }
        }
        head.extend(chain);
        head
    }

    /// A rule's display title: its own, a recovered one, a section title, or its text if short.
    pub fn title_of(&self, r: &Rule) -> Option<String> {
        if let Some(t) = r.any_title() {
            return Some(t.to_string());
        }
        if let Some(s) = self.ed.sections.iter().find(|s| s.id == r.id) {
            return Some(s.title.clone());
        }
        match &r.text {
            Some(t) if t.chars().count() <= 48 => Some(t.clone()),
            _ => None,
        }
    }

    /// Every rule that references `target` (backlinks), as (rule index, ref index).
    pub fn backlinks(&self, target: &RuleId) -> &[usize] {
        let map = self.backlinks.get_or_init(|| {
            let mut m: HashMap<RuleId, Vec<usize>> = HashMap::new();
            for (i, r) in self.ed.rules.iter().enumerate() {
                for rf in &r.refs {
                    let v = m.entry(rf.target.clone()).or_default();
                    if v.last() != Some(&i) {
                        v.push(i);
                    }
                }
            }
            m
        });
        map.get(target).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// All embedded editions, decoded on first use.
pub struct Library {
    books: Vec<OnceLock<Book>>,
}

impl Library {
    /// The process-wide library of embedded editions.
    pub fn get() -> &'static Library {
        static LIB: OnceLock<Library> = OnceLock::new();
        LIB.get_or_init(|| Library {
            books: EMBEDDED.iter().map(|_| OnceLock::new()).collect(),
        })
    }

    pub fn metas(&self) -> &'static [EmbeddedEdition] {
        EMBEDDED
    }

    pub fn book(&self, i: usize) -> &Book {
        self.books[i].get_or_init(|| Book::new(&EMBEDDED[i]))
    }

    /// The index of an edition by game and edition names (either may be omitted;
    /// aliases accepted). The default is the newest Riftbound edition.
    pub fn resolve(&self, game: Option<&str>, edition: Option<&str>) -> Result<usize, String> {
        let game = game.map(normalize_game).unwrap_or("riftbound");
        let in_game: Vec<usize> = (0..EMBEDDED.len())
            .filter(|&i| EMBEDDED[i].game == game)
            .collect();
        if in_game.is_empty() {
            let games: Vec<&str> = dedup(EMBEDDED.iter().map(|e| e.game));
            return Err(format!(
                "unknown game {game:?}; the embedded games are {}",
                games.join(", ")
            ));
        }
        match edition {
            None | Some("latest") | Some("default") => Ok(*in_game
                .iter()
                .find(|&&i| EMBEDDED[i].default)
                .unwrap_or(&in_game[0])),
            Some(e) => {
                let e = e.trim();
                if let Some(&i) = in_game
                    .iter()
                    .find(|&&i| EMBEDDED[i].edition == e || EMBEDDED[i].file == e)
                {
                    return Ok(i);
                }
                let prefixed: Vec<usize> = in_game
                    .iter()
                    .copied()
                    .filter(|&i| EMBEDDED[i].edition.starts_with(e))
                    .collect();
                if prefixed.len() == 1 {
                    return Ok(prefixed[0]);
                }
                let names: Vec<&str> = in_game.iter().map(|&i| EMBEDDED[i].edition).collect();
                Err(format!(
                    "{game} has no edition {e:?}; its editions are {}",
                    names.join(", ")
                ))
            }
        }
    }
}

/// Accepts `riftbound`, `rb`, `legions-of-will`, `legions`, `low`, any case.
pub fn normalize_game(g: &str) -> &'static str {
    match g
        .trim()
        .to_ascii_lowercase()
        .replace([' ', '_'], "-")
        .as_str()
    {
        "rb" | "riftbound" => "riftbound",
        "low" | "legions" | "legions-of-will" | "lw" => "legions-of-will",
        _ => "unknown",
    }
}

fn dedup<'a>(it: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = Vec::new();
    for x in it {
        if !v.contains(&x) {
            v.push(x);
        }
    }
    v
}
