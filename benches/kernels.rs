//! The kernels against a hand-written loop, ndarray, and `copy_from_slice` of the same output
//! bytes (the memory-bandwidth ceiling), each case measured side by side in one run.
//!
//! `cargo bench --bench kernels`, then `python3 benches/ratios.py` for the table of ratios.

use criterion::{Criterion, criterion_group, criterion_main};
use ndarray::{Array1, Array2, Array4, Axis};
use shapecast::prelude::*;
use std::hint::black_box;
use std::time::Duration;

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

/// Makes a result observable where it was built. Returning it from the routine instead would let
/// criterion pass it to `black_box` by value, a `memcpy` into a second slot: for the 512 B and
/// 1 KiB inline results here that copy reads lines just written by 16-byte stores and stalls on
/// store forwarding (about 20 ns, more than the kernel), a cost only the inline contenders pay.
#[inline(always)]
fn observe<T>(value: T) {
    black_box(&value);
}

fn values(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 97) as f32 * 0.25).collect()
}

/// `[8, 16] + [16]`, f32, inline tensors.
fn small_add(c: &mut Criterion) {
    let mut g = c.benchmark_group("small add [8,16]+[16]");
    let a = Tensor::<f32, shape![8, 16]>::from_slice(&values(128)).unwrap();
    let b = Tensor::<f32, shape![16]>::from_slice(&values(16)).unwrap();
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&a) + black_box(&b))));
    // The same through the fused expression kernel (what the eager operators would cost on it).
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe((black_box(&a).lazy() + black_box(&b)).eval()))
    });
    let (ha, hb): ([[f32; 16]; 8], [f32; 16]) =
        (core::array::from_fn(|i| core::array::from_fn(|j| (i * 16 + j) as f32)), [1.5; 16]);
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&ha), black_box(&hb));
            let mut out = [[0f32; 16]; 8];
            for (row_out, row_a) in out.iter_mut().zip(a) {
                for ((o, x), y) in row_out.iter_mut().zip(row_a).zip(b) {
                    *o = x + y;
                }
            }
            observe(out)
        })
    });
    let (na, nb) = (Array2::from_shape_vec((8, 16), values(128)).unwrap(), Array1::from_vec(values(16)));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&na) + black_box(&nb))));
    g.finish();

    // Each side as a function that is not inlined into the benchmark loop, the way a caller in
    // another crate or a cold path sees it.
    let mut g = c.benchmark_group("small add as a function [8,16]+[16]");
    g.bench_function("shapecast", |t| t.iter(|| observe(add_8x16(black_box(&a), black_box(&b)))));
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_add_8x16(black_box(&ha), black_box(&hb)))));
    g.bench_function("ndarray", |t| t.iter(|| observe(ndarray_add(black_box(&na), black_box(&nb)))));
    g.finish();

    // The same into an output that already exists: the kernel alone, without building a tensor.
    // Each side is a function, as above: inlined into the closure, behind `black_box`, the hand
    // loop cannot tell its output from its inputs and stays scalar (about 3.5×).
    let mut g = c.benchmark_group("small add into [8,16]+[16]");
    let mut out = Tensor::<f32, shape![8, 16]>::default();
    g.bench_function("shapecast", |t| {
        t.iter(|| add_into_8x16(black_box(&a), black_box(&b), black_box(&mut out)))
    });
    g.bench_function("shapecast fused", |t| {
        t.iter(|| fused_add_into_8x16(black_box(&a), black_box(&b), black_box(&mut out)))
    });
    let mut hout = [[0f32; 16]; 8];
    g.bench_function("hand loop", |t| {
        t.iter(|| hand_add_into_8x16(black_box(&ha), black_box(&hb), black_box(&mut hout)))
    });
    let mut nout = Array2::<f32>::zeros((8, 16));
    g.bench_function("ndarray", |t| {
        t.iter(|| ndarray_add_into(black_box(&na), black_box(&nb), black_box(&mut nout)))
    });
    g.finish();

    // In place, `a += &b`: the row stretched over the left side, which is also the output.
    let mut g = c.benchmark_group("small add in place [8,16]+=[16]");
    let mut acc = a;
    g.bench_function("shapecast", |t| t.iter(|| add_assign_8x16(black_box(&mut acc), black_box(&b))));
    let mut hacc = ha;
    g.bench_function("hand loop", |t| t.iter(|| hand_add_assign_8x16(black_box(&mut hacc), black_box(&hb))));
    let mut nacc = na.clone();
    g.bench_function("ndarray", |t| t.iter(|| ndarray_add_assign(black_box(&mut nacc), black_box(&nb))));
    g.finish();
}

#[inline(never)]
fn add_into_8x16(
    a: &Tensor<f32, shape![8, 16]>,
    b: &Tensor<f32, shape![16]>,
    out: &mut Tensor<f32, shape![8, 16]>,
) {
    a.zip_with_into(b, &mut out.view_mut(), |x, y| x + y);
}

#[inline(never)]
fn fused_add_into_8x16(
    a: &Tensor<f32, shape![8, 16]>,
    b: &Tensor<f32, shape![16]>,
    out: &mut Tensor<f32, shape![8, 16]>,
) {
    (a.lazy() + b).eval_into(out);
}

#[inline(never)]
fn add_assign_8x16(acc: &mut Tensor<f32, shape![8, 16]>, b: &Tensor<f32, shape![16]>) {
    *acc += b;
}

#[inline(never)]
fn ndarray_add_into(a: &Array2<f32>, b: &Array1<f32>, out: &mut Array2<f32>) {
    out.assign(a);
    *out += b;
}

#[inline(never)]
fn ndarray_add_assign(acc: &mut Array2<f32>, b: &Array1<f32>) {
    *acc += b;
}

#[inline(never)]
fn add_8x16(a: &Tensor<f32, shape![8, 16]>, b: &Tensor<f32, shape![16]>) -> Tensor<f32, shape![8, 16]> {
    a + b
}

#[inline(never)]
fn hand_add_8x16(a: &[[f32; 16]; 8], b: &[f32; 16]) -> [[f32; 16]; 8] {
    let mut out = [[0f32; 16]; 8];
    for (row_out, row_a) in out.iter_mut().zip(a) {
        for ((o, x), y) in row_out.iter_mut().zip(row_a).zip(b) {
            *o = x + y;
        }
    }
    out
}

/// The hand-written loops that write through a `&mut`: as functions, their arguments are known
/// not to overlap, and they vectorize.
#[inline(never)]
fn hand_add_into_8x16(a: &[[f32; 16]; 8], b: &[f32; 16], out: &mut [[f32; 16]; 8]) {
    for (row_out, row_a) in out.iter_mut().zip(a) {
        for ((o, x), y) in row_out.iter_mut().zip(row_a).zip(b) {
            *o = x + y;
        }
    }
}

#[inline(never)]
fn hand_add_assign_8x16(acc: &mut [[f32; 16]; 8], b: &[f32; 16]) {
    for row in acc.iter_mut() {
        for (o, y) in row.iter_mut().zip(b) {
            *o += y;
        }
    }
}

#[inline(never)]
fn ndarray_add(a: &Array2<f32>, b: &Array1<f32>) -> Array2<f32> {
    a + b
}

/// `[16, 1]` → `[16, 16]`, f32, inline tensors.
fn small_column(c: &mut Criterion) {
    let a = Tensor::<f32, shape![16, 1]>::from_slice(&values(16)).unwrap();
    let ha: [f32; 16] = core::array::from_fn(|i| i as f32);
    let hand = |a: &[f32; 16]| {
        let mut out = [[0f32; 16]; 16];
        for (row, &x) in out.iter_mut().zip(a) {
            row.fill(x);
        }
        out
    };
    let na = Array2::from_shape_vec((16, 1), values(16)).unwrap();
    let mut g = c.benchmark_group("small broadcast_to [16,1]->[16,16]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&a).broadcast_to::<shape![16, 16]>())));
    g.bench_function("hand loop", |t| t.iter(|| observe(hand(black_box(&ha)))));
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&na).broadcast((16, 16)).unwrap().to_owned()))
    });
    g.finish();

    // The same returned from the routine, so criterion copies each 1 KiB result into `black_box`
    // (see `observe`): kept to show what that copy costs.
    let mut g = c.benchmark_group("small broadcast_to returned by value [16,1]->[16,16]");
    g.bench_function("shapecast", |t| t.iter(|| black_box(&a).broadcast_to::<shape![16, 16]>()));
    g.bench_function("hand loop", |t| t.iter(|| hand(black_box(&ha))));
    g.bench_function("ndarray", |t| t.iter(|| black_box(&na).broadcast((16, 16)).unwrap().to_owned()));
    g.finish();

    // The same into an existing output: the kernel alone, without returning 1 KiB by value.
    let mut g = c.benchmark_group("small broadcast_to into [16,1]->[16,16]");
    let mut out = Tensor::<f32, shape![16, 16]>::default();
    g.bench_function("shapecast", |t| {
        t.iter(|| black_box(&a).broadcast_to_into(&mut black_box(&mut out).view_mut()))
    });
    let mut hout = [[0f32; 16]; 16];
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (row, &x) in black_box(&mut hout).iter_mut().zip(black_box(&ha)) {
                row.fill(x);
            }
        })
    });
    let mut nout = Array2::<f32>::zeros((16, 16));
    g.bench_function("ndarray", |t| {
        t.iter(|| black_box(&mut nout).assign(&black_box(&na).broadcast((16, 16)).unwrap()))
    });
    g.finish();
}

/// `[1024]` → `[4096, 1024]` (rows) and `[4096, 1]` → `[4096, 1024]` (columns), borrowed.
fn large_broadcast(c: &mut Criterion) {
    let n = 4096 * 1024;
    let reference = values(n);
    let mut out = vec![0f32; n];
    for (name, row) in [("rows [1024]->[4096,1024]", true), ("columns [4096,1]->[4096,1024]", false)] {
        let mut g = c.benchmark_group(format!("large broadcast {name}"));
        let src = values(if row { 1024 } else { 4096 });
        g.bench_function("copy_from_slice", |t| t.iter(|| out.copy_from_slice(black_box(&reference))));
        g.bench_function("shapecast", |t| {
            t.iter(|| {
                let mut dst = TensorMut::<f32, shape![4096, 1024]>::new(&mut out).unwrap();
                if row {
                    TensorRef::<f32, shape![1024]>::new(black_box(&src)).unwrap().broadcast_to_into(&mut dst);
                } else {
                    TensorRef::<f32, shape![4096, 1]>::new(black_box(&src))
                        .unwrap()
                        .broadcast_to_into(&mut dst);
                }
            })
        });
        g.bench_function("hand loop", |t| {
            t.iter(|| {
                let src = black_box(&src);
                for (i, chunk) in out.chunks_exact_mut(1024).enumerate() {
                    if row { chunk.copy_from_slice(src) } else { chunk.fill(src[i]) }
                }
            })
        });
        let mut nd_out = Array2::<f32>::zeros((4096, 1024));
        let nd_src = if row {
            Array2::from_shape_vec((1, 1024), src.clone()).unwrap()
        } else {
            Array2::from_shape_vec((4096, 1), src.clone()).unwrap()
        };
        g.bench_function("ndarray", |t| {
            t.iter(|| nd_out.assign(&black_box(&nd_src).broadcast((4096, 1024)).unwrap()))
        });
        g.finish();
    }
}

/// `[32, 630, 12, 32] + [32, 1, 1, 32]`, f32, into a borrowed output.
fn large_zip(c: &mut Criterion) {
    let mut g = c.benchmark_group("large add [32,630,12,32]+[32,1,1,32]");
    type A = shape![32, 630, 12, 32];
    type B = shape![32, 1, 1, 32];
    let (va, vb) = (values(A::LEN), values(B::LEN));
    let mut out = vec![0f32; A::LEN];
    g.bench_function("copy_from_slice", |t| t.iter(|| out.copy_from_slice(black_box(&va))));
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let a = TensorRef::<f32, A>::new(black_box(&va)).unwrap();
            let b = TensorRef::<f32, B>::new(black_box(&vb)).unwrap();
            a.zip_with_into(&b, &mut TensorMut::new(&mut out).unwrap(), |x, y| x + y);
        })
    });
    g.bench_function("hand loop", |t| t.iter(|| hand_add_large(black_box(&va), black_box(&vb), &mut out)));
    let na = Array4::from_shape_vec((32, 630, 12, 32), va.clone()).unwrap();
    let nb = Array4::from_shape_vec((32, 1, 1, 32), vb.clone()).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&na) + black_box(&nb))));
    g.finish();
}

/// The hand-written `[32, 630, 12, 32] + [32, 1, 1, 32]`, as a function: its slices are then
/// known not to overlap, and it vectorizes (written inline in the closure, it does not).
#[inline(never)]
fn hand_add_large(a: &[f32], b: &[f32], out: &mut [f32]) {
    const BLOCK: usize = 630 * 12 * 32;
    for ((block, a_block), b_row) in
        out.chunks_exact_mut(BLOCK).zip(a.chunks_exact(BLOCK)).zip(b.chunks_exact(32))
    {
        for (o, x) in block.chunks_exact_mut(32).zip(a_block.chunks_exact(32)) {
            for ((o, x), y) in o.iter_mut().zip(x).zip(b_row) {
                *o = x + y;
            }
        }
    }
}

/// The column sums of rows of `C` elements, as a person writes them: a row at a time, added
/// into `C` sums (inlined into each benchmark, as the other hand loops are).
#[inline(always)]
fn hand_column_sums<const C: usize>(data: &[f32]) -> [f32; C] {
    let mut acc = [0f32; C];
    for row in data.chunks_exact(C) {
        for (a, x) in acc.iter_mut().zip(row) {
            *a += x;
        }
    }
    acc
}

/// `sum_axes` over either axis of `[64, 64]`, `sum_to` `[4096, 1024]` → `[1024]`, and the rows
/// of `[4096, 1024]` summed; each eager and as an expression ("fused").
fn sums(c: &mut Criterion) {
    let mut g = c.benchmark_group("sum_axes axis 0 of [64,64]");
    let t64 = Tensor::<f32, shape![64, 64]>::from_slice(&values(64 * 64)).unwrap();
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&t64).sum_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&t64).lazy().sum_axes::<axes![0]>().eval()))
    });
    let h64 = values(64 * 64);
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_column_sums::<64>(black_box(&h64)))));
    let n64 = Array2::from_shape_vec((64, 64), values(64 * 64)).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&n64).sum_axis(Axis(0)))));
    g.finish();

    let mut g = c.benchmark_group("sum_axes axis 1 of [64,64]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&t64).sum_axes::<axes![1]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&t64).lazy().sum_axes::<axes![1]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut acc = [0f32; 64];
            for (a, row) in acc.iter_mut().zip(black_box(&h64).chunks_exact(64)) {
                *a = row.iter().sum();
            }
            observe(acc)
        })
    });
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&n64).sum_axis(Axis(1)))));
    g.finish();

    let mut g = c.benchmark_group("sum_to [4096,1024]->[1024]");
    let big = values(4096 * 1024);
    let mut acc = vec![0f32; 1024];
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let g = TensorRef::<f32, shape![4096, 1024]>::new(black_box(&big)).unwrap();
            g.sum_to_into(&mut TensorMut::<f32, shape![1024]>::new(&mut acc).unwrap());
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            acc.fill(0.0);
            for row in black_box(&big).chunks_exact(1024) {
                for (a, x) in acc.iter_mut().zip(row) {
                    *a += x;
                }
            }
        })
    });
    // The floor: a pass that only reads the 16 MiB, into 64 independent sums.
    g.bench_function("read-only pass", |t| {
        t.iter(|| {
            let mut lanes = [0f32; 64];
            for chunk in black_box(&big).chunks_exact(64) {
                lanes.iter_mut().zip(chunk).for_each(|(l, x)| *l += x);
            }
            observe(lanes)
        })
    });
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            let g = TensorRef::<f32, shape![4096, 1024]>::new(black_box(&big)).unwrap();
            g.lazy()
                .sum_to::<shape![1024]>()
                .eval_into(&mut TensorMut::<f32, shape![1024]>::new(&mut acc).unwrap());
        })
    });
    let nbig = Array2::from_shape_vec((4096, 1024), big.clone()).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| black_box(&nbig).sum_axis(Axis(0))));
    g.finish();

    // Narrow columns, a bias's gradient: the 32 column sums of [65536, 32] (8 MiB), the batch
    // bound at run time; eager, as an expression, and masked by `select` (a ReLU's gradient).
    struct Batch;
    const B: usize = 65536;
    let narrow = values(B * 32);
    bind!(let batch: Batch = black_box(B));
    let xn = TensorRef::from_shape(dims![batch, 32], &narrow).unwrap();
    let mut g = c.benchmark_group("sum_axes axis 0 of [65536,32]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&xn).sum_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&xn).lazy().sum_to::<shape![32]>().eval()))
    });
    g.bench_function("shapecast fused masked", |t| {
        t.iter(|| observe(black_box(&xn).lazy().gt(0.5).select(&xn, 0.0).sum_to::<shape![32]>().eval()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(hand_column_sums::<32>(black_box(&narrow)))));
    let nn = Array2::from_shape_vec((B, 32), narrow.clone()).unwrap();
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nn).sum_axis(Axis(0)))));
    g.finish();

    // Long rows, each summed into one output: a row at a time, in lanes along it.
    let mut g = c.benchmark_group("sum_axes axis 1 of [4096,1024]");
    let mut sums = vec![0f32; 4096];
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let g = TensorRef::<f32, shape![4096, 1024]>::new(black_box(&big)).unwrap();
            g.sum_axes_into::<axes![1]>(&mut TensorMut::new(&mut sums).unwrap());
        })
    });
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            let g = TensorRef::<f32, shape![4096, 1024]>::new(black_box(&big)).unwrap();
            g.lazy()
                .sum_axes::<axes![1]>()
                .eval_into(&mut TensorMut::<f32, shape![4096]>::new(&mut sums).unwrap());
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (s, row) in sums.iter_mut().zip(black_box(&big).chunks_exact(1024)) {
                let mut lanes = [0f32; 16];
                for chunk in row.chunks_exact(16) {
                    lanes.iter_mut().zip(chunk).for_each(|(l, x)| *l += x);
                }
                *s = lanes.iter().sum();
            }
        })
    });
    g.bench_function("ndarray", |t| t.iter(|| black_box(&nbig).sum_axis(Axis(1))));
    g.finish();

    // Channel sums of an image batch over its batch, rows and columns: the rows and columns,
    // neighbours that every operand steps over as one, fold as one axis of 1024.
    struct Images;
    const N: usize = 256;
    let images = values(N * 3 * 1024);
    bind!(let n: Images = black_box(N));
    let xi = TensorRef::from_shape(dims![n, 3, 32, 32], &images).unwrap();
    let mut g = c.benchmark_group("sum_axes axes (0,2,3) of [256,3,32,32]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&xi).sum_axes::<axes![0, 2, 3]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&xi).lazy().sum_axes::<axes![0, 2, 3]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut sums = [0f32; 3];
            for image in black_box(&images).chunks_exact(3 * 1024) {
                for (s, channel) in sums.iter_mut().zip(image.chunks_exact(1024)) {
                    let mut lanes = [0f32; 16];
                    for chunk in channel.chunks_exact(16) {
                        lanes.iter_mut().zip(chunk).for_each(|(l, x)| *l += x);
                    }
                    *s += lanes.iter().sum::<f32>();
                }
            }
            observe(sums)
        })
    });
    let ni = Array4::from_shape_vec((N, 3, 32, 32), images.clone()).unwrap();
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&ni).sum_axis(Axis(3)).sum_axis(Axis(2)).sum_axis(Axis(0))))
    });
    g.finish();
}

/// `max_axes` over axis 0 and axis 1 of `[64, 64]`: the hand loops and ndarray use `f32::max`,
/// which ignores NaN as `max_axes` does.
fn maxima(c: &mut Criterion) {
    let t64 = Tensor::<f32, shape![64, 64]>::from_slice(&values(64 * 64)).unwrap();
    let h64 = values(64 * 64);
    let n64 = Array2::from_shape_vec((64, 64), values(64 * 64)).unwrap();

    let mut g = c.benchmark_group("max_axes axis 0 of [64,64]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&t64).max_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&t64).lazy().max_axes::<axes![0]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut acc = [f32::NEG_INFINITY; 64];
            for row in black_box(&h64).chunks_exact(64) {
                for (a, &x) in acc.iter_mut().zip(row) {
                    *a = a.max(x);
                }
            }
            observe(acc)
        })
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&n64).fold_axis(Axis(0), f32::NEG_INFINITY, |&a, &x| a.max(x))))
    });
    g.finish();

    let mut g = c.benchmark_group("max_axes axis 1 of [64,64]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&t64).max_axes::<axes![1]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&t64).lazy().max_axes::<axes![1]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut acc = [0f32; 64];
            for (a, row) in acc.iter_mut().zip(black_box(&h64).chunks_exact(64)) {
                *a = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            }
            observe(acc)
        })
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&n64).fold_axis(Axis(1), f32::NEG_INFINITY, |&a, &x| a.max(x))))
    });
    g.finish();
}

/// The first maxima of `[200000, 10]` (softmax's predictions, the batch a run-time size) along
/// each row and down each column, and of `[4096, 1024]`'s columns: eager and as an expression,
/// both evaluated where the position rule sends them (the pass, in lanes; a narrow row of
/// columns by the kernels over slices), against hand loops that keep the first maximum with
/// `>` (the data has no NaN) and, for the rows, ndarray's `map_axis`. The values are scattered
/// (`(i · 7919) mod 1013`), as logits are: where they rise along each row (`values`), a loop
/// that branches on each compare is always right about the branch.
fn positions(c: &mut Criterion) {
    struct Rows;
    const N: usize = 200_000;
    let scattered = |n: usize| -> Vec<f32> { (0..n).map(|i| (i * 7919 % 1013) as f32 * 0.01).collect() };
    let data = scattered(N * 10);
    bind!(let rows: Rows = black_box(N));
    let x = TensorRef::from_shape(dims![rows, 10], &data).unwrap();
    let nx = Array2::from_shape_vec((N, 10), data.clone()).unwrap();

    let mut g = c.benchmark_group("argmax_axes axis 1 of [200000,10]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).argmax_axes::<axes![1]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&x).lazy().argmax_axes::<axes![1]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let best: Vec<usize> = black_box(&data)
                .chunks_exact(10)
                .map(|row| (1..10).fold(0, |b, j| if row[j] > row[b] { j } else { b }))
                .collect();
            observe(best)
        })
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| {
            let best = black_box(&nx)
                .map_axis(Axis(1), |row| (1..10).fold(0, |b, j| if row[j] > row[b] { j } else { b }));
            observe(best)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("argmax_axes axis 0 of [200000,10]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).argmax_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&x).lazy().try_argmax_axes::<axes![0]>().unwrap().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (mut best, mut at) = ([f32::NEG_INFINITY; 10], [0usize; 10]);
            for (i, row) in black_box(&data).chunks_exact(10).enumerate() {
                for j in 0..10 {
                    if row[j] > best[j] {
                        (best[j], at[j]) = (row[j], i);
                    }
                }
            }
            observe(at)
        })
    });
    g.finish();

    let wide = scattered(4096 * 1024);
    let w = TensorRef::<f32, shape![4096, 1024]>::new(&wide).unwrap();
    let mut g = c.benchmark_group("argmax_axes axis 0 of [4096,1024]");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&w).argmax_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&w).lazy().argmax_axes::<axes![0]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (mut best, mut at) = (vec![f32::NEG_INFINITY; 1024], vec![0usize; 1024]);
            for (i, row) in black_box(&wide).chunks_exact(1024).enumerate() {
                for ((b, a), &x) in best.iter_mut().zip(&mut at).zip(row) {
                    if x > *b {
                        (*b, *a) = (x, i);
                    }
                }
            }
            observe(at)
        })
    });
    g.finish();
}

/// Rows of 200,000 × 10 (softmax's logits, the batch a run-time size) summed and maximized each
/// into one value, by an expression into an existing buffer: the sum reads 16 rows as flat
/// blocks and folds each in order, the maximum folds one lane per row. Against hand loops,
/// ndarray, and a pass that only reads the 8 MB.
fn row_folds(c: &mut Criterion) {
    struct Rows;
    const N: usize = 200_000;
    let data = values(N * 10);
    bind!(let rows: Rows = black_box(N));
    let x = TensorRef::from_shape(dims![rows, 10], &data).unwrap();
    let nx = Array2::from_shape_vec((N, 10), data.clone()).unwrap();
    let mut out = vec![0f32; N];
    let read_only = |t: &mut criterion::Bencher| {
        t.iter(|| {
            let mut lanes = [0f32; 16];
            for chunk in black_box(&data).chunks_exact(16) {
                lanes.iter_mut().zip(chunk).for_each(|(l, x)| *l += x);
            }
            observe(lanes)
        })
    };

    let mut g = c.benchmark_group("row sums of [200000,10]");
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let mut o = TensorMut::from_shape(dims![rows], &mut out).unwrap();
            black_box(&x).lazy().sum_axes::<axes![1]>().eval_into(&mut o);
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (o, row) in out.iter_mut().zip(black_box(&data).chunks_exact(10)) {
                *o = row.iter().sum();
            }
        })
    });
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).sum_axis(Axis(1)))));
    g.bench_function("read-only pass", read_only);
    g.finish();

    let mut g = c.benchmark_group("row maxima of [200000,10]");
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let mut o = TensorMut::from_shape(dims![rows], &mut out).unwrap();
            black_box(&x).lazy().max_axes::<axes![1]>().eval_into(&mut o);
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (o, row) in out.iter_mut().zip(black_box(&data).chunks_exact(10)) {
                *o = row.iter().fold(f32::NEG_INFINITY, |a, &x| a.max(x));
            }
        })
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&nx).fold_axis(Axis(1), f32::NEG_INFINITY, |&a, &x| a.max(x))))
    });
    g.bench_function("read-only pass", read_only);
    g.finish();
}

/// Element-wise `max`, `min` and `clamp` (NumPy's `maximum`, `minimum`, `clip`: NaN if either
/// side is) over `[16384, 64]` with a run-time first size: a ReLU, a clamp by numbers, and the
/// maximum with a row `[64]`. The hand loops keep the same NaN rule.
fn element_math(c: &mut Criterion) {
    struct Rows;
    const N: usize = 16384;
    let data: Vec<f32> = values(N * 64).iter().map(|v| v - 0.5).collect();
    let row: Vec<f32> = values(64).iter().map(|v| v - 0.5).collect();
    bind!(let rows: Rows = black_box(N));
    let x = TensorRef::from_shape(dims![rows, 64], &data).unwrap();
    let r = TensorRef::<f32, shape![64]>::new(&row).unwrap();
    let nx = Array2::from_shape_vec((N, 64), data.clone()).unwrap();
    let mut out = vec![0f32; N * 64];
    let maximum = |x: f32, y: f32| if y.is_nan() || y > x { y } else { x };
    let minimum = |x: f32, y: f32| if y.is_nan() || y < x { y } else { x };

    let mut g = c.benchmark_group("relu max(x, 0) [16384,64]");
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            black_box(&x)
                .lazy()
                .max(0.0)
                .eval_into(&mut TensorMut::from_shape(dims![rows, 64], &mut out).unwrap())
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| out.iter_mut().zip(black_box(&data)).for_each(|(o, &v)| *o = maximum(v, 0.0)))
    });
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&nx).mapv(|v| maximum(v, 0.0)))));
    g.bench_function("copy from slice", |t| t.iter(|| out.copy_from_slice(black_box(&data))));
    g.finish();

    let mut g = c.benchmark_group("clamp(x, -0.25, 0.25) [16384,64]");
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            let o = &mut TensorMut::from_shape(dims![rows, 64], &mut out).unwrap();
            black_box(&x).lazy().clamp(-0.25, 0.25).eval_into(o)
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            out.iter_mut().zip(black_box(&data)).for_each(|(o, &v)| *o = minimum(maximum(v, -0.25), 0.25))
        })
    });
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&nx).mapv(|v| minimum(maximum(v, -0.25), 0.25))))
    });
    g.bench_function("copy from slice", |t| t.iter(|| out.copy_from_slice(black_box(&data))));
    g.finish();

    let mut g = c.benchmark_group("max(x, row) [16384,64]");
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            black_box(&x)
                .lazy()
                .max(&r)
                .eval_into(&mut TensorMut::from_shape(dims![rows, 64], &mut out).unwrap())
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            for (o, xs) in out.chunks_exact_mut(64).zip(black_box(&data).chunks_exact(64)) {
                o.iter_mut().zip(xs).zip(&row).for_each(|((o, &v), &y)| *o = maximum(v, y));
            }
        })
    });
    g.bench_function("copy from slice", |t| t.iter(|| out.copy_from_slice(black_box(&data))));
    g.finish();
}

criterion_group! { name = benches; config = config(); targets = small_add, small_column, large_broadcast, large_zip, sums, maxima, positions, row_folds, element_math, small_reductions, small_tensors, middle_axis }
criterion_main!(benches);

/// Small fixed tensors outside the pass's usual runs, each beside a hand loop over arrays:
/// elements read one by one with `get`, a concatenation, a transposed view added to a tensor
/// and copied, a layer norm's row of 256 written by one expression, and a `[64, 64]` sum
/// returned by value.
fn small_tensors(c: &mut Criterion) {
    let h: [f32; 256] = core::array::from_fn(|i| ((i * 37) % 101) as f32 * 0.5);
    let x = Tensor::<f32, shape![16, 16]>::from_slice(&h).unwrap();

    let mut g = c.benchmark_group("small tensor get [16,16] f32");
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let x = black_box(&x);
            let mut s = 0.0;
            for i in 0..16 {
                for j in 0..16 {
                    s += x.get(&[i, j]).copied().unwrap_or(0.0);
                }
            }
            observe(s)
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let h = black_box(&h);
            let mut s = 0.0;
            for i in 0..16 {
                for j in 0..16 {
                    s += h[i * 16 + j];
                }
            }
            observe(s)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("small tensor concat [16,16]+[16,16] f32");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).concat::<0>(black_box(&x)))));
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&h), black_box(&h));
            let mut o = [0f32; 512];
            o[..256].copy_from_slice(a);
            o[256..].copy_from_slice(b);
            observe(o)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("small tensor transposed view + y [16,16] f32");
    g.bench_function("shapecast", |t| {
        t.iter(|| observe((black_box(&x).swap_axes::<0, 1>().lazy() + black_box(&x)).eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&h), black_box(&h));
            let mut o = [0f32; 256];
            for i in 0..16 {
                for j in 0..16 {
                    o[i * 16 + j] = a[j * 16 + i] + b[i * 16 + j];
                }
            }
            observe(o)
        })
    });
    g.finish();

    let mut g = c.benchmark_group("small tensor transpose copied [16,16] f32");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x).mt().to_tensor())));
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let a = black_box(&h);
            let mut o = [0f32; 256];
            for i in 0..16 {
                for j in 0..16 {
                    o[j * 16 + i] = a[i * 16 + j];
                }
            }
            observe(o)
        })
    });
    g.finish();

    let row = Tensor::<f32, shape![256]>::from_slice(&h).unwrap();
    let mut out = Tensor::<f32, shape![256]>::splat(0.0);
    let mut g = c.benchmark_group("small tensor layer norm row [256] f32");
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let (x, m, s) = (black_box(&row), black_box(1.5f32), black_box(0.5f32));
            ((x.lazy() - m) * s * x + x).eval_into(&mut out);
            observe(&out);
        })
    });
    let mut o = [0f32; 256];
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (x, m, s) = (black_box(&h), black_box(1.5f32), black_box(0.5f32));
            for (o, &v) in o.iter_mut().zip(x) {
                *o = (v - m) * s * v + v;
            }
            observe(&o);
        })
    });
    g.finish();

    let h64: [f32; 4096] = core::array::from_fn(|i| ((i * 37) % 101) as f32 * 0.5);
    let x64 = Tensor::<f32, shape![64, 64]>::from_slice(&h64).unwrap();
    let mut g = c.benchmark_group("small tensor add returned by value [64,64] f32");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x64) + black_box(&x64))));
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&h64), black_box(&h64));
            let mut o = [0f32; 4096];
            for i in 0..4096 {
                o[i] = a[i] + b[i];
            }
            observe(o)
        })
    });
    g.finish();
}

/// Small reductions over fixed shapes, where every loop bound is a constant: as an expression,
/// as an eager call, as a hand loop over arrays, and with ndarray.
fn small_reductions(c: &mut Criterion) {
    let h4: [[f64; 4]; 4] = core::array::from_fn(|i| core::array::from_fn(|j| (i * 4 + j) as f64 * 0.5));
    let x4 = Tensor::<f64, shape![4, 4]>::from(h4);
    let n4 = Array2::from_shape_fn((4, 4), |(i, j)| h4[i][j]);

    let mut g = c.benchmark_group("small sum_axes axis 1 of [4,4] f64");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x4).sum_axes::<axes![1]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&x4).lazy().sum_axes::<axes![1]>().eval()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(black_box(&h4).map(|row| row.iter().sum::<f64>()))));
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&n4).sum_axis(Axis(1)))));
    g.finish();

    // A 4x4 product as NumPy broadcasting spells it: a[:, :, None] * b, summed over axis 1.
    let mut g = c.benchmark_group("small product [4,4]x[4,4] f64");
    g.bench_function("shapecast", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&x4), black_box(&x4));
            observe((a.insert_axis::<2>() * b).sum_axes::<axes![1]>())
        })
    });
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&x4), black_box(&x4));
            observe((a.lazy().insert_axis::<2>() * b).sum_axes::<axes![1]>().eval())
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, b) = (black_box(&h4), black_box(&h4));
            let mut o = [[0.0; 4]; 4];
            for i in 0..4 {
                for k in 0..4 {
                    for j in 0..4 {
                        o[i][j] += a[i][k] * b[k][j];
                    }
                }
            }
            observe(o)
        })
    });
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&n4).dot(black_box(&n4)))));
    g.finish();

    let h16: [[i32; 3]; 16] = core::array::from_fn(|i| core::array::from_fn(|j| (i * 3 + j) as i32 - 20));
    let x16 = Tensor::<i32, shape![16, 3]>::from(h16);
    let n16 = Array2::from_shape_fn((16, 3), |(i, j)| h16[i][j]);
    let mut g = c.benchmark_group("small sum_axes axis 0 of [16,3] i32");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x16).sum_axes::<axes![0]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&x16).lazy().sum_axes::<axes![0]>().eval()))
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let mut o = [0i32; 3];
            for row in black_box(&h16) {
                for (o, x) in o.iter_mut().zip(row) {
                    *o += x;
                }
            }
            observe(o)
        })
    });
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&n16).sum_axis(Axis(0)))));
    g.finish();

    let mut g = c.benchmark_group("small max_axes axis 1 of [16,3] i32");
    g.bench_function("shapecast", |t| t.iter(|| observe(black_box(&x16).max_axes::<axes![1]>())));
    g.bench_function("shapecast fused", |t| {
        t.iter(|| observe(black_box(&x16).lazy().max_axes::<axes![1]>().eval()))
    });
    g.bench_function("hand loop", |t| t.iter(|| observe(black_box(&h16).map(|r| r[0].max(r[1]).max(r[2])))));
    g.bench_function("ndarray", |t| {
        t.iter(|| observe(black_box(&n16).map_axis(Axis(1), |r| r.iter().copied().max().unwrap_or(0))))
    });
    g.finish();
}

/// A middle axis reduced into short rows: `[4096, 128, 1] * [128, 10]` summed over axis 1 (a
/// dense layer's product as broadcasting spells it), f32.
fn middle_axis(c: &mut Criterion) {
    let (av, wv) = (values(4096 * 128), values(128 * 10));
    let a = TensorRef::<f32, shape![4096, 128]>::new(&av).unwrap();
    let w = Tensor::<f32, shape![128, 10]>::from_slice(&wv).unwrap();
    let mut out = vec![0f32; 4096 * 10];
    let mut g = c.benchmark_group("middle axis [4096,128,1]*[128,10] summed over axis 1");
    g.bench_function("shapecast fused", |t| {
        t.iter(|| {
            (black_box(a).lazy().insert_axis::<2>() * black_box(&w))
                .sum_axes::<axes![1]>()
                .eval_into(&mut TensorMut::<f32, shape![4096, 10]>::new(&mut out).unwrap())
        })
    });
    struct Rows;
    bind!(let rows: Rows = black_box(4096));
    let ar = TensorRef::from_shape(dims![rows, 128], &av).unwrap();
    let mut out_r = vec![0f32; 4096 * 10];
    g.bench_function("shapecast fused, batch at run time", |t| {
        t.iter(|| {
            (black_box(ar).lazy().insert_axis::<2>() * black_box(&w))
                .sum_axes::<axes![1]>()
                .eval_into(&mut TensorMut::from_shape(dims![rows, 10], &mut out_r).unwrap())
        })
    });
    g.bench_function("hand loop", |t| {
        t.iter(|| {
            let (a, w) = (black_box(&av), black_box(&wv));
            for (o, row) in out.chunks_exact_mut(10).zip(a.chunks_exact(128)) {
                let mut acc = [0f32; 10];
                for (&x, wr) in row.iter().zip(w.chunks_exact(10)) {
                    for (s, &y) in acc.iter_mut().zip(wr) {
                        *s += x * y;
                    }
                }
                o.copy_from_slice(&acc);
            }
        })
    });
    let (na, nw) = (
        Array2::from_shape_vec((4096, 128), av.clone()).unwrap(),
        Array2::from_shape_vec((128, 10), wv.clone()).unwrap(),
    );
    g.bench_function("ndarray", |t| t.iter(|| observe(black_box(&na).dot(black_box(&nw)))));
    g.finish();
}
