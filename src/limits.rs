//! Every size and count a user can give, bounded (issue 10): a value past a limit is refused
//! with an error naming the limit, never allocated, looped over or wrapped. The README's
//! "Reliability" section lists these.

use crate::error::{Error, Result};

/// Most hits `search --limit` shows (more than any edition has rules).
pub const MAX_SEARCH_LIMIT: usize = 10_000;
/// Longest search query or `define` term, in characters.
pub const MAX_QUERY_CHARS: usize = 1_000;
/// Most words in a search query.
pub const MAX_QUERY_WORDS: usize = 32;
/// Largest magnitude of a number in a scenario (Might, damage, points, energy, …): far above
/// any printed card, and small enough that sums of thousands of them fit in an `i32`.
pub const MAX_AMOUNT: i64 = 1_000_000;
/// Most objects one step may create or draw (`create`/`draw` counts).
pub const MAX_COUNT: i64 = 1_000;

/// Most game objects in one game: cards in every zone, runes, tokens (a token that left
/// play still counts). A four-player game with 40-card decks has about 230; past this a
/// scenario is refused at load, and a game that creates more stops with an error.
pub const MAX_OBJECTS: usize = 500;
/// Most continuous effects, delayed abilities and created replacement effects in play at
/// once (a game has a handful; each is looked at in every derivation of the board).
pub const MAX_EFFECTS: usize = 500;
/// Most priority passes the engine makes for the players in one go (a default pass, the
/// REPL's `run`) before it calls the chain an endless loop.
pub const MAX_PASSES: usize = 10_000;
/// Most rounds of the engine's own work (cleanups, combat steps, triggers put on the
/// chain) between two things the players do, before it calls it an endless loop.
pub const MAX_ROUNDS: usize = 100_000;

/// Largest scenario file read, in bytes (the library's largest is a few kilobytes).
pub const MAX_SCENARIO_BYTES: u64 = 4 * 1024 * 1024;

/// Largest deck list read (`deck check`), in bytes: 10,000 lines of 100 characters.
pub const MAX_DECK_BYTES: u64 = 1024 * 1024;

/// Longest rule id typed (`rule`, `refs`, `toc`): the longest real one has a dozen
/// characters; past this the id is refused before it is parsed or echoed back.
pub const MAX_RULE_ID_CHARS: usize = 100;

/// Refuses a query or term past [`MAX_QUERY_CHARS`] / [`MAX_QUERY_WORDS`].
pub fn query(what: &str, text: &str) -> Result<()> {
    let chars = text.chars().count();
    if chars > MAX_QUERY_CHARS {
        return Err(Error::usage(format!(
            "the {what} is {chars} characters long; the limit is {MAX_QUERY_CHARS}"
        )));
    }
    let words = text.split_whitespace().count();
    if words > MAX_QUERY_WORDS {
        return Err(Error::usage(format!(
            "the {what} has {words} words; the limit is {MAX_QUERY_WORDS}"
        )));
    }
    Ok(())
}

/// Refuses a rule id past [`MAX_RULE_ID_CHARS`].
pub fn rule_id(typed: &str) -> Result<()> {
    let chars = typed.chars().count();
    if chars > MAX_RULE_ID_CHARS {
        return Err(Error::usage(format!(
            "the rule id is {chars} characters long; the limit is {MAX_RULE_ID_CHARS}"
        )));
    }
    Ok(())
}

/// Refuses a `--limit` outside 1..=[`MAX_SEARCH_LIMIT`].
pub fn search_limit(n: usize) -> Result<()> {
    if !(1..=MAX_SEARCH_LIMIT).contains(&n) {
        return Err(Error::usage(format!(
            "--limit {n} is out of range: accepted 1 to {MAX_SEARCH_LIMIT}"
        )));
    }
    Ok(())
}

/// Reads `path` whole if it holds at most `max` bytes, else `Ok(None)`. Reads at most
/// `max + 1` bytes: a device such as `/dev/zero` or a pipe has no length to check first.
pub fn read_at_most(path: &std::path::Path, max: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}
