//! Shapes and axis sets as types: type-level lists of numbers.
//!
//! `shape![2, 3]` is `Cons<Dim<2>, Cons<Dim<3>, Nil>>`, and rustc prints it that way in an error.
//! Each [`Dim`] stands for a typenum number ([`Number`]), which the rules compare and multiply;
//! sizes beyond typenum's table of constants are [`Big`], which carries the typenum binary form
//! itself, so any `usize` works. Think of `S: Shape` as a `const DIMS: &[usize]` that the type
//! system can compute with: [`Shape::DIMS`], [`AnyShape::RANK`] and [`Shape::LEN`] are constants,
//! and [`Shape::Len`] is the element count as a type, for `generic_array` storage.

use core::fmt;
use core::marker::PhantomData;
use core::ops::Mul;

use generic_array::ArrayLength;
use typenum::{Const, Prod, ToUInt, U, Unsigned};

use crate::dynamic::{DynShape, MAX_RANK};
pub use crate::size::Dyn;

/// The empty list: the scalar shape `shape![]`, or the empty axis set `axes![]`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(shapecast::shape::Nil, shape![]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Nil;

/// A non-empty list: the size (or axis) `H` before the list `T`.
///
/// As a value it holds its entries: a shape of fixed sizes is zero-sized, and a shape with
/// run-time sizes ([`Dyn`]) carries their values.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::shape::{Cons, Dim, Nil};
/// static_assertions::assert_type_eq_all!(Cons<Dim<2>, Cons<Dim<3>, Nil>>, shape![2, 3]);
/// assert_eq!(size_of::<shape![2, 3]>(), 0);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cons<H, T> {
    pub(crate) head: H,
    pub(crate) tail: T,
}

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

impl<const N: usize, U> Clone for Big<N, U> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<const N: usize, U> Copy for Big<N, U> {}
impl<const N: usize, U> Default for Big<N, U> {
    fn default() -> Self {
        Big(PhantomData)
    }
}
impl<const N: usize, U> PartialEq for Big<N, U> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<const N: usize, U> Eq for Big<N, U> {}
impl<const N: usize, U> core::hash::Hash for Big<N, U> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// The size of one axis, as a type: fixed ([`Dim`], [`Big`]) or bound at run time ([`Dyn`]).
/// Its value is the size.
///
/// ```
/// use shapecast::shape::{Dim, Extent};
/// assert_eq!(Dim::<3>.get(), 3);
/// assert_eq!(<Dim<3> as Extent>::FIXED, Some(3));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the size of an axis",
    label = "not a size",
    note = "a size is a run-time size made by `bind!` (`Dyn`) or a fixed size (`Dim`); in `dims![…]`, write a bound size (`samples`), an integer literal (`4`), or a constant in braces (`{{FEATURES}}`)"
)]
pub trait Extent: Copy + sealed::FromValue {
    /// Whether the size is fixed or bound at run time (what the pair rule dispatches on).
    #[doc(hidden)]
    type Kind;
    /// The size, if it is fixed.
    const FIXED: Option<usize>;
    /// The size.
    fn get(self) -> usize;
}

impl<const N: usize> Extent for Dim<N> {
    type Kind = crate::typelevel::Fixed;
    const FIXED: Option<usize> = Some(N);
    #[inline(always)]
    fn get(self) -> usize {
        N
    }
}

impl<const N: usize, U> Extent for Big<N, U> {
    type Kind = crate::typelevel::Fixed;
    const FIXED: Option<usize> = Some(N);
    #[inline(always)]
    fn get(self) -> usize {
        N
    }
}

pub(crate) mod sealed {
    //! Only shapecast's own types are sizes and shapes: a size's value must be the one its type
    //! promises, so nothing outside the crate may make one from a number.

    /// A size made from its value, by the crate only.
    pub trait FromValue {
        fn from_value(value: usize) -> Self;
    }
    impl<const N: usize> FromValue for super::Dim<N> {
        #[inline(always)]
        fn from_value(_: usize) -> Self {
            super::Dim
        }
    }
    impl<const N: usize, U> FromValue for super::Big<N, U> {
        #[inline(always)]
        fn from_value(_: usize) -> Self {
            super::Big(core::marker::PhantomData)
        }
    }
    impl<N> FromValue for crate::size::Dyn<'_, N> {
        #[inline(always)]
        fn from_value(value: usize) -> Self {
            crate::size::Dyn::trusted(value)
        }
    }

    /// A shape made from its sizes, by the crate only.
    pub trait FromExtents: Sized {
        /// The shape whose sizes are `dims` (fixed ones ignored), for outputs whose run-time
        /// sizes the types prove equal to `dims`.
        fn from_extents(dims: &[usize]) -> Self;
    }
    impl FromExtents for super::Nil {
        #[inline(always)]
        fn from_extents(_: &[usize]) -> Self {
            super::Nil
        }
    }
    impl<H: FromValue, T: FromExtents> FromExtents for super::Cons<H, T> {
        #[inline(always)]
        fn from_extents(dims: &[usize]) -> Self {
            let (first, rest) = dims.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
            super::Cons { head: H::from_value(first), tail: T::from_extents(rest) }
        }
    }
}

/// A size or axis position as a type: [`Dim`] or [`Big`], with its value as typenum's
/// `Unsigned` for the type-level comparisons and products.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number the type level can compute with",
    label = "this size has no typenum number",
    note = "`Dim<N>` needs typenum to have a constant for `N` (0 to 1024, powers of two, …): a literal size or a braced constant (`shape![{{FEATURES}}]`) with such a value works, but a const generic parameter (`shape![{{B}}]`) never does, since typenum cannot map a generic `N`",
    note = "for a size that varies, take the whole shape as a generic (`fn f<S: Shape>(x: &Tensor<f32, S>)`), or bind a run-time size (`bind!`, `shape![Batch, 16]`)"
)]
pub trait Number: Copy + Default + Send + Sync + 'static {
    /// The value as a typenum number.
    type U: Unsigned + Send + Sync + 'static;
}

#[diagnostic::do_not_recommend]
impl<const N: usize> Number for Dim<N>
where
    Const<N>: ToUInt,
    U<N>: Unsigned + Send + Sync + 'static,
{
    type U = U<N>;
}

#[diagnostic::do_not_recommend]
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
    message = "`{Self}` is not a shape of fixed sizes",
    label = "a shape of fixed sizes is needed here",
    note = "a shape that holds a run-time size (`Dyn`) has no element count known at compile time; it works with the operations that take any shape (`AnyShape`), and `cast_shape` converts between it and a fixed shape, checked at run time"
)]
pub trait Shape: List + AnyShape<Kind = crate::typelevel::Fixed> {
    /// The element count (1 for `shape![]`).
    const LEN: usize;
    /// The sizes, outermost first.
    const DIMS: &'static [usize] = Self::ITEMS;
    /// The element count as a typenum number: the length of a `GenericArray` holding the data.
    type Len: ArrayLength;

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
}

// Two checks, each with its own message: every size is fixed (`FixedSizes`), and the product
// of the sizes fits in `usize` (`CountFits`). The impl itself is not `do_not_recommend`, so that
// rustc reports whichever of the two fails, in its own words.
impl<H, T> Shape for Cons<H, T>
where
    Self: FixedSizes,
    ElementCount: CountFits<Self>,
{
    const LEN: usize = <<ElementCount as CountFits<Self>>::Len as Unsigned>::USIZE;
    type Len = <ElementCount as CountFits<Self>>::Len;
}

/// Every size of the list is fixed: the half of [`Shape`] that a shape with a run-time size
/// ([`Dyn`]) fails.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape of fixed sizes",
    label = "a shape of fixed sizes is needed here",
    note = "a shape that holds a run-time size (`Dyn`) has no element count known at compile time; it works with the operations that take any shape (`AnyShape`), and `cast_shape` converts between it and a fixed shape, checked at run time"
)]
pub trait FixedSizes: List + AnyShape<Kind = crate::typelevel::Fixed> {}

#[diagnostic::do_not_recommend]
impl FixedSizes for Nil {}

#[diagnostic::do_not_recommend]
impl<H, T> FixedSizes for Cons<H, T>
where
    H: Number + Extent<Kind = crate::typelevel::Fixed>,
    T: FixedSizes,
{
}

/// The element count of a shape, the subject of [`CountFits`]. (A type of its own, not the
/// shape: rustc then reports [`CountFits`]'s message, not [`Shape`]'s.)
#[doc(hidden)]
pub struct ElementCount;

/// The element count of the list of sizes `S` as a typenum number, which exists only when it
/// fits in `usize`: the half of [`Shape`] that a shape of too many elements fails. A run-time
/// size counts as 0 here (such a shape is not a [`Shape`] anyway: it fails [`FixedSizes`]).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the element count of the shape `{S}` overflows usize: the product of its sizes must fit",
    label = "this shape has more elements than usize can count",
    note = "each size fits in usize, and the shapes may well broadcast together; only the product of the sizes is too large"
)]
pub trait CountFits<S> {
    /// The element count.
    type Len: ArrayLength;
}

#[diagnostic::do_not_recommend]
impl<S: Count> CountFits<S> for ElementCount {
    type Len = S::Len;
}

/// The element count of a list of sizes, when it fits in `usize`: what [`CountFits`] asks of the
/// shape itself.
#[doc(hidden)]
pub trait Count {
    /// The element count.
    type Len: ArrayLength;
}

#[diagnostic::do_not_recommend]
impl Count for Nil {
    type Len = typenum::U1;
}

#[diagnostic::do_not_recommend]
impl<H: Extent, T: Count> Count for Cons<H, T>
where
    H::Kind: CountWith<H, T>,
{
    type Len = <H::Kind as CountWith<H, T>>::Len;
}

/// The element count of a size `H` before the sizes `T`, by the size's kind (`Self`). (`T` is
/// the list, not its count, so that an error that names this trait prints sizes, not digits.)
#[doc(hidden)]
pub trait CountWith<H, T> {
    /// The element count.
    type Len: ArrayLength;
}

impl<H: Number, T: Count> CountWith<H, T> for crate::typelevel::Fixed
where
    H::U: Mul<T::Len>,
    Prod<H::U, T::Len>: Fit<UsizeBits>,
    <Prod<H::U, T::Len> as Fit<UsizeBits>>::Len: ArrayLength,
{
    type Len = <Prod<H::U, T::Len> as Fit<UsizeBits>>::Len;
}

/// One more bit of room, before `T`: a count of bits as a type.
#[doc(hidden)]
pub struct Room<T>(PhantomData<T>);
/// No room left.
#[doc(hidden)]
pub struct NoRoom;

type Room2<T> = Room<Room<T>>;
type Room4<T> = Room2<Room2<T>>;
type Room8<T> = Room4<Room4<T>>;
type Room16<T> = Room8<Room8<T>>;
type Room32<T> = Room16<Room16<T>>;
/// As many bits of room as `usize` has.
#[cfg(target_pointer_width = "64")]
type UsizeBits = Room32<Room32<NoRoom>>;
#[cfg(target_pointer_width = "32")]
type UsizeBits = Room32<NoRoom>;
#[cfg(target_pointer_width = "16")]
type UsizeBits = Room16<NoRoom>;

/// A typenum number (`Self`) rebuilt bit by bit within `Bits` bits of room: no impl once the
/// room runs out, so that an element count that does not fit in `usize` never becomes a number
/// (and so never becomes a wall of `UInt<UInt<…>>` in an error elsewhere).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the element count of a shape overflows usize: the product of its sizes must fit",
    label = "this shape has more elements than usize can count",
    note = "each size fits in usize, and the shapes may well broadcast together; only the product of the sizes is too large"
)]
pub trait Fit<Bits> {
    /// `Self`.
    type Len;
}

#[diagnostic::do_not_recommend]
impl<Bits> Fit<Bits> for typenum::UTerm {
    type Len = typenum::UTerm;
}

#[diagnostic::do_not_recommend]
impl<U: Fit<Bits>, B, Bits> Fit<Room<Bits>> for typenum::UInt<U, B> {
    type Len = typenum::UInt<U::Len, B>;
}

impl<H, T> CountWith<H, T> for crate::typelevel::Runtime {
    type Len = typenum::U0;
}

/// Any shape: fixed sizes, run-time sizes ([`Dyn`]), or both. A value of it holds the run-time
/// sizes (a shape of fixed sizes is zero-sized); [`Shape`] is the fixed case, with everything
/// known as constants.
///
/// ```
/// use shapecast::prelude::*;
///
/// struct Samples;
/// shapecast::bind!(let samples: Samples = 150);
/// let shape = shapecast::dims![samples, 4]; // a value of shape![Samples, 4]
/// assert_eq!((shape.rank(), &*shape.extents(), shape.element_count()), (2, &[150, 4][..], 600));
/// ```
pub trait AnyShape: Copy + sealed::FromExtents {
    /// The number of axes.
    const RANK: usize;
    /// The sizes, fixed ones as they are and run-time ones as 0: what is known at compile time.
    #[doc(hidden)]
    const STATIC: [usize; MAX_RANK];
    /// Whether every size is fixed (what an owned output's storage is chosen by).
    #[doc(hidden)]
    type Kind;
    /// Whether every size is fixed: then [`STATIC`](Self::STATIC) is the whole shape, and the
    /// kernels' plans are constants.
    #[doc(hidden)]
    const FIXED: bool;

    /// The number of axes.
    #[inline(always)]
    fn rank(&self) -> usize {
        Self::RANK
    }

    /// The sizes, outermost first.
    fn extents(&self) -> DynShape {
        let mut dims = [0; MAX_RANK];
        self.write_extents(&mut dims);
        DynShape::try_from_slice(&dims[..Self::RANK]).unwrap_or_default()
    }

    /// Writes the sizes, outermost first, into the first `RANK` entries of `out`.
    #[doc(hidden)]
    fn write_extents(&self, out: &mut [usize]);

    /// The element count: the product of the sizes (for a shape that holds data, checked not to
    /// overflow when the data came in).
    #[inline]
    fn element_count(&self) -> usize {
        let mut dims = [0; MAX_RANK];
        self.write_extents(&mut dims);
        dims[..Self::RANK].iter().fold(1, |n: usize, &d| n.wrapping_mul(d))
    }
}

impl AnyShape for Nil {
    const RANK: usize = 0;
    const FIXED: bool = true;
    const STATIC: [usize; MAX_RANK] = [0; MAX_RANK];
    type Kind = crate::typelevel::Fixed;
    #[inline(always)]
    fn write_extents(&self, _: &mut [usize]) {}
}

impl<H: Extent, T: AnyShape> AnyShape for Cons<H, T>
where
    H::Kind: crate::typelevel::Join<T::Kind>,
{
    const RANK: usize = T::RANK + 1;
    const FIXED: bool = H::FIXED.is_some() && T::FIXED;
    const STATIC: [usize; MAX_RANK] = {
        let tail = T::STATIC;
        let mut all = [0; MAX_RANK];
        all[0] = match H::FIXED {
            Some(n) => n,
            None => 0,
        };
        let mut i = 1;
        while i < MAX_RANK {
            all[i] = tail[i - 1];
            i += 1;
        }
        all
    };
    type Kind = <H::Kind as crate::typelevel::Join<T::Kind>>::Output;
    #[inline(always)]
    fn write_extents(&self, out: &mut [usize]) {
        if let Some((first, rest)) = out.split_first_mut() {
            *first = self.head.get();
            self.tail.write_extents(rest);
        }
    }
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
