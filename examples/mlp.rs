//! A two-layer perceptron trained by gradient descent, its batch size read at run time:
//! `cargo run --release --example mlp -- [BATCH]` (default 256).
//!
//! `[Batch, 64] → [Batch, 128]` (ReLU) `→ [Batch, 10]`, softmax cross-entropy, the backward pass
//! and an SGD step, every shape checked at compile time. The products are `matmul`s; the
//! gradients of the weights read the activations through their transposed views (`h.mt()`), in
//! place. The first step's loss and gradients are checked against plain loops in f64 (to 1e-4,
//! relative); then a few steps must lower the loss. A mismatch exits with status 1.

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

const INPUTS: usize = 64;
const HIDDEN: usize = 128;
const CLASSES: usize = 10;
const DEFAULT_BATCH: usize = 256;
const MAX_BATCH: usize = 1 << 20;
const TOLERANCE: f64 = 1e-4;

/// The run-time batch size, as shapes name it: `shape![Batch, 64]`.
struct Batch;

/// The weights and biases.
struct Mlp {
    w1: BoxedTensor<f32, shape![64, 128]>,
    b1: Tensor<f32, shape![128]>,
    w2: BoxedTensor<f32, shape![128, 10]>,
    b2: Tensor<f32, shape![10]>,
}

/// The gradients of the loss with respect to each parameter, with the loss.
struct Gradients {
    loss: f32,
    w1: BoxedTensor<f32, shape![64, 128]>,
    b1: Tensor<f32, shape![128]>,
    w2: BoxedTensor<f32, shape![128, 10]>,
    b2: Tensor<f32, shape![10]>,
}

/// The forward and backward pass over one batch.
fn gradients<'id>(
    net: &Mlp,
    x: TensorRef<'_, f32, shape![Batch<'id>, 64]>,
    labels: TensorRef<'_, usize, shape![Batch<'id>]>,
) -> Result<Gradients, IndexError> {
    let n = x.shape().extents()[0] as f32;
    // Forward: each layer a product, then its bias and activation in one pass.
    let h = (x.matmul(&net.w1).lazy() + &net.b1).max(0.0).eval(); // [Batch, 128]
    let logits = (h.matmul(&net.w2).lazy() + &net.b2).eval(); // [Batch, 10]

    // Softmax cross-entropy and its gradient with respect to the logits, (p − one_hot) / Batch.
    let m = logits.lazy().max_keepdims::<axes![1]>().eval(); // [Batch, 1]
    let mut d_logits = (logits.lazy() - &m).exp().eval();
    let s = d_logits.lazy().sum_keepdims::<axes![1]>().eval();
    d_logits /= s.lazy() * n;
    d_logits.add_along::<1>(&labels, -1.0 / n)?;
    let picked = logits.take_along::<1>(&labels)?;
    let loss = ((s.lazy().ln() + &m).sum_all() - picked.lazy().sum_all()) / n;

    // Backward: hᵀ · dL/dlogits, and back through W2 and the ReLU.
    let w2 = h.mt().matmul(&d_logits).to_boxed(); // [128, Batch] · [Batch, 10]
    let b2 = d_logits.sum_axes::<axes![0]>();
    let d_h = (d_logits.matmul(&net.w2.mt()).lazy() * h.lazy().gt(0.0).select(1.0, 0.0)).eval();
    let w1 = x.mt().matmul(&d_h).to_boxed(); // [64, Batch] · [Batch, 128]
    let b1 = d_h.sum_axes::<axes![0]>();
    Ok(Gradients { loss, w1, b1, w2, b2 })
}

/// One step of gradient descent.
fn sgd(net: &mut Mlp, g: &Gradients, rate: f32) {
    net.w1 -= g.w1.lazy() * rate;
    net.b1 -= g.b1.lazy() * rate;
    net.w2 -= g.w2.lazy() * rate;
    net.b2 -= g.b2.lazy() * rate;
}

fn main() -> ExitCode {
    common::main_of("mlp", run)
}

fn run() -> Result<(), String> {
    let batch = common::batch_argument(DEFAULT_BATCH, MAX_BATCH)?;

    // Deterministic data and weights (Knuth's MMIX linear congruential generator).
    let mut lcg = common::Lcg(0x5eed_u64);
    let mut next = move || lcg.next_f32() - 0.5;
    let inputs: Vec<f32> = (0..batch * INPUTS).map(|_| next()).collect();
    let labels: Vec<usize> =
        (0..batch).map(|_| ((next() + 0.5) * CLASSES as f32) as usize % CLASSES).collect();
    let mut net = Mlp {
        w1: BoxedTensor::from_fn(|_| next() * 0.25),
        b1: Tensor::from_fn(|_| next() * 0.1),
        w2: BoxedTensor::from_fn(|_| next() * 0.25),
        b2: Tensor::from_fn(|_| next() * 0.1),
    };

    bind!(let b: Batch = batch);
    let x = TensorRef::from_shape(dims![b, 64], &inputs).map_err(|e| e.to_string())?;
    let y = TensorRef::from_shape(dims![b], &labels).map_err(|e| e.to_string())?;

    let first = gradients(&net, x, y).map_err(|e| e.to_string())?; // a label past 10 is an error
    let want = gradients_loops(&net, &inputs, &labels);
    println!("two-layer perceptron over a [{batch}, {INPUTS}] batch: loss {:.6}", first.loss);
    for (name, got, want) in [
        ("loss", &[first.loss][..], &want[0][..]),
        ("dW1", first.w1.as_slice(), &want[1][..]),
        ("db1", first.b1.as_slice(), &want[2][..]),
        ("dW2", first.w2.as_slice(), &want[3][..]),
        ("db2", first.b2.as_slice(), &want[4][..]),
    ] {
        let scale = want.iter().fold(0.0f64, |m, v| m.max(v.abs())).max(1e-6);
        let diff = got.iter().zip(want).fold(0.0f64, |m, (&a, &b)| m.max((f64::from(a) - b).abs() / scale));
        println!(
            "  {name}: largest difference from the plain loops {diff:.3e} (relative to the largest entry)"
        );
        if got.len() != want.len() || diff.is_nan() || diff > TOLERANCE {
            return Err(format!("{name} differs from the plain loops by {diff:e}"));
        }
    }

    let mut loss = first.loss;
    sgd(&mut net, &first, 0.5);
    for step in 1..=20 {
        let g = gradients(&net, x, y).map_err(|e| e.to_string())?;
        if step % 5 == 0 {
            println!("  step {step}: loss {:.6}", g.loss);
        }
        loss = g.loss;
        sgd(&mut net, &g, 0.5);
    }
    if loss.partial_cmp(&first.loss) != Some(core::cmp::Ordering::Less) {
        return Err(format!("20 steps of descent did not lower the loss: {} then {loss}", first.loss));
    }
    println!("all checks passed");
    Ok(())
}

/// The loss and the gradients `[loss], dW1, db1, dW2, db2` with plain loops, in f64.
fn gradients_loops(net: &Mlp, x: &[f32], labels: &[usize]) -> [Vec<f64>; 5] {
    let n = labels.len();
    let f = |v: &[f32]| -> Vec<f64> { v.iter().map(|&a| f64::from(a)).collect() };
    let (w1, b1, w2, b2) =
        (f(net.w1.as_slice()), f(net.b1.as_slice()), f(net.w2.as_slice()), f(net.b2.as_slice()));
    let mut h = vec![0.0; n * HIDDEN];
    for r in 0..n {
        for j in 0..HIDDEN {
            let z: f64 =
                b1[j] + (0..INPUTS).map(|k| f64::from(x[r * INPUTS + k]) * w1[k * HIDDEN + j]).sum::<f64>();
            h[r * HIDDEN + j] = z.max(0.0);
        }
    }
    let (mut loss, mut d_logits) = (0.0, vec![0.0; n * CLASSES]);
    for r in 0..n {
        let z: Vec<f64> = (0..CLASSES)
            .map(|c| b2[c] + (0..HIDDEN).map(|j| h[r * HIDDEN + j] * w2[j * CLASSES + c]).sum::<f64>())
            .collect();
        let max = z.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(v));
        let sum: f64 = z.iter().map(|v| (v - max).exp()).sum();
        loss -= z[labels[r]] - max - sum.ln();
        for c in 0..CLASSES {
            let p = (z[c] - max).exp() / sum;
            d_logits[r * CLASSES + c] = (p - if c == labels[r] { 1.0 } else { 0.0 }) / n as f64;
        }
    }
    let mut d_w2 = vec![0.0; HIDDEN * CLASSES];
    let mut d_b2 = vec![0.0; CLASSES];
    let mut d_h = vec![0.0; n * HIDDEN];
    for r in 0..n {
        for c in 0..CLASSES {
            let g = d_logits[r * CLASSES + c];
            d_b2[c] += g;
            for j in 0..HIDDEN {
                d_w2[j * CLASSES + c] += h[r * HIDDEN + j] * g;
                if h[r * HIDDEN + j] > 0.0 {
                    d_h[r * HIDDEN + j] += g * w2[j * CLASSES + c];
                }
            }
        }
    }
    let mut d_w1 = vec![0.0; INPUTS * HIDDEN];
    let mut d_b1 = vec![0.0; HIDDEN];
    for r in 0..n {
        for j in 0..HIDDEN {
            d_b1[j] += d_h[r * HIDDEN + j];
            for k in 0..INPUTS {
                d_w1[k * HIDDEN + j] += f64::from(x[r * INPUTS + k]) * d_h[r * HIDDEN + j];
            }
        }
    }
    [vec![loss / n as f64], d_w1, d_b1, d_w2, d_b2]
}
