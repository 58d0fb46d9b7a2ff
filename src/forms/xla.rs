//! XLA at the type level: `BroadcastInDim` and the binary form `BroadcastWithDims`.

use typenum::{B0, B1, U0};

use crate::shape::{AnyShape, Axes, Cons, Nil, Shape};
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
    note = "to have the axis and the sizes named, write the shapes as literal lists of sizes in `broadcast!(… => …, dims = […])`"
)]
pub trait BroadcastInDim<Target: Shape, Dims: Axes>:
    Shape + AnyBroadcastInDim<Target, Dims, Output = <Self as BroadcastInDim<Target, Dims>>::Output>
{
    /// `Target`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<A, S, D> BroadcastInDim<S, D> for A
where
    A: Shape + AnyBroadcastInDim<S, D, Output = S>,
    S: Shape,
    D: Axes,
{
    type Output = S;
}

/// [`BroadcastInDim`] for shapes that may hold run-time sizes: an operand axis of run-time size
/// lands only on that same size; a new axis takes its extent from its binding.
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// static_assertions::assert_impl_all!(shape![4]: AnyBroadcastInDim<shape![Samples<'static>, 4], axes![1]>);
/// static_assertions::assert_not_impl_any!(shape![Samples<'static>]: AnyBroadcastInDim<shape![2, 4], axes![1]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast in these dims (XLA BroadcastInDim): an operand axis does not fit the target axis it maps to",
    label = "this shape does not fit the target through these dims",
    note = "dims needs one entry per operand axis, increasing, each below the target's rank; operand axis k must have size 1 or the size of target axis dims[k]",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; convert one with a checked `cast_shape` first"
)]
pub trait AnyBroadcastInDim<Target: AnyShape, Dims: Axes>: AnyShape {
    /// `Target`.
    type Output: AnyShape;
}

#[diagnostic::do_not_recommend]
impl<A, S, D> AnyBroadcastInDim<S, D> for A
where
    A: AnyShape,
    S: AnyShape + Lift<TakeAtMarked, A, D::List, U0>,
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
    note = "to have the axis and the sizes named, write the shapes as literal lists of sizes in `broadcast!(…, …, dims = […])`"
)]
pub trait BroadcastWithDims<Rhs: Shape, Dims: Axes>:
    Shape + AnyBroadcastWithDims<Rhs, Dims, Output = <Self as BroadcastWithDims<Rhs, Dims>>::Output>
{
    /// The output shape.
    type Output: Shape;
}

// Not `do_not_recommend`: a clash is reported by the pair rule, which names the sizes, and an
// output too large by `Shape`'s element-count check.
impl<A, B, D> BroadcastWithDims<B, D> for A
where
    A: Shape + AnyBroadcastWithDims<B, D>,
    B: Shape,
    D: Axes,
    AnyBroadcastedWithDims<A, B, D>: Shape,
{
    type Output = AnyBroadcastedWithDims<A, B, D>;
}

/// [`BroadcastWithDims`] for shapes that may hold run-time sizes: after the lift, each pair
/// follows the pair rule (a run-time size meets only itself or 1).
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// static_assertions::assert_type_eq_all!(
///     AnyBroadcastedWithDims<shape![Samples, 4], shape![4], axes![1]>,
///     shape![Samples, 4]
/// );
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes with these dims (XLA rule)",
    label = "these shapes do not broadcast through these dims",
    note = "with different ranks, dims gives one increasing entry per axis of the lower-rank operand (a scalar needs none); with equal ranks dims is empty or the identity",
    note = "then each pair of sizes must be equal or one of them 1; a run-time size equals only itself, never another run-time size nor a fixed size other than 1"
)]
pub trait AnyBroadcastWithDims<Rhs: AnyShape, Dims: Axes>: AnyShape {
    /// The output shape.
    type Output: AnyShape;
}

/// The output shape of an XLA binary operation on `A` and `B` (which may hold run-time sizes)
/// with dims `D`.
pub type AnyBroadcastedWithDims<A, B, D> = <A as AnyBroadcastWithDims<B, D>>::Output;

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
impl<A, B, D> AnyBroadcastWithDims<B, D> for A
where
    A: AnyShape + NotLonger<B>,
    B: AnyShape,
    D: Axes,
    (A, B): WithDims<D::List, <A as NotLonger<B>>::Bit>,
    <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Output: AnyShape,
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
