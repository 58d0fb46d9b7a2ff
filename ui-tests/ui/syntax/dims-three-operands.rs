// Rejects XLA's binary dims with three operands
use shapecast::prelude::*;

type Out = broadcast!([3], [2, 3], [3], dims = [1]);

fn main() {
    let _: Option<Out> = None;
}
