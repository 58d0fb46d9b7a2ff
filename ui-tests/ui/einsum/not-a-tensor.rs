// Rejects an operand that is not a borrowed tensor
use shapecast::prelude::*;

fn main() {
    let v = vec![1.0f32, 2.0, 3.0];
    let _ = einsum!("i->", &v);
}
