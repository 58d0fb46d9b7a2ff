//! [`StridedView`]: a tensor's elements seen in another order or a part of them, without a copy.

use crate::hot;
use core::marker::PhantomData;

use crate::expr::{Lazy, Shared, StridedLeaf};
use crate::shape::{AnyShape, StrideList};
use crate::tensor::{Data, Home, HomeOf, New, Owned, OwnedData, TensorBase};
use shapecast_rules::MAX_RANK;

/// A view of a tensor's elements in a shape `S` with a stride per axis: what
/// [`permute`](crate::TensorBase::permute), [`swap_axes`](crate::TensorBase::swap_axes),
/// [`narrow`](crate::TensorBase::narrow) and [`index_axis`](crate::TensorBase::index_axis) give
/// when the result is not a row-major run of the data. Nothing is copied: every expression
/// reads it in place (`view.lazy()`, `&view` as an operand), and so do products
/// ([`matmul`](Self::matmul)); [`to_tensor`](Self::to_tensor) copies it into a new tensor.
/// `H` is where a tensor computed from it goes (on the heap for a view of a `BoxedTensor`).
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
    /// The elements, from the view's first one.
    data: &'a [T],
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
        StridedView { data, shape, strides: S::Strides::from_strides(strides), home: PhantomData }
    }

    /// The shape of the view.
    #[hot]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The stride of each axis: how many elements of the data apart two neighbours on it are.
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

    /// The elements, from the view's first one (as far as the data goes).
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
        self.data.get(index.iter().zip(&steps).map(|(&i, &s)| i * s).sum::<usize>())
    }

    /// The view as an operand of an expression.
    #[hot]
    pub(crate) fn leaf(&self) -> StridedLeaf<'a, T, S, H> {
        StridedLeaf::new(self.data, self.shape, self.strides)
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
    /// every size is fixed and the source was not boxed). A large transpose (the last axis
    /// strided, another contiguous) is copied in tiles of 32 × 32, so that both sides stay in
    /// cache.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<u8, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(x.permute::<perm![1, 0]>().to_tensor().as_slice(), [1, 4, 2, 5, 3, 6]);
    /// ```
    #[inline]
    pub fn to_tensor(&self) -> Owned<T, S, H>
    where
        New<S, H>: OwnedData<T, S>,
    {
        let (dims, steps) = self.layout();
        let len = self.shape.element_count();
        if let (Some(first), Some(inner)) =
            (self.data.first(), tiled_axis(&dims[..S::RANK], &steps[..S::RANK], len))
        {
            let mut data = <New<S, H> as OwnedData<T, S>>::from_fn(len, |_| *first);
            {
                use crate::tensor::DataMut as _;
                transpose_tiles(self.data, data.slice_mut(), (&dims[..S::RANK], &steps[..S::RANK]), inner);
            }
            return TensorBase::from_parts(data, self.shape);
        }
        self.lazy().eval()
    }
}

/// Below this many elements a view is copied by the pass, element by element.
const TILED_FROM: usize = 1 << 14;

/// The side of a tile: 8 rows of the source and 8 of the output, so that with rows a power of
/// two apart (whose lines all fall in one set of the first-level cache) a tile's lines still
/// fit that set's ways, and stay in cache while the tile is read.
const TILE: usize = 8;

/// The side of a block of tiles (see `transpose_tiles`).
const BLOCK_OF_TILES: usize = 64;

/// The axis along which the view is contiguous (stride 1, not the last, size above 1), where
/// its last axis is not and the view is large enough to tile: the two axes a copy tiles.
fn tiled_axis(dims: &[usize], steps: &[usize], len: usize) -> Option<usize> {
    let last = dims.len().checked_sub(1)?;
    if len < TILED_FROM || steps[last] == 1 || dims[last] < TILE {
        return None;
    }
    (0..last).find(|&a| steps[a] == 1 && dims[a] >= TILE)
}

/// `out` (row-major, sizes `dims`) = the view of `data` with strides `steps`, in tiles over the
/// contiguous axis `inner` and the last axis, every other index in row-major order.
fn transpose_tiles<T: Copy>(data: &[T], out: &mut [T], (dims, steps): (&[usize], &[usize]), inner: usize) {
    let rank = dims.len();
    let last = rank - 1;
    let out_steps = shapecast_rules::row_major_strides(dims);
    let (n_i, n_j) = (dims[inner], dims[last]);
    let (src_j, out_i) = (steps[last], out_steps[inner]);
    // Every index of the axes other than `inner` and `last`, by an odometer.
    let mut index = [0usize; MAX_RANK];
    loop {
        let (mut src, mut dst) = (0, 0);
        for k in 0..rank {
            src += index[k] * steps[k];
            dst += index[k] * out_steps[k];
        }
        // Tiles within blocks of tiles, so that the pages a block reads and writes stay in the
        // address translation cache while it is copied.
        for bi in (0..n_i).step_by(BLOCK_OF_TILES) {
            for bj in (0..n_j).step_by(BLOCK_OF_TILES) {
                for i0 in (bi..(bi + BLOCK_OF_TILES).min(n_i)).step_by(TILE) {
                    for j0 in (bj..(bj + BLOCK_OF_TILES).min(n_j)).step_by(TILE) {
                        let tj = TILE.min(n_j - j0);
                        for i in i0..(i0 + TILE).min(n_i) {
                            // A row of the output's tile, written in order; its elements read
                            // down the source's tile (whose lines stay in cache from one row
                            // to the next).
                            let row = &mut out[dst + i * out_i + j0..][..tj];
                            let from = data[src + i + j0 * src_j..].iter().step_by(src_j);
                            for (o, x) in row.iter_mut().zip(from) {
                                *o = *x;
                            }
                        }
                    }
                }
            }
        }
        let mut k = rank;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            if k == inner || k == last {
                continue;
            }
            index[k] += 1;
            if index[k] < dims[k] {
                break;
            }
            index[k] = 0;
        }
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
        crate::tensor::debug::nested_strided(f, self.data, &dims[..S::RANK], &steps[..S::RANK])
    }
}
