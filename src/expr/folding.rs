//! What the types tell a reduction's pass of the axes it folds: how many there are (its columns
//! in a plan's table) and, where every reduced size is fixed and none is 0, which of them it
//! steps along and how far. A reduction in a pass planned while the program compiled then
//! folds a block of outputs in loops of constant bounds, its leaves moved by constant strides
//! (see `place`), as a hand loop over k-means' 2 coordinates inside its 4 centroids is.

use core::marker::PhantomData;

use crate::kernel::statics::MapInto;
use crate::shape::{AnyShape, Axes, List};
use shapecast_rules::MAX_RANK;
use shapecast_rules::{DynShape, ngraph_axis_map};

/// Which axes of an operand of shape `S` a reduction folds, and which of them its result keeps
/// as size 1: the axes `Ax` removed ([`sum_axes`](super::Lazy::sum_axes)), [`Kept<Ax>`] kept
/// ([`sum_keepdims`](super::Lazy::sum_keepdims)), or [`To<S2>`] (the leading axes `S2` lacks
/// removed, those where it has size 1 kept: [`sum_to`](super::Lazy::sum_to)).
#[doc(hidden)]
pub trait Folds<S: AnyShape>: sealed::Sealed {
    /// How many axes are folded.
    const COUNT: usize;
    /// The folded axes, increasing, padded with zeros to [`MAX_RANK`].
    const PADDED: [usize; MAX_RANK];
    /// The folded axes.
    const ITEMS: &'static [usize] = Self::PADDED.split_at(Self::COUNT).0;
    /// The folded axes from this one on stay in the result as size 1; those before it go.
    const KEPT_FROM: usize;
}

/// Only the crate's own: no other type names the axes a reduction folds.
mod sealed {
    pub trait Sealed {}
    impl<Ax: super::Axes> Sealed for Ax {}
    impl<Ax> Sealed for super::Kept<Ax> {}
    impl<S2> Sealed for super::To<S2> {}
}

impl<S: AnyShape, Ax: Axes> Folds<S> for Ax {
    const COUNT: usize = <Ax::List as List>::COUNT;
    const PADDED: [usize; MAX_RANK] = <Ax::List as List>::PADDED;
    const KEPT_FROM: usize = MAX_RANK;
}

/// The axes `Ax`, folded and kept as size 1 (NumPy's `keepdims=True`): what a keep-dims
/// reduction such as [`sum_keepdims`](super::Lazy::sum_keepdims) folds.
pub struct Kept<Ax>(PhantomData<fn() -> Ax>);

impl<S: AnyShape, Ax: Axes> Folds<S> for Kept<Ax> {
    const COUNT: usize = <Ax as Folds<S>>::COUNT;
    const PADDED: [usize; MAX_RANK] = <Ax as Folds<S>>::PADDED;
    const KEPT_FROM: usize = 0;
}

/// The axes folded to reach the shape `S2` that broadcasts to the operand's: the leading ones
/// `S2` lacks, removed, and those where it has a fixed size 1, kept. What
/// [`sum_to`](super::Lazy::sum_to) folds.
pub struct To<S2>(PhantomData<fn() -> S2>);

impl<S: AnyShape, S2: AnyShape> Folds<S> for To<S2> {
    const COUNT: usize = Self::folded(S::RANK).1;
    const PADDED: [usize; MAX_RANK] = Self::folded(S::RANK).0;
    const KEPT_FROM: usize = S::RANK.saturating_sub(S2::RANK);
}

/// Where the output axes of a reduction that folds `Ax` land on its operand's: on the axes it
/// keeps, in order, those folded but kept as size 1 among them. How the kernels over slices
/// plan the reduction of a tensor as it lies (see `Fold::slices`).
pub(crate) struct FoldMap<Ax>(PhantomData<fn() -> Ax>);

impl<F: AnyShape, S: AnyShape, Ax: Folds<S>> MapInto<F, S> for FoldMap<Ax> {
    const MAP: DynShape = {
        // The folded axes it drops: those before `KEPT_FROM`.
        let (mut dropped, mut n, mut i) = ([0; MAX_RANK], 0, 0);
        while i < Ax::COUNT {
            if Ax::PADDED[i] < Ax::KEPT_FROM {
                dropped[n] = Ax::PADDED[i];
                n += 1;
            }
            i += 1;
        }
        ngraph_axis_map(S::RANK, dropped.split_at(n).0)
    };
}

impl<S2: AnyShape> To<S2> {
    /// The folded axes of an operand of `rank`, padded, and how many there are.
    const fn folded(rank: usize) -> ([usize; MAX_RANK], usize) {
        let dropped = rank.saturating_sub(S2::RANK);
        let (mut out, mut n, mut axis) = ([0; MAX_RANK], 0, 0);
        while axis < rank && axis < MAX_RANK {
            if axis < dropped || S2::STATIC[axis - dropped] == 1 {
                out[n] = axis;
                n += 1;
            }
            axis += 1;
        }
        (out, n)
    }
}

/// What the types tell a reduction's pass of its reduced axes (see the module's
/// documentation).
#[doc(hidden)]
pub trait ReducedAxes {
    /// How many axes it reduces: the columns of the table that are its own.
    const COUNT: usize;
    /// How it steps through them, when every reduced size is fixed and none is 0.
    const FOLDING: Option<Folding>;
    /// Whether the reduction has one output: every axis it keeps has the fixed size 1 (a
    /// statistic of the whole operand, kept as `[1, 1, …]`).
    const ONE: bool;
}

/// The axes `Ax` of an operand of shape `S`, reduced.
#[doc(hidden)]
pub struct Reduced<S, Ax>(PhantomData<fn() -> (S, Ax)>);

impl<S: AnyShape, Ax: Folds<S>> ReducedAxes for Reduced<S, Ax> {
    const COUNT: usize = Ax::COUNT;
    const FOLDING: Option<Folding> =
        Folding::new(Ax::ITEMS, S::STATIC.split_at(S::RANK).0, S::FIXED, S::FIXED_AFTER_FIRST);
    const ONE: bool = {
        // (`STATIC` reads a run-time size as 2.)
        let (mut axis, mut one) = (0, true);
        while axis < S::RANK {
            let mut reduced = false;
            let mut k = 0;
            while k < Ax::ITEMS.len() {
                reduced |= Ax::ITEMS[k] == axis;
                k += 1;
            }
            one &= reduced || S::STATIC[axis] == 1;
            axis += 1;
        }
        one
    };
}

/// The reduced axes a reduction steps along (those of a size other than 1, in the operand's
/// order, the last fastest): their columns, counted from the reduction's first, and their sizes.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Folding {
    pub(crate) n: usize,
    pub(crate) columns: [usize; MAX_RANK],
    pub(crate) sizes: [usize; MAX_RANK],
}

impl Folding {
    /// `folding`, or no axis where there is none (a stand-in, never folded).
    pub(crate) const fn or_none(folding: Option<Folding>) -> Folding {
        match folding {
            Some(folding) => folding,
            None => Folding { n: 0, columns: [0; MAX_RANK], sizes: [0; MAX_RANK] },
        }
    }

    /// The axes `reduced` of an operand of sizes `dims` (all fixed if `fixed`, all but the
    /// first if `after_first`); `None` if a reduced size is known only at run time, or is 0.
    const fn new(reduced: &[usize], dims: &[usize], fixed: bool, after_first: bool) -> Option<Folding> {
        let mut out = Folding { n: 0, columns: [0; MAX_RANK], sizes: [0; MAX_RANK] };
        // Each reduced axis has the next column, in the operand's order (as `source` numbers
        // them), whatever its size.
        let (mut axis, mut column) = (0, 0);
        while axis < dims.len() {
            let mut q = 0;
            while q < reduced.len() && reduced[q] != axis {
                q += 1;
            }
            if q < reduced.len() {
                let known = fixed || (axis > 0 && after_first);
                if !known || dims[axis] == 0 || out.n >= MAX_RANK {
                    return None;
                }
                if dims[axis] != 1 {
                    out.columns[out.n] = column;
                    out.sizes[out.n] = dims[axis];
                    out.n += 1;
                }
                column += 1;
            }
            axis += 1;
        }
        Some(out)
    }

    /// The size of the last axis stepped along (the fastest); 0 without one.
    pub(crate) const fn last_size(&self) -> usize {
        match self.n.checked_sub(1) {
            Some(last) => self.sizes[last],
            None => 0,
        }
    }

    /// How many elements each output folds: the product of the sizes.
    pub(crate) const fn elements(&self) -> usize {
        let (mut k, mut count) = (0, 1);
        while k < self.n {
            count *= self.sizes[k];
            k += 1;
        }
        count
    }
}
