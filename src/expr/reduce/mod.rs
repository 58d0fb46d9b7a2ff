//! Reductions of expressions: the sum, mean, maximum, minimum and their positions over any axes
//! of an expression, without materializing it, each with a keep-dims twin whose reduced axes
//! stay as size 1 (so the result broadcasts back against the expression), and totals over every
//! axis. A reduction is itself an expression: an operand of a larger one, fused into its pass.
//!
//! Each output element folds the elements of its reduced axes; the pass computes [`BLOCK`]
//! outputs at once, so the fold runs in lanes across neighbouring outputs and vectorizes even
//! when the reduced axes are short (k-means' 2 coordinates and 4 centroids).
//!
//! Code size: a reduction's block is inlined into the pass, its operand's block into it, and
//! so on down the tree, so that a block of a nested reduction is one stretch of code with no
//! call (a call per operand block made k-means' assignment slower). Each operand's block is
//! read at two places only, the first step of a fold and the others; what runs once per run
//! or less often (the last, shorter block of a run, a single output, a tile of columns) is a
//! function of its own. Inlined too, they multiplied the code at each level of nesting, and
//! the time of a release build with it (k-means' assignment, a nested reduction, built far
//! more slowly).
//!
//! The parts, each built on those before it: the folds themselves, one per reduction (`fold`);
//! what a reduction holds as the pass reads it (`folder`); the outputs remembered by where
//! their operand reads them (`remember`); outputs that fold far-apart elements, across
//! neighbouring outputs (`column`), and outputs that each fold a row, elements close together
//! (`row`); the choice among those ways for each block, and the reduction as a source of the
//! pass (`way`); and the totals over every element (`total`).

mod column;
mod fold;
mod folder;
mod remember;
mod row;
mod total;
mod way;

use super::folding::{FoldMap, Folds, Kept, Reduced, To};
use super::{AT_RANK, Alone, Expression, Index, Lazy, Typed};
use crate::forms::{AnyBroadcastTo, AnyRemoveAxes, AnyWithoutAxes};
use crate::kernel::Runs;
use crate::kernel::constant::{self, Strides};
use crate::kernel::fused::BLOCK;
use crate::kernel::source::Shared;
use crate::kernel::statics::ReducePlan;
use crate::shape::sealed::Proof;
use crate::shape::{AnyShape, Axes};
use crate::summable::Mean;
use crate::typelevel::{FewPositionsAt, InsertOnes, NonEmptyAt};
use core::marker::PhantomData;
use shapecast_macros::hot;
use shapecast_rules::MAX_RANK;

use column::STRIP;
use folder::One;

pub use fold::{ArgFold, ArgMaxFold, ArgMinFold, Fold, MaxFold, MeanFold, MinFold, PickFold, SumFold};
pub use folder::{Folder, ReduceSource};

/// `S` with the axes `Ax` kept as size 1: the shape of a keep-dims reduction.
pub type KeptAxes<S, Ax> = <AnyWithoutAxes<S, Ax> as InsertOnes<<Ax as Axes>::List>>::Output;

/// The reduction `F` of `E` over the axes `Ax`, of shape `O`: the axes `Ax` removed, `Kept<Ax>`
/// kept as size 1, or those that reach `S2` for `To<S2>`.
pub struct Reduce<E, Ax, F, O> {
    inner: E,
    shape: O,
    what: PhantomData<(Ax, F)>,
}

impl<E: Clone, Ax, F, O: Clone> Clone for Reduce<E, Ax, F, O> {
    fn clone(&self) -> Self {
        Reduce { inner: self.inner.clone(), shape: self.shape.clone(), what: PhantomData }
    }
}

impl<E: Copy, Ax, F, O: Copy> Copy for Reduce<E, Ax, F, O> {}

impl<E: Typed, Ax: Folds<E::Shape>, F, O: AnyShape> Reduce<E, Ax, F, O> {
    /// The reduction of `inner`; the output's run-time sizes are the kept axes'.
    #[hot]
    pub(crate) fn new(inner: E) -> Self {
        if O::FIXED {
            return Reduce { inner, shape: O::from_extents(&[], Proof::new()), what: PhantomData };
        }
        let mut dims = [0; MAX_RANK];
        let dims = crate::shape::extents_in(&inner.shape(), &mut dims);
        let mut out = [1; MAX_RANK];
        let rank = kept_extents(dims, Ax::ITEMS, Ax::KEPT_FROM, &mut out);
        let shape = O::from_extents(&out[..rank], Proof::new());
        Reduce { inner, shape, what: PhantomData }
    }

    /// The reduction of `inner` if each output folds at least one element and at most
    /// [`F::MOST`](Fold::MOST), read from the run-time sizes: `None` if a reduced axis has size
    /// 0 (every output then folds none, as all reduce the same axes) or if they multiply past
    /// that. `Some` is never evaluated over an empty axis, so the fold's missing empty value is
    /// never asked for.
    #[hot]
    fn try_new(inner: E) -> Option<Self>
    where
        F: Fold<E::Elem>,
    {
        let mut dims = [0; MAX_RANK];
        let dims = crate::shape::extents_in(&inner.shape(), &mut dims);
        let count = Ax::ITEMS.iter().try_fold(1usize, |n, &a| n.checked_mul(dims[a]))?;
        (count != 0 && count <= F::MOST).then(|| Self::new(inner))
    }
}

/// The sizes of a reduction's output, written to `out`, and its rank: the operand's `dims`
/// but the `reduced` axes, those from `kept_from` on kept as size 1. (Not generic: one copy
/// for every reduction.)
#[hot]
fn kept_extents(dims: &[usize], reduced: &[usize], kept_from: usize, out: &mut [usize; MAX_RANK]) -> usize {
    let mut rank = 0;
    for (axis, &d) in dims.iter().enumerate() {
        if !reduced.contains(&axis) {
            out[rank] = d;
            rank += 1;
        } else if axis >= kept_from {
            rank += 1;
        }
    }
    rank
}

impl<E, Ax, F, O> Reduce<E, Ax, F, O>
where
    E: Typed,
    Ax: Folds<E::Shape>,
    F: Fold<E::Elem>,
    O: AnyShape,
{
    /// Whether this reduction, of a tensor as it lies, is folded faster by the kernels over
    /// slices than in the pass: the one place that chooses, for the eager reductions and the
    /// expressions alike.
    ///
    /// - Where the innermost loop walks a row of outputs ([`Fold::SLICES_UP_TO`] long at
    ///   most), each output folding elements a row apart, but for a row of [`STRIP`] blocks,
    ///   which the pass folds as one strip with its carries in registers: the column sums of
    ///   `[200000, 10]` and of `[1000000, 4]`, the column maxima of `[4096, 1024]`, and the
    ///   first maxima of `[200000, 10]`'s columns.
    /// - Where each output folds rows that lie apart (a channel's sum over a batch of images),
    ///   and the kernels over slices fold the values (not a position).
    ///
    /// Where each output folds one row, the pass folds it in lanes, across the outputs or
    /// along the row, as fast or faster.
    #[hot]
    fn by_slices(&self) -> bool {
        if const { Self::FIXED } {
            return const { Self::FIXED_SLICES };
        }
        let big = self.inner.shape();
        let count = ReducePlan::<E::Shape, O, FoldMap<Ax>>::count(&big, &self.shape);
        ReducePlan::<E::Shape, O, FoldMap<Ax>>::with(&big, &self.shape, |plan, runs| {
            by_slices::<E::Elem, F>(count, plan.dims().len(), runs)
        })
    }

    /// Whether the types fix every size of the reduction.
    const FIXED: bool = E::Shape::FIXED && O::FIXED;

    /// [`by_slices`](Self::by_slices) where the types fix the sizes, decided while the program
    /// compiles.
    const FIXED_SLICES: bool = Self::FIXED && {
        let plan = &ReducePlan::<E::Shape, O, FoldMap<Ax>>::PLAN;
        by_slices::<E::Elem, F>(
            ReducePlan::<E::Shape, O, FoldMap<Ax>>::FIXED_COUNT,
            plan.dims().len(),
            plan.runs(),
        )
    };
}

/// The rule of [`Reduce::by_slices`], from the reduction's plan over its operand (`rank` loops
/// after merging, its innermost `runs`) and how many elements each output folds.
const fn by_slices<T: Copy, F: Fold<T>>(count: usize, rank: usize, runs: Runs<2>) -> bool {
    // The pass counts an output's elements no further than the fold does (`Fold::MOST`).
    let columns = runs.strides[1] == 1 && runs.n <= F::SLICES_UP_TO && runs.n != STRIP * BLOCK;
    let rows = runs.strides[0] == 1 && runs.strides[1] == 0 && F::SLICES_UP_TO == usize::MAX && rank > 2;
    count > F::MOST || columns || rows
}

impl<E, Ax, F, O> Typed for Reduce<E, Ax, F, O>
where
    E: Typed,
    F: Fold<E::Elem>,
    F::Output: Shared,
    O: AnyShape,
{
    type Elem = F::Output;
    type Shape = O;
    type Home = E::Home;

    #[hot]
    fn shape(&self) -> O {
        self.shape
    }
}

impl<E, Ax, F, O> super::ExpressionNode for Reduce<E, Ax, F, O> {
    fn sealed(_: super::seal::Token) {}
}

impl<E, Ax, F, O> Expression for Reduce<E, Ax, F, O>
where
    E: Expression,
    Ax: Folds<E::Shape>,
    F: Fold<E::Elem>,
    F::Output: Shared,
    O: AnyShape,
{
    type Source<const W: usize> = ReduceSource<E::Source<W>, F, W, Reduced<E::Shape, Ax>>;
    const SLOTS: usize = E::SLOTS + Ax::COUNT;
    const STRIDES: Strides = E::STRIDES.moved(
        constant::first(
            &constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM),
            E::Shape::RANK,
        ),
        E::SLOTS,
        O::RANK + Ax::COUNT,
    );

    /// Over fixed sizes, never empty, the types choose; otherwise the sizes do, at run time.
    const ALONE: Alone = match (E::PLAIN && F::SLICES_UP_TO > 0, Self::FIXED) {
        (false, _) => Alone::Never,
        (true, false) => Alone::Sometimes,
        (true, true) if Self::FIXED_SLICES && super::small::count::<E::Shape>() != 0 => Alone::Always,
        (true, true) => Alone::Never,
    };
    const AT: bool = E::AT && O::RANK <= AT_RANK;
    const READS: usize = if E::Shape::FIXED {
        let mut reads = E::READS;
        let mut k = 0;
        while k < Ax::COUNT {
            reads = reads.saturating_mul(E::Shape::STATIC[Ax::ITEMS[k]]);
            k += 1;
        }
        reads
    } else {
        usize::MAX
    };

    /// Where the reduction keeps its operand's last axis as its own last, and each output may
    /// start from its first element folded in again ([`Fold::AGAIN`], a maximum or minimum),
    /// which there is: each row of outputs is then folded a row of the operand at a time (see
    /// [`row`](Self::row)). Not a sum: written so, the column sums of a `[16, 3]` i32
    /// expression were vectorized across its rows, by gathers, on x86-64.
    const ROWS: bool = !cfg!(shapecast_small_code)
        && F::AGAIN
        && super::small::count::<E::Shape>() != 0
        && E::Shape::RANK >= 1
        && !super::small::contains(Ax::ITEMS, E::Shape::RANK - 1)
        && super::small::reads_along::<E::Shape, O>(&constant::reduced(
            Ax::ITEMS,
            E::Shape::RANK,
            O::RANK,
            Ax::KEPT_FROM,
        ));

    /// The fold of the operand's elements whose kept axes are at `index`, its reduced axes
    /// taken in row-major order (the position an argmax counts).
    #[hot]
    fn at(&self, index: &Index) -> F::Output {
        let map = const {
            super::small::at_table(&constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM))
        };
        let mut inner = super::small::onto(&map[..E::Shape::RANK], index);
        let mut sizes = [0; AT_RANK];
        let sizes: &[usize] = match E::Shape::FIXED {
            true => &const { super::small::at_dims::<E::Shape>() },
            false => crate::shape::extents_in(&self.inner.shape(), &mut sizes),
        };
        let count = Ax::ITEMS.iter().fold(1, |n, &a| n * sizes[a]);
        let mut read = |i: usize| {
            super::small::reduced_at(&mut inner, i, Ax::ITEMS, sizes);
            self.inner.at(&inner)
        };
        // The operand read at one place, also for the first element: its code once, not twice.
        let mut acc = None;
        for i in 0..count {
            let x = read(i);
            acc = Some(match acc {
                None => F::first(x),
                Some(acc) => F::step(acc, x, i),
            });
        }
        match acc {
            Some(acc) => F::finish(acc, count),
            None => F::empty().expect("the types prove this reduction's axes non-empty"),
        }
    }

    /// Where [`ROWS`](Expression::ROWS), the row of outputs folded with the rows of the
    /// operand outer, each output starting from its first row, which the loop folds in again:
    /// the order of a hand loop, which walks the operand once, not once per output, and one
    /// loop over the rows, the first with the others. The loop steps with the fold's quick step
    /// (a maximum's one compare, `maxps`), and a row where a result may be wrong for it (a NaN
    /// first element, [`Fold::unsure`]) is folded again output by output, as the pass does:
    /// with the exact step, the float maxima of a `[16, 3]` expression made a loop over the
    /// rows too long to unroll, slower on x86-64 than one output at a time.
    #[hot]
    fn row<const N: usize>(&self, index: &Index) -> [F::Output; N] {
        if const { !Self::ROWS } {
            return super::small::along(index, O::RANK, |i| self.at(i));
        }
        let map = const {
            super::small::at_table(&constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM))
        };
        let mut inner = super::small::onto(&map[..E::Shape::RANK], index);
        let sizes = const { super::small::at_dims::<E::Shape>() };
        let count = Ax::ITEMS.iter().fold(1, |n, &a| n * sizes[a]);
        for &a in Ax::ITEMS {
            inner.0[a] = 0;
        }
        let first = self.inner.row::<N>(&inner);
        let mut acc: [F::Acc; N] = super::small::each(|j| F::first(first[j]));
        for i in 0..count {
            super::small::reduced_at(&mut inner, i, Ax::ITEMS, &sizes);
            let x = self.inner.row::<N>(&inner);
            for (acc, &x) in acc.iter_mut().zip(&x) {
                *acc = F::quick(*acc, x, i);
            }
        }
        if F::UNSURE && acc.iter().any(F::unsure) {
            return super::small::along(index, O::RANK, |i| self.at(i));
        }
        super::small::each(|j| F::finish(acc[j], count))
    }

    #[hot]
    fn alone_start(&self) -> Option<F::Output> {
        let src = self.inner.plain()?;
        if self.by_slices() { F::stand_in(src) } else { None }
    }

    #[hot]
    fn alone(&self, out: &mut [F::Output], chosen: bool) -> bool {
        let Some(src) = self.inner.plain() else { return false };
        // (Public, if hidden: an output of any other length is refused, not indexed past.)
        out.len() == crate::tensor::len_of(&self.shape)
            && (chosen || self.by_slices())
            && F::slices::<E::Shape, O, FoldMap<Ax>>(src, &self.inner.shape(), &self.shape, Ax::ITEMS, out)
    }

    #[hot]
    fn source<const W: usize>(self, lands: &[usize], slots: &mut usize) -> Self::Source<W> {
        let shape = self.inner.shape();
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let reduced = Ax::ITEMS;
        let onto = const { constant::reduced(Ax::ITEMS, E::Shape::RANK, O::RANK, Ax::KEPT_FROM) };
        let inner_lands = super::land::<W>(&onto[..dims.len()], O::RANK, lands, *slots);
        *slots += reduced.len();
        let inner = self.inner.source(&inner_lands[..dims.len()], slots);
        let one: One<E::Source<W>, F, W> = const {
            match ReduceSource::<E::Source<W>, F, W, Reduced<E::Shape, Ax>>::SHORT {
                true => Folder::get_as::<true>,
                false => Folder::get_as::<false>,
            }
        };
        let folder = Folder::new(inner, one, dims, &onto[..dims.len()], &inner_lands, O::RANK, reduced);
        ReduceSource { folder, reduced: PhantomData }
    }
}

/// Reductions over `Ax` that remove the axes, and their keep-dims twins. `[…]` lists what else
/// they require, as bounds: nothing for the folds that have a value over no elements (a sum),
/// `NonEmptyAt` for those that do not (a maximum), whose axes must be fixed and not 0, with its
/// proof, which reports an empty axis on its size. Those name their `try_` twins after `=>`:
/// the same reductions over any axes, `None` when the run-time sizes leave no element to fold
/// (or too many, [`Fold::MOST`]).
macro_rules! reductions {
    ($(bounds $bounds:tt {
        $($(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty
        $(=> $(#[$try_doc:meta])* $try_name:ident, $try_keep:ident)?;)*
    })*) => {$($(
        reductions!(@one $bounds $(#[$doc])* $name, $keep, $Fold);
        $(reductions!(@try $(#[$try_doc])* $try_name, $try_keep, $Fold, $keep);)?
    )*)*};
    (@one [$($Bound:tt)*] $(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty) => {
        impl<E: Typed> Lazy<E> {
            $(#[$doc])*
            #[hot]
            pub fn $name<Ax: Axes>(self) -> Lazy<Reduce<E, Ax, $Fold, AnyWithoutAxes<E::Shape, Ax>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $($Bound)*
                $Fold: Fold<E::Elem>,
            {
                Lazy(Reduce::new(self.0))
            }

            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with the reduced axes kept as size 1, so that the result broadcasts back against the expression (NumPy's `keepdims=True`).")]
            #[hot]
            pub fn $keep<Ax: Axes>(self) -> Lazy<Reduce<E, Kept<Ax>, $Fold, KeptAxes<E::Shape, Ax>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $($Bound)*
                AnyWithoutAxes<E::Shape, Ax>: InsertOnes<Ax::List>,
                KeptAxes<E::Shape, Ax>: AnyShape,
                $Fold: Fold<E::Elem>,
            {
                Lazy(Reduce::new(self.0))
            }
        }
    };
    (@try $(#[$doc:meta])* $name:ident, $keep:ident, $Fold:ty, $sure_keep:ident) => {
        impl<E: Typed> Lazy<E> {
            $(#[$doc])*
            #[hot]
            pub fn $name<Ax: Axes>(self) -> Option<Lazy<Reduce<E, Ax, $Fold, AnyWithoutAxes<E::Shape, Ax>>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                $Fold: Fold<E::Elem>,
            {
                Reduce::try_new(self.0).map(Lazy)
            }

            #[doc = concat!("[`", stringify!($name), "`](Self::", stringify!($name), ") with the reduced axes kept as size 1, so that the result broadcasts back against the expression (NumPy's `keepdims=True`); `None` in the same cases. The twin of [`", stringify!($sure_keep), "`](Self::", stringify!($sure_keep), ") over any axes.")]
            #[hot]
            pub fn $keep<Ax: Axes>(self) -> Option<Lazy<Reduce<E, Kept<Ax>, $Fold, KeptAxes<E::Shape, Ax>>>>
            where
                E::Shape: AnyRemoveAxes<Ax>,
                AnyWithoutAxes<E::Shape, Ax>: InsertOnes<Ax::List>,
                KeptAxes<E::Shape, Ax>: AnyShape,
                $Fold: Fold<E::Elem>,
            {
                Reduce::try_new(self.0).map(Lazy)
            }
        }
    };
}

reductions! {
    bounds [] {
    /// The sum over the axes `Ax`, which are removed; nothing is computed yet. Over an empty
    /// axis, 0.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    /// let b = Tensor::<f32, shape![3]>::from([1.0, 1.0, 1.0]);
    /// // Row sums of x + b, in one pass: no [2, 3] temporary.
    /// assert_eq!((x.lazy() + &b).sum_axes::<axes![1]>().eval().as_slice(), [9.0, 18.0]);
    /// ```
    sum_axes, sum_keepdims, SumFold;
    }
    bounds [E::Elem: Mean,] {
    /// The mean over the axes `Ax`, which are removed: the sum divided by the count, as NumPy's
    /// `mean` (NaN over an empty axis); nothing is computed yet.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![2, 3]>::from([[7.0; 3], [1.0, 2.0, 6.0]]);
    /// assert_eq!(x.lazy().mean_axes::<axes![1]>().eval().as_slice(), [7.0, 3.0]);
    /// // Centred on the row means: the reduction broadcasts back.
    /// let centred = (x.lazy() - x.lazy().mean_keepdims::<axes![1]>()).eval();
    /// assert_eq!(centred.as_slice(), [0.0, 0.0, 0.0, -2.0, -1.0, 3.0]);
    /// ```
    mean_axes, mean_keepdims, MeanFold;
    }
    bounds [
        <E::Shape as NonEmptyAt<Ax::List>>::Proof: Sized,
        E::Shape: NonEmptyAt<Ax::List>,
    ] {
    /// The maximum over the axes `Ax`, which are removed; nothing is computed yet. NaN is
    /// ignored unless every element is NaN. The axes must have fixed sizes other than 0, so
    /// the maximum always exists (over a run-time axis, use
    /// [`try_max_axes`](Self::try_max_axes), which answers `None` for an empty one).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 5.0, f32::NAN], [4.0, 2.0, 6.0]]);
    /// assert_eq!(x.lazy().max_axes::<axes![1]>().eval().as_slice(), [5.0, 6.0]);
    /// // Softmax's shift: x − max over the row, kept as [2, 1] to broadcast back.
    /// let shifted = (x.lazy() - x.lazy().max_keepdims::<axes![1]>()).eval();
    /// assert_eq!(shifted.as_slice()[3..], [-2.0, -4.0, 0.0]);
    /// ```
    max_axes, max_keepdims, MaxFold
    =>
    /// The maximum over the axes `Ax`, which are removed, over any axes, run-time sizes
    /// included: `None` if one of them has size 0 (then no output has an element to fold), else
    /// the expression, which evaluates as [`max_axes`](Self::max_axes) does (NaN ignored unless
    /// every element is NaN). The sizes are read here, once: an expression returned is never
    /// evaluated over an empty axis.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// let data = [1.0f32, 5.0, f32::NAN, 4.0, 2.0, 6.0];
    /// bind!(let rows: Rows = 2);
    /// let x = TensorRef::from_shape(dims![rows, 3], &data)?;
    /// let top = x.lazy().try_max_axes::<axes![0]>().expect("two rows").eval();
    /// assert_eq!(top.as_slice(), [4.0, 5.0, 6.0]);
    /// // Each column shifted by its maximum, kept as [1, 3] to broadcast back.
    /// let shifted = (x.lazy() - x.lazy().try_max_keepdims::<axes![0]>().unwrap()).eval();
    /// assert_eq!(shifted.as_slice()[3..], [0.0, -3.0, 0.0]);
    ///
    /// struct Empty;
    /// bind!(let none: Empty = 0);
    /// let empty = TensorRef::from_shape(dims![none, 3], &[] as &[f32])?;
    /// assert!(empty.lazy().try_max_axes::<axes![0]>().is_none()); // the maximum of no rows
    /// let each = empty.lazy().try_max_axes::<axes![1]>().unwrap(); // of each of no rows
    /// assert_eq!(each.eval().as_slice(), []);
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_max_axes, try_max_keepdims;
    /// The minimum over the axes `Ax`, which are removed; the rules of
    /// [`max_axes`](Self::max_axes).
    min_axes, min_keepdims, MinFold
    =>
    /// The minimum over the axes `Ax`, which are removed, over any axes: `None` if one of them
    /// has size 0; the rules of [`try_max_axes`](Self::try_max_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Rows;
    /// let data = [3.0f64, f64::NAN, 1.0, f64::NAN];
    /// bind!(let rows: Rows = 2);
    /// let x = TensorRef::from_shape(dims![rows, 2], &data)?;
    /// let low = x.lazy().try_min_axes::<axes![0]>().unwrap().eval();
    /// assert_eq!(low.as_slice()[0], 1.0);
    /// assert!(low.as_slice()[1].is_nan()); // every element of the column is NaN
    /// bind!(let none: Rows = 0);
    /// let empty = TensorRef::from_shape(dims![none, 2], &[] as &[f64])?;
    /// assert!(empty.lazy().try_min_keepdims::<axes![0]>().is_none());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_min_axes, try_min_keepdims;
    }
    bounds [
        <E::Shape as NonEmptyAt<Ax::List>>::Proof: Sized,
        <E::Shape as FewPositionsAt<Ax::List>>::Proof: Sized,
        E::Shape: NonEmptyAt<Ax::List> + FewPositionsAt<Ax::List>,
    ] {
    /// The flat row-major index of the first maximum within the axes `Ax`, which are removed;
    /// the rules of [`max_axes`](Self::max_axes) (all NaN: index 0). Each output may fold at
    /// most `u32::MAX` elements (the product of the reduced sizes), which the types check: the
    /// position is counted in a `u32`, beside the value in the same vector registers.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let scores = Tensor::<f32, shape![2, 3]>::from([[0.1, 0.7, 0.7], [0.5, 0.1, 0.4]]);
    /// assert_eq!(scores.lazy().argmax_axes::<axes![1]>().eval().as_slice(), [1, 0]);
    /// ```
    argmax_axes, argmax_keepdims, ArgMaxFold
    =>
    /// The flat row-major index of the first maximum within the axes `Ax`, which are removed,
    /// over any axes: the rules of [`try_max_axes`](Self::try_max_axes) (all NaN: index 0).
    /// The position is counted in a `u32`, as for [`argmax_axes`](Self::argmax_axes), and
    /// run-time sizes cannot be checked by the types: `None` also when each output would fold
    /// more than `u32::MAX` elements (the product of the reduced sizes). For those, evaluate the
    /// expression into a tensor and use the tensors' `argmax_axes`.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// struct Samples;
    /// let data = [0.1f32, 0.7, 0.7, 0.5, 0.1, 0.4];
    /// bind!(let n: Samples = 2);
    /// let scores = TensorRef::from_shape(dims![n, 3], &data)?;
    /// let best = scores.lazy().try_argmax_axes::<axes![0]>().unwrap().eval();
    /// assert_eq!(best.as_slice(), [1, 0, 0]); // the first of the ties
    /// let kept = scores.lazy().try_argmax_keepdims::<axes![1]>().unwrap().eval(); // [N, 1]
    /// assert_eq!(kept.as_slice(), [1, 0]);
    /// bind!(let none: Samples = 0);
    /// let empty = TensorRef::from_shape(dims![none, 3], &[] as &[f32])?;
    /// assert!(empty.lazy().try_argmax_axes::<axes![0]>().is_none());
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_argmax_axes, try_argmax_keepdims;
    /// The flat row-major index of the first minimum within the axes `Ax`, which are removed;
    /// the rules of [`max_axes`](Self::max_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// // k-means' assignment: the nearest of 3 centroids for each of 2 points, in one pass.
    /// let points = Tensor::<f32, shape![2, 2]>::from([[0.0, 0.0], [5.0, 5.0]]);
    /// let centroids = Tensor::<f32, shape![3, 2]>::from([[4.0, 4.0], [1.0, 0.0], [9.0, 9.0]]);
    /// let nearest = (points.lazy().insert_axis::<1>() - &centroids) // [2, 3, 2]
    ///     .powi(2)
    ///     .sum_axes::<axes![2]>()                                  // [2, 3]
    ///     .argmin_axes::<axes![1]>()                               // [2]
    ///     .eval();
    /// assert_eq!(nearest.as_slice(), [1, 0]);
    /// ```
    argmin_axes, argmin_keepdims, ArgMinFold
    =>
    /// The flat row-major index of the first minimum within the axes `Ax`, which are removed,
    /// over any axes: the rules of [`try_argmax_axes`](Self::try_argmax_axes).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// // k-means' assignment with the number of centroids read at run time.
    /// struct Centroids;
    /// let points = Tensor::<f32, shape![2, 2]>::from([[0.0, 0.0], [5.0, 5.0]]);
    /// let data = [4.0f32, 4.0, 1.0, 0.0, 9.0, 9.0];
    /// bind!(let k: Centroids = 3);
    /// let centroids = TensorRef::from_shape(dims![k, 2], &data)?;
    /// let nearest = (points.lazy().insert_axis::<1>() - &centroids) // [2, K, 2]
    ///     .powi(2)
    ///     .sum_axes::<axes![2]>()                                  // [2, K]
    ///     .try_argmin_axes::<axes![1]>()                           // [2], if K > 0
    ///     .expect("three centroids")
    ///     .eval();
    /// assert_eq!(nearest.as_slice(), [1, 0]);
    ///
    /// bind!(let none: Centroids = 0);
    /// let no_centroids = TensorRef::from_shape(dims![none, 2], &[] as &[f32])?;
    /// let distances = (points.lazy().insert_axis::<1>() - &no_centroids).powi(2).sum_axes::<axes![2]>();
    /// assert!(distances.try_argmin_axes::<axes![1]>().is_none()); // no nearest of none
    /// # Ok::<(), shapecast::ShapeError>(())
    /// ```
    try_argmin_axes, try_argmin_keepdims;
    }
}

impl<E: Typed> Lazy<E> {
    /// The adjoint of a broadcast to this expression's shape: the sum down to `S2`, which must
    /// broadcast to it, over the leading axes `S2` lacks (removed) and the axes where `S2` has
    /// size 1 (kept), as the eager [`sum_to`](crate::TensorBase::sum_to); nothing is computed
    /// yet. A bias's gradient, say, summed from the expression that gives it, with no
    /// temporary of the expression's size.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let dy = Tensor::<f32, shape![2, 3]>::from([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    /// let keep = Tensor::<f32, shape![2, 3]>::from([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]);
    /// let bias_grad = (dy.lazy() * &keep).sum_to::<shape![3]>().eval();
    /// assert_eq!(bias_grad.as_slice(), [5.0, 5.0, 3.0]);
    /// let row_sums = (dy.lazy() * &keep).sum_to::<shape![2, 1]>().eval(); // the last axis kept as 1
    /// assert_eq!(row_sums.as_slice(), [4.0, 9.0]);
    /// ```
    #[hot]
    pub fn sum_to<S2>(self) -> Lazy<Reduce<E, To<S2>, SumFold, S2>>
    where
        S2: AnyBroadcastTo<E::Shape>,
        <S2 as AnyBroadcastTo<E::Shape>>::Proof: Sized,
        SumFold: Fold<E::Elem>,
    {
        Lazy(Reduce::new(self.0))
    }
}
