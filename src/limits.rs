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

/// Largest scenario file read, in bytes (the library's largest is a few kilobytes).
pub const MAX_SCENARIO_BYTES: u64 = 4 * 1024 * 1024;

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

/// Refuses a `--limit` outside 1..=[`MAX_SEARCH_LIMIT`].
pub fn search_limit(n: usize) -> Result<()> {
    if !(1..=MAX_SEARCH_LIMIT).contains(&n) {
        return Err(Error::usage(format!(
            "--limit {n} is out of range: accepted 1 to {MAX_SEARCH_LIMIT}"
        )));
    }
    Ok(())
}
