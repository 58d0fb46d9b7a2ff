// matmul_into's output has the product's shape, checked by its type.
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3, 4]>::splat(1.0);
    let mut out = Tensor::<f32, shape![4, 2]>::splat(0.0);
    a.matmul_into(&b, &mut out.view_mut());
}
