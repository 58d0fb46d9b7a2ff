//! Feature `ndarray`: views between typed tensors and ndarray arrays, both ways, without
//! copying; fixed sizes checked, run-time sizes bound from the view's shape; non-contiguous and
//! mis-shaped views refused with a precise error, never a panic.
#![cfg(feature = "ndarray")]

use ndarray::{Array2, Array3, s};
use shapecast::prelude::*;

struct Rows;

#[test]
fn a_view_in_standard_layout_is_read_in_place() {
    let a = Array2::from_shape_fn((5, 4), |(i, j)| (i * 4 + j) as f64);
    bind!(let rows: Rows = a.nrows());
    let t = TensorRef::from_ndarray(dims![rows, 4], a.view()).unwrap();
    assert_eq!(t.as_slice().as_ptr(), a.as_ptr(), "no copy");
    let means: Tensor<f64, shape![4]> = t.sum_axes::<axes![0]>() * (1.0 / 5.0);
    assert_eq!(means.as_slice(), [8.0, 9.0, 10.0, 11.0]);
    let back = (t - &means).as_ndarray().unwrap().to_owned();
    assert_eq!(back[[4, 3]], 19.0 - 11.0);
}

#[test]
fn a_mutable_view_is_written_in_place() {
    let mut a = Array3::<i32>::zeros((2, 3, 2));
    let mut out = TensorMut::from_ndarray(<shape![2, 3, 2]>::default(), a.view_mut()).unwrap();
    Tensor::<i32, shape![3, 1]>::from([[1], [2], [3]]).broadcast_to_into(&mut out);
    assert_eq!(a.slice(s![1, .., ..]), ndarray::arr2(&[[1, 1], [2, 2], [3, 3]]));
}

#[test]
fn wrong_sizes_and_layouts_are_errors() {
    let a = Array2::<f32>::zeros((3, 4));
    bind!(let rows: Rows = 2);
    let err = TensorRef::from_ndarray(dims![rows, 4], a.view()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot convert [3, 4] to [2, 4]: axis 0 has size 3 but the target has 2; the sizes must be equal"
    );
    let err = TensorRef::from_ndarray(<shape![4, 3]>::default(), a.t()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid data for shape [4, 3]: the data is not contiguous in row-major order (standard layout); \
         copy it into a standard-layout array first"
    );
    let strided = a.slice(s![.., ..;2]);
    assert!(TensorRef::from_ndarray(<shape![3, 2]>::default(), strided).is_err());
    assert!(TensorRef::from_ndarray(<shape![12]>::default(), a.view()).is_err(), "rank must match");
    let mut b = Array2::<f32>::zeros((3, 4));
    assert!(TensorMut::from_ndarray(<shape![4, 3]>::default(), b.view_mut().reversed_axes()).is_err());
    assert!(b.iter().all(|&x| x == 0.0), "nothing written on error");
}

/// A tensor that `from_shape` accepted but whose sizes pass ndarray's limit (`isize::MAX`
/// elements, zeros left out) is an error, never a panic.
#[test]
fn sizes_past_ndarrays_limit_are_an_error() {
    struct Wide;
    bind!(let wide: Wide = usize::MAX);
    let empty = TensorRef::from_shape(dims![0, wide], &[] as &[f32]).unwrap();
    assert_eq!(empty.as_ndarray().unwrap_err().kind(), shapecast::dynamic::ErrorKind::PastIsize);
    let units = vec![(); usize::MAX];
    let t = TensorRef::from_shape(dims![wide], &units).unwrap(); // zero-sized: no memory
    assert_eq!(t.as_ndarray().unwrap_err().kind(), shapecast::dynamic::ErrorKind::PastIsize);
    let mut none: [u8; 0] = [];
    let mut m = TensorMut::from_shape(dims![0, wide], &mut none).unwrap();
    assert!(m.as_ndarray_mut().is_err());
    bind!(let half: Rows = isize::MAX as usize);
    let ok = TensorRef::from_shape(dims![0, half], &[] as &[f32]).unwrap();
    assert_eq!(ok.as_ndarray().unwrap().shape(), [0, isize::MAX as usize]);
}
