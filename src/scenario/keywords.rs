//! The keyword glossary (804–826): every keyword name a card may carry, the rule
//! that defines it, and whether it takes a value (`Assault 2`, `Deflect 1`).

/// (name, defining rule, takes a value)
pub const KEYWORDS: &[(&str, &str, bool)] = &[
    ("Accelerate", "805", false),
    ("Action", "806", false),
    ("Assault", "807", true),
    ("Deathknell", "808", false),
    ("Deflect", "809", true),
    ("Ganking", "810", false),
    ("Hidden", "811", false),
    ("Legion", "812", false),
    ("Reaction", "813", false),
    ("Shield", "814", true),
    ("Tank", "815", false),
    ("Temporary", "816", false),
    ("Vision", "817", false),
    ("Equip", "818", true),
    ("Quick-Draw", "819", false),
    ("Repeat", "820", true),
    ("Weaponmaster", "821", false),
    ("Ambush", "822", false),
    ("Hunt", "823", true),
    ("Level", "824", true),
    ("Unique", "825", false),
    ("Backline", "826", false),
];

/// A keyword as written on a card: its canonical name and value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeywordRef {
    pub name: &'static str,
    pub rule: &'static str,
    pub value: Option<u32>,
}

/// Parses `Assault 2`, `Tank`, `shield` (names are case-insensitive).
/// Errors say what was expected, with a "did you mean".
pub fn parse(s: &str) -> Result<KeywordRef, String> {
    let s = s.trim();
    let (word, rest) = match s.rsplit_once(' ') {
        Some((w, v)) if v.chars().all(|c| c.is_ascii_digit()) => (w.trim(), Some(v)),
        _ => (s, None),
    };
    let Some(&(name, rule, valued)) = KEYWORDS.iter().find(|k| k.0.eq_ignore_ascii_case(word))
    else {
        return Err(format!(
            "unknown keyword \"{word}\"{}",
            super::suggest::did_you_mean(word, KEYWORDS.iter().map(|k| k.0))
        ));
    };
    let value = match rest {
        Some(v) => {
            if !valued {
                return Err(format!("the keyword {name} ({rule}) takes no value"));
            }
            Some(
                v.parse::<u32>()
                    .map_err(|_| format!("expected a number after {name}, found \"{v}\""))?,
            )
        }
        None => None,
    };
    Ok(KeywordRef { name, rule, value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_values() {
        assert_eq!(parse("Assault 2").unwrap().value, Some(2));
        assert_eq!(parse("tank").unwrap().name, "Tank");
        assert_eq!(parse("Backline").unwrap().rule, "826");
        let e = parse("Asault").unwrap_err();
        assert_eq!(e, "unknown keyword \"Asault\" — did you mean \"Assault\"?");
        assert!(parse("Tank 2").unwrap_err().contains("takes no value"));
    }
}
