//! meaning/train/questions.txt, the questions the sentence model is trained on
//! (scripts/minilm-finetune.py): each line names rules the 2026-03-30 edition has, and
//! none repeats a query of the relevance set (tests/search_eval.txt), whose held-out
//! halves must never be trained on.

use arbiter::rulebook::Library;
use std::collections::HashMap;

const QUESTIONS: &str = include_str!("../meaning/train/questions.txt");
const EVAL: &str = include_str!("search_eval.txt");

fn words(q: &str) -> Vec<String> {
    q.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn questions() -> Vec<(usize, &'static str, Vec<&'static str>)> {
    QUESTIONS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let (q, ids) = l
                .split_once(" | ")
                .unwrap_or_else(|| panic!("line {}: expected `question | ids`", n + 1));
            (n + 1, q.trim(), ids.split_whitespace().collect())
        })
        .collect()
}

#[test]
fn every_answer_is_a_rule_of_the_2026_edition() {
    let lib = Library::get();
    let book = lib.book(lib.resolve(None, Some("2026-03-30")).unwrap());
    let qs = questions();
    assert!(qs.len() >= 12_000, "{}", qs.len());
    let mut missing = Vec::new();
    for (n, q, ids) in &qs {
        assert!(!q.is_empty() && (1..=3).contains(&ids.len()), "line {n}");
        for id in ids {
            if book.index_of(id).is_none() {
                missing.push(format!("line {n}: {id}"));
            }
        }
    }
    assert!(missing.is_empty(), "no such rule: {missing:?}");
}

#[test]
fn no_question_shares_most_of_its_words_with_a_relevance_query() {
    // words as numbers; each relevance query as its set of word numbers
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut set_of = |q: &str| -> Vec<usize> {
        let mut v: Vec<usize> = words(q)
            .into_iter()
            .map(|w| {
                let n = ids.len();
                *ids.entry(w).or_insert(n)
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let eval: Vec<Vec<usize>> = EVAL
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split(" | ").nth(1))
        .map(&mut set_of)
        .collect();
    assert!(eval.len() > 1000);
    let qs: Vec<(usize, Vec<usize>)> = questions()
        .into_iter()
        .map(|(n, q, _)| (n, set_of(q)))
        .collect();
    let mut postings: Vec<Vec<usize>> = vec![Vec::new(); ids.len()];
    for (i, e) in eval.iter().enumerate() {
        for &w in e {
            postings[w].push(i);
        }
    }
    let mut shared = vec![0usize; eval.len()];
    let mut near = Vec::new();
    for (n, q) in &qs {
        shared.iter_mut().for_each(|c| *c = 0);
        for &w in q {
            for &i in &postings[w] {
                shared[i] += 1;
            }
        }
        // the filter the file was made with: Jaccard over lower-cased words < 0.6
        let close = shared.iter().zip(&eval).any(|(&inter, e)| {
            let union = q.len() + e.len() - inter;
            inter > 0 && inter * 10 >= union * 6
        });
        if close {
            near.push(*n);
        }
    }
    assert!(
        near.is_empty(),
        "lines sharing 60 % of their words with a relevance query: {near:?}"
    );
}
