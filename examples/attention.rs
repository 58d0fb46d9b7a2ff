//! Causal multi-head self-attention, `softmax(Q·Kᵀ / √d)·V` for each of `H` heads, its batch
//! read at run time: `cargo run --release --example attention -- [BATCH]` (default 4).
//!
//! The projections are laid out `[B, T, H·D]`, as a layer writes them; `split_axis` views each
//! as its heads, `[B, T, H, D]`, with no copy (the split checked at compile time). The scores
//! `Q·Kᵀ` are `einsum!("bthd,bshd->bhts", …)`: a product batched over `B` and `H`, each operand
//! read where it lies, nothing permuted or copied; the causal mask is a `[T, T]` mask broadcast
//! over the batch and the heads by `select`; the softmax is one expression per statistic; `P·V`
//! is `matmul` of `P` by `V`'s heads as a view (`permute` to `[B, H, T, D]`). The heads are
//! merged back into `[B, T, H·D]` for the output projection: permuted to `[B, T, H, D]`, copied
//! once (`to_tensor`, tiled), then `merge_axes` views the last two axes as one. The result is
//! checked against plain loops in f64 (to 1e-5 of the largest entry).

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

const HEADS: usize = 4;
const TOKENS: usize = 16;
const DIM: usize = 8;
const DEFAULT_BATCH: usize = 4;
const MAX_BATCH: usize = 4096;

/// The run-time batch size.
struct Batch;

fn main() -> ExitCode {
    common::main_of("attention", run)
}

fn run() -> Result<(), String> {
    let batch = common::batch_argument(DEFAULT_BATCH, MAX_BATCH)?;
    let mut lcg = common::Lcg(0x5eed_u64);
    let mut next = move || lcg.next_f32() - 0.5;
    let n = batch * TOKENS * HEADS * DIM;
    let (qs, ks, vs): (Vec<f32>, Vec<f32>, Vec<f32>) = (
        (0..n).map(|_| next()).collect(),
        (0..n).map(|_| next()).collect(),
        (0..n).map(|_| next()).collect(),
    );

    bind!(let b: Batch = batch);
    let shape = dims![b, 16, 32]; // [B, T, H·D], as a projection writes them
    let [q, k, v] = [&qs, &ks, &vs].map(|data| TensorRef::from_shape(shape, data));
    let (q, k, v) =
        (q.map_err(|e| e.to_string())?, k.map_err(|e| e.to_string())?, v.map_err(|e| e.to_string())?);
    // Each projection's heads, [B, T, H, D]: views of the same data (32 = 4 · 8, checked while
    // compiling; a factor that did not divide the axis would not compile).
    let (q, k, v) = (q.split_axis::<2, 8>(), k.split_axis::<2, 8>(), v.split_axis::<2, 8>());
    let (q, k, v) =
        (q.map_err(|e| e.to_string())?, k.map_err(|e| e.to_string())?, v.map_err(|e| e.to_string())?);
    let scale = 1.0 / (DIM as f32).sqrt();
    let scores = einsum!("bthd,bshd->bhts", &q, &k); // [B, H, T, T]
    let causal = Tensor::<bool, shape![16, 16]>::from_index_fn(|ix| ix[1] <= ix[0]); // key ≤ query
    let masked = (causal.lazy().select(scores.lazy() * scale, f32::NEG_INFINITY)).eval();
    let m = masked.lazy().max_keepdims::<axes![3]>().eval(); // [B, H, T, 1]
    let e = (masked.lazy() - &m).exp().eval();
    let p = (e.lazy() / e.lazy().sum_keepdims::<axes![3]>()).eval();
    let heads = v.permute::<perm![0, 2, 1, 3]>(); // V's heads, [B, H, T, D], a view
    let out = p.matmul(&heads); // [B, H, T, T] · [B, H, T, D] → [B, H, T, D]
    debug_assert_eq!(*out.shape().extents(), [batch, HEADS, TOKENS, DIM]); // shape![Batch, 4, 16, 8]
    // The heads merged back, [B, T, H·D], for the output projection.
    let by_token = out.permute::<perm![0, 2, 1, 3]>().to_tensor(); // [B, T, H, D], one copy
    let merged = by_token.merge_axes::<2>(); // [B, T, 32], a view
    debug_assert_eq!(*merged.shape().extents(), [batch, TOKENS, HEADS * DIM]);

    let want = attention_loops(&qs, &ks, &vs, batch);
    let scale = want.iter().fold(1e-9f64, |m, x| m.max(x.abs()));
    let worst = merged
        .as_slice()
        .iter()
        .zip(&want)
        .map(|(&a, &b)| (f64::from(a) - b).abs() / scale)
        .fold(0.0f64, |w, d| if d > w || d.is_nan() { d } else { w });
    println!(
        "causal attention, {HEADS} heads of {DIM}, over [{batch}, {TOKENS}, {}]: out[0, 0] = {:?}",
        HEADS * DIM,
        &merged.as_slice()[..4]
    );
    println!("largest difference from the plain loops, relative to the largest entry: {worst:.3e}");
    if merged.as_slice().len() != want.len() || worst.is_nan() || worst > 1e-5 {
        return Err(format!("the attention differs from the plain loops by {worst:e}"));
    }
    println!("all checks passed");
    Ok(())
}

/// The same with plain loops in f64, the inputs and the output laid out `[B, T, H·D]`.
fn attention_loops(q: &[f32], k: &[f32], v: &[f32], batch: usize) -> Vec<f64> {
    let at = |x: &[f32], b: usize, t: usize, h: usize, d: usize| {
        f64::from(x[((b * TOKENS + t) * HEADS + h) * DIM + d])
    };
    let mut out = vec![0.0; batch * HEADS * TOKENS * DIM];
    for b in 0..batch {
        for h in 0..HEADS {
            for t in 0..TOKENS {
                let scores: Vec<f64> = (0..=t)
                    .map(|s| {
                        (0..DIM).map(|d| at(q, b, t, h, d) * at(k, b, s, h, d)).sum::<f64>()
                            / (DIM as f64).sqrt()
                    })
                    .collect();
                let max = scores.iter().fold(f64::NEG_INFINITY, |m, &x| m.max(x));
                let total: f64 = scores.iter().map(|x| (x - max).exp()).sum();
                for d in 0..DIM {
                    let value: f64 = scores
                        .iter()
                        .enumerate()
                        .map(|(s, x)| (x - max).exp() / total * at(v, b, s, h, d))
                        .sum();
                    out[((b * TOKENS + t) * HEADS + h) * DIM + d] = value;
                }
            }
        }
    }
    out
}
