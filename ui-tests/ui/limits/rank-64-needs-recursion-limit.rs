// Rejects a typed rank-64 broadcast without a higher recursion limit: rustc names the fix
use shapecast::prelude::*;

type Big = shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

fn main() {
    assert_eq!(<broadcast!(Big, [2])>::RANK, 64);
}
