//! A reduction as the fused pass reads it: its operand's source, the reduced axes each output
//! folds over, and what it keeps between calls; the ways to fold it (`row`, `column`,
//! `remember`) and the choice among them (`way`) build on it.

use super::fold::Fold;
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::source::{Cursor, Shared, Source};
use core::marker::PhantomData;
use shapecast_macros::hot;

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
    pub(super) fn new(
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
    pub(super) folder: Folder<S, F, W>,
    pub(super) reduced: PhantomData<fn() -> K>,
}

/// One output folded, as [`Source::get`] folds it (see [`Folder::one`]).
pub(super) type One<S, F, const W: usize> =
    fn(&mut Folder<S, F, W>, usize) -> <F as Fold<<S as Source<W>>::Elem>>::Output;

/// A reduction's operand's source and the reduced axes (their cursor slots and sizes) that
/// each output folds over: all that its folds for run-time sizes read. Not generic over the
/// reduced axes' type, so that every reduction of one operand's source by one fold shares
/// them (with that type, each shape and each choice of axes compiled its own copy).
pub struct Folder<S, F: Fold<S::Elem>, const W: usize>
where
    S: Source<W>,
{
    pub(super) inner: S,
    /// How one output is folded ([`Folder::get_as`]), chosen by the reduced axes' type: a
    /// pointer, so that only the fold chosen is compiled.
    pub(super) one: One<S, F, W>,
    pub(super) axes: [usize; W],
    pub(super) sizes: [usize; W],
    pub(super) n: usize,
    pub(super) count: usize,
    /// Whether every leaf's elements along the last reduced axis lie close together (stride 4
    /// or less): decided once, as those strides never change during a pass.
    pub(super) close: bool,
    /// The output for the whole current run, where it is stretched along it (a row's mean
    /// under `x - mean`, kept as `[N, 1]`): set at the run's first block, then read with no
    /// lookup. Any move of the cursors from outside ([`cursors`](Source::cursors)) forgets it.
    pub(super) stretched: Option<F::Output>,
    /// The outputs of 16 runs where they are stretched along them, folded together at the
    /// first, and how many runs the pass had left at that first one (see
    /// [`next_run`](Source::next_run)): the run with `left` runs left is number `first - left`.
    pub(super) ahead_runs: Option<([F::Output; BLOCK], usize)>,
    /// The last outputs folded, a block or one alone, by where and how its (at most
    /// [`MEMO`]) leaves read them and how many there are (see
    /// [`remembered`](Self::remembered)).
    pub(super) last: Option<([usize; KEY], [F::Output; BLOCK])>,
    /// Outputs folded ahead (see [`tile`](Self::tile)).
    pub(super) ahead: Option<Ahead<F::Acc, F::Output>>,
    /// The next block of the run, folded with the last one (see [`planned`](Source::planned)),
    /// and where it lies. Any move of the cursors from outside forgets it.
    pub(super) paired: Option<(usize, [F::Output; BLOCK])>,
    /// The operand over [`BLOCK`] short rows, read flat (see [`flat`](Self::flat)): made at the
    /// first such block, then only its first blocks are written, one per element of a row.
    pub(super) rows: Option<[[S::Elem; BLOCK]; BLOCK]>,
}

/// The most leaves a reduction remembers its last output by.
pub(super) const MEMO: usize = 4;

/// What outputs are remembered by: where each leaf starts and its step along the run, and the
/// number of outputs.
pub(super) const KEY: usize = 2 * MEMO + 1;

/// Blocks of outputs folded ahead of their turn: the run they belong to (by where the leaves
/// start), the first block's position, how many blocks, their carries and their results.
#[derive(Clone)]
pub(super) struct Ahead<A, O> {
    pub(super) run: [usize; KEY],
    pub(super) start: usize,
    pub(super) count: usize,
    pub(super) carries: Blocks<A>,
    pub(super) blocks: Blocks<O>,
}

/// The most blocks a reduction over far-apart elements folds at once: 64, a whole row of a
/// `[B, 1024]` tensor, so that each row is read once for all its outputs. They are kept on the
/// heap: on the stack, 64 blocks of carries and results overflowed a rayon thread's stack in
/// debug builds. Without an allocator, 16 blocks on the stack.
#[cfg(feature = "alloc")]
pub(super) const TILE: usize = 64;

/// The most blocks a reduction over far-apart elements folds at once (see above).
#[cfg(not(feature = "alloc"))]
pub(super) const TILE: usize = 16;

/// [`TILE`] blocks: on the heap when there is an allocator.
#[cfg(feature = "alloc")]
pub(super) type Blocks<T> = alloc::vec::Vec<[T; BLOCK]>;

/// [`TILE`] blocks: on the heap when there is an allocator.
#[cfg(not(feature = "alloc"))]
pub(super) type Blocks<T> = [[T; BLOCK]; TILE];

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

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// `f` of the first leaf's cursor (every leaf's run is the same axis): `None` without
    /// leaves.
    #[hot]
    pub(super) fn first_cursor<R>(&self, f: impl Fn(&Cursor<W>) -> R) -> Option<R> {
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
    pub(super) fn invariant(&self) -> bool {
        fused::still(&self.inner)
    }

    /// `f` of this reduction with its leaves' cursors moved `along` (see [`Source::planned`]),
    /// then moved back: how a planned pass reaches what it reads as the cursors say.
    #[hot]
    pub(super) fn by_cursors<R>(&mut self, along: &[usize; W], f: impl FnOnce(&mut Self) -> R) -> R {
        // (What is `stretched` where the cursors are is not so where they are moved to.)
        let kept = self.stretched.take();
        self.inner.cursors(&mut |c| c.moved(along, false));
        let out = f(self);
        self.inner.cursors(&mut |c| c.moved(along, true));
        self.stretched = kept;
        out
    }

    /// One step through the reduced axes (the last fastest), the operand's cursors kept in
    /// step: `false`, the cursors back where they started, once every axis has wrapped.
    #[hot]
    pub(super) fn advance(&mut self, index: &mut [usize; W]) -> bool {
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

    /// One output, as the reduction's [`Source::get`] folds it.
    #[hot]
    pub(super) fn output(&mut self, at: usize) -> F::Output {
        (self.one)(self, at)
    }
}
