//! [`StridedView`]: a tensor's elements seen in another order or a part of them, without a copy.

use core::marker::PhantomData;
use shapecast_macros::hot;

use crate::expr::{Lazy, Shared, StridedLeaf};
use crate::kernel::source::backwards;
use crate::shape::{AnyShape, StrideList};
use crate::tensor::{Data, Home, HomeOf, New, Owned, OwnedData, TensorBase};
use shapecast_rules::MAX_RANK;

/// A view of a tensor's elements in a shape `S` with a stride per axis: what
/// [`permute`](crate::TensorBase::permute), [`swap_axes`](crate::TensorBase::swap_axes),
/// [`narrow`](crate::TensorBase::narrow), [`index_axis`](crate::TensorBase::index_axis) and
/// [`flip`](crate::TensorBase::flip) give when the result is not a row-major run of the data.
/// A stride may step back (a flipped axis, its stride a wrapping negative). Nothing is copied:
/// every expression reads it in place (`view.lazy()`, `&view` as an operand), and so do
/// products ([`matmul`](Self::matmul)); [`to_tensor`](Self::to_tensor) copies it into a new
/// tensor. `H` is where a tensor computed from it goes (on the heap for a view of a
/// `BoxedTensor`).
///
/// ```
/// use shapecast::prelude::*;
///
/// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
/// let t = x.permute::<perm![1, 0]>(); // [3, 2], nothing copied
/// assert_eq!(t.get(&[2, 1]), Some(&6));
/// assert_eq!((t.lazy() * 10).eval().as_slice(), [10, 40, 20, 50, 30, 60]);
/// ```
pub struct StridedView<'a, T, S: AnyShape, H> {
    /// The elements, from the view's first one; or, for a view with a stride that steps back
    /// ([`flip`](Self::flip)), from the first element of its source, which every step stays
    /// within.
    data: &'a [T],
    /// Where in `data` the view's first element (index 0 on every axis) lies: 0 unless a stride
    /// steps back.
    origin: usize,
    shape: S,
    strides: S::Strides,
    home: PhantomData<H>,
}

impl<T, S: AnyShape, H> Clone for StridedView<'_, T, S, H> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: AnyShape, H> Copy for StridedView<'_, T, S, H> {}

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// The view of `data` in `shape` with `strides`: the caller proves that every index of
    /// `shape` lands inside `data` (`Σ index[k] · strides[k] < data.len()`, or `shape` empty).
    #[hot]
    pub(crate) fn from_parts(data: &'a [T], shape: S, strides: &[usize]) -> Self {
        StridedView { data, origin: 0, shape, strides: S::Strides::from_strides(strides), home: PhantomData }
    }

    /// The view of `data` in `shape` with `strides`, some of which may step back (a negative
    /// stride, stored wrapping: `0usize.wrapping_sub(s)`), its first element at `origin`: the
    /// caller proves that every index lands inside `data` (`origin + Σ index[k] · strides[k]`,
    /// wrapping, below `data.len()`), or `shape` empty. A stride that steps back along an axis
    /// of one position or none is never stepped, and is made 0; a view that no stride steps
    /// back through is stored from its first element, as [`from_parts`](Self::from_parts)
    /// stores it.
    pub(crate) fn from_parts_at(data: &'a [T], origin: usize, shape: S, strides: &[usize]) -> Self {
        let (mut dims, mut steps) = ([0; MAX_RANK], [0; MAX_RANK]);
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let steps = &mut steps[..dims.len()];
        steps.copy_from_slice(&strides[..dims.len()]);
        if steps.iter().any(|&s| backwards(s)) {
            let empty = dims.contains(&0);
            for (s, &d) in steps.iter_mut().zip(dims.iter()) {
                if backwards(*s) && (d <= 1 || empty) {
                    *s = 0;
                }
            }
            if empty {
                // Nothing to read: no data either.
                return StridedView::from_parts(&[], shape, steps);
            }
            if steps.iter().any(|&s| backwards(s)) {
                let strides = S::Strides::from_strides(steps);
                return StridedView { data, origin, shape, strides, home: PhantomData };
            }
        }
        StridedView::from_parts(data.get(origin..).unwrap_or(&[]), shape, steps)
    }

    /// The data and first element of a view whose first element lies `by` (wrapping) past
    /// this one's, for [`from_parts_at`](Self::from_parts_at): a view stored from its first
    /// element is stored from the new one, as before.
    #[hot]
    pub(crate) fn moved_by(&self, by: usize) -> (&'a [T], usize) {
        if self.origin == 0 && !self.steps_back() {
            (self.data.get(by..).unwrap_or(&[]), 0)
        } else {
            (self.data, self.origin.wrapping_add(by))
        }
    }

    /// Whether a stride steps back (a view [`flip`](Self::flip)ped along an axis).
    fn steps_back(&self) -> bool {
        let (_, steps) = self.layout();
        steps[..S::RANK].iter().any(|&s| backwards(s))
    }

    /// Where in [`data`](Self::data) the view's first element lies (0 unless a stride steps
    /// back).
    #[hot]
    pub(crate) fn origin(&self) -> usize {
        self.origin
    }

    /// The shape of the view.
    #[hot]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The stride of each axis: how many elements of the data apart two neighbours on it are.
    /// Along an axis a view reads backwards ([`flip`](Self::flip)), the stride is negative,
    /// stored wrapping: `usize::MAX` is −1 (`as isize` reads it).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3, 4]>::splat(0);
    /// assert_eq!(*x.permute::<perm![2, 0, 1]>().strides(), [1, 12, 4]);
    /// ```
    pub fn strides(&self) -> shapecast_rules::DynShape {
        let mut out = [0; MAX_RANK];
        self.strides.write_strides(&mut out);
        shapecast_rules::DynShape::try_from_slice(&out[..S::RANK]).unwrap_or_default()
    }

    /// The sizes and strides, in arrays of [`MAX_RANK`].
    #[hot]
    pub(crate) fn layout(&self) -> ([usize; MAX_RANK], [usize; MAX_RANK]) {
        let (mut dims, mut steps) = ([0; MAX_RANK], [0; MAX_RANK]);
        self.shape.write_extents(&mut dims[..S::RANK]);
        self.strides.write_strides(&mut steps[..S::RANK]);
        (dims, steps)
    }

    /// The elements, from the view's first one (as far as the data goes), or from before it
    /// where a stride steps back: the view's first element is at [`origin`](Self::origin).
    #[hot]
    pub(crate) fn data(&self) -> &'a [T] {
        self.data
    }

    /// The element at a multi-index, or `None` if the index has the wrong rank or is out of
    /// bounds.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let t = x.swap_axes::<0, 1>();
    /// assert_eq!((t.get(&[0, 1]), t.get(&[3, 0]), t.get(&[0])), (Some(&4), None, None));
    /// ```
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        let (dims, steps) = self.layout();
        if index.len() != S::RANK || index.iter().zip(&dims).any(|(&i, &d)| i >= d) {
            return None;
        }
        let offset =
            index.iter().zip(&steps).fold(self.origin, |o, (&i, &s)| o.wrapping_add(i.wrapping_mul(s)));
        self.data.get(offset)
    }

    /// The view as an operand of an expression.
    #[hot]
    pub(crate) fn leaf(&self) -> StridedLeaf<'a, T, S, H> {
        StridedLeaf::new(self.data, self.origin, self.shape, self.strides)
    }
}

impl<'a, T: Copy + Shared, S: AnyShape, H: Home> StridedView<'a, T, S, H> {
    /// The view as the start of an expression, read in place: `v.lazy() * 2.0 + &b`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 2]>::from([[1.0, 2.0], [3.0, 4.0]]);
    /// let sym = (x.lazy() + &x.swap_axes::<0, 1>()).eval(); // x + xᵀ
    /// assert_eq!(sym.as_slice(), [2.0, 5.0, 5.0, 8.0]);
    /// ```
    #[hot]
    pub fn lazy(&self) -> Lazy<StridedLeaf<'a, T, S, H>> {
        Lazy(self.leaf())
    }

    /// The view copied into a new tensor, row-major (the operators' storage rule: inline when
    /// every size is fixed and the source was not boxed). A large transpose is copied in tiles,
    /// as every expression over such a view is evaluated, so that both sides stay in cache.
    /// To copy into a tensor that exists already, with no allocation, `assign` the view to it.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(x.permute::<perm![1, 0]>().to_tensor().as_slice(), [1, 4, 2, 5, 3, 6]);
    ///
    /// let mut out = Tensor::<u8, shape![3, 2]>::default();
    /// out.assign(&x.permute::<perm![1, 0]>()); // the same copy, into `out`
    /// assert_eq!(out.as_slice(), [1, 4, 2, 5, 3, 6]);
    /// ```
    #[inline]
    pub fn to_tensor(&self) -> Owned<T, S, H>
    where
        New<S, H>: OwnedData<T, S>,
    {
        self.lazy().eval()
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The tensor as a strided view of itself (row-major strides).
    #[hot]
    pub(crate) fn strided(&self) -> StridedView<'_, D::Elem, S, HomeOf<D, S>> {
        let mut dims = [0; MAX_RANK];
        self.shape().write_extents(&mut dims[..S::RANK]);
        let strides = shapecast_rules::row_major_strides(&dims[..S::RANK]);
        StridedView::from_parts(self.as_slice(), self.shape(), &strides)
    }
}

impl<T: core::fmt::Debug, S: AnyShape, H> core::fmt::Debug for StridedView<'_, T, S, H> {
    /// The sizes, then the elements nested by axis, as a tensor prints them:
    /// `StridedView<[3, 2]> [[1, 4], [2, 5], [3, 6]]`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("StridedView<")?;
        self.shape.describe(f)?;
        f.write_str("> ")?;
        let (dims, steps) = self.layout();
        crate::tensor::debug::nested_strided(f, self.data, self.origin, &dims[..S::RANK], &steps[..S::RANK])
    }
}
