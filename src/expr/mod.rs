//! Expressions evaluated in one pass: `x.lazy()` starts one, operators and element-wise methods
//! extend it, and nothing is computed until it is evaluated, into a new tensor
//! ([`eval`](Lazy::eval)), into an existing one ([`eval_into`](Lazy::eval_into),
//! [`assign`](TensorBase::assign)) or in place (`y += expr`). Every operand is read where it
//! lies (stride 0 along the axes where it is stretched), and no temporary is made, whatever the
//! number of operands.
//!
//! The output's shape is the broadcast of every operand's, by NumPy's rule, computed while the
//! program compiles: a mismatch anywhere in the expression is a compile error at the operator
//! where the two shapes meet, as for the eager operators.
//!
//! ```
//! use shapecast::prelude::*;
//!
//! struct Batch;
//! let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
//! bind!(let batch: Batch = 2);
//! let x = TensorRef::from_shape(dims![batch, 3], &data)?;
//! let mean = Tensor::<f32, shape![3]>::from([2.5, 3.5, 4.5]);
//! let inv_std = Tensor::<f32, shape![3]>::from([2.0, 2.0, 2.0]);
//! let gamma = Tensor::<f32, shape![3]>::from([1.0, 10.0, 100.0]);
//!
//! // (x − mean) · inv_std · gamma + 1, one pass, no temporary:
//! let y = ((x.lazy() - &mean) * &inv_std * &gamma + 1.0).eval();
//! assert_eq!(y.as_slice(), [-2.0, -29.0, -299.0, 4.0, 31.0, 301.0]);
//! # Ok::<(), shapecast::ShapeError>(())
//! ```
//!
//! A shape mistake does not compile:
//!
//! ```compile_fail
//! use shapecast::prelude::*;
//! let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
//! let wrong = Tensor::<f32, shape![2]>::splat(1.0);
//! let _ = (x.lazy() * 2.0 + &wrong).eval();
//! ```
//!
//! Nor does an expression too wide for one pass: one whose output's axes and the axes its
//! reductions fold, all told, pass 129 (a reduction nested in another's operand counts its
//! axes again). Evaluate an inner reduction first and use the result as an operand.
//!
//! ```compile_fail,E0080
//! use shapecast::prelude::*;
//! type S = shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2];
//! type All = axes![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
//! let x = Tensor::<f32, S>::splat(1.0);
//! let e = x.lazy();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>();
//! let e = e - e.mean_keepdims::<All>(); // 16 axes and 8 x 16 folded: 144
//! let _ = e.eval();
//! ```
//!
//! # Operands and methods
//!
//! An expression's operands are borrowed tensors of any kind (strided views and `mt()` views
//! included), other expressions, and numbers (Rust's integer and float types, on either side of
//! an operator; other element types go through [`map`](Lazy::map)). Its shape is decided at
//! compile time, by NumPy's rule, or by XLA's through
//! [`x.lazy().with_dims::<axes![…]>()`](Lazy::with_dims). Besides the operators, the
//! element-wise methods are [`max`](Lazy::max), [`min`](Lazy::min), [`clamp`](Lazy::clamp)
//! (NaN if either side is, as NumPy's `maximum`), [`abs`](Lazy::abs), [`recip`](Lazy::recip),
//! [`powi`](Lazy::powi), [`exp`](Lazy::exp), [`ln`](Lazy::ln), [`sqrt`](Lazy::sqrt) (these three
//! need feature `std` or `libm`), [`map`](Lazy::map) and [`zip_with`](Lazy::zip_with) for a
//! closure; the comparisons [`lt`](Lazy::lt), [`le`](Lazy::le), [`gt`](Lazy::gt),
//! [`ge`](Lazy::ge), [`equals`](Lazy::equals) and [`not_equals`](Lazy::not_equals) make masks,
//! and [`select`](Lazy::select) is NumPy's `where`. A new axis is
//! [`insert_axis`](Lazy::insert_axis), written on the expression (`x.lazy().insert_axis::<1>()`:
//! a view made on the tensor, `x.insert_axis::<1>().lazy()`, lives only to the end of its
//! statement).
//!
//! An expression is `Copy`: used twice, it is computed twice, unless it is shared
//! ([`Lazy::share`]: the value evaluated once, before the pass, into a tensor that every use
//! reads). An expression cannot read the tensor it is assigned into (`y -= y.lazy()…` is the
//! borrow checker's `E0502`): evaluate what it reads first.
//!
//! # Reductions
//!
//! Reductions are expressions too: [`sum_axes`](Lazy::sum_axes), [`mean_axes`](Lazy::mean_axes),
//! [`max_axes`](Lazy::max_axes), [`min_axes`](Lazy::min_axes),
//! [`argmax_axes`](Lazy::argmax_axes) and [`argmin_axes`](Lazy::argmin_axes), each with a
//! keep-dims twin ([`sum_keepdims`](Lazy::sum_keepdims), [`max_keepdims`](Lazy::max_keepdims),
//! …) whose reduced axes stay as size 1, to broadcast back; the totals
//! [`sum_all`](Lazy::sum_all), [`mean_all`](Lazy::mean_all), [`max_all`](Lazy::max_all),
//! [`min_all`](Lazy::min_all), [`argmax_all`](Lazy::argmax_all) and
//! [`argmin_all`](Lazy::argmin_all), computed at once; and [`sum_to::<S>()`](Lazy::sum_to), the
//! adjoint of a broadcast (a bias's gradient). A maximum, minimum or position over fixed axes
//! (none of size 0) is an expression; over a run-time axis, which may be empty, the `try_` twins
//! ([`try_max_axes`](Lazy::try_max_axes), …) give an `Option`. On a tensor (no `.lazy()`),
//! `max_axes`, `min_axes` and the positions always return an `Option`. The maxima, minima and
//! positions ignore NaN unless every element is NaN (as [`f32::max`]; NumPy propagates it) and
//! give the first index on ties.
//!
//! # Run-time indices
//!
//! Each index is checked before anything is written ([`IndexError`]):
//! [`out.add_at(&indices, values)`](crate::TensorBase::add_at) (NumPy's `np.add.at`),
//! [`x.take_at(&indices)`](crate::TensorBase::take_at) (`x[indices]`),
//! [`x.take_along::<A>(&indices)`](crate::TensorBase::take_along) and
//! [`out.add_along::<A>(&indices, values)`](crate::TensorBase::add_along) (NumPy's
//! `take_along_axis`), and [`centroids.mean_at(indices, &points)`](crate::TensorBase::mean_at)
//! (each row the mean of the rows whose index names it). Indices are `usize` (none counts from
//! the end); `take_along` and `add_along` take index tensors, not expressions.
//!
//! # How an evaluation runs
//!
//! - A reduction inside a larger expression is folded in the same pass: neither the broadcast
//!   it reduces nor its result is stored. But a reduction nested in an operand is folded again
//!   for every element that reads it, so a statistic that every element of a large tensor reads
//!   (a row maximum, a column mean), or a statistic of a statistic (a layer norm's variance), is
//!   worth evaluating first, as softmax does below, or sharing ([`Lazy::share`]: evaluated
//!   before the pass, and read by every use of it). A statistic of the whole operand, kept as
//!   `[1, 1, …]` (`x.lazy() - x.lazy().mean_keepdims::<axes![0, 1]>()`), is the exception: it
//!   has one value, folded once and kept wherever it is read.
//! - The pass computes the output run by run (a row, or rows merged into one), a block at a
//!   time. What is the same all along a run is read or folded once, at the run's start, and
//!   held in registers while its blocks are computed: where each tensor's elements start, a
//!   row's statistic kept as `[N, 1]` (`x.lazy() - x.lazy().mean_keepdims::<axes![1]>()`),
//!   and what is computed from it (`(var + eps).sqrt().recip()`).
//! - A small expression with a reduction whose sizes are all fixed (at most 1,024 elements read
//!   in all: a 4×4 product written `(a.lazy().insert_axis::<2>() * &b).sum_axes::<axes![1]>()`,
//!   the column means of a `[16, 3]` calibration) is evaluated one output element at a time,
//!   with constant loop bounds, as a hand loop over arrays is; the compiler unrolls and
//!   vectorizes it. Larger ones, and any with a run-time size, go through the pass, which
//!   walks the output in blocks. Built for size (opt-level `"s"` or `"z"`, a microcontroller's
//!   flash), a fixed-size element-wise expression whose rows are shorter than a block
//!   (`[16, 3] - [3]`) is written so too, in far less code than the pass's tiles of short rows.
//! - A tensor's own reduction (`t.lazy().sum_axes::<A>()`, which is what `t.sum_axes::<A>()`
//!   evaluates) is folded by kernels over its slices where each output folds a column, or
//!   rows lying apart (a channel's sum over a batch of images): the output itself holds the
//!   running results. Other reductions, and every reduction of a larger expression, are
//!   folded in the pass. Where the types fix the sizes, the choice is made while the program
//!   compiles, and only the chosen kernel is compiled.
//! - `exp` (of `f32` and `f64`) and `ln` of `f32` are vectorized and within 1 ulp of the exact
//!   result, so not always equal to libm's; `map(f32::exp)` gives libm's. `ln` of `f64` is
//!   libm's.
//! - An expression is generic code, compiled in the crate that calls it, at that crate's
//!   optimization level. A debug build runs it many times slower than a debug hand loop, and a
//!   large one needs a large stack frame (about 3 MB for 20 operands). Optimize the calling
//!   crate (`[profile.dev] opt-level = 3`; `[profile.dev.package.shapecast]` does not help), or
//!   test with `--release`.
//!
//! Softmax over rows: the row maxima and the row sums are evaluated (a tenth of the data for 10
//! classes), so that the passes after read them rather than fold each row again; `exp` is
//! evaluated once, and `p` divided in place.
//!
//! ```
//! use shapecast::prelude::*;
//!
//! struct Rows;
//! let data = [0.0f32, 0.0, 5.0, 5.0, 9.0, 8.0];
//! bind!(let n: Rows = 3);
//! let logits = TensorRef::from_shape(dims![n, 2], &data)?;
//! let m = logits.lazy().max_keepdims::<axes![1]>().eval(); // [Rows, 1]
//! let mut p = (logits.lazy() - &m).exp().eval(); // [Rows, 2]
//! let s = p.lazy().sum_keepdims::<axes![1]>().eval(); // [Rows, 1]
//! p /= &s;
//! assert_eq!(p.as_slice()[..4], [0.5, 0.5, 0.5, 0.5]);
//! # Ok::<(), shapecast::ShapeError>(())
//! ```

#[cfg(test)]
mod constant_plans;
mod folding;
mod indexed;
mod leaf;

/// What seals [`Expression`]: implemented by the crate's nodes only. Its one item takes a type
/// no other crate can name, so no other crate can implement it; the trait itself is public, so
/// that a type given as an expression is reported on it by name, in these words.
///
/// ```compile_fail,E0046
/// struct Claim;
/// impl shapecast::expr::ExpressionNode for Claim {}
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an `Expression`: only shapecast's own nodes are",
    label = "not one of shapecast's expression nodes",
    note = "the kernels read an expression where its source says, trusting it to read exactly its shape, so `Expression` is sealed; implement `IntoExpression` for your type to hand over one of shapecast's expressions (a tensor's `lazy()`, an operator's result, …)"
)]
pub trait ExpressionNode {
    /// Never called: what no other crate can write.
    #[doc(hidden)]
    fn sealed(_: seal::Token);
}
/// The type that seals [`ExpressionNode`].
mod seal {
    /// Nameable in this crate only.
    pub struct Token;
}
#[cfg(any(feature = "std", feature = "libm"))]
mod math;
mod node;
mod operand;
mod ops;
mod reduce;
mod shared;
pub(crate) mod small;
mod strided;

use shapecast_macros::hot;
pub(crate) use small::{AT_RANK, Index};

pub use crate::kernel::zip::Binary;
// How the pass reads each node (`Expression::Source`): machinery, public only because the
// expressions' trait names it.
#[doc(hidden)]
pub use crate::kernel::leaf::LeafSource;
#[doc(hidden)]
pub use crate::kernel::zip::PairFn;
#[doc(hidden)]
pub use folding::Folds;
pub use folding::{Kept, To};
pub use indexed::{
    Along, FirstRows, IndexError, IndicesFor, IndicesRank, OneAxis, OneIndexAxis, RowIndices, Rows, Taken,
    UsizeIndices, ValuesFor,
};
pub use leaf::{IntoExpression, Leaf, Primitive, Scalar};
pub use node::{Closure, Joined, Map, Mapped, NewAxis, Of, Unary, Zip};
pub use ops::*;
#[doc(hidden)]
pub use reduce::{Folder, ReduceSource};
#[doc(hidden)]
pub use shared::{SharedSource, SharingSource};
pub use shared::{SharedValue, Sharing};
pub use strided::StridedLeaf;
// What a maximum, a minimum or their positions need of the reduced axes: traits whose failure a
// compile error names, so they are public where the reductions are.
pub use crate::typelevel::{
    FewPositions, FewPositionsAt, FewPositionsCount, NonEmptyAt, NonEmptyFixedSize, NonEmptySize, ProductOf,
};
pub use reduce::{
    ArgFold, ArgMaxFold, ArgMinFold, Fold, KeptAxes, MaxFold, MeanFold, MinFold, PickFold, Reduce, SumFold,
};

#[doc(hidden)]
pub use crate::kernel::constant::Strides;
#[doc(hidden)]
pub use crate::kernel::fold::{Max, Min, Pick, Reducer};
#[doc(hidden)]
pub use crate::kernel::fused::{BLOCK, Hint};
#[doc(hidden)]
pub use crate::kernel::source::{Cursor, Portable, Shared, Source};
#[doc(hidden)]
pub use crate::kernel::statics::{MapInto, Numpy, WithDimsLhs, WithDimsRhs};

use crate::forms::AnyBroadcastTo;
use crate::kernel::constant::Table;
use crate::kernel::place::ByTypes;
use crate::kernel::way;
use crate::shape::AnyShape;
use crate::tensor::{Data, DataMut, Home, HomeOf, New, Owned, OwnedData, Owning, TensorBase};

/// What an expression is, apart from how it is computed: its element type, its shape (with
/// its run-time sizes) and where a tensor computed from it goes ([`Home`]).
///
/// Every node of an expression carries these itself ([`Of`]), so that extending an expression
/// (`e + &x`, `e.exp()`) asks only for them, not for a proof that the whole tree below is an
/// [`Expression`]: rustc's trait solver would redo that proof at every operator, and checking a
/// formula would cost the square of its operands with a large constant.
pub trait Typed {
    /// The element type ([`Shared`]: with feature `rayon`, `Send + Sync`, as every number is).
    type Elem: Copy + Shared;
    /// The shape of the result.
    type Shape: AnyShape;
    /// Where a new tensor computed from it goes: on the heap if an operand is boxed.
    type Home: Home;

    /// The shape of the result, with its run-time sizes.
    fn shape(&self) -> Self::Shape;
}

/// Whether an expression is evaluated by a way of its own ([`Expression::alone`]) rather than
/// by the pass: never, as the sizes say at run time, or always.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alone {
    /// Always by the pass.
    Never,
    /// As [`Expression::alone`] decides from the sizes.
    Sometimes,
    /// Always by its own way, which never refuses: the types fix the sizes, and they chose it.
    Always,
}

/// An element-wise expression: what it is ([`Typed`]: its element type, its shape, the
/// broadcast of its operands', and its home), and how the fused kernel reads it. Built by
/// [`TensorBase::lazy`], the operators and the methods of [`Lazy`]; evaluated by [`Lazy::eval`]
/// and its twins, which are where the compiler proves, once, that the whole tree is one.
///
/// Sealed: the kernels read an expression where its [`source`](Self::source) says, trusting it
/// to read exactly its shape, so only the crate's nodes are expressions. A type of your own
/// becomes an operand by implementing [`IntoExpression`] to hand over one of them.
pub trait Expression: Typed + ExpressionNode {
    /// What the fused kernel reads, its cursors with strides along `W` axes.
    #[doc(hidden)]
    type Source<const W: usize>: Source<W, Elem = Self::Elem> + Portable;
    /// How many axes the reductions inside the expression fold over, all told: each has a
    /// cursor slot of its own.
    #[doc(hidden)]
    const SLOTS: usize;
    /// Where its leaves read, when every one has a fixed shape: the pass over it is then
    /// planned while the program compiles.
    #[doc(hidden)]
    const STRIDES: Strides = Strides::UNFIT;

    /// Whether the expression is a tensor as it lies (a leaf), whose elements
    /// [`plain`](Self::plain) hands over: where not, no path that asks is compiled.
    #[doc(hidden)]
    const PLAIN: bool = false;
    /// The elements, row-major in the expression's shape, where it is a tensor as it lies.
    #[doc(hidden)]
    #[hot]
    fn plain(&self) -> Option<&[Self::Elem]> {
        None
    }
    /// Whether the expression has a way of its own to be evaluated, faster than the pass
    /// ([`alone`](Self::alone)): where it never has, that path is not compiled; where it always
    /// has (the types decide it), the pass is not.
    #[doc(hidden)]
    const ALONE: Alone = Alone::Never;
    /// Where the expression, evaluated into a new tensor, is computed by
    /// [`alone`](Self::alone), a value to allocate the tensor with before it is filled.
    #[doc(hidden)]
    #[hot]
    fn alone_start(&self) -> Option<Self::Elem> {
        None
    }
    /// Evaluates the expression into `out` (row-major, its shape) by a way of its own, where it
    /// has one faster than the pass (a reduction of a tensor as it lies, by the kernels over
    /// slices): `false`, nothing written, where not. `chosen`: [`alone_start`](Self::alone_start)
    /// answered already, so that way is not chosen again.
    #[doc(hidden)]
    #[hot]
    fn alone(&self, out: &mut [Self::Elem], chosen: bool) -> bool {
        let _ = (out, chosen);
        false
    }

    /// Whether every node of the expression can be read one element at a time by
    /// [`at`](Self::at): each node's shape has at most [`AT_RANK`] axes. (Every node of the
    /// crate's says; the defaults keep the seal the first thing a type of another crate is
    /// told.)
    #[doc(hidden)]
    const AT: bool = false;
    /// How many elements of its tensors one element of the expression reads, where every size
    /// it folds or reads is fixed (saturating); `usize::MAX` where one is known only at run
    /// time. What decides whether an evaluation is [`small`](small::small).
    #[doc(hidden)]
    const READS: usize = usize::MAX;
    /// The element at `index` (its first `Shape::RANK` entries, each below its axis' size; on
    /// an axis of size 1 any value, read as 0). Only called where [`AT`](Self::AT), and only
    /// by the crate: no other can make an [`Index`], so none can read past a tensor's end.
    #[doc(hidden)]
    fn at(&self, index: &Index) -> Self::Elem {
        let _ = index;
        unreachable!("`at` is only called on the crate's own nodes, which all have it")
    }
    /// Whether [`row`](Self::row) folds a reduction inside the expression a row of outputs at a
    /// time (see [`small::by_rows`]): some reduction in it keeps the last axis of its operand
    /// as its own last and may fold its first row in again (a maximum or minimum), and each
    /// node between it and this one reads it along that axis.
    #[doc(hidden)]
    const ROWS: bool = false;
    /// The `N` elements at `index` along the last axis (which has `N` elements; the index's
    /// entry there is not read): those of [`at`](Self::at), one by one, but where
    /// [`ROWS`](Self::ROWS). Only called where [`AT`](Self::AT) and every size is fixed.
    #[doc(hidden)]
    #[hot]
    fn row<const N: usize>(&self, index: &Index) -> [Self::Elem; N] {
        small::along(index, Self::Shape::RANK, |i| self.at(i))
    }

    /// The expression as the kernel reads it, its axis `k` landing on axis `lands[k]` of the
    /// output (or, inside a reduction, on a reduced axis); `slots` is the next cursor slot
    /// free for a reduced axis (the output's rank at the start).
    #[doc(hidden)]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W>;
}

/// An expression waiting to be evaluated: what `x.lazy()`, and every operator and method on
/// one, return. Evaluate it with [`eval`](Self::eval) (a new tensor), [`eval_into`](Self::eval_into)
/// (an existing one of the same shape), or `y += expr` (in place).
///
/// ```
/// use shapecast::prelude::*;
/// let x = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
/// let b = Tensor::<f32, shape![2]>::from([10.0, 20.0]);
/// let y: Tensor<f32, shape![2, 2]> = (x.lazy() * 2.0 + &b).eval();
/// assert_eq!(y.as_slice(), [12.0, 24.0, 16.0, 28.0]);
/// ```
#[derive(Clone, Copy)]
#[must_use = "an expression computes nothing until it is evaluated: call `eval()`, `eval_into(…)`, or use it with `+=`"]
pub struct Lazy<E>(pub(crate) E);

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy + Shared,
{
    /// This tensor as the start of an expression, evaluated in one pass: `x.lazy() * 2.0 + &b`
    /// computes nothing until [`eval`](Lazy::eval) (or `eval_into`, or `+=`), and then makes
    /// no temporary.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// assert_eq!((x.lazy() * 10 + 1).eval().as_slice(), [11, 21, 31]);
    /// ```
    #[hot]
    pub fn lazy(&self) -> Lazy<Leaf<'_, D::Elem, S, HomeOf<D, S>>> {
        Lazy(IntoExpression::into_expression(self))
    }
}

/// Where the axes of an operand land in the pass: its axis `k` on its parent's axis `onto[k]`,
/// which lands on `lands[onto[k]]`; or, where `onto[k]` is past the parent's `rank` axes, on
/// the reduced axis `first_slot + onto[k] − rank` (one of a reduction's own slots).
#[hot]
pub(crate) fn land<const W: usize>(
    onto: &[usize],
    rank: usize,
    lands: &[usize],
    first_slot: usize,
) -> [usize; W] {
    let mut out = [0; W];
    for (o, &to) in out.iter_mut().zip(onto) {
        *o = match to.checked_sub(rank) {
            Some(slot) => first_slot + slot,
            None => lands.get(to).copied().unwrap_or(0),
        };
    }
    out
}

/// `0, 1, 2, …`: where the axes of the whole output land (the first `rank` entries).
pub(crate) const IDENTITY: [usize; shapecast_rules::MAX_RANK] = {
    let mut all = [0; shapecast_rules::MAX_RANK];
    let mut k = 0;
    while k < all.len() {
        all[k] = k;
        k += 1;
    }
    all
};

/// What an element of an expression is not: something to read before the expression is
/// evaluated. No type is: only the error of [`Lazy::as_slice`] names it, so that reading an
/// expression as a tensor says what to do. (Not `get` too: an inherent method of that name
/// would hide a user's trait method `get` on expressions.)
#[diagnostic::on_unimplemented(
    message = "an expression has no elements to read until it is evaluated",
    label = "an expression, not a tensor",
    note = "evaluate it first: `.eval()` makes a new tensor (`expr.eval().as_slice()`), `.eval_into(&mut out)` writes into one that exists"
)]
#[doc(hidden)]
pub trait ReadBeforeEvaluating {
    /// Never called: what no other crate can write.
    fn sealed(_: seal::Token) -> !;
}

impl<E: Typed> Lazy<E> {
    /// Refused: an expression has no elements until it is evaluated (`.eval().as_slice()`).
    #[doc(hidden)]
    pub fn as_slice(&self) -> &[E::Elem]
    where
        E::Elem: ReadBeforeEvaluating,
    {
        E::Elem::sealed(seal::Token)
    }

    /// The shape of the result, with its run-time sizes.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 1]>::splat(1.0);
    /// let y = Tensor::<f32, shape![3]>::splat(2.0);
    /// assert_eq!(*(x.lazy() + &y).shape().extents(), [2, 3]);
    /// ```
    #[hot]
    pub fn shape(&self) -> E::Shape {
        self.0.shape()
    }
}

impl<E: Expression> Lazy<E> {
    /// Evaluates the expression into a new tensor, written once, element by element where it
    /// lives: inline when its shape is fixed and no operand is boxed, on the heap otherwise (as
    /// the eager operators choose).
    ///
    /// Panics if the result would have a shape that `from_shape` refuses: run-time sizes on
    /// two axes whose product, zeros left out, passes `usize` (`[R, 1, 0]` with `[1, Q, 0]` for
    /// R = Q = 2^62), as the operators do. `eval_into` never panics.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    /// let c = (a.lazy() * &b - 1).eval(); // Tensor<i32, shape![2, 3]>
    /// assert_eq!(c.as_slice(), [9, 19, 29, 19, 39, 59]);
    /// ```
    #[hot]
    pub fn eval(self) -> Owned<E::Elem, E::Shape, E::Home>
    where
        New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
    {
        self.evaluate::<false>()
    }

    /// [`eval`](Self::eval), for the eager operators (`&a + &b`).
    #[hot]
    pub(crate) fn eager(self) -> Owned<E::Elem, E::Shape, E::Home>
    where
        New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
    {
        self.evaluate::<true>()
    }

    /// The pass of [`eval`](Self::eval). `EAGER` changes nothing in it: the operators' copy is
    /// another function than `eval`'s, so that a program that writes one expression both ways
    /// does not make the optimizer call one copy out of line from both places (a call that a
    /// small add, of a few vector instructions, would pay on every evaluation).
    #[inline]
    fn evaluate<const EAGER: bool>(self) -> Owned<E::Elem, E::Shape, E::Home>
    where
        New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
    {
        let shape = self.0.shape();
        if !E::Shape::FIXED {
            check_result(&shape);
        }
        // A tensor's own reduction that the kernels over slices fold faster, small or not.
        if const { !matches!(E::ALONE, Alone::Never) }
            && let Some(start) = self.0.alone_start()
        {
            let len = crate::tensor::len_of(&shape);
            let data = <New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::from_fn(len, |_| start);
            let mut out = TensorBase::from_parts(data, shape);
            // `alone_start` answered: `alone` computes it.
            let _ = self.0.alone(out.as_mut_slice(), true);
            return out;
        }
        if const { matches!(E::ALONE, Alone::Always) } {
            unreachable!("an expression the types send alone is always evaluated so");
        }
        way::evaluate(NewOutput(self.0, shape))
    }

    /// Evaluates the expression into `out`, whose shape is the expression's.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![4]>::from([1.0, 2.0, 3.0, 4.0]);
    /// let mut data = [0.0; 4];
    /// let mut out = TensorMut::<f32, shape![4]>::new(&mut data)?;
    /// (x.lazy() * 0.5).eval_into(&mut out);
    /// assert_eq!(data, [0.5, 1.0, 1.5, 2.0]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn eval_into<D, S>(self, out: &mut TensorBase<D, S>)
    where
        D: DataMut<Elem = E::Elem>,
        S: AnyShape,
        S::Sizes: OutputOf<<E::Shape as AnyShape>::Sizes>,
    {
        if const { !matches!(E::ALONE, Alone::Never) } && self.0.alone(out.as_mut_slice(), false) {
            return;
        }
        if const { matches!(E::ALONE, Alone::Always) } {
            unreachable!("an expression the types send alone is always evaluated so");
        }
        let shape = out.shape();
        way::evaluate(Replace { expr: self.0, out: out.as_mut_slice(), shape });
    }
}

/// What [`Lazy::eval`] makes: a new output of the expression's shape.
struct NewOutput<E: Expression>(E, E::Shape);

impl<E: Expression> way::Evaluation for NewOutput<E>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    const AXES: usize = E::Shape::RANK + E::SLOTS;
    const BY_ELEMENTS: bool = small::small::<E, E::Shape>();
    type Output = Owned<E::Elem, E::Shape, E::Home>;

    #[hot]
    fn by_pass<const W: usize>(self) -> Self::Output {
        let NewOutput(expr, shape) = self;
        let mut dims = [0; W];
        let src = stretched::<W, E>(expr, crate::shape::extents_in(&shape, &mut dims));
        new_from_source::<W, E>(src, shape)
    }

    #[hot]
    fn by_elements(self) -> Self::Output {
        // (A constant function pointer: only the row's length chosen is compiled, see
        // `way::evaluate`.)
        let make: fn(Self) -> Self::Output = const {
            match small::by_rows::<E>() {
                2 => Self::by_rows::<2>,
                3 => Self::by_rows::<3>,
                4 => Self::by_rows::<4>,
                5 => Self::by_rows::<5>,
                6 => Self::by_rows::<6>,
                7 => Self::by_rows::<7>,
                8 => Self::by_rows::<8>,
                _ => Self::one_by_one,
            }
        };
        make(self)
    }
}

impl<E: Expression> NewOutput<E>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    /// The output, one row of `N` elements, made at once (where [`small::by_rows`]).
    #[hot]
    fn by_rows<const N: usize>(self) -> Owned<E::Elem, E::Shape, E::Home> {
        let NewOutput(expr, shape) = self;
        let row = expr.row::<N>(&Index([0; AT_RANK]));
        let len = crate::tensor::len_of(&shape);
        let data = <New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::from_fn(len, |j| row[j]);
        TensorBase::from_parts(data, shape)
    }

    /// The output made element by element, or filled and then written row by row.
    #[hot]
    fn one_by_one(self) -> Owned<E::Elem, E::Shape, E::Home> {
        let NewOutput(expr, shape) = self;
        let len = crate::tensor::len_of(&shape);
        if const { small::by_elements::<E>() } {
            let data = <New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::from_fn(len, |flat| {
                small::element::<E, E::Shape>(&expr, flat)
            });
            return TensorBase::from_parts(data, shape);
        }
        // (Made with the first element, then written row by row: the rows vectorize. An empty
        // output has no first element to read.)
        let first = (len > 0).then(|| small::first(&expr));
        let data = <New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::from_fn(len, |_| {
            first.unwrap_or_else(|| small::first(&expr))
        });
        let mut out = TensorBase::from_parts(data, shape);
        small::write::<E, E::Shape>(&expr, out.as_mut_slice(), keep);
        out
    }
}

/// An expression written over an output of shape `S`, every element replaced, each block
/// copied: `eval_into` (`S` the expression's own shape) and `assign` (the expression stretched
/// to `S` by NumPy's rule: its axes land on the output's last ones). Not generic over the
/// output's storage, and its pass writes as a new tensor's does (`write::copy_block`), so that
/// every evaluation of one expression into an output of its shape shares one pass.
struct Replace<'a, E, T, S> {
    expr: E,
    out: &'a mut [T],
    shape: S,
}

impl<E, S> way::Evaluation for Replace<'_, E, E::Elem, S>
where
    E: Expression,
    E::Elem: Shared,
    S: AnyShape,
{
    const AXES: usize = S::RANK + E::SLOTS;
    const BY_ELEMENTS: bool = small::small::<E, S>();
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let Replace { expr, out, shape } = self;
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let src = stretched::<W, E>(expr, dims);
        crate::kernel::write::write_into(dims, hint::<E, S>(), src, out, crate::kernel::write::copy_block);
    }

    #[hot]
    fn by_elements(self) {
        small::write::<E, S>(&self.expr, self.out, keep);
    }
}

/// `x`, the element an evaluation writes where it replaces `_`: one function for every
/// evaluation that replaces its output (see [`Replace`]).
#[hot]
fn keep<T>(_: T, x: T) -> T {
    x
}

/// An expression written over an output of shape `S`, each element `o` becoming
/// `update(o, x)` for `x` the expression's element there: the in-place operators
/// (whose shape stretches to it by NumPy's rule: its axes land on the output's last ones).
struct Overwrite<'a, E, T, S, F> {
    expr: E,
    out: &'a mut [T],
    shape: S,
    update: F,
}

impl<E, S, F> way::Evaluation for Overwrite<'_, E, E::Elem, S, F>
where
    E: Expression,
    E::Elem: Shared,
    S: AnyShape,
    F: Fn(E::Elem, E::Elem) -> E::Elem + Sync,
{
    const AXES: usize = S::RANK + E::SLOTS;
    const BY_ELEMENTS: bool = small::small::<E, S>();
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let Overwrite { expr, out, shape, update } = self;
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let src = stretched::<W, E>(expr, dims);
        crate::kernel::write::write_into(dims, hint::<E, S>(), src, out, |o, block| {
            // In blocks read before they are written: a tile's short rows vectorize too.
            crate::kernel::update(o, block, &update);
        });
    }

    #[hot]
    fn by_elements(self) {
        small::write::<E, S>(&self.expr, self.out, self.update);
    }
}

/// A new tensor of shape `shape`, the expression `E`'s (its own), written once where it lives
/// by the pass over `src`, built for that shape: what `eval()` and a shared value make.
#[hot]
pub(crate) fn new_from_source<const W: usize, E: Expression>(
    src: E::Source<W>,
    shape: E::Shape,
) -> Owned<E::Elem, E::Shape, E::Home>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    let mut dims = [0; W];
    let dims = crate::shape::extents_in(&shape, &mut dims);
    let len = crate::tensor::len_of(&shape);
    let data = <<New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::Data as Owning>::from_source(
        dims,
        len,
        hint::<E, E::Shape>(),
        src,
    );
    TensorBase::from_parts(data, shape)
}

/// What the pass over `dims`, an output's sizes, reads of `expr`, whose shape stretches to the
/// output by NumPy's rule: its axes land on the output's last ones. Every evaluation builds its
/// source here.
#[hot]
pub(crate) fn stretched<const W: usize, E: Expression>(expr: E, dims: &[usize]) -> E::Source<W> {
    let mut src = expr.source::<W>(&IDENTITY[dims.len() - E::Shape::RANK..dims.len()], &mut dims.len());
    // A use of a shared value that no `share` of this expression filled (one taken out of its
    // body) evaluates its value itself.
    src.share::<()>(None, &[]);
    src
}

/// Panics unless `shape`, a new result's, is one `from_shape` accepts. The operands' run-time
/// sizes each passed it, but together they may not: `[R, 1, 0]` with `[1, Q, 0]`, for
/// R = Q = 2^62, is `[2^62, 2^62, 0]`. `eval` and the operators have no `Result` to refuse it
/// with, so they panic, as allocating too much does.
#[inline(never)]
pub(crate) fn check_result<S: AnyShape>(shape: &S) {
    if let Err(e) =
        crate::dynamic::check_shape(crate::shape::extents_in(shape, &mut [0; shapecast_rules::MAX_RANK]))
    {
        panic!("shapecast: no tensor has the shape of this result: {e}");
    }
}

/// What the types of an expression `E` and of its output `S` tell the pass (see `place::Pass`):
/// the length of the output's last axis where its shape fixes it, and the plan made while the
/// program compiles when every size but the output's first is fixed.
#[hot]
pub(crate) fn hint<E: Expression, S: AnyShape>() -> Hint<ByTypes<Stretched<E>, S>> {
    planned::<Stretched<E>, S>()
}

/// What the types tell a pass over an output of shape `S` that reads as the table `T` says
/// (see [`hint`]).
#[hot]
pub(crate) fn planned<T: Table<S>, S: AnyShape>() -> Hint<ByTypes<T, S>> {
    Hint { pass: core::marker::PhantomData }
}

/// The expression `E` stretched to an output by NumPy's rule (its axes land on the last ones),
/// as the pass reads it.
pub(crate) struct Stretched<E>(core::marker::PhantomData<E>);
impl<E: Expression, S: AnyShape> Table<S> for Stretched<E> {
    const STRIDES: Strides = E::STRIDES.moved(<Numpy as MapInto<E::Shape, S>>::ONTO, E::SLOTS, S::RANK);
    const SLOTS: usize = E::SLOTS;
}

/// `Self` is `S`: an output given to [`Lazy::eval_into`] must have the expression's shape, the
/// same type (so, for run-time sizes, the same bindings). Checked on the shapes' sizes as tuples
/// (`AnyShape::Sizes`), `(Dim<3>, Dim<2>)` against `(Dim<2>, Dim<3>)`, which is how an error
/// names them.
#[diagnostic::on_unimplemented(
    message = "the output's shape is not the expression's shape: the output has the sizes `{Self}`, the expression `{S}`",
    label = "an output of the expression's shape is needed here",
    note = "`eval_into` writes every element of the expression into an output of exactly its shape; to stretch an expression over a larger output, use `out.assign(expr)`"
)]
pub trait OutputOf<S> {}
impl<S> OutputOf<S> for S {}

impl<D: DataMut, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy,
{
    /// Sets every element from `value` (a tensor, an expression, or a number), stretched to
    /// this shape by `broadcast_to`'s one-way rule, in one pass.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let mut data = [0; 6];
    /// let mut out = TensorMut::<i32, shape![2, 3]>::new(&mut data)?;
    /// let row = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// out.assign(row.lazy() * 10);
    /// assert_eq!(data, [10, 20, 30, 10, 20, 30]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn assign<R>(&mut self, value: R)
    where
        D::Elem: Shared,
        R: IntoExpression,
        R::Expr: Expression<Elem = D::Elem>,
        <R::Expr as Typed>::Shape: AnyBroadcastTo<S>,
    {
        // Every element replaced: the pass of `eval_into` (whose output's shape is the
        // expression's), which reads an expression stretched to `S` as well, not one of its own.
        let shape = self.shape();
        way::evaluate(Replace { expr: value.into_expression(), out: self.as_mut_slice(), shape });
    }

    /// Sets every element `o` to `f(o, x)`, `x` the matching element of `expr` stretched to
    /// this shape: the in-place operators.
    #[hot]
    pub(crate) fn update_with<E>(&mut self, expr: E, f: impl Fn(D::Elem, D::Elem) -> D::Elem + Sync)
    where
        D::Elem: Shared,
        E: Expression<Elem = D::Elem>,
        E::Shape: AnyBroadcastTo<S>,
    {
        let shape = self.shape();
        update_stretched(self.as_mut_slice(), shape, expr, f);
    }
}

/// Sets every element `o` of `out`, of shape `shape`, to `f(o, x)`, `x` the matching element of
/// `expr` stretched to `shape` by NumPy's rule (which the caller's types or checks prove): the
/// in-place operators, and an operator that writes its result over a temporary operand.
#[hot]
pub(crate) fn update_stretched<E, S>(
    out: &mut [E::Elem],
    shape: S,
    expr: E,
    f: impl Fn(E::Elem, E::Elem) -> E::Elem + Sync,
) where
    E: Expression,
    E::Elem: Shared,
    S: AnyShape,
{
    way::evaluate(Overwrite { expr, out, shape, update: f });
}
