//! [`Dot`]: the element types that products multiply and add, and how each multiplies matrices.

use super::kernel::{Mat, MatOut, naive};
use crate::summable::Summable;
use shapecast_macros::hot;

/// An element type of matrix products ([`matmul`](crate::TensorBase::matmul), `einsum!`): it
/// adds as [`Summable`] does and multiplies with [`times`](Self::times).
///
/// `f32` and `f64` multiply large matrices with the `matrixmultiply` crate's GEMM (packed,
/// register-blocked; the one `unsafe` call lives in the `shapecast-gemm` crate, every stride
/// checked against its slice first); other types, and small products of any type, with plain
/// loops whose bounds are the shapes' constants where the shapes are fixed.
///
/// # Integer products wrap
///
/// Integers multiply with `wrapping_mul` and add with `wrapping_add`, in debug and release
/// builds alike, as the sums do: a product past the type's range is the true result modulo
/// 2^bits, never a panic.
///
/// ```
/// use shapecast::prelude::*;
/// let a = Tensor::<u8, shape![1, 2]>::from([[16, 1]]);
/// let b = Tensor::<u8, shape![2, 1]>::from([[16], [1]]);
/// assert_eq!(a.matmul(&b).as_slice(), [1]); // 257 mod 256
/// ```
///
/// With feature `rayon`, the batches of a product of many small matrices run on rayon's
/// threads, so an element type must then be `Send + Sync` (every number is).
///
/// Implement it for an element type of your own (with [`Summable`]) to multiply it:
///
/// ```
/// use shapecast::{Dot, Summable, prelude::*};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Gf2(bool); // the field of two elements: + is xor, × is and
/// impl Summable for Gf2 {
///     const ZERO: Self = Gf2(false);
///     fn plus(self, other: Self) -> Self {
///         Gf2(self.0 ^ other.0)
///     }
/// }
/// impl Dot for Gf2 {
///     fn times(self, other: Self) -> Self {
///         Gf2(self.0 & other.0)
///     }
/// }
/// let a = Tensor::<Gf2, shape![2]>::from_array([Gf2(true), Gf2(true)]);
/// assert_eq!(a.matmul(&a).value(), Gf2(false));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a type that matrix products multiply: they multiply and add with `Dot`",
    label = "a product of `{Self}` elements",
    note = "products are defined for the integer and float types; to multiply an element type of your own, implement `Summable` and `Dot` for it"
)]
pub trait Dot: Summable + crate::kernel::source::Shared {
    /// The product of `self` and `other`.
    fn times(self, other: Self) -> Self;

    /// `c = a · b`, every element of `c` written. The plain loops, unless the type has a
    /// faster kernel (`f32`, `f64`).
    #[doc(hidden)]
    #[hot]
    fn gemm(a: Mat<'_, Self>, b: Mat<'_, Self>, c: MatOut<'_, Self>) {
        naive(a, b, c);
    }
}

macro_rules! wrapping {
    ($($t:ty)*) => {$(
        impl Dot for $t {
            #[hot]
            fn times(self, other: Self) -> Self {
                self.wrapping_mul(other)
            }
        }
    )*};
}

wrapping!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

impl<T: Dot> Dot for core::num::Wrapping<T> {
    #[hot]
    fn times(self, other: Self) -> Self {
        core::num::Wrapping(self.0.times(other.0))
    }
}

macro_rules! float {
    ($($t:ty)*) => {$(
        impl Dot for $t {
            #[hot]
            fn times(self, other: Self) -> Self {
                self * other
            }

            #[cfg(feature = "alloc")]
            #[hot]
            fn gemm(a: Mat<'_, Self>, b: Mat<'_, Self>, c: MatOut<'_, Self>) {
                super::kernel::gemm_float(a, b, c);
            }
        }
    )*};
}

float!(f32 f64);
