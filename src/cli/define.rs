//! `arbiter define TERM`: the glossary — the A–Z reference index, keyword names and
//! headings — with the rules that define a term and the rules that use it.

use super::EditionArgs;
use super::json;
use super::lookup::{print_edition_footer, quick_for, shorten};
use crate::error::{Error, Result};
use crate::render::Out;
use crate::render::text::{inline, wrap, wrap_hanging};
use crate::rulebook::library::Rules;
use crate::rulebook::{Passage, RuleId, TermSource};

#[derive(Debug, clap::Args)]
pub struct DefineArgs {
    /// The term, e.g. mighty or "hot fepr" (case-insensitive, small typos forgiven).
    #[arg(required = true, value_name = "TERM")]
    pub term: Vec<String>,
    #[command(flatten)]
    pub edition: EditionArgs,
}

/// `arbiter define TERM`: the glossary (A–Z index, keyword names, headings).
pub fn define(out: &mut Out, args: DefineArgs) -> Result<()> {
    let quick = quick_for(&args.edition)?;
    let book = &quick;
    let meta = book.meta();
    let query = args.term.join(" ");
    crate::limits::query("term", &query)?;
    if query.trim().is_empty() {
        return Err(Error::usage("give a term to look up"));
    }
    let norm = crate::rulebook::import::model::term_key;
    let q = norm(&query);
    // the terms as compared (tabled at build time); only the terms found are decoded
    let names = meta.term_keys;
    let count = names.len();
    let mut hits: Vec<usize> = (0..count).filter(|&k| names[k] == q).collect();
    // a term asked with its article ("the chain") is the term ("Chain")
    let q = match ["the ", "a ", "an "].iter().find_map(|a| q.strip_prefix(a)) {
        Some(bare) if hits.is_empty() && !bare.is_empty() => {
            hits = (0..count).filter(|&k| names[k] == bare).collect();
            bare.to_string()
        }
        _ => q,
    };
    let mut corrected = None;
    if hits.is_empty() {
        // a plural or singular form, then typos
        let alt: Vec<String> = [
            format!("{q}s"),
            format!("{q}es"),
            q.trim_end_matches('s').to_string(),
        ]
        .into();
        hits = (0..count)
            .filter(|&k| alt.iter().any(|a| a == names[k]))
            .collect();
    }
    // a term the index lacks that the rules' own sentences or headings define ("showdown
    // state" → 343.1 "The turn is said to be in a Showdown State if …", "awaken phase" →
    // 315.1 "Awaken Phase", "equipped" → 818.3 "Equipped is the state …"): shown under
    // the words typed, before a longer index term the words begin ("Facedown Zones" for
    // "facedown"), another game's word for them and any typo correction
    let mut from_text: Vec<RuleId> = Vec::new();
    if hits.is_empty() {
        from_text = crate::rulebook::defining::defining_rules(book, &q);
    }
    if hits.is_empty() && from_text.is_empty() {
        // a term the query begins ("hot fepr" → "Hot Fepr: H"): the shortest
        let mut starts: Vec<usize> = (0..count)
            .filter(|&k| {
                let n = names[k];
                n.starts_with(&q) && n[q.len()..].starts_with([' ', ':'])
            })
            .collect();
        starts.sort_by_key(|&k| meta.term_names[k].len());
        if let Some(&k) = starts.first() {
            hits = (0..count).filter(|&j| names[j] == names[k]).collect();
        }
    }
    if hits.is_empty() && from_text.is_empty() {
        // another game's word for a term of these rules ("stack" → the Chain)
        // (each of its Riftbound words in turn, singular or plural: "graveyard" →
        // Trashes)
        let words = crate::search::query::words(&q);
        let tos = crate::search::thesaurus::synonyms()
            .iter()
            .find(|s| s.keys.iter().any(|k| *k == words.as_slice()))
            .map(|s| s.to)
            .unwrap_or_default();
        for to in tos {
            let t = norm(to);
            let forms = [
                t.clone(),
                format!("{t}s"),
                format!("{t}es"),
                t.trim_end_matches('s').to_string(),
            ];
            hits = (0..count)
                .filter(|&k| {
                    let n = names[k];
                    let n = n.strip_prefix("the ").unwrap_or(n);
                    forms.iter().any(|f| f == n)
                })
                .collect();
            if !hits.is_empty() {
                corrected = Some(t);
                break;
            }
        }
    }
    if hits.is_empty()
        && from_text.is_empty()
        && let Some(best) = crate::fuzzy::suggest(&q, names.iter().copied(), 1).first()
    {
        corrected = Some(best.to_string());
        hits = (0..count).filter(|&k| names[k] == *best).collect();
    }
    if hits.is_empty() && from_text.is_empty() {
        let names = meta.term_names;
        let mut near: Vec<String> = names
            .iter()
            .filter(|n| {
                let n = n.to_lowercase();
                q.split_whitespace().any(|w| w.len() >= 3 && n.contains(w))
            })
            .take(5)
            .map(|s| s.to_string())
            .collect();
        if near.is_empty() {
            near = crate::fuzzy::suggest(&q, names.iter().copied(), 5)
                .into_iter()
                .map(String::from)
                .collect();
        }
        return Err(Error::NotFound {
            message: format!(
                "no glossary term {query:?} in {} {}{}",
                meta.game,
                meta.edition,
                best_hits(&args.edition, &query)
            ),
            suggestions: near,
        });
    }
    // Merge the entries for the same term from different sources; the rules whose own
    // sentences define the term come first ("Focus is the permission …", 313.1).
    let mut defined: Vec<RuleId> = if hits.is_empty() {
        from_text
    } else {
        crate::rulebook::defining::defining_rules(book, corrected.as_deref().unwrap_or(&q))
    };
    // every entry carries its rule's id: a passage the index names only by its words is
    // placed by the rule whose title it is, or left out
    let mut used: Vec<(RuleId, Option<String>)> = Vec::new();
    let mut sources: Vec<&'static str> = Vec::new();
    for &k in &hits {
        let t = &meta.term(k);
        let src = match t.source {
            TermSource::ReferenceIndex => "reference index",
            TermSource::Keyword => "keyword",
            TermSource::Heading => "heading",
        };
        if !sources.contains(&src) {
            sources.push(src);
        }
        for d in &t.defined_by {
            if !defined.contains(d) {
                defined.push(d.clone());
            }
        }
        for p in &t.passages {
            let entry = match p {
                Passage::Rule(id) => (id.clone(), None),
                Passage::Recovered(id, text) => (id.clone(), Some(text.clone())),
                // a passage the index names only by its words: placed by the rule whose
                // title it is, or left out (every entry carries an id)
                Passage::Unplaced(text) => match meta
                    .titles
                    .iter()
                    .find(|(_, t)| t.trim().eq_ignore_ascii_case(text.trim()))
                {
                    Some(&(i, _)) => (book.rule(i as usize).id.clone(), None),
                    None => continue,
                },
            };
            if !used.iter().any(|u| u.0 == entry.0) {
                used.push(entry);
            }
        }
    }
    // nothing names it as a definition: the passage the index lists first for it (106
    // "… grouped into The Board and Non-Board Zones" for "board")
    if defined.is_empty()
        && let Some((id, _)) = used.first()
    {
        defined.push(id.clone());
    }
    if hits.is_empty() {
        sources.push("rules text");
    }
    let term = match hits.first() {
        Some(&k) => meta.term_names[k].to_string(),
        None => title_case(&query),
    };
    if out.json {
        let v = json::DefineJson {
            schema: "define/1",
            game: meta.game,
            edition: meta.edition,
            query: query.clone(),
            term,
            corrected_from: corrected.as_ref().map(|_| query.clone()),
            sources,
            defined_by: defined
                .iter()
                .map(|d| {
                    let r = book.get(d);
                    let (title, text, provenance) = match &r {
                        Some(r) => defining_entry(book, r),
                        None => (None, None, None),
                    };
                    json::DefinedBy {
                        id: d.to_string(),
                        title,
                        text,
                        provenance,
                    }
                })
                .collect(),
            used_in: used
                .iter()
                .map(|(id, text)| {
                    let (body, provenance) = used_entry(book, id, text.as_deref());
                    json::UsedIn {
                        id: id.to_string(),
                        text: body,
                        recovered: provenance.is_some(),
                        provenance,
                    }
                })
                .collect(),
        };
        out.document(&v)?;
        return Ok(());
    }
    if corrected.is_some() {
        let s = out.warn(&format!("(no term {query:?}; showing {term:?})"));
        out.line(s)?;
    }
    let head = format!(
        "{}  {}",
        out.bold(&term),
        out.dim(&format!("[{}]", sources.join(", ")))
    );
    out.line(head)?;
    for d in &defined {
        let key = d.to_string();
        let id = out.rule_link(meta.game, meta.edition, &key, &key);
        let (title, text, provenance) = match book.get(d) {
            Some(r) => defining_entry(book, &r),
            None => (None, None, None),
        };
        let title = title.unwrap_or_default();
        let text = text
            .filter(|t| *t != title)
            .map(|t| format!(" — {}", inline(out, &t)))
            .unwrap_or_default();
        // a recovered title or text, labelled as `rule` labels it (808 "Deathknell":
        // recovered from a cross-reference)
        let label = provenance
            .map(|p| format!(" {}", out.dim(&format!("[{p}]"))))
            .unwrap_or_default();
        for l in wrap(
            &format!("defined by {} {title}{text}{label}", out.accent(&id)),
            out.width,
            "  ",
        ) {
            out.line(l)?;
        }
    }
    if !used.is_empty() {
        out.line(out.dim("  used in:"))?;
    }
    for (id, text) in &used {
        let key = id.to_string();
        let label = out.accent(&out.rule_link(meta.game, meta.edition, &key, &key));
        let (body, provenance) = used_entry(book, id, text.as_deref());
        let body = body.unwrap_or_default();
        let s = match provenance {
            // the same provenance as `rule` gives the recovered title or text
            Some(source) => format!(
                "{label}  {}",
                out.dim(&format!("{} [{source}]", shorten(&body, 140)))
            ),
            None => format!("{label}  {}", shorten(&inline(out, &body), 160)),
        };
        let hang = " ".repeat(5 + key.len());
        for l in wrap_hanging(&s, out.width, "    ", &hang) {
            out.line(l)?;
        }
    }
    print_edition_footer(out, book)?;
    Ok(())
}

/// A defining rule as shown: its title, its text, and where a title or text the source
/// lacks was recovered from (as `rule` labels it): 808 "Deathknell", recovered from a
/// cross-reference; 107.1.d's text, from the reference index.
fn defining_entry<R: Rules + ?Sized>(
    book: &R,
    r: &crate::rulebook::Rule,
) -> (Option<String>, Option<String>, Option<&'static str>) {
    let title = book.title_of(r);
    match (&r.text, &r.title, &r.recovered) {
        (None, None, Some(rec)) => {
            let text = rec.text.clone().filter(|t| Some(t) != title.as_ref());
            (title, text, Some(rec.source.describe()))
        }
        _ => (title, r.text.clone(), None),
    }
}

/// A passage that uses the term, as shown: the index's words for it or the rule's text
/// (else its title), and where that was recovered from when the source lacks it — the
/// rule's own recovery when the words are its recovered title or text (as `rule` labels
/// them), else the reference index that quotes them.
fn used_entry<R: Rules + ?Sized>(
    book: &R,
    id: &RuleId,
    quoted: Option<&str>,
) -> (Option<String>, Option<&'static str>) {
    let r = book.get(id);
    let body = quoted.map(str::to_string).or_else(|| {
        r.as_ref()
            .and_then(|r| r.text.clone().or_else(|| book.title_of(r)))
    });
    let own = r.as_ref().and_then(|r| {
        let rec = r.recovered.as_ref()?;
        let b = body.as_deref()?.trim();
        let is = |t: &Option<String>| {
            t.as_deref()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case(b))
        };
        // the words are the rule's recovered title or text, not its source text
        (r.text.as_deref().map(str::trim) != Some(b)
            && r.title.as_deref().map(str::trim) != Some(b)
            && (is(&rec.title) || is(&rec.text)))
        .then(|| rec.source.describe())
    });
    let provenance = own.or(quoted.map(|_| "recovered from the reference index"));
    (body, provenance)
}

/// "showdown state" → "Showdown State": a term found in the rules' text, named as typed.
fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A near-miss falls back to the best search hits: "; the best search hits: 454, 455.1 …
/// (arbiter search …)", read from the search index when one is already built (a lookup
/// never builds it); else the search to run.
fn best_hits(edition: &EditionArgs, query: &str) -> String {
    let hint = format!("; try `arbiter search {query:?}`");
    let Some(opened) = crate::search::cache::open_existing() else {
        return hint;
    };
    let scope = match quick_for(edition) {
        Ok(b) => {
            let m = b.meta();
            crate::search::Scope::Edition {
                game: m.game.to_string(),
                edition: m.edition.to_string(),
            }
        }
        Err(_) => return hint,
    };
    let opts = crate::search::Options {
        limit: 5,
        scope,
        section: None,
        meaning: true,
    };
    match crate::search::run(&opened, query, &opts) {
        Ok(r) if !r.hits.is_empty() => format!(
            "; the best search hits: {} (`arbiter search {query:?}`)",
            r.hits
                .iter()
                .map(|h| h.id.clone())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => hint,
    }
}
