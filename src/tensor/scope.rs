//! Read the data, bind its size, run code over the tensor: the form a loader takes.
//!
//! A function cannot return a tensor whose shape holds a size it bound: the size's brand lives
//! only as long as the binding, so rustc refuses the return (E0106 on the return type, then
//! E0515 at the `bind!`). It hands the tensor to a closure instead, one that accepts every
//! brand (`for<'id>`, which a closure passed straight to the function gets without being
//! written), and returns what the closure returns. That result cannot hold the brand, so what
//! leaves is a value of its own: a reduction over the run-time axis (a fixed-shape
//! [`Tensor`](super::Tensor)), a number, a `Vec`.

use super::{ShapeError, TensorBase, TensorRef};
use crate::shape::{Cons, Dim, Dyn, Nil};

/// The shape `[Name, C]` of rows of width `C` counted at run time.
type Rows<'id, Name, const C: usize> = Cons<Dyn<'id, Name>, Cons<Dim<C>, Nil>>;

/// The shape `[rows, C]`, if its element count fits in `usize` (it can only overflow for
/// rows of a zero-sized type).
fn rows_shape<Name, const C: usize>(rows: Dyn<'_, Name>) -> Result<Rows<'_, Name, C>, ShapeError> {
    let dims = [rows.get(), C];
    crate::dynamic::element_count(&dims).ok_or_else(|| ShapeError::too_many_elements(&dims))?;
    Ok(Cons { head: rows, tail: Cons { head: Dim, tail: Nil } })
}

impl<'a, T> TensorBase<&'a [T], Nil> {
    /// Binds the number of `rows` as a run-time size `Name`, and runs `f` over the rows as a
    /// tensor of shape `[Name, C]`, borrowed: the form of code that reads data and then
    /// computes over it. Returns what `f` returns, which cannot hold the binding (reduce the
    /// run-time axis away, or copy the elements out); an error only if the element count
    /// overflows `usize`.
    ///
    /// Name the size in the closure's argument; `'id`, the binding, is left out there:
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    ///
    /// let rows: Vec<[f32; 4]> = vec![[1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0]];
    /// let mean = TensorRef::with_rows(&rows, |x: TensorRef<f32, shape![Samples, 4]>| {
    ///     let n = x.shape().extents()[0] as f32;
    ///     x.sum_axes::<axes![0]>() / n // Tensor<f32, shape![4]>: the size does not leave
    /// })?;
    /// assert_eq!(mean.as_slice(), [2.0, 3.0, 4.0, 5.0]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// Flat data of a known width splits into rows with the standard library's `as_chunks`
    /// (what is left over is not a whole row, and is yours to refuse):
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Pixels;
    /// let flat = [0u8, 255, 0, 10, 20, 30, 40, 50, 60];
    /// let (rows, rest) = flat.as_chunks::<3>();
    /// assert!(rest.is_empty());
    /// let red = TensorRef::with_rows(rows, |px: TensorRef<u8, shape![Pixels, 3]>| px.max_axes::<axes![0]>())?;
    /// assert_eq!(red.map(|t| t.as_slice()[0]), Some(40));
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// A loader of your own takes the same form: bind, check, hand the tensor over.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    ///
    /// /// Parses "a,b,c,d" lines and runs `f` over them as `[Samples, 4]`.
    /// fn with_csv<R>(
    ///     text: &str,
    ///     f: impl for<'id> FnOnce(TensorRef<'_, f64, shape![Samples<'id>, 4]>) -> R,
    /// ) -> Result<R, Box<dyn std::error::Error>> {
    ///     let mut data = Vec::new();
    ///     for field in text.lines().flat_map(|line| line.split(',')) {
    ///         data.push(field.trim().parse::<f64>()?);
    ///     }
    ///     bind!(let samples: Samples = data.len() / 4);
    ///     let x = TensorRef::from_shape(dims![samples, 4], &data)?; // refuses a short last line
    ///     Ok(f(x))
    /// }
    ///
    /// let peak = with_csv("1,2,3,4\n5,6,7,8", |x| x.max_axes::<axes![0]>())?;
    /// assert_eq!(peak.map(|t| t.as_slice().to_vec()), Some(vec![5.0, 6.0, 7.0, 8.0]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The tensor itself cannot leave: its shape holds the binding.
    ///
    /// ```compile_fail
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// let rows = vec![[1.0f32; 4]; 3];
    /// let x = TensorRef::with_rows(&rows, |x: TensorRef<f32, shape![Samples, 4]>| x);
    /// ```
    pub fn with_rows<Name, R, const C: usize>(
        rows: &'a [[T; C]],
        f: impl for<'id> FnOnce(TensorRef<'a, T, Rows<'id, Name, C>>) -> R,
    ) -> Result<R, ShapeError> {
        crate::bind!(let count: Name = rows.len());
        let shape = rows_shape(count)?;
        Ok(f(TensorBase::from_parts(rows.as_flattened(), shape)))
    }
}

#[cfg(feature = "alloc")]
impl<T> TensorBase<alloc::boxed::Box<[T]>, Nil> {
    /// [`TensorRef::with_rows`](TensorBase::with_rows), taking the rows: runs `f` over them as
    /// a `BoxedTensor` of shape `[Name, C]`, without copying them.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Batch;
    ///
    /// let rows: Vec<[i32; 3]> = (0..4).map(|i| [i, 10 * i, 100 * i]).collect();
    /// let totals = BoxedTensor::with_rows(rows, |x: BoxedTensor<i32, shape![Batch, 3]>| {
    ///     let shifted = x - 1; // BoxedTensor<i32, shape![Batch, 3]>
    ///     shifted.sum_axes::<axes![0]>()
    /// })?;
    /// assert_eq!(totals.as_slice(), [2, 56, 596]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn with_rows<Name, R, const C: usize>(
        rows: alloc::vec::Vec<[T; C]>,
        f: impl for<'id> FnOnce(super::BoxedTensor<T, Rows<'id, Name, C>>) -> R,
    ) -> Result<R, ShapeError> {
        crate::bind!(let count: Name = rows.len());
        let shape = rows_shape(count)?;
        Ok(f(TensorBase::from_parts(rows.into_flattened().into_boxed_slice(), shape)))
    }
}
