//! Where a leaf of an expression sits in a pass planned while the program compiled: the pass,
//! as a type ([`Pass`]), and the leaf's row in its plan's table with its reductions' first
//! column, as numbers ([`Spot`]) that each node hands its operands. Every read is inlined into
//! the pass, so the numbers are constants there, and a leaf's stride along the run, or along a
//! reduced axis, is a constant read from the table: no test of a cursor per block, and a short
//! reduction's loop has constant steps (with each leaf's stride tested per read, k-means'
//! assignment was several times slower than with the strides written in as constants). The
//! leaves' types do not name the pass, so an expression's types grow with its operands as
//! they would without it.

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::block::{BLOCK, TILE_COLUMNS};
use super::constant::{Narrow, Planned, Table};
use crate::shape::AnyShape;

/// A pass over an expression, as a type: its plan made while the program compiled, if it has
/// one, and its output's rank.
#[doc(hidden)]
pub trait Pass {
    /// The plan; `None` for a pass planned when it runs.
    const PLAN: Option<Planned>;
    /// The output's rank: the table's first reduced column.
    const OUTS: usize;
    /// The length of the output's last axis where its shape fixes it, 0 otherwise: a short row
    /// of that length runs with constant bounds (a run-time size reads as 2 in the types, and
    /// the pass compares this with the real run, so a wrong guess only costs the constant
    /// path).
    const LAST: usize;
}

/// A pass planned when it runs (the arrays of run-time rank, and the eager kernels' plainest
/// path).
#[doc(hidden)]
pub struct RunTime;

impl Pass for RunTime {
    const PLAN: Option<Planned> = None;
    const OUTS: usize = 0;
    const LAST: usize = 0;
}

/// The pass over an output of shape `S` that reads as the table `T` says. Its plan exists when
/// every size but the output's first is fixed (and each operand's first, where it lands there
/// or on a reduced axis).
#[doc(hidden)]
pub struct ByTypes<T, S>(PhantomData<fn() -> (T, S)>);

impl<T: Table<S>, S: AnyShape> Pass for ByTypes<T, S> {
    const PLAN: Option<Planned> = if S::FIXED_AFTER_FIRST {
        Planned::new(T::STRIDES, S::STATIC.split_at(S::RANK).0, T::SLOTS, !S::FIXED)
    } else {
        None
    };
    const OUTS: usize = S::RANK;
    const LAST: usize = match S::RANK.checked_sub(1) {
        Some(last) if last < S::STATIC.len() => S::STATIC[last],
        _ => 0,
    };
}

/// Where a node sits in its pass's table: the row of its first leaf and the column of its
/// first reduced axis.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    pub(crate) row: usize,
    pub(crate) slot: usize,
}

impl Spot {
    /// The root of pass `P`: the first leaf, and the first column after the output's.
    #[hot]
    pub(crate) fn root<P: Pass>() -> Spot {
        Spot { row: 0, slot: P::OUTS }
    }

    /// Past `leaves` leaves and `slots` reduced axes: a zip's second operand, after its first.
    #[hot]
    pub(crate) fn after(self, leaves: usize, slots: usize) -> Spot {
        Spot { row: self.row + leaves, slot: self.slot + slots }
    }

    /// The stride of the leaf here along pass `P`'s run, and its strides along every column
    /// of the table, if the pass has a plan (read by a pass of width `W`).
    #[hot]
    pub(crate) fn strides<P: Pass, const W: usize>(self) -> Option<(usize, &'static [usize; W])> {
        let plan = PlanOf::<P, W>::get()?;
        let row = plan.row(self.row)?;
        Some((plan.run().map_or(0, |run| row[run]), row))
    }

    /// Whether each of the `leaves` leaves from here steps by 0 along pass `P`'s run, so that
    /// what they give is the same all along it (a leaf past the table, which a pass that runs
    /// as its plan says never has, is taken to step): [`still`](super::fused::still) as the
    /// plan's table tells it.
    #[hot]
    pub(crate) fn still<P: Pass, const W: usize>(self, leaves: usize) -> bool {
        (0..leaves).all(|leaf| self.after(leaf, 0).strides::<P, W>().is_some_and(|(run, _)| run == 0))
    }
}

/// The plan of pass `P` read by a pass of width `W` (see [`Narrow`]).
pub(crate) struct PlanOf<P, const W: usize>(PhantomData<fn() -> P>);

impl<P: Pass, const W: usize> PlanOf<P, W> {
    /// The plan, if the pass has one that a pass of width `W` can read.
    pub(crate) const PLAN: Option<Narrow<W>> = match &P::PLAN {
        Some(plan) => plan.narrow::<W>(),
        None => None,
    };

    /// The length of the plan's run where the plan fixes it and it is shorter than a block
    /// (`[B, 10]`'s rows of 10), [`BLOCK`] otherwise: a pass that reads as its plan says reads
    /// such a run as one block, whose lanes past the run repeat its last element (see
    /// `fused::short_runs`).
    pub(crate) const SHORT_RUN: usize = match &Self::PLAN {
        Some(plan) => plan.short_run(),
        None => BLOCK,
    };

    /// Whether the plan leaves the run's length to the pass (the output's first size, read
    /// when it runs, is the run's) or fixes it shorter than a block: a pass whose plan fixes a
    /// longer run never takes the paths for short runs, and those are not compiled for it.
    pub(crate) const MAY_BE_SHORT: bool = match &Self::PLAN {
        Some(plan) => plan.may_be_short(),
        None => true,
    };

    /// Whether the pass may be walked in tiles (see `fused::tiles`): always where it has no
    /// plan; where it has one, only if the plan's strides allow it, and otherwise the tiles are
    /// not compiled (a small fixed output then stays in registers).
    pub(crate) const MAY_TILE: bool = match &Self::PLAN {
        Some(plan) => plan.may_tile(TILE_COLUMNS),
        None => true,
    };

    /// [`PLAN`](Self::PLAN), where the pass reads it: in read-only memory.
    #[hot]
    pub(crate) fn get() -> Option<&'static Narrow<W>> {
        let plan: &'static Option<Narrow<W>> = &Self::PLAN;
        plan.as_ref()
    }
}
