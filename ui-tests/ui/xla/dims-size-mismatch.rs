// Rejects [2, 3] + [3] with dims (0): the vector's size 3 lands on axis 0, of size 2
use shapecast::prelude::*;

type Out = broadcast!([2, 3], [3], dims = [0]);

fn main() {
    let _: Option<Out> = None;
}
