//! How a pass walks its runs ([`Walk`]), chosen by one rule ([`Walk::choose`]) from what the
//! loop nest and the leaves' strides say: while the program compiles where the plan fixes them
//! (`constant::Narrow::walk`), so that only that walk is compiled, and when the pass starts
//! otherwise.

use super::block::BLOCK;

/// The ways a pass walks the runs of its loop nest (`fused::run_planned` runs each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Rows of a fixed length shorter than a block, no reduction, every leaf contiguous across
    /// the rows or the same along each row: the rows of each step of the outer loops are one
    /// flat run, in whole blocks.
    Flat,
    /// Rows of a fixed length shorter than a block, no reduction, each row one part copied as
    /// it lies.
    Parts,
    /// Runs shorter than a block, fixed by a plan, and a reduction whose outputs differ along
    /// the run: each run one block read as the plan says, the reduction folded in lanes across
    /// the run's outputs.
    ShortRuns,
    /// Runs shorter than a block in tiles of a block's rows, each column of a tile one block
    /// read down the rows, so that a reduction over the row folds in lanes across the rows.
    /// Where the rows turn out to be few (`fused::FEW_ROWS`, known only when the pass runs),
    /// they are walked run by run instead, as [`Strided`](Walk::Strided) walks them.
    ShortRows,
    /// Runs in blocks, read as the plan says or with a leaf stepping by more than 1 along them.
    Strided,
    /// Runs in blocks, every leaf contiguous or stretched along them.
    Contiguous,
}

/// What a pass's leaves are at its start, all told: what [`Walk::choose`] asks of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leaves {
    /// Every leaf steps by 0 or 1 along the run.
    pub(crate) unit: bool,
    /// Every leaf steps by 0 or 1 along the run, and no reduction reads it.
    pub(crate) plain: bool,
    /// Every leaf is the same along the run, or steps by the run's length along the loop
    /// around it (the rows lie one after another); false where there is no such loop.
    pub(crate) flat: bool,
    /// Every leaf a reduction reads is the same along the run.
    pub(crate) folded_still: bool,
}

/// What a pass knows of its runs before it walks them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Loops {
    /// The run's length.
    pub(crate) len: usize,
    /// The loops around the run.
    pub(crate) loops: usize,
    /// The output's last size where its shape fixes it, 0 otherwise.
    pub(crate) last: usize,
    /// Whether the run's length may be shorter than a block (the plan leaves it to the pass,
    /// or fixes it so).
    pub(crate) may_be_short: bool,
    /// The run's length where a plan fixes it shorter than a block, [`BLOCK`] otherwise.
    pub(crate) short_run: usize,
    /// Whether the expression folds a reduction.
    pub(crate) reduces: bool,
    /// Whether the pass reads its blocks as a plan made while the program compiled says.
    pub(crate) by_plan: bool,
}

impl Leaves {
    /// No leaf yet, under `loops` loops around the run.
    pub(crate) const fn none(loops: usize) -> Leaves {
        Leaves { unit: true, plain: true, flat: loops > 0, folded_still: true }
    }

    /// These and one more leaf: its stride `inner` along a run of `len`, `down` along the loop
    /// around it (0 where there is none), and whether a reduction reads it (`folds`).
    pub(crate) const fn and(self, inner: usize, down: usize, len: usize, folds: bool) -> Leaves {
        Leaves {
            unit: self.unit && inner <= 1,
            plain: self.plain && inner <= 1 && !folds,
            flat: self.flat && (inner == 0 || down == len),
            folded_still: self.folded_still && (!folds || inner == 0),
        }
    }
}

impl Walk {
    /// The walk for the runs of `loops` over leaves `leaves`.
    pub(crate) const fn choose(loops: Loops, leaves: Leaves) -> Walk {
        let Loops { len, loops, last, may_be_short, short_run, reduces, by_plan } = loops;
        let short = may_be_short && len < BLOCK;
        if short && len == last && leaves.plain {
            // Where every operand is contiguous across the rows too, or the same along each
            // row, the rows are one flat run; otherwise each row is one part (much faster than
            // the tile on softmax's `x − max`). A reduction over the row is folded in lanes
            // across the rows of a tile instead.
            if loops > 0 && leaves.flat { Walk::Flat } else { Walk::Parts }
        } else if reduces && short_run < BLOCK && by_plan && len == short_run && !leaves.folded_still {
            Walk::ShortRuns
        } else if short && loops > 0 {
            Walk::ShortRows
        } else if by_plan || !leaves.unit {
            Walk::Strided
        } else {
            Walk::Contiguous
        }
    }
}
