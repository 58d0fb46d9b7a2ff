// Rejects a size mismatch reported before the disorder, in XLA's order
use shapecast::prelude::*;

type Out = broadcast!([16, 8, 4], [8, 4], dims = [2, 1]);

fn main() {
    let _: Option<Out> = None;
}
