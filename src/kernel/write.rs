//! Evaluating an expression's pass into an output: on one thread, or, with feature `rayon`
//! and an output large enough to pay for it, split across rayon's threads (`parallel`).

use shapecast_macros::hot;

use super::fused::{Hint, SliceSink, run_into};
use super::place::Pass;
use super::source::{Portable, Shared, Source};

/// Evaluates `src` over `dims` into `out`, the whole output (row-major): `write` gets each
/// block with the part of `out` it covers (a copy, or an update in place). With feature
/// `rayon`, an output large enough to pay for it is split across rayon's threads.
#[hot]
pub(crate) fn write_into<const W: usize, S: Source<W> + Portable, P: Pass>(
    dims: &[usize],
    hint: Hint<P>,
    src: S,
    out: &mut [S::Elem],
    write: impl Fn(&mut [S::Elem], &[S::Elem]) + Sync,
) where
    S::Elem: Shared,
{
    #[cfg(feature = "rayon")]
    if super::parallel::worth::<S::Elem>(out.len()) {
        super::parallel::run_into(dims, hint, src, out, &write);
        return;
    }
    write_here(dims, hint, src, out, write);
}

/// As [`write_into`], always on this thread (for sources that cannot be shared by threads).
#[hot]
pub(crate) fn write_here<const W: usize, S: Source<W>, P: Pass>(
    dims: &[usize],
    hint: Hint<P>,
    src: S,
    out: &mut [S::Elem],
    write: impl Fn(&mut [S::Elem], &[S::Elem]),
) {
    run_into(dims, hint, src, &mut SliceSink { out, start: 0, pos: 0, write });
}

/// A block copied into the part of the output it covers: the `write` of every pass that
/// replaces its output. One function, not a closure per caller, so that a new tensor and
/// `eval_into` of the same expression share one pass.
#[hot]
pub(crate) fn copy_block<T: Copy>(o: &mut [T], block: &[T]) {
    o.copy_from_slice(block);
}

/// `out` (row-major, sizes `dims`) = the elements of `data` read with `strides` along each
/// axis (a permuted or sliced array; every index the caller has checked to land inside `data`):
/// through the pass, which walks a transposed one in tiles.
#[hot]
pub(crate) fn gather<T: Copy>(data: &[T], dims: &[usize], strides: &[usize], out: &mut [T]) {
    use super::source::Cursor;
    use super::way::with_rank_width;
    let lands: [usize; shapecast_rules::MAX_RANK] = core::array::from_fn(|k| k);
    with_rank_width!(dims.len(), W => {
        let src = super::leaf::LeafSource::new(data, Cursor::<W>::strided(dims, strides, &lands[..dims.len()]));
        write_here(dims, Hint::RUN_TIME, src, out, copy_block);
    });
}
