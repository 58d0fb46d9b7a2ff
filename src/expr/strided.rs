//! A strided view as an operand of an expression: read where it lies, with its own strides.

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::{AT_RANK, Expression, Index, Typed};
use crate::algebra::StridedView;
use crate::kernel::leaf::StridedSource;
use crate::kernel::source::{Cursor, Shared};
use crate::shape::{AnyShape, StrideList};
use crate::tensor::Home;

/// A [`StridedView`] as an operand of an expression: its elements read in place with its
/// strides (0 along the axes where it is stretched). Made by `view.lazy()` or `&view`.
pub struct StridedLeaf<'a, T, S: AnyShape, H> {
    data: &'a [T],
    /// The view's first element in `data` (0 unless a stride steps back).
    origin: usize,
    shape: S,
    strides: S::Strides,
    home: PhantomData<H>,
}

impl<T, S: AnyShape, H> Clone for StridedLeaf<'_, T, S, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: AnyShape, H> Copy for StridedLeaf<'_, T, S, H> {}

impl<'a, T, S: AnyShape, H> StridedLeaf<'a, T, S, H> {
    /// The view's parts as an operand.
    #[hot]
    pub(crate) fn new(data: &'a [T], origin: usize, shape: S, strides: S::Strides) -> Self {
        StridedLeaf { data, origin, shape, strides, home: PhantomData }
    }
}

impl<T, S: AnyShape, H> super::ExpressionNode for StridedLeaf<'_, T, S, H> {
    fn sealed(_: super::seal::Token) {}
}

impl<T: Copy + Shared, S: AnyShape, H: Home> Typed for StridedLeaf<'_, T, S, H> {
    type Elem = T;
    type Shape = S;
    type Home = H;

    #[hot]
    fn shape(&self) -> S {
        self.shape
    }
}

impl<'a, T: Copy + Shared, S: AnyShape, H: Home> Expression for StridedLeaf<'a, T, S, H> {
    type Source<const W: usize> = StridedSource<'a, T, W>;
    const SLOTS: usize = 0;
    const AT: bool = S::RANK <= AT_RANK;
    const READS: usize = if S::FIXED { 1 } else { usize::MAX };

    /// The element at `index` (an axis of size 1 reads its one element).
    #[hot]
    fn at(&self, index: &Index) -> T {
        let (mut dims, mut steps) = ([0; AT_RANK], [0; AT_RANK]);
        let dims = crate::shape::extents_in(&self.shape, &mut dims);
        self.strides.write_strides(&mut steps);
        // (Wrapping: a stride that steps back is stored as its wrapping negative.)
        let mut offset = self.origin;
        for ((&d, &s), &i) in dims.iter().zip(&steps).zip(&index.0) {
            offset = offset.wrapping_add(if d == 1 { 0 } else { i.wrapping_mul(s) });
        }
        self.data[offset]
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], _: &mut usize) -> StridedSource<'a, T, W> {
        let (mut dims, mut steps) = ([0; W], [0; W]);
        let dims = crate::shape::extents_in(&self.shape, &mut dims);
        self.strides.write_strides(&mut steps);
        let back = steps[..dims.len()].iter().any(|&s| crate::kernel::source::backwards(s));
        let mut cursor = Cursor::strided(dims, &steps[..dims.len()], lands);
        cursor.shift(1, self.origin);
        StridedSource::new(self.data, cursor, back)
    }
}

impl<'a, T: Copy + Shared, S: AnyShape, H: Home> super::IntoExpression for &StridedView<'a, T, S, H> {
    type Expr = StridedLeaf<'a, T, S, H>;
    #[hot]
    fn into_expression(self) -> Self::Expr {
        self.leaf()
    }
}
