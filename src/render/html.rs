//! The rules as a static, offline web site: an index of editions, and one page per
//! edition (table of contents, every rule with a stable anchor by its id,
//! breadcrumbs, cross-references and backlinks as links, examples set apart,
//! recovered text marked with its source, counterparts in other editions linked),
//! with a search box over an index shipped beside the page. No network, no CDN, no
//! external fonts.

use super::text::plain;
use crate::rulebook::library::{Book, Rules};
use crate::rulebook::{Ref, RefField, Rule};
use std::fmt::Write as _;

/// The site's style sheet: phone and desktop, dark mode by preference, print.
pub const CSS: &str = include_str!("site.css");
/// The site's script: the search box (`/` focuses it) over the prebuilt index.
pub const JS: &str = include_str!("site.js");

/// Escapes text for HTML element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// Where `arbiter export html` writes by default, and where terminal links look for
/// a local copy: `site/` in the data directory ([`crate::paths::data_dir`]; on Linux
/// `$XDG_DATA_HOME/arbiter/site`, else `~/.local/share/arbiter/site`).
pub fn default_site_dir() -> Option<std::path::PathBuf> {
    crate::paths::data_dir().map(|d| d.join("site"))
}

/// The file name of an edition's page: `riftbound-2026-03-30.html`.
pub fn page_name(game: &str, edition: &str) -> String {
    format!("{game}-{edition}.html")
}

/// A rule's anchor: its lookup key, with a duplicate's `#2` written `~2`.
pub fn anchor(key: &str) -> String {
    key.replace('#', "~")
}

/// One embedded edition, with what its page links to elsewhere.
pub struct EditionPage<'a> {
    pub book: &'a Book,
    /// The pages of the other editions of the same game, by edition name.
    pub others: Vec<(String, String)>,
}

/// `plain()` of a piece of text, keeping the spaces at its ends (a link's
/// neighbours).
fn piece(s: &str) -> String {
    let t = s.trim();
    if t.is_empty() {
        return esc(s);
    }
    let lead = &s[..s.len() - s.trim_start().len()];
    let trail = &s[s.trim_end().len()..];
    format!("{}{}{}", esc(lead), esc(&plain(t)), esc(trail))
}

/// Renders `text` (a field of rule `r`) with its references as links; symbols
/// spelled out as in the terminal.
fn linked(book: &Book, r: &Rule, field: RefField, text: &str) -> String {
    let mut refs: Vec<&Ref> = r.refs.iter().filter(|x| x.field == field).collect();
    refs.sort_by_key(|x| x.start);
    let mut out = String::new();
    let mut at = 0usize;
    for x in refs {
        let (s, e) = (x.start as usize, x.end as usize);
        if s < at || e > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(e) {
            continue;
        }
        out.push_str(&piece(&text[at..s]));
        let shown = piece(&text[s..e]);
        let key = x.target_key();
        if x.dangling || book.index_of(&key).is_none() {
            let _ = write!(
                out,
                "<span class=\"dangling\" title=\"not in this edition\">{shown}</span>"
            );
        } else {
            let _ = write!(out, "<a href=\"#{}\">{shown}</a>", esc(&anchor(&key)));
        }
        at = e;
    }
    out.push_str(&piece(&text[at..]));
    out
}

/// The edition's page.
pub fn edition_page(p: &EditionPage) -> String {
    let book = p.book;
    let m = book.meta;
    let title = format!("{} — {} {}", m.title, game_name(m.game), m.edition);
    let mut h = String::with_capacity(1 << 20);
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"site.css\">\n</head>\n<body>\n",
        esc(&title)
    );
    let _ = write!(
        h,
        "<header><nav class=\"top\" aria-label=\"Site\"><a href=\"index.html\">arbiter</a> › \
         <span>{} {}</span></nav>\n<form class=\"search\" role=\"search\" onsubmit=\"return false\">\
         <label for=\"q\" class=\"vh\">Search the rules</label>\
         <input id=\"q\" type=\"search\" placeholder=\"Search the rules (press /)\" autocomplete=\"off\">\
         </form></header>\n<div id=\"results\" role=\"region\" aria-live=\"polite\" hidden></div>\n",
        esc(game_name(m.game)),
        esc(m.edition)
    );
    let _ = write!(
        h,
        "<div class=\"layout\">\n<nav class=\"toc\" aria-label=\"Contents\"><h2>Contents</h2>\n<ol>\n"
    );
    for s in &book.ed.sections {
        let key = s.id.to_string();
        // an entry with no rule of its number (none today) has no anchor
        let label = format!("{} {}", esc(&key), esc(&s.title));
        let _ = if book.index_of(&key).is_some() {
            writeln!(
                h,
                "<li class=\"l{}\"><a href=\"#{}\">{label}</a></li>",
                s.level,
                esc(&anchor(&key))
            )
        } else {
            writeln!(h, "<li class=\"l{}\">{label}</li>", s.level)
        };
    }
    h.push_str("</ol>\n</nav>\n<main>\n");
    let _ = write!(
        h,
        "<h1>{}</h1>\n<p class=\"about\">{} edition {}{}. {} rules. Rules text © Riot Games; \
         an unofficial copy for study.</p>\n",
        esc(m.title),
        esc(game_name(m.game)),
        esc(m.edition),
        m.effective
            .map(|e| format!(", effective {}", esc(e)))
            .unwrap_or_default(),
        book.ed.rules.len()
    );
    for (i, r) in book.ed.rules.iter().enumerate() {
        rule_html(&mut h, p, i, r);
    }
    let _ = write!(
        h,
        "</main>\n</div>\n<script src=\"{}\"></script>\n<script src=\"site.js\"></script>\n</body>\n</html>\n",
        esc(&index_name(m.game, m.edition))
    );
    h
}

fn game_name(game: &str) -> &str {
    match game {
        "riftbound" => "Riftbound",
        "legions-of-will" => "Legions of Will",
        g => g,
    }
}

fn rule_html(h: &mut String, p: &EditionPage, i: usize, r: &Rule) {
    let book = p.book;
    let key = r.key();
    let a = anchor(&key);
    let depth = r.id.depth().min(6);
    let _ = writeln!(h, "<article class=\"rule d{depth}\" id=\"{}\">", esc(&a));
    // breadcrumb
    let crumbs = book.breadcrumb(i);
    if !crumbs.is_empty() {
        h.push_str("<nav class=\"crumbs\" aria-label=\"Breadcrumb\">");
        for (k, c) in crumbs.iter().enumerate() {
            if k > 0 {
                h.push_str(" › ");
            }
            let idk = c.key.clone();
            let label = match &c.title {
                Some(t) => format!("{idk} {t}"),
                None => idk.clone(),
            };
            if book.index_of(&idk).is_some() {
                let _ = write!(h, "<a href=\"#{}\">{}</a>", esc(&anchor(&idk)), esc(&label));
            } else {
                h.push_str(&esc(&label));
            }
        }
        h.push_str("</nav>\n");
    }
    let _ = write!(
        h,
        "<p><a class=\"id\" href=\"#{}\">{}</a> ",
        esc(&a),
        esc(&key)
    );
    match (&r.text, &r.title) {
        (Some(t), _) => h.push_str(&linked(book, r, RefField::Text, t)),
        (None, Some(t)) => {
            let _ = write!(h, "<strong>{}</strong>", esc(&plain(t)));
        }
        (None, None) => {}
    }
    if let Some(rec) = &r.recovered {
        let what = rec
            .text
            .as_deref()
            .or(rec.title.as_deref())
            .unwrap_or_default();
        let _ = write!(
            h,
            " <span class=\"recovered\">{}</span> <small class=\"source\">[{}{}]</small>",
            esc(&plain(what)),
            esc(rec.source.describe()),
            rec.detail
                .as_ref()
                .map(|d| format!(": {}", esc(d)))
                .unwrap_or_default()
        );
    } else if r.text.is_none() && r.title.is_none() {
        h.push_str(" <small class=\"source\">(no text in the source)</small>");
    }
    h.push_str("</p>\n");
    if !r.items.is_empty() {
        h.push_str("<ul>");
        for it in &r.items {
            let _ = write!(h, "<li>{}</li>", esc(&plain(it)));
        }
        h.push_str("</ul>\n");
    }
    for (k, ex) in r.examples.iter().enumerate() {
        let _ = writeln!(
            h,
            "<aside class=\"example\">{}</aside>",
            linked(book, r, RefField::Example(k as u32), ex)
        );
    }
    if let Some(n) = &r.note {
        let _ = writeln!(h, "<p class=\"note\">note: {}</p>", esc(n));
    }
    // counterparts and backlinks
    let mut meta: Vec<String> = Vec::new();
    if let Some(cp) = book.counterpart(i)
        && let Some((_, page)) = p.others.iter().find(|(e, _)| *e == cp.edition)
    {
        let word = if m_is_newest(book) { "was" } else { "now" };
        let links: Vec<String> = std::iter::once(&cp.id)
            .chain(&cp.others)
            .map(|id| {
                let k = id.to_string();
                format!(
                    "<a href=\"{}#{}\">{}</a>",
                    esc(page),
                    esc(&anchor(&k)),
                    esc(&k)
                )
            })
            .collect();
        meta.push(format!(
            "{word} {} in {} ({})",
            links.join(" + "),
            esc(&cp.edition),
            esc(&cp.relation)
        ));
    }
    let back = book.backlinks_of(i);
    if !back.is_empty() {
        let links: Vec<String> = back
            .iter()
            .map(|&j| {
                let k = book.ed.rules[j as usize].key();
                format!("<a href=\"#{}\">{}</a>", esc(&anchor(&k)), esc(&k))
            })
            .collect();
        meta.push(format!("referenced by {}", links.join(", ")));
    }
    if !meta.is_empty() {
        let _ = writeln!(h, "<p class=\"meta\">{}</p>", meta.join(" · "));
    }
    h.push_str("</article>\n");
}

fn m_is_newest(book: &Book) -> bool {
    let lib = crate::rulebook::Library::get();
    lib.resolve(Some(book.meta.game), None)
        .is_ok_and(|d| lib.metas()[d].edition == book.meta.edition)
}

/// The file name of an edition's search index script.
pub fn index_name(game: &str, edition: &str) -> String {
    format!("{game}-{edition}.index.js")
}

/// The search index of an edition: a script that sets `ARBITER_INDEX` (a script,
/// not JSON, so that it loads from `file://` without a server).
pub fn search_index(book: &Book) -> String {
    #[derive(serde::Serialize)]
    struct Index<'a> {
        page: String,
        /// `[[key phrases…], [replacement phrases…]]`: the synonyms of `arbiter search`.
        synonyms: Vec<(Vec<String>, &'a [&'a str])>,
        /// `[anchor, id, title, text]` per rule.
        rules: Vec<(String, String, String, String)>,
    }
    let rules = book
        .ed
        .rules
        .iter()
        .map(|r| {
            let mut text = String::new();
            for t in r.text.iter().chain(&r.items).chain(&r.examples) {
                text.push_str(&plain(t));
                text.push(' ');
            }
            if let Some(rec) = &r.recovered {
                for t in rec.title.iter().chain(&rec.text) {
                    text.push_str(&plain(t));
                    text.push(' ');
                }
            }
            let title = book.title_of(r).unwrap_or_default();
            (
                anchor(&r.key()),
                r.key(),
                plain(&title),
                text.trim_end().to_string(),
            )
        })
        .collect();
    let synonyms = crate::search::thesaurus::synonyms()
        .iter()
        .map(|s| (s.keys.iter().map(|k| k.join(" ")).collect(), s.to))
        .collect();
    let idx = Index {
        page: page_name(book.meta.game, book.meta.edition),
        synonyms,
        rules,
    };
    let json = serde_json::to_string(&idx).expect("the index serialises");
    // `</script>` cannot occur in JSON strings escaped this way
    format!("window.ARBITER_INDEX = {};\n", json.replace("</", "<\\/"))
}

/// The index page: every embedded edition.
pub fn index_page(books: &[&Book]) -> String {
    let mut h = String::from(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>arbiter — the rules</title>\n<link rel=\"stylesheet\" href=\"site.css\">\n</head>\n<body>\n\
         <header><nav class=\"top\" aria-label=\"Site\"><a href=\"index.html\">arbiter</a></nav></header>\n\
         <main class=\"index\">\n<h1>The rules, every embedded edition</h1>\n<ul class=\"editions\">\n",
    );
    for b in books {
        let m = b.meta;
        let _ = writeln!(
            h,
            "<li><a href=\"{}\"><strong>{} {}</strong></a> — {}{} · {} rules</li>",
            esc(&page_name(m.game, m.edition)),
            esc(game_name(m.game)),
            esc(m.edition),
            esc(m.title),
            m.effective
                .map(|e| format!(", effective {}", esc(e)))
                .unwrap_or_default(),
            b.ed.rules.len()
        );
    }
    h.push_str(
        "</ul>\n<p class=\"about\">Made by <code>arbiter export html</code>: works offline, \
         no network. An unofficial fan tool; Riftbound and its rules text are the property \
         of Riot Games.</p>\n</main>\n</body>\n</html>\n",
    );
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_everything_that_could_open_markup() {
        assert_eq!(
            esc(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(anchor("111.1a#2"), "111.1a~2");
    }
}
