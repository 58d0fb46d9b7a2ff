//! Inserting and removing axes at the type level: `np.newaxis` and the shape of a reduction.

use typenum::U0;

use crate::shape::{AnyShape, Axes, Dim, Shape};
use crate::typelevel::{AxesInShape, Checked, InsertCheck, InsertWithin, Remove};

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot insert an axis at this position: it must be at most the shape's rank, and the shape must have fewer than 64 axes",
        label = "no such position in this shape, or no room for another axis",
        note = "a shape has at most 64 axes (NumPy's limit)"
    )]
    /// `Self` with a size-1 axis inserted before position `I` (a typenum number; `I = RANK`
    /// appends): NumPy's `np.newaxis`, which states a rank change explicitly where broadcasting
    /// would otherwise add leading 1s. The element count is unchanged.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// static_assertions::assert_type_eq_all!(WithAxis<shape![2, 3], typenum::U1>, shape![2, 1, 3]);
    /// ```
    pub trait InsertAxis<I>: Shape + AnyInsertAxis<I, Output = <Self as InsertAxis<I>>::Output> {
        /// The shape with the new axis.
        type Output: Shape<Len = Self::Len>;
    }
    /// [`InsertAxis`] for shapes that may hold run-time sizes.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// static_assertions::assert_type_eq_all!(AnyWithAxis<shape![Samples], typenum::U1>, shape![Samples, 1]);
    /// ```
    pub trait AnyInsertAxis<I>: AnyShape {
        /// The shape with the new axis.
        type Output: AnyShape;
    }
}

#[diagnostic::do_not_recommend]
impl<S, I> InsertAxis<I> for S
where
    S: Shape + AnyInsertAxis<I>,
    AnyWithAxis<S, I>: Shape<Len = S::Len>,
{
    type Output = AnyWithAxis<S, I>;
}

// The output is the shape with the new axis for any position and rank (`InsertWithin`), checked
// as a proof (`InsertCheck`): room for another axis, and a position at most the rank, each
// reported on the rank or the axis alone.
impl<S, I> AnyInsertAxis<I> for S
where
    S: AnyShape + InsertWithin<I, Dim<1>> + InsertCheck<I>,
    <S as InsertWithin<I, Dim<1>>>::Output: AnyShape,
{
    type Output = Checked<<S as InsertWithin<I, Dim<1>>>::Output, <S as InsertCheck<I>>::Proof>;
}

/// `S`, which may hold run-time sizes, with a size-1 axis inserted before position `I`.
pub type AnyWithAxis<S, I> = <S as AnyInsertAxis<I>>::Output;

/// `S` with a size-1 axis inserted before position `I`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithAxis<shape![3], typenum::U0>, shape![1, 3]);
/// ```
pub type WithAxis<S, I> = <S as InsertAxis<I>>::Output;

one_message! {
    #[diagnostic::on_unimplemented(
        message = "cannot remove these axes: each must be an axis of the shape, listed in increasing order",
        label = "these axes are not all axes of this shape",
        note = "axes are numbered from 0, outermost first (a shape of rank r has axes 0 to r − 1); the reductions (`sum_axes`, `max_axes`, …) remove the axes they fold, `take_along::<A>` and `add_along::<A>` the axis they index"
    )]
    /// `Self` without the axes `Ax`: the shape of a sum over them (nGraph's `Sum`, the adjoint of
    /// its `Broadcast`).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// static_assertions::assert_type_eq_all!(WithoutAxes<shape![2, 3, 4], axes![0, 2]>, shape![3]);
    /// ```
    pub trait RemoveAxes<Ax: Axes>: Shape + AnyRemoveAxes<Ax, Output = <Self as RemoveAxes<Ax>>::Output> {
        /// The shape without those axes.
        type Output: Shape;
    }
    /// [`RemoveAxes`] for shapes that may hold run-time sizes: summing over a run-time axis removes
    /// it, and removing every run-time axis leaves a [`Shape`] of fixed sizes.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// static_assertions::assert_type_eq_all!(AnyWithoutAxes<shape![Samples, 4], axes![0]>, shape![4]);
    /// ```
    pub trait AnyRemoveAxes<Ax: Axes>: AnyShape {
        /// The shape without those axes.
        type Output: AnyShape;
    }
}

#[diagnostic::do_not_recommend]
impl<S, Ax> RemoveAxes<Ax> for S
where
    S: Shape + AnyRemoveAxes<Ax>,
    Ax: Axes,
    AnyWithoutAxes<S, Ax>: Shape,
{
    type Output = AnyWithoutAxes<S, Ax>;
}

// Not `do_not_recommend`: an axis past the last is reported by its check, which names the axis
// and the rank (`typelevel::InShape`), as rustc computes the output.
impl<S, Ax> AnyRemoveAxes<Ax> for S
where
    S: AnyShape + Remove<Ax::List, U0> + AxesInShape<Ax::List, U0>,
    Ax: Axes,
    <S as Remove<Ax::List, U0>>::Output: AnyShape,
{
    type Output = Checked<<S as Remove<Ax::List, U0>>::Output, <S as AxesInShape<Ax::List, U0>>::Proof>;
}

/// `S`, which may hold run-time sizes, without the axes `Ax`.
pub type AnyWithoutAxes<S, Ax> = <S as AnyRemoveAxes<Ax>>::Output;

/// `S` without the axes `Ax`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithoutAxes<shape![2, 3], axes![1]>, shape![2]);
/// ```
pub type WithoutAxes<S, Ax> = <S as RemoveAxes<Ax>>::Output;
