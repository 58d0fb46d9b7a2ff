// Rejects BroadcastInDim onto a lower rank
use shapecast::prelude::*;

type Out = broadcast!([2, 2] => [2], dims = [0, 1]);

fn main() {
    let _: Option<Out> = None;
}
