// Rejects broadcast_to removing an axis
use shapecast::prelude::*;

type Out = broadcast!([1, 1] => [1]);

fn main() {
    let _: Option<Out> = None;
}
