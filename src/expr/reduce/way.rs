//! Which way a reduction's block of outputs is folded: chosen from the types where a plan made
//! while the program compiles fixes the layout, otherwise from its cursors, and how the fused
//! pass reads the reduction ([`Source`]).

use super::column::IN_L1;
use super::fold::Fold;
use super::folder::{Folder, One, ReduceSource};
use super::row::{long, long_rows};
use crate::expr::folding::{Folding, ReducedAxes};
use crate::expr::operand::Operand;
use crate::kernel::fused::BLOCK;
use crate::kernel::place::PlanOf;
use crate::kernel::place::{Pass, Spot};
use crate::kernel::run::{AsItGoes, Folded, block_at, planned_at};
use crate::kernel::source::{Cursor, Shared, Source};
use shapecast_macros::hot;

/// A way of reading a planned block ([`Source::planned`]'s arguments), as a function pointer.
type PlannedRead<S, const W: usize> = fn(&mut S, usize, Spot, &[usize; W]) -> [<S as Source<W>>::Elem; BLOCK];

impl<S: Source<W>, F: Fold<S::Elem>, const W: usize, K: ReducedAxes> ReduceSource<S, F, W, K>
where
    F::Output: Shared,
{
    /// Whether the types allow this reduction to fold rows of whole blocks lying flat
    /// (`Folder::flat_long`): they fix one reduced axis of such a length, or leave
    /// the reduced sizes to run time. Where not, that path is not compiled.
    pub(super) const LONG_ROWS: bool = match K::FOLDING {
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
    pub(super) const SHORT: bool = K::FOLDING.is_some()
        && Folding::or_none(K::FOLDING).n <= 1
        && Folding::or_none(K::FOLDING).last_size() < 2 * BLOCK;
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

    /// One output (see `Folder::get_as`).
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
    /// steps are each leaf's constant strides (`Cursor::shift`). Short rows are folded so
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
    /// along `down`, those of this run and the next 15 (see `Folder::fold_runs`).
    /// Its operand is not told: the reductions inside it are told of the rows this one folds,
    /// as it folds them (see `Folder::flat_long`).
    ///
    /// In a pass with a plan, only a reduction that the plan says is the same along the run
    /// looks further: in any other, the fold of 16 runs is not compiled, and the reduction's
    /// state stays in registers through the pass (the product of `[B, 128]` and `[128, 10]` as
    /// a broadcast and a sum, whose outputs differ along each run of 10).
    #[hot]
    fn next_run<P: Pass>(&mut self, spot: Spot, down: usize, left: usize) {
        if !const { Self::LONG_ROWS } || const { K::ONE } {
            return;
        }
        if PlanOf::<P, W>::PLAN.is_some() && !spot.still::<P, W>(S::LEAVES) {
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
    pub(super) fn part(&mut self, at: usize, len: usize) -> [F::Output; BLOCK] {
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
    pub(super) fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [F::Output; BLOCK] {
        self.across(|inner| inner.rows(at, len, n, down))
    }

    /// One output, folded by [`fold_short`](Self::fold_short) where `SHORT`
    /// ([`ReduceSource::SHORT`]), else by [`fold_one`](Self::fold_one), and remembered (see
    /// `last`): a reduction inside another's fold that does not move with it (softmax's row
    /// maximum inside the row sum) is folded once, not once per element of the outer fold.
    /// (Not inlined: it runs once per run, or once per block where the output is stretched.)
    #[inline(never)]
    pub(super) fn get_as<const SHORT: bool>(&mut self, at: usize) -> F::Output {
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
        self.last = key.map(|key| (key, [value; BLOCK]));
        value
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
        // Whether every leaf's elements along the last reduced axis lie close together (stride
        // 4 or less), and whether they lie flat (1 or less, as `Folder::flat_long` reads a row):
        // both from the plan's table, so decided while the program compiles, and a way that
        // does not fit is not compiled.
        let (mut close, mut flat) = (true, true);
        if let Some(last) = folding.n.checked_sub(1) {
            let column = spot.slot + folding.columns[last];
            for leaf in 0..S::LEAVES {
                // (A leaf past the table, which a pass that runs as its plan says never has,
                // reads where its cursor says: neither.)
                let stride =
                    spot.after(leaf, 0).strides::<P, W>().and_then(|(_, strides)| strides.get(column));
                close &= stride.is_some_and(|&s| s <= 4);
                flat &= stride.is_some_and(|&s| s <= 1);
            }
        }
        // A run shorter than a block is read whole, its lanes past it repeating its last
        // output (see `fused::short_runs`): no fold reaches past it.
        let short = const { PlanOf::<P, W>::SHORT_RUN };
        if const { Self::LONG_ROWS && PlanOf::<P, W>::SHORT_RUN == BLOCK }
            && flat
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
