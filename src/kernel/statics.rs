//! Plans for shapes that are types. When every size is fixed, each loop bound and stride of a
//! kernel is an associated constant, computed by the rules' own `const fn` mappings; when a
//! shape holds run-time sizes, the same functions build the plan from its extents, once per call.

use core::marker::PhantomData;
use shapecast_macros::hot;

use shapecast_rules::{
    DynShape, MAX_RANK, in_dim_axis_map, ngraph_axis_map, numpy_axis_map, row_major_strides,
    strides_over_output, with_dims_axis_maps,
};

use super::{Plan, Runs};
use crate::shape::sealed::Proof;
use crate::shape::{AnyShape, Axes, List, extents_in};

/// The sizes of `S` known at compile time: all of them when `S::FIXED`.
pub(crate) const fn static_dims<S: AnyShape>() -> &'static [usize] {
    S::STATIC.split_at(S::RANK).0
}

/// Where the axes of an operand of shape `From` land in an output of shape `To`.
pub trait MapInto<From: AnyShape, To: AnyShape> {
    /// Axis `k` of the operand lands on output axis `MAP[k]`.
    const MAP: DynShape;
    /// [`MAP`](Self::MAP)'s entries, read where the constant lies (a pass takes them with no
    /// copy of the whole map).
    const ONTO: &'static [usize] = Self::MAP.as_slice();
}

/// NumPy: aligned to the right.
pub struct Numpy;
impl<F: AnyShape, T: AnyShape> MapInto<F, T> for Numpy {
    const MAP: DynShape = numpy_axis_map(F::RANK, T::RANK);
}

/// nGraph: onto the output axes not in `Ax`.
pub(crate) struct NGraph<Ax>(PhantomData<Ax>);
impl<F: AnyShape, T: AnyShape, Ax: Axes> MapInto<F, T> for NGraph<Ax> {
    const MAP: DynShape = ngraph_axis_map(T::RANK, <Ax::List as List>::ITEMS);
}

/// XLA `BroadcastInDim`: axis `k` onto `D[k]`.
pub(crate) struct InDim<D>(PhantomData<D>);
impl<F: AnyShape, T: AnyShape, D: Axes> MapInto<F, T> for InDim<D> {
    const MAP: DynShape = in_dim_axis_map(<D::List as List>::ITEMS);
}

/// XLA binary form: the map of the left operand `F`, whose partner is `Other`.
pub struct WithDimsLhs<D, Other>(PhantomData<(D, Other)>);
impl<F: AnyShape, T: AnyShape, D: Axes, Other: AnyShape> MapInto<F, T> for WithDimsLhs<D, Other> {
    const MAP: DynShape = with_dims_axis_maps(F::RANK, Other::RANK, <D::List as List>::ITEMS)[0];
}

/// XLA binary form: the map of the right operand `F`, whose partner is `Other`.
pub struct WithDimsRhs<D, Other>(PhantomData<(D, Other)>);
impl<F: AnyShape, T: AnyShape, D: Axes, Other: AnyShape> MapInto<F, T> for WithDimsRhs<D, Other> {
    const MAP: DynShape = with_dims_axis_maps(Other::RANK, F::RANK, <D::List as List>::ITEMS)[1];
}

/// Copying an `F`-shaped operand into a `T`-shaped output through the map `M`.
pub(crate) struct CopyPlan<F, T, M>(PhantomData<(F, T, M)>);
impl<F: AnyShape, T: AnyShape, M: MapInto<F, T>> CopyPlan<F, T, M> {
    const PLAN: Plan<1> = Plan::new(
        static_dims::<T>(),
        [strides_over_output(static_dims::<F>(), M::MAP.as_slice(), T::RANK).as_slice()],
    );

    /// Runs `k` with the plan and its inner run: the constant ones when both shapes are fixed,
    /// and a constant inner run when the shapes' fixed trailing axes make it so.
    #[hot]
    pub(crate) fn with<R>(from: &F, to: &T, k: impl FnOnce(&Plan<1>, Runs<1>) -> R) -> R {
        if F::FIXED && T::FIXED {
            let plan: &'static Plan<_> = &Self::PLAN;
            k(plan, plan.runs())
        } else {
            let (mut fb, mut tb) = ([0; MAX_RANK], [0; MAX_RANK]);
            let (from, to) = (extents_in(from, &mut fb), extents_in(to, &mut tb));
            Plan::new(to, [&strides_over_output(from, M::MAP.as_slice(), T::RANK)]).with_runs(&Self::PLAN, k)
        }
    }
}

/// Zipping `A` (through `MA`) and `B` (through `MB`) into an `O`-shaped output.
pub(crate) struct ZipPlan<A, B, O, MA, MB>(PhantomData<(A, B, O, MA, MB)>);
impl<A: AnyShape, B: AnyShape, O: AnyShape, MA: MapInto<A, O>, MB: MapInto<B, O>> ZipPlan<A, B, O, MA, MB> {
    /// The output's sizes: on each axis, the size of an operand that lands there and is not 1
    /// (the types have proved that all such sizes agree), else 1.
    #[hot]
    pub(crate) fn output(a: &A, b: &B) -> O {
        if O::FIXED {
            return O::from_extents(&[], Proof::new());
        }
        let mut out = [1; MAX_RANK];
        let (mut ab, mut bb) = ([0; MAX_RANK], [0; MAX_RANK]);
        for (extents, map) in [(extents_in(a, &mut ab), MA::MAP), (extents_in(b, &mut bb), MB::MAP)] {
            for (&size, &axis) in extents.iter().zip(map.iter()) {
                if size != 1 {
                    out[axis] = size;
                }
            }
        }
        O::from_extents(&out[..O::RANK], Proof::new())
    }
}

/// Summing a `Big`-shaped operand into a `Small`-shaped output whose axes land in `Big`
/// through `M` (the output has stride 0 along the summed axes).
pub(crate) struct ReducePlan<Big, Small, M>(PhantomData<(Big, Small, M)>);
impl<Big: AnyShape, Small: AnyShape, M: MapInto<Small, Big>> ReducePlan<Big, Small, M> {
    /// The plan when both shapes are fixed.
    pub(crate) const PLAN: Plan<2> = Plan::new(
        static_dims::<Big>(),
        [
            row_major_strides(static_dims::<Big>()).as_slice(),
            strides_over_output(static_dims::<Small>(), M::MAP.as_slice(), Big::RANK).as_slice(),
        ],
    );

    /// Runs `k` with the plan and its inner run: the constant ones when both shapes are fixed,
    /// and a constant inner run when the shapes' fixed trailing axes make it so.
    #[hot]
    pub(crate) fn with<R>(big: &Big, small: &Small, k: impl FnOnce(&Plan<2>, Runs<2>) -> R) -> R {
        if Big::FIXED && Small::FIXED {
            let plan: &'static Plan<_> = &Self::PLAN;
            k(plan, plan.runs())
        } else {
            let (mut bb, mut sb) = ([0; MAX_RANK], [0; MAX_RANK]);
            let (big, small) = (extents_in(big, &mut bb), extents_in(small, &mut sb));
            let strides = strides_over_output(small, M::MAP.as_slice(), Big::RANK);
            Plan::new(big, [&row_major_strides(big), &strides]).with_runs(&Self::PLAN, k)
        }
    }

    /// Runs `k` with a plan over `Small` that reads `Big` at each output's first element (index 0
    /// along every reduced axis), and its inner run: constants when both shapes are fixed.
    #[hot]
    pub(crate) fn with_first<R>(big: &Big, small: &Small, k: impl FnOnce(&Plan<1>, Runs<1>) -> R) -> R {
        if Big::FIXED && Small::FIXED {
            let plan: &'static Plan<_> = &Self::FIRST;
            k(plan, plan.runs())
        } else {
            let (mut bb, mut sb) = ([0; MAX_RANK], [0; MAX_RANK]);
            let (big, small) = (extents_in(big, &mut bb), extents_in(small, &mut sb));
            let strides = first_strides(big, M::MAP.as_slice());
            Plan::new(small, [&strides[..Small::RANK]]).with_runs(&Self::FIRST, k)
        }
    }

    /// [`count`](Self::count) when both shapes are fixed.
    pub(crate) const FIXED_COUNT: usize = {
        let small = strides_over_output(static_dims::<Small>(), M::MAP.as_slice(), Big::RANK);
        reduced_count(static_dims::<Big>(), small.as_slice())
    };

    const FIRST: Plan<1> = Plan::new(
        static_dims::<Small>(),
        [first_strides(static_dims::<Big>(), M::MAP.as_slice()).split_at(Small::RANK).0],
    );

    /// How many elements of `Big` fold into each output element: the product of the reduced
    /// sizes, 0 exactly when one of them is 0 (even if the output is empty too), saturating
    /// (an empty output's reduced sizes may multiply past `usize`).
    #[hot]
    pub(crate) fn count(big: &Big, small: &Small) -> usize {
        if Big::FIXED && Small::FIXED {
            const { Self::FIXED_COUNT }
        } else {
            let (mut bb, mut sb) = ([0; MAX_RANK], [0; MAX_RANK]);
            let (big, small) = (extents_in(big, &mut bb), extents_in(small, &mut sb));
            reduced_count(big, &strides_over_output(small, M::MAP.as_slice(), Big::RANK))
        }
    }
}

/// For each axis `k` of the output, the row-major stride in `big` of the axis it lands on,
/// `map[k]`: read with these strides, `big` gives each output's first element.
const fn first_strides(big: &[usize], map: &[usize]) -> [usize; shapecast_rules::MAX_RANK] {
    let own = row_major_strides(big);
    let own = own.as_slice();
    let mut strides = [0; shapecast_rules::MAX_RANK];
    let mut k = 0;
    while k < map.len() && k < strides.len() {
        if map[k] < own.len() {
            strides[k] = own[map[k]];
        }
        k += 1;
    }
    strides
}

/// The product of the sizes in `big` of the axes that an output read with `strides` (one per
/// axis of `big`) walks with stride 0: the axes reduced. It is 0 exactly when one of those
/// sizes is 0, and saturates at `usize::MAX` otherwise (never a wrapped product, which could
/// be 0: `2^62 × 2^62` over a shape `[2^62, 2^62, 0]` whose kept axis is the empty one).
const fn reduced_count(big: &[usize], strides: &[usize]) -> usize {
    let (mut n, mut a) = (1usize, 0);
    while a < strides.len() && a < big.len() {
        if strides[a] == 0 {
            if big[a] == 0 {
                return 0;
            }
            n = n.saturating_mul(big[a]);
        }
        a += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::reduced_count;

    #[test]
    fn a_reduction_is_empty_only_if_a_reduced_size_is_zero() {
        // [2^62, 2^62, 0] over axes 0 and 1 (stride 0 there): 2^62 × 2^62 wraps to 0, yet
        // neither reduced axis is empty. (A typed zip of [R, 1, 0] with [1, Q, 0] once made
        // this shape; it now refuses to.)
        assert_eq!(reduced_count(&[1 << 62, 1 << 62, 0], &[0, 0, 1]), usize::MAX);
        assert_eq!(reduced_count(&[1 << 62, 0, 5], &[0, 0, 1]), 0);
        assert_eq!(reduced_count(&[3, 4, 5], &[0, 1, 0]), 15);
        assert_eq!(reduced_count(&[3, 4], &[1, 1]), 1);
    }
}
