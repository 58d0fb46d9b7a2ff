//! What a reduction of an expression needs of its axes: the size at a position, whether every
//! reduced size is fixed and not 0 (then the reduction cannot be empty), how many elements each
//! output folds (an argmax's positions must fit in a `u32`), and the shape with the reduced axes
//! kept as size 1 (NumPy's `keepdims=True`).

use core::ops::{Mul, Sub};

use typenum::{B1, IsLessOrEqual, LeEq, NonZero, Prod, Sub1, U0, U1, U4294967295, UInt, UTerm, Unsigned};

use crate::shape::{Big, Cons, Dim, Nil, Number};
use crate::typelevel::{AxesInShape, Checked, InsertAt};

/// `At(l, i)`: the entry of `l` at position `i`.
#[diagnostic::on_unimplemented(
    message = "an axis named here is past the last axis of the shape",
    label = "axes are numbered from 0, outermost first",
    note = "each reduced axis must be an axis of the shape"
)]
pub trait At<I> {
    /// The entry.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<H, T> At<UTerm> for Cons<H, T> {
    type Output = H;
}
#[diagnostic::do_not_recommend]
impl<H, T, U, B> At<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: At<Sub1<UInt<U, B>>>,
{
    type Output = <T as At<Sub1<UInt<U, B>>>>::Output;
}

/// `AtOr(l, i, d)`: the entry of `l` at position `i`, or `d` past its end: a lookup that never
/// fails, for a rule that checks the position apart.
pub trait AtOr<I, D> {
    /// The entry, or `D`.
    type Output;
}
impl<I, D> AtOr<I, D> for Nil {
    type Output = D;
}
impl<H, T, D> AtOr<UTerm, D> for Cons<H, T> {
    type Output = H;
}
impl<H, T, U, B, D> AtOr<UInt<U, B>, D> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: AtOr<Sub1<UInt<U, B>>, D>,
{
    type Output = <T as AtOr<Sub1<UInt<U, B>>, D>>::Output;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a fixed size other than 0: this reduction has no value over no elements",
        label = "a reduced axis of a fixed size other than 0 is needed here",
        note = "a maximum, a minimum and their positions exist only over at least one element; an expression reduces them over axes of fixed sizes other than 0, which the types prove non-empty",
        note = "over a run-time size, or an axis that may be empty, use the `try_` twins (`try_max_axes`, `try_argmax_keepdims`, …), which answer `None` when a reduced axis is empty"
    )]
    /// A size that is fixed and not 0: an axis a maximum, a minimum or their positions can be
    /// taken over, knowing it holds an element. Holds for every size through
    /// [`NonEmptyFixedSize`], so that a run-time size, which has no impl of that, is reported
    /// on the size alone too.
    pub trait NonEmptySize[]();
    /// A fixed size other than 0.
    pub trait NonEmptyFixedSize;
    /// `()`: computed, it checks the size.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const N: usize> NonEmptyFixedSize for Dim<N>
where
    Dim<N>: Number,
    <Dim<N> as Number>::U: NonZero,
{
    type Proof = ();
}
#[diagnostic::do_not_recommend]
impl<const N: usize, U: NonZero> NonEmptyFixedSize for Big<N, U> {
    type Proof = ();
}

/// Every size of `Self` at the positions of the list `L` is fixed and not 0.
pub trait NonEmptyAt<L> {
    /// `()`: computed, it checks each size ([`NonEmptySize`]). A reduction names it in its
    /// bounds (`<S as NonEmptyAt<L>>::Proof: Sized`), so that an empty or run-time axis is
    /// reported on its size alone, with no line naming the shape.
    type Proof;
}
impl<S> NonEmptyAt<Nil> for S {
    type Proof = ();
}
// An axis past the last is refused by `AxesInShape`, as for the shape without the reduced
// axes (one error, the same, for both); the size read there is then 1, which is not empty.
impl<S, A: Number, Rest> NonEmptyAt<Cons<A, Rest>> for S
where
    S: AxesInShape<Cons<A, Rest>, U0> + AtOr<A::U, Dim<1>> + NonEmptyAt<Rest>,
    <S as AtOr<A::U, Dim<1>>>::Output: NonEmptySize,
{
    type Proof =
        Checked<<S as NonEmptyAt<Rest>>::Proof, <<S as AtOr<A::U, Dim<1>>>::Output as NonEmptySize>::Proof>;
}

/// `Folded(l, axes)`: the product of the entries of `l` at the positions `axes`, fixed sizes
/// each: how many elements each output of a reduction over `axes` folds.
pub trait Folded<L> {
    /// The product, a typenum number.
    type Output: Unsigned;
}
impl<S> Folded<Nil> for S {
    type Output = U1;
}
// A size 1 for an axis past the last, which `NonEmptyAt` and the reduced shape refuse.
impl<S, A: Number, Rest> Folded<Cons<A, Rest>> for S
where
    S: AtOr<A::U, Dim<1>> + Folded<Rest>,
    <S as AtOr<A::U, Dim<1>>>::Output: Number,
    <<S as AtOr<A::U, Dim<1>>>::Output as Number>::U: Mul<<S as Folded<Rest>>::Output>,
    Prod<<<S as AtOr<A::U, Dim<1>>>::Output as Number>::U, <S as Folded<Rest>>::Output>: Unsigned,
{
    type Output = Prod<<<S as AtOr<A::U, Dim<1>>>::Output as Number>::U, <S as Folded<Rest>>::Output>;
}

/// The answer `B1` (yes) to "does every output fold at most `u32::MAX` elements?"
pub trait FitsPositions {}
impl FitsPositions for B1 {}

/// Every output of a reduction of `Self` over the positions `L` folds at most `u32::MAX`
/// elements, the sizes there being fixed.
#[diagnostic::on_unimplemented(
    message = "each output of this argmax or argmin must fold a fixed count of at most 4,294,967,295 elements",
    label = "the reduced sizes must be fixed, and multiply to at most 4,294,967,295, here",
    note = "the position of the maximum or minimum is counted in a `u32`, so that a block of outputs compares and picks positions in the vector registers that pick the values",
    note = "over a size known only at run time, use the `try_` twin (`try_argmax_axes`), which returns `None` when an axis is empty or the count passes that",
    note = "past it, evaluate the expression into a tensor first and use the tensors' `argmax_axes`/`argmin_axes`, which count positions in a `usize`"
)]
pub trait FewPositionsAt<L> {
    /// `()`: computed, it checks the count ([`FewPositions`]) of the reduced sizes, named as
    /// their [`ProductOf`]. The reductions name it in their bounds, so that a count too large is
    /// reported on those sizes, not on the shape and the axes.
    type Proof;
}
impl<S, L> FewPositionsAt<L> for S
where
    S: FoldedSizes<L>,
    <S as FoldedSizes<L>>::Output: FewPositions,
{
    type Proof = <<S as FoldedSizes<L>>::Output as FewPositions>::Proof;
}

/// The sizes of `Self` at the positions `L`, as a type that names them: the size for one,
/// [`ProductOf`] for more (`ProductOf<Dim<1024>, Dim<4096>>`), `Dim<1>` for none. A size 1 for an
/// axis past the last, which `NonEmptyAt` and the reduced shape refuse.
pub trait FoldedSizes<L> {
    /// The sizes.
    type Output;
}
impl<S> FoldedSizes<Nil> for S {
    type Output = Dim<1>;
}
impl<S, A: Number> FoldedSizes<Cons<A, Nil>> for S
where
    S: AtOr<A::U, Dim<1>>,
{
    type Output = <S as AtOr<A::U, Dim<1>>>::Output;
}
impl<S, A: Number, A2, Rest> FoldedSizes<Cons<A, Cons<A2, Rest>>> for S
where
    S: AtOr<A::U, Dim<1>> + FoldedSizes<Cons<A2, Rest>>,
{
    type Output = ProductOf<<S as AtOr<A::U, Dim<1>>>::Output, <S as FoldedSizes<Cons<A2, Rest>>>::Output>;
}

/// The count `A × B` of the elements an output folds, as the sizes that make it: what an
/// argmax's message names when the count is too large. A type only; no value has it.
pub struct ProductOf<A, B>(core::marker::PhantomData<(A, B)>);

impl<const N: usize> FoldCount for Dim<N>
where
    Dim<N>: Number,
{
    type N = <Dim<N> as Number>::U;
}
impl<const N: usize, U: Unsigned> FoldCount for Big<N, U> {
    type N = U;
}
impl<A: FoldCount, B: FoldCount> FoldCount for ProductOf<A, B>
where
    A::N: Mul<B::N>,
    Prod<A::N, B::N>: Unsigned,
{
    type N = Prod<A::N, B::N>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "each output of this argmax or argmin must fold a fixed count of at most 4,294,967,295 elements, and it folds `{Self}`",
        label = "the reduced sizes must be fixed, and multiply to at most 4,294,967,295, here",
        note = "the position of the maximum or minimum is counted in a `u32`, so that a block of outputs compares and picks positions in the vector registers that pick the values",
        note = "over a size known only at run time, use the `try_` twin (`try_argmax_axes`), which returns `None` when an axis is empty or the count passes that",
        note = "past it, evaluate the expression into a tensor first and use the tensors' `argmax_axes`/`argmin_axes`, which count positions in a `usize`"
    )]
    /// The reduced sizes `Self` ([`FoldedSizes`]) are fixed and multiply to at most `u32::MAX`.
    /// Holds through [`FewPositionsCount`], so that a run-time size is reached as late as a
    /// fixed one.
    pub trait FewPositions[]();
    /// Fixed sizes whose product is at most `u32::MAX`.
    pub trait FewPositionsCount;
    /// `()`: computed, it checks the count.
    type Proof;
    /// The number of elements [`FoldedSizes`] names, a typenum number; fixed sizes only.
    pub trait FoldCount {
        /// The count.
        type N: Unsigned;
    }
}
#[diagnostic::do_not_recommend]
impl<X: FoldCount> FewPositionsCount for X
where
    X::N: IsLessOrEqual<U4294967295>,
    LeEq<X::N, U4294967295>: FitsPositions,
{
    type Proof = ();
}

/// `InsertOnes(l, axes)`: `l` with a size 1 inserted before each position of the increasing
/// list `axes`, in turn: the shape of a reduction that keeps its axes, from the shape without
/// them.
pub trait InsertOnes<L> {
    /// The longer list.
    type Output;
}
impl<S> InsertOnes<Nil> for S {
    type Output = S;
}
impl<S, A: Number, Rest> InsertOnes<Cons<A, Rest>> for S
where
    S: InsertAt<A::U>,
    <S as InsertAt<A::U>>::Output: InsertOnes<Rest>,
{
    type Output = <<S as InsertAt<A::U>>::Output as InsertOnes<Rest>>::Output;
}
