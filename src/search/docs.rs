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
    // A 3-digit heading without text owns the flat rules after it (341 Showdowns:
    // 342, 343, …); its first rule with text represents it and carries its title.
    let mut represents: HashMap<usize, Vec<String>> = HashMap::new();
    let mut represented: Vec<usize> = Vec::new();
    // the headings each representative stands for
    let mut heads_of: HashMap<usize, Vec<&RuleId>> = HashMap::new();
    for (i, r) in book.ed.rules.iter().enumerate() {
        let Some(title) = real_title(book, &r.id) else {
            continue;
        };
        let textless = r
            .text
            .as_deref()
            .is_none_or(|t| super::same_words(t, &title));
        if r.id.depth() != 1 || !textless {
            continue;
        }
        let lead = first_texted_descendant(book, i).or_else(|| {
            (i + 1..book.ed.rules.len()).find(|&j| {
                let n = &book.ed.rules[j];
                n.text.as_deref().is_some_and(|t| {
                    real_title(book, &n.id).is_none_or(|ti| !super::same_words(t, &ti))
                })
            })
        });
        if let Some(j) = lead
            && !book.ed.rules[j].id.is_within(&r.id)
        {
            represents.entry(j).or_default().push(plain(&title));
            heads_of.entry(j).or_default().push(&r.id);
            represented.push(i);
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
        let row = super::meaning::Table::get().and_then(|t| t.row_of(meta.game, meta.edition, i));
        doc.add_u64(f.meaning_row, row.map_or(u64::MAX, u64::from));

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
            if represented.contains(&i) {
                // its first rule carries the title (and outranks it)
                doc.add_text(f.shown_title, plain(t));
                doc.add_text(f.heading, plain(t));
            } else {
                doc.add_text(f.title, plain(t));
            }
            count_words(&mut built.vocab, t);
        }
        let recovered_key = match (own_title, &r.recovered) {
            (None, Some(rec)) if rec.title.is_some() => rec.source.key(),
            _ => "",
        };
        doc.add_text(f.title_recovered, recovered_key);
        // A represented heading's keyword and glossary names go with its title to
        // the rule that represents it (386 "Reflexive Triggers" → 387 "Reflexive
        // Triggers are a type of Triggered Ability …").
        let own_names = (!represented.contains(&i))
            .then(|| names.get(&r.id))
            .flatten();
        let heads_names = heads_of
            .get(&i)
            .into_iter()
            .flatten()
            .filter_map(|h| names.get(h));
        for n in own_names.into_iter().chain(heads_names).flatten() {
            doc.add_text(f.keywords, n);
            count_words(&mut built.vocab, n);
        }

        // The heading chain, with real titles only (a parent's short text is not
        // its title), and never a section that precedes the part it sits in.
        let mut crumb: Vec<(String, Option<String>)> = Vec::new();
        let mut last_top = 0;
        for c in book.breadcrumb(i) {
            if c.id.top() < last_top {
                continue;
            }
            last_top = c.id.top();
            let title = real_title(book, &c.id).or_else(|| {
                // a duplicated heading (the second 702.3): the one it names
                book.index_of(&c.key)
                    .and_then(|j| book.ed.rules[j].any_title())
                    .map(str::to_string)
            });
            crumb.push((c.id.to_string(), title.as_deref().map(plain)));
        }
        let heading: Vec<&str> = crumb.iter().filter_map(|(_, t)| t.as_deref()).collect();
        doc.add_text(f.heading, heading.join("\n"));
        doc.add_text(f.crumb, serde_json::to_string(&crumb).unwrap_or_default());

        if let Some(parent) = r.id.parent()
            && let Some(pt) = book.get(&parent).and_then(|p| p.text.as_deref())
        {
            doc.add_text(f.context, plain(pt));
        }
        for t in represents.get(&i).into_iter().flatten() {
            if own_title.or(recovered_title).is_none() {
                doc.add_text(f.title, t);
                doc.add_text(f.represents, t);
            }
        }
        if let Some(t) = &r.text {
            let p = plain(t);
            count_words(&mut built.vocab, &p);
            for term in defined_terms(&p) {
                doc.add_text(f.defines, schema::term_key(&term));
            }
            // "It is functionally short for …": what the keyword of this section does.
            if p.to_lowercase().contains("is functionally short for")
                && let Some(top) = RuleId::parse(&format!("{:03}", r.id.top()))
                && let Some(name) = real_title(book, &top)
            {
                doc.add_text(f.defines, schema::term_key(&plain(&name)));
            }
            if is_boilerplate(&p) {
                doc.add_text(f.minor, p);
            } else {
                doc.add_text(f.text, p);
            }
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
            // Ranked on its merits: searched as text, with the same statistics as
            // the source's own sentences (a separate field's would rank "Victory
            // Score: 11" below every longer rule that says "Victory Score"). It is
            // stored apart too, to be shown with its provenance.
            doc.add_text(f.text, p.clone());
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

/// The terms a rule's first sentence defines: "A Showdown is a Window …",
/// "Killing is the action of …", "Conquer: A player gains …", 'A Unit "is Mighty"
/// as long as …', "A unit is alone when …", "Two Game Objects are friendly if …".
/// Only short subjects count (at most four words), so a sentence that merely
/// starts with a noun ("Units are at one of several Locations") is left out.
pub fn defined_terms(text: &str) -> Vec<String> {
    let first = text.split(". ").next().unwrap_or(text).trim();
    let lower = first.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    let mut push = |t: &str| {
        let t = t.trim().trim_matches(['"', '“', '”', '\'', '’']).trim();
        let n = t.split_whitespace().count();
        if (1..=4).contains(&n) && !out.iter().any(|x| x == t) {
            out.push(t.to_string());
        }
    };
    let body = ["the ", "a ", "an "]
        .iter()
        .find_map(|a| lower.strip_prefix(a))
        .unwrap_or(&lower);
    // "Conquer: …", "Victory Score: …" (not "Example: …")
    if let Some((term, _)) = body.split_once(": ")
        && !["example", "examples", "reminder", "note", "e.g"].contains(&term)
        && term
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-')
    {
        push(term);
    }
    // "X is a …", "X is the act of …", "Xs are Game Objects …"
    // the sentence's first verb ("Reflexive Triggers are a type of … when their
    // condition is met" defines by its "are", not by its later "is")
    let first_verb = |s: &str| -> Option<&'static str> {
        [" is ", " are "]
            .into_iter()
            .filter_map(|verb| s.find(verb).map(|at| (at, verb)))
            .min()
            .map(|(_, verb)| verb)
    };
    if let Some(verb) = first_verb(body)
        && let Some((term, rest)) = body.split_once(verb)
    {
        let defining = ["a ", "an ", "the ", "one ", "used ", "when ", "any "]
            .iter()
            .any(|p| rest.starts_with(p))
            || (verb == " are "
                && first
                    .get(first.to_lowercase().find(" are ").unwrap_or(0) + 5..)
                    .and_then(|r| r.chars().next())
                    .is_some_and(char::is_uppercase));
        if defining && !term.contains(',') {
            push(term);
        }
    }
    // 'A Unit "is Mighty" as long as …'
    for q in ['"', '“'] {
        if let Some(at) = lower.find(&format!("{q}is ")) {
            let rest = &lower[at + q.len_utf8() + 3..];
            if let Some(end) = rest.find(['"', '”']) {
                push(&rest[..end]);
            }
        }
    }
    // "A unit is alone when …", "Two Game Objects are friendly if …"
    if let Some(verb) = first_verb(&lower)
        && let Some((_, rest)) = lower.split_once(verb)
    {
        for cond in [" when ", " if ", " as long as "] {
            if let Some((term, _)) = rest.split_once(cond)
                && !["a ", "an ", "the "].iter().any(|a| term.starts_with(a))
            {
                push(term);
                break;
            }
        }
    }
    out
}

/// Whether a rule's text is about a term's form rather than its function: that it
/// is a characteristic, how it is formatted, that several instances are redundant.
pub fn is_boilerplate(text: &str) -> bool {
    let t = text.to_lowercase();
    (t.contains("whether or not") && t.contains("characteristic"))
        || t.contains("referencable characteristic")
        || t.contains("referenceable characteristic")
        || t.contains(" is formatted as")
        || (t.starts_with("multiple instances of") && t.contains("redundant"))
        || t.starts_with("it is present on")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_s_own_sentence_names_what_it_defines() {
        let d = |t: &str| defined_terms(t);
        assert_eq!(
            d("A Showdown is a Window of Opportunity in which …"),
            ["showdown"]
        );
        assert_eq!(d("The Chain is a Non-Board Zone that …"), ["chain"]);
        assert_eq!(d("A Task is one or more steps or processes."), ["task"]);
        assert_eq!(
            d("Conquer: A player gains Control of a Battlefield."),
            ["conquer"]
        );
        assert_eq!(
            d("Killing is the action of a Permanent going to the trash."),
            ["killing"]
        );
        assert_eq!(d("Tokens are Game Objects created by spells."), ["tokens"]);
        // the first verb defines, not a later one
        assert_eq!(
            d(
                "Reflexive Triggers are a type of Triggered Ability that create one or more Chain Items when their condition is met."
            ),
            ["reflexive triggers"]
        );
        assert!(
            d("A Unit \"is Mighty\" as long as its Might is 5 or greater.")
                .contains(&"mighty".to_string())
        );
        assert!(
            d("A unit is alone when there are no other friendly units.")
                .contains(&"alone".to_string())
        );
        assert!(
            d("Two Game Objects are friendly if they share a controller.")
                .contains(&"friendly".to_string())
        );
        // a sentence that only starts with a noun defines nothing
        assert!(d("Units are at one of several Locations while on the Board.").is_empty());
        assert!(d("Example: A player plays a spell.").is_empty());
        assert!(
            d("Players may only Kill units when Game Effects direct them to do so.").is_empty()
        );
    }

    #[test]
    fn boilerplate_is_about_form_not_function() {
        assert!(is_boilerplate(
            "Tank, and whether or not a unit has Tank, is a characteristic of the Unit and may be checked or referenced by other Game Effects."
        ));
        assert!(is_boilerplate("Shield is formatted as \"Shield [X]\"."));
        assert!(is_boilerplate("Multiple instances of Tank are redundant."));
        assert!(is_boilerplate("It is present on Units."));
        assert!(!is_boilerplate(
            "It is functionally short for \"While I am a defender, I have +X [M].\""
        ));
        assert!(!is_boilerplate(
            "Multiple instances of Vision trigger separately."
        ));
    }

    /// 341 "Showdowns" has no text: 342 represents it, carrying its title.
    #[test]
    fn a_textless_heading_is_represented_by_its_first_rule() {
        let lib = Library::get();
        let book = lib.book(lib.resolve(None, None).unwrap());
        let i = book.index_of("341").unwrap();
        assert!(book.ed.rules[i].text.is_none());
        assert_eq!(
            real_title(book, &book.ed.rules[i].id).as_deref(),
            Some("Showdowns")
        );
    }
}
