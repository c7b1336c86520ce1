//! The all-MiniLM-L6-v2 BERT encoder over int8 weights: embeddings, six post-LayerNorm
//! transformer layers (12 heads of 32, GELU feed-forward of 1536), mean pooling over the
//! tokens and L2 normalisation — the forward pass sentence-transformers runs, in f32.
//! The blob's layout is written down in `scripts/minilm-export.py`.

use crate::DIM;

const LAYERS: usize = 6;
const HEADS: usize = 12;
const HEAD_DIM: usize = DIM / HEADS;
const FFN: usize = 1536;
const LN_EPS: f32 = 1e-12;

/// f32 numbers read in place from the blob, where they are little-endian and may be
/// unaligned: nothing is copied when the model is loaded.
#[derive(Clone, Copy)]
struct F32s(&'static [u8]);

impl F32s {
    /// Number `i` (below the count).
    fn get(self, i: usize) -> f32 {
        let b = &self.0[4 * i..4 * i + 4];
        f32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }

    fn iter(self) -> impl Iterator<Item = f32> {
        self.0
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Row `r` of rows `len` numbers long.
    fn row(self, r: usize, len: usize) -> F32s {
        F32s(&self.0[4 * r * len..4 * (r + 1) * len])
    }
}

/// A weight matrix [rows, cols], int8 with one f32 scale per row (an output feature).
struct Q8 {
    rows: usize,
    cols: usize,
    scales: F32s,
    values: &'static [u8],
}

impl Q8 {
    /// Row `r`, dequantised into `out` (cols long).
    fn row_into(&self, r: usize, out: &mut [f32]) {
        let s = self.scales.get(r);
        let src = &self.values[r * self.cols..(r + 1) * self.cols];
        for (o, &v) in out.iter_mut().zip(src) {
            *o = f32::from(v as i8) * s;
        }
    }

    /// The whole matrix, dequantised into `out` (row-major, rows × cols).
    fn dequantise_into(&self, out: &mut Vec<f32>) {
        out.resize(self.rows * self.cols, 0.0);
        for (r, row) in out.chunks_exact_mut(self.cols).enumerate() {
            self.row_into(r, row);
        }
    }
}

struct Layer {
    qkv: Q8,
    qkv_b: F32s,
    attn_out: Q8,
    attn_out_b: F32s,
    ln1: (F32s, F32s),
    ffn_in: Q8,
    ffn_in_b: F32s,
    ffn_out: Q8,
    ffn_out_b: F32s,
    ln2: (F32s, F32s),
}

/// The model, every part of it read in place from the compiled-in blob: loading it
/// only checks the layout.
pub(crate) struct Model {
    words: Q8,
    positions: F32s,
    max_positions: usize,
    ln: (F32s, F32s),
    layers: Vec<Layer>,
}

struct Reader {
    bytes: &'static [u8],
    at: usize,
}

impl Reader {
    fn take(&mut self, n: usize) -> Option<&'static [u8]> {
        let end = self.at.checked_add(n)?;
        let out = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(out)
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn f32s(&mut self, n: usize) -> Option<F32s> {
        Some(F32s(self.take(n.checked_mul(4)?)?))
    }

    fn q8(&mut self, rows: usize, cols: usize) -> Option<Q8> {
        let scales = self.f32s(rows)?;
        let values = self.take(rows.checked_mul(cols)?)?;
        Some(Q8 {
            rows,
            cols,
            scales,
            values,
        })
    }

    fn layer_norm(&mut self) -> Option<(F32s, F32s)> {
        Some((self.f32s(DIM)?, self.f32s(DIM)?))
    }
}

impl Model {
    /// Reads the blob; `None` if it is not the layout this code expects.
    pub(crate) fn parse(bytes: &'static [u8]) -> Option<Model> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != b"MINILM8\0" || r.u32()? != 1 {
            return None;
        }
        let vocab = r.u32()? as usize;
        let max_positions = r.u32()? as usize;
        let words = r.q8(vocab, DIM)?;
        let positions = r.f32s(max_positions.checked_mul(DIM)?)?;
        let ln = r.layer_norm()?;
        let mut layers = Vec::with_capacity(LAYERS);
        for _ in 0..LAYERS {
            layers.push(Layer {
                qkv: r.q8(3 * DIM, DIM)?,
                qkv_b: r.f32s(3 * DIM)?,
                attn_out: r.q8(DIM, DIM)?,
                attn_out_b: r.f32s(DIM)?,
                ln1: r.layer_norm()?,
                ffn_in: r.q8(FFN, DIM)?,
                ffn_in_b: r.f32s(FFN)?,
                ffn_out: r.q8(DIM, FFN)?,
                ffn_out_b: r.f32s(DIM)?,
                ln2: r.layer_norm()?,
            });
        }
        (r.at == bytes.len()).then_some(Model {
            words,
            positions,
            max_positions,
            ln,
            layers,
        })
    }

    pub(crate) fn vocab_len(&self) -> usize {
        self.words.rows
    }

    pub(crate) fn max_positions(&self) -> usize {
        self.max_positions
    }

    /// The sentence embedding of `ids` (every id below the vocabulary size, at most
    /// `max_positions` of them, at least one): mean of the last layer's token vectors,
    /// L2-normalised.
    pub(crate) fn embed(&self, ids: &[u32]) -> [f32; DIM] {
        let n = ids.len().min(self.max_positions);
        let mut out = [0.0f32; DIM];
        if n == 0 {
            return out;
        }
        let mut x = vec![0.0f32; n * DIM];
        for (t, (row, &id)) in x.chunks_exact_mut(DIM).zip(ids).enumerate() {
            let id = (id as usize).min(self.words.rows - 1);
            self.words.row_into(id, row);
            for (v, p) in row.iter_mut().zip(self.positions.row(t, DIM).iter()) {
                *v += p;
            }
        }
        layer_norm(&mut x, &self.ln);

        let mut w = Vec::new();
        let mut qkv = vec![0.0f32; n * 3 * DIM];
        let mut scores = vec![0.0f32; n * n];
        let mut ctx = vec![0.0f32; n * DIM];
        let mut h = vec![0.0f32; n * DIM];
        let mut ffn = vec![0.0f32; n * FFN];
        let alpha = 1.0 / (HEAD_DIM as f32).sqrt();
        for layer in &self.layers {
            linear(&x, n, &layer.qkv, layer.qkv_b, &mut w, &mut qkv);
            for head in 0..HEADS {
                let q = &qkv[head * HEAD_DIM..];
                let k = &qkv[DIM + head * HEAD_DIM..];
                let v = &qkv[2 * DIM + head * HEAD_DIM..];
                // scores = Q·Kᵀ / √32, then a softmax over each row.
                gemm(
                    (n, HEAD_DIM, n),
                    alpha,
                    (q, 3 * DIM, 1),
                    (k, 1, 3 * DIM),
                    (&mut scores, n, 1),
                );
                for row in scores.chunks_exact_mut(n) {
                    softmax(row);
                }
                gemm(
                    (n, n, HEAD_DIM),
                    1.0,
                    (&scores, n, 1),
                    (v, 3 * DIM, 1),
                    (&mut ctx[head * HEAD_DIM..], DIM, 1),
                );
            }
            linear(&ctx, n, &layer.attn_out, layer.attn_out_b, &mut w, &mut h);
            add_layer_norm(&mut x, &h, &layer.ln1);
            linear(&x, n, &layer.ffn_in, layer.ffn_in_b, &mut w, &mut ffn);
            for v in &mut ffn {
                *v = gelu(*v);
            }
            linear(&ffn, n, &layer.ffn_out, layer.ffn_out_b, &mut w, &mut h);
            add_layer_norm(&mut x, &h, &layer.ln2);
        }

        for row in x.chunks_exact(DIM) {
            for (o, v) in out.iter_mut().zip(row) {
                *o += v;
            }
        }
        let norm = out.iter().map(|v| v * v).sum::<f32>().sqrt();
        if norm > 0.0 && norm.is_finite() {
            for o in &mut out {
                *o /= norm;
            }
        }
        out
    }
}

/// out[n × rows] = x[n × cols] · Wᵀ + b for the int8 matrix W. On a CPU with AVX2 and
/// FMA (checked at run time) W is never dequantised: see [`linear_avx2_fma`]. Elsewhere
/// W is dequantised into the scratch `w` and multiplied by `matrixmultiply`'s sgemm.
fn linear(x: &[f32], n: usize, m: &Q8, b: F32s, w: &mut Vec<f32>, out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA, checked just above.
        unsafe { linear_avx2_fma(x, n, m, b, out) };
        return;
    }
    linear_sgemm(x, n, m, b, w, out);
}

fn linear_sgemm(x: &[f32], n: usize, m: &Q8, b: F32s, w: &mut Vec<f32>, out: &mut [f32]) {
    m.dequantise_into(w);
    gemm(
        (n, m.cols, m.rows),
        1.0,
        (x, m.cols, 1),
        (w, 1, m.cols),
        (out, m.rows, 1),
    );
    for row in out.chunks_exact_mut(m.rows) {
        for (o, bias) in row.iter_mut().zip(b.iter()) {
            *o += bias;
        }
    }
}

/// [`linear`] with AVX2 and FMA: three rows of W at a time are converted from int8 into
/// a small buffer and dotted with four tokens at once (twelve independent 8-lane sums,
/// which keeps both FMA units busy), and each row's scale is applied to its sums. The
/// next three rows are prefetched meanwhile: a search reads each weight once per
/// process, so the weights come from memory, not the cache. For the one short question
/// a search embeds this is about twice as fast as dequantising W and calling sgemm,
/// which re-packs the whole matrix on every call.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn linear_avx2_fma(x: &[f32], n: usize, m: &Q8, b: F32s, out: &mut [f32]) {
    use std::arch::x86_64::*;
    // Rows of W per pass: 3 rows × 4 tokens = 12 independent sums, with the 3 rows and
    // one token in the other 4 of the 16 vector registers.
    const ROWS: usize = 3;
    let (k, rows) = (m.cols, m.rows);
    assert!(
        k % 8 == 0
            && x.len() >= n * k
            && out.len() >= n * rows
            && b.0.len() >= 4 * rows
            && m.scales.0.len() >= 4 * rows
            && m.values.len() >= rows * k,
        "linear operands out of bounds"
    );
    let hsum = |v: __m256| {
        let s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
        let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
        _mm_cvtss_f32(_mm_add_ss(s, _mm_shuffle_ps::<1>(s, s)))
    };
    let mut w = vec![0.0f32; ROWS * k];
    for r in (0..rows).step_by(ROWS) {
        let group = (rows - r).min(ROWS);
        if group < ROWS {
            // Short of rows at the end: the missing rows' sums are dropped, but must
            // be numbers.
            w.fill(0.0);
        }
        for (o, &v) in w.iter_mut().zip(&m.values[r * k..(r + group) * k]) {
            *o = f32::from(v as i8);
        }
        // Fetch the next rows into the cache while these are multiplied.
        let next = &m.values[((r + ROWS) * k).min(rows * k)..((r + 2 * ROWS) * k).min(rows * k)];
        for line in (0..next.len()).step_by(64) {
            // SAFETY: `line` is below `next.len()`, so the address is inside `next`; a
            // prefetch only hints the cache and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(next.as_ptr().add(line).cast::<i8>()) };
        }
        for t in (0..n).step_by(4) {
            let count = (n - t).min(4);
            // A group short of four tokens repeats its last one; those sums are dropped.
            let xs: [*const f32; 4] =
                std::array::from_fn(|j| x[(t + j.min(count - 1)) * k..].as_ptr());
            let mut acc = [_mm256_setzero_ps(); 4 * ROWS];
            for c in (0..k).step_by(8) {
                // SAFETY: c + 8 <= k, the ROWS rows of `w` are k long each, and each token
                // row of x starts at a multiple of k below n·k <= x.len() (asserted above).
                unsafe {
                    let ws: [__m256; ROWS] =
                        std::array::from_fn(|p| _mm256_loadu_ps(w.as_ptr().add(p * k + c)));
                    for j in 0..4 {
                        let xv = _mm256_loadu_ps(xs[j].add(c));
                        for p in 0..ROWS {
                            acc[4 * p + j] = _mm256_fmadd_ps(xv, ws[p], acc[4 * p + j]);
                        }
                    }
                }
            }
            for j in 0..count {
                for p in 0..group {
                    out[(t + j) * rows + r + p] =
                        hsum(acc[4 * p + j]) * m.scales.get(r + p) + b.get(r + p);
                }
            }
        }
    }
}

/// C = alpha · A·B for A [m × k], B [k × n], C [m × n], each a slice with its row and
/// column strides; the extents are checked against the slices before the call.
fn gemm(
    (m, k, n): (usize, usize, usize),
    alpha: f32,
    (a, rsa, csa): (&[f32], usize, usize),
    (b, rsb, csb): (&[f32], usize, usize),
    (c, rsc, csc): (&mut [f32], usize, usize),
) {
    let fits = |len: usize, rows: usize, cols: usize, rs: usize, cs: usize| {
        rows == 0 || cols == 0 || (rows - 1) * rs + (cols - 1) * cs < len
    };
    assert!(
        fits(a.len(), m, k, rsa, csa)
            && fits(b.len(), k, n, rsb, csb)
            && fits(c.len(), m, n, rsc, csc),
        "gemm operands out of bounds"
    );
    // SAFETY: every index sgemm reads or writes, (i·rs + j·cs) for i < rows and j < cols,
    // lies inside its slice (checked above); `c` is borrowed mutably, so no operand aliases it.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            alpha,
            a.as_ptr(),
            rsa as isize,
            csa as isize,
            b.as_ptr(),
            rsb as isize,
            csb as isize,
            0.0,
            c.as_mut_ptr(),
            rsc as isize,
            csc as isize,
        );
    }
}

fn softmax(row: &mut [f32]) {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for v in row.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in row.iter_mut() {
        *v /= sum;
    }
}

fn layer_norm(x: &mut [f32], &(g, b): &(F32s, F32s)) {
    for row in x.chunks_exact_mut(DIM) {
        let mean = row.iter().sum::<f32>() / DIM as f32;
        let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / DIM as f32;
        let inv = 1.0 / (var + LN_EPS).sqrt();
        for ((v, g), b) in row.iter_mut().zip(g.iter()).zip(b.iter()) {
            *v = (*v - mean) * inv * g + b;
        }
    }
}

/// x = LayerNorm(x + h): BERT's residual connection.
fn add_layer_norm(x: &mut [f32], h: &[f32], ln: &(F32s, F32s)) {
    for (v, h) in x.iter_mut().zip(h) {
        *v += h;
    }
    layer_norm(x, ln);
}

/// GELU, the exact form BERT uses: x · Φ(x) = x/2 · (1 + erf(x/√2)).
fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// erf by Abramowitz and Stegun's 7.1.28, 1 − (1 + a₁z + … + a₆z⁶)⁻¹⁶ for z = |x|
/// (absolute error under 3e-7): no `exp`, so the GELU loop compiles to vector code.
fn erf(x: f32) -> f32 {
    let z = x.abs();
    let p = 1.0
        + z * (0.070_523_08
            + z * (0.042_282_01
                + z * (0.009_270_527
                    + z * (0.000_152_014_3 + z * (0.000_276_567_2 + z * 0.000_043_063_8)))));
    let p2 = p * p;
    let p4 = p2 * p2;
    let p8 = p4 * p4;
    (1.0 - 1.0 / (p8 * p8)).copysign(x)
}

#[cfg(test)]
mod tests {
    use super::{F32s, Q8, erf, linear, linear_sgemm};

    #[test]
    fn both_matrix_products_agree() {
        // A pseudo-random int8 matrix and inputs, odd sizes included (5 tokens, 7 rows).
        let mut seed = 27u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            seed >> 8
        };
        let (rows, cols, n) = (7, 64, 5);
        let values: Vec<u8> = (0..rows * cols).map(|_| next() as u8).collect();
        let values: &'static [u8] = Box::leak(values.into_boxed_slice());
        let le = |v: Vec<f32>| {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            F32s(Box::leak(bytes.into_boxed_slice()))
        };
        let m = Q8 {
            rows,
            cols,
            scales: le((0..rows).map(|r| 0.01 * (r + 1) as f32).collect()),
            values,
        };
        let x: Vec<f32> = (0..n * cols)
            .map(|_| (next() % 2000) as f32 / 1000.0 - 1.0)
            .collect();
        let b = le((0..rows).map(|r| r as f32).collect());
        let (mut fast, mut plain, mut w) = (vec![0.0; n * rows], vec![0.0; n * rows], Vec::new());
        linear(&x, n, &m, b, &mut w, &mut fast);
        linear_sgemm(&x, n, &m, b, &mut w, &mut plain);
        for (f, p) in fast.iter().zip(&plain) {
            assert!((f - p).abs() < 1e-4, "{f} vs {p}");
        }
        assert!(
            plain.iter().any(|v| v.abs() > 0.5),
            "a product that could have been zero"
        );
    }

    #[test]
    fn erf_matches_known_values() {
        for (x, want) in [
            (0.0f32, 0.0f32),
            (0.5, 0.520_499_9),
            (1.0, 0.842_700_8),
            (-1.0, -0.842_700_8),
            (2.0, 0.995_322_3),
            (4.0, 1.0),
        ] {
            assert!(
                (erf(x) - want).abs() < 1e-6,
                "erf({x}) = {} not {want}",
                erf(x)
            );
        }
    }
}
