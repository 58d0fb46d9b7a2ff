// Rejects an expression whose third operator meets shapes that do not broadcast: `[2, 4]`
// (what `(x − mean) · scale` has become) with `[3]`.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 4]>::splat(1.0);
    let mean = Tensor::<f32, shape![4]>::splat(0.5);
    let scale = Tensor::<f32, shape![1, 4]>::splat(2.0);
    let wrong = Tensor::<f32, shape![3]>::splat(1.0);
    let _ = ((x.lazy() - &mean) * &scale + &wrong).eval();
}
