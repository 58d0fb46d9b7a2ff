//! What a reduction folds with: a [`Reducer`] supplies the step that combines an element into a
//! running result and, when it has one, the value every result starts from. The reduction
//! kernel ([`accumulate`](super::accumulate)) runs any of them; [`arg_accumulate`] follows the
//! position of the element a [`Pick`] keeps instead of its value.

use core::ops::AddAssign;

use num_traits::Zero;

use super::{Plan, Runs};

/// A reduction's step: `combine(acc, x)` folds the element `x` into the running result `acc`.
/// The kernels fold each output's elements in an order of their choosing (in lanes, then the
/// lanes together), so `combine` should be associative and commutative, as far as the element
/// type allows.
pub(crate) trait Reducer<T: Copy> {
    /// The value every result starts from (0 for a sum); `None` when there is none (a maximum),
    /// and each result then starts from the first of its elements, so that reducing no
    /// elements has no result.
    fn identity() -> Option<T>;
    /// Folds `x` into `acc`.
    fn combine(acc: T, x: T) -> T;
}

/// A reducer that keeps one of its elements (a maximum, a minimum): `better(x, best)` is whether
/// `x` replaces `best`, which keeps the first of equal elements.
pub(crate) trait Pick<T: Copy>: Reducer<T> {
    /// Whether `x` replaces the element kept so far.
    fn better(x: T, best: T) -> bool;
}

/// The sum.
pub(crate) struct Sum;

impl<T: Copy + AddAssign + Zero> Reducer<T> for Sum {
    #[inline(always)]
    fn identity() -> Option<T> {
        Some(T::zero())
    }
    #[inline(always)]
    fn combine(mut acc: T, x: T) -> T {
        acc += x;
        acc
    }
}

/// Whether `x` is unordered with itself: a NaN. Always `false` for a total order, where the
/// optimizer drops it.
#[inline(always)]
#[allow(clippy::eq_op)]
fn is_nan<T: PartialOrd>(x: &T) -> bool {
    x != x
}

/// The maximum, NaN ignored: a NaN result only when every element is NaN (as `f32::max`).
pub(crate) struct Max;

impl<T: Copy + PartialOrd> Reducer<T> for Max {
    #[inline(always)]
    fn identity() -> Option<T> {
        None
    }
    /// A compare and a select per element (NaN tested with a second compare, `|` rather than
    /// `||` so that there is no branch): lane by lane, it vectorizes.
    #[inline(always)]
    fn combine(acc: T, x: T) -> T {
        if (x > acc) | is_nan(&acc) { x } else { acc }
    }
}

impl<T: Copy + PartialOrd> Pick<T> for Max {
    #[inline(always)]
    fn better(x: T, best: T) -> bool {
        (x > best) | (is_nan(&best) & !is_nan(&x))
    }
}

/// The minimum, NaN ignored: a NaN result only when every element is NaN (as `f32::min`).
pub(crate) struct Min;

impl<T: Copy + PartialOrd> Reducer<T> for Min {
    #[inline(always)]
    fn identity() -> Option<T> {
        None
    }
    #[inline(always)]
    fn combine(acc: T, x: T) -> T {
        if (x < acc) | is_nan(&acc) { x } else { acc }
    }
}

impl<T: Copy + PartialOrd> Pick<T> for Min {
    #[inline(always)]
    fn better(x: T, best: T) -> bool {
        (x < best) | (is_nan(&best) & !is_nan(&x))
    }
}

/// Sets `best` (operand 1 of the plan) to the offset in `src` (operand 0) of the element `P`
/// keeps among each output's elements. `best` starts as the offset of each output's first
/// element; the plan visits each output's elements in increasing offset, so the first of equal
/// elements is kept.
#[inline(always)]
pub(crate) fn arg_accumulate<T: Copy, P: Pick<T>>(
    src: &[T],
    plan: &Plan<2>,
    runs: Runs<2>,
    best: &mut [usize],
) {
    let Runs { n, strides: [ss, sd], .. } = runs;
    plan.for_each_run(
        runs,
        #[inline(always)]
        |[os, od]| {
            if sd == 0 {
                // The whole run lands on one output: scan it in registers.
                let (mut at, mut kept) = (best[od], src[best[od]]);
                let mut is = os;
                for _ in 0..n {
                    let x = src[is];
                    if P::better(x, kept) {
                        (at, kept) = (is, x);
                    }
                    is += ss;
                }
                best[od] = at;
            } else {
                let (mut is, mut id) = (os, od);
                for _ in 0..n {
                    if P::better(src[is], src[best[id]]) {
                        best[id] = is;
                    }
                    is += ss;
                    id += sd;
                }
            }
        },
    );
}

/// Fills `dst` (the plan's whole output, row-major) with the offsets that the plan's single
/// operand is read at: where each output's first element is.
#[inline(always)]
pub(crate) fn offsets(plan: &Plan<1>, runs: Runs<1>, dst: &mut [usize]) {
    let Runs { strides: [stride], .. } = runs;
    plan.for_each_run_into(
        runs,
        dst,
        #[inline(always)]
        |chunk, [off]| {
            let mut at = off;
            for d in chunk {
                *d = at;
                at += stride;
            }
        },
    );
}
