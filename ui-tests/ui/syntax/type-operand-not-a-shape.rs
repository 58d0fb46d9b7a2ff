// Rejects a type operand that is not a shape: the message says that a shape type is expected
use shapecast::prelude::*;

type Out = broadcast!(u8, [2]);

fn main() {
    let _: Option<Out> = None;
}
