//! The broadcasting rules of [shapecast](https://docs.rs/shapecast), written once.
//!
//! Every path of shapecast decides broadcasts with these functions: the run-time API
//! (`shapecast::dynamic` re-exports them), and the `broadcast!` macro, which calls them on
//! literal shapes while the program compiles. A result or an error's wording therefore cannot
//! differ between compile time and run time.
//!
//! Everything here is `no_std`, allocation-free and panic-free on any input: shapes are
//! `&[usize]`, results are [`DynShape`]s (up to [`MAX_RANK`] axes, inline), failures are
//! [`BroadcastError`]s that carry the rule, axis and sizes as data and print a sentence.
//!
//! ```
//! use shapecast_rules::{broadcast_shapes, broadcast_to};
//!
//! assert_eq!(*broadcast_shapes(&[&[2, 1, 1], &[1, 3, 5]])?, [2, 3, 5]);
//! let err = broadcast_shapes(&[&[7, 2, 5], &[7, 2, 6]]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "cannot broadcast [7, 2, 5] with [7, 2, 6]: axis 2 has sizes 5 and 6; \
//!      sizes must be equal or one of them 1"
//! );
//! // One-way: [3] with [1] broadcasts, but not to [1].
//! assert_eq!(
//!     broadcast_to(&[3], &[1]).unwrap_err().to_string(),
//!     "cannot broadcast [3] to [1]: axis 0 has size 3 but the target has 1; \
//!      a size must equal the target's or be 1"
//! );
//! # Ok::<(), shapecast_rules::BroadcastError>(())
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod algebra;
mod check;
mod convert;
mod einsum;
mod error;
mod mapping;
mod matmul;
mod ngraph;
mod numpy;
mod packed;
mod shape;
mod symbol;
mod symbolic;
mod xla;

pub use algebra::{
    concat_shape, index_shape, permute_shape, reshape_shape, slice_shape, stack_shape, stack_shape_of,
};
pub use convert::same_shape;
pub use einsum::{Einsum, MAX_LABELS, MAX_OPERANDS, einsum_shape};
pub use error::{BroadcastError, ErrorKind, Form, Named, Reason, Slot};
pub use mapping::{
    AxisMap, in_dim_axis_map, ngraph_axis_map, numpy_axis_map, row_major_strides, strides_over_output,
    sum_to_axes, with_dims_axis_maps,
};
pub use matmul::matmul_shape;
pub use ngraph::broadcast_axes;
pub use numpy::{broadcast_shapes, broadcast_to};
pub use shape::{DynShape, MAX_RANK, element_count};
pub use symbol::{SYMBOLS, symbol, symbol_index};
pub use symbolic::Symbolic;
pub use xla::{broadcast_in_dim, broadcast_with_dims};
