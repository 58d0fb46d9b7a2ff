// Batch axes that do not broadcast: [2, 3, 4] · [5, 4, 6].
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::splat(1.0);
    let b = Tensor::<f32, shape![5, 4, 6]>::splat(1.0);
    let _ = a.matmul(&b);
}
