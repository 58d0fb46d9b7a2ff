// Rejects a size that is not an integer
use shapecast::prelude::*;

type Out = broadcast!([2.5], [2]);

fn main() {
    let _: Option<Out> = None;
}
