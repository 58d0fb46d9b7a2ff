// Rejects a clash between the second and third of three operands
use shapecast::prelude::*;

type Out = broadcast!([2, 1], [3], [2, 4]);

fn main() {
    let _: Option<Out> = None;
}
