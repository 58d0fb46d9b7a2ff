// Rejects implicit mode: the output's labels must follow `->`
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3, 4]>::splat(1.0);
    let _ = einsum!("ij,jk", &a, &b);
}
