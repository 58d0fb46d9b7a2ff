// mt() swaps the last two axes; a vector has one.
use shapecast::prelude::*;

fn main() {
    let v = Tensor::<f32, shape![3]>::splat(1.0);
    let _ = v.mt();
}
