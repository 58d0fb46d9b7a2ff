//! The public surface the crate promises, call by call: every call it shows, written as it is
//! shown, with the results checked. A call that stops compiling here is a broken promise.
#![forbid(unsafe_code)]
// The promised spelling of the operators is `&a + &b`, also for views that are `Copy`.
#![allow(clippy::op_ref)]

use shapecast::prelude::*;
// `ShapeError` is named by the promised signatures, but the prelude does not bring it.
use shapecast::ShapeError;
use static_assertions::assert_type_eq_all;

// --- Shapes and axis sets are types ---------------------------------------------------------

type S = shape![2, 3]; // rank 2, 6 elements; any usize literal, 0 included
type Scalar = shape![]; // rank 0, 1 element
type A = axes![0, 2]; // a set of axis positions; must be strictly increasing

/// The entries of what `dims()` and `axes()` return, through the promised `AsRef<[usize]>`.
fn entries(list: impl AsRef<[usize]>) -> Vec<usize> {
    list.as_ref().to_vec()
}

#[test]
fn shapes_and_axes_are_types() {
    assert_eq!((S::RANK, S::LEN, entries(S::dims())), (2, 6, vec![2, 3]));
    assert_eq!((Scalar::RANK, Scalar::LEN, entries(Scalar::dims())), (0, 1, vec![]));
    assert_eq!((<shape![0, 3]>::RANK, <shape![0, 3]>::LEN), (2, 0));
    #[allow(deprecated)] // the surface names the count `LEN`; `Axes::COUNT` is its new name
    let count = A::LEN;
    assert_eq!((count, entries(A::axes())), (2, vec![0, 2]));
    // Sizes are not limited to a table.
    assert_eq!(<shape![1500, 65537]>::dims(), [1500, 65537]);
    assert_eq!(<shape![1500, 65537]>::LEN, 1500 * 65537);
}

#[test]
fn two_spellings_of_a_shape_are_one_type() {
    assert_type_eq_all!(broadcast!([2, 1], [3]), shape![2, 3]);
    assert_type_eq_all!(broadcast!(S, [3]), S);
    assert_type_eq_all!(broadcast!([1500, 1], [65537]), shape![1500, 65537]);
}

// --- broadcast!: the five forms, with literal and type operands --------------------------------

#[test]
fn broadcast_forms() {
    // NumPy, one or more operands.
    assert_type_eq_all!(broadcast!([2, 1], [1, 3]), shape![2, 3]);
    assert_type_eq_all!(broadcast!([5, 1, 1], [1, 4, 1], [3]), shape![5, 4, 3]);
    assert_type_eq_all!(broadcast!([7]), shape![7]);
    // NumPy `broadcast_to`.
    assert_type_eq_all!(broadcast!([3] => [2, 3]), shape![2, 3]);
    // nGraph `Broadcast`.
    assert_type_eq_all!(broadcast!([3] => [2, 3], axes = [0]), shape![2, 3]);
    // XLA `BroadcastInDim`.
    assert_type_eq_all!(broadcast!([3] => [3, 2], dims = [0]), shape![3, 2]);
    // XLA binary op with `broadcast_dimensions`.
    assert_type_eq_all!(broadcast!([4], [1, 2], dims = [0]), shape![4, 2]);

    // Each operand may be any type that implements `Shape`: `shape![…]`, an alias, a generic.
    type Bias = shape![3];
    assert_type_eq_all!(broadcast!(S, Bias), S);
    assert_type_eq_all!(broadcast!(shape![3] => S), S);
    assert_type_eq_all!(broadcast!(Bias => S, axes = [0]), S);
    assert_type_eq_all!(broadcast!(shape![2] => S, dims = [0]), S);
    assert_type_eq_all!(broadcast!(S, Bias, dims = [1]), S);

    fn generic<X: Broadcast<Y>, Y: Shape>() -> &'static [usize] {
        <broadcast!(X, Y)>::dims()
    }
    assert_eq!(generic::<shape![4, 1], shape![5]>(), [4, 5]);
}

// The trait for generic code, and its alias, exactly as promised.
fn f<A: Broadcast<B>, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> Tensor<f32, Broadcasted<A, B>> {
    a.zip_with(b, |x, y| x + y)
}

#[test]
fn generic_code_names_the_output() {
    let a = Tensor::<f32, shape![2, 1]>::from([[1.0], [2.0]]);
    let b = Tensor::<f32, shape![3]>::from([10.0, 20.0, 30.0]);
    let out: Tensor<f32, shape![2, 3]> = f(&a, &b);
    assert_eq!(out.as_slice(), [11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
    fn output_is_a_shape<A: Broadcast<B>, B: Shape>() -> usize {
        <<A as Broadcast<B>>::Output as Shape>::LEN
    }
    assert_eq!(output_is_a_shape::<shape![2, 1], shape![3]>(), 6);
}

// --- Tensors and the runtime kernel --------------------------------------------------------------

#[test]
fn constructors_and_slices() -> Result<(), ShapeError> {
    let t = Tensor::<i32, S>::from_slice(&[1, 2, 3, 4, 5, 6])?;
    assert_eq!(t.as_slice(), [1, 2, 3, 4, 5, 6]);
    assert!(Tensor::<i32, S>::from_slice(&[1, 2, 3]).is_err()); // the length must be S::LEN
    let mut u = Tensor::<i32, S>::from_fn(|i| i as i32 * 10);
    assert_eq!(u.as_slice(), [0, 10, 20, 30, 40, 50]);
    u.as_mut_slice()[0] = 7;
    assert_eq!(u.as_slice()[0], 7);
    assert_eq!(Tensor::<i32, S>::splat(4).as_slice(), [4; 6]);

    let data = [1.0f32; 6];
    let r = TensorRef::<f32, S>::new(&data)?;
    assert_eq!(r.as_slice(), data);
    assert!(TensorRef::<f32, S>::new(&data[..5]).is_err());
    let mut buf = [0.0f32; 6];
    let mut m = TensorMut::<f32, S>::new(&mut buf)?;
    m.as_mut_slice()[5] = 2.0;
    assert!(TensorMut::<f32, S>::new(&mut [0.0f32; 7]).is_err());
    assert_eq!(buf[5], 2.0);
    Ok(())
}

#[test]
fn materializing_broadcasts() -> Result<(), ShapeError> {
    let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    // NumPy.
    let b: Tensor<i32, S> = row.broadcast_to::<S>();
    assert_eq!(b.as_slice(), [1, 2, 3, 1, 2, 3]);
    // nGraph.
    let col = Tensor::<i32, shape![2]>::from([1, 2]);
    let n: Tensor<i32, S> = col.broadcast_axes::<S, axes![1]>();
    assert_eq!(n.as_slice(), [1, 1, 1, 2, 2, 2]);
    // XLA BroadcastInDim.
    let x: Tensor<i32, S> = col.broadcast_in_dim::<S, axes![0]>();
    assert_eq!(x.as_slice(), [1, 1, 1, 2, 2, 2]);

    // The `_into` twins, on `Tensor` and on `TensorRef`.
    let mut buf = [0; 6];
    row.broadcast_to_into(&mut TensorMut::<i32, S>::new(&mut buf)?);
    assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
    let borrowed = TensorRef::<i32, shape![2]>::new(&[5, 6])?;
    borrowed.broadcast_axes_into::<S, axes![1]>(&mut TensorMut::new(&mut buf)?);
    assert_eq!(buf, [5, 5, 5, 6, 6, 6]);
    borrowed.broadcast_in_dim_into::<S, axes![0]>(&mut TensorMut::new(&mut buf)?);
    assert_eq!(buf, [5, 5, 5, 6, 6, 6]);
    assert_eq!(borrowed.broadcast_to::<shape![3, 2]>().as_slice(), [5, 6, 5, 6, 5, 6]);
    assert_eq!(borrowed.broadcast_axes::<shape![2, 2], axes![0]>().as_slice(), [5, 6, 5, 6]);
    assert_eq!(borrowed.broadcast_in_dim::<shape![2, 2], axes![1]>().as_slice(), [5, 6, 5, 6]);
    Ok(())
}

#[test]
fn zero_copy_view() {
    let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    let view = row.broadcast_view::<S>();
    let seen: Vec<&i32> = view.iter().collect();
    assert_eq!(seen, [&1, &2, &3, &1, &2, &3]);
    let t: Tensor<i32, S> = view.to_tensor();
    assert_eq!(t.as_slice(), [1, 2, 3, 1, 2, 3]);
}

#[test]
fn element_wise_numpy() -> Result<(), ShapeError> {
    let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    let sum: Tensor<i32, broadcast!([2, 1], [3])> = &a + &b;
    assert_eq!(sum.as_slice(), [11, 21, 31, 12, 22, 32]);
    assert_eq!((&a - &b).as_slice(), [-9, -19, -29, -8, -18, -28]);
    assert_eq!((&a * &b).as_slice(), [10, 20, 30, 20, 40, 60]);
    assert_eq!((&b / &a).as_slice(), [10, 20, 30, 5, 10, 15]);

    // Elements passed by value; the two element types may differ.
    let z: Tensor<f64, broadcast!([2, 1], [3])> = a.zip_with(&b, |x: i32, y: i32| f64::from(x * y));
    assert_eq!(z.as_slice(), [10.0, 20.0, 30.0, 20.0, 40.0, 60.0]);
    let flags = Tensor::<bool, shape![3]>::from([true, false, true]);
    let picked = a.zip_with(&flags, |x: i32, keep: bool| if keep { x } else { 0 });
    assert_eq!(picked.as_slice(), [1, 0, 1, 2, 0, 2]);

    // For borrowed data: into a TensorMut, on Tensor and TensorRef alike, `b` either kind.
    let (ad, bd) = ([1, 2], [10, 20, 30]);
    let ar = TensorRef::<i32, shape![2, 1]>::new(&ad)?;
    let br = TensorRef::<i32, shape![3]>::new(&bd)?;
    let mut buf = [0; 6];
    let mut out: TensorMut<'_, i32, broadcast!([2, 1], [3])> = TensorMut::new(&mut buf)?;
    a.zip_with_into(&br, &mut out, |x, y| x + y);
    assert_eq!(out.as_slice(), [11, 21, 31, 12, 22, 32]);
    ar.zip_with_into(&b, &mut out, |x, y| x * y);
    assert_eq!(out.as_slice(), [10, 20, 30, 20, 40, 60]);
    ar.zip_with_into(&br, &mut out, |x, y| y - x);
    assert_eq!(buf, [9, 19, 29, 8, 18, 28]);
    assert_eq!((&ar + &br).as_slice(), [11, 21, 31, 12, 22, 32]);
    Ok(())
}

#[test]
fn element_wise_xla() -> Result<(), ShapeError> {
    let v = Tensor::<i32, shape![4]>::from([1, 2, 3, 4]);
    let m = Tensor::<i32, shape![1, 2]>::from([[5, 6]]);
    let sum: Tensor<i32, broadcast!([4], [1, 2], dims = [0])> =
        v.with_dims::<axes![0]>().zip_with(&m, |x, y| x + y);
    assert_eq!(sum.as_slice(), [6, 7, 7, 8, 8, 9, 9, 10]);

    let mut buf = [0; 8];
    let mut out = TensorMut::<i32, shape![4, 2]>::new(&mut buf)?;
    v.with_dims::<axes![0]>().zip_with_into(&m, &mut out, |x, y| x * y);
    assert_eq!(buf, [5, 6, 10, 12, 15, 18, 20, 24]);

    assert_eq!((&v.with_dims::<axes![0]>() + &m).as_slice(), [6, 7, 7, 8, 8, 9, 9, 10]);
    assert_eq!((&v.with_dims::<axes![0]>() - &m).as_slice(), [-4, -5, -3, -4, -2, -3, -1, -2]);
    assert_eq!((&v.with_dims::<axes![0]>() * &m).as_slice(), [5, 6, 10, 12, 15, 18, 20, 24]);
    assert_eq!((&v.with_dims::<axes![0]>() / &m).as_slice(), [0, 0, 0, 0, 0, 0, 0, 0]);
    Ok(())
}

#[test]
fn explicit_rank_and_reductions() {
    let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    let column = row.insert_axis::<1>(); // [3, 1], no copy
    assert_eq!(column.as_slice(), [1, 2, 3]);
    let table = &column * &row;
    assert_eq!(table.as_slice(), [1, 2, 3, 2, 4, 6, 3, 6, 9]);
    let lead = row.insert_axis::<0>().broadcast_to::<shape![2, 3]>();
    assert_eq!(lead.as_slice(), [1, 2, 3, 1, 2, 3]);

    let t = Tensor::<i32, shape![2, 3, 4]>::from_fn(|i| i as i32);
    let s: Tensor<i32, shape![3]> = t.sum_axes::<axes![0, 2]>();
    assert_eq!(s.as_slice(), [60, 92, 124]);
    // The adjoint of broadcast_to: drops the leading axis, keeps the size-1 axis as 1.
    let g = Tensor::<i32, shape![2, 2, 3]>::splat(1);
    let back: Tensor<i32, shape![2, 1]> = g.sum_to::<shape![2, 1]>();
    assert_eq!(back.as_slice(), [6, 6]);
}

// --- Shapes known only at run time: `shapecast::dynamic` ------------------------------------

#[test]
fn dynamic_shape_functions() {
    let image: &[usize] = &[2, 3];
    assert_eq!(*dynamic::broadcast_shapes(&[image, &[3]]).unwrap(), [2, 3]);
    assert_eq!(*dynamic::broadcast_to(&[3], &[2, 3]).unwrap(), [2, 3]);
    assert_eq!(*dynamic::broadcast_axes(&[3], &[2, 3], &[0]).unwrap(), [2, 3]);
    assert_eq!(*dynamic::broadcast_in_dim(&[3], &[3, 2], &[0]).unwrap(), [3, 2]);
    assert_eq!(*dynamic::broadcast_with_dims(&[4], &[1, 2], &[0]).unwrap(), [4, 2]);

    // DynShape derefs to [usize] and holds 64 axes without a heap.
    let long = [1usize; 64];
    let d: dynamic::DynShape = dynamic::broadcast_shapes(&[&long]).unwrap();
    let slice: &[usize] = &d;
    assert_eq!(slice.len(), 64);

    // Errors: Display with the compile-time wording, core::error::Error, and data.
    let err: dynamic::BroadcastError = dynamic::broadcast_shapes(&[&[7, 2, 5], &[7, 2, 6]]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot broadcast [7, 2, 5] with [7, 2, 6]: axis 2 has sizes 5 and 6; sizes must be equal or one of them 1"
    );
    let as_error: &dyn core::error::Error = &err;
    assert!(as_error.source().is_none());
    assert!(matches!(err.kind(), dynamic::ErrorKind::SizeMismatch { axis: 2, sizes: [5, 6], .. }));
    assert!(dynamic::broadcast_to(&[3], &[1]).is_err());
    assert!(dynamic::broadcast_axes(&[1], &[2, 3], &[0]).is_err());
    assert!(dynamic::broadcast_in_dim(&[2], &[3], &[0]).is_err());
    assert!(dynamic::broadcast_with_dims(&[2, 3], &[3], &[0]).is_err());
}

#[test]
fn dynamic_kernels() {
    use dynamic::{Array, ArrayMut};
    // Operands: a slice with its shape, the length checked once, when the pair is made.
    let row: Array<'_, i32> = Array::new(&[1, 2, 3], &[3]).unwrap();
    assert_eq!((row.data(), row.shape()), (&[1, 2, 3][..], &[3][..]));
    let mut out = [0; 6];
    dynamic::copy_broadcast_to(row, ArrayMut::new(&mut out, &[2, 3]).unwrap()).unwrap();
    assert_eq!(out, [1, 2, 3, 1, 2, 3]);
    dynamic::copy_broadcast_axes(
        Array::new(&[1, 2], &[2]).unwrap(),
        ArrayMut::new(&mut out, &[2, 3]).unwrap(),
        &[1],
    )
    .unwrap();
    assert_eq!(out, [1, 1, 1, 2, 2, 2]);
    dynamic::copy_broadcast_in_dim(
        Array::new(&[4, 5, 6], &[3]).unwrap(),
        ArrayMut::new(&mut out, &[2, 3]).unwrap(),
        &[1],
    )
    .unwrap();
    assert_eq!(out, [4, 5, 6, 4, 5, 6]);
    let (col, wide_row) = (Array::new(&[1, 2], &[2, 1]).unwrap(), Array::new(&[10, 20, 30], &[3]).unwrap());
    let shape: dynamic::DynShape = dynamic::zip_broadcast(col, wide_row, &mut out, |x, y| x + y).unwrap();
    assert_eq!((&*shape, out), (&[2, 3][..], [11, 21, 31, 12, 22, 32]));
    let mut wide = [0; 8];
    let (v, m) = (Array::new(&[1, 2, 3, 4], &[4]).unwrap(), Array::new(&[5, 6], &[1, 2]).unwrap());
    dynamic::zip_broadcast_with_dims(v, m, &[0], &mut wide, |x, y| x + y).unwrap();
    assert_eq!(wide, [6, 7, 7, 8, 8, 9, 9, 10]);
    // In place, and the reductions; an `ArrayMut` serves several calls through `reborrow`.
    let mut acc = ArrayMut::new(&mut out, &[2, 3]).unwrap();
    dynamic::zip_assign(row, acc.reborrow(), |x, y| x - y).unwrap();
    assert_eq!(acc.as_array().data(), [10, 19, 28, 11, 20, 29]);
    let mut bias = [0; 3];
    dynamic::sum_to(acc.into(), ArrayMut::new(&mut bias, &[3]).unwrap()).unwrap();
    assert_eq!(bias, [21, 39, 57]);
    let mut rows = [0; 2];
    let kept = dynamic::sum_axes(Array::new(&out, &[2, 3]).unwrap(), &[1], &mut rows).unwrap();
    assert_eq!((&*kept, rows), (&[2][..], [57, 60]));

    // Any mismatch, wrong lengths included, is an error, and nothing is written.
    let before = out;
    assert!(Array::new(&[1, 2], &[3]).is_err());
    assert!(ArrayMut::new(&mut out[..4], &[2, 3]).is_err());
    let short = Array::new(&[1, 2], &[2]).unwrap();
    assert!(dynamic::copy_broadcast_to(short, ArrayMut::new(&mut out, &[2, 3]).unwrap()).is_err());
    assert!(dynamic::zip_broadcast(short, row, &mut out, |x, y| x + y).is_err());
    assert!(dynamic::zip_broadcast(row, row, &mut out, |x, y| x + y).is_err()); // `out` has 6, not 3
    assert_eq!(out, before);
}

// --- Sizes known only at run time ----------------------------------------------------------

struct Samples;
struct Features;

/// A shape with a run-time size in a struct field.
struct Batch<'id> {
    x: BoxedTensor<f32, shape![Samples<'id>, 4]>,
}

/// In a generic function signature.
fn row_sums<N>(x: TensorRef<'_, f32, shape![N, 16]>) -> f32 {
    x.sum_axes::<axes![0, 1]>().value()
}

#[test]
fn run_time_sizes_bind_and_let_data_in() -> Result<(), ShapeError> {
    let rows = vec![[0.5f32; 4]; 150];
    bind!(let samples: Samples = rows.len());
    assert_eq!(samples.get(), 150);
    let shape: shape![Samples, 4] = dims![samples, 4];
    assert_eq!((shape.rank(), &*shape.extents(), shape.element_count()), (2, &[150, 4][..], 600));

    let flat: Vec<f32> = rows.iter().flatten().copied().collect();
    let x = TensorRef::from_shape(dims![samples, 4], &flat)?; // checked once against the length
    assert!(TensorRef::from_shape(dims![samples, 4], &flat[..599]).is_err());
    let boxed = BoxedTensor::from_shape_vec(dims![samples, 4], flat.clone())?;
    assert!(BoxedTensor::from_shape_vec(dims![samples, 4], vec![0.0f32; 3]).is_err());
    let batch = Batch { x: boxed };
    assert_eq!(batch.x.as_slice(), x.as_slice());

    let mut buf = flat.clone();
    let mut xm = TensorMut::from_shape(dims![samples, 4], &mut buf)?;
    xm += &Tensor::<f32, shape![4]>::splat(1.0);
    assert!(buf.iter().all(|&v| v == 1.5));

    struct Rows;
    bind!(let r: Rows = 2);
    let data = vec![1.0f32; 32];
    assert_eq!(row_sums(TensorRef::from_shape(dims![r, 16], &data)?), 32.0);
    Ok(())
}

#[test]
fn run_time_sizes_in_broadcast() {
    assert_type_eq_all!(broadcast!([Samples, 1], [Features]), shape![Samples, Features]);
    assert_type_eq_all!(broadcast!([1, 4] => [Samples, 4]), shape![Samples, 4]);
    assert_type_eq_all!(broadcast!([4] => [Samples, 4], axes = [0]), shape![Samples, 4]);
    assert_type_eq_all!(broadcast!([Samples] => [Samples, 4], dims = [0]), shape![Samples, 4]);
    assert_type_eq_all!(broadcast!([Samples], [Samples, 4], dims = [0]), shape![Samples, 4]);
    type X<'id> = shape![Samples<'id>, 1];
    assert_type_eq_all!(broadcast!(X<'static>, [Features]), shape![Samples<'static>, Features<'static>]);
}

#[test]
fn run_time_sizes_every_operation() -> Result<(), ShapeError> {
    bind!(let samples: Samples = 3);
    bind!(let features: Features = 2);
    let xd: Vec<i64> = (0..6).collect();
    let x = TensorRef::from_shape(dims![samples, features], &xd)?;
    let col = TensorRef::from_shape(dims![samples, 1], &[1i64, 2, 3])?;

    // The materializing forms (a new axis takes its extent from its binding), and `_into`.
    let row = Tensor::<i64, shape![2]>::from([7, 8]);
    let wide = row.broadcast_to_shape(dims![samples, 2])?;
    assert_eq!(wide.as_slice(), [7, 8, 7, 8, 7, 8]);
    let mut buf = [0i64; 6];
    row.broadcast_to_into(&mut TensorMut::from_shape(dims![samples, 2], &mut buf)?);
    assert_eq!(buf, [7, 8, 7, 8, 7, 8]);
    let ax = col.broadcast_axes_shape::<_, axes![2]>(dims![samples, 1, 2])?;
    assert_eq!(ax.as_slice(), [1, 1, 2, 2, 3, 3]);
    let ind = row.broadcast_in_dim_shape::<_, axes![1]>(dims![samples, 2])?;
    assert_eq!(ind.as_slice(), [7, 8, 7, 8, 7, 8]);
    let view = col.broadcast_view_shape(dims![samples, features])?;
    assert_eq!(view.iter().copied().collect::<Vec<_>>(), [1, 1, 2, 2, 3, 3]);

    // map, zip_with, operators, the XLA form, scalars, insert_axis.
    assert_eq!(x.map(|v| v * 2).as_slice(), [0, 2, 4, 6, 8, 10]);
    let prod = x.zip_with(&col, |a, b| a * b);
    assert_eq!(prod.as_slice(), [0, 1, 4, 6, 12, 15]);
    assert_eq!((&x + &col).as_slice(), [1, 2, 4, 5, 7, 8]);
    let v = TensorRef::from_shape(dims![samples], &[10i64, 20, 30])?;
    assert_eq!((&v.with_dims::<axes![0]>() + &x).as_slice(), [10, 11, 22, 23, 34, 35]);
    assert_eq!(v.insert_axis::<1>().as_slice(), [10, 20, 30]);
    let mut owned = BoxedTensor::from_shape_vec(dims![samples, features], xd.clone())?;
    owned *= &col;
    assert_eq!(owned.as_slice(), [0, 1, 4, 6, 12, 15]);
    owned -= &col;
    owned /= 1;
    owned += 1;
    assert_eq!(owned.as_slice(), [0, 1, 3, 5, 10, 13]);
    assert_eq!((&x * 2).as_slice(), [0, 2, 4, 6, 8, 10]);
    assert_eq!((10 - &x).as_slice(), [10, 9, 8, 7, 6, 5]);
    let mut zbuf = [0i64; 6];
    x.zip_with_into(&col, &mut TensorMut::from_shape(dims![samples, features], &mut zbuf)?, |a, b| a - b);
    assert_eq!(zbuf, [-1, 0, 0, 1, 1, 2]);
    let mut sums = [0i64; 2];
    x.sum_axes_into::<axes![0]>(&mut TensorMut::from_shape(dims![features], &mut sums)?);
    assert_eq!(sums, [6, 9]);

    // Reductions: away every run-time axis is an inline Tensor.
    let per_feature: Tensor<i64, shape![]> = x.sum_axes::<axes![0, 1]>();
    assert_eq!(per_feature.value(), 15);
    let kept: BoxedTensor<i64, shape![Samples, 1]> = x.sum_to();
    assert_eq!(kept.as_slice(), [1, 5, 9]);

    // Convert, checked.
    let fixed = x.to_fixed::<shape![3, 2]>()?;
    assert_eq!(fixed.as_slice(), x.as_slice());
    assert!(x.to_fixed::<shape![2, 3]>().is_err());
    struct Other;
    bind!(let other: Other = 3);
    let renamed = x.cast_shape(dims![other, 2])?;
    assert_eq!(renamed.as_slice(), x.as_slice());
    let err = x.cast_shape(<shape![2, 3]>::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot convert [3, 2] to [2, 3]: axis 0 has size 3 but the target has 2; the sizes must be equal"
    );
    Ok(())
}
