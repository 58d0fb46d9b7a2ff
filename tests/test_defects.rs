//! Data that the constructors let in, then handed to every operation: each answer is right
//! (NumPy's where NumPy has one), each refusal is an error, and nothing panics. One test per
//! defect found by the audit of issue 18, each failing before its fix.

use shapecast::dynamic::{self, Array, ErrorKind};
use shapecast::prelude::*;

struct R;
struct Q;
struct P;

// The mean is the sum divided by the count, as NumPy's.

#[test]
fn the_mean_of_a_constant_is_that_constant() {
    let sevens = Tensor::<f64, shape![49]>::splat(7.0);
    assert_eq!(sevens.mean_axes::<axes![0]>().value(), 7.0); // 343 × (1 / 49) is 6.999999999999999
    let mut into = [0.0];
    sevens.mean_axes_into::<axes![0]>(&mut TensorMut::<f64, shape![]>::new(&mut into).unwrap());
    assert_eq!(into, [7.0]);

    // Run-time rows: the same rule.
    let data = vec![7.0f64; 49 * 3];
    bind!(let rows: R = 49);
    let x = TensorRef::from_shape(dims![rows, 3], &data).unwrap();
    assert_eq!(x.mean_axes::<axes![0]>().as_slice(), [7.0; 3]);
    let per_row = x.mean_axes::<axes![1]>();
    assert!(per_row.as_slice().iter().all(|&m| m == 7.0));
}

#[test]
fn a_constant_feature_standardizes_to_zero() {
    let x = Tensor::<f64, shape![49, 2]>::from_fn(|i| if i % 2 == 0 { 7.0 } else { (i / 2) as f64 });
    let mean = x.mean_axes::<axes![0]>();
    let centred = &x - &mean;
    let var = centred.map(|d| d * d).mean_axes::<axes![0]>();
    // The constant feature: centred exactly to 0 (NumPy gives 0, not ±1.0000000000000002 after
    // dividing by a tiny spread).
    assert!(centred.as_slice().iter().step_by(2).all(|&d| d == 0.0));
    assert_eq!(var.as_slice()[0], 0.0);
}

// Empty reductions: decided before allocating, never from a wrapping product.

#[test]
fn argmax_over_an_empty_axis_answers_none_before_allocating() {
    bind!(let kept: R = usize::MAX >> 1); // 2^63 - 1
    let t = TensorRef::from_shape(dims![kept, 0], &[] as &[f32]).unwrap();
    assert!(t.max_axes::<axes![1]>().is_none());
    assert!(t.argmax_axes::<axes![1]>().is_none()); // was: capacity overflow
    assert!(t.argmin_axes::<axes![1]>().is_none());
}

#[test]
fn a_reduced_axis_is_empty_only_if_its_size_is_zero() {
    // [2^62, 2^62, 0] over axes 0 and 1: 2^62 × 2^62 wraps to 0, yet neither axis is empty.
    bind!(let r: R = 1 << 62);
    bind!(let q: Q = 1 << 62);
    let a = TensorRef::from_shape(dims![r, 1, 0], &[] as &[i32]).unwrap();
    let b = TensorRef::from_shape(dims![1, q, 0], &[] as &[i32]).unwrap();
    // The typed zip of the two is a shape that `from_shape` refuses: refused here too.
    let zipped = std::panic::catch_unwind(|| a.zip_with(&b, |x, y| x + y).as_slice().len());
    let message = zipped.unwrap_err();
    let text = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("its sizes other than 0 multiply past usize"), "{text}");
    assert!(dynamic::broadcast_shapes(&[&[1 << 62, 1, 0], &[1, 1 << 62, 0]]).is_err());

    // No accepted shape's reduced sizes multiply past usize (they are among its non-zero
    // sizes); the wrapping product itself is pinned by a unit test of `reduced_count`. Empty
    // kept axis, large reduced ones: a result, not `None`.
    bind!(let r: R = 1 << 31);
    let t = TensorRef::from_shape(dims![r, r, 0], &[] as &[i32]).unwrap();
    let max = t.max_axes::<axes![0, 1]>().expect("no reduced axis is empty");
    assert_eq!(max.as_slice(), [] as [i32; 0]);
    assert!(t.argmax_axes::<axes![0, 1]>().is_some());
    assert!(t.max_axes::<axes![2]>().is_none());
}

// Constructors of run-time shapes: one checked rule.

#[test]
fn broadcast_to_shape_refuses_what_from_shape_refuses() {
    bind!(let wide: R = 1 << 40);
    let one = Tensor::<u8, shape![1]>::from([1]);
    let err = one.broadcast_to_shape(dims![0, wide, wide]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    assert_eq!(
        TensorRef::from_shape(dims![0, wide, wide], &[] as &[u8]).unwrap_err().kind(),
        ErrorKind::TooManyElements
    );
    assert!(one.broadcast_axes_shape::<_, axes![0, 1]>(dims![0, wide, 1]).is_ok());
    let err = one.broadcast_in_dim_shape::<_, axes![2]>(dims![0, wide, wide]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
}

#[test]
fn a_broadcast_view_never_claims_a_wrong_exact_length() {
    bind!(let wide: R = 1 << 40);
    let v = Tensor::<u8, shape![1]>::from([1]);
    // 2^80 elements: no exact length in usize, so no such view.
    assert_eq!(
        v.broadcast_view_shape(dims![wide, wide]).err().map(|e| e.kind()),
        Some(ErrorKind::TooManyElements)
    );
    bind!(let rows: Q = 1 << 20);
    assert_eq!(v.broadcast_view_shape(dims![rows, 3]).unwrap().iter().len(), 3 << 20);
}

#[test]
fn from_shape_fn_reports_an_allocation_that_cannot_be() {
    bind!(let n: R = 1 << 62);
    let err = BoxedTensor::from_elem(dims![n], 0u64).unwrap_err(); // 2^65 bytes
    assert_eq!(err.kind(), ErrorKind::AllocationFailed { element_size: 8 });
    let err = BoxedTensor::from_shape_fn(dims![n], |_| -> u8 { unreachable!("never called") }).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AllocationFailed { element_size: 1 });
    bind!(let m: Q = usize::MAX);
    let err = BoxedTensor::from_elem(dims![m, 2], 0u8).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    // A zero-sized element type takes no memory, whatever the count.
    bind!(let k: R = 1000);
    assert_eq!(BoxedTensor::from_elem(dims![k], ()).unwrap().as_slice().len(), 1000);
}

// Integer sums wrap, in debug and release alike; lanes never change an integer sum.

#[test]
fn integer_sums_wrap_in_every_build() {
    let ones = Tensor::<u8, shape![300]>::splat(1);
    assert_eq!(ones.sum_axes::<axes![0]>().value(), 44); // was: a panic in debug
    assert_eq!(ones.map(u32::from).sum_axes::<axes![0]>().value(), 300);
    let wide = vec![u8::MAX; 4096];
    let t = TensorRef::<u8, shape![4096]>::new(&wide).unwrap();
    let want = wide.iter().fold(0u8, |a, &x| a.wrapping_add(x));
    assert_eq!(t.sum_axes::<axes![0]>().value(), want);
    let mut out = [0u8];
    dynamic::sum_axes(Array::new(&wide, &[4096]).unwrap(), &[0], &mut out).unwrap();
    assert_eq!(out, [want]);
}

#[test]
fn the_lanes_never_overflow_where_left_to_right_would_not() {
    // Left to right, the running sum of 100, -100, 100, … stays within i8; a lane of 16, though,
    // holds elements k, k + 16, …, all 100 or all -100.
    let data: Vec<i8> = (0..512).map(|i| if i % 2 == 0 { 100 } else { -100 }).collect();
    let mut running = 0i8;
    for &x in &data {
        running = running.checked_add(x).expect("the left-to-right sum never overflows");
    }
    let t = TensorRef::<i8, shape![512]>::new(&data).unwrap();
    assert_eq!(t.sum_axes::<axes![0]>().value(), running); // was: a panic in debug
    let m = TensorRef::<i8, shape![2, 256]>::new(&data).unwrap();
    assert_eq!(m.sum_axes::<axes![0, 1]>().value(), running);
    let mut out = [1i8];
    dynamic::sum_to(Array::new(&data, &[512]).unwrap(), dynamic::ArrayMut::new(&mut out, &[1]).unwrap())
        .unwrap();
    assert_eq!(out, [running]);
}

// Debug output stays short for a tensor with no elements.

#[test]
fn alternate_debug_of_an_empty_tensor_is_short() {
    bind!(let rows: R = 50_000_000);
    let t = TensorRef::from_shape(dims![rows, 0], &[] as &[u8]).unwrap();
    let text = format!("{t:#?}"); // was: 200 MB
    assert!(text.len() < 100, "{text}");
    assert_eq!(format!("{:#?}", Tensor::<u8, shape![2, 0]>::splat(0)), "Tensor<[2, 0]> [[], []]");
}

// Rank 64 is the most: a run-time shape of 64 axes works, and nothing panics on it.

#[test]
fn a_rank_64_run_time_shape_never_panics() {
    bind!(let one: R = 1);
    let s = dims![
        one, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2
    ];
    assert_eq!((s.rank(), s.element_count()), (64, 2));
    let t = TensorRef::from_shape(s, &[1, 2]).unwrap();
    assert_eq!(t.sum_to::<shape![1]>().as_slice(), [3]); // (`sum_axes` at rank 64: issue 18, item 2)
    assert_eq!(BoxedTensor::from_elem(s, 5u8).unwrap().as_slice(), [5, 5]);
}

// Every reduction, over run-time shapes of huge and empty sizes that `from_shape` accepts.

fn size() -> impl proptest::strategy::Strategy<Value = usize> {
    use proptest::prelude::*;
    prop_oneof![4 => 0usize..=3, 1 => Just(1usize << 31), 1 => Just(1usize << 62), 1 => Just(usize::MAX)]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn reductions_over_huge_and_empty_shapes_answer_at_once(a in size(), b in size(), c in size()) {
        let count = dynamic::element_count(&[a, b, c]);
        let data: Vec<i32> = (0..count.filter(|&n| n <= 64).unwrap_or(0) as i32).collect();
        bind!(let ra: R = a);
        bind!(let rb: Q = b);
        bind!(let rc: P = c);
        let Ok(t) = TensorRef::from_shape(dims![ra, rb, rc], &data[..]) else {
            // Refused: too many elements (zeros left out), or too much data to build here.
            proptest::prop_assert!(count.is_none_or(|n| n > 64 || n != data.len()));
            return Ok(());
        };
        // A sum or a mean over an empty axis is a new tensor of the kept sizes, which may be
        // too large to allocate (as in NumPy): only those that fit are made here.
        if b <= 4096 {
            let sums = t.sum_axes::<axes![0, 2]>();
            proptest::prop_assert_eq!(sums.as_slice().len(), b);
            if a == 0 || c == 0 {
                proptest::prop_assert!(sums.as_slice().iter().all(|&s| s == 0)); // sums of nothing
            }
        }
        let max = t.max_axes::<axes![0]>();
        proptest::prop_assert_eq!(max.is_none(), a == 0);
        let all = t.min_axes::<axes![0, 1, 2]>();
        proptest::prop_assert_eq!(all.is_none(), count == Some(0));
        let arg = t.argmax_axes::<axes![1]>();
        proptest::prop_assert_eq!(arg.is_none(), b == 0);
        if let Some(arg) = arg {
            proptest::prop_assert!(arg.as_slice().iter().all(|&i| i < b));
        }
        let floats: Vec<f64> = data.iter().map(|&x| f64::from(x)).collect();
        let f = TensorRef::from_shape(dims![ra, rb, rc], &floats[..]).unwrap();
        if let Some(kept) = dynamic::element_count(&[a, c]).filter(|&n| n <= 4096) {
            let mean = f.mean_axes::<axes![1]>();
            proptest::prop_assert_eq!(mean.as_slice().len(), kept);
            if kept > 0 {
                proptest::prop_assert_eq!(mean.as_slice().iter().all(|m| m.is_nan()), b == 0);
            }
        }
        let text = format!("{f:#?}");
        proptest::prop_assert!(text.len() < 10_000);
    }
}
