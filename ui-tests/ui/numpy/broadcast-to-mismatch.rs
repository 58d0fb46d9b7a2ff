// Rejects broadcast_to onto a different size
use shapecast::prelude::*;

type Out = broadcast!([2, 3] => [4, 2, 4]);

fn main() {
    let _: Option<Out> = None;
}
