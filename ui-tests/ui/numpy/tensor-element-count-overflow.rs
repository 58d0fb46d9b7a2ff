// Rejects a tensor whose shape, broadcast from type operands, has more elements than usize can
// count: one error, the crate's element-count message naming the shape, with no typenum digits
use shapecast::prelude::*;

type A = shape![4294967296, 1];
type B = shape![1, 8589934592];

fn main() {
    let _: Option<Tensor<f32, broadcast!(A, B)>> = None;
}
