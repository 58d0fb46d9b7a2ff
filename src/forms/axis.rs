//! Inserting and removing axes at the type level: `np.newaxis` and the shape of a reduction.

use typenum::U0;

use crate::shape::{Axes, Shape};
use crate::typelevel::{InsertAt, Remove};

/// `Self` with a size-1 axis inserted before position `I` (a typenum number; `I = RANK`
/// appends): NumPy's `np.newaxis`, which states a rank change explicitly where broadcasting
/// would otherwise add leading 1s. The element count is unchanged.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithAxis<shape![2, 3], typenum::U1>, shape![2, 1, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot insert an axis at this position: it must be at most the shape's rank",
    label = "no such position in this shape"
)]
pub trait InsertAxis<I>: Shape {
    /// The shape with the new axis.
    type Output: Shape<Len = Self::Len>;
}

#[diagnostic::do_not_recommend]
impl<S, I> InsertAxis<I> for S
where
    S: Shape + InsertAt<I>,
    <S as InsertAt<I>>::Output: Shape<Len = S::Len>,
{
    type Output = <S as InsertAt<I>>::Output;
}

/// `S` with a size-1 axis inserted before position `I`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithAxis<shape![3], typenum::U0>, shape![1, 3]);
/// ```
pub type WithAxis<S, I> = <S as InsertAxis<I>>::Output;

/// `Self` without the axes `Ax`: the shape of a sum over them (nGraph's `Sum`, the adjoint of
/// its `Broadcast`).
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithoutAxes<shape![2, 3, 4], axes![0, 2]>, shape![3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot remove these axes: each must be an axis of the shape, listed in increasing order",
    label = "these axes are not all axes of this shape"
)]
pub trait RemoveAxes<Ax: Axes>: Shape {
    /// The shape without those axes.
    type Output: Shape;
}

#[diagnostic::do_not_recommend]
impl<S, Ax> RemoveAxes<Ax> for S
where
    S: Shape + Remove<Ax::List, U0>,
    Ax: Axes,
    <S as Remove<Ax::List, U0>>::Output: Shape,
{
    type Output = <S as Remove<Ax::List, U0>>::Output;
}

/// `S` without the axes `Ax`.
///
/// ```
/// use shapecast::prelude::*;
/// static_assertions::assert_type_eq_all!(WithoutAxes<shape![2, 3], axes![1]>, shape![2]);
/// ```
pub type WithoutAxes<S, Ax> = <S as RemoveAxes<Ax>>::Output;
