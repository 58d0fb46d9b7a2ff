// Rejects an output tensor whose shape is not the result's ([2, 4], not [4, 2])
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3, 4]>::splat(1.0);
    let mut out = Tensor::<f32, shape![4, 2]>::splat(0.0);
    einsum!("ij,jk->ik", &a, &b => &mut out.view_mut());
}
