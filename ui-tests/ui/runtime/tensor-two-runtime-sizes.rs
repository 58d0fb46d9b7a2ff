// Rejects adding tensors whose run-time sizes come from two bindings
use shapecast::prelude::*;

struct Samples;
struct Classes;

fn main() {
    let (x, y) = ([0.0f32; 8], [0.0f32; 8]);
    bind!(let samples: Samples = 2);
    bind!(let classes: Classes = 2);
    let a = TensorRef::from_shape(dims![samples, 4], &x).unwrap();
    let b = TensorRef::from_shape(dims![classes, 4], &y).unwrap();
    let _ = &a + &b;
}
