//! [`Transposed`]: a tensor with its last two axes swapped (NumPy's `.mT`), without a copy.

use core::marker::PhantomData;
use shapecast_macros::hot;

use crate::shape::Nil;
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, Cons};
use crate::tensor::{Data, Home, HomeOf, Owned, OwnedData, TensorBase};
use crate::typelevel::{ListRank, Rank, Reverse};
use typenum::{B1, Const, IsGreaterOrEqual, ToUInt, U, U2};

type Rev<L> = <L as Reverse>::Output;

/// A shape whose last two axes can be swapped: one of two axes or more.
#[diagnostic::on_unimplemented(
    message = "`mt()` swaps the last two axes, and this shape has fewer than two",
    label = "fewer than two axes to swap",
    note = "a 1-D tensor is a row or a column as a product needs it: `v.matmul(&m)` reads `v` as a row and `m.matmul(&v)` as a column; `insert_axis::<1>()` makes it an explicit `[N, 1]` column"
)]
pub trait Transposes: AnyShape + SwapLastTwo<Swapped = <Self as Transposes>::Output> {
    /// The shape with its last two axes swapped.
    type Output: AnyShape;
    /// `()`: computed, it checks the rank ([`SwapRank`]). `mt` names it, so that a shape of
    /// fewer than two axes is reported on its rank.
    type Proof;
}

impl<S> Transposes for S
where
    S: AnyShape + SwapLastTwo + ListRank,
    <S as ListRank>::Output: SwapRank,
{
    type Output = <S as SwapLastTwo>::Swapped;
    type Proof = <<S as ListRank>::Output as SwapRank>::Proof;
}

/// `Self` with its last two axes swapped, for any shape: a shape of fewer than two axes is
/// itself. [`Transposes`] checks the rank apart, so that `mt`'s result type is known before
/// the rank is checked, and a shape of one axis is reported on its rank.
#[doc(hidden)]
pub trait SwapLastTwo {
    /// The shape swapped.
    type Swapped: AnyShape;
}
impl<S> SwapLastTwo for S
where
    S: Reverse,
    Rev<S>: SwapFirstTwo,
    <Rev<S> as SwapFirstTwo>::Output: Reverse,
    Rev<<Rev<S> as SwapFirstTwo>::Output>: AnyShape,
{
    type Swapped = Rev<<Rev<S> as SwapFirstTwo>::Output>;
}

/// A list with its first two entries swapped; a list of fewer is itself.
#[doc(hidden)]
pub trait SwapFirstTwo {
    /// The list swapped.
    type Output;
}
impl SwapFirstTwo for Nil {
    type Output = Nil;
}
impl<A> SwapFirstTwo for Cons<A, Nil> {
    type Output = Cons<A, Nil>;
}
impl<A, B, R> SwapFirstTwo for Cons<A, Cons<B, R>> {
    type Output = Cons<B, Cons<A, R>>;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "`mt()` swaps the last two axes, and this shape has `{Self}`: it needs two axes or more",
        label = "fewer than two axes to swap",
        note = "a 1-D tensor is a row or a column as a product needs it: `v.matmul(&m)` reads `v` as a row and `m.matmul(&v)` as a column; `insert_axis::<1>()` makes it an explicit `[N, 1]` column"
    )]
    /// The rank `Self` (`Rank<R>`) of a shape whose last two axes are swapped is at least 2.
    /// Holds through [`TwoAxesRank`].
    pub trait SwapRank[]();
    /// A rank of two axes or more.
    pub trait TwoAxesRank;
    /// `()`: computed, it checks the rank.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const R: usize> TwoAxesRank for Rank<R>
where
    Const<R>: ToUInt,
    U<R>: IsGreaterOrEqual<U2, Output = B1>,
{
    type Proof = ();
}

/// `S` with its last two axes swapped.
///
/// ```
/// use shapecast::{prelude::*, product::TransposedShape};
/// static_assertions::assert_type_eq_all!(TransposedShape<shape![5, 2, 3]>, shape![5, 3, 2]);
/// ```
pub type TransposedShape<S> = <S as Transposes>::Output;

/// A list of two entries or more, with its first two swapped (the last two axes of a shape, on
/// the reversed list).
pub trait TwoAxesOrMore {
    /// The list swapped.
    type Output;
}
#[diagnostic::do_not_recommend]
impl<A, B, R> TwoAxesOrMore for Cons<A, Cons<B, R>> {
    type Output = Cons<B, Cons<A, R>>;
}

/// A tensor seen with its last two axes swapped, without a copy: made by
/// [`mt`](crate::TensorBase::mt) (NumPy's `.mT`). A product reads it where it lies, with the
/// strides swapped; [`to_tensor`](Self::to_tensor) copies it into row-major order.
///
/// ```
/// use shapecast::prelude::*;
///
/// let a = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let at = a.mt(); // shape [3, 2], nothing copied
/// assert_eq!(at.get(&[2, 1]), Some(&6));
/// assert_eq!(at.matmul(&a).as_slice(), [17, 22, 27, 22, 29, 36, 27, 36, 45]); // Aᵀ·A
/// assert_eq!(at.to_tensor().as_slice(), [1, 4, 2, 5, 3, 6]);
/// ```
pub struct Transposed<'a, T, S, H> {
    data: &'a [T],
    shape: S,
    home: PhantomData<H>,
}

impl<T, S: Copy, H> Clone for Transposed<'_, T, S, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: Copy, H> Copy for Transposed<'_, T, S, H> {}

// `mt`'s bounds are the method's, not the block's: a shape of one axis is then reported on
// its rank (E0277), not as a method that exists for no such shape (E0599, naming the tensor's
// type).
impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The tensor with its last two axes swapped, as a view: nothing is copied (NumPy's `.mT`).
    /// A product reads it in place ([`matmul`](Self::matmul)); `.mt()` of the view is the
    /// tensor again.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let q = Tensor::<f32, shape![4, 8]>::splat(0.5); // 4 queries of 8 features
    /// let k = Tensor::<f32, shape![6, 8]>::splat(1.0); // 6 keys
    /// let scores = q.matmul(&k.mt()); // [4, 8] · [8, 6] → [4, 6], k read in place
    /// assert_eq!(scores.as_slice(), [4.0; 24]);
    /// ```
    #[hot]
    pub fn mt(&self) -> Transposed<'_, D::Elem, <S as SwapLastTwo>::Swapped, HomeOf<D, S>>
    where
        <S as Transposes>::Proof: Sized,
        S: Transposes + SwapLastTwo,
    {
        let mut dims = [0; shapecast_rules::MAX_RANK];
        let rank = S::RANK;
        self.shape().write_extents(&mut dims[..rank]);
        dims.swap(rank - 2, rank - 1);
        let shape = TransposedShape::<S>::from_extents(&dims[..rank], Proof::new());
        Transposed { data: self.as_slice(), shape, home: PhantomData }
    }
}

impl<'a, T: Copy, S: AnyShape, H: Home> Transposed<'a, T, S, H> {
    /// The shape of the view (the tensor's, its last two axes swapped).
    #[hot]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The element at a multi-index of the view, or `None` if the index has the wrong rank or
    /// is out of bounds.
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        self.strided().get(index)
    }

    /// The view copied into a new tensor, row-major (the operators' storage rule; a large one
    /// in tiles, as a strided view's).
    pub fn to_tensor(&self) -> Owned<T, S, H>
    where
        T: crate::expr::Shared,
        crate::tensor::New<S, H>: OwnedData<T, S>,
    {
        self.strided().to_tensor()
    }

    /// The view as an operand of an expression, read where it lies (NumPy's `x.mT + y`): no
    /// copy is made. `&x.mt()` is an operand too, on the right of an expression.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// assert_eq!((x.mt().lazy() + &x).eval().as_slice(), [2, 5, 5, 8]); // xᵀ + x
    /// assert_eq!((x.lazy() - &x.mt()).eval().as_slice(), [0, -1, 1, 0]); // x − xᵀ
    /// ```
    #[inline]
    pub fn lazy(&self) -> crate::expr::Lazy<crate::expr::StridedLeaf<'a, T, S, H>>
    where
        T: crate::expr::Shared,
    {
        self.strided().lazy()
    }

    /// The same view as a [`StridedView`](crate::algebra::StridedView), its strides read from
    /// the shape: what every expression reads in place.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!((a.mt().strided().lazy() * 2).eval().as_slice(), [2, 8, 4, 10, 6, 12]);
    /// ```
    #[inline]
    pub fn strided(&self) -> crate::algebra::StridedView<'a, T, S, H> {
        let mut dims = [0; shapecast_rules::MAX_RANK];
        let rank = S::RANK;
        self.shape.write_extents(&mut dims[..rank]);
        // Row-major strides of the stored order (the last two sizes swapped back), then
        // swapped as the view swaps the axes.
        dims.swap(rank - 2, rank - 1);
        let mut steps = [0; shapecast_rules::MAX_RANK];
        steps[..rank].copy_from_slice(&shapecast_rules::row_major_strides(&dims[..rank]));
        steps.swap(rank - 2, rank - 1);
        crate::algebra::StridedView::from_parts(self.data, self.shape, &steps[..rank])
    }
}

impl<'a, T: Copy, S: AnyShape, H: Home> Transposed<'a, T, S, H>
where
    S: Transposes,
{
    /// The view transposed back: the tensor it was made from, as a view.
    #[hot]
    pub fn mt(&self) -> TensorBase<&'a [T], TransposedShape<S>> {
        let mut dims = [0; shapecast_rules::MAX_RANK];
        let rank = S::RANK;
        self.shape.write_extents(&mut dims[..rank]);
        dims.swap(rank - 2, rank - 1);
        TensorBase::from_parts(self.data, TransposedShape::<S>::from_extents(&dims[..rank], Proof::new()))
    }
}

impl<T: Copy, S: AnyShape, H: Home> super::MatrixOperand for Transposed<'_, T, S, H> {
    type Elem = T;
    type Shape = S;
    type Home = H;
    const TRANSPOSED: bool = true;
    #[hot]
    fn elements(&self) -> &[T] {
        self.data
    }
    #[hot]
    fn operand_shape(&self) -> S {
        self.shape
    }
}

/// `&x.mt()` as an operand of an expression: its [`lazy`](Transposed::lazy) view.
impl<'a, T: Copy + crate::expr::Shared, S: AnyShape, H: Home> crate::expr::IntoExpression
    for &Transposed<'a, T, S, H>
{
    type Expr = crate::expr::StridedLeaf<'a, T, S, H>;
    #[hot]
    fn into_expression(self) -> Self::Expr {
        self.lazy().0
    }
}
