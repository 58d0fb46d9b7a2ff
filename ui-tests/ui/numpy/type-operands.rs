// Rejects type operands whose sizes clash (the message states the rule)
use shapecast::prelude::*;

type A = shape![2, 4];
type B = shape![2, 3];

fn main() {
    let _: Option<broadcast!(A, B)> = None;
}
