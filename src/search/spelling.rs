//! Misspellings: the plausible corrections of a typed word in the rules' own
//! vocabulary, and the near words of a "did you mean" line.

use std::collections::BTreeMap;

/// The closest word of the vocabulary to `word`: edit distance (with
/// transpositions) at most 1 for words of 4–5 letters, 2 for longer ones; ties go
/// to the more frequent word. Words of 3 letters or fewer are not corrected.
pub fn correct(word: &str, vocab: &BTreeMap<String, u32>) -> Option<String> {
    candidates(word, vocab.iter().map(|(w, &n)| (w.as_str(), n)))
        .into_iter()
        .next()
}

/// Every plausible correction of `word` among the vocabulary's (word, frequency)
/// pairs, best first (fewest edits, then most frequent, then alphabetical); the
/// caller keeps the first the rules in scope use.
pub fn candidates<'a>(word: &str, vocab: impl IntoIterator<Item = (&'a str, u32)>) -> Vec<String> {
    let n = word.chars().count();
    let max = match n {
        0..=3 => return Vec::new(),
        4..=5 => 1,
        _ => 2,
    };
    let w: Vec<char> = word.chars().collect();
    let mut found: Vec<(usize, std::cmp::Reverse<u32>, &str)> = Vec::new();
    // one buffer for every candidate's letters
    let mut c: Vec<char> = Vec::new();
    for (cand, freq) in vocab {
        // the length test first, on bytes where they are letters
        let cn = if cand.is_ascii() {
            cand.len()
        } else {
            cand.chars().count()
        };
        if cn.abs_diff(n) > max || cand == word {
            continue;
        }
        c.clear();
        c.extend(cand.chars());
        let d = damerau(&w, &c);
        // Two edits must keep the first letter (typos rarely change it): without
        // this rule "weapon" would become "reason".
        if d > max || (d == 2 && c.first() != w.first()) {
            continue;
        }
        // In a short word, a changed letter must be a neighbouring key: "tsnk" is
        // "tank", but "size" is not a typo of "side".
        if n <= 5 && !plausible_substitution(&w, &c) {
            continue;
        }
        found.push((d, std::cmp::Reverse(freq), cand));
    }
    found.sort();
    found.into_iter().map(|(_, _, c)| c.to_string()).collect()
}

/// Whether `a` and `b` (one edit apart) differ by something a finger slips into:
/// an inserted, dropped or swapped letter, or a key next to the intended one.
fn plausible_substitution(a: &[char], b: &[char]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    match diff.as_slice() {
        [i] => neighbours(a[*i], b[*i]),
        _ => true, // a transposition
    }
}

/// Whether two letters are adjacent on a QWERTY keyboard.
fn neighbours(x: char, y: char) -> bool {
    const ROWS: [(&str, f32); 3] = [("qwertyuiop", 0.0), ("asdfghjkl", 0.25), ("zxcvbnm", 0.75)];
    let pos = |c: char| {
        ROWS.iter().enumerate().find_map(|(r, (keys, off))| {
            keys.find(c.to_ascii_lowercase())
                .map(|i| (r as f32, i as f32 + off))
        })
    };
    match (pos(x), pos(y)) {
        (Some((r1, c1)), Some((r2, c2))) => (r1 - r2).abs() <= 1.0 && (c1 - c2).abs() <= 1.0,
        _ => false,
    }
}

/// Near words for a "did you mean" line: up to `n` vocabulary words within
/// distance 2, closest and most frequent first.
pub fn near_words(word: &str, vocab: &BTreeMap<String, u32>, n: usize) -> Vec<String> {
    let w: Vec<char> = word.chars().collect();
    if w.len() < 3 {
        return Vec::new();
    }
    let mut v: Vec<(usize, std::cmp::Reverse<u32>, &str)> = vocab
        .iter()
        .filter(|(c, _)| c.chars().count().abs_diff(w.len()) <= 2 && c.as_str() != word)
        .filter_map(|(c, &f)| {
            let d = damerau(&w, &c.chars().collect::<Vec<_>>());
            (d <= 2).then_some((d, std::cmp::Reverse(f), c.as_str()))
        })
        .collect();
    v.sort();
    v.into_iter()
        .take(n)
        .map(|(_, _, c)| c.to_string())
        .collect()
}

/// Optimal-string-alignment distance over characters (see [`crate::fuzzy`]).
pub fn damerau(a: &[char], b: &[char]) -> usize {
    crate::fuzzy::distance_chars(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrects_typos_against_the_vocabulary() {
        let vocab: BTreeMap<String, u32> = [("deathknell", 12), ("death", 40), ("shield", 9)]
            .into_iter()
            .map(|(w, n)| (w.to_string(), n))
            .collect();
        assert_eq!(correct("deathnell", &vocab).as_deref(), Some("deathknell"));
        assert_eq!(correct("shiled", &vocab).as_deref(), Some("shield"));
        assert_eq!(correct("xyzzy", &vocab), None);
        // Two edits that change the first letter are not a typo.
        let vocab2: BTreeMap<String, u32> = [("reason".to_string(), 50)].into_iter().collect();
        assert_eq!(correct("weapon", &vocab2), None);
        let vocab3: BTreeMap<String, u32> = [("side", 50), ("tank", 9)]
            .into_iter()
            .map(|(w, n)| (w.to_string(), n))
            .collect();
        assert_eq!(correct("size", &vocab3), None);
        assert_eq!(correct("tsnk", &vocab3).as_deref(), Some("tank"));
        assert_eq!(correct("tnak", &vocab3).as_deref(), Some("tank"));
        assert_eq!(correct("tan", &vocab3), None);
        assert_eq!(damerau(&['a', 'b'], &['b', 'a']), 1);
    }
}
