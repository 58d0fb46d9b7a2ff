// Rejects a concatenation whose shapes differ on an axis other than the joined one
use shapecast::prelude::*;

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![4, 5]>::splat(2.0);
    let _ = a.concat::<0>(&b);
}
