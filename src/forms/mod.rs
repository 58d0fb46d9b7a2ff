//! The five broadcasting forms as traits: the type-level twin of `shapecast::dynamic`.
//!
//! Each form has two traits. `Broadcast`, `BroadcastTo`, … take shapes of fixed sizes
//! ([`Shape`](crate::Shape)) and promise a fixed output, with its element count as a constant;
//! `AnyBroadcast`, `AnyBroadcastTo`, … take any shape ([`AnyShape`](crate::AnyShape)), run-time
//! sizes included, and decide the pair rule for them at compile time. For fixed shapes the two
//! agree: each fixed trait is the general one with a fixed output.
//!
//! Each trait has an `Output` shape and an alias for it, in typenum's style
//! (`Broadcasted<A, B> = <A as Broadcast<B>>::Output`). `broadcast!` expands to these when an
//! operand is a type; generic code names them in bounds. A failure is reported in the words of
//! the form's rule: on the two sizes that clash (`Dim<3>` and `Dim<4>`) where rustc meets it
//! while it computes an output, and otherwise with the shapes as types
//! (`Cons<Dim<2>, Cons<Dim<3>, Nil>>`); with literal operands, `broadcast!` names the axis and
//! the sizes that clash.

mod axis;
mod ngraph;
mod numpy;
mod pairs;
mod rank;
mod size;
mod xla;

pub use axis::{
    AnyInsertAxis, AnyRemoveAxes, AnyWithAxis, AnyWithoutAxes, InsertAxis, RemoveAxes, WithAxis, WithoutAxes,
};
pub use ngraph::{AnyBroadcastAxes, BroadcastAxes, BroadcastedAxes, KeepsSize, KeptSize};
pub use numpy::{
    AnyBroadcast, AnyBroadcastTo, AnyBroadcasted, Broadcast, BroadcastTo, Broadcasted, BroadcastedTo,
    CommonShape,
};
pub use pairs::{CheckPairs, NGraphKept, NumpyStretch, PairRule, ValuesStretch, XlaBinary, XlaInDim};
pub use rank::{RankAtMost, RankOfTarget, RanksAgree, SameRank, ValuesRankAtMost};
pub use size::{
    BroadcastsWith, SameBinding, StretchesTo, StretchesToSize, ValueSizeStretch, ValueStretchesToSize,
};
pub use xla::{
    AnyBroadcastInDim, AnyBroadcastWithDims, AnyBroadcastedWithDims, BroadcastInDim, BroadcastWithDims,
    BroadcastedInDim, BroadcastedWithDims, FitsInDim, InDimSize, InDimsSame, MeetsInDims, PairSource,
};
