//! Array broadcasting as a compile-time fact.
//!
//! Shapes are types ([`shape!`]); [`broadcast!`] checks that shapes are compatible and computes
//! the output shape while the program compiles; a broadcast that cannot work is a compile error
//! that names the axis and the sizes that clash. Three semantics are covered: NumPy's implicit
//! broadcasting, XLA's explicit `broadcast_dimensions` (and `BroadcastInDim`), and nGraph's
//! `Broadcast(arg, shape, axes)`. The same rules run at run time in [`dynamic`], for shapes read
//! from data, with the same messages. Everything is `no_std`; without the (default) `alloc`
//! feature, nothing allocates.
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
//!  --> src/main.rs:1:46
//!   |
//! 1 | type Out = shapecast::broadcast!([2, 4], [2, 3]);
//!   |                                              ^
//! ```
//!
//! # Where things are
//!
//! - [`shape!`], [`axes!`], [`broadcast!`]: shapes, axis sets and broadcasts as types.
//! - [`Shape`], [`Axes`]: their traits (`RANK`, `LEN`, `dims()`; `axes()`).
//! - [`bind!`], [`dims!`], [`Dyn`]: sizes known only at run time, each named by a type and
//!   bound once; the rules (scopes, functions over them, what the brand rejects) are in
//!   [`Dyn`]'s documentation.
//! - [`forms`]: each broadcasting form as a trait with an `Output` shape, for generic code.
//! - [`tensor`]: tensors whose shape is a type (inline, borrowed, boxed), with the broadcasts,
//!   element-wise operations (`+ - * /`, and `+= -= *= /=` in place) and reductions, the loop
//!   bounds constants wherever the shape's sizes are fixed.
//! - [`expr`]: whole formulas evaluated in one pass with no temporary: `x.lazy()`, then
//!   operators and element-wise methods, then `eval()`, `eval_into(…)`, `assign(…)` or `+=`.
//! - [`product`]: matrix products by NumPy's `matmul` rule ([`TensorBase::matmul`]), the
//!   transposed view `mt()`, `inv` and `solve`; [`einsum!`] in NumPy's subscripts, all checked
//!   at compile time.
//! - [`algebra`]: shape algebra: permutations ([`perm!`]), axis views, merged and split
//!   run-time sizes, as views ([`algebra::StridedView`]) that every expression reads in place.
//! - [`dynamic`]: the rules over `&[usize]`, kernels that materialize broadcasts between arrays
//!   (a slice paired with its run-time shape), and the reductions that reverse them; products,
//!   `einsum`, permutations and concatenations over such arrays.
//!
//! # Features
//!
//! - `std` (default, implies `alloc`): the float functions of expressions (`exp`, `ln`, `sqrt`).
//! - `alloc` (default): `BoxedTensor`, and the new tensors of shapes with run-time sizes.
//!   Without it nothing allocates, and run-time shapes write into a [`TensorMut`] (the `_into`
//!   twins).
//! - `libm`: the float functions for `no_std`; without `std` or `libm`, all else is there.
//! - `ndarray`: `TensorRef::from_ndarray(dims![rows, 4], view)` (and `TensorMut`'s) read a
//!   standard-layout view as a typed tensor; `t.as_ndarray()?` views a tensor as an
//!   `ArrayViewD`.
//! - `rayon` (implies `std`): an evaluation of an expression (`eval`, `eval_into`, `assign`,
//!   `+=`, …) of 32 MiB or more splits across rayon's threads, and so do a tensor's column
//!   sums, means, maxima and minima over 32 MiB of rows or more (`x.sum_axes::<axes![0]>()`,
//!   eager or as `x.lazy()…`), the result the same bit for bit; an expression's closures must
//!   then be `Clone + Send + Sync`, its elements `Send + Sync`. (A column reduction of a larger
//!   expression stays on one thread, as do the positions `argmax_axes` and `argmin_axes` over
//!   rows of 32 elements or more.)
//!   Large `f32`/`f64` products run on `matrixmultiply`'s threads.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![doc(test(attr(deny(warnings))))]
extern crate self as shapecast;

#[macro_use]
mod message;

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
pub use summable::{Mean, Summable};
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

/// An order of axes as a type: `perm![2, 0, 1]`, for [`permute`](crate::TensorBase::permute).
/// Each axis is named once (checked); the order is kept, where [`axes!`] writes a set.
///
/// ```
/// use shapecast::prelude::*;
/// assert_eq!(<perm![2, 0, 1]>::order(), [2, 0, 1]);
/// ```
///
/// ```compile_fail
/// let _ = <shapecast::perm![1, 0, 1]>::order();
/// ```
///
/// ```txt
/// error: perm entry 2 is 1, which entry 0 already names; a permutation names each axis once
/// ```
#[doc(inline)]
pub use shapecast_macros::perm;

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
///  --> src/main.rs:1:52
///   |
/// 1 | type Out = shapecast::broadcast!([7, 2, 5], [7, 2, 6]);
///   |                                                    ^
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

/// NumPy's `einsum` in explicit mode: sums of products named by subscripts, every shape
/// checked while the program compiles.
///
/// | spelling | result |
/// | --- | --- |
/// | `einsum!("ij,jk->ik", &a, &b)` | a new tensor |
/// | `einsum!(try "ij,jk->ik", &a, &b)` | `Result<_, ShapeError>`: the error of a result too large (see Panics) |
/// | `einsum!("ij,jk->ik", &a, &b => &mut out)` | `()`: written into `out`, a `TensorMut` (or any mutable tensor) of the result's shape; no result allocated |
///
/// The subscripts are a string literal: one subscript per operand (at most 16 operands),
/// separated by commas, each a label (an ASCII letter) per axis of its operand, then `->` and
/// the output's labels (spaces are ignored). The rules are NumPy's (`numpy.einsum`):
///
/// - each operand's subscript has exactly as many labels as it has axes;
/// - every axis a label names has one size: equal fixed sizes, or one run-time size (one
///   `bind!`). A size 1 does not stretch;
/// - a label repeated within an operand takes its diagonal (`"ii->i"`);
/// - a label missing from the output is summed over (`"ij->i"` sums rows, `"ii->"` is the
///   trace, `"i,i->"` the dot product);
/// - the output's labels are distinct, and each labels an axis of an operand.
///
/// The result's element at an output index is the sum, over every assignment of the summed
/// labels, of the product of the operands' elements there, from zero ([`Dot::times`],
/// [`Summable::plus`]). Integers wrap as in [`Dot`]. Implicit mode (no `->`) and `...` are
/// not supported: name every axis.
///
/// The operands are borrowed tensors of any kind (`&Tensor`, `&TensorRef`, `&TensorMut`,
/// `&BoxedTensor`), of fixed or run-time sizes, and one element type. The result's shape is a
/// type made of the operands' sizes: `einsum!("bij,bjk->bik", …)` has the shape `[B, I, K]` of
/// the sizes the operands give `b`, `i` and `k`. It is stored as the operators store theirs:
/// inline when every size is fixed and no operand is boxed, else a `BoxedTensor`. The checks
/// are traits written for each call, so an operand's axes must be known where the call is
/// written: generic code names its sizes (`TensorRef<'_, f32, shape![N<'id>, 3]>`), not a
/// whole shape parameter `S`.
///
/// ```
/// use shapecast::prelude::*;
///
/// let a = Tensor::<i64, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let b = Tensor::<i64, shape![3, 2]>::from([[1, 0], [0, 1], [1, 1]]);
/// let product: Tensor<i64, shape![2, 2]> = einsum!("ij,jk->ik", &a, &b);
/// assert_eq!(product.as_slice(), [4, 5, 10, 11]);
/// assert_eq!(einsum!("ij->ji", &a).as_slice(), [1, 4, 2, 5, 3, 6]); // a transpose
/// assert_eq!(einsum!("ij->j", &a).as_slice(), [5, 7, 9]); // column sums
/// assert_eq!(einsum!("ij->", &a).value(), 21); // the total
///
/// let m = Tensor::<i64, shape![2, 2]>::from([[1, 2], [3, 4]]);
/// assert_eq!(einsum!("ii->i", &m).as_slice(), [1, 4]); // the diagonal
/// assert_eq!(einsum!("ii->", &m).value(), 5); // the trace
///
/// let x = Tensor::<i64, shape![3]>::from([1, 2, 3]);
/// assert_eq!(einsum!("i,i->", &x, &x).value(), 14); // a dot product
/// assert_eq!(einsum!("i,j->ij", &x, &x).as_slice(), [1, 2, 3, 2, 4, 6, 3, 6, 9]); // outer
/// ```
///
/// Batched products, with any order of the axes, read each operand where it lies:
/// `"bhqd,bhkd->bhqk"`, attention's scores, is `q · kᵀ` per batch and head, `k` read with its
/// strides swapped, nothing copied. Sizes known only at run time are named and bound as
/// everywhere in shapecast:
///
/// ```
/// use shapecast::prelude::*;
///
/// struct Batch;
/// let (q_data, k_data) = (vec![1.0f32; 2 * 4 * 8 * 16], vec![0.5f32; 2 * 4 * 6 * 16]);
/// bind!(let batch: Batch = 2);
/// let q = TensorRef::from_shape(dims![batch, 4, 8, 16], &q_data)?; // [B, H, Q, D]
/// let k = TensorRef::from_shape(dims![batch, 4, 6, 16], &k_data)?; // [B, H, K, D]
/// let scores = einsum!("bhqd,bhkd->bhqk", &q, &k); // BoxedTensor<f32, shape![Batch, 4, 8, 6]>
/// assert_eq!(*scores.shape().extents(), [2, 4, 8, 6]);
/// assert!(scores.as_slice().iter().all(|&s| s == 8.0));
///
/// // Into an existing tensor, with no allocation:
/// let mut out = vec![0.0f32; 2 * 4 * 8 * 6];
/// einsum!("bhqd,bhkd->bhqk", &q, &k => &mut TensorMut::from_shape(dims![batch, 4, 8, 6], &mut out)?);
/// assert_eq!(out, scores.as_slice());
/// # Ok::<(), ShapeError>(())
/// ```
///
/// # Mistakes
///
/// Every mistake is a compile error. Those in the subscripts point at them: no `->`, a
/// character that is not a label, `...`, an output label that labels nothing or is repeated, one
/// subscript too many or too few for the operands (the same words as
/// [`dynamic::einsum_shape`], which checks the same rules at run time):
///
/// ```compile_fail
/// use shapecast::prelude::*;
/// let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
/// let b = Tensor::<f32, shape![2, 4, 5]>::splat(1.0);
/// let c = einsum!("bij,bjk->bil", &a, &b);
/// ```
///
/// ```txt
/// error: einsum!("bij,bjk->bil"): output label `l` (axis 2 of the output) appears in no operand; each output label must label an axis of an operand
/// ```
///
/// Those that need the operands' types point at the operand: a rank that is not the number of
/// labels, a label whose sizes differ:
///
/// ```compile_fail,E0277
/// use shapecast::prelude::*;
/// let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
/// let b = Tensor::<f32, shape![2, 5, 6]>::splat(1.0);
/// let c = einsum!("bij,bjk->bik", &a, &b);
/// ```
///
/// ```txt
/// error[E0277]: einsum!("bij,bjk->bik"): label `j` is axis 2 of operand 1 (size `Dim<4>`) and axis 1 of operand 2 (size `Dim<5>`)
/// ```
///
/// # How it runs
///
/// Two operands that are a (batched) matrix product (each label a batch label, a row of the
/// first, a column of the second, or the one contracted label, the output's labels in the
/// order `[batch…, row, column]` or with row and column swapped) go to the product kernel of
/// [`matmul`](TensorBase::matmul), strides permuted, nothing copied. Everything else is one
/// strided loop over the output's elements, each the sum over the summed labels, with no
/// temporary and no allocation; with fixed shapes, its bounds are constants.
///
/// # Panics
///
/// If the result has run-time sizes whose product passes `usize` (operands of no elements,
/// `"ij,kl->ik"` of `[R, 0]` and `[Q, 0]` with R·Q past `usize::MAX`), or its elements cannot
/// be allocated: `einsum!(try …)` returns that error instead, and the `=> out` form allocates
/// no result (a large `f32`/`f64` matrix product's GEMM, with feature `alloc`, allocates its
/// packing buffers).
///
/// ```
/// use shapecast::prelude::*;
/// struct Rows;
/// bind!(let rows: Rows = 1 << 40);
/// let a = BoxedTensor::from_elem(dims![rows, 0], 1.0f32)?;
/// let err = einsum!(try "ij,kl->ik", &a, &a).unwrap_err();
/// assert_eq!(err.to_string(), "einsum \"ij,kl->ik\": the result has more elements than usize can count");
/// # Ok::<(), ShapeError>(())
/// ```
#[doc(inline)]
pub use shapecast_macros::einsum;

/// Everything a user of shapecast names: the macros, the traits and their aliases.
pub mod prelude {
    pub use crate::algebra::{AnyPermute, Concat, Permuted, Stack, StridedView};
    pub use crate::dynamic;
    pub use crate::expr::{Expression, IndexError, IntoExpression, Lazy};
    // The forms' traits and aliases; not the traits that only name a rule in an error
    // (`SameRank`, `BroadcastsWith`, `SameBinding`, `StretchesTo`: `shapecast::forms` has them).
    pub use crate::forms::{
        AnyBroadcast, AnyBroadcastAxes, AnyBroadcastInDim, AnyBroadcastTo, AnyBroadcastWithDims,
        AnyBroadcasted, AnyBroadcastedWithDims, AnyInsertAxis, AnyRemoveAxes, AnyWithAxis, AnyWithoutAxes,
        Broadcast, BroadcastAxes, BroadcastInDim, BroadcastTo, BroadcastWithDims, Broadcasted,
        BroadcastedAxes, BroadcastedInDim, BroadcastedTo, BroadcastedWithDims, InsertAxis, RemoveAxes,
        WithAxis, WithoutAxes,
    };
    pub use crate::product::{MatMul, MatMulShape};
    pub use crate::shape::{AnyShape, Axes, Dyn, Extent, Shape};
    pub use crate::summable::{Mean, Summable};
    #[cfg(feature = "alloc")]
    pub use crate::tensor::BoxedTensor;
    pub use crate::tensor::{Owned, ShapeError, SingularError, Tensor, TensorBase, TensorMut, TensorRef};
    pub use crate::{axes, bind, broadcast, dims, einsum, perm, shape};
}

/// The README's code, compiled and run as doc tests so that it cannot go stale.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// What macro expansions name. Not public API: outside semver, may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::algebra::Perm;
    pub use crate::product::einsum::{
        EinsumOperand, EinsumShapes, EinsumSpec, einsum_data, einsum_element, einsum_home, einsum_home_with,
        einsum_into, einsum_owned, einsum_shape_of, try_einsum_owned,
    };
    pub use crate::shape::{AxisSet, Big, Cons, Dim, Dyn, Extent, IsShape, Nil, cons};
    pub use crate::typelevel::{Checked, ListRank, Rank};
    pub use shapecast_rules::Einsum;

    /// The first size of a shape and the rest, for `einsum!`'s expansion.
    #[shapecast_macros::hot]
    pub fn uncons<H: Copy, T>(list: &Cons<H, T>) -> (H, &T) {
        (list.head, &list.tail)
    }
    pub use typenum;

    /// `<T as Fallback<{ compile_error!(…); 0 }>>::Output` is `T`: how a macro reports its
    /// errors and still expands to a best-effort type, so that one mistake causes one error.
    pub trait Fallback<const ERRORS: usize> {
        /// `Self`.
        type Output: ?Sized;
    }
    impl<T: ?Sized, const ERRORS: usize> Fallback<ERRORS> for T {
        type Output = T;
    }
}
