// Rejects insert_axis on a shape of 64 axes, run-time or fixed: the result would have 65 (a
// compile error from cargo check, not a panic, nor an error only cargo build reports)
use shapecast::prelude::*;

struct Rows;
type Fixed = shape![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

fn main() {
    bind!(let rows: Rows = 2);
    let data = [0u8; 2];
    let t = TensorRef::from_shape(dims![rows, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], &data).unwrap();
    let _ = t.insert_axis::<0>();
    let f = Tensor::<u8, Fixed>::splat(0);
    let _ = f.insert_axis::<64>();
}
