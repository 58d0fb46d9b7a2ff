// A run-time size against a fixed one: convert first, checked.
use shapecast::prelude::*;

struct Features;

fn main() {
    bind!(let features: Features = 4);
    let x = BoxedTensor::from_elem(dims![2, features], 1.0f32).unwrap();
    let w = Tensor::<f32, shape![4, 3]>::splat(1.0);
    let _ = x.matmul(&w);
}
