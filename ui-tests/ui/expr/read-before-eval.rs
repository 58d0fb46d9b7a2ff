// Rejects reading an expression's elements before it is evaluated: the message says to call
// `eval` (or `eval_into`) first.
use shapecast::prelude::*;

fn main() {
    let y = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let p = y.lazy() * 2.0;
    let _ = p.as_slice();
}
