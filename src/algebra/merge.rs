//! Merging two neighbouring axes into one, and splitting one axis into two, for tensors whose
//! elements lie in row-major order: views, the sizes computed and checked once.

use typenum::{Const, ToUInt, U};

use super::{Over, Times};
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, Cons, Dim, Extent, Number};
use crate::tensor::ShapeError;
use crate::tensor::{Data, TensorBase};
use crate::typelevel::{Fixed, Runtime};
use shapecast_rules::MAX_RANK;

/// The size of two axes merged into one: `Times<A, B>` when either is known only at run time,
/// the fixed size of their product when both are fixed.
#[diagnostic::on_unimplemented(
    message = "cannot merge the sizes `{Self}` and `{B}` into one axis",
    label = "these two axes do not merge",
    note = "two fixed sizes merge into the fixed size of their product where the table of computed sizes has it (0 to 1024, powers of two, 3 · 2^j, …); a run-time size merges with any size into `Times<A, B>` (`[Batch, 16]` → `[Batch*16]`)"
)]
pub trait MergeWith<B>: Extent {
    /// The merged size.
    type Output: Extent;
}
#[diagnostic::do_not_recommend]
impl<A: Extent, B: Extent> MergeWith<B> for A
where
    (A::Kind, B::Kind): MergeKinds<A, B>,
{
    type Output = <(A::Kind, B::Kind) as MergeKinds<A, B>>::Output;
}

/// [`MergeWith`] by the kinds of the two sizes.
pub trait MergeKinds<A, B> {
    /// The merged size.
    type Output: Extent;
}
impl<A: Extent, B: Extent> MergeKinds<A, B> for (Runtime, Fixed) {
    type Output = Times<A, B>;
}
impl<A: Extent, B: Extent> MergeKinds<A, B> for (Fixed, Runtime) {
    type Output = Times<A, B>;
}
impl<A: Extent, B: Extent> MergeKinds<A, B> for (Runtime, Runtime) {
    type Output = Times<A, B>;
}
impl<A: Number, B: Number> MergeKinds<A, B> for (Fixed, Fixed)
where
    A::U: core::ops::Mul<B::U>,
    typenum::Prod<A::U, B::U>: crate::typelevel::ToSize,
    crate::typelevel::SizeOf<typenum::Prod<A::U, B::U>>: Extent,
{
    type Output = crate::typelevel::SizeOf<typenum::Prod<A::U, B::U>>;
}

/// `Self` with its axes `I` and `I + 1` merged into one.
#[diagnostic::on_unimplemented(
    message = "cannot merge axis `{I}` with the next: the shape has no axis after it",
    label = "no axes to merge here"
)]
pub trait MergeAt<I> {
    /// The shape with the two axes merged.
    type Output;
}
impl<X: MergeWith<Y>, Y, T> MergeAt<typenum::UTerm> for Cons<X, Cons<Y, T>> {
    type Output = Cons<X::Output, T>;
}
impl<H, T, Ui, B> MergeAt<typenum::UInt<Ui, B>> for Cons<H, T>
where
    typenum::UInt<Ui, B>: core::ops::Sub<typenum::B1>,
    T: MergeAt<typenum::Sub1<typenum::UInt<Ui, B>>>,
{
    type Output = Cons<H, <T as MergeAt<typenum::Sub1<typenum::UInt<Ui, B>>>>::Output>;
}

/// `S` with its axes `I` and `I + 1` merged.
pub type Merged<S, const I: usize> = <S as MergeAt<U<I>>>::Output;

/// `Self` with its axis `I` split into `[size/F, F]`: a run-time size (checked when it runs),
/// or a fixed size that `F` divides (checked here).
#[diagnostic::on_unimplemented(
    message = "cannot split this axis into `[size/{F}, {F}]`",
    label = "this axis does not split so",
    note = "`split_axis::<A, F>` splits a run-time size into `[size/F, F]`, checking when it runs that F divides it, and a fixed size that F divides, the quotient a size `shape!` has a type for (0 to 1024, powers of two, 3 · 2^j, …)"
)]
pub trait SplitAt<I, F> {
    /// The shape with the axis split.
    type Output;
}
impl<H: SplitsBy<F>, T, F> SplitAt<typenum::UTerm, F> for Cons<H, T> {
    type Output = Cons<H::Quotient, Cons<F, T>>;
}

/// A size that the fixed size `F` splits into `[Self/F, F]`: a run-time size (its quotient
/// [`Over`], checked when it runs), or a fixed size that `F` divides (its quotient a fixed size,
/// one `shape!` has a type for).
#[diagnostic::on_unimplemented(
    message = "cannot split an axis of size `{Self}` by the factor `{F}` into `[size/factor, factor]`",
    label = "this axis does not split so",
    note = "a run-time size splits by any fixed factor, checked when it runs; a fixed size splits by a factor that divides it, the quotient a size `shape!` has a type for (0 to 1024, powers of two, 3 · 2^j, …)"
)]
pub trait SplitsBy<F> {
    /// `Self / F`.
    type Quotient;
}
#[diagnostic::do_not_recommend]
impl<'id, N, F> SplitsBy<F> for crate::shape::Dyn<'id, N> {
    type Quotient = Over<crate::shape::Dyn<'id, N>, F>;
}
#[diagnostic::do_not_recommend]
impl<A, B, F> SplitsBy<F> for Times<A, B> {
    type Quotient = Over<Times<A, B>, F>;
}
#[diagnostic::do_not_recommend]
impl<H: Number, F: Number> SplitsBy<F> for H
where
    F::U: typenum::NonZero,
    H::U: core::ops::Rem<F::U, Output = typenum::U0> + core::ops::Div<F::U>,
    typenum::Quot<H::U, F::U>: crate::typelevel::ToSize,
{
    type Quotient = crate::typelevel::SizeOf<typenum::Quot<H::U, F::U>>;
}
impl<H, T, Ui, B, F> SplitAt<typenum::UInt<Ui, B>, F> for Cons<H, T>
where
    typenum::UInt<Ui, B>: core::ops::Sub<typenum::B1>,
    T: SplitAt<typenum::Sub1<typenum::UInt<Ui, B>>, F>,
{
    type Output = Cons<H, <T as SplitAt<typenum::Sub1<typenum::UInt<Ui, B>>, F>>::Output>;
}

/// `S` with its axis `I` split into `[size/F, F]`.
pub type Split<S, const I: usize, const F: usize> = <S as SplitAt<U<I>, Dim<F>>>::Output;

/// A factor that [`split_axis`](crate::TensorBase::split_axis) splits by: a fixed size of at
/// least 1. `[N/F, F]` has no value for `F = 0`, for a run-time size `N` as for a fixed one, so
/// a factor 0 does not compile.
///
/// ```
/// use shapecast::algebra::SplitFactor;
/// use shapecast::shape::Dim;
/// fn splits_by<F: SplitFactor>() {}
/// splits_by::<Dim<4>>();
/// ```
///
/// ```compile_fail,E0277
/// # use shapecast::algebra::SplitFactor;
/// # use shapecast::shape::Dim;
/// # fn splits_by<F: SplitFactor>() {}
/// splits_by::<Dim<0>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot split an axis by the factor 0: `[size/0, 0]` has no size",
    label = "the factor F of `split_axis::<A, F>` is 0",
    note = "`split_axis::<A, F>` splits an axis of size N into `[N/F, F]`: F is a fixed size of at least 1 that divides N (checked when the program runs for a run-time N, while it compiles for a fixed N)"
)]
pub trait SplitFactor {}
#[diagnostic::do_not_recommend]
impl<F: Number> SplitFactor for F where F::U: typenum::NonZero {}

/// `Self` with its axis `I`, a merged size `Times<A, F>` whose second factor is a fixed size
/// other than 0, split back into `[A, F]`: `A`'s value is the merged value over `F`. (With
/// two run-time factors, or a factor 0, the merged value does not tell the first factor.)
#[diagnostic::on_unimplemented(
    message = "axis `{I}` of this shape is not a merged size `Times<A, F>` of a fixed second factor other than 0",
    label = "nothing to unmerge here",
    note = "`unmerge_axis` gives back the two sizes a `merge_axes` of a run-time size and a fixed one merged; to split an axis of a run-time size by a fixed factor, use `split_axis::<A, F>()`"
)]
pub trait UnmergeAt<I> {
    /// The shape with the axis split.
    type Output;
    /// The fixed factor.
    const FACTOR: usize;
}
impl<A, F: Number, T> UnmergeAt<typenum::UTerm> for Cons<Times<A, F>, T>
where
    F::U: typenum::NonZero,
{
    type Output = Cons<A, Cons<F, T>>;
    const FACTOR: usize = <F::U as typenum::Unsigned>::USIZE;
}
impl<H, T, Ui, Bit> UnmergeAt<typenum::UInt<Ui, Bit>> for Cons<H, T>
where
    typenum::UInt<Ui, Bit>: core::ops::Sub<typenum::B1>,
    T: UnmergeAt<typenum::Sub1<typenum::UInt<Ui, Bit>>>,
{
    type Output = Cons<H, <T as UnmergeAt<typenum::Sub1<typenum::UInt<Ui, Bit>>>>::Output>;
    const FACTOR: usize = T::FACTOR;
}

/// `S` with its merged axis `I` split back into its two sizes.
pub type Unmerged<S, const I: usize> = <S as UnmergeAt<U<I>>>::Output;

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The same data with axes `I` and `I + 1` merged into one axis, row-major, at least one of
    /// them of a run-time size: `[Batch, 32, 32, 3]` with `merge_axes::<0>()` is
    /// `[Batch*32, 32, 3]`. The merged size is a size of its own type, [`Times`], computed
    /// here (it cannot overflow: the data holds that many elements). A view: no copy.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Batch;
    /// let data: Vec<f32> = (0..2 * 3 * 4).map(|i| i as f32).collect();
    /// bind!(let batch: Batch = 2);
    /// let x = TensorRef::from_shape(dims![batch, 3, 4], &data)?;
    /// let rows = x.merge_axes::<0>(); // [Batch*3, 4]
    /// assert_eq!(rows.get(&[5, 3]), Some(&23.0));
    /// let back = rows.unmerge_axis::<0>(); // [Batch, 3, 4] again, no check
    /// assert_eq!(*back.shape().extents(), [2, 3, 4]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn merge_axes<const I: usize>(&self) -> TensorBase<D::View<'_>, Merged<S, I>>
    where
        Const<I>: ToUInt,
        S: MergeAt<U<I>>,
        Merged<S, I>: AnyShape,
    {
        let mut dims = [0; MAX_RANK];
        self.shape().write_extents(&mut dims[..S::RANK]);
        // The merged size is at most the element count, which fits: no overflow.
        dims[I] = dims[I].saturating_mul(dims[I + 1]);
        dims.copy_within(I + 2..S::RANK, I + 1);
        let shape = Merged::<S, I>::from_extents(&dims[..S::RANK - 1], Proof::new());
        self.reshaped(shape)
    }

    /// Axis `I`, of size `N`, split into `[N/F, F]`, row-major: a view. A run-time size is
    /// checked when it runs (an error if `F` does not divide `N`), the quotient a size of its own
    /// type, [`Over`]; a fixed size is checked at compile time, the quotient a fixed size
    /// (attention's heads, `[B, T, 32]` into `[B, T, 4, 8]`), and the result is always `Ok`.
    /// A factor 0 does not compile, for a run-time size too ([`SplitFactor`]).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Pixels;
    /// let data: Vec<u8> = (0..12).collect();
    /// bind!(let pixels: Pixels = 12);
    /// let flat = TensorRef::from_shape(dims![pixels], &data)?;
    /// let rgb = flat.split_axis::<0, 3>()?; // [Pixels/3, 3]
    /// assert_eq!(rgb.get(&[2, 1]), Some(&7));
    /// assert!(format!("{rgb:?}").starts_with("TensorRef<[Pixels/3 = 4, 3]>"));
    /// let fixed = Tensor::<u8, shape![2, 12]>::from_fn(|i| i as u8);
    /// let parts = fixed.split_axis::<1, 4>()?; // checked at compile time
    /// let _: TensorRef<'_, u8, shape![2, 3, 4]> = parts;
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    ///
    /// A fixed size that `F` does not divide does not compile:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 30]>::splat(1.0);
    /// let _ = x.split_axis::<1, 8>();
    /// ```
    #[inline]
    pub fn split_axis<const I: usize, const F: usize>(
        &self,
    ) -> Result<TensorBase<D::View<'_>, Split<S, I, F>>, ShapeError>
    where
        Const<I>: ToUInt,
        Dim<F>: Number + SplitFactor,
        S: SplitAt<U<I>, Dim<F>>,
        Split<S, I, F>: AnyShape,
    {
        let mut dims = [0; MAX_RANK];
        self.shape().write_extents(&mut dims[..S::RANK]);
        let n = dims[I];
        // (`SplitFactor` refuses F = 0 while compiling; the check keeps `%` defined anyway.)
        if F == 0 || n % F != 0 {
            let mut to = [0; MAX_RANK];
            to[..S::RANK].copy_from_slice(&dims[..S::RANK]);
            to.copy_within(I..S::RANK, I + 1);
            (to[I], to[I + 1]) = (n.checked_div(F).unwrap_or(0), F);
            return Err(ShapeError::not_divisible(&dims[..S::RANK], &to[..=S::RANK], I, F));
        }
        dims.copy_within(I..S::RANK, I + 1);
        (dims[I], dims[I + 1]) = (n / F, F);
        let shape = Split::<S, I, F>::from_extents(&dims[..=S::RANK], Proof::new());
        Ok(self.reshaped(shape))
    }

    /// Axis `I`, a merged size `Times<A, F>` (made by [`merge_axes`](Self::merge_axes) of a
    /// run-time size and a fixed one other than 0), split back into `[A, F]`, with no check:
    /// its value is their product by construction.
    #[inline]
    pub fn unmerge_axis<const I: usize>(&self) -> TensorBase<D::View<'_>, Unmerged<S, I>>
    where
        Const<I>: ToUInt,
        S: UnmergeAt<U<I>>,
        Unmerged<S, I>: AnyShape,
    {
        let mut dims = [0; MAX_RANK];
        self.shape().write_extents(&mut dims[..S::RANK]);
        let f = <S as UnmergeAt<U<I>>>::FACTOR;
        let (a, b) = (dims[I] / f, f);
        dims.copy_within(I + 1..S::RANK, I + 2);
        (dims[I], dims[I + 1]) = (a, b);
        let shape = Unmerged::<S, I>::from_extents(&dims[..=S::RANK], Proof::new());
        self.reshaped(shape)
    }
}
