//! Shapes with a run-time size against the same shapes all fixed, a hand-written loop, ndarray,
//! and (for copies) `copy_from_slice` of the same output bytes, each case side by side in one run.
//!
//! `cargo bench --bench runtime`, then `python3 benches/ratios.py` for the table of ratios.
//! (`-- "rows \[B"` for the rows shorter than a block with a statistic of each row.)

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array1, Array2, ArrayView2, ArrayViewMut2, Axis, Zip};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

fn values(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 97) as f32 * 0.25).collect()
}

/// The batch, bound at run time (its value comes from `black_box`, as if read from data).
struct Batch;
const B: usize = 65536;
type Fixed16 = shape![65536, 16];

/// `[Batch, 16] + [16]` into a borrowed output, `Batch` bound at run time.
#[inline(never)]
fn add_runtime<'id>(
    a: &TensorRef<f32, shape![Batch<'id>, 16]>,
    b: &Tensor<f32, shape![16]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 16]>,
) {
    a.zip_with_into(b, out, |x, y| x + y);
}

/// The same with the batch fixed at compile time.
#[inline(never)]
fn add_fixed(a: &TensorRef<f32, Fixed16>, b: &Tensor<f32, shape![16]>, out: &mut TensorMut<f32, Fixed16>) {
    a.zip_with_into(b, out, |x, y| x + y);
}

/// The same by hand.
#[inline(never)]
fn add_hand(a: &[f32], b: &[f32; 16], out: &mut [f32]) {
    for (o, x) in out.chunks_exact_mut(16).zip(a.chunks_exact(16)) {
        for ((o, x), y) in o.iter_mut().zip(x).zip(b) {
            *o = x + y;
        }
    }
}

/// The same with ndarray, into an existing array.
#[inline(never)]
fn add_ndarray(a: &ArrayView2<f32>, b: &Array1<f32>, out: &mut ArrayViewMut2<f32>) {
    Zip::from(out).and(a).and_broadcast(b).for_each(|o, &x, &y| *o = x + y);
}

fn runtime_add(c: &mut Criterion) {
    let mut g = c.benchmark_group("run-time add [B,16]+[16] B=65536");
    bind!(let batch: Batch = black_box(B));
    let (va, vb) = (values(B * 16), values(16));
    let mut out = vec![0f32; B * 16];
    let b = Tensor::<f32, shape![16]>::from_slice(&vb).unwrap();
    g.bench_function("shapecast", |t| {
        let a = TensorRef::from_shape(dims![batch, 16], &va).unwrap();
        let mut o = TensorMut::from_shape(dims![batch, 16], &mut out).unwrap();
        t.iter(|| add_runtime(black_box(&a), black_box(&b), &mut o))
    });
    g.bench_function("shapecast fixed", |t| {
        let a = TensorRef::<f32, Fixed16>::new(&va).unwrap();
        let mut o = TensorMut::<f32, Fixed16>::new(&mut out).unwrap();
        t.iter(|| add_fixed(black_box(&a), black_box(&b), &mut o))
    });
    let hb: [f32; 16] = vb.clone().try_into().unwrap();
    g.bench_function("hand loop", |t| t.iter(|| add_hand(black_box(&va), black_box(&hb), &mut out)));
    let nb = Array1::from(vb.clone());
    g.bench_function("ndarray", |t| {
        let a = ArrayView2::from_shape((B, 16), &va).unwrap();
        let mut o = ArrayViewMut2::from_shape((B, 16), &mut out).unwrap();
        t.iter(|| add_ndarray(black_box(&a), black_box(&nb), &mut o))
    });
    g.finish();
}

fn runtime_columns(c: &mut Criterion) {
    const ROWS: usize = 4096;
    let mut g = c.benchmark_group("run-time broadcast_to [B,1]->[B,1024] B=4096");
    bind!(let batch: Batch = black_box(ROWS));
    let src = values(ROWS);
    let reference = values(ROWS * 1024);
    let mut out = vec![0f32; ROWS * 1024];
    g.bench_function("copy_from_slice", |t| t.iter(|| out.copy_from_slice(black_box(&reference))));
    g.bench_function("shapecast", |t| {
        let column = TensorRef::from_shape(dims![batch, 1], &src).unwrap();
        let mut o = TensorMut::from_shape(dims![batch, 1024], &mut out).unwrap();
        t.iter(|| black_box(&column).broadcast_to_into(&mut o))
    });
    g.bench_function("shapecast fixed", |t| {
        let column = TensorRef::<f32, shape![4096, 1]>::new(&src).unwrap();
        let mut o = TensorMut::<f32, shape![4096, 1024]>::new(&mut out).unwrap();
        t.iter(|| black_box(&column).broadcast_to_into(&mut o))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (chunk, &x) in out.chunks_exact_mut(1024).zip(black_box(&src)) {
                chunk.fill(x);
            }
        })
    });
    let nd_src = Array2::from_shape_vec((ROWS, 1), src.clone()).unwrap();
    let mut nd_out = Array2::<f32>::zeros((ROWS, 1024));
    g.bench_function("ndarray", |t| {
        t.iter(|| nd_out.assign(&black_box(&nd_src).broadcast((ROWS, 1024)).unwrap()))
    });
    g.finish();
}

fn runtime_sum(c: &mut Criterion) {
    let mut g = c.benchmark_group("run-time sum_axes axis 0 of [B,64] B=65536");
    bind!(let batch: Batch = black_box(B));
    let data = values(B * 64);
    g.bench_function("shapecast", |t| {
        let x = TensorRef::from_shape(dims![batch, 64], &data).unwrap();
        t.iter(|| black_box(black_box(&x).sum_axes::<axes![0]>()))
    });
    g.bench_function("shapecast fixed", |t| {
        let x = TensorRef::<f32, shape![65536, 64]>::new(&data).unwrap();
        t.iter(|| black_box(black_box(&x).sum_axes::<axes![0]>()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut acc = [0f32; 64];
            for row in black_box(&data).chunks_exact(64) {
                for (a, x) in acc.iter_mut().zip(row) {
                    *a += x;
                }
            }
            black_box(acc)
        })
    });
    let nd = ArrayView2::from_shape((B, 64), &data).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| black_box(black_box(&nd).sum_axis(Axis(0)))));
    g.finish();
}

/// A run-time size of 64: what a call costs beyond its few elements (the plan made from the
/// shape at each call), an add into a buffer and a new tensor of an operator.
fn runtime_small(c: &mut Criterion) {
    const N: usize = 64;
    bind!(let batch: Batch = black_box(N));
    let (a, b) = (values(N), values(N));
    let mut out = vec![0f32; N];
    let mut g = c.benchmark_group("run-time add [B]+[B] B=64 into a buffer");
    g.bench_function("shapecast", |t| {
        let (x, y) = (
            TensorRef::from_shape(dims![batch], &a).unwrap(),
            TensorRef::from_shape(dims![batch], &b).unwrap(),
        );
        let mut o = TensorMut::from_shape(dims![batch], &mut out).unwrap();
        t.iter(|| (black_box(&x).lazy() + black_box(&y)).eval_into(black_box(&mut o)))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for ((o, x), y) in black_box(&mut out).iter_mut().zip(black_box(&a)).zip(black_box(&b)) {
                *o = x + y;
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group("run-time add [B]+1 B=64 as a new tensor");
    g.bench_function("shapecast", |t| {
        let x = TensorRef::from_shape(dims![batch], &a).unwrap();
        t.iter(|| black_box(black_box(&x) + 1.0))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| black_box(black_box(&a).iter().map(|x| x + 1.0).collect::<Vec<f32>>()))
    });
    g.finish();
}

/// Rows scaled to unit length, `[B, 3]` (a batch of 3-vectors), `B` bound at run time.
#[inline(never)]
fn unit_rows<'id>(
    v: &TensorRef<f32, shape![Batch<'id>, 3]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 3]>,
) {
    (v.lazy() / v.lazy().powi(2).sum_keepdims::<axes![1]>().sqrt()).eval_into(out);
}

/// Rows standardized, `[B, 10]`: each row less its mean, over its standard deviation.
#[inline(never)]
fn standard_rows<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 10]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 10]>,
) {
    let centred = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
    (centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1e-5).sqrt()).eval_into(out);
}

/// A softmax over rows of 10.
#[inline(never)]
fn softmax_rows<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 10]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 10]>,
) {
    let e = (x.lazy() - x.lazy().max_keepdims::<axes![1]>()).exp();
    (e / e.sum_keepdims::<axes![1]>()).eval_into(out);
}

/// The three row by row, each row a fixed `[3]` or `[10]` tensor whose statistics are scalars.
#[inline(never)]
fn unit_rows_one_by_one<'id>(
    v: &TensorRef<f32, shape![Batch<'id>, 3]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 3]>,
) {
    for (x, mut y) in v.rows().zip(out.rows_mut()) {
        let norm = x.lazy().powi(2).sum_all().sqrt();
        (x.lazy() / norm).eval_into(&mut y);
    }
}

#[inline(never)]
fn standard_rows_one_by_one<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 10]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 10]>,
) {
    for (x, mut y) in x.rows().zip(out.rows_mut()) {
        let mean = x.lazy().mean_all();
        let std = ((x.lazy() - mean).powi(2).mean_all() + 1e-5).sqrt();
        ((x.lazy() - mean) / std).eval_into(&mut y);
    }
}

#[inline(never)]
fn softmax_rows_one_by_one<'id>(
    x: &TensorRef<f32, shape![Batch<'id>, 10]>,
    out: &mut TensorMut<f32, shape![Batch<'id>, 10]>,
) {
    for (x, mut y) in x.rows().zip(out.rows_mut()) {
        let max = x.lazy().max_all().unwrap_or(0.0);
        let e = (x.lazy() - max).exp();
        let sum = e.sum_all();
        (e / sum).eval_into(&mut y);
    }
}

/// The three by hand, row by row.
#[inline(never)]
fn unit_rows_hand(x: &[f32], out: &mut [f32]) {
    for (r, o) in x.chunks_exact(3).zip(out.chunks_exact_mut(3)) {
        let norm = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).sqrt();
        o.iter_mut().zip(r).for_each(|(o, x)| *o = x / norm);
    }
}

#[inline(never)]
fn standard_rows_hand(x: &[f32], out: &mut [f32]) {
    for (r, o) in x.chunks_exact(10).zip(out.chunks_exact_mut(10)) {
        let mean = r.iter().sum::<f32>() / 10.0;
        let var = r.iter().map(|x| (x - mean) * (x - mean)).sum::<f32>() / 10.0;
        let std = (var + 1e-5).sqrt();
        o.iter_mut().zip(r).for_each(|(o, x)| *o = (x - mean) / std);
    }
}

#[inline(never)]
fn softmax_rows_hand(x: &[f32], out: &mut [f32]) {
    for (r, o) in x.chunks_exact(10).zip(out.chunks_exact_mut(10)) {
        let max = r.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0;
        o.iter_mut().zip(r).for_each(|(o, x)| {
            *o = (x - max).exp();
            sum += *o;
        });
        o.iter_mut().for_each(|o| *o /= sum);
    }
}

/// The three as an ndarray user writes them, into an existing array.
#[inline(never)]
fn short_rows_ndarray(which: usize, x: &ArrayView2<f32>, out: &mut ArrayViewMut2<f32>) {
    match which {
        0 => {
            let norm = x.mapv(|x| x * x).sum_axis(Axis(1)).mapv(f32::sqrt).insert_axis(Axis(1));
            Zip::from(out).and(x).and_broadcast(&norm).for_each(|o, &x, &n| *o = x / n);
        }
        1 => {
            let mean = x.mean_axis(Axis(1)).unwrap().insert_axis(Axis(1));
            let centred = x - &mean;
            let std = centred.mapv(|c| c * c).mean_axis(Axis(1)).unwrap().mapv(|v| (v + 1e-5).sqrt());
            Zip::from(out)
                .and(&centred)
                .and_broadcast(&std.insert_axis(Axis(1)))
                .for_each(|o, &c, &s| *o = c / s);
        }
        _ => {
            let max = x.fold_axis(Axis(1), f32::NEG_INFINITY, |&m, &x| m.max(x)).insert_axis(Axis(1));
            let e = (x - &max).mapv(f32::exp);
            let sum = e.sum_axis(Axis(1)).insert_axis(Axis(1));
            Zip::from(out).and(&e).and_broadcast(&sum).for_each(|o, &e, &s| *o = e / s);
        }
    }
}

/// Rows shorter than a block with a statistic of each row: a batch of 3-vectors scaled to unit
/// length, rows of 10 standardized, a softmax over rows of 10; a few rows and many.
fn runtime_short_rows(c: &mut Criterion) {
    for rows in [4, 4096] {
        bind!(let batch: Batch = black_box(rows));
        let data = values(rows * 10);
        let mut out = vec![0f32; rows * 10];
        for (which, name) in
            [(0, "unit rows [B,3]"), (1, "standardized rows [B,10]"), (2, "softmax rows [B,10]")]
        {
            let n = if which == 0 { 3 } else { 10 };
            let (x, o) = (&data[..rows * n], &mut out[..rows * n]);
            let mut g = c.benchmark_group(format!("run-time {name} B={rows}"));
            g.bench_function("shapecast fused", |t| match which {
                0 => {
                    let x = TensorRef::from_shape(dims![batch, 3], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 3], o).unwrap();
                    t.iter(|| unit_rows(black_box(&x), &mut o))
                }
                1 => {
                    let x = TensorRef::from_shape(dims![batch, 10], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 10], o).unwrap();
                    t.iter(|| standard_rows(black_box(&x), &mut o))
                }
                _ => {
                    let x = TensorRef::from_shape(dims![batch, 10], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 10], o).unwrap();
                    t.iter(|| softmax_rows(black_box(&x), &mut o))
                }
            });
            g.bench_function("shapecast rows", |t| match which {
                0 => {
                    let x = TensorRef::from_shape(dims![batch, 3], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 3], o).unwrap();
                    t.iter(|| unit_rows_one_by_one(black_box(&x), &mut o))
                }
                1 => {
                    let x = TensorRef::from_shape(dims![batch, 10], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 10], o).unwrap();
                    t.iter(|| standard_rows_one_by_one(black_box(&x), &mut o))
                }
                _ => {
                    let x = TensorRef::from_shape(dims![batch, 10], x).unwrap();
                    let mut o = TensorMut::from_shape(dims![batch, 10], o).unwrap();
                    t.iter(|| softmax_rows_one_by_one(black_box(&x), &mut o))
                }
            });
            let hand = [unit_rows_hand, standard_rows_hand, softmax_rows_hand][which];
            g.bench_function("hand loop", |t| t.iter(|| hand(black_box(x), o)));
            g.bench_function("ndarray", |t| {
                let xa = ArrayView2::from_shape((rows, n), x).unwrap();
                let mut oa = ArrayViewMut2::from_shape((rows, n), &mut *o).unwrap();
                t.iter(|| short_rows_ndarray(which, black_box(&xa), &mut oa))
            });
            g.finish();
        }
    }
}

criterion_group! { name = benches; config = config(); targets = runtime_add, runtime_columns, runtime_sum, runtime_small, runtime_short_rows }
criterion_main!(benches);
