// Rejects XLA's binary form with type operands and a mismatched dim
use shapecast::prelude::*;

type M = shape![2, 3];
type V = shape![3];

fn main() {
    let _: Option<broadcast!(M, V, dims = [0])> = None;
}
