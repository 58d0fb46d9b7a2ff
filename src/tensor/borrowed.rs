//! `TensorRef` and `TensorMut`: borrowed slices checked to hold a shape's element count, for data
//! too large for the stack, or owned elsewhere.

use core::marker::PhantomData;

use typenum::{Const, ToUInt, U};

use super::{Operand, ShapeError, offset, wrong_length};
use crate::forms::{InsertAxis, WithAxis};
use crate::shape::Shape;

/// A borrowed, read-only tensor of shape `S` over a slice of exactly `S::LEN` elements.
///
/// ```
/// use shapecast::prelude::*;
///
/// let data = vec![1.0f32; 4096 * 1024];
/// let big = TensorRef::<f32, shape![4096, 1024]>::new(&data)?;
/// assert_eq!(big.get(&[4095, 1023]), Some(&1.0));
/// assert!(TensorRef::<f32, shape![4096, 1024]>::new(&data[1..]).is_err());
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub struct TensorRef<'a, T, S> {
    data: &'a [T],
    shape: PhantomData<S>,
}

impl<'a, T, S: Shape> TensorRef<'a, T, S> {
    /// Borrows `data`, which must hold exactly `S::LEN` elements.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = TensorRef::<i32, shape![2, 3]>::new(&data)?;
    /// assert_eq!(t.get(&[1, 0]), Some(&4));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn new(data: &'a [T]) -> Result<Self, ShapeError> {
        if data.len() == S::LEN { Ok(Self::from_checked(data)) } else { Err(wrong_length::<S>(data.len())) }
    }

    /// `data` has `S::LEN` elements (the caller knows by its type).
    #[inline]
    pub(crate) fn from_checked(data: &'a [T]) -> Self {
        debug_assert_eq!(data.len(), S::LEN);
        TensorRef { data, shape: PhantomData }
    }

    /// The elements, row-major.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::<u8, shape![2]>::new(&[7, 8])?;
    /// assert_eq!(t.as_slice(), [7, 8]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &'a [T] {
        // Exactly `S::LEN` long by construction; slicing tells the optimizer so, which
        // removes the kernels' bounds checks.
        &self.data[..S::LEN]
    }

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::<u8, shape![2, 2]>::new(&[1, 2, 3, 4])?;
    /// assert_eq!((t.get(&[1, 1]), t.get(&[2, 0]), t.get(&[0])), (Some(&4), None, None));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        offset(S::DIMS, index).map(|i| &self.data[i])
    }

    /// The same data with a size-1 axis inserted before position `I`: no copy.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::<u8, shape![3]>::new(&[1, 2, 3])?;
    /// let column = t.insert_axis::<1>(); // shape [3, 1], same data
    /// assert_eq!(column.get(&[2, 0]), Some(&3));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn insert_axis<const I: usize>(self) -> TensorRef<'a, T, WithAxis<S, U<I>>>
    where
        Const<I>: ToUInt,
        S: InsertAxis<U<I>>,
    {
        TensorRef::from_checked(self.data)
    }
}

impl<T, S> Clone for TensorRef<'_, T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S> Copy for TensorRef<'_, T, S> {}

impl<T, S: Shape> Operand<T, S> for TensorRef<'_, T, S> {
    #[inline]
    fn view(&self) -> TensorRef<'_, T, S> {
        *self
    }
}

/// A borrowed, mutable tensor of shape `S` over a slice of exactly `S::LEN` elements: the
/// output of the `_into` operations.
///
/// ```
/// use shapecast::prelude::*;
///
/// let mut out = vec![0.0f32; 4 * 3];
/// let mut out = TensorMut::<f32, shape![4, 3]>::new(&mut out)?;
/// Tensor::<f32, shape![3]>::from([1.0, 2.0, 3.0]).broadcast_to_into(&mut out);
/// assert_eq!(out.as_slice()[9..], [1.0, 2.0, 3.0]);
/// # Ok::<(), shapecast::ShapeError>(())
/// ```
pub struct TensorMut<'a, T, S> {
    data: &'a mut [T],
    shape: PhantomData<S>,
}

impl<'a, T, S: Shape> TensorMut<'a, T, S> {
    /// Borrows `data`, which must hold exactly `S::LEN` elements.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let mut out = TensorMut::<i32, shape![2, 3]>::new(&mut data)?;
    /// *out.get_mut(&[1, 2]).unwrap() = 9;
    /// assert_eq!(data, [0, 0, 0, 0, 0, 9]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn new(data: &'a mut [T]) -> Result<Self, ShapeError> {
        if data.len() == S::LEN { Ok(Self::from_checked(data)) } else { Err(wrong_length::<S>(data.len())) }
    }

    #[inline]
    pub(crate) fn from_checked(data: &'a mut [T]) -> Self {
        debug_assert_eq!(data.len(), S::LEN);
        TensorMut { data, shape: PhantomData }
    }

    /// The elements, row-major.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [1, 2];
    /// assert_eq!(TensorMut::<i32, shape![2]>::new(&mut data)?.as_slice(), [1, 2]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.data[..S::LEN]
    }

    /// The elements, row-major, mutable.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [1, 2];
    /// TensorMut::<i32, shape![2]>::new(&mut data)?.as_mut_slice()[0] = 5;
    /// assert_eq!(data, [5, 2]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // As in `TensorRef::as_slice`: the length becomes a constant for the kernels.
        &mut self.data[..S::LEN]
    }

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 4];
    /// let mut t = TensorMut::<i32, shape![2, 2]>::new(&mut data)?;
    /// assert!(t.get_mut(&[2, 0]).is_none());
    /// *t.get_mut(&[0, 1]).unwrap() = 1;
    /// assert_eq!(data, [0, 1, 0, 0]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        offset(S::DIMS, index).map(|i| &mut self.data[i])
    }
}

impl<T, S: Shape> Operand<T, S> for TensorMut<'_, T, S> {
    #[inline]
    fn view(&self) -> TensorRef<'_, T, S> {
        TensorRef::from_checked(self.data)
    }
}
