//! The zip kernel: two strided operands combined element by element into a contiguous output.

use super::{Plan, Runs, block};

/// Writes `f(a, b)` for every output element, row-major, reading `a` and `b` through the plan.
///
/// The caller has checked the shapes and lengths; every run then lies inside `a` and `b`. Each
/// operand's stride along a run is 0 or 1: see [`Plan::new`].
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
    debug_assert!(sa <= 1 && sb <= 1, "an inner stride is 0 or 1");
    plan.for_each_run_into(
        runs,
        out,
        #[inline(always)]
        |chunk, [oa, ob]| match (sa, sb) {
            (0, 0) => {
                let (x, y) = (a[oa], b[ob]);
                chunk.iter_mut().for_each(|o| *o = f(x, y));
            }
            (0, _) => {
                let x = a[oa];
                block::unary(chunk, &b[ob..ob + n], |y| f(x, y));
            }
            (_, 0) => {
                let y = b[ob];
                block::unary(chunk, &a[oa..oa + n], |x| f(x, y));
            }
            _ => block::binary(chunk, &a[oa..oa + n], &b[ob..ob + n], &mut f),
        },
    );
}
