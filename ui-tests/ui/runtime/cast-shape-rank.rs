// Rejects cast_shape and to_fixed to a shape of another rank: ranks are types, so it is a compile
// error (not a run-time one); only the sizes are checked when the program runs
use shapecast::prelude::*;

struct Rows;

fn main() {
    let data = [0.5f32; 6];
    bind!(let rows: Rows = 2);
    let t = TensorRef::from_shape(dims![rows, 3], &data).unwrap();
    let _ = t.cast_shape(<shape![6]>::default());
    let _ = t.to_fixed::<shape![2, 3, 1]>();
}
