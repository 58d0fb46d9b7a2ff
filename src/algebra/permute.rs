//! `perm![…]`, [`permute`](crate::TensorBase::permute) and
//! [`swap_axes`](crate::TensorBase::swap_axes): the axes of a tensor in another order, a view.

use core::marker::PhantomData;
use shapecast_macros::hot;

use typenum::{Const, ToUInt, U};

use super::StridedView;
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, Cons, Dim, List, Nil, Number};
use crate::tensor::{Data, HomeOf, TensorBase};
use crate::typelevel::{At, AtOr, AxisIn, Checked, ListRank, Rank, ToAxis};
use shapecast_rules::MAX_RANK;

/// An order of axes as a type, written `perm![2, 0, 1]`: each axis named once, where
/// [`axes!`](crate::axes) writes a set (increasing).
///
/// ```
/// use shapecast::prelude::*;
/// assert_eq!(<perm![2, 0, 1]>::order(), [2, 0, 1]);
/// ```
pub struct Perm<L>(PhantomData<L>);

impl<L: List> Perm<L> {
    /// The axes, in order.
    pub fn order() -> &'static [usize] {
        L::ITEMS
    }
}

/// The shape of `Self` with its axes in the order `P` (`perm![…]`): the result's axis `i` is
/// `Self`'s axis `P[i]`. `P` must name every axis of the shape once.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(Permuted<shape![2, 3, 4], perm![2, 0, 1]>, shape![4, 2, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{P}` is not an order of the axes of this shape",
    label = "not a permutation of this shape's axes",
    note = "`perm![…]` names every axis of the shape once, each between 0 and the rank − 1: a shape of 3 axes takes an order of 0, 1 and 2, such as `perm![2, 0, 1]`"
)]
pub trait AnyPermute<P: Order>: AnyShape {
    /// The permuted shape.
    type Output: AnyShape;
}

// The output is the shape's sizes picked in the order `L`, computed for any order (a size 1 for
// an axis past the end), and checked as a proof ([`PermCheck`]): these bounds meet the check one
// impl further than the output does, so rustc reports a wrong order on the ranks or the axis.
impl<S: AnyShape, L: List> AnyPermute<Perm<L>> for S
where
    L: PickOr<S> + PermCheck<S>,
    <L as PickOr<S>>::Output: AnyShape,
{
    type Output = Checked<<L as PickOr<S>>::Output, <L as PermCheck<S>>::Proof>;
}

/// The sizes of `S` at the positions of the list `Self`, in its order, a size 1 for a position
/// past the end ([`PermCheck`] refuses it).
pub trait PickOr<S> {
    /// The sizes.
    type Output;
}
impl<S> PickOr<S> for Nil {
    type Output = Nil;
}
impl<S, I: Number, R: PickOr<S>> PickOr<S> for Cons<I, R>
where
    S: AtOr<I::U, Dim<1>>,
{
    type Output = Cons<<S as AtOr<I::U, Dim<1>>>::Output, R::Output>;
}

/// The order `Self` (a list of distinct axes, as `perm!` writes it) is an order of the axes of
/// the shape `S`: as many entries as `S` has axes ([`PermLength`]), each one of them
/// ([`AxisIn`] on the order's own length).
pub trait PermCheck<S> {
    /// `()`: computed, it checks the order.
    type Proof;
}
impl<L, S> PermCheck<S> for L
where
    L: ListRank + PermEntries<<L as ListRank>::Output>,
    S: ListRank,
    <L as ListRank>::Output: PermLength<<S as ListRank>::Output>,
{
    type Proof = Checked<
        <<L as ListRank>::Output as PermLength<<S as ListRank>::Output>>::Proof,
        <L as PermEntries<<L as ListRank>::Output>>::Proof,
    >;
}

/// Every entry of the order `Self` is an axis of a shape of rank `R`.
pub trait PermEntries<R> {
    /// `()`: computed, it checks the entries.
    type Proof;
}
impl<R> PermEntries<R> for Nil {
    type Proof = ();
}
impl<I: ToAxis, T: PermEntries<R>, R> PermEntries<R> for Cons<I, T>
where
    <I as ToAxis>::Output: AxisIn<R>,
{
    type Proof = Checked<<<I as ToAxis>::Output as AxisIn<R>>::Proof, <T as PermEntries<R>>::Proof>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "this order names the axes of a shape of `{Self}`, and the shape has `{R}`",
        label = "not a permutation of this shape's axes",
        note = "`perm![…]` names every axis of the shape once, each between 0 and the rank − 1: a shape of 3 axes takes an order of 0, 1 and 2, such as `perm![2, 0, 1]`"
    )]
    /// An order of `Self` axes (`Rank<N>`) for a shape of rank `R`: as many. Holds through
    /// [`PermRanks`].
    pub trait PermLength[R](R);
    /// Two ranks `Rank<N>` are one (of an order and of the shape it orders).
    pub trait PermRanks;
    /// `()`: computed, it checks the ranks.
    type Proof;
}

impl<const N: usize> PermRanks<Rank<N>> for Rank<N> {
    type Proof = ();
}

/// `S` with its axes in the order `P`.
pub type Permuted<S, P> = <S as AnyPermute<P>>::Output;

/// The axes `order` of `dims` and `steps`, in that order (the first `order.len()` entries).
#[hot]
fn reorder(dims: &mut [usize; MAX_RANK], steps: &mut [usize; MAX_RANK], order: &[usize]) {
    let (d, s) = (*dims, *steps);
    for (k, &from) in order.iter().enumerate() {
        (dims[k], steps[k]) = (d[from], s[from]);
    }
}

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// The view with its axes in the order `P`: [`TensorBase::permute`], of a view.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3, 4]>::from_fn(|i| i as u8);
    /// let back = x.permute::<perm![2, 0, 1]>().permute::<perm![1, 2, 0]>();
    /// assert_eq!(back.to_tensor(), x);
    /// ```
    #[inline]
    pub fn permute<P>(&self) -> StridedView<'a, T, Permuted<S, P>, H>
    where
        S: AnyPermute<P>,
        P: Order,
    {
        let (mut dims, mut steps) = self.layout();
        reorder(&mut dims, &mut steps, P::ORDER);
        let rank = S::RANK;
        let shape = Permuted::<S, P>::from_extents(&dims[..rank], Proof::new());
        StridedView::from_parts_at(self.data(), self.origin(), shape, &steps[..rank])
    }

    /// The view with axes `I` and `J` swapped.
    #[inline]
    pub fn swap_axes<const I: usize, const J: usize>(&self) -> StridedView<'a, T, Swapped<S, I, J>, H>
    where
        Const<I>: ToUInt,
        Const<J>: ToUInt,
        S: SwapAxes<U<I>, U<J>>,
    {
        let (mut dims, mut steps) = self.layout();
        dims.swap(I, J);
        steps.swap(I, J);
        let rank = S::RANK;
        let shape = Swapped::<S, I, J>::from_extents(&dims[..rank], Proof::new());
        StridedView::from_parts_at(self.data(), self.origin(), shape, &steps[..rank])
    }
}

impl<'a, T, S: crate::product::Transposes, H> StridedView<'a, T, S, H> {
    /// The view with its last two axes swapped (NumPy's `.mT`), still a view.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3, 4]>::from_fn(|i| i as u8);
    /// let v = x.permute::<perm![1, 0, 2]>().mt(); // [3, 4, 2]
    /// assert_eq!(v.get(&[2, 3, 1]), x.get(&[1, 2, 3]));
    /// ```
    #[inline]
    pub fn mt(&self) -> StridedView<'a, T, crate::product::TransposedShape<S>, H> {
        let (mut dims, mut steps) = self.layout();
        let rank = S::RANK;
        dims.swap(rank - 2, rank - 1);
        steps.swap(rank - 2, rank - 1);
        let shape = crate::product::TransposedShape::<S>::from_extents(&dims[..rank], Proof::new());
        StridedView::from_parts_at(self.data(), self.origin(), shape, &steps[..rank])
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The tensor with its axes in the order `P`, written `perm![…]`: the result's axis `i` is
    /// this tensor's axis `P[i]` (NumPy's `transpose(axes)`). A view: nothing is copied, and
    /// every expression and product reads it in place.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// // Attention's heads: [B, T, H, D] → [B, H, T, D].
    /// let x = Tensor::<f32, shape![2, 5, 4, 8]>::from_fn(|i| i as f32);
    /// let heads = x.permute::<perm![0, 2, 1, 3]>(); // StridedView of shape [2, 4, 5, 8]
    /// assert_eq!(heads.get(&[1, 3, 2, 7]), x.get(&[1, 2, 3, 7]));
    /// ```
    ///
    /// An order that is not a permutation of the axes does not compile:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::splat(0.0);
    /// let _ = x.permute::<perm![0, 1, 2]>();
    /// ```
    #[inline]
    pub fn permute<P>(&self) -> StridedView<'_, D::Elem, Permuted<S, P>, HomeOf<D, S>>
    where
        S: AnyPermute<P>,
        P: Order,
    {
        self.strided().permute::<P>()
    }

    /// The tensor with axes `I` and `J` swapped (NumPy's `swapaxes`): a view.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(x.swap_axes::<0, 1>().to_tensor().as_slice(), [1, 4, 2, 5, 3, 6]);
    /// ```
    #[inline]
    pub fn swap_axes<const I: usize, const J: usize>(
        &self,
    ) -> StridedView<'_, D::Elem, Swapped<S, I, J>, HomeOf<D, S>>
    where
        Const<I>: ToUInt,
        Const<J>: ToUInt,
        S: SwapAxes<U<I>, U<J>>,
    {
        self.strided().swap_axes::<I, J>()
    }
}

/// An order of axes, as `perm![…]` writes it: a [`Perm`], and nothing else (sealed), so that
/// a permutation reads every axis once, through every path.
///
/// A `Perm` written by hand that names an axis twice, which `perm!` refuses, does not compile
/// either where it is used:
///
/// ```compile_fail,E0080
/// use shapecast::algebra::Perm;
/// use shapecast::prelude::*;
/// use shapecast::shape::{Cons, Dim, Nil};
/// let x = Tensor::<i32, shape![3, 2]>::from([[0, 1], [2, 3], [4, 5]]);
/// let _ = x.permute::<Perm<Cons<Dim<1>, Cons<Dim<1>, Nil>>>>().to_tensor();
/// ```
pub trait Order: seal::Sealed {
    /// The axes in order.
    const ORDER: &'static [usize];
}
impl<L: List> Order for Perm<L> {
    /// (`perm!` refuses an axis named twice; a `Perm` written by hand is refused where its order
    /// is read, while the program compiles.)
    const ORDER: &'static [usize] = {
        assert!(
            once(L::ITEMS),
            "shapecast: this order of axes (a `Perm` written by hand) names an axis twice"
        );
        L::ITEMS
    };
}

/// Whether no entry of `order` stands in it twice.
const fn once(order: &[usize]) -> bool {
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() {
            if order[i] == order[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// What seals [`Order`].
mod seal {
    /// Implemented by [`Perm`](super::Perm) only.
    pub trait Sealed {}
    impl<L> Sealed for super::Perm<L> {}
}

/// `Self` with its axes `I` and `J` (typenum numbers) swapped.
#[diagnostic::on_unimplemented(
    message = "cannot swap these axes: one is past the last axis of the shape",
    label = "no such axis",
    note = "axes are numbered from 0, outermost first"
)]
pub trait SwapAxes<I, J>: AnyShape {
    /// The shape with the two axes swapped.
    type Output: AnyShape;
}

#[diagnostic::do_not_recommend]
impl<S: AnyShape, I, J> SwapAxes<I, J> for S
where
    S: At<I> + At<J>,
    S: SetAt<I, <S as At<J>>::Output>,
    <S as SetAt<I, <S as At<J>>::Output>>::Output: SetAt<J, <S as At<I>>::Output>,
    <<S as SetAt<I, <S as At<J>>::Output>>::Output as SetAt<J, <S as At<I>>::Output>>::Output: AnyShape,
{
    type Output = <<S as SetAt<I, <S as At<J>>::Output>>::Output as SetAt<J, <S as At<I>>::Output>>::Output;
}

/// `S` with axes `I` and `J` swapped.
pub type Swapped<S, const I: usize, const J: usize> = <S as SwapAxes<U<I>, U<J>>>::Output;

/// `Self` with its entry at position `I` replaced by `X`.
pub trait SetAt<I, X> {
    /// The list.
    type Output;
}
// Past the end: the list as it is (a rule that writes past the end checks the position apart).
impl<I, X> SetAt<I, X> for Nil {
    type Output = Nil;
}
impl<H, T, X> SetAt<typenum::UTerm, X> for Cons<H, T> {
    type Output = Cons<X, T>;
}
impl<H, T, X, Ui, B> SetAt<typenum::UInt<Ui, B>, X> for Cons<H, T>
where
    typenum::UInt<Ui, B>: core::ops::Sub<typenum::B1>,
    T: SetAt<typenum::Sub1<typenum::UInt<Ui, B>>, X>,
{
    type Output = Cons<H, <T as SetAt<typenum::Sub1<typenum::UInt<Ui, B>>, X>>::Output>;
}
