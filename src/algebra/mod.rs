//! Shape algebra for contiguous tensors: the same data in another shape, and tensors joined
//! into a new one, every result's shape computed while the program compiles.
//!
//! A size computed at the type level (the sum of two sizes, a difference, an element count) is
//! a typenum number; [`ToSize`] writes it back as the `Dim<N>` that `shape!` writes for `N`, so
//! that computed shapes and written ones are the same types.
//!
//! ```
//! use shapecast::algebra::SizeOf;
//! use shapecast::shape::Dim;
//! static_assertions::assert_type_eq_all!(SizeOf<typenum::Sum<typenum::U2, typenum::U4>>, Dim<6>);
//! ```

pub use crate::typelevel::{Axis, SizeOf, ToSize};

// The steps of the checks, which rustc names in an error's notes: public so that it prints them
// by these short paths, hidden, and not API.
#[doc(hidden)]
pub use crate::typelevel::{Ahead, Here};
