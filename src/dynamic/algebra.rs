//! Shape algebra on arrays whose shapes are given at run time: a reshape (the same elements,
//! no copy), and a permutation, a concatenation, a stack, a slice and one position of an axis
//! copied into an output slice.

use super::{Array, BroadcastError, DynShape, Form, Slot, check_output_len};
use crate::kernel;
use shapecast_rules as rules;

/// `out` = `a` with its axes in `order` ([`permute_shape`](super::permute_shape)), row-major;
/// the result's shape is returned. Nothing is written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let mut out = [0; 6];
/// assert_eq!(*dynamic::permute(a, &[1, 0], &mut out)?, [3, 2]);
/// assert_eq!(out, [1, 4, 2, 5, 3, 6]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn permute<T: Copy>(a: Array<'_, T>, order: &[usize], out: &mut [T]) -> Result<DynShape, BroadcastError> {
    let result = rules::permute_shape(a.shape(), order)?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::Permute, (a.shape(), order), Slot::Target, expected, found)
    })?;
    let own = rules::row_major_strides(a.shape());
    let mut strides = [0; super::MAX_RANK];
    for (k, &axis) in order.iter().enumerate() {
        strides[k] = own[axis];
    }
    kernel::write::gather(a.data(), &result, &strides[..order.len()], out);
    Ok(result)
}

/// `out` = `a` and `b` joined along `axis` ([`concat_shape`](super::concat_shape)), row-major;
/// the result's shape is returned. Nothing is written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let a = Array::new(&[1, 2, 3, 4], &[2, 2])?;
/// let b = Array::new(&[5, 6], &[2, 1])?;
/// let mut out = [0; 6];
/// assert_eq!(*dynamic::concat(a, b, 1, &mut out)?, [2, 3]);
/// assert_eq!(out, [1, 2, 5, 3, 4, 6]);
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn concat<T: Copy>(
    a: Array<'_, T>,
    b: Array<'_, T>,
    axis: usize,
    out: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let result = rules::concat_shape(a.shape(), b.shape(), axis)?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::Concat, (a.shape(), b.shape()), Slot::Target, expected, found)
            .naming_list(&[axis])
    })?;
    // Row-major, the joined axis and those after it are one run per operand: the outer index
    // picks a run of `a`, then one of `b`. (Counted from the output: with runs of no element,
    // the axes before may be of any size, and nothing is written.)
    let (run_a, run_b): (usize, usize) =
        (a.shape()[axis..].iter().product(), b.shape()[axis..].iter().product());
    let outer = out.len().checked_div(run_a.saturating_add(run_b)).unwrap_or(0);
    let mut at = 0;
    for i in 0..outer {
        out[at..at + run_a].copy_from_slice(&a.data()[i * run_a..][..run_a]);
        at += run_a;
        out[at..at + run_b].copy_from_slice(&b.data()[i * run_b..][..run_b]);
        at += run_b;
    }
    Ok(result)
}

/// `out` = `parts`, arrays of one shape, joined along a new axis `axis` of their count
/// ([`stack_shape`](super::stack_shape), NumPy's `stack`), row-major; the result's shape is
/// returned. Nothing is written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let (a, b) = (Array::new(&[1, 2, 3], &[3])?, Array::new(&[4, 5, 6], &[3])?);
/// let mut out = [0; 6];
/// assert_eq!(*dynamic::stack(&[a, b], 1, &mut out)?, [3, 2]);
/// assert_eq!(out, [1, 4, 2, 5, 3, 6]);
/// assert_eq!(
///     dynamic::stack(&[a, Array::new(&[7, 8], &[2])?], 0, &mut out).unwrap_err().to_string(),
///     "cannot stack [3] with [2] along a new axis 0: axis 0 has size 3 in part 0 and 2 in part 1; stacked arrays have one shape"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn stack<T: Copy>(
    parts: &[Array<'_, T>],
    axis: usize,
    out: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let result = rules::stack_shape_of(parts.len(), |k| parts[k].shape(), axis)?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::Stack, (parts[0].shape(), &[]), Slot::Target, expected, found)
            .naming_list(&[axis, 0])
    })?;
    // Row-major, each part's axes from `axis` on are one block: the outer index picks a block
    // of each part in turn.
    let block: usize = parts[0].shape()[axis..].iter().product();
    if block > 0 {
        let mut at = 0;
        for i in 0..out.len() / block.saturating_mul(parts.len()) {
            for part in parts {
                out[at..at + block].copy_from_slice(&part.data()[i * block..][..block]);
                at += block;
            }
        }
    }
    Ok(result)
}

/// `out` = positions `range.start`, `range.start + step`, … below `range.end` of axis `axis` of
/// `a` ([`slice_shape`](super::slice_shape), NumPy's `a[..., start:end:step]` on that axis),
/// row-major; the result's shape is returned. Nothing is written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let a = Array::new(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], &[2, 7])?;
/// let mut out = [0; 6];
/// assert_eq!(*dynamic::slice(a, 1, 1..7, 2, &mut out)?, [2, 3]);
/// assert_eq!(out, [1, 3, 5, 8, 10, 12]);
/// assert_eq!(
///     dynamic::slice(a, 1, 4..8, 1, &mut out).unwrap_err().to_string(),
///     "cannot slice [2, 7] along axis 1 to 4..8: the range 4..8 does not lie within the axis' size 7; a range needs start ≤ end ≤ size"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn slice<T: Copy>(
    a: Array<'_, T>,
    axis: usize,
    range: core::ops::Range<usize>,
    step: usize,
    out: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let (start, end) = (range.start, range.end);
    let result = rules::slice_shape(a.shape(), axis, start, end, step)?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::Slice, (a.shape(), &[]), Slot::Target, expected, found)
            .naming_list(&[axis, start, end, step])
    })?;
    let own = rules::row_major_strides(a.shape());
    let mut strides = [0; super::MAX_RANK];
    strides[..own.len()].copy_from_slice(&own);
    let first = start * own[axis];
    // Along an axis of one position or none the stride is never stepped (the product could
    // pass `usize` for a step far past the axis).
    strides[axis] = if result[axis] > 1 { own[axis] * step } else { 0 };
    kernel::write::gather(a.data().get(first..).unwrap_or(&[]), &result, &strides[..own.len()], out);
    Ok(result)
}

/// `a`'s elements read in the shape `to` ([`reshape_shape`](super::reshape_shape): the same
/// element count), with no copy: a row-major array is any shape of its count.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let b = dynamic::reshape(a, &[3, 2])?;
/// assert_eq!((b.shape(), b.data()), (&[3, 2][..], &[1, 2, 3, 4, 5, 6][..]));
/// assert_eq!(
///     dynamic::reshape(a, &[4, 2]).unwrap_err().to_string(),
///     "cannot reshape [2, 3] to [4, 2]: the element counts 6 and 8 differ; a reshape keeps every element"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn reshape<'a, T>(a: Array<'a, T>, to: &'a [usize]) -> Result<Array<'a, T>, BroadcastError> {
    rules::reshape_shape(a.shape(), to)?;
    Array::new(a.data(), to)
}

/// `out` = position `index` of `a`'s axis `axis`, without that axis (NumPy's `a[:, index]` for
/// axis 1), row-major ([`index_shape`](super::index_shape)); the result's shape is returned.
/// An axis past the rank, or an index not below the axis' size, is an error that names the axis
/// and the index given. Nothing is written on error.
///
/// ```
/// use shapecast::dynamic::{self, Array};
/// let a = Array::new(&[1, 2, 3, 4, 5, 6], &[2, 3])?;
/// let mut column = [0; 2];
/// assert_eq!(*dynamic::index_axis(a, 1, 2, &mut column)?, [2]);
/// assert_eq!(column, [3, 6]);
/// assert_eq!(
///     dynamic::index_axis(a, 0, 2, &mut column).unwrap_err().to_string(),
///     "cannot index [2, 3] along axis 0 at 2: the axis has size 2; an index must be below it"
/// );
/// # Ok::<(), dynamic::BroadcastError>(())
/// ```
pub fn index_axis<T: Copy>(
    a: Array<'_, T>,
    axis: usize,
    index: usize,
    out: &mut [T],
) -> Result<DynShape, BroadcastError> {
    let result = rules::index_shape(a.shape(), axis, index)?;
    check_output_len(out.len(), &result, |expected, found| {
        BroadcastError::wrong_length(Form::Index, (a.shape(), &[]), Slot::Target, expected, found)
            .naming_list(&[axis, index])
    })?;
    // (`index` is below the axis' size: `index + 1` fits, and the one position's slice is the
    // result, of `out`'s length.)
    slice(a, axis, index..index + 1, 1, out)?;
    Ok(result)
}
