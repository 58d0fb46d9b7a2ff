//! One position of an axis ([`index_axis`](crate::TensorBase::index_axis), and the iterators
//! over an axis), and a run of positions of run-time length
//! ([`narrow`](crate::TensorBase::narrow)): views.

use shapecast_macros::hot;
use typenum::{Const, ToUInt, U};

use super::Minus;
use super::StridedView;
use super::permute::SetAt;
use crate::expr::IndexError;
use crate::forms::{AnyRemoveAxes, AnyWithoutAxes};
use crate::shape::sealed::{FromExtents as _, Proof};
use crate::shape::{AnyShape, AxisSet, Cons, Dim, Extent, Nil, Number};
use crate::tensor::{Data, HomeOf, TensorBase};
use crate::typelevel::{At, AtOr, Checked, HasAxisAt};
use shapecast_rules::MAX_RANK;

/// The axis set of the one axis `A`.
type One<const A: usize> = AxisSet<Cons<Dim<A>, Nil>>;

/// `S` without its axis `A`.
pub type WithoutAxis<S, const A: usize> = AnyWithoutAxes<S, One<A>>;

/// A view of the tensor `TensorBase<D, S>` in the shape `S2`, or the index that does not fit.
type ViewOr<'a, D, S, S2> = Result<StridedView<'a, <D as Data>::Elem, S2, HomeOf<D, S>>, IndexError>;

/// `S` with the size of its axis `A` replaced by `E`.
pub type Narrowed<S, const A: usize, E> = <S as SetAt<U<A>, E>>::Output;

/// `S` with its axis `A` set to what is left of it past `E` positions: [`Minus`].
pub type Rest<S, const A: usize, E> = <S as SetAt<U<A>, Minus<<S as At<U<A>>>::Output, E>>>::Output;

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// The view at position `i` of axis `A`, without that axis: [`TensorBase::index_axis`].
    pub fn index_axis<const A: usize>(
        &self,
        i: usize,
    ) -> Result<StridedView<'a, T, WithoutAxis<S, A>, H>, IndexError>
    where
        Dim<A>: Number,
        S: AnyRemoveAxes<One<A>>,
    {
        let (dims, steps) = self.layout();
        if i >= dims[A] {
            return Err(IndexError::on_axis(A, i, dims[A]));
        }
        let rest = |list: &[usize; MAX_RANK]| {
            let mut out = [0; MAX_RANK];
            out[..A].copy_from_slice(&list[..A]);
            out[A..S::RANK - 1].copy_from_slice(&list[A + 1..S::RANK]);
            out
        };
        let (d, s) = (rest(&dims), rest(&steps));
        let shape = WithoutAxis::<S, A>::from_extents(&d[..S::RANK - 1], Proof::new());
        // An empty view reads nothing: its data may be empty too.
        let (data, origin) = self.moved_by(i.wrapping_mul(steps[A]));
        Ok(StridedView::from_parts_at(data, origin, shape, &s[..S::RANK - 1]))
    }

    /// The views along axis `A`, in order: [`TensorBase::axis_iter`].
    pub fn axis_iter<const A: usize>(
        self,
    ) -> impl ExactSizeIterator<Item = StridedView<'a, T, WithoutAxis<S, A>, H>>
    where
        Dim<A>: Number,
        S: AnyRemoveAxes<One<A>>,
    {
        let view = self;
        let (dims, _) = self.layout();
        (0..dims[A]).map(move |i| match view.index_axis::<A>(i) {
            Ok(v) => v,
            Err(_) => unreachable!("every position below the axis' size is in range"),
        })
    }

    /// Axis `A` cut after its first `len` positions: [`TensorBase::split_off`].
    #[allow(clippy::type_complexity)]
    pub fn split_off<const A: usize, E: Extent>(
        &self,
        len: E,
    ) -> Result<(StridedView<'a, T, Narrowed<S, A, E>, H>, StridedView<'a, T, Rest<S, A, E>, H>), IndexError>
    where
        Const<A>: ToUInt,
        S: SetAt<U<A>, E> + At<U<A>>,
        S: SetAt<U<A>, Minus<<S as At<U<A>>>::Output, E>>,
        Narrowed<S, A, E>: AnyShape,
        Rest<S, A, E>: AnyShape,
    {
        // (A length past the axis' end is `narrow`'s error.)
        let front = self.narrow::<A, E>(0, len)?;
        let (mut dims, steps) = self.layout();
        let n = len.get();
        dims[A] -= n;
        let shape = Rest::<S, A, E>::from_extents(&dims[..S::RANK], Proof::new());
        let (data, origin) = self.moved_by(n.wrapping_mul(steps[A]));
        Ok((front, StridedView::from_parts_at(data, origin, shape, &steps[..S::RANK])))
    }

    /// The run of `len` positions of axis `A` from `start`: [`TensorBase::narrow`].
    pub fn narrow<const A: usize, E: Extent>(
        &self,
        start: usize,
        len: E,
    ) -> Result<StridedView<'a, T, Narrowed<S, A, E>, H>, IndexError>
    where
        Const<A>: ToUInt,
        S: SetAt<U<A>, E>,
        Narrowed<S, A, E>: AnyShape,
    {
        let (mut dims, steps) = self.layout();
        let size = dims[A];
        let n = len.get();
        match start.checked_add(n) {
            Some(end) if end <= size => {}
            _ => return Err(IndexError::run_on_axis(A, start, n, size)),
        }
        dims[A] = n;
        let shape = Narrowed::<S, A, E>::from_extents(&dims[..S::RANK], Proof::new());
        let (data, origin) = self.moved_by(start.wrapping_mul(steps[A]));
        Ok(StridedView::from_parts_at(data, origin, shape, &steps[..S::RANK]))
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The tensor at position `i` of axis `A`, without that axis (NumPy's `x[:, i]` for
    /// `A = 1`): a view, or an [`IndexError`] if `i` is not below the axis' size.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let zs = Tensor::<f64, shape![3, 2]>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]);
    /// let z1 = zs.index_axis::<0>(1)?; // row 1, a [2] view
    /// assert_eq!(z1.to_tensor().as_slice(), [3.0, 4.0]);
    /// let ys = zs.index_axis::<1>(1)?; // column 1, a [3] view
    /// assert_eq!((ys.lazy() * 2.0).eval().as_slice(), [4.0, 8.0, 12.0]);
    /// assert_eq!(zs.index_axis::<0>(3).unwrap_err().to_string(), "index 3 is out of range for axis 0, of size 3");
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn index_axis<const A: usize>(&self, i: usize) -> ViewOr<'_, D, S, WithoutAxis<S, A>>
    where
        Dim<A>: Number,
        S: AnyRemoveAxes<One<A>>,
    {
        self.strided().index_axis::<A>(i)
    }

    /// The views along axis `A`, one per position, in order (NumPy's iteration over
    /// `np.moveaxis(x, A, 0)`).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let columns: Vec<i32> = x.axis_iter::<1>().map(|c| c.lazy().sum_all()).collect();
    /// assert_eq!(columns, [5, 7, 9]);
    /// ```
    #[inline]
    pub fn axis_iter<const A: usize>(
        &self,
    ) -> impl ExactSizeIterator<Item = StridedView<'_, D::Elem, WithoutAxis<S, A>, HomeOf<D, S>>>
    where
        Dim<A>: Number,
        S: AnyRemoveAxes<One<A>>,
    {
        self.strided().axis_iter::<A>()
    }

    /// `len` positions of axis `A` from `start`, for a length known at run time: a view whose
    /// axis `A` has the size `len` (a `bind!`-ed size, so that it stays typed; or a fixed
    /// size), or an [`IndexError`] if the run passes the axis' end.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Window;
    /// let x = Tensor::<i32, shape![2, 6]>::from([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]);
    /// bind!(let window: Window = 3);
    /// let w = x.narrow::<1, _>(2, window)?; // StridedView of shape [2, Window]
    /// assert_eq!(w.to_tensor().as_slice(), [3, 4, 5, 9, 10, 11]);
    /// assert!(x.narrow::<1, _>(4, window).is_err());
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn narrow<const A: usize, E: Extent>(
        &self,
        start: usize,
        len: E,
    ) -> ViewOr<'_, D, S, Narrowed<S, A, E>>
    where
        Const<A>: ToUInt,
        S: SetAt<U<A>, E>,
        Narrowed<S, A, E>: AnyShape,
    {
        self.strided().narrow::<A, E>(start, len)
    }

    /// Axis `A` cut after its first `len` positions, for a length known at run time (faer's and
    /// Rust's `split_at` with a run-time position): two views, the first of size `len` (a
    /// `bind!`-ed size, or a fixed one) along axis `A`, the second of size [`Minus`]`<N, len>`,
    /// what is left of that axis' size `N`; or an [`IndexError`] if `len` passes the axis' end.
    /// Nothing is copied. For a position fixed while compiling, `split_at::<0, POS>()` gives
    /// contiguous tensors of fixed sizes.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Train;
    /// let x = Tensor::<i32, shape![5, 2]>::from_fn(|i| i as i32);
    /// bind!(let train: Train = 3);
    /// let (fit, test) = x.split_off::<0, _>(train)?; // [Train, 2] and [5-Train, 2]
    /// assert_eq!(fit.to_tensor().as_slice(), [0, 1, 2, 3, 4, 5]);
    /// assert_eq!(test.to_tensor().as_slice(), [6, 7, 8, 9]);
    /// assert!(x.split_off::<1, _>(shapecast::shape::Dim::<3>).is_err()); // axis 1 has 2 positions
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[allow(clippy::type_complexity)]
    #[inline]
    pub fn split_off<const A: usize, E: Extent>(
        &self,
        len: E,
    ) -> Result<
        (
            StridedView<'_, D::Elem, Narrowed<S, A, E>, HomeOf<D, S>>,
            StridedView<'_, D::Elem, Rest<S, A, E>, HomeOf<D, S>>,
        ),
        IndexError,
    >
    where
        Const<A>: ToUInt,
        S: SetAt<U<A>, E> + At<U<A>>,
        S: SetAt<U<A>, Minus<<S as At<U<A>>>::Output, E>>,
        Narrowed<S, A, E>: AnyShape,
        Rest<S, A, E>: AnyShape,
    {
        self.strided().split_off::<A, E>(len)
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The rows (the views along axis 0), in order, each a contiguous [`TensorRef`] of the
    /// remaining axes: row `t` of a `[T, 2]` series is a `[2]` tensor. Each is what
    /// [`row`](Self::row) gives: a row of a boxed tensor keeps its results on the heap.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let zs = Tensor::<f64, shape![3, 2]>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]);
    /// let norms: Vec<f64> = zs.rows().map(|z| (z.lazy() * &z).sum_all()).collect();
    /// assert_eq!(norms, [5.0, 25.0, 61.0]);
    /// ```
    ///
    /// [`TensorRef`]: crate::TensorRef
    #[inline]
    pub fn rows(&self) -> impl ExactSizeIterator<Item = TensorBase<D::View<'_>, WithoutAxis<S, 0>>>
    where
        S: AnyRemoveAxes<One<0>>,
    {
        let (shape, n, len) = row_parts::<S>(&self.shape());
        Rows { tensor: self, at: 0..n, len, shape }
    }

    /// Row `i` (position `i` of axis 0), a contiguous [`TensorRef`] of the remaining axes, or
    /// an [`IndexError`] if `i` is not below the number of rows. As a tensor, not a view, it is
    /// an operand of the operators too (`&z - &hx`). A row of a boxed tensor keeps its results
    /// on the heap, and a row of a `TensorRef<'a>` borrows the data for `'a`, not the
    /// `TensorRef`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let zs = Tensor::<f64, shape![3, 2]>::from([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]);
    /// let hx = Tensor::<f64, shape![2]>::from([0.5, 0.5]);
    /// assert_eq!((&zs.row(1)? - &hx).as_slice(), [2.5, 3.5]);
    /// assert_eq!(zs.row(3).unwrap_err().to_string(), "index 3 is out of range for axis 0, of size 3");
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    ///
    /// [`TensorRef`]: crate::TensorRef
    #[inline]
    pub fn row(&self, i: usize) -> Result<TensorBase<D::View<'_>, WithoutAxis<S, 0>>, IndexError>
    where
        S: AnyRemoveAxes<One<0>>,
    {
        let (shape, n, len) = row_parts::<S>(&self.shape());
        // (Below `n`, `i · len` is at most the element count: no overflow.)
        let row = if i < n { self.part(i * len, len, shape) } else { None };
        row.ok_or(IndexError::on_axis(0, i, n))
    }
}

impl<D: crate::tensor::DataMut, S: AnyShape> TensorBase<D, S> {
    /// The rows as mutable tensors, in order: how a result is built row by row (a filter's
    /// state at each of `T` steps into a `[T, 4]` tensor), with no allocation.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let mut track = Tensor::<f64, shape![3, 2]>::splat(0.0);
    /// for (t, mut row) in track.rows_mut().enumerate() {
    ///     row.as_mut_slice().copy_from_slice(&[t as f64, 1.0]);
    /// }
    /// assert_eq!(track.as_slice(), [0.0, 1.0, 1.0, 1.0, 2.0, 1.0]);
    /// ```
    #[inline]
    pub fn rows_mut(
        &mut self,
    ) -> impl ExactSizeIterator<Item = TensorBase<&'_ mut [D::Elem], WithoutAxis<S, 0>>>
    where
        S: AnyRemoveAxes<One<0>>,
    {
        let (shape, n, len) = row_parts::<S>(&self.shape());
        // `chunks_exact_mut` of 0 would panic: a row of no elements gives `n` empty rows.
        let data = self.as_mut_slice();
        let mut rest: &mut [D::Elem] = data;
        (0..n).map(move |_| {
            let (row, tail) = core::mem::take(&mut rest).split_at_mut(len);
            rest = tail;
            TensorBase::from_parts(row, shape)
        })
    }

    /// Row `i` as a mutable tensor, or an [`IndexError`] if `i` is not below the number of
    /// rows: one step's result written where it goes (the state at step `t` of a filter into
    /// its `[T, 4]` track).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let mut track = Tensor::<f64, shape![3, 2]>::splat(0.0);
    /// track.row_mut(1)?.assign(&Tensor::<f64, shape![2]>::from([7.0, 8.0]));
    /// assert_eq!(track.as_slice(), [0.0, 0.0, 7.0, 8.0, 0.0, 0.0]);
    /// assert!(track.row_mut(3).is_err());
    /// # Ok::<(), shapecast::IndexError>(())
    /// ```
    #[inline]
    pub fn row_mut(
        &mut self,
        i: usize,
    ) -> Result<TensorBase<&'_ mut [D::Elem], WithoutAxis<S, 0>>, IndexError>
    where
        S: AnyRemoveAxes<One<0>>,
    {
        let (shape, n, len) = row_parts::<S>(&self.shape());
        match self.as_mut_slice().get_mut(i.wrapping_mul(len)..).and_then(|rest| rest.get_mut(..len)) {
            Some(row) if i < n => Ok(TensorBase::from_parts(row, shape)),
            _ => Err(IndexError::on_axis(0, i, n)),
        }
    }
}

/// The shape of a row of `shape`, the number of rows and the elements per row.
#[hot]
fn row_parts<S: AnyShape + AnyRemoveAxes<One<0>>>(shape: &S) -> (WithoutAxis<S, 0>, usize, usize) {
    let mut dims = [0; MAX_RANK];
    shape.write_extents(&mut dims[..S::RANK]);
    let tail = WithoutAxis::<S, 0>::from_extents(&dims[1..S::RANK], Proof::new());
    let len = dims[1..S::RANK].iter().product();
    (tail, dims[0], len)
}

/// The iterator of [`TensorBase::rows`]: row after row, each as [`TensorBase::row`] makes it.
struct Rows<'a, D, S, R> {
    tensor: &'a TensorBase<D, S>,
    at: core::ops::Range<usize>,
    len: usize,
    shape: R,
}

impl<'a, D: Data, S: AnyShape, R: AnyShape> Iterator for Rows<'a, D, S, R> {
    type Item = TensorBase<D::View<'a>, R>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        // (Below the number of rows, `i · len` is at most the element count: no overflow, and
        // the part is always there.)
        let i = self.at.next()?;
        self.tensor.part(i * self.len, self.len, self.shape)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.at.size_hint()
    }
}

impl<D: Data, S: AnyShape, R: AnyShape> ExactSizeIterator for Rows<'_, D, S, R> {}

/// `Self` with its axis `A`, of a fixed size, cut to the positions `LO..HI`.
#[diagnostic::on_unimplemented(
    message = "cannot slice axis {A} of this shape to {LO}..{HI}: the range must lie within the axis' fixed size",
    label = "this range is not within the axis",
    note = "`slice::<A, LO, HI>()` takes positions LO to HI − 1 of axis A: LO ≤ HI ≤ the axis' size, a fixed size (for a run-time size, `narrow::<A, _>(start, len)` checks the run when it runs)"
)]
pub trait SliceAt<const A: usize, const LO: usize, const HI: usize>: AnyShape {
    /// The shape with the axis cut.
    type Output: AnyShape;
}

/// `HI − LO`, or 0 when `HI < LO` (such a range is refused by [`SliceRange`], not here).
type RangeLen<const LO: usize, const HI: usize> = typenum::Diff<typenum::Maximum<U<HI>, U<LO>>, U<LO>>;

// The output is the shape with the axis cut, computed whatever the range ([`RangeLen`]), and
// checked by the axis' size ([`SliceRange`]) as a proof: these bounds meet the check one impl
// further than the output does, so rustc reports it on the axis' size alone.
impl<S: AnyShape, const A: usize, const LO: usize, const HI: usize> SliceAt<A, LO, HI> for S
where
    Const<A>: ToUInt,
    Const<LO>: ToUInt,
    Const<HI>: ToUInt,
    S: HasAxisAt<A> + AtOr<U<A>, NoAxis>,
    <S as AtOr<U<A>, NoAxis>>::Output: SliceRange<A, LO, HI>,
    U<HI>: typenum::Max<U<LO>>,
    typenum::Maximum<U<HI>, U<LO>>: core::ops::Sub<U<LO>>,
    RangeLen<LO, HI>: crate::typelevel::ToSize,
    S: SetAt<U<A>, crate::typelevel::SizeOf<RangeLen<LO, HI>>>,
    Narrowed<S, A, crate::typelevel::SizeOf<RangeLen<LO, HI>>>: AnyShape,
{
    type Output = Checked<
        Checked<
            Narrowed<S, A, crate::typelevel::SizeOf<RangeLen<LO, HI>>>,
            <<S as AtOr<U<A>, NoAxis>>::Output as SliceRange<A, LO, HI>>::Proof,
        >,
        <S as HasAxisAt<A>>::Proof,
    >;
}

/// The positions `LO..HI` of an axis of size `Self`, axis `A` of its shape: `LO ≤ HI ≤ Self`,
/// a fixed size. Holds through [`RangeWithin`].
#[diagnostic::on_unimplemented(
    message = "cannot slice axis {A} to {LO}..{HI}: the axis has size `{Self}`, and the range must lie within it",
    label = "this range is not within the axis",
    note = "`slice::<A, LO, HI>()` takes positions LO to HI − 1 of axis A: LO ≤ HI ≤ the axis' size, a fixed size (for a run-time size, `narrow::<A, _>(start, len)` checks the run when it runs)"
)]
pub trait SliceRange<const A: usize, const LO: usize, const HI: usize> {
    /// `()`: computed, it checks the range.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<X, const A: usize, const LO: usize, const HI: usize> SliceRange<A, LO, HI> for X
where
    X: RangeWithin<A, LO, HI>,
{
    type Proof = <X as RangeWithin<A, LO, HI>>::Proof;
}

/// The size a slice reads for an axis past the end of its shape, which [`HasAxisAt`] refuses:
/// any range is within it, so that the axis is the one error.
pub struct NoAxis;

/// `LO ≤ HI ≤ Self`, a fixed size, the size of axis `A` of a shape.
#[diagnostic::on_unimplemented(
    message = "cannot slice axis {A} to {LO}..{HI}: the axis has size `{Self}`, and the range must lie within it",
    label = "this range is not within the axis",
    note = "a slice takes positions LO to HI − 1 of an axis (every STEP-th of them for `slice_by::<A, LO, HI, STEP>()`): LO ≤ HI ≤ the axis' size, a fixed size (for a run-time size, `narrow::<A, _>(start, len)` checks the run when it runs)"
)]
pub trait RangeWithin<const A: usize, const LO: usize, const HI: usize> {
    /// `()`: computed, it checks the range.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<X: Number, const A: usize, const LO: usize, const HI: usize> RangeWithin<A, LO, HI> for X
where
    Const<LO>: ToUInt,
    Const<HI>: ToUInt,
    U<HI>: typenum::IsLessOrEqual<X::U, Output = typenum::B1>
        + typenum::IsGreaterOrEqual<U<LO>, Output = typenum::B1>,
{
    type Proof = ();
}
#[diagnostic::do_not_recommend]
impl<const A: usize, const LO: usize, const HI: usize> RangeWithin<A, LO, HI> for NoAxis {
    type Proof = ();
}

/// `S` with its axis `A` cut to `LO..HI`.
pub type Sliced<S, const A: usize, const LO: usize, const HI: usize> = <S as SliceAt<A, LO, HI>>::Output;

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// Positions `LO..HI` of axis `A`, a fixed range of a fixed size: [`TensorBase::slice`].
    pub fn slice<const A: usize, const LO: usize, const HI: usize>(
        &self,
    ) -> StridedView<'a, T, Sliced<S, A, LO, HI>, H>
    where
        S: SliceAt<A, LO, HI>,
    {
        let (mut dims, steps) = self.layout();
        dims[A] = HI - LO;
        let shape = Sliced::<S, A, LO, HI>::from_extents(&dims[..S::RANK], Proof::new());
        let (data, origin) = self.moved_by(LO.wrapping_mul(steps[A]));
        StridedView::from_parts_at(data, origin, shape, &steps[..S::RANK])
    }
}

/// `Self` with its axis `A`, of a fixed size, cut to every `STEP`-th position of `LO..HI`:
/// `ceil((HI − LO) / STEP)` positions.
#[diagnostic::on_unimplemented(
    message = "cannot slice axis {A} to {LO}..{HI} in steps of {STEP}: the range must lie within the axis' fixed size, and the step be at least 1",
    label = "this range or step does not fit the axis",
    note = "`slice_by::<A, LO, HI, STEP>()` takes positions LO, LO + STEP, … below HI of axis A: LO ≤ HI ≤ the axis' size, a fixed size, and STEP ≥ 1"
)]
pub trait StepAt<const A: usize, const LO: usize, const HI: usize, const STEP: usize>: AnyShape {
    /// The shape with the axis cut.
    type Output: AnyShape;
}

/// The step, or 1 for a step of 0 (refused by [`StepRange`], not here).
type Stride<const STEP: usize> = typenum::Maximum<U<STEP>, typenum::U1>;

/// `ceil((HI − LO) / STEP)` as a typenum number, for any range and step (see [`RangeLen`],
/// [`Stride`]).
type StepCount<const LO: usize, const HI: usize, const STEP: usize> =
    typenum::Quot<typenum::Sub1<typenum::Sum<RangeLen<LO, HI>, Stride<STEP>>>, Stride<STEP>>;

// As `SliceAt`: the output for any range and step, checked by the axis' size ([`StepRange`]).
impl<S: AnyShape, const A: usize, const LO: usize, const HI: usize, const STEP: usize> StepAt<A, LO, HI, STEP>
    for S
where
    Const<A>: ToUInt,
    Const<LO>: ToUInt,
    Const<HI>: ToUInt,
    Const<STEP>: ToUInt,
    S: HasAxisAt<A> + AtOr<U<A>, NoAxis>,
    <S as AtOr<U<A>, NoAxis>>::Output: StepRange<A, LO, HI, STEP>,
    U<HI>: typenum::Max<U<LO>>,
    typenum::Maximum<U<HI>, U<LO>>: core::ops::Sub<U<LO>>,
    U<STEP>: typenum::Max<typenum::U1>,
    RangeLen<LO, HI>: core::ops::Add<Stride<STEP>>,
    typenum::Sum<RangeLen<LO, HI>, Stride<STEP>>: core::ops::Sub<typenum::B1>,
    typenum::Sub1<typenum::Sum<RangeLen<LO, HI>, Stride<STEP>>>: core::ops::Div<Stride<STEP>>,
    StepCount<LO, HI, STEP>: crate::typelevel::ToSize,
    S: SetAt<U<A>, crate::typelevel::SizeOf<StepCount<LO, HI, STEP>>>,
    Narrowed<S, A, crate::typelevel::SizeOf<StepCount<LO, HI, STEP>>>: AnyShape,
{
    type Output = Checked<
        Checked<
            Narrowed<S, A, crate::typelevel::SizeOf<StepCount<LO, HI, STEP>>>,
            <<S as AtOr<U<A>, NoAxis>>::Output as StepRange<A, LO, HI, STEP>>::Proof,
        >,
        <S as HasAxisAt<A>>::Proof,
    >;
}

/// Every `STEP`-th position of `LO..HI` of an axis of size `Self`, axis `A` of its shape:
/// `LO ≤ HI ≤ Self`, a fixed size, and `STEP ≥ 1`. Holds through [`RangeWithin`].
#[diagnostic::on_unimplemented(
    message = "cannot slice axis {A} to {LO}..{HI} in steps of {STEP}: the axis has size `{Self}`; the range must lie within it, and the step be at least 1",
    label = "this range or step does not fit the axis",
    note = "`slice_by::<A, LO, HI, STEP>()` takes positions LO, LO + STEP, … below HI of axis A: LO ≤ HI ≤ the axis' size, a fixed size, and STEP ≥ 1"
)]
pub trait StepRange<const A: usize, const LO: usize, const HI: usize, const STEP: usize> {
    /// `()`: computed, it checks the range and the step.
    type Proof;
}
#[diagnostic::do_not_recommend]
impl<X, const A: usize, const LO: usize, const HI: usize, const STEP: usize> StepRange<A, LO, HI, STEP> for X
where
    X: RangeWithin<A, LO, HI>,
    Const<STEP>: ToUInt,
    U<STEP>: typenum::NonZero,
{
    type Proof = <X as RangeWithin<A, LO, HI>>::Proof;
}

/// `S` with its axis `A` cut to every `STEP`-th position of `LO..HI`.
pub type SlicedBy<S, const A: usize, const LO: usize, const HI: usize, const STEP: usize> =
    <S as StepAt<A, LO, HI, STEP>>::Output;

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// Every `STEP`-th position of `LO..HI` along axis `A`: [`TensorBase::slice_by`].
    pub fn slice_by<const A: usize, const LO: usize, const HI: usize, const STEP: usize>(
        &self,
    ) -> StridedView<'a, T, SlicedBy<S, A, LO, HI, STEP>, H>
    where
        S: StepAt<A, LO, HI, STEP>,
    {
        let (mut dims, mut steps) = self.layout();
        let (n, stride) = ((HI - LO).div_ceil(STEP), steps[A]);
        dims[A] = n;
        // Along an axis of one position or none the stride is never stepped: 0, where the
        // product could pass `usize` for a step far past the axis.
        // (Wrapping: a stride that steps back, times `STEP`, steps back `STEP` times as far.)
        steps[A] = if n > 1 { stride.wrapping_mul(STEP) } else { 0 };
        let shape = SlicedBy::<S, A, LO, HI, STEP>::from_extents(&dims[..S::RANK], Proof::new());
        let (data, origin) = self.moved_by(LO.wrapping_mul(stride));
        StridedView::from_parts_at(data, origin, shape, &steps[..S::RANK])
    }
}

impl<'a, T, S: AnyShape, H> StridedView<'a, T, S, H> {
    /// Axis `A` read backwards: [`TensorBase::flip`].
    pub fn flip<const A: usize>(&self) -> StridedView<'a, T, S, H>
    where
        S: HasAxisAt<A>,
    {
        let (dims, mut steps) = self.layout();
        let n = dims[A];
        if n <= 1 || dims[..S::RANK].contains(&0) {
            // One position or none along the axis, or no element at all: read backwards, the
            // same view.
            return *self;
        }
        // The first element is the last position's, and the stride steps back from it (a
        // wrapping negative), within the data the view reads already.
        let origin = self.origin().wrapping_add((n - 1).wrapping_mul(steps[A]));
        steps[A] = steps[A].wrapping_neg();
        StridedView::from_parts_at(self.data(), origin, self.shape(), &steps[..S::RANK])
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// Axis `A` read backwards (NumPy's `np.flip(x, axis=A)`, `x[::-1]` for `A = 0` and
    /// `x[:, ::-1]` for `A = 1`): a view of the same shape, nothing copied. Its stride along
    /// `A` steps back ([`strides`](StridedView::strides) shows it as a wrapping negative), and
    /// every expression, reduction, product and copy reads it in place. A negative step is a
    /// flip then a step: `x.flip::<1>().slice_by::<1, 0, 7, 2>()` is NumPy's `x[:, ::-2]`.
    /// An axis past the shape's rank does not compile.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let mirrored = x.flip::<1>(); // [[3, 2, 1], [6, 5, 4]]
    /// assert_eq!(mirrored.to_tensor().as_slice(), [3, 2, 1, 6, 5, 4]);
    /// assert_eq!(mirrored.get(&[1, 0]), Some(&6));
    /// assert_eq!((mirrored.lazy() - &x).eval().as_slice(), [2, 0, -2, 2, 0, -2]);
    /// let upside_down = x.flip::<0>().flip::<1>(); // rotated by a half turn
    /// assert_eq!(upside_down.lazy().sum_axes::<axes![1]>().eval().as_slice(), [15, 6]);
    /// assert_eq!(x.flip::<1>().slice_by::<1, 0, 3, 2>().to_tensor().as_slice(), [3, 1, 6, 4]);
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::splat(0);
    /// let _ = x.flip::<2>();
    /// ```
    #[inline]
    pub fn flip<const A: usize>(&self) -> StridedView<'_, D::Elem, S, HomeOf<D, S>>
    where
        S: HasAxisAt<A>,
    {
        self.strided().flip::<A>()
    }
}

impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// Positions `LO..HI` of axis `A` (NumPy's `x[:, LO:HI]` for `A = 1`): a view of the fixed
    /// size `HI − LO`. The range is checked at compile time against the axis' fixed size.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 6]>::from([[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]);
    /// let middle = x.slice::<1, 2, 5>(); // StridedView of shape [2, 3]
    /// assert_eq!(middle.to_tensor().as_slice(), [2, 3, 4, 8, 9, 10]);
    /// let last_row = x.slice::<0, 1, 2>();
    /// assert_eq!(last_row.lazy().sum_all(), 51);
    /// ```
    ///
    /// A range past the axis does not compile:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 6]>::splat(0);
    /// let _ = x.slice::<1, 4, 7>();
    /// ```
    #[inline]
    pub fn slice<const A: usize, const LO: usize, const HI: usize>(
        &self,
    ) -> StridedView<'_, D::Elem, Sliced<S, A, LO, HI>, HomeOf<D, S>>
    where
        S: SliceAt<A, LO, HI>,
    {
        self.strided().slice::<A, LO, HI>()
    }

    /// Every `STEP`-th position of `LO..HI` along axis `A` (NumPy's `x[:, LO:HI:STEP]` for
    /// `A = 1`): a view of the fixed size `ceil((HI − LO) / STEP)`, nothing copied. The range
    /// and the step (at least 1) are checked at compile time against the axis' fixed size.
    /// NumPy's negative steps are a [`flip`](Self::flip) first: `x[:, ::-2]` is
    /// `x.flip::<1>().slice_by::<1, 0, 7, 2>()`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 7]>::from_fn(|i| i as i32);
    /// let odd = x.slice_by::<1, 1, 7, 2>(); // positions 1, 3, 5: a [2, 3] view
    /// assert_eq!(odd.to_tensor().as_slice(), [1, 3, 5, 8, 10, 12]);
    /// let every_third = x.slice_by::<1, 0, 7, 3>(); // 0, 3, 6
    /// assert_eq!((every_third.lazy() * 10).eval().as_slice(), [0, 30, 60, 70, 100, 130]);
    /// ```
    ///
    /// A step of 0 does not compile, nor does a range past the axis:
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 7]>::splat(0);
    /// let _ = x.slice_by::<1, 0, 7, 0>();
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 7]>::splat(0);
    /// let _ = x.slice_by::<1, 0, 8, 2>();
    /// ```
    #[inline]
    pub fn slice_by<const A: usize, const LO: usize, const HI: usize, const STEP: usize>(
        &self,
    ) -> StridedView<'_, D::Elem, SlicedBy<S, A, LO, HI, STEP>, HomeOf<D, S>>
    where
        S: StepAt<A, LO, HI, STEP>,
    {
        self.strided().slice_by::<A, LO, HI, STEP>()
    }
}
