// A run-time size cannot be declared 1 from outside the crate: the name a size is bound to
// cannot claim the proof that squeezing its axis asks for (its trait is sealed).
use shapecast::algebra::KnownToBeOne;
use shapecast::prelude::*;

struct Batch;

impl KnownToBeOne<0> for Batch {
    type Proof = ();
}

fn main() {
    let data = [1.0f32; 15];
    bind!(let batch: Batch = 5);
    let x = TensorRef::from_shape(dims![batch, 3], &data).unwrap();
    let _ = x.squeeze::<0>();
}
