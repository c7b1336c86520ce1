//! Runs the importers ahead of time so that a lookup does no parsing at start-up:
//! every edition in `rules/manifest.json` is imported here and embedded in the
//! binary as a postcard blob, next to the verbatim source documents.

#[path = "src/rulebook/import/mod.rs"]
#[allow(dead_code)]
mod import;

use std::{env, fs, path::Path};

fn main() {
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
    let mut table = String::from("pub(crate) static EMBEDDED: &[EmbeddedEdition] = &[\n");
    for (i, ed) in editions.iter().enumerate() {
        let blob = postcard::to_stdvec(ed).expect("serialize edition");
        let name = format!("edition_{i}.bin");
        fs::write(Path::new(&out).join(&name), blob).expect("write blob");
        table.push_str(&format!(
            "    EmbeddedEdition {{ game: {:?}, edition: {:?}, effective: {:?}, title: {:?}, format: {:?}, file: {:?}, default: {:?}, rule_count: {}, blob: include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}\")), source: include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/{}\")) }},\n",
            ed.game, ed.edition, ed.effective, ed.title, ed.format, ed.file, ed.default, ed.rules.len(), ed.file
        ));
    }
    table.push_str("];\n");
    table.push_str("pub(crate) static MANIFEST: &str = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/rules/manifest.json\"));\n");
    fs::write(Path::new(&out).join("embedded.rs"), table).expect("write embedded.rs");
}
