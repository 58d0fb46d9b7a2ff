//! The copy kernel: one strided operand into a contiguous output.

use super::{Plan, Runs};
use shapecast_macros::hot;

/// Fills `dst` (the plan's whole output, row-major) from `src` read through the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `src`. For a
/// broadcast the operand's stride along a run is 0 (a filled run) or 1 (a copied one): see
/// [`Plan::new`]. A gather (the first element of each group a reduction without an identity
/// folds, `max_axes` say) may step by more, and is copied element by element.
#[hot]
pub(crate) fn copy<T: Copy>(src: &[T], plan: &Plan<1>, runs: Runs<1>, dst: &mut [T]) {
    let Runs { n, strides: [stride], .. } = runs;
    plan.for_each_run_into(
        runs,
        dst,
        #[inline(always)]
        |chunk, [off]| match stride {
            0 => chunk.fill(src[off]),
            1 => chunk.copy_from_slice(&src[off..off + n]),
            s => chunk.iter_mut().zip(src[off..].iter().step_by(s)).for_each(|(d, &x)| *d = x),
        },
    );
}
