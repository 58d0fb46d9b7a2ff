//! Evaluating an expression's pass into an output: on one thread, or, with feature `rayon`
//! and an output large enough to pay for it, split across rayon's threads (`parallel`).

use crate::hot;

use super::fused::{Hint, Portable, Shared, Source, run};
use super::place::Pass;

/// Evaluates `src` over `dims` into `out`, the whole output in row-major order: `write` gets
/// each block with the part of `out` it covers (a copy, or an update in place). With feature
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
    let mut pos = 0;
    run(
        dims,
        hint,
        src,
        #[inline(always)]
        |block| {
            let n = block.len();
            write(&mut out[pos..pos + n], block);
            pos += n;
        },
    );
}
