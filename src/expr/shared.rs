//! A value that several parts of one expression read, computed once for all of them
//! ([`Lazy::share`]).
//!
//! An expression used twice is computed twice: `c` in `c * c.sum()` is an expression, not a
//! tensor. So a layer norm written as one expression folds each row's mean once for
//! `x − mean` and again inside the variance of it. Shared, the mean is evaluated once, by a
//! pass of its own before the body's, into a tensor (inline for a fixed shape, on the heap
//! otherwise), and every use of it reads that tensor (Eigen's `nested_eval` evaluates an
//! operand read many times so). A `share` inside another's body may read the outer value: the
//! outer is evaluated first.
//!
//! ```
//! use shapecast::prelude::*;
//!
//! let x = Tensor::<f32, shape![2, 4]>::from([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 2.0]]);
//! let y = x
//!     .lazy()
//!     .mean_keepdims::<axes![1]>()
//!     .share(|mean| {
//!         let centred = x.lazy() - mean; // both uses read the same means
//!         let var = centred.powi(2).mean_keepdims::<axes![1]>();
//!         centred / (var + 1.0).sqrt()
//!     })
//!     .eval();
//! assert_eq!(y.as_slice(), [-1.0, -0.5 / 1.5, 0.5 / 1.5, 1.0, 0.0, 0.0, 0.0, 0.0]);
//! ```

use core::any::Any;
use core::sync::atomic::{AtomicUsize, Ordering};
use shapecast_macros::hot;

use super::{Expression, Lazy, Portable, Typed};
use crate::kernel::constant::Strides;
use crate::kernel::fused::BLOCK;
use crate::kernel::leaf::{LeafRun, LeafSource};
use crate::kernel::place::{Pass, Spot};
use crate::kernel::source::{Cursor, Source};
use crate::shape::AnyShape;
use crate::tensor::{New, Owned, OwnedData, TensorBase};

/// Numbers every [`Lazy::share`], so that its value reaches the uses it made only.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A number no other [`Lazy::share`] of this program has had (until `usize` wraps).
#[hot]
fn next_id() -> usize {
    #[cfg(target_has_atomic = "ptr")]
    return NEXT.fetch_add(1, Ordering::Relaxed);
    #[cfg(not(target_has_atomic = "ptr"))]
    {
        // (No atomic read-modify-write on this target, nor threads to race.)
        let id = NEXT.load(Ordering::Relaxed);
        NEXT.store(id.wrapping_add(1), Ordering::Relaxed);
        id
    }
}

/// What a shared value of type `E` is evaluated into: the tensor `eval()` makes, inline for a
/// fixed shape, on the heap otherwise.
type Values<E> = Owned<<E as Typed>::Elem, <E as Typed>::Shape, <E as Typed>::Home>;

/// The source of a shared value's own pass, `W` wide: its axes first, then those its
/// reductions fold.
#[hot]
fn value_source<const W: usize, E: Expression>(value: E) -> E::Source<W> {
    value.source::<W>(&super::IDENTITY[..E::Shape::RANK], &mut { E::Shape::RANK })
}

/// A shared value, of shape `shape`, evaluated from its source by a pass of its own, once the
/// uses of other shared values inside it have their values (a use given none evaluates its
/// own).
fn evaluated<const W: usize, E: Expression>(mut src: E::Source<W>, shape: E::Shape) -> Values<E>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    src.share::<()>(None, &[]);
    super::new_from_source::<W, E>(src, shape)
}

/// [`evaluated`] from the value itself.
fn by_own_pass<const W: usize, E: Expression>(value: E) -> Values<E>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    let shape = value.shape();
    evaluated::<W, E>(value_source::<W, E>(value), shape)
}

/// The value as `eval()` evaluates it.
fn by_eval<E: Expression>(value: E) -> Values<E>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    Lazy(value).eval()
}

/// An expression whose `body` reads the value `value` wherever it uses it, computed once: what
/// [`Lazy::share`] makes. The value is evaluated, into a tensor, each time the expression is.
#[derive(Clone, Copy)]
pub struct Sharing<E, B> {
    value: E,
    body: B,
    id: usize,
}

/// A use of a shared value in the body of [`Lazy::share`]: an expression of the value's
/// shape, read from the tensor the evaluation computes it into.
#[derive(Clone, Copy)]
pub struct SharedValue<E> {
    value: E,
    id: usize,
}

impl<E: Expression> Lazy<E>
where
    E::Elem: 'static,
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    /// The expression `body` builds from this one, each use of this one in it reading it
    /// computed once: a statistic that an expression reads twice (a layer norm's mean, in
    /// `x − mean` and in the variance of it) is folded once, not once per use.
    ///
    /// When the expression is evaluated, this value is evaluated first, into a tensor as
    /// `eval()` makes it (inline for a fixed shape, on the heap otherwise), and then the body's
    /// pass reads every use of it from that tensor. Share a statistic, or a costly function of
    /// a few elements: a value of the output's size is a temporary of that size.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 4.0, 7.0]]);
    /// // Each row centred on its mean, over its sum of squares: the mean is folded once per
    /// // row, though the body reads it twice.
    /// let y = x
    ///     .lazy()
    ///     .mean_keepdims::<axes![1]>()
    ///     .share(|mean| {
    ///         let centred = x.lazy() - mean;
    ///         centred / centred.powi(2).sum_keepdims::<axes![1]>()
    ///     })
    ///     .eval();
    /// assert_eq!(y.as_slice(), [-0.5, 0.0, 0.5, -1.0 / 6.0, -1.0 / 6.0, 2.0 / 6.0]);
    /// ```
    #[hot]
    pub fn share<B: Expression>(
        self,
        body: impl FnOnce(Lazy<SharedValue<E>>) -> Lazy<B>,
    ) -> Lazy<Sharing<E, B>>
    where
        E: Clone,
    {
        let id = next_id();
        let Lazy(body) = body(Lazy(SharedValue { value: self.0.clone(), id }));
        Lazy(Sharing { value: self.0, body, id })
    }
}

impl<E, B: Typed> Typed for Sharing<E, B> {
    type Elem = B::Elem;
    type Shape = B::Shape;
    type Home = B::Home;

    #[hot]
    fn shape(&self) -> B::Shape {
        self.body.shape()
    }
}

impl<E: Typed> Typed for SharedValue<E> {
    type Elem = E::Elem;
    type Shape = E::Shape;
    type Home = E::Home;

    #[hot]
    fn shape(&self) -> E::Shape {
        self.value.shape()
    }
}

impl<E, B> super::ExpressionNode for Sharing<E, B> {
    fn sealed(_: super::seal::Token) {}
}
impl<E> super::ExpressionNode for SharedValue<E> {
    fn sealed(_: super::seal::Token) {}
}

impl<E: Expression, B: Expression> Expression for Sharing<E, B>
where
    E::Elem: 'static,
    E::Shape: Portable,
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    type Source<const W: usize> = SharingSource<E, B::Source<W>, W>;
    // The value's own pass, before this one, has cursors as wide as this one's: its axes and
    // those its reductions fold count here too (unused by this pass).
    const SLOTS: usize = B::SLOTS + E::Shape::RANK + E::SLOTS;
    const STRIDES: Strides = B::STRIDES;

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W> {
        let body = self.body.source(lands, slots);
        *slots += E::Shape::RANK + E::SLOTS;
        let shape = self.value.shape();
        SharingSource { body, value: Some((value_source::<W, E>(self.value), shape)), id: self.id }
    }
}

/// A body that reads a shared value, as the pass reads it: the body's source, and, until the
/// evaluation gives the body its value, the value's own source, to be evaluated by a pass of
/// its own (see [`share`](Source::share)).
pub struct SharingSource<E: Expression, S, const W: usize> {
    body: S,
    value: Option<(E::Source<W>, E::Shape)>,
    id: usize,
}

impl<E: Expression, S: Clone, const W: usize> Clone for SharingSource<E, S, W>
where
    E::Source<W>: Clone,
{
    fn clone(&self) -> Self {
        SharingSource { body: self.body.clone(), value: self.value.clone(), id: self.id }
    }
}

impl<E: Expression, S: Source<W>, const W: usize> Source<W> for SharingSource<E, S, W>
where
    E::Elem: 'static,
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    type Elem = S::Elem;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = S::Run<'s, P, PLANNED, STRIDED>
    where
        Self: 's;
    const LEAVES: usize = S::LEAVES;
    const SLOTS: usize = S::SLOTS;
    const FIXED_FOLDS: bool = S::FIXED_FOLDS;
    const NESTS: usize = S::NESTS;

    #[hot]
    fn cursors(&mut self, f: &mut impl FnMut(&mut Cursor<W>)) {
        self.body.cursors(f);
    }

    #[hot]
    fn all(&self, f: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        self.body.all(f)
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [S::Elem; BLOCK] {
        self.body.block::<STRIDED>(at)
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [S::Elem; BLOCK] {
        self.body.part(at, len)
    }

    #[hot]
    fn get(&mut self, at: usize) -> S::Elem {
        self.body.get(at)
    }

    #[hot]
    fn leaf(&self) -> Option<(&[S::Elem], &Cursor<W>)> {
        self.body.leaf()
    }

    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [S::Elem; BLOCK] {
        self.body.planned::<P>(at, spot, along)
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [S::Elem; BLOCK] {
        self.body.rows(at, len, n, down)
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> S::Run<'_, P, PLANNED, STRIDED> {
        self.body.run_blocks::<P, PLANNED, STRIDED>(spot, n)
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, spot: Spot, down: usize, left: usize) {
        self.body.next_run::<P>(spot, down, left);
    }

    /// Passes values given from outside on to the value and the body; with no `id`, evaluates
    /// the value (once the values it reads have been given to it: a `share` inside another's
    /// body reads the outer value), gives it to the body's uses of it, then lets the body's
    /// own shares do the same.
    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]) {
        if id.is_some() {
            if let Some((value, _)) = &mut self.value {
                value.share(id, values);
            }
            self.body.share(id, values);
            return;
        }
        if let Some((value, shape)) = self.value.take() {
            let values = evaluated::<W, E>(value, shape);
            self.body.share(Some(self.id), values.as_slice());
        }
        self.body.share::<()>(None, &[]);
    }
}

impl<E: Expression + Clone + Portable> Expression for SharedValue<E>
where
    E::Elem: 'static,
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
    Values<E>: Portable,
{
    type Source<const W: usize> = SharedSource<E, W>;
    const SLOTS: usize = 0;
    const STRIDES: Strides = Strides::of_shape::<E::Shape>();

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], _: &mut usize) -> SharedSource<E, W> {
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&self.value.shape(), &mut dims);
        let cursor = Cursor::new(dims, lands);
        SharedSource { values: None, cursor, value: self.value, id: self.id }
    }
}

/// A use of a shared value as the pass reads it: the value's tensor, read as a tensor is. The
/// [`Sharing`] that made it gives it the tensor; a use that reaches another evaluation (taken
/// out of its body) evaluates its value itself.
pub struct SharedSource<E: Typed, const W: usize>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    values: Option<Values<E>>,
    cursor: Cursor<W>,
    value: E,
    id: usize,
}

impl<E: Typed + Clone, const W: usize> Clone for SharedSource<E, W>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
    Values<E>: Clone,
{
    fn clone(&self) -> Self {
        SharedSource {
            values: self.values.clone(),
            cursor: self.cursor,
            value: self.value.clone(),
            id: self.id,
        }
    }
}

impl<E: Typed, const W: usize> SharedSource<E, W>
where
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    /// The value's elements (none before it is given them).
    #[hot]
    fn values(&self) -> &[E::Elem] {
        self.values.as_ref().map_or(&[], TensorBase::as_slice)
    }

    /// The value's elements as a leaf (its reads are a leaf's).
    #[hot]
    fn as_leaf(&self) -> LeafSource<'_, E::Elem, W> {
        LeafSource::new(self.values(), self.cursor)
    }
}

impl<E: Expression + Clone, const W: usize> Source<W> for SharedSource<E, W>
where
    E::Elem: 'static,
    New<E::Shape, E::Home>: OwnedData<E::Elem, E::Shape>,
{
    type Elem = E::Elem;
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = LeafRun<'s, E::Elem, PLANNED, STRIDED>
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
    fn block<const STRIDED: bool>(&mut self, at: usize) -> [E::Elem; BLOCK] {
        self.as_leaf().block::<STRIDED>(at)
    }

    #[hot]
    fn part(&mut self, at: usize, len: usize) -> [E::Elem; BLOCK] {
        self.as_leaf().part(at, len)
    }

    #[hot]
    fn get(&mut self, at: usize) -> E::Elem {
        self.as_leaf().get(at)
    }

    #[hot]
    fn leaf(&self) -> Option<(&[E::Elem], &Cursor<W>)> {
        Some((self.values(), &self.cursor))
    }

    #[hot]
    fn planned<P: Pass>(&mut self, at: usize, spot: Spot, along: &[usize; W]) -> [E::Elem; BLOCK] {
        self.as_leaf().planned::<P>(at, spot, along)
    }

    #[hot]
    fn rows(&mut self, at: usize, len: usize, n: usize, down: usize) -> [E::Elem; BLOCK] {
        self.as_leaf().rows(at, len, n, down)
    }

    #[hot]
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        spot: Spot,
        n: usize,
    ) -> LeafRun<'_, E::Elem, PLANNED, STRIDED> {
        self.as_leaf().run_blocks::<P, PLANNED, STRIDED>(spot, n)
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, _: Spot, _: usize, _: usize) {}

    /// Takes `values` where they are this use's value's (`id` its number), or, with no `id`,
    /// evaluates the value where nothing gave it.
    fn share<V: Copy + 'static>(&mut self, id: Option<usize>, values: &[V]) {
        if self.values.is_some() {
            return;
        }
        let Some(id) = id else {
            // By the pass its share would run, where this one is wide enough for it (every
            // use inside its share's body is: the share keeps the room), so that it is not
            // compiled twice; otherwise as `eval()` evaluates it.
            let evaluate: fn(E) -> Values<E> =
                const { if E::Shape::RANK + E::SLOTS < W { by_own_pass::<W, E> } else { by_eval::<E> } };
            self.values = Some(evaluate(self.value.clone()));
            return;
        };
        // (The same number is the same value, so `V` is its element type, as `first` checks.)
        let element = |x: &V| (x as &dyn Any).downcast_ref::<E::Elem>().copied();
        if id == self.id
            && let Some(first) = values.first().and_then(element)
        {
            // As many elements as the value's shape holds, whatever `values` holds: a tensor's
            // length is its shape's.
            let shape = self.value.shape();
            let len = crate::tensor::len_of(&shape);
            let data = <New<E::Shape, E::Home> as OwnedData<E::Elem, E::Shape>>::from_fn(len, |i| {
                values.get(i).and_then(element).unwrap_or(first)
            });
            self.values = Some(TensorBase::from_parts(data, shape));
        }
    }
}
