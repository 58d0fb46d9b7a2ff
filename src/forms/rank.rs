//! Conversions keep the number of axes: the rank rule of `cast_shape`, as a trait whose failure
//! a compile error names.

use crate::shape::{Cons, Nil};

/// `Self` has as many axes as `S`: what [`cast_shape`](crate::TensorBase::cast_shape) and
/// [`to_fixed`](crate::TensorBase::to_fixed) require of their target. Ranks are types, so a
/// conversion to another rank is refused at compile time; the sizes, which may be bound at run
/// time, are then checked when the program runs.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::forms::SameRank;
/// struct Samples;
/// static_assertions::assert_impl_all!(shape![150, 4]: SameRank<shape![Samples<'static>, 4]>);
/// static_assertions::assert_not_impl_any!(shape![600]: SameRank<shape![Samples<'static>, 4]>);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot convert to a shape of another rank: the target shape and the tensor's have different numbers of axes",
    label = "a shape of another rank",
    note = "`cast_shape` and `to_fixed` see the same data in a shape of the same rank, checking each size at run time; they never add or drop an axis",
    note = "to add a size-1 axis, use `insert_axis::<I>()` (NumPy's `np.newaxis`); to drop an axis, reduce it away (`sum_axes::<axes![…]>()`)"
)]
pub trait SameRank<S> {}

impl SameRank<Nil> for Nil {}

#[diagnostic::do_not_recommend]
impl<H, T: SameRank<T2>, H2, T2> SameRank<Cons<H2, T2>> for Cons<H, T> {}
