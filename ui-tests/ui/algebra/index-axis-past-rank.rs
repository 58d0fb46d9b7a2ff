// index_axis::<2> of a matrix: it has axes 0 and 1.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(0.0);
    let _ = x.index_axis::<2>(0);
}
