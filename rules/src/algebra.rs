//! Shape algebra on plain shapes: the shape of a permutation, a reshape, a concatenation and a
//! slice.

use crate::check::{counted, within_rank};
use crate::error::Overflow;
use crate::symbol::Mode;
use crate::{BroadcastError, DynShape, ErrorKind, Form, Slot, element_count};

/// The shape of `dims` with its axes in `order` (NumPy's `transpose(axes)`): the result's axis
/// `i` is axis `order[i]`; `order` names every axis once.
///
/// ```
/// use shapecast_rules::permute_shape;
/// assert_eq!(*permute_shape(&[2, 3, 4], &[2, 0, 1])?, [4, 2, 3]);
/// assert_eq!(
///     permute_shape(&[2, 3], &[0, 1, 2]).unwrap_err().to_string(),
///     "cannot permute [2, 3] by [0, 1, 2]: the order has 3 entries but the shape has rank 2; an order names every axis once"
/// );
/// assert_eq!(
///     permute_shape(&[2, 3, 4], &[0, 3, 1]).unwrap_err().to_string(),
///     "cannot permute [2, 3, 4] by [0, 3, 1]: order entry 1 is 3, out of range for rank 3"
/// );
/// assert_eq!(
///     permute_shape(&[2, 3, 4], &[1, 0, 1]).unwrap_err().to_string(),
///     "cannot permute [2, 3, 4] by [1, 0, 1]: entry 2 names the axis that entry 0 already names; an order names each axis once"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn permute_shape(dims: &[usize], order: &[usize]) -> Result<DynShape, BroadcastError> {
    let error = |kind| BroadcastError::new(Form::Permute, kind, dims, order).with_operands(1);
    within_rank(Form::Permute, Slot::Operand(0), dims)?;
    if order.len() != dims.len() {
        return Err(error(ErrorKind::WrongAxisCount { expected: dims.len(), found: order.len() }));
    }
    let mut out = DynShape::filled(dims.len(), 0);
    for (entry, &axis) in order.iter().enumerate() {
        if axis >= dims.len() {
            return Err(error(ErrorKind::AxisOutOfRange { entry, axis, rank: dims.len() }));
        }
        if let Some(first) = order[..entry].iter().position(|&a| a == axis) {
            return Err(error(ErrorKind::RepeatedAxis { entry, first }));
        }
        out.as_mut_slice()[entry] = dims[axis];
    }
    Ok(out)
}

/// `to`, if it holds as many elements as `from` (a reshape in row-major order, NumPy's
/// `order='C'`).
///
/// ```
/// use shapecast_rules::reshape_shape;
/// assert_eq!(*reshape_shape(&[4, 32, 32, 3], &[4, 3072])?, [4, 3072]);
/// assert_eq!(
///     reshape_shape(&[2, 3], &[4, 2]).unwrap_err().to_string(),
///     "cannot reshape [2, 3] to [4, 2]: the element counts 6 and 8 differ; a reshape keeps every element"
/// );
/// // No elements either side, but sizes that no shape may have:
/// assert_eq!(
///     reshape_shape(&[0, 3], &[1 << 40, 1 << 40, 0]).unwrap_err().to_string(),
///     "cannot reshape [0, 3] to [1099511627776, 1099511627776, 0]: the target's sizes other than 0 \
///      multiply past usize, which no shape's may, even one with no elements"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn reshape_shape(from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
    within_rank(Form::Reshape, Slot::Operand(0), from)?;
    let out = within_rank(Form::Reshape, Slot::Target, to)?;
    let error = |kind| BroadcastError::new(Form::Reshape, kind, from, to).with_operands(1);
    let (a, b) = (element_count(from), element_count(to));
    match (a, b) {
        (Some(a), Some(b)) if a == b => Ok(out),
        (Some(a), Some(b)) => Err(error(ErrorKind::CountMismatch { counts: [a, b] })),
        // (A shape with a size 0 has no elements, and its other sizes are what overflows.)
        (None, _) => Err(error(ErrorKind::TooManyElements).overflowing(Overflow::of(from, true))),
        (Some(_), None) => Err(error(ErrorKind::TooManyElements).overflowing(Overflow::of(to, false))),
    }
}

/// The shape of `a` and `b` joined along `axis` (NumPy's `concatenate`): one rank, every other
/// axis the same size, the joined axis the sum.
///
/// ```
/// use shapecast_rules::concat_shape;
/// assert_eq!(*concat_shape(&[2, 3], &[4, 3], 0)?, [6, 3]);
/// assert_eq!(
///     concat_shape(&[2, 3], &[2, 4], 0).unwrap_err().to_string(),
///     "cannot concatenate [2, 3] with [2, 4] along axis 0: axis 1 has sizes 3 and 4; every axis but the joined one must be the same size"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn concat_shape(a: &[usize], b: &[usize], axis: usize) -> Result<DynShape, BroadcastError> {
    let error = |kind| {
        let mut e = BroadcastError::new(Form::Concat, kind, a, b);
        e = e.naming_list(&[axis]);
        e
    };
    within_rank(Form::Concat, Slot::Operand(0), a).map_err(|e| e.with_operands(2))?;
    within_rank(Form::Concat, Slot::Operand(1), b).map_err(|e| e.with_operands(2))?;
    if a.len() != b.len() {
        return Err(error(ErrorKind::WrongAxisCount { expected: a.len(), found: b.len() }));
    }
    if axis >= a.len() {
        return Err(error(ErrorKind::AxisOutOfRange { entry: 0, axis, rank: a.len() }));
    }
    let mut out = DynShape::filled(a.len(), 0);
    for (k, (&x, &y)) in a.iter().zip(b).enumerate() {
        out.as_mut_slice()[k] = if k == axis {
            x.checked_add(y).ok_or_else(|| error(ErrorKind::TooManyElements).overflowing(Overflow::Sum))?
        } else if x == y {
            x
        } else {
            return Err(error(ErrorKind::SizeMismatch { axis: k, sizes: [x, y], operands: [0, 1] }));
        };
    }
    counted(Mode::Plain, out, error)
}

/// The shape of `parts`, arrays of one shape, joined along a new axis `axis` of their count
/// (NumPy's `stack`): `axis` at most their rank (their rank appends it).
///
/// ```
/// use shapecast_rules::stack_shape;
/// assert_eq!(*stack_shape(&[&[2, 3], &[2, 3], &[2, 3]], 1)?, [2, 3, 3]);
/// assert_eq!(
///     stack_shape(&[&[2, 3], &[2, 3], &[2, 4]], 0).unwrap_err().to_string(),
///     "cannot stack [2, 3] with [2, 4] along a new axis 0: axis 1 has size 3 in part 0 and 4 in part 2; stacked arrays have one shape"
/// );
/// assert_eq!(
///     stack_shape(&[&[2, 3]], 3).unwrap_err().to_string(),
///     "cannot stack [2, 3] along a new axis 3: the new axis 3 is out of range for the result's rank 3"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn stack_shape(parts: &[&[usize]], axis: usize) -> Result<DynShape, BroadcastError> {
    stack_shape_of(parts.len(), |k| parts[k], axis)
}

/// [`stack_shape`] of `count` parts, part `k`'s shape `shape(k)` (the shapes of arrays that
/// hold them: `shapecast::dynamic::stack`'s).
#[doc(hidden)]
pub fn stack_shape_of<'a>(
    count: usize,
    shape: impl Fn(usize) -> &'a [usize],
    axis: usize,
) -> Result<DynShape, BroadcastError> {
    if count == 0 {
        return Err(BroadcastError::new(Form::Stack, ErrorKind::NoOperands, &[], &[]).naming_list(&[axis, 0]));
    }
    let first = shape(0);
    let error = |kind, k: usize| {
        BroadcastError::new(Form::Stack, kind, first, shape(k)).with_operands(2).naming_list(&[axis, k])
    };
    for k in 0..count {
        let part = shape(k);
        within_rank(Form::Stack, Slot::Operand(k), part).map_err(|e| e.with_operands(count))?;
        if part.len() != first.len() {
            return Err(error(ErrorKind::WrongAxisCount { expected: first.len(), found: part.len() }, k));
        }
        if let Some(a) = first.iter().zip(part.iter()).position(|(x, y)| x != y) {
            let sizes = [first[a], part[a]];
            return Err(error(ErrorKind::SizeMismatch { axis: a, sizes, operands: [0, k] }, k));
        }
    }
    let rank = first.len() + 1;
    if axis >= rank {
        return Err(error(ErrorKind::AxisOutOfRange { entry: 0, axis, rank }, 0));
    }
    within_rank(Form::Stack, Slot::Target, &[0; crate::MAX_RANK + 1][..rank])
        .map_err(|e| e.with_operands(1))?;
    let mut out = DynShape::filled(rank, 0);
    let dims = out.as_mut_slice();
    dims[..axis].copy_from_slice(&first[..axis]);
    dims[axis] = count;
    dims[axis + 1..].copy_from_slice(&first[axis..]);
    counted(Mode::Plain, out, |kind| error(kind, 0))
}

/// The shape of positions `start`, `start + step`, … below `end` of axis `axis` of `dims`
/// (NumPy's `x[..., start:end:step]` on that axis): `ceil((end − start) / step)` positions,
/// `start ≤ end ≤ dims[axis]` and `step ≥ 1`.
///
/// ```
/// use shapecast_rules::slice_shape;
/// assert_eq!(*slice_shape(&[2, 7], 1, 1, 7, 2)?, [2, 3]);
/// assert_eq!(*slice_shape(&[2, 7], 0, 1, 1, 1)?, [0, 7]);
/// assert_eq!(
///     slice_shape(&[2, 6], 1, 4, 7, 1).unwrap_err().to_string(),
///     "cannot slice [2, 6] along axis 1 to 4..7: the range 4..7 does not lie within the axis' size 6; a range needs start ≤ end ≤ size"
/// );
/// assert_eq!(
///     slice_shape(&[2, 6], 1, 0, 6, 0).unwrap_err().to_string(),
///     "cannot slice [2, 6] along axis 1 to 0..6 in steps of 0: a step is at least 1"
/// );
/// assert_eq!(
///     slice_shape(&[2, 6], 2, 0, 1, 1).unwrap_err().to_string(),
///     "cannot slice [2, 6] along axis 2 to 0..1: axis 2 is out of range for rank 2"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn slice_shape(
    dims: &[usize],
    axis: usize,
    start: usize,
    end: usize,
    step: usize,
) -> Result<DynShape, BroadcastError> {
    let error = |kind| {
        BroadcastError::new(Form::Slice, kind, dims, &[])
            .with_operands(1)
            .naming_list(&[axis, start, end, step])
    };
    let mut out = within_rank(Form::Slice, Slot::Operand(0), dims)?;
    let Some(&size) = dims.get(axis) else {
        return Err(error(ErrorKind::AxisOutOfRange { entry: 0, axis, rank: dims.len() }));
    };
    if start > end || end > size {
        return Err(error(ErrorKind::RangeOutOfBounds { start, end, size }));
    }
    if step == 0 {
        return Err(error(ErrorKind::ZeroStep));
    }
    out.as_mut_slice()[axis] = (end - start).div_ceil(step);
    Ok(out)
}

/// The shape of position `index` of axis `axis` of `dims`, without that axis (NumPy's
/// `x[:, index]` for axis 1): `index` below the axis' size.
///
/// ```
/// use shapecast_rules::index_shape;
/// assert_eq!(*index_shape(&[2, 7], 1, 6)?, [2]);
/// assert_eq!(
///     index_shape(&[2, 7], 1, usize::MAX).unwrap_err().to_string(),
///     format!("cannot index [2, 7] along axis 1 at {}: the axis has size 7; an index must be below it", usize::MAX)
/// );
/// assert_eq!(
///     index_shape(&[2, 7], 2, 0).unwrap_err().to_string(),
///     "cannot index [2, 7] along axis 2 at 0: axis 2 is out of range for rank 2"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn index_shape(dims: &[usize], axis: usize, index: usize) -> Result<DynShape, BroadcastError> {
    let error =
        |kind| BroadcastError::new(Form::Index, kind, dims, &[]).with_operands(1).naming_list(&[axis, index]);
    within_rank(Form::Index, Slot::Operand(0), dims)?;
    let Some(&size) = dims.get(axis) else {
        return Err(error(ErrorKind::AxisOutOfRange { entry: 0, axis, rank: dims.len() }));
    };
    if index >= size {
        return Err(error(ErrorKind::IndexOutOfRange { index, size }));
    }
    let mut out = DynShape::scalar();
    for (k, &d) in dims.iter().enumerate() {
        if k != axis {
            out.push(d);
        }
    }
    Ok(out)
}
