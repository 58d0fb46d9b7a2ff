//! Views between typed tensors and [`ndarray`](https://docs.rs/ndarray) arrays (feature
//! `ndarray`), both ways, without copying.
//!
//! An `ArrayView` in standard layout (contiguous, row-major) becomes a
//! [`TensorRef`](super::TensorRef) whose shape is checked once against the view's: fixed sizes
//! must match, and run-time sizes are bound from the view's shape before the call. A tensor reads as an `ArrayViewD`. (See
//! [`TensorRef`](super::TensorRef) and [`TensorMut`](super::TensorMut).)
//!
//! ```
//! use ndarray::Array2;
//! use shapecast::prelude::*;
//!
//! struct Rows;
//! let data = Array2::from_shape_fn((3, 4), |(i, j)| (10 * i + j) as f32);
//! bind!(let rows: Rows = data.nrows()); // the run-time size, bound from the view's shape
//! let x = TensorRef::from_ndarray(dims![rows, 4], data.view())?; // no copy
//! let bias = Tensor::<f32, shape![4]>::from([0.5; 4]);
//! let y = &x + &bias; // [Rows, 4]
//! assert_eq!(y.as_ndarray()?[[2, 3]], 23.5);
//! // A transposed view is not row-major: an error that says so.
//! assert!(TensorRef::from_ndarray(dims![4, rows], data.t()).is_err());
//! # Ok::<(), ShapeError>(())
//! ```

use ndarray::{ArrayView, ArrayViewD, ArrayViewMut, ArrayViewMutD, Dimension, IxDyn};

use super::{Data, DataMut, ShapeError, TensorBase};
use crate::shape::AnyShape;

/// Checks that a view of `dims` in standard layout has the sizes of `shape`.
fn check<S: AnyShape>(shape: &S, dims: &[usize], standard: bool) -> Result<(), ShapeError> {
    crate::dynamic::same_shape(dims, &shape.extents())?;
    if standard { Ok(()) } else { Err(ShapeError::not_contiguous(dims)) }
}

impl<'a, T, S: AnyShape> TensorBase<&'a [T], S> {
    /// Reads an `ndarray` view as a tensor of `shape`, without copying: the view must be in
    /// standard layout (contiguous, row-major), and its sizes must be `shape`'s.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let a = ndarray::arr2(&[[1, 2, 3], [4, 5, 6]]);
    /// let t = TensorRef::from_ndarray(<shape![2, 3]>::default(), a.view())?;
    /// assert_eq!(t.sum_axes::<axes![0]>().as_slice(), [5, 7, 9]);
    /// let err = TensorRef::from_ndarray(<shape![3, 2]>::default(), a.view()).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot convert [2, 3] to [3, 2]: axis 0 has size 2 but the target has 3; the sizes must be equal");
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn from_ndarray<D: Dimension>(shape: S, view: ArrayView<'a, T, D>) -> Result<Self, ShapeError> {
        check(&shape, view.shape(), view.is_standard_layout())?;
        let len = view.len();
        match view.to_slice() {
            Some(data) if data.len() == len => Ok(TensorBase::from_parts(data, shape)),
            _ => Err(ShapeError::not_contiguous(&shape.extents())),
        }
    }
}

impl<'a, T, S: AnyShape> TensorBase<&'a mut [T], S> {
    /// Writes through an `ndarray` view as a tensor of `shape`, without copying: the view must be
    /// in standard layout, and its sizes must be `shape`'s.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut a = ndarray::Array2::<i32>::zeros((2, 3));
    /// let mut out = TensorMut::from_ndarray(<shape![2, 3]>::default(), a.view_mut())?;
    /// Tensor::<i32, shape![3]>::from([1, 2, 3]).broadcast_to_into(&mut out);
    /// assert_eq!(a, ndarray::arr2(&[[1, 2, 3], [1, 2, 3]]));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn from_ndarray<D: Dimension>(shape: S, view: ArrayViewMut<'a, T, D>) -> Result<Self, ShapeError> {
        check(&shape, view.shape(), view.is_standard_layout())?;
        let len = view.len();
        match view.into_slice() {
            Some(data) if data.len() == len => Ok(TensorBase::from_parts(data, shape)),
            _ => Err(ShapeError::not_contiguous(&shape.extents())),
        }
    }
}

/// `Ok` if an `ndarray` array can have the shape `dims`: ndarray counts elements in `isize`,
/// so the product of the non-zero sizes must not pass `isize::MAX` (a tensor's may reach
/// `usize::MAX`: `[0, usize::MAX]`, or a zero-sized element type over `[usize::MAX]`).
fn within_ndarray(dims: &[usize]) -> Result<(), ShapeError> {
    let nonzero = dims.iter().filter(|&&d| d != 0).try_fold(1usize, |n, &d| n.checked_mul(d));
    match nonzero {
        Some(n) if n <= isize::MAX as usize => Ok(()),
        _ => Err(ShapeError::past_isize(dims)),
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// This tensor as an `ndarray` view of its sizes, without copying.
    ///
    /// An error ([`ErrorKind::PastIsize`](crate::dynamic::ErrorKind::PastIsize)) if its non-zero
    /// sizes multiply past `isize::MAX`, the most elements an ndarray array counts: a tensor of
    /// shape `[0, usize::MAX]`, or of a zero-sized element type, may have such sizes. Every
    /// tensor whose elements take memory fits.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
    /// assert_eq!(t.as_ndarray()?.sum(), 10.0);
    ///
    /// struct Wide;
    /// bind!(let wide: Wide = usize::MAX);
    /// let empty = TensorRef::from_shape(dims![0, wide], &[] as &[f32])?; // no elements: accepted
    /// assert_eq!(empty.as_ndarray().unwrap_err().kind(), shapecast::dynamic::ErrorKind::PastIsize);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn as_ndarray(&self) -> Result<ArrayViewD<'_, D::Elem>, ShapeError> {
        let dims = self.shape().extents();
        within_ndarray(&dims)?;
        // The data holds exactly the shape's element count, row-major, by construction, and
        // the count is within ndarray's limit: ndarray accepts it.
        ArrayView::from_shape(IxDyn(&dims), self.as_slice()).map_err(|_| ShapeError::past_isize(&dims))
    }
}

impl<D: DataMut, S: AnyShape> TensorBase<D, S> {
    /// This tensor as a mutable `ndarray` view of its sizes, without copying: the error of
    /// [`as_ndarray`](TensorBase::as_ndarray) when its sizes pass ndarray's limit.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<f32, shape![2, 2]>::splat(1.0);
    /// t.as_ndarray_mut()?[[1, 0]] = 5.0;
    /// assert_eq!(t.as_slice(), [1.0, 1.0, 5.0, 1.0]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn as_ndarray_mut(&mut self) -> Result<ArrayViewMutD<'_, D::Elem>, ShapeError> {
        let dims = self.shape().extents();
        within_ndarray(&dims)?;
        ArrayViewMut::from_shape(IxDyn(&dims), self.as_mut_slice()).map_err(|_| ShapeError::past_isize(&dims))
    }
}
