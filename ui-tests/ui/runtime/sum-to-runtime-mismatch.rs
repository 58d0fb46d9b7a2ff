// Rejects sum_to a shape whose run-time size is another binding's
use shapecast::prelude::*;

struct Samples;
struct Classes;

fn main() {
    let data = [0.0f32; 8];
    bind!(let samples: Samples = 2);
    let t = TensorRef::from_shape(dims![samples, 4], &data).unwrap();
    let _: BoxedTensor<f32, shape![Classes, 1]> = t.sum_to();
}
