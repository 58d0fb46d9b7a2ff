// Every form with type operands, and generic code over the traits, compiles.
use shapecast::prelude::*;
use static_assertions::assert_type_eq_all;

type M = shape![2, 3];
type V = shape![3];

assert_type_eq_all!(broadcast!(M, V), M);
assert_type_eq_all!(broadcast!(V => M), M);
assert_type_eq_all!(broadcast!(V => shape![3, 2], axes = [1]), shape![3, 2]);
assert_type_eq_all!(broadcast!(V => M, dims = [1]), M);
assert_type_eq_all!(broadcast!(M, V, dims = [1]), M);

fn outer<A: Broadcast<B>, B: Shape>() -> &'static [usize] {
    Broadcasted::<A, B>::dims()
}

fn main() {
    assert_eq!(outer::<shape![4, 1], shape![1, 5]>(), [4, 5]);
}
