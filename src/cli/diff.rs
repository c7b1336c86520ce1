//! `arbiter diff OLD NEW`: what changed between two editions — a summary per
//! relation and per section, then each changed rule with its old and new ids and
//! a word diff of its text.

use crate::error::{Error, Result};
use crate::render::Out;
use crate::render::text::{inline, wrap, wrap_hanging};
use crate::rulebook::diff::{Change, Op, align_books, changes, section_of, shown_text, word_diff};
use crate::rulebook::import::diff::Relation;
use crate::rulebook::library::Book;
use crate::rulebook::{Library, RuleId};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The older edition, e.g. 2025-06-02 or web-older.
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The newer edition, e.g. 2026-03-30.
    #[arg(value_name = "NEW")]
    pub new: String,
    /// The game (default riftbound).
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// Only rules numbered in this range in either edition, e.g. 500-512 or 139.
    #[arg(long, value_name = "A-B")]
    pub section: Option<String>,
    /// Only these relations (comma-separated): same, reworded, renumbered,
    /// renumbered+reworded, split, merged, removed, added.
    #[arg(long, value_name = "RELATION")]
    pub only: Option<String>,
}

/// The `--json` form (schema `diff/1`).
#[derive(Debug, Serialize)]
pub struct DiffJson {
    pub schema: &'static str,
    pub game: String,
    pub old_edition: String,
    pub new_edition: String,
    /// The `--section` range as given, normalised to `A-B`.
    pub section: Option<String>,
    pub only: Vec<&'static str>,
    pub summary: SummaryJson,
    pub changes: Vec<ChangeJson>,
}

#[derive(Debug, Serialize)]
pub struct SummaryJson {
    /// Rules per relation (old rules; new rules for `added`), every relation listed.
    pub relations: Vec<CountJson>,
    /// The same per section: the old edition's sections, the new one's for added rules.
    pub sections: Vec<SectionJson>,
}

#[derive(Debug, Serialize)]
pub struct CountJson {
    pub relation: &'static str,
    pub rules: usize,
}

#[derive(Debug, Serialize)]
pub struct SectionJson {
    pub edition: String,
    pub id: Option<String>,
    pub title: Option<String>,
    pub relations: Vec<CountJson>,
}

#[derive(Debug, Serialize)]
pub struct ChangeJson {
    pub relation: &'static str,
    pub old: Vec<RuleJson>,
    pub new: Vec<RuleJson>,
    /// The word diff of the old text(s) against the new, when the texts differ and
    /// both exist.
    pub diff: Option<Vec<SpanJson>>,
}

#[derive(Debug, Serialize)]
pub struct RuleJson {
    pub id: String,
    /// The source text (text, list items and examples), or the title; `null` when
    /// the source lost it.
    pub text: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct SpanJson {
    pub op: Op,
    pub text: String,
}

/// A section's changes: edition, section id and title, changes.
type Group<'a> = (String, Option<String>, Option<String>, Vec<&'a Change>);

/// An inclusive range of top-level numbers, from `500-512`, `500–512` or `139`.
fn parse_section(s: &str) -> Result<(u32, u32)> {
    let bad = || {
        Error::usage(format!(
            "--section {s:?} is not a range of rule numbers (e.g. 500-512, or 139)"
        ))
    };
    let top = |x: &str| RuleId::parse(x.trim()).map(|id| id.top()).ok_or_else(bad);
    let (a, b) = match s.split_once(['-', '–']) {
        Some((a, b)) => (top(a)?, top(b)?),
        None => {
            let t = top(s)?;
            (t, t)
        }
    };
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_only(s: &str) -> Result<Vec<Relation>> {
    s.split(',')
        .map(|x| {
            Relation::parse(x.trim()).ok_or_else(|| Error::Usage {
                message: format!("--only {x:?} is not a relation"),
                suggestions: Relation::ALL.iter().map(|r| r.key().to_string()).collect(),
            })
        })
        .collect()
}

/// `arbiter diff OLD NEW [--section A-B] [--only RELATION]`.
pub fn diff(out: &mut Out, args: DiffArgs) -> Result<()> {
    let lib = Library::get();
    let game = args.game.as_deref();
    let o = lib.resolve(game, Some(&args.old)).map_err(Error::usage)?;
    let n = lib.resolve(game, Some(&args.new)).map_err(Error::usage)?;
    let range = args.section.as_deref().map(parse_section).transpose()?;
    let only = args.only.as_deref().map(parse_only).transpose()?;
    let (ob, nb) = (lib.book(o), lib.book(n));
    let Some(a) = align_books(ob, nb) else {
        return Err(Error::usage(format!(
            "no alignment of {} {} with {}: the aligned pairs are 2025-06-02 → 2026-03-30 and \
             web-older → 2026-03-30 (the older edition first)",
            ob.meta.game, ob.meta.edition, nb.meta.edition
        )));
    };
    let in_range = |c: &Change| {
        range.is_none_or(|(lo, hi)| {
            let hit = |b: &Book, ks: &[usize]| {
                ks.iter().any(|&k| {
                    let t = b.ed.rules[k].id.top();
                    lo <= t && t <= hi
                })
            };
            hit(ob, &c.old) || hit(nb, &c.new)
        })
    };
    // a range neither edition has a rule in is nothing found (exit 1), not "no changes"
    if let (Some((lo, hi)), Some(given)) = (range, args.section.as_deref()) {
        let has = |b: &Book| {
            b.ed.rules.iter().any(|r| {
                let t = r.id.top();
                lo <= t && t <= hi
            })
        };
        if !has(ob) && !has(nb) {
            return Err(Error::NotFound {
                message: format!(
                    "neither {} {} nor {} has a rule in {given}",
                    ob.meta.game, ob.meta.edition, nb.meta.edition
                ),
                suggestions: Vec::new(),
            });
        }
    }
    let all: Vec<Change> = changes(&a).into_iter().filter(in_range).collect();
    let shown: Vec<&Change> = all
        .iter()
        .filter(|c| match &only {
            Some(rs) => rs.contains(&c.relation),
            None => c.relation != Relation::Same,
        })
        .collect();
    let rules_of = |c: &Change| {
        if c.relation == Relation::Added {
            c.new.len()
        } else {
            c.old.len()
        }
    };
    let count = |cs: &[&Change]| -> Vec<CountJson> {
        Relation::ALL
            .iter()
            .map(|&r| CountJson {
                relation: r.key(),
                rules: cs
                    .iter()
                    .filter(|c| c.relation == r)
                    .map(|c| rules_of(c))
                    .sum(),
            })
            .collect()
    };
    let every: Vec<&Change> = all.iter().collect();
    // per section of the old edition, in reading order; an added rule counts in
    // the section of the change before it
    let mut sections: Vec<Group> = Vec::new();
    let mut current: Option<usize> = None;
    for c in &every {
        let (book, k) = match (c.old.first(), current) {
            (Some(&k), _) => (ob, k),
            (None, Some(at)) => {
                sections[at].3.push(c);
                continue;
            }
            (None, None) => (nb, c.new[0]),
        };
        let s = section_of(&book.ed.sections, &book.ed.rules[k].id);
        let key = (
            book.meta.edition.to_string(),
            s.as_ref().map(|s| s.id.to_string()),
            s.map(|s| s.title),
        );
        let at = match sections.iter().position(|x| x.0 == key.0 && x.1 == key.1) {
            Some(at) => at,
            None => {
                sections.push((key.0, key.1, key.2, Vec::new()));
                sections.len() - 1
            }
        };
        sections[at].3.push(c);
        if book.meta.edition == ob.meta.edition {
            current = Some(at);
        }
    }
    let summary = SummaryJson {
        relations: count(&every),
        sections: sections
            .iter()
            .map(|(e, id, title, cs)| SectionJson {
                edition: e.clone(),
                id: id.clone(),
                title: title.clone(),
                relations: count(cs),
            })
            .collect(),
    };
    if out.json {
        let v = DiffJson {
            schema: "diff/1",
            game: ob.meta.game.to_string(),
            old_edition: ob.meta.edition.to_string(),
            new_edition: nb.meta.edition.to_string(),
            section: range.map(|(a, b)| format!("{a:03}-{b:03}")),
            only: only.iter().flatten().map(|r| r.key()).collect(),
            summary,
            changes: shown.iter().map(|c| change_json(ob, nb, c)).collect(),
        };
        out.document(&v)?;
        return Ok(());
    }
    print_text(out, ob, nb, range, &summary, &shown)
}

fn texts(b: &Book, ks: &[usize]) -> Option<String> {
    let t: Vec<String> = ks.iter().filter_map(|&k| shown_text(b, k)).collect();
    (!t.is_empty()).then(|| t.join(" "))
}

fn ids(b: &Book, ks: &[usize]) -> Vec<String> {
    ks.iter().map(|&k| b.ed.rules[k].key()).collect()
}

fn change_json(ob: &Book, nb: &Book, c: &Change) -> ChangeJson {
    let rules = |b: &Book, ks: &[usize]| {
        ks.iter()
            .map(|&k| RuleJson {
                id: b.ed.rules[k].key(),
                text: shown_text(b, k),
            })
            .collect()
    };
    let diff = match (texts(ob, &c.old), texts(nb, &c.new)) {
        (Some(a), Some(b)) if a != b => Some(
            word_diff(&a, &b)
                .into_iter()
                .map(|(op, text)| SpanJson { op, text })
                .collect(),
        ),
        _ => None,
    };
    ChangeJson {
        relation: c.relation.key(),
        old: rules(ob, &c.old),
        new: rules(nb, &c.new),
        diff,
    }
}

fn print_text(
    out: &mut Out,
    ob: &Book,
    nb: &Book,
    range: Option<(u32, u32)>,
    summary: &SummaryJson,
    shown: &[&Change],
) -> Result<()> {
    let head = format!(
        "{} {} → {}{}",
        ob.meta.game,
        ob.meta.edition,
        nb.meta.edition,
        range
            .map(|(a, b)| if a == b {
                format!(" (rules {a:03})")
            } else {
                format!(" (rules {a:03}–{b:03})")
            })
            .unwrap_or_default()
    );
    let head = out.bold(&head);
    out.line(head)?;
    let counts = |cs: &[CountJson]| -> String {
        cs.iter()
            .filter(|c| c.rules > 0)
            .map(|c| format!("{} {}", c.relation, c.rules))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    out.line(counts(&summary.relations))?;
    out.line("")?;
    for s in &summary.sections {
        let name = match (&s.id, &s.title) {
            (Some(id), Some(t)) => format!("{id} {t}"),
            (Some(id), None) => id.clone(),
            _ => "(no section)".to_string(),
        };
        let name = if s.edition == ob.meta.edition {
            name
        } else {
            format!("{name} ({})", s.edition)
        };
        let line = format!(
            "  {} {}",
            out.dim(&format!("{name}:")),
            counts(&s.relations)
        );
        for l in wrap_hanging(&line, out.width.saturating_sub(2), "", "    ") {
            out.line(format!("  {l}"))?;
        }
    }
    if shown.is_empty() {
        out.line("")?;
        let l = out.dim("no changes to show");
        out.line(l)?;
        return Ok(());
    }
    for c in shown {
        out.line("")?;
        let (old, new) = (ids(ob, &c.old), ids(nb, &c.new));
        let link = |o: &Out, b: &Book, id: &str| o.rule_link(b.meta.game, b.meta.edition, id, id);
        let olds: Vec<String> = old.iter().map(|id| link(out, ob, id)).collect();
        let news: Vec<String> = new.iter().map(|id| link(out, nb, id)).collect();
        let rel = c.relation.key();
        let line = match c.relation {
            Relation::Added => format!("{} {}  {}", out.good("+"), news.join(", "), out.dim(rel)),
            Relation::Removed => format!("{} {}  {}", out.bad("-"), olds.join(", "), out.dim(rel)),
            _ => format!(
                "{} {} → {}  {}",
                out.accent("~"),
                olds.join(" + "),
                news.join(" + "),
                out.dim(rel)
            ),
        };
        let line = out.bold(&line);
        out.line(line)?;
        let (a, b) = (texts(ob, &c.old), texts(nb, &c.new));
        let body = match (&a, &b) {
            (Some(a), Some(b)) if a != b => word_diff(a, b)
                .into_iter()
                .map(|(op, t)| styled(out, op, &t))
                .collect::<Vec<_>>()
                .join(" "),
            (Some(a), Some(_)) => out.dim(&inline(out, a)),
            (Some(a), None) if c.relation == Relation::Removed => inline(out, a),
            (Some(a), None) => format!(
                "{} {}",
                out.dim(&inline(out, a)),
                out.dim(&format!(
                    "(the {} text is lost in the source)",
                    nb.meta.edition
                ))
            ),
            (None, Some(b)) => inline(out, b),
            (None, None) => out.dim("(no text in either edition)"),
        };
        for l in wrap(&body, out.width, "    ") {
            out.line(l)?;
        }
    }
    Ok(())
}

/// A word-diff run: deletions red and struck through, insertions green and
/// underlined; without colour `[-deleted-]` and `{+inserted+}` (as `git diff
/// --word-diff`).
fn styled(out: &Out, op: Op, t: &str) -> String {
    use owo_colors::OwoColorize;
    let t = inline(out, t);
    match (op, out.color) {
        (Op::Same, _) => t,
        (Op::Deleted, true) => t.red().strikethrough().to_string(),
        (Op::Inserted, true) => t.green().underline().to_string(),
        (Op::Deleted, false) => format!("[-{t}-]"),
        (Op::Inserted, false) => format!("{{+{t}+}}"),
    }
}

/// Whether `edition` is the newest of its game (the one the others are aligned to).
fn is_newest(game: &str, edition: &str) -> bool {
    let lib = Library::get();
    lib.resolve(Some(game), None)
        .is_ok_and(|d| lib.metas()[d].edition == edition)
}

/// The "was …" / "now …" words for a rule of `edition` whose counterpart is `cp`:
/// `was 508 in 2025-06-02` on a 2026 rule, `now 308 in 2026-03-30` on a 2025 one,
/// with the relation (`renumbered`, `merged`, …).
pub fn was_now(game: &str, edition: &str, cp: &crate::rulebook::Counterpart) -> String {
    let word = if is_newest(game, edition) {
        "was"
    } else {
        "now"
    };
    let mut ids = vec![cp.id.to_string()];
    ids.extend(cp.others.iter().map(ToString::to_string));
    format!(
        "{word} {} in {} ({})",
        ids.join(" + "),
        cp.edition,
        cp.relation
    )
}

/// The was/now line under a rule in `arbiter rule`, when the rule has a
/// counterpart in another edition.
pub fn print_was_now<R: crate::rulebook::library::Rules + ?Sized>(
    out: &mut Out,
    book: &R,
    i: usize,
) -> Result<()> {
    let Some(cp) = book.counterpart(i) else {
        return Ok(());
    };
    let line = was_now(book.meta().game, book.meta().edition, &cp);
    let line = out.dim(&line);
    out.line(line)?;
    Ok(())
}
