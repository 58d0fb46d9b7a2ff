//! Checks of the typed tensors' static kernels on one combination of shapes: each operation
//! against the run-time kernel of `shapecast::dynamic`, against the naive reference, and, for
//! each broadcast, the adjoint identity with its reduction: ⟨broadcast(x), y⟩ = ⟨x, sum(y)⟩.
#![allow(dead_code)]

use shapecast::dynamic::{self, Array, ArrayMut};
use shapecast::prelude::*;

use super::reference as naive;

fn iota<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_fn(|i| i as i64 + 1)
}

fn pattern<S: Shape>() -> Tensor<i64, S> {
    Tensor::from_fn(|i| (i as i64 * 7) % 5 - 2)
}

fn dot(a: &[i64], b: &[i64]) -> i64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// A typed tensor as an operand of the run-time kernels.
fn operand<S: Shape>(t: &Tensor<i64, S>) -> Array<'_, i64> {
    Array::new(t.as_slice(), S::DIMS).unwrap()
}

/// `output[C] = src[p(C)]` by the reference.
fn reference(src: &[i64], operand: &[usize], map: &[usize], out: &[usize]) -> Vec<i64> {
    naive::broadcast_indices(operand, map, out).iter().map(|&i| src[i]).collect()
}

pub fn broadcast_to<A: BroadcastTo<S>, S: Shape>() {
    let a = iota::<A>();
    let got = a.broadcast_to::<S>();
    let mut run_time = vec![0; S::LEN];
    dynamic::copy_broadcast_to(operand(&a), ArrayMut::new(&mut run_time, S::DIMS).unwrap()).unwrap();
    assert_eq!(got.as_slice(), run_time, "{:?} => {:?}", A::DIMS, S::DIMS);
    assert_eq!(
        got.as_slice(),
        reference(a.as_slice(), A::DIMS, &naive::numpy_map(A::RANK, S::RANK), S::DIMS)
    );
    assert!(a.broadcast_view::<S>().iter().eq(got.as_slice()));
    let y = pattern::<S>();
    let summed = y.sum_to::<A>();
    assert_eq!(dot(got.as_slice(), y.as_slice()), dot(a.as_slice(), summed.as_slice()));
    let mut run_time = vec![0; A::LEN];
    dynamic::sum_to(operand(&y), ArrayMut::new(&mut run_time, A::DIMS).unwrap()).unwrap();
    assert_eq!(summed.as_slice(), run_time);
    // In place, `a` broadcast onto `y`: as if `a` were materialized first.
    let f = |x: i64, z: i64| x * 1000 + z;
    let mut updated = y.clone();
    updated.zip_assign(&a, f);
    let want: Vec<i64> = y.as_slice().iter().zip(got.as_slice()).map(|(&x, &z)| f(x, z)).collect();
    assert_eq!(updated.as_slice(), want, "{:?} onto {:?}", A::DIMS, S::DIMS);
    let mut run_time = y.as_slice().to_vec();
    dynamic::zip_assign(operand(&a), ArrayMut::new(&mut run_time, S::DIMS).unwrap(), f).unwrap();
    assert_eq!(updated.as_slice(), run_time);
    let mut data = y.as_slice().to_vec();
    let mut in_place = TensorMut::<i64, S>::new(&mut data).unwrap();
    in_place -= &a.view();
    let want: Vec<i64> = y.as_slice().iter().zip(got.as_slice()).map(|(&x, &z)| x - z).collect();
    assert_eq!(data, want);
}

pub fn axes<A: BroadcastAxes<S, Ax>, S: RemoveAxes<Ax, Output = A>, Ax: Axes>() {
    let a = iota::<A>();
    let got = a.broadcast_axes::<S, Ax>();
    let mut run_time = vec![0; S::LEN];
    dynamic::copy_broadcast_axes(operand(&a), ArrayMut::new(&mut run_time, S::DIMS).unwrap(), Ax::axes())
        .unwrap();
    assert_eq!(got.as_slice(), run_time, "{:?} => {:?} axes {:?}", A::DIMS, S::DIMS, Ax::axes());
    assert_eq!(
        got.as_slice(),
        reference(a.as_slice(), A::DIMS, &naive::axes_map(S::RANK, Ax::axes()), S::DIMS)
    );
    let y = pattern::<S>();
    let summed = y.sum_axes::<Ax>();
    assert_eq!(dot(got.as_slice(), y.as_slice()), dot(a.as_slice(), summed.as_slice()));
    let mut run_time = vec![0; A::LEN];
    let kept = dynamic::sum_axes(operand(&y), Ax::axes(), &mut run_time).unwrap();
    assert_eq!((summed.as_slice(), &*kept), (&run_time[..], A::DIMS));
}

pub fn in_dim<A: BroadcastInDim<S, D>, S: Shape, D: Axes>() {
    let a = iota::<A>();
    let got = a.broadcast_in_dim::<S, D>();
    let mut run_time = vec![0; S::LEN];
    dynamic::copy_broadcast_in_dim(operand(&a), ArrayMut::new(&mut run_time, S::DIMS).unwrap(), D::axes())
        .unwrap();
    assert_eq!(got.as_slice(), run_time, "{:?} => {:?} dims {:?}", A::DIMS, S::DIMS, D::axes());
    assert_eq!(got.as_slice(), reference(a.as_slice(), A::DIMS, D::axes(), S::DIMS));
}

pub fn zip<A: Broadcast<B>, B: Shape>() {
    let (a, b) = (iota::<A>(), pattern::<B>());
    let f = |x: i64, y: i64| x * 1000 + y;
    let got = a.zip_with(&b, f);
    let mut run_time = vec![0; got.as_slice().len()];
    let shape = dynamic::zip_broadcast(operand(&a), operand(&b), &mut run_time, f).unwrap();
    let out = naive::numpy(&[A::DIMS.to_vec(), B::DIMS.to_vec()]).expect("the reference accepts");
    assert_eq!(Broadcasted::<A, B>::DIMS, out, "{:?} & {:?}", A::DIMS, B::DIMS);
    assert_eq!((got.as_slice(), &*shape), (&run_time[..], &out[..]), "{:?} & {:?}", A::DIMS, B::DIMS);
    let ra = reference(a.as_slice(), A::DIMS, &naive::numpy_map(A::RANK, out.len()), &out);
    let rb = reference(b.as_slice(), B::DIMS, &naive::numpy_map(B::RANK, out.len()), &out);
    let want: Vec<i64> = ra.into_iter().zip(rb).map(|(x, y)| f(x, y)).collect();
    assert_eq!(got.as_slice(), want);
    assert_eq!((&a + &b).as_slice(), a.zip_with(&b, |x, y| x + y).as_slice());
    // A scalar on the right, as a new tensor and in place.
    let scaled = &a.view() * 3;
    let mut in_place = a.clone();
    in_place *= 3;
    in_place -= 1;
    assert_eq!(scaled.as_slice(), a.map(|x| x * 3).as_slice());
    assert_eq!(in_place.as_slice(), (&scaled - 1).as_slice());
}

pub fn zip_dims<A: BroadcastWithDims<B, D>, B: Shape, D: Axes>() {
    let (a, b) = (iota::<A>(), pattern::<B>());
    let f = |x: i64, y: i64| x * 1000 + y;
    let got = a.with_dims::<D>().zip_with(&b, f);
    let mut run_time = vec![0; got.as_slice().len()];
    dynamic::zip_broadcast_with_dims(operand(&a), operand(&b), D::axes(), &mut run_time, f).unwrap();
    assert_eq!(got.as_slice(), run_time, "{:?} with {:?} dims {:?}", A::DIMS, B::DIMS, D::axes());
    let out =
        naive::with_dims(&A::DIMS.to_vec(), &B::DIMS.to_vec(), D::axes()).expect("the reference accepts");
    assert_eq!(
        BroadcastedWithDims::<A, B, D>::DIMS,
        out,
        "{:?} with {:?} dims {:?}",
        A::DIMS,
        B::DIMS,
        D::axes()
    );
    let [ma, mb] = naive::with_dims_maps(A::RANK, B::RANK, D::axes());
    let want: Vec<i64> = reference(a.as_slice(), A::DIMS, &ma, &out)
        .into_iter()
        .zip(reference(b.as_slice(), B::DIMS, &mb, &out))
        .map(|(x, y)| f(x, y))
        .collect();
    assert_eq!(got.as_slice(), want);
}

/// An element the generated cases compare: floats to the precision the vectors print them
/// with, everything else exactly.
pub trait Same: PartialEq + core::fmt::Debug {
    fn same(&self, want: &Self) -> bool {
        self == want
    }
}

impl Same for f64 {
    fn same(&self, want: &Self) -> bool {
        (self - want).abs() <= 1e-9 * want.abs().max(1.0)
    }
}
impl Same for i64 {}
impl Same for bool {}
impl Same for &str {}

/// `got` equals `want` element by element (floats to their printed precision).
pub fn same<T: Same>(got: &[T], want: &[T]) {
    assert!(got.len() == want.len() && got.iter().zip(want).all(|(g, w)| g.same(w)), "{got:?} != {want:?}");
}
