//! Run-time sizes in compile-time checks.
//!
//! A typed shape may hold sizes whose value is bound only at run time (`[Samples, 4]`). When
//! `broadcast!` checks a literal list that names such a size, each distinct name becomes a
//! *symbol*: a reserved value that the rules compare like any size, so it equals only itself.
//! That is exactly the pair rule for run-time sizes: `R` with `R` gives `R`; `R` with `1` gives
//! `R` (the 1 is stretched); `R` with a fixed size other than 1, or with another run-time size,
//! is an error, because the program cannot know at compile time that the values agree.
//!
//! [`Symbolic`] runs the rules in this mode: symbols are left out of the element count (each is
//! checked against its data once, where it is bound), and an error's message prints each symbol
//! by the name it stands for ([`BroadcastError::named`](crate::BroadcastError::named)) and
//! states the run-time rule.
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

use crate::{BroadcastError, DynShape};

/// How many distinct symbols one check may use.
pub const SYMBOLS: usize = 256;

/// The first reserved value: symbols are the top [`SYMBOLS`] values of `usize`.
const FIRST: usize = usize::MAX - (SYMBOLS - 1);

/// The reserved value of symbol `k`, if `k < SYMBOLS`.
///
/// ```
/// assert_ne!(shapecast_rules::symbol(0), shapecast_rules::symbol(1));
/// assert_eq!(shapecast_rules::symbol(256), None);
/// ```
pub const fn symbol(k: usize) -> Option<usize> {
    if k < SYMBOLS { Some(FIRST + k) } else { None }
}

/// Which symbol a value is, if it is one.
///
/// ```
/// use shapecast_rules::{symbol, symbol_index};
/// assert_eq!(symbol_index(symbol(3).unwrap()), Some(3));
/// assert_eq!(symbol_index(3), None);
/// ```
pub const fn symbol_index(value: usize) -> Option<usize> {
    if value >= FIRST { Some(value - FIRST) } else { None }
}

/// How the rules treat sizes: as numbers only, or with symbols for run-time sizes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Mode {
    /// Every size is a number (the run-time API).
    Plain,
    /// Reserved values are run-time sizes (the macro's literal lists that name one).
    Symbolic,
}

impl Mode {
    /// Is `value` a run-time size in this mode?
    pub(crate) const fn is_symbol(self, value: usize) -> bool {
        matches!(self, Mode::Symbolic) && symbol_index(value).is_some()
    }
}

/// The rules with run-time sizes written as symbols: the same five forms, the same order of
/// checks, the same messages, with the pair rule for run-time sizes (see the module docs).
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
