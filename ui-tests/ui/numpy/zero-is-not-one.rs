// Rejects size 0 against size 2: 0 is a size, not a wildcard
use shapecast::prelude::*;

type Out = broadcast!([0], [2]);

fn main() {
    let _: Option<Out> = None;
}
