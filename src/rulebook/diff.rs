//! What changed between two editions, as a report: the alignment of
//! [`super::import::diff`] grouped into changes (one per old rule, one per merge,
//! one per added rule), with a word diff of reworded texts.

use super::import::align::{full_text, prior_2025, prior_web};
use super::import::diff::{Alignment, Prior, Relation, align_editions};
use super::library::Book;
use super::{RuleId, Section};

/// The known section moves between two editions of a game, by their formats
/// (NOTES.md §3.1 and Part B), and how far a pair may stray from them.
pub fn prior_for(old_format: &str, new_format: &str) -> Option<(Prior, u32)> {
    match (old_format, new_format) {
        ("html-table", "hyperlinked-text") => Some((prior_2025, 2)),
        ("web-bullets", "hyperlinked-text") => Some((prior_web, 0)),
        _ => None,
    }
}

/// One change: the old rules, the new rules, how they relate.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub relation: Relation,
    /// Document-order indices in the old edition (empty for an added rule).
    pub old: Vec<usize>,
    /// Document-order indices in the new edition (empty for a removed rule).
    pub new: Vec<usize>,
}

/// Every rule of both editions in a change, in reading order (old order, added
/// rules after the change that precedes them in the new edition).
pub fn changes(a: &Alignment) -> Vec<Change> {
    let mut out: Vec<Change> = Vec::new();
    let mut done_new = vec![false; a.new_to_old.len()];
    for (o, news) in a.old_to_new.iter().enumerate() {
        let rel = a.old_rel[o];
        if rel == Relation::Merged {
            let n = news[0];
            if done_new[n] {
                continue;
            }
            done_new[n] = true;
            out.push(Change {
                relation: rel,
                old: a.new_to_old[n].clone(),
                new: vec![n],
            });
            continue;
        }
        for &n in news {
            done_new[n] = true;
        }
        out.push(Change {
            relation: rel,
            old: vec![o],
            new: news.clone(),
        });
    }
    for n in 0..a.new_to_old.len() {
        if a.new_to_old[n].is_empty() && a.new_in_scope[n] {
            // after the last change whose new rules come before it
            let at = out
                .iter()
                .rposition(|c| c.new.first().is_some_and(|&m| m < n))
                .map_or(0, |p| p + 1);
            out.insert(
                at,
                Change {
                    relation: Relation::Added,
                    old: Vec::new(),
                    new: vec![n],
                },
            );
        }
    }
    out
}

/// Aligns two decoded editions of one game (`old` the older).
pub fn align_books(old: &Book, new: &Book) -> Option<Alignment> {
    let (prior, slack) = prior_for(&old.ed.format, &new.ed.format)?;
    Some(align_editions(&old.ed, &new.ed, prior, slack))
}

/// A rule's text for showing in a diff: its text, list items and examples, or its
/// title.
pub fn shown_text(book: &Book, i: usize) -> Option<String> {
    full_text(&book.ed.rules[i])
}

/// One run of a word diff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Same,
    Deleted,
    Inserted,
}

/// A word diff of `a` (old) and `b` (new): runs of words, each kept, deleted or
/// inserted, in reading order (deletions before insertions). Words are compared
/// as written; whitespace is normalised to single spaces.
pub fn word_diff(a: &str, b: &str) -> Vec<(Op, String)> {
    let x: Vec<&str> = a.split_whitespace().collect();
    let y: Vec<&str> = b.split_whitespace().collect();
    // longest common subsequence of words; texts are a few hundred words at most
    let (h, w) = (x.len(), y.len());
    let mut l = vec![0u32; (h + 1) * (w + 1)];
    let at = |i: usize, j: usize| i * (w + 1) + j;
    for i in (0..h).rev() {
        for j in (0..w).rev() {
            l[at(i, j)] = if x[i] == y[j] {
                l[at(i + 1, j + 1)] + 1
            } else {
                l[at(i + 1, j)].max(l[at(i, j + 1)])
            };
        }
    }
    let mut out: Vec<(Op, String)> = Vec::new();
    let mut push = |op: Op, word: &str| match out.last_mut() {
        Some((o, s)) if *o == op => {
            s.push(' ');
            s.push_str(word);
        }
        _ => out.push((op, word.to_string())),
    };
    let (mut i, mut j) = (0, 0);
    while i < h || j < w {
        if i < h && j < w && x[i] == y[j] {
            push(Op::Same, x[i]);
            i += 1;
            j += 1;
        } else if i < h && (j == w || l[at(i + 1, j)] >= l[at(i, j + 1)]) {
            push(Op::Deleted, x[i]);
            i += 1;
        } else {
            push(Op::Inserted, y[j]);
            j += 1;
        }
    }
    out
}

/// The section (not part) a top-level number belongs to in `sections`.
pub fn section_of(sections: &[Section], id: &RuleId) -> Option<Section> {
    let (part, sect) = super::import::model::placement(sections, id.top());
    sect.or(part).map(|k| sections[k].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_diff_marks_insertions_and_deletions() {
        let d = word_diff(
            "If a Showdown is in progress, the turn is in a Showdown State.",
            "If a Showdown or Combat is in progress, the turn is in a Showdown State.",
        );
        assert_eq!(
            d,
            vec![
                (Op::Same, "If a Showdown".into()),
                (Op::Inserted, "or Combat".into()),
                (
                    Op::Same,
                    "is in progress, the turn is in a Showdown State.".into()
                ),
            ]
        );
        let d = word_diff(
            "Damage is removed from Units",
            "Damage is Healed from Units",
        );
        assert_eq!(d[1], (Op::Deleted, "removed".into()));
        assert_eq!(d[2], (Op::Inserted, "Healed".into()));
        assert_eq!(word_diff("", "a b"), vec![(Op::Inserted, "a b".into())]);
        assert!(word_diff("", "").is_empty());
    }

    #[test]
    fn changes_cover_every_rule_once() {
        let lib = super::super::Library::get();
        let o = lib.book(lib.resolve(None, Some("2025-06-02")).unwrap());
        let n = lib.book(lib.resolve(None, None).unwrap());
        let a = align_books(o, n).unwrap();
        let cs = changes(&a);
        let mut seen_old = vec![0; o.ed.rules.len()];
        let mut seen_new = vec![0; n.ed.rules.len()];
        for c in &cs {
            c.old.iter().for_each(|&i| seen_old[i] += 1);
            c.new.iter().for_each(|&i| seen_new[i] += 1);
        }
        assert!(seen_old.iter().all(|&k| k == 1));
        for (k, seen) in seen_new.iter().enumerate() {
            assert_eq!(
                *seen,
                a.new_in_scope[k] as usize | !a.new_to_old[k].is_empty() as usize
            );
        }
        let id = |k: usize| n.ed.rules[k].id.to_string();
        let scoped = |s: &str| a.new_in_scope[n.index_of(s).expect(s)];
        // beyond the partial copy: not added; inserted between its sections: added
        assert!(!scoped("313") && !scoped("800") && !scoped("319.1"));
        assert!(scoped("054") && scoped("056.2") && scoped("142"));
        assert!(id(0) == "000" && scoped("000"));
        // the merge of the two "never into another player's zone" rules is one change
        let merged: Vec<&Change> = cs
            .iter()
            .filter(|c| c.relation == Relation::Merged)
            .collect();
        assert!(merged.iter().all(|c| c.old.len() >= 2 && c.new.len() == 1));
        // no known alignment between unrelated formats
        assert!(prior_for("comprehensive", "hyperlinked-text").is_none());
    }
}
