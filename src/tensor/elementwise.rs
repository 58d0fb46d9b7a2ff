//! Element-wise operations: `map`, `zip_with` under NumPy's rule or XLA's (through
//! [`WithDims`]), and `zip_assign` in place. Inputs are never materialized.

use core::marker::PhantomData;
use shapecast_macros::hot;

use super::{
    Both, Data, DataMut, Home, HomeOf, HomeWith, New, OutputShape, OutputSizes, Owned, OwnedData,
    ResultSizes, TensorBase, TensorMut, TensorRef, WritesInto, as_result, len_of,
};
use crate::expr::planned;
use crate::forms::{
    AnyBroadcast, AnyBroadcastTo, AnyBroadcastWithDims, AnyBroadcasted, AnyBroadcastedWithDims,
};
use crate::kernel::constant::Placed;
use crate::kernel::leaf::LeafSource;
use crate::kernel::source::Cursor;
use crate::kernel::{
    self,
    statics::{MapInto, Numpy, WithDimsLhs, WithDimsRhs, ZipPlan},
    way,
};
use crate::shape::{AnyShape, Axes, extents_in};

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy,
{
    /// `f` applied to every element: a new tensor of the same shape.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 2]>::from([[1, -2], [-3, 4]]);
    /// assert_eq!(t.map(i32::abs).as_slice(), [1, 2, 3, 4]);
    /// ```
    #[inline]
    pub fn map<V>(&self, mut f: impl FnMut(D::Elem) -> V) -> Owned<V, S, HomeOf<D, S>>
    where
        New<S, HomeOf<D, S>>: OwnedData<V, S>,
    {
        let data = self.as_slice();
        TensorBase::from_parts(
            <New<S, HomeOf<D, S>> as OwnedData<V, S>>::from_fn(data.len(), |i| f(data[i])),
            self.shape(),
        )
    }

    /// `f(a, b)` element by element, `self` and `other` broadcast together by NumPy's rule; the
    /// inputs are never materialized. `f` is called once per element, in row-major order, so it
    /// may keep state (`FnMut`); the output starts from `V::default()` and is then overwritten
    /// (in a build optimized for size, a small output of fixed shape is made element by element
    /// instead, each computed where it is stored).
    /// (The operators, `&a + &b`, and `a.lazy().zip_with(…)` write a new tensor once, through
    /// the expressions' pass.)
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let b = Tensor::<i32, shape![3]>::from([10, 20, 30]);
    /// let outer = a.zip_with(&b, |x, y| x * y); // shape [2, 3]
    /// assert_eq!(outer.as_slice(), [10, 20, 30, 20, 40, 60]);
    /// ```
    ///
    /// # Panics
    ///
    /// If the result would have a shape that `from_shape` refuses: two run-time sizes on two
    /// axes whose product, zeros left out, passes `usize` (`[R, 1, 0]` with `[1, Q, 0]` for
    /// R = Q = 2^62; operands with elements that large do not fit in memory). The same holds
    /// for the operators and `with_dims`. [`zip_with_into`](Self::zip_with_into) never
    /// panics: its output is made by a checked constructor.
    #[inline]
    pub fn zip_with<D2, S2, V>(
        &self,
        other: &TensorBase<D2, S2>,
        f: impl FnMut(D::Elem, D2::Elem) -> V,
    ) -> Owned<V, AnyBroadcasted<S, S2>, Both<D, S, D2, S2>>
    where
        D2: Data,
        D2::Elem: Copy,
        V: Default,
        S2: AnyShape,
        S: AnyBroadcast<S2>,
        New<AnyBroadcasted<S, S2>, Both<D, S, D2, S2>>: OwnedData<V, AnyBroadcasted<S, S2>>,
    {
        self.zip_new::<D2, S2, AnyBroadcasted<S, S2>, Numpy, Numpy, V, Both<D, S, D2, S2>>(other, f)
    }

    /// `f(a, b)` element by element into `out` (NumPy rule), for large data or none on the heap.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let a = Tensor::<i32, shape![2, 1]>::from([[1], [2]]);
    /// let b = TensorRef::<i32, shape![3]>::new(&[10, 20, 30])?;
    /// let mut out = [0; 6];
    /// a.zip_with_into(&b, &mut TensorMut::new(&mut out)?, |x, y| x + y);
    /// assert_eq!(out, [11, 21, 31, 12, 22, 32]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn zip_with_into<D2, S2, V, DO, O>(
        &self,
        other: &TensorBase<D2, S2>,
        out: &mut TensorBase<DO, O>,
        f: impl FnMut(D::Elem, D2::Elem) -> V,
    ) where
        D2: Data,
        D2::Elem: Copy,
        S2: AnyShape,
        S: AnyBroadcast<S2>,
        DO: DataMut<Elem = V>,
        O: AnyShape,
        OutputSizes<O::Sizes>: ResultSizes<<AnyBroadcasted<S, S2> as AnyShape>::Sizes, DO>,
        OutputShape<AnyBroadcasted<S, S2>, O, DO>: WritesInto<O, DO>,
    {
        let shape = as_result::<AnyBroadcasted<S, S2>>(&out.shape());
        let out = &mut TensorBase::from_parts(out.as_mut_slice(), shape);
        self.zip_into::<D2, S2, AnyBroadcasted<S, S2>, Numpy, Numpy, V>(other, out, f);
    }

    /// XLA's binary form, the dims `Dm` chosen first: `a.with_dims::<axes![1]>().zip_with(&b, f)`
    /// puts the lower-rank operand's axes on `Dm`. See [`WithDims`].
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![4]>::from([1, 2, 3, 4]);
    /// let m = Tensor::<i32, shape![1, 2]>::from([[5, 6]]);
    /// let sum = v.with_dims::<axes![0]>().zip_with(&m, |x, y| x + y); // [4] + [1, 2] -> [4, 2]
    /// assert_eq!(sum.as_slice(), [6, 7, 7, 8, 8, 9, 9, 10]);
    /// ```
    #[inline]
    pub fn with_dims<Dm: Axes>(&self) -> WithDims<'_, D::Elem, S, Dm, HomeOf<D, S>> {
        WithDims { lhs: self.view(), dims: PhantomData }
    }

    /// `self` and `other` zipped into `out` through the maps `MA`, `MB`: every binary form.
    #[hot]
    pub(crate) fn zip_into<D2, S2, O, MA, MB, V>(
        &self,
        other: &TensorBase<D2, S2>,
        out: &mut TensorMut<'_, V, O>,
        f: impl FnMut(D::Elem, D2::Elem) -> V,
    ) where
        D2: Data,
        D2::Elem: Copy,
        S2: AnyShape,
        O: AnyShape,
        MA: MapInto<S, O>,
        MB: MapInto<S2, O>,
    {
        let (a, b, so) = ((self.as_slice(), self.shape()), (other.as_slice(), other.shape()), out.shape());
        way::evaluate(ZipInto {
            a,
            b,
            out: (out.as_mut_slice(), so),
            f,
            maps: PhantomData::<fn() -> (MA, MB)>,
        });
    }

    /// A new tensor filled by [`zip_into`](Self::zip_into), stored as home `H` says.
    #[hot]
    pub(crate) fn zip_new<D2, S2, O, MA, MB, V, H>(
        &self,
        other: &TensorBase<D2, S2>,
        f: impl FnMut(D::Elem, D2::Elem) -> V,
    ) -> Owned<V, O, H>
    where
        D2: Data,
        D2::Elem: Copy,
        V: Default,
        S2: AnyShape,
        O: AnyShape,
        H: Home,
        New<O, H>: OwnedData<V, O>,
        MA: MapInto<S, O>,
        MB: MapInto<S2, O>,
    {
        let shape = ZipPlan::<S, S2, O, MA, MB>::output(&self.shape(), &other.shape());
        if !O::FIXED {
            crate::expr::check_result(&shape);
        }
        if const { crate::expr::small::zip::<S, S2, O>() } {
            // Each element computed where it is stored: no output filled first (see `zip`).
            let (a, b, mut f) = (self.as_slice(), other.as_slice(), f);
            let data = <New<O, H> as OwnedData<V, O>>::from_fn(len_of(&shape), |o| {
                f(
                    crate::expr::small::read::<_, S, O>(a, MA::ONTO, o),
                    crate::expr::small::read::<_, S2, O>(b, MB::ONTO, o),
                )
            });
            return TensorBase::from_parts(data, shape);
        }
        let data = <New<O, H> as OwnedData<V, O>>::from_fn(len_of(&shape), |_| V::default());
        let mut out = TensorBase::from_parts(data, shape);
        self.zip_into::<D2, S2, O, MA, MB, V>(other, &mut out.view_mut(), f);
        out
    }
}

impl<D: DataMut, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy,
{
    /// Sets every element to `f(element, x)`, `x` being the matching element of `other`
    /// stretched to this shape by `broadcast_to`'s one-way rule. Nothing is materialized; the
    /// shape never changes.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let mut data = [1, 2, 3, 4, 5, 6];
    /// let mut m = TensorMut::<i32, shape![2, 3]>::new(&mut data)?;
    /// m.zip_assign(&Tensor::<i32, shape![2, 1]>::from([[10], [20]]), |x, y| x * y);
    /// assert_eq!(data, [10, 20, 30, 80, 100, 120]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn zip_assign<D2, S2>(
        &mut self,
        other: &TensorBase<D2, S2>,
        f: impl FnMut(D::Elem, D2::Elem) -> D::Elem,
    ) where
        D2: Data,
        D2::Elem: Copy,
        S2: AnyBroadcastTo<S>,
        <S2 as AnyBroadcastTo<S>>::Proof: Sized,
    {
        let (from, shape) = ((other.as_slice(), other.shape()), self.shape());
        way::evaluate(AssignFrom { from, out: (self.as_mut_slice(), shape), f });
    }
}

/// The pass of [`TensorBase::zip_into`]: `out = f(a, b)`, element by element, the operands'
/// axes landing on the output's as the maps `MA` and `MB` say.
struct ZipInto<'a, A, B, V, SA, SB, O, F, M> {
    a: (&'a [A], SA),
    b: (&'a [B], SB),
    out: (&'a mut [V], O),
    f: F,
    maps: PhantomData<M>,
}

impl<A, B, V, SA, SB, O, F, MA, MB> way::Evaluation for ZipInto<'_, A, B, V, SA, SB, O, F, fn() -> (MA, MB)>
where
    A: Copy,
    B: Copy,
    SA: AnyShape,
    SB: AnyShape,
    O: AnyShape,
    F: FnMut(A, B) -> V,
    MA: MapInto<SA, O>,
    MB: MapInto<SB, O>,
{
    const AXES: usize = O::RANK;
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let ZipInto { a: (a, sa), b: (b, sb), out: (out, so), f, .. } = self;
        let (mut da, mut db, mut dims) = ([0; W], [0; W], [0; W]);
        let a = LeafSource::new(a, Cursor::<W>::new(extents_in(&sa, &mut da), MA::ONTO));
        let b = LeafSource::new(b, Cursor::<W>::new(extents_in(&sb, &mut db), MB::ONTO));
        let hint = planned::<(Placed<SA, MA>, Placed<SB, MB>), O>();
        kernel::zip((a, b), extents_in(&so, &mut dims), hint, out, f);
    }
}

/// The pass of [`TensorBase::zip_assign`]: `out = f(out, from)`, `from` stretched to the
/// output by NumPy's rule.
struct AssignFrom<'a, T, U, S, S2, F> {
    from: (&'a [U], S2),
    out: (&'a mut [T], S),
    f: F,
}

impl<T: Copy, U: Copy, S: AnyShape, S2: AnyBroadcastTo<S>, F: FnMut(T, U) -> T> way::Evaluation
    for AssignFrom<'_, T, U, S, S2, F>
{
    const AXES: usize = S::RANK;
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let AssignFrom { from: (from, sf), out: (out, shape), f } = self;
        let (mut df, mut dims) = ([0; W], [0; W]);
        let onto = <Numpy as MapInto<S2, S>>::ONTO;
        let src = LeafSource::new(from, Cursor::<W>::new(extents_in(&sf, &mut df), onto));
        let hint = planned::<Placed<S2, Numpy>, S>();
        kernel::assign(src, extents_in(&shape, &mut dims), hint, out, f);
    }
}

/// A tensor with XLA dims chosen, waiting for its partner: `a.with_dims::<axes![…]>()`. Under
/// XLA's binary rule the lower-rank operand's axis `k` lands on the other's axis `Dm[k]` (equal
/// ranks: `Dm` is empty or the identity), then each pair of sizes must be equal or one of
/// them 1. Use [`zip_with`](Self::zip_with), [`zip_with_into`](Self::zip_with_into), or an
/// operator: `&a.with_dims::<axes![0]>() + &b`.
///
/// ```
/// # use shapecast::prelude::*;
/// let m = Tensor::<i32, shape![2, 2]>::from([[1, 2], [3, 4]]);
/// let by_row = Tensor::<i32, shape![2]>::from([10, 20]);
/// assert_eq!((&m.with_dims::<axes![0]>() + &by_row).as_slice(), [11, 12, 23, 24]);
/// ```
///
/// `H` is the [`Home`] of the tensor it came from: a new tensor is boxed if either operand is.
pub struct WithDims<'a, T, S, Dm, H = super::ByShape> {
    pub(crate) lhs: TensorRef<'a, T, S>,
    dims: PhantomData<(Dm, H)>,
}

impl<'a, T: Copy + crate::expr::Shared, S: AnyShape, Dm: Axes, H: Home> WithDims<'a, T, S, Dm, H> {
    /// The left operand as an expression with these dims chosen.
    #[hot]
    pub(crate) fn lazy(&self) -> crate::expr::LazyWithDims<crate::expr::Leaf<'_, T, S, H>, Dm> {
        crate::expr::Lazy(crate::expr::Leaf::new(self.lhs.as_slice(), self.lhs.shape())).with_dims::<Dm>()
    }
}

impl<T: Copy, S: AnyShape, Dm: Axes, H: Home> WithDims<'_, T, S, Dm, H> {
    /// `f(a, b)` element by element under XLA's binary rule with these dims.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![3]>::from([1, 2, 3]);
    /// let m = Tensor::<i32, shape![3, 2]>::splat(10);
    /// assert_eq!(v.with_dims::<axes![0]>().zip_with(&m, |x, y| x * y).as_slice(), [10, 10, 20, 20, 30, 30]);
    /// ```
    #[inline]
    pub fn zip_with<D2, S2, V>(
        &self,
        other: &TensorBase<D2, S2>,
        f: impl FnMut(T, D2::Elem) -> V,
    ) -> Owned<V, AnyBroadcastedWithDims<S, S2, Dm>, HomeWith<H, D2, S2>>
    where
        D2: Data,
        D2::Elem: Copy,
        V: Default,
        S2: AnyShape,
        S: AnyBroadcastWithDims<S2, Dm>,
        New<AnyBroadcastedWithDims<S, S2, Dm>, HomeWith<H, D2, S2>>:
            OwnedData<V, AnyBroadcastedWithDims<S, S2, Dm>>,
    {
        type Out<S, S2, Dm> = AnyBroadcastedWithDims<S, S2, Dm>;
        self.lhs
            .zip_new::<D2, S2, Out<S, S2, Dm>, WithDimsLhs<Dm, S2>, WithDimsRhs<Dm, S>, V, HomeWith<H, D2, S2>>(
                other, f,
            )
    }

    /// The same into `out`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let v = Tensor::<i32, shape![2]>::from([1, 2]);
    /// let m = Tensor::<i32, shape![2, 2]>::splat(10);
    /// let mut out = [0; 4];
    /// v.with_dims::<axes![1]>().zip_with_into(&m, &mut TensorMut::new(&mut out)?, |x, y| x + y);
    /// assert_eq!(out, [11, 12, 11, 12]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn zip_with_into<D2, S2, V, DO, O>(
        &self,
        other: &TensorBase<D2, S2>,
        out: &mut TensorBase<DO, O>,
        f: impl FnMut(T, D2::Elem) -> V,
    ) where
        D2: Data,
        D2::Elem: Copy,
        S2: AnyShape,
        S: AnyBroadcastWithDims<S2, Dm>,
        DO: DataMut<Elem = V>,
        O: AnyShape,
        OutputSizes<O::Sizes>: ResultSizes<<AnyBroadcastedWithDims<S, S2, Dm> as AnyShape>::Sizes, DO>,
        OutputShape<AnyBroadcastedWithDims<S, S2, Dm>, O, DO>: WritesInto<O, DO>,
    {
        type Out<S, S2, Dm> = AnyBroadcastedWithDims<S, S2, Dm>;
        let shape = as_result::<Out<S, S2, Dm>>(&out.shape());
        let out = &mut TensorBase::from_parts(out.as_mut_slice(), shape);
        self.lhs
            .zip_into::<D2, S2, Out<S, S2, Dm>, WithDimsLhs<Dm, S2>, WithDimsRhs<Dm, S>, V>(other, out, f);
    }
}
