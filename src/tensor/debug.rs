//! `Debug` for tensors: the shape, then the elements nested by axis.

use core::fmt;

use super::{Operand, Tensor, TensorMut, TensorRef};
use crate::shape::Shape;

/// Writes `data` of shape `dims` as nested lists: `[[1, 2], [3, 4]]`.
fn nested<T: fmt::Debug>(f: &mut fmt::Formatter<'_>, data: &[T], dims: &[usize]) -> fmt::Result {
    let Some((&first, inner)) = dims.split_first() else {
        return data.first().map_or(Ok(()), |x| x.fmt(f));
    };
    let step = data.len().checked_div(first).unwrap_or(0);
    f.write_str("[")?;
    for i in 0..first {
        if i > 0 {
            f.write_str(", ")?;
        }
        nested(f, &data[i * step..(i + 1) * step], inner)?;
    }
    f.write_str("]")
}

fn tensor<T: fmt::Debug, S: Shape>(f: &mut fmt::Formatter<'_>, name: &str, data: &[T]) -> fmt::Result {
    write!(f, "{name}<{:?}> ", S::DIMS)?;
    nested(f, data, S::DIMS)
}

impl<T: fmt::Debug, S: Shape> fmt::Debug for Tensor<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tensor::<T, S>(f, "Tensor", self.as_slice())
    }
}

impl<T: fmt::Debug, S: Shape> fmt::Debug for TensorRef<'_, T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tensor::<T, S>(f, "TensorRef", self.as_slice())
    }
}

impl<T: fmt::Debug, S: Shape> fmt::Debug for TensorMut<'_, T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tensor::<T, S>(f, "TensorMut", self.view().as_slice())
    }
}
