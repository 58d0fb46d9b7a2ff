//! The kernels over slices: a tensor as it lies folded (summed, say) into a smaller output that
//! it walks with stride 0 along the reduced axes, the output holding the running results. A
//! tensor's own reduction, eager or written as an expression, is folded here where
//! `Reduce::by_slices` says these are faster than the pass (through `Fold::slices`).
//!
//! Rows folded into one row (the column sums of `[B, 1024]`) are folded in halves from 32 MiB
//! on: each half into its own row, the second then folded into the first. Under feature
//! `rayon` the halves are folded on two tasks; the halves depend on the rows alone, so the
//! results are the same bits on one thread as on many.

#[cfg(feature = "alloc")]
use super::SPLIT_FROM;
use super::fold::{Pick, Reducer, arg_accumulate, offsets};
use super::source::Shared;
use super::statics::{MapInto, ReducePlan};
use super::{Plan, Runs, block};
use crate::shape::AnyShape;
#[cfg(feature = "alloc")]
use core::ops::Range;
use shapecast_macros::hot;

/// Sources up to this size are summed strip by strip (they stay in the first-level cache between
/// strips); larger ones run by run, each read once from memory.
const IN_CACHE_BYTES: usize = 32 * 1024;

/// The width of a strip: 8 SSE registers of sums, which leaves room for the loads.
const STRIP_BYTES: usize = 128;

/// The most bytes of rows [`in_halves`] folds one after another, in one piece.
#[cfg(feature = "alloc")]
const PIECE_BYTES: usize = 1 << 20;

/// Folds every element of `src` (operand 0 of the plan) into `dst` (operand 1) with `R`; the
/// caller has initialized `dst` (to zero for a sum). Where `src` is rows folded into one row,
/// `rows` folds them ([`rows_in_order`] or [`rows_in_halves`]).
#[hot]
pub(crate) fn accumulate<T: Copy, R: Reducer<T>>(
    src: &[T],
    plan: &Plan<2>,
    runs: Runs<2>,
    dst: &mut [T],
    rows: impl FnOnce(&[T], &mut [T]),
) {
    // An empty plan is one run of length 0: no strip and no run below is visited, whatever
    // the sizes of the other axes (see `Plan::new`).
    let Runs { n, strides: [ss, sd], .. } = runs;
    debug_assert!(ss <= 1 && sd <= 1, "an inner stride is 0 or 1");
    let strip = (STRIP_BYTES / size_of::<T>().max(1)).max(1);
    let in_cache = (ss, sd) == (1, 1) && size_of_val(src) <= IN_CACHE_BYTES;
    if one_row(plan, runs).is_some() && (n <= strip || !in_cache) {
        // Rows of a contiguous matrix folded into one row (a sum over the leading axis), rows
        // of one strip at most or out of the cache: the rows come from `chunks_exact`, with no
        // bounds check, so no exit in the loop makes the row of results go back to memory
        // between rows.
        if let Some(acc) = dst.get_mut(..n) {
            rows(src, acc);
        }
        return;
    }
    if in_cache {
        // Strip by strip: a strip's sums stay in a few registers while every run is added.
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

/// The rows of `src` (each `acc.len()` elements) folded by `R` into `acc`, one after another.
#[hot]
pub(crate) fn rows_in_order<T: Copy, R: Reducer<T>>(src: &[T], acc: &mut [T]) {
    for row in src.chunks_exact(acc.len()) {
        block::update(acc, row, R::combine);
    }
}

/// The rows of `src` (each `acc.len()` elements) folded by `R` into `acc`: from
/// [`SPLIT_FROM`] bytes on, in halves ([`in_halves`]), whose results are the same bits on one
/// thread as on many; one after another below, or without feature `alloc`.
#[hot]
fn rows_in_halves<T: Copy + Shared, R: Reducer<T>>(src: &[T], acc: &mut [T]) {
    #[cfg(feature = "alloc")]
    if size_of_val(src) >= SPLIT_FROM
        && let n = acc.len()
        && let Some(mut total) = row_of(&src[..n])
    {
        in_halves(
            0..src.len() / n,
            size_of_val(acc),
            &mut total,
            &|r| row_of(&src[r * n..][..n]),
            &|rows, total| {
                for row in src[rows.start * n..rows.end * n].chunks_exact(n) {
                    block::update(total, row, R::combine);
                }
            },
            &|total, later| block::update(total, later, merge_value::<T, R>),
        );
        block::update(acc, &total, merge_value::<T, R>);
        return;
    }
    rows_in_order::<T, R>(src, acc);
}

/// The rows `rows` of a tensor (at least one, each `row_bytes` long) folded into `total`, what
/// `start` makes of the first of them: halves folded apart (`fold` folds the rows after a
/// half's first into its own), then the second into the first (`merge`), down to pieces of
/// [`PIECE_BYTES`] or one row. The halves depend on the rows alone, so the results are the same
/// bits whether rayon's threads fold them or this one does (under feature `rayon`, they are
/// folded on two tasks). A half's own row is held on the heap (`start` gives `None` where it
/// cannot be: the half is then folded row after row).
#[cfg(feature = "alloc")]
fn in_halves<S: Shared>(
    rows: Range<usize>,
    row_bytes: usize,
    total: &mut [S],
    start: &(impl Fn(usize) -> Option<alloc::vec::Vec<S>> + Shared),
    fold: &(impl Fn(Range<usize>, &mut [S]) + Shared),
    merge: &(impl Fn(&mut [S], &[S]) + Shared),
) {
    let count = rows.len();
    if count > 1 && count.saturating_mul(row_bytes) > PIECE_BYTES {
        let mid = rows.start + count / 2;
        if let Some(mut second) = start(mid) {
            both(
                || in_halves(rows.start..mid, row_bytes, total, start, fold, merge),
                || in_halves(mid..rows.end, row_bytes, &mut second, start, fold, merge),
            );
            merge(total, &second);
            return;
        }
    }
    fold(rows.start + 1..rows.end, total);
}

/// [`arg_accumulate`]: the positions of the elements `P` keeps, `best` started at each output's
/// first. Where `src` is rows folded into one row, from [`SPLIT_FROM`] bytes on, in halves
/// ([`in_halves`]), each half keeping its own positions, the later kept where `P` picks it (or
/// may have got it wrong: a NaN it started from, so that the whole scan is done again with
/// [`Pick::ExactPick`]).
#[hot]
fn positions<T: Copy + Shared, P: Pick<T>>(src: &[T], plan: &Plan<2>, runs: Runs<2>, best: &mut [usize]) {
    #[cfg(feature = "alloc")]
    if let Some(n) = one_row(plan, runs)
        && size_of_val(src) >= SPLIT_FROM
        && let Some(mut kept) = positions_of(0, n)
        && let Some(best) = best.get_mut(..n)
    {
        in_halves(
            0..src.len() / n,
            n * size_of::<T>(),
            &mut kept,
            &|r| positions_of(r * n, n),
            &|rows, kept| {
                for r in rows {
                    for (j, (k, &x)) in kept.iter_mut().zip(&src[r * n..][..n]).enumerate() {
                        if P::better(x, src[*k]) {
                            *k = r * n + j;
                        }
                    }
                }
            },
            &|kept, later| {
                for (k, &l) in kept.iter_mut().zip(later) {
                    if P::redo(src[l]) || P::better(src[l], src[*k]) {
                        *k = l;
                    }
                }
            },
        );
        best.copy_from_slice(&kept);
        return;
    }
    arg_accumulate::<T, P>(src, plan, runs, best);
}

/// The positions `from..from + n` on the heap, or `None` where the heap has no room for them.
#[cfg(feature = "alloc")]
fn positions_of(from: usize, n: usize) -> Option<alloc::vec::Vec<usize>> {
    let mut row = alloc::vec::Vec::new();
    row.try_reserve_exact(n).ok()?;
    row.extend(from..from + n);
    Some(row)
}

/// The length of the row that `src` (operand 0) folds into (`dst`, operand 1), where the plan
/// is rows of a contiguous matrix folded into one row (a sum over the leading axis).
#[hot]
fn one_row(plan: &Plan<2>, runs: Runs<2>) -> Option<usize> {
    let n = runs.n;
    (plan.dims().len() == 2 && runs.strides == [1, 1] && runs.outer == [n, 0] && n > 0).then_some(n)
}

/// `b`, the result of some rows, folded into `a`, that of the rows before: as `R` folds an
/// element, except that a `b` that `R` may have got wrong (a maximum started from a NaN, which
/// no later element replaces) is kept, so that the whole result is folded again with
/// [`Reducer::Exact`] (`R` alone would drop it, and with it every element it stood for).
#[cfg(feature = "alloc")]
#[hot]
fn merge_value<T: Copy, R: Reducer<T>>(a: T, b: T) -> T {
    if R::redo(b) { b } else { R::combine(a, b) }
}

/// A copy of `row` on the heap, or `None` where the heap has no room for it.
#[cfg(feature = "alloc")]
fn row_of<T: Copy>(row: &[T]) -> Option<alloc::vec::Vec<T>> {
    let mut copy = alloc::vec::Vec::new();
    copy.try_reserve_exact(row.len()).ok()?;
    copy.extend_from_slice(row);
    Some(copy)
}

/// `a` and `b`, on two of rayon's tasks.
#[cfg(feature = "rayon")]
fn both(a: impl FnOnce() + Send, b: impl FnOnce() + Send) {
    rayon::join(a, b);
}

/// `a` and `b`, one after the other (without feature `rayon`).
#[cfg(all(feature = "alloc", not(feature = "rayon")))]
fn both(a: impl FnOnce(), b: impl FnOnce()) {
    a();
    b();
}

/// Folds every element of `src`, a tensor of shape `big` as it lies, into `dst` (shape
/// `small`, its axes landing on `big`'s through `M`) with `R`, by the kernels over slices:
/// `dst` is started (at `R`'s identity, or at each output's first element), then folded into
/// ([`fold_started`]). `None`, with `dst` left as it was, when `R` has no identity and a reduced
/// axis is empty.
#[hot]
pub(crate) fn fold_slices<
    Big: AnyShape,
    Small: AnyShape,
    M: MapInto<Small, Big>,
    R: Reducer<T>,
    T: Copy + Shared,
>(
    src: &[T],
    big: &Big,
    small: &Small,
    dst: &mut [T],
) -> Option<()> {
    start::<Big, Small, M, R, T>(src, big, small, dst)?;
    fold_started::<Big, Small, M, R, T>(src, big, small, dst);
    Some(())
}

/// Folds every element of `src` into `dst`, started by [`start`], with `R`, and again from the
/// start with `R::Exact` if `R` may have got a result wrong.
#[hot]
fn fold_started<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>, R: Reducer<T>, T: Copy + Shared>(
    src: &[T],
    big: &Big,
    small: &Small,
    dst: &mut [T],
) {
    ReducePlan::<Big, Small, M>::with(
        big,
        small,
        #[inline(always)]
        |plan, runs| fold_rows::<Big, R, T>(src, plan, runs, dst),
    );
    if dst.iter().fold(false, |redo, &r| redo | R::redo(r)) {
        // `start` gave `Some` already.
        let _ = start::<Big, Small, M, R::Exact, T>(src, big, small, dst);
        ReducePlan::<Big, Small, M>::with(
            big,
            small,
            #[inline(always)]
            |plan, runs| fold_rows::<Big, R::Exact, T>(src, plan, runs, dst),
        );
    }
}

/// [`accumulate`] with `R`, its loop over the rows of a tensor folded into one row inlined where
/// every size of `Big` but the first is fixed, the row's length then a constant: passed as a
/// function, that loop ran through one out-of-line shim shared by every call site, its sums
/// stored and reloaded every row. Where the row's length is known only at run time, the loop
/// out of line takes fewer instructions than inlined. (A constant function pointer, not
/// `if const`: only the way chosen is compiled, see `kernel::run::planned_at`.)
#[hot]
fn fold_rows<Big: AnyShape, R: Reducer<T>, T: Copy + Shared>(
    src: &[T],
    plan: &Plan<2>,
    runs: Runs<2>,
    dst: &mut [T],
) {
    let fold: fn(&[T], &Plan<2>, Runs<2>, &mut [T]) =
        const { if Big::FIXED_AFTER_FIRST { rows_inlined::<R, T> } else { rows_shared::<R, T> } };
    fold(src, plan, runs, dst);
}

/// [`fold_rows`] with the loop over rows inlined.
#[hot]
fn rows_inlined<R: Reducer<T>, T: Copy + Shared>(src: &[T], plan: &Plan<2>, runs: Runs<2>, dst: &mut [T]) {
    accumulate::<_, R>(
        src,
        plan,
        runs,
        dst,
        #[inline(always)]
        |s, a| rows_in_halves::<T, R>(s, a),
    );
}

/// [`fold_rows`] with the loop over rows out of line.
#[hot]
fn rows_shared<R: Reducer<T>, T: Copy + Shared>(src: &[T], plan: &Plan<2>, runs: Runs<2>, dst: &mut [T]) {
    accumulate::<_, R>(src, plan, runs, dst, rows_in_halves::<T, R>);
}

/// Sets `dst` (shape `small`) to where `R` starts: its identity, else each output element's
/// first element, and then `None` if a reduced axis is empty, so that there is none.
#[hot]
fn start<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>, R: Reducer<T>, T: Copy>(
    src: &[T],
    big: &Big,
    small: &Small,
    dst: &mut [T],
) -> Option<()> {
    if let Some(identity) = R::identity() {
        dst.fill(identity);
        return Some(());
    }
    if ReducePlan::<Big, Small, M>::count(big, small) == 0 {
        return None;
    }
    ReducePlan::<Big, Small, M>::with_first(
        big,
        small,
        #[inline(always)]
        |plan, runs| super::copy(src, plan, runs, dst),
    );
    Some(())
}

/// Sets `best` (shape `small`, its axes landing on `big`'s through `M`) to where `P` keeps its
/// element among each output's elements of `src`, a tensor of shape `big` as it lies: the flat
/// row-major index within the reduced axes `axes`. `None`, with `best` left as it was, when
/// one of them is empty.
#[hot]
pub(crate) fn arg_slices<
    Big: AnyShape,
    Small: AnyShape,
    M: MapInto<Small, Big>,
    P: Pick<T>,
    T: Copy + Shared,
>(
    src: &[T],
    big: &Big,
    small: &Small,
    axes: &[usize],
    best: &mut [usize],
) -> Option<()> {
    if ReducePlan::<Big, Small, M>::count(big, small) == 0 {
        return None;
    }
    let first = |best: &mut [usize]| {
        ReducePlan::<Big, Small, M>::with_first(
            big,
            small,
            #[inline(always)]
            |plan, runs| offsets(plan, runs, best),
        )
    };
    first(best);
    ReducePlan::<Big, Small, M>::with(
        big,
        small,
        #[inline(always)]
        |plan, runs| positions::<_, P>(src, plan, runs, best),
    );
    if best.iter().fold(false, |redo, &at| redo | P::redo(src[at])) {
        first(best);
        ReducePlan::<Big, Small, M>::with(
            big,
            small,
            #[inline(always)]
            |plan, runs| positions::<_, P::ExactPick>(src, plan, runs, best),
        );
    }
    // Offsets in this tensor to flat indices within the reduced axes (none of them empty).
    let mut dims = [0; shapecast_rules::MAX_RANK];
    let dims = crate::shape::extents_in(big, &mut dims);
    let strides = shapecast_rules::row_major_strides(dims);
    for at in best {
        *at = axes.iter().fold(0, |index, &a| index * dims[a] + *at / strides[a] % dims[a]);
    }
    Some(())
}
