//! Where new tensors live: boxed when an operand is a box of a fixed shape, inline otherwise
//! for fixed shapes, boxed for shapes with run-time sizes. A big fixed shape, once boxed, never
//! touches the stack: each test runs on a thread whose stack is far smaller than its tensors.

use shapecast::prelude::*;

/// 1,048,576 `f32`s: 4 MiB, sixteen times the stack the tests run on.
type Big = shape![1024, 1024];
type Row = shape![1024];

/// Runs `f` on a thread with a 256 KiB stack: an inline `Big` would overflow it at once.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 * 1024).spawn(f).unwrap().join().unwrap();
}

#[test]
fn operators_on_a_boxed_fixed_shape_stay_on_the_heap() {
    on_small_stack(|| {
        let a = BoxedTensor::<f32, Big>::from_fn(|i| i as f32);
        let bias = BoxedTensor::<f32, Row>::from_fn(|i| i as f32);
        let sum: BoxedTensor<f32, Big> = &a + &bias;
        assert_eq!(sum.get(&[1023, 1023]), Some(&(1024.0 * 1024.0 - 1.0 + 1023.0)));
        // Owned and borrowed, scalars on either side, unary minus.
        let b: BoxedTensor<f32, Big> = -(2.0 * &sum) + a.clone();
        assert_eq!(b.get(&[0, 3]), Some(&-9.0));
        let c: BoxedTensor<f32, Big> = sum - &bias;
        assert_eq!(c, a);
        let d: BoxedTensor<f32, Big> = a.map(|x| x * 0.5);
        assert_eq!(d.get(&[0, 2]), Some(&1.0));
    });
}

#[test]
fn a_boxed_operand_on_either_side_boxes_the_result() {
    let boxed = BoxedTensor::<i32, shape![2, 3]>::from_fn(|i| i as i32);
    let inline = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    let left: BoxedTensor<i32, shape![2, 3]> = &boxed + &inline;
    let right: BoxedTensor<i32, shape![2, 3]> = &inline + &boxed;
    assert_eq!(left, right);
    assert_eq!(left.as_slice(), [10, 21, 32, 13, 24, 35]);
    // Views and inline tensors stay inline.
    let view = inline.view();
    let small: Tensor<i32, shape![3]> = &view * 2;
    assert_eq!(small.as_slice(), [20, 40, 60]);
    let xla: BoxedTensor<i32, shape![2, 3]> = &inline.with_dims::<axes![1]>() + &boxed;
    assert_eq!(xla, left);
    let xla_left: BoxedTensor<i32, shape![2, 3]> =
        &boxed.with_dims::<axes![]>() + &inline.broadcast_to::<shape![2, 3]>();
    assert_eq!(xla_left, left);
}

#[test]
fn broadcasts_and_reductions_of_a_boxed_fixed_shape_stay_on_the_heap() {
    on_small_stack(|| {
        let row = BoxedTensor::<f32, Row>::splat(1.0);
        let full: BoxedTensor<f32, Big> = row.broadcast_to::<Big>();
        let by_axes: BoxedTensor<f32, Big> = row.broadcast_axes::<Big, axes![0]>();
        let in_dim: BoxedTensor<f32, Big> = row.broadcast_in_dim::<Big, axes![1]>();
        assert!(full == by_axes && by_axes == in_dim);
        let sums: BoxedTensor<f32, Row> = full.sum_axes::<axes![0]>();
        assert!(sums.as_slice().iter().all(|&s| s == 1024.0));
        let to: BoxedTensor<f32, shape![1, 1024]> = full.sum_to::<shape![1, 1024]>();
        assert_eq!(to.as_slice(), sums.as_slice());
        let means: BoxedTensor<f32, Row> = full.mean_axes::<axes![1]>();
        assert!(means.as_slice().iter().all(|&m| m == 1.0));
        let max: Option<BoxedTensor<f32, Row>> = full.max_axes::<axes![1]>();
        assert!(max.is_some());
        let arg: Option<BoxedTensor<usize, Row>> = full.argmin_axes::<axes![0]>();
        assert!(arg.unwrap().as_slice().iter().all(|&i| i == 0));
    });
}

#[test]
fn a_box_of_run_time_sizes_reduced_to_a_fixed_shape_is_inline() {
    struct Rows;
    bind!(let rows: Rows = 3);
    let t = BoxedTensor::from_shape_fn(dims![rows, 2], |i| i as i64).unwrap();
    // The box was needed by the run-time size; the result's shape is fixed, so it is inline.
    let sums: Tensor<i64, shape![2]> = t.sum_axes::<axes![0]>();
    assert_eq!(sums.as_slice(), [6, 9]);
    let shifted: BoxedTensor<i64, shape![Rows, 2]> = &t + &sums;
    assert_eq!(shifted.as_slice(), [6, 10, 8, 12, 10, 14]);
}

#[test]
fn to_boxed_and_to_inline_move_between_homes() {
    let t = Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]);
    let boxed: BoxedTensor<u8, shape![2, 2]> = t.to_boxed();
    let back: Tensor<u8, shape![2, 2]> = (&boxed + 1u8).to_inline();
    assert_eq!(back.as_slice(), [2, 3, 4, 5]);
    assert_eq!(format!("{boxed:?}"), "BoxedTensor<[2, 2]> [[1, 2], [3, 4]]");
}

#[test]
fn views_of_a_box_keep_it_on_the_heap() {
    on_small_stack(|| {
        let labels = BoxedTensor::<f32, shape![1024]>::from_fn(|i| (i % 3) as f32);
        let classes = Tensor::<f32, shape![3]>::from([0.0, 1.0, 2.0]);
        // [1024, 1] with [3]: the one-hot mask, boxed because `labels` is.
        let one_hot: BoxedTensor<f32, shape![1024, 3]> =
            labels.insert_axis::<1>().zip_with(&classes, |l, c| f32::from(u8::from(l == c)));
        let x = BoxedTensor::<f32, Big>::splat(1.0);
        // [1024, 3, 1] * [1024, 1, 1024], summed over the rows: per-class sums of 4 MiB rows.
        let per_class: BoxedTensor<f32, shape![3, 1024]> =
            (one_hot.insert_axis::<2>() * x.insert_axis::<1>()).sum_axes::<axes![0]>();
        assert_eq!(per_class.get(&[0, 5]), Some(&342.0));
        assert_eq!(per_class.get(&[2, 5]), Some(&341.0));
        // A run-time shape converted to a fixed one, from a box, stays boxed.
        struct Rows;
        bind!(let rows: Rows = 1024);
        let runtime = BoxedTensor::from_shape_fn(dims![rows, 1024], |_| 2.0f32).unwrap();
        let fixed = runtime.to_fixed::<Big>().unwrap();
        let doubled: BoxedTensor<f32, Big> = &fixed * 2.0;
        assert_eq!(doubled.get(&[1023, 1023]), Some(&4.0));
    });
}

/// An operator whose operand is a heap temporary of the result's shape writes the result over
/// it: the same allocation, the same values as between borrowed operands, in each position
/// (left, right, both, with a scalar on either side), in the operator's own order (`-`, `/`).
#[test]
fn an_operator_writes_its_result_over_a_temporary_of_its_shape() {
    struct Rows;
    let data: Vec<f64> = (0..24).map(|i| i as f64 + 1.0).collect();
    bind!(let rows: Rows = 4);
    let x = TensorRef::from_shape(dims![rows, 6], &data).unwrap();
    let m = Tensor::<f64, shape![6]>::from([0.5, 1.0, 1.5, 2.0, 2.5, 3.0]);
    let want = |f: fn(f64, f64) -> f64| {
        data.iter().enumerate().map(|(i, &v)| f(v, m.as_slice()[i % 6])).collect::<Vec<_>>()
    };

    let t = x - &m; // a new allocation (`x` is a `TensorRef`, a copy of the borrow)
    let at = t.as_slice().as_ptr();
    let left = t / &m; // over `t`: (x - m) / m
    assert_eq!(left.as_slice().as_ptr(), at);
    assert_eq!(left.as_slice(), &want(|v, m| (v - m) / m)[..]);

    let right = x - left; // over the right operand: x - (x - m) / m
    assert_eq!(right.as_slice().as_ptr(), at);
    assert_eq!(right.as_slice(), &want(|v, m| v - (v - m) / m)[..]);

    let scaled = 2.0 - right * 3.0; // both scalars, over the same allocation
    assert_eq!(scaled.as_slice().as_ptr(), at);
    assert_eq!(scaled.as_slice(), &want(|v, m| 2.0 - (v - (v - m) / m) * 3.0)[..]);

    let other = x + x;
    let both = scaled - other; // both by value: over the left one
    assert_eq!(both.as_slice().as_ptr(), at);
    assert_eq!(both.as_slice(), &want(|v, m| 2.0 - (v - (v - m) / m) * 3.0 - 2.0 * v)[..]);
    let fresh = ((2.0 - (x.lazy() - (x.lazy() - &m) / &m) * 3.0) - (x.lazy() + &x)).eval();
    assert_eq!(both, fresh);
}

/// A heap temporary that the other operand stretches (the result is larger than it) is read,
/// not written over: the result is a new allocation, and right.
#[test]
fn a_temporary_smaller_than_the_result_is_not_written_over() {
    struct Rows;
    let data: Vec<i64> = (0..12).collect();
    bind!(let rows: Rows = 3);
    let x = TensorRef::from_shape(dims![rows, 4], &data).unwrap();
    let column = x.sum_axes::<axes![1]>(); // [Rows], on the heap
    let grown = column.insert_axis::<1>().to_boxed() - x; // [Rows, 1] - [Rows, 4]
    assert_eq!(grown.as_slice(), [6, 5, 4, 3, 18, 17, 16, 15, 30, 29, 28, 27]);
    let row = Tensor::<i64, shape![4]>::from([1, 2, 3, 4]).to_boxed();
    let wide = row - x; // [4] - [Rows, 4]
    assert_eq!(wide.as_slice(), [1, 1, 1, 1, -3, -3, -3, -3, -7, -7, -7, -7]);
}
