//! Fixed or run-time: what each size is, and so which pair rule applies where two sizes meet.

use crate::tensor::{ByShape, Home};

/// A size known at compile time: [`Dim`](crate::shape::Dim) or [`Big`](crate::shape::Big).
pub struct Fixed;

/// A size bound at run time: [`Dyn`](crate::shape::Dyn).
pub struct Runtime;

/// What a kind decides beyond the pair rule: where a new tensor goes.
pub trait Kind {
    /// The [`Home`] of a tensor of a shape of this kind whose storage has the home `H`. A box
    /// of a fixed shape was chosen (for size), so new tensors stay on the heap; a box of a shape
    /// with run-time sizes was needed by that shape, so new tensors follow their own shapes
    /// (reducing every run-time axis gives an inline tensor).
    type Home<H: Home>: Home;
}
impl Kind for Fixed {
    type Home<H: Home> = H;
}
impl Kind for Runtime {
    type Home<H: Home> = ByShape;
}

/// `Fixed` only if both are: the kind of a shape is `Fixed` when every size is.
pub trait Join<Other> {
    /// The joined kind.
    type Output: Kind;
}
impl Join<Fixed> for Fixed {
    type Output = Fixed;
}
impl Join<Runtime> for Fixed {
    type Output = Runtime;
}
impl<K> Join<K> for Runtime {
    type Output = Runtime;
}
