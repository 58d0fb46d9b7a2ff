//! A fused pass split across rayon's threads (feature `rayon`): the output, in row-major order,
//! is cut into contiguous pieces, and each piece is evaluated by the same block kernel from a
//! copy of the source whose cursors are moved to the piece's start. Each piece computes exactly
//! the blocks the whole pass computes (aligned on [`BLOCK`] within each innermost run, then
//! trimmed to the piece), so the result is identical bit for bit to one thread's, reductions
//! inside the expression included. Writes go to disjoint `&mut` sub-slices of the output.
//!
//! Below [`THRESHOLD`] bytes of output a pass stays on one thread: splitting costs more than it
//! gains there (measured in `benches/parallel.rs`).

use rayon::iter::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer, bridge};
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
/// rayon's `collect_into_vec` writes the elements of an indexed parallel iterator straight into
/// the vector's spare capacity, and this iterator's pieces hand it their blocks as they are
/// computed.
pub(crate) fn collect<S: Source>(dims: &[usize], mut src: S, len: usize) -> alloc::vec::Vec<S::Elem> {
    let mut out = alloc::vec::Vec::with_capacity(len);
    let Some(nest) = Nest::plan(dims, &mut src) else { return out };
    if src.all(&mut |c| c.inner() <= 1) {
        Elements::<S, false> { nest: &nest, src: &src, start: 0, end: len }.collect_into_vec(&mut out);
    } else {
        Elements::<S, true> { nest: &nest, src: &src, start: 0, end: len }.collect_into_vec(&mut out);
    }
    out
}

/// The output elements `start..end` of a planned pass, as an indexed parallel iterator (and its
/// own producer): split anywhere, each piece computed from a copy of the source.
struct Elements<'a, S: Source, const STRIDED: bool> {
    nest: &'a Nest,
    src: &'a S,
    start: usize,
    end: usize,
}

impl<S: Source, const STRIDED: bool> Clone for Elements<'_, S, STRIDED> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Source, const STRIDED: bool> Copy for Elements<'_, S, STRIDED> {}

impl<S: Source, const STRIDED: bool> ParallelIterator for Elements<'_, S, STRIDED> {
    type Item = S::Elem;

    fn drive_unindexed<C: UnindexedConsumer<S::Elem>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.end - self.start)
    }
}

impl<S: Source, const STRIDED: bool> IndexedParallelIterator for Elements<'_, S, STRIDED> {
    fn len(&self) -> usize {
        self.end - self.start
    }

    fn drive<C: Consumer<S::Elem>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn with_producer<CB: ProducerCallback<S::Elem>>(self, callback: CB) -> CB::Output {
        callback.callback(self)
    }
}

impl<S: Source, const STRIDED: bool> Producer for Elements<'_, S, STRIDED> {
    type Item = S::Elem;
    type IntoIter = alloc::vec::IntoIter<S::Elem>;

    /// The piece's elements one by one (for adaptors that need an iterator; collecting folds
    /// the blocks instead).
    fn into_iter(self) -> Self::IntoIter {
        let mut all = alloc::vec::Vec::with_capacity(self.end - self.start);
        Producer::fold_with(self, Append(&mut all));
        all.into_iter()
    }

    fn min_len(&self) -> usize {
        grain::<S::Elem>()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let mid = self.start + index;
        (Elements { end: mid, ..self }, Elements { start: mid, ..self })
    }

    fn fold_with<F: Folder<S::Elem>>(self, folder: F) -> F {
        let mut src = self.src.clone();
        let mut folder = Some(folder);
        piece::<S, STRIDED>(self.nest, &mut src, self.start, self.end, |block| {
            folder = folder.take().map(|f| f.consume_iter(block.iter().copied()));
        });
        folder.expect("the folder is put back after every block")
    }
}

/// A folder that appends to a `Vec`: [`Elements`] as a plain iterator.
struct Append<'v, T>(&'v mut alloc::vec::Vec<T>);

impl<T> Folder<T> for Append<'_, T> {
    type Result = ();

    fn consume(self, item: T) -> Self {
        self.0.push(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        self.0.extend(iter);
        self
    }

    fn complete(self) {}

    fn full(&self) -> bool {
        false
    }
}
