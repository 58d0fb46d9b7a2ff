//! The copy kernel: one strided operand into a contiguous output.

use super::{Plan, Runs};

/// Fills `dst` (the plan's whole output, row-major) from `src` read through the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `src`. The
/// operand's stride along a run is 0 (a filled run) or 1 (a copied one): see [`Plan::new`].
#[inline(always)]
pub(crate) fn copy<T: Copy>(src: &[T], plan: &Plan<1>, runs: Runs<1>, dst: &mut [T]) {
    let Runs { n, strides: [stride], .. } = runs;
    debug_assert!(stride <= 1, "an inner stride is 0 or 1");
    plan.for_each_run_into(
        runs,
        dst,
        #[inline(always)]
        |chunk, [off]| {
            if stride == 0 {
                chunk.fill(src[off]);
            } else {
                chunk.copy_from_slice(&src[off..off + n]);
            }
        },
    );
}
