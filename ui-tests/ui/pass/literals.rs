// Every form with literal operands compiles to the shape! of its result.
use shapecast::prelude::*;
use static_assertions::assert_type_eq_all;

assert_type_eq_all!(broadcast!([2, 3], [3]), shape![2, 3]);
assert_type_eq_all!(broadcast!([2, 1], [1, 3]), shape![2, 3]);
assert_type_eq_all!(broadcast!([3] => [2, 3]), shape![2, 3]);
assert_type_eq_all!(broadcast!([3] => [3, 2], axes = [1]), shape![3, 2]);
assert_type_eq_all!(broadcast!([2, 1, 4] => [2, 3, 4], dims = [0, 1, 2]), shape![2, 3, 4]);
assert_type_eq_all!(broadcast!([4], [1, 2], dims = [0]), shape![4, 2]);

fn main() {}
