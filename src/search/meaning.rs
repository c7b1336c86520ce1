//! Meaning: a question's words matched by what they mean, not only by how they are
//! spelt. Every rule of every embedded edition has a sentence embedding (a vector of
//! [`DIM`] numbers from the all-MiniLM-L6-v2 sentence model fine-tuned on the
//! rulebook (meaning/model/README.md), computed once by
//! `cargo run --release --example rule_vectors` and committed as `rule-vectors.bin`);
//! a question of at least [`MIN_WORDS`] words is embedded by the same model when it is
//! searched, and the best word matches are re-ranked by adding their similarity to
//! the question ([`fuse`]). "who gets credit for a kill" and 428.5.c "… that kill
//! action is attributed to …" share only "kill", but their embeddings are closer
//! (cosine 0.48) than the question's and unrelated rules' (about 0.3).
//!
//! The word ranking stays the base: its best hits are re-ranked, joined by the
//! few rules nearest the question in meaning ([`NEAREST`]), which may share no word
//! with it (such a hit shows the start of its text, nothing marked, and is counted
//! among the matches). A keyword search of one to three words (`tank`,
//! `deathknell replaced death`) never pays for the model.

use std::cell::{Cell, OnceCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;

use crate::rulebook::library::Book;
use crate::search::hash::Hash64;

/// Numbers in one embedding.
pub const DIM: usize = arbiter_meaning::DIM;

/// A query of fewer words is a keyword search, ranked by its words alone.
pub const MIN_WORDS: usize = 4;

/// How many of the word ranking's best hits are re-ranked.
pub const CANDIDATES: usize = 60;

/// How many of the rules nearest a question in meaning join the word ranking's
/// best hits as candidates (whatever their words): 5 to 100 rank the tuning halves
/// alike, as a nearest rule beyond the first few never outranks the word hits.
pub const NEAREST: usize = 10;

/// The weight of the similarity (0–1) beside the word score scaled to the best
/// hit's (0–1]: 4 with the NEAREST candidates (batch 4's tuning half, which the
/// model never saw, 0.795 / 0.641 recall@5 / MRR at 1.5 → 0.848 / 0.667 at 4; 3 to 5
/// alike); 1.5 when the model was first fine-tuned on the rulebook (chosen by
/// cross-validation on batches 1–3's tuning halves, scripts/minilm-finetune.py, at
/// 1, 1.5 or 2); 1 before.
pub const WEIGHT: f32 = 4.0;

static TABLE_BYTES: &[u8] = include_bytes!("rule-vectors.bin");

const MAGIC: &[u8; 8] = b"ARBVEC2\n";

/// One edition's rows in the table: a row per rule, in document order, then a row
/// per example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditionRows {
    pub game: String,
    pub edition: String,
    /// The row of the edition's first rule.
    pub start: u32,
    /// How many rules (the rows from `start`).
    pub count: u32,
    /// For each example row after the rules' rows, the rule (document order) whose
    /// example it is.
    pub examples: Vec<u32>,
    /// [`passages_hash`] of the passages the rows were computed from.
    pub hash: u64,
}

/// An edition's embeddings as [`write_table`] takes them: a passage's embedding
/// per rule, and one per example with the rule it belongs to.
pub struct EditionVectors {
    pub game: String,
    pub edition: String,
    pub hash: u64,
    pub rules: Vec<Vec<f32>>,
    pub examples: Vec<(u32, Vec<f32>)>,
}

/// The committed table: one row of [`DIM`] signed bytes and a scale per rule and
/// per example (row value × scale = the embedding's number).
pub struct Table {
    pub editions: Vec<EditionRows>,
    scales: Vec<f32>,
    rows: &'static [u8],
    /// A rule's row → the rows of its examples.
    examples: std::collections::HashMap<u32, Vec<u32>>,
}

impl Table {
    /// The committed table, read once; `None` if it is missing or malformed (then
    /// search ranks by words alone).
    pub fn get() -> Option<&'static Table> {
        static T: std::sync::OnceLock<Option<Table>> = std::sync::OnceLock::new();
        T.get_or_init(|| Table::parse(TABLE_BYTES)).as_ref()
    }

    /// Reads the format [`write_table`] writes.
    pub fn parse(b: &'static [u8]) -> Option<Table> {
        let mut r = Reader { b, at: 0 };
        if r.take(8)? != MAGIC {
            return None;
        }
        let dim = r.u32()? as usize;
        if dim != DIM {
            return None;
        }
        let n = r.u32()? as usize;
        let mut editions = Vec::with_capacity(n.min(64));
        let mut examples = std::collections::HashMap::new();
        let mut total: u32 = 0;
        for _ in 0..n {
            let game = r.string()?;
            let edition = r.string()?;
            let count = r.u32()?;
            let n_examples = r.u32()?;
            let hash = r.u64()?;
            let mut of = Vec::with_capacity((n_examples as usize).min(b.len()));
            for k in 0..n_examples {
                let i = r.u32()?;
                if i >= count {
                    return None;
                }
                let row = total.checked_add(count)?.checked_add(k)?;
                examples.entry(total + i).or_insert_with(Vec::new).push(row);
                of.push(i);
            }
            editions.push(EditionRows {
                game,
                edition,
                start: total,
                count,
                examples: of,
                hash,
            });
            total = total.checked_add(count)?.checked_add(n_examples)?;
        }
        let total = total as usize;
        let scale_bytes = r.take(total.checked_mul(4)?)?;
        let scales = scale_bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let rows = r.take(total.checked_mul(DIM)?)?;
        if r.at != b.len() {
            return None;
        }
        Some(Table {
            editions,
            scales,
            rows,
            examples,
        })
    }

    /// The row of rule `i` (document order) of an edition, if the table has it.
    pub fn row_of(&self, game: &str, edition: &str, i: usize) -> Option<u32> {
        let e = self
            .editions
            .iter()
            .find(|e| e.game == game && e.edition == edition)?;
        let i = u32::try_from(i).ok()?;
        (i < e.count).then_some(e.start + i)
    }

    /// A rule's similarity to a unit-length query embedding: the best cosine of its
    /// passage's and its examples' embeddings (an example says in a situation's
    /// words what the rule says in general ones).
    pub fn similarity(&self, query: &[f32], row: u32) -> Option<f32> {
        let own = self.cosine(query, row)?;
        let examples = self.examples.get(&row).map_or(&[][..], Vec::as_slice);
        Some(
            examples
                .iter()
                .filter_map(|&x| self.cosine(query, x))
                .fold(own, f32::max),
        )
    }

    fn cosine(&self, query: &[f32], row: u32) -> Option<f32> {
        let row = row as usize;
        let scale = *self.scales.get(row)?;
        let bytes = self.rows.get(row * DIM..(row + 1) * DIM)?;
        // Eight sums in flight (one vector register) rather than one chain of 384
        // additions: a question is compared with every rule in scope.
        let mut sums = [0f32; 8];
        for (b, q) in bytes.chunks_exact(8).zip(query.chunks_exact(8)) {
            for ((s, &b), &q) in sums.iter_mut().zip(b).zip(q) {
                *s += f32::from(b as i8) * q;
            }
        }
        Some(sums.iter().sum::<f32>() * scale)
    }
}

struct Reader {
    b: &'static [u8],
    at: usize,
}

impl Reader {
    fn take(&mut self, n: usize) -> Option<&'static [u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn string(&mut self) -> Option<String> {
        let n = u16::from_le_bytes(self.take(2)?.try_into().ok()?) as usize;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}

/// Writes a table: per edition its game, name, counts, hash and the rule each
/// example belongs to, then every row (each a unit-length embedding: the
/// edition's rules', then its examples'), quantised to signed bytes with a scale
/// per row.
pub fn write_table(editions: &[EditionVectors]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend((DIM as u32).to_le_bytes());
    out.extend((editions.len() as u32).to_le_bytes());
    for e in editions {
        for s in [&e.game, &e.edition] {
            out.extend((s.len() as u16).to_le_bytes());
            out.extend(s.as_bytes());
        }
        out.extend((e.rules.len() as u32).to_le_bytes());
        out.extend((e.examples.len() as u32).to_le_bytes());
        out.extend(e.hash.to_le_bytes());
        for (i, _) in &e.examples {
            out.extend(i.to_le_bytes());
        }
    }
    let all: Vec<&Vec<f32>> = editions
        .iter()
        .flat_map(|e| e.rules.iter().chain(e.examples.iter().map(|(_, v)| v)))
        .collect();
    let scales: Vec<f32> = all
        .iter()
        .map(|r| r.iter().fold(0f32, |m, x| m.max(x.abs())) / 127.0)
        .collect();
    for s in &scales {
        out.extend(s.to_le_bytes());
    }
    for (r, s) in all.iter().zip(&scales) {
        for x in r.iter().take(DIM) {
            let q = if *s > 0.0 { (x / s).round() } else { 0.0 };
            out.push(q.clamp(-127.0, 127.0) as i8 as u8);
        }
    }
    out
}

/// What a rule's embedding is computed from: the titles of its heading chain, its
/// own title, its text, its list items and any recovered text, joined as sentences
/// (so 808.1.c "It is functionally short for …" is read as Deathknell's).
pub fn passage(book: &Book, i: usize) -> String {
    let r = &book.ed.rules[i];
    let mut parts = heading_titles(book, i);
    let title = book.title_of(r);
    if let Some(t) = &title {
        parts.push(t.clone());
    }
    if let Some(t) = &r.text
        && title.as_deref() != Some(t.as_str())
    {
        parts.push(t.clone());
    }
    parts.extend(r.items.iter().cloned());
    if let Some(t) = r.recovered.as_ref().and_then(|x| x.text.clone()) {
        parts.push(t);
    }
    parts.retain(|p| !p.is_empty());
    crate::render::text::plain(&parts.join(". "))
}

/// The titles of a rule's heading chain, from the top.
fn heading_titles(book: &Book, i: usize) -> Vec<String> {
    book.breadcrumb(i)
        .into_iter()
        .filter_map(|c| c.title)
        .collect()
}

/// What each of a rule's examples is embedded from: the titles of its heading
/// chain, its title, and the example.
pub fn example_passages(book: &Book, i: usize) -> Vec<String> {
    let r = &book.ed.rules[i];
    let mut head = heading_titles(book, i);
    head.extend(book.title_of(r));
    r.examples
        .iter()
        .map(|e| {
            let mut parts = head.clone();
            parts.push(e.clone());
            parts.retain(|p| !p.is_empty());
            crate::render::text::plain(&parts.join(". "))
        })
        .collect()
}

/// The hash of an edition's passages, in order: the committed table says which
/// passages its rows were computed from, and a test checks it against today's.
pub fn passages_hash(book: &Book) -> u64 {
    let mut h = Hash64::new();
    for i in 0..book.ed.rules.len() {
        h.write(passage(book, i).as_bytes());
        for e in example_passages(book, i) {
            h.write(e.as_bytes());
        }
    }
    h.finish()
}

/// Whether a query is a question (or a phrase long enough to have a meaning beyond
/// its words): at least [`MIN_WORDS`] words.
pub fn is_question(q: &str) -> bool {
    q.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .count()
        >= MIN_WORDS
}

/// The text the model reads for a query: the typed words without exclusions
/// (`-word`) and quote marks.
pub fn query_text(q: &str) -> String {
    q.split_whitespace()
        .filter(|w| !w.starts_with('-'))
        .map(|w| w.trim_matches('"'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The fused score of a word hit: its word score as a share of the best hit's, plus
/// [`WEIGHT`] × its similarity to the question (negative similarity counts 0).
pub fn fuse(word: f32, best_word: f32, similarity: f32) -> f32 {
    let share = if best_word > 0.0 {
        word / best_word
    } else {
        0.0
    };
    share + WEIGHT * similarity.max(0.0)
}

/// The question's embedding (unit length), by the model built in (`arbiter-meaning`).
pub fn embed(text: &str) -> [f32; DIM] {
    arbiter_meaning::embed(text)
}

/// Where the thread that embeds a question ahead runs, and the searching thread beside
/// it. Left to itself, Linux often starts a new thread on its parent's CPU and moves it
/// to the idle one only later, so the embedding and the word search took turns on one
/// core (measured: the thread began 0.1–3.1 ms after it was started and its 2.6 ms of
/// work stretched to 5.5–6.4 ms; a question cost what the two cost one after the
/// other). Moved by its parent to another CPU once started, it still often ran first on
/// the parent's CPU and preempted the parent until the parent got the CPU back to move
/// it (instrumented: opening the index, 0.9 ms alone, ended 2.1–4.0 ms in, often just
/// after the embedding did; a scheduler trace shows the switch). Moving itself off its
/// parent's CPU first thing, it was left waiting when the parent ran first: queued
/// behind the parent, it began only when the parent stopped to want the vector, ~2 ms
/// in, in most runs of a short question once the word search had become fast
/// (instrumented, 2026-11-25). So both move it: the new thread itself first thing if
/// it runs first, the parent right after starting it if the parent does (a queued
/// thread is moved at once); the parent stays on its own CPU while both work (the
/// parent left free to move was slower); once the search waits for the embedding,
/// both may run anywhere again, so a busy second CPU never holds either up.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod cpus {
    use std::os::unix::thread::JoinHandleExt;
    use std::sync::OnceLock;
    use std::thread::JoinHandle;

    const SIZE: usize = std::mem::size_of::<libc::cpu_set_t>();

    /// The CPUs the process's threads may run on, as the kernel said on first asking
    /// (before any thread was held to one).
    fn allowed() -> Option<libc::cpu_set_t> {
        static ALLOWED: OnceLock<Option<libc::cpu_set_t>> = OnceLock::new();
        *ALLOWED.get_or_init(|| {
            // SAFETY: a zeroed cpu_set_t is a valid empty set; the kernel writes at
            // most SIZE bytes.
            unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                (libc::sched_getaffinity(0, SIZE, &mut set) == 0).then_some(set)
            }
        })
    }

    /// `set` without CPU `cpu`, unless that leaves it empty (a process allowed one CPU).
    pub(super) fn without(mut set: libc::cpu_set_t, cpu: usize) -> Option<libc::cpu_set_t> {
        // SAFETY: CPU_CLR and CPU_COUNT only touch the set's bits (CPU_CLR ignores a
        // number past the set's size).
        unsafe {
            libc::CPU_CLR(cpu, &mut set);
            (libc::CPU_COUNT(&set) > 0).then_some(set)
        }
    }

    /// The set of CPU `cpu` alone.
    fn only(cpu: usize) -> libc::cpu_set_t {
        // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET only touches its
        // bits (and ignores a number past the set's size).
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut set);
            set
        }
    }

    fn set_affinity<T>(thread: &JoinHandle<T>, set: &libc::cpu_set_t) {
        // SAFETY: the handle's pthread_t stays valid until it is joined (the thread is
        // not detached), even if the thread has ended; an ended thread only makes the
        // call fail, and a failure leaves the scheduling to the kernel, as before.
        unsafe {
            libc::pthread_setaffinity_np(thread.as_pthread_t(), SIZE, set);
        }
    }

    /// Holds the calling thread to `set` (a failure leaves it to the kernel).
    fn set_own_affinity(set: &libc::cpu_set_t) {
        // SAFETY: pid 0 is the calling thread; the kernel reads SIZE bytes of `set`.
        unsafe {
            libc::sched_setaffinity(0, SIZE, set);
        }
    }

    /// The CPU the calling thread is on, if the kernel says.
    pub(super) fn current() -> Option<usize> {
        // SAFETY: sched_getcpu takes no arguments; -1 is an error.
        usize::try_from(unsafe { libc::sched_getcpu() }).ok()
    }

    /// Moves the calling thread (a new one, first thing) off CPU `cpu`, its parent's:
    /// started on its parent's CPU, it would otherwise run there until the parent got
    /// it back to move it, the parent waiting meanwhile.
    pub(super) fn leave(cpu: Option<usize>) {
        if let (Some(cpu), Some(set)) = (cpu, allowed())
            && let Some(others) = without(set, cpu)
        {
            set_own_affinity(&others);
        }
    }

    /// Moves `thread` (a new one, just started by the caller) off CPU `cpu`, the
    /// caller's: queued there behind the caller, it would otherwise wait for the
    /// caller to stop or for the idle CPU to take it over, milliseconds later.
    pub(super) fn away<T>(thread: &JoinHandle<T>, cpu: Option<usize>) {
        if let (Some(cpu), Some(set)) = (cpu, allowed())
            && let Some(others) = without(set, cpu)
        {
            set_affinity(thread, &others);
        }
    }

    /// Holds the calling thread to CPU `cpu` (where it is), if the process has others
    /// for the thread that [`leave`]s it.
    pub(super) fn stay(cpu: Option<usize>) {
        if let (Some(cpu), Some(set)) = (cpu, allowed())
            && without(set, cpu).is_some()
        {
            set_own_affinity(&only(cpu));
        }
    }

    /// Lets `thread` and the calling thread run on any CPU the process may.
    pub(super) fn anywhere<T>(thread: &JoinHandle<T>) {
        if let Some(set) = allowed() {
            set_affinity(thread, &set);
            set_own_affinity(&set);
        }
    }
}

/// Elsewhere the scheduler decides alone.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod cpus {
    use std::thread::JoinHandle;

    pub(super) fn current() -> Option<usize> {
        None
    }
    pub(super) fn leave(_: Option<usize>) {}
    pub(super) fn away<T>(_: &JoinHandle<T>, _: Option<usize>) {}
    pub(super) fn stay(_: Option<usize>) {}
    pub(super) fn anywhere<T>(_: &JoinHandle<T>) {}
}

/// A query's embedding, computed once when its hits are re-ranked: either started
/// ahead on a thread of its own ([`QueryVector::ahead`]), so that the model runs on
/// the second core while the index is opened and the words are searched, or
/// computed where it is first wanted ([`QueryVector::later`]). Both give the same
/// vector: the model is deterministic, whichever thread runs it.
pub struct QueryVector {
    text: String,
    ahead: Cell<Option<Ahead>>,
    vector: OnceCell<[f32; DIM]>,
}

/// The thread started by [`QueryVector::ahead`]. Whichever of it and the searching
/// thread claims the work first computes the embedding: on a busy machine the
/// thread may not have been given a core by the time the search wants the vector,
/// and then the search computes it rather than wait.
struct Ahead {
    claimed: Arc<AtomicBool>,
    /// The thread's vector, set before it ends: the search takes it from here rather
    /// than wait for the thread to be torn down (glibc returning its stack to the
    /// kernel, then the join: about 0.1 ms).
    vector: Arc<OnceLock<[f32; DIM]>>,
    thread: JoinHandle<()>,
}

/// A vector never asked for (a search that stopped before re-ranking) lets the
/// searching thread, held to its CPU while the embedding ran beside it, run anywhere
/// again: in the REPL the thread goes on to other work.
impl Drop for QueryVector {
    fn drop(&mut self) {
        if let Some(a) = self.ahead.take() {
            cpus::anywhere(&a.thread);
        }
    }
}

impl QueryVector {
    /// The embedding of query `q`'s [`query_text`], computed when first wanted.
    pub fn later(q: &str) -> QueryVector {
        QueryVector {
            text: query_text(q),
            ahead: Cell::new(None),
            vector: OnceCell::new(),
        }
    }

    /// The embedding of query `q`'s [`query_text`], started now on a thread of its
    /// own if `q` will be re-ranked by meaning (a question, with `meaning` on); a
    /// keyword search never loads the model. If no thread can be started, it is
    /// computed when first wanted.
    pub fn ahead(q: &str, meaning: bool) -> QueryVector {
        let v = QueryVector::later(q);
        if meaning && is_question(q) {
            let claimed = Arc::new(AtomicBool::new(false));
            let vector = Arc::new(OnceLock::new());
            let (text, mine, out) = (v.text.clone(), Arc::clone(&claimed), Arc::clone(&vector));
            let here = cpus::current();
            let started = std::thread::Builder::new()
                .name("embed".into())
                .spawn(move || {
                    cpus::leave(here);
                    if !mine.swap(true, Ordering::AcqRel) {
                        let _ = out.set(embed(&text));
                    }
                });
            if let Ok(thread) = &started {
                cpus::away(thread, here);
                cpus::stay(here);
                // The words' search has time to spare (it ends before the embedding):
                // it maps the model's pages first, so that the embedding does not
                // stop at each layer for its page faults.
                arbiter_meaning::warm();
            }
            v.ahead.set(started.ok().map(|thread| Ahead {
                claimed,
                vector,
                thread,
            }));
        }
        v
    }

    /// The embedding (unit length): the thread's, helping with it and waiting until
    /// the thread has published it (not until the thread has ended) if it has begun,
    /// or computed here if it has not (the thread then ends without computing;
    /// nothing waits for it).
    pub fn get(&self) -> &[f32; DIM] {
        self.vector.get_or_init(|| {
            if let Some(a) = self.ahead.take() {
                // This thread now waits or computes the vector itself: both threads
                // may run anywhere.
                cpus::anywhere(&a.thread);
                if a.claimed.swap(true, Ordering::AcqRel) {
                    // Rather than wait idle, this thread takes part in the embedding's
                    // integer products until it is done (the same vector, bit for bit).
                    // ... and between the products, maps the rule vectors that
                    // the re-rank reads next.
                    let mut at = 0;
                    arbiter_meaning::help_until(
                        || a.vector.get().is_some() || a.thread.is_finished(),
                        || arbiter_meaning::touch_next(TABLE_BYTES, &mut at),
                    );
                    if let Some(&v) = a.vector.get() {
                        // the thread ends on its own
                        return v;
                    }
                    // The model cannot panic on any text; if it did, the panic goes on
                    // here.
                    if let Err(p) = a.thread.join() {
                        std::panic::resume_unwind(p);
                    }
                }
            }
            embed(&self.text)
        })
    }

    /// Whether a thread was started and [`QueryVector::get`] has not been called.
    #[cfg(test)]
    fn is_ahead(&self) -> bool {
        let a = self.ahead.take();
        let started = a.is_some();
        self.ahead.set(a);
        started
    }

    /// Whether a thread was started and has ended.
    #[cfg(test)]
    fn is_ahead_and_finished(&self) -> bool {
        let a = self.ahead.take();
        let done = a.as_ref().is_some_and(|a| a.thread.is_finished());
        self.ahead.set(a);
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::Library;

    #[test]
    fn the_committed_table_matches_every_edition_s_rules_today() {
        let t = Table::get().expect("src/search/rule-vectors.bin parses");
        let lib = Library::get();
        for bi in 0..lib.metas().len() {
            let book = lib.book(bi);
            let e = t
                .editions
                .iter()
                .find(|e| e.game == book.meta.game && e.edition == book.meta.edition)
                .unwrap_or_else(|| panic!("no rows for {}", book.meta.edition));
            assert_eq!(
                (e.count as usize, e.hash),
                (book.ed.rules.len(), passages_hash(book)),
                "{} {}: the rules or their passages changed; recompute the table with \
                 `cargo run --release --example rule_vectors`",
                book.meta.game,
                book.meta.edition
            );
        }
    }

    #[test]
    fn a_table_round_trips_and_a_row_is_most_similar_to_itself() {
        let unit = |v: Vec<f32>| {
            let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            v.into_iter().map(|x| x / n).collect::<Vec<f32>>()
        };
        let a = unit((0..DIM).map(|i| (i as f32 * 0.37).sin()).collect());
        let b = unit((0..DIM).map(|i| (i as f32 * 0.11).cos()).collect());
        let c = unit((0..DIM).map(|i| (i as f32 * 0.37).sin() + 0.01).collect());
        let bytes = write_table(&[EditionVectors {
            game: "g".into(),
            edition: "e".into(),
            hash: 7,
            rules: vec![a.clone(), b.clone()],
            examples: vec![(1, c.clone())],
        }]);
        let t = Table::parse(Box::leak(bytes.into_boxed_slice())).expect("parses");
        assert_eq!(t.editions[0].count, 2);
        assert_eq!(t.editions[0].hash, 7);
        assert_eq!(t.row_of("g", "e", 1), Some(1));
        assert_eq!(t.row_of("g", "e", 2), None);
        assert_eq!(t.row_of("g", "other", 0), None);
        let aa = t.similarity(&a, 0).unwrap();
        let ab = t.similarity(&a, 1).unwrap();
        assert!((aa - 1.0).abs() < 0.01, "{aa}");
        assert!(ab < aa);
        assert_eq!(t.editions[0].examples, vec![1]);
        // rule 1's example is close to a: its similarity is its example's
        let (bc, _) = (t.cosine(&a, 1).unwrap(), ());
        assert!(ab > bc && ab > 0.95, "{ab} {bc}");
        // the example's row is not a rule
        assert_eq!(t.row_of("g", "e", 2), None);
        assert_eq!(t.similarity(&a, 3), None);
    }

    #[test]
    fn a_truncated_or_foreign_table_is_refused() {
        assert!(Table::parse(b"ARBVEC1\n").is_none());
        assert!(Table::parse(b"not a table at all").is_none());
        let mut bytes = write_table(&[EditionVectors {
            game: "g".into(),
            edition: "e".into(),
            hash: 1,
            rules: vec![vec![0.5; DIM]],
            examples: vec![],
        }]);
        bytes.pop();
        assert!(Table::parse(Box::leak(bytes.into_boxed_slice())).is_none());
        // an example of a rule the edition does not have
        let bytes = write_table(&[EditionVectors {
            game: "g".into(),
            edition: "e".into(),
            hash: 1,
            rules: vec![vec![0.5; DIM]],
            examples: vec![(1, vec![0.5; DIM])],
        }]);
        assert!(Table::parse(Box::leak(bytes.into_boxed_slice())).is_none());
    }

    #[test]
    fn questions_are_four_words_or_more_and_read_without_exclusions() {
        assert!(!is_question("tank"));
        assert!(!is_question("deathknell replaced death"));
        assert!(is_question("who gets credit for a kill"));
        assert!(is_question("can't I move units"));
        assert_eq!(
            query_text(r#"does "shield" apply -tank when attacking"#),
            "does shield apply when attacking"
        );
    }

    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn the_embedding_thread_is_sent_to_another_cpu_only_if_there_is_one() {
        // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET/CPU_ISSET touch its bits.
        unsafe {
            let mut two: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(0, &mut two);
            libc::CPU_SET(3, &mut two);
            let others = super::cpus::without(two, 0).expect("CPU 3 is left");
            assert!(!libc::CPU_ISSET(0, &others) && libc::CPU_ISSET(3, &others));
            let mut one: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(2, &mut one);
            assert!(super::cpus::without(one, 2).is_none(), "never an empty set");
            assert!(
                super::cpus::without(one, 5).is_some(),
                "another CPU's number"
            );
        }
    }

    /// The searching thread is held to its CPU while a question's embedding runs
    /// beside it (when the process has another CPU), and may run anywhere again once it
    /// has the vector, or drops it unasked (as a REPL's search that stops early would).
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn the_searching_thread_is_held_to_its_cpu_only_while_the_embedding_runs() {
        let own = || {
            // SAFETY: a zeroed cpu_set_t is the empty set; the kernel writes its bits.
            unsafe {
                let mut set: libc::cpu_set_t = std::mem::zeroed();
                assert_eq!(libc::sched_getaffinity(0, SIZE, &mut set), 0);
                set
            }
        };
        const SIZE: usize = std::mem::size_of::<libc::cpu_set_t>();
        // SAFETY: CPU_COUNT and CPU_EQUAL only read the sets' bits.
        let count = |s: &libc::cpu_set_t| unsafe { libc::CPU_COUNT(s) };
        let equal = |a: &libc::cpu_set_t, b: &libc::cpu_set_t| unsafe { libc::CPU_EQUAL(a, b) };
        // on a thread of its own: the test harness's threads are shared
        std::thread::spawn(move || {
            let before = own();
            for ask in [true, false] {
                let v = QueryVector::ahead("who gets credit for a kill", true);
                if count(&before) > 1 {
                    let here = own();
                    assert_eq!(count(&here), 1, "held to one CPU while it embeds");
                    // and the embedding thread, moved by it, is not allowed there
                    // (unless it has ended already)
                    let a = v.ahead.take().expect("a thread was started");
                    // SAFETY: a zeroed cpu_set_t is the empty set; the handle's
                    // pthread_t is valid until joined; the kernel writes the bits.
                    let theirs = unsafe {
                        use std::os::unix::thread::JoinHandleExt;
                        let mut set: libc::cpu_set_t = std::mem::zeroed();
                        let r =
                            libc::pthread_getaffinity_np(a.thread.as_pthread_t(), SIZE, &mut set);
                        (r == 0).then_some(set)
                    };
                    if let Some(theirs) = theirs.filter(|_| !a.thread.is_finished()) {
                        // SAFETY: CPU_ISSET only reads the sets' bits.
                        let shared = (0..libc::CPU_SETSIZE as usize).any(|c| unsafe {
                            libc::CPU_ISSET(c, &here) && libc::CPU_ISSET(c, &theirs)
                        });
                        assert!(!shared, "the embedding runs on another CPU");
                    }
                    v.ahead.set(Some(a));
                }
                if ask {
                    v.get();
                } else {
                    drop(v);
                }
                assert!(equal(&own(), &before), "anywhere again (asked: {ask})");
            }
        })
        .join()
        .expect("the checks pass");
    }

    #[test]
    fn a_question_s_vector_started_ahead_is_the_one_computed_later() {
        let q = r#"who gets "credit" for a kill -tank"#;
        let ahead = QueryVector::ahead(q, true);
        assert!(ahead.is_ahead(), "a question starts the model at once");
        let later = QueryVector::later(q);
        assert!(!later.is_ahead());
        assert_eq!(ahead.get(), later.get());
        assert_eq!(ahead.get(), &embed("who gets credit for a kill"));
        assert!(!ahead.is_ahead(), "taken");
        // Whichever thread computes it, it is the same vector.
        let finished = QueryVector::ahead(q, true);
        while !finished.is_ahead_and_finished() {
            std::thread::yield_now();
        }
        assert_eq!(finished.get(), later.get());
        // A thread not yet given a core when the vector is wanted: it is computed
        // here, and the thread, when it runs, does nothing.
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let claimed = Arc::new(AtomicBool::new(false));
        let vector = Arc::new(OnceLock::new());
        let (theirs, out) = (Arc::clone(&claimed), Arc::clone(&vector));
        let thread = std::thread::spawn(move || {
            wait.recv().ok();
            if !theirs.swap(true, Ordering::AcqRel) {
                let _ = out.set([2.0; DIM]);
            }
        });
        let blocked = QueryVector::later(q);
        blocked.ahead.set(Some(Ahead {
            claimed,
            vector,
            thread,
        }));
        assert_eq!(blocked.get(), later.get());
        go.send(()).expect("the thread waits");
        // A thread that has published its vector is not waited for while it ends.
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let (vector, ended) = (Arc::new(OnceLock::new()), Arc::new(AtomicBool::new(false)));
        let (out, done) = (Arc::clone(&vector), Arc::clone(&ended));
        let thread = std::thread::spawn(move || {
            let _ = out.set([3.0; DIM]);
            let _ = wait.recv_timeout(std::time::Duration::from_secs(10));
            done.store(true, Ordering::Release);
        });
        let published = QueryVector::later(q);
        published.ahead.set(Some(Ahead {
            claimed: Arc::new(AtomicBool::new(true)),
            vector,
            thread,
        }));
        assert_eq!(published.get(), &[3.0; DIM]);
        assert!(
            !ended.load(Ordering::Acquire),
            "taken before the thread ended"
        );
        go.send(()).expect("the thread is still there");
        // Keyword searches and --words-only never start the model.
        assert!(!QueryVector::ahead("deathknell replaced death", true).is_ahead());
        assert!(!QueryVector::ahead(q, false).is_ahead());
    }

    #[test]
    fn the_fused_score_adds_the_similarity_to_the_word_share() {
        assert_eq!(fuse(5.0, 10.0, 0.25), 0.5 + WEIGHT * 0.25);
        assert_eq!(fuse(5.0, 10.0, -0.3), 0.5);
        assert_eq!(fuse(5.0, 0.0, 0.5), WEIGHT * 0.5);
    }
}
