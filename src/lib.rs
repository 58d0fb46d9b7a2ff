//! Array broadcasting as a compile-time fact.
//!
//! Shapes are types ([`shape!`]); [`broadcast!`] checks that shapes are compatible and computes
//! the output shape while the program compiles; a broadcast that cannot work is a compile error
//! that names the axis and the sizes that clash. Three semantics are covered: NumPy's implicit
//! broadcasting, XLA's explicit `broadcast_dimensions` (and `BroadcastInDim`), and nGraph's
//! `Broadcast(arg, shape, axes)`. The same rules run at run time in [`dynamic`], for shapes read
//! from data, with the same messages. Everything is `no_std` and allocation-free.
//!
//! ```
//! use shapecast::prelude::*;
//! use static_assertions::assert_type_eq_all;
//!
//! type Batch = shape![32, 10];
//! assert_type_eq_all!(broadcast!(Batch, [10]), Batch); // adding a bias row
//! assert_type_eq_all!(broadcast!([4], [1, 2], dims = [0]), shape![4, 2]); // XLA
//!
//! // Shapes known only at run time: the same rules, errors as values.
//! let err = dynamic::broadcast_shapes(&[&[7, 2, 5], &[7, 2, 6]]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "cannot broadcast [7, 2, 5] with [7, 2, 6]: axis 2 has sizes 5 and 6; sizes must be equal or one of them 1"
//! );
//! ```
//!
//! ```compile_fail
//! type Out = shapecast::broadcast!([2, 4], [2, 3]);
//! ```
//!
//! ```txt
//! error: cannot broadcast [2, 4] with [2, 3]: axis 1 has sizes 4 and 3; sizes must be equal or one of them 1
//!  --> src/main.rs:1:45
//!   |
//! 1 | type Out = shapecast::broadcast!([2, 4], [2, 3]);
//!   |                                             ^
//! ```
//!
//! # Where things are
//!
//! - [`shape!`], [`axes!`], [`broadcast!`]: shapes, axis sets and broadcasts as types.
//! - [`Shape`], [`Axes`]: their traits (`RANK`, `LEN`, `dims()`; `axes()`).
//! - [`forms`]: each broadcasting form as a trait with an `Output` shape, for generic code.
//! - [`tensor`]: tensors whose shape is a type (inline, borrowed, boxed), with the broadcasts,
//!   element-wise operations (`+ - * /`, and `+= -= *= /=` in place) and reductions, every loop
//!   bound a constant of the shape types.
//! - [`expr`]: whole formulas evaluated in one pass with no temporary: `x.lazy()`, then
//!   operators and element-wise methods, then `eval()`, `eval_into(…)`, `assign(…)` or `+=`.
//! - [`dynamic`]: the rules over `&[usize]`, kernels that materialize broadcasts between arrays
//!   (a slice paired with its run-time shape), and the reductions that reverse them.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]
extern crate self as shapecast;

pub mod algebra;
pub mod dynamic;
pub mod expr;
pub mod forms;
mod kernel;
pub mod product;
pub mod shape;
mod size;
mod summable;
pub mod tensor;
#[doc(hidden)]
pub mod typelevel;

pub use forms::*;
pub use generativity::make_guard;
pub use product::{Dot, MatMul, MatMulShape, MatrixOperand, Transposed};
pub use shape::{AnyShape, Axes, Dyn, Shape};
pub use summable::Summable;
#[cfg(feature = "alloc")]
extern crate alloc;

pub use expr::IndexError;
#[cfg(feature = "alloc")]
pub use tensor::BoxedTensor;
pub use tensor::{BroadcastView, Owned, ShapeError, SingularError, Tensor, TensorBase, TensorMut, TensorRef};

/// A shape as a type: `shape![2, 3]` (rank 2, 6 elements), `shape![]` (a scalar).
///
/// Each size is any `usize` literal, 0 included: `shape![2, 3]` is `Cons<Dim<2>, Cons<Dim<3>,
/// Nil>>`, and beyond typenum's table of constants the macro writes the binary form itself
/// (`Big<1500, UInt<…>>`), so there is no table to run off. At most 64 axes; an element count that overflows
/// `usize` is a compile error. Two spellings of the same shape are the same type.
///
/// ```
/// use shapecast::prelude::*;
///
/// type Image = shape![1500, 65537];
/// assert_eq!(Image::LEN, 1500 * 65537);
/// static_assertions::assert_type_eq_all!(shape![2, 3], broadcast!([2, 1], [3]));
/// ```
///
/// A size given by a named constant is written in braces, `{FEATURES}` (a bare name is a
/// run-time size). The macro cannot read the constant, so its value must be one typenum has a
/// constant for (0 to 1024, powers of two, …); a const generic parameter never is, and a
/// function generic over a size takes the whole shape as a generic `S: Shape` instead.
///
/// ```
/// use shapecast::prelude::*;
/// const FEATURES: usize = 4;
/// static_assertions::assert_type_eq_all!(shape![2, { FEATURES }], shape![2, 4]);
/// ```
///
/// ```compile_fail
/// type Bad = shapecast::shape![2, -3];
/// ```
///
/// ```txt
/// error: a size cannot be negative
/// ```
#[doc(inline)]
pub use shapecast_macros::shape;

/// A set of axis positions as a type: `axes![0, 2]`. Strictly increasing, checked.
///
/// ```
/// use shapecast::prelude::*;
/// assert_eq!(<axes![0, 2]>::axes(), [0, 2]);
/// ```
///
/// ```compile_fail
/// let _ = <shapecast::axes![2, 0]>::axes();
/// ```
///
/// ```txt
/// error: axes entry 1 is 0, not greater than the entry before it (2); axes must be strictly increasing
/// ```
#[doc(inline)]
pub use shapecast_macros::axes;

/// The output shape of a broadcast, computed and checked while the program compiles.
///
/// Used in type position. Operands are bracketed literals (`[2, 1]`) or types that implement
/// [`Shape`] (`shape![…]`, an alias, a generic parameter), freely mixed; `dims`/`axes` lists
/// are literals.
///
/// | form | semantics | result |
/// | --- | --- | --- |
/// | `broadcast!(A, B, …)` | NumPy, one or more operands | the common shape |
/// | `broadcast!(A => S)` | NumPy `broadcast_to` (one-way) | `S` |
/// | `broadcast!(A => S, axes = [i, …])` | nGraph `Broadcast` | `S` |
/// | `broadcast!(A => S, dims = [i, …])` | XLA `BroadcastInDim` | `S` |
/// | `broadcast!(A, B, dims = [i, …])` | XLA binary op with `broadcast_dimensions` | the output |
///
/// With literal operands the macro decides the broadcast itself, with the same functions as
/// [`dynamic`], and a failure is its own error on the offending token. With a type operand it
/// expands to the traits of [`forms`] ([`Broadcasted`], [`BroadcastedTo`], …), whose failure
/// messages state the rule.
///
/// ```
/// use shapecast::prelude::*;
/// use static_assertions::assert_type_eq_all;
///
/// assert_type_eq_all!(broadcast!([2, 1, 1], [1, 3, 5]), shape![2, 3, 5]); // NumPy
/// assert_type_eq_all!(broadcast!([3] => [2, 3]), shape![2, 3]); // broadcast_to
/// assert_type_eq_all!(broadcast!([3] => [3, 2], axes = [1]), shape![3, 2]); // nGraph
/// assert_type_eq_all!(broadcast!([2, 1] => [2, 3, 4], dims = [0, 1]), shape![2, 3, 4]); // BroadcastInDim
/// assert_type_eq_all!(broadcast!([4], [1, 2], dims = [0]), shape![4, 2]); // XLA binary
///
/// // Type operands, and generic code:
/// type Batch = shape![32, 10];
/// assert_type_eq_all!(broadcast!(Batch, [10]), Batch);
/// fn bias_shape<A: Broadcast<B>, B: Shape>() -> &'static [usize] {
///     Broadcasted::<A, B>::dims()
/// }
/// assert_eq!(bias_shape::<Batch, shape![10]>(), [32, 10]);
/// ```
///
/// A broadcast that cannot work does not compile:
///
/// ```compile_fail
/// type Out = shapecast::broadcast!([7, 2, 5], [7, 2, 6]);
/// ```
///
/// ```txt
/// error: cannot broadcast [7, 2, 5] with [7, 2, 6]: axis 2 has sizes 5 and 6; sizes must be equal or one of them 1
///  --> src/main.rs:1:40
///   |
/// 1 | type Out = shapecast::broadcast!([7, 2, 5], [7, 2, 6]);
///   |                                        ^
/// ```
///
/// ```compile_fail
/// type Out = shapecast::broadcast!([2, 3], [3], dims = [0]);
/// ```
///
/// ```txt
/// error: cannot broadcast [2, 3] with [3] using dims [0]: axis 0 has sizes 2 and 3; sizes must be equal or one of them 1
/// ```
///
/// ```compile_fail
/// type Out = shapecast::broadcast!([1] => [2, 3], axes = [0]);
/// ```
///
/// ```txt
/// error: cannot broadcast [1] to [2, 3] with axes [0]: target axis 1 has size 3 but argument axis 0 has size 1; sizes outside the broadcast axes must be equal
/// ```
///
/// With type operands, the trait's message, and the shapes as types in rustc's `help:` line
/// (`Cons<Dim<3>, Nil>`); write literals to have the axis and sizes named:
///
/// ```compile_fail,E0277
/// use shapecast::prelude::*;
/// type A = shape![3];
/// let _: Option<broadcast!(A => shape![1])> = None;
/// ```
///
/// ```txt
/// error[E0277]: cannot broadcast this shape to the target (NumPy `broadcast_to`): it has more axes, or a size that is neither 1 nor the target's
/// ```
///
/// A type alias is not checked until it is used: `type Out = broadcast!(A, B);` with
/// incompatible type operands fails where `Out` is first used (literal operands fail at once).
#[doc(inline)]
pub use shapecast_macros::broadcast;

/// Everything a user of shapecast names: the macros, the traits and their aliases.
pub mod prelude {
    pub use crate::algebra::{Concat, Stack};
    pub use crate::dynamic;
    pub use crate::expr::{Expression, IndexError, IntoExpression, Lazy};
    pub use crate::forms::*;
    pub use crate::product::{MatMul, MatMulShape};
    pub use crate::shape::{AnyShape, Axes, Dyn, Extent, Shape};
    pub use crate::summable::Summable;
    #[cfg(feature = "alloc")]
    pub use crate::tensor::BoxedTensor;
    pub use crate::tensor::{Owned, ShapeError, SingularError, Tensor, TensorBase, TensorMut, TensorRef};
    pub use crate::{axes, bind, broadcast, dims, shape};
}

/// The README's code, compiled and run as doc tests so that it cannot go stale.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// What macro expansions name. Not public API: outside semver, may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::shape::{AxisSet, Big, Cons, Dim, Dyn, Extent, Nil};
    pub use generativity;
    pub use typenum;

    /// `Cons(head, tail)`, for `dims!`: a shape, so at most 64 entries (a compile error at the
    /// `dims!` that writes more).
    #[inline(always)]
    pub fn cons<H: Extent, T>(head: H, tail: T) -> Cons<H, T>
    where
        Cons<H, T>: crate::shape::Depth,
    {
        Cons { head, tail }
    }

    /// `Cons(the one size of L, tail)`, for `dims!`'s literal entries.
    #[inline(always)]
    pub fn cons_fixed<L: OneSize, T>(tail: T) -> Cons<L::Size, T>
    where
        Cons<L::Size, T>: crate::shape::Depth,
    {
        Cons { head: L::Size::default(), tail }
    }

    /// A shape of one fixed size, `shape![n]`.
    pub trait OneSize {
        /// The size's type.
        type Size: Extent + Default;
    }
    impl<H: Extent + Default> OneSize for Cons<H, Nil> {
        type Size = H;
    }

    /// `<T as Fallback<{ compile_error!(…); 0 }>>::Output` is `T`: how a macro reports its
    /// errors and still expands to a best-effort type, so that one mistake causes one error.
    pub trait Fallback<const ERRORS: usize> {
        /// `Self`.
        type Output: ?Sized;
    }
    impl<T: ?Sized, const ERRORS: usize> Fallback<ERRORS> for T {
        type Output = T;
    }

    /// `<T as IsShape>::Output` is `T` if it is a shape: how `broadcast!` passes each type
    /// operand, so that a type that is not a shape gets one error, in these words, instead of
    /// one for each trait of the form that it fails.
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
}
