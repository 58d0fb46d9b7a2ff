// Rejects an operand whose rank is not its number of labels: `bij` labels 3 axes, `a` has 2
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![3, 4]>::splat(1.0);
    let b = Tensor::<f32, shape![2, 4, 5]>::splat(1.0);
    let _ = einsum!("bij,bjk->bik", &a, &b);
}
