//! `Lazy::share`: a value read by several parts of one expression, computed once. Each case is
//! checked against a loop written here, which never calls the library, and against the same
//! expression written without `share` (its value computed at every use): row statistics over
//! many numbers of rows, values the same for every row, values of the output's size, uses
//! under a reduction, `insert_axis` and another `share`, a shared expression as an operand,
//! empty outputs, run-time and fixed sizes, integers, NaN, a use of the value taken out of its
//! body, and how many times the value is computed.

use std::sync::atomic::{AtomicUsize, Ordering};

use shapecast::prelude::*;

struct Rows;
struct Cols;

/// `x[i, j]` for a `rows × cols` array: varied, with rows of different means and spreads.
fn data(rows: usize, cols: usize) -> Vec<f64> {
    (0..rows * cols)
        .map(|k| {
            let (i, j) = (k / cols, k % cols);
            ((i * 7 + j * 13) % 17) as f64 * 0.25 - (i % 5) as f64 + (j % 3) as f64 * 0.5 * (i % 4) as f64
        })
        .collect()
}

/// Each row centred on its mean, over its standard deviation (+1 under the root), by hand.
fn layer_norm(x: &[f64], cols: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(x.len());
    for row in x.chunks(cols) {
        let mean = row.iter().sum::<f64>() / cols as f64;
        let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / cols as f64;
        out.extend(row.iter().map(|v| (v - mean) / (var + 1.0).sqrt()));
    }
    out
}

fn close(label: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{label}: length");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-12 * (1.0 + w.abs()), "{label}: element {k}: {g} against {w}");
    }
}

/// A layer norm as one expression, its mean shared, over many numbers of rows and row lengths,
/// both known at run time.
#[test]
fn layer_norm_in_tiles_of_rows() {
    for rows in [0, 1, 2, 15, 16, 17, 63, 64, 65, 255, 256, 257, 600, 1000] {
        for cols in [1, 3, 16, 33, 256] {
            let xs = data(rows, cols);
            let want = layer_norm(&xs, cols);
            bind!(let r: Rows = rows);
            bind!(let c: Cols = cols);
            let x = TensorRef::from_shape(dims![r, c], &xs).unwrap();
            let shared = x.lazy().mean_keepdims::<axes![1]>().share(|mean| {
                let centred = x.lazy() - mean;
                centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()
            });
            let label = format!("[{rows}, {cols}]");
            close(&label, shared.eval().as_slice(), &want);
            let mut out = vec![f64::MAX; rows * cols];
            shared.eval_into(&mut TensorMut::from_shape(dims![r, c], &mut out).unwrap());
            close(&label, &out, &want);
            // Without `share`: the same expression, its mean folded at each use.
            let centred = x.lazy() - x.lazy().mean_keepdims::<axes![1]>();
            let nested = (centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()).eval();
            close(&label, shared.eval().as_slice(), nested.as_slice());
        }
    }
}

/// The same with fixed sizes, and rows of 256 as a layer norm has them.
#[test]
fn layer_norm_of_fixed_shapes() {
    let xs = data(40, 256);
    let x = Tensor::<f64, shape![40, 256]>::from_slice(&xs).unwrap();
    let y = x
        .lazy()
        .mean_keepdims::<axes![1]>()
        .share(|mean| {
            let centred = x.lazy() - mean;
            centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()
        })
        .eval();
    close("[40, 256]", y.as_slice(), &layer_norm(&xs, 256));
    let xs = data(3, 4);
    let x = Tensor::<f64, shape![3, 4]>::from_slice(&xs).unwrap();
    let mut out = Tensor::<f64, shape![3, 4]>::splat(0.0);
    x.lazy()
        .mean_keepdims::<axes![1]>()
        .share(|mean| {
            let centred = x.lazy() - mean;
            centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()
        })
        .eval_into(&mut out);
    close("[3, 4]", out.as_slice(), &layer_norm(&xs, 4));
}

/// Softmax over rows of 10, its row maximum shared by the numerator and the sum.
#[test]
fn softmax_with_its_maximum_shared() {
    for rows in [1, 9, 300] {
        let xs = data(rows, 10);
        let mut want = Vec::new();
        for row in xs.chunks(10) {
            let m = row.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
            let s: f64 = row.iter().map(|v| (v - m).exp()).sum();
            want.extend(row.iter().map(|v| (v - m).exp() / s));
        }
        bind!(let r: Rows = rows);
        let x = TensorRef::from_shape(dims![r, 10], &xs).unwrap();
        let p = x
            .lazy()
            .max_keepdims::<axes![1]>()
            .share(|m| {
                let e = (x.lazy() - m).exp();
                e / e.sum_keepdims::<axes![1]>()
            })
            .eval();
        for (k, (g, w)) in p.as_slice().iter().zip(&want).enumerate() {
            assert!((g - w).abs() <= 1e-14, "softmax [{rows}, 10]: element {k}: {g} against {w}");
        }
    }
}

/// A value the same for every row: the column means, `[1, C]`, and a `[C]` of lower rank.
#[test]
fn values_the_same_for_every_row() {
    for (rows, cols) in [(5, 8), (300, 8), (4, 256), (4, 257), (3, 1000)] {
        let xs = data(rows, cols);
        let mut means = vec![0.0; cols];
        for row in xs.chunks(cols) {
            for (m, v) in means.iter_mut().zip(row) {
                *m += v / rows as f64;
            }
        }
        let want: Vec<f64> =
            xs.iter().enumerate().map(|(k, v)| (v - means[k % cols]) * means[k % cols]).collect();
        bind!(let r: Rows = rows);
        bind!(let c: Cols = cols);
        let x = TensorRef::from_shape(dims![r, c], &xs).unwrap();
        let label = format!("column means of [{rows}, {cols}]");
        let y = x.lazy().mean_keepdims::<axes![0]>().share(|m| (x.lazy() - m) * m).eval();
        close(&label, y.as_slice(), &want);
        let y = x.lazy().mean_axes::<axes![0]>().share(|m| (x.lazy() - m) * m).eval();
        close(&label, y.as_slice(), &want);
    }
}

/// A value of the output's size, and uses that read the value across rows: inside a reduction
/// over the first axis, and stretched along another axis by `insert_axis`.
#[test]
fn values_read_every_way() {
    let (rows, cols) = (70, 40);
    let xs = data(rows, cols);
    bind!(let r: Rows = rows);
    bind!(let c: Cols = cols);
    let x = TensorRef::from_shape(dims![r, c], &xs).unwrap();
    // The whole of x, squared: 40 elements a row.
    let y = (x.lazy() * x.lazy()).share(|sq| sq + sq.sqrt()).eval();
    let want: Vec<f64> = xs.iter().map(|v| v * v + (v * v).sqrt()).collect();
    close("x² + |x|", y.as_slice(), &want);

    // The row means, read once lined up with the rows and once inside column sums.
    let mut row_means = vec![0.0; rows];
    for (m, row) in row_means.iter_mut().zip(xs.chunks(cols)) {
        *m = row.iter().sum::<f64>() / cols as f64;
    }
    let mut column_sums = vec![0.0; cols];
    for (k, v) in xs.iter().enumerate() {
        column_sums[k % cols] += v - row_means[k / cols];
    }
    let want: Vec<f64> =
        xs.iter().enumerate().map(|(k, v)| v - row_means[k / cols] + column_sums[k % cols]).collect();
    let y = x
        .lazy()
        .mean_keepdims::<axes![1]>()
        .share(|m| (x.lazy() - m) + (x.lazy() - m).sum_keepdims::<axes![0]>())
        .eval();
    close("x − m + Σ_rows (x − m)", y.as_slice(), &want);

    // The row sums `[R]` read as a column and as a row of an `[R, R]` output.
    let sums: Vec<f64> = xs.chunks(cols).map(|row| row.iter().sum()).collect();
    let want: Vec<f64> = (0..rows * rows).map(|k| sums[k / rows] - 2.0 * sums[k % rows]).collect();
    let y = x.lazy().sum_axes::<axes![1]>().share(|s| s.insert_axis::<1>() - s * 2.0).eval();
    close("s[i] − 2 s[j]", y.as_slice(), &want);
}

/// Integers, a value of rank 0, an empty output, and NaN in one row.
#[test]
fn integers_scalars_empty_and_nan() {
    let x = Tensor::<i32, shape![3, 4]>::from([[1, 5, 2, 0], [-3, -1, -8, 4], [7, 7, 7, 7]]);
    let y = x.lazy().max_keepdims::<axes![1]>().share(|m| m * 10 - x.lazy() + m).eval();
    assert_eq!(y.as_slice(), [54, 50, 53, 55, 47, 45, 52, 40, 70, 70, 70, 70]);
    let total = x.lazy().sum_axes::<axes![0, 1]>().share(|t| t * t - t).eval();
    assert_eq!(total.as_slice(), [28 * 28 - 28]);

    bind!(let r: Rows = 0);
    let none: [f64; 0] = [];
    let x = TensorRef::from_shape(dims![r, 4], &none).unwrap();
    let y = x.lazy().mean_keepdims::<axes![1]>().share(|m| x.lazy() - m).eval();
    assert!(y.as_slice().is_empty());

    let mut xs = data(20, 5);
    xs[7 * 5 + 2] = f64::NAN;
    bind!(let r: Rows = 20);
    let x = TensorRef::from_shape(dims![r, 5], &xs).unwrap();
    let y = x.lazy().mean_keepdims::<axes![1]>().share(|m| x.lazy() - m).eval();
    for (k, v) in y.as_slice().iter().enumerate() {
        assert_eq!(v.is_nan(), k / 5 == 7, "element {k}: {v}");
    }
}

/// A use of one shared value taken out of its body into another's reads its own value: only
/// the uses made by a `share` call are given that call's value; any other evaluates its own.
#[test]
fn a_use_smuggled_into_another_body() {
    let a = Tensor::<f64, shape![4, 2]>::from([[1.0, 3.0], [5.0, 7.0], [0.0, 2.0], [4.0, 4.0]]);
    let b = Tensor::<f64, shape![4, 2]>::from([[10.0, 10.0], [20.0, 40.0], [0.0, 0.0], [1.0, 3.0]]);
    let mut stash = None;
    let first = a.lazy().mean_keepdims::<axes![1]>().share(|m| {
        stash = Some(m);
        m * 1.0
    });
    let m_of_a = stash.unwrap();
    let y = b.lazy().mean_keepdims::<axes![1]>().share(|m| m + m_of_a).eval();
    assert_eq!(y.as_slice(), [12.0, 36.0, 1.0, 6.0]);
    assert_eq!(first.eval().as_slice(), [2.0, 6.0, 1.0, 4.0]);
}

/// A `share` inside another's body, and a shared expression as an operand of a larger one
/// (inside a reduction, and beside a tensor).
#[test]
fn shares_nested_and_as_operands() {
    let xs = data(30, 6);
    bind!(let r: Rows = 30);
    let x = TensorRef::from_shape(dims![r, 6], &xs).unwrap();
    let want = layer_norm(&xs, 6);
    // The variance shared too, inside the mean's body.
    let y = x
        .lazy()
        .mean_keepdims::<axes![1]>()
        .share(|mean| {
            let centred = x.lazy() - mean;
            (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt().share(|std| centred / std)
        })
        .eval();
    close("nested", y.as_slice(), &want);
    // The layer norm's row sums of squares, a shared expression inside a reduction.
    let norm = x.lazy().mean_keepdims::<axes![1]>().share(|mean| {
        let centred = x.lazy() - mean;
        centred / (centred.powi(2).mean_keepdims::<axes![1]>() + 1.0).sqrt()
    });
    let sums = (norm.powi(2) + 1.0).sum_axes::<axes![1]>().eval();
    let want_sums: Vec<f64> = want.chunks(6).map(|row| row.iter().map(|v| v * v + 1.0).sum()).collect();
    close("inside a reduction", sums.as_slice(), &want_sums);
    let mut into = vec![0.0; 30 * 6];
    (norm * 2.0 - x.lazy()).eval_into(&mut TensorMut::from_shape(dims![r, 6], &mut into).unwrap());
    let want_twice: Vec<f64> = want.iter().zip(&xs).map(|(n, v)| 2.0 * n - v).collect();
    close("beside a tensor", &into, &want_twice);
}

/// The value is computed once per evaluation, whatever the number of its uses; without
/// `share`, once per use.
#[test]
fn the_value_is_computed_once() {
    static READS: AtomicUsize = AtomicUsize::new(0);
    let xs = data(100, 32);
    bind!(let r: Rows = 100);
    let x = TensorRef::from_shape(dims![r, 32], &xs).unwrap();
    let counted = x.lazy().map(|v| {
        READS.fetch_add(1, Ordering::Relaxed);
        v
    });
    let mean = counted.mean_keepdims::<axes![1]>();
    let shared = mean.share(|m| {
        let centred = x.lazy() - m;
        centred * (centred.powi(2).sum_keepdims::<axes![1]>() + m)
    });
    READS.store(0, Ordering::Relaxed);
    let y = shared.eval();
    let once = READS.load(Ordering::Relaxed);
    // Each element of x read once by the mean's pass (a block's lanes past a row's end may
    // read again).
    assert!((3200..3200 + 16 * 100).contains(&once), "{once} reads");
    READS.store(0, Ordering::Relaxed);
    let centred = x.lazy() - mean;
    let nested = (centred * (centred.powi(2).sum_keepdims::<axes![1]>() + mean)).eval();
    assert!(READS.load(Ordering::Relaxed) >= 3 * 3200, "{} reads", READS.load(Ordering::Relaxed));
    close("counted", y.as_slice(), nested.as_slice());

    // A share inside another's body whose value reads the outer value: still once.
    let both = mean.share(|m| {
        let centred = x.lazy() - m;
        (centred.powi(2).sum_keepdims::<axes![1]>() + m).share(|s| centred * s)
    });
    READS.store(0, Ordering::Relaxed);
    let y = both.eval();
    let once = READS.load(Ordering::Relaxed);
    assert!((3200..3200 + 16 * 100).contains(&once), "{once} reads");
    close("counted, nested", y.as_slice(), nested.as_slice());
}
