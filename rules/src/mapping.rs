//! Where each operand axis lands in the output, and the strides that follow: what kernels and
//! reductions need once a broadcast has been checked.
//!
//! These functions assume shapes a rule function has accepted. On other input they still never
//! panic: entries that point outside the output are ignored. They are `const fn`, so that
//! shapecast's static kernels compute their loop nests with them at compile time.

use crate::{BroadcastError, DynShape, MAX_RANK, broadcast_to};

/// For each axis of an operand, the output axis it lands on (strictly increasing).
///
/// ```
/// // nGraph: [3] placed in [2, 3, 4] with broadcast axes {0, 2} lands on axis 1.
/// assert_eq!(*shapecast_rules::ngraph_axis_map(3, &[0, 2]), [1]);
/// ```
pub type AxisMap = DynShape;

/// NumPy: operand axis `k` lands on `k + out_rank - operand_rank` (aligned to the right).
///
/// ```
/// assert_eq!(*shapecast_rules::numpy_axis_map(1, 3), [2]);
/// ```
pub const fn numpy_axis_map(operand_rank: usize, out_rank: usize) -> AxisMap {
    let offset = out_rank.saturating_sub(operand_rank);
    let mut map = DynShape::scalar();
    let mut k = 0;
    while k < operand_rank && k + offset < out_rank && map.push(k + offset) {
        k += 1;
    }
    map
}

/// nGraph: the argument's axes land, in order, on the output axes not in `axes`.
///
/// ```
/// assert_eq!(*shapecast_rules::ngraph_axis_map(5, &[1, 3]), [0, 2, 4]);
/// ```
pub const fn ngraph_axis_map(out_rank: usize, axes: &[usize]) -> AxisMap {
    let mut map = DynShape::scalar();
    let mut axis = 0;
    while axis < out_rank && axis < MAX_RANK {
        let mut listed = false;
        let mut i = 0;
        while i < axes.len() {
            listed |= axes[i] == axis;
            i += 1;
        }
        if !listed {
            map.push(axis);
        }
        axis += 1;
    }
    map
}

/// XLA `BroadcastInDim`: operand axis `k` lands on `dims[k]`.
///
/// ```
/// assert_eq!(*shapecast_rules::in_dim_axis_map(&[0, 2]), [0, 2]);
/// ```
pub const fn in_dim_axis_map(dims: &[usize]) -> AxisMap {
    DynShape::truncated(dims)
}

/// XLA binary form: the maps of `lhs` and `rhs` onto the output. The higher-rank operand maps
/// identically; the lower one through `dims` (identically too when ranks are equal and `dims`
/// is empty).
///
/// ```
/// let [l, r] = shapecast_rules::with_dims_axis_maps(3, 2, &[0, 2]);
/// assert_eq!(*l, [0, 1, 2]);
/// assert_eq!(*r, [0, 2]);
/// ```
pub const fn with_dims_axis_maps(lhs_rank: usize, rhs_rank: usize, dims: &[usize]) -> [AxisMap; 2] {
    let (low_rank, high_rank) = if lhs_rank < rhs_rank { (lhs_rank, rhs_rank) } else { (rhs_rank, lhs_rank) };
    let high = DynShape::identity(high_rank);
    let low = if dims.is_empty() { DynShape::identity(low_rank) } else { in_dim_axis_map(dims) };
    if lhs_rank < rhs_rank { [low, high] } else { [high, low] }
}

/// Row-major strides of a contiguous array of shape `dims` (wrapping only if the element count
/// overflows, which the rule functions reject).
///
/// ```
/// assert_eq!(*shapecast_rules::row_major_strides(&[2, 3, 4]), [12, 4, 1]);
/// ```
pub const fn row_major_strides(dims: &[usize]) -> DynShape {
    let mut strides = DynShape::filled(dims.len(), 1);
    let mut acc: usize = 1;
    let mut i = strides.rank();
    while i > 0 {
        i -= 1;
        strides.dims[i] = acc;
        acc = acc.wrapping_mul(if dims[i] == 0 { 1 } else { dims[i] });
    }
    strides
}

/// The operand's stride along each of `out_rank` output axes: its own row-major stride where one
/// of its axes of size other than 1 lands (through `map`), 0 where the axis is stretched or absent.
///
/// ```
/// use shapecast_rules::{numpy_axis_map, strides_over_output};
///
/// // [3, 1] read as [2, 3, 4]: axis 0 is new, axis 2 is stretched.
/// assert_eq!(*strides_over_output(&[3, 1], &numpy_axis_map(2, 3), 3), [0, 1, 0]);
/// ```
pub const fn strides_over_output(operand: &[usize], map: &[usize], out_rank: usize) -> DynShape {
    let own = row_major_strides(operand);
    let mut strides = DynShape::filled(out_rank, 0);
    let mut k = 0;
    while k < own.rank() && k < map.len() {
        let axis = map[k];
        if axis < strides.rank() {
            strides.dims[axis] = if operand[k] == 1 { 0 } else { own.dims[k] };
        }
        k += 1;
    }
    strides
}

/// The axes of `from` that `sum_to(from → to)` sums over: the leading axes `to` lacks, and the
/// axes where `to` has size 1. `to` must broadcast to `from` (checked).
///
/// This is TensorFlow's `grad_reduce_idx` convention: an axis where both have size 1 is listed
/// too (summing over it changes nothing).
///
/// ```
/// assert_eq!(*shapecast_rules::sum_to_axes(&[4, 2, 3], &[2, 1])?, [0, 2]);
/// # Ok::<(), shapecast_rules::BroadcastError>(())
/// ```
pub fn sum_to_axes(from: &[usize], to: &[usize]) -> Result<DynShape, BroadcastError> {
    broadcast_to(to, from)?;
    let lead = from.len() - to.len();
    let mut axes = DynShape::scalar();
    for axis in 0..from.len() {
        if axis < lead || to[axis - lead] == 1 {
            axes.push(axis);
        }
    }
    Ok(axes)
}
