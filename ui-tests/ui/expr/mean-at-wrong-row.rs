// Rejects `mean_at` whose values have rows of 3 for centroids whose rows are 2: the values must
// stretch to `[N, 2]`, one row per index, each the output's row.
use shapecast::prelude::*;

struct Points;

fn main() {
    let data = [0.0f32; 6];
    bind!(let n: Points = 2);
    let points = TensorRef::from_shape(dims![n, 3], &data).unwrap();
    let centroids = Tensor::<f32, shape![4, 2]>::splat(0.0);
    let nearest = (points.lazy().insert_axis::<1>() - points.lazy().insert_axis::<1>())
        .sum_axes::<axes![2]>()
        .argmin_axes::<axes![1]>();
    let _ = centroids.mean_at(nearest, &points);
}
