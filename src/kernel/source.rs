//! What the pass reads: a [`Source`] (an expression's leaves and how it combines them), each
//! leaf's [`Cursor`] (where it reads), and a run's reader ([`RunBlocks`]); with what an element
//! and a source must be for a pass split across threads ([`Shared`], [`Portable`]).

use shapecast_macros::hot;

use super::block::BLOCK;
use super::place::{Pass, Spot};

/// Where a leaf reads: its stride along each axis of the plan and each reduced axis, its offset
/// at the start of the current run (moved by the reductions as they fold), and the axis the run
/// goes along (the plan's innermost, or a reduced axis while a reduction folds along it). Every
/// leaf of an expression has the same run axis at any time. (Its fields are the kernel's: the
/// pass's `Nest` sets them as it plans the loops.)
#[derive(Clone, Copy, Debug)]
pub struct Cursor<const W: usize> {
    pub(super) strides: [usize; W],
    /// The rank of the output: the axes before it are the plan's, those from it on reduced.
    pub(super) outs: usize,
    pub(super) offset: usize,
    pub(super) run: usize,
    /// `strides[run]`, kept beside it: read for every block.
    pub(super) inner: usize,
    /// The length of the plan's innermost run (what a reduction may fold ahead in).
    pub(super) run_len: usize,
    /// The axis along which the pass steps from one block to the next at the same position of
    /// the run, when it walks a tile of short rows column by column (see `short_rows`).
    pub(super) columns: Option<usize>,
}

/// Whether a stride steps back: a negative stride, stored wrapping (a view read backwards,
/// `flip`).
#[hot]
pub(crate) const fn backwards(stride: usize) -> bool {
    stride > isize::MAX as usize
}

impl<const W: usize> Cursor<W> {
    /// The axis along which nothing moves: every stride along it is 0 (the run of a scalar
    /// output).
    pub(crate) const STILL: usize = W - 1;

    /// A leaf of sizes `dims` whose axis `k` lands on output axis `lands[k]`: row-major strides,
    /// 0 along the axes where its size is 1 (stretched) and the output axes it has none on.
    #[hot]
    pub(crate) fn new(dims: &[usize], lands: &[usize]) -> Self {
        let mut strides = [0; W];
        let mut step = 1usize;
        for (&d, &axis) in dims.iter().zip(lands).rev() {
            if d != 1 {
                strides[axis] = step;
            }
            step = step.wrapping_mul(d);
        }
        Cursor { strides, outs: 0, offset: 0, run: Self::STILL, inner: 0, run_len: 1, columns: None }
    }

    /// A leaf of sizes `dims` and strides `steps` (a strided view) whose axis `k` lands on
    /// output axis `lands[k]`: its own strides, 0 along the axes where its size is 1.
    #[hot]
    pub(crate) fn strided(dims: &[usize], steps: &[usize], lands: &[usize]) -> Self {
        let mut strides = [0; W];
        for ((&d, &step), &axis) in dims.iter().zip(steps).zip(lands) {
            if d != 1 && axis < W {
                strides[axis] = step;
            }
        }
        Cursor { strides, outs: 0, offset: 0, run: Self::STILL, inner: 0, run_len: 1, columns: None }
    }

    /// Sets the cursor as a plan made at compile time says: its strides along the plan's axes
    /// and the reduced ones (`row`, which holds them all), the output's rank, and the run.
    #[hot]
    pub(crate) fn set(&mut self, row: &[usize], outs: usize, run: usize, run_len: usize) {
        let n = W.min(row.len());
        self.strides[..n].copy_from_slice(&row[..n]);
        (self.outs, self.run, self.run_len, self.inner, self.offset) =
            (outs, run, run_len, self.strides[run], 0);
    }

    /// Where this leaf's run starts.
    #[hot]
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// The leaf's stride along the run: 0 where it is stretched, 1 where it is contiguous, more
    /// where a reduction's axes lie inside the run's axis.
    #[hot]
    pub(crate) fn inner(&self) -> usize {
        self.inner
    }

    /// The stride along `axis`.
    #[hot]
    pub(crate) fn stride(&self, axis: usize) -> usize {
        self.strides[axis]
    }

    /// The strides along every axis.
    #[hot]
    pub(crate) fn strides(&self) -> &[usize; W] {
        &self.strides
    }

    /// The length of the run, while it goes along one of the plan's axes (not a reduced one).
    #[hot]
    pub(crate) fn plan_run_len(&self) -> Option<usize> {
        (self.run < self.outs).then_some(self.run_len)
    }

    /// Whether the pass walks a tile of short rows column by column and this leaf reads the
    /// same elements for every column (a reduction over the row, stretched along it).
    #[hot]
    pub(crate) fn same_for_every_column(&self) -> bool {
        self.columns.is_some_and(|axis| self.strides[axis] == 0)
    }

    /// Whether the pass reads along the plan's run (not down a tile's columns): where
    /// [`Source::rows`] reads rows of the run.
    #[hot]
    pub(crate) fn on_run(&self) -> bool {
        self.run < self.outs && self.columns.is_none()
    }

    /// Whether a reduction along `axis`, a row of `len` elements per output, can read this
    /// leaf's rows for a block of outputs as one flat run: the pass is on the plan's run (not a
    /// tile's columns), and the leaf is either the same for the whole block (stretched along
    /// the row and the run) or contiguous along the row with each output's row right after the
    /// last.
    #[hot]
    pub(crate) fn flat_row(&self, axis: usize, len: usize) -> bool {
        self.on_run()
            && match self.strides[axis] {
                0 => self.inner == 0,
                1 => self.inner == len,
                _ => false,
            }
    }

    /// Whether a reduction along `axis` alone reads this leaf's rows of the run as one flat run
    /// ([`Source::rows`]) as it folds them: the pass is on the plan's run, and no reduction
    /// but along `axis` moves the leaf (none nested inside the one along `axis`).
    #[hot]
    pub(crate) fn flat_down(&self, axis: usize) -> bool {
        self.on_run()
            && self.strides[self.outs..Self::STILL]
                .iter()
                .enumerate()
                .all(|(k, &s)| s == 0 || self.outs + k == axis)
    }

    /// Whether this leaf is read by a reduction along one of its axes (a stride other than 0
    /// along a reduced axis).
    #[hot]
    pub(crate) fn folds(&self) -> bool {
        self.strides[self.outs..Self::STILL].iter().any(|&s| s != 0)
    }

    /// The axis the run goes along.
    #[hot]
    pub(crate) fn run_axis(&self) -> usize {
        self.run
    }

    /// Moves to position `at` of the current run, then makes `axis` the run: how a reduction
    /// folds one output's elements along its own axis.
    #[hot]
    pub(crate) fn enter(&mut self, at: usize, axis: usize) {
        self.offset = self.offset.wrapping_add(at.wrapping_mul(self.inner));
        self.run = axis;
        self.inner = self.strides[axis];
    }

    /// Undoes [`enter`](Self::enter): the run goes along `axis` again, from its start.
    #[hot]
    pub(crate) fn leave(&mut self, at: usize, axis: usize) {
        self.run = axis;
        self.inner = self.strides[axis];
        self.offset = self.offset.wrapping_sub(at.wrapping_mul(self.inner));
    }

    /// Moves the offset `along[c]` steps along each axis `c`, or back (see
    /// [`Source::planned`]).
    #[hot]
    pub(crate) fn moved(&mut self, along: &[usize; W], back: bool) {
        let by = self.strides.iter().zip(along).fold(0usize, |o, (&s, &n)| o.wrapping_add(s.wrapping_mul(n)));
        self.shift(1, if back { by.wrapping_neg() } else { by });
    }

    /// Moves the offset by `by` steps of `stride` (wrapping: a step back is a negative `by`).
    #[hot]
    pub(crate) fn shift(&mut self, stride: usize, by: usize) {
        self.offset = self.offset.wrapping_add(stride.wrapping_mul(by));
    }

    /// Moves the offset one step along axis `axis` (`back` steps back when `back` is given).
    #[hot]
    pub(crate) fn step(&mut self, axis: usize, back: Option<usize>) {
        let s = self.strides[axis];
        self.offset = match back {
            None => self.offset.wrapping_add(s),
            Some(n) => self.offset.wrapping_sub(s.wrapping_mul(n)),
        };
    }
}

/// What a source must be for a pass to be split across threads (feature `rayon`): shared by
/// the threads, and cloned once per piece. Sources hold only slices, numbers, cursors and
/// element functions, so this asks only that the closures of `map` and `zip_with` be
/// `Clone + Send + Sync` (closures that capture numbers and shared references are). Without
/// the feature, every type is.
#[cfg(feature = "rayon")]
#[diagnostic::on_unimplemented(
    message = "with shapecast's `rayon` feature, `{Self}` must be `Clone + Send + Sync`",
    note = "an expression evaluated on several threads is shared by them and copied once per piece: the closures given to `map` and `zip_with` must be `Clone + Send + Sync` (capture numbers and shared references, not `Rc` or `Cell`)"
)]
pub trait Portable: Clone + Send + Sync {}
#[cfg(feature = "rayon")]
impl<T: Clone + Send + Sync> Portable for T {}
/// What a source must be for a pass to be split across threads (feature `rayon`). Without the
/// feature, every type is.
#[cfg(not(feature = "rayon"))]
pub trait Portable {}
#[cfg(not(feature = "rayon"))]
impl<T: ?Sized> Portable for T {}

/// What an element must be for a pass to be split across threads (feature `rayon`): read and
/// written from several threads, `Send + Sync`, as every number is. Without the feature, every
/// type is.
#[cfg(feature = "rayon")]
#[diagnostic::on_unimplemented(
    message = "with shapecast's `rayon` feature, the element type `{Self}` must be `Send + Sync`",
    note = "an expression evaluated on several threads reads and writes its elements from each of them"
)]
pub trait Shared: Send + Sync {}
#[cfg(feature = "rayon")]
impl<T: Send + Sync> Shared for T {}
/// What an element must be for a pass to be split across threads (feature `rayon`). Without
/// the feature, every type is.
#[cfg(not(feature = "rayon"))]
pub trait Shared {}
#[cfg(not(feature = "rayon"))]
impl<T: ?Sized> Shared for T {}

/// What the fused kernel evaluates: an expression's leaves, each with its [`Cursor`], and the
/// way it combines them, a block or an element at a time. Implemented by the crate's
/// expression nodes. (An expression's source is also [`Portable`], and its elements
/// [`Shared`], so that its pass can be split across threads.)
pub trait Source<const W: usize> {
    /// The element produced.
    type Elem: Copy;
    /// How many leaves it has: rows of a plan's table.
    const LEAVES: usize;
    /// How many reduced axes its reductions fold over: columns of a plan's table.
    const SLOTS: usize;
    /// Whether every reduction inside it folds axes whose sizes the types fix (or it has
    /// none): a pass with a plan then reads it all as the plan says ([`planned`](Self::planned)),
    /// and otherwise as its cursors say.
    const FIXED_FOLDS: bool;
    /// How deep reductions nest in it: 0 without one, 1 for a reduction of an operand that
    /// holds none, and so on.
    const NESTS: usize;

    /// Calls `f` with every leaf's cursor.
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>));

    /// Whether `f` holds for every leaf's cursor.
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool;

    /// The [`BLOCK`] elements of the current run from position `at`. (`&mut`: a reduction moves
    /// its leaves' cursors as it folds, and puts them back.) Without `STRIDED`, every leaf's
    /// stride along the run is 0 or 1 (the kernel checks that once per pass, so the common case
    /// loads slices, with no third case in the loop).
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [Self::Elem; BLOCK];

    /// The last elements of the current run, `len` (1 to [`BLOCK`]) from position `at`, as a
    /// block whose lanes past `len` repeat the last one: a short run's outputs computed
    /// together (a reduction over a long axis into 8 outputs makes one pass, not 8).
    fn part(&mut self, at: usize, len: usize) -> [Self::Elem; BLOCK];

    /// The element of the current run at position `at`.
    fn get(&mut self, at: usize) -> Self::Elem;

    /// The elements and the cursor of a source that is one leaf read forwards along every
    /// axis, so that a pass in tiles may read its columns as slices; `None` for any other.
    fn leaf(&self) -> Option<(&[Self::Elem], &Cursor<W>)> {
        None
    }

    /// [`block`](Self::block) in pass `P`, whose plan was made while the program compiled and
    /// which runs as it says, this node at `spot` of its table, `along[c]` steps along each
    /// column `c` of the table from where the cursors are (how far the reductions around it
    /// have folded): each leaf's strides are read from the table, constants once inlined (see
    /// `place`). No cursor moves, so a reduction's fold stores nothing between its reads, and
    /// the optimizer keeps what does not change from one element to the next (k-means' point,
    /// the same for every centroid) in registers.
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [Self::Elem; BLOCK];

    /// `len` elements (1 to [`BLOCK`]) of the rows of `n` elements that the loop `down` steps
    /// through, read as one flat run from position `at` (the element `at % n` of row `at / n`),
    /// lanes past `len` repeating the last: a tile of short rows computed in whole blocks
    /// (see `flat_rows`).
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [Self::Elem; BLOCK];

    /// What reads this source along a run ([`run_blocks`](Self::run_blocks)).
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>: RunBlocks<Elem = Self::Elem>
    where
        Self: 's;

    /// The current run's blocks from its start, its `n` elements (a block or more) read with
    /// what is the same all along it held as values (see `kernel::run`): as the plan of pass
    /// `P` says where `PLANNED`, this node at `spot` of its table, otherwise as the cursors
    /// say, on the `STRIDED` path of [`block`](Self::block).
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> Self::Run<'_, P, PLANNED, STRIDED>;

    /// Tells the source that the pass starts a run, `left` runs (this one among them) before
    /// the loop around the runs, along axis `down`, wraps: a reduction stretched along the
    /// runs (a row's mean under `x - mean`) may then fold the next runs' outputs together.
    /// Called at every run of a pass that calls it, in order; a pass may not call it at all.
    /// `spot` is where the source's leaves lie in pass `P`'s plan: a pass with a plan tells
    /// from it, as it compiles, which reductions are the same along the run.
    fn next_run<P: Pass>(&mut self, spot: Spot, down: usize, left: usize);

    /// Gives every use of the shared value number `id` in this source `values`, its elements
    /// (see `expr::shared`); with no `id`, every use not given its value evaluates its own.
    /// (No default: a node that holds operands passes it on to each, or a use inside it would
    /// be read with no value.)
    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]);
}

/// A source's blocks along one run, in order from the run's start.
pub trait RunBlocks {
    /// The element.
    type Elem: Copy;
    /// The run's next block.
    fn next_block(&mut self) -> [Self::Elem; BLOCK];
}
