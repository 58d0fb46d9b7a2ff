//! Batch normalization, forward and backward, over a batch whose size is read at run time:
//! `cargo run --release --example batch_norm -- [BATCH]` (default 64).
//!
//! The input `x` is `[Batch, 16]`, with `Batch` a run-time size bound once; the scale `gamma`,
//! the shift `beta` and every statistic are fixed `[16]` (inline tensors). Each broadcast of a
//! `[16]` over `[Batch, 16]`, and each sum over the batch back to `[16]`, is checked at compile
//! time. Every formula is one expression (`x.lazy()` … `.eval()`), evaluated in one pass with no
//! temporary: into a new tensor, into a buffer of our own (`eval_into`) or in place (`-=`).
//! Owned, borrowed and inline tensors meet in the same expressions, numbers on either side, and
//! every result is checked against plain loops (and the gradient against finite differences);
//! a mismatch exits with status 1.

use std::process::ExitCode;

use shapecast::prelude::*;

mod common;

/// Features per row.
const FEATURES: usize = 16;
/// The batch size when none is given.
const DEFAULT_BATCH: usize = 64;
/// The largest batch accepted (the plain loops and the finite differences are slow beyond it).
const MAX_BATCH: usize = 1 << 20;
/// Added to the variance before the square root.
const EPS: f64 = 1e-5;
/// The largest difference allowed between the tensor code and the plain loops.
const TOLERANCE: f64 = 1e-9;

/// The run-time batch size, as shapes name it: `shape![Batch, 16]`.
struct Batch;

fn main() -> ExitCode {
    common::main_of("batch_norm", run)
}

fn run() -> Result<(), String> {
    let batch = common::batch_argument(DEFAULT_BATCH, MAX_BATCH)?;

    // Deterministic data: feature j has mean about j and spread about 1 + j / 4.
    let mut rng = common::Lcg(0x5eed);
    let x_data: Vec<f64> = (0..batch * FEATURES)
        .map(|i| {
            let j = (i % FEATURES) as f64;
            j + (1.0 + j / 4.0) * (2.0 * rng.next_f64() - 1.0)
        })
        .collect();
    let dy_data: Vec<f64> = (0..batch * FEATURES).map(|_| rng.next_f64() - 0.5).collect();
    let gamma = Tensor::<f64, shape![16]>::from_fn(|j| 0.5 + 0.1 * j as f64);
    let beta = Tensor::<f64, shape![16]>::from_fn(|j| 0.05 * j as f64 - 0.3);

    bind!(let b: Batch = batch);
    let n = b.get() as f64;
    // `x` is owned (on the heap), `dy` borrowed: expressions take either.
    let x = BoxedTensor::from_shape_vec(dims![b, 16], x_data.clone()).map_err(|e| e.to_string())?;
    let dy = TensorRef::from_shape(dims![b, 16], &dy_data).map_err(|e| e.to_string())?;

    // Forward. Each formula is one expression, evaluated in one pass with no temporary; the
    // reductions over the run-time axis are [16] tensors.
    let mean = x.lazy().mean_axes::<axes![0]>().eval(); // [Batch, 16] -> [16]
    let var = (x.lazy() - &mean).powi(2).mean_axes::<axes![0]>().eval(); // no centred copy
    let inv_std = (1.0 / (var.lazy() + EPS).sqrt()).eval(); // [16], a number on the left
    let xhat = ((x.lazy() - &mean) * &inv_std).eval(); // [Batch, 16] - [16], times [16]
    // y = gamma · xhat + beta, into a buffer of our own: [16] * [Batch, 16] + [16].
    let mut y_data = vec![0.0; batch * FEATURES];
    let mut y = TensorMut::from_shape(dims![b, 16], &mut y_data).map_err(|e| e.to_string())?;
    (&gamma * xhat.lazy() + &beta).eval_into(&mut y);

    // Backward, given dy = dL/dy. Summing over the batch is the adjoint of the broadcast of
    // [16] over it.
    let dbeta = dy.lazy().sum_axes::<axes![0]>().eval();
    let dgamma = (dy.lazy() * &xhat).sum_axes::<axes![0]>().eval();
    // dx = gamma · inv_std / n · (n · dy − dbeta − xhat · dgamma): [16] and [Batch, 16] operands.
    let dx = (&gamma * inv_std.lazy() / n * (n * dy.lazy() - &dbeta - xhat.lazy() * &dgamma)).eval();

    // A gradient step on gamma and beta, in place: `-=` with an expression on the right.
    let rate = 0.1;
    let (mut gamma_next, mut beta_next) = (gamma.clone(), beta.clone());
    gamma_next -= dgamma.lazy() * rate;
    beta_next -= dbeta.lazy() * rate;

    // The same with plain loops.
    let naive = batch_norm_loops(&x_data, &dy_data, gamma.as_slice(), beta.as_slice(), batch);
    let gamma_step: Vec<f64> =
        gamma.as_slice().iter().zip(&naive.dgamma).map(|(g, d)| g - rate * d).collect();
    let beta_step: Vec<f64> = beta.as_slice().iter().zip(&naive.dbeta).map(|(b, d)| b - rate * d).collect();
    let checks = [
        ("mean", mean.as_slice(), naive.mean.as_slice()),
        ("var", var.as_slice(), naive.var.as_slice()),
        ("xhat", xhat.as_slice(), naive.xhat.as_slice()),
        ("y", y.as_slice(), naive.y.as_slice()),
        ("dbeta", dbeta.as_slice(), naive.dbeta.as_slice()),
        ("dgamma", dgamma.as_slice(), naive.dgamma.as_slice()),
        ("dx", dx.as_slice(), naive.dx.as_slice()),
        ("gamma'", gamma_next.as_slice(), &gamma_step),
        ("beta'", beta_next.as_slice(), &beta_step),
    ];
    println!("batch normalization of a [{batch}, {FEATURES}] batch, against plain loops:");
    for (name, ours, theirs) in checks {
        let diff = max_abs_diff(ours, theirs);
        println!("  {name:<6} max |difference| = {diff:.3e}");
        if diff.is_nan() || diff >= TOLERANCE {
            return Err(format!("{name} differs from the plain loops by {diff:e}"));
        }
    }

    // The backward formulas themselves: dx against central differences of
    // L(x) = sum(y(x) * dy), for a few entries of x.
    for (i, j) in [(0, 0), (batch / 2, 7), (batch - 1, FEATURES - 1)] {
        let at = i * FEATURES + j;
        let h = 1e-5;
        let loss = |delta: f64| {
            let mut shifted = x_data.clone();
            if let Some(v) = shifted.get_mut(at) {
                *v += delta;
            }
            let forward = batch_norm_loops(&shifted, &dy_data, gamma.as_slice(), beta.as_slice(), batch);
            forward.y.iter().zip(&dy_data).map(|(y, g)| y * g).sum::<f64>()
        };
        let numeric = (loss(h) - loss(-h)) / (2.0 * h);
        let analytic = dx.get(&[i, j]).copied().unwrap_or(f64::NAN);
        println!("  dx[{i}, {j}] = {analytic:.9}, by finite differences {numeric:.9}");
        // Relative: with a small batch, a feature's variance can be tiny and dx large.
        let agrees = (numeric - analytic).abs() <= 1e-5 * analytic.abs().max(1.0);
        if !agrees {
            return Err(format!("dx[{i}, {j}] = {analytic} but finite differences give {numeric}"));
        }
    }
    println!("all checks passed");
    Ok(())
}

/// The largest absolute difference between two equally long slices (infinite if the lengths
/// differ, NaN if an element is).
fn max_abs_diff(a: &[f64], b: &[f64]) -> f64 {
    if a.len() != b.len() {
        return f64::INFINITY;
    }
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, |m, d| if d > m || d.is_nan() { d } else { m })
}

/// Batch normalization forward and backward with plain loops; `x` and `dy` are `[batch, 16]`,
/// row-major.
struct Loops {
    mean: Vec<f64>,
    var: Vec<f64>,
    xhat: Vec<f64>,
    y: Vec<f64>,
    dbeta: Vec<f64>,
    dgamma: Vec<f64>,
    dx: Vec<f64>,
}

fn batch_norm_loops(x: &[f64], dy: &[f64], gamma: &[f64], beta: &[f64], batch: usize) -> Loops {
    let n = batch as f64;
    let mut mean = vec![0.0; FEATURES];
    let mut var = vec![0.0; FEATURES];
    for j in 0..FEATURES {
        for i in 0..batch {
            mean[j] += x[i * FEATURES + j];
        }
        mean[j] /= n;
        for i in 0..batch {
            let d = x[i * FEATURES + j] - mean[j];
            var[j] += d * d;
        }
        var[j] /= n;
    }
    let mut xhat = vec![0.0; batch * FEATURES];
    let mut y = vec![0.0; batch * FEATURES];
    let mut dbeta = vec![0.0; FEATURES];
    let mut dgamma = vec![0.0; FEATURES];
    for i in 0..batch {
        for j in 0..FEATURES {
            let k = i * FEATURES + j;
            xhat[k] = (x[k] - mean[j]) / (var[j] + EPS).sqrt();
            y[k] = gamma[j] * xhat[k] + beta[j];
            dbeta[j] += dy[k];
            dgamma[j] += dy[k] * xhat[k];
        }
    }
    let mut dx = vec![0.0; batch * FEATURES];
    for i in 0..batch {
        for j in 0..FEATURES {
            let k = i * FEATURES + j;
            dx[k] = gamma[j] / (var[j] + EPS).sqrt() / n * (n * dy[k] - dbeta[j] - xhat[k] * dgamma[j]);
        }
    }
    Loops { mean, var, xhat, y, dbeta, dgamma, dx }
}
