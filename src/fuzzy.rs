//! Near matches for "did you mean": edit distance over short names.

/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions),
/// case-insensitive: `deathnell` → `deathknell` is 1, `Sheild` → `Shield` is 1.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    distance_chars(&a, &b)
}

/// [`distance`] over characters as given (case-sensitive): insertions, deletions,
/// substitutions and adjacent transpositions each cost 1.
pub fn distance_chars(a: &[char], b: &[char]) -> usize {
    // Three rolling rows (two back, for transpositions), on the stack for the short
    // words searches compare by the thousand, on the heap past that.
    let width = b.len() + 1;
    let mut stack = [0usize; 3 * 48];
    let mut heap = Vec::new();
    let rows: &mut [usize] = if 3 * width <= stack.len() {
        &mut stack[..3 * width]
    } else {
        heap.resize(3 * width, 0);
        &mut heap
    };
    let (two_back, rest) = rows.split_at_mut(width);
    let (prev, cur) = rest.split_at_mut(width);
    let (mut two_back, mut prev, mut cur) = (two_back, prev, cur);
    for (j, cell) in prev.iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(two_back[j - 2] + 1);
            }
            cur[j] = d;
        }
        // rotate: the row two back is overwritten next
        std::mem::swap(&mut two_back, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[width - 1]
}

/// The candidates within a typo's reach of `input` (about one edit per four
/// characters), nearest first, at most `max`.
pub fn suggest<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    max: usize,
) -> Vec<&'a str> {
    let limit = (input.chars().count() / 4).clamp(1, 3);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|c| (distance(input, c), c))
        .filter(|(d, _)| *d <= limit)
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1.eq_ignore_ascii_case(b.1));
    scored.into_iter().take(max).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rolling rows give what the whole table gives, on the stack and past it (48+
    /// characters), for pairs rich in transpositions (a three-letter alphabet).
    #[test]
    fn rolling_rows_match_the_whole_table() {
        fn whole(a: &[char], b: &[char]) -> usize {
            let (n, m) = (a.len(), b.len());
            let mut d = vec![vec![0usize; m + 1]; n + 1];
            for (i, row) in d.iter_mut().enumerate() {
                row[0] = i;
            }
            for (j, cell) in d[0].iter_mut().enumerate() {
                *cell = j;
            }
            for i in 1..=n {
                for j in 1..=m {
                    let cost = usize::from(a[i - 1] != b[j - 1]);
                    d[i][j] = (d[i - 1][j] + 1)
                        .min(d[i][j - 1] + 1)
                        .min(d[i - 1][j - 1] + cost);
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                    }
                }
            }
            d[n][m]
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for _ in 0..2000 {
            let (n, m) = (next(60) as usize, next(60) as usize);
            let a: Vec<char> = (0..n).map(|_| ['a', 'b', 'c'][next(3) as usize]).collect();
            let b: Vec<char> = (0..m).map(|_| ['a', 'b', 'c'][next(3) as usize]).collect();
            assert_eq!(distance_chars(&a, &b), whole(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn distances() {
        assert_eq!(distance("Asault", "Assault"), 1);
        assert_eq!(distance("mihgty", "mighty"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("Tank", "tank"), 0);
    }

    #[test]
    fn suggestions_are_near_and_ordered() {
        let words = ["Assault", "Shield", "Tank", "Accelerate"];
        assert_eq!(suggest("Asault", words, 3), vec!["Assault"]);
        assert!(suggest("Zzzzzz", words, 3).is_empty());
    }
}
