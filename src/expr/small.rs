//! Small expressions, every size fixed, that fold a reduction (or, in a build optimized for
//! size, whose rows are shorter than a block): evaluated one output element at a time, each
//! reading its operands at its own index ([`Expression::at`]), with loops whose bounds and
//! strides are constants, as a hand loop over fixed arrays is written. The compiler unrolls and
//! vectorizes such loops whole; the pass's blocks of 16 outputs, its plan and its folds in lanes
//! are for runs long enough to repay them (a 4×4 product is 64 multiply-adds), and its tiles of
//! short rows cost code that a microcontroller's flash pays for (`[16, 3] - [3]`).
//!
//! A one-row output that folds a maximum or a minimum is made a row at a time instead
//! ([`by_rows`]).
//!
//! Which way an evaluation goes is decided by the types, once, where it starts: [`small`].

use super::Expression;
use crate::kernel::fused::BLOCK;
use crate::shape::AnyShape;
use shapecast_macros::hot;

/// The most axes a node of an expression evaluated by [`Expression::at`] has: the index is an
/// array of this length, so reading an element copies no more.
pub(crate) const AT_RANK: usize = 8;

/// An element's index as [`Expression::at`] reads it, one entry per axis. Made only inside
/// the crate (from an output's own row-major positions): a call of `at` from outside could
/// otherwise read past a tensor's end.
#[derive(Clone, Copy)]
pub struct Index(pub(crate) [usize; AT_RANK]);

/// `[f(0), f(1), …]`, one entry per axis of an [`Index`], written out rather than looped: a
/// build optimized for size (`shapecast_small_code`) keeps a loop over the axes, with its
/// tables in flash and the index in memory, zeroed by a call to `memset`, where each entry
/// written out folds to what it is and the index stays in registers.
#[hot]
pub(crate) fn per_axis(mut f: impl FnMut(usize) -> usize) -> [usize; AT_RANK] {
    [f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7)]
}

/// `Σ index[k] · steps[k]` over the first `rank` axes (wrapping): a loop, written out as
/// [`per_axis`] in a build optimized for size. A build optimized for speed unrolls the loop
/// itself, over the axes there are only: written out there, all eight terms made the Kalman
/// filter's step slower.
#[hot]
pub(crate) fn offset(index: &Index, steps: &[usize; AT_RANK], rank: usize) -> usize {
    if !cfg!(shapecast_small_code) {
        let terms = index.0.iter().zip(steps).take(rank);
        return terms.fold(0, |sum, (&i, &s)| sum.wrapping_add(i.wrapping_mul(s)));
    }
    let terms = per_axis(|k| if k < rank { index.0[k].wrapping_mul(steps[k]) } else { 0 });
    let [a, b, c, d, e, f, g, h] = terms;
    a.wrapping_add(b)
        .wrapping_add(c)
        .wrapping_add(d)
        .wrapping_add(e)
        .wrapping_add(f)
        .wrapping_add(g)
        .wrapping_add(h)
}

/// The index of an operand whose axis `k` lies on its parent's axis `map[k]`, from the
/// parent's `index` (see [`Expression::at`]), written out as [`per_axis`] at every opt-level:
/// a loop over the operand's axes made the small products slower at opt-level 3 (unlike
/// [`offset`], whose loop the Kalman filter's step needs there).
#[hot]
pub(crate) fn onto(map: &[usize], index: &Index) -> Index {
    Index(per_axis(|k| map.get(k).and_then(|&to| index.0.get(to)).copied().unwrap_or(0)))
}

/// The most elements of its tensors that an evaluation element by element reads in all: past
/// it, the pass's blocks are faster (their lanes fold 16 outputs at once) and its code is not
/// repeated per element when the compiler unrolls.
const SMALL: usize = 1024;

/// The elements of the shape `S`, where every size is fixed (saturating).
pub(crate) const fn count<S: AnyShape>() -> usize {
    let mut n: usize = 1;
    let mut k = 0;
    while k < S::RANK {
        n = n.saturating_mul(S::STATIC[k]);
        k += 1;
    }
    n
}

/// The first [`AT_RANK`] entries of `table` (the rest 0): a map or sizes as short as
/// [`Expression::at`] reads them, so that only so much lies in the binary where a build
/// optimized for size keeps the table rather than unrolling the loop that reads it.
pub(crate) const fn at_table(table: &[usize]) -> [usize; AT_RANK] {
    let mut out = [0; AT_RANK];
    let mut k = 0;
    while k < AT_RANK && k < table.len() {
        out[k] = table[k];
        k += 1;
    }
    out
}

/// The sizes of `S`, every one fixed, as [`at_table`] keeps them.
pub(crate) const fn at_dims<S: AnyShape>() -> [usize; AT_RANK] {
    at_table(crate::kernel::statics::static_dims::<S>())
}

/// Whether evaluating `E` into an output of shape `Out` (its shape, or one it stretches to)
/// goes element by element: it folds a reduction, or reads a leaf whose strides are known only
/// at run time (a transposed view, which the pass would read gathering each block from 16
/// places: [`Strides::fits`](crate::kernel::constant::Strides::fits)), or, in a build optimized
/// for size, its rows are short ([`short_rows`]); every size is fixed; and it reads at most
/// [`SMALL`] elements in all.
pub(crate) const fn small<E: Expression, Out: AnyShape>() -> bool {
    E::AT && (E::SLOTS > 0 || !E::STRIDES.fits() || short_rows::<Out>()) && within::<Out>(E::READS)
}

/// Whether an output of shape `Out`, `reads` elements of its tensors read per element, is one
/// that [`small`] may make element by element: every size fixed, and few enough reads.
const fn within<Out: AnyShape>(reads: usize) -> bool {
    Out::FIXED && Out::RANK <= AT_RANK && reads.saturating_mul(count::<Out>()) <= SMALL
}

/// [`small`] for two tensors of shapes `A` and `B` zipped into `Out` by a closure (`zip_with`,
/// which is no expression): the rule of an expression that zips two leaves.
pub(crate) const fn zip<A: AnyShape, B: AnyShape, Out: AnyShape>() -> bool {
    A::FIXED
        && B::FIXED
        && A::RANK <= AT_RANK
        && B::RANK <= AT_RANK
        && short_rows::<Out>()
        && within::<Out>(2)
}

/// Whether a build optimized for size (opt-level `"s"` or `"z"`) writes a fixed-size
/// element-wise expression over `Out` here: where its rows are shorter than a block of the pass,
/// which would walk them in tiles of [`BLOCK`] rows, column by column, in far more code (a
/// microcontroller's `[16, 3] - [3]`). At other levels the pass is faster there.
const fn short_rows<Out: AnyShape>() -> bool {
    cfg!(shapecast_small_code) && Out::RANK > 0 && Out::STATIC[Out::RANK - 1] < BLOCK
}

/// Whether a new output of `E` (every size fixed, [`small`]) is made element by element, each
/// computed where it is stored, rather than filled and then written row by row: where no
/// leaf reads contiguously along the output's rows, so that writing a row at once would not
/// vectorize along it (a row sum or maximum reads a row of its operand per element), but
/// filling first would cost a pass; and where the output is one row (a `[16, 3]` summed over
/// axis 0), which is then the same loop either way, and filling first would only compute the
/// first element a second time (a whole fold, for a reduction, that the optimizer keeps). Always
/// in a build optimized for size: one loop, and each element computed once (filling first
/// computes the first element twice, in a second copy of its code).
pub(crate) const fn by_elements<E: Expression>() -> bool {
    if cfg!(shapecast_small_code) {
        return true;
    }
    match E::Shape::RANK.checked_sub(1) {
        Some(last) => {
            (E::STRIDES.fits() && !E::STRIDES.contiguous_along(last))
                || count::<E::Shape>() == E::Shape::STATIC[last]
        }
        None => true,
    }
}

/// The longest row that [`by_rows`] makes at once: the rows a row of accumulators is kept for
/// (and the number of its instantiations, one per length).
const ROW: usize = 8;

/// The length of the one row that a new output of `E` (every size fixed, [`small`]) is made
/// as at once, or 0 where it is not: where `E` folds a reduction by rows
/// ([`Expression::ROWS`]) and its output is one row (the maxima of a `[16, 3]` over axis 0),
/// so that the reduction's operand is walked once, its rows outer and the outputs inner (the
/// order of a hand loop), not once per output: one loop over the rows carries the whole row of
/// outputs, and what the optimizer keeps of it as a loop is the hand loop's, in as little
/// code. Never in a build optimized for size, whose loops stay loops either way, nor for one
/// output, which is the same fold either way.
pub(crate) const fn by_rows<E: Expression>() -> usize {
    if cfg!(shapecast_small_code) || !E::ROWS {
        return 0;
    }
    let Some(last) = E::Shape::RANK.checked_sub(1) else { return 0 };
    let row = E::Shape::STATIC[last];
    if count::<E::Shape>() == row && row >= 2 && row <= ROW { row } else { 0 }
}

/// Whether an operand of shape `S`, its axis `k` on its parent's axis `onto[k]`, reads a row of
/// its parent (of shape `O`) along its own last axis: that axis lies on the parent's last,
/// with the same size (not stretched from 1). Every size fixed.
pub(crate) const fn reads_along<S: AnyShape, O: AnyShape>(onto: &[usize]) -> bool {
    S::FIXED
        && O::FIXED
        && S::RANK >= 1
        && O::RANK >= 1
        && onto.len() >= S::RANK
        && onto[S::RANK - 1] == O::RANK - 1
        && S::STATIC[S::RANK - 1] == O::STATIC[O::RANK - 1]
}

/// Whether `axis` is one of `axes`.
pub(crate) const fn contains(axes: &[usize], axis: usize) -> bool {
    let mut k = 0;
    while k < axes.len() {
        if axes[k] == axis {
            return true;
        }
        k += 1;
    }
    false
}

/// `[f(index₀), …, f(index_{N-1})]`, `index_j` being `index` with `j` on axis `rank - 1` (the
/// last of a node of that rank): a row read element by element.
#[hot]
pub(crate) fn along<T: Copy, const N: usize>(
    index: &Index,
    rank: usize,
    mut f: impl FnMut(&Index) -> T,
) -> [T; N] {
    let last = rank.saturating_sub(1);
    each(|j| {
        let mut at = *index;
        at.0[last] = j;
        f(&at)
    })
}

/// `[f(0), …, f(N - 1)]`, `N` at least 1, `f` called at one place (so inlined there): core's
/// `array::from_fn` and `array::map` call it through a wrapper that the optimizer left out of
/// line, a call per element.
#[hot]
pub(crate) fn each<T: Copy, const N: usize>(mut f: impl FnMut(usize) -> T) -> [T; N] {
    let mut out: Option<[T; N]> = None;
    for j in 0..N {
        let x = f(j);
        match &mut out {
            None => out = Some([x; N]),
            Some(out) => out[j] = x,
        }
    }
    out.expect("a row has at least one element")
}

/// `inner` set on the reduced axes `axes` (of sizes `sizes`) to the `i`-th of their elements
/// in row-major order: where a reduction's `i`-th element lies (the position an argmax counts).
#[hot]
pub(crate) fn reduced_at(inner: &mut Index, i: usize, axes: &[usize], sizes: &[usize]) {
    let mut rest = i;
    for &a in axes.iter().rev() {
        inner.0[a] = rest % sizes[a];
        rest /= sizes[a];
    }
}

/// The index of the first element of the `row`-th row (along `Out`'s last axis), as a node of
/// shape `S` (whose axes are `Out`'s last ones, NumPy's alignment) reads it.
#[hot]
fn row_start<S: AnyShape, Out: AnyShape>(mut row: usize) -> Index {
    let mut index = [0; AT_RANK];
    let dims = const { at_dims::<Out>() };
    let skip = Out::RANK - S::RANK;
    let mut k = Out::RANK.saturating_sub(1);
    while k > skip {
        k -= 1;
        let d = dims[k];
        index[k - skip] = row % d;
        row /= d;
    }
    Index(index)
}

/// Each element `o` of `out` (row-major, of shape `Out`) set to `f(o, x)`, `x` the matching
/// element of `expr` stretched to `Out`: row by row, the last axis the inner loop, so that the
/// compiler vectorizes along it as it does a hand loop. Only where [`small`]`::<E, Out>()`.
#[hot]
pub(crate) fn write<E: Expression, Out: AnyShape>(
    expr: &E,
    out: &mut [E::Elem],
    f: impl Fn(E::Elem, E::Elem) -> E::Elem,
) {
    let len = const { count::<Out>() };
    let Some(out) = out.get_mut(..len).filter(|_| len > 0) else { return };
    let row = const { if Out::RANK == 0 { 1 } else { Out::STATIC[Out::RANK - 1] } };
    for (r, o) in out.chunks_exact_mut(row).enumerate() {
        let mut index = row_start::<E::Shape, Out>(r);
        for (j, o) in o.iter_mut().enumerate() {
            if let Some(last) = E::Shape::RANK.checked_sub(1) {
                index.0[last] = j;
            }
            *o = f(*o, expr.at(&index));
        }
    }
}

/// The element of `expr` at the row-major position `flat` of its shape `Out` (every size
/// fixed), as [`write`] computes it: what a new output is made of where [`by_elements`].
#[hot]
pub(crate) fn element<E: Expression, Out: AnyShape>(expr: &E, flat: usize) -> E::Elem {
    expr.at(&index_of::<E::Shape, Out>(flat))
}

/// The index, as a node of shape `S` (whose axes are `Out`'s last ones) reads it, of the
/// element at the row-major position `flat` of `Out` (every size fixed).
#[hot]
fn index_of<S: AnyShape, Out: AnyShape>(flat: usize) -> Index {
    // (At least 1: an empty output has no element to compute.)
    let row = const {
        if Out::RANK == 0 || Out::STATIC[Out::RANK - 1] == 0 { 1 } else { Out::STATIC[Out::RANK - 1] }
    };
    let mut index = row_start::<S, Out>(flat / row);
    if let Some(last) = S::RANK.checked_sub(1) {
        index.0[last] = flat % row;
    }
    index
}

/// The element of `data` (row-major, of shape `S`, every size fixed) that the element at the
/// row-major position `flat` of `Out` reads, `S`'s axis `k` lying on `Out`'s axis `map[k]` (an
/// axis of size 1 read at 0): a leaf's [`Expression::at`], for the closures of [`zip`], which
/// are no expressions.
#[hot]
pub(crate) fn read<T: Copy, S: AnyShape, Out: AnyShape>(data: &[T], map: &[usize], flat: usize) -> T {
    let strides = const { at_table(crate::kernel::constant::Strides::of_shape::<S>().of_leaf(0)) };
    let index = onto(&map[..S::RANK.min(map.len())], &index_of::<Out, Out>(flat));
    data[offset(&index, &strides, S::RANK)]
}

/// The first element of `expr`: what a new output is made with before [`write`] fills it.
#[hot]
pub(crate) fn first<E: Expression>(expr: &E) -> E::Elem {
    expr.at(&Index([0; AT_RANK]))
}
