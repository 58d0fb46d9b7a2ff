//! Evaluating an expression's pass into an output: on one thread, or, with feature `rayon`
//! and an output large enough to pay for it, split across rayon's threads (`parallel`).

use crate::hot;

use super::fused::{Hint, Portable, Shared, Sink, Source, run_into};
use super::place::Pass;

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
    run_into(dims, hint, src, &mut SliceSink { out, pos: 0, write });
}

/// An output slice as a pass's [`Sink`]: `write` stores each block into the elements it covers.
struct SliceSink<'a, T, F> {
    out: &'a mut [T],
    /// Where the next block in row-major order goes.
    pos: usize,
    write: F,
}

impl<T, F: Fn(&mut [T], &[T])> Sink<T> for SliceSink<'_, T, F> {
    #[hot]
    fn next(&mut self, block: &[T]) {
        let n = block.len();
        (self.write)(&mut self.out[self.pos..self.pos + n], block);
        self.pos += n;
    }

    #[hot]
    fn at(&mut self, pos: usize, block: &[T]) {
        (self.write)(&mut self.out[pos..pos + block.len()], block);
    }
}
