//! A run read block after block with what is the same all along it hoisted out of the loop
//! ([`RunBlocks`]): the one way a pass's loop over a run's blocks reads its source.
//!
//! At a run's start each source gives its reader ([`Source::run_blocks`]): a leaf its span and
//! stride, a number itself, a reduction whose outputs are the same all along the run (a row's
//! mean under `x − mean`, kept as `[N, 1]`) its value, folded once. These are values the loop
//! holds in registers: nothing in the loop reads them back from the source, where a call out
//! of the loop (a reduction's fold) would make the optimizer load them again at every block.
//! Only a reduction whose outputs differ along the run is read as it goes ([`AsItGoes`]).

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::fused::BLOCK;
use super::place::{Pass, Spot};
use super::source::{RunBlocks, Source};

/// One value all along the run: a number, or a reduction the same all along it.
#[derive(Clone, Copy)]
pub struct Splat<T>(pub(crate) T);

impl<T: Copy> RunBlocks for Splat<T> {
    type Elem = T;

    #[hot]
    fn next_block(&mut self) -> [T; BLOCK] {
        [self.0; BLOCK]
    }
}

/// A source read block by block as the pass reads it where no reader holds it: as its plan
/// says where `PLANNED` (this source at `spot` of pass `P`'s table), otherwise as its
/// cursors say, on the `STRIDED` path (see [`Source::block`]).
pub struct AsItGoes<'s, S, P, const W: usize, const PLANNED: bool, const STRIDED: bool> {
    src: &'s mut S,
    at: usize,
    spot: Spot,
    pass: PhantomData<fn() -> P>,
}

impl<'s, S, P, const W: usize, const PLANNED: bool, const STRIDED: bool>
    AsItGoes<'s, S, P, W, PLANNED, STRIDED>
{
    /// `src` from the run's start.
    #[hot]
    pub(crate) fn new(src: &'s mut S, spot: Spot) -> Self {
        AsItGoes { src, at: 0, spot, pass: PhantomData }
    }
}

impl<S: Source<W>, P: Pass, const W: usize, const PLANNED: bool, const STRIDED: bool> RunBlocks
    for AsItGoes<'_, S, P, W, PLANNED, STRIDED>
{
    type Elem = S::Elem;

    #[hot]
    fn next_block(&mut self) -> [S::Elem; BLOCK] {
        let at = self.at;
        self.at += BLOCK;
        let read: fn(&mut S, usize, Spot) -> [S::Elem; BLOCK] =
            const { if PLANNED { planned_at::<W, S, P> } else { block_at::<W, S, STRIDED> } };
        read(self.src, at, self.spot)
    }
}

// A source's block read one way or the other, chosen by a constant function pointer (see
// `way`): a branch on `PLANNED` would make the compiler walk both ways' functions, for every
// source, where only one is ever taken.

/// `src`'s block at `at` as pass `P`'s plan says, `src` at `spot` of its table.
#[hot]
pub(crate) fn planned_at<const W: usize, S: Source<W>, P: Pass>(
    src: &mut S,
    at: usize,
    spot: Spot,
) -> [S::Elem; BLOCK] {
    src.planned::<P>(at, spot, &[0; W])
}

/// `src`'s block at `at` as its cursors say, on the `STRIDED` path.
#[hot]
pub(crate) fn block_at<const W: usize, S: Source<W>, const STRIDED: bool>(
    src: &mut S,
    at: usize,
    _: Spot,
) -> [S::Elem; BLOCK] {
    src.block::<STRIDED>(at)
}

/// A reduction along a run: the same all along it (its value, folded once), or read as it
/// goes.
pub enum Folded<'s, S: Source<W>, P, const W: usize, const PLANNED: bool, const STRIDED: bool> {
    /// The same all along the run.
    Same(S::Elem),
    /// Different along the run.
    Going(AsItGoes<'s, S, P, W, PLANNED, STRIDED>),
}

impl<S: Source<W>, P: Pass, const W: usize, const PLANNED: bool, const STRIDED: bool> RunBlocks
    for Folded<'_, S, P, W, PLANNED, STRIDED>
{
    type Elem = S::Elem;

    #[hot]
    fn next_block(&mut self) -> [S::Elem; BLOCK] {
        match self {
            Folded::Same(value) => [*value; BLOCK],
            Folded::Going(it) => it.next_block(),
        }
    }
}
