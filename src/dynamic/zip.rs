//! Element-wise operations on two broadcast operands, shapes given at run time.

use super::{BroadcastError, DynShape, Form, Slot, check_len};
use crate::kernel::{self, Plan};
use shapecast_rules as rules;

/// Checks the slices against their shapes and `out` against the result, then zips.
#[allow(clippy::too_many_arguments)]
fn zip_mapped<A: Copy, B: Copy, O>(
    form: Form,
    (a, a_shape): (&[A], &[usize]),
    (b, b_shape): (&[B], &[usize]),
    list: &[usize],
    maps: [&[usize]; 2],
    result: DynShape,
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    let blame = |slot, expected, found| {
        BroadcastError::wrong_length(form, (a_shape, b_shape), slot, expected, found).naming_list(list)
    };
    check_len(a.len(), a_shape, Slot::Operand(0), blame)?;
    check_len(b.len(), b_shape, Slot::Operand(1), blame)?;
    check_len(out.len(), &result, Slot::Target, blame)?;
    let sa = rules::strides_over_output(a_shape, maps[0], result.rank());
    let sb = rules::strides_over_output(b_shape, maps[1], result.rank());
    let plan = Plan::new(&result, [&sa, &sb]);
    kernel::zip(a, b, &plan, plan.runs(), out, f);
    Ok(result)
}

/// `out = f(a, b)` element by element, `a` and `b` broadcast together by NumPy's rule.
///
/// `out` must hold the broadcast shape's element count; the shape is returned.
///
/// ```
/// let mut out = [0; 6];
/// let shape = shapecast::dynamic::zip_broadcast(&[0, 10], &[2, 1], &[1, 2, 3], &[3], &mut out, |x, y| x + y)?;
/// assert_eq!(*shape, [2, 3]);
/// assert_eq!(out, [1, 2, 3, 11, 12, 13]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn zip_broadcast<A: Copy, B: Copy, O>(
    a: &[A],
    a_shape: &[usize],
    b: &[B],
    b_shape: &[usize],
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    let result = rules::broadcast_shapes(&[a_shape, b_shape])?;
    let ma = rules::numpy_axis_map(a_shape.len(), result.rank());
    let mb = rules::numpy_axis_map(b_shape.len(), result.rank());
    zip_mapped(Form::Numpy, (a, a_shape), (b, b_shape), &[], [&ma, &mb], result, out, f)
}

/// `out = f(a, b)` element by element under XLA's binary rule with `broadcast_dimensions`.
///
/// ```
/// // XLA's composition: vector [4] on axis 0 of a 1x2 matrix gives 4x2.
/// let mut out = [0; 8];
/// let shape = shapecast::dynamic::zip_broadcast_with_dims(
///     &[1, 2, 3, 4], &[4], &[5, 6], &[1, 2], &[0], &mut out, |x, y| x + y,
/// )?;
/// assert_eq!(*shape, [4, 2]);
/// assert_eq!(out, [6, 7, 7, 8, 8, 9, 9, 10]);
/// # Ok::<(), shapecast::dynamic::BroadcastError>(())
/// ```
pub fn zip_broadcast_with_dims<A: Copy, B: Copy, O>(
    a: &[A],
    a_shape: &[usize],
    b: &[B],
    b_shape: &[usize],
    dims: &[usize],
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    let result = rules::broadcast_with_dims(a_shape, b_shape, dims)?;
    let [ma, mb] = rules::with_dims_axis_maps(a_shape.len(), b_shape.len(), dims);
    zip_mapped(Form::WithDims, (a, a_shape), (b, b_shape), dims, [&ma, &mb], result, out, f)
}
