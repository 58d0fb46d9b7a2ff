//! The type-level machinery behind the broadcast traits. Outside semver: the names here may
//! change in any release. Each trait documents the equation it encodes.
//!
//! Sizes are [`Dim`](crate::shape::Dim) types, compared through their typenum values with
//! `IsEqual`, whose answer is a type-level bit; small "select" traits then pick the impl for
//! that bit. None of these traits is meant to appear in an error: the public traits in
//! `crate::forms` carry the messages, and their impls are marked
//! `#[diagnostic::do_not_recommend]` so that rustc reports the public trait, not these.

mod axis;
mod digits;
mod dim;
mod keep;
mod kind;
mod lift;
mod list;
mod size_table;
mod splice;
mod zip;

pub use axis::{
    AxesInShape, AxisIn, AxisOfRank, HasAxisAt, InShape, InsertAt, InsertBefore, InsertCheck, InsertWithin,
    Keep, ListLen, ListRank, Rank, RankWithinLimit, Remove, RemoveOnto, RoomInsert, ToAxis, ToRank,
};
pub use dim::{BroadcastsWith, DimBroadcast, DimCommon, PairBroadcast, PairCommon, SameType};
pub use keep::{
    At, AtOr, FewPositions, FewPositionsAt, FewPositionsCount, FitsPositions, FoldCount, Folded, FoldedSizes,
    InsertOnes, NonEmptyAt, NonEmptyFixedSize, NonEmptySize, ProductOf,
};
pub use kind::{ByShape, Fixed, Home, Join, Kind, OnHeap, Runtime};
pub use lift::{Lift, MarkAt, Place, TakeAtMarked, TakeAtUnmarked};
pub use list::{Checked, DimsFree, If, NotLonger, Reverse, ReverseOnto, Same, SameLength, Then};
pub use size_table::{SizeOf, ToSize};
pub use splice::{Ahead, Axis, Distance, Here, InsertSizeAt, InsertSizeAtOr, Next, NextAxis, TakeAt};
pub use zip::{ZipBroadcast, ZipCommon};
