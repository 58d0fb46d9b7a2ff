// Rejects a label that is a run-time size in one operand and a fixed size in the other
use shapecast::prelude::*;

struct Features;

fn main() {
    let data = vec![1.0f32; 8];
    bind!(let features: Features = 4);
    let x = TensorRef::from_shape(dims![2, features], &data).unwrap();
    let w = Tensor::<f32, shape![4, 3]>::splat(1.0);
    let _ = einsum!("ij,jk->ik", &x, &w);
}
