//! Reductions of expressions: the sum, mean, maximum, minimum and their positions over any axes
//! of an expression, without materializing it, each with a keep-dims twin whose reduced axes
//! stay as size 1 (so the result broadcasts back against the expression), and totals over every
//! axis. A reduction is itself an expression: an operand of a larger one, fused into its pass.
//!
//! Each output element folds the elements of its reduced axes; the pass computes [`BLOCK`]
//! outputs at once, so the fold runs in lanes across neighbouring outputs and vectorizes even
//! when the reduced axes are short (k-means' 2 coordinates and 4 centroids).
//!
//! Code size: a reduction's block is inlined into the pass, its operand's block into it, and
//! so on down the tree, so that a block of a nested reduction is one stretch of code with no
//! call (a call per operand block made k-means' assignment slower). Each operand's block is
//! read at two places only, the first step of a fold and the others; what runs once per run
//! or less often (the last, shorter block of a run, a single output, a tile of columns) is a
//! function of its own. Inlined too, they multiplied the code at each level of nesting, and
//! the time of a release build with it (k-means' assignment, a nested reduction, built far
//! more slowly).

use core::marker::PhantomData;
use num_traits::float::FloatCore;
use shapecast_macros::hot;

use super::folding::{FoldMap, Folding, Folds, Kept, Reduced, ReducedAxes, To};
use super::operand::{Called, Operand};
use super::{AT_RANK, Alone, Expression, Index, Lazy, Typed};
use crate::forms::{AnyBroadcastTo, AnyRemoveAxes, AnyWithoutAxes};
use crate::kernel::constant::{self, Strides};
use crate::kernel::fold::{Max, Min, Pick, Reducer, Sum};
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::place::PlanOf;
use crate::kernel::place::{Pass, RunTime, Spot};
use crate::kernel::run::{AsItGoes, Folded, block_at, planned_at};
use crate::kernel::source::{Cursor, RunBlocks, Shared, Source};
use crate::kernel::statics::{MapInto, ReducePlan};
use crate::kernel::{Runs, arg_slices, fold_slices, way};
use crate::shape::sealed::Proof;
use crate::shape::{AnyShape, Axes};
use crate::summable::Summable;
use crate::typelevel::{FewPositionsAt, InsertOnes, NonEmptyAt};
use shapecast_rules::MAX_RANK;

/// How a reduction folds the elements of each output, in lanes: from the first element, one
/// element at a time with its flat index in the reduced axes, then to the result.
pub trait Fold<T: Copy> {
    /// What is carried between elements ([`Shared`], as the elements are: a pass split across
    /// threads carries it on each).
    type Acc: Copy + Shared;
    /// The result.
    type Output: Copy;
    /// The carry after the first element.
    fn first(x: T) -> Self::Acc;
    /// The carry after one element, the `index`-th of its output, when it starts a lane.
    fn first_at(x: T, index: usize) -> Self::Acc {
        let _ = index;
        Self::first(x)
    }
    /// The carry after the element `x`, the `index`-th of its output.
    fn step(acc: Self::Acc, x: T, index: usize) -> Self::Acc;
    /// [`step`](Self::step), quicker where it may be wrong: a maximum's one compare (`maxps`),
    /// which keeps a NaN carry where `step` would replace it. A fold whose carries may be so
    /// wrong ([`unsure`](Self::unsure)) is done again with `step`, only where
    /// [`UNSURE`](Self::UNSURE).
    #[hot]
    fn quick(acc: Self::Acc, x: T, index: usize) -> Self::Acc {
        Self::step(acc, x, index)
    }
    /// Whether a carry stepped by [`quick`](Self::quick) may be wrong (a NaN maximum so far).
    #[hot]
    fn unsure(acc: &Self::Acc) -> bool {
        let _ = acc;
        false
    }
    /// The carry of two runs of elements, `a`'s before `b`'s in the first element's order
    /// (how lanes that folded alternate elements meet).
    fn merge(a: Self::Acc, b: Self::Acc) -> Self::Acc;
    /// The carry of a block of lanes stepped by [`quick`](Self::quick), lane `l` having folded
    /// the `l`-th of every [`BLOCK`] elements: merged one after another, lane 0 first. Like
    /// `quick`, it may be wrong where a lane is [`unsure`](Self::unsure); every caller then
    /// folds that output again.
    #[hot]
    fn merged(acc: [Self::Acc; BLOCK]) -> Self::Acc {
        acc[1..].iter().fold(acc[0], |a, &b| Self::merge(a, b))
    }
    /// The result after `count` elements.
    fn finish(acc: Self::Acc, count: usize) -> Self::Output;
    /// The result over no elements, for the folds that have one (a sum's 0, a mean's NaN).
    fn empty() -> Option<Self::Output>;
    /// The carries of a block of outputs folded together, one lane each, kept as vector
    /// registers hold them best (an argmin's values apart from its positions, which makes
    /// k-means' assignment faster).
    type Lanes: Copy;
    /// The lanes after the first element of each.
    fn lanes_first(x: [T; BLOCK]) -> Self::Lanes;
    /// The lanes after the elements `x`, the `index`-th of each output.
    fn lanes_step(acc: &mut Self::Lanes, x: [T; BLOCK], index: usize);
    /// The results of the lanes after `count` elements.
    fn lanes_finish(acc: Self::Lanes, count: usize) -> [Self::Output; BLOCK];
    /// Whether [`lanes_step`](Self::lanes_step) and [`quick`](Self::quick) may be wrong about
    /// a lane: a maximum's or a position's lanes step with one compare (`maxps`), which keeps a
    /// NaN first element where [`step`](Self::step) would replace it. Such lanes are then
    /// folded again with `step`, so that the common case keeps the one compare (faster for
    /// k-means' assignment and for the row maxima of `[200000, 10]`).
    const UNSURE: bool = false;
    /// Which lanes must be folded again with [`step`](Self::step) (only asked when
    /// [`UNSURE`](Self::UNSURE)).
    fn lanes_unsure(acc: &Self::Lanes) -> [bool; BLOCK] {
        let _ = acc;
        [false; BLOCK]
    }
    /// The most elements one output may fold: an argmax's positions are counted in a `u32`.
    const MOST: usize = usize::MAX;
    /// Whether each step keeps one of two values (a maximum, a position): folded one element
    /// after another, such a step becomes a branch that the data decides (a row maximum is
    /// slower so), so short rows are folded in lanes, one output each, as longer ones are (see
    /// `Folder::flat`).
    const SELECTS: bool = false;
    /// The widest row of outputs that the kernels over slices fold faster than the pass, when
    /// the operand is a tensor as it lies (see [`slices`](Self::slices)); 0 where they do not
    /// fold this.
    #[doc(hidden)]
    const SLICES_UP_TO: usize = 0;
    /// A value to allocate a new result with before [`slices`](Self::slices) fills it:
    /// `None` where there is none to hand (a maximum over an empty tensor).
    #[doc(hidden)]
    fn stand_in(src: &[T]) -> Option<Self::Output> {
        let _ = src;
        None
    }
    /// Folds `src`, a tensor of shape `big` as it lies, into `out` (shape `small`, its axes
    /// landing on `big`'s through `M`; `axes` are the folded ones), by the kernels over slices
    /// that the eager reductions run: `false`, nothing written, where this fold has none.
    #[doc(hidden)]
    fn slices<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>>(
        src: &[T],
        big: &Big,
        small: &Small,
        axes: &[usize],
        out: &mut [Self::Output],
    ) -> bool {
        let _ = (src, big, small, axes, out);
        false
    }
}

/// The lanes of a fold that keeps one of its elements (a maximum, a position), merged
/// pairwise, halves upon halves (lane `l` with lane `l + 8`, then `l + 4`, …): 4 merges deep,
/// not 15 one after another, each a compare that waits on the last (faster row maxima of
/// `[8192, 256]`). Each `merge` keeps [`Fold::merge`]'s order: the lane whose first element
/// comes first on the left.
#[hot]
fn pairwise<A: Copy>(mut acc: [A; BLOCK], merge: impl Fn(A, A) -> A) -> A {
    let mut width = BLOCK / 2;
    while width > 0 {
        let (low, high) = acc.split_at_mut(width);
        for (a, &b) in low.iter_mut().zip(&*high) {
            *a = merge(*a, b);
        }
        width /= 2;
    }
    acc[0]
}

// A block's lanes started, stepped and finished by a fold: generic over the element and the
// fold only, so that every reduction of one element type by one fold shares them (inside the
// reductions' strategies, which are generic over their operand too, each had its own copy).

/// Each lane of `x` started by `F` ([`Fold::first`]).
#[hot]
fn firsts<T: Copy, F: Fold<T>>(x: [T; BLOCK]) -> [F::Acc; BLOCK] {
    fused::lanes(|l| F::first(x[l]))
}

/// Each lane of `acc` stepped by the lane of `x`, the `i`th element each folds ([`Fold::quick`]).
#[hot]
fn quick<T: Copy, F: Fold<T>>(acc: &mut [F::Acc; BLOCK], x: &[T; BLOCK], i: usize) {
    for (a, &x) in acc.iter_mut().zip(x) {
        *a = F::quick(*a, x, i);
    }
}

/// Each lane of `acc` stepped by the lane of `x`, the `i`th element each folds ([`Fold::step`]).
#[hot]
fn step<T: Copy, F: Fold<T>>(acc: &mut [F::Acc; BLOCK], x: &[T; BLOCK], i: usize) {
    for (a, &x) in acc.iter_mut().zip(x) {
        *a = F::step(*a, x, i);
    }
}

/// Each lane of `x` started by `F`, the `base + at[l]`th element lane `l` folds
/// ([`Fold::first_at`]).
#[hot]
fn firsts_at<T: Copy, F: Fold<T>>(x: [T; BLOCK], at: &[usize; BLOCK], base: usize) -> [F::Acc; BLOCK] {
    fused::lanes(|l| F::first_at(x[l], base + at[l]))
}

/// Each lane of `acc` stepped by the lane of `x`, the `base + at[l]`th element lane `l` folds
/// ([`Fold::step`]).
#[hot]
fn step_at<T: Copy, F: Fold<T>>(acc: &mut [F::Acc; BLOCK], x: &[T; BLOCK], at: &[usize; BLOCK], base: usize) {
    for ((a, &x), &r) in acc.iter_mut().zip(x).zip(at) {
        *a = F::step(*a, x, base + r);
    }
}

/// Each lane of `acc` finished, over `count` elements ([`Fold::finish`]).
#[hot]
fn finishes<T: Copy, F: Fold<T>>(acc: &[F::Acc; BLOCK], count: usize) -> [F::Output; BLOCK] {
    fused::lanes(|l| F::finish(acc[l], count))
}

/// One output's fold finished, over `count` elements, from its lanes and the elements past
/// them (see `Folder::fold_one_as`), and whether it may be wrong ([`Fold::unsure`]).
#[hot]
fn one_done<T: Copy, F: Fold<T>>(
    lanes: Option<[F::Acc; BLOCK]>,
    rest: Option<F::Acc>,
    count: usize,
) -> (F::Output, bool) {
    let unsure = F::UNSURE
        && (lanes.is_some_and(|acc| acc.iter().any(F::unsure)) || rest.is_some_and(|r| F::unsure(&r)));
    let lanes = lanes.map(F::merged);
    let acc = match (lanes, rest) {
        (Some(a), Some(b)) => F::merge(a, b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return (F::empty().expect("a reduction over elements has one"), false),
    };
    (F::finish(acc, count), unsure)
}

/// Where the blocks of the strip from block `s` of a tile of `blocks` from `at` lie (a last,
/// lone block twice: see `Folder::strips`). (Not generic: one copy for every strip.)
#[hot]
fn strip_spots(at: usize, s: usize, blocks: usize) -> [usize; STRIP] {
    core::array::from_fn(|k| at + (s + k).min(blocks - 1) * BLOCK)
}

/// The row, of `len` elements, of each lane of the first period of `Folder::periodic`'s
/// flat run, block by block. (Not generic: one copy for every fold.)
#[hot]
fn rows_of_lanes(len: usize) -> [[usize; BLOCK]; BLOCK] {
    core::array::from_fn(|b| fused::lanes(|l| (b * BLOCK + l) / len))
}

/// `[first]`, or `[first, second]` (`second` there where `N` is 2: see
/// `ReduceSource::lanes_planned`). (Generic over the element only.)
#[hot]
fn first_and_second<O: Copy, const N: usize>(
    first: [O; BLOCK],
    second: Option<[O; BLOCK]>,
) -> [[O; BLOCK]; N] {
    core::array::from_fn(|k| match (k, second) {
        (1, Some(second)) => second,
        _ => first,
    })
}

/// Whether each lane of `acc` may be wrong ([`Fold::unsure`]).
#[hot]
fn unsures<T: Copy, F: Fold<T>>(acc: &[F::Acc; BLOCK]) -> [bool; BLOCK] {
    fused::lanes(|l| F::unsure(&acc[l]))
}

/// A fold's lanes as an array of its carries, each stepped as [`Fold::quick`] steps one (the
/// folds whose carry is one value).
macro_rules! lane_by_lane {
    () => {
        type Lanes = [Self::Acc; BLOCK];
        #[hot]
        fn lanes_first(x: [T; BLOCK]) -> Self::Lanes {
            fused::lanes(|l| Self::first(x[l]))
        }
        #[hot]
        fn lanes_step(acc: &mut Self::Lanes, x: [T; BLOCK], index: usize) {
            for (a, &x) in acc.iter_mut().zip(&x) {
                *a = Self::quick(*a, x, index);
            }
        }
        #[hot]
        fn lanes_finish(acc: Self::Lanes, count: usize) -> [Self::Output; BLOCK] {
            fused::lanes(|l| Self::finish(acc[l], count))
        }
    };
}

/// The sum: from 0, each element added, as [`sum_axes`](crate::TensorBase::sum_axes) adds
/// (integers wrap, in every build).
#[derive(Clone, Copy, Debug, Default)]
pub struct SumFold;
impl<T: Summable + Shared> Fold<T> for SumFold {
    type Acc = T;
    type Output = T;
    #[hot]
    fn first(x: T) -> T {
        Sum::combine(T::ZERO, x)
    }
    #[hot]
    fn step(acc: T, x: T, _: usize) -> T {
        Sum::combine(acc, x)
    }
    #[hot]
    fn merge(a: T, b: T) -> T {
        Sum::combine(a, b)
    }
    #[hot]
    fn finish(acc: T, _: usize) -> T {
        acc
    }
    #[hot]
    fn empty() -> Option<T> {
        Some(T::ZERO)
    }
    lane_by_lane!();
    const SLICES_UP_TO: usize = usize::MAX;
    #[hot]
    fn stand_in(_: &[T]) -> Option<T> {
        Some(T::ZERO)
    }
    #[hot]
    fn slices<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>>(
        src: &[T],
        big: &Big,
        small: &Small,
        _: &[usize],
        out: &mut [T],
    ) -> bool {
        fold_slices::<Big, Small, M, Sum, T>(src, big, small, out).is_some()
    }
}

/// The mean: the sum divided by the count, as NumPy's `mean`; NaN over no elements.
#[derive(Clone, Copy, Debug, Default)]
pub struct MeanFold;
impl<T: FloatCore + Summable + Shared> Fold<T> for MeanFold {
    type Acc = T;
    type Output = T;
    #[hot]
    fn first(x: T) -> T {
        SumFold::first(x)
    }
    #[hot]
    fn step(acc: T, x: T, i: usize) -> T {
        SumFold::step(acc, x, i)
    }
    #[hot]
    fn merge(a: T, b: T) -> T {
        SumFold::merge(a, b)
    }
    #[hot]
    fn finish(acc: T, count: usize) -> T {
        match <T as num_traits::NumCast>::from(count) {
            Some(n) => acc / n,
            None => T::nan(),
        }
    }
    #[hot]
    fn empty() -> Option<T> {
        Some(T::nan())
    }
    lane_by_lane!();
    const SLICES_UP_TO: usize = <SumFold as Fold<T>>::SLICES_UP_TO;
    #[hot]
    fn stand_in(src: &[T]) -> Option<T> {
        SumFold::stand_in(src)
    }
    /// The sums, each divided by the count.
    #[hot]
    fn slices<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>>(
        src: &[T],
        big: &Big,
        small: &Small,
        axes: &[usize],
        out: &mut [T],
    ) -> bool {
        let _ = SumFold::slices::<Big, Small, M>(src, big, small, axes, out);
        let count = ReducePlan::<Big, Small, M>::count(big, small);
        out.iter_mut().for_each(|o| *o = Self::finish(*o, count));
        true
    }
}

/// The maximum or the minimum (`P`): NaN ignored unless every element is NaN. Each element
/// is folded by `P`'s exact twin; a block of lanes by `P` itself, then again where a lane may
/// be wrong ([`Fold::UNSURE`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct PickFold<P>(PhantomData<P>);
impl<T: Copy + Shared, P: Reducer<T>> Fold<T> for PickFold<P> {
    type Acc = T;
    type Output = T;
    const SELECTS: bool = true;
    #[hot]
    fn first(x: T) -> T {
        x
    }
    #[hot]
    fn step(acc: T, x: T, _: usize) -> T {
        P::Exact::combine(acc, x)
    }
    #[hot]
    fn quick(acc: T, x: T, _: usize) -> T {
        P::combine(acc, x)
    }
    #[hot]
    fn unsure(acc: &T) -> bool {
        P::redo(*acc)
    }
    #[hot]
    fn merge(a: T, b: T) -> T {
        P::Exact::combine(a, b)
    }
    /// Merged with `P`'s own compare, as the lanes stepped: exact where no lane is NaN, and
    /// a NaN lane makes the output folded again anyway (the NaN-exact merge, 6 instructions
    /// deep where `maxps` is one, took two thirds of the row maxima of `[64, 64]`).
    #[hot]
    fn merged(acc: [T; BLOCK]) -> T {
        pairwise(acc, P::combine)
    }
    #[hot]
    fn finish(acc: T, _: usize) -> T {
        acc
    }
    #[hot]
    fn empty() -> Option<T> {
        None
    }
    lane_by_lane!();
    const SLICES_UP_TO: usize = usize::MAX;
    #[hot]
    fn stand_in(src: &[T]) -> Option<T> {
        src.first().copied()
    }
    #[hot]
    fn slices<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>>(
        src: &[T],
        big: &Big,
        small: &Small,
        _: &[usize],
        out: &mut [T],
    ) -> bool {
        fold_slices::<Big, Small, M, P, T>(src, big, small, out).is_some()
    }
    const UNSURE: bool = true;
    #[hot]
    fn lanes_unsure(acc: &[T; BLOCK]) -> [bool; BLOCK] {
        fused::lanes(|l| Self::unsure(&acc[l]))
    }
}

/// The flat index of the first maximum or minimum (`P`) within the reduced axes; NaN ignored
/// unless every element is NaN (then 0). The index is carried as a `u32`, as wide as an `f32`
/// element, so that a block of lanes compares and picks positions in the vector registers it
/// picks values in (k-means' assignment is faster so). The types prove that every output
/// folds at most `u32::MAX` elements, or the `try_` twins check it when the expression is
/// built.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArgFold<P>(PhantomData<P>);
impl<T: Copy + Shared, P: Pick<T>> Fold<T> for ArgFold<P> {
    type Acc = (T, u32);
    type Output = usize;
    const MOST: usize = u32::MAX as usize;
    const SELECTS: bool = true;
    #[hot]
    fn first(x: T) -> (T, u32) {
        (x, 0)
    }
    #[hot]
    fn first_at(x: T, index: usize) -> (T, u32) {
        // Below `u32::MAX`: `argmax_axes` and `argmin_axes` ask it of their axes' types, their
        // `try_` twins of their run-time sizes (`Fold::MOST`).
        (x, index as u32)
    }
    #[hot]
    fn step((best, at): (T, u32), x: T, index: usize) -> (T, u32) {
        if P::ExactPick::better(x, best) { (x, index as u32) } else { (best, at) }
    }
    #[hot]
    fn quick((best, at): (T, u32), x: T, index: usize) -> (T, u32) {
        if P::better(x, best) { (x, index as u32) } else { (best, at) }
    }
    #[hot]
    fn unsure((best, _): &(T, u32)) -> bool {
        P::redo(*best)
    }
    #[hot]
    fn merge(a: (T, u32), b: (T, u32)) -> (T, u32) {
        // `b` wins if it is better, or if neither is and it comes first (a tie, or both NaN).
        let better = P::ExactPick::better;
        if better(b.0, a.0) || (!better(a.0, b.0) && b.1 < a.1) { b } else { a }
    }
    #[hot]
    fn merged(acc: [(T, u32); BLOCK]) -> (T, u32) {
        pairwise(acc, Self::merge)
    }
    #[hot]
    fn finish((_, at): (T, u32), _: usize) -> usize {
        at as usize
    }
    #[hot]
    fn empty() -> Option<usize> {
        None
    }
    /// The values and the positions apart, each a vector of lanes.
    type Lanes = ([T; BLOCK], [u32; BLOCK]);
    #[hot]
    fn lanes_first(x: [T; BLOCK]) -> Self::Lanes {
        (x, [0; BLOCK])
    }
    #[hot]
    fn lanes_step((best, at): &mut Self::Lanes, x: [T; BLOCK], index: usize) {
        for ((b, a), &x) in best.iter_mut().zip(at.iter_mut()).zip(&x) {
            let better = P::better(x, *b);
            *b = if better { x } else { *b };
            *a = if better { index as u32 } else { *a };
        }
    }
    #[hot]
    fn lanes_finish((_, at): Self::Lanes, _: usize) -> [usize; BLOCK] {
        // Where `usize` is wider than `u32`, the positions pass through memory before they are
        // widened: otherwise the vectorizer, seeded by the 64-bit results, folds the whole
        // block two lanes to a register instead of four, and k-means' assignment runs much
        // slower.
        let at = if const { usize::BITS > u32::BITS } { core::hint::black_box(at) } else { at };
        fused::lanes(|l| at[l] as usize)
    }
    const UNSURE: bool = true;
    #[hot]
    fn lanes_unsure((best, _): &Self::Lanes) -> [bool; BLOCK] {
        fused::lanes(|l| P::redo(best[l]))
    }
    /// Positions are picked faster in the pass, but for rows of fewer than two blocks of
    /// outputs (the first maxima of `[200000, 10]`'s columns, one scan per column).
    const SLICES_UP_TO: usize = 2 * BLOCK - 1;
    #[hot]
    fn stand_in(_: &[T]) -> Option<usize> {
        Some(0)
    }
    #[hot]
    fn slices<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>>(
        src: &[T],
        big: &Big,
        small: &Small,
        axes: &[usize],
        out: &mut [usize],
    ) -> bool {
        arg_slices::<Big, Small, M, P, T>(src, big, small, axes, out).is_some()
    }
}

/// The maximum, NaN ignored unless every element is NaN.
pub type MaxFold = PickFold<Max>;
/// The minimum, NaN ignored unless every element is NaN.
pub type MinFold = PickFold<Min>;
/// The position of the first maximum.
pub type ArgMaxFold = ArgFold<Max>;
/// The position of the first minimum.
pub type ArgMinFold = ArgFold<Min>;

/// `S` with the axes `Ax` kept as size 1: the shape of a keep-dims reduction.
pub type KeptAxes<S, Ax> = <AnyWithoutAxes<S, Ax> as InsertOnes<<Ax as Axes>::List>>::Output;

/// The reduction `F` of `E` over the axes `Ax`, of shape `O`: the axes `Ax` removed, `Kept<Ax>`
/// kept as size 1, or those that reach `S2` for `To<S2>`.
pub struct Reduce<E, Ax, F, O> {
    inner: E,
    shape: O,
    what: PhantomData<(Ax, F)>,
}

impl<E: Clone, Ax, F, O: Clone> Clone for Reduce<E, Ax, F, O> {
    fn clone(&self) -> Self {
        Reduce { inner: self.inner.clone(), shape: self.shape.clone(), what: PhantomData }
    }
}
impl<E: Copy, Ax, F, O: Copy> Copy for Reduce<E, Ax, F, O> {}

impl<E: Typed, Ax: Folds<E::Shape>, F, O: AnyShape> Reduce<E, Ax, F, O> {
    /// The reduction of `inner`; the output's run-time sizes are the kept axes'.
    #[hot]
    pub(crate) fn new(inner: E) -> Self {
        if O::FIXED {
            return Reduce { inner, shape: O::from_extents(&[], Proof::new()), what: PhantomData };
        }
        let mut dims = [0; MAX_RANK];
        let dims = crate::shape::extents_in(&inner.shape(), &mut dims);
        let mut out = [1; MAX_RANK];
        let rank = kept_extents(dims, Ax::ITEMS, Ax::KEPT_FROM, &mut out);
        let shape = O::from_extents(&out[..rank], Proof::new());
        Reduce { inner, shape, what: PhantomData }
    }

    /// The reduction of `inner` if each output folds at least one element and at most
    /// [`F::MOST`](Fold::MOST), read from the run-time sizes: `None` if a reduced axis has size
    /// 0 (every output then folds none, as all reduce the same axes) or if they multiply past
    /// that. `Some` is never evaluated over an empty axis, so the fold's missing empty value is
    /// never asked for.
    #[hot]
    fn try_new(inner: E) -> Option<Self>
    where
        F: Fold<E::Elem>,
    {
        let mut dims = [0; MAX_RANK];
        let dims = crate::shape::extents_in(&inner.shape(), &mut dims);
        let count = Ax::ITEMS.iter().try_fold(1usize, |n, &a| n.checked_mul(dims[a]))?;
        (count != 0 && count <= F::MOST).then(|| Self::new(inner))
    }
}

/// The sizes of a reduction's output, written to `out`, and its rank: the operand's `dims`
/// but the `reduced` axes, those from `kept_from` on kept as size 1. (Not generic: one copy
/// for every reduction.)
#[hot]
fn kept_extents(dims: &[usize], reduced: &[usize], kept_from: usize, out: &mut [usize; MAX_RANK]) -> usize {
    let mut rank = 0;
    for (axis, &d) in dims.iter().enumerate() {
        if !reduced.contains(&axis) {
            out[rank] = d;
            rank += 1;
        } else if axis >= kept_from {
            rank += 1;
        }
    }
    rank
}

impl<E, Ax, F, O> Reduce<E, Ax, F, O>
where
    E: Typed,
    Ax: Folds<E::Shape>,
    F: Fold<E::Elem>,
    O: AnyShape,
{
    /// Whether this reduction, of a tensor as it lies, is folded faster by the kernels over
    /// slices than in the pass: the one place that chooses, for the eager reductions and the
    /// expressions alike.
    ///
    /// - Where the innermost loop walks a row of outputs ([`Fold::SLICES_UP_TO`] long at
    ///   most), each output folding elements a row apart, but for a row of [`STRIP`] blocks,
    ///   which the pass folds as one strip with its carries in registers: the column sums of
    ///   `[200000, 10]` and of `[1000000, 4]`, the column maxima of `[4096, 1024]`, and the
    ///   first maxima of `[200000, 10]`'s columns.
    /// - Where each output folds rows that lie apart (a channel's sum over a batch of images),
    ///   and the kernels over slices fold the values (not a position).
    ///
    /// Where each output folds one row, the pass folds it in lanes, across the outputs or
    /// along the row, as fast or faster.
    #[hot]
    fn by_slices(&self) -> bool {
        if const { Self::FIXED } {
            return const { Self::FIXED_SLICES };
        }
        let big = self.inner.shape();
        let count = ReducePlan::<E::Shape, O, FoldMap<Ax>>::count(&big, &self.shape);
        ReducePlan::<E::Shape, O, FoldMap<Ax>>::with(&big, &self.shape, |plan, runs| {
            by_slices::<E::Elem, F>(count, plan.dims().len(), runs)
        })
    }

    /// Whether the types fix every size of the reduction.
    const FIXED: bool = E::Shape::FIXED && O::FIXED;

    /// [`by_slices`](Self::by_slices) where the types fix the sizes, decided while the program
    /// compiles.
    const FIXED_SLICES: bool = Self::FIXED && {
        let plan = &ReducePlan::<E::Shape, O, FoldMap<Ax>>::PLAN;
        by_slices::<E::Elem, F>(
            ReducePlan::<E::Shape, O, FoldMap<Ax>>::FIXED_COUNT,
            plan.dims().len(),
            plan.runs(),
        )
    };
}

/// The rule of [`Reduce::by_slices`], from the reduction's plan over its operand (`rank` loops
/// after merging, its innermost `runs`) and how many elements each output folds.
const fn by_slices<T: Copy, F: Fold<T>>(count: usize, rank: usize, runs: Runs<2>) -> bool {
    // The pass counts an output's elements no further than the fold does (`Fold::MOST`).
    let columns = runs.strides[1] == 1 && runs.n <= F::SLICES_UP_TO && runs.n != STRIP * BLOCK;
    let rows = runs.strides[0] == 1 && runs.strides[1] == 0 && F::SLICES_UP_TO == usize::MAX && rank > 2;
    count > F::MOST || columns || rows
}

impl<E, Ax, F, O> Typed for Reduce<E, Ax, F, O>
where
    E: Typed,
    F: Fold<E::Elem>,
    F::Output: Shared,
    O: AnyShape,
{
    type Elem = F::Output;
    type Shape = O;
    type Home = E::Home;

    #[hot]
    fn shape(&self) -> O {
        self.shape
    }
}

impl<E, Ax, F, O> super::ExpressionNode for Reduce<E, Ax, F, O> {
    fn sealed(_: super::seal::Token) {}
}

impl<E, Ax, F, O> Expression for Reduce<E, Ax, F, O>
where
    E: Expression,
    Ax: Folds<E::Shape>,
    F: Fold<E::Elem>,
    F::Output: Shared,
    O: AnyShape,
{
    type Source<const W: usize> = ReduceSource<E::Source<W>, F, W, Reduced<E::Shape, Ax>>;
    const SLOTS: usize = E::SLOTS + Ax::COUNT;
    const STRIDES: Strides = E::STRIDES.moved(
        constant::first(
            &constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM),
            E::Shape::RANK,
        ),
        E::SLOTS,
        O::RANK + Ax::COUNT,
    );

    /// Over fixed sizes, never empty, the types choose; otherwise the sizes do, at run time.
    const ALONE: Alone = match (E::PLAIN && F::SLICES_UP_TO > 0, Self::FIXED) {
        (false, _) => Alone::Never,
        (true, false) => Alone::Sometimes,
        (true, true) if Self::FIXED_SLICES && super::small::count::<E::Shape>() != 0 => Alone::Always,
        (true, true) => Alone::Never,
    };
    const AT: bool = E::AT && O::RANK <= AT_RANK;
    const READS: usize = if E::Shape::FIXED {
        let mut reads = E::READS;
        let mut k = 0;
        while k < Ax::COUNT {
            reads = reads.saturating_mul(E::Shape::STATIC[Ax::ITEMS[k]]);
            k += 1;
        }
        reads
    } else {
        usize::MAX
    };

    /// The fold of the operand's elements whose kept axes are at `index`, its reduced axes
    /// taken in row-major order (the position an argmax counts).
    #[hot]
    fn at(&self, index: &Index) -> F::Output {
        let map = const {
            super::small::at_table(&constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM))
        };
        let mut inner = super::small::onto(&map[..E::Shape::RANK], index);
        let mut sizes = [0; AT_RANK];
        let sizes: &[usize] = match E::Shape::FIXED {
            true => &const { super::small::at_dims::<E::Shape>() },
            false => crate::shape::extents_in(&self.inner.shape(), &mut sizes),
        };
        let count = Ax::ITEMS.iter().fold(1, |n, &a| n * sizes[a]);
        let mut read = |i: usize| {
            let mut rest = i;
            for &a in Ax::ITEMS.iter().rev() {
                inner.0[a] = rest % sizes[a];
                rest /= sizes[a];
            }
            self.inner.at(&inner)
        };
        // The operand read at one place, also for the first element: its code once, not twice.
        let mut acc = None;
        for i in 0..count {
            let x = read(i);
            acc = Some(match acc {
                None => F::first(x),
                Some(acc) => F::step(acc, x, i),
            });
        }
        match acc {
            Some(acc) => F::finish(acc, count),
            None => F::empty().expect("the types prove this reduction's axes non-empty"),
        }
    }

    #[hot]
    fn alone_start(&self) -> Option<F::Output> {
        let src = self.inner.plain()?;
        if self.by_slices() { F::stand_in(src) } else { None }
    }

    #[hot]
    fn alone(&self, out: &mut [F::Output], chosen: bool) -> bool {
        let Some(src) = self.inner.plain() else { return false };
        // (Public, if hidden: an output of any other length is refused, not indexed past.)
        out.len() == crate::tensor::len_of(&self.shape)
            && (chosen || self.by_slices())
            && F::slices::<E::Shape, O, FoldMap<Ax>>(src, &self.inner.shape(), &self.shape, Ax::ITEMS, out)
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W> {
        let shape = self.inner.shape();
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let reduced = Ax::ITEMS;
        let onto = const { constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM) };
        let inner_lands = super::land::<W>(&onto[..dims.len()], O::RANK, lands, *slots);
        *slots += reduced.len();
        let inner = self.inner.source(&inner_lands[..dims.len()], slots);
        let one: One<E::Source<W>, F, W> = const {
            match ReduceSource::<E::Source<W>, F, W, Reduced<E::Shape, Ax>>::SHORT {
                true => Folder::get_as::<true>,
                false => Folder::get_as::<false>,
            }
        };
        let folder = Folder::new(inner, one, dims, &onto[..dims.len()], &inner_lands, O::RANK, reduced);
        ReduceSource { folder, reduced: PhantomData }
    }
}

/// The reduced axes of an operand of sizes `dims` (see [`Folder::new`]) that are not of size 1:
/// their cursor slots and sizes, how many, and how many elements each output folds (0 where
/// a reduced axis is empty). (Generic over the width only: one copy for every reduction.)
#[hot]
fn reduced_sizes<const W: usize>(
    dims: &[usize],
    onto: &[usize],
    lands: &[usize],
    out_rank: usize,
    reduced: &[usize],
) -> ([usize; W], [usize; W], usize, usize) {
    let (mut axes, mut sizes) = ([0; W], [0; W]);
    let (mut n, mut count) = (0, 1usize);
    for (axis, &d) in dims.iter().enumerate().filter(|&(axis, _)| onto[axis] >= out_rank) {
        count = count.saturating_mul(d);
        if d != 1 {
            (axes[n], sizes[n]) = (lands[axis], d);
            n += 1;
        }
    }
    if dims.contains(&0) && reduced.iter().any(|&a| dims.get(a) == Some(&0)) {
        count = 0;
    }
    (axes, sizes, n, count)
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W> {
    /// The folder of `inner`, the source of an operand of sizes `dims` whose axis `a` lands on
    /// axis `onto[a]` of the output (of rank `out_rank`; past it, on a reduced one) and on
    /// cursor slot `lands[a]`; `reduced` are the reduced axes, `one` how one output is folded.
    /// (Generic over the operand's source only: `Reduce::source` is compiled for every
    /// reduction.)
    #[hot]
    fn new(
        inner: S,
        one: One<S, F, W>,
        dims: &[usize],
        onto: &[usize],
        lands: &[usize],
        out_rank: usize,
        reduced: &[usize],
    ) -> Self {
        let (mut axes, mut sizes, mut n, count) = reduced_sizes::<W>(dims, onto, lands, out_rank, reduced);
        // Neighbouring reduced axes that every leaf steps over as over one (an image's rows and
        // columns, `[B, C, H, W]` over its last two) are folded as one: its length is then
        // what decides how to fold, as it is for the operand viewed as `[B, C, H·W]` (folded
        // along rows of 32, the channel sums of `[256, 3, 32, 32]` were many times slower than
        // the eager ones).
        let mut j = n;
        while j > 1 {
            j -= 1;
            let (outer, axis, len) = (axes[j - 1], axes[j], sizes[j]);
            if inner.all(&mut |c| c.stride(outer) == c.stride(axis).wrapping_mul(len)) {
                sizes[j] = len.wrapping_mul(sizes[j - 1]);
                axes.copy_within(j..n, j - 1);
                sizes.copy_within(j..n, j - 1);
                n -= 1;
            }
        }
        let close = n.checked_sub(1).is_none_or(|last| inner.all(&mut |c| c.stride(axes[last]) <= 4));
        Folder {
            inner,
            one,
            axes,
            sizes,
            n,
            count,
            close,
            memo: None,
            stretched: None,
            ahead_runs: None,
            last: None,
            ahead: None,
            paired: None,
            rows: None,
        }
    }
}

/// A reduction as the fused kernel reads it: its [`Folder`], and what the types tell of the
/// reduced axes (`Reduced`), which only the folds from the plan's table read.
pub struct ReduceSource<S, F: Fold<S::Elem>, const W: usize, K>
where
    S: Source<W>,
{
    folder: Folder<S, F, W>,
    reduced: PhantomData<fn() -> K>,
}

/// One output folded, as [`Source::get`] folds it (see [`Folder::one`]).
type One<S, F, const W: usize> =
    fn(&mut Folder<S, F, W>, usize) -> <F as Fold<<S as Source<W>>::Elem>>::Output;

/// A reduction's operand's source and the reduced axes (their cursor slots and sizes) that
/// each output folds over: all that its folds for run-time sizes read. Not generic over the
/// reduced axes' type, so that every reduction of one operand's source by one fold shares
/// them (with that type, each shape and each choice of axes compiled its own copy).
pub struct Folder<S, F: Fold<S::Elem>, const W: usize>
where
    S: Source<W>,
{
    inner: S,
    /// How one output is folded ([`Folder::get_as`]), chosen by the reduced axes' type: a
    /// pointer, so that only the fold chosen is compiled.
    one: One<S, F, W>,
    axes: [usize; W],
    sizes: [usize; W],
    n: usize,
    count: usize,
    /// Whether every leaf's elements along the last reduced axis lie close together (stride 4
    /// or less): decided once, as those strides never change during a pass.
    close: bool,
    /// The last output folded one at a time, by where its (at most [`MEMO`]) leaves start: a
    /// reduction inside another's fold that does not move with it (softmax's row maximum inside
    /// the row sum) is folded once, not once per element of the outer fold.
    memo: Option<([usize; KEY], F::Output)>,
    /// The output for the whole current run, where it is stretched along it (a row's mean
    /// under `x - mean`, kept as `[N, 1]`): set at the run's first block, then read with no
    /// lookup. Any move of the cursors from outside ([`cursors`](Source::cursors)) forgets it.
    stretched: Option<F::Output>,
    /// The outputs of 16 runs where they are stretched along them, folded together at the
    /// first, and how many runs the pass had left at that first one (see
    /// [`next_run`](Source::next_run)): the run with `left` runs left is number `first - left`.
    ahead_runs: Option<([F::Output; BLOCK], usize)>,
    /// The last block of outputs folded together, by where and how its (at most [`MEMO`])
    /// leaves read it and how many outputs it holds: a reduction whose result is stretched
    /// along an axis that the pass walks outside its run (softmax's row sums, while the pass
    /// goes down each column of a tile of rows) is folded once, not once per column.
    last: Option<([usize; KEY], [F::Output; BLOCK])>,
    /// Outputs folded ahead (see [`tile`](Self::tile)).
    ahead: Option<Ahead<F::Acc, F::Output>>,
    /// The next block of the run, folded with the last one (see [`planned`](Source::planned)),
    /// and where it lies. Any move of the cursors from outside forgets it.
    paired: Option<(usize, [F::Output; BLOCK])>,
    /// The operand over [`BLOCK`] short rows, read flat (see [`flat`](Self::flat)): made at the
    /// first such block, then only its first blocks are written, one per element of a row.
    rows: Option<[[S::Elem; BLOCK]; BLOCK]>,
}

/// A way of reading a planned block ([`Source::planned`]'s arguments), as a function pointer.
type PlannedRead<S, const W: usize> = fn(&mut S, usize, Spot, &[usize; W]) -> [<S as Source<W>>::Elem; BLOCK];

/// Blocks of outputs folded ahead of their turn: the run they belong to (by where the leaves
/// start), the first block's position, how many blocks, their carries and their results.
#[derive(Clone)]
struct Ahead<A, O> {
    run: [usize; KEY],
    start: usize,
    count: usize,
    carries: Blocks<A>,
    blocks: Blocks<O>,
}

/// The most blocks a reduction over far-apart elements folds at once: 64, a whole row of a
/// `[B, 1024]` tensor, so that each row is read once for all its outputs. They are kept on the
/// heap: on the stack, 64 blocks of carries and results overflowed a rayon thread's stack in
/// debug builds. Without an allocator, 16 blocks on the stack.
#[cfg(feature = "alloc")]
const TILE: usize = 64;
/// The most blocks a reduction over far-apart elements folds at once (see above).
#[cfg(not(feature = "alloc"))]
const TILE: usize = 16;

/// The fewest blocks a tile folds while its columns fit in [`IN_CACHE`] bytes: fewer are
/// folded a block at a time, each going down its columns, which reads each row's cache lines
/// once per block but steps fewer cursors (the column sums of `[65536, 32]`, 8 MiB, masked
/// by `select`, are faster so than in a tile of 2; unmasked they are one strip, see
/// [`IN_L1`]). Larger columns are read once, in a tile (faster for `[1048576, 32]`).
const FEWEST: usize = 4;

/// How many blocks a strip folds at once, its carries in registers (see
/// [`Folder::tile`]): 32 `f32` sums, 8 SSE registers, as a hand loop keeps them.
const STRIP: usize = 2;

/// The most bytes a tile over one leaf folds strip by strip, every strip going down all the
/// reduced positions (they stay in the first-level cache between strips); a tile of exactly
/// one strip is folded so at any size: one pass, where the blocks one by one take two (the
/// column sums of `[65536, 32]` come near the hand loop so). Over more leaves, the strip's
/// carries no longer fit in registers (masked by `select`, slower than two passes), and the
/// code of strips, compiled for the nested reductions of the `kmeans` example, lengthened its
/// release build.
const IN_L1: usize = 32 * 1024;

/// How many bytes of columns a few blocks are folded from without a tile (see [`FEWEST`]):
/// half the last-level cache of the machines measured.
const IN_CACHE: usize = 16 << 20;

/// [`TILE`] blocks: on the heap when there is an allocator.
#[cfg(feature = "alloc")]
type Blocks<T> = alloc::vec::Vec<[T; BLOCK]>;
/// [`TILE`] blocks: on the heap when there is an allocator.
#[cfg(not(feature = "alloc"))]
type Blocks<T> = [[T; BLOCK]; TILE];

/// `n` (at most [`TILE`]) copies of `block`, built where they are kept: a tile holds what
/// the pass needs (4 blocks for `[64, 64]` summed over its rows, where making 64 took far
/// longer than the sum), and grows if a later run needs more ([`grow`]).
#[hot]
fn tile_of<T: Copy>(block: [T; BLOCK], n: usize) -> Blocks<T> {
    #[cfg(feature = "alloc")]
    return alloc::vec![block; n];
    #[cfg(not(feature = "alloc"))]
    return {
        let _ = n;
        [block; TILE]
    };
}

/// `tile` with at least `n` (at most [`TILE`]) blocks, copies of `block` added where missing.
#[hot]
fn grow<T: Copy>(tile: &mut Blocks<T>, n: usize, block: [T; BLOCK]) {
    #[cfg(feature = "alloc")]
    if tile.len() < n {
        tile.resize(n, block);
    }
    #[cfg(not(feature = "alloc"))]
    let _ = (tile, n, block);
}

impl<S: Source<W> + Clone, F: Fold<S::Elem>, const W: usize, K> Clone for ReduceSource<S, F, W, K> {
    fn clone(&self) -> Self {
        ReduceSource { folder: self.folder.clone(), reduced: PhantomData }
    }
}

impl<S: Source<W> + Clone, F: Fold<S::Elem>, const W: usize> Clone for Folder<S, F, W> {
    fn clone(&self) -> Self {
        Folder { inner: self.inner.clone(), ahead: self.ahead.clone(), ..*self }
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K> core::ops::Deref for ReduceSource<S, F, W, K> {
    type Target = Folder<S, F, W>;

    #[hot]
    fn deref(&self) -> &Folder<S, F, W> {
        &self.folder
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K> core::ops::DerefMut for ReduceSource<S, F, W, K> {
    #[hot]
    fn deref_mut(&mut self) -> &mut Folder<S, F, W> {
        &mut self.folder
    }
}

/// The greatest common divisor of `a` and `b`.
#[hot]
const fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// How many elements along its last reduced axis make an output's fold long (see
/// [`Folder::lengthwise`]): 128 for sums and means; 256 for a fold that keeps one of two
/// values (a maximum, a position: [`Fold::SELECTS`]), whose lanes across the outputs step with
/// one compare, and whose lanes along one output end in a longer merge (the maxima of rows of
/// 128 are faster folded across). Counting sums long from 64 made rows of 96 faster, but the
/// `softmax` program slower.
const fn long<T: Copy, F: Fold<T>>() -> usize {
    if F::SELECTS { 16 * BLOCK } else { 8 * BLOCK }
}

/// Whether `n` reduced axes whose last has `len` elements are one row of whole blocks that
/// `F` folds faster along the row than across the outputs (see `Folder::flat_long`):
/// from 16 elements for a sum or a mean (the rows of `[1000000, 16]` so match a hand loop, and
/// are far slower in lanes across the outputs); from 64 for a maximum or a position, whose
/// lanes across the outputs step with one compare (rows of 32 are faster folded across, rows
/// of 64 alike either way, rows of 96 and 128 faster along, their lanes merged [`pairwise`]).
const fn long_rows<T: Copy, F: Fold<T>>(n: usize, len: usize) -> bool {
    let shortest = if F::SELECTS { 4 * BLOCK } else { BLOCK };
    n == 1 && len >= shortest && len.is_multiple_of(BLOCK)
}

/// The most leaves a reduction remembers its last output by.
const MEMO: usize = 4;

/// What outputs are remembered by: where each leaf starts and its step along the run, and the
/// number of outputs.
const KEY: usize = 2 * MEMO + 1;

/// Whether two keys are equal, compared word by word with no call (`==` on arrays calls
/// `memcmp`, a sizeable share of a softmax pass).
#[hot]
fn same(a: &[usize; KEY], b: &[usize; KEY]) -> bool {
    a.iter().zip(b).fold(0, |d, (a, b)| d | (a ^ b)) == 0
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    /// Whether the types allow this reduction to fold rows of whole blocks lying flat
    /// ([`flat_long`](Folder::flat_long)): they fix one reduced axis of such a length, or leave
    /// the reduced sizes to run time. Where not, that path is not compiled.
    const LONG_ROWS: bool = match K::FOLDING {
        // Several axes may be one row (see `source`).
        Some(folding) => long_rows::<S::Elem, F>(1, folding.elements()),
        None => true,
    };

    /// How [`block`](Source::block) reads, on the `STRIDED` path, chosen from the types: a
    /// constant function pointer, not `if const` (see `kernel::run::planned_at`), so that only
    /// the way chosen is compiled.
    const fn block_read<const STRIDED: bool>() -> fn(&mut Folder<S, F, W>, usize) -> [F::Output; BLOCK] {
        match (K::ONE, Self::LONG_ROWS) {
            (true, _) => Folder::one_block,
            (false, true) => Folder::block_as::<STRIDED, true>,
            (false, false) => Folder::block_as::<STRIDED, false>,
        }
    }

    /// Whether the types fix one short reduced axis, or none (k-means' 2 coordinates): each
    /// output is then folded element by element ([`fold_short`](Folder::fold_short)), and the
    /// lanes of a long fold are not compiled (a much shorter release build of the `kmeans`
    /// example).
    const SHORT: bool = K::FOLDING.is_some()
        && Folding::or_none(K::FOLDING).n <= 1
        && Folding::or_none(K::FOLDING).last_size() < 2 * BLOCK;
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// The block at `at` when this reduction folds far-apart elements (a column's, over every
    /// row): up to [`TILE`] blocks of the run are folded together, each reduced position read
    /// for all of them before the next, so the pass reads the operand row by row rather than
    /// column block by column block; the next calls find theirs folded. A tile within the
    /// first-level cache, or of one strip, is folded strip by strip instead, [`STRIP`] blocks
    /// going down every reduced position with their carries in registers (the column sums of
    /// `[64, 64]` come near the hand loop so). `None` when the run has too few blocks left, or
    /// it is not the plan's run, or a reduced axis is empty. Called only where the elements lie
    /// far apart (not `close`), and not inlined: it runs once per tile.
    #[inline(never)]
    fn tile<const STRIDED: bool>(&mut self, at: usize) -> Option<[F::Output; BLOCK]> {
        if self.count == 0 {
            // An empty axis has no element to read (`across`
            // answers the fold's empty value).
            return None;
        }
        // Down a tile of short rows, the pass moves to the next column at every block: blocks
        // folded ahead along a column would be forgotten before they were read.
        let run_len = self.first_cursor(|c| c.on_run().then(|| c.plan_run_len()).flatten()).flatten();
        let blocks = (run_len?.checked_sub(at)? / BLOCK).min(TILE);
        let key = self.key(0, BLOCK)?;
        if let Some(ahead) = &self.ahead {
            let b = at.checked_sub(ahead.start).filter(|d| d % BLOCK == 0).map(|d| d / BLOCK);
            if same(&ahead.run, &key) && b.is_some_and(|b| b < ahead.count) {
                return b.map(|b| ahead.blocks[b]);
            }
        }
        let size = size_of::<S::Elem>();
        let tile_bytes = self.count.saturating_mul(blocks * BLOCK).saturating_mul(size);
        // (Over one leaf only: see `IN_L1`.)
        let strips = const { S::LEAVES == 1 } && (blocks == STRIP || (blocks > STRIP && tile_bytes <= IN_L1));
        if !strips && blocks < FEWEST && self.count.saturating_mul(run_len?).saturating_mul(size) < IN_CACHE {
            return None;
        }
        let first = self.inner.read_block::<STRIDED>(at);
        let start: [F::Acc; BLOCK] = firsts::<S::Elem, F>(first);
        let finished = finishes::<S::Elem, F>(&start, self.count);
        let mut ahead = self.ahead.take().unwrap_or_else(|| Ahead {
            run: key,
            start: at,
            count: 0,
            // (Strips keep their carries in registers.)
            carries: tile_of(start, if strips { 0 } else { blocks }),
            blocks: tile_of(finished, blocks),
        });
        grow(&mut ahead.blocks, blocks, finished);
        // (`strips` holds only over one leaf; the `const` keeps the strips out of the code of
        // every other reduction.)
        if const { S::LEAVES == 1 } && strips {
            self.strips::<STRIDED>(at, blocks, start, &mut ahead.blocks);
        } else {
            grow(&mut ahead.carries, blocks, start);
            let acc = &mut ahead.carries[..blocks];
            acc[0] = start;
            for (b, a) in acc.iter_mut().enumerate().skip(1) {
                let x = self.inner.read_block::<STRIDED>(at + b * BLOCK);
                *a = firsts::<S::Elem, F>(x);
            }
            let (mut index, mut i) = ([0; W], 1);
            while self.advance(&mut index) {
                for (b, a) in acc.iter_mut().enumerate() {
                    let x = self.inner.read_block::<STRIDED>(at + b * BLOCK);
                    quick::<S::Elem, F>(a, &x, i);
                }
                i += 1;
            }
            for (b, a) in ahead.carries[..blocks].iter().enumerate() {
                ahead.blocks[b] = self.finished(at + b * BLOCK, a);
            }
        }
        (ahead.run, ahead.start, ahead.count) = (key, at, blocks);
        let done = ahead.blocks[0];
        self.ahead = Some(ahead);
        Some(done)
    }

    /// The `blocks` blocks from `at` folded strip by strip into `out` (see [`tile`](Self::tile)),
    /// [`STRIP`] blocks going down every reduced position with their carries in registers (a
    /// tile's go through memory at each one). `start` is any carry, overwritten. (A function of
    /// its own: inside the tile's, it slowed the tile's loop, the sums of `[4096, 1024]` over
    /// its rows.)
    #[inline(never)]
    fn strips<const STRIDED: bool>(
        &mut self,
        at: usize,
        blocks: usize,
        start: [F::Acc; BLOCK],
        out: &mut Blocks<F::Output>,
    ) {
        for s in (0..blocks).step_by(STRIP) {
            // (A last, lone block is read twice: the strip's width stays a constant.)
            let spots = strip_spots(at, s, blocks);
            // (The first position read apart: a strip's carries stay in registers so.)
            let mut acc = [start; STRIP];
            for (a, &spot) in acc.iter_mut().zip(&spots) {
                let x = self.inner.read_block::<STRIDED>(spot);
                *a = firsts::<S::Elem, F>(x);
            }
            let (mut index, mut i) = ([0; W], 1);
            while self.advance_quickly(&mut index) {
                for (a, &spot) in acc.iter_mut().zip(&spots) {
                    let x = self.inner.read_block::<STRIDED>(spot);
                    quick::<S::Elem, F>(a, &x, i);
                }
                i += 1;
            }
            for (k, a) in acc.iter().enumerate().take(blocks - s) {
                out[s + k] = self.finished(at + (s + k) * BLOCK, a);
            }
        }
    }

    /// The block at `at` whose fold `acc` carries, finished: lanes whose result may be wrong
    /// (a NaN first element) are folded again.
    #[hot]
    fn finished(&mut self, at: usize, acc: &[F::Acc; BLOCK]) -> [F::Output; BLOCK] {
        let done = finishes::<S::Elem, F>(acc, self.count);
        if const { F::UNSURE } {
            let unsure = unsures::<S::Elem, F>(acc);
            if unsure.contains(&true) {
                return self.again(at, done, &unsure);
            }
        }
        done
    }

    /// The whole run of `len` outputs (fewer than a block: the 10 column sums of `[B, 10]`),
    /// each folding one long column: the rows are read as one flat run of whole blocks, into
    /// lanes that repeat every `lcm(len, 16)` elements (5 blocks for 10 columns), so that each
    /// lane folds one column's every few rows, in order, told each row's index; then each
    /// column's lanes are merged ([`Fold::merge`], which keeps the first position of a tie).
    /// `None` where that does not hold, or the rows hold less than one such period. (The
    /// column sums of `[200000, 10]`, their maxima with the exact step, and their first
    /// maxima, are several times faster so than with a partial block and a cursor step per
    /// row.)
    #[inline(never)]
    fn periodic(&mut self, at: usize, len: usize) -> Option<[F::Output; BLOCK]> {
        if self.n != 1 || at != 0 || self.count == 0 {
            return None;
        }
        let axis = self.axes[0];
        if self.first_cursor(Cursor::plan_run_len).flatten() != Some(len)
            || !self.inner.all(&mut |c| c.flat_down(axis))
        {
            return None;
        }
        let total = self.sizes[0].checked_mul(len)?;
        let blocks = len / gcd(len, BLOCK);
        let period = blocks * BLOCK;
        let full = total / period * period;
        if full == 0 {
            return None;
        }
        // The row of each lane in the first period; a later period's are `rows` further on.
        let row = rows_of_lanes(len);
        let rows = period / len;
        let first = self.inner.rows(0, BLOCK, len, axis);
        let mut acc = [firsts_at::<S::Elem, F>(first, &row[0], 0); BLOCK];
        for (b, a) in acc.iter_mut().enumerate().take(blocks).skip(1) {
            let x = self.inner.rows(b * BLOCK, BLOCK, len, axis);
            *a = firsts_at::<S::Elem, F>(x, &row[b], 0);
        }
        let (mut p, mut base) = (period, rows);
        while p < full {
            for (b, a) in acc[..blocks].iter_mut().enumerate() {
                let x = self.inner.rows(p + b * BLOCK, BLOCK, len, axis);
                step_at::<S::Elem, F>(a, &x, &row[b], base);
            }
            p += period;
            base += rows;
        }
        // Each column's lanes, then the elements past the last whole period.
        let mut columns: [Option<F::Acc>; BLOCK] = [None; BLOCK];
        let mut add = |q: usize, x: F::Acc| {
            let c = &mut columns[q % len];
            *c = Some(c.map_or(x, |c| F::merge(c, x)));
        };
        for (b, a) in acc[..blocks].iter().enumerate() {
            for (l, &x) in a.iter().enumerate() {
                add(b * BLOCK + l, x);
            }
        }
        for q in full..total {
            add(q, F::first_at(self.inner.rows(q, 1, len, axis)[0], q / len));
        }
        let count = self.count;
        let last = columns[len - 1]?;
        Some(fused::lanes(|j| F::finish(columns[j.min(len - 1)].unwrap_or(last), count)))
    }

    /// The block of outputs at `at` when each folds one short row (2 to [`BLOCK`] elements: a
    /// softmax's 10 classes) whose elements lie in one flat run with the next output's
    /// (`[B, 10]` summed over its last axis): the operand is computed over the [`BLOCK`] rows as
    /// flat blocks, contiguous loads, then each row is folded in order, as a hand loop folds
    /// it (a sum over `[200000, 10]`'s rows is faster so than with one lane per output and a
    /// strided read per element). `None` when the reduction or its leaves are not so.
    #[hot]
    fn flat(&mut self, at: usize) -> Option<[F::Output; BLOCK]> {
        let (axis, len) = (self.axes[0], self.sizes[0]);
        if F::SELECTS
            || self.n != 1
            || len > BLOCK
            || self.count == 0
            || !self.inner.all(&mut |c| c.flat_row(axis, len))
        {
            return None;
        }
        let down = self.first_cursor(Cursor::run_axis).unwrap_or(Cursor::<W>::STILL);
        self.inner.cursors(&mut |c| c.enter(at, axis));
        let first = self.inner.read_block::<false>(0);
        let flat = self.rows.get_or_insert([first; BLOCK]);
        flat[0] = first;
        for (k, block) in flat.iter_mut().enumerate().take(len).skip(1) {
            *block = self.inner.read_block::<false>(k * BLOCK);
        }
        self.inner.cursors(&mut |c| c.leave(at, down));
        let count = self.count;
        let fold = |row: &[S::Elem]| {
            let acc = row.iter().enumerate().skip(1).fold(F::first(row[0]), |a, (i, &x)| F::step(a, x, i));
            F::finish(acc, count)
        };
        // Row by row, each split off the front (no division by the row's length).
        let (row, mut rest) = flat.as_flattened().split_at_checked(len)?;
        let mut out = [fold(row); BLOCK];
        for o in out.iter_mut().skip(1) {
            let (row, after) = rest.split_at_checked(len)?;
            *o = fold(row);
            rest = after;
        }
        Some(out)
    }

    /// The block of outputs at `at` when each folds one row of whole blocks ([`long_row`]: a
    /// layer's 128 features) whose operands step by 0 or 1 along it: each row is folded in
    /// lanes along it, as [`fold_one`](Self::fold_one) folds it, with no call and nothing
    /// remembered per row. Where each row lies flat after the last, the 16 rows are read from
    /// one place with no step of a cursor between them. Faster than a call per row (the row
    /// sums of `[16384, 128]` and `[32768, 64]`, the dot products of `[20000, 256]`'s rows with
    /// one vector) or than lanes across the outputs (the row sums of `[16384, 96]`). `None`
    /// when the leaves are not so.
    ///
    /// Each row entered apart is told to the operand as the pass tells it of a run
    /// ([`Source::next_run`]), with how many rows are left along the loop `down` they step
    /// along: `runs` where they are the pass's runs ([`fold_runs`](Self::fold_runs)), else
    /// the rest of the plan's run. A statistic inside, stretched along the row (a variance's
    /// mean), is then folded for 16 rows at once and read with no lookup, where it was
    /// folded through a call for each row (the variance of `[16384, 256]`'s rows as
    /// `(x - mean).powi(2).mean()` is faster so).
    ///
    /// [`long_row`]: Self::long_row
    #[inline(never)]
    fn flat_long(&mut self, at: usize, runs: Option<(usize, usize)>) -> Option<[F::Output; BLOCK]> {
        let (axis, len) = (self.axes[0], self.sizes[0]);
        if self.count == 0 || !self.inner.all(&mut |c| c.stride(axis) <= 1) {
            return None;
        }
        let down = self.first_cursor(Cursor::run_axis).unwrap_or(Cursor::<W>::STILL);
        let count = self.count;
        let (out, again) = if S::NESTS == 0 && self.inner.all(&mut |c| c.flat_row(axis, len)) {
            // Flat: row `r` starts `r · len` along the row entered once, the 16 rows read one
            // after another by one reader.
            self.inner.cursors(&mut |c| c.enter(at, axis));
            let run = self.inner.run_blocks::<RunTime, false, false>(Spot::root::<RunTime>(), BLOCK * len);
            let folded = Self::fold_rows(run, len, count);
            self.inner.cursors(&mut |c| c.leave(at, down));
            folded
        } else {
            // Each row entered where it starts and read by a reader of its own (see
            // `kernel::run`): what is the same along the row (a row's mean inside its
            // variance, a dot product's vector) is taken once, where it starts.
            let runs = runs.or_else(|| {
                let run_len = self.first_cursor(Cursor::plan_run_len).flatten()?;
                Some((down, run_len.checked_sub(at)?))
            });
            let inner = &mut self.inner;
            Self::sixteen(|r| {
                inner.cursors(&mut |c| c.enter(at + r, axis));
                if let Some((down, left)) = runs {
                    inner.next_run(down, left - r);
                }
                let out = Self::row(inner, len, count);
                inner.cursors(&mut |c| c.leave(at + r, down));
                out
            })
        };
        if F::UNSURE && again.contains(&true) {
            return Some(self.again(at, out, &again));
        }
        Some(out)
    }

    /// The [`BLOCK`] outputs `fold(r)` gives for `r` from 0, and whether a lane of each may
    /// be wrong. Each way [`flat_long`](Self::flat_long) reaches a row has its own loop (one
    /// loop for both, with the branch inside, slowed the row sums of `[16384, 128]`).
    #[hot]
    fn sixteen(mut fold: impl FnMut(usize) -> (F::Output, bool)) -> ([F::Output; BLOCK], [bool; BLOCK]) {
        let (first, unsure) = fold(0);
        let (mut out, mut again) = ([first; BLOCK], [unsure; BLOCK]);
        for (r, (o, u)) in out.iter_mut().zip(&mut again).enumerate().skip(1) {
            (*o, *u) = fold(r);
        }
        (out, again)
    }

    /// Whether each output folds one row of whole blocks that [`flat_long`](Self::flat_long)
    /// may fold (see [`long_rows`]): checked before it is called (after the types' own answer,
    /// [`LONG_ROWS`](Self::LONG_ROWS)), with no call and no cursor moved where it is not.
    #[hot]
    fn long_row(&self) -> bool {
        long_rows::<S::Elem, F>(self.n, self.sizes[0])
    }

    /// The output whose row of `len` elements, a whole number of blocks, is the current run of
    /// `inner`, folded in lanes along it with [`Fold::quick`]; and whether a lane may then be
    /// wrong ([`Fold::unsure`]).
    #[hot]
    fn row(inner: &mut S, len: usize, count: usize) -> (F::Output, bool) {
        if const { <S as Operand<W>>::CALLED } {
            Self::fold_row(&mut Called::<S, W, false>::new(inner), len, count)
        } else {
            Self::fold_row(
                &mut inner.run_blocks::<RunTime, false, false>(Spot::root::<RunTime>(), len),
                len,
                count,
            )
        }
    }

    /// The [`BLOCK`] outputs whose rows are the next `BLOCK · len` elements of `run`, and
    /// whether a lane of each may be wrong (see [`row`](Self::row)). (The reader is this
    /// function's own, so the optimizer keeps it in registers.)
    #[hot]
    fn fold_rows(
        mut run: impl RunBlocks<Elem = S::Elem>,
        len: usize,
        count: usize,
    ) -> ([F::Output; BLOCK], [bool; BLOCK]) {
        let (first, unsure) = Self::fold_row(&mut run, len, count);
        let (mut out, mut again) = ([first; BLOCK], [unsure; BLOCK]);
        for (o, u) in out.iter_mut().zip(&mut again).skip(1) {
            (*o, *u) = Self::fold_row(&mut run, len, count);
        }
        (out, again)
    }

    /// The output whose row is the next `len` elements of `run` (see [`row`](Self::row)).
    #[hot]
    fn fold_row(run: &mut impl RunBlocks<Elem = S::Elem>, len: usize, count: usize) -> (F::Output, bool) {
        let mut lanes = None;
        Self::fold_blocks(run, &mut lanes, 0, len);
        let acc = lanes.expect("a long row has a block");
        let unsure = F::UNSURE && acc.iter().any(F::unsure);
        (F::finish(F::merged(acc), count), unsure)
    }

    /// The next `len` elements of `run` (whole blocks, at least one), elements `base` on of the
    /// fold, stepped into `lanes` with [`Fold::quick`]: its first block starts them where none
    /// were.
    #[hot]
    fn fold_blocks(
        run: &mut impl RunBlocks<Elem = S::Elem>,
        lanes: &mut Option<[F::Acc; BLOCK]>,
        base: usize,
        len: usize,
    ) {
        let mut k = 0;
        let acc = match lanes {
            Some(acc) => acc,
            None => {
                let x = run.next_block();
                k = BLOCK;
                lanes.insert(fused::lanes(|l| F::first_at(x[l], base + l)))
            }
        };
        while k < len {
            let x = run.next_block();
            for (l, (a, &x)) in acc.iter_mut().zip(&x).enumerate() {
                *a = F::quick(*a, x, base + k + l);
            }
            k += BLOCK;
        }
    }

    /// [`BLOCK`] neighbouring outputs folded together, one lane each: `read` gives the block of
    /// the operand at the current position of the reduced axes. `read` is called at two places
    /// only: it is inlined at both.
    #[hot]
    fn across(&mut self, mut read: impl FnMut(&mut S) -> [S::Elem; BLOCK]) -> [F::Output; BLOCK] {
        if self.count == 0 {
            return [F::empty().expect("the types prove this reduction's axes non-empty"); BLOCK];
        }
        let x = read(&mut self.inner);
        let mut acc: [F::Acc; BLOCK] = firsts::<S::Elem, F>(x);
        if self.n == 1 {
            // One reduced axis (a row's sum, a nearest centroid): a plain counted loop.
            let (axis, len) = (self.axes[0], self.sizes[0]);
            for i in 1..len {
                self.inner.cursors(&mut |c| c.step(axis, None));
                let x = read(&mut self.inner);
                step::<S::Elem, F>(&mut acc, &x, i);
            }
            self.inner.cursors(&mut |c| c.step(axis, Some(len - 1)));
            return finishes::<S::Elem, F>(&acc, self.count);
        }
        let (mut index, mut i) = ([0; W], 1);
        while self.advance(&mut index) {
            let x = read(&mut self.inner);
            step::<S::Elem, F>(&mut acc, &x, i);
            i += 1;
        }
        finishes::<S::Elem, F>(&acc, self.count)
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// What the `len` outputs from `at` of the current run are remembered by: where each leaf
    /// reads the first and its step along the run (what the outputs fold is decided by them),
    /// and `len`. `None` past [`MEMO`] leaves.
    #[hot]
    fn key(&self, at: usize, len: usize) -> Option<[usize; KEY]> {
        let (mut key, mut i) = ([usize::MAX; KEY], 0);
        key[KEY - 1] = len;
        let fits = self.inner.all(&mut |c| {
            if let Some(k) = key.get_mut(2 * i..2 * i + 2) {
                k[0] = c.offset().wrapping_add(at.wrapping_mul(c.inner()));
                k[1] = c.inner();
            }
            i += 1;
            i <= MEMO
        });
        fits.then_some(key)
    }

    /// The block of `len` outputs at `at` that `fold` folds, or, while the pass walks a tile of
    /// short rows column by column and this reduction is the same for every column, the block
    /// remembered from the last call (see `last`).
    #[hot]
    fn remembered(
        &mut self,
        at: usize,
        len: usize,
        fold: impl FnOnce(&mut Self) -> [F::Output; BLOCK],
    ) -> [F::Output; BLOCK] {
        if !self.inner.all(&mut |c| c.same_for_every_column()) {
            return fold(self);
        }
        let key = self.key(at, len);
        if let (Some(key), Some((seen, block))) = (key, &self.last)
            && same(seen, &key)
        {
            return *block;
        }
        let block = fold(self);
        self.last = key.map(|key| (key, block));
        block
    }

    /// The output at `at` where it was the last one folded (see `memo`), looked up here, with
    /// no call; otherwise through [`get`](Source::get). A reduction stretched along the run
    /// (a row's mean under `x - mean`) is asked once per block: the call cost more than the
    /// block's own work (`x - x.mean_keepdims::<axes![1]>()` over `[8192, 256]`).
    #[hot]
    fn remembered_one(&mut self, at: usize) -> F::Output {
        match self.recalled(self.key(at, 1)) {
            Some(value) => value,
            None => self.output(at),
        }
    }

    /// The output remembered by `key` (see `memo`), if it was the last one folded.
    #[hot]
    fn recalled(&self, key: Option<[usize; KEY]>) -> Option<F::Output> {
        let (seen, value) = self.memo?;
        same(&seen, &key?).then_some(value)
    }

    /// `f` of the first leaf's cursor (every leaf's run is the same axis): `None` without
    /// leaves.
    #[hot]
    fn first_cursor<R>(&self, f: impl Fn(&Cursor<W>) -> R) -> Option<R> {
        let mut out = None;
        self.inner.all(&mut |c| {
            out = Some(f(c));
            false
        });
        out
    }

    /// Whether every output along the current run is the same, the reduction's result being
    /// stretched along it (softmax's row maximum, kept as `[N, 1]`, over a row's 10 classes):
    /// then it is folded once per block, not once per output.
    #[hot]
    fn invariant(&self) -> bool {
        fused::still(&self.inner)
    }

    /// `f` of this reduction with its leaves' cursors moved `along` (see [`Source::planned`]),
    /// then moved back: how a planned pass reaches what it reads as the cursors say.
    #[hot]
    fn by_cursors<R>(&mut self, along: &[usize; W], f: impl FnOnce(&mut Self) -> R) -> R {
        // (What is `stretched` where the cursors are is not so where they are moved to.)
        let kept = self.stretched.take();
        self.inner.cursors(&mut |c| c.moved(along, false));
        let out = f(self);
        self.inner.cursors(&mut |c| c.moved(along, true));
        self.stretched = kept;
        out
    }

    /// Whether each output folds a long axis ([`long`] elements or more) whose elements lie
    /// close together: a row of `[4096, 1024]` summed, k-means' sums over every point. Such
    /// outputs are folded one at a time, in lanes along that axis ([`each`](Self::each)):
    /// across the outputs, each lane would read a column, element by element (far slower on
    /// the row sums of `[4096, 1024]`).
    #[hot]
    fn lengthwise(&self) -> bool {
        self.close
            && self.n.checked_sub(1).is_some_and(|last| self.sizes[last] >= const { long::<S::Elem, F>() })
    }

    /// The `len` outputs (1 to [`BLOCK`]) from `at`, each folded alone, in lanes along its
    /// last reduced axis ([`fold_one`](Self::fold_one)); lanes past `len` repeat the last.
    /// (Not inlined: each output folds many elements.)
    #[inline(never)]
    fn each(&mut self, at: usize, len: usize) -> [F::Output; BLOCK] {
        let first = self.output(at);
        let mut out = [first; BLOCK];
        for (i, o) in out.iter_mut().enumerate().take(len).skip(1) {
            *o = self.output(at + i);
        }
        let last = out[len - 1];
        out[len..].fill(last);
        out
    }

    /// As [`advance`](Self::advance), with one reduced axis (a column's fold) stepped with no
    /// loop over the axes: its counter stays in a register (a tile's strips down the columns of
    /// `[64, 64]` are much faster so).
    #[hot]
    fn advance_quickly(&mut self, index: &mut [usize; W]) -> bool {
        if self.n != 1 {
            return self.advance(index);
        }
        let (axis, len) = (self.axes[0], self.sizes[0]);
        index[0] += 1;
        if index[0] < len {
            self.inner.cursors(&mut |c| c.step(axis, None));
            return true;
        }
        index[0] = 0;
        self.inner.cursors(&mut |c| c.step(axis, Some(len - 1)));
        false
    }

    /// One step through the reduced axes (the last fastest), the operand's cursors kept in
    /// step: `false`, the cursors back where they started, once every axis has wrapped.
    #[hot]
    fn advance(&mut self, index: &mut [usize; W]) -> bool {
        for j in (0..self.n).rev() {
            let axis = self.axes[j];
            index[j] += 1;
            if index[j] < self.sizes[j] {
                self.inner.cursors(&mut |c| c.step(axis, None));
                return true;
            }
            index[j] = 0;
            let back = self.sizes[j] - 1;
            self.inner.cursors(&mut |c| c.step(axis, Some(back)));
        }
        false
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    /// [`planned`](Source::planned) where the types do not fix the reduced sizes: as
    /// [`block`](Source::block) folds, the cursors moved `along` and back.
    #[hot]
    fn planned_by_cursors(&mut self, at: usize, _: Spot, along: &[usize; W]) -> [F::Output; BLOCK] {
        let read = const { Self::block_read::<true>() };
        self.folder.by_cursors(along, |folder| read(folder, at))
    }

    /// [`planned`](Source::planned) where the reduction has one output: that output,
    /// wherever the plan reads it.
    #[hot]
    fn planned_one(&mut self, at: usize, _: Spot, _: &[usize; W]) -> [F::Output; BLOCK] {
        self.folder.one_block(at)
    }

    /// [`planned`](Source::planned) where the types fix the reduced sizes.
    #[hot]
    fn planned_by_plan<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [F::Output; BLOCK] {
        // At the pass's own position, not inside another reduction's fold.
        let here = along.iter().all(|&a| a == 0);
        // (Before the paired block: one the same all along the run is never paired.)
        if spot.still::<P, W>(S::LEAVES) {
            // (At the pass's own position, it is the same for the whole run: see
            // `stretched`.)
            if here && let Some(value) = self.stretched {
                return [value; BLOCK];
            }
            let value = self.by_cursors(along, |this| this.remembered_one(at));
            if here {
                self.stretched = Some(value);
            }
            return [value; BLOCK];
        }
        if const { S::LEAVES == 1 }
            && let Some((next, block)) = self.paired.take()
            && next == at
            && here
        {
            return block;
        }
        let folding = const { &Folding::or_none(K::FOLDING) };
        let mut close = true;
        if let Some(last) = folding.n.checked_sub(1) {
            let column = spot.slot + folding.columns[last];
            for leaf in 0..S::LEAVES {
                // (A leaf past the table, which a pass that runs as its plan says never has,
                // reads where its cursor says: not close.)
                let strides = spot.after(leaf, 0).strides::<P, W>();
                close &= strides.is_some_and(|(_, strides)| strides.get(column).is_some_and(|&s| s <= 4));
            }
        }
        // A run shorter than a block is read whole, its lanes past it repeating its last
        // output (see `fused::short_runs`): no fold reaches past it.
        let short = const { PlanOf::<P, W>::SHORT_RUN };
        if const { Self::LONG_ROWS && PlanOf::<P, W>::SHORT_RUN == BLOCK }
            && self.long_row()
            && let Some(block) = self.by_cursors(along, |this| this.flat_long(at, None))
        {
            return block;
        }
        let long = const { Folding::or_none(K::FOLDING).last_size() >= long::<S::Elem, F>() };
        // (Several reduced axes may be folded as one long one: see `source`.)
        if (long && close) || (const { Folding::or_none(K::FOLDING).n > 1 } && self.lengthwise()) {
            return self.by_cursors(along, |this| this.each(at, short));
        }
        // (A tile reads its blocks along the run: as one load each where every leaf's run is
        // contiguous: `[64, 64]` summed over its rows is much faster so.)
        let tile = |this: &mut Folder<S, F, W>| match this.inner.all(&mut |c| c.inner() <= 1) {
            true => this.tile::<false>(at),
            false => this.tile::<true>(at),
        };
        // One leaf's neighbouring blocks folded two at a time, where the run has room: twice
        // the independent lanes, kept in registers, as a hand loop keeps its row of sums
        // (`[64, 64]` summed over its rows: faster than in a tile, whose carries go through
        // memory, or through its strips, whose cursors step at each row, and than a block at a
        // time from the plan's table; see `benches/README.md`). Only at the pass's own
        // position, and for blocks within the first-level cache (see `IN_L1`).
        if const { S::LEAVES == 1 }
            && here
            && let Some(run_len) = self.first_cursor(Cursor::plan_run_len).flatten()
            && at + 2 * BLOCK <= run_len
            && (close || self.count.saturating_mul(run_len).saturating_mul(size_of::<S::Elem>()) <= IN_L1)
        {
            let [first, second] = self.lanes_planned::<P, 2>(at, spot, along);
            self.paired = Some((at + BLOCK, second));
            return first;
        }
        if const { PlanOf::<P, W>::SHORT_RUN == BLOCK }
            && !close
            && let Some(block) = self.by_cursors(along, tile)
        {
            return block;
        }
        let [block] = self.lanes_planned::<P, 1>(at, spot, along);
        block
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> Source<W> for ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    type Elem = F::Output;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = Folded<'s, Self, P, W, PLANNED, STRIDED>
    where
        Self: 's;
    const LEAVES: usize = S::LEAVES;
    const SLOTS: usize = S::SLOTS + K::COUNT;
    const FIXED_FOLDS: bool = K::FOLDING.is_some() && S::FIXED_FOLDS;
    const NESTS: usize = S::NESTS + 1;

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        // (One output is the same wherever the cursors are: kept.)
        if !const { K::ONE } {
            self.stretched = None;
        }
        self.paired = None;
        self.inner.cursors(f);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        self.inner.all(f)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [F::Output; BLOCK] {
        let read = const { Self::block_read::<STRIDED>() };
        read(&mut self.folder, at)
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [F::Output; BLOCK] {
        if const { K::ONE } {
            return self.folder.one_block(at);
        }
        self.folder.part(at, len)
    }

    /// One output (see [`Folder::get_as`]).
    #[hot]
    fn get(&mut self, at: usize) -> F::Output {
        if const { K::ONE } {
            return self.folder.one_block(at)[0];
        }
        let one: One<S, F, W> =
            const { if Self::SHORT { Folder::get_as::<true> } else { Folder::get_as::<false> } };
        one(&mut self.folder, at)
    }

    /// As [`block`](Source::block) folds, its choices made from the plan's table with no test
    /// of a cursor, and neighbouring outputs folded in lanes by loops of constant bounds whose
    /// steps are each leaf's constant strides ([`Source::shift`]). Short rows are folded so
    /// too, not flat: with constant strides, a sum over `[200000, 10]`'s rows is faster so than
    /// flat. A tile of short rows is never walked column by column in such a pass, so nothing
    /// is remembered across columns. Where the types do not fix the reduced sizes, as `block`
    /// folds.
    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [F::Output; BLOCK] {
        // (A constant function pointer, not `if const`: see `kernel::run::planned_at`.)
        let read: PlannedRead<Self, W> = const {
            match (K::ONE, K::FOLDING.is_none()) {
                (true, _) => Self::planned_one,
                (false, true) => Self::planned_by_cursors,
                (false, false) => Self::planned_by_plan::<P>,
            }
        };
        read(self, at, spot, along)
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [F::Output; BLOCK] {
        if const { K::ONE } {
            return self.folder.one_block(at);
        }
        self.folder.rows(at, len, n, down)
    }

    /// Folded once where the outputs are the same all along the run (a row's mean under
    /// `x - mean`), as the pass's first block would fold them; otherwise read as it goes.
    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        _: usize,
    ) -> Folded<'_, Self, P, W, PLANNED, STRIDED> {
        let same = if PLANNED { spot.still::<P, W>(S::LEAVES) } else { self.invariant() };
        if same {
            let read: fn(&mut Self, usize, Spot) -> [F::Output; BLOCK] =
                const { if PLANNED { planned_at::<W, Self, P> } else { block_at::<W, Self, STRIDED> } };
            let block = read(self, 0, spot);
            return Folded::Same(block[0]);
        }
        Folded::Going(AsItGoes::new(self, spot))
    }

    /// Where this reduction is stretched along the runs, its output for this run: the next of
    /// those folded together at an earlier run, or, with none left and 16 runs or more to go
    /// along `down`, those of this run and the next 15 (see [`fold_runs`](Self::fold_runs)).
    /// Its operand is not told: the reductions inside it are told of the rows this one folds,
    /// as it folds them (see [`flat_long`](Self::flat_long)).
    #[hot]
    fn next_run(&mut self, down: usize, left: usize) {
        if !const { Self::LONG_ROWS } || const { K::ONE } {
            return;
        }
        // (Run 0 was handed on when the tile was folded: a sweep along `down` that starts
        // again has as many runs left as the tile's first, or more, and finds none here.)
        if let Some((outputs, first)) = &self.ahead_runs
            && let Some(&value) = first.checked_sub(left).filter(|&k| k > 0).and_then(|k| outputs.get(k))
        {
            self.stretched = Some(value);
            return;
        }
        self.ahead_runs = None;
        if left >= BLOCK && self.long_row() && self.invariant() {
            self.fold_runs(down, left);
        }
    }

    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]) {
        self.inner.share(id, values);
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// The outputs of this run and the next 15, where this reduction is stretched along the
    /// runs and each output folds a row of whole blocks (`x - x.mean_keepdims::<axes![1]>()`):
    /// folded together along the pass's loop `down`, as [`flat_long`](Self::flat_long) folds a
    /// block of outputs along a run, then handed on one per run (`left`, 16 or more, are left
    /// along `down`). Faster, over `[16384, 128]` and `[8192, 256]`, than each row's statistic
    /// folded through a call and looked up by each block. (Not inlined: it runs once per 16
    /// runs.)
    #[inline(never)]
    fn fold_runs(&mut self, down: usize, left: usize) {
        let run = self.first_cursor(Cursor::run_axis).unwrap_or(Cursor::<W>::STILL);
        self.inner.cursors(&mut |c| c.enter(0, down));
        let outputs = self.flat_long(0, Some((down, left)));
        self.inner.cursors(&mut |c| c.leave(0, run));
        if let Some(outputs) = outputs {
            self.stretched = Some(outputs[0]);
            self.ahead_runs = Some((outputs, left));
        }
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    /// `N` neighbouring blocks from `at`, folded together from the plan's table (see
    /// [`planned`](Source::planned)): the first element starts the lanes (two reads of the
    /// operand, each inlining it whole: a nested reduction's reads are so compiled twice per
    /// level, as `across`'s), then a loop of a constant count (faster than a `while` over the
    /// positions for k-means' argmin over 4 centroids of sums over 2 coordinates), each read
    /// `inner_along` further along this reduction's columns.
    #[hot]
    fn lanes_planned<P: Pass, const N: usize>(
        &mut self,
        at: usize,
        spot: Spot,
        along: &[usize; W],
    ) -> [[F::Output; BLOCK]; N] {
        const { assert!(N == 1 || N == 2, "one block or two") };
        let folding = const { &Folding::or_none(K::FOLDING) };
        let inner = spot.after(0, K::COUNT);
        let mut inner_along = *along;
        // (Two lanes apart, not an array: in an array the lanes stayed in memory.)
        let mut acc = F::lanes_first(self.inner.read_planned::<P>(at, inner, &inner_along));
        let mut next = match const { N > 1 } {
            true => Some(F::lanes_first(self.inner.read_planned::<P>(at + BLOCK, inner, &inner_along))),
            false => None,
        };
        let elements = const { Folding::or_none(K::FOLDING).elements() };
        // (A macro, not a closure: each copy inlined.)
        macro_rules! step {
            ($i:expr) => {{
                let i: usize = $i;
                // The next position, the last axis fastest (this reduction's own columns, which
                // those around it never move along, start at 0).
                if const { Folding::or_none(K::FOLDING).n == 1 } {
                    // (One axis: its position is the count, with no odometer to wrap.)
                    if let Some(p) = inner_along.get_mut(spot.slot + folding.columns[0]) {
                        *p = i;
                    }
                } else {
                    for k in (0..folding.n).rev() {
                        if let Some(p) = inner_along.get_mut(spot.slot + folding.columns[k]) {
                            *p += 1;
                            if *p < folding.sizes[k] {
                                break;
                            }
                            *p = 0;
                        }
                    }
                }
                F::lanes_step(&mut acc, self.inner.read_planned::<P>(at, inner, &inner_along), i);
                if const { N > 1 }
                    && let Some(next) = &mut next
                {
                    F::lanes_step(next, self.inner.read_planned::<P>(at + BLOCK, inner, &inner_along), i);
                }
            }};
        }
        if elements <= 4 {
            // Up to four elements, each its own copy of the step: what every step reads alike
            // (k-means' point, the same for each centroid) is then read once.
            if elements > 1 {
                step!(1);
            }
            if elements > 2 {
                step!(2);
            }
            if elements > 3 {
                step!(3);
            }
        } else {
            for i in 1..elements {
                step!(i);
            }
        }
        let first = self.lanes_done::<P>(at, along, acc);
        let second = next.map(|next| self.lanes_done::<P>(at + BLOCK, along, next));
        first_and_second(first, second)
    }

    /// The block at `at` whose lanes `acc` folded, finished: lanes whose result may be wrong
    /// (a NaN first element) are folded again.
    #[hot]
    fn lanes_done<P: Pass>(&mut self, at: usize, along: &[usize; W], acc: F::Lanes) -> [F::Output; BLOCK] {
        if const { F::UNSURE } {
            let unsure = F::lanes_unsure(&acc);
            if unsure.contains(&true) {
                let done = F::lanes_finish(acc, self.count);
                return self.by_cursors(along, |this| {
                    // A run shorter than a block: its lanes past it repeat its last (see
                    // `fused::short_runs`), and are refolded as it is.
                    let short = const { PlanOf::<P, W>::SHORT_RUN };
                    if short == BLOCK {
                        return this.again(at, done, &unsure);
                    }
                    let mut unsure = unsure;
                    unsure[short..].fill(false);
                    let mut done = this.again(at, done, &unsure);
                    let last = done[short - 1];
                    done[short..].fill(last);
                    done
                });
            }
        }
        F::lanes_finish(acc, self.count)
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// The block at `at`, `done` by the quicker [`Fold::lanes_step`], with each `unsure` lane
    /// (a NaN first element) folded again, one output at a time, with [`Fold::step`]: rare, so
    /// not inlined, and through [`get`](Source::get), which every reduction has compiled (the
    /// whole block folded again through `block` made the release build of the `kmeans` example
    /// much longer).
    #[cold]
    #[inline(never)]
    fn again(
        &mut self,
        at: usize,
        mut done: [F::Output; BLOCK],
        unsure: &[bool; BLOCK],
    ) -> [F::Output; BLOCK] {
        for (l, (out, &unsure)) in done.iter_mut().zip(unsure).enumerate() {
            if unsure {
                *out = self.output(at + l);
            }
        }
        done
    }
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// A block of outputs as [`Source::block`] reads it, where `LONG` is
    /// [`ReduceSource::LONG_ROWS`]: inlined, only what answers a block the same all along the
    /// run (a row's mean under `x - mean`, or inside its variance's fold: [`one_block`]); the
    /// other ways through [`folded_block`](Self::folded_block).
    ///
    /// [`one_block`]: Self::one_block
    #[hot]
    fn block_as<const STRIDED: bool, const LONG: bool>(&mut self, at: usize) -> [F::Output; BLOCK] {
        if self.stretched.is_some() || self.invariant() {
            return self.one_block(at);
        }
        self.folded_block::<STRIDED, LONG>(at)
    }

    /// A block whose outputs are all the same: the one kept for the run, or the output at `at`,
    /// remembered or folded, then kept. What [`block_as`](Self::block_as) answers where the
    /// outputs are the same all along the run, and every block of a reduction with one output
    /// (`ReducedAxes::ONE`: every axis it keeps has the fixed size 1), whose output is kept
    /// for the whole pass (moving its cursors does not forget it) and for which the other ways
    /// to fold a block are not compiled (the code of keep-dims statistics of a whole rank-16
    /// tensor nested in one another grew by them at every level).
    #[hot]
    fn one_block(&mut self, at: usize) -> [F::Output; BLOCK] {
        if let Some(value) = self.stretched {
            return [value; BLOCK];
        }
        let value = self.remembered_one(at);
        self.stretched = Some(value);
        [value; BLOCK]
    }

    /// A block of outputs that differ along the run, folded the fastest way their layout
    /// allows. (Not inlined: each of its outputs folds elements of its own, so a call per
    /// block costs little. Inlined, these ways were compiled again at every place that reads
    /// the reduction, and a reduction nested in another's operand is read at each of the
    /// outer fold's places: most of the code, and of the release build's time, of nested
    /// keep-dims statistics.)
    #[inline(never)]
    fn folded_block<const STRIDED: bool, const LONG: bool>(&mut self, at: usize) -> [F::Output; BLOCK] {
        if let Some(block) = self.flat(at) {
            return block;
        }
        if LONG
            && self.long_row()
            && let Some(block) = self.flat_long(at, None)
        {
            return block;
        }
        if self.lengthwise() {
            return self.each(at, BLOCK);
        }
        if !self.close
            && let Some(block) = self.tile::<STRIDED>(at)
        {
            return block;
        }
        self.remembered(
            at,
            BLOCK,
            #[inline(always)]
            |this| {
                this.across(
                    #[inline(always)]
                    |inner| inner.read_block::<STRIDED>(at),
                )
            },
        )
    }

    /// A short run of outputs: folded together, one lane each, unless each output folds a long
    /// axis whose elements lie close together (k-means' sums over every point), which is then
    /// faster folded in lanes along that axis, one output at a time, or the run is a whole
    /// row of columns summed (`periodic`). (Not inlined: it runs once per run at most. Its
    /// fold reads through a call per element of the reduced axes: inlined there, the operand
    /// lengthened the release builds of the `kmeans` and `batch_norm` examples.)
    #[inline(never)]
    fn part(&mut self, at: usize, len: usize) -> [F::Output; BLOCK] {
        if let Some(value) = self.stretched {
            return [value; BLOCK];
        }
        if self.invariant() {
            return [self.remembered_one(at); BLOCK];
        }
        if self.lengthwise() {
            return self.each(at, len);
        }
        if let Some(block) = self.periodic(at, len) {
            return block;
        }
        self.remembered(at, len, |this| this.across(|inner| inner.part(at, len)))
    }

    /// Flat rows of outputs, one lane each. (Only a reduction whose operand does not move
    /// along its reduced axes is read so: over size-1 axes, or stretched ones.)
    #[inline(never)]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [F::Output; BLOCK] {
        self.across(|inner| inner.rows(at, len, n, down))
    }

    /// One output (remembered, see `memo`), folded by [`fold_short`](Self::fold_short) where
    /// `SHORT` ([`ReduceSource::SHORT`]), else by [`fold_one`](Self::fold_one). (Not inlined:
    /// it runs once per run, or once per block where the output is stretched.)
    #[inline(never)]
    fn get_as<const SHORT: bool>(&mut self, at: usize) -> F::Output {
        if self.count == 0 {
            return F::empty().expect("the types prove this reduction's axes non-empty");
        }
        let key = self.key(at, 1);
        if let Some(value) = self.recalled(key) {
            return value;
        }
        // (A constant function pointer, not `if SHORT`: see `kernel::run::planned_at`.)
        let fold: fn(&mut Self, usize) -> F::Output =
            const { if SHORT { Self::fold_short } else { Self::fold_one } };
        let value = fold(self, at);
        self.memo = key.map(|key| (key, value));
        value
    }

    /// One output, as the reduction's [`Source::get`] folds it.
    #[hot]
    fn output(&mut self, at: usize) -> F::Output {
        (self.one)(self, at)
    }

    /// One output, folded along its own last reduced axis in [`BLOCK`] lanes (each lane takes
    /// every 16th element), then the lanes merged: a long reduction into few outputs (k-means'
    /// centroid sums over every point) vectorizes too.
    #[hot]
    fn fold_one(&mut self, at: usize) -> F::Output {
        // Contiguous along the lanes' axis (a row of a tensor, as most long folds are), every
        // block is one load: read as a strided one, it was gathered element by element.
        let contiguous = self.n.checked_sub(1).is_some_and(|last| {
            let axis = self.axes[last];
            self.inner.all(&mut |c| c.stride(axis) <= 1)
        });
        let (out, unsure) =
            if contiguous { self.fold_one_as::<false>(at) } else { self.fold_one_as::<true>(at) };
        if const { F::UNSURE } && unsure {
            return self.fold_slowly(at);
        }
        out
    }

    /// One output that folds one short axis (under 32 elements: softmax's 10 classes) or
    /// none (every reduced axis of size 1), element by element with [`Fold::step`]: no lanes
    /// to set up.
    #[hot]
    fn fold_short(&mut self, at: usize) -> F::Output {
        let first = F::first(self.inner.get(at));
        if self.n == 0 {
            return F::finish(first, 1);
        }
        let (axis, len) = (self.axes[0], self.sizes[0]);
        let mut acc = first;
        for i in 1..len {
            self.inner.cursors(&mut |c| c.step(axis, None));
            acc = F::step(acc, self.inner.get(at), i);
        }
        self.inner.cursors(&mut |c| c.step(axis, Some(len - 1)));
        F::finish(acc, self.count)
    }

    /// One output folded again element by element with the exact [`Fold::step`], where a lane
    /// of [`fold_one`](Self::fold_one) started at NaN: rare, so kept small and apart (a third
    /// copy of the lanes' loop made the release build of the `kmeans` example much longer).
    #[cold]
    #[inline(never)]
    fn fold_slowly(&mut self, at: usize) -> F::Output {
        let mut acc = F::first(self.inner.get(at));
        let (mut index, mut i) = ([0; W], 1);
        while self.advance(&mut index) {
            acc = F::step(acc, self.inner.get(at), i);
            i += 1;
        }
        F::finish(acc, self.count)
    }

    /// [`fold_one`](Self::fold_one)'s fold, its lanes stepped by [`Fold::quick`], and whether
    /// a lane may then be wrong ([`Fold::unsure`]); its blocks read as [`Source::block`] reads
    /// them with `STRIDED`.
    #[hot]
    fn fold_one_as<const STRIDED: bool>(&mut self, at: usize) -> (F::Output, bool) {
        let step = F::quick;
        let Some(last) = self.n.checked_sub(1) else {
            return (self.fold_short(at), false);
        };
        let (axis, len) = (self.axes[last], self.sizes[last]);
        if last == 0 && len < 2 * BLOCK {
            return (self.fold_short(at), false);
        }
        let before = self.first_cursor(Cursor::run_axis).unwrap_or(Cursor::<W>::STILL);
        self.inner.cursors(&mut |c| c.enter(at, axis));
        self.n = last;
        let (mut lanes, mut rest): (Option<[F::Acc; BLOCK]>, Option<F::Acc>) = (None, None);
        let (mut index, mut base) = ([0; W], 0);
        let whole = len / BLOCK * BLOCK;
        loop {
            // The row's whole blocks through its reader, what is the same along it taken once.
            if whole > 0 {
                if const { <S as Operand<W>>::CALLED } {
                    Self::fold_blocks(
                        &mut Called::<S, W, STRIDED>::new(&mut self.inner),
                        &mut lanes,
                        base,
                        whole,
                    );
                } else {
                    let mut run =
                        self.inner.run_blocks::<RunTime, false, STRIDED>(Spot::root::<RunTime>(), whole);
                    Self::fold_blocks(&mut run, &mut lanes, base, whole);
                }
            }
            let mut k = whole;
            while k < len {
                let x = self.inner.get(k);
                rest = Some(rest.map_or_else(|| F::first_at(x, base + k), |r| step(r, x, base + k)));
                k += 1;
            }
            base += len;
            if !self.advance(&mut index) {
                break;
            }
        }
        self.n = last + 1;
        self.inner.cursors(&mut |c| c.leave(at, before));
        one_done::<S::Elem, F>(lanes, rest, self.count)
    }
}

/// Reductions over `Ax` that remove the axes, and their keep-dims twins. `[…]` lists what else
/// they require, as bounds: nothing for the folds that have a value over no elements (a sum),
/// `NonEmptyAt` for those that do not (a maximum), whose axes must be fixed and not 0, with its
/// proof, which reports an empty axis on its size. Those name their `try_` twins after `=>`:
/// the same reductions over any axes, `None` when the run-time sizes leave no element to fold
/// (or too many, [`Fold::MOST`]).
macro_rules! reductions {
    ($(bounds $bounds:tt {
        $($(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty
        $(=> $(#[$try_doc:meta])* $try_name:ident, $try_keep:ident)?;)*
    })*) => {$($(
        reductions!(@one $bounds $(#[$doc])* $name, $keep, $Fold);
        $(reductions!(@try $(#[$try_doc])* $try_name, $try_keep, $Fold, $keep);)?
    )*)*};
    (@one [$($Bound:tt)*] $(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty) => {
        impl<E: Typed> Lazy<E> {
            $(#[$doc])*
            #[hot]
            pub fn $name<Ax: Axes>(self) -> Lazy<Reduce<E, Ax, $Fold, AnyWithoutAxes<E::Shape, Ax>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $($Bound)*
                $Fold: Fold<E::Elem>,
            {
                Lazy(Reduce::new(self.0))
            }

            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with the reduced axes kept as size 1, so that the result broadcasts back against the expression (NumPy's `keepdims=True`).")]
            #[hot]
            pub fn $keep<Ax: Axes>(self) -> Lazy<Reduce<E, Kept<Ax>, $Fold, KeptAxes<E::Shape, Ax>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $($Bound)*
                AnyWithoutAxes<E::Shape, Ax>: InsertOnes<Ax::List>,
                KeptAxes<E::Shape, Ax>: AnyShape,
                $Fold: Fold<E::Elem>,
            {
                Lazy(Reduce::new(self.0))
            }
        }
    };
    (@try $(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty, $sure_keep:ident) => {
        impl<E: Typed> Lazy<E> {
            $(#[$doc])*
            #[hot]
            pub fn $name<Ax: Axes>(self) -> Option<Lazy<Reduce<E, Ax, $Fold, AnyWithoutAxes<E::Shape, Ax>>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $Fold: Fold<E::Elem>,
            {
                Reduce::try_new(self.0).map(Lazy)
            }

            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with the reduced axes kept as size 1, so that the result broadcasts back against the expression (NumPy's `keepdims=True`); `None` in the same cases. The twin of [`", stringify!($sure_keep), "`](Self::", stringify!($sure_keep), ") over any axes.")]
            #[hot]
            pub fn $keep<Ax: Axes>(self) -> Option<Lazy<Reduce<E, Kept<Ax>, $Fold, KeptAxes<E::Shape, Ax>>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                AnyWithoutAxes<E::Shape, Ax>: InsertOnes<Ax::List>,
                KeptAxes<E::Shape, Ax>: AnyShape,
                $Fold: Fold<E::Elem>,
            {
                Reduce::try_new(self.0).map(Lazy)
            }
        }
    };
}

reductions! {
    bounds [] {
    /// The sum over the axes `Ax`, which are removed; nothing is computed yet. Over an empty
    /// axis, 0.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    /// let b = Tensor::<f32, shape![3]>::from([1.0, 1.0, 1.0]);
    /// // Row sums of x + b, in one pass: no [2, 3] temporary.
    /// assert_eq!((x.lazy() + &b).sum_axes::<axes![1]>().eval().as_slice(), [9.0, 18.0]);
    /// ```
    sum_axes, sum_keepdims, SumFold;
    /// The mean over the axes `Ax`, which are removed: the sum divided by the count, as NumPy's
    /// `mean` (NaN over an empty axis); nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![2, 3]>::from([[7.0; 3], [1.0, 2.0, 6.0]]);
    /// assert_eq!(x.lazy().mean_axes::<axes![1]>().eval().as_slice(), [7.0, 3.0]);
    /// // Centred on the row means: the reduction broadcasts back.
    /// let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![1]>()).eval();
    /// assert_eq!(centred.as_slice(), [0.0, 0.0, 0.0, -2.0, -1.0, 3.0]);
    /// ```
    mean_axes, mean_keepdims, MeanFold;
    }
    bounds [
        <E::Shape as NonEmptyAt<Ax::List>>::Proof: Sized,
        E::Shape: NonEmptyAt<Ax::List>,
    ] {
    /// The maximum over the axes `Ax`, which are removed; nothing is computed yet. NaN is
    /// ignored unless every element is NaN. The axes must have fixed sizes other than 0, so
    /// the maximum always exists (over a run-time axis, use
    /// [`try_max_axes`](Self::try_max_axes), which answers `None` for an empty one).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 5.0, f32::NAN], [4.0, 2.0, 6.0]]);
    /// assert_eq!(x.lazy().max_axes::<axes![1]>().eval().as_slice(), [5.0, 6.0]);
    /// // Softmax's shift: x − max over the row, kept as [2, 1] to broadcast back.
    /// let shifted = (x.lazy() - x.lazy().max_keepdims::<axes![1]>()).eval();
    /// assert_eq!(shifted.as_slice()[3..], [-2.0, -4.0, 0.0]);
    /// ```
    max_axes, max_keepdims, MaxFold
    =>
    /// The maximum over the axes `Ax`, which are removed, over any axes, run-time sizes
    /// included: `None` if one of them has size 0 (then no output has an element to fold), else
    /// the expression, which evaluates as [`max_axes`](Self::max_axes) does (NaN ignored unless
    /// every element is NaN). The sizes are read here, once: an expression returned is never
    /// evaluated over an empty axis.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// let data = [1.0f32, 5.0, f32::NAN, 4.0, 2.0, 6.0];
    /// bind!(let rows: Rows = 2);
    /// let x = TensorRef::from_shape(dims![rows, 3], &data)?;
    /// let top = x.lazy().try_max_axes::<axes![0]>().expect("two rows").eval();
    /// assert_eq!(top.as_slice(), [4.0, 5.0, 6.0]);
    /// // Each column shifted by its maximum, kept as [1, 3] to broadcast back.
    /// let shifted = (x.lazy() - x.lazy().try_max_keepdims::<axes![0]>().unwrap()).eval();
    /// assert_eq!(shifted.as_slice()[3..], [0.0, -3.0, 0.0]);
    ///
    /// struct Empty;
    /// bind!(let none: Empty = 0);
    /// let empty = TensorRef::from_shape(dims![none, 3], &[] as &[f32])?;
    /// assert!(empty.lazy().try_max_axes::<axes![0]>().is_none()); // the maximum of no rows
    /// let each = empty.lazy().try_max_axes::<axes![1]>().unwrap(); // of each of no rows
    /// assert_eq!(each.eval().as_slice(), []);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_max_axes, try_max_keepdims;
    /// The minimum over the axes `Ax`, which are removed; the rules of
    /// [`max_axes`](Self::max_axes).
    min_axes, min_keepdims, MinFold
    =>
    /// The minimum over the axes `Ax`, which are removed, over any axes: `None` if one of them
    /// has size 0; the rules of [`try_max_axes`](Self::try_max_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// let data = [3.0f64, f64::NAN, 1.0, f64::NAN];
    /// bind!(let rows: Rows = 2);
    /// let x = TensorRef::from_shape(dims![rows, 2], &data)?;
    /// let low = x.lazy().try_min_axes::<axes![0]>().unwrap().eval();
    /// assert_eq!(low.as_slice()[0], 1.0);
    /// assert!(low.as_slice()[1].is_nan()); // every element of the column is NaN
    /// bind!(let none: Rows = 0);
    /// let empty = TensorRef::from_shape(dims![none, 2], &[] as &[f64])?;
    /// assert!(empty.lazy().try_min_keepdims::<axes![0]>().is_none());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_min_axes, try_min_keepdims;
    }
    bounds [
        <E::Shape as NonEmptyAt<Ax::List>>::Proof: Sized,
        <E::Shape as FewPositionsAt<Ax::List>>::Proof: Sized,
        E::Shape: NonEmptyAt<Ax::List> + FewPositionsAt<Ax::List>,
    ] {
    /// The flat row-major index of the first maximum within the axes `Ax`, which are removed;
    /// the rules of [`max_axes`](Self::max_axes) (all NaN: index 0). Each output may fold at
    /// most `u32::MAX` elements (the product of the reduced sizes), which the types check: the
    /// position is counted in a `u32`, beside the value in the same vector registers.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let scores = Tensor::<f32, shape![2, 3]>::from([[0.1, 0.7, 0.7], [0.5, 0.1, 0.4]]);
    /// assert_eq!(scores.lazy().argmax_axes::<axes![1]>().eval().as_slice(), [1, 0]);
    /// ```
    argmax_axes, argmax_keepdims, ArgMaxFold
    =>
    /// The flat row-major index of the first maximum within the axes `Ax`, which are removed,
    /// over any axes: the rules of [`try_max_axes`](Self::try_max_axes) (all NaN: index 0).
    /// The position is counted in a `u32`, as for [`argmax_axes`](Self::argmax_axes), and
    /// run-time sizes cannot be checked by the types: `None` also when each output would fold
    /// more than `u32::MAX` elements (the product of the reduced sizes). For those, evaluate the
    /// expression into a tensor and use the tensors' `argmax_axes`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// let data = [0.1f32, 0.7, 0.7, 0.5, 0.1, 0.4];
    /// bind!(let n: Samples = 2);
    /// let scores = TensorRef::from_shape(dims![n, 3], &data)?;
    /// let best = scores.lazy().try_argmax_axes::<axes![0]>().unwrap().eval();
    /// assert_eq!(best.as_slice(), [1, 0, 0]); // the first of the ties
    /// let kept = scores.lazy().try_argmax_keepdims::<axes![1]>().unwrap().eval(); // [N, 1]
    /// assert_eq!(kept.as_slice(), [1, 0]);
    /// bind!(let none: Samples = 0);
    /// let empty = TensorRef::from_shape(dims![none, 3], &[] as &[f32])?;
    /// assert!(empty.lazy().try_argmax_axes::<axes![0]>().is_none());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_argmax_axes, try_argmax_keepdims;
    /// The flat row-major index of the first minimum within the axes `Ax`, which are removed;
    /// the rules of [`max_axes`](Self::max_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// // k-means' assignment: the nearest of 3 centroids for each of 2 points, in one pass.
    /// let points = Tensor::<f32, shape![2, 2]>::from([[0.0, 0.0], [5.0, 5.0]]);
    /// let centroids = Tensor::<f32, shape![3, 2]>::from([[4.0, 4.0], [1.0, 0.0], [9.0, 9.0]]);
    /// let nearest = (points.lazy().insert_axis::<1>() - &centroids) // [2, 3, 2]
    ///     .powi(2)
    ///     .sum_axes::<axes![2]>()                                  // [2, 3]
    ///     .argmin_axes::<axes![1]>()                               // [2]
    ///     .eval();
    /// assert_eq!(nearest.as_slice(), [1, 0]);
    /// ```
    argmin_axes, argmin_keepdims, ArgMinFold
    =>
    /// The flat row-major index of the first minimum within the axes `Ax`, which are removed,
    /// over any axes: the rules of [`try_argmax_axes`](Self::try_argmax_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// // k-means' assignment with the number of centroids read at run time.
    /// struct Centroids;
    /// let points = Tensor::<f32, shape![2, 2]>::from([[0.0, 0.0], [5.0, 5.0]]);
    /// let data = [4.0f32, 4.0, 1.0, 0.0, 9.0, 9.0];
    /// bind!(let k: Centroids = 3);
    /// let centroids = TensorRef::from_shape(dims![k, 2], &data)?;
    /// let nearest = (points.lazy().insert_axis::<1>() - &centroids) // [2, K, 2]
    ///     .powi(2)
    ///     .sum_axes::<axes![2]>()                                  // [2, K]
    ///     .try_argmin_axes::<axes![1]>()                           // [2], if K > 0
    ///     .expect("three centroids")
    ///     .eval();
    /// assert_eq!(nearest.as_slice(), [1, 0]);
    ///
    /// bind!(let none: Centroids = 0);
    /// let no_centroids = TensorRef::from_shape(dims![none, 2], &[] as &[f32])?;
    /// let distances = (points.lazy().insert_axis::<1>() - &no_centroids).powi(2).sum_axes::<axes![2]>();
    /// assert!(distances.try_argmin_axes::<axes![1]>().is_none()); // no nearest of none
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_argmin_axes, try_argmin_keepdims;
    }
}

impl<E: Typed> Lazy<E> {
    /// The adjoint of a broadcast to this expression's shape: the sum down to `S2`, which must
    /// broadcast to it, over the leading axes `S2` lacks (removed) and the axes where `S2` has
    /// size 1 (kept), as the eager [`sum_to`](crate::TensorBase::sum_to); nothing is computed
    /// yet. A bias's gradient, say, summed from the expression that gives it, with no
    /// temporary of the expression's size.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let dy = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    /// let keep = Tensor::<f32, shape![2, 3]>::from([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]);
    /// let bias_grad = (dy.lazy() * &keep).sum_to::<shape![3]>().eval();
    /// assert_eq!(bias_grad.as_slice(), [5.0, 5.0, 3.0]);
    /// let row_sums = (dy.lazy() * &keep).sum_to::<shape![2, 1]>().eval(); // the last axis kept as 1
    /// assert_eq!(row_sums.as_slice(), [4.0, 9.0]);
    /// ```
    #[hot]
    pub fn sum_to<S2>(self) -> Lazy<Reduce<E, To<S2>, SumFold, S2>>
    where
        S2: AnyBroadcastTo<E::Shape>,
        <S2 as AnyBroadcastTo<E::Shape>>::Proof: Sized,
        SumFold: Fold<E::Elem>,
    {
        Lazy(Reduce::new(self.0))
    }
}

impl<E: Expression> Lazy<E> {
    /// The sum of every element: evaluated now, in one pass, in 16 lanes added together at the
    /// end (floating-point sums can differ from a left-to-right loop in the last bits).
    ///
    /// This total and the others (`mean_all`, `max_all`, …) panic where
    /// [`eval`](Lazy::eval) does: where run-time sizes make the expression's elements more than
    /// `usize` counts (`[R, 1, 0] + [1, Q, 0]` reduced over its empty axis with keep-dims, for
    /// R = Q = 2^62). They never answer as if such an expression had no elements.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!((x.lazy() * 2).sum_all(), 42);
    /// ```
    #[inline]
    pub fn sum_all(self) -> E::Elem
    where
        E::Elem: Summable,
    {
        self.fold_all::<SumFold>().unwrap_or(E::Elem::ZERO)
    }

    /// The mean of every element: the sum divided by the count (NaN for no elements).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![4]>::from([1.0, 2.0, 3.0, 6.0]);
    /// assert_eq!(x.lazy().mean_all(), 3.0);
    /// ```
    #[inline]
    pub fn mean_all(self) -> E::Elem
    where
        E::Elem: FloatCore + Summable,
    {
        let count = self.0.shape().element_count();
        let sum = self.fold_all::<SumFold>();
        match sum {
            Some(s) => MeanFold::finish(s, count),
            None => E::Elem::nan(),
        }
    }

    /// The maximum of every element, NaN ignored unless every element is NaN: `None` if there
    /// are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![3]>::from([1.0, f32::NAN, -4.0]);
    /// assert_eq!(x.lazy().abs().max_all(), Some(4.0));
    /// ```
    #[inline]
    pub fn max_all(self) -> Option<E::Elem>
    where
        MaxFold: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>,
    {
        self.fold_all::<MaxFold>()
    }

    /// The minimum of every element, NaN ignored unless every element is NaN: `None` if there
    /// are none.
    #[inline]
    pub fn min_all(self) -> Option<E::Elem>
    where
        MinFold: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>,
    {
        self.fold_all::<MinFold>()
    }

    /// The flat row-major index of the first maximum of every element, NaN ignored unless every
    /// element is NaN (then 0), as NumPy's `argmax` with no axis: `None` if there are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 7.0, f32::NAN], [7.0, -2.0, 3.0]]);
    /// assert_eq!(x.lazy().argmax_all(), Some(1)); // the first 7, at [0, 1]
    /// assert_eq!((x.lazy() * -1.0).argmax_all(), Some(4)); // -(-2), at [1, 1]
    /// ```
    #[inline]
    pub fn argmax_all(self) -> Option<usize>
    where
        Max<true>: Pick<E::Elem>,
    {
        self.pick_all::<Max<true>>()
    }

    /// The flat row-major index of the first minimum of every element, NaN ignored unless
    /// every element is NaN (then 0): `None` if there are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 2]>::from([[4, -1], [-1, 0]]);
    /// assert_eq!(x.lazy().argmin_all(), Some(1));
    /// ```
    #[inline]
    pub fn argmin_all(self) -> Option<usize>
    where
        Min<true>: Pick<E::Elem>,
    {
        self.pick_all::<Min<true>>()
    }

    /// The position of the first element that `P` picks over every other, counted in
    /// row-major order as the pass hands the elements on: `None` for no elements.
    #[hot]
    fn pick_all<P: Pick<E::Elem>>(self) -> Option<usize> {
        let (mut best, mut seen) = (None, 0);
        self.each_block(
            #[inline(always)]
            |block| {
                for (k, &x) in block.iter().enumerate() {
                    match best {
                        Some((b, _)) if !P::better(x, b) => {}
                        _ => best = Some((x, seen + k)),
                    }
                }
                seen += block.len();
            },
        );
        best.map(|(_, at)| at)
    }

    /// Folds every element with `F` in 16 lanes, then the lanes together: `None` for no
    /// elements.
    #[hot]
    fn fold_all<F: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>>(self) -> Option<E::Elem> {
        // Element k of each block the pass hands on is folded into lane k % 16. A block is 16
        // elements, a run's last part, or a whole short row whose length the shape fixes
        // (softmax's 10 classes): each is one vector step, with no copy. `started` lanes hold a
        // value; the others start with their first element.
        let mut lanes: Option<[E::Elem; BLOCK]> = None;
        let mut started = 0;
        self.each_block(
            #[inline(always)]
            |block| {
                if let (Ok(full), Some(lanes), BLOCK) =
                    (<&[E::Elem; BLOCK]>::try_from(block), lanes.as_mut(), started)
                {
                    for (a, &x) in lanes.iter_mut().zip(full) {
                        *a = F::step(*a, x, 0);
                    }
                    return;
                }
                for chunk in block.chunks(BLOCK) {
                    let Some(&first) = chunk.first() else { continue };
                    let lanes = lanes.get_or_insert([first; BLOCK]);
                    if chunk.len() <= started {
                        for (a, &x) in lanes.iter_mut().zip(chunk) {
                            *a = F::step(*a, x, 0);
                        }
                    } else {
                        for (k, (a, &x)) in lanes.iter_mut().zip(chunk).enumerate() {
                            *a = if k < started { F::step(*a, x, 0) } else { F::first(x) };
                        }
                        started = chunk.len();
                    }
                }
            },
        );
        lanes.and_then(|lanes| lanes[..started].iter().copied().reduce(|a, b| F::step(a, b, 0)))
    }

    /// One pass over every element of the expression, handing `sink` the elements in
    /// row-major order, a block (or a run's last part, or a short row) at a time: what the
    /// totals fold.
    #[hot]
    fn each_block(self, sink: impl FnMut(&[E::Elem])) {
        let shape = self.0.shape();
        if !E::Shape::FIXED {
            super::check_result(&shape);
        }
        way::evaluate(EachBlock { expr: self.0, shape, sink });
    }
}

/// The pass of the totals ([`Lazy::each_block`]): every element of `expr`, handed to `sink` a
/// block at a time in row-major order.
struct EachBlock<E: Typed, K> {
    expr: E,
    shape: E::Shape,
    sink: K,
}

impl<E: Expression, K: FnMut(&[E::Elem])> way::Evaluation for EachBlock<E, K> {
    const AXES: usize = E::Shape::RANK + E::SLOTS;
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let EachBlock { expr, shape, sink } = self;
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let src = super::stretched::<W, E>(expr, dims);
        fused::run(dims, super::hint::<E, E::Shape>(), src, sink)
    }
}
