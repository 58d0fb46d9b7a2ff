//! Tensors whose shape is a type: owned ([`Tensor`]), borrowed ([`TensorRef`], [`TensorMut`]),
//! and, with the `alloc` feature, boxed (`BoxedTensor`). Every operation lives once, on the
//! [`Operand`] trait that all of them implement.

mod assign;
mod borrowed;
#[cfg(feature = "alloc")]
mod boxed;
mod debug;
mod operand;
mod ops;
mod owned;
mod view;

pub use borrowed::{TensorMut, TensorRef};
#[cfg(feature = "alloc")]
pub use boxed::BoxedTensor;
pub use operand::Operand;
pub use owned::Tensor;
pub use view::{BroadcastView, Iter};

/// The error of a tensor constructor: a slice whose length is not the shape's element count.
///
/// It is the crate's one error type, [`BroadcastError`](crate::dynamic::BroadcastError), with
/// [`ErrorKind::WrongLength`](crate::dynamic::ErrorKind::WrongLength):
///
/// ```
/// use shapecast::prelude::*;
///
/// let err = Tensor::<f32, shape![2, 3]>::from_slice(&[1.0; 5]).unwrap_err();
/// assert_eq!(err.to_string(), "invalid data for shape [2, 3]: the slice holds 5 elements but its shape has 6");
/// ```
pub type ShapeError = crate::dynamic::BroadcastError;

/// The error for a slice of the wrong length for shape `S`.
fn wrong_length<S: crate::Shape>(found: usize) -> ShapeError {
    use crate::dynamic::{Form, Slot};
    ShapeError::wrong_length(Form::Shape, (S::DIMS, &[]), Slot::Operand(0), S::LEN, found)
}

/// The flat row-major offset of `index` in shape `dims`, if `index` is inside it.
fn offset(dims: &[usize], index: &[usize]) -> Option<usize> {
    if index.len() != dims.len() {
        return None;
    }
    index.iter().zip(dims).try_fold(0usize, |acc, (&i, &d)| (i < d).then(|| acc * d + i))
}
