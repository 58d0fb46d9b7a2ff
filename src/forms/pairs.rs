//! Two shapes checked pair by pair, under one form's rule for two sizes on an axis: what lets
//! a form that refuses a pair name the two sizes, not the shapes.

use crate::forms::{FitsInDim, KeepsSize, MeetsInDims, StretchesToSize, ValueStretchesToSize};
use crate::shape::{Cons, Nil};
use crate::typelevel::Checked;

/// The pairs of sizes of the lists `Self` and `T`, from the front, each checked by the rule `R`
/// ([`PairRule`]). Entries past the end of the shorter list are not compared: each form checks
/// the ranks apart, or compares lists of one length.
pub trait CheckPairs<T, R> {
    /// `()`: computed, it checks each pair.
    type Proof;
}
impl<T, R> CheckPairs<T, R> for Nil {
    type Proof = ();
}
impl<H, T, R> CheckPairs<Nil, R> for Cons<H, T> {
    type Proof = ();
}
impl<H1, T1: CheckPairs<T2, R>, H2, T2, R: PairRule<H1, H2>> CheckPairs<Cons<H2, T2>, R> for Cons<H1, T1> {
    type Proof = Checked<<T1 as CheckPairs<T2, R>>::Proof, <R as PairRule<H1, H2>>::Proof>;
}

/// A form's rule for the sizes `A` and `B` on one axis, chosen by `Self`: each rule is a trait
/// of its own, whose message names the form and the two sizes.
pub trait PairRule<A, B> {
    /// `()`: computed, it checks the pair.
    type Proof;
}

/// NumPy's `broadcast_to`: `A` stretches to the target's `B` ([`StretchesToSize`]).
pub struct NumpyStretch;
impl<A: StretchesToSize<B>, B> PairRule<A, B> for NumpyStretch {
    type Proof = <A as StretchesToSize<B>>::Proof;
}

/// XLA's `BroadcastInDim`: the operand's `A` fits the target's `B` ([`FitsInDim`]).
pub struct XlaInDim;
impl<A: FitsInDim<B>, B> PairRule<A, B> for XlaInDim {
    type Proof = <A as FitsInDim<B>>::Proof;
}

/// XLA's binary form: `A` and `B` meet, equal or one of them 1 ([`MeetsInDims`]).
pub struct XlaBinary;
impl<A: MeetsInDims<B>, B> PairRule<A, B> for XlaBinary {
    type Proof = <A as MeetsInDims<B>>::Proof;
}

/// nGraph's `Broadcast`: on a kept axis, the argument's `A` is the target's `B` ([`KeepsSize`]).
pub struct NGraphKept;
impl<A: KeepsSize<B>, B> PairRule<A, B> for NGraphKept {
    type Proof = <A as KeepsSize<B>>::Proof;
}

/// The values of `add_at`, `mean_at` and `add_along`: `A` stretches to the placed `B`
/// ([`ValueStretchesToSize`]), NumPy's `broadcast_to` in their words.
pub struct ValuesStretch;
impl<A: ValueStretchesToSize<B>, B> PairRule<A, B> for ValuesStretch {
    type Proof = <A as ValueStretchesToSize<B>>::Proof;
}
