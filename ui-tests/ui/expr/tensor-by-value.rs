// Rejects a tensor passed by value as an operand: operands are borrowed (`&t`), expressions
// (`t.lazy()`) or numbers.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3]>::splat(2.0);
    let _ = (x.lazy() + b).eval();
}
