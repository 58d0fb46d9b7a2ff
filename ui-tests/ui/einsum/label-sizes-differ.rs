// Rejects an einsum whose contracted label has two sizes: `j` is 4 in `a` and 5 in `b`
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
    let b = Tensor::<f32, shape![2, 5, 6]>::splat(1.0);
    let _ = einsum!("bij,bjk->bik", &a, &b);
}
