//! Two sources zipped element by element ([`Pair`], with a [`Binary`] function): an
//! expression's `zip` node as the pass reads it, and the element-wise closures that may keep
//! state (`FnMut`: `zip_with`, `zip_assign` and the arrays of run-time rank). Each of those is
//! one pass of the fused kernel over the operands' elements, and the closure is applied as the
//! pass hands them on: exactly once per output element, in row-major order, on one thread, so
//! that the closure sees what a plain loop would show it. (The pass computes whole blocks, and a
//! short run's block repeats its last lane: only the reads are repeated, never the closure.)
//! The pass is `run_plain`, whole runs in blocks: the closure's loop is the cost here, not the
//! walk.

use super::block::lanes;
use super::fused::{self, BLOCK, Hint};
use super::leaf::LeafSource;
use super::place::{Pass, Spot};
use super::source::{Cursor, RunBlocks, Source};
use shapecast_macros::hot;

/// Writes `f(a, b)` for every element of an output of sizes `dims`, row-major, into `out`,
/// reading `a` and `b` through their cursors.
///
/// The caller has checked the shapes and lengths: every element the cursors reach lies inside
/// `a` and `b`, and `out` holds the output's elements.
#[hot]
pub(crate) fn zip<const W: usize, A: Copy, B: Copy, O, P: Pass>(
    (a, b): (LeafSource<'_, A, W>, LeafSource<'_, B, W>),
    dims: &[usize],
    hint: Hint<P>,
    out: &mut [O],
    mut f: impl FnMut(A, B) -> O,
) {
    each(Pair::new(a, b, PairFn), dims, hint, out, |o, (x, y)| *o = f(x, y));
}

/// Sets `dst[i] = f(dst[i], x)` for every element of `dst` (an output of sizes `dims`,
/// row-major), `x` read from `src` through its cursor, as [`zip`] does.
#[hot]
pub(crate) fn assign<const W: usize, T: Copy, U: Copy, P: Pass>(
    src: LeafSource<'_, U, W>,
    dims: &[usize],
    hint: Hint<P>,
    dst: &mut [T],
    mut f: impl FnMut(T, U) -> T,
) {
    each(src, dims, hint, dst, |o, x| *o = f(*o, x));
}

/// `f(&mut out[i], x)` for every element `x` of `src`'s pass over `dims`, in row-major order.
#[hot]
fn each<const W: usize, S: Source<W>, O, P: Pass>(
    src: S,
    dims: &[usize],
    hint: Hint<P>,
    out: &mut [O],
    mut f: impl FnMut(&mut O, S::Elem),
) {
    let mut pos = 0;
    fused::run_plain(
        dims,
        hint,
        src,
        #[inline(always)]
        |xs| {
            let n = xs.len();
            for (o, &x) in out[pos..pos + n].iter_mut().zip(xs) {
                f(o, x);
            }
            pos += n;
        },
    );
}

/// A function of two elements: an operator's (`Add`), a method's (`max`), or a closure's
/// (`zip_with`).
pub trait Binary<X, Y> {
    /// The result.
    type Output: Copy;
    /// `f(x, y)`.
    fn call(&self, x: X, y: Y) -> Self::Output;
}

/// The pair `(x, y)`: the two branches of a select, zipped, or the operands of a closure that
/// may keep state (`zip_with` on tensors), which is applied to each pair as the pass hands it on.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairFn;
impl<X: Copy, Y: Copy> Binary<X, Y> for PairFn {
    type Output = (X, Y);
    #[hot]
    fn call(&self, x: X, y: Y) -> (X, Y) {
        (x, y)
    }
}

/// Two sources zipped by `f`, element by element: what the pass reads for an expression's
/// `zip` node (and the eager zips of two tensors).
#[derive(Clone, Copy)]
pub struct Pair<A, B, F> {
    a: A,
    b: B,
    f: F,
}

impl<A, B, F> Pair<A, B, F> {
    /// The source that zips the sources `a` and `b` with `f`.
    #[hot]
    pub(crate) fn new(a: A, b: B, f: F) -> Self {
        Pair { a, b, f }
    }
}

/// Whether a zip reads its second operand before its first: where only the second holds a
/// reduction (`x - mean`), whose block may call out to fold, the first's block read first
/// would be kept in memory across that call, in every block, not only those that fold
/// (`x - x.mean_keepdims::<axes![1]>()`).
const fn b_first(a_slots: usize, b_slots: usize) -> bool {
    a_slots == 0 && b_slots > 0
}

/// A zip's two operands along one run (see `kernel::run`).
pub struct PairRun<'s, A, B, F> {
    a: A,
    b: B,
    f: &'s F,
}

impl<A: RunBlocks, B: RunBlocks, F: Binary<A::Elem, B::Elem>> RunBlocks for PairRun<'_, A, B, F> {
    type Elem = F::Output;

    #[hot]
    fn next_block(&mut self) -> [F::Output; BLOCK] {
        let (x, y) = (self.a.next_block(), self.b.next_block());
        lanes(|i| self.f.call(x[i], y[i]))
    }
}

impl<const W: usize, A: Source<W>, B: Source<W>, F: Binary<A::Elem, B::Elem>> Source<W> for Pair<A, B, F> {
    type Elem = F::Output;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = PairRun<'s, A::Run<'s, P, PLANNED, STRIDED>, B::Run<'s, P, PLANNED, STRIDED>, F>
    where
        Self: 's;
    const LEAVES: usize = A::LEAVES + B::LEAVES;
    const SLOTS: usize = A::SLOTS + B::SLOTS;
    const FIXED_FOLDS: bool = A::FIXED_FOLDS && B::FIXED_FOLDS;
    const NESTS: usize = if A::NESTS > B::NESTS { A::NESTS } else { B::NESTS };

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        self.a.cursors(f);
        self.b.cursors(f);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        self.a.all(f) && self.b.all(f)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [Self::Elem; BLOCK] {
        let (x, y) = if const { b_first(A::SLOTS, B::SLOTS) } {
            let y = self.b.block::<STRIDED>(at);
            (self.a.block::<STRIDED>(at), y)
        } else {
            (self.a.block::<STRIDED>(at), self.b.block::<STRIDED>(at))
        };
        lanes(|i| self.f.call(x[i], y[i]))
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [Self::Elem; BLOCK] {
        let (x, y) = (self.a.part(at, len), self.b.part(at, len));
        lanes(|i| self.f.call(x[i], y[i]))
    }

    #[hot]
    fn get(&mut self, at: usize) -> Self::Elem {
        self.f.call(self.a.get(at), self.b.get(at))
    }

    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [Self::Elem; BLOCK] {
        let (a, b) = (spot, spot.after(A::LEAVES, A::SLOTS));
        let (x, y) = if const { b_first(A::SLOTS, B::SLOTS) } {
            let y = self.b.planned::<P>(at, b, along);
            (self.a.planned::<P>(at, a, along), y)
        } else {
            (self.a.planned::<P>(at, a, along), self.b.planned::<P>(at, b, along))
        };
        lanes(|i| self.f.call(x[i], y[i]))
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [Self::Elem; BLOCK] {
        let (x, y) = (self.a.rows(at, len, n, down), self.b.rows(at, len, n, down));
        lanes(|i| self.f.call(x[i], y[i]))
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> Self::Run<'_, P, PLANNED, STRIDED> {
        let (a, b) = (spot, spot.after(A::LEAVES, A::SLOTS));
        PairRun {
            a: self.a.run_blocks::<P, PLANNED, STRIDED>(a, n),
            b: self.b.run_blocks::<P, PLANNED, STRIDED>(b, n),
            f: &self.f,
        }
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, spot: Spot, down: usize, left: usize) {
        let (a, b) = (spot, spot.after(A::LEAVES, A::SLOTS));
        self.a.next_run::<P>(a, down, left);
        self.b.next_run::<P>(b, down, left);
    }

    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]) {
        self.a.share(id, values);
        self.b.share(id, values);
    }
}
