// Rejects a size given by a constant (a macro cannot read its value)
use shapecast::prelude::*;

const BATCH: usize = 2;

type Out = broadcast!([BATCH, 3], [3]);

fn main() {
    let _: Option<Out> = None;
    let _ = BATCH;
}
