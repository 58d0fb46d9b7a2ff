//! The zip kernel: two strided operands combined element by element into a contiguous output.

use super::{Plan, Runs, block};

/// Writes `f(a, b)` for every output element, row-major, reading `a` and `b` through the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `a` and `b`.
#[inline(always)]
pub(crate) fn zip<A: Copy, B: Copy, O>(
    a: &[A],
    b: &[B],
    plan: &Plan<2>,
    runs: Runs<2>,
    out: &mut [O],
    mut f: impl FnMut(A, B) -> O,
) {
    let Runs { n, strides: [sa, sb], .. } = runs;
    if n == 0 {
        return;
    }
    plan.for_each_run_into(
        runs,
        out,
        #[inline(always)]
        |chunk, [oa, ob]| {
            match (sa, sb) {
                (1, 1) => block::binary(chunk, &a[oa..oa + n], &b[ob..ob + n], &mut f),
                (0, 1) => {
                    let x = a[oa];
                    block::unary(chunk, &b[ob..ob + n], |y| f(x, y));
                }
                (1, 0) => {
                    let y = b[ob];
                    block::unary(chunk, &a[oa..oa + n], |x| f(x, y));
                }
                (0, 0) => {
                    let (x, y) = (a[oa], b[ob]);
                    chunk.iter_mut().for_each(|o| *o = f(x, y));
                }
                _ => {
                    // Strides other than 0 and 1 on the inner axis: not produced by the broadcast
                    // forms (an operand's last axis is contiguous), kept correct for completeness.
                    let (mut ia, mut ib) = (oa, ob);
                    for o in chunk.iter_mut() {
                        *o = f(a[ia], b[ib]);
                        ia += sa;
                        ib += sb;
                    }
                }
            }
        },
    );
}
