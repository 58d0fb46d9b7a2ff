// Rejects BroadcastInDim with type operands, shrinking a size
use shapecast::prelude::*;

type A = shape![3];
type S = shape![2, 1];

fn main() {
    let _: Option<broadcast!(A => S, dims = [1])> = None;
}
