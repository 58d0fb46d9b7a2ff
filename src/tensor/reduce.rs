//! Reductions, the adjoints of broadcasting: `sum_axes` (nGraph's `Sum`) and `sum_to` (of
//! NumPy's `broadcast_to`), then `mean_axes`, `max_axes`, `min_axes`, `argmax_axes` and
//! `argmin_axes`. Reducing away every run-time axis gives a [`Tensor`](super::Tensor).
//!
//! Each is the expression's reduction evaluated at once: `t.sum_axes::<A>()` is
//! `t.lazy().sum_axes::<A>().eval()`, and the `_into` twins are its `eval_into`. One
//! evaluation serves both spellings, and it chooses how a tensor's own reduction is folded:
//! in the expressions' pass, or by the kernels over slices (`kernel::reduce`)
//! where those are faster.

use shapecast_macros::hot;

use super::{Data, HomeOf, New, Owned, OwnedData, TensorBase, TensorMut};
use crate::expr::{
    ArgMaxFold, ArgMinFold, Fold, Lazy, Leaf, MaxFold, MeanFold, MinFold, Reduce, Shared, SumFold, To, Typed,
};
use crate::forms::{AnyBroadcastTo, AnyRemoveAxes, AnyWithoutAxes};
use crate::kernel::statics::{NGraph, ReducePlan};
use crate::shape::{AnyShape, Axes};
use crate::summable::{Mean, Summable};

/// The fold `F` over the axes `Ax` of a tensor of shape `S` and storage `D`, as an expression.
type Folded<'a, D, S, Ax, F> =
    Reduce<Leaf<'a, <D as Data>::Elem, S, HomeOf<D, S>>, Ax, F, AnyWithoutAxes<S, Ax>>;

/// A new tensor of `S` without the axes `Ax`, elements `T`, computed from storage `D`.
type Reduced<T, D, S, Ax> = Owned<T, AnyWithoutAxes<S, Ax>, HomeOf<D, S>>;

impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Summable + Shared,
{
    /// nGraph's `Sum`: sums over the axes `Ax` and removes them (the adjoint of
    /// [`broadcast_axes`](Self::broadcast_axes)).
    ///
    /// Reduced axes that are contiguous in memory are summed in 16 lanes added together at the
    /// end, which vectorizes: floating-point sums can differ from a left-to-right loop in the
    /// last bits (as NumPy's pairwise sums do). The same holds for [`sum_to`](Self::sum_to).
    /// Integer sums wrap, in debug and release builds alike, and the lanes never change an
    /// integer sum ([`Summable`]): sum in a wider type to count past the range.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!(t.sum_axes::<axes![0]>().as_slice(), [5, 7, 9]);
    /// assert_eq!(t.sum_axes::<axes![1]>().as_slice(), [6, 15]);
    /// ```
    #[inline]
    pub fn sum_axes<Ax: Axes>(&self) -> Reduced<D::Elem, D, S, Ax>
    where
        S: AnyRemoveAxes<Ax>,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<D::Elem, AnyWithoutAxes<S, Ax>>,
    {
        Lazy(Reduce::<_, Ax, SumFold, _>::new(self.lazy().0)).eager()
    }

    /// nGraph's `Sum` into `out`, which is overwritten.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// let mut sums = [99; 3];
    /// t.sum_axes_into::<axes![0]>(&mut TensorMut::new(&mut sums)?);
    /// assert_eq!(sums, [5, 7, 9]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn sum_axes_into<Ax: Axes>(&self, out: &mut TensorMut<'_, D::Elem, AnyWithoutAxes<S, Ax>>)
    where
        S: AnyRemoveAxes<Ax>,
    {
        Lazy(Reduce::<_, Ax, SumFold, AnyWithoutAxes<S, Ax>>::new(self.lazy().0)).eval_into(out);
    }

    /// The adjoint of `broadcast_to`: sums this tensor of shape `S` down to `S2`, which must
    /// broadcast to `S`: over the leading axes `S2` lacks (dropped) and the axes where `S2` has
    /// size 1 (kept). A run-time size of `S2` is kept as itself.
    ///
    /// The target is a type: name it (`sum_to::<shape![3]>()`, or a `let` with its type), as
    /// nothing else tells the compiler which shape to sum to.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let g = Tensor::<i32, shape![2, 2, 3]>::splat(1);
    /// assert_eq!(g.sum_to::<shape![2, 1]>().as_slice(), [6, 6]); // leading axis dropped, last kept as 1
    /// ```
    #[inline]
    pub fn sum_to<S2>(&self) -> Owned<D::Elem, S2, HomeOf<D, S>>
    where
        S2: AnyBroadcastTo<S>,
        <S2 as AnyBroadcastTo<S>>::Proof: Sized,
        New<S2, HomeOf<D, S>>: OwnedData<D::Elem, S2>,
    {
        Lazy(Reduce::<_, To<S2>, SumFold, S2>::new(self.lazy().0)).eager()
    }

    /// The adjoint of `broadcast_to` into `out`, which is overwritten.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let g = vec![1.0f32; 4096 * 1024];
    /// let g = TensorRef::<f32, shape![4096, 1024]>::new(&g)?;
    /// let mut bias_grad = [0.0f32; 1024];
    /// g.sum_to_into(&mut TensorMut::<f32, shape![1024]>::new(&mut bias_grad)?);
    /// assert!(bias_grad.iter().all(|&x| x == 4096.0));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn sum_to_into<S2>(&self, out: &mut TensorMut<'_, D::Elem, S2>)
    where
        S2: AnyBroadcastTo<S>,
        <S2 as AnyBroadcastTo<S>>::Proof: Sized,
    {
        Lazy(Reduce::<_, To<S2>, SumFold, S2>::new(self.lazy().0)).eval_into(out);
    }
}

/// The reductions with no identity, and the arg-reductions: the maximum and minimum over axes,
/// and where they are.
///
/// # NaN
///
/// NaN is ignored, as by [`f32::max`] and [`f32::min`]: a result is NaN only when every element
/// reduced into it is NaN, and `argmax_axes` then gives the first of them (index 0). Equal
/// elements (`0.0` and `-0.0` among them) are ties: `argmax_axes` and `argmin_axes` give the
/// first in row-major order of the reduced axes, as NumPy does; which of `0.0` and `-0.0` a
/// maximum holds is unspecified.
///
/// The maximum and minimum are folded at the speed of a plain compare-and-select (`maxps` for
/// `f32`), and the arg-reductions scan with a plain compare, which ignores a NaN element but
/// would keep a NaN it started from; a reduction where some output's first element is NaN is
/// therefore done again with a slower step that also replaces a NaN so far: NaN data can cost
/// a second pass, never a different answer.
///
/// # Empty axes
///
/// The maximum of no elements does not exist, so each of these returns `None` (and leaves the
/// `_into` output as it was) when a reduced axis has size 0, whether the size is fixed or read
/// at run time, even if the output is empty too. When only a kept axis has size 0, the result
/// is an empty tensor. Nothing panics.
impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy + PartialOrd + Shared,
{
    /// The maximum over the axes `Ax`, which are removed: `None` if one of them has size 0.
    ///
    /// NaN is ignored unless every element is NaN (see the [NaN](#nan) and
    /// [empty axes](#empty-axes) rules). Like [`sum_axes`](Self::sum_axes), reduced axes that
    /// are contiguous in memory are folded in 16 lanes, which vectorizes; unlike a sum, a
    /// maximum does not depend on that order.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f32, shape![2, 3]>::from([[1.0, 5.0, f32::NAN], [4.0, 2.0, 6.0]]);
    /// assert_eq!(t.max_axes::<axes![0]>().unwrap().as_slice(), [4.0, 5.0, 6.0]);
    /// assert_eq!(t.max_axes::<axes![1]>().unwrap().as_slice(), [5.0, 6.0]);
    /// assert_eq!(t.max_axes::<axes![0, 1]>().unwrap().as_slice(), [6.0]);
    ///
    /// struct Rows;
    /// bind!(let rows: Rows = 0);
    /// let empty = TensorRef::from_shape(dims![rows, 3], &[] as &[i32])?;
    /// assert!(empty.max_axes::<axes![0]>().is_none()); // the maximum of no rows
    /// assert_eq!(empty.max_axes::<axes![1]>().unwrap().as_slice(), []); // of each of no rows
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn max_axes<Ax: Axes>(&self) -> Option<Reduced<D::Elem, D, S, Ax>>
    where
        S: AnyRemoveAxes<Ax>,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<D::Elem, AnyWithoutAxes<S, Ax>>,
    {
        self.folded::<Ax, MaxFold>().map(Lazy::eager)
    }

    /// The maximum over the axes `Ax` into `out`, which is overwritten: `None`, with `out` left
    /// as it was, if one of them has size 0.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i32, shape![2, 3]>::from([[1, 5, 3], [4, 2, 6]]);
    /// let mut top = [0; 2];
    /// t.max_axes_into::<axes![1]>(&mut TensorMut::new(&mut top)?).unwrap();
    /// assert_eq!(top, [5, 6]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    #[must_use = "`None` when a reduced axis is empty, and `out` is then left as it was"]
    pub fn max_axes_into<Ax: Axes>(
        &self,
        out: &mut TensorMut<'_, D::Elem, AnyWithoutAxes<S, Ax>>,
    ) -> Option<()>
    where
        S: AnyRemoveAxes<Ax>,
    {
        self.folded::<Ax, MaxFold>().map(|e| e.eval_into(out))
    }

    /// The minimum over the axes `Ax`, which are removed: `None` if one of them has size 0.
    /// NaN is ignored unless every element is NaN, as for [`max_axes`](Self::max_axes).
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f64, shape![2, 3]>::from([[1.0, 5.0, f64::NAN], [4.0, 2.0, f64::NAN]]);
    /// let low = t.min_axes::<axes![0]>().unwrap();
    /// assert_eq!(low.as_slice()[..2], [1.0, 2.0]);
    /// assert!(low.as_slice()[2].is_nan()); // every element of the last column is NaN
    /// ```
    #[inline]
    pub fn min_axes<Ax: Axes>(&self) -> Option<Reduced<D::Elem, D, S, Ax>>
    where
        S: AnyRemoveAxes<Ax>,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<D::Elem, AnyWithoutAxes<S, Ax>>,
    {
        self.folded::<Ax, MinFold>().map(Lazy::eager)
    }

    /// The minimum over the axes `Ax` into `out`, which is overwritten: `None`, with `out` left
    /// as it was, if one of them has size 0.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<u8, shape![2, 3]>::from([[1, 5, 3], [4, 2, 6]]);
    /// let mut low = [0; 3];
    /// t.min_axes_into::<axes![0]>(&mut TensorMut::new(&mut low)?).unwrap();
    /// assert_eq!(low, [1, 2, 3]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    #[must_use = "`None` when a reduced axis is empty, and `out` is then left as it was"]
    pub fn min_axes_into<Ax: Axes>(
        &self,
        out: &mut TensorMut<'_, D::Elem, AnyWithoutAxes<S, Ax>>,
    ) -> Option<()>
    where
        S: AnyRemoveAxes<Ax>,
    {
        self.folded::<Ax, MinFold>().map(|e| e.eval_into(out))
    }

    /// Where the maximum over the axes `Ax` is: for each output element, the flat row-major
    /// index of the first maximum within the reduced axes (over `axes![1, 2]` of `[2, 3, 4]`, an
    /// index `i` is position `[i / 4, i % 4]` along axes 1 and 2). `None` if one of the axes has
    /// size 0.
    ///
    /// The first maximum on ties, as NumPy; NaN is ignored unless every element is NaN, and
    /// then the index is 0, so that the element at the index always equals
    /// [`max_axes`](Self::max_axes)' value as `==` compares (`0.0` and `-0.0` are a tie, see
    /// above). Evaluated as the expression's (`self.lazy().argmax_axes()`): in lanes of 16
    /// outputs, or one scan per column where a row of fewer than 32 outputs each folds a column.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f32, shape![2, 3]>::from([[1.0, 7.0, 7.0], [f32::NAN, 2.0, 0.5]]);
    /// assert_eq!(t.argmax_axes::<axes![1]>().unwrap().as_slice(), [1, 1]); // first of the ties; NaN ignored
    /// assert_eq!(t.argmax_axes::<axes![0]>().unwrap().as_slice(), [0, 0, 0]);
    /// assert_eq!(t.argmax_axes::<axes![0, 1]>().unwrap().as_slice(), [1]); // [0, 1]
    /// ```
    #[inline]
    pub fn argmax_axes<Ax: Axes>(&self) -> Option<Reduced<usize, D, S, Ax>>
    where
        S: AnyRemoveAxes<Ax>,
        D::Elem: Shared,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<usize, AnyWithoutAxes<S, Ax>>,
    {
        self.folded::<Ax, ArgMaxFold>().map(Lazy::eager)
    }

    /// [`argmax_axes`](Self::argmax_axes) into `out`, which is overwritten: `None`, with `out`
    /// left as it was, if one of the axes has size 0.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let scores = Tensor::<f32, shape![2, 3]>::from([[0.1, 0.7, 0.2], [0.5, 0.1, 0.4]]);
    /// let mut class = [0; 2];
    /// scores.argmax_axes_into::<axes![1]>(&mut TensorMut::new(&mut class)?).unwrap();
    /// assert_eq!(class, [1, 0]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    #[must_use = "`None` when a reduced axis is empty, and `out` is then left as it was"]
    pub fn argmax_axes_into<Ax: Axes>(
        &self,
        out: &mut TensorMut<'_, usize, AnyWithoutAxes<S, Ax>>,
    ) -> Option<()>
    where
        S: AnyRemoveAxes<Ax>,
        D::Elem: Shared,
    {
        self.folded::<Ax, ArgMaxFold>().map(|e| e.eval_into(out))
    }

    /// Where the minimum over the axes `Ax` is, as [`argmax_axes`](Self::argmax_axes) gives the
    /// maximum's: the first on ties, NaN ignored unless every element is NaN. `None` if one of
    /// the axes has size 0.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i64, shape![2, 2, 2]>::from([[[3, 1], [1, 2]], [[0, 9], [9, 0]]]);
    /// assert_eq!(t.argmin_axes::<axes![1, 2]>().unwrap().as_slice(), [1, 0]);
    /// ```
    #[inline]
    pub fn argmin_axes<Ax: Axes>(&self) -> Option<Reduced<usize, D, S, Ax>>
    where
        S: AnyRemoveAxes<Ax>,
        D::Elem: Shared,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<usize, AnyWithoutAxes<S, Ax>>,
    {
        self.folded::<Ax, ArgMinFold>().map(Lazy::eager)
    }

    /// [`argmin_axes`](Self::argmin_axes) into `out`, which is overwritten: `None`, with `out`
    /// left as it was, if one of the axes has size 0.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<i64, shape![2, 2]>::from([[3, 1], [0, 9]]);
    /// let mut at = [7; 2];
    /// t.argmin_axes_into::<axes![0]>(&mut TensorMut::new(&mut at)?).unwrap();
    /// assert_eq!(at, [1, 0]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    #[must_use = "`None` when a reduced axis is empty, and `out` is then left as it was"]
    pub fn argmin_axes_into<Ax: Axes>(
        &self,
        out: &mut TensorMut<'_, usize, AnyWithoutAxes<S, Ax>>,
    ) -> Option<()>
    where
        S: AnyRemoveAxes<Ax>,
        D::Elem: Shared,
    {
        self.folded::<Ax, ArgMinFold>().map(|e| e.eval_into(out))
    }
}

/// The mean. (Its bound on the elements is each method's, so that a mean of integers is
/// refused with [`Mean`]'s message, not as a method that does not exist.)
impl<D: Data, S: AnyShape> TensorBase<D, S> {
    /// The mean over the axes `Ax`, which are removed: NumPy's rule, [`sum_axes`](Self::sum_axes)
    /// divided by `count`, the product of the sizes of `Ax` (read at run time for run-time
    /// sizes). So the mean of equal elements is that element whenever their sum is exact (49
    /// copies of `7.0` give `7.0`, and a constant feature standardizes to 0).
    ///
    /// The sum's caveat holds: it is folded in lanes, so the last bits can differ from a
    /// left-to-right loop. Over an axis of size 0 the mean is NaN (0 / 0), as NumPy's is.
    /// Defined for floats only: for integers, convert first (`map(f64::from)`), as NumPy's mean
    /// of integers is a `float64`.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f32, shape![2, 4]>::from([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]);
    /// assert_eq!(t.mean_axes::<axes![0]>().as_slice(), [3.0, 4.0, 5.0, 6.0]);
    /// assert_eq!(t.mean_axes::<axes![1]>().as_slice(), [2.5, 6.5]);
    /// let sevens = Tensor::<f64, shape![49]>::splat(7.0);
    /// assert_eq!(sevens.mean_axes::<axes![0]>().value(), 7.0); // 343 / 49, not 343 × (1 / 49)
    ///
    /// struct Rows;
    /// bind!(let rows: Rows = 0);
    /// let empty = TensorRef::from_shape(dims![rows, 4], &[] as &[f32])?;
    /// assert!(empty.mean_axes::<axes![0]>().as_slice().iter().all(|m| m.is_nan()));
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn mean_axes<Ax: Axes>(&self) -> Reduced<D::Elem, D, S, Ax>
    where
        D::Elem: Mean + Shared,
        S: AnyRemoveAxes<Ax>,
        New<AnyWithoutAxes<S, Ax>, HomeOf<D, S>>: OwnedData<D::Elem, AnyWithoutAxes<S, Ax>>,
    {
        Lazy(Reduce::<_, Ax, MeanFold, _>::new(self.lazy().0)).eager()
    }

    /// The mean over the axes `Ax` into `out`, which is overwritten.
    ///
    /// ```
    /// # use shapecast::prelude::*;
    /// let t = Tensor::<f64, shape![2, 2]>::from([[1.0, 2.0], [3.0, 5.0]]);
    /// let mut means = [0.0; 2];
    /// t.mean_axes_into::<axes![1]>(&mut TensorMut::new(&mut means)?);
    /// assert_eq!(means, [1.5, 4.0]);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    #[inline]
    pub fn mean_axes_into<Ax: Axes>(&self, out: &mut TensorMut<'_, D::Elem, AnyWithoutAxes<S, Ax>>)
    where
        D::Elem: Mean + Shared,
        S: AnyRemoveAxes<Ax>,
    {
        Lazy(Reduce::<_, Ax, MeanFold, AnyWithoutAxes<S, Ax>>::new(self.lazy().0)).eval_into(out);
    }
}

/// The private core of every reduction, for any storage and shape kind: the reduction as an
/// expression, evaluated at once by its caller as the expressions' reductions are.
impl<D: Data, S: AnyShape> TensorBase<D, S>
where
    D::Elem: Copy + Shared,
{
    /// The fold `F` over the axes `Ax`: `None` when one of them has size 0, so that no output
    /// has an element to fold (decided before anything is allocated: the output of an empty
    /// reduction may be huge, its kept axes not empty, and there is no answer to hold).
    #[hot]
    fn folded<Ax: Axes, F: Fold<D::Elem>>(&self) -> Option<Lazy<Folded<'_, D, S, Ax, F>>>
    where
        S: AnyRemoveAxes<Ax>,
        F::Output: Shared,
    {
        let e = Reduce::<_, Ax, F, AnyWithoutAxes<S, Ax>>::new(self.lazy().0);
        let empty = ReducePlan::<S, _, NGraph<Ax>>::count(&self.shape(), &e.shape()) == 0;
        (!empty).then_some(Lazy(e))
    }
}
