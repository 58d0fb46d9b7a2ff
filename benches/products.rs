//! Matrix products against a hand-written loop (small fixed shapes), ndarray's `dot` (which
//! multiplies with the same `matrixmultiply` GEMM), and `copy_from_slice` of the output's bytes,
//! each case side by side in one run. NumPy's times on the same shapes come from
//! `benches/products_numpy.py` (one thread: `OPENBLAS_NUM_THREADS=1`).
//!
//! `cargo bench --bench products`, then `python3 benches/products_ratios.py` for the table.
//! `MATMUL_NUM_THREADS=1` keeps the GEMM on one thread under the `rayon` feature (the default
//! build has no threads).

use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};
use ndarray::{Array2, Array3, s};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

#[inline(always)]
fn observe<T>(value: T) {
    black_box(&value);
}

fn values(n: usize, seed: usize) -> Vec<f64> {
    (0..n).map(|i| ((i * 7 + seed) % 23) as f64 * 0.125 - 1.0).collect()
}

/// The hand loop of an `M×K · K×N` product of arrays, the sum over `k` in order.
macro_rules! hand {
    ($t:ty, $m:literal, $k:literal, $n:literal) => {{
        #[inline(never)]
        fn hand(a: &[[$t; $k]; $m], b: &[[$t; $n]; $k]) -> [[$t; $n]; $m] {
            let mut out = [[0.0; $n]; $m];
            for (o, ai) in out.iter_mut().zip(a) {
                for (x, bp) in ai.iter().zip(b) {
                    for (oj, y) in o.iter_mut().zip(bp) {
                        *oj += x * y;
                    }
                }
            }
            out
        }
        hand
    }};
}

macro_rules! small {
    ($c:expr, $t:ident, $m:literal, $k:literal, $n:literal, $name:literal) => {{
        let mut g = $c.benchmark_group(concat!("small product ", $name, " ", stringify!($t)));
        let a = Tensor::<$t, shape![$m, $k]>::from_fn(|i| values($m * $k, 1)[i] as $t);
        let b = Tensor::<$t, shape![$k, $n]>::from_fn(|i| values($k * $n, 2)[i] as $t);
        #[inline(never)]
        fn product(
            a: &Tensor<$t, shape![$m, $k]>,
            b: &Tensor<$t, shape![$k, $n]>,
        ) -> Tensor<$t, shape![$m, $n]> {
            a.matmul(b)
        }
        let ha: [[$t; $k]; $m] = core::array::from_fn(|i| core::array::from_fn(|j| a.as_slice()[i * $k + j]));
        let hb: [[$t; $n]; $k] = core::array::from_fn(|i| core::array::from_fn(|j| b.as_slice()[i * $n + j]));
        let hand = hand!($t, $m, $k, $n);
        let want: Vec<$t> = hand(&ha, &hb).iter().flatten().copied().collect();
        assert_eq!(product(&a, &b).as_slice(), &want[..]);
        g.bench_function("shapecast", |t| t.iter(|| observe(product(black_box(&a), black_box(&b)))));
        g.bench_function("hand loop", |t| t.iter(|| observe(hand(black_box(&ha), black_box(&hb)))));
        let (na, nb) = (
            Array2::from_shape_vec(($m, $k), a.as_slice().to_vec()).unwrap(),
            Array2::from_shape_vec(($k, $n), b.as_slice().to_vec()).unwrap(),
        );
        g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&na).dot(black_box(&nb)))));
        g.finish();
    }};
}

fn small_products(c: &mut Criterion) {
    small!(c, f64, 4, 4, 4, "[4,4]·[4,4]");
    small!(c, f32, 4, 4, 4, "[4,4]·[4,4]");
    small!(c, f64, 4, 4, 1, "[4,4]·[4,1]");
    small!(c, f32, 4, 4, 1, "[4,4]·[4,1]");
    small!(c, f64, 2, 4, 4, "[2,4]·[4,4]");
}

/// Square products, one thread, against ndarray's `dot` on the same data and the bytes of the
/// output copied (the floor of writing it).
fn square(c: &mut Criterion) {
    macro_rules! at {
        ($t:ident, $($n:literal),*) => {$({
            let mut g = c.benchmark_group(concat!("gemm square ", stringify!($n), " ", stringify!($t)));
            g.sampling_mode(SamplingMode::Flat).sample_size(if $n >= 2048 { 10 } else { 20 });
            let a = BoxedTensor::<$t, shape![$n, $n]>::from_fn(|i| ((i * 7 + 1) % 23) as $t * 0.125 - 1.0);
            let b = BoxedTensor::<$t, shape![$n, $n]>::from_fn(|i| ((i * 5 + 2) % 19) as $t * 0.125 - 1.0);
            let mut out = BoxedTensor::<$t, shape![$n, $n]>::splat(0.0);
            g.bench_function("shapecast", |t| t.iter(|| a.matmul_into(black_box(&b), &mut out.view_mut())));
            let (na, nb) = (
                Array2::from_shape_vec(($n, $n), a.as_slice().to_vec()).unwrap(),
                Array2::from_shape_vec(($n, $n), b.as_slice().to_vec()).unwrap(),
            );
            let mut nout = Array2::<$t>::zeros(($n, $n));
            g.bench_function("ndarray", |t| {
                t.iter(|| ndarray::linalg::general_mat_mul(1.0, black_box(&na), black_box(&nb), 0.0, &mut nout))
            });
            let src = out.as_slice().to_vec();
            g.bench_function("copy from slice", |t| t.iter(|| out.as_mut_slice().copy_from_slice(black_box(&src))));
            g.finish();
        })*};
    }
    at!(f32, 256, 1024, 2048);
    at!(f64, 256, 1024, 2048);
}

/// `[64, 128, 128] · [64, 128, 64]` (a batch of products) and `[4096, 128] · [128, 10]` (a
/// layer's weights against a batch, also against a hand loop), f32.
fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group("batched [64,128,128]·[64,128,64] f32");
    let a = BoxedTensor::<f32, shape![64, 128, 128]>::from_fn(|i| (i % 23) as f32 * 0.125 - 1.0);
    let b = BoxedTensor::<f32, shape![64, 128, 64]>::from_fn(|i| (i % 19) as f32 * 0.125 - 1.0);
    let mut out = BoxedTensor::<f32, shape![64, 128, 64]>::splat(0.0);
    g.bench_function("shapecast", |t| t.iter(|| a.matmul_into(black_box(&b), &mut out.view_mut())));
    let na = Array3::from_shape_vec((64, 128, 128), a.as_slice().to_vec()).unwrap();
    let nb = Array3::from_shape_vec((64, 128, 64), b.as_slice().to_vec()).unwrap();
    let mut nout = Array3::<f32>::zeros((64, 128, 64));
    g.bench_function("ndarray", |t| {
        t.iter(|| {
            for i in 0..64 {
                let mut o = nout.slice_mut(s![i, .., ..]);
                ndarray::linalg::general_mat_mul(
                    1.0,
                    &na.slice(s![i, .., ..]),
                    &nb.slice(s![i, .., ..]),
                    0.0,
                    &mut o,
                );
            }
        })
    });
    let src = out.as_slice().to_vec();
    g.bench_function("copy from slice", |t| t.iter(|| out.as_mut_slice().copy_from_slice(black_box(&src))));
    g.finish();

    let mut g = c.benchmark_group("broadcast [B,128]·[128,10] B=4096 f32");
    struct Batch;
    let xs: Vec<f32> = (0..4096 * 128).map(|i| (i % 23) as f32 * 0.125 - 1.0).collect();
    bind!(let batch: Batch = 4096);
    let x = TensorRef::from_shape(dims![batch, 128], &xs).unwrap();
    let w = BoxedTensor::<f32, shape![128, 10]>::from_fn(|i| (i % 19) as f32 * 0.125 - 1.0);
    let mut ys = vec![0.0f32; 4096 * 10];
    g.bench_with_input(BenchmarkId::new("shapecast", 4096), &(), |t, _| {
        t.iter(|| {
            x.matmul_into(black_box(&w), &mut TensorMut::from_shape(dims![batch, 10], &mut ys).unwrap())
        })
    });
    let (nx, nw) = (
        Array2::from_shape_vec((4096, 128), xs.clone()).unwrap(),
        Array2::from_shape_vec((128, 10), w.as_slice().to_vec()).unwrap(),
    );
    let mut ny = Array2::<f32>::zeros((4096, 10));
    g.bench_with_input(BenchmarkId::new("ndarray", 4096), &(), |t, _| {
        t.iter(|| ndarray::linalg::general_mat_mul(1.0, black_box(&nx), black_box(&nw), 0.0, &mut ny))
    });
    // A hand loop that keeps an output row's 10 sums in registers and reads `x` once, packing
    // nothing (the same numbers: sums of multiples of 1/64, exact in f32).
    #[inline(never)]
    fn dense_hand(x: &[f32], w: &[[f32; 10]; 128], y: &mut [f32]) {
        for (yr, xr) in y.chunks_exact_mut(10).zip(x.chunks_exact(128)) {
            let mut acc = [0f32; 10];
            for (&xk, wk) in xr.iter().zip(w) {
                for (a, &v) in acc.iter_mut().zip(wk) {
                    *a += xk * v;
                }
            }
            yr.copy_from_slice(&acc);
        }
    }
    let hw: [[f32; 10]; 128] = core::array::from_fn(|k| core::array::from_fn(|j| w.as_slice()[k * 10 + j]));
    let mut hy = vec![0.0f32; 4096 * 10];
    dense_hand(&xs, &hw, &mut hy);
    x.matmul_into(&w, &mut TensorMut::from_shape(dims![batch, 10], &mut ys).unwrap());
    assert_eq!(ys, hy);
    g.bench_with_input(BenchmarkId::new("hand loop", 4096), &(), |t, _| {
        t.iter(|| dense_hand(black_box(&xs), black_box(&hw), &mut hy))
    });
    let src = ys.clone();
    g.bench_with_input(BenchmarkId::new("copy from slice", 4096), &(), |t, _| {
        t.iter(|| ys.copy_from_slice(black_box(&src)))
    });
    g.finish();
}

/// A few rows against a layer's weights, `[B, 64] · [64, 128]` f32 for B = 1, 2 and 4 bound at
/// run time (one sample, or a handful, through a layer), as a new tensor, against a hand loop
/// (row by row of the weights, into a new vector) and ndarray's `dot`.
fn few_rows(c: &mut Criterion) {
    struct Batch;
    let w = BoxedTensor::<f32, shape![64, 128]>::from_fn(|i| (i % 19) as f32 * 0.125 - 1.0);
    let nw = Array2::from_shape_vec((64, 128), w.as_slice().to_vec()).unwrap();
    for n in [1usize, 2, 4] {
        let mut g = c.benchmark_group(format!("few rows [B,64]·[64,128] B={n} f32"));
        let xs: Vec<f32> = (0..n * 64).map(|i| (i % 23) as f32 * 0.125 - 1.0).collect();
        bind!(let batch: Batch = black_box(n));
        let x = TensorRef::from_shape(dims![batch, 64], &xs).unwrap();
        g.bench_function("shapecast", |t| t.iter(|| black_box(black_box(&x).matmul(&w))));
        let hand = |xs: &[f32], w: &[f32]| {
            let mut y = vec![0f32; n * 128];
            for (yr, xr) in y.chunks_exact_mut(128).zip(xs.chunks_exact(64)) {
                for (&xk, wk) in xr.iter().zip(w.chunks_exact(128)) {
                    for (o, &v) in yr.iter_mut().zip(wk) {
                        *o += xk * v;
                    }
                }
            }
            y
        };
        assert_eq!(x.matmul(&w).as_slice(), hand(&xs, w.as_slice()));
        g.bench_function("hand loop", |t| t.iter(|| black_box(hand(black_box(&xs), w.as_slice()))));
        let nx = Array2::from_shape_vec((n, 64), xs.clone()).unwrap();
        g.bench_function("ndarray", |t| t.iter(|| black_box(black_box(&nx).dot(&nw))));
        g.finish();
    }
}

criterion_group! { name = small; config = config(); targets = small_products }
criterion_group! { name = large; config = config(); targets = square, batched, few_rows }
criterion_main!(small, large);
