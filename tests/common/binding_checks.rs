//! Binding run-time sizes from data, on arbitrary bytes: the check shared by the fuzz target
//! `fuzz/fuzz_targets/binding.rs` and the stable replay of its corpus (`tests/test_fuzz_binding.rs`).
//!
//! Each input is decoded into two run-time sizes (small, or huge) and the lengths of three
//! buffers that should hold `[Rows, 4]`, `[Rows, 1]` and `[Cols, 4]`. Data enters only through
//! `from_shape`, which must accept exactly the right lengths (products computed without
//! overflow) and refuse every other with the exact error, writing nothing; whatever enters is
//! then put through the operations, each checked against a plain loop here, and the checked
//! conversion between the two bindings must succeed exactly when the sizes agree.
//!
//! The bytes after those (none in older corpus files, which then read zeros) bind two more
//! sizes, `P` and `Q`, drawn from the edges (0, 1, small, a power of two, near `isize::MAX` or
//! `usize::MAX`), so that a huge size beside a 0 is common: `[P, Q]` then enters with no
//! elements. Every reduction, eager, `_into` and fused, runs over `[P, Q]`, `[P, 0]` and
//! `[Rows, 4]` along axis 0, axis 1 and both, against plain loops (`None` exactly when a reduced
//! axis is empty, with an `_into` output left as it was; sums 0 and means NaN there), and the conversions (`cast_shape`, `to_fixed`,
//! `broadcast_to_shape`, `broadcast_view_shape`, `as_ndarray`) must succeed exactly when their
//! rule says. No call may take long: none may loop over a huge size.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use shapecast::dynamic::ErrorKind;
use shapecast::prelude::*;

struct Rows;
struct Cols;
struct P;
struct Q;

/// The longest one call may take.
const CALL_LIMIT: Duration = Duration::from_secs(2);

/// The most elements a result the check asks for may have (a sum over an empty axis still fills
/// its kept axes: `[2^62, 0]` summed over axis 1 is 2^62 zeros, which no machine holds).
const OUT_LIMIT: usize = 1 << 12;

/// The bytes, read front to back; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    /// A size: mostly small (0 to 63), sometimes near a power of two or `usize::MAX`.
    fn size(&mut self) -> usize {
        match self.byte() {
            0..=199 => usize::from(self.byte() % 64),
            200..=239 => 1usize << (self.byte() % 64),
            240..=249 => usize::MAX - usize::from(self.byte() % 4),
            _ => usize::from(self.byte()) << 8 | usize::from(self.byte()),
        }
    }

    /// A size from the edges: 0, 1, small, a power of two, or near `isize::MAX` or `usize::MAX`.
    fn edge_size(&mut self) -> usize {
        let b = self.byte();
        match b % 8 {
            0 => 0,
            1 => 1,
            2..=4 => usize::from(b >> 3) % 9,
            5 => 1usize << (b >> 2),
            6 => (isize::MAX as usize).wrapping_add(usize::from(b >> 3) % 3),
            _ => usize::MAX - usize::from(b >> 3) % 3,
        }
    }

    /// A buffer length near `want` (or any small length), at most 4096.
    fn length(&mut self, want: Option<usize>) -> usize {
        let delta = usize::from(self.byte() % 5);
        let len = match (self.byte() % 4, want) {
            (0, _) | (_, None) => usize::from(self.byte()),
            (1, Some(w)) => w.wrapping_add(delta),
            (2, Some(w)) => w.wrapping_sub(delta),
            (_, Some(w)) => w,
        };
        len.min(4096)
    }
}

fn values(len: usize, seed: u8) -> Vec<i64> {
    (0..len).map(|i| (i as i64 * 7 + i64::from(seed)) % 23 - 11).collect()
}

/// `from_shape` of `len` elements in sizes `dims`: `Ok` exactly when `len` is their product.
fn expect_entry<T: std::fmt::Debug>(got: &Result<T, ShapeError>, dims: &[usize], len: usize) {
    let count = dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
    let expected = if dims.contains(&0) { Some(0) } else { count };
    match (got, expected) {
        (Ok(_), Some(n)) => assert_eq!(n, len, "accepted {len} elements for {dims:?}"),
        (Err(e), Some(n)) => {
            assert_ne!(n, len, "refused {len} elements for {dims:?}: {e}");
            assert!(
                matches!(e.kind(), shapecast::dynamic::ErrorKind::WrongLength { expected, found, .. } if expected == n && found == len),
                "{e:?}"
            );
        }
        (Err(e), None) => {
            assert!(matches!(e.kind(), shapecast::dynamic::ErrorKind::TooManyElements), "{e:?}");
        }
        (Ok(t), None) => panic!("accepted an overflowing shape {dims:?}: {t:?}"),
    }
}

/// One fuzz case.
pub fn binding_case(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (r, c) = (bytes.size(), bytes.size());
    let want = |a: usize, b: usize| a.checked_mul(b).filter(|&n| n <= 4096);
    let (l_rows, l_col, l_cols) = (bytes.length(want(r, 4)), bytes.length(Some(r)), bytes.length(want(c, 4)));
    let seed = bytes.byte();
    bind!(let rows: Rows = r);
    bind!(let cols: Cols = c);
    let (x, col, y) = (values(l_rows, seed), values(l_col, seed ^ 1), values(l_cols, seed ^ 2));

    let a = TensorRef::from_shape(dims![rows, 4], &x);
    expect_entry(&a, &[r, 4], l_rows);
    let column = TensorRef::from_shape(dims![rows, 1], &col);
    expect_entry(&column, &[r, 1], l_col);
    let b = TensorRef::from_shape(dims![cols, 4], &y);
    expect_entry(&b, &[c, 4], l_cols);
    let mut out = vec![99i64; l_rows];
    let into = TensorMut::from_shape(dims![rows, 4], &mut out);
    expect_entry(&into, &[r, 4], l_rows);
    if into.is_err() {
        assert!(out.iter().all(|&v| v == 99), "nothing written on error");
    }

    edges(&mut bytes, (rows, r), (cols, c), a.as_ref().ok(), &x);

    let (Ok(a), Ok(column)) = (a, column) else { return };
    let bias = Tensor::<i64, shape![4]>::from([1, -2, 3, -4]);
    // [Rows, 4] + [4], [Rows, 4] * [Rows, 1], the sum over the run-time axis, in place.
    let sum = a + &bias;
    let want_sum: Vec<i64> = x.iter().enumerate().map(|(i, v)| v + bias.as_slice()[i % 4]).collect();
    assert_eq!(sum.as_slice(), want_sum);
    let scaled = a * column;
    let want_scaled: Vec<i64> = x.iter().enumerate().map(|(i, v)| v * col[i / 4]).collect();
    assert_eq!(scaled.as_slice(), want_scaled);
    let per_feature: Tensor<i64, shape![4]> = a.sum_axes::<axes![0]>();
    let want_features: Vec<i64> = (0..4).map(|j| x.iter().skip(j).step_by(4).sum()).collect();
    assert_eq!(per_feature.as_slice(), want_features);
    let mut out = vec![0i64; x.len()];
    let mut into = TensorMut::from_shape(dims![rows, 4], &mut out).expect("the same length as x");
    a.zip_with_into(&bias, &mut into, |p, q| p - q);
    into += &column;
    let want_into: Vec<i64> =
        x.iter().enumerate().map(|(i, v)| v - bias.as_slice()[i % 4] + col[i / 4]).collect();
    assert_eq!(out, want_into);

    // The two bindings meet only through a checked conversion, which holds when r == c.
    if let Ok(b) = b {
        let converted = b.cast_shape(dims![rows, 4]);
        assert_eq!(converted.is_ok(), r == c, "{converted:?}");
        if let Ok(b) = converted {
            let diff = a - b;
            let want_diff: Vec<i64> = x.iter().zip(&y).map(|(p, q)| p - q).collect();
            assert_eq!(diff.as_slice(), want_diff);
        }
    }
}

/// Runs one call, which must return within [`CALL_LIMIT`] (none may loop over a huge size).
fn timed<R>(what: &str, call: impl FnOnce() -> R) -> R {
    let start = Instant::now();
    let out = call();
    let took = start.elapsed();
    assert!(took < CALL_LIMIT, "{what} took {took:?}");
    out
}

/// The axes of a row-major `[r, c]` that a reduction folds.
#[derive(Clone, Copy, Debug)]
enum Over {
    Axis0,
    Axis1,
    Both,
}

/// How many outputs a reduction of `[r, c]` has, and how many elements it folds into each.
fn counts(r: usize, c: usize, over: Over) -> (usize, usize) {
    let all = if r == 0 || c == 0 { 0 } else { r * c };
    match over {
        Over::Axis0 => (c, r),
        Over::Axis1 => (r, c),
        Over::Both => (1, all),
    }
}

/// The plain loops: for each output, row-major, the flat indices of the elements folded into
/// it, row-major along the folded axes; `None` when there are more than [`OUT_LIMIT`] outputs.
/// Only for a shape that entered, so when both counts are non-zero their product is the
/// (small) number of elements.
fn groups(r: usize, c: usize, over: Over) -> Option<Vec<Vec<usize>>> {
    let (outs, folded) = counts(r, c, over);
    if outs > OUT_LIMIT {
        return None;
    }
    let at = |o: usize, k: usize| match over {
        Over::Axis0 => k * c + o,
        Over::Axis1 => o * c + k,
        Over::Both => k,
    };
    Some((0..outs).map(|o| (0..folded).map(|k| at(o, k)).collect()).collect())
}

fn loop_sums(groups: &[Vec<usize>], data: &[i64]) -> Vec<i64> {
    groups.iter().map(|g| g.iter().fold(0i64, |s, &i| s.wrapping_add(data[i]))).collect()
}

/// Means of the `f64` copy: the sum divided by the count, NaN for none; as bits, so NaN == NaN.
fn loop_means(groups: &[Vec<usize>], data: &[i64]) -> Vec<u64> {
    let mean = |g: &Vec<usize>| g.iter().map(|&i| data[i] as f64).sum::<f64>() / g.len() as f64;
    bits(&groups.iter().map(mean).collect::<Vec<_>>())
}

/// The bits of each, every NaN as the same one.
fn bits(means: &[f64]) -> Vec<u64> {
    means.iter().map(|m| if m.is_nan() { f64::NAN.to_bits() } else { m.to_bits() }).collect()
}

/// The first position of the greatest (`better` = `>`) or least (`<`) element of each group,
/// and that element.
fn loop_picks(groups: &[Vec<usize>], data: &[i64], better: fn(i64, i64) -> bool) -> (Vec<usize>, Vec<i64>) {
    groups
        .iter()
        .map(|g| {
            let mut best = 0;
            for k in 1..g.len() {
                if better(data[g[k]], data[g[best]]) {
                    best = k;
                }
            }
            (best, data[g[best]])
        })
        .unzip()
}

/// Every eager reduction of the 2-D `$t` (elements `$data`, sizes `[$r, $c]`) over the axes
/// `$ax` (`$over`), and the fused sum and mean, against the plain loops.
macro_rules! reduce_over {
    ($t:expr, $data:expr, $r:expr, $c:expr, $over:expr, $ax:ty) => {{
        let (t, data, over) = (&$t, $data, $over);
        let ctx = ($r, $c, over);
        let (_, folded) = counts($r, $c, over);
        let want = groups($r, $c, over);
        let max = timed("max_axes", || t.max_axes::<$ax>());
        let min = timed("min_axes", || t.min_axes::<$ax>());
        let argmax = timed("argmax_axes", || t.argmax_axes::<$ax>());
        let argmin = timed("argmin_axes", || t.argmin_axes::<$ax>());
        for none in [max.is_none(), min.is_none(), argmax.is_none(), argmin.is_none()] {
            assert_eq!(none, folded == 0, "None exactly when a reduced axis is empty: {ctx:?}");
        }
        if let (Some(max), Some(min), Some(argmax), Some(argmin)) = (max, min, argmax, argmin) {
            let g = want.as_ref().expect("a reduction over elements has few outputs");
            let (at_max, maxima) = loop_picks(g, data, |a, b| a > b);
            let (at_min, minima) = loop_picks(g, data, |a, b| a < b);
            assert_eq!(max.as_slice(), maxima, "max_axes {ctx:?}");
            assert_eq!(min.as_slice(), minima, "min_axes {ctx:?}");
            assert_eq!(argmax.as_slice(), at_max, "argmax_axes {ctx:?}");
            assert_eq!(argmin.as_slice(), at_min, "argmin_axes {ctx:?}");
        }
        // A sum or a mean fills every output, even over an empty axis: only when they are few.
        if let Some(g) = &want {
            let sums = loop_sums(g, data);
            let summed = timed("sum_axes", || t.sum_axes::<$ax>());
            assert_eq!(summed.as_slice(), sums, "sum_axes {ctx:?}");
            // The `_into` twins: overwritten, or (`None`) left as they were.
            let mut buf = vec![77i64; sums.len()];
            let mut out = TensorMut::from_shape(summed.shape(), &mut buf).expect("the sum's shape");
            let max = timed("max_axes_into", || t.max_axes_into::<$ax>(&mut out));
            assert_eq!(max.is_none(), folded == 0, "max_axes_into {ctx:?}");
            let maxima = if folded == 0 { vec![77; sums.len()] } else { loop_picks(g, data, |a, b| a > b).1 };
            assert_eq!(out.as_slice(), maxima, "max_axes_into {ctx:?}");
            let mut at = vec![77usize; sums.len()];
            let mut out_at = TensorMut::from_shape(summed.shape(), &mut at).expect("the sum's shape");
            let argmin = timed("argmin_axes_into", || t.argmin_axes_into::<$ax>(&mut out_at));
            assert_eq!(argmin.is_none(), folded == 0, "argmin_axes_into {ctx:?}");
            let at_min = if folded == 0 { vec![77; sums.len()] } else { loop_picks(g, data, |a, b| a < b).0 };
            assert_eq!(out_at.as_slice(), at_min, "argmin_axes_into {ctx:?}");
            timed("sum_axes_into", || t.sum_axes_into::<$ax>(&mut out));
            assert_eq!(out.as_slice(), sums, "sum_axes_into {ctx:?}");
            let fused = timed("lazy sum_axes", || t.lazy().sum_axes::<$ax>().eval());
            assert_eq!(fused.as_slice(), sums, "lazy sum_axes {ctx:?}");
            let floats = t.map(|v| v as f64);
            let means = loop_means(g, data);
            assert_eq!(
                bits(timed("mean_axes", || floats.mean_axes::<$ax>()).as_slice()),
                means,
                "mean_axes {ctx:?}"
            );
            let fused = timed("lazy mean_axes", || floats.lazy().mean_axes::<$ax>().eval());
            assert_eq!(bits(fused.as_slice()), means, "lazy mean_axes {ctx:?}");
        }
    }};
}

/// [`reduce_over!`] along axis 0, axis 1 and both.
macro_rules! reduce_all {
    ($t:expr, $data:expr, $r:expr, $c:expr) => {{
        reduce_over!($t, $data, $r, $c, Over::Axis0, axes![0]);
        reduce_over!($t, $data, $r, $c, Over::Axis1, axes![1]);
        reduce_over!($t, $data, $r, $c, Over::Both, axes![0, 1]);
        // The fused reductions of every element.
        let (t, all) = (&$t, groups($r, $c, Over::Both).expect("one output"));
        let ctx = ($r, $c);
        assert_eq!([timed("sum_all", || t.lazy().sum_all())], *loop_sums(&all, $data), "{ctx:?}");
        let mean = timed("mean_all", || t.map(|v| v as f64).lazy().mean_all());
        assert_eq!(bits(&[mean]), loop_means(&all, $data), "mean_all {ctx:?}");
        let (max, min) = (timed("max_all", || t.lazy().max_all()), timed("min_all", || t.lazy().min_all()));
        assert_eq!(max, all[0].iter().map(|&i| $data[i]).max(), "max_all {ctx:?}");
        assert_eq!(min, all[0].iter().map(|&i| $data[i]).min(), "min_all {ctx:?}");
    }};
}

/// The count rule of every run-time shape: the non-zero sizes multiply within `usize`. The
/// element count if so.
fn count_rule(dims: &[usize]) -> Option<usize> {
    let nonzero = dims.iter().filter(|&&d| d != 0).try_fold(1usize, |n, &d| n.checked_mul(d))?;
    Some(if dims.contains(&0) { 0 } else { nonzero })
}

/// `broadcast_view_shape` and `broadcast_to_shape` of a tensor whose elements are all `fill`
/// to `$target` (sizes `$dims`): `Ok` exactly when the count rule holds, with that many
/// elements. The copy only where it is refused or small.
macro_rules! broadcasts {
    ($src:expr, $fill:expr, $target:expr, $dims:expr) => {{
        let (src, dims): (_, &[usize]) = (&$src, &$dims);
        let rule = count_rule(dims);
        let view = timed("broadcast_view_shape", || src.broadcast_view_shape($target));
        match (&view, rule) {
            (Ok(v), Some(n)) => {
                let it = v.iter();
                assert_eq!(it.len(), n, "view of {dims:?}");
                if n <= OUT_LIMIT {
                    assert!(it.copied().all(|e| e == $fill), "view of {dims:?}");
                }
            }
            (Err(e), None) => assert_eq!(e.kind(), ErrorKind::TooManyElements, "{e:?}"),
            _ => panic!("broadcast_view_shape to {dims:?}: {:?}", view.as_ref().err()),
        }
        if rule.is_none_or(|n| n <= OUT_LIMIT) {
            let copy = timed("broadcast_to_shape", || src.broadcast_to_shape($target));
            match (&copy, rule) {
                (Ok(c), Some(n)) => {
                    assert_eq!(c.as_slice().len(), n, "copy to {dims:?}");
                    assert!(c.as_slice().iter().all(|&e| e == $fill), "copy to {dims:?}");
                }
                (Err(e), None) => assert_eq!(e.kind(), ErrorKind::TooManyElements, "{e:?}"),
                _ => panic!("broadcast_to_shape to {dims:?}: {:?}", copy.as_ref().err()),
            }
        }
    }};
}

/// `as_ndarray` of a 2-D tensor of sizes `dims`: `Ok` exactly when its non-zero sizes multiply
/// within `isize::MAX`, ndarray's limit, with the same sizes and elements.
#[cfg(feature = "ndarray")]
fn ndarray_view<S: shapecast::AnyShape>(t: &TensorRef<'_, i64, S>, dims: [usize; 2], data: &[i64]) {
    let within = dims.iter().filter(|&&d| d != 0).try_fold(1usize, |n, &d| n.checked_mul(d));
    match (timed("as_ndarray", || t.as_ndarray()), within) {
        (Ok(v), Some(n)) if n <= isize::MAX as usize => {
            assert_eq!(v.shape(), dims);
            assert!(v.iter().eq(data.iter()));
        }
        (Err(e), n) if n.is_none_or(|n| n > isize::MAX as usize) => {
            assert_eq!(e.kind(), ErrorKind::PastIsize, "{e:?}")
        }
        (got, _) => panic!("as_ndarray of {dims:?}: {:?}", got.map(|v| v.shape().to_vec())),
    }
}

#[cfg(not(feature = "ndarray"))]
fn ndarray_view<T>(_: &T, _: [usize; 2], _: &[i64]) {}

const HUGE: usize = 1 << 62;

/// The edges: two more sizes bound from the bytes after the first part's, `[P, Q]` let in from
/// a buffer of a near-right length, `[P, 0]` (always let in, with no elements) and `[Rows, 4]`
/// (when it entered) through every reduction and conversion.
#[allow(clippy::type_complexity)] // `shape![Rows, 4]`, spelled out
fn edges<'r, 'c>(
    bytes: &mut Bytes<'_>,
    (rows, r): (Dyn<'r, Rows>, usize),
    (cols, c): (Dyn<'c, Cols>, usize),
    a: Option<&TensorRef<'_, i64, shape![Rows, 4]>>,
    x: &[i64],
) {
    let (p, q) = (bytes.edge_size(), bytes.edge_size());
    let l_grid = bytes.length(p.checked_mul(q).filter(|&n| n <= 4096));
    let seed = bytes.byte();
    bind!(let pp: P = p);
    bind!(let qq: Q = q);
    let g = values(l_grid, seed);
    let grid = TensorRef::from_shape(dims![pp, qq], &g);
    expect_entry(&grid, &[p, q], l_grid);
    let zero = TensorRef::from_shape(dims![pp, 0], &[] as &[i64]);
    expect_entry(&zero, &[p, 0], 0);
    let zero = zero.expect("no elements, and p within usize");

    reduce_all!(zero, &[], p, 0);
    assert_eq!(zero.sum_to::<shape![1]>().as_slice(), [0]);
    assert_eq!(zero.to_fixed::<shape![1, 0]>().is_ok(), p == 1);
    assert_eq!(zero.to_fixed::<shape![4611686018427387904, 0]>().is_ok(), p == HUGE);
    assert_eq!(zero.cast_shape(dims![qq, 0]).is_ok(), p == q);
    ndarray_view(&zero, [p, 0], &[]);

    if let Ok(grid) = &grid {
        reduce_all!(*grid, &g, p, q);
        let total = loop_sums(&groups(p, q, Over::Both).expect("one output"), &g);
        assert_eq!(grid.sum_to::<shape![1, 1]>().as_slice(), total);
        assert_eq!(grid.sum_to::<shape![1]>().as_slice(), total);
        if let Some(per_row) = groups(p, q, Over::Axis1) {
            let kept: BoxedTensor<i64, shape![P, 1]> = timed("sum_to", || grid.sum_to());
            assert_eq!(kept.as_slice(), loop_sums(&per_row, &g));
        }
        if let Some(per_col) = groups(p, q, Over::Axis0) {
            let kept: BoxedTensor<i64, shape![Q]> = timed("sum_to", || grid.sum_to());
            assert_eq!(kept.as_slice(), loop_sums(&per_col, &g));
        }
        // Conversions: between bindings and to fixed sizes, Ok exactly when the sizes agree.
        let swapped = grid.cast_shape(dims![qq, pp]);
        assert_eq!(swapped.is_ok(), p == q, "{swapped:?}");
        if let Ok(s) = swapped {
            assert_eq!(s.as_slice(), g);
        }
        let first = grid.cast_shape(dims![rows, cols]);
        assert_eq!(first.is_ok(), (p, q) == (r, c), "{first:?}");
        assert_eq!(grid.to_fixed::<shape![0, 0]>().is_ok(), (p, q) == (0, 0));
        assert_eq!(grid.to_fixed::<shape![1, 1]>().is_ok(), (p, q) == (1, 1));
        assert_eq!(grid.to_fixed::<shape![2, 3]>().is_ok(), (p, q) == (2, 3));
        assert_eq!(grid.to_fixed::<shape![3, 2]>().is_ok(), (p, q) == (3, 2));
        assert_eq!(grid.to_fixed::<shape![0, 4611686018427387904]>().is_ok(), (p, q) == (0, HUGE));
        if let Ok(fixed) = grid.to_fixed::<shape![2, 3]>() {
            assert_eq!(fixed.as_slice(), g);
        }
        ndarray_view(grid, [p, q], &g);
    }

    if let Some(a) = a {
        reduce_all!(*a, x, r, 4);
        let per_feature = loop_sums(&groups(r, 4, Over::Axis0).expect("4 outputs"), x);
        assert_eq!(a.sum_to::<shape![4]>().as_slice(), per_feature);
        assert_eq!(a.sum_to::<shape![1, 4]>().as_slice(), per_feature);
        let per_row = groups(r, 4, Over::Axis1).expect("few rows entered");
        let kept: BoxedTensor<i64, shape![Rows, 1]> = a.sum_to();
        assert_eq!(kept.as_slice(), loop_sums(&per_row, x));
        // The fused picks, over the fixed axis of size 4: always a value.
        let (at_max, maxima) = loop_picks(&per_row, x, |a, b| a > b);
        let (at_min, minima) = loop_picks(&per_row, x, |a, b| a < b);
        assert_eq!(a.lazy().max_axes::<axes![1]>().eval().as_slice(), maxima);
        assert_eq!(a.lazy().min_axes::<axes![1]>().eval().as_slice(), minima);
        assert_eq!(a.lazy().argmax_axes::<axes![1]>().eval().as_slice(), at_max);
        assert_eq!(a.lazy().argmin_axes::<axes![1]>().eval().as_slice(), at_min);
        assert_eq!(a.to_fixed::<shape![2, 4]>().is_ok(), r == 2);
        ndarray_view(a, [r, 4], x);
    }

    // Broadcasting to huge targets: refused exactly by the count rule.
    let one = Tensor::<i64, shape![1]>::from([5]);
    let bias = Tensor::<i64, shape![4]>::splat(-3);
    broadcasts!(one, 5, dims![pp, qq], [p, q]);
    broadcasts!(one, 5, dims![0, pp, qq], [0, p, q]);
    broadcasts!(one, 5, dims![pp, rows, qq], [p, r, q]);
    broadcasts!(bias, -3, dims![pp, qq, 4], [p, q, 4]);
    broadcasts!(bias, -3, dims![qq, 0, 4], [q, 0, 4]);
}
