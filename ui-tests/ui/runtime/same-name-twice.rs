// Rejects mixing two bindings of the same name: each bind! makes a size of its own
use shapecast::prelude::*;

struct Batch;

fn main() {
    let (x, y) = ([0.0f32; 8], [0.0f32; 8]);
    bind!(let first: Batch = 2);
    bind!(let second: Batch = 2);
    let a = TensorRef::from_shape(dims![first, 4], &x).unwrap();
    let b = TensorRef::from_shape(dims![second, 4], &y).unwrap();
    let _ = &a + &b;
}
