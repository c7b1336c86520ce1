//! Importers: one per source format. Each turns a document into an [`Edition`]
//! of edition-qualified rules with titles, text, examples, references (with spans),
//! recovered text (with provenance) and source line numbers.
//!
//! This tree is also compiled by `build.rs` (see `model.rs`): `std`, `serde` and
//! relative paths only.

pub mod align;
pub mod azindex;
pub mod comprehensive;
pub mod diff;
pub mod hyperlinked;
pub mod model;
pub mod recover;
pub mod table;
pub mod textutil;
pub mod web;
pub mod xref;

use model::{Edition, Manifest, ManifestEntry};

/// An importer failed: the document is not in the format the manifest says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub file: String,
    pub line: u32,
    pub message: String,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Imports one document by its manifest format.
pub fn import_one(
    entry: &ManifestEntry,
    text: &str,
    earlier: Option<&Edition>,
) -> Result<Edition, ImportError> {
    match entry.format.as_str() {
        "hyperlinked-text" => hyperlinked::import(entry, text, earlier),
        "html-table" => table::import(entry, text),
        "web-bullets" => web::import(entry, text),
        "comprehensive" => comprehensive::import(entry, text),
        other => Err(ImportError {
            file: entry.file.clone(),
            line: 0,
            message: format!("unknown format {other:?} in the manifest"),
        }),
    }
}

/// Imports every document of the manifest, in manifest order. The 2025-06-02 table
/// is imported first because the 2026 importer recovers lost titles from it; the two
/// Riftbound core editions are then aligned.
pub fn import_all(
    manifest: &Manifest,
    read: impl Fn(&str) -> Result<String, String>,
) -> Result<Vec<Edition>, ImportError> {
    let read_entry = |e: &ManifestEntry| {
        read(&e.file).map_err(|m| ImportError {
            file: e.file.clone(),
            line: 0,
            message: m,
        })
    };
    let mut tables = Vec::new();
    for e in manifest
        .editions
        .iter()
        .filter(|e| e.format == "html-table")
    {
        tables.push(import_one(e, &read_entry(e)?, None)?);
    }
    let mut out = Vec::new();
    for e in &manifest.editions {
        if e.format == "html-table" {
            let pos = tables
                .iter()
                .position(|t| t.edition == e.edition)
                .unwrap_or(0);
            out.push(tables.remove(pos));
            continue;
        }
        let earlier = manifest
            .editions
            .iter()
            .zip(0..)
            .find(|(x, _)| x.format == "html-table" && x.game == e.game)
            .map(|(x, _)| x.edition.clone());
        let text = read_entry(e)?;
        let prev = earlier.as_ref().and_then(|ed| {
            tables
                .iter()
                .find(|t| &t.edition == ed)
                .or_else(|| out.iter().find(|t: &&Edition| &t.edition == ed))
        });
        out.push(import_one(e, &text, prev)?);
    }
    // Align the 2025 table with the hyperlinked 2026 edition of the same game.
    let old = out.iter().position(|e| e.format == "html-table");
    let new = out.iter().position(|e| e.format == "hyperlinked-text");
    if let (Some(o), Some(n)) = (old, new) {
        let (a, b) = if o < n {
            let (l, r) = out.split_at_mut(n);
            (&mut l[o], &mut r[0])
        } else {
            let (l, r) = out.split_at_mut(o);
            (&mut r[0], &mut l[n])
        };
        align::align(a, b);
    }
    // The older web edition's counterparts in the same 2026 edition (its side only).
    if let (Some(w), Some(n)) = (
        out.iter().position(|e| e.format == "web-bullets"),
        out.iter().position(|e| e.format == "hyperlinked-text"),
    ) {
        let mut new = out[n].clone();
        align::align_web(&mut out[w], &mut new);
        out[n] = new;
    }
    Ok(out)
}
