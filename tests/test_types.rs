//! The type level: each form with literal operands, with type operands, and in generic code.

use shapecast::prelude::*;
use shapecast::shape::{Cons, Dim, Nil, Number};
use static_assertions::{assert_impl_all, assert_not_impl_any, assert_type_eq_all};

type M23 = shape![2, 3];
type V3 = shape![3];

// NumPy, literal and type operands agree with the spelled result.
assert_type_eq_all!(broadcast!([2, 3], [3]), shape![2, 3], broadcast!(M23, V3), broadcast!(M23, [3]));
assert_type_eq_all!(broadcast!([], [3], [2, 3]), broadcast!(shape![], V3, M23), M23);
assert_type_eq_all!(
    broadcast!([2, 1, 1], [1, 3, 5]),
    broadcast!(shape![2, 1, 1], shape![1, 3, 5]),
    shape![2, 3, 5]
);
assert_type_eq_all!(broadcast!([1, 0], [0, 1]), broadcast!(shape![1, 0], shape![0, 1]), shape![0, 0]);
assert_type_eq_all!(broadcast!(), shape![]);
assert_type_eq_all!(broadcast!(V3), V3);
assert_type_eq_all!(broadcast!([3] => [2, 3]), broadcast!(V3 => M23), M23);
// nGraph
assert_type_eq_all!(
    broadcast!([3] => [3, 2], axes = [1]),
    broadcast!(V3 => shape![3, 2], axes = [1]),
    shape![3, 2]
);
// XLA BroadcastInDim
assert_type_eq_all!(
    broadcast!([2, 1, 4] => [2, 3, 4], dims = [0, 1, 2]),
    broadcast!(shape![2, 1, 4] => shape![2, 3, 4], dims = [0, 1, 2])
);
// XLA binary
assert_type_eq_all!(
    broadcast!([4], [1, 2], dims = [0]),
    broadcast!(shape![4], shape![1, 2], dims = [0]),
    shape![4, 2]
);
assert_type_eq_all!(
    broadcast!([1, 2], [4, 3, 1], dims = [1, 2]),
    broadcast!(shape![1, 2], shape![4, 3, 1], dims = [1, 2]),
    shape![4, 3, 2]
);
assert_type_eq_all!(broadcast!([2, 3], [], dims = []), broadcast!(M23, shape![], dims = []), M23);
assert_type_eq_all!(
    broadcast!([2, 3], [2, 1, 4], dims = [0, 1]),
    broadcast!(M23, shape![2, 1, 4], dims = [0, 1]),
    shape![2, 3, 4]
);
assert_type_eq_all!(
    broadcast!([2, 1], [2, 3], dims = [0, 1]),
    broadcast!(shape![2, 1], M23, dims = [0, 1]),
    M23
);
assert_type_eq_all!(broadcast!(shape![2, 1], M23, dims = []), M23);
// Big sizes need no table.
assert_type_eq_all!(
    broadcast!([1500, 1], [65537]),
    broadcast!(shape![1500, 1], shape![65537]),
    shape![1500, 65537]
);
// Sizes are `Dim<n>` where typenum has a constant (what rustc then prints), `Big` beyond:
// the edges of typenum's table, as the macro knows it.
assert_type_eq_all!(
    shape![0, 1024, 2047, 2048],
    Cons<Dim<0>, Cons<Dim<1024>, Cons<Dim<2047>, Cons<Dim<2048>, Nil>>>>
);
assert_type_eq_all!(
    shape![3600, 4095, 4096, 10000],
    Cons<Dim<3600>, Cons<Dim<4095>, Cons<Dim<4096>, Cons<Dim<10000>, Nil>>>>
);
assert_impl_all!(Dim<9223372036854775807>: Number);
assert_impl_all!(Dim<9223372036854775808>: Number);
assert_impl_all!(Dim<10000000000000000000>: Number);
assert_impl_all!(shape![1025, 2049, 3601, 10001]: Shape);

assert_not_impl_any!(shape![2, 4]: Broadcast<M23>);
assert_not_impl_any!(V3: BroadcastTo<shape![1]>, BroadcastTo<shape![]>);
assert_not_impl_any!(shape![1, 1]: BroadcastTo<shape![1]>);
assert_not_impl_any!(shape![1]: BroadcastAxes<M23, axes![0]>);
assert_not_impl_any!(V3: BroadcastAxes<M23, axes![2]>, BroadcastAxes<M23, axes![]>);
assert_not_impl_any!(V3: BroadcastInDim<shape![2, 1], axes![1]>, BroadcastInDim<M23, axes![0]>, BroadcastInDim<M23, axes![]>);
assert_not_impl_any!(M23: BroadcastWithDims<V3, axes![0]>, BroadcastWithDims<V3, axes![]>);
assert_not_impl_any!(shape![8, 8, 8]: BroadcastWithDims<shape![8, 8], axes![1]>);
assert_not_impl_any!(M23: BroadcastWithDims<M23, axes![1]>, BroadcastWithDims<shape![2, 1], axes![0]>);
assert_impl_all!(M23: BroadcastWithDims<M23, axes![0, 1]>, BroadcastWithDims<M23, axes![]>);

// The storage length is the element count, up to the last that fits in usize (64 binary digits);
// one more digit and the shape is no `Shape`. Braced sizes: `shape!` itself refuses the overflow.
#[cfg(target_pointer_width = "64")]
mod edge_of_usize {
    use super::*;
    use typenum::Unsigned;

    const HIGH: usize = 1 << 63;
    const QUARTER: usize = 1 << 62;
    type Top = shape![{ HIGH }];
    type Most = shape![3, { QUARTER }];
    type Over = shape![{ HIGH }, 2];

    #[test]
    fn the_storage_length_is_the_count() {
        assert_eq!(<<Top as Shape>::Len as Unsigned>::USIZE, Top::LEN);
        assert_eq!(<<Most as Shape>::Len as Unsigned>::USIZE, Most::LEN);
        assert_eq!(Most::LEN, usize::MAX - QUARTER + 1);
        assert_eq!(<<shape![255] as Shape>::Len as Unsigned>::USIZE, 255);
        assert_eq!(<<shape![256] as Shape>::Len as Unsigned>::USIZE, 256);
        assert_eq!(<<shape![1500, 65537] as Shape>::Len as Unsigned>::USIZE, 1500 * 65537);
    }

    assert_not_impl_any!(Over: Shape);
}

fn generic<A: Broadcast<B>, B: Shape>() -> &'static [usize] {
    Broadcasted::<A, B>::dims()
}

fn generic_to<A: BroadcastTo<S>, S: Shape>() -> usize {
    BroadcastedTo::<A, S>::LEN
}

#[test]
fn generic_code_sees_the_output() {
    assert_eq!(generic::<shape![2, 1], shape![1, 3]>(), [2, 3]);
    assert_eq!(generic_to::<V3, M23>(), 6);
    assert_eq!(<broadcast!([1500, 1], [65537])>::LEN, 1500 * 65537);
    assert_eq!(format!("{:?}", <broadcast!([2, 1], [3])>::default()), "[2, 3]");
    // An array's size is the same type as the macro's, in the table and beyond 1024.
    let _: Tensor<u8, shape![2048]> = Tensor::from([0u8; 2048]);
    let _: Tensor<u8, shape![2, 1024]> = Tensor::from([[0u8; 1024]; 2]);
    assert_eq!(<shape![1025, 2049]>::DIMS, [1025, 2049]);
}
