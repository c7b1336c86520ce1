//! Integer dot products for the encoder's linear layers: every row of a token's
//! int8-quantised input (values in [-127, 127]) dotted with every row of an int8
//! weight matrix, summed exactly in i32. (scripts/minilm-export.py writes weights in
//! [-127, 127] too, but every path is exact for -128 as well.)
//!
//! Three paths, picked at run time by what the CPU has: AVX-512 VNNI (`vpdpbusd`),
//! AVX2 (`vpmaddwd`, inputs and weights widened to 16 bits) and plain Rust. None of
//! them rounds or saturates, so all three give the same sums, bit for bit, and the float arithmetic
//! around them is one shared piece of code: the path never changes an embedding.
//! (The unit tests below hold the three paths to each other and to a plain reference.)
//!
//! For timing, `ARBITER_MEANING_KERNEL=scalar|avx2|vnni` in the environment makes a
//! process use a slower path than its CPU allows (benches/embed.sh: what a CPU
//! without VNNI gets). It cannot change a result, only the speed; a path the CPU
//! lacks, or any other value, is ignored.

use std::sync::OnceLock;

/// The ways to compute the sums, slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kernel {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Vnni,
}

impl Kernel {
    /// Every path this CPU can run, slowest first.
    pub(crate) fn available() -> Vec<Kernel> {
        #[allow(unused_mut)]
        let mut all = vec![Kernel::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                all.push(Kernel::Avx2);
            }
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vnni")
            {
                all.push(Kernel::Vnni);
            }
        }
        all
    }

    /// The fastest path this CPU has, or the one `ARBITER_MEANING_KERNEL` names if
    /// the CPU has it (decided once per process).
    pub(crate) fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| {
            let all = Kernel::available();
            let asked = std::env::var("ARBITER_MEANING_KERNEL").ok();
            let named = all
                .iter()
                .copied()
                .find(|k| Some(k.name()) == asked.as_deref());
            named.unwrap_or(all[all.len() - 1])
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Kernel::Vnni => "vnni",
        }
    }
}

/// `n` tokens' input rows quantised to int8, symmetrically, one scale per token.
#[derive(Default)]
pub(crate) struct Quantised {
    /// n × k values in [-127, 127].
    pub(crate) values: Vec<i8>,
    /// Token t's value × scales[t] ≈ its input.
    pub(crate) scales: Vec<f32>,
}

impl Quantised {
    /// Quantises the rows of `x` (n rows of k): scale = max|x| / 127, each value
    /// rounded to the nearest step (a row of zeros, or one with no finite maximum,
    /// has scale 0 and all-zero values).
    pub(crate) fn set(&mut self, x: &[f32], n: usize, k: usize) {
        self.values.clear();
        self.scales.clear();
        for row in x.chunks_exact(k).take(n) {
            let max = largest_magnitude(row);
            let (scale, inv) = if max > 0.0 && max.is_finite() {
                (max / 127.0, 127.0 / max)
            } else {
                (0.0, 0.0)
            };
            self.scales.push(scale);
            self.values
                .extend(row.iter().map(|&v| round_to_i8(v * inv)));
        }
    }
}

/// The largest |v| in `row` that is a number (0 if none is): eight running maxima, one
/// per lane, so the loop compiles to vector code (a single running maximum, compared
/// in order, does not), then the eight. A maximum is exact and the same in any order,
/// so it is the one a plain loop finds.
fn largest_magnitude(row: &[f32]) -> f32 {
    let bigger = |m: f32, v: f32| if v.abs() > m { v.abs() } else { m };
    let mut lanes = [0.0f32; 8];
    let mut chunks = row.chunks_exact(8);
    for chunk in &mut chunks {
        for (m, &v) in lanes.iter_mut().zip(chunk) {
            *m = bigger(*m, v);
        }
    }
    let tail = chunks.remainder().iter().fold(0.0f32, |m, &v| bigger(m, v));
    lanes.iter().fold(tail, |m, &v| bigger(m, v))
}

/// `v` (within about ±127.5, or NaN) clamped to [-127, 127] (NaN to -127) and
/// rounded to the nearest integer, ties to even. Adding 1.5 · 2²³ leaves no bits for
/// a fraction, so the sum's low bits are the rounded integer: no call into libm
/// (`f32::round` is one without SSE4.1), and the loop over a row compiles to vector
/// code.
#[inline(always)]
fn round_to_i8(v: f32) -> i8 {
    const MAGIC: f32 = 12_582_912.0;
    // Not `clamp`, which would keep a NaN.
    #[allow(clippy::manual_clamp)]
    let v = v.max(-127.0).min(127.0);
    ((v + MAGIC).to_bits() as i32 - MAGIC.to_bits() as i32) as i8
}

/// sums[t × rows + r] = Σ_c x[t × k + c] · w[r × k + c] for n tokens `x` (values in
/// [-127, 127]) and the `rows` rows of `w` (int8, stored as bytes), by `kernel`,
/// which must be one of [`Kernel::available`]. A SIMD path needs k to be a multiple
/// of 64; otherwise the plain one runs.
pub(crate) fn dots(
    kernel: Kernel,
    x: &[i8],
    n: usize,
    k: usize,
    w: &[u8],
    rows: usize,
    sums: &mut [i32],
) {
    assert!(
        x.len() >= n * k && w.len() >= rows * k && sums.len() >= n * rows,
        "dot product operands out of bounds"
    );
    #[cfg(target_arch = "x86_64")]
    if k.is_multiple_of(64) && n > 0 && rows > 0 {
        match kernel {
            Kernel::Scalar => {}
            // SAFETY: `kernel` is one of Kernel::available(), so the CPU has AVX2; the
            // bounds were asserted above.
            Kernel::Avx2 => return unsafe { dots_avx2(x, n, k, w, rows, sums) },
            // SAFETY: as above, the CPU has AVX-512 F, BW and VNNI.
            Kernel::Vnni => return unsafe { dots_vnni(x, n, k, w, rows, sums) },
        }
    }
    let _ = kernel;
    dots_scalar(x, n, k, w, rows, sums);
}

fn dots_scalar(x: &[i8], n: usize, k: usize, w: &[u8], rows: usize, sums: &mut [i32]) {
    for t in 0..n {
        let xt = &x[t * k..(t + 1) * k];
        for r in 0..rows {
            let wr = &w[r * k..(r + 1) * k];
            sums[t * rows + r] = xt
                .iter()
                .zip(wr)
                .map(|(&a, &b)| i32::from(a) * i32::from(b as i8))
                .sum();
        }
    }
}

/// Fetches `bytes` into the cache while other rows are multiplied: an embedding reads
/// each weight once per process, so the weights come from memory, not the cache.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch(bytes: &[u8]) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    for line in (0..bytes.len()).step_by(64) {
        // SAFETY: `line` is below `bytes.len()`, so the address is inside `bytes`; a
        // prefetch only hints the cache and never faults.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().add(line).cast::<i8>()) };
    }
}

/// [`dots`] with AVX-512 VNNI. `vpdpbusd` multiplies unsigned by signed bytes, so
/// each input value goes in as x + 128 (1..=255) and 128 · Σ w is taken off each
/// sum afterwards: products and sums are exact in i32 (|Σ| < 1536 · 255 · 128).
/// Four rows of W by four tokens at a time: 16 independent sums, with the rows and
/// a token in 5 more of the 32 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
fn dots_vnni(x: &[i8], n: usize, k: usize, w: &[u8], rows: usize, sums: &mut [i32]) {
    use std::arch::x86_64::*;
    const ROWS: usize = 4;
    const TOKENS: usize = 4;
    assert!(
        k.is_multiple_of(64) && n > 0 && rows > 0,
        "whole 64-byte blocks, at least a row and a token"
    );
    assert!(
        x.len() >= n * k && w.len() >= rows * k && sums.len() >= n * rows,
        "dot product operands out of bounds"
    );
    // The inputs as unsigned bytes, x + 128 (flipping the top bit adds 128).
    let xu: Vec<u8> = x[..n * k].iter().map(|&v| (v as u8) ^ 0x80).collect();
    let ones = _mm512_set1_epi8(1);
    for r in (0..rows).step_by(ROWS) {
        // A group short of rows at the end repeats its last row; those sums are dropped.
        let group = (rows - r).min(ROWS);
        let ws: [*const u8; ROWS] =
            std::array::from_fn(|p| w[(r + p.min(group - 1)) * k..].as_ptr());
        prefetch(&w[((r + ROWS) * k).min(rows * k)..((r + 2 * ROWS) * k).min(rows * k)]);
        // 128 · Σ w for each row: Σ 1 · w, by the same instruction.
        let mut offset = [0i32; ROWS];
        for (p, o) in offset.iter_mut().enumerate() {
            let mut acc = _mm512_setzero_si512();
            for c in (0..k).step_by(64) {
                // SAFETY: c + 64 <= k and each row pointer starts a k-byte row of w
                // (rows below `rows`, asserted above).
                let wv = unsafe { _mm512_loadu_si512(ws[p].add(c).cast()) };
                acc = _mm512_dpbusd_epi32(acc, ones, wv);
            }
            *o = 128 * _mm512_reduce_add_epi32(acc);
        }
        for t in (0..n).step_by(TOKENS) {
            let count = (n - t).min(TOKENS);
            // A group short of tokens repeats its last one; those sums are dropped.
            let xs: [*const u8; TOKENS] =
                std::array::from_fn(|j| xu[(t + j.min(count - 1)) * k..].as_ptr());
            let mut acc = [_mm512_setzero_si512(); ROWS * TOKENS];
            for c in (0..k).step_by(64) {
                // SAFETY: c + 64 <= k; every row pointer starts a k-byte row, of w or
                // of xu (n · k bytes), as asserted above.
                unsafe {
                    let wv: [__m512i; ROWS] =
                        std::array::from_fn(|p| _mm512_loadu_si512(ws[p].add(c).cast()));
                    for j in 0..TOKENS {
                        let xv = _mm512_loadu_si512(xs[j].add(c).cast());
                        for p in 0..ROWS {
                            acc[p * TOKENS + j] =
                                _mm512_dpbusd_epi32(acc[p * TOKENS + j], xv, wv[p]);
                        }
                    }
                }
            }
            // Lane p · TOKENS + j of `total` is row p's sum with token j.
            let mut total = [0i32; ROWS * TOKENS];
            // SAFETY: `total` is 16 i32s, one 64-byte vector.
            unsafe { _mm512_storeu_si512(total.as_mut_ptr().cast(), reduce16(&acc)) };
            for j in 0..count {
                for p in 0..group {
                    sums[(t + j) * rows + r + p] = total[p * TOKENS + j] - offset[p];
                }
            }
        }
    }
}

/// The sums of 16 vectors' lanes, lane i of the result being the sum of `v[i]`'s: pairs
/// of vectors are interleaved and added (16 → 8 → 4 vectors), then 128-bit quarters
/// (4 → 2 → 1), 45 instructions where 16 separate reductions take about 160.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn reduce16(v: &[std::arch::x86_64::__m512i; 16]) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    // Each 128-bit quarter of t[m] holds two partial sums of v[2m], two of v[2m + 1].
    let t: [__m512i; 8] = std::array::from_fn(|m| {
        let (a, b) = (v[2 * m], v[2 * m + 1]);
        _mm512_add_epi32(_mm512_unpacklo_epi32(a, b), _mm512_unpackhi_epi32(a, b))
    });
    // Each quarter of u[m] holds one partial sum of each of v[4m] … v[4m + 3].
    let u: [__m512i; 4] = std::array::from_fn(|m| {
        let (a, b) = (t[2 * m], t[2 * m + 1]);
        _mm512_add_epi32(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b))
    });
    // Quarters 0 and 2 beside 1 and 3, added: then u[m]'s quarters in two, then one.
    let half = |a: __m512i, b: __m512i| {
        _mm512_add_epi32(
            _mm512_shuffle_i32x4::<0x88>(a, b),
            _mm512_shuffle_i32x4::<0xDD>(a, b),
        )
    };
    half(half(u[0], u[1]), half(u[2], u[3]))
}

/// [`dots`] with AVX2: `vpmaddwd` on 16-bit values, each input value widened once per
/// call and each weight as it is loaded. It multiplies 16 pairs and adds them in twos
/// into 8 i32 lanes: a pair sum is at most 2 · 128 · 128, so every sum is exact, for
/// any int8 inputs, and |Σ| ≤ 1536 · 128 · 128 leaves the i32 accumulators far from
/// overflow. (`vpmaddubsw` multiplies 32 byte pairs at once, but exactly only with the
/// sign trick — |w| times x carrying w's sign — and a `vpmaddwd` to widen its i16
/// pairs: sign, multiply, widen and add for 32 products, against two `vpmaddwd` and
/// two adds here, which measured faster (benches/embed.sh). Without the sign trick,
/// on x + 128, its pair sums would saturate: they reach 2 · 255 · 127.)
///
/// Up to [`TOKENS_AVX2`] tokens at a time, the groups as even as the count allows (11
/// tokens go as 6 + 5, 25 as 7 + 6 + 6 + 6), each against every row of W in turn: a
/// group's 16-bit inputs stay in the L1 cache (8 · 1536 · 2 bytes), each weight row is
/// loaded once per group and used for all its tokens, and each token's vector of 8
/// partial sums is reduced to one only when the row is done.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dots_avx2(x: &[i8], n: usize, k: usize, w: &[u8], rows: usize, sums: &mut [i32]) {
    assert!(
        k.is_multiple_of(16) && n > 0 && rows > 0,
        "whole 16-byte blocks, at least a row and a token"
    );
    assert!(
        x.len() >= n * k && w.len() >= rows * k && sums.len() >= n * rows,
        "dot product operands out of bounds"
    );
    let wide: Vec<i16> = x[..n * k].iter().map(|&v| i16::from(v)).collect();
    let mut groups = n.div_ceil(TOKENS_AVX2);
    let mut t = 0;
    while t < n {
        let count = (n - t).div_ceil(groups);
        groups -= 1;
        let tokens = &wide[t * k..(t + count) * k];
        let out = &mut sums[t * rows..(t + count) * rows];
        // One instance per group size: the accumulators are an array of `count`
        // vectors, which stays in registers only with a constant length.
        match count {
            1 => rows_avx2::<1>(tokens, k, w, rows, out, t == 0),
            2 => rows_avx2::<2>(tokens, k, w, rows, out, t == 0),
            3 => rows_avx2::<3>(tokens, k, w, rows, out, t == 0),
            4 => rows_avx2::<4>(tokens, k, w, rows, out, t == 0),
            5 => rows_avx2::<5>(tokens, k, w, rows, out, t == 0),
            6 => rows_avx2::<6>(tokens, k, w, rows, out, t == 0),
            7 => rows_avx2::<7>(tokens, k, w, rows, out, t == 0),
            _ => rows_avx2::<TOKENS_AVX2>(tokens, k, w, rows, out, t == 0),
        }
        t += count;
    }
}

/// The most tokens [`dots_avx2`] takes at a time: T accumulators, a widened weight
/// vector and a spare within the 16 AVX2 registers, where 16 tokens would spill.
#[cfg(target_arch = "x86_64")]
const TOKENS_AVX2: usize = 8;

/// sums[j × rows + r] = Σ_c x[j × k + c] · w[r × k + c] for T tokens of 16-bit `x`, as
/// [`dots_avx2`] describes; `first` if no group before this one has read `w`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn rows_avx2<const T: usize>(
    x: &[i16],
    k: usize,
    w: &[u8],
    rows: usize,
    sums: &mut [i32],
    first: bool,
) {
    use std::arch::x86_64::*;
    assert!(
        T <= 8 && k.is_multiple_of(16) && x.len() == T * k && w.len() >= rows * k,
        "up to 8 tokens, whole 16-byte blocks"
    );
    assert!(sums.len() == T * rows, "a sum for each token and row");
    let xs: [*const i16; T] = std::array::from_fn(|j| x[j * k..].as_ptr());
    for r in 0..rows {
        let wr = &w[r * k..(r + 1) * k];
        // The first group takes the weights from memory (a question reads each once
        // per process): fetch the row after next while this one is multiplied.
        if first {
            prefetch(&w[((r + 2) * k).min(rows * k)..((r + 3) * k).min(rows * k)]);
        }
        let mut acc = [_mm256_setzero_si256(); T];
        for c in (0..k).step_by(16) {
            // SAFETY: c + 16 <= k, so the 16 bytes of `wr` and the 16 values of each
            // token's row (k long, x being T · k, asserted above) are in bounds.
            unsafe {
                let wv = _mm256_cvtepi8_epi16(_mm_loadu_si128(wr.as_ptr().add(c).cast()));
                for j in 0..T {
                    let xv = _mm256_loadu_si256(xs[j].add(c).cast());
                    acc[j] = _mm256_add_epi32(acc[j], _mm256_madd_epi16(xv, wv));
                }
            }
        }
        // Lane j of `total` is token j's sum (lanes past T add zero vectors).
        let all: [__m256i; 8] = std::array::from_fn(|j| {
            if j < T {
                acc[j]
            } else {
                _mm256_setzero_si256()
            }
        });
        let mut total = [0i32; 8];
        // SAFETY: `total` is 8 i32s, one 32-byte vector.
        unsafe { _mm256_storeu_si256(total.as_mut_ptr().cast(), reduce8(&all)) };
        for (j, &s) in total.iter().take(T).enumerate() {
            sums[j * rows + r] = s;
        }
    }
}

/// The sums of 8 vectors' lanes, lane i of the result being the sum of `v[i]`'s:
/// horizontal adds (8 → 4 → 2 vectors, each 128-bit half then holding a partial sum of
/// four of them), then the halves added.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn reduce8(v: &[std::arch::x86_64::__m256i; 8]) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let a = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    let b = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
    _mm256_add_epi32(
        _mm256_permute2x128_si256::<0x20>(a, b),
        _mm256_permute2x128_si256::<0x31>(a, b),
    )
}

#[cfg(test)]
mod tests {
    use super::{Kernel, Quantised, dots, largest_magnitude};

    /// The sums done the long way, in i64.
    fn reference(x: &[i8], n: usize, k: usize, w: &[u8], rows: usize) -> Vec<i32> {
        let mut out = Vec::new();
        for t in 0..n {
            for r in 0..rows {
                let mut s = 0i64;
                for c in 0..k {
                    s += i64::from(x[t * k + c]) * i64::from(w[r * k + c] as i8);
                }
                out.push(i32::try_from(s).unwrap());
            }
        }
        out
    }

    #[test]
    fn every_path_gives_the_exact_sums() {
        let kernels = Kernel::available();
        eprintln!("kernels on this CPU: {kernels:?}");
        let mut seed = 12u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            seed >> 8
        };
        // Odd numbers of tokens and rows (groups short of both at the ends), the
        // model's widths, and extremes: all ±127 inputs against all ±127 or -128
        // weights, where a saturating product or pair sum would show.
        for (n, k, rows, fill) in [
            (1, 64, 1, 0),
            (5, 64, 7, 0),
            (25, 384, 13, 0),
            (3, 1536, 5, 0),
            (6, 128, 9, 1),
            (7, 192, 3, 2),
            (2, 40, 3, 0),
            // The AVX2 path's token groups: one full group of 8, 9 as 5 + 4, 11 as 6 + 5,
            // 17 as 6 + 6 + 5, and 25 tokens at the feed-forward layer's width.
            (8, 64, 2, 0),
            (9, 128, 3, 0),
            (11, 64, 1, 0),
            (17, 192, 4, 0),
            (25, 1536, 3, 0),
            (13, 64, 5, 1),
            (10, 128, 2, 2),
        ] {
            let x: Vec<i8> = (0..n * k)
                .map(|i| match fill {
                    1 => 127,
                    2 => {
                        if i % 3 == 0 {
                            -127
                        } else {
                            127
                        }
                    }
                    _ => ((next() % 255) as i32 - 127) as i8,
                })
                .collect();
            let w: Vec<u8> = (0..rows * k)
                .map(|i| match fill {
                    1 => 0x81, // -127
                    2 => {
                        if i % 2 == 0 {
                            0x80
                        } else {
                            0x7f
                        }
                    } // -128, 127
                    _ => next() as u8,
                })
                .collect();
            let want = reference(&x, n, k, &w, rows);
            assert!(want.iter().any(|&s| s != 0), "a case that could be zero");
            for &kernel in &kernels {
                let mut got = vec![i32::MIN; n * rows + 3];
                dots(kernel, &x, n, k, &w, rows, &mut got);
                assert_eq!(
                    got[..n * rows],
                    want[..],
                    "{kernel:?} n {n} k {k} rows {rows}"
                );
                assert_eq!(
                    got[n * rows..],
                    [i32::MIN; 3],
                    "{kernel:?} wrote past the sums"
                );
            }
        }
    }

    #[test]
    fn the_largest_magnitude_is_the_plain_loop_s_whatever_the_length() {
        let values: Vec<f32> = (0..37)
            .map(|i| ((i * 7919) % 23) as f32 - 11.5)
            .chain([f32::NAN, -13.0, 2.0])
            .collect();
        for len in 0..=values.len() {
            let row = &values[..len];
            let plain = row
                .iter()
                .fold(0.0f32, |m, v| if v.abs() > m { v.abs() } else { m });
            assert_eq!(largest_magnitude(row), plain, "{len} values");
        }
        assert_eq!(largest_magnitude(&values), 13.0);
    }

    #[test]
    fn inputs_are_quantised_symmetrically_per_token() {
        let mut q = Quantised::default();
        let x = [
            0.5,
            -1.0,
            0.25,
            0.0,
            /* second token */ 0.0,
            0.0,
            0.0,
            0.0,
            /* */ 2.0,
            1.0,
            -0.01,
            f32::NAN,
        ];
        q.set(&x, 3, 4);
        assert_eq!(q.scales, [1.0 / 127.0, 0.0, 2.0 / 127.0]);
        // 0.5 · 127 = 63.5 and 1.0 · 63.5 round to even, 64; 0.25 · 127 = 31.75 to 32;
        // NaN (not a number the model makes) goes to the bottom of the range.
        assert_eq!(q.values, [64, -127, 32, 0, 0, 0, 0, 0, 127, 64, -1, -127]);
    }
}
