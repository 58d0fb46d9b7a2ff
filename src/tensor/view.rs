//! `BroadcastView`: a tensor read as a larger shape without copying (stride 0 where stretched).

use core::iter::FusedIterator;

use shapecast_rules::{MAX_RANK, numpy_axis_map, strides_over_output};

use super::{Owned, OwnedData, TensorRef};
use crate::forms::AnyBroadcastTo;
use crate::kernel::Plan;
use crate::kernel::statics::{CopyPlan, Numpy};
use crate::shape::AnyShape;

/// A tensor of shape `S` seen as shape `S2` (NumPy `broadcast_to`), without copying: iterate it,
/// index it, or materialize it with [`to_tensor`](Self::to_tensor). Made by
/// [`TensorBase::broadcast_view`](super::TensorBase::broadcast_view).
///
/// ```
/// # use shapecast::prelude::*;
/// let v = Tensor::<u8, shape![3]>::from([1, 2, 3]);
/// let view = v.broadcast_view::<shape![1000, 3]>(); // nothing copied
/// assert_eq!(view.iter().len(), 3000);
/// ```
pub struct BroadcastView<'a, T, S, S2> {
    source: TensorRef<'a, T, S>,
    shape: S2,
}

impl<'a, T, S: AnyShape, S2: AnyShape> BroadcastView<'a, T, S, S2>
where
    S: AnyBroadcastTo<S2>,
{
    pub(crate) fn new(source: TensorRef<'a, T, S>, shape: S2) -> Self {
        BroadcastView { source, shape }
    }

    /// The elements in row-major order of `S2`, each source element as often as it is repeated.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<u8, shape![2, 1]>::from([[1], [2]]);
    /// assert!(v.broadcast_view::<shape![2, 2]>().iter().copied().eq([1, 1, 2, 2]));
    /// ```
    pub fn iter(&self) -> Iter<'a, T> {
        let plan = CopyPlan::<S, S2, Numpy>::with(&self.source.shape(), &self.shape, |plan, _| *plan);
        Iter {
            data: self.source.into_slice(),
            plan,
            index: [0; MAX_RANK],
            offset: [0],
            remaining: self.shape.element_count(),
        }
    }

    /// The element at a multi-index of `S2`, or `None` if the index has the wrong rank or is
    /// out of bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<u8, shape![3]>::from([1, 2, 3]);
    /// let view = v.broadcast_view::<shape![4, 3]>();
    /// assert_eq!((view.get(&[3, 2]), view.get(&[4, 0])), (Some(&3), None));
    /// ```
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        let (mut dims, mut from) = ([0; shapecast_rules::MAX_RANK], [0; shapecast_rules::MAX_RANK]);
        let dims = crate::shape::extents_in(&self.shape, &mut dims);
        if index.len() != dims.len() || index.iter().zip(dims.iter()).any(|(&i, &d)| i >= d) {
            return None;
        }
        let from = crate::shape::extents_in(&self.source.shape(), &mut from);
        let strides = strides_over_output(from, &numpy_axis_map(S::RANK, S2::RANK), S2::RANK);
        let offset: usize = index.iter().zip(strides.iter()).map(|(&i, &s)| i * s).sum();
        self.source.into_slice().get(offset)
    }

    /// Materializes the view: the same as
    /// [`broadcast_to_shape`](super::TensorBase::broadcast_to_shape).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<u8, shape![2]>::from([1, 2]);
    /// assert_eq!(v.broadcast_view::<shape![2, 2]>().to_tensor().as_slice(), [1, 2, 1, 2]);
    /// ```
    pub fn to_tensor(&self) -> Owned<T, S2>
    where
        T: Copy,
        S2::Kind: OwnedData<T, S2>,
    {
        self.source.copy_new::<S2, Numpy, super::ByShape>(self.shape)
    }
}

impl<'a, T, S: AnyShape, S2: AnyShape> IntoIterator for &BroadcastView<'a, T, S, S2>
where
    S: AnyBroadcastTo<S2>,
{
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;
    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// The iterator of a [`BroadcastView`]: an odometer over the merged loop nest.
///
/// ```
/// # use shapecast::prelude::*;
/// let v = Tensor::<u8, shape![2]>::from([1, 2]);
/// let mut it = v.broadcast_view::<shape![2, 2]>().iter();
/// assert_eq!((it.next(), it.len()), (Some(&1), 3));
/// ```
pub struct Iter<'a, T> {
    data: &'a [T],
    plan: Plan<1>,
    index: [usize; MAX_RANK],
    offset: [usize; 1],
    remaining: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        self.remaining = self.remaining.checked_sub(1)?;
        let item = self.data.get(self.offset[0]);
        self.plan.advance(self.plan.dims().len(), &mut self.index, &mut self.offset);
        item
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}
impl<T> FusedIterator for Iter<'_, T> {}
