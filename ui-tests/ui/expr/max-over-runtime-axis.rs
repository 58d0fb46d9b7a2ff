// Rejects a maximum of an expression over a run-time axis, which may be empty: the maximum of
// no elements does not exist.
use shapecast::prelude::*;

struct Rows;

fn main() {
    bind!(let rows: Rows = 3);
    let data = [1.0f32; 12];
    let x = TensorRef::from_shape(dims![rows, 4], &data).unwrap();
    let _ = (x.lazy() * 2.0).max_axes::<axes![0]>().eval();
}
