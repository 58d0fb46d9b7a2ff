//! The reduction kernel: an operand folded (summed, say) into a smaller output that it walks
//! with stride 0 along the reduced axes.

use super::{Plan, Runs, block, fold::Reducer};
use crate::hot;

/// Sources up to this size are summed strip by strip (they stay in the first-level cache between
/// strips); larger ones run by run, each read once from memory.
const IN_CACHE_BYTES: usize = 32 * 1024;

/// The width of a strip: 8 SSE registers of sums, which leaves room for the loads.
const STRIP_BYTES: usize = 128;

/// Folds every element of `src` (operand 0 of the plan) into `dst` (operand 1) with `R`; the
/// caller has initialized `dst` (to zero for a sum).
#[hot]
pub(crate) fn accumulate<T: Copy, R: Reducer<T>>(src: &[T], plan: &Plan<2>, runs: Runs<2>, dst: &mut [T]) {
    // An empty plan is one run of length 0: no strip and no run below is visited, whatever
    // the sizes of the other axes (see `Plan::new`).
    let Runs { n, strides: [ss, sd], .. } = runs;
    debug_assert!(ss <= 1 && sd <= 1, "an inner stride is 0 or 1");
    if (ss, sd) == (1, 1) && size_of_val(src) <= IN_CACHE_BYTES {
        // Strip by strip: a strip's sums stay in a few registers while every run is added.
        let strip = (STRIP_BYTES / size_of::<T>().max(1)).max(1);
        for start in (0..n).step_by(strip) {
            let end = n.min(start + strip);
            plan.for_each_run(
                runs,
                #[inline(always)]
                |[os, od]| {
                    block::update(&mut dst[od + start..od + end], &src[os + start..os + end], R::combine);
                },
            );
        }
        return;
    }
    if plan.dims().len() == 2 && runs.strides == [1, 1] && runs.outer == [n, 0] {
        // Rows of a contiguous matrix folded into one row (a sum over the leading axis): the
        // rows come from `chunks_exact`, with no bounds check, so no exit in the loop makes the
        // row of results go back to memory between rows.
        if let Some(acc) = dst.get_mut(..n) {
            for row in src.chunks_exact(n) {
                block::update(acc, row, R::combine);
            }
        }
        return;
    }
    plan.for_each_run(
        runs,
        #[inline(always)]
        |[os, od]| match (ss, sd) {
            (1, 0) => block::fold(&mut dst[od], &src[os..os + n], R::IDEMPOTENT, R::combine),
            (1, 1) => block::update(&mut dst[od..od + n], &src[os..os + n], R::combine),
            // A plan of rank 0 (every size 1): one element, strides 0.
            _ => dst[od] = R::combine(dst[od], src[os]),
        },
    );
}
