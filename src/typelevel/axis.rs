//! Changing a shape's axes: inserting a size-1 axis, removing the axes of a reduction.

use core::ops::{Add, Sub};

use typenum::{Add1, B0, B1, Sub1, UInt, UTerm};

use crate::shape::{Cons, Dim, Nil};
use crate::typelevel::{Axis, Checked, InsertSizeAtOr, MarkAt, Reverse, SizeOf, ToSize};

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
/// counting positions from `i`. Marked positions past the end are ignored: [`AxesInShape`]
/// checks them, apart, so that the output is computed even when they are wrong.
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
/// The list ended with marked positions left, past its end: ignored ([`AxesInShape`] checks them).
impl<M, MT, I, Acc> RemoveOnto<Cons<M, MT>, I, Acc> for Nil {
    type Output = Acc;
}

/// Every marked position (a sorted list) is a position of the list `Self`, counting from `i`:
/// the check of the axes a reduction removes. A step names the tail's check only as its own
/// `Proof`, and the check of a position past the end, [`InShape`], only in its `Proof`: rustc
/// meets a wrong axis while it computes the shape the axes are removed from, and names the axis
/// and the rank, with no line naming the shape.
pub trait AxesInShape<Marked, I> {
    /// `()`: computed, it checks the axes.
    type Proof;
}
impl<I> AxesInShape<Nil, I> for Nil {
    type Proof = ();
}
impl<M, MT, I> AxesInShape<Cons<M, MT>, I> for Nil
where
    M: ToAxis,
    I: ToSize,
    SizeOf<I>: ToRank,
    <M as ToAxis>::Output: InShape<<SizeOf<I> as ToRank>::Output>,
{
    type Proof = <<M as ToAxis>::Output as InShape<<SizeOf<I> as ToRank>::Output>>::Proof;
}
impl<H, T, M, I> AxesInShape<M, I> for Cons<H, T>
where
    I: Add<B1>,
    M: MarkAt<I>,
    T: AxesInShape<Rest<M, I>, Add1<I>>,
{
    type Proof = <T as AxesInShape<Rest<M, I>, Add1<I>>>::Proof;
}

/// The rank `R` of a shape, as a type (what an error names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rank<const R: usize>;

/// The axis `Self` is an axis of a shape of rank `R`: `Axis<A>` below `Rank<R>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is past the last axis of a shape of `{R}`: axes are numbered from 0, outermost first, below the rank",
    label = "an axis past the last axis of the shape",
    note = "a shape of rank r has axes 0 to r − 1"
)]
pub trait AxisIn<R> {
    /// `()`: computed, it checks the axis.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const R: usize> AxisIn<Rank<R>> for Axis<A>
where
    typenum::Const<A>: typenum::ToUInt,
    typenum::Const<R>: typenum::ToUInt,
    typenum::U<A>: typenum::IsLess<typenum::U<R>, Output = B1>,
{
    type Proof = ();
}

/// The shape `Self` has an axis `A`: the check of [`AxisIn`] on its rank.
pub trait HasAxisAt<const A: usize> {
    /// `()`: computed, it checks the axis.
    type Proof;
}
impl<S: ListRank, const A: usize> HasAxisAt<A> for S
where
    Axis<A>: AxisIn<<S as ListRank>::Output>,
{
    type Proof = <Axis<A> as AxisIn<<S as ListRank>::Output>>::Proof;
}

/// A shape `Self` into which an axis is inserted before position `I` (a typenum number): it has
/// room for one more axis ([`RankWithinLimit`]), and `I` is at most its rank ([`InsertBefore`]).
pub trait InsertCheck<I> {
    /// `()`: computed, it checks the insertion.
    type Proof;
}
// The room is checked on the rank the shape would have (at most 64), not on its rank now (less
// than 64): that depends on the position, which rustc has not read when it looks for the method
// `insert_axis::<I>`; a check of the rank alone ruled the method out for a shape of 64 axes
// ("the method exists but its trait bounds were not satisfied", in typenum's words).
impl<S: ListRank, I> InsertCheck<I> for S
where
    I: ToSize,
    SizeOf<I>: ToAxis,
    S: InsertSizeAtOr<I, Dim<1>>,
    <S as InsertSizeAtOr<I, Dim<1>>>::Output: ListRank,
    <<S as InsertSizeAtOr<I, Dim<1>>>::Output as ListRank>::Output:
        RankWithinLimit<<SizeOf<I> as ToAxis>::Output>,
    <SizeOf<I> as ToAxis>::Output: InsertBefore<<S as ListRank>::Output>,
{
    type Proof = Checked<
        <<<S as InsertSizeAtOr<I, Dim<1>>>::Output as ListRank>::Output as RankWithinLimit<
            <SizeOf<I> as ToAxis>::Output,
        >>::Proof,
        <<SizeOf<I> as ToAxis>::Output as InsertBefore<<S as ListRank>::Output>>::Proof,
    >;
}

/// A shape of rank `Self` (`Rank<R>`), made by inserting an axis before `A` (named so that
/// two insertions that fail are two errors), is within the limit of 64 axes.
#[diagnostic::on_unimplemented(
    message = "a shape has at most 64 axes, and a new axis before `{A}` would make this one `{Self}`",
    label = "no room for another axis",
    note = "64 axes is NumPy's limit and shapecast's: every rule and kernel handles at most 64"
)]
pub trait RankWithinLimit<A> {
    /// `()`: computed, it checks the rank.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const R: usize, A> RankWithinLimit<A> for Rank<R>
where
    typenum::Const<R>: typenum::ToUInt,
    typenum::U<R>: typenum::IsLessOrEqual<typenum::U64, Output = B1>,
{
    type Proof = ();
}

/// A new axis inserted before `Self` (`Axis<I>`) in a shape of rank `R`: `I ≤ R`.
#[diagnostic::on_unimplemented(
    message = "cannot insert a new axis before `{Self}` in a shape of `{R}`: the new axis goes at most after the last one",
    label = "a new axis past the end of this shape",
    note = "the new axis is inserted before the axis of that number; the rank itself appends it"
)]
pub trait InsertBefore<R> {
    /// `()`: computed, it checks the position.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const R: usize> InsertBefore<Rank<R>> for Axis<A>
where
    typenum::Const<A>: typenum::ToUInt,
    typenum::Const<R>: typenum::ToUInt,
    typenum::U<A>: typenum::IsLessOrEqual<typenum::U<R>, Output = B1>,
{
    type Proof = ();
}

/// `Self` with `X` inserted before position `I`, when it has room for another axis; else
/// `Self` as it is ([`InsertCheck`] refuses it): an insertion that never fails, and whose
/// result is a shape.
pub trait InsertWithin<I, X> {
    /// The longer list, or `Self`.
    type Output;
}
impl<S: crate::shape::AnyShape, I, X> InsertWithin<I, X> for S
where
    S::Room: RoomInsert<S, I, X>,
{
    type Output = <S::Room as RoomInsert<S, I, X>>::Output;
}

/// [`InsertWithin`] by the room `Self` the shape `S` leaves.
pub trait RoomInsert<S, I, X> {
    /// The longer list, or `S`.
    type Output;
}
impl<R, S: InsertSizeAtOr<I, X>, I, X> RoomInsert<S, I, X> for crate::shape::MoreRoom<R> {
    type Output = <S as InsertSizeAtOr<I, X>>::Output;
}
impl<S, I, X> RoomInsert<S, I, X> for crate::shape::Room0 {
    type Output = S;
}

/// The rank of a list `Self`, as `Rank<R>` (what an error names).
pub trait ListRank {
    /// `Rank<R>`.
    type Output;
}
impl<L: ListLen> ListRank for L
where
    L::Len: ToSize,
    SizeOf<L::Len>: ToRank,
{
    type Output = <SizeOf<L::Len> as ToRank>::Output;
}

/// The length of a list `Self`, a typenum number.
pub trait ListLen {
    /// The length.
    type Len;
}
impl ListLen for Nil {
    type Len = typenum::U0;
}
impl<H, T: ListLen> ListLen for Cons<H, T>
where
    T::Len: Add<B1>,
{
    type Len = Add1<T::Len>;
}

/// A position as `axes!` writes it, `Dim<A>`, as the axis `Axis<A>`.
pub trait ToAxis {
    /// `Axis<A>`.
    type Output;
}
impl<const A: usize> ToAxis for Dim<A> {
    type Output = Axis<A>;
}

/// A count of axes as `Dim<R>`, as the rank `Rank<R>`.
pub trait ToRank {
    /// `Rank<R>`.
    type Output;
}
impl<const R: usize> ToRank for Dim<R> {
    type Output = Rank<R>;
}

/// The axis `Self` is an axis of a shape of rank `R`: asked only of an axis past the last, and
/// holds through [`AxisOfRank`], which holds for no axis.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is past the last axis of a shape of `{R}`: axes are numbered from 0, outermost first, below the rank",
    label = "an axis past the last axis of the shape",
    note = "a shape of rank r has axes 0 to r − 1, and `axes![…]` lists them in increasing order; the reductions (`sum_axes`, `max_axes`, …) remove the axes they fold, `index_axis::<A>`, `take_along::<A>` and `add_along::<A>` the axis they index"
)]
pub trait InShape<R> {
    /// `()`: computed, it checks the axis.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const R: usize> InShape<Rank<R>> for Axis<A>
where
    Axis<A>: AxisOfRank<R>,
{
    type Proof = <Axis<A> as AxisOfRank<R>>::Proof;
}

/// `Self` is an axis of a shape of rank `R`: never implemented, since [`InShape`] asks it only
/// of an axis past the last.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is past the last axis of a shape of rank {R}: axes are numbered from 0, outermost first, below the rank",
    label = "an axis past the last axis of the shape",
    note = "a shape of rank r has axes 0 to r − 1, and `axes![…]` lists them in increasing order; the reductions (`sum_axes`, `max_axes`, …) remove the axes they fold, `index_axis::<A>`, `take_along::<A>` and `add_along::<A>` the axis they index"
)]
pub trait AxisOfRank<const R: usize> {
    /// `()`, never computed: the check of a wrong axis has no type, and so has no output.
    type Proof;
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
