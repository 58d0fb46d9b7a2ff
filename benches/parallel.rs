//! Feature `rayon`: batch norm forward `(x − μ)·inv_std·γ + β` (5 operands, `[B, 1024]` f32, B
//! bound at run time) evaluated into an existing buffer (`eval_into`) and into a new tensor
//! (`eval`), both split from 32 MiB of output, at 1, 4, 16, 64 and 256 MiB of output; and the
//! column means of such a `[B, 1024]` (its output 4 KiB, split from 32 MiB of rows) at 16, 64
//! and 256 MiB of rows. Each on a one-thread pool (which always stays on one thread) against a
//! two-thread pool, side by side. Below the threshold both run the same one-thread pass, so
//! their ratio shows what the threshold's check costs. Each case runs entirely inside its pool
//! (`install` around criterion's loop), so no hand-off between threads is timed.
//!
//! `cargo bench -p shapecast --features rayon --bench parallel`, then
//! `python3 benches/parallel_ratios.py` for the table of speedups.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

/// The batch, bound at run time.
struct Batch;

const FEATURES: usize = 1024;

fn values(n: usize, scale: f32) -> Vec<f32> {
    (0..n).map(|i| (i % 97) as f32 * scale).collect()
}

fn pools() -> [(&'static str, rayon::ThreadPool); 2] {
    let pool = |n| rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("a thread pool");
    [("1 thread", pool(1)), ("2 threads", pool(2))]
}

fn batch_norm(c: &mut Criterion) {
    let mean = Tensor::<f32, shape![1024]>::from_fn(|i| i as f32 * 0.01);
    let inv_std = Tensor::<f32, shape![1024]>::from_fn(|i| 1.0 + i as f32 * 0.001);
    let gamma = Tensor::<f32, shape![1024]>::from_fn(|i| 0.5 + i as f32 * 0.002);
    let beta = Tensor::<f32, shape![1024]>::from_fn(|i| i as f32 * 0.003);
    let pools = pools();
    for mib in [1usize, 4, 16, 64, 256] {
        let rows = mib * (1 << 20) / (4 * FEATURES);
        let data = values(rows * FEATURES, 0.25);
        let mut out = vec![0.0f32; rows * FEATURES];
        bind!(let batch: Batch = black_box(rows));
        let x = TensorRef::from_shape(dims![batch, 1024], &data).unwrap();
        let mut group = c.benchmark_group(format!("parallel/eval_into/{mib}MiB"));
        for (name, pool) in &pools {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                pool.install(|| {
                    b.iter(|| {
                        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
                        ((x.lazy() - &mean) * &inv_std * &gamma + &beta).eval_into(&mut o);
                    })
                })
            });
        }
        group.finish();
        let mut group = c.benchmark_group(format!("parallel/eval/{mib}MiB"));
        for (name, pool) in &pools {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                pool.install(|| b.iter(|| black_box(((x.lazy() - &mean) * &inv_std * &gamma + &beta).eval())))
            });
        }
        group.finish();
    }
}

/// Column means of `[B, 1024]` f32 (a reduction whose output, 4 KiB, is small and whose reads
/// are the whole operand), into an existing `[1024]` and into a new one.
fn column_means(c: &mut Criterion) {
    let pools = pools();
    for mib in [16usize, 64, 256] {
        let rows = mib * (1 << 20) / (4 * FEATURES);
        let data = values(rows * FEATURES, 0.25);
        let mut out = Tensor::<f32, shape![1024]>::from_fn(|_| 0.0);
        bind!(let batch: Batch = black_box(rows));
        let x = TensorRef::from_shape(dims![batch, 1024], &data).unwrap();
        let mut group = c.benchmark_group(format!("parallel/column means eval_into/{mib}MiB"));
        for (name, pool) in &pools {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                pool.install(|| b.iter(|| x.lazy().mean_axes::<axes![0]>().eval_into(&mut out)))
            });
        }
        group.finish();
        let mut group = c.benchmark_group(format!("parallel/column means eval/{mib}MiB"));
        for (name, pool) in &pools {
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                pool.install(|| b.iter(|| black_box(x.lazy().mean_axes::<axes![0]>().eval())))
            });
        }
        group.finish();
    }
}

criterion_group! { name = benches; config = config(); targets = batch_norm, column_means }
criterion_main!(benches);
