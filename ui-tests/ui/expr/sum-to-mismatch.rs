// Rejects an expression's `sum_to` onto a shape that does not broadcast back to the
// expression's: the column sums of `[4, 3]` have 3 entries, not 2.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![4, 3]>::splat(1.0);
    let b = Tensor::<f32, shape![3]>::splat(0.5);
    let _ = (x.lazy() * &b).sum_to::<shape![2]>().eval();
}
