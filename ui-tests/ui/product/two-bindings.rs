// Two run-time sizes never contract, whatever their values.
use shapecast::prelude::*;

struct Features;
struct Inputs;

fn main() {
    bind!(let features: Features = 4);
    bind!(let inputs: Inputs = 4);
    let x = BoxedTensor::from_elem(dims![2, features], 1.0f32).unwrap();
    let w = BoxedTensor::from_elem(dims![inputs, 3], 1.0f32).unwrap();
    let _ = x.matmul(&w);
}
