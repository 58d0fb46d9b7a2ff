//! `+ - * /` between tensors of broadcastable shapes: `&a + &b` has shape `broadcast!(A, B)`;
//! and with a scalar on the right: `&a * 2.0` has `a`'s shape.
//!
//! ```
//! use shapecast::prelude::*;
//!
//! let a = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
//! let b = Tensor::<f32, shape![2]>::from([10.0, 20.0]);
//! assert_eq!((&a + &b).as_slice(), [11.0, 22.0, 13.0, 24.0]);
//! assert_eq!((&(&a * 2.0) - 1.0).as_slice(), [1.0, 3.0, 5.0, 7.0]);
//! let mut c = a;
//! c *= 0.5;
//! c += &b;
//! assert_eq!(c.as_slice(), [10.5, 21.0, 11.5, 22.0]);
//! ```

use core::ops::{Add, Div, Mul, Sub};

use num_traits::Zero;

use super::{Operand, Tensor, TensorRef};
use crate::forms::{Broadcast, Broadcasted};
use crate::shape::Shape;

/// Implements one operator for every pair of owned and borrowed tensors.
macro_rules! broadcast_op {
    ($Op:ident, $method:ident) => {
        broadcast_op!(@pair $Op, $method, ['a, 'b] Tensor<T, A>, Tensor<T, B>);
        broadcast_op!(@pair $Op, $method, ['a, 'b, 'c] Tensor<T, A>, TensorRef<'c, T, B>);
        broadcast_op!(@pair $Op, $method, ['a, 'b, 'c] TensorRef<'c, T, A>, Tensor<T, B>);
        broadcast_op!(@pair $Op, $method, ['a, 'b, 'c, 'd] TensorRef<'c, T, A>, TensorRef<'d, T, B>);
    };
    (@pair $Op:ident, $method:ident, [$($lt:lifetime),*] $Lhs:ty, $Rhs:ty) => {
        impl<$($lt,)* T, A, B> $Op<&'b $Rhs> for &'a $Lhs
        where
            T: Copy + Zero + $Op<Output = T>,
            A: Shape + Broadcast<B>,
            B: Shape,
        {
            type Output = Tensor<T, Broadcasted<A, B>>;

            /// Element-wise, broadcast by NumPy's rule; the inputs are not materialized.
            #[inline]
            fn $method(self, rhs: &'b $Rhs) -> Self::Output {
                let mut out = Tensor::splat(T::zero());
                self.zip_with_into(rhs, &mut out.view_mut(), |x, y| x.$method(y));
                out
            }
        }
    };
}

broadcast_op!(Add, add);
broadcast_op!(Sub, sub);
broadcast_op!(Mul, mul);
broadcast_op!(Div, div);

/// Implements one operator with a scalar right-hand side, for owned and borrowed tensors.
macro_rules! scalar_op {
    ($Op:ident, $method:ident) => {
        scalar_op!(@one $Op, $method, ['a] Tensor<T, S>);
        scalar_op!(@one $Op, $method, ['a, 'b] TensorRef<'b, T, S>);
    };
    (@one $Op:ident, $method:ident, [$($lt:lifetime),*] $Lhs:ty) => {
        impl<$($lt,)* T, S> $Op<T> for &'a $Lhs
        where
            T: Copy + $Op<Output = T>,
            S: Shape,
        {
            type Output = Tensor<T, S>;

            /// Every element with the scalar `rhs` (a shape-`[]` tensor, broadcast).
            #[inline]
            fn $method(self, rhs: T) -> Self::Output {
                self.map(|x| x.$method(rhs))
            }
        }
    };
}

scalar_op!(Add, add);
scalar_op!(Sub, sub);
scalar_op!(Mul, mul);
scalar_op!(Div, div);
