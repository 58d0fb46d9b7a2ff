// Rejects broadcast_to shrinking a size to 1 (it is one-way)
use shapecast::prelude::*;

type Out = broadcast!([3] => [1]);

fn main() {
    let _: Option<Out> = None;
}
