//! Run-time indices into an axis, against references written here that never call the
//! library:
//!
//! - `add_at`, NumPy's `np.add.at(out, indices, values)`: row `i` of `values` (stretched to
//!   `[N, …]`) added onto row `indices[i]` of `out`; `take_at`, NumPy's `x[indices]`, reading
//!   those rows;
//! - `take_along::<A>` (NumPy's `take_along_axis`, the axis removed) and `add_along::<A>`
//!   (`np.add.at` at those positions), along each axis of a rank-3 tensor.
//!
//! Over random lengths, indices and values (integers, so that the order of the additions cannot
//! change a result): outputs small enough to be spread over copies on the stack and larger
//! ones, rows that fill a block evenly and rows that do not, fixed and run-time sizes, and
//! every index error, which must leave the output as it was.

mod common;

use common::reference as naive;
use proptest::prelude::*;
use shapecast::prelude::*;

struct N;
struct K;

/// Values from `seed`, in -50..50.
fn values(len: usize, seed: u64) -> Vec<i64> {
    (0..len as u64).map(|i| ((i + 1).wrapping_mul(seed | 1) >> 7) as i64 % 100 - 50).collect()
}

/// Indices from `seed`, each below `rows`.
fn indices(len: usize, rows: usize, seed: u64) -> Vec<usize> {
    (0..len as u64).map(|i| ((i + 3).wrapping_mul(seed | 1) >> 11) as usize % rows).collect()
}

/// `out` with row `i` of `values` (`data` of shape `shape`, stretched by NumPy's rule to
/// `[indices.len(), …row]`) added onto row `indices[i]`, element by element.
fn reference(out: &[i64], row: &[usize], indices: &[usize], data: &[i64], shape: &[usize]) -> Vec<i64> {
    let mut full = vec![indices.len()];
    full.extend_from_slice(row);
    let map = naive::numpy_map(shape.len(), full.len());
    let stretched: Vec<i64> =
        naive::broadcast_indices(shape, &map, &full).into_iter().map(|i| data[i]).collect();
    let width: usize = row.iter().product();
    let mut out = out.to_vec();
    for (i, &to) in indices.iter().enumerate() {
        for j in 0..width {
            out[to * width + j] = out[to * width + j].wrapping_add(stretched[i * width + j]);
        }
    }
    out
}

/// The strides of a row-major `dims`.
fn strides(dims: &[usize]) -> Vec<usize> {
    (0..dims.len()).map(|a| dims[a + 1..].iter().product()).collect()
}

/// Every position of `dims` without axis `axis`, in row-major order, with the flat offset in
/// `dims` of its element at index `i` along `axis`.
fn positions(dims: &[usize], axis: usize) -> Vec<Vec<usize>> {
    let rest: Vec<usize> = dims.iter().enumerate().filter(|&(a, _)| a != axis).map(|(_, &d)| d).collect();
    naive::coords(&rest).into_iter().collect()
}

/// The flat offset in `dims` of `pos` (a position without axis `axis`) with index `i` there.
fn offset(dims: &[usize], axis: usize, pos: &[usize], i: usize) -> usize {
    let mut full = pos.to_vec();
    full.insert(axis, i);
    full.iter().zip(strides(dims)).map(|(c, s)| c * s).sum()
}

/// NumPy's `take_along_axis`, the axis removed.
fn take(x: &[i64], dims: &[usize], axis: usize, at: &[usize]) -> Vec<i64> {
    positions(dims, axis).iter().zip(at).map(|(pos, &i)| x[offset(dims, axis, pos, i)]).collect()
}

/// `x` with `vals[p]` added at `at[p]` along `axis`, for every position `p`.
fn add(x: &[i64], dims: &[usize], axis: usize, at: &[usize], vals: &[i64]) -> Vec<i64> {
    let mut out = x.to_vec();
    for ((pos, &i), &v) in positions(dims, axis).iter().zip(at).zip(vals) {
        out[offset(dims, axis, pos, i)] += v;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rows of 3 (a block of 16 is not whole rows), into a small `[4, 3]` (copies on the
    /// stack), from a tensor, a stretched row, a stretched column, a number and an expression.
    #[test]
    fn small_output_rows_of_three(n in 0usize..60, seed in any::<u64>()) {
        bind!(let nn: N = n);
        let start = values(12, seed ^ 1);
        let (xs, row, col) = (values(n * 3, seed), values(3, seed >> 3), values(n, seed >> 5));
        let at = indices(n, 4, seed >> 9);
        let x = TensorRef::from_shape(dims![nn, 3], &xs).unwrap();
        let r = Tensor::<i64, shape![3]>::from_slice(&row).unwrap();
        let c = TensorRef::from_shape(dims![nn, 1], &col).unwrap();
        let labels = TensorRef::from_shape(dims![nn], &at).unwrap();

        let mut out = Tensor::<i64, shape![4, 3]>::from_slice(&start).unwrap();
        out.add_at(&labels, &x).unwrap();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[3], &at, &xs, &[n, 3])[..]);

        let mut out = Tensor::<i64, shape![4, 3]>::from_slice(&start).unwrap();
        out.add_at(&labels, &r).unwrap();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[3], &at, &row, &[3])[..]);

        let mut out = Tensor::<i64, shape![4, 3]>::from_slice(&start).unwrap();
        out.add_at(&labels, &c).unwrap();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[3], &at, &col, &[n, 1])[..]);

        let mut out = Tensor::<i64, shape![4, 3]>::from_slice(&start).unwrap();
        out.add_at(&labels, 7).unwrap();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[3], &at, &[7], &[])[..]);

        let mut out = Tensor::<i64, shape![4, 3]>::from_slice(&start).unwrap();
        out.add_at(&labels, x.lazy() * 2 - &r).unwrap();
        let e: Vec<i64> = xs.iter().enumerate().map(|(i, &v)| v * 2 - row[i % 3]).collect();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[3], &at, &e, &[n, 3])[..]);
    }

    /// Rows of 16 into `[6, 16]` (96 elements: added in place, no copies), rows of 2 into
    /// `[4, 2]` (k-means: 8 rows to a block), and single elements into `[5]` (counts).
    #[test]
    fn large_outputs_and_short_rows(n in 0usize..50, seed in any::<u64>()) {
        bind!(let nn: N = n);
        let at6 = indices(n, 6, seed >> 9);
        let xs = values(n * 16, seed);
        let start = values(96, seed ^ 5);
        let mut out = BoxedTensor::<i64, shape![6, 16]>::from_slice(&start).unwrap();
        out.add_at(&TensorRef::from_shape(dims![nn], &at6).unwrap(), &TensorRef::from_shape(dims![nn, 16], &xs).unwrap()).unwrap();
        prop_assert_eq!(out.as_slice(), &reference(&start, &[16], &at6, &xs, &[n, 16])[..]);

        let at4 = indices(n, 4, seed >> 13);
        let ps = values(n * 2, seed >> 1);
        let mut sums = Tensor::<i64, shape![4, 2]>::splat(0);
        sums.add_at(&TensorRef::from_shape(dims![nn], &at4).unwrap(), &TensorRef::from_shape(dims![nn, 2], &ps).unwrap()).unwrap();
        prop_assert_eq!(sums.as_slice(), &reference(&[0; 8], &[2], &at4, &ps, &[n, 2])[..]);

        let at5 = indices(n, 5, seed >> 17);
        let mut counts = Tensor::<i64, shape![5]>::splat(0);
        counts.add_at(&TensorRef::from_shape(dims![nn], &at5).unwrap(), 1).unwrap();
        prop_assert_eq!(counts.as_slice(), &reference(&[0; 5], &[], &at5, &[1], &[])[..]);
    }

    /// A run-time number of output rows, into a `TensorMut`, and a fixed number of indices
    /// (every shape fixed: the pass is planned while the program compiles).
    #[test]
    fn run_time_rows_and_fixed_indices(k in 1usize..9, seed in any::<u64>()) {
        bind!(let kk: K = k);
        let start = values(k * 5, seed);
        let at = indices(7, k, seed >> 3);
        let xs = values(7 * 5, seed >> 7);
        let mut data = start.clone();
        let mut out = TensorMut::from_shape(dims![kk, 5], &mut data[..]).unwrap();
        let labels = Tensor::<usize, shape![7]>::from_slice(&at).unwrap();
        out.add_at(&labels, &Tensor::<i64, shape![7, 5]>::from_slice(&xs).unwrap()).unwrap();
        prop_assert_eq!(&data[..], &reference(&start, &[5], &at, &xs, &[7, 5])[..]);
    }

    /// `take_along` and `add_along` along each axis of `[P, 3, 4]` (`P` a run-time size), with
    /// values from a tensor, a stretched row and a number.
    #[test]
    fn along_each_axis(p in 0usize..7, seed in any::<u64>()) {
        bind!(let pp: N = p);
        let xs = values(p * 12, seed);
        let x = TensorRef::from_shape(dims![pp, 3, 4], &xs).unwrap();
        let dims = [p, 3, 4];

        let at0 = indices(12, p.max(1), seed >> 3);
        let at1 = indices(p * 4, 3, seed >> 5);
        let at2 = indices(p * 3, 4, seed >> 7);
        if p > 0 {
            let i0 = Tensor::<usize, shape![3, 4]>::from_slice(&at0).unwrap();
            let got = x.take_along::<0>(&i0).unwrap();
            prop_assert_eq!(got.as_slice(), &take(&xs, &dims, 0, &at0)[..]);
            let mut out = x.to_boxed();
            out.add_along::<0>(&i0, &Tensor::<i64, shape![4]>::from_slice(&xs[..4].iter().map(|v| v + 1).collect::<Vec<_>>()).unwrap()).unwrap();
            let row: Vec<i64> = (0..12).map(|q| xs[q % 4] + 1).collect();
            prop_assert_eq!(out.as_slice(), &add(&xs, &dims, 0, &at0, &row)[..]);
        }
        let i1 = TensorRef::from_shape(dims![pp, 4], &at1).unwrap();
        let got = x.take_along::<1>(&i1).unwrap();
        prop_assert_eq!(got.as_slice(), &take(&xs, &dims, 1, &at1)[..]);
        let mut out = x.to_boxed();
        out.add_along::<1>(&i1, -3).unwrap();
        prop_assert_eq!(out.as_slice(), &add(&xs, &dims, 1, &at1, &vec![-3; p * 4])[..]);

        let i2 = TensorRef::from_shape(dims![pp, 3], &at2).unwrap();
        let got = x.take_along::<2>(&i2).unwrap();
        prop_assert_eq!(got.as_slice(), &take(&xs, &dims, 2, &at2)[..]);
        let vs = values(p * 3, seed >> 11);
        let mut out = x.to_boxed();
        out.add_along::<2>(&i2, TensorRef::from_shape(dims![pp, 3], &vs).unwrap().lazy() * 2).unwrap();
        let twice: Vec<i64> = vs.iter().map(|v| v * 2).collect();
        prop_assert_eq!(out.as_slice(), &add(&xs, &dims, 2, &at2, &twice)[..]);
    }

    /// `take_at` reads the rows `add_at` adds onto: from fixed and run-time tensors, rows of
    /// 1, 3 and 16 (a block's width), any number of indices.
    #[test]
    fn take_at_reads_rows(n in 0usize..40, k in 1usize..6, seed in any::<u64>()) {
        bind!(let nn: N = n);
        bind!(let kk: K = k);
        let at = indices(n, k, seed);
        let labels = TensorRef::from_shape(dims![nn], &at).unwrap();
        let gather = |x: &[i64], row: usize| -> Vec<i64> { at.iter().flat_map(|&i| x[i * row..(i + 1) * row].to_vec()).collect() };

        let xs = values(k * 3, seed >> 1);
        let x = TensorRef::from_shape(dims![kk, 3], &xs).unwrap();
        let got = x.take_at(&labels).unwrap();
        prop_assert_eq!(got.as_slice(), &gather(&xs, 3)[..]);
        let ys = values(k * 16, seed >> 2);
        let y = TensorRef::from_shape(dims![kk, 16], &ys).unwrap();
        let got = y.take_at(&labels).unwrap();
        prop_assert_eq!(got.as_slice(), &gather(&ys, 16)[..]);
        let zs = values(k, seed >> 3);
        let z = TensorRef::from_shape(dims![kk], &zs).unwrap();
        let got = z.take_at(&labels).unwrap();
        prop_assert_eq!(got.as_slice(), &gather(&zs, 1)[..]);

        let fixed = Tensor::<i64, shape![5, 2, 2]>::from_slice(&values(20, seed >> 4)).unwrap();
        let at5 = indices(n, 5, seed >> 5);
        let got = fixed.take_at(&TensorRef::from_shape(dims![nn], &at5).unwrap()).unwrap();
        let want: Vec<i64> = at5.iter().flat_map(|&i| fixed.as_slice()[i * 4..(i + 1) * 4].to_vec()).collect();
        prop_assert_eq!(got.as_slice(), &want[..]);
    }

    /// An index out of range anywhere is an error that names it, and nothing is added, even
    /// for the rows before it.
    #[test]
    fn an_index_out_of_range_changes_nothing(n in 1usize..40, bad in any::<prop::sample::Index>(), seed in any::<u64>()) {
        bind!(let nn: N = n);
        let mut at = indices(n, 4, seed);
        let position = bad.index(n);
        at[position] = 4 + (seed as usize % 3);
        let start = values(8, seed >> 1);
        let xs = values(n * 2, seed >> 2);
        let mut out = Tensor::<i64, shape![4, 2]>::from_slice(&start).unwrap();
        let err = out
            .add_at(&TensorRef::from_shape(dims![nn], &at).unwrap(), &TensorRef::from_shape(dims![nn, 2], &xs).unwrap())
            .unwrap_err();
        prop_assert_eq!((err.position(), err.index(), err.len()), (at.iter().position(|&i| i >= 4).unwrap(), at[at.iter().position(|&i| i >= 4).unwrap()], 4));
        prop_assert_eq!(out.as_slice(), &start[..]);
    }
}

/// Integer sums wrap, as `sum_axes`'s do; float sums of whole numbers are exact.
#[test]
fn integers_wrap_and_floats_add() {
    let mut out = Tensor::<u8, shape![2]>::from([250, 0]);
    out.add_at(&Tensor::<usize, shape![3]>::from([0, 0, 1]), 3).unwrap();
    assert_eq!(out.as_slice(), [0, 3]);

    let mut out = Tensor::<f32, shape![2, 2]>::splat(0.0);
    let x = Tensor::<f32, shape![3, 2]>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]);
    out.add_at(&Tensor::<usize, shape![3]>::from([1, 1, 0]), &x).unwrap();
    assert_eq!(out.as_slice(), [5.0, 6.0, 4.0, 6.0]);
}

/// Index errors of `take_at`, `take_along` and `add_along` name the first bad position,
/// row-major (and the axis, for the last two), and leave the tensor as it was.
#[test]
fn along_errors() {
    let rows = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let err = rows.take_at(&Tensor::<usize, shape![3]>::from([1, 1, 2])).unwrap_err();
    assert_eq!(err.to_string(), "index 2 at position 2 is out of range for an axis of size 2");
    let mut x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let bad = Tensor::<usize, shape![2]>::from([0, 3]);
    let err = x.take_along::<1>(&bad).unwrap_err();
    assert_eq!(err.to_string(), "index 3 at position 1 is out of range for axis 1, of size 3");
    let err = x.add_along::<1>(&bad, 10).unwrap_err();
    assert_eq!((err.position(), err.axis(), err.index(), err.len()), (1, Some(1), 3, 3));
    assert_eq!(x.as_slice(), [1, 2, 3, 4, 5, 6]);
    let err = x.add_along::<0>(&Tensor::<usize, shape![3]>::from([1, 2, 0]), 10).unwrap_err();
    assert_eq!(err.to_string(), "index 2 at position 1 is out of range for axis 0, of size 2");
    assert_eq!(x.as_slice(), [1, 2, 3, 4, 5, 6]);
}

/// An element no index names keeps its bits (a -0.0 stays -0.0), and one named once becomes
/// `out + x`, on both paths (copies for at most 64 elements, in place beyond).
#[test]
fn untouched_elements_keep_their_bits() {
    let mut small = Tensor::<f32, shape![3]>::from([-0.0, -0.0, 5.0]);
    small.add_at(&Tensor::<usize, shape![2]>::from([0, 2]), -0.0).unwrap();
    let bits: Vec<u32> = small.as_slice().iter().map(|v| v.to_bits()).collect();
    assert_eq!(bits, [(-0.0f32).to_bits(), (-0.0f32).to_bits(), 5.0f32.to_bits()]);
    let mut large = BoxedTensor::<f32, shape![100]>::splat(-0.0);
    large.add_at(&Tensor::<usize, shape![2]>::from([0, 99]), -0.0).unwrap();
    assert!(large.as_slice().iter().all(|v| v.to_bits() == (-0.0f32).to_bits()));
    let mut once = Tensor::<f64, shape![2]>::from([0.1, 0.2]);
    once.add_at(&Tensor::<usize, shape![1]>::from([1]), 0.7).unwrap();
    assert_eq!(once.as_slice(), [0.1, 0.2 + 0.7]);
}

/// No indices add nothing; an output with no rows refuses every index; a row of no elements
/// adds nothing, but its indices are still checked.
#[test]
fn empty_cases() {
    struct Z;
    bind!(let zero: Z = 0);
    let mut out = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    out.add_at(&TensorRef::from_shape(dims![zero], &[]).unwrap(), 5).unwrap();
    assert_eq!(out.as_slice(), [1, 2, 3]);

    let mut none = Tensor::<i32, shape![0, 2]>::splat(0);
    let err = none.add_at(&Tensor::<usize, shape![1]>::from([0]), 1).unwrap_err();
    assert_eq!(err.to_string(), "index 0 at position 0 is out of range for an axis of size 0");

    let mut flat = Tensor::<i32, shape![2, 0]>::splat(0);
    flat.add_at(&Tensor::<usize, shape![2]>::from([1, 0]), 1).unwrap();
    let err = flat.add_at(&Tensor::<usize, shape![2]>::from([1, 2]), 1).unwrap_err();
    assert_eq!(err.to_string(), "index 2 at position 1 is out of range for an axis of size 2");
    let err =
        Tensor::<i32, shape![1]>::splat(0).add_at(&Tensor::<usize, shape![1]>::from([3]), 1).unwrap_err();
    assert_eq!(err.to_string(), "index 3 at position 0 is out of range for an axis of size 1");
}

/// `start` (rows of `width`) with each row that `indices` names replaced by the mean of the
/// rows of `values` (already one row per index) at those positions, in `f64`; other rows kept.
fn mean_reference(start: &[f64], width: usize, indices: &[usize], values: &[f64]) -> Vec<f64> {
    let rows = start.len() / width.max(1);
    let (mut sums, mut counts) = (vec![0.0; start.len()], vec![0usize; rows]);
    for (i, &to) in indices.iter().enumerate() {
        counts[to] += 1;
        for j in 0..width {
            sums[to * width + j] += values[i * width + j];
        }
    }
    (0..start.len())
        .map(|e| if counts[e / width] > 0 { sums[e] / counts[e / width] as f64 } else { start[e] })
        .collect()
}

/// Whole numbers as `f64`: their sums are exact in any order, so every mean is one division.
fn whole(len: usize, seed: u64) -> Vec<f64> {
    values(len, seed).into_iter().map(|v| v as f64).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `mean_at` into `[4, 3]` (sums on the stack) and `[30, 3]` (in place), from indices in a
    /// tensor, values from a tensor, a stretched row, a number and an expression.
    #[test]
    fn mean_at_small_and_large(n in 0usize..70, seed in any::<u64>()) {
        bind!(let nn: N = n);
        let (xs, row) = (whole(n * 3, seed), whole(3, seed >> 3));
        let x = TensorRef::from_shape(dims![nn, 3], &xs).unwrap();
        let r = Tensor::<f64, shape![3]>::from_slice(&row).unwrap();
        let start = whole(12, seed ^ 1);
        let at = indices(n, 4, seed >> 9);
        let labels = TensorRef::from_shape(dims![nn], &at).unwrap();
        let small = Tensor::<f64, shape![4, 3]>::from_slice(&start).unwrap();
        let got = small.mean_at(&labels, &x).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&start, 3, &at, &xs)[..]);
        let rows: Vec<f64> = (0..n).flat_map(|_| row.clone()).collect();
        let got = small.mean_at(&labels, &r).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&start, 3, &at, &rows)[..]);
        let got = small.mean_at(&labels, 7.0).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&start, 3, &at, &vec![7.0; n * 3])[..]);
        let e: Vec<f64> = xs.iter().enumerate().map(|(i, &v)| v * 2.0 - row[i % 3]).collect();
        let got = small.mean_at(&labels, x.lazy() * 2.0 - &r).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&start, 3, &at, &e)[..]);

        let start = whole(90, seed ^ 2);
        let at = indices(n, 30, seed >> 11);
        let labels = TensorRef::from_shape(dims![nn], &at).unwrap();
        let large = BoxedTensor::<f64, shape![30, 3]>::from_slice(&start).unwrap();
        let got = large.mean_at(&labels, &x).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&start, 3, &at, &xs)[..]);
    }

    /// Indices from an expression, never stored: each point's nearest centroid (an `argmin`
    /// of a reduction), with values that hold a reduction of their own (each point less the
    /// mean of its coordinates), as k-means' assignment and update in one pass. Past 256
    /// points, the indices come in more than one chunk.
    #[test]
    fn mean_at_of_lazy_indices(n in prop_oneof![0usize..70, 250usize..800], seed in any::<u64>()) {
        bind!(let nn: N = n);
        let ps = whole(n * 2, seed);
        let c = whole(8, seed >> 5);
        let points = TensorRef::from_shape(dims![nn, 2], &ps).unwrap();
        let centroids = Tensor::<f64, shape![4, 2]>::from_slice(&c).unwrap();
        let nearest: Vec<usize> = ps
            .chunks(2)
            .map(|p| {
                let d: Vec<f64> = c.chunks(2).map(|q| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).collect();
                (1..4).fold(0, |best, k| if d[k] < d[best] { k } else { best })
            })
            .collect();
        let assign = || (points.lazy().insert_axis::<1>() - &centroids).powi(2).sum_axes::<axes![2]>().argmin_axes::<axes![1]>();
        let got = centroids.mean_at(assign(), &points).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&c, 2, &nearest, &ps)[..]);
        let centred: Vec<f64> = ps.chunks(2).flat_map(|p| { let m = (p[0] + p[1]) / 2.0; [p[0] - m, p[1] - m] }).collect();
        let values = points.lazy() - points.lazy().mean_keepdims::<axes![1]>();
        let got = centroids.mean_at(assign(), values).unwrap();
        prop_assert_eq!(got.as_slice(), &mean_reference(&c, 2, &nearest, &centred)[..]);
    }

    /// An index out of range, from a tensor or an expression, is an error naming the first
    /// such, on both paths.
    #[test]
    fn mean_at_errors(n in prop_oneof![1usize..40, 250usize..800], bad in any::<prop::sample::Index>(), seed in any::<u64>()) {
        bind!(let nn: N = n);
        let mut at = indices(n, 4, seed);
        let position = bad.index(n);
        at[position] = 4 + (seed as usize % 3);
        let first = at.iter().position(|&i| i >= 4).unwrap();
        let xs = whole(n * 2, seed >> 2);
        let labels = TensorRef::from_shape(dims![nn], &at).unwrap();
        let x = TensorRef::from_shape(dims![nn, 2], &xs).unwrap();
        let err = Tensor::<f64, shape![4, 2]>::splat(0.0).mean_at(&labels, &x).unwrap_err();
        prop_assert_eq!((err.position(), err.index(), err.len()), (first, at[first], 4));
        let err = BoxedTensor::<f64, shape![4, 20]>::splat(0.0).mean_at(&labels, 1.0).unwrap_err();
        prop_assert_eq!((err.position(), err.index(), err.len()), (first, at[first], 4));
        // The same indices, each one more, from an expression: the first at or past 3.
        let err = Tensor::<f64, shape![3, 2]>::splat(0.0).mean_at(labels.lazy() + 1, &x).unwrap_err();
        let first = at.iter().position(|&i| i + 1 >= 3).unwrap();
        prop_assert_eq!((err.position(), err.index(), err.len()), (first, at[first] + 1, 3));
    }
}

/// No indices keep every row; rows of no elements still have their indices checked; a NaN
/// makes its row's mean NaN and no other; an `f32` mean is the sum over the count.
#[test]
fn mean_at_edges() {
    struct Z;
    bind!(let zero: Z = 0);
    let start = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
    let none = TensorRef::from_shape(dims![zero], &[]).unwrap();
    assert_eq!(start.mean_at(&none, 5.0).unwrap().as_slice(), [1.0, 2.0, 3.0, 4.0]);

    let flat = Tensor::<f32, shape![2, 0]>::splat(0.0);
    assert!(flat.mean_at(&Tensor::<usize, shape![2]>::from([1, 0]), 1.0).unwrap().as_slice().is_empty());
    let err = flat.mean_at(&Tensor::<usize, shape![2]>::from([1, 2]), 1.0).unwrap_err();
    assert_eq!(err.to_string(), "index 2 at position 1 is out of range for an axis of size 2");

    let x = Tensor::<f32, shape![3, 2]>::from([[f32::NAN, 1.0], [2.0, 3.0], [0.5, 0.25]]);
    let means = start.mean_at(&Tensor::<usize, shape![3]>::from([0, 0, 1]), &x).unwrap();
    assert!(means.as_slice()[0].is_nan());
    assert_eq!(&means.as_slice()[1..], [2.0, 0.5, 0.25]);
}
