// Axis 3 of a shape of three axes.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3, 4]>::splat(0.0);
    let _ = x.permute::<perm![3, 0, 1]>();
}
