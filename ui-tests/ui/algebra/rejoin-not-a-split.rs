// Rejects joining back a second part that no split left: its size is not `N-K`
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![4, 3]>::splat(2.0);
    let _ = a.rejoin::<0>(&b);
}
