//! Converting between two spellings of one shape: the checked step by which a run-time size
//! meets a fixed size or another run-time size.

use crate::check::within_rank;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot};

/// `to`, if it has the very sizes of `from`: same rank, and equal sizes on every axis. Nothing
/// is stretched.
///
/// ```
/// use shapecast_rules::same_shape;
///
/// assert_eq!(*same_shape(&[150, 4], &[150, 4])?, [150, 4]);
/// let err = same_shape(&[2, 3], &[3, 2]).unwrap_err();
/// assert_eq!(err.to_string(), "cannot convert [2, 3] to [3, 2]: axis 0 has size 2 but the target has 3; the sizes must be equal");
/// assert!(same_shape(&[1, 4], &[4]).is_err());
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn same_shape(from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
    within_rank(Form::Convert, Slot::Operand(0), from)?;
    let target = within_rank(Form::Convert, Slot::Target, to)?;
    let error = |kind| BroadcastError::new(Form::Convert, kind, from, to);
    if from.len() != to.len() {
        return Err(error(ErrorKind::WrongAxisCount { expected: to.len(), found: from.len() }));
    }
    match from.iter().zip(to).enumerate().find(|(_, (a, b))| a != b) {
        Some((axis, (&size, &target))) => {
            Err(error(ErrorKind::CannotStretch { operand_axis: axis, axis, size, target }))
        }
        None => Ok(target),
    }
}
