// Rejects evaluating an expression of shape `[2, 3]` into an output of shape `[3, 2]`.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let mut data = [0.0f32; 6];
    let mut out = TensorMut::<f32, shape![3, 2]>::new(&mut data).unwrap();
    (x.lazy() * 2.0).eval_into(&mut out);
}
