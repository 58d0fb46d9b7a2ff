//! nGraph at the type level: `BroadcastAxes`.

use typenum::U0;

use super::pairs::{CheckPairs, NGraphKept};
use crate::shape::{AnyShape, Axes, Shape};
use crate::typelevel::{Checked, Lift, TakeAtUnmarked};

/// nGraph's `Broadcast(arg, Target, Ax)`: `Target` with the axes `Ax` removed equals `Self`
/// exactly. The output is `Target`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_impl_all!(shape![3]: BroadcastAxes<shape![2, 3], axes![0]>);
/// static_assertions::assert_not_impl_any!(shape![1]: BroadcastAxes<shape![2, 3], axes![0]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast with these axes (nGraph rule): the target without the broadcast axes must equal the argument exactly",
    label = "the target minus these axes is not this shape",
    note = "the axes must be below the target's rank, in increasing order; this form never stretches a size-1 axis",
    note = "to have the axis and the sizes named, write the shapes as literal lists of sizes in `broadcast!(… => …, axes = […])`"
)]
pub trait BroadcastAxes<Target: Shape, Ax: Axes>:
    Shape + AnyBroadcastAxes<Target, Ax, Output = <Self as BroadcastAxes<Target, Ax>>::Output>
{
    /// `Target`.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<A, S, Ax> BroadcastAxes<S, Ax> for A
where
    A: Shape + AnyBroadcastAxes<S, Ax, Output = S>,
    S: Shape,
    Ax: Axes,
{
    type Output = S;
}

/// [`BroadcastAxes`] for shapes that may hold run-time sizes: the target's broadcast axes may be
/// run-time sizes (a new axis takes its extent from its binding); a kept axis must be the very
/// same size as the argument's.
///
/// ```
/// use shapecast::prelude::*;
/// struct Samples;
/// static_assertions::assert_impl_all!(shape![4]: AnyBroadcastAxes<shape![Samples<'static>, 4], axes![0]>);
/// static_assertions::assert_not_impl_any!(shape![1]: AnyBroadcastAxes<shape![3, Samples<'static>], axes![0]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot broadcast with these axes (nGraph rule): the target without the broadcast axes must equal the argument exactly",
    label = "the target minus these axes is not this shape",
    note = "the axes must be below the target's rank, in increasing order; this form never stretches a size-1 axis",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size, whatever the values"
)]
pub trait AnyBroadcastAxes<Target: AnyShape, Ax: Axes>: AnyShape {
    /// `Target`.
    type Output: AnyShape;
}

#[diagnostic::do_not_recommend]
impl<A, S, Ax> AnyBroadcastAxes<S, Ax> for A
where
    A: AnyShape,
    S: AnyShape + Lift<TakeAtUnmarked, A, Ax::List, U0>,
    Ax: Axes,
    <S as Lift<TakeAtUnmarked, A, Ax::List, U0>>::Output: CheckPairs<S, NGraphKept>,
{
    type Output = Checked<
        S,
        <<S as Lift<TakeAtUnmarked, A, Ax::List, U0>>::Output as CheckPairs<S, NGraphKept>>::Proof,
    >;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot broadcast with these axes (nGraph rule): the argument's size `{Self}` is not the target's `{T}` on a kept axis",
        label = "an argument size that is not the target's",
        note = "the target without the broadcast axes must equal the argument exactly: this form never stretches a size-1 axis, and a run-time size equals only itself"
    )]
    /// A size of the argument, `Self`, on a kept axis of the target whose size is `T`: the same
    /// size (nGraph's `Broadcast` never stretches).
    pub trait KeepsSize<T> {
        /// `()`: computed, it checks the pair.
        type Proof;
    }
    /// The pair rule of [`KeepsSize`]: `Self` is `T`.
    pub trait KeptSize<T> {}
}
#[diagnostic::do_not_recommend]
impl<A: KeptSize<T>, T> KeepsSize<T> for A {
    type Proof = ();
}
impl<X> KeptSize<X> for X {}

/// `S`, when `A` broadcasts to it along `Ax` (nGraph rule).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(BroadcastedAxes<shape![3], shape![2, 3], axes![0]>, shape![2, 3]);
/// ```
pub type BroadcastedAxes<A, S, Ax> = <A as BroadcastAxes<S, Ax>>::Output;
