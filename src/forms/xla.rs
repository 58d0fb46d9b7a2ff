//! XLA at the type level: `BroadcastInDim` and the binary form `BroadcastWithDims`.

use typenum::{B0, B1, U0};

use crate::shape::{Axes, Cons, Nil, Shape};
use crate::typelevel::{DimsFree, Lift, NotLonger, TakeAtMarked, ZipBroadcast, ZipStretch};

type Lifted<Target, Op, Dims> = <Target as Lift<TakeAtMarked, Op, Dims, U0>>::Output;

/// XLA's `BroadcastInDim(Self, Target, Dims)`: axis `k` of `Self` lands on axis `Dims[k]` of
/// `Target` and must have size 1 or that axis's size (one-way). The output is `Target`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_impl_all!(shape![2, 1, 4]: BroadcastInDim<shape![2, 3, 4], axes![0, 1, 2]>);
/// static_assertions::assert_not_impl_any!(shape![3]: BroadcastInDim<shape![2, 1], axes![1]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast in these dims (XLA BroadcastInDim): an operand axis does not fit the target axis it maps to",
    label = "this shape does not fit the target through these dims",
    note = "dims needs one entry per operand axis, increasing, each below the target's rank; operand axis k must have size 1 or the size of target axis dims[k]",
    note = "with literal sizes, `broadcast!([3] => [2, 1], dims = [1])` names the axis and the sizes"
)]
pub trait BroadcastInDim<Target: Shape, Dims: Axes>: Shape {
    /// `Target`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<A, S, D> BroadcastInDim<S, D> for A
where
    A: Shape,
    S: Shape + Lift<TakeAtMarked, A, D::List, U0>,
    D: Axes,
    Lifted<S, A, D::List>: ZipStretch<S>,
{
    type Output = S;
}

/// `S`, when `A` broadcasts into it through `D` (XLA `BroadcastInDim`).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(BroadcastedInDim<shape![2], shape![2, 3], axes![0]>, shape![2, 3]);
/// ```
pub type BroadcastedInDim<A, S, D> = <A as BroadcastInDim<S, D>>::Output;

/// An XLA binary operation's output shape, `Self` with `Rhs` and `broadcast_dimensions` `Dims`.
///
/// Equal ranks: `Dims` is empty or the identity. Different ranks: the lower-rank operand's axis
/// `k` lands on the other's axis `Dims[k]` (a scalar needs no dims). Then each pair of sizes must
/// be equal or one of them 1.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(
///     BroadcastedWithDims<shape![4], shape![1, 2], axes![0]>,
///     shape![4, 2],
/// );
/// static_assertions::assert_not_impl_any!(shape![2, 3]: BroadcastWithDims<shape![3], axes![0]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes with these dims (XLA rule)",
    label = "these shapes do not broadcast through these dims",
    note = "with different ranks, dims gives one increasing entry per axis of the lower-rank operand (a scalar needs none); with equal ranks dims is empty or the identity",
    note = "then each pair of sizes must be equal or one of them 1",
    note = "with literal sizes, `broadcast!([2, 3], [3], dims = [0])` names the axis and the sizes"
)]
pub trait BroadcastWithDims<Rhs: Shape, Dims: Axes>: Shape {
    /// The output shape.
    type Output: Shape;
}

/// The dispatch of [`BroadcastWithDims`] on `(Self, Rhs)`: on whether dims are empty and, if
/// not, which operand is the lower-rank one (`LowFirst`).
pub trait WithDims<Dims, LowFirst> {
    /// The output shape.
    type Output;
}

/// No dims: a scalar, or equal ranks.
#[diagnostic::do_not_recommend]
impl<A: DimsFree<B> + ZipBroadcast<B>, B, L> WithDims<Nil, L> for (A, B) {
    type Output = A::Output;
}

/// `A` is the lower-rank operand (or ranks are equal and dims the identity).
#[diagnostic::do_not_recommend]
impl<A, B, DH, DT> WithDims<Cons<DH, DT>, B1> for (A, B)
where
    B: Lift<TakeAtMarked, A, Cons<DH, DT>, U0>,
    Lifted<B, A, Cons<DH, DT>>: ZipBroadcast<B>,
{
    type Output = <Lifted<B, A, Cons<DH, DT>> as ZipBroadcast<B>>::Output;
}

/// `B` is the lower-rank operand.
#[diagnostic::do_not_recommend]
impl<A, B, DH, DT> WithDims<Cons<DH, DT>, B0> for (A, B)
where
    A: Lift<TakeAtMarked, B, Cons<DH, DT>, U0>,
    A: ZipBroadcast<Lifted<A, B, Cons<DH, DT>>>,
{
    type Output = <A as ZipBroadcast<Lifted<A, B, Cons<DH, DT>>>>::Output;
}

#[diagnostic::do_not_recommend]
impl<A, B, D> BroadcastWithDims<B, D> for A
where
    A: Shape + NotLonger<B>,
    B: Shape,
    D: Axes,
    (A, B): WithDims<D::List, <A as NotLonger<B>>::Bit>,
    <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Output: Shape,
{
    type Output = <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Output;
}

/// The output shape of an XLA binary operation on `A` and `B` with dims `D`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(BroadcastedWithDims<shape![2, 3], shape![3], axes![1]>, shape![2, 3]);
/// ```
pub type BroadcastedWithDims<A, B, D> = <A as BroadcastWithDims<B, D>>::Output;
