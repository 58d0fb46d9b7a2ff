//! A small dense layer, forward and backward, with every shape checked at compile time:
//! `cargo run --example dense_layer`.
//!
//! - bias added by broadcasting (`[B, O] + [O]`),
//! - feature standardization (`(x - mean) / std`, with `[F]` statistics broadcast over rows),
//! - row normalization in place (each row divided by its sum, `[B, O] /= [B, 1]`),
//! - the backward pass: the bias gradient is `sum_to` (the adjoint of the broadcast), and the
//!   same by nGraph's `sum_axes`; then a gradient step on the bias in place (`-=`);
//!
//! each checked against a naive computation with plain loops.

use shapecast::prelude::*;

const B: usize = 4; // batch
const F: usize = 3; // features
const O: usize = 2; // outputs
type Batch = shape![4, 3];
type Weights = shape![3, 2];
type Out = shape![4, 2];

/// `[B, F] x [F, O]`: the one operation here that is not a broadcast, written plainly.
fn matmul(x: &Tensor<f64, Batch>, w: &Tensor<f64, Weights>) -> Tensor<f64, Out> {
    Tensor::from_index_fn(|ix| {
        (0..F).map(|k| x.as_slice()[ix[0] * F + k] * w.as_slice()[k * O + ix[1]]).sum()
    })
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

    // Feature standardization: statistics of shape [F], broadcast over the batch.
    let n = Tensor::<f64, shape![]>::splat(B as f64);
    let mean = &x.sum_axes::<axes![0]>() / &n; // [4, 3] -> [3]
    let centered = &x - &mean; // [4, 3] - [3]
    let var = &centered.zip_with(&centered, |a, b| a * b).sum_axes::<axes![0]>() / &n;
    let std = var.map(f64::sqrt);
    let xs = &centered / &std; // [4, 3] / [3]
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
    let y = &matmul(&xs, &w) + &bias; // Tensor<f64, broadcast!([4, 2], [2])>
    println!("y = xs W + b           {y:?}");
    let mut naive_y = matmul(&xs, &w).as_slice().to_vec();
    naive_y.iter_mut().enumerate().for_each(|(i, v)| *v += bias.as_slice()[i % O]);
    assert!(close(y.as_slice(), &naive_y));

    // Row normalization: each row divided by its sum, a [B, 1] column broadcast over [B, O].
    let mut softmax = y.map(f64::exp);
    let row_sums: Tensor<f64, shape![4, 1]> = softmax.sum_to(); // sums over axis 1, keeps it as 1
    softmax /= &row_sums; // in place: the [4, 1] column stretched over [4, 2]
    println!("softmax rows           {softmax:?}");
    for row in softmax.as_slice().chunks(O) {
        assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    // Backward: for a loss L = sum(y * g), dL/dy = g, and dL/dbias = sum of g over the batch:
    // the adjoint of broadcasting [O] to [B, O] is sum_to [B, O] -> [O].
    let g = Tensor::<f64, Out>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]);
    let d_bias: Tensor<f64, shape![2]> = g.sum_to();
    let d_bias_ngraph = g.sum_axes::<axes![0]>(); // nGraph: Broadcast(b, [B, O], {0}) has adjoint Sum(·, {0})
    println!("dL/dbias               {d_bias:?}");
    assert_eq!(d_bias, d_bias_ngraph);
    assert_eq!(d_bias.as_slice(), [16.0, 20.0]);

    // The adjoint identity behind it: <broadcast(b), g> = <b, sum_to(g)>.
    let lhs: f64 = bias.broadcast_to::<Out>().as_slice().iter().zip(g.as_slice()).map(|(a, b)| a * b).sum();
    let rhs: f64 = bias.as_slice().iter().zip(d_bias.as_slice()).map(|(a, b)| a * b).sum();
    assert!((lhs - rhs).abs() < 1e-12);
    println!("<broadcast(b), g> = {lhs} = <b, sum_to(g)> = {rhs}");

    // A gradient step on the bias, in place.
    let mut stepped = bias;
    stepped -= &d_bias.map(|d| 0.01 * d);
    assert!(close(stepped.as_slice(), &[0.1 - 0.16, -0.2 - 0.2]));
    println!("all checks against the naive computation passed");
}
