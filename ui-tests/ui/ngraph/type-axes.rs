// Rejects nGraph's form with type operands and a size-1 argument
use shapecast::prelude::*;

type A = shape![1];
type S = shape![2, 3];

fn main() {
    let _: Option<broadcast!(A => S, axes = [0])> = None;
}
