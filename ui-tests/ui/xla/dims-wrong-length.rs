// Rejects more dims entries than the lower-rank operand has axes
use shapecast::prelude::*;

type Out = broadcast!([16, 8, 4], [8, 4], dims = [0, 1, 2]);

fn main() {
    let _: Option<Out> = None;
}
