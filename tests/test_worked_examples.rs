//! The worked examples of NumPy's "Broadcasting" documentation, XLA's "Broadcasting semantics"
//! page and nGraph's `Broadcast` op documentation, through typed tensors.

use shapecast::prelude::*;

#[test]
fn ngraph_broadcast_examples() {
    // Broadcast([a, b, c], Shape{2, 3}, AxisSet{0}) and Broadcast(…, Shape{3, 2}, AxisSet{1}).
    let abc = Tensor::<char, shape![3]>::from(['a', 'b', 'c']);
    let rows = abc.broadcast_axes::<shape![2, 3], axes![0]>();
    assert_eq!(rows, Tensor::from([['a', 'b', 'c'], ['a', 'b', 'c']]));
    let cols = abc.broadcast_axes::<shape![3, 2], axes![1]>();
    assert_eq!(cols, Tensor::from([['a', 'a'], ['b', 'b'], ['c', 'c']]));
    // Backprop: d arg = Sum(d output, broadcast_axes).
    let d_out = Tensor::<i32, shape![3, 2]>::from([[1, 2], [3, 4], [5, 6]]);
    assert_eq!(d_out.sum_axes::<axes![1]>(), Tensor::from([3, 7, 11]));
}

#[test]
fn xla_examples() {
    let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    // |1 2 3| + |7 8 9| with dims (1) = |8 10 12|, |11 13 15|
    let v = Tensor::<i32, shape![3]>::from([7, 8, 9]);
    let sum = m.with_dims::<axes![1]>().zip_with(&v, |x, y| x + y);
    assert_eq!(sum, Tensor::from([[8, 10, 12], [11, 13, 15]]));
    // A scalar broadcasts to any shape: |1 2 3| + 7.
    let seven = Tensor::<i32, shape![]>::splat(7);
    let plus = m.with_dims::<axes![]>().zip_with(&seven, |x, y| x + y);
    assert_eq!(plus, Tensor::from([[8, 9, 10], [11, 12, 13]]));

    // 3x3 with a 3-vector: dims (1) repeats it on every row, dims (0) on every column.
    let zero = Tensor::<i32, shape![3, 3]>::splat(0);
    let by_row = zero.with_dims::<axes![1]>().zip_with(&v, |x, y| x + y);
    assert_eq!(by_row, Tensor::from([[7, 8, 9], [7, 8, 9], [7, 8, 9]]));
    let by_col = zero.with_dims::<axes![0]>().zip_with(&v, |x, y| x + y);
    assert_eq!(by_col, Tensor::from([[7, 7, 7], [8, 8, 8], [9, 9, 9]]));

    // Composition: |1 2 3 4| + [5 6] (a 1x2 matrix) with dims (0) is 4x2.
    let four = Tensor::<i32, shape![4]>::from([1, 2, 3, 4]);
    let one_by_two = Tensor::<i32, shape![1, 2]>::from([[5, 6]]);
    let composed = four.with_dims::<axes![0]>().zip_with(&one_by_two, |x, y| x + y);
    assert_eq!(composed, Tensor::from([[6, 7], [7, 8], [8, 9], [9, 10]]));

    // A 1x2 onto a 4x3x1 with dims (1, 2): the result is 4x3x2.
    let a = Tensor::<i32, shape![1, 2]>::from([[10, 20]]);
    let b = Tensor::<i32, shape![4, 3, 1]>::from_fn(|i| i as i32);
    let c = a.with_dims::<axes![1, 2]>().zip_with(&b, |x, y| x + y);
    let expect =
        Tensor::<i32, shape![4, 3, 2]>::from_index_fn(|ix| [10, 20][ix[2]] + (3 * ix[0] + ix[1]) as i32);
    assert_eq!(c, expect);

    // BroadcastInDim [2, 1, 4] -> [2, 3, 4] with (0, 1, 2).
    let x = Tensor::<i32, shape![2, 1, 4]>::from_fn(|i| i as i32);
    let y = x.broadcast_in_dim::<shape![2, 3, 4], axes![0, 1, 2]>();
    assert_eq!(y, Tensor::from_index_fn(|ix| (4 * ix[0] + ix[2]) as i32));
}

#[test]
fn numpy_examples() {
    // [2, 3] & [3]; [2, 1] & [1, 3] (outer product); a scalar with a matrix.
    let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    let v = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    assert_eq!(&m + &v, Tensor::from([[11, 22, 33], [14, 25, 36]]));
    let col = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    let row = Tensor::<i32, shape![1, 3]>::from([[1, 2, 3]]);
    assert_eq!(&col * &row, Tensor::from([[1, 2, 3], [2, 4, 6]]));
    let two = Tensor::<i32, shape![]>::splat(2);
    assert_eq!(&m * &two, Tensor::from([[2, 4, 6], [8, 10, 12]]));
    assert_eq!(&m - &v, Tensor::from([[-9, -18, -27], [-6, -15, -24]]));
    assert_eq!(&Tensor::<i32, shape![2, 3]>::splat(60) / &v, Tensor::from([[6, 3, 2], [6, 3, 2]]));
    // np.newaxis: [3] -> [3, 1], then an outer product with [3].
    let outer = v.insert_axis::<1>() + &v;
    assert_eq!(outer.get(&[2, 0]), Some(&40));
    // Size 0 is a size: [1, 0] with [0, 1] gives [0, 0].
    let e: Tensor<i32, shape![0, 0]> = Tensor::<i32, shape![1, 0]>::from_fn(|_| 0)
        .zip_with(&Tensor::<i32, shape![0, 1]>::from_fn(|_| 0), |x, y| x + y);
    assert_eq!(e.as_slice(), [0i32; 0]);
    // sum_to is the inverse direction of broadcast_to, for gradients.
    let g = Tensor::<i32, shape![4, 2, 3]>::splat(1);
    assert_eq!(g.sum_to::<shape![2, 1]>(), Tensor::from([[12], [12]]));
}

#[test]
fn tensors_behave_like_values() {
    let t = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
    let u = t.clone(); // Clone, not Copy: no silent copies of a large array
    assert_eq!(t, u);
    assert_eq!(format!("{t:?}"), "Tensor<[2, 2]> [[1.0, 2.0], [3.0, 4.0]]");
    assert_eq!(format!("{:?}", Tensor::<u8, shape![]>::splat(5)), "Tensor<[]> 5");
    assert_eq!(Tensor::<u8, shape![2]>::default().as_slice(), [0, 0]);
    assert_eq!(t.get(&[1, 1]), Some(&4.0));
    assert_eq!(t.get(&[2, 0]), None); // out of bounds
    assert_eq!(t.get(&[1]), None); // wrong rank
    let mut w = t.clone();
    *w.get_mut(&[0, 1]).unwrap() = 9.0;
    assert_eq!(w.as_slice(), [1.0, 9.0, 3.0, 4.0]);
    assert_eq!(core::mem::size_of::<Tensor<f32, shape![8, 16]>>(), 8 * 16 * 4);
    let err = TensorRef::<f32, shape![2, 2]>::new(&[1.0; 3]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid data for shape [2, 2]: the slice holds 3 elements but its shape has 4"
    );
}
