// Rejects summing a mask of `bool`s, which do not add: the message says how to count them.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = x.lazy().gt(0.0).sum_axes::<axes![1]>().eval();
}
