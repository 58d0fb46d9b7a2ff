// Rejects a character that is not a label: labels are ASCII letters
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = einsum!("i1->i", &a);
}
