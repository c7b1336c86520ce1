//! Aligns the 2025-06-02 edition with 2026-03-30 (NOTES.md §3): which old rule is
//! which new one, so that an old number can say where it went ("now 308").
//!
//! The pipeline of NOTES.md §3.5:
//! 1. normalise texts (quotes, dashes, whitespace, case, `[S]`→`[M]`, `[T]`→`[E]`,
//!    reference numbers masked);
//! 2. anchors: texts unique on both sides, reduced to the longest order-consistent
//!    subset (patience-diff style);
//! 3. between anchors, an order-preserving alignment (Needleman–Wunsch style) scored
//!    by text similarity (character-bigram Dice, threshold 0.55), same depth, the
//!    range offset prior of §3.1 and parent/children consistency;
//! 4. headings: a titled 2025 heading pairs with an *empty* 2026 id of the same
//!    depth inside the offset range.
//!
//! Pairs are stored in `counterparts` on both editions; a 2026 id with no text whose
//! 2025 counterpart is a titled heading aligned with certainty gets the 2025 title as
//! `recovered` (unless the 2026 importer already recovered one from its own sources).

use super::model::{Counterpart, Edition, Provenance, Recovered, Rule, RuleId};
use super::table::assign_sections;
use std::collections::HashMap;

/// The new-edition top-level range an old top-level number maps to.
type Prior = fn(u32) -> Option<(u32, u32)>;

/// NOTES.md §3.1: 000–053 +0, 100–105 +0, 106 → 106–108 (restructured), 107–134 +1,
/// 135–138 +3, 139–141 +4, 142–145 +5, 146–183 +6, 500–512 −200.
pub fn prior_2025(top: u32) -> Option<(u32, u32)> {
    let shift = |d: i64| {
        let t = (top as i64 + d).max(0) as u32;
        Some((t, t))
    };
    match top {
        0..=105 => shift(0),
        106 => Some((106, 108)),
        107..=134 => shift(1),
        135..=138 => shift(3),
        139..=141 => shift(4),
        142..=145 => shift(5),
        146..=199 => shift(6),
        500..=599 => shift(-200),
        _ => None,
    }
}

/// Part B: the older web edition's 457–462 are 479–484, 649–715 keep their
/// numbers, 716–733 are 800–817.
pub fn prior_web(top: u32) -> Option<(u32, u32)> {
    match top {
        457..=462 => Some((top + 22, top + 22)),
        649..=715 => Some((top, top)),
        716..=733 => Some((top + 84, top + 84)),
        _ => None,
    }
}

/// Normalises a text for comparison (NOTES.md §3.5 step 1).
pub fn normalize(s: &str) -> String {
    let mut t = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '’' | '‘' | '`' => t.push('\''),
            '“' | '”' => t.push('"'),
            '—' | '–' | '‐' | '−' => t.push('-'),
            '📎' => {}
            c if c.is_whitespace() => t.push(' '),
            c => t.extend(c.to_lowercase()),
        }
    }
    let t = t.replace("[s]", "[m]").replace("[t]", "[e]");
    // mask reference numbers: "rule 518." / "rule 518" → "rule #"
    let mut out = String::with_capacity(t.len());
    let mut rest = t.as_str();
    while let Some(p) = rest.find("rule ") {
        out.push_str(&rest[..p + 5]);
        rest = &rest[p + 5..];
        if let Some((_, n)) = super::textutil::dotted_id_prefix(rest) {
            out.push('#');
            rest = &rest[n..];
            rest = rest.strip_prefix('.').unwrap_or(rest);
        }
    }
    out.push_str(rest);
    let out = out.trim_start_matches("* ");
    let mut words: Vec<&str> = out.split_whitespace().collect();
    if words.first() == Some(&"*") {
        words.remove(0);
    }
    words.join(" ")
}

/// All the source text of a rule (text, list items, examples), or its title.
pub fn full_text(r: &Rule) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    if let Some(t) = r.text.as_deref() {
        parts.push(t);
    }
    parts.extend(r.items.iter().map(String::as_str));
    parts.extend(r.examples.iter().map(String::as_str));
    if parts.is_empty() {
        return r.title.clone();
    }
    Some(parts.join(" "))
}

/// Character-bigram multiset, sorted.
fn bigrams(s: &str) -> Vec<u64> {
    let cs: Vec<char> = s.chars().collect();
    let mut v: Vec<u64> = cs
        .windows(2)
        .map(|w| ((w[0] as u64) << 32) | w[1] as u64)
        .collect();
    v.sort_unstable();
    v
}

/// Dice coefficient of two sorted bigram multisets.
fn dice(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return if a == b { 1.0 } else { 0.0 };
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

struct Side {
    norm: Vec<Option<String>>,
    grams: Vec<Vec<u64>>,
    ids: Vec<RuleId>,
    parent: Vec<Option<usize>>,
    titled: Vec<bool>,
    /// Whether the rule has source text (a 2026 id without text is "empty").
    texted: Vec<bool>,
}

impl Side {
    fn new(ed: &Edition) -> Side {
        let norm: Vec<Option<String>> = ed
            .rules
            .iter()
            .map(|r| full_text(r).map(|t| normalize(&t)))
            .collect();
        let grams = norm
            .iter()
            .map(|n| n.as_deref().map(bigrams).unwrap_or_default())
            .collect();
        let mut by_id: HashMap<&RuleId, usize> = HashMap::new();
        for (i, r) in ed.rules.iter().enumerate() {
            by_id.entry(&r.id).or_insert(i);
        }
        Side {
            parent: ed
                .rules
                .iter()
                .map(|r| r.parent.as_ref().and_then(|p| by_id.get(p).copied()))
                .collect(),
            ids: ed.rules.iter().map(|r| r.id.clone()).collect(),
            titled: ed.rules.iter().map(|r| r.title.is_some()).collect(),
            // a source title counts as text: only ids the source left blank are "empty"
            texted: ed
                .rules
                .iter()
                .map(|r| r.text.is_some() || r.title.is_some())
                .collect(),
            norm,
            grams,
        }
    }
}

/// One aligned pair: old index, new index, relation, and whether a heading pair is certain.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub old: usize,
    pub new: usize,
    pub relation: &'static str,
    pub certain: bool,
    pub similarity: f64,
}

struct Aligner<'a> {
    old: &'a Side,
    new: &'a Side,
    prior: Prior,
    /// Allowed distance of a text pair's top-level number from the prior range.
    slack: u32,
    /// old → new from the previous pass (anchors in the first).
    map: Vec<Option<usize>>,
    /// new → children (indices) and old → children.
    old_children: Vec<Vec<usize>>,
    new_children: Vec<Vec<usize>>,
}

const THRESHOLD: f64 = 0.55;

impl Aligner<'_> {
    /// Distance of `new`'s top-level number from the prior range of `old`.
    fn prior_distance(&self, o: usize, n: usize) -> Option<u32> {
        let (lo, hi) = (self.prior)(self.old.ids[o].top())?;
        let t = self.new.ids[n].top();
        Some(lo.saturating_sub(t) + t.saturating_sub(hi))
    }

    fn parent_consistent(&self, o: usize, n: usize) -> Option<bool> {
        match (self.old.parent[o], self.new.parent[n]) {
            (None, None) => Some(true),
            (Some(po), Some(pn)) => self.map[po].map(|m| m == pn),
            _ => Some(false),
        }
    }

    fn children_consistent(&self, o: usize, n: usize) -> bool {
        self.old_children[o]
            .iter()
            .any(|&c| self.map[c].is_some_and(|m| self.new_children[n].contains(&m)))
    }

    /// The score of pairing old `o` with new `n`, or `None` when they may not pair.
    fn score(&self, o: usize, n: usize) -> Option<(f64, f64)> {
        let dist = self.prior_distance(o, n)?;
        let same_depth = self.old.ids[o].depth() == self.new.ids[n].depth();
        let parent = self.parent_consistent(o, n);
        let children = self.children_consistent(o, n);
        let mut bonus = 0.0;
        match parent {
            Some(true) => bonus += 0.3,
            Some(false) => bonus -= 0.3,
            None => {}
        }
        if children {
            bonus += 0.3;
        }
        if !self.new.texted[n] {
            // structural pair onto an id whose text was lost
            if dist != 0 || !same_depth || self.old.norm[o].is_none() {
                return None;
            }
            let base = if self.old.titled[o] { 0.5 } else { 0.25 };
            return Some((base + bonus, 0.0));
        }
        if dist > self.slack {
            return None;
        }
        let sim = dice(&self.old.grams[o], &self.new.grams[n]);
        if sim < THRESHOLD {
            return None;
        }
        if !same_depth && (self.old.titled[o] || sim < 0.8) {
            return None;
        }
        let mut s = sim + bonus + if same_depth { 0.2 } else { -0.3 };
        s -= 0.15 * dist as f64;
        if self.old.norm[o] == self.new.norm[n] {
            s += 0.5;
        }
        Some((s, sim))
    }

    /// Order-preserving alignment of old `os` with new `ns` (both ascending).
    fn gap(&self, os: &[usize], ns: &[usize]) -> Vec<(usize, usize, f64)> {
        if os.is_empty() || ns.is_empty() {
            return Vec::new();
        }
        let (h, w) = (os.len(), ns.len());
        let mut dp = vec![0.0f64; (h + 1) * (w + 1)];
        let mut pick = vec![0u8; (h + 1) * (w + 1)]; // 0 skip old, 1 skip new, 2 pair
        let at = |i: usize, j: usize| i * (w + 1) + j;
        let mut sims: HashMap<(usize, usize), f64> = HashMap::new();
        for i in 1..=h {
            for j in 1..=w {
                let mut best = dp[at(i - 1, j)];
                let mut how = 0;
                if dp[at(i, j - 1)] > best {
                    best = dp[at(i, j - 1)];
                    how = 1;
                }
                if let Some((s, sim)) = self.score(os[i - 1], ns[j - 1])
                    && s > 0.0
                    && dp[at(i - 1, j - 1)] + s > best
                {
                    best = dp[at(i - 1, j - 1)] + s;
                    how = 2;
                    sims.insert((i - 1, j - 1), sim);
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
                    out.push((
                        os[i - 1],
                        ns[j - 1],
                        sims.get(&(i - 1, j - 1)).copied().unwrap_or(0.0),
                    ));
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
}

/// Longest increasing subsequence (by `.1`) of pairs sorted by `.0`.
pub fn lis(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut tails: Vec<usize> = Vec::new(); // indices into pairs
    let mut prev = vec![usize::MAX; pairs.len()];
    for (k, &(_, b)) in pairs.iter().enumerate() {
        let pos = tails.partition_point(|&t| pairs[t].1 < b);
        if pos > 0 {
            prev[k] = tails[pos - 1];
        }
        if pos == tails.len() {
            tails.push(k);
        } else {
            tails[pos] = k;
        }
    }
    let mut out = Vec::new();
    let mut k = tails.last().copied().unwrap_or(usize::MAX);
    while k != usize::MAX {
        out.push(pairs[k]);
        k = prev[k];
    }
    out.reverse();
    out
}

fn children_of(side: &Side) -> Vec<Vec<usize>> {
    let mut ch = vec![Vec::new(); side.ids.len()];
    for (i, p) in side.parent.iter().enumerate() {
        if let Some(p) = p {
            ch[*p].push(i);
        }
    }
    ch
}

/// Aligns `old` with `new` under an offset prior; returns the pairs in order.
pub fn pairs(old: &Edition, new: &Edition, prior: Prior, slack: u32) -> Vec<Pair> {
    let os = Side::new(old);
    let ns = Side::new(new);
    // 2. anchors: unique normalised texts on both sides, prior-consistent
    let mut count_old: HashMap<&str, usize> = HashMap::new();
    for t in os.norm.iter().flatten() {
        *count_old.entry(t).or_default() += 1;
    }
    let mut count_new: HashMap<&str, (usize, usize)> = HashMap::new();
    for (i, (t, texted)) in ns.norm.iter().zip(&ns.texted).enumerate() {
        if let (Some(t), true) = (t, texted) {
            let e = count_new.entry(t).or_insert((0, i));
            e.0 += 1;
        }
    }
    let mut cand = Vec::new();
    for (o, t) in os.norm.iter().enumerate() {
        let Some(t) = t else { continue };
        if count_old.get(t.as_str()) != Some(&1) {
            continue;
        }
        if let Some(&(1, n)) = count_new.get(t.as_str()) {
            let ok = prior(os.ids[o].top()).is_some_and(|(lo, hi)| {
                let top = ns.ids[n].top();
                top.saturating_add(slack) >= lo && top <= hi.saturating_add(slack)
            });
            if ok {
                cand.push((o, n));
            }
        }
    }
    let anchors = lis(&cand);
    let mut al = Aligner {
        old: &os,
        new: &ns,
        prior,
        slack,
        map: vec![None; os.ids.len()],
        old_children: children_of(&os),
        new_children: children_of(&ns),
    };
    for &(o, n) in &anchors {
        al.map[o] = Some(n);
    }
    // 3–4. gaps between anchors, twice: the second pass sees the first pass's
    // parents and children
    let mut found: Vec<(usize, usize, f64)> = Vec::new();
    for _pass in 0..2 {
        found.clear();
        let mut bounds: Vec<(Option<usize>, Option<usize>)> = vec![(None, None)];
        bounds.extend(anchors.iter().map(|&(o, n)| (Some(o), Some(n))));
        bounds.push((None, None));
        for w in bounds.windows(2) {
            let o_lo = w[0].0.map_or(0, |o| o + 1);
            let o_hi = w[1].0.unwrap_or(os.ids.len());
            let n_lo = w[0].1.map_or(0, |n| n + 1);
            let n_hi = w[1].1.unwrap_or(ns.ids.len());
            let olist: Vec<usize> = (o_lo..o_hi.max(o_lo)).collect();
            // restrict the new side to the tops the old gap may map to
            let ranges: Vec<(u32, u32)> = olist
                .iter()
                .filter_map(|&o| prior(os.ids[o].top()))
                .collect();
            let nlist: Vec<usize> = (n_lo..n_hi.max(n_lo))
                .filter(|&n| {
                    let t = ns.ids[n].top();
                    ranges.iter().any(|&(lo, hi)| {
                        t.saturating_add(slack) >= lo && t <= hi.saturating_add(slack)
                    })
                })
                .collect();
            found.extend(al.gap(&olist, &nlist));
        }
        let mut map = vec![None; os.ids.len()];
        for &(o, n) in &anchors {
            map[o] = Some(n);
        }
        for &(o, n, _) in &found {
            map[o] = Some(n);
        }
        al.map = map;
    }
    // classify
    let mut out: Vec<Pair> = anchors
        .iter()
        .map(|&(o, n)| (o, n, 1.0))
        .chain(found.iter().copied())
        .map(|(o, n, sim)| {
            let relation = if !ns.texted[n] {
                "heading"
            } else if os.norm[o] == ns.norm[n] {
                if os.ids[o] == ns.ids[n] {
                    "identical"
                } else {
                    "renumbered"
                }
            } else {
                "reworded"
            };
            Pair {
                old: o,
                new: n,
                relation,
                certain: false,
                similarity: sim,
            }
        })
        .collect();
    out.sort_by_key(|p| p.old);
    // certainty of structural pairs: children agree, or the pair is sandwiched
    // between aligned neighbours, and the parent agrees
    let by_old: HashMap<usize, usize> = out.iter().map(|p| (p.old, p.new)).collect();
    for p in &mut out {
        if p.relation != "heading" {
            p.certain = true;
            continue;
        }
        let parent_ok = al.parent_consistent(p.old, p.new) == Some(true);
        let children = al.children_consistent(p.old, p.new);
        let before = p
            .old
            .checked_sub(1)
            .and_then(|o| by_old.get(&o))
            .is_some_and(|&n| n + 1 == p.new);
        let after = by_old.get(&(p.old + 1)).is_some_and(|&n| n == p.new + 1);
        let section_title = new
            .sections
            .iter()
            .find(|s| s.id == ns.ids[p.new])
            .is_some_and(|s| Some(normalize(&s.title)) == os.norm[p.old]);
        p.certain = parent_ok && (children || (before && after) || section_title);
    }
    out
}

/// Recovers titles of empty 2026 headings from certain 2025 heading pairs, gives
/// 2025 the sections of the 2026 top index by analogy, and sets `counterparts` on
/// both editions (2025-06-02 ↔ 2026-03-30) from the edition diff
/// ([`super::diff::align_editions`]), the alignment `arbiter diff` shows.
pub fn align(old: &mut Edition, new: &mut Edition) {
    old.counterparts = vec![None; old.rules.len()];
    new.counterparts = vec![None; new.rules.len()];
    let ps = pairs(old, new, prior_2025, 2);
    for p in &ps {
        old.counterparts[p.old] = Some(Counterpart {
            edition: new.edition.clone(),
            id: new.rules[p.new].id.clone(),
            relation: p.relation.to_string(),
            others: Vec::new(),
        });
        new.counterparts[p.new] = Some(Counterpart {
            edition: old.edition.clone(),
            id: old.rules[p.old].id.clone(),
            relation: p.relation.to_string(),
            others: Vec::new(),
        });
        let (o, n) = (&old.rules[p.old], &mut new.rules[p.new]);
        if p.relation == "heading"
            && p.certain
            && n.text.is_none()
            && n.title.is_none()
            && n.recovered.is_none()
            && let Some(t) = o.title.as_ref()
        {
            n.recovered = Some(Recovered {
                title: Some(t.clone()),
                text: None,
                source: Provenance::Edition2025,
                detail: Some(format!("{} {}", old.edition, o.id)),
            });
        }
    }
    // 2025 sections by analogy: the 2025 headings whose counterparts are 2026
    // top-index entries
    let mut sections = Vec::new();
    for s in &new.sections {
        let Some(n) = new.rules.iter().position(|r| r.id == s.id) else {
            continue;
        };
        if let Some(Counterpart { id, .. }) = &new.counterparts[n]
            && let Some(o) = old.rules.iter().find(|r| &r.id == id)
            && o.id.depth() == 1
        {
            sections.push(super::model::Section {
                id: o.id.clone(),
                title: o.title.clone().unwrap_or_else(|| s.title.clone()),
                level: s.level,
            });
        }
    }
    if !sections.is_empty() && sections.len() * 2 >= old.sections.len() {
        old.sections = sections;
        assign_sections(old);
    }
    let n = ps.len();
    let heads = ps.iter().filter(|p| p.relation == "heading").count();
    old.warnings.push(format!(
        "aligned with {}: {} of {} rules paired ({} by text, {} onto ids whose text is lost in {})",
        new.edition,
        n,
        old.rules.len(),
        n - heads,
        heads,
        new.edition
    ));
    let a = super::diff::align_editions(old, new, prior_2025, 2);
    (old.counterparts, new.counterparts) = a.counterparts(old, new);
}

/// Word-level edit distance.
fn word_distance(a: &[&str], b: &[&str]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The one passage of the 2026 A–Z index that no rule holds and that reads as `text`
/// reworded: at most a quarter of its words changed, strictly closer than any other.
fn index_wording(glossary: &[super::model::Term], text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut best: Vec<(usize, &str)> = glossary
        .iter()
        .flat_map(|t| &t.passages)
        .filter_map(|p| match p {
            super::model::Passage::Unplaced(s) => Some(s.as_str()),
            _ => None,
        })
        .map(|s| {
            let w: Vec<&str> = s.split_whitespace().collect();
            (word_distance(&words, &w), s)
        })
        .filter(|&(d, _)| d > 0 && d * 4 <= words.len())
        .collect();
    best.sort();
    best.dedup_by(|a, b| a.1 == b.1);
    match best.as_slice() {
        [one] => Some(one.1.to_string()),
        [a, b, ..] if a.0 < b.0 => Some(a.1.to_string()),
        _ => None,
    }
}

/// Sets the older web edition's counterparts in 2026-03-30 (Part B: 457–462 →
/// 479–484, 649–715 same ids, 716–733 → 800–817), on both sides: a 2026 rule without a
/// 2025 counterpart gets its web one.
///
/// Where a 2026 id has no text and nothing recovered yet (its own sources and the
/// 2025 edition come first), and the web rule is aligned onto it with certainty, the
/// web rule's title or text is recorded as `recovered` (Provenance::WebEdition):
/// e.g. 2026 480.3 ← "Victory Score: 8" (001 458.3). The values may be stale.
/// The counterparts themselves come from the edition diff, as for 2025.
pub fn align_web(web: &mut Edition, new: &mut Edition) {
    web.counterparts = vec![None; web.rules.len()];
    for p in pairs(web, new, prior_web, 0) {
        web.counterparts[p.old] = Some(Counterpart {
            edition: new.edition.clone(),
            id: new.rules[p.new].id.clone(),
            relation: p.relation.to_string(),
            others: Vec::new(),
        });
        let (w, n) = (&web.rules[p.old], &mut new.rules[p.new]);
        if p.relation == "heading"
            && p.certain
            && n.text.is_none()
            && n.title.is_none()
            && n.recovered.is_none()
        {
            let (title, text) = match (&w.title, &w.text) {
                (Some(t), _) => (Some(t.clone()), None),
                (None, Some(t)) => (None, Some(t.clone())),
                (None, None) => continue,
            };
            // the 2026 index may still quote this sentence in its newer wording
            // (806.1.a: "It can be present on Cards, Rune Abilities, …" where the web
            // edition lists "Spells, Units, Rune Abilities, …"): that wording wins
            if let Some(t) = &text
                && let Some(newer) = index_wording(&new.glossary, t)
            {
                n.recovered = Some(Recovered {
                    title: None,
                    text: Some(newer),
                    source: Provenance::ReferenceIndex,
                    detail: Some(format!(
                        "A–Z index, the 2026 wording of {} {}",
                        web.edition, w.id
                    )),
                });
                continue;
            }
            n.recovered = Some(Recovered {
                title,
                text,
                source: Provenance::WebEdition,
                detail: Some(format!("{} {}", web.edition, w.id)),
            });
        }
    }
    let (web_side, new_side) =
        super::diff::align_editions(web, new, prior_web, 0).counterparts(web, new);
    web.counterparts = web_side;
    // The 2026 side: a 2026 rule names its web counterpart ("was 458 in web-older") where
    // it has none in 2025 (the two older copies cover different 2026 ranges: 2025's
    // 000–189 and 300–312, the web's 479–484, 649–715 and 800–817); a rule with both
    // keeps 2025's and the importer says so.
    if new.counterparts.len() != new.rules.len() {
        new.counterparts = vec![None; new.rules.len()];
    }
    let mut both = Vec::new();
    for (k, cp) in new_side.into_iter().enumerate() {
        let Some(cp) = cp else { continue };
        match &new.counterparts[k] {
            None => new.counterparts[k] = Some(cp),
            Some(first) => both.push(format!(
                "{} ({} {})",
                new.rules[k].id, first.edition, first.id
            )),
        }
    }
    if !both.is_empty() {
        new.warnings.push(format!(
            "rules with counterparts in two older editions, only the first kept: {}",
            both.join(", ")
        ));
    }
}

/// The counterpart of rule `id` of `ed` in the other aligned edition, if any.
pub fn counterpart_of<'a>(ed: &'a Edition, id: &RuleId) -> Option<&'a Counterpart> {
    let i = ed.rules.iter().position(|r| &r.id == id)?;
    ed.counterparts.get(i)?.as_ref()
}

#[cfg(test)]
mod tests {
    use super::super::model::ManifestEntry;
    use super::super::{hyperlinked, table, web};
    use super::*;
    use std::sync::OnceLock;

    fn entry(edition: &str, format: &str) -> ManifestEntry {
        ManifestEntry {
            game: "riftbound".into(),
            edition: edition.into(),
            effective: None,
            title: "t".into(),
            format: format.into(),
            file: "f".into(),
            default: false,
            notes: None,
        }
    }

    fn aligned() -> &'static (Edition, Edition) {
        static ED: OnceLock<(Edition, Edition)> = OnceLock::new();
        ED.get_or_init(|| {
            let mut old = table::import(
                &entry("2025-06-02", "html-table"),
                include_str!("../../../rules/003_61fea7b0ae5e66e4.txt"),
            )
            .unwrap();
            let mut new = hyperlinked::import(
                &entry("2026-03-30", "hyperlinked-text"),
                include_str!("../../../rules/000_d1f22d35fe5558d9.txt"),
                Some(&old),
            )
            .unwrap();
            // the 2026 importer's own recoveries take precedence; clear them here to
            // test the 2025 recovery on its own (see `own_recoveries_take_precedence`)
            for r in &mut new.rules {
                r.recovered = None;
            }
            align(&mut old, &mut new);
            (old, new)
        })
    }

    /// 2026 exactly as its importer gives it.
    fn imported_new() -> Edition {
        hyperlinked::import(
            &entry("2026-03-30", "hyperlinked-text"),
            include_str!("../../../rules/000_d1f22d35fe5558d9.txt"),
            None,
        )
        .unwrap()
    }

    #[test]
    fn own_recoveries_take_precedence() {
        let mut old = aligned().0.clone();
        let mut new = imported_new();
        let i = new
            .rules
            .iter()
            .position(|r| r.id.to_string() == "127")
            .unwrap();
        let mine = Recovered {
            title: Some("Ownership (own)".into()),
            text: None,
            source: Provenance::TopIndex,
            detail: None,
        };
        new.rules[i].recovered = Some(mine.clone());
        let before: Vec<Option<Recovered>> =
            new.rules.iter().map(|r| r.recovered.clone()).collect();
        align(&mut old, &mut new);
        assert_eq!(new.rules[i].recovered.as_ref(), Some(&mine));
        // nothing the importer recovered is replaced
        for (r, b) in new.rules.iter().zip(&before) {
            if b.is_some() {
                assert_eq!(&r.recovered, b, "{}", r.id);
            }
        }
    }

    fn cp(ed: &Edition, id: &str) -> Option<(String, String)> {
        counterpart_of(ed, &RuleId::parse(id).unwrap())
            .map(|c| (c.id.to_string(), c.relation.clone()))
    }

    fn to(id: &str) -> Option<String> {
        cp(&aligned().0, id).map(|c| c.0)
    }

    #[test]
    fn normalisation() {
        assert_eq!(
            normalize("It’s “here” — See rule 518. Cleanups for more  information. 📎"),
            "it's \"here\" - see rule # cleanups for more information."
        );
        assert_eq!(normalize("[T]: Add [1]. 3[S]"), "[e]: add [1]. 3[m]");
        assert_eq!(normalize("* Units say"), "units say");
    }

    #[test]
    fn known_pairs() {
        assert_eq!(to("508").as_deref(), Some("308"));
        assert_eq!(to("119").as_deref(), Some("120"));
        assert_eq!(to("124").as_deref(), Some("125"));
        assert_eq!(
            cp(&aligned().0, "126"),
            Some(("127".into(), "renumbered".into()))
        );
        assert_eq!(to("139").as_deref(), Some("143"));
        assert_eq!(to("002"), Some("002".into()));
        for (o, n) in [
            ("104", "104"),
            ("142", "147"),
            ("146", "152"),
            ("179", "185"),
            ("501", "301"),
            ("135", "138"),
        ] {
            assert_eq!(to(o).as_deref(), Some(n), "{o}");
        }
        // removed in 2026 (NOTES.md §3.4): no counterpart
        for o in ["107.5.g", "107.5.h", "107.5.i", "107.5.j", "106.1"] {
            assert_eq!(to(o), None, "{o}");
        }
        // reworded in place, not removed (issue 14)
        assert_eq!(to("139.2.b").as_deref(), Some("143.2.b"));
        assert_eq!(to("107.6.a").as_deref(), Some("108.7.a"));
        assert_eq!(to("106.2.e").as_deref(), Some("107.1.c"));
        assert_ne!(to("181.4.c").as_deref(), Some("187.4.c"));
        assert_eq!(to("181.4.d").as_deref(), Some("187.4.c"));
        assert_eq!(cp(&aligned().0, "002").unwrap().1, "same");
        // both sides
        assert_eq!(cp(&aligned().1, "308").map(|c| c.0).as_deref(), Some("508"));
    }

    #[test]
    fn restructured_zone_pitfalls() {
        // 107.1 "The Trash" is 108.2, not the new Chain zone 108.1
        assert_ne!(to("107.1").as_deref(), Some("108.1"));
        assert_eq!(to("107.1").as_deref(), Some("108.2"));
        for (old, new) in [("107.2", "108.3"), ("107.3", "108.4"), ("107.4", "108.5")] {
            assert_eq!(to(old).as_deref(), Some(new), "{old}");
        }
    }

    #[test]
    fn recovered_titles_from_2025() {
        let new = &aligned().1;
        let r = new
            .rules
            .iter()
            .find(|r| r.id.to_string() == "127")
            .unwrap();
        let rec = r.recovered.as_ref().unwrap();
        assert_eq!(rec.title.as_deref(), Some("Ownership"));
        assert_eq!(rec.source, Provenance::Edition2025);
        assert_eq!(rec.detail.as_deref(), Some("2025-06-02 126"));
        // never on a rule with text
        assert!(new.rules.iter().all(|r| r.text.is_none()
            || r.recovered.is_none()
            || r.recovered.as_ref().unwrap().source != Provenance::Edition2025));
    }

    #[test]
    fn sections_by_analogy() {
        let old = &aligned().0;
        let ids: Vec<String> = old.sections.iter().map(|s| s.id.to_string()).collect();
        assert_eq!(
            ids,
            [
                "000", "001", "050", "100", "101", "104", "119", "124", "137", "142", "146", "153",
                "162", "166", "170", "179", "500", "501"
            ]
        );
        assert_eq!(old.sections.iter().filter(|s| s.level == 1).count(), 3);
    }

    #[test]
    fn coverage() {
        let (old, new) = aligned();
        let ps = pairs(old, new, prior_2025, 2);
        let text = ps.iter().filter(|p| p.relation != "heading").count();
        let heads = ps.iter().filter(|p| p.relation == "heading").count();
        let same = ps.iter().filter(|p| p.relation == "identical").count();
        let certain = ps
            .iter()
            .filter(|p| p.certain && p.relation == "heading")
            .count();
        eprintln!("text pairs {text}, heading fills {heads} ({certain} certain), identical {same}");
        assert!(certain * 10 >= heads * 8, "{certain} of {heads}");
        assert!((320..=370).contains(&text), "{text}");
        assert!((70..=100).contains(&heads), "{heads}");
        // every pair respects order
        for w in ps.windows(2) {
            assert!(w[0].new < w[1].new);
        }
    }

    #[test]
    fn web_counterparts() {
        let (_, new) = aligned();
        let mut new = new.clone();
        let mut w = web::import(
            &entry("web-older", "web-bullets"),
            include_str!("../../../rules/001_4e0a7af633b404bf.txt"),
        )
        .unwrap();
        align_web(&mut w, &mut new);
        let c = |id: &str| {
            counterpart_of(&w, &RuleId::parse(id).unwrap())
                .map(|c| (c.id.to_string(), c.relation.clone()))
        };
        let id = |id: &str| c(id).map(|c| c.0);
        assert_eq!(id("458").as_deref(), Some("480"));
        assert_eq!(id("462.8.h").as_deref(), Some("484.8.h"));
        assert_eq!(id("721").as_deref(), Some("805"));
        assert_eq!(id("733.3").as_deref(), Some("817.3"));
        assert_eq!(c("650"), Some(("650".into(), "same".into())));
        assert_eq!(c("715.1"), Some(("715.1".into(), "same".into())));
        // 806.4 was inserted: 722.4 is 806.5
        assert_eq!(id("722.4").as_deref(), Some("806.5"));
        assert_eq!(c("458.3"), Some(("480.3".into(), "renumbered".into())));
        // old-only rules have none
        assert_eq!(id("462.8.e.1.a"), None);
        // the 2026 side names its web counterpart where it has no 2025 one, and the two
        // older copies never claim the same 2026 rule
        let back = |id: &str| {
            counterpart_of(&new, &RuleId::parse(id).unwrap())
                .map(|c| (c.edition.clone(), c.id.to_string()))
        };
        assert_eq!(back("480"), Some(("web-older".into(), "458".into())));
        assert_eq!(back("805"), Some(("web-older".into(), "721".into())));
        assert_eq!(back("308"), Some(("2025-06-02".into(), "508".into())));
        assert!(
            !new.warnings
                .iter()
                .any(|w| w.contains("two older editions"))
        );
        let paired = w.counterparts.iter().filter(|c| c.is_some()).count();
        assert!(paired >= 280, "{paired}");
        // every pair respects the offsets of Part B
        for (r, cp) in w.rules.iter().zip(&w.counterparts) {
            if let Some(cp) = cp {
                assert_eq!(Some((cp.id.top(), cp.id.top())), prior_web(r.id.top()));
            }
        }
        // blank 2026 values recovered from the web edition, with provenance
        let rec = |id: &str| {
            new.rules
                .iter()
                .find(|r| r.id.to_string() == id)
                .and_then(|r| r.recovered.clone())
        };
        let r = rec("480.3").unwrap();
        assert_eq!(r.text.as_deref(), Some("Victory Score: 8"));
        assert_eq!(r.source, Provenance::WebEdition);
        assert_eq!(r.detail.as_deref(), Some("web-older 458.3"));
        assert_eq!(
            rec("484.3").unwrap().text.as_deref(),
            Some("Victory Score: 11")
        );
        assert_eq!(rec("805").unwrap().title.as_deref(), Some("Accelerate"));
        // 2025 recoveries are not overwritten
        assert_eq!(rec("127").unwrap().source, Provenance::Edition2025);
    }

    /// Checks the recovered 2025 titles against the titles 2026 itself gives its
    /// empty ids: the top index and the link text of its `See rule` references.
    #[test]
    fn recovered_titles_agree_with_2026_titles() {
        let (_, new) = aligned();
        let mut known: HashMap<RuleId, Vec<String>> = HashMap::new();
        for s in &new.sections {
            known
                .entry(s.id.clone())
                .or_default()
                .push(normalize(&s.title));
        }
        for r in &new.rules {
            for x in super::super::textutil::see_rule_refs(
                r.text.as_deref().unwrap_or(""),
                super::super::model::RefField::Text,
            ) {
                if let Some(t) = x.title {
                    known.entry(x.target).or_default().push(normalize(&t));
                }
            }
        }
        let (mut checked, mut agree) = (0, 0);
        for r in &new.rules {
            let Some(rec) = r
                .recovered
                .as_ref()
                .filter(|x| x.source == Provenance::Edition2025)
            else {
                continue;
            };
            if let (Some(t), Some(k)) = (rec.title.as_deref(), known.get(&r.id)) {
                checked += 1;
                if k.contains(&normalize(t)) {
                    agree += 1;
                } else {
                    eprintln!("{}: 2025 says {t:?}, 2026 says {k:?}", r.id);
                }
            }
        }
        let total = new
            .rules
            .iter()
            .filter(|r| {
                r.recovered
                    .as_ref()
                    .is_some_and(|x| x.source == Provenance::Edition2025)
            })
            .count();
        eprintln!(
            "recovered {total} titles from 2025; {agree} of {checked} checkable agree with 2026's own titles"
        );
        assert!(checked >= 20, "{checked}");
        assert!(agree + 1 >= checked, "{agree} of {checked}");
    }
}
