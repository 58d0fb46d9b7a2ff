// Rejects a broadcast axis past the target's rank
use shapecast::prelude::*;

type Out = broadcast!([2, 4] => [2, 3, 4], axes = [1, 3]);

fn main() {
    let _: Option<Out> = None;
}
