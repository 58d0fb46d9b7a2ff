//! Shape algebra for contiguous tensors: the same data in another shape, and tensors joined
//! into a new one, every result's shape computed while the program compiles.
//!
//! Views (no copy; each on every tensor kind, as `insert_axis` is):
//!
//! - [`reshape::<S2>()`](crate::TensorBase::reshape): another fixed shape of the same element
//!   count ([`ReshapeInto`]);
//! - [`squeeze::<A>()`](crate::TensorBase::squeeze): axis `A`, of fixed size 1, removed (the
//!   inverse of `insert_axis::<A>()`; [`SqueezeShape`]);
//! - [`flatten()`](crate::TensorBase::flatten): every axis merged into one ([`FlattenShape`]);
//! - [`split_at::<0, POS>()`](crate::TensorBase::split_at): the first `POS` entries of axis 0
//!   and the rest, two contiguous views ([`SplitShape`]).
//!
//! ```
//! use shapecast::prelude::*;
//!
//! let t = Tensor::<i32, shape![6, 1, 3]>::from_fn(|i| i as i32);
//! let m = t.squeeze::<1>(); // [6, 3]
//! let (top, rest) = m.split_at::<0, 2>(); // [2, 3] and [4, 3]
//! assert_eq!(rest.get(&[0, 0]), Some(&6));
//! assert_eq!(top.flatten().as_slice(), [0, 1, 2, 3, 4, 5]); // [6]
//! assert_eq!(t.reshape::<shape![3, 6]>().get(&[1, 0]), Some(&6));
//! ```
//!
//! A size computed at the type level (the parts of a split, a flattened size) is a typenum
//! number; [`ToSize`] writes it back as the `Dim<N>` that `shape!` writes for `N`, so that
//! computed shapes and written ones are the same types. `Dim<N>` exists for the numbers typenum
//! has a constant for (0 to 1024, 3600, powers of two, …), as for `shape!`'s own sizes; a result
//! outside them is a compile error that says so. A [`reshape`](crate::TensorBase::reshape)
//! compares element counts directly and needs no table.

mod reshape;

pub use crate::typelevel::{Axis, SizeOf, ToSize};
pub use reshape::{
    Elements, FlattenShape, Flattened, ReshapeInto, SplitBack, SplitFront, SplitShape, SqueezeShape, Squeezed,
};

// The steps of the checks, which rustc names in an error's notes: public so that it prints them
// by these short paths, hidden, and not API.
#[doc(hidden)]
pub use crate::typelevel::{Ahead, Here};
#[doc(hidden)]
pub use reshape::{
    CountNames, CountsAgree, CountsDiffer, CountsEqual, DimCount, Flat, FlatSize, FlattenKind,
    FlattenOfRunTime, KnownToBeOne, ReshapeKind, ReshapeOfRunTime, SameCount, SplitFits, SplitPastEnd,
    SplitPick, SplitRest, SplitSize, SplitWithin, SplitsAtRunTime, SqueezableSize,
};
