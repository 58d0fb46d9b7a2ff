//! The operands of the run-time kernels: a slice and its shape, checked once to belong together.

use super::{BroadcastError, DynShape, Form, MAX_RANK, Slot, element_count};

/// `Ok` if data of length `len` can be laid out row-major in the shape `dims`: at most
/// [`MAX_RANK`] axes, an element count that fits in `usize`, and `len` equal to it.
///
/// The one check behind [`Array::new`], [`ArrayMut::new`] and the typed tensors' constructors
/// (`TensorRef::from_shape`, …), so the three errors read the same everywhere.
pub(crate) fn check_data(dims: &[usize], len: usize) -> Result<(), BroadcastError> {
    check_shape(dims)?;
    match element_count(dims) {
        Some(n) if n == len => Ok(()),
        Some(n) => Err(BroadcastError::wrong_length(Form::Shape, (dims, &[]), Slot::Operand(0), n, len)),
        None => Err(BroadcastError::too_many_elements(dims)),
    }
}

/// `Ok` if `dims` is a shape that data can have: at most [`MAX_RANK`] axes, and non-zero sizes
/// whose product fits in `usize`. The one rule for every run-time shape a tensor is made of
/// (`from_shape`, `from_shape_fn`, `broadcast_to_shape`, `broadcast_view_shape`, …).
pub(crate) fn check_shape(dims: &[usize]) -> Result<(), BroadcastError> {
    if dims.len() > MAX_RANK {
        DynShape::new(dims)?;
    }
    match element_count(dims) {
        Some(_) => Ok(()),
        None => Err(BroadcastError::too_many_elements(dims)),
    }
}

/// A read-only operand of the run-time kernels: a row-major slice with its shape.
///
/// [`Array::new`] checks once that the slice holds exactly the shape's element count, so a
/// kernel never mistakes one operand's shape for another's, and never re-checks a length.
///
/// ```
/// use shapecast::dynamic::{Array, ErrorKind};
///
/// let m = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// assert_eq!((m.data(), m.shape()), (&[1, 2, 3, 4, 5, 6][..], &[2, 3][..]));
///
/// let err = Array::new(&[1, 2, 3, 4], &[2, 3]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::WrongLength { slot: shapecast::dynamic::Slot::Operand(0), expected: 6, found: 4 });
/// assert_eq!(err.to_string(), "invalid data for shape [2, 3]: the slice holds 4 elements but its shape has 6");
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
#[derive(Debug)]
pub struct Array<'a, T> {
    data: &'a [T],
    shape: &'a [usize],
}

// By hand: a derive would ask for `T: Clone`/`T: Copy`, but only references are copied.
impl<T> Clone for Array<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Array<'_, T> {}

impl<'a, T> Array<'a, T> {
    /// Pairs `data` with `shape`, or fails if they cannot belong together:
    /// [`ErrorKind::WrongLength`](super::ErrorKind::WrongLength) if `data.len()` is not the
    /// element count, [`ErrorKind::TooManyElements`](super::ErrorKind::TooManyElements) if the
    /// count (of the non-zero sizes) overflows `usize`, and
    /// [`ErrorKind::TooManyAxes`](super::ErrorKind::TooManyAxes) above [`MAX_RANK`] axes, which
    /// no rule accepts.
    ///
    /// ```
    /// use shapecast::dynamic::{Array, ErrorKind};
    ///
    /// let err = Array::new(&[0u8; 0], &[0, usize::MAX, 2]).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::TooManyElements);
    /// let err = Array::new(&[0u8], &[1; 65]).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid shape: the shape has 65 entries; at most 64 axes are supported");
    /// ```
    pub fn new(data: &'a [T], shape: &'a [usize]) -> Result<Self, BroadcastError> {
        check_data(shape, data.len())?;
        Ok(Array { data, shape })
    }

    /// The elements, row-major.
    pub fn data(&self) -> &'a [T] {
        self.data
    }

    /// The shape.
    pub fn shape(&self) -> &'a [usize] {
        self.shape
    }
}

/// A mutable operand of the run-time kernels (what they write to): a row-major slice with its
/// shape, checked once like [`Array`].
///
/// A kernel takes it by value; to use one `ArrayMut` for several calls, pass
/// [`reborrow`](Self::reborrow) each time.
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let mut data = [0; 6];
/// let mut acc = ArrayMut::new(&mut data, &[2, 3])?;
/// let (row, col) = (Array::new(&[1, 2, 3], &[3])?, Array::new(&[10, 20], &[2, 1])?);
/// dynamic::zip_assign(row, acc.reborrow(), |x, y| x + y)?;
/// dynamic::zip_assign(col, acc.reborrow(), |x, y| x + y)?;
/// assert_eq!(acc.data(), [11, 12, 13, 21, 22, 23]);
/// assert_eq!(acc.into_data(), [11, 12, 13, 21, 22, 23]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
#[derive(Debug)]
pub struct ArrayMut<'a, T> {
    data: &'a mut [T],
    shape: &'a [usize],
}

impl<'a, T> ArrayMut<'a, T> {
    /// Pairs `data` with `shape`, or fails with the errors of [`Array::new`].
    ///
    /// ```
    /// let mut data = [0u8; 4];
    /// let err = shapecast::dynamic::ArrayMut::new(&mut data, &[2, 3]).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid data for shape [2, 3]: the slice holds 4 elements but its shape has 6");
    /// ```
    pub fn new(data: &'a mut [T], shape: &'a [usize]) -> Result<Self, BroadcastError> {
        check_data(shape, data.len())?;
        Ok(ArrayMut { data, shape })
    }

    /// The elements, row-major.
    pub fn data(&self) -> &[T] {
        &*self.data
    }

    /// The elements, row-major, to change in place (the shape stays).
    pub fn data_mut(&mut self) -> &mut [T] {
        self.data
    }

    /// The elements, for as long as the borrow the `ArrayMut` was made from.
    pub fn into_data(self) -> &'a mut [T] {
        self.data
    }

    /// The shape.
    pub fn shape(&self) -> &'a [usize] {
        self.shape
    }

    /// A read-only view of the same elements and shape.
    pub fn as_array(&self) -> Array<'_, T> {
        Array { data: &*self.data, shape: self.shape }
    }

    /// A shorter-lived `ArrayMut` of the same elements and shape, to pass to a kernel and keep
    /// this one.
    pub fn reborrow(&mut self) -> ArrayMut<'_, T> {
        ArrayMut { data: &mut *self.data, shape: self.shape }
    }
}

impl<'a, T> From<ArrayMut<'a, T>> for Array<'a, T> {
    /// Gives up the right to write: the same elements and shape, read-only.
    fn from(array: ArrayMut<'a, T>) -> Self {
        Array { data: array.data, shape: array.shape }
    }
}
