//! NumPy at the type level: `Broadcast` (symmetric) and `BroadcastTo` (one-way).

use super::pairs::{CheckPairs, NumpyStretch};
use crate::forms::RankAtMost;
use crate::shape::{AnyShape, Shape};
use crate::typelevel::{Checked, ListRank, Reverse, ZipBroadcast, ZipCommon};

type Rev<L> = <L as Reverse>::Output;
type ZipRev<A, B> = <Rev<A> as ZipBroadcast<Rev<B>>>::Output;
/// The common shape, reversed, computed whether or not the rule holds (see [`ZipCommon`]).
type CommonRev<A, B> = <Rev<A> as ZipCommon<Rev<B>>>::Output;
/// The common shape, once the rule has been checked pair by pair: the check is part of the
/// output, so a clash is reported on the two sizes that clash, with no line naming the shapes.
type CheckedCommon<A, B> = Checked<Rev<CommonRev<A, B>>, ZipRev<A, B>>;

/// NumPy broadcasting of two shapes; chain it for more (`Broadcasted<Broadcasted<A, B>, C>`).
///
/// Shapes align from the right; on each axis the sizes must be equal or one of them 1, and the
/// output takes the one that is not 1. Its const-generic twin is
/// [`dynamic::broadcast_shapes`](crate::dynamic::broadcast_shapes).
///
/// ```
/// use shapecast::prelude::*;
///
/// fn outer<A: Broadcast<B>, B: Shape>() -> &'static [usize] {
///     Broadcasted::<A, B>::dims()
/// }
/// assert_eq!(outer::<shape![2, 1], shape![1, 3]>(), [2, 3]);
/// ```
///
/// A clash is a compile error:
///
/// ```compile_fail,E0277
/// use shapecast::prelude::*;
/// fn needs<A: Broadcast<B>, B: Shape>() {}
/// needs::<shape![2, 4], shape![2, 3]>();
/// ```
///
/// ```txt
/// error[E0277]: cannot broadcast these shapes (NumPy rule): on some axis the sizes differ and neither is 1
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes (NumPy rule): on some axis the sizes differ and neither is 1",
    label = "these shapes do not broadcast together",
    note = "shapes align from the right; on each axis the sizes must be equal or one of them 1",
    note = "to have the axis and the sizes that clash named, write the shapes as literal lists of sizes in `broadcast!(…, …)`"
)]
pub trait Broadcast<Rhs: Shape>:
    Shape + AnyBroadcast<Rhs, Output = <Self as Broadcast<Rhs>>::Output>
{
    /// The common shape.
    type Output: Shape;
}

// Not `do_not_recommend`: a clash is reported by the pair rule, which names the sizes, and an
// output too large by `Shape`'s element-count check.
impl<A, B> Broadcast<B> for A
where
    A: Shape + AnyBroadcast<B>,
    B: Shape,
    AnyBroadcasted<A, B>: Shape,
{
    type Output = AnyBroadcasted<A, B>;
}

/// [`Broadcast`] for shapes that may hold run-time sizes ([`Dyn`](crate::shape::Dyn)): the same
/// rule, and on each axis a run-time size meets only itself or 1.
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// struct Classes;
/// static_assertions::assert_type_eq_all!(
///     AnyBroadcasted<shape![Samples, 1], shape![Classes]>,
///     shape![Samples, Classes]
/// );
/// static_assertions::assert_not_impl_any!(shape![Samples<'static>]: AnyBroadcast<shape![Classes<'static>]>);
/// static_assertions::assert_not_impl_any!(shape![Samples<'static>]: AnyBroadcast<shape![3]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes (NumPy rule): on some axis the sizes differ and neither is 1",
    label = "these shapes do not broadcast together",
    note = "shapes align from the right; on each axis the sizes must be equal or one of them 1",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; if it sits on the wrong axis, insert a size-1 axis where it should stretch (`insert_axis::<1>()`, NumPy's `np.newaxis`) or name the dims (`with_dims`); if the sizes are meant to be equal, convert one with a checked `cast_shape` first"
)]
pub trait AnyBroadcast<Rhs: AnyShape>:
    AnyShape + CommonShape<Rhs, Common = <Self as AnyBroadcast<Rhs>>::Output>
{
    /// The common shape.
    type Output: AnyShape;
}

impl<A, B> AnyBroadcast<B> for A
where
    A: AnyShape + Reverse,
    B: AnyShape + Reverse,
    Rev<A>: ZipBroadcast<Rev<B>> + ZipCommon<Rev<B>>,
    CommonRev<A, B>: Reverse,
    Rev<CommonRev<A, B>>: AnyShape,
{
    type Output = CheckedCommon<A, B>;
}

/// The shape [`AnyBroadcast`] gives, computed for any two shapes whether or not the rule holds
/// (on each axis the size that is not 1). Where `Self: AnyBroadcast<Rhs>` holds, it is that
/// trait's `Output`.
///
/// It lets an operator name its result's storage in a bound that never fails, and check the rule
/// in its output alone: a clash is then reported on the two sizes, with no `required for` line
/// naming the operands' types.
pub trait CommonShape<Rhs> {
    /// The common shape.
    type Common: AnyShape;
}
impl<A, B> CommonShape<B> for A
where
    A: Reverse,
    B: Reverse,
    Rev<A>: ZipCommon<Rev<B>>,
    CommonRev<A, B>: Reverse,
    Rev<CommonRev<A, B>>: AnyShape,
{
    type Common = Rev<CommonRev<A, B>>;
}

/// The common shape of `A` and `B`, which may hold run-time sizes (NumPy rule).
pub type AnyBroadcasted<A, B> = <A as AnyBroadcast<B>>::Output;

/// The common shape of `A` and `B` (NumPy rule).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(Broadcasted<shape![2, 1], shape![3]>, shape![2, 3]);
/// ```
pub type Broadcasted<A, B> = <A as Broadcast<B>>::Output;

/// NumPy's `broadcast_to`: `Self` stretches to `Target` (one-way).
///
/// `Self` has no more axes than `Target`, and aligned from the right each of its sizes is 1 or
/// `Target`'s size. The output is `Target`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_impl_all!(shape![3]: BroadcastTo<shape![2, 3]>);
/// static_assertions::assert_not_impl_any!(shape![3]: BroadcastTo<shape![1]>); // one-way
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast this shape to the target (NumPy `broadcast_to`): it has more axes, or a size that is neither 1 nor the target's",
    label = "this shape does not stretch to the target",
    note = "`broadcast_to` is one-way: aligned from the right, each size must equal the target's or be 1",
    note = "to have the axis and the sizes named, write the shapes as literal lists of sizes in `broadcast!(… => …)`"
)]
pub trait BroadcastTo<Target: Shape>:
    Shape + AnyBroadcastTo<Target, Output = <Self as BroadcastTo<Target>>::Output>
{
    /// `Target`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<A, S> BroadcastTo<S> for A
where
    A: Shape + AnyBroadcastTo<S, Output = S>,
    S: Shape,
{
    type Output = S;
}

/// [`BroadcastTo`] for shapes that may hold run-time sizes: a run-time size stretches to
/// nothing but itself, and only a 1 stretches to it.
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// static_assertions::assert_impl_all!(shape![1, 4]: AnyBroadcastTo<shape![Samples<'static>, 4]>);
/// static_assertions::assert_not_impl_any!(shape![Samples<'static>, 4]: AnyBroadcastTo<shape![1, 4]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast this shape to the target (NumPy `broadcast_to`): it has more axes, or a size that is neither 1 nor the target's",
    label = "this shape does not stretch to the target",
    note = "`broadcast_to` is one-way: aligned from the right, each size must equal the target's or be 1",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; if it sits on the wrong axis, insert a size-1 axis where it should stretch (`insert_axis::<1>()`, NumPy's `np.newaxis`) or name the dims (`with_dims`); if the sizes are meant to be equal, convert one with a checked `cast_shape` first"
)]
pub trait AnyBroadcastTo<Target: AnyShape>: AnyShape {
    /// `Target`, once the stretch is checked ([`Proof`](Self::Proof)): a type operand of
    /// `broadcast!(A => S)` that does not stretch is reported on the ranks or the sizes.
    type Output: AnyShape;
    /// `()`: computed, it checks the ranks, then each pair of sizes. A method that names it in
    /// its bounds (`<S as AnyBroadcastTo<T>>::Proof: Sized`) has a failure reported on the two
    /// ranks or the two sizes, with no line naming the shapes.
    type Proof;
}

impl<A, S> AnyBroadcastTo<S> for A
where
    A: AnyShape + Reverse + ListRank,
    S: AnyShape + Reverse + ListRank,
    Rev<A>: CheckPairs<Rev<S>, NumpyStretch>,
    <A as ListRank>::Output: RankAtMost<<S as ListRank>::Output>,
{
    type Output = Checked<S, <A as AnyBroadcastTo<S>>::Proof>;
    type Proof = Checked<
        <Rev<A> as CheckPairs<Rev<S>, NumpyStretch>>::Proof,
        <<A as ListRank>::Output as RankAtMost<<S as ListRank>::Output>>::Proof,
    >;
}

/// `S`, when `A` stretches to it (NumPy `broadcast_to`).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(BroadcastedTo<shape![3], shape![2, 3]>, shape![2, 3]);
/// ```
pub type BroadcastedTo<A, S> = <A as BroadcastTo<S>>::Output;
