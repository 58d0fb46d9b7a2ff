//! A tensor's elements as the fused pass reads them: its slice and its cursor ([`LeafSource`]),
//! every expression's leaves and the eager kernels' operands alike.

use shapecast_macros::hot;

use super::block::lanes;
use super::fused::BLOCK;
use super::place::{Pass, PlanOf, Spot};
use super::run::AsItGoes;
use super::source::{Cursor, RunBlocks, Source};

/// A tensor's elements with its cursor, as the fused kernel reads them.
pub struct LeafSource<'a, T, const W: usize> {
    data: &'a [T],
    cursor: Cursor<W>,
}

impl<T, const W: usize> Clone for LeafSource<'_, T, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const W: usize> Copy for LeafSource<'_, T, W> {}

impl<T, const W: usize> LeafSource<'_, T, W> {
    /// The elements of the current run from position `at` to `at + len − 1` (`len` ≥ 1) and
    /// those between them: one bounds check for a block or a part, which then picks every
    /// `inner`-th element (clamped into the span, so no further check is needed).
    #[hot]
    fn span(&self, at: usize, len: usize) -> &[T] {
        let s = self.cursor.inner();
        let first = self.cursor.offset() + at * s;
        &self.data[first..=first + (len - 1) * s]
    }
}

impl<'a, T: Copy, const W: usize> LeafSource<'a, T, W> {
    /// The current run of `n` elements (1 or more) from its start, stepping by `step` (0 or
    /// more) along it.
    #[hot]
    fn run_by<const PLANNED: bool, const STRIDED: bool>(
        &self,
        step: usize,
        n: usize,
    ) -> LeafRun<'a, T, PLANNED, STRIDED> {
        let start = self.cursor.offset();
        let rest = &self.data[start..=start + (n - 1) * step];
        LeafRun { rest, step, first: rest[0] }
    }
}

impl<'a, T, const W: usize> LeafSource<'a, T, W> {
    /// The elements `data`, read where `cursor` says.
    #[hot]
    pub(crate) fn new(data: &'a [T], cursor: Cursor<W>) -> Self {
        LeafSource { data, cursor }
    }
}

/// A leaf's elements along one run (see `kernel::run`): the rest of its span, its stride
/// along the run (a constant where `PLANNED`: the plan's; 0 or 1 without `STRIDED`), and its
/// first element.
#[derive(Clone, Copy)]
pub struct LeafRun<'a, T, const PLANNED: bool, const STRIDED: bool> {
    rest: &'a [T],
    step: usize,
    first: T,
}

impl<T: Copy, const PLANNED: bool, const STRIDED: bool> RunBlocks for LeafRun<'_, T, PLANNED, STRIDED> {
    type Elem = T;

    #[hot]
    fn next_block(&mut self) -> [T; BLOCK] {
        let s = self.step;
        if s == 0 {
            return [self.first; BLOCK];
        }
        if !STRIDED || s == 1 {
            let (block, rest) = self.rest.split_at(BLOCK);
            self.rest = rest;
            return lanes(|i| block[i]);
        }
        let span = &self.rest[..=(BLOCK - 1) * s];
        let block = match s {
            // With the stride a constant (the plan's, or 2 here: k-means' `[N, 2]` points along
            // N), no lane needs a bound.
            _ if PLANNED => lanes(|i| span[i * s]),
            2 => lanes(|i| span[2 * i]),
            s => {
                // The stride through an opaque copy, as `block` reads it.
                let s = core::hint::black_box(s);
                lanes(|i| span[(i * s).min(span.len() - 1)])
            }
        };
        self.rest = &self.rest[(BLOCK * s).min(self.rest.len())..];
        block
    }
}

impl<'a, T: Copy, const W: usize> Source<W> for LeafSource<'a, T, W> {
    type Elem = T;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = LeafRun<'a, T, PLANNED, STRIDED>
    where
        Self: 's;
    const LEAVES: usize = 1;
    const SLOTS: usize = 0;
    const FIXED_FOLDS: bool = true;
    const NESTS: usize = 0;

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        f(&mut self.cursor);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        f(&self.cursor)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [T; BLOCK] {
        let start = self.cursor.offset();
        match self.cursor.inner() {
            0 => [self.data[start]; BLOCK],
            2 if STRIDED => {
                // Every other element (k-means' `[N, 2]` points along N): with the stride a
                // constant here, the span's length is one, and each lane's position in it.
                let span = self.span(at, BLOCK);
                lanes(|i| span[2 * i])
            }
            s if STRIDED && s != 1 => {
                // The stride through an opaque copy: otherwise the optimizer computes the
                // sixteen multiples of `s` ahead of every loop that could take this arm, once
                // per block of a nested reduction's fold even where no read takes it (k-means'
                // assignment).
                let s = core::hint::black_box(s);
                let span = self.span(at, BLOCK);
                lanes(|i| span[(i * s).min(span.len() - 1)])
            }
            _ => {
                let run = &self.data[start + at..start + at + BLOCK];
                lanes(|i| run[i])
            }
        }
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [T; BLOCK] {
        let (s, span) = (self.cursor.inner(), self.span(at, len));
        match s {
            0 => [span[0]; BLOCK],
            1 => {
                // A whole block's load where the data reaches that far, its lanes past `len`
                // then replaced: copying `len` elements calls `memcpy` (a column sum of
                // `[200000, 10]` reads 10 per row).
                let last = span[len - 1];
                let first = self.cursor.offset() + at;
                match self.data.get(first..first + BLOCK) {
                    Some(full) => lanes(|i| if i < len { full[i] } else { last }),
                    None => {
                        let mut out = [last; BLOCK];
                        out[..len].copy_from_slice(span);
                        out
                    }
                }
            }
            _ => lanes(|i| span[(i.min(len - 1) * s).min(span.len() - 1)]),
        }
    }

    #[hot]
    fn get(&mut self, at: usize) -> T {
        self.data[self.cursor.offset() + at * self.cursor.inner()]
    }

    #[hot]
    fn leaf(&self) -> Option<(&[T], &Cursor<W>)> {
        Some((self.data, &self.cursor))
    }

    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [T; BLOCK] {
        let Some((s, strides)) = spot.strides::<P, W>() else {
            // (A leaf past the table, which a pass that runs as its plan says never has: as
            // its cursor says, moved and back.)
            self.cursor.moved(along, false);
            let block = self.block::<true>(at);
            self.cursor.moved(along, true);
            return block;
        };
        debug_assert_eq!(s, self.cursor.inner(), "the pass runs as its plan says");
        let mut start = self.cursor.offset();
        // Only the reductions' columns, past the output's, are ever moved along. (A plain
        // loop: through `enumerate`, whose count is checked for overflow in a dev profile even
        // at opt-level 3, that check stayed in every read there; through `zip`, a debug build's
        // read is slower.)
        let (own, mut column) = (self.cursor.strides(), P::OUTS);
        while let (Some(&stride), Some(&by)) = (strides.get(column), along.get(column)) {
            debug_assert!(by == 0 || own.get(column) == Some(&stride), "the pass runs as its plan says");
            start = start.wrapping_add(stride.wrapping_mul(by));
            column += 1;
        }
        let short = const { PlanOf::<P, W>::SHORT_RUN };
        if short < BLOCK {
            // The whole run, shorter than a block, its lanes past the run reading its last
            // element (each computes what the run's last lane does, so no lane computes on
            // values the expression never pairs): with the run's length and the stride
            // constants, a few loads and a broadcast.
            debug_assert_eq!(at, 0, "a short run is read as one block");
            let span = &self.data[start..=start + (short - 1) * s];
            return lanes(|i| span[i.min(short - 1) * s]);
        }
        match s {
            0 => [self.data[start]; BLOCK],
            1 => {
                let run = &self.data[start + at..start + at + BLOCK];
                lanes(|i| run[i])
            }
            s => {
                // The span from the constant stride: its length is a constant, and no lane
                // needs a bound.
                let first = start + at * s;
                let span = &self.data[first..=first + (BLOCK - 1) * s];
                lanes(|i| span[i * s])
            }
        }
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [T; BLOCK] {
        let (start, s, between) = (self.cursor.offset(), self.cursor.inner(), self.cursor.stride(down));
        let (row, column) = (at / n, at % n);
        if s == 0 {
            // The same along each row: the rows' first elements, one per lane's row.
            let last = (column + len - 1) / n;
            let first = start + row * between;
            let span = &self.data[first..=first + last * between];
            // (In 32 bits: `column + i` is below 2 · BLOCK, and the division vectorizes.)
            let row_of = lanes(|i| (column + i.min(len - 1)) as u32 / n as u32);
            return lanes(|i| span[(row_of[i] as usize * between).min(span.len() - 1)]);
        }
        if between == n * s {
            // Contiguous across the rows (or evenly strided): a run, as `block` and `part` read
            // one.
            return if s == 1 && len == BLOCK { self.block::<false>(at) } else { self.part(at, len) };
        }
        lanes(|i| {
            let p = at + i.min(len - 1);
            self.data[start + p / n * between + p % n * s]
        })
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> LeafRun<'a, T, PLANNED, STRIDED> {
        let step = match PLANNED.then(|| spot.strides::<P, W>()).flatten() {
            Some((s, _)) => s,
            None => self.cursor.inner(),
        };
        self.run_by(step, n)
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, _: Spot, _: usize, _: usize) {}

    #[hot]
    fn share<V: Copy + 'static>(&mut self, _: Option<usize>, _: &[V]) {}
}

/// A strided view's elements with its cursor ([`LeafSource`]'s reads), and whether a stride of
/// the view steps back (a reversed view, its stride there a wrapping negative): where the run
/// then steps back, a read that would take the run's span (which lies before its first
/// element) takes its elements one by one instead, and a run reversed in place (a stride of
/// −1) as one load, its lanes reversed. A view that steps back along no axis reads as a
/// tensor does.
pub struct StridedSource<'a, T, const W: usize> {
    leaf: LeafSource<'a, T, W>,
    back: bool,
}

impl<T, const W: usize> Clone for StridedSource<'_, T, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, const W: usize> Copy for StridedSource<'_, T, W> {}

impl<'a, T, const W: usize> StridedSource<'a, T, W> {
    /// The elements `data`, read where `cursor` says; `back` if a stride steps back.
    #[hot]
    pub(crate) fn new(data: &'a [T], cursor: Cursor<W>, back: bool) -> Self {
        StridedSource { leaf: LeafSource::new(data, cursor), back }
    }
}

impl<T: Copy, const W: usize> StridedSource<'_, T, W> {
    /// Whether the current run steps back.
    #[hot]
    fn run_back(&self) -> bool {
        self.back && super::source::backwards(self.leaf.cursor.inner())
    }

    /// `len` elements of the current run from position `at`, lanes past `len` repeating the
    /// last, one by one (wrapping: the stride steps back).
    #[hot]
    fn back_part(&self, at: usize, len: usize) -> [T; BLOCK] {
        let (data, s) = (self.leaf.data, self.leaf.cursor.inner());
        let first = self.leaf.cursor.offset().wrapping_add(at.wrapping_mul(s));
        if s == usize::MAX
            && len == BLOCK
            && let Some(run) = first.checked_sub(BLOCK - 1).and_then(|low| data.get(low..=first))
        {
            return lanes(|i| run[BLOCK - 1 - i]);
        }
        lanes(|i| data[first.wrapping_add(i.min(len - 1).wrapping_mul(s))])
    }
}

/// A strided view's elements along one run (see `kernel::run`): as a tensor's where the run
/// steps forward, read as it goes where it steps back.
pub enum StridedRun<'s, 'a, T, P, const W: usize, const PLANNED: bool, const STRIDED: bool> {
    /// The run steps forward (or not at all).
    Ahead(LeafRun<'a, T, PLANNED, STRIDED>),
    /// The run steps back.
    Back(AsItGoes<'s, StridedSource<'a, T, W>, P, W, PLANNED, STRIDED>),
}

impl<T: Copy, P: Pass, const W: usize, const PLANNED: bool, const STRIDED: bool> RunBlocks
    for StridedRun<'_, '_, T, P, W, PLANNED, STRIDED>
{
    type Elem = T;

    #[hot]
    fn next_block(&mut self) -> [T; BLOCK] {
        match self {
            StridedRun::Ahead(run) => run.next_block(),
            StridedRun::Back(run) => run.next_block(),
        }
    }
}

impl<'a, T: Copy, const W: usize> Source<W> for StridedSource<'a, T, W> {
    type Elem = T;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = StridedRun<'s, 'a, T, P, W, PLANNED, STRIDED>
    where
        Self: 's;
    const LEAVES: usize = 1;
    const SLOTS: usize = 0;
    const FIXED_FOLDS: bool = true;
    const NESTS: usize = 0;

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        self.leaf.cursors(f);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        self.leaf.all(f)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [T; BLOCK] {
        if self.run_back() {
            return self.back_part(at, BLOCK);
        }
        self.leaf.block::<STRIDED>(at)
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [T; BLOCK] {
        if self.run_back() {
            return self.back_part(at, len);
        }
        self.leaf.part(at, len)
    }

    #[hot]
    fn get(&mut self, at: usize) -> T {
        let c = &self.leaf.cursor;
        self.leaf.data[c.offset().wrapping_add(at.wrapping_mul(c.inner()))]
    }

    /// A view that steps back along no axis reads as a tensor does.
    #[hot]
    fn leaf(&self) -> Option<(&[T], &Cursor<W>)> {
        if self.back { None } else { self.leaf.leaf() }
    }

    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [T; BLOCK] {
        if self.back {
            // (A view is never in a plan made while the program compiled: as its cursor says,
            // moved and back.)
            self.leaf.cursor.moved(along, false);
            let block = self.block::<true>(at);
            self.leaf.cursor.moved(along, true);
            return block;
        }
        self.leaf.planned::<P>(at, spot, along)
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [T; BLOCK] {
        let c = &self.leaf.cursor;
        if self.back && (super::source::backwards(c.inner()) || super::source::backwards(c.stride(down))) {
            let (data, start, s, between) = (self.leaf.data, c.offset(), c.inner(), c.stride(down));
            return lanes(|i| {
                let p = at + i.min(len - 1);
                data[start.wrapping_add((p / n).wrapping_mul(between)).wrapping_add((p % n).wrapping_mul(s))]
            });
        }
        self.leaf.rows(at, len, n, down)
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> Self::Run<'_, P, PLANNED, STRIDED> {
        if self.run_back() {
            return StridedRun::Back(AsItGoes::new(self, spot));
        }
        if self.back {
            // (As `planned` reads it: as its cursor says.)
            return StridedRun::Ahead(self.leaf.run_by(self.leaf.cursor.inner(), n));
        }
        StridedRun::Ahead(self.leaf.run_blocks::<P, PLANNED, STRIDED>(spot, n))
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, _: Spot, _: usize, _: usize) {}

    #[hot]
    fn share<V: Copy + 'static>(&mut self, _: Option<usize>, _: &[V]) {}
}
