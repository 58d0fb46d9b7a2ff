// Rejects `add_at` whose indices count a run-time size other than the values' rows: two sizes
// bound apart are never assumed equal, even if their values agree.
use shapecast::prelude::*;

struct Points;
struct Labels;

fn main() {
    let data = [0.0f32; 4];
    bind!(let n: Points = 2);
    bind!(let m: Labels = 2);
    let points = TensorRef::from_shape(dims![n, 2], &data).unwrap();
    let labels = TensorRef::from_shape(dims![m], &[0usize, 1]).unwrap();
    let mut sums = Tensor::<f32, shape![4, 2]>::splat(0.0);
    let _ = sums.add_at(&labels, &points);
}
