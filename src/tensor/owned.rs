//! `Tensor`: owned, inline storage.

use generic_array::GenericArray;
use generic_array::sequence::GenericSequence;
use typenum::{Const, ToUInt, U};

use super::{Operand, ShapeError, TensorMut, TensorRef, offset, wrong_length};
use crate::forms::{InsertAxis, WithAxis};
use crate::shape::{Cons, Dim, Nil, Shape};

/// An owned tensor of shape `S`, row-major, stored inline (no heap): `S::LEN` values of `T`,
/// so `size_of::<Tensor<T, S>>() == S::LEN * size_of::<T>()` on the stack. For shapes too
/// large for the stack, borrow a slice as a [`TensorRef`]/[`TensorMut`], or use `BoxedTensor`
/// (feature `alloc`).
///
/// ```
/// use shapecast::prelude::*;
///
/// let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let v = Tensor::<i32, shape![3]>::from([10, 20, 30]);
/// let sum = &m + &v; // Tensor<i32, broadcast!([2, 3], [3])>
/// assert_eq!(sum.as_slice(), [11, 22, 33, 14, 25, 36]);
/// assert_eq!(sum.get(&[1, 2]), Some(&36));
/// assert_eq!(format!("{sum:?}"), "Tensor<[2, 3]> [[11, 22, 33], [14, 25, 36]]");
/// ```
pub struct Tensor<T, S: Shape> {
    data: GenericArray<T, S::Len>,
}

impl<T, S: Shape> Tensor<T, S> {
    #[inline]
    pub(crate) fn from_array(data: GenericArray<T, S::Len>) -> Self {
        Tensor { data }
    }

    /// Copies `data`, which must hold exactly `S::LEN` elements.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2, 2]>::from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!(t.get(&[1, 0]), Some(&3));
    /// assert!(Tensor::<u8, shape![2, 2]>::from_slice(&[1, 2, 3]).is_err());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn from_slice(data: &[T]) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        GenericArray::try_from_iter(data.iter().cloned())
            .map(Self::from_array)
            .map_err(|_| wrong_length::<S>(data.len()))
    }

    /// Builds each element from its flat row-major index.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<usize, shape![2, 3]>::from_fn(|i| i * 10);
    /// assert_eq!(t.as_slice(), [0, 10, 20, 30, 40, 50]);
    /// ```
    pub fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        Self::from_array(GenericArray::generate(f))
    }

    /// Builds each element from its multi-index (outermost axis first).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<usize, shape![2, 3]>::from_index_fn(|ix| 10 * ix[0] + ix[1]);
    /// assert_eq!(t.as_slice(), [0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn from_index_fn(mut f: impl FnMut(&[usize]) -> T) -> Self {
        let mut index = [0usize; crate::dynamic::MAX_RANK];
        let dims = S::DIMS;
        Self::from_fn(|_| {
            let value = f(&index[..dims.len()]);
            for axis in (0..dims.len()).rev() {
                index[axis] += 1;
                if index[axis] < dims[axis] {
                    break;
                }
                index[axis] = 0;
            }
            value
        })
    }

    /// Every element equal to `value`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(Tensor::<u8, shape![2, 2]>::splat(3).as_slice(), [3; 4]);
    /// ```
    pub fn splat(value: T) -> Self
    where
        T: Clone,
    {
        Self::from_fn(|_| value.clone())
    }

    /// The elements, row-major.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]).as_slice(), [1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    /// The elements, row-major, mutable.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<u8, shape![2]>::splat(0);
    /// t.as_mut_slice().copy_from_slice(&[4, 5]);
    /// assert_eq!(t.as_slice(), [4, 5]);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// A mutable borrowed view, for the `_into` operations.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut out = Tensor::<u8, shape![2, 2]>::splat(0);
    /// Tensor::<u8, shape![2, 1]>::from([[1], [2]]).broadcast_to_into(&mut out.view_mut());
    /// assert_eq!(out.as_slice(), [1, 1, 2, 2]);
    /// ```
    #[inline]
    pub fn view_mut(&mut self) -> TensorMut<'_, T, S> {
        TensorMut::from_checked(&mut self.data)
    }

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<u8, shape![2, 2]>::splat(0);
    /// *t.get_mut(&[1, 0]).unwrap() = 7;
    /// assert_eq!(t.as_slice(), [0, 0, 7, 0]);
    /// ```
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        offset(S::DIMS, index).map(|i| &mut self.data[i])
    }

    /// The same data with a size-1 axis inserted before position `I` (NumPy's `np.newaxis`):
    /// a change of type, no copy.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let column = row.insert_axis::<1>(); // shape [3, 1]
    /// let table = &column * &row; // [3, 1] * [3] -> [3, 3]
    /// assert_eq!(table.as_slice(), [1, 2, 3, 2, 4, 6, 3, 6, 9]);
    /// ```
    pub fn insert_axis<const I: usize>(self) -> Tensor<T, WithAxis<S, U<I>>>
    where
        Const<I>: ToUInt,
        S: InsertAxis<U<I>>,
    {
        Tensor { data: self.data }
    }
}

impl<T, S: Shape> Operand<T, S> for Tensor<T, S> {
    #[inline]
    fn view(&self) -> TensorRef<'_, T, S> {
        TensorRef::from_checked(&self.data)
    }
}

impl<T: Clone, S: Shape> Clone for Tensor<T, S> {
    fn clone(&self) -> Self {
        Tensor { data: self.data.clone() }
    }
}

impl<T: Copy, S: Shape> Copy for Tensor<T, S> where GenericArray<T, S::Len>: Copy {}

impl<T: Default, S: Shape> Default for Tensor<T, S> {
    fn default() -> Self {
        Self::from_fn(|_| T::default())
    }
}

impl<T: PartialEq, S: Shape> PartialEq for Tensor<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq, S: Shape> Eq for Tensor<T, S> {}

impl<T, const N: usize> From<[T; N]> for Tensor<T, Cons<Dim<N>, Nil>>
where
    Cons<Dim<N>, Nil>: Shape,
{
    /// From an array (sizes in typenum's table: up to 1024, and some larger ones).
    fn from(rows: [T; N]) -> Self {
        Self::from_array(GenericArray::from_iter(rows))
    }
}

impl<T, const M: usize, const N: usize> From<[[T; N]; M]> for Tensor<T, Cons<Dim<M>, Cons<Dim<N>, Nil>>>
where
    Cons<Dim<M>, Cons<Dim<N>, Nil>>: Shape,
{
    /// From nested arrays, row-major (sizes in typenum's table, as for one array).
    fn from(rows: [[T; N]; M]) -> Self {
        Self::from_array(GenericArray::from_iter(rows.into_iter().flatten()))
    }
}

impl<T, const L: usize, const M: usize, const N: usize> From<[[[T; N]; M]; L]>
    for Tensor<T, Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>>
where
    Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>: Shape,
{
    /// From nested arrays, row-major (sizes in typenum's table, as for one array).
    fn from(planes: [[[T; N]; M]; L]) -> Self {
        Self::from_array(GenericArray::from_iter(planes.into_iter().flatten().flatten()))
    }
}
