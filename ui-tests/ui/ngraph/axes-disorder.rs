// Rejects broadcast axes out of order
use shapecast::prelude::*;

type Out = broadcast!([3] => [2, 4, 3], axes = [1, 0]);

fn main() {
    let _: Option<Out> = None;
}
