// Rejects a tensor whose shape, broadcast from type operands, has more elements than usize can
// count: the message says so, with no wall of typenum digits
use shapecast::prelude::*;

type A = shape![4294967296, 1];
type B = shape![1, 8589934592];

fn main() {
    let _: Option<Tensor<f32, broadcast!(A, B)>> = None;
}
