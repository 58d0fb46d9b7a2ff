// A permutation names each axis once.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3, 4]>::splat(0.0);
    let _ = x.permute::<perm![0, 2, 0]>();
}
