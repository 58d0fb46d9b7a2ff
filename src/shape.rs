//! Shapes and axis sets as types: type-level lists of numbers.
//!
//! `shape![2, 3]` is `Cons<Dim<2>, Cons<Dim<3>, Nil>>`, and rustc prints it that way in an error.
//! Each [`Dim`] stands for a typenum number ([`Number`]), which the rules compare and multiply;
//! sizes beyond typenum's table of constants are [`Big`], which carries the typenum binary form
//! itself, so any `usize` works. Think of `S: Shape` as a `const DIMS: &[usize]` that the type
//! system can compute with: [`Shape::DIMS`], [`Shape::RANK`] and [`Shape::LEN`] are constants,
//! and [`Shape::Len`] is the element count as a type, for `generic_array` storage.

use core::fmt;
use core::marker::PhantomData;
use core::ops::Mul;

use generic_array::ArrayLength;
use typenum::{Const, Prod, ToUInt, U, Unsigned};

use crate::dynamic::MAX_RANK;

/// The empty list: the scalar shape `shape![]`, or the empty axis set `axes![]`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(shapecast::shape::Nil, shape![]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Nil;

/// A non-empty list: the size (or axis) `H`, a [`Number`], before the list `T`.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::shape::{Cons, Dim, Nil};
/// static_assertions::assert_type_eq_all!(Cons<Dim<2>, Cons<Dim<3>, Nil>>, shape![2, 3]);
/// ```
pub struct Cons<H, T>(PhantomData<(H, T)>);

impl<H, T> Clone for Cons<H, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<H, T> Copy for Cons<H, T> {}
impl<H, T> Default for Cons<H, T> {
    fn default() -> Self {
        Cons(PhantomData)
    }
}
impl<H, T> PartialEq for Cons<H, T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<H, T> Eq for Cons<H, T> {}

/// The number `N` as a type, for every `N` in typenum's table of constants (0 to 1024, and some
/// larger ones such as powers of two): what `shape!` and `axes!` write, and what rustc prints.
///
/// ```
/// use shapecast::shape::{Dim, Number};
/// use typenum::Unsigned;
/// assert_eq!(<Dim<3> as Number>::U::USIZE, 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dim<const N: usize>;

/// The number `N` as a type when typenum has no constant for it: `U` is its typenum binary
/// form, written out by the macros (`shape![1500]` is `Cons<Big<1500, UInt<…>>, Nil>`).
///
/// ```
/// use shapecast::prelude::*;
/// assert_eq!(<shape![1500, 65537]>::DIMS, [1500, 65537]);
/// ```
pub struct Big<const N: usize, U>(PhantomData<U>);

/// A size or axis position as a type: [`Dim`] or [`Big`], with its value as typenum's
/// `Unsigned` for the type-level comparisons and products.
pub trait Number: Send + Sync + 'static {
    /// The value as a typenum number.
    type U: Unsigned + Send + Sync + 'static;
}

impl<const N: usize> Number for Dim<N>
where
    Const<N>: ToUInt,
    U<N>: Unsigned + Send + Sync + 'static,
{
    type U = U<N>;
}

impl<const N: usize, V: Unsigned + Send + Sync + 'static> Number for Big<N, V> {
    type U = V;
}

/// A type-level list of numbers, with its entries as constants. Shared by [`Shape`] and [`Axes`].
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::shape::List;
/// assert_eq!(<shape![2, 3] as List>::ITEMS, [2, 3]);
/// ```
pub trait List: Copy + Default + Send + Sync + 'static {
    /// The number of entries.
    const COUNT: usize;
    /// The entries, padded with zeros to [`MAX_RANK`] (how a constant list is built without
    /// generic constant expressions).
    #[doc(hidden)]
    const PADDED: [usize; MAX_RANK];
    /// The entries.
    const ITEMS: &'static [usize] = Self::PADDED.split_at(Self::COUNT).0;
}

impl List for Nil {
    const COUNT: usize = 0;
    const PADDED: [usize; MAX_RANK] = [0; MAX_RANK];
}

impl<H: Number, T: List> List for Cons<H, T> {
    const COUNT: usize = T::COUNT + 1;
    const PADDED: [usize; MAX_RANK] = {
        assert!(Self::COUNT <= MAX_RANK, "shapecast: a list has more than 64 entries");
        let tail = T::PADDED;
        let mut padded = [H::U::USIZE; MAX_RANK];
        let mut i = 1;
        while i < MAX_RANK {
            padded[i] = tail[i - 1];
            i += 1;
        }
        padded
    };
}

/// A shape known at compile time: what `shape![…]` and `broadcast!(…)` name.
///
/// ```
/// use shapecast::prelude::*;
///
/// type S = shape![2, 3];
/// assert_eq!((S::RANK, S::LEN, S::dims()), (2, 6, &[2, 3][..]));
/// assert_eq!(<shape![]>::LEN, 1); // a scalar has one element
/// assert_eq!(<shape![1500, 65537]>::LEN, 98_305_500); // no table of sizes
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape",
    label = "expected a shape type here",
    note = "a shape is a bracketed list of sizes in `broadcast!` (`[2, 3]`), or a shape type: `shape![2, 3]`, an alias of one, or a generic parameter bounded by `Shape`"
)]
pub trait Shape: List {
    /// The number of axes.
    const RANK: usize = Self::COUNT;
    /// The element count (1 for `shape![]`).
    const LEN: usize;
    /// The sizes, outermost first.
    const DIMS: &'static [usize] = Self::ITEMS;
    /// The element count as a typenum number: the length of a `GenericArray` holding the data.
    type Len: ArrayLength;
    /// `Self`: `broadcast!` names a type operand `A` as `<A as Shape>::Itself`, so that a type
    /// that is not a shape gets one error, which says so, and not one per trait of the form.
    #[doc(hidden)]
    type Itself: Shape;

    /// The sizes, outermost first.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(<shape![4, 1]>::dims(), [4, 1]);
    /// ```
    fn dims() -> &'static [usize] {
        Self::DIMS
    }
}

impl Shape for Nil {
    const LEN: usize = 1;
    type Len = typenum::U1;
    type Itself = Nil;
}

/// The element count of a list of sizes as a typenum number, axis by axis.
///
/// Kept apart from [`Shape`] so that a shape's proof does not nest one `Shape` per axis with
/// an `ArrayLength` proof (itself a comparison with `usize::MAX`, bit by bit) at the bottom: the
/// count nests one level per axis, and `ArrayLength` is proved once, for the whole count. With
/// both at the bottom of one chain, rank 57 and above passed rustc's default recursion limit.
#[doc(hidden)]
pub trait Count {
    /// The product of the sizes.
    type N;
}

impl Count for Nil {
    type N = typenum::U1;
}

impl<H: Number, T: Count> Count for Cons<H, T>
where
    H::U: Mul<T::N>,
{
    type N = Prod<H::U, T::N>;
}

/// The product of `dims`, at compile time (a shape's `LEN`).
const fn product(dims: &[usize]) -> usize {
    let (mut n, mut i) = (1usize, 0);
    while i < dims.len() {
        n = match n.checked_mul(dims[i]) {
            Some(n) => n,
            None => panic!("shapecast: the element count of a shape overflows usize"),
        };
        i += 1;
    }
    n
}

impl<H, T> Shape for Cons<H, T>
where
    H: Number,
    T: List,
    Self: Count,
    <Self as Count>::N: ArrayLength,
{
    const LEN: usize = product(Self::ITEMS);
    type Len = <Self as Count>::N;
    type Itself = Self;
}

/// A set of axis positions known at compile time: what `axes![…]` names.
///
/// ```
/// use shapecast::prelude::*;
///
/// type A = axes![0, 2];
/// assert_eq!((A::LEN, A::axes()), (2, &[0, 2][..]));
/// ```
pub trait Axes: Copy + Default + Send + Sync + 'static {
    /// The number of axes in the set.
    const LEN: usize;
    /// The positions as a type-level list (what the broadcast traits walk).
    type List: List;
    /// The positions, in increasing order.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// assert_eq!(<axes![1, 3]>::axes(), [1, 3]);
    /// ```
    fn axes() -> &'static [usize] {
        Self::List::ITEMS
    }
}

/// A set of axis positions: `axes![0, 2]` is `AxisSet<Cons<Dim<0>, Cons<Dim<2>, Nil>>>`. A type of its
/// own, so that a shape is never mistaken for an axis set.
///
/// ```
/// use shapecast::prelude::*;
/// assert_eq!(format!("{:?}", <axes![0, 2]>::default()), "{0, 2}");
/// ```
pub struct AxisSet<L>(PhantomData<L>);

impl<L> Clone for AxisSet<L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<L> Copy for AxisSet<L> {}
impl<L> Default for AxisSet<L> {
    fn default() -> Self {
        AxisSet(PhantomData)
    }
}

impl<L: List> Axes for AxisSet<L> {
    const LEN: usize = L::COUNT;
    type List = L;
}

impl<L: List> fmt::Debug for AxisSet<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(L::ITEMS).finish()
    }
}

impl fmt::Debug for Nil {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[]")
    }
}

impl<H, T> fmt::Debug for Cons<H, T>
where
    Self: List,
{
    /// Prints the entries as `[2, 3]`, not as the typenum types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(Self::ITEMS).finish()
    }
}
