//! Reductions between arrays of run-time shapes: the adjoints of the broadcasts.
//!
//! Each is checked as the broadcast it reverses, so its errors name that broadcast: for
//! `sum_to(src, dst)` the broadcast of `dst`'s shape (the operand) to `src`'s (the target).

use super::{Array, ArrayMut, BroadcastError, DynShape, Form, Slot, check_output_len};
use crate::kernel::{self, Plan};
use crate::summable::Summable;
use shapecast_rules as rules;

/// Sets `dst` (shape `small`, its axes placed in `src`'s by `map`) to the sum of `src` over the
/// other axes (everything already checked).
fn sum_mapped<T: Summable>(src: Array<'_, T>, small: &[usize], map: &[usize], dst: &mut [T]) {
    let big = src.shape();
    let (from, onto) = (rules::row_major_strides(big), rules::strides_over_output(small, map, big.len()));
    dst.fill(T::ZERO);
    let plan = Plan::new(big, [&from, &onto]);
    let rows = kernel::rows_in_order::<T, kernel::fold::Sum>;
    kernel::accumulate::<_, kernel::fold::Sum>(src.data(), &plan, plan.runs(), dst, rows);
}

/// The adjoint of NumPy's `broadcast_to`: `src` summed into `dst`, whose shape must broadcast
/// to `src`'s. It sums over `src`'s extra leading axes and over the axes where `dst` has size
/// 1.
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let grad = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let mut bias = [0; 3];
/// dynamic::sum_to(grad, ArrayMut::new(&mut bias, &[3])?)?;
/// assert_eq!(bias, [5, 7, 9]);
/// let mut rows = [0; 2];
/// dynamic::sum_to(grad, ArrayMut::new(&mut rows, &[2, 1])?)?;
/// assert_eq!(rows, [6, 15]);
/// // [2] does not broadcast to [2, 3]; `dst` is left untouched.
/// let err = dynamic::sum_to(grad, ArrayMut::new(&mut rows, &[2])?).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
/// );
/// assert_eq!(rows, [6, 15]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn sum_to<T: Summable>(src: Array<'_, T>, mut dst: ArrayMut<'_, T>) -> Result<(), BroadcastError> {
    let (from, to) = (src.shape(), dst.shape());
    rules::broadcast_to(to, from)?;
    let map = rules::numpy_axis_map(to.len(), from.len());
    sum_mapped(src, to, &map, dst.data_mut());
    Ok(())
}

/// The adjoint of nGraph's `Broadcast` (nGraph's `Sum`): `src` summed over `axes` (strictly
/// increasing) into `dst`, whose shape, `src`'s without those axes, is returned.
///
/// The arguments come in the order of every kernel: what decides the result (`src`, then the
/// axes, as in [`zip_broadcast_with_dims`](super::zip_broadcast_with_dims)), then the output.
/// `dst` is a bare slice, as `out` is for the zips, because its shape is what this call
/// computes: it must hold that shape's element count.
///
/// ```
/// use shapecast::dynamic::{self, Array};
///
/// let t = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let mut cols = [0; 3];
/// assert_eq!(*dynamic::sum_axes(t, &[0], &mut cols)?, [3]);
/// assert_eq!(cols, [5, 7, 9]);
/// let mut total = [0];
/// assert_eq!(*dynamic::sum_axes(t, &[0, 1], &mut total)?, []);
/// assert_eq!(total, [21]);
/// let err = dynamic::sum_axes(t, &[2], &mut total).unwrap_err();
/// assert_eq!(err.kind(), dynamic::ErrorKind::AxisOutOfRange { entry: 0, axis: 2, rank: 2 });
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn sum_axes<T: Summable>(
    src: Array<'_, T>,
    axes: &[usize],
    dst: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let shape = src.shape();
    // The kept axes; `broadcast_axes` then rejects any axis that is out of range or out of
    // order (`src`'s shape has at most `MAX_RANK` axes).
    let (mut kept, mut rank) = ([0; rules::MAX_RANK], 0);
    for (axis, &size) in shape.iter().enumerate().take(rules::MAX_RANK) {
        if !axes.contains(&axis) {
            kept[rank] = size;
            rank += 1;
        }
    }
    rules::broadcast_axes(&kept[..rank], shape, axes)?;
    let kept = DynShape::new(&kept[..rank])?;
    check_output_len(dst.len(), &kept, |expected, found| {
        BroadcastError::wrong_length(Form::Axes, (&kept, shape), Slot::Operand(0), expected, found)
            .naming_list(axes)
    })?;
    let map = rules::ngraph_axis_map(shape.len(), axes);
    sum_mapped(src, &kept, &map, dst);
    Ok(kept)
}
