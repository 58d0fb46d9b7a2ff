//! The output of `zip_with_into` and `matmul_into`, whose shape the method computes: a mutable
//! tensor of the result's shape, compared with it on the two shapes' sizes.
//!
//! The output's shape is inferred from the result's when it is not written out
//! (`&mut TensorMut::new(&mut data)?`), and checked when it is. Both checks wait for the
//! output's storage type `D`, known once the output argument is read (each trait has a second
//! impl, for [`NoData`], that keeps it ambiguous until then): a written shape is then compared,
//! not inferred as the result's first and found to differ as two type-level lists.

use core::marker::PhantomData;

use crate::shape::AnyShape;
use crate::shape::sealed::Proof;
use crate::tensor::DataMut;
use crate::typelevel::Checked;

/// Never a tensor's storage: the second impl of [`ResultSizes`] and [`WritesInto`], so that
/// neither is chosen before the output's storage type is known.
#[doc(hidden)]
pub enum NoData {}

/// The sizes of an output's shape, `T` (a tuple, `(Dim<2>, Dim<3>)`, which is how an error names
/// them): the `Self` of [`ResultSizes`], so that rustc points at the output when they are not
/// the result's.
pub struct OutputSizes<T>(PhantomData<T>);

/// The output's sizes `Self` are the result's `R`, for an output stored in `D`.
///
/// Sealed: only the crate's [`OutputSizes`] implements it.
///
/// ```compile_fail,E0277
/// struct Mine;
/// impl shapecast::tensor::ResultSizes<(), ()> for Mine {
///     type Proof = ();
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "the output's shape is not the result's shape: the output has `{Self}`, the result has the sizes `{R}`",
    label = "an output of the result's shape is needed here",
    note = "`zip_with_into` and `matmul_into` write every element of their result into an output of exactly its shape: NumPy's broadcast of the operands' shapes for `zip_with_into`, `[…, M, N]` of `[…, M, K]` times `[…, K, N]` for `matmul_into`"
)]
pub trait ResultSizes<R, D>: sealed::OutputCheck<R, D> {
    /// `()`: computed, the sizes are checked.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<X, D: DataMut> ResultSizes<X, D> for OutputSizes<X> {
    type Proof = ();
}
#[diagnostic::do_not_recommend]
impl<X> ResultSizes<X, NoData> for OutputSizes<X> {
    type Proof = ();
}

/// The result's shape `R`, once the output's sizes are its own ([`ResultSizes`]): when they
/// differ, this type is an error, and [`WritesInto`] of it is not reported again.
pub type OutputShape<R, O, D> =
    Checked<R, <OutputSizes<<O as AnyShape>::Sizes> as ResultSizes<<R as AnyShape>::Sizes, D>>::Proof>;

/// The result's shape `Self` is the output's `O`, stored in `D`: what infers an output's shape
/// that is not written out.
///
/// Sealed: the crate implements it, of each type and itself, and no other crate can.
///
/// ```compile_fail,E0277
/// struct Mine;
/// impl shapecast::tensor::WritesInto<(), ()> for Mine {}
/// ```
pub trait WritesInto<O, D>: sealed::OutputCheck<O, D> {}
impl<X, D: DataMut> WritesInto<X, D> for X {}
impl<X> WritesInto<X, NoData> for X {}

mod sealed {
    use super::{DataMut, NoData, OutputSizes};

    /// What seals [`ResultSizes`](super::ResultSizes) and [`WritesInto`](super::WritesInto):
    /// the checks `zip_with_into` and `matmul_into` make of their output are the crate's own.
    #[diagnostic::on_unimplemented(
        message = "`ResultSizes` and `WritesInto` are shapecast's own: `{Self}` cannot implement them",
        label = "not a type shapecast implements these checks for",
        note = "they are the checks `zip_with_into` and `matmul_into` make of their output (its shape is the result's), implemented by shapecast for every shape; no other type needs them, and their bounds on those methods are met by any output of the result's shape"
    )]
    pub trait OutputCheck<R, D> {}
    // Bound as the two traits' impls are, so that an impl of another crate's would overlap one
    // of the crate's; reported as this trait, not as the storage type's bound.
    #[diagnostic::do_not_recommend]
    impl<X, D: OutputData> OutputCheck<X, D> for OutputSizes<X> {}
    #[diagnostic::do_not_recommend]
    impl<X, D: OutputData> OutputCheck<X, D> for X {}

    /// An output's storage, or [`NoData`] while it is not known yet.
    pub trait OutputData {}
    impl<D: DataMut> OutputData for D {}
    impl OutputData for NoData {}
}

/// The output's shape `out` as the result's `R`, the same sizes (what [`ResultSizes`] proved of
/// their types).
#[shapecast_macros::hot]
pub(crate) fn as_result<R: AnyShape>(out: &impl AnyShape) -> R {
    let mut dims = [0; shapecast_rules::MAX_RANK];
    R::from_extents(crate::shape::extents_in(out, &mut dims), Proof::new())
}
