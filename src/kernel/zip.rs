//! Element-wise closures that may keep state (`FnMut`): `zip_with`, `zip_assign` and the arrays
//! of run-time rank. Each is one pass of the fused kernel over the operands' elements, and the
//! closure is applied as the pass hands them on: exactly once per output element, in row-major
//! order, on one thread, so that the closure sees what a plain loop would show it. (The pass
//! computes whole blocks, and a short run's block repeats its last lane: only the reads are
//! repeated, never the closure.) The pass is `run_plain`, whole runs in blocks: the closure's
//! loop is the cost here, not the walk.

use super::fused::{self, Hint};
use crate::expr::{LeafSource, PairFn, Zip};

/// Writes `f(a, b)` for every element of an output of sizes `dims`, row-major, into `out`,
/// reading `a` and `b` through their cursors.
///
/// The caller has checked the shapes and lengths: every element the cursors reach lies inside
/// `a` and `b`, and `out` holds the output's elements.
#[inline(always)]
pub(crate) fn zip<const W: usize, A: Copy, B: Copy, O>(
    (a, b): (LeafSource<'_, A, W>, LeafSource<'_, B, W>),
    dims: &[usize],
    hint: Hint,
    out: &mut [O],
    mut f: impl FnMut(A, B) -> O,
) {
    let mut pos = 0;
    fused::run_plain(
        dims,
        hint,
        Zip::pair(a, b, PairFn),
        #[inline(always)]
        |pairs| {
            let n = pairs.len();
            for (o, &(x, y)) in out[pos..pos + n].iter_mut().zip(pairs) {
                *o = f(x, y);
            }
            pos += n;
        },
    );
}

/// Sets `dst[i] = f(dst[i], x)` for every element of `dst` (an output of sizes `dims`,
/// row-major), `x` read from `src` through its cursor, as [`zip`] does.
#[inline(always)]
pub(crate) fn assign<const W: usize, T: Copy, U: Copy>(
    src: LeafSource<'_, U, W>,
    dims: &[usize],
    hint: Hint,
    dst: &mut [T],
    mut f: impl FnMut(T, U) -> T,
) {
    let mut pos = 0;
    fused::run_plain(
        dims,
        hint,
        src,
        #[inline(always)]
        |xs| {
            let n = xs.len();
            for (o, &x) in dst[pos..pos + n].iter_mut().zip(xs) {
                *o = f(*o, x);
            }
            pos += n;
        },
    );
}
