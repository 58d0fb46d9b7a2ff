//! One axis at a time: the comparisons of sizes the rules use (nGraph's exact rule compares
//! whole lifted lists, with `Same`).

use typenum::{B0, B1, Bit, Eq, IsEqual, U1};

use crate::shape::Number;

/// The typenum value of a [`Number`].
type Val<N> = <N as Number>::U;

/// Symmetric rule: `a ∘ b = a` if `a = b`; `b` if `a = 1`; `a` if `b = 1`; else no impl. The
/// output is one of the two number types, as written.
pub trait DimBroadcast<B> {
    /// The output size.
    type Output;
}

/// `(a = b, a = 1, b = 1)` as bits picks the output.
pub trait PickSymmetric<A, B> {
    /// The output size.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<A, B, X: Bit, Y: Bit> PickSymmetric<A, B> for (B1, X, Y) {
    type Output = A;
}
#[diagnostic::do_not_recommend]
impl<A, B, Y: Bit> PickSymmetric<A, B> for (B0, B1, Y) {
    type Output = B;
}
impl<A, B> PickSymmetric<A, B> for (B0, B0, B1) {
    type Output = A;
}

#[diagnostic::do_not_recommend]
impl<A: Number, B: Number> DimBroadcast<B> for A
where
    Val<A>: IsEqual<Val<B>> + IsEqual<U1>,
    Val<B>: IsEqual<U1>,
    (Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>, Eq<Val<B>, U1>): PickSymmetric<A, B>,
{
    type Output = <(Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>, Eq<Val<B>, U1>) as PickSymmetric<A, B>>::Output;
}

/// One-way rule: holds when `a = t` or `a = 1` (an operand size stretching to a target size).
pub trait DimStretch<T> {}

/// `(a = t, a = 1)` as bits: holds unless both are `B0`.
pub trait AllowStretch {}
#[diagnostic::do_not_recommend]
impl<X: Bit> AllowStretch for (B1, X) {}
impl AllowStretch for (B0, B1) {}

#[diagnostic::do_not_recommend]
impl<A: Number, T: Number> DimStretch<T> for A
where
    Val<A>: IsEqual<Val<T>> + IsEqual<U1>,
    (Eq<Val<A>, Val<T>>, Eq<Val<A>, U1>): AllowStretch,
{
}
