// Rejects `add_along::<1>` whose values do not stretch to one element per index: the indices
// are `[2]`, the values `[3]`, and the error names the two sizes in `add_along`'s words, once.
use shapecast::prelude::*;

fn main() {
    let mut grad = Tensor::<f32, shape![2, 3]>::splat(0.5);
    let labels = Tensor::<usize, shape![2]>::from([2, 0]);
    let wrong = Tensor::<f32, shape![3]>::splat(1.0);
    let _ = grad.add_along::<1>(&labels, &wrong);
}
