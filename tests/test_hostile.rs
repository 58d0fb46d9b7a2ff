//! Hostile input: huge sizes, too many axes, broken lists, wrong slice lengths. Everything is an
//! `Err` (or a correct `Ok`), nothing panics, and nothing is written on error. A wrong length is
//! caught where a slice meets its shape (`Array::new`, `ArrayMut::new`), an output slice's at the
//! call that computes its shape.

mod common;

use common::messages;
use std::sync::mpsc;
use std::time::Duration;

use common::reference as naive;
use proptest::prelude::*;
use shapecast::dynamic::{self, Array, ArrayMut, BroadcastError, ErrorKind, Slot};

/// Runs `f` on its own thread and fails unless it returns within `limit` (a call that hangs is
/// left running; the test process ends without it).
fn within<R: Send + 'static>(limit: Duration, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    rx.recv_timeout(limit).expect("the call did not return in time")
}

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![4 => 0usize..=4, 1 => Just(usize::MAX), 1 => Just(1usize << 33), 1 => any::<usize>()]
}

fn dims(max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![4 => prop::collection::vec(size(), 0..=8), 1 => prop::collection::vec(0usize..=2, 60..=max)]
}

fn list() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        prop::collection::vec(0usize..=9, 0..=6),
        prop::collection::vec(any::<usize>(), 0..=3),
        prop::collection::vec(0usize..=3, 62..=70)
    ]
}

/// The operands of a one-operand kernel, each slice paired with its shape.
fn operands<'a, T, U>(
    (src, from): (&'a [T], &'a [usize]),
    (dst, to): (&'a mut [U], &'a [usize]),
) -> Result<(Array<'a, T>, ArrayMut<'a, U>), BroadcastError> {
    Ok((Array::new(src, from)?, ArrayMut::new(dst, to)?))
}

/// Whether the reference accepts and the result's element count fits.
fn fits(out: &Option<Vec<usize>>) -> bool {
    out.as_ref().is_some_and(|o| o.len() <= 64 && naive::count_fits(o))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn shape_rules_never_panic(a in dims(70), b in dims(70), l in list()) {
        let too_many = a.len() > 64 || b.len() > 64;
        let text = |r: Result<dynamic::DynShape, dynamic::BroadcastError>| r.err().map(|e| e.to_string());
        let r = dynamic::broadcast_shapes(&[&a, &b]);
        prop_assert_eq!(r.is_ok(), !too_many && fits(&naive::numpy(&[a.clone(), b.clone()])));
        prop_assert_eq!(text(r), messages::numpy(&[a.clone(), b.clone()]));
        let r = dynamic::broadcast_to(&a, &b);
        prop_assert_eq!(r.is_ok(), !too_many && fits(&naive::broadcast_to(&a, &b)));
        prop_assert_eq!(text(r), messages::broadcast_to(&a, &b));
        let r = dynamic::broadcast_axes(&a, &b, &l);
        prop_assert_eq!(r.is_ok(), !too_many && fits(&naive::axes(&a, &b, &l)));
        prop_assert_eq!(text(r), messages::axes(&a, &b, &l));
        let r = dynamic::broadcast_in_dim(&a, &b, &l);
        prop_assert_eq!(r.is_ok(), !too_many && fits(&naive::in_dim(&a, &b, &l)));
        prop_assert_eq!(text(r), messages::in_dim(&a, &b, &l));
        let r = dynamic::broadcast_with_dims(&a, &b, &l);
        prop_assert_eq!(r.is_ok(), !too_many && fits(&naive::with_dims(&a, &b, &l)));
        prop_assert_eq!(text(r), messages::with_dims(&a, &b, &l));
        prop_assert_eq!(text(dynamic::broadcast_shapes(&[&a, &b, &a])), messages::numpy(&[a.clone(), b.clone(), a.clone()]));
        // `sum_to_axes(a, b)` reverses `broadcast_to(b, a)`, and is checked as that broadcast.
        prop_assert_eq!(text(dynamic::sum_to_axes(&a, &b)), messages::broadcast_to(&b, &a));
    }

    #[test]
    fn kernels_reject_wrong_lengths_and_write_nothing(
        (a, out) in (prop::collection::vec(0usize..=3, 0..=4), prop::collection::vec(0usize..=3, 0..=4)),
        src_len in 0usize..=90, dst_len in 0usize..=90, l in list(),
    ) {
        let src = vec![1u8; src_len];
        let mut dst = vec![0u8; dst_len];
        let ok_len = src_len == a.iter().product::<usize>() && dst_len == out.iter().product::<usize>();
        let results = [
            operands((&src, &a), (&mut dst, &out)).and_then(|(s, d)| dynamic::copy_broadcast_to(s, d)).is_ok()
                == (ok_len && naive::broadcast_to(&a, &out).is_some()),
            operands((&src, &a), (&mut dst, &out)).and_then(|(s, d)| dynamic::copy_broadcast_axes(s, d, &l)).is_ok()
                == (ok_len && naive::axes(&a, &out, &l).is_some()),
            operands((&src, &a), (&mut dst, &out)).and_then(|(s, d)| dynamic::copy_broadcast_in_dim(s, d, &l)).is_ok()
                == (ok_len && naive::in_dim(&a, &out, &l).is_some()),
        ];
        prop_assert_eq!(results, [true; 3]);
        if !ok_len {
            prop_assert!(dst.iter().all(|&x| x == 0), "written on error");
        }
        let mut zipped = vec![0u8; dst_len];
        let z = Array::new(&src, &a)
            .and_then(|s| dynamic::zip_broadcast(s, Array::new(&dst, &out)?, &mut zipped, |x, y| x + y));
        let want = naive::numpy(&[a.clone(), out.clone()]);
        let lens_ok = ok_len && want.as_ref().is_some_and(|o| o.iter().product::<usize>() == dst_len);
        prop_assert_eq!(z.is_ok(), lens_ok);
        if !lens_ok {
            prop_assert!(zipped.iter().all(|&x| x == 0), "written on error");
        }

        // In place: `src` (shape `a`) stretched onto `dst` (shape `out`).
        let mut updated = vec![7u8; dst_len];
        let z = operands((&src, &a), (&mut updated, &out)).and_then(|(s, d)| dynamic::zip_assign(s, d, |x, y| x + y));
        prop_assert_eq!(z.is_ok(), ok_len && naive::broadcast_to(&a, &out).is_some());
        let each = if z.is_ok() { 8 } else { 7 };
        prop_assert!(updated.iter().all(|&x| x == each), "{:?} onto {:?}: {:?}", a, out, updated);

        // The reductions: `src` (shape `a`) summed into `dst` (shape `out`, or `a` without `l`).
        let count = |dims: &[usize]| dims.iter().product::<usize>();
        let mut summed = vec![7u8; dst_len];
        let s = operands((&src, &a), (&mut summed, &out)).and_then(|(s, d)| dynamic::sum_to(s, d));
        prop_assert_eq!(s.is_ok(), ok_len && naive::broadcast_to(&out, &a).is_some());
        let each = if s.is_ok() { count(&a) / count(&out).max(1) } else { 7 };
        prop_assert!(summed.iter().all(|&x| usize::from(x) == each), "{:?} -> {:?}: {:?}", a, out, summed);
        let kept: Vec<usize> = (0..a.len()).filter(|i| !l.contains(i)).map(|i| a[i]).collect();
        let mut summed = vec![7u8; dst_len];
        let s = Array::new(&src, &a).and_then(|s| dynamic::sum_axes(s, &l, &mut summed));
        let lens_ok = src_len == count(&a) && dst_len == count(&kept);
        prop_assert_eq!(s.is_ok(), lens_ok && naive::axes(&kept, &a, &l).is_some());
        let each = if s.is_ok() { count(&a) / count(&kept).max(1) } else { 7 };
        prop_assert!(summed.iter().all(|&x| usize::from(x) == each), "{:?} over {:?}: {:?}", a, l, summed);
    }
}

#[test]
fn errors_name_what_went_wrong() {
    let e = dynamic::broadcast_shapes(&[&[1; 65], &[2]]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyAxes { slot: Slot::Operand(0), rank: 65 });
    assert_eq!(
        e.to_string(),
        "cannot broadcast: the first operand has 65 entries; at most 64 axes are supported"
    );
    let e = dynamic::broadcast_shapes(&[&[2], &[2], &[1; 65]]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyAxes { slot: Slot::Operand(2), rank: 65 });
    assert_eq!(e.to_string(), "cannot broadcast: operand 3 has 65 entries; at most 64 axes are supported");

    let e = dynamic::broadcast_shapes(&[&[1 << 40, 1], &[1, 1 << 40]]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        e.to_string(),
        "cannot broadcast [1099511627776, 1] with [1, 1099511627776]: the result has more elements than usize can count"
    );
    // An empty array never overflows: [0, 2^40, 2^40] has 0 elements, but its strides would not
    // fit, so the non-zero product must fit too.
    assert_eq!(*dynamic::broadcast_shapes(&[&[0, 1 << 20, 1 << 20]]).unwrap(), [0, 1 << 20, 1 << 20]);
    let e = dynamic::broadcast_shapes(&[&[0, 1 << 40, 1 << 40]]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        e.to_string(),
        "cannot broadcast [0, 1099511627776, 1099511627776]: the result's sizes other than 0 multiply past \
         usize, which no shape's may, even one with no elements"
    );

    let e = dynamic::broadcast_shapes(&[]).unwrap();
    assert_eq!(*e, [0usize; 0]);

    // An output whose shape the call computes is checked by the call, as the broadcast's target.
    let mut dst = [9u8; 4];
    let (row, m) = (Array::new(&[1u8, 2, 3], &[3]).unwrap(), Array::new(&[1u8; 6], &[2, 3]).unwrap());
    let e = dynamic::zip_broadcast(row, m, &mut dst, |x, y| x + y).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::WrongLength { slot: Slot::Target, expected: 6, found: 4 });
    assert_eq!(
        e.to_string(),
        "cannot broadcast [3] with [2, 3]: the target's slice holds 4 elements but its shape has 6"
    );
    assert_eq!(dst, [9; 4]);

    // A reduction is checked as the broadcast it reverses: `dst` is that broadcast's operand.
    let mut dst = [9u8; 2];
    let e = dynamic::sum_axes(m, &[0], &mut dst).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::WrongLength { slot: Slot::Operand(0), expected: 3, found: 2 });
    assert_eq!(
        e.to_string(),
        "cannot broadcast [3] to [2, 3] with axes [0]: the operand's slice holds 2 elements but its shape has 3"
    );
    let e = dynamic::sum_to(m, ArrayMut::new(&mut dst, &[2]).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CannotStretch { operand_axis: 0, axis: 1, size: 2, target: 3 });
    assert_eq!(
        e.to_string(),
        "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
    );
    let e = dynamic::sum_axes(m, &[1, 1], &mut dst).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotIncreasing { entry: 1, previous: 1, axis: 1 });
    assert_eq!(
        e.to_string(),
        "cannot broadcast [2] to [2, 3] with axes [1, 1]: axes entry 1 is 1, not greater than the entry before it (1); axes must be strictly increasing"
    );
    assert_eq!(dst, [9; 2]);

    let e = dynamic::broadcast_with_dims(&[8, 8, 8], &[8, 8], &[1, 0]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotIncreasing { entry: 1, previous: 1, axis: 0 });
    let e = dynamic::broadcast_with_dims(&[16, 8, 4], &[8, 4], &[2, 1]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeMismatch { axis: 2, sizes: [4, 8], operands: [0, 1] });
    assert_eq!(
        e.to_string(),
        "cannot broadcast [16, 8, 4] with [8, 4] using dims [2, 1]: axis 2 has sizes 4 and 8; sizes must be equal or one of them 1"
    );
}

/// The shape algebra's run-time twins name what disagrees where a shape with no elements has
/// sizes past `usize`: not "too many elements", but the sizes other than 0, or the joined axis'
/// two sizes; and nothing is written.
#[test]
fn algebra_overflows_name_the_sizes_not_an_element_count() {
    let (max, big) = (usize::MAX, 1usize << 62);
    const NONE_MAY: &str = "multiply past usize, which no shape's may, even one with no elements";
    // A reshape of no elements to a shape whose other sizes overflow: the counts agree (0), the
    // target's sizes are what is wrong.
    let empty = Array::new(&[] as &[f32], &[0, 3]).unwrap();
    let e = dynamic::reshape(empty, &[max, 2, 0]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        e.to_string(),
        format!("cannot reshape [0, 3] to [{max}, 2, 0]: the target's sizes other than 0 {NONE_MAY}")
    );
    let full = Array::new(&[0.0f32; 12], &[6, 2]).unwrap();
    assert_eq!(
        dynamic::reshape(full, &[max, 2]).unwrap_err().to_string(),
        format!("cannot reshape [6, 2] to [{max}, 2]: the target has more elements than usize can count")
    );
    // A concatenation whose joined axis passes `usize`, and one whose other sizes do.
    let (long, short, wide) = ([max, 0], [1, 0], [big, 0, 2]);
    let (a, b) = (Array::new(&[] as &[f32], &long).unwrap(), Array::new(&[] as &[f32], &short).unwrap());
    assert_eq!(
        dynamic::concat(a, b, 0, &mut []).unwrap_err().to_string(),
        format!(
            "cannot concatenate [{max}, 0] with [1, 0] along axis 0: the joined axis 0 would have size {max} + 1, past usize"
        )
    );
    let e = Array::new(&[] as &[f32], &wide).unwrap();
    assert_eq!(
        dynamic::concat(e, e, 0, &mut []).unwrap_err().to_string(),
        format!(
            "cannot concatenate [{big}, 0, 2] with [{big}, 0, 2] along axis 0: the result's sizes other than 0 {NONE_MAY}"
        )
    );
    assert_eq!(
        dynamic::stack(&[e, e, e, e], 1, &mut []).unwrap_err().to_string(),
        format!("cannot stack [{big}, 0, 2] along a new axis 1: the result's sizes other than 0 {NONE_MAY}")
    );
}

/// A slice meets its shape once, in `Array::new`/`ArrayMut::new`: a wrong length, an element
/// count past `usize` and more axes than any rule accepts are errors there, named exactly.
#[test]
fn arrays_name_the_slice_and_the_shape_that_do_not_match() {
    let mut data = [9u8; 4];
    let e = Array::new(&data, &[2, 3]).unwrap_err();
    assert_eq!((e.form(), &*e.lhs()), (dynamic::Form::Shape, &[2, 3][..]));
    assert_eq!(e.kind(), ErrorKind::WrongLength { slot: Slot::Operand(0), expected: 6, found: 4 });
    assert_eq!(
        e.to_string(),
        "invalid data for shape [2, 3]: the slice holds 4 elements but its shape has 6"
    );
    assert_eq!(ArrayMut::new(&mut data, &[2, 3]).unwrap_err(), e);
    let e = Array::new(&data[..0], &[]).unwrap_err(); // a scalar holds one element
    assert_eq!(e.kind(), ErrorKind::WrongLength { slot: Slot::Operand(0), expected: 1, found: 0 });
    assert_eq!(e.to_string(), "invalid data for shape []: the slice holds 0 elements but its shape has 1");
    let e = ArrayMut::new(&mut data[..1], &[2]).unwrap_err();
    assert_eq!(e.to_string(), "invalid data for shape [2]: the slice holds 1 element but its shape has 2");
    assert_eq!(data, [9; 4]);

    // Too many elements: the non-zero sizes overflow, even beside a 0 (no data of that shape
    // can exist, and its strides would not fit).
    let huge = [0, 1 << 40, 1 << 40];
    let e = Array::new(&[] as &[u8], &huge).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        e.to_string(),
        "invalid data for shape [0, 1099511627776, 1099511627776]: its sizes other than 0 multiply past \
         usize, which no shape's may, even one with no elements"
    );
    assert_eq!(ArrayMut::new(&mut [] as &mut [u8], &huge).unwrap_err(), e);

    // More than `MAX_RANK` axes: no rule accepts them, so the pair is refused at once.
    let many = [1; dynamic::MAX_RANK + 1];
    let e = Array::new(&data[..1], &many).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyAxes { slot: Slot::Operand(0), rank: 65 });
    assert_eq!(e.to_string(), "invalid shape: the shape has 65 entries; at most 64 axes are supported");
    assert_eq!(ArrayMut::new(&mut data[..1], &many).unwrap_err(), e);
    // The rank is checked first, even when the count overflows too.
    let e = Array::new(&data, &[usize::MAX; 70]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyAxes { slot: Slot::Operand(0), rank: 70 });
    // 64 axes are fine.
    let a = Array::new(&data[..1], &many[..64]).unwrap();
    assert_eq!((a.data(), a.shape().len()), (&data[..1], 64));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `Array::new` and `ArrayMut::new` accept exactly the pairs the rules allow, with the
    /// message the rules give (`messages::data`), and keep what they were given.
    #[test]
    fn arrays_accept_exactly_matching_pairs(shape in dims(70), len in prop_oneof![0usize..=90, Just(1usize << 20)]) {
        let want = messages::data(&shape, len);
        let mut data = vec![3u8; len];
        let a = Array::new(&data, &shape);
        prop_assert_eq!(a.err().map(|e| e.to_string()), want.clone());
        if let Ok(a) = a {
            prop_assert_eq!((a.data(), a.shape()), (&data[..], &shape[..]));
        }
        let m = ArrayMut::new(&mut data, &shape);
        prop_assert_eq!(m.as_ref().err().map(|e| e.to_string()), want.clone());
        if let Ok(mut m) = m {
            m.data_mut().fill(4);
            prop_assert_eq!((m.as_array().shape(), m.shape()), (&shape[..], &shape[..]));
        }
        let each = if want.is_none() { 4 } else { 3 };
        prop_assert!(data.iter().all(|&x| x == each));
    }
}

/// An array with no elements costs nothing, however large its other sizes: no kernel loops over
/// them (it once took time linear in the largest axis, decades for 2^62).
#[test]
fn empty_arrays_with_huge_axes_return_at_once() {
    let limit = Duration::from_secs(10);
    let r = within(limit, || {
        dynamic::sum_to(
            Array::new(&[] as &[u64], &[0, 2, 1 << 62])?,
            ArrayMut::new(&mut [], &[0, 1, 1 << 62])?,
        )
    });
    assert_eq!(r, Ok(()));
    let r = within(limit, || {
        dynamic::sum_axes(Array::new(&[] as &[u64], &[0, 2, 3, 65536, 65536])?, &[1], &mut [])
    });
    assert_eq!(r.map(|s| s.to_vec()), Ok(vec![0, 3, 65536, 65536]));
    // Every kernel, the zero anywhere, with and without stretching.
    let huge = 1usize << 62;
    for (from, to) in [
        (vec![0, 1, huge], vec![0, 2, huge]),
        (vec![huge, 0], vec![huge, 0]),
        (vec![1, 0], vec![huge, 0]),
        (vec![0, 1], vec![0, huge]),
        (vec![0], vec![huge, 3, 0]),
    ] {
        let r = within(limit, move || -> Result<(), BroadcastError> {
            let mut none: [u64; 0] = [];
            let (small, big) = (Array::new(&[], &from)?, Array::new(&[], &to)?);
            dynamic::copy_broadcast_to(small, ArrayMut::new(&mut none, &to)?)?;
            dynamic::zip_broadcast(small, big, &mut none, |x, y| x + y)?;
            dynamic::zip_assign(small, ArrayMut::new(&mut none, &to)?, |x, y| x + y)?;
            dynamic::sum_to(big, ArrayMut::new(&mut none, &from)?)
        });
        assert_eq!(r, Ok(()));
    }
}

/// Storage built from slices through the public `Owning` trait refuses a wrong count: it never
/// panics on what a caller hands it, and never makes storage of another length.
#[test]
fn storage_from_slices_refuses_a_wrong_count() {
    use shapecast::shape;
    use shapecast::tensor::{Inline, Owning};
    type I = Inline<i32, shape![2, 2]>;
    let four: [&[i32]; 2] = [&[1, 2], &[3, 4]];
    assert!(<I as Owning>::from_slices(4, four.into_iter()).is_some());
    let short: [&[i32]; 1] = [&[1, 2, 3]];
    assert!(<I as Owning>::from_slices(4, short.into_iter()).is_none());
    assert!(<I as Owning>::from_slices(4, core::iter::empty()).is_none());
    let long: [&[i32]; 2] = [&[1, 2, 3], &[4, 5]];
    assert!(<I as Owning>::from_slices(4, long.into_iter()).is_none());
    let empty = <Inline<i32, shape![0, 3]> as Owning>::from_slices(0, core::iter::empty());
    assert!(empty.is_some());
    type B = Box<[i32]>;
    assert_eq!(<B as Owning>::from_slices(4, four.into_iter()).as_deref(), Some(&[1, 2, 3, 4][..]));
    assert!(<B as Owning>::from_slices(4, short.into_iter()).is_none());
    assert!(<B as Owning>::from_slices(4, long.into_iter()).is_none());
}
