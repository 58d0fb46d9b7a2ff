// Rejects a concatenation along a run-time axis: the sum of two bindings is no binding
use shapecast::prelude::*;

struct Batch;

fn main() {
    let data = [1.0f32; 6];
    bind!(let batch: Batch = 2);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let _ = x.concat::<0>(&x);
}
