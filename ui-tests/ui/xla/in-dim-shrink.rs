// Rejects BroadcastInDim feeding a size-1 target axis from size 3 (one-way)
use shapecast::prelude::*;

type Out = broadcast!([3] => [1, 2, 3], dims = [1]);

fn main() {
    let _: Option<Out> = None;
}
