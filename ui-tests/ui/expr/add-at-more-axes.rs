// Rejects `add_at` whose values have more axes than one row per index: `[5, 3, 2]` does not
// stretch to `[3, 2]`, and the error names the two ranks.
use shapecast::prelude::*;

fn main() {
    let mut sums = Tensor::<f32, shape![4, 2]>::splat(0.0);
    let labels = Tensor::<usize, shape![3]>::splat(0);
    let values = Tensor::<f32, shape![5, 3, 2]>::splat(1.0);
    let _ = sums.add_at(&labels, &values);
}
