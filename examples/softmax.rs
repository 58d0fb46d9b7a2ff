//! Softmax cross-entropy and its gradient over a batch whose size is read at run time:
//! `cargo run --release --example softmax -- [BATCH]` (default 1000).
//!
//! The logits `x` are `[Batch, 10]` f32 and the labels `[Batch]`, both made deterministically;
//! `Batch` is a run-time size bound once, the 10 classes are fixed. With `m` the row maxima and
//! `s` the sums of `exp(x − m)` over each row (both `[Batch, 1]`, kept as size-1 axes so that
//! they broadcast back over the classes):
//!
//! - the loss is the mean over the rows of `−ln p[label]`, with `ln p = (x − m) − ln s`;
//! - the gradient of the loss with respect to the logits is `(p − one_hot) / Batch`, with
//!   `p = exp(x − m) / s` and `one_hot` 1 at each row's label.
//!
//! Each exponential is computed once: `exp(x − m)` is evaluated into the gradient's buffer, its
//! row sums read from there, and the buffer divided by them in place; 1 is taken at each label
//! (`add_along`), and the loss reads the logit of each label (`take_along`), so no one-hot mask
//! compares every class. Both results are checked against plain loops computed in f64 (to
//! 1e-5, relative); a mismatch exits with status 1.

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

/// Classes per row.
const CLASSES: usize = 10;
/// The batch size when none is given.
const DEFAULT_BATCH: usize = 1000;
/// The largest batch accepted.
const MAX_BATCH: usize = 1 << 24;
/// The largest difference allowed from the plain loops, relative.
const TOLERANCE: f64 = 1e-5;

/// The run-time batch size, as shapes name it: `shape![Batch, 10]`.
struct Batch;

fn main() -> ExitCode {
    common::main_of("softmax", run)
}

fn run() -> Result<(), String> {
    let batch = common::batch_argument(DEFAULT_BATCH, MAX_BATCH)?;

    // Deterministic data: logits in [−6, 6), labels in 0..10, from a 64-bit linear congruential
    // generator (Knuth's MMIX constants).
    let mut lcg = common::Lcg(0x5eed_u64);
    let mut next = move || lcg.next_state() >> 11;
    let logits: Vec<f32> = (0..batch * CLASSES).map(|_| (next() % 12_000) as f32 / 1000.0 - 6.0).collect();
    let labels: Vec<usize> = (0..batch).map(|_| (next() % CLASSES as u64) as usize).collect();

    bind!(let b: Batch = batch);
    let x = TensorRef::from_shape(dims![b, 10], &logits).map_err(|e| e.to_string())?;
    let y = TensorRef::from_shape(dims![b], &labels).map_err(|e| e.to_string())?;
    let n = batch as f32;

    // The row maxima, [Batch, 1] (a tenth of the logits), kept as a size-1 axis so that it
    // broadcasts back over the classes.
    let m = x.lazy().max_keepdims::<axes![1]>().eval();

    // exp(x − m), evaluated once into the gradient's buffer, then its row sums s, [Batch, 1].
    let mut grad = (x.lazy() - &m).exp().eval(); // [Batch, 10]
    let s = grad.lazy().sum_keepdims::<axes![1]>().eval();

    // The gradient, (p − one_hot) / Batch with p = exp(x − m) / s, in place: one pass, then 1
    // taken at each row's label (NumPy's `np.add.at(grad, (rows, labels), -1)`).
    grad /= s.lazy() * n;
    grad.add_along::<1>(&y, -1.0 / n).map_err(|e| e.to_string())?;

    // The loss: −ln p at each label, ln p = (x − m) − ln s, so the mean of ln s + m − x at the
    // labels: the logit of each row's label read directly (NumPy's `take_along_axis`).
    let picked = x.take_along::<1>(&y).map_err(|e| e.to_string())?; // [Batch]
    let loss = ((s.lazy().ln() + &m).sum_all() - picked.lazy().sum_all()) / n;

    // The same with plain loops, in f64.
    let (loss_loops, grad_loops) = softmax_loops(&logits, &labels);
    println!("softmax cross-entropy over a [{batch}, {CLASSES}] batch: loss {loss:.6}");
    let loss_diff = (f64::from(loss) - loss_loops).abs() / loss_loops.abs().max(1.0);
    println!("  loss:     relative difference from the plain loops {loss_diff:.3e}");
    if loss_diff.is_nan() || loss_diff > TOLERANCE {
        return Err(format!("the loss is {loss}, but the plain loops give {loss_loops}"));
    }
    // Relative to the gradient's scale, 1 / Batch: an entry is (p − 0 or 1) / Batch.
    let scale = 1.0 / batch as f64;
    let grad_diff = grad
        .as_slice()
        .iter()
        .zip(&grad_loops)
        .map(|(&a, &b)| (f64::from(a) - b).abs() / b.abs().max(scale))
        .fold(0.0, |worst: f64, d| if d > worst || d.is_nan() { d } else { worst });
    println!("  gradient: largest relative difference from the plain loops {grad_diff:.3e}");
    if grad.as_slice().len() != grad_loops.len() || grad_diff.is_nan() || grad_diff > TOLERANCE {
        return Err(format!("the gradient differs from the plain loops by {grad_diff:e} (relative)"));
    }
    println!("all checks passed");
    Ok(())
}

/// The loss and its gradient with plain loops over the rows, in f64.
fn softmax_loops(logits: &[f32], labels: &[usize]) -> (f64, Vec<f64>) {
    let n = labels.len() as f64;
    let mut loss = 0.0;
    let mut grad = Vec::with_capacity(logits.len());
    for (row, &label) in logits.chunks_exact(CLASSES).zip(labels) {
        let max = row.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(f64::from(v)));
        let sum: f64 = row.iter().map(|&v| (f64::from(v) - max).exp()).sum();
        loss -= f64::from(row[label]) - max - sum.ln();
        for (k, &v) in row.iter().enumerate() {
            let p = (f64::from(v) - max).exp() / sum;
            grad.push((p - if k == label { 1.0 } else { 0.0 }) / n);
        }
    }
    (loss / n, grad)
}
