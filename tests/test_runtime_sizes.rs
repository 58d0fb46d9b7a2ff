//! Tensors whose shapes hold run-time sizes, against the naive reference of
//! `common/reference.rs`: each test fixes a mix of fixed and run-time axes (the types), draws the
//! run-time sizes (0 to 5, so empty and size-1 axes come up) and the data at random, and compares
//! every operation's shape and elements with the reference. Then hostile input: data of the
//! wrong length, sizes whose product overflows, conversions that fail.

mod common;

use common::reference as naive;
use proptest::prelude::*;
use shapecast::prelude::*;

struct R;
struct Q;

/// Deterministic, distinct-ish element values.
fn data(len: usize, seed: u64) -> Vec<i64> {
    (0..len as u64).map(|i| ((i + 1).wrapping_mul(seed | 1) % 1000) as i64 - 500).collect()
}

/// `f(a, b)` over the reference broadcast of `a` (placed by `map_a`) and `b` (by `map_b`) onto
/// `out`.
fn naive_zip(
    (a, sa, map_a): (&[i64], &[usize], &[usize]),
    (b, sb, map_b): (&[i64], &[usize], &[usize]),
    out: &[usize],
    f: impl Fn(i64, i64) -> i64,
) -> Vec<i64> {
    let ia = naive::broadcast_indices(sa, map_a, out);
    let ib = naive::broadcast_indices(sb, map_b, out);
    ia.iter().zip(&ib).map(|(&i, &j)| f(a[i], b[j])).collect()
}

/// The reference sum of `big` (shape `sb`) onto `small`, whose axes land on `map`, where every
/// other axis of `big` is summed and `small`'s size-1 axes are summed too.
fn naive_sum(big: &[i64], sb: &[usize], small: &[usize], map: &[usize]) -> Vec<i64> {
    let mut out = vec![0; small.iter().product()];
    for (k, c) in naive::coords(sb).iter().enumerate() {
        let at = naive::ravel(&naive::source(c, small, map), small);
        out[at] += big[k];
    }
    out
}

fn f(x: i64, y: i64) -> i64 {
    3 * x - y
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `[R, 1, 4]` with `[Q, 4]` is `[R, Q, 4]`: the one-hot and per-class pattern.
    #[test]
    fn numpy_two_run_time_sizes(r in 0usize..=5, q in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let qq: Q = q);
        let (x, y) = (data(r * 4, seed), data(q * 4, seed >> 7));
        let a = TensorRef::from_shape(dims![rr, 1, 4], &x).unwrap();
        let b = TensorRef::from_shape(dims![qq, 4], &y).unwrap();
        let out = a.zip_with(&b, f);
        let (sa, sb) = (vec![r, 1, 4], vec![q, 4]);
        let want_shape = naive::numpy(&[sa.clone(), sb.clone()]).unwrap();
        prop_assert_eq!(out.shape().extents().to_vec(), want_shape.clone());
        let want = naive_zip((&x, &sa, &[0, 1, 2]), (&y, &sb, &[1, 2]), &want_shape, f);
        prop_assert_eq!(out.as_slice(), &want[..]);
        // The same through an operator and into a borrowed output.
        let mut buf = vec![0; want.len()];
        let mut into = TensorMut::from_shape(dims![rr, qq, 4], &mut buf).unwrap();
        a.zip_with_into(&b, &mut into, f);
        prop_assert_eq!(&buf, &want);
    }

    /// `[R, 4]` with `[4]`, `[R, 1]` with `[R, 5]`, `[]` with `[R]`, `[1, R]` with `[3, 1]`.
    #[test]
    fn numpy_mixes(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let x = data(r * 5, seed);
        let y = data(5, seed >> 3);
        let row = Tensor::<i64, shape![4]>::from_slice(&y[..4]).unwrap();
        let a = TensorRef::from_shape(dims![rr, 4], &x[..r * 4]).unwrap();
        let sum = a + &row;
        let want = naive_zip((&x, &[r, 4], &[0, 1]), (&y, &[4], &[1]), &[r, 4], |p, q| p + q);
        prop_assert_eq!(sum.as_slice(), &want[..]);

        let col = TensorRef::from_shape(dims![rr, 1], &y[..r.min(5)]).unwrap();
        let wide = TensorRef::from_shape(dims![rr, 5], &x).unwrap();
        let prod = col * wide;
        let want = naive_zip((&y, &[r, 1], &[0, 1]), (&x, &[r, 5], &[0, 1]), &[r, 5], |p, q| p * q);
        prop_assert_eq!(prod.as_slice(), &want[..]);

        let scalar = Tensor::<i64, shape![]>::splat(7);
        let v = TensorRef::from_shape(dims![rr], &x[..r]).unwrap();
        let diff = &scalar - v;
        prop_assert_eq!(diff.as_slice(), &x[..r].iter().map(|&p| 7 - p).collect::<Vec<_>>()[..]);

        let lhs = TensorRef::from_shape(dims![1, rr], &x[..r]).unwrap();
        let rhs = Tensor::<i64, shape![3, 1]>::from([[1], [2], [3]]);
        let outer = lhs * &rhs; // [3, R]
        prop_assert_eq!(outer.shape().extents().to_vec(), vec![3, r]);
        let want = naive_zip((&x, &[1, r], &[0, 1]), (&[1, 2, 3], &[3, 1], &[0, 1]), &[3, r], |p, q| p * q);
        prop_assert_eq!(outer.as_slice(), &want[..]);
        // Scalars on either side, and negation.
        let scaled = 2 * &a - 1;
        prop_assert_eq!(scaled.as_slice(), &x[..r * 4].iter().map(|&p| 2 * p - 1).collect::<Vec<_>>()[..]);
        prop_assert_eq!((-&a).as_slice().to_vec(), x[..r * 4].iter().map(|&p| -p).collect::<Vec<_>>()[..].to_vec());
    }

    /// XLA's binary form: `[R, 4]` with `[4]` on dims `[1]`, and `[R]` with `[R, 3]` on `[0]`.
    #[test]
    fn xla_with_dims(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let x = data(r * 4, seed);
        let y = data(4, seed >> 5);
        let m = TensorRef::from_shape(dims![rr, 4], &x).unwrap();
        let v = TensorRef::<i64, shape![4]>::new(&y).unwrap();
        let out = m.with_dims::<axes![1]>().zip_with(&v, f);
        let want = naive_zip((&x, &[r, 4], &[0, 1]), (&y, &[4], &[1]), &[r, 4], f);
        prop_assert_eq!(out.as_slice(), &want[..]);

        let z = data(r * 3, seed >> 9);
        let col = TensorRef::from_shape(dims![rr], &x[..r]).unwrap();
        let table = TensorRef::from_shape(dims![rr, 3], &z).unwrap();
        let out = &col.with_dims::<axes![0]>() + table;
        let want = naive_zip((&x, &[r], &[0]), (&z, &[r, 3], &[0, 1]), &[r, 3], |p, q| p + q);
        prop_assert_eq!(out.as_slice(), &want[..]);
    }

    /// The three materializing forms to targets with run-time sizes, new and `_into`, and the
    /// zero-copy view.
    #[test]
    fn materializing_forms(r in 0usize..=5, q in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let qq: Q = q);
        let y = data(4, seed);
        let row = Tensor::<i64, shape![4]>::from_slice(&y).unwrap();
        // NumPy: [4] -> [R, 4]; nGraph: [4] -> [R, 4] along axis 0; XLA: [4] -> [4, R] on dims [0].
        let want = naive_zip((&y, &[4], &[1]), (&[0], &[1], &[0]), &[r, 4], |p, _| p);
        prop_assert_eq!(row.broadcast_to_shape(dims![rr, 4]).unwrap().as_slice().to_vec(), want[..].to_vec());
        prop_assert_eq!(row.broadcast_axes_shape::<_, axes![0]>(dims![rr, 4]).unwrap().as_slice().to_vec(), want[..].to_vec());
        prop_assert_eq!(row.broadcast_view_shape(dims![rr, 4]).unwrap().iter().copied().collect::<Vec<_>>(), want.clone());
        let want_t = naive_zip((&y, &[4], &[0]), (&[0], &[1], &[0]), &[4, r], |p, _| p);
        prop_assert_eq!(row.broadcast_in_dim_shape::<_, axes![0]>(dims![4, rr]).unwrap().as_slice().to_vec(), want_t[..].to_vec());
        let mut buf = vec![-1; 4 * r];
        row.broadcast_in_dim_into::<_, axes![0]>(&mut TensorMut::from_shape(dims![4, rr], &mut buf).unwrap());
        prop_assert_eq!(&buf, &want_t);
        // A column of run-time length stretched along a new run-time axis: [R, 1] -> [R, Q].
        let x = data(r, seed >> 11);
        let col = TensorRef::from_shape(dims![rr, 1], &x).unwrap();
        let want = naive_zip((&x, &[r, 1], &[0, 1]), (&[0], &[1], &[0]), &[r, q], |p, _| p);
        prop_assert_eq!(col.broadcast_to_shape(dims![rr, qq]).unwrap().as_slice().to_vec(), want[..].to_vec());
        // nGraph with a run-time kept axis: [R] -> [R, Q] along axis 1.
        let v = TensorRef::from_shape(dims![rr], &x).unwrap();
        prop_assert_eq!(v.broadcast_axes_shape::<_, axes![1]>(dims![rr, qq]).unwrap().as_slice().to_vec(), want[..].to_vec());
    }

    /// Reductions over run-time axes: removing every run-time axis gives an inline `Tensor`.
    #[test]
    fn reductions(r in 0usize..=5, q in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        bind!(let qq: Q = q);
        let x = data(r * q * 2, seed);
        let t = TensorRef::from_shape(dims![rr, qq, 2], &x).unwrap();
        let shape = [r, q, 2];
        let fixed: Tensor<i64, shape![2]> = t.sum_axes::<axes![0, 1]>();
        prop_assert_eq!(fixed.as_slice(), &naive_sum(&x, &shape, &[2], &[2])[..]);
        let per_q = t.sum_axes::<axes![0, 2]>(); // BoxedTensor<i64, shape![Q]>
        prop_assert_eq!(per_q.as_slice(), &naive_sum(&x, &shape, &[q], &[1])[..]);
        let kept: BoxedTensor<i64, shape![Q, 1]> = t.sum_to();
        prop_assert_eq!(kept.as_slice(), &naive_sum(&x, &shape, &[q, 1], &[1, 2])[..]);
        let all: Tensor<i64, shape![1, 1]> = t.sum_to();
        prop_assert_eq!(all.as_slice(), &[x.iter().sum::<i64>()][..]);
        let mut into = vec![99; 2];
        t.sum_axes_into::<axes![0, 1]>(&mut TensorMut::new(&mut into).unwrap());
        prop_assert_eq!(&into[..], fixed.as_slice());
    }

    /// In place: `[R, 4] += [4]`, `[R, 3] *= [R, 1]`, with a scalar; the shape never changes.
    #[test]
    fn in_place(r in 0usize..=5, seed in any::<u64>()) {
        bind!(let rr: R = r);
        let (mut x, y) = (data(r * 4, seed), data(4, seed >> 3));
        let before = x.clone();
        let mut t = TensorMut::from_shape(dims![rr, 4], &mut x).unwrap();
        t += &TensorRef::<i64, shape![4]>::new(&y).unwrap();
        t *= 2;
        let want: Vec<i64> = before.iter().enumerate().map(|(i, &p)| (p + y[i % 4]) * 2).collect();
        prop_assert_eq!(t.as_slice(), &want[..]);
        let col = data(r, seed >> 13);
        let mut boxed = BoxedTensor::from_shape_vec(dims![rr, 4], before.clone()).unwrap();
        boxed -= TensorRef::from_shape(dims![rr, 1], &col).unwrap();
        let want: Vec<i64> = before.iter().enumerate().map(|(i, &p)| p - col[i / 4]).collect();
        prop_assert_eq!(boxed.as_slice(), &want[..]);
    }
}

/// A run-time size of 1 is never stretched: `[R] + [R]` works at R = 1 as at any value, and the
/// output keeps the run-time size (that `[R]` with `[3]` does not compile is a UI test).
#[test]
fn a_run_time_one_is_not_stretched() {
    bind!(let one: R = 1);
    let (x, y) = ([4], [5]);
    let a = TensorRef::from_shape(dims![one], &x).unwrap();
    let b = TensorRef::from_shape(dims![one], &y).unwrap();
    let sum = a + b;
    assert_eq!((sum.as_slice(), &*sum.shape().extents()), (&[9][..], &[1][..]));
}

/// Data whose length is not the shape's element count is refused with the exact message.
#[test]
fn wrong_lengths_are_errors() {
    bind!(let rows: R = 3);
    let data = [0.0f32; 13];
    for len in [0, 1, 11, 13] {
        let err = TensorRef::from_shape(dims![rows, 4], &data[..len]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "invalid data for shape [3, 4]: the slice holds {len} element{} but its shape has 12",
                if len == 1 { "" } else { "s" }
            )
        );
    }
    let mut out = vec![7.0f32; 11];
    assert!(TensorMut::from_shape(dims![rows, 4], &mut out).is_err());
    assert!(out.iter().all(|&x| x == 7.0), "nothing written on error");
    assert!(BoxedTensor::from_shape_vec(dims![rows, 4], vec![0u8; 3]).is_err());
}

/// Sizes whose product overflows `usize` are refused, never wrapped, never a panic, even when a
/// zero makes the element count 0.
#[test]
fn overflowing_sizes_are_errors() {
    bind!(let big: R = 1 << (usize::BITS / 2));
    bind!(let also: Q = 1 << (usize::BITS / 2));
    let none: [u8; 0] = [];
    let err = TensorRef::from_shape(dims![big, also], &none).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "invalid data for shape [{0}, {0}]: its element count overflows usize",
            1usize << (usize::BITS / 2)
        )
    );
    assert!(TensorRef::from_shape(dims![big, 0, also], &none).is_err());
    assert!(BoxedTensor::<u8, _>::from_shape_fn(dims![big, also], |_| 0).is_err());
    assert!(BoxedTensor::from_elem(dims![big, also, 0], 0u8).is_err());
}

/// A run-time size of 0: every operation gives an empty result, without calling anything.
#[test]
fn zero_rows() {
    bind!(let none: R = 0);
    let empty: [f64; 0] = [];
    let t = TensorRef::from_shape(dims![none, 4], &empty).unwrap();
    let bias = Tensor::<f64, shape![4]>::splat(1.0);
    assert!((t + &bias).as_slice().is_empty());
    assert_eq!(t.sum_axes::<axes![0]>().as_slice(), [0.0; 4]);
    assert!(t.map(|x: f64| x.sqrt()).as_slice().is_empty());
    assert_eq!(t.get(&[0, 0]), None);
}

/// Conversions: to a fixed shape and to another binding, checked; a failure says why.
#[test]
fn conversions_are_checked() {
    bind!(let rows: R = 2);
    bind!(let other: Q = 3);
    let data = [1, 2, 3, 4, 5, 6];
    let t = TensorRef::from_shape(dims![rows, 3], &data).unwrap();
    let fixed = t.to_fixed::<shape![2, 3]>().unwrap();
    assert_eq!(fixed.as_slice(), data);
    assert_eq!(
        t.to_fixed::<shape![3, 2]>().unwrap_err().to_string(),
        "cannot convert [2, 3] to [3, 2]: axis 0 has size 2 but the target has 3; the sizes must be equal"
    );
    assert_eq!(
        t.cast_shape(dims![other, 3]).unwrap_err().to_string(),
        "cannot convert [2, 3] to [3, 3]: axis 0 has size 2 but the target has 3; the sizes must be equal"
    );
    // A target of another rank does not compile (ui-tests/ui/runtime/cast-shape-rank.rs).
    // After converting, the two bindings meet.
    let u = TensorRef::from_shape(dims![other, 3], &[0; 9]).unwrap();
    assert!(u.cast_shape(dims![rows, 3]).is_err());
    let same_rows = TensorRef::from_shape(dims![other], &[1, 1, 1]).unwrap();
    let as_rows = same_rows.cast_shape(dims![rows]);
    assert!(as_rows.is_err());
}

/// `Debug` names a run-time size beside its value.
#[test]
fn debug_names_run_time_sizes() {
    bind!(let rows: R = 2);
    let data = [1, 2, 3, 4];
    let t = TensorRef::from_shape(dims![rows, 2], &data).unwrap();
    assert_eq!(format!("{t:?}"), "TensorRef<[R = 2, 2]> [[1, 2], [3, 4]]");
    assert_eq!(format!("{:?}", t * 10), "BoxedTensor<[R = 2, 2]> [[10, 20], [30, 40]]");
}

/// A new tensor whose run-time sizes multiply past `usize` (sizes bound from numbers, with no
/// data behind them) is refused with the error `from_shape` gives; it never gets a smaller
/// buffer, and nothing is allocated.
#[test]
fn a_new_tensor_too_large_to_count_is_refused() {
    bind!(let huge: R = usize::MAX / 2);
    let row = Tensor::<u8, shape![4]>::splat(1);
    let err = row.broadcast_to_shape(dims![huge, 4]).unwrap_err();
    assert_eq!(err.kind(), dynamic::ErrorKind::TooManyElements);
}

/// `with_rows`: the rows are bound as a run-time size, the closure's result leaves, and a count
/// that overflows (rows of a zero-sized type) is an error before anything runs.
#[test]
fn with_rows_runs_code_over_the_bound_rows() -> Result<(), ShapeError> {
    let rows: Vec<[i64; 3]> = (0..5).map(|i| [i, 2 * i, 3 * i]).collect();
    let sums = TensorRef::with_rows(&rows, |x: TensorRef<i64, shape![R, 3]>| {
        assert_eq!(*x.shape().extents(), [5, 3]);
        x.sum_axes::<axes![0]>()
    })?;
    assert_eq!(sums.as_slice(), [10, 20, 30]);
    let empty: Vec<[i64; 3]> = Vec::new();
    assert_eq!(
        TensorRef::with_rows(&empty, |x: TensorRef<i64, shape![R, 3]>| x.sum_axes::<axes![0]>())?.as_slice(),
        [0; 3]
    );
    let owned = BoxedTensor::with_rows(rows, |x: BoxedTensor<i64, shape![Q, 3]>| (x * 2).into_vec())?;
    assert_eq!(owned[12..], [8, 16, 24]);

    let huge = vec![[(); 2]; usize::MAX];
    let mut ran = false;
    let err = TensorRef::with_rows(&huge, |_: TensorRef<(), shape![R, 2]>| ran = true).unwrap_err();
    assert!(!ran);
    assert_eq!(err.kind(), shapecast::dynamic::ErrorKind::TooManyElements);
    let err = BoxedTensor::with_rows(huge, |_: BoxedTensor<(), shape![R, 2]>| ()).unwrap_err();
    assert_eq!(err.kind(), shapecast::dynamic::ErrorKind::TooManyElements);
    Ok(())
}

/// One binding in two arguments: the signature names it once, `R<'id>`, in both.
#[test]
fn one_binding_shared_by_two_arguments() -> Result<(), ShapeError> {
    fn dot_rows<'id>(
        a: TensorRef<'_, i64, shape![R<'id>, 2]>,
        b: TensorRef<'_, i64, shape![R<'id>, 2]>,
    ) -> Tensor<i64, shape![2]> {
        (a * b).sum_axes::<axes![0]>()
    }
    let (a, b) = ([1, 2, 3, 4, 5, 6], [1, 1, 2, 2, 3, 3]);
    bind!(let r: R = 3);
    let (a, b) = (TensorRef::from_shape(dims![r, 2], &a)?, TensorRef::from_shape(dims![r, 2], &b)?);
    assert_eq!(dot_rows(a, b).as_slice(), [22, 28]);
    Ok(())
}

/// `[R, 10] - [R]` does not compile (NumPy aligns `[R]` with the 10); the two fixes its error
/// names compile and agree: a size-1 axis inserted, or the dims named (XLA's form).
#[test]
fn the_fixes_for_a_misaligned_run_time_axis() -> Result<(), ShapeError> {
    let (scores, norm) = (data(30, 7), data(3, 11));
    bind!(let r: R = 3);
    let a = TensorRef::from_shape(dims![r, 10], &scores)?;
    let b = TensorRef::from_shape(dims![r], &norm)?;
    let inserted = a - b.insert_axis::<1>();
    let named = a.with_dims::<axes![0]>() - b;
    assert_eq!(inserted, named);
    assert_eq!(inserted.get(&[2, 9]), Some(&(scores[29] - norm[2])));
    Ok(())
}

/// The closures of `zip_with`, `zip_with_into`, `zip_assign` and the arrays' `zip_broadcast`
/// may keep state: each is called exactly once per output element, in row-major order, whatever
/// the shape (short rows of a fixed length, run-time rows, long runs with a tail, operands
/// stretched along the run or across rows).
#[test]
fn closures_see_each_element_once_in_order() {
    for rows in [0, 1, 2, 5, 17, 40] {
        bind!(let count: R = rows);
        for_row_lengths(rows, count);
    }
}

/// Every check of [`closures_see_each_element_once_in_order`] for `rows` rows.
fn for_row_lengths(rows: usize, count: Dyn<'_, R>) {
    macro_rules! row_of {
        ($($n:literal)*) => {$({
            let (x, y): (Vec<i64>, Vec<i64>) = ((0..rows as i64 * $n).collect(), (0..$n).map(|k| 1000 * k).collect());
            let a = TensorRef::from_shape(dims![count, $n], &x).unwrap();
            let b = Tensor::<i64, shape![$n]>::from_slice(&y).unwrap();
            let column = TensorRef::from_shape(dims![count, 1], &x[..rows]).unwrap();
            let want: Vec<(i64, i64)> = x.iter().zip(y.iter().cycle()).map(|(&p, &q)| (p, q)).collect();
            let mut seen = Vec::new();
            let out = a.zip_with(&b, |p, q| {
                seen.push((p, q));
                p + q
            });
            assert_eq!(seen, want, "zip_with, rows of {}", $n);
            let mut buf = vec![0; rows * $n];
            seen.clear();
            a.zip_with_into(&b, &mut TensorMut::from_shape(dims![count, $n], &mut buf).unwrap(), |p, q| {
                seen.push((p, q));
                p + q
            });
            assert_eq!((&seen, &buf[..]), (&want, out.as_slice()), "zip_with_into, rows of {}", $n);
            let mut order = Vec::new();
            TensorMut::from_shape(dims![count, $n], &mut buf).unwrap().zip_assign(&column, |o, c| {
                order.push((o, c));
                o - c
            });
            let want: Vec<(i64, i64)> = (0..rows * $n).map(|i| (out.as_slice()[i], x[i / $n])).collect();
            assert_eq!(order, want, "zip_assign, rows of {}", $n);
            let mut calls = 0;
            let mut flat = vec![0; rows * $n];
            let sizes = [rows, $n];
            let (xa, ya) = (shapecast::dynamic::Array::new(&x, &sizes).unwrap(), shapecast::dynamic::Array::new(&y, &sizes[1..]).unwrap());
            shapecast::dynamic::zip_broadcast(xa, ya, &mut flat, |p, q| {
                calls += 1;
                p + q
            })
            .unwrap();
            assert_eq!((calls, &flat[..]), (rows * $n, out.as_slice()), "zip_broadcast, rows of {}", $n);
        })*};
    }
    row_of!(1 2 3 10 15 16 17 33);
}
