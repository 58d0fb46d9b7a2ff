//! The inner nodes of an expression: one operand mapped ([`Map`]), two zipped ([`Zip`]), and the
//! element functions they apply ([`Unary`], [`Binary`]).

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::small::{along, at_table, each, onto, reads_along};
use super::{AT_RANK, Expression, Index, Typed};
use crate::kernel::constant::{self, Strides};
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::place::{Pass, Spot};
use crate::kernel::source::{Cursor, Portable, RunBlocks, Shared, Source};
use crate::kernel::statics::MapInto;
use crate::kernel::zip::{Binary, Pair};
use crate::shape::AnyShape;
use crate::tensor::Home;

/// A function of one element: an operator's (`Neg`), a method's (`sqrt`), or a closure's
/// ([`Closure`]).
pub trait Unary<X> {
    /// The result.
    type Output: Copy;
    /// `f(x)`.
    fn call(&self, x: X) -> Self::Output;

    /// Whether `f` costs more than keeping its result (a square root, a division, an
    /// exponential): a pass then computes it once per run where its operand is the same all
    /// along the run (a row's statistic, `(var + eps).sqrt()` under a layer norm), not once
    /// per block.
    const COSTLY: bool = false;

    /// `f` of every lane of a block, lane by lane unless the function computes a block at
    /// once (`exp` and `ln` of `f32` and `f64` do, in vector registers). It must give what
    /// [`call`](Unary::call) gives lane by lane, so that an element does not depend on where
    /// a block starts.
    #[hot]
    fn block(&self, x: [X; BLOCK]) -> [Self::Output; BLOCK]
    where
        X: Copy,
    {
        fused::lanes(|i| self.call(x[i]))
    }
}

/// A closure as an element function (`map`, `zip_with`).
#[derive(Clone, Copy)]
pub struct Closure<F>(pub(crate) F);

impl<X, O: Copy, F: Fn(X) -> O> Unary<X> for Closure<F> {
    type Output = O;
    #[hot]
    fn call(&self, x: X) -> O {
        (self.0)(x)
    }
}

impl<X, Y, O: Copy, F: Fn(X, Y) -> O> Binary<X, Y> for Closure<F> {
    type Output = O;
    #[hot]
    fn call(&self, x: X, y: Y) -> O {
        (self.0)(x, y)
    }
}

/// What a node of an expression is ([`Typed`]): its element type `T`, its shape `S`, kept with
/// its run-time sizes, and its home `H`.
pub struct Of<T, S, H> {
    shape: S,
    types: PhantomData<fn() -> (T, H)>,
}

impl<T, S: Copy, H> Clone for Of<T, S, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: Copy, H> Copy for Of<T, S, H> {}

impl<T, S, H> Of<T, S, H> {
    /// A node of shape `shape`.
    #[hot]
    pub(crate) fn new(shape: S) -> Self {
        Of { shape, types: PhantomData }
    }
}

/// Where a tensor computed from `A` and `B` together goes: on the heap if either's does.
pub type Joined<A, B> = <<A as Typed>::Home as Home>::With<<B as Typed>::Home>;

/// `f(e)` for every element of `e`; `K` is what it is ([`Of`]), and what it keeps of the
/// current run (`Hoisted`) as the kernel reads it.
#[derive(Clone, Copy)]
pub struct Map<E, F, K> {
    pub(crate) inner: E,
    pub(crate) f: F,
    pub(crate) of: K,
}

/// What a map of a costly function ([`Unary::COSTLY`]) keeps of the pass's current run: its
/// block, where its operand is the same all along the run, or that it is not; nothing until
/// its first block, and again whenever the cursors move.
#[derive(Clone, Copy)]
pub struct Hoisted<T> {
    block: Option<[T; BLOCK]>,
    varies: bool,
}

impl<T: Copy> Hoisted<T> {
    /// Nothing known of the run.
    const UNKNOWN: Self = Hoisted { block: None, varies: false };

    /// Keeps `block` for the rest of the run where it is the `same` all along it (a layer
    /// norm's `(var + eps).sqrt().recip()`, once per row, rather than computed again for every
    /// block of the row); otherwise that it is not, so that the run's next blocks do not ask
    /// again.
    #[hot]
    fn keep(&mut self, block: [T; BLOCK], same: impl FnOnce() -> bool) {
        if !self.varies {
            match same() {
                true => self.block = Some(block),
                false => self.varies = true,
            }
        }
    }
}

/// `F` applied to every element of `E`.
pub type Mapped<E, F> =
    Map<E, F, Of<<F as Unary<<E as Typed>::Elem>>::Output, <E as Typed>::Shape, <E as Typed>::Home>>;

impl<E: Typed, F: Unary<E::Elem>> Mapped<E, F> {
    /// `f` of every element of `inner`.
    #[hot]
    pub(crate) fn new(inner: E, f: F) -> Self {
        let of = Of::new(inner.shape());
        Map { inner, f, of }
    }
}

impl<E, F, T: Copy + Shared, S: AnyShape, H: Home> Typed for Map<E, F, Of<T, S, H>> {
    type Elem = T;
    type Shape = S;
    type Home = H;

    #[hot]
    fn shape(&self) -> S {
        self.of.shape
    }
}

impl<E, F, K> super::ExpressionNode for Map<E, F, K> {
    fn sealed(_: super::seal::Token) {}
}
impl<A, B, F, K, MA, MB> super::ExpressionNode for Zip<A, B, F, K, MA, MB> {
    fn sealed(_: super::seal::Token) {}
}
impl<E, const I: usize, O> super::ExpressionNode for NewAxis<E, I, O> {
    fn sealed(_: super::seal::Token) {}
}

impl<E, F, T, S, H> Expression for Map<E, F, Of<T, S, H>>
where
    E: Expression<Shape = S, Home = H>,
    F: Unary<E::Elem, Output = T> + Portable,
    T: Copy + Shared,
    S: AnyShape,
    H: Home,
{
    type Source<const W: usize> = Map<E::Source<W>, F, Hoisted<T>>;
    const SLOTS: usize = E::SLOTS;
    const STRIDES: Strides = E::STRIDES;
    const AT: bool = E::AT;
    const READS: usize = E::READS;
    const ROWS: bool = E::ROWS;

    #[hot]
    fn at(&self, index: &Index) -> T {
        self.f.call(self.inner.at(index))
    }

    #[hot]
    fn row<const N: usize>(&self, index: &Index) -> [T; N] {
        let x = self.inner.row::<N>(index);
        each(|j| self.f.call(x[j]))
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W> {
        Map { inner: self.inner.source(lands, slots), f: self.f, of: Hoisted::UNKNOWN }
    }
}

/// A map's operand along one run, and the function (see `kernel::run`).
pub struct MapRun<'s, R, F> {
    inner: R,
    f: &'s F,
}

impl<R: RunBlocks, F: Unary<R::Elem>> RunBlocks for MapRun<'_, R, F> {
    type Elem = F::Output;

    #[hot]
    fn next_block(&mut self) -> [F::Output; BLOCK] {
        self.f.block(self.inner.next_block())
    }
}

impl<const W: usize, S: Source<W>, F: Unary<S::Elem>> Source<W> for Map<S, F, Hoisted<F::Output>> {
    type Elem = F::Output;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = MapRun<'s, S::Run<'s, P, PLANNED, STRIDED>, F>
    where
        Self: 's;
    const LEAVES: usize = S::LEAVES;
    const SLOTS: usize = S::SLOTS;
    const FIXED_FOLDS: bool = S::FIXED_FOLDS;
    const NESTS: usize = S::NESTS;

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        if const { F::COSTLY } {
            self.of = Hoisted::UNKNOWN;
        }
        self.inner.cursors(f);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        self.inner.all(f)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [Self::Elem; BLOCK] {
        if const { F::COSTLY }
            && let Some(block) = self.of.block
        {
            return block;
        }
        let block = self.f.block(self.inner.block::<STRIDED>(at));
        if const { F::COSTLY } {
            let inner = &self.inner;
            self.of.keep(block, || fused::still(inner));
        }
        block
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [Self::Elem; BLOCK] {
        self.f.block(self.inner.part(at, len))
    }

    #[hot]
    fn get(&mut self, at: usize) -> Self::Elem {
        self.f.call(self.inner.get(at))
    }

    /// As [`block`](Source::block) keeps its block, at the pass's own position only (not
    /// moved `along` inside a reduction's fold), and knowing from the plan's table whether
    /// its leaves step along the run.
    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [Self::Elem; BLOCK] {
        let here = const { F::COSTLY } && along.iter().all(|&a| a == 0);
        if here && let Some(block) = self.of.block {
            return block;
        }
        let block = self.f.block(self.inner.planned::<P>(at, spot, along));
        if here {
            self.of.keep(block, || spot.still::<P, W>(S::LEAVES));
        }
        block
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [Self::Elem; BLOCK] {
        self.f.block(self.inner.rows(at, len, n, down))
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> Self::Run<'_, P, PLANNED, STRIDED> {
        MapRun { inner: self.inner.run_blocks::<P, PLANNED, STRIDED>(spot, n), f: &self.f }
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, spot: Spot, down: usize, left: usize) {
        self.inner.next_run::<P>(spot, down, left);
    }

    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]) {
        self.inner.share(id, values);
    }
}

/// `f(a, b)` element by element, `a` and `b` broadcast to the shape of `K` (what the result
/// is, [`Of`]), their axes placed on its axes by the maps `MA` and
/// `MB` (NumPy's right alignment, or XLA's dims). The pass reads it as a `Pair` of its
/// operands' sources.
pub struct Zip<A, B, F, K, MA, MB> {
    pub(crate) a: A,
    pub(crate) b: B,
    pub(crate) f: F,
    pub(crate) of: K,
    pub(crate) maps: PhantomData<(MA, MB)>,
}

impl<A: Clone, B: Clone, F: Clone, K: Clone, MA, MB> Clone for Zip<A, B, F, K, MA, MB> {
    fn clone(&self) -> Self {
        Zip {
            a: self.a.clone(),
            b: self.b.clone(),
            f: self.f.clone(),
            of: self.of.clone(),
            maps: PhantomData,
        }
    }
}
impl<A: Copy, B: Copy, F: Copy, K: Copy, MA, MB> Copy for Zip<A, B, F, K, MA, MB> {}

impl<A, B, F, O, MA, MB> Zip<A, B, F, Of<F::Output, O, Joined<A, B>>, MA, MB>
where
    A: Typed,
    B: Typed,
    F: Binary<A::Elem, B::Elem>,
    O: AnyShape,
    MA: MapInto<A::Shape, O>,
    MB: MapInto<B::Shape, O>,
{
    /// `a` and `b` zipped with `f`; the output's run-time sizes are taken from the operands,
    /// which the types have proved agree.
    #[hot]
    pub(crate) fn new(a: A, b: B, f: F) -> Self {
        let shape =
            crate::kernel::statics::ZipPlan::<A::Shape, B::Shape, O, MA, MB>::output(&a.shape(), &b.shape());
        Zip { a, b, f, of: Of::new(shape), maps: PhantomData }
    }
}

impl<A, B, F, T: Copy + Shared, S: AnyShape, H: Home, MA, MB> Typed for Zip<A, B, F, Of<T, S, H>, MA, MB> {
    type Elem = T;
    type Shape = S;
    type Home = H;

    #[hot]
    fn shape(&self) -> S {
        self.of.shape
    }
}

impl<A, B, F, T, O, H, MA, MB> Expression for Zip<A, B, F, Of<T, O, H>, MA, MB>
where
    A: Expression,
    B: Expression,
    F: Binary<A::Elem, B::Elem, Output = T> + Portable,
    T: Copy + Shared,
    O: AnyShape,
    H: Home,
    MA: MapInto<A::Shape, O>,
    MB: MapInto<B::Shape, O>,
{
    type Source<const W: usize> = Pair<A::Source<W>, B::Source<W>, F>;
    const SLOTS: usize = A::SLOTS + B::SLOTS;
    const STRIDES: Strides = A::STRIDES.moved(MA::ONTO, A::SLOTS, O::RANK).then(B::STRIDES.moved(
        MB::ONTO,
        B::SLOTS,
        O::RANK + A::SLOTS,
    ));
    const AT: bool = A::AT && B::AT && O::RANK <= AT_RANK;
    const READS: usize = A::READS.saturating_add(B::READS);
    const ROWS: bool = (A::ROWS && reads_along::<A::Shape, O>(MA::ONTO))
        || (B::ROWS && reads_along::<B::Shape, O>(MB::ONTO));

    #[hot]
    fn at(&self, index: &Index) -> T {
        let (ma, mb) = (const { at_table(MA::ONTO) }, const { at_table(MB::ONTO) });
        // Built for size, an operand whose axes are the output's reads the output's index as it
        // is: no copy, in far less code. At other levels the copy costs nothing, and without it
        // a fold element by element vectorized worse (a column maximum of `[4, 4]`).
        let a = match const { cfg!(shapecast_small_code) && same_axes(MA::ONTO, O::RANK) } {
            true => self.a.at(index),
            false => self.a.at(&onto(&ma[..A::Shape::RANK], index)),
        };
        let b = match const { cfg!(shapecast_small_code) && same_axes(MB::ONTO, O::RANK) } {
            true => self.b.at(index),
            false => self.b.at(&onto(&mb[..B::Shape::RANK], index)),
        };
        self.f.call(a, b)
    }

    /// Each operand's row as a row where it folds one so ([`ROWS`](Expression::ROWS)), else
    /// element by element (stretched along the row, it reads one element over and over).
    #[hot]
    fn row<const N: usize>(&self, index: &Index) -> [T; N] {
        let (ma, mb) = (const { at_table(MA::ONTO) }, const { at_table(MB::ONTO) });
        let a: [A::Elem; N] = match const { A::ROWS && reads_along::<A::Shape, O>(MA::ONTO) } {
            true => self.a.row::<N>(&onto(&ma[..A::Shape::RANK], index)),
            false => along(index, O::RANK, |i| self.a.at(&onto(&ma[..A::Shape::RANK], i))),
        };
        let b: [B::Elem; N] = match const { B::ROWS && reads_along::<B::Shape, O>(MB::ONTO) } {
            true => self.b.row::<N>(&onto(&mb[..B::Shape::RANK], index)),
            false => along(index, O::RANK, |i| self.b.at(&onto(&mb[..B::Shape::RANK], i))),
        };
        each(|j| self.f.call(a[j], b[j]))
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W> {
        let (ma, mb) = (MA::ONTO, MB::ONTO);
        let a = self.a.source(&super::land::<W>(ma, O::RANK, lands, 0)[..ma.len()], slots);
        let b = self.b.source(&super::land::<W>(mb, O::RANK, lands, 0)[..mb.len()], slots);
        Pair::new(a, b, self.f)
    }
}

/// `E` with a size-1 axis inserted before position `I` (`np.newaxis`), of shape `O`: the same
/// elements, read as they lie.
#[derive(Clone, Copy)]
pub struct NewAxis<E, const I: usize, O> {
    pub(crate) inner: E,
    pub(crate) shape: O,
}

impl<E: Typed, const I: usize, O: AnyShape> NewAxis<E, I, O> {
    /// `inner` with the new axis; the sizes of `O` are `inner`'s with a 1 at `I`.
    #[hot]
    pub(crate) fn new(inner: E) -> Self {
        if O::FIXED {
            return NewAxis { inner, shape: O::from_extents(&[], crate::shape::sealed::Proof::new()) };
        }
        let mut dims = [0; shapecast_rules::MAX_RANK];
        let dims = crate::shape::extents_in(&inner.shape(), &mut dims);
        let mut with = [1; shapecast_rules::MAX_RANK];
        for (k, &d) in dims.iter().enumerate() {
            with[if k < I { k } else { k + 1 }] = d;
        }
        let rank = (dims.len() + 1).min(with.len());
        let shape = O::from_extents(&with[..rank], crate::shape::sealed::Proof::new());
        NewAxis { inner, shape }
    }
}

impl<E: Typed, const I: usize, O: AnyShape> Typed for NewAxis<E, I, O> {
    type Elem = E::Elem;
    type Shape = O;
    type Home = E::Home;

    #[hot]
    fn shape(&self) -> O {
        self.shape
    }
}

impl<E: Expression, const I: usize, O: AnyShape> Expression for NewAxis<E, I, O> {
    type Source<const W: usize> = E::Source<W>;
    const SLOTS: usize = E::SLOTS;
    const STRIDES: Strides = E::STRIDES.moved(
        constant::first(&constant::inserted(I, E::Shape::RANK), E::Shape::RANK),
        E::SLOTS,
        O::RANK,
    );
    const AT: bool = E::AT && O::RANK <= AT_RANK;
    const READS: usize = E::READS;

    #[hot]
    fn at(&self, index: &Index) -> E::Elem {
        let map = const { at_table(&constant::inserted(I, E::Shape::RANK)) };
        self.inner.at(&onto(&map[..E::Shape::RANK], index))
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> E::Source<W> {
        let (onto, rank) = (const { constant::inserted(I, E::Shape::RANK) }, E::Shape::RANK);
        self.inner.source(&super::land::<W>(&onto[..rank], O::RANK, lands, 0)[..rank], slots)
    }
}

/// Whether an operand whose axis `k` lies on its parent's axis `map[k]` has its parent's `rank`
/// axes, in order: it reads the parent's index as it is.
const fn same_axes(map: &[usize], rank: usize) -> bool {
    if map.len() != rank {
        return false;
    }
    let mut k = 0;
    while k < rank {
        if map[k] != k {
            return false;
        }
        k += 1;
    }
    true
}
