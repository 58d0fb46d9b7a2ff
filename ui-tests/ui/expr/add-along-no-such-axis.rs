// Rejects `add_along::<2>` on a tensor of two axes: there is no axis 2 to index.
use shapecast::prelude::*;

fn main() {
    let mut grad = Tensor::<f32, shape![4, 10]>::splat(0.0);
    let labels = Tensor::<usize, shape![4]>::splat(0);
    let _ = grad.add_along::<2>(&labels, -1.0);
}
