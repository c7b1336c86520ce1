//! Turns every rule of every embedded edition into an index document, and
//! collects the vocabulary that spelling correction draws from.

use super::schema::{self, Fields};
use crate::render::text::plain;
use crate::rulebook::library::Book;
use crate::rulebook::{Library, RuleId};
use std::collections::{BTreeMap, HashMap};
use tantivy::schema::Facet;
use tantivy::{IndexWriter, TantivyDocument};

/// What a build produced besides the index: the document count and the vocabulary.
pub struct Built {
    pub docs: u64,
    /// Lowercased surface words of every title, text and example, with frequencies.
    pub vocab: BTreeMap<String, u32>,
}

/// Adds one document per rule of every embedded edition to `w`.
pub fn add_all(w: &mut IndexWriter, f: &Fields) -> tantivy::Result<Built> {
    let lib = Library::get();
    let mut built = Built {
        docs: 0,
        vocab: BTreeMap::new(),
    };
    for bi in 0..lib.metas().len() {
        add_book(w, f, lib.book(bi), &mut built)?;
    }
    Ok(built)
}

fn add_book(
    w: &mut IndexWriter,
    f: &Fields,
    book: &Book,
    built: &mut Built,
) -> tantivy::Result<()> {
    let meta = book.meta;
    // Keyword and glossary names by the rule that defines them.
    let mut names: HashMap<&RuleId, Vec<&str>> = HashMap::new();
    for t in &book.ed.glossary {
        for id in &t.defined_by {
            names.entry(id).or_default().push(&t.term);
        }
    }
    for (i, r) in book.ed.rules.iter().enumerate() {
        let mut doc = TantivyDocument::default();
        doc.add_text(f.key, r.key());
        doc.add_text(f.id, r.id.to_string());
        let prefixes = schema::dotted_prefixes(&r.id);
        if let Some(own) = prefixes.last() {
            doc.add_text(f.dotted, own);
        }
        for p in &prefixes {
            doc.add_text(f.within, p);
        }
        doc.add_facet(f.scope, Facet::from_path([meta.game, meta.edition]));
        doc.add_text(f.game, meta.game);
        doc.add_text(f.edition, meta.edition);
        doc.add_u64(f.top, u64::from(r.id.top()));
        doc.add_u64(f.order, i as u64);

        // The rule's own title: the source's, a section's, or a recovered one (marked).
        let section_title = book
            .ed
            .sections
            .iter()
            .find(|s| s.id == r.id)
            .map(|s| s.title.as_str());
        let own_title = r.title.as_deref().or(section_title);
        let recovered_title = r.recovered.as_ref().and_then(|x| x.title.as_deref());
        if let Some(t) = own_title.or(recovered_title) {
            doc.add_text(f.title, plain(t));
            count_words(&mut built.vocab, t);
        }
        let recovered_key = match (own_title, &r.recovered) {
            (None, Some(rec)) if rec.title.is_some() => rec.source.key(),
            _ => "",
        };
        doc.add_text(f.title_recovered, recovered_key);
        for n in names.get(&r.id).into_iter().flatten() {
            doc.add_text(f.keywords, n);
            count_words(&mut built.vocab, n);
        }

        // The heading chain, with real titles only (a parent's short text is not
        // its title), and never a section that precedes the part it sits in.
        let mut crumb: Vec<(String, Option<String>)> = Vec::new();
        let mut last_top = 0;
        for (id, _) in book.breadcrumb(i) {
            if id.top() < last_top {
                continue;
            }
            last_top = id.top();
            crumb.push((id.to_string(), real_title(book, &id).as_deref().map(plain)));
        }
        let heading: Vec<&str> = crumb.iter().filter_map(|(_, t)| t.as_deref()).collect();
        doc.add_text(f.heading, heading.join("\n"));
        doc.add_text(f.crumb, serde_json::to_string(&crumb).unwrap_or_default());

        if let Some(t) = &r.text {
            let p = plain(t);
            count_words(&mut built.vocab, &p);
            doc.add_text(f.text, p);
        }
        if !r.items.is_empty() {
            // 003 keeps list items apart; they are part of the rule's text.
            let items = r.items.join("; ");
            count_words(&mut built.vocab, &items);
            doc.add_text(f.text, plain(&items));
        }
        if let Some(rec) = &r.recovered
            && let Some(t) = &rec.text
        {
            let p = plain(t);
            count_words(&mut built.vocab, &p);
            doc.add_text(f.rtext, p);
            doc.add_text(f.rtext_source, rec.source.key());
        }
        let title_only = match (&r.text, own_title.or(recovered_title)) {
            (None, _) => r.recovered.as_ref().is_none_or(|x| x.text.is_none()),
            (Some(t), Some(ti)) => super::same_words(t, ti),
            (Some(_), None) => false,
        };
        if title_only {
            // A 3-digit heading owns the flat rules after it (327 Chains: 328, 329, …).
            let next = || {
                (r.id.depth() == 1)
                    .then(|| {
                        (i + 1..book.ed.rules.len()).find(|&j| book.ed.rules[j].text.is_some())
                    })
                    .flatten()
            };
            if let Some(c) = first_texted_descendant(book, i).or_else(next) {
                let cr = &book.ed.rules[c];
                let t = cr.text.as_deref().unwrap_or("");
                doc.add_text(f.lead, format!("{}\t{}", cr.id, plain(t)));
            }
        }
        for e in &r.examples {
            let p = plain(e);
            count_words(&mut built.vocab, &p);
            doc.add_text(f.examples, p);
        }
        w.add_document(doc)?;
        built.docs += 1;
    }
    Ok(())
}

/// The first rule beneath `i` (depth first, document order) that has text.
fn first_texted_descendant(book: &Book, i: usize) -> Option<usize> {
    for &c in book.children(i) {
        let c = c as usize;
        if book.ed.rules[c].text.is_some() {
            return Some(c);
        }
        if let Some(d) = first_texted_descendant(book, c) {
            return Some(d);
        }
    }
    None
}

/// A rule's title proper: its own or recovered title, or its top-index entry's
/// (never its text, however short).
fn real_title(book: &Book, id: &RuleId) -> Option<String> {
    if let Some(s) = book.ed.sections.iter().find(|s| &s.id == id) {
        return Some(s.title.clone());
    }
    book.get(id).and_then(|r| r.any_title()).map(str::to_string)
}

/// Counts the alphabetic words (3+ letters) of `text`, lowercased.
fn count_words(vocab: &mut BTreeMap<String, u32>, text: &str) {
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        if w.chars().count() >= 3 && w.chars().all(char::is_alphabetic) {
            *vocab.entry(w.to_lowercase()).or_default() += 1;
        }
    }
}
