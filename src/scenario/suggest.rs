//! "Did you mean …": the nearest names by edit distance.

pub use crate::fuzzy::distance;

/// Case-sensitive distance, to prefer `raider` over `Raider` for "raidr".
fn exact_distance(a: &str, b: &str) -> usize {
    distance(a, b)
        + a.chars()
            .zip(b.chars())
            .filter(|(x, y)| x != y && x.eq_ignore_ascii_case(y))
            .count()
}

/// The closest candidate within a distance that scales with the word's length
/// (one edit per three characters, at least two), or one that contains the word.
pub fn nearest<'a, I: IntoIterator<Item = &'a str>>(word: &str, candidates: I) -> Option<String> {
    let limit = (word.chars().count() / 3).max(2);
    let lw = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let d = distance(word, c);
            let d = if d > limit && !lw.is_empty() && c.to_lowercase().contains(&lw) {
                limit
            } else {
                d
            };
            (d, exact_distance(word, c), c)
        })
        .filter(|(d, _, _)| *d <= limit)
        .min_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)))
        .map(|(_, _, c)| c.to_string())
}

/// ` — did you mean "X"?` or nothing.
pub fn did_you_mean<'a, I: IntoIterator<Item = &'a str>>(word: &str, candidates: I) -> String {
    match nearest(word, candidates) {
        Some(s) => format!(" — did you mean \"{s}\"?"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("Asault", "Assault"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("TANK", "tank"), 0);
    }

    #[test]
    fn nearest_picks_the_closest_and_refuses_far_ones() {
        let kws = ["Assault", "Shield", "Tank", "Backline"];
        assert_eq!(nearest("Asault", kws).as_deref(), Some("Assault"));
        assert_eq!(nearest("Sheild", kws).as_deref(), Some("Shield"));
        assert_eq!(nearest("Zzzzzzzz", kws), None);
        assert_eq!(
            nearest("raidr", ["Raider", "raider"]).as_deref(),
            Some("raider")
        );
        assert_eq!(did_you_mean("Tnk", kws), " — did you mean \"Tank\"?");
    }
}
