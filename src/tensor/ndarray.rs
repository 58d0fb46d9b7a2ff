//! Views between typed tensors and [`ndarray`](https://docs.rs/ndarray) arrays (feature
//! `ndarray`), both ways, without copying.
//!
//! An `ArrayView` in standard layout (contiguous, row-major) becomes a [`TensorRef`] whose shape
//! is checked once against the view's: fixed sizes must match, and run-time sizes are bound from
//! the view's shape before the call. A tensor reads as an `ArrayViewD`. (See
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
//! assert_eq!(y.as_ndarray()[[2, 3]], 23.5);
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

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// This tensor as an `ndarray` view of its sizes, without copying.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
    /// assert_eq!(t.as_ndarray().sum(), 10.0);
    /// ```
    pub fn as_ndarray(&self) -> ArrayViewD<'_, D::Elem> {
        let dims = self.shape().extents();
        let view = ArrayView::from_shape(IxDyn(&dims), self.as_slice());
        // The data holds exactly the shape's element count, row-major, by construction.
        view.unwrap_or_else(|_| unreachable!("a tensor's data has its shape's element count"))
    }
}

impl<D: DataMut, S: AnyShape> TensorBase<D, S> {
    /// This tensor as a mutable `ndarray` view of its sizes, without copying.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<f32, shape![2, 2]>::splat(1.0);
    /// t.as_ndarray_mut()[[1, 0]] = 5.0;
    /// assert_eq!(t.as_slice(), [1.0, 1.0, 5.0, 1.0]);
    /// ```
    pub fn as_ndarray_mut(&mut self) -> ArrayViewMutD<'_, D::Elem> {
        let dims = self.shape().extents();
        let view = ArrayViewMut::from_shape(IxDyn(&dims), self.as_mut_slice());
        view.unwrap_or_else(|_| unreachable!("a tensor's data has its shape's element count"))
    }
}
