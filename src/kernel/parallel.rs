//! A fused pass split across rayon's threads (feature `rayon`): the output, in row-major order,
//! is cut into contiguous pieces, and each piece is evaluated by the same block kernel from a
//! copy of the source whose cursors are moved to the piece's start. Each piece computes exactly
//! the blocks the whole pass computes (aligned on [`BLOCK`] within each innermost run, then
//! trimmed to the piece), so the result is identical bit for bit to one thread's, reductions
//! inside the expression included. Writes go to disjoint `&mut` sub-slices of the output.
//!
//! Below [`THRESHOLD`] bytes of output a pass stays on one thread: splitting costs more than it
//! gains there (measured in `benches/parallel.rs`).

use super::fused::{BLOCK, Hint, Nest, Portable, Shared, Source, by_plan, read, whole_run};
use super::place::Pass;

/// Bytes of output from which a pass is split across threads. On a quiet 2-core machine two
/// threads were slower up to 16 MiB and 1.5–1.8× faster from 64 MiB; 32 MiB lies between.
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
    if !by_plan::<W, S, P>() && src.all(&mut |c| c.inner() <= 1) {
        split::<W, S, P, false>(&nest, src, 0, out, write);
    } else {
        split::<W, S, P, true>(&nest, src, 0, out, write);
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
            whole_run::<W, S, P, STRIDED>(src, n, &mut sink);
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
#[inline(always)]
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
