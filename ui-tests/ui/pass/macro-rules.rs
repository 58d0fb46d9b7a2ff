// Sizes, axes and dims passed through `macro_rules!` fragments are literals too.
use shapecast::prelude::*;
use static_assertions::assert_type_eq_all;

macro_rules! square {
    ($n:literal) => {
        shape![$n, $n]
    };
}

macro_rules! rows_of {
    ($rows:expr, $cols:tt) => {
        broadcast!([$cols] => [$rows, $cols])
    };
}

macro_rules! in_dim {
    ($d:literal) => {
        broadcast!([2] => [2, 3], dims = [$d])
    };
}

assert_type_eq_all!(square!(3), shape![3, 3]);
assert_type_eq_all!(rows_of!(4, 5), shape![4, 5]);
assert_type_eq_all!(in_dim!(0), shape![2, 3]);

fn main() {
    let t = Tensor::<u8, square!(2)>::splat(1);
    assert_eq!(t.as_slice(), [1; 4]);
}
