//! Shape algebra that moves data: a transpose materialized (`mt().to_tensor()`,
//! `permute::<perm![…]>().to_tensor()`), `concat`, `stack`, `split_at` copied out, and an
//! expression over a sliced, transposed or reversed (`flip`) view (alone, or beside a
//! contiguous operand), each against a hand-written loop, ndarray where it has the operation, and `copy_from_slice` of the same output bytes into an existing buffer
//! (the memory-bandwidth ceiling). Every shapecast call here makes a new tensor on the heap, so
//! each case also times "copy to new vec": the same bytes copied into a fresh allocation
//! (`to_vec`), the ceiling for a result that pays its own allocation and first-touch page
//! faults. The hand loops allocate their output as well.
//!
//! `cargo bench --bench algebra`, then `python3 benches/algebra_ratios.py` for the table
//! (`python3 benches/algebra_numpy.py --json FILE` for NumPy's times, `--numpy FILE` to add them).

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use ndarray::{Array2, Array3, ArrayView2, Axis, s};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

/// Makes a result observable where it was built (see `benches/kernels.rs`).
#[inline(always)]
fn observe<T>(value: T) {
    black_box(&value);
}

fn values(n: usize, seed: usize) -> Vec<f32> {
    (0..n).map(|i| ((i + seed) % 97) as f32 * 0.25).collect()
}

/// The transpose of a row-major `rows × cols` matrix into a new one, as a person writes it
/// first: one output row at a time, reading down a column of the input.
#[inline(never)]
fn hand_transpose(x: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0f32; rows * cols];
    for (j, out_row) in out.chunks_exact_mut(rows).enumerate() {
        for (i, o) in out_row.iter_mut().enumerate() {
            *o = x[i * cols + j];
        }
    }
    out
}

/// The same in square tiles of `B`, so that the lines of a tile's columns stay in cache.
#[inline(never)]
fn hand_transpose_blocked(x: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    const B: usize = 32;
    let mut out = vec![0f32; rows * cols];
    for i0 in (0..rows).step_by(B) {
        let i1 = (i0 + B).min(rows);
        for j0 in (0..cols).step_by(B) {
            for j in j0..(j0 + B).min(cols) {
                for (i, o) in out[j * rows + i0..j * rows + i1].iter_mut().enumerate() {
                    *o = x[(i0 + i) * cols + j];
                }
            }
        }
    }
    out
}

/// The reference columns of every group: the output's bytes copied into an existing buffer,
/// and into a new allocation.
fn copies(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, n: usize) {
    let src = values(n, 3);
    let mut dst = vec![0f32; n];
    g.bench_function("copy from slice", |t| t.iter(|| dst.copy_from_slice(black_box(&src))));
    g.bench_function("copy to new vec", |t| t.iter(|| observe(black_box(&src).to_vec())));
}

/// A 2-D transpose materialized, `[N, N]` f32.
macro_rules! transpose_2d {
    ($c:expr, $n:literal) => {{
        let mut g = $c.benchmark_group(concat!("algebra transpose [", $n, ",", $n, "] f32"));
        g.sampling_mode(SamplingMode::Flat);
        let xs = values($n * $n, 0);
        let x = BoxedTensor::<f32, shape![$n, $n]>::from_slice(&xs).unwrap();
        let want = hand_transpose(&xs, $n, $n);
        assert_eq!(x.mt().to_tensor().as_slice(), &want[..]);
        assert_eq!(x.permute::<perm![1, 0]>().to_tensor().as_slice(), &want[..]);
        assert_eq!(hand_transpose_blocked(&xs, $n, $n), want);
        g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).mt().to_tensor())));
        let mut out = BoxedTensor::<f32, shape![$n, $n]>::splat(0.0);
        out.assign(&x.permute::<perm![1, 0]>());
        assert_eq!(out.as_slice(), &want[..]);
        g.bench_function("shapecast into", |t| {
            t.iter(|| out.assign(&black_box(&x).permute::<perm![1, 0]>()))
        });
        g.bench_function("hand loop", |t| t.iter(|| observe(hand_transpose(black_box(&xs), $n, $n))));
        g.bench_function("hand loop blocked", |t| {
            t.iter(|| observe(hand_transpose_blocked(black_box(&xs), $n, $n)))
        });
        let nx = Array2::from_shape_vec(($n, $n), xs.clone()).unwrap();
        let nd = nx.t().as_standard_layout().into_owned();
        assert_eq!(nd.as_slice().unwrap(), &want[..]);
        // `to_owned` keeps the view's layout: a column-major copy, the input's bytes in order.
        g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).t().to_owned())));
        g.bench_function("ndarray standard layout", |t| {
            t.iter(|| observe(black_box(&nx).t().as_standard_layout().into_owned()))
        });
        copies(&mut g, $n * $n);
        g.finish();
    }};
}

fn transposes(c: &mut Criterion) {
    transpose_2d!(c, 4096);
    transpose_2d!(c, 1024);

    // `[64, 256, 256]` → `perm![2, 0, 1]`: out[k][a][b] = x[a][b][k].
    let mut g = c.benchmark_group("algebra permute [64,256,256] to [2,0,1] f32");
    g.sampling_mode(SamplingMode::Flat);
    const N: usize = 64 * 256 * 256;
    let xs = values(N, 0);
    let x = BoxedTensor::<f32, shape![64, 256, 256]>::from_slice(&xs).unwrap();
    #[inline(never)]
    fn hand(x: &[f32]) -> Vec<f32> {
        let mut out = vec![0f32; N];
        for (k, plane) in out.chunks_exact_mut(64 * 256).enumerate() {
            for (a, row) in plane.chunks_exact_mut(256).enumerate() {
                for (b, o) in row.iter_mut().enumerate() {
                    *o = x[(a * 256 + b) * 256 + k];
                }
            }
        }
        out
    }
    /// Each `[256, 256]` plane `a` transposed in tiles of 32 into its place in the output.
    #[inline(never)]
    fn hand_blocked(x: &[f32]) -> Vec<f32> {
        const B: usize = 32;
        let mut out = vec![0f32; N];
        for a in 0..64 {
            let plane = &x[a * 256 * 256..][..256 * 256];
            for b0 in (0..256).step_by(B) {
                for k0 in (0..256).step_by(B) {
                    for k in k0..k0 + B {
                        let row = &mut out[(k * 64 + a) * 256 + b0..][..B];
                        for (b, o) in row.iter_mut().enumerate() {
                            *o = plane[(b0 + b) * 256 + k];
                        }
                    }
                }
            }
        }
        out
    }
    let want = hand(&xs);
    assert_eq!(x.permute::<perm![2, 0, 1]>().to_tensor().as_slice(), &want[..]);
    assert_eq!(hand_blocked(&xs), want);
    g.bench_function("shapecast", |t| {
        t.iter(|| observe(black_box(&x).permute::<perm![2, 0, 1]>().to_tensor()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand(black_box(&xs)))));
    g.bench_function("hand loop blocked", |t| t.iter(|| observe(hand_blocked(black_box(&xs)))));
    let nx = Array3::from_shape_vec((64, 256, 256), xs.clone()).unwrap();
    assert_eq!(nx.view().permuted_axes([2, 0, 1]).as_standard_layout().as_slice().unwrap(), &want[..]);
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&nx).view().permuted_axes([2, 0, 1]).to_owned()))
    });
    g.bench_function("ndarray standard layout", |t| {
        t.iter(|| observe(black_box(&nx).view().permuted_axes([2, 0, 1]).as_standard_layout().into_owned()))
    });
    copies(&mut g, N);
    g.finish();

    // The first axis bound at run time: `[Rows, 4096]` → `[4096, Rows]`, `Rows = 4096`.
    let mut g = c.benchmark_group("algebra transpose [R,4096] R=4096 run-time f32");
    g.sampling_mode(SamplingMode::Flat);
    struct Rows;
    let xs = values(4096 * 4096, 0);
    bind!(let rows: Rows = 4096);
    let x = TensorRef::from_shape(dims![rows, 4096], &xs).unwrap();
    let want = hand_transpose(&xs, 4096, 4096);
    assert_eq!(x.mt().to_tensor().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).mt().to_tensor())));
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_transpose(black_box(&xs), rows.get(), 4096))));
    g.bench_function("hand loop blocked", |t| {
        t.iter(|| observe(hand_transpose_blocked(black_box(&xs), rows.get(), 4096)))
    });
    let nx = Array2::from_shape_vec((4096, 4096), xs.clone()).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).t().to_owned())));
    g.bench_function("ndarray standard layout", |t| {
        t.iter(|| observe(black_box(&nx).t().as_standard_layout().into_owned()))
    });
    copies(&mut g, 4096 * 4096);
    g.finish();
}

/// The rows of `parts` interleaved, `blocks[p]` elements of part `p` per output row: concat
/// along the last axis as a person writes it (a row of each part in turn, `extend_from_slice`).
#[inline(never)]
fn hand_join(parts: &[&[f32]], blocks: &[usize]) -> Vec<f32> {
    let total = parts.iter().map(|p| p.len()).sum();
    let mut out = Vec::with_capacity(total);
    let rows = parts[0].len() / blocks[0];
    for r in 0..rows {
        for (p, &b) in parts.iter().zip(blocks) {
            out.extend_from_slice(&p[r * b..][..b]);
        }
    }
    out
}

fn joins(c: &mut Criterion) {
    let (xa, xb) = (values(2048 * 1024, 0), values(2048 * 1024, 1));
    let a = BoxedTensor::<f32, shape![2048, 1024]>::from_slice(&xa).unwrap();
    let b = BoxedTensor::<f32, shape![2048, 1024]>::from_slice(&xb).unwrap();
    let (na, nb) = (
        Array2::from_shape_vec((2048, 1024), xa.clone()).unwrap(),
        Array2::from_shape_vec((2048, 1024), xb.clone()).unwrap(),
    );

    // Along axis 0: the two operands' bytes one after the other.
    let mut g = c.benchmark_group("algebra concat axis 0 [2048,1024]+[2048,1024] f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand0(a: &[f32], b: &[f32]) -> Vec<f32> {
        let mut out = Vec::with_capacity(a.len() + b.len());
        out.extend_from_slice(a);
        out.extend_from_slice(b);
        out
    }
    let want = hand0(&xa, &xb);
    assert_eq!(a.concat::<0>(&b).as_slice(), &want[..]);
    let mut out = vec![0f32; want.len()];
    a.concat_into::<0>(&b, &mut TensorMut::new(&mut out).unwrap());
    assert_eq!(out, want);
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&a).concat::<0>(black_box(&b)))));
    g.bench_function("shapecast into", |t| {
        t.iter(|| black_box(&a).concat_into::<0>(black_box(&b), &mut TensorMut::new(&mut out).unwrap()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand0(black_box(&xa), black_box(&xb)))));
    g.bench_function("ndarray", |t| {
        t.iter(|| {
            observe(ndarray::concatenate(Axis(0), &[black_box(&na).view(), black_box(&nb).view()]).unwrap())
        })
    });
    copies(&mut g, want.len());
    g.finish();

    // Along axis 1: a row of `a`, then a row of `b`, 2048 times.
    let mut g = c.benchmark_group("algebra concat axis 1 [2048,1024]+[2048,1024] f32");
    g.sampling_mode(SamplingMode::Flat);
    let want = hand_join(&[&xa, &xb], &[1024, 1024]);
    assert_eq!(a.concat::<1>(&b).as_slice(), &want[..]);
    a.concat_into::<1>(&b, &mut TensorMut::new(&mut out).unwrap());
    assert_eq!(out, want);
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&a).concat::<1>(black_box(&b)))));
    g.bench_function("shapecast into", |t| {
        t.iter(|| black_box(&a).concat_into::<1>(black_box(&b), &mut TensorMut::new(&mut out).unwrap()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| observe(hand_join(&[black_box(&xa), black_box(&xb)], &[1024, 1024])))
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| {
            observe(ndarray::concatenate(Axis(1), &[black_box(&na).view(), black_box(&nb).view()]).unwrap())
        })
    });
    copies(&mut g, want.len());
    g.finish();

    // `stack::<0>` of 4 `[1024, 1024]`: the four operands' bytes one after the other.
    let mut g = c.benchmark_group("algebra stack axis 0 4x[1024,1024] f32");
    g.sampling_mode(SamplingMode::Flat);
    let xs: [Vec<f32>; 4] = core::array::from_fn(|k| values(1024 * 1024, k));
    type Part = BoxedTensor<f32, shape![1024, 1024]>;
    let ts: [Part; 4] = core::array::from_fn(|k| Part::from_slice(&xs[k]).unwrap());
    let refs = [&ts[0], &ts[1], &ts[2], &ts[3]];
    #[inline(never)]
    fn hand_stack(parts: [&[f32]; 4]) -> Vec<f32> {
        let mut out = Vec::with_capacity(4 * parts[0].len());
        for p in parts {
            out.extend_from_slice(p);
        }
        out
    }
    let want = hand_stack([&xs[0], &xs[1], &xs[2], &xs[3]]);
    assert_eq!(refs.stack::<0>().as_slice(), &want[..]);
    refs.stack_into::<0>(&mut TensorMut::new(&mut out).unwrap());
    assert_eq!(out, want);
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&refs).stack::<0>())));
    g.bench_function("shapecast into", |t| {
        t.iter(|| black_box(&refs).stack_into::<0>(&mut TensorMut::new(&mut out).unwrap()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| observe(hand_stack(black_box([&xs[0], &xs[1], &xs[2], &xs[3]]))))
    });
    let nds: Vec<Array2<f32>> =
        xs.iter().map(|x| Array2::from_shape_vec((1024, 1024), x.clone()).unwrap()).collect();
    let views: Vec<ArrayView2<f32>> = nds.iter().map(|a| a.view()).collect();
    g.bench_function("ndarray", |t| t.iter(|| observe(ndarray::stack(Axis(0), black_box(&views)).unwrap())));
    copies(&mut g, want.len());
    g.finish();

    // `split_at::<0, 2048>()` of `[4096, 1024]`, both parts copied into new tensors.
    let mut g = c.benchmark_group("algebra split_at axis 0 [4096,1024] at 2048, both copied f32");
    g.sampling_mode(SamplingMode::Flat);
    let xs = values(4096 * 1024, 0);
    let x = BoxedTensor::<f32, shape![4096, 1024]>::from_slice(&xs).unwrap();
    let (top, rest) = x.split_at::<0, 2048>();
    assert_eq!((top.to_boxed().as_slice(), rest.to_boxed().as_slice()), xs.split_at(2048 * 1024));
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let (top, rest) = black_box(&x).split_at::<0, 2048>();
            observe((top.to_boxed(), rest.to_boxed()))
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (top, rest) = black_box(&xs).split_at(2048 * 1024);
            observe((top.to_vec(), rest.to_vec()))
        })
    });
    let nx = Array2::from_shape_vec((4096, 1024), xs.clone()).unwrap();
    g.bench_function("ndarray", |t| {
        t.iter(|| {
            let (top, rest) = black_box(&nx).view().split_at(Axis(0), 2048);
            observe((top.to_owned(), rest.to_owned()))
        })
    });
    copies(&mut g, xs.len());
    g.finish();
}

/// `(v.lazy() * 2.0 + 1.0).eval()` over `[4096, 4096]` contiguous, its first 2048 columns, its
/// transpose, and the array read backwards along each axis (`flip::<0>()`, `flip::<1>()`).
fn expressions(c: &mut Criterion) {
    const N: usize = 4096;
    let xs = values(N * N, 0);
    let x = BoxedTensor::<f32, shape![4096, 4096]>::from_slice(&xs).unwrap();
    let nx = Array2::from_shape_vec((N, N), xs.clone()).unwrap();
    let f = |v: f32| v * 2.0 + 1.0;

    let mut g = c.benchmark_group("algebra expression x*2+1 [4096,4096] contiguous f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand_all(x: &[f32]) -> Vec<f32> {
        x.iter().map(|&v| v * 2.0 + 1.0).collect()
    }
    let want = hand_all(&xs);
    assert_eq!((x.lazy() * 2.0 + 1.0).eval().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| t.iter(|| observe((black_box(&x).lazy() * 2.0 + 1.0).eval())));
    // Into an existing tensor: the pass alone, no page of a new allocation to fault in.
    let mut into = BoxedTensor::<f32, shape![4096, 4096]>::splat(0.0);
    g.bench_function("shapecast into", |t| {
        t.iter(|| (black_box(&x).lazy() * 2.0 + 1.0).eval_into(&mut into))
    });
    // The same through a strided view of the data as it lies, as a flipped view is read.
    g.bench_function("shapecast into as a view", |t| {
        t.iter(|| (black_box(&x).permute::<perm![0, 1]>().lazy() * 2.0 + 1.0).eval_into(&mut into))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_all(black_box(&xs)))));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).mapv(f))));
    copies(&mut g, N * N);
    g.finish();

    let mut g = c.benchmark_group("algebra expression x*2+1 [4096,4096] slice 1 0..2048 f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand_half(x: &[f32]) -> Vec<f32> {
        let mut out = Vec::with_capacity(x.len() / 2);
        for row in x.chunks_exact(4096) {
            out.extend(row[..2048].iter().map(|&v| v * 2.0 + 1.0));
        }
        out
    }
    let want = hand_half(&xs);
    assert_eq!((x.slice::<1, 0, 2048>().lazy() * 2.0 + 1.0).eval().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| {
        t.iter(|| observe((black_box(&x).slice::<1, 0, 2048>().lazy() * 2.0 + 1.0).eval()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_half(black_box(&xs)))));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).slice(s![.., 0..2048]).mapv(f))));
    copies(&mut g, N * N / 2);
    g.finish();

    let mut g = c.benchmark_group("algebra expression x*2+1 [4096,4096] transposed f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand_t(x: &[f32]) -> Vec<f32> {
        let mut out = vec![0f32; N * N];
        for (j, out_row) in out.chunks_exact_mut(N).enumerate() {
            for (i, o) in out_row.iter_mut().enumerate() {
                *o = x[i * N + j] * 2.0 + 1.0;
            }
        }
        out
    }
    let want = hand_t(&xs);
    assert_eq!((x.mt().strided().lazy() * 2.0 + 1.0).eval().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| {
        t.iter(|| observe((black_box(&x).mt().strided().lazy() * 2.0 + 1.0).eval()))
    });
    // The tiled transpose alone, then the expression over the contiguous result.
    g.bench_function("shapecast to_tensor", |t| t.iter(|| observe(black_box(&x).mt().to_tensor())));
    g.bench_function("shapecast to_tensor then expression", |t| {
        t.iter(|| observe((black_box(&x).mt().to_tensor().lazy() * 2.0 + 1.0).eval()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_t(black_box(&xs)))));
    // `mapv` over the transposed view maps the data in memory order and keeps the view's
    // strides: a column-major result.
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).t().mapv(f))));
    g.bench_function("ndarray standard layout", |t| {
        t.iter(|| observe(black_box(&nx).t().as_standard_layout().mapv(f)))
    });
    copies(&mut g, N * N);
    g.finish();

    // Read backwards: the rows in reverse order (each row forwards), then each row reversed.
    let mut g = c.benchmark_group("algebra expression x*2+1 [4096,4096] flipped 0 f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand_rows_back(x: &[f32]) -> Vec<f32> {
        let mut out = Vec::with_capacity(x.len());
        for row in x.chunks_exact(N).rev() {
            out.extend(row.iter().map(|&v| v * 2.0 + 1.0));
        }
        out
    }
    let want = hand_rows_back(&xs);
    assert_eq!((x.flip::<0>().lazy() * 2.0 + 1.0).eval().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| {
        t.iter(|| observe((black_box(&x).flip::<0>().lazy() * 2.0 + 1.0).eval()))
    });
    g.bench_function("shapecast into", |t| {
        t.iter(|| (black_box(&x).flip::<0>().lazy() * 2.0 + 1.0).eval_into(&mut into))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_rows_back(black_box(&xs)))));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).slice(s![..;-1, ..]).mapv(f))));
    copies(&mut g, N * N);
    g.finish();

    let mut g = c.benchmark_group("algebra expression x*2+1 [4096,4096] flipped 1 f32");
    g.sampling_mode(SamplingMode::Flat);
    #[inline(never)]
    fn hand_each_row_back(x: &[f32]) -> Vec<f32> {
        let mut out = Vec::with_capacity(x.len());
        for row in x.chunks_exact(N) {
            out.extend(row.iter().rev().map(|&v| v * 2.0 + 1.0));
        }
        out
    }
    let want = hand_each_row_back(&xs);
    assert_eq!((x.flip::<1>().lazy() * 2.0 + 1.0).eval().as_slice(), &want[..]);
    g.bench_function("shapecast", |t| {
        t.iter(|| observe((black_box(&x).flip::<1>().lazy() * 2.0 + 1.0).eval()))
    });
    g.bench_function("shapecast into", |t| {
        t.iter(|| (black_box(&x).flip::<1>().lazy() * 2.0 + 1.0).eval_into(&mut into))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_each_row_back(black_box(&xs)))));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).slice(s![.., ..;-1]).mapv(f))));
    copies(&mut g, N * N);
    g.finish();
}

/// A transposed view beside a contiguous operand, `x.mt() + y` over `[N, N]` f32: the pass reads
/// it in tiles run by run, the transposed leaf one element a line (see `kernel::fused::tiles`).
macro_rules! transposed_plus {
    ($c:expr, $n:literal) => {{
        let mut g = $c.benchmark_group(concat!("algebra expression x.mt()+y [", $n, ",", $n, "] f32"));
        g.sampling_mode(SamplingMode::Flat);
        const N: usize = $n;
        let (xs, ys) = (values(N * N, 0), values(N * N, 5));
        let x = BoxedTensor::<f32, shape![$n, $n]>::from_slice(&xs).unwrap();
        let y = BoxedTensor::<f32, shape![$n, $n]>::from_slice(&ys).unwrap();
        #[inline(never)]
        fn hand(x: &[f32], y: &[f32]) -> Vec<f32> {
            let mut out = y.to_vec();
            for (i, row) in out.chunks_exact_mut(N).enumerate() {
                for (j, o) in row.iter_mut().enumerate() {
                    *o += x[j * N + i];
                }
            }
            out
        }
        /// The same in square tiles of 32, so that the lines of a tile's columns stay in cache.
        #[inline(never)]
        fn hand_blocked(x: &[f32], y: &[f32]) -> Vec<f32> {
            const B: usize = 32;
            let mut out = y.to_vec();
            for i0 in (0..N).step_by(B) {
                for j0 in (0..N).step_by(B) {
                    for i in i0..(i0 + B).min(N) {
                        for (j, o) in out[i * N + j0..][..B.min(N - j0)].iter_mut().enumerate() {
                            *o += x[(j0 + j) * N + i];
                        }
                    }
                }
            }
            out
        }
        let want = hand(&xs, &ys);
        assert_eq!(hand_blocked(&xs, &ys), want);
        assert_eq!((x.permute::<perm![1, 0]>().lazy() + &y).eval().as_slice(), &want[..]);
        g.bench_function("shapecast", |t| {
            t.iter(|| observe((black_box(&x).permute::<perm![1, 0]>().lazy() + black_box(&y)).eval()))
        });
        let mut out = BoxedTensor::<f32, shape![$n, $n]>::splat(0.0);
        (x.permute::<perm![1, 0]>().lazy() + &y).eval_into(&mut out);
        assert_eq!(out.as_slice(), &want[..]);
        g.bench_function("shapecast into", |t| {
            t.iter(|| (black_box(&x).permute::<perm![1, 0]>().lazy() + black_box(&y)).eval_into(&mut out))
        });
        // The tiled transpose alone: the speed the access pattern allows.
        g.bench_function("shapecast to_tensor", |t| t.iter(|| observe(black_box(&x).mt().to_tensor())));
        g.bench_function("hand loop", |t| t.iter(|| observe(hand(black_box(&xs), black_box(&ys)))));
        g.bench_function("hand loop blocked", |t| {
            t.iter(|| observe(hand_blocked(black_box(&xs), black_box(&ys))))
        });
        let (nx, ny) = (
            Array2::from_shape_vec((N, N), xs.clone()).unwrap(),
            Array2::from_shape_vec((N, N), ys.clone()).unwrap(),
        );
        assert_eq!((&nx.t() + &ny).as_standard_layout().as_slice().unwrap(), &want[..]);
        g.bench_function("ndarray", |t| t.iter(|| observe(&black_box(&nx).t() + black_box(&ny))));
        copies(&mut g, N * N);
        g.finish();
    }};
}

fn transposed_sums(c: &mut Criterion) {
    transposed_plus!(c, 4096);
    transposed_plus!(c, 1024);
    transposed_plus!(c, 1000);
}

criterion_group! { name = transpose; config = config(); targets = transposes }
criterion_group! { name = join; config = config(); targets = joins }
criterion_group! { name = expression; config = config(); targets = expressions, transposed_sums }
criterion_main!(transpose, join, expression);
