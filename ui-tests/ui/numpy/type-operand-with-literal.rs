// Rejects a type operand and a literal that clash
use shapecast::prelude::*;

type A = shape![2, 4];

fn main() {
    let _: Option<broadcast!(A, [3])> = None;
}
