//! `arbiter export html [DIR]`: every embedded edition as a static, offline web site.

use crate::error::{Error, Result};
use crate::render::Out;
use crate::render::html::{
    CSS, EditionPage, JS, default_site_dir, edition_page, index_name, index_page, page_name,
    search_index,
};
use crate::rulebook::Library;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// What to export: html (a static site, one page per edition, searchable offline).
    #[arg(value_enum, value_name = "FORMAT")]
    pub format: ExportFormat,
    /// Where to write it (created if missing; default: site/ in the data directory —
    /// ~/.local/share/arbiter/site on Linux — where terminal links look for it).
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ExportFormat {
    Html,
}

/// The `--json` form (schema `export/1`).
#[derive(Debug, Serialize)]
pub struct ExportJson {
    pub schema: &'static str,
    pub dir: String,
    pub index: String,
    pub editions: Vec<ExportedEdition>,
    pub files: usize,
    pub bytes: usize,
}

#[derive(Debug, Serialize)]
pub struct ExportedEdition {
    pub game: String,
    pub edition: String,
    pub page: String,
    pub rules: usize,
}

/// Writes the site: `index.html`, `site.css`, `site.js`, and per edition its page
/// and its search index.
pub fn export(out: &mut Out, args: ExportArgs) -> Result<()> {
    let ExportFormat::Html = args.format;
    let dir = match args.dir.or_else(default_site_dir) {
        Some(d) => d,
        None => {
            return Err(Error::usage(
                "no DIR given and no home directory to default to",
            ));
        }
    };
    let io = |what: &str, e: std::io::Error| {
        Error::usage(format!("cannot write {what} in {}: {e}", dir.display()))
    };
    std::fs::create_dir_all(&dir).map_err(|e| io("the site", e))?;
    let lib = Library::get();
    let books: Vec<&crate::rulebook::library::Book> =
        (0..lib.metas().len()).map(|i| lib.book(i)).collect();
    let mut files: Vec<(String, String)> = vec![
        ("index.html".into(), index_page(&books)),
        ("site.css".into(), CSS.to_string()),
        ("site.js".into(), JS.to_string()),
    ];
    let mut editions = Vec::new();
    for b in &books {
        let m = b.meta;
        let others = books
            .iter()
            .filter(|o| o.meta.game == m.game && o.meta.edition != m.edition)
            .map(|o| {
                (
                    o.meta.edition.to_string(),
                    page_name(o.meta.game, o.meta.edition),
                )
            })
            .collect();
        let page = page_name(m.game, m.edition);
        files.push((page.clone(), edition_page(&EditionPage { book: b, others })));
        files.push((index_name(m.game, m.edition), search_index(b)));
        editions.push(ExportedEdition {
            game: m.game.to_string(),
            edition: m.edition.to_string(),
            page,
            rules: b.ed.rules.len(),
        });
    }
    let mut bytes = 0;
    for (name, body) in &files {
        std::fs::write(dir.join(name), body).map_err(|e| io(name, e))?;
        bytes += body.len();
    }
    let index = dir.join("index.html");
    if out.json {
        let v = ExportJson {
            schema: "export/1",
            dir: dir.display().to_string(),
            index: index.display().to_string(),
            editions,
            files: files.len(),
            bytes,
        };
        out.document(&v)?;
        return Ok(());
    }
    for e in &editions {
        out.line(format!(
            "{} {}: {} rules → {}",
            e.game,
            e.edition,
            e.rules,
            dir.join(&e.page).display()
        ))?;
    }
    let l = format!(
        "wrote {} files ({} KB); open {}",
        files.len(),
        bytes / 1024,
        index.display()
    );
    out.line(l)?;
    Ok(())
}
