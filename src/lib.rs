//! shapecast (work in progress)
#![no_std]
#![forbid(unsafe_code)]
extern crate self as shapecast;

pub mod dynamic;
pub mod forms;
mod kernel;
pub mod shape;
#[doc(hidden)]
pub mod typelevel;

pub use forms::*;
pub use shape::{Axes, Shape};
pub use shapecast_macros::{axes, broadcast, shape};

/// Everything a user of shapecast names: the macros, the traits and their aliases.
pub mod prelude {
    pub use crate::dynamic;
    pub use crate::forms::*;
    pub use crate::shape::{Axes, Shape};
    pub use shapecast_macros::{axes, broadcast, shape};
}

/// What macro expansions name. Not public API: outside semver, may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::shape::{AxisSet, Cons, Nil};
    pub use typenum;

    /// `<T as Fallback<{ compile_error!(…); 0 }>>::Output` is `T`: how a macro reports its
    /// errors and still expands to a best-effort type, so that one mistake causes one error.
    pub trait Fallback<const ERRORS: usize> {
        /// `Self`.
        type Output: ?Sized;
    }
    impl<T: ?Sized, const ERRORS: usize> Fallback<ERRORS> for T {
        type Output = T;
    }
}
