//! Checks that several forms share: shape limits, list ranges and order, element counts.

use crate::error::Overflow;
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, MAX_RANK, Slot, element_count};

/// Copies `dims` into a `DynShape`, or names `slot` as having too many axes.
pub(crate) fn within_rank(form: Form, slot: Slot, dims: &[usize]) -> Result<DynShape, BroadcastError> {
    DynShape::try_from_slice(dims).ok_or_else(|| BroadcastError::too_many_axes(form, slot, dims))
}

/// Every entry of `list` is below `rank`; the first that is not is the error.
pub(crate) fn in_range(list: &[usize], rank: usize) -> Result<(), ErrorKind> {
    match list.iter().enumerate().find(|&(_, &axis)| axis >= rank) {
        Some((entry, &axis)) => Err(ErrorKind::AxisOutOfRange { entry, axis, rank }),
        None => Ok(()),
    }
}

/// `list` is strictly increasing; the first entry that breaks it is the error.
pub(crate) fn increasing(list: &[usize]) -> Result<(), ErrorKind> {
    match list.windows(2).enumerate().find(|(_, w)| w[1] <= w[0]) {
        Some((i, w)) => Err(ErrorKind::NotIncreasing { entry: i + 1, previous: w[0], axis: w[1] }),
        None => Ok(()),
    }
}

/// The result shape, if its element count fits in `usize`; otherwise `error`'s error of
/// [`ErrorKind::TooManyElements`], worded for a result with or without a size 0. Run-time
/// sizes (symbols) are left out: each is checked against its data where it is bound.
pub(crate) fn counted(
    mode: Mode,
    result: DynShape,
    error: impl FnOnce(ErrorKind) -> BroadcastError,
) -> Result<DynShape, BroadcastError> {
    let mut fixed = result;
    fixed.as_mut_slice().iter_mut().filter(|d| mode.is_symbol(**d)).for_each(|d| *d = 1);
    match element_count(&fixed) {
        Some(_) => Ok(result),
        None => Err(error(ErrorKind::TooManyElements).overflowing(Overflow::of(&fixed, false))),
    }
}

/// The list itself may hold no more than [`MAX_RANK`] entries (it indexes a shape).
pub(crate) fn list_within_rank(form: Form, list: &[usize]) -> Result<(), BroadcastError> {
    if list.len() > MAX_RANK {
        return Err(BroadcastError::too_many_axes(form, Slot::List, list));
    }
    Ok(())
}
