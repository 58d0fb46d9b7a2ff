//! XLA at the type level: `BroadcastInDim` and the binary form `BroadcastWithDims`.

use core::ops::BitOr;
use typenum::{B0, B1, Eq, IsEqual, Or, U0, U1};

use super::pairs::{CheckPairs, XlaBinary, XlaInDim};
use super::size::StretchSource;
use crate::shape::{AnyShape, Axes, Cons, Extent, Nil, Number, Shape};
use crate::typelevel::{Checked, DimsFree, Fixed, If, Lift, NotLonger, Runtime, TakeAtMarked, ZipCommon};

/// The typenum value of a [`Number`].
type Val<N> = <N as Number>::U;

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
    Lifted<S, A, D::List>: CheckPairs<S, XlaInDim>,
{
    type Output = Checked<S, <Lifted<S, A, D::List> as CheckPairs<S, XlaInDim>>::Proof>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot broadcast in these dims (XLA BroadcastInDim): the operand's size `{Self}` does not fit the target's `{T}` on the axis its dims entry maps it to",
        label = "an operand size that does not fit its target axis",
        note = "operand axis k must have size 1 or the size of target axis dims[k]",
        note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; convert one with a checked `cast_shape` first"
    )]
    /// An operand size `Self` fits the target size `T` of the axis it maps to (XLA
    /// `BroadcastInDim`): it is `T` or 1; a run-time size fits nothing but itself.
    pub trait FitsInDim<T> {
        /// `()`: computed, it checks the pair.
        type Proof;
    }
    /// The pair rule of [`FitsInDim`] once the stretch of a 1 is taken: `Self` is `T`.
    pub trait InDimSize<T> {}
}
#[diagnostic::do_not_recommend]
impl<A: Extent, T: Extent> FitsInDim<T> for A
where
    (A::Kind, T::Kind): StretchSource<A, T>,
    <(A::Kind, T::Kind) as StretchSource<A, T>>::Output: InDimSize<T>,
{
    type Proof = ();
}
impl<X> InDimSize<X> for X {}

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
    /// The output shape, computed whether or not the sizes broadcast ([`ZipCommon`]).
    type Common;
    /// The pairs of sizes broadcast ([`MeetsInDims`], pair by pair): computed, it checks them, so that a
    /// clash is reported on the two sizes.
    type Proof;
}

/// No dims: a scalar, or equal ranks.
#[diagnostic::do_not_recommend]
impl<A: DimsFree<B> + CheckPairs<B, XlaBinary> + ZipCommon<B>, B, L> WithDims<Nil, L> for (A, B) {
    type Common = <A as ZipCommon<B>>::Output;
    type Proof = <A as CheckPairs<B, XlaBinary>>::Proof;
}

/// `A` is the lower-rank operand (or ranks are equal and dims the identity).
#[diagnostic::do_not_recommend]
impl<A, B, DH, DT> WithDims<Cons<DH, DT>, B1> for (A, B)
where
    B: Lift<TakeAtMarked, A, Cons<DH, DT>, U0>,
    Lifted<B, A, Cons<DH, DT>>: CheckPairs<B, XlaBinary> + ZipCommon<B>,
{
    type Common = <Lifted<B, A, Cons<DH, DT>> as ZipCommon<B>>::Output;
    type Proof = <Lifted<B, A, Cons<DH, DT>> as CheckPairs<B, XlaBinary>>::Proof;
}

/// `B` is the lower-rank operand.
#[diagnostic::do_not_recommend]
impl<A, B, DH, DT> WithDims<Cons<DH, DT>, B0> for (A, B)
where
    A: Lift<TakeAtMarked, B, Cons<DH, DT>, U0>,
    A: CheckPairs<Lifted<A, B, Cons<DH, DT>>, XlaBinary> + ZipCommon<Lifted<A, B, Cons<DH, DT>>>,
{
    type Common = <A as ZipCommon<Lifted<A, B, Cons<DH, DT>>>>::Output;
    type Proof = <A as CheckPairs<Lifted<A, B, Cons<DH, DT>>, XlaBinary>>::Proof;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot broadcast these shapes with these dims (XLA rule): on one axis the sizes `{Self}` and `{B}` differ and neither is 1",
        label = "these shapes do not broadcast through these dims",
        note = "the lower-rank operand's axis k lands on the other's axis dims[k]; there, each pair of sizes must be equal or one of them 1",
        note = "a run-time size equals only itself, never another run-time size nor a fixed size other than 1"
    )]
    /// Two sizes that meet on an axis under XLA's binary rule, `Self` and `B`: equal, or one of
    /// them 1; a run-time size meets only itself or 1.
    pub trait MeetsInDims<B> {
        /// `()`: computed, it checks the pair.
        type Proof;
    }
    /// The pair rule of [`MeetsInDims`] once a 1 on either side is taken: `Self` is `B`.
    pub trait InDimsSame<B> {}
}
#[diagnostic::do_not_recommend]
impl<A: Extent, B: Extent> MeetsInDims<B> for A
where
    (A::Kind, B::Kind): PairSource<A, B>,
    <(A::Kind, B::Kind) as PairSource<A, B>>::Output: InDimsSame<B>,
{
    type Proof = ();
}
impl<X> InDimsSame<X> for X {}

/// The size that must equal `B` for `A` and `B` to meet, by their kinds (`Self`): `B` itself
/// when they meet (equal, or either one the fixed size 1), else `A`.
pub trait PairSource<A, B> {
    /// The size to compare with `B`.
    type Output;
}
impl<A: Number, B: Number> PairSource<A, B> for (Fixed, Fixed)
where
    Val<A>: IsEqual<Val<B>> + IsEqual<U1>,
    Val<B>: IsEqual<U1>,
    Eq<Val<A>, Val<B>>: BitOr<Eq<Val<A>, U1>>,
    Or<Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>>: BitOr<Eq<Val<B>, U1>>,
    Or<Or<Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>>, Eq<Val<B>, U1>>: If<B, A>,
{
    type Output = <Or<Or<Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>>, Eq<Val<B>, U1>> as If<B, A>>::Output;
}
impl<A: Number, B> PairSource<A, B> for (Fixed, Runtime)
where
    Val<A>: IsEqual<U1>,
    Eq<Val<A>, U1>: If<B, A>,
{
    type Output = <Eq<Val<A>, U1> as If<B, A>>::Output;
}
impl<A, B: Number> PairSource<A, B> for (Runtime, Fixed)
where
    Val<B>: IsEqual<U1>,
    Eq<Val<B>, U1>: If<B, A>,
{
    type Output = <Eq<Val<B>, U1> as If<B, A>>::Output;
}
impl<A, B> PairSource<A, B> for (Runtime, Runtime) {
    type Output = A;
}

#[diagnostic::do_not_recommend]
impl<A, B, D> AnyBroadcastWithDims<B, D> for A
where
    A: AnyShape + NotLonger<B>,
    B: AnyShape,
    D: Axes,
    (A, B): WithDims<D::List, <A as NotLonger<B>>::Bit>,
    <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Common: AnyShape,
{
    type Output = Checked<
        <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Common,
        <(A, B) as WithDims<D::List, <A as NotLonger<B>>::Bit>>::Proof,
    >;
}

/// The output shape of an XLA binary operation on `A` and `B` with dims `D`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(BroadcastedWithDims<shape![2, 3], shape![3], axes![1]>, shape![2, 3]);
/// ```
pub type BroadcastedWithDims<A, B, D> = <A as BroadcastWithDims<B, D>>::Output;
