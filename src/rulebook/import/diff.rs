//! What changed between two editions: every rule of the older edition matched to
//! its counterpart(s) in the newer one, or marked removed; every newer rule not
//! matched marked added.
//!
//! The alignment uses three kinds of evidence, strongest first:
//! 1. **text**: normalised texts (see [`super::align::normalize`]: quotes, dashes,
//!    case, legacy symbols, reference numbers masked) that are unique on both sides
//!    and in order are anchors; between anchors an order-preserving alignment scored
//!    by similarity (character bigrams, and rare words weighted by IDF, so a rewrite
//!    that keeps the rule's rare words still pairs);
//! 2. **structure**: a heading whose children went to one new heading went there
//!    too; within a pair of aligned parents the children are aligned again with a
//!    lower threshold (position among siblings is strong evidence), and a lone
//!    unmatched rule between matched neighbours pairs with the lone slot opposite;
//! 3. **section moves**: the known offsets of whole sections (`prior`), e.g.
//!    2025's 500–512 are 2026's 300–312; rules that left their section are found by
//!    text anywhere, and parallel rules folded into one are merges.
//!
//! Relations: same, reworded, renumbered, renumbered+reworded, split, merged,
//! removed, added. Compiled by `build.rs` too: `std` and `serde` only.

use super::align::{full_text, lis, normalize};
use super::model::{Counterpart, Edition, RuleId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The new-edition top-level range an old top-level number maps to.
pub type Prior = fn(u32) -> Option<(u32, u32)>;

/// How an old rule relates to the new edition (or a new rule to the old one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Relation {
    Same,
    Reworded,
    Renumbered,
    RenumberedReworded,
    Split,
    Merged,
    Removed,
    Added,
}

impl Relation {
    pub const ALL: [Relation; 8] = [
        Relation::Same,
        Relation::Reworded,
        Relation::Renumbered,
        Relation::RenumberedReworded,
        Relation::Split,
        Relation::Merged,
        Relation::Removed,
        Relation::Added,
    ];

    /// The name used on the command line and in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Relation::Same => "same",
            Relation::Reworded => "reworded",
            Relation::Renumbered => "renumbered",
            Relation::RenumberedReworded => "renumbered+reworded",
            Relation::Split => "split",
            Relation::Merged => "merged",
            Relation::Removed => "removed",
            Relation::Added => "added",
        }
    }

    pub fn parse(s: &str) -> Option<Relation> {
        Relation::ALL.into_iter().find(|r| r.key() == s)
    }
}

/// The alignment of two editions, by document-order index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Alignment {
    /// For each old rule, its counterparts in the new edition (ascending).
    pub old_to_new: Vec<Vec<usize>>,
    /// For each new rule, its counterparts in the old edition (ascending).
    pub new_to_old: Vec<Vec<usize>>,
    pub old_rel: Vec<Relation>,
    /// `Added` for a new rule with no counterpart; see `new_in_scope`.
    pub new_rel: Vec<Relation>,
    /// Whether a new rule lies in the part of the new edition the old one covers
    /// (2025-06-02 is a partial copy: 2026's 312.1–317 are not "added", they are
    /// beyond the copy). A new rule is in scope when its top-level number is in the
    /// range of an old top-level number, or between the ranges of two consecutive
    /// old ones (2026's 054–056, between 2025's 053 and 100), and it does not come
    /// after the counterpart of the old edition's last rule.
    pub new_in_scope: Vec<bool>,
}

/// See [`Alignment::new_in_scope`].
fn scope(os: &Side, ns: &Side, prior: Prior, old_to_new: &[Vec<usize>]) -> Vec<bool> {
    // a copy that stops mid-section (2025-06-02 ends at 512, without its
    // sub-rules) covers nothing after its last rule's counterpart
    let end = old_to_new
        .iter()
        .rev()
        .find_map(|ns| ns.iter().max().copied())
        .unwrap_or(usize::MAX);
    let mut tops: Vec<u32> = os.ids.iter().map(RuleId::top).collect();
    tops.dedup();
    let ranges: Vec<(u32, u32)> = tops.iter().filter_map(|&t| prior(t)).collect();
    let mut covered: Vec<(u32, u32)> = ranges.clone();
    for w in ranges.windows(2) {
        if w[1].0 > w[0].1 + 1 {
            covered.push((w[0].1 + 1, w[1].0 - 1));
        }
    }
    ns.ids
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let t = id.top();
            n <= end && covered.iter().any(|&(lo, hi)| lo <= t && t <= hi)
        })
        .collect()
}

/// A rule's distinct words with their weights, sorted.
type Words = Vec<(String, f64)>;

/// Word weights: rare words count more (inverse document frequency over both sides).
struct Idf(HashMap<String, f64>);

/// `s` without its "see rule # … for more information …" sentences: the same
/// boilerplate in many rules, it would make unrelated short rules look alike.
fn without_see_also(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find("see rule #") {
        out.push_str(&rest[..p]);
        let tail = &rest[p..];
        let end = tail
            .find("for more information")
            .map(|q| {
                let after = &tail[q..];
                q + after.find('.').map_or(after.len(), |d| d + 1)
            })
            .unwrap_or(tail.len().min("see rule #".len()));
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn words(s: &str) -> Vec<String> {
    let s = without_see_also(s);
    let mut v: Vec<String> = s
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            match w.strip_suffix('s') {
                Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
                _ => w,
            }
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

struct Side {
    ids: Vec<RuleId>,
    norm: Vec<Option<String>>,
    grams: Vec<Vec<u64>>,
    words: Vec<Vec<(String, f64)>>,
    weight: Vec<f64>,
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    /// Whether the rule is a title (a heading row of 2025, a heading of the web edition).
    titled: Vec<bool>,
    /// Whether the rule has source text or a source title (a 2026 id whose text was
    /// lost has neither).
    texted: Vec<bool>,
}

fn bigrams(s: &str) -> Vec<u64> {
    let cs: Vec<char> = s.chars().collect();
    let mut v: Vec<u64> = cs
        .windows(2)
        .map(|w| ((w[0] as u64) << 32) | w[1] as u64)
        .collect();
    v.sort_unstable();
    v
}

fn dice(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    2.0 * common as f64 / (a.len() + b.len()) as f64
}

impl Side {
    fn new(ed: &Edition) -> Side {
        let norm: Vec<Option<String>> = ed
            .rules
            .iter()
            .map(|r| full_text(r).map(|t| normalize(&t)))
            .collect();
        let mut first: HashMap<&RuleId, usize> = HashMap::new();
        for (i, r) in ed.rules.iter().enumerate() {
            first.entry(&r.id).or_insert(i);
        }
        let parent: Vec<Option<usize>> = ed
            .rules
            .iter()
            .map(|r| r.parent.as_ref().and_then(|p| first.get(p).copied()))
            .collect();
        let mut children = vec![Vec::new(); ed.rules.len()];
        for (i, p) in parent.iter().enumerate() {
            if let Some(p) = p {
                children[*p].push(i);
            }
        }
        Side {
            ids: ed.rules.iter().map(|r| r.id.clone()).collect(),
            grams: norm
                .iter()
                .map(|n| n.as_deref().map(bigrams).unwrap_or_default())
                .collect(),
            words: Vec::new(),
            weight: Vec::new(),
            titled: ed.rules.iter().map(|r| r.title.is_some()).collect(),
            texted: ed
                .rules
                .iter()
                .map(|r| r.text.is_some() || r.title.is_some() || !r.items.is_empty())
                .collect(),
            norm,
            parent,
            children,
        }
    }

    fn weigh(&mut self, idf: &Idf) {
        self.words = self
            .norm
            .iter()
            .map(|n| {
                n.as_deref()
                    .map(words)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|w| {
                        let x = idf.0.get(&w).copied().unwrap_or(1.0);
                        (w, x)
                    })
                    .collect()
            })
            .collect();
        self.weight = self
            .words
            .iter()
            .map(|ws| ws.iter().map(|w| w.1).sum())
            .collect();
    }
}

fn idf(a: &Side, b: &Side) -> Idf {
    let mut df: HashMap<String, usize> = HashMap::new();
    let mut n = 0usize;
    for t in a.norm.iter().chain(&b.norm).flatten() {
        n += 1;
        for w in words(t) {
            *df.entry(w).or_default() += 1;
        }
    }
    Idf(df
        .into_iter()
        .map(|(w, d)| (w, ((n as f64 + 1.0) / d as f64).ln().max(0.1)))
        .collect())
}

/// Shared weight of the words of `a` and `b`.
fn common_weight(a: &[(String, f64)], b: &[(String, f64)]) -> f64 {
    let (mut i, mut j, mut c) = (0, 0, 0.0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                c += a[i].1.min(b[j].1);
                i += 1;
                j += 1;
            }
        }
    }
    c
}

struct Aligner<'a> {
    old: &'a Side,
    new: &'a Side,
    prior: Prior,
    slack: u32,
    map: Vec<Option<usize>>,
    taken: Vec<Option<usize>>,
}

/// Similarity of two rule texts in [0, 1]; 0 when either has none.
fn similarity(os: &Side, o: usize, ns: &Side, n: usize) -> f64 {
    let (cd, wd, wc) = components(os, o, ns, n);
    // character bigrams are good at near-identical texts (typos, glued words) and
    // noisy below that: two unrelated rules of this vocabulary share half their
    // bigrams, so only the part above 0.3 counts
    ((cd - 0.4) / 0.6).max(wd).max(0.85 * wc)
}

/// Character-bigram Dice, IDF-weighted word Dice, and IDF-weighted containment of
/// the shorter text's words in the longer (0 for texts under five words).
fn components(os: &Side, o: usize, ns: &Side, n: usize) -> (f64, f64, f64) {
    if os.norm[o].is_none() || ns.norm[n].is_none() || !ns.texted[n] {
        return (0.0, 0.0, 0.0);
    }
    if os.norm[o] == ns.norm[n] {
        return (1.0, 1.0, 1.0);
    }
    let cd = dice(&os.grams[o], &ns.grams[n]);
    let (wa, wb) = (os.weight[o], ns.weight[n]);
    if wa <= 0.0 || wb <= 0.0 {
        return (cd, 0.0, 0.0);
    }
    let c = common_weight(&os.words[o], &ns.words[n]);
    let wd = 2.0 * c / (wa + wb);
    // a rule that grew (or shrank) but kept its words: containment, for texts long
    // enough that containment means something
    let short = os.words[o].len().min(ns.words[n].len());
    let wc = if short >= 5 { c / wa.min(wb) } else { 0.0 };
    (cd, wd, wc)
}

impl Aligner<'_> {
    fn prior_distance(&self, o: usize, n: usize) -> Option<u32> {
        let (lo, hi) = (self.prior)(self.old.ids[o].top())?;
        let t = self.new.ids[n].top();
        Some(lo.saturating_sub(t) + t.saturating_sub(hi))
    }

    fn sim(&self, o: usize, n: usize) -> f64 {
        similarity(self.old, o, self.new, n)
    }

    fn parent_agrees(&self, o: usize, n: usize) -> Option<bool> {
        match (self.old.parent[o], self.new.parent[n]) {
            (None, None) => Some(true),
            (Some(po), Some(pn)) => self.map[po].map(|m| m == pn),
            _ => Some(false),
        }
    }

    /// Pairs `o` with `n`; a second old rule paired with `n` is merged into it
    /// (`taken` keeps the first).
    fn pair(&mut self, o: usize, n: usize) {
        self.map[o] = Some(n);
        self.taken[n].get_or_insert(o);
    }

    /// The global score of pairing `o` with `n` by text, or `None` if they may not.
    fn text_score(&self, o: usize, n: usize) -> Option<f64> {
        let dist = self.prior_distance(o, n)?;
        if dist > self.slack || !self.new.texted[n] {
            return None;
        }
        let sim = self.sim(o, n);
        if sim < 0.5 {
            return None;
        }
        let same_depth = self.old.ids[o].depth() == self.new.ids[n].depth();
        if !same_depth && sim < 0.8 {
            return None;
        }
        let mut s = sim + if same_depth { 0.2 } else { -0.3 } - 0.15 * dist as f64;
        match self.parent_agrees(o, n) {
            Some(true) => s += 0.3,
            Some(false) => s -= 0.3,
            None => {}
        }
        Some(s)
    }

    /// Order-preserving alignment of `os` with `ns` under `score`.
    fn dp(
        &self,
        os: &[usize],
        ns: &[usize],
        score: impl Fn(usize, usize) -> Option<f64>,
    ) -> Vec<(usize, usize)> {
        let (h, w) = (os.len(), ns.len());
        if h == 0 || w == 0 {
            return Vec::new();
        }
        let at = |i: usize, j: usize| i * (w + 1) + j;
        let mut dp = vec![0.0f64; (h + 1) * (w + 1)];
        let mut pick = vec![0u8; (h + 1) * (w + 1)];
        for i in 1..=h {
            for j in 1..=w {
                let (mut best, mut how) = (dp[at(i - 1, j)], 0);
                if dp[at(i, j - 1)] > best {
                    best = dp[at(i, j - 1)];
                    how = 1;
                }
                if let Some(s) = score(os[i - 1], ns[j - 1])
                    && s > 0.0
                    && dp[at(i - 1, j - 1)] + s > best
                {
                    best = dp[at(i - 1, j - 1)] + s;
                    how = 2;
                }
                dp[at(i, j)] = best;
                pick[at(i, j)] = how;
            }
        }
        let mut out = Vec::new();
        let (mut i, mut j) = (h, w);
        while i > 0 && j > 0 {
            match pick[at(i, j)] {
                2 => {
                    out.push((os[i - 1], ns[j - 1]));
                    i -= 1;
                    j -= 1;
                }
                1 => j -= 1,
                _ => i -= 1,
            }
        }
        out.reverse();
        out
    }

    /// In range of the prior (with slack) for some old rule of `olist`.
    fn in_range(&self, olist: &[usize], n: usize) -> bool {
        let t = self.new.ids[n].top();
        olist.iter().any(|&o| {
            (self.prior)(self.old.ids[o].top()).is_some_and(|(lo, hi)| {
                t.saturating_add(self.slack) >= lo && t <= hi.saturating_add(self.slack)
            })
        })
    }

    /// Step 1–2: anchors, then text pairs between them (twice, so that the second
    /// pass sees the first pass's parents).
    fn text_pass(&mut self) {
        let (os, ns) = (self.old, self.new);
        let mut count_old: HashMap<&str, usize> = HashMap::new();
        for t in os.norm.iter().flatten() {
            *count_old.entry(t).or_default() += 1;
        }
        let mut count_new: HashMap<&str, (usize, usize)> = HashMap::new();
        for (i, t) in ns.norm.iter().enumerate() {
            if let (Some(t), true) = (t, ns.texted[i]) {
                count_new.entry(t).or_insert((0, i)).0 += 1;
            }
        }
        let mut cand = Vec::new();
        for (o, t) in os.norm.iter().enumerate() {
            let Some(t) = t else { continue };
            if count_old.get(t.as_str()) != Some(&1) {
                continue;
            }
            if let Some(&(1, n)) = count_new.get(t.as_str())
                && self.prior_distance(o, n).is_some_and(|d| d <= self.slack)
            {
                cand.push((o, n));
            }
        }
        let anchors = lis(&cand);
        // a text unique on both sides that is out of order moved there
        let moved: Vec<(usize, usize)> = cand
            .iter()
            .filter(|c| !anchors.contains(c))
            .copied()
            .collect();
        let pin = |al: &mut Self| {
            for &(o, n) in anchors.iter().chain(&moved) {
                al.pair(o, n);
            }
        };
        pin(self);
        for _ in 0..2 {
            let mut found = Vec::new();
            let mut bounds: Vec<(Option<usize>, Option<usize>)> = vec![(None, None)];
            bounds.extend(anchors.iter().map(|&(o, n)| (Some(o), Some(n))));
            bounds.push((None, None));
            for w in bounds.windows(2) {
                let o_lo = w[0].0.map_or(0, |o| o + 1);
                let o_hi = w[1].0.unwrap_or(os.ids.len());
                let n_lo = w[0].1.map_or(0, |n| n + 1);
                let n_hi = w[1].1.unwrap_or(ns.ids.len());
                let olist: Vec<usize> = (o_lo..o_hi.max(o_lo))
                    .filter(|&o| !moved.iter().any(|m| m.0 == o))
                    .collect();
                let nlist: Vec<usize> = (n_lo..n_hi.max(n_lo))
                    .filter(|&n| !moved.iter().any(|m| m.1 == n) && self.in_range(&olist, n))
                    .collect();
                found.extend(self.dp(&olist, &nlist, |o, n| self.text_score(o, n)));
            }
            self.map = vec![None; os.ids.len()];
            self.taken = vec![None; ns.ids.len()];
            pin(self);
            for &(o, n) in &found {
                self.pair(o, n);
            }
        }
    }

    /// Step 3a: an unmatched old heading goes where most of its matched children went.
    fn parents_from_children(&mut self) -> bool {
        let mut changed = false;
        for o in 0..self.old.ids.len() {
            if self.map[o].is_some() || self.old.children[o].is_empty() {
                continue;
            }
            let mut votes: HashMap<usize, usize> = HashMap::new();
            for &c in &self.old.children[o] {
                if let Some(p) = self.map[c].and_then(|m| self.new.parent[m]) {
                    *votes.entry(p).or_default() += 1;
                }
            }
            let best = votes.into_iter().max_by_key(|&(p, v)| (v, usize::MAX - p));
            if let Some((p, _)) = best
                && self.taken[p].is_none()
                && self.old.ids[o].depth() == self.new.ids[p].depth()
                && self.parent_agrees(o, p) != Some(false)
            {
                self.pair(o, p);
                changed = true;
            }
        }
        changed
    }

    /// Step 3b: within aligned parents, align the children again: a lower text
    /// threshold, position among siblings as evidence.
    fn children_of_pairs(&mut self, threshold: f64) -> bool {
        let mut changed = false;
        for o in 0..self.old.ids.len() {
            let Some(n) = self.map[o] else { continue };
            let oc: Vec<usize> = self.old.children[o].clone();
            let nc: Vec<usize> = self.new.children[n].clone();
            if oc.is_empty() || nc.is_empty() {
                continue;
            }
            // confident pairs in order; weak ones only as mutual best matches (a
            // sum of weak pairs must not outvote the one clear pair)
            let confident = threshold >= 0.45;
            let pairs = self.dp(&oc, &nc, |a, b| {
                if self.map[a] == Some(b) {
                    return Some(10.0);
                }
                if !confident || self.map[a].is_some() || self.taken[b].is_some() {
                    return None;
                }
                let s = self.sim(a, b);
                (s >= threshold).then_some(s + 0.25)
            });
            for (a, b) in pairs {
                if self.map[a].is_none() && self.taken[b].is_none() {
                    self.pair(a, b);
                    changed = true;
                }
            }
            // siblings that changed places, or weak pairs: mutual best matches
            // among the rest
            let free_o: Vec<usize> = oc
                .iter()
                .copied()
                .filter(|&a| self.map[a].is_none())
                .collect();
            let free_n: Vec<usize> = nc
                .iter()
                .copied()
                .filter(|&b| self.taken[b].is_none())
                .collect();
            let best = |a: usize, among: &[usize], f: &dyn Fn(usize, usize) -> f64| {
                among
                    .iter()
                    .map(|&b| (b, f(a, b)))
                    .max_by(|x, y| x.1.total_cmp(&y.1))
            };
            for &a in &free_o {
                let Some((b, s)) = best(a, &free_n, &|a, b| self.sim(a, b)) else {
                    continue;
                };
                if s >= threshold
                    && self.taken[b].is_none()
                    && best(b, &free_o, &|b, a| self.sim(a, b)).is_some_and(|x| x.0 == a)
                {
                    self.pair(a, b);
                    changed = true;
                }
            }
        }
        changed
    }

    /// A rule paired with a reworded text while its exact text, free, sits within
    /// its section's range goes to the exact text instead (the freed rule is
    /// aligned again by the structural steps).
    fn prefer_exact(&mut self) {
        let mut exact: HashMap<&str, Vec<usize>> = HashMap::new();
        for (n, t) in self.new.norm.iter().enumerate() {
            if let (Some(t), true) = (t, self.new.texted[n]) {
                exact.entry(t).or_default().push(n);
            }
        }
        for o in 0..self.old.ids.len() {
            let Some(t) = self.old.norm[o].as_deref() else {
                continue;
            };
            if self.map[o].is_some_and(|n| self.new.norm[n].as_deref() == Some(t)) {
                continue;
            }
            let Some(cands) = exact.get(t) else { continue };
            // free, or held by a rule whose text is not this one (then they swap)
            let open: Vec<usize> = cands
                .iter()
                .copied()
                .filter(|&n| {
                    self.prior_distance(o, n).is_some_and(|d| d <= self.slack)
                        && self.taken[n].is_none_or(|h| self.old.norm[h].as_deref() != Some(t))
                })
                .collect();
            if let [n] = open[..] {
                let mine = self.map[o];
                if let Some(m) = mine {
                    self.taken[m] = None;
                }
                if let Some(h) = self.taken[n] {
                    self.map[h] = None;
                    if let Some(m) = mine {
                        self.pair(h, m);
                    }
                }
                self.taken[n] = None;
                self.pair(o, n);
            }
        }
    }

    /// Parallel siblings folded into one: an unmatched rule whose neighbouring
    /// sibling reads like it (≥ 0.7) went to a rule it reads like too (≥ 0.6).
    fn sibling_merges(&mut self) -> bool {
        let mut changed = false;
        for o in 0..self.old.ids.len() {
            if self.map[o].is_some() || self.old.norm[o].is_none() {
                continue;
            }
            let Some(p) = self.old.parent[o] else {
                continue;
            };
            let sibs = &self.old.children[p];
            let Some(k) = sibs.iter().position(|&x| x == o) else {
                continue;
            };
            let neighbours = [k.checked_sub(1), Some(k + 1)]
                .into_iter()
                .flatten()
                .filter_map(|k| sibs.get(k).copied());
            for s in neighbours {
                let Some(n) = self.map[s] else { continue };
                if similarity(self.old, o, self.old, s) >= 0.7 && self.sim(o, n) >= 0.6 {
                    self.map[o] = Some(n);
                    changed = true;
                    break;
                }
            }
        }
        changed
    }

    /// Step 4: rules that left their section, found by their words anywhere (far
    /// from home, bigram noise finds a false friend). A new rule counts with its
    /// unmatched children (a rule may have grown into a subtree). Parallel old rules
    /// (alike ≥ 0.7) that read like the same new rule were merged there; a single
    /// one moved there when it reads very much like it.
    fn moves(&mut self) {
        let (os, ns) = (self.old, self.new);
        // a title is no place to move a rule to
        let free_new: Vec<usize> = (0..ns.ids.len())
            .filter(|&n| self.taken[n].is_none() && ns.words[n].len() >= 5)
            .collect();
        // a free new rule's words with those of its free children
        let subtree: Vec<(usize, Words, f64)> = free_new
            .iter()
            .map(|&n| {
                let mut ws = ns.words[n].clone();
                for &c in &ns.children[n] {
                    if self.taken[c].is_none() {
                        ws.extend(ns.words[c].iter().cloned());
                    }
                }
                ws.sort_by(|a, b| a.0.cmp(&b.0));
                ws.dedup_by(|a, b| a.0 == b.0);
                let w = ws.iter().map(|x| x.1).sum();
                (n, ws, w)
            })
            .collect();
        let mut wanted: HashMap<usize, Vec<(usize, f64)>> = HashMap::new();
        for o in 0..os.ids.len() {
            if self.map[o].is_some() || os.norm[o].is_none() || os.words[o].len() < 5 {
                continue;
            }
            let best = subtree
                .iter()
                .map(|(n, ws, w)| {
                    let c = common_weight(&os.words[o], ws);
                    (*n, 2.0 * c / (os.weight[o] + w))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((n, s)) = best
                && s >= 0.45
            {
                wanted.entry(n).or_default().push((o, s));
            }
        }
        let mut wanted: Vec<(usize, Vec<(usize, f64)>)> = wanted.into_iter().collect();
        wanted.sort_by_key(|w| w.0);
        for (n, olds) in wanted {
            let parallel: Vec<usize> = olds
                .iter()
                .filter(|(o, _)| {
                    olds.iter()
                        .any(|(x, _)| x != o && similarity(os, *o, os, *x) >= 0.7)
                })
                .map(|x| x.0)
                .collect();
            let chosen: Vec<usize> = if parallel.len() >= 2 {
                parallel
            } else {
                olds.iter()
                    .filter(|x| x.1 >= 0.6)
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|x| vec![x.0])
                    .unwrap_or_default()
            };
            for o in chosen {
                self.pair(o, n);
            }
        }
    }

    /// Step 3c: a lone unmatched rule between matched neighbours (or a matched
    /// neighbour and the end of its parent) pairs with the lone unmatched slot
    /// opposite, whose text may be lost.
    fn sandwiches(&mut self) -> bool {
        let mut changed = false;
        // sibling lists: children of each old rule, and the top level
        let mut lists: Vec<(Option<usize>, Vec<usize>)> = (0..self.old.ids.len())
            .filter(|&o| !self.old.children[o].is_empty())
            .map(|o| (Some(o), self.old.children[o].clone()))
            .collect();
        lists.push((
            None,
            (0..self.old.ids.len())
                .filter(|&o| self.old.parent[o].is_none())
                .collect(),
        ));
        for (parent, sibs) in lists {
            let new_sibs: Vec<usize> = match parent {
                Some(p) => match self.map[p] {
                    Some(np) => self.new.children[np].clone(),
                    None => continue,
                },
                None => (0..self.new.ids.len())
                    .filter(|&n| self.new.parent[n].is_none())
                    .collect(),
            };
            let pos = |n: usize| new_sibs.iter().position(|&x| x == n);
            let mut k = 0;
            while k < sibs.len() {
                if self.map[sibs[k]].is_some() {
                    k += 1;
                    continue;
                }
                // a run of unmatched siblings [k, e)
                let mut e = k;
                while e < sibs.len() && self.map[sibs[e]].is_none() {
                    e += 1;
                }
                let run: Vec<usize> = sibs[k..e].to_vec();
                // the matched neighbours' positions among the new siblings
                let before = match k {
                    0 if parent.is_some() => Some(None),
                    0 => None,
                    _ => self.map[sibs[k - 1]].and_then(pos).map(Some),
                };
                let after = match sibs.get(e) {
                    None if parent.is_some() => Some(None),
                    None => None,
                    Some(&x) => self.map[x].and_then(pos).map(Some),
                };
                k = e;
                let (Some(before), Some(after)) = (before, after) else {
                    continue;
                };
                let lo = before.map_or(0, |b| b + 1);
                let hi = after.unwrap_or(new_sibs.len());
                if hi <= lo {
                    continue;
                }
                let slot: Vec<usize> = new_sibs[lo..hi]
                    .iter()
                    .copied()
                    .filter(|&n| self.taken[n].is_none())
                    .collect();
                let fits = |o: usize, n: usize| {
                    self.prior_distance(o, n).is_some_and(|d| d <= self.slack)
                        // with text on both sides, still about the same thing
                        && (!self.new.texted[n] || self.sim(o, n) >= 0.1)
                };
                let pairs: Vec<(usize, usize)> = if run.len() == slot.len() {
                    // as many on both sides: in order
                    run.iter().copied().zip(slot.iter().copied()).collect()
                } else if let [o] = run[..] {
                    // several new rules in the slot (some were inserted): a title
                    // goes to the one heading whose title was lost, if only one
                    // (or, of several, the one right before the next matched rule:
                    // a title stands right before what it titles)
                    let lost: Vec<usize> = slot
                        .iter()
                        .copied()
                        .filter(|&n| !self.new.texted[n])
                        .collect();
                    let last = new_sibs[hi - 1];
                    match lost[..] {
                        _ if !self.old.titled[o] => continue,
                        [n] => vec![(o, n)],
                        [.., n] if n == last && after.is_some() => vec![(o, n)],
                        _ => continue,
                    }
                } else {
                    continue;
                };
                // where the new rule has text, no other rule of the run reads more
                // like it
                let clear = |o: usize, n: usize| {
                    !self.new.texted[n]
                        || run
                            .iter()
                            .all(|&x| x == o || self.sim(x, n) <= self.sim(o, n))
                };
                if pairs.iter().all(|&(o, n)| fits(o, n) && clear(o, n)) {
                    for (o, n) in pairs {
                        self.pair(o, n);
                    }
                    changed = true;
                }
            }
        }
        changed
    }
}

/// Aligns `old` with `new`: `prior` maps an old top-level number to the new range
/// it moved to; `slack` is how far a pair may stray from it.
pub fn align_editions(old: &Edition, new: &Edition, prior: Prior, slack: u32) -> Alignment {
    let mut os = Side::new(old);
    let mut ns = Side::new(new);
    let weights = idf(&os, &ns);
    os.weigh(&weights);
    ns.weigh(&weights);
    let mut al = Aligner {
        old: &os,
        new: &ns,
        prior,
        slack,
        map: vec![None; os.ids.len()],
        taken: vec![None; ns.ids.len()],
    };
    al.text_pass();
    al.prefer_exact();
    // confident structure first, then the weaker evidence of position
    for threshold in [0.45, 0.3] {
        for _ in 0..4 {
            let a = al.parents_from_children();
            let b = al.children_of_pairs(threshold);
            let c = al.sibling_merges();
            let d = al.sandwiches();
            if !(a || b || c || d) {
                break;
            }
        }
    }
    al.moves();
    let mut old_to_new: Vec<Vec<usize>> = vec![Vec::new(); os.ids.len()];
    let mut new_to_old: Vec<Vec<usize>> = vec![Vec::new(); ns.ids.len()];
    for (o, m) in al.map.iter().enumerate() {
        if let Some(n) = *m {
            old_to_new[o].push(n);
            new_to_old[n].push(o);
        }
    }
    // Step 5: splits. An unmatched new rule right after a sibling (or under a
    // parent) that came from a longer old rule, whose words it nearly all shares:
    // the old rule was cut in two.
    for n in 0..ns.ids.len() {
        if !new_to_old[n].is_empty() || ns.words[n].len() < 5 {
            continue;
        }
        let prev = match ns.parent[n] {
            Some(p) => {
                let sibs = &ns.children[p];
                let k = sibs.iter().position(|&x| x == n).unwrap_or(0);
                k.checked_sub(1).map(|k| sibs[k]).or(Some(p))
            }
            None => n.checked_sub(1),
        };
        let Some(from) = prev else { continue };
        let [o] = new_to_old[from][..] else { continue };
        if old_to_new[o].len() != 1 || os.words[o].len() < 10 {
            continue;
        }
        let inside = common_weight(&ns.words[n], &os.words[o]) / ns.weight[n].max(1e-9);
        let rest_of_old = os.weight[o] - common_weight(&os.words[o], &ns.words[from]);
        if inside >= 0.8 && rest_of_old >= 0.4 * os.weight[o] {
            old_to_new[o].push(n);
            new_to_old[n].push(o);
        }
    }
    let classify_pair = |o: usize, n: usize| {
        let same_id = os.ids[o] == ns.ids[n];
        let same_text = !ns.texted[n] || os.norm[o] == ns.norm[n];
        match (same_id, same_text) {
            (true, true) => Relation::Same,
            (true, false) => Relation::Reworded,
            (false, true) => Relation::Renumbered,
            (false, false) => Relation::RenumberedReworded,
        }
    };
    let old_rel: Vec<Relation> = (0..os.ids.len())
        .map(|o| match old_to_new[o].as_slice() {
            [] => Relation::Removed,
            [n] if new_to_old[*n].len() > 1 => Relation::Merged,
            [n] => classify_pair(o, *n),
            _ => Relation::Split,
        })
        .collect();
    let new_rel: Vec<Relation> = (0..ns.ids.len())
        .map(|n| match new_to_old[n].as_slice() {
            [] => Relation::Added,
            [o] if old_to_new[*o].len() > 1 => Relation::Split,
            [o] => classify_pair(*o, n),
            _ => Relation::Merged,
        })
        .collect();
    let new_in_scope = scope(&os, &ns, prior, &old_to_new);
    Alignment {
        old_to_new,
        new_to_old,
        old_rel,
        new_rel,
        new_in_scope,
    }
}

/// The similarity of two texts as the aligner sees it (for tests and reports).
pub fn text_similarity(old: &Edition, o: usize, new: &Edition, n: usize) -> f64 {
    let mut os = Side::new(old);
    let mut ns = Side::new(new);
    let w = idf(&os, &ns);
    os.weigh(&w);
    ns.weigh(&w);
    similarity(&os, o, &ns, n)
}

/// The similarity components (see `components`), for tests and reports.
pub fn text_similarity_parts(old: &Edition, o: usize, new: &Edition, n: usize) -> (f64, f64, f64) {
    let mut os = Side::new(old);
    let mut ns = Side::new(new);
    let w = idf(&os, &ns);
    os.weigh(&w);
    ns.weigh(&w);
    components(&os, o, &ns, n)
}

impl Alignment {
    /// Each side's counterparts, for the lookup tables: the old rules' in `new`
    /// and the new rules' in `old`.
    pub fn counterparts(
        &self,
        old: &Edition,
        new: &Edition,
    ) -> (Vec<Option<Counterpart>>, Vec<Option<Counterpart>>) {
        fn side(to: &[Vec<usize>], rel: &[Relation], other: &Edition) -> Vec<Option<Counterpart>> {
            to.iter()
                .zip(rel)
                .map(|(ks, r)| {
                    let (first, rest) = ks.split_first()?;
                    Some(Counterpart {
                        edition: other.edition.clone(),
                        id: other.rules[*first].id.clone(),
                        relation: r.key().to_string(),
                        others: rest.iter().map(|&k| other.rules[k].id.clone()).collect(),
                    })
                })
                .collect()
        }
        (
            side(&self.old_to_new, &self.old_rel, new),
            side(&self.new_to_old, &self.new_rel, old),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::Rule;
    use super::*;

    fn edition(name: &str, rules: &[(&str, &str)]) -> Edition {
        let mut ed = Edition {
            edition: name.into(),
            ..Edition::default()
        };
        for (k, (id, text)) in rules.iter().enumerate() {
            let id = RuleId::parse(id).unwrap();
            let mut r = Rule::new(id.clone(), k as u32 + 1);
            r.parent = id.parent();
            r.text = Some(text.to_string());
            ed.rules.push(r);
        }
        ed
    }

    fn same(t: u32) -> Option<(u32, u32)> {
        Some((t, t))
    }

    // The Riftbound editions have no split (the gold set and `arbiter diff --only
    // split` agree); a made-up one shows the relation is found.
    #[test]
    fn a_rule_cut_in_two_is_a_split() {
        let old = edition(
            "old",
            &[
                ("100", "Hands"),
                (
                    "100.1",
                    "A player's hand holds the cards they draw during the game. The number of \
                     cards in a hand is public information for every player.",
                ),
                (
                    "100.2",
                    "The hand can be targeted as a zone by spells and effects.",
                ),
            ],
        );
        let new = edition(
            "new",
            &[
                ("100", "Hands"),
                (
                    "100.1",
                    "A player's hand holds the cards they draw during the game.",
                ),
                (
                    "100.2",
                    "The number of cards in a hand is public information for every player.",
                ),
                (
                    "100.3",
                    "The hand can be targeted as a zone by spells and effects.",
                ),
            ],
        );
        let a = align_editions(&old, &new, same, 0);
        assert_eq!(a.old_to_new[1], vec![1, 2]);
        assert_eq!(a.old_rel[1], Relation::Split);
        assert_eq!(a.new_rel[2], Relation::Split);
        assert_eq!(a.old_to_new[2], vec![3]);
        assert_eq!(a.old_rel[2], Relation::Renumbered);
        let (oc, nc) = a.counterparts(&old, &new);
        let c = oc[1].as_ref().unwrap();
        assert_eq!(
            (c.id.to_string(), c.others[0].to_string()),
            ("100.1".into(), "100.2".into())
        );
        assert_eq!(nc[2].as_ref().unwrap().relation, "split");
    }

    #[test]
    fn relations_have_names_both_ways() {
        for r in Relation::ALL {
            assert_eq!(Relation::parse(r.key()), Some(r));
        }
        assert_eq!(Relation::parse("moved"), None);
    }
}
