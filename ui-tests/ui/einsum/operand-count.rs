// Rejects subscripts for two operands given one
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = einsum!("ij,jk->ik", &a);
}
