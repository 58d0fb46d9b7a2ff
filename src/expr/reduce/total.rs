//! The totals of an expression (`sum_all`, `max_all`, `argmax_all`, …): every element folded
//! in one pass, in 16 lanes.

use super::fold::{Fold, MaxFold, MeanFold, MinFold, SumFold};
use crate::expr::{Expression, Lazy, Typed};
use crate::kernel::fold::{Max, Min, Pick};
use crate::kernel::fused::{self, BLOCK};
use crate::kernel::way;
use crate::shape::AnyShape;
use crate::summable::{Mean, Summable};
use num_traits::float::FloatCore;
use shapecast_macros::hot;

impl<E: Expression> Lazy<E> {
    /// The sum of every element: evaluated now, in one pass, in 16 lanes added together at the
    /// end (floating-point sums can differ from a left-to-right loop in the last bits).
    ///
    /// This total and the others (`mean_all`, `max_all`, …) panic where
    /// [`eval`](Lazy::eval) does: where run-time sizes make the expression's elements more than
    /// `usize` counts (`[R, 1, 0] + [1, Q, 0]` reduced over its empty axis with keep-dims, for
    /// R = Q = 2^62). They never answer as if such an expression had no elements.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 3]>::from([[1, 2, 3], [4, 5, 6]]);
    /// assert_eq!((x.lazy() * 2).sum_all(), 42);
    /// ```
    #[inline]
    pub fn sum_all(self) -> E::Elem
    where
        E::Elem: Summable,
    {
        self.fold_all::<SumFold>().unwrap_or(E::Elem::ZERO)
    }

    /// The mean of every element: the sum divided by the count (NaN for no elements).
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f64, shape![4]>::from([1.0, 2.0, 3.0, 6.0]);
    /// assert_eq!(x.lazy().mean_all(), 3.0);
    /// ```
    #[inline]
    pub fn mean_all(self) -> E::Elem
    where
        E::Elem: Mean,
    {
        let count = self.0.shape().element_count();
        let sum = self.fold_all::<SumFold>();
        match sum {
            Some(s) => MeanFold::finish(s, count),
            None => E::Elem::nan(),
        }
    }

    /// The maximum of every element, NaN ignored unless every element is NaN: `None` if there
    /// are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![3]>::from([1.0, f32::NAN, -4.0]);
    /// assert_eq!(x.lazy().abs().max_all(), Some(4.0));
    /// ```
    #[inline]
    pub fn max_all(self) -> Option<E::Elem>
    where
        MaxFold: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>,
    {
        self.fold_all::<MaxFold>()
    }

    /// The minimum of every element, NaN ignored unless every element is NaN: `None` if there
    /// are none.
    #[inline]
    pub fn min_all(self) -> Option<E::Elem>
    where
        MinFold: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>,
    {
        self.fold_all::<MinFold>()
    }

    /// The flat row-major index of the first maximum of every element, NaN ignored unless every
    /// element is NaN (then 0), as NumPy's `argmax` with no axis: `None` if there are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<f32, shape![2, 3]>::from([[1.0, 7.0, f32::NAN], [7.0, -2.0, 3.0]]);
    /// assert_eq!(x.lazy().argmax_all(), Some(1)); // the first 7, at [0, 1]
    /// assert_eq!((x.lazy() * -1.0).argmax_all(), Some(4)); // -(-2), at [1, 1]
    /// ```
    #[inline]
    pub fn argmax_all(self) -> Option<usize>
    where
        Max<true>: Pick<E::Elem>,
    {
        self.pick_all::<Max<true>>()
    }

    /// The flat row-major index of the first minimum of every element, NaN ignored unless
    /// every element is NaN (then 0): `None` if there are none.
    ///
    /// ```
    /// use shapecast::prelude::*;
    /// let x = Tensor::<i32, shape![2, 2]>::from([[4, -1], [-1, 0]]);
    /// assert_eq!(x.lazy().argmin_all(), Some(1));
    /// ```
    #[inline]
    pub fn argmin_all(self) -> Option<usize>
    where
        Min<true>: Pick<E::Elem>,
    {
        self.pick_all::<Min<true>>()
    }

    /// The position of the first element that `P` picks over every other, counted in
    /// row-major order as the pass hands the elements on: `None` for no elements.
    #[hot]
    fn pick_all<P: Pick<E::Elem>>(self) -> Option<usize> {
        let (mut best, mut seen) = (None, 0);
        self.each_block(
            #[inline(always)]
            |block| {
                for (k, &x) in block.iter().enumerate() {
                    match best {
                        Some((b, _)) if !P::better(x, b) => {}
                        _ => best = Some((x, seen + k)),
                    }
                }
                seen += block.len();
            },
        );
        best.map(|(_, at)| at)
    }

    /// Folds every element with `F` in 16 lanes, then the lanes together: `None` for no
    /// elements.
    #[hot]
    fn fold_all<F: Fold<E::Elem, Acc = E::Elem, Output = E::Elem>>(self) -> Option<E::Elem> {
        // Element k of each block the pass hands on is folded into lane k % 16. A block is 16
        // elements, a run's last part, or a whole short row whose length the shape fixes
        // (softmax's 10 classes): each is one vector step, with no copy. `started` lanes hold a
        // value; the others start with their first element.
        let mut lanes: Option<[E::Elem; BLOCK]> = None;
        let mut started = 0;
        self.each_block(
            #[inline(always)]
            |block| {
                if let (Ok(full), Some(lanes), BLOCK) =
                    (<&[E::Elem; BLOCK]>::try_from(block), lanes.as_mut(), started)
                {
                    for (a, &x) in lanes.iter_mut().zip(full) {
                        *a = F::step(*a, x, 0);
                    }
                    return;
                }
                for chunk in block.chunks(BLOCK) {
                    let Some(&first) = chunk.first() else { continue };
                    let lanes = lanes.get_or_insert([first; BLOCK]);
                    if chunk.len() <= started {
                        for (a, &x) in lanes.iter_mut().zip(chunk) {
                            *a = F::step(*a, x, 0);
                        }
                    } else {
                        for (k, (a, &x)) in lanes.iter_mut().zip(chunk).enumerate() {
                            *a = if k < started { F::step(*a, x, 0) } else { F::first(x) };
                        }
                        started = chunk.len();
                    }
                }
            },
        );
        lanes.and_then(|lanes| lanes[..started].iter().copied().reduce(|a, b| F::step(a, b, 0)))
    }

    /// One pass over every element of the expression, handing `sink` the elements in
    /// row-major order, a block (or a run's last part, or a short row) at a time: what the
    /// totals fold.
    #[hot]
    fn each_block(self, sink: impl FnMut(&[E::Elem])) {
        let shape = self.0.shape();
        if !E::Shape::FIXED {
            crate::expr::check_result(&shape);
        }
        way::evaluate(EachBlock { expr: self.0, shape, sink });
    }
}

/// The pass of the totals ([`Lazy::each_block`]): every element of `expr`, handed to `sink` a
/// block at a time in row-major order.
struct EachBlock<E: Typed, K> {
    expr: E,
    shape: E::Shape,
    sink: K,
}

impl<E: Expression, K: FnMut(&[E::Elem])> way::Evaluation for EachBlock<E, K> {
    const AXES: usize = E::Shape::RANK + E::SLOTS;
    type Output = ();

    #[hot]
    fn by_pass<const W: usize>(self) {
        let EachBlock { expr, shape, sink } = self;
        let mut dims = [0; W];
        let dims = crate::shape::extents_in(&shape, &mut dims);
        let src = crate::expr::stretched::<W, E>(expr, dims);
        fused::run(dims, crate::expr::hint::<E, E::Shape>(), src, sink)
    }
}
