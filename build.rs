//! Runs the importers ahead of time so that a lookup does no parsing at start-up.
//! Every edition in `rules/manifest.json` is imported here and embedded in the
//! binary twice: whole (a postcard blob, decoded by commands that walk an edition)
//! and rule by rule with a sorted key table (so `arbiter rule` decodes only the
//! rules it prints), with the tables `toc`, `refs` and `define` need (so they decode
//! no more than `rule`), next to the verbatim source documents.

#[path = "src/rulebook/import/mod.rs"]
#[allow(dead_code)]
mod import;

use import::model::{Edition, RuleRecord};
use std::fmt::Write as _;
use std::{env, fs, path::Path};

fn main() {
    // A position-dependent executable needs no start-up relocation of its ~30,000
    // absolute addresses (vtables, the embedded tables): a third of a lookup's
    // instructions otherwise. Only the binary is linked so; the library stays PIC.
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
    {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=src/rulebook/import");
    let manifest_text = fs::read_to_string("rules/manifest.json").expect("rules/manifest.json");
    let manifest: import::model::Manifest =
        serde_json::from_str(&manifest_text).expect("rules/manifest.json is valid");
    let editions = import::import_all(&manifest, |file| {
        fs::read_to_string(Path::new("rules").join(file)).map_err(|e| e.to_string())
    })
    .unwrap_or_else(|e| panic!("importing the rules failed: {e}"));

    let out = env::var("OUT_DIR").expect("OUT_DIR");
    let write = |name: &str, bytes: &[u8]| {
        fs::write(Path::new(&out).join(name), bytes).expect("write blob");
    };
    let mut table = String::from("pub(crate) static EMBEDDED: &[EmbeddedEdition] = &[\n");
    for (i, ed) in editions.iter().enumerate() {
        write(
            &format!("edition_{i}.bin"),
            &postcard::to_stdvec(ed).expect("serialize edition"),
        );
        write(
            &format!("sections_{i}.bin"),
            &postcard::to_stdvec(&ed.sections).expect("serialize sections"),
        );
        let (records, offsets) = records(ed);
        write(&format!("records_{i}.bin"), &records);
        let mut keys: Vec<(String, usize)> = ed
            .rules
            .iter()
            .enumerate()
            .map(|(k, r)| (r.key(), k))
            .collect();
        keys.sort();
        let mut offs = String::new();
        for o in &offsets {
            write!(offs, "{o},").unwrap();
        }
        let mut ks = String::new();
        for (k, n) in &keys {
            write!(ks, "({k:?},{n}),").unwrap();
        }
        let mut glossary = Vec::new();
        let mut term_offsets = String::from("0,");
        for t in &ed.glossary {
            glossary.extend(postcard::to_stdvec(t).expect("serialize term"));
            write!(term_offsets, "{},", glossary.len()).unwrap();
        }
        write(&format!("glossary_{i}.bin"), &glossary);
        let tables = lookup_tables(ed);
        let blob =
            |kind: &str| format!("include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{kind}_{i}.bin\"))");
        writeln!(
            table,
            "    EmbeddedEdition {{ game: {:?}, edition: {:?}, effective: {:?}, title: {:?}, format: {:?}, file: {:?}, default: {:?}, id_style: crate::rulebook::IdStyle::{:?}, rule_count: {}, blob: {}, sections: {}, records: {}, offsets: &[{offs}], keys: &[{ks}], glossary: {}, term_offsets: &[{term_offsets}], {tables} source: include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/{}\")) }},",
            ed.game,
            ed.edition,
            ed.effective,
            ed.title,
            ed.format,
            ed.file,
            ed.default,
            ed.id_style,
            ed.rules.len(),
            blob("edition"),
            blob("sections"),
            blob("records"),
            blob("glossary"),
            ed.file
        )
        .unwrap();
    }
    table.push_str("];\n");
    table.push_str("pub(crate) static MANIFEST: &str = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/manifest.json\"));\n");
    fs::write(Path::new(&out).join("embedded.rs"), table).expect("write embedded.rs");
}

/// The tables `toc`, `refs` and `define` read instead of decoding the edition, as static
/// fields of its `EmbeddedEdition` (see `src/rulebook/library.rs`).
fn lookup_tables(ed: &Edition) -> String {
    let mut t = String::from("section_sizes: &[");
    for n in ed.section_sizes() {
        write!(t, "{n},").unwrap();
    }
    t.push_str("], outline: &[");
    for (top, depth, within) in ed.outline() {
        write!(t, "({top},{depth},{within}),").unwrap();
    }
    t.push_str("], heads: &[");
    for (i, r) in ed.rules.iter().enumerate() {
        if let Some(text) = &r.text {
            let (head, pointer) = import::model::definition_head(text);
            let quoted = import::model::quoted_is(&head);
            write!(t, "({i},{pointer},{head:?},&{quoted:?}),").unwrap();
        }
    }
    t.push_str("], term_keys: &[");
    for term in &ed.glossary {
        write!(t, "{:?},", import::model::term_key(&term.term)).unwrap();
    }
    t.push_str("], term_names: &[");
    for term in &ed.glossary {
        write!(t, "{:?},", term.term).unwrap();
    }
    t.push_str("], titles: &[");
    for (i, r) in ed.rules.iter().enumerate() {
        if let Some(title) = import::model::display_title(r, &ed.sections) {
            write!(t, "({i},{title:?}),").unwrap();
        }
    }
    t.push_str("], ");
    t
}

/// Every rule as its own postcard record, and where each starts (plus the end).
fn records(ed: &Edition) -> (Vec<u8>, Vec<usize>) {
    let children = ed.children_table();
    let backlinks = ed.backlinks_table();
    let below = ed.below_table();
    let mut bytes = Vec::new();
    let mut offsets = vec![0];
    for (i, r) in ed.rules.iter().enumerate() {
        let rec = RuleRecord {
            rule: r.clone(),
            children: children[i].clone(),
            backlinks: backlinks[i].clone(),
            below: below[i].clone(),
            counterpart: ed.counterparts.get(i).cloned().flatten(),
        };
        bytes.extend(postcard::to_stdvec(&rec).expect("serialize rule"));
        offsets.push(bytes.len());
    }
    (bytes, offsets)
}
