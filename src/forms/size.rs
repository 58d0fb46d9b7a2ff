//! The pair rules for sizes, as the traits whose failure a compile error names: two fixed sizes
//! ([`BroadcastsWith`]), two run-time sizes ([`SameBinding`]), a fixed size and a run-time one
//! ([`StretchesTo`]); and NumPy's `broadcast_to`, one way ([`StretchesToSize`]).

use core::ops::BitOr;
use typenum::{Eq, IsEqual, Or, U1};

use crate::shape::{Extent, Number};
use crate::typelevel::{Fixed, If, Runtime};

/// The typenum value of a [`Number`].
type Val<N> = <N as Number>::U;

pub use crate::typelevel::BroadcastsWith;

/// Two run-time sizes meet on an axis only if they are one binding: `Self` and `Q` are the same
/// [`Dyn`](crate::shape::Dyn) type. Two bindings, even of the same name and value, never are.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::forms::SameBinding;
/// struct Samples;
/// struct Classes;
/// static_assertions::assert_impl_all!(Dyn<'static, Samples>: SameBinding<Dyn<'static, Samples>>);
/// static_assertions::assert_not_impl_any!(Dyn<'static, Samples>: SameBinding<Dyn<'static, Classes>>);
/// ```
#[diagnostic::on_unimplemented(
    message = "two run-time sizes never broadcast together: `{Self}` and `{Q}` are different bindings",
    label = "these shapes put two run-time sizes on one axis",
    note = "two run-time sizes are never assumed equal, whatever their values; to treat them as one, convert one tensor to the other's shape first, checked at run time: `a.cast_shape(b.shape())?`"
)]
pub trait SameBinding<Q> {
    /// The size on the axis: the binding.
    type Output;
}
// One blanket impl whose bound fails, not `impl SameBinding<R> for R`: rustc then reports this
// trait with both sizes, not the rule of the list that reached it.
#[diagnostic::do_not_recommend]
impl<R, Q> SameBinding<Q> for R
where
    (R, Q): crate::typelevel::SameType,
{
    type Output = R;
}

/// A fixed size meets a run-time size `R` only if it is 1, which is stretched to `R`.
///
/// Its error names both fixes: a misplaced axis (`[Samples, 10] - [Samples]`, where NumPy's
/// right alignment meets `Samples` with `10`; insert an axis, or name the dims), and sizes meant
/// to be equal (convert, checked).
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::forms::StretchesTo;
/// use shapecast::shape::Dim;
/// struct Samples;
/// static_assertions::assert_impl_all!(Dim<1>: StretchesTo<Dyn<'static, Samples>>);
/// static_assertions::assert_not_impl_any!(Dim<150>: StretchesTo<Dyn<'static, Samples>>);
/// ```
#[diagnostic::on_unimplemented(
    message = "a run-time size never broadcasts with a fixed size other than 1: `{R}` meets `{Self}`",
    label = "these shapes put a run-time size and a fixed size on one axis",
    note = "a run-time size is never assumed to equal a fixed size, whatever its value",
    note = "if the run-time size belongs on another axis: NumPy lines shapes up from the right, so in `[N, 10] - [N]` the `N` of `[N]` meets the `10`; insert a size-1 axis where it should stretch (NumPy's `np.newaxis`): `&a - &b.insert_axis::<1>()` is `[N, 10] - [N, 1]`; for a reduction's result, its keep-dims twin keeps the axis as size 1 (`x.lazy().mean_keepdims::<axes![1]>()` is `[N, 1]`); or name the axes it lands on (XLA's form): `a.with_dims::<axes![0]>() - &b`",
    note = "if the sizes are meant to be equal, convert first, checked at run time: `a.to_fixed::<shape![…]>()?`"
)]
pub trait StretchesTo<R> {
    /// The size on the axis: the run-time size `R`.
    type Output;
}
// One blanket impl whose bound fails, not `impl StretchesTo<R> for Dim<1>`: rustc then reports
// this trait with both sizes, not the rule of the list that reached it.
#[diagnostic::do_not_recommend]
impl<K: crate::shape::Number, R> StretchesTo<R> for K
where
    <K as crate::shape::Number>::U: typenum::IsEqual<typenum::U1, Output = typenum::B1>,
{
    type Output = R;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot broadcast to the target (NumPy `broadcast_to`): the size `{Self}` does not stretch to the target's `{T}` on the same axis",
        label = "a size that does not stretch to the target's",
        note = "`broadcast_to` is one-way: aligned from the right, each size must equal the target's or be 1",
        note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; if it sits on the wrong axis, insert a size-1 axis where it should stretch (`insert_axis::<1>()`, NumPy's `np.newaxis`) or name the dims (`with_dims`); if the sizes are meant to be equal, convert one with a checked `cast_shape` first"
    )]
    /// A size `Self` stretches to the target's size `T` on its axis (NumPy `broadcast_to`): it is
    /// `T` or 1; a run-time size stretches to nothing but itself.
    ///
    /// ```
    /// use shapecast::forms::StretchesToSize;
    /// use shapecast::shape::Dim;
    /// static_assertions::assert_impl_all!(Dim<1>: StretchesToSize<Dim<3>>);
    /// static_assertions::assert_not_impl_any!(Dim<3>: StretchesToSize<Dim<1>>);
    /// ```
    pub trait StretchesToSize<T> {
        /// `()`: computed, it checks the pair.
        type Proof;
    }
    /// The pair rule of [`StretchesToSize`] once the stretch of a 1 is taken: `Self` is `T`.
    pub trait SizeStretch<T> {}
}
#[diagnostic::do_not_recommend]
impl<A: Extent, T: Extent> StretchesToSize<T> for A
where
    (A::Kind, T::Kind): StretchSource<A, T>,
    <(A::Kind, T::Kind) as StretchSource<A, T>>::Output: SizeStretch<T>,
{
    type Proof = ();
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot place these values: their size `{Self}` does not stretch to `{T}`, the size on the same axis of one row (or element) per index",
        label = "the values given here do not stretch to one row or element per index",
        note = "`add_at` and `mean_at` place a row per index: their values stretch by NumPy's rule to `[N, …]`, `N` the indices' size, `…` the output's axes after its first; `add_along` adds an element per index: its values stretch to the indices' shape",
        note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; to use indices bound apart from the values, convert one size with a checked `cast_shape` first"
    )]
    /// A size `Self` of the values given to `add_at`, `mean_at` or `add_along` stretches to the
    /// size `T` of what they place on its axis: the rule of [`StretchesToSize`], in their words.
    pub trait ValueStretchesToSize<T>: StretchesToSize<T> {
        /// `()`: computed, it checks the pair.
        type Proof;
    }
    /// The pair rule of [`ValueStretchesToSize`] once the stretch of a 1 is taken: `Self` is `T`.
    pub trait ValueSizeStretch<T> {}
}
#[diagnostic::do_not_recommend]
impl<A: Extent, T: Extent> ValueStretchesToSize<T> for A
where
    A: StretchesToSize<T>,
    (A::Kind, T::Kind): StretchSource<A, T>,
    <(A::Kind, T::Kind) as StretchSource<A, T>>::Output: ValueSizeStretch<T>,
{
    type Proof = ();
}
impl<X> ValueSizeStretch<X> for X {}

/// The size that must equal the target's `T` for `A` to stretch to it, by the kinds of the
/// two (`Self`): `T` itself when the stretch holds (`A` is `T`, or the fixed size 1), else `A`.
pub trait StretchSource<A, T> {
    /// The size to compare with `T`.
    type Output;
}
impl<A: Number, T: Number> StretchSource<A, T> for (Fixed, Fixed)
where
    Val<A>: IsEqual<Val<T>> + IsEqual<U1>,
    Eq<Val<A>, Val<T>>: BitOr<Eq<Val<A>, U1>>,
    Or<Eq<Val<A>, Val<T>>, Eq<Val<A>, U1>>: If<T, A>,
{
    type Output = <Or<Eq<Val<A>, Val<T>>, Eq<Val<A>, U1>> as If<T, A>>::Output;
}
impl<A: Number, T> StretchSource<A, T> for (Fixed, Runtime)
where
    Val<A>: IsEqual<U1>,
    Eq<Val<A>, U1>: If<T, A>,
{
    type Output = <Eq<Val<A>, U1> as If<T, A>>::Output;
}
impl<A, T, K> StretchSource<A, T> for (Runtime, K) {
    type Output = A;
}

impl<X> SizeStretch<X> for X {}
