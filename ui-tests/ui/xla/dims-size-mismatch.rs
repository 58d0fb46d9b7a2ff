// Rejects the seed's [2, 3] + [3] with dims (0)
use shapecast::prelude::*;

type Out = broadcast!([2, 3], [3], dims = [0]);

fn main() {
    let _: Option<Out> = None;
}
