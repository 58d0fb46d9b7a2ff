//! XLA: explicit broadcasting, the rules of XLA's "Broadcasting semantics" documentation.

use crate::check::{counted, in_range, increasing, list_within_rank, within_rank};
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot};

/// XLA's `BroadcastInDim`: `operand`'s axis `k` lands on `shape`'s axis `dims[k]`; returns
/// `shape`.
///
/// One-way: an operand size must be 1 or equal to the target size it maps to. Checked, first
/// failure reported, in this order: the rank, the length of `dims`, each entry's range, each
/// size, the order.
///
/// ```
/// use shapecast_rules::broadcast_in_dim;
///
/// assert_eq!(*broadcast_in_dim(&[2, 1, 4], &[2, 3, 4], &[0, 1, 2])?, [2, 3, 4]);
/// assert_eq!(*broadcast_in_dim(&[2], &[3, 2], &[1])?, [3, 2]);
/// // 3 cannot shrink to 1:
/// assert_eq!(
///     broadcast_in_dim(&[3], &[2, 1], &[1]).unwrap_err().to_string(),
///     "cannot broadcast [3] to [2, 1] with dims [1]: operand axis 0 (size 3) maps to target axis 1 (size 1); \
///      a size must equal the target's or be 1"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn broadcast_in_dim(
    operand: &[usize],
    shape: &[usize],
    dims: &[usize],
) -> Result<DynShape, BroadcastError> {
    in_dim_in(Mode::Plain, operand, shape, dims)
}

pub(crate) fn in_dim_in(
    mode: Mode,
    operand: &[usize],
    shape: &[usize],
    dims: &[usize],
) -> Result<DynShape, BroadcastError> {
    within_rank(Form::InDim, Slot::Operand(0), operand)?;
    let target = within_rank(Form::InDim, Slot::Target, shape)?;
    list_within_rank(Form::InDim, dims)?;
    let error = |kind| BroadcastError::new(Form::InDim, kind, operand, shape).naming_list(dims).in_mode(mode);
    if operand.len() > shape.len() {
        return Err(error(ErrorKind::RankTooLarge { rank: operand.len(), target_rank: shape.len() }));
    }
    if dims.len() != operand.len() {
        return Err(error(ErrorKind::WrongAxisCount { expected: operand.len(), found: dims.len() }));
    }
    in_range(dims, shape.len()).map_err(error)?;
    for (operand_axis, (&size, &axis)) in operand.iter().zip(dims).enumerate() {
        let target = shape[axis];
        if size != 1 && size != target {
            return Err(error(ErrorKind::CannotStretch { operand_axis, axis, size, target }));
        }
    }
    increasing(dims).map_err(error)?;
    counted(mode, target, error)
}

/// The output shape of an XLA binary operation on `lhs` and `rhs` with `broadcast_dimensions`.
///
/// - Equal ranks: `dims` must be empty or the identity; then the degenerate rule applies axis
///   by axis (sizes equal, or one of them 1; the output takes the one that is not 1).
/// - Different ranks: the lower-rank operand's axis `k` lands on the other's axis `dims[k]`
///   (a scalar needs no dims), the rest of its lifted shape is 1s, and the degenerate rule
///   applies. Checked in XLA's order: the length of `dims`, each entry's range, each size pair,
///   then the order.
///
/// ```
/// use shapecast_rules::broadcast_with_dims;
///
/// assert_eq!(*broadcast_with_dims(&[2, 3], &[3], &[1])?, [2, 3]);
/// assert_eq!(*broadcast_with_dims(&[4], &[1, 2], &[0])?, [4, 2]);
/// assert_eq!(*broadcast_with_dims(&[2, 3], &[], &[])?, [2, 3]);
/// assert_eq!(
///     broadcast_with_dims(&[2, 3], &[3], &[0]).unwrap_err().to_string(),
///     "cannot broadcast [2, 3] with [3] using dims [0]: axis 0 has sizes 2 and 3; \
///      sizes must be equal or one of them 1"
/// );
/// // The ranks differ: dims are needed.
/// assert_eq!(
///     broadcast_with_dims(&[2, 3], &[3], &[]).unwrap_err().to_string(),
///     "cannot broadcast [2, 3] with [3] using dims []: ranks 2 and 1 differ and neither operand is a scalar; \
///      dims must say where the lower-rank operand's axes go"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn broadcast_with_dims(lhs: &[usize], rhs: &[usize], dims: &[usize]) -> Result<DynShape, BroadcastError> {
    with_dims_in(Mode::Plain, lhs, rhs, dims)
}

pub(crate) fn with_dims_in(
    mode: Mode,
    lhs: &[usize],
    rhs: &[usize],
    dims: &[usize],
) -> Result<DynShape, BroadcastError> {
    within_rank(Form::WithDims, Slot::Operand(0), lhs)?;
    within_rank(Form::WithDims, Slot::Operand(1), rhs)?;
    list_within_rank(Form::WithDims, dims)?;
    let error = |kind| BroadcastError::new(Form::WithDims, kind, lhs, rhs).naming_list(dims).in_mode(mode);
    let lhs_is_low = lhs.len() < rhs.len();
    let (low, high) = if lhs_is_low { (lhs, rhs) } else { (rhs, lhs) };
    if low.len() == high.len() {
        if !dims.is_empty() && !dims.iter().copied().eq(0..low.len()) {
            return Err(error(ErrorKind::NotIdentity { rank: low.len() }));
        }
    } else if dims.is_empty() && !low.is_empty() {
        return Err(error(ErrorKind::RanksDifferWithoutDims { ranks: [lhs.len(), rhs.len()] }));
    } else if dims.len() != low.len() {
        return Err(error(ErrorKind::WrongAxisCount { expected: low.len(), found: dims.len() }));
    } else {
        in_range(dims, high.len()).map_err(error)?;
    }
    // With equal ranks and empty dims, the identity map.
    let map = |k: usize| dims.get(k).copied().unwrap_or(k);
    let mut out = DynShape::try_from_slice(high).unwrap_or_default();
    for (k, &small) in low.iter().enumerate() {
        let axis = map(k);
        let big = high[axis];
        if small != big && small != 1 && big != 1 {
            let sizes = if lhs_is_low { [small, big] } else { [big, small] };
            return Err(error(ErrorKind::SizeMismatch { axis, sizes, operands: [0, 1] }));
        }
        if big == 1 {
            out.as_mut_slice()[axis] = small;
        }
    }
    increasing(dims).map_err(error)?;
    counted(mode, out, error)
}
