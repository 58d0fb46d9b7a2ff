//! The in-place kernel: a strided operand combined into a contiguous output that is also the
//! other input.

use super::{Plan, Runs, block};

/// Sets `dst[i] = f(dst[i], x)` for every output element, row-major, `x` read from `src` through
/// the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `src`. The
/// operand's stride along a run is 0 or 1: see [`Plan::new`].
#[inline(always)]
pub(crate) fn assign<T: Copy, U: Copy>(
    src: &[U],
    plan: &Plan<1>,
    runs: Runs<1>,
    dst: &mut [T],
    mut f: impl FnMut(T, U) -> T,
) {
    let Runs { n, strides: [stride], .. } = runs;
    debug_assert!(stride <= 1, "an inner stride is 0 or 1");
    plan.for_each_run_into(
        runs,
        dst,
        #[inline(always)]
        |chunk, [off]| {
            if stride == 0 {
                let x = src[off];
                chunk.iter_mut().for_each(|o| *o = f(*o, x));
            } else {
                block::update(chunk, &src[off..off + n], &mut f);
            }
        },
    );
}
