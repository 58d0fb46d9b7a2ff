//! Fixed or run-time: what each size is, and so which pair rule applies where two sizes meet.

/// A size known at compile time: [`Dim`](crate::shape::Dim) or [`Big`](crate::shape::Big).
pub struct Fixed;

/// A size bound at run time: [`Dyn`](crate::shape::Dyn).
pub struct Runtime;

/// `Fixed` only if both are: the kind of a shape is `Fixed` when every size is.
pub trait Join<Other> {
    /// The joined kind.
    type Output;
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
