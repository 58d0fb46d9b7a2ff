//! List plumbing: reversal, equal lengths, and a type-level `if`.

use typenum::{B0, B1};

use crate::shape::{Cons, Nil};

/// `Reverse(l)`: the entries of `l` in the opposite order.
pub trait Reverse {
    /// The reversed list.
    type Output;
}

/// `ReverseOnto(l, acc) = reverse(l) ++ acc`.
pub trait ReverseOnto<Acc> {
    /// The result.
    type Output;
}

impl<Acc> ReverseOnto<Acc> for Nil {
    type Output = Acc;
}

#[diagnostic::do_not_recommend]
impl<H, T: ReverseOnto<Cons<H, Acc>>, Acc> ReverseOnto<Acc> for Cons<H, T> {
    type Output = T::Output;
}

#[diagnostic::do_not_recommend]
impl<L: ReverseOnto<Nil>> Reverse for L {
    type Output = L::Output;
}

/// Holds when both lists have the same length.
pub trait SameLength<Other> {}
impl SameLength<Nil> for Nil {}
#[diagnostic::do_not_recommend]
impl<H, T: SameLength<T2>, H2, T2> SameLength<Cons<H2, T2>> for Cons<H, T> {}

/// XLA without dims: holds when either operand is a scalar or both have the same rank.
pub trait DimsFree<Other> {}
impl<Other> DimsFree<Other> for Nil {}
impl<H, T> DimsFree<Nil> for Cons<H, T> {}
#[diagnostic::do_not_recommend]
impl<H, T: SameLength<T2>, H2, T2> DimsFree<Cons<H2, T2>> for Cons<H, T> {}

/// `T`, once the check `C` (a projection) has normalized: an impl whose `Output` is
/// `Checked<T, <X as Rule>::Proof>` has its rule checked while rustc computes that `Output`, not
/// only as a bound of the impl, and rustc can then report the rule's failure without the chain of
/// `required for …` lines that reached it (`squeeze` of a run-time axis).
///
/// The check is the `Self` of this trait: when it fails, rustc has no type for it, cannot pick
/// this impl for an unknown `Self`, and so has no type for the output either, rather than `T`; a
/// later use of the output then does not fail again on a shape computed past the failure.
pub trait Then<T> {
    /// `T`.
    type Output;
}
impl<C, T> Then<T> for C {
    type Output = T;
}

/// `T` once `C` has normalized (see [`Then`]).
pub type Checked<T, C> = <C as Then<T>>::Output;

/// `If(b, X, Y)`: `X` when the bit `b` is `B1`, else `Y`.
pub trait If<X, Y> {
    /// The chosen type.
    type Output;
}
impl<X, Y> If<X, Y> for B1 {
    type Output = X;
}
impl<X, Y> If<X, Y> for B0 {
    type Output = Y;
}

/// `NotLonger(a, b)`: `B1` if `a` has no more entries than `b`; for typenum numbers, no more
/// binary digits, where `b`'s digits must be whole bytes (see `digits.rs`).
pub trait NotLonger<B> {
    /// The answer.
    type Bit: typenum::Bit;
}
impl<B> NotLonger<B> for Nil {
    type Bit = B1;
}
impl<H, T> NotLonger<Nil> for Cons<H, T> {
    type Bit = B0;
}
#[diagnostic::do_not_recommend]
impl<H, T: NotLonger<T2>, H2, T2> NotLonger<Cons<H2, T2>> for Cons<H, T> {
    type Bit = T::Bit;
}

/// Holds when both are the same type.
pub trait Same<T> {}
impl<T> Same<T> for T {}
