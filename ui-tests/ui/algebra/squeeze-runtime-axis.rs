// Rejects squeezing a run-time axis: a run-time size is never known to be 1, whatever its value
use shapecast::prelude::*;

struct Batch;

fn main() {
    let data = [1.0f32; 3];
    bind!(let batch: Batch = 1);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let _ = x.squeeze::<0>();
}
