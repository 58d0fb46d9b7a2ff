//! `DynShape`: a shape (or axis list) of up to [`MAX_RANK`] entries, stored inline.

use core::fmt;
use core::ops::Deref;

/// The most axes a shape may have: NumPy 2's limit.
pub const MAX_RANK: usize = 64;

/// A list of at most [`MAX_RANK`] sizes (or axis positions), stored inline: no heap.
///
/// It derefs to `[usize]`, prints as `[2, 3]`, and compares with slices and arrays.
///
/// ```
/// use shapecast_rules::DynShape;
///
/// let s = DynShape::new(&[2, 3])?;
/// assert_eq!(s.rank(), 2);
/// assert_eq!(*s, [2, 3]);
/// assert_eq!(s.to_string(), "[2, 3]");
/// assert_eq!(
///     DynShape::new(&[1; 65]).unwrap_err().to_string(),
///     "invalid shape: the shape has 65 entries; at most 64 axes are supported"
/// );
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DynShape {
    rank: u8,
    pub(crate) dims: [usize; MAX_RANK],
}

impl DynShape {
    /// The rank-0 shape `[]` (a scalar).
    ///
    /// ```
    /// let s = shapecast_rules::DynShape::scalar();
    /// assert_eq!((s.rank(), s.element_count()), (0, Some(1)));
    /// ```
    pub const fn scalar() -> Self {
        DynShape { rank: 0, dims: [0; MAX_RANK] }
    }

    /// Copies `dims`, or fails with [`ErrorKind::TooManyAxes`](crate::ErrorKind::TooManyAxes)
    /// if there are more than [`MAX_RANK`].
    ///
    /// ```
    /// use shapecast_rules::DynShape;
    /// assert_eq!(*DynShape::new(&[2, 3])?, [2, 3]);
    /// assert_eq!(
    ///     DynShape::new(&[1; 65]).unwrap_err().to_string(),
    ///     "invalid shape: the shape has 65 entries; at most 64 axes are supported"
    /// );
    /// # Ok::<(), shapecast_rules::BroadcastError>(())
    /// ```
    pub fn new(dims: &[usize]) -> Result<Self, crate::BroadcastError> {
        Self::try_from_slice(dims).ok_or_else(|| {
            crate::BroadcastError::too_many_axes(crate::Form::Shape, crate::Slot::Operand(0), dims)
        })
    }

    /// Copies `dims` if it has at most [`MAX_RANK`] entries.
    ///
    /// ```
    /// use shapecast_rules::DynShape;
    /// assert!(DynShape::try_from_slice(&[4; 64]).is_some());
    /// assert!(DynShape::try_from_slice(&[4; 65]).is_none());
    /// ```
    pub fn try_from_slice(dims: &[usize]) -> Option<Self> {
        let mut shape = Self::scalar();
        shape.dims.get_mut(..dims.len())?.copy_from_slice(dims);
        shape.rank = dims.len() as u8;
        Some(shape)
    }

    /// `n` entries, all equal to `value` (`n` is clamped to [`MAX_RANK`]).
    pub(crate) const fn filled(n: usize, value: usize) -> Self {
        let mut shape = Self::scalar();
        shape.rank = if n < MAX_RANK { n } else { MAX_RANK } as u8;
        let mut i = 0;
        while i < shape.rank as usize {
            shape.dims[i] = value;
            i += 1;
        }
        shape
    }

    /// The entries, as a slice (what `Deref` gives, usable in `const` code).
    ///
    /// ```
    /// const S: shapecast_rules::DynShape = shapecast_rules::numpy_axis_map(2, 3);
    /// const AXES: &[usize] = S.as_slice();
    /// assert_eq!(AXES, [1, 2]);
    /// ```
    #[inline]
    pub const fn as_slice(&self) -> &[usize] {
        self.dims.split_at(self.rank as usize).0
    }

    /// The number of entries (a shape's rank).
    ///
    /// ```
    /// assert_eq!(shapecast_rules::DynShape::new(&[2, 3, 4])?.rank(), 3);
    /// # Ok::<(), shapecast_rules::BroadcastError>(())
    /// ```
    #[inline]
    pub const fn rank(&self) -> usize {
        self.rank as usize
    }

    /// The element count (the product of the sizes; 1 for `[]`), or `None` if it overflows.
    ///
    /// ```
    /// use shapecast_rules::DynShape;
    /// assert_eq!(DynShape::new(&[2, 3, 4])?.element_count(), Some(24));
    /// assert_eq!(DynShape::new(&[usize::MAX, 2])?.element_count(), None);
    /// # Ok::<(), shapecast_rules::BroadcastError>(())
    /// ```
    pub fn element_count(&self) -> Option<usize> {
        element_count(self)
    }

    /// Appends one entry; `false` (and no change) if the list is full.
    pub(crate) const fn push(&mut self, value: usize) -> bool {
        if self.rank as usize >= MAX_RANK {
            return false;
        }
        self.dims[self.rank as usize] = value;
        self.rank += 1;
        true
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [usize] {
        &mut self.dims[..self.rank as usize]
    }
}

/// The element count of `dims` (1 for `[]`, 0 if any size is 0), or `None` if the product of the
/// non-zero sizes overflows `usize`.
///
/// The non-zero product is what must fit, so that every stride of an array of this shape (a
/// product of a suffix of its sizes) is representable too, even when the array is empty.
///
/// ```
/// assert_eq!(shapecast_rules::element_count(&[2, 3]), Some(6));
/// assert_eq!(shapecast_rules::element_count(&[]), Some(1));
/// assert_eq!(shapecast_rules::element_count(&[usize::MAX, 2]), None);
/// ```
pub const fn element_count(dims: &[usize]) -> Option<usize> {
    let (mut nonzero, mut empty, mut i) = (1usize, false, 0);
    while i < dims.len() {
        if dims[i] == 0 {
            empty = true;
        } else {
            let Some(product) = nonzero.checked_mul(dims[i]) else { return None };
            nonzero = product;
        }
        i += 1;
    }
    Some(if empty { 0 } else { nonzero })
}

impl Default for DynShape {
    fn default() -> Self {
        Self::scalar()
    }
}

impl Deref for DynShape {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        &self.dims[..self.rank as usize]
    }
}

impl AsRef<[usize]> for DynShape {
    #[inline]
    fn as_ref(&self) -> &[usize] {
        self
    }
}

impl PartialEq<[usize]> for DynShape {
    fn eq(&self, other: &[usize]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[usize; N]> for DynShape {
    fn eq(&self, other: &[usize; N]) -> bool {
        **self == other[..]
    }
}

impl TryFrom<&[usize]> for DynShape {
    type Error = crate::BroadcastError;
    fn try_from(dims: &[usize]) -> Result<Self, Self::Error> {
        Self::new(dims)
    }
}

/// Writes `[2, 3]`, the way every message of shapecast writes a shape.
pub(crate) fn write_list(f: &mut fmt::Formatter<'_>, list: &[usize]) -> fmt::Result {
    f.write_str("[")?;
    for (i, d) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{d}")?;
    }
    f.write_str("]")
}

impl fmt::Display for DynShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self)
    }
}

impl fmt::Debug for DynShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self)
    }
}

impl DynShape {
    /// `[0, 1, …, n - 1]` (clamped to [`MAX_RANK`] entries).
    pub(crate) const fn identity(n: usize) -> Self {
        let mut shape = Self::filled(n, 0);
        let mut i = 0;
        while i < shape.rank as usize {
            shape.dims[i] = i;
            i += 1;
        }
        shape
    }

    /// Copies the first [`MAX_RANK`] entries of `dims`, dropping the rest.
    pub(crate) const fn truncated(dims: &[usize]) -> Self {
        let mut shape = Self::scalar();
        let mut i = 0;
        while i < dims.len() && shape.push(dims[i]) {
            i += 1;
        }
        shape
    }
}
