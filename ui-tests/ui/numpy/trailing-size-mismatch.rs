// Rejects two shapes whose last sizes differ and neither is 1
use shapecast::prelude::*;

type Out = broadcast!([2, 4], [2, 3]);

fn main() {
    let _: Option<Out> = None;
}
