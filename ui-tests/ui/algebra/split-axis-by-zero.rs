// A run-time axis split by the factor 0: `[Rows/0, 0]` has no size, refused while compiling
// (not only when it runs).
use shapecast::prelude::*;
struct Rows;
fn main() {
    let data = [0u8; 12];
    bind!(let rows: Rows = 6);
    let x = TensorRef::from_shape(dims![rows, 2], &data).unwrap();
    let _ = x.split_axis::<0, 0>();
}
