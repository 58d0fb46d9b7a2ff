// Rejects broadcast_to with type operands, shrinking a size
use shapecast::prelude::*;

type A = shape![3];
type S = shape![1];

fn main() {
    let _: Option<broadcast!(A => S)> = None;
}
