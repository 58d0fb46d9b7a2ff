//! The rules in symbolic mode: the five forms with run-time sizes written as symbols.
//!
//! [`Symbolic`] runs the rules so: symbols are left out of the element count (each is checked
//! against its data once, where it is bound), and an error's message prints each symbol by the
//! name it stands for ([`BroadcastError::named`](crate::BroadcastError::named)) and states the
//! run-time rule.
//!
//! ```
//! use shapecast_rules::{Symbolic, symbol};
//!
//! let (samples, classes) = (symbol(0).unwrap(), symbol(1).unwrap());
//! assert_eq!(*Symbolic.broadcast_shapes(&[&[samples, 1], &[classes]])?, [samples, classes]);
//! let err = Symbolic.broadcast_shapes(&[&[samples], &[classes]]).unwrap_err();
//! assert_eq!(
//!     err.named(&["Samples", "Classes"]).to_string(),
//!     "cannot broadcast [Samples] with [Classes]: axis 0 has sizes Samples and Classes; \
//!      two run-time sizes are never assumed equal"
//! );
//! # Ok::<(), shapecast_rules::BroadcastError>(())
//! ```

use crate::symbol::Mode;
use crate::{BroadcastError, DynShape};

/// The rules with run-time sizes written as symbols: the same five forms, the same order of
/// checks, the same messages, with the pair rule for run-time sizes (see this module's docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Symbolic;

impl Symbolic {
    /// [`broadcast_shapes`](crate::broadcast_shapes) with symbols.
    pub fn broadcast_shapes(self, operands: &[&[usize]]) -> Result<DynShape, BroadcastError> {
        crate::numpy::shapes_in(Mode::Symbolic, operands)
    }

    /// [`broadcast_to`](crate::broadcast_to) with symbols.
    pub fn broadcast_to(self, from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
        crate::numpy::to_in(Mode::Symbolic, from, to)
    }

    /// [`broadcast_axes`](crate::broadcast_axes) with symbols.
    pub fn broadcast_axes(
        self,
        arg: &[usize],
        shape: &[usize],
        axes: &[usize],
    ) -> Result<DynShape, BroadcastError> {
        crate::ngraph::axes_in(Mode::Symbolic, arg, shape, axes)
    }

    /// [`broadcast_in_dim`](crate::broadcast_in_dim) with symbols.
    pub fn broadcast_in_dim(
        self,
        operand: &[usize],
        shape: &[usize],
        dims: &[usize],
    ) -> Result<DynShape, BroadcastError> {
        crate::xla::in_dim_in(Mode::Symbolic, operand, shape, dims)
    }

    /// [`broadcast_with_dims`](crate::broadcast_with_dims) with symbols.
    pub fn broadcast_with_dims(
        self,
        lhs: &[usize],
        rhs: &[usize],
        dims: &[usize],
    ) -> Result<DynShape, BroadcastError> {
        crate::xla::with_dims_in(Mode::Symbolic, lhs, rhs, dims)
    }
}
