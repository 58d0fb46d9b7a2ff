//! `BoxedTensor`: a tensor on the heap, built there directly (no stack temporary).

extern crate alloc;

use alloc::boxed::Box;

use generic_array::GenericArray;
use generic_array::sequence::GenericSequence;

use super::{Operand, ShapeError, TensorMut, TensorRef, wrong_length};
use crate::shape::Shape;

/// An owned tensor of shape `S` on the heap (feature `alloc`), for shapes too large for the
/// stack. Its elements are written straight into the allocation: a 16 MiB `BoxedTensor` never
/// passes through the stack. Every operation comes from [`Operand`]; outputs go to a
/// [`TensorMut`] (see [`view_mut`](Self::view_mut)).
///
/// ```
/// use shapecast::prelude::*;
///
/// let big = BoxedTensor::<f32, shape![4096, 1024]>::splat(1.0);
/// let mut row_sums = BoxedTensor::<f32, shape![4096, 1]>::splat(0.0);
/// big.sum_to_into(&mut row_sums.view_mut());
/// assert!(row_sums.as_slice().iter().all(|&s| s == 1024.0));
/// ```
pub struct BoxedTensor<T, S: Shape> {
    data: Box<GenericArray<T, S::Len>>,
}

impl<T, S: Shape> BoxedTensor<T, S> {
    /// Builds each element from its flat row-major index, directly on the heap.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = BoxedTensor::<usize, shape![1024, 1024]>::from_fn(|i| i);
    /// assert_eq!(t.get(&[1, 2]), Some(&1026));
    /// ```
    pub fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        BoxedTensor { data: Box::<GenericArray<T, S::Len>>::generate(f) }
    }

    /// Every element equal to `value`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = BoxedTensor::<u8, shape![3]>::splat(7);
    /// assert_eq!(t.as_slice(), [7, 7, 7]);
    /// ```
    pub fn splat(value: T) -> Self
    where
        T: Clone,
    {
        Self::from_fn(|_| value.clone())
    }

    /// Copies `data`, which must hold exactly `S::LEN` elements.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = BoxedTensor::<u8, shape![2]>::from_slice(&[1, 2])?;
    /// assert_eq!(t.as_slice(), [1, 2]);
    /// assert!(BoxedTensor::<u8, shape![2]>::from_slice(&[1]).is_err());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn from_slice(data: &[T]) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        GenericArray::try_from_vec(data.to_vec())
            .map(|data| BoxedTensor { data })
            .map_err(|_| wrong_length::<S>(data.len()))
    }

    /// The elements, row-major.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(BoxedTensor::<u8, shape![2]>::splat(1).as_slice(), [1, 1]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    /// The elements, row-major, mutable.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = BoxedTensor::<u8, shape![2]>::splat(1);
    /// t.as_mut_slice()[1] = 2;
    /// assert_eq!(t.as_slice(), [1, 2]);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// A mutable borrowed view, for the `_into` operations.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut out = BoxedTensor::<u8, shape![2, 2]>::splat(0);
    /// Tensor::<u8, shape![2]>::from([1, 2]).broadcast_to_into(&mut out.view_mut());
    /// assert_eq!(out.as_slice(), [1, 2, 1, 2]);
    /// ```
    #[inline]
    pub fn view_mut(&mut self) -> TensorMut<'_, T, S> {
        TensorMut::from_checked(&mut self.data)
    }
}

impl<T, S: Shape> Operand<T, S> for BoxedTensor<T, S> {
    #[inline]
    fn view(&self) -> TensorRef<'_, T, S> {
        TensorRef::from_checked(&self.data)
    }
}

impl<T: Clone, S: Shape> Clone for BoxedTensor<T, S> {
    fn clone(&self) -> Self {
        BoxedTensor { data: self.data.clone() }
    }
}

impl<T: core::fmt::Debug, S: Shape> core::fmt::Debug for BoxedTensor<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "BoxedTensor<{:?}> of {} elements", S::DIMS, S::LEN)
    }
}
