//! The fused kernel: one pass over an output, reading any number of strided operands (the
//! leaves of an expression) and combining them as the expression says, with no temporary.
//!
//! Planning is `Plan::new`'s, over a tree instead of an array: each leaf holds its stride along
//! every output axis (0 where it is stretched); size-1 axes are dropped and an axis is merged
//! into the one before where every leaf steps over the pair as over one axis. When every size
//! but the output's first is fixed, that plan is made while the program compiles, by `Plan::new` itself (see
//! `constant`), and the pass starts from constants. The innermost run is then read in blocks of [`BLOCK`] elements: each leaf loads its block (a slice, or one
//! value repeated where it is stretched along the run), the expression combines the blocks in
//! registers, and the block is handed on (written, appended, or folded into the output) in one
//! store. The block's length is a constant, so every combining step vectorizes.

use core::marker::PhantomData;
use core::ops::Range;
use shapecast_macros::hot;

use super::constant::Narrow;
use super::place::{Pass, PlanOf, RunTime, Spot};
use super::source::{Cursor, RunBlocks, Source};
use super::walk::{Leaves, Loops, Walk};

use super::block::TILE_COLUMNS;
pub use super::block::{BLOCK, lanes};

/// The loop nest over an output of sizes `dims`, its leaves' cursors set to match.
#[derive(Debug, PartialEq)]
pub(crate) struct Nest<const W: usize> {
    rank: usize,
    dims: [usize; W],
}

impl<const W: usize> Nest<W> {
    /// The loop nest of a plan made while the program compiled, over an output of sizes
    /// `sizes`, `src`'s cursors set from the plan's table as [`plan`](Self::plan) sets them;
    /// `None` for an empty output.
    #[hot]
    fn planned<S: Source<W>>(plan: &'static Narrow<W>, sizes: &[usize], src: &mut S) -> Option<Self> {
        let (rank, dims) = plan.loops(sizes)?;
        let run = rank.checked_sub(1).unwrap_or(Cursor::<W>::STILL);
        let run_len = if rank > 0 { dims[rank - 1] } else { 1 };
        let mut leaf = 0;
        src.cursors(&mut |c| {
            c.set(plan.strides(leaf), plan.outs(), run, run_len);
            leaf += 1;
        });
        debug_assert_eq!(leaf, plan.leaves(), "the table has a row for every leaf the pass visits");
        Some(Nest { rank, dims })
    }

    /// Plans the loops over `dims` for `src`'s leaves (compacting their strides to the plan's
    /// axes, and setting each leaf's stride along the run), or takes the plan made while the
    /// program compiled (see [`Hint`]). `None` when the output is empty.
    ///
    /// The planning of a pass with a plan is chosen while the program compiles (a constant
    /// function pointer, see `way`), so that such a pass does not compile the planning of one
    /// without; that one is generic over the source only, shared by the passes over it.
    #[hot]
    pub(crate) fn plan<S: Source<W>, P: Pass>(dims: &[usize], _: Hint<P>, src: &mut S) -> Option<Self> {
        let plan: fn(&[usize], &mut S) -> Option<Self> = const {
            if PlanOf::<P, W>::PLAN.is_some() { Self::by_types::<S, P> } else { Self::at_run_time::<S> }
        };
        plan(dims, src)
    }

    /// [`plan`](Self::plan) for a pass whose plan was made while the program compiled.
    #[hot]
    fn by_types<S: Source<W>, P: Pass>(dims: &[usize], src: &mut S) -> Option<Self> {
        let plan = PlanOf::<P, W>::get().expect("chosen only for a pass with a plan");
        Self::planned(plan, dims, src)
    }

    /// [`plan`](Self::plan) for a pass with no plan: made from the leaves' cursors.
    #[hot]
    fn at_run_time<S: Source<W>>(dims: &[usize], src: &mut S) -> Option<Self> {
        let mut nest = Nest { rank: 0, dims: [1; W] };
        for (axis, &d) in dims.iter().enumerate() {
            if d == 0 {
                return None;
            }
            if d == 1 {
                continue;
            }
            let last = nest.rank.wrapping_sub(1);
            let merge = nest.rank > 0 && src.all(&mut |c| c.strides[last] == c.strides[axis].wrapping_mul(d));
            if merge {
                nest.dims[last] = nest.dims[last].wrapping_mul(d);
                src.cursors(&mut |c| c.strides[last] = c.strides[axis]);
            } else {
                let at = nest.rank;
                src.cursors(&mut |c| c.strides[at] = c.strides[axis]);
                nest.dims[at] = d;
                nest.rank += 1;
            }
        }
        let run = nest.rank.checked_sub(1).unwrap_or(Cursor::<W>::STILL);
        let outs = dims.len();
        let run_len = nest.run_len();
        src.cursors(&mut |c| {
            // The output's axes past the merged loops hold nothing any more.
            c.strides[nest.rank..outs].fill(0);
            c.outs = outs;
            c.run = run;
            c.run_len = run_len;
            c.inner = c.strides[run];
            // (The offset stays where the leaf made it: 0, or a reversed view's first element.)
        });
        Some(nest)
    }

    /// The length of the innermost run (1 for a scalar output).
    #[hot]
    pub(crate) fn run_len(&self) -> usize {
        match self.rank.checked_sub(1) {
            Some(last) => self.dims[last],
            None => 1,
        }
    }

    /// Moves `src`'s cursors from the pass's start (where [`plan`](Self::plan) leaves them) to
    /// the start of innermost run number `run` (row-major), and returns the odometer's index
    /// there, for [`advance`](Self::advance): where a piece of a split pass starts.
    #[cfg(feature = "rayon")]
    pub(crate) fn seek<S: Source<W>>(&self, mut run: usize, src: &mut S) -> [usize; W] {
        let mut index = [0usize; W];
        for a in (0..self.loops()).rev() {
            let k = run % self.dims[a];
            run /= self.dims[a];
            index[a] = k;
            src.cursors(&mut |c| c.offset = c.offset.wrapping_add(c.strides[a].wrapping_mul(k)));
        }
        index
    }

    /// The number of steps of loop `a`.
    #[cfg(feature = "rayon")]
    #[hot]
    pub(crate) fn size(&self, a: usize) -> usize {
        self.dims[a]
    }

    /// The number of loops around the innermost run.
    #[hot]
    pub(crate) fn loops(&self) -> usize {
        self.rank.saturating_sub(1)
    }

    /// Calls `run` once per innermost run, in row-major order, with `src`'s cursors at its
    /// start, and tells `src` of each run first ([`Source::next_run`]).
    #[hot]
    pub(crate) fn for_each_run<S: Source<W>, P: Pass>(&self, src: &mut S, mut run: impl FnMut(&mut S)) {
        let loops = self.loops();
        let mut index = [0usize; W];
        loop {
            if let Some(down) = loops.checked_sub(1) {
                let left = self.dims[down] - index[down];
                // (Told of the plan only where the pass reads as it says: see `read`.)
                match const { by_plan::<W, S, P>() } {
                    true => src.next_run::<P>(Spot::root::<P>(), down, left),
                    false => src.next_run::<RunTime>(Spot::root::<RunTime>(), down, left),
                }
            }
            run(src);
            if !self.advance(loops, &mut index, src) {
                return;
            }
        }
    }

    /// How far apart in the output (row-major) the steps of each loop are: the product of the
    /// sizes of the loops inside it.
    #[hot]
    fn out_strides(&self) -> [usize; W] {
        let mut strides = [0; W];
        let mut step = 1usize;
        for a in (0..self.rank).rev() {
            strides[a] = step;
            step = step.wrapping_mul(self.dims[a]);
        }
        strides
    }

    /// Where in the output (row-major) the loops' `index` lies.
    #[hot]
    fn position(&self, index: &[usize; W]) -> usize {
        let strides = self.out_strides();
        (0..self.rank).fold(0, |pos, a| pos + index[a] * strides[a])
    }

    /// The nest with `steps` steps of loop `a`: with 1, its odometer ([`advance`](Self::advance))
    /// walks every other loop, as a pass in tiles that walks `a` itself needs; along the
    /// outermost loop, a piece of a pass split across threads (its cursors moved to the
    /// piece's first step).
    pub(crate) fn with_steps(&self, a: usize, steps: usize) -> Self {
        let mut nest = Nest { rank: self.rank, dims: self.dims };
        nest.dims[a] = steps;
        nest
    }

    /// One step of the odometer over the first `loops` loops, the cursors kept in step. `false`
    /// once every loop has wrapped.
    #[hot]
    pub(crate) fn advance<S: Source<W>>(&self, loops: usize, index: &mut [usize; W], src: &mut S) -> bool {
        for a in (0..loops).rev() {
            index[a] += 1;
            if index[a] < self.dims[a] {
                src.cursors(&mut |c| c.step(a, None));
                return true;
            }
            index[a] = 0;
            let back = self.dims[a] - 1;
            src.cursors(&mut |c| c.step(a, Some(back)));
        }
        false
    }
}

/// What the types tell a pass before it runs, as the pass `P` (see `place::Pass`): the length
/// of the output's last axis where its shape fixes it, and the whole plan, made while the
/// program compiled, when every size but the output's first is fixed, so that a source's reads
/// along its runs can take their strides from it as constants.
#[doc(hidden)]
#[derive(Debug)]
pub struct Hint<P = RunTime> {
    pub(crate) pass: PhantomData<fn() -> P>,
}

impl<P: Pass> Hint<P> {
    /// The plan made while the program compiled, if the pass has one, as a pass of width `W`
    /// reads it.
    #[cfg(test)]
    pub(crate) fn plan<const W: usize>(&self) -> Option<&'static Narrow<W>> {
        PlanOf::<P, W>::get()
    }
}

impl<P> Clone for Hint<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for Hint<P> {}

impl Hint {
    /// Nothing known before the pass runs (the shapes of `dynamic`'s arrays).
    pub(crate) const RUN_TIME: Hint = Hint { pass: PhantomData };
}

/// The block at `at` of `src`'s current run in pass `P`: read as its plan says, its leaves'
/// strides constants, where the pass has a plan made while the program compiled; otherwise
/// as the cursors say (`STRIDED`: see [`Source::block`]). Chosen by a constant function
/// pointer, so that the other way's functions are not even walked by the compiler (see
/// `way`).
#[hot]
pub(crate) fn read<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool>(
    src: &mut S,
    at: usize,
) -> [S::Elem; BLOCK] {
    let read: fn(&mut S, usize) -> [S::Elem; BLOCK] =
        const { if by_plan::<W, S, P>() { read_planned::<W, S, P> } else { S::block::<STRIDED> } };
    read(src, at)
}

/// [`read`] as the plan says.
#[hot]
fn read_planned<const W: usize, S: Source<W>, P: Pass>(src: &mut S, at: usize) -> [S::Elem; BLOCK] {
    src.planned::<P>(at, Spot::root::<P>(), &[0; W])
}

/// Whether a pass `P` over `S` reads as its plan says (see [`read`]): it has a plan made while
/// the program compiled, and every reduction in `S` folds axes the types fix.
pub(crate) const fn by_plan<const W: usize, S: Source<W>, P: Pass>() -> bool {
    PlanOf::<P, W>::PLAN.is_some() && S::FIXED_FOLDS
}

/// Whether pass `P` over `src` reads its blocks on the `STRIDED` path of [`read`]: it reads as
/// its plan says, or a leaf steps by more than 1 along the run.
#[hot]
pub(crate) fn strided<const W: usize, S: Source<W>, P: Pass>(src: &S) -> bool {
    by_plan::<W, S, P>() || !src.all(&mut |c| c.inner() <= 1)
}

/// Whether every leaf of `src` steps by 0 along the current run, so that what `src` gives is
/// the same all along it (a row's statistic under `x - mean`, kept as `[N, 1]`).
#[hot]
pub(crate) fn still<const W: usize, S: Source<W>>(src: &S) -> bool {
    src.all(&mut |c| c.inner() == 0)
}

/// Evaluates `src` over an output of sizes `dims`, handing `sink` the output elements in
/// row-major order, a block (or a run's last, shorter block) at a time.
#[hot]
pub(crate) fn run<const W: usize, S: Source<W>, P: Pass>(
    dims: &[usize],
    hint: Hint<P>,
    mut src: S,
    sink: impl FnMut(&[S::Elem]),
) {
    let Some(nest) = Nest::plan(dims, hint, &mut src) else { return };
    run_planned::<W, S, P, _, false>(&nest, &mut src, sink);
}

/// Where a pass that writes its output into memory puts each block: the next in row-major
/// order ([`next`](Self::next)), or, for a pass in tiles, one at its position ([`at`](Self::at)).
pub(crate) trait Sink<T> {
    /// The block after the last, in row-major order.
    fn next(&mut self, block: &[T]);
    /// The block at position `pos` of the output (row-major), in any order.
    fn at(&mut self, pos: usize, block: &[T]);
}

/// The output's elements from position `start` on (all of them, or a piece of a pass split
/// across threads) as a pass's [`Sink`]: `write` stores each block into the elements it covers.
pub(crate) struct SliceSink<'a, T, F> {
    pub(crate) out: &'a mut [T],
    pub(crate) start: usize,
    /// Where the next block in row-major order goes.
    pub(crate) pos: usize,
    pub(crate) write: F,
}

impl<T, F: Fn(&mut [T], &[T])> Sink<T> for SliceSink<'_, T, F> {
    #[hot]
    fn next(&mut self, block: &[T]) {
        self.at(self.pos, block);
        self.pos += block.len();
    }

    #[hot]
    fn at(&mut self, pos: usize, block: &[T]) {
        let from = pos - self.start;
        (self.write)(&mut self.out[from..from + block.len()], block);
    }
}

/// As [`run`], for an output written into memory: where a leaf reads the run across its lines
/// and down the rows along them (a transposed view: see [`tiles`]), the output is walked in
/// tiles of rows, so that each line read is read whole before it leaves the cache, and `sink`
/// is told where each block goes; otherwise in row-major order, as `run` walks it.
#[hot]
pub(crate) fn run_into<const W: usize, S: Source<W>, P: Pass, K: Sink<S::Elem>>(
    dims: &[usize],
    hint: Hint<P>,
    mut src: S,
    sink: &mut K,
) {
    let Some(nest) = Nest::plan(dims, hint, &mut src) else { return };
    let run: fn(&Nest<W>, &mut S, &mut K) =
        const { if may_tile::<W, S, P>() { rows_or_tiles::<W, S, P, K> } else { rows::<W, S, P, K> } };
    run(&nest, &mut src, sink);
}

/// [`run_into`]'s pass in tiles where [`tiles`] finds a loop for them, row-major otherwise.
#[hot]
fn rows_or_tiles<const W: usize, S: Source<W>, P: Pass, K: Sink<S::Elem>>(
    nest: &Nest<W>,
    src: &mut S,
    sink: &mut K,
) {
    match tiles(nest, src) {
        Some(down) => in_tiles(nest, down, 0..nest.dims[down], src, sink),
        None => rows::<W, S, P, K>(nest, src, sink),
    }
}

/// [`run_into`]'s pass row-major.
#[hot]
fn rows<const W: usize, S: Source<W>, P: Pass, K: Sink<S::Elem>>(nest: &Nest<W>, src: &mut S, sink: &mut K) {
    run_planned::<W, S, P, _, true>(
        nest,
        src,
        #[inline(always)]
        |block| sink.next(block),
    );
}

/// Whether a pass `P` over `S` may be walked in tiles ([`run_into`]): it has no reduction, and
/// no plan made while the program compiled that rules the tiles out. Where not, the tiles are
/// not compiled.
pub(crate) const fn may_tile<const W: usize, S: Source<W>, P: Pass>() -> bool {
    S::SLOTS == 0 && PlanOf::<P, W>::MAY_TILE
}

/// The loop the pass over `nest` is walked in tiles with, beside the run ([`in_tiles`]),
/// if any: its runs are a tile wide or more, and a leaf steps along the run by a
/// line or more (16 elements) but by less along that loop (a transposed view, whose elements
/// down a column are neighbours; of several such loops, the one it steps along least). Read
/// run by run, such a leaf loads a line for every element, and has left it before the next run
/// needs it.
#[hot]
pub(crate) fn tiles<const W: usize, S: Source<W>>(nest: &Nest<W>, src: &S) -> Option<usize> {
    let loops = nest.loops();
    if loops == 0 || nest.run_len() < TILE_COLUMNS {
        return None;
    }
    let mut down: Option<(usize, usize)> = None;
    // (Strides by their length: one that steps back, a reversed view's, is a wrapping negative.)
    let reach = |s: usize| (s as isize).unsigned_abs();
    src.all(&mut |c| {
        let inner = reach(c.inner());
        if inner >= BLOCK {
            for a in (0..loops).rev() {
                let s = reach(c.stride(a));
                if nest.dims[a] > 1 && s < inner && down.is_none_or(|(least, _)| s < least) {
                    down = Some((s, a));
                }
            }
        }
        true
    });
    down.map(|(_, a)| a)
}

/// The pass over `nest` in tiles with loop `down` ([`tiles`]), over its steps `rows` only (all
/// of them, or a piece of a pass split across threads), the other loops in order around them,
/// each tile read by columns ([`by_columns`]) and `sink` told where each run of it goes. Every
/// element is read where a row-major pass reads it, so the output is the same. (For sources
/// with no reduction: their blocks depend on nothing but their position.) `src`'s cursors are
/// at the pass's start, and are left there.
///
/// A tile is [`TILE_COLUMNS`] elements of the run wide. Where `src` is one leaf
/// ([`Source::leaf`]: a transpose alone) it is as tall: each column one run of the leaf of
/// several lines, each run of the output as many, so that the tile reads and writes runs of
/// the same length, and stays as long in each page it touches on either side. (A tile one
/// line wide wrote a single line to each of its pages before it moved on, and a permute whose
/// output rows lie pages apart paid for that, most into new memory; loading the next tile's
/// lines ahead held the tile's own work back behind them: see `benches/README.md`.) Without
/// an allocator it is [`BLOCK`] rows tall, as the tile lies on the stack. Otherwise a tile is [`BLOCK`] rows tall, where an operand that lies along the run (`y` in
/// `x.mt() + y`) gathers each column from lines that the tile's next columns read again, and
/// fewer of them stay in the cache.
#[inline(never)]
pub(crate) fn in_tiles<const W: usize, S: Source<W>>(
    nest: &Nest<W>,
    down: usize,
    rows: Range<usize>,
    src: &mut S,
    sink: &mut impl Sink<S::Elem>,
) {
    if src.leaf().is_some() {
        tiles_of::<W, S, LEAF_TILE_ROWS, TILE_COLUMNS>(nest, down, rows, src, sink);
    } else {
        tiles_of::<W, S, BLOCK, TILE_COLUMNS>(nest, down, rows, src, sink);
    }
}

/// The rows of a tile where the source is one leaf (see [`in_tiles`]): as many as its columns.
/// The tile lies on the stack, so without an allocator (a small stack, on a microcontroller)
/// it keeps the other tiles' [`BLOCK`] rows.
#[cfg(feature = "alloc")]
const LEAF_TILE_ROWS: usize = TILE_COLUMNS;
/// The rows of a tile where the source is one leaf (see above).
#[cfg(not(feature = "alloc"))]
const LEAF_TILE_ROWS: usize = BLOCK;

/// [`in_tiles`] in tiles of `R` rows by `C` columns.
#[hot]
fn tiles_of<const W: usize, S: Source<W>, const R: usize, const C: usize>(
    nest: &Nest<W>,
    down: usize,
    rows: Range<usize>,
    src: &mut S,
    sink: &mut impl Sink<S::Elem>,
) {
    let (n, step) = (nest.run_len(), nest.out_strides()[down]);
    let (around, mut index) = (nest.with_steps(down, 1), [0usize; W]);
    // The tile, made with the pass's first element and written over by each tile in turn.
    let mut tile: Option<[[S::Elem; C]; R]> = None;
    loop {
        let plane = nest.position(&index);
        let mut top = rows.start;
        while top < rows.end {
            let height = (rows.end - top).min(R);
            let mut left = 0;
            while left < n {
                let width = (n - left).min(C);
                by_columns(nest, Tile { plane, step, down, top, height, left, width }, src, &mut tile, sink);
                left += width;
            }
            top += height;
        }
        if !around.advance(around.loops(), &mut index, src) {
            return;
        }
    }
}

/// [`by_columns`]'s reads where `src` is one leaf that lies along the tile's columns (a
/// transpose alone): each column one slice of its elements, checked once, its blocks put in
/// place with no call between them, so that the loads of several are in flight at once.
/// `false`, with nothing read, for any other source.
#[hot]
fn from_lines<const W: usize, S: Source<W>, const R: usize, const C: usize>(
    src: &S,
    (top, height): (usize, usize),
    (along, width): (usize, usize),
    tile: &mut [[S::Elem; C]; R],
) -> bool {
    let Some((data, c)) = src.leaf() else { return false };
    if c.inner() != 1 {
        return false;
    }
    // (Wrapping: a stride along the run may step back, a reversed view's.)
    let (start, across) = (c.offset().wrapping_add(top), c.stride(along));
    let full = height / BLOCK * BLOCK;
    for k in 0..width {
        let from = start.wrapping_add(k.wrapping_mul(across));
        let (blocks, rest) = data[from..from + height].split_at(full);
        for (rows, x) in tile.chunks_exact_mut(BLOCK).zip(blocks.chunks_exact(BLOCK)) {
            put(rows, k, x);
        }
        put(&mut tile[full..height], k, rest);
    }
    true
}

/// Element `k` of each row of `rows` set to the element of `x` of the same index (a block of
/// a tile's column put in place).
#[hot]
fn put<T: Copy, const C: usize>(rows: &mut [[T; C]], k: usize, x: &[T]) {
    for (row, &x) in rows.iter_mut().zip(x) {
        row[k] = x;
    }
}

/// Where a tile of a pass in tiles lies ([`in_tiles`]): its runs `top..top + height` along loop
/// `down` (the output `step` apart), its elements `left..left + width` along the run, in the
/// plane that starts at `plane`.
#[derive(Clone, Copy)]
struct Tile {
    plane: usize,
    step: usize,
    down: usize,
    top: usize,
    height: usize,
    left: usize,
    width: usize,
}

/// A tile read column by column, each column its blocks along `down` in turn, into `tile`
/// (made at the first), then handed to `sink` run by run. The cursors walk the tile's columns,
/// one step along the run each, and come back to the run's start after the last (a leaf alone
/// is read as slices instead: [`from_lines`]). A transposed view reads each block of a column
/// as one load; an operand that lies along the run (`y` in `x.mt() + y`) gathers it from 16
/// lines, which the tile's next columns read again while they are in the cache. (Read run by
/// run instead, the transposed view gathers every block from 16 lines, and where its lines lie
/// a multiple of 4 KiB apart, all in one set of the first-level cache, each run of the tile
/// loads them again: see `benches/README.md`.)
#[hot]
fn by_columns<const W: usize, S: Source<W>, const R: usize, const C: usize>(
    nest: &Nest<W>,
    at: Tile,
    src: &mut S,
    tile: &mut Option<[[S::Elem; C]; R]>,
    sink: &mut impl Sink<S::Elem>,
) {
    let Tile { plane, step, down, top, height, left, width } = at;
    let along = nest.rank - 1;
    /// Column `k` of the tile: its blocks from `top`, `height` elements in all.
    #[hot]
    fn column<const W: usize, S: Source<W>, const R: usize, const C: usize>(
        src: &mut S,
        top: usize,
        height: usize,
        tile: &mut [[S::Elem; C]; R],
        k: usize,
    ) {
        for (r, rows) in tile.chunks_exact_mut(BLOCK).enumerate().take(height.div_ceil(BLOCK)) {
            let at = r * BLOCK;
            let len = (height - at).min(BLOCK);
            let x = if len == BLOCK { src.block::<true>(top + at) } else { src.part(top + at, len) };
            put(rows, k, &x);
        }
    }
    src.cursors(&mut |c| c.enter(left, down));
    let tile = tile.get_or_insert_with(|| [[src.get(0); C]; R]);
    if !from_lines(src, (top, height), (along, width), tile) {
        for k in 0..width {
            if k > 0 {
                src.cursors(&mut |c| c.shift(c.stride(along), 1));
            }
            column(src, top, height, tile, k);
        }
        src.cursors(&mut |c| c.shift(c.stride(along), (width - 1).wrapping_neg()));
    }
    src.cursors(&mut |c| c.leave(left, along));
    for (r, row) in tile.iter().enumerate().take(height) {
        let at = plane + (top + r) * step + left;
        // A whole row as an array: its copy is a few moves, not a call to `memmove`.
        if width == C { sink.at(at, row) } else { sink.at(at, &row[..width]) }
    }
}

/// The pass over `nest` as [`run`] makes it: row-major, in the walk its runs call for
/// ([`Walk::choose`]). Where the plan made while the program compiled fixes the walk, it is
/// chosen then, and only that walk is compiled (a constant function pointer: see `way`);
/// otherwise when the pass starts, from the leaves' cursors.
#[hot]
fn run_planned<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem]), const WRITES: bool>(
    nest: &Nest<W>,
    src: &mut S,
    sink: K,
) {
    let walk: fn(&Nest<W>, &mut S, K) = const {
        let reduces = S::SLOTS > 0;
        match &PlanOf::<P, W>::PLAN {
            Some(plan) => match plan.walk(P::LAST, reduces, by_plan::<W, S, P>()) {
                Some(Walk::Flat) => flat_rows::<W, S, P, K, WRITES>,
                Some(Walk::Parts) => parts::<W, S, P, K>,
                Some(Walk::ShortRuns) => short_runs::<W, S, P, K>,
                Some(Walk::ShortRows) => short_rows::<W, S, P, K, WRITES>,
                Some(Walk::Strided) => runs::<W, S, P, true, K, WRITES>,
                Some(Walk::Contiguous) => runs::<W, S, P, false, K, WRITES>,
                None => walk_as_found::<W, S, P, K, WRITES>,
            },
            None => walk_as_found::<W, S, P, K, WRITES>,
        }
    };
    walk(nest, src, sink)
}

/// The walk of pass `P` over `nest` as its leaves' cursors are at its start.
#[hot]
pub(crate) fn found<const W: usize, S: Source<W>, P: Pass>(nest: &Nest<W>, src: &S) -> Walk {
    let (len, loops) = (nest.run_len(), nest.loops());
    let mut leaves = Leaves::none(loops);
    src.all(&mut |c| {
        let down = if loops > 0 { c.stride(loops - 1) } else { 0 };
        leaves = leaves.and(c.inner(), down, len, c.folds());
        true
    });
    let runs = Loops {
        len,
        loops,
        last: P::LAST,
        may_be_short: PlanOf::<P, W>::MAY_BE_SHORT,
        short_run: PlanOf::<P, W>::SHORT_RUN,
        reduces: S::SLOTS > 0,
        by_plan: by_plan::<W, S, P>(),
    };
    Walk::choose(runs, leaves)
}

/// [`run_planned`]'s walk chosen when the pass starts, from its leaves' cursors: a pass with
/// no plan, or whose plan leaves the run's length to it (the output's first size). Neither
/// fixes a short run, so [`short_runs`] is never the walk here.
#[hot]
fn walk_as_found<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem]), const WRITES: bool>(
    nest: &Nest<W>,
    src: &mut S,
    sink: K,
) {
    match found::<W, S, P>(nest, src) {
        Walk::Flat => flat_rows::<W, S, P, K, WRITES>(nest, src, sink),
        Walk::Parts => parts::<W, S, P, K>(nest, src, sink),
        Walk::ShortRows => short_rows::<W, S, P, K, WRITES>(nest, src, sink),
        Walk::Strided | Walk::ShortRuns => runs::<W, S, P, true, K, WRITES>(nest, src, sink),
        // (Never where the pass reads as its plan says: not compiled there.)
        Walk::Contiguous if const { !by_plan::<W, S, P>() } => {
            runs::<W, S, P, false, K, WRITES>(nest, src, sink)
        }
        Walk::Contiguous => runs::<W, S, P, true, K, WRITES>(nest, src, sink),
    }
}

/// A pass over an output of one axis, taken a chunk at a time by whoever reads it beside
/// another pass (the indices of `mean_at`, beside the values they place).
pub(crate) struct Pull<const W: usize, S, P> {
    /// The pass's source. (Moved into a local copy for each chunk, k-means was a little faster
    /// while its source was small; a nested reduction's source is kilobytes, whose two copies
    /// per chunk were a sizeable share of `mean_at`.)
    src: S,
    at: usize,
    /// The run's length (0 for an empty output), and whether a leaf steps by more than 1 along
    /// it (or the pass reads as its plan says, which the `true` path does: see [`read`]).
    len: usize,
    strided: bool,
    pass: PhantomData<fn() -> P>,
}

/// The elements [`Pull::fill`] computes at once: 16 blocks.
pub(crate) const CHUNK: usize = 16 * BLOCK;

impl<const W: usize, S: Source<W>, P: Pass> Pull<W, S, P> {
    /// The pass of `src` over `n` elements, planned as `hint` says.
    #[hot]
    pub(crate) fn new(n: usize, hint: Hint<P>, mut src: S) -> Self {
        let len = Nest::plan(&[n], hint, &mut src).map_or(0, |nest| nest.run_len());
        let strided = strided::<W, S, P>(&src);
        Pull { src, at: 0, len, strided, pass: PhantomData }
    }

    /// Writes the next [`CHUNK`] elements into `out` (fewer at the end: how many is returned).
    /// Not inlined: it runs once per chunk, and its loop is the pass's own.
    #[inline(never)]
    pub(crate) fn fill(&mut self, out: &mut [S::Elem; CHUNK]) -> usize {
        let (at, end) = (self.at, self.len.min(self.at.saturating_add(CHUNK)));
        if self.strided {
            chunk::<W, S, P, true>(&mut self.src, out, at, end);
        } else {
            chunk::<W, S, P, false>(&mut self.src, out, at, end);
        }
        self.at = end;
        end - at
    }
}

/// The elements of `src`'s run from `at` to `end` (at most [`CHUNK`]) into `out`: its blocks
/// written straight into `out` (through `parallel`'s `part_run` and a sink, k-means was
/// slower).
#[hot]
fn chunk<const W: usize, S: Source<W>, P: Pass, const STRIDED: bool>(
    src: &mut S,
    out: &mut [S::Elem; CHUNK],
    mut at: usize,
    end: usize,
) {
    let mut blocks = out.chunks_exact_mut(BLOCK);
    while at + BLOCK <= end
        && let Some(o) = blocks.next()
    {
        o.copy_from_slice(&read::<W, S, P, STRIDED>(src, at));
        at += BLOCK;
    }
    if at < end
        && let Some(o) = blocks.next()
    {
        o.copy_from_slice(&src.part(at, end - at));
    }
}

/// [`run`] with only its plainest path: each run of the loop nest in whole blocks and a last
/// part, with no tile of short rows and no flat run across them. For the closures that keep
/// state (`zip`), whose operands are tensors broadcast to the output: each one's stride along
/// a run is then 0 or 1 (see `Plan::new`). Its code is a fraction of `run`'s: with it, the
/// `no_std` proof binary is far smaller (`bash benches/sizes.sh`).
#[hot]
pub(crate) fn run_plain<const W: usize, S: Source<W>, P: Pass>(
    dims: &[usize],
    hint: Hint<P>,
    mut src: S,
    sink: impl FnMut(&[S::Elem]),
) {
    let Some(nest) = Nest::plan(dims, hint, &mut src) else { return };
    debug_assert!(src.all(&mut |c| c.inner() <= 1), "a broadcast operand steps by 0 or 1 along a run");
    runs::<W, S, RunTime, false, _, false>(&nest, &mut src, sink);
}

/// The loop nest's runs, each in blocks and a last part.
#[hot]
fn runs<
    const W: usize,
    S: Source<W>,
    P: Pass,
    const STRIDED: bool,
    K: FnMut(&[S::Elem]),
    const WRITES: bool,
>(
    nest: &Nest<W>,
    src: &mut S,
    mut sink: K,
) {
    let n = nest.run_len();
    nest.for_each_run::<S, P>(
        src,
        #[inline(always)]
        |src| whole_run::<W, S, P, STRIDED, WRITES, _>(src, n, &mut sink),
    );
}

/// Rows of a fixed length `n` shorter than a block (softmax's 10 classes; the output's last
/// size, a constant, [`Pass::LAST`]) whose operands are each contiguous across the rows or the
/// same along each row (`x − max` with the maximum kept as `[B, 1]`): the rows of each step of
/// the outer loops are one flat run, computed in whole blocks (a lane's row is its flat
/// position divided by `n`), not a block per row of which only `n` lanes are kept (faster for
/// softmax's `exp(x − max)`).
#[hot]
fn flat_rows<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem]), const WRITES: bool>(
    nest: &Nest<W>,
    src: &mut S,
    mut sink: K,
) {
    let n = P::LAST;
    let down = nest.rank - 2;
    let total = nest.dims[down] * n;
    let full = opaque::<P, WRITES>(total / BLOCK * BLOCK);
    let mut index = [0usize; W];
    loop {
        let mut at = 0;
        while at < full {
            sink(&src.rows(at, BLOCK, n, down));
            at += BLOCK;
        }
        if at < total {
            let len = total - at;
            sink(&src.rows(at, len, n, down)[..len]);
        }
        if !nest.advance(nest.loops() - 1, &mut index, src) {
            return;
        }
    }
}

/// Rows of a fixed length shorter than a block (the output's last size, a constant,
/// [`Pass::LAST`]), each one part, copied as it lies.
#[hot]
fn parts<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem])>(
    nest: &Nest<W>,
    src: &mut S,
    mut sink: K,
) {
    nest.for_each_run::<S, P>(
        src,
        #[inline(always)]
        |src| sink(&src.part(0, P::LAST)[..P::LAST]),
    );
}

/// A plan made while the program compiled whose runs are shorter than a block, and a
/// reduction in it whose outputs differ along the run (`[B, K, 10]` summed over `K`, a product
/// written as a broadcast and a sum): each run is one block read as the plan says, every leaf
/// reading the run whole and its last element for the lanes past it (see `PlanOf::SHORT_RUN`),
/// so that the reduction folds in lanes across the run's outputs, the reduced elements of each
/// lane one after another, its strides constants. (Down the columns of a tile of runs, as
/// [`short_rows`] reads, each block would gather a leaf's elements a row apart once per column.)
#[hot]
fn short_runs<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem])>(
    nest: &Nest<W>,
    src: &mut S,
    mut sink: K,
) {
    let n = nest.run_len();
    nest.for_each_run::<S, P>(
        src,
        #[inline(always)]
        |src| sink(&read::<W, S, P, true>(src, 0)[..n]),
    );
}

/// A plan whose innermost run is shorter than a block (softmax's 10 classes), [`BLOCK`] rows
/// at a time: each column of those rows is one block, read down the column (along the loop
/// around the run), so that every lane of every block is used and a reduction over the row
/// (kept as size 1, and so the same for every column) is folded in lanes across the rows, once;
/// the rows are then handed on in order. Up to [`FEW_ROWS`] rows are walked run by run
/// instead, as [`runs`] walks them.
#[hot]
fn short_rows<const W: usize, S: Source<W>, P: Pass, K: FnMut(&[S::Elem]), const WRITES: bool>(
    nest: &Nest<W>,
    src: &mut S,
    mut sink: K,
) {
    let (n, along, down) = (nest.run_len(), nest.rank - 1, nest.rank - 2);
    let rows = nest.dims[down];
    if rows <= FEW_ROWS {
        return runs::<W, S, P, true, K, WRITES>(nest, src, sink);
    }
    src.cursors(&mut |c| {
        c.run_len = rows;
        c.columns = Some(along);
    });
    let mut index = [0usize; W];
    loop {
        let mut r = 0;
        while r < rows {
            let len = (rows - r).min(BLOCK);
            let column = |src: &mut S, k: usize| {
                src.cursors(&mut |c| c.enter(k, down));
                let x = if len == BLOCK { src.block::<true>(r) } else { src.part(r, len) };
                src.cursors(&mut |c| c.leave(k, along));
                x
            };
            let first = column(src, 0);
            let mut tile = [first; BLOCK];
            for (k, t) in tile.iter_mut().enumerate().take(n).skip(1) {
                *t = column(src, k);
            }
            sink(&transposed(&tile, n, len)[..len * n]);
            r += len;
        }
        if !nest.advance(nest.loops() - 1, &mut index, src) {
            return;
        }
    }
}

/// The most rows that [`short_rows`] walks run by run, not as a tile: each column of a tile
/// is a whole block however few rows it holds, so a softmax over one row of 10 computed 16
/// rows' worth of lanes for each of its 10 columns, where run by run it computes one block.
const FEW_ROWS: usize = BLOCK / 2;

/// The first `len` rows of the tile whose column `k` is `tile[k]`, `n` columns each, one row
/// after another: [`short_rows`]' blocks in order. (Generic over the element only, so that
/// every pass over one element type shares it.)
#[hot]
fn transposed<T: Copy>(tile: &[[T; BLOCK]; BLOCK], n: usize, len: usize) -> [T; BLOCK * BLOCK] {
    let mut out = [tile[0][0]; BLOCK * BLOCK];
    for (row, o) in out.chunks_exact_mut(n).take(len).enumerate() {
        for (o, t) in o.iter_mut().zip(tile) {
            *o = t[row];
        }
    }
    out
}

/// `full`, the elements of a run's whole blocks, hidden from the optimizer where the pass
/// `WRITES` its output into memory and either the run holds 16 blocks or more, or every size of
/// the output is fixed and the run holds two blocks or more. Knowing how many blocks the loop
/// over them takes, its loop vectorizer may vectorize that loop across the blocks, each lane
/// gathered from elements a block apart and each result stored element by element, where the
/// blocks' own lanes are already the vectors (standardization's `(x − mean) / std` over rows of
/// 1024, a layer norm's over rows of 256: several times the instructions). Whether it does
/// depends on what the pass was inlined into, so the count of a long run is always hidden (a
/// batch norm's rows of 1024, which were not so vectorized, then keep a bounds check per block
/// and leaf, a few more instructions). Short rows keep the count, which unrolls them (rows of 64
/// and 128 take many more instructions hidden), and so does a pass that folds its blocks
/// (`sum_all`).
#[hot]
fn opaque<P: Pass, const WRITES: bool>(full: usize) -> usize {
    let fixed = const { matches!(&P::PLAN, Some(plan) if plan.every_size_fixed()) };
    if WRITES && (full >= 16 * BLOCK || (fixed && full >= 2 * BLOCK)) {
        core::hint::black_box(full)
    } else {
        full
    }
}

/// The first `full` elements of the current run of `n` (a block or more), block by block, from
/// the reader `src` gives at the run's start (see `kernel::run`).
#[hot]
fn blocks<
    const W: usize,
    S: Source<W>,
    P: Pass,
    const PLANNED: bool,
    const STRIDED: bool,
    K: FnMut(&[S::Elem]),
>(
    src: &mut S,
    n: usize,
    full: usize,
    sink: &mut K,
) {
    let mut run = src.run_blocks::<P, PLANNED, STRIDED>(Spot::root::<P>(), n);
    let mut at = 0;
    while at < full {
        sink(&run.next_block());
        at += BLOCK;
    }
}

/// One innermost run of length `n`, from `src`'s cursors: its full blocks, then its last part
/// (one element, or a shorter block). Every pass, whole or split in pieces, computes each
/// output element in the block this gives it, so a split pass is identical bit for bit.
#[hot]
pub(crate) fn whole_run<
    const W: usize,
    S: Source<W>,
    P: Pass,
    const STRIDED: bool,
    const WRITES: bool,
    K: FnMut(&[S::Elem]),
>(
    src: &mut S,
    n: usize,
    sink: &mut K,
) {
    let full = opaque::<P, WRITES>(n / BLOCK * BLOCK);
    if n >= BLOCK {
        // As the plan says or as the cursors say, chosen as `read` chooses.
        let blocks: fn(&mut S, usize, usize, &mut K) = const {
            if by_plan::<W, S, P>() {
                blocks::<W, S, P, true, STRIDED, K>
            } else {
                blocks::<W, S, P, false, STRIDED, K>
            }
        };
        blocks(src, n, full, sink);
    }
    let at = n / BLOCK * BLOCK;
    match n - at {
        0 => {}
        1 => sink(&[src.get(at)]),
        // Built for size, element by element: no block of which only the first lanes are kept.
        len if cfg!(shapecast_small_code) => (at..at + len).for_each(|k| sink(&[src.get(k)])),
        len => sink(&src.part(at, len)[..len]),
    }
}
