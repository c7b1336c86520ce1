//! The on-disk index: built on first use into the user's cache directory, in a
//! folder named by a hash of the embedded editions, the schema version and the
//! tantivy version; opened without rebuilding afterwards.
//!
//! Building is atomic: the index is written into a private temporary folder,
//! sealed with a `READY` file that lists every file with its size and a checksum of its
//! content (so a same-size edit of `vocab.txt` is caught), then renamed
//! into place. Two processes building at once both succeed (the loser of the
//! rename opens the winner's index). A folder without a valid `READY`, with a file
//! of the wrong size or failing its checksums, or that tantivy cannot open, is
//! moved aside and rebuilt. When the cache directory cannot be written, the index
//! is built in memory and a one-line notice says so. Temporary folders left by a build
//! that was killed (its process is gone, or it is over an hour old) are removed.

pub use super::hash::Hash64;
use super::schema::{self, Fields};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};
use tantivy::directory::{Directory, MmapDirectory};
use tantivy::{Index, IndexReader, ReloadPolicy};

const READY: &str = "READY";
const VOCAB: &str = "vocab.txt";

/// Where the index lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    Disk(PathBuf),
    /// The cache directory could not be written.
    Memory,
}

/// An opened index with what the query side needs.
pub struct Opened {
    pub index: Index,
    pub reader: IndexReader,
    pub fields: Fields,
    pub location: Location,
    /// How long building took, when this run built it.
    pub built: Option<Duration>,
    /// One-line notices for stderr (fallbacks, rebuilds).
    pub notices: Vec<String>,
    vocab_mem: Option<BTreeMap<String, u32>>,
}

impl Opened {
    /// The vocabulary (lowercased surface words and their frequencies), read on
    /// demand: only a query with an unknown word needs it.
    pub fn vocab(&self) -> BTreeMap<String, u32> {
        if let Some(v) = &self.vocab_mem {
            return v.clone();
        }
        let Location::Disk(dir) = &self.location else {
            return BTreeMap::new();
        };
        let text = fs::read_to_string(dir.join(VOCAB)).unwrap_or_default();
        text.lines()
            .filter_map(|l| {
                let (w, n) = l.split_once(' ')?;
                Some((w.to_string(), n.parse().ok()?))
            })
            .collect()
    }
}

/// The cache root: `$ARBITER_CACHE_DIR`, else the platform's cache directory
/// (`crate::paths::cache_dir`: `$XDG_CACHE_HOME/arbiter` else `~/.cache/arbiter` on Linux).
pub fn cache_root() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("ARBITER_CACHE_DIR").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(d));
    }
    crate::paths::cache_dir()
}

/// The folder name for this binary's index: a hash of every embedded edition
/// (names, verbatim source and imported blob), the schema version, tantivy's
/// version and the indexing code itself.
///
/// The editions and the indexing code are fixed when the binary is compiled, so the
/// build script hashes them once ([`INPUTS`]); hashing their 2 MB here took 0.9M
/// instructions, an eighth of a warm search.
pub fn folder_name() -> String {
    let mut h = Hash64::new();
    h.write(b"arbiter-search");
    h.write(&schema::SCHEMA_VERSION.to_le_bytes());
    h.write(tantivy::version_string().as_bytes());
    // the seal's format: a new format is a new folder, not a "damaged" notice
    h.write(seal_header().as_bytes());
    h.write(&INPUTS.to_le_bytes());
    format!("search-v{}-{:016x}", schema::SCHEMA_VERSION, h.finish())
}

// `INPUTS`: the build script's hash of what the index is built from (see
// `search_inputs` in build.rs and the test `the_build_time_hash_covers_the_inputs`).
include!(concat!(env!("OUT_DIR"), "/search_inputs.rs"));

/// Opens the cached index, building it when missing, damaged or when `rebuild`.
/// Fails only when even the in-memory fallback cannot be built.
pub fn open(rebuild: bool) -> Result<Opened, String> {
    open_at(cache_root(), rebuild)
}

/// [`open`] with an explicit cache root (`None`: no cache, build in memory).
pub fn open_at(root: Option<PathBuf>, rebuild: bool) -> Result<Opened, String> {
    let Some(root) = root else {
        return in_memory("no cache directory (HOME is not set)".to_string());
    };
    let dir = root.join(folder_name());
    remove_leftovers(&root);
    if rebuild {
        discard(&root, &dir);
    } else {
        match try_open(&dir) {
            Ok(o) => return Ok(o),
            Err(Problem::Missing) => {}
            Err(Problem::Damaged(why)) => {
                discard(&root, &dir);
                let mut o = build_on_disk(&root, &dir)?;
                o.notices.insert(
                    0,
                    format!("the search index was damaged ({why}); rebuilt it"),
                );
                return Ok(o);
            }
        }
    }
    build_on_disk(&root, &dir)
}

/// The cached index if one is already built and sound; never builds, repairs or deletes
/// anything (for lookups that must not create the cache: `define`'s fallback to search).
pub fn open_existing() -> Option<Opened> {
    try_open(&cache_root()?.join(folder_name())).ok()
}

enum Problem {
    Missing,
    Damaged(String),
}

/// Opens a sealed index folder, checking its `READY` seal, file sizes and checksums.
fn try_open(dir: &Path) -> Result<Opened, Problem> {
    let seal = match fs::read_to_string(dir.join(READY)) {
        Ok(s) => s,
        Err(_) if !dir.exists() => return Err(Problem::Missing),
        Err(_) => return Err(Problem::Damaged("it has no READY seal".into())),
    };
    let mut lines = seal.lines();
    if lines.next() != Some(&seal_header()) {
        return Err(Problem::Damaged(
            "its READY seal is from another version".into(),
        ));
    }
    let mut docs = None;
    let malformed = || Problem::Damaged("its READY seal is malformed".into());
    let mmap = MmapDirectory::open(dir).map_err(|e| Problem::Damaged(e.to_string()))?;
    // Each file is checked through the directory's own memory map, which tantivy
    // reuses while `checked` holds it: no copy, no buffer to allocate and clear.
    let mut checked = Vec::new();
    for l in lines {
        if let Some(n) = l.strip_prefix("docs ") {
            docs = Some(n.parse::<u64>().map_err(|_| malformed())?);
            continue;
        }
        // `name size checksum`
        let mut parts = l.rsplitn(3, ' ');
        let (Some(sum), Some(n), Some(name)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(malformed());
        };
        let n: u64 = n.parse().map_err(|_| malformed())?;
        let bytes = mmap
            .open_read(Path::new(name))
            .ok()
            .and_then(|f| f.read_bytes().ok())
            .ok_or_else(|| Problem::Damaged(format!("{name} is missing or cannot be read")))?;
        if bytes.len() as u64 != n {
            return Err(Problem::Damaged(format!("{name} is missing or truncated")));
        }
        if checksum(bytes.as_slice()) != sum {
            return Err(Problem::Damaged(format!("{name} fails its checksum")));
        }
        checked.push(bytes);
    }
    let docs = docs.ok_or_else(|| Problem::Damaged("its READY seal is malformed".into()))?;
    let damaged = |e: tantivy::TantivyError| Problem::Damaged(e.to_string());
    // tantivy's own `validate_checksum` (a CRC of each segment file) is not run: the
    // seal has just checked every byte of every file, tantivy's included, and the
    // second pass cost 0.76M instructions, a seventh of a warm search.
    let index = Index::open(mmap).map_err(damaged)?;
    let opened = finish(index, Location::Disk(dir.to_path_buf()), None).map_err(damaged)?;
    drop(checked);
    if opened.reader.searcher().num_docs() != docs {
        return Err(Problem::Damaged("its document count is wrong".into()));
    }
    Ok(opened)
}

/// A file's content checksum in the seal.
fn checksum(bytes: &[u8]) -> String {
    format!("{:016x}", super::hash::checksum(bytes))
}

fn seal_header() -> String {
    format!(
        "arbiter-search seal 3 schema {} {}",
        schema::SCHEMA_VERSION,
        tantivy::version_string()
    )
}

fn finish(index: Index, location: Location, built: Option<Duration>) -> tantivy::Result<Opened> {
    index
        .tokenizers()
        .register(schema::ANALYZER, schema::analyzer());
    let fields = schema::fields_of(&index.schema())?;
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
    Ok(Opened {
        index,
        reader,
        fields,
        location,
        built,
        notices: Vec::new(),
        vocab_mem: None,
    })
}

/// Builds into a private temporary folder next to `dir`, seals it and renames it
/// into place; falls back to memory when the cache cannot be written.
fn build_on_disk(root: &Path, dir: &Path) -> Result<Opened, String> {
    let tmp = root.join(format!(
        ".{}.tmp-{}-{}",
        dir.file_name().and_then(|n| n.to_str()).unwrap_or("search"),
        std::process::id(),
        nanos()
    ));
    let result = fs::create_dir_all(root)
        .and_then(|()| fs::create_dir(&tmp))
        .map_err(|e| e.to_string())
        .and_then(|()| build_into(&tmp).map_err(|e| e.to_string()));
    let (built, vocab) = match result {
        Ok(x) => x,
        Err(e) => {
            let _ = fs::remove_dir_all(&tmp);
            return in_memory(format!(
                "cannot write the search cache in {} ({e})",
                root.display()
            ));
        }
    };
    // Publish. If another process published first, open theirs.
    if fs::rename(&tmp, dir).is_err() {
        if let Ok(mut o) = try_open(dir) {
            let _ = fs::remove_dir_all(&tmp);
            o.built = Some(built);
            return Ok(o);
        }
        discard(root, dir);
        if fs::rename(&tmp, dir).is_err() {
            let _ = fs::remove_dir_all(&tmp);
            return in_memory(format!(
                "cannot publish the search index in {}",
                root.display()
            ));
        }
    }
    prune_stale(root, dir);
    match try_open(dir) {
        Ok(mut o) => {
            o.built = Some(built);
            o.vocab_mem = Some(vocab);
            Ok(o)
        }
        Err(Problem::Missing) | Err(Problem::Damaged(_)) => in_memory(format!(
            "the search index in {} could not be opened",
            dir.display()
        )),
    }
}

/// Writes a complete index, its vocabulary and its `READY` seal into `dir`.
fn build_into(dir: &Path) -> tantivy::Result<(Duration, BTreeMap<String, u32>)> {
    let start = Instant::now();
    let (schema, _) = schema::build();
    let index = Index::create_in_dir(dir, schema)?;
    let built = populate(&index)?;
    let mut vocab_text = String::new();
    for (w, n) in &built.vocab {
        vocab_text.push_str(&format!("{w} {n}\n"));
    }
    fs::write(dir.join(VOCAB), vocab_text)?;
    // The seal lists every file with its size; it is written last.
    let mut seal = seal_header();
    seal.push_str(&format!("\ndocs {}", built.docs));
    let mut names: Vec<String> = fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| !n.starts_with(".tantivy") && !n.contains(' '))
        .collect();
    names.sort();
    for n in names {
        let bytes = fs::read(dir.join(&n))?;
        seal.push_str(&format!("\n{n} {} {}", bytes.len(), checksum(&bytes)));
    }
    seal.push('\n');
    let mut f = fs::File::create(dir.join(READY))?;
    f.write_all(seal.as_bytes())?;
    f.sync_all()?;
    Ok((start.elapsed(), built.vocab))
}

/// Indexes every embedded rule with one writer thread and a modest memory budget.
fn populate(index: &Index) -> tantivy::Result<super::docs::Built> {
    index
        .tokenizers()
        .register(schema::ANALYZER, schema::analyzer());
    let fields = schema::fields_of(&index.schema())?;
    let mut w = index.writer_with_num_threads(1, 32_000_000)?;
    let built = super::docs::add_all(&mut w, &fields)?;
    w.commit()?;
    w.wait_merging_threads()?;
    Ok(built)
}

/// The in-memory fallback, with its one-line notice.
fn in_memory(why: String) -> Result<Opened, String> {
    let start = Instant::now();
    let (schema, _) = schema::build();
    let index = Index::create_in_ram(schema);
    let built = populate(&index).map_err(|e| format!("{why}; building in memory failed: {e}"))?;
    let mut o = finish(index, Location::Memory, Some(start.elapsed()))
        .map_err(|e| format!("{why}; opening the in-memory index failed: {e}"))?;
    o.vocab_mem = Some(built.vocab);
    o.notices.push(format!("{why}; using an in-memory index"));
    Ok(o)
}

/// Indexes of other binaries (other rules, schema or tantivy versions) that have
/// not been rebuilt for a week are deleted when this binary builds its own, so
/// the cache does not grow without bound; recent ones may belong to another
/// installed version still in use, and are left alone.
fn prune_stale(root: &Path, keep: &Path) {
    const WEEK: Duration = Duration::from_secs(7 * 24 * 3600);
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let path = e.path();
        let is_index = e
            .file_name()
            .to_str()
            .is_some_and(|n| n.starts_with("search-v"));
        let old = fs::metadata(path.join(READY))
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > WEEK);
        if is_index && path != keep && old {
            discard(root, &path);
        }
    }
}

/// Removes temporary (`.search-….tmp-PID-…`) and trash (`.trash-PID-…`) folders whose
/// build or removal was killed: their process is gone (where `/proc` tells), or they are
/// over an hour old. A build in progress in another live process is left alone.
fn remove_leftovers(root: &Path) {
    const HOUR: Duration = Duration::from_secs(3600);
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    let proc = Path::new("/proc/self").exists();
    for e in entries.filter_map(|e| e.ok()) {
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        let pid = if let Some(rest) = name.strip_prefix(".trash-") {
            rest.split('-').next()
        } else if name.starts_with(".search-") && name.contains(".tmp-") {
            name.rsplit(".tmp-")
                .next()
                .and_then(|r| r.split('-').next())
        } else {
            continue;
        };
        let Some(pid) = pid.and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let gone = proc && !Path::new(&format!("/proc/{pid}")).exists();
        let old = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > HOUR);
        if gone || old {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

/// Moves a damaged or stale folder aside (atomically) and deletes it.
fn discard(root: &Path, dir: &Path) {
    if !dir.exists() {
        return;
    }
    let trash = root.join(format!(".trash-{}-{}", std::process::id(), nanos()));
    if fs::rename(dir, &trash).is_ok() {
        let _ = fs::remove_dir_all(&trash);
    }
}

fn nanos() -> u128 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tells_inputs_apart() {
        let h = |parts: &[&[u8]]| {
            let mut x = Hash64::new();
            for p in parts {
                x.write(p);
            }
            x.finish()
        };
        assert_ne!(h(&[b"ab", b"c"]), h(&[b"a", b"bc"]));
        assert_ne!(h(&[b"abcdefgh1"]), h(&[b"abcdefgh2"]));
        assert_eq!(h(&[b"same"]), h(&[b"same"]));
    }

    /// The build script hashes the embedded editions (names, verbatim source, imported
    /// blob) and the indexing code: the same hash computed here from what the binary
    /// embeds, so an input the build script missed would show.
    #[test]
    fn the_build_time_hash_covers_the_inputs() {
        let mut h = Hash64::new();
        h.write(include_str!("docs.rs").as_bytes());
        h.write(include_str!("schema.rs").as_bytes());
        // the plain form of rule text that is indexed (symbol glosses, bullets)
        h.write(include_str!("../render/text.rs").as_bytes());
        // the rule embeddings, whose row numbers the index stores
        h.write(include_bytes!("rule-vectors.bin"));
        for m in crate::rulebook::Library::get().metas() {
            h.write(m.game.as_bytes());
            h.write(m.edition.as_bytes());
            h.write(m.file.as_bytes());
            h.write(m.source.as_bytes());
            h.write(m.blob());
        }
        assert_eq!(h.finish(), INPUTS);
    }

    #[test]
    fn folder_name_is_stable_within_a_binary() {
        assert_eq!(folder_name(), folder_name());
        assert!(folder_name().starts_with("search-v"));
    }
}
