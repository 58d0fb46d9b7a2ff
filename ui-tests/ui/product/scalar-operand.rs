// A scalar has no matrix.
use shapecast::prelude::*;

fn main() {
    let s = Tensor::<f32, shape![]>::splat(2.0);
    let m = Tensor::<f32, shape![2, 2]>::splat(1.0);
    let _ = s.matmul(&m);
}
