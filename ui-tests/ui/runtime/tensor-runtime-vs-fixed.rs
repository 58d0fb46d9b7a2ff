// Rejects adding a tensor of run-time size to one of a fixed size other than 1
use shapecast::prelude::*;

struct Samples;

fn main() {
    let x = [0.0f32; 8];
    bind!(let samples: Samples = 2);
    let a = TensorRef::from_shape(dims![samples, 4], &x).unwrap();
    let b = Tensor::<f32, shape![2, 4]>::splat(1.0);
    let _ = &a + &b;
}
