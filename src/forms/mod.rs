//! The five broadcasting forms as traits: the type-level twin of `shapecast::dynamic`.
//!
//! Each trait has an `Output` shape and an alias for it, in typenum's style
//! (`Broadcasted<A, B> = <A as Broadcast<B>>::Output`). `broadcast!` expands to these when an
//! operand is a type; generic code names them in bounds. When a bound fails, rustc prints the
//! trait's message, which states the rule in words, and then the shapes as types
//! (`Cons<Dim<2>, Cons<Dim<3>, Nil>>`); with literal operands, `broadcast!` names the axis and
//! the sizes that clash.

mod axis;
mod ngraph;
mod numpy;
mod xla;

pub use axis::{InsertAxis, RemoveAxes, WithAxis, WithoutAxes};
pub use ngraph::{BroadcastAxes, BroadcastedAxes};
pub use numpy::{Broadcast, BroadcastTo, Broadcasted, BroadcastedTo};
pub use xla::{BroadcastInDim, BroadcastWithDims, BroadcastedInDim, BroadcastedWithDims};
