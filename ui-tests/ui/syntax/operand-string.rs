// Rejects a string in operand position: the message says what an operand is
use shapecast::prelude::*;

type Out = broadcast!([2], "x");

fn main() {
    let _: Option<Out> = None;
}
