// Rejects an output label that labels no axis of any operand
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
    let b = Tensor::<f32, shape![2, 4, 5]>::splat(1.0);
    let _ = einsum!("bij,bjk->bil", &a, &b);
}
