// Rejects a tensor whose shape, written directly, has more elements than usize can count: with
// literal sizes `shape!` says so itself; with braced constants, which it cannot read, the type
// check says so, in one error with the crate's element-count message and no typenum digits
use shapecast::prelude::*;

const ROWS: usize = 4294967296;
const COLS: usize = 8589934592;

fn main() {
    let _: Option<Tensor<f32, shape![4294967296, 8589934592]>> = None;
    let _: Option<Tensor<f32, shape![{ ROWS }, { COLS }]>> = None;
}
