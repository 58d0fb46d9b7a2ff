//! Operators on every tensor kind, owned or borrowed alike:
//! - `a + b` (and `- * /`) between tensors of broadcastable shapes, by NumPy's rule;
//! - a scalar on either side, `&t * 2.0` and `-0.5 * &t`;
//! - unary `-t`;
//! - in place, `a += &b` (and `-= *= /=`) with `b` stretched to `a`'s shape, or a scalar;
//! - XLA's binary form: `&a.with_dims::<axes![…]>() + &b`.
//!
//! ```
//! use shapecast::prelude::*;
//!
//! let a = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
//! let b = Tensor::<f32, shape![2]>::from([10.0, 20.0]);
//! assert_eq!((&a + &b).as_slice(), [11.0, 22.0, 13.0, 24.0]);
//! assert_eq!((2.0 * &a - 1.0).as_slice(), [1.0, 3.0, 5.0, 7.0]);
//! assert_eq!((-(&a * &b) + a.clone()).as_slice(), [-9.0, -38.0, -27.0, -76.0]);
//! let mut c = a;
//! c *= 0.5;
//! c += &b;
//! assert_eq!(c.as_slice(), [10.5, 21.0, 11.5, 22.0]);
//! ```

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

#[cfg(feature = "alloc")]
use super::Owning;
use super::{Both, Data, DataMut, Home, HomeOf, HomeWith, New, Owned, OwnedData, TensorBase, WithDims};
use crate::expr::Shared;
use crate::forms::{
    AnyBroadcast, AnyBroadcastTo, AnyBroadcastWithDims, AnyBroadcasted, AnyBroadcastedWithDims, CommonShape,
};
use crate::shape::{AnyShape, Axes};
use crate::typelevel::Checked;

/// The common shape of `S1` and `S2` by NumPy's rule, computed whether or not the rule holds.
type Common<S1, S2> = <S1 as CommonShape<S2>>::Common;

/// The number types a scalar operand may have, on either side (`&t * 2.0`, `2.0 * &t`,
/// `t += 1`): Rust's integers and floats. The impls are per type, not generic, so that a shape
/// mismatch between two tensors is reported as such. Other element types use `map`.
macro_rules! for_each_scalar {
    ($mac:ident!($($args:tt)*)) => {
        $mac!($($args)* f32 f64 i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
    };
}

/// One binary operator for every pair of owned and borrowed tensors, and with a scalar.
macro_rules! binary_op {
    ($Op:ident, $method:ident) => {
        binary_op!(@tensors $Op, $method, [&'a TensorBase<D1, S1>] [&'b TensorBase<D2, S2>] ['a, 'b], []);
        binary_op!(@tensors $Op, $method, [TensorBase<D1, S1>] [&'b TensorBase<D2, S2>] ['b], [left]);
        binary_op!(@tensors $Op, $method, [&'a TensorBase<D1, S1>] [TensorBase<D2, S2>] ['a], [right]);
        binary_op!(@tensors $Op, $method, [TensorBase<D1, S1>] [TensorBase<D2, S2>] [], [left right]);
        for_each_scalar!(binary_op!(@scalar $Op, $method, ['a] [&'a TensorBase<D, S>] [],));
        for_each_scalar!(binary_op!(@scalar $Op, $method, [] [TensorBase<D, S>] [owned],));
        binary_op!(@dims $Op, $method, [&'w WithDims<'a, T, S1, Dm, H>] [&'b TensorBase<D2, S2>] ['w, 'a, 'b]);
        binary_op!(@dims $Op, $method, [WithDims<'a, T, S1, Dm, H>] [&'b TensorBase<D2, S2>] ['a, 'b]);
        binary_op!(@dims $Op, $method, [&'w WithDims<'a, T, S1, Dm, H>] [TensorBase<D2, S2>] ['w, 'a]);
        binary_op!(@dims $Op, $method, [WithDims<'a, T, S1, Dm, H>] [TensorBase<D2, S2>] ['a]);
        for_each_scalar!(binary_op!(@left $Op, $method, ['a] [&'a TensorBase<D, S>] [],));
        for_each_scalar!(binary_op!(@left $Op, $method, [] [TensorBase<D, S>] [owned],));
    };
    (@tensors $Op:ident, $method:ident, [$($Lhs:tt)*] [$($Rhs:tt)*] [$($lt:lifetime),*], [$($owned:ident)*]) => {
        impl<$($lt,)* T, D1, D2, S1, S2> $Op<$($Rhs)*> for $($Lhs)*
        where
            D1: Data<Elem = T>,
            D2: Data<Elem = T>,
            T: Copy + Shared + $Op<Output = T>,
            S1: AnyBroadcast<S2>,
            S2: AnyShape,
            New<Common<S1, S2>, Both<D1, S1, D2, S2>>: OwnedData<T, Common<S1, S2>>,
        {
            // The rule is checked by the output alone (`Checked`), and the storage is named on
            // the common shape, which never fails: a clash is then reported on the two sizes,
            // with no `required for` line naming both tensors' types, which a bound of this impl
            // on the checked shape would add.
            type Output = Checked<Owned<T, Common<S1, S2>, Both<D1, S1, D2, S2>>, AnyBroadcasted<S1, S2>>;

            /// Element-wise, broadcast by NumPy's rule; the inputs are not materialized. An
            /// operand taken by value whose storage is a heap allocation of the result's shape
            /// (a temporary: `(&x - &m) * &s`) is written over, with no new allocation.
            #[inline]
            fn $method(self, rhs: $($Rhs)*) -> Self::Output {
                let lhs = self;
                $(binary_op!(@over $owned $Op, $method, lhs, rhs);)*
                let (a, b): (&TensorBase<D1, S1>, &TensorBase<D2, S2>) = (&lhs, &rhs);
                $Op::$method(a.lazy(), b).eager()
            }
        }
    };
    (@over left $Op:ident, $method:ident, $a:ident, $b:ident) => {
        binary_op!(@over_one $Op, $method, $a, $b, $a D1 over $b, |x, y| x.$method(y));
    };
    (@over right $Op:ident, $method:ident, $a:ident, $b:ident) => {
        binary_op!(@over_one $Op, $method, $a, $b, $b D2 over $a, |y, x| x.$method(y));
    };
    // The operand `$kept` (storage `$D`) written over with `$other`, where it is on the heap.
    (@over_one $Op:ident, $method:ident, $a:ident, $b:ident, $kept:ident $D:ident over $other:ident, $f:expr) => {
        #[cfg(feature = "alloc")]
        let $kept = if <$D as Data>::HEAP {
            let (a, b): (&TensorBase<D1, S1>, &TensorBase<D2, S2>) = (&$a, &$b);
            let shape = $Op::$method(a.lazy(), b).shape();
            match over($kept, shape, $other.lazy().0, $f) {
                Ok(out) => return out,
                Err(kept) => kept,
            }
        } else {
            $kept
        };
    };
    (@scalar_over owned $t:ident, $k:expr, $f:expr) => {
        #[cfg(feature = "alloc")]
        let $t = if <D as Data>::HEAP {
            let shape = $t.shape();
            match over($t, shape, crate::expr::Scalar($k), $f) {
                Ok(out) => return out,
                Err(t) => t,
            }
        } else {
            $t
        };
    };
    (@scalar $Op:ident, $method:ident, $lts:tt $operand:tt $owned:tt, $($t:ty)*) => {
        $(binary_op!(@scalar_one $Op, $method, $lts $operand $owned, $t);)*
    };
    (@scalar_one $Op:ident, $method:ident, [$($lt:lifetime)?] [$($Tensor:tt)*] [$($owned:ident)?], $t:ty) => {
        impl<$($lt,)? D, S> $Op<$t> for $($Tensor)*
        where
            D: Data<Elem = $t>,
            S: AnyShape,
            New<S, HomeOf<D, S>>: OwnedData<$t, S>,
        {
            type Output = Owned<$t, S, HomeOf<D, S>>;

            /// Every element with the scalar `rhs` (over a temporary's own allocation, as
            /// between tensors).
            #[inline]
            fn $method(self, rhs: $t) -> Self::Output {
                let lhs = self;
                $(binary_op!(@scalar_over $owned lhs, rhs, |x: $t, k| x.$method(k));)?
                let a: &TensorBase<D, S> = &lhs;
                a.lazy().map(move |x: $t| x.$method(rhs)).eager()
            }
        }
    };
    (@dims $Op:ident, $method:ident, [$($Lhs:tt)*] [$($Rhs:tt)*] [$($lt:lifetime),*]) => {
        impl<$($lt,)* T, D2, S1, S2, Dm, H> $Op<$($Rhs)*> for $($Lhs)*
        where
            H: Home,
            D2: Data<Elem = T>,
            T: Copy + Shared + $Op<Output = T>,
            S1: AnyBroadcastWithDims<S2, Dm>,
            S2: AnyShape,
            Dm: Axes,
            New<AnyBroadcastedWithDims<S1, S2, Dm>, HomeWith<H, D2, S2>>: OwnedData<T, AnyBroadcastedWithDims<S1, S2, Dm>>,
        {
            type Output = Owned<T, AnyBroadcastedWithDims<S1, S2, Dm>, HomeWith<H, D2, S2>>;

            /// Element-wise under XLA's binary rule with these dims.
            #[inline]
            fn $method(self, rhs: $($Rhs)*) -> Self::Output {
                let (a, b): (&WithDims<'a, T, S1, Dm, H>, &TensorBase<D2, S2>) = (&self, &rhs);
                $Op::$method(a.lazy(), b).eager()
            }
        }
    };
    (@left $Op:ident, $method:ident, $lts:tt $operand:tt $owned:tt, $($t:ty)*) => {
        $(binary_op!(@left_one $Op, $method, $lts $operand $owned, $t);)*
    };
    (@left_one $Op:ident, $method:ident, [$($lt:lifetime)?] [$($Tensor:tt)*] [$($owned:ident)?], $t:ty) => {
        impl<$($lt,)? D, S> $Op<$($Tensor)*> for $t
        where
            D: Data<Elem = $t>,
            S: AnyShape,
            New<S, HomeOf<D, S>>: OwnedData<$t, S>,
        {
            type Output = Owned<$t, S, HomeOf<D, S>>;

            /// The scalar with every element (over a temporary's own allocation, as between
            /// tensors).
            #[inline]
            fn $method(self, rhs: $($Tensor)*) -> Self::Output {
                let lhs = self;
                $(binary_op!(@scalar_over $owned rhs, lhs, |x: $t, k| k.$method(x));)?
                let b: &TensorBase<D, S> = &rhs;
                b.lazy().map(move |x: $t| lhs.$method(x)).eager()
            }
        }
    };
}

binary_op!(Add, add);
binary_op!(Sub, sub);
binary_op!(Mul, mul);
binary_op!(Div, div);

/// `a` with each element `o` set to `f(o, x)`, `x` the matching element of `other` stretched to
/// `shape`, the result's: where `a`'s storage is a heap allocation of its own (a temporary of an
/// earlier operator) and `a` is of the result's shape, it becomes the result's, and no new
/// allocation is made (most of a new large tensor's cost is faulting in its pages). `a` back,
/// untouched, otherwise.
#[cfg(feature = "alloc")]
#[shapecast_macros::hot]
fn over<D, S, O, Sh, E>(
    a: TensorBase<D, S>,
    shape: Sh,
    other: E,
    f: impl Fn(D::Elem, D::Elem) -> D::Elem + Sync,
) -> Result<TensorBase<O, Sh>, TensorBase<D, S>>
where
    D: Data,
    D::Elem: Shared,
    S: AnyShape,
    O: Owning<Elem = D::Elem>,
    Sh: AnyShape,
    E: crate::expr::Expression<Elem = D::Elem>,
{
    let (mut ab, mut sb) = ([0; shapecast_rules::MAX_RANK], [0; shapecast_rules::MAX_RANK]);
    if crate::shape::extents_in(&a.shape(), &mut ab) != crate::shape::extents_in(&shape, &mut sb) {
        return Err(a);
    }
    let (data, own) = a.into_parts();
    match O::from_data(data) {
        Ok(storage) => {
            let mut out = TensorBase::from_parts(storage, shape);
            crate::expr::update_stretched(out.as_mut_slice(), shape, other, f);
            Ok(out)
        }
        Err(data) => Err(TensorBase::from_parts(data, own)),
    }
}

/// Unary minus on a borrowed and on an owned tensor.
macro_rules! neg {
    ($([$($lt:lifetime)?] $Operand:ty),*) => {$(
        impl<$($lt,)? T, D, S> Neg for $Operand
        where
            D: Data<Elem = T>,
            T: Copy + Shared + Neg<Output = T>,
            S: AnyShape,
            New<S, HomeOf<D, S>>: OwnedData<T, S>,
        {
            type Output = Owned<T, S, HomeOf<D, S>>;

            /// Every element negated.
            #[inline]
            fn neg(self) -> Self::Output {
                let a: &TensorBase<D, S> = &self;
                (-a.lazy()).eager()
            }
        }
    )*};
}

neg!(['a] &'a TensorBase<D, S>, [] TensorBase<D, S>);

/// One compound-assignment operator, with a tensor (stretched to the left's shape) or a scalar.
macro_rules! assign_op {
    ($Op:ident, $method:ident) => {
        assign_op!(@tensor $Op, $method, [&'b TensorBase<D2, S2>] ['b]);
        assign_op!(@tensor $Op, $method, [TensorBase<D2, S2>] []);
        for_each_scalar!(assign_op!(@scalar $Op, $method,));
    };
    (@scalar $Op:ident, $method:ident, $($t:ty)*) => {$(
        impl<D, S> $Op<$t> for TensorBase<D, S>
        where
            D: DataMut<Elem = $t>,
            S: AnyShape,
        {
            /// Every element with the scalar `rhs`, in place.
            #[inline]
            fn $method(&mut self, rhs: $t) {
                self.as_mut_slice().iter_mut().for_each(|x| x.$method(rhs));
            }
        }
    )*};
    (@tensor $Op:ident, $method:ident, [$($Rhs:tt)*] [$($lt:lifetime),*]) => {
        impl<$($lt,)* T, D, D2, S, S2> $Op<$($Rhs)*> for TensorBase<D, S>
        where
            D: DataMut<Elem = T>,
            D2: Data<Elem = T>,
            T: Copy + Shared + $Op,
            S: AnyShape,
            S2: AnyBroadcastTo<S>,
        {
            /// Element-wise in place, `rhs` stretched to this shape; nothing is materialized.
            #[inline]
            fn $method(&mut self, rhs: $($Rhs)*) {
                let b: &TensorBase<D2, S2> = &rhs;
                self.update_with(b.lazy().0, |mut x, y| {
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
