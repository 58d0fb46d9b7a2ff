//! The reduction kernel: an operand summed into a smaller output that it walks with stride 0
//! along the reduced axes.

use core::ops::AddAssign;

use super::{Plan, block};

/// Adds every element of `src` (operand 0 of the plan) into `dst` (operand 1), which the caller
/// has initialized (to zero for a sum).
#[inline(always)]
pub(crate) fn accumulate<T: Copy + AddAssign>(src: &[T], plan: &Plan<2>, dst: &mut [T]) {
    let (n, [ss, sd]) = plan.inner();
    if n == 0 {
        return;
    }
    plan.for_each_run(|[os, od]| match (ss, sd) {
        (1, 0) => block::sum(&mut dst[od], &src[os..os + n]),
        (1, 1) => block::update(&mut dst[od..od + n], &src[os..os + n], |mut d, x| {
            d += x;
            d
        }),
        _ => {
            let (mut is, mut id) = (os, od);
            for _ in 0..n {
                dst[id] += src[is];
                is += ss;
                id += sd;
            }
        }
    });
}
