//! The all-MiniLM-L6-v2 BERT encoder over int8 weights: embeddings, six post-LayerNorm
//! transformer layers (12 heads of 32, GELU feed-forward of 1536), mean pooling over the
//! tokens and L2 normalisation — the forward pass sentence-transformers runs. The four
//! matrix products of each layer, nearly all of the arithmetic, are done in integers
//! ([`linear`]: int8 inputs and weights, exact i32 sums); attention's own products,
//! softmax, GELU and LayerNorm are in f32, plain multiplies and adds in a fixed order, the
//! same code whichever integer path runs: every x86-64 CPU gives the same embedding.
//! The blob's layout is written down in `scripts/minilm-export.py`.

use crate::DIM;
use crate::int8::{Kernel, Quantised};

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
    /// The layers' bytes in the blob, in the order [`Model::embed`] reads them.
    layer_bytes: &'static [u8],
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
        let layers_at = r.at;
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
            layer_bytes: &bytes[layers_at..],
        })
    }

    /// The layers' weights, in the order an embedding reads them.
    pub(crate) fn layer_bytes(&self) -> &'static [u8] {
        self.layer_bytes
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

        let mut s = Scratch::default();
        let mut qkv = vec![0.0f32; n * 3 * DIM];
        let mut scores = vec![0.0f32; n * n];
        let mut kt = vec![0.0f32; HEAD_DIM * n];
        let mut ctx = vec![0.0f32; n * DIM];
        let mut h = vec![0.0f32; n * DIM];
        let mut ffn = vec![0.0f32; n * FFN];
        let alpha = 1.0 / (HEAD_DIM as f32).sqrt();
        for layer in &self.layers {
            linear(&x, n, &layer.qkv, layer.qkv_b, &mut s, &mut qkv);
            for head in 0..HEADS {
                attend(&qkv, n, head, alpha, &mut kt, &mut scores, &mut ctx);
            }
            linear(&ctx, n, &layer.attn_out, layer.attn_out_b, &mut s, &mut h);
            add_layer_norm(&mut x, &h, &layer.ln1);
            linear(&x, n, &layer.ffn_in, layer.ffn_in_b, &mut s, &mut ffn);
            gelu_all(&mut ffn);
            linear(&ffn, n, &layer.ffn_out, layer.ffn_out_b, &mut s, &mut h);
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

/// An input column whose magnitude passes this for some token is left out of the int8
/// product and multiplied in f32 instead. BERT's residual stream has a few such
/// columns (dimension 99 reaches 10 going into the attention and 30 going into the
/// feed-forward layer, where a token's other values are mostly below 2): quantised
/// with them, each token's scale would be set by that one value and its others would
/// keep only a few levels. LLM.int8()'s outlier threshold (Dettmers et al. 2022);
/// the parity and relevance figures are in tests/parity.rs and the README.
const OUTLIER: f32 = 6.0;

/// Buffers [`linear`] reuses from one call to the next.
#[derive(Default)]
struct Scratch {
    /// Each column's largest magnitude over the tokens.
    column_max: Vec<f32>,
    /// The columns past [`OUTLIER`].
    outliers: Vec<usize>,
    /// The input with those columns zeroed, when there are any.
    inliers: Vec<f32>,
    /// The input quantised.
    x: Quantised,
    sums: Vec<i32>,
    /// The weights of the outlier columns, a column's (one per row of W) after another.
    outlier_weights: Vec<f32>,
    /// Σ over the outlier columns of x · w, for each token and row of W.
    outlier_sums: Vec<f32>,
    w_scales: Vec<f32>,
    bias: Vec<f32>,
}

/// out[n × rows] = x[n × cols] · Wᵀ + b for the int8 matrix W, in integers: each
/// token's row of x is quantised to int8 with its own scale ([`Quantised::set`]), its
/// dot products with W's int8 rows are summed exactly in i32 ([`int8::dots`], on the
/// fastest path the CPU has; every path gives the same sums), and each becomes
/// (sum · x's scale + outliers) · W's row scale + b, by this one piece of code
/// whatever the path; the few columns past [`OUTLIER`] are summed in f32 apart.
fn linear(x: &[f32], n: usize, m: &Q8, b: F32s, s: &mut Scratch, out: &mut [f32]) {
    let (k, rows) = (m.cols, m.rows);
    assert!(
        x.len() >= n * k && out.len() >= n * rows,
        "linear operands out of bounds"
    );
    let x = &x[..n * k];
    s.column_max.clear();
    s.column_max.resize(k, 0.0);
    for row in x.chunks_exact(k) {
        for (m, v) in s.column_max.iter_mut().zip(row) {
            *m = m.max(v.abs());
        }
    }
    s.outliers.clear();
    s.outliers
        .extend((0..k).filter(|&c| s.column_max[c] > OUTLIER));
    let inliers = if s.outliers.is_empty() {
        x
    } else {
        s.inliers.clear();
        s.inliers.extend_from_slice(x);
        for row in s.inliers.chunks_exact_mut(k) {
            for &c in &s.outliers {
                row[c] = 0.0;
            }
        }
        &s.inliers
    };
    s.x.set(inliers, n, k);
    s.sums.resize(n * rows, 0);
    crate::crew::dots(
        Kernel::best(),
        &s.x.values,
        n,
        k,
        m.values,
        rows,
        &mut s.sums,
    );

    s.outlier_weights.clear();
    for &c in &s.outliers {
        s.outlier_weights
            .extend((0..rows).map(|r| f32::from(m.values[r * k + c] as i8)));
    }
    s.outlier_sums.clear();
    s.outlier_sums.resize(n * rows, 0.0);
    for (sums, row) in s.outlier_sums.chunks_exact_mut(rows).zip(x.chunks_exact(k)) {
        for (&c, w) in s.outliers.iter().zip(s.outlier_weights.chunks_exact(rows)) {
            for (sum, w) in sums.iter_mut().zip(w) {
                *sum += row[c] * w;
            }
        }
    }

    s.w_scales.clear();
    s.w_scales.extend(m.scales.iter().take(rows));
    s.bias.clear();
    s.bias.extend(b.iter().take(rows));
    for (((out, sums), outlier_sums), &xs) in out
        .chunks_exact_mut(rows)
        .zip(s.sums.chunks_exact(rows))
        .zip(s.outlier_sums.chunks_exact(rows))
        .zip(&s.x.scales)
    {
        for ((((o, &sum), &e), &ws), &b) in out
            .iter_mut()
            .zip(sums)
            .zip(outlier_sums)
            .zip(&s.w_scales)
            .zip(&s.bias)
        {
            *o = (sum as f32 * xs + e) * ws + b;
        }
    }
}

/// One head's self-attention over the `n` tokens: scores = α · Q·Kᵀ, a softmax over each
/// row, then ctx = scores · V, written to the head's 32 columns of `ctx` (n rows of
/// [`DIM`]). `qkv` holds each token's q, k and v (3 · [`DIM`] a row), the head's 32
/// values of each at `head` · 32; `kt` and `scores` are buffers.
///
/// Plain multiplies and adds, every sum taken in index order (no fused multiply-add, no
/// reordering): the same values on every CPU, which a general matrix product (it picks
/// fused multiply-adds where the CPU has them) would not give. Each inner loop runs
/// across independent outputs (the n scores of a row, the 32 values of a context row),
/// so it is vector code all the same: 8 lanes wide on a CPU with AVX2 (4 without), the
/// same operations in the same order on each lane, so the same results bit for bit.
fn attend(
    qkv: &[f32],
    n: usize,
    head: usize,
    alpha: f32,
    kt: &mut [f32],
    scores: &mut [f32],
    ctx: &mut [f32],
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { attend_avx2(qkv, n, head, alpha, kt, scores, ctx) };
    }
    attend_plain(qkv, n, head, alpha, kt, scores, ctx);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn attend_avx2(
    qkv: &[f32],
    n: usize,
    head: usize,
    alpha: f32,
    kt: &mut [f32],
    scores: &mut [f32],
    ctx: &mut [f32],
) {
    attend_plain(qkv, n, head, alpha, kt, scores, ctx);
}

/// [`attend`] in whatever vector width the caller was compiled for.
#[inline(always)]
fn attend_plain(
    qkv: &[f32],
    n: usize,
    head: usize,
    alpha: f32,
    kt: &mut [f32],
    scores: &mut [f32],
    ctx: &mut [f32],
) {
    let row = 3 * DIM;
    let (q, k, v) = (
        head * HEAD_DIM,
        DIM + head * HEAD_DIM,
        2 * DIM + head * HEAD_DIM,
    );
    assert!(
        qkv.len() >= n * row
            && kt.len() >= HEAD_DIM * n
            && scores.len() >= n * n
            && ctx.len() >= n * DIM,
        "attention operands out of bounds"
    );
    // Kᵀ, so that a query's products with every key run along a row.
    for (j, token) in qkv.chunks_exact(row).take(n).enumerate() {
        for (d, &x) in token[k..k + HEAD_DIM].iter().enumerate() {
            kt[d * n + j] = x;
        }
    }
    for (i, out) in scores.chunks_exact_mut(n).take(n).enumerate() {
        out.fill(0.0);
        for (&qd, kd) in qkv[i * row + q..][..HEAD_DIM]
            .iter()
            .zip(kt.chunks_exact(n))
        {
            for (s, &kj) in out.iter_mut().zip(kd) {
                *s += qd * kj;
            }
        }
        for s in out.iter_mut() {
            *s *= alpha;
        }
        softmax(out);
    }
    for (i, p) in scores.chunks_exact(n).take(n).enumerate() {
        let out = &mut ctx[i * DIM + head * HEAD_DIM..][..HEAD_DIM];
        out.fill(0.0);
        for (&pj, token) in p.iter().zip(qkv.chunks_exact(row)) {
            for (c, &vd) in out.iter_mut().zip(&token[v..v + HEAD_DIM]) {
                *c += pj * vd;
            }
        }
    }
}

#[inline(always)]
fn softmax(row: &mut [f32]) {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    for v in row.iter_mut() {
        *v = exp_at_most_0(*v - max);
    }
    let mut sum = 0.0;
    for v in row.iter() {
        sum += *v;
    }
    for v in row.iter_mut() {
        *v /= sum;
    }
}

/// eˣ for x ≤ 0 (softmax's scores less their maximum), in plain f32 arithmetic rather
/// than the C library's `expf`, whose versions for CPUs with and without fused
/// multiply-add may round differently: x = k · ln 2 + r with |r| ≤ ln 2 / 2 (ln 2 split
/// in two, its first part short enough that k times it is exact), eʳ by its Taylor
/// polynomial to degree 7 (the next term is under 1.2e-7 of it), times 2ᵏ from the
/// exponent bits. Within a few units in the last place of eˣ; 0 below −87, where eˣ
/// nears the smallest normal float; NaN stays NaN.
#[inline(always)]
fn exp_at_most_0(x: f32) -> f32 {
    // ln 2 = LN2_HI + LN2_LO, LN2_HI with its last 9 significand bits zero (k · LN2_HI
    // is exact for |k| ≤ 126)
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    const MAGIC: f32 = 12_582_912.0;
    if x.is_nan() {
        return x;
    }
    if x < -87.0 {
        return 0.0;
    }
    // k = x / ln 2 rounded to the nearest integer (ties to even), in [-126, 0]
    let k = (x * std::f32::consts::LOG2_E + MAGIC) - MAGIC;
    let r = (x - k * LN2_HI) - k * LN2_LO;
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    let two_k = f32::from_bits(((k as i32 + 127) as u32) << 23);
    p * two_k
}

/// LayerNorm over each token's row: (v − mean) / √(variance + ε) · g + b.
///
/// [`LN_ROWS`] rows at a time: each row's mean and variance are still summed one value
/// after another in column order (the same sums, bit for bit, as a row alone), but the
/// rows' additions no longer wait on each other — a row alone is a chain of 384
/// dependent additions, twice, about a microsecond.
fn layer_norm(x: &mut [f32], &(g, b): &(F32s, F32s)) {
    for rows in x.chunks_mut(LN_ROWS * DIM) {
        let n = rows.len() / DIM;
        let mut sum = [-0.0f32; LN_ROWS];
        for c in 0..DIM {
            for (j, s) in sum.iter_mut().enumerate().take(n) {
                *s += rows[j * DIM + c];
            }
        }
        let mean = sum.map(|s| s / DIM as f32);
        let mut var = [-0.0f32; LN_ROWS];
        for c in 0..DIM {
            for (j, s) in var.iter_mut().enumerate().take(n) {
                let d = rows[j * DIM + c] - mean[j];
                *s += d * d;
            }
        }
        for (j, row) in rows.chunks_exact_mut(DIM).enumerate() {
            let inv = 1.0 / (var[j] / DIM as f32 + LN_EPS).sqrt();
            for ((v, g), b) in row.iter_mut().zip(g.iter()).zip(b.iter()) {
                *v = (*v - mean[j]) * inv * g + b;
            }
        }
    }
}

/// The rows [`layer_norm`] sums side by side.
const LN_ROWS: usize = 8;

/// x = LayerNorm(x + h): BERT's residual connection.
fn add_layer_norm(x: &mut [f32], h: &[f32], ln: &(F32s, F32s)) {
    for (v, h) in x.iter_mut().zip(h) {
        *v += h;
    }
    layer_norm(x, ln);
}

/// [`gelu`] of each value, 8 at a time on a CPU with AVX2 (4 without): the same
/// operations on each value in the same order, no fused multiply-add, so the same
/// results bit for bit — the wider vectors only halve the instructions.
fn gelu_all(v: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { gelu_avx2(v) };
    }
    for x in v {
        *x = gelu(*x);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gelu_avx2(v: &mut [f32]) {
    for x in v {
        *x = gelu(*x);
    }
}

/// GELU, the exact form BERT uses: x · Φ(x) = x/2 · (1 + erf(x/√2)).
#[inline(always)]
fn gelu(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// erf by Abramowitz and Stegun's 7.1.28, 1 − (1 + a₁z + … + a₆z⁶)⁻¹⁶ for z = |x|
/// (absolute error under 3e-7): no `exp`, so the GELU loop compiles to vector code.
#[inline(always)]
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
    use super::{
        DIM, F32s, LN_EPS, OUTLIER, Q8, Scratch, erf, exp_at_most_0, gelu, gelu_all, layer_norm,
        linear,
    };

    /// [`linear`] against the same product in f64 over the dequantised weights: close,
    /// and as close with an outlier column as without one (quantised with it, the other
    /// columns would keep only a few levels each).
    #[test]
    fn the_integer_product_is_close_to_the_float_one() {
        let mut seed = 27u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            seed >> 8
        };
        let (rows, cols, n) = (7, 128, 5);
        let values: Vec<u8> = (0..rows * cols).map(|_| next() as u8 | 1).collect();
        let values: &'static [u8] = Box::leak(values.into_boxed_slice());
        let le = |v: Vec<f32>| {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            F32s(Box::leak(bytes.into_boxed_slice()))
        };
        let scales: Vec<f32> = (0..rows).map(|r| 0.01 * (r + 1) as f32).collect();
        let m = Q8 {
            rows,
            cols,
            scales: le(scales.clone()),
            values,
        };
        let b = le((0..rows).map(|r| r as f32).collect());
        let mut x: Vec<f32> = (0..n * cols)
            .map(|_| (next() % 2000) as f32 / 1000.0 - 1.0)
            .collect();
        let worst = |x: &[f32]| {
            let mut out = vec![0.0; n * rows];
            linear(x, n, &m, b, &mut Scratch::default(), &mut out);
            let mut worst = 0.0f64;
            for t in 0..n {
                for r in 0..rows {
                    let want: f64 = (0..cols)
                        .map(|c| {
                            f64::from(x[t * cols + c])
                                * f64::from(values[r * cols + c] as i8)
                                * f64::from(scales[r])
                        })
                        .sum::<f64>()
                        + r as f64;
                    worst = worst.max((f64::from(out[t * rows + r]) - want).abs());
                }
            }
            worst
        };
        // Half a step of the input (1/254) times a weight (up to 127 · 0.07 = 8.9) over
        // 128 columns, rounding errors of either sign: a few tenths at most. With the
        // outlier column (24) quantised in, the step would be 24 times longer, the
        // errors several units.
        let plain = worst(&x);
        assert!(plain < 0.5, "error {plain}");
        for t in 0..n {
            x[t * cols + 3] = 4.0 * OUTLIER * if t % 2 == 0 { 1.0 } else { -1.0 };
        }
        let with_outlier = worst(&x);
        assert!(
            with_outlier < 0.5,
            "error {with_outlier} with an outlier column"
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

    fn noise(seed: u32, len: usize) -> Vec<f32> {
        let mut seed = seed;
        (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                ((seed >> 8) % 20_000) as f32 / 1000.0 - 10.0
            })
            .collect()
    }

    /// [`layer_norm`], several rows side by side, gives each row exactly what the plain
    /// one-row-at-a-time form gives (the sums in the same order), for every count of
    /// rows around the group size.
    #[test]
    fn layer_norm_side_by_side_is_the_plain_one_bit_for_bit() {
        let le = |v: Vec<f32>| {
            let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
            F32s(Box::leak(bytes.into_boxed_slice()))
        };
        let g = le(noise(1, DIM).iter().map(|v| v / 10.0).collect());
        let b = le(noise(2, DIM));
        for n in 1..=2 * super::LN_ROWS + 1 {
            let mut x = noise(n as u32 + 3, n * DIM);
            let mut plain = x.clone();
            for row in plain.chunks_exact_mut(DIM) {
                let mean = row.iter().sum::<f32>() / DIM as f32;
                let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / DIM as f32;
                let inv = 1.0 / (var + LN_EPS).sqrt();
                for ((v, g), b) in row.iter_mut().zip(g.iter()).zip(b.iter()) {
                    *v = (*v - mean) * inv * g + b;
                }
            }
            layer_norm(&mut x, &(g, b));
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
            assert_eq!(bits(&x), bits(&plain), "{n} rows");
        }
    }

    /// [`gelu_all`] (8 at a time on an AVX2 CPU) is [`gelu`] of each value, bit for bit,
    /// tails and special values included.
    #[test]
    fn gelu_of_a_slice_is_gelu_of_each_value() {
        let mut v = noise(9, 1000);
        v.extend([0.0, -0.0, 1e-30, -1e-30, 40.0, -40.0, f32::MAX, f32::MIN]);
        for len in [0, 1, 7, 8, 9, 1008] {
            let mut all = v[..len].to_vec();
            gelu_all(&mut all);
            for (a, &x) in all.iter().zip(&v) {
                assert_eq!(a.to_bits(), gelu(x).to_bits(), "gelu({x})");
            }
        }
    }

    /// [`attend`] (8 lanes at a time on an AVX2 CPU) gives [`attend_plain`]'s context,
    /// compiled for the baseline 4 lanes, bit for bit, at every length and head.
    #[test]
    fn attention_is_the_same_whatever_the_vector_width() {
        for n in [1, 2, 7, 8, 9, 16, 17, 40] {
            let qkv: Vec<f32> = noise(n as u32, n * 3 * DIM)
                .iter()
                .map(|v| v / 3.0)
                .collect();
            let alpha = 1.0 / (super::HEAD_DIM as f32).sqrt();
            let run = |wide: bool| {
                let (mut kt, mut scores) = (vec![0.0; super::HEAD_DIM * n], vec![0.0; n * n]);
                let mut ctx = vec![0.0; n * DIM];
                for head in 0..super::HEADS {
                    if wide {
                        super::attend(&qkv, n, head, alpha, &mut kt, &mut scores, &mut ctx);
                    } else {
                        super::attend_plain(&qkv, n, head, alpha, &mut kt, &mut scores, &mut ctx);
                    }
                }
                ctx.iter().map(|x| x.to_bits()).collect::<Vec<u32>>()
            };
            assert_eq!(run(true), run(false), "{n} tokens");
        }
    }

    /// The plain-arithmetic eˣ is within 4 units in the last place of the true value
    /// over softmax's range, and exactly 1 at 0.
    #[test]
    fn exp_is_close_to_the_true_exponential() {
        assert_eq!(exp_at_most_0(0.0), 1.0);
        assert_eq!(exp_at_most_0(-0.0), 1.0);
        assert_eq!(exp_at_most_0(-100.0), 0.0);
        assert_eq!(exp_at_most_0(f32::NEG_INFINITY), 0.0);
        assert!(exp_at_most_0(f32::NAN).is_nan());
        let mut worst = 0.0f64;
        for i in 0..=870_000 {
            let x = -(i as f32) * 1e-4;
            let want = f64::from(x).exp();
            let got = f64::from(exp_at_most_0(x));
            let ulp = f64::from(f32::from_bits((want as f32).to_bits() + 1) - want as f32);
            worst = worst.max((got - want).abs() / ulp);
        }
        assert!(worst <= 4.0, "worst error {worst} ulp");
    }

    /// [`attend`] against the same attention in f64 (scores, softmax, context) for
    /// every head: close, and each head writes only its own 32 columns.
    #[test]
    fn attention_matches_the_f64_computation() {
        let n = 5;
        let qkv: Vec<f32> = noise(11, n * 3 * DIM).iter().map(|v| v / 10.0).collect();
        let alpha = 1.0 / (super::HEAD_DIM as f32).sqrt();
        let (mut kt, mut scores) = (vec![0.0; super::HEAD_DIM * n], vec![0.0; n * n]);
        let mut ctx = vec![f32::NAN; n * DIM];
        for head in 0..super::HEADS {
            super::attend(&qkv, n, head, alpha, &mut kt, &mut scores, &mut ctx);
        }
        let at = |t: usize, part: usize, head: usize, d: usize| {
            f64::from(qkv[t * 3 * DIM + part * DIM + head * super::HEAD_DIM + d])
        };
        for head in 0..super::HEADS {
            for i in 0..n {
                let raw: Vec<f64> = (0..n)
                    .map(|j| {
                        (0..super::HEAD_DIM)
                            .map(|d| at(i, 0, head, d) * at(j, 1, head, d))
                            .sum::<f64>()
                            * f64::from(alpha)
                    })
                    .collect();
                let max = raw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let e: Vec<f64> = raw.iter().map(|r| (r - max).exp()).collect();
                let sum: f64 = e.iter().sum();
                for d in 0..super::HEAD_DIM {
                    let want: f64 = (0..n).map(|j| e[j] / sum * at(j, 2, head, d)).sum();
                    let got = f64::from(ctx[i * DIM + head * super::HEAD_DIM + d]);
                    assert!(
                        (got - want).abs() < 1e-5,
                        "head {head} token {i} value {d}: {got} vs {want}"
                    );
                }
            }
        }
    }
}
