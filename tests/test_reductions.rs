//! The reduction family (`max_axes`, `min_axes`, `argmax_axes`, `argmin_axes`, `mean_axes` and
//! their `_into` twins) against a naive reference written here: each output element's group of
//! input elements, collected in row-major order by walking every coordinate, then folded by a
//! plain loop. Random data over fixed shapes (small ones, strip by strip; large ones, run by
//! run), random run-time sizes 0 to 5, integer and float elements, NaN, ties and empty axes.

use proptest::prelude::*;
use shapecast::prelude::*;

/// Every coordinate of `dims`, in row-major order.
fn coords(dims: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &d in dims {
        all = all.into_iter().flat_map(|c| (0..d).map(move |i| [c.clone(), vec![i]].concat())).collect();
    }
    all
}

/// For each output element (the coordinates over the axes not in `axes`, row-major), its input
/// elements in row-major order of the reduced axes.
fn groups<T: Copy>(data: &[T], dims: &[usize], axes: &[usize]) -> Vec<Vec<T>> {
    let kept: Vec<usize> = (0..dims.len()).filter(|a| !axes.contains(a)).collect();
    let out_dims: Vec<usize> = kept.iter().map(|&a| dims[a]).collect();
    let mut groups = vec![Vec::new(); out_dims.iter().product()];
    for (k, c) in coords(dims).iter().enumerate() {
        let at = kept.iter().fold(0, |at, &a| at * dims[a] + c[a]);
        groups[at].push(data[k]);
    }
    groups
}

/// The reduced element count: 0 means there is no maximum.
fn count(dims: &[usize], axes: &[usize]) -> usize {
    axes.iter().map(|&a| dims[a]).product()
}

#[allow(clippy::eq_op)]
fn is_nan<T: PartialOrd>(x: T) -> bool {
    x != x
}

/// Equal, or both NaN.
fn same<T: PartialOrd + Copy>(a: T, b: T) -> bool {
    a == b || (is_nan(a) && is_nan(b))
}

/// The index of the first element that `better` prefers to all others, NaN ignored; 0 if all are
/// NaN.
fn naive_arg<T: PartialOrd + Copy>(group: &[T], better: impl Fn(T, T) -> bool) -> usize {
    let mut best: Option<usize> = None;
    for (i, &x) in group.iter().enumerate() {
        if !is_nan(x) && best.is_none_or(|b| better(x, group[b])) {
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}

/// What every method returned, as plain vectors.
#[derive(Debug)]
struct Got<T> {
    max: Option<Vec<T>>,
    min: Option<Vec<T>>,
    argmax: Option<Vec<usize>>,
    argmin: Option<Vec<usize>>,
    /// The `_into` twins, into outputs filled with a sentinel first: the sentinel is still there
    /// when they return `None`.
    max_into: (Option<()>, Vec<T>),
    min_into: (Option<()>, Vec<T>),
    argmax_into: (Option<()>, Vec<usize>),
    argmin_into: (Option<()>, Vec<usize>),
}

/// Checks `got` against the reference over `data` of shape `dims`, reduced over `axes`.
fn check<T: PartialOrd + Copy + core::fmt::Debug>(
    data: &[T],
    dims: &[usize],
    axes: &[usize],
    got: Got<T>,
    sentinel: T,
) {
    let groups = groups(data, dims, axes);
    let (argmax, argmin): (Vec<usize>, Vec<usize>) =
        groups.iter().map(|g| (naive_arg(g, |x, b| x > b), naive_arg(g, |x, b| x < b))).unzip();
    if count(dims, axes) == 0 {
        assert!(got.max.is_none() && got.min.is_none(), "{got:?}");
        assert!(got.argmax.is_none() && got.argmin.is_none(), "{got:?}");
        assert_eq!(got.max_into.0, None);
        assert_eq!(got.min_into.0, None);
        assert_eq!(got.argmax_into.0, None);
        assert_eq!(got.argmin_into.0, None);
        assert!(got.max_into.1.iter().chain(&got.min_into.1).all(|&x| same(x, sentinel)));
        assert!(got.argmax_into.1.iter().chain(&got.argmin_into.1).all(|&i| i == usize::MAX));
        return;
    }
    // The value at the arg-index is the maximum: the NaN rule and the tie rule in one.
    let max: Vec<T> = groups.iter().zip(&argmax).map(|(g, &i)| g[i]).collect();
    let min: Vec<T> = groups.iter().zip(&argmin).map(|(g, &i)| g[i]).collect();
    for (name, got, want) in [
        ("max", got.max.as_deref(), &max),
        ("min", got.min.as_deref(), &min),
        ("max_into", Some(&got.max_into.1[..]), &max),
        ("min_into", Some(&got.min_into.1[..]), &min),
    ] {
        let got = got.unwrap_or_else(|| panic!("{name}: None over {dims:?} {axes:?}"));
        assert_eq!(got.len(), want.len(), "{name}");
        assert!(
            got.iter().zip(want).all(|(&g, &w)| same(g, w)),
            "{name} over {dims:?} {axes:?}: {got:?} != {want:?}"
        );
    }
    assert_eq!(got.argmax.as_ref(), Some(&argmax), "argmax over {dims:?} {axes:?}");
    assert_eq!(got.argmin.as_ref(), Some(&argmin), "argmin over {dims:?} {axes:?}");
    assert_eq!(got.max_into.0, Some(()));
    assert_eq!(got.min_into.0, Some(()));
    assert_eq!(got.argmax_into, (Some(()), argmax));
    assert_eq!(got.argmin_into, (Some(()), argmin));
}

/// Checks a mean against the reference sum divided by the count, to within a few ulps of the
/// float (the sum's order and the multiply by `1 / count` may each move the last bits).
fn check_mean<T: Into<f64> + Copy>(
    data: &[T],
    dims: &[usize],
    axes: &[usize],
    got: &[T],
    into: &[T],
    ulp: f64,
) {
    let n = count(dims, axes) as f64;
    let want: Vec<f64> =
        groups(data, dims, axes).iter().map(|g| g.iter().map(|&x| x.into()).sum::<f64>() / n).collect();
    assert_eq!(got.len(), want.len());
    for (&g, &w) in got.iter().chain(into).zip(want.iter().chain(&want)) {
        let g: f64 = g.into();
        let close = (g - w).abs() <= 4.0 * ulp * w.abs().max(1.0);
        assert!(same(g, w) || close, "mean over {dims:?} {axes:?}: {g} != {w}");
    }
}

/// Runs every method of `t` reduced over `$ax` and collects the results.
macro_rules! got {
    ($t:expr, $ax:ty, $sentinel:expr) => {{
        let t = $t;
        let shape = t.sum_axes::<$ax>().shape();
        let len = shape.element_count();
        let (mut a, mut b) = (vec![$sentinel; len], vec![$sentinel; len]);
        let (mut c, mut d) = (vec![usize::MAX; len], vec![usize::MAX; len]);
        Got {
            max: t.max_axes::<$ax>().map(|o| o.as_slice().to_vec()),
            min: t.min_axes::<$ax>().map(|o| o.as_slice().to_vec()),
            argmax: t.argmax_axes::<$ax>().map(|o| o.as_slice().to_vec()),
            argmin: t.argmin_axes::<$ax>().map(|o| o.as_slice().to_vec()),
            max_into: (t.max_axes_into::<$ax>(&mut TensorMut::from_shape(shape, &mut a).unwrap()), a),
            min_into: (t.min_axes_into::<$ax>(&mut TensorMut::from_shape(shape, &mut b).unwrap()), b),
            argmax_into: (t.argmax_axes_into::<$ax>(&mut TensorMut::from_shape(shape, &mut c).unwrap()), c),
            argmin_into: (t.argmin_axes_into::<$ax>(&mut TensorMut::from_shape(shape, &mut d).unwrap()), d),
        }
    }};
}

/// Small integers, so that ties are common.
fn ints() -> impl Strategy<Value = i32> {
    -4i32..4
}

/// Small integers (exact sums in any order), with NaN, infinities and -0.0 now and then.
fn floats() -> impl Strategy<Value = f64> {
    prop_oneof![
        12 => (-4i32..4).prop_map(f64::from),
        1 => Just(f64::NAN),
        1 => Just(-0.0),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
    ]
}

/// A proptest over a fixed shape and axis set: inline for integers (i32 and u8) and floats
/// (f64 and f32), borrowed and boxed for floats.
macro_rules! fixed {
    ($name:ident, [$($d:literal),*], [$($a:literal),*]) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]
            #[test]
            fn $name(
                ints in prop::collection::vec(ints(), <shape![$($d),*] as Shape>::LEN),
                floats in prop::collection::vec(floats(), <shape![$($d),*] as Shape>::LEN),
            ) {
                type S = shape![$($d),*];
                type Ax = axes![$($a),*];
                let (dims, axes) = ([$($d),*], [$($a),*]);
                let t = Tensor::<i32, S>::from_slice(&ints).unwrap();
                check(&ints, &dims, &axes, got!(&t, Ax, i32::MIN), i32::MIN);
                let bytes: Vec<u8> = ints.iter().map(|&x| (x + 4) as u8).collect();
                let t = Tensor::<u8, S>::from_slice(&bytes).unwrap();
                check(&bytes, &dims, &axes, got!(&t, Ax, u8::MAX), u8::MAX);

                let t = Tensor::<f64, S>::from_slice(&floats).unwrap();
                check(&floats, &dims, &axes, got!(&t, Ax, 1e300), 1e300);
                let r = TensorRef::<f64, S>::new(&floats).unwrap();
                check(&floats, &dims, &axes, got!(r, Ax, 1e300), 1e300);
                let b = BoxedTensor::<f64, S>::from_slice(&floats).unwrap();
                check(&floats, &dims, &axes, got!(&b, Ax, 1e300), 1e300);
                let mut into = vec![0.5; t.sum_axes::<Ax>().as_slice().len()];
                t.mean_axes_into::<Ax>(&mut TensorMut::new(&mut into).unwrap());
                check_mean(&floats, &dims, &axes, t.mean_axes::<Ax>().as_slice(), &into, f64::EPSILON);

                let singles: Vec<f32> = floats.iter().map(|&x| x as f32).collect();
                let t = Tensor::<f32, S>::from_slice(&singles).unwrap();
                check(&singles, &dims, &axes, got!(&t, Ax, 1e30), 1e30);
                let mut into = vec![0.5; t.sum_axes::<Ax>().as_slice().len()];
                t.mean_axes_into::<Ax>(&mut TensorMut::new(&mut into).unwrap());
                check_mean(&singles, &dims, &axes, t.mean_axes::<Ax>().as_slice(), &into, f32::EPSILON.into());
            }
        }
    };
}

fixed!(vector, [7], [0]);
fixed!(matrix_rows, [3, 4], [0]);
fixed!(matrix_columns, [3, 4], [1]);
fixed!(matrix_all, [3, 4], [0, 1]);
fixed!(wide_rows, [5, 37], [0]);
fixed!(long_columns, [3, 53], [1]);
fixed!(cube_middle, [2, 3, 4], [1]);
fixed!(cube_outer, [2, 3, 4], [0, 2]);
fixed!(cube_inner, [2, 3, 4], [1, 2]);
fixed!(with_ones, [1, 6, 1, 2], [0, 1]);
fixed!(axis_of_one, [4, 1, 3], [1]);
fixed!(empty_reduced, [0, 3], [0]);
fixed!(empty_kept, [0, 3], [1]);
fixed!(empty_both, [2, 0, 3], [1]);
fixed!(rank_four, [2, 2, 3, 2], [0, 2]);

/// Larger than the kernel's in-cache limit (run by run rather than strip by strip), over
/// borrowed data, both orientations.
#[test]
fn large_shapes() {
    let runner = |data: Vec<f64>| {
        let t = TensorRef::<f64, shape![80, 70]>::new(&data).unwrap();
        check(&data, &[80, 70], &[0], got!(t, axes![0], 1e300), 1e300);
        check(&data, &[80, 70], &[1], got!(t, axes![1], 1e300), 1e300);
        check(&data, &[80, 70], &[0, 1], got!(t, axes![0, 1], 1e300), 1e300);
        let mean = t.mean_axes::<axes![0]>();
        check_mean(&data, &[80, 70], &[0], mean.as_slice(), mean.as_slice(), f64::EPSILON);
    };
    runner((0..5600).map(|i| ((i * 7919) % 1013) as f64).collect());
    runner((0..5600).map(|i| if i % 3 == 0 { f64::NAN } else { -(((i * 31) % 97) as f64) }).collect());
    runner(vec![f64::NAN; 5600]);
    let ints: Vec<i64> = (0..5600).map(|i| (i * 7919) % 1013 - 500).collect();
    let t = TensorRef::<i64, shape![80, 70]>::new(&ints).unwrap();
    check(&ints, &[80, 70], &[0], got!(t, axes![0], i64::MAX), i64::MAX);
    check(&ints, &[80, 70], &[1], got!(t, axes![1], i64::MAX), i64::MAX);
}

/// Rows of whole blocks (64 elements, folded along the row in 16 lanes that are merged with
/// the fold's quick compare): a NaN in any one lane, at the row's start or not, in several
/// lanes, or the whole row, gives the NaN rule's answer, for fixed and run-time rows.
#[test]
fn rows_of_lanes_with_nan_in_any_lane() {
    let nan = f64::NAN;
    let mut data: Vec<f64> = (0..64 * 64).map(|i| ((i * 7919) % 1013) as f64 - 500.0).collect();
    for r in 0..64 {
        // Row r: NaN at position r (every lane, first block and later ones), and in rows past
        // 48 at r - 48 + 16 as well; row 63 all NaN.
        data[r * 64 + r] = nan;
        if r >= 48 {
            data[r * 64 + r - 48 + 16] = nan;
        }
    }
    data[63 * 64..].fill(nan);
    let t = TensorRef::<f64, shape![64, 64]>::new(&data).unwrap();
    check(&data, &[64, 64], &[1], got!(t, axes![1], 1e300), 1e300);
    struct Rows;
    bind!(let rows: Rows = 64);
    let t = TensorRef::from_shape(dims![rows, 64], &data).unwrap();
    check(&data, &[64, 64], &[1], got!(t, axes![1], 1e300), 1e300);
}

/// Deterministic data from a seed: small integers, NaN where `nan` says.
fn data(len: usize, seed: u64, nan: bool) -> Vec<f64> {
    (0..len as u64)
        .map(|i| {
            let v = (i + 1).wrapping_mul(seed | 1) >> 7;
            if nan && v % 5 == 0 { f64::NAN } else { (v % 9) as f64 - 4.0 }
        })
        .collect()
}

struct R;
struct Q;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `[R, 3, Q]` over every axis set: reducing a run-time axis of 0 is `None`, keeping one is
    /// an empty result; removing every run-time axis gives an inline tensor.
    #[test]
    fn run_time_sizes(r in 0usize..=5, q in 0usize..=5, seed in any::<u64>(), nan in any::<bool>()) {
        bind!(let rr: R = r);
        bind!(let qq: Q = q);
        let x = data(r * 3 * q, seed, nan);
        let dims = [r, 3, q];
        let t = TensorRef::from_shape(dims![rr, 3, qq], &x).unwrap();
        check(&x, &dims, &[0], got!(t, axes![0], 1e300), 1e300);
        check(&x, &dims, &[1], got!(t, axes![1], 1e300), 1e300);
        check(&x, &dims, &[2], got!(t, axes![2], 1e300), 1e300);
        check(&x, &dims, &[0, 1], got!(t, axes![0, 1], 1e300), 1e300);
        check(&x, &dims, &[0, 2], got!(t, axes![0, 2], 1e300), 1e300);
        check(&x, &dims, &[1, 2], got!(t, axes![1, 2], 1e300), 1e300);
        check(&x, &dims, &[0, 1, 2], got!(t, axes![0, 1, 2], 1e300), 1e300);
        let inline: Option<Tensor<f64, shape![3]>> = t.max_axes::<axes![0, 2]>();
        prop_assert_eq!(inline.is_some(), r * q > 0);
        let mean: Tensor<f64, shape![3]> = t.mean_axes::<axes![0, 2]>();
        check_mean(&x, &dims, &[0, 2], mean.as_slice(), mean.as_slice(), f64::EPSILON);
        let mean = t.mean_axes::<axes![1]>(); // BoxedTensor<f64, shape![R, Q]>
        check_mean(&x, &dims, &[1], mean.as_slice(), mean.as_slice(), f64::EPSILON);

        let ints: Vec<i64> = x.iter().map(|&v| if v.is_nan() { 9 } else { v as i64 }).collect();
        let t = BoxedTensor::from_shape_vec(dims![rr, 3, qq], ints.clone()).unwrap();
        check(&ints, &dims, &[0], got!(&t, axes![0], i64::MAX), i64::MAX);
        check(&ints, &dims, &[0, 2], got!(&t, axes![0, 2], i64::MAX), i64::MAX);
        check(&ints, &dims, &[2], got!(&t, axes![2], i64::MAX), i64::MAX);
    }
}

/// The NaN rule: ignored unless every element is NaN; the arg-index then 0.
#[test]
fn nan_is_ignored_unless_all_are_nan() {
    let nan = f32::NAN;
    let t = Tensor::<f32, shape![4, 3]>::from([
        [nan, 1.0, nan],
        [2.0, nan, nan],
        [nan, 3.0, nan],
        [0.5, -1.0, nan],
    ]);
    let max = t.max_axes::<axes![0]>().unwrap();
    assert_eq!(max.as_slice()[..2], [2.0, 3.0]);
    assert!(max.as_slice()[2].is_nan());
    let min = t.min_axes::<axes![0]>().unwrap();
    assert_eq!(min.as_slice()[..2], [0.5, -1.0]);
    assert!(min.as_slice()[2].is_nan());
    assert_eq!(t.argmax_axes::<axes![0]>().unwrap().as_slice(), [1, 2, 0]);
    assert_eq!(t.argmin_axes::<axes![0]>().unwrap().as_slice(), [3, 3, 0]);
    assert_eq!(t.argmax_axes::<axes![1]>().unwrap().as_slice(), [1, 0, 1, 0]);
    assert_eq!(t.argmin_axes::<axes![1]>().unwrap().as_slice(), [1, 0, 1, 1]);
    // NaN first, in the 16-lane path too: 40 contiguous elements, one of them not NaN.
    let mut row = [nan; 40];
    row[33] = -7.0;
    let t = Tensor::<f32, shape![1, 40]>::from_slice(&row).unwrap();
    assert_eq!(t.max_axes::<axes![1]>().unwrap().as_slice(), [-7.0]);
    assert_eq!(t.argmin_axes::<axes![1]>().unwrap().as_slice(), [33]);
}

/// The NaN rule over the rows of a large tensor (32 MiB, folded in halves, each half from its
/// own first row): a NaN that starts a half, larger elements after it, is ignored, and every
/// column is its loop's maximum and minimum, at the first row that holds it (ties in every
/// column: the data repeats). (No column is NaN alone: its NaN result would have
/// every column folded again, exactly, and hide a half's NaN.)
#[test]
fn nan_starting_a_half_of_large_rows_is_ignored() {
    const C: usize = 64;
    let rows = (32usize << 20).div_ceil(4 * C);
    let mut data: Vec<f32> = (0..rows * C).map(|i| (i % 251) as f32 - 125.0).collect();
    for first in [rows / 2, rows / 4, 3 * rows / 4] {
        data[first * C + 5] = f32::NAN;
        data[(first + 1) * C + 5] = 1e6 + first as f32;
        data[(first + 1) * C + 6] = -1e6 - first as f32;
        data[first * C + 6] = f32::NAN;
    }
    struct Rows;
    bind!(let n: Rows = rows);
    let x = TensorRef::from_shape(dims![n, 64], &data).unwrap();
    let (max, min) = (x.max_axes::<axes![0]>().unwrap(), x.min_axes::<axes![0]>().unwrap());
    let (argmax, argmin) = (x.argmax_axes::<axes![0]>().unwrap(), x.argmin_axes::<axes![0]>().unwrap());
    let column = |k: usize| data.iter().skip(k).step_by(C).copied().filter(|v| !v.is_nan());
    // The first row holding the column's maximum (minimum), NaN ignored.
    let first = |k: usize, want: f32| data.iter().skip(k).step_by(C).position(|&v| v == want).unwrap();
    for k in 0..C {
        let (most, least) = (column(k).fold(f32::MIN, f32::max), column(k).fold(f32::MAX, f32::min));
        assert_eq!(max.as_slice()[k], most, "column {k}");
        assert_eq!(min.as_slice()[k], least, "column {k}");
        assert_eq!(argmax.as_slice()[k], first(k, most), "column {k}");
        assert_eq!(argmin.as_slice()[k], first(k, least), "column {k}");
    }
}

/// The positions of column maxima and minima over narrow rows of a large tensor (`[R, 12]`
/// f32, 32 MiB, folded in halves): a NaN that starts a half is ignored, ties give the first.
#[test]
fn positions_over_narrow_large_rows() {
    const C: usize = 12;
    let rows = (32usize << 20).div_ceil(4 * C);
    let mut data: Vec<f32> = (0..rows * C).map(|i| ((i * 7) % 1009) as f32 - 500.0).collect();
    for first in [rows / 2, rows / 4, 3 * rows / 4] {
        data[first * C + 3] = f32::NAN;
        data[(first + 1) * C + 3] = 1e6;
        data[first * C + 4] = f32::NAN;
        data[(first + 1) * C + 4] = -1e6;
    }
    struct Rows;
    bind!(let n: Rows = rows);
    let x = TensorRef::from_shape(dims![n, 12], &data).unwrap();
    let (argmax, argmin) = (x.argmax_axes::<axes![0]>().unwrap(), x.argmin_axes::<axes![0]>().unwrap());
    for k in 0..C {
        let column: Vec<f32> = data.iter().skip(k).step_by(C).copied().collect();
        let most = column.iter().copied().filter(|v| !v.is_nan()).fold(f32::MIN, f32::max);
        let least = column.iter().copied().filter(|v| !v.is_nan()).fold(f32::MAX, f32::min);
        assert_eq!(argmax.as_slice()[k], column.iter().position(|&v| v == most).unwrap(), "column {k}");
        assert_eq!(argmin.as_slice()[k], column.iter().position(|&v| v == least).unwrap(), "column {k}");
    }
}

/// Ties: the first in row-major order of the reduced axes, over one axis and several.
#[test]
fn ties_give_the_first() {
    let t = Tensor::<i32, shape![2, 2, 3]>::from([[[5, 1, 5], [5, 0, 5]], [[2, 2, 2], [2, 2, 2]]]);
    assert_eq!(t.argmax_axes::<axes![1, 2]>().unwrap().as_slice(), [0, 0]);
    assert_eq!(t.argmin_axes::<axes![1, 2]>().unwrap().as_slice(), [4, 0]);
    assert_eq!(t.argmax_axes::<axes![0, 2]>().unwrap().as_slice(), [0, 0]);
    assert_eq!(t.argmin_axes::<axes![0, 2]>().unwrap().as_slice(), [1, 1]);
    let zeros = Tensor::<f64, shape![3]>::from([-0.0, 0.0, -0.0]);
    assert_eq!(zeros.argmax_axes::<axes![0]>().unwrap().as_slice(), [0]);
    assert_eq!(zeros.max_axes::<axes![0]>().unwrap().as_slice(), [0.0]);
}

/// Empty axes: a fixed reduced axis of 0 is `None` like a run-time one; the `_into` output is
/// left as it was; a mean is NaN.
#[test]
fn empty_axes() {
    let t = Tensor::<f32, shape![3, 0]>::from_slice(&[]).unwrap();
    assert!(t.max_axes::<axes![1]>().is_none());
    assert!(t.argmin_axes::<axes![1]>().is_none());
    let mut out = [9.0; 3];
    assert_eq!(t.min_axes_into::<axes![1]>(&mut TensorMut::new(&mut out).unwrap()), None);
    assert_eq!(out, [9.0; 3]);
    assert!(t.mean_axes::<axes![1]>().as_slice().iter().all(|m| m.is_nan()));
    assert_eq!(t.max_axes::<axes![0]>().unwrap().as_slice(), [] as [f32; 0]);
    let none: Option<Tensor<f32, shape![]>> = t.max_axes::<axes![0, 1]>();
    assert!(none.is_none());
    // No elements reduced into an empty output: still no maximum.
    let t = Tensor::<u8, shape![0, 0]>::from_slice(&[]).unwrap();
    assert!(t.max_axes::<axes![0]>().is_none());
}

/// A scalar (rank 0) reduced over no axes is itself, and so is any tensor.
#[test]
fn no_axes() {
    let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    assert_eq!(t.max_axes::<axes![]>().unwrap().as_slice(), t.as_slice());
    assert_eq!(t.argmax_axes::<axes![]>().unwrap().as_slice(), [0; 6]);
    let s = Tensor::<f64, shape![]>::from_slice(&[2.5]).unwrap();
    assert_eq!(s.mean_axes::<axes![]>().as_slice(), [2.5]);
    assert_eq!(s.min_axes::<axes![]>().unwrap().as_slice(), [2.5]);
}

/// The first maxima and minima of the columns of `[B, 10]` as an expression (the rows read
/// flat, in lanes that each take every eighth row, then merged): ties keep the first row, NaN
/// is ignored unless a column is all NaN, against a scan down each column.
#[test]
fn column_positions_of_an_expression_keep_the_first_row() {
    struct Rows;
    for rows in [1usize, 7, 8, 9, 203, 1000] {
        let mut data: Vec<f64> = (0..rows * 10).map(|i| ((i * 7919) % 23) as f64).collect();
        // A NaN in column 3 everywhere, a NaN at the top of column 5, ties down column 7.
        for r in 0..rows {
            data[r * 10 + 3] = f64::NAN;
            data[r * 10 + 7] = 4.0;
        }
        data[5] = f64::NAN;
        bind!(let b: Rows = rows);
        let x = TensorRef::from_shape(dims![b, 10], &data).unwrap();
        let scan = |better: fn(f64, f64) -> bool| -> Vec<usize> {
            (0..10)
                .map(|c| {
                    let column: Vec<f64> = (0..rows).map(|r| data[r * 10 + c]).collect();
                    if column.iter().all(|v| v.is_nan()) {
                        return 0;
                    }
                    let mut best = column.iter().position(|v| !v.is_nan()).unwrap();
                    for (r, &v) in column.iter().enumerate() {
                        if !v.is_nan() && better(v, column[best]) {
                            best = r;
                        }
                    }
                    best
                })
                .collect()
        };
        let got = (x.lazy() + 0.0).try_argmax_axes::<axes![0]>().unwrap().eval();
        assert_eq!(got.as_slice(), &scan(|v, b| v > b)[..], "argmax over {rows} rows");
        let got = (x.lazy() * 1.0).try_argmin_axes::<axes![0]>().unwrap().eval();
        assert_eq!(got.as_slice(), &scan(|v, b| v < b)[..], "argmin over {rows} rows");
    }
}

/// `got` and `want` equal element by element, NaN equal to NaN (and `0.0` to `-0.0`, which a
/// maximum may hold either of).
fn same_row<T: Copy + PartialOrd + core::fmt::Debug>(got: &[T], want: &[T], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (g, w) in got.iter().zip(want) {
        assert!(g == w || (is_nan(*g) && is_nan(*w)), "{what}: {got:?} against {want:?}");
    }
}

/// Reductions of small fixed expressions whose output is one row: the maxima and minima, folded
/// a row of outputs at a time (rows of the operand outer, each output from its first row,
/// folded in again), and the others, output by output, against the same expression made into
/// a tensor first, then reduced. Integers and floats, NaN at the top of a column and a column
/// all NaN, keep-dims, two axes reduced, rows of 1 and of more than 8 elements (made output by
/// output), an operand stretched along the row, a reduction inside a larger expression, sums,
/// means and positions.
#[test]
fn one_row_outputs_of_small_expressions() {
    let ints: [[i32; 3]; 16] =
        core::array::from_fn(|r| core::array::from_fn(|c| (r * 3 + c) as i32 * 37 % 23 - 11));
    let x = Tensor::<i32, shape![16, 3]>::from(ints);
    let b = Tensor::<i32, shape![3]>::from([5, -7, 9]);
    let e = (x.lazy() - &b).zip_with(&b, |v, g| (v * g) >> 2);
    let made = e.eval();
    same_row(e.sum_axes::<axes![0]>().eval().as_slice(), made.sum_axes::<axes![0]>().as_slice(), "i32 sum");
    same_row(
        (e.sum_axes::<axes![0]>() / 16).eval().as_slice(),
        made.sum_axes::<axes![0]>().map(|s| s / 16).as_slice(),
        "i32 mean by hand",
    );
    let peak = e.abs().max_axes::<axes![0]>().eval();
    same_row(peak.as_slice(), made.map(i32::abs).max_axes::<axes![0]>().unwrap().as_slice(), "i32 peak");
    same_row(
        e.min_axes::<axes![0]>().eval().as_slice(),
        made.min_axes::<axes![0]>().unwrap().as_slice(),
        "i32 min",
    );
    same_row(
        e.sum_keepdims::<axes![0]>().eval().as_slice(),
        made.sum_axes::<axes![0]>().as_slice(),
        "i32 sum, keep-dims",
    );
    same_row(
        e.max_keepdims::<axes![0]>().eval().as_slice(),
        made.max_axes::<axes![0]>().unwrap().as_slice(),
        "i32 max, keep-dims",
    );
    same_row(
        e.argmax_axes::<axes![0]>().eval().as_slice(),
        made.argmax_axes::<axes![0]>().unwrap().as_slice(),
        "i32 argmax",
    );
    // The result of a reduction inside a larger expression, beside an operand of the row.
    same_row(
        (e.sum_axes::<axes![0]>() * &b + 1).eval().as_slice(),
        (&made.sum_axes::<axes![0]>() * &b + 1).as_slice(),
        "i32 sum in an expression",
    );
    same_row(
        (e.max_axes::<axes![0]>() * &b - e.min_axes::<axes![0]>()).eval().as_slice(),
        (&made.max_axes::<axes![0]>().unwrap() * &b - made.min_axes::<axes![0]>().unwrap()).as_slice(),
        "i32 max and min in an expression",
    );
    // An operand stretched along the row (a column of [16, 1]): read one element over and over.
    let column = Tensor::<i32, shape![16, 1]>::from(core::array::from_fn(|r| [r as i32 - 8]));
    let stretched = column.lazy() * &b;
    same_row(
        stretched.sum_axes::<axes![0]>().eval().as_slice(),
        stretched.eval().sum_axes::<axes![0]>().as_slice(),
        "i32 sum of a stretched column",
    );
    same_row(
        stretched.max_axes::<axes![0]>().eval().as_slice(),
        stretched.eval().max_axes::<axes![0]>().unwrap().as_slice(),
        "i32 max of a stretched column",
    );

    // Floats: small integers (every sum exact), NaN at the top of column 0 and inside column 1
    // (ignored by the quick step), column 2 all NaN.
    let mut floats: [[f32; 3]; 8] =
        core::array::from_fn(|r| core::array::from_fn(|c| ((r * 5 + c * 3) % 7) as f32 - 3.0));
    floats[0][0] = f32::NAN;
    floats[3][1] = f32::NAN;
    for row in &mut floats {
        row[2] = f32::NAN;
    }
    let y = Tensor::<f32, shape![8, 3]>::from(floats);
    let f = y.lazy() * 2.0;
    let made = f.eval();
    same_row(
        f.max_axes::<axes![0]>().eval().as_slice(),
        made.max_axes::<axes![0]>().unwrap().as_slice(),
        "f32 max",
    );
    same_row(
        f.min_axes::<axes![0]>().eval().as_slice(),
        made.min_axes::<axes![0]>().unwrap().as_slice(),
        "f32 min",
    );
    same_row(f.sum_axes::<axes![0]>().eval().as_slice(), made.sum_axes::<axes![0]>().as_slice(), "f32 sum");
    let z = Tensor::<f64, shape![4, 4]>::from(core::array::from_fn(|r| {
        core::array::from_fn(|c| (r * 4 + c) as f64)
    }));
    let g = z.lazy() - 1.5;
    same_row(
        g.mean_axes::<axes![0]>().eval().as_slice(),
        g.eval().mean_axes::<axes![0]>().as_slice(),
        "f64 mean",
    );
    // -0.0 everywhere: a sum of no other element, as the pass makes it.
    let zeros = Tensor::<f64, shape![3, 2]>::splat(-0.0);
    let got = (zeros.lazy() * 1.0).sum_axes::<axes![0]>().eval();
    let want = zeros.sum_axes::<axes![0]>();
    assert_eq!(
        got.as_slice().iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        want.as_slice().iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        "sum of -0.0"
    );

    // Two axes reduced; a row of 1 and a row longer than 8, made output by output.
    let w = Tensor::<f32, shape![8, 4, 4]>::from(core::array::from_fn(|i| {
        core::array::from_fn(|j| core::array::from_fn(|k| ((i * 16 + j * 4 + k) % 11) as f32))
    }));
    let h = w.lazy() * 2.0;
    same_row(
        h.sum_axes::<axes![0, 1]>().eval().as_slice(),
        h.eval().sum_axes::<axes![0, 1]>().as_slice(),
        "f32 sum over two axes",
    );
    same_row(
        h.min_axes::<axes![0, 1]>().eval().as_slice(),
        h.eval().min_axes::<axes![0, 1]>().unwrap().as_slice(),
        "f32 min over two axes",
    );
    let one = Tensor::<i32, shape![5, 1]>::from([[1], [-2], [3], [-4], [5]]);
    same_row((one.lazy() * 3).sum_axes::<axes![0]>().eval().as_slice(), &[9], "a row of 1");
    same_row((one.lazy() * 3).max_axes::<axes![0]>().eval().as_slice(), &[15], "a row of 1, max");
    let wide = Tensor::<i32, shape![3, 10]>::from(core::array::from_fn(|r| {
        core::array::from_fn(|c| (r * 10 + c) as i32)
    }));
    same_row(
        (wide.lazy() + 1).max_axes::<axes![0]>().eval().as_slice(),
        &core::array::from_fn::<i32, 10, _>(|c| c as i32 + 21),
        "a row of 10, max",
    );
    same_row(
        (wide.lazy() + 1).sum_axes::<axes![0]>().eval().as_slice(),
        &core::array::from_fn::<i32, 10, _>(|c| 3 * c as i32 + 33),
        "a row of 10",
    );
}
