// Rejects `a += &b` where `b` has more axes than `a`: in place, `a` cannot grow
use shapecast::prelude::*;

fn main() {
    let mut a = Tensor::<f32, shape![3]>::splat(1.0);
    let b = Tensor::<f32, shape![2, 3]>::splat(2.0);
    a += &b;
}
