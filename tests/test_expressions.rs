//! Expressions evaluated in one pass (`x.lazy() …`), against two references: the eager
//! operators of the crate (bit for bit: the same operations in the same order per element), and
//! the naive broadcast of `common/reference.rs`, which never calls the library. Run-time sizes are
//! drawn from 0 to 5 (so empty and size-1 axes come up), values at random, with NaN and
//! infinities among the floats.

// The eager operators are compared in the spelling users write them, `&a + &b`.
#![allow(clippy::op_ref)]

mod common;

use common::reference as naive;
use proptest::prelude::*;
use shapecast::prelude::*;

struct R;
struct Q;

/// Floats with every hazard: NaN, infinities, signed zeros, and ordinary values.
fn floats(len: usize, seed: u64) -> Vec<f64> {
    (0..len as u64)
        .map(|i| match (i + 1).wrapping_mul(seed | 1) % 23 {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => f64::NEG_INFINITY,
            3 => -0.0,
            k => (k as f64 - 11.0) * 0.75,
        })
        .collect()
}

/// The elements of `data` (shape `shape`) broadcast by NumPy's rule onto `out`.
fn expand(data: &[f64], shape: &[usize], out: &[usize]) -> Vec<f64> {
    let map = naive::numpy_map(shape.len(), out.len());
    naive::broadcast_indices(shape, &map, out).into_iter().map(|i| data[i]).collect()
}

/// Whether two float slices hold the same bits, any NaN equal to any NaN (a NaN's sign and
/// payload are not specified).
fn same_bits(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
}

/// Whether `a` and `b` are the same floats up to `n` units in the last place (NaN matching NaN,
/// infinities and zeros matching exactly).
fn within_ulps(a: &[f64], b: &[f64], n: u64) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            (x.is_nan() && y.is_nan())
                || x.to_bits() == y.to_bits()
                || (x.is_finite()
                    && y.is_finite()
                    && x.signum() == y.signum()
                    && *x != 0.0
                    && *y != 0.0
                    && (x.to_bits() as i64 - y.to_bits() as i64).unsigned_abs() <= n)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Five operands over `[R, 4]`: `(x − μ) · s · γ + β`, as batch norm writes it.
    #[test]
    fn five_operands_match_eager_and_reference(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = floats(r * 4, seed);
        let x = TensorRef::from_shape(dims![rr, 4], &xs).unwrap();
        let row = |k: u64| Tensor::<f64, shape![4]>::from_slice(&floats(4, seed >> k)).unwrap();
        let (mu, s, g, b) = (row(3), row(5), row(7), row(9));
        let fused = ((x.lazy() - &mu) * &s * &g + &b).eval();
        let eager = (&x - &mu) * &s * &g + &b;
        prop_assert!(same_bits(fused.as_slice(), eager.as_slice()));
        let out = [r, 4];
        let [ex, em, es, eg, eb] = [(&xs[..], &[r, 4][..]), (mu.as_slice(), &[4]), (s.as_slice(), &[4]), (g.as_slice(), &[4]), (b.as_slice(), &[4])]
            .map(|(d, sh)| expand(d, sh, &out));
        let want: Vec<f64> = (0..r * 4).map(|i| (ex[i] - em[i]) * es[i] * eg[i] + eb[i]).collect();
        prop_assert!(same_bits(fused.as_slice(), &want));
        // Into a borrowed output, and in place.
        let mut buf = vec![0.0; r * 4];
        ((x.lazy() - &mu) * &s * &g + &b).eval_into(&mut TensorMut::from_shape(dims![rr, 4], &mut buf).unwrap());
        prop_assert!(same_bits(&buf, &want));
        let mut acc = xs.clone();
        let mut y = TensorMut::from_shape(dims![rr, 4], &mut acc).unwrap();
        y -= mu.lazy() * &s;
        let want: Vec<f64> = (0..r * 4).map(|i| ex[i] - em[i] * es[i]).collect();
        prop_assert!(same_bits(&acc, &want));
    }

    /// Mixed ranks and two run-time sizes: `[R, 1, 3]`, `[Q, 3]`, `[3]`, `[R, Q, 1]` and a number,
    /// with tensors and numbers on the left too.
    #[test]
    fn mixed_ranks_and_sides(r in 0usize..=4, q in 0usize..=4, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let qq: Q = q);
        let (ad, bd, cd, dd) = (floats(r * 3, seed), floats(q * 3, seed >> 2), floats(3, seed >> 4), floats(r * q, seed >> 6));
        let a = TensorRef::from_shape(dims![rr, 1, 3], &ad).unwrap();
        let b = TensorRef::from_shape(dims![qq, 3], &bd).unwrap();
        let c = Tensor::<f64, shape![3]>::from_slice(&cd).unwrap();
        let d = TensorRef::from_shape(dims![rr, qq, 1], &dd).unwrap();
        let fused = (2.0 - (&c * ((a.lazy() + &b) * &c - &d) / 2.0)).eval();
        let eager = 2.0 - (&c * (((&a + &b) * &c - &d) / 2.0));
        prop_assert_eq!(&*fused.shape().extents(), &[r, q, 3]);
        let out = [r, q, 3];
        let [ea, eb, ec, ed] = [(&ad[..], &[r, 1, 3][..]), (&bd[..], &[q, 3]), (&cd[..], &[3]), (&dd[..], &[r, q, 1])]
            .map(|(x, s)| expand(x, s, &out));
        let want: Vec<f64> = (0..r * q * 3).map(|i| 2.0 - (ec[i] * ((ea[i] + eb[i]) * ec[i] - ed[i]) / 2.0)).collect();
        prop_assert!(same_bits(fused.as_slice(), &want));
        prop_assert_eq!(eager.as_slice().len(), want.len());
    }

    /// The element-wise methods, masks and select, each against its own scalar function.
    #[test]
    fn methods_follow_their_scalar_rules(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = floats(r * 3, seed);
        let x = TensorRef::from_shape(dims![rr, 3], &xs).unwrap();
        let lim = Tensor::<f64, shape![3]>::from([-1.0, 0.0, f64::NAN]);
        let ex = |f: &dyn Fn(f64, f64) -> f64| -> Vec<f64> {
            xs.iter().enumerate().map(|(i, &v)| f(v, lim.as_slice()[i % 3])).collect()
        };
        let numpy_max = |a: f64, b: f64| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) };
        let numpy_min = |a: f64, b: f64| if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) };
        prop_assert!(same_bits(x.lazy().max(&lim).eval().as_slice(), &ex(&numpy_max)));
        prop_assert!(same_bits(x.lazy().min(&lim).eval().as_slice(), &ex(&numpy_min)));
        prop_assert!(same_bits(x.lazy().abs().eval().as_slice(), &ex(&|v, _| v.abs())));
        // `exp` is within 1 ulp of the exact result, so at most 1 ulp from libm's (measured;
        // tests/test_exp_ln.rs checks the bound itself).
        prop_assert!(within_ulps(x.lazy().exp().eval().as_slice(), &ex(&|v, _| v.exp()), 1));
        prop_assert!(same_bits(x.lazy().ln().eval().as_slice(), &ex(&|v, _| v.ln())));
        prop_assert!(same_bits(x.lazy().sqrt().eval().as_slice(), &ex(&|v, _| v.sqrt())));
        prop_assert!(same_bits(x.lazy().recip().eval().as_slice(), &ex(&|v, _| v.recip())));
        prop_assert!(same_bits(x.lazy().powi(3).eval().as_slice(), &ex(&|v, _| v.powi(3))));
        prop_assert!(same_bits(x.lazy().clamp(-2.0, 2.0).eval().as_slice(), &ex(&|v, _| numpy_min(numpy_max(v, -2.0), 2.0))));
        let mask = x.lazy().gt(&lim).eval();
        let want: Vec<bool> = xs.iter().enumerate().map(|(i, &v)| v > lim.as_slice()[i % 3]).collect();
        prop_assert_eq!(mask.as_slice(), &want[..]);
        // `==` and `!=` by IEEE rules: NaN equals nothing, and differs from everything.
        let mask = x.lazy().equals(&lim).eval();
        let want: Vec<bool> = xs.iter().enumerate().map(|(i, &v)| v == lim.as_slice()[i % 3]).collect();
        prop_assert_eq!(mask.as_slice(), &want[..]);
        let mask = x.lazy().not_equals(&lim).eval();
        let want: Vec<bool> = xs.iter().enumerate().map(|(i, &v)| v != lim.as_slice()[i % 3]).collect();
        prop_assert_eq!(mask.as_slice(), &want[..]);
        let picked = x.lazy().ge(0.0).select(&x, &lim).eval();
        let want = ex(&|v, l| if v >= 0.0 { v } else { l });
        prop_assert!(same_bits(picked.as_slice(), &want));
        let mapped = x.lazy().zip_with(&lim, |v, l| v * 10.0 + l).map(|v| -v).eval();
        prop_assert!(same_bits(mapped.as_slice(), &ex(&|v, l| -(v * 10.0 + l))));
    }

    /// `clamp` with bounds of any operand, broadcast together with `x`: per-column bounds `[4]`
    /// against `[R, 4]`, an expression, a number, a column `[R, 1]`, and an `x` narrower than its
    /// bounds; against `min(max(x, lo), hi)` in plain loops, NaN and inverted bounds included.
    #[test]
    fn clamp_broadcasts_its_bounds(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = floats(r * 4, seed);
        let x = TensorRef::from_shape(dims![rr, 4], &xs).unwrap();
        let lo = Tensor::<f64, shape![4]>::from_slice(&floats(4, seed >> 3)).unwrap();
        let hi = Tensor::<f64, shape![4]>::from_slice(&floats(4, seed >> 7)).unwrap();
        let cs = floats(r, seed >> 11);
        let col = TensorRef::from_shape(dims![rr, 1], &cs).unwrap();
        let numpy_max = |a: f64, b: f64| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) };
        let numpy_min = |a: f64, b: f64| if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) };
        let clamp = |v: f64, l: f64, h: f64| numpy_min(numpy_max(v, l), h);
        let (lo_s, hi_s) = (lo.as_slice(), hi.as_slice());
        let mut want = vec![0.0; r * 4];
        for i in 0..r {
            for j in 0..4 {
                want[i * 4 + j] = clamp(xs[i * 4 + j], lo_s[j], hi_s[j]);
            }
        }
        prop_assert!(same_bits(x.lazy().clamp(&lo, &hi).eval().as_slice(), &want));
        for i in 0..r {
            for j in 0..4 {
                want[i * 4 + j] = clamp(xs[i * 4 + j], -1.5, hi_s[j] * 2.0);
            }
        }
        prop_assert!(same_bits(x.lazy().clamp(-1.5, hi.lazy() * 2.0).eval().as_slice(), &want));
        for i in 0..r {
            for j in 0..4 {
                want[i * 4 + j] = clamp(xs[i * 4 + j], lo_s[j], cs[i]);
            }
        }
        prop_assert!(same_bits(x.lazy().clamp(&lo, &col).eval().as_slice(), &want));
        // `x` as `[R, 1]`, widened to `[R, 4]` by its bounds.
        let widened = col.lazy().clamp(&lo, 3.0).eval();
        prop_assert_eq!(&*widened.shape().extents(), &[r, 4]);
        for i in 0..r {
            for j in 0..4 {
                want[i * 4 + j] = clamp(cs[i], lo_s[j], 3.0);
            }
        }
        prop_assert!(same_bits(widened.as_slice(), &want));
    }
}

#[test]
fn fixed_shapes_evaluate_inline_and_scalars_too() {
    let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    let c: Tensor<i32, shape![2, 3]> = (a.lazy() * &b - 1).eval();
    assert_eq!(c.as_slice(), [9, 19, 29, 19, 39, 59]);
    let s = Tensor::<i32, shape![]>::from_slice(&[7]).unwrap();
    let t: Tensor<i32, shape![]> = (s.lazy() * 6).eval();
    assert_eq!(t.value(), 42);
    // A run longer than a block, with a tail: 3 rows of 37.
    let wide = Tensor::<u32, shape![3, 37]>::from_fn(|i| i as u32);
    let col = Tensor::<u32, shape![3, 1]>::from([[1000], [2000], [3000]]);
    let sum = (wide.lazy() + &col).eval();
    assert!(sum.as_slice().iter().enumerate().all(|(i, &v)| v == i as u32 + 1000 * (i as u32 / 37 + 1)));
}

#[test]
fn a_boxed_operand_of_a_fixed_shape_keeps_the_result_on_the_heap() {
    let big = BoxedTensor::<f32, shape![300, 4]>::splat(1.0);
    let bias = Tensor::<f32, shape![4]>::from([1.0, 2.0, 3.0, 4.0]);
    let out: BoxedTensor<f32, shape![300, 4]> = (big.lazy() * 2.0 + &bias).eval();
    assert_eq!(out.get(&[299, 3]), Some(&6.0));
    let left: BoxedTensor<f32, shape![300, 4]> = (&bias + big.lazy()).eval();
    assert_eq!(left.get(&[0, 0]), Some(&2.0));
}

#[test]
fn assign_stretches_and_in_place_operators_read_once() {
    let mut data = [1.0f32; 6];
    let mut m = TensorMut::<f32, shape![2, 3]>::new(&mut data).unwrap();
    let row = Tensor::<f32, shape![3]>::from([1.0, 2.0, 3.0]);
    m.assign(row.lazy() * 2.0);
    assert_eq!(m.as_slice(), [2.0, 4.0, 6.0, 2.0, 4.0, 6.0]);
    m += row.lazy().powi(2);
    assert_eq!(m.as_slice(), [3.0, 8.0, 15.0, 3.0, 8.0, 15.0]);
    m *= row.lazy() - 1.0;
    assert_eq!(m.as_slice(), [0.0, 8.0, 30.0, 0.0, 8.0, 30.0]);
    m.assign(&row);
    assert_eq!(m.as_slice(), [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    m.assign(0.5);
    assert_eq!(m.as_slice(), [0.5; 6]);
}

#[test]
fn an_empty_output_evaluates_nothing() {
    struct N;
    bind!(let n: N = 0);
    let none: [f32; 0] = [];
    let x = TensorRef::from_shape(dims![n, 1048576], &none).unwrap();
    let y = (x.lazy() * 2.0 + 1.0).exp().eval();
    assert!(y.as_slice().is_empty());
    assert_eq!(&*y.shape().extents(), &[0, 1 << 20]);
}

/// Small whole numbers as floats, so that every order of summation gives the same sum, with
/// NaN and ties where asked.
fn whole(len: usize, seed: u64, nan: bool) -> Vec<f64> {
    (0..len as u64)
        .map(|i| match (i + 3).wrapping_mul(seed | 1) % 17 {
            0 if nan => f64::NAN,
            k => (k % 7) as f64 - 3.0,
        })
        .collect()
}

/// The reference fold of `[rows, cols]` data over axis `axis` (0 or 1), by `f` from the first
/// element, with each element's index within the reduced axis.
fn fold_axis<A: Copy>(
    data: &[f64],
    (rows, cols): (usize, usize),
    axis: usize,
    first: impl Fn(f64, usize) -> A,
    step: impl Fn(A, f64, usize) -> A,
) -> Vec<A> {
    let (outs, len) = if axis == 0 { (cols, rows) } else { (rows, cols) };
    (0..outs)
        .map(|o| {
            let at = |i: usize| if axis == 0 { data[i * cols + o] } else { data[o * cols + i] };
            (1..len).fold(first(at(0), 0), |a, i| step(a, at(i), i))
        })
        .collect()
}

/// The reference sum of `[rows, cols]` data over axis `axis`, from 0.
fn sum_axis(data: &[f64], (rows, cols): (usize, usize), axis: usize) -> Vec<f64> {
    let (outs, len) = if axis == 0 { (cols, rows) } else { (rows, cols) };
    (0..outs)
        .map(|o| {
            (0..len)
                .map(|i| if axis == 0 { data[i * cols + o] } else { data[o * cols + i] })
                .fold(0.0, |a, v| a + v)
        })
        .collect()
}

/// The documented maximum: NaN ignored unless every element is NaN; the first on ties.
fn arg_better(x: f64, best: f64) -> bool {
    x > best || (best.is_nan() && !x.is_nan())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Sums and means over either axis of an expression of `[R, C]` (R from 0 to 40, so that
    /// both the lanes across outputs and the lanes along one long reduced axis come up), with
    /// keep-dims results broadcast back, against the reference.
    #[test]
    fn sums_and_means_of_expressions(r in 0usize..=40, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = whole(r * 5, seed, false);
        let x = TensorRef::from_shape(dims![rr, 5], &xs).unwrap();
        let b = Tensor::<f64, shape![5]>::from_slice(&whole(5, seed >> 9, false)).unwrap();
        let e: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v * 2.0 + b.as_slice()[i % 5]).collect();
        let sum0 = (x.lazy() * 2.0 + &b).sum_axes::<axes![0]>().eval();
        prop_assert_eq!(sum0.as_slice(), &sum_axis(&e, (r, 5), 0)[..]);
        let sum1 = (x.lazy() * 2.0 + &b).sum_axes::<axes![1]>().eval();
        prop_assert_eq!(sum1.as_slice(), &sum_axis(&e, (r, 5), 1)[..]);
        let total: f64 = e.iter().sum();
        prop_assert_eq!((x.lazy() * 2.0 + &b).sum_all(), total);
        prop_assert_eq!((x.lazy() * 2.0 + &b).sum_axes::<axes![0, 1]>().eval().value(), total);
        let mean0 = (x.lazy() * 2.0 + &b).mean_axes::<axes![0]>().eval();
        let want: Vec<f64> = sum_axis(&e, (r, 5), 0).iter().map(|s| s / r as f64).collect();
        prop_assert!(same_bits(mean0.as_slice(), &want)); // NaN (0 / 0) for no rows, as NumPy
        // Centred by the column means, kept as [1, 5] and broadcast back, in one pass.
        let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![0]>()).eval();
        let col_mean: Vec<f64> = sum_axis(&xs, (r, 5), 0).iter().map(|s| s / r as f64).collect();
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v - col_mean[i % 5]).collect();
        prop_assert!(same_bits(centred.as_slice(), &want));
        // The mean of a constant is that constant (the sum divided, never multiplied by 1 / n).
        let sevens = vec![7.0; r * 5];
        let c = TensorRef::from_shape(dims![rr, 5], &sevens).unwrap();
        if r > 0 {
            prop_assert!(c.lazy().mean_axes::<axes![0]>().eval().as_slice().iter().all(|&m| m == 7.0));
        }
    }

    /// Maxima, minima and their positions over fixed axes, NaN and ties included, into outputs
    /// whose other axis is a run-time size.
    #[test]
    fn picks_over_fixed_axes(r in 0usize..=40, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = whole(r * 19, seed, true);
        let x = TensorRef::from_shape(dims![rr, 19], &xs).unwrap();
        let max = |a: f64, v: f64, _| if v > a || a.is_nan() { v } else { a };
        let min = |a: f64, v: f64, _| if v < a || a.is_nan() { v } else { a };
        prop_assert!(same_bits(x.lazy().max_axes::<axes![1]>().eval().as_slice(), &fold_axis(&xs, (r, 19), 1, |v, _| v, max)));
        prop_assert!(same_bits(x.lazy().min_axes::<axes![1]>().eval().as_slice(), &fold_axis(&xs, (r, 19), 1, |v, _| v, min)));
        let arg = |(best, at): (f64, usize), v: f64, i| if arg_better(v, best) { (v, i) } else { (best, at) };
        let want: Vec<usize> = fold_axis(&xs, (r, 19), 1, |v, i| (v, i), arg).iter().map(|p| p.1).collect();
        let got = x.lazy().argmax_axes::<axes![1]>().eval();
        prop_assert_eq!(got.as_slice(), &want[..]);
        let worse = |(best, at): (f64, usize), v: f64, i| if v < best || (best.is_nan() && !v.is_nan()) { (v, i) } else { (best, at) };
        let want: Vec<usize> = fold_axis(&xs, (r, 19), 1, |v, i| (v, i), worse).iter().map(|p| p.1).collect();
        let got = x.lazy().argmin_axes::<axes![1]>().eval();
        prop_assert_eq!(got.as_slice(), &want[..]);
        // The eager reductions agree.
        prop_assert!(same_bits(x.lazy().max_axes::<axes![1]>().eval().as_slice(), x.max_axes::<axes![1]>().unwrap().as_slice()));
        let (fused, eager) = (x.lazy().argmax_axes::<axes![1]>().eval(), x.argmax_axes::<axes![1]>().unwrap());
        prop_assert_eq!(fused.as_slice(), eager.as_slice());
        // Softmax's shift: the row maximum kept as [R, 1] and broadcast back.
        let shifted = (x.lazy() - x.lazy().max_keepdims::<axes![1]>()).eval();
        let rowmax = fold_axis(&xs, (r, 19), 1, |v, _| v, max);
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v - rowmax[i / 19]).collect();
        prop_assert!(same_bits(shifted.as_slice(), &want));
    }

    /// k-means' assignment in one pass, `[N, 1, 2] − [4, 2]` squared, summed over the
    /// coordinates, the nearest centroid's index; and the centroid sums over every point (a long
    /// reduction into 8 outputs) through a one-hot mask.
    #[test]
    fn kmeans_steps(n in 0usize..=70, seed in any::<u64>()) {
        bind!(let nn: R = n);
        let ps = whole(n * 2, seed, false);
        let points = TensorRef::from_shape(dims![nn, 2], &ps).unwrap();
        let c = Tensor::<f64, shape![4, 2]>::from([[0.0, 0.0], [2.0, 1.0], [-3.0, 2.0], [1.0, -3.0]]);
        let labels = (points.insert_axis::<1>().lazy() - &c).powi(2).sum_axes::<axes![2]>().argmin_axes::<axes![1]>().eval();
        let want: Vec<usize> = (0..n)
            .map(|p| {
                let d = |k: usize| (0..2).map(|j| (ps[p * 2 + j] - c.as_slice()[k * 2 + j]).powi(2)).sum::<f64>();
                (1..4).fold(0, |best, k| if d(k) < d(best) { k } else { best })
            })
            .collect();
        prop_assert_eq!(labels.as_slice(), &want[..]);
        let ks = Tensor::<usize, shape![4]>::from([0, 1, 2, 3]);
        let onehot = labels.lazy().insert_axis::<1>().equals(&ks).select(1.0, 0.0); // [N, 4]
        let sums = (onehot.insert_axis::<2>() * points.insert_axis::<1>().lazy()).sum_axes::<axes![0]>().eval(); // [4, 2]
        let mut want = [0.0; 8];
        for p in 0..n {
            for j in 0..2 {
                want[want_label(&labels, p) * 2 + j] += ps[p * 2 + j];
            }
        }
        prop_assert_eq!(sums.as_slice(), &want[..]);
    }

    /// The columns of short rows (1 to 80 elements, a run-time size: less than a block, whole
    /// blocks, and blocks and a part) summed and averaged over up to 100 rows, the rows read
    /// flat in lanes that repeat every `lcm(columns, 16)` elements: with a stretched operand,
    /// and around a nested column mean (which keeps them on the plain path), against the
    /// reference.
    #[test]
    fn columns_of_short_rows(r in 0usize..=100, c in 1usize..=80, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let cc: Q = c);
        let xs = whole(r * c, seed, false);
        let bs = whole(c, seed >> 7, false);
        let x = TensorRef::from_shape(dims![rr, cc], &xs).unwrap();
        let b = TensorRef::from_shape(dims![cc], &bs).unwrap();
        let e: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v * 2.0 - bs[i % c]).collect();
        prop_assert!(same_bits((x.lazy() * 2.0 - &b).sum_axes::<axes![0]>().eval().as_slice(), &sum_axis(&e, (r, c), 0)));
        let want: Vec<f64> = sum_axis(&xs, (r, c), 0).iter().map(|s| s / r as f64).collect();
        // The tensor's own (by the kernels over slices), and through a map (in the pass).
        prop_assert!(same_bits(x.lazy().mean_axes::<axes![0]>().eval().as_slice(), &want));
        prop_assert!(same_bits(x.lazy().map(|v| v).mean_axes::<axes![0]>().eval().as_slice(), &want));
        // Sums of the columns centred by their means: the deviations, summed.
        let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![0]>()).sum_axes::<axes![0]>().eval();
        let want: Vec<f64> = (0..c)
            .map(|j| (0..r).fold(0.0, |a, i| a + (xs[i * c + j] - want[j])))
            .collect();
        prop_assert!(within_ulps(centred.as_slice(), &want, 0) || centred.as_slice().iter().zip(&want).all(|(g, w)| (g - w).abs() < 1e-9));
        // Maxima and minima of the columns, NaN and ties included (none when there is no row).
        let ys = whole(r * c, seed >> 3, true);
        let y = TensorRef::from_shape(dims![rr, cc], &ys).unwrap();
        let max = y.lazy().try_max_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec());
        prop_assert!(same_opt(max, values(&first_best(&ys, (r, c), &[0], greater))));
        let max = y.lazy().map(|v| v).try_max_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec());
        prop_assert!(same_opt(max, values(&first_best(&ys, (r, c), &[0], greater))));
        let min = (y.lazy() * 1.0).try_min_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec());
        prop_assert!(same_opt(min, values(&first_best(&ys, (r, c), &[0], less))));
    }

    /// Long rows (60 to 300 elements, a run-time size: each output folded alone, in lanes
    /// along its row) and the columns of few rows (a tile of many blocks), NaN and ties
    /// included, against the reference.
    #[test]
    fn long_rows_and_their_columns(r in 0usize..=6, c in 60usize..=300, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let cc: Q = c);
        let xs = whole(r * c, seed, true);
        let x = TensorRef::from_shape(dims![rr, cc], &xs).unwrap();
        let doubled: Vec<f64> = xs.iter().map(|v| v * 2.0).collect();
        prop_assert!(same_bits((x.lazy() * 2.0).sum_axes::<axes![1]>().eval().as_slice(), &sum_axis(&doubled, (r, c), 1)));
        prop_assert!(same_bits(x.lazy().sum_axes::<axes![0]>().eval().as_slice(), &sum_axis(&xs, (r, c), 0)));
        prop_assert!(same_bits(x.lazy().map(|v| v).sum_axes::<axes![0]>().eval().as_slice(), &sum_axis(&xs, (r, c), 0)));
        let total = xs.iter().fold(0.0, |a, v| a + v);
        prop_assert!(same_bits(&[x.lazy().sum_axes::<axes![0, 1]>().eval().value()], &[total]));
        // Each row less its mean, kept as [R, 1]: the mean is read by every block of its row.
        let means: Vec<f64> = sum_axis(&xs, (r, c), 1).iter().map(|s| s / c as f64).collect();
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v - means[i / c]).collect();
        prop_assert!(same_bits((x.lazy() - x.lazy().mean_keepdims::<axes![1]>()).eval().as_slice(), &want));
        for axis in [0, 1] {
            for (better, name) in [(greater as fn(f64, f64) -> bool, "max"), (less, "min")] {
                let want = first_best(&xs, (r, c), &[axis], better);
                let (values, at) = match (axis, name) {
                    // Over the columns, one through a map (in the pass, not by the kernels over
                    // slices).
                    (0, "max") => (x.lazy().try_max_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec()), x.lazy().try_argmax_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec())),
                    (0, _) => (x.lazy().map(|v| v).try_min_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec()), x.lazy().try_argmin_axes::<axes![0]>().map(|e| e.eval().as_slice().to_vec())),
                    (_, "max") => (x.lazy().try_max_axes::<axes![1]>().map(|e| e.eval().as_slice().to_vec()), x.lazy().try_argmax_axes::<axes![1]>().map(|e| e.eval().as_slice().to_vec())),
                    _ => (x.lazy().try_min_axes::<axes![1]>().map(|e| e.eval().as_slice().to_vec()), x.lazy().try_argmin_axes::<axes![1]>().map(|e| e.eval().as_slice().to_vec())),
                };
                prop_assert!(same_opt(values, self::values(&want)), "{} over axis {}", name, axis);
                prop_assert_eq!(at, positions(&want), "position of the {} over axis {}", name, axis);
            }
        }
    }
}

fn want_label(labels: &BoxedTensor<usize, shape![R<'_>]>, p: usize) -> usize {
    labels.as_slice()[p]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// XLA's binary form inside an expression: `[R]` with dims `[0]` against `[1, 3]` is
    /// `[R, 3]`, as the eager adapter computes it.
    #[test]
    fn xla_dims_in_expressions(r in 0usize..=6, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let vs = floats(r, seed);
        let v = TensorRef::from_shape(dims![rr], &vs).unwrap();
        let m = Tensor::<f64, shape![1, 3]>::from_slice(&floats(3, seed >> 5)).unwrap();
        let fused = ((v.lazy() * 2.0).with_dims::<axes![0]>() - &m).eval();
        let doubled = &v * 2.0;
        let eager = &doubled.with_dims::<axes![0]>() - &m;
        prop_assert_eq!(&*fused.shape().extents(), &[r, 3]);
        prop_assert!(same_bits(fused.as_slice(), eager.as_slice()));
        let zipped = v.lazy().with_dims::<axes![0]>().zip_with(&m, |a, b| a * 10.0 + b).eval();
        let want: Vec<f64> = (0..r * 3).map(|i| vs[i / 3] * 10.0 + m.as_slice()[i % 3]).collect();
        prop_assert!(same_bits(zipped.as_slice(), &want));
    }
}

/// The first best element of each output of `[rows, cols]` data over `axes` (0, 1 or both), by
/// plain loops: its value and its flat index within the reduced axes (NaN replaced by any other
/// element, otherwise only a `better` one replaces the best so far); `None` when the reduced
/// axes hold no element.
fn first_best(
    data: &[f64],
    (rows, cols): (usize, usize),
    axes: &[usize],
    better: fn(f64, f64) -> bool,
) -> Option<Vec<(f64, usize)>> {
    let (r0, r1) = (axes.contains(&0), axes.contains(&1));
    let (len0, len1) = (if r0 { rows } else { 1 }, if r1 { cols } else { 1 });
    if len0 * len1 == 0 {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..if r0 { 1 } else { rows } {
        for j in 0..if r1 { 1 } else { cols } {
            let mut best: Option<(f64, usize)> = None;
            for a in 0..len0 {
                for b in 0..len1 {
                    let v = data[if r0 { a } else { i } * cols + if r1 { b } else { j }];
                    let at = a * len1 + b;
                    best = match best {
                        Some((w, _)) if !(better(v, w) || (w.is_nan() && !v.is_nan())) => best,
                        _ => Some((v, at)),
                    };
                }
            }
            out.push(best.unwrap());
        }
    }
    Some(out)
}

/// Whether `v` replaces `w` as the maximum so far.
fn greater(v: f64, w: f64) -> bool {
    v > w
}

/// Whether `v` replaces `w` as the minimum so far.
fn less(v: f64, w: f64) -> bool {
    v < w
}

/// The values of [`first_best`]'s answer.
fn values(best: &Option<Vec<(f64, usize)>>) -> Option<Vec<f64>> {
    best.as_ref().map(|b| b.iter().map(|p| p.0).collect())
}

/// The positions of [`first_best`]'s answer.
fn positions(best: &Option<Vec<(f64, usize)>>) -> Option<Vec<usize>> {
    best.as_ref().map(|b| b.iter().map(|p| p.1).collect())
}

/// Whether two optional float vectors are both `None` or hold the same bits (NaN as NaN).
fn same_opt(a: Option<Vec<f64>>, b: Option<Vec<f64>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same_bits(&a, &b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The `try_` twins of the maxima, minima and their positions, over axes that include a
    /// run-time size (R from 0 to 5) and over a fixed one, against plain loops: `None` exactly
    /// when a reduced axis is empty, NaN ignored unless every element is, the first position on
    /// ties; the keep-dims twins the same elements, and broadcast back.
    #[test]
    fn try_picks_over_a_runtime_axis(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = whole(r * 19, seed, true);
        let x = TensorRef::from_shape(dims![rr, 19], &xs).unwrap();
        let b = Tensor::<f64, shape![19]>::from_slice(&whole(19, seed >> 9, true)).unwrap();
        let e: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v * 2.0 + b.as_slice()[i % 19]).collect();
        let ex = x.lazy() * 2.0 + &b;
        macro_rules! check {
            ($data:expr, $dims:expr, $ex:expr, [$($ax:literal),+]) => {{
                let (most, least) = (first_best($data, $dims, &[$($ax),+], greater), first_best($data, $dims, &[$($ax),+], less));
                let got = $ex.try_max_axes::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert!(same_opt(got, values(&most)));
                let got = $ex.try_max_keepdims::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert!(same_opt(got, values(&most)));
                let got = $ex.try_min_axes::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert!(same_opt(got, values(&least)));
                let got = $ex.try_min_keepdims::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert!(same_opt(got, values(&least)));
                let got = $ex.try_argmax_axes::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert_eq!(got, positions(&most));
                let got = $ex.try_argmax_keepdims::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert_eq!(got, positions(&most));
                let got = $ex.try_argmin_axes::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert_eq!(got, positions(&least));
                let got = $ex.try_argmin_keepdims::<axes![$($ax),+]>().map(|m| m.eval().as_slice().to_vec());
                prop_assert_eq!(got, positions(&least));
            }};
        }
        check!(&e, (r, 19), ex, [0]);
        check!(&e, (r, 19), ex, [1]);
        check!(&e, (r, 19), ex, [0, 1]);
        // The run-time axis innermost, its elements contiguous: `[3, R]`.
        bind!(let rq: Q = r);
        let zs = whole(3 * r, seed >> 3, true);
        let z = TensorRef::from_shape(dims![3, rq], &zs).unwrap();
        check!(&zs, (3, r), z.lazy(), [1]);
        check!(&zs, (3, r), z.lazy(), [0, 1]);
        // Each column shifted by its maximum, kept as [1, 19] and broadcast back, in one pass.
        match x.lazy().try_max_keepdims::<axes![0]>() {
            None => prop_assert_eq!(r, 0),
            Some(m) => {
                let shifted = (x.lazy() - m).eval();
                let colmax = values(&first_best(&xs, (r, 19), &[0], greater)).unwrap();
                let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v - colmax[i % 19]).collect();
                prop_assert!(same_bits(shifted.as_slice(), &want));
            }
        }
    }
}

/// The positions of `try_argmax_axes` and `try_argmin_axes` are counted in a `u32`: over run-time
/// sizes whose product passes `u32::MAX` they answer `None` (a broadcast `[R, 1] + [1, Q]`,
/// never materialized), up to it `Some`; the maximum has no such limit.
#[test]
fn try_positions_past_u32_are_none() {
    let (r, q) = (65_537, 65_537); // 2^32 + 2^17 + 1 elements per output
    bind!(let rr: R = r);
    bind!(let qq: Q = q);
    let (ones_r, ones_q) = (vec![1.0f32; r], vec![1.0f32; q]);
    let a = TensorRef::from_shape(dims![rr, 1], &ones_r).unwrap();
    let b = TensorRef::from_shape(dims![1, qq], &ones_q).unwrap();
    let big = a.lazy() + &b; // [R, Q]
    assert!(big.try_argmax_axes::<axes![0, 1]>().is_none());
    assert!(big.try_argmin_keepdims::<axes![0, 1]>().is_none());
    assert!(big.try_max_axes::<axes![0, 1]>().is_some());
    assert!(big.try_argmax_axes::<axes![1]>().is_some());
    let (r, q) = (65_535, 65_537); // exactly u32::MAX
    bind!(let rr: R = r);
    bind!(let qq: Q = q);
    let a = TensorRef::from_shape(dims![rr, 1], &ones_r[..r]).unwrap();
    let b = TensorRef::from_shape(dims![1, qq], &ones_q[..q]).unwrap();
    assert!((a.lazy() + &b).try_argmin_axes::<axes![0, 1]>().is_some());
}

/// A reduction over an empty axis whose elements would lie far apart (a column of no rows) into
/// a run of several blocks: 0 for a sum, NaN for a mean, nothing read. (Found by the binding
/// fuzz check: the folding ahead read the empty operand.)
#[test]
fn an_empty_column_reduces_to_its_empty_value() {
    bind!(let rows: R = 0);
    let none: [f32; 0] = [];
    let x = TensorRef::from_shape(dims![rows, 64], &none).unwrap();
    assert_eq!(x.lazy().sum_axes::<axes![0]>().eval().as_slice(), [0.0; 64]);
    assert!(x.lazy().mean_axes::<axes![0]>().eval().as_slice().iter().all(|m| m.is_nan()));
    let boxed = (x.lazy() * 2.0).sum_axes::<axes![0]>().eval();
    assert_eq!(boxed.as_slice(), [0.0; 64]);
}

struct P;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Rows shorter than a block (`[P, R, C]`, C from 1 to 17), whose passes go down a tile of
    /// rows one column at a time: row statistics kept as size 1 and broadcast back, one nested
    /// inside another (softmax's shape: the sum of a function of `x − max`), into new tensors and
    /// totals, against plain loops. Each row's elements are folded left to right, so the results
    /// are exact.
    #[test]
    fn short_rows_with_row_statistics(p in 1usize..=3, r in 0usize..=40, c in 1usize..=17, seed in any::<u64>()) {
        bind!(let pp: P = p);
        bind!(let rr: R = r);
        bind!(let cc: Q = c);
        let xs = whole(p * r * c, seed, false);
        let x = TensorRef::from_shape(dims![pp, rr, cc], &xs).unwrap();
        let rows: Vec<&[f64]> = xs.chunks(c).collect();
        let row_sum: Vec<f64> = rows.iter().map(|row| row.iter().fold(0.0, |a, &v| a + v)).collect();
        // x · (row sum) − x, one reduction broadcast back.
        let got = (x.lazy() * x.lazy().sum_keepdims::<axes![2]>() - &x).eval();
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v * row_sum[i / c] - v).collect();
        prop_assert!(same_bits(got.as_slice(), &want));
        // x / Σ|x − mean|, the mean inside the sum: a reduction nested in another.
        let spread = (x.lazy() - x.lazy().mean_keepdims::<axes![2]>()).abs().sum_keepdims::<axes![2]>();
        let got = (x.lazy() / spread).eval();
        let spreads: Vec<f64> = rows
            .iter()
            .zip(&row_sum)
            .map(|(row, s)| row.iter().fold(0.0, |a, &v| a + (v - s / c as f64).abs()))
            .collect();
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v / spreads[i / c]).collect();
        prop_assert!(same_bits(got.as_slice(), &want));
        // The same as a total, and into an existing tensor.
        let total = (x.lazy() / spread).sum_all();
        let reference = want.iter().fold(0.0, |a, &v| a + v);
        prop_assert!(total == reference || (total - reference).abs() <= 1e-9 * reference.abs().max(1.0) || (total.is_nan() && reference.is_nan()), "{} {} {:?}", total, reference, want);
        let mut out = vec![0.0; p * r * c];
        let mut y = TensorMut::from_shape(dims![pp, rr, cc], &mut out).unwrap();
        (x.lazy() / spread).eval_into(&mut y);
        prop_assert!(same_bits(&out, &want));
    }

    /// Sums and means over each short row alone (`[P, R, C]` over its last axis, C from 1 to 17,
    /// R past several blocks of outputs): of the tensor, of an expression of it, of one with an
    /// operand stretched along the rows (`x · w`, `w` of shape `[C]`) and one stretched along
    /// the row (`x − m`, `m` of shape `[P, R, 1]`), kept as size 1 or not, into new tensors and
    /// a `TensorMut`; each row folded left to right from 0 (as NumPy's sum, so that `−0`
    /// alone sums to `+0`), bit for bit, with NaN and infinities.
    #[test]
    fn row_sums_of_short_rows(p in 1usize..=2, r in 0usize..=40, c in 1usize..=17, seed in any::<u64>()) {
        bind!(let pp: P = p);
        bind!(let rr: R = r);
        bind!(let cc: Q = c);
        let xs = floats(p * r * c, seed);
        let ms = floats(p * r, seed >> 5);
        let ws: Vec<f64> = (0..c).map(|k| k as f64 * 0.5 - 1.25).collect();
        let x = TensorRef::from_shape(dims![pp, rr, cc], &xs).unwrap();
        let m = TensorRef::from_shape(dims![pp, rr, 1], &ms).unwrap();
        let w = TensorRef::from_shape(dims![cc], &ws).unwrap();
        let row_fold = |f: &dyn Fn(usize, usize) -> f64| -> Vec<f64> {
            (0..p * r).map(|o| (0..c).fold(0.0, |a, k| a + f(o, k))).collect()
        };
        let plain = row_fold(&|o, k| xs[o * c + k]);
        prop_assert!(same_bits(x.lazy().sum_axes::<axes![2]>().eval().as_slice(), &plain));
        prop_assert!(same_bits(x.lazy().sum_keepdims::<axes![2]>().eval().as_slice(), &plain));
        let means: Vec<f64> = plain.iter().map(|s| s / c as f64).collect();
        prop_assert!(same_bits(x.lazy().mean_axes::<axes![2]>().eval().as_slice(), &means));
        let scaled = row_fold(&|o, k| xs[o * c + k] * 2.0 + 0.5);
        prop_assert!(same_bits((x.lazy() * 2.0 + 0.5).sum_axes::<axes![2]>().eval().as_slice(), &scaled));
        let mut out = vec![0.0; p * r];
        (x.lazy() * 2.0 + 0.5).sum_axes::<axes![2]>().eval_into(&mut TensorMut::from_shape(dims![pp, rr], &mut out).unwrap());
        prop_assert!(same_bits(&out, &scaled));
        let weighted = row_fold(&|o, k| xs[o * c + k] * ws[k]);
        prop_assert!(same_bits((x.lazy() * &w).sum_axes::<axes![2]>().eval().as_slice(), &weighted));
        let centred = row_fold(&|o, k| xs[o * c + k] - ms[o]);
        prop_assert!(same_bits((x.lazy() - &m).sum_keepdims::<axes![2]>().eval().as_slice(), &centred));
    }

    /// Softmax's shift over 10 fixed classes and a run-time batch: the row maximum inside the
    /// row sum, and the one-hot mask of labels, as the benchmark writes it (with `abs` for
    /// `exp`, so that the result is exact).
    #[test]
    fn softmax_shape_over_short_rows(r in 0usize..=40, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = whole(r * 10, seed, true);
        let labels: Vec<usize> = (0..r).map(|i| (i * 7 + seed as usize % 10) % 10).collect();
        let x = TensorRef::from_shape(dims![rr, 10], &xs).unwrap();
        let y = TensorRef::from_shape(dims![rr], &labels).unwrap();
        let classes = Tensor::<usize, shape![10]>::from_fn(|k| k);
        let shifted = x.lazy() - x.lazy().max_keepdims::<axes![1]>();
        let sum = shifted.abs().sum_keepdims::<axes![1]>();
        let one_hot = y.lazy().insert_axis::<1>().equals(&classes).select(1.0, 0.0);
        let got = (shifted.abs() / sum - one_hot).eval();
        let max = |a: f64, v: f64| if v > a || a.is_nan() { v } else { a };
        let want: Vec<f64> = xs
            .chunks(10)
            .zip(&labels)
            .flat_map(|(row, &label)| {
                let m = row.iter().copied().reduce(max).unwrap();
                let s = row.iter().fold(0.0, |a, &v| a + (v - m).abs());
                row.iter().enumerate().map(move |(k, &v)| (v - m).abs() / s - if k == label { 1.0 } else { 0.0 })
            })
            .collect();
        prop_assert!(same_bits(got.as_slice(), &want));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Fixed short rows with no reduction inside (softmax's gradient and loss passes, once its
    /// row statistics are evaluated): each row one part of constant length. Also a run-time
    /// size of 2 as the last axis, which the pass guesses from the type as it guesses a fixed
    /// one. Against plain loops, into new tensors, into `TensorMut`, in place and as totals.
    #[test]
    fn fixed_short_rows_without_reductions(r in 0usize..=40, q in 0usize..=3, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let xs = whole(r * 10, seed, true);
        let ms = whole(r, seed >> 7, false);
        let x = TensorRef::from_shape(dims![rr, 10], &xs).unwrap();
        let m = TensorRef::from_shape(dims![rr, 1], &ms).unwrap();
        let w = Tensor::<f64, shape![10]>::from_fn(|k| k as f64 - 4.5);
        let want: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| (v - ms[i / 10]) * w.as_slice()[i % 10] + 1.0).collect();
        let got = ((x.lazy() - &m) * &w + 1.0).eval();
        prop_assert!(same_bits(got.as_slice(), &want));
        let mut out = vec![0.0; r * 10];
        let mut y = TensorMut::from_shape(dims![rr, 10], &mut out).unwrap();
        ((x.lazy() - &m) * &w + 1.0).eval_into(&mut y);
        prop_assert!(same_bits(&out, &want));
        let mut y = TensorMut::from_shape(dims![rr, 10], &mut out).unwrap();
        y += &m;
        let again: Vec<f64> = want.iter().enumerate().map(|(i, &v)| v + ms[i / 10]).collect();
        prop_assert!(same_bits(&out, &again));
        // The total folds element k into lane k % 16, however the pass hands the rows on.
        let total = ((x.lazy() - &m) * &w + 1.0).sum_all();
        let full = want.len() / 16 * 16;
        let reference = if want.len() >= 16 {
            let mut l = [0.0f64; 16];
            for (k, &v) in want[..full].iter().enumerate() {
                l[k % 16] += v;
            }
            let lanes_sum = l.iter().skip(1).fold(l[0], |a, &b| a + b);
            let tail = want[full..].iter().fold(None, |t: Option<f64>, &v| Some(t.map_or(0.0 + v, |t| t + v)));
            tail.map_or(lanes_sum, |t| lanes_sum + t)
        } else {
            want.iter().fold(0.0, |a, &v| a + v)
        };
        prop_assert!(same_bits(&[total], &[reference]), "{} {}", total, reference);
        // A run-time last axis of size 0 to 3 (2 is what the pass guesses for a run-time size).
        bind!(let qq: Q = q);
        let zs = whole(r * q, seed >> 3, false);
        let z = TensorRef::from_shape(dims![rr, qq], &zs).unwrap();
        let got = (z.lazy() * 2.0 - &m).eval();
        let want: Vec<f64> = zs.iter().enumerate().map(|(i, &v)| v * 2.0 - ms[i / q.max(1)]).collect();
        prop_assert!(same_bits(got.as_slice(), &want));
    }
}

/// `x · Σx − x`, the sum over `axes` kept as size 1 and broadcast back, for `x = 0, 1, 2, …` of
/// sizes `dims`, by plain loops over multi-indices.
fn times_kept_sum(dims: &[usize], axes: &[usize]) -> Vec<i64> {
    let len: usize = dims.iter().product();
    let index = |mut k: usize| {
        let mut at = vec![0; dims.len()];
        for (a, &d) in at.iter_mut().zip(dims).rev() {
            *a = k % d;
            k /= d;
        }
        at
    };
    let key = |k: usize| -> Vec<usize> {
        index(k).iter().enumerate().map(|(a, &i)| if axes.contains(&a) { 0 } else { i }).collect()
    };
    (0..len)
        .map(|k| {
            let sum: i64 = (0..len).filter(|&j| key(j) == key(k)).map(|j| j as i64).sum();
            k as i64 * sum - k as i64
        })
        .collect()
}

/// A pass's cursors hold one stride per output axis and per reduced axis, in an array whose
/// length rounds that count up to 4, 8, 16 or the largest rank's: an output of every width,
/// each at the edge of its width, gives what plain loops give.
#[test]
fn every_cursor_width_evaluates_alike() {
    // Width 4 at its edge: three output axes and the still one.
    let x = Tensor::<i64, shape![2, 3, 4]>::from_fn(|k| k as i64);
    let row = Tensor::<i64, shape![4]>::from([1, 2, 3, 4]);
    let sum = (x.lazy() + &row).eval();
    assert!(sum.as_slice().iter().enumerate().all(|(k, &v)| v == k as i64 + 1 + (k % 4) as i64));
    // Width 8: three output axes, two reduced.
    let got = (x.lazy() * x.lazy().sum_keepdims::<axes![0, 2]>() - &x).eval();
    assert_eq!(got.as_slice(), times_kept_sum(&[2, 3, 4], &[0, 2]));
    // Width 8 at its edge: four output axes, three reduced.
    let x = Tensor::<i64, shape![2, 3, 2, 3]>::from_fn(|k| k as i64);
    let got = (x.lazy() * x.lazy().sum_keepdims::<axes![0, 1, 3]>() - &x).eval();
    assert_eq!(got.as_slice(), times_kept_sum(&[2, 3, 2, 3], &[0, 1, 3]));
    // Width 16 at its edge: nine output axes, six reduced.
    type Nine = shape![2, 1, 2, 3, 1, 2, 1, 2, 3];
    let x = Tensor::<i64, Nine>::from_fn(|k| k as i64);
    let got = (x.lazy() * x.lazy().sum_keepdims::<axes![0, 2, 3, 5, 6, 8]>() - &x).eval();
    assert_eq!(got.as_slice(), times_kept_sum(&[2, 1, 2, 3, 1, 2, 1, 2, 3], &[0, 2, 3, 5, 6, 8]));
    // Past 16: seventeen output axes, two reduced.
    type Seventeen = shape![2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 3];
    let dims = [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 3];
    let x = BoxedTensor::<i64, Seventeen>::from_fn(|k| k as i64);
    let got = (x.lazy() * x.lazy().sum_keepdims::<axes![0, 16]>() - &x).eval();
    assert_eq!(got.as_slice(), times_kept_sum(&dims, &[0, 16]));
    // The same into an existing tensor, and as a total.
    let mut out = BoxedTensor::<i64, Seventeen>::splat(0);
    (x.lazy() * x.lazy().sum_keepdims::<axes![0, 16]>() - &x).eval_into(&mut out);
    assert_eq!(out.as_slice(), got.as_slice());
    let total = (x.lazy() * x.lazy().sum_keepdims::<axes![0, 16]>() - &x).sum_all();
    assert_eq!(total, got.as_slice().iter().sum::<i64>());
}

/// Two run-time shapes that each hold data but whose broadcast has no element count in `usize`
/// (`[R, 1, 0]` with `[1, Q, 0]`, R = Q = 2^62): the operator and `eval` panic with the same
/// message rather than return a tensor of a shape no constructor accepts; `eval_into` has no
/// such output to make.
#[test]
fn a_result_shape_past_usize_panics_with_a_message() {
    bind!(let r: R = 1usize << 62);
    bind!(let q: Q = 1usize << 62);
    let empty: [f32; 0] = [];
    let a = TensorRef::from_shape(dims![r, 1, 0], &empty).unwrap();
    let b = TensorRef::from_shape(dims![1, q, 0], &empty).unwrap();
    let message = |result: std::thread::Result<()>| {
        let payload = result.expect_err("the result's shape is past usize");
        payload.downcast_ref::<String>().cloned().unwrap_or_default()
    };
    let eager = message(std::panic::catch_unwind(|| drop(&a + &b)));
    let fused = message(std::panic::catch_unwind(|| drop((a.lazy() + &b).eval())));
    assert!(eager.starts_with("shapecast: no tensor has the shape of this result"), "{eager}");
    assert_eq!(eager, fused);
}

/// Rows of a fixed length shorter than a block (1 to 15), each operand contiguous across the
/// rows or the same along each row, are read as one flat run of blocks: every element as the
/// plain loops compute it, for run-time row counts from 0 to past several blocks, in place,
/// into a new tensor and into a `TensorMut`, with an outer loop around the rows.
#[test]
fn short_rows_read_flat_agree_with_plain_loops() {
    macro_rules! check {
        ($($n:literal)*) => {$({
            const N: usize = $n;
            for r in [0usize, 1, 2, 3, 5, 8, 17, 33] {
                let xs = floats(2 * r * N, 7 + r as u64);
                let ms = floats(2 * r, 11 + r as u64);
                let os = [0.5, -1.25];
                bind!(let rr: R = r);
                let x = TensorRef::from_shape(dims![rr, $n], &xs[..r * N]).unwrap();
                let m = TensorRef::from_shape(dims![rr, 1], &ms[..r]).unwrap();
                let want: Vec<f64> = (0..r * N).map(|p| (xs[p] - ms[p / N]) * 2.0 + 1.0).collect();
                let got = ((x.lazy() - &m) * 2.0 + 1.0).eval();
                assert!(same_bits(got.as_slice(), &want), "[{r}, {N}]: {:?} against {want:?}", got.as_slice());
                let mut buf = vec![0.0; r * N];
                ((x.lazy() - &m) * 2.0 + 1.0).eval_into(&mut TensorMut::from_shape(dims![rr, $n], &mut buf).unwrap());
                assert!(same_bits(&buf, &want), "[{r}, {N}] into a TensorMut");
                let mut y = TensorMut::from_shape(dims![rr, $n], &mut buf).unwrap();
                y -= &m;
                let twice: Vec<f64> = (0..r * N).map(|p| want[p] - ms[p / N]).collect();
                assert!(same_bits(&buf, &twice), "[{r}, {N}] in place");
                // An outer loop: [2, R, N] against [2, R, 1] and [2, 1, 1].
                let x3 = TensorRef::from_shape(dims![2, rr, $n], &xs).unwrap();
                let m3 = TensorRef::from_shape(dims![2, rr, 1], &ms).unwrap();
                let o3 = Tensor::<f64, shape![2, 1, 1]>::from_slice(&os).unwrap();
                let got = (x3.lazy() * &m3 - &o3).eval();
                let want: Vec<f64> = (0..2 * r * N).map(|p| xs[p] * ms[p / N] - os[p / (r * N)]).collect();
                assert!(same_bits(got.as_slice(), &want), "[2, {r}, {N}]");
            }
        })*};
    }
    check!(1 2 3 7 10 15);
}

/// A number with no `Default`: a new tensor of it cannot be filled first and overwritten, so
/// the eager operators, which now run the expressions' pass, write each element once.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cents(i64);

impl core::ops::Add for Cents {
    type Output = Cents;
    fn add(self, other: Cents) -> Cents {
        Cents(self.0 + other.0)
    }
}

impl core::ops::Neg for Cents {
    type Output = Cents;
    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl core::ops::SubAssign for Cents {
    fn sub_assign(&mut self, other: Cents) {
        self.0 -= other.0;
    }
}

#[test]
fn eager_operators_need_no_default() {
    let prices = Tensor::<Cents, shape![2, 3]>::from_fn(|i| Cents(i as i64 + 1));
    let fees = Tensor::<Cents, shape![3]>::from_fn(|i| Cents(10 * (i as i64 + 1)));
    let total = &prices + &fees;
    assert_eq!(total.as_slice(), [11, 22, 33, 14, 25, 36].map(Cents));
    let mut refunds = -&total;
    assert_eq!(refunds.as_slice(), [-11, -22, -33, -14, -25, -36].map(Cents));
    refunds -= &fees;
    assert_eq!(refunds.as_slice(), [-21, -42, -63, -24, -45, -66].map(Cents));
    // With dims, and the same through an expression: one pass, the same elements.
    let by_row = Tensor::<Cents, shape![2]>::from_fn(|i| Cents(100 * (i as i64 + 1)));
    let eager = &by_row.with_dims::<axes![0]>() + &prices;
    assert_eq!(eager.as_slice(), [101, 102, 103, 204, 205, 206].map(Cents));
    assert_eq!((by_row.lazy().with_dims::<axes![0]>() + &prices).eval().as_slice(), eager.as_slice());
}

/// A block of maxima, minima or positions folded with one compare per lane is folded again
/// where a lane starts at NaN: the results are the documented ones (NaN ignored unless every
/// element is NaN, then a position of 0; the first on ties) in every lane, whichever lanes of a
/// block start at NaN.
#[test]
fn positions_of_rows_that_start_at_nan() {
    let rows: [[f32; 4]; 6] = [
        [f32::NAN, 3.0, 1.0, 1.0],
        [2.0, f32::NAN, 1.0, 5.0],
        [f32::NAN; 4],
        [f32::NAN, f32::NAN, f32::INFINITY, f32::NEG_INFINITY],
        [1.0, 1.0, 1.0, 1.0],
        [f32::NAN, 7.0, f32::NAN, 7.0],
    ];
    let want_min = [2usize, 2, 0, 3, 0, 1];
    let want_max = [1usize, 3, 0, 2, 0, 1];
    // 40 rows: two whole blocks of outputs and a part, each row at every lane in turn.
    for shift in 0..rows.len() {
        let data: Vec<f32> = (0..40).flat_map(|i| rows[(i + shift) % rows.len()]).collect();
        bind!(let n: R = 40);
        let x = TensorRef::from_shape(dims![n, 4], &data).unwrap();
        let min = x.lazy().argmin_axes::<axes![1]>().eval();
        let max = (x.lazy() * 1.0).argmax_axes::<axes![1]>().eval();
        let (least, most) = (x.lazy().min_axes::<axes![1]>().eval(), x.lazy().max_axes::<axes![1]>().eval());
        for i in 0..40 {
            let row = &rows[(i + shift) % rows.len()];
            assert_eq!(min.as_slice()[i], want_min[(i + shift) % rows.len()], "argmin of row {i}");
            assert_eq!(max.as_slice()[i], want_max[(i + shift) % rows.len()], "argmax of row {i}");
            // The values at those positions (NaN only where every element is).
            assert_eq!(
                least.as_slice()[i].to_bits(),
                row[want_min[(i + shift) % rows.len()]].to_bits(),
                "min of row {i}"
            );
            assert_eq!(
                most.as_slice()[i].to_bits(),
                row[want_max[(i + shift) % rows.len()]].to_bits(),
                "max of row {i}"
            );
        }
    }
}

/// Checks the maxima and minima of `x` over axis `axis` of `[rows, cols]` `data`, and their
/// positions, against the plain loops of [`first_best`].
fn check_picks(
    data: &[f64],
    dims: (usize, usize),
    axis: usize,
    got: [(Vec<f64>, Vec<usize>); 2],
    what: &str,
) {
    for ((values, positions), (better, name)) in
        got.into_iter().zip([(greater as fn(f64, f64) -> bool, "max"), (less, "min")])
    {
        let want = first_best(data, dims, &[axis], better).unwrap();
        for (o, (&(v, at), (&got_v, &got_at))) in want.iter().zip(values.iter().zip(&positions)).enumerate() {
            assert!(
                got_v.to_bits() == v.to_bits() || (got_v.is_nan() && v.is_nan()),
                "{what}: {name} of output {o}: {got_v} against {v}"
            );
            assert_eq!(got_at, at, "{what}: position of the {name} of output {o}");
        }
    }
}

/// Long rows (each folded alone, in lanes along the row) and long columns (folded together, a
/// tile of them down the rows), where a lane starts at NaN and the answer lies later in that
/// lane: the lanes stepped by one compare are folded again, and each answer is the documented
/// one (NaN ignored unless every element is NaN, the first of ties).
#[test]
fn long_folds_whose_lanes_start_at_nan() {
    const C: usize = 259; // past the length folded one output at a time, not whole blocks
    let rows = 40;
    let mut data = whole(rows * C, 7, false);
    for (r, row) in data.chunks_exact_mut(C).enumerate() {
        if r % 5 == 4 {
            row.fill(f64::NAN);
        } else {
            row[r % 16] = f64::NAN;
            row[r % 16 + 16 * (1 + r % 7)] = if r % 2 == 0 { 100.0 } else { -100.0 };
        }
    }
    bind!(let n: R = rows);
    let x = TensorRef::from_shape(dims![n, 259], &data).unwrap();
    let got = [
        (x.lazy().max_axes::<axes![1]>().eval(), x.lazy().argmax_axes::<axes![1]>().eval()),
        (x.lazy().min_axes::<axes![1]>().eval(), (x.lazy() * 1.0).argmin_axes::<axes![1]>().eval()),
    ]
    .map(|(v, p)| (v.as_slice().to_vec(), p.as_slice().to_vec()));
    check_picks(&data, (rows, C), 1, got, "rows of 259");

    // Columns of 2 blocks (one strip, its folds in registers, at any size), of 3 within the
    // first-level cache (strip by strip, the last strip a lone block), of 4 and of 10 (in a tile
    // in memory).
    macro_rules! columns {
        ($rows:literal, $k:literal) => {{
            let (rows, k) = ($rows, $k);
            let mut data = whole(rows * k, 11, false);
            for c in 0..k {
                match c % 4 {
                    0 => (0..rows).for_each(|r| data[r * k + c] = f64::NAN),
                    1 => data[c] = f64::NAN,
                    _ => {
                        data[c] = f64::NAN;
                        data[(7 + c % (rows - 10)) * k + c] = 50.0;
                        data[(9 + c % (rows - 10)) * k + c] = -50.0;
                    }
                }
            }
            bind!(let m: Q = rows);
            let y = TensorRef::from_shape(dims![m, $k], &data).unwrap();
            // The tensor itself (folded by the kernels over slices, but for the positions over
            // wide rows) and through a map (in the pass, strip by strip or in a tile).
            macro_rules! picks {
                ($e:expr, $what:literal) => {{
                    let max = $e.try_max_axes::<axes![0]>().unwrap().eval();
                    let argmax = $e.try_argmax_axes::<axes![0]>().unwrap().eval();
                    let min = $e.try_min_axes::<axes![0]>().unwrap().eval();
                    let argmin = $e.try_argmin_axes::<axes![0]>().unwrap().eval();
                    let got = [(max, argmax), (min, argmin)].map(|(v, p)| (v.as_slice().to_vec(), p.as_slice().to_vec()));
                    check_picks(&data, (rows, k), 0, got, concat!("columns of ", $rows, ", ", $k, " of them, ", $what));
                }};
            }
            picks!(y.lazy(), "the tensor");
            picks!(y.lazy().map(|v| v), "mapped");
        }};
    }
    columns!(200, 32);
    columns!(2000, 32);
    columns!(60, 48);
    columns!(200, 64);
    columns!(200, 160);
}

/// Rows of whole blocks, each folded along the row (sums from 16 elements, maxima and
/// positions from 64), 16 rows at a time: with run-time and fixed row lengths, full blocks of
/// rows and a last part, and NaN at the start of a lane, against the plain loops.
#[test]
fn rows_of_whole_blocks_folded_along() {
    fn check(
        data: &[f64],
        (rows, c): (usize, usize),
        sums: Vec<f64>,
        means: Vec<f64>,
        picks: [(Vec<f64>, Vec<usize>); 2],
    ) {
        let doubled: Vec<f64> = data.iter().map(|v| v * 2.0).collect();
        assert!(same_bits(&sums, &sum_axis(&doubled, (rows, c), 1)), "sums of rows of {c}");
        let want: Vec<f64> = sum_axis(data, (rows, c), 1).iter().map(|s| s / c as f64).collect();
        assert!(same_bits(&means, &want), "means of rows of {c}");
        check_picks(data, (rows, c), 1, picks, &format!("rows of {c}"));
    }
    fn data(rows: usize, c: usize, seed: u64) -> Vec<f64> {
        // The answer in the last block; in some rows a NaN at the start of its lane (which
        // the quicker step keeps), in others every element NaN.
        let mut data = whole(rows * c, seed, false);
        for (r, row) in data.chunks_exact_mut(c).enumerate() {
            row[c - 16 + r % 16] = if r % 2 == 0 { 100.0 } else { -100.0 };
            match r % 6 {
                5 => row.fill(f64::NAN),
                4 => row[r % 16] = f64::NAN,
                3 => {
                    // Tied maxima told apart by their bits: the first, -0, is the one kept.
                    row.fill(-1.0);
                    row[0] = -0.0;
                    row[c / 2 + 1] = 0.0;
                }
                _ => {}
            }
        }
        data
    }
    for (rows, seed) in [(16, 1), (37, 2), (40, 3)] {
        for c in [16, 32, 48, 64, 96, 128, 256, 272] {
            let xs = data(rows, c, seed);
            bind!(let rr: R = rows);
            bind!(let cc: Q = c);
            let x = TensorRef::from_shape(dims![rr, cc], &xs).unwrap();
            let picks = [
                (
                    x.lazy().try_max_axes::<axes![1]>().unwrap().eval(),
                    x.lazy().try_argmax_axes::<axes![1]>().unwrap().eval(),
                ),
                (
                    (x.lazy() * 1.0).try_min_axes::<axes![1]>().unwrap().eval(),
                    x.lazy().try_argmin_axes::<axes![1]>().unwrap().eval(),
                ),
            ]
            .map(|(v, p)| (v.as_slice().to_vec(), p.as_slice().to_vec()));
            let sums = (x.lazy() * 2.0).sum_axes::<axes![1]>().eval().as_slice().to_vec();
            let means = x.lazy().mean_axes::<axes![1]>().eval().as_slice().to_vec();
            check(&xs, (rows, c), sums, means, picks);
            // With an operand the same for every row (a dot product's vector): each row is
            // entered where it starts.
            let (ones, twos) = (vec![1.0; c], vec![2.0; c]);
            let (one, two) = (
                TensorRef::from_shape(dims![cc], &ones).unwrap(),
                TensorRef::from_shape(dims![cc], &twos).unwrap(),
            );
            let picks = [
                (
                    (x.lazy() * &one).try_max_axes::<axes![1]>().unwrap().eval(),
                    (x.lazy() * &one).try_argmax_axes::<axes![1]>().unwrap().eval(),
                ),
                (
                    (x.lazy() * &one).try_min_axes::<axes![1]>().unwrap().eval(),
                    (x.lazy() * &one).try_argmin_axes::<axes![1]>().unwrap().eval(),
                ),
            ]
            .map(|(v, p)| (v.as_slice().to_vec(), p.as_slice().to_vec()));
            let sums = (x.lazy() * &two).sum_axes::<axes![1]>().eval().as_slice().to_vec();
            let means = (x.lazy() * &one).mean_axes::<axes![1]>().eval().as_slice().to_vec();
            check(&xs, (rows, c), sums, means, picks);
        }
        // Fixed row lengths: the pass planned while the program compiles.
        macro_rules! fixed {
            ($($c:literal)*) => {$({
                let xs = data(rows, $c, seed);
                bind!(let rr: R = rows);
                let x = TensorRef::from_shape(dims![rr, $c], &xs).unwrap();
                let picks = [
                    (x.lazy().max_axes::<axes![1]>().eval(), x.lazy().argmax_axes::<axes![1]>().eval()),
                    ((x.lazy() * 1.0).min_axes::<axes![1]>().eval(), x.lazy().argmin_axes::<axes![1]>().eval()),
                ]
                .map(|(v, p)| (v.as_slice().to_vec(), p.as_slice().to_vec()));
                let sums = (x.lazy() * 2.0).sum_axes::<axes![1]>().eval().as_slice().to_vec();
                let means = x.lazy().mean_axes::<axes![1]>().eval().as_slice().to_vec();
                check(&xs, (rows, $c), sums, means, picks);
            })*};
        }
        fixed!(16 32 128 256);
    }
}

/// Neighbouring reduced axes that every operand steps over as one (an image's rows and
/// columns) are folded as one long axis: channel statistics of `[B, C, H, W]` over `(0, 2, 3)`
/// and `(2, 3)`, sums, means, maxima and their positions (flat indices within the reduced axes),
/// with run-time and fixed batches, against plain loops over every coordinate.
#[test]
fn neighbouring_reduced_axes_fold_as_one() {
    /// The fold of each output of `data` (shape `dims`) over `axes`: the first best element by
    /// `better` (NaN ignored unless all are) and its flat index within the axes, and the sum.
    fn naive(
        data: &[f64],
        dims: &[usize],
        axes: &[usize],
        better: fn(f64, f64) -> bool,
    ) -> (Vec<(f64, usize)>, Vec<f64>) {
        let kept: Vec<usize> = (0..dims.len()).filter(|a| !axes.contains(a)).collect();
        let outs: usize = kept.iter().map(|&a| dims[a]).product();
        let (mut best, mut sums) = (vec![None::<(f64, usize)>; outs], vec![0.0; outs]);
        for (i, c) in naive::coords(dims).iter().enumerate() {
            let o = kept.iter().fold(0, |o, &a| o * dims[a] + c[a]);
            let at = axes.iter().fold(0, |k, &a| k * dims[a] + c[a]);
            let x = data[i];
            sums[o] += x;
            best[o] = match best[o] {
                Some((b, _)) if !(better(x, b) || (b.is_nan() && !x.is_nan())) => best[o],
                _ => Some((x, at)),
            };
        }
        (best.into_iter().map(|b| b.unwrap()).collect(), sums)
    }
    fn check(
        data: &[f64],
        dims: &[usize],
        axes: &[usize],
        got: [(Vec<f64>, Vec<usize>); 2],
        sums: Vec<f64>,
        means: Vec<f64>,
    ) {
        for ((values, positions), (better, name)) in
            got.into_iter().zip([(greater as fn(f64, f64) -> bool, "max"), (less, "min")])
        {
            let (want, want_sums) = naive(data, dims, axes, better);
            assert!(
                same_bits(&values, &want.iter().map(|w| w.0).collect::<Vec<_>>()),
                "{name} over {axes:?} of {dims:?}"
            );
            assert_eq!(
                positions,
                want.iter().map(|w| w.1).collect::<Vec<_>>(),
                "{name} positions over {axes:?} of {dims:?}"
            );
            let count: usize = axes.iter().map(|&a| dims[a]).product();
            assert!(same_bits(&sums, &want_sums), "sums over {axes:?} of {dims:?}");
            assert!(
                same_bits(&means, &want_sums.iter().map(|s| s / count as f64).collect::<Vec<_>>()),
                "means over {axes:?} of {dims:?}"
            );
        }
    }
    for (b, seed) in [(1, 3), (5, 4), (17, 5)] {
        let dims = [b, 3, 16, 32];
        let mut data = whole(dims.iter().product(), seed, false);
        // A NaN at the start of a lane, and an answer later in it, in one channel's image.
        data[512] = f64::NAN;
        data[512 + 16 * 20] = 100.0;
        bind!(let n: R = b);
        let x = TensorRef::from_shape(dims![n, 3, 16, 32], &data).unwrap();
        let f = Tensor::<f64, shape![3, 16, 32]>::from_slice(&data[..3 * 512]).unwrap();
        macro_rules! both {
            ($x:expr, $dims:expr, [$($a:literal),*]) => {{
                let got = [
                    ($x.lazy().try_max_axes::<axes![$($a),*]>().unwrap().eval().as_slice().to_vec(), $x.lazy().try_argmax_axes::<axes![$($a),*]>().unwrap().eval().as_slice().to_vec()),
                    (($x.lazy() * 1.0).try_min_axes::<axes![$($a),*]>().unwrap().eval().as_slice().to_vec(), $x.lazy().try_argmin_axes::<axes![$($a),*]>().unwrap().eval().as_slice().to_vec()),
                ];
                let sums = $x.lazy().sum_axes::<axes![$($a),*]>().eval().as_slice().to_vec();
                let means = ($x.lazy() + 0.0).mean_axes::<axes![$($a),*]>().eval().as_slice().to_vec();
                check(&data[..$dims.iter().product::<usize>()], &$dims, &[$($a),*], got, sums, means);
            }};
        }
        both!(x, dims, [0, 2, 3]);
        both!(x, dims, [2, 3]);
        both!(x, dims, [1, 2, 3]);
        both!(f, [3, 16, 32], [1, 2]);
        both!(f, [3, 16, 32], [0, 1, 2]);
    }
}

/// The naive `sum_to`: each element of `data` (shape `shape`) added into the element of `to`
/// that broadcasts onto it by NumPy's rule.
fn naive_sum_to(data: &[f64], shape: &[usize], to: &[usize]) -> Vec<f64> {
    let map = naive::numpy_map(to.len(), shape.len());
    let mut out = vec![0.0; to.iter().product()];
    for (c, &x) in naive::coords(shape).iter().zip(data) {
        out[naive::ravel(&naive::source(c, to, &map), to)] += x;
    }
    out
}

/// Whether two float slices are equal, NaN equal to NaN.
fn same_values(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `sum_to` of an expression of `[R, 3, 4]` onto every kind of target: leading axes removed,
    /// size-1 axes kept, the run-time axis kept as itself, all at once, and used inside a larger
    /// expression; against the naive sum and the eager `sum_to` of the materialized expression.
    /// The values are quarters, infinities and NaN, so any order of adding gives the same sum.
    #[test]
    fn sum_to_of_expressions(r in 0usize..=6, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let shape = [r, 3, 4];
        let xs = floats(r * 12, seed);
        let x = TensorRef::from_shape(dims![rr, 3, 4], &xs).unwrap();
        let a = Tensor::<f64, shape![3, 1]>::from_slice(&floats(3, seed >> 7)).unwrap();
        let b = Tensor::<f64, shape![4]>::from_slice(&floats(4, seed >> 13)).unwrap();
        let e = || x.lazy() * &a + &b;
        let full = e().eval();
        let want = |to: &[usize]| naive_sum_to(full.as_slice(), &shape, to);
        macro_rules! to {
            ($($S:ty => $to:expr),* $(,)?) => {$(
                let got = e().sum_to::<$S>().eval();
                prop_assert_eq!(got.shape().extents().as_ref().to_vec(), $to.to_vec());
                prop_assert!(same_values(got.as_slice(), &want(&$to)), "{:?}: {:?}", $to, got.as_slice());
                let eager = full.sum_to::<$S>();
                prop_assert!(same_values(got.as_slice(), eager.as_slice()));
            )*};
        }
        to! {
            shape![4] => [4],
            shape![3, 1] => [3, 1],
            shape![1, 4] => [1, 4],
            shape![] => [0usize; 0],
            shape![1, 1, 1] => [1, 1, 1],
            shape![1, 3, 4] => [1, 3, 4],
            shape![R, 1, 4] => [r, 1, 4],
            shape![R, 3, 1] => [r, 3, 1],
            shape![R, 3, 4] => [r, 3, 4],
        }
        // Inside a larger expression: each row less its share of the column sums of `[3, 1]`.
        let centred = (e() - e().sum_to::<shape![3, 1]>() / 4.0).eval();
        let sums = want(&[3, 1]);
        let want: Vec<f64> = full.as_slice().iter().enumerate().map(|(i, &v)| v - sums[i / 4 % 3] / 4.0).collect();
        prop_assert!(same_bits(centred.as_slice(), &want));
        // Into a buffer, and of integers (exact whatever the order).
        let ints: Vec<i64> = (0..r as i64 * 12).map(|i| (i * 7919 + seed as i64 % 1000) % 97 - 48).collect();
        let n = TensorRef::from_shape(dims![rr, 3, 4], &ints).unwrap();
        let mut col = [i64::MIN; 3];
        (n.lazy() * 3 - 1).sum_to::<shape![3, 1]>().eval_into(&mut TensorMut::<i64, shape![3, 1]>::new(&mut col).unwrap());
        let mut want = [0i64; 3];
        for (i, &v) in ints.iter().enumerate() {
            want[i / 4 % 3] += v * 3 - 1;
        }
        prop_assert_eq!(col, want);
    }
}

/// A row's statistic stretched back along its row (`x - x.mean_keepdims::<axes![2]>()`), which
/// the pass folds for 16 rows at once, ahead of them, while 16 rows or more are left (the
/// others one row at a time): fewer rows than 16, exactly 16, and more, under an outer axis
/// along which every step starts the rows again; means and maxima (a NaN at the start of a
/// lane, rows all NaN), run-time and fixed row lengths, and the statistic read inside another
/// reduction's fold (a variance).
#[test]
fn row_statistics_stretched_along_their_rows() {
    struct A;
    fn data(rows: usize, c: usize, seed: u64) -> Vec<f64> {
        let mut data = whole(rows * c, seed, false);
        for (r, row) in data.chunks_exact_mut(c).enumerate() {
            row[c - 16 + r % 16] = 50.0 + r as f64;
            match r % 7 {
                6 => row.fill(f64::NAN),
                0 | 4 => row[r % 16] = f64::NAN,
                _ => {}
            }
        }
        data
    }
    /// Each element less its row's mean and less its row's maximum (NaN ignored unless the
    /// whole row is NaN), and each row's variance.
    fn want(xs: &[f64], c: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let (mut centred, mut above, mut variance) = (vec![], vec![], vec![]);
        for row in xs.chunks_exact(c) {
            let mean = row.iter().fold(0.0, |a, v| a + v) / c as f64;
            let max = row.iter().fold(f64::NAN, |m, &v| if arg_better(v, m) { v } else { m });
            centred.extend(row.iter().map(|v| v - mean));
            above.extend(row.iter().map(|v| v - max));
            variance.push(row.iter().map(|v| (v - mean) * (v - mean)).fold(0.0, |a, v| a + v) / c as f64);
        }
        (centred, above, variance)
    }
    /// Whether `got` is `want` but for rounding (a variance's lanes add in another order).
    fn close(got: &[f64], want: &[f64]) -> bool {
        got.len() == want.len()
            && want
                .iter()
                .zip(got)
                .all(|(w, g)| (w.is_nan() && g.is_nan()) || (w - g).abs() <= 1e-12 * w.abs().max(1.0))
    }
    fn check(xs: &[f64], c: usize, got: (&[f64], &[f64], &[f64]), what: &str) {
        let (centred, above, variance) = want(xs, c);
        assert!(same_values(got.0, &centred), "{what}: x - mean");
        assert!(same_values(got.1, &above), "{what}: x - max");
        assert!(close(got.2, &variance), "{what}: variance");
    }
    /// Each element less its row's mean, over its row's deviation (a layer norm): a statistic
    /// read inside another's fold, both stretched along the row.
    fn normalized(xs: &[f64], c: usize) -> Vec<f64> {
        let (centred, _, variance) = want(xs, c);
        centred
            .chunks_exact(c)
            .zip(&variance)
            .flat_map(|(row, v)| row.iter().map(move |x| x / (v + 1.0).sqrt()))
            .collect()
    }
    for (outer, rows, seed) in [(1, 5, 1), (1, 16, 2), (3, 17, 3), (2, 40, 4), (2, 1, 5), (3, 16, 6)] {
        for c in [16, 64, 96, 128] {
            let xs = data(outer * rows, c, seed);
            bind!(let aa: A = outer);
            bind!(let rr: R = rows);
            bind!(let cc: Q = c);
            let x = TensorRef::from_shape(dims![aa, rr, cc], &xs).unwrap();
            let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![2]>()).eval();
            let above = (x.lazy() - x.lazy().try_max_keepdims::<axes![2]>().unwrap()).eval();
            let mean = x.lazy().mean_keepdims::<axes![2]>();
            let variance = (x.lazy() - mean).powi(2).mean_axes::<axes![2]>().eval();
            let what = format!("[{outer}, {rows}, {c}]");
            check(&xs, c, (centred.as_slice(), above.as_slice(), variance.as_slice()), &what);
            // With an operand the same at every step of the outer axis, that axis is a loop of
            // its own, each step starting the rows again.
            let zeros = vec![0.0; rows];
            let z = TensorRef::from_shape(dims![rr, 1], &zeros).unwrap();
            let restarted = (x.lazy() - x.lazy().mean_keepdims::<axes![2]>() + &z).eval();
            assert!(same_values(restarted.as_slice(), centred.as_slice()), "{what}: x - mean + z");
            // A layer norm in one expression, with and without the rows started again.
            let c_ = x.lazy() - x.lazy().mean_keepdims::<axes![2]>();
            let deviation = (c_.powi(2).mean_keepdims::<axes![2]>() + 1.0).sqrt();
            let norm = (c_ / deviation).eval();
            assert!(close(norm.as_slice(), &normalized(&xs, c)), "{what}: layer norm");
            let norm = (c_ / deviation + &z).eval();
            assert!(close(norm.as_slice(), &normalized(&xs, c)), "{what}: layer norm + z");
            let variance = (c_.powi(2).mean_axes::<axes![2]>() + z.lazy().sum_axes::<axes![1]>()).eval();
            assert!(close(variance.as_slice(), &want(&xs, c).2), "{what}: variance + z");
        }
        // Fixed row lengths: the pass planned while the program compiles.
        macro_rules! fixed {
            ($($c:literal)*) => {$({
                let xs = data(outer * rows, $c, seed);
                bind!(let aa: A = outer);
                bind!(let rr: R = rows);
                let x = TensorRef::from_shape(dims![aa, rr, $c], &xs).unwrap();
                let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![2]>()).eval();
                let above = (x.lazy() - x.lazy().max_keepdims::<axes![2]>()).eval();
                let mean = x.lazy().mean_keepdims::<axes![2]>();
                let variance = (x.lazy() - mean).powi(2).mean_axes::<axes![2]>().eval();
                let what = format!("[{outer}, {rows}, {}] fixed", $c);
                check(&xs, $c, (centred.as_slice(), above.as_slice(), variance.as_slice()), &what);
                let c_ = x.lazy() - mean;
                let norm = (c_ / (c_.powi(2).mean_keepdims::<axes![2]>() + 1.0).sqrt()).eval();
                assert!(close(norm.as_slice(), &normalized(&xs, $c)), "{what}: layer norm");
            })*};
        }
        fixed!(16 64 128);
    }
}

/// A costly function (a square root, a reciprocal, an exponential) of an operand that is the
/// same all along each row is computed once per row and kept: what is kept is forgotten at
/// the next row, when a sweep starts again, and at each step of a fold around it.
#[test]
fn costly_functions_of_row_statistics_kept_per_row() {
    struct A;
    // `v + 1` a power of 4 in each row, so that every result and every sum is exact.
    let want = |xs: &[f64], vs: &[f64], c: usize| -> Vec<f64> {
        xs.chunks_exact(c)
            .zip(vs)
            .flat_map(|(row, v)| row.iter().map(move |x| x * (v + 1.0).sqrt().recip()))
            .collect()
    };
    for (outer, rows) in [(1, 1), (1, 5), (2, 17), (3, 16), (2, 40)] {
        for c in [1, 3, 16, 40, 64] {
            let xs: Vec<f64> = (0..outer * rows * c).map(|i| (i % 11) as f64 - 5.0).collect();
            let vs: Vec<f64> = (0..outer * rows).map(|r| 4f64.powi(r as i32 % 4) - 1.0).collect();
            bind!(let aa: A = outer);
            bind!(let rr: R = rows);
            bind!(let cc: Q = c);
            let x = TensorRef::from_shape(dims![aa, rr, cc], &xs).unwrap();
            let v = TensorRef::from_shape(dims![aa, rr, 1], &vs).unwrap();
            let what = format!("[{outer}, {rows}, {c}]");
            let scaled = (x.lazy() * (v.lazy() + 1.0).sqrt().recip()).eval();
            assert_eq!(scaled.as_slice(), want(&xs, &vs, c), "{what}");
            // One that varies along the row is computed for every block.
            let squares: Vec<f64> = xs.iter().map(|x| x * x).collect();
            let sq = TensorRef::from_shape(dims![aa, rr, cc], &squares).unwrap();
            let roots = (sq.lazy().sqrt() * (v.lazy() + 1.0).sqrt().recip()).eval();
            let abs: Vec<f64> = xs.iter().map(|x| x.abs()).collect();
            assert_eq!(roots.as_slice(), want(&abs, &vs, c), "{what}: roots");
            // Each step of the outer axis starts the rows again.
            let zeros = vec![0.0; rows];
            let z = TensorRef::from_shape(dims![rr, 1], &zeros).unwrap();
            let restarted = (x.lazy() * (v.lazy() + 1.0).sqrt().recip() + &z).eval();
            assert_eq!(restarted.as_slice(), want(&xs, &vs, c), "{what} + z");
            // Folded down the columns: the rows' values change at every step of the fold.
            let sums = (x.lazy() * (v.lazy() + 1.0).sqrt().recip()).sum_axes::<axes![1]>().eval();
            let scaled = want(&xs, &vs, c);
            let mut expected = vec![0.0; outer * c];
            for (i, s) in scaled.iter().enumerate() {
                expected[i / (rows * c) * c + i % c] += s;
            }
            assert_eq!(sums.as_slice(), expected, "{what}: column sums");
        }
    }
    // Fixed sizes: the pass planned while the program compiles.
    let xs: Vec<f64> = (0..3 * 40 * 16).map(|i| (i % 7) as f64).collect();
    let vs: Vec<f64> = (0..3 * 40).map(|r: i32| 4f64.powi(r % 3) - 1.0).collect();
    let x = Tensor::<f64, shape![3, 40, 16]>::from_slice(&xs).unwrap();
    let v = Tensor::<f64, shape![3, 40, 1]>::from_slice(&vs).unwrap();
    let scaled = (x.lazy() * (v.lazy() + 1.0).sqrt().recip()).eval();
    assert_eq!(scaled.as_slice(), want(&xs, &vs, 16), "fixed");
    let sums = (x.lazy() * (v.lazy() + 1.0).sqrt().recip()).sum_axes::<axes![1]>().eval();
    let mut expected = vec![0.0; 3 * 16];
    for (i, s) in want(&xs, &vs, 16).iter().enumerate() {
        expected[i / (40 * 16) * 16 + i % 16] += s;
    }
    assert_eq!(sums.as_slice(), expected, "fixed: column sums");
}

/// Fixed sizes, one operand: neighbouring blocks of outputs folded two at a time, where the
/// run has room for both (and the last block of an odd run alone). Columns and rows of
/// `[A, R, C]` for several `C`, summed (exact: whole numbers), their maxima, minima and their
/// positions found (NaN at the start of a lane, ties), each output checked against the plain
/// loops (`check_picks`): a
/// pair's second block is the right one, also after the outer axis moves to the next matrix.
#[test]
fn neighbouring_blocks_folded_in_pairs() {
    macro_rules! check {
        ($a:literal, $r:literal, $c:literal) => {{
            let (a, r, c) = ($a, $r, $c);
            let mut data = whole(a * r * c, 5 + c as u64, true);
            // Lanes that start at NaN, with the answer further down or along.
            for m in 0..a {
                for j in (0..c).step_by(3) {
                    data[m * r * c + j] = f64::NAN;
                }
                for i in (0..r).step_by(4) {
                    data[m * r * c + i * c] = f64::NAN;
                }
            }
            let x = Tensor::<f64, shape![$a, $r, $c]>::from_slice(&data).unwrap();
            check!(@ x.lazy(), "the tensor", data, a, r, c);
            // Through a map: folded in the pass, not by the kernels over slices.
            check!(@ x.lazy().map(|v| v), "mapped", data, a, r, c);
        }};
        (@ $x:expr, $form:literal, $data:ident, $a:ident, $r:ident, $c:ident) => {{
            let (data, a, r, c) = (&$data, $a, $r, $c);
            let columns = $x.sum_axes::<axes![1]>().eval();
            let rows = $x.sum_axes::<axes![2]>().eval();
            let picks = |v: &[f64], p: &[usize], n: usize, m: usize| {
                (v[m * n..(m + 1) * n].to_vec(), p[m * n..(m + 1) * n].to_vec())
            };
            let (col_max, col_at) =
                ($x.max_axes::<axes![1]>().eval(), $x.argmax_axes::<axes![1]>().eval());
            let (col_min, col_min_at) =
                ($x.min_axes::<axes![1]>().eval(), $x.argmin_axes::<axes![1]>().eval());
            let (row_max, row_at) =
                ($x.max_axes::<axes![2]>().eval(), $x.argmax_axes::<axes![2]>().eval());
            let (row_min, row_min_at) =
                ($x.min_axes::<axes![2]>().eval(), $x.argmin_axes::<axes![2]>().eval());
            for m in 0..a {
                let matrix = &data[m * r * c..(m + 1) * r * c];
                let what = format!("[{a}, {r}, {c}], matrix {m}, {}", $form);
                let got = &columns.as_slice()[m * c..(m + 1) * c];
                assert!(same_bits(got, &sum_axis(matrix, (r, c), 0)), "{what}: column sums {got:?}");
                let got = &rows.as_slice()[m * r..(m + 1) * r];
                assert!(same_bits(got, &sum_axis(matrix, (r, c), 1)), "{what}: row sums {got:?}");
                let got = [
                    picks(col_max.as_slice(), col_at.as_slice(), c, m),
                    picks(col_min.as_slice(), col_min_at.as_slice(), c, m),
                ];
                check_picks(matrix, (r, c), 0, got, &format!("{what}, columns"));
                let got = [
                    picks(row_max.as_slice(), row_at.as_slice(), r, m),
                    picks(row_min.as_slice(), row_min_at.as_slice(), r, m),
                ];
                check_picks(matrix, (r, c), 1, got, &format!("{what}, rows"));
            }
        }};
    }
    check!(1, 64, 64);
    check!(3, 20, 48);
    check!(2, 7, 40);
    check!(2, 33, 8);
    check!(3, 9, 80);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A tensor's own reductions, written as expressions: folded by the kernels over slices that
    /// the eager reductions run where each output folds a column (its outputs lie in a row),
    /// and in the pass otherwise. Over each axis of `[R, Q]` (both from 0 to 40, so that a
    /// row of outputs is narrower, as wide as and wider than two blocks), removed and kept as
    /// size 1, into a new tensor and into a buffer, with `sum_to`: against the plain loops and
    /// the eager reductions, NaN, ties and empty axes included (the values are small integers,
    /// so any order of adding gives the same sum).
    #[test]
    fn a_tensors_own_reductions(r in 0usize..=40, c in 0usize..=40, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let cc: Q = c);
        let xs = whole(r * c, seed, true);
        let x = TensorRef::from_shape(dims![rr, cc], &xs).unwrap();
        macro_rules! over {
            ($axis:literal, $kept:expr) => {{
                let what = format!("[{r}, {c}] over axis {}", $axis);
                let sums = sum_axis(&xs, (r, c), $axis);
                let got = x.lazy().sum_axes::<axes![$axis]>().eval();
                prop_assert!(same_bits(got.as_slice(), &sums), "{}: sums", what);
                prop_assert!(same_bits(got.as_slice(), x.sum_axes::<axes![$axis]>().as_slice()), "{}: eager sums", what);
                let mut kept = vec![-1.0; sums.len()];
                x.lazy().sum_keepdims::<axes![$axis]>().eval_into(&mut TensorMut::from_shape($kept, &mut kept).unwrap());
                prop_assert!(same_bits(&kept, &sums), "{}: kept sums into a buffer", what);
                let count = if $axis == 0 { r } else { c } as f64;
                let means: Vec<f64> = sums.iter().map(|s| s / count).collect();
                prop_assert!(same_bits(x.lazy().mean_axes::<axes![$axis]>().eval().as_slice(), &means), "{}: means", what);
                for (better, name) in [(greater as fn(f64, f64) -> bool, "max"), (less, "min")] {
                    let want = first_best(&xs, (r, c), &[$axis], better);
                    let (v, at) = if name == "max" {
                        (x.lazy().try_max_axes::<axes![$axis]>().map(|e| e.eval().as_slice().to_vec()),
                         x.lazy().try_argmax_keepdims::<axes![$axis]>().map(|e| e.eval().as_slice().to_vec()))
                    } else {
                        (x.lazy().try_min_keepdims::<axes![$axis]>().map(|e| e.eval().as_slice().to_vec()),
                         x.lazy().try_argmin_axes::<axes![$axis]>().map(|e| e.eval().as_slice().to_vec()))
                    };
                    prop_assert!(same_opt(v, values(&want)), "{}: {}", what, name);
                    prop_assert_eq!(at, positions(&want), "{}: position of the {}", what, name);
                }
                // Into a buffer: every element written, or none when there is no maximum.
                let mut top = vec![-7.0; sums.len()];
                if let Some(e) = x.lazy().try_max_axes::<axes![$axis]>() {
                    let mut out = TensorMut::from_shape(e.shape(), &mut top).unwrap();
                    e.eval_into(&mut out);
                    prop_assert!(same_opt(Some(top), values(&first_best(&xs, (r, c), &[$axis], greater))), "{}: maxima into a buffer", what);
                }
            }};
        }
        over!(0, dims![1, cc]);
        over!(1, dims![rr, 1]);
        let to = x.lazy().sum_to::<shape![Q]>().eval();
        prop_assert!(same_bits(to.as_slice(), &sum_axis(&xs, (r, c), 0)), "[{}, {}] summed to [Q]", r, c);
    }
}

/// The hidden hook by which a tensor's own reduction is evaluated outside the pass is reachable
/// through `IntoExpression`: an output of the wrong length is refused (`false`, nothing
/// written), not indexed past, whether or not the caller says the way was chosen already; and
/// told so where the pass would have been faster, it still computes the right values.
#[test]
fn a_reduction_evaluated_alone_refuses_a_wrong_length() {
    use shapecast::expr::{Expression, IntoExpression};
    let x = Tensor::<f64, shape![4, 3]>::from_slice(&whole(12, 3, false)).unwrap();
    let e = x.lazy().sum_axes::<axes![0]>().into_expression();
    for len in [0, 1, 2, 4, 100] {
        for chosen in [false, true] {
            let mut out = vec![7.0; len];
            assert!(!e.alone(&mut out, chosen), "length {len}");
            assert!(out.iter().all(|&o| o == 7.0), "length {len}: nothing written");
        }
    }
    let mut out = [7.0; 3];
    assert!(e.alone(&mut out, false));
    assert!(same_bits(&out, &sum_axis(x.as_slice(), (4, 3), 0)));
    // Row sums: the pass's, which this hook does not choose unless told.
    let rows = x.lazy().sum_axes::<axes![1]>().into_expression();
    let mut out = [7.0; 4];
    assert!(!rows.alone(&mut out, false));
    assert!(rows.alone(&mut out, true));
    assert!(same_bits(&out, &sum_axis(x.as_slice(), (4, 3), 1)));
}
