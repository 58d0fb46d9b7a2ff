// Rejects `broadcast!` with no operand before `=>`: the message says what an operand is
use shapecast::prelude::*;

type Out = broadcast!(=>);

fn main() {
    let _: Option<Out> = None;
}
