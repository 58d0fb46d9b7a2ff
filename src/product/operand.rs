//! [`MatrixOperand`]: what a product reads, a tensor or a transposed view, and its layout.

use crate::shape::AnyShape;
use crate::tensor::{Data, Home, HomeOf, TensorBase};
use shapecast_macros::hot;
use shapecast_rules::MAX_RANK;

/// An operand of a matrix product: a tensor of any kind, or a [`Transposed`](super::Transposed)
/// view of one. Its elements are read where they lie, with the strides of its layout.
pub trait MatrixOperand: sealed::Sealed {
    /// The element type.
    type Elem: Copy;
    /// The shape the product sees.
    type Shape: AnyShape;
    /// Where a tensor computed from it goes.
    type Home: Home;
    /// Whether the last two axes are swapped against the elements' row-major order.
    #[doc(hidden)]
    const TRANSPOSED: bool;
    /// Whether its strides are values of its own ([`strides`](Self::strides)), not the
    /// row-major ones of its shape.
    #[doc(hidden)]
    const STRIDED: bool = false;
    /// The elements, row-major in the stored order (from the first one, for a strided view).
    #[doc(hidden)]
    fn elements(&self) -> &[Self::Elem];
    /// Its strides, where [`STRIDED`](Self::STRIDED), into the first entries of `out`: a
    /// stride that steps back (a reversed view's) as its wrapping negative.
    #[doc(hidden)]
    fn strides(&self, out: &mut [usize]) {
        let _ = out;
    }
    /// Where in [`elements`](Self::elements) its first element lies: 0 but for a view with a
    /// stride that steps back.
    #[doc(hidden)]
    fn origin(&self) -> usize {
        0
    }
    /// The shape the product sees.
    #[doc(hidden)]
    fn operand_shape(&self) -> Self::Shape;
}

impl<D: Data, S: AnyShape> MatrixOperand for TensorBase<D, S>
where
    D::Elem: Copy,
{
    type Elem = D::Elem;
    type Shape = S;
    type Home = HomeOf<D, S>;
    const TRANSPOSED: bool = false;
    #[hot]
    fn elements(&self) -> &[D::Elem] {
        self.as_slice()
    }
    #[hot]
    fn operand_shape(&self) -> S {
        self.shape()
    }
}

pub(crate) mod sealed {
    pub trait Sealed {}
    impl<D, S> Sealed for crate::tensor::TensorBase<D, S> {}
    impl<T, S, H> Sealed for super::super::Transposed<'_, T, S, H> {}
    impl<T, S: crate::shape::AnyShape, H> Sealed for crate::algebra::StridedView<'_, T, S, H> {}
}

/// An operand's sizes and strides per axis, in the order the product sees its axes.
pub(crate) struct Layout {
    pub(crate) dims: [usize; MAX_RANK],
    pub(crate) strides: [usize; MAX_RANK],
    pub(crate) rank: usize,
    /// The first element's place in the elements (see [`MatrixOperand::origin`]).
    pub(crate) origin: usize,
}

impl Layout {
    /// The layout of `operand`: constants when its shape is fixed.
    #[hot]
    pub(crate) fn of<O: MatrixOperand>(operand: &O) -> Self {
        let rank = O::Shape::RANK;
        if O::STRIDED {
            let (mut dims, mut strides) = ([0; MAX_RANK], [0; MAX_RANK]);
            operand.operand_shape().write_extents(&mut dims[..rank]);
            operand.strides(&mut strides[..rank]);
            return Layout { dims, strides, rank, origin: operand.origin() };
        }
        if O::Shape::FIXED {
            return const { Self::from_dims(O::Shape::STATIC, O::Shape::RANK, O::TRANSPOSED) };
        }
        let mut dims = [0; MAX_RANK];
        operand.operand_shape().write_extents(&mut dims[..rank]);
        Self::from_dims(dims, rank, O::TRANSPOSED)
    }

    /// Row-major strides of the stored order, the last two swapped for a transposed view.
    #[hot]
    const fn from_dims(dims: [usize; MAX_RANK], rank: usize, transposed: bool) -> Self {
        let mut stored = dims;
        if transposed && rank >= 2 {
            (stored[rank - 2], stored[rank - 1]) = (dims[rank - 1], dims[rank - 2]);
        }
        let mut strides = [0; MAX_RANK];
        let mut step = 1usize;
        let mut i = rank;
        while i > 0 {
            i -= 1;
            strides[i] = step;
            step = step.wrapping_mul(if stored[i] == 0 { 1 } else { stored[i] });
        }
        if transposed && rank >= 2 {
            (strides[rank - 2], strides[rank - 1]) = (strides[rank - 1], strides[rank - 2]);
        }
        Layout { dims, strides, rank, origin: 0 }
    }

    /// The operand as the kernel reads it.
    #[hot]
    pub(crate) fn operand<'a, T>(&'a self, data: &'a [T]) -> super::kernel::Operand<'a, T> {
        super::kernel::Operand {
            data,
            origin: self.origin,
            dims: &self.dims[..self.rank],
            strides: &self.strides[..self.rank],
        }
    }
}

impl<T: Copy, S: AnyShape, H: Home> MatrixOperand for crate::algebra::StridedView<'_, T, S, H> {
    type Elem = T;
    type Shape = S;
    type Home = H;
    const TRANSPOSED: bool = false;
    const STRIDED: bool = true;
    #[hot]
    fn elements(&self) -> &[T] {
        self.data()
    }
    #[hot]
    fn operand_shape(&self) -> S {
        self.shape()
    }
    #[hot]
    fn strides(&self, out: &mut [usize]) {
        let (_, steps) = self.layout();
        let n = out.len().min(S::RANK);
        out[..n].copy_from_slice(&steps[..n]);
    }
    #[hot]
    fn origin(&self) -> usize {
        crate::algebra::StridedView::origin(self)
    }
}
