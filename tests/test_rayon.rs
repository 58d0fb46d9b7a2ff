//! Feature `rayon`: a large evaluation split across threads gives the same bits as one thread,
//! just below and just above the size from which it is split (32 MiB of output, or of a
//! reduction's rows), for run-time and fixed shapes, runs whose length is not a multiple of the
//! block (16), pieces that start and end inside a run, reductions (over a run-time axis) that
//! are operands, and a tensor's column reductions.
#![cfg(feature = "rayon")]

use shapecast::prelude::*;

/// Bytes of output (or of a reduction's rows) from which an evaluation is split (the crate's
/// threshold).
const THRESHOLD: usize = 32 << 20;

/// Rows of `cols` f64 elements just below (`false`) or just above (`true`) the threshold.
fn rows(cols: usize, above: bool) -> usize {
    let at = THRESHOLD / (8 * cols);
    if above { at + 3 } else { at - 1 }
}

fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 20_000) as f64 / 97.0 - 100.0
        })
        .collect()
}

/// `f` on a one-thread pool (always one pass) and on a two-thread pool.
fn both<R: Send>(f: impl Fn() -> R + Sync) -> (R, R) {
    let pool = |n| rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("a thread pool");
    (pool(1).install(&f), pool(2).install(&f))
}

fn assert_bits(one: &[f64], two: &[f64]) {
    assert_eq!(one.len(), two.len());
    let first = one.iter().zip(two).position(|(a, b)| a.to_bits() != b.to_bits());
    assert_eq!(first, None, "the first element that differs between one thread and two");
}

struct Batch;

/// `[B, 1001]` with B bound at run time: runs of 1001 (62 blocks and 9), pieces of 1 MiB that
/// start and end inside runs.
#[test]
fn elementwise_runtime_shape_matches_one_thread() {
    for above in [false, true] {
        let b = rows(1001, above);
        let data = values(b * 1001, 1);
        let row: Vec<f64> = values(1001, 2);
        bind!(let batch: Batch = b);
        let x = TensorRef::from_shape(dims![batch, 1001], &data).unwrap();
        let mean = TensorRef::from_shape(dims![1001], &row).unwrap();
        let expr = || (x.lazy() - &mean) * 0.5 + x.lazy().abs().sqrt() - 3.0;

        let (one, two) = both(|| expr().eval());
        assert_bits(one.as_slice(), two.as_slice());
        assert_bits(one.as_slice(), eager(&data, &row).as_slice());

        let (one, two) = both(|| {
            let mut out = vec![0.0; b * 1001];
            expr().eval_into(&mut TensorMut::from_shape(dims![batch, 1001], &mut out).unwrap());
            out
        });
        assert_bits(&one, &two);
        assert_bits(&one, eager(&data, &row).as_slice());

        let (one, two) = both(|| {
            let mut out = data.clone();
            let mut y = TensorMut::from_shape(dims![batch, 1001], &mut out).unwrap();
            y += expr();
            y.assign(x.lazy() * 0.25 + &mean);
            out
        });
        assert_bits(&one, &two);
    }
}

/// The reference for `elementwise_runtime_shape_matches_one_thread`, by plain loops.
fn eager(data: &[f64], row: &[f64]) -> Vec<f64> {
    data.chunks(row.len())
        .flat_map(|r| r.iter().zip(row).map(|(&x, &m)| (x - m) * 0.5 + x.abs().sqrt() - 3.0))
        .collect()
}

/// Fixed shapes on the heap, `[R, C] · [R, 1] + [C]` (C not a multiple of 16), one on each
/// side of the threshold.
#[test]
fn elementwise_fixed_shape_matches_one_thread() {
    macro_rules! check {
        ($r:literal, $c:literal, $above:expr) => {{
            assert_eq!($r * $c * 8 >= THRESHOLD, $above);
            let x = BoxedTensor::<f64, shape![$r, $c]>::from_fn(|i| (i % 1013) as f64 * 0.37 - 50.0);
            let column = BoxedTensor::<f64, shape![$r, 1]>::from_fn(|i| i as f64 * 0.01 + 1.0);
            let row = Tensor::<f64, shape![$c]>::from_fn(|i| i as f64 * 0.5);
            let (one, two) = both(|| {
                let mut y = BoxedTensor::<f64, shape![$r, $c]>::splat(0.0);
                (x.lazy() * &column + &row).eval_into(&mut y);
                y
            });
            assert_bits(one.as_slice(), two.as_slice());
            assert_bits(one.as_slice(), (x.lazy() * &column + &row).eval().as_slice());
            let (one, two) = both(|| {
                let mut y = x.clone();
                y -= x.lazy() / &column;
                y
            });
            assert_bits(one.as_slice(), two.as_slice());
        }};
    }
    check!(4098, 1023, false);
    check!(4099, 1025, true);
}

struct Features;

/// Reductions over a run-time axis as operands, every size bound at run time. On `[F, 65]`,
/// `x − mean over the 65 (kept)`: a run of 65 outputs is 4 blocks and 1, and that last output
/// folds its 65 elements in lanes, in another order than the blocks do, so a piece must compute
/// each output in the block the whole pass computes it in. On `[5, N]`, `x · sum over the 5
/// (kept)`: one long run per row, pieces starting and ending inside it.
#[test]
fn reductions_over_a_runtime_axis_match_one_thread() {
    for above in [false, true] {
        let (f, b) = (rows(65, above), 65);
        let data = values(f * b, 4);
        bind!(let features: Features = f);
        bind!(let batch: Batch = b);
        let x = TensorRef::from_shape(dims![features, batch], &data).unwrap();
        let (one, two) = both(|| {
            let mut out = vec![0.0; f * b];
            let mut y = TensorMut::from_shape(dims![features, batch], &mut out).unwrap();
            (x.lazy() - x.lazy().mean_keepdims::<axes![1]>()).eval_into(&mut y);
            out
        });
        assert_bits(&one, &two);

        let n = if above { THRESHOLD / 40 + 7 } else { THRESHOLD / 40 - 7 };
        let data = values(5 * n, 5);
        bind!(let features: Features = 5);
        bind!(let batch: Batch = n);
        let x = TensorRef::from_shape(dims![features, batch], &data).unwrap();
        let (one, two) = both(|| {
            let mut out = data.clone();
            let mut y = TensorMut::from_shape(dims![features, batch], &mut out).unwrap();
            y *= x.lazy().sum_keepdims::<axes![0]>();
            out
        });
        assert_bits(&one, &two);
        let (one, two) = both(|| {
            let mut out = vec![0.0; 5 * n];
            let mut y = TensorMut::from_shape(dims![features, batch], &mut out).unwrap();
            (x.lazy() - x.lazy().abs().sum_keepdims::<axes![0]>()).eval_into(&mut y);
            out
        });
        assert_bits(&one, &two);
    }
}

/// A statistic of the whole operand, kept as `[1, 1]` (the same for every element), under
/// `x - mean`: read once before the pass is split, then by every piece. Into a new tensor and
/// into an existing one.
#[test]
fn whole_statistics_match_one_thread() {
    for above in [false, true] {
        let (f, b) = (rows(64, above), 64);
        let data = values(f * b, 6);
        bind!(let features: Features = f);
        bind!(let batch: Batch = b);
        let x = TensorRef::from_shape(dims![features, batch], &data).unwrap();
        let all = x.lazy().mean_keepdims::<axes![0, 1]>();
        let (one, two) = both(|| (x.lazy() - all).eval().as_slice().to_vec());
        assert_bits(&one, &two);
        let (one, two) = both(|| {
            let mut out = vec![0.0; f * b];
            let mut y = TensorMut::from_shape(dims![features, batch], &mut out).unwrap();
            (x.lazy() - all).eval_into(&mut y);
            out
        });
        assert_bits(&one, &two);
        let mean = data.iter().sum::<f64>() / data.len() as f64;
        assert!((one[7] - (data[7] - mean)).abs() < 1e-6, "{} against {}", one[7], data[7] - mean);
    }
}

/// Column sums, means, maxima and their positions of a tensor, `[R, C]` reduced over its rows (C = 100, not a
/// multiple of 16): from 32 MiB of rows they are folded in halves, on two threads where there
/// are two, the same bits on one. Eager and as an expression, into a new tensor and into an
/// existing one; near the plain loops' sums; a NaN in one column, and in another a NaN as the
/// first row of the second half and of a quarter, larger elements after it (a maximum that
/// starts from a NaN keeps it, and must be folded again, not dropped when the halves meet).
#[test]
fn column_reductions_match_one_thread() {
    for above in [false, true] {
        let (r, c) = (rows(100, above), 100);
        let mut data = values(r * c, 8);
        data[(r - 2) * c + 7] = f64::NAN;
        for first in [r / 2, r / 4, 3 * r / 4] {
            data[first * c + 63] = f64::NAN;
            data[(first + 1) * c + 63] = 1e6 + first as f64;
        }
        bind!(let samples: Samples = r);
        let x = TensorRef::from_shape(dims![samples, 100], &data).unwrap();
        let (one, two) = both(|| x.sum_axes::<axes![0]>());
        assert_bits(one.as_slice(), two.as_slice());
        let (one, two) = both(|| x.lazy().mean_axes::<axes![0]>().eval());
        assert_bits(one.as_slice(), two.as_slice());
        let (one, two) = both(|| {
            let mut out = Tensor::<f64, shape![100]>::splat(0.0);
            x.sum_axes_into::<axes![0]>(&mut out.view_mut());
            out
        });
        assert_bits(one.as_slice(), two.as_slice());
        let sums = one;
        let (one, two) = both(|| x.max_axes::<axes![0]>().expect("rows"));
        assert_bits(one.as_slice(), two.as_slice());
        let (first, second) = both(|| x.argmax_axes::<axes![0]>().expect("rows"));
        assert_eq!(first.as_slice(), second.as_slice());
        for col in [0, 7, 63, 99] {
            let at = first.as_slice()[col];
            assert_eq!(data[at * c + col], one.as_slice()[col], "column {col}");
            assert!(
                data.iter().skip(col).step_by(c).take(at).all(|&v| v.is_nan() || v < one.as_slice()[col])
            );
        }
        for col in [0, 7, 63, 99] {
            let want: f64 = data.iter().skip(col).step_by(c).sum();
            let max =
                data.iter().skip(col).step_by(c).copied().filter(|v| !v.is_nan()).fold(f64::MIN, f64::max);
            if col == 7 || col == 63 {
                assert!(sums.as_slice()[col].is_nan());
            } else {
                assert!((sums.as_slice()[col] - want).abs() <= 1e-9 * want.abs().max(1.0), "column {col}");
            }
            assert_eq!(one.as_slice()[col], max, "column {col}");
        }
    }
}

/// A layer norm with its row means shared (`share`): the means evaluated before the pass, the
/// pass split across threads, the bits one thread's.
#[test]
fn shared_values_match_one_thread() {
    for above in [false, true] {
        let (f, b) = (rows(64, above), 64);
        let data = values(f * b, 7);
        bind!(let features: Features = f);
        bind!(let batch: Batch = b);
        let x = TensorRef::from_shape(dims![features, batch], &data).unwrap();
        let norm = x.lazy().mean_keepdims::<axes![1]>().share(|mean| {
            let centred = x.lazy() - mean;
            centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()
        });
        let (one, two) = both(|| norm.eval().as_slice().to_vec());
        assert_bits(&one, &two);
        let (one, two) = both(|| {
            let mut out = vec![0.0; f * b];
            norm.eval_into(&mut TensorMut::from_shape(dims![features, batch], &mut out).unwrap());
            out
        });
        assert_bits(&one, &two);
        let row = &data[..b];
        let mean = row.iter().sum::<f64>() / b as f64;
        let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / b as f64;
        let want = (row[5] - mean) / (var + 1.0).sqrt();
        assert!((one[5] - want).abs() < 1e-9, "{} against {want}", one[5]);
    }
}

/// Small tensors on the default pool: inline results and outputs below the threshold are
/// computed as before.
#[test]
fn small_evaluations_are_unchanged() {
    let x = Tensor::<f32, shape![3, 5]>::from_fn(|i| i as f32);
    let y = (x.lazy() * 2.0 + 1.0).eval();
    assert_eq!(y.as_slice()[14], 29.0);
    let mut z = x.clone();
    z += x.lazy().sum_keepdims::<axes![1]>();
    assert_eq!(z.as_slice()[0], 10.0);
}

struct Samples;

/// Short rows, `[B, 10]` (B bound at run time): a new tensor collected in blocks of 16
/// consecutive elements across rows, each block read from the runs it straddles, against one
/// thread and against the same expression evaluated into a buffer; softmax's shift by the row
/// maximum kept as `[B, 1]`.
#[test]
fn short_rows_collected_match_one_thread() {
    for above in [false, true] {
        let b = rows(10, above);
        let data = values(b * 10, 7);
        bind!(let samples: Samples = b);
        let x = TensorRef::from_shape(dims![samples, 10], &data).unwrap();
        let expr = || (x.lazy() - x.lazy().max_keepdims::<axes![1]>()).exp();
        let (one, two) = both(|| expr().eval());
        assert_bits(one.as_slice(), two.as_slice());
        let mut out = vec![0.0; b * 10];
        expr().eval_into(&mut TensorMut::from_shape(dims![samples, 10], &mut out).unwrap());
        assert_bits(one.as_slice(), &out);
    }
}

/// Many small products (each below the GEMM's own threading) run a batch per task: the same
/// values as one product at a time, for a batch broadcast against one matrix and for batches
/// on both sides, integers (exact) and floats (each product the same GEMM call).
#[test]
fn batches_of_small_products_on_threads_match_the_loops() {
    let a = BoxedTensor::<i64, shape![64, 40, 40]>::from_fn(|i| (i % 7) as i64 - 3);
    let b = BoxedTensor::<i64, shape![64, 40, 40]>::from_fn(|i| (i % 5) as i64 - 2);
    let ab = a.matmul(&b);
    for batch in [0, 17, 63] {
        for (i, j) in [(0, 0), (39, 39), (13, 27)] {
            let want: i64 = (0..40)
                .map(|k| a.as_slice()[(batch * 40 + i) * 40 + k] * b.as_slice()[(batch * 40 + k) * 40 + j])
                .sum();
            assert_eq!(ab.get(&[batch, i, j]), Some(&want));
        }
    }
    let x = BoxedTensor::<f64, shape![32, 2, 72, 72]>::from_fn(|i| ((i % 11) as f64 - 5.0) * 0.5);
    let y = BoxedTensor::<f64, shape![2, 72, 72]>::from_fn(|i| ((i % 13) as f64 - 6.0) * 0.25);
    let xy = x.matmul(&y); // 64 products of 72³, batches on both sides of the broadcast
    for (p, q) in [(0, 0), (31, 1), (9, 1)] {
        let one =
            x.index_axis::<0>(p).unwrap().index_axis::<0>(q).unwrap().matmul(&y.index_axis::<0>(q).unwrap());
        let got: Vec<f64> = (0..72 * 72).map(|e| *xy.get(&[p, q, e / 72, e % 72]).unwrap()).collect();
        assert_eq!(got, one.as_slice());
    }
}

struct Cols;

/// Transposed and permuted views, just below and just above the threshold: the pass walks them
/// in tiles, split across two threads along the outermost loop (bands of the tiles' rows where
/// that loop is theirs); the same bits as one thread, and as index arithmetic.
#[test]
fn views_walked_in_tiles_match_one_thread() {
    for above in [false, true] {
        let (r, c) = (rows(1001, above), 1001);
        let data = values(r * c, 3);
        bind!(let cols: Cols = c);
        bind!(let batch: Batch = r);
        let x = TensorRef::from_shape(dims![batch, cols], &data).unwrap();
        let t = x.permute::<perm![1, 0]>(); // [1001, B]: rows of B, read down x's columns
        let want: Vec<f64> = (0..r * c).map(|k| data[(k % r) * c + k / r] * 0.5 - 1.0).collect();
        let (one, two) = both(|| (t.lazy() * 0.5 - 1.0).eval());
        assert_bits(one.as_slice(), two.as_slice());
        assert_bits(one.as_slice(), &want);
        let (one, two) = both(|| t.to_tensor());
        assert_bits(one.as_slice(), two.as_slice());
        let (one, two) = both(|| {
            let mut out = vec![0.0; r * c];
            (t.lazy() * 0.5 - 1.0 + &t).eval_into(&mut TensorMut::from_shape(t.shape(), &mut out).unwrap());
            out
        });
        assert_bits(&one, &two);
        let sum: Vec<f64> = want.iter().zip(0..).map(|(w, k)| w + data[(k % r) * c + k / r]).collect();
        assert_bits(&one, &sum);
    }
    // [2, 4096, 1100] permuted to [2, 1100, 4096]: the tiles' rows are an inner loop, and each
    // thread walks one step of the outer one.
    let data = values(2 * 4096 * 1100, 4);
    bind!(let long: Batch = 4096);
    let x = TensorRef::from_shape(dims![2, long, 1100], &data).unwrap();
    let v = x.permute::<perm![0, 2, 1]>();
    let (one, two) = both(|| (v.lazy() + 1.0).eval());
    assert_bits(one.as_slice(), two.as_slice());
    for (k, &y) in one.as_slice().iter().enumerate().step_by(7919) {
        let (i, j, l) = (k / (1100 * 4096), k / 4096 % 1100, k % 4096);
        assert_eq!(y.to_bits(), (data[(i * 4096 + l) * 1100 + j] + 1.0).to_bits(), "element {k}");
    }
}

/// Reversed views just above the threshold, along either axis and both, alone and transposed
/// (walked in tiles): split across two threads, the same bits as one thread and as index
/// arithmetic.
#[test]
fn flipped_views_match_one_thread() {
    let (r, c) = (rows(1001, true), 1001);
    let data = values(r * c, 5);
    bind!(let cols: Cols = c);
    bind!(let batch: Batch = r);
    let x = TensorRef::from_shape(dims![batch, cols], &data).unwrap();
    let at = |i: usize, j: usize| data[i * c + j];
    for (rows_back, cols_back) in [(true, false), (false, true), (true, true)] {
        let v = match (rows_back, cols_back) {
            (true, false) => x.flip::<0>(),
            (false, true) => x.flip::<1>(),
            _ => x.flip::<0>().flip::<1>(),
        };
        let source = |i: usize, j: usize| {
            at(if rows_back { r - 1 - i } else { i }, if cols_back { c - 1 - j } else { j })
        };
        let want: Vec<f64> = (0..r * c).map(|k| source(k / c, k % c) * 0.5 - 1.0).collect();
        let (one, two) = both(|| (v.lazy() * 0.5 - 1.0).eval());
        assert_bits(one.as_slice(), two.as_slice());
        assert_bits(one.as_slice(), &want);
        let t = v.permute::<perm![1, 0]>();
        let want: Vec<f64> = (0..r * c).map(|k| source(k % r, k / r) + 1.0).collect();
        let (one, two) = both(|| (t.lazy() + 1.0).eval());
        assert_bits(one.as_slice(), two.as_slice());
        assert_bits(one.as_slice(), &want);
    }
}
