//! Outputs that each fold a column: elements that lie far apart along the reduced axes (the
//! column sums of `[B, 1024]`), folded across neighbouring outputs, many blocks of them at once.

use super::fold::{Fold, finishes, firsts, firsts_at, quick, step, step_at, unsures};
use super::folder::{Ahead, Blocks, TILE};
use super::folder::{Folder, ReduceSource};
use super::remember::same;
use crate::expr::folding::{Folding, ReducedAxes};
use crate::expr::operand::Operand;
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::place::PlanOf;
use crate::kernel::place::{Pass, Spot};
use crate::kernel::source::{Cursor, Shared, Source};
use shapecast_macros::hot;

/// Where the blocks of the strip from block `s` of a tile of `blocks` from `at` lie (a last,
/// lone block twice: see `Folder::strips`). (Not generic: one copy for every strip.)
#[hot]
fn strip_spots(at: usize, s: usize, blocks: usize) -> [usize; STRIP] {
    core::array::from_fn(|k| at + (s + k).min(blocks - 1) * BLOCK)
}

/// The row, of `len` elements, of each lane of the first period of `Folder::periodic`'s
/// flat run, block by block. (Not generic: one copy for every fold.)
#[hot]
fn rows_of_lanes(len: usize) -> [[usize; BLOCK]; BLOCK] {
    core::array::from_fn(|b| fused::lanes(|l| (b * BLOCK + l) / len))
}

/// `[first]`, or `[first, second]` (`second` there where `N` is 2: see
/// `ReduceSource::lanes_planned`). (Generic over the element only.)
#[hot]
fn first_and_second<O: Copy, const N: usize>(
    first: [O; BLOCK],
    second: Option<[O; BLOCK]>,
) -> [[O; BLOCK]; N] {
    core::array::from_fn(|k| match (k, second) {
        (1, Some(second)) => second,
        _ => first,
    })
}

/// The fewest blocks a tile folds while its columns fit in [`IN_CACHE`] bytes: fewer are
/// folded a block at a time, each going down its columns, which reads each row's cache lines
/// once per block but steps fewer cursors (the column sums of `[65536, 32]`, 8 MiB, masked
/// by `select`, are faster so than in a tile of 2; unmasked they are one strip, see
/// [`IN_L1`]). Larger columns are read once, in a tile (faster for `[1048576, 32]`).
const FEWEST: usize = 4;

/// How many blocks a strip folds at once, its carries in registers (see
/// [`Folder::tile`]): 32 `f32` sums, 8 SSE registers, as a hand loop keeps them.
pub(super) const STRIP: usize = 2;

/// The most bytes a tile over one leaf folds strip by strip, every strip going down all the
/// reduced positions (they stay in the first-level cache between strips); a tile of exactly
/// one strip is folded so at any size: one pass, where the blocks one by one take two (the
/// column sums of `[65536, 32]` come near the hand loop so). Over more leaves, the strip's
/// carries no longer fit in registers (masked by `select`, slower than two passes), and the
/// code of strips, compiled for the nested reductions of the `kmeans` example, lengthened its
/// release build.
pub(super) const IN_L1: usize = 32 * 1024;

/// How many bytes of columns a few blocks are folded from without a tile (see [`FEWEST`]):
/// half the last-level cache of the machines measured.
const IN_CACHE: usize = 16 << 20;

/// `n` (at most [`TILE`]) copies of `block`, built where they are kept: a tile holds what
/// the pass needs (4 blocks for `[64, 64]` summed over its rows, where making 64 took far
/// longer than the sum), and grows if a later run needs more ([`grow`]).
#[hot]
fn tile_of<T: Copy>(block: [T; BLOCK], n: usize) -> Blocks<T> {
    #[cfg(feature = "alloc")]
    return alloc::vec![block; n];
    #[cfg(not(feature = "alloc"))]
    return {
        let _ = n;
        [block; TILE]
    };
}

/// `tile` with at least `n` (at most [`TILE`]) blocks, copies of `block` added where missing.
#[hot]
fn grow<T: Copy>(tile: &mut Blocks<T>, n: usize, block: [T; BLOCK]) {
    #[cfg(feature = "alloc")]
    if tile.len() < n {
        tile.resize(n, block);
    }
    #[cfg(not(feature = "alloc"))]
    let _ = (tile, n, block);
}

/// The greatest common divisor of `a` and `b`.
#[hot]
const fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// The block at `at` when this reduction folds far-apart elements (a column's, over every
    /// row): up to [`TILE`] blocks of the run are folded together, each reduced position read
    /// for all of them before the next, so the pass reads the operand row by row rather than
    /// column block by column block; the next calls find theirs folded. A tile within the
    /// first-level cache, or of one strip, is folded strip by strip instead, [`STRIP`] blocks
    /// going down every reduced position with their carries in registers (the column sums of
    /// `[64, 64]` come near the hand loop so). `None` when the run has too few blocks left, or
    /// it is not the plan's run, or a reduced axis is empty. Called only where the elements lie
    /// far apart (not `close`), and not inlined: it runs once per tile.
    #[inline(never)]
    pub(super) fn tile<const STRIDED: bool>(&mut self, at: usize) -> Option<[F::Output; BLOCK]> {
        if self.count == 0 {
            // An empty axis has no element to read (`across`
            // answers the fold's empty value).
            return None;
        }
        // Down a tile of short rows, the pass moves to the next column at every block: blocks
        // folded ahead along a column would be forgotten before they were read.
        let run_len = self.first_cursor(|c| c.on_run().then(|| c.plan_run_len()).flatten()).flatten();
        let blocks = (run_len?.checked_sub(at)? / BLOCK).min(TILE);
        let key = self.key(0, BLOCK)?;
        if let Some(ahead) = &self.ahead {
            let b = at.checked_sub(ahead.start).filter(|d| d % BLOCK == 0).map(|d| d / BLOCK);
            if same(&ahead.run, &key) && b.is_some_and(|b| b < ahead.count) {
                return b.map(|b| ahead.blocks[b]);
            }
        }
        let size = size_of::<S::Elem>();
        let tile_bytes = self.count.saturating_mul(blocks * BLOCK).saturating_mul(size);
        // (Over one leaf only: see `IN_L1`.)
        let strips = const { S::LEAVES == 1 } && (blocks == STRIP || (blocks > STRIP && tile_bytes <= IN_L1));
        if !strips && blocks < FEWEST && self.count.saturating_mul(run_len?).saturating_mul(size) < IN_CACHE {
            return None;
        }
        let first = self.inner.read_block::<STRIDED>(at);
        let start: [F::Acc; BLOCK] = firsts::<S::Elem, F>(first);
        let finished = finishes::<S::Elem, F>(&start, self.count);
        let mut ahead = self.ahead.take().unwrap_or_else(|| Ahead {
            run: key,
            start: at,
            count: 0,
            // (Strips keep their carries in registers.)
            carries: tile_of(start, if strips { 0 } else { blocks }),
            blocks: tile_of(finished, blocks),
        });
        grow(&mut ahead.blocks, blocks, finished);
        // (`strips` holds only over one leaf; the `const` keeps the strips out of the code of
        // every other reduction.)
        if const { S::LEAVES == 1 } && strips {
            self.strips::<STRIDED>(at, blocks, start, &mut ahead.blocks);
        } else {
            grow(&mut ahead.carries, blocks, start);
            let acc = &mut ahead.carries[..blocks];
            acc[0] = start;
            for (b, a) in acc.iter_mut().enumerate().skip(1) {
                let x = self.inner.read_block::<STRIDED>(at + b * BLOCK);
                *a = firsts::<S::Elem, F>(x);
            }
            let (mut index, mut i) = ([0; W], 1);
            while self.advance(&mut index) {
                for (b, a) in acc.iter_mut().enumerate() {
                    let x = self.inner.read_block::<STRIDED>(at + b * BLOCK);
                    quick::<S::Elem, F>(a, &x, i);
                }
                i += 1;
            }
            for (b, a) in ahead.carries[..blocks].iter().enumerate() {
                ahead.blocks[b] = self.finished(at + b * BLOCK, a);
            }
        }
        (ahead.run, ahead.start, ahead.count) = (key, at, blocks);
        let done = ahead.blocks[0];
        self.ahead = Some(ahead);
        Some(done)
    }

    /// The `blocks` blocks from `at` folded strip by strip into `out` (see [`tile`](Self::tile)),
    /// [`STRIP`] blocks going down every reduced position with their carries in registers (a
    /// tile's go through memory at each one). `start` is any carry, overwritten. (A function of
    /// its own: inside the tile's, it slowed the tile's loop, the sums of `[4096, 1024]` over
    /// its rows.)
    #[inline(never)]
    pub(super) fn strips<const STRIDED: bool>(
        &mut self,
        at: usize,
        blocks: usize,
        start: [F::Acc; BLOCK],
        out: &mut Blocks<F::Output>,
    ) {
        for s in (0..blocks).step_by(STRIP) {
            // (A last, lone block is read twice: the strip's width stays a constant.)
            let spots = strip_spots(at, s, blocks);
            // (The first position read apart: a strip's carries stay in registers so.)
            let mut acc = [start; STRIP];
            for (a, &spot) in acc.iter_mut().zip(&spots) {
                let x = self.inner.read_block::<STRIDED>(spot);
                *a = firsts::<S::Elem, F>(x);
            }
            let (mut index, mut i) = ([0; W], 1);
            while self.advance_quickly(&mut index) {
                for (a, &spot) in acc.iter_mut().zip(&spots) {
                    let x = self.inner.read_block::<STRIDED>(spot);
                    quick::<S::Elem, F>(a, &x, i);
                }
                i += 1;
            }
            for (k, a) in acc.iter().enumerate().take(blocks - s) {
                out[s + k] = self.finished(at + (s + k) * BLOCK, a);
            }
        }
    }

    /// The block at `at` whose fold `acc` carries, finished: lanes whose result may be wrong
    /// (a NaN first element) are folded again.
    #[hot]
    pub(super) fn finished(&mut self, at: usize, acc: &[F::Acc; BLOCK]) -> [F::Output; BLOCK] {
        let done = finishes::<S::Elem, F>(acc, self.count);
        if const { F::UNSURE } {
            let unsure = unsures::<S::Elem, F>(acc);
            if unsure.contains(&true) {
                return self.again(at, done, &unsure);
            }
        }
        done
    }

    /// The whole run of `len` outputs (fewer than a block: the 10 column sums of `[B, 10]`),
    /// each folding one long column: the rows are read as one flat run of whole blocks, into
    /// lanes that repeat every `lcm(len, 16)` elements (5 blocks for 10 columns), so that each
    /// lane folds one column's every few rows, in order, told each row's index; then each
    /// column's lanes are merged ([`Fold::merge`], which keeps the first position of a tie).
    /// `None` where that does not hold, or the rows hold less than one such period. (The
    /// column sums of `[200000, 10]`, their maxima with the exact step, and their first
    /// maxima, are several times faster so than with a partial block and a cursor step per
    /// row.)
    #[inline(never)]
    pub(super) fn periodic(&mut self, at: usize, len: usize) -> Option<[F::Output; BLOCK]> {
        if self.n != 1 || at != 0 || self.count == 0 {
            return None;
        }
        let axis = self.axes[0];
        if self.first_cursor(Cursor::plan_run_len).flatten() != Some(len)
            || !self.inner.all(&mut |c| c.flat_down(axis))
        {
            return None;
        }
        let total = self.sizes[0].checked_mul(len)?;
        let blocks = len / gcd(len, BLOCK);
        let period = blocks * BLOCK;
        let full = total / period * period;
        if full == 0 {
            return None;
        }
        // The row of each lane in the first period; a later period's are `rows` further on.
        let row = rows_of_lanes(len);
        let rows = period / len;
        let first = self.inner.rows(0, BLOCK, len, axis);
        let mut acc = [firsts_at::<S::Elem, F>(first, &row[0], 0); BLOCK];
        for (b, a) in acc.iter_mut().enumerate().take(blocks).skip(1) {
            let x = self.inner.rows(b * BLOCK, BLOCK, len, axis);
            *a = firsts_at::<S::Elem, F>(x, &row[b], 0);
        }
        let (mut p, mut base) = (period, rows);
        while p < full {
            for (b, a) in acc[..blocks].iter_mut().enumerate() {
                let x = self.inner.rows(p + b * BLOCK, BLOCK, len, axis);
                step_at::<S::Elem, F>(a, &x, &row[b], base);
            }
            p += period;
            base += rows;
        }
        // Each column's lanes, then the elements past the last whole period.
        let mut columns: [Option<F::Acc>; BLOCK] = [None; BLOCK];
        let mut add = |q: usize, x: F::Acc| {
            let c = &mut columns[q % len];
            *c = Some(c.map_or(x, |c| F::merge(c, x)));
        };
        for (b, a) in acc[..blocks].iter().enumerate() {
            for (l, &x) in a.iter().enumerate() {
                add(b * BLOCK + l, x);
            }
        }
        for q in full..total {
            add(q, F::first_at(self.inner.rows(q, 1, len, axis)[0], q / len));
        }
        let count = self.count;
        let last = columns[len - 1]?;
        Some(fused::lanes(|j| F::finish(columns[j.min(len - 1)].unwrap_or(last), count)))
    }

    /// [`BLOCK`] neighbouring outputs folded together, one lane each: `read` gives the block of
    /// the operand at the current position of the reduced axes. `read` is called at two places
    /// only: it is inlined at both.
    #[hot]
    pub(super) fn across(&mut self, mut read: impl FnMut(&mut S) -> [S::Elem; BLOCK]) -> [F::Output; BLOCK] {
        if self.count == 0 {
            return [F::empty().expect("the types prove this reduction's axes non-empty"); BLOCK];
        }
        let x = read(&mut self.inner);
        let mut acc: [F::Acc; BLOCK] = firsts::<S::Elem, F>(x);
        if self.n == 1 {
            // One reduced axis (a row's sum, a nearest centroid): a plain counted loop.
            let (axis, len) = (self.axes[0], self.sizes[0]);
            for i in 1..len {
                self.inner.cursors(&mut |c| c.step(axis, None));
                let x = read(&mut self.inner);
                step::<S::Elem, F>(&mut acc, &x, i);
            }
            self.inner.cursors(&mut |c| c.step(axis, Some(len - 1)));
            return finishes::<S::Elem, F>(&acc, self.count);
        }
        let (mut index, mut i) = ([0; W], 1);
        while self.advance(&mut index) {
            let x = read(&mut self.inner);
            step::<S::Elem, F>(&mut acc, &x, i);
            i += 1;
        }
        finishes::<S::Elem, F>(&acc, self.count)
    }

    /// As [`advance`](Self::advance), with one reduced axis (a column's fold) stepped with no
    /// loop over the axes: its counter stays in a register (a tile's strips down the columns of
    /// `[64, 64]` are much faster so).
    #[hot]
    fn advance_quickly(&mut self, index: &mut [usize; W]) -> bool {
        if self.n != 1 {
            return self.advance(index);
        }
        let (axis, len) = (self.axes[0], self.sizes[0]);
        index[0] += 1;
        if index[0] < len {
            self.inner.cursors(&mut |c| c.step(axis, None));
            return true;
        }
        index[0] = 0;
        self.inner.cursors(&mut |c| c.step(axis, Some(len - 1)));
        false
    }

    /// The block at `at`, `done` by the quicker [`Fold::lanes_step`], with each `unsure` lane
    /// (a NaN first element) folded again, one output at a time, with [`Fold::step`]: rare, so
    /// not inlined, and through [`get`](Source::get), which every reduction has compiled (the
    /// whole block folded again through `block` made the release build of the `kmeans` example
    /// much longer).
    #[cold]
    #[inline(never)]
    pub(super) fn again(
        &mut self,
        at: usize,
        mut done: [F::Output; BLOCK],
        unsure: &[bool; BLOCK],
    ) -> [F::Output; BLOCK] {
        for (l, (out, &unsure)) in done.iter_mut().zip(unsure).enumerate() {
            if unsure {
                *out = self.output(at + l);
            }
        }
        done
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    /// `N` neighbouring blocks from `at`, folded together from the plan's table (see
    /// [`planned`](Source::planned)): the first element starts the lanes (two reads of the
    /// operand, each inlining it whole: a nested reduction's reads are so compiled twice per
    /// level, as `across`'s), then a loop of a constant count (faster than a `while` over the
    /// positions for k-means' argmin over 4 centroids of sums over 2 coordinates), each read
    /// `inner_along` further along this reduction's columns.
    #[hot]
    pub(super) fn lanes_planned<P: Pass, const N: usize>(
        &mut self,
        at: usize,
        spot: Spot,
        along: &[usize; W],
    ) -> [[F::Output; BLOCK]; N] {
        const { assert!(N == 1 || N == 2, "one block or two") };
        let folding = const { &Folding::or_none(K::FOLDING) };
        let inner = spot.after(0, K::COUNT);
        let mut inner_along = *along;
        // (Two lanes apart, not an array: in an array the lanes stayed in memory.)
        let mut acc = F::lanes_first(self.inner.read_planned::<P>(at, inner, &inner_along));
        let mut next = match const { N > 1 } {
            true => Some(F::lanes_first(self.inner.read_planned::<P>(at + BLOCK, inner, &inner_along))),
            false => None,
        };
        let elements = const { Folding::or_none(K::FOLDING).elements() };
        // (A macro, not a closure: each copy inlined.)
        macro_rules! step {
            ($i:expr) => {{
                let i: usize = $i;
                // The next position, the last axis fastest (this reduction's own columns, which
                // those around it never move along, start at 0).
                if const { Folding::or_none(K::FOLDING).n == 1 } {
                    // (One axis: its position is the count, with no odometer to wrap.)
                    if let Some(p) = inner_along.get_mut(spot.slot + folding.columns[0]) {
                        *p = i;
                    }
                } else {
                    for k in (0..folding.n).rev() {
                        if let Some(p) = inner_along.get_mut(spot.slot + folding.columns[k]) {
                            *p += 1;
                            if *p < folding.sizes[k] {
                                break;
                            }
                            *p = 0;
                        }
                    }
                }
                F::lanes_step(&mut acc, self.inner.read_planned::<P>(at, inner, &inner_along), i);
                if const { N > 1 }
                    && let Some(next) = &mut next
                {
                    F::lanes_step(next, self.inner.read_planned::<P>(at + BLOCK, inner, &inner_along), i);
                }
            }};
        }
        if elements <= 4 {
            // Up to four elements, each its own copy of the step: what every step reads alike
            // (k-means' point, the same for each centroid) is then read once.
            if elements > 1 {
                step!(1);
            }
            if elements > 2 {
                step!(2);
            }
            if elements > 3 {
                step!(3);
            }
        } else {
            for i in 1..elements {
                step!(i);
            }
        }
        let first = self.lanes_done::<P>(at, along, acc);
        let second = next.map(|next| self.lanes_done::<P>(at + BLOCK, along, next));
        first_and_second(first, second)
    }

    /// The block at `at` whose lanes `acc` folded, finished: lanes whose result may be wrong
    /// (a NaN first element) are folded again.
    #[hot]
    fn lanes_done<P: Pass>(&mut self, at: usize, along: &[usize; W], acc: F::Lanes) -> [F::Output; BLOCK] {
        if const { F::UNSURE } {
            let unsure = F::lanes_unsure(&acc);
            if unsure.contains(&true) {
                let done = F::lanes_finish(acc, self.count);
                return self.by_cursors(along, |this| {
                    // A run shorter than a block: its lanes past it repeat its last (see
                    // `fused::short_runs`), and are refolded as it is.
                    let short = const { PlanOf::<P, W>::SHORT_RUN };
                    if short == BLOCK {
                        return this.again(at, done, &unsure);
                    }
                    let mut unsure = unsure;
                    unsure[short..].fill(false);
                    let mut done = this.again(at, done, &unsure);
                    let last = done[short - 1];
                    done[short..].fill(last);
                    done
                });
            }
        }
        F::lanes_finish(acc, self.count)
    }
}
