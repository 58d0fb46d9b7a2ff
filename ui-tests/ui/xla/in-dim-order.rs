// Rejects BroadcastInDim with dims in decreasing order
use shapecast::prelude::*;

type Out = broadcast!([32, 32, 32] => [32, 32, 32, 32], dims = [3, 2, 1]);

fn main() {
    let _: Option<Out> = None;
}
