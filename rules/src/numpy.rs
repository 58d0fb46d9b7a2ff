//! NumPy: implicit broadcasting, the rules of NumPy's "Broadcasting" documentation.

use crate::check::{counted, within_rank};
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot};

/// The common shape of one or more operands under NumPy's rules.
///
/// Shorter shapes are aligned to the right (as if padded with leading 1s); on each axis the
/// output size is the size shared by the operands that do not have 1 there (1 if all do). No
/// operands at all gives `[]`. The error names the first axis, left to right, where two
/// operands disagree.
///
/// ```
/// use shapecast_rules::broadcast_shapes;
///
/// assert_eq!(*broadcast_shapes(&[&[], &[3], &[2, 3]])?, [2, 3]);
/// assert_eq!(*broadcast_shapes(&[&[1, 0], &[0, 1]])?, [0, 0]); // 0 is an ordinary size
/// assert_eq!(
///     broadcast_shapes(&[&[0], &[2]]).unwrap_err().to_string(),
///     "cannot broadcast [0] with [2]: axis 0 has sizes 0 and 2; sizes must be equal or one of them 1"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn broadcast_shapes(operands: &[&[usize]]) -> Result<DynShape, BroadcastError> {
    shapes_in(Mode::Plain, operands)
}

pub(crate) fn shapes_in(mode: Mode, operands: &[&[usize]]) -> Result<DynShape, BroadcastError> {
    for (i, op) in operands.iter().enumerate() {
        within_rank(Form::Numpy, Slot::Operand(i), op).map_err(|e| e.with_operands(operands.len()))?;
    }
    let rank = operands.iter().map(|op| op.len()).max().unwrap_or(0);
    let mut out = DynShape::filled(rank, 1);
    for (axis, size) in out.as_mut_slice().iter_mut().enumerate() {
        // The first operand with a size other than 1 here, and that size.
        let mut seen: Option<(usize, usize)> = None;
        for (j, op) in operands.iter().enumerate() {
            let Some(k) = (axis + op.len()).checked_sub(rank) else {
                continue;
            };
            let d = op[k];
            match seen {
                _ if d == 1 => {}
                None => seen = Some((j, d)),
                Some((_, s)) if s == d => {}
                Some((i, s)) => {
                    let kind = ErrorKind::SizeMismatch { axis, sizes: [s, d], operands: [i, j] };
                    return Err(numpy_error(mode, operands, kind));
                }
            }
        }
        *size = seen.map_or(1, |(_, s)| s);
    }
    counted(mode, out, |kind| numpy_error(mode, operands, kind))
}

fn numpy_error(mode: Mode, operands: &[&[usize]], kind: ErrorKind) -> BroadcastError {
    let (l, r): (&[usize], &[usize]) = match kind {
        ErrorKind::SizeMismatch { operands: [i, j], .. } => (operands[i], operands[j]),
        _ => (operands.first().copied().unwrap_or(&[]), operands.get(1).copied().unwrap_or(&[])),
    };
    BroadcastError::new(Form::Numpy, kind, l, r).with_operands(operands.len()).in_mode(mode)
}

/// NumPy's one-way `broadcast_to`: `from` stretches to `to`, which is returned.
///
/// Valid iff `from` has no more axes than `to` and each of its sizes, aligned to the right, is
/// 1 or equal to `to`'s size there.
///
/// ```
/// use shapecast_rules::broadcast_to;
///
/// assert_eq!(*broadcast_to(&[3], &[2, 3])?, [2, 3]);
/// assert_eq!(*broadcast_to(&[1], &[0])?, [0]);
/// // [3] with [1] broadcasts, but not to [1]:
/// assert_eq!(
///     broadcast_to(&[3], &[1]).unwrap_err().to_string(),
///     "cannot broadcast [3] to [1]: axis 0 has size 3 but the target has 1; \
///      a size must equal the target's or be 1"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn broadcast_to(from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
    to_in(Mode::Plain, from, to)
}

pub(crate) fn to_in(mode: Mode, from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
    within_rank(Form::BroadcastTo, Slot::Operand(0), from)?;
    let target = within_rank(Form::BroadcastTo, Slot::Target, to)?;
    let error = |kind| BroadcastError::new(Form::BroadcastTo, kind, from, to).in_mode(mode);
    let Some(offset) = to.len().checked_sub(from.len()) else {
        return Err(error(ErrorKind::RankTooLarge { rank: from.len(), target_rank: to.len() }));
    };
    for (k, &size) in from.iter().enumerate() {
        let axis = k + offset;
        let target = to[axis];
        if size != 1 && size != target {
            return Err(error(ErrorKind::CannotStretch { operand_axis: k, axis, size, target }));
        }
    }
    counted(mode, target, error)
}
