//! Shapes known only at run time: the same rules as `broadcast!`, with errors as values.
//!
//! The shape functions ([`broadcast_shapes`], [`broadcast_to`], [`broadcast_axes`],
//! [`broadcast_in_dim`], [`broadcast_with_dims`]) are the very functions the `broadcast!`
//! macro runs while your program compiles, so a result or a message never differs between the
//! two. The kernels ([`copy_broadcast_to`] and its siblings, [`zip_broadcast`],
//! [`zip_broadcast_with_dims`]) materialize a broadcast between slices, [`zip_assign`] updates a
//! slice in place with one, and the reductions ([`sum_to`], [`sum_axes`]) reverse one: they check every shape and length first and write
//! nothing on error. No heap, no panics on any input.
//!
//! ```
//! use shapecast::dynamic;
//!
//! // Shapes read from a file, say.
//! let (image, bias): (&[usize], &[usize]) = (&[2, 3], &[3]);
//! assert_eq!(*dynamic::broadcast_shapes(&[image, bias])?, [2, 3]);
//!
//! let mut out = [0; 6];
//! dynamic::zip_broadcast(&[1, 2, 3, 4, 5, 6], image, &[7, 8, 9], bias, &mut out, |x, y| x + y)?;
//! assert_eq!(out, [8, 10, 12, 11, 13, 15]);
//!
//! let err = dynamic::broadcast_shapes(&[&[2, 4], &[2, 3]]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "cannot broadcast [2, 4] with [2, 3]: axis 1 has sizes 4 and 3; sizes must be equal or one of them 1"
//! );
//! # Ok::<(), dynamic::BroadcastError>(())
//! ```

mod copy;
mod sum;
mod zip;

pub use copy::{copy_broadcast_axes, copy_broadcast_in_dim, copy_broadcast_to, zip_assign};
/// Where each operand axis lands and the strides that follow: what the kernels plan with. Not
/// public API (outside semver): the `shapecast-rules` crate documents them.
#[doc(hidden)]
pub use shapecast_rules::{
    AxisMap, in_dim_axis_map, ngraph_axis_map, numpy_axis_map, row_major_strides, strides_over_output,
    with_dims_axis_maps,
};
pub use shapecast_rules::{
    BroadcastError, DynShape, ErrorKind, Form, MAX_RANK, Slot, broadcast_axes, broadcast_in_dim,
    broadcast_shapes, broadcast_to, broadcast_with_dims, element_count, same_shape, sum_to_axes,
};
pub use sum::{sum_axes, sum_to};
pub use zip::{zip_broadcast, zip_broadcast_with_dims};

/// Fails unless `slice` holds exactly `dims`' element count (the shape itself already checked).
fn check_len(
    len: usize,
    dims: &[usize],
    slot: Slot,
    blame: impl FnOnce(Slot, usize, usize) -> BroadcastError,
) -> Result<(), BroadcastError> {
    // Shapes reaching here passed a rule function, so their count fits.
    let expected = element_count(dims).unwrap_or(usize::MAX);
    if len == expected { Ok(()) } else { Err(blame(slot, expected, len)) }
}

/// Checks the two slices of a one-operand form (or of the reduction that reverses it): the
/// operand's length against `operand`'s shape, then the target's against `target`'s.
fn check_operand_and_target(
    form: Form,
    list: &[usize],
    (operand_len, operand): (usize, &[usize]),
    (target_len, target): (usize, &[usize]),
) -> Result<(), BroadcastError> {
    let blame = |slot, expected, found| {
        BroadcastError::wrong_length(form, (operand, target), slot, expected, found).naming_list(list)
    };
    check_len(operand_len, operand, Slot::Operand(0), blame)?;
    check_len(target_len, target, Slot::Target, blame)
}
