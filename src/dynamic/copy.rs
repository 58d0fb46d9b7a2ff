//! Materializing the one-operand forms between arrays of run-time shapes, and updating an array
//! in place with a broadcast operand.

use super::{Array, ArrayMut, BroadcastError, DynShape};
use crate::kernel::leaf::LeafSource;
use crate::kernel::{self, Plan, fused::Hint, source::Cursor};
use shapecast_rules as rules;

/// The strides of `src` over `dst`'s axes, its axes placed by `map`, and the plan over `dst`
/// (both arrays, and the broadcast between them, already checked).
fn plan_over<T, U>(src: Array<'_, U>, dst: &ArrayMut<'_, T>, map: &[usize]) -> Plan<1> {
    let strides = rules::strides_over_output(src.shape(), map, dst.shape().len());
    Plan::new(dst.shape(), [&strides])
}

/// Copies `src`, its axes placed by `map`, into `dst` (both already checked).
fn copy_mapped<T: Copy>(src: Array<'_, T>, mut dst: ArrayMut<'_, T>, map: &[usize]) {
    let plan = plan_over(src, &dst, map);
    kernel::copy(src.data(), &plan, plan.runs(), dst.data_mut());
}

/// NumPy `broadcast_to` between arrays: `src` stretched into `dst`'s shape.
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let mut out = [0; 6];
/// dynamic::copy_broadcast_to(Array::new(&[1, 2, 3], &[3])?, ArrayMut::new(&mut out, &[2, 3])?)?;
/// assert_eq!(out, [1, 2, 3, 1, 2, 3]);
/// // A shape that does not stretch is an error, and `dst` is left untouched:
/// let err = dynamic::copy_broadcast_to(Array::new(&[1, 2], &[2])?, ArrayMut::new(&mut out, &[2, 3])?);
/// assert_eq!(
///     err.unwrap_err().to_string(),
///     "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
/// );
/// assert_eq!(out, [1, 2, 3, 1, 2, 3]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_to<T: Copy>(src: Array<'_, T>, dst: ArrayMut<'_, T>) -> Result<(), BroadcastError> {
    rules::broadcast_to(src.shape(), dst.shape())?;
    let map = rules::numpy_axis_map(src.shape().len(), dst.shape().len());
    copy_mapped(src, dst, &map);
    Ok(())
}

/// nGraph `Broadcast(arg, shape, axes)` between arrays: `src` repeated along `axes` of `dst`'s
/// shape.
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let mut out = [0; 6];
/// dynamic::copy_broadcast_axes(Array::new(&[1, 2, 3], &[3])?, ArrayMut::new(&mut out, &[3, 2])?, &[1])?;
/// assert_eq!(out, [1, 1, 2, 2, 3, 3]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_axes<T: Copy>(
    src: Array<'_, T>,
    dst: ArrayMut<'_, T>,
    axes: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_axes(src.shape(), dst.shape(), axes)?;
    let map = rules::ngraph_axis_map(dst.shape().len(), axes);
    copy_mapped(src, dst, &map);
    Ok(())
}

/// XLA `BroadcastInDim(operand, shape, dims)` between arrays: `src`'s axis `k` on axis
/// `dims[k]` of `dst`'s shape.
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let mut out = [0; 6];
/// dynamic::copy_broadcast_in_dim(Array::new(&[1, 2, 3], &[3, 1])?, ArrayMut::new(&mut out, &[3, 2])?, &[0, 1])?;
/// assert_eq!(out, [1, 1, 2, 2, 3, 3]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_in_dim<T: Copy>(
    src: Array<'_, T>,
    dst: ArrayMut<'_, T>,
    dims: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_in_dim(src.shape(), dst.shape(), dims)?;
    copy_mapped(src, dst, dims);
    Ok(())
}

/// In place: `dst[i] = f(dst[i], x)`, `x` the matching element of `src` stretched to `dst`'s
/// shape by NumPy's `broadcast_to` rule (the run-time twin of `+=` and `zip_assign` on tensors).
///
/// ```
/// use shapecast::dynamic::{self, Array, ArrayMut};
///
/// let mut m = [1, 2, 3, 4, 5, 6];
/// dynamic::zip_assign(Array::new(&[10, 20], &[2, 1])?, ArrayMut::new(&mut m, &[2, 3])?, |x, y| x + y)?;
/// assert_eq!(m, [11, 12, 13, 24, 25, 26]);
/// // `src` must stretch to `dst`'s shape; `dst` is left untouched otherwise.
/// let err = dynamic::zip_assign(Array::new(&[1, 2], &[2])?, ArrayMut::new(&mut m, &[2, 3])?, |x, y| x + y);
/// assert_eq!(
///     err.unwrap_err().to_string(),
///     "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
/// );
/// assert_eq!(m, [11, 12, 13, 24, 25, 26]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn zip_assign<T: Copy, U: Copy>(
    src: Array<'_, U>,
    mut dst: ArrayMut<'_, T>,
    f: impl FnMut(T, U) -> T,
) -> Result<(), BroadcastError> {
    rules::broadcast_to(src.shape(), dst.shape())?;
    let map = rules::numpy_axis_map(src.shape().len(), dst.shape().len());
    let dims = DynShape::try_from_slice(dst.shape()).expect("an array's rank is at most MAX_RANK");
    crate::kernel::way::with_rank_width!(dims.rank(), W => {
        let src = LeafSource::new(src.data(), Cursor::<W>::new(src.shape(), &map));
        kernel::assign(src, &dims, Hint::RUN_TIME, dst.data_mut(), f);
    });
    Ok(())
}
