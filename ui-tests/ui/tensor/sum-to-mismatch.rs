// Rejects `sum_to` onto a shape that does not broadcast back to the tensor's
use shapecast::prelude::*;

fn main() {
    let g = Tensor::<f32, shape![4, 3]>::splat(1.0);
    let _: Tensor<f32, shape![2]> = g.sum_to();
}
