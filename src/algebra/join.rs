//! Tensors joined into a new one: `concat` along an existing axis, `stack` along a new one.

use core::ops::Add;
use shapecast_macros::hot;

use typenum::{Const, NonZero, Sum, ToUInt, U};

use super::index::NoAxis;
use super::permute::SetAt;
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, Cons, Dim, Extent, Nil, Number};
use crate::tensor::{Data, Home, HomeOf, New, Owned, OwnedData, Owning, ShapeError, TensorBase, TensorMut};
use crate::typelevel::{
    Ahead, At, AtOr, Axis, Checked, Fixed, Here, InsertCheck, InsertWithin, ListRank, Next, NextAxis, Rank,
    Runtime, SizeOf, ToSize,
};
use shapecast_rules::MAX_RANK;

/// `Self` and `B` joined along axis `AXIS`: the sizes there added, every other axis the same
/// size in both (one fixed size, or one run-time binding). The shape of
/// [`a.concat::<AXIS>(&b)`](Concat::concat).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Concatenated;
/// use static_assertions::assert_type_eq_all;
/// struct Batch;
/// assert_type_eq_all!(Concatenated<shape![2, 3], shape![4, 3], 0>, shape![6, 3]);
/// assert_type_eq_all!(Concatenated<shape![2, 3], shape![2, 5], 1>, shape![2, 8]);
/// assert_type_eq_all!(Concatenated<shape![Batch<'static>, 3], shape![Batch<'static>, 5], 1>, shape![Batch<'static>, 8]);
/// ```
///
/// Two fixed sizes on the joined axis add into `Dim<N>` ([`ToSize`]: past typenum's table of
/// constants, a compile error); with a run-time size there, the sum is a size of its own type,
/// [`Plus<A, B>`](super::Plus) (`Batch+Extra`).
#[diagnostic::on_unimplemented(
    message = "cannot concatenate along axis {AXIS}: the first tensor's shape has no axis {AXIS}",
    label = "no axis {AXIS} in the first tensor's shape",
    note = "axes are numbered from 0, outermost first: a shape of rank r has axes 0 to r − 1",
    note = "to join tensors along a new axis, stack them: `[&a, &b].stack::<AXIS>()`"
)]
pub trait ConcatShape<B, const AXIS: usize>: AnyShape {
    /// The joined shape.
    type Output: AnyShape;
}

// Every check is stated with `B` as the `Self` of its trait: while the other operand's type is
// still being inferred, rustc then tries none of these impls, and so never infers `B` from them
// (with `A` as `Self`, the first size of `[2, 3]` meeting `[4, 5]` made rustc expect the
// argument as `[_, 3]`: a type mismatch on the argument instead of the error naming both sizes).
//
// The output is the joined shape computed whatever the other sizes and the ranks
// ([`ConcatWalk`]), checked as a proof: the ranks ([`RankMatches`]), then the other sizes
// ([`ConcatSame`]). These bounds meet the checks one impl further than the output does, so
// rustc reports a failure on the two ranks or the two sizes alone, with no line naming the shapes.
impl<A, B, const AXIS: usize> ConcatShape<B, AXIS> for A
where
    Const<AXIS>: ToUInt,
    A: AnyShape + HasAxis<AXIS> + ListRank,
    Axis<AXIS>: crate::typelevel::Distance,
    B: AnyShape
        + ConcatRank<A>
        + ConcatWalk<A, Start<AXIS>, Axis<0>, AXIS>
        + ConcatSame<A, Start<AXIS>, Axis<0>, AXIS>,
    <B as ConcatWalk<A, Start<AXIS>, Axis<0>, AXIS>>::Output: AnyShape,
{
    type Output = Checked<
        Checked<<B as ConcatWalk<A, Start<AXIS>, Axis<0>, AXIS>>::Output, <B as ConcatRank<A>>::Proof>,
        <B as ConcatSame<A, Start<AXIS>, Axis<0>, AXIS>>::Proof,
    >;
}

/// The walk's start towards axis `AXIS`: `Here` inside `AXIS` `Ahead`s.
type Start<const AXIS: usize> = <Axis<AXIS> as crate::typelevel::Distance>::Output;

/// `A` and `B` joined along `AXIS` (see [`ConcatShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Concatenated;
/// static_assertions::assert_type_eq_all!(Concatenated<shape![2, 3], shape![2, 1], 1>, shape![2, 4]);
/// ```
pub type Concatenated<A, B, const AXIS: usize> = <A as ConcatShape<B, AXIS>>::Output;

/// Both lists have as many entries.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate: the two shapes have different numbers of axes",
    label = "shapes of different ranks",
    note = "a concatenation joins two tensors of one rank along an axis they both have",
    note = "to join tensors along a new axis, stack them: `[&a, &b].stack::<AXIS>()`; to give one tensor a size-1 axis first, `insert_axis::<I>()`"
)]
pub trait SameRankAs<A> {}
impl SameRankAs<Nil> for Nil {}
#[diagnostic::do_not_recommend]
impl<H, T: SameRankAs<T2>, H2, T2> SameRankAs<Cons<H2, T2>> for Cons<H, T> {}

/// The second operand of a concatenation, `Self`, has the rank of the first, `A`: the check of
/// [`RankMatches`] on the ranks, as `Rank<N>`.
pub trait ConcatRank<A> {
    /// `()`: computed, it checks the ranks.
    type Proof;
}
impl<B: ListRank, A: ListRank> ConcatRank<A> for B
where
    <B as ListRank>::Output: RankMatches<<A as ListRank>::Output>,
{
    type Proof = <<B as ListRank>::Output as RankMatches<<A as ListRank>::Output>>::Proof;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot concatenate: the first tensor has `{R}` and the second `{Self}`, and a concatenation joins two tensors of one rank",
        label = "shapes of different ranks",
        note = "a concatenation joins two tensors of one rank along an axis they both have",
        note = "to join tensors along a new axis, stack them: `[&a, &b].stack::<AXIS>()`; to give one tensor a size-1 axis first, `insert_axis::<I>()`"
    )]
    /// The second operand of a concatenation has the rank `Self`, the first `R` (`Rank<N>` both):
    /// the same. Holds through [`RanksEqual`].
    pub trait RankMatches[R](R);
    /// Two ranks `Rank<N>` are one.
    pub trait RanksEqual;
    /// `()`: computed, it checks the ranks.
    type Proof;
}

impl<const N: usize> RanksEqual<Rank<N>> for Rank<N> {
    type Proof = ();
}

/// The list has an entry at position `AXIS`.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate along axis {AXIS}: the first tensor's shape has no axis {AXIS}",
    label = "no axis {AXIS} in this shape",
    note = "axes are numbered from 0, outermost first: a shape of rank r has axes 0 to r − 1",
    note = "to join tensors along a new axis, stack them: `[&a, &b].stack::<AXIS>()`"
)]
pub trait HasAxis<const AXIS: usize> {}
#[diagnostic::do_not_recommend]
impl<S, const AXIS: usize> HasAxis<AXIS> for S
where
    Const<AXIS>: ToUInt,
    S: At<U<AXIS>>,
{
}

/// The walk of a concatenation over the second operand's sizes (`Self`) beside the first's
/// (`A`), `I` axes before the joined one (`Here` inside `I` `Ahead`s), at the axis `K` (for the
/// error messages): the sizes `Here` joined, every other pair the same size; the result has
/// `A`'s sizes elsewhere. A list that ends first ends the walk: the ranks and the axis are
/// checked apart ([`RankMatches`], [`HasAxis`]), so that each mistake is one error. The other
/// sizes are not compared here either, but by [`ConcatSame`], as a proof of the output.
pub trait ConcatWalk<A, I, K, const AXIS: usize> {
    /// The joined list.
    type Output;
}
impl<A, I, K, const AXIS: usize> ConcatWalk<A, I, K, AXIS> for Nil {
    type Output = A;
}
impl<H, T, I, K, const AXIS: usize> ConcatWalk<Nil, I, K, AXIS> for Cons<H, T> {
    type Output = Nil;
}
impl<HA, TA, HB, TB, P, K, const AXIS: usize> ConcatWalk<Cons<HA, TA>, Ahead<P>, K, AXIS> for Cons<HB, TB>
where
    K: NextAxis,
    TB: ConcatWalk<TA, P, Next<K>, AXIS>,
{
    type Output = Cons<HA, <TB as ConcatWalk<TA, P, Next<K>, AXIS>>::Output>;
}
impl<HA, TA, HB, TB, K, const AXIS: usize> ConcatWalk<Cons<HA, TA>, Here, K, AXIS> for Cons<HB, TB>
where
    HB: JoinSize<HA, AXIS>,
{
    type Output = Cons<<HB as JoinSize<HA, AXIS>>::Output, TA>;
}

/// The check of a concatenation's walk ([`ConcatWalk`], same parameters): every pair of sizes
/// but the joined one the same ([`SameSizeAs`]). A step names the tail's check and its pair's
/// only in its `Proof`, so that rustc meets a pair that differs as it computes the output.
pub trait ConcatSame<A, I, K, const AXIS: usize> {
    /// `()`: computed, it checks the sizes.
    type Proof;
}
impl<A, I, K, const AXIS: usize> ConcatSame<A, I, K, AXIS> for Nil {
    type Proof = ();
}
impl<H, T, I, K, const AXIS: usize> ConcatSame<Nil, I, K, AXIS> for Cons<H, T> {
    type Proof = ();
}
impl<HA, TA, HB, TB, P, K, const AXIS: usize> ConcatSame<Cons<HA, TA>, Ahead<P>, K, AXIS> for Cons<HB, TB>
where
    HB: SameSizeAs<HA, K, AXIS>,
    K: NextAxis,
    TB: ConcatSame<TA, P, Next<K>, AXIS>,
{
    type Proof =
        Checked<<HB as SameSizeAs<HA, K, AXIS>>::Proof, <TB as ConcatSame<TA, P, Next<K>, AXIS>>::Proof>;
}
impl<HA, TA, HB, TB, K, const AXIS: usize> ConcatSame<Cons<HA, TA>, Here, K, AXIS> for Cons<HB, TB>
where
    K: NextAxis,
    TB: SameSizesFrom<TA, Next<K>, AXIS>,
{
    type Proof = <TB as SameSizesFrom<TA, Next<K>, AXIS>>::Proof;
}

/// Every pair of sizes the same, from the axis `K` on (after the joined axis).
pub trait SameSizesFrom<A, K, const AXIS: usize> {
    /// `()`: computed, it checks the sizes.
    type Proof;
}
impl<A, K, const AXIS: usize> SameSizesFrom<A, K, AXIS> for Nil {
    type Proof = ();
}
impl<H, T, K, const AXIS: usize> SameSizesFrom<Nil, K, AXIS> for Cons<H, T> {
    type Proof = ();
}
impl<HA, TA, HB, TB, K, const AXIS: usize> SameSizesFrom<Cons<HA, TA>, K, AXIS> for Cons<HB, TB>
where
    HB: SameSizeAs<HA, K, AXIS>,
    K: NextAxis,
    TB: SameSizesFrom<TA, Next<K>, AXIS>,
{
    type Proof =
        Checked<<HB as SameSizeAs<HA, K, AXIS>>::Proof, <TB as SameSizesFrom<TA, Next<K>, AXIS>>::Proof>;
}

impl<X, K, const AXIS: usize> SameSizeOn<X, K, AXIS> for X {
    type Proof = ();
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot concatenate along axis {AXIS}: on `{K}` the sizes `{A}` and `{Self}` differ",
        label = "every axis but the joined one must have one size in both tensors",
        note = "a concatenation along axis {AXIS} adds the sizes of axis {AXIS} and keeps every other axis, which must therefore be the same in both: one fixed size, or one run-time size of one binding (a run-time size never equals a fixed size or another binding: convert first, checked at run time, `x.to_fixed::<shape![…]>()?`)",
        note = "if these are the sizes to join, name their axis: `a.concat::<1>(&b)` joins `[2, 3]` and `[2, 5]` into `[2, 8]`"
    )]
    /// [`SameSizeOn`], one impl away: the bounds of a concatenation meet it only through this impl,
    /// while its output meets it at once, so that rustc reports the two sizes alone.
    pub trait SameSizeAs[A, K, const AXIS: usize](A, K, AXIS);
    /// Two sizes on an axis `K` that a concatenation along `AXIS` keeps, the first operand's `A`
    /// and the second's `Self`: the same size, one type (one fixed size, or one run-time binding).
    pub trait SameSizeOn;
    /// `()`: computed, it checks the sizes.
    type Proof;
}

/// The sizes of the joined axis, added: fixed sizes only, dispatched on their kinds (the second
/// operand's size is `Self`, the first's `A`).
pub trait JoinSize<A, const AXIS: usize> {
    /// The sum, as a size.
    type Output;
}
impl<A: Extent, B: Extent, const AXIS: usize> JoinSize<A, AXIS> for B
where
    (A::Kind, B::Kind): JoinKinds<A, B, AXIS>,
{
    type Output = <(A::Kind, B::Kind) as JoinKinds<A, B, AXIS>>::Output;
}

/// The sum of two sizes `A`, `B` of the kinds `Self`: two fixed sizes add into the `Dim` of the
/// sum; with a run-time size, the sum is a size of its own type, [`Plus<A, B>`](super::Plus).
pub trait JoinKinds<A, B, const AXIS: usize> {
    /// The sum, as a size.
    type Output;
}
impl<A, B, const AXIS: usize> JoinKinds<A, B, AXIS> for (Fixed, Fixed)
where
    (A, B): JoinedSize<AXIS>,
{
    type Output = <(A, B) as JoinedSize<AXIS>>::Output;
}
impl<A, B, const AXIS: usize> JoinKinds<A, B, AXIS> for (Runtime, Fixed) {
    type Output = super::Plus<A, B>;
}
impl<A, B, K, const AXIS: usize> JoinKinds<A, B, AXIS> for (K, Runtime) {
    type Output = super::Plus<A, B>;
}

/// The sum of two fixed sizes `Self = (A, B)`, when `Dim` has a type for it.
#[diagnostic::on_unimplemented(
    message = "cannot concatenate along axis {AXIS}: the joined size, the sum of `{Self}`, has no size type",
    label = "the joined size is outside the table of computed sizes",
    note = "a computed size is written as the type `shape!` writes for it, which exists for 0 to 1024, 3600, from 2047 on the powers of two and the powers of two less one, the powers of ten from 10,000, and k · 2^j for k among 3, 5, 7, 9, 15, 25, 27, 45, 49, 75, 81 and 125 (1536, 3072, 6144, …)",
    note = "to build the joined tensor anyway, name its shape and copy the elements in: `BoxedTensor::<T, shape![N]>::from_fn(…)`, reading the operands' `as_slice()`"
)]
pub trait JoinedSize<const AXIS: usize> {
    /// The sum, as a size.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<A: Number, B: Number, const AXIS: usize> JoinedSize<AXIS> for (A, B)
where
    A::U: Add<B::U>,
    Sum<A::U, B::U>: ToSize,
    SizeOf<Sum<A::U, B::U>>: Extent,
{
    type Output = SizeOf<Sum<A::U, B::U>>;
}

/// `Self` and `B` joined back along axis `AXIS` after a split: `Self` with a size `K` there,
/// `B` with [`Minus`](super::Minus)`<N, K>` (what a split at `K` left of `N`), every other
/// axis the same size in both. The result has `N` itself on `AXIS`: the shape of
/// [`a.rejoin::<AXIS>(&b)`](Concat::rejoin), where [`Concatenated`] would give
/// [`Plus`](super::Plus)`<K, Minus<N, K>>`.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::{Minus, Rejoined};
/// use shapecast::shape::Dim;
/// struct Rows;
/// struct Train;
/// type Fit = shape![Train<'static>, 3];
/// type Test = shapecast::shape::Cons<Minus<Dyn<'static, Rows>, Dyn<'static, Train>>, shape![3]>;
/// static_assertions::assert_type_eq_all!(Rejoined<Fit, Test, 0>, shape![Rows<'static>, 3]);
/// // Fixed sizes: [5] cut at a position of size `Dim<2>` by `split_off`.
/// type Rest = shapecast::shape::Cons<Minus<Dim<5>, Dim<2>>, shapecast::shape::Nil>;
/// static_assertions::assert_type_eq_all!(Rejoined<shape![2], Rest, 0>, shape![5]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot rejoin along axis {AXIS}: the first part's shape has no axis {AXIS}",
    label = "no axis {AXIS} in the first part's shape",
    note = "axes are numbered from 0, outermost first: a shape of rank r has axes 0 to r − 1"
)]
pub trait RejoinShape<B, const AXIS: usize>: AnyShape {
    /// The whole shape.
    type Output: AnyShape;
}

// As `ConcatShape`: the output computed from the second part's size alone ([`WholeOf`]), and
// checked as proofs: the ranks ([`RankMatches`]), the other sizes ([`ConcatSame`]) and the
// position of the cut ([`CutFrom`]), each reported on the ranks or the sizes alone.
impl<A, B, const AXIS: usize> RejoinShape<B, AXIS> for A
where
    Const<AXIS>: ToUInt,
    A: AnyShape + HasAxis<AXIS> + ListRank + AtOr<U<AXIS>, NoAxis>,
    Axis<AXIS>: crate::typelevel::Distance,
    B: AnyShape + ConcatRank<A> + ConcatSame<A, Start<AXIS>, Axis<0>, AXIS> + RejoinedAt<A, AXIS>,
{
    type Output = Checked<
        Checked<
            Checked<<B as RejoinedAt<A, AXIS>>::Output, <B as ConcatRank<A>>::Proof>,
            <B as ConcatSame<A, Start<AXIS>, Axis<0>, AXIS>>::Proof,
        >,
        <B as RejoinedAt<A, AXIS>>::Proof,
    >;
}

/// A part's size on axis `AXIS`.
type Part<S, const AXIS: usize> = <S as AtOr<U<AXIS>, NoAxis>>::Output;

/// The size a second part `B` was cut from, on axis `AXIS`.
type Whole<B, const AXIS: usize> = <Part<B, AXIS> as WholeOf<AXIS>>::Whole;

/// The first part `A` with the size on `AXIS` that the second part `Self` was cut from, and the
/// check of the two sizes there ([`WholeOf`], [`CutFrom`]): one impl away from
/// [`RejoinShape`]'s output, which meets the check at once, so that rustc reports a second part
/// that is no split's, or another split's, on the sizes alone.
pub trait RejoinedAt<A, const AXIS: usize> {
    /// The whole shape.
    type Output: AnyShape;
    /// `()`: computed, it checks the sizes on `AXIS`.
    type Proof;
}
impl<A, B, const AXIS: usize> RejoinedAt<A, AXIS> for B
where
    Const<AXIS>: ToUInt,
    A: AtOr<U<AXIS>, NoAxis>,
    B: AtOr<U<AXIS>, NoAxis>,
    Part<B, AXIS>: WholeOf<AXIS> + CutFrom<Part<A, AXIS>, AXIS> + WholeOrSelf,
    A: SetAt<U<AXIS>, <Part<B, AXIS> as WholeOrSelf>::Whole>,
    <A as SetAt<U<AXIS>, <Part<B, AXIS> as WholeOrSelf>::Whole>>::Output: AnyShape,
{
    type Output = <A as SetAt<U<AXIS>, <Part<B, AXIS> as WholeOrSelf>::Whole>>::Output;
    type Proof = Checked<Whole<B, AXIS>, <Part<B, AXIS> as CutFrom<Part<A, AXIS>, AXIS>>::Proof>;
}

/// The size `N` that a size `Self` = [`Minus`](super::Minus)`<N, K>` is what was left of, and
/// every other size itself: [`WholeOf`] with no check, for the whole shape, which is checked
/// apart.
pub trait WholeOrSelf {
    /// `N`, or `Self`.
    type Whole;
}
impl<N, K> WholeOrSelf for super::Minus<N, K> {
    type Whole = N;
}
impl WholeOrSelf for NoAxis {
    type Whole = NoAxis;
}
impl<const N: usize> WholeOrSelf for Dim<N> {
    type Whole = Self;
}
impl<const N: usize, V> WholeOrSelf for crate::shape::Big<N, V> {
    type Whole = Self;
}
impl<Name> WholeOrSelf for crate::size::Dyn<'_, Name> {
    type Whole = Self;
}
impl<X, Y> WholeOrSelf for super::Plus<X, Y> {
    type Whole = Self;
}
impl<X, Y> WholeOrSelf for super::Times<X, Y> {
    type Whole = Self;
}
impl<X, Y> WholeOrSelf for super::Over<X, Y> {
    type Whole = Self;
}

/// `A` and `B` joined back along `AXIS` (see [`RejoinShape`]).
pub type Rejoined<A, B, const AXIS: usize> = <A as RejoinShape<B, AXIS>>::Output;

/// The tensor `a.rejoin::<AXIS>(&b)` returns, for `a: A` and `b: B`.
pub type RejoinOutput<A, B, const AXIS: usize> = Owned<
    <A as Operand>::Elem,
    Rejoined<<A as Operand>::Shape, <B as Operand>::Shape, AXIS>,
    HomeOfBoth<A, B>,
>;

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot rejoin along axis {AXIS}: the second part's size there, `{Self}`, is not what a split left",
        label = "the second part must be what `split_off` left on axis {AXIS}, a size `N-K`",
        note = "`a.rejoin::<AXIS>(&b)` joins the two parts of one split back: `a` with `K` positions on axis {AXIS}, `b` with what was left of its size `N`, the size `Minus<N, K>` (printed `N-K`); to join other tensors, `a.concat::<AXIS>(&b)` adds their sizes"
    )]
/// The size `N` that a size `Self` = [`Minus`](super::Minus)`<N, K>` is what was left of: the
/// second part of a split, on the joined axis `AXIS`.
///
/// Holds through [`LeftOf`], one impl away, so that rustc reports it on the size alone.
pub trait WholeOf<const AXIS: usize> {
    /// `N`.
    type Whole;
}
/// [`WholeOf`]'s rule: the size `N` that `Self` = [`Minus`](super::Minus)`<N, K>` was left of.
pub trait LeftOf<const AXIS: usize> {
    /// `N`.
    type Whole;
}
}

#[diagnostic::do_not_recommend]
impl<X: LeftOf<AXIS>, const AXIS: usize> WholeOf<AXIS> for X {
    type Whole = <X as LeftOf<AXIS>>::Whole;
}

impl<N, K, const AXIS: usize> LeftOf<AXIS> for super::Minus<N, K> {
    type Whole = N;
}
#[diagnostic::do_not_recommend]
impl<const AXIS: usize> LeftOf<AXIS> for NoAxis {
    type Whole = NoAxis;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot rejoin along axis {AXIS}: the second part is `{Self}`, what was left past another position than the first part's `{K}`",
        label = "the two parts of one split: the first part's size must be the position the second was cut at",
        note = "`a.rejoin::<AXIS>(&b)` joins the two parts of one split back: `a` with `K` positions on axis {AXIS} and `b` with `N-K`, one `K` (one fixed size, or one run-time binding); parts of two splits, even at equal positions, are two sizes",
        note = "to join tensors whose sizes are not one split's parts, concatenate them, `a.concat::<AXIS>(&b)`, then convert the sum, checked at run time (`cast_shape`)"
    )]
    /// [`LeftPast`], one impl away: a second part's size `Self`, cut at the first part's size `K`.
    pub trait CutFrom[K, const AXIS: usize](K, AXIS);
    /// The size `Self` = [`Minus`](super::Minus)`<N, K>`: what a cut at `K` left.
    pub trait LeftPast;
    /// `()`: computed, it checks the position.
    type Proof;
}

impl<N, K, const AXIS: usize> LeftPast<K, AXIS> for super::Minus<N, K> {
    type Proof = ();
}
// Every other size: [`WholeOf`] refuses it, the one error.
impl<K, const AXIS: usize> LeftPast<K, AXIS> for NoAxis {
    type Proof = ();
}
impl<K, const N: usize, const AXIS: usize> LeftPast<K, AXIS> for Dim<N> {
    type Proof = ();
}
impl<K, const N: usize, V, const AXIS: usize> LeftPast<K, AXIS> for crate::shape::Big<N, V> {
    type Proof = ();
}
impl<K, Name, const AXIS: usize> LeftPast<K, AXIS> for crate::size::Dyn<'_, Name> {
    type Proof = ();
}
impl<K, X, Y, const AXIS: usize> LeftPast<K, AXIS> for super::Plus<X, Y> {
    type Proof = ();
}
impl<K, X, Y, const AXIS: usize> LeftPast<K, AXIS> for super::Times<X, Y> {
    type Proof = ();
}
impl<K, X, Y, const AXIS: usize> LeftPast<K, AXIS> for super::Over<X, Y> {
    type Proof = ();
}

/// `Self` stacked `N` times along a new axis before position `AXIS` (`AXIS` = the rank appends
/// it): the shape of [`[&a, &b, …].stack::<AXIS>()`](Stack::stack), `Dim<N>` inserted.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Stacked;
/// struct Batch;
/// static_assertions::assert_type_eq_all!(Stacked<shape![2, 3], 0, 4>, shape![4, 2, 3]);
/// static_assertions::assert_type_eq_all!(Stacked<shape![2, 3], 2, 4>, shape![2, 3, 4]);
/// static_assertions::assert_type_eq_all!(Stacked<shape![Batch<'static>], 1, 2>, shape![Batch<'static>, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot stack these tensors along a new axis {AXIS}: the new axis goes at most after the last one",
    label = "a new axis {AXIS} is past the end of this shape",
    note = "the new axis is inserted before axis {AXIS} of the operands' shape; {AXIS} equal to the rank appends it, and a shape has at most 64 axes"
)]
pub trait StackShape<const AXIS: usize, const N: usize>: AnyShape {
    /// The stacked shape.
    type Output: AnyShape;
}

// As `insert_axis`: the stacked shape for any position and rank, checked as a proof
// (`InsertCheck`), whose failure names the axis and the rank.
impl<S, const AXIS: usize, const N: usize> StackShape<AXIS, N> for S
where
    Const<AXIS>: ToUInt,
    S: AnyShape + InsertWithin<U<AXIS>, Dim<N>> + InsertCheck<U<AXIS>>,
    <S as InsertWithin<U<AXIS>, Dim<N>>>::Output: AnyShape,
{
    type Output = Checked<<S as InsertWithin<U<AXIS>, Dim<N>>>::Output, <S as InsertCheck<U<AXIS>>>::Proof>;
}

/// `S` stacked `N` times along a new axis `AXIS` (see [`StackShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Stacked;
/// static_assertions::assert_type_eq_all!(Stacked<shape![3], 1, 2>, shape![3, 2]);
/// ```
pub type Stacked<S, const AXIS: usize, const N: usize> = <S as StackShape<AXIS, N>>::Output;

/// A count of tensors a stack can take: at least one, and a number `Dim` has a type for.
#[diagnostic::on_unimplemented(
    message = "cannot stack {N} tensors: a stack takes at least one tensor, as many as typenum has a constant for",
    label = "the count of tensors becomes the size of the new axis, `Dim<{N}>`",
    note = "the new axis' size is the count, written `Dim<N>`: N from 1 to 1024, or a larger number typenum has a constant for"
)]
pub trait StackCount<const N: usize> {}
#[diagnostic::do_not_recommend]
impl<const N: usize> StackCount<N> for Dim<N>
where
    Dim<N>: Number,
    <Dim<N> as Number>::U: NonZero,
{
}

mod sealed {
    pub trait Sealed {}
    impl<D, S> Sealed for super::TensorBase<D, S> {}
    impl<T, const N: usize> Sealed for [T; N] {}
}

/// A tensor as an operand of [`Concat`]: its elements, its shape, and where a tensor computed
/// from it lives. Implemented by every [`TensorBase`]; what the provided methods of `Concat`
/// read, so that they are written once for every pair of kinds.
pub trait Operand: sealed::Sealed {
    /// The element type.
    type Elem;
    /// The shape.
    type Shape: AnyShape;
    /// Where a tensor computed from this one lives ([`HomeOf`]).
    type Home: Home;
    /// The elements, row-major.
    fn elements(&self) -> &[Self::Elem];
    /// The shape's value.
    fn shape_value(&self) -> Self::Shape;
}

impl<D: Data, S: AnyShape> Operand for TensorBase<D, S> {
    type Elem = D::Elem;
    type Shape = S;
    type Home = HomeOf<D, S>;
    #[hot]
    fn elements(&self) -> &[D::Elem] {
        self.as_slice()
    }
    #[hot]
    fn shape_value(&self) -> S {
        self.shape()
    }
}

/// Where a tensor computed from `A` and `B` lives: on the heap if either operand's home is
/// (the operators' rule).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::HomeOfBoth;
/// use shapecast::tensor::{ByShape, OnHeap};
/// type T = Tensor<f32, shape![2]>;
/// type B = BoxedTensor<f32, shape![2]>;
/// static_assertions::assert_type_eq_all!(HomeOfBoth<T, T>, ByShape);
/// static_assertions::assert_type_eq_all!(HomeOfBoth<T, B>, OnHeap);
/// ```
pub type HomeOfBoth<A, B> = <<A as Operand>::Home as Home>::With<<B as Operand>::Home>;

/// The tensor `a.concat::<AXIS>(&b)` returns, for `a: A` and `b: B`.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::ConcatOutput;
/// type T = Tensor<f32, shape![2, 3]>;
/// static_assertions::assert_type_eq_all!(ConcatOutput<T, T, 0>, Tensor<f32, shape![4, 3]>);
/// ```
pub type ConcatOutput<A, B, const AXIS: usize> = Owned<
    <A as Operand>::Elem,
    Concatenated<<A as Operand>::Shape, <B as Operand>::Shape, AXIS>,
    HomeOfBoth<A, B>,
>;

/// Concatenation: `a.concat::<AXIS>(&b)`, NumPy's `concatenate((a, b), axis=AXIS)`, for two
/// tensors of any kinds (inline, borrowed, boxed) of one element type. In the prelude.
///
/// The shapes have one rank, and the same size on every axis but `AXIS`; the result has the
/// sum there ([`ConcatShape`]). It is a new tensor, stored by the operators' rule (on the heap
/// if an operand is a `BoxedTensor` or the result has a run-time size, inline otherwise);
/// `concat_into` writes into a [`TensorMut`] instead. Run-time sizes may stand on the other
/// axes (one binding in both: `[Batch, 3]` and `[Batch, 5]` along axis 1 give `[Batch, 8]`);
/// along a run-time axis the joined size is a size of its own type, [`Plus`](super::Plus)
/// (`[Batch, 3]` and `[Extra, 3]` along axis 0 give `[Batch+Extra, 3]`).
///
/// # Panics
///
/// If a joined run-time size would pass `usize` (possible only for operands of no elements,
/// with a size 0 on another axis): no size of that type exists. `try_concat` returns that
/// error instead; `concat_into`'s output has the joined shape already, and never panics.
///
/// ```
/// use shapecast::prelude::*;
///
/// let a = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
/// let b = Tensor::<i32, shape![2, 1]>::from([[5], [6]]);
/// let ab = a.concat::<1>(&b); // [2, 3]
/// assert_eq!(ab.as_slice(), [1, 2, 5, 3, 4, 6]);
///
/// struct Batch;
/// bind!(let batch: Batch = 2);
/// let (x, y) = ([1.0f32; 6], [2.0f32; 10]);
/// let x = TensorRef::from_shape(dims![batch, 3], &x)?;
/// let y = TensorRef::from_shape(dims![batch, 5], &y)?;
/// let xy = x.concat::<1>(&y); // BoxedTensor<f32, [Batch, 8]>
/// assert_eq!(xy.get(&[1, 3]), Some(&2.0));
/// # Ok::<(), ShapeError>(())
/// ```
///
/// A size that differs on another axis does not compile; the error names the axis and both
/// sizes:
///
/// ```compile_fail,E0277
/// use shapecast::prelude::*;
/// let a = Tensor::<i32, shape![2, 3]>::splat(0);
/// let b = Tensor::<i32, shape![2, 4]>::splat(0);
/// let _ = a.concat::<0>(&b);
/// ```
///
/// ```txt
/// error[E0277]: cannot concatenate along axis 0: on `Axis<1>` the sizes `Dim<3>` and `Dim<4>` differ
/// ```
pub trait Concat<Rhs: Operand<Elem = Self::Elem>>: Operand {
    /// A new tensor: `self` and `other` joined along axis `AXIS`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<u8, shape![1, 2]>::from([[1, 2]]);
    /// let b = BoxedTensor::<u8, shape![2, 2]>::from_slice(&[3, 4, 5, 6])?;
    /// let ab: BoxedTensor<u8, shape![3, 2]> = a.concat::<0>(&b); // boxed, as `b`
    /// assert_eq!(ab.as_slice(), [1, 2, 3, 4, 5, 6]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// Only if the result's shape has more elements than `usize` counts (its sizes other than
    /// 0 multiply past it, which operands of no elements can reach: `[2^62, 0]` and `[2^62,
    /// 0]` joined along axis 1 are `[2^62, 0]`, but `[2^62, 2, 0]` and `[2^62, 2, 0]` along
    /// axis 1 are `[2^62, 4, 0]`, which no tensor has), or if the allocation of a boxed result
    /// fails, with the error [`try_concat`](Self::try_concat) returns.
    /// [`concat_into`](Self::concat_into) never panics.
    #[inline]
    fn concat<const AXIS: usize>(&self, other: &Rhs) -> ConcatOutput<Self, Rhs, AXIS>
    where
        Self::Shape: ConcatShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
        New<Concatenated<Self::Shape, Rhs::Shape, AXIS>, HomeOfBoth<Self, Rhs>>:
            OwnedData<Self::Elem, Concatenated<Self::Shape, Rhs::Shape, AXIS>>,
    {
        // (Not through `try_concat`: a result wrapped in a `Result` was copied once more on
        // its way out, a whole inline tensor.)
        join_or_panic::<_, _, HomeOfBoth<Self, Rhs>, AXIS>(
            &self.shape_value(),
            &other.shape_value(),
            [self.elements(), other.elements()],
        )
    }

    /// [`concat`](Self::concat), with the error of a joined shape that no tensor has (sizes
    /// other than 0 that multiply past `usize`, a joined run-time size past it: operands of no
    /// elements can reach both) or whose elements cannot be allocated, where `concat` panics.
    /// The error is [`dynamic::concat`](crate::dynamic::concat)'s for the same shapes; nothing
    /// is allocated then.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<u8, shape![1, 2]>::from([[1, 2]]);
    /// let ab = a.try_concat::<0>(&a)?; // [2, 2]
    /// assert_eq!(ab.as_slice(), [1, 2, 1, 2]);
    ///
    /// struct Big;
    /// bind!(let big: Big = 1 << 62);
    /// let empty = BoxedTensor::from_elem(dims![big, 2, 0], 0u8)?; // no elements
    /// let err = empty.try_concat::<1>(&empty).unwrap_err(); // [2^62, 4, 0]: no tensor has it
    /// assert_eq!(
    ///     err.to_string(),
    ///     "cannot concatenate [4611686018427387904, 2, 0] with [4611686018427387904, 2, 0] along axis 1: \
    ///      the result's sizes other than 0 multiply past usize, which no shape's may, even one with no elements"
    /// );
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    fn try_concat<const AXIS: usize>(&self, other: &Rhs) -> Result<ConcatOutput<Self, Rhs, AXIS>, ShapeError>
    where
        Self::Shape: ConcatShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
        New<Concatenated<Self::Shape, Rhs::Shape, AXIS>, HomeOfBoth<Self, Rhs>>:
            OwnedData<Self::Elem, Concatenated<Self::Shape, Rhs::Shape, AXIS>>,
    {
        try_join::<_, _, HomeOfBoth<Self, Rhs>, AXIS>(
            &self.shape_value(),
            &other.shape_value(),
            [self.elements(), other.elements()],
        )
    }

    /// `self` and `other` joined along axis `AXIS`, written into `out`: nothing allocated.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<u8, shape![2, 1]>::from([[1], [2]]);
    /// let b = Tensor::<u8, shape![2, 2]>::from([[3, 4], [5, 6]]);
    /// let mut data = [0; 6];
    /// a.concat_into::<1>(&b, &mut TensorMut::new(&mut data)?);
    /// assert_eq!(data, [1, 3, 4, 2, 5, 6]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    fn concat_into<const AXIS: usize>(
        &self,
        other: &Rhs,
        out: &mut TensorMut<'_, Self::Elem, Concatenated<Self::Shape, Rhs::Shape, AXIS>>,
    ) where
        Self::Shape: ConcatShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
    {
        // (`out` has the joined shape: it exists, and nothing is checked.)
        let blocks = join_blocks::<AXIS>(&self.shape_value(), &other.shape_value());
        fill_rows(out.as_mut_slice(), [self.elements(), other.elements()], blocks);
    }

    /// The two parts of a split joined back along axis `AXIS` into the size they were cut
    /// from: `self` with `K` positions there, `rest` with the [`Minus`](super::Minus)`<N, K>`
    /// left past them, give a tensor whose axis `AXIS` has the size `N` itself, with no
    /// run-time check (a [`concat`](Self::concat) of the two would give
    /// [`Plus`](super::Plus)`<K, Minus<N, K>>`, a size of its own type). The parts are those
    /// of [`split_off`](TensorBase::split_off) along `AXIS`, or tensors computed from them
    /// (a view is copied first, `to_tensor()`): the other axes the same (as for `concat`), and
    /// the sizes on `AXIS` the position of one split and what it left ([`RejoinShape`]). A
    /// part of another split, or of another size, does not compile.
    ///
    /// (A split at a fixed position of a fixed axis,
    /// [`split_at::<0, POS>()`](TensorBase::split_at), gives two fixed sizes, which `concat`
    /// adds back into the fixed size: no `rejoin` needed there.)
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// struct Train;
    /// let data: Vec<f32> = (0..10).map(|i| i as f32).collect();
    /// bind!(let rows: Rows = 5);
    /// bind!(let train: Train = 3);
    /// let x = TensorRef::from_shape(dims![rows, 2], &data)?;
    /// let (fit, test) = x.split_off::<0, _>(train)?; // [Train, 2] and [Rows-Train, 2]
    /// let scaled = (fit.lazy() * 10.0).eval(); // BoxedTensor of shape [Train, 2]
    /// let shifted = (test.lazy() - 1.0).eval(); // BoxedTensor of shape [Rows-Train, 2]
    /// let back = scaled.rejoin::<0>(&shifted); // [Rows, 2]: the size of `x` again
    /// assert_eq!(back.as_slice(), [0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 5.0, 6.0, 7.0, 8.0]);
    /// let sum = (back.lazy() + &x).eval(); // beside `x`, with no cast
    /// assert_eq!(sum.get(&[4, 1]), Some(&17.0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A part cut at another position, even of the same value, does not compile:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// struct Cut;
    /// struct Other;
    /// let data = [0u8; 5];
    /// bind!(let rows: Rows = 5);
    /// bind!(let a: Cut = 2);
    /// bind!(let b: Other = 2);
    /// let x = TensorRef::from_shape(dims![rows], &data)?;
    /// let (front, _) = x.split_off::<0, _>(a)?;
    /// let (_, back) = x.split_off::<0, _>(b)?;
    /// let _ = front.to_tensor().rejoin::<0>(&back.to_tensor());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// Only if the allocation of the result fails, with the error
    /// [`try_rejoin`](Self::try_rejoin) returns. [`rejoin_into`](Self::rejoin_into) never
    /// panics.
    #[inline]
    fn rejoin<const AXIS: usize>(&self, rest: &Rhs) -> RejoinOutput<Self, Rhs, AXIS>
    where
        Self::Shape: RejoinShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
        New<Rejoined<Self::Shape, Rhs::Shape, AXIS>, HomeOfBoth<Self, Rhs>>:
            OwnedData<Self::Elem, Rejoined<Self::Shape, Rhs::Shape, AXIS>>,
    {
        // (Not through `try_rejoin`, as `concat` is not through `try_concat`.)
        join_or_panic::<_, _, HomeOfBoth<Self, Rhs>, AXIS>(
            &self.shape_value(),
            &rest.shape_value(),
            [self.elements(), rest.elements()],
        )
    }

    /// [`rejoin`](Self::rejoin), with the error of a result whose elements cannot be
    /// allocated, where `rejoin` panics (its shape, the one the parts were cut from, always
    /// exists). Nothing is allocated then.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Cut;
    /// let x = Tensor::<u8, shape![4]>::from([1, 2, 3, 4]);
    /// bind!(let cut: Cut = 1);
    /// let (a, b) = x.split_off::<0, _>(cut)?;
    /// let back = a.to_tensor().try_rejoin::<0>(&b.to_tensor())?; // [4] again
    /// assert_eq!(back.as_slice(), [1, 2, 3, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn try_rejoin<const AXIS: usize>(&self, rest: &Rhs) -> Result<RejoinOutput<Self, Rhs, AXIS>, ShapeError>
    where
        Self::Shape: RejoinShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
        New<Rejoined<Self::Shape, Rhs::Shape, AXIS>, HomeOfBoth<Self, Rhs>>:
            OwnedData<Self::Elem, Rejoined<Self::Shape, Rhs::Shape, AXIS>>,
    {
        try_join::<_, _, HomeOfBoth<Self, Rhs>, AXIS>(
            &self.shape_value(),
            &rest.shape_value(),
            [self.elements(), rest.elements()],
        )
    }

    /// The two parts of a split joined back along axis `AXIS` (as [`rejoin`](Self::rejoin)),
    /// written into `out`, whose axis `AXIS` has the size they were cut from: nothing allocated.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Cut;
    /// let x = Tensor::<u8, shape![2, 4]>::from([[1, 2, 3, 4], [5, 6, 7, 8]]);
    /// bind!(let cut: Cut = 1);
    /// let (left, right) = x.split_off::<1, _>(cut)?; // [2, Cut] and [2, 4-Cut]
    /// let mut data = [0; 8];
    /// let mut out = TensorMut::<u8, shape![2, 4]>::new(&mut data)?;
    /// (left.lazy() * 2).eval().rejoin_into::<1>(&right.to_tensor(), &mut out);
    /// assert_eq!(data, [2, 2, 3, 4, 10, 6, 7, 8]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn rejoin_into<const AXIS: usize>(
        &self,
        rest: &Rhs,
        out: &mut TensorMut<'_, Self::Elem, Rejoined<Self::Shape, Rhs::Shape, AXIS>>,
    ) where
        Self::Shape: RejoinShape<Rhs::Shape, AXIS>,
        Self::Elem: Clone,
    {
        // (`out` has the joined shape: it exists, and nothing is checked.)
        let blocks = join_blocks::<AXIS>(&self.shape_value(), &rest.shape_value());
        fill_rows(out.as_mut_slice(), [self.elements(), rest.elements()], blocks);
    }
}

impl<D: Data, S: AnyShape, D2: Data<Elem = D::Elem>, S2: AnyShape> Concat<TensorBase<D2, S2>>
    for TensorBase<D, S>
{
}

/// The joined shape's value, and the length of each operand's block in a row of the result
/// (its size on `AXIS` times the sizes after; a row for each index of the axes before): the
/// plan of [`concat`](Concat::concat) and of [`rejoin`](Concat::rejoin), which differ only in
/// the type `J` of the joined shape. Or the error of a joined shape no tensor has,
/// [`dynamic::concat`]'s rule's:
/// a run-time joined size must be the sum its type promises, and past `usize` (operands of no
/// elements along other axes) there is none; sizes other than 0 that multiply past `usize`
/// would have no element count (a merge of their axes no value). (The two parts of a split add
/// up to the size they were cut from, which fits.)
///
/// [`dynamic::concat`]: crate::dynamic::concat
fn try_join_plan<J: AnyShape, const AXIS: usize>(
    a: &impl AnyShape,
    b: &impl AnyShape,
) -> Result<(J, [usize; 2]), ShapeError> {
    // (A joined shape of fixed sizes is checked while the program compiles; only one that no
    // tensor has goes on to the rule, for its error.)
    if const { J::FIXED && shapecast_rules::element_count(J::STATIC.split_at(J::RANK).0).is_some() } {
        return Ok((J::from_extents(&[], Proof::new()), join_blocks::<AXIS>(a, b)));
    }
    let (mut dims, mut other) = ([0; MAX_RANK], [0; MAX_RANK]);
    let da = crate::shape::extents_in(a, &mut dims);
    let db = crate::shape::extents_in(b, &mut other);
    let joined = shapecast_rules::concat_shape(da, db, AXIS)?;
    Ok((J::from_extents(&joined, Proof::new()), join_blocks::<AXIS>(a, b)))
}

/// The length of each operand's block in a row of the joined result: its size on `AXIS` times
/// the sizes after (saturating: each a factor of a count that fits).
fn join_blocks<const AXIS: usize>(a: &impl AnyShape, b: &impl AnyShape) -> [usize; 2] {
    let (mut dims, mut other) = ([0; MAX_RANK], [0; MAX_RANK]);
    let da = crate::shape::extents_in(a, &mut dims);
    let db = crate::shape::extents_in(b, &mut other);
    let (ja, jb) = (da.get(AXIS).copied().unwrap_or(0), db.get(AXIS).copied().unwrap_or(0));
    let inner = product(da.get(AXIS + 1..).unwrap_or(&[]));
    [ja.saturating_mul(inner), jb.saturating_mul(inner)]
}

/// The new tensor of the joined shape `J` (stored in `H`) of the operands of shapes `a` and `b`
/// and elements `parts`: what [`concat`](Concat::concat) and [`rejoin`](Concat::rejoin) return,
/// which differ only in `J`; a panic with [`try_join`]'s error.
#[inline]
fn join_or_panic<T: Clone, J: AnyShape, H: Home, const AXIS: usize>(
    a: &impl AnyShape,
    b: &impl AnyShape,
    parts: [&[T]; 2],
) -> Owned<T, J, H>
where
    New<J, H>: OwnedData<T, J>,
{
    let (shape, blocks) = try_join_plan::<J, AXIS>(a, b).unwrap_or_else(|e| panic!("{e}"));
    let data = joined::<T, J, H>(parts, blocks)
        .unwrap_or_else(|| panic!("{}", ShapeError::allocation_failed(&shape.extents(), size_of::<T>())));
    TensorBase::from_parts(data, shape)
}

/// [`join_or_panic`] with its error: what [`try_concat`](Concat::try_concat) and
/// [`try_rejoin`](Concat::try_rejoin) return.
#[inline]
fn try_join<T: Clone, J: AnyShape, H: Home, const AXIS: usize>(
    a: &impl AnyShape,
    b: &impl AnyShape,
    parts: [&[T]; 2],
) -> Result<Owned<T, J, H>, ShapeError>
where
    New<J, H>: OwnedData<T, J>,
{
    let (shape, blocks) = try_join_plan::<J, AXIS>(a, b)?;
    let data = joined::<T, J, H>(parts, blocks)
        .ok_or_else(|| ShapeError::allocation_failed(&shape.extents(), size_of::<T>()))?;
    Ok(TensorBase::from_parts(data, shape))
}

/// The storage of a new tensor of the joined shape `J` (stored in `H`), filled from the two
/// operands' elements in the order of [`rows`]: what [`concat`](Concat::concat) and
/// [`rejoin`](Concat::rejoin) return; `None` where its allocation fails.
#[allow(clippy::type_complexity)]
fn joined<T: Clone, J: AnyShape, H: Home>(
    parts: [&[T]; 2],
    blocks: [usize; 2],
) -> Option<<New<J, H> as OwnedData<T, J>>::Data>
where
    New<J, H>: OwnedData<T, J>,
{
    // (The joined shape was counted: its element count, the operands' sum, fits.)
    let len = parts[0].len().saturating_add(parts[1].len());
    <<New<J, H> as OwnedData<T, J>>::Data as Owning>::from_slices(len, rows(parts, blocks))
}

/// The product of `dims`, saturating (each a factor of a count that fits).
fn product(dims: &[usize]) -> usize {
    dims.iter().fold(1, |n: usize, &d| n.saturating_mul(d))
}

/// The joined result's elements in order, a block at a time: part `p`'s next `blocks[p]`
/// elements, for each `p` in turn, then the next row, until the parts are used up.
fn rows<T, const P: usize>(parts: [&[T]; P], blocks: [usize; P]) -> impl Iterator<Item = &[T]> {
    // (Every part with a block has as many rows; none has, and there is no element.)
    let count = parts.iter().zip(&blocks).find_map(|(p, &b)| p.len().checked_div(b)).unwrap_or(0);
    (0..count).flat_map(move |r| {
        (0..P).map(move |p| parts[p].get(r * blocks[p]..(r + 1) * blocks[p]).unwrap_or(&[]))
    })
}

/// `out` filled from the parts in the order of [`rows`], a block at a time.
fn fill_rows<T: Clone, const P: usize>(out: &mut [T], parts: [&[T]; P], blocks: [usize; P]) {
    let mut at = 0;
    for block in rows(parts, blocks) {
        out[at..at + block.len()].clone_from_slice(block);
        at += block.len();
    }
}

/// Stacking: `[&a, &b, &c].stack::<AXIS>()`, NumPy's `stack((a, b, c), axis=AXIS)`: `N ≥ 1`
/// tensors of one shape joined along a new axis of size `N`, inserted before axis `AXIS` of
/// their shape (`AXIS` = its rank appends it). In the prelude.
///
/// Implemented for arrays of references to tensors of one kind, `[&TensorBase<D, S>; N]`, and
/// for arrays of tensors, `[TensorBase<D, S>; N]`: for tensors of several kinds, stack their
/// views, `[a.view(), b.view()]`. The shape may hold run-time sizes (one binding in all). The
/// result is stored by the operators' rule ([`Owned`]); `stack_into` writes into a
/// [`TensorMut`] instead.
///
/// ```
/// use shapecast::prelude::*;
///
/// let a = Tensor::<i32, shape![2]>::from([1, 2]);
/// let b = Tensor::<i32, shape![2]>::from([3, 4]);
/// let c = Tensor::<i32, shape![2]>::from([5, 6]);
/// let rows = [&a, &b, &c].stack::<0>(); // [3, 2]
/// assert_eq!(rows.as_slice(), [1, 2, 3, 4, 5, 6]);
/// let columns = [&a, &b, &c].stack::<1>(); // [2, 3]
/// assert_eq!(columns.as_slice(), [1, 3, 5, 2, 4, 6]);
/// let _: Tensor<i32, shape![2, 3]> = columns;
///
/// let boxed = BoxedTensor::<i32, shape![2]>::splat(0);
/// let mixed = [a.view(), boxed.view()].stack::<0>(); // views of tensors of two kinds
/// assert_eq!(mixed.as_slice(), [1, 2, 0, 0]);
/// ```
pub trait Stack<const N: usize>: sealed::Sealed {
    /// The element type.
    type Elem;
    /// The shape of each tensor.
    type Shape: AnyShape;
    /// Where the new tensor lives (the operators' rule: on the heap for a boxed operand or a
    /// run-time size).
    type Home: Home;

    /// The elements of each tensor, row-major.
    #[doc(hidden)]
    fn parts(&self) -> [&[Self::Elem]; N];

    /// The shape's value, if there is a tensor (`N ≥ 1`).
    #[doc(hidden)]
    fn shape_value(&self) -> Option<Self::Shape>;

    /// A new tensor: the `N` tensors along a new axis `AXIS` of size `N`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let m = Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// let pair: Tensor<u8, shape![2, 2, 2]> = [&m, &m].stack::<2>();
    /// assert_eq!(pair.as_slice(), [1, 1, 2, 2, 3, 3, 4, 4]);
    /// ```
    ///
    /// # Panics
    ///
    /// Only if the result's shape has more elements than `usize` counts (its sizes other than
    /// 0 multiply past it, which tensors of no elements can reach: four `[2^62, 0]` stacked
    /// along axis 1 would be `[2^62, 4, 0]`, which no tensor has), or if the allocation of a
    /// boxed result fails, with the error [`try_stack`](Self::try_stack) returns.
    /// [`stack_into`](Self::stack_into) never panics.
    #[inline]
    fn stack<const AXIS: usize>(&self) -> Owned<Self::Elem, Stacked<Self::Shape, AXIS, N>, Self::Home>
    where
        Self::Shape: StackShape<AXIS, N>,
        Dim<N>: StackCount<N>,
        Self::Elem: Clone,
        New<Stacked<Self::Shape, AXIS, N>, Self::Home>: OwnedData<Self::Elem, Stacked<Self::Shape, AXIS, N>>,
    {
        match self.try_stack::<AXIS>() {
            Ok(out) => out,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`stack`](Self::stack), with the error of a stacked shape that no tensor has (sizes
    /// other than 0 that multiply past `usize`, which tensors of no elements can reach) or
    /// whose elements cannot be allocated, where `stack` panics. The error is
    /// [`dynamic::stack`](crate::dynamic::stack)'s for the same shapes; nothing is allocated
    /// then.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<u8, shape![2]>::from([1, 2]);
    /// let rows = [&a, &a].try_stack::<0>()?; // [2, 2]
    /// assert_eq!(rows.as_slice(), [1, 2, 1, 2]);
    ///
    /// struct Big;
    /// bind!(let big: Big = 1 << 62);
    /// let empty = BoxedTensor::from_elem(dims![big, 0], 0u8)?; // no elements
    /// let err = [&empty, &empty, &empty, &empty].try_stack::<1>().unwrap_err(); // [2^62, 4, 0]
    /// assert_eq!(
    ///     err.to_string(),
    ///     "cannot stack [4611686018427387904, 0] along a new axis 1: the result's sizes other than 0 \
    ///      multiply past usize, which no shape's may, even one with no elements"
    /// );
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    #[allow(clippy::type_complexity)]
    fn try_stack<const AXIS: usize>(
        &self,
    ) -> Result<Owned<Self::Elem, Stacked<Self::Shape, AXIS, N>, Self::Home>, ShapeError>
    where
        Self::Shape: StackShape<AXIS, N>,
        Dim<N>: StackCount<N>,
        Self::Elem: Clone,
        New<Stacked<Self::Shape, AXIS, N>, Self::Home>: OwnedData<Self::Elem, Stacked<Self::Shape, AXIS, N>>,
    {
        let parts = self.parts();
        let Some(first) = self.shape_value() else {
            unreachable!("`StackCount` proves that there is a tensor");
        };
        let (shape, block) = try_stack_plan::<Self::Shape, AXIS, N>(&first)?;
        // (The stacked shape was counted: its element count, N parts' counts, fits.)
        let len = parts[0].len().saturating_mul(N);
        let data = <<New<Stacked<Self::Shape, AXIS, N>, Self::Home> as OwnedData<
            Self::Elem,
            Stacked<Self::Shape, AXIS, N>,
        >>::Data as Owning>::from_slices(len, rows(parts, [block; N]))
        .ok_or_else(|| ShapeError::allocation_failed(&shape.extents(), size_of::<Self::Elem>()))?;
        Ok(TensorBase::from_parts(data, shape))
    }

    /// The `N` tensors along a new axis `AXIS`, written into `out`: nothing allocated.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<u8, shape![3]>::from([1, 2, 3]);
    /// let mut data = [0; 6];
    /// [&a, &a].stack_into::<1>(&mut TensorMut::new(&mut data)?);
    /// assert_eq!(data, [1, 1, 2, 2, 3, 3]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    fn stack_into<const AXIS: usize>(
        &self,
        out: &mut TensorMut<'_, Self::Elem, Stacked<Self::Shape, AXIS, N>>,
    ) where
        Self::Shape: StackShape<AXIS, N>,
        Dim<N>: StackCount<N>,
        Self::Elem: Clone,
    {
        // (`out` has the stacked shape: it exists, and nothing is checked.)
        if let Some(first) = self.shape_value() {
            fill_rows(out.as_mut_slice(), self.parts(), [stack_block::<AXIS>(&first); N]);
        }
    }
}

/// `Stack` for an array of `N` items that are tensors `TensorBase<D, S>` (`$item`).
macro_rules! stack_impl {
    ($([$($lt:lifetime)?] $item:ty;)*) => {$(
        impl<$($lt,)? D: Data, S: AnyShape, const N: usize> Stack<N> for [$item; N] {
            type Elem = D::Elem;
            type Shape = S;
            type Home = HomeOf<D, S>;

            #[hot]
            fn parts(&self) -> [&[D::Elem]; N] {
                core::array::from_fn(|k| self[k].as_slice())
            }

            #[hot]
            fn shape_value(&self) -> Option<S> {
                self.first().map(|t| t.shape())
            }
        }
    )*};
}
stack_impl! {
    ['t] &'t TensorBase<D, S>;
    [] TensorBase<D, S>;
}

/// The stacked shape's value, and the length of each tensor's block in a row of the result (the
/// product of the sizes from `AXIS` on); or the error of a stacked shape no tensor has
/// ([`dynamic::stack`](crate::dynamic::stack)'s rule's: sizes other than 0 that multiply past
/// `usize`).
fn try_stack_plan<S: StackShape<AXIS, N>, const AXIS: usize, const N: usize>(
    s: &S,
) -> Result<(Stacked<S, AXIS, N>, usize), ShapeError> {
    // (A stacked shape of fixed sizes is checked while the program compiles, as for `concat`.)
    type Out<S, const AXIS: usize, const N: usize> = Stacked<S, AXIS, N>;
    if const {
        Out::<S, AXIS, N>::FIXED
            && shapecast_rules::element_count(Out::<S, AXIS, N>::STATIC.split_at(Out::<S, AXIS, N>::RANK).0)
                .is_some()
    } {
        return Ok((Out::<S, AXIS, N>::from_extents(&[], Proof::new()), stack_block::<AXIS>(s)));
    }
    let mut d = [0; MAX_RANK];
    let d = crate::shape::extents_in(s, &mut d);
    let dims = shapecast_rules::stack_shape_of(N, |_| d, AXIS)?;
    Ok((Stacked::<S, AXIS, N>::from_extents(&dims, Proof::new()), stack_block::<AXIS>(s)))
}

/// The length of each tensor's block in a row of the stacked result: the product of its sizes
/// from `AXIS` on.
fn stack_block<const AXIS: usize>(s: &impl AnyShape) -> usize {
    let mut d = [0; MAX_RANK];
    let d = crate::shape::extents_in(s, &mut d);
    product(&d[AXIS.min(d.len())..])
}
