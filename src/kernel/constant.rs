//! Plans made while the program compiles. When every operand of an expression has a fixed
//! shape, or one whose first size only is known at run time (a batch, the rows of a file) and
//! that size is the output's first, where each of its leaves reads along each axis of a pass,
//! and the loop nest over its output, are constants (the first loop's count is read when the
//! pass runs), computed as the eager kernels' plans are: a pass then starts from
//! them, and the optimizer folds the loops around them into straight code, whatever else the
//! program evaluates (a plan computed at run time from constants is folded only when the
//! optimizer gets to it first, which it does not always do).
//!
//! The table of an expression holds one row per leaf (in the order the pass visits them) and
//! one column per axis of the expression: its output's (`0..rank`), then one per axis that the
//! reductions inside it fold over, numbered as the pass numbers them. A node builds its own
//! table from its operands' by moving their columns onto its own.

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::Plan;
use super::block::BLOCK;
use super::statics::MapInto;
use super::walk::{Leaves, Loops, Walk};
use crate::shape::AnyShape;
use shapecast_rules::MAX_RANK;

/// What a pass over an output of shape `S` reads, as a table in the output's columns (see the
/// module's documentation): an expression stretched to `S`, or tensors placed by maps.
#[doc(hidden)]
pub trait Table<S: AnyShape> {
    /// Each leaf's stride along each of the pass's axes.
    const STRIDES: Strides;
    /// How many reduced axes follow the output's.
    const SLOTS: usize;
}

/// A tensor of shape `A`, its axes placed on the output's by the map `M`.
#[doc(hidden)]
pub struct Placed<A, M>(PhantomData<(A, M)>);

impl<S: AnyShape, A: AnyShape, M: MapInto<A, S>> Table<S> for Placed<A, M> {
    const STRIDES: Strides = Strides::of_shape::<A>().moved(M::ONTO, 0, S::RANK);
    const SLOTS: usize = 0;
}

impl<S: AnyShape, A: AnyShape, MA: MapInto<A, S>, B: AnyShape, MB: MapInto<B, S>> Table<S>
    for (Placed<A, MA>, Placed<B, MB>)
{
    const STRIDES: Strides = <Placed<A, MA> as Table<S>>::STRIDES.then(<Placed<B, MB> as Table<S>>::STRIDES);
    const SLOTS: usize = 0;
}

/// The most leaves a constant plan holds.
pub const LEAVES: usize = 16;
/// The most axes (the output's and the reduced ones together) a constant plan holds.
pub const AXES: usize = 32;

/// Where an expression's leaves read: each leaf's stride along each of the expression's axes,
/// or unfit (a size known only at run time, or more than [`LEAVES`] leaves or [`AXES`] axes),
/// in which case a pass over it is planned at run time.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Strides {
    fits: bool,
    leaves: usize,
    rows: [[usize; AXES]; LEAVES],
}

impl Strides {
    /// An expression planned at run time.
    pub const UNFIT: Strides = Strides { fits: false, leaves: 0, rows: [[0; AXES]; LEAVES] };

    /// An expression without leaves (a number).
    pub const NONE: Strides = Strides { fits: true, leaves: 0, rows: [[0; AXES]; LEAVES] };

    /// A tensor of sizes `dims`, fixed if `fixed`: its row-major strides, 0 along a size of 1.
    pub const fn leaf(fixed: bool, dims: &[usize]) -> Strides {
        if !fixed || dims.len() > AXES {
            return Strides::UNFIT;
        }
        let mut out = Strides { fits: true, leaves: 1, rows: [[0; AXES]; LEAVES] };
        let (mut k, mut step) = (dims.len(), 1usize);
        while k > 0 {
            k -= 1;
            if dims[k] != 1 {
                out.rows[0][k] = step;
            }
            step = step.wrapping_mul(dims[k]);
        }
        out
    }

    /// A tensor of shape `S`: [`leaf`](Self::leaf) of its sizes, fixed if all but its first are.
    pub const fn of_shape<S: AnyShape>() -> Strides {
        Strides::leaf(S::FIXED_AFTER_FIRST, S::STATIC.split_at(S::RANK).0)
    }

    /// The same leaves in a parent's table: an operand's axis `k` is the parent's column
    /// `axes[k]`, and its `slots` reduced axes the parent's columns from `first_slot` on.
    pub const fn moved(self, axes: &[usize], slots: usize, first_slot: usize) -> Strides {
        if !self.fits || axes.len() + slots > AXES || first_slot + slots > AXES {
            return Strides::UNFIT;
        }
        let mut out = Strides { fits: true, leaves: self.leaves, rows: [[0; AXES]; LEAVES] };
        let mut k = 0;
        while k < axes.len() + slots {
            let to = if k < axes.len() { axes[k] } else { first_slot + k - axes.len() };
            if to >= AXES {
                return Strides::UNFIT;
            }
            let mut leaf = 0;
            while leaf < self.leaves {
                out.rows[leaf][to] = self.rows[leaf][k];
                leaf += 1;
            }
            k += 1;
        }
        out
    }

    /// Whether the table is known and some leaf steps by one element along column `column`
    /// (reads contiguously along that axis).
    pub(crate) const fn contiguous_along(&self, column: usize) -> bool {
        if !self.fits || column >= AXES {
            return false;
        }
        let mut leaf = 0;
        while leaf < self.leaves {
            if self.rows[leaf][column] == 1 {
                return true;
            }
            leaf += 1;
        }
        false
    }

    /// Leaf `leaf`'s strides along every column (zeros past the table's leaves).
    pub(crate) const fn of_leaf(&self, leaf: usize) -> &[usize; AXES] {
        &self.rows[if leaf < LEAVES { leaf } else { 0 }]
    }

    /// Whether the table is known (every size fixed, few enough leaves and axes).
    pub(crate) const fn fits(&self) -> bool {
        self.fits
    }

    /// How many leaves the table has rows for.
    #[cfg(test)]
    pub(crate) const fn leaves(&self) -> usize {
        self.leaves
    }

    /// `self`'s leaves, then `other`'s.
    pub const fn then(self, other: Strides) -> Strides {
        if !self.fits || !other.fits || self.leaves + other.leaves > LEAVES {
            return Strides::UNFIT;
        }
        let mut out = self;
        let mut leaf = 0;
        while leaf < other.leaves {
            out.rows[self.leaves + leaf] = other.rows[leaf];
            leaf += 1;
        }
        out.leaves += other.leaves;
        out
    }
}

/// A pass over an output planned while the program compiles: the loop nest (as `Nest::plan`
/// makes it) and each leaf's strides along its axes. The output's sizes are fixed, or all but
/// the first (`outer`), which the pass reads when it runs: its loop is the plan's first, with
/// the fixed axes merged into it counted in (`dims[0]` is their product times 2, the first
/// size's stand-in).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Planned {
    /// Whether the output is empty (no pass) whatever its first size.
    empty: bool,
    /// Whether the output's first size is known only at run time.
    outer: bool,
    rank: usize,
    dims: [usize; AXES],
    outs: usize,
    /// How many reduced axes follow the output's.
    slots: usize,
    strides: Strides,
}

impl Planned {
    /// Whether every size of the output is fixed (its first too).
    pub(crate) const fn every_size_fixed(&self) -> bool {
        !self.outer
    }

    /// The pass over sizes `dims` of an expression whose leaves read as `strides` says, with
    /// `slots` reduced axes; `None` if it does not fit a constant plan. The loops are the eager
    /// kernels' [`Plan`]'s, over the output's axes; the reduced axes' strides are kept as
    /// they are. With `outer`, `dims[0]` is 2, a stand-in for a size read at run time: never 1,
    /// so its loop is kept, and the first, so an axis merges into it only by its own fixed
    /// size, never it into another.
    pub(crate) const fn new(strides: Strides, dims: &[usize], slots: usize, outer: bool) -> Option<Planned> {
        if !strides.fits || dims.len() + slots >= AXES || (outer && (dims.is_empty() || dims[0] != 2)) {
            return None;
        }
        let outs = dims.len();
        let mut over_output: [&[usize]; LEAVES] = [&[]; LEAVES];
        let mut leaf = 0;
        while leaf < strides.leaves {
            over_output[leaf] = strides.rows[leaf].split_at(outs).0;
            leaf += 1;
        }
        let loops = Plan::<LEAVES>::new(dims, over_output);
        let mut plan =
            Planned { empty: loops.is_empty(), outer, rank: 0, dims: [1; AXES], outs, slots, strides };
        let merged = loops.dims();
        plan.rank = merged.len();
        let mut axis = 0;
        while axis < outs {
            if axis < merged.len() {
                plan.dims[axis] = merged[axis];
            }
            let mut leaf = 0;
            while leaf < strides.leaves {
                let along = loops.strides(leaf);
                plan.strides.rows[leaf][axis] = if axis < along.len() { along[axis] } else { 0 };
                leaf += 1;
            }
            axis += 1;
        }
        Some(plan)
    }

    /// The plan as a pass whose cursors have `W` slots reads it: each leaf's strides along the
    /// first `W` columns only, which are all a pass of that width has (its other columns are
    /// 0). `None` where `W` is wider than the table (an expression of 16 axes or more, planned
    /// when it runs), or too narrow for the expression's axes and the one along which nothing
    /// moves (a width that the pass does not choose for it, whose code is never run, but whose
    /// constants are still computed).
    pub(crate) const fn narrow<const W: usize>(&self) -> Option<Narrow<W>> {
        if W > AXES || self.outs + self.slots >= W {
            return None;
        }
        let mut out = Narrow {
            empty: self.empty,
            outer: self.outer,
            rank: self.rank,
            outs: self.outs,
            leaves: self.strides.leaves,
            dims: [1; W],
            rows: [[0; W]; LEAVES],
        };
        let mut k = 0;
        while k < W {
            out.dims[k] = self.dims[k];
            let mut leaf = 0;
            while leaf < LEAVES {
                out.rows[leaf][k] = self.strides.rows[leaf][k];
                leaf += 1;
            }
            k += 1;
        }
        Some(out)
    }
}

/// A plan made while the program compiled, as a pass whose cursors have `W` slots reads it
/// when it runs: [`Planned`] cut to `W` columns, so that what a small expression's pass keeps
/// in read-only memory (where the optimizer does not fold every read of it into the code, as at
/// opt-level `"s"`) is a few hundred bytes, not the whole table.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Narrow<const W: usize> {
    /// Whether the output is empty (no pass) whatever its first size.
    empty: bool,
    /// Whether the output's first size is known only at run time.
    outer: bool,
    rank: usize,
    outs: usize,
    leaves: usize,
    dims: [usize; W],
    rows: [[usize; W]; LEAVES],
}

impl<const W: usize> Narrow<W> {
    /// The run's length, if the plan fixes it (not the output's first size, read when the pass
    /// runs) and it is shorter than a block; [`BLOCK`] otherwise.
    pub(crate) const fn short_run(&self) -> usize {
        match self.rank.checked_sub(1) {
            Some(last) if !(self.outer && last == 0) && self.dims[last] < BLOCK => self.dims[last],
            _ => BLOCK,
        }
    }

    /// Whether a pass by this plan may be walked in tiles (see `fused::tiles`): it has a loop
    /// around a run of `run` elements or more, and a leaf steps along the run by a block or
    /// more but by less along one of those loops. Where not, the tiles are not compiled.
    pub(crate) const fn may_tile(&self, run: usize) -> bool {
        let last = match self.rank.checked_sub(1) {
            Some(last) if last > 0 && self.dims[last] >= run => last,
            _ => return false,
        };
        let mut leaf = 0;
        while leaf < self.leaves {
            let inner = self.rows[leaf][last];
            let mut a = 0;
            while a < last {
                let moves = (self.outer && a == 0) || self.dims[a] > 1;
                if inner >= BLOCK && moves && self.rows[leaf][a] < inner {
                    return true;
                }
                a += 1;
            }
            leaf += 1;
        }
        false
    }

    /// Whether the run's length is read when the pass runs (the output's first size, along
    /// its only loop) or fixed shorter than a block.
    pub(crate) const fn may_be_short(&self) -> bool {
        match self.rank.checked_sub(1) {
            Some(last) => (self.outer && last == 0) || self.dims[last] < BLOCK,
            None => true,
        }
    }

    /// How a pass by this plan walks its runs (see [`Walk::choose`]), where the plan fixes
    /// their length (not the output's first size, read when the pass runs): `last` is the
    /// output's last size where its shape fixes it, `reduces` whether the expression folds a
    /// reduction, `by_plan` whether the pass reads its blocks as the plan says. The leaves are
    /// as the pass sets their cursors from the table (`Cursor::set`).
    pub(crate) const fn walk(&self, last: usize, reduces: bool, by_plan: bool) -> Option<Walk> {
        let (len, run) = match self.rank.checked_sub(1) {
            None => (1, W - 1),
            Some(0) if self.outer => return None,
            Some(run) => (self.dims[run], run),
        };
        let loops = self.rank.saturating_sub(1);
        let mut leaves = Leaves::none(loops);
        let mut leaf = 0;
        while leaf < self.leaves {
            let row = &self.rows[leaf];
            let mut folds = false;
            let mut k = self.outs;
            while k + 1 < W {
                folds |= row[k] != 0;
                k += 1;
            }
            let down = if loops > 0 { row[loops - 1] } else { 0 };
            leaves = leaves.and(row[run], down, len, folds);
            leaf += 1;
        }
        let may_be_short = self.may_be_short();
        let short_run = self.short_run();
        Some(Walk::choose(Loops { len, loops, last, may_be_short, short_run, reduces, by_plan }, leaves))
    }

    /// The column of the run (the plan's innermost axis), `None` for an output of no axes,
    /// whose run is the pass's axis along which nothing moves (`Cursor::STILL`).
    #[hot]
    pub(crate) const fn run(&self) -> Option<usize> {
        self.rank.checked_sub(1)
    }

    /// The strides of leaf `row` along every column of the table (the plan's axes, then the
    /// reduced ones), `None` past the table's rows.
    #[hot]
    pub(crate) const fn row(&self, row: usize) -> Option<&[usize; W]> {
        if row >= self.leaves {
            return None;
        }
        Some(&self.rows[row])
    }

    /// The loops over an output of sizes `sizes` (their count and sizes, the output's first
    /// size read into the first), `None` for an empty output.
    #[hot]
    pub(crate) fn loops(&self, sizes: &[usize]) -> Option<(usize, [usize; W])> {
        let mut dims = self.dims;
        if self.outer {
            match sizes.first() {
                Some(&0) | None => return None,
                Some(&first) => dims[0] = dims[0] / 2 * first,
            }
        }
        if self.empty {
            return None;
        }
        Some((self.rank, dims))
    }

    /// The output's rank: the first column of the reduced axes.
    #[hot]
    pub(crate) const fn outs(&self) -> usize {
        self.outs
    }

    /// Leaf `leaf`'s strides along every column (its row of the table).
    #[hot]
    pub(crate) const fn strides(&self, leaf: usize) -> &[usize; W] {
        &self.rows[leaf]
    }

    /// How many leaves the table has a row for.
    #[hot]
    pub(crate) const fn leaves(&self) -> usize {
        self.leaves
    }
}

/// Where the axes of an operand of rank `rank` land in its parent when a size-1 axis is
/// inserted before position `at` (the first `rank` entries). The rule of `insert_axis`, read by
/// both the constant table and the run-time pass.
pub const fn inserted(at: usize, rank: usize) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let mut k = 0;
    while k < rank && k < MAX_RANK {
        out[k] = if k < at { k } else { k + 1 };
        k += 1;
    }
    out
}

/// Where the axes of the operand of a reduction over `reduced` (increasing) land in the
/// reduction: a reduced axis on the reduction's own slots, from `out_rank` on, in order;
/// another axis on the output's axis it becomes (the reduced axes from `kept_from` on count as
/// axes too: they are kept as size 1). The first `rank` entries. Read by both the constant table and the
/// run-time pass.
pub const fn reduced(reduced: &[usize], rank: usize, out_rank: usize, kept_from: usize) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let (mut axis, mut slot, mut at) = (0, 0, 0);
    while axis < rank && axis < MAX_RANK {
        let mut is_reduced = false;
        let mut q = 0;
        while q < reduced.len() {
            if reduced[q] == axis {
                is_reduced = true;
            }
            q += 1;
        }
        if is_reduced {
            out[axis] = out_rank + slot;
            slot += 1;
            if axis >= kept_from {
                at += 1;
            }
        } else {
            out[axis] = at;
            at += 1;
        }
        axis += 1;
    }
    out
}

/// The first `n` entries of `map`.
pub const fn first(map: &[usize; MAX_RANK], n: usize) -> &[usize] {
    map.split_at(if n < MAX_RANK { n } else { MAX_RANK }).0
}
