// Rejects type operands that broadcast, but whose result has more elements than usize can count
use shapecast::prelude::*;

type A = shape![4294967296, 1];
type B = shape![1, 8589934592];

fn element_count<S: Shape>() -> usize {
    S::LEN
}

fn main() {
    let _ = element_count::<broadcast!(A, B)>();
}
