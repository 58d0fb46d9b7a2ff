//! Reductions between slices, shapes given at run time: the adjoints of the broadcasts.
//!
//! Each is checked as the broadcast it reverses, so its errors name that broadcast: for
//! `sum_to(src, from, dst, to)` the broadcast of `to` (the operand, `dst`) to `from` (the target,
//! `src`).

use core::ops::AddAssign;

use num_traits::Zero;

use super::{BroadcastError, DynShape, Form, check_operand_and_target};
use crate::kernel::{self, Plan};
use shapecast_rules as rules;

/// Checks both slices, then sets `dst` (shape `small`) to the sum of `src` (shape `big`) over
/// the axes that `map` does not place `small`'s axes on.
fn sum_mapped<T: Copy + AddAssign + Zero>(
    form: Form,
    (src, big): (&[T], &[usize]),
    (dst, small): (&mut [T], &[usize]),
    list: &[usize],
    map: &[usize],
) -> Result<(), BroadcastError> {
    check_operand_and_target(form, list, (dst.len(), small), (src.len(), big))?;
    let (from, onto) = (rules::row_major_strides(big), rules::strides_over_output(small, map, big.len()));
    dst.fill(T::zero());
    let plan = Plan::new(big, [&from, &onto]);
    kernel::accumulate::<_, kernel::fold::Sum>(src, &plan, plan.runs(), dst);
    Ok(())
}

/// The adjoint of NumPy's `broadcast_to`: `src` of shape `from` summed into `dst` of shape
/// `to`, which must broadcast to `from`. It sums over `from`'s extra leading axes and over the
/// axes where `to` has size 1.
///
/// ```
/// let grad = [1, 2, 3, 4, 5, 6]; // shape [2, 3]
/// let mut bias = [0; 3];
/// shapecast::dynamic::sum_to(&grad, &[2, 3], &mut bias, &[3])?;
/// assert_eq!(bias, [5, 7, 9]);
/// let mut rows = [0; 2];
/// shapecast::dynamic::sum_to(&grad, &[2, 3], &mut rows, &[2, 1])?;
/// assert_eq!(rows, [6, 15]);
/// // [2] does not broadcast to [2, 3]; `dst` is left untouched.
/// let err = shapecast::dynamic::sum_to(&grad, &[2, 3], &mut rows, &[2]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
/// );
/// assert_eq!(rows, [6, 15]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn sum_to<T: Copy + AddAssign + Zero>(
    src: &[T],
    from: &[usize],
    dst: &mut [T],
    to: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_to(to, from)?;
    let map = rules::numpy_axis_map(to.len(), from.len());
    sum_mapped(Form::BroadcastTo, (src, from), (dst, to), &[], &map)
}

/// The adjoint of nGraph's `Broadcast` (nGraph's `Sum`): `src` of shape `shape` summed over
/// `axes` (strictly increasing) into `dst`, whose shape, `shape` without those axes, is
/// returned.
///
/// ```
/// let t = [1, 2, 3, 4, 5, 6]; // shape [2, 3]
/// let mut cols = [0; 3];
/// assert_eq!(*shapecast::dynamic::sum_axes(&t, &[2, 3], &mut cols, &[0])?, [3]);
/// assert_eq!(cols, [5, 7, 9]);
/// let mut total = [0];
/// assert_eq!(*shapecast::dynamic::sum_axes(&t, &[2, 3], &mut total, &[0, 1])?, []);
/// assert_eq!(total, [21]);
/// let err = shapecast::dynamic::sum_axes(&t, &[2, 3], &mut total, &[2]).unwrap_err();
/// assert_eq!(err.kind(), shapecast::dynamic::ErrorKind::AxisOutOfRange { entry: 0, axis: 2, rank: 2 });
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn sum_axes<T: Copy + AddAssign + Zero>(
    src: &[T],
    shape: &[usize],
    dst: &mut [T],
    axes: &[usize],
) -> Result<DynShape, BroadcastError> {
    // The kept axes; `broadcast_axes` then rejects a shape of too many axes, and any axis that
    // is out of range or out of order.
    let (mut kept, mut rank) = ([0; rules::MAX_RANK], 0);
    for (axis, &size) in shape.iter().enumerate().take(rules::MAX_RANK) {
        if !axes.contains(&axis) {
            kept[rank] = size;
            rank += 1;
        }
    }
    rules::broadcast_axes(&kept[..rank], shape, axes)?;
    let kept = DynShape::new(&kept[..rank])?;
    let map = rules::ngraph_axis_map(shape.len(), axes);
    sum_mapped(Form::Axes, (src, shape), (dst, &kept), axes, &map)?;
    Ok(kept)
}
