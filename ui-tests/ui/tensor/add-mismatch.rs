// Rejects `&a + &b` on tensors whose shapes do not broadcast
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![4]>::splat(2.0);
    let _ = &a + &b;
}
