// Rejects a negative size
use shapecast::prelude::*;

type Out = broadcast!([2, -1], [2]);

fn main() {
    let _: Option<Out> = None;
}
