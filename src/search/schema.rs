//! The index schema: one tantivy document per rule of every embedded edition,
//! and the analyzer (English stemming) shared by indexing, querying and snippets.

use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};

/// Bump whenever the schema, the analyzer or what is indexed changes: the cache
/// folder is named by it, so an old index is never opened by a new binary.
pub const SCHEMA_VERSION: u32 = 9;

/// The analyzer's registered name.
pub const ANALYZER: &str = "arbiter_en";

/// The English analyzer: words split on non-alphanumerics, lowercased, accents and
/// curly quotes folded, then stemmed (`killed` and `kills` both index as `kill`).
/// Stop words are kept in the index so that quoted phrases match exactly; the
/// query side drops them from bare words.
pub fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::default())
        .build()
}

/// The fields, by name.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    /// Lookup key: `323.5`, or `111.1a#2` for a duplicated id (stored, exact).
    pub key: Field,
    /// The id as the edition prints it (`323.5`, `100.1a`; stored).
    pub id: Field,
    /// The id in dotted form (`100.1.a` for `100.1a`; exact, for id queries).
    pub dotted: Field,
    /// The id and every ancestor in dotted form (`323`, `323.5`; for `--section 454.2`).
    pub within: Field,
    /// `/game/edition` facet.
    pub scope: Field,
    pub game: Field,
    pub edition: Field,
    /// Top-level number (`323` for `323.5.a`), for `--section 454-461`.
    pub top: Field,
    /// Document order within the edition.
    pub order: Field,
    /// The rule's row in the table of rule embeddings (see `meaning`), or
    /// `u64::MAX` when the table has none for it.
    pub meaning_row: Field,
    /// The rule's own title (source, section or recovered), weighted high; stored
    /// for display.
    pub title: Field,
    /// Provenance key of a recovered title ("" when the title is the source's own).
    pub title_recovered: Field,
    /// Keyword and glossary term names this rule defines, weighted highest.
    pub keywords: Field,
    /// The titles of the rule's ancestors (its heading chain), weighted low.
    pub heading: Field,
    /// The breadcrumb as JSON `[[id, title|null], …]` (stored only).
    pub crumb: Field,
    /// Source text, Markdown removed.
    pub text: Field,
    /// Text recovered from elsewhere (never source text), with its provenance key:
    /// stored to be shown as recovered; searched as `text` (indexed there too).
    pub rtext: Field,
    pub rtext_source: Field,
    /// Example passages, one value each.
    pub examples: Field,
    /// For a heading without text: its first sub-rule with text, as `id\ttext`
    /// (stored only; shown in place of a snippet).
    pub lead: Field,
    /// The terms this rule's own sentence defines ("A Showdown is a …" → showdown;
    /// "Conquer: …" → conquer; a keyword's "It is functionally short for …" → the
    /// keyword), weighted high: the rule that says what a term is or does. One
    /// token per term, its stems joined by spaces (see [`term_key`]), so only the
    /// whole term matches ("special cleanups" is not a definition of "cleanup").
    pub defines: Field,
    /// The title of a heading represented by its first rule (see `represents`):
    /// shown, but searched only at a low weight, so the rule outranks it.
    pub shown_title: Field,
    /// The title of the heading this rule represents: the first rule with text
    /// after a 3-digit heading that has none (342 for 341 "Showdowns"). It is
    /// indexed as the rule's title and stored here, so it is not shown as one.
    pub represents: Field,
    /// Boilerplate text about a term's form rather than its function ("…, and
    /// whether or not a unit has Tank, is a characteristic …", "is formatted as",
    /// "Multiple instances … are redundant"), weighted low.
    pub minor: Field,
    /// The text of the rule's dotted parent: the sentence a sub-rule continues
    /// (309.1.a "Only cards … with the Reaction keyword can be played …" under
    /// 309.1 "If a Chain exists, the turn is in a Closed State"), weighted low.
    pub context: Field,
}

/// Fields searched for words, with their weights (titles and keyword names weigh
/// more than body text; the heading chain contributes a little).
pub fn weighted(f: &Fields) -> [(Field, f32); 7] {
    [
        (f.keywords, 4.0),
        (f.title, 3.0),
        (f.text, 1.0),
        (f.heading, 1.5),
        (f.examples, 0.5),
        (f.minor, 0.4),
        (f.context, CONTEXT_WEIGHT),
    ]
}

/// The weight of a parent's text (see [`Fields::context`]).
pub const CONTEXT_WEIGHT: f32 = 0.9;

/// The weight of a defined term (see [`Fields::defines`]).
pub const DEFINES_WEIGHT: f32 = 3.0;

pub fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let indexing = TextFieldIndexing::default()
        .set_tokenizer(ANALYZER)
        .set_index_option(IndexRecordOption::WithFreqsAndPositions);
    let text = TextOptions::default().set_indexing_options(indexing.clone());
    let text_stored = text.clone().set_stored();
    let stored = TextOptions::default().set_stored();
    let fields = Fields {
        key: b.add_text_field("key", STRING | STORED),
        id: b.add_text_field("id", stored.clone()),
        dotted: b.add_text_field("dotted", STRING),
        within: b.add_text_field("within", STRING),
        scope: b.add_facet_field("scope", INDEXED),
        game: b.add_text_field("game", STRING | STORED),
        edition: b.add_text_field("edition", STRING | STORED),
        top: b.add_u64_field("top", INDEXED | FAST | STORED),
        order: b.add_u64_field("order", STORED),
        meaning_row: b.add_u64_field("meaning_row", FAST),
        title: b.add_text_field("title", text_stored.clone()),
        title_recovered: b.add_text_field("title_recovered", stored.clone()),
        keywords: b.add_text_field("keywords", text_stored.clone()),
        heading: b.add_text_field("heading", text.clone()),
        crumb: b.add_text_field("crumb", stored.clone()),
        text: b.add_text_field("text", text_stored.clone()),
        rtext: b.add_text_field("rtext", text_stored.clone()),
        rtext_source: b.add_text_field("rtext_source", stored.clone()),
        examples: b.add_text_field("examples", text_stored.clone()),
        lead: b.add_text_field("lead", stored.clone()),
        defines: b.add_text_field("defines", STRING),
        shown_title: b.add_text_field("shown_title", stored.clone()),
        represents: b.add_text_field("represents", stored),
        context: b.add_text_field("context", text.clone()),
        minor: b.add_text_field("minor", text_stored),
    };
    (b.build(), fields)
}

/// The fields of an opened index's schema (an index built by this binary has them all).
pub fn fields_of(schema: &Schema) -> tantivy::Result<Fields> {
    let f = |name: &str| schema.get_field(name);
    Ok(Fields {
        key: f("key")?,
        id: f("id")?,
        dotted: f("dotted")?,
        within: f("within")?,
        scope: f("scope")?,
        game: f("game")?,
        edition: f("edition")?,
        top: f("top")?,
        order: f("order")?,
        meaning_row: f("meaning_row")?,
        title: f("title")?,
        title_recovered: f("title_recovered")?,
        keywords: f("keywords")?,
        heading: f("heading")?,
        crumb: f("crumb")?,
        text: f("text")?,
        rtext: f("rtext")?,
        rtext_source: f("rtext_source")?,
        examples: f("examples")?,
        lead: f("lead")?,
        defines: f("defines")?,
        shown_title: f("shown_title")?,
        represents: f("represents")?,
        minor: f("minor")?,
        context: f("context")?,
    })
}

/// A term as the `defines` field holds it: its stems joined by spaces.
pub fn term_key(term: &str) -> String {
    stems(term).join(" ")
}

/// The stems of `text`, in order (what the index holds for it).
pub fn stems(text: &str) -> Vec<String> {
    thread_local! {
        // built once per thread: a query stems many candidate words
        static ANALYZER: std::cell::RefCell<TextAnalyzer> = std::cell::RefCell::new(analyzer());
    }
    ANALYZER.with(|a| {
        let mut a = a.borrow_mut();
        let mut ts = a.token_stream(text);
        let mut v = Vec::new();
        while ts.advance() {
            v.push(ts.token().text.clone());
        }
        v
    })
}

/// The stems of `text` with their byte ranges in `text`.
pub fn stems_with_offsets(text: &str) -> Vec<(String, usize, usize)> {
    let mut a = analyzer();
    let mut ts = a.token_stream(text);
    let mut v = Vec::new();
    while ts.advance() {
        let t = ts.token();
        v.push((t.text.clone(), t.offset_from, t.offset_to));
    }
    v
}

/// A rule id in dotted form, whatever the edition's style (`100.1a` → `100.1.a`),
/// and each of its ancestors: `["100", "100.1", "100.1.a"]`.
pub fn dotted_prefixes(id: &crate::rulebook::RuleId) -> Vec<String> {
    let dotted = id.clone().with_style(crate::rulebook::IdStyle::Dotted);
    let mut out = Vec::new();
    let mut cur = Some(dotted);
    while let Some(c) = cur {
        out.push(c.to_string());
        cur = c.parent();
    }
    out.reverse();
    out
}
