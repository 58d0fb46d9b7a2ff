//! The materializing broadcasts (NumPy `broadcast_to`, nGraph `Broadcast`, XLA
//! `BroadcastInDim`), each new, into an existing tensor, and, for NumPy, as a zero-copy view.
//!
//! A target with run-time sizes is given as a value (`dims![batch, 4]`, or the output's own
//! shape for the `_into` twins): a new axis takes its extent from its binding.

use super::{
    BroadcastView, Data, Home, HomeOf, New, Owned, OwnedData, ShapeError, TensorBase, TensorMut, len_of,
};
use crate::forms::{AnyBroadcastAxes, AnyBroadcastInDim, AnyBroadcastTo};
use crate::kernel::{
    self, statics::CopyPlan, statics::InDim, statics::MapInto, statics::NGraph, statics::Numpy,
};
use crate::shape::{AnyShape, Axes, Shape};
use shapecast_macros::hot;

/// A new tensor of shape `S2` copied from storage `D` of shape `S`.
type Copied<D, S, S2> = Owned<<D as Data>::Elem, S2, HomeOf<D, S>>;

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy,
{
    /// NumPy `broadcast_to`: a new tensor of the fixed shape `S2`, which `S` stretches to.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let m = v.broadcast_to::<shape![2, 3]>();
    /// assert_eq!(m.as_slice(), [1, 2, 3, 1, 2, 3]);
    /// ```
    #[inline]
    pub fn broadcast_to<S2: Shape>(&self) -> Owned<D::Elem, S2, HomeOf<D, S>>
    where
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
        S: AnyBroadcastTo<S2>,
        <S as AnyBroadcastTo<S2>>::Proof: Sized,
    {
        self.copy_new::<S2, Numpy, HomeOf<D, S>>(S2::default())
    }

    /// NumPy `broadcast_to` a target of any shape, given as a value: a new tensor (on the heap
    /// when the target holds run-time sizes).
    ///
    /// An error, with nothing allocated, if `from_shape` would refuse the target (its non-zero
    /// sizes multiply past `usize`: `[0, 2^40, 2^40]`), or if its elements cannot be allocated
    /// ([`ErrorKind::AllocationFailed`](crate::dynamic::ErrorKind::AllocationFailed)). The
    /// same holds for every `_shape` twin.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Batch;
    /// bind!(let batch: Batch = 3);
    /// let bias = Tensor::<f32, shape![2]>::from([0.5, 1.5]);
    /// let rows = bias.broadcast_to_shape(dims![batch, 2])?; // BoxedTensor<f32, shape![Batch, 2]>
    /// assert_eq!(rows.as_slice(), [0.5, 1.5, 0.5, 1.5, 0.5, 1.5]);
    ///
    /// // A target that `from_shape` refuses is refused here too, even with no elements.
    /// struct Wide;
    /// bind!(let wide: Wide = 1 << 40);
    /// let none = Tensor::<f32, shape![1]>::from([0.5]);
    /// let err = none.broadcast_to_shape(dims![0, wide, wide]).unwrap_err();
    /// assert_eq!(err.kind(), dynamic::ErrorKind::TooManyElements);
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_to_shape<S2: AnyShape>(&self, shape: S2) -> Result<Copied<D, S, S2>, ShapeError>
    where
        S: AnyBroadcastTo<S2>,
        <S as AnyBroadcastTo<S2>>::Proof: Sized,
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
    {
        self.try_copy_new::<S2, Numpy, HomeOf<D, S>>(shape)
    }

    /// NumPy `broadcast_to` into `out`, whose shape `S` stretches to.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = vec![0; 4096 * 3];
    /// let mut out = TensorMut::<i32, shape![4096, 3]>::new(&mut data)?;
    /// Tensor::<i32, shape![3]>::from([1, 2, 3]).broadcast_to_into(&mut out);
    /// assert_eq!(data[3 * 4095..], [1, 2, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_to_into<S2: AnyShape>(&self, out: &mut TensorMut<'_, D::Elem, S2>)
    where
        S: AnyBroadcastTo<S2>,
        <S as AnyBroadcastTo<S2>>::Proof: Sized,
    {
        self.copy_into::<S2, Numpy>(out);
    }

    /// nGraph `Broadcast`: a new tensor of the fixed shape `S2`, repeating this one along the
    /// axes `Ax`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let abc = Tensor::<char, shape![3]>::from(['a', 'b', 'c']);
    /// let t: Tensor<char, shape![3, 2]> = abc.broadcast_axes::<shape![3, 2], axes![1]>();
    /// assert_eq!(t.as_slice(), ['a', 'a', 'b', 'b', 'c', 'c']);
    /// ```
    #[inline]
    pub fn broadcast_axes<S2: Shape, Ax: Axes>(&self) -> Owned<D::Elem, S2, HomeOf<D, S>>
    where
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
        S: AnyBroadcastAxes<S2, Ax>,
    {
        self.copy_new::<S2, NGraph<Ax>, HomeOf<D, S>>(S2::default())
    }

    /// nGraph `Broadcast` to a target of any shape, given as a value: the errors of
    /// [`broadcast_to_shape`](Self::broadcast_to_shape).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Samples;
    /// bind!(let samples: Samples = 2);
    /// let mean = Tensor::<f32, shape![3]>::from([1.0, 2.0, 3.0]);
    /// let rows = mean.broadcast_axes_shape::<_, axes![0]>(dims![samples, 3])?;
    /// assert_eq!(rows.as_slice(), [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_axes_shape<S2: AnyShape, Ax: Axes>(
        &self,
        shape: S2,
    ) -> Result<Copied<D, S, S2>, ShapeError>
    where
        S: AnyBroadcastAxes<S2, Ax>,
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
    {
        self.try_copy_new::<S2, NGraph<Ax>, HomeOf<D, S>>(shape)
    }

    /// nGraph `Broadcast` into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let abc = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// abc.broadcast_axes_into::<_, axes![0]>(&mut TensorMut::<_, shape![2, 3]>::new(&mut data)?);
    /// assert_eq!(data, [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_axes_into<S2: AnyShape, Ax: Axes>(&self, out: &mut TensorMut<'_, D::Elem, S2>)
    where
        S: AnyBroadcastAxes<S2, Ax>,
    {
        self.copy_into::<S2, NGraph<Ax>>(out);
    }

    /// XLA `BroadcastInDim`: a new tensor of the fixed shape `S2`; axis `k` of this one lands
    /// on axis `Dm[k]`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2]>::from([1, 2]);
    /// let t = v.broadcast_in_dim::<shape![3, 2], axes![1]>();
    /// assert_eq!(t.as_slice(), [1, 2, 1, 2, 1, 2]);
    /// ```
    #[inline]
    pub fn broadcast_in_dim<S2: Shape, Dm: Axes>(&self) -> Owned<D::Elem, S2, HomeOf<D, S>>
    where
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
        S: AnyBroadcastInDim<S2, Dm>,
    {
        self.copy_new::<S2, InDim<Dm>, HomeOf<D, S>>(S2::default())
    }

    /// XLA `BroadcastInDim` to a target of any shape, given as a value: the errors of
    /// [`broadcast_to_shape`](Self::broadcast_to_shape).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Batch;
    /// bind!(let batch: Batch = 2);
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let t = v.broadcast_in_dim_shape::<_, axes![0]>(dims![3, batch])?;
    /// assert_eq!(t.as_slice(), [1, 1, 2, 2, 3, 3]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_in_dim_shape<S2: AnyShape, Dm: Axes>(
        &self,
        shape: S2,
    ) -> Result<Copied<D, S, S2>, ShapeError>
    where
        S: AnyBroadcastInDim<S2, Dm>,
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
    {
        self.try_copy_new::<S2, InDim<Dm>, HomeOf<D, S>>(shape)
    }

    /// XLA `BroadcastInDim` into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let v = Tensor::<i32, shape![3, 1]>::from([[1], [2], [3]]);
    /// v.broadcast_in_dim_into::<_, axes![0, 1]>(&mut TensorMut::<_, shape![3, 2]>::new(&mut data)?);
    /// assert_eq!(data, [1, 1, 2, 2, 3, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_in_dim_into<S2: AnyShape, Dm: Axes>(&self, out: &mut TensorMut<'_, D::Elem, S2>)
    where
        S: AnyBroadcastInDim<S2, Dm>,
    {
        self.copy_into::<S2, InDim<Dm>>(out);
    }

    /// Copies this tensor, its axes placed by `M`, into `out`: every materializing form.
    #[hot]
    fn copy_into<S2: AnyShape, M: MapInto<S, S2>>(&self, out: &mut TensorMut<'_, D::Elem, S2>) {
        let src = self.as_slice();
        CopyPlan::<S, S2, M>::with(
            &self.shape(),
            &out.shape(),
            #[inline(always)]
            |plan, runs| kernel::copy(src, plan, runs, out.as_mut_slice()),
        );
    }

    /// A new tensor of `shape` filled by [`copy_into`](Self::copy_into), stored as home `H`
    /// says. It starts as copies of the first element (a non-empty output has a non-empty source).
    #[hot]
    pub(crate) fn copy_new<S2: AnyShape, M: MapInto<S, S2>, H: Home>(
        &self,
        shape: S2,
    ) -> Owned<D::Elem, S2, H>
    where
        New<S2, H>: OwnedData<D::Elem, S2>,
    {
        let first = self.as_slice().first().copied();
        let data = <New<S2, H> as OwnedData<D::Elem, S2>>::from_fn(len_of(&shape), |_| {
            first.unwrap_or_else(|| unreachable!("a non-empty broadcast of an empty tensor"))
        });
        let mut out = TensorBase::from_parts(data, shape);
        self.copy_into::<S2, M>(&mut out.view_mut());
        out
    }

    /// [`copy_new`](Self::copy_new) to a target given as a value: an error, with nothing
    /// allocated, if `from_shape` would refuse `shape` or its elements cannot be allocated.
    pub(crate) fn try_copy_new<S2: AnyShape, M: MapInto<S, S2>, H: Home>(
        &self,
        shape: S2,
    ) -> Result<Owned<D::Elem, S2, H>, ShapeError>
    where
        New<S2, H>: OwnedData<D::Elem, S2>,
    {
        let dims = shape.extents();
        crate::dynamic::check_shape(&dims)?;
        let first = self.as_slice().first().copied();
        let data = <New<S2, H> as OwnedData<D::Elem, S2>>::try_from_fn(len_of(&shape), |_| {
            first.unwrap_or_else(|| unreachable!("a non-empty broadcast of an empty tensor"))
        })
        .ok_or_else(|| ShapeError::allocation_failed(&dims, size_of::<D::Elem>()))?;
        let mut out = TensorBase::from_parts(data, shape);
        self.copy_into::<S2, M>(&mut out.view_mut());
        Ok(out)
    }

    /// A zero-copy view of this tensor broadcast to the fixed shape `S2` (stride 0 along the
    /// stretched axes).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let view = v.broadcast_view::<shape![2, 3]>();
    /// assert!(view.iter().copied().eq([1, 1, 1, 2, 2, 2]));
    /// assert_eq!(view.get(&[1, 2]), Some(&2));
    /// ```
    #[inline]
    pub fn broadcast_view<S2: Shape>(&self) -> BroadcastView<'_, D::Elem, S, S2>
    where
        S: AnyBroadcastTo<S2>,
        <S as AnyBroadcastTo<S2>>::Proof: Sized,
    {
        BroadcastView::new(self.view(), S2::default())
    }

    /// A zero-copy view of this tensor broadcast to a shape of any kind, given as a value: an
    /// error if `from_shape` would refuse `shape` (its non-zero sizes multiply past `usize`).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// struct Batch;
    /// bind!(let batch: Batch = 1000);
    /// let v = Tensor::<u8, shape![3]>::from([1, 2, 3]);
    /// assert_eq!(v.broadcast_view_shape(dims![batch, 3])?.iter().len(), 3000); // nothing copied
    ///
    /// // A view counts its elements exactly, so it has no more than `usize` counts.
    /// struct Wide;
    /// bind!(let wide: Wide = 1 << 40);
    /// let err = v.broadcast_view_shape(dims![wide, wide, 3]).err().map(|e| e.kind());
    /// assert_eq!(err, Some(dynamic::ErrorKind::TooManyElements));
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[inline]
    pub fn broadcast_view_shape<S2: AnyShape>(
        &self,
        shape: S2,
    ) -> Result<BroadcastView<'_, D::Elem, S, S2>, ShapeError>
    where
        S: AnyBroadcastTo<S2>,
        <S as AnyBroadcastTo<S2>>::Proof: Sized,
    {
        crate::dynamic::check_shape(&shape.extents())?;
        Ok(BroadcastView::new(self.view(), shape))
    }
}
