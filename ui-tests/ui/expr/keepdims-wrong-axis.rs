// Rejects a keep-dims result used against the wrong axis: the row maxima of `[2, 3]` kept as
// `[2, 1]` cannot shift the columns of the transposed data, `[3, 2]`.
use shapecast::prelude::*;

fn main() {
    let x = Tensor::<f32, shape![2, 3]>::splat(1.0);
    let transposed = Tensor::<f32, shape![3, 2]>::splat(1.0);
    let _ = (transposed.lazy() - x.lazy().max_keepdims::<axes![1]>()).eval();
}
