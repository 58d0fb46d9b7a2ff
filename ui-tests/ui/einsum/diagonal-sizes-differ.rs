// Rejects a diagonal of a matrix that is not square: `i` is both 2 and 3
use shapecast::prelude::*;

fn main() {
    let m = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = einsum!("ii->i", &m);
}
