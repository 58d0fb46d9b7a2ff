//! Tensors whose shape is a type: one type, [`TensorBase<D, S>`], generic over where its elements
//! live (`D`) and over its shape (`S`, fixed sizes or run-time sizes), with every operation
//! written once for every kind:
//!
//! | alias | storage | shapes |
//! | --- | --- | --- |
//! | [`Tensor<T, S>`] | inline, `S::LEN` values, no heap | fixed ([`Shape`](crate::Shape)) |
//! | [`TensorRef<'a, T, S>`] | a borrowed `&[T]` | any ([`AnyShape`]) |
//! | [`TensorMut<'a, T, S>`] | a borrowed `&mut [T]` | any |
//! | `BoxedTensor<T, S>` (feature `alloc`) | `Box<[T]>` on the heap | any |
//!
//! A borrowed or boxed tensor's length is checked once, when it is made; after that, no
//! operation checks a shape: every output shape comes from the types. A new tensor (`&a + &b`,
//! `map`, `broadcast_to`, `sum_axes`, …) is a `BoxedTensor` when its shape holds run-time sizes
//! or an operand is a `BoxedTensor` of a fixed shape (boxed for its size, so what is computed
//! from it stays on the heap), and a [`Tensor`] otherwise ([`Owned`], [`Home`]); the `_into`
//! twins write into a [`TensorMut`] instead, with no allocator at all.
//!
//! # Operations
//!
//! Each on every kind, owned or borrowed:
//!
//! - the broadcasts [`broadcast_to`](TensorBase::broadcast_to) (NumPy's `broadcast_to`),
//!   [`broadcast_axes`](TensorBase::broadcast_axes) (nGraph's `Broadcast`) and
//!   [`broadcast_in_dim`](TensorBase::broadcast_in_dim) (XLA's `BroadcastInDim`), each with a
//!   `_shape` twin for a target given as a value and an `_into` twin; the views
//!   [`broadcast_view`](TensorBase::broadcast_view) (stride 0, no copy) and
//!   [`insert_axis`](TensorBase::insert_axis) (NumPy's `np.newaxis`);
//! - element by element: [`map`](TensorBase::map), [`zip_with`](TensorBase::zip_with) (and
//!   `zip_with_into`), the operators `+ - * /` and unary `-` between any two kinds, with a
//!   scalar on either side; in place, `+= -= *= /=` and [`zip_assign`](TensorBase::zip_assign),
//!   the right side stretched to the left's shape; XLA's binary form through
//!   [`with_dims::<axes![…]>()`](TensorBase::with_dims);
//! - the reductions [`sum_axes`](TensorBase::sum_axes), [`sum_to`](TensorBase::sum_to) (the
//!   adjoint of a broadcast), [`mean_axes`](TensorBase::mean_axes),
//!   [`max_axes`](TensorBase::max_axes), [`min_axes`](TensorBase::min_axes),
//!   [`argmax_axes`](TensorBase::argmax_axes) and [`argmin_axes`](TensorBase::argmin_axes),
//!   each with an `_into` twin (the maxima, minima and positions return an `Option`: `None`
//!   over an empty axis);
//! - the conversions [`cast_shape`](TensorBase::cast_shape) and
//!   [`to_fixed`](TensorBase::to_fixed) (each size checked at run time), `to_boxed()` and
//!   [`to_inline()`](TensorBase::to_inline);
//! - expressions ([`lazy`](TensorBase::lazy), [`crate::expr`]), products ([`crate::product`])
//!   and shape algebra ([`crate::algebra`]).
//!
//! Every operator, reduction, product and join that makes a new tensor has an `_into` twin that
//! writes into a [`TensorMut`]; for the rest (`take_at`, `take_along`, `map`, `to_tensor`), write
//! the expression into it: `x.lazy()….eval_into(&mut out)` or `out.assign(…)`. A [`TensorRef`]
//! of a fixed shape computes inline tensors, however large: for a large fixed shape, compute
//! from a `BoxedTensor` (`to_boxed()`) or use the `_into` twins.
//!
//! # Limits
//!
//! At most 64 axes (NumPy 2's limit). An element count that overflows `usize` is an error (a
//! [`ShapeError`] of kind [`ErrorKind::TooManyElements`](crate::dynamic::ErrorKind::TooManyElements)),
//! except from an operator, which has no `Result` and panics (its `_into` twin does not). The
//! constructors that return a `Result` report an allocation failure. `{:?}` of a tensor of more
//! than 1000 elements is summarized as NumPy prints it; `{:#?}` writes every element.

mod array;
mod base;
mod broadcast;
mod data;
pub(crate) mod debug;
mod elementwise;
#[cfg(feature = "ndarray")]
mod ndarray;
mod ops;
mod output;
pub(crate) mod reduce;
mod scope;
mod square;
mod view;

use crate::shape::AnyShape;
use shapecast_macros::hot;

pub use array::{Element, FillsWith, HoldsArray};
#[cfg(feature = "alloc")]
pub use data::BoxedRef;
pub use data::{ByShape, Data, DataMut, Home, Inline, OnHeap, OwnedData, Owning};
pub use elementwise::WithDims;
pub(crate) use output::as_result;
pub use output::{NoData, OutputShape, OutputSizes, ResultSizes, WritesInto};
pub use square::{
    ColumnsRank, FirstSize, MatrixRank, RightHandSide, SameRowsAs, SameSideAs, Sides, SingularError,
    SquareShape,
};
pub use view::{BroadcastView, Iter};

/// A tensor: elements stored in `D`, row-major, in the shape `S` (a value that holds the
/// shape's run-time sizes; zero-sized when every size is fixed). Use it through its aliases
/// [`Tensor`], [`TensorRef`], [`TensorMut`] and `BoxedTensor`.
///
/// ```
/// use shapecast::prelude::*;
///
/// let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let v = Tensor::<i32, shape![3]>::from([10, 20, 30]);
/// let sum = &m + &v; // Tensor<i32, broadcast!([2, 3], [3])>
/// assert_eq!(sum.as_slice(), [11, 22, 33, 14, 25, 36]);
/// assert_eq!(sum.get(&[1, 2]), Some(&36));
/// assert_eq!(format!("{sum:?}"), "Tensor<[2, 3]> [[11, 22, 33], [14, 25, 36]]");
/// ```
pub struct TensorBase<D, S> {
    data: D,
    shape: S,
}

/// An owned tensor of fixed shape `S`, stored inline: `S::LEN` values of `T`, so
/// `size_of::<Tensor<T, S>>() == S::LEN * size_of::<T>()`. For large data, borrow a slice
/// ([`TensorRef`], [`TensorMut`]) or use a `BoxedTensor` (`to_boxed()`), whose results stay
/// on the heap.
///
/// ```
/// use shapecast::prelude::*;
/// let t = Tensor::<f32, shape![2, 3]>::splat(1.5);
/// assert_eq!(size_of_val(&t), 6 * 4);
/// ```
pub type Tensor<T, S> = TensorBase<Inline<T, S>, S>;

/// A read-only tensor over a borrowed slice, checked once to hold the shape's element count.
///
/// ```
/// use shapecast::prelude::*;
///
/// let data = vec![1.0f32; 4096 * 1024];
/// let big = TensorRef::<f32, shape![4096, 1024]>::new(&data)?;
/// assert_eq!(big.get(&[4095, 1023]), Some(&1.0));
/// assert!(TensorRef::<f32, shape![4096, 1024]>::new(&data[1..]).is_err());
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub type TensorRef<'a, T, S> = TensorBase<&'a [T], S>;

/// A mutable tensor over a borrowed slice: the output of the `_into` operations.
///
/// ```
/// use shapecast::prelude::*;
///
/// let mut out = vec![0.0f32; 4 * 3];
/// let mut out = TensorMut::<f32, shape![4, 3]>::new(&mut out)?;
/// Tensor::<f32, shape![3]>::from([1.0, 2.0, 3.0]).broadcast_to_into(&mut out);
/// assert_eq!(out.as_slice()[9..], [1.0, 2.0, 3.0]);
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub type TensorMut<'a, T, S> = TensorBase<&'a mut [T], S>;

/// An owned tensor on the heap (feature `alloc`), of any shape: for shapes too large for the
/// stack, and for shapes with run-time sizes. Built straight on the heap; the tensors computed
/// from a boxed fixed shape are boxed too.
///
/// ```
/// use shapecast::prelude::*;
///
/// let big = BoxedTensor::<f32, shape![4096, 1024]>::splat(1.0); // 16 MiB, never on the stack
/// let shifted = &big - 0.5; // BoxedTensor<f32, shape![4096, 1024]>
/// let column_sums: BoxedTensor<f32, shape![1024]> = shifted.sum_to();
/// assert!(column_sums.as_slice().iter().all(|&s| s == 2048.0));
/// let small: Tensor<f32, shape![1024]> = column_sums.to_inline();
/// # assert_eq!(small, column_sums);
/// ```
#[cfg(feature = "alloc")]
pub type BoxedTensor<T, S> = TensorBase<alloc::boxed::Box<[T]>, S>;

/// A new tensor of shape `S`, computed from operands whose storage has the [`Home`] `H`: a
/// `BoxedTensor` when an operand is boxed ([`OnHeap`]) or `S` holds run-time sizes (both need
/// the `alloc` feature), a [`Tensor`] otherwise.
pub type Owned<T, S, H = ByShape> = TensorBase<<New<S, H> as OwnedData<T, S>>::Data, S>;

/// The kind whose storage a new tensor of shape `S` takes, its operands living in `H`.
#[doc(hidden)]
pub type New<S, H = ByShape> = <H as Home>::Storage<<S as AnyShape>::Kind>;

/// The home of a tensor with storage `D` and shape `S`: on the heap for a box of a fixed shape.
#[doc(hidden)]
pub type HomeOf<D, S> = <<S as AnyShape>::Kind as crate::typelevel::Kind>::Home<<D as Data>::Home>;

/// The home of a new tensor computed from an operand of home `H` and a tensor: on the heap if
/// either is.
#[doc(hidden)]
pub type HomeWith<H, D2, S2> = <H as Home>::With<HomeOf<D2, S2>>;

/// The home of a new tensor computed from two tensors: on the heap if either is.
#[doc(hidden)]
pub type Both<D1, S1, D2, S2> = HomeWith<HomeOf<D1, S1>, D2, S2>;

/// The error of a tensor constructor or conversion: a slice whose length is not the shape's
/// element count, or shapes that differ.
///
/// It is the crate's one error type, [`BroadcastError`](crate::dynamic::BroadcastError), with
/// [`ErrorKind::WrongLength`](crate::dynamic::ErrorKind::WrongLength):
///
/// ```
/// use shapecast::prelude::*;
///
/// let err = Tensor::<f32, shape![2, 3]>::from_slice(&[1.0; 5]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid data for shape [2, 3]: the slice holds 5 elements but its shape has 6");
/// ```
pub type ShapeError = shapecast_rules::BroadcastError;

/// `Ok` if `len` is the element count of `shape`, computed without overflow: the check of
/// [`dynamic::Array::new`](crate::dynamic::Array::new), so both errors read the same.
/// (A fixed shape's count, where it fits, is a constant compared first: the sizes are made
/// into a `DynShape`, a copy of 64 of them, only for the error or a run-time size.)
fn check_len<S: AnyShape>(shape: &S, len: usize) -> Result<(), ShapeError> {
    if S::FIXED && const { checked_product(S::STATIC.split_at(S::RANK).0) } == Some(len) {
        return Ok(());
    }
    crate::dynamic::check_data(crate::shape::extents_in(shape, &mut [0; shapecast_rules::MAX_RANK]), len)
}

/// The flat row-major offset of `index` in `shape`, if `index` is inside it. (The sizes are
/// written into an array, not taken as a `DynShape`, which is copied at every call: for a
/// fixed shape they are then constants.)
#[hot]
fn offset<S: AnyShape>(shape: &S, index: &[usize]) -> Option<usize> {
    let mut dims = [0; shapecast_rules::MAX_RANK];
    let dims = crate::shape::extents_in(shape, &mut dims);
    if index.len() != dims.len() {
        return None;
    }
    index.iter().zip(dims).try_fold(0usize, |acc, (&i, &d)| (i < d).then(|| acc * d + i))
}

/// The element count of a fixed shape `S` as a constant, else of the value `shape`.
#[hot]
pub(crate) fn len_of<S: AnyShape>(shape: &S) -> usize {
    if S::FIXED { const { product(S::STATIC.split_at(S::RANK).0) } } else { shape.element_count() }
}

/// The product of `dims`, `None` past `usize`.
const fn checked_product(dims: &[usize]) -> Option<usize> {
    let (mut n, mut i) = (1usize, 0);
    while i < dims.len() {
        n = match n.checked_mul(dims[i]) {
            Some(n) => n,
            None => return None,
        };
        i += 1;
    }
    Some(n)
}

/// The product of `dims`, wrapping: a fixed shape whose count overflows holds no data (its
/// constructors refuse it), so the value is never used.
const fn product(dims: &[usize]) -> usize {
    let (mut n, mut i) = (1usize, 0);
    while i < dims.len() {
        n = n.wrapping_mul(dims[i]);
        i += 1;
    }
    n
}
