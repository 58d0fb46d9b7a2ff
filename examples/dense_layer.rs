//! A small dense layer, forward and backward, with every shape checked at compile time:
//! `cargo run --example dense_layer`.
//!
//! - feature standardization (`(x - mean) / std`, with `[F]` statistics broadcast over rows),
//!   each formula one expression (`x.lazy()` … `.eval()`) evaluated in one pass;
//! - the product `xs · W` with `matmul` (`[B, F] · [F, O] → [B, O]`, checked at compile time),
//!   the bias added by broadcasting (`[B, O] + [O]`, one operator: the eager form);
//! - a softmax over each row (`exp(y) / sum(exp(y))`, the row sums kept as `[B, 1]`), and the
//!   same by row normalization in place (`[B, O] /= [B, 1]`);
//! - the backward pass: the bias gradient is `sum_to` (the adjoint of the broadcast), and the
//!   same by nGraph's `sum_axes`; the adjoint identity as one fused total; then a gradient step
//!   on the bias in place (`-=` with an expression); the weights' gradient `xsᵀ · g` with the
//!   transposed view `mt()`, read in place;
//!
//! each checked against a naive computation with plain loops.

use shapecast::prelude::*;

const B: usize = 4; // batch
const F: usize = 3; // features
const O: usize = 2; // outputs
type Batch = shape![4, 3];
type Weights = shape![3, 2];
type Out = shape![4, 2];

/// `[B, F] x [F, O]` with plain loops: the reference the library's product is checked against.
fn naive_matmul(x: &[f64], w: &[f64]) -> Vec<f64> {
    (0..B * O).map(|i| (0..F).map(|k| x[i / O * F + k] * w[k * O + i % O]).sum()).collect()
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
}

fn main() {
    let x = Tensor::<f64, Batch>::from([
        [1.0, 200.0, 3.0],
        [2.0, 180.0, 5.0],
        [3.0, 220.0, 4.0],
        [4.0, 240.0, 6.0],
    ]);
    let w = Tensor::<f64, Weights>::from([[0.5, -1.0], [0.25, 0.5], [-0.75, 1.0]]);
    let bias = Tensor::<f64, shape![2]>::from([0.1, -0.2]);

    // Feature standardization: statistics of shape [F], broadcast over the batch. Each line is
    // one expression, evaluated in one pass: no centred copy of x is made.
    let mean = x.lazy().mean_axes::<axes![0]>().eval(); // [4, 3] -> [3]
    let std = (x.lazy() - &mean).powi(2).mean_axes::<axes![0]>().sqrt().eval(); // [3]
    let xs = ((x.lazy() - &mean) / &std).eval(); // ([4, 3] - [3]) / [3]
    println!("standardized features {xs:?}");
    let naive_xs: Vec<f64> = (0..B * F)
        .map(|i| {
            let (r, c) = (i / F, i % F);
            let col: Vec<f64> = (0..B).map(|k| x.as_slice()[k * F + c]).collect();
            let m = col.iter().sum::<f64>() / B as f64;
            let s = (col.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / B as f64).sqrt();
            (x.as_slice()[r * F + c] - m) / s
        })
        .collect();
    assert!(close(xs.as_slice(), &naive_xs));

    // Forward: y = xs W + bias, the bias [O] broadcast over the batch.
    let y = &xs.matmul(&w) + &bias; // [4, 3] · [3, 2] → [4, 2], then + [2]
    println!("y = xs W + b           {y:?}");
    let mut naive_y = naive_matmul(xs.as_slice(), w.as_slice());
    naive_y.iter_mut().enumerate().for_each(|(i, v)| *v += bias.as_slice()[i % O]);
    assert!(close(y.as_slice(), &naive_y));

    // Softmax over each row: exp(y) divided by its row sum, kept as [B, 1] to broadcast back
    // over [B, O]. The row sums are evaluated first: `e / e.sum_keepdims()` in one expression
    // is one pass too (each row's sum folded once, for the row's outputs), but it computes
    // every exponential twice, once in the sum and once in the division.
    let row_sums = y.lazy().exp().sum_keepdims::<axes![1]>().eval(); // [4, 1]
    let softmax = (y.lazy().exp() / &row_sums).eval(); // [4, 2] / [4, 1]
    println!("softmax rows           {softmax:?}");
    for (row, ys) in softmax.as_slice().chunks(O).zip(y.as_slice().chunks(O)) {
        assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let total: f64 = ys.iter().map(|v| v.exp()).sum();
        assert!(close(row, &[ys[0].exp() / total, ys[1].exp() / total]));
    }
    // The same by row normalization in place: each row divided by its sum, [B, O] /= [B, 1].
    let mut normalized = y.lazy().exp().eval();
    let sums: Tensor<f64, shape![4, 1]> = normalized.sum_to(); // sums over axis 1, keeps it as 1
    normalized /= &sums; // in place: the [4, 1] column stretched over [4, 2]
    assert!(close(normalized.as_slice(), softmax.as_slice()));

    // Backward: for a loss L = sum(y * g), dL/dy = g, and dL/dbias = sum of g over the batch:
    // the adjoint of broadcasting [O] to [B, O] is sum_to [B, O] -> [O].
    let g = Tensor::<f64, Out>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]);
    let d_bias: Tensor<f64, shape![2]> = g.sum_to();
    let d_bias_ngraph = g.sum_axes::<axes![0]>(); // nGraph: Broadcast(b, [B, O], {0}) has adjoint Sum(·, {0})
    println!("dL/dbias               {d_bias:?}");
    assert_eq!(d_bias, d_bias_ngraph);
    assert_eq!(d_bias.as_slice(), [16.0, 20.0]);
    // With each output scaled in the loss, L = sum(y * g * s) for s of shape [O], the gradient
    // is sum_to(g * s): one pass over g, with no [B, O] product.
    let s = Tensor::<f64, shape![2]>::from([0.5, 2.0]);
    let d_bias_scaled = (g.lazy() * &s).sum_to::<shape![2]>().eval();
    assert_eq!(d_bias_scaled.as_slice(), [8.0, 40.0]);

    // The adjoint identity behind it: <broadcast(b), g> = <b, sum_to(g)>. The left side is one
    // fused total: [2] * [4, 2], summed, with no broadcast copy of b.
    let lhs = (bias.lazy() * &g).sum_all();
    let rhs = (bias.lazy() * &d_bias).sum_all();
    let naive_lhs: f64 = (0..B * O).map(|i| bias.as_slice()[i % O] * g.as_slice()[i]).sum();
    assert!((lhs - naive_lhs).abs() < 1e-12);
    assert!((lhs - rhs).abs() < 1e-12);
    println!("<broadcast(b), g> = {lhs} = <b, sum_to(g)> = {rhs}");

    // The weights' gradient: dL/dW = xsᵀ · g, [3, 4] · [4, 2] → [3, 2], with `xs` read in place
    // through its transposed view (no copy).
    let d_w: Tensor<f64, Weights> = xs.mt().matmul(&g);
    let naive_d_w: Vec<f64> = (0..F * O)
        .map(|i| (0..B).map(|k| xs.as_slice()[k * F + i / O] * g.as_slice()[k * O + i % O]).sum())
        .collect();
    println!("dL/dW                  {d_w:?}");
    assert!(close(d_w.as_slice(), &naive_d_w));

    // A gradient step on the bias, in place.
    let mut stepped = bias;
    stepped -= d_bias.lazy() * 0.01; // one pass, no temporary
    assert!(close(stepped.as_slice(), &[0.1 - 0.16, -0.2 - 0.2]));
    println!("all checks against the naive computation passed");
}
