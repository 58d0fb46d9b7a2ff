//! Outputs that each fold a row: elements that lie close together along the last reduced axis
//! (a row sum, a softmax's 10 classes, a layer's 256 features), folded along it.

use super::fold::{Fold, one_done};
use super::folder::Folder;
use crate::expr::operand::{Called, Operand};
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::place::{RunTime, Spot};
use crate::kernel::source::{Cursor, RunBlocks, Shared, Source};
use shapecast_macros::hot;

/// How many elements along its last reduced axis make an output's fold long (see
/// [`Folder::lengthwise`]): 128 for sums and means; 256 for a fold that keeps one of two
/// values (a maximum, a position: [`Fold::SELECTS`]), whose lanes across the outputs step with
/// one compare, and whose lanes along one output end in a longer merge (the maxima of rows of
/// 128 are faster folded across). Counting sums long from 64 made rows of 96 faster, but the
/// `softmax` program slower.
pub(super) const fn long<T: Copy, F: Fold<T>>() -> usize {
    if F::SELECTS { 16 * BLOCK } else { 8 * BLOCK }
}

/// Whether `n` reduced axes whose last has `len` elements are one row of whole blocks that
/// `F` folds faster along the row than across the outputs (see `Folder::flat_long`):
/// from 16 elements for a sum or a mean (the rows of `[1000000, 16]` so match a hand loop, and
/// are far slower in lanes across the outputs); from 64 for a maximum or a position, whose
/// lanes across the outputs step with one compare (rows of 32 are faster folded across, rows
/// of 64 alike either way, rows of 96 and 128 faster along, their lanes merged [`pairwise`](super::fold::pairwise)).
pub(super) const fn long_rows<T: Copy, F: Fold<T>>(n: usize, len: usize) -> bool {
    let shortest = if F::SELECTS { 4 * BLOCK } else { BLOCK };
    n == 1 && len >= shortest && len.is_multiple_of(BLOCK)
}

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize> Folder<S, F, W>
where
    F::Output: Shared,
{
    /// The block of outputs at `at` when each folds one short row (2 to [`BLOCK`] elements: a
    /// softmax's 10 classes) whose elements lie in one flat run with the next output's
    /// (`[B, 10]` summed over its last axis): the operand is computed over the [`BLOCK`] rows as
    /// flat blocks, contiguous loads, then each row is folded in order, as a hand loop folds
    /// it (a sum over `[200000, 10]`'s rows is faster so than with one lane per output and a
    /// strided read per element). `None` when the reduction or its leaves are not so.
    #[hot]
    pub(super) fn flat(&mut self, at: usize) -> Option<[F::Output; BLOCK]> {
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
    pub(super) fn flat_long(
        &mut self,
        at: usize,
        runs: Option<(usize, usize)>,
    ) -> Option<[F::Output; BLOCK]> {
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
                    inner.next_run::<RunTime>(Spot::root::<RunTime>(), down, left - r);
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
    /// [`LONG_ROWS`](super::ReduceSource::LONG_ROWS)), with no call and no cursor moved where it is not.
    #[hot]
    pub(super) fn long_row(&self) -> bool {
        long_rows::<S::Elem, F>(self.n, self.sizes[0])
    }

    /// The output whose row of `len` elements, a whole number of blocks, is the current run of
    /// `inner`, folded in lanes along it with [`Fold::quick`]; and whether a lane may then be
    /// wrong ([`Fold::unsure`]).
    #[hot]
    pub(super) fn row(inner: &mut S, len: usize, count: usize) -> (F::Output, bool) {
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

    /// Whether each output folds a long axis ([`long`] elements or more) whose elements lie
    /// close together: a row of `[4096, 1024]` summed, k-means' sums over every point. Such
    /// outputs are folded one at a time, in lanes along that axis ([`each`](Self::each)):
    /// across the outputs, each lane would read a column, element by element (far slower on
    /// the row sums of `[4096, 1024]`).
    #[hot]
    pub(super) fn lengthwise(&self) -> bool {
        self.close
            && self.n.checked_sub(1).is_some_and(|last| self.sizes[last] >= const { long::<S::Elem, F>() })
    }

    /// The `len` outputs (1 to [`BLOCK`]) from `at`, each folded alone, in lanes along its
    /// last reduced axis ([`fold_one`](Self::fold_one)); lanes past `len` repeat the last.
    /// (Not inlined: each output folds many elements.)
    #[inline(never)]
    pub(super) fn each(&mut self, at: usize, len: usize) -> [F::Output; BLOCK] {
        let first = self.output(at);
        let mut out = [first; BLOCK];
        for (i, o) in out.iter_mut().enumerate().take(len).skip(1) {
            *o = self.output(at + i);
        }
        let last = out[len - 1];
        out[len..].fill(last);
        out
    }

    /// The outputs of this run and the next 15, where this reduction is stretched along the
    /// runs and each output folds a row of whole blocks (`x - x.mean_keepdims::<axes![1]>()`):
    /// folded together along the pass's loop `down`, as [`flat_long`](Self::flat_long) folds a
    /// block of outputs along a run, then handed on one per run (`left`, 16 or more, are left
    /// along `down`). Faster, over `[16384, 128]` and `[8192, 256]`, than each row's statistic
    /// folded through a call and looked up by each block. (Not inlined: it runs once per 16
    /// runs.)
    #[inline(never)]
    pub(super) fn fold_runs(&mut self, down: usize, left: usize) {
        let run = self.first_cursor(Cursor::run_axis).unwrap_or(Cursor::<W>::STILL);
        self.inner.cursors(&mut |c| c.enter(0, down));
        let outputs = self.flat_long(0, Some((down, left)));
        self.inner.cursors(&mut |c| c.leave(0, run));
        if let Some(outputs) = outputs {
            self.stretched = Some(outputs[0]);
            self.ahead_runs = Some((outputs, left));
        }
    }

    /// One output, folded along its own last reduced axis in [`BLOCK`] lanes (each lane takes
    /// every 16th element), then the lanes merged: a long reduction into few outputs (k-means'
    /// centroid sums over every point) vectorizes too.
    #[hot]
    pub(super) fn fold_one(&mut self, at: usize) -> F::Output {
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
    pub(super) fn fold_short(&mut self, at: usize) -> F::Output {
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
    pub(super) fn fold_one_as<const STRIDED: bool>(&mut self, at: usize) -> (F::Output, bool) {
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
