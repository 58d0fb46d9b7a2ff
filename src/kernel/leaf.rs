//! A tensor's elements as the fused pass reads them: its slice and its cursor ([`LeafSource`]),
//! every expression's leaves and the eager kernels' operands alike.

use shapecast_macros::hot;

use super::block::lanes;
use super::fused::{BLOCK, Cursor, Source};
use super::place::{Pass, PlanOf, Spot};
use super::run::RunBlocks;

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
        let start = self.cursor.offset();
        let rest = &self.data[start..=start + (n - 1) * step];
        LeafRun { rest, step, first: rest[0] }
    }

    #[hot]
    fn next_run(&mut self, _: usize, _: usize) {}
}
