//! Reductions, the adjoints of broadcasting: `sum_axes` (nGraph's `Sum`) and `sum_to` (of
//! NumPy's `broadcast_to`). Reducing away every run-time axis gives a [`Tensor`](super::Tensor).

use core::ops::AddAssign;

use num_traits::Zero;

use super::{Data, Owned, OwnedData, TensorBase, TensorMut, len_of};
use crate::forms::{AnyBroadcastTo, AnyRemoveAxes, AnyWithoutAxes};
use crate::kernel::{
    self,
    statics::{MapInto, NGraph, Numpy, ReducePlan},
};
use crate::shape::{AnyShape, Axes};

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy + AddAssign + Zero,
{
    /// nGraph's `Sum`: sums over the axes `Ax` and removes them (the adjoint of
    /// [`broadcast_axes`](Self::broadcast_axes)).
    ///
    /// Reduced axes that are contiguous in memory are summed in 16 lanes added together at the
    /// end, which vectorizes: floating-point sums can differ from a left-to-right loop in the
    /// last bits (as NumPy's pairwise sums do). The same holds for [`sum_to`](Self::sum_to).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(t.sum_axes::<axes![0]>().as_slice(), [5, 7, 9]);
    /// assert_eq!(t.sum_axes::<axes![1]>().as_slice(), [6, 15]);
    /// ```
    #[inline]
    pub fn sum_axes<Ax: Axes>(&self) -> Owned<D::Elem, AnyWithoutAxes<S, Ax>>
    where
        S: AnyRemoveAxes<Ax>,
        <AnyWithoutAxes<S, Ax> as AnyShape>::Kind: OwnedData<D::Elem, AnyWithoutAxes<S, Ax>>,
    {
        self.sum_new::<AnyWithoutAxes<S, Ax>, NGraph<Ax>>()
    }

    /// nGraph's `Sum` into `out`, which is overwritten.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let mut sums = [99; 3];
    /// t.sum_axes_into::<axes![0]>(&mut TensorMut::new(&mut sums)?);
    /// assert_eq!(sums, [5, 7, 9]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn sum_axes_into<Ax: Axes>(&self, out: &mut TensorMut<'_, D::Elem, AnyWithoutAxes<S, Ax>>)
    where
        S: AnyRemoveAxes<Ax>,
    {
        self.sum_into::<AnyWithoutAxes<S, Ax>, NGraph<Ax>>(out);
    }

    /// The adjoint of `broadcast_to`: sums this tensor of shape `S` down to `S2`, which must
    /// broadcast to `S`: over the leading axes `S2` lacks (dropped) and the axes where `S2` has
    /// size 1 (kept). A run-time size of `S2` is kept as itself.
    ///
    /// The target is a type: name it (`sum_to::<shape![3]>()`, or a `let` with its type), as
    /// nothing else tells the compiler which shape to sum to.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let g = Tensor::<i32, shape![2, 2, 3]>::splat(1);
    /// assert_eq!(g.sum_to::<shape![2, 1]>().as_slice(), [6, 6]); // leading axis dropped, last kept as 1
    /// ```
    #[inline]
    pub fn sum_to<S2>(&self) -> Owned<D::Elem, S2>
    where
        S2: AnyBroadcastTo<S>,
        S2::Kind: OwnedData<D::Elem, S2>,
    {
        self.sum_new::<S2, Numpy>()
    }

    /// The adjoint of `broadcast_to` into `out`, which is overwritten.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let g = vec![1.0f32; 4096 * 1024];
    /// let g = TensorRef::<f32, shape![4096, 1024]>::new(&g)?;
    /// let mut bias_grad = [0.0f32; 1024];
    /// g.sum_to_into(&mut TensorMut::<f32, shape![1024]>::new(&mut bias_grad)?);
    /// assert!(bias_grad.iter().all(|&x| x == 4096.0));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn sum_to_into<S2>(&self, out: &mut TensorMut<'_, D::Elem, S2>)
    where
        S2: AnyBroadcastTo<S>,
    {
        self.sum_into::<S2, Numpy>(out);
    }

    /// Sums into `out`, whose axes land on this tensor's through `M`: every reduction.
    #[inline(always)]
    fn sum_into<S2: AnyShape, M: MapInto<S2, S>>(&self, out: &mut TensorMut<'_, D::Elem, S2>) {
        let src = self.as_slice();
        let small = out.shape();
        let dst = out.as_mut_slice();
        dst.fill(D::Elem::zero());
        ReducePlan::<S, S2, M>::with(
            &self.shape(),
            &small,
            #[inline(always)]
            |plan, runs| kernel::accumulate(src, plan, runs, dst),
        );
    }

    /// A new tensor filled by [`sum_into`](Self::sum_into).
    #[inline(always)]
    fn sum_new<S2: AnyShape, M: MapInto<S2, S>>(&self) -> Owned<D::Elem, S2>
    where
        S2::Kind: OwnedData<D::Elem, S2>,
    {
        let shape = ReducePlan::<S, S2, M>::output(&self.shape());
        let data = <S2::Kind as OwnedData<D::Elem, S2>>::from_fn(len_of(&shape), |_| D::Elem::zero());
        let mut out = TensorBase::from_parts(data, shape);
        let src = self.as_slice();
        ReducePlan::<S, S2, M>::with(
            &self.shape(),
            &shape,
            #[inline(always)]
            |plan, runs| kernel::accumulate(src, plan, runs, out.as_mut_slice()),
        );
        out
    }
}
