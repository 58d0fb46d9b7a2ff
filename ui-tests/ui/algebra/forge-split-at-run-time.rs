// A run-time size cannot be declared long enough to cut at a fixed position from outside the
// crate: the name a size is bound to cannot claim the proof that `split_at` asks for (its trait
// is sealed).
use shapecast::algebra::SplitsAtRunTime;
use shapecast::prelude::*;

struct Batch;

impl SplitsAtRunTime<4> for Batch {
    type Proof = ();
}

fn main() {
    let data = [1.0f32; 6];
    bind!(let batch: Batch = 2);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let _ = x.split_at::<0, 4>();
}
