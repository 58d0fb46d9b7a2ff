//! Tensors from arrays: nested arrays read as axes (`From`), and a flat array into a fixed
//! shape of the same element count (`from_array`), both with nothing to check at run time.
//!
//! An array's length is a type, so both conversions are decided at compile time. An array of
//! arrays could be read two ways, as a shape `[16, 3]` of numbers or as a shape `[16]` whose
//! elements are arrays; `From` reads it the first way only, by asking of the elements that they
//! be [`Element`]s, which no array is.

use generic_array::{GenericArray, IntoArrayLength};
use shapecast_macros::hot;
use typenum::Const;

use super::{Inline, Tensor, TensorBase, TensorMut, TensorRef};
use crate::shape::{Cons, Dim, Nil, Shape, SizeTuple};

/// A type that `From` reads as one element of a tensor: anything but an array, so that nested
/// arrays are read as axes (`&[[i32; 3]; 16]` is a `[16, 3]` tensor of `i32`, with no other
/// reading). Implemented for the numbers, `bool`, `char`, and a few wrappers of the standard
/// library; implement it for an element type of your own (it has no methods).
///
/// ```
/// use shapecast::prelude::*;
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Cents(i64);
/// impl shapecast::tensor::Element for Cents {}
/// let prices = TensorRef::from(&[Cents(150), Cents(275)]);
/// assert_eq!(prices.get(&[1]), Some(&Cents(275)));
/// ```
///
/// Any element type works with [`from_array`](TensorBase::from_array), which names the shape.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not read as one element of a tensor by `From`",
    label = "not an `Element`",
    note = "`From` reads nested arrays as axes (`&[[i32; 3]; 16]` is a `[16, 3]` tensor of `i32`), up to three levels; an array is never an element",
    note = "for an element type of your own, `impl shapecast::tensor::Element for MyType {{}}`; for any element type, name the shape: `Tensor::<T, shape![…]>::from_array(array)`"
)]
pub trait Element {}

macro_rules! elements {
    ($($t:ty),* $(,)?) => { $(impl Element for $t {})* };
}
elements!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, char, ());
impl<T> Element for Option<T> {}
impl<T> Element for core::num::Wrapping<T> {}
impl<T> Element for core::num::Saturating<T> {}
impl<T> Element for core::cmp::Reverse<T> {}
impl<T: ?Sized> Element for &T {}

/// The shape `Self` holds exactly `N` elements, a fact of the types: what lets a flat array of
/// `N` elements become a tensor of shape `Self` with nothing to check at run time.
///
/// ```
/// use shapecast::prelude::*;
/// use shapecast::tensor::HoldsArray;
/// static_assertions::assert_impl_all!(shape![16, 3]: HoldsArray<48>);
/// static_assertions::assert_not_impl_any!(shape![16, 3]: HoldsArray<47>);
/// ```
#[diagnostic::on_unimplemented(
    message = "an array of {N} elements does not fill the tensor's shape: its length must be the product of the sizes",
    label = "the shape's element count is not the array's length",
    note = "`from_array` needs an array exactly as long as the product of the shape's sizes (and a length typenum has a number for: up to 1024, powers of two, …); for data whose length is known only at run time, use `new` or `from_slice`, which check it"
)]
pub trait HoldsArray<const N: usize>: Shape {
    /// The array as the inline storage of this shape.
    #[doc(hidden)]
    fn storage<T>(data: [T; N]) -> GenericArray<T, Self::Len>;
}

#[diagnostic::do_not_recommend]
impl<S: Shape, const N: usize> HoldsArray<N> for S
where
    Const<N>: IntoArrayLength<ArrayLength = S::Len>,
{
    #[hot]
    fn storage<T>(data: [T; N]) -> GenericArray<T, S::Len> {
        GenericArray::from_array(data)
    }
}

/// The sizes `Self` of a shape (`(Dim<16>, Dim<3>)`, the sizes of [`AnyShape`](crate::AnyShape) as a tuple)
/// hold exactly `N` elements: [`HoldsArray`] of the shape, checked on its sizes, so that an error
/// names them, not the shape's type-level list. What `from_array` requires; a shape that
/// [`HoldsArray`] meets it, generic ones too.
#[diagnostic::on_unimplemented(
    message = "an array of {N} elements does not fill the tensor's shape, of the sizes `{Self}`: its length must be the product of the sizes",
    label = "the shape's element count is not the array's length",
    note = "`from_array` needs an array exactly as long as the product of the shape's sizes (and a length typenum has a number for: up to 1024, powers of two, …); for data whose length is known only at run time, use `new` or `from_slice`, which check it"
)]
pub trait FillsWith<const N: usize>: SizeTuple<Shape: HoldsArray<N>> {}
#[diagnostic::do_not_recommend]
impl<Z: SizeTuple<Shape: HoldsArray<N>>, const N: usize> FillsWith<N> for Z {}

impl<T, S: Shape> Tensor<T, S> {
    /// A flat array, row-major, as a tensor of shape `S`: the counts must be equal, which is
    /// checked at compile time, so nothing can fail.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let samples: [i32; 6] = [1, 2, 3, 4, 5, 6];
    /// let t = Tensor::<i32, shape![2, 3]>::from_array(samples);
    /// assert_eq!(t.get(&[1, 0]), Some(&4));
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from_array([0; 5]);
    /// ```
    #[hot]
    pub fn from_array<const N: usize>(data: [T; N]) -> Self
    where
        S::Sizes: FillsWith<N>,
    {
        TensorBase::from_parts(Inline(S::storage(data)), S::default())
    }
}

impl<'a, T, S: Shape> TensorRef<'a, T, S> {
    /// Borrows a flat array, row-major, as a tensor of shape `S`: the counts must be equal,
    /// which is checked at compile time, so nothing can fail.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let readings = [0i32; 48]; // 16 samples of 3 axes, flat
    /// let t = TensorRef::<i32, shape![16, 3]>::from_array(&readings);
    /// assert_eq!(t.sum_axes::<axes![0]>().as_slice(), [0, 0, 0]);
    /// ```
    #[hot]
    pub fn from_array<const N: usize>(data: &'a [T; N]) -> Self
    where
        S::Sizes: FillsWith<N>,
    {
        TensorBase::from_parts(data.as_slice(), S::default())
    }
}

impl<'a, T, S: Shape> TensorMut<'a, T, S> {
    /// Borrows a flat array mutably, row-major, as a tensor of shape `S`: the counts must be
    /// equal, which is checked at compile time.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let mut out = [0i32; 6];
    /// Tensor::<i32, shape![3]>::from([1, 2, 3])
    ///     .broadcast_to_into(&mut TensorMut::<i32, shape![2, 3]>::from_array(&mut out));
    /// assert_eq!(out, [1, 2, 3, 1, 2, 3]);
    /// ```
    #[hot]
    pub fn from_array<const N: usize>(data: &'a mut [T; N]) -> Self
    where
        S::Sizes: FillsWith<N>,
    {
        TensorBase::from_parts(data.as_mut_slice(), S::default())
    }
}

impl<'a, T: Element, const N: usize> From<&'a [T; N]> for TensorBase<&'a [T], Cons<Dim<N>, Nil>>
where
    Cons<Dim<N>, Nil>: Shape,
{
    /// Borrows an array whose length is the shape's: nothing to check.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::from(&[1, 2, 3]);
    /// assert_eq!(t.get(&[2]), Some(&3));
    /// ```
    fn from(data: &'a [T; N]) -> Self {
        TensorBase::from_parts(data, Default::default())
    }
}

impl<'a, T: Element, const M: usize, const N: usize> From<&'a [[T; N]; M]>
    for TensorBase<&'a [T], Cons<Dim<M>, Cons<Dim<N>, Nil>>>
where
    Cons<Dim<M>, Cons<Dim<N>, Nil>>: Shape,
{
    /// Borrows nested arrays, row-major, whose sizes are the shape's: nothing to check.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::from(&[[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(t.get(&[1, 0]), Some(&4));
    /// ```
    fn from(rows: &'a [[T; N]; M]) -> Self {
        TensorBase::from_parts(rows.as_flattened(), Default::default())
    }
}

impl<'a, T: Element, const L: usize, const M: usize, const N: usize> From<&'a [[[T; N]; M]; L]>
    for TensorBase<&'a [T], Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>>
where
    Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>: Shape,
{
    /// Borrows nested arrays, row-major, whose sizes are the shape's: nothing to check.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = TensorRef::from(&[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]);
    /// assert_eq!(t.get(&[1, 0, 1]), Some(&6));
    /// ```
    fn from(planes: &'a [[[T; N]; M]; L]) -> Self {
        TensorBase::from_parts(planes.as_flattened().as_flattened(), Default::default())
    }
}

impl<'a, T: Element, const N: usize> From<&'a mut [T; N]> for TensorBase<&'a mut [T], Cons<Dim<N>, Nil>>
where
    Cons<Dim<N>, Nil>: Shape,
{
    /// Borrows an array whose length is the shape's, to write into: nothing to check at run
    /// time, and an `_into` output of the wrong size is a compile error.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let m = Tensor::<i32, shape![2, 3]>::from([[1, 9, 3], [4, 5, 6]]);
    /// let mut cols = [0; 3];
    /// m.sum_axes_into::<axes![0]>(&mut TensorMut::from(&mut cols));
    /// assert_eq!(cols, [5, 14, 9]);
    /// ```
    fn from(data: &'a mut [T; N]) -> Self {
        TensorBase::from_parts(data, Default::default())
    }
}

impl<'a, T: Element, const M: usize, const N: usize> From<&'a mut [[T; N]; M]>
    for TensorBase<&'a mut [T], Cons<Dim<M>, Cons<Dim<N>, Nil>>>
where
    Cons<Dim<M>, Cons<Dim<N>, Nil>>: Shape,
{
    /// Borrows nested arrays, row-major, to write into: nothing to check at run time.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let mut out = [[0; 3]; 2];
    /// v.broadcast_to_into(&mut TensorMut::from(&mut out));
    /// assert_eq!(out, [[1, 2, 3], [1, 2, 3]]);
    /// ```
    fn from(rows: &'a mut [[T; N]; M]) -> Self {
        TensorBase::from_parts(rows.as_flattened_mut(), Default::default())
    }
}

impl<T: Element, const N: usize> From<[T; N]> for Tensor<T, Cons<Dim<N>, Nil>>
where
    Cons<Dim<N>, Nil>: Shape,
{
    /// From an array (sizes in typenum's table: up to 1024, and some larger ones).
    fn from(rows: [T; N]) -> Self {
        TensorBase::from_parts(Inline(GenericArray::from_iter(rows)), Default::default())
    }
}

impl<T: Element, const M: usize, const N: usize> From<[[T; N]; M]>
    for Tensor<T, Cons<Dim<M>, Cons<Dim<N>, Nil>>>
where
    Cons<Dim<M>, Cons<Dim<N>, Nil>>: Shape,
{
    /// From nested arrays, row-major (sizes in typenum's table, as for one array).
    fn from(rows: [[T; N]; M]) -> Self {
        TensorBase::from_parts(
            Inline(GenericArray::from_iter(rows.into_iter().flatten())),
            Default::default(),
        )
    }
}

impl<T: Element, const L: usize, const M: usize, const N: usize> From<[[[T; N]; M]; L]>
    for Tensor<T, Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>>
where
    Cons<Dim<L>, Cons<Dim<M>, Cons<Dim<N>, Nil>>>: Shape,
{
    /// From nested arrays, row-major (sizes in typenum's table, as for one array).
    fn from(planes: [[[T; N]; M]; L]) -> Self {
        let data = GenericArray::from_iter(planes.into_iter().flatten().flatten());
        TensorBase::from_parts(Inline(data), Default::default())
    }
}
