//! Shape algebra: the same elements in another shape or order, a part of them, or tensors
//! joined into a new one, every result's shape computed while the program compiles.
//!
//! Strided views ([`StridedView`]: no copy; every expression, reduction and `matmul` reads one
//! in place; `einsum!`, `concat`, `stack` and `rejoin` take tensors, which
//! [`to_tensor`](StridedView::to_tensor) makes of a view):
//!
//! - [`permute::<perm![…]>()`](crate::TensorBase::permute) and
//!   [`swap_axes`](crate::TensorBase::swap_axes): the axes in another order;
//! - [`index_axis::<A>(i)`](crate::TensorBase::index_axis), [`axis_iter::<A>()`](crate::TensorBase::axis_iter):
//!   one position of an axis, and each in turn; [`rows()`](crate::TensorBase::rows) and
//!   [`rows_mut()`](crate::TensorBase::rows_mut), the rows as contiguous tensors;
//!   [`row(i)`](crate::TensorBase::row) and [`row_mut(i)`](crate::TensorBase::row_mut), one of
//!   them (a step's result written where it goes);
//!   [`slice::<A, LO, HI>()`](crate::TensorBase::slice): a fixed range, checked at compile
//!   time, and [`slice_by::<A, LO, HI, STEP>()`](crate::TensorBase::slice_by) with a step;
//!   [`narrow::<A, _>(start, len)`](crate::TensorBase::narrow): a run of run-time length, and
//!   [`split_off::<A, _>(len)`](crate::TensorBase::split_off): the first `len` positions and
//!   the rest (their `len` a bound size or a `Dim`, checked: a `Result`);
//! - [`flip::<A>()`](crate::TensorBase::flip): axis `A` read backwards (a stride that steps
//!   back; NumPy's negative step is a flip, then a step). A product with a flipped operand runs
//!   the plain loops, not the GEMM.
//!
//! Merging and splitting axes: [`merge_axes`](crate::TensorBase::merge_axes) merges two
//! neighbours, into their product's `Dim` when both are fixed and into a size of its own type
//! ([`Times`]) when one is known only at run time; [`split_axis`](crate::TensorBase::split_axis)
//! checks that a fixed factor divides a run-time size and names the quotient ([`Over`]);
//! [`unmerge_axis`](crate::TensorBase::unmerge_axis) undoes a merge with no check. Each new
//! run-time size is a type of its own: a merge of `Batch` and 16 is `Batch*16`, a split of
//! that by 4 `Batch*16/4`, a concatenation along a run-time axis `Batch+Extra`, the rest after
//! a `split_off` `Rows-Train`. Equal chunks of an axis are
//! `split_axis::<A, C>()?.axis_iter::<A>()`.
//!
//! Views (no copy; each on every tensor kind, as `insert_axis` is):
//!
//! - [`reshape::<S2>()`](crate::TensorBase::reshape): another fixed shape of the same element
//!   count ([`ReshapeInto`]);
//! - [`squeeze::<A>()`](crate::TensorBase::squeeze): axis `A`, of fixed size 1, removed (the
//!   inverse of `insert_axis::<A>()`; [`SqueezeShape`]);
//! - [`flatten()`](crate::TensorBase::flatten): every axis merged into one ([`FlattenShape`]);
//! - [`split_at::<0, POS>()`](crate::TensorBase::split_at): the first `POS` entries of axis 0
//!   and the rest, two contiguous views ([`SplitShape`]).
//!
//! New tensors (stored by the operators' rule: inline for fixed shapes, boxed for run-time
//! sizes or boxed operands), each with an `_into` twin that allocates nothing:
//!
//! - [`a.concat::<AXIS>(&b)`](Concat::concat): joined along an existing axis, whose sizes add
//!   ([`ConcatShape`]);
//! - [`[&a, &b, &c].stack::<AXIS>()`](Stack::stack): tensors of one shape along a new axis
//!   `AXIS` of size the count ([`StackShape`]).
//! - [`a.rejoin::<AXIS>(&b)`](Concat::rejoin): the two parts of one
//!   [`split_off`](crate::TensorBase::split_off), or tensors computed from them, joined back
//!   into the size they were cut from, `K` and [`Minus`]`<N, K>` into `N` ([`RejoinShape`]).
//!
//! ```
//! use shapecast::prelude::*;
//! use shapecast::algebra::Concatenated;
//! use static_assertions::assert_type_eq_all;
//!
//! let a = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
//! let b = Tensor::<i32, shape![4, 3]>::from_fn(|i| 10 + i as i32);
//! let ab = a.concat::<0>(&b); // [2, 3] ++ [4, 3] along axis 0
//! let _: &Tensor<i32, shape![6, 3]> = &ab;
//! assert_eq!(ab.get(&[2, 0]), Some(&10));
//!
//! let flat = ab.flatten(); // a view of shape [18]
//! assert_eq!(flat.as_slice().len(), 18);
//! let (top, rest) = ab.split_at::<0, 2>(); // [2, 3] and [4, 3], views
//! assert_eq!(top, a);
//! assert_eq!(rest, b);
//!
//! let pair = [&a, &a].stack::<0>(); // [2, 2, 3]
//! assert_eq!(pair.reshape::<shape![4, 3]>().get(&[3, 2]), Some(&6));
//! assert_type_eq_all!(Concatenated<shape![2, 3], shape![4, 3], 0>, shape![6, 3]);
//! ```
//!
//! The joined size of a concatenation (a sum), the parts of a split (a difference) and a
//! flattened size (a product) are computed with typenum and written back as `Dim<N>` by
//! [`ToSize`], so `[2, 3] ++ [4, 3]` is exactly `shape![6, 3]`. `Dim<N>` exists for the numbers
//! typenum has a constant for, as for `shape!`'s own sizes: 0 to 1024 and 3600; from 2047 on,
//! the powers of two and the powers of two less one; the powers of ten from 10,000; and k·2^j
//! for k among 3, 5, 7, 9, 15, 25, 27, 45, 49, 75, 81 and 125 (3072, 12288, …). Two `[1000]`
//! do not concatenate into a fixed `[2000]`: a result outside the table is a compile error
//! that says so (`shape!` itself takes any size). A [`reshape`](crate::TensorBase::reshape)
//! compares element counts directly and needs no table.
//!
//! Run-time sizes ([`Dyn`](crate::Dyn)) may stand on every axis that a call keeps as it is:
//! `[Batch, 3]` and `[Batch, 5]` concatenate along axis 1 into `[Batch, 8]`, one binding on
//! both; along a run-time axis, the joined size is a size of its own type, [`Plus`]. Not done
//! here, each a compile error: squeezing a run-time axis (never known to be 1), and
//! `reshape`/`flatten` of a shape with a run-time size (merge its axes with `merge_axes`, or
//! convert with `to_fixed` first). `split_at` cuts axis 0 only, where both parts are
//! contiguous; `slice` takes any range of any fixed axis as a view.

mod index;
mod join;
mod merge;
mod permute;
mod reshape;
mod sizes;
mod view;

pub use crate::typelevel::{Axis, SizeOf, ToSize};
pub use index::{Narrowed, SliceAt, Sliced, SlicedBy, StepAt, WithoutAxis};
pub use join::{
    Concat, ConcatOutput, ConcatShape, Concatenated, HomeOfBoth, RejoinOutput, RejoinShape, Rejoined, Stack,
    StackShape, Stacked,
};
pub use merge::{MergeAt, MergeWith, Merged, Split, SplitAt, SplitFactor, SplitsBy, UnmergeAt, Unmerged};
pub use permute::{AnyPermute, Order, Perm, Permuted, SwapAxes, Swapped};
pub use reshape::{
    Elements, FlattenShape, Flattened, ReshapeInto, SplitBack, SplitFront, SplitShape, SqueezeShape, Squeezed,
};

pub use sizes::{Minus, Over, Plus, Times};
pub use view::StridedView;

// The steps of the checks, which rustc names in an error's notes: public so that it prints them
// by their bare names, and not API. They are hidden from the docs here, on the re-exports, not on
// the items: rustc prints an item marked `#[doc(hidden)]` by its full path
// (`shapecast::algebra::SqueezableSize<1>`).
#[doc(hidden)]
pub use crate::typelevel::{
    Ahead, AxisIn, AxisOfRank, HasAxisAt, Here, InShape, InsertBefore, InsertCheck, Rank, RankWithinLimit,
};
#[doc(hidden)]
pub use index::{NoAxis, RangeWithin, SliceRange, StepRange};
#[doc(hidden)]
pub use join::{
    ConcatRank, ConcatSame, ConcatWalk, CutFrom, HasAxis, JoinKinds, JoinSize, JoinedSize, LeftOf, LeftPast,
    Operand, RankMatches, RanksEqual, RejoinedAt, SameRankAs, SameSizeAs, SameSizeOn, SameSizesFrom,
    StackCount, WholeOf, WholeOrSelf,
};
#[doc(hidden)]
pub use permute::{PermCheck, PermEntries, PermLength, PermRanks, PickOr};
#[doc(hidden)]
pub use reshape::{
    ContiguousCut, CountNames, CountOf, CountsAgree, CountsDiffer, CountsDifferBy, CountsEqual, CutAt,
    CutAxis, DimCount, FirstRunTime, Flat, FlatCount, FlatSize, FlattenKind, FlattenOfRunTime,
    FlattenableSize, KnownToBeOne, ReshapableSize, ReshapeKind, ReshapeOfRunTime, RunTimeFrom, SameCount,
    SameCountAs, SplitAlong, SplitCheck, SplitFits, SplitPastEnd, SplitPick, SplitRest, SplitSize,
    SplitWithin, SplitsAtRunTime, SqueezableAxis, SqueezableSize,
};
