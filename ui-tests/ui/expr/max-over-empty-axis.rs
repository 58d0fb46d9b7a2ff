// Rejects a maximum of an expression over an axis of fixed size 0: the maximum of no elements
// does not exist.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![0, 4]>::splat(1.0);
    let _ = (x.lazy() + 1.0).max_axes::<axes![0]>().eval();
}
