//! Small expressions with a reduction, every size fixed: evaluated one output element at a
//! time, each reading its operands at its own index ([`Expression::at`]), with loops whose
//! bounds and strides are constants, as a hand loop over fixed arrays is written. The compiler
//! unrolls and vectorizes such loops whole; the pass's blocks of 16 outputs, its plan and its
//! folds in lanes are for runs long enough to repay them (a 4×4 product is 64 multiply-adds).
//!
//! Which way an evaluation goes is decided by the types, once, where it starts: [`small`].

use super::Expression;
use crate::shape::AnyShape;

/// The most axes a node of an expression evaluated by [`Expression::at`] has: the index is an
/// array of this length, so reading an element copies no more.
pub(crate) const AT_RANK: usize = 8;

/// The most elements of its tensors that an evaluation element by element reads in all: past
/// it, the pass's blocks are faster (their lanes fold 16 outputs at once) and its code is not
/// repeated per element when the compiler unrolls.
const SMALL: usize = 1024;

/// The elements of the shape `S`, where every size is fixed (saturating).
const fn count<S: AnyShape>() -> usize {
    let mut n: usize = 1;
    let mut k = 0;
    while k < S::RANK {
        n = n.saturating_mul(S::STATIC[k]);
        k += 1;
    }
    n
}

/// Whether evaluating `E` into an output of shape `Out` (its shape, or one it stretches to)
/// goes element by element: it folds a reduction, every size is fixed, and it reads at most
/// [`SMALL`] elements in all.
pub(crate) const fn small<E: Expression, Out: AnyShape>() -> bool {
    E::AT
        && E::SLOTS > 0
        && Out::FIXED
        && Out::RANK <= AT_RANK
        && E::READS.saturating_mul(count::<Out>()) <= SMALL
}

/// The index of the `i`-th element, row-major, of an output of shape `Out`, as `E` (whose
/// axes are `Out`'s last ones, NumPy's alignment) reads it.
#[inline(always)]
fn index_of<E: Expression, Out: AnyShape>(mut i: usize) -> [usize; AT_RANK] {
    let mut index = [0; AT_RANK];
    let skip = Out::RANK - E::Shape::RANK;
    let mut k = Out::RANK;
    while k > skip {
        k -= 1;
        let d = Out::STATIC[k];
        index[k - skip] = i % d;
        i /= d;
    }
    index
}

/// Each element `o` of `out` (row-major, of shape `Out`) set to `f(o, x)`, `x` the matching
/// element of `expr` stretched to `Out`. Only where [`small`]`::<E, Out>()`.
#[inline(always)]
pub(crate) fn write<E: Expression, Out: AnyShape>(
    expr: &E,
    out: &mut [E::Elem],
    f: impl Fn(E::Elem, E::Elem) -> E::Elem,
) {
    for (i, o) in out.iter_mut().enumerate().take(count::<Out>()) {
        *o = f(*o, expr.at(&index_of::<E, Out>(i)));
    }
}

/// The `i`-th element, row-major, of `expr` (of its own shape). Only where
/// [`small`]`::<E, E::Shape>()`.
#[inline(always)]
pub(crate) fn element<E: Expression>(expr: &E, i: usize) -> E::Elem {
    expr.at(&index_of::<E, E::Shape>(i))
}
