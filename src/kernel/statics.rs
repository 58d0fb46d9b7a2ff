//! Plans known at compile time: for shapes that are types, every loop bound and stride of a
//! kernel is an associated constant, computed by the rules' own `const fn` mappings.

use core::marker::PhantomData;

use shapecast_rules::{
    DynShape, in_dim_axis_map, ngraph_axis_map, numpy_axis_map, row_major_strides, strides_over_output,
    with_dims_axis_maps,
};

use super::Plan;
use crate::shape::{Axes, List, Shape};

/// Where the axes of an operand of shape `From` land in an output of shape `To`.
pub(crate) trait MapInto<From: Shape, To: Shape> {
    const MAP: DynShape;
}

/// NumPy: aligned to the right.
pub(crate) struct Numpy;
impl<F: Shape, T: Shape> MapInto<F, T> for Numpy {
    const MAP: DynShape = numpy_axis_map(F::RANK, T::RANK);
}

/// nGraph: onto the output axes not in `Ax`.
pub(crate) struct NGraph<Ax>(PhantomData<Ax>);
impl<F: Shape, T: Shape, Ax: Axes> MapInto<F, T> for NGraph<Ax> {
    const MAP: DynShape = ngraph_axis_map(T::RANK, <Ax::List as List>::ITEMS);
}

/// XLA `BroadcastInDim`: axis `k` onto `D[k]`.
pub(crate) struct InDim<D>(PhantomData<D>);
impl<F: Shape, T: Shape, D: Axes> MapInto<F, T> for InDim<D> {
    const MAP: DynShape = in_dim_axis_map(<D::List as List>::ITEMS);
}

/// XLA binary form: the map of the left operand `F`, whose partner is `Other`.
pub(crate) struct WithDimsLhs<D, Other>(PhantomData<(D, Other)>);
impl<F: Shape, T: Shape, D: Axes, Other: Shape> MapInto<F, T> for WithDimsLhs<D, Other> {
    const MAP: DynShape = with_dims_axis_maps(F::RANK, Other::RANK, <D::List as List>::ITEMS)[0];
}

/// XLA binary form: the map of the right operand `F`, whose partner is `Other`.
pub(crate) struct WithDimsRhs<D, Other>(PhantomData<(D, Other)>);
impl<F: Shape, T: Shape, D: Axes, Other: Shape> MapInto<F, T> for WithDimsRhs<D, Other> {
    const MAP: DynShape = with_dims_axis_maps(Other::RANK, F::RANK, <D::List as List>::ITEMS)[1];
}

/// Copying an `F`-shaped operand into a `T`-shaped output through the map `M`.
pub(crate) struct CopyPlan<F, T, M>(PhantomData<(F, T, M)>);
impl<F: Shape, T: Shape, M: MapInto<F, T>> CopyPlan<F, T, M> {
    pub(crate) const PLAN: Plan<1> =
        Plan::new(T::DIMS, [strides_over_output(F::DIMS, M::MAP.as_slice(), T::RANK).as_slice()]);
}

/// Zipping `A` (through `MA`) and `B` (through `MB`) into an `O`-shaped output.
pub(crate) struct ZipPlan<A, B, O, MA, MB>(PhantomData<(A, B, O, MA, MB)>);
impl<A: Shape, B: Shape, O: Shape, MA: MapInto<A, O>, MB: MapInto<B, O>> ZipPlan<A, B, O, MA, MB> {
    pub(crate) const PLAN: Plan<2> = Plan::new(
        O::DIMS,
        [
            strides_over_output(A::DIMS, MA::MAP.as_slice(), O::RANK).as_slice(),
            strides_over_output(B::DIMS, MB::MAP.as_slice(), O::RANK).as_slice(),
        ],
    );
}

/// Summing a `Big`-shaped operand into a `Small`-shaped output whose axes land in `Big`
/// through `M` (the output has stride 0 along the summed axes).
pub(crate) struct ReducePlan<Big, Small, M>(PhantomData<(Big, Small, M)>);
impl<Big: Shape, Small: Shape, M: MapInto<Small, Big>> ReducePlan<Big, Small, M> {
    pub(crate) const PLAN: Plan<2> = Plan::new(
        Big::DIMS,
        [
            row_major_strides(Big::DIMS).as_slice(),
            strides_over_output(Small::DIMS, M::MAP.as_slice(), Big::RANK).as_slice(),
        ],
    );
}
