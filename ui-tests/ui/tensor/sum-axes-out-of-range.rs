// Rejects `sum_axes` over an axis the tensor does not have
use shapecast::prelude::*;

fn main() {
    let g = Tensor::<f32, shape![4, 3]>::splat(1.0);
    let _ = g.sum_axes::<axes![2]>();
}
