//! Element-wise closures that may keep state (`FnMut`): `zip_with`, `zip_assign` and the arrays
//! of run-time rank. Each is one pass of the fused kernel over the operands' elements, and the
//! closure is applied as the pass hands them on: exactly once per output element, in row-major
//! order, on one thread, so that the closure sees what a plain loop would show it. (The pass
//! computes whole blocks, and a short run's block repeats its last lane: only the reads are
//! repeated, never the closure.) The pass is `run_plain`, whole runs in blocks: the closure's
//! loop is the cost here, not the walk.

use super::fused::{self, Hint, Source};
use super::place::Pass;
use crate::expr::{LeafSource, PairFn, Zip};
use crate::hot;

/// Writes `f(a, b)` for every element of an output of sizes `dims`, row-major, into `out`,
/// reading `a` and `b` through their cursors.
///
/// The caller has checked the shapes and lengths: every element the cursors reach lies inside
/// `a` and `b`, and `out` holds the output's elements.
#[hot]
pub(crate) fn zip<const W: usize, A: Copy, B: Copy, O, P: Pass>(
    (a, b): (LeafSource<'_, A, W>, LeafSource<'_, B, W>),
    dims: &[usize],
    hint: Hint<P>,
    out: &mut [O],
    mut f: impl FnMut(A, B) -> O,
) {
    each(Zip::pair(a, b, PairFn), dims, hint, out, |o, (x, y)| *o = f(x, y));
}

/// Sets `dst[i] = f(dst[i], x)` for every element of `dst` (an output of sizes `dims`,
/// row-major), `x` read from `src` through its cursor, as [`zip`] does.
#[hot]
pub(crate) fn assign<const W: usize, T: Copy, U: Copy, P: Pass>(
    src: LeafSource<'_, U, W>,
    dims: &[usize],
    hint: Hint<P>,
    dst: &mut [T],
    mut f: impl FnMut(T, U) -> T,
) {
    each(src, dims, hint, dst, |o, x| *o = f(*o, x));
}

/// `f(&mut out[i], x)` for every element `x` of `src`'s pass over `dims`, in row-major order.
#[hot]
fn each<const W: usize, S: Source<W>, O, P: Pass>(
    src: S,
    dims: &[usize],
    hint: Hint<P>,
    out: &mut [O],
    mut f: impl FnMut(&mut O, S::Elem),
) {
    let mut pos = 0;
    fused::run_plain(
        dims,
        hint,
        src,
        #[inline(always)]
        |xs| {
            let n = xs.len();
            for (o, &x) in out[pos..pos + n].iter_mut().zip(xs) {
                f(o, x);
            }
            pos += n;
        },
    );
}
