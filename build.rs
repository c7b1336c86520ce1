//! Runs the importers ahead of time so that a lookup does no parsing at start-up.
//! Every edition in `rules/manifest.json` is imported here and embedded in the
//! binary twice: whole (a postcard blob, decoded by commands that walk an edition)
//! and rule by rule with a sorted key table (so `arbiter rule` decodes only the
//! rules it prints), with the tables `toc`, `refs` and `define` need (so they decode
//! no more than `rule`), next to the verbatim source documents.

#[path = "src/rulebook/import/mod.rs"]
#[allow(dead_code)]
mod import;

#[path = "src/search/hash.rs"]
#[allow(dead_code)]
mod hash;

#[path = "src/search/text.rs"]
#[allow(dead_code)]
mod text;

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
        link_statically();
    }
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=src/rulebook/import");
    for f in SEARCH_CODE {
        println!("cargo:rerun-if-changed={f}");
    }
    println!("cargo:rerun-if-changed=src/search/hash.rs");
    println!("cargo:rerun-if-changed=src/search/text.rs");
    println!("cargo:rerun-if-changed={SYNONYMS}");
    write_thesaurus();
    println!("cargo:rerun-if-changed={RULE_VECTORS}");
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
    let mut inputs = hash::Hash64::new();
    for f in SEARCH_CODE {
        inputs.write(fs::read_to_string(f).expect("search code").as_bytes());
    }
    // the rule embeddings' rows are stored in the index (its `meaning_row` field)
    inputs.write(&fs::read(RULE_VECTORS).unwrap_or_default());
    for (i, ed) in editions.iter().enumerate() {
        let blob = postcard::to_stdvec(ed).expect("serialize edition");
        inputs.write(ed.game.as_bytes());
        inputs.write(ed.edition.as_bytes());
        inputs.write(ed.file.as_bytes());
        let source = fs::read_to_string(Path::new("rules").join(&ed.file)).expect("rules file");
        inputs.write(source.as_bytes());
        inputs.write(&blob);
        write(&format!("edition_{i}.bin"), &blob);
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
    fs::write(
        Path::new(&out).join("search_inputs.rs"),
        format!(
            "/// The hash of the indexing code and every embedded edition (build.rs).\nconst INPUTS: u64 = 0x{:016x};\n",
            inputs.finish()
        ),
    )
    .expect("write search_inputs.rs");
}

/// The thesaurus's text, read by src/search/thesaurus.rs.
const SYNONYMS: &str = "src/search/synonyms.txt";

/// Compiles the thesaurus into `OUT_DIR/synonyms.rs`, which src/search/thesaurus.rs
/// includes: `TABLE`, a static slice of its `Synonym`s, and `KEY_WORDS`, the words of
/// its keys, sorted, each once; so that no search parses the text (a third of a
/// millisecond on every search, measured).
fn write_thesaurus() {
    let text = fs::read_to_string(SYNONYMS).expect("src/search/synonyms.txt");
    let mappings = text::parse_synonyms(&text);
    let mut code = String::from("pub(crate) static TABLE: &[Synonym] = &[\n");
    for m in &mappings {
        let keys: Vec<String> = m.keys.iter().map(|k| format!("&{k:?}")).collect();
        writeln!(
            code,
            "    Synonym {{ keys: &[{}], to: &{:?} }},",
            keys.join(", "),
            m.to
        )
        .expect("write to a String");
    }
    code.push_str("];\n");
    let mut words: Vec<&String> = mappings
        .iter()
        .flat_map(|m| m.keys.iter().flatten())
        .collect();
    words.sort();
    words.dedup();
    writeln!(code, "pub(crate) static KEY_WORDS: &[&str] = &{words:?};")
        .expect("write to a String");
    let out = env::var("OUT_DIR").expect("OUT_DIR");
    fs::write(Path::new(&out).join("synonyms.rs"), code).expect("write OUT_DIR/synonyms.rs");
}

/// The code that decides what the search index holds, hashed into the index's folder
/// name with every edition (names, verbatim source, imported blob), so that changing
/// any of it can never reuse an index built by the old code: the indexing itself, the
/// schema, and the plain form of rule text that is indexed (symbol glosses, bullets).
const SEARCH_CODE: [&str; 3] = [
    "src/search/docs.rs",
    "src/search/schema.rs",
    "src/render/text.rs",
];

/// The committed table of rule embeddings (src/search/meaning.rs), whose row numbers
/// the index stores.
const RULE_VECTORS: &str = "src/search/rule-vectors.bin";

/// Links the binary statically against glibc (Linux/glibc only): no dynamic loader runs
/// at start-up. Loading libc, libm and libgcc_s and binding their symbols was a quarter of
/// a `rule 323.5` lookup's instructions (230,000 of 930,000) and 40 of its 190 page faults.
///
/// rustc links the C libraries itself, after `-Bdynamic` (`-lgcc_s -lutil -lrt -lpthread
/// -lm -ldl -lc`), unless the crate is compiled with `-C target-feature=+crt-static`,
/// which Cargo can only set for every crate at once, and proc-macro crates cannot be
/// built so. A plain `-static` link argument then leaves a binary with no loader that
/// still needs `libc.so.6` (it crashes at once). But a linker looking for `-lc` searches
/// the directories in order and takes `libc.a` from the first that has it, before the
/// system's `libc.so`: so build.rs puts, under those names, the archives rustc would link
/// with `+crt-static` (`libc.a`, `libm.a`, …; `libgcc_eh.a` and `libgcc.a` for
/// `libgcc_s`) in a directory of OUT_DIR ahead of the system's, as one-line linker scripts
/// naming the system's archives. Only the binary is linked so (`-bins`); the library and
/// the tests are untouched.
///
/// When the C compiler that links does not have them (no `libc6-dev`, another libc), the
/// binary is linked dynamically as before and `ARBITER_LINK` says so to the test that
/// checks the link. What static glibc gives up: the name service modules are loaded with
/// `dlopen` from the system's glibc, which works only with the same glibc version, so a home
/// directory is found through `/etc/passwd` (built into libc) but not through LDAP or
/// systemd-homed when `HOME` is unset; arbiter uses no locale and no `dlopen` of its own.
fn link_statically() {
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    println!("cargo:rerun-if-env-changed=CC");
    let cc = env::var("RUSTC_LINKER")
        .or_else(|_| env::var("CC"))
        .unwrap_or_else(|_| "cc".into());
    // `cc -print-file-name=libc.a` prints the archive's path, or the bare name when the
    // compiler does not have it
    let archive = |name: &str| -> Option<String> {
        let out = std::process::Command::new(&cc)
            .arg(format!("-print-file-name={name}"))
            .output()
            .ok()?;
        let path = String::from_utf8(out.stdout).ok()?.trim().to_string();
        (out.status.success() && Path::new(&path).is_absolute() && Path::new(&path).exists())
            .then_some(path)
    };
    if env::var("HOST") != env::var("TARGET") && env::var("RUSTC_LINKER").is_err() {
        // `cc` would answer for the host's libraries
        println!("cargo:rustc-env=ARBITER_LINK=dynamic (cross-compiled without a named linker)");
        return;
    }
    let names = ["c", "m", "pthread", "rt", "dl", "util", "gcc_eh", "gcc"];
    let found: Option<Vec<String>> = names
        .iter()
        .map(|n| archive(&format!("lib{n}.a")))
        .collect();
    let Some(found) = found else {
        println!("cargo:rustc-env=ARBITER_LINK=dynamic (the C compiler has no static glibc)");
        return;
    };
    let path = |name: &str| &found[names.iter().position(|n| *n == name).expect("named")];
    let dir = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("static-libc");
    fs::create_dir_all(&dir).expect("create OUT_DIR/static-libc");
    // libc and the unwinder need each other: a group, as gcc's own `-static` link has
    let group = format!(
        "GROUP ( {} {} {} )\n",
        path("c"),
        path("gcc_eh"),
        path("gcc")
    );
    for name in ["m", "pthread", "rt", "dl", "util"] {
        let script = format!("INPUT ( {} )\n", path(name));
        fs::write(dir.join(format!("lib{name}.a")), script).expect("write a linker script");
    }
    for name in ["c", "gcc_s"] {
        fs::write(dir.join(format!("lib{name}.a")), &group).expect("write a linker script");
    }
    println!("cargo:rustc-link-arg-bins=-static");
    println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
    println!("cargo:rustc-env=ARBITER_LINK=static");
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
