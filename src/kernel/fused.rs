//! The fused kernel: one pass over an output, reading any number of strided operands (the
//! leaves of an expression) and combining them as the expression says, with no temporary.
//!
//! Planning is `Plan::new`'s, over a tree instead of an array: each leaf holds its stride along
//! every output axis (0 where it is stretched); size-1 axes are dropped and an axis is merged
//! into the one before where every leaf steps over the pair as over one axis. The innermost run
//! is then read in blocks of [`BLOCK`] elements: each leaf loads its block (a slice, or one
//! value repeated where it is stretched along the run), the expression combines the blocks in
//! registers, and the block is handed on (written, appended, or folded into the output) in one
//! store. The block's length is a constant, so every combining step vectorizes.

use shapecast_rules::MAX_RANK;

/// Elements per block: a few vector registers' worth for the common element sizes.
pub const BLOCK: usize = 16;

/// Where a leaf reads: its stride along each axis of the plan, its offset at the start of the
/// current run, and its stride along the run (0 or 1).
#[derive(Clone, Copy, Debug)]
pub struct Cursor {
    strides: [usize; MAX_RANK],
    offset: usize,
    inner: usize,
}

impl Cursor {
    /// A leaf of sizes `dims` whose axis `k` lands on output axis `lands[k]`: row-major strides,
    /// 0 along the axes where its size is 1 (stretched) and the output axes it has none on.
    pub(crate) fn new(dims: &[usize], lands: &[usize]) -> Self {
        let mut strides = [0; MAX_RANK];
        let mut step = 1usize;
        for (&d, &axis) in dims.iter().zip(lands).rev() {
            if d != 1 {
                strides[axis] = step;
            }
            step = step.wrapping_mul(d);
        }
        Cursor { strides, offset: 0, inner: 0 }
    }

    /// Where this leaf's run starts.
    #[inline(always)]
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the leaf is stretched along the run (one value repeated).
    #[inline(always)]
    pub(crate) fn stretched(&self) -> bool {
        self.inner == 0
    }
}

/// What the fused kernel evaluates: an expression's leaves, each with its [`Cursor`], and the
/// way it combines them, a block or an element at a time. Implemented by the crate's
/// expression nodes.
pub trait Source {
    /// The element produced.
    type Elem: Copy;

    /// Calls `f` with every leaf's cursor.
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor));

    /// Whether `f` holds for every leaf's cursor.
    fn all(&self, f: &mut impl FnMut(&Cursor) -> bool) -> bool;

    /// The [`BLOCK`] elements of the current run from position `at`.
    fn block(&self, at: usize) -> [Self::Elem; BLOCK];

    /// The element of the current run at position `at`.
    fn get(&self, at: usize) -> Self::Elem;
}

/// The loop nest over an output of sizes `dims`, its leaves' cursors set to match.
pub(crate) struct Nest {
    rank: usize,
    dims: [usize; MAX_RANK],
}

impl Nest {
    /// Plans the loops over `dims` for `src`'s leaves (compacting their strides to the plan's
    /// axes, and setting each leaf's stride along the run). `None` when the output is empty.
    pub(crate) fn plan<S: Source>(dims: &[usize], src: &mut S) -> Option<Self> {
        let mut nest = Nest { rank: 0, dims: [1; MAX_RANK] };
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
        let inner = nest.rank.checked_sub(1);
        src.cursors(&mut |c| {
            c.inner = inner.map_or(0, |axis| c.strides[axis]);
            c.offset = 0;
        });
        Some(nest)
    }

    /// The length of the innermost run (1 for a scalar output).
    #[inline(always)]
    pub(crate) fn run_len(&self) -> usize {
        match self.rank.checked_sub(1) {
            Some(last) => self.dims[last],
            None => 1,
        }
    }

    /// Calls `run` once per innermost run, in row-major order, with `src`'s cursors at its
    /// start.
    #[inline(always)]
    pub(crate) fn for_each_run<S: Source>(&self, src: &mut S, mut run: impl FnMut(&S)) {
        let loops = self.rank.saturating_sub(1);
        let mut index = [0usize; MAX_RANK];
        loop {
            run(src);
            if !self.advance(loops, &mut index, src) {
                return;
            }
        }
    }

    /// One step of the odometer over the first `loops` loops, the cursors kept in step. `false`
    /// once every loop has wrapped.
    #[inline(always)]
    fn advance<S: Source>(&self, loops: usize, index: &mut [usize; MAX_RANK], src: &mut S) -> bool {
        for a in (0..loops).rev() {
            index[a] += 1;
            if index[a] < self.dims[a] {
                src.cursors(&mut |c| c.offset = c.offset.wrapping_add(c.strides[a]));
                return true;
            }
            index[a] = 0;
            let back = self.dims[a] - 1;
            src.cursors(&mut |c| c.offset = c.offset.wrapping_sub(c.strides[a].wrapping_mul(back)));
        }
        false
    }
}

/// Evaluates `src` over an output of sizes `dims`, handing `sink` the output elements in
/// row-major order, a block (or a run's last, shorter block) at a time.
#[inline(always)]
pub(crate) fn run<S: Source>(dims: &[usize], mut src: S, mut sink: impl FnMut(&[S::Elem])) {
    let Some(nest) = Nest::plan(dims, &mut src) else { return };
    let n = nest.run_len();
    let full = n / BLOCK * BLOCK;
    nest.for_each_run(
        &mut src,
        #[inline(always)]
        |src| {
            let mut at = 0;
            while at < full {
                sink(&src.block(at));
                at += BLOCK;
            }
            if at < n {
                let mut tail = [src.get(at); BLOCK];
                for (i, t) in tail.iter_mut().enumerate().take(n - at).skip(1) {
                    *t = src.get(at + i);
                }
                sink(&tail[..n - at]);
            }
        },
    );
}

/// The output elements of `src` over sizes `dims`, one at a time, in row-major order: for
/// storage built element by element (an inline array), which cannot take a block.
pub(crate) struct Pull<S: Source> {
    src: S,
    nest: Option<Nest>,
    index: [usize; MAX_RANK],
    block: [Option<S::Elem>; BLOCK],
    at: usize,
    used: usize,
}

impl<S: Source> Pull<S> {
    /// Plans the pass; no element is computed yet.
    pub(crate) fn new(dims: &[usize], mut src: S) -> Self {
        let nest = Nest::plan(dims, &mut src);
        Pull { src, nest, index: [0; MAX_RANK], block: [None; BLOCK], at: 0, used: BLOCK }
    }

    /// The next element, `None` after the last.
    #[inline]
    pub(crate) fn next(&mut self) -> Option<S::Elem> {
        if self.used == BLOCK || self.block[self.used].is_none() {
            self.refill()?;
        }
        let x = self.block[self.used];
        self.used += 1;
        x
    }

    /// Computes the next block of the current run, moving to the next run when this one is done.
    fn refill(&mut self) -> Option<()> {
        let nest = self.nest.as_ref()?;
        let n = nest.run_len();
        if self.at >= n {
            let loops = nest.rank.saturating_sub(1);
            if !nest.advance(loops, &mut self.index, &mut self.src) {
                self.nest = None;
                return None;
            }
            self.at = 0;
        }
        let len = (n - self.at).min(BLOCK);
        for (i, slot) in self.block.iter_mut().enumerate() {
            *slot = (i < len).then(|| self.src.get(self.at + i));
        }
        self.at += len;
        self.used = 0;
        Some(())
    }
}
