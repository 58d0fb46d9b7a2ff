//! A fused pass split across rayon's threads (feature `rayon`): the output, in row-major order,
//! is cut into contiguous pieces, and each piece is evaluated by the same block kernel from a
//! copy of the source whose cursors are moved to the piece's start. Each piece computes exactly
//! the blocks the whole pass computes (aligned on [`BLOCK`] within each innermost run, then
//! trimmed to the piece), so the result is identical bit for bit to one thread's, reductions
//! inside the expression included. Writes go to disjoint `&mut` sub-slices of an existing
//! output ([`run_into`]), or, for a new one, block by block into its fresh allocation through
//! rayon's `collect_into_vec` ([`collect`]).
//!
//! Below [`SPLIT_FROM`] bytes of output a pass stays on one thread: splitting costs more than it
//! gains there (measured in `benches/parallel.rs`).

use core::marker::PhantomData;
use shapecast_macros::hot;

use rayon::iter::plumbing::{Consumer, Producer, ProducerCallback, UnindexedConsumer, bridge};
use rayon::iter::{IndexedParallelIterator, ParallelIterator};

use super::SPLIT_FROM;
use super::fused::{BLOCK, Hint, Nest, SliceSink, in_tiles, may_tile, read, strided, tiles, whole_run};
use super::place::Pass;
use super::source::{Portable, Shared, Source};

/// Bytes of output a piece has at least: large enough that moving the cursors to its start and
/// handing it to a thread cost nothing measurable, small enough to balance a busy machine.
const PIECE: usize = 1 << 20;

/// Whether a pass writing `len` elements of `T` is split across threads: large enough, and more
/// than one thread to split across. Below the threshold this is one comparison.
#[hot]
pub(crate) fn worth<T>(len: usize) -> bool {
    len.saturating_mul(core::mem::size_of::<T>()) >= SPLIT_FROM && rayon::current_num_threads() > 1
}

/// The elements per piece for an output of `T`: whole blocks, at least two.
fn grain<T>() -> usize {
    (PIECE / core::mem::size_of::<T>().max(1)).max(2 * BLOCK)
}

/// Evaluates `src` over sizes `dims` into `out` (the output's elements, row-major), `write`
/// storing each block into the matching elements, in pieces across rayon's threads.
pub(crate) fn run_into<const W: usize, S: Source<W> + Portable, P: Pass>(
    dims: &[usize],
    hint: Hint<P>,
    mut src: S,
    out: &mut [S::Elem],
    write: &(impl Fn(&mut [S::Elem], &[S::Elem]) + Sync),
) where
    S::Elem: Shared,
{
    let Some(nest) = Nest::plan(dims, hint, &mut src) else { return };
    let _ = src.get(0); // (See `collect`.)
    if const { may_tile::<W, S, P>() }
        && let Some(down) = tiles(&nest, &src)
    {
        bands::<W, S, P>(&nest, down, 0..nest.size(0), src, out, write);
        return;
    }
    if strided::<W, S, P>(&src) {
        split::<W, S, P, true>(&nest, src, 0, out, write);
    } else {
        split::<W, S, P, false>(&nest, src, 0, out, write);
    }
}

/// `out` (the output's elements from `start`) evaluated in halves, each on its own task, down
/// to pieces of [`grain`] elements.
fn split<const W: usize, S: Source<W> + Portable, P: Pass, const STRIDED: bool>(
    nest: &Nest<W>,
    mut src: S,
    start: usize,
    out: &mut [S::Elem],
    write: &(impl Fn(&mut [S::Elem], &[S::Elem]) + Sync),
) where
    S::Elem: Shared,
{
    if out.len() <= grain::<S::Elem>() {
        let mut pos = 0;
        piece::<W, S, P, STRIDED>(nest, &mut src, start, start + out.len(), |block| {
            let n = block.len();
            write(&mut out[pos..pos + n], block);
            pos += n;
        });
        return;
    }
    let mid = out.len() / 2 / BLOCK * BLOCK;
    let (low, high) = out.split_at_mut(mid);
    let other = src.clone();
    rayon::join(
        || split::<W, S, P, STRIDED>(nest, src, start, low, write),
        || split::<W, S, P, STRIDED>(nest, other, start + mid, high, write),
    );
}

/// The steps `rows` of the outermost loop of a pass walked in tiles with loop `down`
/// ([`in_tiles`]), written into `out` (the output's elements from the first of those steps on),
/// in halves on their own tasks down to pieces of [`grain`] elements: each piece is one stretch
/// of the output. Where `down` is that loop, a piece is a band of the tiles' rows; otherwise a
/// piece walks its steps of the outermost loop with tiles inside each.
fn bands<const W: usize, S: Source<W> + Portable, P: Pass>(
    nest: &Nest<W>,
    down: usize,
    rows: core::ops::Range<usize>,
    mut src: S,
    out: &mut [S::Elem],
    write: &(impl Fn(&mut [S::Elem], &[S::Elem]) + Sync),
) where
    S::Elem: Shared,
{
    let step = out.len() / rows.len().max(1);
    let fewest = if down == 0 { 2 * BLOCK } else { 2 };
    if out.len() <= grain::<S::Elem>() || rows.len() < fewest {
        if down == 0 {
            let start = rows.start * step;
            in_tiles(nest, down, rows, &mut src, &mut SliceSink { out, start, pos: start, write });
        } else {
            // The piece's steps of the outermost loop, as a nest of its own whose positions
            // start at the piece's.
            src.cursors(&mut |c| c.shift(c.stride(0), rows.start));
            let piece = nest.with_steps(0, rows.len());
            let mut sink = SliceSink { out, start: 0, pos: 0, write };
            in_tiles(&piece, down, 0..piece.size(down), &mut src, &mut sink);
        }
        return;
    }
    let mid = rows.start + rows.len() / 2;
    let (low, high) = out.split_at_mut((mid - rows.start) * step);
    let other = src.clone();
    rayon::join(
        || bands::<W, S, P>(nest, down, rows.start..mid, src, low, write),
        || bands::<W, S, P>(nest, down, mid..rows.end, other, high, write),
    );
}

/// Evaluates the output elements `start..end` (row-major positions) of the pass planned as
/// `nest`, `src`'s cursors at the pass's start: the blocks the whole pass computes, trimmed to
/// the range.
fn piece<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool>(
    nest: &Nest<W>,
    src: &mut S,
    start: usize,
    end: usize,
    mut sink: impl FnMut(&[S::Elem]),
) {
    if start >= end {
        return;
    }
    let n = nest.run_len();
    let mut index = nest.seek(start / n, src);
    let (mut at, mut left) = (start % n, end - start);
    loop {
        let to = n.min(at + left);
        if at == 0 && to == n {
            whole_run::<W, S, P, STRIDED, true, _>(src, n, &mut sink);
        } else {
            part_run::<W, S, P, STRIDED>(src, n, at, to, &mut sink);
        }
        left -= to - at;
        if left == 0 || !nest.advance(nest.loops(), &mut index, src) {
            return;
        }
        at = 0;
    }
}

/// Positions `from..to` of an innermost run of length `n`: the blocks of
/// [`whole_run`] that hold them, trimmed.
#[hot]
fn part_run<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool>(
    src: &mut S,
    n: usize,
    from: usize,
    to: usize,
    sink: &mut impl FnMut(&[S::Elem]),
) {
    let full = n / BLOCK * BLOCK;
    let mut at = from / BLOCK * BLOCK;
    while at < to {
        let lo = from.saturating_sub(at);
        if at < full {
            sink(&read::<W, S, P, STRIDED>(src, at)[lo..(to - at).min(BLOCK)]);
            at += BLOCK;
        } else {
            match n - at {
                1 => sink(&[src.get(at)]),
                len => sink(&src.part(at, len)[lo..to - at]),
            }
            return;
        }
    }
}

/// The output of `src` over `dims` (`len` elements, row-major) as a new vector, computed in
/// pieces across rayon's threads, each writing its elements straight into the new allocation
/// ([`BLOCK`] at a time, through rayon's `collect_into_vec`): each thread faults in its own
/// fresh pages, the most of what a new 64 MiB tensor costs, work that two threads split
/// between them. The pieces compute the blocks one thread's pass computes (see [`piece`]).
pub(crate) fn collect<const W: usize, S: Source<W> + Portable, P: Pass>(
    dims: &[usize],
    len: usize,
    hint: Hint<P>,
    mut src: S,
) -> alloc::vec::Vec<S::Elem>
where
    S::Elem: Shared + Copy,
{
    let Some(nest) = Nest::plan(dims, hint, &mut src) else { return alloc::vec::Vec::new() };
    // The first element, read before the pass is split: what a reduction keeps of it (a
    // statistic of the whole operand, kept as `[1, 1]`, the same everywhere) is copied into
    // every piece with the source, not folded again by each.
    let first = src.get(0);
    if const { may_tile::<W, S, P>() }
        && let Some(down) = tiles(&nest, &src)
    {
        // (Filled first with a stand-in, each element of which the tiles write.)
        let mut out = alloc::vec![first; len];
        bands::<W, S, P>(&nest, down, 0..nest.size(0), src, &mut out, &|o, block| o.copy_from_slice(block));
        return out;
    }
    let to = len.div_ceil(BLOCK);
    let mut blocks = alloc::vec::Vec::new();
    if strided::<W, S, P>(&src) {
        Blocks::<W, S, P, true> { nest: &nest, src, from: 0, to, len, pass: PhantomData }
            .collect_into_vec(&mut blocks);
    } else {
        Blocks::<W, S, P, false> { nest: &nest, src, from: 0, to, len, pass: PhantomData }
            .collect_into_vec(&mut blocks);
    }
    let mut flat = blocks.into_flattened();
    flat.truncate(len);
    flat
}

/// The blocks `from..to` of a pass's output, each [`BLOCK`] elements from a multiple of
/// `BLOCK` in row-major order (the last one trimmed to `len` later): an indexed parallel
/// iterator, split by rayon into pieces of at least [`grain`] elements. `src`'s cursors are at
/// the pass's start.
struct Blocks<'a, const W: usize, S, P, const STRIDED: bool> {
    nest: &'a Nest<W>,
    src: S,
    from: usize,
    to: usize,
    len: usize,
    pass: PhantomData<fn() -> P>,
}

impl<const W: usize, S: Source<W> + Portable, P: Pass, const STRIDED: bool> ParallelIterator
    for Blocks<'_, W, S, P, STRIDED>
where
    S::Elem: Shared + Copy,
{
    type Item = [S::Elem; BLOCK];

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.to - self.from)
    }
}

impl<const W: usize, S: Source<W> + Portable, P: Pass, const STRIDED: bool> IndexedParallelIterator
    for Blocks<'_, W, S, P, STRIDED>
where
    S::Elem: Shared + Copy,
{
    fn len(&self) -> usize {
        self.to - self.from
    }

    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(self)
    }
}

impl<'a, const W: usize, S: Source<W> + Portable, P: Pass, const STRIDED: bool> Producer
    for Blocks<'a, W, S, P, STRIDED>
where
    S::Elem: Shared + Copy,
{
    type Item = [S::Elem; BLOCK];
    type IntoIter = Walk<'a, W, S, P, STRIDED>;

    fn into_iter(self) -> Self::IntoIter {
        let (mut src, n) = (self.src.clone(), self.nest.run_len());
        let (pos, end) = (self.from * BLOCK, (self.to * BLOCK).min(self.len));
        let index = if pos < end { self.nest.seek(pos / n, &mut src) } else { [0; W] };
        Walk { nest: self.nest, origin: self.src, src, index, at: pos % n, pos, end, pass: PhantomData }
    }

    fn min_len(&self) -> usize {
        grain::<S::Elem>() / BLOCK
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let mid = self.from + index;
        let high = Blocks {
            nest: self.nest,
            src: self.src.clone(),
            from: mid,
            to: self.to,
            len: self.len,
            pass: PhantomData,
        };
        (Blocks { to: mid, ..self }, high)
    }
}

/// The blocks of a piece, in order: the output's elements `pos..end`, read run by run from
/// `src` (its cursors at the start of the current run, `index` the loop nest's odometer there,
/// `at` the position in that run). `origin` is a copy at the pass's start, for the last block
/// taken from the back.
struct Walk<'a, const W: usize, S, P, const STRIDED: bool> {
    nest: &'a Nest<W>,
    origin: S,
    src: S,
    index: [usize; W],
    at: usize,
    pos: usize,
    end: usize,
    pass: PhantomData<fn() -> P>,
}

/// Copies `chunk` into `block` from lane `*k` on (the block made, as copies of the chunk's first
/// element, at the first chunk: the lanes past the output's last element keep that copy).
#[hot]
fn gather<T: Copy>(block: &mut Option<[T; BLOCK]>, k: &mut usize, chunk: &[T]) {
    if let Some(&first) = chunk.first() {
        let block = block.get_or_insert([first; BLOCK]);
        if let Some(lanes) = block.get_mut(*k..*k + chunk.len()) {
            lanes.copy_from_slice(chunk);
        }
        *k += chunk.len();
    }
}

impl<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool> Iterator for Walk<'_, W, S, P, STRIDED>
where
    S::Elem: Copy,
{
    type Item = [S::Elem; BLOCK];

    /// The next block: one block of the run where it lies whole in one (a run of a multiple
    /// of [`BLOCK`] elements), otherwise gathered from the runs it straddles.
    #[hot]
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.nest.run_len();
        if self.pos + BLOCK > self.end
            || !self.at.is_multiple_of(BLOCK)
            || self.at + BLOCK > n / BLOCK * BLOCK
        {
            return self.straddling();
        }
        let block = read::<W, S, P, STRIDED>(&mut self.src, self.at);
        self.past(self.at + BLOCK, n);
        Some(block)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end.saturating_sub(self.pos).div_ceil(BLOCK);
        (left, Some(left))
    }
}

impl<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool> Walk<'_, W, S, P, STRIDED>
where
    S::Elem: Copy,
{
    /// Moves past the current run's positions up to `to` (of `n`), into the next run where
    /// this one ends and the piece does not.
    #[hot]
    fn past(&mut self, to: usize, n: usize) {
        self.pos += to - self.at;
        self.at = to;
        if self.at == n && self.pos < self.end {
            self.at = 0;
            self.nest.advance(self.nest.loops(), &mut self.index, &mut self.src);
        }
    }

    /// The next block, from the parts of the runs it straddles (or the output's last, short
    /// block). Not inlined: where runs are a multiple of [`BLOCK`], it never runs.
    #[inline(never)]
    fn straddling(&mut self) -> Option<[S::Elem; BLOCK]> {
        let (stop, n) = ((self.pos + BLOCK).min(self.end), self.nest.run_len());
        let (mut block, mut k) = (None, 0);
        while self.pos < stop {
            let to = n.min(self.at + (stop - self.pos));
            part_run::<W, S, P, STRIDED>(&mut self.src, n, self.at, to, &mut |chunk| {
                gather(&mut block, &mut k, chunk)
            });
            self.past(to, n);
        }
        block
    }
}

impl<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool> ExactSizeIterator
    for Walk<'_, W, S, P, STRIDED>
where
    S::Elem: Copy,
{
}

impl<const W: usize, S: Source<W> + Clone, P: Pass, const STRIDED: bool> DoubleEndedIterator
    for Walk<'_, W, S, P, STRIDED>
where
    S::Elem: Copy,
{
    /// The last block, computed from a copy of the source at the pass's start (collecting
    /// never asks for it).
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.pos >= self.end {
            return None;
        }
        let start = ((self.end - 1) / BLOCK * BLOCK).max(self.pos);
        let (mut block, mut k) = (None, 0);
        piece::<W, S, P, STRIDED>(self.nest, &mut self.origin.clone(), start, self.end, |chunk| {
            gather(&mut block, &mut k, chunk)
        });
        self.end = start;
        block
    }
}
