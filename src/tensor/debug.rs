//! `Debug` for tensors: the shape, then the elements nested by axis.

use core::fmt;

use super::{Data, TensorBase};
use crate::shape::AnyShape;

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

impl<D: Data, S: AnyShape> fmt::Debug for TensorBase<D, S>
where
    D::Elem: fmt::Debug,
{
    /// The storage kind and the sizes (a run-time size with its name), then the elements
    /// nested by axis: `Tensor<[2, 2]> [[1, 2], [3, 4]]`, `TensorRef<[Rows = 2, 2]> …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}<", D::NAME)?;
        self.shape().describe(f)?;
        f.write_str("> ")?;
        nested(f, self.as_slice(), &self.shape().extents())
    }
}
