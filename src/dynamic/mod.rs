//! Shapes known only at run time: the same rules as `broadcast!`, with errors as values.
//!
//! The shape functions ([`broadcast_shapes`], [`broadcast_to`], [`broadcast_axes`],
//! [`broadcast_in_dim`], [`broadcast_with_dims`]) are the very functions the `broadcast!`
//! macro runs while your program compiles, so a result or a message never differs between the
//! two. The kernels ([`copy_broadcast_to`] and its siblings, [`zip_broadcast`],
//! [`zip_broadcast_with_dims`]) materialize a broadcast between arrays, [`zip_assign`] updates
//! an array in place with one, and the reductions ([`sum_to`], [`sum_axes`]) reverse one: they
//! check every shape (and an output slice's length) first and write nothing on error. No heap
//! (but the packing buffers of a large `f32`/`f64` product's GEMM, with feature `alloc`), no
//! panics on any input.
//!
//! [`einsum_shape`] and [`einsum`] do the same for NumPy's `einsum` subscripts, the rules and
//! messages of the `einsum!` macro; [`matmul`] for NumPy's `matmul`. The shape algebra has
//! run-time twins too: [`reshape`] (no copy), [`permute`], [`concat`](fn@concat), [`stack`],
//! [`slice`](fn@slice) and [`index_axis`], with the messages of their rules.
//!
//! A kernel's operands are [`Array`]s (and [`ArrayMut`]s for what it writes): a slice paired
//! with its shape, whose length is checked once, when the pair is made. Every kernel takes its
//! arguments in one order: the sources, then the destination `ArrayMut` whose shape the rule
//! checks against, then the `dims`/`axes` list (where the shape function has it); an output
//! whose shape the call computes (`out` of the zips, `dst` of [`sum_axes`]) is a bare slice,
//! after everything that decides that shape, and its shape is returned; a closure comes last.
//!
//! ```
//! use shapecast::dynamic::{self, Array};
//!
//! // Shapes read from a file, say.
//! let (image, bias): (&[usize], &[usize]) = (&[2, 3], &[3]);
//! assert_eq!(*dynamic::broadcast_shapes(&[image, bias])?, [2, 3]);
//!
//! let (image, bias) = (Array::new(&[1, 2, 3, 4, 5, 6], image)?, Array::new(&[7, 8, 9], bias)?);
//! let mut out = [0; 6];
//! dynamic::zip_broadcast(image, bias, &mut out, |x, y| x + y)?;
//! assert_eq!(out, [8, 10, 12, 11, 13, 15]);
//!
//! let err = dynamic::broadcast_shapes(&[&[2, 4], &[2, 3]]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "cannot broadcast [2, 4] with [2, 3]: axis 1 has sizes 4 and 3; sizes must be equal or one of them 1"
//! );
//! # Ok::<(), dynamic::BroadcastError>(())
//! ```

mod algebra;
mod array;
mod copy;
mod matmul;
mod sum;
mod zip;

pub use crate::product::einsum::einsum;
pub use algebra::{concat, index_axis, permute, reshape, slice, stack};
pub use array::{Array, ArrayMut};
pub(crate) use array::{check_data, check_shape};
pub use copy::{copy_broadcast_axes, copy_broadcast_in_dim, copy_broadcast_to, zip_assign};
pub use matmul::matmul;
/// Where each operand axis lands and the strides that follow: what the kernels plan with. Not
/// public API (outside semver): the `shapecast-rules` crate documents them.
#[doc(hidden)]
pub use shapecast_rules::{
    AxisMap, in_dim_axis_map, ngraph_axis_map, numpy_axis_map, row_major_strides, strides_over_output,
    with_dims_axis_maps,
};
pub use shapecast_rules::{
    BroadcastError, DynShape, Einsum, ErrorKind, Form, MAX_LABELS, MAX_OPERANDS, MAX_RANK, Slot,
    broadcast_axes, broadcast_in_dim, broadcast_shapes, broadcast_to, broadcast_with_dims, concat_shape,
    einsum_shape, element_count, index_shape, matmul_shape, permute_shape, reshape_shape, same_shape,
    slice_shape, stack_shape, sum_to_axes,
};
pub use sum::{sum_axes, sum_to};
pub use zip::{zip_broadcast, zip_broadcast_with_dims};

/// Fails unless an output slice of length `len` holds `dims`' element count (`dims` is the
/// result of a rule, so its count fits); `blame` makes the error from the two numbers.
fn check_output_len(
    len: usize,
    dims: &[usize],
    blame: impl FnOnce(usize, usize) -> BroadcastError,
) -> Result<(), BroadcastError> {
    let expected = element_count(dims).unwrap_or(usize::MAX);
    if len == expected { Ok(()) } else { Err(blame(expected, len)) }
}
