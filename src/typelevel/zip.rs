//! Two lists walked together, entry by entry, from the front.

use crate::shape::{Cons, Nil};
use crate::typelevel::{DimBroadcast, DimCommon};

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

/// The list [`ZipBroadcast`] gives when the rule holds, computed for any two lists: on each
/// axis the size that is not 1 (the first one when neither is). It never fails, so a shape
/// rule can name its output with it and check the pairs apart, as a proof ([`Checked`]): a
/// clash is then reported on the two sizes alone, with no `required for` line of the shapes.
///
/// [`Checked`]: crate::typelevel::Checked
pub trait ZipCommon<B> {
    /// The zipped list.
    type Output;
}
impl ZipCommon<Nil> for Nil {
    type Output = Nil;
}
impl<H, T> ZipCommon<Nil> for Cons<H, T> {
    type Output = Cons<H, T>;
}
impl<H, T> ZipCommon<Cons<H, T>> for Nil {
    type Output = Cons<H, T>;
}
impl<H1: DimCommon<H2>, T1: ZipCommon<T2>, H2, T2> ZipCommon<Cons<H2, T2>> for Cons<H1, T1> {
    type Output = Cons<H1::Output, T1::Output>;
}
