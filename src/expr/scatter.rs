//! Adding rows into the rows that a list of indices names: NumPy's `np.add.at(out, indices,
//! values)`, `out[indices[i]] += values[i]` for every `i`, a repeated index adding up. It is the
//! group-by sum that a broadcast cannot say in one pass: k-means adds each point to the sums of
//! its nearest centroid, and a one-hot mask would do that work once per centroid.
//!
//! `values` is any expression (a tensor, an expression of tensors, a number) stretched to
//! `[N, …]`, `N` the length of `indices` and `…` the output's axes after its first. It is read
//! in one pass, where it lies, with no temporary; the indices are checked first, so that an
//! index out of range leaves the output as it was.

use core::fmt;

use super::{Expression, IDENTITY, IntoExpression, hint};
use crate::Summable;
use crate::forms::AnyBroadcastTo;
use crate::kernel::fused;
use crate::kernel::statics::{MapInto, Numpy};
use crate::shape::{AnyShape, Cons, Extent, Nil};
use crate::tensor::{Data, DataMut, TensorBase};

/// An index that names no row: `index` at `position` of the indices, for an axis of `len` rows.
///
/// ```
/// use shapecast::prelude::*;
/// let mut sums = Tensor::<i32, shape![3]>::splat(0);
/// let indices = Tensor::<usize, shape![2]>::from([1, 7]);
/// let err = sums.add_at(&indices, 5).unwrap_err();
/// assert_eq!((err.position(), err.index(), err.len()), (1, 7, 3));
/// assert_eq!(err.to_string(), "index 7 at position 1 is out of range for an axis of 3 rows");
/// assert_eq!(sums.as_slice(), [0, 0, 0]); // nothing was added
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexError {
    position: usize,
    index: usize,
    len: usize,
}

impl IndexError {
    /// Where the index is, in the list of indices.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The index.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The number of rows it should be below.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { position, index, len } = self;
        let rows = if *len == 1 { "row" } else { "rows" };
        write!(f, "index {index} at position {position} is out of range for an axis of {len} {rows}")
    }
}

impl core::error::Error for IndexError {}

/// `Self`, the shape of the values given to [`add_at`](TensorBase::add_at), stretches to
/// `Rows`: `[N, …]`, the number of indices by the output's row.
#[diagnostic::on_unimplemented(
    message = "`add_at` cannot add values of shape `{Self}` as rows of shape `{Rows}`",
    label = "these values do not stretch to one row per index",
    note = "the values must stretch by NumPy's rule to `[N, …]`: `N` the indices' size (the same size type, a run-time size bound once), `…` the output's axes after its first",
    note = "a run-time size equals only itself: never another run-time size, nor a fixed size other than 1, whatever the values; to use indices bound apart from the values, convert one size with a checked `cast_shape` first"
)]
pub trait RowsFor<Rows: AnyShape>: AnyShape {}
#[diagnostic::do_not_recommend]
impl<S: AnyBroadcastTo<Rows>, Rows: AnyShape> RowsFor<Rows> for S {}

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
    /// tensor's axes after the first. Sums add as [`sum_axes`](TensorBase::sum_axes) adds
    /// (integers wrap). Every index is checked before anything is added: one not below this
    /// tensor's first size is an [`IndexError`], and the tensor is left as it was.
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
        <R::Expr as Expression>::Shape: RowsFor<Cons<N, Tail>>,
    {
        let indices = indices.as_slice();
        let shape = self.shape();
        let rows = shape.head.get();
        if let Some((position, &index)) = indices.iter().enumerate().find(|&(_, &i)| i >= rows) {
            return Err(IndexError { position, index, len: rows });
        }
        let values = values.into_expression();
        let map = <Numpy as MapInto<<R::Expr as Expression>::Shape, Cons<N, Tail>>>::ONTO;
        let out = self.as_mut_slice();
        fused::with_width!(Tail::RANK + 1 + R::Expr::SLOTS, W => {
            let mut dims = [0; W];
            dims[0] = indices.len();
            crate::shape::extents_in(&shape.tail, &mut dims[1..]);
            let dims = &dims[..Tail::RANK + 1];
            let row = dims[1..].iter().product::<usize>();
            let src = values.source::<W>(&IDENTITY[dims.len() - map.len()..dims.len()], &mut dims.len());
            add_rows(dims, hint::<R::Expr, Cons<N, Tail>>(), src, indices, row, out);
        });
        Ok(())
    }
}

/// How many copies of a small output the rows are spread over, row `i` onto copy `i % 4`, so
/// that rows which land on the same output row in turn (k-means' points of one centroid) add
/// into 4 registers' worth of memory at once, not one after the other.
const COPIES: usize = 4;

/// The most elements an output may have to be spread over copies on the stack.
const SMALL: usize = 64;

/// Adds the pass of `src` over `dims` (`[indices.len(), …]`), rows of `row` elements, into
/// `out`, row `i` onto row `indices[i]` (each below `out.len() / row`).
#[inline(always)]
fn add_rows<const W: usize, S: fused::Source<W>>(
    dims: &[usize],
    hint: fused::Hint,
    src: S,
    indices: &[usize],
    row: usize,
    out: &mut [S::Elem],
) where
    S::Elem: Summable,
{
    if out.len() <= SMALL {
        let mut copies = [[S::Elem::ZERO; SMALL]; COPIES];
        each_row(dims, hint, src, indices, row, |i, at, x| {
            if let Some(o) = copies[i % COPIES].get_mut(at) {
                *o = o.plus(x);
            }
        });
        for (j, o) in out.iter_mut().enumerate() {
            let [a, b, c, d] = copies.map(|copy| copy[j]);
            *o = o.plus(a.plus(b).plus(c.plus(d)));
        }
    } else {
        each_row(dims, hint, src, indices, row, |_, at, x| {
            if let Some(o) = out.get_mut(at) {
                *o = o.plus(x);
            }
        });
    }
}

/// Runs the pass of `src` over `dims`, rows of `row` elements, calling `add(i, at, x)` for the
/// element `x` of row `i` that goes to `at` in the output (row `indices[i]`; `usize::MAX`
/// for a row past the indices, which the caller never passes).
#[inline(always)]
fn each_row<const W: usize, S: fused::Source<W>>(
    dims: &[usize],
    hint: fused::Hint,
    src: S,
    indices: &[usize],
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
                    let base = indices.get(i).map_or(usize::MAX, |&to| to * row);
                    for (j, &x) in values.iter().enumerate() {
                        add(i, base.wrapping_add(j), x);
                    }
                    i += 1;
                }
                rest = rows.remainder();
            }
            for &x in rest {
                let base = indices.get(i).map_or(usize::MAX, |&to| to * row);
                add(i, base.wrapping_add(k), x);
                k += 1;
                if k == row {
                    (i, k) = (i + 1, 0);
                }
            }
        },
    );
}
