//! The kernels over strided operands.
//!
//! [`fused`] is the one element-wise kernel: every expression, the operators on tensors
//! (`&a + &b`, `-a`, `a += &b`), and the closures of `zip_with` and `zip_assign` on tensors and
//! on the arrays of run-time rank, which may keep state (`FnMut`) and are applied in `zip` to
//! the elements the pass hands on, once per element, in row-major order. Two kernels remain
//! beside it, over one operand: broadcast copies (`broadcast_to`, a `fill` or a
//! `copy_from_slice` per run) and the folds of a tensor as it lies (`reduce`, `fold`), called
//! by a tensor's own reduction, eager or written as an expression, where its outputs each fold
//! a column or rows lying apart (`Fold::slices`; the pass folds the rest).
//!
//! A [`Plan`] describes the output as a row-major box of `dims`, and each operand by its stride
//! along every output axis (0 where stretched). Axes of size 1 are dropped and adjacent axes
//! that every operand walks contiguously are merged, so the innermost loop is as long as
//! possible. The fused pass plans its loops with it too (`constant`, `Nest::plan`); the copy
//! and accumulation kernels run it directly, their inner loop a `copy_from_slice`, a `fill`,
//! or a fold in blocks that are read before they are written (so they vectorize; see `block`):
//! no index arithmetic per element.

mod block;
pub(crate) mod constant;
mod copy;
pub(crate) mod fold;
pub(crate) mod fused;
pub(crate) mod leaf;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
pub(crate) mod place;
mod plan;
mod reduce;
pub(crate) mod run;
pub(crate) mod source;
pub(crate) mod statics;
pub(crate) mod walk;
pub(crate) mod way;
pub(crate) mod write;
pub(crate) mod zip;

pub(crate) use block::update;
pub(crate) use copy::copy;
pub(crate) use plan::{Plan, Runs};
pub(crate) use reduce::{accumulate, arg_slices, fold_slices, rows_in_order};
pub(crate) use zip::{assign, zip};

/// Bytes from which work is split across rayon's threads (feature `rayon`): a pass's output, or
/// the rows that a tensor's reduction folds into one row. Those rows are folded in halves from
/// this size on with or without the feature, so that the bits never depend on the threads. On
/// a quiet 2-core machine two threads were slower than one up to 16 MiB and faster from
/// 64 MiB; 32 MiB lies between.
#[cfg(feature = "alloc")]
pub(crate) const SPLIT_FROM: usize = 32 << 20;
