//! [`Summable`]: what the sums add with, and the one rule for integer overflow.

use shapecast_macros::hot;

/// An element type that sums: what [`sum_axes`](crate::TensorBase::sum_axes),
/// [`sum_to`](crate::TensorBase::sum_to), [`mean_axes`](crate::TensorBase::mean_axes) and the
/// run-time [`dynamic::sum_to`](crate::dynamic::sum_to) and
/// [`dynamic::sum_axes`](crate::dynamic::sum_axes) add with.
///
/// # Integer sums wrap
///
/// Integers add with wrapping arithmetic (`wrapping_add`), in debug and release builds alike:
/// a sum past the type's range is the true sum modulo 2^bits, never a panic. Wrapping addition
/// is associative and commutative, so the order of the additions changes nothing: the sum
/// folded in 16 lanes is the left-to-right sum, bit for bit, and it is the true sum whenever
/// the true sum fits (even if a lane's partial sum went past the range on the way). To count
/// past a type's range, sum in a wider type (`map(u32::from)` first).
///
/// Floats add with `+`; the lanes can change the last bits of a float sum (see `sum_axes`).
///
/// ```
/// use shapecast::prelude::*;
///
/// let ones = Tensor::<u8, shape![300]>::splat(1);
/// assert_eq!(ones.sum_axes::<axes![0]>().value(), 44); // 300 mod 256: it wraps, in every build
/// assert_eq!(ones.map(u32::from).sum_axes::<axes![0]>().value(), 300); // counted in u32
///
/// // Partial sums may wrap; a total that fits is exact.
/// let swings = Tensor::<i8, shape![64]>::from_fn(|i| if i % 32 < 16 { 100 } else { -100 });
/// assert_eq!(swings.sum_axes::<axes![0]>().value(), 0);
/// ```
///
/// Implement it for an element type of your own to sum it: `ZERO` is the sum of nothing, and
/// `plus` should be associative and commutative, as far as the type allows.
///
/// ```
/// use shapecast::{Summable, prelude::*};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Money(i64);
/// impl Summable for Money {
///     const ZERO: Self = Money(0);
///     fn plus(self, other: Self) -> Self {
///         Money(self.0 + other.0)
///     }
/// }
/// let t = Tensor::<Money, shape![3]>::from_array([Money(1), Money(2), Money(3)]);
/// assert_eq!(t.sum_axes::<axes![0]>().value(), Money(6));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a type that sums: sums and means add elements with `Summable`",
    label = "a sum or a mean of `{Self}` elements",
    note = "to count the `true` elements of a mask, make them numbers first: `mask.map(u32::from)` (or `f32::from`), or `condition.select(1.0, 0.0)`",
    note = "to sum an element type of your own, implement `Summable` for it"
)]
pub trait Summable: Copy {
    /// The sum of no elements.
    const ZERO: Self;
    /// What adds nothing: `x.plus(IDENTITY)` is `x` for every `x`, bit for bit. `ZERO` unless
    /// that changes some `x`: for floats it is -0.0, since `-0.0 + 0.0` is `+0.0`. (What
    /// [`add_at`](crate::TensorBase::add_at) starts its partial sums from, so that an element
    /// no index names is left as it was.)
    const IDENTITY: Self = Self::ZERO;
    /// The sum of `self` and `other`.
    fn plus(self, other: Self) -> Self;
}

macro_rules! wrapping {
    ($($t:ty)*) => {$(
        impl Summable for $t {
            const ZERO: Self = 0;
            #[hot]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    )*};
}

wrapping!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! float {
    ($($t:ty)*) => {$(
        impl Summable for $t {
            const ZERO: Self = 0.0;
            const IDENTITY: Self = -0.0;
            #[hot]
            fn plus(self, other: Self) -> Self {
                self + other
            }
        }
    )*};
}

float!(f32 f64);

impl<T: Summable> Summable for core::num::Wrapping<T> {
    const ZERO: Self = core::num::Wrapping(T::ZERO);
    const IDENTITY: Self = core::num::Wrapping(T::IDENTITY);
    #[hot]
    fn plus(self, other: Self) -> Self {
        core::num::Wrapping(self.0.plus(other.0))
    }
}

/// An element type with a mean: the floats. What [`mean_axes`](crate::TensorBase::mean_axes),
/// the expressions' `mean_axes` and `mean_keepdims`, and `mean_all` need; NumPy's mean of
/// integers is a `float64`, so convert integers first.
///
/// ```
/// use shapecast::prelude::*;
/// let counts = Tensor::<i32, shape![4]>::from([1, 2, 3, 5]);
/// assert_eq!(counts.map(f64::from).mean_axes::<axes![0]>().value(), 2.75);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no mean: a mean is of floats (`f32`, `f64`)",
    label = "a mean of `{Self}` elements",
    note = "NumPy's mean of integers is a `float64`: convert first, `x.map(f64::from)` (or `f32::from`), then take the mean"
)]
pub trait Mean: num_traits::float::FloatCore + Summable {}

#[diagnostic::do_not_recommend]
impl<T: num_traits::float::FloatCore + Summable> Mean for T {}
