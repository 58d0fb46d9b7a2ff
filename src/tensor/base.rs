//! Making tensors, reading them, viewing them, and converting their shapes.

use shapecast_macros::hot;
use typenum::{Const, ToUInt, U};

use super::{
    Data, DataMut, Owning, ShapeError, Tensor, TensorBase, TensorMut, TensorRef, check_len, len_of, offset,
};
use crate::forms::{AnyInsertAxis, SameRank};
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AllFixed, AnyShape, Nil, Shape};

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// `data` in `shape`; the caller has checked the length.
    #[hot]
    pub(crate) fn from_parts(data: D, shape: S) -> Self {
        TensorBase { data, shape }
    }

    /// The storage and the shape ([`from_parts`](Self::from_parts) undone).
    #[cfg(feature = "alloc")]
    #[hot]
    pub(crate) fn into_parts(self) -> (D, S) {
        (self.data, self.shape)
    }

    /// The shape, as a value (it holds the run-time sizes; a fixed shape is zero-sized).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Rows;
    /// bind!(let rows: Rows = 2);
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = TensorRef::from_shape(dims![rows, 3], &data)?;
    /// assert_eq!(*t.shape().extents(), [2, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[hot]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The elements, row-major.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]).as_slice(), [1, 2, 3, 4]);
    /// ```
    #[hot]
    pub fn as_slice(&self) -> &[D::Elem] {
        // Exactly this long by construction; slicing to a constant length, for a fixed shape,
        // lets the optimizer drop the kernels' bounds checks.
        &self.data.slice()[..len_of(&self.shape)]
    }

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// assert_eq!((t.get(&[1, 0]), t.get(&[0, 2]), t.get(&[0])), (Some(&3), None, None));
    /// ```
    pub fn get(&self, index: &[usize]) -> Option<&D::Elem> {
        offset(&self.shape, index).and_then(|i| self.as_slice().get(i))
    }

    /// A read-only view of the same data.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2]>::from([1, 2]);
    /// let view: TensorRef<'_, u8, shape![2]> = t.view();
    /// assert_eq!(view.as_slice(), [1, 2]);
    /// ```
    #[hot]
    pub fn view(&self) -> TensorRef<'_, D::Elem, S> {
        TensorBase::from_parts(self.as_slice(), self.shape)
    }

    /// A view of the same data with a size-1 axis inserted before position `I` (NumPy's
    /// `np.newaxis`): no copy, whatever the storage. A view of a `BoxedTensor` is a
    /// [`BoxedRef`](super::BoxedRef) view, whose results are boxed as the box's are.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let column = row.insert_axis::<1>(); // shape [3, 1], the same data
    /// let table = &column * &row; // [3, 1] * [3] -> [3, 3]
    /// assert_eq!(table.as_slice(), [1, 2, 3, 2, 4, 6, 3, 6, 9]);
    /// ```
    #[hot]
    pub fn insert_axis<const I: usize>(&self) -> TensorBase<D::View<'_>, <S as AnyInsertAxis<U<I>>>::Output>
    where
        Const<I>: ToUInt,
        S: AnyInsertAxis<U<I>>,
    {
        // The sizes written where they go, with no `DynShape` in between (for a fixed shape the
        // optimizer then drops them all; a `DynShape` is copied at every call).
        let mut with = [1; shapecast_rules::MAX_RANK];
        let rank = crate::shape::extents_in(&self.shape, &mut with).len();
        let at = I.min(rank);
        with.copy_within(at..rank, at + 1);
        with[at] = 1;
        let shape = <S as AnyInsertAxis<U<I>>>::Output::from_extents(&with[..=rank], Proof::new());
        TensorBase::from_parts(self.data.view(), shape)
    }

    /// `len` elements from `start` seen in `shape` (of that many elements, as the caller's
    /// types prove), a view that keeps where this tensor's results live; `None` past the end.
    #[hot]
    pub(crate) fn part<S2: AnyShape>(
        &self,
        start: usize,
        len: usize,
        shape: S2,
    ) -> Option<TensorBase<D::View<'_>, S2>> {
        Some(TensorBase::from_parts(self.data.part(start, len)?, shape))
    }

    /// The same data in `shape`, of the same element count (the caller's types prove it).
    #[hot]
    pub(crate) fn reshaped<S2: AnyShape>(&self, shape: S2) -> TensorBase<D::View<'_>, S2> {
        TensorBase::from_parts(self.data.view(), shape)
    }

    /// The same data seen in `shape`, if its sizes are this tensor's sizes: how a run-time size
    /// meets a fixed size or another binding (`[Samples, 4]` as `[150, 4]`, `[Q, 4]` as
    /// `[R, 4]`). A checked step: an error when the sizes differ; no copy.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Rows;
    /// struct Other;
    /// bind!(let rows: Rows = 2);
    /// bind!(let other: Other = 2);
    /// let data = [1, 2, 3, 4, 5, 6];
    /// let t = TensorRef::from_shape(dims![rows, 3], &data)?;
    /// let fixed: TensorRef<'_, i32, shape![2, 3]> = t.cast_shape(Default::default())?;
    /// let as_other = t.cast_shape(dims![other, 3])?; // [Rows, 3] as [Other, 3]
    /// assert_eq!(fixed.as_slice(), as_other.as_slice());
    /// let err = t.cast_shape(<shape![3, 2]>::default()).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot convert [2, 3] to [3, 2]: axis 0 has size 2 but the target has 3; the sizes must be equal");
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    ///
    /// The ranks are types: a target of another rank is a compile error ([`SameRank`]).
    ///
    /// ```compile_fail,E0277
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::splat(0);
    /// let flat = t.cast_shape(<shape![6]>::default());
    /// ```
    pub fn cast_shape<S2: AnyShape + SameRank<S>>(
        &self,
        shape: S2,
    ) -> Result<TensorBase<D::View<'_>, S2>, ShapeError>
    where
        <S2 as SameRank<S>>::Proof: Sized,
    {
        let (from, to) = (self.shape.extents(), shape.extents());
        crate::dynamic::same_shape(&from, &to)?;
        Ok(TensorBase::from_parts(self.data.view(), shape))
    }

    /// [`cast_shape`](Self::cast_shape) to a fixed shape, named by its type.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Rows;
    /// bind!(let rows: Rows = 2);
    /// let data = [0.5f32; 8];
    /// let t = TensorRef::from_shape(dims![rows, 4], &data)?;
    /// let fixed = t.to_fixed::<shape![2, 4]>()?;
    /// assert_eq!(fixed.as_slice().len(), 8);
    /// assert!(t.to_fixed::<shape![4, 2]>().is_err());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn to_fixed<S2>(&self) -> Result<TensorBase<D::View<'_>, S2>, ShapeError>
    where
        <S2 as AllFixed>::Proof: Sized,
        S2: AllFixed + Shape + SameRank<S>,
        <S2 as SameRank<S>>::Proof: Sized,
    {
        self.cast_shape(S2::default())
    }
}

impl<D: DataMut, S: AnyShape> TensorBase<D, S> {
    /// The elements, row-major, mutable.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<u8, shape![2]>::splat(0);
    /// t.as_mut_slice().copy_from_slice(&[4, 5]);
    /// assert_eq!(t.as_slice(), [4, 5]);
    /// ```
    #[hot]
    pub fn as_mut_slice(&mut self) -> &mut [D::Elem] {
        let n = len_of(&self.shape);
        &mut self.data.slice_mut()[..n]
    }

    /// The element at a multi-index, mutable, or `None` if the index has the wrong rank or is
    /// out of bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut t = Tensor::<u8, shape![2, 2]>::splat(0);
    /// *t.get_mut(&[1, 0]).unwrap() = 7;
    /// assert_eq!(t.as_slice(), [0, 0, 7, 0]);
    /// assert!(t.get_mut(&[2, 0]).is_none());
    /// ```
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut D::Elem> {
        let i = offset(&self.shape, index)?;
        self.as_mut_slice().get_mut(i)
    }

    /// A mutable view of the same data, for the `_into` operations.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut out = Tensor::<u8, shape![2, 2]>::splat(0);
    /// Tensor::<u8, shape![2, 1]>::from([[1], [2]]).broadcast_to_into(&mut out.view_mut());
    /// assert_eq!(out.as_slice(), [1, 1, 2, 2]);
    /// ```
    #[hot]
    pub fn view_mut(&mut self) -> TensorMut<'_, D::Elem, S> {
        let shape = self.shape;
        TensorBase::from_parts(self.as_mut_slice(), shape)
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The element count: the product of the sizes (a constant where every size is fixed).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(Tensor::<u8, shape![2, 3]>::splat(0).len(), 6);
    /// struct Rows;
    /// bind!(let rows: Rows = 4);
    /// let data = [0u8; 12];
    /// assert_eq!(TensorRef::from_shape(dims![rows, 3], &data)?.len(), 12);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[hot]
    pub fn len(&self) -> usize {
        crate::tensor::len_of(&self.shape)
    }

    /// Whether the shape has no elements (a size is 0).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert!(Tensor::<u8, shape![2, 0]>::splat(0).is_empty());
    /// ```
    #[hot]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<D: Data> TensorBase<D, Nil> {
    /// The one element of a scalar tensor (shape `[]`).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let m = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// let total = m.sum_axes::<axes![0, 1]>();
    /// assert_eq!(total.value(), 10);
    /// ```
    #[hot]
    pub fn value(&self) -> D::Elem
    where
        D::Elem: Copy,
    {
        self.as_slice()[0]
    }
}

impl<'a, T, S: AnyShape> TensorBase<&'a [T], S> {
    /// Borrows `data` in `shape`, which must hold exactly as many elements as the shape
    /// (computed without overflow): the one check for data whose sizes are bound at run time.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Samples;
    /// let data = [0.5f32; 600];
    /// bind!(let samples: Samples = data.len() / 4);
    /// let x = TensorRef::from_shape(dims![samples, 4], &data)?; // TensorRef<f32, shape![Samples, 4]>
    /// assert_eq!(x.get(&[149, 3]), Some(&0.5));
    /// assert!(TensorRef::from_shape(dims![samples, 4], &data[1..]).is_err());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn from_shape(shape: S, data: &'a [T]) -> Result<Self, ShapeError> {
        check_len(&shape, data.len())?;
        Ok(TensorBase::from_parts(data, shape))
    }

    /// The elements, row-major, for as long as the borrowed data lives.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// fn first_row(data: &[u8]) -> Option<&[u8]> {
    ///     let t = TensorRef::<u8, shape![2, 2]>::new(data).ok()?;
    ///     Some(&t.into_slice()[..2]) // outlives `t`
    /// }
    /// assert_eq!(first_row(&[7, 8, 9, 10]), Some(&[7, 8][..]));
    /// ```
    #[hot]
    pub fn into_slice(self) -> &'a [T] {
        let n = len_of(&self.shape);
        &self.data[..n]
    }
}

impl<'a, T, S: Shape> TensorBase<&'a [T], S> {
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
        Self::from_shape(S::default(), data)
    }
}

impl<'a, T, S: AnyShape> TensorBase<&'a mut [T], S> {
    /// Borrows `data` mutably in `shape`, which must hold exactly as many elements as the shape.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Batch;
    /// let mut data = vec![0; 12];
    /// bind!(let batch: Batch = 3);
    /// let mut out = TensorMut::from_shape(dims![batch, 4], &mut data)?;
    /// Tensor::<i32, shape![4]>::from([1, 2, 3, 4]).broadcast_to_into(&mut out);
    /// assert_eq!(data[8..], [1, 2, 3, 4]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn from_shape(shape: S, data: &'a mut [T]) -> Result<Self, ShapeError> {
        check_len(&shape, data.len())?;
        Ok(TensorBase::from_parts(data, shape))
    }
}

impl<'a, T, S: Shape> TensorBase<&'a mut [T], S> {
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
        Self::from_shape(S::default(), data)
    }
}

impl<D: Owning, S: Shape> TensorBase<D, S> {
    /// Copies `data`, which must hold exactly `S::LEN` elements.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2, 2]>::from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!(t.get(&[1, 0]), Some(&3));
    /// assert!(Tensor::<u8, shape![2, 2]>::from_slice(&[1, 2, 3]).is_err());
    /// assert_eq!(BoxedTensor::<u8, shape![2]>::from_slice(&[1, 2])?.as_slice(), [1, 2]); // on the heap
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn from_slice(data: &[D::Elem]) -> Result<Self, ShapeError>
    where
        D::Elem: Clone,
    {
        check_len(&S::default(), data.len())?;
        Ok(Self::from_fn(|i| data[i].clone()))
    }

    /// Builds each element from its flat row-major index, straight where it lives (a
    /// `BoxedTensor`'s never passes through the stack).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<usize, shape![2, 3]>::from_fn(|i| i * 10);
    /// assert_eq!(t.as_slice(), [0, 10, 20, 30, 40, 50]);
    /// let big = BoxedTensor::<usize, shape![1024, 1024]>::from_fn(|i| i);
    /// assert_eq!(big.get(&[1, 2]), Some(&1026));
    /// ```
    #[inline]
    pub fn from_fn(f: impl FnMut(usize) -> D::Elem) -> Self {
        TensorBase::from_parts(D::from_fn(S::LEN, f), S::default())
    }

    /// Builds each element from its multi-index (outermost axis first).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<usize, shape![2, 3]>::from_index_fn(|ix| 10 * ix[0] + ix[1]);
    /// assert_eq!(t.as_slice(), [0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn from_index_fn(f: impl FnMut(&[usize]) -> D::Elem) -> Self {
        Self::from_fn(index_fn(S::DIMS, f))
    }

    /// Every element equal to `value`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(Tensor::<u8, shape![2, 2]>::splat(3).as_slice(), [3; 4]);
    /// assert_eq!(BoxedTensor::<u8, shape![3]>::splat(7).as_slice(), [7, 7, 7]);
    /// ```
    pub fn splat(value: D::Elem) -> Self
    where
        D::Elem: Clone,
    {
        Self::from_fn(|_| value.clone())
    }
}

/// `f` of each multi-index of `dims`, called in row-major order.
pub(crate) fn index_fn<T>(dims: &[usize], mut f: impl FnMut(&[usize]) -> T) -> impl FnMut(usize) -> T {
    let mut index = [0usize; shapecast_rules::MAX_RANK];
    let dims: shapecast_rules::DynShape = shapecast_rules::DynShape::try_from_slice(dims).unwrap_or_default();
    move |_| {
        let value = f(&index[..dims.len()]);
        for axis in (0..dims.len()).rev() {
            index[axis] += 1;
            if index[axis] < dims[axis] {
                break;
            }
            index[axis] = 0;
        }
        value
    }
}

impl<D: Data, S: Shape> TensorBase<D, S>
where
    D::Elem: Clone,
{
    /// A copy stored inline, whatever this tensor's storage: new tensors computed from it are
    /// inline too (the way back from [`to_boxed`](Self::to_boxed)).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let boxed = BoxedTensor::<u8, shape![2]>::splat(7);
    /// let inline: Tensor<u8, shape![2]> = boxed.to_inline();
    /// assert_eq!(inline, boxed);
    /// ```
    pub fn to_inline(&self) -> Tensor<D::Elem, S> {
        let data = self.as_slice();
        Tensor::from_fn(|i| data[i].clone())
    }
}

impl<D: Clone, S: Clone> Clone for TensorBase<D, S> {
    fn clone(&self) -> Self {
        TensorBase { data: self.data.clone(), shape: self.shape.clone() }
    }
}

impl<D: Copy, S: Copy> Copy for TensorBase<D, S> {}

impl<T: Default, S: Shape> Default for Tensor<T, S> {
    fn default() -> Self {
        Self::from_fn(|_| T::default())
    }
}

impl<D: Data, D2: Data, S: AnyShape> PartialEq<TensorBase<D2, S>> for TensorBase<D, S>
where
    D::Elem: PartialEq<D2::Elem>,
{
    /// Equal elements (the shapes are the same type, so the same sizes).
    fn eq(&self, other: &TensorBase<D2, S>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<D: Data, S: AnyShape> Eq for TensorBase<D, S> where D::Elem: Eq {}

#[cfg(feature = "alloc")]
mod boxed {
    use alloc::boxed::Box;
    use alloc::vec::Vec;

    use super::{Data, ShapeError, TensorBase, check_len};
    use crate::shape::AnyShape;
    use crate::shape::DefaultShape;

    /// Every element `T::default()`, on the heap: a shape of fixed sizes, as [`Tensor`]'s.
    /// A shape with a run-time size is not `Default` (its size comes from `bind!`), so neither
    /// is a tensor of one.
    ///
    /// [`Tensor`]: crate::Tensor
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t: BoxedTensor<f32, shape![2, 3]> = Default::default();
    /// assert_eq!(t.as_slice(), [0.0; 6]);
    /// ```
    impl<T: Default, S: DefaultShape> Default for TensorBase<Box<[T]>, S> {
        fn default() -> Self {
            Self::from_fn(|_| T::default())
        }
    }

    impl<T, S: AnyShape> TensorBase<Box<[T]>, S> {
        /// Takes `data` in `shape`, which must hold exactly as many elements as the shape.
        ///
        /// ```
        /// # use shapecast::prelude::*;
        /// struct Rows;
        /// let data: Vec<f32> = (0..12).map(|i| i as f32).collect();
        /// bind!(let rows: Rows = data.len() / 4);
        /// let t = BoxedTensor::from_shape_vec(dims![rows, 4], data)?;
        /// assert_eq!(t.get(&[2, 3]), Some(&11.0));
        /// # Ok::<(), shapecast::ShapeError>(())
        /// ```
        pub fn from_shape_vec(shape: S, data: Vec<T>) -> Result<Self, ShapeError> {
            check_len(&shape, data.len())?;
            Ok(TensorBase::from_parts(data.into_boxed_slice(), shape))
        }

        /// Builds each element of `shape` from its flat row-major index, straight on the heap.
        ///
        /// An error, and nothing allocated, if `from_shape` would refuse `shape` (more than 64
        /// axes, or non-zero sizes that multiply past `usize`), or if its elements cannot be
        /// allocated ([`ErrorKind::AllocationFailed`](crate::dynamic::ErrorKind::AllocationFailed)):
        /// `f` is then never called.
        ///
        /// ```
        /// # use shapecast::prelude::*;
        /// struct Rows;
        /// bind!(let rows: Rows = 3);
        /// let t = BoxedTensor::from_shape_fn(dims![rows, 2], |i| i)?;
        /// assert_eq!(t.as_slice(), [0, 1, 2, 3, 4, 5]);
        /// # Ok::<(), shapecast::ShapeError>(())
        /// ```
        pub fn from_shape_fn(shape: S, f: impl FnMut(usize) -> T) -> Result<Self, ShapeError> {
            let dims = shape.extents();
            crate::dynamic::check_shape(&dims)?;
            let data = super::super::data::try_boxed(shape.element_count(), f)
                .ok_or_else(|| ShapeError::allocation_failed(&dims, size_of::<T>()))?;
            Ok(TensorBase::from_parts(data, shape))
        }

        /// The elements, row-major, as a `Vec`, without copying: how data of a run-time shape
        /// leaves the scope of its binding.
        ///
        /// ```
        /// # use shapecast::prelude::*;
        /// struct Rows;
        /// let scores = {
        ///     bind!(let rows: Rows = 2);
        ///     let t = BoxedTensor::from_shape_fn(dims![rows, 3], |i| i as f32)?;
        ///     (t * 2.0).into_vec()
        /// };
        /// assert_eq!(scores, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        /// # Ok::<(), ShapeError>(())
        /// ```
        pub fn into_vec(self) -> Vec<T> {
            let len = super::len_of(&self.shape);
            let mut data = self.data.into_vec();
            data.truncate(len);
            data
        }

        /// Every element of `shape` equal to `value`: the errors of
        /// [`from_shape_fn`](Self::from_shape_fn).
        ///
        /// ```
        /// # use shapecast::prelude::*;
        /// struct Rows;
        /// bind!(let rows: Rows = 2);
        /// assert_eq!(BoxedTensor::from_elem(dims![rows], 7u8)?.as_slice(), [7, 7]);
        /// # Ok::<(), shapecast::ShapeError>(())
        /// ```
        pub fn from_elem(shape: S, value: T) -> Result<Self, ShapeError>
        where
            T: Clone,
        {
            Self::from_shape_fn(shape, |_| value.clone())
        }
    }

    impl<D: Data, S: AnyShape> TensorBase<D, S>
    where
        D::Elem: Clone,
    {
        /// A copy on the heap, whatever this tensor's storage. A boxed tensor of a fixed shape
        /// keeps the tensors computed from it on the heap too: `&boxed + &bias` is boxed.
        ///
        /// ```
        /// # use shapecast::prelude::*;
        /// let t = Tensor::<f32, shape![2]>::from([1.0, 2.0]);
        /// let boxed: BoxedTensor<f32, shape![2]> = t.to_boxed();
        /// let doubled: BoxedTensor<f32, shape![2]> = &boxed * 2.0;
        /// assert_eq!(doubled.as_slice(), [2.0, 4.0]);
        /// ```
        pub fn to_boxed(&self) -> TensorBase<Box<[D::Elem]>, S> {
            TensorBase::from_parts(self.as_slice().into(), self.shape())
        }
    }
}
