//! `BroadcastView`: a tensor read as a larger shape without copying (stride 0 where stretched).

use core::iter::FusedIterator;
use core::marker::PhantomData;

use shapecast_rules::{DynShape, MAX_RANK, numpy_axis_map, strides_over_output};

use super::{Tensor, TensorRef};
use crate::forms::BroadcastTo;
use crate::kernel::Plan;
use crate::kernel::statics::{CopyPlan, Numpy};
use crate::shape::Shape;
use crate::tensor::Operand;

/// A tensor of shape `S` seen as shape `S2` (NumPy `broadcast_to`), without copying: iterate it,
/// index it, or materialize it with [`to_tensor`](Self::to_tensor). Made by
/// [`Operand::broadcast_view`].
///
/// ```
/// # use shapecast::prelude::*;
/// let v = Tensor::<u8, shape![3]>::from([1, 2, 3]);
/// let view = v.broadcast_view::<shape![1000, 3]>(); // nothing copied
/// assert_eq!(view.iter().len(), 3000);
/// ```
pub struct BroadcastView<'a, T, S, S2> {
    source: TensorRef<'a, T, S>,
    shape: PhantomData<S2>,
}

struct Strides<S, S2>(PhantomData<(S, S2)>);
impl<S: Shape, S2: Shape> Strides<S, S2> {
    /// The source's stride along each axis of `S2`, unmerged (for indexing).
    const ALL: DynShape =
        strides_over_output(S::DIMS, numpy_axis_map(S::RANK, S2::RANK).as_slice(), S2::RANK);
}

impl<'a, T, S: Shape, S2: Shape> BroadcastView<'a, T, S, S2>
where
    S: BroadcastTo<S2>,
{
    pub(crate) fn new(source: TensorRef<'a, T, S>) -> Self {
        BroadcastView { source, shape: PhantomData }
    }

    /// The elements in row-major order of `S2`, each source element as often as it is repeated.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<u8, shape![2, 1]>::from([[1], [2]]);
    /// assert!(v.broadcast_view::<shape![2, 2]>().iter().copied().eq([1, 1, 2, 2]));
    /// ```
    pub fn iter(&self) -> Iter<'a, T> {
        Iter::new(self.source.as_slice(), &CopyPlan::<S, S2, Numpy>::PLAN, S2::LEN)
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
        if index.len() != S2::RANK || index.iter().zip(S2::DIMS).any(|(&i, &d)| i >= d) {
            return None;
        }
        let offset: usize = index.iter().zip(Strides::<S, S2>::ALL.iter()).map(|(&i, &s)| i * s).sum();
        self.source.as_slice().get(offset)
    }

    /// Materializes the view: the same as [`Operand::broadcast_to`].
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<u8, shape![2]>::from([1, 2]);
    /// assert_eq!(v.broadcast_view::<shape![2, 2]>().to_tensor().as_slice(), [1, 2, 1, 2]);
    /// ```
    pub fn to_tensor(&self) -> Tensor<T, S2>
    where
        T: Copy,
    {
        self.source.broadcast_to()
    }
}

impl<'a, T, S: Shape, S2: Shape> IntoIterator for &BroadcastView<'a, T, S, S2>
where
    S: BroadcastTo<S2>,
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
    plan: &'static Plan<1>,
    index: [usize; MAX_RANK],
    offset: [usize; 1],
    remaining: usize,
}

impl<'a, T> Iter<'a, T> {
    fn new(data: &'a [T], plan: &'static Plan<1>, len: usize) -> Self {
        Iter { data, plan, index: [0; MAX_RANK], offset: [0], remaining: len }
    }
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
