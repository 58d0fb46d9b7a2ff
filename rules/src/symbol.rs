//! Run-time sizes in compile-time checks: the symbols that stand for them.
//!
//! A typed shape may hold sizes whose value is bound only at run time (`[Samples, 4]`). When
//! `broadcast!` checks a literal list that names such a size, each distinct name becomes a
//! *symbol*: a reserved value that the rules compare like any size, so it equals only itself.
//! That is exactly the pair rule for run-time sizes: `R` with `R` gives `R`; `R` with `1` gives
//! `R` (the 1 is stretched); `R` with a fixed size other than 1, or with another run-time size,
//! is an error, because the program cannot know at compile time that the values agree. The
//! rules that run so are [`Symbolic`](crate::Symbolic)'s.

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
