//! The copy kernel: one strided operand into a contiguous output.

use super::Plan;

/// Fills `dst` (the plan's whole output, row-major) from `src` read through the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `src`.
#[inline(always)]
pub(crate) fn copy<T: Copy>(src: &[T], plan: &Plan<1>, dst: &mut [T]) {
    let (n, [stride]) = plan.inner();
    if n == 0 {
        return;
    }
    // Runs are indexed rather than taken from a chunk iterator: with no "iterator ran dry"
    // exit, the optimizer sees every element written and drops the zeroing of a fresh output.
    let mut start = 0;
    plan.for_each_run(
        #[inline(always)]
        |[off]| {
            let chunk = &mut dst[start..start + n];
            start += n;
            match stride {
                0 => chunk.fill(src[off]),
                1 => chunk.copy_from_slice(&src[off..off + n]),
                s => {
                    for (d, x) in chunk.iter_mut().zip(src[off..].iter().step_by(s)) {
                        *d = *x;
                    }
                }
            }
        },
    );
}
