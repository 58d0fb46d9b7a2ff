// Rejects a kept axis whose size differs from the argument's
use shapecast::prelude::*;

type Out = broadcast!([2, 4] => [2, 3, 5], axes = [1]);

fn main() {
    let _: Option<Out> = None;
}
