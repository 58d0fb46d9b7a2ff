//! Run-time indices into an axis: reading the rows they name (`take_at`, NumPy's `x[indices]`),
//! adding rows onto them (`add_at`, NumPy's `np.add.at`) or making each the mean of the rows
//! placed there (`mean_at`, PyTorch's `index_reduce` with `"mean"`), and reading (`take_along`)
//! or adding onto (`add_along`) one element along an axis per index (NumPy's
//! `take_along_axis`, and `np.add.at` at those positions).
//!
//! These are what a broadcast cannot say in one pass. k-means makes each centroid the mean of
//! the points nearest it, where a one-hot mask would do that work once per centroid; softmax
//! cross-entropy reads the logit of each row's label and takes 1 from the gradient there, where
//! a one-hot mask compares every class of every row.
//!
//! Every index is checked before the output is written, so an index out of range is an
//! [`IndexError`] that leaves the output as it was (`mean_at`, which writes only the new tensor
//! it returns, finds it in its pass and returns no tensor). The values are any expression (a
//! tensor, an expression of tensors, a number), stretched to one value per index, and read in
//! one pass, where they lie, with no temporary; `mean_at`'s indices may be an expression too.

use core::fmt;
use core::marker::PhantomData;
use shapecast_macros::hot;

use num_traits::float::FloatCore;

use super::{Expression, IntoExpression, Typed, hint, stretched};
use crate::forms::{AnyBroadcastTo, CheckPairs, ValuesRankAtMost, ValuesStretch};
use crate::forms::{AnyRemoveAxes, AnyWithoutAxes};
use crate::kernel::fused;
use crate::kernel::source::{Shared, Source};
use crate::kernel::way;
use crate::shape::sealed::Proof;
use crate::shape::{AnyShape, Axes, AxisSet, Cons, Dim, Extent, Nil};
use crate::summable::Summable;
use crate::tensor::{Data, DataMut, HomeOf, New, Owned, OwnedData, Owning, TensorBase, len_of};
use crate::typelevel::{Checked, ListRank, Rank, Reverse};

/// An index out of range: `index`, at `position` of the indices (row-major), for an axis of
/// size `len`.
///
/// ```
/// use shapecast::prelude::*;
/// let mut sums = Tensor::<i32, shape![3]>::splat(0);
/// let indices = Tensor::<usize, shape![2]>::from([1, 7]);
/// let err = sums.add_at(&indices, 5).unwrap_err();
/// assert_eq!((err.position(), err.index(), err.len()), (1, 7, 3));
/// assert_eq!(err.to_string(), "index 7 at position 1 is out of range for an axis of size 3");
/// assert_eq!(sums.as_slice(), [0, 0, 0]); // nothing was added
/// ```
///
/// A position along one axis (`index_axis`) names the axis instead, and a run of positions
/// (`narrow`, `split_off`) the run:
///
/// ```
/// use shapecast::prelude::*;
/// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let err = x.index_axis::<1>(3).unwrap_err();
/// assert_eq!((err.axis(), err.index(), err.len()), (Some(1), 3, 3));
/// assert_eq!(err.to_string(), "index 3 is out of range for axis 1, of size 3");
/// let err = x.narrow::<1, _>(1, shapecast::shape::Dim::<3>).unwrap_err();
/// assert_eq!((err.axis(), err.index(), err.len()), (Some(1), 1, 3));
/// assert_eq!(err.to_string(), "positions 1..4 are out of range for axis 1, of size 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexError {
    position: usize,
    /// Whether `position` is among several indices (a tensor of them), not the only one.
    among: bool,
    axis: Option<usize>,
    index: usize,
    len: usize,
    /// How many positions from `index` were asked for, for a run of them.
    run: Option<usize>,
}

impl IndexError {
    /// Index `index` at `position`, out of range for an axis of size `len`.
    pub(crate) const fn new(position: usize, index: usize, len: usize) -> Self {
        IndexError { position, among: true, axis: None, index, len, run: None }
    }

    /// Index `index` at `position` of a tensor of indices along axis `axis`, out of range for
    /// its size `len`.
    pub(crate) const fn among_on_axis(position: usize, axis: usize, index: usize, len: usize) -> Self {
        IndexError { position, among: true, axis: Some(axis), index, len, run: None }
    }

    /// Index `index` along axis `axis`, out of range for its size `len`.
    pub(crate) const fn on_axis(axis: usize, index: usize, len: usize) -> Self {
        IndexError { position: 0, among: false, axis: Some(axis), index, len, run: None }
    }

    /// The `count` positions from `start` along axis `axis`, not all within its size `len`.
    pub(crate) const fn run_on_axis(axis: usize, start: usize, count: usize, len: usize) -> Self {
        IndexError { position: 0, among: false, axis: Some(axis), index: start, len, run: Some(count) }
    }

    /// Where the index is among the indices, counted in row-major order (0 for a position
    /// along one axis, which is the only index).
    pub fn position(&self) -> usize {
        self.position
    }

    /// The axis indexed, for a position along one axis (`index_axis`, `narrow`,
    /// `split_off`) and for indices along a chosen one (`take_along`, `add_along`); `None` for
    /// indices of the first axis (`take_at`, `add_at`, …).
    pub fn axis(&self) -> Option<usize> {
        self.axis
    }

    /// The index (the first of a run of positions).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The size of the axis it indexes, which it should be below.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self { axis: Some(axis), index, len, run: Some(0), .. } => write!(
                f,
                "an empty run at position {index} is out of range for axis {axis}, of size {len}; it may start at {len} at most"
            ),
            Self { axis: Some(axis), index, len, run: Some(count), .. } => match index.checked_add(*count) {
                Some(end) => {
                    write!(f, "positions {index}..{end} are out of range for axis {axis}, of size {len}")
                }
                // (Past `usize`: the run is named by its start and length, with no end.)
                None => write!(
                    f,
                    "the {count} positions from {index} are out of range for axis {axis}, of size {len}"
                ),
            },
            Self { among: true, position, axis: Some(axis), index, len, .. } => write!(
                f,
                "index {index} at position {position} is out of range for axis {axis}, of size {len}"
            ),
            Self { axis: Some(axis), index, len, .. } => {
                write!(f, "index {index} is out of range for axis {axis}, of size {len}")
            }
            Self { position, index, len, .. } => {
                write!(f, "index {index} at position {position} is out of range for an axis of size {len}")
            }
        }
    }
}

impl core::error::Error for IndexError {}

/// `Self`, the shape of the values given to [`add_at`](TensorBase::add_at),
/// [`mean_at`](TensorBase::mean_at) or [`add_along`](TensorBase::add_along), stretches to
/// `Added`, the shape of what they place: one row per index for `add_at` and `mean_at`, one
/// element per index for `add_along`.
#[diagnostic::on_unimplemented(
    message = "cannot place these values: their shape does not stretch to one row (or element) per index",
    label = "these values do not stretch to one row or element per index",
    note = "`add_at` and `mean_at` place a row per index: their values stretch by NumPy's rule to `[N, …]`, `N` the indices' size, `…` the output's axes after its first; `add_along` adds an element per index: its values stretch to the indices' shape",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; to use indices bound apart from the values, convert one size with a checked `cast_shape` first"
)]
pub trait ValuesFor<Added: AnyShape>: AnyBroadcastTo<Added> {
    /// `()`: computed, it checks the ranks ([`ValuesRankAtMost`]), then each pair of sizes
    /// ([`ValuesStretch`]). The methods name it in their bounds, so that values that do not
    /// stretch are reported on the two ranks or the two sizes, in these methods' words.
    type Proof;
}
// The values' rules imply `broadcast_to`'s (their traits have those as supertraits): values
// that do not stretch are then reported once, in these methods' words, where `AnyBroadcastTo`
// fails on the same sizes too.
impl<S, Added> ValuesFor<Added> for S
where
    S: AnyBroadcastTo<Added> + Reverse + ListRank,
    Added: AnyShape + Reverse + ListRank,
    Rev<S>: CheckPairs<Rev<Added>, ValuesStretch>,
    <S as ListRank>::Output: ValuesRankAtMost<<Added as ListRank>::Output>,
{
    type Proof = ValuesProof<S, Added>;
}

type Rev<L> = <L as Reverse>::Output;

/// The check of values of shape `S` placed as `Added`: the ranks, then each pair of sizes.
type ValuesProof<S, Added> = Checked<
    <Rev<S> as CheckPairs<Rev<Added>, ValuesStretch>>::Proof,
    <<S as ListRank>::Output as ValuesRankAtMost<<Added as ListRank>::Output>>::Proof,
>;

/// An expression of one `usize` index per row, `[N]`: what [`mean_at`](TensorBase::mean_at)
/// takes as its indices (a borrowed tensor, or an expression such as an `argmin`).
#[diagnostic::on_unimplemented(
    message = "the indices given to `mean_at` are not one `usize` index per row",
    label = "indices of shape `[N]` and element `usize` are needed here",
    note = "`mean_at` takes one index per row of its values: a rank-1 tensor of `usize` (`&labels`) or a rank-1 expression of them, such as `argmin_axes` (`argmin_keepdims` keeps its axis, which makes the indices `[N, 1]`)"
)]
pub trait RowIndices: Expression<Elem = usize> {
    /// `N`, the number of indices.
    type Rows: Extent;
    /// `()`: computed, it checks the rank ([`IndicesRank`]). `mean_at` names it, so that
    /// indices of another rank are reported on the rank, not on the expression's type.
    type Proof;
    /// How many indices there are.
    #[doc(hidden)]
    fn rows(&self) -> usize;
}
impl<E> RowIndices for E
where
    E: UsizeIndices,
    E::Shape: FirstRows + ListRank,
    <E::Shape as ListRank>::Output: IndicesRank,
    Cons<<E::Shape as FirstRows>::Rows, Nil>: AnyShape,
{
    type Rows = <E::Shape as FirstRows>::Rows;
    type Proof = <<E::Shape as ListRank>::Output as IndicesRank>::Proof;
    #[hot]
    fn rows(&self) -> usize {
        self.shape().first_rows()
    }
}

/// An expression of `usize` elements: the element [`RowIndices`] needs, checked apart from the
/// rank, with the message of [`RowIndices`].
#[diagnostic::on_unimplemented(
    message = "the indices given to `mean_at` are not one `usize` index per row",
    label = "indices of shape `[N]` and element `usize` are needed by this call",
    note = "`mean_at` takes one index per row of its values: a rank-1 tensor of `usize` (`&labels`) or a rank-1 expression of them, such as `argmin_axes` (`argmin_keepdims` keeps its axis, which makes the indices `[N, 1]`)"
)]
pub trait UsizeIndices: Expression<Elem = usize> {}
#[diagnostic::do_not_recommend]
impl<E: Expression<Elem = usize>> UsizeIndices for E {}

/// The first size of a shape: the number of indices of a shape `[N]`, the only rank
/// [`RowIndices`] takes ([`IndicesRank`] checks it apart, so that this never fails); `Dim<1>`
/// for a scalar.
#[doc(hidden)]
pub trait FirstRows {
    /// The size.
    type Rows: Extent;
    /// Its value.
    fn first_rows(&self) -> usize;
}
impl FirstRows for Nil {
    type Rows = Dim<1>;
    #[hot]
    fn first_rows(&self) -> usize {
        1
    }
}
impl<H: Extent, T> FirstRows for Cons<H, T> {
    type Rows = H;
    #[hot]
    fn first_rows(&self) -> usize {
        self.head.get()
    }
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "the indices given to `mean_at` have `{Self}`, and one `usize` index per row has `Rank<1>`: a shape `[N]`",
        label = "indices of shape `[N]` are needed by this call",
        note = "`mean_at` takes one index per row of its values: a rank-1 tensor of `usize` (`&labels`) or a rank-1 expression of them, such as `argmin_axes` (`argmin_keepdims` keeps its axis, which makes the indices `[N, 1]`)"
    )]
    /// The rank `Self` (`Rank<R>`) of the indices of [`mean_at`](TensorBase::mean_at) is 1.
    /// Holds through [`OneIndexAxis`].
    pub trait IndicesRank[]();
    /// `Rank<1>`.
    pub trait OneIndexAxis;
    /// `()`: computed, it checks the rank.
    type Proof;
}
impl OneIndexAxis for Rank<1> {
    type Proof = ();
}

/// `Self`, the sizes of the indices given to [`take_along`](TensorBase::take_along) or
/// [`add_along`](TensorBase::add_along), are `Positions`, the sizes of the tensor's shape without
/// the indexed axis: one index per position. Checked on the shapes' sizes as tuples
/// (`AnyShape::Sizes`), `(Dim<10>,)` against `(Dyn<'_, Batch>,)`, which is how an error names
/// them.
#[diagnostic::on_unimplemented(
    message = "the indices' shape is not the tensor's shape without the indexed axis: the indices have the sizes `{Self}`, the tensor without that axis `{Positions}`",
    label = "indices of the tensor's shape without the indexed axis are needed here",
    note = "`take_along::<A>` and `add_along::<A>` take one index per element of the tensor's shape with axis `A` removed (NumPy's `take_along_axis`, whose indices keep that axis as size 1)",
    note = "a run-time size equals only itself: indices bound apart from the tensor's sizes need a checked `cast_shape` first"
)]
pub trait IndicesFor<Positions> {}
impl<P> IndicesFor<P> for P {}

/// Axis `A` as a set of one axis: what `axes![A]` names.
pub type OneAxis<const A: usize> = AxisSet<Cons<Dim<A>, Nil>>;

/// `S` without axis `A`: the shape of the indices of `take_along::<A>` and `add_along::<A>`.
pub type Along<S, const A: usize> = AnyWithoutAxes<S, OneAxis<A>>;

/// What `take_along::<A>` returns from a tensor of storage `D` and shape `S`: elements `T`, one
/// per index.
pub type Taken<T, D, S, const A: usize> = Owned<T, Along<S, A>, HomeOf<D, S>>;

impl<D: DataMut, H: Extent, Tail: AnyShape> TensorBase<D, Cons<H, Tail>>
where
    D::Elem: Summable,
    Cons<H, Tail>: AnyShape,
{
    /// Adds row `i` of `values` into row `indices[i]` of this tensor, for every `i` (NumPy's
    /// `np.add.at(self, indices, values)`): a group-by sum, in one pass over `values`.
    ///
    /// `values` is a tensor, an expression or a number, stretched to `[N, …]` by NumPy's rule:
    /// `N` the length of `indices` (the same size type, checked at compile time), `…` this
    /// tensor's axes after the first. Every index is checked before this tensor is written: one
    /// not below its first size is an [`IndexError`], and the tensor is left as it was.
    ///
    /// Integers wrap, as in [`sum_axes`](TensorBase::sum_axes). An element no index names is
    /// left as it was, bit for bit, and one named once becomes `out + x`. Into an output of
    /// at most 64 elements, rows are added in 4 interleaved partial sums (row `i` into sum
    /// `i % 4`), then added on, so that repeated indices do not wait on one another; a float
    /// sum over many rows can then differ in its last bits from a left-to-right loop (as
    /// `sum_axes`'s lanes can). Larger outputs are added into in place, in order.
    ///
    /// ```
    /// use shapecast::prelude::*;
    ///
    /// struct Points;
    /// let data = [1.0f32, 2.0, 10.0, 20.0, 3.0, 4.0];
    /// bind!(let n: Points = 3);
    /// let points = TensorRef::from_shape(dims![n, 2], &data)?;
    /// let labels = TensorRef::from_shape(dims![n], &[0usize, 1, 0])?;
    ///
    /// // The sum and the count of the points of each label, as k-means needs them:
    /// let mut sums = Tensor::<f32, shape![2, 2]>::splat(0.0);
    /// sums.add_at(&labels, &points)?;
    /// let mut counts = Tensor::<f32, shape![2]>::splat(0.0);
    /// counts.add_at(&labels, 1.0)?;
    /// assert_eq!(sums.as_slice(), [4.0, 6.0, 10.0, 20.0]);
    /// assert_eq!(counts.as_slice(), [2.0, 1.0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn add_at<I, N, R>(
        &mut self,
        indices: &TensorBase<I, Cons<N, Nil>>,
        values: R,
    ) -> Result<(), IndexError>
    where
        I: Data<Elem = usize>,
        N: Extent,
        Cons<N, Nil>: AnyShape,
        Cons<N, Tail>: AnyShape,
        R: IntoExpression,
        R::Expr: Expression<Elem = D::Elem>,
        <<R::Expr as Typed>::Shape as ValuesFor<Cons<N, Tail>>>::Proof: Sized,
        <R::Expr as Typed>::Shape: ValuesFor<Cons<N, Tail>>,
    {
        let indices = indices.as_slice();
        let shape = self.shape();
        let (len, row) = (shape.head.get(), len_of(&shape.tail));
        let values = values.into_expression();
        let out = self.as_mut_slice();
        // Onto a small output the rows go to copies on the stack, and `out` is written only
        // after the pass: its indices are checked in that pass, not in one of their own.
        let small = out.len() <= SMALL && size_of::<D::Elem>() <= SMALL_ELEMENT && row > 0;
        if !small {
            check(indices, len)?;
        }
        let rows = (indices, len, row, small);
        way::evaluate(AddAt { rows, values, tail: &shape.tail, out, at: PhantomData::<N> })
    }
}

/// The pass of [`TensorBase::add_at`]: row `i` of `values` (stretched to `[N, …tail]`) added
/// onto row `indices[i]` of `out`, for `rows` = (`indices`, the output's first size, its row's
/// length, and whether it is small enough to add onto copies on the stack: see `add_small`).
struct AddAt<'a, N, Tail, E, T> {
    rows: (&'a [usize], usize, usize, bool),
    values: E,
    tail: &'a Tail,
    out: &'a mut [T],
    at: PhantomData<N>,
}

impl<N, Tail, E> way::Evaluation for AddAt<'_, N, Tail, E, E::Elem>
where
    N: Extent,
    Tail: AnyShape,
    Cons<N, Tail>: AnyShape,
    E: Expression,
    E::Elem: Summable,
    E::Shape: AnyBroadcastTo<Cons<N, Tail>>,
{
    const AXES: usize = Tail::RANK + 1 + E::SLOTS;
    type Output = Result<(), IndexError>;

    #[hot]
    fn by_pass<const W: usize>(self) -> Result<(), IndexError> {
        let AddAt { rows: (indices, len, row, small), values, tail, out, .. } = self;
        let mut dims = [0; W];
        dims[0] = indices.len();
        crate::shape::extents_in(tail, &mut dims[1..]);
        let dims = &dims[..Tail::RANK + 1];
        let src = stretched::<W, E>(values, dims);
        let hint = hint::<E, Cons<N, Tail>>();
        if small {
            return add_small(dims, hint, src, indices, len, row, out);
        }
        each_row(dims, hint, src, row, |i, k, x| {
            if let Some(o) = indices.get(i).and_then(|&to| out.get_mut(to * row + k)) {
                *o = o.plus(x);
            }
        });
        Ok(())
    }
}

impl<D: Data, H: Extent, Tail: AnyShape> TensorBase<D, Cons<H, Tail>>
where
    D::Elem: FloatCore + Summable + Shared,
    Cons<H, Tail>: AnyShape,
{
    /// This tensor with each row that an index names replaced by the mean of the rows of
    /// `values` at that index's positions; a row no index names is kept (PyTorch's
    /// `index_reduce(0, indices, values, "mean", include_self=False)`): k-means' update, the
    /// mean of each centroid's points, in one pass.
    ///
    /// `indices` is `[N]`: a borrowed tensor of `usize` (`&labels`), or an expression that
    /// gives them (an `argmin`), computed in the same pass as `values`, 256 at a time, and never
    /// stored. `values` is a tensor, an expression or a number, stretched to `[N, …]` by
    /// NumPy's rule (`…` this tensor's axes after the first), as in
    /// [`add_at`](TensorBase::add_at). An index not below this tensor's first size is an
    /// [`IndexError`], the first in order, found as the pass reaches it; then no tensor is
    /// returned. The result is a new tensor of this one's shape, where `eval` would put it
    /// (inline for fixed shapes, boxed for a boxed or run-time one); for an inline tensor, the
    /// result and its counts are on the stack. For floats only (`f32`, `f64`): a mean of
    /// integers would round.
    ///
    /// Each mean is the row's sum divided by its count. Into an output of at most 64 elements
    /// row `i` is summed into partial sum `i % 4`, and the four are added as `(a + b) + (c + d)`;
    /// larger outputs are summed in order. A mean can so differ in its last bits from a
    /// left-to-right loop's.
    ///
    /// ```
    /// use shapecast::prelude::*;
    ///
    /// struct Points;
    /// let data = [1.0f32, 2.0, 10.0, 20.0, 3.0, 4.0];
    /// bind!(let n: Points = 3);
    /// let points = TensorRef::from_shape(dims![n, 2], &data)?;
    /// let centroids = Tensor::<f32, shape![3, 2]>::from([[0.0, 0.0], [9.0, 9.0], [50.0, 50.0]]);
    ///
    /// // Each point's nearest centroid, never stored: the assignment and the update are one pass.
    /// let nearest = (points.lazy().insert_axis::<1>() - &centroids)
    ///     .powi(2)
    ///     .sum_axes::<axes![2]>()
    ///     .argmin_axes::<axes![1]>();
    /// let moved = centroids.mean_at(nearest, &points)?;
    /// assert_eq!(moved.as_slice(), [2.0, 3.0, 10.0, 20.0, 50.0, 50.0]); // no point is nearest the last
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn mean_at<N, I, R>(&self, indices: I, values: R) -> Result<Rows<D::Elem, D, H, H, Tail>, IndexError>
    where
        N: Extent,
        Cons<N, Nil>: AnyShape,
        Cons<N, Tail>: AnyShape,
        Cons<H, Nil>: AnyShape,
        I: IntoExpression,
        <I::Expr as RowIndices>::Proof: Sized,
        I::Expr: RowIndices<Rows = N>,
        R: IntoExpression,
        R::Expr: Expression<Elem = D::Elem>,
        <<R::Expr as Typed>::Shape as ValuesFor<Cons<N, Tail>>>::Proof: Sized,
        <R::Expr as Typed>::Shape: ValuesFor<Cons<N, Tail>>,
        New<Cons<H, Tail>, HomeOf<D, Cons<H, Tail>>>: OwnedData<D::Elem, Cons<H, Tail>>,
        New<Cons<H, Nil>, HomeOf<D, Cons<H, Tail>>>: OwnedData<usize, Cons<H, Nil>>,
    {
        type Out<D, H, Tail> = New<Cons<H, Tail>, HomeOf<D, Cons<H, Tail>>>;
        type Counts<D, H, Tail> = New<Cons<H, Nil>, HomeOf<D, Cons<H, Tail>>>;
        let (shape, x) = (self.shape(), self.as_slice());
        let (len, row) = (shape.head.get(), len_of(&shape.tail));
        let indices = indices.into_expression();
        let n = indices.rows();
        let values = values.into_expression();
        let small = x.len() <= SMALL && size_of::<D::Elem>() <= SMALL_ELEMENT;
        if row == 0 {
            // No values to read: the indices' pass alone checks them, a chunk at a time, as
            // `PlaceRows` pulls them, up to the first out of range.
            let bad = way::evaluate(CheckIndices { indices, n, len, rows: PhantomData::<N> });
            return match bad {
                Some(e) => Err(e),
                None => Ok(TensorBase::from_parts(<Out<D, H, Tail>>::from_fn(0, |_| x[0]), shape)),
            };
        }
        // An element's mean, where `count` rows were summed into `sum`; `kept` where none were.
        let mean = |sum: D::Elem, count: usize, kept: D::Elem| match count {
            0 => kept,
            c => sum / <D::Elem as num_traits::NumCast>::from(c).unwrap_or_else(D::Elem::nan),
        };
        if small {
            // Onto copies on the stack, row `i` onto copy `i % 4` (see `add_small`).
            let mut sums = [[D::Elem::IDENTITY; SMALL]; COPIES];
            let mut counts = [[0usize; SMALL]; COPIES];
            let (tail, rows) = (&shape.tail, PhantomData::<N>);
            way::evaluate(PlaceRows {
                indices,
                values,
                n,
                len,
                tail,
                sums: &mut sums,
                counts: &mut counts,
                rows,
            })?;
            // Each row's count, once per row; each element's four partial sums, read in place.
            let count: [usize; SMALL] = core::array::from_fn(|r| counts.iter().map(|c| c[r]).sum());
            let [a, b, c, d] = &sums;
            let data = <Out<D, H, Tail>>::from_fn(x.len(), |j| {
                mean(a[j].plus(b[j]).plus(c[j].plus(d[j])), count[j / row], x[j])
            });
            return Ok(TensorBase::from_parts(data, shape));
        }
        let mut sums = <Out<D, H, Tail>>::from_fn(x.len(), |_| D::Elem::IDENTITY);
        let mut counts = <Counts<D, H, Tail>>::from_fn(len, |_| 0);
        let (tail, rows) = (&shape.tail, PhantomData::<N>);
        let (sums_one, counts_one) = (&mut [sums.slice_mut()], &mut [counts.slice_mut()]);
        way::evaluate(PlaceRows { indices, values, n, len, tail, sums: sums_one, counts: counts_one, rows })?;
        let counts = counts.slice_mut();
        for ((sums, &count), kept) in
            sums.slice_mut().chunks_exact_mut(row).zip(&*counts).zip(x.chunks_exact(row))
        {
            for (o, &kept) in sums.iter_mut().zip(kept) {
                *o = mean(*o, count, kept);
            }
        }
        Ok(TensorBase::from_parts(sums, shape))
    }
}

/// A pass over `n` indices alone (`[N]`), for the first not below `len`.
struct CheckIndices<N, I> {
    indices: I,
    n: usize,
    len: usize,
    rows: PhantomData<N>,
}

impl<N: Extent, I: RowIndices<Rows = N>> way::Evaluation for CheckIndices<N, I>
where
    Cons<N, Nil>: AnyShape,
{
    const AXES: usize = 1 + I::SLOTS;
    type Output = Option<IndexError>;

    #[hot]
    fn by_pass<const W: usize>(self) -> Option<IndexError> {
        let CheckIndices { indices, n, len, .. } = self;
        let src = stretched::<W, I>(indices, &[n]);
        let mut at = fused::Pull::<W, _, _>::new(n, hint::<I, Cons<N, Nil>>(), src);
        let (mut chunk, mut first, mut bad) = ([0; fused::CHUNK], 0, None);
        while bad.is_none() {
            let ready = at.fill(&mut chunk);
            if ready == 0 {
                break;
            }
            for (i, &to) in chunk[..ready].iter().enumerate() {
                below(&mut bad, first + i, to, len);
            }
            first += ready;
        }
        bad
    }
}

/// Whether index `to`, at position `i`, is below `len`; if not, and it is the first that is not,
/// it is kept as the error.
#[hot]
fn below(bad: &mut Option<IndexError>, i: usize, to: usize, len: usize) -> bool {
    if to >= len && bad.is_none() {
        *bad = Some(IndexError::new(i, to, len));
    }
    to < len
}

/// The pass that adds row `i` of `values` (stretched to `[n, …tail]`) onto row `indices[i]`
/// of the sums in `sums[i % C]`, and 1 onto that row's count in `counts[i % C]`, for every `i`
/// (the sums and counts arrays on the stack, or slices); the indices (`[n]`) are a pass of
/// their own, computed a chunk at a time as the values' rows reach them. An index not below
/// `len` is the error, the first in order.
struct PlaceRows<'a, N, Tail, I, V, Sums, Counts, const C: usize> {
    indices: I,
    values: V,
    n: usize,
    len: usize,
    tail: &'a Tail,
    sums: &'a mut [Sums; C],
    counts: &'a mut [Counts; C],
    rows: PhantomData<N>,
}

impl<N, Tail, I, V, Sums, Counts, const C: usize> way::Evaluation
    for PlaceRows<'_, N, Tail, I, V, Sums, Counts, C>
where
    N: Extent,
    Tail: AnyShape,
    Cons<N, Nil>: AnyShape,
    Cons<N, Tail>: AnyShape,
    I: RowIndices<Rows = N>,
    V: Expression,
    V::Elem: Summable,
    V::Shape: AnyBroadcastTo<Cons<N, Tail>>,
    Sums: AsMut<[V::Elem]>,
    Counts: AsMut<[usize]>,
{
    /// One width, enough for either pass's axes.
    const AXES: usize = Tail::RANK + 1 + V::SLOTS + I::SLOTS;
    type Output = Result<(), IndexError>;

    #[hot]
    fn by_pass<const W: usize>(self) -> Result<(), IndexError> {
        let PlaceRows { indices, values, n, len, tail, sums, counts, .. } = self;
        let row = len_of(tail);
        let mut bad = None;
        let mut at =
            fused::Pull::<W, _, _>::new(n, hint::<I, Cons<N, Nil>>(), stretched::<W, I>(indices, &[n]));
        // The chunk of indices the rows are in (`ready` of them, the next row's at `next`), and
        // the index of the current row. Rows come in order, each once: the next row's index is
        // the next in the chunk, with no lookup by row.
        let (mut chunk, mut next, mut ready, mut to) = ([usize::MAX; fused::CHUNK], 0, 0, usize::MAX);
        let mut dims = [0; W];
        dims[0] = n;
        crate::shape::extents_in(tail, &mut dims[1..]);
        let dims = &dims[..Tail::RANK + 1];
        let src = stretched::<W, V>(values, dims);
        each_row(
            dims,
            hint::<V, Cons<N, Tail>>(),
            src,
            row,
            #[inline(always)]
            |i, k, x| {
                if k == 0 {
                    if next == ready {
                        (ready, next) = (refill(&mut at, &mut chunk), 0);
                    }
                    // (`next` is below `ready`, at most `CHUNK`, a power of two: no bound.)
                    to = chunk[next % fused::CHUNK];
                    next += 1;
                }
                if below(&mut bad, i, to, len) {
                    if let Some(o) = sums[i % C].as_mut().get_mut(to * row + k) {
                        *o = o.plus(x);
                    }
                    if k == 0
                        && let Some(c) = counts[i % C].as_mut().get_mut(to)
                    {
                        *c += 1;
                    }
                }
            },
        );
        bad.map_or(Ok(()), Err)
    }
}

impl<D: Data, H: Extent, Tail: AnyShape> TensorBase<D, Cons<H, Tail>>
where
    D::Elem: Copy,
    Cons<H, Tail>: AnyShape,
{
    /// Row `indices[i]` of this tensor, for every `i` (NumPy's `x[indices]`, `np.take(x,
    /// indices, axis=0)`): the rows that [`add_at`](TensorBase::add_at) adds onto, read.
    /// The result is `[N, …]`, `N` the indices' size; an index not below this tensor's first
    /// size is an [`IndexError`].
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let centroids = Tensor::<f32, shape![3, 2]>::from([[0.0, 0.0], [5.0, 5.0], [9.0, 8.0]]);
    /// let nearest = Tensor::<usize, shape![4]>::from([2, 0, 0, 1]);
    /// let chosen = centroids.take_at(&nearest)?; // Tensor<f32, shape![4, 2]>
    /// assert_eq!(chosen.as_slice(), [9.0, 8.0, 0.0, 0.0, 0.0, 0.0, 5.0, 5.0]);
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn take_at<N>(
        &self,
        indices: &TensorBase<impl Data<Elem = usize>, Cons<N, Nil>>,
    ) -> Result<Rows<D::Elem, D, H, N, Tail>, IndexError>
    where
        N: Extent,
        Cons<N, Nil>: AnyShape,
        Cons<N, Tail>: AnyShape,
        New<Cons<N, Tail>, HomeOf<D, Cons<H, Tail>>>: OwnedData<D::Elem, Cons<N, Tail>>,
    {
        let (at, x) = (indices.as_slice(), self.as_slice());
        let shape = self.shape();
        check(at, shape.head.get())?;
        let row = len_of(&shape.tail);
        let read = gather(x, row, |i, _| at.get(i).copied().unwrap_or(0));
        let data = <New<Cons<N, Tail>, HomeOf<D, Cons<H, Tail>>> as OwnedData<_, _>>::Data::from_fn(
            at.len() * row,
            read,
        );
        Ok(TensorBase::from_parts(data, Cons { head: indices.shape().head, tail: shape.tail }))
    }
}

/// What `take_at` returns from a tensor of storage `D` and shape `[H, …Tail]` given `N`
/// indices: elements `T`, `[N, …Tail]`.
pub type Rows<T, D, H, N, Tail> = Owned<T, Cons<N, Tail>, HomeOf<D, Cons<H, Tail>>>;

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy,
{
    /// The element at `indices[p]` along axis `A`, for every position `p` of the other axes
    /// (NumPy's `take_along_axis`, with the indexed axis removed): softmax's logit of each
    /// row's label, `logits.take_along::<1>(&labels)`. `indices` has this tensor's shape
    /// without axis `A` (checked at compile time); an index not below the axis's size is an
    /// [`IndexError`].
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::from([[10, 11, 12], [20, 21, 22]]);
    /// let picked = x.take_along::<1>(&Tensor::<usize, shape![2]>::from([2, 0]))?;
    /// assert_eq!(picked.as_slice(), [12, 20]);
    /// let columns = x.take_along::<0>(&Tensor::<usize, shape![3]>::from([1, 0, 1]))?;
    /// assert_eq!(columns.as_slice(), [20, 11, 22]);
    /// let err = x.take_along::<1>(&Tensor::<usize, shape![2]>::from([0, 3])).unwrap_err();
    /// assert_eq!(err.to_string(), "index 3 at position 1 is out of range for axis 1, of size 3");
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn take_along<const A: usize>(
        &self,
        indices: &TensorBase<
            impl Data<Elem = usize>,
            impl AnyShape<Sizes: IndicesFor<<Along<S, A> as AnyShape>::Sizes>>,
        >,
    ) -> Result<Taken<D::Elem, D, S, A>, IndexError>
    where
        OneAxis<A>: Axes,
        S: AnyRemoveAxes<OneAxis<A>>,
        New<Along<S, A>, HomeOf<D, S>>: OwnedData<D::Elem, Along<S, A>>,
    {
        let (at, x) = (indices.as_slice(), self.as_slice());
        let (len, inner) = along(&self.shape(), A);
        check_along(at, A, len)?;
        let read = gather(x, inner, |i, p| i * len + at.get(p).copied().unwrap_or(0));
        let data = <New<Along<S, A>, HomeOf<D, S>> as OwnedData<_, _>>::Data::from_fn(at.len(), read);
        Ok(TensorBase::from_parts(data, positions::<Along<S, A>>(&indices.shape())))
    }
}

impl<D: DataMut, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Summable,
{
    /// Adds value `p` of `values` onto the element at `indices[p]` along axis `A`, for every
    /// position `p` of the other axes (NumPy's `np.add.at` at the positions `take_along`
    /// reads): softmax's gradient `p − one_hot` is `grad.add_along::<1>(&labels, -1.0)`.
    /// `indices` has this tensor's shape without axis `A`, and `values` (a tensor, an
    /// expression or a number) stretches to it; both are checked at compile time. Every index
    /// is checked first: one not below the axis's size is an [`IndexError`], and the tensor
    /// is left as it was.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let mut grad = Tensor::<f32, shape![2, 3]>::splat(0.5);
    /// let labels = Tensor::<usize, shape![2]>::from([2, 0]);
    /// grad.add_along::<1>(&labels, -1.0)?;
    /// assert_eq!(grad.as_slice(), [0.5, 0.5, -0.5, -0.5, 0.5, 0.5]);
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn add_along<const A: usize>(
        &mut self,
        indices: &TensorBase<
            impl Data<Elem = usize>,
            impl AnyShape<Sizes: IndicesFor<<Along<S, A> as AnyShape>::Sizes>>,
        >,
        values: impl IntoExpression<Expr: Expression<Elem = D::Elem, Shape: ValuesFor<Along<S, A>, Proof: Sized>>>,
    ) -> Result<(), IndexError>
    where
        OneAxis<A>: Axes,
        S: AnyRemoveAxes<OneAxis<A>>,
    {
        let (len, inner) = along(&self.shape(), A);
        check_along(indices.as_slice(), A, len)?;
        let positions = positions::<Along<S, A>>(&indices.shape());
        add_along(self.as_mut_slice(), indices.as_slice(), positions, values.into_expression(), len, inner);
        Ok(())
    }
}

/// The indices' shape `indices` as the positions' shape `P`, the same sizes (what
/// [`IndicesFor`] proved of their types).
#[hot]
fn positions<P: AnyShape>(indices: &impl AnyShape) -> P {
    let mut dims = [0; shapecast_rules::MAX_RANK];
    P::from_extents(crate::shape::extents_in(indices, &mut dims), Proof::new())
}

/// Adds element `p` of `values` (stretched to `positions`, the shape of the indices `at`) onto
/// `out` at `at[p]` along an axis of size `len` with `inner` elements after it: position
/// `(i, k)`, taken as rows of `inner`, onto `(i, at[i·inner + k], k)`. Every index is below
/// `len`.
#[hot]
fn add_along<Out: AnyShape, E: Expression>(
    out: &mut [E::Elem],
    at: &[usize],
    positions: Out,
    values: E,
    len: usize,
    inner: usize,
) where
    E::Elem: Summable,
    E::Shape: AnyBroadcastTo<Out>,
{
    way::evaluate(AddAlong { out, at, positions, values, len, inner });
}

/// The pass of [`add_along`], its arguments kept.
struct AddAlong<'a, Out, E: Typed> {
    out: &'a mut [E::Elem],
    at: &'a [usize],
    positions: Out,
    values: E,
    len: usize,
    inner: usize,
}

impl<Out: AnyShape, E: Expression> way::Evaluation for AddAlong<'_, Out, E>
where
    E::Elem: Summable,
    E::Shape: AnyBroadcastTo<Out>,
{
    const AXES: usize = Out::RANK + E::SLOTS;
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let AddAlong { out, at, positions, values, len, inner } = self;
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&positions, &mut dims);
        let src = stretched::<W, E>(values, dims);
        each_row(dims, hint::<E, Out>(), src, inner, |i, k, x| {
            let p = i * inner + k;
            let to = (i * len + at.get(p).copied().unwrap_or(len)) * inner + k;
            if let Some(o) = out.get_mut(to) {
                *o = o.plus(x);
            }
        });
    }
}

/// Element `p` of a gather from `x`, for `p = 0, 1, 2, …` in turn (as `from_fn` calls it): `p`
/// taken as element `k` of row `i`, rows of `inner` elements, it reads `x[row(i, p) · inner +
/// k]`. `take_at`'s rows are the indices' (`row(i, _) = indices[i]`), `take_along`'s a position
/// and an index (`row(i, p) = i · len + indices[p]`). Row and column are counted, not divided
/// out of `p`. Every index is checked first, so the read is inside `x`.
#[hot]
fn gather<T: Copy>(x: &[T], inner: usize, row: impl Fn(usize, usize) -> usize) -> impl FnMut(usize) -> T {
    let (mut i, mut k) = (0, 0);
    move |p| {
        debug_assert_eq!(p, i * inner + k, "from_fn calls in order");
        let from = row(i, p) * inner + k;
        k += 1;
        if k == inner {
            (i, k) = (i + 1, 0);
        }
        x.get(from).copied().unwrap_or_else(|| x[0])
    }
}

/// `Ok` if every index is below `len`; else the first that is not.
#[inline]
fn check(indices: &[usize], len: usize) -> Result<(), IndexError> {
    match indices.iter().position(|&i| i >= len) {
        Some(position) => Err(IndexError::new(position, indices[position], len)),
        None => Ok(()),
    }
}

/// [`check`] for indices along axis `axis`, which its error names.
#[hot]
fn check_along(indices: &[usize], axis: usize, len: usize) -> Result<(), IndexError> {
    check(indices, len).map_err(|e| IndexError::among_on_axis(e.position, axis, e.index, len))
}

/// The size of axis `axis` of `shape`, and the number of elements after it in a row-major
/// layout (the product of the later sizes).
#[hot]
fn along<S: AnyShape>(shape: &S, axis: usize) -> (usize, usize) {
    let mut dims = [0; shapecast_rules::MAX_RANK];
    let dims = crate::shape::extents_in(shape, &mut dims);
    let len = dims.get(axis).copied().unwrap_or(1);
    (len, dims.iter().skip(axis + 1).product())
}

/// How many copies of a small output the rows are spread over, row `i` onto copy `i % 4`, so
/// that rows which land on the same output row in turn (k-means' points of one centroid) add
/// into 4 places at once, not one after the other.
const COPIES: usize = 4;

/// The most elements an output may have to be spread over copies on the stack.
const SMALL: usize = 64;

/// The largest element spread over copies (so that they take at most 4 KiB of stack).
const SMALL_ELEMENT: usize = 16;

/// Adds the pass of `src` over `dims` (`[indices.len(), …]`), rows of `row` (at least 1)
/// elements, into `out` (`len` rows, at most [`SMALL`] elements), row `i` onto row
/// `indices[i]`, through [`COPIES`] copies on the stack. `out` is written only if every index
/// is below `len`; else the first that is not is the error.
#[hot]
fn add_small<const W: usize, S: Source<W>, P: crate::kernel::place::Pass>(
    dims: &[usize],
    hint: fused::Hint<P>,
    src: S,
    indices: &[usize],
    len: usize,
    row: usize,
    out: &mut [S::Elem],
) -> Result<(), IndexError>
where
    S::Elem: Summable,
{
    // Each copy starts from the identity (-0.0 for floats), so that an output element no
    // index names is left as it was, bit for bit (a -0.0 stays -0.0), and one named once
    // becomes `out + x`, as in a loop. An index past the output is only noted in the pass
    // (its row may land in the copies' unused tail, or nowhere), and the first one is looked
    // for after it: a pass of its own to check the indices would read them twice.
    let mut copies = [[S::Elem::IDENTITY; SMALL]; COPIES];
    let mut bad = false;
    each_row(dims, hint, src, row, |i, k, x| {
        let to = indices.get(i).copied().unwrap_or(usize::MAX);
        bad |= to >= len;
        if let Some(o) = copies[i % COPIES].get_mut(to.wrapping_mul(row).wrapping_add(k)) {
            *o = o.plus(x);
        }
    });
    if bad {
        check(indices, len)?;
    }
    for (j, o) in out.iter_mut().enumerate() {
        let [a, b, c, d] = copies.map(|copy| copy[j]);
        *o = o.plus(a.plus(b).plus(c.plus(d)));
    }
    Ok(())
}

/// The next chunk of indices from `at` into `chunk`, and how many: out of line, so that the
/// loop that reads them one by one stays short. Past them, none (`usize::MAX`, out of range):
/// the rows and the indices are as many, so no row reads there.
#[inline(never)]
fn refill<const W: usize, S: Source<W, Elem = usize>, P: crate::kernel::place::Pass>(
    at: &mut fused::Pull<W, S, P>,
    chunk: &mut [usize; fused::CHUNK],
) -> usize {
    let ready = at.fill(chunk);
    if let Some(past) = chunk.get_mut(ready..) {
        past.fill(usize::MAX);
    }
    ready
}

/// Runs the pass of `src` over `dims`, taken as rows of `row` elements, calling `add(i, k, x)`
/// with each element `x`, element `k` of row `i`, in order.
#[hot]
fn each_row<const W: usize, S: Source<W>, P: crate::kernel::place::Pass>(
    dims: &[usize],
    hint: fused::Hint<P>,
    src: S,
    row: usize,
    mut add: impl FnMut(usize, usize, S::Elem),
) {
    // Where the next element goes: row `i` of the pass, element `k` of that row.
    let (mut i, mut k) = (0, 0);
    fused::run(
        dims,
        hint,
        src,
        #[inline(always)]
        |block| {
            let mut rest = block;
            // Whole rows at once while the block starts one (k-means' rows of 2: 8 to a block).
            if k == 0 && row > 0 {
                let mut rows = rest.chunks_exact(row);
                for values in rows.by_ref() {
                    for (j, &x) in values.iter().enumerate() {
                        add(i, j, x);
                    }
                    i += 1;
                }
                rest = rows.remainder();
            }
            for &x in rest {
                add(i, k, x);
                k += 1;
                if k == row {
                    (i, k) = (i + 1, 0);
                }
            }
        },
    );
}
