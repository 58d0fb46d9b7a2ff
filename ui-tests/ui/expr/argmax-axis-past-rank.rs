// Rejects a position over an axis that the shape does not have: `[2, 4]` has axes 0 and 1.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 4]>::splat(1.0);
    let _ = x.lazy().argmax_axes::<axes![2]>().eval();
}
