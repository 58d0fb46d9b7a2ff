//! The folds a reduction runs for each output: the sum, the mean, the maximum and minimum and
//! their positions, each from a first element, one step per element, a merge of two partial
//! folds and a finish; and their lanes, 16 outputs (or 16 parts of one) folded at once.

use crate::kernel::fold::{Max, Min, Pick, Reducer, Sum};
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::source::Shared;
use crate::kernel::statics::{MapInto, ReducePlan};
use crate::kernel::{arg_slices, fold_slices};
use crate::shape::AnyShape;
use crate::summable::Summable;
use core::marker::PhantomData;
use num_traits::float::FloatCore;
use shapecast_macros::hot;

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
    /// Whether folding an element a second time changes no carry (a maximum): a row of
    /// outputs may then start from its first row of elements and fold it again with the others,
    /// one loop with nothing to tell the first row from the others.
    #[doc(hidden)]
    const AGAIN: bool = false;
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
pub(super) fn pairwise<A: Copy>(mut acc: [A; BLOCK], merge: impl Fn(A, A) -> A) -> A {
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
pub(super) fn firsts<T: Copy, F: Fold<T>>(x: [T; BLOCK]) -> [F::Acc; BLOCK] {
    fused::lanes(|l| F::first(x[l]))
}

/// Each lane of `acc` stepped by the lane of `x`, the `i`th element each folds ([`Fold::quick`]).
#[hot]
pub(super) fn quick<T: Copy, F: Fold<T>>(acc: &mut [F::Acc; BLOCK], x: &[T; BLOCK], i: usize) {
    for (a, &x) in acc.iter_mut().zip(x) {
        *a = F::quick(*a, x, i);
    }
}

/// Each lane of `acc` stepped by the lane of `x`, the `i`th element each folds ([`Fold::step`]).
#[hot]
pub(super) fn step<T: Copy, F: Fold<T>>(acc: &mut [F::Acc; BLOCK], x: &[T; BLOCK], i: usize) {
    for (a, &x) in acc.iter_mut().zip(x) {
        *a = F::step(*a, x, i);
    }
}

/// Each lane of `x` started by `F`, the `base + at[l]`th element lane `l` folds
/// ([`Fold::first_at`]).
#[hot]
pub(super) fn firsts_at<T: Copy, F: Fold<T>>(
    x: [T; BLOCK],
    at: &[usize; BLOCK],
    base: usize,
) -> [F::Acc; BLOCK] {
    fused::lanes(|l| F::first_at(x[l], base + at[l]))
}

/// Each lane of `acc` stepped by the lane of `x`, the `base + at[l]`th element lane `l` folds
/// ([`Fold::step`]).
#[hot]
pub(super) fn step_at<T: Copy, F: Fold<T>>(
    acc: &mut [F::Acc; BLOCK],
    x: &[T; BLOCK],
    at: &[usize; BLOCK],
    base: usize,
) {
    for ((a, &x), &r) in acc.iter_mut().zip(x).zip(at) {
        *a = F::step(*a, x, base + r);
    }
}

/// Each lane of `acc` finished, over `count` elements ([`Fold::finish`]).
#[hot]
pub(super) fn finishes<T: Copy, F: Fold<T>>(acc: &[F::Acc; BLOCK], count: usize) -> [F::Output; BLOCK] {
    fused::lanes(|l| F::finish(acc[l], count))
}

/// One output's fold finished, over `count` elements, from its lanes and the elements past
/// them (see `Folder::fold_one_as`), and whether it may be wrong ([`Fold::unsure`]).
#[hot]
pub(super) fn one_done<T: Copy, F: Fold<T>>(
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

/// Whether each lane of `acc` may be wrong ([`Fold::unsure`]).
#[hot]
pub(super) fn unsures<T: Copy, F: Fold<T>>(acc: &[F::Acc; BLOCK]) -> [bool; BLOCK] {
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
    const AGAIN: bool = <P::Exact as Reducer<T>>::IDEMPOTENT;
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
