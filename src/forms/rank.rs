//! Rules on the number of axes, as traits whose failure a compile error names: conversions keep
//! it (`cast_shape`), and NumPy's `broadcast_to` never lowers it.

use typenum::B1;

use crate::typelevel::{ListRank, Rank};

/// `Self` has as many axes as `S`: what [`cast_shape`](crate::TensorBase::cast_shape) and
/// [`to_fixed`](crate::TensorBase::to_fixed) require of their target. Ranks are types, so a
/// conversion to another rank is refused at compile time; the sizes, which may be bound at run
/// time, are then checked when the program runs.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::forms::SameRank;
/// struct Samples;
/// static_assertions::assert_impl_all!(shape![150, 4]: SameRank<shape![Samples<'static>, 4]>);
/// static_assertions::assert_not_impl_any!(shape![600]: SameRank<shape![Samples<'static>, 4]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot convert to a shape of another rank: the target shape and the tensor's have different numbers of axes",
    label = "a shape of another rank",
    note = "`cast_shape` and `to_fixed` see the same data in a shape of the same rank, checking each size at run time; they never add or drop an axis",
    note = "to add a size-1 axis, use `insert_axis::<I>()` (NumPy's `np.newaxis`); to drop an axis, reduce it away (`sum_axes::<axes![…]>()`)"
)]
pub trait SameRank<S> {
    /// `()`: computed, it checks the two ranks ([`RankOfTarget`]). `cast_shape` and `to_fixed`
    /// name it, so that a failure is reported on the ranks (`Rank<1>`, `Rank<2>`).
    type Proof;
}

#[diagnostic::do_not_recommend]
impl<S2, S> SameRank<S> for S2
where
    S2: ListRank,
    S: ListRank,
    <S2 as ListRank>::Output: RankOfTarget<<S as ListRank>::Output>,
{
    type Proof = <<S2 as ListRank>::Output as RankOfTarget<<S as ListRank>::Output>>::Proof;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot convert to a shape of another rank: the target shape has `{Self}` and the tensor's `{R}`",
        label = "a shape of another rank",
        note = "`cast_shape` and `to_fixed` see the same data in a shape of the same rank, checking each size at run time; they never add or drop an axis",
        note = "to add a size-1 axis, use `insert_axis::<I>()` (NumPy's `np.newaxis`); to drop an axis, reduce it away (`sum_axes::<axes![…]>()`)"
    )]
    /// The rank `Self` of a conversion's target is the tensor's, `R` (`Rank<N>` both). Holds
    /// through [`RanksAgree`].
    pub trait RankOfTarget[R](R);
    /// Two ranks `Rank<N>` are one.
    pub trait RanksAgree;
    /// `()`: computed, it checks the ranks.
    type Proof;
}
impl<const N: usize> RanksAgree<Rank<N>> for Rank<N> {
    type Proof = ();
}

/// A shape of rank `Self` broadcasts to a target of rank `R` (NumPy `broadcast_to`): it has
/// no more axes than the target.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast a shape of `{Self}` to a target of `{R}` (NumPy `broadcast_to`): the target has fewer axes",
    label = "this shape has more axes than the target",
    note = "`broadcast_to` is one-way: it adds axes on the left and stretches sizes of 1, and never drops an axis; to drop one, reduce it away (`sum_axes::<axes![…]>()`)"
)]
pub trait RankAtMost<R> {
    /// `()`: computed, it checks the ranks.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const R: usize> RankAtMost<Rank<R>> for Rank<A>
where
    typenum::Const<A>: typenum::ToUInt,
    typenum::Const<R>: typenum::ToUInt,
    typenum::U<A>: typenum::IsLessOrEqual<typenum::U<R>, Output = B1>,
{
    type Proof = ();
}

/// The values given to `add_at`, `mean_at` or `add_along`, of rank `Self`, have no more axes than
/// what they place, of rank `R`: the rank rule of [`RankAtMost`], in their words.
#[diagnostic::on_unimplemented(
    message = "cannot place these values: their shape has `{Self}`, more axes than one row (or element) per index, which has `{R}`",
    label = "the values given here have more axes than one row or element per index",
    note = "`add_at` and `mean_at` place a row per index: their values stretch by NumPy's rule to `[N, …]`, `N` the indices' size, `…` the output's axes after its first; `add_along` adds an element per index: its values stretch to the indices' shape",
    note = "stretching adds axes on the left and never drops one; to drop an axis of the values, reduce it away first (`sum_axes::<axes![…]>()`)"
)]
pub trait ValuesRankAtMost<R>: RankAtMost<R> {
    /// `()`: computed, it checks the ranks.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const R: usize> ValuesRankAtMost<Rank<R>> for Rank<A>
where
    Rank<A>: RankAtMost<Rank<R>>,
    typenum::Const<A>: typenum::ToUInt,
    typenum::Const<R>: typenum::ToUInt,
    typenum::U<A>: typenum::IsLessOrEqual<typenum::U<R>, Output = B1>,
{
    type Proof = ();
}
