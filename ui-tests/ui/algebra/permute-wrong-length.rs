// An order must name every axis of the shape: [2, 3] has two.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(0.0);
    let _ = x.permute::<perm![1, 0, 2]>();
}
