//! Small fixed square matrices: the identity ([`eye`](TensorBase::eye)), the inverse
//! ([`inv`](TensorBase::inv)) and the solution of a linear system ([`solve`](TensorBase::solve)).
//!
//! A matrix is a tensor of shape `[N, N]`, `N` a fixed size ([`SquareShape`]); any other shape
//! is a compile error. `inv` and `solve` run Gaussian elimination with partial pivoting, with
//! no heap for an inline matrix; every loop bound is a constant of the shape, so a small matrix
//! unrolls. A singular matrix is a [`SingularError`] value, never a panic, never inf or NaN.
//! Their elements are floats (`num_traits::float::FloatCore`: `f32`, `f64`), with or without
//! `std`.

use core::fmt;
use shapecast_macros::hot;

use num_traits::float::FloatCore;
use num_traits::{One, Zero};

use super::{Both, Data, HomeOf, New, Owned, OwnedData, Owning, TensorBase, len_of};
use typenum::{B1, Const, IsEqual, IsGreaterOrEqual, IsLessOrEqual, ToUInt, U, U1, U2};

use crate::shape::{AllFixed, AnyShape, Cons, Dim, Nil, Number, Shape};
use crate::typelevel::{Checked, ListRank, Rank};

/// A square shape `[N, N]` of one fixed size `N`: the shape of a matrix that
/// [`eye`](TensorBase::eye), [`inv`](TensorBase::inv) and [`solve`](TensorBase::solve) take.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::tensor::SquareShape;
/// assert_eq!(<shape![4, 4] as SquareShape>::SIDE, 4);
/// static_assertions::assert_not_impl_any!(shape![2, 3]: SquareShape);
/// static_assertions::assert_not_impl_any!(shape![4]: SquareShape);
/// ```
#[diagnostic::on_unimplemented(
    message = "this shape is not a square matrix shape `[N, N]` of one fixed size",
    label = "a square matrix, of shape `[N, N]`, is needed here",
    note = "`eye`, `inv` and `solve` take a matrix of two axes of the same fixed size, such as `shape![4, 4]`",
    note = "a matrix with a run-time size is not square by its type: convert it first, checked at run time (`m.to_fixed::<shape![4, 4]>()?`)"
)]
pub trait SquareShape: Shape {
    /// `N`: the number of rows, and of columns.
    const SIDE: usize;
    /// `()`: computed, it checks the rank, then the two sizes. The methods name it, so that a
    /// failure is reported on the rank (`Rank<1>`) or on the two sizes (`Dim<2>`, `Dim<3>`).
    type Proof;
}

// No bound fails at once on a run-time size (`Number` would): each is reached through its
// proof, so that a run-time size is reported on the size (`AllFixed`).
#[diagnostic::do_not_recommend]
impl<S> SquareShape for S
where
    S: ListRank + Sides + AllFixed,
    <S as ListRank>::Output: MatrixRank,
    <S as Sides>::Rows: SameSideAs<<S as Sides>::Columns>,
    S: Shape,
{
    const SIDE: usize = S::DIMS[0];
    type Proof = Checked<
        Checked<
            <<S as Sides>::Rows as SameSideAs<<S as Sides>::Columns>>::Proof,
            <<S as ListRank>::Output as MatrixRank>::Proof,
        >,
        <S as AllFixed>::Proof,
    >;
}

/// The two sizes of a shape of two axes, rows then columns; `Dim<1>` twice for another rank,
/// which [`MatrixRank`] refuses on its own.
pub trait Sides {
    /// The number of rows.
    type Rows;
    /// The number of columns.
    type Columns;
}
impl Sides for Nil {
    type Rows = Dim<1>;
    type Columns = Dim<1>;
}
impl<H> Sides for Cons<H, Nil> {
    type Rows = Dim<1>;
    type Columns = Dim<1>;
}
impl<H, H2> Sides for Cons<H, Cons<H2, Nil>> {
    type Rows = H;
    type Columns = H2;
}
impl<H, H2, H3, T> Sides for Cons<H, Cons<H2, Cons<H3, T>>> {
    type Rows = Dim<1>;
    type Columns = Dim<1>;
}

/// A matrix has two axes: `Self` is `Rank<2>`.
#[diagnostic::on_unimplemented(
    message = "a matrix has two axes, and this shape has `{Self}`",
    label = "a square matrix, of shape `[N, N]`, is needed here",
    note = "`eye`, `inv` and `solve` take a matrix of two axes of the same fixed size, such as `shape![4, 4]`"
)]
pub trait MatrixRank {
    /// `()`: computed, it checks the rank.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const R: usize> MatrixRank for Rank<R>
where
    Const<R>: ToUInt,
    U<R>: IsEqual<U2, Output = B1>,
{
    type Proof = ();
}

/// A square matrix has as many rows, `Self`, as columns, `C`: one fixed size.
#[diagnostic::on_unimplemented(
    message = "this matrix is not square by its type: it has `{Self}` rows and `{C}` columns, and a square matrix has one fixed size",
    label = "a square matrix, of shape `[N, N]`, is needed here",
    note = "`eye`, `inv` and `solve` take a matrix of two axes of the same fixed size, such as `shape![4, 4]`",
    note = "a matrix with a run-time size is not square by its type: convert it first, checked at run time (`m.to_fixed::<shape![4, 4]>()?`)"
)]
pub trait SameSideAs<C> {
    /// `()`: computed, it checks the sizes.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<N: Number, C: Number> SameSideAs<C> for N
where
    N::U: IsEqual<C::U, Output = B1>,
{
    type Proof = ();
}

/// A shape that [`solve`](TensorBase::solve) takes as the right-hand side `b` of the system
/// `m · x = b` for a matrix of shape `M` = `[N, N]`: `[N]` (one column), or `[N, R]` (`R`
/// columns, `R` fixed or a run-time size). The solution `x` has `b`'s shape.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::tensor::RightHandSide;
/// static_assertions::assert_impl_all!(shape![3]: RightHandSide<shape![3, 3]>);
/// static_assertions::assert_impl_all!(shape![3, 5]: RightHandSide<shape![3, 3]>);
/// static_assertions::assert_not_impl_any!(shape![4]: RightHandSide<shape![3, 3]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "this shape is not a right-hand side for the matrix of `m.solve(&b)`",
    label = "`b` must have the shape `[N]` or `[N, R]`, `N` the matrix's size",
    note = "`m.solve(&b)` solves `m · x = b` for `x`, of `b`'s shape: one column `[N]`, or `R` columns `[N, R]` (`R` fixed or a run-time size); its first size is the matrix's"
)]
pub trait RightHandSide<M>: AnyShape {
    /// `()`: computed, it checks `b`'s rank, then its first size against the matrix's.
    /// [`solve`](TensorBase::solve) names it, so that a failure is reported on the ranks or
    /// the sizes.
    type Proof;
}

#[diagnostic::do_not_recommend]
impl<S, M> RightHandSide<M> for S
where
    S: AnyShape + ListRank + FirstSize,
    M: SquareShape + Sides,
    <S as ListRank>::Output: ColumnsRank,
    <S as FirstSize>::Size: SameRowsAs<<M as Sides>::Rows>,
{
    type Proof = Checked<
        <<S as FirstSize>::Size as SameRowsAs<<M as Sides>::Rows>>::Proof,
        <<S as ListRank>::Output as ColumnsRank>::Proof,
    >;
}

/// The first size of a shape; `Dim<1>` for a scalar, which [`ColumnsRank`] refuses.
pub trait FirstSize {
    /// The size.
    type Size;
}
impl FirstSize for Nil {
    type Size = Dim<1>;
}
impl<H, T> FirstSize for Cons<H, T> {
    type Size = H;
}

/// The rank `Self` of a right-hand side: `Rank<1>` or `Rank<2>`.
#[diagnostic::on_unimplemented(
    message = "`b` in `m.solve(&b)` has `{Self}`: a right-hand side has one axis `[N]` or two `[N, R]`",
    label = "`b` must have the shape `[N]` or `[N, R]`, `N` the matrix's size",
    note = "`m.solve(&b)` solves `m · x = b` for `x`, of `b`'s shape: one column `[N]`, or `R` columns `[N, R]` (`R` fixed or a run-time size)"
)]
pub trait ColumnsRank {
    /// `()`: computed, it checks the rank.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<const R: usize> ColumnsRank for Rank<R>
where
    Const<R>: ToUInt,
    U<R>: IsLessOrEqual<U2, Output = B1> + IsGreaterOrEqual<U1, Output = B1>,
{
    type Proof = ();
}

/// The first size `Self` of `b` is the matrix's size `N`.
#[diagnostic::on_unimplemented(
    message = "`b` in `m.solve(&b)` has `{Self}` rows, and the matrix `{N}`",
    label = "`b` must have the shape `[N]` or `[N, R]`, `N` the matrix's size",
    note = "`m.solve(&b)` solves `m · x = b` for `x`, of `b`'s shape: one column `[N]`, or `R` columns `[N, R]` (`R` fixed or a run-time size); its first size is the matrix's"
)]
pub trait SameRowsAs<N> {
    /// `()`: computed, it checks the sizes.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<B: Number, N: Number> SameRowsAs<N> for B
where
    B::U: IsEqual<N::U, Output = B1>,
{
    type Proof = ();
}

/// The error of [`inv`](TensorBase::inv) and [`solve`](TensorBase::solve): the matrix is
/// singular, or a value is not finite.
///
/// It is returned when an element of the matrix (or of `b`) is not finite; when Gaussian
/// elimination with partial pivoting finds a column whose candidate pivots (its entries on and
/// below the diagonal, after the columns before it are eliminated) are all exactly zero; or
/// when a pivot or an element of the result is not finite (an overflow).
///
/// ```
/// use shapecast::prelude::*;
///
/// let m = Tensor::<f64, shape![2, 2]>::from([[1.0, 2.0], [2.0, 4.0]]); // row 1 = 2 × row 0
/// let err = m.inv().unwrap_err();
/// assert_eq!(err.column(), Some(1));
/// assert_eq!(err.to_string(), "the matrix is singular: elimination found no non-zero pivot in column 1");
/// let nan = Tensor::<f64, shape![1, 1]>::from([[f64::NAN]]);
/// assert_eq!(nan.inv().unwrap_err().column(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SingularError {
    column: Option<usize>,
}

impl SingularError {
    /// The column in which elimination found no non-zero pivot (its first such column), or
    /// `None` when the cause is a value that is not finite (infinite or NaN), in the input or
    /// computed.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let m = Tensor::<f32, shape![3, 3]>::from([[1.0, 2.0, 0.0], [0.0, 0.0, 0.0], [4.0, 8.0, 1.0]]);
    /// assert_eq!(m.inv().unwrap_err().column(), Some(1)); // column 1 = 2 × column 0
    /// let tiny = Tensor::<f32, shape![1, 1]>::from([[1e-40]]);
    /// assert_eq!(tiny.inv().unwrap_err().column(), None); // its inverse overflows
    /// ```
    pub fn column(&self) -> Option<usize> {
        self.column
    }
}

impl fmt::Display for SingularError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(k) => write!(f, "the matrix is singular: elimination found no non-zero pivot in column {k}"),
            None => f.write_str(
                "the matrix is singular: a value of the input, a pivot or a value of the result is not finite",
            ),
        }
    }
}

impl core::error::Error for SingularError {}

/// The inverse of a matrix of storage `D` and shape `S`: inline unless `D` is boxed.
type Inverse<D, S> = Owned<<D as Data>::Elem, S, HomeOf<D, S>>;

/// The solution `x` of `m · x = b`, `m` of storage `D` and shape `S`, `b` of `D2` and `S2`.
type Solution<D, S, D2, S2> = Owned<<D as Data>::Elem, S2, Both<D, S, D2, S2>>;

/// The error of a value that is not finite.
const NOT_FINITE: SingularError = SingularError { column: None };

impl<D: Owning, S: Shape> TensorBase<D, S> {
    /// The identity matrix of a square shape `[N, N]`: ones on the diagonal, zeros elsewhere.
    ///
    /// ```
    /// use shapecast::prelude::*;
    ///
    /// let i = Tensor::<f64, shape![3, 3]>::eye();
    /// assert_eq!(i.as_slice(), [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    /// let m = Tensor::<f64, shape![3, 3]>::from_fn(|k| k as f64);
    /// let product = (m.lazy().insert_axis::<2>() * &i).sum_axes::<axes![1]>().eval(); // m · I
    /// assert_eq!(product, m);
    /// assert_eq!(BoxedTensor::<i32, shape![2, 2]>::eye().as_slice(), [1, 0, 0, 1]); // on the heap
    /// ```
    ///
    /// A shape that is not square is a compile error ([`SquareShape`]):
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let i = Tensor::<f64, shape![2, 3]>::eye();
    /// ```
    #[inline]
    pub fn eye() -> Self
    where
        S: SquareShape,
        <S as SquareShape>::Proof: Sized,
        D::Elem: Zero + One,
    {
        // The diagonal is every (N + 1)-th element, from the first.
        Self::from_fn(|i| if i % (S::SIDE + 1) == 0 { D::Elem::one() } else { D::Elem::zero() })
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: FloatCore,
{
    /// The inverse of a square matrix, by Gaussian elimination with partial pivoting. Stored
    /// inline, unless the matrix is a `BoxedTensor` (or a view of one).
    ///
    /// An error ([`SingularError`]) when an element of the matrix is not finite, when
    /// elimination finds a column whose candidate pivots are all exactly zero, or when a pivot
    /// or an element of the inverse is not finite (an overflow). A matrix singular only up to
    /// rounding (a pivot tiny but not zero) has a finite, inaccurate inverse.
    ///
    /// ```
    /// use shapecast::prelude::*;
    ///
    /// let m = Tensor::<f64, shape![2, 2]>::from([[4.0, 2.0], [2.0, 2.0]]);
    /// let inv = m.inv()?;
    /// assert_eq!(inv.as_slice(), [0.5, -0.5, -0.5, 1.0]);
    /// let product = (m.lazy().insert_axis::<2>() * &inv).sum_axes::<axes![1]>().eval();
    /// assert!(product.as_slice().iter().zip(Tensor::<f64, shape![2, 2]>::eye().as_slice())
    ///     .all(|(p, i)| (p - i).abs() < 1e-12));
    /// let singular = Tensor::<f64, shape![2, 2]>::from([[1.0, 2.0], [2.0, 4.0]]);
    /// assert!(singular.inv().is_err());
    /// # Ok::<(), SingularError>(())
    /// ```
    pub fn inv(&self) -> Result<Inverse<D, S>, SingularError>
    where
        S: SquareShape,
        <S as SquareShape>::Proof: Sized,
        New<S, HomeOf<D, S>>: OwnedData<D::Elem, S>,
    {
        let n = S::SIDE;
        let mut lu = self.matrix_copy();
        let mut out = TensorBase::from_parts(
            <New<S, HomeOf<D, S>> as OwnedData<D::Elem, S>>::from_fn(S::LEN, |i| {
                if i % (n + 1) == 0 { D::Elem::one() } else { D::Elem::zero() }
            }),
            S::default(),
        );
        eliminate(lu.as_mut_slice(), out.as_mut_slice(), n, n)?;
        Ok(out)
    }

    /// `x` such that `self · x = b`, for a square matrix `self` of shape `[N, N]` and `b` of
    /// shape `[N]` or `[N, R]` (each column a system of its own), by Gaussian elimination with
    /// partial pivoting: `x` has `b`'s shape. Inline unless an operand is boxed or `R` is a
    /// run-time size. Cheaper and more accurate than `inv` and a product.
    ///
    /// An error ([`SingularError`]) when an element of the matrix or of `b` is not finite, when
    /// elimination finds a column whose candidate pivots are all exactly zero, or when a pivot
    /// or an element of `x` is not finite (an overflow). A matrix singular only up to
    /// rounding (a pivot tiny but not zero) gives a finite, inaccurate `x`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    ///
    /// let m = Tensor::<f64, shape![3, 3]>::from([[2.0, 1.0, 0.0], [4.0, 3.0, 1.0], [0.0, 2.0, 4.0]]);
    /// let b = Tensor::<f64, shape![3]>::from([4.0, 13.0, 16.0]);
    /// let x = m.solve(&b)?; // Tensor<f64, shape![3]>
    /// assert_eq!(x.as_slice(), [1.0, 2.0, 3.0]);
    /// let two = Tensor::<f64, shape![3, 2]>::from([[4.0, -2.0], [13.0, -2.0], [16.0, 8.0]]);
    /// let xs = m.view().solve(&two.to_boxed())?; // BoxedTensor<f64, shape![3, 2]>: b is boxed
    /// assert_eq!(xs.as_slice(), [1.0, -1.0, 2.0, 0.0, 3.0, 2.0]); // a column of x per column of b
    /// let singular = Tensor::<f64, shape![3, 3]>::splat(1.0);
    /// assert_eq!(singular.solve(&b).unwrap_err().column(), Some(1));
    /// # Ok::<(), SingularError>(())
    /// ```
    ///
    /// `b` of another length is a compile error ([`RightHandSide`]):
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let m = Tensor::<f64, shape![3, 3]>::eye();
    /// let x = m.solve(&Tensor::<f64, shape![4]>::splat(1.0));
    /// ```
    pub fn solve<D2, S2>(&self, b: &TensorBase<D2, S2>) -> Result<Solution<D, S, D2, S2>, SingularError>
    where
        S: SquareShape,
        <S as SquareShape>::Proof: Sized,
        D2: Data<Elem = D::Elem>,
        S2: RightHandSide<S>,
        <S2 as RightHandSide<S>>::Proof: Sized,
        New<S, HomeOf<D, S>>: OwnedData<D::Elem, S>,
        New<S2, Both<D, S, D2, S2>>: OwnedData<D::Elem, S2>,
    {
        let n = S::SIDE;
        let shape = b.shape();
        let len = len_of(&shape);
        let source = b.as_slice();
        if !source.iter().all(|v| v.is_finite()) {
            return Err(NOT_FINITE);
        }
        let mut lu = self.matrix_copy();
        let data = <New<S2, Both<D, S, D2, S2>> as OwnedData<D::Elem, S2>>::from_fn(len, |i| source[i]);
        let mut x = TensorBase::from_parts(data, shape);
        // `b` holds `n × columns` elements, `n` the matrix's size (its type says so).
        let columns = len.checked_div(n).unwrap_or(0);
        eliminate(lu.as_mut_slice(), x.as_mut_slice(), n, columns)?;
        Ok(x)
    }

    /// A copy of this matrix to eliminate in, stored as the inverse is.
    #[hot]
    fn matrix_copy(&self) -> Inverse<D, S>
    where
        S: Shape,
        New<S, HomeOf<D, S>>: OwnedData<D::Elem, S>,
    {
        let data = &self.as_slice()[..S::LEN];
        TensorBase::from_parts(
            <New<S, HomeOf<D, S>> as OwnedData<D::Elem, S>>::from_fn(S::LEN, |i| data[i]),
            S::default(),
        )
    }
}

/// Solves `a · x = b` in place, `a` an `n × n` matrix (destroyed) and `x` holding `b`, `n × m`,
/// both row-major: Gaussian elimination with partial pivoting applied to `x`, then back
/// substitution. Inlined into its caller, whose `n` (and `m`, for a fixed `b`) are constants,
/// so that small systems unroll.
#[hot]
fn eliminate<T: FloatCore>(a: &mut [T], x: &mut [T], n: usize, m: usize) -> Result<(), SingularError> {
    if !a.iter().all(|v| v.is_finite()) {
        return Err(NOT_FINITE);
    }
    for k in 0..n {
        // The largest candidate on or below the diagonal; the first of equals.
        let (mut p, mut best) = (k, a[k * n + k].abs());
        for i in k + 1..n {
            let v = a[i * n + k].abs();
            if v > best {
                (p, best) = (i, v);
            }
        }
        if best == T::zero() {
            return Err(SingularError { column: Some(k) });
        }
        if !best.is_finite() {
            return Err(NOT_FINITE);
        }
        if p != k {
            // Entries left of column k are zero in both rows: they are never read again.
            for j in k..n {
                a.swap(k * n + j, p * n + j);
            }
            for j in 0..m {
                x.swap(k * m + j, p * m + j);
            }
        }
        let pivot = a[k * n + k];
        for i in k + 1..n {
            let f = a[i * n + k] / pivot;
            for j in k + 1..n {
                a[i * n + j] = a[i * n + j] - f * a[k * n + j];
            }
            for j in 0..m {
                x[i * m + j] = x[i * m + j] - f * x[k * m + j];
            }
        }
    }
    for k in (0..n).rev() {
        let pivot = a[k * n + k];
        for j in 0..m {
            let mut s = x[k * m + j];
            for l in k + 1..n {
                s = s - a[k * n + l] * x[l * m + j];
            }
            x[k * m + j] = s / pivot;
        }
    }
    if x.iter().all(|v| v.is_finite()) { Ok(()) } else { Err(NOT_FINITE) }
}
