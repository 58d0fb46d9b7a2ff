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
use shapecast_macros::hot;

use generic_array::ArrayLength;
use typenum::{Const, Prod, ToUInt, U, Unsigned};

pub use crate::size::Dyn;
use crate::typelevel::{Checked, ListRank, NotLonger, Rank, Same};
use shapecast_rules::{DynShape, MAX_RANK};

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
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cons<H, T> {
    pub(crate) head: H,
    pub(crate) tail: T,
}

/// A list of entries that are each `Default`: a shape of fixed sizes (`shape![2, 3]`), an axis
/// set. Not a shape with a run-time size, whose value only `bind!` gives (the bound says so in
/// its error).
///
/// ```
/// use shapecast::prelude::*;
/// let _fixed: shape![4, 2] = Default::default();
/// ```
///
/// ```compile_fail,E0277
/// use shapecast::prelude::*;
/// struct Rows;
/// let _forged: shape![Rows<'static>, 2] = Default::default();
/// ```
impl<H: DefaultSize, T: Default> Default for Cons<H, T> {
    fn default() -> Self {
        Cons { head: H::default_size(), tail: T::default() }
    }
}

/// What `Default` of a shape asks of each of its sizes: that it is `Default`, as a fixed size
/// ([`Dim`]) is and a run-time size ([`Dyn`], or one computed from it) is not, its
/// value coming only from `bind!`. Every `Default` type has it; a trait of its own so that a
/// run-time size made by `Default` is reported in these words.
///
/// ```
/// use shapecast::prelude::*;
/// let _fixed: shape![4, 2] = Default::default();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a size known only at run time, and `Default` cannot make one",
    label = "a run-time size made by `Default`",
    note = "a run-time size comes only from `bind!` (a computed one, `Times`, `Over` or `Minus`, only from the operation that computes and checks it), so that its value is the one its type promises; a shape value that holds one comes from `dims![…]` or a tensor's `shape()`",
    note = "a shape of fixed sizes is `Default`: `<shape![2, 3]>::default()`"
)]
pub trait DefaultSize {
    /// The entry's default value.
    fn default_size() -> Self;
}
#[diagnostic::do_not_recommend]
impl<H: Default> DefaultSize for H {
    #[shapecast_macros::hot]
    fn default_size() -> Self {
        H::default()
    }
}

/// What `Default` of a tensor on the heap asks of its shape: fixed sizes (a [`Shape`], whose
/// element count is known), and so `Default`. Every such shape has it; a trait of its own so
/// that a run-time size there is reported as [`DefaultSize`] reports it.
///
/// ```
/// use shapecast::prelude::*;
/// let t: BoxedTensor<f32, shape![2, 3]> = Default::default();
/// assert_eq!(t.as_slice(), [0.0; 6]);
/// ```
#[diagnostic::on_unimplemented(
    message = "a tensor made by `Default` needs a shape of fixed sizes, and a run-time size cannot be made by `Default`",
    label = "a tensor of a run-time shape made by `Default`",
    note = "a run-time size comes only from `bind!` (a computed one, `Times`, `Over` or `Minus`, only from the operation that computes and checks it), so that its value is the one its type promises; a tensor of a run-time shape is built from a shape value, `BoxedTensor::from_shape_fn(dims![rows, 2], …)`",
    note = "a tensor of fixed sizes is `Default`: `BoxedTensor::<f32, shape![2, 3]>::default()`"
)]
pub trait DefaultShape: Shape + Default {}
#[diagnostic::do_not_recommend]
impl<S: Shape + Default> DefaultShape for S {}

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
    type Kind: crate::typelevel::Kind;
    /// The size, if it is fixed.
    const FIXED: Option<usize>;
    /// The size.
    fn get(self) -> usize;

    /// Writes the size as `Debug` shows it in a shape: `4`, or `Samples = 150` for a run-time size.
    #[doc(hidden)]
    fn describe(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }

    /// The size itself: how `dims!` checks that an entry is a size, named by the trait so that
    /// the error names no function of the crate.
    #[doc(hidden)]
    #[hot]
    fn entry(self) -> Self {
        self
    }

    /// How tightly the size's name binds when it stands beside an operator: a number or a name
    /// the most, a product or quotient (2) more than a sum or difference (1).
    #[doc(hidden)]
    const PRECEDENCE: u8 = 3;

    /// Writes the size as the types name it: `4`, `Samples`, `Batch*16`, `(A+B)*4`.
    #[doc(hidden)]
    fn write_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Self::FIXED {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("?"),
        }
    }
}

impl<const N: usize> Extent for Dim<N> {
    type Kind = crate::typelevel::Fixed;
    const FIXED: Option<usize> = Some(N);
    #[hot]
    fn get(self) -> usize {
        N
    }
}

/// `U` is the size, which `N` names: the element count of a shape is computed from `U`, so
/// a `Big` whose two disagree (`Big<9, U3>`, written by hand) is refused when a kernel uses
/// it, at compile time, and reads as `U` everywhere else.
impl<const N: usize, U: Unsigned> Extent for Big<N, U> {
    type Kind = crate::typelevel::Fixed;
    const FIXED: Option<usize> = {
        assert!(U::USIZE == N, "`Big<N, U>` must have `U` equal to `N` (as `shape!` writes it)");
        Some(U::USIZE)
    };
    #[hot]
    fn get(self) -> usize {
        U::USIZE
    }
}

impl<Name> Extent for Dyn<'_, Name> {
    type Kind = crate::typelevel::Runtime;
    const FIXED: Option<usize> = None;
    #[hot]
    fn get(self) -> usize {
        Dyn::get(self)
    }
    fn describe(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
    fn write_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let full = core::any::type_name::<Name>();
        f.write_str(full.rsplit("::").next().unwrap_or(full))
    }
}

pub(crate) mod sealed {
    //! Only shapecast's own types are sizes and shapes, and only shapecast makes their values
    //! from numbers: a size's value must be the one its type promises.
    //!
    //! Sealing (a public trait in a private module) stops other crates from *implementing* a
    //! trait, not from *calling* its methods through a generic bound: `E::from_value(3)` on an
    //! `E: Extent` would compile anywhere. So each constructor also takes a [`Proof`], which only
    //! this crate can make: other crates can neither name it nor build one. The parameter is
    //! generic over [`Proven`], which only `Proof` implements, so that not even a diverging
    //! argument (`E::from_value(3, todo!())`) type-checks outside the crate.

    /// Implemented by the crate's own lists, numbers and axis sets only.
    pub trait Sealed {}
    impl Sealed for super::Nil {}
    impl<H, T> Sealed for super::Cons<H, T> {}
    impl<const N: usize> Sealed for super::Dim<N> {}
    impl<const N: usize, U> Sealed for super::Big<N, U> {}
    impl<L> Sealed for super::AxisSet<L> {}

    /// The crate's word that the types prove the values it passes with it (an output's run-time
    /// sizes, taken from its operands'). Not `Default`, and not constructible elsewhere: the
    /// field is private to this module, and only [`Proof::new`] makes one, within the crate.
    #[derive(Clone, Copy)]
    pub struct Proof(());

    impl Proof {
        /// A proof, for a constructor call whose values the caller's types guarantee.
        #[shapecast_macros::hot]
        pub(crate) const fn new() -> Self {
            Proof(())
        }
    }

    /// Implemented by [`Proof`] only: what a constructor's proof parameter must be.
    #[diagnostic::on_unimplemented(
        message = "only shapecast makes a size or a shape value from numbers",
        label = "not shapecast's own proof",
        note = "a run-time size comes from `bind!`, a shape value from `dims![…]` or a tensor's `shape()`; to give data another shape, convert it with the checked `cast_shape` or `to_fixed`"
    )]
    pub trait Proven: Copy {}
    // Not offered in an error as the type to pass: it is private.
    #[diagnostic::do_not_recommend]
    impl Proven for Proof {}

    /// A size made from its value, by the crate only.
    pub trait FromValue {
        fn from_value<P: Proven>(value: usize, proof: P) -> Self;
    }
    impl<const N: usize> FromValue for super::Dim<N> {
        #[shapecast_macros::hot]
        fn from_value<P: Proven>(_: usize, _: P) -> Self {
            super::Dim
        }
    }
    impl<const N: usize, U> FromValue for super::Big<N, U> {
        #[shapecast_macros::hot]
        fn from_value<P: Proven>(_: usize, _: P) -> Self {
            super::Big(core::marker::PhantomData)
        }
    }
    impl<N> FromValue for crate::size::Dyn<'_, N> {
        #[shapecast_macros::hot]
        fn from_value<P: Proven>(value: usize, _: P) -> Self {
            crate::size::Dyn::trusted(value)
        }
    }

    /// A shape made from its sizes, by the crate only.
    pub trait FromExtents: Sized {
        /// The shape whose sizes are `dims` (fixed ones ignored), for outputs whose run-time
        /// sizes the types prove equal to `dims`.
        fn from_extents<P: Proven>(dims: &[usize], proof: P) -> Self;
    }
    impl FromExtents for super::Nil {
        #[shapecast_macros::hot]
        fn from_extents<P: Proven>(_: &[usize], _: P) -> Self {
            super::Nil
        }
    }
    impl<H: FromValue, T: FromExtents> FromExtents for super::Cons<H, T> {
        #[shapecast_macros::hot]
        fn from_extents<P: Proven>(dims: &[usize], proof: P) -> Self {
            let (first, rest) = dims.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
            super::Cons { head: H::from_value(first, proof), tail: T::from_extents(rest, proof) }
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
pub trait Number: Copy + Default + Send + Sync + 'static + sealed::Sealed {
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
pub trait List: Copy + Default + Send + Sync + 'static + sealed::Sealed {
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

one_message! {
    #[diagnostic::on_unimplemented(
        message = "this shape holds a run-time size, and a shape of fixed sizes is needed here",
        label = "a shape of fixed sizes is needed here",
        note = "a shape that holds a run-time size (`Dyn`) has no element count known at compile time: for a target with run-time sizes use the `_shape` twin (`broadcast_to_shape(dims![batch, 4])`) or the `_into` one; `cast_shape` converts between a run-time shape and a fixed one, checked at run time"
    )]
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
    pub trait Shape: List + AnyShape<Kind = crate::typelevel::Fixed, Itself = Self> {
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
    /// Every size of the list is fixed: the half of [`Shape`] that a shape with a run-time size
    /// ([`Dyn`]) fails.
    pub trait FixedSizes: List + AnyShape<Kind = crate::typelevel::Fixed, Itself = Self> + Count {}
}

impl Shape for Nil {
    const LEN: usize = 1;
    type Len = typenum::U1;
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

impl<H: CountSize, T: Count> Count for Cons<H, T>
where
    H::U: Mul<T::N>,
{
    type N = Prod<H::U, T::N>;
}

/// A size as a factor of the element count: its number when fixed, 0 when bound at run time
/// (such a shape is not a [`Shape`] anyway; it fails [`FixedSizes`], and only that is reported).
#[doc(hidden)]
pub trait CountSize {
    /// The factor.
    type U;
}
impl<H: Number> CountSize for H {
    type U = H::U;
}
impl<Name> CountSize for Dyn<'_, Name> {
    type U = typenum::U0;
}

one_message! {
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is a run-time size, and a shape of fixed sizes is needed here",
        label = "a shape of fixed sizes is needed here",
        note = "a shape that holds a run-time size (`Dyn`) has no element count known at compile time: for a target with run-time sizes use the `_shape` twin (`broadcast_to_shape(dims![batch, 4])`) or the `_into` one; `cast_shape` converts between a run-time shape and a fixed one, checked at run time"
    )]
    /// A size that is fixed: what each size of a [`Shape`] must be. A run-time size is not, and
    /// a `Dim<N>` is only if typenum has a number for `N` ([`Number`] then says so).
    ///
    /// It holds for every size through [`FixedExtent`], so that a run-time size, which has no
    /// impl of that, is reached as late as a fixed one: a method that names [`AllFixed`]'s proof
    /// then reports it on the size alone.
    pub trait FixedSize: Number + Extent<Kind = crate::typelevel::Fixed> {
        /// `()`: computed, it checks the size.
        type Proof;
    }
    /// A fixed size: a `Dim<N>` that typenum has a number for, or a `Big`.
    pub trait FixedExtent: Number + Extent<Kind = crate::typelevel::Fixed> {
        /// `()`: computed, it checks the size.
        type Proof;
    }
}
#[diagnostic::do_not_recommend]
impl<X: FixedExtent> FixedSize for X {
    type Proof = <X as FixedExtent>::Proof;
}
impl<const N: usize> FixedExtent for Dim<N>
where
    Dim<N>: Number,
{
    type Proof = ();
}
impl<const N: usize, U: Unsigned + Send + Sync + 'static> FixedExtent for Big<N, U> {
    type Proof = ();
}

/// Every size of a list is fixed, as a proof: `()` when it holds. A method that needs a shape
/// of fixed sizes names it (`<S as AllFixed>::Proof: Sized`) before `S: Shape`, so that a
/// run-time size is reported on that size alone, with no line naming the shape.
#[doc(hidden)]
pub trait AllFixed {
    /// `()`: computed, it checks each size ([`FixedSize`]).
    type Proof;
}
impl AllFixed for Nil {
    type Proof = ();
}
impl<H: FixedSize, T: AllFixed> AllFixed for Cons<H, T> {
    type Proof = Checked<<T as AllFixed>::Proof, <H as FixedSize>::Proof>;
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

// Two checks, each with its own message: every size is fixed (`FixedSizes`), and the product of
// the sizes fits in `usize` (`CountFits`). The impl itself is not `do_not_recommend`, so that
// rustc reports whichever of the two fails, in its own words.
impl<H, T> Shape for Cons<H, T>
where
    Self: FixedSizes,
    ElementCount: CountFits<Self>,
{
    const LEN: usize = product(Self::ITEMS);
    type Len = <ElementCount as CountFits<Self>>::Len;
}

impl FixedSizes for Nil {}

impl<H: FixedSize, T: FixedSizes> FixedSizes for Cons<H, T>
where
    Self: Count,
    T::Room: MoreAxes,
{
}

/// The element count of a shape, the subject of [`CountFits`]. (A type of its own, not the
/// shape: rustc then reports [`CountFits`]'s message, not [`Shape`]'s.)
pub struct ElementCount;

/// The element count of the shape `S` as a typenum number, when it fits in `usize`: the half of
/// [`Shape`] that a shape of too many elements fails. `ArrayLength` is proved once, for the whole
/// count (one proof per axis would pass rustc's default recursion limit at rank 57).
#[diagnostic::on_unimplemented(
    message = "the element count of this shape cannot be computed: its sizes overflow usize, or one of them has no typenum number",
    label = "no element count for this shape",
    note = "if each size fits and the shapes broadcast together, only the product of the sizes is too large",
    note = "a size `Dim<N>` needs typenum to have a number for `N` (0 to 1024, powers of two, …): a literal or a braced constant (`shape![{{FEATURES}}]`) with such a value works, a const generic parameter (`shape![{{B}}]`) never does; for a size that varies, take the whole shape as a generic (`S: Shape`) or bind a run-time size (`bind!`)"
)]
pub trait CountFits<S> {
    /// The element count.
    type Len: ArrayLength;
}

/// Whether the element count of `S` fits in `usize`: `B1` if it has no more binary digits than
/// `usize::MAX` (read a byte at a time, cheaper than comparing with it).
type Fits<S> = <<S as Count>::N as NotLonger<UsizeHighBit>>::Bit;

/// `2^(usize::BITS - 1)`: a number of as many binary digits as `usize::MAX`.
#[cfg(target_pointer_width = "64")]
type UsizeHighBit = typenum::U9223372036854775808;
#[cfg(target_pointer_width = "32")]
type UsizeHighBit = typenum::U2147483648;
#[cfg(target_pointer_width = "16")]
type UsizeHighBit = typenum::U32768;

// The first two bounds only warm rustc's caches: generic-array proves `ArrayLength` of a number
// bit by bit, comparing each prefix with 2^64 at the bottom of that chain, which passed the
// default recursion limit for counts of 56 bits and more (E0275 at
// `shape![9223372036854775807]`). Proving it first for the count's high bits (the count shifted
// right by 32) caches the deep half of the chain at a shallow depth, so any `usize` count works.
//
// The count is `S::N` when it fits, and 0 when not. 0 is never used: such a shape is not a
// `Shape` (the bound `Fits<S>: Same<B1>` fails, and rustc reports `CountFits`'s message). It only
// keeps `Shape::Len` a valid length for any shape, so that a type storing
// `GenericArray<T, S::Len>` adds no error of its own (a type mismatch deep inside typenum, from
// generic-array's bound) to that message.
#[diagnostic::do_not_recommend]
impl<S: Count> CountFits<S> for ElementCount
where
    S::N: core::ops::Shr<typenum::U32>,
    typenum::Shright<S::N, typenum::U32>: ArrayLength,
    S::N: NotLonger<UsizeHighBit>,
    Fits<S>: Same<typenum::B1> + StorageLen<S::N>,
{
    type Len = <Fits<S> as StorageLen<S::N>>::Len;
}

/// The length of a shape's storage, from whether its element count `N` fits in `usize`: `N`
/// if so ([`CountFits`] then holds), 0 if not.
#[doc(hidden)]
pub trait StorageLen<N> {
    /// The length.
    type Len: ArrayLength;
}
impl<N: ArrayLength> StorageLen<N> for typenum::B1 {
    type Len = N;
}
impl<N> StorageLen<N> for typenum::B0 {
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
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape",
    label = "expected a shape type here",
    note = "a shape is a bracketed list of sizes in `broadcast!` (`[2, 3]`, `[Samples, 4]`), or a shape type: `shape![2, 3]`, an alias of one, or a generic parameter bounded by `Shape` or `AnyShape`"
)]
pub trait AnyShape: Copy + sealed::FromExtents {
    /// The number of axes.
    const RANK: usize;
    /// The sizes, fixed ones as they are and run-time ones as 2: what is known at compile time.
    /// (The kernels build a hint plan from it, used only where its runs equal the real plan's:
    /// a run-time size there must read as neither 0, an empty array, nor 1, a dropped axis.)
    #[doc(hidden)]
    const STATIC: [usize; MAX_RANK];
    /// Whether every size is fixed (what an owned output's storage is chosen by).
    #[doc(hidden)]
    type Kind: crate::typelevel::Kind;
    /// How many more axes the shape may have, one type per axis: at most [`MAX_RANK`] in all.
    #[doc(hidden)]
    type Room;
    /// One stride per axis, as a strided view of this shape stores them.
    #[doc(hidden)]
    type Strides: StrideList;
    /// `Self`: `broadcast!` names a type operand `A` as `<A as AnyShape>::Itself` (through
    /// `IsShape`), so that a type that is not a shape gets one error, which says so, and not one
    /// per trait of the form. A [`Shape`] declares it `Self`, so generic code over fixed shapes
    /// sees through it.
    #[doc(hidden)]
    type Itself: AnyShape;
    /// The sizes as a tuple, `(Dim<2>, Dim<3>)` for `shape![2, 3]`: what a check comparing two
    /// shapes names in its error, where the shapes themselves print as type-level lists.
    #[doc(hidden)]
    type Sizes: SizeTuple<Shape = Self>;
    /// Whether every size is fixed: then [`STATIC`](Self::STATIC) is the whole shape, and the
    /// kernels' plans are constants.
    #[doc(hidden)]
    const FIXED: bool;
    /// Whether every size after the first is fixed: then a tensor's row-major strides are
    /// constants, whatever its first size, and a pass over an output whose first size only is
    /// known at run time is planned while the program compiles.
    #[doc(hidden)]
    const FIXED_AFTER_FIRST: bool;

    /// The number of axes.
    #[hot]
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

    /// Writes the sizes after the first, each as `, 4` or `, Samples = 150` (what `Debug` shows).
    #[doc(hidden)]
    fn describe_rest(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;

    /// Writes the shape as `Debug` shows it: `[Samples = 150, 4]`.
    #[doc(hidden)]
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        self.describe_rest(f, true)?;
        f.write_str("]")
    }

    /// The element count: the product of the sizes. For a shape that holds data it was checked
    /// not to overflow when the data came in, as it is for every new tensor of a run-time
    /// shape; for a bare shape value, a count past `usize` saturates (never a smaller count).
    #[inline]
    fn element_count(&self) -> usize {
        let mut dims = [0; MAX_RANK];
        self.write_extents(&mut dims);
        let dims = &dims[..Self::RANK];
        if dims.contains(&0) { 0 } else { dims.iter().fold(1, |n: usize, &d| n.saturating_mul(d)) }
    }
}

/// A list of one `usize` per axis: the strides of a strided view, exactly as many as its axes.
#[doc(hidden)]
pub trait StrideList: Copy + Send + Sync + 'static {
    /// Writes the entries into the first ones of `out`.
    fn write_strides(&self, out: &mut [usize]);
    /// The list of the first entries of `from` (0 past its end).
    fn from_strides(from: &[usize]) -> Self;
}

impl StrideList for Nil {
    #[hot]
    fn write_strides(&self, _: &mut [usize]) {}
    #[hot]
    fn from_strides(_: &[usize]) -> Self {
        Nil
    }
}

impl<T: StrideList> StrideList for Cons<usize, T> {
    #[hot]
    fn write_strides(&self, out: &mut [usize]) {
        if let Some((first, rest)) = out.split_first_mut() {
            *first = self.head;
            self.tail.write_strides(rest);
        }
    }
    #[hot]
    fn from_strides(from: &[usize]) -> Self {
        let (head, rest) = from.split_first().map_or((0, &[][..]), |(h, r)| (*h, r));
        Cons { head, tail: T::from_strides(rest) }
    }
}

/// No room for another axis: the room left in a shape of [`MAX_RANK`] axes.
pub struct Room0;

/// Room for one more axis than `R` leaves.
#[doc(hidden)]
pub struct MoreRoom<R>(PhantomData<R>);

/// The room in the scalar shape: [`MAX_RANK`] axes, counted one type per axis.
type FullRoom = MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<MoreRoom<Room0>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>;

one_message! {
    #[diagnostic::on_unimplemented(
        message = "a shape has at most 64 axes, and this one would have more",
        label = "a shape of more than 64 axes",
        note = "64 axes is NumPy's limit and shapecast's: every rule and kernel handles at most 64"
    )]
    /// Room for another axis: what the tail of every [`Cons`] that is a shape has. A shape has at
    /// most [`MAX_RANK`] axes, as the rules and every run-time path require; with this bound, a
    /// longer one (written by `dims!`, or made by `insert_axis` on 64 axes) is a compile error
    /// reported by `cargo check`, not a panic or a post-monomorphization error.
    pub trait MoreAxes {
        /// The room left after one more axis.
        type Less;
    }
}
impl<R> MoreAxes for MoreRoom<R> {
    type Less = R;
}

impl AnyShape for Nil {
    type Room = FullRoom;
    type Strides = Nil;
    type Itself = Nil;
    type Sizes = ();
    const RANK: usize = 0;
    const FIXED: bool = true;
    const FIXED_AFTER_FIRST: bool = true;
    const STATIC: [usize; MAX_RANK] = [0; MAX_RANK];
    type Kind = crate::typelevel::Fixed;
    #[hot]
    fn write_extents(&self, _: &mut [usize]) {}
    fn describe_rest(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}

impl<H: Extent, T: AnyShape> AnyShape for Cons<H, T>
where
    H::Kind: crate::typelevel::Join<T::Kind>,
    T::Room: MoreAxes,
{
    type Room = <T::Room as MoreAxes>::Less;
    type Strides = Cons<usize, T::Strides>;
    type Itself = Self;
    type Sizes = <T::Sizes as SizeTuple>::Prepend<H>;
    const RANK: usize = T::RANK + 1;
    const FIXED: bool = H::FIXED.is_some() && T::FIXED;
    const FIXED_AFTER_FIRST: bool = T::FIXED;
    const STATIC: [usize; MAX_RANK] = {
        let tail = T::STATIC;
        let mut all = [0; MAX_RANK];
        all[0] = match H::FIXED {
            Some(n) => n,
            None => 2,
        };
        let mut i = 1;
        while i < MAX_RANK {
            all[i] = tail[i - 1];
            i += 1;
        }
        all
    };
    type Kind = <H::Kind as crate::typelevel::Join<T::Kind>>::Output;
    #[hot]
    fn write_extents(&self, out: &mut [usize]) {
        if let Some((first, rest)) = out.split_first_mut() {
            *first = self.head.get();
            self.tail.write_extents(rest);
        }
    }
    fn describe_rest(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(", ")?;
        }
        self.head.describe(f)?;
        self.tail.describe_rest(f, false)
    }
}

/// A set of axis positions known at compile time: what `axes![…]` names.
///
/// ```
/// use shapecast::prelude::*;
///
/// type A = axes![0, 2];
/// assert_eq!((A::COUNT, A::axes()), (2, &[0, 2][..]));
/// ```
pub trait Axes: Copy + Default + Send + Sync + 'static + sealed::Sealed {
    /// The number of axes in the set.
    const COUNT: usize;
    /// The number of axes in the set: the old name of [`COUNT`](Self::COUNT), which says what it
    /// counts ([`Shape::LEN`] is an element count).
    #[deprecated(note = "use `Axes::COUNT`, the number of axes; `Shape::LEN` is an element count")]
    const LEN: usize = Self::COUNT;
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
    const COUNT: usize = L::COUNT;
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
    Self: AnyShape,
{
    /// Prints the sizes as `[2, 3]`, not as the typenum types, and a run-time size with its
    /// name and value: `[Samples = 150, 4]`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// bind!(let samples: Samples = 150);
    /// assert_eq!(format!("{:?}", dims![samples, 4]), "[Samples = 150, 4]");
    /// assert_eq!(format!("{:?}", <shape![2, 3]>::default()), "[2, 3]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f)
    }
}

/// `shape`'s sizes, outermost first, written into `buf` and read back from it: how a fused pass
/// takes an operand's sizes into an array as long as its cursors, with no [`DynShape`] made.
#[hot]
pub(crate) fn extents_in<'b, S: AnyShape>(shape: &S, buf: &'b mut [usize]) -> &'b [usize] {
    shape.write_extents(buf);
    &buf[..S::RANK.min(buf.len())]
}

/// A value of a shape type: `dims![samples, 4]` has type `shape![Samples, 4]` when `samples` is
/// a `Dyn<'_, Samples>`. Each entry is a run-time size (an expression), an integer literal, or a
/// constant in braces (`dims![samples, {FEATURES}]`, as in `shape![Samples, {FEATURES}]`).
///
/// ```
/// use shapecast::prelude::*;
/// struct Batch;
/// bind!(let batch: Batch = 32);
/// let s: shape![Batch, 1, 16] = dims![batch, 1, 16];
/// assert_eq!(*s.extents(), [32, 1, 16]);
/// let fixed: shape![2, 3] = dims![2, 3];
/// assert_eq!(fixed, <shape![2, 3]>::default());
/// ```
#[macro_export]
macro_rules! dims {
    // `[. …]` holds a dot for each entry written before `@at`.
    (@at [$($seen:tt)*]) => { $crate::shape::Nil };
    (@at [. . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .] $($rest:tt)+) => {
        ::core::compile_error!("a shape has at most 64 axes, and this `dims!` has more than 64 entries (64 axes is NumPy's limit and shapecast's: every rule and kernel handles at most 64)")
    };
    (@at [$($seen:tt)*] { $c:expr } $(, $($rest:tt)*)?) => {
        $crate::shape::cons_fixed::<$crate::shape![{ $c }], _>($crate::dims!(@at [$($seen)* .] $($($rest)*)?))
    };
    (@at [$($seen:tt)*] $n:literal $(, $($rest:tt)*)?) => {
        $crate::shape::cons_fixed::<$crate::shape![$n], _>($crate::dims!(@at [$($seen)* .] $($($rest)*)?))
    };
    (@at [$($seen:tt)*] $size:expr $(, $($rest:tt)*)?) => {
        $crate::shape::cons($crate::shape::Extent::entry($size), $crate::dims!(@at [$($seen)* .] $($($rest)*)?))
    };
    ($($entries:tt)*) => { $crate::dims!(@at [] $($entries)*) };
}

/// `Cons(head, tail)`, for `dims!` and `einsum!`: a shape, so at most 64 entries
/// ([`WithinMaxRank`]; `dims!` counts its entries first). `dims!` checks that `head` is a size
/// with [`Extent::entry`].
#[doc(hidden)]
#[shapecast_macros::hot]
pub fn cons<H, T>(head: H, tail: T) -> Cons<H, T>
where
    Cons<H, T>: ListRank,
    <Cons<H, T> as ListRank>::Output: WithinMaxRank,
{
    Cons { head, tail }
}

/// `Cons(the one size of L, tail)`, for `dims!`'s literal entries.
#[doc(hidden)]
#[shapecast_macros::hot]
pub fn cons_fixed<L: OneSize, T>(tail: T) -> Cons<L::Size, T>
where
    Cons<L::Size, T>: ListRank,
    <Cons<L::Size, T> as ListRank>::Output: WithinMaxRank,
{
    Cons { head: L::Size::default(), tail }
}

/// The rank `Self` (`Rank<R>`) of a list that [`cons`] builds is at most 64: its check, named by
/// the rank, so that a list of 65 entries is reported as `Rank<65>`.
#[diagnostic::on_unimplemented(
    message = "a shape has at most 64 axes, and this one would have `{Self}`",
    label = "a shape of more than 64 axes",
    note = "64 axes is NumPy's limit and shapecast's: every rule and kernel handles at most 64"
)]
pub trait WithinMaxRank {}
#[diagnostic::do_not_recommend]
impl<const R: usize> WithinMaxRank for Rank<R>
where
    Const<R>: ToUInt,
    U<R>: typenum::IsLessOrEqual<typenum::U64, Output = typenum::B1>,
{
}

/// A shape of one fixed size, `shape![n]`.
#[doc(hidden)]
pub trait OneSize {
    /// The size's type.
    type Size: Extent + Default;
}
impl<H: Extent + Default> OneSize for Cons<H, Nil> {
    type Size = H;
}

/// `<T as IsShape>::Output` is `T` if it is a shape: how `broadcast!` passes each type
/// operand, so that a type that is not a shape gets one error, in these words, instead of
/// one for each trait of the form that it fails.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape",
    label = "expected a shape type here",
    note = "an operand of `broadcast!` is a bracketed list of sizes (`[2, 3]`, `[Samples, 4]`) or a shape type: `shape![2, 3]`, an alias of one, or a generic parameter bounded by `AnyShape` or `Shape`"
)]
pub trait IsShape {
    /// `Self`.
    type Output: crate::AnyShape;
}
#[diagnostic::do_not_recommend]
impl<T: crate::AnyShape> IsShape for T {
    type Output = T::Itself;
}

/// A tuple of sizes, [`AnyShape::Sizes`]: `(Dim<2>, Dim<3>)` is how an error names the shape
/// `shape![2, 3]` (`[2, 3]`), one element per axis, outermost first.
#[doc(hidden)]
pub trait SizeTuple {
    /// The tuple with the size `H` first.
    type Prepend<H>: SizeTuple<Shape = Cons<H, Self::Shape>>;
    /// The shape of these sizes, back as a type-level list: a shape's [`AnyShape::Sizes`] are
    /// its own, so that a check on the sizes is one on the shape, generic ones too.
    type Shape;
}

/// What a tuple of [`MAX_RANK`] sizes of the shape `S` becomes with more: never reached, a
/// shape has at most [`MAX_RANK`] axes.
#[doc(hidden)]
pub struct TooManyAxes<S>(PhantomData<S>);
impl<S> SizeTuple for TooManyAxes<S> {
    type Prepend<H> = TooManyAxes<Cons<H, S>>;
    type Shape = S;
}

/// `SizeTuple` for the tuples of 0 to [`MAX_RANK`] sizes: the longest first, which has no
/// longer one, then each tuple and those shorter.
macro_rules! size_tuples {
    (@impl [$($name:ident)*] $prepend:ty, $shape:ty) => {
        impl<$($name),*> SizeTuple for ($($name,)*) {
            type Prepend<H> = $prepend;
            type Shape = $shape;
        }
    };
    (@all) => {
        size_tuples!(@impl [] (H,), Nil);
    };
    (@all $first:ident $($rest:ident)*) => {
        size_tuples!(@impl [$first $($rest)*] (H, $first, $($rest,)*), Cons<$first, <($($rest,)*) as SizeTuple>::Shape>);
        size_tuples!(@all $($rest)*);
    };
    ($first:ident $($rest:ident)*) => {
        size_tuples!(
            @impl [$first $($rest)*]
            TooManyAxes<Cons<H, Cons<$first, <($($rest,)*) as SizeTuple>::Shape>>>,
            Cons<$first, <($($rest,)*) as SizeTuple>::Shape>
        );
        size_tuples!(@all $($rest)*);
    };
}
size_tuples!(S01 S02 S03 S04 S05 S06 S07 S08 S09 S10 S11 S12 S13 S14 S15 S16 S17 S18 S19 S20 S21 S22 S23 S24 S25 S26 S27 S28 S29 S30 S31 S32 S33 S34 S35 S36 S37 S38 S39 S40 S41 S42 S43 S44 S45 S46 S47 S48 S49 S50 S51 S52 S53 S54 S55 S56 S57 S58 S59 S60 S61 S62 S63 S64);
