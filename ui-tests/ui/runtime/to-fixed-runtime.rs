// Rejects to_fixed with a shape that holds a run-time size: to_fixed names a fixed shape
use shapecast::prelude::*;

struct Rows;

fn main() {
    let data = [0.0f32; 8];
    bind!(let rows: Rows = 2);
    let t = TensorRef::from_shape(dims![rows, 4], &data).unwrap();
    let _ = t.to_fixed::<shape![Rows, 4]>();
}
