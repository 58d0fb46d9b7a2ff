//! nGraph: `Broadcast(arg, shape, broadcast_axes)`, as nGraph's `Broadcast` op documents it.

use crate::check::{counted, in_range, increasing, list_within_rank, within_rank};
use crate::mapping::ngraph_axis_map;
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot};

/// nGraph's `Broadcast`: `arg` placed in `shape`, repeated along `axes`; returns `shape`.
///
/// `axes` are positions in `shape`, strictly increasing. `shape` with those axes removed must
/// equal `arg` exactly: this form never stretches a size-1 axis. Checked in nGraph's order: the
/// range of every axis, then (shapecast's own rule for a set written as a list) the order, then
/// the shapes.
///
/// ```
/// use shapecast_rules::broadcast_axes;
///
/// assert_eq!(*broadcast_axes(&[3], &[2, 3], &[0])?, [2, 3]);
/// assert_eq!(*broadcast_axes(&[3], &[3, 2], &[1])?, [3, 2]);
/// // No size-1 stretching here:
/// assert_eq!(
///     broadcast_axes(&[1], &[2, 3], &[0]).unwrap_err().to_string(),
///     "cannot broadcast [1] to [2, 3] with axes [0]: target axis 1 has size 3 but argument axis 0 has size 1; \
///      sizes outside the broadcast axes must be equal"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn broadcast_axes(arg: &[usize], shape: &[usize], axes: &[usize]) -> Result<DynShape, BroadcastError> {
    axes_in(Mode::Plain, arg, shape, axes)
}

pub(crate) fn axes_in(
    mode: Mode,
    arg: &[usize],
    shape: &[usize],
    axes: &[usize],
) -> Result<DynShape, BroadcastError> {
    within_rank(Form::Axes, Slot::Operand(0), arg)?;
    let target = within_rank(Form::Axes, Slot::Target, shape)?;
    list_within_rank(Form::Axes, axes)?;
    let error = |kind| BroadcastError::new(Form::Axes, kind, arg, shape).naming_list(axes).in_mode(mode);
    in_range(axes, shape.len()).map_err(error)?;
    increasing(axes).map_err(error)?;
    let kept = shape.len() - axes.len();
    if arg.len() != kept {
        return Err(error(ErrorKind::WrongAxisCount { expected: kept, found: arg.len() }));
    }
    let map = ngraph_axis_map(shape.len(), axes);
    for (arg_axis, (&size, &axis)) in arg.iter().zip(map.iter()).enumerate() {
        let target = shape[axis];
        if size != target {
            return Err(error(ErrorKind::KeptSizeMismatch { arg_axis, axis, size, target }));
        }
    }
    counted(mode, target, error)
}
