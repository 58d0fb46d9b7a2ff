// Rejects a const generic parameter as a size: typenum cannot turn a generic into a type-level
// number (the message says what to write instead)
use shapecast::prelude::*;

fn takes<const B: usize>(_x: &Tensor<f32, shape![{ B }, 16]>) {}

fn main() {
    let _ = takes::<2>;
}
