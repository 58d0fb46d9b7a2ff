// Rejects sizes without a comma between them in shape!
use shapecast::prelude::*;

type Out = shape![2 3];

fn main() {
    let _: Option<Out> = None;
}
