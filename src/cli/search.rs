//! `arbiter search`: ranked, typo-tolerant full-text search with synonyms.
//!
//! Text output: one block per hit, `EDITION/ID  Breadcrumb › Title`, then one or
//! two snippets with the matched words highlighted (with colour on). `--json`
//! prints the schema `search/1` documented in the README.

use crate::error::{Error, Result};
use crate::render::Out;
use crate::render::text::{visible_len, wrap};
use crate::rulebook::Library;
use crate::search::meaning::QueryVector;
use crate::search::{self, Hit, Options, Results, Scope, Section, Snippet, cache};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The words to search for: keywords, a question, a "quoted phrase", -excluded
    /// words (a query that starts with - goes after --), or a rule id (323.5).
    #[arg(value_name = "QUERY")]
    pub query: Vec<String>,
    /// How many hits to show.
    #[arg(long, short = 'n', default_value_t = 10, value_name = "N")]
    pub limit: usize,
    /// Only rules in these sections: 454-461, 454, or 454.2 and its sub-rules.
    #[arg(long, value_name = "RANGE")]
    pub section: Option<String>,
    /// The game: riftbound (default) or legions-of-will.
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The edition, e.g. 2026-03-30 (default: the newest of the game).
    #[arg(long, value_name = "EDITION", conflicts_with = "all_editions")]
    pub edition: Option<String>,
    /// Search every embedded edition (of --game, if given).
    #[arg(long)]
    pub all_editions: bool,
    /// Rank by the words alone: a question (four words or more) is otherwise also
    /// ranked by its meaning, with a sentence model built in.
    #[arg(long)]
    pub words_only: bool,
    /// Rebuild the cached index first.
    #[arg(long)]
    pub rebuild: bool,
}

pub fn search(out: &mut Out, args: SearchArgs) -> Result<()> {
    let q = args.query.join(" ");
    if q.trim().is_empty() && !args.rebuild {
        return Err(Error::Usage {
            message: "give words to search for".into(),
            suggestions: vec![
                "arbiter search deathknell".into(),
                "arbiter search '\"lethal damage\"'".into(),
            ],
        });
    }
    crate::limits::search_limit(args.limit)?;
    crate::limits::query("query", &q)?;
    // A question's embedding is computed on a second thread while the scope is read,
    // the index opened and the words searched (the model and the word search take
    // about as long); the re-ranking takes it from there. Started first, before the
    // rulebooks are read for the scope: the embedding is the longer path.
    let vector = QueryVector::ahead(&q, !args.words_only);
    let scope = scope(&args)?;
    let section = args.section.as_deref().map(Section::parse).transpose()?;
    let opts = Options {
        limit: args.limit,
        scope,
        section,
        meaning: !args.words_only,
    };

    let mut opened = cache::open(args.rebuild).map_err(Error::Failed)?;
    for n in &opened.notices {
        crate::to_stderr(&format!("note: {n}\n"));
    }
    if q.trim().is_empty() {
        return report_rebuild(out, &opened);
    }
    let res = match search::run_with(&opened, &q, &opts, &vector) {
        Err(e) if search::is_index_failure(&e) && opened.built.is_none() => {
            // A damaged index that passed the seal check: rebuild once and retry.
            opened = cache::open(true).map_err(Error::Failed)?;
            crate::to_stderr("note: the search index failed; rebuilt it\n");
            search::run_with(&opened, &q, &opts, &vector)?
        }
        r => r?,
    };
    if out.json {
        out.document(&to_json(&res, &opts))?;
    } else {
        print_text(out, &res)?;
    }
    if res.hits.is_empty() {
        // the text (or the JSON's empty `hits`) already said so, with its hints
        return Err(Error::Quiet);
    }
    Ok(())
}

fn scope(args: &SearchArgs) -> Result<Scope> {
    let lib = Library::get();
    if args.all_editions {
        return Ok(match &args.game {
            None => Scope::All,
            Some(g) => {
                let i = lib.resolve(Some(g), None).map_err(Error::usage)?;
                Scope::Game(lib.metas()[i].game.to_string())
            }
        });
    }
    let i = lib
        .resolve(args.game.as_deref(), args.edition.as_deref())
        .map_err(Error::usage)?;
    let m = &lib.metas()[i];
    Ok(Scope::Edition {
        game: m.game.to_string(),
        edition: m.edition.to_string(),
    })
}

fn report_rebuild(out: &mut Out, o: &cache::Opened) -> Result<()> {
    let docs = o.reader.searcher().num_docs();
    let ms = o.built.map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0);
    let place = match &o.location {
        cache::Location::Disk(p) => p.display().to_string(),
        cache::Location::Memory => "memory".to_string(),
    };
    if out.json {
        out.document(&RebuildJson {
            schema: "search-rebuild/1",
            rebuilt: true,
            rules: docs,
            build_ms: (ms * 10.0).round() / 10.0,
            location: place,
        })?;
    } else {
        out.line(format!(
            "rebuilt the search index: {docs} rules in {ms:.0} ms, at {place}"
        ))?;
    }
    Ok(())
}

/// The breadcrumb title of a hit: ancestors' titles, then its own, shortened in
/// the middle to fit `room` columns.
fn crumb_title(h: &Hit, room: usize) -> String {
    let mut parts: Vec<String> = h.breadcrumb.iter().filter_map(|(_, t)| t.clone()).collect();
    if let Some(t) = &h.title {
        parts.push(t.clone());
    }
    // A chapter and its first section may share a title: say it once.
    parts.dedup();
    let join = |p: &[String]| p.join(" › ");
    let mut s = join(&parts);
    // Elide ancestors after the first until it fits: `Playing the Game › … › Tank`.
    while s.chars().count() > room && parts.len() > 2 {
        if parts[1] != "…" {
            parts[1] = "…".to_string();
        } else if parts.len() > 3 {
            parts.remove(2);
        } else {
            break;
        }
        s = join(&parts);
    }
    if s.chars().count() > room {
        s = s.chars().take(room.saturating_sub(1)).collect::<String>() + "…";
    }
    s
}

fn print_text(out: &mut Out, res: &Results) -> Result<()> {
    if !res.corrections.is_empty() {
        // The query as typed, with each corrected word (or word pair) replaced.
        let mut corrected = res.query.to_lowercase();
        for (typed, fixed) in &res.corrections {
            corrected = replace_word(&corrected, typed, fixed);
        }
        let typed: Vec<String> = res
            .corrections
            .iter()
            .map(|(t, _)| format!("\"{t}\""))
            .collect();
        out.line(format!(
            "{} {} {}",
            out.dim("searched for"),
            out.bold(&format!("\"{corrected}\"")),
            out.dim(&format!(
                "(did you mean it? no rule says {})",
                typed.join(" or ")
            ))
        ))?;
    }
    for (typed, to) in &res.synonyms {
        out.line(out.dim(&format!(
            "also searched {} for \"{typed}\"",
            to.iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )))?;
    }
    if !res.unknown.is_empty() && !res.hits.is_empty() {
        let words: Vec<String> = res.unknown.iter().map(|w| format!("\"{w}\"")).collect();
        out.line(out.dim(&format!(
            "no rule here says {}; ranked by the other words",
            words.join(" or ")
        )))?;
    }
    if res.fuzzy {
        out.line(out.dim("few exact matches; near spellings included"))?;
    }
    for p in &res.unquoted {
        out.line(out.dim(&format!(
            "no rule here says \"{p}\"; its words were searched anywhere"
        )))?;
    }
    let notes = !res.corrections.is_empty()
        || !res.synonyms.is_empty()
        || res.fuzzy
        || !res.unquoted.is_empty()
        || (!res.unknown.is_empty() && !res.hits.is_empty());
    if notes {
        out.line("")?;
    }
    let width = out.width;
    for (n, h) in res.hits.iter().enumerate() {
        if n > 0 {
            out.line("")?;
        }
        let qid = h.qualified();
        let id_text = out.rule_link(&h.game, &h.edition, &h.id, &out.accent(&out.bold(&qid)));
        let mut tail = String::new();
        if h.exact {
            tail.push_str(&out.good("  = exact id match"));
        }
        if h.title_recovered.is_some() {
            tail.push_str(&out.dim("  (recovered title)"));
        }
        if h.meaning_only {
            tail.push_str(&out.dim("  (by meaning alone)"));
        }
        let room = width
            .saturating_sub(qid.chars().count() + 2 + visible_len(&tail))
            .max(20);
        let title = crumb_title(h, room);
        out.line(format!("{id_text}  {title}{tail}").trim_end())?;
        for s in &h.snippets {
            for l in wrap(&render_snippet(out, s), width, "    ") {
                out.line(l)?;
            }
        }
    }
    if res.hits.is_empty() {
        out.line(format!("no rules match {:?}", res.query))?;
        for s in &res.suggestions {
            out.line(format!("  {s}"))?;
        }
    } else if res.total > res.hits.len() {
        out.line("")?;
        out.line(out.dim(&format!(
            "{} rules match; showing {} (--limit N for more)",
            res.total,
            res.hits.len()
        )))?;
    }
    Ok(())
}

/// `hay` with each whole-word occurrence of `needle` replaced by `with`.
fn replace_word(hay: &str, needle: &str, with: &str) -> String {
    if needle.is_empty() {
        return hay.to_string();
    }
    let mut out = String::new();
    let mut rest = hay;
    while let Some(p) = rest.find(needle) {
        let before = rest[..p].chars().next_back();
        let after = rest[p + needle.len()..].chars().next();
        let whole =
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric);
        let end = p + needle.len();
        out.push_str(&rest[..p]);
        out.push_str(if whole { with } else { &rest[p..end] });
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn render_snippet(out: &Out, s: &Snippet) -> String {
    let mut r = String::new();
    let says_example = s
        .text
        .trim_start()
        .get(..7)
        .is_some_and(|w| w.eq_ignore_ascii_case("example"));
    if s.field == "example" && (s.leading_ellipsis || !says_example) {
        r.push_str(&out.dim("Example: "));
    }
    if s.field == "recovered_text" {
        r.push_str(&out.dim("(recovered) "));
    }
    if let Some(from) = &s.from {
        r.push_str(&out.dim(&format!("{from}: ")));
    }
    if s.leading_ellipsis {
        r.push('…');
    }
    let mut at = 0;
    for &(a, b) in &s.highlights {
        if a < at || b > s.text.len() {
            continue;
        }
        r.push_str(&s.text[at..a]);
        r.push_str(&out.highlight(&s.text[a..b]));
        at = b;
    }
    r.push_str(&s.text[at..]);
    if s.trailing_ellipsis {
        r.push('…');
    }
    r
}

/// Byte offset → character offset in `s`.
fn char_at(s: &str, byte: usize) -> usize {
    s[..byte.min(s.len())].chars().count()
}

/// `arbiter search --json` (schema `search/1`; fields documented in the README).
#[derive(Serialize)]
struct SearchJson<'a> {
    schema: &'static str,
    query: &'a str,
    searched_for: &'a str,
    id_query: bool,
    corrections: Vec<Correction<'a, &'a str>>,
    synonyms: Vec<Correction<'a, &'a [String]>>,
    ignored_words: &'a [String],
    unknown_words: &'a [String],
    unquoted_phrases: &'a [String],
    fuzzy: bool,
    meaning: bool,
    scope: ScopeJson,
    limit: usize,
    total: usize,
    hits: Vec<HitJson<'a>>,
    suggestions: &'a [String],
}

/// A word typed, and what was searched for it.
#[derive(Serialize)]
struct Correction<'a, T> {
    typed: &'a str,
    searched: T,
}

#[derive(Serialize)]
struct ScopeJson {
    game: Option<String>,
    edition: Option<String>,
    section: Option<String>,
}

#[derive(Serialize)]
struct HitJson<'a> {
    rank: usize,
    score: f64,
    game: &'a str,
    edition: &'a str,
    id: &'a str,
    key: &'a str,
    qualified_id: String,
    exact_id_match: bool,
    /// Found by meaning alone: the words do not match this rule.
    meaning_only: bool,
    title: Option<&'a str>,
    title_recovered: Option<&'a str>,
    breadcrumb: Vec<Crumb<'a>>,
    url: Option<String>,
    snippets: Vec<SnippetJson<'a>>,
}

#[derive(Serialize)]
struct Crumb<'a> {
    id: &'a str,
    title: Option<&'a str>,
}

#[derive(Serialize)]
struct SnippetJson<'a> {
    field: &'static str,
    from: Option<&'a str>,
    text: &'a str,
    ellipsis_before: bool,
    ellipsis_after: bool,
    /// Character offsets of the matched words in `text`.
    spans: Vec<[usize; 2]>,
}

/// `arbiter search --rebuild --json` (schema `search-rebuild/1`).
#[derive(Serialize)]
struct RebuildJson {
    schema: &'static str,
    rebuilt: bool,
    rules: u64,
    build_ms: f64,
    location: String,
}

fn to_json<'a>(res: &'a Results, opts: &Options) -> SearchJson<'a> {
    let (game, edition) = match &opts.scope {
        Scope::All => (None, None),
        Scope::Game(g) => (Some(g.clone()), None),
        Scope::Edition { game, edition } => (Some(game.clone()), Some(edition.clone())),
    };
    let section = opts.section.as_ref().map(|s| match s {
        Section::Range(a, b) if a == b => format!("{a:03}"),
        Section::Range(a, b) => format!("{a:03}-{b:03}"),
        Section::Within(id) => id.to_string(),
    });
    let hits = res
        .hits
        .iter()
        .enumerate()
        .map(|(i, h)| HitJson {
            rank: i + 1,
            score: (f64::from(h.score) * 10_000.0).round() / 10_000.0,
            game: &h.game,
            edition: &h.edition,
            id: &h.id,
            key: &h.key,
            qualified_id: h.qualified(),
            exact_id_match: h.exact,
            meaning_only: h.meaning_only,
            title: h.title.as_deref(),
            title_recovered: h.title_recovered.as_deref(),
            breadcrumb: h
                .breadcrumb
                .iter()
                .map(|(id, t)| Crumb {
                    id,
                    title: t.as_deref(),
                })
                .collect(),
            url: crate::render::rule_url(&h.game, &h.edition, &h.id),
            snippets: h
                .snippets
                .iter()
                .map(|s| SnippetJson {
                    field: s.field,
                    from: s.from.as_deref(),
                    text: &s.text,
                    ellipsis_before: s.leading_ellipsis,
                    ellipsis_after: s.trailing_ellipsis,
                    spans: s
                        .highlights
                        .iter()
                        .map(|&(a, b)| [char_at(&s.text, a), char_at(&s.text, b)])
                        .collect(),
                })
                .collect(),
        })
        .collect();
    SearchJson {
        schema: "search/1",
        query: &res.query,
        searched_for: &res.searched_for,
        id_query: res.id_query,
        corrections: res
            .corrections
            .iter()
            .map(|(t, f)| Correction {
                typed: t,
                searched: f.as_str(),
            })
            .collect(),
        synonyms: res
            .synonyms
            .iter()
            .map(|(t, to)| Correction {
                typed: t,
                searched: to.as_slice(),
            })
            .collect(),
        ignored_words: &res.dropped,
        unknown_words: &res.unknown,
        unquoted_phrases: &res.unquoted,
        fuzzy: res.fuzzy,
        meaning: res.meaning,
        scope: ScopeJson {
            game,
            edition,
            section,
        },
        limit: opts.limit,
        total: res.total,
        hits,
        suggestions: &res.suggestions,
    }
}
