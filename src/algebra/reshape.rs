//! Views of the same data in another shape: `reshape`, `squeeze`, `flatten`, and `split_at` on
//! axis 0. No copy: the row-major elements stay where they are, only the shape changes.

use core::ops::Sub;
use shapecast_macros::hot;

use typenum::{Const, Diff, Eq, IsEqual, IsLessOrEqual, LeEq, ToUInt, U};

use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, Big, Cons, Dim, Dyn, Extent, Nil, Number, Shape};
use crate::tensor::{Data, TensorBase, len_of};
use crate::typelevel::{Axis, Checked, Fixed, If, Runtime, SizeOf, TakeAt, ToSize};
use shapecast_rules::MAX_RANK;

/// An element count, as a type: what a failed [`reshape`](TensorBase::reshape) prints the two
/// counts as (`Elements<6>`).
///
/// ```
/// use shapecast::algebra::Elements;
/// assert_eq!(Elements::<6>::COUNT, 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Elements<const N: usize>;

impl<const N: usize> Elements<N> {
    /// The count.
    pub const COUNT: usize = N;
}

/// `Self` and `S2` are shapes of fixed sizes with one element count: the same data may be seen
/// in either ([`reshape`](TensorBase::reshape)). The counts are compared as typenum numbers, so
/// any fixed shape works, `Big` sizes included. A shape with a run-time size never reshapes
/// (its count is not a constant).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::ReshapeInto;
/// static_assertions::assert_impl_all!(shape![2, 3]: ReshapeInto<shape![3, 2]>, ReshapeInto<shape![6]>);
/// static_assertions::assert_impl_all!(shape![1500, 2]: ReshapeInto<shape![3000]>);
/// static_assertions::assert_not_impl_any!(shape![2, 3]: ReshapeInto<shape![4, 2]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reshape: a reshape needs two shapes of fixed sizes",
    label = "a reshape between shapes of fixed sizes only",
    note = "a shape with a run-time size has no element count known at compile time: merge or split its axes instead, `merge_axes::<I>()` joining axes I and I + 1 into one size of its own type (`[B, 8, 8, 3]` into `[B*8, 8, 3]`) and `split_axis::<I, F>()` splitting one by a fixed factor, checked; or convert it to fixed sizes first, checked at run time (`x.to_fixed::<shape![…]>()?`), then reshape"
)]
pub trait ReshapeInto<S2>: AnyShape {
    /// `()`: computed, it checks the reshape. [`reshape`](TensorBase::reshape) names it, so
    /// that rustc checks the reshape while it reads the method's bounds, and reports a failure
    /// on the counts or the run-time size, with no line naming the shapes.
    type Proof;
}

// Dispatched on whether `S` is fixed, so that a shape with a run-time size is one error, in
// its own words, and not also a count of 0 that differs.
impl<S: AnyShape, S2: Shape> ReshapeInto<S2> for S
where
    S::Kind: ReshapeKind<S, S2>,
{
    type Proof = <S::Kind as ReshapeKind<S, S2>>::Proof;
}

/// A reshape of `S` into `S2`, by the kind `Self` of `S`: a fixed `S` compares the element
/// counts; a run-time one asks its first run-time size for a proof that does not exist
/// ([`ReshapableSize`]).
pub trait ReshapeKind<S, S2> {
    /// `()`: computed, it checks the reshape.
    type Proof;
}
impl<S: Shape, S2: Shape> ReshapeKind<S, S2> for Fixed
where
    S::Len: IsEqual<S2::Len>,
    Eq<S::Len, S2::Len>: If<CountsEqual, CountsDiffer>,
    <Eq<S::Len, S2::Len> as If<CountsEqual, CountsDiffer>>::Output: CountsAgree<S, S2>,
{
    type Proof =
        <<Eq<S::Len, S2::Len> as If<CountsEqual, CountsDiffer>>::Output as CountsAgree<S, S2>>::Proof;
}
impl<S, S2> ReshapeKind<S, S2> for Runtime
where
    S: FirstRunTime,
    <S as FirstRunTime>::Size: ReshapableSize,
{
    type Proof = <<S as FirstRunTime>::Size as ReshapableSize>::Proof;
}

/// The first run-time size of a shape that has one.
pub trait FirstRunTime {
    /// The size.
    type Size;
}
impl<H: Extent, T> FirstRunTime for Cons<H, T>
where
    H::Kind: RunTimeFrom<H, T>,
{
    type Size = <H::Kind as RunTimeFrom<H, T>>::Size;
}

/// The first run-time size of `Cons<H, T>`, by the kind `Self` of `H`.
pub trait RunTimeFrom<H, T> {
    /// The size.
    type Size;
}
impl<H, T> RunTimeFrom<H, T> for Runtime {
    type Size = H;
}
impl<H, T: FirstRunTime> RunTimeFrom<H, T> for Fixed {
    type Size = T::Size;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot reshape: the tensor's shape has the run-time size `{Self}`, and a reshape needs two shapes of fixed sizes",
        label = "a reshape between shapes of fixed sizes only",
        note = "a shape with a run-time size has no element count known at compile time: merge or split its axes instead, `merge_axes::<I>()` joining axes I and I + 1 into one size of its own type (`[B, 8, 8, 3]` into `[B*8, 8, 3]`) and `split_axis::<I, F>()` splitting one by a fixed factor, checked; or convert it to fixed sizes first, checked at run time (`x.to_fixed::<shape![…]>()?`), then reshape"
    )]
    /// A size of a shape that reshapes: asked only of a run-time size, through
    /// [`ReshapeOfRunTime`], which holds for none.
    pub trait ReshapableSize[]() where Self: Extent;
    /// A run-time size `Self` in a shape to reshape: never.
    pub trait ReshapeOfRunTime;
    /// `()`, never computed.
    type Proof;
}

/// The element counts of two shapes are equal.
pub struct CountsEqual;

/// The element counts of two shapes differ.
pub struct CountsDiffer;

/// Whether the element counts of `S` and `S2` agree, as the answer `Self`: [`CountsEqual`]
/// does; [`CountsDiffer`] asks for a proof that does not exist ([`SameCount`]), whose error
/// names both counts.
pub trait CountsAgree<S, S2> {
    /// `()`: computed, it checks the counts.
    type Proof;
}
impl<S, S2> CountsAgree<S, S2> for CountsEqual {
    type Proof = ();
}
impl<S: Shape + FlatCount, S2: Shape + FlatCount> CountsAgree<S, S2> for CountsDiffer
where
    (<S as FlatCount>::Output, <S2 as FlatCount>::Output): CountsDifferBy,
{
    type Proof = <(<S as FlatCount>::Output, <S2 as FlatCount>::Output) as CountsDifferBy>::Proof;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot reshape: the element counts differ, `{Self}` (the tensor's, then the target's)",
        label = "the element counts differ",
        note = "a reshape keeps every element, so both shapes must hold as many; each count is the product of a shape's sizes"
    )]
    /// Two element counts that differ, `Self = (E, E2)`, each the product of a shape's sizes
    /// ([`FlatCount`]): the error of a reshape between them, which names them as `Elements<N>`
    /// ([`CountNames`], [`SameCountAs`]), or, past the table of sizes, as the products.
    pub trait CountsDifferBy {
        /// `()`, never computed.
        type Proof;
    }
    /// The element counts of two shapes `Self = (E, E2)`, products of their sizes ([`FlatCount`]),
    /// as types that print as the numbers, `Elements<6>`, for the error of a reshape between
    /// different counts. Past typenum's table of constants there is no such type: the error then
    /// names the products.
    pub trait CountNames {
        /// `Elements<N1>`.
        type First;
        /// `Elements<N2>`.
        type Second;
    }
}
#[diagnostic::do_not_recommend]
impl<E, E2> CountsDifferBy for (E, E2)
where
    (E, E2): CountNames,
    <(E, E2) as CountNames>::First: SameCountAs<<(E, E2) as CountNames>::Second>,
{
    type Proof = <<(E, E2) as CountNames>::First as SameCountAs<<(E, E2) as CountNames>::Second>>::Proof;
}

#[diagnostic::do_not_recommend]
impl<E: CountOf, E2: CountOf> CountNames for (E, E2)
where
    E::U: ToSize,
    E2::U: ToSize,
    SizeOf<E::U>: DimCount,
    SizeOf<E2::U>: DimCount,
{
    type First = <SizeOf<E::U> as DimCount>::Output;
    type Second = <SizeOf<E2::U> as DimCount>::Output;
}

/// `Dim<N>` to `Elements<N>`.
pub trait DimCount {
    /// `Elements<N>`.
    type Output;
}
impl<const N: usize> DimCount for Dim<N> {
    type Output = Elements<N>;
}

impl<const N: usize> SameCount<Elements<N>> for Elements<N> {
    type Proof = ();
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot reshape: the tensor holds `{Self}` and the target shape `{N}`",
        label = "the element counts differ",
        note = "a reshape keeps every element, so both shapes must hold as many; each count is the product of a shape's sizes"
    )]
    /// [`SameCount`], one impl away: the bounds of a reshape meet it only through this impl, while
    /// the proof the method names meets it at once, so that rustc reports the two counts alone.
    pub trait SameCountAs[N](N);
    /// Two element counts are equal: never implemented for two different ones, whose error is a
    /// reshape's (both counts printed as `Elements<N>`).
    pub trait SameCount;
    /// `()`: computed, it checks the counts.
    type Proof;
}

/// `Self` without its axis `A`, which has the fixed size 1: the shape of
/// [`squeeze::<A>()`](TensorBase::squeeze), the inverse of `insert_axis::<A>()`.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Squeezed;
/// struct Batch;
/// static_assertions::assert_type_eq_all!(Squeezed<shape![2, 1, 3], 1>, shape![2, 3]);
/// static_assertions::assert_type_eq_all!(Squeezed<shape![Batch<'static>, 1], 1>, shape![Batch<'static>]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot squeeze axis {A}: the shape has no axis {A}",
    label = "no axis {A} in this shape",
    note = "axes are numbered from 0, outermost first: a shape of rank r has axes 0 to r − 1"
)]
pub trait SqueezeShape<const A: usize>: AnyShape {
    /// The shape without axis `A`.
    type Output: AnyShape;
}

impl<S, const A: usize> SqueezeShape<A> for S
where
    Const<A>: ToUInt,
    S: AnyShape + TakeAt<U<A>>,
    <S as TakeAt<U<A>>>::Entry: SqueezableAxis<A>,
    <S as TakeAt<U<A>>>::Rest: AnyShape,
{
    type Output =
        Checked<<S as TakeAt<U<A>>>::Rest, <<S as TakeAt<U<A>>>::Entry as SqueezableAxis<A>>::Proof>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot squeeze axis {A}: its size is `{Self}`, not 1",
        label = "only an axis of size 1 can be squeezed",
        note = "a squeeze removes an axis without dropping an element, so the axis must have the fixed size 1; to fold an axis of another size away, reduce it (`sum_axes::<axes![…]>()`), or take a part of it with `split_at`"
    )]
    /// [`SqueezableSize`], one impl away: the bound above meets the size's own rule only through
    /// this impl, while the output meets it at once, so rustc reports a size that is not 1 on the
    /// size alone, with no line naming the shape.
    pub trait SqueezableAxis[const A: usize](A);
    /// A size that a squeeze may remove: the fixed size 1.
    pub trait SqueezableSize;
    /// `()`: computed, it checks the size.
    type Proof;
}

/// `S` without its size-1 axis `A` (see [`SqueezeShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Squeezed;
/// static_assertions::assert_type_eq_all!(Squeezed<shape![1, 5], 0>, shape![5]);
/// ```
pub type Squeezed<S, const A: usize> = <S as SqueezeShape<A>>::Output;

impl<const A: usize> SqueezableSize<A> for Dim<1> {
    type Proof = ();
}
impl<'id, Name, const A: usize> SqueezableSize<A> for Dyn<'id, Name>
where
    Name: KnownToBeOne<A>,
{
    type Proof = <Name as KnownToBeOne<A>>::Proof;
}

/// What no type is: the supertrait of the traits asked of a run-time size's name that no name
/// may have ([`KnownToBeOne`], [`SplitsAtRunTime`]), which a name's own crate could otherwise
/// implement for it.
mod never {
    /// Implemented for no type.
    pub trait Never {}
}

/// A run-time size, named `Self`, known to be 1: never, whatever its value (sealed: no name
/// can have it).
#[diagnostic::on_unimplemented(
    message = "cannot squeeze axis {A}: its size `{Self}` is bound at run time, and a run-time size is never known to be 1",
    label = "a run-time size cannot be squeezed",
    note = "a run-time size is never assumed to equal a fixed size, whatever its value, so the shape of a result never depends on data",
    note = "if the size is 1, convert first, checked at run time (`let f = x.to_fixed::<shape![…, 1, …]>()?;`, or `cast_shape`), then squeeze the fixed view"
)]
pub trait KnownToBeOne<const A: usize>: never::Never {
    /// `()`, never computed.
    type Proof;
}

/// `Self`, of fixed sizes, with every axis merged into one: `[Self::LEN]`, the shape of
/// [`flatten()`](TensorBase::flatten).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Flattened;
/// static_assertions::assert_type_eq_all!(Flattened<shape![2, 3, 4]>, shape![24]);
/// static_assertions::assert_type_eq_all!(Flattened<shape![]>, shape![1]);
/// ```
///
/// The size `LEN` is written `Dim<LEN>`, which exists only for the numbers typenum has a
/// constant for ([`ToSize`]): past them, name the flat shape and reshape to it, which needs no
/// table. A shape with a run-time size has no constant count, and does not flatten.
///
/// ```
/// use shapecast::prelude::*;
/// let t = BoxedTensor::<u8, shape![40, 41]>::splat(1);
/// let flat = t.reshape::<shape![1640]>(); // `flatten()` does not compile: 1,640 is not in the table
/// assert_eq!(flat.as_slice().len(), 1640);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot flatten: a shape with a run-time size has no element count known at compile time",
    label = "a flat shape of fixed sizes only",
    note = "merge its axes instead, `merge_axes::<I>()` one pair at a time, each merged size a size of its own type (`[B, 8, 8, 3]` into `[B*8, 8, 3]`); or convert it to fixed sizes first, checked at run time (`x.to_fixed::<shape![…]>()?`), then flatten"
)]
pub trait FlattenShape: AnyShape {
    /// The flat shape, `[LEN]`.
    type Output: AnyShape;
}

// Dispatched on whether `S` is fixed: a shape with a run-time size is this trait's error, a
// count past the table [`FlatSize`]'s.
impl<S: AnyShape> FlattenShape for S
where
    S::Kind: FlattenKind<S>,
{
    type Output = <S::Kind as FlattenKind<S>>::Output;
}

/// The flat shape of `S`, by the kind `Self` of `S`.
pub trait FlattenKind<S> {
    /// `[LEN]`.
    type Output: AnyShape;
}
impl<S: Shape + FlatCount> FlattenKind<S> for Fixed
where
    <S as FlatCount>::Output: FlatSize,
{
    type Output = Cons<<<S as FlatCount>::Output as FlatSize>::Output, Nil>;
}
impl<S: AnyShape + FirstRunTime> FlattenKind<S> for Runtime
where
    <S as FirstRunTime>::Size: FlattenableSize,
{
    type Output = Checked<S, <<S as FirstRunTime>::Size as FlattenableSize>::Proof>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot flatten: the shape has the run-time size `{Self}`, and a shape with a run-time size has no element count known at compile time",
        label = "a flat shape of fixed sizes only",
        note = "merge its axes instead, `merge_axes::<I>()` one pair at a time, each merged size a size of its own type (`[B, 8, 8, 3]` into `[B*8, 8, 3]`); or convert it to fixed sizes first, checked at run time (`x.to_fixed::<shape![…]>()?`), then flatten"
    )]
    /// A size of a shape that flattens: asked only of a run-time size, through
    /// [`FlattenOfRunTime`], which holds for none.
    pub trait FlattenableSize[]() where Self: Extent;
    /// A run-time size `Self` in a shape to flatten: never.
    pub trait FlattenOfRunTime;
    /// `()`, never computed.
    type Proof;
}

/// The shape `S`, flattened (no longer what [`FlatSize`] names in an error: see [`FlatCount`]).
pub struct Flat<S>(core::marker::PhantomData<S>);

/// The element count of a shape of fixed sizes `Self` as the product of its sizes, a type that
/// prints as it reads: `Times<Dim<40>, Dim<41>>` (a scalar's, `Dim<1>`). What [`FlatSize`] names
/// in an error.
pub trait FlatCount {
    /// The product.
    type Output;
}
impl FlatCount for Nil {
    type Output = Dim<1>;
}
impl<H> FlatCount for Cons<H, Nil> {
    type Output = H;
}
impl<H, H2, T> FlatCount for Cons<H, Cons<H2, T>>
where
    Cons<H2, T>: FlatCount,
{
    type Output = super::Times<H, <Cons<H2, T> as FlatCount>::Output>;
}

/// The value of a product of fixed sizes `Self` ([`FlatCount`]), a typenum number.
pub trait CountOf {
    /// The number.
    type U;
}
impl<N: Number> CountOf for N {
    type U = N::U;
}
impl<A: CountOf, B: CountOf> CountOf for super::Times<A, B>
where
    A::U: core::ops::Mul<B::U>,
{
    type U = typenum::Prod<A::U, B::U>;
}

/// The flat size of a product of fixed sizes `Self` ([`FlatCount`]), `Dim<LEN>`, when typenum
/// has a constant for `LEN`.
#[diagnostic::on_unimplemented(
    message = "cannot flatten this shape: its element count, `{Self}`, has no size type",
    label = "the flat size is outside the table of computed sizes",
    note = "a flat size is written as the type `shape!` writes for it, which exists for 0 to 1024, 3600, from 2047 on the powers of two and the powers of two less one, the powers of ten from 10,000, and k · 2^j for k among 3, 5, 7, 9, 15, 25, 27, 45, 49, 75, 81 and 125 (1536, 3072, 6144, …)",
    note = "name the flat shape instead: `x.reshape::<shape![N]>()` reshapes to any fixed shape of the same element count"
)]
pub trait FlatSize {
    /// `Dim<LEN>`.
    type Output: Extent<Kind = Fixed>;
}
#[diagnostic::do_not_recommend]
impl<E: CountOf> FlatSize for E
where
    E::U: ToSize,
    SizeOf<E::U>: Extent<Kind = Fixed>,
{
    type Output = SizeOf<E::U>;
}

/// `S` with its axes merged into one (see [`FlattenShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::Flattened;
/// static_assertions::assert_type_eq_all!(Flattened<shape![4, 4]>, shape![16]);
/// ```
pub type Flattened<S> = <S as FlattenShape>::Output;

/// `Self` cut along axis `AXIS` before position `POS`: the shapes of the two parts of
/// [`split_at::<AXIS, POS>()`](TensorBase::split_at), `Front` with `POS` entries on that axis
/// and `Back` with the rest. Axis 0 only, where both parts are contiguous; `POS` is at most the
/// axis' fixed size.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::{SplitBack, SplitFront};
/// struct Batch;
/// static_assertions::assert_type_eq_all!(SplitFront<shape![5, 3], 0, 2>, shape![2, 3]);
/// static_assertions::assert_type_eq_all!(SplitBack<shape![5, 3], 0, 2>, shape![3, 3]);
/// static_assertions::assert_type_eq_all!(SplitBack<shape![4, Batch<'static>], 0, 4>, shape![0, Batch<'static>]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot split along axis {AXIS} at {POS}",
    label = "`split_at` cuts axis 0 of a shape of at least one axis",
    note = "a cut along another axis interleaves the two parts in memory: it needs strided views, which shapecast does not have yet"
)]
pub trait SplitShape<const AXIS: usize, const POS: usize>: AnyShape {
    /// The first part's shape: `POS` entries on axis `AXIS`.
    type Front: AnyShape;
    /// The second part's shape: the rest of axis `AXIS`.
    type Back: AnyShape;
}

// The parts are those of a cut of axis 0 ([`SplitAlong`]), computed whatever the axis and the
// position, and checked as a proof ([`SplitCheck`]): the axis must be 0 ([`CutAxis`]) and the
// position at most its size ([`CutAt`]). These bounds meet the checks one impl further than the
// output does, so rustc reports a failure on the axis or the size alone, with no line naming the
// shape.
impl<S: AnyShape, const AXIS: usize, const POS: usize> SplitShape<AXIS, POS> for S
where
    Axis<0>: SplitAlong<S, POS>,
    S: SplitCheck<AXIS, POS>,
{
    type Front = Checked<<Axis<0> as SplitAlong<S, POS>>::Front, <S as SplitCheck<AXIS, POS>>::Proof>;
    type Back = Checked<<Axis<0> as SplitAlong<S, POS>>::Back, <S as SplitCheck<AXIS, POS>>::Proof>;
}

/// The checks of a cut of the shape `Self` along `AXIS` before `POS`: the axis is 0, and `POS`
/// at most its size.
pub trait SplitCheck<const AXIS: usize, const POS: usize> {
    /// `()`: computed, it checks the cut.
    type Proof;
}
impl<H, T, const AXIS: usize, const POS: usize> SplitCheck<AXIS, POS> for Cons<H, T>
where
    Axis<AXIS>: CutAxis,
    H: CutAt<POS>,
{
    type Proof = Checked<<Axis<AXIS> as CutAxis>::Proof, <H as CutAt<POS>>::Proof>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot split along `{Self}`: `split_at` cuts axis 0 only, for now",
        label = "only axis 0 splits into two contiguous views",
        note = "the parts of a cut along axis 0 are two runs of the row-major data; a cut along another axis interleaves them in memory, and needs strided views, which shapecast does not have yet"
    )]
    /// An axis `split_at` cuts: axis 0 only, for now. Holds through [`ContiguousCut`].
    pub trait CutAxis[]();
    /// An axis whose parts are contiguous: axis 0.
    pub trait ContiguousCut;
    /// `()`: computed, it checks the axis.
    type Proof;
    /// A cut of the shape `S` along the axis `Self` before `POS`: axis 0 only, for now.
    pub trait SplitAlong<S, const POS: usize> {
        /// The first part's shape.
        type Front: AnyShape;
        /// The second part's shape.
        type Back: AnyShape;
    }
}

impl ContiguousCut for Axis<0> {
    type Proof = ();
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot split axis 0 at {POS}: the axis has size `{Self}`, and a split position is at most the size",
        label = "the split position is past the end of axis 0",
        note = "`split_at::<0, POS>()` gives the first POS entries of axis 0 and the rest; POS may be 0 or the size itself (one part is then empty)"
    )]
    /// A size cut before `POS`: a fixed size at least `POS`. Holds through [`SplitWithin`].
    pub trait CutAt[const POS: usize](POS);
    /// A cut at `POS` inside a size: a fixed size at least `POS`, whose error says so otherwise.
    pub trait SplitWithin;
    /// `()`: computed, it checks the position.
    type Proof;
}

impl<H, T, const POS: usize> SplitAlong<Cons<H, T>, POS> for Axis<0>
where
    Cons<H, T>: AnyShape,
    H: SplitSize<POS>,
    Cons<H::Front, T>: AnyShape,
    Cons<H::Back, T>: AnyShape,
{
    type Front = Cons<H::Front, T>;
    type Back = Cons<H::Back, T>;
}

/// The first part of `S` split along `AXIS` before `POS` (see [`SplitShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::SplitFront;
/// static_assertions::assert_type_eq_all!(SplitFront<shape![4, 2], 0, 1>, shape![1, 2]);
/// ```
pub type SplitFront<S, const AXIS: usize, const POS: usize> = <S as SplitShape<AXIS, POS>>::Front;

/// The second part of `S` split along `AXIS` before `POS` (see [`SplitShape`]).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::algebra::SplitBack;
/// static_assertions::assert_type_eq_all!(SplitBack<shape![4, 2], 0, 1>, shape![3, 2]);
/// ```
pub type SplitBack<S, const AXIS: usize, const POS: usize> = <S as SplitShape<AXIS, POS>>::Back;

/// A size cut before `POS`: `Front` is `POS`, `Back` the rest. A fixed size at least `POS`.
pub trait SplitSize<const POS: usize> {
    /// `Dim<POS>`.
    type Front;
    /// The size less `POS`.
    type Back;
}

/// The fixed sizes, `Dim` and `Big` alike: whether `POS ≤ N` picks the cut ([`SplitFits`]) or
/// the error ([`SplitPastEnd`]).
macro_rules! split_fixed {
    ($([$($generics:tt)*] $size:ty;)*) => {$(
        impl<$($generics)*, const POS: usize> SplitSize<POS> for $size
        where
            $size: Number,
            Const<POS>: ToUInt,
            U<POS>: IsLessOrEqual<<$size as Number>::U>,
            LeEq<U<POS>, <$size as Number>::U>: If<SplitFits, SplitPastEnd>,
            <LeEq<U<POS>, <$size as Number>::U> as If<SplitFits, SplitPastEnd>>::Output: SplitPick<$size, POS>,
        {
            type Front = Dim<POS>;
            type Back = <<LeEq<U<POS>, <$size as Number>::U> as If<SplitFits, SplitPastEnd>>::Output as SplitPick<$size, POS>>::Back;
        }
    )*};
}
split_fixed! {
    [const N: usize] Dim<N>;
    [const N: usize, V] Big<N, V>;
}

// Any position: [`CutAt`] refuses a run-time size ([`SplitsAtRunTime`]).
impl<'id, Name, const POS: usize> SplitSize<POS> for Dyn<'id, Name> {
    type Front = Self;
    type Back = Self;
}

/// A split position within its axis.
pub struct SplitFits;

/// A split position past the end of its axis.
pub struct SplitPastEnd;

/// Where `POS` falls on an axis of size `N`, as `Self`: [`SplitFits`] gives the rest,
/// [`SplitPastEnd`] the error.
pub trait SplitPick<N, const POS: usize> {
    /// `N − POS` as a size.
    type Back;
}
impl<N: Number, const POS: usize> SplitPick<N, POS> for SplitFits
where
    Const<POS>: ToUInt,
    (N, Dim<POS>): SplitRest,
{
    type Back = <(N, Dim<POS>) as SplitRest>::Back;
}
// Any size: [`CutAt`] refuses a position past the end ([`SplitWithin`]).
impl<N: Number, const POS: usize> SplitPick<N, POS> for SplitPastEnd {
    type Back = N;
}

#[diagnostic::do_not_recommend]
impl<N: Number, const POS: usize> SplitWithin<POS> for N
where
    Const<POS>: ToUInt,
    U<POS>: IsLessOrEqual<N::U, Output = typenum::B1>,
{
    type Proof = ();
}
#[diagnostic::do_not_recommend]
impl<'id, Name, const POS: usize> SplitWithin<POS> for Dyn<'id, Name>
where
    Name: SplitsAtRunTime<POS>,
{
    type Proof = <Name as SplitsAtRunTime<POS>>::Proof;
}

/// The rest of a size `N` cut at `P` (`Self = (N, P)`), when `Dim` has a type for it.
#[diagnostic::on_unimplemented(
    message = "cannot split `{Self}`: the second part's size, the first less the second, has no size type",
    label = "the rest of the axis is outside the table of computed sizes",
    note = "a computed size is written as the type `shape!` writes for it, which exists for 0 to 1024, 3600, from 2047 on the powers of two and the powers of two less one, the powers of ten from 10,000, and k · 2^j for k among 3, 5, 7, 9, 15, 25, 27, 45, 49, 75, 81 and 125 (1536, 3072, 6144, …)"
)]
pub trait SplitRest {
    /// `N − P` as a size.
    type Back;
}
#[diagnostic::do_not_recommend]
impl<N: Number, P: Number> SplitRest for (N, P)
where
    N::U: Sub<P::U>,
    Diff<N::U, P::U>: ToSize,
{
    type Back = SizeOf<Diff<N::U, P::U>>;
}

/// A run-time size, named `Self`, cut at a fixed position: never, whose error says why (sealed:
/// no name can have it).
#[diagnostic::on_unimplemented(
    message = "cannot split axis 0 at {POS}: its size `{Self}` is bound at run time",
    label = "a run-time axis cannot be split at a fixed position",
    note = "the position must be at most the size, which the types cannot prove for a run-time size; convert first, checked at run time (`x.to_fixed::<shape![…]>()?`), then split"
)]
pub trait SplitsAtRunTime<const POS: usize>: never::Never {
    /// `()`, never computed.
    type Proof;
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The same data seen in the fixed shape `S2`, which must hold as many elements (NumPy's
    /// `reshape`, row-major; checked at compile time). A view: no copy, and a view of a
    /// `BoxedTensor` computes boxed tensors, as `insert_axis`'s does.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let r = t.reshape::<shape![3, 2]>();
    /// assert_eq!(r.get(&[2, 0]), Some(&5));
    /// assert_eq!(t.reshape::<shape![6]>().as_slice(), [1, 2, 3, 4, 5, 6]);
    /// ```
    ///
    /// Another element count does not compile; the error names both counts:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::splat(0);
    /// let _ = t.reshape::<shape![4, 2]>();
    /// ```
    ///
    /// ```txt
    /// error[E0277]: cannot reshape: the tensor holds `Elements<6>` and the target shape `Elements<8>`
    /// ```
    #[hot]
    pub fn reshape<'s, S2: Shape>(&'s self) -> TensorBase<D::View<'s>, S2>
    where
        S: ReshapeInto<S2>,
        <S as ReshapeInto<S2>>::Proof: Sized,
    {
        self.reshaped(S2::default())
    }

    /// The same data without axis `A`, which has the fixed size 1: the inverse of
    /// `insert_axis::<A>()` (NumPy's `squeeze(axis=A)`). A view; the other axes may have
    /// run-time sizes.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let column = Tensor::<i32, shape![3, 1]>::from([[1], [2], [3]]);
    /// let v = column.squeeze::<1>(); // [3]
    /// assert_eq!(v.as_slice(), [1, 2, 3]);
    ///
    /// struct Batch;
    /// bind!(let batch: Batch = 2);
    /// let data = [7, 8];
    /// let x = TensorRef::from_shape(dims![batch, 1], &data)?;
    /// let y = x.squeeze::<1>(); // [Batch]
    /// assert_eq!(*y.shape().extents(), [2]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// An axis of another size, or of a run-time size (never known to be 1), does not compile:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::splat(0);
    /// let _ = t.squeeze::<1>();
    /// ```
    ///
    /// ```txt
    /// error[E0277]: cannot squeeze axis 1: its size is `Dim<3>`, not 1
    /// ```
    #[hot]
    pub fn squeeze<'s, const A: usize>(&'s self) -> TensorBase<D::View<'s>, Squeezed<S, A>>
    where
        S: SqueezeShape<A>,
    {
        let mut dims = [0; MAX_RANK];
        let dims = crate::shape::extents_in(&self.shape(), &mut dims);
        let mut kept = [0; MAX_RANK];
        let mut n = 0;
        for (axis, &d) in dims.iter().enumerate() {
            if axis != A {
                kept[n] = d;
                n += 1;
            }
        }
        self.reshaped(Squeezed::<S, A>::from_extents(&kept[..n], Proof::new()))
    }

    /// The same data as one axis of `S::LEN` entries (NumPy's `ravel` of a contiguous array). A
    /// view. For fixed shapes whose element count typenum has a constant for (see
    /// [`FlattenShape`]); past them, `reshape::<shape![N]>()` names the size instead.
    ///
    /// `F` is the flat shape, [`Flattened<S>`], inferred: call it as `x.flatten()`. (A parameter
    /// rather than the return type spelled out, so that a shape that does not flatten is an
    /// error that says why, not rustc's "method exists but its trait bounds were not
    /// satisfied".)
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 2, 3]>::from_fn(|i| i as i32);
    /// let flat = t.flatten(); // [12]
    /// let _: &TensorRef<'_, i32, shape![12]> = &flat;
    /// assert_eq!(flat.get(&[7]), Some(&7));
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let t = BoxedTensor::<u8, shape![40, 41]>::splat(1);
    /// let _ = t.flatten(); // 1,640: not in the table of computed sizes
    /// ```
    ///
    /// ```txt
    /// error[E0277]: cannot flatten this shape: its element count has no size type
    /// ```
    #[hot]
    pub fn flatten<'s, F: AnyShape>(&'s self) -> TensorBase<D::View<'s>, F>
    where
        S: FlattenShape<Output = F>,
    {
        let n = [len_of(&self.shape())];
        self.reshaped(F::from_extents(&n, Proof::new()))
    }

    /// The first `POS` entries of axis `AXIS` and the rest, as two views of the same data
    /// (NumPy's `split(x, [POS], axis=AXIS)`, Rust's `split_at`). `POS` may be 0 or the axis'
    /// size (a part is then empty); past it, the call does not compile.
    ///
    /// Axis 0 only, for now: its two parts are contiguous runs of the row-major data. A cut
    /// along another axis interleaves the parts, and is a compile error until strided views
    /// come. Axis 0 must have a fixed size; the others may be bound at run time.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![5, 2]>::from_fn(|i| i as i32);
    /// let (train, test) = t.split_at::<0, 3>(); // [3, 2] and [2, 2]
    /// assert_eq!(train.as_slice(), [0, 1, 2, 3, 4, 5]);
    /// assert_eq!(test.as_slice(), [6, 7, 8, 9]);
    /// let _: TensorRef<'_, i32, shape![2, 2]> = test;
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![5, 2]>::splat(0);
    /// let _ = t.split_at::<0, 6>(); // past the end
    /// ```
    ///
    /// ```txt
    /// error[E0277]: cannot split axis 0 at 6: the axis has size `Dim<5>`, and a split position is at most the size
    /// ```
    #[allow(clippy::type_complexity)]
    #[hot]
    pub fn split_at<'s, const AXIS: usize, const POS: usize>(
        &'s self,
    ) -> (TensorBase<D::View<'s>, SplitFront<S, AXIS, POS>>, TensorBase<D::View<'s>, SplitBack<S, AXIS, POS>>)
    where
        S: SplitShape<AXIS, POS>,
        D::View<'s>: From<&'s [D::Elem]>,
    {
        let mut front = [0; MAX_RANK];
        let rank = crate::shape::extents_in(&self.shape(), &mut front).len();
        let mut back = front;
        let size = if rank > 0 { front[0] } else { 0 };
        front[0] = POS;
        back[0] = size.saturating_sub(POS);
        let front = SplitFront::<S, AXIS, POS>::from_extents(&front[..rank], Proof::new());
        let back = SplitBack::<S, AXIS, POS>::from_extents(&back[..rank], Proof::new());
        let (a, b) = self.as_slice().split_at(len_of(&front));
        (TensorBase::from_parts(a.into(), front), TensorBase::from_parts(b.into(), back))
    }
}
