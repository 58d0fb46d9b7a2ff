//! What extends an expression: the operators `+ - * /` and unary `-` (with a tensor, an
//! expression or a number on either side), the element-wise methods a numerics user reaches for
//! (`exp`, `ln`, `sqrt`, `abs`, `powi`, `recip`, `min`, `max`, `clamp`), comparisons that give a
//! mask, a select (NumPy's `where`), and `map` / `zip_with` closures.

use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use shapecast_macros::hot;

use typenum::{Const, ToUInt, U};

use super::{
    Binary, Closure, Expression, IntoExpression, Joined, Lazy, Map, Mapped, NewAxis, Of, PairFn, Scalar,
    Shared, Typed, Unary, Zip,
};
use crate::forms::{
    AnyBroadcast, AnyBroadcastTo, AnyBroadcastWithDims, AnyBroadcasted, AnyBroadcastedWithDims,
    AnyInsertAxis, AnyWithAxis,
};
use crate::kernel::fold::is_nan;
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::statics::{Numpy, WithDimsLhs, WithDimsRhs};
use crate::shape::Axes;
use crate::shape::{AnyShape, Nil};
use crate::tensor::{Data, DataMut, HomeOf, TensorBase};

use super::Leaf;

/// `a` and `b` zipped with `F`, broadcast together by NumPy's rule.
pub type Zipped<A, B, F> = Zip<
    A,
    B,
    F,
    Of<
        <F as Binary<<A as Typed>::Elem, <B as Typed>::Elem>>::Output,
        AnyBroadcasted<<A as Typed>::Shape, <B as Typed>::Shape>,
        Joined<A, B>,
    >,
    Numpy,
    Numpy,
>;

/// The element functions of the operators and methods, each a zero-sized type.
macro_rules! binary_fns {
    ($($(#[$doc:meta])* $name:ident<$t:ident: $($bound:path),+> -> $out:ty = |$x:ident, $y:ident| $body:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl<$t: Copy $(+ $bound)+> Binary<$t, $t> for $name {
            type Output = $out;
            #[inline(always)]
            // `MinFn` takes `y` in two arms that the optimizer needs apart (see there).
            #[allow(clippy::if_same_then_else)]
            fn call(&self, $x: $t, $y: $t) -> $out {
                $body
            }
        }
    )*};
}

binary_fns! {
    /// `x + y`.
    AddFn<T: Add<Output = T>> -> T = |x, y| x + y;
    /// `x - y`.
    SubFn<T: Sub<Output = T>> -> T = |x, y| x - y;
    /// `x * y`.
    MulFn<T: Mul<Output = T>> -> T = |x, y| x * y;
    /// `x / y`.
    DivFn<T: Div<Output = T>> -> T = |x, y| x / y;
    /// The smaller of `x` and `y`; NaN if either is (NumPy's `minimum`), `x` if they are
    /// equal. Vectorized with no branch: `y < x` picks (`minps`), and a NaN `y` is taken
    /// before. A match on `partial_cmp`, or `y < x || is_nan(y)` in one test, made a ReLU
    /// many times slower than a hand loop.
    MinFn<T: PartialOrd> -> T = |x, y| if is_nan(&y) { y } else if y < x { y } else { x };
    /// The larger of `x` and `y`; NaN if either is (NumPy's `maximum`), `x` if they are equal.
    /// With no branch, as [`MinFn`].
    MaxFn<T: PartialOrd> -> T = |x, y| if is_nan(&y) { y } else if y > x { y } else { x };
    /// `x < y`, as a mask.
    LtFn<T: PartialOrd> -> bool = |x, y| x < y;
    /// `x <= y`, as a mask.
    LeFn<T: PartialOrd> -> bool = |x, y| x <= y;
    /// `x > y`, as a mask.
    GtFn<T: PartialOrd> -> bool = |x, y| x > y;
    /// `x >= y`, as a mask.
    GeFn<T: PartialOrd> -> bool = |x, y| x >= y;
    /// `x == y`, as a mask.
    EqFn<T: PartialEq> -> bool = |x, y| x == y;
    /// `x != y`, as a mask.
    NeFn<T: PartialEq> -> bool = |x, y| x != y;
}

/// `if mask { x } else { y }`: a select's element function.
#[derive(Clone, Copy, Debug, Default)]
pub struct SelectFn;
impl<T: Copy> Binary<bool, (T, T)> for SelectFn {
    type Output = T;
    #[hot]
    fn call(&self, mask: bool, (x, y): (T, T)) -> T {
        if mask { x } else { y }
    }
}

/// `-x`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NegFn;
impl<T: Copy + Neg<Output = T>> Unary<T> for NegFn {
    type Output = T;
    #[hot]
    fn call(&self, x: T) -> T {
        -x
    }
}

/// The element functions of the float methods.
macro_rules! float_fns {
    ($($(#[$doc:meta])* $name:ident($trait:path) = $method:ident, costly: $costly:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl<T: Copy + $trait> Unary<T> for $name {
            type Output = T;
            const COSTLY: bool = $costly;
            #[hot]
            fn call(&self, x: T) -> T {
                x.$method()
            }
        }
    )*};
}

/// `|x|`: [`Abs::abs`].
#[derive(Clone, Copy, Debug, Default)]
pub struct AbsFn;
impl<T: Abs> Unary<T> for AbsFn {
    type Output = T;
    #[hot]
    fn call(&self, x: T) -> T {
        x.abs()
    }
}

/// What [`abs`](Lazy::abs) takes the magnitude of: the signed integers and the floats.
///
/// Signed integers wrap, as sums do ([`Summable`](crate::Summable)) and as `x.abs()` does in a
/// release build: the magnitude of `MIN` does not fit the type, and `i32::MIN.abs()` is
/// `i32::MIN` ([`i32::wrapping_abs`]), with no panic in any profile. Floats keep their own
/// `abs`: the sign bit cleared, so `-0.0` gives `+0.0` and NaN stays NaN. Implement it for an
/// element type of your own to take its `abs` in an expression.
///
/// ```
/// use shapecast::prelude::*;
/// let x = Tensor::<i32, shape![3]>::from([-7, 7, i32::MIN]);
/// assert_eq!(x.lazy().abs().eval().as_slice(), [7, 7, i32::MIN]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `abs` in an expression: it takes signed integers and floats",
    label = "`abs` of `{Self}` elements",
    note = "an unsigned integer is its own magnitude; to take `abs` of an element type of your own, implement `shapecast::expr::Abs` for it"
)]
pub trait Abs: Copy {
    /// `|self|`.
    fn abs(self) -> Self;
}

macro_rules! abs_wrapping {
    ($($t:ty)*) => {$(
        impl Abs for $t {
            #[hot]
            fn abs(self) -> Self {
                self.wrapping_abs()
            }
        }
    )*};
}

abs_wrapping!(i8 i16 i32 i64 i128 isize);

macro_rules! abs_float {
    ($($t:ty)*) => {$(
        impl Abs for $t {
            #[hot]
            fn abs(self) -> Self {
                num_traits::float::FloatCore::abs(self)
            }
        }
    )*};
}

abs_float!(f32 f64);

float_fns! {
    /// `1 / x`.
    RecipFn(num_traits::float::FloatCore) = recip, costly: true;
}
#[cfg(any(feature = "std", feature = "libm"))]
float_fns! {
    /// The square root.
    SqrtFn(num_traits::Float) = sqrt, costly: true;
}

/// The element functions computed a block at a time for `f32` and `f64`, in vector registers
/// (`super::math`), and by `num_traits::Float` for every other float type.
#[cfg(any(feature = "std", feature = "libm"))]
macro_rules! block_float_fns {
    ($($(#[$doc:meta])* $name:ident = $method:ident, $one:ident, $block:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl<T: num_traits::Float> Unary<T> for $name {
            type Output = T;
            const COSTLY: bool = true;
            #[hot]
            fn call(&self, x: T) -> T {
                super::math::$one(x, T::$method)
            }
            #[hot]
            fn block(&self, x: [T; super::BLOCK]) -> [T; super::BLOCK] {
                super::math::$block(x, T::$method)
            }
        }
    )*};
}

#[cfg(any(feature = "std", feature = "libm"))]
block_float_fns! {
    /// `e^x`: for `f32` and `f64` within 1 ulp of the exact result (not always libm's).
    ExpFn = exp, exp_one, exp_block;
    /// The natural logarithm: for `f32` within 1 ulp of the exact result (not always libm's).
    LnFn = ln, ln_one, ln_block;
}

/// `x^n`, `n` an integer.
#[derive(Clone, Copy, Debug)]
pub struct PowiFn(pub(crate) i32);
impl<T: Copy + num_traits::float::FloatCore> Unary<T> for PowiFn {
    type Output = T;
    #[hot]
    fn call(&self, x: T) -> T {
        // The small powers as the products `powi` computes (by squaring), without its call.
        match self.0 {
            0 => T::one(),
            1 => x,
            2 => x * x,
            3 => x * (x * x),
            4 => (x * x) * (x * x),
            n => x.powi(n),
        }
    }

    /// The exponent tested once per block, not once per lane.
    #[hot]
    fn block(&self, x: [T; BLOCK]) -> [T; BLOCK] {
        match self.0 {
            2 => fused::lanes(|i| x[i] * x[i]),
            n => fused::lanes(|i| PowiFn(n).call(x[i])),
        }
    }
}

/// The binary operators, with an expression on the left and anything on the right, and with a
/// number or a borrowed tensor on the left and an expression on the right.
macro_rules! operator {
    ($Op:ident, $method:ident, $Fn:ident) => {
        impl<E, R> $Op<R> for Lazy<E>
        where
            E: Typed,
            R: IntoExpression,
            E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
            $Fn: Binary<E::Elem, <R::Expr as Typed>::Elem>,
        {
            type Output = Lazy<Zipped<E, R::Expr, $Fn>>;

            /// Element-wise, broadcast by NumPy's rule; nothing is computed yet.
            #[hot]
            fn $method(self, rhs: R) -> Self::Output {
                Lazy(Zip::new(self.0, rhs.into_expression(), $Fn))
            }
        }

        impl<'a, D, S, E> $Op<Lazy<E>> for &'a TensorBase<D, S>
        where
            D: Data,
            D::Elem: Copy + Shared,
            S: AnyShape + AnyBroadcast<E::Shape>,
            E: Typed,
            $Fn: Binary<D::Elem, E::Elem>,
        {
            type Output = Lazy<Zipped<Leaf<'a, D::Elem, S, HomeOf<D, S>>, E, $Fn>>;

            /// Element-wise, broadcast by NumPy's rule; nothing is computed yet.
            #[hot]
            fn $method(self, rhs: Lazy<E>) -> Self::Output {
                Lazy(Zip::new(self.into_expression(), rhs.0, $Fn))
            }
        }

        operator!(@left $Op, $method, $Fn, f32 f64 i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
    };
    (@left $Op:ident, $method:ident, $Fn:ident, $($t:ty)*) => {$(
        impl<E> $Op<Lazy<E>> for $t
        where
            E: Typed,
            Nil: AnyBroadcast<E::Shape>,
            $Fn: Binary<$t, E::Elem>,
        {
            type Output = Lazy<Zipped<Scalar<$t>, E, $Fn>>;

            /// The number with every element; nothing is computed yet.
            #[hot]
            fn $method(self, rhs: Lazy<E>) -> Self::Output {
                Lazy(Zip::new(Scalar(self), rhs.0, $Fn))
            }
        }
    )*};
}

operator!(Add, add, AddFn);
operator!(Sub, sub, SubFn);
operator!(Mul, mul, MulFn);
operator!(Div, div, DivFn);

impl<E: Typed> Neg for Lazy<E>
where
    NegFn: Unary<E::Elem>,
{
    type Output = Lazy<Mapped<E, NegFn>>;

    /// Every element negated; nothing is computed yet.
    #[hot]
    fn neg(self) -> Self::Output {
        Lazy(Map::new(self.0, NegFn))
    }
}

/// The in-place operators with an expression on the right, stretched to the left's shape.
macro_rules! assign_operators {
    ($($Op:ident $method:ident $Plain:ident $plain:ident;)*) => {$(
        impl<D, S, E> $Op<Lazy<E>> for TensorBase<D, S>
        where
            D: DataMut,
            D::Elem: Copy + Shared + $Plain<Output = D::Elem>,
            S: AnyShape,
            E: Expression<Elem = D::Elem>,
            E::Shape: AnyBroadcastTo<S>,
        {
            /// Element-wise in place, in one pass: the expression is never materialized.
            #[inline]
            fn $method(&mut self, rhs: Lazy<E>) {
                self.update_with(rhs.0, |o, x| o.$plain(x));
            }
        }
    )*};
}

assign_operators! {
    AddAssign add_assign Add add;
    SubAssign sub_assign Sub sub;
    MulAssign mul_assign Mul mul;
    DivAssign div_assign Div div;
}

impl<E: Typed> Lazy<E> {
    /// `f` applied to every element; nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![3]>::from([1, -2, 3]);
    /// assert_eq!(x.lazy().map(|v| v * v).eval().as_slice(), [1, 4, 9]);
    /// ```
    #[hot]
    pub fn map<O: Copy, F: Fn(E::Elem) -> O>(self, f: F) -> Lazy<Mapped<E, Closure<F>>> {
        Lazy(Map::new(self.0, Closure(f)))
    }

    /// `f(a, b)` element by element with `other` (a tensor, an expression or a number),
    /// broadcast by NumPy's rule; nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    /// let c = a.lazy().zip_with(&b, |x, y| x * y).eval();
    /// assert_eq!(c.as_slice(), [10, 20, 30, 20, 40, 60]);
    /// ```
    #[hot]
    pub fn zip_with<R, O, F>(self, other: R, f: F) -> Lazy<Zipped<E, R::Expr, Closure<F>>>
    where
        R: IntoExpression,
        E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
        O: Copy,
        F: Fn(E::Elem, <R::Expr as Typed>::Elem) -> O,
    {
        Lazy(Zip::new(self.0, other.into_expression(), Closure(f)))
    }

    /// `other` zipped with this expression by the element function `F`.
    #[hot]
    fn with<R, F>(self, other: R, f: F) -> Lazy<Zipped<E, R::Expr, F>>
    where
        R: IntoExpression,
        E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
        F: Binary<E::Elem, <R::Expr as Typed>::Elem>,
    {
        Lazy(Zip::new(self.0, other.into_expression(), f))
    }

    /// The element-wise minimum with `other` (a tensor, an expression or a number); NaN where
    /// either is NaN, as NumPy's `minimum`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![3]>::from([1.0, 5.0, f32::NAN]);
    /// let m = x.lazy().min(2.0).eval();
    /// assert_eq!(&m.as_slice()[..2], [1.0, 2.0]);
    /// assert!(m.as_slice()[2].is_nan());
    /// ```
    #[hot]
    pub fn min<R>(self, other: R) -> Lazy<Zipped<E, R::Expr, MinFn>>
    where
        R: IntoExpression,
        E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
        MinFn: Binary<E::Elem, <R::Expr as Typed>::Elem>,
    {
        self.with(other, MinFn)
    }

    /// The element-wise maximum with `other`; NaN where either is NaN, as NumPy's `maximum`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![3]>::from([-1, 5, 0]);
    /// assert_eq!(x.lazy().max(0).eval().as_slice(), [0, 5, 0]); // a ReLU
    /// ```
    #[hot]
    pub fn max<R>(self, other: R) -> Lazy<Zipped<E, R::Expr, MaxFn>>
    where
        R: IntoExpression,
        E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
        MaxFn: Binary<E::Elem, <R::Expr as Typed>::Elem>,
    {
        self.with(other, MaxFn)
    }

    /// Every element limited to `[low, high]`: `max(low)` then `min(high)`, so
    /// `clamp(x, lo, hi) = min(max(x, lo), hi)`. Each bound is a number, a tensor or an
    /// expression, and the three are broadcast together by NumPy's rule (per-column bounds, for
    /// instance). NaN where `x`, `low` or `high` is NaN, as `min` and `max`; a `low` above `high`
    /// gives `high`. Nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![3]>::from([-2.0, 0.5, 9.0]);
    /// assert_eq!(x.lazy().clamp(0.0, 1.0).eval().as_slice(), [0.0, 0.5, 1.0]);
    ///
    /// // Per-column bounds, broadcast over the rows.
    /// let m = Tensor::<i32, shape![2, 3]>::from([[-5, 5, 50], [0, 20, -20]]);
    /// let low = Tensor::<i32, shape![3]>::from([-1, 0, 10]);
    /// let high = Tensor::<i32, shape![3]>::from([1, 10, 30]);
    /// assert_eq!(m.lazy().clamp(&low, &high).eval().as_slice(), [-1, 5, 30, 0, 10, 10]);
    /// assert_eq!(m.lazy().clamp(&low, 3).eval().as_slice(), [-1, 3, 3, 0, 3, 3]);
    /// ```
    #[hot]
    #[allow(clippy::type_complexity)]
    pub fn clamp<L, H>(self, low: L, high: H) -> Lazy<Zipped<Zipped<E, L::Expr, MaxFn>, H::Expr, MinFn>>
    where
        L: IntoExpression,
        H: IntoExpression,
        E::Shape: AnyBroadcast<<L::Expr as Typed>::Shape>,
        AnyBroadcasted<E::Shape, <L::Expr as Typed>::Shape>: AnyBroadcast<<H::Expr as Typed>::Shape>,
        MaxFn: Binary<E::Elem, <L::Expr as Typed>::Elem>,
        MinFn: Binary<<MaxFn as Binary<E::Elem, <L::Expr as Typed>::Elem>>::Output, <H::Expr as Typed>::Elem>,
        <MaxFn as Binary<E::Elem, <L::Expr as Typed>::Elem>>::Output: Shared,
    {
        self.max(low).min(high)
    }
}

/// The comparisons, each giving a mask.
macro_rules! comparisons {
    ($($(#[$doc:meta])* $method:ident $Fn:ident;)*) => {
        impl<E: Typed> Lazy<E> {$(
            $(#[$doc])*
            #[hot]
            pub fn $method<R>(self, other: R) -> Lazy<Zipped<E, R::Expr, $Fn>>
            where
                R: IntoExpression,
                E::Shape: AnyBroadcast<<R::Expr as Typed>::Shape>,
                $Fn: Binary<E::Elem, <R::Expr as Typed>::Elem>,
            {
                self.with(other, $Fn)
            }
        )*}
    };
}

comparisons! {
    /// `x < other` element by element, as a mask of `bool`s; nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![3]>::from([1, 5, 3]);
    /// assert_eq!(x.lazy().lt(3).eval().as_slice(), [true, false, false]);
    /// ```
    lt LtFn;
    /// `x <= other` element by element, as a mask.
    le LeFn;
    /// `x > other` element by element, as a mask.
    gt GtFn;
    /// `x >= other` element by element, as a mask.
    ge GeFn;
    /// `x == other` element by element, as a mask (`equals`: `eq` is `PartialEq`'s and
    /// `Iterator`'s name).
    equals EqFn;
    /// `x != other` element by element, as a mask (NumPy's `not_equal`).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let labels = Tensor::<usize, shape![4]>::from([0, 2, 1, 2]);
    /// assert_eq!(labels.lazy().not_equals(2).eval().as_slice(), [true, false, true, false]);
    /// ```
    not_equals NeFn;
}

impl<E: Typed<Elem = bool>> Lazy<E> {
    /// `yes` where the mask is `true`, `no` where it is `false`: NumPy's `where(mask, yes, no)`,
    /// the three broadcast together; nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![4]>::from([-1.0, 2.0, -3.0, 4.0]);
    /// let relu = x.lazy().gt(0.0).select(&x, 0.0).eval();
    /// assert_eq!(relu.as_slice(), [0.0, 2.0, 0.0, 4.0]);
    /// ```
    #[hot]
    #[allow(clippy::type_complexity)]
    pub fn select<Y, N, T>(self, yes: Y, no: N) -> Lazy<Zipped<E, Zipped<Y::Expr, N::Expr, PairFn>, SelectFn>>
    where
        Y: IntoExpression,
        N: IntoExpression,
        T: Copy + Shared,
        Y::Expr: Typed<Elem = T>,
        N::Expr: Typed<Elem = T>,
        <Y::Expr as Typed>::Shape: AnyBroadcast<<N::Expr as Typed>::Shape>,
        E::Shape: AnyBroadcast<AnyBroadcasted<<Y::Expr as Typed>::Shape, <N::Expr as Typed>::Shape>>,
    {
        let branches = Zip::new(yes.into_expression(), no.into_expression(), PairFn);
        Lazy(Zip::new(self.0, branches, SelectFn))
    }
}

/// The methods of one operand (`abs`, `recip`, `exp`, …), each an element function.
macro_rules! float_methods {
    ($($(#[$doc:meta])* $method:ident $Fn:ident;)*) => {
        impl<E: Typed> Lazy<E> {$(
            $(#[$doc])*
            #[hot]
            pub fn $method(self) -> Lazy<Mapped<E, $Fn>>
            where
                $Fn: Unary<E::Elem>,
            {
                Lazy(Map::new(self.0, $Fn))
            }
        )*}
    };
}

float_methods! {
    /// `|x|` element by element, of signed integers and floats ([`Abs`]); nothing is computed
    /// yet. Integers wrap: `i32::MIN` stays `i32::MIN`, as `x.abs()` gives in a release build.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![2]>::from([-1.5, 2.0]);
    /// assert_eq!(x.lazy().abs().eval().as_slice(), [1.5, 2.0]);
    /// // Signed integers too, as `min`, `max` and `clamp` take them.
    /// let v = Tensor::<i32, shape![4]>::from([3, -9, 4, i32::MIN]);
    /// assert_eq!(v.lazy().abs().eval().as_slice(), [3, 9, 4, i32::MIN]);
    /// ```
    abs AbsFn;
    /// `1 / x` element by element; nothing is computed yet.
    recip RecipFn;
}

#[cfg(any(feature = "std", feature = "libm"))]
float_methods! {
    /// `e^x` element by element; nothing is computed yet.
    ///
    /// For `f32` and `f64` the result is within 1 ulp of the exact `e^x` (it is computed 16
    /// elements at a time in vector registers, not by libm, whose result may differ in the last
    /// bit); `map(f32::exp)` gives libm's. The special values are libm's: NaN for NaN, `+∞`
    /// past the largest finite result, `0` for `−∞` and past the smallest subnormal.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![3]>::from([0.0, f64::INFINITY, f64::NEG_INFINITY]);
    /// assert_eq!(x.lazy().exp().eval().as_slice(), [1.0, f64::INFINITY, 0.0]);
    /// let e = Tensor::<f64, shape![1]>::from([1.0]).lazy().exp().eval().as_slice()[0];
    /// assert!((e - core::f64::consts::E).abs() <= f64::EPSILON * e);
    /// ```
    exp ExpFn;
    /// The natural logarithm element by element; nothing is computed yet.
    ///
    /// For `f32` the result is within 1 ulp of the exact `ln x` (computed 16 elements at a time
    /// in vector registers, not by libm, whose result may differ in the last bit);
    /// `map(f32::ln)` gives libm's. For `f64` it is libm's. The special values are libm's:
    /// `ln 0 = −∞`, NaN for a negative number and for NaN, `ln +∞ = +∞`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![4]>::from([1.0, 0.0, -1.0, f32::INFINITY]);
    /// let y = x.lazy().ln().eval();
    /// assert_eq!(y.as_slice()[..2], [0.0, f32::NEG_INFINITY]);
    /// assert!(y.as_slice()[2].is_nan() && y.as_slice()[3] == f32::INFINITY);
    /// ```
    ln LnFn;
    /// The square root element by element; nothing is computed yet.
    sqrt SqrtFn;
}

impl<E: Typed> Lazy<E> {
    /// The expression with a size-1 axis inserted before position `I` (`np.newaxis`), as
    /// [`insert_axis`](crate::TensorBase::insert_axis) does for a tensor; nothing is computed.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2]>::from([1, 2]);
    /// let y = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    /// let outer = (x.lazy() * 2).insert_axis::<1>() * &y; // [2, 1] * [3] -> [2, 3]
    /// assert_eq!(outer.eval().as_slice(), [20, 40, 60, 40, 80, 120]);
    /// ```
    #[hot]
    pub fn insert_axis<const I: usize>(self) -> Lazy<NewAxis<E, I, AnyWithAxis<E::Shape, U<I>>>>
    where
        Const<I>: ToUInt,
        E::Shape: AnyInsertAxis<U<I>>,
    {
        Lazy(NewAxis::new(self.0))
    }

    /// `x^n` element by element, `n` an integer; nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![3]>::from([1.0, 2.0, 3.0]);
    /// assert_eq!(x.lazy().powi(2).eval().as_slice(), [1.0, 4.0, 9.0]);
    /// ```
    #[hot]
    pub fn powi(self, n: i32) -> Lazy<Mapped<E, PowiFn>>
    where
        PowiFn: Unary<E::Elem>,
    {
        Lazy(Map::new(self.0, PowiFn(n)))
    }
}

/// An expression with XLA dims chosen, waiting for its partner: `x.lazy().with_dims::<axes![…]>()`.
/// Under XLA's binary rule the lower-rank operand's axis `k` lands on the other's axis `Dm[k]`,
/// then each pair of sizes must be equal or one of them 1. Use an operator or
/// [`zip_with`](Self::zip_with); the result is an expression.
///
/// ```
/// use shapecast::prelude::*;
/// let v = Tensor::<f32, shape![4]>::from([1.0, 2.0, 3.0, 4.0]);
/// let m = Tensor::<f32, shape![1, 2]>::from([[10.0, 20.0]]);
/// // [4] + [1, 2] with dims [0]: v's axis lands on axis 0, giving [4, 2].
/// let sum = (v.lazy().with_dims::<axes![0]>() + &m) * 2.0;
/// assert_eq!(sum.eval().as_slice(), [22.0, 42.0, 24.0, 44.0, 26.0, 46.0, 28.0, 48.0]);
/// ```
#[derive(Clone, Copy)]
#[must_use = "an expression with dims chosen computes nothing until it meets its partner and is evaluated"]
pub struct LazyWithDims<E, Dm>(E, PhantomData<Dm>);

/// `a` and `b` zipped with `F` under XLA's binary rule with the dims `Dm`.
pub type ZippedWithDims<A, B, Dm, F> = Zip<
    A,
    B,
    F,
    Of<
        <F as Binary<<A as Typed>::Elem, <B as Typed>::Elem>>::Output,
        AnyBroadcastedWithDims<<A as Typed>::Shape, <B as Typed>::Shape, Dm>,
        Joined<A, B>,
    >,
    WithDimsLhs<Dm, <B as Typed>::Shape>,
    WithDimsRhs<Dm, <A as Typed>::Shape>,
>;

impl<E: Typed> Lazy<E> {
    /// XLA's binary form, the dims `Dm` chosen first: `x.lazy().with_dims::<axes![1]>() + &y`
    /// puts the lower-rank operand's axes on `Dm` (see [`LazyWithDims`]).
    #[hot]
    pub fn with_dims<Dm: Axes>(self) -> LazyWithDims<E, Dm> {
        LazyWithDims(self.0, PhantomData)
    }
}

impl<E: Typed, Dm: Axes> LazyWithDims<E, Dm> {
    /// `f(a, b)` element by element with `other` under XLA's binary rule; nothing is computed.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let m = Tensor::<i32, shape![3, 2]>::splat(10);
    /// let p = v.lazy().with_dims::<axes![0]>().zip_with(&m, |x, y| x * y);
    /// assert_eq!(p.eval().as_slice(), [10, 10, 20, 20, 30, 30]);
    /// ```
    #[hot]
    pub fn zip_with<R, O, F>(self, other: R, f: F) -> Lazy<ZippedWithDims<E, R::Expr, Dm, Closure<F>>>
    where
        R: IntoExpression,
        E::Shape: AnyBroadcastWithDims<<R::Expr as Typed>::Shape, Dm>,
        O: Copy,
        F: Fn(E::Elem, <R::Expr as Typed>::Elem) -> O,
    {
        Lazy(Zip::new(self.0, other.into_expression(), Closure(f)))
    }
}

/// The binary operators on an expression with XLA dims chosen.
macro_rules! dims_operator {
    ($Op:ident, $method:ident, $Fn:ident) => {
        impl<E, Dm, R> $Op<R> for LazyWithDims<E, Dm>
        where
            E: Typed,
            Dm: Axes,
            R: IntoExpression,
            E::Shape: AnyBroadcastWithDims<<R::Expr as Typed>::Shape, Dm>,
            $Fn: Binary<E::Elem, <R::Expr as Typed>::Elem>,
        {
            type Output = Lazy<ZippedWithDims<E, R::Expr, Dm, $Fn>>;

            /// Element-wise under XLA's binary rule with these dims; nothing is computed yet.
            #[hot]
            fn $method(self, rhs: R) -> Self::Output {
                Lazy(Zip::new(self.0, rhs.into_expression(), $Fn))
            }
        }
    };
}

dims_operator!(Add, add, AddFn);
dims_operator!(Sub, sub, SubFn);
dims_operator!(Mul, mul, MulFn);
dims_operator!(Div, div, DivFn);
