// Rejects a reshape to a shape of another element count: [2, 3] holds 6, [4, 2] holds 8
use shapecast::prelude::*;

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = t.reshape::<shape![4, 2]>();
}
