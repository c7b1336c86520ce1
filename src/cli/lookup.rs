//! The judge's lookups: `rule`, `toc`, `define`, `editions`, `refs`, `completions`.

use super::EditionArgs;
use super::json;
use crate::error::{Error, Result};
use crate::render::Out;
use crate::render::text::{inline, visible_len, wrap, wrap_hanging};
use crate::rulebook::import::model::part_entries;
use crate::rulebook::library::{Book, Quick, Rules, normalize_game};
use crate::rulebook::{Library, Ref, Rule, RuleId};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

#[derive(Debug, clap::Args)]
pub struct RuleArgs {
    /// The rule id, e.g. 323.5, 466.1.b.2 or 603.3b (a duplicated id: 111.1a#2).
    #[arg(value_name = "ID")]
    pub id: String,
    /// How many levels of sub-rules to show beneath it.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub depth: usize,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct TocArgs {
    /// One part or section, e.g. 300 or 318.
    #[arg(value_name = "ID")]
    pub part: Option<String>,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct EditionsArgs {}

#[derive(Debug, clap::Args)]
pub struct RefsArgs {
    /// The rule id.
    #[arg(value_name = "ID")]
    pub id: String,
    #[command(flatten)]
    pub edition: EditionArgs,
}

#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    pub shell: clap_complete::Shell,
}

/// The edition the arguments name (default: the newest Riftbound edition), read rule by
/// rule: a lookup decodes only the rules it prints, and reads what it needs of the rest
/// from the tables `build.rs` embeds, so that it stays close to a grep.
pub(super) fn quick_for(args: &EditionArgs) -> Result<Quick> {
    let lib = Library::get();
    let i = lib
        .resolve(args.game.as_deref(), args.edition.as_deref())
        .map_err(Error::usage)?;
    Ok(lib.quick(i))
}

/// An id as `search` prints it, qualified by its edition (`2026-03-30/808.1.d.1`): the
/// edition part selects the edition (and its game); a conflicting `--edition` is an error.
fn unqualify(typed: &str, edition: &mut EditionArgs) -> Result<String> {
    crate::limits::rule_id(typed)?;
    let Some((ed, id)) = typed.split_once('/') else {
        return Ok(typed.to_string());
    };
    let lib = Library::get();
    let Some(m) = lib.metas().iter().find(|m| m.edition == ed) else {
        return Err(Error::Usage {
            message: format!("{typed:?}: there is no embedded edition {ed:?}"),
            suggestions: lib.metas().iter().map(|m| m.edition.to_string()).collect(),
        });
    };
    if let Some(given) = &edition.edition
        && given != ed
    {
        return Err(Error::usage(format!(
            "{typed:?} names the edition {ed}, but --edition says {given}"
        )));
    }
    edition.edition = Some(ed.to_string());
    if edition.game.is_none() {
        edition.game = Some(m.game.to_string());
    }
    Ok(id.to_string())
}

/// Finds a rule by the id the user typed, or explains where it is instead.
fn find_rule<R: Rules + ?Sized>(book: &R, typed: &str) -> Result<usize> {
    let (id_part, dup) = match typed.split_once('#') {
        Some((a, b)) => (a, Some(b)),
        None => (typed, None),
    };
    if !id_part.is_empty()
        && id_part
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-')
    {
        return Err(Error::Usage {
            message: format!(
                "{typed:?} is a word, not a rule id: `arbiter search {typed}` finds the rules \
                 about it, `arbiter define {typed}` the rules that define it"
            ),
            suggestions: Vec::new(),
        });
    }
    let id = book.parse_id(id_part).ok_or_else(|| Error::Usage {
        message: format!(
            "{typed:?} is not a rule id (ids look like 323.5, 466.1.b.2{})",
            if book.id_style() == crate::rulebook::IdStyle::Comprehensive {
                " or 603.3b"
            } else {
                ""
            }
        ),
        suggestions: Vec::new(),
    })?;
    let key = match dup {
        Some(n) if n != "1" => format!("{id}#{n}"),
        _ => id.to_string(),
    };
    if let Some(i) = book.index_of(&key) {
        return Ok(i);
    }
    if dup.is_some() && book.index_of(&id.to_string()).is_some() {
        let count = (2..)
            .take_while(|k| book.index_of(&format!("{id}#{k}")).is_some())
            .count()
            + 1;
        return Err(Error::NotFound {
            suggestions: Vec::new(),
            message: format!(
                "{typed} is not in {} {}: {id} is used by {count} rule{} (a duplicate is \
                 written {id}#2, {id}#3, …)",
                book.meta().game,
                book.meta().edition,
                if count == 1 { "" } else { "s" },
            ),
        });
    }
    Err(not_found(book.meta(), &id))
}

/// The error for an id an edition lacks: the nearest existing ids and, when another
/// edition of the game has it, what it is there and where it went.
fn not_found(m: &crate::rulebook::library::EmbeddedEdition, id: &RuleId) -> Error {
    let lib = Library::get();
    let book = lib.book(
        lib.metas()
            .iter()
            .position(|e| std::ptr::eq(e, m))
            .unwrap_or(0),
    );
    let mut message = format!("{id} is not in {} {}", m.game, m.edition);
    for (j, other) in lib.metas().iter().enumerate() {
        if other.game != m.game || other.edition == m.edition {
            continue;
        }
        let ob = lib.book(j);
        let Some(k) = ob.index_of(&id.to_string()) else {
            continue;
        };
        let r = &ob.ed.rules[k];
        let what = ob
            .title_of(r)
            .or_else(|| r.text.clone())
            .unwrap_or_default();
        message.push_str(&format!(
            "; in {} it is {:?}",
            other.edition,
            shorten(&what, 90)
        ));
        if let Some(Some(cp)) = ob.ed.counterparts.get(k)
            && cp.edition == m.edition
        {
            // from the edition diff: "(now 308)", or "(was 508)" asked of 2025
            let w = super::diff::was_now(m.game, other.edition, cp);
            let w = w.split(" in ").next().unwrap_or_default();
            message.push_str(&format!(" ({w})"));
        }
        break;
    }
    Error::NotFound {
        message,
        suggestions: nearest_ids(book, id),
    }
}

/// Up to five existing ids near `id`: its closest ancestor and siblings, then ids that
/// are a typo away.
fn nearest_ids(book: &Book, id: &RuleId) -> Vec<String> {
    let typed = id.to_string();
    let mut anc = id.parent();
    while let Some(a) = &anc {
        if book.index_of(&a.to_string()).is_some() {
            break;
        }
        anc = a.parent();
    }
    let mut scored: Vec<(usize, String)> = book
        .ed
        .rules
        .iter()
        .filter(|r| r.dup == 0)
        .map(|r| {
            let s = r.id.to_string();
            let mut d = crate::fuzzy::distance(&typed, &s);
            if anc
                .as_ref()
                .is_some_and(|a| r.parent.as_ref() == Some(a) || &r.id == a)
            {
                d = d.saturating_sub(1);
            }
            (d, s)
        })
        .filter(|(d, _)| *d <= 2)
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| cmp_ids(&a.1, &b.1)));
    scored.into_iter().take(5).map(|(_, s)| s).collect()
}

fn cmp_ids(a: &str, b: &str) -> std::cmp::Ordering {
    RuleId::parse(a).cmp(&RuleId::parse(b))
}

pub(super) fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max - 1).collect();
    format!("{}…", cut.trim_end())
}

/// `arbiter rule ID [--depth N]`.
pub fn rule(out: &mut Out, mut args: RuleArgs) -> Result<()> {
    args.id = unqualify(&args.id, &mut args.edition)?;
    let lib = Library::get();
    let e = lib
        .resolve(
            args.edition.game.as_deref(),
            args.edition.edition.as_deref(),
        )
        .map_err(Error::usage)?;
    // Only the rules printed are decoded: a lookup stays close to a grep.
    let quick = lib.quick(e);
    let book = &quick;
    let i = find_rule(book, &args.id)?;
    if out.json {
        let v = json::rule_json(book, i, args.depth, true);
        out.document(&v)?;
        return Ok(());
    }
    let crumbs = book.breadcrumb(i);
    if !crumbs.is_empty() {
        let trail: Vec<String> = crumbs
            .iter()
            .map(|c| match &c.title {
                Some(t) => format!("{} {t}", c.key),
                None => c.key.clone(),
            })
            .collect();
        for l in breadcrumb_lines(&trail, out.width) {
            let l = out.dim(&l);
            out.line(l)?;
        }
    }
    print_rule(out, book, i, 0, args.depth)?;
    super::diff::print_was_now(out, book, i)?;
    print_edition_footer(out, book)?;
    Ok(())
}

/// A breadcrumb's lines: its steps joined by ` › `, a line broken between steps where it can
/// be (a step wider than the line is wrapped by words), each later line indented by two.
fn breadcrumb_lines(steps: &[String], width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut cur = String::new();
    for (k, step) in steps.iter().enumerate() {
        let piece = if k == 0 {
            step.clone()
        } else {
            format!(" › {step}")
        };
        if cur.is_empty() || visible_len(&cur) + visible_len(&piece) <= width {
            cur.push_str(&piece);
            continue;
        }
        lines.push(std::mem::take(&mut cur));
        cur = format!("  › {step}");
    }
    lines.push(cur);
    lines
        .into_iter()
        .flat_map(|l| {
            if visible_len(&l) <= width {
                vec![l]
            } else {
                let lead = if l.starts_with("  ") { "  " } else { "" };
                wrap_hanging(l.trim_start(), width, lead, "    ")
            }
        })
        .collect()
}

/// An example's label (`Example:`, `**Example**:` shown plain) and its text, apart: the
/// label is set in italics and followed by one space whatever the source had.
fn example_label(ex: &str) -> (Option<String>, &str) {
    let Some(colon) = ex.find(':') else {
        return (None, ex);
    };
    let label = ex[..colon].trim_matches(|c: char| c == '*' || c == '_' || c == ' ');
    if label.is_empty() || label.len() > 12 || !label.chars().all(char::is_alphabetic) {
        return (None, ex);
    }
    (Some(format!("{label}:")), ex[colon + 1..].trim_start())
}

pub(super) fn print_edition_footer<R: Rules + ?Sized>(out: &mut Out, book: &R) -> Result<()> {
    let line = format!(
        "— {} {} ({})",
        book.meta().game,
        book.meta().edition,
        book.meta().title
    );
    let line = out.dim(&line);
    out.line(line)?;
    Ok(())
}

/// One rule as text: id and text (or title), recovered text marked, examples set
/// apart, references listed; then its children to `depth` levels.
fn print_rule<R: Rules + ?Sized>(
    out: &mut Out,
    book: &R,
    i: usize,
    level: usize,
    depth: usize,
) -> Result<()> {
    let r = book.rule(i);
    let r = &*r;
    let indent = "  ".repeat(level);
    let id = out.rule_link(book.meta().game, book.meta().edition, &r.key(), &r.key());
    let id = out.bold(&id);
    let body = match (&r.text, &r.title) {
        (Some(t), _) => inline(out, t),
        (None, Some(t)) => out.bold(t),
        (None, None) => String::new(),
    };
    let mut first = format!("{id}  {body}");
    if r.text.is_none() && r.title.is_none() {
        match &r.recovered {
            Some(rec) => {
                let what = rec
                    .text
                    .as_deref()
                    .or(rec.title.as_deref())
                    .unwrap_or_default();
                first = format!(
                    "{id}  {} {}",
                    out.dim(&inline(out, what)),
                    out.dim(&format!("[{}]", rec.source.describe()))
                );
            }
            None => {
                first = format!("{id}  {}", out.dim("(no text in the source)"));
            }
        }
    }
    let hang = format!("{indent}{}", " ".repeat(r.key().chars().count() + 1));
    for l in wrap_hanging(&first, out.width, &indent, &hang) {
        out.line(l)?;
    }
    if (r.text.is_some() || r.title.is_some())
        && let Some(rec) = &r.recovered
        && let Some(t) = rec.text.as_deref().or(rec.title.as_deref())
    {
        let s = format!("{} [{}]", inline(out, t), rec.source.describe());
        for l in wrap(&s, out.width, &hang) {
            let l = out.dim(&l);
            out.line(l)?;
        }
    }
    for item in &r.items {
        for l in wrap(&format!("• {}", inline(out, item)), out.width, &hang) {
            out.line(l)?;
        }
    }
    for ex in &r.examples {
        let (label, rest) = example_label(ex);
        let s = match label {
            Some(label) => format!("{} {}", out.italic(&label), inline(out, rest)),
            None => inline(out, rest),
        };
        let ex_indent = format!("{hang}│ ");
        for l in wrap(&s, out.width, &ex_indent) {
            let l = out.dim(&l);
            out.line(l)?;
        }
    }
    if let Some(note) = &r.note {
        let s = out.warn(&format!("note: {note}"));
        out.line(format!("{hang}{s}"))?;
    }
    let links = ref_list(out, book, &r.refs);
    if !links.is_empty() {
        let s = format!("{} {}", out.dim("→ see"), links.join(", "));
        for l in wrap(&s, out.width, &hang) {
            out.line(l)?;
        }
    }
    if level < depth {
        for &c in book.children(i).iter() {
            print_rule(out, book, c as usize, level + 1, depth)?;
        }
    }
    Ok(())
}

/// The distinct targets of `refs` as linked `id Title` strings.
fn ref_list<R: Rules + ?Sized>(out: &Out, book: &R, refs: &[Ref]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut v = Vec::new();
    for rf in refs {
        let key = rf.target_key();
        if seen.contains(&key) {
            continue;
        }
        seen.push(key.clone());
        let title = book
            .index_of(&key)
            .and_then(|t| book.title_of(&book.rule(t)))
            .or_else(|| rf.title.clone());
        let id = out.rule_link(book.meta().game, book.meta().edition, &key, &key);
        let mut s = match title {
            Some(t) => format!("{} {}", out.accent(&id), shorten(&t, 40)),
            None => out.accent(&id),
        };
        if rf.dangling {
            s.push_str(&out.dim(" (not in this edition)"));
        }
        v.push(s);
    }
    v
}

/// `arbiter toc [ID]`: the sections of an edition, or what one part or section holds.
pub fn toc(out: &mut Out, args: TocArgs) -> Result<()> {
    let quick = quick_for(&args.edition)?;
    let book = &quick;
    let meta = book.meta();
    let sections = book.sections();
    let filter = match &args.part {
        None => None,
        Some(p) => {
            crate::limits::rule_id(p)?;
            let id = book
                .parse_id(p)
                .ok_or_else(|| Error::usage(format!("{p:?} is not a rule id")))?;
            Some(id)
        }
    };
    // rows: (id, title, level, rules in range)
    let mut rows: Vec<(String, String, u8, usize)> = Vec::new();
    match &filter {
        None => {
            for (k, s) in sections.iter().enumerate() {
                rows.push((
                    s.id.to_string(),
                    s.title.clone(),
                    s.level,
                    meta.section_sizes[k] as usize,
                ));
            }
        }
        Some(id) if id.depth() == 1 && sections.iter().any(|s| &s.id == id && s.level == 1) => {
            // a part: its sections, as the contents list them
            let part = sections
                .iter()
                .position(|s| &s.id == id && s.level == 1)
                .unwrap_or_default();
            for k in part_entries(sections, part) {
                let s = &sections[k];
                rows.push((
                    s.id.to_string(),
                    s.title.clone(),
                    s.level,
                    meta.section_sizes[k] as usize,
                ));
            }
        }
        Some(id) => {
            // a section or rule: its top-level rules (or children) with titles
            let i = find_rule(book, &id.to_string())?;
            let members: Vec<usize> = if id.depth() == 1 {
                let end = sections
                    .iter()
                    .find(|s| s.id.top() > id.top())
                    .map(|s| s.id.top())
                    .unwrap_or(u32::MAX);
                meta.outline
                    .iter()
                    .enumerate()
                    .filter(|(_, (top, depth, _))| *depth == 1 && *top >= id.top() && *top < end)
                    .map(|(j, _)| j)
                    .collect()
            } else {
                std::iter::once(i)
                    .chain(book.children(i).iter().map(|&c| c as usize))
                    .collect()
            };
            for j in members {
                let r = book.rule(j);
                // the rules at or beneath its id
                let count = meta.outline[j].2 as usize;
                let title = book
                    .title_of(&r)
                    .or_else(|| r.text.as_deref().map(|t| shorten(t, 60)))
                    .unwrap_or_default();
                rows.push((r.key(), title, 2, count));
            }
        }
    }
    if rows.is_empty() {
        return Err(Error::usage(format!(
            "{} {} has no table of contents{}",
            meta.game,
            meta.edition,
            args.part.map(|p| format!(" under {p}")).unwrap_or_default()
        )));
    }
    if out.json {
        let v = json::TocJson {
            schema: "toc/1",
            game: meta.game,
            edition: meta.edition,
            entries: rows
                .into_iter()
                .map(|(id, title, level, rules)| json::TocEntry {
                    id,
                    title,
                    level,
                    rules,
                })
                .collect(),
        };
        out.document(&v)?;
        return Ok(());
    }
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(out.width as u16)
        .set_header(vec!["id", "title", "rules"]);
    if !out.color {
        table.force_no_tty();
    }
    for (id, t, lvl, n) in &rows {
        let label = if *lvl == 1 {
            out.bold(t)
        } else {
            format!("  {t}")
        };
        let idl = out.rule_link(meta.game, meta.edition, id, id);
        table.add_row(vec![idl, label, n.to_string()]);
    }
    out.line(table.to_string())?;
    print_edition_footer(out, book)?;
    Ok(())
}

/// `arbiter editions`: the embedded rulebooks.
pub fn editions(out: &mut Out, _args: EditionsArgs) -> Result<()> {
    let lib = Library::get();
    let metas = lib.metas();
    if out.json {
        let editions = metas
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let ed = &lib.book(i).ed;
                json::EditionJson {
                    game: m.game,
                    edition: m.edition,
                    effective: m.effective,
                    title: m.title,
                    format: m.format,
                    file: m.file,
                    default: m.default,
                    rules: m.rule_count,
                    with_text: ed.rules.iter().filter(|r| r.text.is_some()).count(),
                    recovered: ed.rules.iter().filter(|r| r.recovered.is_some()).count(),
                    glossary_terms: ed.glossary.len(),
                    warnings: ed.warnings.len(),
                }
            })
            .collect();
        out.document(&json::EditionsJson {
            schema: "editions/1",
            editions,
        })?;
        return Ok(());
    }
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(out.width as u16)
        .set_header(vec!["game", "edition", "effective", "rules", "source"]);
    if !out.color {
        table.force_no_tty();
    }
    for m in metas {
        let ed = if m.default {
            out.bold(&format!("{} *", m.edition))
        } else {
            m.edition.to_string()
        };
        table.add_row(vec![
            m.game.to_string(),
            ed,
            m.effective.unwrap_or("undated").to_string(),
            m.rule_count.to_string(),
            format!("{}\n{}", m.title, out.dim(&format!("rules/{}", m.file))),
        ]);
    }
    out.line(table.to_string())?;
    out.line(out.dim("* the default edition of its game"))?;
    Ok(())
}

/// `arbiter refs ID`: what a rule links to, and every rule that links to it.
pub fn refs(out: &mut Out, mut args: RefsArgs) -> Result<()> {
    args.id = unqualify(&args.id, &mut args.edition)?;
    let quick = quick_for(&args.edition)?;
    let book = &quick;
    let meta = book.meta();
    let i = find_rule(book, &args.id)?;
    let record = meta.record(i);
    let r: &Rule = &record.rule;
    // the rules that reference it (a link names one occurrence of a duplicated id)
    let back: Vec<usize> = book.backlinks_of(i).iter().map(|&j| j as usize).collect();
    // links to rules beneath this one count too ("See rule 327" for 327.1 is not a
    // backlink, but a link to 327.1 is one for 327's subtree): listed apart.
    let below = &record.below;
    if out.json {
        let v = json::RefsJson {
            schema: "refs/1",
            game: meta.game,
            edition: meta.edition,
            id: r.key(),
            title: book.title_of(r),
            links_to: r.refs.iter().map(|rf| json::ref_json(book, rf)).collect(),
            linked_from: back
                .iter()
                .map(|&j| {
                    let o = book.rule(j);
                    json::IdTitle {
                        id: o.key(),
                        title: book.title_of(&o),
                    }
                })
                .collect(),
            linked_from_below: below
                .iter()
                .map(|(j, t)| json::LinkedFromBelow {
                    id: book.rule(*j as usize).key(),
                    target: t.to_string(),
                })
                .collect(),
        };
        out.document(&v)?;
        return Ok(());
    }
    let key = r.key();
    let title = book.title_of(r).unwrap_or_default();
    let idl = out.rule_link(meta.game, meta.edition, &key, &key);
    out.line(format!("{}  {}", out.bold(&idl), title))?;
    let to = ref_list(out, book, &r.refs);
    out.line(format!("  links to ({}):", to.len()))?;
    for s in &to {
        out.line(format!("    {s}"))?;
    }
    if to.is_empty() {
        out.line(out.dim("    (nothing)"))?;
    }
    out.line(format!("  linked from ({}):", back.len()))?;
    for &j in &back {
        let o = book.rule(j);
        let k = o.key();
        let t = book
            .title_of(&o)
            .or_else(|| o.text.as_deref().map(|t| shorten(t, 60)))
            .unwrap_or_default();
        let idl = out.rule_link(meta.game, meta.edition, &k, &k);
        out.line(format!("    {} {}", out.accent(&idl), shorten(&t, 64)))?;
    }
    if back.is_empty() {
        out.line(out.dim("    (nothing)"))?;
    }
    if !below.is_empty() {
        out.line(format!("  links to rules beneath it ({}):", below.len()))?;
        for (j, t) in below {
            let k = book.rule(*j as usize).key();
            let idl = out.rule_link(meta.game, meta.edition, &k, &k);
            out.line(format!("    {} → {t}", out.accent(&idl)))?;
        }
    }
    print_edition_footer(out, book)?;
    Ok(())
}

/// `arbiter completions SHELL`.
pub fn completions(out: &mut Out, args: CompletionsArgs) -> Result<()> {
    let mut buf = Vec::new();
    crate::cli::write_completions(args.shell, &mut buf);
    out.raw(String::from_utf8_lossy(&buf))?;
    Ok(())
}

/// For `--game` values that name no game (used by error messages).
pub fn is_known_game(g: &str) -> bool {
    normalize_game(g) != "unknown"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::RefField;

    /// Every rule of every edition renders, as text and JSON, with colour and links
    /// on and off, without panicking, and every reference span lies on its text.
    #[test]
    fn every_rule_of_every_edition_renders() {
        let lib = Library::get();
        for (e, meta) in lib.metas().iter().enumerate() {
            let book = lib.book(e);
            for color in [false, true] {
                let mut out = Out::to_writer(Box::new(std::io::sink()), color, color, false);
                for i in 0..book.ed.rules.len() {
                    print_rule(&mut out, book, i, 0, 1).unwrap();
                }
            }
            for (i, r) in book.ed.rules.iter().enumerate() {
                let v = json::rule_json(book, i, 1, true);
                assert_eq!(v.key, r.key(), "{} {}", meta.edition, r.key());
                for rf in &r.refs {
                    let field = match rf.field {
                        RefField::Text => r.text.as_deref().unwrap_or(""),
                        RefField::Example(n) => &r.examples[n as usize],
                    };
                    assert!(
                        field.get(rf.start as usize..rf.end as usize).is_some(),
                        "{} {}: span {}..{} off its text",
                        meta.edition,
                        r.key(),
                        rf.start,
                        rf.end
                    );
                }
            }
        }
    }
}
