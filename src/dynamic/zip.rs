//! Element-wise operations on two broadcast operands, shapes given at run time.

use super::{Array, BroadcastError, DynShape, Form, Slot, check_output_len};
use crate::kernel::leaf::LeafSource;
use crate::kernel::{self, fused::Hint, source::Cursor};
use shapecast_rules as rules;

/// Checks `out` against the result of the broadcast of `form` (with `list`), then zips.
fn zip_mapped<A: Copy, B: Copy, O>(
    (form, list): (Form, &[usize]),
    (a, b): (Array<'_, A>, Array<'_, B>),
    (result, maps): (DynShape, [&[usize]; 2]),
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(form, (a.shape(), b.shape()), Slot::Target, expected, found)
            .naming_list(list)
    })?;
    crate::kernel::way::with_rank_width!(result.rank(), W => {
        let a = LeafSource::new(a.data(), Cursor::<W>::new(a.shape(), maps[0]));
        let b = LeafSource::new(b.data(), Cursor::<W>::new(b.shape(), maps[1]));
        kernel::zip((a, b), &result, Hint::RUN_TIME, out, f);
    });
    Ok(result)
}

/// `out = f(a, b)` element by element, `a` and `b` broadcast together by NumPy's rule.
///
/// `out` must hold the broadcast shape's element count; the shape, which the rule computes, is
/// returned.
///
/// ```
/// use shapecast::dynamic::{self, Array};
///
/// let mut out = [0; 6];
/// let (a, b) = (Array::new(&[0, 10], &[2, 1])?, Array::new(&[1, 2, 3], &[3])?);
/// let shape = dynamic::zip_broadcast(a, b, &mut out, |x, y| x + y)?;
/// assert_eq!(*shape, [2, 3]);
/// assert_eq!(out, [1, 2, 3, 11, 12, 13]);
/// let err = dynamic::zip_broadcast(a, b, &mut out[..4], |x, y| x + y).unwrap_err();
/// assert_eq!(err.to_string(), "cannot broadcast [2, 1] with [3]: the target's slice holds 4 elements but its shape has 6");
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn zip_broadcast<A: Copy, B: Copy, O>(
    a: Array<'_, A>,
    b: Array<'_, B>,
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    let result = rules::broadcast_shapes(&[a.shape(), b.shape()])?;
    let ma = rules::numpy_axis_map(a.shape().len(), result.rank());
    let mb = rules::numpy_axis_map(b.shape().len(), result.rank());
    zip_mapped((Form::Numpy, &[]), (a, b), (result, [&ma, &mb]), out, f)
}

/// `out = f(a, b)` element by element under XLA's binary rule with `broadcast_dimensions`
/// (`dims`); `out` and the returned shape as for [`zip_broadcast`].
///
/// ```
/// use shapecast::dynamic::{self, Array};
///
/// // XLA's composition: vector [4] on axis 0 of a 1x2 matrix gives 4x2.
/// let (a, b) = (Array::new(&[1, 2, 3, 4], &[4])?, Array::new(&[5, 6], &[1, 2])?);
/// let mut out = [0; 8];
/// let shape = dynamic::zip_broadcast_with_dims(a, b, &[0], &mut out, |x, y| x + y)?;
/// assert_eq!(*shape, [4, 2]);
/// assert_eq!(out, [6, 7, 7, 8, 8, 9, 9, 10]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn zip_broadcast_with_dims<A: Copy, B: Copy, O>(
    a: Array<'_, A>,
    b: Array<'_, B>,
    dims: &[usize],
    out: &mut [O],
    f: impl FnMut(A, B) -> O,
) -> Result<DynShape, BroadcastError> {
    let result = rules::broadcast_with_dims(a.shape(), b.shape(), dims)?;
    let [ma, mb] = rules::with_dims_axis_maps(a.shape().len(), b.shape().len(), dims);
    zip_mapped((Form::WithDims, dims), (a, b), (result, [&ma, &mb]), out, f)
}
