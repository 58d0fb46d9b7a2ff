//! `Debug` for tensors: the shape, then the elements nested by axis.

use core::fmt;

use super::{Data, TensorBase};
use crate::shape::AnyShape;

/// Tensors with more elements than this are summarized (NumPy's `threshold`).
const THRESHOLD: usize = 1000;

/// A summarized axis shows this many entries at each end (NumPy's `edgeitems`).
const EDGE: usize = 3;

/// Writes `data` of shape `dims` as nested lists: `[[1, 2], [3, 4]]`.
///
/// Like NumPy, a large tensor is summarized: when the product of its sizes (a size 0 counted as
/// 1, so that an empty tensor with huge axes is summarized too) exceeds 1000, every axis longer
/// than 6 shows its first 3 and last 3 entries around `...`, and the output stays short
/// whatever the sizes. The alternate flag (`{:#?}`) writes every element; a tensor with no
/// elements has none to hide, so it is summarized even then (its empty rows are not written out
/// one by one: `[50_000_000, 0]` would be 200 MB of `[], `).
///
/// Storage-independent: `data` is the row-major elements, `dims` the shape.
pub(crate) fn nested<T: fmt::Debug>(f: &mut fmt::Formatter<'_>, data: &[T], dims: &[usize]) -> fmt::Result {
    nested_strided(f, data, 0, dims, &shapecast_rules::row_major_strides(dims))
}

/// [`nested`], element `index` of `dims` at `origin + Σ index[k] · strides[k]` of `data`,
/// wrapping (a strided view, whose strides may step back).
pub(crate) fn nested_strided<T: fmt::Debug>(
    f: &mut fmt::Formatter<'_>,
    data: &[T],
    origin: usize,
    dims: &[usize],
    strides: &[usize],
) -> fmt::Result {
    let cells = dims.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d.max(1)));
    let empty = dims.contains(&0);
    let summarize = (!f.alternate() || empty) && cells.is_none_or(|n| n > THRESHOLD);
    write_nested(f, data, origin, (dims, strides), summarize)
}

fn write_nested<T: fmt::Debug>(
    f: &mut fmt::Formatter<'_>,
    data: &[T],
    at: usize,
    (dims, strides): (&[usize], &[usize]),
    summarize: bool,
) -> fmt::Result {
    let (Some((&first, inner)), Some((&step, steps))) = (dims.split_first(), strides.split_first()) else {
        return data.get(at).map_or(Ok(()), |x| x.fmt(f));
    };
    let entry = |f: &mut fmt::Formatter<'_>, i: usize| {
        write_nested(f, data, at.wrapping_add(i.wrapping_mul(step)), (inner, steps), summarize)
    };
    f.write_str("[")?;
    if summarize && first > 2 * EDGE {
        for i in 0..EDGE {
            entry(f, i)?;
            f.write_str(", ")?;
        }
        f.write_str("...")?;
        for i in first - EDGE..first {
            f.write_str(", ")?;
            entry(f, i)?;
        }
    } else {
        for i in 0..first {
            if i > 0 {
                f.write_str(", ")?;
            }
            entry(f, i)?;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `nested` as a `Debug` value.
    struct Nested<'a>(&'a [u32], &'a [usize]);

    impl fmt::Debug for Nested<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            nested(f, self.0, self.1)
        }
    }

    extern crate std;
    use std::{format, vec::Vec};

    #[test]
    fn small_tensors_are_written_whole() {
        let data: Vec<u32> = (0..6).collect();
        assert_eq!(format!("{:?}", Nested(&data, &[2, 3])), "[[0, 1, 2], [3, 4, 5]]");
        assert_eq!(format!("{:?}", Nested(&data[..1], &[])), "0");
        assert_eq!(format!("{:?}", Nested(&[], &[2, 0])), "[[], []]");
        let data: Vec<u32> = (0..1000).collect();
        assert_eq!(format!("{:?}", Nested(&data, &[1000])).matches(", ").count(), 999);
    }

    #[test]
    fn large_tensors_are_summarized_as_numpy_does() {
        let data: Vec<u32> = (0..1001).collect();
        assert_eq!(format!("{:?}", Nested(&data, &[1001])), "[0, 1, 2, ..., 998, 999, 1000]");
        let data: Vec<u32> = (0..2000).collect();
        assert_eq!(
            format!("{:?}", Nested(&data, &[40, 50])),
            "[[0, 1, 2, ..., 47, 48, 49], [50, 51, 52, ..., 97, 98, 99], [100, 101, 102, ..., 147, 148, 149], \
             ..., [1850, 1851, 1852, ..., 1897, 1898, 1899], [1900, 1901, 1902, ..., 1947, 1948, 1949], \
             [1950, 1951, 1952, ..., 1997, 1998, 1999]]"
        );
        // Short axes stay whole: [2, 600] shows both rows.
        let data: Vec<u32> = (0..1200).collect();
        assert_eq!(
            format!("{:?}", Nested(&data, &[2, 600])),
            "[[0, 1, 2, ..., 597, 598, 599], [600, 601, 602, ..., 1197, 1198, 1199]]"
        );
        // The alternate flag writes everything.
        assert_eq!(format!("{:#?}", Nested(&data, &[2, 600])).matches(", ").count(), 1199);
    }

    #[test]
    fn empty_tensors_with_huge_axes_print_briefly() {
        // Once 400 MB of `[], `.
        let out = format!("{:?}", Nested(&[], &[100_000_000, 0]));
        assert_eq!(out, "[[], [], [], ..., [], [], []]");
        let out = format!("{:?}", Nested(&[], &[usize::MAX, 0, usize::MAX]));
        assert_eq!(out, "[[], [], [], ..., [], [], []]");
        let out = format!("{:?}", Nested(&[], &[7, usize::MAX, 0]));
        assert!(out.len() < 200, "{out}");
        let t = crate::Tensor::<u8, crate::shape![100000000, 0]>::splat(1);
        assert_eq!(format!("{t:?}"), "Tensor<[100000000, 0]> [[], [], [], ..., [], [], []]");
        // The alternate flag writes every element, and there are none: as short.
        assert_eq!(format!("{t:#?}"), "Tensor<[100000000, 0]> [[], [], [], ..., [], [], []]");
        assert!(format!("{:#?}", Nested(&[], &[7, usize::MAX, 0])).len() < 200);
    }
}
