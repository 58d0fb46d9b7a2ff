//! Changing a shape's axes: inserting a size-1 axis, removing the axes of a reduction.

use core::ops::{Add, Sub};

use typenum::{Add1, B1, Sub1, UInt, UTerm};

use crate::shape::{Cons, Dim, Nil};
use crate::typelevel::{If, MarkAt};

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
impl<I> Remove<Nil, I> for Nil {
    type Output = Nil;
}

type Bit<M, I> = <M as MarkAt<I>>::Bit;
type Rest<M, I> = <M as MarkAt<I>>::Rest;
type TailOut<T, M, I> = <T as Remove<Rest<M, I>, Add1<I>>>::Output;

#[diagnostic::do_not_recommend]
impl<H, T, M, I> Remove<M, I> for Cons<H, T>
where
    I: Add<B1>,
    M: MarkAt<I>,
    T: Remove<Rest<M, I>, Add1<I>>,
    Bit<M, I>: If<TailOut<T, M, I>, Cons<H, TailOut<T, M, I>>>,
{
    type Output = <Bit<M, I> as If<TailOut<T, M, I>, Cons<H, TailOut<T, M, I>>>>::Output;
}
