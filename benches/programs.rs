//! Whole programs, not single operations: each written with shapecast as a new user writes it
//! from the README (operators and methods on tensors, each returning a new tensor), against the
//! same program as a hand-written loop (and, where it says something, ndarray and today's fast
//! path, the `_into` twins), each case side by side in one run:
//!
//! - batch norm forward `(x − μ)·inv_std·γ + β` over `[B, 1024]` f32, `B = 16384` bound at
//!   run time, the statistics and the affine parameters fixed `[1024]`;
//! - standardization `(x − mean) / std` on the same data, mean and std computed from `x`;
//! - k-means, `N` points bound at run time, `D = 2`, `K = 4` fixed, 20 iterations (N = 1e6, and
//!   N = 1e5 for a quicker look);
//! - softmax cross-entropy and its gradient, `B = 200,000` bound at run time, 10 classes;
//! - layer norm, each row of `[B, 256]` f32 (`B = 16384` bound at run time) centred on its mean
//!   and scaled by its standard deviation, then by γ and β: the statistics evaluated first, or
//!   both inside one expression;
//! - a constant-velocity Kalman filter (state 4, measurement 2, f64, every shape fixed), 100
//!   steps, its products written as broadcast-multiply-and-sum expressions, and with `matmul`;
//! - one training step of a two-layer perceptron, `[B, 64] → [B, 128]` (ReLU) `→ [B, 10]`,
//!   softmax cross-entropy, the backward pass and SGD on its four parameters, `B = 4096` bound
//!   at run time, written as `examples/mlp.rs` writes it.
//!
//! Before any timing, every contender's result is checked against its program's hand loop
//! (`assert_close`), so that no benchmark measures a wrong program.
//!
//! `cargo bench --bench programs`, then `python3 benches/programs_ratios.py` for the table of
//! ratios (each contender over its hand loop); `benches/programs_numpy.py` runs the same
//! programs in NumPy on the same data, for the NumPy columns of that table.
//!
//! The data come from `unit(stream, i)`, SplitMix64 of `stream << 40 ^ i`, top 24 bits over
//! 2^24: the NumPy script computes the very same numbers.

use criterion::{
    BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main, measurement::WallTime,
};
use ndarray::{Array1, Array2, ArrayView2, ArrayViewMut2, Axis, Zip};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3))
}

/// A group of large programs: few samples, each of the same number of iterations.
fn group<'c>(c: &'c mut Criterion, name: &str, samples: usize) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(samples).sampling_mode(SamplingMode::Flat);
    g
}

/// SplitMix64's finalizer (Steele, Lea and Flood, 2014).
fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `i`th number of stream `stream`, in `[0, 1)`, exact in f32.
fn unit(stream: u64, i: usize) -> f32 {
    (mix((stream << 40) ^ i as u64) >> 40) as f32 / 16_777_216.0
}

/// Panics, naming the program and the contender, if `got` and `want` differ anywhere by more
/// than `tol` relative to `max(1, |want|)`.
fn assert_close(what: &str, got: &[f32], want: &[f32], tol: f32) {
    assert_eq!(got.len(), want.len(), "{what}: lengths differ");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= tol * w.abs().max(1.0), "{what}: element {i} is {g}, the hand loop's {w}");
    }
}

// ---------------------------------------------------------------------------------------------
// Batch norm forward and standardization: [B, 1024] f32.

/// The batch, bound at run time (its value comes from `black_box`, as if read from data).
struct Batch;
const F: usize = 1024;
const ROWS: usize = 16384;

/// `x[i, j] = (j % 8) + 4·u − 2`.
fn features() -> Vec<f32> {
    (0..ROWS * F).map(|i| (i % F % 8) as f32 + 4.0 * unit(1, i) - 2.0).collect()
}

/// μ, inv_std, γ, β: fixed `[1024]` parameters.
fn params() -> [[f32; F]; 4] {
    [
        std::array::from_fn(|j| (j % 8) as f32 + 0.1),
        std::array::from_fn(|j| 0.5 + 0.001 * j as f32),
        std::array::from_fn(|j| 1.0 + 0.0005 * j as f32),
        std::array::from_fn(|j| 0.01 * j as f32 - 1.0),
    ]
}

type Row = Tensor<f32, shape![1024]>;

/// (a) As a new user writes it from the README: each operator returns a new tensor.
#[inline(never)]
fn bn_shapecast<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
) -> BoxedTensor<f32, shape![Batch<'id>, 1024]> {
    (x - mu) * inv_std * gamma + beta
}

/// (a′) The README's fast form: one expression, one pass, into a new tensor.
#[inline(never)]
fn bn_fused<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
) -> BoxedTensor<f32, shape![Batch<'id>, 1024]> {
    ((x.lazy() - mu) * inv_std * gamma + beta).eval()
}

/// (a″) The same expression into an existing buffer.
#[inline(never)]
fn bn_fused_into<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
    out: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
) {
    ((x.lazy() - mu) * inv_std * gamma + beta).eval_into(out);
}

/// (b) The `_into` twins, with scratch buffers (the fast path before expressions).
#[inline(never)]
fn bn_shapecast_into<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
    s1: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
    s2: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
) {
    x.zip_with_into(mu, s1, |a, b| a - b);
    s1.zip_with_into(inv_std, s2, |a, b| a * b);
    s2.zip_with_into(gamma, s1, |a, b| a * b);
    s1.zip_with_into(beta, out, |a, b| a + b);
}

/// (b′) The first step into the output, then the others in place (`*=`, `+=`): no scratch.
#[inline(never)]
fn bn_shapecast_in_place<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    [mu, inv_std, gamma, beta]: &[Row; 4],
    out: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
) {
    x.zip_with_into(mu, out, |a, b| a - b);
    *out *= inv_std;
    *out *= gamma;
    *out += beta;
}

/// (c) A fused hand loop into an existing buffer.
#[inline(never)]
fn bn_hand(x: &[f32], [mu, inv_std, gamma, beta]: &[[f32; F]; 4], out: &mut [f32]) {
    for (o, x) in out.chunks_exact_mut(F).zip(x.chunks_exact(F)) {
        let (o, x): (&mut [f32; F], &[f32; F]) = (o.try_into().unwrap(), x.try_into().unwrap());
        for j in 0..F {
            o[j] = (x[j] - mu[j]) * inv_std[j] * gamma[j] + beta[j];
        }
    }
}

/// (d) A hand loop returning a new `Vec`, written once.
#[inline(never)]
fn bn_hand_new(x: &[f32], [mu, inv_std, gamma, beta]: &[[f32; F]; 4]) -> Vec<f32> {
    let mut out = Vec::with_capacity(x.len());
    for x in x.chunks_exact(F) {
        let row = x.iter().zip(mu).zip(inv_std).zip(gamma).zip(beta);
        out.extend(row.map(|((((x, m), s), g), b)| (x - m) * s * g + b));
    }
    out
}

/// (e) ndarray's operators (an owned left operand is reused in place).
#[inline(never)]
fn bn_ndarray(x: &ArrayView2<f32>, [mu, inv_std, gamma, beta]: &[Array1<f32>; 4]) -> Array2<f32> {
    (x - mu) * inv_std * gamma + beta
}

/// (f) ndarray's `Zip` with every producer, into an existing array.
#[inline(never)]
fn bn_ndarray_zip(
    x: &ArrayView2<f32>,
    [mu, inv_std, gamma, beta]: &[Array1<f32>; 4],
    out: &mut ArrayViewMut2<f32>,
) {
    Zip::from(out)
        .and(x)
        .and_broadcast(mu)
        .and_broadcast(inv_std)
        .and_broadcast(gamma)
        .and_broadcast(beta)
        .for_each(|o, &x, &m, &s, &g, &b| *o = (x - m) * s * g + b);
}

fn batch_norm(c: &mut Criterion) {
    bind!(let batch: Batch = black_box(ROWS));
    let xs = features();
    let p = params();
    let sp = p.map(|v| Tensor::<f32, shape![1024]>::from_slice(&v).unwrap());
    let np = p.map(|v| Array1::from(v.to_vec()));
    let x = TensorRef::from_shape(dims![batch, 1024], &xs).unwrap();
    let nx = ArrayView2::from_shape((ROWS, F), &xs).unwrap();
    let (mut out, mut s1, mut s2) = (vec![0f32; ROWS * F], vec![0f32; ROWS * F], vec![0f32; ROWS * F]);

    // Every contender computes the hand loop's result.
    bn_hand(&xs, &p, &mut out);
    let want = out.clone();
    assert_close("batch norm, hand loop new", &bn_hand_new(&xs, &p), &want, 1e-6);
    assert_close("batch norm, shapecast", bn_shapecast(&x, &sp).as_slice(), &want, 1e-6);
    assert_close("batch norm, shapecast fused", bn_fused(&x, &sp).as_slice(), &want, 1e-6);
    bn_fused_into(&x, &sp, &mut TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap());
    assert_close("batch norm, shapecast fused into", &out, &want, 1e-6);
    {
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        let mut t1 = TensorMut::from_shape(dims![batch, 1024], &mut s1).unwrap();
        let mut t2 = TensorMut::from_shape(dims![batch, 1024], &mut s2).unwrap();
        bn_shapecast_into(&x, &sp, &mut t1, &mut t2, &mut o);
    }
    assert_close("batch norm, shapecast into", &out, &want, 1e-6);
    bn_shapecast_in_place(&x, &sp, &mut TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap());
    assert_close("batch norm, shapecast in place", &out, &want, 1e-6);
    assert_close("batch norm, ndarray", bn_ndarray(&nx, &np).as_slice().unwrap(), &want, 1e-6);
    bn_ndarray_zip(&nx, &np, &mut ArrayViewMut2::from_shape((ROWS, F), &mut out).unwrap());
    assert_close("batch norm, ndarray zip", &out, &want, 1e-6);

    let mut g = group(c, "program batch norm [B,1024] B=16384", 10);
    g.bench_function("shapecast", |t| t.iter(|| black_box(bn_shapecast(black_box(&x), black_box(&sp)))));
    g.bench_function("shapecast fused", |t| t.iter(|| black_box(bn_fused(black_box(&x), black_box(&sp)))));
    g.bench_function("shapecast fused into", |t| {
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        t.iter(|| bn_fused_into(black_box(&x), black_box(&sp), &mut o))
    });
    g.bench_function("shapecast into", |t| {
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        let mut t1 = TensorMut::from_shape(dims![batch, 1024], &mut s1).unwrap();
        let mut t2 = TensorMut::from_shape(dims![batch, 1024], &mut s2).unwrap();
        t.iter(|| bn_shapecast_into(black_box(&x), black_box(&sp), &mut t1, &mut t2, &mut o))
    });
    g.bench_function("shapecast in place", |t| {
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        t.iter(|| bn_shapecast_in_place(black_box(&x), black_box(&sp), &mut o))
    });
    g.bench_function("hand loop", |t| t.iter(|| bn_hand(black_box(&xs), black_box(&p), &mut out)));
    g.bench_function("hand loop new", |t| t.iter(|| black_box(bn_hand_new(black_box(&xs), black_box(&p)))));
    g.bench_function("ndarray", |t| t.iter(|| black_box(bn_ndarray(black_box(&nx), black_box(&np)))));
    g.bench_function("ndarray zip", |t| {
        let mut o = ArrayViewMut2::from_shape((ROWS, F), &mut out).unwrap();
        t.iter(|| bn_ndarray_zip(black_box(&nx), black_box(&np), &mut o))
    });
    g.bench_function("copy_from_slice", |t| t.iter(|| out.copy_from_slice(black_box(&want))));
    g.finish();
}

/// Standardization as a new user writes it: the statistics by reductions over the batch, then
/// the element-wise pass.
#[inline(never)]
fn std_shapecast<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
) -> BoxedTensor<f32, shape![Batch<'id>, 1024]> {
    let mean = x.mean_axes::<axes![0]>();
    let centred = x - &mean;
    let std = (&centred * &centred).mean_axes::<axes![0]>().map(f32::sqrt);
    centred / &std
}

/// Standardization in the README's fast form: each statistic one fused reduction (evaluated,
/// since every element reads it), then one pass for the result.
#[inline(never)]
fn std_fused<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
) -> BoxedTensor<f32, shape![Batch<'id>, 1024]> {
    let (mean, std) = std_stats_fused(x);
    ((x.lazy() - &mean) / &std).eval()
}

/// The same fast form into an existing buffer: the statistics as before (two `[1024]` tensors,
/// inline), then the pass written into `out`.
#[inline(never)]
fn std_fused_into<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 1024]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 1024]>,
) {
    let (mean, std) = std_stats_fused(x);
    ((x.lazy() - &mean) / &std).eval_into(out);
}

/// A column statistic of standardization: one value per feature.
type Column = Tensor<f32, shape![1024]>;

/// The column means and standard deviations of the fast form, each one fused reduction.
#[inline(always)]
fn std_stats_fused(x: &TensorRef<f32, shape![Batch<'_>, 1024]>) -> (Column, Column) {
    let mean = x.lazy().mean_axes::<axes![0]>().eval();
    let std = (x.lazy() - &mean).powi(2).mean_axes::<axes![0]>().sqrt().eval();
    (mean, std)
}

/// The column statistics by hand: sums row by row, then the squared deviations.
fn std_stats(x: &[f32]) -> ([f32; F], [f32; F]) {
    let n = (x.len() / F) as f32;
    let (mut mean, mut var) = ([0f32; F], [0f32; F]);
    for row in x.chunks_exact(F) {
        let row: &[f32; F] = row.try_into().unwrap();
        for j in 0..F {
            mean[j] += row[j];
        }
    }
    mean.iter_mut().for_each(|m| *m /= n);
    for row in x.chunks_exact(F) {
        let row: &[f32; F] = row.try_into().unwrap();
        for j in 0..F {
            let d = row[j] - mean[j];
            var[j] += d * d;
        }
    }
    (mean, var.map(|v| (v / n).sqrt()))
}

/// By hand, into an existing buffer.
#[inline(never)]
fn std_hand(x: &[f32], out: &mut [f32]) {
    let (mean, std) = std_stats(x);
    for (o, x) in out.chunks_exact_mut(F).zip(x.chunks_exact(F)) {
        let (o, x): (&mut [f32; F], &[f32; F]) = (o.try_into().unwrap(), x.try_into().unwrap());
        for j in 0..F {
            o[j] = (x[j] - mean[j]) / std[j];
        }
    }
}

/// By hand, returning a new `Vec`.
#[inline(never)]
fn std_hand_new(x: &[f32]) -> Vec<f32> {
    let (mean, std) = std_stats(x);
    let mut out = Vec::with_capacity(x.len());
    for x in x.chunks_exact(F) {
        out.extend(x.iter().zip(&mean).zip(&std).map(|((x, m), s)| (x - m) / s));
    }
    out
}

/// ndarray's operators, spelled as the shapecast version.
#[inline(never)]
fn std_ndarray(x: &ArrayView2<f32>) -> Array2<f32> {
    let mean = x.mean_axis(Axis(0)).unwrap();
    let centred = x - &mean;
    let std = (&centred * &centred).mean_axis(Axis(0)).unwrap().mapv(f32::sqrt);
    centred / &std
}

/// ndarray with `Zip`: the statistics row by row, the pass into an existing array.
#[inline(never)]
fn std_ndarray_zip(x: &ArrayView2<f32>, out: &mut ArrayViewMut2<f32>) {
    let n = x.nrows() as f32;
    let mean = x.mean_axis(Axis(0)).unwrap();
    let mut var = Array1::<f32>::zeros(x.ncols());
    for row in x.rows() {
        Zip::from(&mut var).and(&row).and(&mean).for_each(|v, &x, &m| *v += (x - m) * (x - m));
    }
    let std = var.mapv(|v| (v / n).sqrt());
    Zip::from(out).and(x).and_broadcast(&mean).and_broadcast(&std).for_each(|o, &x, &m, &s| *o = (x - m) / s);
}

fn standardization(c: &mut Criterion) {
    bind!(let batch: Batch = black_box(ROWS));
    let xs = features();
    let x = TensorRef::from_shape(dims![batch, 1024], &xs).unwrap();
    let nx = ArrayView2::from_shape((ROWS, F), &xs).unwrap();
    let mut out = vec![0f32; ROWS * F];

    std_hand(&xs, &mut out);
    let want = out.clone();
    assert_close("standardization, hand loop new", &std_hand_new(&xs), &want, 1e-6);
    assert_close("standardization, shapecast", std_shapecast(&x).as_slice(), &want, 1e-4);
    assert_close("standardization, shapecast fused", std_fused(&x).as_slice(), &want, 1e-4);
    std_fused_into(&x, &mut TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap());
    assert_close("standardization, shapecast fused into", &out, &want, 1e-4);
    assert_close("standardization, ndarray", std_ndarray(&nx).as_slice().unwrap(), &want, 1e-4);
    std_ndarray_zip(&nx, &mut ArrayViewMut2::from_shape((ROWS, F), &mut out).unwrap());
    assert_close("standardization, ndarray zip", &out, &want, 1e-4);

    let mut g = group(c, "program standardization [B,1024] B=16384", 10);
    g.bench_function("shapecast", |t| t.iter(|| black_box(std_shapecast(black_box(&x)))));
    g.bench_function("shapecast fused", |t| t.iter(|| black_box(std_fused(black_box(&x)))));
    g.bench_function("shapecast fused into", |t| {
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        t.iter(|| std_fused_into(black_box(&x), &mut o))
    });
    g.bench_function("hand loop", |t| t.iter(|| std_hand(black_box(&xs), &mut out)));
    g.bench_function("hand loop new", |t| t.iter(|| black_box(std_hand_new(black_box(&xs)))));
    g.bench_function("ndarray", |t| t.iter(|| black_box(std_ndarray(black_box(&nx)))));
    g.bench_function("ndarray zip", |t| {
        let mut o = ArrayViewMut2::from_shape((ROWS, F), &mut out).unwrap();
        t.iter(|| std_ndarray_zip(black_box(&nx), &mut o))
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------------
// k-means: N points (run time), D = 2, K = 4, 20 iterations.

/// The number of points, bound at run time.
struct Points;
const K: usize = 4;
const ITERATIONS: usize = 20;

/// Point `i` lies in blob `i % 4`, centred at (0, 0), (6, 6), (0, 6) or (6, 0), spread ±2.
/// The first four points (one per blob) are the initial centroids.
fn points(n: usize) -> Vec<f32> {
    (0..n * 2)
        .map(|i| {
            let blob = i / 2 % K;
            let centre = if i % 2 == 0 { [0.0, 6.0, 0.0, 6.0][blob] } else { [0.0, 6.0, 6.0, 0.0][blob] };
            centre + 4.0 * unit(2, i) - 2.0
        })
        .collect()
}

/// As a NumPy user writes it, with broadcasting: every distance `[N, K, D]`, summed over `D`,
/// the nearest centroid by `argmin` over `K`, then each centroid the mean of its points through
/// a one-hot `[N, K]` mask.
#[inline(never)]
fn kmeans_shapecast<'id>(
    points: &TensorRef<f32, shape![Points<'id>, 2]>,
    init: &Tensor<f32, shape![4, 2]>,
) -> Tensor<f32, shape![4, 2]> {
    let clusters = Tensor::<usize, shape![4]>::from_fn(|k| k);
    let mut centroids = init.clone();
    for _ in 0..ITERATIONS {
        let diff = points.insert_axis::<1>() - &centroids; // [N, 1, 2] - [4, 2]
        let distances = (&diff * &diff).sum_axes::<axes![2]>(); // [N, 4]
        let nearest = distances.argmin_axes::<axes![1]>().unwrap(); // [N]
        let one_hot = nearest.insert_axis::<1>().zip_with(&clusters, |a, k| if a == k { 1f32 } else { 0.0 });
        let counts = one_hot.sum_axes::<axes![0]>(); // [4]
        let sums = (one_hot.insert_axis::<2>() * points.insert_axis::<1>()).sum_axes::<axes![0]>(); // [4, 2]
        centroids = sums / counts.insert_axis::<1>();
    }
    centroids
}

/// In the README's fast form: one pass per iteration. The assignment (distances, their sum over
/// `D` and the argmin over `K`: no `[N, K, D]` or `[N, K]` tensor) gives each point's centroid
/// as the update reads the point (`mean_at`, PyTorch's `index_reduce(…, "mean",
/// include_self=False)`): no `[N]` labels either.
#[inline(never)]
fn kmeans_fused<'id>(
    points: &TensorRef<f32, shape![Points<'id>, 2]>,
    init: &Tensor<f32, shape![4, 2]>,
) -> Tensor<f32, shape![4, 2]> {
    let mut centroids = init.clone();
    for _ in 0..ITERATIONS {
        let nearest = (points.lazy().insert_axis::<1>() - &centroids)
            .powi(2)
            .sum_axes::<axes![2]>()
            .argmin_axes::<axes![1]>(); // [N], each below 4, never stored
        centroids = centroids.mean_at(nearest, points).expect("an argmin over 4 centroids is below 4");
    }
    centroids
}

/// The same with stored labels, for who needs them: the assignment into `[N]`, then the sums and
/// the counts of each centroid's points, each one pass adding every point onto its centroid's
/// row (`add_at`, NumPy's `np.add.at`).
#[inline(never)]
fn kmeans_labels<'id>(
    points: &TensorRef<f32, shape![Points<'id>, 2]>,
    init: &Tensor<f32, shape![4, 2]>,
) -> Tensor<f32, shape![4, 2]> {
    let mut centroids = init.clone();
    for _ in 0..ITERATIONS {
        let nearest = (points.lazy().insert_axis::<1>() - &centroids)
            .powi(2)
            .sum_axes::<axes![2]>()
            .argmin_axes::<axes![1]>()
            .eval();
        let mut sums = Tensor::<f32, shape![4, 2]>::splat(0.0);
        sums.add_at(&nearest, points).expect("an argmin over 4 centroids is below 4");
        let mut counts = Tensor::<f32, shape![4]>::splat(0.0);
        counts.add_at(&nearest, 1.0).expect("an argmin over 4 centroids is below 4");
        centroids = (sums.lazy() / counts.lazy().insert_axis::<1>()).eval();
    }
    centroids
}

/// By hand: one pass per iteration, each point's nearest centroid (the four distances, then
/// the first smallest) added to its sums at once.
#[inline(never)]
fn kmeans_hand(points: &[f32], init: &[f32; 8]) -> [f32; 8] {
    let mut c = *init;
    for _ in 0..ITERATIONS {
        let mut sums = [[0f32; 2]; K];
        let mut counts = [0u32; K];
        for p in points.chunks_exact(2) {
            let &[x, y] = <&[f32; 2]>::try_from(p).unwrap();
            let d: [f32; K] = std::array::from_fn(|k| {
                (x - c[2 * k]) * (x - c[2 * k]) + (y - c[2 * k + 1]) * (y - c[2 * k + 1])
            });
            let mut best = 0;
            for k in 1..K {
                best = if d[k] < d[best] { k } else { best };
            }
            sums[best][0] += x;
            sums[best][1] += y;
            counts[best] += 1;
        }
        for k in 0..K {
            if counts[k] > 0 {
                c[2 * k] = sums[k][0] / counts[k] as f32;
                c[2 * k + 1] = sums[k][1] / counts[k] as f32;
            }
        }
    }
    c
}

fn kmeans_at(c: &mut Criterion, n: usize, name: &str) {
    bind!(let count: Points = black_box(n));
    let ps = points(n);
    let init: [f32; 8] = ps[..8].try_into().unwrap();
    let sinit = Tensor::<f32, shape![4, 2]>::from_slice(&init).unwrap();
    let p = TensorRef::from_shape(dims![count, 2], &ps).unwrap();

    let want = kmeans_hand(&ps, &init);
    // f32 sums of ~N/4 points, added in different orders: close, not equal.
    assert_close(&format!("{name}, shapecast"), kmeans_shapecast(&p, &sinit).as_slice(), &want, 1e-3);
    assert_close(&format!("{name}, shapecast fused"), kmeans_fused(&p, &sinit).as_slice(), &want, 1e-3);
    assert_close(
        &format!("{name}, shapecast fused labels"),
        kmeans_labels(&p, &sinit).as_slice(),
        &want,
        1e-3,
    );
    println!("{name}: centroids {want:.4?} (benches/programs_numpy.py prints NumPy's)");

    let mut g = group(c, name, 10);
    g.bench_function("shapecast", |t| {
        t.iter(|| black_box(kmeans_shapecast(black_box(&p), black_box(&sinit))))
    });
    g.bench_function("shapecast fused", |t| {
        t.iter(|| black_box(kmeans_fused(black_box(&p), black_box(&sinit))))
    });
    g.bench_function("shapecast fused labels", |t| {
        t.iter(|| black_box(kmeans_labels(black_box(&p), black_box(&sinit))))
    });
    g.bench_function("hand loop", |t| t.iter(|| black_box(kmeans_hand(black_box(&ps), black_box(&init)))));
    g.finish();
}

fn kmeans(c: &mut Criterion) {
    kmeans_at(c, 1_000_000, "program k-means N=1e6 D=2 K=4 20 iterations");
    kmeans_at(c, 100_000, "program k-means N=1e5 D=2 K=4 20 iterations");
}

// ---------------------------------------------------------------------------------------------
// Softmax cross-entropy and its gradient: B = 200,000 (run time), 10 classes.

struct Samples;
const SAMPLES: usize = 200_000;
const CLASSES: usize = 10;

/// Logits `8·u − 4`; labels from their own stream.
fn logits_and_labels() -> (Vec<f32>, Vec<usize>) {
    let logits = (0..SAMPLES * CLASSES).map(|i| 8.0 * unit(3, i) - 4.0).collect();
    let labels = (0..SAMPLES).map(|i| (mix((4 << 40) ^ i as u64) % CLASSES as u64) as usize).collect();
    (logits, labels)
}

/// The mean loss and the gradient, `[Samples, 10]`.
type LossAndGradient<'id> = (f32, BoxedTensor<f32, shape![Samples<'id>, 10]>);

/// As a new user writes it: the maximum over the classes broadcast back, `exp`, the sum, `ln`,
/// the loss as the mean of `−log p[label]` (through a one-hot mask), the gradient `p − onehot`
/// (of the summed loss: the mean's is this over B).
#[inline(never)]
fn softmax_shapecast<'id>(
    logits: &TensorRef<f32, shape![Samples<'id>, 10]>,
    labels: &TensorRef<usize, shape![Samples<'id>]>,
) -> LossAndGradient<'id> {
    let classes = Tensor::<usize, shape![10]>::from_fn(|k| k);
    let max = logits.max_axes::<axes![1]>().unwrap(); // [B]
    let shifted = logits - max.insert_axis::<1>(); // [B, 10] - [B, 1]
    let e = shifted.map(f32::exp);
    let sum = e.sum_axes::<axes![1]>(); // [B]
    let p = &e / sum.insert_axis::<1>();
    let log_p = &shifted - sum.map(f32::ln).insert_axis::<1>();
    let one_hot = labels.insert_axis::<1>().zip_with(&classes, |l, k| if l == k { 1f32 } else { 0.0 });
    let total = (&one_hot * &log_p).sum_axes::<axes![0, 1]>();
    let loss = -total.as_slice()[0] / labels.as_slice().len() as f32;
    (loss, p - one_hot)
}

/// In the README's fast form: the row maxima `m` (`[B, 1]`), then `exp(x − m)` evaluated once
/// into the gradient's buffer, its row sums `s`, the buffer divided by them in place, 1 taken at
/// each label (`add_along`); the loss from the row statistics and the logits at the labels
/// (`take_along`): `mean(ln s + m − x[label])`.
#[inline(never)]
fn softmax_fused<'id>(
    logits: &TensorRef<f32, shape![Samples<'id>, 10]>,
    labels: &TensorRef<usize, shape![Samples<'id>]>,
) -> LossAndGradient<'id> {
    let m = logits.lazy().max_keepdims::<axes![1]>().eval(); // [B, 1]
    let mut grad = (logits.lazy() - &m).exp().eval(); // [B, 10], each exp computed once
    let s = grad.lazy().sum_keepdims::<axes![1]>().eval(); // [B, 1]
    grad /= &s;
    grad.add_along::<1>(labels, -1.0).expect("labels below 10");
    let picked = logits.take_along::<1>(labels).expect("labels below 10"); // [B]
    let loss = ((s.lazy().ln() + &m).sum_all() - picked.lazy().sum_all()) / labels.as_slice().len() as f32;
    (loss, grad)
}

/// The same with every statistic inside the expressions that read it (`exp(x − max)` summed
/// inside the gradient's pass): no `[B, 1]` temporary, but each row's exponentials computed
/// again by each pass that reads them.
#[inline(never)]
fn softmax_nested<'id>(
    logits: &TensorRef<f32, shape![Samples<'id>, 10]>,
    labels: &TensorRef<usize, shape![Samples<'id>]>,
) -> LossAndGradient<'id> {
    let classes = Tensor::<usize, shape![10]>::from_fn(|k| k);
    let shifted = logits.lazy() - logits.lazy().max_keepdims::<axes![1]>(); // [B, 10]
    let sum = shifted.exp().sum_keepdims::<axes![1]>(); // [B, 1]
    let one_hot = labels.lazy().insert_axis::<1>().equals(&classes).select(1f32, 0.0); // [B, 10]
    let grad = (shifted.exp() / sum - one_hot).eval();
    let loss = -(one_hot * (shifted - sum.ln())).sum_all() / labels.as_slice().len() as f32;
    (loss, grad)
}

/// By hand: one pass over the rows, returning the loss and a new gradient `Vec`.
#[inline(never)]
fn softmax_hand(logits: &[f32], labels: &[usize]) -> (f32, Vec<f32>) {
    let mut grad = vec![0f32; logits.len()];
    let mut loss = 0f64;
    for ((z, g), &label) in logits.chunks_exact(CLASSES).zip(grad.chunks_exact_mut(CLASSES)).zip(labels) {
        let z: &[f32; CLASSES] = z.try_into().unwrap();
        let max = z.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let mut sum = 0f32;
        for k in 0..CLASSES {
            g[k] = (z[k] - max).exp();
            sum += g[k];
        }
        for v in g.iter_mut() {
            *v /= sum;
        }
        loss -= f64::from(z[label] - max - sum.ln());
        g[label] -= 1.0;
    }
    ((loss / labels.len() as f64) as f32, grad)
}

fn softmax(c: &mut Criterion) {
    bind!(let batch: Samples = black_box(SAMPLES));
    let (zs, ys) = logits_and_labels();
    let z = TensorRef::from_shape(dims![batch, 10], &zs).unwrap();
    let y = TensorRef::from_shape(dims![batch], &ys).unwrap();

    let (loss, grad) = softmax_hand(&zs, &ys);
    let (f_loss, f_grad) = softmax_fused(&z, &y);
    assert_close("softmax cross-entropy, shapecast fused loss", &[f_loss], &[loss], 1e-4);
    assert_close("softmax cross-entropy, shapecast fused gradient", f_grad.as_slice(), &grad, 1e-5);
    let (n_loss, n_grad) = softmax_nested(&z, &y);
    assert_close("softmax cross-entropy, shapecast nested loss", &[n_loss], &[loss], 1e-4);
    assert_close("softmax cross-entropy, shapecast nested gradient", n_grad.as_slice(), &grad, 1e-5);
    let (s_loss, s_grad) = softmax_shapecast(&z, &y);
    assert_close("softmax cross-entropy, shapecast loss", &[s_loss], &[loss], 1e-4);
    assert_close("softmax cross-entropy, shapecast gradient", s_grad.as_slice(), &grad, 1e-5);
    println!("softmax cross-entropy: mean loss {loss:.6} (benches/programs_numpy.py prints NumPy's)");

    let mut g = group(c, "program softmax cross-entropy B=200000 10 classes", 20);
    g.bench_function("shapecast", |t| t.iter(|| black_box(softmax_shapecast(black_box(&z), black_box(&y)))));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| black_box(softmax_fused(black_box(&z), black_box(&y))))
    });
    g.bench_function("shapecast fused nested", |t| {
        t.iter(|| black_box(softmax_nested(black_box(&z), black_box(&y))))
    });
    g.bench_function("hand loop", |t| t.iter(|| black_box(softmax_hand(black_box(&zs), black_box(&ys)))));
    g.finish();
}

// ---------------------------------------------------------------------------------------------
// Layer norm: each row of [B, 256] f32 centred on its mean, scaled by its standard deviation,
// then by γ and β.

/// The rows, bound at run time.
struct Tokens;
const WIDTH: usize = 256;
const TOKENS: usize = 16384;
const EPS: f32 = 1e-5;

/// `x[i, j] = (j % 8) + 4·u − 2`, and γ, β: fixed `[256]` parameters.
fn tokens() -> (Vec<f32>, [f32; WIDTH], [f32; WIDTH]) {
    let x = (0..TOKENS * WIDTH).map(|i| (i % WIDTH % 8) as f32 + 4.0 * unit(4, i) - 2.0).collect();
    (x, std::array::from_fn(|j| 1.0 + 0.001 * j as f32), std::array::from_fn(|j| 0.01 * j as f32 - 1.0))
}

type Width = Tensor<f32, shape![256]>;

/// As a new user writes it from the README: each operator returns a new tensor.
#[inline(never)]
fn ln_shapecast<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
) -> BoxedTensor<f32, shape![Tokens<'id>, 256]> {
    let mean = x.mean_axes::<axes![1]>(); // [B]
    let centred = x - mean.insert_axis::<1>();
    let var = centred.map(|v| v * v).mean_axes::<axes![1]>();
    centred * var.map(|v| 1.0 / (v + EPS).sqrt()).insert_axis::<1>() * gamma + beta
}

/// The README's fast form: the row means evaluated first, then the inverse standard deviations
/// from them, then the output into an existing buffer (three passes, two `[B, 1]` temporaries).
#[inline(never)]
fn ln_fused_into<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
    out: &mut TensorMut<f32, shape![Tokens<'id>, 256]>,
) {
    let mean = x.lazy().mean_keepdims::<axes![1]>().eval();
    let inv_std = ((x.lazy() - &mean).powi(2).mean_keepdims::<axes![1]>() + EPS).sqrt().recip().eval();
    ((x.lazy() - &mean) * &inv_std * gamma + beta).eval_into(out);
}

/// One expression, both row statistics inside it, into an existing buffer: one pass, no
/// temporary, but each row's mean folded twice (once for the variance).
#[inline(never)]
fn ln_nested_into<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
    out: &mut TensorMut<f32, shape![Tokens<'id>, 256]>,
) {
    let centred = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
    let var = centred.powi(2).mean_keepdims::<axes![1]>();
    (centred * (var + EPS).sqrt().recip() * gamma + beta).eval_into(out);
}

/// One expression with its row mean shared (`share`): the means evaluated first, once, and
/// read by both uses; the variance folded inside the pass, at each row's start.
#[inline(never)]
fn ln_shared_into<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
    out: &mut TensorMut<f32, shape![Tokens<'id>, 256]>,
) {
    x.lazy()
        .mean_keepdims::<axes![1]>()
        .share(|mean| {
            let centred = x.lazy() - mean;
            let var = centred.powi(2).mean_keepdims::<axes![1]>();
            centred * (var + EPS).sqrt().recip() * gamma + beta
        })
        .eval_into(out);
}

/// One expression with both row statistics shared: the means, then the inverse deviations
/// (which read the shared means), each evaluated once before the pass that reads them.
#[inline(never)]
fn ln_shared_both_into<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
    out: &mut TensorMut<f32, shape![Tokens<'id>, 256]>,
) {
    x.lazy()
        .mean_keepdims::<axes![1]>()
        .share(|mean| {
            let centred = x.lazy() - mean;
            let inv_std = (centred.powi(2).mean_keepdims::<axes![1]>() + EPS).sqrt().recip();
            inv_std.share(|inv_std| centred * inv_std * gamma + beta)
        })
        .eval_into(out);
}

/// Row by row, into an existing buffer: each row a fixed `[256]` tensor, its statistics as
/// scalars (`mean_all`), `x − mean` written once in the expression and computed where read.
#[inline(never)]
fn ln_rows_into<'id>(
    x: &TensorRef<f32, shape![Tokens<'id>, 256]>,
    gamma: &Width,
    beta: &Width,
    out: &mut TensorMut<f32, shape![Tokens<'id>, 256]>,
) {
    for (x, mut out) in x.rows().zip(out.rows_mut()) {
        let mean = x.lazy().mean_all();
        let inv_std = 1.0 / ((x.lazy() - mean).powi(2).mean_all() + EPS).sqrt();
        ((x.lazy() - mean) * inv_std * gamma + beta).eval_into(&mut out);
    }
}

/// By hand, into an existing buffer: per row, its mean and variance each summed in 16 lanes,
/// then the row written.
#[inline(never)]
fn ln_hand(x: &[f32], gamma: &[f32; WIDTH], beta: &[f32; WIDTH], out: &mut [f32]) {
    for (o, x) in out.chunks_exact_mut(WIDTH).zip(x.chunks_exact(WIDTH)) {
        let (o, x): (&mut [f32; WIDTH], &[f32; WIDTH]) = (o.try_into().unwrap(), x.try_into().unwrap());
        let mut lanes = [0f32; 16];
        for part in x.chunks_exact(16) {
            for (l, v) in lanes.iter_mut().zip(part) {
                *l += v;
            }
        }
        let mean = lanes.iter().sum::<f32>() / WIDTH as f32;
        let mut lanes = [0f32; 16];
        for part in x.chunks_exact(16) {
            for (l, v) in lanes.iter_mut().zip(part) {
                *l += (v - mean) * (v - mean);
            }
        }
        let inv_std = 1.0 / (lanes.iter().sum::<f32>() / WIDTH as f32 + EPS).sqrt();
        for j in 0..WIDTH {
            o[j] = (x[j] - mean) * inv_std * gamma[j] + beta[j];
        }
    }
}

/// ndarray's operators, the statistics kept as `[B, 1]`.
#[inline(never)]
fn ln_ndarray(x: &ArrayView2<f32>, gamma: &Array1<f32>, beta: &Array1<f32>) -> Array2<f32> {
    let centred = x - &x.mean_axis(Axis(1)).unwrap().insert_axis(Axis(1));
    let var = centred.mapv(|v| v * v).mean_axis(Axis(1)).unwrap().insert_axis(Axis(1));
    centred * var.mapv(|v| 1.0 / (v + EPS).sqrt()) * gamma + beta
}

fn layer_norm(c: &mut Criterion) {
    bind!(let rows: Tokens = black_box(TOKENS));
    let (xs, gs, bs) = tokens();
    let x = TensorRef::from_shape(dims![rows, 256], &xs).unwrap();
    let (gamma, beta) = (Width::from(gs), Width::from(bs));
    let nx = ArrayView2::from_shape((TOKENS, WIDTH), &xs).unwrap();
    let (ng, nb) = (Array1::from(gs.to_vec()), Array1::from(bs.to_vec()));

    let mut want = vec![0f32; xs.len()];
    ln_hand(&xs, &gs, &bs, &mut want);
    assert_close("layer norm, shapecast", ln_shapecast(&x, &gamma, &beta).as_slice(), &want, 1e-4);
    let mut out = vec![0f32; xs.len()];
    ln_fused_into(&x, &gamma, &beta, &mut TensorMut::from_shape(dims![rows, 256], &mut out).unwrap());
    assert_close("layer norm, shapecast fused into", &out, &want, 1e-4);
    ln_nested_into(&x, &gamma, &beta, &mut TensorMut::from_shape(dims![rows, 256], &mut out).unwrap());
    assert_close("layer norm, shapecast fused nested", &out, &want, 1e-4);
    ln_shared_into(&x, &gamma, &beta, &mut TensorMut::from_shape(dims![rows, 256], &mut out).unwrap());
    assert_close("layer norm, shapecast shared", &out, &want, 1e-4);
    ln_shared_both_into(&x, &gamma, &beta, &mut TensorMut::from_shape(dims![rows, 256], &mut out).unwrap());
    assert_close("layer norm, shapecast shared both", &out, &want, 1e-4);
    ln_rows_into(&x, &gamma, &beta, &mut TensorMut::from_shape(dims![rows, 256], &mut out).unwrap());
    assert_close("layer norm, shapecast rows", &out, &want, 1e-4);
    assert_close("layer norm, ndarray", ln_ndarray(&nx, &ng, &nb).as_slice().unwrap(), &want, 1e-4);

    let mut g = group(c, "program layer norm [B,256] B=16384", 10);
    g.bench_function("shapecast", |t| t.iter(|| black_box(ln_shapecast(black_box(&x), &gamma, &beta))));
    let mut o = TensorMut::from_shape(dims![rows, 256], &mut out).unwrap();
    g.bench_function("shapecast fused into", |t| {
        t.iter(|| ln_fused_into(black_box(&x), &gamma, &beta, &mut o))
    });
    g.bench_function("shapecast fused nested", |t| {
        t.iter(|| ln_nested_into(black_box(&x), &gamma, &beta, &mut o))
    });
    g.bench_function("shapecast shared", |t| t.iter(|| ln_shared_into(black_box(&x), &gamma, &beta, &mut o)));
    g.bench_function("shapecast shared both", |t| {
        t.iter(|| ln_shared_both_into(black_box(&x), &gamma, &beta, &mut o))
    });
    g.bench_function("shapecast rows", |t| t.iter(|| ln_rows_into(black_box(&x), &gamma, &beta, &mut o)));
    g.bench_function("hand loop", |t| t.iter(|| ln_hand(black_box(&xs), &gs, &bs, &mut want)));
    g.bench_function("ndarray", |t| t.iter(|| black_box(ln_ndarray(black_box(&nx), &ng, &nb))));
    g.finish();
}

criterion_group! { name = benches; config = config(); targets = batch_norm, standardization, kmeans, softmax, layer_norm, kalman, mlp::mlp }
criterion_main!(benches);

/// A constant-velocity Kalman filter: the model, and its state.
struct Kalman {
    f: Tensor<f64, shape![4, 4]>,
    q: Tensor<f64, shape![4, 4]>,
    h: Tensor<f64, shape![2, 4]>,
    r: Tensor<f64, shape![2, 2]>,
    x: Tensor<f64, shape![4]>,
    p: Tensor<f64, shape![4, 4]>,
}

/// One predict and update step with expressions: each product `A·B` is
/// `(A[:, :, None] * B).sum(1)` and each `A·Bᵀ` is `(A[:, None, :] * B[None]).sum(2)`.
#[inline(never)]
fn kalman_fused(k: &mut Kalman, z: &Tensor<f64, shape![2]>) {
    let x = (k.f.lazy() * &k.x).sum_axes::<axes![1]>().eval();
    let fp = (k.f.lazy().insert_axis::<2>() * &k.p).sum_axes::<axes![1]>().eval();
    let p =
        ((fp.lazy().insert_axis::<1>() * k.f.lazy().insert_axis::<0>()).sum_axes::<axes![2]>() + &k.q).eval();
    let y = (z.lazy() - (k.h.lazy() * &x).sum_axes::<axes![1]>()).eval();
    let hp = (k.h.lazy().insert_axis::<2>() * &p).sum_axes::<axes![1]>().eval();
    let s =
        ((hp.lazy().insert_axis::<1>() * k.h.lazy().insert_axis::<0>()).sum_axes::<axes![2]>() + &k.r).eval();
    let [a, b, c, d] = [s.as_slice()[0], s.as_slice()[1], s.as_slice()[2], s.as_slice()[3]];
    let det = a * d - b * c;
    let s_inv = Tensor::<f64, shape![2, 2]>::from([[d / det, -b / det], [-c / det, a / det]]);
    let ph = (p.lazy().insert_axis::<1>() * k.h.lazy().insert_axis::<0>()).sum_axes::<axes![2]>().eval();
    let gain = (ph.lazy().insert_axis::<2>() * &s_inv).sum_axes::<axes![1]>().eval();
    k.x = (x.lazy() + (gain.lazy() * &y).sum_axes::<axes![1]>()).eval();
    k.p = (p.lazy() - (gain.lazy().insert_axis::<2>() * &hp).sum_axes::<axes![1]>()).eval();
}

/// One step as the products are written: `matmul`, the transposed views `mt()`, and `inv`.
#[inline(never)]
fn kalman_matmul(k: &mut Kalman, z: &Tensor<f64, shape![2]>) {
    let x = k.f.matmul(&k.x);
    let p = &k.f.matmul(&k.p).matmul(&k.f.mt()) + &k.q;
    let y = z - &k.h.matmul(&x);
    let ph = p.matmul(&k.h.mt()); // P·Hᵀ, [4, 2]
    let s = &k.h.matmul(&ph) + &k.r;
    let Ok(s_inv) = s.inv() else { return };
    let gain = ph.matmul(&s_inv);
    k.x = &x + &gain.matmul(&y);
    k.p = &p - &gain.matmul(&ph.mt());
}

/// The same filter over arrays.
struct KalmanHand {
    f: [[f64; 4]; 4],
    q: [[f64; 4]; 4],
    h: [[f64; 4]; 2],
    r: [[f64; 2]; 2],
    x: [f64; 4],
    p: [[f64; 4]; 4],
}

/// One step of the same filter as a hand loop.
#[inline(never)]
fn kalman_hand(k: &mut KalmanHand, z: &[f64; 2]) {
    let mut x = [0.0; 4];
    for (xi, fi) in x.iter_mut().zip(&k.f) {
        *xi = fi.iter().zip(&k.x).map(|(a, b)| a * b).sum();
    }
    let mut fp = [[0.0; 4]; 4];
    for (fpi, fi) in fp.iter_mut().zip(&k.f) {
        for (fil, pl) in fi.iter().zip(&k.p) {
            for (o, plj) in fpi.iter_mut().zip(pl) {
                *o += fil * plj;
            }
        }
    }
    let mut p = k.q;
    for (pi, fpi) in p.iter_mut().zip(&fp) {
        for (o, fj) in pi.iter_mut().zip(&k.f) {
            *o += fpi.iter().zip(fj).map(|(a, b)| a * b).sum::<f64>();
        }
    }
    let mut y = *z;
    for (yi, hi) in y.iter_mut().zip(&k.h) {
        *yi -= hi.iter().zip(&x).map(|(a, b)| a * b).sum::<f64>();
    }
    let mut hp = [[0.0; 4]; 2];
    for (hpi, hi) in hp.iter_mut().zip(&k.h) {
        for (hil, pl) in hi.iter().zip(&p) {
            for (o, plj) in hpi.iter_mut().zip(pl) {
                *o += hil * plj;
            }
        }
    }
    let mut s = k.r;
    for (si, hpi) in s.iter_mut().zip(&hp) {
        for (o, hj) in si.iter_mut().zip(&k.h) {
            *o += hpi.iter().zip(hj).map(|(a, b)| a * b).sum::<f64>();
        }
    }
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
    let s_inv = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]];
    let mut gain = [[0.0; 2]; 4];
    for (i, gi) in gain.iter_mut().enumerate() {
        for (j, o) in gi.iter_mut().enumerate() {
            *o = hp[0][i] * s_inv[0][j] + hp[1][i] * s_inv[1][j];
        }
    }
    for ((xi, gi), x) in k.x.iter_mut().zip(&gain).zip(x) {
        *xi = x + gi[0] * y[0] + gi[1] * y[1];
    }
    for ((ki, pi), gi) in k.p.iter_mut().zip(&p).zip(&gain) {
        for (j, o) in ki.iter_mut().enumerate() {
            *o = pi[j] - gi[0] * hp[0][j] - gi[1] * hp[1][j];
        }
    }
}

fn kalman(c: &mut Criterion) {
    let f = [[1.0, 0.0, 0.1, 0.0], [0.0, 1.0, 0.0, 0.1], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
    let q = [[1e-4, 0.0, 0.0, 0.0], [0.0, 1e-4, 0.0, 0.0], [0.0, 0.0, 1e-3, 0.0], [0.0, 0.0, 0.0, 1e-3]];
    let h = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]];
    let r = [[0.05, 0.0], [0.0, 0.05]];
    let p = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
    let zs: Vec<[f64; 2]> =
        (0..100).map(|i| [i as f64 * 0.1 + f64::from(unit(9, i)) * 0.01, i as f64 * 0.05]).collect();
    let tz: Vec<Tensor<f64, shape![2]>> = zs.iter().map(|&z| Tensor::from(z)).collect();
    let start = || Kalman {
        f: Tensor::from(f),
        q: Tensor::from(q),
        h: Tensor::from(h),
        r: Tensor::from(r),
        x: Tensor::splat(0.0),
        p: Tensor::from(p),
    };
    let hand_start = || KalmanHand { f, q, h, r, x: [0.0; 4], p };

    let (mut k, mut kh) = (start(), hand_start());
    for (z, tz) in zs.iter().zip(&tz) {
        kalman_fused(&mut k, tz);
        kalman_hand(&mut kh, z);
    }
    let (got, want): (Vec<f32>, Vec<f32>) =
        k.x.as_slice().iter().zip(&kh.x).map(|(&a, &b)| (a as f32, b as f32)).unzip();
    assert_close("kalman, shapecast fused", &got, &want, 1e-5);
    let mut km = start();
    for z in &tz {
        kalman_matmul(&mut km, z);
    }
    let got: Vec<f32> = km.x.as_slice().iter().map(|&a| a as f32).collect();
    assert_close("kalman, shapecast matmul", &got, &want, 1e-5);

    let mut g = c.benchmark_group("program kalman filter 100 steps [4] state [2] measurement");
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            let mut k = start();
            for z in &tz {
                kalman_fused(black_box(&mut k), z);
            }
            black_box(k.x)
        })
    });
    g.bench_function("shapecast matmul", |t| {
        t.iter(|| {
            let mut k = start();
            for z in &tz {
                kalman_matmul(black_box(&mut k), z);
            }
            black_box(k.x)
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut k = hand_start();
            for z in &zs {
                kalman_hand(black_box(&mut k), z);
            }
            black_box(k.x)
        })
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------------
// One training step of a two-layer perceptron: [B, 64] → [B, 128] (ReLU) → [B, 10], softmax
// cross-entropy, the backward pass and SGD on the four parameters, B = 4096 bound at run time.

mod mlp {
    use super::{assert_close, group, mix, unit};
    use criterion::Criterion;
    use ndarray::{Array2, ArrayView2, Axis};
    use shapecast::prelude::*;
    use std::hint::black_box;

    const INPUTS: usize = 64;
    const HIDDEN: usize = 128;
    const CLASSES: usize = 10;
    const BATCH: usize = 4096;
    /// The learning rate of the timed steps (and of the checked ones).
    const RATE: f32 = 0.1;

    // From here to `sgd`, the code of examples/mlp.rs, unchanged.

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

    /// (a) One step with shapecast: the example's `gradients`, then its `sgd`. Returns the loss.
    #[inline(never)]
    fn step_shapecast<'id>(
        net: &mut Mlp,
        x: TensorRef<'_, f32, shape![Batch<'id>, 64]>,
        labels: TensorRef<'_, usize, shape![Batch<'id>]>,
    ) -> f32 {
        let g = gradients(net, x, labels).expect("labels below 10");
        sgd(net, &g, RATE);
        g.loss
    }

    /// The parameters as plain row-major `Vec`s (also ndarray's, as arrays).
    #[derive(Clone)]
    struct Params<T> {
        w1: T,
        b1: T,
        w2: T,
        b2: T,
    }

    /// (b) By hand: plain loops over `Vec`s, each product row-major `i-k-j` (the inner loop along
    /// a row of the output and of the right operand), each layer's bias and activation in the
    /// product's row loop, the softmax row by row.
    #[inline(never)]
    fn step_hand(net: &mut Params<Vec<f32>>, x: &[f32], labels: &[usize]) -> f32 {
        let rows = labels.len();
        let n = rows as f32;
        // Forward: h = relu(x·W1 + b1), logits = h·W2 + b2.
        let mut h = vec![0f32; rows * HIDDEN];
        for (hr, xr) in h.chunks_exact_mut(HIDDEN).zip(x.chunks_exact(INPUTS)) {
            for (&xk, wk) in xr.iter().zip(net.w1.chunks_exact(HIDDEN)) {
                for (o, &w) in hr.iter_mut().zip(wk) {
                    *o += xk * w;
                }
            }
            for (o, &b) in hr.iter_mut().zip(&net.b1) {
                *o = (*o + b).max(0.0);
            }
        }
        let mut logits = vec![0f32; rows * CLASSES];
        for (zr, hr) in logits.chunks_exact_mut(CLASSES).zip(h.chunks_exact(HIDDEN)) {
            for (&hj, wj) in hr.iter().zip(net.w2.chunks_exact(CLASSES)) {
                for (o, &w) in zr.iter_mut().zip(wj) {
                    *o += hj * w;
                }
            }
            for (o, &b) in zr.iter_mut().zip(&net.b2) {
                *o += b;
            }
        }
        // Softmax cross-entropy: d = (p − one_hot) / n, the loss the mean of ln s + max − z[label].
        let mut d = vec![0f32; rows * CLASSES];
        let mut loss = 0f32;
        for ((dr, zr), &label) in d.chunks_exact_mut(CLASSES).zip(logits.chunks_exact(CLASSES)).zip(labels) {
            let max = zr.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
            let mut s = 0f32;
            for (o, &z) in dr.iter_mut().zip(zr) {
                *o = (z - max).exp();
                s += *o;
            }
            for o in dr.iter_mut() {
                *o /= s * n;
            }
            dr[label] -= 1.0 / n;
            loss += s.ln() + max - zr[label];
        }
        // Backward: dW2 = hᵀ·d, db2 = Σ d, dh = (d·W2ᵀ) ⊙ [h > 0], dW1 = xᵀ·dh, db1 = Σ dh.
        let (mut dw2, mut db2) = (vec![0f32; HIDDEN * CLASSES], vec![0f32; CLASSES]);
        let mut dh = vec![0f32; rows * HIDDEN];
        for ((dr, hr), dhr) in
            d.chunks_exact(CLASSES).zip(h.chunks_exact(HIDDEN)).zip(dh.chunks_exact_mut(HIDDEN))
        {
            for (o, &v) in db2.iter_mut().zip(dr) {
                *o += v;
            }
            for ((&hj, gj), (o, wj)) in hr
                .iter()
                .zip(dw2.chunks_exact_mut(CLASSES))
                .zip(dhr.iter_mut().zip(net.w2.chunks_exact(CLASSES)))
            {
                for (g, &v) in gj.iter_mut().zip(dr) {
                    *g += hj * v;
                }
                if hj > 0.0 {
                    *o = dr.iter().zip(wj).map(|(a, b)| a * b).sum();
                }
            }
        }
        let (mut dw1, mut db1) = (vec![0f32; INPUTS * HIDDEN], vec![0f32; HIDDEN]);
        for (xr, dhr) in x.chunks_exact(INPUTS).zip(dh.chunks_exact(HIDDEN)) {
            for (o, &v) in db1.iter_mut().zip(dhr) {
                *o += v;
            }
            for (&xk, gk) in xr.iter().zip(dw1.chunks_exact_mut(HIDDEN)) {
                for (g, &v) in gk.iter_mut().zip(dhr) {
                    *g += xk * v;
                }
            }
        }
        // SGD.
        for (p, g) in [(&mut net.w1, &dw1), (&mut net.b1, &db1), (&mut net.w2, &dw2), (&mut net.b2, &db2)] {
            for (w, &v) in p.iter_mut().zip(g) {
                *w -= RATE * v;
            }
        }
        loss / n
    }

    /// (c) ndarray: `dot`, `t()`, broadcasting operators, `sum_axis`, `scaled_add` for SGD.
    #[inline(never)]
    fn step_ndarray(net: &mut Params<Array2<f32>>, x: &ArrayView2<f32>, labels: &[usize]) -> f32 {
        let n = x.nrows() as f32;
        let h = (x.dot(&net.w1) + &net.b1).mapv_into(|v| v.max(0.0)); // [B, 128]
        let logits = h.dot(&net.w2) + &net.b2; // [B, 10]
        let m = logits.fold_axis(Axis(1), f32::NEG_INFINITY, |&a, &b| a.max(b)).insert_axis(Axis(1)); // [B, 1]
        let e = (&logits - &m).mapv_into(f32::exp);
        let s = e.sum_axis(Axis(1)).insert_axis(Axis(1)); // [B, 1]
        let mut d = e / (&s * n); // p / B, then 1/B taken at each label
        for (r, &l) in labels.iter().enumerate() {
            d[[r, l]] -= 1.0 / n;
        }
        let picked: f32 = labels.iter().enumerate().map(|(r, &l)| logits[[r, l]]).sum();
        let loss = ((s.mapv(f32::ln) + &m).sum() - picked) / n;
        let dw2 = h.t().dot(&d);
        let db2 = d.sum_axis(Axis(0));
        let dh = d.dot(&net.w2.t()) * h.mapv(|v| if v > 0.0 { 1.0 } else { 0.0 });
        let dw1 = x.t().dot(&dh);
        let db1 = dh.sum_axis(Axis(0)).insert_axis(Axis(0));
        net.w1.scaled_add(-RATE, &dw1);
        net.b1.scaled_add(-RATE, &db1);
        net.w2.scaled_add(-RATE, &dw2);
        net.b2.scaled_add(-RATE, &db2.insert_axis(Axis(0)));
        loss
    }

    /// Inputs `u − 0.5`, labels from their own stream, weights `(u − 0.5)/4`, biases `(u − 0.5)/10`
    /// (streams 20–25; `benches/programs_numpy.py` makes the same numbers).
    fn data() -> (Vec<f32>, Vec<usize>, Params<Vec<f32>>) {
        let u = |stream, n: usize, scale: f32| -> Vec<f32> {
            (0..n).map(|i| (unit(stream, i) - 0.5) * scale).collect()
        };
        let x = u(20, BATCH * INPUTS, 1.0);
        let labels = (0..BATCH).map(|i| (mix((21 << 40) ^ i as u64) % CLASSES as u64) as usize).collect();
        let params = Params {
            w1: u(22, INPUTS * HIDDEN, 0.25),
            b1: u(23, HIDDEN, 0.1),
            w2: u(24, HIDDEN * CLASSES, 0.25),
            b2: u(25, CLASSES, 0.1),
        };
        (x, labels, params)
    }

    pub(super) fn mlp(c: &mut Criterion) {
        bind!(let batch: Batch = black_box(BATCH));
        let (xs, ys, p) = data();
        let x = TensorRef::from_shape(dims![batch, 64], &xs).unwrap();
        let y = TensorRef::from_shape(dims![batch], &ys).unwrap();
        let start = || Mlp {
            w1: BoxedTensor::from_slice(&p.w1).unwrap(),
            b1: Tensor::from_slice(&p.b1).unwrap(),
            w2: BoxedTensor::from_slice(&p.w2).unwrap(),
            b2: Tensor::from_slice(&p.b2).unwrap(),
        };
        let nd = |v: &Vec<f32>, cols| Array2::from_shape_vec((v.len() / cols, cols), v.clone()).unwrap();
        let nd_start = || Params {
            w1: nd(&p.w1, HIDDEN),
            b1: nd(&p.b1, HIDDEN),
            w2: nd(&p.w2, CLASSES),
            b2: nd(&p.b2, CLASSES),
        };
        let nx = ArrayView2::from_shape((BATCH, INPUTS), &xs).unwrap();

        // Three steps of each contender from the same start: the losses and the parameters after
        // each step agree with the hand loop's.
        let (mut s, mut hand, mut n) = (start(), p.clone(), nd_start());
        for step in 0..3 {
            let want = step_hand(&mut hand, &xs, &ys);
            let got = step_shapecast(&mut s, x, y);
            let got_nd = step_ndarray(&mut n, &nx, &ys);
            if step == 0 {
                println!("mlp step: first loss {want:.6} (benches/programs_numpy.py prints NumPy's)");
            }
            assert_close("mlp, shapecast loss", &[got], &[want], 1e-5);
            assert_close("mlp, ndarray loss", &[got_nd], &[want], 1e-5);
            for (what, got, got_nd, want) in [
                ("w1", s.w1.as_slice(), n.w1.as_slice().unwrap(), &hand.w1),
                ("b1", s.b1.as_slice(), n.b1.as_slice().unwrap(), &hand.b1),
                ("w2", s.w2.as_slice(), n.w2.as_slice().unwrap(), &hand.w2),
                ("b2", s.b2.as_slice(), n.b2.as_slice().unwrap(), &hand.b2),
            ] {
                assert_close(&format!("mlp, shapecast {what} after step {step}"), got, want, 1e-5);
                assert_close(&format!("mlp, ndarray {what} after step {step}"), got_nd, want, 1e-5);
            }
        }

        // Each sample runs steps on its contender's network, from where the last one left it.
        let mut g = group(c, "program mlp step B=4096 64-128-10", 20);
        let mut s = start();
        g.bench_function("shapecast", |t| {
            t.iter(|| black_box(step_shapecast(&mut s, black_box(x), black_box(y))))
        });
        let mut hand = p.clone();
        g.bench_function("hand loop", |t| {
            t.iter(|| black_box(step_hand(&mut hand, black_box(&xs), black_box(&ys))))
        });
        let mut n = nd_start();
        g.bench_function("ndarray", |t| {
            t.iter(|| black_box(step_ndarray(&mut n, black_box(&nx), black_box(&ys))))
        });
        g.finish();
    }
}
