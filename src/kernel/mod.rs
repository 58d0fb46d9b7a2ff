//! The kernels over strided operands.
//!
//! [`fused`] evaluates every expression and the operators on tensors (`&a + &b`, `-a`,
//! `a += &b`): any number of operands in one pass. The copy, zip and in-place kernels here
//! serve what that pass does not: the closures of `zip_with`, `map` and `zip_assign` on
//! tensors, which are `FnMut` and called exactly once per element in row-major order (the
//! fused pass computes whole blocks, and a short run's block repeats its last lane); the
//! arrays of run-time rank; and broadcast copies (`broadcast_to`), which are a `fill` or a
//! `copy_from_slice` per run.
//!
//! A [`Plan`] describes the output as a row-major box of `dims`, and each operand by its stride
//! along every output axis (0 where stretched). Axes of size 1 are dropped and adjacent axes
//! that every operand walks contiguously are merged, so the innermost loop is as long as
//! possible; it is a `copy_from_slice`, a `fill`, or a zip of slices in blocks that are read
//! before they are written (so they vectorize; see `block`): no index arithmetic per element.

mod assign;
mod block;
pub(crate) mod constant;
mod copy;
pub(crate) mod fold;
pub(crate) mod fused;
#[cfg(feature = "rayon")]
pub(crate) mod parallel;
mod plan;
mod reduce;
pub(crate) mod statics;
mod zip;

pub(crate) use assign::assign;
pub(crate) use copy::copy;
pub(crate) use plan::{Plan, Runs};
pub(crate) use reduce::accumulate;
pub(crate) use zip::zip;
