//! `Operand`: everything that reads as a tensor of shape `S`, and every operation on it, once.

use core::ops::AddAssign;

use num_traits::Zero;

use super::{BroadcastView, Tensor, TensorMut, TensorRef};
use crate::forms::{
    Broadcast, BroadcastAxes, BroadcastInDim, BroadcastTo, BroadcastWithDims, Broadcasted,
    BroadcastedWithDims, RemoveAxes, WithoutAxes,
};
use crate::kernel;
use crate::kernel::statics::{CopyPlan, InDim, NGraph, Numpy, ReducePlan, WithDimsLhs, WithDimsRhs, ZipPlan};
use crate::shape::{Axes, Shape};

/// A tensor of shape `S` that can be read: [`Tensor`], [`TensorRef`], [`TensorMut`], and
/// `BoxedTensor`. All broadcasts, element-wise operations and reductions are provided here.
///
/// Every output shape comes from the type level: a call that cannot work does not compile, and
/// nothing is checked at run time. Loop bounds and strides are constants of the shape types.
///
/// ```
/// use shapecast::prelude::*;
///
/// let bias = Tensor::<f32, shape![3]>::from([0.5, 1.0, 1.5]);
/// let rows: Tensor<f32, shape![2, 3]> = bias.broadcast_to();
/// assert_eq!(rows.as_slice(), [0.5, 1.0, 1.5, 0.5, 1.0, 1.5]);
/// let back: Tensor<f32, shape![3]> = rows.sum_to(); // the adjoint: sums the rows
/// assert_eq!(back.as_slice(), [1.0, 2.0, 3.0]);
/// ```
pub trait Operand<T, S: Shape> {
    /// A read-only view of the data.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2]>::from([1, 2]);
    /// let view: TensorRef<'_, u8, shape![2]> = t.view();
    /// assert_eq!(view.as_slice(), [1, 2]);
    /// ```
    fn view(&self) -> TensorRef<'_, T, S>;

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// assert_eq!((t.get(&[1, 0]), t.get(&[0, 2])), (Some(&3), None));
    /// ```
    #[inline]
    fn get(&self, index: &[usize]) -> Option<&T> {
        self.view().get(index)
    }

    /// `f` applied to every element: a new tensor of the same shape.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 2]>::from([[1, -2], [-3, 4]]);
    /// assert_eq!(t.map(i32::abs).as_slice(), [1, 2, 3, 4]);
    /// ```
    #[inline]
    fn map<V>(&self, mut f: impl FnMut(T) -> V) -> Tensor<V, S>
    where
        T: Copy,
    {
        let data = self.view().as_slice();
        Tensor::from_fn(|i| f(data[i]))
    }

    /// NumPy `broadcast_to`: a new tensor of shape `S2`, which `S` stretches to.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let m = v.broadcast_to::<shape![2, 3]>();
    /// assert_eq!(m.as_slice(), [1, 2, 3, 1, 2, 3]);
    /// ```
    #[inline]
    fn broadcast_to<S2: Shape>(&self) -> Tensor<T, S2>
    where
        T: Copy,
        S: BroadcastTo<S2>,
    {
        let mut out = filled_like(self.view().as_slice());
        self.broadcast_to_into(&mut out.view_mut());
        out
    }

    /// NumPy `broadcast_to` into `out`.
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
    fn broadcast_to_into<S2: Shape>(&self, out: &mut TensorMut<'_, T, S2>)
    where
        T: Copy,
        S: BroadcastTo<S2>,
    {
        kernel::copy(self.view().as_slice(), &CopyPlan::<S, S2, Numpy>::PLAN, out.as_mut_slice());
    }

    /// nGraph `Broadcast`: a new tensor of shape `S2`, repeating this one along the axes `Ax`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let abc = Tensor::<char, shape![3]>::from(['a', 'b', 'c']);
    /// let t: Tensor<char, shape![3, 2]> = abc.broadcast_axes::<shape![3, 2], axes![1]>();
    /// assert_eq!(t.as_slice(), ['a', 'a', 'b', 'b', 'c', 'c']);
    /// ```
    #[inline]
    fn broadcast_axes<S2: Shape, Ax: Axes>(&self) -> Tensor<T, S2>
    where
        T: Copy,
        S: BroadcastAxes<S2, Ax>,
    {
        let mut out = filled_like(self.view().as_slice());
        self.broadcast_axes_into::<S2, Ax>(&mut out.view_mut());
        out
    }

    /// nGraph `Broadcast` into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let abc = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// abc.broadcast_axes_into::<shape![2, 3], axes![0]>(&mut TensorMut::new(&mut data)?);
    /// assert_eq!(data, [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    fn broadcast_axes_into<S2: Shape, Ax: Axes>(&self, out: &mut TensorMut<'_, T, S2>)
    where
        T: Copy,
        S: BroadcastAxes<S2, Ax>,
    {
        kernel::copy(self.view().as_slice(), &CopyPlan::<S, S2, NGraph<Ax>>::PLAN, out.as_mut_slice());
    }

    /// XLA `BroadcastInDim`: a new tensor of shape `S2`; axis `k` of this one lands on `D[k]`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2]>::from([1, 2]);
    /// let t = v.broadcast_in_dim::<shape![3, 2], axes![1]>();
    /// assert_eq!(t.as_slice(), [1, 2, 1, 2, 1, 2]);
    /// ```
    #[inline]
    fn broadcast_in_dim<S2: Shape, D: Axes>(&self) -> Tensor<T, S2>
    where
        T: Copy,
        S: BroadcastInDim<S2, D>,
    {
        let mut out = filled_like(self.view().as_slice());
        self.broadcast_in_dim_into::<S2, D>(&mut out.view_mut());
        out
    }

    /// XLA `BroadcastInDim` into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let v = Tensor::<i32, shape![3, 1]>::from([[1], [2], [3]]);
    /// v.broadcast_in_dim_into::<shape![3, 2], axes![0, 1]>(&mut TensorMut::new(&mut data)?);
    /// assert_eq!(data, [1, 1, 2, 2, 3, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    fn broadcast_in_dim_into<S2: Shape, D: Axes>(&self, out: &mut TensorMut<'_, T, S2>)
    where
        T: Copy,
        S: BroadcastInDim<S2, D>,
    {
        kernel::copy(self.view().as_slice(), &CopyPlan::<S, S2, InDim<D>>::PLAN, out.as_mut_slice());
    }

    /// A zero-copy view of this tensor broadcast to `S2` (stride 0 along stretched axes).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let view = v.broadcast_view::<shape![2, 3]>();
    /// assert!(view.iter().copied().eq([1, 1, 1, 2, 2, 2]));
    /// assert_eq!(view.get(&[1, 2]), Some(&2));
    /// ```
    #[inline]
    fn broadcast_view<S2: Shape>(&self) -> BroadcastView<'_, T, S, S2>
    where
        S: BroadcastTo<S2>,
    {
        BroadcastView::new(self.view())
    }

    /// `f(a, b)` element by element, `self` and `other` broadcast together (NumPy rule); the
    /// inputs are never materialized. The output starts from `V::default()`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    /// let outer = a.zip_with(&b, |x, y| x * y); // shape [2, 3]
    /// assert_eq!(outer.as_slice(), [10, 20, 30, 20, 40, 60]);
    /// ```
    #[inline]
    fn zip_with<U, V, S2, F>(&self, other: &impl Operand<U, S2>, f: F) -> Tensor<V, Broadcasted<S, S2>>
    where
        T: Copy,
        U: Copy,
        V: Default,
        S2: Shape,
        S: Broadcast<S2>,
        F: FnMut(T, U) -> V,
    {
        let mut out = Tensor::default();
        self.zip_with_into(other, &mut out.view_mut(), f);
        out
    }

    /// `f(a, b)` element by element into `out` (NumPy rule), for data of any size.
    #[inline]
    fn zip_with_into<U, V, S2, F>(
        &self,
        other: &impl Operand<U, S2>,
        out: &mut TensorMut<'_, V, Broadcasted<S, S2>>,
        f: F,
    ) where
        T: Copy,
        U: Copy,
        S2: Shape,
        S: Broadcast<S2>,
        F: FnMut(T, U) -> V,
    {
        let plan = &ZipPlan::<S, S2, Broadcasted<S, S2>, Numpy, Numpy>::PLAN;
        kernel::zip(self.view().as_slice(), other.view().as_slice(), plan, out.as_mut_slice(), f);
    }

    /// XLA's binary form: `f(a, b)` with the lower-rank operand's axes on the dims `D`.
    ///
    /// Rust cannot take `D` alone in a turbofish while the rest is inferred, so write
    /// `zip_with_dims::<axes![…], _, _, _>`, or [`with_dims`](Self::with_dims).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let m = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let v = Tensor::<i32, shape![3]>::from([7, 8, 9]);
    /// let sum = m.zip_with_dims::<axes![1], _, _, _>(&v, |x, y| x + y);
    /// assert_eq!(sum.as_slice(), [8, 10, 12, 11, 13, 15]);
    /// ```
    #[inline]
    fn zip_with_dims<D, S2, U, V>(
        &self,
        other: &impl Operand<U, S2>,
        f: impl FnMut(T, U) -> V,
    ) -> Tensor<V, BroadcastedWithDims<S, S2, D>>
    where
        T: Copy,
        U: Copy,
        V: Default,
        D: Axes,
        S2: Shape,
        S: BroadcastWithDims<S2, D>,
    {
        let mut out = Tensor::default();
        self.zip_with_dims_into::<D, S2, U, V>(other, &mut out.view_mut(), f);
        out
    }

    /// XLA's binary form into `out`.
    #[inline]
    fn zip_with_dims_into<D, S2, U, V>(
        &self,
        other: &impl Operand<U, S2>,
        out: &mut TensorMut<'_, V, BroadcastedWithDims<S, S2, D>>,
        f: impl FnMut(T, U) -> V,
    ) where
        T: Copy,
        U: Copy,
        D: Axes,
        S2: Shape,
        S: BroadcastWithDims<S2, D>,
    {
        type Out<S, S2, D> = BroadcastedWithDims<S, S2, D>;
        let plan = &ZipPlan::<S, S2, Out<S, S2, D>, WithDimsLhs<D, S2>, WithDimsRhs<D, S>>::PLAN;
        kernel::zip(self.view().as_slice(), other.view().as_slice(), plan, out.as_mut_slice(), f);
    }

    /// XLA's binary form with the dims `D` chosen first: `a.with_dims::<axes![1]>().zip_with(&b, f)`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![4]>::from([1, 2, 3, 4]);
    /// let m = Tensor::<i32, shape![1, 2]>::from([[5, 6]]);
    /// let sum = v.with_dims::<axes![0]>().zip_with(&m, |x, y| x + y); // [4] + [1, 2] -> [4, 2]
    /// assert_eq!(sum.as_slice(), [6, 7, 7, 8, 8, 9, 9, 10]);
    /// ```
    #[inline]
    fn with_dims<D: Axes>(&self) -> WithDims<'_, T, S, D> {
        WithDims { lhs: self.view(), dims: core::marker::PhantomData }
    }

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
    fn sum_axes<Ax: Axes>(&self) -> Tensor<T, WithoutAxes<S, Ax>>
    where
        T: Copy + AddAssign + Zero,
        S: RemoveAxes<Ax>,
    {
        let mut out = Tensor::splat(T::zero());
        let plan = &ReducePlan::<S, WithoutAxes<S, Ax>, NGraph<Ax>>::PLAN;
        kernel::accumulate(self.view().as_slice(), plan, out.as_mut_slice());
        out
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
    fn sum_axes_into<Ax: Axes>(&self, out: &mut TensorMut<'_, T, WithoutAxes<S, Ax>>)
    where
        T: Copy + AddAssign + Zero,
        S: RemoveAxes<Ax>,
    {
        let dst = out.as_mut_slice();
        dst.fill(T::zero());
        kernel::accumulate(
            self.view().as_slice(),
            &ReducePlan::<S, WithoutAxes<S, Ax>, NGraph<Ax>>::PLAN,
            dst,
        );
    }

    /// The adjoint of `broadcast_to`: sums this tensor of shape `S` down to `S2`, which must
    /// broadcast to `S`: over the leading axes `S2` lacks (dropped) and the axes where `S2` has
    /// size 1 (kept).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let g = Tensor::<i32, shape![2, 2, 3]>::splat(1);
    /// assert_eq!(g.sum_to::<shape![2, 1]>().as_slice(), [6, 6]); // leading axis dropped, last kept as 1
    /// ```
    #[inline]
    fn sum_to<S2>(&self) -> Tensor<T, S2>
    where
        T: Copy + AddAssign + Zero,
        S2: BroadcastTo<S>,
    {
        let mut out = Tensor::splat(T::zero());
        kernel::accumulate(self.view().as_slice(), &ReducePlan::<S, S2, Numpy>::PLAN, out.as_mut_slice());
        out
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
    fn sum_to_into<S2>(&self, out: &mut TensorMut<'_, T, S2>)
    where
        T: Copy + AddAssign + Zero,
        S2: BroadcastTo<S>,
    {
        let dst = out.as_mut_slice();
        dst.fill(T::zero());
        kernel::accumulate(self.view().as_slice(), &ReducePlan::<S, S2, Numpy>::PLAN, dst);
    }
}

/// A tensor with XLA dims chosen, waiting for its partner: see [`Operand::with_dims`].
///
/// ```
/// # use shapecast::prelude::*;
/// let m = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
/// let by_row = m.with_dims::<axes![0]>().zip_with(&Tensor::<i32, shape![2]>::from([10, 20]), |x, y| x + y);
/// assert_eq!(by_row.as_slice(), [11, 12, 23, 24]);
/// ```
pub struct WithDims<'a, T, S, D> {
    lhs: TensorRef<'a, T, S>,
    dims: core::marker::PhantomData<D>,
}

impl<T: Copy, S: Shape, D: Axes> WithDims<'_, T, S, D> {
    /// `f(a, b)` element by element under XLA's binary rule with these dims.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let m = Tensor::<i32, shape![3, 2]>::splat(10);
    /// assert_eq!(v.with_dims::<axes![0]>().zip_with(&m, |x, y| x * y).as_slice(), [10, 10, 20, 20, 30, 30]);
    /// ```
    pub fn zip_with<U: Copy, V: Default, S2: Shape>(
        &self,
        other: &impl Operand<U, S2>,
        f: impl FnMut(T, U) -> V,
    ) -> Tensor<V, BroadcastedWithDims<S, S2, D>>
    where
        S: BroadcastWithDims<S2, D>,
    {
        self.lhs.zip_with_dims::<D, S2, U, V>(other, f)
    }

    /// The same into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2]>::from([1, 2]);
    /// let m = Tensor::<i32, shape![2, 2]>::splat(10);
    /// let mut out = [0; 4];
    /// v.with_dims::<axes![1]>().zip_with_into(&m, &mut TensorMut::new(&mut out)?, |x, y| x + y);
    /// assert_eq!(out, [11, 12, 11, 12]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    pub fn zip_with_into<U: Copy, V, S2: Shape>(
        &self,
        other: &impl Operand<U, S2>,
        out: &mut TensorMut<'_, V, BroadcastedWithDims<S, S2, D>>,
        f: impl FnMut(T, U) -> V,
    ) where
        S: BroadcastWithDims<S2, D>,
    {
        self.lhs.zip_with_dims_into::<D, S2, U, V>(other, out, f)
    }
}

/// A tensor of shape `S2` to be overwritten by a broadcast of `src`: every element starts as
/// `src`'s first (an empty `src` can only broadcast to an empty output).
fn filled_like<T: Copy, S2: Shape>(src: &[T]) -> Tensor<T, S2> {
    match src.first() {
        Some(&x) => Tensor::splat(x),
        None => Tensor::from_fn(|_| unreachable!("a non-empty broadcast of an empty operand")),
    }
}
