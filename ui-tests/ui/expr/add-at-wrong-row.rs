// Rejects `add_at` whose values have rows of 3 for an output whose rows are 2: the values must
// stretch to `[N, 2]`, the number of indices by the output's row.
use shapecast::prelude::*;

struct Points;

fn main() {
    let data = [0.0f32; 6];
    bind!(let n: Points = 2);
    let points = TensorRef::from_shape(dims![n, 3], &data).unwrap();
    let labels = TensorRef::from_shape(dims![n], &[0usize, 1]).unwrap();
    let mut sums = Tensor::<f32, shape![4, 2]>::splat(0.0);
    let _ = sums.add_at(&labels, &points);
}
