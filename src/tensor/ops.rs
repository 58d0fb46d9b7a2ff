//! `+ - * /` between tensors of broadcastable shapes: `&a + &b` has shape `broadcast!(A, B)`.

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
