// Rejects squeezing an axis whose size is not 1
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = t.squeeze::<1>();
}
