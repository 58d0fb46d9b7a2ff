//! Taking a list apart at a position and putting it back together: the entry at a position with
//! the list without it (`squeeze`), a size inserted at a position (`stack`), and an axis
//! counter that an error message can print.

use core::marker::PhantomData;
use core::ops::Sub;

use typenum::{B1, Sub1, UInt, UTerm};

use crate::shape::{Cons, Nil};

/// `TakeAt(l, i)`: the entry of `l` at position `i` (`Entry`), and `l` without it (`Rest`).
pub trait TakeAt<I> {
    /// The entry at position `i`.
    type Entry;
    /// The list without it.
    type Rest;
}
impl<H, T> TakeAt<UTerm> for Cons<H, T> {
    type Entry = H;
    type Rest = T;
}
#[diagnostic::do_not_recommend]
impl<H, T, U, B> TakeAt<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: TakeAt<Sub1<UInt<U, B>>>,
{
    type Entry = <T as TakeAt<Sub1<UInt<U, B>>>>::Entry;
    type Rest = Cons<H, <T as TakeAt<Sub1<UInt<U, B>>>>::Rest>;
}

/// `InsertSizeAt(l, i, x)`: `l` with `x` inserted before position `i` (`i = len(l)` appends).
pub trait InsertSizeAt<I, X> {
    /// The longer list.
    type Output;
}
impl<L, X> InsertSizeAt<UTerm, X> for L {
    type Output = Cons<X, L>;
}
#[diagnostic::do_not_recommend]
impl<H, T, U, B, X> InsertSizeAt<UInt<U, B>, X> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: InsertSizeAt<Sub1<UInt<U, B>>, X>,
{
    type Output = Cons<H, <T as InsertSizeAt<Sub1<UInt<U, B>>, X>>::Output>;
}

/// `InsertSizeAtOr(l, i, x)`: [`InsertSizeAt`], and past the end `x` appended: an insertion
/// that never fails, for a rule that checks the position apart ([`InsertCheck`]).
///
/// [`InsertCheck`]: crate::typelevel::InsertCheck
pub trait InsertSizeAtOr<I, X> {
    /// The longer list.
    type Output;
}
impl<L, X> InsertSizeAtOr<UTerm, X> for L {
    type Output = Cons<X, L>;
}
impl<U, B, X> InsertSizeAtOr<UInt<U, B>, X> for Nil {
    type Output = Cons<X, Nil>;
}
impl<H, T, U, B, X> InsertSizeAtOr<UInt<U, B>, X> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: InsertSizeAtOr<Sub1<UInt<U, B>>, X>,
{
    type Output = Cons<H, <T as InsertSizeAtOr<Sub1<UInt<U, B>>, X>>::Output>;
}

/// The axis numbered `K`, as a type: the counter of a walk over a shape whose errors name the
/// axis where they stop (rustc prints it `Axis<1>`).
///
/// ```
/// use shapecast::algebra::Axis;
/// assert_eq!(Axis::<1>::INDEX, 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Axis<const K: usize>;

impl<const K: usize> Axis<K> {
    /// The axis' number, counted from 0, outermost first.
    pub const INDEX: usize = K;
}

/// The next axis: `Axis<K + 1>`, for the 64 axes a shape may have.
pub trait NextAxis {
    /// The next axis.
    type Output;
}

/// `impl NextAxis for Axis<k> { type Output = Axis<k + 1>; }` for each pair `k k+1` listed.
macro_rules! next_axis {
    ($($k:literal $next:literal)*) => {$(
        impl NextAxis for Axis<$k> {
            type Output = Axis<$next>;
        }
    )*};
}
next_axis! {
    0 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12 13 13 14 14 15 15 16
    16 17 17 18 18 19 19 20 20 21 21 22 22 23 23 24 24 25 25 26 26 27 27 28 28 29 29 30 30 31 31 32
    32 33 33 34 34 35 35 36 36 37 37 38 38 39 39 40 40 41 41 42 42 43 43 44 44 45 45 46 46 47 47 48
    48 49 49 50 50 51 51 52 52 53 53 54 54 55 55 56 56 57 57 58 58 59 59 60 60 61 61 62 62 63 63 64
}

/// `Axis<K>` after `Axis<K>` in a walk.
pub type Next<K> = <K as NextAxis>::Output;

/// Where a walk stands: at the axis it looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Here;

/// Where a walk stands: one axis before `P`. `Ahead<Ahead<Here>>` is two axes before the one
/// looked for; unlike a typenum number, it reads as itself in an error's notes.
pub struct Ahead<P>(PhantomData<P>);

/// How far a walk from axis 0 is from axis `K` (`Self = Axis<K>`): `Here` for axis 0,
/// `Ahead<…>` once per axis before it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is past the 64 axes a shape may have",
    label = "no such axis in any shape",
    note = "a shape has at most 64 axes, numbered from 0"
)]
pub trait Distance {
    /// `Here` inside `K` `Ahead`s.
    type Output;
}
impl Distance for Axis<0> {
    type Output = Here;
}

/// `impl Distance for Axis<k> { type Output = Ahead<Distance of Axis<k − 1>>; }` for each pair
/// `k k−1` listed.
macro_rules! distance {
    ($($k:literal $prev:literal)*) => {$(
        impl Distance for Axis<$k> {
            type Output = Ahead<<Axis<$prev> as Distance>::Output>;
        }
    )*};
}
distance! {
    1 0 2 1 3 2 4 3 5 4 6 5 7 6 8 7 9 8 10 9 11 10 12 11 13 12 14 13 15 14 16 15
    17 16 18 17 19 18 20 19 21 20 22 21 23 22 24 23 25 24 26 25 27 26 28 27 29 28 30 29 31 30 32 31
    33 32 34 33 35 34 36 35 37 36 38 37 39 38 40 39 41 40 42 41 43 42 44 43 45 44 46 45 47 46 48 47
    49 48 50 49 51 50 52 51 53 52 54 53 55 54 56 55 57 56 58 57 59 58 60 59 61 60 62 61 63 62 64 63
}
