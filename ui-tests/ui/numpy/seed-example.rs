// Rejects the seed's [7, 2, 5] with [7, 2, 6]
use shapecast::prelude::*;

type Out = broadcast!([7, 2, 5], [7, 2, 6]);

fn main() {
    let _: Option<Out> = None;
}
