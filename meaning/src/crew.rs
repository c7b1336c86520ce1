//! An embedding's integer products shared with a thread that would otherwise wait for
//! it: a search embeds its question on a second thread while the first ranks the
//! words, and when the first is done it [`help_until`]s the embedding is too, taking
//! chunks of the product in flight. A product is split by rows of W into chunks of
//! [`CHUNK`] rows; a chunk's sums are the same whichever thread computes them (the
//! same kernel over the same rows and tokens), so the embedding is the same, bit for
//! bit, with help or without.
//!
//! A helper watches an atomic flag for a product with chunks left and takes the lock
//! only to claim one; the thread that published the product waits for the chunks'
//! count, not the lock. Measured on questions (benches/search.sh and interleaved
//! runs, 2026-11-25): once the word search had become faster than the embedding,
//! a 13-word question 7.0 -> 6.6 ms on the VNNI path and 8.3 -> 7.3 ms on AVX2, a
//! 6-word one within noise (its embedding is nearly done when the words are).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::int8::{self, Kernel};

/// Rows of W per chunk: some tens of microseconds of work for a question's dozen
/// tokens, so that a helper that joins late still finds chunks to take, against one
/// uncontended lock per chunk.
const CHUNK: usize = 64;

/// A product in flight: [`int8::dots`]'s operands, as raw parts.
#[derive(Clone, Copy)]
struct Job {
    kernel: Kernel,
    x: *const i8,
    n: usize,
    k: usize,
    w: *const u8,
    rows: usize,
    sums: *mut i32,
    chunks: usize,
}

// SAFETY: a Job's pointers are only read (x, w) or written at disjoint places (sums)
// while the thread that published it waits in `dots` for every chunk to be done, so
// they stay valid for as long as any thread holds a copy with a chunk left to do.
unsafe impl Send for Job {}

struct Slot {
    job: Option<Job>,
    /// The next chunk to take.
    next: usize,
}

static SLOT: Mutex<Slot> = Mutex::new(Slot { job: None, next: 0 });

/// Whether a product in flight has a chunk left to take: what a waiting thread
/// watches, so that it takes the lock only when there is work.
static OPEN: AtomicBool = AtomicBool::new(false);

/// The chunks of the product in flight whose sums are written: what the thread
/// that published it watches before it lets its operands go.
static DONE: AtomicUsize = AtomicUsize::new(0);

/// Threads in [`help_until`]: with none, a product is not split at all.
static HELPERS: AtomicUsize = AtomicUsize::new(0);

fn slot() -> MutexGuard<'static, Slot> {
    // The lock is never held across a computation, so no panic can poison it
    // half-way; if one did, the state is still consistent.
    SLOT.lock().unwrap_or_else(|e| e.into_inner())
}

/// [`int8::dots`], its rows in chunks that a helper may take, when one is waiting and
/// no other product is in flight; otherwise on this thread alone, unsplit.
pub(crate) fn dots(
    kernel: Kernel,
    x: &[i8],
    n: usize,
    k: usize,
    w: &[u8],
    rows: usize,
    sums: &mut [i32],
) {
    let chunks = rows.div_ceil(CHUNK);
    if HELPERS.load(Ordering::Acquire) == 0 || chunks < 2 || n == 0 || k == 0 {
        return int8::dots(kernel, x, n, k, w, rows, sums);
    }
    assert!(
        x.len() >= n * k && w.len() >= rows * k && sums.len() >= n * rows,
        "dot product operands out of bounds"
    );
    let job = Job {
        kernel,
        x: x.as_ptr(),
        n,
        k,
        w: w.as_ptr(),
        rows,
        sums: sums.as_mut_ptr(),
        chunks,
    };
    {
        let mut s = slot();
        if s.job.is_some() {
            // another thread's product is in flight: do this one alone
            drop(s);
            return int8::dots(kernel, x, n, k, w, rows, sums);
        }
        DONE.store(0, Ordering::Release);
        *s = Slot {
            job: Some(job),
            next: 0,
        };
        OPEN.store(true, Ordering::Release);
    }
    let _withdrawn_on_return = Published;
    while take_one() {}
}

/// The product this thread published, withdrawn when [`dots`] returns or unwinds:
/// no chunk is handed out any more, and the chunks already taken are waited for, so
/// no helper holds `x`, `w` or `sums` once they go.
struct Published;

impl Drop for Published {
    fn drop(&mut self) {
        let taken = {
            let mut s = slot();
            OPEN.store(false, Ordering::Release);
            let taken = s.next;
            if let Some(job) = s.job {
                s.next = job.chunks;
            }
            taken
        };
        let mut idle = 0u32;
        while DONE.load(Ordering::Acquire) < taken {
            pause(&mut idle);
        }
        slot().job = None;
    }
}

/// Spins a little, then yields: a thread that lost its CPU gets it back.
fn pause(idle: &mut u32) {
    *idle = idle.saturating_add(1);
    if *idle < 100 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// Takes the next chunk of the product in flight and computes it; false when there
/// is none.
fn take_one() -> bool {
    if !OPEN.load(Ordering::Acquire) {
        return false;
    }
    let (job, chunk) = {
        let mut s = slot();
        match s.job {
            Some(job) if s.next < job.chunks => {
                s.next += 1;
                if s.next == job.chunks {
                    OPEN.store(false, Ordering::Release);
                }
                (job, s.next - 1)
            }
            _ => return false,
        }
    };
    thread_local! {
        static SUMS: RefCell<Vec<i32>> = const { RefCell::new(Vec::new()) };
    }
    let first = chunk * CHUNK;
    let count = CHUNK.min(job.rows - first);
    SUMS.with_borrow_mut(|part| {
        part.clear();
        part.resize(job.n * count, 0);
        // SAFETY: the publisher asserted x.len() >= n·k and w.len() >= rows·k, and
        // first + count <= rows; both stay valid until this chunk is counted done.
        let (x, w) = unsafe {
            (
                std::slice::from_raw_parts(job.x, job.n * job.k),
                std::slice::from_raw_parts(job.w.add(first * job.k), count * job.k),
            )
        };
        int8::dots(job.kernel, x, job.n, job.k, w, count, part);
        for (t, row) in part.chunks_exact(count).enumerate() {
            for (r, &v) in row.iter().enumerate() {
                // SAFETY: t < n and first + r < rows, so the index is below n·rows
                // (asserted against sums.len()); no other chunk writes these rows.
                unsafe { *job.sums.add(t * job.rows + first + r) = v };
            }
        }
    });
    DONE.fetch_add(1, Ordering::AcqRel);
    true
}

/// Takes chunks of whatever product is in flight until `done()` says the awaited
/// work is over (a search passes "the embedding thread has finished"); between
/// products it does a step of `idle_work` (which says whether there was any: a search
/// maps the pages it will read next), and when there is none it spins a little, then
/// yields its CPU. Returns the number of chunks it computed.
pub fn help_until(done: impl Fn() -> bool, mut idle_work: impl FnMut() -> bool) -> usize {
    HELPERS.fetch_add(1, Ordering::AcqRel);
    let (mut taken, mut idle) = (0, 0u32);
    while !done() {
        if take_one() {
            taken += 1;
            idle = 0;
        } else if !idle_work() {
            pause(&mut idle);
        }
    }
    HELPERS.fetch_sub(1, Ordering::AcqRel);
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operands(n: usize, k: usize, rows: usize) -> (Vec<i8>, Vec<u8>) {
        let mut seed = 0x9E37_79B9u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let x = (0..n * k)
            .map(|_| ((next() % 255) as i32 - 127) as i8)
            .collect();
        let w = (0..rows * k).map(|_| next() as u8).collect();
        (x, w)
    }

    /// Split into chunks (here all taken by the publishing thread itself, a helper
    /// being counted but taking none), the sums are the unsplit ones, on every path
    /// and for a last chunk short of rows.
    #[test]
    fn chunked_sums_are_the_unsplit_sums() {
        let (n, k, rows) = (11, 384, 3 * CHUNK + 17);
        let (x, w) = operands(n, k, rows);
        HELPERS.fetch_add(1, Ordering::AcqRel);
        for kernel in Kernel::available() {
            let mut whole = vec![0i32; n * rows];
            int8::dots(kernel, &x, n, k, &w, rows, &mut whole);
            let mut split = vec![0i32; n * rows];
            dots(kernel, &x, n, k, &w, rows, &mut split);
            assert_eq!(split, whole, "{kernel:?}");
        }
        HELPERS.fetch_sub(1, Ordering::AcqRel);
    }
}
