//! A fused pass split across rayon's threads (feature `rayon`): the output, in row-major order,
//! is cut into contiguous pieces, and each piece is evaluated by the same block kernel from a
//! copy of the source whose cursors are moved to the piece's start. Each piece computes exactly
//! the blocks the whole pass computes (aligned on [`BLOCK`] within each innermost run, then
//! trimmed to the piece), so the result is identical bit for bit to one thread's, reductions
//! inside the expression included. Writes go to disjoint `&mut` sub-slices of the output.
//!
//! Below [`THRESHOLD`] bytes of output a pass stays on one thread: splitting costs more than it
//! gains there (measured in `benches/parallel.rs`).

use rayon::prelude::*;

use super::fused::{BLOCK, Nest, Source, whole_run};

/// Bytes of output from which a pass is split across threads. On 2 cores, two threads only
/// start to pay for themselves around 16 MiB (the pages of a new output are faulted in by one
/// thread or two; the rest is memory bandwidth); at 32 MiB they are clearly faster.
pub(crate) const THRESHOLD: usize = 32 << 20;

/// Bytes of output a piece has at least: large enough that moving the cursors to its start and
/// handing it to a thread cost nothing measurable, small enough to balance a busy machine.
const PIECE: usize = 1 << 20;

/// Whether a pass writing `len` elements of `T` is split across threads: large enough, and more
/// than one thread to split across. Below the threshold this is one comparison.
#[inline(always)]
pub(crate) fn worth<T>(len: usize) -> bool {
    len.saturating_mul(core::mem::size_of::<T>()) >= THRESHOLD && rayon::current_num_threads() > 1
}

/// The elements per piece for an output of `T`: whole blocks, at least two.
fn grain<T>() -> usize {
    (PIECE / core::mem::size_of::<T>().max(1)).max(2 * BLOCK)
}

/// Evaluates `src` over sizes `dims` into `out` (the output's elements, row-major), `write`
/// storing each block into the matching elements, in pieces across rayon's threads.
pub(crate) fn run_into<S: Source>(
    dims: &[usize],
    mut src: S,
    out: &mut [S::Elem],
    write: &(impl Fn(&mut [S::Elem], &[S::Elem]) + Sync),
) {
    let Some(nest) = Nest::plan(dims, &mut src) else { return };
    if src.all(&mut |c| c.inner() <= 1) {
        split::<S, false>(&nest, src, 0, out, write);
    } else {
        split::<S, true>(&nest, src, 0, out, write);
    }
}

/// `out` (the output's elements from `start`) evaluated in halves, each on its own task, down
/// to pieces of [`grain`] elements.
fn split<S: Source, const STRIDED: bool>(
    nest: &Nest,
    mut src: S,
    start: usize,
    out: &mut [S::Elem],
    write: &(impl Fn(&mut [S::Elem], &[S::Elem]) + Sync),
) {
    if out.len() <= grain::<S::Elem>() {
        let mut pos = 0;
        piece::<S, STRIDED>(nest, &mut src, start, start + out.len(), |block| {
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
        || split::<S, STRIDED>(nest, src, start, low, write),
        || split::<S, STRIDED>(nest, other, start + mid, high, write),
    );
}

/// Evaluates the output elements `start..end` (row-major positions) of the pass planned as
/// `nest`, `src`'s cursors at the pass's start: the blocks the whole pass computes, trimmed to
/// the range.
fn piece<S: Source, const STRIDED: bool>(
    nest: &Nest,
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
            whole_run::<S, STRIDED>(src, n, &mut sink);
        } else {
            part_run::<S, STRIDED>(src, n, at, to, &mut sink);
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
#[inline(always)]
fn part_run<S: Source, const STRIDED: bool>(
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
            sink(&src.block::<STRIDED>(at)[lo..(to - at).min(BLOCK)]);
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

/// The `len` output elements of `src` over sizes `dims`, row-major, in a new `Vec` written once:
/// rayon's `collect_into_vec` writes the elements straight into the vector's spare capacity,
/// each task producing its range of positions from a copy of the source.
pub(crate) fn collect<S: Source>(dims: &[usize], mut src: S, len: usize) -> alloc::vec::Vec<S::Elem> {
    let mut out = alloc::vec::Vec::with_capacity(len);
    let Some(nest) = Nest::plan(dims, &mut src) else { return out };
    let strided = !src.all(&mut |c| c.inner() <= 1);
    let positions = (0..len).into_par_iter().with_min_len(grain::<S::Elem>());
    if strided {
        positions
            .map_init(|| None, |s: &mut Option<Stream<'_, S, true>>, i| next(s, &nest, &src, i))
            .collect_into_vec(&mut out);
    } else {
        positions
            .map_init(|| None, |s: &mut Option<Stream<'_, S, false>>, i| next(s, &nest, &src, i))
            .collect_into_vec(&mut out);
    }
    out
}

/// The element at position `i`, from the task's stream (started there if it has none yet, or
/// if `i` is not the position it is at).
#[inline(always)]
fn next<'n, S: Source, const STRIDED: bool>(
    stream: &mut Option<Stream<'n, S, STRIDED>>,
    nest: &'n Nest,
    src: &S,
    i: usize,
) -> S::Elem {
    match stream {
        Some(s) if s.pos == i => s.next(),
        _ => stream.insert(Stream::new(nest, src.clone(), i)).next(),
    }
}

/// The output elements from a position on, one at a time, computed a block at a time as the
/// whole pass computes them.
struct Stream<'n, S: Source, const STRIDED: bool> {
    nest: &'n Nest,
    src: S,
    index: [usize; shapecast_rules::MAX_RANK],
    /// Where the next block starts in the current run.
    at: usize,
    block: [S::Elem; BLOCK],
    /// The next element's lane in `block`, and the lanes it holds.
    lane: usize,
    lanes: usize,
    /// The next element's position in the output.
    pos: usize,
}

impl<'n, S: Source, const STRIDED: bool> Stream<'n, S, STRIDED> {
    /// The elements from position `start`, `src`'s cursors at the pass's start.
    fn new(nest: &'n Nest, mut src: S, start: usize) -> Self {
        let n = nest.run_len();
        let index = nest.seek(start / n, &mut src);
        let at = start % n / BLOCK * BLOCK;
        let first = src.get(0);
        let mut stream =
            Stream { nest, src, index, at, block: [first; BLOCK], lane: 0, lanes: 0, pos: start };
        stream.refill();
        stream.lane = start % n - at;
        stream
    }

    /// The next element.
    #[inline(always)]
    fn next(&mut self) -> S::Elem {
        if self.lane == self.lanes {
            self.refill();
        }
        let x = self.block[self.lane];
        self.lane += 1;
        self.pos += 1;
        x
    }

    /// Computes the next block, moving to the next run when this one is done.
    fn refill(&mut self) {
        let n = self.nest.run_len();
        if self.at >= n {
            self.nest.advance(self.nest.loops(), &mut self.index, &mut self.src);
            self.at = 0;
        }
        let full = n / BLOCK * BLOCK;
        let len = if self.at < full { BLOCK } else { n - self.at };
        match len {
            BLOCK => self.block = self.src.block::<STRIDED>(self.at),
            1 => self.block[0] = self.src.get(self.at),
            _ => self.block = self.src.part(self.at, len),
        }
        self.at += len;
        (self.lane, self.lanes) = (0, len);
    }
}
