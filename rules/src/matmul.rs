//! NumPy's `matmul` rule: the shape of a matrix product, with its batch axes broadcast.

use crate::check::{counted, within_rank};
use crate::numpy::shapes_in;
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot};

/// The shape of `a · b` under NumPy's `matmul` rule (`numpy.matmul`, "Notes").
///
/// The last two axes are the matrices: `[…, M, K] · […, K, N] → […, M, N]`, the two `K` equal.
/// A 1-D first operand `[K]` is read as `[1, K]` and a 1-D second operand `[K]` as `[K, 1]`; that
/// added axis is removed from the result again (`[K] · [K, N] → [N]`, `[K] · [K] → []`). The
/// axes before the matrices (the batch axes) broadcast by NumPy's rule. A scalar (`[]`) has no
/// matrix and is refused. `K = 0` is allowed: the product is then zeros.
///
/// ```
/// use shapecast_rules::matmul_shape;
///
/// assert_eq!(*matmul_shape(&[2, 1, 3, 4], &[5, 4, 6])?, [2, 5, 3, 6]);
/// assert_eq!(*matmul_shape(&[4], &[4, 6])?, [6]);
/// assert_eq!(*matmul_shape(&[4], &[4])?, []);
/// assert_eq!(
///     matmul_shape(&[32, 64], &[128, 10]).unwrap_err().to_string(),
///     "cannot multiply [32, 64] by [128, 10]: the contracted sizes differ, 64 (axis 1 of the first \
///      operand) and 128 (axis 0 of the second); they must be equal"
/// );
/// assert_eq!(
///     matmul_shape(&[2, 3, 4], &[5, 4, 6]).unwrap_err().to_string(),
///     "cannot multiply [2, 3, 4] by [5, 4, 6]: batch axis 0 has sizes 2 and 5; sizes must be equal or one of them 1"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn matmul_shape(a: &[usize], b: &[usize]) -> Result<DynShape, BroadcastError> {
    matmul_in(Mode::Plain, a, b)
}

pub(crate) fn matmul_in(mode: Mode, a: &[usize], b: &[usize]) -> Result<DynShape, BroadcastError> {
    let error = |kind| BroadcastError::new(Form::MatMul, kind, a, b).in_mode(mode);
    within_rank(Form::MatMul, Slot::Operand(0), a).map_err(|e| e.with_operands(2))?;
    within_rank(Form::MatMul, Slot::Operand(1), b).map_err(|e| e.with_operands(2))?;
    let (Some(&ka), Some(&kb)) = (a.last(), b.len().checked_sub(2).map_or(b.first(), |i| b.get(i))) else {
        let operand = if a.is_empty() { 0 } else { 1 };
        return Err(error(ErrorKind::ScalarOperand { operand }));
    };
    let axis_b = b.len().saturating_sub(2);
    if ka != kb {
        return Err(error(ErrorKind::ContractedSizes { sizes: [ka, kb], axes: [a.len() - 1, axis_b] }));
    }
    let (batch_a, batch_b) = (&a[..a.len().saturating_sub(2)], &b[..b.len().saturating_sub(2)]);
    let mut out = shapes_in(mode, &[batch_a, batch_b]).map_err(|e| match e.kind() {
        ErrorKind::SizeMismatch { axis, sizes, operands } => {
            error(ErrorKind::SizeMismatch { axis, sizes, operands })
        }
        kind => error(kind),
    })?;
    if a.len() >= 2 {
        out.push(a[a.len() - 2]);
    }
    if b.len() >= 2 {
        out.push(b[b.len() - 1]);
    }
    counted(mode, out, error)
}
