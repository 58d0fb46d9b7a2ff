//! What the types tell a reduction's pass of the axes it folds: how many there are (its columns
//! in a plan's table) and, where every reduced size is fixed and none is 0, which of them it
//! steps along and how far. A reduction in a pass planned while the program compiled then
//! folds a block of outputs in loops of constant bounds, its leaves moved by constant strides
//! (see `place`), as a hand loop over k-means' 2 coordinates inside its 4 centroids is.

use core::marker::PhantomData;

use crate::dynamic::MAX_RANK;
use crate::shape::{AnyShape, Axes, List};

/// What the types tell a reduction's pass of its reduced axes (see the module's
/// documentation).
#[doc(hidden)]
pub trait ReducedAxes {
    /// How many axes it reduces: the columns of the table that are its own.
    const COUNT: usize;
    /// How it steps through them, when every reduced size is fixed and none is 0.
    const FOLDING: Option<Folding>;
}

/// The axes `Ax` of an operand of shape `S`, reduced.
#[doc(hidden)]
pub struct Reduced<S, Ax>(PhantomData<fn() -> (S, Ax)>);

impl<S: AnyShape, Ax: Axes> ReducedAxes for Reduced<S, Ax> {
    const COUNT: usize = <Ax::List as List>::COUNT;
    const FOLDING: Option<Folding> = Folding::new(
        <Ax::List as List>::ITEMS,
        S::STATIC.split_at(S::RANK).0,
        S::FIXED,
        S::FIXED_AFTER_FIRST,
    );
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
