// Rejects subtracting a reduction whose axis was removed where NumPy code would keep it: the
// row sums of `[2, 3]` are `[2]`, which aligns with the columns (size 3), not the rows.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let _ = (x.lazy() / x.lazy().sum_axes::<axes![1]>()).eval();
}
