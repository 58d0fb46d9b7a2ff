//! What a reduction folds with: a [`Reducer`] supplies the step that combines an element into a
//! running result and, when it has one, the value every result starts from. The reduction
//! kernel ([`accumulate`](super::accumulate)) runs any of them; [`arg_accumulate`] follows the
//! position of the element a [`Pick`] keeps instead of its value.

use super::{Plan, Runs};
use crate::summable::Summable;
use shapecast_macros::hot;

/// A reduction's step: `combine(acc, x)` folds the element `x` into the running result `acc`.
/// The kernels fold each output's elements in an order of their choosing (in lanes, then the
/// lanes together), so `combine` should be associative and commutative, as far as the element
/// type allows.
pub trait Reducer<T: Copy> {
    /// Whether folding an element in twice changes nothing (a maximum does not care): the
    /// kernel's lanes then start as copies of the result so far.
    const IDEMPOTENT: bool;
    /// The reducer to fold with again, from the start, when [`redo`](Self::redo) says that a
    /// result of this one may be wrong.
    type Exact: Reducer<T>;
    /// The value every result starts from (0 for a sum); `None` when there is none (a maximum),
    /// and each result then starts from the first of its elements, so that reducing no
    /// elements has no result.
    fn identity() -> Option<T>;
    /// Folds `x` into `acc`.
    fn combine(acc: T, x: T) -> T;
    /// Whether `result` may be wrong, so that the fold must be done again with
    /// [`Exact`](Self::Exact).
    fn redo(result: T) -> bool;
}

/// A reducer that keeps one of its elements (a maximum, a minimum): `better(x, best)` is whether
/// `x` replaces `best`, which keeps the first of equal elements.
///
/// Like [`Reducer::combine`], `better` may be wrong about a NaN `best`, which it then keeps:
/// [`redo`](Reducer::redo) of the element kept says when to scan again with
/// [`ExactPick`](Self::ExactPick).
pub trait Pick<T: Copy>: Reducer<T> {
    /// The pick to scan with again when `redo` says so.
    type ExactPick: Pick<T>;
    /// Whether `x` replaces the element kept so far.
    fn better(x: T, best: T) -> bool;
}

/// The sum, with [`Summable::plus`]: wrapping for integers, so that adding in lanes never
/// overflows where adding left to right would not, in debug builds too.
pub struct Sum;

impl<T: Summable> Reducer<T> for Sum {
    const IDEMPOTENT: bool = false;
    type Exact = Sum;
    #[hot]
    fn identity() -> Option<T> {
        Some(T::ZERO)
    }
    #[hot]
    fn combine(acc: T, x: T) -> T {
        acc.plus(x)
    }
    #[hot]
    fn redo(_: T) -> bool {
        false
    }
}

/// Whether `x` is unordered with itself: a NaN. Always `false` for a total order, where the
/// optimizer drops it.
#[hot]
#[allow(clippy::eq_op)]
pub(crate) fn is_nan<T: PartialOrd>(x: &T) -> bool {
    x != x
}

/// The maximum, NaN ignored: a NaN result only when every element is NaN (as `f32::max`).
///
/// `Max<false>` folds with `if x > acc { x } else { acc }`, one instruction for floats
/// (`maxps`), which ignores a NaN `x` but keeps a NaN `acc`: it is exact unless a result starts
/// from a NaN (its first element), and such a result stays NaN, so the fold is then done again
/// with `Max<true>`, which also replaces a NaN `acc`. For integers nothing is ever redone.
pub struct Max<const EXACT: bool = false>;

impl<T: Copy + PartialOrd, const EXACT: bool> Reducer<T> for Max<EXACT> {
    const IDEMPOTENT: bool = true;
    type Exact = Max<true>;
    #[hot]
    fn identity() -> Option<T> {
        None
    }
    #[hot]
    fn combine(acc: T, x: T) -> T {
        // `|` rather than `||`: a second compare and no branch, which still vectorizes.
        if (x > acc) | (EXACT && is_nan(&acc)) { x } else { acc }
    }
    #[hot]
    fn redo(result: T) -> bool {
        !EXACT && is_nan(&result)
    }
}

impl<T: Copy + PartialOrd, const EXACT: bool> Pick<T> for Max<EXACT> {
    type ExactPick = Max<true>;
    #[hot]
    fn better(x: T, best: T) -> bool {
        (x > best) | (EXACT && is_nan(&best) && !is_nan(&x))
    }
}

/// The minimum, NaN ignored: a NaN result only when every element is NaN (as `f32::min`);
/// folded as [`Max`] is, with `minps`.
pub struct Min<const EXACT: bool = false>;

impl<T: Copy + PartialOrd, const EXACT: bool> Reducer<T> for Min<EXACT> {
    const IDEMPOTENT: bool = true;
    type Exact = Min<true>;
    #[hot]
    fn identity() -> Option<T> {
        None
    }
    #[hot]
    fn combine(acc: T, x: T) -> T {
        if (x < acc) | (EXACT && is_nan(&acc)) { x } else { acc }
    }
    #[hot]
    fn redo(result: T) -> bool {
        !EXACT && is_nan(&result)
    }
}

impl<T: Copy + PartialOrd, const EXACT: bool> Pick<T> for Min<EXACT> {
    type ExactPick = Min<true>;
    #[hot]
    fn better(x: T, best: T) -> bool {
        (x < best) | (EXACT && is_nan(&best) && !is_nan(&x))
    }
}

/// Sets `best` (operand 1 of the plan) to the offset in `src` (operand 0) of the element `P`
/// keeps among each output's elements. `best` starts as the offset of each output's first
/// element; the plan visits each output's elements in increasing offset, so the first of equal
/// elements is kept.
#[hot]
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
#[hot]
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
