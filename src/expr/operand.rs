//! How a reduction reads its operand: each read inlined into its fold, or through a call where
//! inlined reads would multiply the code of nested reductions.

use shapecast_macros::hot;

use crate::kernel::fused::BLOCK;
use crate::kernel::place::{Pass, Spot};
use crate::kernel::source::{RunBlocks, Source};

/// How a reduction reads its operand's blocks: inlined at each place its fold reads one, except
/// where the operand holds reductions itself ([`CALLED`](Self::CALLED)). There each read is a
/// call: inlined, each level of nesting multiplied the code of the levels inside it by the
/// places its fold reads them, and the code (and a release build's time) grew exponentially
/// with the depth.
pub(super) trait Operand<const W: usize>: Source<W> {
    /// Whether the operand's blocks are read through a call: where it holds a reduction that
    /// holds another, or, in a pass wider than 8 axes, where it holds one. In a narrow pass
    /// one level stays inlined: the cursors are a few registers there, and a call per block
    /// of the operand (k-means' sums inside its `argmin`, a row's mean inside its variance)
    /// cost more than the block's own work.
    const CALLED: bool = Self::NESTS >= 2 || (Self::NESTS >= 1 && W > 8);

    /// [`Source::block`], inlined or called (see [`Operand`]).
    #[hot]
    fn read_block<const STRIDED: bool>(&mut self, at: usize) -> [Self::Elem; BLOCK] {
        if const { Self::CALLED } {
            block_called::<W, Self, STRIDED>(self, at)
        } else {
            self.block::<STRIDED>(at)
        }
    }

    /// [`Source::planned`], inlined or called (see [`Operand`]).
    #[hot]
    fn read_planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [Self::Elem; BLOCK] {
        if const { Self::CALLED } {
            planned_called::<W, Self, P>(self, at, spot, along)
        } else {
            self.planned::<P>(at, spot, along)
        }
    }
}

impl<const W: usize, S: Source<W>> Operand<W> for S {}

/// [`Source::block`] through a call (see [`Operand`]).
#[inline(never)]
fn block_called<const W: usize, S: Source<W> + ?Sized, const STRIDED: bool>(
    src: &mut S,
    at: usize,
) -> [S::Elem; BLOCK] {
    src.block::<STRIDED>(at)
}

/// [`Source::planned`] through a call (see [`Operand`]).
#[inline(never)]
fn planned_called<const W: usize, S: Source<W> + ?Sized, P: Pass>(
    src: &mut S,
    at: usize,
    spot: Spot,
    along: &[usize; W],
) -> [S::Elem; BLOCK] {
    src.planned::<P>(at, spot, along)
}

/// A run read block by block through [`Operand::read_block`] (on the `STRIDED` path), where the operand's reads are
/// calls (see [`Operand`]): a reader of the run that adds no code per place it is read.
pub(super) struct Called<'s, S, const W: usize, const STRIDED: bool> {
    src: &'s mut S,
    at: usize,
}

impl<'s, S, const W: usize, const STRIDED: bool> Called<'s, S, W, STRIDED> {
    /// `src`'s current run, from its start.
    #[hot]
    pub(super) fn new(src: &'s mut S) -> Self {
        Called { src, at: 0 }
    }
}

impl<const W: usize, S: Source<W>, const STRIDED: bool> RunBlocks for Called<'_, S, W, STRIDED> {
    type Elem = S::Elem;

    #[hot]
    fn next_block(&mut self) -> [S::Elem; BLOCK] {
        let at = self.at;
        self.at += BLOCK;
        self.src.read_block::<STRIDED>(at)
    }
}
