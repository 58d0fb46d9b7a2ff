//! The five broadcasting forms as traits: the type-level twin of `shapecast::dynamic`.
//!
//! Each trait has an `Output` shape and an alias for it, in typenum's style
//! (`Broadcasted<A, B> = <A as Broadcast<B>>::Output`). `broadcast!` expands to these when an
//! operand is a type; generic code names them in bounds. When a bound fails, rustc prints the
//! trait's message, which states the rule in words (the sizes of a type operand are typenum
//! types that rustc cannot print as numbers; with literal operands, `broadcast!` names them).

mod axis;
mod ngraph;
mod numpy;
mod xla;

pub use axis::{InsertAxis, RemoveAxes, WithAxis, WithoutAxes};
pub use ngraph::{BroadcastAxes, BroadcastedAxes};
pub use numpy::{Broadcast, BroadcastTo, Broadcasted, BroadcastedTo};
pub use xla::{BroadcastInDim, BroadcastWithDims, BroadcastedInDim, BroadcastedWithDims};
