//! Materializing the one-operand forms between slices, shapes given at run time, and updating a
//! slice in place with a broadcast operand.

use super::{BroadcastError, Form, check_operand_and_target};
use crate::kernel::{self, Plan};
use shapecast_rules as rules;

/// Checks `src`/`dst` against their shapes, then copies `src` (read through `map`) into `dst`.
fn copy_mapped<T: Copy>(
    form: Form,
    (src, from): (&[T], &[usize]),
    (dst, to): (&mut [T], &[usize]),
    list: &[usize],
    map: &[usize],
) -> Result<(), BroadcastError> {
    check_operand_and_target(form, list, (src.len(), from), (dst.len(), to))?;
    let strides = rules::strides_over_output(from, map, to.len());
    let plan = Plan::new(to, [&strides]);
    kernel::copy(src, &plan, plan.runs(), dst);
    Ok(())
}

/// NumPy `broadcast_to` between slices: `src` of shape `from` stretched into `dst` of shape `to`.
///
/// ```
/// let mut dst = [0; 6];
/// shapecast::dynamic::copy_broadcast_to(&[1, 2, 3], &[3], &mut dst, &[2, 3])?;
/// assert_eq!(dst, [1, 2, 3, 1, 2, 3]);
/// // Wrong lengths are errors, and `dst` is left untouched:
/// assert_eq!(
///     shapecast::dynamic::copy_broadcast_to(&[1, 2], &[3], &mut dst, &[2, 3]).unwrap_err().to_string(),
///     "cannot broadcast [3] to [2, 3]: the operand's slice holds 2 elements but its shape has 3"
/// );
/// assert_eq!(dst, [1, 2, 3, 1, 2, 3]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_to<T: Copy>(
    src: &[T],
    from: &[usize],
    dst: &mut [T],
    to: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_to(from, to)?;
    let map = rules::numpy_axis_map(from.len(), to.len());
    copy_mapped(Form::BroadcastTo, (src, from), (dst, to), &[], &map)
}

/// nGraph `Broadcast` between slices: `src` of shape `arg` repeated along `axes` of `shape`.
///
/// ```
/// let mut dst = [0; 6];
/// shapecast::dynamic::copy_broadcast_axes(&[1, 2, 3], &[3], &mut dst, &[3, 2], &[1])?;
/// assert_eq!(dst, [1, 1, 2, 2, 3, 3]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_axes<T: Copy>(
    src: &[T],
    arg: &[usize],
    dst: &mut [T],
    shape: &[usize],
    axes: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_axes(arg, shape, axes)?;
    let map = rules::ngraph_axis_map(shape.len(), axes);
    copy_mapped(Form::Axes, (src, arg), (dst, shape), axes, &map)
}

/// XLA `BroadcastInDim` between slices: `src` of shape `operand`, its axis `k` on `dims[k]`.
///
/// ```
/// let mut dst = [0; 6];
/// shapecast::dynamic::copy_broadcast_in_dim(&[1, 2, 3], &[3, 1], &mut dst, &[3, 2], &[0, 1])?;
/// assert_eq!(dst, [1, 1, 2, 2, 3, 3]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn copy_broadcast_in_dim<T: Copy>(
    src: &[T],
    operand: &[usize],
    dst: &mut [T],
    shape: &[usize],
    dims: &[usize],
) -> Result<(), BroadcastError> {
    rules::broadcast_in_dim(operand, shape, dims)?;
    copy_mapped(Form::InDim, (src, operand), (dst, shape), dims, dims)
}

/// In place: `dst[i] = f(dst[i], x)`, `x` the matching element of `src` of shape `from`
/// stretched to `dst`'s shape `to` by NumPy's `broadcast_to` rule (the run-time twin of `+=`
/// and `zip_assign` on tensors).
///
/// ```
/// let mut m = [1, 2, 3, 4, 5, 6];
/// shapecast::dynamic::zip_assign(&mut m, &[2, 3], &[10, 20], &[2, 1], |x, y| x + y)?;
/// assert_eq!(m, [11, 12, 13, 24, 25, 26]);
/// // `src` must stretch to `dst`'s shape; `dst` is left untouched otherwise.
/// assert_eq!(
///     shapecast::dynamic::zip_assign(&mut m, &[2, 3], &[1, 2], &[2], |x, y| x + y).unwrap_err().to_string(),
///     "cannot broadcast [2] to [2, 3]: axis 1 has size 2 but the target has 3; a size must equal the target's or be 1"
/// );
/// assert_eq!(m, [11, 12, 13, 24, 25, 26]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn zip_assign<T: Copy, U: Copy>(
    dst: &mut [T],
    to: &[usize],
    src: &[U],
    from: &[usize],
    f: impl FnMut(T, U) -> T,
) -> Result<(), BroadcastError> {
    rules::broadcast_to(from, to)?;
    check_operand_and_target(Form::BroadcastTo, &[], (src.len(), from), (dst.len(), to))?;
    let map = rules::numpy_axis_map(from.len(), to.len());
    let strides = rules::strides_over_output(from, &map, to.len());
    let plan = Plan::new(to, [&strides]);
    kernel::assign(src, &plan, plan.runs(), dst, f);
    Ok(())
}
