//! The leaves of an expression: a tensor read where it lies ([`Leaf`]), and a scalar
//! ([`Scalar`]), a shape of no axes that broadcasts with anything.

use crate::hot;
use core::marker::PhantomData;

use super::{AT_RANK, Expression, Index, Lazy, Typed};
use crate::kernel::constant::Strides;
use crate::kernel::fused::{self, BLOCK, Cursor, Shared, Source};
use crate::kernel::place::PlanOf;
use crate::kernel::place::{Pass, Spot};
use crate::shape::{AnyShape, Nil};
use crate::tensor::{ByShape, Data, Home, HomeOf, TensorBase};

/// A tensor as an operand of an expression: its elements, read in place (with stride 0 along
/// the axes where it is stretched), and its shape. `H` is where a tensor computed from it goes.
pub struct Leaf<'a, T, S, H> {
    data: &'a [T],
    shape: S,
    home: PhantomData<H>,
}

impl<'a, T, S, H> Leaf<'a, T, S, H> {
    /// The elements `data`, of shape `shape`, as an operand whose result goes where `H` says.
    #[hot]
    pub(crate) fn new(data: &'a [T], shape: S) -> Self {
        Leaf { data, shape, home: PhantomData }
    }
}

impl<T, S: Copy, H> Clone for Leaf<'_, T, S, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: Copy, H> Copy for Leaf<'_, T, S, H> {}

impl<T: Copy + Shared, S: AnyShape, H: Home> Typed for Leaf<'_, T, S, H> {
    type Elem = T;
    type Shape = S;
    type Home = H;

    #[hot]
    fn shape(&self) -> S {
        self.shape
    }
}

impl<T, S, H> super::sealed::Sealed for Leaf<'_, T, S, H> {}
impl<T> super::sealed::Sealed for Scalar<T> {}

impl<'a, T: Copy + Shared, S: AnyShape, H: Home> Expression for Leaf<'a, T, S, H> {
    type Source<const W: usize> = LeafSource<'a, T, W>;
    const SLOTS: usize = 0;
    const STRIDES: Strides = Strides::of_shape::<S>();
    const PLAIN: bool = true;
    const AT: bool = S::RANK <= AT_RANK;
    const READS: usize = if S::FIXED { 1 } else { usize::MAX };

    #[hot]
    fn plain(&self) -> Option<&[T]> {
        Some(self.data)
    }

    /// The element at `index`, row-major (an axis of size 1 reads its one element).
    #[hot]
    fn at(&self, index: &Index) -> T {
        let mut dims = [0; AT_RANK];
        let dims = crate::shape::extents_in(&self.shape, &mut dims);
        let mut offset = 0;
        for (&d, &i) in dims.iter().zip(&index.0) {
            offset = offset * d + if d == 1 { 0 } else { i };
        }
        self.data[offset]
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], _: &mut usize) -> LeafSource<'a, T, W> {
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&self.shape, &mut dims);
        LeafSource { data: self.data, cursor: Cursor::new(dims, lands) }
    }
}

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

impl<T: Copy, const W: usize> Source<W> for LeafSource<'_, T, W> {
    type Elem = T;
    const LEAVES: usize = 1;
    const SLOTS: usize = 0;
    const FIXED_FOLDS: bool = true;

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
                fused::lanes(|i| span[2 * i])
            }
            s if STRIDED && s != 1 => {
                // The stride through an opaque copy: otherwise the optimizer computes the
                // sixteen multiples of `s` ahead of every loop that could take this arm, once
                // per block of a nested reduction's fold even where no read takes it (k-means'
                // assignment).
                let s = core::hint::black_box(s);
                let span = self.span(at, BLOCK);
                fused::lanes(|i| span[(i * s).min(span.len() - 1)])
            }
            _ => {
                let run = &self.data[start + at..start + at + BLOCK];
                fused::lanes(|i| run[i])
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
                    Some(full) => fused::lanes(|i| if i < len { full[i] } else { last }),
                    None => {
                        let mut out = [last; BLOCK];
                        out[..len].copy_from_slice(span);
                        out
                    }
                }
            }
            _ => fused::lanes(|i| span[(i.min(len - 1) * s).min(span.len() - 1)]),
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
            return fused::lanes(|i| span[i.min(short - 1) * s]);
        }
        match s {
            0 => [self.data[start]; BLOCK],
            1 => {
                let run = &self.data[start + at..start + at + BLOCK];
                fused::lanes(|i| run[i])
            }
            s => {
                // The span from the constant stride: its length is a constant, and no lane
                // needs a bound.
                let first = start + at * s;
                let span = &self.data[first..=first + (BLOCK - 1) * s];
                fused::lanes(|i| span[i * s])
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
            let row_of = fused::lanes(|i| (column + i.min(len - 1)) as u32 / n as u32);
            return fused::lanes(|i| span[(row_of[i] as usize * between).min(span.len() - 1)]);
        }
        if between == n * s {
            // Contiguous across the rows (or evenly strided): a run, as `block` and `part` read
            // one.
            return if s == 1 && len == BLOCK { self.block::<false>(at) } else { self.part(at, len) };
        }
        fused::lanes(|i| {
            let p = at + i.min(len - 1);
            self.data[start + p / n * between + p % n * s]
        })
    }

    #[hot]
    fn next_run(&mut self, _: usize, _: usize) {}
}

/// A number as an operand of an expression (`x * 2.0`): a shape of no axes, which broadcasts
/// with every shape.
#[derive(Clone, Copy)]
pub struct Scalar<T>(pub(crate) T);

impl<T: Primitive> Typed for Scalar<T> {
    type Elem = T;
    type Shape = Nil;
    type Home = ByShape;

    #[hot]
    fn shape(&self) -> Nil {
        Nil
    }
}

impl<T: Primitive> Expression for Scalar<T> {
    type Source<const W: usize> = Scalar<T>;
    const SLOTS: usize = 0;
    const STRIDES: Strides = Strides::NONE;
    const AT: bool = true;
    const READS: usize = 0;

    #[hot]
    fn at(&self, _: &Index) -> T {
        self.0
    }

    #[hot]
    fn source<const W: usize>(self, _: &[usize], _: &mut usize) -> Scalar<T> {
        self
    }
}

impl<T: Primitive, const W: usize> Source<W> for Scalar<T> {
    type Elem = T;
    const LEAVES: usize = 0;
    const SLOTS: usize = 0;
    const FIXED_FOLDS: bool = true;

    #[hot]
    fn cursors(&mut self, _: &mut impl FnMut(&mut Cursor<W>)) {}

    #[hot]
    fn all(&self, _: &mut impl FnMut(&Cursor<W>) -> bool) -> bool {
        true
    }

    #[hot]
    fn block<const STRIDED: bool>(&mut self, _: usize) -> [T; BLOCK] {
        [self.0; BLOCK]
    }

    #[hot]
    fn part(&mut self, _: usize, _: usize) -> [T; BLOCK] {
        [self.0; BLOCK]
    }

    #[hot]
    fn get(&mut self, _: usize) -> T {
        self.0
    }

    #[hot]
    fn planned<P: Pass>(&mut self, _: usize, _: Spot, _: &[usize; W]) -> [T; BLOCK] {
        [self.0; BLOCK]
    }

    #[hot]
    fn rows(&mut self, _: usize, _: usize, _: usize, _: usize) -> [T; BLOCK] {
        [self.0; BLOCK]
    }

    #[hot]
    fn next_run(&mut self, _: usize, _: usize) {}
}

/// What can be an operand of an expression: a borrowed tensor (`&x`), an expression, or a
/// number.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an operand of an expression",
    label = "a number, a borrowed tensor (`&t`) or an expression (`t.lazy()`) is needed here",
    note = "an operand is a borrowed tensor (`&t`), an expression, or a number: a tensor is borrowed, not moved, into an expression"
)]
pub trait IntoExpression {
    /// The expression it is.
    type Expr: Typed;
    /// It, as an expression.
    fn into_expression(self) -> Self::Expr;
}

impl<'a, D: Data, S: AnyShape> IntoExpression for &'a TensorBase<D, S>
where
    D::Elem: Copy + Shared,
{
    type Expr = Leaf<'a, D::Elem, S, HomeOf<D, S>>;
    #[hot]
    fn into_expression(self) -> Self::Expr {
        Leaf { data: self.as_slice(), shape: self.shape(), home: PhantomData }
    }
}

/// What a tensor moved into an expression would need, and never has: an operand is borrowed
/// (`&t`). Its only use is the message below, in place of a type mismatch about numbers.
#[diagnostic::on_unimplemented(
    message = "a tensor is borrowed into an expression, not moved: write `&` before it",
    label = "this tensor is moved here; borrow it (`&t`) or make it an expression (`t.lazy()`)",
    note = "an operand is a borrowed tensor (`&t`), an expression, or a number"
)]
pub trait BorrowedOperand {
    /// Never called: no type implements this trait.
    fn never(self) -> !;
}

/// A tensor by value: rejected, with `BorrowedOperand`'s message.
#[diagnostic::do_not_recommend]
impl<D: Data, S: AnyShape> IntoExpression for TensorBase<D, S>
where
    Self: BorrowedOperand,
    D::Elem: Primitive,
{
    type Expr = Scalar<D::Elem>;
    #[hot]
    fn into_expression(self) -> Self::Expr {
        self.never()
    }
}

impl<E: Typed> IntoExpression for Lazy<E> {
    type Expr = E;
    #[hot]
    fn into_expression(self) -> E {
        self.0
    }
}

/// Rust's number types (and `bool`, for masks): what a [`Scalar`] operand holds. Sealed.
pub trait Primitive: Copy + Shared + sealed::Sealed {}

mod sealed {
    pub trait Sealed {}
}

/// Each number type is a primitive.
macro_rules! primitives {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl Primitive for $t {}
    )*};
}
primitives!(f32 f64 i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize bool);

/// A number is an operand, as a [`Scalar`]: one impl for every number type, so that a literal
/// (`x.lazy() * 2.0`) takes the type of the expression's elements.
#[diagnostic::do_not_recommend]
impl<T: Primitive> IntoExpression for T {
    type Expr = Scalar<T>;
    #[hot]
    fn into_expression(self) -> Scalar<T> {
        Scalar(self)
    }
}
