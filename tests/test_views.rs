//! Strided views (permute, swap_axes, index_axis, narrow, axis_iter, flip) against index
//! arithmetic written here, read by expressions, reductions and products, fixed and run-time
//! sizes; the parts of a split joined back (`rejoin`).

#![allow(clippy::type_complexity)] // shapes written out where a test checks a result's type

use shapecast::prelude::*;

/// Element `index` of a row-major array of sizes `dims`.
fn at(data: &[i64], dims: &[usize], index: &[usize]) -> i64 {
    data[index.iter().zip(dims).fold(0, |acc, (&i, &d)| acc * d + i)]
}

/// Every multi-index of `dims`, row-major.
fn indices(dims: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = dims.iter().product();
    (0..n)
        .map(|mut flat| {
            let mut ix = vec![0; dims.len()];
            for k in (0..dims.len()).rev() {
                ix[k] = flat % dims[k];
                flat /= dims[k];
            }
            ix
        })
        .collect()
}

/// `x` permuted by `order`, by hand: element `y[i] = x[j]` with `j[order[k]] = i[k]`.
fn permuted(data: &[i64], dims: &[usize], order: &[usize]) -> Vec<i64> {
    let out: Vec<usize> = order.iter().map(|&p| dims[p]).collect();
    indices(&out)
        .iter()
        .map(|i| {
            let mut j = vec![0; dims.len()];
            for (k, &p) in order.iter().enumerate() {
                j[p] = i[k];
            }
            at(data, dims, &j)
        })
        .collect()
}

macro_rules! check_permute {
    ($($shape:tt => $order:tt),* $(,)?) => {$({
        type S = shape!$shape;
        let x = Tensor::<i64, S>::from_fn(|i| i as i64 * 3 - 7);
        let view = x.permute::<perm!$order>();
        let order = <perm!$order>::order();
        let want = permuted(x.as_slice(), S::dims(), order);
        assert_eq!(view.to_tensor().as_slice(), &want[..], "{:?} by {:?}", S::dims(), order);
        // Through an expression, with a broadcast operand and a reduction.
        assert_eq!((view.lazy() * 2 + 1).eval().as_slice(), &want.iter().map(|v| v * 2 + 1).collect::<Vec<_>>()[..]);
        assert_eq!(view.lazy().sum_all(), want.iter().sum::<i64>());
        // Each element by `get`.
        let dims: Vec<usize> = order.iter().map(|&p| S::dims()[p]).collect();
        for (k, i) in indices(&dims).iter().enumerate() {
            assert_eq!(view.get(i), Some(&want[k]));
        }
    })*};
}

#[test]
fn permutations_of_every_rank_match_index_arithmetic() {
    check_permute!(
        [3] => [0],
        [2, 3] => [1, 0], [2, 3] => [0, 1],
        [2, 3, 4] => [2, 0, 1], [2, 3, 4] => [1, 2, 0], [2, 3, 4] => [0, 2, 1], [2, 3, 4] => [2, 1, 0],
        [2, 1, 3, 4] => [3, 1, 0, 2], [5, 4, 3, 2, 2] => [4, 2, 0, 3, 1],
        [17, 33] => [1, 0], [0, 3] => [1, 0], [3, 1, 40] => [2, 0, 1],
    );
}

#[test]
fn a_permuted_view_is_an_operand_beside_tensors_and_reduces_along_any_axis() {
    let x = Tensor::<i64, shape![3, 4]>::from_fn(|i| i as i64);
    let t = x.swap_axes::<0, 1>(); // [4, 3]
    let b = Tensor::<i64, shape![3]>::from([100, 200, 300]);
    let sum = (t.lazy() + &b).eval();
    let want: Vec<i64> = (0..12).map(|k| (k % 3 * 4 + k / 3) as i64 + [100, 200, 300][k % 3]).collect();
    assert_eq!(sum.as_slice(), &want[..]);
    // Reductions over each axis of the view.
    let rows = t.lazy().sum_axes::<axes![1]>().eval(); // [4]: x's column sums
    assert_eq!(rows.as_slice(), [12, 15, 18, 21]);
    let cols = t.lazy().max_axes::<axes![0]>().eval(); // [3]: x's row maxima
    assert_eq!(cols.as_slice(), [3, 7, 11]);
    // x + xᵀ over a square.
    let m = Tensor::<i64, shape![3, 3]>::from_fn(|i| i as i64);
    let sym = (m.lazy() + &m.permute::<perm![1, 0]>()).eval();
    assert_eq!(sym.as_slice(), [0, 4, 8, 4, 8, 12, 8, 12, 16]);
}

#[test]
fn a_transposed_view_is_an_operand_on_either_side() {
    // A batch of [2, 3] matrices transposed to [2, 3, 2] beside a [3, 2] tensor (NumPy's
    // `x.mT + y`, `y` broadcast over the batch), against the same sum by index arithmetic.
    let x = Tensor::<i64, shape![2, 2, 3]>::from_fn(|i| i as i64 * 3 - 7);
    let y = Tensor::<i64, shape![3, 2]>::from_fn(|i| i as i64 * 10);
    let want: Vec<i64> = indices(&[2, 3, 2])
        .iter()
        .map(|j| at(x.as_slice(), &[2, 2, 3], &[j[0], j[2], j[1]]) + at(y.as_slice(), &[3, 2], &[j[1], j[2]]))
        .collect();
    let left = (x.mt().lazy() + &y).eval();
    let _: &Tensor<i64, shape![2, 3, 2]> = &left;
    assert_eq!(left.as_slice(), &want[..]);
    let right = (y.lazy() + &x.mt()).eval();
    assert_eq!(right.as_slice(), &want[..]);
    // As the permuted view reads it.
    assert_eq!((x.permute::<perm![0, 2, 1]>().lazy() + &y).eval().as_slice(), &want[..]);
}

#[test]
fn large_permuted_views_go_through_the_pass() {
    let x = BoxedTensor::<f32, shape![64, 48, 32]>::from_fn(|i| (i % 1013) as f32);
    let v = x.permute::<perm![2, 0, 1]>(); // [32, 64, 48]
    let out = (v.lazy() + 1.0).eval();
    let _: &BoxedTensor<f32, shape![32, 64, 48]> = &out;
    for (k, ix) in [[0, 0, 0], [31, 63, 47], [5, 17, 29], [17, 3, 40]].iter().enumerate() {
        let want = x.get(&[ix[1], ix[2], ix[0]]).unwrap() + 1.0;
        assert_eq!(out.get(ix), Some(&want), "probe {k}");
    }
    let sums = v.lazy().sum_axes::<axes![0]>().eval(); // [64, 48]: x summed over its last axis
    let direct = x.lazy().sum_axes::<axes![2]>().eval();
    assert_eq!(sums.as_slice(), direct.as_slice());
}

#[test]
fn products_read_views_in_place() {
    let a = Tensor::<i64, shape![2, 3, 4]>::from_fn(|i| i as i64 % 7 - 3);
    let b = Tensor::<i64, shape![4, 5]>::from_fn(|i| i as i64 % 5 - 2);
    // (aᵀ over the last two axes) via permute, against mt().
    let via_permute = a.permute::<perm![0, 2, 1]>().mt().matmul(&b);
    let direct = a.matmul(&b);
    assert_eq!(via_permute.as_slice(), direct.as_slice());
    let bt = b.permute::<perm![1, 0]>(); // [5, 4]
    let left = bt.matmul(&a.index_axis::<0>(1).unwrap().permute::<perm![1, 0]>()); // [5, 4] · [4, 3]
    let want = b.mt().matmul(&a.index_axis::<0>(1).unwrap().to_tensor().mt());
    assert_eq!(left.as_slice(), want.as_slice());
}

#[test]
fn index_axis_takes_one_position_of_any_axis() {
    let x = Tensor::<i64, shape![2, 3, 4]>::from_fn(|i| i as i64);
    let dims = [2, 3, 4];
    for i in 0..2 {
        let v = x.index_axis::<0>(i).unwrap();
        let want: Vec<i64> =
            indices(&[3, 4]).iter().map(|j| at(x.as_slice(), &dims, &[i, j[0], j[1]])).collect();
        assert_eq!(v.to_tensor().as_slice(), &want[..]);
    }
    for i in 0..3 {
        let v = x.index_axis::<1>(i).unwrap();
        let want: Vec<i64> =
            indices(&[2, 4]).iter().map(|j| at(x.as_slice(), &dims, &[j[0], i, j[1]])).collect();
        assert_eq!(v.to_tensor().as_slice(), &want[..]);
    }
    for i in 0..4 {
        let v = x.index_axis::<2>(i).unwrap();
        let want: Vec<i64> =
            indices(&[2, 3]).iter().map(|j| at(x.as_slice(), &dims, &[j[0], j[1], i])).collect();
        assert_eq!(v.to_tensor().as_slice(), &want[..]);
        // A view of a view.
        assert_eq!(v.index_axis::<0>(1).unwrap().to_tensor().as_slice(), &want[3..]);
    }
    let err = x.index_axis::<2>(4).unwrap_err();
    assert_eq!((err.axis(), err.index(), err.len()), (Some(2), 4, 4));
    assert_eq!(err.to_string(), "index 4 is out of range for axis 2, of size 4");
    assert_eq!(x.axis_iter::<1>().len(), 3);
    let sums: Vec<i64> = x.axis_iter::<2>().map(|v| v.lazy().sum_all()).collect();
    assert_eq!(sums, [60, 66, 72, 78]);
}

#[test]
fn narrow_binds_a_run_time_length() {
    struct Window;
    let x = Tensor::<i64, shape![3, 5]>::from_fn(|i| i as i64);
    bind!(let window: Window = 2);
    let w = x.narrow::<1, _>(3, window).unwrap();
    let _: &StridedView<'_, i64, shape![3, Window], _> = &w;
    assert_eq!(w.to_tensor().as_slice(), [3, 4, 8, 9, 13, 14]);
    assert_eq!((w.lazy() * 10).sum_axes::<axes![1]>().eval().as_slice(), [70, 170, 270]);
    // Positions 4 and 5 of an axis of 5: the run asked for is named.
    let err = x.narrow::<1, _>(4, window).unwrap_err();
    assert_eq!((err.axis(), err.index(), err.len()), (Some(1), 4, 5));
    assert_eq!(err.to_string(), "positions 4..6 are out of range for axis 1, of size 5");
    let err = x.narrow::<1, _>(usize::MAX, window).unwrap_err();
    assert_eq!(err.index(), usize::MAX);
    assert_eq!(
        err.to_string(),
        format!("the 2 positions from {} are out of range for axis 1, of size 5", usize::MAX)
    );
    bind!(let huge: Window = usize::MAX);
    let err = x.narrow::<1, _>(1, huge).unwrap_err(); // 1 + len overflows
    assert_eq!(
        err.to_string(),
        format!("the {} positions from 1 are out of range for axis 1, of size 5", usize::MAX)
    );
    // An empty run past the end has no positions to name: its start is.
    bind!(let none: Window = 0);
    assert!(x.narrow::<1, _>(5, none).is_ok());
    let err = x.narrow::<1, _>(usize::MAX, none).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "an empty run at position {} is out of range for axis 1, of size 5; it may start at 5 at most",
            usize::MAX
        )
    );
    let err = x.split_off::<1, _>(huge).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("positions 0..{} are out of range for axis 1, of size 5", usize::MAX)
    );
    let rows = x.narrow::<0, _>(1, shapecast::shape::Dim::<2>).unwrap();
    assert_eq!(rows.to_tensor().as_slice(), &(5..15).collect::<Vec<i64>>()[..]);
}

#[test]
fn views_of_run_time_shapes() {
    struct Rows;
    let data: Vec<f64> = (0..12).map(f64::from).collect();
    bind!(let rows: Rows = 4);
    let x = TensorRef::from_shape(dims![rows, 3], &data).unwrap();
    let t = x.permute::<perm![1, 0]>(); // [3, Rows]
    let out = t.to_tensor(); // boxed: a run-time size
    let _: &BoxedTensor<f64, shape![3, Rows]> = &out;
    assert_eq!(out.as_slice(), [0.0, 3.0, 6.0, 9.0, 1.0, 4.0, 7.0, 10.0, 2.0, 5.0, 8.0, 11.0]);
    let col = x.index_axis::<1>(2).unwrap(); // [Rows]
    assert_eq!(col.lazy().sum_all(), 2.0 + 5.0 + 8.0 + 11.0);
    assert_eq!(
        format!("{t:?}"),
        "StridedView<[3, Rows = 4]> [[0.0, 3.0, 6.0, 9.0], [1.0, 4.0, 7.0, 10.0], [2.0, 5.0, 8.0, 11.0]]"
    );
}

mod run_time_twins {
    use super::{indices, permuted};
    use proptest::prelude::*;
    use shapecast::dynamic::{self, Array};

    fn shape_and_order() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
        prop::collection::vec(0usize..=4, 1..=5).prop_flat_map(|dims| {
            let n = dims.len();
            (Just(dims), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn permute_matches_index_arithmetic((dims, order) in shape_and_order()) {
            let n: usize = dims.iter().product();
            let data: Vec<i64> = (0..n as i64).collect();
            let mut out = vec![-1; n];
            let shape = dynamic::permute(Array::new(&data, &dims).unwrap(), &order, &mut out).unwrap();
            let want_dims: Vec<usize> = order.iter().map(|&p| dims[p]).collect();
            prop_assert_eq!(&*shape, &want_dims[..]);
            prop_assert_eq!(out, permuted(&data, &dims, &order));
        }

        #[test]
        fn concat_matches_index_arithmetic(
            (dims, axis, extra) in prop::collection::vec(0usize..=3, 1..=4)
                .prop_flat_map(|d| { let n = d.len(); (Just(d), 0..n, 0usize..=3) })
        ) {
            let mut other = dims.clone();
            other[axis] = extra;
            let (na, nb): (usize, usize) = (dims.iter().product(), other.iter().product());
            let (a, b): (Vec<i64>, Vec<i64>) = ((0..na as i64).collect(), (100..100 + nb as i64).collect());
            let mut joined = dims.clone();
            joined[axis] += extra;
            let mut out = vec![-1; joined.iter().product()];
            let shape = dynamic::concat(Array::new(&a, &dims).unwrap(), Array::new(&b, &other).unwrap(), axis, &mut out).unwrap();
            prop_assert_eq!(&*shape, &joined[..]);
            let want: Vec<i64> = indices(&joined).iter().map(|i| {
                if i[axis] < dims[axis] {
                    super::at(&a, &dims, i)
                } else {
                    let mut j = i.clone();
                    j[axis] -= dims[axis];
                    super::at(&b, &other, &j)
                }
            }).collect();
            prop_assert_eq!(out, want);
        }

        /// Any range within the axis (empty ones included) in steps of 1 to 5, against index
        /// arithmetic; and the typed `slice_by` agrees where its shape is fixed.
        #[test]
        fn slice_matches_index_arithmetic(
            (dims, axis, start, end, step) in prop::collection::vec(0usize..=5, 1..=4)
                .prop_flat_map(|d| { let n = d.len(); (Just(d), 0..n) })
                .prop_flat_map(|(d, a)| { let size = d[a]; (Just(d), Just(a), 0..=size) })
                .prop_flat_map(|(d, a, s)| { let size = d[a]; (Just(d), Just(a), Just(s), s..=size, 1usize..=5) })
        ) {
            let n: usize = dims.iter().product();
            let data: Vec<i64> = (0..n as i64).map(|v| v * 3 - 1).collect();
            let mut sliced = dims.clone();
            sliced[axis] = (end - start).div_ceil(step);
            let mut out = vec![-1; sliced.iter().product()];
            let shape = dynamic::slice(Array::new(&data, &dims).unwrap(), axis, start..end, step, &mut out).unwrap();
            prop_assert_eq!(&*shape, &sliced[..]);
            let want: Vec<i64> = indices(&sliced).iter().map(|i| {
                let mut j = i.clone();
                j[axis] = start + i[axis] * step;
                super::at(&data, &dims, &j)
            }).collect();
            prop_assert_eq!(out, want);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every position of every axis (and one past the end, refused), against index
        /// arithmetic.
        #[test]
        fn index_axis_matches_index_arithmetic(
            (dims, axis, index) in prop::collection::vec(0usize..=4, 1..=4)
                .prop_flat_map(|d| { let n = d.len(); (Just(d), 0..n) })
                .prop_flat_map(|(d, a)| { let size = d[a]; (Just(d), Just(a), 0..=size) })
        ) {
            let n: usize = dims.iter().product();
            let data: Vec<i64> = (0..n as i64).map(|v| v * 7 - 3).collect();
            let a = Array::new(&data, &dims).unwrap();
            let rest: Vec<usize> = dims.iter().enumerate().filter(|&(k, _)| k != axis).map(|(_, &d)| d).collect();
            let mut out = vec![-1; rest.iter().product()];
            if index == dims[axis] {
                prop_assert!(dynamic::index_axis(a, axis, index, &mut out).is_err());
                prop_assert!(out.iter().all(|&v| v == -1), "nothing written on error");
                return Ok(());
            }
            let shape = dynamic::index_axis(a, axis, index, &mut out).unwrap();
            prop_assert_eq!(&*shape, &rest[..]);
            let want: Vec<i64> = indices(&rest).iter().map(|i| {
                let mut j = i.clone();
                j.insert(axis, index);
                super::at(&data, &dims, &j)
            }).collect();
            prop_assert_eq!(out, want);
        }

        /// A reshape to any shape of the same count reads the same elements in order; another
        /// count is refused.
        #[test]
        fn reshape_keeps_the_elements(dims in prop::collection::vec(0usize..=4, 1..=4), split in 0usize..=4) {
            let n: usize = dims.iter().product();
            let data: Vec<i64> = (0..n as i64).collect();
            let a = Array::new(&data, &dims).unwrap();
            let to = [n, 1];
            let b = dynamic::reshape(a, &to).unwrap();
            prop_assert_eq!((b.shape(), b.data()), (&to[..], &data[..]));
            let wrong = [n + 1 + split];
            prop_assert!(dynamic::reshape(a, &wrong).is_err());
        }
    }

    #[test]
    fn index_axis_refuses_and_writes_nothing() {
        let data = [1, 2, 3, 4, 5, 6];
        let a = Array::new(&data, &[2, 3]).unwrap();
        let mut out = [0; 3];
        assert_eq!(
            dynamic::index_axis(a, 2, 0, &mut out).unwrap_err().to_string(),
            "cannot index [2, 3] along axis 2 at 0: axis 2 is out of range for rank 2"
        );
        assert_eq!(
            dynamic::index_axis(a, 0, 1, &mut out[..2]).unwrap_err().to_string(),
            "cannot index [2, 3] along axis 0 at 1: the target's slice holds 2 elements but its shape has 3"
        );
        // The index given and the axis' size, with no range made from the index (`usize::MAX`
        // has no position after it).
        let max = usize::MAX;
        let err = dynamic::index_axis(a, 0, max, &mut out).unwrap_err();
        assert_eq!(err.kind(), dynamic::ErrorKind::IndexOutOfRange { index: max, size: 2 });
        assert_eq!(
            err.to_string(),
            format!(
                "cannot index [2, 3] along axis 0 at {max}: the axis has size 2; an index must be below it"
            )
        );
        assert_eq!(
            dynamic::index_axis(a, 1, 3, &mut out).unwrap_err().to_string(),
            "cannot index [2, 3] along axis 1 at 3: the axis has size 3; an index must be below it"
        );
        assert_eq!(out, [0; 3]);
        assert_eq!(*dynamic::index_axis(a, 0, 1, &mut out).unwrap(), [3]);
        assert_eq!(out, [4, 5, 6]);
    }

    #[test]
    fn slices_refuse_bad_ranges_and_write_nothing() {
        let data = [1, 2, 3, 4, 5, 6];
        let a = Array::new(&data, &[2, 3]).unwrap();
        let mut out = [0; 6];
        let backwards = core::ops::Range { start: 2, end: 1 };
        for (axis, range, step) in [(2, 0..1, 1), (1, 2..4, 1), (1, backwards, 1), (1, 0..3, 0), (0, 0..2, 1)]
        {
            let len = if step == 0 || axis > 1 || range.end > 3 || range.start > range.end { 6 } else { 5 };
            assert!(dynamic::slice(a, axis, range, step, &mut out[..len]).is_err());
        }
        assert_eq!(out, [0; 6]);
        assert_eq!(
            dynamic::slice(a, 1, 0..3, 0, &mut out).unwrap_err().to_string(),
            "cannot slice [2, 3] along axis 1 to 0..3 in steps of 0: a step is at least 1"
        );
        let e = dynamic::slice(a, 1, 0..3, 2, &mut out).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot slice [2, 3] along axis 1 to 0..3 in steps of 2: the target's slice holds 6 elements but its shape has 4"
        );
    }

    /// Large enough that the pass walks the permuted array in tiles: every order of rank 3,
    /// with sizes that are not whole tiles, and a stepped slice of a transposed array.
    #[test]
    fn large_permutes_and_slices_match_index_arithmetic() {
        let dims = [3, 70, 81];
        let n: usize = dims.iter().product();
        let data: Vec<i64> = (0..n as i64).map(|v| v * 5 - 2).collect();
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let mut out = vec![-1; n];
            dynamic::permute(Array::new(&data, &dims).unwrap(), &order, &mut out).unwrap();
            assert_eq!(out, permuted(&data, &dims, &order), "order {order:?}");
        }
        let t = permuted(&data, &dims, &[2, 1, 0]); // [81, 70, 3]
        let mut out = vec![-1; 81 * 70];
        dynamic::slice(Array::new(&t, &[81, 70, 3]).unwrap(), 2, 1..2, 1, &mut out).unwrap();
        let want: Vec<i64> =
            indices(&[81, 70, 1]).iter().map(|i| super::at(&t, &[81, 70, 3], &[i[0], i[1], 1])).collect();
        assert_eq!(out, want);
    }

    /// Arrays of no element whose other axes are as large as a size can be join and stack at
    /// once, into no element: nothing loops over those axes.
    #[test]
    fn empty_arrays_with_huge_axes_join_at_once() {
        let none: [f32; 0] = [];
        let mut out: [f32; 0] = [];
        for dims in [[usize::MAX, 0], [1 << 40, 0]] {
            let e = Array::new(&none, &dims).unwrap();
            assert_eq!(*dynamic::concat(e, e, 1, &mut out).unwrap(), [dims[0], 0]);
            // (`[MAX, 2, 0]`'s sizes other than 0 overflow: no array has that shape.)
            match dynamic::stack(&[e, e], 1, &mut out) {
                Ok(shape) => assert_eq!(*shape, [dims[0], 2, 0]),
                Err(err) => {
                    assert_eq!((dims[0], err.kind()), (usize::MAX, dynamic::ErrorKind::TooManyElements))
                }
            }
        }
        let e = Array::new(&none, &[0, usize::MAX]).unwrap();
        assert_eq!(*dynamic::concat(e, e, 0, &mut out).unwrap(), [0, usize::MAX]);
    }

    #[test]
    fn errors_write_nothing() {
        let data = [1, 2, 3, 4, 5, 6];
        let a = Array::new(&data, &[2, 3]).unwrap();
        let mut out = [0; 6];
        assert!(dynamic::permute(a, &[0, 0], &mut out).is_err());
        assert!(dynamic::permute(a, &[1, 0], &mut out[..5]).is_err());
        let b = Array::new(&data[..4], &[2, 2]).unwrap();
        let err = dynamic::concat(a, b, 0, &mut out).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot concatenate [2, 3] with [2, 2] along axis 0: axis 1 has sizes 3 and 2; every axis but the joined one must be the same size"
        );
        assert_eq!(out, [0; 6]);
    }

    /// Each way a stack is refused, by its message, with nothing written: no parts, a rank or a
    /// size that differs (named by part), a new axis past the result's rank, an output of the
    /// wrong length.
    #[test]
    fn stacks_refuse_and_write_nothing() {
        let data = [1, 2, 3, 4, 5, 6];
        let (a, b) = (Array::new(&data, &[2, 3]).unwrap(), Array::new(&data, &[3, 2]).unwrap());
        let row = Array::new(&data, &[6]).unwrap();
        let mut out = [0; 12];
        let refusals = [
            (
                dynamic::stack::<i32>(&[], 0, &mut out),
                "cannot stack along a new axis 0: there is no array to stack; a stack needs at least one",
            ),
            (
                dynamic::stack(&[a, a, b], 0, &mut out),
                "cannot stack [2, 3] with [3, 2] along a new axis 0: axis 0 has size 2 in part 0 and 3 in part 2; stacked arrays have one shape",
            ),
            (
                dynamic::stack(&[a, row], 1, &mut out),
                "cannot stack [2, 3] with [6] along a new axis 1: part 1 has rank 1 but part 0 has rank 2; stacked arrays have one shape",
            ),
            (
                dynamic::stack(&[a, a], 3, &mut out),
                "cannot stack [2, 3] along a new axis 3: the new axis 3 is out of range for the result's rank 3",
            ),
            (
                dynamic::stack(&[a, a], 0, &mut out[..11]),
                "cannot stack [2, 3] along a new axis 0: the target's slice holds 11 elements but its shape has 12",
            ),
        ];
        for (result, message) in refusals {
            assert_eq!(result.unwrap_err().to_string(), message);
        }
        assert_eq!(out, [0; 12]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// One to four arrays of one shape (empty axes included) stacked along every new axis,
        /// against index arithmetic.
        #[test]
        fn stack_matches_index_arithmetic(
            (dims, count, axis) in prop::collection::vec(0usize..=3, 0..=3)
                .prop_flat_map(|d| { let n = d.len(); (Just(d), 1usize..=4, 0..=n) })
        ) {
            let n: usize = dims.iter().product();
            let datas: Vec<Vec<i64>> = (0..count).map(|p| (0..n as i64).map(|v| v * 10 + p as i64).collect()).collect();
            let parts: Vec<Array<'_, i64>> = datas.iter().map(|d| Array::new(d, &dims).unwrap()).collect();
            let mut joined = dims.clone();
            joined.insert(axis, count);
            let mut out = vec![-1; joined.iter().product()];
            let shape = dynamic::stack(&parts, axis, &mut out).unwrap();
            prop_assert_eq!(&*shape, &joined[..]);
            let want: Vec<i64> = indices(&joined).iter().map(|i| {
                let mut j = i.clone();
                let p = j.remove(axis);
                super::at(&datas[p], &dims, &j)
            }).collect();
            prop_assert_eq!(out, want);
        }
    }
}

#[test]
fn merged_and_split_run_time_axes() {
    struct Batch;
    let data: Vec<i64> = (0..5 * 3 * 4).collect();
    let other: Vec<i64> = (0..5 * 3 * 4).map(|i| 1000 * i).collect();
    bind!(let batch: Batch = 5);
    let x = TensorRef::from_shape(dims![batch, 3, 4], &data).unwrap();
    let y = TensorRef::from_shape(dims![batch, 3, 4], &other).unwrap();
    // Two merges of the same sizes are one size: their results add.
    let (mx, my) = (x.merge_axes::<0>(), y.merge_axes::<0>());
    let sum = mx + my; // [Batch*3, 4]
    assert_eq!(*sum.shape().extents(), [15, 4]);
    assert_eq!(sum.as_slice(), &(0..60).map(|i| 1001 * i).collect::<Vec<i64>>()[..]);
    // Back again, with no check.
    let back = mx.unmerge_axis::<0>();
    let _ = back + x; // [Batch, 3, 4] meets x's shape
    assert_eq!(back.as_slice(), x.as_slice());
    // Splitting by a fixed factor: checked.
    let rows = x.merge_axes::<0>(); // [Batch*3, 4]
    let split = rows.split_axis::<0, 5>().unwrap(); // [Batch*3/5, 5, 4]
    assert_eq!(*split.shape().extents(), [3, 5, 4]);
    assert_eq!(split.get(&[2, 4, 3]), Some(&59));
    let err = rows.split_axis::<0, 4>().unwrap_err();
    assert_eq!(err.to_string(), "cannot split axis 0 of [15, 4] by 4: its size 15 is not a multiple of 4");
    // An expression over a merged shape keeps the size.
    let scaled = (mx.lazy() * 2).eval();
    assert_eq!(scaled.get(&[14, 3]), Some(&118));
}

#[test]
fn large_transposes_are_copied_in_tiles_and_match_index_arithmetic() {
    macro_rules! check {
        ($($shape:tt => $order:tt),*) => {$({
            type S = shape!$shape;
            let x = BoxedTensor::<i64, S>::from_fn(|i| i as i64);
            let order = <perm!$order>::order();
            let got = x.permute::<perm!$order>().to_tensor();
            assert_eq!(got.as_slice(), &permuted(x.as_slice(), S::dims(), order)[..], "{:?} by {:?}", S::dims(), order);
        })*};
    }
    check!([200, 300] => [1, 0], [5, 64, 70] => [0, 2, 1], [64, 3, 70] => [2, 1, 0], [33, 2, 65] => [2, 1, 0], [40, 40, 40] => [1, 2, 0]);
    // Tiles of 64 rows by 64 columns: a last one of 13 rows and of 2 columns; a last one of 2
    // rows in planes of 100 columns; a single tile row of 20 (a block and 4 rows) with a last
    // column of 8; and whole tiles only.
    check!([130, 77] => [1, 0], [3, 100, 66] => [2, 0, 1], [200, 20] => [1, 0], [64, 128] => [1, 0]);
}

/// Transposes alone from and into every offset in a line of 64 bytes, for elements of 1, 2, 4
/// and 8 bytes, sizes of whole tiles and not, a row or a column alone, no rows, and a run-time
/// size; into an existing tensor and into a new one: the same elements as index arithmetic.
#[test]
fn transposes_from_and_into_every_offset_in_a_line() {
    macro_rules! check {
        ($t:ty, $rows:literal, $cols:literal) => {{
            struct Rows;
            let n = $rows * $cols;
            let data: Vec<$t> = (0..n + 64).map(|v| (v % 251) as $t).collect();
            let lane = 64 / core::mem::size_of::<$t>();
            for from in 0..lane {
                let src = &data[from..from + n];
                let wide: Vec<i64> = src.iter().map(|&v| v as i64).collect();
                let want: Vec<i64> = permuted(&wide, &[$rows, $cols], &[1, 0]);
                let x = TensorRef::<$t, shape![$rows, $cols]>::new(src).unwrap();
                let fresh: Vec<i64> = x.mt().to_tensor().as_slice().iter().map(|&v| v as i64).collect();
                assert_eq!(fresh, want, "{}x{} from {from}", $rows, $cols);
                bind!(let rows: Rows = $rows);
                let r = TensorRef::from_shape(dims![rows, $cols], src).unwrap();
                let fresh: Vec<i64> = r.mt().to_tensor().as_slice().iter().map(|&v| v as i64).collect();
                assert_eq!(fresh, want, "{}x{} from {from}, run-time rows", $rows, $cols);
                for to in [0, 1, lane / 2, lane - 1] {
                    let mut buffer = vec![<$t>::MAX; n + 64];
                    let mut out = TensorMut::<$t, shape![$cols, $rows]>::new(&mut buffer[to..to + n]).unwrap();
                    out.assign(&x.permute::<perm![1, 0]>());
                    let got: Vec<i64> = buffer[to..to + n].iter().map(|&v| v as i64).collect();
                    assert_eq!(got, want, "{}x{} from {from} into {to}", $rows, $cols);
                    assert!(buffer[..to].iter().chain(&buffer[to + n..]).all(|&v| v == <$t>::MAX));
                }
            }
        }};
    }
    check!(f32, 130, 77);
    check!(f32, 64, 128);
    check!(f32, 96, 144);
    check!(u8, 64, 128);
    check!(f32, 1, 100);
    check!(f32, 100, 1);
    check!(f32, 0, 80);
    check!(u8, 90, 200);
    check!(u16, 70, 96);
    check!(f64, 96, 70);
}

#[test]
fn fixed_slices_and_merges() {
    let x = Tensor::<i64, shape![4, 6, 5]>::from_fn(|i| i as i64);
    let s = x.slice::<1, 2, 5>(); // [4, 3, 5]
    let want: Vec<i64> =
        indices(&[4, 3, 5]).iter().map(|i| at(x.as_slice(), &[4, 6, 5], &[i[0], i[1] + 2, i[2]])).collect();
    assert_eq!(s.to_tensor().as_slice(), &want[..]);
    let _: Tensor<i64, shape![4, 3, 5]> = s.to_tensor();
    // A slice of a slice, and of a permuted view.
    let ss = s.slice::<2, 1, 3>(); // [4, 3, 2]
    assert_eq!(ss.get(&[3, 2, 1]), x.get(&[3, 4, 2]));
    let ps = x.permute::<perm![2, 0, 1]>().slice::<0, 4, 5>(); // [1, 4, 6]
    assert_eq!(ps.get(&[0, 3, 5]), x.get(&[3, 5, 4]));
    let empty = x.slice::<0, 2, 2>(); // [0, 6, 5]
    assert_eq!(empty.to_tensor().as_slice().len(), 0);
    // Two fixed sizes merge into their product's Dim, and a fixed size splits by a factor
    // that divides it, both views of the same data.
    let m: TensorRef<'_, i64, shape![24, 5]> = x.merge_axes::<0>();
    assert_eq!(m.as_slice(), x.as_slice());
    let split: TensorRef<'_, i64, shape![4, 2, 3, 5]> = x.split_axis::<1, 3>().unwrap();
    assert_eq!(split.as_slice(), x.as_slice());
    assert_eq!(split.get(&[3, 1, 2, 4]), x.get(&[3, 5, 4]));
    let back: TensorRef<'_, i64, shape![4, 6, 5]> = split.merge_axes::<1>();
    assert_eq!(back.as_slice(), x.as_slice());
}

#[test]
fn concatenation_along_a_run_time_axis_sums_the_sizes() {
    struct Batch;
    struct Extra;
    let (a, b): (Vec<i64>, Vec<i64>) = ((0..6).collect(), (10..14).collect());
    bind!(let batch: Batch = 3);
    bind!(let extra: Extra = 2);
    let x = TensorRef::from_shape(dims![batch, 2], &a).unwrap();
    let y = TensorRef::from_shape(dims![extra, 2], &b).unwrap();
    let xy = x.concat::<0>(&y); // [Batch+Extra, 2]
    assert_eq!(xy.as_slice(), [0, 1, 2, 3, 4, 5, 10, 11, 12, 13]);
    assert!(format!("{xy:?}").starts_with("BoxedTensor<[Batch+Extra = 5, 2]>"));
    // Two concatenations of the same sizes are one size: their results add.
    let again = x.concat::<0>(&y);
    assert_eq!((&xy + &again).as_slice(), [0, 2, 4, 6, 8, 10, 20, 22, 24, 26]);
    // Into a tensor of the joined shape.
    let mut out = vec![0; 10];
    x.concat_into::<0>(&y, &mut TensorMut::from_shape(xy.shape(), &mut out).unwrap());
    assert_eq!(out, xy.as_slice());
}

#[test]
fn an_image_batch_merges_its_pixels() {
    struct Batch;
    let data: Vec<f32> = (0..2 * 32 * 32 * 3).map(|i| i as f32).collect();
    bind!(let batch: Batch = 2);
    let images = TensorRef::from_shape(dims![batch, 32, 32, 3], &data).unwrap();
    let pixels = images.merge_axes::<1>(); // [Batch, 1024, 3]
    let rows = pixels.merge_axes::<1>(); // [Batch, 3072]
    let _: &TensorRef<'_, f32, shape![Batch, 3072]> = &rows;
    assert_eq!(rows.get(&[1, 3071]), Some(&(2.0 * 3072.0 - 1.0)));
    let fixed = Tensor::<u8, shape![4, 32, 32, 3]>::splat(1);
    let flat: TensorRef<'_, u8, shape![4, 3072]> = fixed.reshape::<shape![4, 3072]>();
    let _ = flat;
    let _: TensorRef<'_, u8, shape![12288]> = fixed.flatten();
}

/// `slice_by::<A, LO, HI, STEP>()` against index arithmetic: position `k` of the view's axis `A`
/// is position `LO + k·STEP` of the source's.
macro_rules! check_steps {
    ($($shape:tt, $a:literal, $lo:literal, $hi:literal, $step:literal);* $(;)?) => {$({
        type S = shape!$shape;
        let x = Tensor::<i64, S>::from_fn(|i| i as i64 * 5 - 11);
        let view = x.slice_by::<$a, $lo, $hi, $step>();
        let mut dims = S::dims().to_vec();
        dims[$a] = ($hi - $lo as usize).div_ceil($step);
        assert_eq!(view.shape().extents().as_slice(), &dims[..], "{:?} along {} by {}", S::dims(), $a, $step);
        let want: Vec<i64> = indices(&dims)
            .iter()
            .map(|i| {
                let mut j = i.clone();
                j[$a] = $lo + i[$a] * $step;
                at(x.as_slice(), S::dims(), &j)
            })
            .collect();
        assert_eq!(view.to_tensor().as_slice(), &want[..]);
        assert_eq!((view.lazy() - 1).eval().as_slice(), &want.iter().map(|v| v - 1).collect::<Vec<_>>()[..]);
        assert_eq!(view.lazy().sum_all(), want.iter().sum::<i64>());
        for (k, i) in indices(&dims).iter().enumerate() {
            assert_eq!(view.get(i), Some(&want[k]));
        }
    })*};
}

#[test]
fn stepped_slices_match_index_arithmetic() {
    check_steps! {
        [7], 0, 0, 7, 1;
        [7], 0, 1, 7, 2;
        [7], 0, 0, 7, 3;
        [7], 0, 6, 7, 4;
        [7], 0, 3, 3, 2;
        [7], 0, 2, 7, 100;
        [3, 8, 5], 1, 1, 8, 3;
        [3, 8, 5], 2, 0, 5, 2;
        [3, 8, 5], 0, 0, 3, 2;
        [40, 33], 1, 0, 33, 2;
        [40, 33], 0, 5, 40, 7;
    }
    // Of a permuted view, then reduced and multiplied.
    let x = Tensor::<f64, shape![6, 4]>::from_fn(|i| i as f64);
    let t = x.permute::<perm![1, 0]>().slice_by::<1, 0, 6, 2>(); // [4, 3]: columns of rows 0, 2, 4
    assert_eq!(t.to_tensor().as_slice(), [0.0, 8.0, 16.0, 1.0, 9.0, 17.0, 2.0, 10.0, 18.0, 3.0, 11.0, 19.0]);
    let sums = t.lazy().sum_axes::<axes![1]>().eval();
    assert_eq!(sums.as_slice(), [24.0, 27.0, 30.0, 33.0]);
    let ones = Tensor::<f64, shape![3]>::splat(1.0);
    assert_eq!(t.matmul(&ones).as_slice(), sums.as_slice());
    let _: Tensor<f64, shape![4, 3]> = t.to_tensor();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// `split_off::<A, _>(len)` at a run-time position: the first part holds positions
    /// `0..len` of axis `A`, the second `len..N`, each against index arithmetic; past the end
    /// it is an error.
    #[test]
    fn split_off_at_run_time_positions(
        r in 0usize..=4, c in 0usize..=5, cut in 0usize..=6, axis in 0usize..2
    ) {
        use proptest::prelude::*;
        struct R;
        struct C;
        struct Cut;
        let data: Vec<i64> = (0..(r * c) as i64).map(|v| v * 7 - 3).collect();
        bind!(let rr: R = r);
        bind!(let cc: C = c);
        bind!(let len: Cut = cut);
        let x = TensorRef::from_shape(dims![rr, cc], &data).unwrap();
        let dims = [r, c];
        let result = if axis == 0 {
            x.split_off::<0, _>(len).map(|(a, b)| (a.to_tensor().as_slice().to_vec(), b.to_tensor().as_slice().to_vec(), b.shape().extents().to_vec()))
        } else {
            x.split_off::<1, _>(len).map(|(a, b)| (a.to_tensor().as_slice().to_vec(), b.to_tensor().as_slice().to_vec(), b.shape().extents().to_vec()))
        };
        if cut > dims[axis] {
            prop_assert!(result.is_err());
        } else {
            let (front, back, back_dims) = result.unwrap();
            let part = |lo: usize, hi: usize| -> Vec<i64> {
                let mut d = dims;
                d[axis] = hi - lo;
                indices(&d).iter().map(|i| {
                    let mut j = i.clone();
                    j[axis] += lo;
                    at(&data, &dims, &j)
                }).collect()
            };
            prop_assert_eq!(front, part(0, cut));
            prop_assert_eq!(back, part(cut, dims[axis]));
            let mut want = dims;
            want[axis] -= cut;
            prop_assert_eq!(back_dims, want.to_vec());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Expressions over permuted views, often wide enough that the pass walks them in tiles
    /// (runs of 64 or more, read across the source's rows): every order of a rank-3 source,
    /// alone, with a contiguous operand beside it, and with a strided one stretched along the
    /// first axis; into a new tensor and into an existing one; against index arithmetic. Sizes
    /// that are not whole tiles are included.
    #[test]
    fn expressions_over_permuted_views_walked_in_tiles(
        a in 1usize..=3, b in 1usize..=100, c in 1usize..=100, order in 0usize..6
    ) {
        use proptest::prelude::*;
        struct A;
        struct B;
        struct C;
        let dims = [a, b, c];
        let data: Vec<i64> = (0..(a * b * c) as i64).map(|v| v * 7 - 3).collect();
        bind!(let aa: A = a);
        bind!(let bb: B = b);
        bind!(let cc: C = c);
        let x = TensorRef::from_shape(dims![aa, bb, cc], &data).unwrap();
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let want = permuted(&data, &dims, &orders[order]);
        let out_dims: Vec<usize> = orders[order].iter().map(|&p| dims[p]).collect();
        let n = want.len();
        // Beside it, a contiguous operand of the output's shape, and the view's first plane
        // stretched along its first axis.
        let other: Vec<i64> = (0..n as i64).map(|v| v % 11 - 5).collect();
        let plane = out_dims[1] * out_dims[2];
        let check = |got: &[i64], with_other: bool, with_plane: bool| -> Result<(), TestCaseError> {
            let expect: Vec<i64> = (0..n)
                .map(|k| want[k] * 2 + 1 + if with_other { other[k] } else { 0 } + if with_plane { want[k % plane] } else { 0 })
                .collect();
            prop_assert_eq!(got, &expect[..], "{:?} in order {:?}", dims, orders[order]);
            Ok(())
        };
        macro_rules! each_order {
            ($($k:literal => $p:tt),*) => {$(
                if order == $k {
                    let v = x.permute::<perm!$p>();
                    let o = TensorRef::from_shape(v.shape(), &other).unwrap();
                    let first = v.index_axis::<0>(0).unwrap();
                    check((v.lazy() * 2 + 1).eval().as_slice(), false, false)?;
                    check((v.lazy() * 2 + 1 + &o).eval().as_slice(), true, false)?;
                    check((v.lazy() * 2 + 1 + &first).eval().as_slice(), false, true)?;
                    let mut into = BoxedTensor::<i64, _>::from_shape_fn(v.shape(), |_| -1).unwrap();
                    (v.lazy() * 2 + 1).eval_into(&mut into);
                    check(into.as_slice(), false, false)?;
                }
            )*};
        }
        each_order!(0 => [0, 1, 2], 1 => [0, 2, 1], 2 => [1, 0, 2], 3 => [1, 2, 0], 4 => [2, 0, 1], 5 => [2, 1, 0]);
    }
}

/// A fixed-size transposed view walked in tiles, into an array kept inline and into a boxed
/// one: the same elements as index arithmetic.
#[test]
fn fixed_transposed_views_walked_in_tiles() {
    let x = Tensor::<i64, shape![70, 33]>::from_fn(|i| i as i64 * 5 - 11);
    let want: Vec<i64> = permuted(x.as_slice(), &[70, 33], &[1, 0]).iter().map(|v| v * 2 + 1).collect();
    let inline = (x.permute::<perm![1, 0]>().lazy() * 2 + 1).eval();
    let _: &Tensor<i64, shape![33, 70]> = &inline;
    assert_eq!(inline.as_slice(), &want[..]);
    let boxed = BoxedTensor::<i64, shape![70, 33]>::from_fn(|i| i as i64 * 5 - 11);
    assert_eq!((boxed.permute::<perm![1, 0]>().lazy() * 2 + 1).eval().as_slice(), &want[..]);
}

/// `rejoin` gives the size a split cut: after `split_off` at a run-time position, the two parts
/// (or tensors computed from them) join back into the axis' own size, beside the source with no
/// cast; with fixed sizes, `split_off`'s `5-2` joins back into `Dim<5>`, and `split_at`'s two
/// fixed sizes `concat` back into it already.
#[test]
fn rejoined_parts_have_the_size_they_were_cut_from() {
    struct Rows;
    struct Train;
    let data: Vec<i64> = (0..15).collect();
    bind!(let rows: Rows = 5);
    bind!(let train: Train = 2);
    let x = TensorRef::from_shape(dims![rows, 3], &data).unwrap();
    let (fit, test) = x.split_off::<0, _>(train).unwrap();
    let whole = fit.to_tensor().rejoin::<0>(&test.to_tensor());
    let _: &BoxedTensor<i64, shape![Rows, 3]> = &whole;
    assert_eq!(whole.as_slice(), x.as_slice());
    assert!(format!("{whole:?}").starts_with("BoxedTensor<[Rows = 5, 3]>"));
    assert_eq!((&whole + x).as_slice(), &data.iter().map(|v| v * 2).collect::<Vec<_>>()[..]);
    // Computed parts, into a tensor of the source's shape.
    let (a, b) = ((fit.lazy() * -1).eval(), (test.lazy() + 100).eval());
    let mut out = vec![0; 15];
    a.rejoin_into::<0>(&b, &mut TensorMut::from_shape(x.shape(), &mut out).unwrap());
    assert_eq!(out, [0, -1, -2, -3, -4, -5, 106, 107, 108, 109, 110, 111, 112, 113, 114]);

    // Along axis 1, interleaved, and at the ends of the axis (an empty part).
    struct Cut;
    for cut in 0..=3 {
        bind!(let c: Cut = cut);
        let (left, right) = x.split_off::<1, _>(c).unwrap();
        let back = left.to_tensor().rejoin::<1>(&right.to_tensor());
        let _: &BoxedTensor<i64, shape![Rows, 3]> = &back;
        assert_eq!(back.as_slice(), x.as_slice(), "cut at {cut}");
    }

    // Fixed sizes: `split_off` at `Dim<2>` leaves `5-2`, which `rejoin` turns into `Dim<5>`
    // (a fixed shape, kept inline).
    let f = Tensor::<i64, shape![5, 3]>::from_fn(|i| i as i64);
    let (top, rest) = f.split_off::<0, _>(shapecast::shape::Dim::<2>).unwrap();
    let again = top.to_tensor().rejoin::<0>(&rest.to_tensor());
    let _: &Tensor<i64, shape![5, 3]> = &again;
    assert_eq!(again.as_slice(), f.as_slice());
    let mut fixed = Tensor::<i64, shape![5, 3]>::default();
    top.to_tensor().rejoin_into::<0>(&rest.to_tensor(), &mut fixed.view_mut());
    assert_eq!(fixed, f);
    // `concat` of those parts would give the sum of their sizes, a size of its own type.
    {
        use shapecast::algebra::{Concatenated, Minus, Plus};
        use shapecast::shape::{Cons, Dim};
        type Rest = Cons<Minus<Dim<5>, Dim<3>>, shape![3]>;
        static_assertions::assert_type_eq_all!(
            Concatenated<shape![3, 3], Rest, 0>,
            Cons<Plus<Dim<3>, Minus<Dim<5>, Dim<3>>>, shape![3]>
        );
    }
    // `split_at` at a fixed position gives two fixed sizes, which `concat` adds into `Dim<5>`.
    let (head, tail) = f.split_at::<0, 2>();
    let joined: Tensor<i64, shape![5, 3]> = head.concat::<0>(&tail);
    assert_eq!(joined, f);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// `split_off` at a run-time position of any axis of a rank-3 source, an expression on each
    /// part, then `rejoin` (new and into a tensor of the source's shape): element for element
    /// the two expressions over the two ranges of the axis, by index arithmetic, in the
    /// source's own shape. Empty axes and empty parts included.
    #[test]
    fn rejoin_undoes_split_off(
        a in 0usize..=3, b in 0usize..=4, c in 0usize..=5, axis in 0usize..3, at_frac in 0usize..=8
    ) {
        use proptest::prelude::*;
        struct A;
        struct B;
        struct C;
        struct Cut;
        let dims = [a, b, c];
        let cut = dims[axis] * at_frac / 8;
        let data: Vec<i64> = (0..(a * b * c) as i64).map(|v| v * 7 - 3).collect();
        bind!(let aa: A = a);
        bind!(let bb: B = b);
        bind!(let cc: C = c);
        bind!(let len: Cut = cut);
        let x = TensorRef::from_shape(dims![aa, bb, cc], &data).unwrap();
        // Front part times 2, back part plus 1, by hand.
        let want: Vec<i64> = indices(&dims)
            .iter()
            .map(|i| { let v = at(&data, &dims, i); if i[axis] < cut { v * 2 } else { v + 1 } })
            .collect();
        macro_rules! each_axis {
            ($($k:literal),*) => {$(
                if axis == $k {
                    let (front, back) = x.split_off::<$k, _>(len).unwrap();
                    let (p, q) = ((front.lazy() * 2).eval(), (back.lazy() + 1).eval());
                    let whole = p.rejoin::<$k>(&q);
                    prop_assert!(whole.shape() == x.shape()); // one type, one value
                    prop_assert_eq!(whole.as_slice(), &want[..]);
                    let mut out = vec![i64::MIN; want.len()];
                    p.rejoin_into::<$k>(&q, &mut TensorMut::from_shape(x.shape(), &mut out).unwrap());
                    prop_assert_eq!(&out[..], &want[..]);
                }
            )*};
        }
        each_axis!(0, 1, 2);
    }
}

/// `x` with the axes in `flips` read backwards, by hand: element `y[i] = x[j]` with
/// `j[k] = dims[k] − 1 − i[k]` on a flipped axis and `i[k]` elsewhere.
fn flipped(data: &[i64], dims: &[usize], flips: &[bool]) -> Vec<i64> {
    indices(dims)
        .iter()
        .map(|i| {
            let j: Vec<usize> =
                i.iter().zip(dims).zip(flips).map(|((&i, &d), &f)| if f { d - 1 - i } else { i }).collect();
            at(data, dims, &j)
        })
        .collect()
}

/// The sums of `want` (row-major, sizes `dims`) over axis `axis`, by hand.
fn summed_over(want: &[i64], dims: &[usize], axis: usize) -> Vec<i64> {
    let mut out_dims = dims.to_vec();
    out_dims[axis] = 1;
    indices(&out_dims)
        .iter()
        .map(|o| {
            (0..dims[axis])
                .map(|k| {
                    let mut i = o.clone();
                    i[axis] = k;
                    at(want, dims, &i)
                })
                .sum()
        })
        .collect()
}

/// Flipped views of fixed shapes: the elements, each by `get`, an expression beside the
/// source, reductions along every axis, copies into a new and an existing tensor, products,
/// `Debug`, and the strides, against index arithmetic; a flip of a flip is the source again.
#[test]
fn flipped_views_match_index_arithmetic() {
    let x = Tensor::<i64, shape![3, 4, 5]>::from_fn(|i| i as i64 * 3 - 7);
    let dims = [3, 4, 5];
    macro_rules! check_flip {
        ($view:expr, $flips:expr) => {{
            let v = $view;
            let want = flipped(x.as_slice(), &dims, &$flips);
            assert_eq!(v.to_tensor().as_slice(), &want[..], "{:?}", $flips);
            for (k, i) in indices(&dims).iter().enumerate() {
                assert_eq!(v.get(i), Some(&want[k]));
            }
            assert_eq!(v.get(&[3, 0, 0]), None);
            let sum: Vec<i64> = want.iter().zip(x.as_slice()).map(|(a, b)| a * 2 + b).collect();
            assert_eq!((v.lazy() * 2 + &x).eval().as_slice(), &sum[..]);
            assert_eq!(v.lazy().sum_all(), want.iter().sum::<i64>());
            assert_eq!(v.lazy().max_all(), want.iter().copied().max());
            assert_eq!(v.lazy().sum_axes::<axes![0]>().eval().as_slice(), &summed_over(&want, &dims, 0)[..]);
            assert_eq!(v.lazy().sum_axes::<axes![1]>().eval().as_slice(), &summed_over(&want, &dims, 1)[..]);
            assert_eq!(v.lazy().sum_axes::<axes![2]>().eval().as_slice(), &summed_over(&want, &dims, 2)[..]);
            let mut out = Tensor::<i64, shape![3, 4, 5]>::default();
            out.assign(&v);
            assert_eq!(out.as_slice(), &want[..]);
            // A product: each [4, 5] matrix of the view times a [5, 2] one.
            let m = Tensor::<i64, shape![5, 2]>::from_fn(|i| i as i64 - 4);
            let by_hand: Vec<i64> = indices(&[3, 4, 2])
                .iter()
                .map(|i| (0..5).map(|k| want[i[0] * 20 + i[1] * 5 + k] * m.as_slice()[k * 2 + i[2]]).sum())
                .collect();
            assert_eq!(v.matmul(&m).as_slice(), &by_hand[..]);
            assert_eq!(format!("{v:?}"), format!("{:?}", v.to_tensor()).replacen("Tensor", "StridedView", 1));
        }};
    }
    check_flip!(x.flip::<0>(), [true, false, false]);
    check_flip!(x.flip::<1>(), [false, true, false]);
    check_flip!(x.flip::<2>(), [false, false, true]);
    check_flip!(x.flip::<0>().flip::<2>(), [true, false, true]);
    check_flip!(x.flip::<2>().flip::<1>().flip::<0>(), [true, true, true]);
    assert_eq!(x.flip::<1>().flip::<1>().to_tensor(), x);
    assert_eq!(*x.flip::<2>().strides(), [20, 5, usize::MAX]);
    assert_eq!(*x.flip::<0>().strides(), [20usize.wrapping_neg(), 5, 1]);
    assert_eq!(*x.flip::<1>().flip::<1>().strides(), [20, 5, 1]);

    // Of a permuted, sliced, stepped or indexed view, and indexed, narrowed and split after.
    let t = x.permute::<perm![2, 0, 1]>().flip::<0>(); // [5, 3, 4], axis 0 is x's last, reversed
    assert_eq!(t.get(&[0, 1, 2]), x.get(&[1, 2, 4]));
    assert_eq!(
        t.index_axis::<0>(1).unwrap().to_tensor(),
        x.permute::<perm![2, 0, 1]>().index_axis::<0>(3).unwrap().to_tensor()
    );
    let s = x.slice::<2, 1, 4>().flip::<2>(); // positions 3, 2, 1 of the last axis
    assert_eq!(s.get(&[2, 3, 0]), x.get(&[2, 3, 3]));
    assert_eq!(s.lazy().sum_all(), x.slice::<2, 1, 4>().lazy().sum_all());
    let r = x.flip::<2>().slice_by::<2, 0, 5, 2>(); // 4, 2, 0: NumPy's x[:, :, ::-2]
    assert_eq!(
        r.to_tensor().as_slice().iter().take(3).copied().collect::<Vec<_>>(),
        [x.as_slice()[4], x.as_slice()[2], x.as_slice()[0]]
    );
    struct Len;
    bind!(let two: Len = 2);
    let n = x.flip::<1>().narrow::<1, _>(1, two).unwrap(); // positions 2, 1 of axis 1
    assert_eq!(n.get(&[0, 0, 0]), x.get(&[0, 2, 0]));
    assert_eq!(n.get(&[2, 1, 4]), x.get(&[2, 1, 4]));
    let (front, back) = x.flip::<0>().split_off::<0, _>(shapecast::shape::Dim::<1>).unwrap();
    assert_eq!(front.to_tensor().as_slice(), x.index_axis::<0>(2).unwrap().to_tensor().as_slice());
    assert_eq!(back.to_tensor().as_slice(), x.slice::<0, 0, 2>().flip::<0>().to_tensor().as_slice());
    // One position or none: the same view.
    let one = x.slice::<0, 1, 2>();
    assert_eq!(*one.flip::<0>().strides(), *one.strides());
    let none = x.slice::<1, 2, 2>().flip::<2>();
    assert_eq!(none.to_tensor().as_slice(), &[] as &[i64]);
    assert_eq!(none.lazy().sum_all(), 0);
}

/// Large flipped views: walked in tiles where the pass does (a flipped transpose), long runs
/// read backwards along the run (the last axis flipped), f32 products large enough for the
/// GEMM, and reductions over long rows; against index arithmetic.
#[test]
fn large_flipped_views_match_index_arithmetic() {
    let x = BoxedTensor::<i64, shape![70, 133]>::from_fn(|i| (i as i64 * 7919) % 1000 - 500);
    let dims = [70, 133];
    for flips in [[true, false], [false, true], [true, true]] {
        let want = flipped(x.as_slice(), &dims, &flips);
        let v = match flips {
            [true, false] => x.flip::<0>(),
            [false, true] => x.flip::<1>(),
            _ => x.flip::<0>().flip::<1>(),
        };
        assert_eq!(v.to_tensor().as_slice(), &want[..]);
        assert_eq!(
            (v.lazy() - &x).eval().as_slice(),
            &want.iter().zip(x.as_slice()).map(|(a, b)| a - b).collect::<Vec<_>>()[..]
        );
        assert_eq!(v.lazy().sum_axes::<axes![1]>().eval().as_slice(), &summed_over(&want, &dims, 1)[..]);
        assert_eq!(v.lazy().sum_axes::<axes![0]>().eval().as_slice(), &summed_over(&want, &dims, 0)[..]);
        // Transposed then flipped: the pass walks it in tiles.
        let t = v.mt();
        let want_t: Vec<i64> = indices(&[133, 70]).iter().map(|i| want[i[1] * 133 + i[0]]).collect();
        assert_eq!(t.to_tensor().as_slice(), &want_t[..]);
        assert_eq!(
            (t.lazy() * 3 + 1).eval().as_slice(),
            &want_t.iter().map(|v| v * 3 + 1).collect::<Vec<_>>()[..]
        );
        assert_eq!(x.mt().strided().flip::<1>().get(&[5, 7]), x.get(&[62, 5]));
    }
    // f32 products over flipped operands: the same as over their copies.
    let a = BoxedTensor::<f32, shape![40, 50]>::from_fn(|i| (i % 13) as f32 - 6.0);
    let b = BoxedTensor::<f32, shape![50, 30]>::from_fn(|i| (i % 7) as f32 - 3.0);
    for (fa, fb) in [(a.flip::<0>(), b.flip::<1>()), (a.flip::<1>(), b.flip::<0>())] {
        let (ca, cb) = (fa.to_tensor(), fb.to_tensor());
        assert_eq!(fa.matmul(&fb).as_slice(), ca.matmul(&cb).as_slice());
        assert_eq!(fa.matmul(&cb).as_slice(), ca.matmul(&cb).as_slice());
        assert_eq!(ca.matmul(&fb).as_slice(), ca.matmul(&cb).as_slice());
    }
    // A batch of matrices flipped along the batch: the product takes the batch in reverse.
    let batch = Tensor::<f32, shape![3, 4, 5]>::from_fn(|i| i as f32);
    let m = Tensor::<f32, shape![5, 2]>::from_fn(|i| i as f32 - 4.0);
    let got = batch.flip::<0>().matmul(&m);
    let back = batch.matmul(&m);
    for k in 0..3 {
        assert_eq!(
            got.index_axis::<0>(k).unwrap().to_tensor(),
            back.index_axis::<0>(2 - k).unwrap().to_tensor()
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Flips of any set of axes of a rank-3 source of run-time sizes (empty axes included),
    /// of the source, of a permuted view and of a narrowed one: the elements, an expression
    /// beside a contiguous operand, into a new and an existing tensor, a sum along each axis
    /// and over all, and `get`, against index arithmetic on the same flips.
    #[test]
    fn flips_match_index_arithmetic(
        a in 0usize..=4, b in 0usize..=40, c in 0usize..=90, mask in 0usize..8, order in 0usize..3, cut in 0usize..=3
    ) {
        use proptest::prelude::*;
        struct A;
        struct B;
        struct C;
        struct Cut;
        let src_dims = [a, b, c];
        let data: Vec<i64> = (0..(a * b * c) as i64).map(|v| (v * 7919) % 1009 - 500).collect();
        bind!(let aa: A = a);
        bind!(let bb: B = b);
        bind!(let cc: C = c);
        let x = TensorRef::from_shape(dims![aa, bb, cc], &data).unwrap();
        let flips = [mask & 1 != 0, mask & 2 != 0, mask & 4 != 0];
        // The view before the flips: the source, a permutation of it, or axis 2 narrowed.
        let (base, dims): (Vec<i64>, Vec<usize>) = match order {
            0 => (data.clone(), src_dims.to_vec()),
            1 => (permuted(&data, &src_dims, &[2, 0, 1]), vec![c, a, b]),
            _ => {
                let len = cut.min(c);
                let kept: Vec<i64> = indices(&[a, b, len]).iter().map(|i| at(&data, &src_dims, &[i[0], i[1], i[2] + c - len])).collect();
                (kept, vec![a, b, len])
            }
        };
        let want = flipped(&base, &dims, &flips);
        let other: Vec<i64> = (0..want.len() as i64).map(|v| v % 11 - 5).collect();
        macro_rules! check {
            ($v:expr) => {{
                let v0 = $v;
                let v1 = if flips[0] { v0.flip::<0>() } else { v0 };
                let v2 = if flips[1] { v1.flip::<1>() } else { v1 };
                let v = if flips[2] { v2.flip::<2>() } else { v2 };
                prop_assert_eq!(v.to_tensor().as_slice().to_vec(), want.clone());
                let o = TensorRef::from_shape(v.shape(), &other).unwrap();
                let expect: Vec<i64> = want.iter().zip(&other).map(|(w, o)| w * 2 - o).collect();
                prop_assert_eq!((v.lazy() * 2 - &o).eval().as_slice().to_vec(), expect.clone());
                let mut into = BoxedTensor::<i64, _>::from_shape_fn(v.shape(), |_| -1).unwrap();
                (v.lazy() * 2 - &o).eval_into(&mut into);
                prop_assert_eq!(into.as_slice().to_vec(), expect.clone());
                prop_assert_eq!(v.lazy().sum_all(), want.iter().sum::<i64>());
                prop_assert_eq!(v.lazy().sum_axes::<axes![0]>().eval().as_slice().to_vec(), summed_over(&want, &dims, 0));
                prop_assert_eq!(v.lazy().sum_axes::<axes![1]>().eval().as_slice().to_vec(), summed_over(&want, &dims, 1));
                prop_assert_eq!(v.lazy().sum_axes::<axes![2]>().eval().as_slice().to_vec(), summed_over(&want, &dims, 2));
                for (k, i) in indices(&dims).iter().enumerate().step_by(7) {
                    prop_assert_eq!(v.get(i), Some(&want[k]));
                }
                prop_assert_eq!(v.get(&dims), None);
            }};
        }
        match order {
            0 => check!(x.permute::<perm![0, 1, 2]>()),
            1 => check!(x.permute::<perm![2, 0, 1]>()),
            _ => {
                bind!(let len: Cut = cut.min(c));
                check!(x.narrow::<2, _>(c - cut.min(c), len).unwrap())
            }
        }
    }
}

/// Flipped views in the walks of short fixed rows: a `[40, 1]` column read backwards and
/// stretched along rows of 10 (the rows read as one flat run), a `[40, 10]` view flipped along
/// either axis minus its row maxima (rows of 10 folded in lanes across the rows), against
/// index arithmetic.
#[test]
fn flipped_views_in_short_rows() {
    let col = Tensor::<i64, shape![40, 1]>::from_fn(|i| i as i64 * 3 - 50);
    let x = Tensor::<i64, shape![40, 10]>::from_fn(|i| (i as i64 * 37) % 101 - 50);
    let got = (col.flip::<0>().lazy() + &x).eval();
    for r in 0..40 {
        for c in 0..10 {
            assert_eq!(got.get(&[r, c]), Some(&(col.as_slice()[39 - r] + x.as_slice()[r * 10 + c])));
        }
    }
    for flip_rows in [true, false] {
        let v = if flip_rows { x.flip::<0>() } else { x.flip::<1>() };
        let src = |r: usize, c: usize| {
            if flip_rows { x.as_slice()[(39 - r) * 10 + c] } else { x.as_slice()[r * 10 + 9 - c] }
        };
        let centred = (v.lazy() - v.lazy().max_keepdims::<axes![1]>()).eval();
        for r in 0..40 {
            let max = (0..10).map(|c| src(r, c)).max().unwrap();
            for c in 0..10 {
                assert_eq!(centred.get(&[r, c]), Some(&(src(r, c) - max)), "row {r} column {c}");
            }
        }
    }
}

#[test]
fn rows_one_at_a_time_and_in_order() {
    struct Steps;
    let data: Vec<i64> = (0..12).collect();
    bind!(let t: Steps = 4);
    let zs = TensorRef::from_shape(dims![t, 3], &data).unwrap();
    // Row by row, each a [3] tensor; the rows iterator agrees.
    for (i, r) in zs.rows().enumerate() {
        let row = zs.row(i).unwrap();
        let _: &TensorRef<i64, shape![3]> = &row;
        assert_eq!(row.as_slice(), r.as_slice());
        assert_eq!(row.as_slice(), &data[i * 3..][..3]);
    }
    let err = zs.row(4).unwrap_err();
    assert_eq!((err.axis(), err.index(), err.len()), (Some(0), 4, 4));
    assert!(zs.row(usize::MAX).is_err());
    // A row of a tensor is an operand of the operators.
    let shifted = zs.row(2).unwrap() - &Tensor::<i64, shape![3]>::from([6, 6, 6]);
    assert_eq!(shifted.as_slice(), [0, 1, 2]);

    // Written row by row: a filter's track.
    let mut out = vec![0i64; 12];
    let mut track = TensorMut::from_shape(dims![t, 3], &mut out).unwrap();
    for step in 0..4 {
        let state = Tensor::<i64, shape![3]>::from_fn(|k| (step * 10 + k) as i64);
        track.row_mut(step).unwrap().assign(&state);
    }
    assert!(track.row_mut(4).is_err());
    for (i, mut r) in track.rows_mut().enumerate() {
        r += 1;
        assert_eq!(r.as_slice(), [i as i64 * 10 + 1, i as i64 * 10 + 2, i as i64 * 10 + 3]);
    }
    assert_eq!(out[9..], [31, 32, 33]);

    // Rows of no elements, and no rows.
    let empty = Tensor::<i64, shape![2, 0]>::from_fn(|_| 0);
    assert_eq!(empty.row(1).unwrap().as_slice(), [] as [i64; 0]);
    assert!(empty.row(2).is_err());
    let none = Tensor::<i64, shape![0, 3]>::from_fn(|_| 0);
    assert!(none.row(0).is_err());
}

/// A view of a view is a view of the data, not of the first view: chained calls need no `let`
/// for each step (a temporary dropped at the end of the statement would be borrowed).
#[test]
fn views_of_views_chain_in_one_expression() {
    struct Batch;
    let data: Vec<i64> = (0..2 * 8 * 8 * 3).collect();
    bind!(let b: Batch = 2);
    let img = TensorRef::from_shape(dims![b, 8, 8, 3], &data).unwrap();
    let flat = img.merge_axes::<1>().merge_axes::<1>(); // [Batch, 192]
    assert_eq!(*flat.shape().extents(), [2, 192]);
    assert_eq!(flat.as_slice(), &data[..]);
    let boxed = BoxedTensor::<i64, shape![4, 8, 8, 3]>::from_fn(|i| i as i64);
    let rows = boxed.reshape::<shape![4, 64, 3]>().reshape::<shape![4, 192]>();
    assert_eq!(rows.get(&[3, 191]), Some(&767));
    let fixed = Tensor::<i64, shape![2, 1, 3]>::from_fn(|i| i as i64);
    let line = fixed.squeeze::<1>().flatten();
    assert_eq!(line.as_slice(), [0, 1, 2, 3, 4, 5]);
}

/// A row keeps where its results live (a boxed tensor's on the heap, not a 9 MB inline array
/// on the stack), whether from `row` or `rows`, and a row of a `TensorRef<'a>` borrows the
/// data for `'a`.
#[test]
fn a_row_keeps_its_home_and_its_data_lifetime() {
    let b = BoxedTensor::<f32, shape![2, 1500, 1500]>::splat(1.5);
    let r = b.row(1).unwrap();
    let twice = r + r;
    let _: &BoxedTensor<f32, shape![1500, 1500]> = &twice;
    assert_eq!(twice.get(&[1499, 1499]), Some(&3.0));
    let lazily = (b.row(0).unwrap().lazy() * 2.0).eval();
    let _: &BoxedTensor<f32, shape![1500, 1500]> = &lazily;
    // The rows iterator gives the same rows: their results on the heap too.
    let rows = b.rows();
    assert_eq!(rows.len(), 2);
    for (i, r) in rows.enumerate() {
        let halved = (r.lazy() * 0.5).eval();
        let _: &BoxedTensor<f32, shape![1500, 1500]> = &halved;
        assert_eq!(halved.get(&[i, 7]), Some(&0.75));
    }

    fn second<'a>(x: TensorRef<'a, i64, shape![2, 3]>) -> TensorRef<'a, i64, shape![3]> {
        x.row(1).unwrap()
    }
    let data = [1, 2, 3, 4, 5, 6];
    assert_eq!(second(TensorRef::new(&data).unwrap()).as_slice(), [4, 5, 6]);
}
