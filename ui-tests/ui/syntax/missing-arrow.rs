// Rejects two operands with neither `,` nor `=>` between them
use shapecast::prelude::*;

type Out = broadcast!([3] [2, 3]);

fn main() {
    let _: Option<Out> = None;
}
