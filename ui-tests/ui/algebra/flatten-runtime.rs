// Rejects flattening a shape with a run-time size: its element count is not a constant
use shapecast::prelude::*;

struct Batch;

fn main() {
    let data = [1.0f32; 6];
    bind!(let batch: Batch = 2);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let _ = x.flatten();
}
