// Rejects `mean_at` whose indices keep their reduced axis: `argmin_keepdims` gives `[N, 1]`, one
// index per row is `[N]` (`argmin_axes`).
use shapecast::prelude::*;

struct Points;

fn main() {
    let data = [0.0f32; 6];
    bind!(let n: Points = 3);
    let points = TensorRef::from_shape(dims![n, 2], &data).unwrap();
    let centroids = Tensor::<f32, shape![4, 2]>::splat(0.0);
    let nearest = (points.lazy().insert_axis::<1>() - &centroids)
        .powi(2)
        .sum_axes::<axes![2]>()
        .argmin_keepdims::<axes![1]>();
    let _ = centroids.mean_at(nearest, &points);
}
