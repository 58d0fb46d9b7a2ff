// Rejects stacking along a new axis past the end of the operands' shape
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = [&a, &a].stack::<3>();
}
