//! In-place updates: `a += &b` and `zip_assign`, with `b` broadcast to `a`'s shape by NumPy's
//! one-way rule (`broadcast_to`), and `a *= 2.0` with a scalar; `a` keeps its shape and is never
//! copied.

use core::ops::{AddAssign, DivAssign, MulAssign, SubAssign};

use super::{Operand, Tensor, TensorMut, TensorRef};
use crate::forms::BroadcastTo;
use crate::kernel::{self, statics::CopyPlan, statics::Numpy};
use crate::shape::Shape;

impl<T: Copy, S: Shape> TensorMut<'_, T, S> {
    /// Sets every element to `f(element, x)`, `x` being the matching element of `other`
    /// broadcast to this shape (`S2` must stretch to `S`). Nothing is materialized.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [1, 2, 3, 4, 5, 6];
    /// let mut m = TensorMut::<i32, shape![2, 3]>::new(&mut data)?;
    /// m.zip_assign(&Tensor::<i32, shape![2, 1]>::from([[10], [20]]), |x, y| x * y);
    /// assert_eq!(data, [10, 20, 30, 80, 100, 120]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn zip_assign<U: Copy, S2>(&mut self, other: &impl Operand<U, S2>, f: impl FnMut(T, U) -> T)
    where
        S2: BroadcastTo<S>,
    {
        let plan = &CopyPlan::<S2, S, Numpy>::PLAN;
        kernel::assign(other.view().as_slice(), plan, self.as_mut_slice(), f);
    }
}

impl<T: Copy, S: Shape> Tensor<T, S> {
    /// [`TensorMut::zip_assign`] on this tensor, in place.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut m = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
    /// m.zip_assign(&Tensor::<i32, shape![2]>::from([1, 0]), i32::max);
    /// assert_eq!(m.as_slice(), [1, 2, 3, 4]);
    /// let mut column = [10, 20];
    /// m += &TensorMut::<i32, shape![2, 1]>::new(&mut column)?;
    /// assert_eq!(m.as_slice(), [11, 12, 23, 24]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn zip_assign<U: Copy, S2>(&mut self, other: &impl Operand<U, S2>, f: impl FnMut(T, U) -> T)
    where
        S2: BroadcastTo<S>,
    {
        self.view_mut().zip_assign(other, f);
    }
}

#[cfg(feature = "alloc")]
impl<T: Copy, S: Shape> super::BoxedTensor<T, S> {
    /// [`TensorMut::zip_assign`] on this tensor, in place.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut m = BoxedTensor::<f32, shape![1024, 2]>::splat(1.0);
    /// m.zip_assign(&Tensor::<f32, shape![2]>::from([0.5, 2.0]), |x, y| x * y);
    /// assert_eq!((m.get(&[1023, 0]), m.get(&[1023, 1])), (Some(&0.5), Some(&2.0)));
    /// m *= &BoxedTensor::<f32, shape![1024, 1]>::splat(4.0); // the operators take any kind
    /// assert_eq!((m.get(&[1023, 0]), m.get(&[1023, 1])), (Some(&2.0), Some(&8.0)));
    /// ```
    #[inline]
    pub fn zip_assign<U: Copy, S2>(&mut self, other: &impl Operand<U, S2>, f: impl FnMut(T, U) -> T)
    where
        S2: BroadcastTo<S>,
    {
        self.view_mut().zip_assign(other, f);
    }
}

/// Implements one compound-assignment operator for each writable tensor, with a right-hand side
/// of every tensor kind (broadcast to the left's shape) or a scalar.
macro_rules! assign_op {
    ($Op:ident, $method:ident) => {
        assign_op!(@lhs $Op, $method, [] Tensor<T, S>);
        assign_op!(@lhs $Op, $method, ['a] TensorMut<'a, T, S>);
        #[cfg(feature = "alloc")]
        assign_op!(@lhs $Op, $method, [] super::BoxedTensor<T, S>);
    };
    (@lhs $Op:ident, $method:ident, [$($lt:lifetime),*] $Lhs:ty) => {
        assign_op!(@impl $Op, $method, [$($lt),*] $Lhs, Tensor<T, R>);
        assign_op!(@impl $Op, $method, [$($lt,)* 'b] $Lhs, TensorRef<'b, T, R>);
        assign_op!(@impl $Op, $method, [$($lt,)* 'b] $Lhs, TensorMut<'b, T, R>);
        #[cfg(feature = "alloc")]
        assign_op!(@impl $Op, $method, [$($lt),*] $Lhs, super::BoxedTensor<T, R>);

        impl<$($lt,)* T, S> $Op<T> for $Lhs
        where
            T: Copy + $Op,
            S: Shape,
        {
            /// Every element with the scalar `rhs`, in place.
            #[inline]
            fn $method(&mut self, rhs: T) {
                self.as_mut_slice().iter_mut().for_each(|x| x.$method(rhs));
            }
        }
    };
    (@impl $Op:ident, $method:ident, [$($lt:lifetime),*] $Lhs:ty, $Rhs:ty) => {
        impl<'r, $($lt,)* T, S, R> $Op<&'r $Rhs> for $Lhs
        where
            T: Copy + $Op,
            S: Shape,
            R: BroadcastTo<S>,
        {
            /// Element-wise in place, `rhs` broadcast to this shape; nothing is materialized.
            #[inline]
            fn $method(&mut self, rhs: &'r $Rhs) {
                self.zip_assign(rhs, |mut x, y| {
                    x.$method(y);
                    x
                });
            }
        }
    };
}

assign_op!(AddAssign, add_assign);
assign_op!(SubAssign, sub_assign);
assign_op!(MulAssign, mul_assign);
assign_op!(DivAssign, div_assign);
