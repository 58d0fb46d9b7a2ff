//! One axis at a time: the comparisons of sizes the rules use (nGraph's exact rule compares
//! whole lifted lists, with `Same`).

use typenum::{B0, B1, Bit, Eq, IsEqual, U1};

use crate::typelevel::If;

use crate::forms::{SameBinding, StretchesTo};
use crate::shape::{Extent, Number};
use crate::typelevel::{Fixed, Runtime};

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

impl<A: Extent, B: Extent> DimBroadcast<B> for A
where
    (A::Kind, B::Kind): PairBroadcast<A, B>,
{
    type Output = <(A::Kind, B::Kind) as PairBroadcast<A, B>>::Output;
}

/// The symmetric rule for one pair of sizes, chosen by their kinds (`Self`):
/// - two fixed sizes: `a ∘ b` as above;
/// - a run-time size `R` with itself: `R`; with `1`, either way round: `R`;
/// - `R` with another run-time size, or with a fixed size other than 1: no impl.
pub trait PairBroadcast<A, B> {
    /// The output size.
    type Output;
}
impl<A: BroadcastsWith<B>, B> PairBroadcast<A, B> for (Fixed, Fixed) {
    type Output = A::Output;
}

/// Two fixed sizes on one axis: equal, or one of them 1; the output is the other.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes: on one axis the sizes `{Self}` and `{B}` differ and neither is 1",
    label = "these shapes do not broadcast together",
    note = "aligned as the form places them, each pair of sizes must be equal or one of them 1",
    note = "NumPy's rule lines shapes up from their last axis; to meet an axis further in (a per-channel `[3]` against `[B, 3, H, W]`), give the shorter operand its size-1 axes (`.lazy().insert_axis::<1>()`, or a reduction's `_keepdims` twin), or name the axes the smaller operand lands on (XLA's form: `x.lazy().with_dims::<axes![1]>() - &per_channel`)"
)]
pub trait BroadcastsWith<B> {
    /// The output size.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<A: Number, B: Number> BroadcastsWith<B> for A
where
    Val<A>: IsEqual<Val<B>> + IsEqual<U1>,
    Val<B>: IsEqual<U1>,
    (Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>, Eq<Val<B>, U1>): PickSymmetric<A, B>,
{
    type Output = <(Eq<Val<A>, Val<B>>, Eq<Val<A>, U1>, Eq<Val<B>, U1>) as PickSymmetric<A, B>>::Output;
}
// The pair rules are reached through their `Output`, not as bounds of these impls: a failure
// then names the two sizes alone, with no `required for (Runtime, Fixed) …` line of this
// machinery.
impl<R: SameBinding<Q>, Q> PairBroadcast<R, Q> for (Runtime, Runtime) {
    type Output = <R as SameBinding<Q>>::Output;
}
impl<R, K: StretchesTo<R>> PairBroadcast<R, K> for (Runtime, Fixed) {
    type Output = <K as StretchesTo<R>>::Output;
}
impl<K: StretchesTo<R>, R> PairBroadcast<K, R> for (Fixed, Runtime) {
    type Output = <K as StretchesTo<R>>::Output;
}

/// The output [`DimBroadcast`] gives when the pair broadcasts, for any pair: the size that is
/// not 1 (`Self` when neither is, or when `Self` is bound at run time). Never fails.
pub trait DimCommon<B> {
    /// The output size.
    type Output;
}
impl<A: Extent, B: Extent> DimCommon<B> for A
where
    (A::Kind, B::Kind): PairCommon<A, B>,
{
    type Output = <(A::Kind, B::Kind) as PairCommon<A, B>>::Output;
}

/// [`DimCommon`] by the kinds of the two sizes (`Self`).
pub trait PairCommon<A, B> {
    /// The output size.
    type Output;
}
impl<A: Number, B> PairCommon<A, B> for (Fixed, Fixed)
where
    Val<A>: IsEqual<U1>,
    Eq<Val<A>, U1>: If<B, A>,
{
    type Output = <Eq<Val<A>, U1> as If<B, A>>::Output;
}
impl<A, B> PairCommon<A, B> for (Fixed, Runtime) {
    type Output = B;
}
impl<A, B> PairCommon<A, B> for (Runtime, Fixed) {
    type Output = A;
}
impl<A, B> PairCommon<A, B> for (Runtime, Runtime) {
    type Output = A;
}

/// Holds for a pair of one type twice.
pub trait SameType {}
impl<R> SameType for (R, R) {}
