// Rejects a second operand in the `A => S` form
use shapecast::prelude::*;

type Out = broadcast!([3] => [2, 3], [3]);

fn main() {
    let _: Option<Out> = None;
}
