//! Changing a shape's axes: inserting a size-1 axis, removing the axes of a reduction.

use core::ops::{Add, Sub};

use typenum::{Add1, B0, B1, Sub1, UInt, UTerm};

use crate::shape::{Cons, Dim, Nil};
use crate::typelevel::{MarkAt, Reverse};

/// `InsertAt(l, i)`: `l` with a 1 inserted before position `i` (`i = len(l)` appends).
pub trait InsertAt<I> {
    /// The longer list.
    type Output;
}
impl<L> InsertAt<UTerm> for L {
    type Output = Cons<Dim<1>, L>;
}
#[diagnostic::do_not_recommend]
impl<H, T, U, B> InsertAt<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: InsertAt<Sub1<UInt<U, B>>>,
{
    type Output = Cons<H, <T as InsertAt<Sub1<UInt<U, B>>>>::Output>;
}

/// `Remove(l, marked, i)`: `l` without its entries at the marked positions (a sorted list),
/// counting positions from `i`. No impl if a marked position is out of range or out of order.
pub trait Remove<Marked, I> {
    /// The shorter list.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<L, M, I> Remove<M, I> for L
where
    L: RemoveOnto<M, I, Nil>,
    <L as RemoveOnto<M, I, Nil>>::Output: Reverse,
{
    type Output = <<L as RemoveOnto<M, I, Nil>>::Output as Reverse>::Output;
}

/// `RemoveOnto(l, marked, i, acc) = reverse(Remove(l, marked, i)) ++ acc`: the entries kept so
/// far are carried, newest first, in `acc`; [`Remove`] reverses the result once, beside the
/// walk rather than at its bottom, so that the nesting stays one level per axis (rank 64 within
/// rustc's default recursion limit of 128).
///
/// A step names the tail's result only as its own `Output`, never inside a bound, and the other
/// projections it names (the mark, the kept list) are one step deep: rustc's work grows
/// linearly with the rank. A step whose bound named the tail's result (choosing between it and
/// `H` in front of it) multiplied the work with each axis, until `cargo check` of a
/// `sum_axes` ran out of memory at rank 10 (`benches/compile_time_rank.sh` measures it).
pub trait RemoveOnto<Marked, I, Acc> {
    /// The kept entries, newest first, on `acc`.
    type Output;
}
impl<I, Acc> RemoveOnto<Nil, I, Acc> for Nil {
    type Output = Acc;
}

type Bit<M, I> = <M as MarkAt<I>>::Bit;
type Rest<M, I> = <M as MarkAt<I>>::Rest;
type Kept<M, I, H, Acc> = <Bit<M, I> as Keep<H, Acc>>::Output;

#[diagnostic::do_not_recommend]
impl<H, T, M, I, Acc> RemoveOnto<M, I, Acc> for Cons<H, T>
where
    I: Add<B1>,
    M: MarkAt<I>,
    Bit<M, I>: Keep<H, Acc>,
    T: RemoveOnto<Rest<M, I>, Add1<I>, Kept<M, I, H, Acc>>,
{
    type Output = <T as RemoveOnto<Rest<M, I>, Add1<I>, Kept<M, I, H, Acc>>>::Output;
}

/// `Keep(marked, h, acc)`: `acc` when the entry `h` is marked (removed), else `h` pushed on it.
pub trait Keep<H, Acc> {
    /// The kept entries so far.
    type Output;
}
impl<H, Acc> Keep<H, Acc> for B1 {
    type Output = Acc;
}
impl<H, Acc> Keep<H, Acc> for B0 {
    type Output = Cons<H, Acc>;
}
