//! The matrix product of two arrays, shapes given at run time.

use super::{Array, BroadcastError, DynShape, Form, Slot, check_output_len};
use crate::product::Dot;
use crate::product::kernel::{Operand, product};
use shapecast_rules as rules;

/// `out = a · b` by NumPy's `matmul` rule ([`matmul_shape`](super::matmul_shape)): the last two
/// axes are the matrices, a 1-D operand is a row (first) or a column (second), the batch axes
/// broadcast. `out` must hold the product's element count; its shape is returned. Nothing is
/// written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
///
/// let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let b = Array::new(&[1, 0, 0, 1, 1, 1], &[3, 2])?;
/// let mut out = [0; 4];
/// assert_eq!(*dynamic::matmul(a, b, &mut out)?, [2, 2]);
/// assert_eq!(out, [4, 5, 10, 11]);
/// let err = dynamic::matmul(a, a, &mut out).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot multiply [2, 3] by [2, 3]: the contracted sizes differ, 3 (axis 1 of the first operand) and 2 (axis 0 of the second); they must be equal"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn matmul<T: Dot>(a: Array<'_, T>, b: Array<'_, T>, out: &mut [T]) -> Result<DynShape, BroadcastError> {
    let result = rules::matmul_shape(a.shape(), b.shape())?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::MatMul, (a.shape(), b.shape()), Slot::Target, expected, found)
    })?;
    let (sa, sb) = (rules::row_major_strides(a.shape()), rules::row_major_strides(b.shape()));
    let a = Operand { data: a.data(), origin: 0, dims: a.shape(), strides: &sa };
    let b = Operand { data: b.data(), origin: 0, dims: b.shape(), strides: &sb };
    product(a, b, out, &result);
    Ok(result)
}
