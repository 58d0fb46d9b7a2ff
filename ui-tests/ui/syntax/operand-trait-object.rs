// Rejects a type operand that cannot be a shape (a trait object): the message says what an operand is
use shapecast::prelude::*;

trait Sizes {}

type Out = broadcast!([2], dyn Sizes +);

fn main() {
    let _: Option<Out> = None;
}
