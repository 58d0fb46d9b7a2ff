//! The leaves of an expression: a tensor read where it lies ([`Leaf`]), and a scalar
//! ([`Scalar`]), a shape of no axes that broadcasts with anything.

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::{AT_RANK, Expression, Index, Lazy, Typed};
use crate::kernel::constant::Strides;
use crate::kernel::fused::BLOCK;
use crate::kernel::leaf::LeafSource;
use crate::kernel::place::{Pass, Spot};
use crate::kernel::run::Splat;
use crate::kernel::source::{Cursor, Shared, Source};
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

impl<T, S, H> super::ExpressionNode for Leaf<'_, T, S, H> {
    fn sealed(_: super::seal::Token) {}
}
impl<T> super::ExpressionNode for Scalar<T> {
    fn sealed(_: super::seal::Token) {}
}

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
        if const { S::FIXED } {
            // (A leaf's strides in the table of constant plans: row-major, 0 along a size of 1.)
            let strides = const { super::small::at_table(Self::STRIDES.of_leaf(0)) };
            // (Sliced to the shape's count first: the length is then a constant, so that the
            // compiler drops the check of each read, whose offset it bounds from the loops.)
            let data = &self.data[..const { super::small::count::<S>() }];
            return data[super::small::offset(index, &strides, S::RANK)];
        }
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
        LeafSource::new(self.data, Cursor::new(dims, lands))
    }
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
    type Run<'s, P: Pass, const PLANNED: bool, const STRIDED: bool>
        = Splat<T>
    where
        Self: 's;
    const LEAVES: usize = 0;
    const SLOTS: usize = 0;
    const FIXED_FOLDS: bool = true;
    const NESTS: usize = 0;

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
    fn run_blocks<P: Pass, const PLANNED: bool, const STRIDED: bool>(
        &mut self,
        _: Spot,
        _: usize,
    ) -> Splat<T> {
        Splat(self.0)
    }

    #[hot]
    fn next_run<P: Pass>(&mut self, _: Spot, _: usize, _: usize) {}

    #[hot]
    fn share<V: Copy + 'static>(&mut self, _: Option<usize>, _: &[V]) {}
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
