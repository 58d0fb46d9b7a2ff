//! Two lists walked together, entry by entry, from the front.

use crate::shape::{Cons, Nil};
use crate::typelevel::{DimBroadcast, DimStretch};

/// Symmetric zip: `zip(a, b)[i] = a[i] ∘ b[i]` (see [`DimBroadcast`]); when one list ends, the
/// rest of the other passes through. NumPy runs it on reversed lists (right alignment); XLA on
/// lists of equal length.
pub trait ZipBroadcast<B> {
    /// The zipped list.
    type Output;
}
impl ZipBroadcast<Nil> for Nil {
    type Output = Nil;
}
impl<H, T> ZipBroadcast<Nil> for Cons<H, T> {
    type Output = Cons<H, T>;
}
impl<H, T> ZipBroadcast<Cons<H, T>> for Nil {
    type Output = Cons<H, T>;
}
impl<H1: DimBroadcast<H2>, T1: ZipBroadcast<T2>, H2, T2> ZipBroadcast<Cons<H2, T2>> for Cons<H1, T1> {
    type Output = Cons<H1::Output, T1::Output>;
}

/// One-way zip: holds when `a` is no longer than `t` and each `a[i]` stretches to `t[i]` (see
/// [`DimStretch`]); the output is `t`. On reversed lists this is NumPy's `broadcast_to`.
pub trait ZipStretch<T> {
    /// `T`.
    type Output;
}
impl<T> ZipStretch<T> for Nil {
    type Output = T;
}
#[diagnostic::do_not_recommend]
impl<H1: DimStretch<H2>, T1: ZipStretch<T2>, H2, T2> ZipStretch<Cons<H2, T2>> for Cons<H1, T1> {
    type Output = Cons<H2, T2>;
}
