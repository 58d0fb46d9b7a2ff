//! Walking a target shape with a sorted list of marked axes, placing an operand's axes on it:
//! the common core of XLA's dims and nGraph's broadcast axes.

use core::ops::Add;

use typenum::{Add1, B0, B1, Bit, Eq, IsEqual};

use crate::shape::{Cons, Dim, Nil, Number};
use crate::typelevel::If;

/// Is output axis `I` the next marked one? `Bit` answers, `Rest` is the marked list after it.
pub trait MarkAt<I> {
    /// `B1` if `I` is marked.
    type Bit: Bit;
    /// The marked axes still to come.
    type Rest;
}
impl<I> MarkAt<I> for Nil {
    type Bit = B0;
    type Rest = Nil;
}
#[diagnostic::do_not_recommend]
impl<I: IsEqual<M::U>, M: Number, MT> MarkAt<I> for Cons<M, MT>
where
    Eq<I, M::U>: If<MT, Cons<M, MT>>,
{
    type Bit = Eq<I, M::U>;
    type Rest = <Eq<I, M::U> as If<MT, Cons<M, MT>>>::Output;
}

/// What a lift places on one target axis of size `H`, given whether the axis is marked, and
/// what remains of the operand.
pub trait Place<Marked: Bit, H, Op> {
    /// The size placed on this axis.
    type Value;
    /// The operand's axes still to place.
    type Rest;
}

/// XLA: operand axis `k` lands on the marked axis `dims[k]`; unmarked axes get size 1.
pub struct TakeAtMarked;
impl<H, OH, OT> Place<B1, H, Cons<OH, OT>> for TakeAtMarked {
    type Value = OH;
    type Rest = OT;
}
impl<H, Op> Place<B0, H, Op> for TakeAtMarked {
    type Value = Dim<1>;
    type Rest = Op;
}

/// nGraph: the marked (broadcast) axes keep the target's size; the operand fills the others.
pub struct TakeAtUnmarked;
impl<H, Op> Place<B1, H, Op> for TakeAtUnmarked {
    type Value = H;
    type Rest = Op;
}
impl<H, OH, OT> Place<B0, H, Cons<OH, OT>> for TakeAtUnmarked {
    type Value = OH;
    type Rest = OT;
}

/// `Lift(target, op, marked, I)`: the operand placed onto the target's axes from position `I`
/// on, one entry per target axis. No impl (an error) if operand axes or marked axes are left
/// over at the end: wrong count, an axis out of range, or a list out of order.
pub trait Lift<Mode, Op, Marked, I> {
    /// The operand's lifted shape (the target's rank).
    type Output;
}
impl<Mode, I> Lift<Mode, Nil, Nil, I> for Nil {
    type Output = Nil;
}
#[diagnostic::do_not_recommend]
impl<Mode, H, T, Op, Marked, I> Lift<Mode, Op, Marked, I> for Cons<H, T>
where
    I: Add<B1>,
    Marked: MarkAt<I>,
    Mode: Place<<Marked as MarkAt<I>>::Bit, H, Op>,
    T: Lift<
            Mode,
            <Mode as Place<<Marked as MarkAt<I>>::Bit, H, Op>>::Rest,
            <Marked as MarkAt<I>>::Rest,
            Add1<I>,
        >,
{
    type Output = Cons<
        <Mode as Place<<Marked as MarkAt<I>>::Bit, H, Op>>::Value,
        <T as Lift<
            Mode,
            <Mode as Place<<Marked as MarkAt<I>>::Bit, H, Op>>::Rest,
            <Marked as MarkAt<I>>::Rest,
            Add1<I>,
        >>::Output,
    >;
}
